//! The flat, text-based facade that every bridge (JNI, .NET, C) calls.
//!
//! Puzzle states and move sequences cross the boundary as their canonical ASCII text, so the
//! bridges hold no puzzle logic and every runtime prints byte-identical answers: each function
//! here parses, calls the engine, and formats. Enumerations cross as small signed integers
//! (`i32`, what every host's enums are) whose values are documented on each function and never
//! change; every code is checked here, in [`enum_code`], and any other value (a negative one
//! included) is an `invalid_argument` error such as `unknown metric -1 (0 = twist, 1 = WCA,
//! 2 = face-turn)`.

use crate::error::{Error, Result};
use crate::sq1::{self, Colouring, MoveSeq, Notation, State};

/// The value of an enumeration code, or the one error for an unknown code.
fn enum_code<T>(
    what: &str,
    choices: &str,
    code: i32,
    from: impl Fn(u32) -> Option<T>,
) -> Result<T> {
    u32::try_from(code)
        .ok()
        .and_then(from)
        .ok_or_else(|| Error::invalid_argument(format!("unknown {what} {code} ({choices})")))
}

fn notation(code: i32) -> Result<Notation> {
    enum_code(
        "notation",
        "0 = WCA, 1 = article",
        code,
        Notation::from_code,
    )
}

fn colouring(code: i32) -> Result<Colouring> {
    enum_code(
        "colouring",
        "0 = six-colour, 1 = Silver",
        code,
        Colouring::from_code,
    )
}

/// The solved state of a colouring (0 = six-colour, 1 = Silver), as text.
pub fn sq1_solved(colouring_code: i32) -> Result<String> {
    Ok(State::solved(colouring(colouring_code)?).to_string())
}

/// Validates a state text and returns it in canonical form.
pub fn sq1_parse_state(text: &str) -> Result<String> {
    Ok(State::parse(text)?.to_string())
}

/// Applies a move sequence (notation 0 = WCA, 1 = article) to a state.
pub fn sq1_apply(state: &str, moves: &str, notation_code: i32) -> Result<String> {
    let n = notation(notation_code)?;
    let state = State::parse(state)?;
    let moves = MoveSeq::parse(moves, n)?;
    Ok(state.apply(&moves)?.to_string())
}

/// Re-writes a move sequence from one notation into another (or into canonical form of the same).
pub fn sq1_moves_convert(moves: &str, from: i32, to: i32) -> Result<String> {
    let (from, to) = (notation(from)?, notation(to)?);
    MoveSeq::parse(moves, from)?.format(to)
}

/// The inverse of a move sequence, in the same notation.
pub fn sq1_moves_inverse(moves: &str, notation_code: i32) -> Result<String> {
    let n = notation(notation_code)?;
    MoveSeq::parse(moves, n)?.inverse().format(n)
}

/// Whether the state is solved; with `ignore_middle`, a kite middle layer still counts as solved.
pub fn sq1_is_solved(state: &str, ignore_middle: bool) -> Result<bool> {
    let s = State::parse(state)?;
    Ok(if ignore_middle {
        s.is_solved_ignoring_middle()
    } else {
        s.is_solved()
    })
}

/// Whether `/` can be applied right now (no corner straddles the seam on either layer).
pub fn sq1_is_twistable(state: &str) -> Result<bool> {
    Ok(State::parse(state)?.is_twistable())
}

/// Whether the middle layer is square (the solved middle) rather than kite.
pub fn sq1_middle_is_square(state: &str) -> Result<bool> {
    Ok(State::parse(state)?.middle() == sq1::Middle::Square)
}

/// The colouring of a state: 0 = six-colour, 1 = Silver.
pub fn sq1_colouring(state: &str) -> Result<u32> {
    Ok(State::parse(state)?.colouring().code())
}

/// The shape's name in the article's style (`CeCeCeCe/CeCeCeCe` for the cube), for the canonical
/// rotation of each layer.
pub fn sq1_shape_name(state: &str) -> Result<String> {
    Ok(State::parse(state)?.shape().name())
}

/// The index (0..170) of the state's shape up to layer rotations, in the order of
/// [`sq1::Shape::all`].
pub fn sq1_shape_index(state: &str) -> Result<u32> {
    Ok(State::parse(state)?.shape().index() as u32)
}

/// Whether two states are equal up to turning the top and bottom layers.
pub fn sq1_equal_up_to_layer_rotation(a: &str, b: &str) -> Result<bool> {
    Ok(State::parse(a)?.eq_up_to_layer_rotation(&State::parse(b)?))
}

/// The Silver-edition view of a state (identical small pieces merged).
pub fn sq1_to_silver(state: &str) -> Result<String> {
    Ok(State::parse(state)?.to_silver().to_string())
}

/// A uniformly random twistable state from a seed (same seed, same state, in every runtime).
pub fn sq1_random_state(tables: &sq1::Tables, seed: u64, colouring_code: i32) -> Result<String> {
    Ok(tables
        .random_state(seed, colouring(colouring_code)?)
        .to_string())
}

/// Shape counts: 0 = layer shapes up to rotation (29), 1 = twistable cube shapes with layer
/// rotations distinct (3678), 2 = cube shapes up to layer rotation (170), 3 = up to layer
/// rotation and whole-puzzle flip (90).
pub fn sq1_count_shapes(tables: &sq1::Tables, kind: i32) -> Result<u64> {
    let kind = enum_code(
        "shape count kind",
        "0 = layer shapes, 1 = twistable positions, 2 = up to layer rotation, 3 = up to rotation and flip",
        kind,
        sq1::ShapeCount::from_code,
    )?;
    Ok(tables.count(kind))
}

