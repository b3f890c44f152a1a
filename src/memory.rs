//! The process's memory policy, set first thing in `main` (the CLI, the app, the profiling
//! examples): no transparent huge pages.
//!
//! mimalloc reserves its arenas with `MADV_HUGEPAGE`, so on Linux every first touch of a
//! 2 MiB region faults in a whole huge page: the kernel zeroes 2 MiB at once and, under the
//! common `defrag=madvise` setting, compacts memory synchronously to find one. Opening a big
//! log touches most of a gigabyte of fresh memory, and a profile of a warm open of a million
//! events spent 40% of its CPU in the kernel zeroing huge pages (1.4-2.4 s of system time,
//! varying with how fragmented the machine's memory was). With small pages it is 0.5-0.6 s
//! and the open is 15-30% faster (`docs/benchmarks.md`). The log's work is sequential
//! passes over arrays, where huge pages' fewer TLB misses buy little.

/// Turns transparent huge pages off for this process (`PR_SET_THP_DISABLE`: checked at every
/// fault, so it covers the arenas mapped before `main` too). Returns whether the kernel took
/// it; elsewhere than Linux there is nothing to do and it returns `false`.
pub fn no_huge_pages() -> bool {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: prctl with PR_SET_THP_DISABLE takes integer arguments only and changes
        // nothing but the process's page-size policy.
        unsafe { libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0) == 0 }
    }
    #[cfg(not(target_os = "linux"))]
    {
        false
    }
}

/// Whether transparent huge pages are off for this process (`PR_GET_THP_DISABLE`).
pub fn huge_pages_off() -> bool {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: as above; PR_GET_THP_DISABLE only reads the flag.
        unsafe { libc::prctl(libc::PR_GET_THP_DISABLE, 0, 0, 0, 0) == 1 }
    }
    #[cfg(not(target_os = "linux"))]
    {
        false
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    /// The flag is set and reads back (it changes only the page size of this test process's
    /// later faults, nothing another test can see).
    #[test]
    fn no_huge_pages_sets_the_process_flag() {
        assert!(no_huge_pages());
        assert!(huge_pages_off());
    }
}
