//! The 3x3x3 optimal solver: shells around `twisty::api::cube3_optimal_*`.
//!
//! A `twisty_cube3_optimal_t` holds the pruning table (30 MB at `h0`, more at larger sizes)
//! mapped from its table file; it is immutable once opened and serves any number of threads at
//! once (each solve may also use several threads of its own). A solve writes a `twisty_cube3_optimal_solutions_t`:
//! the caller's struct, whose array of solution strings is freed with
//! `twisty_cube3_optimal_solutions_free`.

use std::ffi::c_void;
use std::sync::Arc;

use safer_ffi::prelude::*;
use twisty::api;
use twisty::cube3::optimal::Solver;

use crate::arg;
use crate::error::{OutString, OutValue, Text, c_string, call, put, put_string, release};
use crate::handle::{FreeHandle, NewHandle, clear_array, free_handle, put_handle};
use crate::progress::{ProgressFn, reporter, token, twisty_cancel_token};

/// The 3x3x3 optimal solver (fewest face turns).
#[derive_ReprC]
#[repr(opaque)]
#[allow(non_camel_case_types)]
pub struct twisty_cube3_optimal {
    inner: Arc<Solver>,
}

/// What an optimal solve found. Its array and strings belong to the caller: free them with
/// `twisty_cube3_optimal_solutions_free`. The struct itself is the caller's.
#[derive_ReprC]
#[repr(C)]
#[allow(non_camel_case_types)]
pub struct twisty_cube3_optimal_solutions {
    /// The solutions (`ptr[0]` .. `ptr[len - 1]`), each canonical move text of `length` face
    /// turns, in the engine's canonical order (one empty string for a solved cube).
    pub solutions: Option<c_slice::Box<char_p::Box>>,
    /// The solutions' length in face turns (the cube's distance when `min_length` was 0).
    pub length: u32,
    /// The search nodes visited over all depths.
    pub nodes: u64,
}

impl From<api::OptimalSolutionsText> for twisty_cube3_optimal_solutions {
    fn from(s: api::OptimalSolutionsText) -> Self {
        let solutions: Vec<char_p::Box> = s.solutions.into_iter().map(c_string).collect();
        Self {
            solutions: Some(solutions.into_boxed_slice().into()),
            length: s.length,
            nodes: s.nodes,
        }
    }
}

/// Frees the array of solutions (its strings too) and sets `solutions.ptr` to NULL and
/// `solutions.len` to 0 (so a second free does nothing); NULL is ignored. The struct itself is
/// the caller's.
#[ffi_export]
fn twisty_cube3_optimal_solutions_free(solutions: Option<&mut twisty_cube3_optimal_solutions>) {
    release(|| {
        if let Some(s) = solutions {
            clear_array(&mut s.solutions);
        }
    });
}

/// Opens the optimal solver's table file of size `h{size}` (0 = `h0`, 30 MB, up to 7 = `h7`,
/// 3.8 GB, each twice the one before and faster to search; others fail with
/// `TWISTY_STATUS_INVALID_ARGUMENT`) at `path`, building and
/// saving the table first when the file is missing, stale or damaged (under a minute;
/// `progress`, NULL for none, is called on this thread with `user_data`; `cancel` may be NULL).
/// A file of another kind is refused and left alone. An empty `path` means the default path
/// (`twisty_cube3_optimal_default_path`). Free the solver with `twisty_cube3_optimal_free`.
#[ffi_export]
fn twisty_cube3_optimal_open(
    path: Text<'_>,
    size: i32,
    progress: ProgressFn,
    user_data: *mut c_void,
    cancel: Option<&twisty_cancel_token>,
    out: NewHandle<'_, twisty_cube3_optimal>,
) -> i32 {
    call(|| {
        let (path, out) = (arg!(path)?, arg!(out)?);
        let inner = api::cube3_optimal_open(
            path,
            size,
            &mut reporter(progress, user_data),
            &token(cancel),
        )?;
        put_handle(out, twisty_cube3_optimal { inner })
    })
}

/// Opens an existing table file of size `h{size}`, never building: a missing, stale, damaged or
/// foreign file fails with `TWISTY_STATUS_DATABASE`, naming the file and the reason.
#[ffi_export]
fn twisty_cube3_optimal_open_existing(
    path: Text<'_>,
    size: i32,
    out: NewHandle<'_, twisty_cube3_optimal>,
) -> i32 {
    call(|| {
        let (path, out) = (arg!(path)?, arg!(out)?);
        put_handle(
            out,
            twisty_cube3_optimal {
                inner: api::cube3_optimal_open_existing(path, size)?,
            },
        )
    })
}

/// The default table file path of size `h{size}` (a string the caller frees with
/// `twisty_string_free`).
#[ffi_export]
fn twisty_cube3_optimal_default_path(size: i32, out: OutString<'_>) -> i32 {
    call(|| {
        let out = arg!(out)?;
        put_string(out, api::cube3_optimal_default_path(size)?)
    })
}

/// Frees the solver at `*handle` and sets `*handle` to NULL (NULL or `*handle == NULL`: nothing
/// happens). Free it only after every call using it has returned.
#[ffi_export]
fn twisty_cube3_optimal_free(handle: FreeHandle<'_, twisty_cube3_optimal>) {
    free_handle(handle)
}

/// Optimal solutions (fewest face turns) of a B32 cube: lengths `min_length..=max_length`
/// (`max_length` at most 40; every cube needs at most 20), at most `max_solutions` (at least 1)
/// of the first length that has any, searched on `threads` threads (0 = one per core, at most
/// 256). The same arguments give the same solutions, in the same order, in every runtime and
/// with any number of threads. No solution of at most `max_length` moves fails with
/// `TWISTY_STATUS_INVALID_ARGUMENT`. `timeout_ms` 0 = no deadline; a deadline or a cancellation
/// (`cancel` may be NULL) that stops the search first fails with `TWISTY_STATUS_CANCELLED`.
/// `progress` (NULL for none) is called on this thread after each depth: phase `depth N`,
/// `level` N, `done` the nodes so far, `found` the solutions of that depth.
#[ffi_export]
fn twisty_cube3_optimal_solve(
    solver: Option<&twisty_cube3_optimal>,
    cube: Text<'_>,
    min_length: i32,
    max_length: i32,
    max_solutions: i64,
    threads: i32,
    timeout_ms: i64,
    progress: ProgressFn,
    user_data: *mut c_void,
    cancel: Option<&twisty_cancel_token>,
    out: OutValue<'_, twisty_cube3_optimal_solutions>,
) -> i32 {
    call(|| {
        let (solver, cube, out) = (arg!(solver)?, arg!(cube)?, arg!(out)?);
        let cancel = cancel.map(twisty_cancel_token::engine);
        let found = api::cube3_optimal_solve(
            &solver.inner,
            cube,
            min_length,
            max_length,
            max_solutions,
            threads,
            timeout_ms,
            cancel,
            &mut reporter(progress, user_data),
        )?;
        put(out, found.into())
    })
}
