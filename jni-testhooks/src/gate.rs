//! The gate of the "hold the tables until released" hooks (shared with `dotnet-testhooks`): a
//! test knows that a call is inside native code, and decides when it returns, without sleeping.
//! A call that enters is counted and waits for the next release; `await_held(n)` returns once
//! `n` calls are waiting; `release_held()` lets every waiting call go on.

use std::sync::{Condvar, Mutex, PoisonError};
use std::time::Duration;

/// Calls waiting, and the release generation they wait to see change.
static GATE: (Mutex<(u32, u64)>, Condvar) = (Mutex::new((0, 0)), Condvar::new());

/// A hang guard only: a test that never releases (or never enters) fails instead of hanging.
const PATIENCE: Duration = Duration::from_secs(600);

/// Waits inside the calling native call until the next [`release_held`].
pub fn hold() -> twisty::Result<()> {
    let (lock, changed) = &GATE;
    let mut g = lock.lock().unwrap_or_else(PoisonError::into_inner);
    g.0 += 1;
    let generation = g.1;
    changed.notify_all();
    let (mut g, wait) = changed
        .wait_timeout_while(g, PATIENCE, |g| g.1 == generation)
        .unwrap_or_else(PoisonError::into_inner);
    g.0 -= 1;
    if wait.timed_out() {
        return Err(twisty::Error::invalid_argument("the held call was not released within 600 s"));
    }
    Ok(())
}

/// Returns once at least `calls` calls wait in [`hold`].
pub fn await_held(calls: u32) -> twisty::Result<()> {
    let (lock, changed) = &GATE;
    let g = lock.lock().unwrap_or_else(PoisonError::into_inner);
    let (_g, wait) = changed
        .wait_timeout_while(g, PATIENCE, |g| g.0 < calls)
        .unwrap_or_else(PoisonError::into_inner);
    if wait.timed_out() {
        return Err(twisty::Error::invalid_argument(format!(
            "{calls} held calls did not arrive within 600 s"
        )));
    }
    Ok(())
}

/// Lets every call waiting in [`hold`] go on.
pub fn release_held() {
    let (lock, changed) = &GATE;
    lock.lock().unwrap_or_else(PoisonError::into_inner).1 += 1;
    changed.notify_all();
}
