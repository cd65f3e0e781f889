//! The optimal 3x3x3 solver: fewest face turns (half-turn metric), by IDA* over a
//! symmetry-reduced pruning table in the family of nissy's H48.
//!
//! Where each part lives:
//! - `sym.rs`: the 48 symmetries (rotations and mirror images) acting on cubes and moves;
//! - `coord.rs`: the table's coordinate (corner classes x edge separation) and its move tables;
//! - `table.rs`: the breadth-first build of `h0`, the 2-bit entries with their line minima,
//!   lookups;
//! - `edges.rs`: the edges' own bound (separation and every flip, by symmetry, 0.9 MB);
//! - `cosets.rs`: the breadth-first search over the full cosets (every flip too), by symmetry;
//! - `flips.rs`: the tables with edge flips (`h1`..`h7`), filled from that search;
//! - `search.rs`: the search (cube and inverse together, multithreaded, all solutions).
//!
//! The table (`h0`, 117,567,450 entries in 29.6 MB) holds, for every corner class and edge
//! separation, the exact distance to the subgroup in which corners are in their tetrads and
//! untwisted and edges in their slices; a lookup also takes the corners' own distance and the
//! edges' (separation and all flips, from a small table of their own). Size
//! `hN` also keeps the flips of N edges (twice the size for each). A table is built in
//! parallel in about a minute or less on two cores (`h0` to `h3`), saved to a versioned, checksummed
//! cache file ([`crate::tablefile`]) and memory-mapped afterwards. A [`Solver`] is `Send +
//! Sync`; one serves any number of threads. Every solution is checked by applying it before
//! it is returned.

mod coord;
mod cosets;
mod edges;
mod flips;
pub mod kind;
mod search;
mod sym;
mod table;

use std::path::{Path, PathBuf};
use std::time::Instant;

use memmap2::{Mmap, MmapMut};

use crate::cube3::{Alg, Cube};
use crate::error::{Error, ErrorKind, Result};
use crate::progress::{CancelToken, Progress, ProgressReport};
use crate::tablefile::{Layout, TableFile};
pub use kind::{FILE_KIND, MAGIC};

#[cfg(target_endian = "big")]
compile_error!("the optimal solver's table file stores 32-bit entries little-endian");

/// 2: the edges' own bound added (sections 3 and 4).
const VERSION: u32 = 2;
/// Table sizes this version builds (nissy's naming: `h0` is the base size, `hN` adds the
/// flips of N edges and doubles the size N times).
pub const SIZES: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
/// Most threads one solve may use.
pub const MAX_THREADS: usize = 256;
/// Most solutions one solve returns (about 50 bytes each in memory).
pub const MAX_SOLUTIONS: usize = 1_000_000;
/// Longest solution length accepted as a bound (every cube needs at most 20).
pub const MAX_LENGTH: u32 = crate::cube3::solve::MAX_LENGTH;
/// Distance stored as code 0 ("at most this") in the 2-bit entries of each size.
const fn base_of(size: u8) -> u8 {
    if size == 0 { 7 } else { 8 }
}

const fn lines64(bytes: usize) -> usize {
    bytes.div_ceil(64) * 64
}

/// Longest distance the distribution section counts (the table's own maximum is lower).
const LEVELS: usize = 16;

/// The sections of the file of each size.
fn sections(size: u8) -> &'static [(&'static str, usize); 5] {
    static S: std::sync::OnceLock<Vec<[(&'static str, usize); 5]>> = std::sync::OnceLock::new();
    &S.get_or_init(|| {
        SIZES
            .iter()
            .map(|&n| {
                [
                    ("corner class", lines64(coord::CORNER_STATES * 4)),
                    ("distance", lines(n) * table::LINE_BYTES),
                    ("distribution", LEVELS * 8),
                    ("edge class", lines64(coord::EDGE_SEPS * 4)),
                    (
                        "edge distance",
                        lines64(edges::distance_bytes(edges::CLASSES)),
                    ),
                ]
            })
            .collect()
    })[size as usize]
}

/// Distance lines of the table of each size.
fn lines(size: u8) -> usize {
    if size == 0 {
        table::LINES
    } else {
        flips::lines(size as u32)
    }
}

/// Name of the table file of size `h{size}` inside the cache folder.
pub fn cache_file(size: u8) -> String {
    format!("cube3-optimal-h{size}-v{VERSION}.tbl")
}

/// What the tables were built from: the face moves, the symmetries and the positions whose
/// flips the table keeps.
fn digest(size: u8) -> u64 {
    let mut bytes = Vec::new();
    for p in sym::face_moves() {
        bytes.extend_from_slice(&p.cp);
        bytes.extend_from_slice(&p.co);
        bytes.extend_from_slice(&p.ep);
        bytes.extend_from_slice(&p.eo);
    }
    for s in &sym::symmetries().move_image {
        bytes.extend_from_slice(s);
    }
    bytes.extend_from_slice(&flips::FLIP_ORDER[..size as usize]);
    xxhash_rust::xxh3::xxh3_64(&bytes)
}

fn layout(size: u8) -> Layout<'static> {
    layout_with(size, base_of(size))
}

/// The layout of a table of `size` over any base (the base is part of the file's parameter).
fn layout_with(size: u8, base: u8) -> Layout<'static> {
    Layout {
        what: "3x3x3 optimal-solver table file",
        magic: MAGIC,
        version: VERSION,
        digest: digest(size),
        param: param(size, base),
        other_params: |file, own| format!("{} ({} was asked for)", size_name(file), size_name(own)),
        sections: sections(size),
    }
}

