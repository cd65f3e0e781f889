//! Exact twist distances of every class near the solved puzzle.
//!
//! A breadth-first search from the solved class over [`super::index::ClassMove`]s, kept in an
//! open-addressing hash set of packed class keys: the smallest key over the representative's
//! symmetries, so each class is stored once. The search uses it as an exact bound
//! where it knows the class and as "more than [`DEPTH`]" where it does not, which removes the
//! bottom levels of the search tree. The level sizes are the published ones (Masonjones):
//! 1, 64, 1153, 17050, 235144, ...

use crate::sq1::db::index::{Arrangement, pack3, shuffle};

use super::index::SolveIndex;

/// Deepest twist distance stored.
pub const DEPTH: u32 = 5;

const EMPTY: u64 = u64::MAX;

/// The class's key: the smallest over the representative's symmetries.
#[inline]
fn canonical_key(ix: &SolveIndex, class: usize, arr: Arrangement, middle: u8) -> u64 {
    let stabs = &ix.stabs[class];
    let mut k = key(class, arr, middle);
    for s in &stabs[1..] {
        k = k.min(key(class, shuffle(arr, &s.shuffle), middle));
    }
    k
}

/// Class key: class (8 bits), middle (1), corner places (24), edge places (24).
#[inline(always)]
fn key(class: usize, arr: Arrangement, middle: u8) -> u64 {
    ((class as u64) << 49)
        | ((middle as u64) << 48)
        | ((pack3((arr >> 64) as u64) as u64) << 24)
        | pack3(arr as u64) as u64
}

pub struct Endgame {
    /// Key in bits 0..57, distance in bits 57..60; `EMPTY` when free.
    slots: Vec<u64>,
    mask: usize,
    len: usize,
    /// Classes first reached at each distance 0..=DEPTH.
    pub level_sizes: Vec<u64>,
}

#[inline(always)]
fn home(k: u64, mask: usize) -> usize {
    (k.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize & mask
}

impl Endgame {
    pub fn new(ix: &SolveIndex) -> Endgame {
        let mut e = Endgame {
            slots: vec![EMPTY; 1 << 10],
            mask: (1 << 10) - 1,
            len: 0,
            level_sizes: Vec::new(),
        };
        let (arr0, _) = ix.solved[0];
        let mut frontier = vec![(ix.cube, arr0, 0u8)];
        e.insert_class(ix, ix.cube, arr0, 0, 0);
        let t = std::time::Instant::now();
        e.level_sizes.push(1);
        for d in 1..=DEPTH {
            let mut next = Vec::new();
            for &(c, arr, mid) in &frontier {
                for m in &ix.moves[c] {
                    let (c2, a2, m2) = (m.target as usize, shuffle(arr, &m.shuffle), mid ^ 1);
                    if e.get(ix, c2, a2, m2).is_none() {
                        e.insert_class(ix, c2, a2, m2, d);
                        next.push((c2, a2, m2));
                    }
                }
            }
            e.level_sizes.push(next.len() as u64);
            frontier = next;
        }
        log::debug!(
            "endgame to depth {DEPTH}: {:?} in {:?}",
            e.level_sizes,
            t.elapsed()
        );
        e
    }

    fn insert_class(&mut self, ix: &SolveIndex, c: usize, arr: Arrangement, mid: u8, d: u32) {
        self.insert(canonical_key(ix, c, arr, mid) | ((d as u64) << 57));
    }

    /// Inserts a key with its distance, doubling the table at half load.
    fn insert(&mut self, entry: u64) {
        if 2 * (self.len + 1) > self.slots.len() {
            let bigger = vec![EMPTY; 2 * self.slots.len()];
            let old = std::mem::replace(&mut self.slots, bigger);
            self.mask = self.slots.len() - 1;
            self.len = 0;
            for v in old.into_iter().filter(|&v| v != EMPTY) {
                self.insert(v);
            }
        }
        let k = entry & ((1 << 57) - 1);
        let mut i = home(k, self.mask);
        loop {
            let v = self.slots[i];
            if v == EMPTY {
                self.slots[i] = entry;
                self.len += 1;
                return;
            }
            if v & ((1 << 57) - 1) == k {
                return;
            }
            i = (i + 1) & self.mask;
        }
    }

    /// The exact twist distance of a representative arrangement, if at most [`DEPTH`].
    #[inline]
    pub fn get(&self, ix: &SolveIndex, class: usize, arr: Arrangement, middle: u8) -> Option<u32> {
        let k = canonical_key(ix, class, arr, middle);
        let mut i = home(k, self.mask);
        loop {
            let v = self.slots[i];
            if v == EMPTY {
                return None;
            }
            if v & ((1 << 57) - 1) == k {
                return Some((v >> 57) as u32);
            }
            i = (i + 1) & self.mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_sizes_are_the_published_ones() {
        let ix = SolveIndex::new();
        let e = Endgame::new(&ix);
        assert_eq!(e.level_sizes[..5], [1, 64, 1153, 17050, 235144]);
    }
}