/// The fewest twists (`/`) that bring the state's shape to the cube shape.
pub fn sq1_twists_to_cube_shape(tables: &sq1::Tables, state: &str) -> Result<u32> {
    Ok(tables.twists_to_cube_shape(&State::parse(state)?))
}

fn ranker(counts: &[u32]) -> Result<crate::rank::MultisetRanker128> {
    crate::rank::MultisetRanker128::new(counts)
}

/// Number of distinct permutations of the multiset with `counts[s]` copies of symbol `s`.
pub fn rank_count(counts: &[u32]) -> Result<u128> {
    Ok(ranker(counts)?.count())
}

/// Lexicographic rank of `perm` among the permutations of the multiset `counts`.
pub fn rank_rank(counts: &[u32], perm: &[u8]) -> Result<u128> {
    ranker(counts)?.rank(perm)
}

/// The permutation of the multiset `counts` with lexicographic rank `rank`.
pub fn rank_unrank(counts: &[u32], rank: u128) -> Result<Vec<u8>> {
    ranker(counts)?.unrank(rank)
}

// ---- The Silver-edition database -------------------------------------------------------------

use crate::progress::{CancelToken, ProgressReport};
use crate::sq1::db::{self, Database, Solution, Variant};
use std::sync::Arc;

fn variant(code: i32) -> Result<Variant> {
    enum_code(
        "database variant",
        "0 = article, 1 = middle",
        code,
        Variant::from_code,
    )
}

/// Opens a complete database file (either variant).
pub fn db_open(path: &str) -> Result<Arc<Database>> {
    Ok(Arc::new(Database::open(std::path::Path::new(path))?))
}

/// The variant of an open database: 0 = article, 1 = middle.
pub fn db_variant(db: &Database) -> u32 {
    db.variant().code()
}

/// Classes per level: element i is the count of level i+1 (level 1 = solved), up to the last
/// level the file holds.
pub fn db_level_counts(db: &Database) -> Vec<u64> {
    let h = db.header();
    h.level_counts[1..=h.completed_level as usize].to_vec()
}

/// Whether the file holds every class (false for a partial database built with a maximum level).
pub fn db_is_full(db: &Database) -> bool {
    db.header().exhausted
}

/// Recomputes every region checksum.
pub fn db_verify(db: &Database) -> Result<()> {
    db.verify()
}

/// The fewest twists that solve a Silver state.
pub fn db_distance(db: &Database, state: &str) -> Result<u32> {
    db.distance(&State::parse(state)?)
}

/// A database solution as text: WCA notation, article notation (ending with `!` when the moves leave the
/// puzzle upside down), its twists, and whether it ends upside down.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DatabaseSolutionText {
    pub wca: String,
    pub article: String,
    pub twists: u32,
    pub flipped: bool,
}

impl From<Solution> for DatabaseSolutionText {
    fn from(s: Solution) -> DatabaseSolutionText {
        DatabaseSolutionText {
            wca: s.to_wca(),
            article: s.to_article(),
            twists: s.twists() as u32,
            flipped: s.flipped,
        }
    }
}

/// One shortest solution of a Silver state.
pub fn db_solve(db: &Database, state: &str) -> Result<DatabaseSolutionText> {
    Ok(db.solve(&State::parse(state)?)?.into())
}

/// All shortest solutions, lazily, at most `limit`: an iterator that owns its database handle.
pub fn db_solutions(
    db: Arc<Database>,
    state: &str,
    limit: u64,
) -> Result<db::Solutions<Arc<Database>>> {
    db::Solutions::new(
        db,
        &State::parse(state)?,
        usize::try_from(limit).unwrap_or(usize::MAX),
    )
}

/// Builds (or resumes) a database at `path`: variant 0 = article, 1 = middle; `max_level` 0 =
/// all levels (at most 15); `threads` 0 = one per core (at most [`db::build::MAX_THREADS`]).
/// `progress` runs on the calling thread. See [`db::build()`] for what happens to files.
pub fn db_build(
    path: &str,
    variant_code: i32,
    max_level: u32,
    threads: u32,
    progress: &mut dyn FnMut(&ProgressReport),
    cancel: &CancelToken,
) -> Result<()> {
    let mut opts = db::BuildOptions::new(variant(variant_code)?);
    opts.max_level = max_level;
    opts.threads = threads as usize;
    db::build(
        std::path::Path::new(path),
        &opts,
        &mut |r: &ProgressReport| progress(r),
        cancel,
    )?;
    Ok(())
}

// ---- The six-colour solvers, scrambles and pictures -----------------------------------------

use crate::sq1::solve::{FastOptions, Metric, SearchLimits, Solver};

fn metric(code: i32) -> Result<Metric> {
    enum_code(
        "metric",
        "0 = twist, 1 = WCA, 2 = face-turn",
        code,
        Metric::from_code,
    )
}

/// The one timeout rule of every runtime: `timeout_ms` 0 means no limit, a positive value a
/// deadline that many milliseconds from now, and a negative value (.NET's
/// `Timeout.InfiniteTimeSpan` included) is an `invalid_argument` error. Hosts convert their
/// durations to whole milliseconds rounding away from zero, so that no non-zero duration
/// becomes 0. The CLI and the web server take their timeouts through it too.
pub fn deadline(timeout_ms: i64) -> Result<Option<std::time::Instant>> {
    if timeout_ms < 0 {
        return Err(Error::invalid_argument(format!(
            "timeout must not be negative (got {timeout_ms} ms)"
        )));
    }
    let ms = std::time::Duration::from_millis(timeout_ms as u64);
    // A deadline beyond what the clock can hold is no deadline.
    Ok((timeout_ms > 0)
        .then(|| std::time::Instant::now().checked_add(ms))
        .flatten())
}

