//! The parallel, level-synchronous breadth-first builder.
//!
//! The result is a file (`<path>.partial` while building). Each level is one
//! parallel pass (rayon) of one of three kinds:
//!
//! - **list forward**: while the frontier is small it is kept as a list of cells; each cell's
//!   neighbours are computed from the precomputed moves and claimed with an atomic
//!   compare-and-swap on their byte (so two threads never lose each other's nibble), and the
//!   claimed cells form the next list (until it outgrows `list_cap`);
//! - **scan forward**: the whole table is swept for cells of the current level;
//! - **scan backward**: late, when unreached cells are fewer than twice the frontier, every
//!   unreached cell looks for one neighbour in the frontier and stops at the first (the first
//!   neighbours of several cells prefetched together). The first such sweep marks the cells no
//!   class owns ([`NOT_OWNER`]) so that later ones skip them; the marks are cleared before the
//!   file is finished.
//!
//! The table lives in anonymous memory while it is built (a file-backed mapping makes the kernel
//! write dirty pages back all the time). After a level that took long, the table is saved to the
//! file and then the header records the level, so a stopped build resumes from the last saved
//! level (cells beyond it are cleared first). Only a finished build gets checksums, the
//! `complete` status and its final name.

use std::fs::OpenOptions;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering::Relaxed};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::format::{HEADER_LEN, Header, MAX_LEVELS, Status, Variant};
use super::index::{Arrangement, BlockMoves, ClassIndex, PER_SHAPE, arrangement};
use super::{class_index, total_cells};
use crate::error::{Error, ErrorKind, Result};
use crate::progress::{CancelToken, Progress, ProgressReport};
use crate::rank::sq1::{BIG_COUNT, Sq1Ranks};

/// What to build.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    pub variant: Variant,
    /// Stop after this level (a partial database); 0 builds everything.
    pub max_level: u32,
    /// Worker threads; 0 uses one per core.
    pub threads: usize,
    /// Largest frontier kept as a list of cells (8 bytes each) before sweeping the table.
    pub list_cap: u64,
    /// How often progress is reported.
    pub report_every: Duration,
    /// Save the table to the file after a level that took at least this long, so that a stopped
    /// build resumes from there (the end of the build always saves).
    pub checkpoint_after: Duration,
}

impl BuildOptions {
    pub fn new(variant: Variant) -> BuildOptions {
        BuildOptions {
            variant,
            max_level: 0,
            threads: 0,
            // Below the 153 M (169 M with the middle layer) cells of level 8: a list's cells come
            // in claim order, each target a cache miss, where a sweep meets them in slot order,
            // so that the targets of neighbouring cells are near each other (and each block's
            // moves are set up once). A list pays off only while it saves scanning the table.
            list_cap: 100_000_000,
            report_every: Duration::from_millis(500),
            checkpoint_after: Duration::from_secs(60),
        }
    }
}

/// The working file of a build in progress.
pub fn partial_path(path: &Path) -> PathBuf {
    crate::fileio::partial_path(path)
}

/// The most worker threads a build accepts (more would only contend for the same memory).
pub const MAX_THREADS: usize = 256;

impl BuildOptions {
    /// Checks the options a caller sets: the level bound fits the file format, the thread count
    /// is at most [`MAX_THREADS`].
    pub fn validate(&self) -> Result<()> {
        let last = MAX_LEVELS as u32 - 1;
        if self.max_level > last {
            return Err(Error::invalid_argument(format!(
                "max_level {} out of range 0..={last}",
                self.max_level
            )));
        }
        if self.threads > MAX_THREADS {
            return Err(Error::invalid_argument(format!(
                "threads {} out of range 0..={MAX_THREADS}",
                self.threads
            )));
        }
        Ok(())
    }
}

fn db_err(m: impl Into<String>) -> Error {
    Error::new(ErrorKind::Database, m)
}

/// An I/O error on the build's file, in the engine's words ([`crate::fileio::describe`]).
fn io_err(work: &Path, verb: &'static str) -> impl Fn(std::io::Error) -> Error {
    move |e| {
        db_err(format!(
            "{}: {}",
            work.display(),
            crate::fileio::describe(work, verb, &e)
        ))
    }
}

/// The table as atomic bytes, with a flag per I/O chunk that has been written to (untouched
/// chunks of a partial build are never read back: they are zero).
struct Cells<'a> {
    bytes: &'a [AtomicU8],
    touched: Vec<AtomicBool>,
}

