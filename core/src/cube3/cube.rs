//! The 3x3x3 cube value, its B32 text, validity, composition and random cubes.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, Result};
use crate::rng::Rng;

use super::geometry::{Perm, tables};
use super::moves::{Alg, Move};

/// Corner positions (and pieces) in index order, as in nissy.
pub const CORNER_NAMES: [&str; 8] = ["UFR", "UBL", "DFL", "DBR", "UFL", "UBR", "DFR", "DBL"];

/// Edge positions (and pieces) in index order, as in nissy.
pub const EDGE_NAMES: [&str; 12] = [
    "UF", "UB", "DB", "DF", "UR", "UL", "DL", "DR", "FR", "FL", "BL", "BR",
];

/// Cube orientations in index order, named by the centre on top, then the centre in front.
pub const ORIENTATION_NAMES: [&str; 24] = [
    "UF", "UR", "UB", "UL", "DF", "DR", "DB", "DL", "RF", "RD", "RB", "RU", "LF", "LD", "LB", "LU",
    "FD", "FR", "FU", "FL", "BD", "BR", "BU", "BL",
];

/// Length of a B32 cube text.
pub const B32_LEN: usize = 23;

/// A 3x3x3 cube: the corners and edges relative to the centres, and the cube's orientation.
///
/// The value is the group element "piece permutation `P`, expressed in the centres' frame, then
/// the whole-cube rotation `o`". Rotations (`x y z`) change only `o`; a face move named in space
/// turns the layer of the centre that is in that place now (after `x`, `U` turns the layer of
/// the F centre). A cube is always solvable: every constructor validates.
///
/// Pieces: position `i` holds corner [`Cube::corner_permutation`]`[i]` with twist
/// [`Cube::corner_orientation`]`[i]` (0, 1 = clockwise, 2 = counter-clockwise, measured from the
/// U/D facelet) and edge [`Cube::edge_permutation`]`[i]` with flip
/// [`Cube::edge_orientation`]`[i]` (relative to the F/B axis); positions and pieces are numbered
/// as in [`CORNER_NAMES`] and [`EDGE_NAMES`]. See `geometry.rs` for the exact conventions.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cube {
    pieces: Perm,
    orientation: u8,
}

fn b32_value(c: char) -> Option<u8> {
    match c {
        'A'..='Z' => Some(c as u8 - b'A'),
        'a'..='f' => Some(c as u8 - b'a' + 26),
        _ => None,
    }
}

fn b32_char(v: u8) -> char {
    debug_assert!(v < 32);
    if v < 26 {
        (b'A' + v) as char
    } else {
        (b'a' + v - 26) as char
    }
}

fn parity_is_odd(p: &[u8]) -> bool {
    let mut odd = false;
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            odd ^= p[i] > p[j];
        }
    }
    odd
}

impl Cube {
    /// The solved cube in the standard orientation (`ABCDEFGH=ABCDEFGHIJKL=A`).
    pub const SOLVED: Cube = Cube {
        pieces: Perm::IDENTITY,
        orientation: 0,
    };

    /// A cube from its parts: per position the corner piece (0..8) and twist (0..3), the edge
    /// piece (0..12) and flip (0..2), and the orientation (0..24).
    ///
    /// Errors ([`crate::ErrorKind::InvalidState`]) are checked in this order, the first failing
    /// check giving the error:
    /// 1. ranges, position by position, corners then edges then the orientation:
    ///    `corner at position 3 (DBR) has piece out of range`,
    ///    `corner at position 3 (DBR) has orientation out of range`,
    ///    `edge at position 4 (UR) has piece out of range`,
    ///    `edge at position 4 (UR) has orientation out of range`,
    ///    `cube orientation out of range`;
    /// 2. the rest as in [`Cube::validate`].
    pub fn from_parts(
        corner_permutation: [u8; 8],
        corner_orientation: [u8; 8],
        edge_permutation: [u8; 12],
        edge_orientation: [u8; 12],
        orientation: u8,
    ) -> Result<Cube> {
        for i in 0..8 {
            if corner_permutation[i] >= 8 {
                return Err(Error::invalid_state(format!(
                    "corner at position {i} ({}) has piece out of range",
                    CORNER_NAMES[i]
                )));
            }
            if corner_orientation[i] >= 3 {
                return Err(Error::invalid_state(format!(
                    "corner at position {i} ({}) has orientation out of range",
                    CORNER_NAMES[i]
                )));
            }
        }
        for i in 0..12 {
            if edge_permutation[i] >= 12 {
                return Err(Error::invalid_state(format!(
                    "edge at position {i} ({}) has piece out of range",
                    EDGE_NAMES[i]
                )));
            }
            if edge_orientation[i] >= 2 {
                return Err(Error::invalid_state(format!(
                    "edge at position {i} ({}) has orientation out of range",
                    EDGE_NAMES[i]
                )));
            }
        }
        if orientation >= 24 {
            return Err(Error::invalid_state("cube orientation out of range"));
        }
        let cube = Cube {
            pieces: Perm {
                cp: corner_permutation,
                co: corner_orientation,
                ep: edge_permutation,
                eo: edge_orientation,
            },
            orientation,
        };
        cube.validate()?;
        Ok(cube)
    }

