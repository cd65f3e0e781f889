//! Position classes of the Silver edition and their slot numbers.
//!
//! A *class* is a Silver state up to turning the top layer, turning the bottom layer and turning
//! the whole puzzle over (`!`): 288 symmetries. Each of the 90 shape classes has one fixed
//! representative position (its smallest `(top mask, bottom mask)`), and a state in that position
//! is numbered by the ranks of its two arrangements:
//!
//! - *small*: the pair type (0..3) of the small piece in each small place, places in reading
//!   order (top slots 0..11, then bottom slots 0..11): one of 2520;
//! - *big*: which corner (0..7, in the order `A C E G J L N P`) is in each big place: one of 40320.
//!
//! slot = ((shape class * 2520 + small) * 40320 + big) * M + middle, with M = 1 for the article's
//! model (middle ignored) and M = 2 with the middle layer (0 = square, 1 = kite).
//!
//! Representatives with symmetries (the cube shape has 32) have several slots per class; the class
//! owns the smallest, and the other slots are never used. Moves are precomputed per shape class
//! as *gather* permutations of places (`new[j] = old[src[j]]`), already composed with every
//! symmetry of the target representative, so expanding a slot never builds a [`State`].

use crate::rank::sq1::{BIG_COUNT, SMALL_COUNT, Sq1Ranks};
use crate::sq1::shape::{self, LayerMask, Shape};
use crate::sq1::state::{CORNERS, EDGES, Colouring, Middle, State, silver_piece};

/// Number of shape classes up to layer rotation and flip.
pub const CLASSES: usize = 90;
/// Slots per shape class and middle state.
pub const PER_SHAPE: u64 = (SMALL_COUNT * BIG_COUNT) as u64;

/// A symmetry: turn the layers by (top, bottom), then flip if `flip`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sym {
    pub top: u8,
    pub bottom: u8,
    pub flip: bool,
}

impl Sym {
    pub fn all() -> impl Iterator<Item = Sym> {
        (0..12u8).flat_map(|t| (0..12u8).flat_map(move |b| [false, true].map(|f| Sym { top: t, bottom: b, flip: f })))
    }

    pub fn masks(self, (t, b): (LayerMask, LayerMask)) -> (LayerMask, LayerMask) {
        let (t, b) = (shape::rotate_layer(t, self.top as u32), shape::rotate_layer(b, self.bottom as u32));
        if self.flip { (shape::rotate_layer(b, 6), shape::rotate_layer(t, 6)) } else { (t, b) }
    }

    pub fn state(self, s: &State) -> State {
        let t = s.turn(self.top as i32, self.bottom as i32);
        if self.flip { t.flip() } else { t }
    }
}

/// A gather permutation of the 8 small and 8 big places.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlacePerm {
    pub small: [u8; 8],
    pub big: [u8; 8],
}

impl PlacePerm {
    /// Applies the permutation to packed keys (small: 2 bits per place, big: 3 bits per place).
    #[inline]
    pub fn apply(&self, small_key: u16, big_key: u32) -> (u16, u32) {
        let mut s = 0u16;
        let mut b = 0u32;
        for j in 0..8 {
            s |= ((small_key >> (2 * self.small[j])) & 3) << (2 * j);
            b |= ((big_key >> (3 * self.big[j])) & 7) << (3 * j);
        }
        (s, b)
    }

    fn then(&self, next: &PlacePerm) -> PlacePerm {
        // (self then next): new2[j] = new[next[j]] = old[self[next[j]]]
        PlacePerm {
            small: std::array::from_fn(|j| self.small[next.small[j] as usize]),
            big: std::array::from_fn(|j| self.big[next.big[j] as usize]),
        }
    }
}

/// One move from a shape class: `/` after some layer turns, leading to `target`; `perms` holds
/// the move composed with each symmetry of the target's representative (the class of the result
/// is the smallest slot among them).
#[derive(Clone, Debug)]
pub struct ClassMove {
    pub target: u8,
    pub perms: Vec<PlacePerm>,
}

/// The class numbering: representatives, symmetries and moves of the 90 shape classes.
pub struct ClassIndex {
    pub reps: Vec<(LayerMask, LayerMask)>,
    /// Symmetries of each representative, as place permutations (identity first).
    pub stabs: Vec<Vec<PlacePerm>>,
    pub moves: Vec<Vec<ClassMove>>,
    class_of_shape: Vec<u8>,
}

