//! The two-phase solver (Kociemba's method) for the 3x3x3.
//!
//! Phase 1 searches, by iterative deepening, for move sequences that bring the cube into
//! `G1 = <U, D, R2, L2, F2, B2>`; for each one, phase 2 solves the rest with G1's ten moves.
//! Phase-1 lengths grow one at a time and phase 2 gets what the length bound leaves, so the
//! first solution found is within the bound ([`SolveOptions::max_length`], 21 by default;
//! every cube has a solution of at most 20 moves). A first solution of 21 moves or more is
//! followed by a short search for a shorter one (150 nodes more, counted so that answers do not
//! depend on the machine), which makes the default's answers 20.47 moves long on average
//! instead of 20.74.
//! Coordinates and tables: `coord.rs`.
//!
//! Phase 1 is pruned by its exact distance (`sym.rs`: every phase-1 position, reduced by the
//! eight rotations that keep the U/D axis, 2 bits per entry), so it wastes almost no nodes; each
//! phase-1 depth is tried in six directions (the cube seen along each axis, and its inverse),
//! which finds a solution within the bound much sooner. The large table's lookups miss the
//! cache, so they are avoided where a small table in cache answers: a child's class comes from
//! its slice places' class and a rotated flip (`sym::Phase1Index`, 0.6 MB, instead of a 4 MB
//! class table); in the last five levels every child that can go on is within four moves of
//! G1, whose 7,803 positions are in a small hash table with their distances, and five levels
//! before the end a bit filter of the positions within five moves drops most children without
//! a lookup (`coord::NearG1`); the last move needs no table at all (only a child in G1 can end
//! phase 1). Elsewhere a node's children are looked up in stages (all their classes, then all
//! their table bytes asked for, then read), so the misses overlap.
//!
//! Phase 2 is pruned by the exact distance of the corner and U/D-edge permutations together
//! (`sym.rs` again, 4 bits per entry, so that a phase-2 start reads its distance in one lookup
//! and is rejected at once when it does not fit the moves left; the few entries over 15 moves
//! hold 15, a lower bound) and by three small tables that see the slice order: corners x slice
//! order, U/D edges x slice order, U/D edges x U-corner places. A start is first checked
//! against the corners' own distance (a 40 KB table), which rejects most starts at 20 moves.
//!
//! Redundant work is skipped the usual way: no two consecutive moves of one face, opposite faces
//! in one fixed order, and a phase-1 sequence must end with a quarter turn of R, L, F or B (one
//! ending in a G1 move is a shorter phase 1 followed by phase 2).
//!
//! The tables (183 MB: 70 MB phase-1 and 107 MB phase-2 distances) are built in about a minute
//! on two cores, saved to a versioned, checksummed cache file ([`crate::tablefile`]) and
//! memory-mapped afterwards, except the two distance tables, which are read into memory that
//! asks for huge pages (their random lookups then miss the TLB far less); a [`Solver`] is
//! `Send + Sync` and one serves any number of threads. Every solution is checked by applying it before it is
//! returned.

pub(crate) mod coord;
pub mod kind;
mod sym;

/// The face moves and the twist coordinate (3^7 values) serve the optimal solver too.
pub(crate) use coord::{face_moves, set_twist, twist};

use std::path::{Path, PathBuf};
use std::time::Instant;

use memmap2::{Mmap, MmapMut};

use crate::cube3::geometry::Perm;
use crate::cube3::{Alg, Cube, Move};
use crate::error::{Error, ErrorKind, Result};
use crate::progress::{CancelToken, Progress, ProgressReport};
use crate::tablefile::{Layout, TableFile};
pub use kind::{FILE_KIND, MAGIC};

use coord::*;

#[cfg(target_endian = "big")]
compile_error!("the 3x3x3 table file stores 16-bit entries little-endian, as they lie in memory");

/// Name of the cache file inside the cache folder.
pub const CACHE_FILE: &str = "cube3-twophase-v4.tbl";
const VERSION: u32 = 4;

/// Sections of the table file, in order: move tables (16-bit entries) then pruning tables.
const SECTIONS: [(&str, usize); 10] = [
    ("twist move", TWISTS * MOVES * 2),
    ("flip move", FLIPS * MOVES * 2),
    ("slice move", SLICES * MOVES * 2),
    ("corner permutation move", PERMS8 * 10 * 2),
    ("edge permutation move", PERMS8 * 10 * 2),
    ("phase-1 distance", sym::PHASE1_ENTRIES.div_ceil(4)),
    ("phase-2 distance", sym::PHASE2_ENTRIES.div_ceil(2)),
    ("corner permutation pruning", PERMS8 * SLICE_ORDERS),
    ("edge permutation pruning", PERMS8 * SLICE_ORDERS),
    ("edge permutation corner set pruning", PERMS8 * CORNER_SETS),
];

enum T {
    TwistMove,
    FlipMove,
    SliceMove,
    CornerMove,
    EdgeMove,
    PhaseOne,
    PhaseTwo,
    CornerPrune,
    EdgePrune,
    EdgeCornerSetPrune,
}

