//! Six-colour position classes for the solvers: a state up to turning the top and bottom layers.
//!
//! Each of the 170 shapes has a fixed representative position (its smallest `(top mask, bottom
//! mask)` over all layer rotations). A search node is a state turned into its representative
//! position, held as an [`Arrangement`]: which edge (0..7, order `b d f h i k m o`) is in each
//! small place (bytes 0..7) and which corner (0..7, order `A C E G J L N P`) is in each big place
//! (bytes 8..15), places in reading order (top slots 0..11, then bottom slots 0..11).
//!
//! A [`ClassMove`] is one `(x,y)/` from a representative: the turn, the `/`, and the rotation
//! back into the target's representative, precomputed as one byte shuffle. Unlike the Silver
//! database, every turn is kept (the WCA and face-turn metrics price turns), and moves that
//! reach the same class as an earlier move of the list are marked, so that the twist metric can
//! skip them when one solution is enough.

use std::collections::HashSet;

use crate::sq1::db::index::{Arrangement, PlacePerm, Shuffle, Sym, places, probe, read_perm};
use crate::sq1::shape::{self, LayerMask, SHAPE_COUNT, Shape};
use crate::sq1::state::{CORNERS, EDGES, Middle, State};

/// One `(x,y)/` from a class representative.
#[derive(Clone, Debug)]
pub struct ClassMove {
    /// Turn applied to the representative before `/` (twelfths, 0..11).
    pub turn: (u8, u8),
    /// Turn that takes the position after `/` to the target representative.
    pub canon: (u8, u8),
    pub target: u8,
    pub shuffle: Shuffle,
    /// Whether the move permutes the edges (small places) oddly, and the corners.
    pub edges_odd: bool,
    pub corners_odd: bool,
    /// An earlier move of the same list reaches the same class.
    pub dup: bool,
}

/// A rotation symmetry of a representative (turns that keep its masks), as a shuffle.
#[derive(Clone, Debug)]
pub struct Stab {
    pub turn: (u8, u8),
    pub shuffle: Shuffle,
    pub edges_odd: bool,
    pub corners_odd: bool,
}

/// Representatives, symmetries and moves of the 170 shape classes (class = shape index).
pub struct SolveIndex {
    pub reps: Vec<(LayerMask, LayerMask)>,
    /// Symmetries of each representative, identity first.
    pub stabs: Vec<Vec<Stab>>,
    pub moves: Vec<Vec<ClassMove>>,
    /// Class of the cube shape.
    pub cube: usize,
    /// The cube class's moves that keep the cube shape (phase 2 of the two-phase solver).
    pub cube_moves: Vec<ClassMove>,
    /// Arrangements of the cube representative that are the solved puzzle turned, with the turn
    /// that solves them.
    pub solved: Vec<(Arrangement, (u8, u8))>,
    /// Flip, mirror, and both: more lookups of the same tables.
    pub conjugations: Vec<Conjugation>,
}

impl SolveIndex {
    /// Bytes held on the heap.
    pub fn heap_bytes(&self) -> usize {
        use std::mem::size_of_val;
        let nested = |v: &[Vec<_>]| {
            v.iter()
                .map(|x: &Vec<_>| size_of_val(&x[..]))
                .sum::<usize>()
        };
        size_of_val(&self.reps[..])
            + nested(&self.stabs)
            + self
                .moves
                .iter()
                .map(|m| size_of_val(&m[..]))
                .sum::<usize>()
            + size_of_val(&self.cube_moves[..])
            + size_of_val(&self.solved[..])
            + self
                .conjugations
                .iter()
                .map(|c| size_of_val(&c.class[..]) + size_of_val(&c.place[..]))
                .sum::<usize>()
    }
}

/// Parity of a permutation of 0..7 held in eight bytes.
pub fn is_odd(p: &[u8]) -> bool {
    let mut odd = false;
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            odd ^= p[i] > p[j];
        }
    }
    odd
}

fn perm_parities(p: &PlacePerm) -> (bool, bool) {
    (is_odd(&p.small), is_odd(&p.big))
}

/// The arrangement of a state that sits in a representative position.
pub fn arrangement_of(s: &State) -> Arrangement {
    let (small, big) = places(s);
    let e = small.map(|p| EDGES.iter().position(|&x| x == p).unwrap() as u8);
    let c = big.map(|p| CORNERS.iter().position(|&x| x == p).unwrap() as u8);
    let mut bytes = [0u8; 16];
    bytes[..8].copy_from_slice(&e);
    bytes[8..].copy_from_slice(&c);
    u128::from_le_bytes(bytes)
}

