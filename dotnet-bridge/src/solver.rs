//! The six-colour solver: guarded shells around `twisty::api::sq1_solver_*`, `sq1_solve*`,
//! `sq1_solutions`, `sq1_distance` and `sq1_scramble`.
//!
//! [`Sq1Solver`] is an interoptopus service (an `Arc<Solver>`, `Send + Sync`): one handle serves
//! any number of threads at once, each search keeping its own small state. The C# layer owns it
//! through its own `SafeHandle` subclass (`SolverHandle`).
//!
//! Long operations (building the tables when the file is missing or stale, an optimal search)
//! take the same [`BuildProgressCallback`] and [`CancelToken`] as the database build: progress
//! is reported only on the calling thread, and the C# callback never throws into Rust. A search
//! with a deadline (`timeout_ms` > 0) that runs out fails with code 5, like a cancelled one.
//! Metric codes: 0 = twist, 1 = WCA, 2 = face-turn (checked by the engine).

use std::sync::Arc;

use interoptopus::ffi;
use twisty::api;
use twisty::sq1::solve::Solver;

use crate::progress::{BuildProgressCallback, CancelToken, reporter};
use crate::error::{NativeError, guard};

/// A solver's answer (C#: `SolverSolution`): the moves in WCA notation, the length in the metric asked for, and the
/// number of twists (`/`).
#[ffi]
#[derive(Clone)]
pub struct SolverSolutionText {
    /// WCA notation (empty for a solved state).
    pub wca: ffi::String,
    /// Length in the metric asked for.
    pub length: u32,
    /// Number of twists (`/`).
    pub twists: u32,
}

impl From<api::SolverSolutionText> for SolverSolutionText {
    fn from(s: api::SolverSolutionText) -> Self {
        Self {
            wca: ffi::String::from_string(s.wca),
            length: s.length,
            twists: s.twists,
        }
    }
}

/// A random-state scramble and the state it leads to from solved.
#[ffi]
pub struct Sq1ScrambleText {
    /// The scramble in WCA notation, `(x,y) / (x,y) / ...`.
    pub scramble: ffi::String,
    /// The canonical text of the state the scramble leads to.
    pub state: ffi::String,
}

/// The six-colour Square-1 solver: its pruning tables, mapped from a table file. Immutable;
/// usable from many threads at once.
#[ffi(service)]
pub struct Sq1Solver {
    inner: Arc<Solver>,
}

#[ffi]
impl Sq1Solver {
    /// Opens the table file at `path`, building and saving the tables first when the file is
    /// missing, stale or damaged (`progress` runs on this thread; a cancelled build fails with
    /// code 5). An empty `path` means the default path.
    pub fn open(
        path: ffi::String,
        progress: BuildProgressCallback,
        cancel: &CancelToken,
    ) -> ffi::Result<Self, NativeError> {
        guard(|| {
            Ok(Self {
                inner: api::sq1_solver_open(path.as_str(), &mut reporter(&progress), &cancel.inner)?,
            })
        })
    }

    /// Opens an existing table file; a missing, stale or damaged file fails with code 4.
    pub fn open_existing(path: ffi::String) -> ffi::Result<Self, NativeError> {
        guard(|| {
            Ok(Self {
                inner: api::sq1_solver_open_existing(path.as_str())?,
            })
        })
    }

    /// One optimal solution of a six-colour state; `timeout_ms` 0 = no deadline. `progress` is
    /// called on this thread after each finished search depth.
    pub fn solve(
        &self,
        state: ffi::String,
        metric: i32,
        timeout_ms: i64,
        progress: BuildProgressCallback,
        cancel: &CancelToken,
    ) -> ffi::Result<SolverSolutionText, NativeError> {
        guard(|| {
            api::sq1_solve(
                &self.inner,
                state.as_str(),
                metric,
                timeout_ms,
                &mut reporter(&progress),
                &cancel.inner,
            )
            .map(SolverSolutionText::from)
        })
    }

    /// Up to `limit` (at least 1) optimal solutions, in search order.
    pub fn solutions(
        &self,
        state: ffi::String,
        metric: i32,
        limit: u32,
        timeout_ms: i64,
        cancel: &CancelToken,
    ) -> ffi::Result<ffi::Vec<SolverSolutionText>, NativeError> {
        guard(|| {
            let v = api::sq1_solutions(&self.inner, state.as_str(), metric, limit, timeout_ms, &cancel.inner)?;
            Ok(ffi::Vec::from_vec(v.into_iter().map(SolverSolutionText::from).collect()))
        })
    }

    /// The optimal length of a six-colour state in a metric.
    pub fn distance(&self, state: ffi::String, metric: i32) -> ffi::Result<u32, NativeError> {
        guard(|| api::sq1_distance(&self.inner, state.as_str(), metric))
    }

    /// A short solution found fast (two-phase): `max_length`, `node_limit` and `timeout_ms` 0 =
    /// no bound.
    pub fn solve_fast(
        &self,
        state: ffi::String,
        metric: i32,
        max_length: u32,
        node_limit: u64,
        timeout_ms: i64,
        cancel: &CancelToken,
    ) -> ffi::Result<SolverSolutionText, NativeError> {
        guard(|| {
            api::sq1_solve_fast(
                &self.inner,
                state.as_str(),
                metric,
                max_length,
                node_limit,
                timeout_ms,
                &cancel.inner,
            )
            .map(SolverSolutionText::from)
        })
    }

    /// Bytes the solver holds on the native heap (the C# handle reports them to the GC).
    pub fn native_bytes(&self) -> ffi::Result<u64, NativeError> {
        crate::error::guard_value(|| self.inner.heap_bytes() as u64)
    }

    /// The random-state scramble of a seed (the same in every runtime).
    pub fn scramble(&self, seed: u64) -> ffi::Result<Sq1ScrambleText, NativeError> {
        guard(|| {
            let s = api::sq1_scramble(&self.inner, seed)?;
            Ok(Sq1ScrambleText {
                scramble: ffi::String::from_string(s.scramble),
                state: ffi::String::from_string(s.state),
            })
        })
    }
}

/// The default table file path of the solver.
#[ffi]
pub fn twisty_sq1_solver_default_path() -> ffi::Result<ffi::String, NativeError> {
    guard(|| Ok(ffi::String::from_string(api::sq1_solver_default_path())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{twisty_last_error_code, twisty_last_error_message};

    #[test]
    fn opening_a_missing_table_file_is_a_database_error() {
        let r = Sq1Solver::open_existing(ffi::String::from_string("/nonexistent/sq1-solver.tbl".into()));
        assert!(matches!(r, ffi::Err(NativeError::Raised)));
        assert_eq!(twisty_last_error_code(), 4);
        assert!(
            twisty_last_error_message()
                .as_str()
                .starts_with("solver table file /nonexistent/sq1-solver.tbl: cannot open: "),
            "{}",
            twisty_last_error_message().as_str()
        );
    }

    #[test]
    fn the_default_path_names_the_cache_file() {
        let ffi::Ok(p) = twisty_sq1_solver_default_path() else {
            panic!("default path failed")
        };
        assert!(p.as_str().ends_with(twisty::sq1::solve::CACHE_FILE), "{}", p.as_str());
    }
}
