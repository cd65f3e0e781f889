//! The tables with edge flips, `h1` and up: entry (class, edge separation, flips of `n`
//! positions), all in the frame of the corner-class representative, filled from the
//! breadth-first search over the full cosets (see `cosets.rs`).
//!
//! An entry's distance is the smallest distance of the cosets that project onto it. Levels
//! are marked in increasing order, so the first mark of an entry is its distance: code 0
//! (and the line's minimum) up to the base, then codes 1 and 2 on entries still unmarked, and
//! code 3 ("at least base + 3") is what is left. The levels up to [`stored`] are kept as
//! sorted keys; the levels after it are the descendants of the last stored one, marked
//! without being stored (a descendant already at a lower level was marked before and keeps
//! its code).

use std::sync::atomic::{AtomicU8, Ordering};

use rayon::prelude::*;

use super::coord::{CLASSES, EDGE_SEPS};
use super::cosets::{Coset, Level, Space};
use super::sym::{MOVES, symmetries};
use super::table::{LINE_BYTES, PER_LINE, slot};

/// The deepest level kept as keys for the table with `n` flips (level 8: 6.2 million keys,
/// 25 MB; level 9: 79 million, 317 MB). The levels after it are marked depth first (see
/// [`fill`]). From `h4` on, a file of 475 MB and more leaves room for level 9 within twice the
/// file's size, and marking level 10 as the children of level 9 is faster there than as the
/// grandchildren of level 8: the grandchildren of a run of cosets of one class spread over a
/// class block per pair of moves, each visited with few marks, where the children of level 9
/// (23,000 cosets per class on average) come back to the same 18 blocks, which stay in cache.
pub fn stored(n: u32) -> u8 {
    if n >= 4 { 9 } else { 8 }
}

/// The order in which positions give their flips to the entry: one from each slice in turn.
pub const FLIP_ORDER: [u8; 11] = [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7];

pub fn entries(n: u32) -> usize {
    (CLASSES * EDGE_SEPS) << n
}

pub fn lines(n: u32) -> usize {
    entries(n).div_ceil(PER_LINE)
}

/// The first `n` flips of [`FLIP_ORDER`] packed, through the two 6-bit halves of the flips.
#[derive(Clone, Copy)]
pub struct Pick {
    low: [u8; 64],
    high: [u8; 64],
}

impl Pick {
    pub fn new(n: u32) -> Pick {
        let pack = |eo: u32| {
            FLIP_ORDER[..n as usize]
                .iter()
                .enumerate()
                .fold(0u8, |a, (bit, &p)| a | ((eo >> p & 1) as u8) << bit)
        };
        Pick {
            low: std::array::from_fn(|b| pack(b as u32)),
            high: std::array::from_fn(|b| pack((b as u32) << 6)),
        }
    }

    #[inline(always)]
    pub fn get(&self, eo: u32) -> u32 {
        (self.low[(eo & 63) as usize] | self.high[(eo >> 6 & 63) as usize]) as u32
    }
}

/// The entry of a coset in its representative's frame.
#[inline(always)]
pub fn index(c: &Coset, n: u32, pick: &Pick) -> usize {
    ((c.class as usize * EDGE_SEPS + c.edge_sep() as usize) << n) | pick.get(c.eo) as usize
}

struct Marks<'a> {
    cells: &'a [AtomicU8],
    low: &'a [AtomicU8],
    base: u8,
    n: u32,
    pick: Pick,
}

impl Marks<'_> {
    /// Marks every stabilizer image of `c` at distance `d`; returns how many entries this
    /// reached first.
    #[inline(always)]
    fn mark(&self, space: &Space, c: &Coset, d: u8) -> u64 {
        let mut first = 0;
        space.images(c, |image| {
            let i = index(image, self.n, &self.pick);
            let (b, shift) = slot(i);
            let cell = &self.cells[b];
            if d <= self.base {
                let old = cell.fetch_and(!(3 << shift), Ordering::Relaxed);
                first += (old >> shift & 3 == 3) as u64;
                self.low[i / PER_LINE].fetch_min(d, Ordering::Relaxed);
            } else {
                let code = d - self.base;
                let mut old = cell.load(Ordering::Relaxed);
                while old >> shift & 3 == 3 {
                    let new = old & !(3 << shift) | code << shift;
                    match cell.compare_exchange_weak(old, new, Ordering::Relaxed, Ordering::Relaxed)
                    {
                        Ok(_) => {
                            first += 1;
                            break;
                        }
                        Err(now) => old = now,
                    }
                }
            }
        });
        first
    }
}

const NO_FACE: u8 = 6;

/// Slabs of a depth-first level, for its progress reports.
const SLABS: usize = 100;

/// Most keys of one class taken together by [`descend`].
const RUN: usize = 4096;

