//! `twisty cube3 step ...` and `twisty cube3 variations ...`: the step solvers of fewest-moves
//! solving (EO, DR, HTR, slice, finish, corners, with NISS) and nissy's sequence variations,
//! printed one solution per line as nissy writes them.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use twisty::cube3::Alg;
use twisty::cube3::steps::{self, Niss, STEPS, Step, StepOptions, StepTables, sequence};
use twisty::progress::NoProgress;

use super::cube3_arg;
use crate::args::{at_least_one, cancel_on_ctrl_c, open_with_progress};

#[derive(Args)]
pub struct StepArgs {
    /// The step (`--list` names them all): eofb, drud-eofb, htr-drud, drudfin, ...
    #[arg(required_unless_present = "list")]
    name: Option<String>,
    /// The cube (B32); or --moves.
    cube: Option<String>,
    /// The scramble (NISS allowed) instead of a cube.
    #[arg(long)]
    moves: Option<String>,
    /// Moves already found (NISS form, the inverse part in parentheses), applied to the cube as
    /// the step solvers write them: the step continues a partial solution.
    #[arg(long)]
    so_far: Option<String>,
    /// normal, inverse, linear (either side), mixed (switching once) or all.
    #[arg(long, default_value = "normal", value_parser = niss_mode)]
    niss: Niss,
    #[arg(long, default_value_t = 0)]
    min_length: u8,
    #[arg(long, default_value_t = steps::MAX_LENGTH)]
    max_length: u8,
    /// Most solutions printed (shortest first).
    #[arg(long, default_value_t = 1, value_parser = at_least_one::<usize>, conflicts_with = "all")]
    limit: usize,
    /// Every solution within the lengths (and the margin).
    #[arg(long)]
    all: bool,
    /// Stop after the lengths up to the shortest found plus this many moves.
    #[arg(long)]
    margin: Option<u8>,
    /// Threads searching (the solutions are the same whatever the count; at most 256).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Give up after this many milliseconds (0: never).
    #[arg(long, default_value_t = 0)]
    timeout_ms: u64,
    /// Folder of the step table files, one per step family, built there on first use
    /// (default: the cache folder, where the other cube3 tables are).
    #[arg(long)]
    tables_dir: Option<PathBuf>,
    /// List the steps with their goals, moves and requirements.
    #[arg(long, conflicts_with_all = ["name", "cube", "moves", "so_far"])]
    list: bool,
}

/// A `--niss` value: one of the engine's mode names.
fn niss_mode(text: &str) -> Result<Niss, String> {
    Niss::ALL
        .into_iter()
        .find(|n| n.name() == text)
        .ok_or_else(|| {
            let names: Vec<&str> = Niss::ALL.iter().map(|n| n.name()).collect();
            format!(
                "unknown NISS mode {text:?} (expected one of: {})",
                names.join(", ")
            )
        })
}

pub fn step(a: StepArgs) -> twisty::Result<()> {
    let Some(name) = a.name.filter(|_| !a.list) else {
        list();
        return Ok(());
    };
    let step = Step::by_name(&name)?;
    let mut cube = cube3_arg(a.cube, a.moves)?;
    if let Some(so_far) = a.so_far {
        cube = steps::apply_held(&cube, &Alg::parse(&so_far)?);
    }
    let opts = StepOptions {
        min_length: a.min_length,
        max_length: a.max_length,
        limit: if a.all { usize::MAX } else { a.limit },
        margin: a.margin,
        niss: a.niss,
        threads: a.threads,
        timeout: (a.timeout_ms > 0).then(|| Duration::from_millis(a.timeout_ms)),
    };
    // Every argument is checked before the tables are opened (or built).
    opts.validate(step)?;
    step.check_requirement(&cube)?;
    let dir = a.tables_dir.unwrap_or_else(twisty::tablefile::cache_dir);
    let tables = open_with_progress(
        dir.join(StepTables::file_name(step)),
        "step tables",
        |_, progress, cancel| StepTables::open_or_build(step, &dir, progress, cancel),
    )?;
    let t = std::time::Instant::now();
    let found = steps::solve_with(
        &tables,
        step,
        &cube,
        &opts,
        Some(&cancel_on_ctrl_c()),
        &mut NoProgress,
    )?;
    for alg in &found {
        println!("{}", sequence::niss_text(alg));
    }
    eprintln!("{} solution(s) in {:.1?}", found.len(), t.elapsed());
    Ok(())
}

/// One line per step: name, then what it does ([`Step::describe`]).
fn list() {
    for s in &STEPS {
        println!("{:<10} {}", s.name, s.describe());
    }
}

/// `twisty cube3 variations unniss|lastqt MOVES`: one sequence per line.
pub fn variations(variation: &str, moves: &str) -> twisty::Result<()> {
    let v = sequence::Variation::by_name(variation)?;
    for alg in sequence::variations(&Alg::parse(moves)?, v) {
        println!("{}", sequence::niss_text(&alg));
    }
    Ok(())
}
