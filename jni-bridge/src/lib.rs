//! # twisty-jni
//!
//! The native half of the Java API (`java/`, package `org.twisty`): a `cdylib` whose exported
//! functions are the `native` methods of the Java classes.
//!
//! Design decisions:
//!
//! - **No puzzle logic here.** Every export is a thin shell around one call of the text facade
//!   [`twisty::api`]: convert the arguments, call, convert the result.
//! - **One module per Java class** with native methods ([`sq1_state`], [`sq1_moves`],
//!   [`sq1_tables`], [`sq1_database`], [`sq1_database_solution_iterator`], [`sq1_solver`],
//!   [`cube3`] (`Cube` and `Moves`), [`cube3_solver`], [`cube3_optimal_solver`] (`OptimalSolver`),
//!   [`cube3_step_solver`] (`StepSolver`),
//!   [`cancellation`], [`rank`], [`logging`]);
//!   the Rust function names are the Java method names in `snake_case` (`jni_mangle` turns them
//!   into the JNI symbol).
//! - **Enumerations cross as their stable codes** (the Java enums' `code()`, never `ordinal()`),
//!   checked by the facade (`api::enum_code`); unsigned 128-bit values cross as two `long`s, high
//!   half first (results as a big-endian `byte[16]`, see [`rank`]).
//! - **Callbacks only on the calling thread.** Long operations (the database build, the
//!   solver's table build, an optimal search, a step solve) call their Java progress relay with
//!   the `Env` of the export itself (the engine reports only on the thread that called it), all through
//!   [`progress::with_relay`]; an exception thrown by the listener cancels the operation and
//!   stays pending, so Java rethrows it when the native call returns.
//! - **One error path.** Every export runs its body through [`error::call`], which catches panics
//!   and resolves the outcome with one [`jni::errors::ErrorPolicy`] ([`error::ThrowJava`]). That
//!   policy sends every failure through one map, [`error::throw`], from a [`twisty::Error`] to
//!   the Java exception (same code, same message). A panic becomes `NativePanicException` whose
//!   message is exactly the panic payload, and the library stays usable.
//! - **One handle pattern.** Native objects are `Box`es turned into `jlong`s by [`handle`], owned
//!   on the Java side by `org.twisty.NativeObject` (idempotent close, `Cleaner`, in-flight count
//!   so that a close never frees under a running call). Each handle class's accessor and
//!   `nativeFree` are one line, [`handle_class!`]; the table-backed solvers' open, open-existing
//!   and default-path exports are [`solver_class!`] (its `sized` form takes a table size). A
//!   lock poisoned by a panic (the solutions iterator's) is an error, never silently recovered.
//! - **Log records reach `System.Logger`** ([`logging`]): installed when the library loads,
//!   filtered in Rust by the Java loggers' levels, delivered from any thread.

pub mod cancellation;
pub mod cube3;
pub mod cube3_optimal_solver;
pub mod cube3_solver;
pub mod cube3_step_solver;
pub mod error;
pub mod handle;
pub mod logging;
pub mod progress;
pub mod rank;
pub mod sq1_database;
pub mod sq1_database_solution_iterator;
pub mod sq1_moves;
pub mod sq1_solver;
pub mod sq1_state;
pub mod sq1_tables;
