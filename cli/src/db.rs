//! `twisty db ...`: the Silver database (build, stats and its histogram, verify, solve, bench).

use std::path::PathBuf;

use clap::{Subcommand, ValueEnum};
use twisty::sq1::db::{self, BuildOptions, Database, Variant};
use twisty::sq1::{Colouring, MoveSeq, Notation, State, Tables};

use crate::args::{at_least_one, cancel_on_ctrl_c, with_phase_bar, write_file};

#[derive(Clone, Copy, ValueEnum)]
pub enum VariantArg {
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
pub enum DbCommand {
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

pub fn run(cmd: DbCommand) -> twisty::Result<()> {
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
            let h = with_phase_bar("classes", |report| db::build(&path, &opts, report, &cancel));
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
