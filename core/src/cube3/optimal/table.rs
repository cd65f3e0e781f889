//! The pruning table: exact distances to the target subgroup over (corner class, edge
//! separation), found breadth-first, stored in 2 bits per entry over a base with each cache
//! line's minimum as the fallback.
//!
//! **Layout.** 64-byte lines of [`PER_LINE`] entries; entry `j` of line `l` is table index
//! `254 l + j`, in bits `2j..2j+2` of the line. Code 1..3 means distance `base + code` (3: at
//! least `base + 3`); code 0 means "at most `base`", and then the line's own 4-bit value in the
//! top nibble of its last byte is used: the smallest distance among the line's code-0 entries.
//! A lookup therefore touches one cache line whatever the code.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

use rayon::prelude::*;

use super::coord::{CLASS_BITS, CLASSES, EDGE_SEPS, SYM_SHIFT, corner_state, edge_sep};
use super::sym::MOVES;
use crate::cube3::geometry::Perm;

pub const ENTRIES: usize = CLASSES * EDGE_SEPS;
pub const PER_LINE: usize = 254;
pub const LINE_BYTES: usize = 64;
pub const LINES: usize = ENTRIES.div_ceil(PER_LINE);
/// The code of an entry no level has reached (and, in the end, of "at least base + 3").
const UNSEEN: u8 = 3;

/// The corner state after each face move from each class representative,
/// `rep_move[class * 18 + m]`: all the builds need of the full move table (11 MB), which
/// can then be dropped before the tables are allocated.
pub fn rep_moves(corner_move: &[u32], reps: &[u32]) -> Vec<u32> {
    reps.iter()
        .flat_map(|&r| &corner_move[r as usize * MOVES..(r as usize + 1) * MOVES])
        .copied()
        .collect()
}

/// The inputs of the breadth-first search (see `coord.rs`).
pub struct Graph<'a> {
    pub class_of: &'a [u32],
    /// See [`rep_moves`].
    pub rep_move: &'a [u32],
    pub edge_move: &'a [u16],
    pub edge_conj: &'a [u16],
    pub stabilizers: &'a [Vec<usize>],
}

/// Entry `i`'s byte in the lines and the shift of its 2 bits there.
#[inline(always)]
pub fn slot(i: usize) -> (usize, u32) {
    let (l, j) = (i / PER_LINE, i % PER_LINE);
    (l * LINE_BYTES + j / 4, 2 * (j % 4) as u32)
}

/// Calls `f` with every entry in `range` whose code is `code`, a byte (four entries) at a time.
#[inline(always)]
fn each_coded(cells: &[AtomicU8], range: Range<usize>, code: u8, mut f: impl FnMut(usize)) {
    let pattern = code as u32 * 0x55;
    let mut i = range.start;
    while i < range.end {
        let (b, shift) = slot(i);
        let j = i % PER_LINE;
        let here = (4 - j % 4).min(PER_LINE - j).min(range.end - i);
        let x = (cells[b].load(Ordering::Relaxed) as u32 >> shift) ^ pattern;
        let mut hits = !(x | x >> 1) & 0x55 & ((1 << (2 * here)) - 1);
        while hits != 0 {
            f(i + hits.trailing_zeros() as usize / 2);
            hits &= hits - 1;
        }
        i += here;
    }
}