/// The state of an arrangement in a representative position.
pub fn state_of(masks: (LayerMask, LayerMask), arr: Arrangement, middle: Middle) -> State {
    let b = arr.to_le_bytes();
    let edges: [u8; 8] = std::array::from_fn(|i| EDGES[b[i] as usize]);
    let corners: [u8; 8] = std::array::from_fn(|i| CORNERS[b[8 + i] as usize]);
    State::from_masks(masks, &corners, &edges, middle)
}

fn rotation(t: u8, b: u8) -> Sym {
    Sym {
        top: t,
        bottom: b,
        flip: false,
    }
}

impl SolveIndex {
    pub fn new() -> SolveIndex {
        let layers: Vec<LayerMask> = (0..=0xFFFu16)
            .filter(|&m| shape::is_valid_layer(m) && (2..=6).contains(&shape::corner_count(m)))
            .collect();
        let mut reps = vec![(u16::MAX, u16::MAX); SHAPE_COUNT];
        for &t in &layers {
            for &b in &layers {
                if shape::corner_count(t) + shape::corner_count(b) == 8 {
                    let c = Shape::of_masks(t, b).index();
                    reps[c] = reps[c].min((t, b));
                }
            }
        }
        let stabs: Vec<Vec<Stab>> = reps
            .iter()
            .map(|&r| {
                let p = probe(r);
                (0..12u8)
                    .flat_map(|t| (0..12u8).map(move |b| (t, b)))
                    .filter(|&(t, b)| rotation(t, b).masks(r) == r)
                    .map(|(t, b)| {
                        let perm = read_perm(&rotation(t, b).state(&p));
                        let (edges_odd, corners_odd) = perm_parities(&perm);
                        Stab {
                            turn: (t, b),
                            shuffle: perm.shuffle(),
                            edges_odd,
                            corners_odd,
                        }
                    })
                    .collect()
            })
            .collect();
        let moves: Vec<Vec<ClassMove>> = (0..SHAPE_COUNT)
            .map(|c| moves_from(&reps, &stabs, c))
            .collect();
        let cube = Shape::cube().index();
        let cube_moves = moves[cube]
            .iter()
            .filter(|m| m.target as usize == cube)
            .cloned()
            .collect();
        let solved_state = State::solved(crate::sq1::Colouring::SixColour);
        let mut solved = Vec::new();
        for t in 0..12u8 {
            for b in 0..12u8 {
                let s = solved_state.turn(-(t as i32), -(b as i32));
                if (s.top_mask(), s.bottom_mask()) == reps[cube] {
                    solved.push((arrangement_of(&s), (t, b)));
                }
            }
        }
        let conjugations = [State::flip as fn(&State) -> State, mirror, flip_mirror]
            .into_iter()
            .map(|t| conjugation(&reps, t))
            .collect();
        SolveIndex {
            reps,
            stabs,
            moves,
            cube,
            cube_moves,
            solved,
            conjugations,
        }
    }

    /// The class of a state, the turn into its representative, and its arrangement there.
    pub fn node_of(&self, s: &State) -> (usize, (u8, u8), Arrangement) {
        let c = s.shape().index();
        let r = self.reps[c];
        let (t, b) = (0..12u8)
            .flat_map(|t| (0..12u8).map(move |b| (t, b)))
            .find(|&(t, b)| rotation(t, b).masks((s.top_mask(), s.bottom_mask())) == r)
            .expect("every position turns into its representative");
        (c, (t, b), arrangement_of(&s.turn(t as i32, b as i32)))
    }

    /// The turn that solves a representative arrangement of the cube class, if it is solved
    /// apart from layer turns.
    pub fn solving_turn(&self, class: usize, arr: Arrangement) -> Option<(u8, u8)> {
        if class != self.cube {
            return None;
        }
        self.solved.iter().find(|s| s.0 == arr).map(|s| s.1)
    }
}

impl Default for SolveIndex {
    fn default() -> Self {
        SolveIndex::new()
    }
}

