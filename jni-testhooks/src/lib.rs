//! # twisty-jni-testhooks
//!
//! A test-only build of the JNI bridge: it links every export of `twisty-jni` unchanged and adds
//! the natives of `org.twisty.Debug` (a class of the Java test sources), which prove the error
//! path, the handle contract and the log path: a panic becomes `NativePanicException` and the
//! library stays usable; a close never frees the tables under a running call; a record logged
//! through the `log` crate reaches its Java logger. Nothing here ships: the jar carries
//! `libtwisty_jni.so`, built from `twisty-jni` alone.

use jni::objects::{JClass, JString};
use jni::sys::{jint, jlong};
use jni::{EnvUnowned, jni_mangle};
use twisty::Error;
use twisty_jni::error::{call, string_arg, u32_arg};
use twisty_jni::sq1_tables::tables;

mod gate;

/// Panics inside a native call with a message naming `message`.
#[jni_mangle("org.twisty.Debug")]
pub fn native_panic<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    message: JString<'local>,
) {
    call(&mut env, |env| {
        let message = string_arg(env, &message, "message")?;
        panic!("debug panic requested: {message}");
    })
}

/// Holds the tables for `millis` milliseconds, then reads all of them and returns a checksum:
/// if a close freed the tables under this call, the read would touch freed memory.
#[jni_mangle("org.twisty.Debug")]
pub fn native_hold_tables<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ptr: jlong,
    millis: jint,
) -> jlong {
    call(&mut env, |_env| {
        let millis = u32_arg(millis, "millis")?;
        let tables = tables(ptr)?;
        std::thread::sleep(std::time::Duration::from_millis(millis as u64));
        Ok(tables.checksum() as jlong)
    })
}

/// Holds the tables inside a native call until [`native_release_held`], then reads all of them
/// and returns a checksum: a test closes the tables while this call certainly runs (it waits
/// for it with [`native_await_held`]), with no sleep.
#[jni_mangle("org.twisty.Debug")]
pub fn native_hold_tables_until_released<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ptr: jlong,
) -> jlong {
    call(&mut env, |_env| {
        let tables = tables(ptr)?;
        gate::hold()?;
        Ok(tables.checksum() as jlong)
    })
}

/// Returns once `calls` calls wait in [`native_hold_tables_until_released`].
#[jni_mangle("org.twisty.Debug")]
pub fn native_await_held<'local>(mut env: EnvUnowned<'local>, _class: JClass<'local>, calls: jint) {
    call(&mut env, |_env| Ok(gate::await_held(u32_arg(calls, "calls")?)?))
}

/// Lets every call waiting in [`native_hold_tables_until_released`] go on.
#[jni_mangle("org.twisty.Debug")]
pub fn native_release_held<'local>(mut env: EnvUnowned<'local>, _class: JClass<'local>) {
    call(&mut env, |_env| {
        gate::release_held();
        Ok(())
    })
}

/// Logs one record through the `log` crate, as the engine does: `target` is a module path
/// (`twisty::sq1::db::build`), `level` 1 error .. 5 trace.
#[jni_mangle("org.twisty.Debug")]
pub fn native_log<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    target: JString<'local>,
    level: jint,
    message: JString<'local>,
) {
    call(&mut env, |env| {
        let target = string_arg(env, &target, "target")?;
        let message = string_arg(env, &message, "message")?;
        let level = match level {
            1 => log::Level::Error,
            2 => log::Level::Warn,
            3 => log::Level::Info,
            4 => log::Level::Debug,
            5 => log::Level::Trace,
            _ => {
                return Err(Error::invalid_argument(format!(
                    "level must be between 1 and 5 (got {level})"
                ))
                .into());
            }
        };
        log::log!(target: &target, level, "{message}");
        Ok(())
    })
}

/// Starts `threads` native threads (threads the JVM did not create, like a build's workers), each
/// logging `records` records `native thread <t> record <i>` at info to `target`, and returns when
/// every one of them has ended (joined, so each has also detached from the JVM).
#[jni_mangle("org.twisty.Debug")]
pub fn native_log_from_native_threads<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    target: JString<'local>,
    threads: jint,
    records: jint,
) {
    call(&mut env, |env| {
        let target = string_arg(env, &target, "target")?;
        let threads = u32_arg(threads, "threads")?;
        let records = u32_arg(records, "records")?;
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let target = target.clone();
                std::thread::spawn(move || {
                    for i in 0..records {
                        log::info!(target: &target, "native thread {t} record {i}");
                    }
                })
            })
            .collect();
        // A plain join waits for the thread's exit, thread-local destructors (the detach)
        // included.
        for h in handles {
            if let Err(p) = h.join() {
                std::panic::resume_unwind(p);
            }
        }
        Ok(())
    })
}
