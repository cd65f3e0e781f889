//! `twisty sq1 ...`: Square-1 states and notation, the six-colour solver (tables, solve,
//! scramble, bench) and pictures.

use std::path::PathBuf;

use clap::Subcommand;
use twisty::progress::ProgressReport;
use twisty::sq1::solve::{FastOptions, Metric, SearchLimits, Solver};
use twisty::sq1::{Colouring, MoveSeq, Notation, Shape, ShapeCount, State, Tables};

use crate::args::{
    OtherWork, at_least_one, cancel_on_ctrl_c, deadline, open_with_progress, write_file,
    write_or_print,
};
use crate::demo::DEMO_SEED;
use twisty_cli::names::{MetricArg, NotationArg};

#[derive(Subcommand)]
pub enum Sq1Command {
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

pub fn run(cmd: Sq1Command) -> twisty::Result<()> {
    // The shared tables (shapes, random states); `tables` in a solver command is its file.
    let shared = Tables::new();
    match cmd {
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
            describe(&s, &shared);
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
        Sq1Command::Info { state } => describe(&State::parse(&state)?, &shared),
        Sq1Command::Random { seed, silver } => {
            println!("{}", shared.random_state(seed, colouring(silver)))
        }
        Sq1Command::Shapes { list } => {
            println!(
                "layer shapes:                         {}",
                shared.count(ShapeCount::LayerShapes)
            );
            println!(
                "twistable positions (rotations apart): {}",
                shared.count(ShapeCount::TwistablePositions)
            );
            println!(
                "cube shapes up to layer rotation:     {}",
                shared.count(ShapeCount::UpToLayerRotation)
            );
            println!(
                "  ... and up to flip:                 {}",
                shared.count(ShapeCount::UpToRotationAndFlip)
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
        } => bench(
            &open_solver(tables)?,
            metric.into(),
            count,
            fast_nodes,
            pollute,
        )?,
    }
    Ok(())
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

pub fn describe(state: &State, tables: &Tables) {
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

fn colouring(silver: bool) -> Colouring {
    if silver {
        Colouring::Silver
    } else {
        Colouring::SixColour
    }
}
