//! Pruning tables of the six-colour solvers, and their cache file.
//!
//! Two tables, each a lower bound on the twists left (turns are free), over
//! (shape class, one permutation, parity of the other permutation, middle layer):
//!
//! - [`Half::Edges`]: the eight edges' arrangement, the corners' parity;
//! - [`Half::Corners`]: the eight corners' arrangement, the edges' parity.
//!
//! 170 x 40320 x 2 x 2 = 27,417,600 entries each, one 4-bit distance per entry. A table is
//! built by a level-synchronous breadth-first search over its coordinate, in parallel: forward
//! from the level's positions while few are reached, then backward (each unreached entry looks
//! for a neighbour on the level) once the unreached ones are the smaller set. Entries that are
//! the same class under a representative's symmetries are written together, so a lookup needs
//! no canonical form.
//!
//! The cache file (format below, version [`VERSION`]) holds both tables packed and a digest of
//! the move index they were built from; a file from another index, version or a damaged one is
//! refused with [`ErrorKind::Database`], so a stale cache is never used.
//!
//! ```text
//! offset size
//!      0    8  magic "TWSQ1PRN"
//!      8    4  version (u32 LE)
//!     16    8  index digest (u64 LE)
//!     24    8  entries per table (u64 LE)
//!     12    4  section count = 7
//!     32   56  xxh3-64 of each section
//!     88   40  zero
//!    128       edges table, corners table: entries/2 bytes each, entry i in the low nibble
//!              of byte i/2 when i is even, the high nibble when odd; then the four phase-2
//!              tables of the two-phase solver (see `twophase.rs`: in twists, corners then
//!              edges, then in face turns with two frames per entry, then the pair table of
//!              `pairs.rs`), one byte per entry
//! ```

pub use super::kind::{FILE_KIND, MAGIC};
use std::path::Path;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use crate::error::{Error, ErrorKind, Result};
use crate::progress::{CancelToken, Progress, ProgressReport};
use crate::rank::sq1::{BIG_COUNT, Sq1Ranks};
use crate::sq1::db::index::{Arrangement, pack3, spread3};
use crate::sq1::shape::SHAPE_COUNT;
use crate::tablefile::{Layout, TableFile};

use super::index::{SolveIndex, is_odd};
use super::twophase::PHASE2_ENTRIES;

pub const VERSION: u32 = 4;
/// Entries per table.
pub const ENTRIES: usize = SHAPE_COUNT * BIG_COUNT * 4;
const UNSET: u8 = 0xFF;

/// Which permutation a table follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Half {
    Edges,
    Corners,
}

impl Half {
    fn name(self) -> &'static str {
        match self {
            Half::Edges => "edges",
            Half::Corners => "corners",
        }
    }

    /// The followed permutation (eight bytes) and the other's parity.
    #[inline(always)]
    fn split(self, arr: Arrangement) -> (u64, bool) {
        let (lo, hi) = (arr as u64, (arr >> 64) as u64);
        match self {
            Half::Edges => (lo, is_odd(&hi.to_le_bytes())),
            Half::Corners => (hi, is_odd(&lo.to_le_bytes())),
        }
    }
}

/// Table index of (class, permutation rank, other parity, middle).
#[inline(always)]
pub fn entry(class: usize, rank: u16, other_odd: bool, middle: u8) -> usize {
    ((class * BIG_COUNT + rank as usize) * 2 + other_odd as usize) * 2 + middle as usize
}

#[inline(always)]
fn shuffle8(x: u64, mask: &[u8; 8]) -> u64 {
    let b = x.to_le_bytes();
    u64::from_le_bytes(std::array::from_fn(|j| b[mask[j] as usize]))
}

/// A move or symmetry restricted to one half: the target class, the byte shuffle of the
/// followed permutation, and whether it flips the other parity.
#[derive(Clone, Copy)]
struct HalfMove {
    target: u8,
    mask: [u8; 8],
    flips_other: bool,
}

fn half_mask(half: Half, shuffle: &[u8; 16]) -> [u8; 8] {
    match half {
        Half::Edges => std::array::from_fn(|j| shuffle[j]),
        Half::Corners => std::array::from_fn(|j| shuffle[8 + j] - 8),
    }
}

/// Digest of everything in the index a table depends on.
pub fn index_digest(ix: &SolveIndex) -> u64 {
    let mut bytes = Vec::new();
    for (c, moves) in ix.moves.iter().enumerate() {
        bytes.extend_from_slice(&ix.reps[c].0.to_le_bytes());
        bytes.extend_from_slice(&ix.reps[c].1.to_le_bytes());
        for m in moves {
            bytes.extend_from_slice(&[m.turn.0, m.turn.1, m.canon.0, m.canon.1, m.target]);
            bytes.extend_from_slice(&m.shuffle);
        }
        for s in &ix.stabs[c] {
            bytes.extend_from_slice(&s.shuffle);
        }
    }
    xxhash_rust::xxh3::xxh3_64(&bytes)
}

