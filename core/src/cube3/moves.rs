//! 3x3x3 moves and algorithms (move sequences with NISS).
//!
//! **Moves** are written as in nissy and most cubing software: a face `U D R L F B`, a wide turn
//! `Uw Dw Rw Lw Fw Bw`, a slice `M S E` or a rotation `x y z`, followed by the amount: nothing
//! (a clockwise quarter turn), `2` (a half turn) or `'` (counter-clockwise). On input `3` is a
//! synonym of `'` and `2'` of `2`; the canonical text is always `R`, `R2`, `R'`. Lower-case wide
//! turns (`r`) are not accepted. Directions: a wide turn goes with its face, `M` with `L`, `E`
//! with `D`, `S` with `F`, `x` with `R`, `y` with `U`, `z` with `F`.
//!
//! **Algorithms** ([`Alg`]) are sequences of moves; moves in parentheses belong to the
//! *inverse* part (nissy's NISS). Tokens may be separated by any whitespace or by none at all
//! (`RUR'` reads as `R U R'`). An algorithm with normal moves `N` and inverse moves `I` (each in
//! the order written, wherever the parentheses stand) means the cube of `I` inverted, followed by
//! `N`: `R (U) F` is the cube of `U' R F`. The canonical text writes the normal moves, then all
//! inverse moves in one group: `R U F (B' D)`.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, Result};

/// The kind of a move: what turns (the amount is in [`Move`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    U,
    D,
    R,
    L,
    F,
    B,
    Uw,
    Dw,
    Rw,
    Lw,
    Fw,
    Bw,
    /// The slice between R and L, turned like L.
    M,
    /// The slice between F and B, turned like F.
    S,
    /// The slice between U and D, turned like D.
    E,
    /// Whole-cube rotation like R.
    X,
    /// Whole-cube rotation like U.
    Y,
    /// Whole-cube rotation like F.
    Z,
}

impl MoveKind {
    /// Every kind, in index order.
    pub const ALL: [MoveKind; 18] = [
        MoveKind::U,
        MoveKind::D,
        MoveKind::R,
        MoveKind::L,
        MoveKind::F,
        MoveKind::B,
        MoveKind::Uw,
        MoveKind::Dw,
        MoveKind::Rw,
        MoveKind::Lw,
        MoveKind::Fw,
        MoveKind::Bw,
        MoveKind::M,
        MoveKind::S,
        MoveKind::E,
        MoveKind::X,
        MoveKind::Y,
        MoveKind::Z,
    ];

    /// Position in [`MoveKind::ALL`] (0..18).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The text of the kind: `U`, `Uw`, `M`, `x`, ...
    pub fn name(self) -> &'static str {
        const NAMES: [&str; 18] = [
            "U", "D", "R", "L", "F", "B", "Uw", "Dw", "Rw", "Lw", "Fw", "Bw", "M", "S", "E", "x",
            "y", "z",
        ];
        NAMES[self.index()]
    }

    /// A single-layer face turn (`U D R L F B`).
    pub fn is_face(self) -> bool {
        self.index() < 6
    }

    /// A whole-cube rotation (`x y z`).
    pub fn is_rotation(self) -> bool {
        matches!(self, MoveKind::X | MoveKind::Y | MoveKind::Z)
    }
}

/// One move: a [`MoveKind`] and an amount of 1, 2 or 3 quarter turns (3 is written `'`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    kind: MoveKind,
    amount: u8,
}

impl Move {
    /// Number of distinct moves (18 kinds times 3 amounts).
    pub const COUNT: usize = 54;

    /// A move of `amount` quarter turns (1, 2 or 3); any other amount is an
    /// [`crate::ErrorKind::InvalidArgument`] error.
    pub fn new(kind: MoveKind, amount: u8) -> Result<Move> {
        if (1..=3).contains(&amount) {
            Ok(Move { kind, amount })
        } else {
            Err(Error::invalid_argument(format!(
                "move amount {amount} is out of range 1..=3"
            )))
        }
    }

