//! The 3x3x3 step solvers for fewest-moves solving (EO, DR, HTR, slice, finishes, corners, with
//! NISS): shells around `twisty::api::cube3_step*`, `cube3_moves_*` and `cube3_variations`.
//!
//! A `twisty_cube3_steps_t` holds the step tables of one folder (or of memory): nothing is read
//! at open; each step family's table file is opened, or built there with progress, by the first
//! call that needs it, under the engine's lock, then shared by every call and thread. Lists of
//! strings (solutions, step names, variations) come back as a `slice_boxed_char_ptr_t`, the
//! array type of the optimal solver's solutions, freed with `twisty_string_array_free`.

use std::ffi::c_void;
use std::sync::Arc;

use safer_ffi::prelude::*;
use twisty::api;
use twisty::cube3::steps::StepSolver;

use crate::arg;
use crate::error::{OutString, OutValue, Text, c_string, call, put, put_string};
use crate::handle::{
    FreeArray, FreeHandle, NewHandle, OutArray, free_array, free_handle, put_array, put_handle,
};
use crate::progress::{ProgressFn, reporter, token, twisty_cancel_token};

/// The NISS modes of `twisty_cube3_steps_solve`'s `niss` (an `int32_t`; another value is
/// `TWISTY_STATUS_INVALID_ARGUMENT` naming the valid ones).
#[derive_ReprC]
#[repr(i32)]
#[ffi_export]
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum twisty_niss {
    /// Only after the scramble.
    Normal = 0,
    /// Only on the inverse scramble (the whole solution in parentheses).
    Inverse = 1,
    /// Normal or inverse, never both.
    Linear = 2,
    /// Both sides, switching once (and single moves on either side).
    Mixed = 3,
    /// Normal, inverse and mixed.
    All = 4,
}

/// The variations of `twisty_cube3_variations`'s `variation` (an `int32_t`).
#[derive_ReprC]
#[repr(i32)]
#[ffi_export]
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum twisty_variation {
    /// One plain sequence: the inverse part undone at the end (nissy's `unniss`).
    Unniss = 0,
    /// Every direction of each part's last quarter turns (nissy's `lastqt`).
    Lastqt = 1,
}

/// A 3x3x3 step solver: the step tables of one folder, or of memory.
#[derive_ReprC]
#[repr(opaque)]
#[allow(non_camel_case_types)]
pub struct twisty_cube3_steps {
    inner: Arc<StepSolver>,
}

/// A list of strings as the caller's array.
fn strings(items: Vec<String>) -> Vec<char_p::Box> {
    items.into_iter().map(c_string).collect()
}

/// Frees an array of strings (`slice_boxed_char_ptr_t`: step solutions, step names,
/// variations), its strings too, and sets its `ptr` to NULL and `len` to 0 (so a second free
/// does nothing); NULL or a NULL `ptr` does nothing.
#[ffi_export]
fn twisty_string_array_free(array: FreeArray<'_, char_p::Box>) {
    free_array(array)
}

/// A step solver whose table files live in `folder` (created when missing). An empty `folder`
/// means the default folder (`twisty_cube3_steps_default_folder`); NULL is
/// `TWISTY_STATUS_NULL_ARGUMENT`. Nothing is read or built here: each step family's file is
/// opened, or built and saved (under a second per family), by the first `twisty_cube3_steps_solve`
/// or `twisty_cube3_steps_prepare` that needs it. Free the solver with `twisty_cube3_steps_free`.
#[ffi_export]
fn twisty_cube3_steps_open(folder: Text<'_>, out: NewHandle<'_, twisty_cube3_steps>) -> i32 {
    call(|| {
        let (folder, out) = (arg!(folder)?, arg!(out)?);
        put_handle(
            out,
            twisty_cube3_steps {
                inner: api::cube3_steps_open(folder),
            },
        )
    })
}

