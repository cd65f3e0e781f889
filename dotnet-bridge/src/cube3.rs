//! The 3x3x3 cube model exports: guarded shells around `twisty::api::cube3_*`.
//!
//! A cube crosses as nissy's B32 text, an algorithm as move text (NISS groups in parentheses);
//! both arrive as owned `ffi::String`s and results leave as owned `ffi::String`s (the C# layer
//! frees them). Null strings never arrive: the C# layer rejects them first.

use interoptopus::ffi;
use twisty::api;

use crate::error::{NativeError, guard, guard_value, to_ffi};


/// The solved cube in the standard orientation (`ABCDEFGH=ABCDEFGHIJKL=A`).
#[ffi]
pub fn twisty_cube3_solved() -> ffi::Result<ffi::String, NativeError> {
    guard_value(|| ffi::String::from_string(api::cube3_solved()))
}

/// Validates a B32 cube text and returns it in canonical form.
#[ffi]
pub fn twisty_cube3_parse(text: ffi::String) -> ffi::Result<ffi::String, NativeError> {
    guard(|| to_ffi(api::cube3_parse(text.as_str())))
}

/// The cube after an algorithm (NISS groups included).
#[ffi]
pub fn twisty_cube3_apply(
    cube: ffi::String,
    moves: ffi::String,
) -> ffi::Result<ffi::String, NativeError> {
    guard(|| to_ffi(api::cube3_apply(cube.as_str(), moves.as_str())))
}

/// The cube of an algorithm, from the solved cube.
#[ffi]
pub fn twisty_cube3_from_moves(moves: ffi::String) -> ffi::Result<ffi::String, NativeError> {
    guard(|| to_ffi(api::cube3_from_moves(moves.as_str())))
}

/// The cube whose moves undo this one's.
#[ffi]
pub fn twisty_cube3_inverse(cube: ffi::String) -> ffi::Result<ffi::String, NativeError> {
    guard(|| to_ffi(api::cube3_inverse(cube.as_str())))
}

/// `a`, then the moves of `b`.
#[ffi]
pub fn twisty_cube3_compose(
    a: ffi::String,
    b: ffi::String,
) -> ffi::Result<ffi::String, NativeError> {
    guard(|| to_ffi(api::cube3_compose(a.as_str(), b.as_str())))
}

/// The picture of a cube: a standalone SVG document of its unfolded net.
#[ffi]
pub fn twisty_cube3_svg(cube: ffi::String) -> ffi::Result<ffi::String, NativeError> {
    guard(|| to_ffi(api::cube3_svg(cube.as_str())))
}

/// Whether every corner and edge is in place relative to the centres (any orientation).
#[ffi]
pub fn twisty_cube3_is_solved(cube: ffi::String) -> ffi::Result<bool, NativeError> {
    guard(|| api::cube3_is_solved(cube.as_str()))
}

/// A uniformly random cube from a seed (the same in every runtime).
#[ffi]
pub fn twisty_cube3_random(seed: u64) -> ffi::Result<ffi::String, NativeError> {
    guard_value(|| ffi::String::from_string(api::cube3_random(seed)))
}

/// The canonical text of an algorithm.
#[ffi]
pub fn twisty_cube3_moves_canonical(moves: ffi::String) -> ffi::Result<ffi::String, NativeError> {
    guard(|| to_ffi(api::cube3_moves_canonical(moves.as_str())))
}

/// The plain algorithm whose cube is the inverse of this one's.
#[ffi]
pub fn twisty_cube3_moves_inverse(moves: ffi::String) -> ffi::Result<ffi::String, NativeError> {
    guard(|| to_ffi(api::cube3_moves_inverse(moves.as_str())))
}