/// The sections an opened file keeps in memory of their own (huge pages): the two large
/// distance tables, which both phases read at random. On the file's 4 KB pages nearly every
/// such read also misses the TLB, and when the host ran other work between solves (a JVM
/// interleaving another solver) the page walk misses the cache too.
const RESIDENT: std::ops::Range<usize> = T::PhaseOne as usize..T::PhaseTwo as usize + 1;

/// A 16-bit section's entries, read in place.
fn as_words(bytes: &[u8]) -> &[u16] {
    // SAFETY: any bytes are valid u16s; the file is page-aligned and every 16-bit section
    // starts at an even offset, which the assertion checks.
    let (head, words, tail) = unsafe { bytes.align_to::<u16>() };
    assert!(head.is_empty() && tail.is_empty(), "misaligned table");
    words
}

/// The face moves' permutations as bytes: what every 3x3x3 table's digest starts from.
pub(crate) fn face_move_bytes() -> Vec<u8> {
    let mut bytes = Vec::new();
    for p in face_moves() {
        bytes.extend_from_slice(&p.cp);
        bytes.extend_from_slice(&p.co);
        bytes.extend_from_slice(&p.ep);
        bytes.extend_from_slice(&p.eo);
    }
    bytes
}

/// What the tables were built from: the face moves' permutations.
fn digest() -> u64 {
    xxhash_rust::xxh3::xxh3_64(&face_move_bytes())
}

fn layout() -> Layout<'static> {
    Layout {
        what: "3x3x3 table file",
        magic: MAGIC,
        version: VERSION,
        digest: digest(),
        param: SECTIONS.iter().map(|s| s.1 as u64).sum(),
        other_params: crate::tablefile::other_params,
        sections: &SECTIONS,
    }
}

/// Options of [`Solver::solve`].
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Longest solution accepted (moves in the half-turn metric). Default 21. The first
    /// solution this short is returned when it has at most 20 moves; a longer one is returned
    /// only when a short further search finds none shorter.
    pub max_length: u32,
    /// Give up (a [`ErrorKind::Cancelled`] error) when no solution is found by then.
    pub deadline: Option<Instant>,
    pub cancel: Option<CancelToken>,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            max_length: 21,
            deadline: None,
            cancel: None,
        }
    }
}

/// Longest solution length accepted as a bound.
pub const MAX_LENGTH: u32 = 40;

impl SolveOptions {
    /// Checks the options (what [`Solver::solve`] does first): callers that open the tables
    /// for a solve call it before opening, so a bad argument never waits for the tables.
    pub fn validate(&self) -> Result<()> {
        check_max_length(self.max_length)
    }
}

/// The one bound of both 3x3x3 solvers' `max_length`: at most [`MAX_LENGTH`].
pub(crate) fn check_max_length(max_length: u32) -> Result<()> {
    if max_length > MAX_LENGTH {
        return Err(Error::invalid_argument(format!(
            "max_length {max_length} is out of range 0..={MAX_LENGTH}"
        )));
    }
    Ok(())
}

/// The two-phase solver's tables. `Send + Sync`.
pub struct Solver {
    file: TableFile,
    /// The [`RESIDENT`] sections of an opened file, read into memory of its own that asks for
    /// huge pages (`None` for tables just built, or when that memory could not be had: the
    /// file's mapping serves).
    resident: Option<Mmap>,
    layout: Layout<'static>,
    slice_set: Vec<u16>,
    /// Moves of the slice places (495 x 18, from the slice move table): phase 1 needs only
    /// which places the slice edges take, and this table stays in the first-level cache.
    set_move: Vec<u16>,
    /// Classes and rotated coordinates of the two large tables (computed on opening).
    sym1: sym::SymTable,
    sym2: sym::SymTable,
    /// How phase 1 finds its classes without the 4 MB class table.
    index1: sym::Phase1Index,
    near: NearG1,
    /// Slice-order moves (24 x 10), small enough to compute on opening.
    order_move: Vec<u16>,
    /// Corner set (0..70) of each corner permutation.
    corner_set_of: Vec<u8>,
    /// Phase-2 distance of each corner permutation alone (the corner pruning table's least
    /// entry over the slice orders).
    corner_distance: Vec<u8>,
    frames: Frames,
    solved_set: u16,
    moves: [Perm; MOVES],
}

