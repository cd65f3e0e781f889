//! The Silver-edition database: guarded shells around `twisty::api::db_*`.
//!
//! Two interoptopus services, each owned on the C# side by its own `SafeHandle` subclass:
//!
//! - [`Sq1Database`]: an open database file (`Arc<Database>`, `Send + Sync`, queried from many
//!   threads at once).
//! - [`Sq1Solutions`]: a lazy iterator over all shortest solutions. It owns its own `Arc` of the
//!   database, so disposing the database while an iterator is alive is safe. Its state sits
//!   behind a mutex, so even concurrent `next` calls are memory-safe.
//!
//! [`twisty_db_build`] takes the progress callback and [`CancelToken`] that every long call shares
//! (`progress.rs`).

use std::sync::{Arc, Mutex};

use interoptopus::ffi;
use twisty::api;
use twisty::sq1::db::{Database, Solution, Solutions};

use crate::error::{NativeError, guard, guard_value};
use crate::progress::{BuildProgressCallback, CancelToken, reporter};

/// One shortest solution from the database (C#: `DatabaseSolution`) as text: the moves in WCA
/// notation and in the article's notation (ending with `!` when the moves leave the puzzle upside
/// down), the number of twists, and whether the puzzle ends upside down.
#[ffi]
pub struct DatabaseSolutionText {
    /// WCA notation.
    pub wca: ffi::String,
    /// The article's notation.
    pub article: ffi::String,
    /// Number of twists (`/`).
    pub twists: u32,
    /// Whether the moves leave the puzzle upside down.
    pub flipped: bool,
}

impl From<api::DatabaseSolutionText> for DatabaseSolutionText {
    fn from(s: api::DatabaseSolutionText) -> Self {
        Self {
            wca: ffi::String::from_string(s.wca),
            article: ffi::String::from_string(s.article),
            twists: s.twists,
            flipped: s.flipped,
        }
    }
}

impl From<Solution> for DatabaseSolutionText {
    fn from(s: Solution) -> Self {
        api::DatabaseSolutionText::from(s).into()
    }
}

/// An open, complete Silver-edition database file. Immutable; usable from many threads at once.
#[ffi(service)]
pub struct Sq1Database {
    inner: Arc<Database>,
}

#[ffi]
impl Sq1Database {
    /// Opens a complete database file (either variant).
    pub fn open(path: ffi::String) -> ffi::Result<Self, NativeError> {
        guard(|| {
            Ok(Self {
                inner: api::db_open(path.as_str())?,
            })
        })
    }

    /// The variant: 0 = article, 1 = middle.
    pub fn variant(&self) -> ffi::Result<u32, NativeError> {
        guard_value(|| api::db_variant(&self.inner))
    }

    /// Classes per level: element i is the count of level i+1 (level 1 = solved).
    pub fn level_counts(&self) -> ffi::Result<ffi::Vec<u64>, NativeError> {
        guard_value(|| ffi::Vec::from_vec(api::db_level_counts(&self.inner)))
    }

    /// Whether the file holds every class (false for a partial database).
    pub fn is_full(&self) -> ffi::Result<bool, NativeError> {
        guard_value(|| api::db_is_full(&self.inner))
    }

    /// Recomputes every region checksum.
    pub fn verify(&self) -> ffi::Result<(), NativeError> {
        guard(|| api::db_verify(&self.inner))
    }

    /// The fewest twists that solve a Silver state.
    pub fn distance(&self, state: ffi::String) -> ffi::Result<u32, NativeError> {
        guard(|| api::db_distance(&self.inner, state.as_str()))
    }

    /// Bytes the database holds on the native heap (the C# handle reports them to the GC).
    pub fn native_bytes(&self) -> ffi::Result<u64, NativeError> {
        guard_value(|| self.inner.heap_bytes() as u64)
    }

    /// One shortest solution of a Silver state.
    pub fn solve(&self, state: ffi::String) -> ffi::Result<DatabaseSolutionText, NativeError> {
        guard(|| api::db_solve(&self.inner, state.as_str()).map(DatabaseSolutionText::from))
    }
}

/// A lazy iterator over the shortest solutions of one state (at most a limit of them). It keeps
/// its database alive on its own.
#[ffi(service)]
pub struct Sq1Solutions {
    inner: Mutex<Solutions<Arc<Database>>>,
}

#[ffi]
impl Sq1Solutions {
    /// Starts the iteration over the shortest solutions of `state` in `db`, at most `limit`.
    pub fn create(db: &Sq1Database, state: ffi::String, limit: u64) -> ffi::Result<Self, NativeError> {
        guard(|| {
            Ok(Self {
                inner: Mutex::new(api::db_solutions(Arc::clone(&db.inner), state.as_str(), limit)?),
            })
        })
    }

    /// The next solution, or none when the iteration is over; a corrupt file fails with code 4
    /// (and ends the iteration).
    pub fn next(&self) -> ffi::Result<ffi::Option<DatabaseSolutionText>, NativeError> {
        guard(|| {
            // A panic inside an earlier `next` may have left the walk half-updated: refuse it,
            // as the JNI and C bridges do.
            let mut it = self.inner.lock().map_err(|_| {
                twisty::Error::new(
                    twisty::ErrorKind::Panic,
                    "the solutions iterator is unusable: an earlier call panicked",
                )
            })?;
            Ok(it.next().transpose()?.map(DatabaseSolutionText::from).into())
        })
    }
}

/// Builds (or resumes) a database at `path`: variant 0 = article, 1 = middle; `max_level` 0 = all
/// levels; `threads` 0 = one per core. `progress` is called on this thread only; a cancelled
/// build fails with code 5 and leaves `<path>.partial` to resume from.
#[ffi]
pub fn twisty_db_build(
    path: ffi::String,
    variant: i32,
    max_level: u32,
    threads: u32,
    progress: BuildProgressCallback,
    cancel: &CancelToken,
) -> ffi::Result<(), NativeError> {
    guard(|| api::db_build(path.as_str(), variant, max_level, threads, &mut reporter(&progress), &cancel.inner))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{twisty_last_error_code, twisty_last_error_message};

    #[test]
    fn opening_a_missing_file_is_a_database_error() {
        let r = Sq1Database::open(ffi::String::from_string("/nonexistent/twisty.db".into()));
        assert!(matches!(r, ffi::Err(NativeError::Raised)));
        assert_eq!(twisty_last_error_code(), 4);
        assert_eq!(
            twisty_last_error_message().as_str(),
            "/nonexistent/twisty.db: cannot open: no such file or directory"
        );
    }

    #[test]
    fn cancel_tokens_cancel_and_bad_build_arguments_are_refused_before_any_work() {
        let token = match CancelToken::create() {
            ffi::Ok(t) => t,
            _ => panic!("create failed"),
        };
        assert!(matches!(token.is_cancelled(), ffi::Ok(false)));
        assert!(token.cancel().is_ok());
        assert!(matches!(token.is_cancelled(), ffi::Ok(true)));

        let calls = Arc::new(std::sync::atomic::AtomicU32::new(0));
        let seen = Arc::clone(&calls);
        let progress = BuildProgressCallback::from_fn(move |_, _| {
            seen.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        });
        let r = twisty_db_build(ffi::String::from_string("/nonexistent/x.db".into()), 0, 16, 0, progress, &token);
        assert!(matches!(r, ffi::Err(NativeError::Raised)));
        assert_eq!(twisty_last_error_code(), 6);
        assert_eq!(twisty_last_error_message().as_str(), "max_level 16 out of range 0..=15");
        assert_eq!(calls.load(std::sync::atomic::Ordering::Relaxed), 0);
    }

}
