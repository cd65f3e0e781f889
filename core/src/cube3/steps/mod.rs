//! Step solvers for fewest-moves solving (FMC): EO, DR, DR from EO, HTR, the slice and the
//! finish from DR, the corners; with NISS. Details and figures: `docs/cube3-steps.md`.
//!
//! Where each behaviour lives:
//! - [`catalogue`]: every step FMC solvers name ([`STEPS`]: `eofb`, `drud-eofb`, `htr-drrl`,
//!   ...), its goal, moves, requirement and whether it may switch NISS sides.
//! - [`goal`]: the goals as predicates on the cube's stickers, independent of the solvers.
//! - `frame`: a step seen in its standard frame (EO on F/B, DR on U/D) and its moves named back.
//! - `model`: coordinates, move tables and pruning tables (built in memory on first use).
//! - `search`: the depth-first search of every solution of one length, with NISS.
//! - [`sequence`]: move-sequence helpers (count, compare, inverse, nissy's variations).
//! - [`StepSolver`]: the tables of a folder (or in memory) opened per family on first use, for
//!   many solves from any number of threads (what each bridge handle holds).
//!
//! A step follows the centres: on a cube held in another orientation (rotations in its moves,
//! or a B32 orientation letter) the step's axes are those of the centres, and solutions are
//! written in the frame the cube is held in, on both NISS sides (as nissy writes them: the
//! inverse part names its moves like the normal part; see [`apply_held`]).

pub mod catalogue;
mod frame;
pub mod goal;
pub mod kind;
mod model;
mod search;
pub mod sequence;
mod solver;

use std::time::{Duration, Instant};

pub use catalogue::{Goal, Kind, STEPS, Step};
pub use goal::Axis;
pub use solver::StepSolver;

use crate::cube3::solve::in_space;
use crate::cube3::{Alg, Cube, Move};
use crate::error::{Error, Result};
use crate::progress::{CancelToken, NoProgress, Progress, ProgressReport};

use frame::Frame;
use model::Model;
use search::{Path, Sides};

/// Longest solution a step search accepts.
pub const MAX_LENGTH: u8 = 20;

/// Most threads one step search takes.
pub const MAX_THREADS: usize = 256;

/// Where a solution's moves may go (nissy's `-nisstype`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Niss {
    /// Only after the scramble.
    #[default]
    Normal,
    /// Only on the inverse scramble (the whole solution in parentheses).
    Inverse,
    /// Normal or inverse, never both.
    Linear,
    /// Both sides, switching once (and single moves on either side).
    Mixed,
    /// Normal, inverse and mixed.
    All,
}

impl Niss {
    pub const ALL: [Niss; 5] = [
        Niss::Normal,
        Niss::Inverse,
        Niss::Linear,
        Niss::Mixed,
        Niss::All,
    ];

    /// `normal`, `inverse`, `linear`, `mixed`, `all`.
    pub fn name(self) -> &'static str {
        match self {
            Niss::Normal => "normal",
            Niss::Inverse => "inverse",
            Niss::Linear => "linear",
            Niss::Mixed => "mixed",
            Niss::All => "all",
        }
    }

    fn sides(self) -> Sides {
        let (normal, inverse, mixed) = match self {
            Niss::Normal => (true, false, false),
            Niss::Inverse => (false, true, false),
            Niss::Linear => (true, true, false),
            Niss::Mixed => (false, false, true),
            Niss::All => (true, true, true),
        };
        Sides {
            normal,
            inverse,
            mixed,
        }
    }
}

/// Options of [`solve`].
#[derive(Clone, Debug)]
pub struct StepOptions {
    /// Shortest solution length listed (0 lists the empty solution of a cube already there).
    pub min_length: u8,
    /// Longest solution length listed, at most [`MAX_LENGTH`].
    pub max_length: u8,
    /// Most solutions listed (at least 1; `usize::MAX` for all). Default 1.
    pub limit: usize,
    /// Stop after the lengths up to the shortest found plus this margin (`None`: no margin).
    pub margin: Option<u8>,
    pub niss: Niss,
    /// Threads searching one solve (1 to [`MAX_THREADS`]); the answer is the same whatever
    /// the count. Default 1.
    pub threads: usize,
    /// Give up (a `cancelled` error) at this time.
    pub timeout: Option<Duration>,
}

impl Default for StepOptions {
    fn default() -> Self {
        StepOptions {
            min_length: 0,
            max_length: MAX_LENGTH,
            limit: 1,
            margin: None,
            niss: Niss::Normal,
            threads: 1,
            timeout: None,
        }
    }
}

