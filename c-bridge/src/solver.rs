//! The six-colour Square-1 solver: shells around `twisty::api::sq1_solver_*`, `sq1_solve*`,
//! `sq1_solutions`, `sq1_distance` and `sq1_scramble`.
//!
//! A `twisty_sq1_solver_t` holds the pruning tables mapped from their table file; it is
//! immutable, and one handle serves any number of threads at once. Metric codes: 0 = twist,
//! 1 = WCA, 2 = face-turn. Timeouts are milliseconds (0 = none, negative refused); a search
//! stopped by its deadline or its token fails with `TWISTY_STATUS_CANCELLED`.

use std::ffi::c_void;
use std::sync::Arc;

use safer_ffi::prelude::*;
use twisty::api;
use twisty::sq1::solve::Solver;

use crate::arg;
use crate::error::{OutString, OutValue, Text, c_string, call, put, put_string, release};
use crate::handle::{
    FreeArray, FreeHandle, NewHandle, OutArray, free_array, free_handle, put_array, put_handle,
};
use crate::progress::{ProgressFn, reporter, token, twisty_cancel_token};

/// The six-colour Square-1 solver.
#[derive_ReprC]
#[repr(opaque)]
#[allow(non_camel_case_types)]
pub struct twisty_sq1_solver {
    inner: Arc<Solver>,
}

/// A solver's answer. Its string belongs to the caller: free it with
/// `twisty_sq1_solver_solution_free`.
#[derive_ReprC]
#[repr(C)]
#[allow(non_camel_case_types)]
pub struct twisty_sq1_solver_solution {
    /// The moves in WCA notation (empty for a solved state).
    pub wca: Option<char_p::Box>,
    /// The length in the metric asked for.
    pub length: u32,
    /// The number of twists (`/`).
    pub twists: u32,
}

impl From<api::SolverSolutionText> for twisty_sq1_solver_solution {
    fn from(s: api::SolverSolutionText) -> Self {
        Self {
            wca: Some(c_string(s.wca)),
            length: s.length,
            twists: s.twists,
        }
    }
}

/// A random-state scramble. Its strings belong to the caller: free them with
/// `twisty_sq1_scramble_free`.
#[derive_ReprC]
#[repr(C)]
#[allow(non_camel_case_types)]
pub struct twisty_sq1_scramble {
    /// The scramble in WCA notation, `(x,y) / (x,y) / ...`.
    pub scramble: Option<char_p::Box>,
    /// The state it leads to from solved.
    pub state: Option<char_p::Box>,
}

/// Frees the string of a solution and sets it to NULL (so a second free does nothing); NULL is
/// ignored. The struct itself is the caller's.
#[ffi_export]
fn twisty_sq1_solver_solution_free(solution: Option<&mut twisty_sq1_solver_solution>) {
    release(|| drop(solution.and_then(|s| s.wca.take())));
}

/// Frees the strings of a scramble and sets them to NULL (so a second free does nothing); NULL
/// is ignored. The struct itself is the caller's.
#[ffi_export]
fn twisty_sq1_scramble_free(scramble: Option<&mut twisty_sq1_scramble>) {
    release(|| {
        if let Some(s) = scramble {
            drop((s.scramble.take(), s.state.take()));
        }
    });
}

/// Opens the solver's table file at `path`, building and saving the tables first when the
/// file is missing, stale or damaged (about half a minute; `progress`, NULL for none, is called
/// on this thread with `user_data`; `cancel` may be NULL). An empty `path` means the default
/// path (`twisty_sq1_solver_default_path`). Free the solver with `twisty_sq1_solver_free`.
#[ffi_export]
fn twisty_sq1_solver_open(
    path: Text<'_>,
    progress: ProgressFn,
    user_data: *mut c_void,
    cancel: Option<&twisty_cancel_token>,
    out: NewHandle<'_, twisty_sq1_solver>,
) -> i32 {
    call(|| {
        let (path, out) = (arg!(path)?, arg!(out)?);
        let inner = api::sq1_solver_open(path, &mut reporter(progress, user_data), &token(cancel))?;
        put_handle(out, twisty_sq1_solver { inner })
    })
}

/// Opens an existing table file, never building: a missing, stale or damaged file fails with
/// `TWISTY_STATUS_DATABASE`.
#[ffi_export]
fn twisty_sq1_solver_open_existing(path: Text<'_>, out: NewHandle<'_, twisty_sq1_solver>) -> i32 {
    call(|| {
        let (path, out) = (arg!(path)?, arg!(out)?);
        put_handle(
            out,
            twisty_sq1_solver {
                inner: api::sq1_solver_open_existing(path)?,
            },
        )
    })
}

