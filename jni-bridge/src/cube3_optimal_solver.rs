//! Natives of `org.twisty.cube3.OptimalSolver`: a handle to one 3x3x3 optimal solver, an
//! `Arc<Solver>` (`Send + Sync` and immutable once opened, its table memory-mapped read-only, so
//! calls from many Java threads need no locking here; each solve keeps its own state and may run
//! on several threads of its own). The table file comes in sizes (`int size`, 0 = `h0`), passed
//! to the facade unchanged. A solve takes a timeout in milliseconds (0 = none), a `Cancellation`
//! handle (0 = none) and a progress relay (null = none) told after each finished depth on the
//! calling thread. Every count crosses as the signed Java value and is checked by the facade, so
//! a negative one is the engine's own message (`"min_length must not be negative (got -1)"`).
//! Cubes cross as their B32 text, solutions as canonical move text.

use jni::objects::{JClass, JObject, JString, JValue};
use jni::sys::{jint, jlong};
use jni::{Env, EnvUnowned, jni_mangle, jni_sig, jni_str};
use twisty::api::{self, OptimalSolutionsText};
use twisty::cube3::optimal::Solver;

use crate::error::{Result, call, string_arg, string_array_result};
use crate::{cancellation, progress};

// nativeOpen, nativeOpenExisting, nativeDefaultPath (each with the table size), nativeFree, and
// `solver(ptr)`.
crate::solver_class!(
    sized fn solver -> Solver,
    "org.twisty.cube3.OptimalSolver",
    api::cube3_optimal_open,
    api::cube3_optimal_open_existing,
    api::cube3_optimal_default_path
);

/// A new `org.twisty.cube3.OptimalSolutions(String[] solutions, int length, long nodes)`.
fn solutions_object<'local>(
    env: &mut Env<'local>,
    found: &OptimalSolutionsText,
) -> Result<JObject<'local>> {
    let array = string_array_result(env, &found.solutions)?;
    let array = JObject::from(array);
    Ok(env.new_object(
        jni_str!("org/twisty/cube3/OptimalSolutions"),
        jni_sig!("([Ljava/lang/String;IJ)V"),
        &[
            JValue::Object(&array),
            JValue::Int(jint::try_from(found.length).unwrap_or(jint::MAX)),
            JValue::Long(i64::try_from(found.nodes).unwrap_or(i64::MAX)),
        ],
    )?)
}

/// The optimal solutions of `cube` (B32 text): lengths `min_length..=max_length`, at most
/// `max_solutions` of the first length that has any, on `threads` threads (0 = one per core).
/// `timeout` in milliseconds (0 = none); `relay` null or a progress relay (one report per
/// finished depth, on this thread); `cancel` 0 or a live `Cancellation` handle.
#[jni_mangle("org.twisty.cube3.OptimalSolver")]
pub fn native_solve<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ptr: jlong,
    cube: JString<'local>,
    min_length: jint,
    max_length: jint,
    max_solutions: jlong,
    threads: jint,
    timeout: jlong,
    relay: JObject<'local>,
    cancel: jlong,
) -> JObject<'local> {
    call(&mut env, |env| {
        let cube = string_arg(env, &cube, "cube")?;
        let token = cancellation::token_or_new(cancel)?;
        let solver = solver(ptr)?;
        let found = progress::with_relay(env, &relay, &token, |progress| {
            api::cube3_optimal_solve(
                solver,
                &cube,
                min_length,
                max_length,
                max_solutions,
                threads,
                timeout,
                Some(&token),
                progress,
            )
        })?;
        solutions_object(env, &found)
    })
}