impl StepOptions {
    /// Checks the options against the step: `invalid_argument` errors.
    pub fn validate(&self, step: &Step) -> Result<()> {
        if self.max_length > MAX_LENGTH {
            return Err(Error::invalid_argument(format!(
                "maximum length {} is above {MAX_LENGTH}",
                self.max_length
            )));
        }
        if self.min_length > self.max_length {
            return Err(Error::invalid_argument(format!(
                "minimum length {} is above the maximum length {}",
                self.min_length, self.max_length
            )));
        }
        if !(1..=MAX_THREADS).contains(&self.threads) {
            return Err(Error::invalid_argument(format!(
                "thread count {} is out of range 1..={MAX_THREADS}",
                self.threads
            )));
        }
        if self.limit == 0 {
            return Err(Error::invalid_argument(
                "the solution limit must be at least 1",
            ));
        }
        if matches!(self.niss, Niss::Mixed | Niss::All) && !step.kind.can_switch() {
            return Err(Error::invalid_argument(format!(
                "step {} cannot switch NISS sides: niss mode {} is not available for it",
                step.name,
                self.niss.name()
            )));
        }
        Ok(())
    }
}

/// Every solution of `step` for `cube` within the options, shortest first, each once, at most
/// `opts.limit`. Errors: `invalid_argument` for bad options, a mode the step cannot use, or a
/// cube without the step's requirement (the message names it); `cancelled` when the token is
/// cancelled or the timeout passes.
pub fn solve(
    step: &Step,
    cube: &Cube,
    opts: &StepOptions,
    cancel: Option<&CancelToken>,
    progress: &mut dyn Progress,
) -> Result<Vec<Alg>> {
    StepSolver::in_memory().solve(step, cube, opts, cancel, progress)
}

/// [`solve`] with the step's tables given (mapped from a file by [`StepTables::open_or_build`],
/// or [`StepTables::in_memory`]); they must be `step`'s family (`invalid_argument` otherwise).
pub fn solve_with(
    tables: &StepTables,
    step: &Step,
    cube: &Cube,
    opts: &StepOptions,
    cancel: Option<&CancelToken>,
    progress: &mut dyn Progress,
) -> Result<Vec<Alg>> {
    opts.validate(step)?;
    if tables.model.kind != step.kind {
        return Err(Error::invalid_argument(format!(
            "the {} step tables cannot solve {} (it needs the {} tables)",
            model::slug(tables.model.kind),
            step.name,
            model::slug(step.kind)
        )));
    }
    step.check_requirement(cube)?;
    search_checked(tables, step, cube, opts, cancel, progress)
}

/// The search of [`solve_with`] once the options, the tables' family and the requirement are
/// checked.
fn search_checked(
    tables: &StepTables,
    step: &Step,
    cube: &Cube,
    opts: &StepOptions,
    cancel: Option<&CancelToken>,
    progress: &mut dyn Progress,
) -> Result<Vec<Alg>> {
    let started = Instant::now();
    let deadline = opts.timeout.map(|t| started + t);
    if cancel.is_some_and(|c| c.is_cancelled()) {
        return Err(Error::new(
            crate::ErrorKind::Cancelled,
            "the search was cancelled",
        ));
    }
    let model = &*tables.model;
    let frame = Frame::new(step.frame);
    let start = frame.view(cube);
    if model.is_solved(&model.state(&start)) {
        // Already there: the empty solution when allowed, never longer ones.
        return Ok(if opts.min_length == 0 {
            vec![Alg::default()]
        } else {
            Vec::new()
        });
    }
    let mut out = Vec::new();
    let mut shortest: Option<u8> = None;
    let first = opts.min_length.max(1);
    for d in first..=opts.max_length {
        let past_margin = shortest
            .zip(opts.margin)
            .is_some_and(|(s, margin)| d as u32 > s as u32 + margin as u32);
        if past_margin {
            break;
        }
        let (paths, nodes) = search::length_on_threads(
            model,
            start,
            d,
            opts.niss.sides(),
            opts.limit - out.len(),
            opts.threads,
            deadline,
            cancel,
        )?;
        if !paths.is_empty() && shortest.is_none() {
            shortest = Some(d);
        }
        out.extend(paths.iter().map(|p| name(&frame, cube.orientation(), p)));
        progress.report(&ProgressReport {
            phase: format!("length {d}"),
            level: d as u32,
            done: (d - first + 1) as u64,
            total: (opts.max_length - first + 1) as u64,
            found: out.len() as u64,
            elapsed: started.elapsed(),
            eta: None,
        });
        log::debug!(
            "step {}: length {d}, {} solutions, {} nodes",
            step.name,
            paths.len(),
            nodes
        );
        if out.len() >= opts.limit {
            break;
        }
    }
    Ok(out)
}

