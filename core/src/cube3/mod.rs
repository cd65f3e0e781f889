//! The 3x3x3 Rubik's Cube, interoperable with nissy's B32 cube format.
//!
//! Where each behaviour lives:
//! - [`cube`]: [`Cube`], its B32 text (`cccccccc=eeeeeeeeeeee=r`), validity checks, moves,
//!   composition, inverse and uniform random cubes.
//! - [`moves`]: [`Move`] (faces, wide turns, slices, rotations), [`Alg`] (move sequences with
//!   NISS) and their canonical text.
//! - `geometry`: the move and orientation tables, derived from 3D coordinates.
//! - [`solve`]: the two-phase solver, its coordinates and its cached tables.
//! - [`optimal`]: the optimal solver (fewest face turns) and its symmetry-reduced table.
//! - [`steps`]: the step solvers of fewest-moves solving (EO, DR, HTR, ...) with NISS, and
//!   move-sequence helpers.
//! - [`svg`]: the picture of a cube, its unfolded net.
//!
//! # The model
//!
//! A cube is the group element "piece permutation `P`, in the centres' frame, then whole-cube
//! rotation `o`": the pieces part says where each corner and edge is relative to the centres,
//! the orientation says which centres are on top and in front. So `x` leaves the pieces alone
//! and only changes the orientation (B32 `ABCDEFGH=ABCDEFGHIJKL=Q`), and a face move named in
//! space turns the layer of the centre that is now in that place (`x U` has the pieces of `F`).
//! Wide turns and slices are a face turn (or two) and a rotation: `Rw = L x`, `Lw = R x'`,
//! `Uw = D y`, `Dw = U y'`, `Fw = B z`, `Bw = F z'`, `M = R L' x'`, `E = U D' y'`, `S = F' B z`.
//!
//! Note on nissy's README: its example for `Fw` ends in `=L`, but `Fw` is `B z` in effect, so
//! its orientation is that of `z` (L on top, F in front: `LF` = 12 = `M`); the README's `L` is an
//! artefact of its off-by-one letter table (the real mapping is 0..25 = `A`..`Z`, 26..31 =
//! `a`..`f`). The cube of `Fw` here is `ANCPETGR=AbaDEFGHIJRS=M`.

pub mod cube;
mod geometry;
pub mod moves;
pub mod optimal;
pub mod solve;
pub mod steps;
pub mod svg;

pub use cube::{B32_LEN, CORNER_NAMES, Cube, EDGE_NAMES, ORIENTATION_NAMES};
pub use moves::{Alg, Move, MoveKind};