/// A symmetry of the puzzle that commutes with `/` (the whole-puzzle flip, the mirror image, or
/// both), combined with the relabelling of pieces that takes the solved puzzle to itself: the
/// result has the same distance as the original in every metric. Precomputed per class as the
/// target class, a place shuffle and a value map.
pub struct Conjugation {
    pub class: Vec<u8>,
    pub place: Vec<Shuffle>,
    /// New edge index of edge v at `values[v]`, new corner index of corner v at `values[8 + v]`.
    pub values: [u8; 16],
}

impl Conjugation {
    /// The conjugate of a representative arrangement, in the target class's representative.
    #[inline]
    pub fn apply(&self, class: usize, arr: Arrangement) -> (usize, Arrangement) {
        let b = crate::sq1::db::index::shuffle(arr, &self.place[class]).to_le_bytes();
        let v = &self.values;
        let out: [u8; 16] = std::array::from_fn(|i| {
            if i < 8 {
                v[b[i] as usize]
            } else {
                v[8 + b[i] as usize]
            }
        });
        (self.class[class] as usize, u128::from_le_bytes(out))
    }
}

/// The mirror image: top and bottom slot i go to slot 5 - i (mod 12), which keeps the seam and
/// the half that `/` turns.
pub fn mirror(s: &State) -> State {
    let old = s.slots();
    let mut slots = [0u8; 24];
    for layer in [0, 12] {
        for i in 0..12 {
            slots[layer + (17 - i) % 12] = old[layer + i];
        }
    }
    State::from_valid_slots(slots, s.middle(), s.colouring())
}

/// The whole-puzzle flip followed by the mirror image.
pub fn flip_mirror(s: &State) -> State {
    mirror(&s.flip())
}

fn conjugation(reps: &[(LayerMask, LayerMask)], transform: fn(&State) -> State) -> Conjugation {
    let solved = State::solved(crate::sq1::Colouring::SixColour);
    let t = transform(&solved);
    let aligned = (0..12)
        .flat_map(|a| (0..12).map(move |b| (a, b)))
        .map(|(a, b)| t.turn(a, b))
        .find(|x| (x.top_mask(), x.bottom_mask()) == (solved.top_mask(), solved.bottom_mask()))
        .expect("the symmetric image of the cube is a cube");
    let mut values = [0u8; 16];
    for (&from, &to) in aligned.slots().iter().zip(solved.slots()) {
        let index = |set: &[u8; 8], p: u8| set.iter().position(|&x| x == p).map(|i| i as u8);
        match (index(&EDGES, from), index(&EDGES, to)) {
            (Some(f), Some(t)) => values[f as usize] = t,
            _ => {
                let (f, t) = (index(&CORNERS, from).unwrap(), index(&CORNERS, to).unwrap());
                values[8 + f as usize] = t;
            }
        }
    }
    let mut class = Vec::new();
    let mut place = Vec::new();
    for &r in reps {
        let x = transform(&probe(r));
        let masks = (x.top_mask(), x.bottom_mask());
        let c2 = Shape::of_masks(masks.0, masks.1).index();
        let (a, b) = (0..12u8)
            .flat_map(|t| (0..12u8).map(move |b| (t, b)))
            .find(|&(t, b)| rotation(t, b).masks(masks) == reps[c2])
            .expect("every position turns into its representative");
        class.push(c2 as u8);
        place.push(read_perm(&rotation(a, b).state(&x)).shuffle());
    }
    Conjugation {
        class,
        place,
        values,
    }
}