    pub fn kind(self) -> MoveKind {
        self.kind
    }

    /// 1, 2 or 3 quarter turns in the move's direction.
    pub fn amount(self) -> u8 {
        self.amount
    }

    /// `3 * kind index + amount - 1`, in 0..54 (`U U2 U' D D2 D' ...`).
    pub fn index(self) -> usize {
        self.kind.index() * 3 + self.amount as usize - 1
    }

    /// The move with this [`Move::index`].
    pub fn from_index(index: usize) -> Option<Move> {
        (index < Move::COUNT).then(|| Move {
            kind: MoveKind::ALL[index / 3],
            amount: (index % 3) as u8 + 1,
        })
    }

    /// Every move, in index order.
    pub fn all() -> impl Iterator<Item = Move> {
        (0..Move::COUNT).map(|i| Move::from_index(i).unwrap())
    }

    /// The move that undoes this one (`R` and `R'` swap, `R2` stays).
    pub fn inverse(self) -> Move {
        Move {
            kind: self.kind,
            amount: 4 - self.amount,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = match self.amount {
            1 => "",
            2 => "2",
            _ => "'",
        };
        write!(f, "{}{suffix}", self.kind.name())
    }
}

impl FromStr for Move {
    type Err = Error;

    /// Exactly one move, without surrounding whitespace.
    fn from_str(text: &str) -> Result<Move> {
        let chars: Vec<char> = text.chars().collect();
        let mut pos = 0;
        let m = match chars.first() {
            None => {
                return Err(Error::notation(
                    0,
                    "expected a move but found the end of the text",
                ));
            }
            Some(&c) => read_move(&chars, &mut pos).ok_or_else(|| unexpected(0, c))?,
        };
        match chars.get(pos) {
            None => Ok(m),
            Some(&c) => Err(Error::notation(
                pos,
                format!("unexpected '{c}' after the move {m}"),
            )),
        }
    }
}

fn unexpected(pos: usize, c: char) -> Error {
    Error::notation(
        pos,
        format!("unexpected '{c}' (expected a move, '(' or ')')"),
    )
}

/// Reads one move at `*pos` (advancing past it), or returns `None` without moving when the
/// character there starts no move.
fn read_move(chars: &[char], pos: &mut usize) -> Option<Move> {
    use MoveKind as K;
    let at = |i: usize| chars.get(i).copied();
    let mut i = *pos;
    let face_or_slice = match at(i)? {
        'U' => (K::U, Some(K::Uw)),
        'D' => (K::D, Some(K::Dw)),
        'R' => (K::R, Some(K::Rw)),
        'L' => (K::L, Some(K::Lw)),
        'F' => (K::F, Some(K::Fw)),
        'B' => (K::B, Some(K::Bw)),
        'M' => (K::M, None),
        'S' => (K::S, None),
        'E' => (K::E, None),
        'x' => (K::X, None),
        'y' => (K::Y, None),
        'z' => (K::Z, None),
        _ => return None,
    };
    i += 1;
    let kind = match face_or_slice {
        (_, Some(wide)) if at(i) == Some('w') => {
            i += 1;
            wide
        }
        (kind, _) => kind,
    };
    let amount = match at(i) {
        Some('2') => {
            i += 1;
            if at(i) == Some('\'') {
                i += 1;
            }
            2
        }
        Some('\'') | Some('3') => {
            i += 1;
            3
        }
        _ => 1,
    };
    *pos = i;
    Some(Move { kind, amount })
}

/// A move sequence with NISS: normal moves and inverse moves (those written in parentheses).
///
/// The cube of an algorithm with normal part `N` and inverse part `I` is `I` inverted, then `N`
/// (see [`super::Cube::from_alg`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Alg {
    normal: Vec<Move>,
    inverse: Vec<Move>,
}

