//! The 3x3x3 cube and its two-phase solver: shells around `twisty::api::cube3_*`.
//!
//! Cubes are nissy's B32 text (`ABCDEFGH=ABCDEFGHIJKL=A` is solved), algorithms move text with
//! NISS groups (`R U F (B' D)`); results are canonical text. A `twisty_cube3_solver_t` is
//! immutable once opened and serves any number of threads at once.

use std::ffi::c_void;
use std::sync::Arc;

use safer_ffi::prelude::*;
use twisty::api;
use twisty::cube3::solve::Solver;

use crate::arg;
use crate::error::{OutString, OutValue, Text, call, put, put_string};
use crate::handle::{FreeHandle, NewHandle, free_handle, put_handle};
use crate::progress::{ProgressFn, reporter, token, twisty_cancel_token};

/// The solved cube in the standard orientation: `ABCDEFGH=ABCDEFGHIJKL=A`.
#[ffi_export]
fn twisty_cube3_solved(out: OutString<'_>) -> i32 {
    call(|| put_string(arg!(out)?, api::cube3_solved()))
}

/// Checks a B32 cube text and writes it in canonical form.
#[ffi_export]
fn twisty_cube3_parse(text: Text<'_>, out: OutString<'_>) -> i32 {
    call(|| {
        let (text, out) = (arg!(text)?, arg!(out)?);
        put_string(out, api::cube3_parse(text)?)
    })
}

/// The cube after an algorithm (its NISS groups included).
#[ffi_export]
fn twisty_cube3_apply(cube: Text<'_>, moves: Text<'_>, out: OutString<'_>) -> i32 {
    call(|| {
        let (cube, moves, out) = (arg!(cube)?, arg!(moves)?, arg!(out)?);
        put_string(out, api::cube3_apply(cube, moves)?)
    })
}

/// The cube an algorithm makes from the solved cube.
#[ffi_export]
fn twisty_cube3_from_moves(moves: Text<'_>, out: OutString<'_>) -> i32 {
    call(|| {
        let (moves, out) = (arg!(moves)?, arg!(out)?);
        put_string(out, api::cube3_from_moves(moves)?)
    })
}

/// The cube whose moves undo this one's.
#[ffi_export]
fn twisty_cube3_inverse(cube: Text<'_>, out: OutString<'_>) -> i32 {
    call(|| {
        let (cube, out) = (arg!(cube)?, arg!(out)?);
        put_string(out, api::cube3_inverse(cube)?)
    })
}

/// `a`, then the moves of `b`.
#[ffi_export]
fn twisty_cube3_compose(a: Text<'_>, b: Text<'_>, out: OutString<'_>) -> i32 {
    call(|| {
        let (a, b, out) = (arg!(a)?, arg!(b)?, arg!(out)?);
        put_string(out, api::cube3_compose(a, b)?)
    })
}

/// The picture of a cube: a standalone SVG document of its unfolded net, the same bytes as in
/// every other runtime.
#[ffi_export]
fn twisty_cube3_svg(cube: Text<'_>, out: OutString<'_>) -> i32 {
    call(|| {
        let (cube, out) = (arg!(cube)?, arg!(out)?);
        put_string(out, api::cube3_svg(cube)?)
    })
}

/// Whether every piece is in place relative to the centres, whatever the cube's orientation.
#[ffi_export]
fn twisty_cube3_is_solved(cube: Text<'_>, out: OutValue<'_, bool>) -> i32 {
    call(|| {
        let (cube, out) = (arg!(cube)?, arg!(out)?);
        put(out, api::cube3_is_solved(cube)?)
    })
}

/// A uniformly random cube from a seed (the same seed gives the same cube in every runtime).
#[ffi_export]
fn twisty_cube3_random(seed: u64, out: OutString<'_>) -> i32 {
    call(|| put_string(arg!(out)?, api::cube3_random(seed)))
}

