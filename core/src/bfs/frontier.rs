//! Breadth-first search of an undirected graph by sorted frontier lists: the first depths of a
//! table far too big for a dense slice (the six-colour Square-1's twist-metric table would take
//! 218 GB at 4 bits per class).
//!
//! Each rank holds the cells it owns ([`Partition`]) of the last two depths as sorted lists.
//! Since every move can be undone, depth d + 1 is the successors of depth d minus depths d and
//! d - 1. Per depth, each rank expands its list in rounds of at most [`Options::round_cells`]
//! cells, buckets the successors per owner (sorted, without duplicates), exchanges them
//! ([`Transport::exchange`]), and keeps those it receives that are in neither of its two lists
//! nor already found; the ranks then sum the depth's count ([`Transport::sum`]).
//!
//! Memory per rank: 8 bytes per cell of the two lists it holds, and while a depth is found, up to
//! 16 bytes per cell of the new one (found cells are kept as a sorted part and an unsorted tail
//! no longer than it, merged by sorting in place), plus a round's successor batches: about
//! 3 * 8 bytes per successor of `round_cells` cells (the batches per worker, per owner, and
//! received).
//!
//! Depths count from 0 (the start); a [`LevelReport`]'s `level` is the depth here.
//!
//! With [`Options::checkpoint`], every rank saves its lists and the counts after each depth,
//! and a search started again with the same rank count resumes at the last depth every rank
//! saved (see the `checkpoint` module for the files and what is refused).

mod checkpoint;

use std::path::PathBuf;
use std::time::Instant;

use rayon::prelude::*;

use super::{Graph, LevelReport, Partition, Transport};
use crate::error::{Error, ErrorKind, Result};
use crate::progress::CancelToken;

/// Options of [`search`].
#[derive(Clone, Debug)]
pub struct Options {
    /// Stop after this depth (0: until a depth finds nothing).
    pub max_depth: u32,
    /// Frontier cells one rank expands between two exchanges: bounds the successor batches
    /// (about 24 bytes per successor).
    pub round_cells: usize,
    /// Worker threads of this rank (0: one per core). The transport is only called from the
    /// calling thread.
    pub threads: usize,
    /// Where to save each depth and resume from (`None`: no checkpoints). A saved depth
    /// beyond `max_depth` is returned as it is.
    pub checkpoint: Option<Checkpoint>,
}

/// Checkpoints of a search: a folder the ranks share (or each rank's own, on machines without a
/// shared file system), and a name for the graph, written into every file so that a folder
/// of another table's search is refused.
#[derive(Clone, Debug)]
pub struct Checkpoint {
    pub dir: PathBuf,
    pub graph: String,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_depth: 0,
            round_cells: 1 << 18,
            threads: 0,
            checkpoint: None,
        }
    }
}

/// This rank's part of the search's end.
#[derive(Debug)]
pub struct Frontier {
    /// Cells at each depth over all ranks (index = depth).
    pub counts: Vec<u64>,
    /// This rank's cells at the depth before the last, sorted.
    pub previous: Vec<u64>,
    /// This rank's cells at the last depth, sorted.
    pub last: Vec<u64>,
    /// Successors this rank generated expanding each depth (index = the depth expanded; 0 for
    /// depths resumed from a checkpoint): the work, for rates.
    pub expanded: Vec<u64>,
    /// Of those, the cells in this rank's per-owner batches (its own included), after each
    /// round's duplicates are dropped: what the exchange moves when nearly every cell belongs
    /// to another rank (many ranks), 8 bytes each.
    pub batched: Vec<u64>,
    /// Whether a depth found nothing (every reachable cell was counted).
    pub exhausted: bool,
    /// The worker threads this rank used.
    pub threads: usize,
}

impl Frontier {
    /// The last depth counted.
    pub fn depth(&self) -> u32 {
        self.counts.len() as u32 - 1
    }
}

/// The cells found so far at the depth being searched: a sorted part without duplicates and an
/// unsorted tail of cells not in it, merged when the tail is as long as the sorted part (so the
/// sorting costs O(n log n) per doubling, and memory stays under twice the found cells).
struct Found {
    sorted: Vec<u64>,
    tail: Vec<u64>,
}

impl Found {
    fn merge(&mut self) {
        self.sorted.reserve_exact(self.tail.len());
        self.sorted.append(&mut self.tail);
        self.sorted.par_sort_unstable();
        self.sorted.dedup();
        self.tail = Vec::new();
    }
}

/// Whether a sorted list holds `cell`.
#[inline]
fn holds(list: &[u64], cell: u64) -> bool {
    list.binary_search(&cell).is_ok()
}

