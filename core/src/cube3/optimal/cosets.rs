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
//! Levels hold their keys sorted within each class, 4 bytes each ([`Level`]), so membership is
//! a binary search within the class; a level is made in passes over ranges of classes, each
//! pass's duplicates removed by one parallel sort.

use rayon::prelude::*;

use std::ops::Range;

use super::coord::{
    CLASS_BITS, CLASSES, EDGE_SEPS, SYM_SHIFT, corner_state, edge_masks, edge_sep, edge_sep_perm,
    eo_mask, mask_conj, move_coords,
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

/// What the search needs: the corner states' classes, the moves of the class representatives
/// (`table::rep_moves`), the stabilizers of the representatives, and the edge masks of every
/// separation.
pub struct Space<'a> {
    pub class_of: &'a [u32],
    pub reps: &'a [u32],
    pub rep_move: &'a [u32],
    pub stabilizers: &'a [Vec<usize>],
    sep_masks: Vec<[u16; 3]>,
}

impl<'a> Space<'a> {
    pub fn new(
        class_of: &'a [u32],
        reps: &'a [u32],
        rep_move: &'a [u32],
        stabilizers: &'a [Vec<usize>],
    ) -> Space<'a> {
        let sep_masks = (0..EDGE_SEPS as u32)
            .map(|e| edge_masks(&edge_sep_perm(e)).map(|m| m as u16))
            .collect();
        Space {
            class_of,
            reps,
            rep_move,
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

    /// The child under face move `m` of a coset in its representative's frame, itself in its
    /// own representative's frame. The 18 children of a coset in the representative's frame
    /// are the symmetric images of the children of any cube in it.
    #[inline(always)]
    pub fn child(&self, c: &Coset, m: usize) -> Coset {
        self.child_frame(c, m).0
    }

    /// [`Space::child`], with the symmetry that took the child to its frame.
    #[inline(always)]
    pub fn child_frame(&self, c: &Coset, m: usize) -> (Coset, usize) {
        let mc = move_coords();
        let next = self.rep_move[c.class as usize * MOVES + m];
        let e = self.class_of[next as usize];
        let class = e & ((1 << CLASS_BITS) - 1);
        let t = (e >> SYM_SHIFT & 63) as usize;
        let conj = &mask_conj()[t];
        let masks = c.masks.map(|x| mc.edge_mask(m, x));
        let eo = conj.eo(mc.eo(m, c.eo), &masks);
        let masks = conj.masks(&masks);
        (Coset { class, masks, eo }, t)
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
    /// (distance `d - 1`). Returns `None` when `stop` says so between classes.
    ///
    /// The children are made in passes over ranges of their classes, each pass sorted and
    /// appended in turn, so that the children held unsorted at any time are a bounded part of
    /// the level (2^18 keys expected, 2 MB) whatever its size: a child's class costs two
    /// lookups, its key (every stabilizer image) much more, made only in its pass.
    pub fn next_level(
        &self,
        before: &Level,
        level: &Level,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Option<Level> {
        self.next_level_in(before, level, 1 << 18, stop)
    }

    /// [`Space::next_level`] in passes of about `budget` children each.
    fn next_level_in(
        &self,
        before: &Level,
        level: &Level,
        budget: usize,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Option<Level> {
        // Room for every child at once: pages never written are never held, and the level
        // grows without a copy (one would leave the old room resident in the allocator).
        let mut next = Level::with_capacity(level.len() * MOVES);
        self.next_level_passes(before, level, budget, stop, &mut |keys, _| {
            next.extend(&keys);
            true
        })?;
        Some(next.finish())
    }

    /// The keys of the next level (as [`Space::next_level`]) handed to `pass` in passes over
    /// ranges of their classes, about `budget` children made in each: every key of a class in
    /// one pass, each pass's keys sorted and above those of the passes before. `pass` is also
    /// told the pass's number and how many there are; it returns false to stop. Returns `None`
    /// when it or `stop` (checked between classes) says so.
    pub fn next_level_passes(
        &self,
        before: &Level,
        level: &Level,
        budget: usize,
        stop: &(dyn Fn() -> bool + Sync),
        pass: &mut dyn FnMut(Vec<Key>, (usize, usize)) -> bool,
    ) -> Option<()> {
        let seen = |k: Key| before.contains(k) || level.contains(k);
        let child_class = |k: usize, m: usize| {
            (self.class_of[self.rep_move[k * MOVES + m] as usize] & ((1 << CLASS_BITS) - 1))
                as usize
        };
        let passes = (level.len() * MOVES).div_ceil(budget).clamp(1, CLASSES);
        for p in 0..passes {
            let classes = CLASSES * p / passes..CLASSES * (p + 1) / passes;
            let parts: Vec<Option<Vec<Key>>> = (0..CLASSES)
                .into_par_iter()
                .map(|k| {
                    if stop() {
                        return None;
                    }
                    let moves: Vec<usize> = (0..MOVES)
                        .filter(|&m| classes.contains(&child_class(k, m)))
                        .collect();
                    let mut out = Vec::new();
                    if moves.is_empty() {
                        return Some(out);
                    }
                    for key in level.class_keys(k) {
                        let c = self.decode(key).1;
                        for &m in &moves {
                            let key = self.key(&self.child(&c, m));
                            if !seen(key) {
                                out.push(key);
                            }
                        }
                    }
                    out.sort_unstable();
                    out.dedup();
                    Some(out)
                })
                .collect();
            let mut keys = Vec::with_capacity(parts.iter().flatten().map(Vec::len).sum());
            for part in parts {
                keys.extend(part?);
            }
            keys.par_sort_unstable();
            keys.dedup();
            if !pass(keys, (p, passes)) {
                return None;
            }
        }
        Some(())
    }
}

/// A level of keys held in 4 bytes each: the keys of each class (its top 12 bits) sorted, as
/// their low 27 bits, after the offsets of the classes (a level of 79 million keys in 317 MB,
/// not 634).
pub struct Level {
    starts: Vec<u32>,
    low: Vec<u32>,
}

const LOW_MASK: Key = (1 << CLASS_SHIFT) - 1;

impl Level {
    /// A level being made: keys are appended in increasing order.
    pub fn builder() -> Level {
        Level::with_capacity(0)
    }

    fn with_capacity(keys: usize) -> Level {
        Level {
            starts: vec![0],
            low: Vec::with_capacity(keys),
        }
    }

    /// Appends sorted keys, all above those appended before.
    pub fn extend(&mut self, keys: &[Key]) {
        for &key in keys {
            let class = (key >> CLASS_SHIFT) as usize;
            debug_assert!(class + 1 >= self.starts.len());
            while self.starts.len() <= class {
                self.starts.push(self.low.len() as u32);
            }
            self.low.push((key & LOW_MASK) as u32);
        }
    }

    /// The level complete: every class has its offsets.
    pub fn finish(mut self) -> Level {
        while self.starts.len() <= CLASSES {
            self.starts.push(self.low.len() as u32);
        }
        self
    }

    pub fn of(keys: &[Key]) -> Level {
        let mut level = Level::builder();
        level.extend(keys);
        level.finish()
    }

    pub fn len(&self) -> usize {
        self.low.len()
    }

    pub fn contains(&self, key: Key) -> bool {
        let class = (key >> CLASS_SHIFT) as usize;
        let range = self.starts[class] as usize..self.starts[class + 1] as usize;
        self.low[range]
            .binary_search(&((key & LOW_MASK) as u32))
            .is_ok()
    }

    /// The keys of class `k`, in increasing order.
    pub fn class_keys(&self, k: usize) -> impl ExactSizeIterator<Item = Key> + '_ {
        let range = self.starts[k] as usize..self.starts[k + 1] as usize;
        self.low[range]
            .iter()
            .map(move |&low| (k as Key) << CLASS_SHIFT | low as Key)
    }

    /// The classes' keys in runs of at most `most` keys, each of one class (the runs of a
    /// class whose children share their class and frame under each move).
    pub fn runs(&self, most: usize) -> Vec<(usize, Range<usize>)> {
        let mut out = Vec::new();
        for k in 0..CLASSES {
            let (a, b) = (self.starts[k] as usize, self.starts[k + 1] as usize);
            let mut i = a;
            while i < b {
                out.push((k, i..(i + most).min(b)));
                i += most;
            }
        }
        out
    }

    /// The keys of a run.
    pub fn run_keys(&self, (k, range): &(usize, Range<usize>)) -> impl Iterator<Item = Key> + '_ {
        let k = *k as Key;
        self.low[range.clone()]
            .iter()
            .map(move |&low| k << CLASS_SHIFT | low as Key)
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
        let rep_move = super::super::table::rep_moves(&moves, &reps);
        let space = Space::new(&class_of, &reps, &rep_move, &stab);
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
                assert_eq!(space.key(&space.child(&c, m)), want[m]);
            }
            // The decoded coset is a stabilizer image: the same children, moves renamed.
            let mut got: Vec<Key> = (0..MOVES)
                .map(|m| space.key(&space.child(&back, m)))
                .collect();
            got.sort_unstable();
            want.sort_unstable();
            assert_eq!(got, want, "from the key");
        }
    }

