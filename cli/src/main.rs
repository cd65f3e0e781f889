//! The `twisty` command line: a thin shell over the library.

use std::process::ExitCode;

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use twisty::cube3;
use twisty::progress::{CancelToken, ProgressReport};
use twisty::sq1::db::{self, BuildOptions, Database, Variant};
use twisty::sq1::solve::{FastOptions, Metric, SearchLimits, Solver};
use twisty::sq1::{Colouring, MoveSeq, Notation, Shape, ShapeCount, State, Tables};

/// Built-in Square-1 scramble used by `twisty demo`.
const DEMO_SCRAMBLE: &str =
    "(4,-1)/ (6,0)/ (6,6)/ (-3,-3)/ (-3,-3)/ (6,0)/ (2,6)/ (0,-3)/ (6,-3)/ (-5,6)/ (0,3)/ (0,3)/";
const DEMO_SEED: u64 = 2026;
/// Built-in 3x3x3 scramble used by `twisty demo`.
const DEMO_CUBE3_SCRAMBLE: &str =
    "R' U' F D2 L2 F R2 U2 R2 B D2 L B2 L' B' U' F' D2 R' D F R' U' F";

#[derive(Parser)]
#[command(
    name = "twisty",
    version,
    about = "Twisty-puzzle engine: Square-1 and 3x3x3 states, notation, solvers"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Apply a built-in scramble, print the state, its shape and a random state (the default).
    Demo,
    /// Square-1 commands.
    #[command(subcommand)]
    Sq1(Sq1Command),
    /// The Silver-edition database of all shortest solutions.
    #[command(subcommand)]
    Db(DbCommand),
    /// 3x3x3 commands (cubes in nissy's B32 format).
    #[command(subcommand)]
    Cube3(Cube3Command),
    /// Serve the local web page (Square-1 and 3x3x3) and its JSON API; prints the address.
    Serve {
        /// Address to listen on (loopback unless told otherwise).
        #[arg(long, default_value = "127.0.0.1")]
        host: std::net::IpAddr,
        #[arg(long, default_value_t = twisty_cli::web::DEFAULT_PORT)]
        port: u16,
        /// A Silver database file: distances and all shortest solutions on the page.
        #[arg(long)]
        db: Option<PathBuf>,
        /// Largest 3x3x3 optimal table the page may build and use (0 = h0, 29.6 MB).
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(0..=7))]
        max_optimal_table: u8,
        /// Longest time one search may run, in seconds (1 to 86400).
        #[arg(long, default_value_t = 300,
              value_parser = clap::value_parser!(u64).range(1..=86_400))]
        search_limit_s: u64,
    },
}

#[derive(Subcommand)]
enum Cube3Command {
    /// Print a cube (B32) and whether it is solved.
    Show { cube: String },
    /// Apply moves (NISS allowed) to a cube (default: solved) and print the result.
    Apply {
        moves: String,
        #[arg(long)]
        cube: Option<String>,
    },
    /// The inverse of a move sequence.
    Inverse { moves: String },
    /// The inverse of a cube.
    InverseCube { cube: String },
    /// The cube `a` followed by the moves of cube `b`.
    Compose { a: String, b: String },
    /// A uniformly random cube from a seed.
    Random {
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Write an SVG picture of a cube (B32, or --moves from solved): its unfolded net.
    Svg {
        cube: Option<String>,
        #[arg(long)]
        moves: Option<String>,
        /// Output file (default: standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Build (or check) the two-phase solver's table file.
    Tables {
        #[arg(long)]
        tables: Option<PathBuf>,
    },
    /// Solve a cube (B32, or --moves from solved) with the two-phase solver.
    Solve {
        cube: Option<String>,
        #[arg(long)]
        moves: Option<String>,
        #[arg(long, default_value_t = 21)]
        max_length: u32,
        /// Give up after this many milliseconds (0: never).
        #[arg(long, default_value_t = 0)]
        timeout_ms: u64,
        #[arg(long)]
        tables: Option<PathBuf>,
    },
    /// Optimal solutions (fewest face turns) of a cube (B32, or --moves from solved; NISS
    /// allowed), one per line.
    Optimal {
        cube: Option<String>,
        #[arg(long)]
        moves: Option<String>,
        /// Every optimal solution (up to --limit).
        #[arg(long)]
        all: bool,
        #[arg(long, default_value_t = 1000, value_parser = at_least_one::<usize>)]
        limit: usize,
        #[arg(long, default_value_t = 0)]
        min_length: u32,
        #[arg(long, default_value_t = 20)]
        max_length: u32,
        /// Threads (0: one per core; at most 256).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Give up after this many milliseconds (0: never).
        #[arg(long, default_value_t = 0)]
        timeout_ms: u64,
        /// Table size: h0 (29.6 MB).
        #[arg(long, default_value = "h0", value_parser = table_size)]
        table: u8,
        /// Table file (default: in the cache folder).
        #[arg(long)]
        tables: Option<PathBuf>,
    },
    /// Build (or check) the optimal solver's table file.
    OptimalTable {
        #[arg(long, default_value = "h0", value_parser = table_size)]
        table: u8,
        #[arg(long)]
        tables: Option<PathBuf>,
    },
    /// Print cubes whose optimal length is exactly `length`: random move sequences of that
    /// length (never one face twice in a row, opposite faces in one order) kept when no shorter
    /// solution exists, or with --uniform, uniformly random cubes kept when their optimal
    /// length is `length`.
    OptimalPositions {
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=20))]
        length: u32,
        #[arg(long, default_value_t = 10, value_parser = at_least_one::<usize>)]
        count: usize,
        /// Cubes tried at most before giving up (0: 100 per cube wanted).
        #[arg(long, default_value_t = 0)]
        tries: u64,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        #[arg(long)]
        uniform: bool,
        #[arg(long, default_value_t = 0)]
        threads: usize,
        #[arg(long, default_value = "h0", value_parser = table_size)]
        table: u8,
        #[arg(long)]
        tables: Option<PathBuf>,
    },
    /// Time the optimal solver on the cubes of a file (one B32 cube or move sequence per line,
    /// `#` comments) and print mean, median and max time and nodes per second.
    OptimalBench {
        positions: PathBuf,
        #[arg(long, default_value_t = 1)]
        threads: usize,
        #[arg(long, default_value = "h0", value_parser = table_size)]
        table: u8,
        #[arg(long)]
        tables: Option<PathBuf>,
    },
    /// How late the optimal solver stops: a long search (the superflip) stopped by a deadline
    /// and by a cancelled token after `--delay-ms`, on 1 and 2 threads, and a table build
    /// cancelled the same way; prints the lag between the stop and the return (min, median,
    /// max over `--tries`).
    OptimalStopBench {
        #[arg(long, default_value_t = 5, value_parser = at_least_one::<usize>)]
        tries: usize,
        #[arg(long, default_value_t = 300)]
        delay_ms: u64,
        /// Also time a cancelled in-memory build of this table's size.
        #[arg(long)]
        build: bool,
        #[arg(long, default_value = "h0", value_parser = table_size)]
        table: u8,
        #[arg(long)]
        tables: Option<PathBuf>,
    },
    /// Time the two-phase solver on random cubes (seeds 0..count) and print the figures.
    Bench {
        #[arg(long, default_value_t = 1000, value_parser = at_least_one::<u64>)]
        count: u64,
        #[arg(long, default_value_t = 21)]
        max_length: u32,
        /// Between solves (untimed), write this many MiB of other memory, as a host that runs
        /// other work between solves would: the solver's small tables leave the caches.
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=4096))]
        pollute: u32,
        #[arg(long)]
        tables: Option<PathBuf>,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum VariantArg {
    /// The Cube21 article's model: middle layer ignored.
    Article,
    /// The physical puzzle, middle layer included.
    Middle,
}

