//! The 3x3x3 two-phase solver: solutions solve, respect the bound, work in any orientation;
//! limits stop it; its table file is refused when damaged.

use std::time::{Duration, Instant};

use twisty::ErrorKind;
use twisty::cube3::solve::{SolveOptions, Solver};
use twisty::cube3::{Alg, Cube, Move};
use twisty::progress::{CancelToken, NoProgress};
use twisty::rng::Rng;

fn solver() -> &'static Solver {
    static S: std::sync::OnceLock<Solver> = std::sync::OnceLock::new();
    S.get_or_init(|| Solver::build(&mut NoProgress, &CancelToken::new()).unwrap())
}

fn bound(max_length: u32) -> SolveOptions {
    SolveOptions {
        max_length,
        ..SolveOptions::default()
    }
}

fn cube(moves: &str) -> Cube {
    Cube::from_alg(&Alg::parse(moves).unwrap())
}

fn assert_solves(c: &Cube, alg: &Alg, max: u32) {
    assert!(c.apply(alg).is_solved(), "{alg} does not solve {c}");
    assert!(alg.len() as u32 <= max, "{alg} is longer than {max}");
    assert!(alg.inverse_part().is_empty());
    assert!(alg.normal().iter().all(|m| m.kind().is_face()), "{alg}");
}

#[test]
fn random_cubes_are_solved_within_the_bound() {
    let s = solver();
    let mut rng = Rng::new(7);
    for i in 0..40 {
        let c = Cube::random(&mut rng);
        let max = if i < 10 { 20 } else { 21 };
        assert_solves(&c, &s.solve(&c, &bound(max)).unwrap(), max);
    }
}

#[test]
fn a_first_solution_of_21_moves_is_followed_by_a_search_for_a_shorter_one() {
    // The first solution within 21 moves has 21 on about 74 % of random cubes (20.74 moves on
    // average); the search that follows it finds one of at most 20 on a good part of them.
    let s = solver();
    let mut rng = Rng::new(21);
    let lengths: Vec<usize> = (0..300)
        .map(|_| {
            let c = Cube::random(&mut rng);
            let alg = s.solve(&c, &SolveOptions::default()).unwrap();
            assert_solves(&c, &alg, 21);
            alg.len()
        })
        .collect();
    let long = lengths.iter().filter(|&&n| n == 21).count();
    assert!(long < 180, "{long} of 300 answers have 21 moves");
}

#[test]
fn short_cubes_get_short_solutions_and_too_short_bounds_fail() {
    let s = solver();
    assert!(s.solve(&Cube::SOLVED, &bound(0)).unwrap().is_empty());
    // Each of these needs exactly its length (no two moves on one face in a row, and no
    // commuting pair that would cancel).
    for moves in ["R", "R U", "R U F", "R U F' L2 D B'"] {
        let c = cube(moves);
        let n = Alg::parse(moves).unwrap().len() as u32;
        assert_solves(&c, &s.solve(&c, &bound(n)).unwrap(), n);
        let e = s.solve(&c, &bound(n - 1)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument);
        assert_eq!(
            e.message(),
            format!(
                "no solution of at most {} moves exists for this cube",
                n - 1
            )
        );
    }
    let e = s.solve(&Cube::SOLVED, &bound(41)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(e.message(), "max_length 41 is out of range 0..=40");
}

#[test]
fn rotated_and_wide_move_cubes_are_solved_in_space() {
    let s = solver();
    for moves in [
        "x R U' y F2 z'",
        "Rw U M' E2 S",
        "y2 (R U R') F",
        "z' Fw2 Lw' x2",
    ] {
        let c = cube(moves);
        assert!(!c.is_solved());
        assert_solves(&c, &s.solve(&c, &bound(21)).unwrap(), 21);
    }
    // The superflip needs 20 moves.
    let superflip = cube("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");
    assert_solves(&superflip, &s.solve(&superflip, &bound(20)).unwrap(), 20);
}

#[test]
fn cancellation_and_deadlines_stop_the_search() {
    let s = solver();
    // The superflip needs 20 moves (above): no solution of at most 17 exists, so that search
    // can end only at a limit (or after exhausting every phase-1 path of up to 17 moves:
    // hours), whatever the machine's speed.
    let c = cube("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");
    let cancel = CancelToken::new();
    cancel.cancel();
    let opts = SolveOptions {
        max_length: 17,
        cancel: Some(cancel),
        ..SolveOptions::default()
    };
    let e = s.solve(&c, &opts).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Cancelled);
    assert_eq!(e.message(), "the search was cancelled");
    // A token cancelled before the call stops even a search that would take no time.
    let quick = SolveOptions {
        max_length: 21,
        ..opts.clone()
    };
    assert_eq!(
        s.solve(&c, &quick).unwrap_err().kind(),
        ErrorKind::Cancelled
    );
    let opts = SolveOptions {
        max_length: 17,
        deadline: Some(Instant::now() + Duration::from_millis(50)),
        ..SolveOptions::default()
    };
    let e = s.solve(&c, &opts).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Cancelled);
    assert_eq!(
        e.message(),
        "the search reached its deadline before finding a solution of at most 17 moves"
    );
}

