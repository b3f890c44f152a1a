//! The `tdlog` command-line tool. Thin: parses arguments, calls the engine, prints.
mod cli;

fn main() {
    std::process::exit(cli::main());
}