/// Opens the solver's table file at `path`, building and saving the tables first when the file
/// is missing, stale or damaged (about half a minute; `progress` runs on the calling thread).
/// An empty `path` means [`Solver::default_path`].
pub fn sq1_solver_open(
    path: &str,
    progress: &mut dyn FnMut(&ProgressReport),
    cancel: &CancelToken,
) -> Result<Arc<Solver>> {
    let p = if path.is_empty() {
        Solver::default_path()
    } else {
        std::path::PathBuf::from(path)
    };
    Ok(Arc::new(Solver::open_or_build(
        &p,
        &mut |r: &ProgressReport| progress(r),
        cancel,
    )?))
}

/// Opens an existing table file; a missing, stale or damaged file is a database error.
pub fn sq1_solver_open_existing(path: &str) -> Result<Arc<Solver>> {
    Ok(Arc::new(Solver::open(std::path::Path::new(path))?))
}

/// The default table file path (see [`Solver::default_path`]).
pub fn sq1_solver_default_path() -> String {
    Solver::default_path().display().to_string()
}

/// A solver's answer: the moves in WCA notation, the length in the metric asked for, and the
/// number of twists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverSolutionText {
    pub wca: String,
    pub length: u32,
    pub twists: u32,
}

impl From<crate::sq1::solve::Solution> for SolverSolutionText {
    fn from(s: crate::sq1::solve::Solution) -> SolverSolutionText {
        SolverSolutionText {
            wca: s.to_wca(),
            length: s.length,
            twists: s.twists() as u32,
        }
    }
}

/// One optimal solution of a six-colour state. Metric 0 = twist, 1 = WCA, 2 = face-turn;
/// `timeout_ms` 0 = no deadline. `progress` is called on this thread after each search depth.
pub fn sq1_solve(
    solver: &Solver,
    state: &str,
    metric_code: i32,
    timeout_ms: i64,
    progress: &mut dyn FnMut(&ProgressReport),
    cancel: &CancelToken,
) -> Result<SolverSolutionText> {
    let (state, metric) = (State::parse(state)?, metric(metric_code)?);
    let limits = SearchLimits {
        deadline: deadline(timeout_ms)?,
        cancel: Some(cancel.clone()),
    };
    Ok(solver
        .solve_with(&state, metric, &limits, &mut |r: &ProgressReport| {
            progress(r)
        })?
        .into())
}

/// Up to `limit` (at least 1) optimal solutions, in search order.
pub fn sq1_solutions(
    solver: &Solver,
    state: &str,
    metric_code: i32,
    limit: u32,
    timeout_ms: i64,
    cancel: &CancelToken,
) -> Result<Vec<SolverSolutionText>> {
    let (state, metric) = (State::parse(state)?, metric(metric_code)?);
    let limits = SearchLimits {
        deadline: deadline(timeout_ms)?,
        cancel: Some(cancel.clone()),
    };
    let v = solver.solutions_with(
        &state,
        metric,
        limit as usize,
        &limits,
        &mut crate::progress::NoProgress,
    )?;
    Ok(v.into_iter().map(SolverSolutionText::from).collect())
}

/// The optimal length of a six-colour state in a metric.
pub fn sq1_distance(solver: &Solver, state: &str, metric_code: i32) -> Result<u32> {
    solver.distance(&State::parse(state)?, metric(metric_code)?)
}

/// A short solution found fast by the two-phase solver: stops at the first solution of at
/// most `max_length` moves (0 = no bound), after `node_limit` search nodes (0 = none; the first solution is always completed; the result
/// is then the same on every machine) or at the deadline (`timeout_ms`, 0 = none), returning
/// the best found; with none of the three, the first solution found.
pub fn sq1_solve_fast(
    solver: &Solver,
    state: &str,
    metric_code: i32,
    max_length: u32,
    node_limit: u64,
    timeout_ms: i64,
    cancel: &CancelToken,
) -> Result<SolverSolutionText> {
    let opts = FastOptions {
        metric: metric(metric_code)?,
        max_length: (max_length > 0).then_some(max_length),
        node_limit: (node_limit > 0).then_some(node_limit),
        deadline: deadline(timeout_ms)?,
        cancel: Some(cancel.clone()),
    };
    Ok(solver.solve_fast(&State::parse(state)?, &opts)?.into())
}

/// A random-state scramble and the state it leads to from solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScrambleText {
    /// `(x,y) / (x,y) / ...`
    pub scramble: String,
    pub state: String,
}

/// The random-state scramble of a seed (the same in every runtime).
pub fn sq1_scramble(solver: &Solver, seed: u64) -> Result<ScrambleText> {
    let s = solver.scramble(seed)?;
    Ok(ScrambleText {
        scramble: s.to_text(),
        state: s.state.to_string(),
    })
}

/// The length of a move sequence (notation 0 = WCA, 1 = article) in a metric.
pub fn sq1_moves_length(moves: &str, notation_code: i32, metric_code: i32) -> Result<u32> {
    let moves = MoveSeq::parse(moves, notation(notation_code)?)?;
    metric(metric_code)?.length(&moves)
}

