//! Square-1 states, move sequences and the shape tables: shells around `twisty::api::sq1_*`.
//!
//! States and move sequences are their canonical text. Enumeration codes are `int32_t`, checked
//! by the engine: colouring 0 = six-colour, 1 = Silver; notation 0 = WCA, 1 = article; metric
//! 0 = twist, 1 = WCA, 2 = face-turn; shape count 0 = layer shapes, 1 = twistable positions,
//! 2 = up to layer rotation, 3 = up to rotation and flip.

use safer_ffi::prelude::*;
use twisty::api;

use crate::arg;
use crate::error::{OutString, OutValue, Text, call, code_out, put, put_string};
use crate::handle::{FreeHandle, NewHandle, free_handle, put_handle};

/// The solved state of a colouring (0 = six-colour, 1 = Silver).
#[ffi_export]
fn twisty_sq1_solved(colouring: i32, out: OutString<'_>) -> i32 {
    call(|| put_string(arg!(out)?, api::sq1_solved(colouring)?))
}

/// Checks a state's text and writes it in canonical form.
#[ffi_export]
fn twisty_sq1_parse_state(text: Text<'_>, out: OutString<'_>) -> i32 {
    call(|| {
        let (text, out) = (arg!(text)?, arg!(out)?);
        put_string(out, api::sq1_parse_state(text)?)
    })
}

/// The state after a move sequence in a notation (0 = WCA, 1 = article).
#[ffi_export]
fn twisty_sq1_apply(state: Text<'_>, moves: Text<'_>, notation: i32, out: OutString<'_>) -> i32 {
    call(|| {
        let (state, moves, out) = (arg!(state)?, arg!(moves)?, arg!(out)?);
        put_string(out, api::sq1_apply(state, moves, notation)?)
    })
}

/// A move sequence re-written from one notation into another (or into the canonical form of the
/// same).
#[ffi_export]
fn twisty_sq1_moves_convert(moves: Text<'_>, from: i32, to: i32, out: OutString<'_>) -> i32 {
    call(|| {
        let (moves, out) = (arg!(moves)?, arg!(out)?);
        put_string(out, api::sq1_moves_convert(moves, from, to)?)
    })
}

/// The inverse of a move sequence, in the same notation.
#[ffi_export]
fn twisty_sq1_moves_inverse(moves: Text<'_>, notation: i32, out: OutString<'_>) -> i32 {
    call(|| {
        let (moves, out) = (arg!(moves)?, arg!(out)?);
        put_string(out, api::sq1_moves_inverse(moves, notation)?)
    })
}

/// The length of a move sequence (notation 0 = WCA, 1 = article) in a metric (0 = twist,
/// 1 = WCA, 2 = face-turn).
#[ffi_export]
fn twisty_sq1_moves_length(
    moves: Text<'_>,
    notation: i32,
    metric: i32,
    out: OutValue<'_, u32>,
) -> i32 {
    call(|| {
        let (moves, out) = (arg!(moves)?, arg!(out)?);
        put(out, api::sq1_moves_length(moves, notation, metric)?)
    })
}

/// Whether the state is solved; with `ignore_middle`, a kite middle layer still counts.
#[ffi_export]
fn twisty_sq1_is_solved(state: Text<'_>, ignore_middle: bool, out: OutValue<'_, bool>) -> i32 {
    call(|| {
        let (state, out) = (arg!(state)?, arg!(out)?);
        put(out, api::sq1_is_solved(state, ignore_middle)?)
    })
}

/// Whether `/` can be applied now (no corner straddles the seam).
#[ffi_export]
fn twisty_sq1_is_twistable(state: Text<'_>, out: OutValue<'_, bool>) -> i32 {
    call(|| {
        let (state, out) = (arg!(state)?, arg!(out)?);
        put(out, api::sq1_is_twistable(state)?)
    })
}

/// Whether the middle layer is square (solved) rather than kite.
#[ffi_export]
fn twisty_sq1_middle_is_square(state: Text<'_>, out: OutValue<'_, bool>) -> i32 {
    call(|| {
        let (state, out) = (arg!(state)?, arg!(out)?);
        put(out, api::sq1_middle_is_square(state)?)
    })
}

/// The colouring of a state: 0 = six-colour, 1 = Silver.
#[ffi_export]
fn twisty_sq1_colouring(state: Text<'_>, out: OutValue<'_, i32>) -> i32 {
    call(|| {
        let (state, out) = (arg!(state)?, arg!(out)?);
        put(out, code_out(api::sq1_colouring(state)?))
    })
}

