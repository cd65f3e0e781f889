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
//! A level whose frontier is large (more than one cell in 64 of the table) sends its
//! successors as bitmaps of the owners' cells instead of lists. Late levels of an undirected graph (where the unreached cells are at most twice the
//! frontier) go backward instead: the ranks share the frontier as a bitmap of the whole table
//! (one bit per cell, each rank broadcasting its part), and each unreached cell looks for a
//! neighbour in it, so no successor crosses between ranks. With [`Options::checkpoint`], each
//! rank saves its slice after every level ([`checkpoint`]) and a stopped search resumes there.
//!
//! - [`Graph`]: what is searched (cells, blocks, the start, each cell's successors);
//! - [`transport`]: the collective operations ([`transport::Solo`], [`transport::in_process`];
//!   MPI in the crate `twisty-mpi`);
//! - [`search`]: the level loop, returning this rank's [`Slice`].

pub mod checkpoint;
pub mod frontier;
pub mod transport;

use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::error::{Error, ErrorKind, Result};
use crate::progress::CancelToken;
pub use checkpoint::Checkpoint;
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
    /// Whether every move can be undone by a move (a cell's successors are its predecessors):
    /// late levels can then be found backward, from the unreached cells.
    fn undirected(&self) -> bool {
        false
    }
    /// How many cells a search can reach, when known (the choice of a backward level needs it).
    fn reachable_cells(&self) -> Option<u64> {
        None
    }
    /// Whether a search can reach `cell` at all (a table that keeps one cell per class of
    /// symmetric positions never reaches the others); a backward level skips the others.
    fn is_reachable(&self, _cell: u64) -> bool {
        true
    }
    /// Whether `hit` holds for a successor of `cell` (stopping at the first).
    fn any_successor(&self, cell: u64, hit: &dyn Fn(u64) -> bool) -> bool {
        let mut out = Vec::new();
        self.successors(cell, &mut out);
        out.into_iter().any(hit)
    }
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

    /// The cells of the table.
    pub fn cells(&self) -> u64 {
        self.blocks * self.block_cells
    }

    /// The 64-bit words of a bitmap of the whole table that hold `rank`'s cells (the first and
    /// last may hold other ranks' cells too).
    pub fn words_of(&self, rank: usize) -> std::ops::Range<usize> {
        let c = self.cells_of(rank);
        (c.start / 64) as usize..c.end.div_ceil(64) as usize
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
    /// Where each rank saves its slice after every level, and resumes from (none: no saves).
    pub checkpoint: Option<Checkpoint>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_level: 0,
            round_cells: 1 << 20,
            list_cap: 50_000_000,
            threads: 0,
            checkpoint: None,
        }
    }
}

/// One level as rank 0 sees it after the level's sum.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelReport {
    pub level: u8,
    /// Cells first reached at this level, over all ranks.
    pub cells: u64,
    /// Bytes the ranks sent each other during the level, over all ranks (successors forward;
    /// the frontier bitmap backward).
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
    /// The level the search resumed from (0: it started afresh).
    pub resumed_level: u8,
    checkpoint: Option<checkpoint::Store>,
}

impl Slice {
    /// Removes this rank's checkpoint files (call it once the result is safe; nothing when
    /// the search had no checkpoint).
    pub fn remove_checkpoint(&mut self) -> Result<()> {
        self.checkpoint
            .take()
            .map_or(Ok(()), checkpoint::Store::remove)
    }

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
    /// Per [`checkpoint::CHUNK`] bytes: whether a cell there was claimed since the last save.
    dirty: &'a [AtomicBool],
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
        let won = claim_nibble(&self.bytes[(i / 2) as usize], i % 2, level);
        if won {
            self.dirty[(i / 2) as usize / checkpoint::CHUNK].store(true, Relaxed);
        }
        won
    }

    /// The bytes, read while no thread claims.
    fn snapshot(&self) -> &[u8] {
        // SAFETY: AtomicU8 has u8's layout, and nothing writes while the snapshot is read.
        unsafe { std::slice::from_raw_parts(self.bytes.as_ptr() as *const u8, self.bytes.len()) }
    }
}

