//! The log named on the command line is opened while the window loads: the webview takes
//! about two seconds to start, and a warm open of a big log is a few seconds, so the two
//! overlap instead of following each other. The front end's `log_open` of that path then
//! follows the open already under way (its progress so far, then the rest) and takes its
//! result; any other open, or a second one of the same path, opens afresh.

use crate::error::AppError;
use crate::session::{self, Opened, Progress};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};

/// Where progress goes: the front end's channel once it asks.
pub type Sink = Box<dyn Fn(Progress) + Send>;

/// The open started with the app (at most one).
#[derive(Default)]
pub struct StartOpen {
    inner: Mutex<Inner>,
    finished: Condvar,
}

#[derive(Default)]
struct Inner {
    /// The log being opened (`None`: nothing was started, or its result was taken).
    path: Option<PathBuf>,
    /// The last progress reported, for a follower that joins late.
    last: Option<Progress>,
    sinks: Vec<Sink>,
    result: Option<Result<Opened, AppError>>,
}

impl StartOpen {
    /// Starts opening `path` on its own thread, as this device (`data_dir`).
    pub fn begin(self: &Arc<Self>, path: PathBuf, data_dir: PathBuf) {
        if let Ok(mut g) = self.inner.lock() {
            g.path = Some(path.clone());
        }
        let me = self.clone();
        let spawned = std::thread::Builder::new()
            .name("tdlog-start-open".into())
            .spawn(move || {
                // A panic is an error for the follower, never a wait without end.
                let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    session::open(&path, &data_dir, &|p| me.report(p))
                }))
                .unwrap_or_else(|_| Err(AppError::new("internal", "opening the log failed")));
                me.finish(r);
            });
        if spawned.is_err() {
            // No thread: the front end's open does the work itself.
            if let Ok(mut g) = self.inner.lock() {
                g.path = None;
            }
        }
    }

    fn report(&self, p: Progress) {
        if let Ok(mut g) = self.inner.lock() {
            for s in &g.sinks {
                s(p.clone());
            }
            g.last = Some(p);
        }
    }

    fn finish(&self, r: Result<Opened, AppError>) {
        if let Ok(mut g) = self.inner.lock() {
            g.result = Some(r);
            g.sinks.clear();
        }
        self.finished.notify_all();
    }

    /// If `path` is the log opening since the start and no one took it yet: reports its
    /// progress to `sink` and waits for its result. `None`: open it afresh.
    pub fn join(&self, path: &Path, sink: Sink) -> Option<Result<Opened, AppError>> {
        let mut g = self.inner.lock().ok()?;
        if g.path.as_deref() != Some(path) {
            return None;
        }
        g.path = None; // one follower: a later open of the same path reads the file again
        if let Some(p) = &g.last {
            sink(p.clone());
        }
        if g.result.is_none() {
            g.sinks.push(sink);
        }
        loop {
            if let Some(r) = g.result.take() {
                return Some(r);
            }
            g = self.finished.wait(g).ok()?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::tests_support::{demo, device_dir};

    #[test]
    fn the_front_end_follows_the_open_begun_at_start_and_takes_its_result_once() {
        let log = demo();
        let start = Arc::new(StartOpen::default());
        start.begin(log.clone(), device_dir(&log));
        let seen = Arc::new(Mutex::new(Vec::new()));
        let s2 = seen.clone();
        let r = start
            .join(&log, Box::new(move |p| s2.lock().unwrap().push(p.phase)))
            .expect("the open begun at start");
        let opened = r.unwrap();
        assert_eq!(opened.path, log);
        assert!(opened.live.replayed.log.events.len() > 1);
        // The follower saw progress (what came before it joined, or the rest).
        assert!(!seen.lock().unwrap().is_empty());
        // Taken once: the next open of the same path, and any other path, open afresh.
        assert!(start.join(&log, Box::new(|_| {})).is_none());
        assert!(start
            .join(&log.with_file_name("other.tdlog"), Box::new(|_| {}))
            .is_none());
    }

    #[test]
    fn a_log_that_fails_to_open_at_start_gives_the_follower_its_error() {
        let dir = demo();
        let missing = dir.with_file_name("missing.tdlog");
        let start = Arc::new(StartOpen::default());
        start.begin(missing.clone(), device_dir(&missing));
        let r = start.join(&missing, Box::new(|_| {})).expect("begun");
        assert!(r.is_err());
    }

    #[test]
    fn nothing_begun_means_every_open_is_afresh() {
        let start = StartOpen::default();
        assert!(start.join(&demo(), Box::new(|_| {})).is_none());
    }
}