impl Alg {
    /// An algorithm from its normal part and its inverse part.
    pub fn new(normal: Vec<Move>, inverse: Vec<Move>) -> Alg {
        Alg { normal, inverse }
    }

    /// A plain algorithm (no inverse moves).
    pub fn from_moves(moves: Vec<Move>) -> Alg {
        Alg::new(moves, Vec::new())
    }

    /// Reads an algorithm. Errors ([`crate::ErrorKind::InvalidNotation`], with the 0-based
    /// character position): a character that starts no move (`unexpected 'q' ...`), `)` without
    /// an open group (`unmatched ')'`), `(` inside a group (`nested '(' ...`), and a group left
    /// open at the end (`unmatched '('`, at the position of that `(`). Empty groups `()` and the
    /// empty text are valid.
    pub fn parse(text: &str) -> Result<Alg> {
        let chars: Vec<char> = text.chars().collect();
        let mut alg = Alg::default();
        let mut open: Option<usize> = None;
        let mut pos = 0;
        while let Some(&c) = chars.get(pos) {
            if c.is_whitespace() {
                pos += 1;
                continue;
            }
            match c {
                '(' => {
                    if open.is_some() {
                        return Err(Error::notation(
                            pos,
                            "nested '(' (NISS groups cannot be nested)",
                        ));
                    }
                    open = Some(pos);
                    pos += 1;
                }
                ')' => {
                    if open.take().is_none() {
                        return Err(Error::notation(pos, "unmatched ')'"));
                    }
                    pos += 1;
                }
                _ => {
                    let m = read_move(&chars, &mut pos).ok_or_else(|| unexpected(pos, c))?;
                    if open.is_some() {
                        alg.inverse.push(m);
                    } else {
                        alg.normal.push(m);
                    }
                }
            }
        }
        if let Some(p) = open {
            return Err(Error::notation(p, "unmatched '('"));
        }
        Ok(alg)
    }

    /// The moves outside parentheses, in order.
    pub fn normal(&self) -> &[Move] {
        &self.normal
    }

    /// The moves inside parentheses (applied to the inverse), in order.
    pub fn inverse_part(&self) -> &[Move] {
        &self.inverse
    }

    /// Number of moves, both parts together.
    pub fn len(&self) -> usize {
        self.normal.len() + self.inverse.len()
    }

    pub fn is_empty(&self) -> bool {
        self.normal.is_empty() && self.inverse.is_empty()
    }

    /// The plain algorithm (no inverse part) whose cube is the inverse of this one's cube: the
    /// normal part reversed with every move inverted, then the inverse part as written
    /// (`R U (F D)` gives `U' R' F D`).
    pub fn inverse(&self) -> Alg {
        let mut moves: Vec<Move> = self.normal.iter().rev().map(|m| m.inverse()).collect();
        moves.extend_from_slice(&self.inverse);
        Alg::from_moves(moves)
    }
}

