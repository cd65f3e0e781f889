//! Natives of `org.twisty.sq1.Square1Moves`.

use jni::objects::{JClass, JString};
use jni::sys::jint;
use jni::{EnvUnowned, jni_mangle};
use twisty::api;

use crate::error::{call, string_arg, string_result};

#[jni_mangle("org.twisty.sq1.Square1Moves")]
pub fn native_convert<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    moves: JString<'local>,
    from: jint,
    to: jint,
) -> JString<'local> {
    call(&mut env, |env| {
        let moves = string_arg(env, &moves, "moves")?;
        let text = api::sq1_moves_convert(&moves, from, to)?;
        string_result(env, &text)
    })
}

#[jni_mangle("org.twisty.sq1.Square1Moves")]
pub fn native_inverse<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    moves: JString<'local>,
    notation: jint,
) -> JString<'local> {
    call(&mut env, |env| {
        let moves = string_arg(env, &moves, "moves")?;
        let text = api::sq1_moves_inverse(&moves, notation)?;
        string_result(env, &text)
    })
}

#[jni_mangle("org.twisty.sq1.Square1Moves")]
pub fn native_length<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    moves: JString<'local>,
    notation: jint,
    metric: jint,
) -> jint {
    call(&mut env, |env| {
        let moves = string_arg(env, &moves, "moves")?;
        let n = api::sq1_moves_length(&moves, notation, metric)?;
        Ok(jint::try_from(n).unwrap_or(jint::MAX))
    })
}
