//! The free-function exports: one per function of [`twisty::api`], each a guarded shell.
//!
//! Strings arrive as owned `ffi::String` (UTF-8, created by the C# layer) and leave as owned
//! `ffi::String` (the C# layer frees them). Enumerations cross as the integer codes documented
//! in [`twisty::api`] (as `i32`, checked there). Null strings never arrive: the C# layer rejects
//! them first.

use interoptopus::ffi;
use twisty::api;

use crate::error::{NativeError, guard, to_ffi};


/// The solved state of a colouring (0 = six-colour, 1 = Silver), as text.
#[ffi]
pub fn twisty_sq1_solved(colouring: i32) -> ffi::Result<ffi::String, NativeError> {
    guard(|| to_ffi(api::sq1_solved(colouring)))
}

/// Validates a state text and returns it in canonical form.
#[ffi]
pub fn twisty_sq1_parse_state(text: ffi::String) -> ffi::Result<ffi::String, NativeError> {
    guard(|| to_ffi(api::sq1_parse_state(text.as_str())))
}

/// Applies a move sequence (notation 0 = WCA, 1 = article) to a state.
#[ffi]
pub fn twisty_sq1_apply(
    state: ffi::String,
    moves: ffi::String,
    notation: i32,
) -> ffi::Result<ffi::String, NativeError> {
    guard(|| to_ffi(api::sq1_apply(state.as_str(), moves.as_str(), notation)))
}

/// Re-writes a move sequence from one notation into another.
#[ffi]
pub fn twisty_sq1_moves_convert(
    moves: ffi::String,
    from_notation: i32,
    to_notation: i32,
) -> ffi::Result<ffi::String, NativeError> {
    guard(|| {
        to_ffi(api::sq1_moves_convert(
            moves.as_str(),
            from_notation,
            to_notation,
        ))
    })
}

/// The inverse of a move sequence, in the same notation.
#[ffi]
pub fn twisty_sq1_moves_inverse(
    moves: ffi::String,
    notation: i32,
) -> ffi::Result<ffi::String, NativeError> {
    guard(|| to_ffi(api::sq1_moves_inverse(moves.as_str(), notation)))
}

/// Whether the state is solved (with `ignore_middle`, a kite middle still counts as solved).
#[ffi]
pub fn twisty_sq1_is_solved(
    state: ffi::String,
    ignore_middle: bool,
) -> ffi::Result<bool, NativeError> {
    guard(|| api::sq1_is_solved(state.as_str(), ignore_middle))
}

/// Whether `/` can be applied right now.
#[ffi]
pub fn twisty_sq1_is_twistable(state: ffi::String) -> ffi::Result<bool, NativeError> {
    guard(|| api::sq1_is_twistable(state.as_str()))
}

/// Whether the middle layer is square.
#[ffi]
pub fn twisty_sq1_middle_is_square(state: ffi::String) -> ffi::Result<bool, NativeError> {
    guard(|| api::sq1_middle_is_square(state.as_str()))
}

/// The colouring of a state: 0 = six-colour, 1 = Silver.
#[ffi]
pub fn twisty_sq1_colouring(state: ffi::String) -> ffi::Result<u32, NativeError> {
    guard(|| api::sq1_colouring(state.as_str()))
}

/// The shape's name in the article's style.
#[ffi]
pub fn twisty_sq1_shape_name(state: ffi::String) -> ffi::Result<ffi::String, NativeError> {
    guard(|| to_ffi(api::sq1_shape_name(state.as_str())))
}

/// The index (0..170) of the state's shape up to layer rotations.
#[ffi]
pub fn twisty_sq1_shape_index(state: ffi::String) -> ffi::Result<u32, NativeError> {
    guard(|| api::sq1_shape_index(state.as_str()))
}

/// Whether two states are equal up to turning the top and bottom layers.
#[ffi]
pub fn twisty_sq1_equal_up_to_layer_rotation(
    a: ffi::String,
    b: ffi::String,
) -> ffi::Result<bool, NativeError> {
    guard(|| api::sq1_equal_up_to_layer_rotation(a.as_str(), b.as_str()))
}

/// The Silver-edition view of a state.
#[ffi]
pub fn twisty_sq1_to_silver(state: ffi::String) -> ffi::Result<ffi::String, NativeError> {
    guard(|| to_ffi(api::sq1_to_silver(state.as_str())))
}

/// The length of a move sequence (notation 0 = WCA, 1 = article) in a metric (0 = twist,
/// 1 = WCA, 2 = face-turn).
#[ffi]
pub fn twisty_sq1_moves_length(
    moves: ffi::String,
    notation: i32,
    metric: i32,
) -> ffi::Result<u32, NativeError> {
    guard(|| api::sq1_moves_length(moves.as_str(), notation, metric))
}

/// An SVG picture of a state.
#[ffi]
pub fn twisty_sq1_svg(state: ffi::String) -> ffi::Result<ffi::String, NativeError> {
    guard(|| to_ffi(api::sq1_svg(state.as_str())))
}
