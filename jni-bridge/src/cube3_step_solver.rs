//! Natives of `org.twisty.cube3.StepSolver`: a handle to one 3x3x3 step solver, an
//! `Arc<StepSolver>` (`Send + Sync`; it opens each step family's table file under its own lock,
//! so calls from many Java threads need no locking here). Nothing is read or built when a handle
//! is made: the first prepare or solve of a family opens (or builds, reporting through the relay
//! on the calling thread) that family's file. Steps cross as their names, cubes as B32 text, NISS
//! modes as their codes (checked by the facade), solutions as nissy's text. Every count crosses
//! as the signed Java value and is checked by the facade, so a negative one is the engine's own
//! message.

use std::sync::Arc;

use jni::objects::{JClass, JObject, JObjectArray, JString};
use jni::sys::{jint, jlong};
use jni::{EnvUnowned, jni_mangle};
use twisty::api;
use twisty::cube3::steps::StepSolver;

use crate::error::{call, string_arg, string_array_result, string_result};
use crate::{cancellation, handle, progress};

// nativeFree and `solver(ptr)`.
crate::handle_class!(pub(crate) fn solver -> Arc<StepSolver>, "org.twisty.cube3.StepSolver");

/// A step solver whose tables live in `folder` (empty: the default folder); nothing is read yet.
#[jni_mangle("org.twisty.cube3.StepSolver")]
pub fn native_open<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    folder: JString<'local>,
) -> jlong {
    call(&mut env, |env| {
        let folder = string_arg(env, &folder, "folder")?;
        Ok(handle::into_handle(api::cube3_steps_open(&folder)))
    })
}

/// A step solver whose tables are built in memory (once per process).
#[jni_mangle("org.twisty.cube3.StepSolver")]
pub fn native_in_memory<'local>(mut env: EnvUnowned<'local>, _class: JClass<'local>) -> jlong {
    call(&mut env, |_env| {
        Ok(handle::into_handle(api::cube3_steps_in_memory()))
    })
}

#[jni_mangle("org.twisty.cube3.StepSolver")]
pub fn native_default_folder<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
) -> JString<'local> {
    call(&mut env, |env| {
        string_result(env, &api::cube3_steps_default_folder())
    })
}

/// The solver's folder, "" for one in memory.
#[jni_mangle("org.twisty.cube3.StepSolver")]
pub fn native_folder<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ptr: jlong,
) -> JString<'local> {
    call(&mut env, |env| {
        string_result(env, &api::cube3_steps_folder(solver(ptr)?))
    })
}

/// Opens (or builds) the tables of `step` now; `relay` null or a progress relay (the build's
/// reports, on this thread); `cancel` 0 or a live `Cancellation` handle.
#[jni_mangle("org.twisty.cube3.StepSolver")]
pub fn native_prepare<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ptr: jlong,
    step: JString<'local>,
    relay: JObject<'local>,
    cancel: jlong,
) {
    call(&mut env, |env| {
        let step = string_arg(env, &step, "step")?;
        let token = cancellation::token_or_new(cancel)?;
        let solver = solver(ptr)?;
        progress::with_relay(env, &relay, &token, |progress| {
            api::cube3_steps_prepare(solver, &step, progress, &token)
        })
    })
}

/// The solutions of `step` for `cube` (B32 text), as nissy writes them. `niss` is the mode's
/// code; `margin` < 0 means none; `timeout` in milliseconds (0 = none); `relay` null or a
/// progress relay (a first build's reports, then one per length, on this thread); `cancel` 0 or
/// a live `Cancellation` handle.
#[allow(clippy::too_many_arguments)]
#[jni_mangle("org.twisty.cube3.StepSolver")]
pub fn native_solve<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ptr: jlong,
    step: JString<'local>,
    cube: JString<'local>,
    niss: jint,
    min_length: jint,
    max_length: jint,
    max_solutions: jlong,
    margin: jint,
    threads: jint,
    timeout: jlong,
    relay: JObject<'local>,
    cancel: jlong,
) -> JObjectArray<'local> {
    call(&mut env, |env| {
        let step = string_arg(env, &step, "step")?;
        let cube = string_arg(env, &cube, "cube")?;
        let token = cancellation::token_or_new(cancel)?;
        let solver = solver(ptr)?;
        let found = progress::with_relay(env, &relay, &token, |progress| {
            api::cube3_steps_solve(
                solver,
                &step,
                &cube,
                niss,
                min_length,
                max_length,
                max_solutions,
                margin,
                threads,
                timeout,
                Some(&token),
                progress,
            )
        })?;
        string_array_result(env, &found)
    })
}

#[jni_mangle("org.twisty.cube3.StepSolver")]
pub fn native_step_names<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
) -> JObjectArray<'local> {
    call(&mut env, |env| {
        string_array_result(env, &api::cube3_step_names())
    })
}

#[jni_mangle("org.twisty.cube3.StepSolver")]
pub fn native_describe<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    step: JString<'local>,
) -> JString<'local> {
    call(&mut env, |env| {
        let step = string_arg(env, &step, "step")?;
        string_result(env, &api::cube3_step_describe(&step)?)
    })
}

/// The cube (B32 text) a step continues from: `scramble`, then the moves so far (NISS form).
#[jni_mangle("org.twisty.cube3.StepSolver")]
pub fn native_position<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    scramble: JString<'local>,
    so_far: JString<'local>,
) -> JString<'local> {
    call(&mut env, |env| {
        let scramble = string_arg(env, &scramble, "scramble")?;
        let so_far = string_arg(env, &so_far, "moves")?;
        string_result(env, &api::cube3_step_position(&scramble, &so_far)?)
    })
}
