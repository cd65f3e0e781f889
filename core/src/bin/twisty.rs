//! The `twisty` command line: a thin shell over the library.

use std::process::ExitCode;

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use twisty::progress::{CancelToken, ProgressReport};
use twisty::sq1::db::{self, BuildOptions, Database, Variant};
use twisty::sq1::{Colouring, MoveSeq, Notation, Shape, ShapeCount, State, Tables};

/// Built-in Square-1 scramble used by `twisty demo`.
const DEMO_SCRAMBLE: &str =
    "(4,-1)/ (6,0)/ (6,6)/ (-3,-3)/ (-3,-3)/ (6,0)/ (2,6)/ (0,-3)/ (6,-3)/ (-5,6)/ (0,3)/ (0,3)/";
const DEMO_SEED: u64 = 2026;

#[derive(Parser)]
#[command(
    name = "twisty",
    version,
    about = "Twisty-puzzle engine: Square-1 state, notation and shapes"
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
        /// Stop after this level (a partial database); 0 builds all levels.
        #[arg(long, default_value_t = 0)]
        max_level: u32,
        /// Worker threads (0: one per core).
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
        #[arg(long, default_value_t = 100)]
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
            let cancel = CancelToken::new();
            let c2 = cancel.clone();
            // Ctrl-C cancels cleanly; the next run resumes from the last complete level.
            let _ = ctrlc::set_handler(move || c2.cancel());
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
                std::fs::write(&out, histogram_svg(db.header())).map_err(|e| {
                    twisty::Error::invalid_argument(format!("{}: {e}", out.display()))
                })?;
                println!("histogram:  {}", out.display());
            }
        }
        DbCommand::Verify { path } => {
            Database::open(&path)?.verify()?;
            println!("{}: every region matches its checksum", path.display());
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
                    show(&sol);
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
        }
        Command::Db(cmd) => db_command(cmd)?,
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

fn main() -> ExitCode {
    env_logger::init();
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error ({}, code {}): {e}", e.kind().name(), e.code());
            ExitCode::from(2)
        }
    }
}