fn moves_from(reps: &[(LayerMask, LayerMask)], stabs: &[Vec<Stab>], c: usize) -> Vec<ClassMove> {
    let p = probe(reps[c]);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for x in 0..12u8 {
        for y in 0..12u8 {
            let Ok(after) = p.turn(x as i32, y as i32).twist() else {
                continue;
            };
            let masks = (after.top_mask(), after.bottom_mask());
            let c2 = Shape::of_masks(masks.0, masks.1).index();
            let (ct, cb) = (0..12u8)
                .flat_map(|t| (0..12u8).map(move |b| (t, b)))
                .find(|&(t, b)| rotation(t, b).masks(masks) == reps[c2])
                .expect("every position turns into its representative");
            let perm = read_perm(&rotation(ct, cb).state(&after));
            // The class reached: the smallest of the move's images under the target's symmetries.
            let key = stabs[c2]
                .iter()
                .map(|s| {
                    let sp = PlacePerm {
                        small: std::array::from_fn(|j| s.shuffle[j]),
                        big: std::array::from_fn(|j| s.shuffle[8 + j] - 8),
                    };
                    perm.then(&sp)
                })
                .min()
                .unwrap();
            let (edges_odd, corners_odd) = perm_parities(&perm);
            out.push(ClassMove {
                turn: (x, y),
                canon: (ct, cb),
                target: c2 as u8,
                shuffle: perm.shuffle(),
                edges_odd,
                corners_odd,
                dup: !seen.insert((c2, key)),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sq1::db::index::shuffle;
    use crate::sq1::tables::Tables;

    #[test]
    fn moves_agree_with_state_moves() {
        let ix = SolveIndex::new();
        let tables = Tables::new();
        for seed in 0..100 {
            let s = tables.random_state(seed, crate::sq1::Colouring::SixColour);
            let (c, k, arr) = ix.node_of(&s);
            for m in &ix.moves[c] {
                // Physically: the turn into the representative, then the move's turn, then `/`.
                let after = s
                    .turn((k.0 + m.turn.0) as i32, (k.1 + m.turn.1) as i32)
                    .twist()
                    .unwrap();
                let canon = after.turn(m.canon.0 as i32, m.canon.1 as i32);
                assert_eq!(canon.shape().index(), m.target as usize);
                assert_eq!(arrangement_of(&canon), shuffle(arr, &m.shuffle));
                let back = state_of(
                    ix.reps[m.target as usize],
                    shuffle(arr, &m.shuffle),
                    canon.middle(),
                );
                assert_eq!(back, canon);
            }
        }
    }

    #[test]
    fn conjugates_are_the_relabelled_symmetric_images() {
        let ix = SolveIndex::new();
        let tables = Tables::new();
        let transforms = [State::flip as fn(&State) -> State, mirror, flip_mirror];
        for seed in 0..100 {
            let s = tables.random_state(seed, crate::sq1::Colouring::SixColour);
            let (c, k, arr) = ix.node_of(&s);
            let rep = state_of(ix.reps[c], arr, s.middle());
            assert_eq!(rep, s.turn(k.0 as i32, k.1 as i32));
            for (conj, t) in ix.conjugations.iter().zip(transforms) {
                let (c2, arr2) = conj.apply(c, arr);
                let got = state_of(ix.reps[c2], arr2, s.middle());
                // The image of the solved puzzle is the solved puzzle turned.
                let want = relabel(&t(&rep), &conj.values);
                assert!(got.eq_up_to_layer_rotation(&want), "{s}: {got} vs {want}");
            }
        }
        for (conj, t) in ix.conjugations.iter().zip(transforms) {
            let solved = State::solved(crate::sq1::Colouring::SixColour);
            assert!(relabel(&t(&solved), &conj.values).eq_up_to_layer_rotation(&solved));
        }
        // The symmetries commute with `/`.
        let s = tables.random_state(7, crate::sq1::Colouring::SixColour);
        for t in transforms {
            assert_eq!(t(&s.twist().unwrap()), t(&s).twist().unwrap());
        }
    }

    fn relabel(s: &State, values: &[u8; 16]) -> State {
        let slots = s.slots().map(|p| match EDGES.iter().position(|&e| e == p) {
            Some(i) => EDGES[values[i] as usize],
            None => CORNERS[values[8 + CORNERS.iter().position(|&c| c == p).unwrap()] as usize],
        });
        State::from_slots(slots, s.middle()).unwrap()
    }

    #[test]
    fn solved_arrangements_are_turns_of_the_solved_puzzle() {
        let ix = SolveIndex::new();
        let solved = State::solved(crate::sq1::Colouring::SixColour);
        assert!(!ix.solved.is_empty());
        for &(arr, (t, b)) in &ix.solved {
            let s = state_of(ix.reps[ix.cube], arr, Middle::Square);
            assert_eq!(s.turn(t as i32, b as i32), solved);
        }
        // The cube representative has 16 layer-turn symmetries (4 per square layer).
        assert_eq!(ix.stabs[ix.cube].len(), 16);
        // Half of the 8 x 8 twistable turns of a cube keep it a cube.
        assert_eq!(ix.cube_moves.len(), super::super::search::CUBE_MOVES);
        assert_eq!(ix.solved.len(), 16);
    }
}
