//! The 3x3x3 optimal solver: guarded shells around `twisty::api::cube3_optimal_*`.
//!
//! [`Cube3Optimal`] is an interoptopus service (an `Arc<Solver>`, `Send + Sync`): one handle
//! serves any number of threads at once. The C# layer owns it through its own `SafeHandle`
//! subclass (`OptimalSolverHandle`) and names the public class `Twisty.Cube3.OptimalSolver`; the
//! service has another name so that the generated class in `Twisty.Native` never clashes with it.
//!
//! Opening (which builds the table when the file is missing, stale or damaged: under a minute)
//! and a solve take the same [`BuildProgressCallback`] and [`CancelToken`] as every other long
//! call: progress is reported only on the calling thread (a solve reports once per finished
//! depth), and the C# callback never throws into Rust. A search whose deadline (`timeout_ms` > 0)
//! runs out fails with code 5, like a cancelled one. Table sizes, lengths, limits and thread
//! counts cross as signed integers and are checked by the engine (negative values included).

use std::sync::Arc;

use interoptopus::ffi;
use twisty::api;
use twisty::cube3::optimal::Solver;

use crate::error::{NativeError, guard};
use crate::progress::{BuildProgressCallback, CancelToken, reporter};

/// What an optimal solve found (C#: `OptimalSolutions`): every solution of the answer's length
/// (up to the limit asked for), as canonical move text, and the nodes the search visited.
#[ffi]
pub struct Cube3OptimalSolutionsText {
    /// The solutions in the engine's order (one empty string for a solved cube).
    pub solutions: ffi::Vec<ffi::String>,
    /// The length of every solution (face turns, half-turn metric).
    pub length: u32,
    /// Search nodes visited over all depths.
    pub nodes: u64,
}

impl From<api::OptimalSolutionsText> for Cube3OptimalSolutionsText {
    fn from(s: api::OptimalSolutionsText) -> Self {
        Self {
            solutions: ffi::Vec::from_vec(
                s.solutions
                    .into_iter()
                    .map(ffi::String::from_string)
                    .collect(),
            ),
            length: s.length,
            nodes: s.nodes,
        }
    }
}

/// The 3x3x3 optimal solver: its pruning table of one size, mapped from a table file.
/// Immutable; usable from many threads at once.
#[ffi(service)]
pub struct Cube3Optimal {
    inner: Arc<Solver>,
}

#[ffi]
impl Cube3Optimal {
    /// Opens the table file of size `h{size}` at `path`, building and saving the table first
    /// when the file is missing, stale or damaged (`progress` runs on this thread; a cancelled
    /// build fails with code 5 and leaves the file as it was). An empty `path` means the
    /// default path of that size.
    pub fn open(
        path: ffi::String,
        size: i32,
        progress: BuildProgressCallback,
        cancel: &CancelToken,
    ) -> ffi::Result<Self, NativeError> {
        guard(|| {
            Ok(Self {
                inner: api::cube3_optimal_open(
                    path.as_str(),
                    size,
                    &mut reporter(&progress),
                    &cancel.inner,
                )?,
            })
        })
    }

    /// Opens an existing table file of size `h{size}`; a missing, stale or damaged file fails
    /// with code 4.
    pub fn open_existing(path: ffi::String, size: i32) -> ffi::Result<Self, NativeError> {
        guard(|| {
            Ok(Self {
                inner: api::cube3_optimal_open_existing(path.as_str(), size)?,
            })
        })
    }

    /// Bytes the solver holds on the native heap (the C# handle reports them to the GC).
    pub fn native_bytes(&self) -> ffi::Result<u64, NativeError> {
        crate::error::guard_value(|| self.inner.heap_bytes() as u64)
    }

    /// Optimal solutions of a B32 cube: lengths `min_length..=max_length`, at most
    /// `max_solutions` of the first length that has any, `threads` 0 = one per core,
    /// `timeout_ms` 0 = no deadline; `progress` is called on this thread after each depth.
    #[allow(clippy::too_many_arguments)]
    pub fn solve(
        &self,
        cube: ffi::String,
        min_length: i32,
        max_length: i32,
        max_solutions: i64,
        threads: i32,
        timeout_ms: i64,
        progress: BuildProgressCallback,
        cancel: &CancelToken,
    ) -> ffi::Result<Cube3OptimalSolutionsText, NativeError> {
        guard(|| {
            api::cube3_optimal_solve(
                &self.inner,
                cube.as_str(),
                min_length,
                max_length,
                max_solutions,
                threads,
                timeout_ms,
                Some(&cancel.inner),
                &mut reporter(&progress),
            )
            .map(Cube3OptimalSolutionsText::from)
        })
    }
}

/// The default table file path of the optimal solver's table of size `h{size}`.
#[ffi]
pub fn twisty_cube3_optimal_default_path(size: i32) -> ffi::Result<ffi::String, NativeError> {
    guard(|| api::cube3_optimal_default_path(size).map(ffi::String::from_string))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{twisty_last_error_code, twisty_last_error_message};

    #[test]
    fn opening_a_missing_table_file_is_a_database_error() {
        let r = Cube3Optimal::open_existing(
            ffi::String::from_string("/nonexistent/cube3-optimal.tbl".into()),
            0,
        );
        assert!(matches!(r, ffi::Err(NativeError::Raised)));
        assert_eq!(twisty_last_error_code(), 4);
        assert!(
            twisty_last_error_message().as_str().starts_with(
                "3x3x3 optimal-solver table file /nonexistent/cube3-optimal.tbl: cannot open: "
            ),
            "{}",
            twisty_last_error_message().as_str()
        );
    }

    #[test]
    fn sizes_beyond_h7_are_refused() {
        let r = Cube3Optimal::open_existing(
            ffi::String::from_string("/nonexistent/cube3-optimal.tbl".into()),
            8,
        );
        assert!(matches!(r, ffi::Err(NativeError::Raised)));
        assert_eq!(twisty_last_error_code(), 6);
        assert!(matches!(
            twisty_cube3_optimal_default_path(-1),
            ffi::Err(NativeError::Raised)
        ));
        assert_eq!(twisty_last_error_code(), 6);
    }

    #[test]
    fn the_default_path_names_the_cache_file() {
        let ffi::Ok(p) = twisty_cube3_optimal_default_path(0) else {
            panic!("default path failed")
        };
        assert!(
            p.as_str().ends_with(&twisty::cube3::optimal::cache_file(0)),
            "{}",
            p.as_str()
        );
    }
}
