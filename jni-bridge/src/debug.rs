//! Natives of `org.twisty.Debug`: test-only entry points that prove the error path and the
//! handle contract (a panic becomes an exception; a close never frees under a running call).

use jni::objects::{JClass, JString};
use jni::sys::{jint, jlong};
use jni::{EnvUnowned, jni_mangle};
use twisty::api;

use crate::error::{call, string_arg, u32_arg};
use crate::sq1_tables::tables;

#[jni_mangle("org.twisty.Debug")]
pub fn native_panic<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    message: JString<'local>,
) {
    call(&mut env, |env| {
        let message = string_arg(env, &message, "message")?;
        Ok(api::debug_panic(&message)?)
    })
}

#[jni_mangle("org.twisty.Debug")]
pub fn native_hold_tables<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ptr: jlong,
    millis: jint,
) -> jlong {
    call(&mut env, |_env| {
        let millis = u32_arg(millis, "millis")?;
        Ok(api::debug_hold_tables(tables(ptr)?, millis) as jlong)
    })
}