/// Builds one table (one byte per entry); `report` is called on this thread after each level.
fn build_table(
    ix: &SolveIndex,
    half: Half,
    cancel: &CancelToken,
    report: &mut dyn FnMut(u32, u64),
) -> Result<Vec<u8>> {
    let ranks = Sq1Ranks::get();
    let to_half = |m_target: u8, shuffle: &[u8; 16], e: bool, c: bool| HalfMove {
        target: m_target,
        mask: half_mask(half, shuffle),
        flips_other: match half {
            Half::Edges => c,
            Half::Corners => e,
        },
    };
    let moves: Vec<Vec<HalfMove>> = ix
        .moves
        .iter()
        .map(|ms| {
            ms.iter()
                .map(|m| to_half(m.target, &m.shuffle, m.edges_odd, m.corners_odd))
                .collect()
        })
        .collect();
    let stabs: Vec<Vec<HalfMove>> = ix
        .stabs
        .iter()
        .enumerate()
        .map(|(c, ss)| {
            ss.iter()
                .map(|s| to_half(c as u8, &s.shuffle, s.edges_odd, s.corners_odd))
                .collect()
        })
        .collect();

    let table: Vec<AtomicU8> = (0..ENTRIES).map(|_| AtomicU8::new(UNSET)).collect();
    let mut reached = 0u64;
    for &(arr, _) in &ix.solved {
        let (x, other) = half.split(arr);
        let i = entry(ix.cube, ranks.rank_big_key(pack3(x)), other, 0);
        if table[i].swap(0, Ordering::Relaxed) == UNSET {
            reached += 1;
        }
    }
    report(0, reached);
    const CHUNK: usize = 1 << 16;
    let mut level = 0u8;
    let mut frontier = reached;
    loop {
        let unreached = ENTRIES as u64 - reached;
        if frontier == 0 || unreached == 0 {
            break;
        }
        let backward = unreached < 2 * frontier;
        let found = AtomicU64::new(0);
        let next = level + 1;
        (0..ENTRIES.div_ceil(CHUNK))
            .into_par_iter()
            .try_for_each(|chunk| {
                if cancel.is_cancelled() {
                    return Err(Error::new(
                        ErrorKind::Cancelled,
                        "building the solver tables was cancelled",
                    ));
                }
                let mut n = 0u64;
                for i in chunk * CHUNK..((chunk + 1) * CHUNK).min(ENTRIES) {
                    let v = table[i].load(Ordering::Relaxed);
                    let expand = if backward { v == UNSET } else { v == level };
                    if !expand {
                        continue;
                    }
                    let mid = (i & 1) as u8;
                    let other = (i >> 1) & 1 == 1;
                    let rank = ((i >> 2) % BIG_COUNT) as u16;
                    let class = (i >> 2) / BIG_COUNT;
                    let x = spread3(ranks.big_key(rank));
                    for m in &moves[class] {
                        let y = shuffle8(x, &m.mask);
                        let o = other ^ m.flips_other;
                        let t = m.target as usize;
                        if backward {
                            let j = entry(t, ranks.rank_big_key(pack3(y)), o, mid ^ 1);
                            if table[j].load(Ordering::Relaxed) == level {
                                table[i].store(next, Ordering::Relaxed);
                                n += 1;
                                break;
                            }
                        } else {
                            for s in &stabs[t] {
                                let z = shuffle8(y, &s.mask);
                                let j = entry(
                                    t,
                                    ranks.rank_big_key(pack3(z)),
                                    o ^ s.flips_other,
                                    mid ^ 1,
                                );
                                if table[j]
                                    .compare_exchange(
                                        UNSET,
                                        next,
                                        Ordering::Relaxed,
                                        Ordering::Relaxed,
                                    )
                                    .is_ok()
                                {
                                    n += 1;
                                }
                            }
                        }
                    }
                }
                found.fetch_add(n, Ordering::Relaxed);
                Ok(())
            })?;
        frontier = found.into_inner();
        reached += frontier;
        if frontier > 0 {
            level = next;
            report(level as u32, reached);
        }
    }
    if reached != ENTRIES as u64 {
        return Err(Error::new(
            ErrorKind::Database,
            format!(
                "internal error: the {} table reached {reached} of {ENTRIES} entries",
                half.name()
            ),
        ));
    }
    Ok(table.into_iter().map(AtomicU8::into_inner).collect())
}

fn pack(bytes: &[u8]) -> Vec<u8> {
    bytes.chunks(2).map(|p| p[0] | (p[1] << 4)).collect()
}

/// Names and bytes of each section of the file: the two packed tables, then the five phase-2
/// tables of the two-phase solver (one byte per entry).
const SECTIONS: [(&str, usize); 7] = [
    ("edges", ENTRIES / 2),
    ("corners", ENTRIES / 2),
    ("phase-2 corners", PHASE2_ENTRIES),
    ("phase-2 edges", PHASE2_ENTRIES),
    ("phase-2 face-turn corners", 2 * PHASE2_ENTRIES),
    ("phase-2 face-turn edges", 2 * PHASE2_ENTRIES),
    ("phase-2 face-turn pairs", super::pairs::ENTRIES),
];

