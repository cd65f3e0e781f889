//! The pruning table: exact distances to the target subgroup over (corner class, edge
//! separation), found breadth-first, stored in 2 bits per entry over a base with each cache
//! line's minimum as the fallback.
//!
//! **Layout.** 64-byte lines of [`PER_LINE`] entries; entry `j` of line `l` is table index
//! `254 l + j`, in bits `2j..2j+2` of the line. Code 1..3 means distance `base + code` (3: at
//! least `base + 3`); code 0 means "at most `base`", and then the line's own 4-bit value in the
//! top nibble of its last byte is used: the smallest distance among the line's code-0 entries.
//! A lookup therefore touches one cache line whatever the code.

use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

use rayon::prelude::*;

use super::coord::{CLASS_BITS, CLASSES, EDGE_SEPS, SYM_SHIFT, corner_state, edge_sep};
use super::sym::MOVES;
use crate::cube3::geometry::Perm;

pub const ENTRIES: usize = CLASSES * EDGE_SEPS;
pub const PER_LINE: usize = 254;
pub const LINE_BYTES: usize = 64;
pub const LINES: usize = ENTRIES.div_ceil(PER_LINE);
const UNSEEN: u8 = u8::MAX;

/// The inputs of the breadth-first search (see `coord.rs`).
pub struct Graph<'a> {
    pub class_of: &'a [u32],
    pub reps: &'a [u32],
    pub corner_move: &'a [u32],
    pub edge_move: &'a [u16],
    pub edge_conj: &'a [u16],
    pub stabilizers: &'a [Vec<usize>],
}

/// Exact distances of every entry, one byte each; `level(d, count)` is told after each level
/// and returns false to stop (then `None`), as does `stop()`, polled by each class of a sweep
/// (a sweep takes seconds: a cancellation waits for no level's end).
pub fn distances(
    g: &Graph,
    level: &mut dyn FnMut(u8, u64) -> bool,
    cancelled: &(dyn Fn() -> bool + Sync),
) -> Option<Vec<u8>> {
    let mut dist = vec![UNSEEN; ENTRIES];
    let solved = g.class_of[corner_state(&Perm::IDENTITY) as usize];
    let start = (solved & ((1 << CLASS_BITS) - 1)) as usize * EDGE_SEPS
        + edge_sep(&Perm::IDENTITY) as usize;
    dist[start] = 0;
    // Where each class goes under each move: (class, symmetry) of the representative's child.
    let targets: Vec<[(u32, u32); MOVES]> = (0..CLASSES)
        .map(|k| {
            std::array::from_fn(|m| {
                let e = g.class_of[g.corner_move[g.reps[k] as usize * MOVES + m] as usize];
                (e & ((1 << CLASS_BITS) - 1), e >> SYM_SHIFT & 63)
            })
        })
        .collect();
    // A node's images under its representative's stabilizer are the same positions seen
    // another way, so every one of them gets the node's distance at once.
    let stabilizers = g.stabilizers;
    let stop = AtomicBool::new(false);
    let mut seen = 1u64;
    let mut count = 1u64;
    if !level(0, 1) {
        return None;
    }
    let mut d = 0u8;
    while count > 0 && seen < ENTRIES as u64 {
        let unseen = ENTRIES as u64 - seen;
        let backward = count * 8 > unseen;
        {
            // SAFETY: AtomicU8 has the layout of u8; the slice is borrowed for this sweep only.
            let cells: &[AtomicU8] = unsafe {
                std::slice::from_raw_parts(dist.as_mut_ptr() as *const AtomicU8, dist.len())
            };
            (0..CLASSES).into_par_iter().for_each(|k| {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                if cancelled() {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
                let block = &cells[k * EDGE_SEPS..(k + 1) * EDGE_SEPS];
                let child = |e: usize, m: usize| {
                    let (k2, s) = targets[k][m];
                    let e2 = g.edge_conj
                        [s as usize * EDGE_SEPS + g.edge_move[e * MOVES + m] as usize]
                        as usize;
                    (k2 as usize, e2)
                };
                let set = |k2: usize, e2: usize| {
                    cells[k2 * EDGE_SEPS + e2].store(d + 1, Ordering::Relaxed);
                    for &t in &stabilizers[k2] {
                        let image = g.edge_conj[t * EDGE_SEPS + e2] as usize;
                        cells[k2 * EDGE_SEPS + image].store(d + 1, Ordering::Relaxed);
                    }
                };
                let at =
                    |(k2, e2): (usize, usize)| cells[k2 * EDGE_SEPS + e2].load(Ordering::Relaxed);
                if backward {
                    for (e, cell) in block.iter().enumerate() {
                        if cell.load(Ordering::Relaxed) == UNSEEN
                            && (0..MOVES).any(|m| at(child(e, m)) == d)
                        {
                            set(k, e);
                        }
                    }
                } else {
                    for m in 0..MOVES {
                        for (e, cell) in block.iter().enumerate() {
                            if cell.load(Ordering::Relaxed) == d {
                                let c = child(e, m);
                                if at(c) == UNSEEN {
                                    set(c.0, c.1);
                                }
                            }
                        }
                    }
                }
            });
        }
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        d += 1;
        count = dist.par_iter().filter(|&&x| x == d).count() as u64;
        seen += count;
        if !level(d, count) {
            stop.store(true, Ordering::Relaxed);
            return None;
        }
    }
    Some(dist)
}

/// The 2-bit table of `dist` over `base`.
pub fn pack(dist: &[u8], base: u8, out: &mut [u8]) {
    assert_eq!(out.len(), LINES * LINE_BYTES);
    out.par_chunks_mut(LINE_BYTES)
        .enumerate()
        .for_each(|(l, line)| {
            line.fill(0);
            let mut low = base;
            for j in 0..PER_LINE {
                let Some(&v) = dist.get(l * PER_LINE + j) else {
                    break;
                };
                let code = if v <= base {
                    low = low.min(v);
                    0
                } else {
                    (v - base).min(3)
                };
                line[j / 4] |= code << (2 * (j % 4));
            }
            line[LINE_BYTES - 1] |= low << 4;
        });
}

/// The lower bound the table gives for entry `i`.
#[inline(always)]
pub fn lookup(lines: &[u8], base: u32, i: usize) -> u32 {
    let (l, j) = (i / PER_LINE, i % PER_LINE);
    let line = &lines[l * LINE_BYTES..(l + 1) * LINE_BYTES];
    let code = (line[j / 4] >> (2 * (j % 4)) & 3) as u32;
    if code != 0 {
        base + code
    } else {
        (line[LINE_BYTES - 1] >> 4) as u32
    }
}

/// Byte of the line holding entry `i` (to prefetch it).
#[inline(always)]
pub fn line_of(i: usize) -> usize {
    i / PER_LINE * LINE_BYTES
}
