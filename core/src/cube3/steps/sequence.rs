//! Move-sequence helpers of FMC solving: counting moves, comparing sequences, the text of a
//! NISS solution as nissy writes it, and nissy's `variations` (`unniss`, `lastqt`).

use crate::cube3::{Alg, Move, MoveKind};
use crate::error::{Error, Result};

/// The axis of a move (0 U/D, 1 R/L, 2 F/B): slices, wide turns and rotations by the faces
/// they turn like.
fn axis(m: Move) -> u8 {
    use MoveKind as K;
    match m.kind() {
        K::U | K::D | K::Uw | K::Dw | K::E | K::Y => 0,
        K::R | K::L | K::Rw | K::Lw | K::M | K::X => 1,
        _ => 2,
    }
}

/// One pass that puts each adjacent pair of moves on one axis in the order of [`MoveKind`]
/// (U before D, R before L, F before B): `U D2 U` becomes `U U D2`.
pub fn sort_axis_pairs(mut moves: Vec<Move>) -> Vec<Move> {
    for i in 1..moves.len() {
        let (a, b) = (moves[i - 1], moves[i]);
        if axis(a) == axis(b) && b.kind() < a.kind() {
            moves.swap(i - 1, i);
        }
    }
    moves
}

/// Moves in a sequence, both parts: face and wide turns count 1, slices 2, rotations 0.
pub fn count_moves(alg: &Alg) -> usize {
    alg.normal()
        .iter()
        .chain(alg.inverse_part())
        .map(|m| match m.kind() {
            MoveKind::M | MoveKind::S | MoveKind::E => 2,
            k if k.is_rotation() => 0,
            _ => 1,
        })
        .sum()
}

/// Whether two sequences are the same up to the order of adjacent moves on one axis, each part
/// (normal, inverse) compared on its own; no cancellation, no rotation handling.
pub fn same_sequence(a: &Alg, b: &Alg) -> bool {
    let part = |moves: &[Move]| sort_axis_pairs(moves.to_vec());
    part(a.normal()) == part(b.normal()) && part(a.inverse_part()) == part(b.inverse_part())
}

/// The text of a solution as nissy writes it: the side with more moves first (the normal side
/// on a tie), the inverse side in parentheses: `(R U F) B`, `L' F (F B)`.
pub fn niss_text(alg: &Alg) -> String {
    let join = |moves: &[Move]| {
        moves
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (normal, inverse) = (join(alg.normal()), join(alg.inverse_part()));
    match (normal.is_empty(), inverse.is_empty()) {
        (_, true) => normal,
        (true, false) => format!("({inverse})"),
        _ if alg.inverse_part().len() > alg.normal().len() => format!("({inverse}) {normal}"),
        _ => format!("{normal} ({inverse})"),
    }
}

/// nissy's variations of a sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variation {
    /// The sequence as one plain sequence: the normal part, then the inverse part reversed
    /// with every move inverted (no cancellation).
    Unniss,
    /// Every direction of each part's last quarter turns: a last quarter turn in both
    /// directions, and the move before it too when it is a quarter turn on the same axis.
    LastQt,
}

impl Variation {
    /// `unniss` or `lastqt`; anything else is an `invalid_argument` error.
    pub fn by_name(name: &str) -> Result<Variation> {
        match name {
            "unniss" => Ok(Variation::Unniss),
            "lastqt" => Ok(Variation::LastQt),
            _ => Err(Error::invalid_argument(format!(
                "unknown variation '{name}' (expected unniss or lastqt)"
            ))),
        }
    }
}

/// The sequences of a variation, in nissy's order (for `lastqt`: the normal part's
/// second-to-last move, its last move, then the inverse part's, as nested loops, clockwise
/// first).
pub fn variations(alg: &Alg, variation: Variation) -> Vec<Alg> {
    match variation {
        Variation::Unniss => {
            let mut moves = alg.normal().to_vec();
            moves.extend(alg.inverse_part().iter().rev().map(|m| m.inverse()));
            vec![Alg::from_moves(moves)]
        }
        Variation::LastQt => {
            let normals = last_quarter_turns(alg.normal());
            let inverses = last_quarter_turns(alg.inverse_part());
            normals
                .iter()
                .flat_map(|n| inverses.iter().map(|i| Alg::new(n.clone(), i.clone())))
                .collect()
        }
    }
}

/// One part's variations: its last quarter turn in both directions, and the one before when it
/// is a quarter turn on the same axis; the second-to-last move varies slowest.
fn last_quarter_turns(moves: &[Move]) -> Vec<Vec<Move>> {
    let quarter = |m: &Move| m.amount() != 2;
    let both = |m: Move| {
        let cw = Move::new(m.kind(), 1).expect("amount 1");
        vec![cw, cw.inverse()]
    };
    let n = moves.len();
    let Some(&last) = moves.last().filter(|m| quarter(m)) else {
        return vec![moves.to_vec()];
    };
    let before = (n >= 2)
        .then(|| moves[n - 2])
        .filter(|m| quarter(m) && axis(*m) == axis(last));
    let firsts = before.map_or(vec![None], |b| both(b).into_iter().map(Some).collect());
    let mut out = Vec::new();
    for f in firsts {
        for l in both(last) {
            let mut v = moves.to_vec();
            if let Some(f) = f {
                v[n - 2] = f;
            }
            v[n - 1] = l;
            out.push(v);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alg(s: &str) -> Alg {
        Alg::parse(s).unwrap()
    }

    #[test]
    fn counts_as_nissy() {
        assert_eq!(count_moves(&alg("R2 M Uw (Fw2 M2 y2)")), 7);
        assert_eq!(count_moves(&alg("")), 0);
    }

    #[test]
    fn compares_up_to_adjacent_axis_order() {
        assert!(same_sequence(&alg("R x"), &alg("x R")));
        assert!(same_sequence(&alg("U D2 U"), &alg("U U D2")));
        assert!(same_sequence(&alg("R (U)"), &alg("(U) R")));
        assert!(!same_sequence(&alg("R U"), &alg("U R")));
        assert!(!same_sequence(&alg("R (U)"), &alg("U (R)")));
    }

    #[test]
    fn niss_text_puts_the_longer_side_first() {
        assert_eq!(niss_text(&alg("B (R U F)")), "(R U F) B");
        assert_eq!(niss_text(&alg("L' F (F B)")), "L' F (F B)");
        assert_eq!(niss_text(&alg("(F)")), "(F)");
        assert_eq!(niss_text(&alg("")), "");
    }

    #[test]
    fn unniss_and_lastqt() {
        let u = variations(&alg("R U (U' R')"), Variation::Unniss);
        assert_eq!(u, vec![alg("R U R U")]);
        let texts: Vec<String> = variations(&alg("F R L (B)"), Variation::LastQt)
            .iter()
            .map(|a| a.to_string())
            .collect();
        assert_eq!(texts.len(), 8);
        assert_eq!(texts[0], "F R L (B)");
        assert_eq!(texts[1], "F R L (B')");
        assert_eq!(texts[7], "F R' L' (B')");
        assert_eq!(
            variations(&alg("R U2"), Variation::LastQt),
            vec![alg("R U2")]
        );
        assert_eq!(variations(&alg(""), Variation::LastQt), vec![alg("")]);
        assert!(Variation::by_name("mirrored").is_err());
    }
}
