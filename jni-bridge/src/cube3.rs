//! Natives of the 3x3x3 cube model: `org.twisty.cube3.Cube` (a cube is its B32 text) and
//! `org.twisty.cube3.Moves` (algorithms as text). Each forwards to one [`twisty::api`] function.
//! Both classes live here because they share one facade section (`cube3_*`); the natives of
//! `Moves` are named `moves_*` in Rust and given their Java names explicitly.

use jni::objects::{JClass, JObjectArray, JString};
use jni::sys::{jboolean, jint, jlong};
use jni::{EnvUnowned, jni_mangle};
use twisty::api;

use crate::error::{call, string_arg, string_array_result, string_result};

#[jni_mangle("org.twisty.cube3.Cube")]
pub fn native_solved<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
) -> JString<'local> {
    call(&mut env, |env| string_result(env, &api::cube3_solved()))
}

#[jni_mangle("org.twisty.cube3.Cube")]
pub fn native_parse<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    text: JString<'local>,
) -> JString<'local> {
    call(&mut env, |env| {
        let text = string_arg(env, &text, "text")?;
        string_result(env, &api::cube3_parse(&text)?)
    })
}

#[jni_mangle("org.twisty.cube3.Cube")]
pub fn native_random<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    seed: jlong,
) -> JString<'local> {
    // The Java long's bits are the unsigned seed.
    call(&mut env, |env| {
        string_result(env, &api::cube3_random(seed as u64))
    })
}

#[jni_mangle("org.twisty.cube3.Cube")]
pub fn native_from_moves<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    moves: JString<'local>,
) -> JString<'local> {
    call(&mut env, |env| {
        let moves = string_arg(env, &moves, "moves")?;
        string_result(env, &api::cube3_from_moves(&moves)?)
    })
}

#[jni_mangle("org.twisty.cube3.Cube")]
pub fn native_apply<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    cube: JString<'local>,
    moves: JString<'local>,
) -> JString<'local> {
    call(&mut env, |env| {
        let cube = string_arg(env, &cube, "cube")?;
        let moves = string_arg(env, &moves, "moves")?;
        string_result(env, &api::cube3_apply(&cube, &moves)?)
    })
}

#[jni_mangle("org.twisty.cube3.Cube")]
pub fn native_inverse<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    cube: JString<'local>,
) -> JString<'local> {
    call(&mut env, |env| {
        let cube = string_arg(env, &cube, "cube")?;
        string_result(env, &api::cube3_inverse(&cube)?)
    })
}

#[jni_mangle("org.twisty.cube3.Cube")]
pub fn native_compose<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    a: JString<'local>,
    b: JString<'local>,
) -> JString<'local> {
    call(&mut env, |env| {
        let a = string_arg(env, &a, "a")?;
        let b = string_arg(env, &b, "b")?;
        string_result(env, &api::cube3_compose(&a, &b)?)
    })
}

#[jni_mangle("org.twisty.cube3.Cube")]
pub fn native_is_solved<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    cube: JString<'local>,
) -> jboolean {
    call(&mut env, |env| {
        Ok(api::cube3_is_solved(&string_arg(env, &cube, "cube")?)?)
    })
}

#[jni_mangle("org.twisty.cube3.Cube")]
pub fn native_svg<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    cube: JString<'local>,
) -> JString<'local> {
    call(&mut env, |env| {
        let svg = api::cube3_svg(&string_arg(env, &cube, "cube")?)?;
        string_result(env, &svg)
    })
}

#[jni_mangle("org.twisty.cube3.Moves", "nativeCanonical")]
pub fn moves_native_canonical<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    moves: JString<'local>,
) -> JString<'local> {
    call(&mut env, |env| {
        let moves = string_arg(env, &moves, "moves")?;
        string_result(env, &api::cube3_moves_canonical(&moves)?)
    })
}

#[jni_mangle("org.twisty.cube3.Moves", "nativeInverse")]
pub fn moves_native_inverse<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    moves: JString<'local>,
) -> JString<'local> {
    call(&mut env, |env| {
        let moves = string_arg(env, &moves, "moves")?;
        string_result(env, &api::cube3_moves_inverse(&moves)?)
    })
}

#[jni_mangle("org.twisty.cube3.Moves", "nativeCount")]
pub fn moves_native_count<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    moves: JString<'local>,
) -> jint {
    call(&mut env, |env| {
        let count = api::cube3_moves_count(&string_arg(env, &moves, "moves")?)?;
        // A count beyond `int` would need a text of gigabytes: saturate rather than fail.
        Ok(jint::try_from(count).unwrap_or(jint::MAX))
    })
}

#[jni_mangle("org.twisty.cube3.Moves", "nativeSame")]
pub fn moves_native_same<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    a: JString<'local>,
    b: JString<'local>,
) -> jboolean {
    call(&mut env, |env| {
        let a = string_arg(env, &a, "a")?;
        let b = string_arg(env, &b, "b")?;
        Ok(api::cube3_moves_same(&a, &b)?)
    })
}

/// nissy's variations of `moves`; `variation` is the `Variation` enum's code.
#[jni_mangle("org.twisty.cube3.Moves", "nativeVariations")]
pub fn moves_native_variations<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    moves: JString<'local>,
    variation: jint,
) -> JObjectArray<'local> {
    call(&mut env, |env| {
        let moves = string_arg(env, &moves, "moves")?;
        string_array_result(env, &api::cube3_variations(&moves, variation)?)
    })
}