impl Cells<'_> {
    #[inline]
    fn get(&self, cell: u64) -> u8 {
        let b = self.bytes[(cell >> 1) as usize].load(Relaxed);
        if cell & 1 == 0 { b & 15 } else { b >> 4 }
    }

    #[inline(always)]
    fn prefetch(&self, cell: u64) {
        crate::tablefile::prefetch(self.bytes, (cell >> 1) as usize);
    }

    /// Sets the cell to `level` if it is 0; true if this call set it.
    #[inline]
    fn claim(&self, cell: u64, level: u8) -> bool {
        let claimed = crate::bfs::claim_nibble(&self.bytes[(cell >> 1) as usize], cell & 1, level);
        if claimed {
            self.touch((cell >> 1) as usize);
        }
        claimed
    }

    /// Flags the I/O chunk of a byte as written to. Read first: a store to a flag that is
    /// already set would still take its cache line from the other cores, once per claim.
    #[inline]
    fn touch(&self, byte: usize) {
        let flag = &self.touched[byte / IO_CHUNK];
        if !flag.load(Relaxed) {
            flag.store(true, Relaxed);
        }
    }
}

/// Neighbours of a cell: calls `f` with each neighbour cell until it returns true.
struct Expander<'a> {
    ix: &'a ClassIndex,
    ranks: &'a Sq1Ranks,
    per_slot: u64,
}

impl Expander<'_> {
    #[inline]
    fn keys(&self, slot: u64) -> (usize, Arrangement) {
        let class = (slot / PER_SHAPE) as usize;
        let within = slot % PER_SHAPE;
        let sk = self.ranks.small_key((within / BIG_COUNT as u64) as u16);
        let bk = self.ranks.big_key((within % BIG_COUNT as u64) as u16);
        (class, arrangement(sk, bk))
    }

    /// Whether the cell is the one its class owns (the smallest slot among its symmetric twins).
    #[inline]
    fn is_owner(&self, cell: u64) -> bool {
        let slot = cell / self.per_slot;
        let stab = &self.ix.stabs[(slot / PER_SHAPE) as usize];
        if stab.len() == 1 {
            return true;
        }
        let within = slot % PER_SHAPE;
        let (small, big) = (
            (within / BIG_COUNT as u64) as u16,
            (within % BIG_COUNT as u64) as u16,
        );
        let arr = arrangement(self.ranks.small_key(small), self.ranks.big_key(big));
        self.ix.is_smallest(self.ranks, stab, arr, (small, big))
    }

    /// Appends the cells one move away.
    #[inline]
    fn targets(&self, cell: u64, out: &mut Vec<u64>) {
        self.any_target(cell, |t| {
            out.push(t);
            false
        });
    }

    /// Whether `hit` holds for a cell one move away, stopping at the first.
    #[inline]
    fn any_target(&self, cell: u64, mut hit: impl FnMut(u64) -> bool) -> bool {
        let (slot, middle) = (cell / self.per_slot, cell % self.per_slot);
        let (class, arr) = self.keys(slot);
        // Every move twists, so with the middle layer it flips square <-> kite.
        let other_middle = if self.per_slot == 2 { 1 - middle } else { 0 };
        self.ix.moves[class].iter().any(|mv| {
            hit(self
                .ix
                .canonical(self.ranks, mv.target as usize, &mv.perms, arr)
                * self.per_slot
                + other_middle)
        })
    }

    /// Calls `f` with the cells one move away from `cell` by its first `moves` moves; `block`
    /// holds (or is made to hold) the moves of the cell's block.
    #[inline]
    fn swept_targets(
        &self,
        block: &mut BlockMoves,
        cell: u64,
        moves: usize,
        mut f: impl FnMut(usize, u64),
    ) {
        let (slot, middle) = (cell / self.per_slot, cell % self.per_slot);
        block.set(self.ix, self.ranks, slot);
        let big_key = self.ranks.big_key((slot % BIG_COUNT as u64) as u16);
        let other_middle = if self.per_slot == 2 { 1 - middle } else { 0 };
        for k in 0..block.move_count().min(moves) {
            f(
                k,
                block.target(self.ranks, k, big_key) * self.per_slot + other_middle,
            );
        }
    }

    /// The neighbours of `cell` by its moves `4 * group ..` (at most four, prefetched) into `t`;
    /// returns how many (0 past the last move).
    #[inline]
    fn neighbour_group(&self, cells: &Cells, cell: u64, group: usize, t: &mut [u64; 4]) -> usize {
        let (slot, middle) = (cell / self.per_slot, cell % self.per_slot);
        let (class, arr) = self.keys(slot);
        let other_middle = if self.per_slot == 2 { 1 - middle } else { 0 };
        let moves = self.ix.moves[class]
            .chunks(4)
            .nth(group)
            .unwrap_or_default();
        for (k, mv) in moves.iter().enumerate() {
            t[k] = self
                .ix
                .canonical(self.ranks, mv.target as usize, &mv.perms, arr)
                * self.per_slot
                + other_middle;
            cells.prefetch(t[k]);
        }
        moves.len()
    }

    /// Whether a neighbour of `cell` by its moves from `4 * group` on has level `level`.
    /// Neighbours are computed four at a time and prefetched together, and the search stops at
    /// the first hit.
    #[inline]
    fn has_neighbour_at(&self, cells: &Cells, cell: u64, level: u8, mut group: usize) -> bool {
        let mut t = [0u64; 4];
        loop {
            let n = self.neighbour_group(cells, cell, group, &mut t);
            if n == 0 {
                return false;
            }
            if t[..n].iter().any(|&x| cells.get(x) == level) {
                return true;
            }
            group += 1;
        }
    }
}

