//! The steps' goals as predicates on the cube's stickers, written directly on the pieces (never
//! through a step's coordinate), so that the tests can check the solvers against them.
//!
//! Every predicate reads the pieces in the centres' frame: a goal follows the centres, whatever
//! the cube's orientation.

use std::collections::HashSet;
use std::sync::OnceLock;

use crate::cube3::Cube;
use crate::cube3::geometry::{CORNER_FACES, EDGE_FACES, Perm, corner_facelet_steps, tables};

/// An axis of the cube, named by its two faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Axis {
    /// The U/D axis.
    UD,
    /// The R/L axis.
    RL,
    /// The F/B axis.
    FB,
}

impl Axis {
    pub const ALL: [Axis; 3] = [Axis::UD, Axis::RL, Axis::FB];

    /// `ud`, `rl` or `fb`, as in the step names.
    pub fn name(self) -> &'static str {
        match self {
            Axis::UD => "ud",
            Axis::RL => "rl",
            Axis::FB => "fb",
        }
    }

    /// The axis of a face index (U D R L F B = 0..6).
    pub(crate) fn of_face(face: usize) -> Axis {
        [Axis::UD, Axis::RL, Axis::FB][face / 2]
    }

    /// The faces on this axis, as "U/D" for messages.
    pub fn faces(self) -> &'static str {
        match self {
            Axis::UD => "U/D",
            Axis::RL => "R/L",
            Axis::FB => "F/B",
        }
    }

    /// The axis whose colour decides an edge's orientation before this one's: an edge is
    /// judged by its colour of that axis when it has one (U/D for the F/B and R/L axes, F/B for
    /// the U/D axis), as FMC solvers do.
    fn primary(self) -> Axis {
        match self {
            Axis::UD => Axis::FB,
            Axis::RL | Axis::FB => Axis::UD,
        }
    }

    fn others(self) -> [Axis; 2] {
        match self {
            Axis::UD => [Axis::RL, Axis::FB],
            Axis::RL => [Axis::UD, Axis::FB],
            Axis::FB => [Axis::UD, Axis::RL],
        }
    }
}

/// For each corner position, (facelet's face, colour there) for its three facelets.
fn corner_stickers(p: &Perm) -> [[(usize, usize); 3]; 8] {
    std::array::from_fn(|pos| {
        let piece = p.cp[pos] as usize;
        let twist = p.co[pos];
        std::array::from_fn(|k| {
            let colour = CORNER_FACES[piece][k];
            // The piece's reference sticker sits `twist` clockwise steps from the position's
            // reference facelet; its other stickers keep their clockwise order.
            let steps = (twist + corner_facelet_steps(piece, colour)) % 3;
            let face = CORNER_FACES[pos]
                .into_iter()
                .find(|&f| corner_facelet_steps(pos, f) == steps)
                .expect("a corner has one facelet per step");
            (face, colour)
        })
    })
}

/// For each edge position, (facelet's face, colour there) for its two facelets.
fn edge_stickers(p: &Perm) -> [[(usize, usize); 2]; 12] {
    std::array::from_fn(|pos| {
        let piece = EDGE_FACES[p.ep[pos] as usize];
        let flip = p.eo[pos] as usize;
        let faces = EDGE_FACES[pos];
        [(faces[flip], piece[0]), (faces[1 - flip], piece[1])]
    })
}

fn on(axis: Axis, face: usize) -> bool {
    Axis::of_face(face) == axis
}

/// Edges oriented on `axis`: each edge is judged by its colour of the primary axis (U/D, or
/// F/B for the U/D axis) when it has one, else by its colour of `axis`; that colour must lie on
/// the position's facelet of the primary axis when it has one, else on its facelet of `axis`.
pub fn is_eo(cube: &Cube, axis: Axis) -> bool {
    let primary = axis.primary();
    edge_stickers(cube.pieces()).iter().all(|stickers| {
        let key_colour = |s: &(usize, usize)| on(primary, s.1);
        let key_face = |s: &(usize, usize)| on(primary, s.0);
        let by_colour = stickers
            .iter()
            .find(|s| key_colour(s))
            .or_else(|| stickers.iter().find(|s| on(axis, s.1)))
            .expect("an edge has a colour of the primary axis or of the axis");
        let has_key_face = stickers.iter().any(key_face);
        if has_key_face {
            key_face(by_colour)
        } else {
            on(axis, by_colour.0)
        }
    })
}