impl From<VariantArg> for Variant {
    fn from(v: VariantArg) -> Variant {
        match v {
            VariantArg::Article => Variant::Article,
            VariantArg::Middle => Variant::Middle,
        }
    }
}

#[derive(Subcommand)]
enum DbCommand {
    /// Build (or resume building) a database file.
    Build {
        path: PathBuf,
        #[arg(long, value_enum, default_value = "article")]
        variant: VariantArg,
        /// Stop after this level (a partial database, at most 15); 0 builds all levels.
        #[arg(long, default_value_t = 0)]
        max_level: u32,
        /// Worker threads (0: one per core; at most 256).
        #[arg(long, default_value_t = 0)]
        threads: usize,
    },
    /// Print a database's header: variant, status, per-level counts.
    Stats {
        path: PathBuf,
        /// Also write the level distribution as an SVG bar chart to this file.
        #[arg(long)]
        histogram: Option<PathBuf>,
    },
    /// Check every data region against its checksum.
    Verify { path: PathBuf },
    /// Time one shortest solution of random Silver states (seeds 0..count) on one open file.
    Bench {
        path: PathBuf,
        #[arg(long, default_value_t = 100, value_parser = at_least_one::<u64>)]
        count: u64,
    },
    /// Distance and shortest solution(s) of a Silver state (canonical text, or --moves from solved).
    Solve {
        path: PathBuf,
        /// The state in canonical text (six-colour states are converted to Silver).
        state: Option<String>,
        /// Start from the solved Silver puzzle scrambled by these WCA moves instead.
        #[arg(long)]
        moves: Option<String>,
        /// Print every shortest solution (up to --limit).
        #[arg(long)]
        all: bool,
        #[arg(long, default_value_t = 100, value_parser = at_least_one::<usize>)]
        limit: usize,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum NotationArg {
    Wca,
    Article,
}

impl From<NotationArg> for Notation {
    fn from(n: NotationArg) -> Notation {
        match n {
            NotationArg::Wca => Notation::Wca,
            NotationArg::Article => Notation::Article,
        }
    }
}

#[derive(Subcommand)]
enum Sq1Command {
    /// Apply moves to a state (the solved puzzle by default) and describe the result.
    Apply {
        moves: String,
        /// Start from this state (canonical text) instead of the solved puzzle.
        #[arg(long)]
        state: Option<String>,
        #[arg(long, value_enum, default_value = "wca")]
        notation: NotationArg,
        /// Start from the solved Silver edition.
        #[arg(long)]
        silver: bool,
    },
    /// Print the inverse of a move sequence.
    Inverse {
        moves: String,
        #[arg(long, value_enum, default_value = "wca")]
        notation: NotationArg,
    },
    /// Rewrite a move sequence in another notation.
    Convert {
        moves: String,
        #[arg(long, value_enum)]
        from: NotationArg,
        #[arg(long, value_enum)]
        to: NotationArg,
    },
    /// Describe a state given in canonical text.
    Info { state: String },
    /// Print a uniformly random twistable state.
    Random {
        #[arg(long, default_value_t = DEMO_SEED)]
        seed: u64,
        #[arg(long)]
        silver: bool,
    },
    /// Print the shape counts, and with --list every shape name.
    Shapes {
        #[arg(long)]
        list: bool,
    },
    /// Build the solver's table file (or check an existing one) and print its depths.
    Tables {
        /// Table file (default: the cache folder, see `twisty sq1 solve --help`).
        #[arg(long)]
        tables: Option<PathBuf>,
    },
    /// Solve a six-colour state optimally (or fast with --fast).
    Solve {
        /// The state in canonical text.
        state: Option<String>,
        /// Start from the solved puzzle scrambled by these WCA moves instead.
        #[arg(long)]
        moves: Option<String>,
        #[arg(long, value_enum, default_value = "twist")]
        metric: MetricArg,
        /// Print up to this many optimal solutions.
        #[arg(long, default_value_t = 1, value_parser = at_least_one::<usize>)]
        limit: usize,
        /// Give up after this many milliseconds (0: never).
        #[arg(long, default_value_t = 0)]
        timeout_ms: u64,
        /// Use the two-phase solver (shorter than --max-length when given).
        #[arg(long)]
        fast: bool,
        #[arg(long)]
        max_length: Option<u32>,
        /// Table file; default `$TWISTY_CACHE_DIR`, `$XDG_CACHE_HOME/twisty` or
        /// `~/.cache/twisty`, file `sq1-solver-v4.tbl` (built on first use, about 30 s).
        #[arg(long)]
        tables: Option<PathBuf>,
    },
    /// Random-state scrambles (the same seed gives the same scramble everywhere).
    Scramble {
        #[arg(long, default_value_t = DEMO_SEED)]
        seed: u64,
        /// How many scrambles (seeds seed, seed+1, ...).
        #[arg(long, default_value_t = 1, value_parser = at_least_one::<u64>)]
        count: u64,
        /// Also write the scrambled state's picture to this SVG file (first scramble).
        #[arg(long)]
        svg: Option<PathBuf>,
        #[arg(long)]
        tables: Option<PathBuf>,
    },
    /// Write an SVG picture of a state (canonical text, or --moves from solved).
    Picture {
        state: Option<String>,
        #[arg(long)]
        moves: Option<String>,
        /// Output file (default: standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Time the solvers on random states and print the figures for docs/benchmarks.md.
    Bench {
        #[arg(long, value_enum, default_value = "twist")]
        metric: MetricArg,
        #[arg(long, default_value_t = 100, value_parser = at_least_one::<u64>)]
        count: u64,
        /// Time the two-phase solver instead, with this node limit per solve.
        #[arg(long)]
        fast_nodes: Option<u64>,
        /// Between solves (untimed), write this many MiB of other memory, as a host that runs
        /// other work between solves would: the solver's small tables leave the caches.
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=4096))]
        pollute: u32,
        #[arg(long)]
        tables: Option<PathBuf>,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum MetricArg {
    /// Only `/` counts.
    Twist,
    /// `(x,y)` and `/` count one each.
    Wca,
    /// `(x,0)`, `(0,y)`, `/` count one, `(x,y)` two.
    Face,
}

impl From<MetricArg> for Metric {
    fn from(m: MetricArg) -> Metric {
        match m {
            MetricArg::Twist => Metric::Twist,
            MetricArg::Wca => Metric::Wca,
            MetricArg::Face => Metric::FaceTurn,
        }
    }
}

/// A count where 0 would mean nothing: refused by the argument parser.
fn at_least_one<T: std::str::FromStr + PartialEq + From<u8>>(text: &str) -> Result<T, String> {
    match text.parse::<T>() {
        Ok(v) if v != T::from(0) => Ok(v),
        Ok(_) => Err("must be at least 1".into()),
        Err(_) => Err(format!("{text:?} is not a whole number")),
    }
}

/// Text for a terminal: control characters written as escapes (`\u{1}`), so that input echoed
/// in a message cannot move the cursor or ring the bell. `keep` lists the ones left as they are.
fn printable(text: &str, keep: &[char]) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() && !keep.contains(&c) {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// A token that Ctrl-C cancels (the handler is installed once per process).
fn cancel_on_ctrl_c() -> CancelToken {
    static TOKEN: std::sync::OnceLock<CancelToken> = std::sync::OnceLock::new();
    TOKEN
        .get_or_init(|| {
            let t = CancelToken::new();
            let c2 = t.clone();
            let _ = ctrlc::set_handler(move || c2.cancel());
            t
        })
        .clone()
}

/// Opens a table file, building it first (with a progress spinner) when it is missing or unusable.
fn open_with_progress<T>(
    path: PathBuf,
    what: &str,
    open_or_build: impl FnOnce(
        &std::path::Path,
        &mut dyn twisty::progress::Progress,
        &CancelToken,
    ) -> twisty::Result<T>,
) -> twisty::Result<T> {
    if !path.exists() {
        eprintln!("building the {what} into {} ...", path.display());
    }
    let bar = ProgressBar::new_spinner();
    let mut report = |r: &ProgressReport| {
        bar.set_message(format!("{} ({} entries)", r.phase, r.found));
        bar.tick();
    };
    let t = open_or_build(&path, &mut report, &cancel_on_ctrl_c())?;
    bar.finish_and_clear();
    Ok(t)
}

/// Opens (building on first use) the Square-1 solver's table file.
fn open_solver(path: Option<PathBuf>) -> twisty::Result<Solver> {
    let path = path.unwrap_or_else(Solver::default_path);
    open_with_progress(path, "solver tables", Solver::open_or_build)
}

fn state_arg(state: Option<String>, moves: Option<String>) -> twisty::Result<State> {
    match (state, moves) {
        (Some(text), None) => State::parse(&text),
        (None, Some(m)) => {
            State::solved(Colouring::SixColour).apply(&MoveSeq::parse(&m, Notation::Wca)?)
        }
        _ => Err(twisty::Error::invalid_argument(
            "give either a state or --moves (not both)",
        )),
    }
}

fn solver_command(cmd: Sq1Command) -> twisty::Result<()> {
    match cmd {
        Sq1Command::Tables { tables } => {
            let s = open_solver(tables)?;
            println!("{s:?}; levels near solved {:?}", s.level_sizes());
        }
        Sq1Command::Solve {
            state,
            moves,
            metric,
            limit,
            timeout_ms,
            fast,
            max_length,
            tables,
        } => {
            let state = state_arg(state, moves)?;
            let solver = open_solver(tables)?;
            let deadline = deadline(timeout_ms)?;
            let cancel = cancel_on_ctrl_c();
            let t = std::time::Instant::now();
            let solutions = if fast {
                let opts = FastOptions {
                    metric: metric.into(),
                    max_length,
                    deadline,
                    cancel: Some(cancel),
                    ..FastOptions::default()
                };
                vec![solver.solve_fast(&state, &opts)?]
            } else {
                let limits = SearchLimits {
                    deadline,
                    cancel: Some(cancel),
                };
                let mut report = |r: &ProgressReport| {
                    eprintln!("{} ({} nodes, {:.1?})", r.phase, r.done, r.elapsed)
                };
                solver.solutions_with(&state, metric.into(), limit, &limits, &mut report)?
            };
            for s in &solutions {
                println!(
                    "{}  [{} {}]",
                    s.to_wca(),
                    s.length,
                    Metric::from(metric).name()
                );
            }
            eprintln!("{} solution(s) in {:.1?}", solutions.len(), t.elapsed());
        }
        Sq1Command::Scramble {
            seed,
            count,
            svg,
            tables,
        } => {
            let solver = open_solver(tables)?;
            for i in 0..count {
                let s = solver.scramble(seed.wrapping_add(i))?;
                println!("{}", s.to_text());
                if i == 0
                    && let Some(path) = &svg
                {
                    write_file(path, &twisty::sq1::svg::svg(&s.state))?;
                }
            }
        }
        Sq1Command::Picture {
            state,
            moves,
            output,
        } => {
            let picture = twisty::sq1::svg::svg(&state_arg(state, moves)?);
            write_or_print(output, &picture)?;
        }
        Sq1Command::Bench {
            metric,
            count,
            fast_nodes,
            pollute,
            tables,
        } => bench(&open_solver(tables)?, metric.into(), count, fast_nodes, pollute)?,
        _ => unreachable!("handled by run"),
    }
    Ok(())
}

/// A picture to its file (`-o`), else to standard output.
fn write_or_print(output: Option<PathBuf>, text: &str) -> twisty::Result<()> {
    match output {
        Some(path) => write_file(&path, text),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

/// Every file the user names for output (`-o`, `--svg`, `--histogram`): never over a twisty
/// database or table file, atomically over a regular file, in place into a device or a FIFO.
fn write_file(path: &std::path::Path, text: &str) -> twisty::Result<()> {
    twisty::fileio::write_output(path, text.as_bytes())
}

/// The benches' stand-in for a host's other work between solves (`--pollute`): memory the
/// solver does not use, written once per cache line.
struct OtherWork(Vec<u64>);

impl OtherWork {
    fn new(mib: u32) -> OtherWork {
        OtherWork(vec![0; (mib as usize) << 17])
    }

    fn run(&mut self, seed: u64) {
        for x in self.0.iter_mut().step_by(8) {
            *x = x.wrapping_add(seed);
        }
        std::hint::black_box(&self.0);
    }
}

/// Solves `count` random states (seeds 0..count) and prints time and length figures.
fn bench(
    solver: &Solver,
    metric: Metric,
    count: u64,
    fast_nodes: Option<u64>,
    pollute_mib: u32,
) -> twisty::Result<()> {
    let tables = Tables::new();
    let mut other_work = OtherWork::new(pollute_mib);
    let mut times = Vec::new();
    let mut total_len = 0u64;
    let mut lengths = std::collections::BTreeMap::new();
    // Untimed: the first search of a process builds the endgame set (about a second).
    solver.twists_lower_bound(&State::solved(Colouring::SixColour))?;
    for seed in 0..count {
        let s = tables.random_state(seed, Colouring::SixColour);
        other_work.run(seed);
        let t = std::time::Instant::now();
        let sol = match fast_nodes {
            Some(n) => solver.solve_fast(
                &s,
                &FastOptions {
                    metric,
                    node_limit: Some(n),
                    ..FastOptions::default()
                },
            )?,
            None => solver.solve(&s, metric)?,
        };
        times.push(t.elapsed());
        total_len += sol.length as u64;
        *lengths.entry(sol.length).or_insert(0u64) += 1;
    }
    times.sort();
    let pct = |p: usize| times[(times.len() - 1) * p / 100];
    let mean = times.iter().sum::<std::time::Duration>() / count as u32;
    println!(
        "{} {} states: mean {:.2?}, median {:.2?}, 90% {:.2?}, max {:.1?}; average length {:.2} {}",
        if fast_nodes.is_some() {
            "two-phase"
        } else {
            "optimal"
        },
        count,
        mean,
        pct(50),
        pct(90),
        pct(100),
        total_len as f64 / count as f64,
        metric.name()
    );
    let histogram: Vec<String> = lengths.iter().map(|(l, n)| format!("{l}: {n}")).collect();
    println!("lengths ({}): {}", metric.name(), histogram.join(", "));
    Ok(())
}

fn describe(state: &State, tables: &Tables) {
    let shape = state.shape();
    println!("state:      {state}");
    println!("shape:      {} (#{} of 170)", shape.name(), shape.index());
    println!("twistable:  {}", state.is_twistable());
    println!(
        "solved:     {} (ignoring middle: {})",
        state.is_solved(),
        state.is_solved_ignoring_middle()
    );
    println!("to cube:    {} twists", tables.twists_to_cube_shape(state));
}

fn print_header(h: &db::Header) {
    println!("variant:    {}", h.variant.name());
    println!(
        "status:     {:?}{}",
        h.status,
        if h.exhausted {
            " (all levels)"
        } else {
            " (partial)"
        }
    );
    println!("levels:     1..{}", h.completed_level);
    println!(
        "classes:    {} of {}",
        h.found(),
        db::class_count(h.variant)
    );
    println!(
        "build time: {:.1} s on {} threads",
        h.build_millis as f64 / 1000.0,
        h.threads
    );
    for (l, c) in h.level_counts.iter().enumerate().filter(|(_, c)| **c > 0) {
        println!("level {l:2}: {c:>14}");
    }
}

/// The level distribution as an SVG bar chart (logarithmic count axis, counts printed on bars).
fn histogram_svg(h: &db::Header) -> String {
    let levels: Vec<(usize, u64)> = h
        .level_counts
        .iter()
        .copied()
        .enumerate()
        .filter(|&(_, c)| c > 0)
        .collect();
    let (ht, left, bottom, top) = (420.0, 70.0, 50.0, 50.0);
    let w = (left + 20.0 + 66.0 * levels.len() as f64).max(600.0);
    let plot_h = ht - bottom - top;
    let max_log = levels
        .iter()
        .map(|&(_, c)| (c as f64).log10())
        .fold(1.0, f64::max)
        .ceil();
    let bar_w = (w - left - 20.0) / levels.len() as f64;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{ht}\" font-family=\"sans-serif\" font-size=\"11\">\n\
         <rect width=\"{w}\" height=\"{ht}\" fill=\"white\"/>\n\
         <text x=\"{}\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">Silver Square-1, {} model: classes per level ({} in all)</text>\n",
        w / 2.0,
        h.variant.name(),
        h.found()
    );
    for d in 0..=max_log as usize {
        let y = ht - bottom - plot_h * d as f64 / max_log;
        s += &format!(
            "<line x1=\"{left}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#ddd\"/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">1e{d}</text>\n",
            w - 20.0,
            left - 6.0,
            y + 4.0
        );
    }
    for (i, &(level, count)) in levels.iter().enumerate() {
        let bh = plot_h * ((count as f64).log10().max(0.0) / max_log).max(0.004);
        let x = left + i as f64 * bar_w;
        let y = ht - bottom - bh;
        s += &format!(
            "<rect x=\"{:.1}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"{bh:.1}\" fill=\"#4a7fb5\"/>\n\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{level}</text>\n\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"8\">{count}</text>\n",
            x + 3.0,
            bar_w - 6.0,
            x + bar_w / 2.0,
            ht - bottom + 16.0,
            x + bar_w / 2.0,
            y - 4.0
        );
    }
    s += &format!(
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">level (1 = solved; level n+1 = n twists)</text>\n</svg>\n",
        left + (w - left) / 2.0,
        ht - 12.0
    );
    s
}

fn db_command(cmd: DbCommand) -> twisty::Result<()> {
    match cmd {
        DbCommand::Build {
            path,
            variant,
            max_level,
            threads,
        } => {
            let mut opts = BuildOptions::new(variant.into());
            opts.max_level = max_level;
            opts.threads = threads;
            // Ctrl-C cancels cleanly; the next run resumes from the last complete level.
            let cancel = cancel_on_ctrl_c();
            let bar = ProgressBar::new(1);
            bar.set_style(
                ProgressStyle::with_template(
                    "{msg:32} [{bar:30}] {percent:>3}% {elapsed_precise} eta {eta}",
                )
                .unwrap()
                .progress_chars("=> "),
            );
            let mut last_phase = String::new();
            let mut report = |r: &ProgressReport| {
                if r.phase != last_phase {
                    if !last_phase.is_empty() {
                        bar.println(format!(
                            "{last_phase}: done, {} classes so far, {:.0?} elapsed",
                            r.found, r.elapsed
                        ));
                    }
                    last_phase = r.phase.clone();
                    bar.set_message(r.phase.clone());
                    bar.set_length(r.total.max(1));
                    bar.reset_eta();
                }
                bar.set_position(r.done);
                if r.done == r.total {
                    bar.println(format!(
                        "{}: done, {} classes so far, {:.0?} elapsed",
                        r.phase, r.found, r.elapsed
                    ));
                    last_phase.clear();
                }
            };
            let h = db::build(&path, &opts, &mut report, &cancel);
            bar.finish_and_clear();
            print_header(&h?);
        }
        DbCommand::Stats { path, histogram } => {
            let db = Database::open(&path)?;
            print_header(db.header());
            if let Some(out) = histogram {
                write_file(&out, &histogram_svg(db.header()))?;
                println!("histogram:  {}", out.display());
            }
        }
        DbCommand::Verify { path } => {
            Database::open(&path)?.verify()?;
            println!("{}: every region matches its checksum", path.display());
        }
        DbCommand::Bench { path, count } => {
            let t = std::time::Instant::now();
            let db = Database::open(&path)?;
            let opened = t.elapsed();
            let tables = Tables::new();
            let mut times = Vec::new();
            for seed in 0..count {
                let s = tables.random_state(seed, Colouring::Silver);
                let t = std::time::Instant::now();
                db.solve(&s)?;
                times.push(t.elapsed());
            }
            let first = times[0];
            times.sort();
            let pct = |p: usize| times[(times.len() - 1) * p / 100];
            let mean = times.iter().sum::<std::time::Duration>() / count as u32;
            println!(
                "{count} random states, one shortest solution each: open {opened:.1?}, first query \
                 {first:.1?}, mean {mean:.2?}, median {:.2?}, 90% {:.2?}, max {:.2?}",
                pct(50),
                pct(90),
                pct(100)
            );
        }
        DbCommand::Solve {
            path,
            state,
            moves,
            all,
            limit,
        } => {
            let db = Database::open(&path)?;
            let s = match (state, moves) {
                (Some(text), None) => State::parse(&text)?.to_silver(),
                (None, Some(m)) => {
                    State::solved(Colouring::Silver).apply(&MoveSeq::parse(&m, Notation::Wca)?)?
                }
                _ => {
                    return Err(twisty::Error::invalid_argument(
                        "give either a state or --moves",
                    ));
                }
            };
            println!("state:    {s}");
            println!("twists:   {} (level {})", db.distance(&s)?, db.level(&s)?);
            let show = |sol: &db::Solution| {
                let note = if sol.flipped {
                    "  (ends upside down)"
                } else {
                    ""
                };
                println!("wca:      {}{note}", sol.to_wca());
                println!("article:  {}", sol.to_article());
            };
            if all {
                let mut n = 0;
                for sol in db.solutions(&s, limit)? {
                    show(&sol?);
                    n += 1;
                }
                println!(
                    "{n} shortest solution(s){}",
                    if n == limit { " (limit reached)" } else { "" }
                );
            } else {
                show(&db.solve(&s)?);
            }
        }
    }
    Ok(())
}

fn colouring(silver: bool) -> Colouring {
    if silver {
        Colouring::Silver
    } else {
        Colouring::SixColour
    }
}

/// A table size argument: `h0` (or `0`), one this version builds (checked here, before any
/// file is looked at).
fn table_size(text: &str) -> Result<u8, String> {
    let digits = text.strip_prefix('h').unwrap_or(text);
    let size = digits
        .parse::<u8>()
        .map_err(|_| format!("table size {text:?} is not of the form h0, h1, ..."))?;
    cube3::optimal::check_size(size).map_err(|e| e.message().to_string())?;
    Ok(size)
}

/// A `--timeout-ms` value as a deadline from now, by the engine's one rule (0: no limit).
fn deadline(timeout_ms: u64) -> twisty::Result<Option<std::time::Instant>> {
    twisty::api::deadline(i64::try_from(timeout_ms).unwrap_or(i64::MAX))
}

/// Opens (building on first use) the optimal solver's table file.
fn open_optimal_solver(size: u8, path: Option<PathBuf>) -> twisty::Result<cube3::optimal::Solver> {
    let path = path.unwrap_or_else(|| cube3::optimal::Solver::default_path(size));
    open_with_progress(path, "3x3x3 optimal table", |p, progress, cancel| {
        cube3::optimal::Solver::open_or_build(p, size, progress, cancel)
    })
}

/// A cube from a B32 text or from moves (NISS allowed), exactly one of them.
fn cube3_arg(cube: Option<String>, moves: Option<String>) -> twisty::Result<cube3::Cube> {
    use cube3::{Alg, Cube};
    match (cube, moves) {
        (Some(text), None) => Cube::from_b32(&text),
        (None, Some(m)) => Ok(Cube::from_alg(&Alg::parse(&m)?)),
        _ => Err(twisty::Error::invalid_argument(
            "give either a cube or --moves (not both)",
        )),
    }
}

/// Opens (building on first use) the 3x3x3 table file.
fn open_cube3_solver(path: Option<PathBuf>) -> twisty::Result<cube3::solve::Solver> {
    let path = path.unwrap_or_else(cube3::solve::Solver::default_path);
    open_with_progress(path, "3x3x3 tables", cube3::solve::Solver::open_or_build)
}

fn cube3_command(cmd: Cube3Command) -> twisty::Result<()> {
    use cube3::solve::SolveOptions;
    use cube3::{Alg, Cube};
    match cmd {
        Cube3Command::Show { cube } => {
            let c = Cube::from_b32(&cube)?;
            println!("{c}\nsolved: {}", c.is_solved());
        }
        Cube3Command::Apply { moves, cube } => {
            let start = cube.map_or(Ok(Cube::SOLVED), |c| Cube::from_b32(&c))?;
            println!("{}", start.apply(&Alg::parse(&moves)?));
        }
        Cube3Command::Inverse { moves } => println!("{}", Alg::parse(&moves)?.inverse()),
        Cube3Command::InverseCube { cube } => println!("{}", Cube::from_b32(&cube)?.inverse()),
        Cube3Command::Compose { a, b } => {
            println!("{}", Cube::from_b32(&a)?.compose(&Cube::from_b32(&b)?))
        }
        Cube3Command::Random { seed } => {
            println!("{}", Cube::random(&mut twisty::rng::Rng::new(seed)))
        }
        Cube3Command::Svg {
            cube,
            moves,
            output,
        } => {
            write_or_print(output, &cube3::svg::net(&cube3_arg(cube, moves)?))?;
        }
        Cube3Command::Tables { tables } => {
            let path = tables
                .clone()
                .unwrap_or_else(cube3::solve::Solver::default_path);
            open_cube3_solver(tables)?;
            println!("3x3x3 tables ready: {}", path.display());
        }
        Cube3Command::Solve {
            cube,
            moves,
            max_length,
            timeout_ms,
            tables,
        } => {
            let c = cube3_arg(cube, moves)?;
            let mut opts = SolveOptions {
                max_length,
                deadline: None,
                cancel: Some(cancel_on_ctrl_c()),
            };
            // Every argument is checked before the tables are opened (or built); the time
            // limit counts from the search's start.
            opts.validate()?;
            let solver = open_cube3_solver(tables)?;
            opts.deadline = deadline(timeout_ms)?;
            let t = std::time::Instant::now();
            let alg = solver.solve(&c, &opts)?;
            println!("{alg}");
            eprintln!("{} moves in {:.1?}", alg.len(), t.elapsed());
        }
        Cube3Command::Optimal {
            cube,
            moves,
            all,
            limit,
            min_length,
            max_length,
            threads,
            timeout_ms,
            table,
            tables,
        } => {
            let c = cube3_arg(cube, moves)?;
            let mut opts = cube3::optimal::SolveOptions {
                min_length,
                max_length,
                max_solutions: if all { limit } else { 1 },
                threads,
                deadline: None,
                cancel: Some(cancel_on_ctrl_c()),
            };
            // As for `solve`: arguments first, then the table, then the clock.
            opts.validate()?;
            let solver = open_optimal_solver(table, tables)?;
            opts.deadline = deadline(timeout_ms)?;
            let t = std::time::Instant::now();
            let mut depth =
                |r: &ProgressReport| eprintln!("{}: {} nodes, {:.1?}", r.phase, r.done, r.elapsed);
            let found = solver.solve(&c, &opts, &mut depth)?;
            for alg in &found.solutions {
                println!("{alg}");
            }
            let secs = t.elapsed().as_secs_f64();
            eprintln!(
                "{} solution(s) of {} moves in {:.3} s ({} nodes, {:.2} M nodes/s)",
                found.solutions.len(),
                found.length,
                secs,
                found.nodes,
                found.nodes as f64 / secs / 1e6
            );
        }
        Cube3Command::OptimalTable { table, tables } => {
            let path = tables
                .clone()
                .unwrap_or_else(|| cube3::optimal::Solver::default_path(table));
            let t = std::time::Instant::now();
            let solver = open_optimal_solver(table, tables)?;
            println!(
                "3x3x3 optimal table h{table} ready: {} ({} bytes, {:.1?})",
                path.display(),
                solver.table_bytes(),
                t.elapsed()
            );
            println!(
                "entries per distance (2-bit codes over base {}):",
                solver.base()
            );
            // Tables with flips count their last level and beyond together.
            let counts = solver.distribution();
            let open_end = solver.size() > 0;
            for (d, n) in counts.iter().enumerate() {
                let at_least = if open_end && d + 1 == counts.len() { ">=" } else { "" };
                println!("{:>5} {n:>14}", format!("{at_least}{d}"));
            }
        }
        Cube3Command::OptimalPositions {
            length,
            count,
            tries,
            seed,
            uniform,
            threads,
            table,
            tables,
        } => {
            let solver = open_optimal_solver(table, tables)?;
            let tries = if tries == 0 { 100 * count as u64 } else { tries };
            let mut rng = twisty::rng::Rng::new(seed);
            let faces: Vec<cube3::Move> = cube3::Move::all().filter(|m| m.kind().is_face()).collect();
            let (mut kept, mut tried) = (0, 0u64);
            println!(
                "# optimal length {length}: {} (twisty cube3 optimal-positions --length {length} \
                 --count {count} --seed {seed}{})",
                if uniform { "uniformly random cubes" } else { "random move sequences" },
                if uniform { " --uniform" } else { "" }
            );
            while kept < count {
                if tried == tries {
                    return Err(twisty::Error::invalid_argument(format!(
                        "only {kept} of {count} cubes of optimal length {length} found in {tried} tries"
                    )));
                }
                tried += 1;
                let (c, source) = if uniform {
                    (Cube::random(&mut rng), String::new())
                } else {
                    let mut seq: Vec<cube3::Move> = Vec::new();
                    while seq.len() < length as usize {
                        let m = faces[rng.below(18) as usize];
                        let f = |m: &cube3::Move| m.kind().index();
                        if let Some(last) = seq.last()
                            && (f(last) == f(&m) || (f(last) / 2 == f(&m) / 2 && f(&m) < f(last)))
                        {
                            continue;
                        }
                        seq.push(m);
                    }
                    let alg = Alg::from_moves(seq);
                    (Cube::from_alg(&alg), alg.to_string())
                };
                // A uniform cube longer than wanted is given up once `length` is searched.
                let opts = cube3::optimal::SolveOptions {
                    max_length: if uniform { length } else { length - 1 },
                    threads,
                    cancel: Some(cancel_on_ctrl_c()),
                    ..Default::default()
                };
                let found = match solver.solve(&c, &opts, &mut |_: &ProgressReport| {}) {
                    Ok(f) => Some(f.length),
                    Err(e) if e.kind() == twisty::ErrorKind::InvalidArgument => None,
                    Err(e) => return Err(e),
                };
                let keep = if uniform { found == Some(length) } else { found.is_none() };
                if keep {
                    kept += 1;
                    if uniform {
                        println!("{c}");
                    } else {
                        println!("{c} # {source}");
                    }
                }
            }
            eprintln!("{kept} kept of {tried} tried");
        }
        Cube3Command::OptimalBench {
            positions,
            threads,
            table,
            tables,
        } => {
            let text = std::fs::read_to_string(&positions).map_err(|e| {
                twisty::Error::invalid_argument(format!("{}: {e}", positions.display()))
            })?;
            let cubes = text
                .lines()
                .map(|l| l.split('#').next().unwrap_or("").trim())
                .filter(|l| !l.is_empty())
                .map(|l| match Cube::from_b32(l) {
                    Ok(c) => Ok(c),
                    Err(_) => Alg::parse(l).map(|a| Cube::from_alg(&a)),
                })
                .collect::<twisty::Result<Vec<_>>>()?;
            if cubes.is_empty() {
                return Err(twisty::Error::invalid_argument(format!(
                    "{} holds no cube",
                    positions.display()
                )));
            }
            let solver = open_optimal_solver(table, tables)?;
            let opts = cube3::optimal::SolveOptions {
                threads,
                cancel: Some(cancel_on_ctrl_c()),
                ..Default::default()
            };
            let (mut times, mut nodes, mut lengths) = (Vec::new(), 0u64, 0u64);
            for c in &cubes {
                let t = std::time::Instant::now();
                let found = solver.solve(c, &opts, &mut |_: &ProgressReport| {})?;
                let dt = t.elapsed();
                println!(
                    "{c} {} moves {:.3} s {} nodes",
                    found.length,
                    dt.as_secs_f64(),
                    found.nodes
                );
                times.push(dt);
                nodes += found.nodes;
                lengths += found.length as u64;
            }
            let total: std::time::Duration = times.iter().sum();
            times.sort();
            let n = times.len();
            println!(
                "optimal h{table}, {threads} thread(s), {n} cubes (mean length {:.2}): mean {:.3} s, \
                 median {:.3} s, max {:.3} s; {:.2} M nodes/s",
                lengths as f64 / n as f64,
                total.as_secs_f64() / n as f64,
                times[n / 2].as_secs_f64(),
                times[n - 1].as_secs_f64(),
                nodes as f64 / total.as_secs_f64() / 1e6
            );
        }
        Cube3Command::OptimalStopBench {
            tries,
            delay_ms,
            build,
            table,
            tables,
        } => optimal_stop_bench(tries, delay_ms, build, table, tables)?,
        Cube3Command::Bench {
            count,
            max_length,
            pollute,
            tables,
        } => {
            let mut other_work = OtherWork::new(pollute);
            let solver = open_cube3_solver(tables)?;
            let opts = SolveOptions {
                max_length,
                ..SolveOptions::default()
            };
            let mut times = Vec::new();
            let mut total = 0u64;
            let mut work = [0u64; 3];
            for seed in 0..count {
                let c = Cube::random(&mut twisty::rng::Rng::new(seed));
                other_work.run(seed);
                let t = std::time::Instant::now();
                let (alg, stats) = solver.solve_with_stats(&c, &opts)?;
                times.push(t.elapsed());
                total += alg.len() as u64;
                work[0] += stats.phase1_nodes;
                work[1] += stats.phase2_starts;
                work[2] += stats.phase2_nodes;
            }
            times.sort();
            let pct = |p: usize| times[(times.len() - 1) * p / 100];
            let mean = times.iter().sum::<std::time::Duration>() / count as u32;
            println!(
                "two-phase, max {max_length} moves, {count} random cubes: mean {mean:.2?}, \
                 median {:.2?}, 90% {:.2?}, max {:.2?}; average length {:.2}",
                pct(50),
                pct(90),
                pct(100),
                total as f64 / count as f64
            );
            println!(
                "per cube: {} phase-1 nodes, {} phase-2 starts, {} phase-2 nodes",
                work[0] / count,
                work[1] / count,
                work[2] / count
            );
        }
    }
    Ok(())
}

/// Runs `work` with a token that another thread cancels `delay` after the start, and returns
/// how long after that cancellation `work` returned (zero when it returned first) and its
/// answer.
fn lag_after_cancel<T>(
    delay: std::time::Duration,
    work: impl FnOnce(&CancelToken) -> T,
) -> (std::time::Duration, T) {
    let token = CancelToken::new();
    let (tx, rx) = std::sync::mpsc::channel::<()>();
    let t2 = token.clone();
    let canceller = std::thread::spawn(move || {
        // Returns early when the work ended first: nothing to cancel.
        match rx.recv_timeout(delay) {
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                t2.cancel();
                Some(std::time::Instant::now())
            }
            _ => None,
        }
    });
    let answer = work(&token);
    let end = std::time::Instant::now();
    let _ = tx.send(());
    let at = canceller.join().ok().flatten();
    (at.map_or(std::time::Duration::ZERO, |at| end.saturating_duration_since(at)), answer)
}

/// `cube3 optimal-stop-bench`: see the command's help.
fn optimal_stop_bench(
    tries: usize,
    delay_ms: u64,
    build: bool,
    table: u8,
    tables: Option<PathBuf>,
) -> twisty::Result<()> {
    use std::time::{Duration, Instant};
    let delay = Duration::from_millis(delay_ms);
    let t = Instant::now();
    let solver = open_optimal_solver(table, tables)?;
    // Opening takes no token: it is bounded by reading and checksumming the file once.
    println!("h{table} opened in {:.1} ms", t.elapsed().as_secs_f64() * 1e3);
    let superflip = cube3::Cube::from_b32("ABCDEFGH=QRSTUVWXYZab=A")?;
    let summary = |what: &str, mut lags: Vec<Duration>| {
        lags.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        println!(
            "h{table} {what}, stopped after {delay_ms} ms, {} tries: lag min {:.1} ms, median {:.1} ms, max {:.1} ms",
            lags.len(),
            ms(lags[0]),
            ms(lags[lags.len() / 2]),
            ms(lags[lags.len() - 1])
        );
    };
    // A stop that came after the answer is no measure of the lag.
    let stopped = |r: &twisty::Result<cube3::optimal::Solutions>| match r {
        Err(e) if e.kind() == twisty::ErrorKind::Cancelled => Ok(()),
        Err(e) => Err(e.clone()),
        Ok(_) => Err(twisty::Error::invalid_argument(
            "the superflip was solved before the stop: give a shorter --delay-ms",
        )),
    };
    for threads in [1, 2] {
        let opts = |deadline, cancel: Option<&CancelToken>| cube3::optimal::SolveOptions {
            threads,
            deadline,
            cancel: cancel.cloned(),
            ..Default::default()
        };
        let mut lags = Vec::new();
        for _ in 0..tries {
            let deadline = Instant::now() + delay;
            let r = solver.solve(&superflip, &opts(Some(deadline), None), &mut twisty::progress::NoProgress);
            lags.push(Instant::now().saturating_duration_since(deadline));
            stopped(&r)?;
        }
        summary(&format!("search, deadline, {threads} thread(s)"), lags);
        let mut lags = Vec::new();
        for _ in 0..tries {
            let (lag, r) = lag_after_cancel(delay, |token| {
                solver.solve(&superflip, &opts(None, Some(token)), &mut twisty::progress::NoProgress)
            });
            lags.push(lag);
            stopped(&r)?;
        }
        summary(&format!("search, token, {threads} thread(s)"), lags);
    }
    if build {
        drop(solver);
        let mut lags = Vec::new();
        for _ in 0..tries {
            let (lag, r) = lag_after_cancel(delay, |token| {
                cube3::optimal::Solver::build(table, &mut twisty::progress::NoProgress, token)
            });
            match r {
                Err(e) if e.kind() == twisty::ErrorKind::Cancelled => lags.push(lag),
                Err(e) => return Err(e),
                Ok(_) => {
                    return Err(twisty::Error::invalid_argument(
                        "the table was built before the stop: give a shorter --delay-ms",
                    ));
                }
            }
        }
        summary("table build (in memory), token", lags);
    }
    Ok(())
}

fn run(cli: Cli) -> twisty::Result<()> {
    let tables = Tables::new();
    match cli.command.unwrap_or(Command::Demo) {
        Command::Demo => {
            println!("scramble:   {DEMO_SCRAMBLE}");
            let s = State::solved(Colouring::SixColour)
                .apply(&MoveSeq::parse(DEMO_SCRAMBLE, Notation::Wca)?)?;
            describe(&s, &tables);
            let r = tables.random_state(DEMO_SEED, Colouring::SixColour);
            println!("random state (seed {DEMO_SEED}):");
            describe(&r, &tables);
            let alg = cube3::Alg::parse(DEMO_CUBE3_SCRAMBLE)?;
            let c = cube3::Cube::from_alg(&alg);
            println!("3x3x3 scramble: {alg}");
            println!("cube (B32):     {c}");
            let solution = open_cube3_solver(None)?.solve(&c, &Default::default())?;
            println!("two-phase:      {solution} ({} moves)", solution.len());
        }
        Command::Db(cmd) => db_command(cmd)?,
        Command::Serve {
            host,
            port,
            db,
            max_optimal_table,
            search_limit_s,
        } => {
            let config = twisty_cli::web::Config {
                db,
                max_optimal_table,
                search_limit: std::time::Duration::from_secs(search_limit_s),
                ..Default::default()
            };
            let addr = std::net::SocketAddr::new(host, port);
            twisty_cli::web::serve_blocking(addr, config, |addr| {
                println!("twisty serving on http://{addr}/ (Ctrl-C stops it)");
            })?;
        }
        Command::Cube3(cmd) => cube3_command(cmd)?,
        Command::Sq1(cmd) => match cmd {
            Sq1Command::Apply {
                moves,
                state,
                notation,
                silver,
            } => {
                let start = match state {
                    Some(text) => State::parse(&text)?,
                    None => State::solved(colouring(silver)),
                };
                let s = start.apply(&MoveSeq::parse(&moves, notation.into())?)?;
                describe(&s, &tables);
            }
            Sq1Command::Inverse { moves, notation } => {
                let n = notation.into();
                println!("{}", MoveSeq::parse(&moves, n)?.inverse().format(n)?);
            }
            Sq1Command::Convert { moves, from, to } => {
                println!(
                    "{}",
                    MoveSeq::parse(&moves, from.into())?.format(to.into())?
                );
            }
            Sq1Command::Info { state } => describe(&State::parse(&state)?, &tables),
            Sq1Command::Random { seed, silver } => {
                println!("{}", tables.random_state(seed, colouring(silver)))
            }
            cmd @ (Sq1Command::Tables { .. }
            | Sq1Command::Solve { .. }
            | Sq1Command::Scramble { .. }
            | Sq1Command::Picture { .. }
            | Sq1Command::Bench { .. }) => solver_command(cmd)?,
            Sq1Command::Shapes { list } => {
                println!(
                    "layer shapes:                         {}",
                    tables.count(ShapeCount::LayerShapes)
                );
                println!(
                    "twistable positions (rotations apart): {}",
                    tables.count(ShapeCount::TwistablePositions)
                );
                println!(
                    "cube shapes up to layer rotation:     {}",
                    tables.count(ShapeCount::UpToLayerRotation)
                );
                println!(
                    "  ... and up to flip:                 {}",
                    tables.count(ShapeCount::UpToRotationAndFlip)
                );
                if list {
                    for s in Shape::all() {
                        println!(
                            "{:3} {:<24} flip class {:2}",
                            s.index(),
                            s.name(),
                            s.flip_class()
                        );
                    }
                }
            }
        },
    }
    Ok(())
}

/// A reader that stops reading (`twisty ... | head`) ends the program quietly, as it does other
/// command-line tools: Rust ignores SIGPIPE, which would make the next print panic. Called
/// before any thread starts.
fn quiet_on_closed_output() {
    #[cfg(unix)]
    // SAFETY: restores a signal's default action; no other thread runs yet.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    // Warnings show by default (a damaged table being rebuilt, for one); RUST_LOG says more.
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .format_timestamp(None)
        .init();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // Help and version go to stdout as they are; argument errors echo the input, escaped.
        Err(e) if !e.use_stderr() => e.exit(),
        Err(e) => {
            eprint!("{}", printable(&e.render().to_string(), &['\n']));
            std::process::exit(e.exit_code());
        }
    };
    // The server writes to sockets, where a closed peer must be an error, never the end.
    if !matches!(cli.command, Some(Command::Serve { .. })) {
        quiet_on_closed_output();
    }
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!(
                "error ({}, code {}): {}",
                e.kind().name(),
                e.code(),
                printable(e.message(), &[])
            );
            ExitCode::from(2)
        }
    }
}
