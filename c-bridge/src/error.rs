//! The one place where arguments are checked and where engine errors and panics become a status.
//!
//! Every export runs its body inside [`call`] (free functions inside [`release`]), which clears
//! this thread's last error, catches panics, and returns 0 or the failure's stable code (the
//! numbers of [`twisty::ErrorKind::code`], the same in Java and .NET), keeping code, message and
//! position in a thread-local that C reads with `twisty_last_error_code`, `_message` and
//! `_position` right after the failed call.
//!
//! Arguments go through [`arg!`] (and [`slice_arg!`] for arrays): a NULL becomes the
//! `null_argument` error `<name> must not be null`, where `<name>` is the C parameter's name
//! (taken from the Rust parameter by `stringify!`, so the message cannot drift from the header),
//! and text that is not UTF-8 becomes the `invalid_argument` error `<name> is not valid UTF-8`.

use std::cell::RefCell;
use std::ffi::CString;
use std::panic::{AssertUnwindSafe, catch_unwind};

use safer_ffi::prelude::*;
use twisty::{Error, ErrorKind, Result};

/// The status every call returns (as `int32_t`): 0, or the engine's stable error code, the same
/// numbers as in Java and .NET. The message and position are in `twisty_last_error_*`.
#[derive_ReprC]
#[repr(i32)]
#[ffi_export]
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum twisty_status {
    /// The call succeeded; its out-parameters are written.
    Ok = 0,
    /// Malformed notation or state text (`twisty_last_error_position` says where).
    InvalidNotation = 1,
    /// A state that cannot exist, or that the operation cannot accept.
    InvalidState = 2,
    /// A well-formed move that cannot be made in the state it is applied to.
    IllegalMove = 3,
    /// A database or table file that is missing, truncated, corrupt or of another version.
    Database = 4,
    /// Cancelled through a token, or stopped by its deadline.
    Cancelled = 5,
    /// An argument out of range, or text that is not UTF-8.
    InvalidArgument = 6,
    /// A required pointer argument or out-parameter was NULL.
    NullArgument = 7,
    /// A handle used after it was closed (never produced by the C API: a freed handle is NULL).
    Closed = 8,
    /// A bug: native code panicked. The library stays usable.
    Panic = 9,
}

/// Details of the last failure on this thread (code 0, position -1 and "" when the last call
/// succeeded). The message is kept as a C string so that `twisty_last_error_message` can hand
/// out a pointer that stays valid until the next call on this thread.
struct LastError {
    code: i32,
    position: i64,
    message: CString,
}

thread_local! {
    static LAST_ERROR: RefCell<LastError> = RefCell::new(LastError {
        code: 0,
        position: -1,
        message: CString::default(),
    });
}

fn set_last_error(code: i32, position: i64, message: &str) {
    LAST_ERROR.with(|slot| {
        *slot.borrow_mut() = LastError {
            code,
            position,
            message: c_text(message),
        }
    });
}

/// `text` as a C string. The engine's text never holds a NUL (its inputs came from C strings);
/// if one ever did, it is replaced rather than cutting the text short or failing the call.
pub fn c_text(text: &str) -> CString {
    CString::new(text.replace('\0', "\u{FFFD}")).unwrap_or_default()
}

/// `text` as a string the caller owns and frees with `twisty_string_free`.
pub fn c_string(text: String) -> char_p::Box {
    c_text(&text).into()
}

/// Runs an export's body: clears this thread's last error, catches panics, and returns the
/// status (0, or the code of the engine error or of the panic, whose details become the last
/// error).
pub fn call(body: impl FnOnce() -> Result<()>) -> i32 {
    set_last_error(0, -1, "");
    guarded(body)
}

/// Runs the body of a free function: like [`call`], but the last error is left as it is, the
/// way `free` leaves `errno`, so that C can release what a failed call left behind before it
/// reads why the call failed.
pub fn release(body: impl FnOnce()) {
    guarded(|| {
        body();
        Ok(())
    });
}

fn guarded(body: impl FnOnce() -> Result<()>) -> i32 {
    // A panic's text travels in the last error; nothing is printed to the host's stderr.
    twisty::host::quiet_panics();
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => 0,
        Ok(Err(e)) => {
            let code = e.code() as i32;
            set_last_error(code, e.position().map_or(-1, |p| p as i64), e.message());
            code
        }
        Err(payload) => {
            // The engine's one panic text, the same as Java's and .NET's.
            let message = twisty::host::panic_message(payload);
            let code = ErrorKind::Panic.code() as i32;
            set_last_error(code, -1, &message);
            code
        }
    }
}

/// The `null_argument` error for the C parameter `name`.
fn null(name: &str) -> Error {
    Error::new(ErrorKind::NullArgument, format!("{name} must not be null"))
}