/// Unreached cells whose first neighbours are in flight together in a backward sweep: one cell
/// at a time would wait for memory once per cell.
const BACKWARD_BATCH: usize = 16;

/// One backward sweep over the bytes `a..b`: every unreached cell below `last_cell` with a
/// neighbour at `cur` gets `next`; with `mark`, the cells no class owns get [`NOT_OWNER`].
/// Returns the cells found. Only this call writes these bytes (the others only read them), so
/// plain stores lose nothing. The first four neighbours of up to [`BACKWARD_BATCH`] cells are
/// prefetched before any is read; a cell without a hit among them reads the rest in turn.
fn backward_chunk(
    ex: &Expander,
    cells: &Cells,
    (a, b): (usize, usize),
    (cur, next): (u8, u8),
    last_cell: u64,
    mark: bool,
) -> u64 {
    let mut n = 0u64;
    let mut block = BlockMoves::default();
    let mut batch = [(0u64, [0u64; 4], 0usize); BACKWARD_BATCH];
    let mut queued = 0;
    let mut resolve = |batch: &[(u64, [u64; 4], usize)]| {
        for &(cell, t, k) in batch {
            if t[..k].iter().any(|&x| cells.get(x) == cur)
                || (k == 4 && ex.has_neighbour_at(cells, cell, cur, 1))
            {
                let byte = &cells.bytes[(cell >> 1) as usize];
                byte.store(byte.load(Relaxed) | next << (4 * (cell & 1)), Relaxed);
                cells.touch((cell >> 1) as usize);
                n += 1;
            }
        }
    };
    for i in a..b {
        let v = cells.bytes[i].load(Relaxed);
        if v & 15 != 0 && v >> 4 != 0 {
            continue;
        }
        for half in 0..2u64 {
            let cell = 2 * i as u64 + half;
            if (v >> (4 * half)) & 15 != 0 || cell >= last_cell {
                continue;
            }
            if !ex.is_owner(cell) {
                if mark {
                    let byte = &cells.bytes[i];
                    byte.store(byte.load(Relaxed) | NOT_OWNER << (4 * half), Relaxed);
                }
                continue;
            }
            let entry = &mut batch[queued];
            *entry = (cell, [0; 4], 0);
            ex.swept_targets(&mut block, cell, 4, |k, t| {
                entry.1[k] = t;
                entry.2 = k + 1;
                cells.prefetch(t);
            });
            queued += 1;
            if queued == BACKWARD_BATCH {
                resolve(&batch);
                queued = 0;
            }
        }
    }
    resolve(&batch[..queued]);
    n
}

/// The database's table as a graph for the partitioned search ([`crate::bfs`]): one block per
/// shape class, the same cells, start and moves as [`build`], so a partitioned search gives the
/// same levels (the MPI builder's table).
pub struct SilverGraph {
    variant: Variant,
}

impl SilverGraph {
    pub fn new(variant: Variant) -> SilverGraph {
        SilverGraph { variant }
    }

    fn expander(&self) -> Expander<'static> {
        Expander {
            ix: class_index(),
            ranks: Sq1Ranks::get(),
            per_slot: self.variant.cells_per_slot(),
        }
    }
}

impl crate::bfs::Graph for SilverGraph {
    fn cells(&self) -> u64 {
        total_cells(self.variant)
    }
    fn blocks(&self) -> u64 {
        super::index::CLASSES as u64
    }
    fn start(&self) -> u64 {
        let (slot, _) = class_index().slot_of(
            Sq1Ranks::get(),
            &crate::sq1::State::solved(crate::sq1::Colouring::Silver),
        );
        slot * self.variant.cells_per_slot()
    }
    fn successors(&self, cell: u64, out: &mut Vec<u64>) {
        self.expander().targets(cell, out)
    }
    fn undirected(&self) -> bool {
        // A twist undoes itself, and the turns around it are undone by opposite turns.
        true
    }
    fn reachable_cells(&self) -> Option<u64> {
        Some(super::class_count(self.variant))
    }
    fn is_reachable(&self, cell: u64) -> bool {
        self.expander().is_owner(cell)
    }
    fn any_successor(&self, cell: u64, hit: &dyn Fn(u64) -> bool) -> bool {
        self.expander().any_target(cell, hit)
    }
}

