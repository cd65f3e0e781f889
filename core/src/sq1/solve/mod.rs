//! Six-colour Square-1 solvers.
//!
//! - [`Solver`]: optimal solutions in the twist, WCA and face-turn metrics ([`Metric`]), by
//!   iterative deepening over position classes (see [`search`]) with two pruning tables
//!   ([`prune`]) built on first use and kept in a versioned, memory-mapped cache file.
//! - [`index`]: the 170 shape classes, their symmetries and precomputed moves.
//!
//! A solver is immutable once built and `Send + Sync`: share one between threads (each search
//! is single-threaded and keeps its own small state).

pub mod endgame;
pub mod index;
pub mod kind;
pub mod pairs;
pub mod prune;
pub mod scramble;
pub mod search;
pub mod twophase;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::error::{Error, Result};
use crate::progress::{CancelToken, NoProgress, Progress};
use crate::sq1::moves::{Move, MoveSeq, Notation};
use crate::sq1::state::{Colouring, State};

use endgame::Endgame;
use index::SolveIndex;
use prune::PruneTables;
use search::{Limits, Node, Search};
pub use twophase::{DEFAULT_NODE_LIMIT, FastOptions};

/// How the length of a solution is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Metric {
    /// Only `/` counts.
    Twist,
    /// Each `(x,y)` other than `(0,0)` and each `/` counts one (the WCA's count).
    Wca,
    /// `(x,0)`, `(0,y)` and `/` count one, `(x,y)` with both layers turned counts two.
    FaceTurn,
}

impl Metric {
    /// 0 = twist, 1 = WCA, 2 = face-turn (the code used by the bridges).
    pub fn from_code(code: u32) -> Option<Metric> {
        [Metric::Twist, Metric::Wca, Metric::FaceTurn]
            .get(code as usize)
            .copied()
    }

    pub fn code(self) -> u32 {
        self as u32
    }

    /// `twist`, `wca` or `face`, as in the test vectors and the CLI.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Twist => "twist",
            Metric::Wca => "wca",
            Metric::FaceTurn => "face",
        }
    }

    /// Cost of one turn of the top by `t` and the bottom by `b` twelfths (any values mod 12).
    pub fn turn_cost(self, (t, b): (u8, u8)) -> u32 {
        let (t, b) = (t % 12 != 0, b % 12 != 0);
        match self {
            Metric::Twist => 0,
            Metric::Wca => (t || b) as u32,
            Metric::FaceTurn => t as u32 + b as u32,
        }
    }

    /// Length of a move sequence in this metric. Whole-puzzle flips are refused.
    pub fn length(self, moves: &MoveSeq) -> Result<u32> {
        let mut n = 0;
        for m in moves.moves() {
            n += match *m {
                Move::Twist => 1,
                Move::Turn { top, bottom } => {
                    self.turn_cost((top.rem_euclid(12) as u8, bottom.rem_euclid(12) as u8))
                }
                Move::Flip => {
                    return Err(Error::invalid_argument(
                        "a whole-puzzle flip '!' has no length in the solver metrics",
                    ));
                }
            };
        }
        Ok(n)
    }
}

/// A solution: the moves that take the given state to the solved puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub moves: MoveSeq,
    pub metric: Metric,
    /// Length in `metric`.
    pub length: u32,
}

impl Solution {
    pub(crate) fn new(moves: MoveSeq, metric: Metric) -> Solution {
        let length = metric.length(&moves).expect("solutions have no flips");
        Solution {
            moves,
            metric,
            length,
        }
    }

    /// The moves in WCA notation, for example `(1,0)/ (-1,3)/`; empty when already solved.
    pub fn to_wca(&self) -> String {
        self.moves.format(Notation::Wca).expect("no flips")
    }

    /// Number of `/`.
    pub fn twists(&self) -> usize {
        self.moves.twist_count()
    }
}

/// When a search must give up: a deadline and a cancellation token, both optional.
#[derive(Clone, Debug, Default)]
pub struct SearchLimits {
    pub deadline: Option<Instant>,
    pub cancel: Option<CancelToken>,
}

impl SearchLimits {
    /// Gives up `timeout` from now.
    pub fn timeout(timeout: Duration) -> SearchLimits {
        SearchLimits {
            deadline: Some(Instant::now() + timeout),
            cancel: None,
        }
    }
}

