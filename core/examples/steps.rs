//! Prints a step's solutions, one per line as nissy writes them, for the comparison with nissy
//! (`scripts/compare-steps-nissy.sh`): `steps STEP NISS MIN MAX MOVES`; `steps tables` prints
//! each solver's table size, build time and distances (the figures of `docs/cube3-steps.md`);
//! `steps row STEP NISS MIN MAX MOVES` prints the same solutions as a `cube3_step_solve` vector
//! row (`scripts/steps-vectors-nissy.sh`). With `TWISTY_STEPS_DIR` set, the solutions use the
//! table files of that folder (built there on first use) instead of building the tables in
//! memory, which costs up to a second per call: the comparison makes thousands of calls.

use twisty::cube3::steps::{self, Niss, Step, StepOptions, StepSolver, sequence};
use twisty::cube3::{Alg, Cube};
use twisty::progress::NoProgress;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() == 1 && args[0] == "tables" {
        for name in [
            "eofb",
            "drud",
            "drud-eofb",
            "htr-drud",
            "drudfin",
            "drudslice",
            "corners",
            "cornersx",
        ] {
            let start = std::time::Instant::now();
            let info = steps::table_info(Step::by_name(name)?);
            println!(
                "{name}: {} bytes, built in {:.2?}, entries by distance {:?}",
                info.bytes,
                start.elapsed(),
                info.distances
            );
        }
        return Ok(());
    }
    let (row, args) = match args.split_first() {
        Some((first, rest)) if first == "row" => (true, rest),
        _ => (false, &args[..]),
    };
    let [step, niss, min, max, moves] = args else {
        return Err("usage: steps [row] STEP NISS MIN MAX MOVES".into());
    };
    let step = Step::by_name(step)?;
    let niss = *Niss::ALL
        .iter()
        .find(|n| n.name() == niss)
        .ok_or("unknown niss mode")?;
    let opts = StepOptions {
        min_length: min.parse()?,
        max_length: max.parse()?,
        limit: usize::MAX,
        niss,
        ..StepOptions::default()
    };
    let cube = Cube::from_alg(&Alg::parse(moves)?);
    let solver = match std::env::var_os("TWISTY_STEPS_DIR") {
        Some(dir) => StepSolver::in_folder(dir),
        None => StepSolver::in_memory(),
    };
    let found = solver.solve(step, &cube, &opts, None, &mut NoProgress)?;
    let texts: Vec<String> = found.iter().map(sequence::niss_text).collect();
    if row {
        println!(
            "cube3_step_solve\t{}\t{}\t{}\t{min}\t{max}\t1000\t-1\t1\tok:{}|{}",
            step.name,
            cube.to_b32(),
            niss.name(),
            texts.len(),
            texts.join(";")
        );
    } else {
        for t in texts {
            println!("{t}");
        }
    }
    Ok(())
}
