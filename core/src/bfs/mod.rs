//! Breadth-first search over a table split between ranks (processes, possibly on several
//! machines), for God's tables too big for one machine.
//!
//! The table is a range of cells, one 4-bit level each (0: not reached yet), grouped in blocks of
//! equal size (the Silver database: one block per shape class). Each rank owns whole blocks, a
//! contiguous range of them ([`Partition`]), so a cell's owner is known from its number alone.
//! Per level, each rank expands its frontier cells in rounds of at most
//! [`Options::round_cells`], claims the successors it owns itself, sends the others to their
//! owners ([`Transport::exchange`]), claims what it receives, and the ranks sum the level's new
//! cells. The table is the same whatever the number of ranks: a level's cells do not depend on the
//! order in which they are claimed.
//!
//! - [`Graph`]: what is searched (cells, blocks, the start, each cell's successors);
//! - [`transport`]: the collective operations ([`transport::Solo`], [`transport::in_process`];
//!   MPI in the crate `twisty-mpi`);
//! - [`search`]: the level loop, returning this rank's [`Slice`].

pub mod frontier;
pub mod transport;

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::error::{Error, ErrorKind, Result};
use crate::progress::CancelToken;
pub use transport::Transport;

/// What a partitioned search explores.
pub trait Graph: Sync {
    /// Cells in the table (numbered 0..cells).
    fn cells(&self) -> u64;
    /// Blocks the cells are grouped in (each `cells / blocks` cells; the unit of ownership).
    fn blocks(&self) -> u64;
    /// The cell at level 1.
    fn start(&self) -> u64;
    /// Appends the cells one move away from `cell`.
    fn successors(&self, cell: u64, out: &mut Vec<u64>);
}

/// Which rank owns which cells: contiguous runs of whole blocks, as even as the block count
/// allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Partition {
    pub blocks: u64,
    pub block_cells: u64,
    pub ranks: usize,
}

impl Partition {
    /// The partition of `graph`'s blocks between `ranks` ranks; `invalid_argument` when the
    /// blocks do not divide the cells or there are more ranks than blocks.
    pub fn new(graph: &dyn Graph, ranks: usize) -> Result<Partition> {
        let (cells, blocks) = (graph.cells(), graph.blocks());
        if blocks == 0 || cells % blocks != 0 {
            return Err(Error::invalid_argument(format!(
                "{cells} cells do not split into {blocks} equal blocks"
            )));
        }
        if ranks == 0 || ranks as u64 > blocks {
            return Err(Error::invalid_argument(format!(
                "{ranks} ranks cannot share {blocks} blocks (1 to {blocks} ranks)"
            )));
        }
        Ok(Partition {
            blocks,
            block_cells: cells / blocks,
            ranks,
        })
    }

    /// The first block of `rank` (`rank == ranks` gives the end).
    fn first_block(&self, rank: usize) -> u64 {
        (rank as u64 * self.blocks) / self.ranks as u64
    }

    /// The cells `rank` owns.
    pub fn cells_of(&self, rank: usize) -> std::ops::Range<u64> {
        self.first_block(rank) * self.block_cells..self.first_block(rank + 1) * self.block_cells
    }

    /// The rank that owns `cell`.
    #[inline]
    pub fn owner(&self, cell: u64) -> usize {
        // The inverse of `first_block`: the largest r with r * blocks / ranks <= block.
        let block = cell / self.block_cells;
        (((block + 1) * self.ranks as u64 - 1) / self.blocks) as usize
    }
}

/// Options of [`search`].
#[derive(Clone, Debug)]
pub struct Options {
    /// Stop after this level (0: until a level finds nothing). At most 15.
    pub max_level: u8,
    /// Frontier cells one rank expands between two exchanges: bounds the memory of the
    /// successor batches (about 8 bytes per successor).
    pub round_cells: usize,
    /// Largest frontier a rank keeps as a list; above it the next level sweeps the slice.
    pub list_cap: usize,
    /// Worker threads of this rank (0: one per core). The transport is only ever called from
    /// the calling thread (MPI's "funneled" mode); the workers expand and claim.
    pub threads: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_level: 0,
            round_cells: 1 << 20,
            list_cap: 50_000_000,
            threads: 0,
        }
    }
}

/// One level as rank 0 sees it after the level's sum.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelReport {
    pub level: u8,
    /// Cells first reached at this level, over all ranks.
    pub cells: u64,
    /// Successor bytes this rank sent to other ranks during the level.
    pub bytes_sent: u64,
    /// Exchange rounds of the level.
    pub rounds: u64,
    pub elapsed: Duration,
}