/// A state of the representative position whose pieces name their places: corner `CORNERS[k]`
/// in big place k, edge `EDGES[k]` in small place k.
fn probe(masks: (LayerMask, LayerMask)) -> State {
    let mut slots = [0u8; 24];
    let (mut c, mut e) = (0, 0);
    for (layer, mask) in [(0usize, masks.0), (12usize, masks.1)] {
        for i in 0..12 {
            if mask & (1 << i) == 0 {
                continue;
            }
            if mask & (1 << ((i + 1) % 12)) == 0 {
                slots[layer + i] = CORNERS[c];
                slots[layer + (i + 1) % 12] = CORNERS[c];
                c += 1;
            } else {
                slots[layer + i] = EDGES[e];
                e += 1;
            }
        }
    }
    State::from_valid_slots(slots, Middle::Square, Colouring::SixColour)
}

/// The pieces of a state in place order: (small pieces, big pieces), as piece ids.
pub fn places(s: &State) -> ([u8; 8], [u8; 8]) {
    let (mut small, mut big) = ([0u8; 8], [0u8; 8]);
    let (mut c, mut e) = (0, 0);
    let slots = s.slots();
    for (layer, mask) in [(0usize, s.top_mask()), (12usize, s.bottom_mask())] {
        for i in 0..12 {
            if mask & (1 << i) != 0 {
                let p = slots[layer + i];
                if mask & (1 << ((i + 1) % 12)) == 0 {
                    big[c] = p;
                    c += 1;
                } else {
                    small[e] = p;
                    e += 1;
                }
            }
        }
    }
    (small, big)
}

/// Reads the gather permutation off a probe state moved into a representative position.
fn read_perm(moved: &State) -> PlacePerm {
    let (small, big) = places(moved);
    PlacePerm {
        small: small.map(|p| EDGES.iter().position(|&e| e == p).unwrap() as u8),
        big: big.map(|p| CORNERS.iter().position(|&c| c == p).unwrap() as u8),
    }
}

/// Pair type (0..3) of a small piece in the Silver edition.
pub fn small_type(piece: u8) -> u8 {
    match silver_piece(piece) {
        1 => 0,
        5 => 1,
        8 => 2,
        12 => 3,
        p => panic!("piece {p} is not a small piece"),
    }
}

/// The Silver piece shown for a pair type.
pub const TYPE_PIECE: [u8; 4] = [1, 5, 8, 12];

impl ClassIndex {
    pub fn new() -> ClassIndex {
        let mut class_of_shape = vec![u8::MAX; shape::SHAPE_COUNT];
        let mut reps = Vec::new();
        for s in Shape::all() {
            let c = s.flip_class();
            if class_of_shape[s.index()] == u8::MAX {
                class_of_shape[s.index()] = c as u8;
                class_of_shape[s.flipped().index()] = c as u8;
            }
            if reps.len() <= c {
                reps.resize(c + 1, (u16::MAX, u16::MAX));
            }
        }
        // Representative: the smallest position (top mask, bottom mask) of the class.
        let layers: Vec<LayerMask> = (0..=0xFFFu16)
            .filter(|&m| shape::is_valid_layer(m) && (2..=6).contains(&shape::corner_count(m)))
            .collect();
        for &t in &layers {
            for &b in &layers {
                if shape::corner_count(t) + shape::corner_count(b) == 8 {
                    let c = class_of_shape[Shape::of_masks(t, b).index()] as usize;
                    if (t, b) < reps[c] {
                        reps[c] = (t, b);
                    }
                }
            }
        }
        let stabs: Vec<Vec<PlacePerm>> = reps
            .iter()
            .map(|&r| {
                let p = probe(r);
                let mut v: Vec<PlacePerm> =
                    Sym::all().filter(|g| g.masks(r) == r).map(|g| read_perm(&g.state(&p))).collect();
                v.sort();
                v.dedup();
                let id = read_perm(&p);
                v.retain(|x| *x != id);
                v.insert(0, id);
                v
            })
            .collect();
        let mut index = ClassIndex { reps, stabs, moves: Vec::new(), class_of_shape };
        index.moves = (0..CLASSES).map(|c| index.moves_from(c)).collect();
        index
    }

    /// The shape class of a position.
    pub fn class_of(&self, masks: (LayerMask, LayerMask)) -> usize {
        self.class_of_shape[Shape::of_masks(masks.0, masks.1).index()] as usize
    }