/// Builds the table over `base` into `out` (its lines, [`LINES`] * 64 bytes), breadth-first in
/// the lines themselves; returns the entries at each distance. `level(d, count)` is told after
/// each level and returns false to stop (then `None`), as does `stop()`, polled by each class
/// of a sweep (a sweep takes seconds: a cancellation waits for no level's end).
///
/// While a search runs an entry's code is its distance `d` modulo 3 (as `d - base`), or
/// [`UNSEEN`]: the level being expanded and the one being found always have codes of their
/// own, and an older entry that shares the current level's code is three levels closer, so
/// every child of it is already seen and it adds nothing. The codes need no more than which
/// entries are at `base + 1` and `base + 2`, but the distribution needs every level counted.
/// So the search runs twice: once to the end, for the counts, and once more up to
/// `base + 2` (the cheap levels: their frontiers are small), where every entry seen gets code
/// 0 once level `base` is complete, so that the next two levels get their final codes 1 and 2.
/// Each line's minimum is kept on the side as entries up to the base are found.
pub fn fill(
    g: &Graph,
    base: u8,
    out: &mut [u8],
    level: &mut dyn FnMut(u8, u64) -> bool,
    cancelled: &(dyn Fn() -> bool + Sync),
) -> Option<Vec<u64>> {
    assert_eq!(out.len(), LINES * LINE_BYTES);
    // Where each class goes under each move: (class, symmetry) of the representative's child.
    let targets: Vec<[(u32, u32); MOVES]> = (0..CLASSES)
        .map(|k| {
            std::array::from_fn(|m| {
                let e = g.class_of[g.rep_move[k * MOVES + m] as usize];
                (e & ((1 << CLASS_BITS) - 1), e >> SYM_SHIFT & 63)
            })
        })
        .collect();
    let low: Vec<AtomicU8> = (0..LINES).map(|_| AtomicU8::new(base)).collect();
    let mut counts = search(g, &targets, base, u8::MAX, out, &low, level, cancelled)?;
    search(
        g,
        &targets,
        base,
        base + 2,
        out,
        &low,
        &mut |_, _| true,
        cancelled,
    )?;
    // The last line's entries past the table read code 0, and each line's minimum goes in the
    // top nibble of its last byte.
    for j in ENTRIES - (LINES - 1) * PER_LINE..PER_LINE {
        out[(LINES - 1) * LINE_BYTES + j / 4] &= !(3 << (2 * (j % 4)));
    }
    out.par_chunks_mut(LINE_BYTES)
        .zip(low.par_iter())
        .for_each(|(line, low)| {
            let b = &mut line[LINE_BYTES - 1];
            *b = (*b & 0x0f) | low.load(Ordering::Relaxed) << 4;
        });
    while counts.len() > 1 && counts.last() == Some(&0) {
        counts.pop();
    }
    Some(counts)
}