/// Expands frontier cells in batches: all targets of a batch are computed first, then claimed
/// while the ones a few steps ahead are prefetched, so that the random accesses overlap.
struct Forward<'a> {
    ex: &'a Expander<'a>,
    cells: &'a Cells<'a>,
    level: u8,
    buf: Vec<u64>,
    queued: usize,
    block: BlockMoves,
}

const BATCH_CELLS: usize = 16;
const PREFETCH_AHEAD: usize = 16;

impl<'a> Forward<'a> {
    fn new(ex: &'a Expander<'a>, cells: &'a Cells<'a>, level: u8) -> Forward<'a> {
        Forward {
            ex,
            cells,
            level,
            buf: Vec::with_capacity(BATCH_CELLS * 64),
            queued: 0,
            block: BlockMoves::default(),
        }
    }

    /// [`Self::push`] for cells met in slot order (a sweep): the moves are set up once per block.
    #[inline]
    fn push_swept(&mut self, cell: u64, on_claim: &mut impl FnMut(u64)) {
        let buf = &mut self.buf;
        self.ex
            .swept_targets(&mut self.block, cell, usize::MAX, |_, t| buf.push(t));
        self.queued += 1;
        if self.queued == BATCH_CELLS {
            self.flush(on_claim);
        }
    }

    #[inline]
    fn push(&mut self, cell: u64, on_claim: &mut impl FnMut(u64)) {
        self.ex.targets(cell, &mut self.buf);
        self.queued += 1;
        if self.queued == BATCH_CELLS {
            self.flush(on_claim);
        }
    }

    fn flush(&mut self, on_claim: &mut impl FnMut(u64)) {
        let n = self.buf.len();
        for &t in &self.buf[..n.min(PREFETCH_AHEAD)] {
            self.cells.prefetch(t);
        }
        for i in 0..n {
            if i + PREFETCH_AHEAD < n {
                self.cells.prefetch(self.buf[i + PREFETCH_AHEAD]);
            }
            let t = self.buf[i];
            if self.cells.claim(t, self.level) {
                on_claim(t);
            }
        }
        self.buf.clear();
        self.queued = 0;
    }
}

const CHUNK_BYTES: usize = 1 << 18;

/// Marks, from the first backward sweep on, a zero cell that no class owns (a slot of a
/// symmetric class other than its smallest): later sweeps then skip it without the ownership
/// test (up to 32 symmetries ranked), a quarter of all cells. The marks never reach a finished
/// file: they are cleared before the checksums (and when a resume reads a saved level back).
const NOT_OWNER: u8 = 15;

/// Builds (or resumes building) a database at `path`.
///
/// The options are checked first ([`BuildOptions::validate`]); a token cancelled before the
/// call stops it before anything is opened or allocated. An existing file at `path` is only
/// ever read (a complete database of these options is returned as it is; anything else is
/// refused). A cancelled build keeps `<path>.partial` to resume from; a build that fails
/// otherwise removes a `.partial` file it created, unless a level was saved in it.
pub fn build(
    path: &Path,
    opts: &BuildOptions,
    progress: &mut dyn Progress,
    cancel: &CancelToken,
) -> Result<Header> {
    opts.validate()?;
    if cancel.is_cancelled() {
        return Err(Error::new(
            ErrorKind::Cancelled,
            "database build cancelled before it started",
        ));
    }
    super::format::check_path(path)?;
    let work = partial_path(path);
    wait_for_other_build(&work, cancel)?;
    let fresh = std::fs::symlink_metadata(&work).is_err();
    let saved = std::cell::Cell::new(false);
    log::info!(
        "building the {} database into {} (levels up to {}, {} threads)",
        opts.variant.name(),
        path.display(),
        if opts.max_level == 0 {
            "the last".to_string()
        } else {
            opts.max_level.to_string()
        },
        if opts.threads == 0 {
            "one per core".to_string()
        } else {
            opts.threads.to_string()
        }
    );
    let r = build_at(path, &work, fresh, opts, progress, cancel, &saved);
    match &r {
        Ok(h) => log::info!(
            "database {} complete: {} classes in levels 1..{}, {:.1} s",
            path.display(),
            h.found(),
            h.completed_level,
            h.build_millis as f64 / 1000.0
        ),
        Err(e) => log::warn!("database build {} stopped: {}", path.display(), e.message()),
    }
    if let Err(e) = &r
        && fresh
        && !saved.get()
        && e.kind() != ErrorKind::Cancelled
    {
        let _ = std::fs::remove_file(&work);
    }
    r
}