/// This rank's part of the table after a search.
pub struct Slice {
    /// The cells this slice covers.
    pub cells: std::ops::Range<u64>,
    /// Two cells per byte, the even cell in the low nibble (the database's layout).
    pub bytes: Vec<u8>,
    /// Cells first reached at each level over all ranks (index = level; index 0 unused).
    pub level_counts: Vec<u64>,
    /// The last level with cells, or the level bound when reached.
    pub completed_level: u8,
    /// Whether a level found nothing (the search is complete).
    pub exhausted: bool,
    /// The worker threads this rank used.
    pub threads: usize,
}

impl Slice {
    /// The level of `cell` (which must be in this slice).
    pub fn level(&self, cell: u64) -> u8 {
        let i = cell - self.cells.start;
        (self.bytes[(i / 2) as usize] >> (4 * (i % 2))) & 15
    }
}

/// The levels of one rank's cells, claimed from many threads at once.
struct Levels<'a> {
    first: u64,
    bytes: &'a [AtomicU8],
}

impl Levels<'_> {
    #[inline]
    fn get(&self, cell: u64) -> u8 {
        let i = cell - self.first;
        (self.bytes[(i / 2) as usize].load(Relaxed) >> (4 * (i % 2))) & 15
    }

    /// Sets the cell to `level` if it is 0; true if this call set it.
    #[inline]
    fn claim(&self, cell: u64, level: u8) -> bool {
        let i = cell - self.first;
        claim_nibble(&self.bytes[(i / 2) as usize], i % 2, level)
    }
}

/// Sets nibble `half` (0: the low one) of `byte` to `level` if it is 0, atomically, so that two
/// threads claiming the two cells of one byte never lose each other's; true if this call set it.
/// The one claim of every 4-bit table builder (the Silver database's and this search).
#[inline]
pub(crate) fn claim_nibble(byte: &AtomicU8, half: u64, level: u8) -> bool {
    let shift = half * 4;
    let mut old = byte.load(Relaxed);
    loop {
        if (old >> shift) & 15 != 0 {
            return false;
        }
        match byte.compare_exchange_weak(old, old | (level << shift), Relaxed, Relaxed) {
            Ok(_) => return true,
            Err(now) => old = now,
        }
    }
}

/// The largest level a 4-bit cell holds.
pub const MAX_LEVEL: u8 = 15;