impl Solver {
    /// Builds the tables in memory (about a minute on two cores, most of it the phase-1
    /// distances).
    pub fn build(progress: &mut dyn Progress, cancel: &CancelToken) -> Result<Solver> {
        let start = Instant::now();
        let layout = layout();
        let moves = face_moves();
        let p2: Vec<Perm> = PHASE2_MOVES.iter().map(|&m| moves[m as usize]).collect();
        let parts = slice_sets();
        let solved_set = parts[slice(&Perm::IDENTITY) as usize];
        let mut data = layout.buffer();
        let put16 = |data: &mut Vec<u8>, k: T, v: &[u16]| {
            let out = layout.section_mut(data, k as usize);
            for (o, x) in out.chunks_exact_mut(2).zip(v) {
                o.copy_from_slice(&x.to_le_bytes());
            }
        };
        let twists = twist_moves(&moves);
        let flips = flip_moves(&moves);
        let slices = slice_moves(&moves);
        let sets = slice_set_moves(&slices, &parts);
        let corners = corner_perm_moves(&p2);
        let edges = edge8_perm_moves(&p2);
        let orders = slice_order_moves(&p2);
        let corner_sets = corner_set_moves(&p2);
        put16(&mut data, T::TwistMove, &twists);
        put16(&mut data, T::FlipMove, &flips);
        put16(&mut data, T::SliceMove, &slices);
        put16(&mut data, T::CornerMove, &corners);
        put16(&mut data, T::EdgeMove, &edges);
        if cancel.is_cancelled() {
            return Err(Error::new(
                ErrorKind::Cancelled,
                "table generation was cancelled",
            ));
        }
        let progress =
            &mut crate::progress::Logged::new(progress, log::Level::Info, module_path!());
        let mut level_done = |phase: u8, level: u8, reached: u64, total: usize| {
            progress.report(&ProgressReport {
                phase: format!("3x3x3 tables: phase-{phase} distance {level}"),
                level: level as u32,
                done: reached,
                total: total as u64,
                found: reached,
                elapsed: start.elapsed(),
                eta: None,
            });
            !cancel.is_cancelled()
        };
        let cancelled = || Error::new(ErrorKind::Cancelled, "table generation was cancelled");
        let sym1 = sym::phase1_table();
        let dist = sym::distances(
            &sym1,
            MOVES,
            |a, m| {
                let (set, fl) = (a as usize / FLIPS, a as usize % FLIPS);
                sets[set * MOVES + m] as u32 * FLIPS as u32 + flips[fl * MOVES + m] as u32
            },
            &twists,
            (solved_set as u32 * FLIPS as u32, 0),
            &mut |level, reached| level_done(1, level, reached, sym::PHASE1_ENTRIES),
        )
        .ok_or_else(cancelled)?;
        layout
            .section_mut(&mut data, T::PhaseOne as usize)
            .copy_from_slice(&sym::pack_mod3(&dist));
        drop(dist);
        let sym2 = sym::phase2_table();
        let dist = sym::distances(
            &sym2,
            PHASE2_MOVES.len(),
            |a, m| corners[a as usize * 10 + m] as u32,
            &edges,
            (0, 0),
            &mut |level, reached| level_done(2, level, reached, sym::PHASE2_ENTRIES),
        )
        .ok_or_else(cancelled)?;
        layout
            .section_mut(&mut data, T::PhaseTwo as usize)
            .copy_from_slice(&sym::pack_nibbles(&dist));
        drop(dist);
        let prunes = [
            (T::CornerPrune, &corners, &orders, SLICE_ORDERS, 10, 0),
            (T::EdgePrune, &edges, &orders, SLICE_ORDERS, 10, 0),
            (
                T::EdgeCornerSetPrune,
                &edges,
                &corner_sets,
                CORNER_SETS,
                10,
                corner_set(&Perm::IDENTITY) as usize,
            ),
        ];
        for (k, (t, a, b, count, columns, solved)) in prunes.into_iter().enumerate() {
            let table = prune_table(a, b, count, columns, solved);
            layout
                .section_mut(&mut data, t as usize)
                .copy_from_slice(&table);
            progress.report(&ProgressReport {
                phase: format!("3x3x3 tables: phase-2 pruning table {} of 3", k + 1),
                level: 0,
                done: k as u64 + 1,
                total: 3,
                found: 0,
                elapsed: start.elapsed(),
                eta: None,
            });
            if cancel.is_cancelled() {
                return Err(Error::new(
                    ErrorKind::Cancelled,
                    "table generation was cancelled",
                ));
            }
        }
        layout.seal(&mut data);
        // Anonymous memory is page-aligned, so the 16-bit tables can be viewed in place.
        let mut map = MmapMut::map_anon(data.len()).map_err(|e| {
            Error::new(
                ErrorKind::Database,
                format!("cannot allocate tables: {}", crate::fileio::words(&e)),
            )
        })?;
        map.copy_from_slice(&data);
        let map = map.make_read_only().map_err(|e| {
            Error::new(
                ErrorKind::Database,
                format!("cannot allocate tables: {}", crate::fileio::words(&e)),
            )
        })?;
        Ok(Solver::assemble(TableFile::Anonymous(map), None, layout))
    }

    /// Bytes this solver holds in memory of its own (its table file is mapped, and not counted;
    /// the resident copy of the two distance tables is): what a garbage-collected host reports as
    /// the memory pressure of one handle.
    pub fn heap_bytes(&self) -> usize {
        use std::mem::size_of_val;
        std::mem::size_of::<Solver>()
            + self.resident.as_ref().map_or(0, |m| m.len())
            + size_of_val(&self.slice_set[..])
            + size_of_val(&self.set_move[..])
            + self.sym1.heap_bytes()
            + self.sym2.heap_bytes()
            + self.index1.heap_bytes()
            + self.near.heap_bytes()
            + size_of_val(&self.order_move[..])
            + size_of_val(&self.corner_set_of[..])
            + size_of_val(&self.corner_distance[..])
    }