/// An SVG picture of a state (see `docs/square1-pictures.md`).
pub fn sq1_svg(state: &str) -> Result<String> {
    Ok(sq1::svg::svg(&State::parse(state)?))
}

// ---- The 3x3x3 cube model --------------------------------------------------------------------
//
// Cubes cross as nissy's B32 text (`cccccccc=eeeeeeeeeeee=r`, see [`crate::cube3::Cube::from_b32`]),
// algorithms as move text with NISS groups (see [`crate::cube3::Alg::parse`]); results are
// canonical text.

use crate::cube3::{Alg, Cube};

/// The solved cube in the standard orientation: `ABCDEFGH=ABCDEFGHIJKL=A`.
pub fn cube3_solved() -> String {
    Cube::SOLVED.to_b32()
}

/// Validates a B32 cube text and returns it in canonical form.
pub fn cube3_parse(text: &str) -> Result<String> {
    Ok(Cube::from_b32(text)?.to_b32())
}

/// The cube after an algorithm (NISS groups included; see [`Cube::apply`]).
pub fn cube3_apply(cube: &str, moves: &str) -> Result<String> {
    let cube = Cube::from_b32(cube)?;
    let alg = Alg::parse(moves)?;
    Ok(cube.apply(&alg).to_b32())
}

/// The cube of an algorithm, from the solved cube (see [`Cube::from_alg`]).
pub fn cube3_from_moves(moves: &str) -> Result<String> {
    Ok(Cube::from_alg(&Alg::parse(moves)?).to_b32())
}

/// The cube whose moves undo this one's (see [`Cube::inverse`]).
pub fn cube3_inverse(cube: &str) -> Result<String> {
    Ok(Cube::from_b32(cube)?.inverse().to_b32())
}

/// `a`, then the moves of `b` (see [`Cube::compose`]).
pub fn cube3_compose(a: &str, b: &str) -> Result<String> {
    let a = Cube::from_b32(a)?;
    let b = Cube::from_b32(b)?;
    Ok(a.compose(&b).to_b32())
}

/// Whether every corner and edge is in place relative to the centres, whatever the cube's
/// orientation (see [`Cube::is_solved`]).
pub fn cube3_is_solved(cube: &str) -> Result<bool> {
    Ok(Cube::from_b32(cube)?.is_solved())
}

/// A uniformly random cube from a seed (same seed, same cube, in every runtime; see
/// [`Cube::random`]).
pub fn cube3_random(seed: u64) -> String {
    Cube::random(&mut crate::rng::Rng::new(seed)).to_b32()
}

/// The picture of a B32 cube: a standalone SVG document of its unfolded net, the same bytes in
/// every runtime (see [`crate::cube3::svg::net`]).
pub fn cube3_svg(cube: &str) -> Result<String> {
    Ok(crate::cube3::svg::net(&Cube::from_b32(cube)?))
}

/// The canonical text of an algorithm: moves separated by one space, the inverse part last in
/// one group (`R U F (B' D)`).
pub fn cube3_moves_canonical(moves: &str) -> Result<String> {
    Ok(Alg::parse(moves)?.to_string())
}

/// The plain algorithm whose cube is the inverse of this one's (see [`Alg::inverse`]).
pub fn cube3_moves_inverse(moves: &str) -> Result<String> {
    Ok(Alg::parse(moves)?.inverse().to_string())
}

// ---- The 3x3x3 two-phase solver --------------------------------------------------------------
//
// The solver is `Send + Sync` and immutable once opened: the bridges hold one `Arc` per handle
// and call [`cube3_solve`] from any number of threads at once.

/// Opens the 3x3x3 two-phase solver's table file at `path`, building and saving the tables
/// first when the file is missing, stale or damaged (seconds; `progress` runs on the calling
/// thread, and a cancelled build leaves the file as it was). An empty `path` means
/// [`crate::cube3::solve::Solver::default_path`].
pub fn cube3_solver_open(
    path: &str,
    progress: &mut dyn FnMut(&ProgressReport),
    cancel: &CancelToken,
) -> Result<Arc<crate::cube3::solve::Solver>> {
    use crate::cube3::solve::Solver as Cube3Solver;
    let p = if path.is_empty() {
        Cube3Solver::default_path()
    } else {
        std::path::PathBuf::from(path)
    };
    Ok(Arc::new(Cube3Solver::open_or_build(
        &p,
        &mut |r: &ProgressReport| progress(r),
        cancel,
    )?))
}

/// Opens an existing 3x3x3 table file, never building; a missing, stale or damaged file is a
/// database error naming the path and the reason.
pub fn cube3_solver_open_existing(path: &str) -> Result<Arc<crate::cube3::solve::Solver>> {
    Ok(Arc::new(crate::cube3::solve::Solver::open(
        std::path::Path::new(path),
    )?))
}

/// The default 3x3x3 table file path (see [`crate::cube3::solve::Solver::default_path`]).
pub fn cube3_solver_default_path() -> String {
    crate::cube3::solve::Solver::default_path()
        .display()
        .to_string()
}

/// A solution of at most `max_length` face turns (0..=40) for a B32 cube, as canonical move
/// text (empty for a solved cube), named in space for the cube's orientation. The same cube and
/// bound give the same solution in every runtime. `timeout_ms` 0 = no deadline; a deadline or a
/// cancellation that stops the search first is a `cancelled` error.
pub fn cube3_solve(
    solver: &crate::cube3::solve::Solver,
    cube: &str,
    max_length: u32,
    timeout_ms: i64,
    cancel: Option<&CancelToken>,
) -> Result<String> {
    let cube = Cube::from_b32(cube)?;
    let opts = crate::cube3::solve::SolveOptions {
        max_length,
        deadline: deadline(timeout_ms)?,
        cancel: cancel.cloned(),
    };
    Ok(solver.solve(&cube, &opts)?.to_string())
}