/// A step solver without files: each family's tables are built in memory, once per process, by
/// the first call that needs them (0.1 to 0.9 s each). Free it with `twisty_cube3_steps_free`.
#[ffi_export]
fn twisty_cube3_steps_in_memory(out: NewHandle<'_, twisty_cube3_steps>) -> i32 {
    call(|| {
        put_handle(
            arg!(out)?,
            twisty_cube3_steps {
                inner: api::cube3_steps_in_memory(),
            },
        )
    })
}

/// The default folder of the step tables, the cache folder of the other 3x3x3 tables (a string
/// the caller frees with `twisty_string_free`).
#[ffi_export]
fn twisty_cube3_steps_default_folder(out: OutString<'_>) -> i32 {
    call(|| put_string(arg!(out)?, api::cube3_steps_default_folder()))
}

/// The solver's folder, "" for a solver in memory (a string the caller frees with
/// `twisty_string_free`).
#[ffi_export]
fn twisty_cube3_steps_folder(solver: Option<&twisty_cube3_steps>, out: OutString<'_>) -> i32 {
    call(|| {
        let (solver, out) = (arg!(solver)?, arg!(out)?);
        put_string(out, api::cube3_steps_folder(&solver.inner))
    })
}

/// Frees the solver at `*handle` and sets `*handle` to NULL (NULL or `*handle == NULL`: nothing
/// happens). Free it only after every call using it has returned.
#[ffi_export]
fn twisty_cube3_steps_free(handle: FreeHandle<'_, twisty_cube3_steps>) {
    free_handle(handle)
}

/// Opens, or builds and saves, the tables step `step` needs now rather than on its first solve.
/// `progress` (NULL for none) is called on this thread with `user_data` while a table is built;
/// `cancel` may be NULL. Errors: an unknown step (`TWISTY_STATUS_INVALID_ARGUMENT`, listing the
/// names); `TWISTY_STATUS_DATABASE` for a file of another kind where the family's file belongs
/// (left alone) or a folder that cannot be written; `TWISTY_STATUS_CANCELLED` when `cancel`
/// stops the build (no table file is left).
#[ffi_export]
fn twisty_cube3_steps_prepare(
    solver: Option<&twisty_cube3_steps>,
    step: Text<'_>,
    progress: ProgressFn,
    user_data: *mut c_void,
    cancel: Option<&twisty_cancel_token>,
) -> i32 {
    call(|| {
        let (solver, step) = (arg!(solver)?, arg!(step)?);
        api::cube3_steps_prepare(
            &solver.inner,
            step,
            &mut reporter(progress, user_data),
            &token(cancel),
        )
    })
}

/// The solutions of step `step` (`twisty_cube3_step_names`) for a B32 cube, shortest first,
/// each once, written as nissy writes them (the inverse part in parentheses; one empty string:
/// the cube is already at the goal and `min_length` is 0; none: no solution in the lengths).
/// `niss` is a `twisty_niss_t` code the step allows; lengths `min_length..=max_length` (at most
/// 20); at most `max_solutions` (at least 1); `margin` < 0 = none, else only the lengths up to
/// the shortest found plus `margin`; `threads` 1..=256 (the same solutions, in the same order,
/// with any count and in every runtime). `timeout_ms` 0 = no deadline (it counts the search,
/// not a first build). `progress` (NULL for none) is called on this thread while a first call
/// builds a table, then after each length. Errors: `TWISTY_STATUS_INVALID_ARGUMENT` before any
/// build or search (an unknown step, a NISS mode the step cannot use, a cube without the step's
/// requirement, an option out of range), then those of `twisty_cube3_steps_prepare`;
/// `TWISTY_STATUS_CANCELLED` when `cancel` (may be NULL) or the deadline stops the search. The
/// array is the caller's: free it with `twisty_string_array_free`.
#[ffi_export]
fn twisty_cube3_steps_solve(
    solver: Option<&twisty_cube3_steps>,
    step: Text<'_>,
    cube: Text<'_>,
    niss: i32,
    min_length: i32,
    max_length: i32,
    max_solutions: i64,
    margin: i32,
    threads: i32,
    timeout_ms: i64,
    progress: ProgressFn,
    user_data: *mut c_void,
    cancel: Option<&twisty_cancel_token>,
    out: OutArray<'_, char_p::Box>,
) -> i32 {
    call(|| {
        let (solver, step, cube, out) = (arg!(solver)?, arg!(step)?, arg!(cube)?, arg!(out)?);
        let cancel = cancel.map(twisty_cancel_token::engine);
        let found = api::cube3_steps_solve(
            &solver.inner,
            step,
            cube,
            niss,
            min_length,
            max_length,
            max_solutions,
            margin,
            threads,
            timeout_ms,
            cancel,
            &mut reporter(progress, user_data),
        )?;
        put_array(out, strings(found))
    })
}

