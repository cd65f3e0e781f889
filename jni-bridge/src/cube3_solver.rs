//! Natives of `org.twisty.cube3.Cube3Solver`: a handle to one 3x3x3 two-phase solver, an
//! `Arc<Solver>` (`Send + Sync` and immutable once opened, its tables memory-mapped read-only,
//! so calls from many Java threads need no locking here; each search keeps its own small state).
//! A solve takes a timeout in milliseconds (0 = none) and a `Cancellation` handle (0 = none).
//! Cubes cross as their B32 text, solutions as canonical move text.

use std::sync::Arc;

use jni::objects::{JClass, JObject, JString};
use jni::sys::{jint, jlong};
use jni::{EnvUnowned, jni_mangle};
use twisty::api;
use twisty::cube3::solve::Solver;

use crate::error::{Result, call, string_arg, string_result, u32_arg};
use crate::{cancellation, handle, progress};

const TYPE_NAME: &str = "Cube3Solver";

/// The solver behind a handle (valid for the current native call, see [`handle::borrow`]).
fn solver<'a>(ptr: jlong) -> Result<&'a Arc<Solver>> {
    // SAFETY: the Java side passes only live handles created by `native_open` or
    // `native_open_existing` below, and keeps them alive until every call using them has
    // returned.
    unsafe { handle::borrow::<Arc<Solver>>(ptr, TYPE_NAME) }
}

/// Opens the table file at `table_file` (empty: the default path), building and saving it first
/// when it is missing, stale or damaged (about a minute); the build reports through `relay`
/// (null or a progress relay) on this thread and watches `cancel` (0 or a live `Cancellation`
/// handle).
#[jni_mangle("org.twisty.cube3.Cube3Solver")]
pub fn native_open<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    table_file: JString<'local>,
    relay: JObject<'local>,
    cancel: jlong,
) -> jlong {
    call(&mut env, |env| {
        let path = string_arg(env, &table_file, "tableFile")?;
        let token = cancellation::token_or_new(cancel)?;
        let solver = progress::with_relay(env, &relay, &token, |progress| {
            api::cube3_solver_open(&path, progress, &token)
        })?;
        Ok(handle::into_handle(solver))
    })
}

/// Opens an existing table file; a missing, stale or damaged one is a `database` error.
#[jni_mangle("org.twisty.cube3.Cube3Solver")]
pub fn native_open_existing<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    table_file: JString<'local>,
) -> jlong {
    call(&mut env, |env| {
        let path = string_arg(env, &table_file, "tableFile")?;
        Ok(handle::into_handle(api::cube3_solver_open_existing(&path)?))
    })
}

#[jni_mangle("org.twisty.cube3.Cube3Solver")]
pub fn native_default_path<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
) -> JString<'local> {
    call(&mut env, |env| {
        string_result(env, &api::cube3_solver_default_path())
    })
}

#[jni_mangle("org.twisty.cube3.Cube3Solver")]
pub fn native_free<'local>(mut env: EnvUnowned<'local>, _class: JClass<'local>, ptr: jlong) {
    // SAFETY: the Java handle calls this exactly once, after the last in-flight call.
    call(&mut env, |_env| {
        unsafe { handle::free::<Arc<Solver>>(ptr) };
        Ok(())
    })
}

/// A solution of at most `max_length` moves, as canonical move text. `timeout` in milliseconds
/// (0 = none); `cancel` 0 or a live `Cancellation` handle.
#[jni_mangle("org.twisty.cube3.Cube3Solver")]
pub fn native_solve<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ptr: jlong,
    cube: JString<'local>,
    max_length: jint,
    timeout: jlong,
    cancel: jlong,
) -> JString<'local> {
    call(&mut env, |env| {
        let cube = string_arg(env, &cube, "cube")?;
        let max_length = u32_arg(max_length, "maxLength")?;
        let token = (cancel != 0)
            .then(|| cancellation::token(cancel))
            .transpose()?;
        let solution = api::cube3_solve(solver(ptr)?, &cube, max_length, timeout, token)?;
        string_result(env, &solution)
    })
}