impl fmt::Display for Alg {
    /// Moves separated by one space, the inverse part (if any) last in one group:
    /// `R U F (B' D)`; the empty algorithm is the empty text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for m in &self.normal {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{m}")?;
        }
        if !self.inverse.is_empty() {
            if !first {
                f.write_str(" ")?;
            }
            f.write_str("(")?;
            for (i, m) in self.inverse.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{m}")?;
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

impl FromStr for Alg {
    type Err = Error;

    fn from_str(text: &str) -> Result<Alg> {
        Alg::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    #[test]
    fn every_move_round_trips_through_text_and_index() {
        let mut names = std::collections::HashSet::new();
        for (i, m) in Move::all().enumerate() {
            assert_eq!(m.index(), i);
            assert_eq!(Move::from_index(i), Some(m));
            let text = m.to_string();
            assert_eq!(mv(&text), m, "{text}");
            assert!(names.insert(text));
        }
        assert_eq!(names.len(), 54);
        assert_eq!(Move::from_index(54), None);
        assert_eq!(mv("Rw2").to_string(), "Rw2");
        assert_eq!(mv("x'").to_string(), "x'");
        assert_eq!(mv("F").to_string(), "F");
    }

    #[test]
    fn synonyms_are_read_and_written_canonically() {
        assert_eq!(mv("R3"), mv("R'"));
        assert_eq!(mv("R2'"), mv("R2"));
        assert_eq!(mv("Uw3").to_string(), "Uw'");
        assert_eq!(mv("M2'").to_string(), "M2");
    }

    #[test]
    fn inverse_swaps_directions() {
        assert_eq!(mv("R").inverse(), mv("R'"));
        assert_eq!(mv("z'").inverse(), mv("z"));
        assert_eq!(mv("S2").inverse(), mv("S2"));
        for m in Move::all() {
            assert_eq!(m.inverse().inverse(), m);
            assert_eq!(m.inverse().kind(), m.kind());
        }
    }

    #[test]
    fn new_checks_the_amount() {
        assert!(Move::new(MoveKind::R, 2).is_ok());
        for bad in [0, 4, 255] {
            let e = Move::new(MoveKind::R, bad).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::InvalidArgument);
        }
    }

    #[test]
    fn single_move_errors() {
        let e = "".parse::<Move>().unwrap_err();
        assert_eq!(e.position(), Some(0));
        let e = "Q".parse::<Move>().unwrap_err();
        assert_eq!(e.position(), Some(0));
        let e = "R U".parse::<Move>().unwrap_err();
        assert_eq!(e.position(), Some(1));
        assert_eq!(
            e.message(),
            "at position 1: unexpected ' ' after the move R"
        );
        let e = "rw".parse::<Move>().unwrap_err();
        assert_eq!(e.position(), Some(0));
    }

    #[test]
    fn algs_parse_with_or_without_spaces() {
        let a = Alg::parse("RUR'U'").unwrap();
        assert_eq!(a, Alg::parse("  R U  R'\tU' ").unwrap());
        assert_eq!(a.to_string(), "R U R' U'");
        assert_eq!(a.len(), 4);
        assert_eq!(Alg::parse("Rw2'x3M").unwrap().to_string(), "Rw2 x' M");
    }

    #[test]
    fn niss_groups_collect_at_the_end() {
        let a = Alg::parse("R (U' D) F (B2)").unwrap();
        assert_eq!(a.normal(), &[mv("R"), mv("F")]);
        assert_eq!(a.inverse_part(), &[mv("U'"), mv("D"), mv("B2")]);
        assert_eq!(a.to_string(), "R F (U' D B2)");
        assert_eq!(Alg::parse("(R)").unwrap().to_string(), "(R)");
        assert_eq!(Alg::parse("R ()").unwrap().to_string(), "R");
        assert_eq!(Alg::parse("").unwrap().to_string(), "");
        assert!(Alg::parse("  ").unwrap().is_empty());
        assert_eq!(a.inverse().to_string(), "F' R' U' D B2");
    }

    #[test]
    fn alg_errors_have_positions() {
        let cases = [
            ("R U q", 4, "unexpected 'q' (expected a move, '(' or ')')"),
            ("R (U (F))", 5, "nested '(' (NISS groups cannot be nested)"),
            ("R U) F", 3, "unmatched ')'"),
            ("R (U F", 2, "unmatched '('"),
            ("R ''", 2, "unexpected ''' (expected a move, '(' or ')')"),
            ("R w", 2, "unexpected 'w' (expected a move, '(' or ')')"),
            ("R1", 1, "unexpected '1' (expected a move, '(' or ')')"),
        ];
        for (text, pos, what) in cases {
            let e = Alg::parse(text).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::InvalidNotation, "{text}");
            assert_eq!(e.position(), Some(pos), "{text}: {e}");
            assert_eq!(e.message(), format!("at position {pos}: {what}"), "{text}");
        }
    }
}