/// `local` on this rank, once every rank has reported its own outcome: an error anywhere is an
/// error everywhere (the failing ranks keep their own message), so that no rank goes on to wait
/// for one that stopped.
pub fn agree<T>(transport: &mut dyn Transport, local: Result<T>) -> Result<T> {
    let failed = transport.sum(&[u64::from(local.is_err())])?[0];
    match local {
        Ok(_) if failed > 0 => Err(others_failed(failed)),
        r => r,
    }
}

/// The error of a rank whose own part succeeded when `failed` others failed.
pub(crate) fn others_failed(failed: u64) -> Error {
    Error::new(
        ErrorKind::Database,
        format!("{failed} other rank(s) failed (their messages say why)"),
    )
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
    let (part, pool) = setup(graph, transport, opts.round_cells, opts.threads)?;
    let me = transport.rank();
    let mine = part.cells_of(me);
    let len = mine.end - mine.start;
    let last = if opts.max_level == 0 {
        MAX_LEVEL
    } else {
        opts.max_level
    };
    // SAFETY: zero bytes are u8s.
    let bytes = unsafe { zeroed::<u8>(len.div_ceil(2) as usize, "this rank's slice", &part) };
    let mut bytes = agree(transport, bytes)?;
    let mut counts = vec![0u64; MAX_LEVEL as usize + 1];
    let (mut store, resumed) = resume(graph, transport, opts, &part, &mut bytes, &mut counts)?;
    if resumed > last {
        return Err(Error::invalid_argument(format!(
            "the checkpoint holds level {resumed}, past the level bound {last}"
        )));
    }
    let dirty: Vec<AtomicBool> = (0..bytes.len().div_ceil(checkpoint::CHUNK))
        .map(|_| AtomicBool::new(false))
        .collect();
    let view = Levels {
        first: mine.start,
        // SAFETY: AtomicU8 has u8's layout; `bytes` outlives the view and is only reached
        // through it until the view's last use below.
        bytes: unsafe {
            std::slice::from_raw_parts(bytes.as_mut_ptr() as *const AtomicU8, bytes.len())
        },
        dirty: &dirty,
    };
    let start = graph.start();
    let mut frontier: Option<Vec<u64>>;
    let mut local_count;
    let mut level;
    if resumed == 0 {
        frontier = Some(Vec::new());
        if mine.contains(&start) {
            view.claim(start, 1);
            frontier = Some(vec![start]);
        }
        counts[1] = 1;
        local_count = u64::from(mine.contains(&start));
        level = 1u8;
    } else {
        // The saved frontier is swept from the slice.
        frontier = None;
        level = resumed;
        local_count = pool.install(|| {
            view.snapshot()
                .par_iter()
                .map(|&b| u64::from(b & 15 == level) + u64::from(b >> 4 == level))
                .sum()
        });
    }
    let mut exhausted = false;
    while level < last {
        let t = Instant::now();
        let next = level + 1;
        let reached: u64 = counts[1..=level as usize].iter().sum();
        if graph.reachable_cells() == Some(reached) {
            // Every cell that can be reached has been: the next level is empty, without a
            // sweep of the table to show it.
            report(&LevelReport {
                level: next,
                cells: 0,
                bytes_sent: 0,
                rounds: 0,
                elapsed: t.elapsed(),
            });
            exhausted = true;
            break;
        }
        let backward = graph.undirected()
            && graph
                .reachable_cells()
                .is_some_and(|all| all.saturating_sub(reached) <= 2 * counts[level as usize]);
        let (claimed, rounds, bytes_sent, list) = if backward {
            let (claimed, rounds, sent) =
                level_backward(graph, transport, &part, &view, &pool, level, cancel)?;
            (claimed, rounds, sent, None)
        } else {
            level_forward(
                graph,
                transport,
                opts,
                &part,
                &view,
                &pool,
                level,
                local_count,
                counts[level as usize],
                frontier,
                cancel,
            )?
        };
        frontier = list;
        local_count = claimed;
        let sums = transport.sum(&[local_count, bytes_sent])?;
        let (total, bytes_sent) = (sums[0], sums[1]);
        counts[next as usize] = total;
        if total > 0
            && let Some(s) = store.as_mut()
        {
            let saved = s.save(next, &counts[..=next as usize], view.snapshot(), &dirty);
            agree(transport, saved)?;
        }
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
        resumed_level: resumed,
        checkpoint: store,
    })
}

