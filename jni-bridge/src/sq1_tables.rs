//! Natives of `org.twisty.sq1.Square1Tables`: a handle to one shared [`Tables`] (`Send + Sync`,
//! immutable after construction, so calls from many Java threads need no locking here).

use jni::objects::{JClass, JString};
use jni::sys::{jint, jlong};
use jni::{EnvUnowned, jni_mangle};
use twisty::api;
use twisty::sq1::Tables;

use crate::error::{call, string_arg, string_result};
use crate::handle;

// `pub`: the test hooks read the tables too.
crate::handle_class!(pub fn tables -> Tables, "org.twisty.sq1.Square1Tables", heap_bytes);

#[jni_mangle("org.twisty.sq1.Square1Tables")]
pub fn native_new<'local>(mut env: EnvUnowned<'local>, _class: JClass<'local>) -> jlong {
    call(&mut env, |_env| Ok(handle::into_handle(Tables::new())))
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
        let text = api::sq1_random_state(tables(ptr)?, seed as u64, colouring)?;
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
