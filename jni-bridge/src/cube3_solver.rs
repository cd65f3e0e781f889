//! Natives of `org.twisty.cube3.Cube3Solver`: a handle to one 3x3x3 two-phase solver, an
//! `Arc<Solver>` (`Send + Sync` and immutable once opened, its tables memory-mapped read-only,
//! so calls from many Java threads need no locking here; each search keeps its own small state).
//! A solve takes a timeout in milliseconds (0 = none) and a `Cancellation` handle (0 = none).
//! Cubes cross as their B32 text, solutions as canonical move text.

use jni::objects::{JClass, JString};
use jni::sys::{jint, jlong};
use jni::{EnvUnowned, jni_mangle};
use twisty::api;
use twisty::cube3::solve::Solver;

use crate::cancellation;
use crate::error::{call, string_arg, string_result, u32_arg};

// nativeOpen, nativeOpenExisting, nativeDefaultPath, nativeFree, and `solver(ptr)`.
crate::solver_class!(
    fn solver -> Solver,
    "org.twisty.cube3.Cube3Solver",
    api::cube3_solver_open,
    api::cube3_solver_open_existing,
    api::cube3_solver_default_path
);

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