    /// A symmetry taking `masks` to its class representative.
    pub fn to_rep(&self, masks: (LayerMask, LayerMask)) -> (usize, Sym) {
        let c = self.class_of(masks);
        let g = Sym::all().find(|g| g.masks(masks) == self.reps[c]).expect("every position reaches its representative");
        (c, g)
    }

    fn moves_from(&self, c: usize) -> Vec<ClassMove> {
        let p = probe(self.reps[c]);
        let mut seen = std::collections::HashSet::new();
        let mut out = Vec::new();
        for x in 0..12 {
            for y in 0..12 {
                let Ok(after) = p.turn(x, y).twist() else { continue };
                let (c2, g) = self.to_rep((after.top_mask(), after.bottom_mask()));
                let m = read_perm(&g.state(&after));
                let perms: Vec<PlacePerm> = self.stabs[c2].iter().map(|s| m.then(s)).collect();
                let key = (c2, *perms.iter().min().unwrap());
                if seen.insert(key) {
                    out.push(ClassMove { target: c2 as u8, perms });
                }
            }
        }
        out
    }

    /// The slot of a class given the representative's arrangement (packed keys), minimised over
    /// the representative's symmetries.
    #[inline]
    pub fn canonical(&self, ranks: &Sq1Ranks, class: usize, perms: &[PlacePerm], small: u16, big: u32) -> u64 {
        let mut best = u64::MAX;
        for p in perms {
            let (s, b) = p.apply(small, big);
            let r = ranks.rank_small_key(s).expect("a permutation keeps the multiset") as u64 * BIG_COUNT as u64
                + Sq1Ranks::rank_big_key(b) as u64;
            best = best.min(r);
        }
        class as u64 * PER_SHAPE + best
    }

    /// The slot (without the middle factor) and middle of a state's class.
    pub fn slot_of(&self, ranks: &Sq1Ranks, s: &State) -> (u64, Middle) {
        let (c, g) = self.to_rep((s.top_mask(), s.bottom_mask()));
        let r = g.state(s);
        let (small, big) = places(&r);
        let small_key = small.iter().enumerate().fold(0u16, |k, (i, &p)| k | ((small_type(p) as u16) << (2 * i)));
        let big_key = big
            .iter()
            .enumerate()
            .fold(0u32, |k, (i, &p)| k | ((CORNERS.iter().position(|&x| x == p).unwrap() as u32) << (3 * i)));
        (self.canonical(ranks, c, &self.stabs[c], small_key, big_key), s.middle())
    }

    /// The Silver state in a class's representative position for a slot (without middle factor).
    pub fn state_of(&self, ranks: &Sq1Ranks, slot: u64, middle: Middle) -> State {
        let class = (slot / PER_SHAPE) as usize;
        let within = slot % PER_SHAPE;
        let small = ranks.unrank_small((within / BIG_COUNT as u64) as u16);
        let big = ranks.unrank_big((within % BIG_COUNT as u64) as u16);
        let p = probe(self.reps[class]);
        let mut slots = *p.slots();
        for v in slots.iter_mut() {
            if let Some(k) = CORNERS.iter().position(|&c| c == *v) {
                *v = CORNERS[big[k] as usize];
            } else {
                let k = EDGES.iter().position(|&e| e == *v).unwrap();
                *v = TYPE_PIECE[small[k] as usize];
            }
        }
        let s = State::from_slots(slots, middle).expect("a valid arrangement");
        debug_assert_eq!(s.colouring(), Colouring::Silver);
        s
    }
}