    /// Reads nissy's B32 format `cccccccc=eeeeeeeeeeee=r` (23 characters): character `i` of the
    /// first group is the corner at position `i` (piece + 8 if twisted clockwise, + 16 if
    /// counter-clockwise), character `i` of the second group the edge at position `i` (piece +
    /// 16 if flipped), the last character the orientation; each value 0..31 is written
    /// `A`..`Z` (0..25), `a`..`f` (26..31).
    ///
    /// Format errors ([`crate::ErrorKind::InvalidNotation`]) come first, at the first offending
    /// 0-based character position, scanning from the start:
    /// - at 8 and 21: `expected '=' but found 'x'`;
    /// - elsewhere in the first 23 characters: `invalid character 'x' (expected A-Z or a-f)`;
    /// - text shorter than 23 characters (with no earlier error), at its length `n`:
    ///   `cube text is too short (n characters, expected 23)`;
    /// - text longer, at 23: `cube text is too long (n characters, expected 23)`.
    ///
    /// Then the checks of [`Cube::from_parts`]: a corner value of 24 or more has orientation
    /// out of range, an edge value whose piece part (value mod 16) is 12 or more has piece out
    /// of range, an orientation value of 24 or more is out of range; then [`Cube::validate`].
    pub fn from_b32(text: &str) -> Result<Cube> {
        let chars: Vec<char> = text.chars().collect();
        let mut values = [0u8; B32_LEN];
        for (i, v) in values.iter_mut().enumerate() {
            let Some(&c) = chars.get(i) else {
                return Err(Error::notation(
                    i,
                    format!(
                        "cube text is too short ({} characters, expected {B32_LEN})",
                        chars.len()
                    ),
                ));
            };
            if i == 8 || i == 21 {
                if c != '=' {
                    return Err(Error::notation(i, format!("expected '=' but found '{c}'")));
                }
                continue;
            }
            *v = b32_value(c).ok_or_else(|| {
                Error::notation(i, format!("invalid character '{c}' (expected A-Z or a-f)"))
            })?;
        }
        if chars.len() > B32_LEN {
            return Err(Error::notation(
                B32_LEN,
                format!(
                    "cube text is too long ({} characters, expected {B32_LEN})",
                    chars.len()
                ),
            ));
        }
        let corners: [u8; 8] = std::array::from_fn(|i| values[i]);
        let edges: [u8; 12] = std::array::from_fn(|i| values[9 + i]);
        Cube::from_parts(
            corners.map(|v| v & 7),
            corners.map(|v| v >> 3),
            edges.map(|v| v & 15),
            edges.map(|v| v >> 4),
            values[22],
        )
    }

    /// The B32 text (see [`Cube::from_b32`]).
    pub fn to_b32(&self) -> String {
        let p = &self.pieces;
        let mut s = String::with_capacity(B32_LEN);
        s.extend((0..8).map(|i| b32_char(p.cp[i] + 8 * p.co[i])));
        s.push('=');
        s.extend((0..12).map(|i| b32_char(p.ep[i] + 16 * p.eo[i])));
        s.push('=');
        s.push(b32_char(self.orientation));
        s
    }

    /// Checks that the pieces form a solvable cube. The checks, in order, and their messages
    /// ([`crate::ErrorKind::InvalidState`]):
    /// 1. every corner once: `corner piece 3 (DBR) appears more than once` (the piece at the
    ///    first position whose piece already appeared at an earlier position);
    /// 2. every edge once: `edge piece 4 (UR) appears more than once` (likewise);
    /// 3. `edge and corner permutation parities differ`;
    /// 4. `an edge is flipped (edge orientations sum to an odd number)`;
    /// 5. `a corner is twisted (corner orientations do not sum to a multiple of 3)`.
    ///
    /// Every cube this module hands out passes; the constructors call it.
    pub fn validate(&self) -> Result<()> {
        let p = &self.pieces;
        let mut seen = 0u32;
        for &c in &p.cp {
            if seen & (1 << c) != 0 {
                return Err(Error::invalid_state(format!(
                    "corner piece {c} ({}) appears more than once",
                    CORNER_NAMES[c as usize]
                )));
            }
            seen |= 1 << c;
        }
        let mut seen = 0u32;
        for &e in &p.ep {
            if seen & (1 << e) != 0 {
                return Err(Error::invalid_state(format!(
                    "edge piece {e} ({}) appears more than once",
                    EDGE_NAMES[e as usize]
                )));
            }
            seen |= 1 << e;
        }
        if parity_is_odd(&p.cp) != parity_is_odd(&p.ep) {
            return Err(Error::invalid_state(
                "edge and corner permutation parities differ",
            ));
        }
        if p.eo.iter().sum::<u8>() % 2 != 0 {
            return Err(Error::invalid_state(
                "an edge is flipped (edge orientations sum to an odd number)",
            ));
        }
        if p.co.iter().sum::<u8>() % 3 != 0 {
            return Err(Error::invalid_state(
                "a corner is twisted (corner orientations do not sum to a multiple of 3)",
            ));
        }
        Ok(())
    }