// ---- The 3x3x3 optimal solver ----------------------------------------------------------------
//
// Like the two-phase solver: `Send + Sync`, one `Arc` per handle, solves from any number of
// threads at once (each solve may also use several threads itself).

/// Opens the optimal solver's table file of size `h{size}` at `path`, building and saving it
/// first when the file is missing, stale or damaged (`progress` runs on the calling thread).
/// An empty `path` means [`crate::cube3::optimal::Solver::default_path`].
pub fn cube3_optimal_open(
    path: &str,
    size: i32,
    progress: &mut dyn FnMut(&ProgressReport),
    cancel: &CancelToken,
) -> Result<Arc<crate::cube3::optimal::Solver>> {
    use crate::cube3::optimal::Solver;
    let size = table_size(size)?;
    let p = if path.is_empty() {
        Solver::default_path(size)
    } else {
        std::path::PathBuf::from(path)
    };
    Ok(Arc::new(Solver::open_or_build(
        &p,
        size,
        &mut |r: &ProgressReport| progress(r),
        cancel,
    )?))
}

/// Opens an existing optimal-solver table file of size `h{size}`, never building.
pub fn cube3_optimal_open_existing(
    path: &str,
    size: i32,
) -> Result<Arc<crate::cube3::optimal::Solver>> {
    Ok(Arc::new(crate::cube3::optimal::Solver::open(
        std::path::Path::new(path),
        table_size(size)?,
    )?))
}

/// The default table file path of size `h{size}`.
pub fn cube3_optimal_default_path(size: i32) -> Result<String> {
    Ok(
        crate::cube3::optimal::Solver::default_path(table_size(size)?)
            .display()
            .to_string(),
    )
}

/// A table size code, checked before anything else (a path, a file) is looked at: the
/// engine's one size check ([`crate::cube3::optimal::check_size`]), so that every runtime
/// refuses a size it cannot open (`h8`) with one message, default paths included.
fn table_size(size: i32) -> Result<u8> {
    let size = u8::try_from(size).map_err(|_| {
        Error::invalid_argument(format!(
            "table size {size} is out of range (0 = h0, 1 = h1, ...)"
        ))
    })?;
    crate::cube3::optimal::check_size(size)?;
    Ok(size)
}

/// What [`cube3_optimal_solve`] found: solutions as canonical move text, all of `length`
/// moves, and the nodes the search visited.
pub struct OptimalSolutionsText {
    pub solutions: Vec<String>,
    pub length: u32,
    pub nodes: u64,
}

/// Optimal solutions of a B32 cube (see [`crate::cube3::optimal::Solver::solve`]): lengths
/// `min_length..=max_length`, at most `max_solutions` of the first length that has any,
/// `threads` 0 = one per core; `timeout_ms` 0 = no deadline; `progress` is told after each
/// depth, on the calling thread. The same arguments give the same solutions, in the same
/// order, in every runtime and with any number of threads.
#[allow(clippy::too_many_arguments)]
pub fn cube3_optimal_solve(
    solver: &crate::cube3::optimal::Solver,
    cube: &str,
    min_length: i32,
    max_length: i32,
    max_solutions: i64,
    threads: i32,
    timeout_ms: i64,
    cancel: Option<&CancelToken>,
    progress: &mut dyn FnMut(&ProgressReport),
) -> Result<OptimalSolutionsText> {
    let cube = Cube::from_b32(cube)?;
    let count = |what: &str, v: i64| {
        u32::try_from(v)
            .map_err(|_| Error::invalid_argument(format!("{what} must not be negative (got {v})")))
    };
    let opts = crate::cube3::optimal::SolveOptions {
        min_length: count("min_length", min_length as i64)?,
        max_length: count("max_length", max_length as i64)?,
        max_solutions: usize::try_from(max_solutions).map_err(|_| {
            Error::invalid_argument(format!(
                "max_solutions must not be negative (got {max_solutions})"
            ))
        })?,
        threads: count("threads", threads as i64)? as usize,
        deadline: deadline(timeout_ms)?,
        cancel: cancel.cloned(),
    };
    let found = solver.solve(&cube, &opts, &mut |r: &ProgressReport| progress(r))?;
    Ok(OptimalSolutionsText {
        solutions: found.solutions.iter().map(|a| a.to_string()).collect(),
        length: found.length,
        nodes: found.nodes,
    })
}

// ---- The 3x3x3 step solvers (fewest-moves solving) ---------------------------------------------
//
// Steps are named as FMC solvers name them (`eofb`, `drud-eofb`, `htr-drud`, ...; see
// [`crate::cube3::steps`]); solutions cross as text lines written as nissy writes them
// ([`crate::cube3::steps::sequence::niss_text`]: the longer side first, the inverse side in
// parentheses). A step solver handle holds a [`StepSolver`]: the tables of a folder, each step
// family's file opened (built there on first use) by the first solve that needs it, then shared
// by every solve and thread; or the tables built in memory once per process.

use crate::cube3::steps::{self, Niss, Step, StepSolver, sequence};

/// Every step name, in the catalogue's order.
pub fn cube3_step_names() -> Vec<String> {
    steps::STEPS.iter().map(|s| s.name.to_string()).collect()
}

