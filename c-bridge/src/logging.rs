//! The engine's log records (the `log` crate) delivered to a C callback.
//!
//! The engine's one forwarding logger ([`twisty::host::set_log_sink`], shared by every bridge)
//! holds the C callback as its sink, behind its lock. The sink's level is also its ceiling, so
//! records above it are dropped by the `log` macros themselves (`log::set_max_level`) before
//! anything is formatted or called. The callback runs on whatever thread logs, rayon workers of
//! a database build included: it must be thread-safe. The engine calls it under its lock's read
//! side, so `twisty_set_logger` waits for running callbacks and, once it returns, the previous
//! callback is never called again (its `user_data` may then be freed). A callback that calls
//! `twisty_set_logger` would wait for itself: the engine refuses that call at once
//! (`TWISTY_STATUS_INVALID_ARGUMENT`) and changes nothing.

use std::ffi::c_void;

use log::{Level, LevelFilter};
use twisty::Error;
use twisty::host::LogSink;

use crate::error::{c_text, call};

type LogCallback =
    unsafe extern "C" fn(*mut c_void, i32, *const safer_ffi::c_char, *const safer_ffi::c_char);

/// `void (*callback)(void *user_data, int32_t level, const char *target, const char *message)`,
/// or NULL.
pub type LogFn = Option<LogCallback>;

struct CallbackSink {
    callback: LogCallback,
    user_data: *mut c_void,
    level: LevelFilter,
}

// SAFETY: the C contract of `twisty_set_logger`: the callback may be called from any thread, at
// once, with this `user_data`.
unsafe impl Send for CallbackSink {}
unsafe impl Sync for CallbackSink {}

impl LogSink for CallbackSink {
    fn max_level(&self, _target: &str) -> LevelFilter {
        self.level
    }

    fn ceiling(&self) -> LevelFilter {
        self.level
    }

    fn log(&self, level: Level, target: &str, message: &str) {
        let (target, message) = (c_text(target), c_text(message));
        // SAFETY: the callback and user_data given to `twisty_set_logger`; the strings outlive
        // the call.
        unsafe {
            (self.callback)(
                self.user_data,
                level as i32,
                target.as_ptr().cast(),
                message.as_ptr().cast(),
            )
        }
    }
}

/// The level filter of a C level code: 0 = off, 1 = error, 2 = warn, 3 = info, 4 = debug,
/// 5 = trace (the numbers of `log::Level`).
fn level_filter(level: i32) -> twisty::Result<LevelFilter> {
    usize::try_from(level)
        .ok()
        .and_then(|n| LevelFilter::iter().nth(n))
        .ok_or_else(|| {
            Error::invalid_argument(format!(
                "unknown log level {level} (0 = off, 1 = error, 2 = warn, 3 = info, 4 = debug, 5 = trace)"
            ))
        })
}

/// Sends the engine's log records at `level` and more severe (0 = off, 1 = error, 2 = warn,
/// 3 = info, 4 = debug, 5 = trace) to `callback`, as `callback(user_data, level, target,
/// message)`: `target` is the engine module that logged (`twisty::sq1::db::build`, ...), and both
/// strings are UTF-8, valid during the call only. A NULL `callback` turns logging off.
///
/// The callback may be called from any thread, several at once (database builds log from worker
/// threads): it must be thread-safe. When this call returns, the previous callback has returned
/// from every call and is never called again. Called from inside the callback, this call fails
/// at once with `TWISTY_STATUS_INVALID_ARGUMENT` (it would wait for its own caller to return)
/// and changes nothing.
#[safer_ffi::ffi_export]
fn twisty_set_logger(callback: LogFn, user_data: *mut c_void, level: i32) -> i32 {
    call(|| {
        let level = level_filter(level)?;
        let sink = callback.map(|callback| CallbackSink {
            callback,
            user_data,
            level,
        });
        twisty::host::set_log_sink(sink.map(|s| Box::new(s) as Box<dyn LogSink>))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_codes_are_the_log_levels() {
        assert_eq!(level_filter(0).unwrap(), LevelFilter::Off);
        assert_eq!(level_filter(1).unwrap(), LevelFilter::Error);
        assert_eq!(level_filter(3).unwrap(), LevelFilter::Info);
        assert_eq!(level_filter(5).unwrap(), LevelFilter::Trace);
        for bad in [-1, 6, i32::MAX] {
            assert_eq!(
                level_filter(bad).unwrap_err().message(),
                format!(
                    "unknown log level {bad} (0 = off, 1 = error, 2 = warn, 3 = info, 4 = debug, 5 = trace)"
                )
            );
        }
    }
}
