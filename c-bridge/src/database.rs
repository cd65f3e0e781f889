//! The Silver-edition database: shells around `twisty::api::db_*`.
//!
//! A `twisty_sq1_database_t` is an open, complete database file (memory-mapped, immutable,
//! queried from many threads at once). A `twisty_sq1_solutions_t` walks all shortest solutions
//! of one state lazily; it holds its own reference to the database, so the database handle may
//! be freed before it, and its walk is behind a lock, so threads may share it (each solution is
//! handed out once).

use std::ffi::c_void;
use std::sync::{Arc, Mutex};

use safer_ffi::prelude::*;
use twisty::api;
use twisty::sq1::db::{Database, Solutions};
use twisty::{Error, ErrorKind};

use crate::arg;
use crate::error::{OutValue, Text, c_string, call, code_out, put, release};
use crate::handle::{
    FreeArray, FreeHandle, NewHandle, OutArray, free_array, free_handle, put_array, put_handle,
};
use crate::progress::{ProgressFn, reporter, token, twisty_cancel_token};

/// An open Silver-edition database file.
#[derive_ReprC]
#[repr(opaque)]
#[allow(non_camel_case_types)]
pub struct twisty_sq1_database {
    inner: Arc<Database>,
}

/// A solution from the database. Its strings belong to the caller: free them with
/// `twisty_sq1_database_solution_free`.
#[derive_ReprC]
#[repr(C)]
#[allow(non_camel_case_types)]
pub struct twisty_sq1_database_solution {
    /// The moves in WCA notation.
    pub wca: Option<char_p::Box>,
    /// The moves in the article's notation, ending with `!` when they leave the puzzle upside
    /// down.
    pub article: Option<char_p::Box>,
    /// The number of twists (`/`).
    pub twists: u32,
    /// Whether the moves leave the puzzle upside down.
    pub flipped: bool,
}

impl From<api::DatabaseSolutionText> for twisty_sq1_database_solution {
    fn from(s: api::DatabaseSolutionText) -> Self {
        Self {
            wca: Some(c_string(s.wca)),
            article: Some(c_string(s.article)),
            twists: s.twists,
            flipped: s.flipped,
        }
    }
}

/// Frees the strings of a solution and sets them to NULL (so a second free does nothing);
/// NULL is ignored. The struct itself is the caller's.
#[ffi_export]
fn twisty_sq1_database_solution_free(solution: Option<&mut twisty_sq1_database_solution>) {
    release(|| {
        if let Some(s) = solution {
            drop((s.wca.take(), s.article.take()));
        }
    });
}

/// Opens a complete database file (either variant); free it with `twisty_sq1_database_free`.
#[ffi_export]
fn twisty_sq1_database_open(path: Text<'_>, out: NewHandle<'_, twisty_sq1_database>) -> i32 {
    call(|| {
        let (path, out) = (arg!(path)?, arg!(out)?);
        put_handle(
            out,
            twisty_sq1_database {
                inner: api::db_open(path)?,
            },
        )
    })
}

/// Frees the database at `*handle` and sets `*handle` to NULL (NULL or `*handle == NULL`:
/// nothing happens). Free it only after every call using it has returned; solution iterators
/// made from it stay valid.
#[ffi_export]
fn twisty_sq1_database_free(handle: FreeHandle<'_, twisty_sq1_database>) {
    free_handle(handle)
}

/// The variant of the database: 0 = article, 1 = middle.
#[ffi_export]
fn twisty_sq1_database_variant(
    database: Option<&twisty_sq1_database>,
    out: OutValue<'_, i32>,
) -> i32 {
    call(|| {
        let (database, out) = (arg!(database)?, arg!(out)?);
        put(out, code_out(api::db_variant(&database.inner)))
    })
}

/// Classes per level: element i is the count of level i+1 (level 1 = solved), up to the last
/// level the file holds. The array belongs to the caller: free it with `twisty_u64_array_free`.
#[ffi_export]
fn twisty_sq1_database_level_counts(
    database: Option<&twisty_sq1_database>,
    out: OutArray<'_, u64>,
) -> i32 {
    call(|| {
        let (database, out) = (arg!(database)?, arg!(out)?);
        put_array(out, api::db_level_counts(&database.inner))
    })
}

/// Frees an array of 64-bit numbers returned by the library and sets its `ptr` to NULL (so a
/// second free does nothing); NULL is ignored.
#[ffi_export]
fn twisty_u64_array_free(array: FreeArray<'_, u64>) {
    free_array(array)
}