/// What step `step` does, in one line: goal, requirement, moves, NISS modes (see
/// [`Step::describe`]); an unknown name is the `invalid_argument` error listing the names.
pub fn cube3_step_describe(step: &str) -> Result<String> {
    Ok(Step::by_name(step)?.describe())
}

/// A NISS mode code: 0 = normal, 1 = inverse, 2 = linear, 3 = mixed, 4 = all.
fn niss(code: i32) -> Result<Niss> {
    enum_code(
        "NISS mode",
        "0 = normal, 1 = inverse, 2 = linear, 3 = mixed, 4 = all",
        code,
        |c| Niss::ALL.get(c as usize).copied(),
    )
}

/// A length argument as the engine's `u8`: negative values are refused here, values beyond
/// `u8` are the engine's "above the maximum" error.
fn step_length(what: &str, v: i32) -> Result<u8> {
    if v < 0 {
        return Err(Error::invalid_argument(format!(
            "{what} must not be negative (got {v})"
        )));
    }
    u8::try_from(v)
        .map_err(|_| Error::invalid_argument(format!("{what} {v} is above {}", steps::MAX_LENGTH)))
}

/// The cube a step continues from: the `scramble`, then the moves found so far in NISS form
/// (`so_far`, the inverse part in parentheses), as the step solvers write them (see
/// [`steps::position`]); a B32 cube for [`cube3_steps_solve`].
pub fn cube3_step_position(scramble: &str, so_far: &str) -> Result<String> {
    Ok(steps::position(&Alg::parse(scramble)?, &Alg::parse(so_far)?).to_b32())
}

/// A step solver whose tables live in `folder` (created when missing; an empty `folder` means
/// [`cube3_steps_default_folder`]). Nothing is read or built here: each family's file is opened,
/// or built with progress reports, by the first solve that needs it.
pub fn cube3_steps_open(folder: &str) -> Arc<StepSolver> {
    Arc::new(if folder.is_empty() {
        StepSolver::in_folder(StepSolver::default_folder())
    } else {
        StepSolver::in_folder(folder)
    })
}

/// A step solver whose tables are built in memory once per process (no files; 0.1 to 0.9 s
/// per family on the first solve that needs it).
pub fn cube3_steps_in_memory() -> Arc<StepSolver> {
    Arc::new(StepSolver::in_memory())
}

/// The default folder of the step tables: the cache folder of the other 3x3x3 tables.
pub fn cube3_steps_default_folder() -> String {
    StepSolver::default_folder().display().to_string()
}

/// The solver's folder ("" for one in memory).
pub fn cube3_steps_folder(solver: &StepSolver) -> String {
    solver
        .folder()
        .map_or(String::new(), |f| f.display().to_string())
}

/// Opens (building when missing) the tables step `step` needs now rather than on its first
/// solve; `progress` reports the build. Errors: an unknown step; `database` for a foreign file
/// where the family's file belongs (left as it is) or a folder that cannot be written;
/// `cancelled` when `cancel` stops the build (no file is left).
pub fn cube3_steps_prepare(
    solver: &StepSolver,
    step: &str,
    progress: &mut dyn FnMut(&ProgressReport),
    cancel: &CancelToken,
) -> Result<()> {
    let step = Step::by_name(step)?;
    solver.tables(step, &mut |r: &ProgressReport| progress(r), cancel)?;
    Ok(())
}

/// The solutions of step `step` for a B32 cube (see [`StepSolver::solve`]), shortest first,
/// each once, as nissy writes them (an empty line: the cube is already at the goal and
/// `min_length` is 0). `niss_code`: 0 = normal, 1 = inverse, 2 = linear, 3 = mixed, 4 = all;
/// lengths `min_length..=max_length` (at most 20); at most `max_solutions` (at least 1);
/// `margin` < 0 = none, else stop after the lengths up to the shortest found plus `margin`;
/// `threads` 1..=256 (the same answer with any count); `timeout_ms` 0 = no deadline (it
/// counts the search, not a first build); `progress` is told of a first build's tables, then
/// after each length, on the calling thread. Errors (`invalid_argument`, before any build or
/// search): an unknown step (the message lists the names), a NISS mode the step cannot use, a
/// cube without the step's requirement (named), an option out of range; then the errors of
/// [`cube3_steps_prepare`]; `cancelled` when the token or the deadline stops the search.
#[allow(clippy::too_many_arguments)]
pub fn cube3_steps_solve(
    solver: &StepSolver,
    step: &str,
    cube: &str,
    niss_code: i32,
    min_length: i32,
    max_length: i32,
    max_solutions: i64,
    margin: i32,
    threads: i32,
    timeout_ms: i64,
    cancel: Option<&CancelToken>,
    progress: &mut dyn FnMut(&ProgressReport),
) -> Result<Vec<String>> {
    let step = Step::by_name(step)?;
    let cube = Cube::from_b32(cube)?;
    let negative = |what: &str, v: i64| {
        Error::invalid_argument(format!("{what} must not be negative (got {v})"))
    };
    let opts = steps::StepOptions {
        min_length: step_length("minimum length", min_length)?,
        max_length: step_length("maximum length", max_length)?,
        limit: usize::try_from(max_solutions)
            .map_err(|_| negative("max_solutions", max_solutions))?,
        margin: (margin >= 0).then(|| u8::try_from(margin).unwrap_or(u8::MAX)),
        niss: niss(niss_code)?,
        threads: usize::try_from(threads).map_err(|_| negative("threads", threads as i64))?,
        // The one timeout rule, as a duration from the search's start.
        timeout: deadline(timeout_ms)?
            .map(|d| d.saturating_duration_since(std::time::Instant::now())),
    };
    let found = solver.solve(step, &cube, &opts, cancel, &mut |r: &ProgressReport| {
        progress(r)
    })?;
    Ok(found.iter().map(sequence::niss_text).collect())
}