    /// A level keeps its keys in 4 bytes each: the same keys back, in order, by class and by
    /// runs; every key it holds is found and no other; appending in pieces gives the same level.
    #[test]
    fn levels_hold_their_keys() {
        let mut rng = Rng::new(5);
        let mut keys: Vec<Key> = (0..20_000)
            .map(|i| {
                // Crowd a few classes, leave most empty, and take the first and last.
                let class = match i % 4 {
                    0 => 0,
                    1 => CLASSES as u64 - 1,
                    _ => rng.below(40) * 80,
                };
                class << CLASS_SHIFT | rng.below(1 << CLASS_SHIFT)
            })
            .collect();
        keys.sort_unstable();
        keys.dedup();
        let level = Level::of(&keys);
        assert_eq!(level.len(), keys.len());
        let by_class: Vec<Key> = (0..CLASSES).flat_map(|k| level.class_keys(k)).collect();
        assert_eq!(by_class, keys);
        let runs = level.runs(7);
        assert!(runs.iter().all(|(_, r)| (1..=7).contains(&r.len())));
        let by_run: Vec<Key> = runs.iter().flat_map(|r| level.run_keys(r)).collect();
        assert_eq!(by_run, keys);
        for &k in &keys {
            assert!(level.contains(k));
            let others = [k ^ 1, k ^ 1 << 20, k ^ 1 << (CLASS_SHIFT + 3)];
            for other in others
                .into_iter()
                .filter(|o| o >> CLASS_SHIFT < CLASSES as Key)
            {
                assert_eq!(level.contains(other), keys.binary_search(&other).is_ok());
            }
        }
        let mut pieces = Level::builder();
        for piece in keys.chunks(777) {
            pieces.extend(piece);
        }
        let pieces = pieces.finish();
        assert_eq!(pieces.starts, level.starts);
        assert_eq!(pieces.low, level.low);
    }