/// The optimal solver: move index and pruning tables. `Send + Sync`.
pub struct Solver {
    ix: SolveIndex,
    tables: PruneTables,
    /// Phase-1 distances per metric, computed on first use.
    /// Shape distances per metric, to the phase-2 group and to solved, computed on first use.
    shape: [[std::sync::OnceLock<twophase::ShapeTable>; 2]; 3],
    /// Phase-1 move lists per metric, computed on first use.
    phase1_moves: [std::sync::OnceLock<twophase::Phase1Moves>; 3],
    shapes: crate::sq1::Tables,
}

/// Name of the cache file inside the cache folder.
pub const CACHE_FILE: &str = "sq1-solver-v4.tbl";

impl Solver {
    /// Builds the tables in memory (about 10-30 seconds on two cores).
    pub fn build(progress: &mut dyn Progress, cancel: &CancelToken) -> Result<Solver> {
        let ix = SolveIndex::new();
        let tables = PruneTables::build(&ix, progress, cancel)?;
        Ok(Solver::assemble(ix, tables))
    }

    /// Maps a table file written by [`Solver::save`] or [`Solver::open_or_build`]. A missing,
    /// damaged, stale or foreign file is [`ErrorKind::Database`].
    pub fn open(path: &Path) -> Result<Solver> {
        let ix = SolveIndex::new();
        let tables = PruneTables::open(path, &ix)?;
        Ok(Solver::assemble(ix, tables))
    }

    fn assemble(ix: SolveIndex, tables: PruneTables) -> Solver {
        Solver {
            ix,
            shape: Default::default(),
            phase1_moves: Default::default(),
            shapes: crate::sq1::Tables::new(),
            tables,
        }
    }

    /// Opens the table file, or builds the tables, saves them there (atomically) and maps the
    /// result. A solver table file that cannot be used (damaged, stale) is rebuilt and
    /// replaced; any other file is refused and left alone (see
    /// [`crate::tablefile::open_or_build`]).
    pub fn open_or_build(
        path: &Path,
        progress: &mut dyn Progress,
        cancel: &CancelToken,
    ) -> Result<Solver> {
        let ix = SolveIndex::new();
        let tables = PruneTables::open_or_build(path, &ix, progress, cancel)?;
        Ok(Solver::assemble(ix, tables))
    }

    /// The default table file: `$TWISTY_CACHE_DIR`, else `$XDG_CACHE_HOME/twisty`, else
    /// `$HOME/.cache/twisty`, else the system temporary folder, then [`CACHE_FILE`].
    pub fn default_path() -> PathBuf {
        crate::tablefile::cache_dir().join(CACHE_FILE)
    }

    /// Writes the tables to a file (atomically).
    pub fn save(&self, path: &Path) -> Result<()> {
        self.tables.save(path)
    }

    pub(crate) fn root(&self, state: &State) -> Result<Node> {
        if state.colouring() != Colouring::SixColour {
            return Err(Error::invalid_argument(
                "the solver takes six-colour states (Silver states are solved by the database)",
            ));
        }
        let (class, k, arr) = self.ix.node_of(state);
        Ok(Node {
            class: class as u8,
            arr,
            middle: (state.middle() != crate::sq1::Middle::Square) as u8,
            k,
            odd: twophase::parities(arr),
        })
    }

    /// One optimal solution in a metric.
    pub fn solve(&self, state: &State, metric: Metric) -> Result<Solution> {
        self.solve_with(state, metric, &SearchLimits::default(), &mut NoProgress)
    }

    /// One optimal solution, within limits; progress is reported after each finished depth.
    pub fn solve_with(
        &self,
        state: &State,
        metric: Metric,
        limits: &SearchLimits,
        progress: &mut dyn Progress,
    ) -> Result<Solution> {
        let mut v = self.solutions_with(state, metric, 1, limits, progress)?;
        Ok(v.remove(0))
    }

