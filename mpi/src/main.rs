//! `twisty-mpi`: twisty's builders on several ranks, started by `mpirun` (or Slurm's `srun`):
//!
//!     mpirun -np 4 twisty-mpi db build article.db --variant article
//!
//! Every rank runs the same command; rank 0 prints the progress and the result. A failure on
//! any rank stops every rank with an error (exit status 1); a failed MPI operation aborts the
//! whole job (`MPI_Abort`), so no rank waits forever for another.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};
use twisty::bfs;
use twisty::progress::CancelToken;
use twisty::sq1::db::{BuildOptions, Variant, partitioned::build_partitioned};
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
        /// Save every rank's slice in this folder after each level, and resume from it: a
        /// job that was stopped restarts at the last level every rank saved (run it again
        /// with the same arguments). The files go once the database is complete.
        #[arg(long)]
        checkpoint: Option<PathBuf>,
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
                    checkpoint,
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
                // The tag is the builder's own.
                checkpoint: checkpoint.map(|dir| bfs::Checkpoint {
                    dir,
                    tag: String::new(),
                }),
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
