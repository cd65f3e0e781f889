//! Natives of `org.twisty.sq1.Square1Database`: a handle to one open Silver-edition database,
//! an `Arc<Database>` (`Send + Sync`, memory-mapped read-only, so calls from many Java threads
//! need no locking here; the `Arc` lets solution iterators outlive a close of the database), and
//! the blocking build with a progress callback and a cancellation token.

use std::sync::{Arc, Mutex};

use jni::objects::{JClass, JLongArray, JObject, JString, JValue};
use jni::sys::{jboolean, jint, jlong};
use jni::{Env, EnvUnowned, jni_mangle, jni_sig, jni_str};
use twisty::api::{self, DatabaseSolutionText};
use twisty::sq1::db::Database;

use crate::error::{Result, call, string_arg, u32_arg, u64_arg, u64_array_result};
use crate::{cancellation, handle, progress, sq1_database_solution_iterator};

// Iterators hold their own `Arc`, so `nativeFree` leaves the mapping to the last of them.
crate::handle_class!(fn database -> Arc<Database>, "org.twisty.sq1.Square1Database", heap_bytes);

/// A new `org.twisty.sq1.DatabaseSolution(String wca, String article, int twists, boolean
/// flipped)`.
pub(crate) fn solution_object<'local>(
    env: &mut Env<'local>,
    s: &DatabaseSolutionText,
) -> Result<JObject<'local>> {
    let wca = JString::from_str(env, &s.wca)?;
    let article = JString::from_str(env, &s.article)?;
    let twists = jint::try_from(s.twists).unwrap_or(jint::MAX);
    Ok(env.new_object(
        jni_str!("org/twisty/sq1/DatabaseSolution"),
        jni_sig!("(Ljava/lang/String;Ljava/lang/String;IZ)V"),
        &[
            JValue::Object(&wca),
            JValue::Object(&article),
            JValue::Int(twists),
            JValue::Bool(s.flipped),
        ],
    )?)
}

#[jni_mangle("org.twisty.sq1.Square1Database")]
pub fn native_open<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    path: JString<'local>,
) -> jlong {
    call(&mut env, |env| {
        let path = string_arg(env, &path, "path")?;
        Ok(handle::into_handle(api::db_open(&path)?))
    })
}

#[jni_mangle("org.twisty.sq1.Square1Database")]
pub fn native_variant<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ptr: jlong,
) -> jint {
    call(&mut env, |_env| Ok(api::db_variant(database(ptr)?) as jint))
}

#[jni_mangle("org.twisty.sq1.Square1Database")]
pub fn native_level_counts<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ptr: jlong,
) -> JLongArray<'local> {
    call(&mut env, |env| {
        let counts = api::db_level_counts(database(ptr)?);
        u64_array_result(env, &counts)
    })
}

#[jni_mangle("org.twisty.sq1.Square1Database")]
pub fn native_is_full<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ptr: jlong,
) -> jboolean {
    call(&mut env, |_env| Ok(api::db_is_full(database(ptr)?)))
}

#[jni_mangle("org.twisty.sq1.Square1Database")]
pub fn native_verify<'local>(mut env: EnvUnowned<'local>, _class: JClass<'local>, ptr: jlong) {
    call(&mut env, |_env| Ok(api::db_verify(database(ptr)?)?))
}

#[jni_mangle("org.twisty.sq1.Square1Database")]
pub fn native_distance<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ptr: jlong,
    state: JString<'local>,
) -> jint {
    call(&mut env, |env| {
        let state = string_arg(env, &state, "state")?;
        Ok(api::db_distance(database(ptr)?, &state)? as jint)
    })
}

#[jni_mangle("org.twisty.sq1.Square1Database")]
pub fn native_solve<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ptr: jlong,
    state: JString<'local>,
) -> JObject<'local> {
    call(&mut env, |env| {
        let state = string_arg(env, &state, "state")?;
        let solution = api::db_solve(database(ptr)?, &state)?;
        solution_object(env, &solution)
    })
}

/// Starts a lazy walk over all shortest solutions; returns the handle of a
/// `DatabaseSolutionIterator` (which owns a clone of the database's `Arc`).
#[jni_mangle("org.twisty.sq1.Square1Database")]
pub fn native_solutions<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ptr: jlong,
    state: JString<'local>,
    limit: jlong,
) -> jlong {
    call(&mut env, |env| {
        let state = string_arg(env, &state, "state")?;
        let limit = u64_arg(limit, "limit")?;
        let solutions = api::db_solutions(Arc::clone(database(ptr)?), &state, limit)?;
        Ok(handle::into_handle::<sq1_database_solution_iterator::Cursor>(Mutex::new(solutions)))
    })
}

/// Builds (or resumes) a database. `relay` is null or a progress relay (see [`progress`]), called
/// on this (the calling) thread only; `cancel` is 0 or a live `Cancellation` handle (the build
/// keeps a clone of its token).
///
/// If `report` throws, the build is cancelled (through the same token), no further reports are
/// sent, and the Java exception stays pending, so it is what the Java caller sees.
#[jni_mangle("org.twisty.sq1.Square1Database")]
pub fn native_build<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    path: JString<'local>,
    variant: jint,
    max_level: jint,
    threads: jint,
    relay: JObject<'local>,
    cancel: jlong,
) {
    call(&mut env, |env| {
        let path = string_arg(env, &path, "path")?;
        let max_level = u32_arg(max_level, "maxLevel")?;
        let threads = u32_arg(threads, "threads")?;
        let token = cancellation::token_or_new(cancel)?;
        progress::with_relay(env, &relay, &token, |progress| {
            api::db_build(&path, variant, max_level, threads, progress, &token)
        })
    })
}