/// What every search checks and starts with: rounds of at least one cell, the partition of the
/// graph between the transport's ranks, and this rank's worker threads.
pub(crate) fn setup(
    graph: &dyn Graph,
    transport: &dyn Transport,
    round_cells: usize,
    threads: usize,
) -> Result<(Partition, rayon::ThreadPool)> {
    if round_cells == 0 {
        return Err(Error::invalid_argument("round_cells must be at least 1"));
    }
    let part = Partition::new(graph, transport.size())?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::invalid_argument(format!("cannot start {threads} threads: {e}")))?;
    Ok((part, pool))
}

/// The cells a forward level claimed, kept as the next level's list while they fit in the cap.
struct Claimed {
    count: u64,
    list: Option<Vec<u64>>,
    cap: usize,
}

impl Claimed {
    fn add(&mut self, won: Vec<u64>) {
        self.count += won.len() as u64;
        if let Some(list) = self.list.as_mut() {
            list.extend(won);
            if list.len() > self.cap {
                self.list = None;
            }
        }
    }
}

/// `n` zeroed values of `T`, or an error when the system cannot give them (`what` and the rank
/// count say which memory and how to get less of it). The pages come zeroed from the system as
/// they are first touched (a shallow search costs only the pages of its slice it reaches), and
/// memory larger than the machine allows is an error, not an abort.
///
/// # Safety
///
/// All-zero bytes must be a valid `T` (integers, atomic integers).
unsafe fn zeroed<T>(n: usize, what: &str, part: &Partition) -> Result<Vec<T>> {
    if n == 0 || std::mem::size_of::<T>() == 0 {
        return Ok(Vec::new());
    }
    let refused = || {
        Error::invalid_argument(format!(
            "{what} ({} bytes) cannot be allocated: use more ranks ({} now)",
            n as u128 * std::mem::size_of::<T>() as u128,
            part.ranks
        ))
    };
    let layout = std::alloc::Layout::array::<T>(n).map_err(|_| refused())?;
    // SAFETY: a non-zero size; a non-null pointer holds `n` zeroed `T`s (valid, the caller
    // says) allocated by the global allocator with `T`'s layout, which the Vec takes over.
    unsafe {
        let p = std::alloc::alloc_zeroed(layout) as *mut T;
        if p.is_null() {
            return Err(refused());
        }
        Ok(Vec::from_raw_parts(p, n, n))
    }
}

/// Opens every rank's checkpoint (when the options name one) and brings the ranks to the same
/// saved level: the lowest any rank saved (a rank killed between two ranks' saves leaves the
/// others one level ahead; their cells above it are cleared). Returns the store and that level
/// (0: a fresh start), with `bytes` and `counts` filled to it.
fn resume(
    graph: &dyn Graph,
    transport: &mut dyn Transport,
    opts: &Options,
    part: &Partition,
    bytes: &mut [u8],
    counts: &mut [u64],
) -> Result<(Option<checkpoint::Store>, u8)> {
    let Some(cp) = &opts.checkpoint else {
        return Ok((None, 0));
    };
    let me = transport.rank();
    let id = checkpoint::Identity {
        tag: &cp.tag,
        cells: graph.cells(),
        blocks: graph.blocks(),
        ranks: part.ranks,
        rank: me,
        mine: part.cells_of(me),
    };
    let opened = checkpoint::Store::open(cp, &id, bytes);
    let (store, saved) = agree(transport, opened)?;
    let mine = saved.as_ref().map_or(0, |s| u64::from(s.level));
    // The lowest level over ranks, as a maximum of complements.
    let lowest = (u64::MAX - transport.max(u64::MAX - mine)?) as u8;
    if let Some(s) = saved
        && lowest > 0
    {
        if s.level > lowest {
            checkpoint::clear_above(bytes, lowest);
        }
        counts[..=lowest as usize].copy_from_slice(&s.counts[..=lowest as usize]);
    } else {
        // Some rank has nothing saved: every rank starts afresh.
        bytes.fill(0);
    }
    Ok((Some(store), lowest))
}

