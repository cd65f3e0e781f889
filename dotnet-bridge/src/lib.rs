//! # twisty-dotnet
//!
//! The .NET bridge of the twisty engine: `extern "C"` exports (through interoptopus) that the
//! C# package `Twisty` calls with P/Invoke, and the inventory from which the raw C# layer
//! (`csharp/Twisty/Generated/Interop.cs`, namespace `Twisty.Native`) is generated.
//!
//! Design decisions:
//!
//! - **No puzzle logic here.** Every export is a thin shell around one function of
//!   [`twisty::api`]; states and move sequences cross as their canonical ASCII text.
//! - **Panics never cross.** Every export body runs inside [`error::guard`] (or
//!   [`error::guard_value`]), which catches unwinding panics. The library stays usable after one.
//! - **One error map.** A failed call returns `Err(NativeError::Raised)` (or the result's `Panic`
//!   variant for a caught panic) and leaves code, message and position in a thread-local "last
//!   error" that C# reads through `twisty_last_error_*` on the same thread, right after the call.
//!   interoptopus' own exceptions carry no message, so the C# layer never uses them; every
//!   result goes through its one unwrap path (`NativeCall.ThrowIfFailed`), which turns the last
//!   error into its own exception types (`NativeErrors.FromLastError`).
//! - **Handles.** [`tables::Sq1Tables`], [`db::Sq1Database`], [`db::Sq1Solutions`],
//!   [`progress::CancelToken`], [`solver::Sq1Solver`], [`cube3_solver::Cube3TwoPhase`] and
//!   [`cube3_optimal::Cube3Optimal`] and [`cube3_steps::Cube3Steps`] are
//!   interoptopus services (opaque boxed pointers); the C# layer owns each through its own
//!   `SafeHandle` subclass, which guarantees that the pointer is never used after `*_destroy`
//!   and never destroyed while a call is running. A solutions iterator holds its own `Arc` of
//!   the database, so it outlives a disposed database safely.
//! - **Callbacks.** [`db::twisty_db_build`], [`solver::Sq1Solver::open`] (which may build the
//!   solver's tables), [`solver::Sq1Solver::solve`], the 3x3x3 solvers' opens and
//!   [`cube3_optimal::Cube3Optimal::solve`] and the step solver's prepare and solve report progress
//!   through one C# delegate type and one adapter ([`progress::reporter`]), only on the calling
//!   thread (the engine's guarantee). The C# delegate catches its own
//!   exceptions (they never unwind into Rust), cancels the operation through the token and
//!   rethrows after the call.
//! - **Logging.** [`logging::twisty_set_log_callbacks`] installs the engine's log sink: two C#
//!   callbacks (level of a target, one record), called from any thread, with the level filtering
//!   done here (see [`logging`]).
//! - **Null and closed handles** are caught on the C# side before a call (the error codes
//!   `null_argument` = 7 and `closed` = 8 are produced there, with the same messages as Java).
//!
//! Regenerate the C# layer after changing an export:
//! `cargo test -p twisty-dotnet --test bindings -- --ignored regenerate`;
//! the (not ignored) test `bindings_are_up_to_date` fails while the checked-in file is stale.

pub mod cube3;
pub mod cube3_optimal;
pub mod cube3_solver;
pub mod cube3_steps;
pub mod db;
pub mod error;
pub mod exports;
pub mod logging;
pub mod progress;
pub mod rank;
pub mod solver;
pub mod tables;

use interoptopus::inventory::RustInventory;
use interoptopus::{builtins_string, builtins_vec, function, service};

/// Name of the native library (`libtwisty_dotnet.so`), as the C# `LibraryImport`s name it.
pub const DLL_NAME: &str = "twisty_dotnet";

/// Namespace of the generated raw C# layer.
pub const CSHARP_NAMESPACE: &str = "Twisty.Native";

/// Everything this library exports, for the C# generator.
///
/// It lives in the library (not in the generator) so that the string helper exports of
/// `builtins_string!()` are compiled into the cdylib.
pub fn inventory() -> RustInventory {
    RustInventory::new()
        .register(builtins_string!())
        .register(builtins_vec!(u8))
        .register(builtins_vec!(u64))
        .register(function!(error::twisty_last_error_code))
        .register(function!(error::twisty_last_error_position))
        .register(function!(error::twisty_last_error_message))
        .register(function!(exports::twisty_sq1_solved))
        .register(function!(exports::twisty_sq1_parse_state))
        .register(function!(exports::twisty_sq1_apply))
        .register(function!(exports::twisty_sq1_moves_convert))
        .register(function!(exports::twisty_sq1_moves_inverse))
        .register(function!(exports::twisty_sq1_is_solved))
        .register(function!(exports::twisty_sq1_is_twistable))
        .register(function!(exports::twisty_sq1_middle_is_square))
        .register(function!(exports::twisty_sq1_colouring))
        .register(function!(exports::twisty_sq1_shape_name))
        .register(function!(exports::twisty_sq1_shape_index))
        .register(function!(exports::twisty_sq1_equal_up_to_layer_rotation))
        .register(function!(exports::twisty_sq1_to_silver))
        .register(function!(rank::twisty_rank_count))
        .register(function!(rank::twisty_rank_rank))
        .register(function!(rank::twisty_rank_unrank))
        .register(service!(tables::Sq1Tables))
        .register(service!(db::Sq1Database))
        .register(service!(db::Sq1Solutions))
        .register(service!(progress::CancelToken))
        .register(function!(db::twisty_db_build))
        .register(builtins_vec!(solver::SolverSolutionText))
        .register(service!(solver::Sq1Solver))
        .register(function!(solver::twisty_sq1_solver_default_path))
        .register(function!(exports::twisty_sq1_moves_length))
        .register(function!(exports::twisty_sq1_svg))
        .register(function!(cube3::twisty_cube3_solved))
        .register(function!(cube3::twisty_cube3_parse))
        .register(function!(cube3::twisty_cube3_apply))
        .register(function!(cube3::twisty_cube3_from_moves))
        .register(function!(cube3::twisty_cube3_inverse))
        .register(function!(cube3::twisty_cube3_compose))
        .register(function!(cube3::twisty_cube3_is_solved))
        .register(function!(cube3::twisty_cube3_svg))
        .register(function!(cube3::twisty_cube3_random))
        .register(function!(cube3::twisty_cube3_moves_canonical))
        .register(function!(cube3::twisty_cube3_moves_inverse))
        .register(service!(cube3_solver::Cube3TwoPhase))
        .register(function!(cube3_solver::twisty_cube3_solver_default_path))
        .register(builtins_vec!(interoptopus::ffi::String))
        .register(service!(cube3_optimal::Cube3Optimal))
        .register(function!(cube3_optimal::twisty_cube3_optimal_default_path))
        .register(service!(cube3_steps::Cube3Steps))
        .register(function!(cube3_steps::twisty_cube3_steps_default_folder))
        .register(function!(cube3_steps::twisty_cube3_step_names))
        .register(function!(cube3_steps::twisty_cube3_step_describe))
        .register(function!(cube3_steps::twisty_cube3_step_position))
        .register(function!(cube3_steps::twisty_cube3_moves_count))
        .register(function!(cube3_steps::twisty_cube3_moves_same))
        .register(function!(cube3_steps::twisty_cube3_variations))
        .register(function!(logging::twisty_set_log_callbacks))
        .validate()
}
