//! `twisty cube3 ...`: 3x3x3 cubes and moves, pictures, the two-phase and optimal solvers and
//! their tables; the step solvers of fewest-moves solving are in [`steps`], the benches in
//! [`bench`].

mod bench;
mod steps;

use std::path::PathBuf;

use clap::Subcommand;
use twisty::cube3;
use twisty::progress::ProgressReport;

use crate::args::{
    at_least_one, cancel_on_ctrl_c, deadline, open_with_progress, table_size, write_or_print,
};

#[derive(Subcommand)]
pub enum Cube3Command {
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
    /// Solutions of one step of a fewest-moves solve (EO, DR, HTR, slice, finish, corners;
    /// NISS), one per line as nissy writes them; `--list` names the steps.
    Step(steps::StepArgs),
    /// nissy's variations of a move sequence (NISS allowed): `unniss` (one plain sequence) or
    /// `lastqt` (every direction of each part's last quarter turns), one per line.
    Variations { variation: String, moves: String },
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

/// Opens (building on first use) the optimal solver's table file.
pub fn open_optimal_solver(
    size: u8,
    path: Option<PathBuf>,
) -> twisty::Result<cube3::optimal::Solver> {
    let path = path.unwrap_or_else(|| cube3::optimal::Solver::default_path(size));
    open_with_progress(path, "3x3x3 optimal table", |p, progress, cancel| {
        cube3::optimal::Solver::open_or_build(p, size, progress, cancel)
    })
}

/// A cube from a B32 text or from moves (NISS allowed), exactly one of them.
pub fn cube3_arg(cube: Option<String>, moves: Option<String>) -> twisty::Result<cube3::Cube> {
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
pub fn open_cube3_solver(path: Option<PathBuf>) -> twisty::Result<cube3::solve::Solver> {
    let path = path.unwrap_or_else(cube3::solve::Solver::default_path);
    open_with_progress(path, "3x3x3 tables", cube3::solve::Solver::open_or_build)
}

pub fn run(cmd: Cube3Command) -> twisty::Result<()> {
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
        Cube3Command::Step(args) => steps::step(args)?,
        Cube3Command::Variations { variation, moves } => steps::variations(&variation, &moves)?,
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
                let at_least = if open_end && d + 1 == counts.len() {
                    ">="
                } else {
                    ""
                };
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
            let tries = if tries == 0 {
                100 * count as u64
            } else {
                tries
            };
            let mut rng = twisty::rng::Rng::new(seed);
            let faces: Vec<cube3::Move> =
                cube3::Move::all().filter(|m| m.kind().is_face()).collect();
            let (mut kept, mut tried) = (0, 0u64);
            println!(
                "# optimal length {length}: {} (twisty cube3 optimal-positions --length {length} \
                 --count {count} --seed {seed}{})",
                if uniform {
                    "uniformly random cubes"
                } else {
                    "random move sequences"
                },
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
                let keep = if uniform {
                    found == Some(length)
                } else {
                    found.is_none()
                };
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
        Cube3Command::OptimalStopBench {
            tries,
            delay_ms,
            build,
            table,
            tables,
        } => bench::optimal_stop(tries, delay_ms, build, table, tables)?,
        Cube3Command::OptimalBench {
            positions,
            threads,
            table,
            tables,
        } => bench::optimal(&positions, threads, table, tables)?,
        Cube3Command::Bench {
            count,
            max_length,
            pollute,
            tables,
        } => bench::two_phase(count, max_length, pollute, tables)?,
    }
    Ok(())
}