/// One level expanded forward from the frontier (a list, or a sweep of the slice when there is
/// none), in rounds: own successors claimed at once, the others sent to their owners. Returns
/// the cells this rank claimed, the rounds, the bytes sent and the next level's list when it
/// stayed within the cap.
#[allow(clippy::too_many_arguments)]
fn level_forward(
    graph: &dyn Graph,
    transport: &mut dyn Transport,
    opts: &Options,
    part: &Partition,
    view: &Levels,
    pool: &rayon::ThreadPool,
    level: u8,
    local_count: u64,
    frontier_total: u64,
    frontier: Option<Vec<u64>>,
    cancel: &CancelToken,
) -> Result<(u64, u64, u64, Option<Vec<u64>>)> {
    let me = transport.rank();
    let mine = part.cells_of(me);
    let len = mine.end - mine.start;
    let next = level + 1;
    let rounds = transport.max(local_count.div_ceil(opts.round_cells as u64))?;
    // A large frontier sends its successors as bitmaps of the owners' cells, once the level is
    // expanded: at least one remote successor per frontier cell would cost 8 bytes each as
    // lists, more than a bit per cell of the table.
    let dense = part.ranks > 1 && frontier_total.saturating_mul(64) > part.cells();
    let bitmaps: Result<Vec<Vec<AtomicU64>>> = (0..part.ranks)
        .map(|r| {
            let n = if dense && r != me {
                part.words_of(r).len()
            } else {
                0
            };
            // SAFETY: zero bytes are an AtomicU64.
            unsafe { zeroed(n, "the bitmaps of the other ranks' cells", part) }
        })
        .collect();
    let bitmaps = agree(transport, bitmaps)?;
    // The first bitmap word of each rank's cells, for the successor loop.
    let word_base: Vec<usize> = (0..part.ranks).map(|r| part.words_of(r).start).collect();
    let mut cursor = 0u64; // the sweep's next cell (relative), when there is no list
    let mut claimed = Claimed {
        count: 0,
        list: Some(Vec::new()),
        cap: opts.list_cap,
    };
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
                            } else if dense {
                                let w = (s / 64) as usize - word_base[owner];
                                bitmaps[owner][w].fetch_or(1 << (s % 64), Relaxed);
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
            claimed.add(won);
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
            claimed.add(w);
        }
    }
    let mut windows = 0;
    if dense {
        // Each owner gets its bitmap in windows, and claims the cells set in it.
        let most = (0..part.ranks)
            .map(|r| part.words_of(r).len())
            .max()
            .unwrap_or(0);
        windows = most.div_ceil(BITMAP_ROUND_WORDS) as u64;
        let own = part.words_of(me);
        for k in 0..windows as usize {
            if cancel.is_cancelled() {
                return Err(Error::new(ErrorKind::Cancelled, "the search was cancelled"));
            }
            let outgoing: Vec<Vec<u64>> = bitmaps
                .iter()
                .map(|b| {
                    let a = (k * BITMAP_ROUND_WORDS).min(b.len());
                    let e = (a + BITMAP_ROUND_WORDS).min(b.len());
                    b[a..e].iter().map(|w| w.load(Relaxed)).collect()
                })
                .collect();
            bytes_sent += 8 * outgoing.iter().map(|o| o.len() as u64).sum::<u64>();
            let incoming = transport.exchange(outgoing)?;
            let first = own.start + k * BITMAP_ROUND_WORDS;
            let won: Vec<Vec<u64>> = pool.install(|| {
                incoming
                    .par_iter()
                    .map(|words| {
                        let mut won = Vec::new();
                        for (j, &w) in words.iter().enumerate() {
                            let mut bits = w;
                            while bits != 0 {
                                let cell = (first + j) as u64 * 64 + bits.trailing_zeros() as u64;
                                bits &= bits - 1;
                                // A word at the edge of two ranks' cells may name the other's.
                                if mine.contains(&cell) && view.claim(cell, next) {
                                    won.push(cell);
                                }
                            }
                        }
                        won
                    })
                    .collect()
            });
            for w in won {
                claimed.add(w);
            }
        }
    }
    Ok((claimed.count, rounds + windows, bytes_sent, claimed.list))
}

/// Words of the frontier bitmap one broadcast carries.
const BITMAP_ROUND_WORDS: usize = 1 << 20;

