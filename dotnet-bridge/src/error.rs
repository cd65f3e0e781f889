//! The one place where engine errors and panics become what crosses the boundary.
//!
//! A failed export returns `Err(NativeError::Raised)`, or `Panic` for a caught panic, and
//! stores the details in a thread-local [`LastError`]. P/Invoke calls are synchronous, so the C#
//! caller reads `twisty_last_error_code`, `_message` and `_position` on the same OS thread right
//! after the failed call. Each guarded call clears the previous error first.

use std::cell::RefCell;
use std::panic::{AssertUnwindSafe, catch_unwind};

use interoptopus::ffi;
use interoptopus::lang::types::TypeInfo;
use twisty::ErrorKind;

/// The error variant of every fallible export. It carries no data: the details are in the
/// thread-local last error (see the module documentation).
#[ffi]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NativeError {
    /// The call failed; `twisty_last_error_*` describe why.
    Raised,
}

/// The result type of every fallible export.
pub type NativeResult<T> = ffi::Result<T, NativeError>;

/// Details of the last failure on this thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastError {
    /// Stable code of [`twisty::ErrorKind`] (1-based); 0 when there is no error.
    pub code: u32,
    /// The engine's message, or a panic's payload text.
    pub message: String,
    /// 0-based character position for notation errors, -1 otherwise.
    pub position: i64,
}

thread_local! {
    static LAST_ERROR: RefCell<Option<LastError>> = const { RefCell::new(None) };
}

fn set_last_error(e: LastError) {
    LAST_ERROR.with(|slot| *slot.borrow_mut() = Some(e));
}

fn clear_last_error() {
    LAST_ERROR.with(|slot| *slot.borrow_mut() = None);
}

/// A copy of this thread's last error, if the last guarded call failed.
pub fn last_error() -> Option<LastError> {
    LAST_ERROR.with(|slot| slot.borrow().clone())
}

/// Runs `f` with panics caught; maps its outcome to what crosses the boundary.
///
/// `Ok` passes through; an engine error becomes `Err(Raised)` with the error's code, message and
/// position stored as the last error; a panic becomes `Panic` with code 9 and the payload text.
pub fn guard<T: TypeInfo>(f: impl FnOnce() -> twisty::Result<T>) -> NativeResult<T> {
    // A panic's message travels in its exception; nothing is printed to the host's stderr.
    twisty::host::quiet_panics();
    clear_last_error();
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(value)) => ffi::Ok(value),
        Ok(Err(e)) => {
            set_last_error(LastError {
                code: e.code(),
                message: e.message().to_string(),
                position: e.position().map_or(-1, |p| p as i64),
            });
            ffi::Err(NativeError::Raised)
        }
        Err(payload) => {
            let message = twisty::host::panic_message(payload);
            set_last_error(LastError {
                code: ErrorKind::Panic.code(),
                message,
                position: -1,
            });
            ffi::Result::Panic
        }
    }
}

/// An engine result's text as an owned FFI string (the C# layer frees it).
pub fn to_ffi(r: twisty::Result<String>) -> twisty::Result<ffi::String> {
    r.map(ffi::String::from_string)
}

/// [`guard`] for an infallible engine call.
pub fn guard_value<T: TypeInfo>(f: impl FnOnce() -> T) -> NativeResult<T> {
    guard(|| Ok(f()))
}

/// Code of this thread's last error (see [`twisty::ErrorKind::code`]); 0 when the last guarded
/// call on this thread succeeded.
#[ffi]
pub fn twisty_last_error_code() -> u32 {
    catch_unwind(|| last_error().map_or(0, |e| e.code)).unwrap_or(ErrorKind::Panic.code())
}

/// 0-based character position of this thread's last error (notation errors), or -1.
#[ffi]
pub fn twisty_last_error_position() -> i64 {
    catch_unwind(|| last_error().map_or(-1, |e| e.position)).unwrap_or(-1)
}

/// Message of this thread's last error (empty when there is none). The caller owns the string.
#[ffi]
pub fn twisty_last_error_message() -> ffi::String {
    let message =
        catch_unwind(|| last_error().map(|e| e.message).unwrap_or_default()).unwrap_or_default();
    ffi::String::from_string(message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_errors_are_stored_with_code_message_and_position() {
        let r: NativeResult<u32> = guard(|| Err(twisty::Error::notation(3, "expected ','")));
        assert!(matches!(r, ffi::Err(NativeError::Raised)));
        assert_eq!(twisty_last_error_code(), 1);
        assert_eq!(twisty_last_error_position(), 3);
        assert_eq!(
            twisty_last_error_message().as_str(),
            "at position 3: expected ','"
        );
    }

    #[test]
    fn success_clears_the_last_error() {
        let _ = guard::<u32>(|| Err(twisty::Error::invalid_argument("no")));
        assert_eq!(twisty_last_error_code(), 6);
        assert!(guard_value(|| 5u32).is_ok());
        assert_eq!(twisty_last_error_code(), 0);
        assert_eq!(twisty_last_error_position(), -1);
        assert_eq!(twisty_last_error_message().as_str(), "");
    }

    #[test]
    fn panics_are_caught_with_their_payload_text() {
        let who = "formatted";
        let r: NativeResult<u32> = guard(|| panic!("a {who} panic"));
        assert!(matches!(r, ffi::Result::Panic));
        assert_eq!(twisty_last_error_code(), 9);
        assert_eq!(twisty_last_error_message().as_str(), "a formatted panic");

        let r: NativeResult<u32> = guard(|| panic!("static"));
        assert!(matches!(r, ffi::Result::Panic));
        assert_eq!(twisty_last_error_message().as_str(), "static");

        let r: NativeResult<u32> = guard(|| std::panic::panic_any(42u8));
        assert!(matches!(r, ffi::Result::Panic));
        assert_eq!(
            twisty_last_error_message().as_str(),
            twisty::host::NON_STRING_PANIC
        );
    }

    #[test]
    fn the_last_error_is_per_thread() {
        let _ = guard::<u32>(|| Err(twisty::Error::invalid_state("here")));
        std::thread::spawn(|| assert_eq!(twisty_last_error_code(), 0))
            .join()
            .unwrap();
        assert_eq!(twisty_last_error_code(), 2);
    }
}