/// The default table file path (a string the caller frees with `twisty_string_free`).
#[ffi_export]
fn twisty_sq1_solver_default_path(out: OutString<'_>) -> i32 {
    call(|| put_string(arg!(out)?, api::sq1_solver_default_path()))
}

/// Frees the solver at `*handle` and sets `*handle` to NULL (NULL or `*handle == NULL`: nothing
/// happens). Free it only after every call using it has returned.
#[ffi_export]
fn twisty_sq1_solver_free(handle: FreeHandle<'_, twisty_sq1_solver>) {
    free_handle(handle)
}

/// One optimal solution of a six-colour state in a metric. `timeout_ms` 0 = no deadline;
/// `progress` (NULL for none) is called on this thread after each search depth; `cancel` may be
/// NULL.
#[ffi_export]
fn twisty_sq1_solver_solve(
    solver: Option<&twisty_sq1_solver>,
    state: Text<'_>,
    metric: i32,
    timeout_ms: i64,
    progress: ProgressFn,
    user_data: *mut c_void,
    cancel: Option<&twisty_cancel_token>,
    out: OutValue<'_, twisty_sq1_solver_solution>,
) -> i32 {
    call(|| {
        let (solver, state, out) = (arg!(solver)?, arg!(state)?, arg!(out)?);
        let mut report = reporter(progress, user_data);
        let solution = api::sq1_solve(
            &solver.inner,
            state,
            metric,
            timeout_ms,
            &mut report,
            &token(cancel),
        )?;
        put(out, solution.into())
    })
}

/// Up to `limit` (at least 1) optimal solutions, in search order. The array belongs to the
/// caller: free it with `twisty_sq1_solver_solutions_free`.
#[ffi_export]
fn twisty_sq1_solver_solutions(
    solver: Option<&twisty_sq1_solver>,
    state: Text<'_>,
    metric: i32,
    limit: u32,
    timeout_ms: i64,
    cancel: Option<&twisty_cancel_token>,
    out: OutArray<'_, twisty_sq1_solver_solution>,
) -> i32 {
    call(|| {
        let (solver, state, out) = (arg!(solver)?, arg!(state)?, arg!(out)?);
        let all = api::sq1_solutions(
            &solver.inner,
            state,
            metric,
            limit,
            timeout_ms,
            &token(cancel),
        )?;
        put_array(out, all.into_iter().map(Into::into).collect())
    })
}

/// Frees an array of solutions (their strings too) and sets its `ptr` to NULL (so a second free
/// does nothing); NULL is ignored.
#[ffi_export]
fn twisty_sq1_solver_solutions_free(array: FreeArray<'_, twisty_sq1_solver_solution>) {
    free_array(array)
}

/// The optimal length of a six-colour state in a metric.
#[ffi_export]
fn twisty_sq1_solver_distance(
    solver: Option<&twisty_sq1_solver>,
    state: Text<'_>,
    metric: i32,
    out: OutValue<'_, u32>,
) -> i32 {
    call(|| {
        let (solver, state, out) = (arg!(solver)?, arg!(state)?, arg!(out)?);
        put(out, api::sq1_distance(&solver.inner, state, metric)?)
    })
}

/// A short solution found fast by the two-phase search: it stops at the first solution of at
/// most `max_length` moves (0 = no bound), after `node_limit` search nodes (0 = none; the result
/// is then the same on every machine) or at the deadline (`timeout_ms`, 0 = none), returning the
/// best found. `cancel` may be NULL.
#[ffi_export]
fn twisty_sq1_solver_solve_fast(
    solver: Option<&twisty_sq1_solver>,
    state: Text<'_>,
    metric: i32,
    max_length: u32,
    node_limit: u64,
    timeout_ms: i64,
    cancel: Option<&twisty_cancel_token>,
    out: OutValue<'_, twisty_sq1_solver_solution>,
) -> i32 {
    call(|| {
        let (solver, state, out) = (arg!(solver)?, arg!(state)?, arg!(out)?);
        let cancel = token(cancel);
        let solution = api::sq1_solve_fast(
            &solver.inner,
            state,
            metric,
            max_length,
            node_limit,
            timeout_ms,
            &cancel,
        )?;
        put(out, solution.into())
    })
}

/// The random-state scramble of a seed (the same seed gives the same scramble in every
/// runtime).
#[ffi_export]
fn twisty_sq1_solver_scramble(
    solver: Option<&twisty_sq1_solver>,
    seed: u64,
    out: OutValue<'_, twisty_sq1_scramble>,
) -> i32 {
    call(|| {
        let (solver, out) = (arg!(solver)?, arg!(out)?);
        let s = api::sq1_scramble(&solver.inner, seed)?;
        put(
            out,
            twisty_sq1_scramble {
                scramble: Some(c_string(s.scramble)),
                state: Some(c_string(s.state)),
            },
        )
    })
}
