//! Natives of `org.twisty.sq1.Square1Tables`: a handle to one shared [`Tables`] (`Send + Sync`,
//! immutable after construction, so calls from many Java threads need no locking here).

use jni::objects::{JClass, JString};
use jni::sys::{jint, jlong};
use jni::{EnvUnowned, jni_mangle};
use twisty::api;
use twisty::sq1::Tables;

use crate::error::{Result, call, string_arg, string_result};
use crate::handle;

const TYPE_NAME: &str = "Square1Tables";

/// The tables behind a handle (valid for the current native call, see [`handle::borrow`]).
pub fn tables<'a>(ptr: jlong) -> Result<&'a Tables> {
    // SAFETY: the Java side passes only live handles created by `native_new` below, and keeps
    // them alive until every call using them has returned.
    unsafe { handle::borrow::<Tables>(ptr, TYPE_NAME) }
}

#[jni_mangle("org.twisty.sq1.Square1Tables")]
pub fn native_new<'local>(mut env: EnvUnowned<'local>, _class: JClass<'local>) -> jlong {
    call(&mut env, |_env| Ok(handle::into_handle(Tables::new())))
}

#[jni_mangle("org.twisty.sq1.Square1Tables")]
pub fn native_free<'local>(mut env: EnvUnowned<'local>, _class: JClass<'local>, ptr: jlong) {
    // SAFETY: the Java handle calls this exactly once, after the last in-flight call.
    call(&mut env, |_env| {
        unsafe { handle::free::<Tables>(ptr) };
        Ok(())
    })
}

#[jni_mangle("org.twisty.sq1.Square1Tables")]
pub fn native_random_state<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ptr: jlong,
    seed: jlong,
    colouring: jint,
) -> JString<'local> {
    call(&mut env, |env| {
        // The Java long's bits are the unsigned seed.
        let text =
            api::sq1_random_state(tables(ptr)?, seed as u64, colouring)?;
        string_result(env, &text)
    })
}

#[jni_mangle("org.twisty.sq1.Square1Tables")]
pub fn native_count_shapes<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ptr: jlong,
    kind: jint,
) -> jlong {
    call(&mut env, |_env| {
        Ok(api::sq1_count_shapes(tables(ptr)?, kind)? as jlong)
    })
}

#[jni_mangle("org.twisty.sq1.Square1Tables")]
pub fn native_twists_to_cube_shape<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ptr: jlong,
    state: JString<'local>,
) -> jint {
    call(&mut env, |env| {
        let state = string_arg(env, &state, "state")?;
        Ok(api::sq1_twists_to_cube_shape(tables(ptr)?, &state)? as jint)
    })
}