fn param(size: u8, base: u8) -> u64 {
    (table::ENTRIES as u64) << size | (base as u64) << 40
}

/// A table file's parameter told as its size (`size h1`), or in hexadecimal when it is no
/// size this version builds.
fn size_name(p: u64) -> String {
    match SIZES.iter().find(|&&n| param(n, base_of(n)) == p) {
        Some(n) => format!("size h{n}"),
        None => format!("parameters {p:#x}"),
    }
}

/// The one check of a table size (opening, building, default paths): one of [`SIZES`].
pub fn check_size(size: u8) -> Result<()> {
    if SIZES.contains(&size) {
        return Ok(());
    }
    Err(Error::invalid_argument(format!(
        "table size h{size} is not available: this version builds h0 to h{}",
        SIZES[SIZES.len() - 1]
    )))
}

/// Options of [`Solver::solve`].
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Shortest solution wanted (default 0): lengths below it are not searched.
    pub min_length: u32,
    /// Longest solution wanted (default 20, at most [`MAX_LENGTH`]); when no solution is this
    /// short the answer is an error.
    pub max_length: u32,
    /// How many solutions of the shortest length found (default 1: the first; at most
    /// [`MAX_SOLUTIONS`]).
    pub max_solutions: usize,
    /// Threads for this solve: 0 = one per core (default), at most [`MAX_THREADS`].
    pub threads: usize,
    /// Give up (a [`ErrorKind::Cancelled`] error) when the search is not done by then.
    pub deadline: Option<Instant>,
    pub cancel: Option<CancelToken>,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            min_length: 0,
            max_length: 20,
            max_solutions: 1,
            threads: 0,
            deadline: None,
            cancel: None,
        }
    }
}