    /// Maps a table file written by [`Solver::save`]. A missing, damaged, stale or foreign file
    /// is [`ErrorKind::Database`].
    pub fn open(path: &Path) -> Result<Solver> {
        let layout = layout();
        let (file, resident) = layout.open_resident(path, RESIDENT)?;
        Ok(Solver::assemble(file, resident, layout))
    }

    /// The solver over an opened (or just built) file, its distance tables `resident` in
    /// memory of their own when they could be had.
    fn assemble(file: TableFile, resident: Option<Mmap>, layout: Layout<'static>) -> Solver {
        let sets = slice_sets();
        let moves = face_moves();
        let p2: Vec<Perm> = PHASE2_MOVES.iter().map(|&m| moves[m as usize]).collect();
        let words = |t: T| as_words(layout.section(file.bytes(), t as usize));
        let set_move = slice_set_moves(words(T::SliceMove), &sets);
        let solved_set = sets[slice(&Perm::IDENTITY) as usize];
        let near = NearG1::new(
            words(T::TwistMove),
            words(T::FlipMove),
            &set_move,
            solved_set,
        );
        let sym1 = sym::phase1_table();
        let corner_distance = layout
            .section(file.bytes(), T::CornerPrune as usize)
            .chunks_exact(SLICE_ORDERS)
            .map(|row| *row.iter().min().expect("24 slice orders"))
            .collect();
        Solver {
            near,
            file,
            resident,
            layout,
            solved_set,
            set_move,
            slice_set: sets,
            index1: sym::Phase1Index::new(&sym1),
            sym1,
            sym2: sym::phase2_table(),
            order_move: slice_order_moves(&p2),
            corner_set_of: corner_sets_of_permutations(),
            corner_distance,
            frames: Frames::new(),
            moves,
        }
    }

    /// Opens the table file, or builds the tables, saves them there (atomically) and maps the
    /// result. A file that cannot be used (damaged, stale) is rebuilt and replaced.
    pub fn open_or_build(
        path: &Path,
        progress: &mut dyn Progress,
        cancel: &CancelToken,
    ) -> Result<Solver> {
        let layout = layout();
        let (file, resident) =
            crate::tablefile::open_or_build_resident(path, &layout, RESIDENT, cancel, || {
                Ok(Solver::build(progress, cancel)?.file)
            })?;
        Ok(Solver::assemble(file, resident, layout))
    }

    /// The default table file: [`CACHE_FILE`] in [`crate::tablefile::cache_dir`].
    pub fn default_path() -> PathBuf {
        crate::tablefile::cache_dir().join(CACHE_FILE)
    }

    /// Writes the tables to a file (atomically).
    pub fn save(&self, path: &Path) -> Result<()> {
        self.file.save(path, &self.layout)
    }

    fn bytes(&self, t: T) -> &[u8] {
        let k = t as usize;
        match &self.resident {
            Some(copy) if RESIDENT.contains(&k) => self.layout.resident_section(copy, RESIDENT, k),
            _ => self.layout.section(self.file.bytes(), k),
        }
    }

    fn words(&self, t: T) -> &[u16] {
        as_words(self.bytes(t))
    }

    /// A solution of at most [`SolveOptions::max_length`] moves (face turns, half-turn metric),
    /// in space: applied to `cube` (whatever its orientation) it solves the pieces.
    pub fn solve(&self, cube: &Cube, opts: &SolveOptions) -> Result<Alg> {
        self.solve_with_stats(cube, opts).map(|(alg, _)| alg)
    }

    fn search<'a>(&'a self, opts: &'a SolveOptions, start: Perm) -> Search<'a> {
        Search {
            t: Views {
                twist_move: self.words(T::TwistMove),
                flip_move: self.words(T::FlipMove),
                corner_move: self.words(T::CornerMove),
                edge_move: self.words(T::EdgeMove),
                order_move: &self.order_move,
                corner_set_of: &self.corner_set_of,
                corner_distance: &self.corner_distance,
                edge_corner_set_prune: self.bytes(T::EdgeCornerSetPrune),
                index1: &self.index1,
                near: &self.near,
                phase_one: sym::Packed {
                    sym: &self.sym1,
                    packed: self.bytes(T::PhaseOne),
                },
                phase_two: sym::Nibbles {
                    sym: &self.sym2,
                    packed: self.bytes(T::PhaseTwo),
                },
                corner_prune: self.bytes(T::CornerPrune),
                edge_prune: self.bytes(T::EdgePrune),
                slice_set: &self.slice_set,
                set_move: &self.set_move,
            },
            moves: &self.moves,
            start,
            prefix: vec![start],
            prefix_path: Vec::with_capacity(40),
            path: Vec::with_capacity(40),
            max: opts.max_length,
            stats: SearchStats::default(),
            deadline: opts.deadline,
            cancel: opts.cancel.as_ref(),
            stopped: None,
            solved_set: self.solved_set,
            best: None,
            current: 0,
            until: 0,
        }
    }

