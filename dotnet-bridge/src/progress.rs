//! What every long call shares: progress reports through one C# delegate type, and one
//! cancellation token service.
//!
//! Progress reaches C# through [`BuildProgressCallback`], called only on the thread that made
//! the call (the engine guarantees it); the phase text is a borrowed UTF-8 slice, valid for the
//! duration of the callback only. The C# callback never throws into Rust: it catches its own
//! exceptions, cancels the operation through the token and rethrows after the call returns.

use interoptopus::{callback, ffi};
use twisty::progress::ProgressReport;

use crate::error::{NativeError, guard_value};

/// One progress report of a database build (the phase text travels separately).
#[ffi]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BuildProgressInfo {
    /// Level being computed.
    pub level: u32,
    /// Work done in the current phase, in the phase's own units.
    pub done: u64,
    /// Total work of the current phase.
    pub total: u64,
    /// Positions found so far in the whole build.
    pub found: u64,
    /// Time since the build started, in nanoseconds.
    pub elapsed_nanos: u64,
    /// Estimated time left in the current phase, in nanoseconds (meaningful when `has_eta`).
    pub eta_nanos: u64,
    /// Whether `eta_nanos` holds an estimate.
    pub has_eta: bool,
}

fn nanos(d: std::time::Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}

impl From<&ProgressReport> for BuildProgressInfo {
    fn from(r: &ProgressReport) -> Self {
        Self {
            level: r.level,
            done: r.done,
            total: r.total,
            found: r.found,
            elapsed_nanos: nanos(r.elapsed),
            eta_nanos: r.eta.map_or(0, nanos),
            has_eta: r.eta.is_some(),
        }
    }
}

callback!(BuildProgressCallback(phase: ffi::Slice<'_, u8>, info: BuildProgressInfo));

/// The engine's progress sink for a C# callback: the one adapter of every long call.
pub fn reporter(progress: &BuildProgressCallback) -> impl FnMut(&ProgressReport) + '_ {
    |r: &ProgressReport| {
        progress.call_if_some(ffi::Slice::from_slice(r.phase.as_bytes()), BuildProgressInfo::from(r));
    }
}

/// A cancellation flag for `twisty_db_build` and the solver's calls; cancel it from any thread.
#[ffi(service)]
pub struct CancelToken {
    pub(crate) inner: twisty::progress::CancelToken,
}

#[ffi]
impl CancelToken {
    /// A new, not cancelled token.
    pub fn create() -> ffi::Result<Self, NativeError> {
        guard_value(|| Self {
            inner: twisty::progress::CancelToken::new(),
        })
    }

    /// Asks the operations that use this token to stop.
    pub fn cancel(&self) -> ffi::Result<(), NativeError> {
        guard_value(|| self.inner.cancel())
    }

    /// Whether [`CancelToken::cancel`] was called.
    pub fn is_cancelled(&self) -> ffi::Result<bool, NativeError> {
        guard_value(|| self.inner.is_cancelled())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_reports_cross_as_nanoseconds() {
        let r = ProgressReport {
            phase: "level 2 (forward sweep)".into(),
            level: 2,
            done: 3,
            total: 4,
            found: 33,
            elapsed: std::time::Duration::from_millis(1500),
            eta: None,
        };
        let info = BuildProgressInfo::from(&r);
        assert_eq!((info.level, info.done, info.total, info.found), (2, 3, 4, 33));
        assert_eq!(info.elapsed_nanos, 1_500_000_000);
        assert!(!info.has_eta);
        let info = BuildProgressInfo::from(&ProgressReport { eta: Some(std::time::Duration::from_micros(7)), ..r });
        assert!(info.has_eta);
        assert_eq!(info.eta_nanos, 7_000);
    }
}
