//! # twisty-jni-testhooks
//!
//! A test-only build of the JNI bridge: it links every export of `twisty-jni` unchanged and adds
//! the natives of `org.twisty.Debug` (a class of the Java test sources), which prove the error
//! path and the handle contract: a panic becomes `NativePanicException` and the library stays
//! usable; a close never frees the tables under a running call. Nothing here ships: the jar
//! carries `libtwisty_jni.so`, built from `twisty-jni` alone.

use jni::objects::{JClass, JString};
use jni::sys::{jint, jlong};
use jni::{EnvUnowned, jni_mangle};
use twisty_jni::error::{call, string_arg, u32_arg};
use twisty_jni::sq1_tables::tables;

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