    /// Fewest face turns that take the cube's pieces into `<U, D, R2, L2, F2, B2>` (corners
    /// untwisted, edges unflipped, E-slice edges in the E slice; orientation ignored): the
    /// exact phase-1 distance, at most 12.
    pub fn phase1_distance(&self, cube: &Cube) -> u32 {
        let p = *cube.pieces();
        let opts = SolveOptions::default();
        self.search(&opts, p).distance(P1 {
            twist: twist(&p),
            flip: flip(&p),
            set: self.slice_set[slice(&p) as usize],
        })
    }

    /// [`Solver::solve`], with how much searching it took.
    pub fn solve_with_stats(&self, cube: &Cube, opts: &SolveOptions) -> Result<(Alg, SearchStats)> {
        opts.validate()?;
        // Solve the pieces (orientation 0, where the centres' frame is space) in six directions
        // at once, then name each move in space for the cube's orientation.
        let pieces = Cube::SOLVED.with_pieces(cube);
        let variants = self.frames.directions(&pieces);
        let mut s = self.search(opts, variants[0].1);
        // A token cancelled (or a deadline passed) before the call stops it before any search,
        // however quick the search would be.
        if s.stop() {
            return Err(s.stopped.take().expect("stopped"));
        }
        let found = s.run(&variants);
        if let (None, Some(e)) = (&found, s.stopped.take()) {
            return Err(e);
        }
        let Some((v, path)) = found else {
            return Err(Error::invalid_argument(format!(
                "no solution of at most {} moves exists for this cube",
                opts.max_length
            )));
        };
        let alg = in_space(cube.orientation(), &variants[v].0.back(&path));
        if !cube.apply(&alg).is_solved() {
            return Err(Error::new(
                ErrorKind::Panic,
                format!("internal error: the solution {alg} does not solve {cube}"),
            ));
        }
        log::debug!("two-phase: {} moves for {cube} ({:?})", alg.len(), s.stats);
        Ok((alg, s.stats))
    }
}

/// Work done by one solve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Phase-1 nodes visited.
    pub phase1_nodes: u64,
    /// Phase-1 ends (cubes in G1) handed to phase 2.
    pub phase2_starts: u64,
    /// Phase-2 nodes visited.
    pub phase2_nodes: u64,
}

/// One of the six searches: the cube seen along another axis, or its inverse.
struct Direction {
    /// Face move `m` of the variant is face move `relabel[m]` of the cube.
    relabel: [u8; MOVES],
    inverse: bool,
}

impl Direction {
    /// A solution of the cube from a solution of the variant.
    fn back(&self, path: &[u8]) -> Vec<u8> {
        let mapped = path.iter().map(|&m| self.relabel[m as usize]);
        if self.inverse {
            // Inverting reverses the order and each move (amount 1 <-> 3).
            mapped.rev().map(|m| m - m % 3 + 2 - m % 3).collect()
        } else {
            mapped.collect()
        }
    }
}

/// What the search directions and the naming of moves need, independent of the cube: computed
/// once on opening.
struct Frames {
    /// The rotations `x` and `z` besides none, with how each relabels the face moves: variant
    /// move `m` is `r m r⁻¹` on the cube, face move `relabel[m]`.
    rotations: [(Cube, [u8; MOVES]); 3],
}

/// `names[o][m]`: the move, named in space, whose piece effect on a cube in orientation `o` is
/// the centres'-frame face move `m`.
fn space_names() -> &'static [[Move; MOVES]] {
    static NAMES: std::sync::OnceLock<Vec<[Move; MOVES]>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        let face = face_moves();
        let space_moves: Vec<Move> = Move::all().filter(|mv| mv.kind().is_face()).collect();
        (0..24u8)
            .map(|o| {
                let probe = Cube::SOLVED.with_orientation(o);
                std::array::from_fn(|m| {
                    *space_moves
                        .iter()
                        .find(|mv| *probe.apply_move(**mv).pieces() == face[m])
                        .expect("every face move is some face move in space")
                })
            })
            .collect()
    })
}

/// Names centres'-frame face moves (index = 3·face + amount - 1) in space for a cube in
/// orientation `o`: the solvers' one way of turning a path into an [`Alg`].
pub(crate) fn in_space(o: u8, path: &[u8]) -> Alg {
    let names = &space_names()[o as usize];
    Alg::from_moves(path.iter().map(|&m| names[m as usize]).collect())
}

/// How the whole-cube rotation `r` relabels the face moves: `r m r⁻¹` is face move
/// `relabel[m]` (indices 3·face + amount - 1).
pub(crate) fn rotation_relabel(r: &Cube) -> [u8; MOVES] {
    let face = face_moves();
    std::array::from_fn(|m| {
        let moved = r
            .compose(&Cube::SOLVED.with_pieces_of(&face[m]))
            .compose(&r.inverse());
        face.iter()
            .position(|f| f == moved.pieces())
            .expect("a rotation maps face moves to face moves") as u8
    })
}

