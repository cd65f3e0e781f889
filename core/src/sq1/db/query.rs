//! Queries on a complete database file, memory-mapped read-only.
//!
//! The corruption rule: no query returns an answer the file cannot support. Before the first
//! answer that reads a data region, the region is checked against its checksum (once per region
//! per open); a stored level above the file's last level, a level-1 state that is not solved,
//! the solved puzzle at another level, and (when a query walks down the levels) a state with a
//! level but no neighbour one level down are corruption too. Each is an
//! [`ErrorKind::Database`] error naming the file (and the region). `distance` reads one cell, so
//! a forged level whose region checksum was recomputed is only found by `solve` and `solutions`.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use memmap2::Mmap;

use super::class_index;
use super::format::{HEADER_LEN, Header, Status, Variant, region_checksums};
use super::index::ClassIndex;
use crate::error::{Error, ErrorKind, Result};
use crate::rank::sq1::Sq1Ranks;
use crate::sq1::{Colouring, Move, MoveSeq, Notation, State};

/// An open database. `Send + Sync`: any number of threads may query it at once.
pub struct Database {
    path: PathBuf,
    header: Header,
    map: Mmap,
    /// Per data region: whether it matched its checksum, once checked.
    regions: Vec<OnceLock<bool>>,
    /// The cell of the solved class: the only one at level 1.
    solved_cell: u64,
    ix: &'static ClassIndex,
    ranks: &'static Sq1Ranks,
}

/// One shortest solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Turns and twists, ending with the turn that aligns the layers (if one is needed).
    pub moves: MoveSeq,
    /// The moves leave the puzzle solved but upside down (the article's `!` completes it).
    pub flipped: bool,
}

impl Solution {
    pub fn twists(&self) -> usize {
        self.moves.twist_count()
    }

    /// WCA notation; a flipped solution leaves the puzzle solved upside down.
    pub fn to_wca(&self) -> String {
        self.moves
            .format(Notation::Wca)
            .expect("solutions have no flip")
    }

    /// The article's notation, ending with `!` when the puzzle must be turned over.
    pub fn to_article(&self) -> String {
        let mut s = self
            .moves
            .format(Notation::Article)
            .expect("article notation writes everything");
        if self.flipped {
            s.push('!');
        }
        s
    }
}

fn db_err(m: impl Into<String>) -> Error {
    Error::new(ErrorKind::Database, m)
}

impl Database {
    /// Opens a complete database file of either variant.
    pub fn open(path: &Path) -> Result<Database> {
        let (header, file) = Header::read(path)?;
        let what = path.display();
        if header.status != Status::Complete {
            return Err(db_err(format!("{what}: the build is not complete")));
        }
        // SAFETY: the file is complete and never written again; it is mapped read-only.
        let map = unsafe { Mmap::map(&file) }.map_err(|e| {
            db_err(format!(
                "{what}: {}",
                crate::fileio::describe(path, "map", &e)
            ))
        })?;
        drop::<File>(file);
        log::debug!(
            "opened {what}: {} database, levels 1..{}{}, {} classes, {} bytes mapped",
            header.variant.name(),
            header.completed_level,
            if header.exhausted {
                " (all)"
            } else {
                " (partial)"
            },
            header.found(),
            map.len()
        );
        let (ix, ranks) = (class_index(), Sq1Ranks::get());
        let (solved_slot, _) = ix.slot_of(ranks, &State::solved(Colouring::Silver));
        Ok(Database {
            solved_cell: solved_slot * header.variant.cells_per_slot(),
            path: path.to_path_buf(),
            header,
            map,
            regions: (0..super::format::REGIONS)
                .map(|_| OnceLock::new())
                .collect(),
            ix,
            ranks,
        })
    }

    /// Opens a database and checks that it holds `variant`.
    pub fn open_variant(path: &Path, variant: Variant) -> Result<Database> {
        let db = Database::open(path)?;
        if db.header.variant != variant {
            return Err(db_err(format!(
                "{}: holds the {} variant, {} was asked for",
                path.display(),
                db.header.variant.name(),
                variant.name()
            )));
        }
        Ok(db)
    }

    /// Bytes this object holds on the heap (the file is mapped, and not counted): what a
    /// garbage-collected host reports as the memory pressure of one handle.
    pub fn heap_bytes(&self) -> usize {
        std::mem::size_of::<Database>()
            + std::mem::size_of_val(&self.header.region_checksums[..])
            + std::mem::size_of_val(&self.regions[..])
            + self.path.as_os_str().len()
    }

    pub fn header(&self) -> &Header {
        &self.header
    }