/// One level found backward (an undirected graph, late, when the unreached cells are not many
/// more than the frontier): the ranks share the whole frontier as a bitmap, one bit per cell
/// (each rank broadcasts its own part), then every unreached cell of this rank looks for a
/// neighbour in it and stops at the first. No successor crosses between ranks. Returns the
/// cells claimed, the broadcast rounds and the bytes this rank broadcast.
fn level_backward(
    graph: &dyn Graph,
    transport: &mut dyn Transport,
    part: &Partition,
    view: &Levels,
    pool: &rayon::ThreadPool,
    level: u8,
    cancel: &CancelToken,
) -> Result<(u64, u64, u64)> {
    let me = transport.rank();
    // SAFETY: zero bytes are a u64.
    let bits = unsafe {
        zeroed(
            part.cells().div_ceil(64) as usize,
            "the frontier's bitmap",
            part,
        )
    };
    let mut bits: Vec<u64> = agree(transport, bits)?;
    let mine = part.cells_of(me);
    let own = part.words_of(me);
    pool.install(|| {
        bits[own.clone()]
            .par_iter_mut()
            .enumerate()
            .for_each(|(k, word)| {
                let first = (own.start + k) as u64 * 64;
                for cell in first.max(mine.start)..(first + 64).min(mine.end) {
                    if view.get(cell) == level {
                        *word |= 1 << (cell % 64);
                    }
                }
            })
    });
    let (mut rounds, mut sent) = (0u64, 0u64);
    let mut buf = Vec::with_capacity(BITMAP_ROUND_WORDS);
    for root in 0..part.ranks {
        let range = part.words_of(root);
        for a in range.clone().step_by(BITMAP_ROUND_WORDS) {
            if cancel.is_cancelled() {
                return Err(Error::new(ErrorKind::Cancelled, "the search was cancelled"));
            }
            let b = (a + BITMAP_ROUND_WORDS).min(range.end);
            buf.clear();
            if root == me {
                buf.extend_from_slice(&bits[a..b]);
                sent += 8 * (b - a) as u64 * (part.ranks as u64 - 1);
            } else {
                buf.resize(b - a, 0);
            }
            transport.broadcast(root, &mut buf)?;
            if root != me {
                // A word at the edge of two ranks' cells holds bits of both.
                for (w, x) in bits[a..b].iter_mut().zip(&buf) {
                    *w |= x;
                }
            }
            rounds += 1;
        }
    }
    let next = level + 1;
    let in_frontier = |c: u64| bits[(c / 64) as usize] >> (c % 64) & 1 == 1;
    let claimed = pool.install(|| {
        ((mine.start / 2) as usize..mine.end.div_ceil(2) as usize)
            .into_par_iter()
            .with_min_len(4096)
            .map(|pair| {
                let mut n = 0u64;
                for cell in [2 * pair as u64, 2 * pair as u64 + 1] {
                    if mine.contains(&cell)
                        && view.get(cell) == 0
                        && graph.is_reachable(cell)
                        && graph.any_successor(cell, &in_frontier)
                        && view.claim(cell, next)
                    {
                        n += 1;
                    }
                }
                n
            })
            .sum()
    });
    Ok((claimed, rounds, sent))
}

#[cfg(test)]
mod tests {
    use super::transport::{Solo, in_process};
    use super::*;

    /// A small graph: cells are numbers below 3^9, a move adds or subtracts a power of 3 in
    /// one digit (mod 3), and one to the next of 5 copies (and back, when undirected); 45
    /// blocks, levels up to 14.
    struct Digits {
        undirected: bool,
    }

