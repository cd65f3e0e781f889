//! Breadth-first search over the cosets of the full target: corner state, edge separation and
//! the flip of every edge, reduced by the 48 symmetries.
//!
//! The tables with edge flips (`h1`, `h2`, ...) keep the flips of a few positions in the frame
//! of the corner-class representative. That projection does not follow moves (a move brings in
//! flips from positions it does not keep), so those tables cannot be searched breadth-first on
//! their own. Their entries are filled from this search instead: every coset at distance `d`
//! marks the entries it projects to, under each symmetry that keeps its representative.
//!
//! A coset is a 39-bit key: class (12 bits), edge separation (16 bits) and the flips of the
//! first eleven positions (the twelfth follows from parity), taken in the frame of the class
//! representative and made canonical over the representative's stabilizer (smallest key).
//! Levels are sorted vectors of keys, so membership is a binary search and a level's
//! duplicates go in one parallel sort.

use rayon::prelude::*;

use super::coord::{
    CLASS_BITS, EDGE_SEPS, SYM_SHIFT, corner_state, edge_masks, edge_sep, edge_sep_perm, eo_mask,
    mask_conj, move_coords,
};
use super::sym::{MOVES, symmetries};
use crate::cube3::geometry::Perm;

pub type Key = u64;

const EO_BITS: u32 = 11;
const SEP_SHIFT: u32 = EO_BITS;
const CLASS_SHIFT: u32 = EO_BITS + 16;

/// A coset in the frame of its class representative.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coset {
    pub class: u32,
    pub masks: [u32; 3],
    /// Flips of all twelve positions.
    pub eo: u32,
}

impl Coset {
    #[inline(always)]
    pub fn edge_sep(&self) -> u32 {
        super::coord::edge_sep_of_masks(self.masks[0], self.masks[1])
    }

    #[inline(always)]
    fn key(&self) -> Key {
        (self.class as u64) << CLASS_SHIFT
            | (self.edge_sep() as u64) << SEP_SHIFT
            | (self.eo & ((1 << EO_BITS) - 1)) as u64
    }
}

/// What the search needs: the corner states' classes and moves, the stabilizers of the class
/// representatives, and the edge masks of every separation.
pub struct Space<'a> {
    pub class_of: &'a [u32],
    pub reps: &'a [u32],
    pub corner_move: &'a [u32],
    pub stabilizers: &'a [Vec<usize>],
    sep_masks: Vec<[u16; 3]>,
}

