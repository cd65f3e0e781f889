//! The step solvers' table files (`StepTables`): built on first use with progress, mapped on
//! the next open, refused when foreign (left as they were), rebuilt when damaged, and the same
//! solutions from a mapped table as from one built in memory.
#![cfg(not(windows))]

use std::path::Path;

use twisty::ErrorKind;
use twisty::cube3::steps::{self, Niss, STEPS, Step, StepOptions, StepTables};
use twisty::cube3::{Alg, Cube, Move};
use twisty::progress::{CancelToken, NoProgress, ProgressReport};
use twisty::rng::Rng;

/// Opens `step`'s tables in `dir`, with the number of progress reports (0: nothing was built).
fn open(step: &str, dir: &Path) -> twisty::Result<(StepTables, usize)> {
    let mut reports = 0;
    let mut count = |_: &ProgressReport| reports += 1;
    let t = StepTables::open_or_build(Step::by_name(step)?, dir, &mut count, &CancelToken::new())?;
    Ok((t, reports))
}

#[test]
fn a_built_file_is_mapped_on_the_next_open() {
    let dir = tempfile::tempdir().unwrap();
    let (first, built) = open("drud-eofb", dir.path()).unwrap();
    assert!(built > 0, "the first open builds, with progress");
    let file = dir
        .path()
        .join(StepTables::file_name(Step::by_name("drud-eofb").unwrap()));
    assert!(file.is_file());
    let (second, rebuilt) = open("drud-eofb", dir.path()).unwrap();
    assert_eq!(rebuilt, 0, "the second open only maps the file");
    assert!(second.is_mapped());
    assert_eq!(first.info().distances, second.info().distances);
    assert_eq!(second.family(), "dreo");
}

#[test]
fn foreign_files_are_refused_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir
        .path()
        .join(StepTables::file_name(Step::by_name("eofb").unwrap()));
    // Another kind's table file (the two-phase solver's magic), then a text file.
    let mut other = b"TWC3TWOP".to_vec();
    other.resize(4096, 7);
    for content in [other, b"not a table\n".to_vec()] {
        std::fs::write(&path, &content).unwrap();
        let e = open("eofb", dir.path()).err().expect("refused");
        assert_eq!(e.kind(), ErrorKind::Database);
        assert!(e.message().contains("left alone"), "{}", e.message());
        assert_eq!(std::fs::read(&path).unwrap(), content);
    }
}

#[test]
fn a_damaged_file_is_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    open("eofb", dir.path()).unwrap();
    let path = dir
        .path()
        .join(StepTables::file_name(Step::by_name("eofb").unwrap()));
    let good = std::fs::read(&path).unwrap();
    let mut bad = good.clone();
    let last = bad.len() - 1;
    bad[last] ^= 1;
    std::fs::write(&path, &bad).unwrap();
    let (tables, built) = open("eofb", dir.path()).unwrap();
    assert!(built > 0, "a damaged file is rebuilt");
    assert_eq!(std::fs::read(&path).unwrap(), good);
    let (_, again) = open("eofb", dir.path()).unwrap();
    assert_eq!(again, 0);
    assert_eq!(
        tables.info().distances,
        StepTables::in_memory(Step::by_name("eofb").unwrap())
            .info()
            .distances
    );
}

#[test]
fn tables_of_another_family_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (eo, _) = open("eofb", dir.path()).unwrap();
    let step = Step::by_name("drud").unwrap();
    let e = steps::solve_with(
        &eo,
        step,
        &Cube::SOLVED,
        &StepOptions::default(),
        None,
        &mut NoProgress,
    )
    .expect_err("refused");
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
}

#[test]
fn mapped_and_in_memory_tables_give_the_same_solutions() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng::new(38);
    // One step of each family (the corners' tables map the cornersx file too).
    for name in [
        "eofb",
        "drud",
        "drud-eofb",
        "htr-drud",
        "drudslice",
        "drudfin",
        "corners",
        "cornersx",
    ] {
        let step = Step::by_name(name).unwrap();
        open(name, dir.path()).unwrap();
        let (mapped, built) = open(name, dir.path()).unwrap();
        assert_eq!(built, 0, "{name}: mapped on the second open");
        let niss = if step.kind.can_switch() {
            Niss::Mixed
        } else {
            Niss::Normal
        };
        let opts = StepOptions {
            limit: 30,
            margin: Some(1),
            niss,
            ..StepOptions::default()
        };
        let allowed: Vec<Move> = step.moves();
        for _ in 0..3 {
            let seq: Vec<Move> = (0..7)
                .map(|_| allowed[rng.below(allowed.len() as u64) as usize])
                .collect();
            let cube = Cube::from_alg(&Alg::from_moves(seq));
            let from_file =
                steps::solve_with(&mapped, step, &cube, &opts, None, &mut NoProgress).unwrap();
            let in_memory = steps::solve(step, &cube, &opts, None, &mut NoProgress).unwrap();
            assert!(!from_file.is_empty(), "{name}");
            assert_eq!(from_file, in_memory, "{name}");
        }
    }
    assert!(STEPS.iter().any(|s| s.name == "cornersx"));
}