fn layout(ix: &SolveIndex) -> Layout<'static> {
    Layout {
        what: "solver table file",
        magic: MAGIC,
        version: VERSION,
        digest: index_digest(ix),
        param: ENTRIES as u64,
        other_params: crate::tablefile::other_params,
        sections: &SECTIONS,
    }
}

/// All tables, in memory or memory-mapped from the cache file.
pub struct PruneTables {
    file: TableFile,
    layout: Layout<'static>,
    /// Largest value in the edges and corners tables.
    pub max: [u8; 2],
}

impl PruneTables {
    fn section(&self, k: usize) -> &[u8] {
        self.layout.section(self.file.bytes(), k)
    }

    /// The packed table of a half.
    pub fn table(&self, half: Half) -> &[u8] {
        self.section(half as usize)
    }

    /// The phase-2 table: corners' permutation with the edges' set (false), or the reverse;
    /// in twists, or in face turns.
    pub fn phase2(&self, edges_perm: bool, face_turn: bool) -> &[u8] {
        self.section(2 + 2 * face_turn as usize + edges_perm as usize)
    }

    /// The phase-2 pair table (see `pairs.rs`).
    pub fn pairs(&self) -> &[u8] {
        self.section(6)
    }

    #[inline(always)]
    pub fn get(table: &[u8], i: usize) -> u8 {
        (table[i >> 1] >> ((i & 1) * 4)) & 15
    }

    /// Builds every table in memory.
    pub fn build(
        ix: &SolveIndex,
        progress: &mut dyn Progress,
        cancel: &CancelToken,
    ) -> Result<PruneTables> {
        let start = Instant::now();
        let progress =
            &mut crate::progress::Logged::new(progress, log::Level::Info, module_path!());
        let layout = layout(ix);
        let mut data = layout.buffer();
        let mut max = [0u8; 2];
        for half in [Half::Edges, Half::Corners] {
            let mut report = |level: u32, found: u64| {
                progress.report(&ProgressReport {
                    phase: format!("solver table: {} level {level}", half.name()),
                    level,
                    done: found,
                    total: ENTRIES as u64,
                    found,
                    elapsed: start.elapsed(),
                    eta: None,
                })
            };
            let t = build_table(ix, half, cancel, &mut report)?;
            max[half as usize] = *t.iter().max().unwrap();
            layout
                .section_mut(&mut data, half as usize)
                .copy_from_slice(&pack(&t));
        }
        use super::twophase::Phase2Table;
        let ((a, b), (c, d)) = rayon::join(
            || {
                rayon::join(
                    || Phase2Table::build(ix, false),
                    || Phase2Table::build(ix, true),
                )
            },
            || {
                rayon::join(
                    || Phase2Table::build_face_turn(ix, false),
                    || Phase2Table::build_face_turn(ix, true),
                )
            },
        );
        for (k, t) in [a, b, c, d].iter().enumerate() {
            layout
                .section_mut(&mut data, 2 + k)
                .copy_from_slice(t.bytes());
        }
        if cancel.is_cancelled() {
            return Err(Error::new(
                ErrorKind::Cancelled,
                "the table build was cancelled",
            ));
        }
        layout
            .section_mut(&mut data, 6)
            .copy_from_slice(super::pairs::PairTable::build(ix).bytes());
        progress.report(&ProgressReport {
            phase: "solver table: phase 2".into(),
            level: 0,
            done: 1,
            total: 1,
            found: 0,
            elapsed: start.elapsed(),
            eta: None,
        });
        layout.seal(&mut data);
        Ok(PruneTables {
            file: TableFile::Owned(data),
            layout,
            max,
        })
    }

    /// Writes the tables to `path` atomically.
    pub fn save(&self, path: &Path) -> Result<()> {
        self.file.save(path, &self.layout)
    }

    /// Maps a cache file, checking its header, digests and size.
    pub fn open(path: &Path, ix: &SolveIndex) -> Result<PruneTables> {
        let layout = layout(ix);
        Ok(PruneTables::from_file(layout.open(path)?, layout))
    }

    /// Opens the cache file, or builds the tables and saves them there (see
    /// [`crate::tablefile::open_or_build`]).
    pub fn open_or_build(
        path: &Path,
        ix: &SolveIndex,
        progress: &mut dyn Progress,
        cancel: &CancelToken,
    ) -> Result<PruneTables> {
        let layout = layout(ix);
        let file = crate::tablefile::open_or_build(path, &layout, cancel, || {
            Ok(PruneTables::build(ix, progress, cancel)?.file)
        })?;
        Ok(PruneTables::from_file(file, layout))
    }

    /// Tables from a checked file of this layout.
    fn from_file(file: TableFile, layout: Layout<'static>) -> PruneTables {
        let t = PruneTables {
            file,
            layout,
            max: [0; 2],
        };
        let max = [0, 1].map(|k| {
            t.section(k)
                .iter()
                .map(|b| (b & 15).max(b >> 4))
                .max()
                .unwrap_or(0)
        });
        PruneTables { max, ..t }
    }
}
