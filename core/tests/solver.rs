//! The six-colour solvers: optimality against an independent search, the three metrics, all
//! solutions, limits, the cache file, scrambles and the two-phase solver.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use twisty::ErrorKind;
use twisty::progress::{CancelToken, NoProgress, ProgressReport};
use twisty::rng::Rng;
use twisty::sq1::solve::{FastOptions, Metric, SearchLimits, Solver};
use twisty::sq1::{Colouring, MoveSeq, Notation, State, Tables};

/// The table file shared with the vector suites (`build/vector-dbs/sq1-solver.tbl`).
fn table_path() -> PathBuf {
    std::env::var_os("TWISTY_DB_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../build/vector-dbs"))
        .join("sq1-solver.tbl")
}

fn solver() -> &'static Solver {
    static S: OnceLock<Solver> = OnceLock::new();
    S.get_or_init(|| {
        Solver::open_or_build(&table_path(), &mut NoProgress, &CancelToken::new()).unwrap()
    })
}

fn solved() -> State {
    State::solved(Colouring::SixColour)
}

/// A random legal walk of `twists` twists from solved.
fn walk(rng: &mut Rng, twists: usize) -> State {
    let mut s = solved();
    for _ in 0..twists {
        loop {
            let (t, b) = (rng.below(12) as i32, rng.below(12) as i32);
            if (t, b) == (0, 0) {
                continue;
            }
            if let Ok(next) = s.turn(t, b).twist() {
                s = next;
                break;
            }
        }
    }
    s
}

/// Exact twist distance up to `max` by brute force on states (no solver code): iterative
/// deepening over every turn and `/`.
fn brute_twist_distance(s: &State, max: u32) -> Option<u32> {
    fn go(s: &State, left: u32, first: bool) -> bool {
        if (0..12).any(|t| (0..12).any(|b| s.turn(t, b).is_solved())) {
            return true;
        }
        if left == 0 {
            return false;
        }
        (0..12).any(|t| {
            (0..12).any(|b| {
                ((t, b) != (0, 0) || first)
                    && s.turn(t, b).twist().is_ok_and(|n| go(&n, left - 1, false))
            })
        })
    }
    (0..=max).find(|&d| go(s, d, true))
}

#[test]
fn near_solved_levels_are_the_published_counts() {
    // Masonjones: 1, 64, 1153, 17050, 235144 classes at 0..4 twists.
    assert_eq!(solver().level_sizes()[..5], [1, 64, 1153, 17050, 235144]);
}

#[test]
fn twist_distances_agree_with_brute_force() {
    let mut rng = Rng::new(11);
    for k in 0..=3 {
        for _ in 0..6 {
            let s = walk(&mut rng, k);
            let want = brute_twist_distance(&s, 3).unwrap();
            assert_eq!(solver().distance(&s, Metric::Twist).unwrap(), want, "{s}");
        }
    }
}

#[test]
fn optimal_solutions_solve_and_respect_the_metrics() {
    let tables = Tables::new();
    for seed in 0..12 {
        let s = tables.random_state(seed, Colouring::SixColour);
        let twist = solver().solve(&s, Metric::Twist).unwrap();
        assert!(s.apply(&twist.moves).unwrap().is_solved(), "{s}");
        assert_eq!(twist.length as usize, twist.twists());
        assert!(solver().twists_lower_bound(&s).unwrap() <= twist.length);
        // God's number in the twist metric is 13.
        assert!(twist.length <= 13);
        if seed < 4 {
            // A WCA-optimal solution uses the fewest twists, with at most one turn before
            // the first and after the last.
            let wca = solver().solve(&s, Metric::Wca).unwrap();
            assert!(s.apply(&wca.moves).unwrap().is_solved());
            assert_eq!(wca.twists(), twist.twists(), "{s}");
            assert!(wca.length + 1 >= 2 * twist.length && wca.length <= 2 * twist.length + 1);
            assert!(Metric::Wca.length(&twist.moves).unwrap() >= wca.length);
        }
    }
}

#[test]
fn face_turn_solutions_are_at_least_as_long_as_wca_ones() {
    let mut rng = Rng::new(5);
    for _ in 0..4 {
        let s = walk(&mut rng, 5);
        let ftm = solver().solve(&s, Metric::FaceTurn).unwrap();
        let wca = solver().solve(&s, Metric::Wca).unwrap();
        assert!(s.apply(&ftm.moves).unwrap().is_solved());
        assert_eq!(Metric::FaceTurn.length(&ftm.moves).unwrap(), ftm.length);
        assert!(ftm.length >= wca.length, "{s}");
        assert!(Metric::FaceTurn.length(&wca.moves).unwrap() >= ftm.length);
    }
}