impl<'a> Space<'a> {
    pub fn new(
        class_of: &'a [u32],
        reps: &'a [u32],
        corner_move: &'a [u32],
        stabilizers: &'a [Vec<usize>],
    ) -> Space<'a> {
        let sep_masks = (0..EDGE_SEPS as u32)
            .map(|e| edge_masks(&edge_sep_perm(e)).map(|m| m as u16))
            .collect();
        Space {
            class_of,
            reps,
            corner_move,
            stabilizers,
            sep_masks,
        }
    }

    pub fn decode(&self, key: Key) -> (u32, Coset) {
        let class = (key >> CLASS_SHIFT) as u32;
        let sep = (key >> SEP_SHIFT) as u32 & 0xffff;
        let low = key as u32 & ((1 << EO_BITS) - 1);
        let eo = low | (low.count_ones() & 1) << EO_BITS;
        let masks = self.sep_masks[sep as usize].map(|m| m as u32);
        (self.reps[class as usize], Coset { class, masks, eo })
    }

    /// The coset of a permutation, in its representative's frame (not made canonical).
    pub fn of_perm(&self, p: &Perm) -> (u32, Coset) {
        let e = self.class_of[corner_state(p) as usize];
        let s = (e >> SYM_SHIFT & 63) as usize;
        let c = symmetries().conj(s, p);
        let class = e & ((1 << CLASS_BITS) - 1);
        let masks = edge_masks(&c);
        debug_assert_eq!(
            edge_sep(&c),
            super::coord::edge_sep_of_masks(masks[0], masks[1])
        );
        (
            corner_state(&c),
            Coset {
                class,
                masks,
                eo: eo_mask(&c),
            },
        )
    }

    /// The child under face move `m` of a coset in its representative's frame (corner state
    /// `state`), itself in its own representative's frame. The 18 children of a coset in the
    /// representative's frame are the symmetric images of the children of any cube in it.
    #[inline(always)]
    pub fn child(&self, state: u32, c: &Coset, m: usize) -> (u32, Coset) {
        let (s, c, _) = self.child_frame(state, c, m);
        (s, c)
    }

    /// [`Space::child`], with the symmetry that took the child to its frame.
    #[inline(always)]
    pub fn child_frame(&self, state: u32, c: &Coset, m: usize) -> (u32, Coset, usize) {
        let mc = move_coords();
        let next = self.corner_move[state as usize * MOVES + m];
        let e = self.class_of[next as usize];
        let class = e & ((1 << CLASS_BITS) - 1);
        let t = (e >> SYM_SHIFT & 63) as usize;
        let conj = &mask_conj()[t];
        let masks = c.masks.map(|x| mc.edge_mask(m, x));
        let eo = conj.eo(mc.eo(m, c.eo), &masks);
        let masks = conj.masks(&masks);
        (self.reps[class as usize], Coset { class, masks, eo }, t)
    }

    /// Every image of the coset under its representative's stabilizer, itself first.
    #[inline(always)]
    pub fn images(&self, c: &Coset, mut f: impl FnMut(&Coset)) {
        f(c);
        for &t in &self.stabilizers[c.class as usize] {
            let conj = &mask_conj()[t];
            f(&Coset {
                class: c.class,
                masks: conj.masks(&c.masks),
                eo: conj.eo(c.eo, &c.masks),
            });
        }
    }

    /// The canonical key: the smallest over the stabilizer images.
    #[inline(always)]
    pub fn key(&self, c: &Coset) -> Key {
        let mut best = Key::MAX;
        self.images(c, |i| best = best.min(i.key()));
        best
    }

    /// The start: the solved cube's coset.
    pub fn solved(&self) -> Key {
        let (_, c) = self.of_perm(&Perm::IDENTITY);
        self.key(&c)
    }

    /// The next level: keys at distance `d + 1` from `level` (distance `d`) and `before`
    /// (distance `d - 1`). Returns `None` when `stop` says so between chunks.
    pub fn next_level(
        &self,
        before: &[Key],
        level: &[Key],
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Option<Vec<Key>> {
        let seen = |k: &Key| before.binary_search(k).is_ok() || level.binary_search(k).is_ok();
        let chunks: Vec<Option<Vec<Key>>> = level
            .par_chunks(1 << 14)
            .map(|chunk| {
                if stop() {
                    return None;
                }
                let mut out = Vec::with_capacity(chunk.len() * 4);
                for &k in chunk {
                    let (state, c) = self.decode(k);
                    for m in 0..MOVES {
                        let key = self.key(&self.child(state, &c, m).1);
                        if !seen(&key) {
                            out.push(key);
                        }
                    }
                }
                out.sort_unstable();
                out.dedup();
                Some(out)
            })
            .collect();
        let mut next = Vec::with_capacity(chunks.iter().flatten().map(Vec::len).sum());
        for c in chunks {
            next.extend(c?);
        }
        next.par_sort_unstable();
        next.dedup();
        Some(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube3::Cube;
    use crate::cube3::optimal::coord::{corner_classes, corner_moves, stabilizers};
    use crate::rng::Rng;

    /// Children follow the pieces: the coset of `x m` is the child of the coset of `x`; every
    /// symmetric image of a cube has the same key; decoding a key gives the coset back.
    #[test]
    fn cosets_follow_moves_and_symmetries() {
        let moves = corner_moves();
        let (class_of, reps) = corner_classes(&moves);
        let stab = stabilizers(&reps);
        let space = Space::new(&class_of, &reps, &moves, &stab);
        let faces = super::super::sym::face_moves();
        let sy = symmetries();
        let mut rng = Rng::new(11);
        for _ in 0..300 {
            let x = *Cube::random(&mut rng).pieces();
            let (state, c) = space.of_perm(&x);
            let key = space.key(&c);
            for s in 0..48 {
                assert_eq!(space.key(&space.of_perm(&sy.conj(s, &x)).1), key);
            }
            let (state2, back) = space.decode(key);
            assert_eq!(state2, state);
            assert_eq!(space.key(&back), key);
            // The coset is taken in the representative's frame: its children are those of
            // the conjugated cube.
            let t = (class_of[corner_state(&x) as usize] >> SYM_SHIFT & 63) as usize;
            let y = sy.conj(t, &x);
            let mut want = Vec::new();
            for m in 0..MOVES {
                want.push(space.key(&space.of_perm(&y.then(&faces[m])).1));
                assert_eq!(space.key(&space.child(state, &c, m).1), want[m]);
            }
            // The decoded coset is a stabilizer image: the same children, moves renamed.
            let mut got: Vec<Key> = (0..MOVES)
                .map(|m| space.key(&space.child(state2, &back, m).1))
                .collect();
            got.sort_unstable();
            want.sort_unstable();
            assert_eq!(got, want, "from the key");
        }
    }

    #[test]
    #[ignore = "measures the level sizes (long)"]
    fn level_sizes() {
        let moves = corner_moves();
        let (class_of, reps) = corner_classes(&moves);
        let stab = stabilizers(&reps);
        let space = Space::new(&class_of, &reps, &moves, &stab);
        let mut before = Vec::new();
        let mut level = vec![space.solved()];
        let t = std::time::Instant::now();
        for d in 1..=9 {
            let next = space.next_level(&before, &level, &|| false).unwrap();
            eprintln!("level {d}: {} keys, {:?}", next.len(), t.elapsed());
            before = std::mem::replace(&mut level, next);
        }
    }
}