#[test]
fn table_file_round_trip_and_damage() {
    let dir = std::env::temp_dir().join(format!("twisty-cube3-{}", std::process::id()));
    let path = dir.join("t.tbl");
    solver().save(&path).unwrap();
    let opened = Solver::open(&path).unwrap();
    let mut rng = Rng::new(11);
    for _ in 0..5 {
        let c = Cube::random(&mut rng);
        // Same tables, same deterministic search: the same solution.
        assert_eq!(
            opened.solve(&c, &bound(21)).unwrap(),
            solver().solve(&c, &bound(21)).unwrap()
        );
    }
    let bytes = std::fs::read(&path).unwrap();
    let refuse = |data: &[u8], needle: &str| {
        std::fs::write(&path, data).unwrap();
        let e = Solver::open(&path).err().expect("refused");
        assert_eq!(e.kind(), ErrorKind::Database);
        assert!(e.message().contains(needle), "{}", e.message());
        assert!(
            e.message().starts_with("3x3x3 table file "),
            "{}",
            e.message()
        );
    };
    let mut damaged = bytes.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 1;
    refuse(
        &damaged,
        "the edge permutation corner set pruning table fails its checksum",
    );
    refuse(&bytes[..bytes.len() / 2], "truncated");
    let mut other = bytes.clone();
    other[8] = 99;
    refuse(&other, "format version 99");
    // open_or_build replaces a damaged file.
    std::fs::write(&path, &damaged).unwrap();
    Solver::open_or_build(&path, &mut NoProgress, &CancelToken::new()).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
    std::fs::remove_dir_all(&dir).unwrap();
    let e = Solver::open(&path).err().unwrap();
    assert_eq!(e.kind(), ErrorKind::Database);
}

/// Whether the pieces are in `<U, D, R2, L2, F2, B2>`, read from the public accessors.
fn in_g1(c: &Cube) -> bool {
    c.corner_orientation().iter().all(|&o| o == 0)
        && c.edge_orientation().iter().all(|&o| o == 0)
        && c.edge_permutation()[8..].iter().all(|&e| e >= 8)
}

/// Phase-1 distance by iterative deepening over every face move (no tables), up to `max`.
fn brute_force_phase1(c: &Cube, max: u32) -> Option<u32> {
    fn dfs(c: &Cube, togo: u32, faces: &[Move]) -> bool {
        if togo == 0 {
            return in_g1(c);
        }
        faces
            .iter()
            .any(|&m| dfs(&c.apply_move(m), togo - 1, faces))
    }
    let faces: Vec<Move> = Move::all().filter(|m| m.kind().is_face()).collect();
    (0..=max).find(|&d| dfs(c, d, &faces))
}

#[test]
fn phase1_distances_are_exact() {
    let s = solver();
    let mut rng = Rng::new(21);
    let g1 = ["U", "U2", "U'", "D", "D2", "D'", "R2", "L2", "F2", "B2"];
    let any: Vec<Move> = Move::all().filter(|m| m.kind().is_face()).collect();
    for k in 0..=4 {
        for _ in 0..6 {
            // A random G1 cube, then k random face moves.
            let mut c = Cube::SOLVED;
            for _ in 0..20 {
                c = c.apply(&Alg::parse(g1[rng.below(10) as usize]).unwrap());
            }
            for _ in 0..k {
                c = c.apply_move(any[rng.below(18) as usize]);
            }
            assert_eq!(
                Some(s.phase1_distance(&c)),
                brute_force_phase1(&c, k),
                "{c}"
            );
        }
    }
    // Random cubes are at most 12 moves from G1, nearly all 9 or more.
    let far = (0..200)
        .map(|_| s.phase1_distance(&Cube::random(&mut rng)))
        .inspect(|&d| assert!(d <= 12))
        .filter(|&d| d >= 9)
        .count();
    assert!(far > 180, "{far}");
}

#[test]
fn table_build_reports_progress_and_can_be_cancelled() {
    let cancel = CancelToken::new();
    let stopper = cancel.clone();
    let mut reports = Vec::new();
    let mut progress = |r: &twisty::progress::ProgressReport| {
        reports.push(r.clone());
        if reports.len() == 3 {
            stopper.cancel();
        }
    };
    let e = Solver::build(&mut progress, &cancel)
        .err()
        .expect("cancelled");
    assert_eq!(e.kind(), ErrorKind::Cancelled);
    assert_eq!(e.message(), "table generation was cancelled");
    // One report per phase-1 level, each reaching more positions, then the stop.
    assert_eq!(reports.len(), 3);
    for (i, r) in reports.iter().enumerate() {
        assert_eq!(r.level, i as u32 + 1);
        assert_eq!(r.phase, format!("3x3x3 tables: phase-1 distance {}", i + 1));
        assert!(i == 0 || r.done > reports[i - 1].done);
    }
}

#[test]
fn short_g1_cubes_get_their_optimal_phase2_length() {
    // Within G1, a cube made by k phase-2 moves is solved by the two-phase solver (phase 1
    // empty in the first direction) in at most k moves, and never fewer than the brute-force
    // optimum over G1 moves.
    let s = solver();
    let g1: Vec<Move> = ["U", "U2", "U'", "D", "D2", "D'", "R2", "L2", "F2", "B2"]
        .iter()
        .map(|m| m.parse().unwrap())
        .collect();
    fn fewest(c: &Cube, max: u32, g1: &[Move]) -> u32 {
        fn dfs(c: &Cube, togo: u32, g1: &[Move]) -> bool {
            togo == 0 && c.is_solved()
                || togo > 0 && g1.iter().any(|&m| dfs(&c.apply_move(m), togo - 1, g1))
        }
        (0..=max).find(|&d| dfs(c, d, g1)).unwrap()
    }
    let mut rng = Rng::new(4);
    for k in 1..=5 {
        for _ in 0..4 {
            let c = (0..k).fold(Cube::SOLVED, |c, _| {
                c.apply_move(g1[rng.below(10) as usize])
            });
            let best = fewest(&c, k, &g1);
            let alg = s.solve(&c, &bound(best)).unwrap();
            assert_solves(&c, &alg, best);
        }
    }
}
