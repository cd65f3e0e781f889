//! Natives of `org.twisty.sq1.Square1State`: each takes the state's canonical text and forwards
//! to one [`twisty::api`] function.

use jni::objects::{JClass, JString};
use jni::sys::{jboolean, jint};
use jni::{EnvUnowned, jni_mangle};
use twisty::api;

use crate::error::{call, string_arg, string_result};

#[jni_mangle("org.twisty.sq1.Square1State")]
pub fn native_solved<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    colouring: jint,
) -> JString<'local> {
    call(&mut env, |env| {
        let text = api::sq1_solved(colouring)?;
        string_result(env, &text)
    })
}

#[jni_mangle("org.twisty.sq1.Square1State")]
pub fn native_parse<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    text: JString<'local>,
) -> JString<'local> {
    call(&mut env, |env| {
        let text = string_arg(env, &text, "text")?;
        string_result(env, &api::sq1_parse_state(&text)?)
    })
}

#[jni_mangle("org.twisty.sq1.Square1State")]
pub fn native_apply<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    state: JString<'local>,
    moves: JString<'local>,
    notation: jint,
) -> JString<'local> {
    call(&mut env, |env| {
        let state = string_arg(env, &state, "state")?;
        let moves = string_arg(env, &moves, "moves")?;
        let text = api::sq1_apply(&state, &moves, notation)?;
        string_result(env, &text)
    })
}

#[jni_mangle("org.twisty.sq1.Square1State")]
pub fn native_is_solved<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    state: JString<'local>,
    ignore_middle: jboolean,
) -> jboolean {
    call(&mut env, |env| {
        let state = string_arg(env, &state, "state")?;
        Ok(api::sq1_is_solved(&state, ignore_middle)?)
    })
}

#[jni_mangle("org.twisty.sq1.Square1State")]
pub fn native_is_twistable<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    state: JString<'local>,
) -> jboolean {
    call(&mut env, |env| {
        Ok(api::sq1_is_twistable(&string_arg(env, &state, "state")?)?)
    })
}

#[jni_mangle("org.twisty.sq1.Square1State")]
pub fn native_middle_is_square<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    state: JString<'local>,
) -> jboolean {
    call(&mut env, |env| {
        Ok(api::sq1_middle_is_square(&string_arg(
            env, &state, "state",
        )?)?)
    })
}

#[jni_mangle("org.twisty.sq1.Square1State")]
pub fn native_colouring<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    state: JString<'local>,
) -> jint {
    call(&mut env, |env| {
        Ok(api::sq1_colouring(&string_arg(env, &state, "state")?)? as jint)
    })
}

#[jni_mangle("org.twisty.sq1.Square1State")]
pub fn native_shape_name<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    state: JString<'local>,
) -> JString<'local> {
    call(&mut env, |env| {
        let name = api::sq1_shape_name(&string_arg(env, &state, "state")?)?;
        string_result(env, &name)
    })
}

#[jni_mangle("org.twisty.sq1.Square1State")]
pub fn native_shape_index<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    state: JString<'local>,
) -> jint {
    call(&mut env, |env| {
        Ok(api::sq1_shape_index(&string_arg(env, &state, "state")?)? as jint)
    })
}

#[jni_mangle("org.twisty.sq1.Square1State")]
pub fn native_equal_up_to_layer_rotation<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    a: JString<'local>,
    b: JString<'local>,
) -> jboolean {
    call(&mut env, |env| {
        let a = string_arg(env, &a, "a")?;
        let b = string_arg(env, &b, "b")?;
        Ok(api::sq1_equal_up_to_layer_rotation(&a, &b)?)
    })
}

#[jni_mangle("org.twisty.sq1.Square1State")]
pub fn native_to_silver<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    state: JString<'local>,
) -> JString<'local> {
    call(&mut env, |env| {
        let text = api::sq1_to_silver(&string_arg(env, &state, "state")?)?;
        string_result(env, &text)
    })
}

#[jni_mangle("org.twisty.sq1.Square1State")]
pub fn native_svg<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    state: JString<'local>,
) -> JString<'local> {
    call(&mut env, |env| {
        let svg = api::sq1_svg(&string_arg(env, &state, "state")?)?;
        string_result(env, &svg)
    })
}
