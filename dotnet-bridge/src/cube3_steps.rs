//! The 3x3x3 step solvers (fewest-moves solving): guarded shells around
//! `twisty::api::cube3_step*` and the sequence helpers `cube3_moves_count`, `cube3_moves_same`
//! and `cube3_variations`.
//!
//! [`Cube3Steps`] is an interoptopus service (an `Arc<StepSolver>`, `Send + Sync`): one handle
//! serves any number of threads at once. Opening reads nothing; each step family's table file is
//! opened, or built with progress, by the first prepare or solve that needs it (under the
//! engine's lock). The C# layer owns it through its own `SafeHandle` subclass
//! (`StepSolverHandle`) and names the public class `Twisty.Cube3.StepSolver`; the service has
//! another name so that the generated class in `Twisty.Native` never clashes with it.
//!
//! Step names, NISS mode and variation codes, lengths, limits and thread counts cross as text
//! and signed integers and are checked by the engine (negative values included). Solutions
//! leave as nissy writes them (the inverse part in parentheses).

use std::sync::Arc;

use interoptopus::ffi;
use twisty::api;
use twisty::cube3::steps::StepSolver;

use crate::error::{NativeError, guard, guard_value, to_ffi};
use crate::progress::{BuildProgressCallback, CancelToken, reporter};

/// Owned strings for C# (which frees the vector and its strings).
fn texts(v: Vec<String>) -> ffi::Vec<ffi::String> {
    ffi::Vec::from_vec(v.into_iter().map(ffi::String::from_string).collect())
}

/// A 3x3x3 step solver: the step tables of a folder (or of memory), each family loaded by the
/// first call that needs it. Usable from many threads at once.
#[ffi(service)]
pub struct Cube3Steps {
    inner: Arc<StepSolver>,
}

#[ffi]
impl Cube3Steps {
    /// A step solver whose table files live in `folder` (created when a table is first built);
    /// an empty `folder` means the default cache folder. Nothing is read or built here.
    pub fn open(folder: ffi::String) -> ffi::Result<Self, NativeError> {
        guard_value(|| Self {
            inner: api::cube3_steps_open(folder.as_str()),
        })
    }

    /// A step solver whose tables are built in memory, once per process, by the first solve
    /// that needs each family (no files).
    pub fn in_memory() -> ffi::Result<Self, NativeError> {
        guard_value(|| Self {
            inner: api::cube3_steps_in_memory(),
        })
    }

    /// The solver's folder ("" for one in memory).
    pub fn folder(&self) -> ffi::Result<ffi::String, NativeError> {
        guard_value(|| ffi::String::from_string(api::cube3_steps_folder(&self.inner)))
    }

    /// Opens (building when missing) the tables of step `step` now; `progress` reports a build
    /// on this thread; a cancelled build fails with code 5 and leaves no file.
    pub fn prepare(
        &self,
        step: ffi::String,
        progress: BuildProgressCallback,
        cancel: &CancelToken,
    ) -> ffi::Result<(), NativeError> {
        guard(|| {
            api::cube3_steps_prepare(
                &self.inner,
                step.as_str(),
                &mut reporter(&progress),
                &cancel.inner,
            )
        })
    }

    /// The solutions of step `step` for a B32 cube, shortest first, as nissy writes them:
    /// `niss` 0..=4 (normal, inverse, linear, mixed, all), lengths `min_length..=max_length`,
    /// at most `max_solutions`, `margin` < 0 = none, `threads` 1..=256, `timeout_ms` 0 = no
    /// deadline; `progress` is told of a first build, then of each length, on this thread.
    #[allow(clippy::too_many_arguments)]
    pub fn solve(
        &self,
        step: ffi::String,
        cube: ffi::String,
        niss: i32,
        min_length: i32,
        max_length: i32,
        max_solutions: i64,
        margin: i32,
        threads: i32,
        timeout_ms: i64,
        progress: BuildProgressCallback,
        cancel: &CancelToken,
    ) -> ffi::Result<ffi::Vec<ffi::String>, NativeError> {
        guard(|| {
            api::cube3_steps_solve(
                &self.inner,
                step.as_str(),
                cube.as_str(),
                niss,
                min_length,
                max_length,
                max_solutions,
                margin,
                threads,
                timeout_ms,
                Some(&cancel.inner),
                &mut reporter(&progress),
            )
            .map(texts)
        })
    }
}