impl Frames {
    fn new() -> Frames {
        let rotations = ["", "x", "z"].map(|rotation| {
            let r = Cube::from_alg(&Alg::parse(rotation).expect("a rotation"));
            (r, rotation_relabel(&r))
        });
        Frames { rotations }
    }

    /// The six variants of a cube in orientation 0 (`r⁻¹ c r` for r = none, `x`, `z`, and the
    /// same for `c⁻¹`), with how their solutions map back. Every variant has orientation 0, so
    /// its face moves are plain piece permutations.
    fn directions(&self, c: &Cube) -> Vec<(Direction, Perm)> {
        let mut out = Vec::with_capacity(6);
        for inverse in [false, true] {
            let base = if inverse { c.inverse() } else { *c };
            for (r, relabel) in &self.rotations {
                let v = r.inverse().compose(&base).compose(r);
                let direction = Direction {
                    relabel: *relabel,
                    inverse,
                };
                out.push((direction, *v.pieces()));
            }
        }
        out
    }
}

struct Views<'a> {
    twist_move: &'a [u16],
    flip_move: &'a [u16],
    corner_move: &'a [u16],
    edge_move: &'a [u16],
    order_move: &'a [u16],
    corner_set_of: &'a [u8],
    corner_distance: &'a [u8],
    edge_corner_set_prune: &'a [u8],
    index1: &'a sym::Phase1Index,
    near: &'a NearG1,
    phase_one: sym::Packed<'a>,
    phase_two: sym::Nibbles<'a>,
    corner_prune: &'a [u8],
    edge_prune: &'a [u8],
    slice_set: &'a [u16],
    set_move: &'a [u16],
}

#[derive(Clone, Copy)]
struct P1 {
    twist: u16,
    flip: u16,
    /// Which four places the slice edges take (0..495).
    set: u16,
}

struct Search<'a> {
    t: Views<'a>,
    moves: &'a [Perm; MOVES],
    start: Perm,
    /// `prefix[k]`: `start` with the first `k` moves of `prefix_path` applied.
    prefix: Vec<Perm>,
    prefix_path: Vec<u8>,
    path: Vec<u8>,
    max: u32,
    stats: SearchStats,
    deadline: Option<Instant>,
    cancel: Option<&'a CancelToken>,
    stopped: Option<Error>,
    solved_set: u16,
    /// The shortest solution so far, with its direction.
    best: Option<(usize, Vec<u8>)>,
    /// The direction being searched.
    current: usize,
    /// Where the search for a shorter solution than the first one ends (nodes).
    until: u64,
}

/// Every cube has a solution of at most 20 moves: one that long is not searched further.
const GOOD_ENOUGH: u32 = 20;

/// After a first solution longer than [`GOOD_ENOUGH`], the search goes on for a shorter one
/// for this many more nodes (counted, so the answer does not depend on the machine), whatever
/// the first took: a cube whose first solution came early has as good a chance of a shorter
/// one nearby as one whose first came late. 150 brings the average at the default bound of 21
/// from 20.74 moves to 20.47 (10,000 cubes) for 317 nodes per cube; going on for a share of
/// the first solution's work instead needed 392 nodes for 20.50 (docs/benchmarks.md).
const SHORTER_SEARCH: u64 = 150;

/// Whether move `m` may follow move `prev` (face moves, index = 3·face + amount - 1; `prev` 255
/// at the start): never the same face twice, opposite faces only in increasing order.
#[inline(always)]
pub(crate) fn may_follow(prev: u8, m: u8) -> bool {
    if prev == u8::MAX {
        return true;
    }
    let (f, p) = (m / 3, prev / 3);
    f != p && !(f / 2 == p / 2 && f < p)
}