/// A step's tables: bytes (pruning and move tables) and, per pruning table, how many entries
/// lie at each distance.
#[derive(Clone, Debug)]
pub struct TableInfo {
    pub bytes: usize,
    pub distances: Vec<Vec<u64>>,
}

/// The tables of a step's solver (built in memory on first use).
pub fn table_info(step: &Step) -> TableInfo {
    StepTables::in_memory(step).info()
}

/// One step family's tables (EO, DR, DR from EO, HTR, slice, finish, corners, corners relative
/// to each other; several steps share a family): built in memory, or mapped from the family's
/// table file in a folder (see `docs/cube3-steps.md`).
#[derive(Clone)]
pub struct StepTables {
    model: std::sync::Arc<Model>,
}

impl StepTables {
    /// The process's in-memory tables of `step`'s family, built on first use and shared.
    pub fn in_memory(step: &Step) -> StepTables {
        StepTables {
            model: Model::get(step.kind),
        }
    }

    /// The tables of `step`'s family from their file in `dir` ([`StepTables::file_name`]),
    /// built there first when missing, and rebuilt (with a warning) when damaged or stale,
    /// with progress reports while building. A file of another kind, or not a twisty file, is
    /// refused (`database`) and left as it is. The corners' tables open the cornersx file too.
    pub fn open_or_build(
        step: &Step,
        dir: &std::path::Path,
        progress: &mut dyn Progress,
        cancel: &CancelToken,
    ) -> Result<StepTables> {
        let model = Model::open_or_build(step.kind, dir, progress, cancel)?;
        Ok(StepTables {
            model: std::sync::Arc::new(model),
        })
    }

    /// The file name of `step`'s family's tables (versioned), e.g. `cube3-step-dr-v1.tbl`.
    pub fn file_name(step: &Step) -> String {
        Model::file_name(step.kind)
    }

    /// The family's short name: eo, dr, dreo, htr, slice, finish, corners, cornersx.
    pub fn family(&self) -> &'static str {
        model::slug(self.model.kind)
    }

    /// Whether the tables are mapped from a file (not built by this call).
    pub fn is_mapped(&self) -> bool {
        self.model.is_mapped()
    }

    pub fn info(&self) -> TableInfo {
        TableInfo {
            bytes: self.model.table_bytes(),
            distances: self.model.histograms(),
        }
    }
}

/// [`solve`] with the default options but for `limit`, `max_length` and `niss`, no token, no
/// progress.
pub fn solve_simple(
    step: &Step,
    cube: &Cube,
    max_length: u8,
    limit: usize,
    niss: Niss,
) -> Result<Vec<Alg>> {
    let opts = StepOptions {
        max_length,
        limit,
        niss,
        ..StepOptions::default()
    };
    solve(step, cube, &opts, None, &mut NoProgress)
}

/// A standard-frame path named on the cube: relabelled to the centres' frame, named in space
/// for the cube's orientation, adjacent moves on one axis written U before D, R before L, F
/// before B.
fn name(frame: &Frame, orientation: u8, p: &Path) -> Alg {
    let side = |moves: &[u8]| {
        let centre: Vec<u8> = moves.iter().map(|&m| frame.relabel[m as usize]).collect();
        sequence::sort_axis_pairs(in_space(orientation, &centre).normal().to_vec())
    };
    Alg::new(side(&p.normal), side(&p.inverse))
}

/// `cube` after `alg` with both parts named in the frame the cube is held in, as the step
/// solvers write them: the inverse part's moves act on the inverse cube held the same way (so
/// for a cube in its standard orientation this is [`Cube::apply`]).
pub fn apply_held(cube: &Cube, alg: &Alg) -> Cube {
    let after = cube.apply(&Alg::from_moves(alg.normal().to_vec()));
    if alg.inverse_part().is_empty() {
        return after;
    }
    // The inverse part made on a cube held like this one: its piece effect, as premoves.
    let held = Cube::SOLVED.with_orientation(cube.orientation());
    let premoves = held
        .apply(&Alg::from_moves(alg.inverse_part().to_vec()))
        .with_orientation(0);
    premoves.inverse().compose(&after)
}

/// The cube a step continues from: the scramble, then the moves found so far in NISS form,
/// read as the step solvers write them ([`apply_held`]).
pub fn position(scramble: &Alg, so_far: &Alg) -> Cube {
    apply_held(&Cube::from_alg(scramble), so_far)
}

/// The moves of `step` named on a cube held in `orientation`.
pub fn moves_in_space(step: &Step, orientation: u8) -> Vec<Move> {
    let centre: Vec<u8> = step.moves().iter().map(|m| m.index() as u8).collect();
    in_space(orientation, &centre).normal().to_vec()
}