/// Runs the search on this rank: every rank of `transport` calls it with the same graph and
/// options. Returns this rank's slice; `report` runs on each rank after each level (rank 0
/// usually shows it). `cancel` stops at the next round (every rank must be cancelled: a rank
/// that stops alone leaves the others waiting in their transport).
pub fn search(
    graph: &dyn Graph,
    transport: &mut dyn Transport,
    opts: &Options,
    cancel: &CancelToken,
    report: &mut dyn FnMut(&LevelReport),
) -> Result<Slice> {
    if opts.max_level > MAX_LEVEL {
        return Err(Error::invalid_argument(format!(
            "max_level {} out of range 0..={MAX_LEVEL}",
            opts.max_level
        )));
    }
    if opts.round_cells == 0 {
        return Err(Error::invalid_argument("round_cells must be at least 1"));
    }
    let me = transport.rank();
    let part = Partition::new(graph, transport.size())?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads)
        .build()
        .map_err(|e| {
            Error::invalid_argument(format!("cannot start {} threads: {e}", opts.threads))
        })?;
    let mine = part.cells_of(me);
    let len = mine.end - mine.start;
    // Zeroed pages come from the system as they are first touched: a shallow search costs only
    // the pages it reaches.
    let mut bytes = vec![0u8; len.div_ceil(2) as usize];
    let view = Levels {
        first: mine.start,
        // SAFETY: AtomicU8 has u8's layout; `bytes` outlives the view and is only reached
        // through it until the view's last use below.
        bytes: unsafe {
            std::slice::from_raw_parts(bytes.as_mut_ptr() as *const AtomicU8, bytes.len())
        },
    };
    let mut counts = vec![0u64; MAX_LEVEL as usize + 1];
    let start = graph.start();
    let mut frontier: Option<Vec<u64>> = Some(Vec::new());
    if mine.contains(&start) {
        view.claim(start, 1);
        frontier = Some(vec![start]);
    }
    counts[1] = 1;
    let mut local_count = u64::from(mine.contains(&start));
    let mut level = 1u8;
    let mut exhausted = false;
    let last = if opts.max_level == 0 {
        MAX_LEVEL
    } else {
        opts.max_level
    };
    while level < last {
        let t = Instant::now();
        let next = level + 1;
        let rounds = transport.max(local_count.div_ceil(opts.round_cells as u64))?;
        let mut cursor = 0u64; // the sweep's next cell (relative), when there is no list
        let mut claimed_list: Vec<u64> = Vec::new();
        let mut keep_list = true;
        let claimed = AtomicU64::new(0);
        let mut bytes_sent = 0u64;
        for round in 0..rounds {
            if cancel.is_cancelled() {
                return Err(Error::new(ErrorKind::Cancelled, "the search was cancelled"));
            }
            // This round's frontier cells.
            let cells: Vec<u64> = match &frontier {
                Some(list) => {
                    let a = (round as usize * opts.round_cells).min(list.len());
                    let b = (a + opts.round_cells).min(list.len());
                    list[a..b].to_vec()
                }
                None => {
                    let mut v = Vec::with_capacity(opts.round_cells.min(1 << 24));
                    while cursor < len && v.len() < opts.round_cells {
                        let cell = mine.start + cursor;
                        if view.get(cell) == level {
                            v.push(cell);
                        }
                        cursor += 1;
                    }
                    v
                }
            };
            // Expand: own successors claimed at once, the others batched per owner.
            let parts: Vec<(Vec<Vec<u64>>, Vec<u64>)> = pool.install(|| {
                cells
                    .par_chunks(4096)
                    .map(|chunk| {
                        let mut out = vec![Vec::new(); part.ranks];
                        let mut won = Vec::new();
                        let mut succ = Vec::with_capacity(64);
                        for &cell in chunk {
                            succ.clear();
                            graph.successors(cell, &mut succ);
                            for &s in &succ {
                                let owner = part.owner(s);
                                if owner == me {
                                    if view.claim(s, next) {
                                        won.push(s);
                                    }
                                } else {
                                    out[owner].push(s);
                                }
                            }
                        }
                        (out, won)
                    })
                    .collect()
            });
            let mut outgoing = vec![Vec::new(); part.ranks];
            for (out, won) in parts {
                claimed.fetch_add(won.len() as u64, Relaxed);
                if keep_list {
                    claimed_list.extend(won);
                }
                for (o, batch) in outgoing.iter_mut().zip(out) {
                    o.extend(batch);
                }
            }
            for (r, o) in outgoing.iter_mut().enumerate() {
                if r != me {
                    // Each owner claims a cell once: duplicates need not travel.
                    o.sort_unstable();
                    o.dedup();
                    bytes_sent += 8 * o.len() as u64;
                }
            }
            let incoming = transport.exchange(outgoing)?;
            let won: Vec<Vec<u64>> = pool.install(|| {
                incoming
                    .par_iter()
                    .map(|batch| {
                        batch
                            .iter()
                            .copied()
                            .filter(|&c| view.claim(c, next))
                            .collect()
                    })
                    .collect()
            });
            for w in won {
                claimed.fetch_add(w.len() as u64, Relaxed);
                if keep_list {
                    claimed_list.extend(w);
                }
            }
            if claimed_list.len() > opts.list_cap {
                keep_list = false;
                claimed_list = Vec::new();
            }
        }
        local_count = claimed.load(Relaxed);
        let total = transport.sum(&[local_count])?[0];
        counts[next as usize] = total;
        frontier = keep_list.then_some(claimed_list);
        report(&LevelReport {
            level: next,
            cells: total,
            bytes_sent,
            rounds,
            elapsed: t.elapsed(),
        });
        if total == 0 {
            exhausted = true;
            break;
        }
        level = next;
    }
    if !exhausted && opts.max_level == 0 {
        return Err(Error::new(
            ErrorKind::Database,
            format!("level {} does not fit the 4-bit cells", MAX_LEVEL + 1),
        ));
    }
    let completed = counts.iter().rposition(|&c| c > 0).unwrap_or(1) as u8;
    counts.truncate(completed as usize + 1);
    Ok(Slice {
        cells: mine,
        bytes,
        level_counts: counts,
        completed_level: completed,
        exhausted,
        threads: pool.current_num_threads(),
    })
}

#[cfg(test)]
mod tests {
    use super::transport::{Solo, in_process};
    use super::*;

