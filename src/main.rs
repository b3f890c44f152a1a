//! The `tdlog` command-line tool. Thin: parses arguments, calls the engine, prints.
mod cli;

fn main() {
    // Like every Unix filter: when the reader of our output goes away (`tdlog log x | head`),
    // stop quietly instead of panicking on a broken pipe.
    #[cfg(unix)]
    // SAFETY: restoring the default disposition of SIGPIPE before any thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    std::process::exit(cli::main());
}