    /// Whether every corner and edge is in place and oriented, relative to the centres, whatever
    /// the cube's orientation (so the cube of `x` is solved; compare with [`Cube::SOLVED`] to
    /// require the standard orientation too).
    pub fn is_solved(&self) -> bool {
        self.pieces == Perm::IDENTITY
    }

    /// The cube's orientation, 0..24 (see [`ORIENTATION_NAMES`]): which centres are on top and
    /// in front.
    pub fn orientation(&self) -> u8 {
        self.orientation
    }

    /// Corner piece at each position, in the centres' frame.
    pub fn corner_permutation(&self) -> &[u8; 8] {
        &self.pieces.cp
    }

    /// Twist (0, 1 clockwise, 2 counter-clockwise) of the corner at each position.
    pub fn corner_orientation(&self) -> &[u8; 8] {
        &self.pieces.co
    }

    /// Edge piece at each position, in the centres' frame.
    pub fn edge_permutation(&self) -> &[u8; 12] {
        &self.pieces.ep
    }

    /// Flip (0 or 1, relative to the F/B axis) of the edge at each position.
    pub fn edge_orientation(&self) -> &[u8; 12] {
        &self.pieces.eo
    }

    /// The pieces part (for the solvers).
    pub(crate) fn pieces(&self) -> &Perm {
        &self.pieces
    }

    /// The pieces of `other` in this cube's orientation.
    pub(crate) fn with_pieces(self, other: &Cube) -> Cube {
        Cube {
            pieces: other.pieces,
            ..self
        }
    }

    /// A cube with these pieces (a valid permutation) in this cube's orientation.
    pub(crate) fn with_pieces_of(self, pieces: &Perm) -> Cube {
        Cube {
            pieces: *pieces,
            ..self
        }
    }

    /// The same pieces in another orientation (`o < 24`).
    pub(crate) fn with_orientation(self, o: u8) -> Cube {
        debug_assert!(o < 24);
        Cube {
            orientation: o,
            ..self
        }
    }

    /// The cube after one more move.
    #[inline]
    pub fn apply_move(&self, m: Move) -> Cube {
        let t = tables();
        let o = self.orientation as usize;
        Cube {
            pieces: self.pieces.then(&t.move_conj[o * Move::COUNT + m.index()]),
            orientation: t.ori_mul[o][t.move_ori[m.index()] as usize],
        }
    }

    /// The algorithm applied to this cube as nissy applies it: the normal moves `N` after the
    /// cube, the inverse moves `I` (in parentheses) to its inverse, which puts `I⁻¹` before it:
    /// the result is `I⁻¹ · self · N` (the inverse moves act as premoves). From the solved cube
    /// that is [`Cube::from_alg`].
    pub fn apply(&self, alg: &Alg) -> Cube {
        let after = alg.normal().iter().fold(*self, |c, &m| c.apply_move(m));
        if alg.inverse_part().is_empty() {
            return after;
        }
        let premoves = alg
            .inverse_part()
            .iter()
            .fold(Cube::SOLVED, |c, &m| c.apply_move(m));
        premoves.inverse().compose(&after)
    }

    /// The cube of an algorithm: the solved cube after the inverse part's moves, inverted, then
    /// the normal part's moves (NISS: `R (U) F` is the cube of `U' R F`).
    pub fn from_alg(alg: &Alg) -> Cube {
        let inverse = alg
            .inverse_part()
            .iter()
            .fold(Cube::SOLVED, |c, &m| c.apply_move(m));
        alg.normal()
            .iter()
            .fold(inverse.inverse(), |c, &m| c.apply_move(m))
    }

