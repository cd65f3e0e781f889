//! `twisty-mpi`: twisty's builders on several ranks, started by `mpirun` (or Slurm's `srun`):
//!
//!     mpirun -np 4 twisty-mpi db build article.db --variant article
//!     mpirun -np 2 twisty-mpi sq1 depths --max-depth 6
//!
//!     mpirun -np 4 twisty-mpi solve cube3 cubes.txt -o answers.txt --moves
//!
//! Every rank runs the same command; rank 0 prints the progress and the result. A failure on
//! any rank stops every rank with an error (exit status 1); a failed MPI operation aborts the
//! whole job (`MPI_Abort`), so no rank waits forever for another.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};
use twisty::bfs::{self, Transport, frontier};
use twisty::progress::CancelToken;
use twisty::sq1::db::{BuildOptions, Variant, partitioned::build_partitioned};
use twisty::sq1::twist_table::{self, TwistTable};
use twisty_mpi::World;

#[derive(Parser)]
#[command(name = "twisty-mpi", version, about = "twisty's builders on MPI ranks")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The Silver databases.
    Db {
        #[command(subcommand)]
        command: DbCommand,
    },
    /// Solves a file of positions optimally with every rank (one position per line), the
    /// answers in input order; a stopped job started again goes on where it stopped.
    Solve {
        #[command(subcommand)]
        puzzle: SolvePuzzle,
    },
    /// The six-colour Square-1's twist-metric table.
    Sq1 {
        #[command(subcommand)]
        command: Sq1Command,
    },
}

#[derive(Subcommand)]
enum Sq1Command {
    /// Counts the classes (up to layer turns, middle layer included) at each twist distance
    /// with every rank, holding each depth as sorted lists of cells.
    Depths {
        /// The last depth counted (0: until a depth is empty).
        #[arg(long, default_value_t = 0)]
        max_depth: u32,
        /// Worker threads per rank (0: one per core).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Frontier cells a rank expands between two exchanges (bounds the round's memory:
        /// about 24 bytes per successor, some 40 successors per cell).
        #[arg(long, default_value_t = 1 << 18)]
        round_cells: usize,
        /// Bytes one rank sends one peer per MPI call.
        #[arg(long, default_value_t = 256 << 20)]
        round_bytes: usize,
        /// Save every depth in this folder (shared by the ranks, or each machine's own), and
        /// resume from the last depth saved there by the same number of ranks.
        #[arg(long)]
        checkpoint: Option<PathBuf>,
        /// Hold each rank's cells as a 4-bit slice of the whole index instead of lists (276 GB
        /// over all ranks: a cluster's mode, every depth to the end; large depths cross as
        /// bitmaps, the last ones are found backward).
        #[arg(long)]
        dense: bool,
    },
}

#[derive(Subcommand)]
enum SolvePuzzle {
    /// Six-colour Square-1 states (canonical text; with --moves, WCA moves from solved).
    Sq1 {
        #[command(flatten)]
        batch: BatchArgs,
        #[arg(long, value_enum, default_value = "twist")]
        metric: MetricArg,
    },
    /// 3x3x3 cubes (B32 text; with --moves, moves from solved, NISS allowed), fewest face
    /// turns.
    Cube3 {
        #[command(flatten)]
        batch: BatchArgs,
        /// Table size: h0 (29.6 MB) to h7.
        #[arg(long, default_value = "h0", value_parser = ["h0", "h1", "h2", "h3", "h4", "h5", "h6", "h7"])]
        table: String,
    },
}