/// Corners oriented on `axis`: every corner's colour of that axis lies on a face of that axis.
pub fn is_co(cube: &Cube, axis: Axis) -> bool {
    corner_stickers(cube.pieces())
        .iter()
        .flatten()
        .all(|&(face, colour)| !on(axis, colour) || on(axis, face))
}

/// Domino reduction on `axis`: corners oriented on it, edges oriented on both other axes (so
/// the axis' edges are in its layers, colour out, and the middle-layer edges in the middle).
pub fn is_dr(cube: &Cube, axis: Axis) -> bool {
    is_co(cube, axis) && axis.others().iter().all(|&a| is_eo(cube, a))
}

/// The corner permutations reachable with half turns only (96), found by closing the solved
/// corners under the six face half turns.
fn half_turn_corners() -> &'static HashSet<[u8; 8]> {
    static SET: OnceLock<HashSet<[u8; 8]>> = OnceLock::new();
    SET.get_or_init(|| {
        let t = tables();
        let mut seen = HashSet::from([Perm::IDENTITY.cp]);
        let mut todo = vec![Perm::IDENTITY];
        while let Some(p) = todo.pop() {
            for turns in &t.face_turn {
                let q = p.then(&turns[1]);
                if seen.insert(q.cp) {
                    todo.push(q);
                }
            }
        }
        seen
    })
}

/// Half-turn reduction: the cube can be solved with half turns only. Every sticker lies on its
/// own face or the opposite one, and the corner permutation is one of the 96 that half turns
/// reach (the edges then follow: the half-turn group is the product of those corners and every
/// even arrangement of the edges within their slices).
pub fn is_htr(cube: &Cube) -> bool {
    let p = cube.pieces();
    let same_axis = |&(face, colour): &(usize, usize)| face / 2 == colour / 2;
    corner_stickers(p).iter().flatten().all(same_axis)
        && edge_stickers(p).iter().flatten().all(same_axis)
        && half_turn_corners().contains(&p.cp)
}

/// The pieces of `(U D')^k` on the `axis` (the middle layer turned `k` times), centres' frame.
fn middle_turn(axis: Axis, k: u8) -> Perm {
    let t = tables();
    let (a, b) = match axis {
        Axis::UD => (0, 1),
        Axis::RL => (2, 3),
        Axis::FB => (4, 5),
    };
    let mut p = Perm::IDENTITY;
    for _ in 0..k {
        p = p.then(&t.face_turn[a][0]).then(&t.face_turn[b][2]);
    }
    p
}

/// nissy's "slice" goal on `axis` (`drudslice` for U/D): everything but the middle layer's
/// edges solved, the two outer layers possibly turned together against the middle (a middle
/// layer turn away from solved).
pub fn is_slice_left(cube: &Cube, axis: Axis) -> bool {
    let p = cube.pieces();
    let outer = |pos: usize| EDGE_FACES[pos].iter().any(|&f| on(axis, f));
    (0..4).any(|k| {
        let target = middle_turn(axis, k);
        p.cp == target.cp
            && p.co == target.co
            && (0..12)
                .filter(|&pos| outer(pos))
                .all(|pos| p.ep[pos] == target.ep[pos] && p.eo[pos] == target.eo[pos])
    })
}

/// Every corner in place and untwisted, relative to the centres.
pub fn is_corners_solved(cube: &Cube) -> bool {
    let p = cube.pieces();
    p.cp == Perm::IDENTITY.cp && p.co == Perm::IDENTITY.co
}

