//! # twisty-dotnet-testhooks
//!
//! A test-only build of the .NET bridge: it links every export of `twisty-dotnet` unchanged and
//! adds entry points that the xunit suite declares itself (`Twisty.Tests/NativeDebug.cs`):
//! a panic inside a native call, which must arrive as `NativePanicException` with the library
//! still usable; a call that holds the tables while a `Dispose` on another thread must not
//! free them; and log records of a chosen level, target and text, logged through the `log` crate
//! from the calling thread or from threads that .NET did not create (as a database build's
//! workers are). Nothing here ships: the NuGet package carries `libtwisty_dotnet.so`, built from
//! `twisty-dotnet` alone.
//!
//! Each returns the error code of the call (0 on success) and leaves the details in the bridge's
//! thread-local last error, which the C# side reads as for every other export.

use interoptopus::ffi;
use twisty_dotnet::error::{guard, twisty_last_error_code};
use twisty_dotnet::tables::Sq1Tables;

fn code<T: interoptopus::lang::types::TypeInfo>(
    r: ffi::Result<T, twisty_dotnet::error::NativeError>,
    out: impl FnOnce(T),
) -> u32 {
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

/// The gate of the "hold until released" hooks, the same as the JNI test build's.
#[path = "../../jni-testhooks/src/gate.rs"]
mod gate;

/// Holds the tables inside a guarded call until [`twisty_debug_release_held`], then reads all of
/// them and writes a checksum to `checksum`: a test disposes the tables while this call
/// certainly runs (it waits for it with [`twisty_debug_await_held`]), with no sleep.
///
/// # Safety
/// `tables` is a live `Sq1Tables` handle for the whole call; `checksum` is writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn twisty_debug_hold_tables_until_released(
    tables: *const Sq1Tables,
    checksum: *mut u64,
) -> u32 {
    // SAFETY: see the function's contract.
    let tables = unsafe { &*tables };
    code(
        guard(|| {
            gate::hold()?;
            Ok(tables.engine().checksum())
        }),
        // SAFETY: see the function's contract.
        |v| unsafe { *checksum = v },
    )
}

/// Returns once `calls` calls wait in [`twisty_debug_hold_tables_until_released`].
#[unsafe(no_mangle)]
pub extern "C" fn twisty_debug_await_held(calls: u32) -> u32 {
    code(guard(|| gate::await_held(calls)), |_| {})
}

/// Lets every call waiting in [`twisty_debug_hold_tables_until_released`] go on.
#[unsafe(no_mangle)]
pub extern "C" fn twisty_debug_release_held() -> u32 {
    code(
        guard(|| {
            gate::release_held();
            Ok(())
        }),
        |_| {},
    )
}

/// The `log` level of a code (1 = error .. 5 = trace, as the bridge's log callbacks number them).
fn level(code: i32) -> twisty::Result<log::Level> {
    log::Level::iter()
        .find(|l| twisty_dotnet::logging::level_code(*l) == code)
        .ok_or_else(|| {
            twisty::Error::invalid_argument(format!(
                "level must be 1 (error) to 5 (trace) (got {code})"
            ))
        })
}

/// UTF-8 text of `len` bytes at `ptr` (invalid bytes replaced).
///
/// # Safety
/// `ptr` points to `len` readable bytes.
unsafe fn text(ptr: *const u8, len: usize) -> String {
    // SAFETY: see the function's contract.
    String::from_utf8_lossy(unsafe { std::slice::from_raw_parts(ptr, len) }).into_owned()
}

/// Logs one record at `level` (1 = error .. 5 = trace) with `target` and `message` through the
/// `log` crate, on the calling thread, as the engine's own records are logged.
///
/// # Safety
/// `target` and `message` point to `target_len` and `message_len` readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn twisty_debug_log(
    level_code: i32,
    target: *const u8,
    target_len: usize,
    message: *const u8,
    message_len: usize,
) -> u32 {
    // SAFETY: see the function's contract.
    let (target, message) = unsafe { (text(target, target_len), text(message, message_len)) };
    code(
        guard(|| {
            log::log!(target: &target, level(level_code)?, "{message}");
            Ok(())
        }),
        |_| {},
    )
}

/// Starts `threads` native threads (unknown to .NET, like a database build's workers) that each
/// log `records` records at `level` with `target`, all at once, and waits for them. Message `i`
/// of thread `t` is `thread <t> record <i>`.
///
/// # Safety
/// `target` points to `target_len` readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn twisty_debug_log_from_threads(
    threads: u32,
    records: u32,
    level_code: i32,
    target: *const u8,
    target_len: usize,
) -> u32 {
    // SAFETY: see the function's contract.
    let target = unsafe { text(target, target_len) };
    code(
        guard(|| {
            let level = level(level_code)?;
            let start = std::sync::Barrier::new(threads as usize);
            std::thread::scope(|s| {
                for t in 0..threads {
                    let (target, start) = (&target, &start);
                    s.spawn(move || {
                        start.wait(); // all threads log at the same time
                        for i in 0..records {
                            log::log!(target: target, level, "thread {t} record {i}");
                        }
                    });
                }
            });
            Ok(())
        }),
        |_| {},
    )
}