impl SolveOptions {
    /// Checks every option (what [`Solver::solve`] does first): callers that open a table
    /// for a solve call it before opening, so a bad argument never waits for a table.
    pub fn validate(&self) -> Result<()> {
        crate::cube3::solve::check_max_length(self.max_length)?;
        if self.min_length > self.max_length {
            return Err(Error::invalid_argument(format!(
                "min_length {} is greater than max_length {}",
                self.min_length, self.max_length
            )));
        }
        if self.max_solutions == 0 {
            return Err(Error::invalid_argument("max_solutions must be at least 1"));
        }
        if self.max_solutions > MAX_SOLUTIONS {
            return Err(Error::invalid_argument(format!(
                "max_solutions {} out of range 1..={MAX_SOLUTIONS}",
                self.max_solutions
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

/// Solutions of one length, with how much searching they took.
#[derive(Clone, Debug)]
pub struct Solutions {
    /// Each solution once, in canonical order (see [`Solver::solve`]); all of one length.
    pub solutions: Vec<Alg>,
    /// The length searched last (the solutions' length).
    pub length: u32,
    /// Nodes visited over all depths.
    pub nodes: u64,
}

/// The optimal solver's tables. `Send + Sync`.
pub struct Solver {
    file: TableFile,
    layout: Layout<'static>,
    /// The distance lines copied into anonymous memory backed by huge pages where the system
    /// allows: the search reads them at random, and with 4 KiB pages nearly every read would
    /// also miss the TLB. `None` when the copy could not be made (the mapped file is used).
    resident: Option<Mmap>,
    size: u8,
    base: u32,
}

impl Solver {
    /// Builds the table of size `h{size}` in memory (see [`SIZES`]), reporting each level.
    pub fn build(size: u8, progress: &mut dyn Progress, cancel: &CancelToken) -> Result<Solver> {
        check_size(size)?;
        Solver::build_with(size, base_of(size), flips::STORED, progress, cancel)
    }

    /// [`Solver::build`] over any base, keeping the levels up to `stored` (for tests: a low
    /// base builds in seconds and exercises every step of the larger ones).
    pub(crate) fn build_with(
        size: u8,
        base: u8,
        stored: u8,
        progress: &mut dyn Progress,
        cancel: &CancelToken,
    ) -> Result<Solver> {
        let cancelled = || Error::new(ErrorKind::Cancelled, "table generation was cancelled");
        if cancel.is_cancelled() {
            return Err(cancelled());
        }
        let start = Instant::now();
        let layout = layout_with(size, base);
        let entries = (table::ENTRIES as u64) << size;
        let progress =
            &mut crate::progress::Logged::new(progress, log::Level::Info, module_path!());
        let corner_move = coord::corner_moves();
        let (class_of, reps) = coord::corner_classes(&corner_move);
        let stabilizers = coord::stabilizers(&reps);
        let rep_move = table::rep_moves(&corner_move, &reps);
        drop(corner_move);
        if cancel.is_cancelled() {
            return Err(cancelled());
        }
        // Entries reached before the level being reported; a level is told as it goes (the
        // depth-first ones, in slabs) and once complete.
        let mut found = 0u64;
        let mut level = |level: u8, count: u64, complete: bool| {
            let done = found + count;
            if complete {
                found = done;
            }
            progress.report(&ProgressReport {
                phase: format!("3x3x3 optimal table h{size}: distance {level}"),
                level: level as u32,
                done,
                total: entries,
                found: done,
                elapsed: start.elapsed(),
                eta: None,
            });
            !cancel.is_cancelled()
        };
        let mut map = MmapMut::map_anon(layout.file_len()).map_err(|e| {
            Error::new(
                ErrorKind::Database,
                format!("cannot allocate tables: {}", crate::fileio::words(&e)),
            )
        })?;
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        {
            let out = layout.section_mut(&mut map, 0);
            for (o, e) in out.chunks_exact_mut(4).zip(&class_of) {
                o.copy_from_slice(&e.to_le_bytes());
            }
            let (edge_class, edge_reps) = edges::classes(coord::mask_conj());
            let out = layout.section_mut(&mut map, 3);
            for (o, e) in out.chunks_exact_mut(4).zip(&edge_class) {
                o.copy_from_slice(&e.to_le_bytes());
            }
            let dist = edges::distances(&edge_class, &edge_reps, coord::mask_conj(), &|| {
                cancel.is_cancelled()
            })
            .ok_or_else(cancelled)?;
            layout.section_mut(&mut map, 4)[..dist.len()].copy_from_slice(&dist);
        }
        let counts = if size == 0 {
            let edge_move = coord::edge_moves();
            let edge_conj = coord::edge_conj();
            let graph = table::Graph {
                class_of: &class_of,
                rep_move: &rep_move,
                edge_move: &edge_move,
                edge_conj: &edge_conj,
                stabilizers: &stabilizers,
            };
            let out = layout.section_mut(&mut map, 1);
            table::fill(
                &graph,
                base,
                out,
                &mut |d, count| level(d, count, true),
                &|| cancel.is_cancelled(),
            )
            .ok_or_else(cancelled)?
        } else {
            let space = cosets::Space::new(&class_of, &reps, &rep_move, &stabilizers);
            let out = layout.section_mut(&mut map, 1);
            flips::fill(&space, size as u32, base, stored, out, &mut level, &|| {
                cancel.is_cancelled()
            })
            .ok_or_else(cancelled)?
        };
        log::info!("3x3x3 optimal table h{size}: entries per distance {counts:?}");
        assert!(counts.len() <= LEVELS, "a distance above the table's range");
        for (o, c) in layout
            .section_mut(&mut map, 2)
            .chunks_exact_mut(8)
            .zip(&counts)
        {
            o.copy_from_slice(&c.to_le_bytes());
        }
        layout.seal(&mut map);
        let map = map.make_read_only().map_err(|e| {
            Error::new(
                ErrorKind::Database,
                format!("cannot allocate tables: {}", crate::fileio::words(&e)),
            )
        })?;
        // The table is in anonymous memory already: no resident copy.
        Ok(Solver {
            file: TableFile::Anonymous(map),
            layout,
            resident: None,
            size,
            base: base as u32,
        })
    }

    /// Maps a table file of size `h{size}` written by [`Solver::save`]. A missing, damaged,
    /// stale or foreign file is [`ErrorKind::Database`].
    pub fn open(path: &Path, size: u8) -> Result<Solver> {
        check_size(size)?;
        let layout = layout(size);
        let (file, resident) = layout.open_resident(path, 1..2)?;
        Ok(Solver::assemble(file, resident, layout, size))
    }

    /// Opens the table file, or builds the table, saves it there (atomically) and maps it. A
    /// table file of this kind that cannot be used (damaged, stale) is rebuilt; any other file
    /// is refused and left alone.
    pub fn open_or_build(
        path: &Path,
        size: u8,
        progress: &mut dyn Progress,
        cancel: &CancelToken,
    ) -> Result<Solver> {
        check_size(size)?;
        let layout = layout(size);
        let (file, resident) =
            crate::tablefile::open_or_build_resident(path, &layout, 1..2, cancel, || {
                Ok(Solver::build(size, progress, cancel)?.file)
            })?;
        Ok(Solver::assemble(file, resident, layout, size))
    }

    /// The default table file of size `h{size}`: [`cache_file`] in
    /// [`crate::tablefile::cache_dir`].
    pub fn default_path(size: u8) -> PathBuf {
        crate::tablefile::cache_dir().join(cache_file(size))
    }

    /// Writes the table to a file (atomically).
    pub fn save(&self, path: &Path) -> Result<()> {
        self.file.save(path, &self.layout)
    }

    /// The solver over an opened file, whose distance lines (section 1) are `resident` in
    /// memory of their own when it could be had.
    fn assemble(
        file: TableFile,
        resident: Option<Mmap>,
        layout: Layout<'static>,
        size: u8,
    ) -> Solver {
        Solver {
            file,
            layout,
            resident,
            size,
            base: base_of(size) as u32,
        }
    }

    /// The table size (`h0` is 0).
    pub fn size(&self) -> u8 {
        self.size
    }

    /// Bytes of the table file (mapped, not on the heap).
    pub fn table_bytes(&self) -> usize {
        self.file.bytes().len()
    }

    /// How many table entries hold each exact distance (index = distance), as found when the
    /// table was built. Tables with flips (size 1 and up) are filled only up to distance
    /// base + 2: their last count, at base + 3, is every entry at that distance or more.
    pub fn distribution(&self) -> Vec<u64> {
        let bytes = self.layout.section(self.file.bytes(), 2);
        let mut v: Vec<u64> = bytes
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect();
        while v.len() > 1 && v.last() == Some(&0) {
            v.pop();
        }
        v
    }

    /// The distance stored as code 0 of the 2-bit entries (entries at most this far fall back
    /// to their line's minimum).
    pub fn base(&self) -> u32 {
        self.base
    }

    /// Bytes this solver holds in memory of its own: the resident copy of the distance lines
    /// (anonymous memory) and the value itself; the mapped table file is not counted. What a
    /// garbage-collected host reports as the memory pressure of one handle.
    pub fn heap_bytes(&self) -> usize {
        std::mem::size_of::<Solver>() + self.resident.as_ref().map_or(0, |m| m.len())
    }

    fn pruning(&self) -> search::Pruning<'_> {
        let words = |k: usize, len: usize| {
            let bytes = self.layout.section(self.file.bytes(), k);
            // SAFETY: any bytes are valid u32s; the file is page-aligned and the section starts
            // at a multiple of 64, which the assertion checks.
            let (head, words, _) = unsafe { bytes.align_to::<u32>() };
            assert!(head.is_empty(), "misaligned table");
            &words[..len]
        };
        search::Pruning {
            class_of: words(0, coord::CORNER_STATES),
            edge_class: words(3, coord::EDGE_SEPS),
            edge_dist: self.layout.section(self.file.bytes(), 4),
            lines: match &self.resident {
                Some(m) => &m[..],
                None => self.layout.section(self.file.bytes(), 1),
            },
            base: self.base,
            conj: coord::mask_conj(),
            flips: self.size as u32,
            pick: flips::Pick::new(self.size as u32),
        }
    }

    /// The table's lower bound of the cube's distance (the larger of the cube's and its
    /// inverse's).
    pub fn lower_bound(&self, cube: &Cube) -> u32 {
        let p = self.pruning();
        search::Node::root(cube.pieces(), &p).bound()
    }

    /// Solutions of the fewest face turns (half-turn metric) of at least
    /// [`SolveOptions::min_length`] moves, in space: applied to `cube` (whatever its
    /// orientation) each solves the pieces.
    ///
    /// Lengths are searched one by one from the larger of `min_length` and the table's bound;
    /// the first length with a solution is the answer, with its first
    /// [`SolveOptions::max_solutions`] solutions in the search's task order (depth-first at
    /// the first length searched, then the tasks that took the most nodes a length before
    /// first; the same order whatever the number of threads). Each solution appears once: two
    /// commuting moves of opposite faces are written U before D, R before L, F before B, and no
    /// face is turned twice in a row. Symmetric solutions of a symmetric cube are all listed: such a cube searches only
    /// the solutions that are the least of their images under its own symmetries, and each
    /// solution found is followed by its images not listed before. `progress` is told after
    /// each length (phase `depth N`, `done` = nodes so far, `found` = solutions).
    ///
    /// Errors: options out of range ([`ErrorKind::InvalidArgument`]), no solution of at most
    /// `max_length` moves (the same; at once when the bound already exceeds it), a token
    /// cancelled or the deadline passed ([`ErrorKind::Cancelled`], also before any search).
    pub fn solve(
        &self,
        cube: &Cube,
        opts: &SolveOptions,
        progress: &mut dyn Progress,
    ) -> Result<Solutions> {
        self.solve_with(cube, opts, progress, true)
    }

    /// [`Solver::solve`]; with `by_symmetry`, a cube with symmetries of its own searches only
    /// the solutions that are the least of their images under them and lists the others as
    /// images (the same solutions, for about 1/|symmetries| of the work).
    fn solve_with(
        &self,
        cube: &Cube,
        opts: &SolveOptions,
        progress: &mut dyn Progress,
        by_symmetry: bool,
    ) -> Result<Solutions> {
        opts.validate()?;
        let start = Instant::now();
        let early = if opts.cancel.as_ref().is_some_and(|c| c.is_cancelled()) {
            Some(search::Stop::Cancelled)
        } else if opts.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(search::Stop::Deadline)
        } else {
            None
        };
        if let Some(stop) = early {
            return Err(stop.error(&lengths_text(opts.min_length, opts.max_length)));
        }
        let prune = self.pruning();
        let root = search::Node::root(cube.pieces(), &prune);
        let bound = root.bound();
        if bound > opts.max_length {
            return Err(Error::invalid_argument(format!(
                "no solution of {} exists for this cube: it needs at least {bound}",
                lengths_text(opts.min_length, opts.max_length)
            )));
        }
        let threads = match opts.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        let sy = sym::symmetries();
        let own: Vec<usize> = (0..sym::SYMS)
            .filter(|&s| by_symmetry && sy.conj(s, cube.pieces()) == *cube.pieces())
            .collect();
        let root = root.with_symmetries(&own);
        let mut nodes = 0;
        let mut costs = None;
        let mut scratch = search::Scratch::default();
        for length in bound.max(opts.min_length)..=opts.max_length {
            let r = search::search_depth(
                &prune,
                &root,
                length,
                opts.max_solutions,
                threads,
                opts.cancel.as_ref(),
                opts.deadline,
                costs.as_ref(),
                search::SPLIT_SHARE,
                &mut scratch,
            );
            if let Some(old) = costs.replace(r.costs) {
                scratch.recycle(old);
            }
            nodes += r.nodes;
            if let Some(stop) = r.stopped {
                return Err(stop.error(&lengths_text(opts.min_length, opts.max_length)));
            }
            progress.report(&ProgressReport {
                phase: format!("depth {length}"),
                level: length,
                done: nodes,
                total: 0,
                found: r.solutions.len() as u64,
                elapsed: start.elapsed(),
                eta: None,
            });
            log::debug!(
                "optimal: depth {length} searched for {cube}, {nodes} nodes, {} tasks, {:.1?}",
                r.tasks,
                start.elapsed()
            );
            if r.solutions.is_empty() {
                continue;
            }
            let paths = if own.len() > 1 {
                search::symmetric_images(&r.solutions, &own, opts.max_solutions)
            } else {
                r.solutions
            };
            let o = cube.orientation();
            let mut solutions = Vec::with_capacity(paths.len());
            for path in &paths {
                let alg = crate::cube3::solve::in_space(o, path);
                if !cube.apply(&alg).is_solved() {
                    return Err(Error::new(
                        ErrorKind::Panic,
                        format!("internal error: the solution {alg} does not solve {cube}"),
                    ));
                }
                solutions.push(alg);
            }
            return Ok(Solutions {
                solutions,
                length,
                nodes,
            });
        }
        Err(Error::invalid_argument(format!(
            "no solution of {} exists for this cube",
            lengths_text(opts.min_length, opts.max_length)
        )))
    }

    /// Solves many cubes at once, one per thread (`opts.threads` of them, 0 = one per core),
    /// each with the options of [`Solver::solve`] but one thread: the mode for servers that
    /// solve many cubes. Answers are in the order of `cubes`; progress is not reported.
    pub fn solve_many(&self, cubes: &[Cube], opts: &SolveOptions) -> Vec<Result<Solutions>> {
        use rayon::prelude::*;
        if let Err(e) = opts.validate() {
            return cubes.iter().map(|_| Err(e.clone())).collect();
        }
        let one = SolveOptions {
            threads: 1,
            ..opts.clone()
        };
        let solve = |c: &Cube| self.solve(c, &one, &mut crate::progress::NoProgress);
        let threads = match opts.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(|| cubes.par_iter().map(solve).collect()),
            Err(e) => {
                let e = Error::new(ErrorKind::Panic, format!("cannot start threads: {e}"));
                cubes.iter().map(|_| Err(e.clone())).collect()
            }
        }
    }
}

/// The lengths a solve was asked for, as its errors tell them: `at most 4 moves`, or with a
/// shortest length, `4 to 4 moves`.
fn lengths_text(min: u32, max: u32) -> String {
    if min > 0 {
        format!("{min} to {max} moves")
    } else {
        format!("at most {max} moves")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube3::geometry::Perm;
    use crate::progress::NoProgress;
    use crate::rng::Rng;

    fn solver() -> Solver {
        let path = std::env::var_os("TWISTY_DB_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../build/vector-dbs"))
            .join("cube3-optimal-h0.tbl");
        Solver::open_or_build(&path, 0, &mut NoProgress, &CancelToken::new()).unwrap()
    }

    /// The reduction by symmetry holds: every one of the 48 images of a cube reads the same
    /// 2-bit code and corner bound, for cubes near solved (where the stabilizers of symmetric
    /// corner states matter most) and random ones. (A code-0 entry's fallback, its line's
    /// minimum, belongs to the line, so it may differ between the images.)
    #[test]
    fn every_symmetry_gives_the_same_bound() {
        let s = solver();
        let p = s.pruning();
        let sy = sym::symmetries();
        let mut rng = Rng::new(9);
        let faces = sym::face_moves();
        for i in 0..400 {
            let x = if i % 2 == 0 {
                (0..i % 9).fold(Perm::IDENTITY, |x, _| {
                    x.then(&faces[rng.below(18) as usize])
                })
            } else {
                *Cube::random(&mut rng).pieces()
            };
            let code = |x: &Perm| {
                let side = coord::Side::new(*x);
                let (k, corners) = p.index(
                    side.c.corner_state(),
                    &side.c.edge_masks(),
                    side.c.eo as u32,
                );
                let (b, shift) = table::slot(k);
                (p.lines[b] >> shift & 3, corners)
            };
            let expected = code(&x);
            for t in 0..sym::SYMS {
                assert_eq!(code(&sy.conj(t, &x)), expected, "symmetry {t} of cube {i}");
            }
        }
    }

    /// The table's recorded distribution matches its entries' codes, and the line minima
    /// never exceed a code-0 entry's distance bound.
    fn check_codes(s: &Solver) {
        let entries = (table::ENTRIES as u64) << s.size();
        let d = s.distribution();
        assert_eq!(d.iter().sum::<u64>(), entries);
        assert_eq!(d[0], 1);
        let p = s.pruning();
        let mut codes = [0u64; 4];
        let base = s.base() as u8;
        for (l, line) in p.lines.chunks_exact(table::LINE_BYTES).enumerate() {
            for j in 0..table::PER_LINE {
                if ((l * table::PER_LINE + j) as u64) < entries {
                    codes[(line[j / 4] >> (2 * (j % 4)) & 3) as usize] += 1;
                }
            }
            assert!(line[table::LINE_BYTES - 1] >> 4 <= base);
        }
        let b = base as usize;
        assert_eq!(codes[0], d[..=b].iter().sum::<u64>());
        assert_eq!(codes[1], d[b + 1]);
        assert_eq!(codes[2], d[b + 2]);
        assert_eq!(codes[3], d[b + 3..].iter().sum::<u64>());
    }

    #[test]
    fn the_distribution_matches_the_codes() {
        check_codes(&solver());
    }

    /// `h0` is found in its own 2-bit lines (distances modulo 3 while it runs, see
    /// `table::fill`). Built over bases 4 and 7 (which move the level where the seen entries
    /// settle to code 0 and the one where the second search stops), every entry reads one
    /// distance (the ranges its two codes give meet), each line's minimum over a base is the
    /// smaller of that base and its minimum over a higher one, and the distribution is the one
    /// published in `docs/cube3-optimal.md`, found by the earlier build that kept one byte per
    /// entry.
    #[test]
    fn h0_built_over_other_bases_agrees_entry_by_entry() {
        let tables: Vec<Solver> = [4u8, 7]
            .iter()
            .map(|&b| Solver::build_with(0, b, 0, &mut NoProgress, &CancelToken::new()).unwrap())
            .collect();
        let published = [
            1, 1, 4, 34, 331, 3_612, 41_605, 474_128, 4_953_846, 34_776_317, 68_566_704, 8_749_194,
            1_673,
        ];
        for t in &tables {
            assert_eq!(t.distribution(), published, "base {}", t.base());
            check_codes(t);
        }
        let lines: Vec<&[u8]> = tables.iter().map(|t| t.pruning().lines).collect();
        let range = |base: u32, code: u8| match code {
            0 => (0, base),
            3 => (base + 3, u32::MAX),
            c => (base + c as u32, base + c as u32),
        };
        for l in 0..table::LINES {
            let line = |t: usize| &lines[t][l * table::LINE_BYTES..(l + 1) * table::LINE_BYTES];
            for j in 0..table::PER_LINE.min(table::ENTRIES - l * table::PER_LINE) {
                let (mut low, mut high) = (0, u32::MAX);
                for (t, s) in tables.iter().enumerate() {
                    let (a, b) = range(s.base(), line(t)[j / 4] >> (2 * (j % 4)) & 3);
                    (low, high) = (low.max(a), high.min(b));
                }
                assert!(low <= high, "entry {} reads no one distance", l * 254 + j);
            }
            let min = |t: usize| (line(t)[table::LINE_BYTES - 1] >> 4) as u32;
            assert_eq!(min(0), min(1).min(tables[0].base()), "line {l}");
        }
    }

    /// A table with flips over a low base, built in a second: the same bytes and distribution
    /// whether its last levels are stored or made in passes and marked with the levels below
    /// them (one, two or three levels marked together), codes that match its distribution, and
    /// bounds that never exceed the distance of positions near solved (every position up to
    /// four moves, found breadth-first) or the length of random move sequences.
    #[test]
    fn flip_tables_are_consistent_and_admissible() {
        let build = |size, stored| {
            Solver::build_with(size, 4, stored, &mut NoProgress, &CancelToken::new()).unwrap()
        };
        for size in [1u8, 3] {
            let marked = build(size, 5);
            let kept = build(size, 6);
            let (a, b) = (marked.pruning(), kept.pruning());
            assert!(
                a.lines == b.lines,
                "h{size}: marked and stored levels differ"
            );
            assert_eq!(marked.distribution(), kept.distribution());
            for stored in [4, 3] {
                let deeper = build(size, stored);
                assert!(
                    deeper.pruning().lines == a.lines,
                    "h{size}: {} levels marked differ",
                    6 - stored
                );
                assert_eq!(deeper.distribution(), kept.distribution());
            }
            check_codes(&marked);
            // Progress while three levels are marked together: levels and entries never go
            // back, and the last report is the last level with every entry reached.
            let mut reports = Vec::new();
            let mut keep = |r: &ProgressReport| reports.push((r.level, r.done));
            Solver::build_with(size, 4, 3, &mut keep, &CancelToken::new()).unwrap();
            assert!(
                reports.windows(2).all(|w| w[0] <= w[1]),
                "h{size}: {reports:?}"
            );
            let d = kept.distribution();
            let reached = d.iter().take(d.len() - 1).sum::<u64>();
            assert_eq!(reports.last(), Some(&(6, reached)), "h{size}");
            let p = marked.pruning();
            let faces = sym::face_moves();
            let mut seen = std::collections::HashSet::from([Perm::IDENTITY]);
            let mut level = vec![Perm::IDENTITY];
            for d in 1..=4u32 {
                let mut next = Vec::new();
                for x in &level {
                    for f in &faces {
                        let y = x.then(f);
                        if seen.insert(y) {
                            let bound = search::Node::root(&y, &p).bound();
                            assert!(bound <= d, "h{size}: bound {bound} at distance {d}");
                            next.push(y);
                        }
                    }
                }
                level = next;
            }
            let mut rng = Rng::new(size as u64);
            for _ in 0..3000 {
                let n = 5 + rng.below(10);
                let x = (0..n).fold(Perm::IDENTITY, |x, _| {
                    x.then(&faces[rng.below(18) as usize])
                });
                assert!(search::Node::root(&x, &p).bound() <= n as u32);
            }
        }
    }

    /// Searching with a flip table finds the same optimal solutions as with `h0` (the flips
    /// follow moves and premoves through the search).
    #[test]
    fn flip_tables_find_the_same_solutions() {
        let h0 = solver();
        let h2 = Solver::build_with(2, 4, 5, &mut NoProgress, &CancelToken::new()).unwrap();
        let mut rng = Rng::new(21);
        let faces = [
            "U", "U2", "U'", "D", "D2", "D'", "R", "R2", "R'", "L", "L2", "L'",
        ];
        let more = ["F", "F2", "F'", "B", "B2", "B'"];
        for i in 0..12 {
            let n = 6 + i % 4;
            let moves: Vec<&str> = (0..n)
                .map(|_| {
                    let k = rng.below(18) as usize;
                    if k < 12 { faces[k] } else { more[k - 12] }
                })
                .collect();
            let cube = Cube::from_alg(&Alg::parse(&moves.join(" ")).unwrap());
            let opts = SolveOptions {
                max_solutions: 10_000,
                threads: 1 + i as usize % 2,
                ..SolveOptions::default()
            };
            let solve = |s: &Solver| {
                let r = s.solve(&cube, &opts, &mut NoProgress).unwrap();
                let mut v: Vec<String> = r.solutions.iter().map(|a| a.to_string()).collect();
                v.sort();
                (r.length, v)
            };
            assert_eq!(solve(&h2), solve(&h0), "{}", moves.join(" "));
        }
    }

    /// Splitting the large tasks into the nodes below them changes nothing but the tasks run:
    /// the same solutions in the same order, the same nodes, the same costs per task for the
    /// next depth, whatever the limit and the number of threads.
    #[test]
    fn split_tasks_give_the_same_answers_in_the_same_order() {
        let s = solver();
        let p = s.pruning();
        let mut rng = Rng::new(31);
        let mut split = 0;
        for i in 0..6 {
            let cube = Cube::random(&mut rng);
            let root = search::Node::root(cube.pieces(), &p);
            let (threads, limit) = (1 + i % 3, [1, 3, 100_000][i % 3]);
            // Costs of a full depth (no solution of 12 moves below a random cube), then the
            // next depths with them, with every task that took nodes split and with none.
            let first = search::search_depth(
                &p,
                &root,
                12,
                limit,
                1,
                None,
                None,
                None,
                0,
                &mut search::Scratch::default(),
            );
            assert!(first.solutions.is_empty());
            for target in [13, 14] {
                let run = |share| {
                    search::search_depth(
                        &p,
                        &root,
                        target,
                        limit,
                        threads,
                        None,
                        None,
                        Some(&first.costs),
                        share,
                        &mut search::Scratch::default(),
                    )
                };
                let (whole, pieces) = (run(0), run(1 << 30));
                assert_eq!(
                    whole.solutions, pieces.solutions,
                    "cube {i} target {target}"
                );
                if whole.solutions.is_empty() {
                    assert_eq!(whole.nodes, pieces.nodes, "cube {i} target {target}");
                    assert_eq!(whole.costs, pieces.costs, "cube {i} target {target}");
                }
                assert!(pieces.tasks >= whole.tasks);
                split += pieces.tasks - whole.tasks;
            }
        }
        assert!(split > 200, "only {split} more tasks when split");
    }

    /// A cube with symmetries of its own gets the same solutions, from about 1/|symmetries|
    /// of the nodes, when only the least of each solution's images is searched and the rest
    /// are listed as images; limits still hold.
    #[test]
    fn symmetric_cubes_search_the_least_images() {
        let s = solver();
        let sy = sym::symmetries();
        assert_eq!(
            sy.conj(0, &Cube::random(&mut Rng::new(1)).pieces().clone()),
            *Cube::random(&mut Rng::new(1)).pieces(),
            "symmetry 0 is the identity"
        );
        let patterns = [
            "R2 L2 U2 D2 F2 B2",
            "U2 D2",
            "U D'",
            "R L' U D' F B'",
            "U R2 F2 R2 U' L2 B2 L2",
            "F2 U2 F2 U2 F2 U2",
            "R2 U2 R2 U2 R2 U2",
            "U2 R2 U2 R2",
            "R U R' U' R' F R2 U' R' U' R U R' F'",
        ];
        for (i, moves) in patterns.iter().enumerate() {
            let cube = Cube::from_alg(&Alg::parse(moves).unwrap());
            let own = (0..sym::SYMS)
                .filter(|&t| sy.conj(t, cube.pieces()) == *cube.pieces())
                .count();
            let opts = SolveOptions {
                max_solutions: 100_000,
                threads: 1 + i % 2,
                ..SolveOptions::default()
            };
            let run = |by_symmetry| {
                s.solve_with(&cube, &opts, &mut NoProgress, by_symmetry)
                    .unwrap()
            };
            let (with, without) = (run(true), run(false));
            let sorted = |r: &Solutions| {
                let mut v: Vec<String> = r.solutions.iter().map(|a| a.to_string()).collect();
                v.sort();
                v
            };
            assert_eq!(with.length, without.length, "{moves}");
            assert_eq!(sorted(&with), sorted(&without), "{moves}");
            if own > 1 {
                assert!(
                    with.nodes < without.nodes,
                    "{moves}: {} nodes against {}",
                    with.nodes,
                    without.nodes
                );
            }
            // Beyond the first levels the work is close to 1/|symmetries| (within 2x).
            if without.nodes > 500 {
                assert!(
                    with.nodes * own as u64 <= 2 * without.nodes,
                    "{moves}: {own} symmetries, {} nodes against {}",
                    with.nodes,
                    without.nodes
                );
            }
            // A limit below the count keeps that many distinct solutions.
            let few = SolveOptions {
                max_solutions: 2,
                ..opts.clone()
            };
            let r = s.solve(&cube, &few, &mut NoProgress).unwrap();
            assert_eq!(r.solutions.len(), without.solutions.len().min(2), "{moves}");
            assert!(r.solutions.len() < 2 || r.solutions[0] != r.solutions[1]);
        }
    }
}