/// The corners solved relative to each other: they are those of some whole-cube rotation.
pub fn is_corners_solved_relative(cube: &Cube) -> bool {
    let p = cube.pieces();
    tables().rot.iter().any(|r| r.cp == p.cp && r.co == p.co)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube3::Alg;

    fn cube(moves: &str) -> Cube {
        Cube::from_alg(&Alg::parse(moves).unwrap())
    }

    #[test]
    fn quarter_turns_break_the_orientation_of_their_axis_only() {
        for (m, axis) in [
            ("F", Axis::FB),
            ("B'", Axis::FB),
            ("R", Axis::RL),
            ("U", Axis::UD),
        ] {
            let c = cube(m);
            for a in Axis::ALL {
                assert_eq!(is_eo(&c, a), a != axis, "{m} {a:?}");
            }
        }
        assert!(is_eo(&cube("R U2 L' D F2 B2"), Axis::FB));
        assert!(!is_eo(&cube("R U2 L' D F B2"), Axis::FB));
    }

    #[test]
    fn domino_reduction_follows_its_axis() {
        let c = cube("R2 U D' F2 L2 B2 U'");
        assert!(is_dr(&c, Axis::UD));
        assert!(!is_dr(&c, Axis::RL) && !is_dr(&c, Axis::FB));
        assert!(!is_dr(&cube("R"), Axis::UD));
        assert!(is_dr(&cube("R"), Axis::RL));
        // Two middle edges flipped in place keep every U/D colour on U/D, but are no DR.
        let mut eo = [0; 12];
        (eo[8], eo[9]) = (1, 1);
        let ep = std::array::from_fn(|i| i as u8);
        let c = Cube::from_parts(std::array::from_fn(|i| i as u8), [0; 8], ep, eo, 0).unwrap();
        let stickers = edge_stickers(c.pieces());
        let ud_on_ud = stickers
            .iter()
            .flatten()
            .all(|&(f, col)| col / 2 != 0 || f / 2 == 0);
        assert!(is_co(&c, Axis::UD) && ud_on_ud);
        assert!(!is_dr(&c, Axis::UD));
    }

    #[test]
    fn half_turn_reduction() {
        assert_eq!(half_turn_corners().len(), 96);
        assert!(is_htr(&cube("R2 U2 F2 L2 D2 B2 R2")));
        assert!(!is_htr(&cube("R2 U F2")));
        // Two corners of a tetrad and two M-slice edges swapped: every colour on its axis,
        // but an odd corner permutation, which half turns never make.
        let (mut cp, mut ep): ([u8; 8], [u8; 12]) = (
            std::array::from_fn(|i| i as u8),
            std::array::from_fn(|i| i as u8),
        );
        cp.swap(0, 1);
        ep.swap(0, 1);
        let c = Cube::from_parts(cp, [0; 8], ep, [0; 12], 0).unwrap();
        assert!(is_dr(&c, Axis::UD) && is_dr(&c, Axis::RL) && is_dr(&c, Axis::FB));
        assert!(!is_htr(&c));
    }

    #[test]
    fn slice_goal_allows_a_middle_turn() {
        assert!(is_slice_left(&cube("E"), Axis::UD));
        assert!(is_slice_left(&cube("U D'"), Axis::UD));
        assert!(!is_slice_left(&cube("U D"), Axis::UD));
        assert!(is_slice_left(&cube("U2 D2 E"), Axis::UD));
        assert!(!is_slice_left(&cube("R2"), Axis::UD));
        assert!(is_slice_left(&cube("M"), Axis::RL));
    }

    #[test]
    fn corners_goals() {
        // Slices move the centres: corners are judged against them.
        assert!(!is_corners_solved(&cube("M")));
        assert!(is_corners_solved(&cube("R2 U R U R' U' R' U' R' U R'")));
        // R L' turns the corners like x, relative to the centres.
        assert!(!is_corners_solved(&cube("R L'")));
        assert!(is_corners_solved_relative(&cube("R L'")));
        assert!(!is_corners_solved_relative(&cube("R")));
    }
}
