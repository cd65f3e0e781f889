//! # twisty-dotnet-testhooks
//!
//! A test-only build of the .NET bridge: it links every export of `twisty-dotnet` unchanged and
//! adds two entry points that the xunit suite declares itself (`Twisty.Tests/NativeDebug.cs`):
//! a panic inside a native call, which must arrive as `NativePanicException` with the library
//! still usable, and a call that holds the tables while a `Dispose` on another thread must not
//! free them. Nothing here ships: the NuGet package carries `libtwisty_dotnet.so`, built from
//! `twisty-dotnet` alone.
//!
//! Both return the error code of the call (0 on success) and leave the details in the bridge's
//! thread-local last error, which the C# side reads as for every other export.

use interoptopus::ffi;
use twisty_dotnet::error::{guard, twisty_last_error_code};
use twisty_dotnet::tables::Sq1Tables;

fn code<T: interoptopus::lang::types::TypeInfo>(r: ffi::Result<T, twisty_dotnet::error::NativeError>, out: impl FnOnce(T)) -> u32 {
    match r {
        ffi::Ok(v) => {
            out(v);
            0
        }
        _ => twisty_last_error_code(),
    }
}

/// Panics inside a guarded call with a message naming the UTF-8 text at `message` (`len`
/// bytes). Always fails with code 9.
///
/// # Safety
/// `message` points to `len` readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn twisty_debug_panic(message: *const u8, len: usize) -> u32 {
    // SAFETY: see the function's contract.
    let bytes = unsafe { std::slice::from_raw_parts(message, len) };
    code(
        guard(|| -> twisty::Result<u32> {
            panic!("debug panic requested: {}", String::from_utf8_lossy(bytes))
        }),
        |_| {},
    )
}

/// Holds the tables for `millis` milliseconds, then reads all of them and writes a checksum to
/// `checksum`: if a `Dispose` freed the tables under this call, the read would touch freed
/// memory.
///
/// # Safety
/// `tables` is a live `Sq1Tables` handle for the whole call; `checksum` is writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn twisty_debug_hold_tables(
    tables: *const Sq1Tables,
    millis: u32,
    checksum: *mut u64,
) -> u32 {
    // SAFETY: see the function's contract.
    let tables = unsafe { &*tables };
    code(
        guard(|| {
            std::thread::sleep(std::time::Duration::from_millis(millis as u64));
            Ok(tables.engine().checksum())
        }),
        // SAFETY: see the function's contract.
        |v| unsafe { *checksum = v },
    )
}
