//! While a log opens, freed memory is kept by the allocator instead of given back to the OS.
//!
//! Opening a big log reads, checks and drops its stored rows batch by batch: hundreds of
//! megabytes pass through the allocator. mimalloc (the app's allocator, `main.rs`) gives
//! freed memory back to the OS after a delay (`purge_delay`, 1 s in mimalloc 3), so during
//! an open of several seconds the same memory is given back and faulted in, zeroed, again.
//! On the 1,000,000-event benchmark log that was about a second of CPU time and 0.4 s of a
//! warm open (issue 12). While any open is under way nothing is given back; after the last
//! one the delay is restored and what is free is released at once.

use std::os::raw::{c_int, c_long};
use std::sync::Mutex;

// mimalloc's C API, linked in by the `mimalloc` crate (libmimalloc-sys, mimalloc 3).
extern "C" {
    fn mi_option_get(option: c_int) -> c_long;
    fn mi_option_set(option: c_int, value: c_long);
    fn mi_collect(force: bool);
}

/// `mi_option_purge_delay` in mimalloc 3's `mi_option_e` (include/mimalloc.h).
const PURGE_DELAY: c_int = 15;

/// Opens under way, and the delay to restore after the last.
static HOLDERS: Mutex<(usize, c_long)> = Mutex::new((0, 0));

/// Keeps freed memory while it lives (see the module documentation).
pub struct HoldFreed(());

impl HoldFreed {
    pub fn new() -> HoldFreed {
        if let Ok(mut h) = HOLDERS.lock() {
            if h.0 == 0 {
                // SAFETY: plain option calls into the linked allocator; any value is valid.
                unsafe {
                    h.1 = mi_option_get(PURGE_DELAY);
                    mi_option_set(PURGE_DELAY, -1);
                }
            }
            h.0 += 1;
        }
        HoldFreed(())
    }
}

impl Drop for HoldFreed {
    fn drop(&mut self) {
        if let Ok(mut h) = HOLDERS.lock() {
            h.0 = h.0.saturating_sub(1);
            if h.0 == 0 {
                // SAFETY: as above; `mi_collect` only releases memory that is free.
                unsafe {
                    mi_option_set(PURGE_DELAY, h.1);
                    mi_collect(false);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_is_given_back_while_an_open_runs_and_the_delay_comes_back_after() {
        {
            let _a = HoldFreed::new();
            let _b = HoldFreed::new();
            assert_eq!(unsafe { mi_option_get(PURGE_DELAY) }, -1);
        }
        // Other tests may be opening logs meanwhile: checked when none is.
        let h = HOLDERS.lock().unwrap();
        if h.0 == 0 {
            assert!(
                h.1 >= 0,
                "mimalloc's purge delay (option {PURGE_DELAY}): {}",
                h.1
            );
            assert_eq!(unsafe { mi_option_get(PURGE_DELAY) }, h.1);
            // Option 15 is the purge delay: mimalloc 3's default (1000 ms), unless set from
            // outside. A mimalloc that renumbered its options fails here.
            if std::env::var_os("MIMALLOC_PURGE_DELAY").is_none() {
                assert_eq!(
                    h.1, 1000,
                    "option {PURGE_DELAY} is not mimalloc 3's purge delay"
                );
            }
        }
    }
}