impl Search<'_> {
    /// Distance modulo 3 of a phase-1 node.
    #[inline(always)]
    fn residue(&self, n: P1) -> u32 {
        let key = self.t.index1.key(n.set, n.flip);
        let e = self.t.index1.entry(self.t.phase_one.sym, key, n.twist);
        self.t.phase_one.residue_at(e)
    }

    #[inline(always)]
    fn step(&self, n: P1, m: usize) -> P1 {
        P1 {
            twist: self.t.twist_move[n.twist as usize * MOVES + m],
            flip: self.t.flip_move[n.flip as usize * MOVES + m],
            set: self.t.set_move[n.set as usize * MOVES + m],
        }
    }

    /// Exact phase-1 distance of a node: walk down to G1, one move that lowers the residue's
    /// distance at a time.
    fn distance(&self, mut n: P1) -> u32 {
        let mut d = 0;
        loop {
            // The last steps are read from the small table of the positions near G1.
            if let Some(near) = self.t.near.distance(n.twist, n.flip, n.set) {
                return d + near;
            }
            let r = self.residue(n);
            // All neighbours' lookups are asked for at once (they miss the cache), then read.
            let kids: [(P1, (u32, u8)); MOVES] = std::array::from_fn(|m| {
                let c = self.step(n, m);
                let key = self.t.index1.key(c.set, c.flip);
                self.t.index1.prefetch(key);
                (c, key)
            });
            let entries = kids.map(|(c, key)| {
                let e = self.t.index1.entry(self.t.phase_one.sym, key, c.twist);
                self.t.phase_one.prefetch_entry(e);
                e
            });
            n = (0..MOVES)
                .find(|&m| self.t.phase_one.residue_at(entries[m]) == (r + 2) % 3)
                .map(|m| kids[m].0)
                .expect("a position outside G1 has a nearer neighbour");
            d += 1;
        }
    }

    fn stop(&mut self) -> bool {
        if self.stopped.is_some() {
            return true;
        }
        if self.cancel.is_some_and(|c| c.is_cancelled()) {
            self.stopped = Some(Error::new(ErrorKind::Cancelled, "the search was cancelled"));
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = Some(Error::new(
                ErrorKind::Cancelled,
                format!(
                    "the search reached its deadline before finding a solution of at most {} moves",
                    self.max
                ),
            ));
        }
        self.stopped.is_some()
    }

    /// Phase-1 depths in increasing order, each tried in every direction; the first solution
    /// found, with its direction.
    fn run(&mut self, variants: &[(Direction, Perm)]) -> Option<(usize, Vec<u8>)> {
        let roots: Vec<(P1, u32)> = variants
            .iter()
            .map(|(_, p)| {
                let n = P1 {
                    twist: twist(p),
                    flip: flip(p),
                    set: self.t.slice_set[slice(p) as usize],
                };
                (n, self.distance(n))
            })
            .collect();
        let mut depth = 0;
        while depth <= self.max {
            for (v, &(root, d)) in roots.iter().enumerate() {
                if d > depth {
                    continue;
                }
                self.start = variants[v].1;
                self.prefix = vec![self.start];
                self.prefix_path.clear();
                self.path.clear();
                self.current = v;
                if self.phase1(root, depth, u8::MAX, d) {
                    return self.best.take();
                }
            }
            depth += 1;
        }
        self.best.take()
    }

    /// Phase-1 sequences of exactly `togo` more moves from a node `d` moves from G1; true
    /// when the search is over.
    fn phase1(&mut self, n: P1, togo: u32, prev: u8, d: u32) -> bool {
        self.stats.phase1_nodes += 1;
        if self.stats.phase1_nodes & 4095 == 0 && self.stop() {
            return true;
        }
        if self.best.is_some() && self.work() >= self.until {
            return true;
        }
        if togo == 0 {
            // In G1, reached by a move that leaves G1 (else a shorter phase 1 covers it).
            let quarter_out = prev == u8::MAX || matches!(prev % 3, 0 | 2) && prev >= 6;
            return d == 0 && quarter_out && self.phase2_start();
        }
        if togo == 1 {
            // Only a child in G1 can follow, and that needs no table.
            for m in 0..MOVES as u8 {
                if may_follow(prev, m) {
                    let c = self.step(n, m as usize);
                    if c.twist == 0 && c.flip == 0 && c.set == self.solved_set {
                        self.path.push(m);
                        if self.phase1(c, 0, m, 0) {
                            return true;
                        }
                        self.path.pop();
                    }
                }
            }
            return false;
        }
        if togo <= NEAR + 1 {
            // Every child that can go on is within NEAR moves of G1: its distance is in the
            // small table, or it is pruned.
            for m in 0..MOVES as u8 {
                if !may_follow(prev, m) {
                    continue;
                }
                let c = self.step(n, m as usize);
                let Some(cd) = self.t.near.distance(c.twist, c.flip, c.set) else {
                    continue;
                };
                if cd >= togo {
                    continue;
                }
                self.path.push(m);
                if self.phase1(c, togo - 1, m, cd) {
                    return true;
                }
                self.path.pop();
            }
            return false;
        }
        // The children's lookups miss the cache: each stage asks for what the next one reads
        // (classes, then table bytes) for every child before reading any.
        let mut kids = [(
            P1 {
                twist: 0,
                flip: 0,
                set: 0,
            },
            (0u32, 0u8),
            0u8,
        ); MOVES];
        let mut k = 0;
        for m in 0..MOVES as u8 {
            if may_follow(prev, m) {
                let c = self.step(n, m as usize);
                if togo == NEAR + 2 && !self.t.near.maybe_within_next(c.twist, c.flip, c.set) {
                    // Farther than NEAR + 1 moves: cannot end phase 1 in time.
                    continue;
                }
                let key = self.t.index1.key(c.set, c.flip);
                self.t.index1.prefetch(key);
                kids[k] = (c, key, m);
                k += 1;
            }
        }
        let mut entries = [0usize; MOVES];
        for (e, &(c, key, _)) in entries.iter_mut().zip(&kids[..k]) {
            *e = self.t.index1.entry(self.t.phase_one.sym, key, c.twist);
            self.t.phase_one.prefetch_entry(*e);
        }
        for (&e, &(child, _, m)) in entries.iter().zip(&kids[..k]) {
            let cd = sym::child_distance(d, self.t.phase_one.residue_at(e));
            if cd >= togo {
                continue;
            }
            self.path.push(m);
            if self.phase1(child, togo - 1, m, cd) {
                return true;
            }
            self.path.pop();
        }
        false
    }

    /// Phase 2 from the end of the current phase-1 path, within what the bound leaves.
    fn phase2_start(&mut self) -> bool {
        self.stats.phase2_starts += 1;
        let Some(room) = self.max.checked_sub(self.path.len() as u32) else {
            return false;
        };
        let p = self.path_perm();
        // The corners alone reject over half the starts at 20 moves, from a table in cache.
        let c = corner_perm(&p);
        if self.t.corner_distance[c as usize] as u32 > room {
            return false;
        }
        let (e, o) = (edge8_perm(&p), slice_order(&p) as u16);
        debug_assert_eq!(self.t.slice_set[slice(&p) as usize], self.solved_set);
        let prev = self.path.last().copied().unwrap_or(u8::MAX);
        // The large table's byte is asked for first, so that its miss overlaps those of the
        // three smaller tables.
        let entry = self.t.phase_two.sym.entry(c as u32, e);
        self.t.phase_two.prefetch(entry);
        let h = self.h2(c, e, o);
        if h > room {
            return false;
        }
        let d = self.t.phase_two.distance_at(entry);
        if d > room {
            return false;
        }
        let keep = self.path.len();
        for depth in h.max(d)..=room {
            if self.phase2(c, e, o, depth, prev) {
                return self.stopped.is_some() || self.improved(keep);
            }
        }
        false
    }

    /// The start with the current path applied. Consecutive phase-2 starts share most of
    /// their path, so the products of its prefixes are kept and only the changed end is
    /// applied again.
    fn path_perm(&mut self) -> Perm {
        let same = self
            .prefix_path
            .iter()
            .zip(&self.path)
            .take_while(|(a, b)| a == b)
            .count();
        self.prefix_path.truncate(same);
        self.prefix.truncate(same + 1);
        for &m in &self.path[same..] {
            let p = self.prefix[self.prefix.len() - 1].then(&self.moves[m as usize]);
            self.prefix.push(p);
            self.prefix_path.push(m);
        }
        self.prefix[self.path.len()]
    }

    /// Phase-1 and phase-2 nodes so far.
    fn work(&self) -> u64 {
        self.stats.phase1_nodes + self.stats.phase2_nodes
    }

    /// Keeps the solution in `path` (its phase 1 is `keep` moves), then, when it is longer
    /// than [`GOOD_ENOUGH`], looks for a shorter one for a while; true when the search is
    /// over.
    fn improved(&mut self, keep: usize) -> bool {
        let len = self.path.len() as u32;
        if self.best.is_none() {
            self.until = self.work() + SHORTER_SEARCH;
        }
        self.best = Some((self.current, self.path.clone()));
        self.path.truncate(keep);
        self.max = len - 1;
        self.work() >= self.until || len <= GOOD_ENOUGH
    }

    #[inline(always)]
    fn h2(&self, c: u16, e: u16, o: u16) -> u32 {
        let a = self.t.corner_prune[c as usize * SLICE_ORDERS + o as usize];
        let b = self.t.edge_prune[e as usize * SLICE_ORDERS + o as usize];
        let set = self.t.corner_set_of[c as usize] as usize;
        let d = self.t.edge_corner_set_prune[e as usize * CORNER_SETS + set];
        a.max(b).max(d) as u32
    }

    /// Phase-2 sequences of exactly `togo` more moves.
    fn phase2(&mut self, c: u16, e: u16, o: u16, togo: u32, prev: u8) -> bool {
        self.stats.phase2_nodes += 1;
        if self.stats.phase2_nodes & 4095 == 0 && self.stop() {
            return true;
        }
        if togo == 0 {
            return c == 0 && e == 0 && o == 0;
        }
        if self.h2(c, e, o) > togo {
            return false;
        }
        // The children's bytes of the large table are all asked for before any is read.
        let mut kids = [(0u16, 0u16, 0u16, 0usize, 0u8); 10];
        let mut n = 0;
        for (k, &m) in PHASE2_MOVES.iter().enumerate() {
            if !may_follow(prev, m) {
                continue;
            }
            let (c2, e2) = (
                self.t.corner_move[c as usize * 10 + k],
                self.t.edge_move[e as usize * 10 + k],
            );
            let entry = self.t.phase_two.sym.entry(c2 as u32, e2);
            self.t.phase_two.prefetch(entry);
            kids[n] = (c2, e2, self.t.order_move[o as usize * 10 + k], entry, m);
            n += 1;
        }
        for &(c2, e2, o2, entry, m) in &kids[..n] {
            if self.t.phase_two.distance_at(entry) >= togo {
                continue;
            }
            self.path.push(m);
            if self.phase2(c2, e2, o2, togo - 1, m) {
                return true;
            }
            self.path.pop();
        }
        false
    }
}