/// Waits while another build holds `<path>.partial` (its lock): a cancelled build still
/// returning (a host may see it cancelled before its native call ends), or a build elsewhere.
/// The new build then resumes from what that one saved, or finds the database it completed,
/// instead of failing with "another build is using this file". Cancelling `cancel` ends the
/// wait (code 5).
fn wait_for_other_build(work: &Path, cancel: &CancelToken) -> Result<()> {
    let mut told = false;
    loop {
        // Absent or not a regular file: nobody builds there (the build reports the latter).
        let Ok(file) = crate::fileio::open_regular(work) else {
            return Ok(());
        };
        // Released at once (the file is closed): the build takes its own lock later.
        if file.try_lock().is_ok() {
            return Ok(());
        }
        if cancel.is_cancelled() {
            return Err(Error::new(
                ErrorKind::Cancelled,
                format!(
                    "database build cancelled while waiting for another build of {}",
                    work.display()
                ),
            ));
        }
        if !told {
            log::info!(
                "{}: another build is using this file; waiting for it",
                work.display()
            );
            told = true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// [`build`] once its arguments are checked; `fresh` says no `.partial` was there; `saved` is set
/// when a level reaches the file.
fn build_at(
    path: &Path,
    work: &Path,
    fresh: bool,
    opts: &BuildOptions,
    progress: &mut dyn Progress,
    cancel: &CancelToken,
    saved: &std::cell::Cell<bool>,
) -> Result<Header> {
    let what = path.display();
    if std::fs::symlink_metadata(path).is_ok() {
        let (h, _) = Header::read(path)?;
        if h.status == Status::Complete
            && h.variant == opts.variant
            && h.max_level == opts.max_level
        {
            return Ok(h);
        }
        return Err(db_err(format!(
            "{what}: a different database exists there; remove it first"
        )));
    }
    let cells_total = total_cells(opts.variant);
    // Never more workers than chunks of a sweep (the finest unit of parallel work).
    let chunks = Header::new(opts.variant, cells_total, 0, 0)
        .data_bytes
        .div_ceil(CHUNK_BYTES as u64) as usize;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads.min(chunks))
        .build()
        .map_err(|e| {
            Error::invalid_argument(format!("cannot start {} threads: {e}", opts.threads))
        })?;
    let threads = pool.current_num_threads() as u32;

    let (mut header, file) = if !fresh {
        let (h, _) = Header::read(work)?;
        if h.status != Status::Building || h.variant != opts.variant {
            return Err(db_err(format!(
                "{}: an unfinished {} build is there; remove it to build {}",
                work.display(),
                h.variant.name(),
                opts.variant.name()
            )));
        }
        let f = OpenOptions::new()
            .read(true)
            .write(true)
            .open(work)
            .map_err(io_err(work, "open"))?;
        log::info!(
            "resuming {} after level {}",
            work.display(),
            h.completed_level
        );
        (h, f)
    } else {
        let h = Header::new(opts.variant, cells_total, opts.max_level, threads);
        let f = OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(work)
            .map_err(|e| {
                db_err(format!(
                    "{}: {}",
                    work.display(),
                    crate::fileio::describe(work, "create", &e)
                ))
            })?;
        f.set_len(h.file_len()).map_err(io_err(work, "size"))?;
        if opts.max_level == 0 {
            // A full build touches every page: reserve the blocks now rather than one page
            // fault at a time (and fail early on a full disk). Partial builds stay sparse.
            // `preallocate`: posix_fallocate on Linux, FileAllocationInfo on Windows.
            crate::fileio::preallocate(&f, h.file_len()).map_err(|e| {
                db_err(format!(
                    "{}: cannot reserve {} bytes: {}",
                    work.display(),
                    h.file_len(),
                    crate::fileio::words(&e)
                ))
            })?;
        }
        h.write_to(&f).map_err(io_err(work, "write"))?;
        (h, f)
    };
    if file.try_lock().is_err() {
        return Err(db_err(format!(
            "{}: another build is using this file",
            work.display()
        )));
    }
    header.max_level = opts.max_level;
    header.threads = threads;

    // The table is built in anonymous memory: a file-backed mapping would have the kernel write
    // dirty pages back all through the build, taking a core. The file gets checkpoints.
    // Pages are mapped (and zeroed) up front: touching them lazily costs a read fault onto the
    // shared zero page and then a copy-on-write with a cross-CPU TLB flush, per 4 KiB page.
    let mut map = memmap2::MmapOptions::new();
    map.len(header.data_bytes as usize);
    #[cfg(not(target_os = "linux"))]
    map.populate();
    let mut mem = map.map_anon().map_err(|e| {
        db_err(format!(
            "cannot allocate {} bytes for the table: {}",
            header.data_bytes,
            crate::fileio::words(&e)
        ))
    })?;
    // 2 MiB pages: far fewer TLB misses on random accesses over gigabytes (a Linux advice). It
    // must come before the pages are faulted in: where the kernel gives huge pages only on
    // advice (the usual setting), a mapping populated first keeps its 4 KiB pages.
    #[cfg(target_os = "linux")]
    {
        let _ = mem.advise(memmap2::Advice::HugePage);
        let _ = mem.advise(memmap2::Advice::PopulateWrite);
    }
    let started = Instant::now() - Duration::from_millis(header.build_millis);
    if header.completed_level > 0 {
        read_data(&file, &mut mem).map_err(io_err(work, "read"))?;
    }
    let data_ptr = mem.as_mut_ptr() as *const AtomicU8;
    // SAFETY: AtomicU8 has the layout of u8; the slice covers exactly the table, which stays
    // mapped (and is only reached through this view) until `mem` drops at the end.
    let cells = Cells {
        bytes: unsafe { std::slice::from_raw_parts(data_ptr, header.data_bytes as usize) },
        // After a resume, the chunks read back non-zero count as touched.
        touched: mem
            .chunks(IO_CHUNK)
            .map(|c| AtomicBool::new(header.completed_level > 0 && c.iter().any(|&b| b != 0)))
            .collect(),
    };
    let ix = class_index();
    let ranks = Sq1Ranks::get();
    let ex = Expander {
        ix,
        ranks,
        per_slot: opts.variant.cells_per_slot(),
    };
    let stop = AtomicBool::new(false);
    let done = AtomicU64::new(0);
    let runner = PassRunner {
        pool: &pool,
        every: opts.report_every,
        cancel,
        stop: &stop,
        done: &done,
        started,
    };

    let n_bytes = header.data_bytes as usize;
    let n_chunks = n_bytes.div_ceil(CHUNK_BYTES);
    let chunk_range = |c: usize| (c * CHUNK_BYTES, ((c + 1) * CHUNK_BYTES).min(n_bytes));
    // One parallel pass over the whole table, chunk by chunk: `per_chunk(first byte, end byte)`
    // returns the cells it found; chunks are skipped once a cancellation stops the pass.
    let sweep = |per_chunk: &(dyn Fn(usize, usize) -> u64 + Sync)| -> u64 {
        (0..n_chunks)
            .into_par_iter()
            .map(|c| {
                if stop.load(Relaxed) {
                    return 0;
                }
                let (a, b) = chunk_range(c);
                let n = per_chunk(a, b);
                done.fetch_add(1, Relaxed);
                n
            })
            .sum()
    };

    // Sets every cell above level `keep` back to 0: what an interrupted pass wrote, or the
    // `NOT_OWNER` marks.
    let clear_above = |keep: u8, found: u64, progress: &mut dyn Progress| {
        runner.run(
            format!("clearing levels above {keep}"),
            keep as u32,
            n_chunks as u64,
            found,
            progress,
            || {
                sweep(&|a, b| {
                    for byte in &cells.bytes[a..b] {
                        let v = byte.load(Relaxed);
                        let (lo, hi) = (v & 15, v >> 4);
                        let (lo, hi) = (
                            if lo > keep { 0 } else { lo },
                            if hi > keep { 0 } else { hi },
                        );
                        if v != lo | (hi << 4) {
                            byte.store(lo | (hi << 4), Relaxed);
                        }
                    }
                    0
                })
            },
        )
    };

    let mut frontier: Option<Vec<u64>> = None;
    // Whether cells hold `NOT_OWNER` marks.
    let mut marked = false;
    if header.completed_level == 0 {
        let (slot, _) = ix.slot_of(
            ranks,
            &crate::sq1::State::solved(crate::sq1::Colouring::Silver),
        );
        let start = slot * ex.per_slot;
        cells.claim(start, 1);
        header.level_counts[1] = 1;
        header.completed_level = 1;
        frontier = Some(vec![start]);
    } else {
        // Clear whatever an interrupted pass wrote beyond the last complete level (marks of a
        // saved level included).
        clear_above(header.completed_level as u8, header.found(), progress)?;
    }

    loop {
        let level_start = Instant::now();
        let level = header.completed_level;
        if header.exhausted || (opts.max_level != 0 && level >= opts.max_level) {
            break;
        }
        if level as usize + 1 >= MAX_LEVELS {
            return Err(db_err(format!(
                "level {} does not fit the 4-bit format",
                level + 1
            )));
        }
        let (cur, next) = (level as u8, level as u8 + 1);
        let frontier_len = header.level_counts[level as usize];
        let unreached = super::class_count(opts.variant) - header.found();
        let found = header.found();
        let count = if let Some(list) = frontier.take() {
            let overflow = AtomicBool::new(false);
            let claimed = AtomicU64::new(0);
            let phase = format!("level {next} (forward from a list)");
            let (parts, count) = runner.run(
                phase,
                next as u32,
                list.len() as u64,
                found,
                progress,
                || {
                    let parts: Vec<Vec<u64>> = list
                        .par_chunks(4096)
                        .map(|chunk| {
                            let mut out = Vec::new();
                            if stop.load(Relaxed) {
                                return out;
                            }
                            let mut fw = Forward::new(&ex, &cells, next);
                            // Claims are counted per chunk: one shared counter per claim would bounce
                            // its cache line between cores millions of times.
                            let keep_list = !overflow.load(Relaxed);
                            let mut n = 0u64;
                            let mut keep = |t: u64| {
                                n += 1;
                                if keep_list {
                                    out.push(t);
                                }
                            };
                            for &cell in chunk {
                                fw.push(cell, &mut keep);
                            }
                            fw.flush(&mut keep);
                            if claimed.fetch_add(n, Relaxed) + n > opts.list_cap {
                                overflow.store(true, Relaxed);
                            }
                            done.fetch_add(chunk.len() as u64, Relaxed);
                            out
                        })
                        .collect();
                    (parts, claimed.load(Relaxed))
                },
            )?;
            if !overflow.load(Relaxed) {
                frontier = Some(parts.into_iter().flatten().collect());
            }
            count
        } else if unreached > 2 * frontier_len {
            // Forward costs a full expansion per frontier cell; backward stops at an unreached
            // cell's first neighbour in the frontier, usually after a few, so it wins once the
            // unreached cells are not many more than the frontier.
            runner.run(
                format!("level {next} (forward sweep)"),
                next as u32,
                n_chunks as u64,
                found,
                progress,
                || {
                    sweep(&|a, b| {
                        let mut n = 0u64;
                        let mut fw = Forward::new(&ex, &cells, next);
                        let mut count = |_: u64| n += 1;
                        for i in a..b {
                            let v = cells.bytes[i].load(Relaxed);
                            for half in 0..2u64 {
                                if (v >> (4 * half)) & 15 == cur {
                                    fw.push_swept(2 * i as u64 + half, &mut count);
                                }
                            }
                        }
                        fw.flush(&mut count);
                        n
                    })
                },
            )?
        } else {
            // A level that needs the mark's value is found without marks.
            let mark = next < NOT_OWNER;
            if !mark && marked {
                clear_above(cur, found, progress)?;
                marked = false;
            }
            marked |= mark;
            let last_cell = header.cells;
            runner.run(
                format!("level {next} (backward sweep)"),
                next as u32,
                n_chunks as u64,
                found,
                progress,
                || sweep(&|a, b| backward_chunk(&ex, &cells, (a, b), (cur, next), last_cell, mark)),
            )?
        };
        header.level_counts[next as usize] = count;
        header.exhausted = count == 0;
        header.completed_level = if count == 0 { level } else { level + 1 };
        header.build_millis = started.elapsed().as_millis() as u64;
        log::info!("level {next}: {count} ({:?})", started.elapsed());
        let last =
            header.exhausted || (opts.max_level != 0 && header.completed_level >= opts.max_level);
        if !last && level_start.elapsed() >= opts.checkpoint_after {
            let phase = format!("saving level {}", header.completed_level);
            runner
                .run(
                    phase,
                    next as u32,
                    n_chunks as u64,
                    header.found(),
                    progress,
                    || {
                        write_data(&file, &mem, &cells.touched, &done, &|| false)
                            .map(|()| 0u64)
                            .unwrap_or(u64::MAX)
                    },
                )
                .and_then(|r| {
                    if r == u64::MAX {
                        Err(db_err(format!(
                            "{}: cannot write a checkpoint",
                            work.display()
                        )))
                    } else {
                        Ok(r)
                    }
                })?;
            header.write_to(&file).map_err(io_err(work, "write"))?;
            saved.set(true);
        }
    }

    if marked {
        clear_above(header.completed_level as u8, header.found(), progress)?;
    }

    // A cancellation that arrives before the file is complete still wins: the data written so
    // far stays under the `.partial` name with a `building` header, ready to resume.
    let cancelled = || {
        Error::new(
            ErrorKind::Cancelled,
            "database build cancelled while saving; run it again to resume",
        )
    };
    if cancel.is_cancelled() {
        return Err(cancelled());
    }
    let t = Instant::now();
    header.region_checksums =
        pool.install(|| sparse_checksums(&mem, &cells.touched, header.region_bytes()));
    log::info!("checksums in {:?}", t.elapsed());
    let t = Instant::now();
    let stopped = || cancel.is_cancelled();
    write_data(&file, &mem, &cells.touched, &done, &stopped).map_err(io_err(work, "write"))?;
    if cancel.is_cancelled() {
        return Err(cancelled());
    }
    header.status = Status::Complete;
    header.build_millis = started.elapsed().as_millis() as u64;
    header.write_to(&file).map_err(io_err(work, "write"))?;
    log::info!("written in {:?}", t.elapsed());
    drop(mem);
    drop(file);
    std::fs::rename(work, path).map_err(|e| {
        db_err(format!(
            "{what}: {}",
            crate::fileio::describe(path, "rename the finished build", &e)
        ))
    })?;
    Ok(header)
}

/// Runs one pass on the pool while the calling thread reports progress and watches for
/// cancellation (so host callbacks always run on the thread that called `build`).
struct PassRunner<'a> {
    pool: &'a rayon::ThreadPool,
    every: Duration,
    cancel: &'a CancelToken,
    stop: &'a AtomicBool,
    done: &'a AtomicU64,
    started: Instant,
}

/// Something a pass returns, with the number of cells it found.
trait Found {
    fn found(&self) -> u64;
}

impl Found for u64 {
    fn found(&self) -> u64 {
        *self
    }
}

impl Found for (Vec<Vec<u64>>, u64) {
    fn found(&self) -> u64 {
        self.1
    }
}

impl PassRunner<'_> {
    fn run<T: Found + Send>(
        &self,
        phase: String,
        level: u32,
        total: u64,
        found: u64,
        progress: &mut dyn Progress,
        pass: impl FnOnce() -> T + Send,
    ) -> Result<T> {
        self.done.store(0, Relaxed);
        let pass_start = Instant::now();
        let (tx, rx) = mpsc::channel();
        let result = std::thread::scope(|s| {
            s.spawn(|| {
                let _ = tx.send(self.pool.install(pass));
            });
            loop {
                match rx.recv_timeout(self.every) {
                    Ok(r) => return r,
                    Err(_) => {
                        if self.cancel.is_cancelled() {
                            self.stop.store(true, Relaxed);
                        }
                        let d = self.done.load(Relaxed).min(total);
                        let el = pass_start.elapsed();
                        let eta = (d > 0).then(|| el.mul_f64((total - d) as f64 / d as f64));
                        progress.report(&ProgressReport {
                            phase: phase.clone(),
                            level,
                            done: d,
                            total,
                            found,
                            elapsed: self.started.elapsed(),
                            eta,
                        });
                    }
                }
            }
        });
        if self.stop.load(Relaxed) || self.cancel.is_cancelled() {
            return Err(Error::new(
                ErrorKind::Cancelled,
                format!("database build cancelled during level {level}; run it again to resume"),
            ));
        }
        progress.report(&ProgressReport {
            phase,
            level,
            done: total,
            total,
            found: found + result.found(),
            elapsed: self.started.elapsed(),
            eta: Some(Duration::ZERO),
        });
        Ok(result)
    }
}

