//! The one handle pattern: an opaque `twisty_<type>_t` that C holds by pointer.
//!
//! A constructor writes a new handle to its `twisty_<type>_t **out`; `twisty_<type>_free` takes
//! the address of the caller's pointer, frees the object and sets the pointer to NULL, so that a
//! second free through the same variable does nothing. Handles are `Send + Sync` (the engine's
//! objects are immutable once built, the solutions iterator is locked inside), so C may use one
//! handle from many threads at once; it frees it once, after every call using it has returned.
//!
//! Arrays the library returns follow the same rule: a `slice_boxed_<type>_t` (`ptr`, `len`)
//! written to an out-parameter, freed by its own free function through its address, which sets
//! `ptr` to NULL and `len` to 0.

use safer_ffi::boxed::Box_;
use safer_ffi::prelude::*;

/// The out-parameter of a constructor: `twisty_<type>_t **out`.
pub type NewHandle<'a, H> = Option<Out<'a, Option<Box_<H>>>>;

/// The parameter of a free function: `twisty_<type>_t **handle`.
pub type FreeHandle<'a, H> = Option<&'a mut Option<Box_<H>>>;

/// Moves `value` into a new handle and writes it to `out`.
pub fn put_handle<H: Send + Sync>(out: Out<'_, Option<Box_<H>>>, value: H) -> twisty::Result<()> {
    out.write(Some(Box_::new(value)));
    Ok(())
}

/// Frees the handle at `*handle` and sets `*handle` to NULL; NULL or `*handle == NULL` does
/// nothing.
pub fn free_handle<H: Send + Sync>(handle: FreeHandle<'_, H>) {
    crate::error::release(|| drop(handle.and_then(Option::take)));
}

/// The out-parameter of an array result: `slice_boxed_<type>_t *out`, whose `ptr` and `len`
/// the caller reads and then passes to the array's free function.
pub type OutArray<'a, T> = Option<Out<'a, Option<c_slice::Box<T>>>>;

/// Writes an array result (owned by the caller, freed with the array's free function).
pub fn put_array<T>(out: Out<'_, Option<c_slice::Box<T>>>, items: Vec<T>) -> twisty::Result<()> {
    out.write(Some(items.into_boxed_slice().into()));
    Ok(())
}

/// The parameter of an array's free function: `slice_boxed_<type>_t *array`.
pub type FreeArray<'a, T> = Option<&'a mut Option<c_slice::Box<T>>>;

/// Frees the array at `*array` (its elements too) and sets its `ptr` to NULL and `len` to 0;
/// NULL or a NULL `ptr` does nothing.
pub fn free_array<T>(array: FreeArray<'_, T>) {
    crate::error::release(|| {
        if let Some(array) = array {
            clear_array(array);
        }
    });
}

/// Frees the array in `slot` (its elements too) and leaves `ptr` NULL and `len` 0: `take` alone
/// writes only the NULL `ptr` that marks "none", and C would still read the old `len`.
pub fn clear_array<T>(slot: &mut Option<c_slice::Box<T>>) {
    drop(slot.take());
    // SAFETY: all-zero bytes are a `None` (a NULL `ptr` is the niche of the `Option`, whatever
    // `len` holds), and `slot` owns nothing any more.
    unsafe { std::ptr::write_bytes(slot as *mut Option<c_slice::Box<T>>, 0, 1) };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_freed_array_is_all_zero() {
        let mut slot: Option<c_slice::Box<u64>> = Some(vec![1u64, 2, 3].into_boxed_slice().into());
        free_array(Some(&mut slot));
        assert!(slot.is_none());
        // SAFETY: reads the slot's own bytes.
        let bytes = unsafe {
            std::slice::from_raw_parts(
                (&slot as *const Option<c_slice::Box<u64>>).cast::<u8>(),
                std::mem::size_of_val(&slot),
            )
        };
        assert_eq!(bytes, vec![0u8; 2 * std::mem::size_of::<usize>()]);
        // A second free through the same slot does nothing.
        free_array(Some(&mut slot));
        assert!(slot.is_none());
    }
}