#[derive(clap::Args)]
struct BatchArgs {
    /// One position per line; blank lines and `#` comments are skipped.
    input: PathBuf,
    /// The answers (never a file twisty-mpi did not write); the journal of a job in progress
    /// is OUTPUT.journal.
    #[arg(short, long)]
    output: PathBuf,
    /// Lines are move sequences applied to the solved puzzle.
    #[arg(long)]
    moves: bool,
    /// The table file, or a folder holding it under the engine's name (default: the cache
    /// folder: `$TWISTY_CACHE_DIR`, `$XDG_CACHE_HOME/twisty` or `~/.cache/twisty`); opened, or
    /// built and saved there.
    #[arg(long)]
    tables: Option<PathBuf>,
    /// Solving threads per rank (0: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Lines handed out per request.
    #[arg(long, default_value_t = 4)]
    chunk: usize,
    /// Answer at most this many new lines, then stop (the journal keeps them; run the same
    /// command again to go on).
    #[arg(long)]
    stop_after: Option<u64>,
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

#[derive(Subcommand)]
enum DbCommand {
    /// Builds a Silver database with every rank into PATH (the file the single-process
    /// `twisty db build` writes); the ranks share PATH's file system.
    Build(BuildArgs),
}

#[derive(clap::Args)]
struct BuildArgs {
    path: PathBuf,
    #[arg(long, value_enum, default_value = "article")]
    variant: VariantArg,
    /// Stop after this level (0: the whole database).
    #[arg(long, default_value_t = 0)]
    max_level: u32,
    /// Worker threads per rank (0: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Frontier cells a rank expands between two exchanges (bounds the exchange's memory:
    /// about 8 bytes per successor).
    #[arg(long, default_value_t = 1 << 20)]
    round_cells: usize,
    /// Bytes one rank sends one peer per MPI call.
    #[arg(long, default_value_t = 256 << 20)]
    round_bytes: usize,
    /// Save every rank's slice in this folder after each level, and resume from it: a
    /// job that was stopped restarts at the last level every rank saved (run it again
    /// with the same arguments). The files go once the database is complete.
    #[arg(long)]
    checkpoint: Option<PathBuf>,
}

#[derive(Clone, Copy, ValueEnum)]
enum VariantArg {
    Article,
    Middle,
}

fn main() {
    let cli = Cli::parse();
    let mut world = match World::init() {
        Ok(w) => w,
        Err(e) => {
            eprintln!("twisty-mpi: {e}");
            std::process::exit(1);
        }
    };
    let rank = world.rank();
    let result = match cli.command {
        Command::Db {
            command: DbCommand::Build(args),
        } => db_build(&mut world, args),
        Command::Solve { puzzle } => solve(&world, puzzle),
        Command::Sq1 {
            command:
                Sq1Command::Depths {
                    max_depth,
                    threads,
                    round_cells,
                    round_bytes,
                    checkpoint,
                    dense,
                },
        } => {
            world.set_round_bytes(round_bytes);
            if dense {
                let opts = bfs::Options {
                    // Levels count from 1 at the start: depth d is level d + 1.
                    max_level: if max_depth == 0 {
                        0
                    } else {
                        max_depth.saturating_add(1).min(255) as u8
                    },
                    round_cells,
                    threads,
                    checkpoint: checkpoint.map(|dir| bfs::Checkpoint {
                        dir,
                        tag: TWIST_TABLE.into(),
                    }),
                    ..bfs::Options::default()
                };
                sq1_depths_dense(&mut world, &opts)
            } else {
                let opts = frontier::Options {
                    max_depth,
                    round_cells,
                    threads,
                    checkpoint: checkpoint.map(|dir| frontier::Checkpoint {
                        dir,
                        graph: TWIST_TABLE.into(),
                    }),
                };
                sq1_depths(&mut world, &opts)
            }
        }
    };
    if let Err(e) = result {
        // One write per line: mpirun forwards each write as it comes, so a line written in
        // pieces by two ranks at once would come out interleaved.
        let line = format!("twisty-mpi (rank {rank}): {}\n", e.message());
        let _ = std::io::Write::write_all(&mut std::io::stderr().lock(), line.as_bytes());
        if world.failed() {
            // The ranks may be in different operations now: end them all, never wait.
            world.abort(1);
        }
        // Every rank learned of the failure in the same step: each ends normally.
        drop(world);
        std::process::exit(1);
    }
}

/// `twisty-mpi solve`: the batch job, then on rank 0 the distribution of optimal lengths.
fn solve(world: &World, puzzle: SolvePuzzle) -> twisty::Result<()> {
    use twisty::sq1::solve::Metric;
    use twisty_mpi::batch::{self, Puzzle};
    let (args, puzzle) = match puzzle {
        SolvePuzzle::Sq1 { batch, metric } => (
            batch,
            Puzzle::Sq1(match metric {
                MetricArg::Twist => Metric::Twist,
                MetricArg::Wca => Metric::Wca,
                MetricArg::Face => Metric::FaceTurn,
            }),
        ),
        SolvePuzzle::Cube3 { batch, table } => {
            (batch, Puzzle::Cube3(table[1..].parse().expect("h0..h7")))
        }
    };
    let opts = batch::Options {
        puzzle,
        input: args.input,
        moves: args.moves,
        output: args.output,
        tables: args.tables,
        threads: args.threads,
        chunk: args.chunk,
        stop_after: args.stop_after,
    };
    let t = std::time::Instant::now();
    let summary = batch::run(world, &opts, &mut |line| println!("{line}"))?;
    let Some(s) = summary else { return Ok(()) };
    let unit = match puzzle {
        Puzzle::Sq1(m) => format!("{} metric", m.name()),
        Puzzle::Cube3(_) => "face turns".to_string(),
    };
    println!(
        "{} line(s) answered in this run in {:.1} s; {} of {} answered in all",
        s.answered,
        t.elapsed().as_secs_f64(),
        s.resumed + s.answered,
        s.positions
    );
    if !s.complete {
        println!(
            "stopped before the end: run the same command again to go on (the journal is {})",
            batch::journal_path(&opts.output).display()
        );
        return Ok(());
    }
    let solved: u64 = s.lengths.values().sum();
    let total: u64 = s.lengths.iter().map(|(l, n)| *l as u64 * n).sum();
    println!(
        "optimal lengths ({unit}) of {solved} position(s), written to {}:",
        opts.output.display()
    );
    for (length, n) in &s.lengths {
        println!(
            "{length:>4} {n:>10} {:>6.2} %",
            *n as f64 * 100.0 / solved as f64
        );
    }
    if solved > 0 {
        println!("mean {:.3}", total as f64 / solved as f64);
    }
    println!("error lines: {}", s.errors);
    Ok(())
}

/// `twisty-mpi db build`: the Silver database on every rank; rank 0 prints the levels.
fn db_build(world: &mut World, args: BuildArgs) -> twisty::Result<()> {
    let rank = world.rank();
    world.set_round_bytes(args.round_bytes);
    let mut opts = BuildOptions::new(match args.variant {
        VariantArg::Article => Variant::Article,
        VariantArg::Middle => Variant::Middle,
    });
    opts.max_level = args.max_level;
    opts.threads = args.threads;
    let search = bfs::Options {
        round_cells: args.round_cells,
        // The tag is the builder's own.
        checkpoint: args.checkpoint.map(|dir| bfs::Checkpoint {
            dir,
            tag: String::new(),
        }),
        ..bfs::Options::default()
    };
    if rank == 0 {
        println!(
            "building the {} database into {} with {} rank(s)",
            opts.variant.name(),
            args.path.display(),
            world.size()
        );
    }
    let mut report = |r: &bfs::LevelReport| {
        if rank == 0 {
            println!(
                "level {:>2}: {:>14} classes, {:>3} round(s), {} bytes sent, {:.1?}",
                r.level, r.cells, r.rounds, r.bytes_sent, r.elapsed
            );
        }
    };
    let cancel = CancelToken::new();
    let h = build_partitioned(&args.path, &opts, &search, world, &cancel, &mut report)?;
    if rank == 0 {
        println!(
            "done: {} classes in levels 1..={}, {:.1} s",
            h.found(),
            h.completed_level,
            h.build_millis as f64 / 1000.0
        );
    }
    Ok(())
}

/// What the checkpoints of `twisty-mpi sq1 depths` say they hold.
const TWIST_TABLE: &str = "six-colour Square-1, twist metric, cells of twisty::sq1::twist_table";

/// The counts of every depth beside the published ones, on rank 0.
fn print_published(counts: &[u64]) {
    for (depth, &n) in counts.iter().enumerate() {
        let published = twist_table::PUBLISHED_DEPTHS.get(depth).copied();
        let verdict = if published == Some(n) {
            "the published count".to_string()
        } else {
            format!("published: {published:?}")
        };
        println!("classes at depth {depth:>2}: {n:>14} ({verdict})");
    }
}

/// `twisty-mpi sq1 depths --dense`: the partitioned search of 4-bit slices; one line per depth
/// on rank 0, then the counts and a summary.
fn sq1_depths_dense(world: &mut World, opts: &bfs::Options) -> twisty::Result<()> {
    let rank = world.rank();
    let started = std::time::Instant::now();
    let table = TwistTable::new();
    if rank == 0 {
        println!(
            "six-colour Square-1, twist metric, {} rank(s), 4-bit slices: {} cells in {} blocks",
            world.size(),
            twist_table::CELLS,
            twist_table::BLOCKS
        );
    }
    let slice = bfs::search(&table, world, opts, &CancelToken::new(), &mut |r| {
        if rank == 0 {
            println!(
                "depth {:>2}: {:>14} classes, {:>4} round(s), {} bytes sent, {:.1?}",
                r.level - 1,
                r.cells,
                r.rounds,
                r.bytes_sent,
                r.elapsed
            );
        }
    })?;
    // The checkpoint folder, if any, keeps the slices: the whole table, one file per rank (run
    // again, the job finds the last depth saved and prints the counts).
    if rank == 0 {
        let counts = &slice.level_counts[1..];
        print_published(counts);
        println!(
            "done: {} classes in depths 0..={}{}, {} thread(s) per rank, {:.1} s",
            counts.iter().sum::<u64>(),
            counts.len() - 1,
            if slice.exhausted { " (all)" } else { "" },
            slice.threads,
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

/// `twisty-mpi sq1 depths`: one line per depth on rank 0, then a summary.
fn sq1_depths(world: &mut World, opts: &frontier::Options) -> twisty::Result<()> {
    let rank = world.rank();
    let ranks = world.size();
    let started = std::time::Instant::now();
    let table = TwistTable::new();
    if rank == 0 {
        println!(
            "six-colour Square-1, twist metric, {ranks} rank(s): {} cells in {} blocks",
            twist_table::CELLS,
            twist_table::BLOCKS
        );
    }
    // Bytes all ranks sent each other for each depth found.
    let mut sent = Vec::new();
    let f = frontier::search(&table, world, opts, &CancelToken::new(), &mut |r| {
        sent.push(r.bytes_sent);
        if rank == 0 {
            println!(
                "depth {:>2}: {:>14} classes, {:>4} round(s), {} bytes sent, {:.1?}",
                r.level, r.cells, r.rounds, r.bytes_sent, r.elapsed
            );
        }
    })?;
    // Successors per depth over all ranks (the work behind the times above; depths resumed
    // from a checkpoint count 0), and each rank's share of the last depth (the balance).
    let expanded = world.sum(&f.expanded)?;
    let batched = world.sum(&f.batched)?;
    let resumed = expanded.len() - sent.len();
    let mut share = vec![0u64; ranks];
    share[rank] = f.last.len() as u64;
    let share = world.sum(&share)?;
    if rank == 0 {
        for (depth, n) in expanded.iter().enumerate().skip(resumed) {
            println!(
                "expanding depth {depth:>2}: {n} successors, {} in the batches, {} bytes sent \
                 by all ranks",
                batched[depth],
                sent[depth - resumed]
            );
        }
        println!("last depth per rank: {share:?}");
        print_published(&f.counts);
        println!(
            "done: {} classes in depths 0..={}{}, {} thread(s) per rank, {:.1} s",
            f.counts.iter().sum::<u64>(),
            f.depth(),
            if f.exhausted { " (all)" } else { "" },
            f.threads,
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