const IO_CHUNK: usize = 1 << 16;

/// Writes the table after the header, skipping all-zero chunks (a partial database stays a
/// sparse file; cells only ever go from zero to a level, so a zero chunk is zero on disk too).
/// Stops early (leaving the rest unwritten) when `stop` says so.
fn write_data(
    file: &std::fs::File,
    mem: &[u8],
    touched: &[AtomicBool],
    done: &AtomicU64,
    stop: &dyn Fn() -> bool,
) -> std::io::Result<()> {
    done.store(0, Relaxed);
    for (i, chunk) in mem.chunks(IO_CHUNK).enumerate() {
        if i % 1024 == 0 && stop() {
            return Ok(());
        }
        if touched[i].load(Relaxed) {
            crate::fileio::write_all_at(file, chunk, HEADER_LEN + (i * IO_CHUNK) as u64)?;
        }
        done.store(((i + 1) * IO_CHUNK / CHUNK_BYTES) as u64, Relaxed);
    }
    file.sync_data()
}

fn read_data(file: &std::fs::File, mem: &mut [u8]) -> std::io::Result<()> {
    for (i, chunk) in mem.chunks_mut(IO_CHUNK).enumerate() {
        crate::fileio::read_exact_at(file, chunk, HEADER_LEN + (i * IO_CHUNK) as u64)?;
    }
    Ok(())
}

/// The header's region checksums, hashing only regions that hold a touched chunk; the others
/// are all zero and share one hash.
fn sparse_checksums(mem: &[u8], touched: &[AtomicBool], region_bytes: u64) -> Vec<u64> {
    use xxhash_rust::xxh3::xxh3_64;
    let region = region_bytes.max(1) as usize;
    let zeros = vec![0u8; region];
    let zero_hash = xxh3_64(&zeros);
    let mut sums: Vec<u64> = mem
        .par_chunks(region)
        .enumerate()
        .map(|(r, data)| {
            let (a, b) = (r * region, r * region + data.len());
            let any = (a / IO_CHUNK..b.div_ceil(IO_CHUNK)).any(|c| touched[c].load(Relaxed));
            match (any, data.len() == region) {
                (false, true) => zero_hash,
                (false, false) => xxh3_64(&zeros[..data.len()]),
                (true, _) => xxh3_64(data),
            }
        })
        .collect();
    sums.resize(super::format::REGIONS, 0);
    sums
}