/// The canonical text of an algorithm: moves separated by one space, the inverse part last in
/// one group.
#[ffi_export]
fn twisty_cube3_moves_canonical(moves: Text<'_>, out: OutString<'_>) -> i32 {
    call(|| {
        let (moves, out) = (arg!(moves)?, arg!(out)?);
        put_string(out, api::cube3_moves_canonical(moves)?)
    })
}

/// The plain algorithm whose cube is the inverse of this one's.
#[ffi_export]
fn twisty_cube3_moves_inverse(moves: Text<'_>, out: OutString<'_>) -> i32 {
    call(|| {
        let (moves, out) = (arg!(moves)?, arg!(out)?);
        put_string(out, api::cube3_moves_inverse(moves)?)
    })
}

/// The 3x3x3 two-phase solver.
#[derive_ReprC]
#[repr(opaque)]
#[allow(non_camel_case_types)]
pub struct twisty_cube3_solver {
    inner: Arc<Solver>,
}

/// Opens the solver's table file at `path`, building and saving the tables first when the
/// file is missing, stale or damaged (seconds; `progress`, NULL for none, is called on this
/// thread with `user_data`; `cancel` may be NULL, and a cancelled build leaves the file as it
/// was). An empty `path` means the default path (`twisty_cube3_solver_default_path`). Free the
/// solver with `twisty_cube3_solver_free`.
#[ffi_export]
fn twisty_cube3_solver_open(
    path: Text<'_>,
    progress: ProgressFn,
    user_data: *mut c_void,
    cancel: Option<&twisty_cancel_token>,
    out: NewHandle<'_, twisty_cube3_solver>,
) -> i32 {
    call(|| {
        let (path, out) = (arg!(path)?, arg!(out)?);
        let inner =
            api::cube3_solver_open(path, &mut reporter(progress, user_data), &token(cancel))?;
        put_handle(out, twisty_cube3_solver { inner })
    })
}

/// Opens an existing table file, never building: a missing, stale or damaged file fails with
/// `TWISTY_STATUS_DATABASE`, naming the file and the reason.
#[ffi_export]
fn twisty_cube3_solver_open_existing(
    path: Text<'_>,
    out: NewHandle<'_, twisty_cube3_solver>,
) -> i32 {
    call(|| {
        let (path, out) = (arg!(path)?, arg!(out)?);
        put_handle(
            out,
            twisty_cube3_solver {
                inner: api::cube3_solver_open_existing(path)?,
            },
        )
    })
}

/// The default table file path (a string the caller frees with `twisty_string_free`).
#[ffi_export]
fn twisty_cube3_solver_default_path(out: OutString<'_>) -> i32 {
    call(|| put_string(arg!(out)?, api::cube3_solver_default_path()))
}

/// Frees the solver at `*handle` and sets `*handle` to NULL (NULL or `*handle == NULL`: nothing
/// happens). Free it only after every call using it has returned.
#[ffi_export]
fn twisty_cube3_solver_free(handle: FreeHandle<'_, twisty_cube3_solver>) {
    free_handle(handle)
}

/// A solution of at most `max_length` face turns (0..=40) for a B32 cube, as canonical move
/// text (empty for a solved cube). The same cube and bound give the same solution in every
/// runtime. `timeout_ms` 0 = no deadline; a deadline or a cancellation (`cancel` may be NULL)
/// that stops the search first fails with `TWISTY_STATUS_CANCELLED`.
#[ffi_export]
fn twisty_cube3_solver_solve(
    solver: Option<&twisty_cube3_solver>,
    cube: Text<'_>,
    max_length: u32,
    timeout_ms: i64,
    cancel: Option<&twisty_cancel_token>,
    out: OutString<'_>,
) -> i32 {
    call(|| {
        let (solver, cube, out) = (arg!(solver)?, arg!(cube)?, arg!(out)?);
        let cancel = cancel.map(twisty_cancel_token::engine);
        put_string(
            out,
            api::cube3_solve(&solver.inner, cube, max_length, timeout_ms, cancel)?,
        )
    })
}