/// One breadth-first search from the solved entry in `out`, up to distance `last` or the end
/// (see [`fill`]), lowering the line minima in `low`; returns the entries at each distance.
#[allow(clippy::too_many_arguments)]
fn search(
    g: &Graph,
    targets: &[[(u32, u32); MOVES]],
    base: u8,
    last: u8,
    out: &mut [u8],
    low: &[AtomicU8],
    level: &mut dyn FnMut(u8, u64) -> bool,
    cancelled: &(dyn Fn() -> bool + Sync),
) -> Option<Vec<u64>> {
    out.par_chunks_mut(1 << 20).for_each(|c| c.fill(0xff));
    let code = |d: u8| (d as i32 - base as i32).rem_euclid(3) as u8;
    let solved = g.class_of[corner_state(&Perm::IDENTITY) as usize];
    let start = (solved & ((1 << CLASS_BITS) - 1)) as usize * EDGE_SEPS
        + edge_sep(&Perm::IDENTITY) as usize;
    let (b, shift) = slot(start);
    out[b] &= !((UNSEEN ^ code(0)) << shift);
    low[start / PER_LINE].store(0, Ordering::Relaxed);
    let stop = AtomicBool::new(false);
    let mut counts = vec![1u64];
    let mut seen = 1u64;
    if !level(0, 1) {
        return None;
    }
    let mut d = 0u8;
    while d < last && counts[d as usize] > 0 && seen < ENTRIES as u64 {
        if d == base {
            settle(out);
        }
        let unseen = ENTRIES as u64 - seen;
        let backward = counts[d as usize] * 8 > unseen;
        let (now, next) = (code(d), code(d + 1));
        // SAFETY: AtomicU8 has the layout of u8; the slice is borrowed for this sweep only.
        let cells: &[AtomicU8] =
            unsafe { std::slice::from_raw_parts(out.as_mut_ptr() as *const AtomicU8, out.len()) };
        // Sets entry `i` to the next level if unseen; 1 if it was.
        let put = |i: usize| {
            let (b, shift) = slot(i);
            let old = cells[b].fetch_and(!((UNSEEN ^ next) << shift), Ordering::Relaxed);
            let first = old >> shift & 3 == UNSEEN;
            if first && d < base {
                low[i / PER_LINE].fetch_min(d + 1, Ordering::Relaxed);
            }
            first as u64
        };
        // A node's images under its representative's stabilizer are the same positions seen
        // another way, so every one of them gets the node's distance at once.
        let set = |k2: usize, e2: usize| {
            let mut n = put(k2 * EDGE_SEPS + e2);
            for &t in &g.stabilizers[k2] {
                n += put(k2 * EDGE_SEPS + g.edge_conj[t * EDGE_SEPS + e2] as usize);
            }
            n
        };
        let at = |k2: usize, e2: usize| {
            let (b, shift) = slot(k2 * EDGE_SEPS + e2);
            cells[b].load(Ordering::Relaxed) >> shift & 3
        };
        let found: u64 = (0..CLASSES)
            .into_par_iter()
            .map(|k| {
                if stop.load(Ordering::Relaxed) {
                    return 0;
                }
                if cancelled() {
                    stop.store(true, Ordering::Relaxed);
                    return 0;
                }
                let child = |e: usize, m: usize| {
                    let (k2, s) = targets[k][m];
                    let e2 = g.edge_conj
                        [s as usize * EDGE_SEPS + g.edge_move[e * MOVES + m] as usize]
                        as usize;
                    (k2 as usize, e2)
                };
                let block = k * EDGE_SEPS..(k + 1) * EDGE_SEPS;
                let mut n = 0;
                if backward {
                    each_coded(cells, block, UNSEEN, |i| {
                        let e = i - k * EDGE_SEPS;
                        if (0..MOVES).any(|m| {
                            let (k2, e2) = child(e, m);
                            at(k2, e2) == now
                        }) {
                            n += set(k, e);
                        }
                    });
                } else {
                    // For a class and a move every child lies in one class: move by move, the
                    // block written to stays in cache.
                    let mut front = Vec::new();
                    each_coded(cells, block, now, |i| {
                        front.push((i - k * EDGE_SEPS) as u16)
                    });
                    for m in 0..MOVES {
                        for &e in &front {
                            let (k2, e2) = child(e as usize, m);
                            if at(k2, e2) == UNSEEN {
                                n += set(k2, e2);
                            }
                        }
                    }
                }
                n
            })
            .sum();
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        d += 1;
        counts.push(found);
        seen += found;
        if !level(d, found) {
            return None;
        }
    }
    if d <= base {
        settle(out);
    }
    Some(counts)
}

/// Every entry seen gets code 0 ("at most base"); unseen ones keep code 3.
fn settle(out: &mut [u8]) {
    out.par_chunks_mut(1 << 16).for_each(|chunk| {
        for b in chunk {
            let unseen = *b & *b >> 1 & 0x55;
            *b = unseen | unseen << 1;
        }
    });
}

/// The lower bound the table gives for entry `i`.
#[inline(always)]
pub fn lookup(lines: &[u8], base: u32, i: usize) -> u32 {
    lookup_place(lines, base, place(i))
}

/// Entry `i`'s place: its 2 bits counted over whole lines (`256 l + j`), so that a lookup
/// needs no division (the search computes it once, with the line's prefetch).
#[inline(always)]
pub fn place(i: usize) -> usize {
    i + (LINE_BYTES * 4 - PER_LINE) * (i / PER_LINE)
}

/// [`lookup`] by the entry's [`place`].
#[inline(always)]
pub fn lookup_place(lines: &[u8], base: u32, p: usize) -> u32 {
    let code = (lines[p >> 2] >> (2 * (p & 3)) & 3) as u32;
    if code != 0 {
        base + code
    } else {
        // The line's last byte: its minimum in the top nibble.
        (lines[p >> 2 | (LINE_BYTES - 1)] >> 4) as u32
    }
}