/// Marks at distance `d` the cosets `depth` moves below `run`, cosets of one class in its
/// representative's frame, and returns how many entries this reached first. Move sequences
/// that turn one face twice in a row, or two opposite faces out of order, reach nothing new
/// and are skipped; `last` is the face of the move that reached the run and `back` maps its
/// frame to that move's (the order of two opposite faces is only kept by taking both in one
/// frame). A class's children under a move all lie in one class, reached by one symmetry, so
/// the run goes down move by move together: each step marks or reads one class's block of the
/// table at a time, which stays in cache, where one coset at a time would spread its marks
/// over 18^depth blocks. Only the children `keep` accepts are gone down from (the marks of
/// the last step are all made).
#[allow(clippy::too_many_arguments)]
fn descend(
    space: &Space,
    marks: &Marks,
    run: &[Coset],
    last: u8,
    back: usize,
    depth: u8,
    d: u8,
    keep: &dyn Fn(&Coset) -> bool,
) -> u64 {
    let sy = symmetries();
    let mut reached = 0;
    let mut children = Vec::with_capacity(if depth > 1 { run.len() } else { 0 });
    for m in 0..MOVES {
        if last != NO_FACE {
            let f = sy.move_image[back][m] / 3;
            if f == last || (f / 2 == last / 2 && f < last) {
                continue;
            }
        }
        if depth == 1 {
            for c in run {
                reached += marks.mark(space, &space.child(c, m), d);
            }
        } else {
            children.clear();
            let mut t = 0;
            for c in run {
                let (child, frame) = space.child_frame(c, m);
                if keep(&child) {
                    children.push(child);
                }
                t = frame;
            }
            let back = sy.inverse[t] as usize;
            let next = (m / 3) as u8;
            reached += descend(space, marks, &children, next, back, depth - 1, d, &|_| true);
        }
    }
    reached
}

/// Fills `out` (the table's lines, `lines(n) * 64` bytes) for `n` flips over `base`, keeping
/// the levels up to `stored` and reaching the rest (up to `base + 2`) depth first.
/// `level(d, count, complete)` is told the count of entries first reached at distance `d`, when
/// the level is complete and, for the depth-first levels, after each slab of their work too;
/// it returns false to stop, as does `stop` (checked between chunks of work); then `None`.
/// Returns the entries per distance, the last one counting every entry not reached before it.
pub fn fill(
    space: &Space,
    n: u32,
    base: u8,
    stored: u8,
    out: &mut [u8],
    level: &mut dyn FnMut(u8, u64, bool) -> bool,
    stop: &(dyn Fn() -> bool + Sync),
) -> Option<Vec<u64>> {
    assert!((1..=11).contains(&n));
    assert_eq!(out.len(), lines(n) * LINE_BYTES);
    out.par_chunks_mut(1 << 20).for_each(|c| c.fill(0xff));
    let low: Vec<AtomicU8> = (0..lines(n)).map(|_| AtomicU8::new(base)).collect();
    // SAFETY: AtomicU8 has the layout of u8; `out` is borrowed for the marking only.
    let cells: &[AtomicU8] =
        unsafe { std::slice::from_raw_parts(out.as_mut_ptr() as *const AtomicU8, out.len()) };
    let marks = Marks {
        cells,
        low: &low,
        base,
        n,
        pick: Pick::new(n),
    };
    let last = base + 2;
    let mut counts = vec![0u64; last as usize + 2];
    let mut before = Level::of(&[]);
    let mut keys = Level::of(&[space.solved()]);
    // The runs of `keys` marked at distance `d`, themselves (depth 0) or `depth` moves down.
    type Runs = [(usize, std::ops::Range<usize>)];
    let mark_runs = |keys: &Level, before: &Level, runs: &Runs, depth: u8, d: u8| {
        runs.par_iter()
            .map(|run| {
                if stop() {
                    return 0;
                }
                let cosets: Vec<Coset> = keys.run_keys(run).map(|k| space.decode(k).1).collect();
                if depth == 0 {
                    cosets.iter().map(|c| marks.mark(space, c, d)).sum()
                } else {
                    // A child of the last stored level that is no deeper than that level has
                    // every descendant marked already at its own distance or before: only the
                    // children one level deeper are gone down from (about a fifth fewer).
                    let deeper = |c: &Coset| {
                        let key = space.key(c);
                        !keys.contains(key) && !before.contains(key)
                    };
                    descend(space, &marks, &cosets, NO_FACE, 0, depth, d, &deeper)
                }
            })
            .sum::<u64>()
    };
    for d in 0..=last.min(stored) {
        let reached = mark_runs(&keys, &before, &keys.runs(RUN), 0, d);
        if stop() {
            return None;
        }
        counts[d as usize] = reached;
        if !level(d, reached, true) {
            return None;
        }
        if d < last.min(stored) {
            let next = space.next_level(&before, &keys, stop)?;
            before = std::mem::replace(&mut keys, next);
        }
    }
    // The levels beyond the stored ones: the descendants of the last stored level, one pass
    // per level so that levels are still marked in increasing order. A pass is long (one level
    // deeper is about 13 times the work), so it goes in slabs, told as they finish.
    let runs = keys.runs(RUN);
    for d in stored + 1..=last {
        let depth = d - stored;
        let mut reached = 0u64;
        let slabs = runs.chunks(runs.len().div_ceil(SLABS).max(1));
        let count = slabs.len();
        for (i, slab) in slabs.enumerate() {
            reached += mark_runs(&keys, &before, slab, depth, d);
            if stop() || !level(d, reached, i + 1 == count) {
                return None;
            }
        }
        counts[d as usize] = reached;
    }
    drop(keys);
    drop(before);
    let total = entries(n) as u64;
    counts[last as usize + 1] = total - counts.iter().sum::<u64>();
    // The line minima go in the top nibble of each line's last byte.
    out.par_chunks_mut(LINE_BYTES)
        .zip(low.par_iter())
        .for_each(|(line, low)| {
            let b = &mut line[LINE_BYTES - 1];
            *b = (*b & 0x0f) | low.load(Ordering::Relaxed) << 4;
        });
    Some(counts)
}
