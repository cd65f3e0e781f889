//! The tables with edge flips, `h1` and up: entry (class, edge separation, flips of `n`
//! positions), all in the frame of the corner-class representative, filled from the
//! breadth-first search over the full cosets (see `cosets.rs`).
//!
//! An entry's distance is the smallest distance of the cosets that project onto it: code 0
//! (and the line's minimum) up to the base, codes 1 and 2 for base + 1 and base + 2, code 3
//! ("at least base + 3") for what is left. A mark only lowers an entry's code, so levels may be
//! marked in any order. The levels up to [`STORED`] are kept as sorted keys and marked in
//! turn; the next level is made a pass at a time, each pass marked with its descendants.

use std::sync::atomic::{AtomicU8, Ordering};

use rayon::prelude::*;

use super::coord::{CLASSES, EDGE_SEPS};
use super::cosets::{Coset, Level, Space};
use super::sym::{MOVES, symmetries};
use super::table::{LINE_BYTES, PER_LINE, slot};

/// The deepest level kept whole as keys, at every size (level 8: 6.2 million keys, 25 MB).
/// Level 9 (79 million keys, 317 MB whole) is made in passes over ranges of classes, and each
/// pass is marked with its children, level 10, while it is held (see [`fill`]).
pub const STORED: u8 = 8;

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

/// Entries marked at each code, less those a lower code took from them since (a mark only
/// ever lowers an entry's code, so the codes of levels marked together can be counted).
#[derive(Clone, Copy, Default)]
struct Tally([i64; 3]);

impl Tally {
    fn plus(self, o: Tally) -> Tally {
        Tally(std::array::from_fn(|c| self.0[c] + o.0[c]))
    }

    fn sum(&self) -> u64 {
        self.0.iter().sum::<i64>() as u64
    }
}

struct Marks<'a> {
    cells: &'a [AtomicU8],
    low: &'a [AtomicU8],
    base: u8,
    n: u32,
    pick: Pick,
}

impl Marks<'_> {
    /// The code of distance `d`: 0 up to the base, then one more a level.
    fn code(&self, d: u8) -> u8 {
        d.saturating_sub(self.base)
    }

    /// Marks every stabilizer image of `c` at distance `d`: an entry takes the code of `d`
    /// where its own is higher, so the marks of a level may come before or after those of the
    /// levels below it; the entries whose code changed go to `tally`.
    #[inline(always)]
    fn mark(&self, space: &Space, c: &Coset, d: u8, tally: &mut Tally) {
        let code = self.code(d);
        space.images(c, |image| {
            let i = index(image, self.n, &self.pick);
            let (b, shift) = slot(i);
            let cell = &self.cells[b];
            if d <= self.base {
                self.low[i / PER_LINE].fetch_min(d, Ordering::Relaxed);
            }
            let mut old = cell.load(Ordering::Relaxed);
            loop {
                let was = old >> shift & 3;
                if was <= code {
                    break;
                }
                let new = old & !(3 << shift) | code << shift;
                match cell.compare_exchange_weak(old, new, Ordering::Relaxed, Ordering::Relaxed) {
                    Ok(_) => {
                        tally.0[code as usize] += 1;
                        if was != 3 {
                            tally.0[was as usize] -= 1;
                        }
                        break;
                    }
                    Err(now) => old = now,
                }
            }
        });
    }
}

const NO_FACE: u8 = 6;

/// Progress reports while the levels after the stored ones are marked.
const SLABS: usize = 100;

/// Most keys of one class taken together by [`descend`].
const RUN: usize = 4096;

/// About how many children each pass of the first level after the stored ones makes (its keys,
/// 8 bytes each, are held while they and their descendants are marked: about 2 MB).
const PASS_CHILDREN: usize = 1 << 18;