    /// The cube whose moves undo this one's: `c.compose(&c.inverse())` is [`Cube::SOLVED`].
    /// As group elements, `(P, o)⁻¹ = (o⁻¹ P⁻¹ o, o⁻¹)`.
    pub fn inverse(&self) -> Cube {
        let t = tables();
        let inv = t.ori_inv[self.orientation as usize];
        Cube {
            pieces: t.conjugate(inv, &self.pieces.inverse()),
            orientation: inv,
        }
    }

    /// `self`, then the moves of `other`: `(P1, o1)·(P2, o2) = (P1 · o1 P2 o1⁻¹, o1 o2)`, i.e.
    /// `other`'s pieces are relabelled by this cube's orientation before they are applied. For
    /// every algorithm `a`, `c.compose(&Cube::from_alg(&a)) == c.apply(&a)`.
    pub fn compose(&self, other: &Cube) -> Cube {
        let t = tables();
        Cube {
            pieces: self
                .pieces
                .then(&t.conjugate(self.orientation, &other.pieces)),
            orientation: t.ori_mul[self.orientation as usize][other.orientation as usize],
        }
    }

    /// A uniformly random solvable cube in orientation 0 (each of the
    /// 43,252,003,274,489,856,000 is equally likely). The draws, in this order, are a
    /// cross-runtime contract (same seed, same cube):
    /// 1. corner permutation: `[0, 1, ..., 7]` shuffled by [`Rng::shuffle`];
    /// 2. edge permutation: `[0, 1, ..., 11]` shuffled by [`Rng::shuffle`]; if its parity
    ///    differs from the corners', the edges at positions 10 and 11 are swapped;
    /// 3. corner twists: positions 0..6 each `rng.below(3)`, position 7 makes the sum a
    ///    multiple of 3;
    /// 4. edge flips: positions 0..10 each `rng.below(2)`, position 11 makes the sum even.
    pub fn random(rng: &mut Rng) -> Cube {
        let mut p = Perm::IDENTITY;
        rng.shuffle(&mut p.cp);
        rng.shuffle(&mut p.ep);
        if parity_is_odd(&p.cp) != parity_is_odd(&p.ep) {
            p.ep.swap(10, 11);
        }
        let mut sum = 0;
        for i in 0..7 {
            p.co[i] = rng.below(3) as u8;
            sum += p.co[i];
        }
        p.co[7] = (3 - sum % 3) % 3;
        let mut sum = 0;
        for i in 0..11 {
            p.eo[i] = rng.below(2) as u8;
            sum += p.eo[i];
        }
        p.eo[11] = sum % 2;
        Cube {
            pieces: p,
            orientation: 0,
        }
    }
}

impl Default for Cube {
    fn default() -> Cube {
        Cube::SOLVED
    }
}

impl fmt::Display for Cube {
    /// The B32 text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_b32())
    }
}

impl fmt::Debug for Cube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cube({})", self.to_b32())
    }
}

impl FromStr for Cube {
    type Err = Error;

    /// [`Cube::from_b32`].
    fn from_str(text: &str) -> Result<Cube> {
        Cube::from_b32(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cube(alg: &str) -> Cube {
        Cube::from_alg(&Alg::parse(alg).unwrap())
    }

    #[test]
    fn b32_letters_cover_0_to_31() {
        for v in 0..32u8 {
            assert_eq!(b32_value(b32_char(v)), Some(v));
        }
        assert_eq!(b32_char(0), 'A');
        assert_eq!(b32_char(25), 'Z');
        assert_eq!(b32_char(26), 'a');
        assert_eq!(b32_char(31), 'f');
        assert_eq!(b32_value('g'), None);
        assert_eq!(b32_value('='), None);
    }

    #[test]
    fn parity_counts_inversions() {
        assert!(!parity_is_odd(&[0, 1, 2]));
        assert!(parity_is_odd(&[1, 0, 2]));
        assert!(!parity_is_odd(&[1, 2, 0]));
    }

    #[test]
    fn face_moves_on_a_rotated_cube_turn_the_centre_in_place() {
        assert_eq!(
            cube("x U").corner_permutation(),
            cube("F").corner_permutation()
        );
        assert_eq!(cube("x U").orientation(), cube("x").orientation());
        assert_eq!(cube("y R").edge_permutation(), cube("B").edge_permutation());
        assert_eq!(cube("z U").edge_orientation(), cube("L").edge_orientation());
    }

    #[test]
    fn apply_move_agrees_with_compose() {
        let mut c = cube("x R y' F2 Uw M'");
        for m in Move::all() {
            let by_move = c.apply_move(m);
            let by_compose = c.compose(&Cube::SOLVED.apply_move(m));
            assert_eq!(by_move, by_compose, "{m}");
            c = by_move;
        }
    }
}