/// Whether the file holds every class (false for a database built up to a maximum level).
#[ffi_export]
fn twisty_sq1_database_is_full(
    database: Option<&twisty_sq1_database>,
    out: OutValue<'_, bool>,
) -> i32 {
    call(|| {
        let (database, out) = (arg!(database)?, arg!(out)?);
        put(out, api::db_is_full(&database.inner))
    })
}

/// Recomputes every region checksum of the file (reads all of it).
#[ffi_export]
fn twisty_sq1_database_verify(database: Option<&twisty_sq1_database>) -> i32 {
    call(|| api::db_verify(&arg!(database)?.inner))
}

/// The fewest twists that solve a Silver state.
#[ffi_export]
fn twisty_sq1_database_distance(
    database: Option<&twisty_sq1_database>,
    state: Text<'_>,
    out: OutValue<'_, u32>,
) -> i32 {
    call(|| {
        let (database, state, out) = (arg!(database)?, arg!(state)?, arg!(out)?);
        put(out, api::db_distance(&database.inner, state)?)
    })
}

/// One shortest solution of a Silver state.
#[ffi_export]
fn twisty_sq1_database_solve(
    database: Option<&twisty_sq1_database>,
    state: Text<'_>,
    out: OutValue<'_, twisty_sq1_database_solution>,
) -> i32 {
    call(|| {
        let (database, state, out) = (arg!(database)?, arg!(state)?, arg!(out)?);
        put(out, api::db_solve(&database.inner, state)?.into())
    })
}

/// All shortest solutions of a Silver state, lazily, at most `limit` of them: read them with
/// `twisty_sq1_solutions_next`, free the iterator with `twisty_sq1_solutions_free`.
#[derive_ReprC]
#[repr(opaque)]
#[allow(non_camel_case_types)]
pub struct twisty_sq1_solutions {
    walk: Mutex<Solutions<Arc<Database>>>,
}

/// Starts the walk over all shortest solutions of a Silver state (at most `limit`). The
/// iterator keeps the database open by itself.
#[ffi_export]
fn twisty_sq1_database_solutions(
    database: Option<&twisty_sq1_database>,
    state: Text<'_>,
    limit: u64,
    out: NewHandle<'_, twisty_sq1_solutions>,
) -> i32 {
    call(|| {
        let (database, state, out) = (arg!(database)?, arg!(state)?, arg!(out)?);
        let walk = api::db_solutions(database.inner.clone(), state, limit)?;
        put_handle(
            out,
            twisty_sq1_solutions {
                walk: Mutex::new(walk),
            },
        )
    })
}

/// The next solution: `*found` says whether there was one, and only then is `*out` written.
/// After the last solution (or an error) every call finds none.
#[ffi_export]
fn twisty_sq1_solutions_next(
    solutions: Option<&twisty_sq1_solutions>,
    found: OutValue<'_, bool>,
    out: OutValue<'_, twisty_sq1_database_solution>,
) -> i32 {
    call(|| {
        let (solutions, found, out) = (arg!(solutions)?, arg!(found)?, arg!(out)?);
        let next = solutions
            .walk
            .lock()
            .map_err(|_| {
                Error::new(
                    ErrorKind::Panic,
                    "twisty_sq1_solutions_t is unusable: an earlier call panicked",
                )
            })?
            .next();
        match next {
            Some(solution) => {
                let solution = api::DatabaseSolutionText::from(solution?);
                put(out, solution.into())?;
                put(found, true)
            }
            None => put(found, false),
        }
    })
}

/// Frees the iterator at `*handle` and sets `*handle` to NULL (NULL or `*handle == NULL`:
/// nothing happens). Free it only after every call using it has returned.
#[ffi_export]
fn twisty_sq1_solutions_free(handle: FreeHandle<'_, twisty_sq1_solutions>) {
    free_handle(handle)
}

/// Builds (or resumes) a database at `path`: variant 0 = article, 1 = middle; `max_level` 0 =
/// all levels (at most 15); `threads` 0 = one per core. `progress` (NULL for none) is called on
/// this thread with `user_data`; a cancelled build fails with `TWISTY_STATUS_CANCELLED` and
/// leaves `<path>.partial` to resume from. `cancel` may be NULL.
#[ffi_export]
fn twisty_sq1_database_build(
    path: Text<'_>,
    variant: i32,
    max_level: u32,
    threads: u32,
    progress: ProgressFn,
    user_data: *mut c_void,
    cancel: Option<&twisty_cancel_token>,
) -> i32 {
    call(|| {
        let path = arg!(path)?;
        api::db_build(
            path,
            variant,
            max_level,
            threads,
            &mut reporter(progress, user_data),
            &token(cancel),
        )
    })
}