/// Marks the cosets `depth` moves below `run`, cosets of one class in its representative's
/// frame: the children at distance `d`, theirs at `d + 1`, and so on. Move sequences that turn
/// one face twice in a row, or two opposite faces out of order, reach nothing new and are
/// skipped; `last` is the face of the move that reached the run and `back` maps its frame to
/// that move's (the order of two opposite faces is only kept by taking both in one frame). A
/// class's children under a move all lie in one class, reached by one symmetry, so the run goes
/// down move by move together: each step marks one class's block of the table at a time, which
/// stays in cache, where one coset at a time would spread its marks over 18^depth blocks.
#[allow(clippy::too_many_arguments)]
fn descend(
    space: &Space,
    marks: &Marks,
    run: &[Coset],
    last: u8,
    back: usize,
    depth: u8,
    d: u8,
    tally: &mut Tally,
) {
    let sy = symmetries();
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
                marks.mark(space, &space.child(c, m), d, tally);
            }
        } else {
            children.clear();
            let mut t = 0;
            for c in run {
                let (child, frame) = space.child_frame(c, m);
                marks.mark(space, &child, d, tally);
                children.push(child);
                t = frame;
            }
            let back = sy.inverse[t] as usize;
            let next = (m / 3) as u8;
            descend(space, marks, &children, next, back, depth - 1, d + 1, tally);
        }
    }
}

/// Fills `out` (the table's lines, `lines(n) * 64` bytes) for `n` flips over `base`: the levels
/// up to `stored` are kept whole and marked in turn; the next level is made in passes over
/// ranges of classes, never whole, and each pass is marked together with its descendants down
/// to `base + 2`, the last level the codes tell apart (`stored` is at least `base - 1`, so that
/// the levels marked together have codes of their own).
/// `level(d, count, complete)` is told the count of entries first reached at distance `d` when
/// the level is complete, and while the levels after the stored ones go, the first of them's
/// count so far (the entries of the levels below it are told once all are marked, since a
/// later mark may take one of theirs to a lower level); it returns false to stop, as does
/// `stop` (checked between chunks of work); then `None`.
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
    assert!(
        stored + 1 >= base,
        "levels marked together would share code 0"
    );
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
    let kept = last.min(stored);
    let mut counts = vec![0u64; last as usize + 2];
    let mut before = Level::of(&[]);
    let mut keys = Level::of(&[space.solved()]);
    // The runs of `keys` marked at distance `d`, and their descendants `below` levels down.
    let mark_runs = |keys: &Level, d: u8, below: u8| {
        keys.runs(RUN)
            .par_iter()
            .map(|run| {
                let mut tally = Tally::default();
                if stop() {
                    return tally;
                }
                let cosets: Vec<Coset> = keys.run_keys(run).map(|k| space.decode(k).1).collect();
                for c in &cosets {
                    marks.mark(space, c, d, &mut tally);
                }
                if below > 0 {
                    descend(space, &marks, &cosets, NO_FACE, 0, below, d + 1, &mut tally);
                }
                tally
            })
            .reduce(Tally::default, Tally::plus)
    };
    for d in 0..=kept {
        let reached = mark_runs(&keys, d, 0).sum();
        if stop() {
            return None;
        }
        counts[d as usize] = reached;
        if !level(d, reached, true) {
            return None;
        }
        if d < kept {
            let next = space.next_level(&before, &keys, stop)?;
            before = std::mem::replace(&mut keys, next);
        }
    }
    if kept < last {
        // The level after the stored ones, a pass at a time, with the levels below it: one
        // level deeper is about 13 times the work, and each pass's runs go down together.
        let first = kept + 1;
        let mut tally = Tally::default();
        let mut told = 0;
        space.next_level_passes(
            &before,
            &keys,
            PASS_CHILDREN,
            stop,
            &mut |pass, (p, passes)| {
                tally = tally.plus(mark_runs(&Level::of(&pass), first, last - first));
                let slab = (p + 1) * SLABS / passes;
                if slab > told {
                    told = slab;
                    if !level(first, tally.0[marks.code(first) as usize] as u64, false) {
                        return false;
                    }
                }
                !stop()
            },
        )?;
        for d in first..=last {
            let reached = tally.0[marks.code(d) as usize];
            debug_assert!(reached >= 0);
            counts[d as usize] = reached as u64;
            if !level(d, reached as u64, true) {
                return None;
            }
        }
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
