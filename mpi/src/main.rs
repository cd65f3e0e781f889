//! `twisty-mpi`: twisty's builders on several ranks, started by `mpirun` (or Slurm's `srun`):
//!
//!     mpirun -np 4 twisty-mpi db build article.db --variant article
//!     mpirun -np 2 twisty-mpi sq1 depths --max-depth 6
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
    },
}

#[derive(Subcommand)]
enum DbCommand {
    /// Builds a Silver database with every rank into PATH (the file the single-process
    /// `twisty db build` writes); the ranks share PATH's file system.
    Build {
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
    },
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
            command:
                DbCommand::Build {
                    path,
                    variant,
                    max_level,
                    threads,
                    round_cells,
                    round_bytes,
                },
        } => {
            world.set_round_bytes(round_bytes);
            let mut opts = BuildOptions::new(match variant {
                VariantArg::Article => Variant::Article,
                VariantArg::Middle => Variant::Middle,
            });
            opts.max_level = max_level;
            opts.threads = threads;
            let search = bfs::Options {
                round_cells,
                ..bfs::Options::default()
            };
            let ranks = world.size();
            if rank == 0 {
                println!(
                    "building the {} database into {} with {ranks} rank(s)",
                    opts.variant.name(),
                    path.display()
                );
            }
            build_partitioned(&path, &opts, &search, &mut world, &CancelToken::new(), &mut |r| {
                if rank == 0 {
                    println!(
                        "level {:>2}: {:>14} classes, {:>3} round(s), rank 0 sent {} bytes, {:.1?}",
                        r.level, r.cells, r.rounds, r.bytes_sent, r.elapsed
                    );
                }
            })
            .map(|h| {
                if rank == 0 {
                    println!(
                        "done: {} classes in levels 1..={}, {:.1} s",
                        h.found(),
                        h.completed_level,
                        h.build_millis as f64 / 1000.0
                    );
                }
            })
        }
        Command::Sq1 {
            command:
                Sq1Command::Depths {
                    max_depth,
                    threads,
                    round_cells,
                    round_bytes,
                    checkpoint,
                },
        } => {
            world.set_round_bytes(round_bytes);
            let opts = frontier::Options {
                max_depth,
                round_cells,
                threads,
                checkpoint: checkpoint.map(|dir| frontier::Checkpoint {
                    dir,
                    graph: "six-colour Square-1, twist metric, cells of twisty::sq1::twist_table"
                        .into(),
                }),
            };
            sq1_depths(&mut world, &opts)
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
    // Bytes each depth sent to other ranks (index = the depth found), summed over ranks below.
    let mut sent = Vec::new();
    let f = frontier::search(&table, world, opts, &CancelToken::new(), &mut |r| {
        sent.push(r.bytes_sent);
        if rank == 0 {
            println!(
                "depth {:>2}: {:>14} classes, {:>4} round(s), rank 0 sent {} bytes, {:.1?}",
                r.level, r.cells, r.rounds, r.bytes_sent, r.elapsed
            );
        }
    })?;
    // Successors per depth over all ranks (the work behind the times above; depths resumed
    // from a checkpoint count 0), and each rank's share of the last depth (the balance).
    let expanded = world.sum(&f.expanded)?;
    let batched = world.sum(&f.batched)?;
    let sent = world.sum(&sent)?;
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
        for (depth, &n) in f.counts.iter().enumerate() {
            let published = twist_table::PUBLISHED_DEPTHS.get(depth).copied();
            let verdict = if published == Some(n) {
                "the published count".to_string()
            } else {
                format!("published: {published:?}")
            };
            println!("classes at depth {depth:>2}: {n:>14} ({verdict})");
        }
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