/// A C argument that may be NULL, turned into its Rust value or the error naming the parameter.
/// Use it through [`arg!`], which supplies the name.
pub trait Arg {
    type Value;
    fn take(self, name: &'static str) -> Result<Self::Value>;
}

/// `const char *` text: NUL-terminated UTF-8.
impl<'a> Arg for Option<char_p::Ref<'a>> {
    type Value = &'a str;
    fn take(self, name: &'static str) -> Result<&'a str> {
        let text = self.ok_or_else(|| null(name))?;
        std::str::from_utf8(text.to_bytes())
            .map_err(|_| Error::invalid_argument(format!("{name} is not valid UTF-8")))
    }
}

/// A handle (`const twisty_*_t *`) or any other borrowed value.
impl<'a, T> Arg for Option<&'a T> {
    type Value = &'a T;
    fn take(self, name: &'static str) -> Result<&'a T> {
        self.ok_or_else(|| null(name))
    }
}

/// An out-parameter.
impl<'a, T> Arg for Option<Out<'a, T>> {
    type Value = Out<'a, T>;
    fn take(self, name: &'static str) -> Result<Out<'a, T>> {
        self.ok_or_else(|| null(name))
    }
}

/// The value of a C parameter, or the `null_argument` / `invalid_argument` error naming it.
#[macro_export]
macro_rules! arg {
    ($param:ident) => {
        $crate::error::Arg::take($param, stringify!($param))
    };
}

/// The array at `ptr` of `len` elements, or the `null_argument` error naming the parameter.
///
/// # Safety
/// `ptr` is NULL or points to `len` initialised values that stay valid and unchanged for `'a`
/// (the C caller's promise for the duration of the call).
pub unsafe fn slice_arg<'a, T>(ptr: *const T, len: usize, name: &'static str) -> Result<&'a [T]> {
    if ptr.is_null() {
        return Err(null(name));
    }
    // SAFETY: see the function's contract.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// The array of a C pointer parameter and its length parameter (see [`slice_arg`]).
#[macro_export]
macro_rules! slice_arg {
    ($ptr:ident, $len:ident) => {
        // SAFETY: the exported function's documented contract: `$ptr` points to `$len` elements.
        unsafe { $crate::error::slice_arg($ptr, $len, stringify!($ptr)) }
    };
}

/// `const char *` text.
pub type Text<'a> = Option<char_p::Ref<'a>>;
/// `char **out`: a string the caller frees with `twisty_string_free`.
pub type OutString<'a> = Option<Out<'a, Option<char_p::Box>>>;
/// `T *out`.
pub type OutValue<'a, T> = Option<Out<'a, T>>;

/// A code the engine returns as `u32` (a colouring, a variant), as the `int32_t` codes go in.
pub fn code_out(code: u32) -> i32 {
    i32::try_from(code).expect("enumeration codes are small")
}

/// Writes a result to its out-parameter.
pub fn put<T>(out: Out<'_, T>, value: T) -> Result<()> {
    out.write(value);
    Ok(())
}

/// Writes a string result (owned by the caller, freed with `twisty_string_free`).
pub fn put_string(out: Out<'_, Option<char_p::Box>>, text: String) -> Result<()> {
    put(out, Some(c_string(text)))
}

/// Status code of this thread's last failure (see `twisty_status_t`); 0 when the last call
/// succeeded. Does not itself change the last error.
#[ffi_export]
fn twisty_last_error_code() -> i32 {
    LAST_ERROR.with(|slot| slot.borrow().code)
}

/// 0-based character position of this thread's last failure (parse errors), or -1. Does not
/// itself change the last error.
#[ffi_export]
fn twisty_last_error_position() -> i64 {
    LAST_ERROR.with(|slot| slot.borrow().position)
}

/// Message of this thread's last failure, "" when the last call succeeded. The text belongs to
/// the library and stays valid until the next twisty call on this thread: copy it to keep it.
/// Does not itself change the last error.
#[ffi_export]
fn twisty_last_error_message() -> char_p::Ref<'static> {
    LAST_ERROR.with(|slot| {
        let ptr = slot.borrow().message.as_ptr();
        // SAFETY: the CString lives in this thread's slot until the next `call` on this thread
        // replaces it, which is the lifetime documented to C; nothing in Rust keeps the reference.
        unsafe { char_p::Ref::from_ptr_unchecked(std::ptr::NonNull::new_unchecked(ptr as *mut u8)) }
    })
}

/// Frees a string returned by the library. It follows `free()`'s rule: free a string once;
/// freeing it again is undefined behaviour (the caller's pointer is not set to NULL). NULL is
/// ignored. Like every free function, it leaves the last error as it is.
#[ffi_export]
fn twisty_string_free(string: Option<char_p::Box>) {
    release(|| drop(string));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message() -> String {
        twisty_last_error_message().to_str().to_string()
    }

    #[test]
    fn the_status_names_are_the_engine_codes() {
        let named = [
            (twisty_status::InvalidNotation, ErrorKind::InvalidNotation),
            (twisty_status::InvalidState, ErrorKind::InvalidState),
            (twisty_status::IllegalMove, ErrorKind::IllegalMove),
            (twisty_status::Database, ErrorKind::Database),
            (twisty_status::Cancelled, ErrorKind::Cancelled),
            (twisty_status::InvalidArgument, ErrorKind::InvalidArgument),
            (twisty_status::NullArgument, ErrorKind::NullArgument),
            (twisty_status::Closed, ErrorKind::Closed),
            (twisty_status::Panic, ErrorKind::Panic),
        ];
        assert_eq!(named.len(), ErrorKind::ALL.len(), "a kind has no C name");
        for (status, kind) in named {
            assert_eq!(status as i32, kind.code() as i32, "{status:?}");
            // TWISTY_STATUS_INVALID_NOTATION names the kind invalid_notation, and so on.
            let c_name = format!("{status:?}")
                .chars()
                .flat_map(|c| {
                    let sep = c.is_ascii_uppercase().then_some('_');
                    sep.into_iter()
                        .chain(std::iter::once(c.to_ascii_lowercase()))
                })
                .collect::<String>();
            assert_eq!(c_name.trim_start_matches('_'), kind.name());
        }
        assert_eq!(twisty_status::Ok as i32, 0);
    }

    #[test]
    fn engine_errors_leave_code_message_and_position() {
        assert_eq!(call(|| Err(Error::notation(3, "expected ','"))), 1);
        assert_eq!(twisty_last_error_code(), 1);
        assert_eq!(twisty_last_error_position(), 3);
        assert_eq!(message(), "at position 3: expected ','");
        // Reading the last error does not clear it.
        assert_eq!(twisty_last_error_code(), 1);
    }

    #[test]
    fn every_call_clears_the_last_error_first() {
        assert_eq!(call(|| Err(Error::invalid_argument("no"))), 6);
        assert_eq!(call(|| Ok(())), 0);
        assert_eq!(twisty_last_error_code(), 0);
        assert_eq!(twisty_last_error_position(), -1);
        assert_eq!(message(), "");
    }

    #[test]
    fn panics_become_code_9_with_their_text() {
        let who = "formatted";
        assert_eq!(call(|| panic!("a {who} panic")), 9);
        assert_eq!(message(), "a formatted panic");
        assert_eq!(call(|| panic!("static")), 9);
        assert_eq!(message(), "static");
        assert_eq!(call(|| std::panic::panic_any(42u8)), 9);
        assert_eq!(message(), twisty::host::NON_STRING_PANIC);
        assert_eq!(twisty_last_error_position(), -1);
    }

    #[test]
    fn freeing_leaves_the_last_error_alone() {
        assert_eq!(call(|| Err(Error::invalid_state("kept"))), 2);
        twisty_string_free(Some(c_string("x".into())));
        twisty_string_free(None);
        assert_eq!(
            (twisty_last_error_code(), message()),
            (2, "kept".to_string())
        );
    }

    #[test]
    fn the_last_error_is_per_thread() {
        assert_eq!(call(|| Err(Error::invalid_state("here"))), 2);
        std::thread::spawn(|| assert_eq!(twisty_last_error_code(), 0))
            .join()
            .unwrap();
        assert_eq!(twisty_last_error_code(), 2);
    }

    #[test]
    fn null_and_non_utf8_arguments_name_the_parameter() {
        let text: Option<char_p::Ref<'_>> = None;
        let e = arg!(text).unwrap_err();
        assert_eq!(
            (e.kind(), e.message()),
            (ErrorKind::NullArgument, "text must not be null")
        );
        let bytes = c"\xff\xfe";
        // SAFETY: a NUL-terminated literal (`From<&CStr>` would refuse it: it is not UTF-8).
        let moves = Some(unsafe {
            char_p::Ref::from_ptr_unchecked(
                std::ptr::NonNull::new(bytes.as_ptr() as *mut u8).unwrap(),
            )
        });
        let e = arg!(moves).unwrap_err();
        assert_eq!(
            (e.kind(), e.message()),
            (ErrorKind::InvalidArgument, "moves is not valid UTF-8")
        );
        let counts: *const u32 = std::ptr::null();
        let counts_len = 0;
        assert_eq!(
            slice_arg!(counts, counts_len).unwrap_err().message(),
            "counts must not be null"
        );
    }

    #[test]
    fn text_with_a_nul_is_kept_whole() {
        assert_eq!(c_text("a\0b").to_str().unwrap(), "a\u{FFFD}b");
    }
}