    /// Up to `limit` optimal solutions (all of them when there are fewer), in search order.
    pub fn solutions_with(
        &self,
        state: &State,
        metric: Metric,
        limit: usize,
        limits: &SearchLimits,
        progress: &mut dyn Progress,
    ) -> Result<Vec<Solution>> {
        if limit == 0 {
            return Err(Error::invalid_argument(
                "the solution limit must be at least 1",
            ));
        }
        let root = self.root(state)?;
        let l = Limits {
            deadline: limits.deadline,
            cancel: limits.cancel.as_ref(),
        };
        // Every turn between two twists costs at least one in the WCA and face-turn metrics, so
        // `d` twists cost at least 2d - 1: start there, with `d` from a (fast) twist search.
        let known = if metric == Metric::Twist {
            0
        } else {
            let mut t = Search::new(&self.ix, &self.tables, self.endgame(), Metric::Twist, 1, &l);
            (2 * t.run(root, 0, &mut NoProgress)?).saturating_sub(1)
        };
        let mut s = Search::new(&self.ix, &self.tables, self.endgame(), metric, limit, &l);
        s.shape = Some(self.shape_table(metric, twophase::Goal::Solved));
        s.run(root, known, progress)?;
        Ok(s.found
            .into_iter()
            .map(|m| Solution::new(m, metric))
            .collect())
    }

    /// The optimal length of a state in a metric.
    pub fn distance(&self, state: &State, metric: Metric) -> Result<u32> {
        Ok(self.solve(state, metric)?.length)
    }

    /// Fewest twists the pruning tables promise for a state (a lower bound on its distance).
    pub fn twists_lower_bound(&self, state: &State) -> Result<u32> {
        let root = self.root(state)?;
        let l = Limits {
            deadline: None,
            cancel: None,
        };
        let s = Search::new(&self.ix, &self.tables, self.endgame(), Metric::Twist, 1, &l);
        Ok(s.twists_bound(&root, u32::MAX))
    }

    pub(crate) fn index(&self) -> &SolveIndex {
        &self.ix
    }

    pub(crate) fn tables(&self) -> &PruneTables {
        &self.tables
    }

    /// The exact distances near solved: one set per process, built on first use (about a
    /// second and 64 MiB), shared by every solver since it depends only on the move index.
    pub(crate) fn endgame(&self) -> &'static Endgame {
        static E: std::sync::OnceLock<Endgame> = std::sync::OnceLock::new();
        E.get_or_init(|| Endgame::new(&self.ix))
    }

    pub(crate) fn shapes(&self) -> &crate::sq1::Tables {
        &self.shapes
    }

    /// Views of the phase-2 tables in the table file: in twists, or in face turns.
    pub(crate) fn phase2_tables(&self, face_turn: bool) -> [twophase::Phase2Table<'_>; 2] {
        [false, true]
            .map(|e| twophase::Phase2Table::from_bytes(self.tables.phase2(e, face_turn), e))
    }

    /// The face-turn phase-2 bound: both permutation tables and the pair table.
    pub(crate) fn face_turn_bound(&self) -> twophase::FaceTurnBound<'_> {
        twophase::FaceTurnBound {
            perms: self.phase2_tables(true),
            pairs: pairs::PairTable::from_bytes(self.tables.pairs()),
        }
    }

    pub(crate) fn shape_table(
        &self,
        metric: Metric,
        goal: twophase::Goal,
    ) -> &twophase::ShapeTable {
        self.shape[metric.code() as usize][goal as usize]
            .get_or_init(|| twophase::ShapeTable::build(&self.ix, metric, goal))
    }

    pub(crate) fn phase1_moves(&self, metric: Metric) -> &twophase::Phase1Moves {
        self.phase1_moves[metric.code() as usize].get_or_init(|| {
            let p1 = self.shape_table(metric, twophase::Goal::Phase2Group);
            twophase::Phase1Moves::build(&self.ix, metric, p1)
        })
    }

    /// Bytes this solver holds on the heap (its table file is mapped, and not counted): what a
    /// garbage-collected host reports as the memory pressure of one handle.
    pub fn heap_bytes(&self) -> usize {
        std::mem::size_of::<Solver>() + self.ix.heap_bytes() + self.shapes.heap_bytes()
    }

    /// Largest value of each pruning table (edges, corners).
    pub fn table_depths(&self) -> [u8; 2] {
        self.tables.max
    }

    /// Classes first reached at each twist distance 0..=[`endgame::DEPTH`] from the solved
    /// puzzle (layer turns free, middle layer included).
    pub fn level_sizes(&self) -> &[u64] {
        &self.endgame().level_sizes
    }
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Solver {{ table depths: {:?} }}", self.tables.max)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn solver_is_shareable() {
        fn is<T: Send + Sync>() {}
        is::<super::Solver>();
    }
}
