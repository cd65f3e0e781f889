//! Progress reports and cancellation for long operations (database and table builds, searches).
//!
//! Long operations call the caller's [`Progress`] sink only from the thread that started them,
//! at a steady rate, so that a JNI or .NET callback runs on a thread the host knows. Workers
//! check a [`CancelToken`] between chunks of work; a cancelled operation returns
//! [`crate::ErrorKind::Cancelled`] and leaves what it wrote in a resumable state.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// A cancellation flag shared between the caller and a long operation. Cheap to clone.
#[derive(Clone, Debug, Default)]
pub struct CancelToken(Arc<AtomicBool>);

impl CancelToken {
    pub fn new() -> CancelToken {
        CancelToken::default()
    }

    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// One progress report.
#[derive(Clone, Debug, PartialEq)]
pub struct ProgressReport {
    /// What is being done, for example `level 7 (forward)`.
    pub phase: String,
    /// Level being computed (databases), 0 when not applicable.
    pub level: u32,
    /// Work done and total work of the current phase, in the phase's own units.
    pub done: u64,
    pub total: u64,
    /// Positions found so far in the whole operation.
    pub found: u64,
    pub elapsed: Duration,
    /// Estimated time left in the current phase, when it can be estimated.
    pub eta: Option<Duration>,
}

/// Receives progress reports.
pub trait Progress {
    fn report(&mut self, report: &ProgressReport);
}

/// A sink that also writes each report to the `log` facade, at `level` with `target` (the
/// module doing the work), and passes it on: table builds log at info, searches at debug.
pub struct Logged<'a> {
    inner: &'a mut dyn Progress,
    level: log::Level,
    target: &'static str,
}

impl<'a> Logged<'a> {
    pub fn new(inner: &'a mut dyn Progress, level: log::Level, target: &'static str) -> Self {
        Logged {
            inner,
            level,
            target,
        }
    }
}

impl Progress for Logged<'_> {
    fn report(&mut self, r: &ProgressReport) {
        log::log!(
            target: self.target,
            self.level,
            "{}: {} of {}, {} found, {:.1?}",
            r.phase,
            r.done,
            r.total,
            r.found,
            r.elapsed
        );
        self.inner.report(r);
    }
}

/// Discards reports.
pub struct NoProgress;

impl Progress for NoProgress {
    fn report(&mut self, _: &ProgressReport) {}
}

impl<F: FnMut(&ProgressReport)> Progress for F {
    fn report(&mut self, report: &ProgressReport) {
        self(report)
    }
}