    /// A small graph: cells are numbers below 3^9, a move adds or subtracts a power of 3 in
    /// one digit (mod 3), and one to the next of 5 copies; 45 blocks, levels up to 14.
    struct Digits;

    impl Graph for Digits {
        fn cells(&self) -> u64 {
            3u64.pow(9) * 5
        }
        fn blocks(&self) -> u64 {
            5 * 9
        }
        fn start(&self) -> u64 {
            0
        }
        fn successors(&self, cell: u64, out: &mut Vec<u64>) {
            let (copy, x) = (cell / 3u64.pow(9), cell % 3u64.pow(9));
            for d in 0..9 {
                let p = 3u64.pow(d);
                let digit = (x / p) % 3;
                for step in [1, 2] {
                    let nd = (digit + step) % 3;
                    out.push(copy * 3u64.pow(9) + x - digit * p + nd * p);
                }
            }
            // A move between copies too: copy c -> c + 1 (mod 5) at the same x.
            out.push(((copy + 1) % 5) * 3u64.pow(9) + x);
        }
    }

    /// A plain breadth-first search in one thread, for reference.
    fn reference(g: &dyn Graph) -> Vec<u8> {
        let mut level = vec![0u8; g.cells() as usize];
        level[g.start() as usize] = 1;
        let mut frontier = vec![g.start()];
        let mut l = 1;
        while !frontier.is_empty() {
            l += 1;
            let mut next = Vec::new();
            for &c in &frontier {
                let mut s = Vec::new();
                g.successors(c, &mut s);
                for t in s {
                    if level[t as usize] == 0 {
                        level[t as usize] = l;
                        next.push(t);
                    }
                }
            }
            frontier = next;
        }
        level
    }

    fn run_ranks(n: usize, opts: &Options) -> Vec<Slice> {
        let ranks = in_process(n);
        std::thread::scope(|s| {
            let handles: Vec<_> = ranks
                .into_iter()
                .map(|mut t| {
                    s.spawn(move || {
                        search(&Digits, &mut t, opts, &CancelToken::new(), &mut |_| {}).unwrap()
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        })
    }

    #[test]
    fn partitions_cover_every_cell_once() {
        for ranks in 1..=45 {
            let p = Partition::new(&Digits, ranks).unwrap();
            let mut next = 0;
            for r in 0..ranks {
                let c = p.cells_of(r);
                assert_eq!(c.start, next);
                assert!(c.end > c.start);
                assert_eq!(p.owner(c.start), r);
                assert_eq!(p.owner(c.end - 1), r);
                next = c.end;
            }
            assert_eq!(next, Digits.cells());
        }
        assert!(Partition::new(&Digits, 46).is_err());
        assert!(Partition::new(&Digits, 0).is_err());
    }

    #[test]
    fn any_rank_count_gives_the_table_of_a_plain_search() {
        let want = reference(&Digits);
        let mut counts = [0u64; 16];
        for &l in &want {
            counts[l as usize] += 1;
        }
        let last = counts.iter().rposition(|&c| c > 0).unwrap();
        // Small rounds and a small list cap: several exchanges per level and sweeps.
        for (n, round_cells, list_cap) in [
            (1, 1 << 20, 1 << 20),
            (2, 100, 1000),
            (4, 1000, 50),
            (7, 37, 1 << 20),
        ] {
            let opts = Options {
                max_level: 0,
                round_cells,
                list_cap,
                threads: 2,
            };
            let slices = run_ranks(n, &opts);
            for s in &slices {
                assert_eq!(s.level_counts[1..], counts[1..=last], "{n} ranks");
                assert!(s.exhausted);
                for cell in s.cells.clone() {
                    assert_eq!(s.level(cell), want[cell as usize], "cell {cell}, {n} ranks");
                }
            }
        }
    }

    #[test]
    fn a_level_bound_stops_there() {
        let opts = Options {
            max_level: 3,
            ..Options::default()
        };
        let s = search(&Digits, &mut Solo, &opts, &CancelToken::new(), &mut |_| {}).unwrap();
        assert_eq!(s.completed_level, 3);
        assert!(!s.exhausted);
        let want = reference(&Digits);
        let count = |l: u8| want.iter().filter(|&&x| x == l).count() as u64;
        assert_eq!(s.level_counts, vec![0, 1, count(2), count(3)]);
        assert_eq!(count(2), 19, "18 digit moves and one to the next copy");
        for cell in s.cells.clone() {
            let w = want[cell as usize];
            assert_eq!(s.level(cell), if w <= 3 { w } else { 0 });
        }
    }
}