    const DIRECTED: Digits = Digits { undirected: false };
    const UNDIRECTED: Digits = Digits { undirected: true };

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
            if self.undirected {
                out.push(((copy + 4) % 5) * 3u64.pow(9) + x);
            }
        }
        fn undirected(&self) -> bool {
            self.undirected
        }
        fn reachable_cells(&self) -> Option<u64> {
            Some(self.cells())
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

    fn run_ranks(g: &Digits, n: usize, opts: &Options) -> Vec<Result<Slice>> {
        let ranks = in_process(n);
        std::thread::scope(|s| {
            let handles: Vec<_> = ranks
                .into_iter()
                .map(|mut t| {
                    s.spawn(move || search(g, &mut t, opts, &CancelToken::new(), &mut |_| {}))
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        })
    }

    fn level_counts(want: &[u8]) -> Vec<u64> {
        let mut counts = vec![0u64; 16];
        for &l in want {
            counts[l as usize] += 1;
        }
        let last = counts.iter().rposition(|&c| c > 0).unwrap();
        counts.truncate(last + 1);
        counts[0] = 0;
        counts
    }

    fn assert_table(slices: &[Result<Slice>], want: &[u8], what: &str) {
        let counts = level_counts(want);
        for s in slices {
            let s = s.as_ref().unwrap();
            assert_eq!(s.level_counts, counts, "{what}");
            assert!(s.exhausted);
            for cell in s.cells.clone() {
                assert_eq!(s.level(cell), want[cell as usize], "cell {cell}, {what}");
            }
        }
    }

    #[test]
    fn partitions_cover_every_cell_once() {
        for ranks in 1..=45 {
            let p = Partition::new(&DIRECTED, ranks).unwrap();
            let mut next = 0;
            for r in 0..ranks {
                let c = p.cells_of(r);
                assert_eq!(c.start, next);
                assert!(c.end > c.start);
                assert_eq!(p.owner(c.start), r);
                assert_eq!(p.owner(c.end - 1), r);
                next = c.end;
            }
            assert_eq!(next, DIRECTED.cells());
        }
        assert!(Partition::new(&DIRECTED, 46).is_err());
        assert!(Partition::new(&DIRECTED, 0).is_err());
    }

    #[test]
    fn any_rank_count_gives_the_table_of_a_plain_search() {
        // Directed: forward levels only; undirected: the late levels backward.
        for g in [&DIRECTED, &UNDIRECTED] {
            let want = reference(g);
            // Small rounds and a small list cap: several exchanges per level and sweeps.
            for (n, round_cells, list_cap) in [
                (1, 1 << 20, 1 << 20),
                (2, 100, 1000),
                (4, 1000, 50),
                (7, 37, 1 << 20),
            ] {
                let opts = Options {
                    round_cells,
                    list_cap,
                    threads: 2,
                    ..Options::default()
                };
                let what = format!("{n} ranks, undirected {}", g.undirected);
                assert_table(&run_ranks(g, n, &opts), &want, &what);
            }
        }
    }

    #[test]
    fn late_levels_of_an_undirected_graph_go_backward() {
        // A backward level broadcasts the frontier bitmap and sends no successor.
        let mut reports = Vec::new();
        let opts = Options {
            threads: 1,
            ..Options::default()
        };
        search(
            &UNDIRECTED,
            &mut Solo,
            &opts,
            &CancelToken::new(),
            &mut |r| reports.push(r.clone()),
        )
        .unwrap();
        let cells = UNDIRECTED.cells();
        let mut reached = 1;
        let mut backward = 0;
        for (i, r) in reports.iter().enumerate() {
            let frontier = if i == 0 { 1 } else { reports[i - 1].cells };
            // Backward exactly when the unreached cells are at most twice the frontier; none
            // left: the search ends without looking.
            if cells == reached {
                assert_eq!((r.cells, r.rounds), (0, 0), "level {}", r.level);
                assert_eq!(i, reports.len() - 1);
            } else if cells - reached <= 2 * frontier {
                backward += 1;
                assert_eq!(r.rounds, 1, "level {}: one bitmap broadcast", r.level);
            }
            reached += r.cells;
        }
        assert!(backward >= 2, "{reports:?}");
    }

    #[test]
    fn large_frontiers_cross_as_bitmaps() {
        // Two ranks, forward only: a level whose frontier has more than one cell in 64 of the
        // table sends each rank the bitmap of its cells, whatever the successors.
        let part = Partition::new(&DIRECTED, 2).unwrap();
        let bitmap_bytes: u64 = (0..2).map(|r| 8 * part.words_of(r).len() as u64).sum();
        let reports = std::thread::scope(|s| {
            let handles: Vec<_> = in_process(2)
                .into_iter()
                .map(|mut t| {
                    s.spawn(move || {
                        let mut reports = Vec::new();
                        let opts = Options::default();
                        search(&DIRECTED, &mut t, &opts, &CancelToken::new(), &mut |r| {
                            reports.push(r.clone())
                        })
                        .unwrap();
                        reports
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap())
                .next()
                .unwrap()
        });
        let mut dense = 0;
        for (i, r) in reports.iter().enumerate() {
            let frontier = if i == 0 { 1 } else { reports[i - 1].cells };
            if frontier * 64 > DIRECTED.cells() {
                dense += 1;
                assert_eq!(r.bytes_sent, bitmap_bytes, "level {}", r.level);
            } else {
                assert_eq!(r.bytes_sent % 8, 0);
                assert!(r.bytes_sent < bitmap_bytes, "level {}", r.level);
            }
        }
        assert!(dense >= 3, "{reports:?}");
    }

    #[test]
    fn a_slice_larger_than_the_machine_is_an_error_on_every_rank() {
        // 2^60 cells: half of them per rank is far beyond any address space.
        struct Huge;
        impl Graph for Huge {
            fn cells(&self) -> u64 {
                1 << 60
            }
            fn blocks(&self) -> u64 {
                1 << 10
            }
            fn start(&self) -> u64 {
                0
            }
            fn successors(&self, cell: u64, out: &mut Vec<u64>) {
                out.push(cell + 1);
            }
        }
        let results: Vec<Result<Slice>> = std::thread::scope(|s| {
            let handles: Vec<_> = in_process(2)
                .into_iter()
                .map(|mut t| {
                    s.spawn(move || {
                        let opts = Options::default();
                        search(&Huge, &mut t, &opts, &CancelToken::new(), &mut |_| {})
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for r in results {
            let e = r.err().expect("refused");
            assert_eq!(e.kind(), ErrorKind::InvalidArgument);
            assert_eq!(
                e.message(),
                "this rank's slice (288230376151711744 bytes) cannot be allocated: use more ranks (2 now)"
            );
        }
    }

    #[test]
    fn a_level_bound_stops_there() {
        let opts = Options {
            max_level: 3,
            ..Options::default()
        };
        let s = search(
            &DIRECTED,
            &mut Solo,
            &opts,
            &CancelToken::new(),
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(s.completed_level, 3);
        assert!(!s.exhausted);
        let want = reference(&DIRECTED);
        let count = |l: u8| want.iter().filter(|&&x| x == l).count() as u64;
        assert_eq!(s.level_counts, vec![0, 1, count(2), count(3)]);
        assert_eq!(count(2), 19, "18 digit moves and one to the next copy");
        for cell in s.cells.clone() {
            let w = want[cell as usize];
            assert_eq!(s.level(cell), if w <= 3 { w } else { 0 });
        }
    }

    fn temp_dir(name: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("twisty-bfs-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    fn with_checkpoint(dir: &std::path::Path, max_level: u8) -> Options {
        Options {
            max_level,
            round_cells: 500,
            threads: 2,
            checkpoint: Some(Checkpoint {
                dir: dir.to_path_buf(),
                tag: "digits".into(),
            }),
            ..Options::default()
        }
    }

    #[test]
    fn a_search_stopped_at_a_level_resumes_from_its_checkpoint() {
        let dir = temp_dir("resume");
        let want = reference(&UNDIRECTED);
        for n in [1, 3] {
            // Stopped after level 5 (as a killed job leaves it), then run to the end.
            for s in run_ranks(&UNDIRECTED, n, &with_checkpoint(&dir, 5)) {
                assert_eq!(s.unwrap().resumed_level, 0);
            }
            let again = run_ranks(&UNDIRECTED, n, &with_checkpoint(&dir, 0));
            for s in &again {
                assert_eq!(s.as_ref().unwrap().resumed_level, 5, "{n} ranks");
            }
            assert_table(&again, &want, &format!("{n} ranks, resumed"));
            for s in again {
                s.unwrap().remove_checkpoint().unwrap();
            }
            assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_rank_a_level_ahead_resumes_at_the_others_level() {
        // Rank 1 saved level 4 and its next level's cells half-written, as a rank killed
        // between its save and the next one's leaves them; rank 0 saved level 3 only.
        let dir = temp_dir("ahead");
        run_ranks(&UNDIRECTED, 2, &with_checkpoint(&dir, 3));
        let keep = dir.join("rank-0-of-2.keep");
        std::fs::copy(dir.join("rank-0-of-2.state"), &keep).unwrap();
        run_ranks(&UNDIRECTED, 2, &with_checkpoint(&dir, 4));
        std::fs::rename(&keep, dir.join("rank-0-of-2.state")).unwrap();
        let want = reference(&UNDIRECTED);
        let slice1 = dir.join("rank-1-of-2.slice");
        let mut bytes = std::fs::read(&slice1).unwrap();
        let first = Partition::new(&UNDIRECTED, 2).unwrap().cells_of(1).start;
        for (i, b) in bytes.iter_mut().enumerate().step_by(2) {
            for half in 0..2 {
                let cell = (first + 2 * i as u64 + half) as usize;
                if cell < want.len() && want[cell] == 5 {
                    *b |= 5 << (4 * half);
                }
            }
        }
        std::fs::write(&slice1, &bytes).unwrap();
        let again = run_ranks(&UNDIRECTED, 2, &with_checkpoint(&dir, 0));
        for s in &again {
            assert_eq!(s.as_ref().unwrap().resumed_level, 3);
        }
        assert_table(&again, &want, "resumed at the lower level");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn foreign_damaged_and_other_checkpoints_are_refused_and_left_alone() {
        let dir = temp_dir("refuse");
        let fails = |opts: &Options, n: usize| -> String {
            let r = run_ranks(&UNDIRECTED, n, opts);
            let errs: Vec<Error> = r.into_iter().map(|s| s.err().expect("refused")).collect();
            // A bound below the saved level is the caller's; the rest are the files'.
            let kind = |e: &Error| match e.message().contains("past the level bound") {
                true => ErrorKind::InvalidArgument,
                false => ErrorKind::Database,
            };
            assert!(errs.iter().all(|e| e.kind() == kind(e)), "{errs:?}");
            errs.iter()
                .map(|e| e.message().to_string())
                .collect::<Vec<_>>()
                .join(" | ")
        };
        // A text file where rank 0's state goes: refused and unchanged.
        std::fs::create_dir_all(&dir).unwrap();
        let state0 = dir.join("rank-0-of-2.state");
        std::fs::write(&state0, "my notes\n").unwrap();
        let m = fails(&with_checkpoint(&dir, 3), 2);
        assert!(
            m.contains("not a twisty checkpoint; it was left alone"),
            "{m}"
        );
        assert!(m.contains("1 other rank(s) failed"), "{m}");
        assert_eq!(std::fs::read_to_string(&state0).unwrap(), "my notes\n");
        std::fs::remove_dir_all(&dir).unwrap();
        // A slice with no state beside it: not ours.
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("rank-1-of-2.slice"), "data").unwrap();
        let m = fails(&with_checkpoint(&dir, 3), 2);
        assert!(m.contains("there is no state file beside it"), "{m}");
        std::fs::remove_dir_all(&dir).unwrap();
        // A saved checkpoint, then: another rank count, another tag, a damaged slice, a
        // damaged state, a bound below the saved level.
        run_ranks(&UNDIRECTED, 2, &with_checkpoint(&dir, 4));
        let mut other = with_checkpoint(&dir, 0);
        other.checkpoint.as_mut().unwrap().tag = "another table".into();
        assert!(fails(&other, 2).contains("the checkpoint of another search"));
        let m = fails(&with_checkpoint(&dir, 2), 2);
        assert!(m.contains("holds level 4, past the level bound 2"), "{m}");
        let slice0 = dir.join("rank-0-of-2.slice");
        let good = std::fs::read(&slice0).unwrap();
        let mut bad = good.clone();
        let k = bad.iter().position(|&b| b & 15 == 2).unwrap();
        bad[k] = (bad[k] & 0xf0) | 3;
        std::fs::write(&slice0, &bad).unwrap();
        let m = fails(&with_checkpoint(&dir, 0), 2);
        assert!(m.contains("damaged (its checksum does not match)"), "{m}");
        std::fs::write(&slice0, &good).unwrap();
        let text = std::fs::read_to_string(&state0).unwrap();
        std::fs::write(&state0, text.replace("level=4", "level=5")).unwrap();
        let m = fails(&with_checkpoint(&dir, 0), 2);
        assert!(m.contains("damaged (its checksum does not match)"), "{m}");
        std::fs::write(&state0, &text).unwrap();
        // Put back whole, it resumes.
        let again = run_ranks(&UNDIRECTED, 2, &with_checkpoint(&dir, 0));
        assert_table(
            &again,
            &reference(&UNDIRECTED),
            "resumed after the refusals",
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
