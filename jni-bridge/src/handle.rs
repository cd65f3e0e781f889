//! Native objects owned by Java objects.
//!
//! A native object is a `Box<T>` turned into a `jlong` by [`into_handle`]; the Java side
//! (`org.twisty.NativeObject`) owns that number and guarantees that [`free`] runs exactly once,
//! and only after the last call that was using the pointer has returned. Each module uses one
//! `T` for its handles, so a pointer is always read back as the type it was stored as.

use jni::sys::jlong;
use twisty::{Error, ErrorKind};

use crate::error::Result;

/// Moves `value` to the heap and returns the pointer as a Java `long`.
pub fn into_handle<T: Send + Sync>(value: T) -> jlong {
    Box::into_raw(Box::new(value)) as jlong
}

/// Borrows the object behind a handle. `0` (never a live handle) is a `closed` error rather than
/// a crash.
///
/// # Safety
/// `handle` is `0` or was returned by [`into_handle::<T>`] and not yet passed to [`free`], and it
/// stays so for `'a` (the Java side's in-flight count guarantees this for the duration of a
/// native call).
pub unsafe fn borrow<'a, T: Send + Sync>(handle: jlong, type_name: &str) -> Result<&'a T> {
    let ptr = handle as *const T;
    if ptr.is_null() {
        return Err(Error::new(ErrorKind::Closed, format!("{type_name} is closed")).into());
    }
    // SAFETY: see the function's contract.
    Ok(unsafe { &*ptr })
}

/// Drops the object behind a handle; `0` is ignored.
///
/// # Safety
/// `handle` is `0` or was returned by [`into_handle::<T>`], is freed at most once, and no call is
/// using it any more.
pub unsafe fn free<T: Send + Sync>(handle: jlong) {
    let ptr = handle as *mut T;
    if !ptr.is_null() {
        // SAFETY: see the function's contract.
        drop(unsafe { Box::from_raw(ptr) });
    }
}