impl Default for ClassIndex {
    fn default() -> Self {
        ClassIndex::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn representatives_and_symmetries_reproduce_the_class_total() {
        let ix = ClassIndex::new();
        assert_eq!(ix.reps.len(), CLASSES);
        // Sum over shape classes of 1/|stabiliser| is 2145/32 (the article's total / 2520*40320).
        // 2145/32 = sum of 1/|stab|: compare sum of L/|stab| with 2145*L/32 for L = 96 * 32.
        let l = 96 * 32;
        assert!(ix.stabs.iter().all(|s| l % s.len() == 0), "{:?}", ix.stabs.iter().map(|s| s.len()).collect::<Vec<_>>());
        let sum: usize = ix.stabs.iter().map(|s| l / s.len()).sum();
        assert_eq!(sum * 32, 2145 * l);
        let cube = ix.class_of((State::solved(Colouring::Silver).top_mask(), State::solved(Colouring::Silver).bottom_mask()));
        assert_eq!(ix.stabs[cube].len(), 32);
    }

    #[test]
    fn slots_round_trip_through_states() {
        let ix = ClassIndex::new();
        let ranks = Sq1Ranks::get();
        let t = crate::sq1::Tables::new();
        for seed in 0..200 {
            let s = t.random_state(seed, Colouring::Silver);
            let (slot, middle) = ix.slot_of(ranks, &s);
            let back = ix.state_of(ranks, slot, middle);
            assert!(
                Sym::all().any(|g| g.state(&back) == s),
                "{s} and {back} are not in one class"
            );
            assert_eq!(ix.slot_of(ranks, &back), (slot, middle));
            // Any symmetric image has the same slot.
            let g = Sym { top: (seed % 12) as u8, bottom: (seed % 7) as u8, flip: seed % 2 == 0 };
            assert_eq!(ix.slot_of(ranks, &g.state(&s)).0, slot);
        }
    }

    #[test]
    fn precomputed_moves_agree_with_state_moves() {
        let ix = ClassIndex::new();
        let ranks = Sq1Ranks::get();
        let t = crate::sq1::Tables::new();
        for seed in 0..40 {
            let s = t.random_state(seed, Colouring::Silver);
            let (slot, _) = ix.slot_of(ranks, &s);
            let rep = ix.state_of(ranks, slot, Middle::Square);
            // Neighbour slots by the tables.
            let c = (slot / PER_SHAPE) as usize;
            let within = slot % PER_SHAPE;
            let sk = ranks.small_key((within / BIG_COUNT as u64) as u16);
            let bk = ranks.big_key((within % BIG_COUNT as u64) as u16);
            let mut by_table: Vec<u64> =
                ix.moves[c].iter().map(|m| ix.canonical(ranks, m.target as usize, &m.perms, sk, bk)).collect();
            // Neighbour slots by turning and twisting the state itself.
            let mut by_state: Vec<u64> = (0..12)
                .flat_map(|x| (0..12).map(move |y| (x, y)))
                .filter_map(|(x, y)| rep.turn(x, y).twist().ok())
                .map(|n| ix.slot_of(ranks, &n).0)
                .collect();
            by_table.sort();
            by_table.dedup();
            by_state.sort();
            by_state.dedup();
            assert_eq!(by_table, by_state);
        }
    }
}

#[cfg(test)]
mod level_check {
    use super::*;

    /// A plain breadth-first search over slots in a hash set, for the first levels.
    pub fn levels(ix: &ClassIndex, with_middle: bool, max_level: usize) -> Vec<u64> {
        let ranks = Sq1Ranks::get();
        let (start, _) = ix.slot_of(ranks, &State::solved(Colouring::Silver));
        let enc = |slot: u64, m: u64| if with_middle { slot * 2 + m } else { slot };
        let mut seen = std::collections::HashSet::from([enc(start, 0)]);
        let mut frontier = vec![enc(start, 0)];
        let mut counts = vec![1u64];
        while counts.len() < max_level {
            let mut next = Vec::new();
            for &x in &frontier {
                let (slot, m) = if with_middle { (x / 2, x % 2) } else { (x, 0) };
                let c = (slot / PER_SHAPE) as usize;
                let within = slot % PER_SHAPE;
                let sk = ranks.small_key((within / BIG_COUNT as u64) as u16);
                let bk = ranks.big_key((within % BIG_COUNT as u64) as u16);
                for mv in &ix.moves[c] {
                    let y = enc(ix.canonical(ranks, mv.target as usize, &mv.perms, sk, bk), 1 - m);
                    if seen.insert(y) {
                        next.push(y);
                    }
                }
            }
            counts.push(next.len() as u64);
            frontier = next;
        }
        counts
    }

    #[test]
    fn first_levels_match_the_article() {
        let ix = ClassIndex::new();
        assert_eq!(levels(&ix, false, 5), vec![1, 32, 536, 7652, 102204]);
    }

    #[test]
    fn with_the_middle_layer_levels_grow_from_the_third() {
        // Independent confirmation lives in core/tests/db.rs (a search over unreduced states).
        let ix = ClassIndex::new();
        assert_eq!(levels(&ix, true, 4), vec![1, 32, 568, 8189]);
    }
}
