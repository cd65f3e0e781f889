//! The 3x3x3 two-phase solver: guarded shells around `twisty::api::cube3_solver_*` and
//! `cube3_solve`.
//!
//! [`Cube3TwoPhase`] is an interoptopus service (an `Arc<Solver>`, `Send + Sync`): one handle
//! serves any number of threads at once, each search keeping its own small state. The C# layer
//! owns it through its own `SafeHandle` subclass (`Cube3SolverHandle`) and names the public class
//! `Twisty.Cube3.Cube3Solver`; the service has another name so that the generated class in
//! `Twisty.Native` never clashes with it.
//!
//! Opening (which builds the tables when the file is missing, stale or damaged: tens of seconds)
//! takes the same [`BuildProgressCallback`] and [`CancelToken`] as every other long call, and
//! a solve the same token (the C# layer bridges `IProgress<BuildProgress>` and a
//! `CancellationToken` to them): progress is reported only on the calling thread, and the C#
//! callback never throws into Rust. A search whose deadline (`timeout_ms` > 0) runs out fails with
//! code 5, like a cancelled one.

use std::sync::Arc;

use interoptopus::ffi;
use twisty::api;
use twisty::cube3::solve::Solver;

use crate::progress::{BuildProgressCallback, CancelToken, reporter};
use crate::error::{NativeError, guard};

/// The 3x3x3 two-phase solver: its move and pruning tables, mapped from a table file.
/// Immutable; usable from many threads at once.
#[ffi(service)]
pub struct Cube3TwoPhase {
    inner: Arc<Solver>,
}

#[ffi]
impl Cube3TwoPhase {
    /// Opens the table file at `path`, building and saving the tables first when the file is
    /// missing, stale or damaged (`progress` runs on this thread; a cancelled build fails with
    /// code 5 and leaves the file as it was). An empty `path` means the default path.
    pub fn open(
        path: ffi::String,
        progress: BuildProgressCallback,
        cancel: &CancelToken,
    ) -> ffi::Result<Self, NativeError> {
        guard(|| {
            Ok(Self {
                inner: api::cube3_solver_open(path.as_str(), &mut reporter(&progress), &cancel.inner)?,
            })
        })
    }

    /// Bytes the solver holds on the native heap (the C# handle reports them to the GC).
    pub fn native_bytes(&self) -> ffi::Result<u64, NativeError> {
        crate::error::guard_value(|| self.inner.heap_bytes() as u64)
    }

    /// Opens an existing table file; a missing, stale or damaged file fails with code 4.
    pub fn open_existing(path: ffi::String) -> ffi::Result<Self, NativeError> {
        guard(|| {
            Ok(Self {
                inner: api::cube3_solver_open_existing(path.as_str())?,
            })
        })
    }

    /// A solution of at most `max_length` moves (0..=40) of a B32 cube, as canonical move text;
    /// `timeout_ms` 0 = no deadline.
    pub fn solve(
        &self,
        cube: ffi::String,
        max_length: u32,
        timeout_ms: i64,
        cancel: &CancelToken,
    ) -> ffi::Result<ffi::String, NativeError> {
        guard(|| {
            api::cube3_solve(
                &self.inner,
                cube.as_str(),
                max_length,
                timeout_ms,
                Some(&cancel.inner),
            )
            .map(ffi::String::from_string)
        })
    }
}

/// The default table file path of the 3x3x3 solver.
#[ffi]
pub fn twisty_cube3_solver_default_path() -> ffi::Result<ffi::String, NativeError> {
    guard(|| Ok(ffi::String::from_string(api::cube3_solver_default_path())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{twisty_last_error_code, twisty_last_error_message};

    #[test]
    fn opening_a_missing_table_file_is_a_database_error() {
        let r =
            Cube3TwoPhase::open_existing(ffi::String::from_string("/nonexistent/cube3.tbl".into()));
        assert!(matches!(r, ffi::Err(NativeError::Raised)));
        assert_eq!(twisty_last_error_code(), 4);
        assert!(
            twisty_last_error_message()
                .as_str()
                .starts_with("3x3x3 table file /nonexistent/cube3.tbl: cannot open: "),
            "{}",
            twisty_last_error_message().as_str()
        );
    }

    #[test]
    fn the_default_path_names_the_cache_file() {
        let ffi::Ok(p) = twisty_cube3_solver_default_path() else {
            panic!("default path failed")
        };
        assert!(
            p.as_str().ends_with(twisty::cube3::solve::CACHE_FILE),
            "{}",
            p.as_str()
        );
    }
}
