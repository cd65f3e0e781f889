//! # twisty-c-testhooks
//!
//! A test-only build of the C API: it links every export of `twisty-c` unchanged and adds the
//! entry points that the C test programs declare themselves (they are not in `twisty.h`). Nothing
//! here ships: C programs link `libtwisty_c`, built from `twisty-c` alone, and `make c-test`
//! checks that it exports no `twisty_debug` symbol.

use safer_ffi::prelude::*;
use twisty_c::arg;
use twisty_c::error::{Text, call};

/// Panics inside a guarded call with the message `debug panic requested: <message>`. Always
/// fails with code 9 (or 7 for a NULL `message`), leaving the library usable.
#[ffi_export]
fn twisty_debug_panic(message: Text<'_>) -> i32 {
    call(|| {
        let message = arg!(message)?;
        panic!("debug panic requested: {message}")
    })
}
