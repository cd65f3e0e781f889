//! Square-1 ("Cube21"): state model with the middle layer, the WCA and article notations,
//! shapes, shared tables and uniform random states.
//!
//! Where each behaviour lives:
//! - [`state`]: the 24-slot state, its text form, `(x,y)` turns, `/`, `!`, queries.
//! - [`moves`]: moves, sequences, the two notations, inverses.
//! - [`shape`]: layer masks, the 29 layer shapes, the 170 cube shapes and their names.
//! - [`tables`]: [`Tables`], the shared, immutable shape tables behind random states (and, later,
//!   the solvers).
//! - [`svg`]: SVG pictures of a state (top and bottom discs, middle bar) and their [`svg::Palette`].

pub mod db;
pub mod moves;
pub mod shape;
pub mod solve;
pub mod state;
pub mod svg;
pub mod tables;
pub mod twist_table;

pub use moves::{Move, MoveSeq, Notation};
pub use shape::{LayerShape, Shape};
pub use state::{Colouring, Middle, State};
pub use tables::{ShapeCount, Tables};
