//! Progress callbacks and cancel tokens, shared by every long operation (database builds, table
//! builds, searches) of both puzzles.
//!
//! A long call takes `progress` (a C function, or NULL for none), the `user_data` it passes back
//! untouched, and `cancel` (a token, or NULL for none). The engine calls `progress` only on the
//! thread that made the call, so the callback needs no locking of its own; the report and its
//! phase text are valid during the callback only.

use std::ffi::c_void;
use std::time::Duration;

use safer_ffi::prelude::*;
use twisty::progress::{CancelToken, ProgressReport};

use crate::arg;
use crate::error::{c_text, call};
use crate::handle::{FreeHandle, NewHandle, free_handle, put_handle};

/// One progress report. Everything in it, `phase` included, is valid during the callback only.
#[derive_ReprC]
#[repr(C)]
#[allow(non_camel_case_types)]
pub struct twisty_progress {
    /// What is being done, for example `level 7 (forward)` (UTF-8).
    pub phase: *const safer_ffi::c_char,
    /// Level (databases) or depth (searches) being computed, 0 when not applicable.
    pub level: u32,
    /// Work done in the current phase, in the phase's own units.
    pub done: u64,
    /// Total work of the current phase, in the same units.
    pub total: u64,
    /// Positions found so far in the whole operation.
    pub found: u64,
    /// Time since the operation started, in nanoseconds.
    pub elapsed_ns: u64,
    /// Estimated time left in the current phase, in nanoseconds (0 unless `has_eta`).
    pub eta_ns: u64,
    /// Whether `eta_ns` holds an estimate.
    pub has_eta: bool,
}

/// `void (*progress)(void *user_data, const twisty_progress_t *report)`, or NULL for none.
pub type ProgressFn = Option<unsafe extern "C" fn(*mut c_void, *const twisty_progress)>;

fn nanos(d: Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}

/// The engine's progress sink for a C callback (which may be NULL).
pub(crate) fn reporter(
    progress: ProgressFn,
    user_data: *mut c_void,
) -> impl FnMut(&ProgressReport) {
    move |r: &ProgressReport| {
        let Some(callback) = progress else { return };
        let phase = c_text(&r.phase);
        let report = twisty_progress {
            phase: phase.as_ptr().cast(),
            level: r.level,
            done: r.done,
            total: r.total,
            found: r.found,
            elapsed_ns: nanos(r.elapsed),
            eta_ns: r.eta.map_or(0, nanos),
            has_eta: r.eta.is_some(),
        };
        // SAFETY: the caller passed a function of this signature; the report outlives the call.
        unsafe { callback(user_data, &report) }
    }
}

/// A cancellation flag: one thread passes it to a long call, any other cancels it.
#[derive_ReprC]
#[repr(opaque)]
#[allow(non_camel_case_types)]
pub struct twisty_cancel_token {
    inner: CancelToken,
}

impl twisty_cancel_token {
    /// The engine's token behind the handle.
    pub fn engine(&self) -> &CancelToken {
        &self.inner
    }
}

/// The engine's token for a C `cancel` argument: NULL means a token nobody cancels.
pub fn token(cancel: Option<&twisty_cancel_token>) -> CancelToken {
    cancel.map_or_else(CancelToken::new, |t| t.inner.clone())
}

/// Creates a token that is not cancelled; free it with `twisty_cancel_token_free`.
#[ffi_export]
fn twisty_cancel_token_new(out: NewHandle<'_, twisty_cancel_token>) -> i32 {
    call(|| {
        put_handle(
            arg!(out)?,
            twisty_cancel_token {
                inner: CancelToken::new(),
            },
        )
    })
}

/// Cancels every call using the token, now and later (from any thread). A long call notices
/// within a short while and fails with `TWISTY_STATUS_CANCELLED`; a call started with a
/// cancelled token fails at once.
#[ffi_export]
fn twisty_cancel_token_cancel(token: Option<&twisty_cancel_token>) -> i32 {
    call(|| {
        arg!(token)?.inner.cancel();
        Ok(())
    })
}

/// Whether the token was cancelled.
#[ffi_export]
fn twisty_cancel_token_is_cancelled(
    token: Option<&twisty_cancel_token>,
    out: Option<Out<'_, bool>>,
) -> i32 {
    call(|| {
        let (token, out) = (arg!(token)?, arg!(out)?);
        crate::error::put(out, token.inner.is_cancelled())
    })
}

/// Frees the token at `*handle` and sets `*handle` to NULL (NULL or `*handle == NULL`: nothing
/// happens). Free it only after every call using it has returned.
#[ffi_export]
fn twisty_cancel_token_free(handle: FreeHandle<'_, twisty_cancel_token>) {
    free_handle(handle)
}