/// The default folder of the step tables (the cache folder of the other 3x3x3 tables).
#[ffi]
pub fn twisty_cube3_steps_default_folder() -> ffi::Result<ffi::String, NativeError> {
    guard_value(|| ffi::String::from_string(api::cube3_steps_default_folder()))
}

/// Every step name, in the catalogue's order.
#[ffi]
pub fn twisty_cube3_step_names() -> ffi::Result<ffi::Vec<ffi::String>, NativeError> {
    guard_value(|| texts(api::cube3_step_names()))
}

/// What a step does, in one line (goal, requirement, moves, NISS modes).
#[ffi]
pub fn twisty_cube3_step_describe(step: ffi::String) -> ffi::Result<ffi::String, NativeError> {
    guard(|| to_ffi(api::cube3_step_describe(step.as_str())))
}

/// The B32 cube a step continues from: `scramble`, then the moves so far in NISS form.
#[ffi]
pub fn twisty_cube3_step_position(
    scramble: ffi::String,
    so_far: ffi::String,
) -> ffi::Result<ffi::String, NativeError> {
    guard(|| to_ffi(api::cube3_step_position(scramble.as_str(), so_far.as_str())))
}

/// Moves in a sequence, both NISS parts (slices count 2, rotations 0).
#[ffi]
pub fn twisty_cube3_moves_count(moves: ffi::String) -> ffi::Result<u32, NativeError> {
    guard(|| api::cube3_moves_count(moves.as_str()))
}

/// Whether two sequences are the same up to the order of adjacent moves on one axis.
#[ffi]
pub fn twisty_cube3_moves_same(a: ffi::String, b: ffi::String) -> ffi::Result<bool, NativeError> {
    guard(|| api::cube3_moves_same(a.as_str(), b.as_str()))
}

/// nissy's variations of a sequence (`variation` 0 = unniss, 1 = lastqt), as nissy writes them.
#[ffi]
pub fn twisty_cube3_variations(
    moves: ffi::String,
    variation: i32,
) -> ffi::Result<ffi::Vec<ffi::String>, NativeError> {
    guard(|| api::cube3_variations(moves.as_str(), variation).map(texts))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{twisty_last_error_code, twisty_last_error_message};

    fn text(s: &str) -> ffi::String {
        ffi::String::from_string(s.into())
    }

    #[test]
    fn an_unknown_step_is_an_invalid_argument() {
        assert!(matches!(
            twisty_cube3_step_describe(text("dr")),
            ffi::Err(NativeError::Raised)
        ));
        assert_eq!(twisty_last_error_code(), 6);
        assert!(
            twisty_last_error_message()
                .as_str()
                .starts_with("unknown step 'dr' (expected one of: eofb,"),
            "{}",
            twisty_last_error_message().as_str()
        );
    }

    #[test]
    fn a_variation_code_out_of_range_is_refused() {
        assert!(matches!(
            twisty_cube3_variations(text("R U"), 2),
            ffi::Err(NativeError::Raised)
        ));
        assert_eq!(twisty_last_error_code(), 6);
    }

    #[test]
    fn an_in_memory_solver_has_no_folder() {
        let ffi::Ok(s) = Cube3Steps::in_memory() else {
            panic!("in_memory failed")
        };
        let ffi::Ok(f) = s.folder() else {
            panic!("folder failed")
        };
        assert_eq!(f.as_str(), "");
    }
}