    /// The levels up to 6 have the sizes the earlier search (one sorted vector per level, one
    /// pass) found (`docs/cube3-optimal.md`), made in one pass or in passes over a few classes
    /// each.
    #[test]
    fn levels_made_in_passes_are_the_same() {
        let moves = corner_moves();
        let (class_of, reps) = corner_classes(&moves);
        let stab = stabilizers(&reps);
        let rep_move = super::super::table::rep_moves(&moves, &reps);
        let space = Space::new(&class_of, &reps, &rep_move, &stab);
        let mut before = Level::of(&[]);
        let mut level = Level::of(&[space.solved()]);
        for size in [1, 3, 23, 241, 2_996, 38_199] {
            let next = space.next_level(&before, &level, &|| false).unwrap();
            let parts = space.next_level_in(&before, &level, 64, &|| false).unwrap();
            assert_eq!(next.len(), size);
            assert_eq!((&next.starts, &next.low), (&parts.starts, &parts.low));
            before = std::mem::replace(&mut level, next);
        }
    }

    #[test]
    #[ignore = "measures the level sizes (long)"]
    fn level_sizes() {
        let moves = corner_moves();
        let (class_of, reps) = corner_classes(&moves);
        let stab = stabilizers(&reps);
        let rep_move = super::super::table::rep_moves(&moves, &reps);
        let space = Space::new(&class_of, &reps, &rep_move, &stab);
        let mut before = Level::of(&[]);
        let mut level = Level::of(&[space.solved()]);
        let t = std::time::Instant::now();
        for d in 1..=9 {
            let next = space.next_level(&before, &level, &|| false).unwrap();
            eprintln!("level {d}: {} keys, {:?}", next.len(), t.elapsed());
            before = std::mem::replace(&mut level, next);
        }
    }
}