/// Every step name, in the catalogue's order (an array the caller frees with
/// `twisty_string_array_free`).
#[ffi_export]
fn twisty_cube3_step_names(out: OutArray<'_, char_p::Box>) -> i32 {
    call(|| put_array(arg!(out)?, strings(api::cube3_step_names())))
}

/// What step `step` does, in one line: goal, requirement, moves, NISS modes. An unknown name is
/// `TWISTY_STATUS_INVALID_ARGUMENT`, listing the names.
#[ffi_export]
fn twisty_cube3_step_describe(step: Text<'_>, out: OutString<'_>) -> i32 {
    call(|| {
        let (step, out) = (arg!(step)?, arg!(out)?);
        put_string(out, api::cube3_step_describe(step)?)
    })
}

/// The B32 cube a step continues from: the `scramble`, then the moves found so far in NISS
/// form (`moves`, the inverse part in parentheses; "" for none).
#[ffi_export]
fn twisty_cube3_step_position(scramble: Text<'_>, moves: Text<'_>, out: OutString<'_>) -> i32 {
    call(|| {
        let (scramble, moves, out) = (arg!(scramble)?, arg!(moves)?, arg!(out)?);
        put_string(out, api::cube3_step_position(scramble, moves)?)
    })
}

/// The moves in a sequence, both NISS parts: face and wide turns count 1, slices 2, rotations 0.
#[ffi_export]
fn twisty_cube3_moves_count(moves: Text<'_>, out: OutValue<'_, u32>) -> i32 {
    call(|| {
        let (moves, out) = (arg!(moves)?, arg!(out)?);
        put(out, api::cube3_moves_count(moves)?)
    })
}

/// Whether sequences `a` and `b` are the same up to the order of adjacent moves on one axis,
/// each NISS part on its own.
#[ffi_export]
fn twisty_cube3_moves_same(a: Text<'_>, b: Text<'_>, out: OutValue<'_, bool>) -> i32 {
    call(|| {
        let (a, b, out) = (arg!(a)?, arg!(b)?, arg!(out)?);
        put(out, api::cube3_moves_same(a, b)?)
    })
}

/// nissy's variations of a sequence (`variation` a `twisty_variation_t` code), as nissy writes
/// them (an array the caller frees with `twisty_string_array_free`).
#[ffi_export]
fn twisty_cube3_variations(
    moves: Text<'_>,
    variation: i32,
    out: OutArray<'_, char_p::Box>,
) -> i32 {
    call(|| {
        let (moves, out) = (arg!(moves)?, arg!(out)?);
        put_array(out, strings(api::cube3_variations(moves, variation)?))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use twisty::cube3::steps::Niss;

    #[test]
    fn the_niss_names_are_the_engines_codes() {
        let named = [
            twisty_niss::Normal,
            twisty_niss::Inverse,
            twisty_niss::Linear,
            twisty_niss::Mixed,
            twisty_niss::All,
        ];
        assert_eq!(named.len(), Niss::ALL.len(), "a NISS mode has no C name");
        for (code, niss) in named.iter().zip(Niss::ALL) {
            assert_eq!(format!("{code:?}").to_lowercase(), format!("{niss:?}").to_lowercase());
        }
    }
}
