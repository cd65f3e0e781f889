//! Square-1 moves and their two notations.
//!
//! **WCA** (as TNoodle writes scrambles): `(x,y)` turns the top layer x twelfths and the bottom
//! layer y twelfths, each clockwise as seen looking at that layer, x and y in -5..6; `/` is the
//! twist. Written as `(1,0)/ (-1,3)/ (0,3)`: a turn and the `/` that follows it are glued, other
//! tokens are separated by one space.
//!
//! **Article** (the Cube21 blog): `(top,bottom)` with positive meaning anticlockwise, so the
//! article's `(t,b)` is WCA's `(-t,-b)`; `/` is the twist and `!` turns the whole puzzle over
//! (see [`super::State::flip`]). Written without spaces: `(1,0)/(-3,3)/!`.
//!
//! Both readers accept any whitespace between tokens and inside parentheses, and nothing else:
//! every other deviation is an [`crate::ErrorKind::InvalidNotation`] error with its position.

use std::fmt::Write;

use crate::error::{Error, Result};

/// The two notations the engine reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    Wca,
    Article,
}

impl Notation {
    /// 0 = WCA, 1 = article (the code used by the bridges).
    pub fn from_code(code: u32) -> Option<Notation> {
        match code {
            0 => Some(Notation::Wca),
            1 => Some(Notation::Article),
            _ => None,
        }
    }

    pub fn code(self) -> u32 {
        match self {
            Notation::Wca => 0,
            Notation::Article => 1,
        }
    }

    /// `wca` or `article`, as in the test vectors and the CLI.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Wca => "wca",
            Notation::Article => "article",
        }
    }
}

/// Smallest and largest turn amount in either notation.
pub const TURN_MIN: i8 = -5;
pub const TURN_MAX: i8 = 6;

/// One move, in the engine's (WCA) sign convention.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Top and bottom turned clockwise (seen from each layer), twelfths in -5..6.
    Turn { top: i8, bottom: i8 },
    /// `/`
    Twist,
    /// `!`, the whole-puzzle flip (article notation only).
    Flip,
}

/// Reduces a turn amount to -5..6.
pub fn normalize_turn(x: i32) -> i8 {
    let r = x.rem_euclid(12);
    (if r > 6 { r - 12 } else { r }) as i8
}

impl Move {
    pub fn inverse(self) -> Move {
        match self {
            Move::Turn { top, bottom } => Move::Turn {
                top: normalize_turn(-(top as i32)),
                bottom: normalize_turn(-(bottom as i32)),
            },
            m => m,
        }
    }
}

/// A sequence of moves; remembers where each move started in the text it was parsed from, so
/// that an illegal move can be reported at its position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveSeq {
    moves: Vec<Move>,
    positions: Vec<usize>,
}

