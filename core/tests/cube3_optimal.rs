//! The optimal 3x3x3 solver against searches that use no solver code: a breadth-first search
//! of every position up to five moves, meet-in-the-middle distances of random eight-move
//! positions, and a brute-force enumeration of every solving sequence of short scrambles.
//! Also the options' limits, determinism over thread counts, and the table file.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use twisty::ErrorKind;
use twisty::cube3::optimal::{SolveOptions, Solver};
use twisty::cube3::{Alg, Cube, Move};
use twisty::progress::{CancelToken, NoProgress, ProgressReport};
use twisty::rng::Rng;

/// The table file shared with the vector suites (`build/vector-dbs/cube3-optimal-h0.tbl`).
fn table_path() -> PathBuf {
    std::env::var_os("TWISTY_DB_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../build/vector-dbs"))
        .join("cube3-optimal-h0.tbl")
}

fn solver() -> &'static Solver {
    static S: OnceLock<Solver> = OnceLock::new();
    S.get_or_init(|| {
        Solver::open_or_build(&table_path(), 0, &mut NoProgress, &CancelToken::new()).unwrap()
    })
}

fn face_moves() -> Vec<Move> {
    Move::all().filter(|m| m.kind().is_face()).collect()
}

/// Every position up to `depth` face turns, with its distance (a plain breadth-first search
/// over `Cube::apply_move`).
fn ball(depth: u32) -> &'static HashMap<Cube, u8> {
    static B: OnceLock<HashMap<Cube, u8>> = OnceLock::new();
    B.get_or_init(|| {
        let moves = face_moves();
        let mut seen = HashMap::from([(Cube::SOLVED, 0u8)]);
        let mut frontier = vec![Cube::SOLVED];
        for d in 1..=depth as u8 {
            let mut next = Vec::new();
            for c in &frontier {
                for &m in &moves {
                    let n = c.apply_move(m);
                    if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(n) {
                        e.insert(d);
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
        seen
    })
}

const BALL: u32 = 5;

fn opts() -> SolveOptions {
    SolveOptions {
        threads: 1,
        ..SolveOptions::default()
    }
}

fn all(limit: usize) -> SolveOptions {
    SolveOptions {
        max_solutions: limit,
        ..opts()
    }
}

fn solve(c: &Cube, o: &SolveOptions) -> twisty::Result<twisty::cube3::optimal::Solutions> {
    solver().solve(c, o, &mut NoProgress)
}

fn cube(moves: &str) -> Cube {
    Cube::from_alg(&Alg::parse(moves).unwrap())
}

#[test]
fn every_position_up_to_five_moves_gets_its_breadth_first_distance() {
    let b = ball(BALL);
    // Published counts of positions at each distance (half-turn metric).
    let mut per_depth = [0u64; BALL as usize + 1];
    for &d in b.values() {
        per_depth[d as usize] += 1;
    }
    assert_eq!(per_depth, [1, 18, 243, 3240, 43239, 574908]);
    for (c, &d) in b {
        let s = solve(c, &opts()).unwrap();
        assert_eq!(s.length, d as u32, "{c}");
        assert_eq!(s.solutions.len(), 1);
        assert!(c.apply(&s.solutions[0]).is_solved());
        assert!(solver().lower_bound(c) <= d as u32, "{c}");
    }
}

/// The distance of a position up to 9 moves from the breadth-first ball: the fewest moves to
/// reach the ball from it, plus the ball's distance there.
fn meet_in_the_middle(c: &Cube) -> Option<u32> {
    let b = ball(BALL);
    let moves = face_moves();
    let mut best = None::<u32>;
    let mut frontier = vec![*c];
    let mut seen = HashSet::from([*c]);
    for d in 0..=4u32 {
        for x in &frontier {
            if let Some(&e) = b.get(x) {
                best = Some(best.map_or(d + e as u32, |v| v.min(d + e as u32)));
            }
        }
        if best.is_some_and(|v| v <= d + BALL + 1) {
            break;
        }
        let mut next = Vec::new();
        for x in &frontier {
            for &m in &moves {
                let n = x.apply_move(m);
                if seen.insert(n) {
                    next.push(n);
                }
            }
        }
        frontier = next;
    }
    best
}

#[test]
fn random_positions_of_up_to_eight_moves_get_their_exact_distance() {
    let moves = face_moves();
    let mut rng = Rng::new(11);
    for i in 0..120 {
        let n = 6 + i % 3;
        let seq: Vec<Move> = (0..n).map(|_| moves[rng.below(18) as usize]).collect();
        let c = Cube::from_alg(&Alg::from_moves(seq));
        let d = meet_in_the_middle(&c).expect("within nine moves");
        let s = solve(&c, &opts()).unwrap();
        assert_eq!(s.length, d, "{c}");
        assert!(solver().lower_bound(&c) <= d);
    }
}

/// The smallest table with edge flips, at its real size and base (built in under a minute the
/// first time, then kept beside the `h0` file).
fn h1() -> &'static Solver {
    static S: OnceLock<Solver> = OnceLock::new();
    S.get_or_init(|| {
        let path = table_path().with_file_name("cube3-optimal-h1.tbl");
        Solver::open_or_build(&path, 1, &mut NoProgress, &CancelToken::new()).unwrap()
    })
}

/// `h1` never bounds a position above its distance (every position up to five moves, random
/// ones of up to eight against meet-in-the-middle distances, solved at that length), and it
/// knows more than `h0`: its bound is higher on average over random cubes.
#[test]
fn the_h1_table_is_admissible_and_tighter_than_h0() {
    let s = h1();
    assert_eq!((s.size(), s.base()), (1, 8));
    let d = s.distribution();
    assert_eq!(d.iter().sum::<u64>(), 2 * 117_567_450);
    assert_eq!(&d[..3], &[1, 1, 4]);
    for (c, &d) in ball(BALL) {
        assert!(s.lower_bound(c) <= d as u32, "{c}");
    }
    let moves = face_moves();
    let mut rng = Rng::new(12);
    for i in 0..40 {
        let n = 6 + i % 3;
        let seq: Vec<Move> = (0..n).map(|_| moves[rng.below(18) as usize]).collect();
        let c = Cube::from_alg(&Alg::from_moves(seq));
        let d = meet_in_the_middle(&c).expect("within nine moves");
        assert!(s.lower_bound(&c) <= d, "{c}");
        assert_eq!(
            s.solve(&c, &opts(), &mut NoProgress).unwrap().length,
            d,
            "{c}"
        );
    }
    let (mut sum0, mut sum1) = (0, 0);
    for _ in 0..2000 {
        let c = Cube::random(&mut rng);
        sum0 += solver().lower_bound(&c);
        sum1 += s.lower_bound(&c);
    }
    assert!(
        sum1 > sum0 + 200,
        "h1 {sum1} against h0 {sum0} over 2000 cubes"
    );
}

/// The edges' own bound lifts cubes whose flips alone are far: the superflip has its corners
/// solved and its edges in their slices, so the `h0` entry alone reads 0, yet its bound is the
/// distance of its edges, and the search is that much shorter.
#[test]
fn the_edges_bound_lifts_cubes_whose_flips_are_far() {
    let superflip = Cube::from_b32("ABCDEFGH=QRSTUVWXYZab=A").unwrap();
    let b = solver().lower_bound(&superflip);
    assert!(b >= 11, "superflip bounded by {b}");
    assert!(b <= 20);
}

/// Whether a sequence (face-move indices, 3·face + amount - 1) is in the canonical form the
/// solver writes: no face twice in a row, opposite faces in U D, R L, F B order.
fn canonical(seq: &[usize]) -> bool {
    seq.windows(2).all(|w| {
        let (a, b) = (w[0] / 3, w[1] / 3);
        a != b && !(a / 2 == b / 2 && b < a)
    })
}

#[test]
fn all_solutions_equal_a_brute_force_enumeration() {
    let moves = face_moves();
    for scramble in [
        "R U",
        "R U2 F'",
        "U D",
        "R L U2",
        "F B' U D'",
        "R U R' U'",
        "R2 U2 R2",
    ] {
        let c = cube(scramble);
        let found = solve(&c, &all(100_000)).unwrap();
        let d = found.length as usize;
        // Every sequence of d face moves.
        let mut expected = HashSet::new();
        let mut seq = vec![0usize; d];
        loop {
            let x = seq.iter().fold(c, |x, &m| x.apply_move(moves[m]));
            if x.is_solved() && canonical(&seq) {
                expected.insert(
                    seq.iter()
                        .map(|&m| moves[m].to_string())
                        .collect::<Vec<_>>()
                        .join(" "),
                );
            }
            let mut k = 0;
            while k < d && seq[k] == 17 {
                seq[k] = 0;
                k += 1;
            }
            if k == d {
                break;
            }
            seq[k] += 1;
        }
        let got: Vec<String> = found.solutions.iter().map(|a| a.to_string()).collect();
        let set: HashSet<String> = got.iter().cloned().collect();
        assert_eq!(set.len(), got.len(), "{scramble}: duplicates in {got:?}");
        assert_eq!(set, expected, "{scramble}");
    }
}

#[test]
fn symmetric_cubes_list_every_symmetric_solution() {
    // The cube of R2 L2 U2 D2 F2 B2 (a checkerboard); its solutions come in symmetric families.
    let c = cube("R2 L2 U2 D2 F2 B2");
    let found = solve(&c, &all(10_000)).unwrap();
    assert_eq!(found.length, 6);
    // Every order of the three axes, each axis's two faces in canonical order: 3! = 6.
    assert_eq!(found.solutions.len(), 6);
    for a in &found.solutions {
        assert!(c.apply(a).is_solved());
    }
}

#[test]
fn answers_do_not_depend_on_the_thread_count() {
    let mut rng = Rng::new(5);
    let moves = face_moves();
    for _ in 0..6 {
        let seq: Vec<Move> = (0..11).map(|_| moves[rng.below(18) as usize]).collect();
        let c = Cube::from_alg(&Alg::from_moves(seq));
        for limit in [1, 5, 1000] {
            let one = solve(&c, &all(limit)).unwrap();
            for threads in [2, 3, 8] {
                let o = SolveOptions {
                    threads,
                    ..all(limit)
                };
                let many = solve(&c, &o).unwrap();
                assert_eq!(many.length, one.length);
                let a: Vec<String> = one.solutions.iter().map(|a| a.to_string()).collect();
                let b: Vec<String> = many.solutions.iter().map(|a| a.to_string()).collect();
                assert_eq!(a, b, "{c} limit {limit} threads {threads}");
            }
        }
    }
}

#[test]
fn solutions_solve_cubes_in_any_orientation_and_niss_input() {
    for moves in ["x R U F'", "R U (F' D)", "y2 R2 (U) F", "(R U R' U')"] {
        let alg = Alg::parse(moves).unwrap();
        let c = Cube::from_alg(&alg);
        let s = solve(&c, &opts()).unwrap();
        let a = &s.solutions[0];
        assert!(c.apply(a).is_solved(), "{moves}: {a}");
        assert!(a.inverse_part().is_empty());
        assert!(a.normal().iter().all(|m| m.kind().is_face()));
    }
    assert_eq!(solve(&cube("R U (F' D)"), &opts()).unwrap().length, 4);
}

#[test]
fn lengths_and_limits() {
    let c = cube("R U F");
    // At least min_length: the first length from there with a solution (no canonical
    // sequence of 4..=7 moves solves a 3-move cube).
    let s = solve(
        &c,
        &SolveOptions {
            min_length: 4,
            ..opts()
        },
    )
    .unwrap();
    assert_eq!(s.length, 8);
    assert_eq!(s.solutions[0].len(), 8);
    assert!(c.apply(&s.solutions[0]).is_solved());
    // A bound below what the table proves fails at once, naming the bound.
    let e = solve(
        &c,
        &SolveOptions {
            max_length: 2,
            ..opts()
        },
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(
        e.message(),
        "no solution of at most 2 moves exists for this cube: it needs at least 3"
    );
    let e = solve(
        &cube("R U F D"),
        &SolveOptions {
            max_length: 3,
            ..opts()
        },
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    for (o, message) in [
        (
            SolveOptions {
                max_length: 41,
                ..opts()
            },
            "max_length 41 is out of range 0..=40",
        ),
        (
            SolveOptions {
                min_length: 9,
                max_length: 8,
                ..opts()
            },
            "min_length 9 is greater than max_length 8",
        ),
        (
            SolveOptions {
                max_solutions: 0,
                ..opts()
            },
            "max_solutions must be at least 1",
        ),
        (
            SolveOptions {
                threads: 100_000,
                ..opts()
            },
            "threads 100000 out of range 0..=256",
        ),
    ] {
        let e = solve(&c, &o).unwrap_err();
        assert_eq!(
            (e.kind(), e.message()),
            (ErrorKind::InvalidArgument, message)
        );
    }
    // The solved cube: no moves.
    let s = solve(&Cube::SOLVED, &opts()).unwrap();
    assert_eq!((s.length, s.solutions[0].len()), (0, 0));
}

#[test]
fn cancellation_and_deadlines_stop_the_search() {
    // The superflip needs 20 moves: every depth below 20 must be searched in full first, hours
    // on any machine, so only a limit can end these searches, whatever the machine's speed.
    let c = Cube::from_b32("ABCDEFGH=QRSTUVWXYZab=A").unwrap();
    let token = CancelToken::new();
    token.cancel();
    let mut reports = 0;
    let e = solver()
        .solve(
            &c,
            &SolveOptions {
                cancel: Some(token),
                ..opts()
            },
            &mut |_: &ProgressReport| reports += 1,
        )
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Cancelled);
    assert_eq!(reports, 0, "stopped before any depth was searched");
    let e = solve(
        &c,
        &SolveOptions {
            deadline: Some(Instant::now()),
            ..opts()
        },
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Cancelled);
    // A token cancelled from another thread while the search runs, on two threads: the
    // canceller waits for the first depth's report, so the search is under way.
    let token = CancelToken::new();
    let (searching, started) = std::sync::mpsc::channel();
    let stopper = {
        let token = token.clone();
        std::thread::spawn(move || {
            if started.recv().is_ok() {
                token.cancel();
            }
        })
    };
    let e = solver()
        .solve(
            &c,
            &SolveOptions {
                cancel: Some(token),
                threads: 2,
                ..opts()
            },
            &mut |_: &ProgressReport| {
                let _ = searching.send(());
            },
        )
        .unwrap_err();
    drop(searching);
    stopper.join().unwrap();
    assert_eq!(e.kind(), ErrorKind::Cancelled);
    assert_eq!(e.message(), "the search was cancelled");
    let e = solve(
        &c,
        &SolveOptions {
            deadline: Some(Instant::now() + Duration::from_millis(200)),
            ..opts()
        },
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Cancelled);
    assert!(e.message().contains("deadline"), "{}", e.message());
}

#[test]
fn progress_is_reported_per_depth() {
    let c = cube("R U2 D' F L2 B R' U F2");
    let mut depths = Vec::new();
    let mut record = |r: &ProgressReport| depths.push((r.phase.clone(), r.level));
    let s = solver().solve(&c, &opts(), &mut record).unwrap();
    assert_eq!(depths.last().unwrap().1, s.length);
    let first = solver().lower_bound(&c);
    let expected: Vec<u32> = (first..=s.length).collect();
    assert_eq!(depths.iter().map(|d| d.1).collect::<Vec<_>>(), expected);
    assert_eq!(depths[0].0, format!("depth {first}"));
}

#[test]
fn table_sizes_and_files() {
    let e = Solver::open(&table_path(), 8).err().unwrap();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(
        e.message(),
        "table size h8 is not available: this version builds h0 to h7"
    );
    assert_eq!(
        twisty::cube3::optimal::cache_file(0),
        "cube3-optimal-h0-v2.tbl"
    );
    let s = solver();
    assert_eq!(s.size(), 0);
    // Damaged copies are refused with code 4 and never answer.
    let dir = std::env::temp_dir().join(format!("twisty-optimal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bytes = std::fs::read(table_path()).unwrap();
    // A table of another size where this one is asked for: refused, never rebuilt over.
    let h0_copy = dir.join("h0-copy.tbl");
    std::fs::write(&h0_copy, &bytes).unwrap();
    let e = Solver::open_or_build(&h0_copy, 1, &mut NoProgress, &CancelToken::new())
        .err()
        .unwrap();
    assert_eq!(e.kind(), ErrorKind::Database);
    assert!(
        e.message()
            .contains("a 3x3x3 optimal-solver table file of size h0 (size h1 was asked for)"),
        "{}",
        e.message()
    );
    assert!(e.message().contains("it was left alone"), "{}", e.message());
    assert!(
        std::fs::read(&h0_copy).unwrap() == bytes,
        "the h0 file is untouched"
    );
    // The edges' own table is at the end of the file and checked like the rest.
    let mut flipped = bytes.clone();
    let k = flipped.len() - 1000;
    flipped[k] ^= 0x40;
    let damaged = dir.join("damaged.tbl");
    std::fs::write(&damaged, &flipped).unwrap();
    let e = Solver::open(&damaged, 0).err().unwrap();
    assert_eq!(e.kind(), ErrorKind::Database);
    assert!(
        e.message()
            .contains("the edge distance table fails its checksum"),
        "{}",
        e.message()
    );
    let mut flipped = bytes.clone();
    let k = flipped.len() / 2;
    flipped[k] ^= 0x40;
    std::fs::write(&damaged, &flipped).unwrap();
    let e = Solver::open(&damaged, 0).err().unwrap();
    assert_eq!(e.kind(), ErrorKind::Database);
    // The distance lines are read into memory of their own and checked as they are read.
    assert!(
        e.message()
            .contains("the distance table fails its checksum"),
        "{}",
        e.message()
    );
    // A damaged file of its own kind is rebuilt by open_or_build, and then answers.
    let rebuilt = Solver::open_or_build(&damaged, 0, &mut NoProgress, &CancelToken::new()).unwrap();
    assert!(
        std::fs::read(&damaged).unwrap() == bytes,
        "rebuilt to the same bytes"
    );
    let cube = Cube::from_alg(&"R U F'".parse().unwrap());
    assert_eq!(
        rebuilt
            .solve(&cube, &SolveOptions::default(), &mut NoProgress)
            .unwrap()
            .length,
        3
    );
    // A text file where a table is expected is left alone.
    let text = dir.join("notes.tbl");
    std::fs::write(&text, "my notes\n").unwrap();
    let e = Solver::open_or_build(&text, 0, &mut NoProgress, &CancelToken::new())
        .err()
        .unwrap();
    assert_eq!(e.kind(), ErrorKind::Database);
    assert_eq!(std::fs::read(&text).unwrap(), b"my notes\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn many_cubes_at_once_answer_as_one_by_one() {
    let mut rng = Rng::new(21);
    let moves = face_moves();
    let cubes: Vec<Cube> = (0..12)
        .map(|_| {
            let seq: Vec<Move> = (0..9).map(|_| moves[rng.below(18) as usize]).collect();
            Cube::from_alg(&Alg::from_moves(seq))
        })
        .chain([Cube::SOLVED, cube("R U F")])
        .collect();
    let o = SolveOptions {
        threads: 3,
        max_solutions: 4,
        max_length: 12,
        ..opts()
    };
    let many = solver().solve_many(&cubes, &o);
    assert_eq!(many.len(), cubes.len());
    for (c, r) in cubes.iter().zip(&many) {
        let one = solve(
            c,
            &SolveOptions {
                threads: 1,
                ..o.clone()
            },
        )
        .unwrap();
        let r = r.as_ref().unwrap();
        assert_eq!(r.length, one.length);
        assert_eq!(r.solutions, one.solutions);
    }
    let bad = SolveOptions {
        threads: 100_000,
        ..opts()
    };
    let e = solver().solve_many(&cubes[..2], &bad);
    assert!(
        e.iter()
            .all(|r| r.as_ref().unwrap_err().kind() == ErrorKind::InvalidArgument)
    );
}

/// Errors tell the lengths the caller asked for: a shortest length given, `MIN to MAX moves`
/// (the search refutes it, or the table's bound at once), else `at most MAX moves`.
#[test]
fn no_solution_errors_name_the_lengths_asked_for() {
    let run = |c: &Cube, min_length, max_length| {
        solve(
            c,
            &SolveOptions {
                min_length,
                max_length,
                ..opts()
            },
        )
        .unwrap_err()
    };
    let e = run(&Cube::SOLVED, 4, 4);
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(
        e.message(),
        "no solution of 4 to 4 moves exists for this cube"
    );
    let c = cube("R U F");
    assert_eq!(
        run(&c, 0, 2).message(),
        "no solution of at most 2 moves exists for this cube: it needs at least 3"
    );
    assert_eq!(
        run(&c, 1, 2).message(),
        "no solution of 1 to 2 moves exists for this cube: it needs at least 3"
    );
    assert_eq!(
        run(&c, 4, 5).message(),
        "no solution of 4 to 5 moves exists for this cube"
    );
}

/// Size 8 is refused by the one check before any path is looked at: opening (with or without
/// building) and default paths, through the facade every runtime calls; nothing is created.
#[test]
fn an_unavailable_size_is_refused_first_everywhere() {
    let dir = std::env::temp_dir().join(format!("twisty-optimal-h8-{}", std::process::id()));
    let path = dir.join("h8.tbl");
    let h8 = "table size h8 is not available: this version builds h0 to h7";
    let p = path.display().to_string();
    let errors = [
        twisty::api::cube3_optimal_default_path(8).unwrap_err(),
        twisty::api::cube3_optimal_open(&p, 8, &mut |_| {}, &CancelToken::new())
            .err()
            .unwrap(),
        twisty::api::cube3_optimal_open_existing(&p, 8)
            .err()
            .unwrap(),
        Solver::open_or_build(&path, 8, &mut NoProgress, &CancelToken::new())
            .err()
            .unwrap(),
    ];
    for e in errors {
        assert_eq!(e.kind(), ErrorKind::InvalidArgument);
        assert_eq!(e.message(), h8);
    }
    assert!(!dir.exists(), "nothing was created");
    assert!(
        twisty::api::cube3_optimal_default_path(7)
            .unwrap()
            .ends_with("cube3-optimal-h7-v2.tbl")
    );
}

/// The options are checked before a table is needed: `validate` refuses what `solve` would,
/// so a caller that validates first never opens or builds a table for a bad request.
#[test]
fn options_are_validated_without_a_table() {
    let bad = [
        (
            SolveOptions {
                max_length: 41,
                ..opts()
            },
            "max_length 41 is out of range 0..=40",
        ),
        (
            SolveOptions {
                min_length: 9,
                max_length: 8,
                ..opts()
            },
            "min_length 9 is greater than max_length 8",
        ),
        (
            SolveOptions {
                threads: 257,
                ..opts()
            },
            "threads 257 out of range 0..=256",
        ),
    ];
    for (o, message) in bad {
        assert_eq!(o.validate().unwrap_err().message(), message);
        assert_eq!(solve(&cube("R"), &o).unwrap_err().message(), message);
    }
    assert!(opts().validate().is_ok());
    let two_phase = twisty::cube3::solve::SolveOptions {
        max_length: 41,
        ..Default::default()
    };
    assert_eq!(
        two_phase.validate().unwrap_err().message(),
        "max_length 41 is out of range 0..=40"
    );
}
