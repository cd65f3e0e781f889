//! Queries on a complete database file, memory-mapped read-only.

use std::fs::File;
use std::path::{Path, PathBuf};

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
        let map =
            unsafe { Mmap::map(&file) }.map_err(|e| db_err(format!("{what}: cannot map: {e}")))?;
        drop::<File>(file);
        Ok(Database {
            path: path.to_path_buf(),
            header,
            map,
            ix: class_index(),
            ranks: Sq1Ranks::get(),
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
        if let Some(i) = (0..sums.len()).find(|&i| sums[i] != self.header.region_checksums[i]) {
            let rb = self.header.region_bytes();
            return Err(db_err(format!(
                "{}: checksum mismatch in data region {i} (bytes {}..{})",
                self.path.display(),
                HEADER_LEN + i as u64 * rb,
                HEADER_LEN + ((i as u64 + 1) * rb).min(self.header.data_bytes)
            )));
        }
        Ok(())
    }

    fn cell_level(&self, cell: u64) -> u8 {
        let b = self.map[HEADER_LEN as usize + (cell >> 1) as usize];
        if cell & 1 == 0 { b & 15 } else { b >> 4 }
    }

    fn check_silver(state: &State) -> Result<()> {
        if state.colouring() != Colouring::Silver {
            return Err(Error::invalid_state(
                "the database holds Silver-edition states; convert a six-colour state with to_silver()",
            ));
        }
        Ok(())
    }

    /// The article's level of a state: 1 for solved, n + 1 for n twists.
    pub fn level(&self, state: &State) -> Result<u32> {
        Database::check_silver(state)?;
        let (slot, middle) = self.ix.slot_of(self.ranks, state);
        // With one cell per slot the middle is ignored; with two, a kite is the odd cell.
        let per_slot = self.header.variant.cells_per_slot();
        let cell = slot * per_slot + (per_slot - 1) * (middle == crate::sq1::Middle::Kite) as u64;
        match self.cell_level(cell) {
            0 if self.header.exhausted => Err(db_err(format!(
                "{}: no level stored for {state}: the file is corrupt",
                self.path.display()
            ))),
            0 => Err(db_err(format!(
                "{state} is deeper than this partial database, which holds levels 1..{} (at most {} twists)",
                self.header.completed_level,
                self.header.completed_level.saturating_sub(1)
            ))),
            l => Ok(l as u32),
        }
    }

    /// The fewest twists (`/`) that solve the state (layer turns are free).
    pub fn distance(&self, state: &State) -> Result<u32> {
        Ok(self.level(state)? - 1)
    }

    /// The states one twist closer to solved, with the turn that reaches each.
    fn closer(&self, state: &State, level: u32) -> impl Iterator<Item = ((i8, i8), State)> + '_ {
        let state = *state;
        (-5i8..=6)
            .flat_map(|x| (-5i8..=6).map(move |y| (x, y)))
            .filter_map(move |(x, y)| {
                let next = state.turn(x as i32, y as i32).twist().ok()?;
                (self.level(&next).ok()? == level - 1).then_some(((x, y), next))
            })
    }

    /// The final turn that solves a state of level 1 (and whether it ends upside down).
    fn align(&self, state: &State) -> (Option<Move>, bool) {
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
                        return (m, flipped);
                    }
                }
            }
        }
        unreachable!("a level-1 state is solved up to turns and flip")
    }

    fn finish(&self, path: &[(i8, i8)], end: &State) -> Solution {
        let mut moves = Vec::new();
        for &(x, y) in path {
            if (x, y) != (0, 0) {
                moves.push(Move::Turn { top: x, bottom: y });
            }
            moves.push(Move::Twist);
        }
        let (last, flipped) = self.align(end);
        moves.extend(last);
        Solution {
            moves: MoveSeq::new(moves),
            flipped,
        }
    }

    /// One shortest solution.
    pub fn solve(&self, state: &State) -> Result<Solution> {
        let mut level = self.level(state)?;
        let (mut s, mut path) = (*state, Vec::new());
        while level > 1 {
            let (xy, next) = self.closer(&s, level).next().ok_or_else(|| {
                db_err(format!(
                    "{}: no way down from level {level}: the file is corrupt",
                    self.path.display()
                ))
            })?;
            path.push(xy);
            s = next;
            level -= 1;
        }
        Ok(self.finish(&path, &s))
    }

    /// Every shortest solution, lazily, at most `limit` of them. Solutions differ in at least one
    /// turn; they come in lexicographic order of their turns.
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
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        while self.left > 0 {
            let (state, level, next) = *self.stack.last()?;
            if level == 1 {
                let sol = self.db.finish(&self.path, &state);
                self.stack.pop();
                self.path.pop();
                self.left -= 1;
                return Some(sol);
            }
            let mut found = None;
            for k in next..144 {
                let (x, y) = ((k / 12) as i8 - 5, (k % 12) as i8 - 5);
                if let Ok(n) = state.turn(x as i32, y as i32).twist()
                    && self.db.level(&n).ok() == Some(level - 1)
                {
                    found = Some((k, (x, y), n));
                    break;
                }
            }
            match found {
                Some((k, xy, n)) => {
                    self.stack.last_mut().unwrap().2 = k + 1;
                    self.stack.push((n, level - 1, 0));
                    self.path.push(xy);
                }
                None => {
                    self.stack.pop();
                    self.path.pop();
                }
            }
        }
        None
    }
}