/// The shape's name in the article's style (`CeCeCeCe/CeCeCeCe` for the cube shape).
#[ffi_export]
fn twisty_sq1_shape_name(state: Text<'_>, out: OutString<'_>) -> i32 {
    call(|| {
        let (state, out) = (arg!(state)?, arg!(out)?);
        put_string(out, api::sq1_shape_name(state)?)
    })
}

/// The index (0..170) of the state's shape up to layer rotations.
#[ffi_export]
fn twisty_sq1_shape_index(state: Text<'_>, out: OutValue<'_, u32>) -> i32 {
    call(|| {
        let (state, out) = (arg!(state)?, arg!(out)?);
        put(out, api::sq1_shape_index(state)?)
    })
}

/// Whether two states are equal up to turning the top and bottom layers.
#[ffi_export]
fn twisty_sq1_equal_up_to_layer_rotation(a: Text<'_>, b: Text<'_>, out: OutValue<'_, bool>) -> i32 {
    call(|| {
        let (a, b, out) = (arg!(a)?, arg!(b)?, arg!(out)?);
        put(out, api::sq1_equal_up_to_layer_rotation(a, b)?)
    })
}

/// The Silver-edition view of a state (identical small pieces merged).
#[ffi_export]
fn twisty_sq1_to_silver(state: Text<'_>, out: OutString<'_>) -> i32 {
    call(|| {
        let (state, out) = (arg!(state)?, arg!(out)?);
        put_string(out, api::sq1_to_silver(state)?)
    })
}

/// An SVG picture of a state (a standalone `<svg>` document).
#[ffi_export]
fn twisty_sq1_svg(state: Text<'_>, out: OutString<'_>) -> i32 {
    call(|| {
        let (state, out) = (arg!(state)?, arg!(out)?);
        put_string(out, api::sq1_svg(state)?)
    })
}

/// The Square-1 shape tables (small, built in memory in milliseconds).
#[derive_ReprC]
#[repr(opaque)]
#[allow(non_camel_case_types)]
pub struct twisty_sq1_tables {
    inner: twisty::sq1::Tables,
}

/// Builds the shape tables; free them with `twisty_sq1_tables_free`.
#[ffi_export]
fn twisty_sq1_tables_new(out: NewHandle<'_, twisty_sq1_tables>) -> i32 {
    call(|| {
        let out = arg!(out)?;
        put_handle(
            out,
            twisty_sq1_tables {
                inner: twisty::sq1::Tables::new(),
            },
        )
    })
}

/// Frees the tables at `*handle` and sets `*handle` to NULL (NULL or `*handle == NULL`: nothing
/// happens). Free them only after every call using them has returned.
#[ffi_export]
fn twisty_sq1_tables_free(handle: FreeHandle<'_, twisty_sq1_tables>) {
    free_handle(handle)
}

/// A uniformly random twistable state from a seed (the same seed gives the same state in every
/// runtime), of a colouring (0 = six-colour, 1 = Silver).
#[ffi_export]
fn twisty_sq1_tables_random_state(
    tables: Option<&twisty_sq1_tables>,
    seed: u64,
    colouring: i32,
    out: OutString<'_>,
) -> i32 {
    call(|| {
        let (tables, out) = (arg!(tables)?, arg!(out)?);
        put_string(out, api::sq1_random_state(&tables.inner, seed, colouring)?)
    })
}

/// A shape count: 0 = layer shapes up to rotation (29), 1 = twistable cube shapes with layer
/// rotations distinct (3678), 2 = up to layer rotation (170), 3 = up to rotation and flip (90).
#[ffi_export]
fn twisty_sq1_tables_count_shapes(
    tables: Option<&twisty_sq1_tables>,
    kind: i32,
    out: OutValue<'_, u64>,
) -> i32 {
    call(|| {
        let (tables, out) = (arg!(tables)?, arg!(out)?);
        put(out, api::sq1_count_shapes(&tables.inner, kind)?)
    })
}

/// The fewest twists (`/`) that bring the state's shape to the cube shape.
#[ffi_export]
fn twisty_sq1_tables_twists_to_cube_shape(
    tables: Option<&twisty_sq1_tables>,
    state: Text<'_>,
    out: OutValue<'_, u32>,
) -> i32 {
    call(|| {
        let (tables, state, out) = (arg!(tables)?, arg!(state)?, arg!(out)?);
        put(out, api::sq1_twists_to_cube_shape(&tables.inner, state)?)
    })
}