#[test]
fn all_optimal_solutions_are_distinct_equal_and_complete() {
    let mut rng = Rng::new(3);
    let s = walk(&mut rng, 3);
    let d = solver().distance(&s, Metric::Twist).unwrap();
    let all = solver()
        .solutions_with(
            &s,
            Metric::Twist,
            10_000,
            &SearchLimits::default(),
            &mut NoProgress,
        )
        .unwrap();
    assert!(all.len() > 1 && all.len() < 10_000);
    let texts: HashSet<String> = all.iter().map(|x| x.to_wca()).collect();
    assert_eq!(texts.len(), all.len());
    for x in &all {
        assert_eq!(x.length, d);
        assert!(s.apply(&x.moves).unwrap().is_solved());
    }
    let two = solver()
        .solutions_with(
            &s,
            Metric::Twist,
            2,
            &SearchLimits::default(),
            &mut NoProgress,
        )
        .unwrap();
    assert_eq!(two.len(), 2);
    // Brute force: every sequence of d twists with any turns that solves the state.
    let mut count = 0;
    fn enumerate(s: &State, left: u32, first: bool, count: &mut usize) {
        if left == 0 {
            *count += (0..12)
                .flat_map(|t| (0..12).map(move |b| (t, b)))
                .filter(|&(t, b)| s.turn(t, b).is_solved())
                .count();
            return;
        }
        for t in 0..12 {
            for b in 0..12 {
                if (t, b) == (0, 0) && !first {
                    continue;
                }
                if let Ok(n) = s.turn(t, b).twist() {
                    enumerate(&n, left - 1, false, count);
                }
            }
        }
    }
    enumerate(&s, d, true, &mut count);
    assert_eq!(all.len(), count);
}

#[test]
fn metric_lengths() {
    let m = MoveSeq::parse("(1,0)/ (0,3)/ (2,2) (0,0)", Notation::Wca).unwrap();
    assert_eq!(Metric::Twist.length(&m).unwrap(), 2);
    assert_eq!(Metric::Wca.length(&m).unwrap(), 5);
    assert_eq!(Metric::FaceTurn.length(&m).unwrap(), 6);
    let flip = MoveSeq::parse("/!", Notation::Article).unwrap();
    assert_eq!(
        Metric::Twist.length(&flip).unwrap_err().kind(),
        ErrorKind::InvalidArgument
    );
}

#[test]
fn bad_requests_are_refused() {
    let silver = State::solved(Colouring::Silver);
    let e = solver().solve(&silver, Metric::Twist).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    let e = solver()
        .solutions_with(
            &solved(),
            Metric::Twist,
            0,
            &SearchLimits::default(),
            &mut NoProgress,
        )
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
}

/// A state far from solved (12 twists), found once.
fn hard_state() -> State {
    let tables = Tables::new();
    (0..)
        .map(|seed| tables.random_state(seed, Colouring::SixColour))
        .find(|s| solver().twists_lower_bound(s).unwrap() >= 9)
        .unwrap()
}

#[test]
fn searches_stop_at_cancellation_and_deadlines() {
    let s = hard_state();
    let cancel = CancelToken::new();
    cancel.cancel();
    let limits = SearchLimits {
        deadline: None,
        cancel: Some(cancel),
    };
    let e = solver()
        .solve_with(&s, Metric::FaceTurn, &limits, &mut NoProgress)
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Cancelled);
    // A deadline already passed stops the search before it starts...
    let passed = SearchLimits {
        deadline: Some(Instant::now()),
        cancel: None,
    };
    let e = solver()
        .solve_with(&s, Metric::Twist, &passed, &mut NoProgress)
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Cancelled);
    assert!(e.message().contains("deadline"), "{e}");
    // ...and one that passes while the search runs stops it. The deadline passes inside the
    // work, whatever the machine's speed: the first report (a depth without a solution) waits
    // until it has passed, and the search looks at its limits before the next depth.
    let timeout = Duration::from_millis(20);
    let mut first = None;
    let e = solver()
        .solve_with(
            &s,
            Metric::FaceTurn,
            &SearchLimits::timeout(timeout),
            &mut |r: &ProgressReport| {
                if first.is_none() {
                    first = Some((r.phase.clone(), r.level));
                    std::thread::sleep(timeout); // the deadline was set before this report
                }
            },
        )
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Cancelled);
    let prefix = "the search reached its deadline before finding a solution of length ";
    assert!(e.message().starts_with(prefix), "{e}");
    // Either the deadline passed before the first report (in the twist search that gives the
    // face-turn search its start, or in the first depth), or at it.
    if let Some((phase, level)) = first {
        assert!(phase.starts_with("no solution of length "), "{phase}");
        assert_eq!(e.message(), format!("{prefix}{}", level + 1));
    }
    let e = solver()
        .solve_fast(
            &s,
            &FastOptions {
                deadline: Some(Instant::now()),
                ..FastOptions::default()
            },
        )
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Cancelled);
    // A token cancelled before the call stops even the quickest fast solve.
    let cancelled = CancelToken::new();
    cancelled.cancel();
    let e = solver()
        .solve_fast(
            &solved(),
            &FastOptions {
                cancel: Some(cancelled),
                ..FastOptions::default()
            },
        )
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Cancelled);
}