/// Runs the search on this rank: every rank of `transport` calls it with the same graph and
/// options. `report` runs on each rank after each depth. `cancel` stops at the next round
/// (every rank must be cancelled, as in [`super::search`]). The graph must be undirected
/// (every successor has its cell among its own successors).
pub fn search(
    graph: &dyn Graph,
    transport: &mut dyn Transport,
    opts: &Options,
    cancel: &CancelToken,
    report: &mut dyn FnMut(&LevelReport),
) -> Result<Frontier> {
    let (part, pool) = super::setup(graph, transport, opts.round_cells, opts.threads)?;
    let me = transport.rank();
    let mine = part.cells_of(me);
    let start = graph.start();
    let mut f = Frontier {
        counts: vec![1],
        previous: Vec::new(),
        last: if mine.contains(&start) {
            vec![start]
        } else {
            Vec::new()
        },
        expanded: Vec::new(),
        batched: Vec::new(),
        exhausted: false,
        threads: pool.current_num_threads(),
    };
    let place = opts.checkpoint.as_ref().map(|c| checkpoint::Place {
        dir: &c.dir,
        name: &c.graph,
        graph,
        ranks: part.ranks,
        rank: me,
    });
    if let Some(place) = &place
        && let Some(saved) = place.resume(transport)?
    {
        f.exhausted = saved.counts.last() == Some(&0);
        (f.counts, f.previous, f.last) = (saved.counts, saved.previous, saved.last);
        // The work of the saved depths was done before.
        f.expanded = vec![0; f.counts.len() - 1];
        f.batched = f.expanded.clone();
    }
    while !f.exhausted && (opts.max_depth == 0 || f.depth() < opts.max_depth) {
        let t = Instant::now();
        let rounds = transport.max(f.last.len().div_ceil(opts.round_cells) as u64)?;
        let mut found = Found {
            sorted: Vec::new(),
            tail: Vec::new(),
        };
        let mut bytes_sent = 0u64;
        let mut expanded = 0u64;
        let mut batched = 0u64;
        for round in 0..rounds as usize {
            if cancel.is_cancelled() {
                return Err(Error::new(ErrorKind::Cancelled, "the search was cancelled"));
            }
            let a = (round * opts.round_cells).min(f.last.len());
            let b = (a + opts.round_cells).min(f.last.len());
            let (outgoing, generated) = pool.install(|| expand(graph, &part, &f.last[a..b]));
            expanded += generated;
            batched += outgoing.iter().map(|o| o.len() as u64).sum::<u64>();
            bytes_sent += outgoing
                .iter()
                .enumerate()
                .filter(|&(r, _)| r != me)
                .map(|(_, o)| 8 * o.len() as u64)
                .sum::<u64>();
            let incoming = transport.exchange(outgoing)?;
            pool.install(|| {
                let mut new = incoming.concat();
                drop(incoming);
                new.par_sort_unstable();
                new.dedup();
                let (last, previous, sorted) = (&f.last, &f.previous, &found.sorted);
                found.tail.par_extend(
                    new.into_par_iter()
                        .filter(|&c| !holds(last, c) && !holds(previous, c) && !holds(sorted, c)),
                );
                if found.tail.len() >= found.sorted.len() {
                    found.merge();
                }
            });
        }
        pool.install(|| found.merge());
        let next = found.sorted;
        let sums = transport.sum(&[next.len() as u64, bytes_sent])?;
        let (total, bytes_sent) = (sums[0], sums[1]);
        f.counts.push(total);
        f.expanded.push(expanded);
        f.batched.push(batched);
        f.previous = std::mem::replace(&mut f.last, next);
        report(&LevelReport {
            level: f.depth().min(u8::MAX as u32) as u8,
            cells: total,
            bytes_sent,
            rounds,
            elapsed: t.elapsed(),
        });
        f.exhausted = total == 0;
        if let Some(place) = &place {
            save(place, transport, &f)?;
        }
    }
    Ok(f)
}

/// Saves this rank's lists of the last depth; once every rank has, removes the depth before.
fn save(place: &checkpoint::Place, transport: &mut dyn Transport, f: &Frontier) -> Result<()> {
    let local = place.write(&f.counts, &f.previous, &f.last);
    super::agree(transport, local)?;
    place.remove(f.depth() - 1);
    Ok(())
}

/// The successors of `cells`, one sorted list without duplicates per owner, and how many were
/// generated.
fn expand(graph: &dyn Graph, part: &Partition, cells: &[u64]) -> (Vec<Vec<u64>>, u64) {
    let parts: Vec<Vec<Vec<u64>>> = cells
        .par_chunks(1024)
        .map(|chunk| {
            let mut out = vec![Vec::new(); part.ranks];
            let mut succ = Vec::with_capacity(128);
            for &cell in chunk {
                succ.clear();
                graph.successors(cell, &mut succ);
                for &s in &succ {
                    out[part.owner(s)].push(s);
                }
            }
            out
        })
        .collect();
    let generated = parts.iter().flatten().map(|o| o.len() as u64).sum();
    let lists = (0..part.ranks)
        .into_par_iter()
        .map(|r| {
            let mut o: Vec<u64> = Vec::with_capacity(parts.iter().map(|p| p[r].len()).sum());
            for p in &parts {
                o.extend_from_slice(&p[r]);
            }
            o.par_sort_unstable();
            o.dedup();
            o
        })
        .collect();
    (lists, generated)
}
