//! Natives of `org.twisty.sq1.Square1Solver`: a handle to one six-colour Square-1 solver, an
//! `Arc<Solver>` (`Send + Sync` and immutable once built, its pruning tables memory-mapped
//! read-only, so calls from many Java threads need no locking here; each search keeps its own
//! small state). Searches take a timeout in milliseconds (0 = none) and a `Cancellation` handle
//! (0 = none); the optimal search and the table build report progress through a relay (see
//! [`progress`]) on the calling thread.

use jni::objects::{JClass, JObject, JObjectArray, JString, JValue};
use jni::sys::{jint, jlong};
use jni::{Env, EnvUnowned, jni_mangle, jni_sig, jni_str};
use twisty::api::{self, ScrambleText, SolverSolutionText};
use twisty::sq1::solve::Solver;

use crate::error::{Result, call, string_arg, u32_arg, u64_arg};
use crate::{cancellation, progress};

// nativeOpen, nativeOpenExisting, nativeDefaultPath, nativeFree, and `solver(ptr)`.
crate::solver_class!(
    fn solver -> Solver,
    "org.twisty.sq1.Square1Solver",
    api::sq1_solver_open,
    api::sq1_solver_open_existing,
    api::sq1_solver_default_path
);

/// A new `org.twisty.sq1.SolverSolution(String wca, int length, int twists, int metric)`.
fn solution_object<'local>(
    env: &mut Env<'local>,
    s: &SolverSolutionText,
    metric: jint,
) -> Result<JObject<'local>> {
    let wca = JString::from_str(env, &s.wca)?;
    let int = |v: u32| jint::try_from(v).unwrap_or(jint::MAX);
    Ok(env.new_object(
        jni_str!("org/twisty/sq1/SolverSolution"),
        jni_sig!("(Ljava/lang/String;III)V"),
        &[
            JValue::Object(&wca),
            JValue::Int(int(s.length)),
            JValue::Int(int(s.twists)),
            JValue::Int(metric),
        ],
    )?)
}

/// A new `org.twisty.sq1.Square1Scramble(String text, String state)`.
fn scramble_object<'local>(env: &mut Env<'local>, s: &ScrambleText) -> Result<JObject<'local>> {
    let text = JString::from_str(env, &s.scramble)?;
    let state = JString::from_str(env, &s.state)?;
    Ok(env.new_object(
        jni_str!("org/twisty/sq1/Square1Scramble"),
        jni_sig!("(Ljava/lang/String;Ljava/lang/String;)V"),
        &[JValue::Object(&text), JValue::Object(&state)],
    )?)
}

/// One optimal solution. `timeout` in milliseconds (0 = none); `relay` receives one report per
/// finished search depth, on this thread.
#[jni_mangle("org.twisty.sq1.Square1Solver")]
pub fn native_solve<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ptr: jlong,
    state: JString<'local>,
    metric: jint,
    timeout: jlong,
    relay: JObject<'local>,
    cancel: jlong,
) -> JObject<'local> {
    call(&mut env, |env| {
        let state = string_arg(env, &state, "state")?;
        let token = cancellation::token_or_new(cancel)?;
        let solver = solver(ptr)?;
        let solution = progress::with_relay(env, &relay, &token, |progress| {
            api::sq1_solve(solver, &state, metric, timeout, progress, &token)
        })?;
        solution_object(env, &solution, metric)
    })
}

/// Up to `limit` optimal solutions, as a `SolverSolution[]`.
#[jni_mangle("org.twisty.sq1.Square1Solver")]
pub fn native_solutions<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ptr: jlong,
    state: JString<'local>,
    metric: jint,
    limit: jint,
    timeout: jlong,
    cancel: jlong,
) -> JObject<'local> {
    call(&mut env, |env| {
        let state = string_arg(env, &state, "state")?;
        let limit = u32_arg(limit, "limit")?;
        let token = cancellation::token_or_new(cancel)?;
        let solutions = api::sq1_solutions(solver(ptr)?, &state, metric, limit, timeout, &token)?;
        // At most `limit` elements, a Java int: the length fits.
        let array: JObjectArray<'local> = env.new_object_array(
            solutions.len() as i32,
            jni_str!("org/twisty/sq1/SolverSolution"),
            JObject::null(),
        )?;
        for (i, s) in solutions.iter().enumerate() {
            // One local frame per element: a large limit must not exhaust local references.
            env.with_local_frame(4, |env| -> Result<()> {
                let element = solution_object(env, s, metric)?;
                array.set_element(env, i, &element)?;
                Ok(())
            })?;
        }
        Ok(JObject::from(array))
    })
}

#[jni_mangle("org.twisty.sq1.Square1Solver")]
pub fn native_distance<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ptr: jlong,
    state: JString<'local>,
    metric: jint,
) -> jint {
    call(&mut env, |env| {
        let state = string_arg(env, &state, "state")?;
        let d = api::sq1_distance(solver(ptr)?, &state, metric)?;
        Ok(jint::try_from(d).unwrap_or(jint::MAX))
    })
}

/// The two-phase solver: `max_length`, `node_limit` and `timeout` (milliseconds) 0 = none.
#[jni_mangle("org.twisty.sq1.Square1Solver")]
pub fn native_solve_fast<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ptr: jlong,
    state: JString<'local>,
    metric: jint,
    max_length: jint,
    node_limit: jlong,
    timeout: jlong,
    cancel: jlong,
) -> JObject<'local> {
    call(&mut env, |env| {
        let state = string_arg(env, &state, "state")?;
        let max_length = u32_arg(max_length, "maxLength")?;
        let node_limit = u64_arg(node_limit, "nodeLimit")?;
        let token = cancellation::token_or_new(cancel)?;
        let solution = api::sq1_solve_fast(
            solver(ptr)?,
            &state,
            metric,
            max_length,
            node_limit,
            timeout,
            &token,
        )?;
        solution_object(env, &solution, metric)
    })
}

/// The random-state scramble of a seed (its 64 bits read as an unsigned number).
#[jni_mangle("org.twisty.sq1.Square1Solver")]
pub fn native_scramble<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ptr: jlong,
    seed: jlong,
) -> JObject<'local> {
    call(&mut env, |env| {
        let scramble = api::sq1_scramble(solver(ptr)?, seed as u64)?;
        scramble_object(env, &scramble)
    })
}