#[test]
fn progress_is_reported_per_depth() {
    let s = hard_state();
    let mut levels = Vec::new();
    let sol = solver()
        .solve_with(
            &s,
            Metric::Twist,
            &SearchLimits::default(),
            &mut |r: &ProgressReport| levels.push(r.level),
        )
        .unwrap();
    assert!(!levels.is_empty());
    assert!(levels.windows(2).all(|w| w[1] == w[0] + 1));
    assert_eq!(*levels.last().unwrap(), sol.length);
}

#[test]
fn scrambles_are_seeded_long_enough_and_reach_their_state() {
    let a = solver().scramble(42).unwrap();
    assert_eq!(a, solver().scramble(42).unwrap());
    assert_ne!(a.moves, solver().scramble(43).unwrap().moves);
    for seed in 0..5 {
        let sc = solver().scramble(seed).unwrap();
        assert_eq!(solved().apply(&sc.moves).unwrap(), sc.state);
        let text = sc.to_text();
        assert!(!text.contains(")/"), "{text}");
        assert_eq!(
            MoveSeq::parse(&text, Notation::Wca).unwrap().moves(),
            sc.moves.moves()
        );
        assert!(
            !solver()
                .solvable_within(&sc.state, Metric::Wca, 10)
                .unwrap()
        );
        assert_eq!(
            sc.moves.twist_count() as u32,
            solver().distance(&sc.state, Metric::Twist).unwrap()
        );
    }
}

#[test]
fn fast_solutions_solve_within_their_bounds() {
    let mut rng = Rng::new(9);
    for _ in 0..4 {
        let s = walk(&mut rng, 6);
        let opts = FastOptions {
            node_limit: Some(200_000),
            ..FastOptions::default()
        };
        let a = solver().solve_fast(&s, &opts).unwrap();
        assert!(s.apply(&a.moves).unwrap().is_solved(), "{s}");
        assert_eq!(a, solver().solve_fast(&s, &opts).unwrap(), "deterministic");
        // The first solution is completed whatever the node limit.
        let tiny = FastOptions {
            node_limit: Some(1),
            ..FastOptions::default()
        };
        assert!(
            s.apply(&solver().solve_fast(&s, &tiny).unwrap().moves)
                .unwrap()
                .is_solved()
        );
        let opt = solver().solve(&s, Metric::FaceTurn).unwrap();
        assert!(a.length >= opt.length);
        let bounded = FastOptions {
            max_length: Some(a.length + 4),
            node_limit: None,
            ..FastOptions::default()
        };
        assert!(solver().solve_fast(&s, &bounded).unwrap().length <= a.length + 4);
    }
}

#[test]
fn table_files_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    let e = Solver::open(&dir.path().join("missing.tbl")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Database);
    let good = std::fs::read(table_path()).unwrap();
    type Damage = Box<dyn Fn(&mut Vec<u8>)>;
    let cases: [(&str, Damage, &str); 4] = [
        ("truncated", Box::new(|b| b.truncate(b.len() - 1)), "size"),
        ("magic", Box::new(|b| b[0] ^= 1), "bad magic"),
        ("version", Box::new(|b| b[8] = 99), "version"),
        ("data", Box::new(|b| b[1000] ^= 0x10), "checksum"),
    ];
    for (name, damage, what) in cases {
        let mut bytes = good.clone();
        damage(&mut bytes);
        let p = dir.path().join(name);
        std::fs::write(&p, &bytes).unwrap();
        let e = Solver::open(&p).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Database, "{name}");
        assert!(e.message().contains(what), "{name}: {e}");
    }
}

#[test]
fn a_node_limit_never_lengthens_the_first_solution() {
    for seed in [0u64, 1, 7, 2026] {
        let s = solver().scramble(seed).unwrap().state;
        for metric in [Metric::Twist, Metric::Wca, Metric::FaceTurn] {
            let fast = |node_limit| {
                let opts = FastOptions {
                    metric,
                    node_limit,
                    ..FastOptions::default()
                };
                solver().solve_fast(&s, &opts).unwrap()
            };
            // Without limits: the first solution found; with a node limit: the best found.
            let (first, best) = (fast(None), fast(Some(20_000)));
            assert!(s.apply(&first.moves).unwrap().is_solved());
            assert!(best.length <= first.length, "seed {seed} {metric:?}");
        }
    }
}
