//! The two-phase solver's strongest face-turn bound in phase 2: the cube-shape puzzle seen with
//! opposite pieces paired.
//!
//! Each layer's opposite pieces form a pair (edges b f, d h, i m, k o; corners A E, C G, J N,
//! L P) and a pair's two pieces are not told apart, but the parity of the corners'
//! permutation is kept (the edges' parity follows from it in phase 2). Coordinates: where the
//! corner pairs are (2,520 arrangements of 8 places) and the parity, where the edge pairs are
//! (2,520), the middle, and the frame (one of the two turns from the cube representative a
//! phase-2 node can be in, [`FRAMES`](super::twophase::FRAMES)), so that turns are priced exactly: 50,803,200 entries,
//! one byte each, the fewest face-turn moves to the solved puzzle within the cube shape.
//!
//! Measured on random cube-shape positions (about 20.8 face turns from solved on average), it
//! averages 17.9 against 15.5 for the permutation-and-set tables of [`Phase2Table`], and the
//! search takes the larger; other pairings were tried and were weaker (adjacent pairs 15.2,
//! top with bottom 15.4).
//!
//! Built by a level-synchronous search backwards from the solved puzzle's images (every move
//! costs 1 to 3), in parallel, with move tables on the two coordinates.
//!
//! [`Phase2Table`]: super::twophase::Phase2Table

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

use rayon::prelude::*;

use crate::sq1::db::index::{Arrangement, shuffle};

use super::index::{SolveIndex, is_odd};
use super::twophase::{backward_cube_moves, frame_turn_cost};

/// Pair of each piece index 0..7 (edges `b d f h i k m o`, corners `A C E G J L N P`).
const PAIR: [u8; 8] = [0, 1, 0, 1, 2, 3, 2, 3];
/// Arrangements of four pairs in eight places.
pub const ARRANGEMENTS: usize = 2520;
/// Corner pairs with the parity.
const CORNER_COORDS: usize = ARRANGEMENTS * 2;
pub const ENTRIES: usize = CORNER_COORDS * ARRANGEMENTS * 4;

struct Ranks {
    /// Rank of each 16-bit key (2 bits per place: the pair there), `u16::MAX` if not valid.
    rank: Vec<u16>,
    key: Vec<u16>,
}

fn ranks() -> &'static Ranks {
    static R: OnceLock<Ranks> = OnceLock::new();
    R.get_or_init(|| {
        let mut rank = vec![u16::MAX; 1 << 16];
        let mut key = Vec::with_capacity(ARRANGEMENTS);
        for k in 0..=u16::MAX {
            let mut counts = [0; 4];
            for i in 0..8 {
                counts[(k >> (2 * i) & 3) as usize] += 1;
            }
            if counts == [2; 4] {
                rank[k as usize] = key.len() as u16;
                key.push(k);
            }
        }
        Ranks { rank, key }
    })
}

/// Arrangement rank of one half (eight piece indices).
#[inline(always)]
fn pair_rank(r: &Ranks, half: u64) -> usize {
    let b = half.to_le_bytes();
    let mut k = 0usize;
    for (i, &v) in b.iter().enumerate() {
        k |= (PAIR[v as usize] as usize) << (2 * i);
    }
    r.rank[k] as usize
}

/// A half with pair arrangement `rank` and the given parity.
fn half_of(r: &Ranks, rank: usize, odd: bool) -> u64 {
    let key = r.key[rank];
    let mut used = [0usize; 4];
    let mut b = [0u8; 8];
    for (i, x) in b.iter_mut().enumerate() {
        let p = (key >> (2 * i) & 3) as usize;
        // The pair's members in order: the first and second piece with PAIR = p.
        *x = (0..8u8)
            .filter(|&v| PAIR[v as usize] == p as u8)
            .nth(used[p])
            .unwrap();
        used[p] += 1;
    }
    if is_odd(&b) != odd {
        // Swapping a pair's two members keeps the arrangement and flips the parity.
        for x in b.iter_mut() {
            *x = match *x {
                0 => 2,
                2 => 0,
                v => v,
            };
        }
    }
    u64::from_le_bytes(b)
}

