//! The `tdlog` command-line tool. Thin: parses arguments, calls the engine, prints.
mod cli;

/// mimalloc instead of the system allocator: replaying a log allocates and frees millions of
/// small payloads, and glibc's malloc spent a quarter of `tdlog results` consolidating them.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    // Before anything big is allocated: small pages (`tdlog::memory`).
    tdlog::memory::no_huge_pages();
    // Like every Unix filter: when the reader of our output goes away (`tdlog log x | head`),
    // stop quietly instead of panicking on a broken pipe.
    #[cfg(unix)]
    // SAFETY: restoring the default disposition of SIGPIPE before any thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    std::process::exit(cli::main());
}