/// Moves in a sequence, both NISS parts: face and wide turns count 1, slices 2, rotations 0
/// (see [`sequence::count_moves`]).
pub fn cube3_moves_count(moves: &str) -> Result<u32> {
    Ok(sequence::count_moves(&Alg::parse(moves)?) as u32)
}

/// Whether two sequences are the same up to the order of adjacent moves on one axis, each NISS
/// part on its own (see [`sequence::same_sequence`]).
pub fn cube3_moves_same(a: &str, b: &str) -> Result<bool> {
    Ok(sequence::same_sequence(&Alg::parse(a)?, &Alg::parse(b)?))
}

/// nissy's variations of a sequence, as nissy writes them: `variation` 0 = `unniss` (one plain
/// sequence), 1 = `lastqt` (every direction of each part's last quarter turns).
pub fn cube3_variations(moves: &str, variation: i32) -> Result<Vec<String>> {
    use sequence::Variation;
    let v = enum_code("variation", "0 = unniss, 1 = lastqt", variation, |c| {
        [Variation::Unniss, Variation::LastQt]
            .get(c as usize)
            .copied()
    })?;
    Ok(sequence::variations(&Alg::parse(moves)?, v)
        .iter()
        .map(sequence::niss_text)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_unknown_enumeration_code_is_one_clear_error() {
        let e = sq1_moves_length("/", 0, -1).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::InvalidArgument);
        assert_eq!(
            e.message(),
            "unknown metric -1 (0 = twist, 1 = WCA, 2 = face-turn)"
        );
        assert_eq!(
            sq1_moves_length("/", -1, 0).unwrap_err().message(),
            "unknown notation -1 (0 = WCA, 1 = article)"
        );
        assert_eq!(
            sq1_solved(2).unwrap_err().message(),
            "unknown colouring 2 (0 = six-colour, 1 = Silver)"
        );
        assert_eq!(
            sq1_moves_convert("/", 0, i32::MIN).unwrap_err().message(),
            "unknown notation -2147483648 (0 = WCA, 1 = article)"
        );
        assert_eq!(
            sq1_count_shapes(&sq1::Tables::new(), 4)
                .unwrap_err()
                .message(),
            "unknown shape count kind 4 (0 = layer shapes, 1 = twistable positions, 2 = up to layer rotation, 3 = up to rotation and flip)"
        );
        assert_eq!(sq1_moves_length("/", 0, 0).unwrap(), 1);
    }

    #[test]
    fn the_timeout_rule() {
        assert!(deadline(0).unwrap().is_none());
        assert!(deadline(1).unwrap().is_some());
        // So far ahead that the clock cannot hold it: no deadline, not an overflow.
        assert!(deadline(i64::MAX).is_ok());
        for ms in [-1, i64::MIN] {
            let e = deadline(ms).unwrap_err();
            assert_eq!(e.kind(), crate::ErrorKind::InvalidArgument);
            assert_eq!(
                e.message(),
                format!("timeout must not be negative (got {ms} ms)")
            );
        }
    }

    fn step(name: &str, cube: &str, niss: i32, max: i32, limit: i64) -> Result<Vec<String>> {
        let solver = cube3_steps_in_memory();
        cube3_steps_solve(
            &solver,
            name,
            cube,
            niss,
            0,
            max,
            limit,
            -1,
            1,
            0,
            None,
            &mut |_| {},
        )
    }

    #[test]
    fn step_solutions_reach_the_goal_as_text() {
        let scramble = "R' U' F D2 L2 F R2 U2 R2 B D2 L2 F2 R' D' B2 U F2 L' B' R' U' F";
        let cube = cube3_step_position(scramble, "").unwrap();
        let eo = step("eofb", &cube, 4, 5, i64::MAX).unwrap();
        assert!(!eo.is_empty());
        let goal = Step::by_name("eofb").unwrap().goal;
        for text in &eo {
            // The text parses back (nissy's order of sides) and, applied, reaches EO.
            let alg = Alg::parse(text).unwrap();
            assert_eq!(&sequence::niss_text(&alg), text);
            let after = steps::apply_held(&Cube::from_b32(&cube).unwrap(), &alg);
            assert!(goal.holds(&after), "{text}");
        }
        // Shortest first, and the first is the default solve's one solution.
        assert_eq!(step("eofb", &cube, 4, 5, 1).unwrap(), eo[..1]);
        let lengths: Vec<u32> = eo.iter().map(|t| cube3_moves_count(t).unwrap()).collect();
        assert!(lengths.windows(2).all(|w| w[0] <= w[1]), "{lengths:?}");
        // The position continues a partial solution in NISS form.
        let next = cube3_step_position(scramble, &eo[0]).unwrap();
        assert_eq!(step("eofb", &next, 0, 0, 1).unwrap(), vec![String::new()]);
        assert!(step("drud-eofb", &next, 3, 12, 1).unwrap().len() == 1);
    }

    #[test]
    fn step_errors_are_the_engines() {
        let solved = cube3_solved();
        let scrambled = cube3_from_moves("R U F").unwrap();
        let e = step("eo", &solved, 0, 5, 1).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::InvalidArgument);
        assert!(
            e.message()
                .starts_with("unknown step 'eo' (expected one of: eofb, eorl")
        );
        assert_eq!(
            step("drudslice", &solved, 3, 5, 1).unwrap_err().message(),
            "step drudslice cannot switch NISS sides: niss mode mixed is not available for it"
        );
        assert_eq!(
            step("drud-eofb", &scrambled, 0, 5, 1)
                .unwrap_err()
                .message(),
            "step drud-eofb needs edges oriented on the F/B axis (eofb), which this cube does not have"
        );
        assert_eq!(
            step("eofb", &solved, 5, 5, 1).unwrap_err().message(),
            "unknown NISS mode 5 (0 = normal, 1 = inverse, 2 = linear, 3 = mixed, 4 = all)"
        );
        assert_eq!(
            step("eofb", &solved, 0, -1, 1).unwrap_err().message(),
            "maximum length must not be negative (got -1)"
        );
        assert_eq!(
            step("eofb", &solved, 0, 300, 1).unwrap_err().message(),
            "maximum length 300 is above 20"
        );
        assert_eq!(
            step("eofb", &solved, 0, 21, 1).unwrap_err().message(),
            "maximum length 21 is above 20"
        );
        assert_eq!(
            step("eofb", &solved, 0, 5, 0).unwrap_err().message(),
            "the solution limit must be at least 1"
        );
        let cancelled = CancelToken::new();
        cancelled.cancel();
        let solver = cube3_steps_in_memory();
        let e = cube3_steps_solve(
            &solver,
            "eofb",
            &scrambled,
            0,
            0,
            5,
            1,
            -1,
            1,
            0,
            Some(&cancelled),
            &mut |_| {},
        )
        .unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Cancelled);
        assert_eq!(cube3_step_names().len(), steps::STEPS.len());
        assert!(cube3_step_describe("drud-eofb").unwrap().starts_with(
            "domino reduction on the U/D axis from edges oriented on the F/B axis; moves U U2 U' "
        ));
        assert!(cube3_step_describe("DRUD").is_err());
    }

    #[test]
    fn a_step_solver_in_a_folder_builds_each_family_once_and_a_cancelled_build_leaves_nothing() {
        let dir = std::env::temp_dir().join(format!("twisty-api-steps-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let solver = cube3_steps_open(dir.to_str().unwrap());
        assert_eq!(cube3_steps_folder(&solver), dir.display().to_string());
        assert_eq!(cube3_steps_folder(&cube3_steps_in_memory()), "");
        let eo_file = dir.join(steps::StepTables::file_name(&steps::STEPS[0]));
        let cancelled = CancelToken::new();
        cancelled.cancel();
        let e = cube3_steps_prepare(&solver, "eofb", &mut |_| {}, &cancelled).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Cancelled);
        assert!(!eo_file.exists());
        // Cancelled from inside the build's progress (as a host's listener does): no file.
        let token = CancelToken::new();
        let e = cube3_steps_prepare(&solver, "eofb", &mut |_| token.cancel(), &token).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Cancelled);
        assert!(!eo_file.exists());
        // A bad option is refused before anything is built.
        let cube = cube3_from_moves("R U F").unwrap();
        let bad = cube3_steps_solve(
            &solver,
            "eofb",
            &cube,
            0,
            0,
            5,
            0,
            -1,
            1,
            0,
            None,
            &mut |_| {},
        );
        assert!(bad.is_err() && !eo_file.exists());
        let mut reports = 0;
        let first = cube3_steps_solve(
            &solver,
            "eofb",
            &cube,
            4,
            0,
            4,
            i64::MAX,
            -1,
            2,
            0,
            None,
            &mut |_| reports += 1,
        )
        .unwrap();
        assert!(eo_file.exists());
        assert_eq!(
            first,
            cube3_steps_solve(
                &cube3_steps_in_memory(),
                "eofb",
                &cube,
                4,
                0,
                4,
                i64::MAX,
                -1,
                1,
                0,
                None,
                &mut |_| {},
            )
            .unwrap()
        );
        // The build's reports and one per length.
        assert!(reports > 4, "{reports} reports");
        let again = cube3_steps_open(dir.to_str().unwrap());
        let mut built = 0;
        let second = cube3_steps_solve(
            &again,
            "eorl",
            &cube,
            4,
            0,
            4,
            i64::MAX,
            -1,
            1,
            0,
            None,
            &mut |r| built += (r.phase.starts_with("length")) as u32 ^ 1,
        )
        .unwrap();
        assert_eq!(built, 0, "the EO file is mapped, not rebuilt");
        assert!(!second.is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn sequence_helpers() {
        assert_eq!(cube3_moves_count("R2 M Uw (Fw2 M2 y2)").unwrap(), 7);
        assert!(cube3_moves_same("U D2 U", "U U D2").unwrap());
        assert!(!cube3_moves_same("R U", "U R").unwrap());
        assert_eq!(cube3_variations("R U (U' R')", 0).unwrap(), vec!["R U R U"]);
        let lastqt = cube3_variations("F R L (B)", 1).unwrap();
        assert_eq!(lastqt.len(), 8);
        assert_eq!(lastqt[1], "F R L (B')");
        assert_eq!(
            cube3_variations("R", 2).unwrap_err().message(),
            "unknown variation 2 (0 = unniss, 1 = lastqt)"
        );
        assert!(cube3_moves_count("R Q").is_err());
    }
}