#[inline(always)]
fn corner_coord(r: &Ranks, arr: Arrangement) -> usize {
    let hi = (arr >> 64) as u64;
    pair_rank(r, hi) * 2 + is_odd(&hi.to_le_bytes()) as usize
}

#[inline(always)]
fn entry(corner: usize, edge: usize, middle: u8, frame: usize) -> usize {
    ((corner * ARRANGEMENTS + edge) * 2 + middle as usize) * 2 + frame
}

pub struct PairTable<'a> {
    dist: std::borrow::Cow<'a, [u8]>,
}

impl<'a> PairTable<'a> {
    /// A view of a table saved with [`PairTable::bytes`].
    pub fn from_bytes(bytes: &'a [u8]) -> PairTable<'a> {
        PairTable { dist: bytes.into() }
    }

    pub fn bytes(&self) -> &[u8] {
        &self.dist
    }

    /// Face-turn bound of a cube-shape node in a frame; `corners_odd` is the parity of the
    /// corners' permutation (the search keeps it along).
    #[inline(always)]
    pub fn get_framed(&self, arr: Arrangement, corners_odd: u8, middle: u8, frame: usize) -> u32 {
        let r = ranks();
        let c = pair_rank(r, (arr >> 64) as u64) * 2 + corners_odd as usize;
        self.dist[entry(c, pair_rank(r, arr as u64), middle, frame)] as u32
    }

    /// Starts loading the entry of a node into the cache (the table is far larger than it).
    #[inline(always)]
    pub fn prefetch(&self, arr: Arrangement, corners_odd: u8, middle: u8, frame: usize) {
        let r = ranks();
        let c = pair_rank(r, (arr >> 64) as u64) * 2 + corners_odd as usize;
        crate::tablefile::prefetch(
            &self.dist,
            entry(c, pair_rank(r, arr as u64), middle, frame),
        );
    }

    /// Builds the table (about 10 seconds on two cores).
    pub fn build(ix: &SolveIndex) -> PairTable<'static> {
        let r = ranks();
        let s0 = ix.solved[0].0.to_le_bytes();
        // Phase-2 moves keep this: the edges' parity is the corners' parity xor `link`.
        let link = is_odd(&s0[..8]) ^ is_odd(&s0[8..]);
        // Each cube-shape move backwards: its turn, the frame it ends in, and its inverse on
        // the two coordinates.
        let mut moves = Vec::new();
        let (mut corner_move, mut edge_move) = (Vec::new(), Vec::new());
        for (inverse, turn, to) in backward_cube_moves(ix) {
            moves.push((turn, to));
            corner_move.push(
                (0..CORNER_COORDS)
                    .map(|c| {
                        let arr = (half_of(r, c / 2, c % 2 == 1) as u128) << 64;
                        corner_coord(r, shuffle(arr, &inverse)) as u16
                    })
                    .collect::<Vec<_>>(),
            );
            edge_move.push(
                (0..ARRANGEMENTS)
                    .map(|e| {
                        let arr = half_of(r, e, false) as u128;
                        pair_rank(r, shuffle(arr, &inverse) as u64) as u16
                    })
                    .collect::<Vec<_>>(),
            );
        }
        let dist: Vec<AtomicU8> = (0..ENTRIES).map(|_| AtomicU8::new(u8::MAX)).collect();
        for &(arr, turn) in &ix.solved {
            let e = pair_rank(r, arr as u64);
            debug_assert_eq!(
                is_odd(&arr.to_le_bytes()[..8]),
                (corner_coord(r, arr) % 2 == 1) ^ link
            );
            for f in 0..2 {
                dist[entry(corner_coord(r, arr), e, 0, f)]
                    .fetch_min(frame_turn_cost(f, turn), Ordering::Relaxed);
            }
        }
        for level in 0..u8::MAX - 4 {
            let pending = AtomicBool::new(false);
            dist.par_chunks(1 << 16)
                .enumerate()
                .for_each(|(chunk, ds)| {
                    let mut more = false;
                    for (k, d) in ds.iter().enumerate() {
                        let d = d.load(Ordering::Relaxed);
                        if d == u8::MAX || d < level {
                            continue;
                        }
                        more = true;
                        if d > level {
                            continue;
                        }
                        let i = (chunk << 16) + k;
                        let (frame, middle) = (i % 2, (i / 2 % 2) as u8);
                        let (c, e) = (i / 4 / ARRANGEMENTS, i / 4 % ARRANGEMENTS);
                        for (m, &(turn, to)) in moves.iter().enumerate() {
                            if to != frame {
                                continue;
                            }
                            let j = entry(
                                corner_move[m][c] as usize,
                                edge_move[m][e] as usize,
                                middle ^ 1,
                                0,
                            );
                            for f in 0..2 {
                                dist[j + f].fetch_min(
                                    level + frame_turn_cost(f, turn) + 1,
                                    Ordering::Relaxed,
                                );
                            }
                        }
                    }
                    if more {
                        pending.store(true, Ordering::Relaxed);
                    }
                });
            if !pending.load(Ordering::Relaxed) {
                break;
            }
        }
        PairTable {
            dist: dist
                .into_iter()
                .map(AtomicU8::into_inner)
                .collect::<Vec<_>>()
                .into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::twophase::FRAMES;
    use super::*;
    use crate::rng::Rng;

    /// The table holds the exact distances of its projection: on positions reached by random
    /// cube-shape moves, each entry is the cheapest of its moves (real moves, not the build's
    /// coordinate tables) plus the child's entry, or of the turns that solve the projection.
    #[test]
    fn entries_are_the_distances_of_the_projection() {
        let ix = SolveIndex::new();
        let t = PairTable::build(&ix);
        assert!(
            t.bytes().iter().all(|&d| d != u8::MAX),
            "every entry is reached"
        );
        let r = ranks();
        let key = |arr: Arrangement, middle: u8, frame: usize| {
            entry(
                corner_coord(r, arr),
                pair_rank(r, arr as u64),
                middle,
                frame,
            )
        };
        let moves: Vec<_> = ix.cube_moves.iter().collect();
        let mut rng = Rng::new(3);
        let (mut arr, mut middle, mut frame) = (ix.solved[0].0, 0u8, 0usize);
        let mut max_seen = 0;
        for _ in 0..3000 {
            let odd = |a: Arrangement| is_odd(&a.to_le_bytes()[8..]) as u8;
            let h = t.get_framed(arr, odd(arr), middle, frame);
            let mut best = u32::MAX;
            for &(s, turn) in &ix.solved {
                if key(s, 0, frame) == key(arr, middle, frame) {
                    best = best.min(frame_turn_cost(frame, turn) as u32);
                }
            }
            for m in &moves {
                let to = FRAMES.iter().position(|&f| f == m.canon).unwrap();
                let a2 = shuffle(arr, &m.shuffle);
                let child = t.get_framed(a2, odd(a2), middle ^ 1, to);
                best = best.min(frame_turn_cost(frame, m.turn) as u32 + 1 + child);
            }
            assert_eq!(h, best);
            max_seen = max_seen.max(h);
            let m = moves[rng.below(moves.len() as u64) as usize];
            arr = shuffle(arr, &m.shuffle);
            middle ^= 1;
            frame = FRAMES.iter().position(|&f| f == m.canon).unwrap();
        }
        // Random cube-shape positions are far from solved (about 18 here on average).
        assert!(max_seen >= 18, "{max_seen}");
    }
}