    pub fn variant(&self) -> Variant {
        self.header.variant
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Recomputes the checksum of every data region and compares it with the header.
    pub fn verify(&self) -> Result<()> {
        let data = &self.map[HEADER_LEN as usize..];
        let sums = region_checksums(data, self.header.region_bytes());
        for (i, sum) in sums.iter().enumerate() {
            let _ = self.regions[i].set(*sum == self.header.region_checksums[i]);
        }
        match (0..sums.len()).find(|&i| sums[i] != self.header.region_checksums[i]) {
            Some(i) => Err(self.region_error(i)),
            None => Ok(()),
        }
    }

    fn region_error(&self, i: usize) -> Error {
        let rb = self.header.region_bytes();
        db_err(format!(
            "{}: checksum mismatch in data region {i} (bytes {}..{})",
            self.path.display(),
            HEADER_LEN + i as u64 * rb,
            HEADER_LEN + ((i as u64 + 1) * rb).min(self.header.data_bytes)
        ))
    }

    fn corrupt(&self, what: impl std::fmt::Display) -> Error {
        db_err(format!(
            "{}: {what}: the file is corrupt",
            self.path.display()
        ))
    }

    /// The level stored for a cell (0: not reached), once its data region has matched its
    /// checksum.
    fn cell_level(&self, cell: u64) -> Result<u8> {
        let byte = (cell >> 1) as usize;
        let rb = self.header.region_bytes() as usize;
        let r = byte / rb;
        let data = &self.map[HEADER_LEN as usize..];
        let intact = *self.regions[r].get_or_init(|| {
            let region = &data[r * rb..((r + 1) * rb).min(data.len())];
            xxhash_rust::xxh3::xxh3_64(region) == self.header.region_checksums[r]
        });
        if !intact {
            let e = self.region_error(r);
            log::warn!("{}", e.message());
            return Err(e);
        }
        let b = data[byte];
        Ok(if cell & 1 == 0 { b & 15 } else { b >> 4 })
    }

    fn check_silver(state: &State) -> Result<()> {
        if state.colouring() != Colouring::Silver {
            return Err(Error::invalid_state(
                "the database holds Silver-edition states; convert a six-colour state with to_silver()",
            ));
        }
        Ok(())
    }

    /// The level stored for a Silver state: `None` when a partial file does not reach it.
    fn stored_level(&self, state: &State) -> Result<Option<u32>> {
        let (slot, middle) = self.ix.slot_of(self.ranks, state);
        // With one cell per slot the middle is ignored; with two, a kite is the odd cell.
        let per_slot = self.header.variant.cells_per_slot();
        let cell = slot * per_slot + (per_slot - 1) * (middle == crate::sq1::Middle::Kite) as u64;
        let last = self.header.completed_level;
        match self.cell_level(cell)? as u32 {
            0 if self.header.exhausted => Err(self.corrupt(format!("no level stored for {state}"))),
            0 => Ok(None),
            l if l > last => Err(self.corrupt(format!(
                "level {l} stored for {state}, above the file's last level {last}"
            ))),
            l if cell == self.solved_cell && l != 1 => {
                Err(self.corrupt(format!("the solved puzzle is stored at level {l}")))
            }
            1 if cell != self.solved_cell => {
                Err(self.corrupt(format!("level 1 stored for {state}, which is not solved")))
            }
            l => Ok(Some(l)),
        }
    }

    /// The article's level of a state: 1 for solved, n + 1 for n twists.
    pub fn level(&self, state: &State) -> Result<u32> {
        Database::check_silver(state)?;
        self.stored_level(state)?.ok_or_else(|| {
            db_err(format!(
                "{state} is deeper than this partial database, which holds levels 1..{} (at most {} twists)",
                self.header.completed_level,
                self.header.completed_level.saturating_sub(1)
            ))
        })
    }

    /// The fewest twists (`/`) that solve the state (layer turns are free).
    pub fn distance(&self, state: &State) -> Result<u32> {
        Ok(self.level(state)? - 1)
    }

    /// The first of the 144 turns, from number `from` on, after which a twist reaches a state
    /// of level `level - 1`: its number, the turn, and the state reached.
    #[allow(clippy::type_complexity)]
    fn step_down(
        &self,
        state: &State,
        level: u32,
        from: u8,
    ) -> Result<Option<(u8, (i8, i8), State)>> {
        for k in from..144 {
            let (x, y) = ((k / 12) as i8 - 5, (k % 12) as i8 - 5);
            if let Ok(next) = state.turn(x as i32, y as i32).twist()
                && self.stored_level(&next)? == Some(level - 1)
            {
                return Ok(Some((k, (x, y), next)));
            }
        }
        Ok(None)
    }

    fn dead_end(&self, state: &State, level: u32) -> Error {
        self.corrupt(format!(
            "level {level} stored for {state}, but no state one twist away has level {}",
            level - 1
        ))
    }

    /// The final turn that solves a state of level 1 (and whether it ends upside down).
    fn align(&self, state: &State) -> Result<(Option<Move>, bool)> {
        let solved = State::solved(Colouring::Silver);
        let matches = |s: &State| match self.header.variant {
            Variant::Article => s.is_solved_ignoring_middle(),
            Variant::Middle => *s == solved,
        };
        for flipped in [false, true] {
            for x in -5i8..=6 {
                for y in -5i8..=6 {
                    let t = state.turn(x as i32, y as i32);
                    if matches(&if flipped { t.flip() } else { t }) {
                        let m = ((x, y) != (0, 0)).then_some(Move::Turn { top: x, bottom: y });
                        return Ok((m, flipped));
                    }
                }
            }
        }
        Err(self.corrupt(format!("level 1 stored for {state}, which is not solved")))
    }

    fn finish(&self, path: &[(i8, i8)], end: &State) -> Result<Solution> {
        let mut moves = Vec::new();
        for &(x, y) in path {
            if (x, y) != (0, 0) {
                moves.push(Move::Turn { top: x, bottom: y });
            }
            moves.push(Move::Twist);
        }
        let (last, flipped) = self.align(end)?;
        moves.extend(last);
        Ok(Solution {
            moves: MoveSeq::new(moves),
            flipped,
        })
    }

    /// One shortest solution.
    pub fn solve(&self, state: &State) -> Result<Solution> {
        let mut level = self.level(state)?;
        let (mut s, mut path) = (*state, Vec::new());
        while level > 1 {
            let (_, xy, next) = self
                .step_down(&s, level, 0)?
                .ok_or_else(|| self.dead_end(&s, level))?;
            path.push(xy);
            s = next;
            level -= 1;
        }
        self.finish(&path, &s)
    }

    /// Every shortest solution, lazily, at most `limit` of them. Solutions differ in at least one
    /// turn; they come in lexicographic order of their turns. A corrupt file ends the iteration
    /// with an error.
    pub fn solutions(&self, state: &State, limit: usize) -> Result<Solutions<&Database>> {
        Solutions::new(self, state, limit)
    }
}

/// The iterator of [`Database::solutions`]: a depth-first walk down the levels. `D` is any
/// handle to the database (`&Database`, or `Arc<Database>` for an iterator that owns it).
pub struct Solutions<D: std::ops::Deref<Target = Database>> {
    db: D,
    /// (state, its level, next of the 144 turns to try)
    stack: Vec<(State, u32, u8)>,
    path: Vec<(i8, i8)>,
    left: usize,
}

impl<D: std::ops::Deref<Target = Database>> Solutions<D> {
    pub fn new(db: D, state: &State, limit: usize) -> Result<Solutions<D>> {
        let level = db.level(state)?;
        Ok(Solutions {
            db,
            stack: vec![(*state, level, 0)],
            path: Vec::new(),
            left: limit,
        })
    }
}

impl<D: std::ops::Deref<Target = Database>> Iterator for Solutions<D> {
    type Item = Result<Solution>;

    fn next(&mut self) -> Option<Result<Solution>> {
        let r = self.advance().transpose();
        if matches!(r, Some(Err(_))) {
            // A corrupt file: nothing after the error.
            self.left = 0;
        }
        r
    }
}

impl<D: std::ops::Deref<Target = Database>> Solutions<D> {
    fn advance(&mut self) -> Result<Option<Solution>> {
        while self.left > 0 {
            let Some(&(state, level, next)) = self.stack.last() else {
                return Ok(None);
            };
            if level == 1 {
                let sol = self.db.finish(&self.path, &state)?;
                self.stack.pop();
                self.path.pop();
                self.left -= 1;
                return Ok(Some(sol));
            }
            match self.db.step_down(&state, level, next)? {
                Some((k, xy, n)) => {
                    self.stack.last_mut().unwrap().2 = k + 1;
                    self.stack.push((n, level - 1, 0));
                    self.path.push(xy);
                }
                // Every state of a level has a neighbour one level down.
                None if next == 0 => return Err(self.db.dead_end(&state, level)),
                None => {
                    self.stack.pop();
                    self.path.pop();
                }
            }
        }
        Ok(None)
    }
}