impl MoveSeq {
    pub fn new(moves: Vec<Move>) -> MoveSeq {
        MoveSeq {
            moves,
            positions: Vec::new(),
        }
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Where move `i` started in the parsed text, if the sequence was parsed.
    pub fn position(&self, i: usize) -> Option<usize> {
        self.positions.get(i).copied()
    }

    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Number of `/` in the sequence (the twist metric).
    pub fn twist_count(&self) -> usize {
        self.moves.iter().filter(|m| **m == Move::Twist).count()
    }

    pub fn parse(text: &str, notation: Notation) -> Result<MoveSeq> {
        Parser {
            chars: text.chars().collect(),
            pos: 0,
            notation,
        }
        .sequence()
    }

    /// The sequence that undoes this one.
    pub fn inverse(&self) -> MoveSeq {
        MoveSeq::new(self.moves.iter().rev().map(|m| m.inverse()).collect())
    }

    /// Writes the sequence in a notation. The whole-puzzle flip has no WCA form.
    pub fn format(&self, notation: Notation) -> Result<String> {
        let mut out = String::new();
        for (i, &m) in self.moves.iter().enumerate() {
            let glue_to_turn =
                i > 0 && m == Move::Twist && matches!(self.moves[i - 1], Move::Turn { .. });
            if notation == Notation::Wca && i > 0 && !glue_to_turn {
                out.push(' ');
            }
            match m {
                Move::Turn { top, bottom } => {
                    let (t, b) = match notation {
                        Notation::Wca => (top, bottom),
                        Notation::Article => (
                            normalize_turn(-(top as i32)),
                            normalize_turn(-(bottom as i32)),
                        ),
                    };
                    write!(out, "({t},{b})").unwrap();
                }
                Move::Twist => out.push('/'),
                Move::Flip => {
                    if notation == Notation::Wca {
                        return Err(Error::invalid_argument(format!(
                            "move {} is the whole-puzzle flip '!', which has no WCA notation",
                            i + 1
                        )));
                    }
                    out.push('!');
                }
            }
        }
        Ok(out)
    }
}

struct Parser {
    chars: Vec<char>,
    pos: usize,
    notation: Notation,
}

impl Parser {
    fn skip_space(&mut self) {
        while self.chars.get(self.pos).is_some_and(|c| c.is_whitespace()) {
            self.pos += 1;
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn found(&self) -> String {
        match self.peek() {
            Some(c) => format!("'{c}'"),
            None => "the end of the text".to_string(),
        }
    }

    fn expect(&mut self, want: char) -> Result<()> {
        self.skip_space();
        if self.peek() == Some(want) {
            self.pos += 1;
            Ok(())
        } else {
            Err(Error::notation(
                self.pos,
                format!("expected '{want}' but found {}", self.found()),
            ))
        }
    }

    fn number(&mut self) -> Result<i8> {
        self.skip_space();
        let start = self.pos;
        let negative = self.peek() == Some('-');
        if negative {
            self.pos += 1;
        }
        let digits_start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.pos == digits_start {
            return Err(Error::notation(
                self.pos,
                format!("expected a number but found {}", self.found()),
            ));
        }
        let digits: String = self.chars[digits_start..self.pos].iter().collect();
        let value = digits
            .parse::<i64>()
            .ok()
            .map(|v| if negative { -v } else { v });
        match value {
            Some(v) if (TURN_MIN as i64..=TURN_MAX as i64).contains(&v) => Ok(v as i8),
            _ => {
                let text: String = self.chars[start..self.pos].iter().collect();
                Err(Error::notation(
                    start,
                    format!("turn {text} is out of range {TURN_MIN}..={TURN_MAX}"),
                ))
            }
        }
    }

    fn sequence(mut self) -> Result<MoveSeq> {
        let mut seq = MoveSeq::default();
        loop {
            self.skip_space();
            let start = self.pos;
            let m = match self.peek() {
                None => return Ok(seq),
                Some('/') => {
                    self.pos += 1;
                    Move::Twist
                }
                Some('!') if self.notation == Notation::Article => {
                    self.pos += 1;
                    Move::Flip
                }
                Some('(') => {
                    self.pos += 1;
                    let t = self.number()?;
                    self.expect(',')?;
                    let b = self.number()?;
                    self.expect(')')?;
                    match self.notation {
                        Notation::Wca => Move::Turn { top: t, bottom: b },
                        Notation::Article => Move::Turn {
                            top: normalize_turn(-(t as i32)),
                            bottom: normalize_turn(-(b as i32)),
                        },
                    }
                }
                Some(c) => {
                    let allowed = match self.notation {
                        Notation::Wca => "'(' or '/'",
                        Notation::Article => "'(', '/' or '!'",
                    };
                    return Err(Error::notation(
                        start,
                        format!(
                            "unexpected '{c}' in {} notation (expected {allowed})",
                            self.notation.name()
                        ),
                    ));
                }
            };
            seq.moves.push(m);
            seq.positions.push(start);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wca_round_trip_is_canonical() {
        let text = "(1,0)/ (-1,3)/ (0,3)";
        let seq = MoveSeq::parse(text, Notation::Wca).unwrap();
        assert_eq!(seq.format(Notation::Wca).unwrap(), text);
        let sloppy = MoveSeq::parse("  ( 1 , 0 ) /(-1,3)  /(0,  3) ", Notation::Wca).unwrap();
        assert_eq!(sloppy.format(Notation::Wca).unwrap(), text);
        assert_eq!(
            MoveSeq::parse("/ (3,0)/ /", Notation::Wca)
                .unwrap()
                .format(Notation::Wca)
                .unwrap(),
            "/ (3,0)/ /"
        );
    }

    #[test]
    fn article_signs_are_opposite() {
        let seq = MoveSeq::parse("(1,-2)/!", Notation::Article).unwrap();
        assert_eq!(seq.moves()[0], Move::Turn { top: -1, bottom: 2 });
        assert_eq!(seq.format(Notation::Article).unwrap(), "(1,-2)/!");
        assert!(seq.format(Notation::Wca).is_err());
        let six = MoveSeq::parse("(6,6)", Notation::Article).unwrap();
        assert_eq!(six.moves()[0], Move::Turn { top: 6, bottom: 6 });
    }

    #[test]
    fn inverse_reverses_and_negates() {
        let seq = MoveSeq::parse("(1,6)/ (-5,0)/", Notation::Wca).unwrap();
        assert_eq!(
            seq.inverse().format(Notation::Wca).unwrap(),
            "/ (5,0)/ (-1,6)"
        );
    }

    #[test]
    fn errors_have_positions() {
        let cases = [
            ("(1,0)/ (7,0)", 8, "turn 7 is out of range"),
            ("(1,0", 4, "expected ')'"),
            ("(1 0)", 3, "expected ','"),
            ("(1,0)/ x", 7, "unexpected 'x'"),
            ("(1,0)!", 5, "unexpected '!'"),
            ("(,0)", 1, "expected a number"),
            ("(-6,0)", 1, "turn -6 is out of range"),
        ];
        for (text, pos, what) in cases {
            let e = MoveSeq::parse(text, Notation::Wca).unwrap_err();
            assert_eq!(e.position(), Some(pos), "{text}: {e}");
            assert!(e.message().contains(what), "{text}: {e}");
        }
    }
}
