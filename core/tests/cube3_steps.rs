//! The step solvers (`twisty::cube3::steps`): solutions checked by the independent goal
//! predicates, optimal lengths and whole solution sets against brute-force searches on the
//! cube, requirement and option errors, and a small fixed set of nissy's answers.

use std::collections::HashSet;

use twisty::cube3::steps::sequence::{self, Variation};
use twisty::cube3::steps::{self, Kind, Niss, STEPS, Step, StepOptions, apply_held};
use twisty::cube3::{Alg, Cube, Move};
use twisty::progress::{CancelToken, NoProgress, ProgressReport};
use twisty::rng::Rng;
use twisty::{ErrorKind, Result};

const SOLVED_STEPS: [Kind; 8] = [
    Kind::Slice,
    Kind::Eo,
    Kind::Finish,
    Kind::Dr,
    Kind::DrFromEo,
    Kind::Htr,
    Kind::Corners,
    Kind::CornersRelative,
];

fn with_solver() -> impl Iterator<Item = &'static Step> {
    STEPS.iter().filter(|s| SOLVED_STEPS.contains(&s.kind))
}

fn alg(s: &str) -> Alg {
    Alg::parse(s).unwrap()
}

fn solve(step: &str, cube: &Cube, opts: &StepOptions) -> Result<Vec<Alg>> {
    steps::solve(Step::by_name(step)?, cube, opts, None, &mut NoProgress)
}

fn opts(min: u8, max: u8, limit: usize, niss: Niss) -> StepOptions {
    StepOptions {
        min_length: min,
        max_length: max,
        limit,
        niss,
        ..StepOptions::default()
    }
}

/// `cube` in orientation `o` (same pieces).
fn held(cube: &Cube, o: u8) -> Cube {
    Cube::from_parts(
        *cube.corner_permutation(),
        *cube.corner_orientation(),
        *cube.edge_permutation(),
        *cube.edge_orientation(),
        o,
    )
    .unwrap()
}

/// A random cube that meets the step's requirement: random moves of the step itself (which
/// keep it) for steps with one, else a uniformly random cube; then held in a random
/// orientation when `rotate`.
fn random_case(step: &Step, rng: &mut Rng, moves: usize, rotate: bool) -> Cube {
    let pieces = if step.requirement.is_some() || moves < 30 {
        let allowed = step.moves();
        let seq: Vec<Move> = (0..moves)
            .map(|_| allowed[rng.below(allowed.len() as u64) as usize])
            .collect();
        Cube::from_alg(&Alg::from_moves(seq))
    } else {
        Cube::random(rng)
    };
    let o = if rotate { rng.below(24) as u8 } else { 0 };
    held(&pieces, o)
}

fn niss_modes(step: &Step) -> Vec<Niss> {
    if step.kind.can_switch() {
        Niss::ALL.to_vec()
    } else {
        vec![Niss::Normal, Niss::Inverse, Niss::Linear]
    }
}

/// Every solution reaches the goal (the independent predicate), with the step's moves only,
/// with lengths in the bounds, shortest first, each once; in every orientation and NISS mode.
#[test]
fn solutions_reach_the_goal_with_the_steps_moves() {
    let mut rng = Rng::new(38);
    for step in with_solver() {
        let max = match step.kind {
            Kind::Eo => 6,
            Kind::DrFromEo => 7,
            _ => 8,
        };
        for case in 0..3 {
            let cube = random_case(step, &mut rng, if case == 0 { 6 } else { 30 }, case > 0);
            step.check_requirement(&cube).unwrap();
            let allowed = steps::moves_in_space(step, cube.orientation());
            for niss in niss_modes(step) {
                let o = opts(0, max, 40, niss);
                let sols = steps::solve(step, &cube, &o, None, &mut NoProgress).unwrap();
                let mut seen = HashSet::new();
                let mut last = 0;
                for s in &sols {
                    let text = sequence::niss_text(s);
                    assert!(
                        step.goal.holds(&apply_held(&cube, s)),
                        "{} {niss:?} {cube}: {text}",
                        step.name
                    );
                    assert!(
                        s.normal()
                            .iter()
                            .chain(s.inverse_part())
                            .all(|m| allowed.contains(m)),
                        "{} {text}",
                        step.name
                    );
                    assert!(s.len() >= last && s.len() <= max as usize, "{text}");
                    last = s.len();
                    assert!(seen.insert(text.clone()), "twice: {text}");
                    match niss {
                        Niss::Normal => assert!(s.inverse_part().is_empty()),
                        Niss::Inverse => assert!(s.normal().is_empty()),
                        Niss::Mixed if s.len() > 1 => {
                            assert!(!s.normal().is_empty() && !s.inverse_part().is_empty())
                        }
                        _ => {}
                    }
                }
            }
        }
    }
}

/// The fewest moves to the goal by plain iterative deepening on the cube with the step's moves
/// and the independent predicate (no convention, no table): the step's optimum.
fn brute_force_optimum(step: &Step, cube: &Cube, max: u8) -> Option<u8> {
    let moves = steps::moves_in_space(step, cube.orientation());
    fn reach(c: &Cube, left: u8, prev: Option<Move>, moves: &[Move], step: &Step) -> bool {
        if left == 0 {
            return step.goal.holds(c);
        }
        moves.iter().any(|&m| {
            prev.is_none_or(|p| p.kind() != m.kind())
                && reach(&c.apply_move(m), left - 1, Some(m), moves, step)
        })
    }
    (0..=max).find(|&d| reach(cube, d, None, &moves, step))
}

#[test]
fn the_shortest_solution_is_the_brute_force_optimum() {
    let mut rng = Rng::new(7);
    for name in [
        "eofb",
        "eoud",
        "drud",
        "drfb-eorl",
        "drud-eofb",
        "htr-drud",
        "htr-drfb",
        "cornersx",
        "corners",
        "drudfin",
        "drrlfin",
        "drudslice",
        "drfbslice",
    ] {
        let step = Step::by_name(name).unwrap();
        for _ in 0..6 {
            // HTR's rules (nissy's) can make its shortest longer than the optimum of its
            // moves: there the shortest is that of the enumeration under those rules.
            let htr = step.kind == Kind::Htr;
            let cube = random_case(step, &mut rng, 4, !htr);
            let want = if htr {
                (0..=4).find(|&d| {
                    if d == 0 {
                        step.goal.holds(&cube)
                    } else {
                        !brute_force_set(step, &cube, d).is_empty()
                    }
                })
            } else {
                brute_force_optimum(step, &cube, 4)
            };
            let got = solve(name, &cube, &opts(0, 4, 1, Niss::Normal)).unwrap();
            assert_eq!(got.first().map(|a| a.len() as u8), want, "{name} {cube}");
        }
    }
}

/// Every sequence of `d` of the step's moves (standard orientation, normal side) that reaches
/// the goal only at its end, written in the conventions stated in the module docs: canonical
/// order of a side, the last-move rule, HTR's rules. Enumerated on the cube with the predicate.
fn brute_force_set(step: &Step, cube: &Cube, d: u8) -> HashSet<String> {
    let moves = step.moves();
    let mut out = HashSet::new();
    if step.goal.holds(cube) {
        return out; // already there: no solution of any length
    }
    let rule = step.kind.can_switch();
    let htr = step.kind == Kind::Htr;
    // HTR's rules name the frame's U/D axis and its U face.
    let top = step.frame_faces().0;
    let ud = top.index() / 2;
    let axis = move |m: &Move| (m.kind().index() / 2 + 3 - ud) % 3;
    fn rec(
        c: &Cube,
        path: &mut Vec<Move>,
        d: u8,
        ctx: &(&Step, &[Move], bool, bool),
        out: &mut HashSet<String>,
        axis: &dyn Fn(&Move) -> usize,
    ) {
        let (step, moves, rule, htr) = *ctx;
        if path.len() == d as usize {
            if step.goal.holds(c) {
                out.insert(Alg::from_moves(path.clone()).to_string());
            }
            return;
        }
        if !path.is_empty() && step.goal.holds(c) {
            return;
        }
        for &m in moves {
            if let Some(p) = path.last() {
                if p.kind() == m.kind() || (axis(p) == axis(&m) && m.kind() < p.kind()) {
                    continue;
                }
                if htr && axis(p) == 0 && axis(&m) == 0 {
                    continue;
                }
            }
            if rule && path.len() + 1 == d as usize {
                let prev_same = path.last().filter(|p| axis(p) == axis(&m));
                if m.amount() != 1 || prev_same.is_some_and(|p| p.amount() != 1) {
                    continue;
                }
            }
            path.push(m);
            rec(&c.apply_move(m), path, d, ctx, out, axis);
            path.pop();
        }
    }
    rec(
        cube,
        &mut Vec::new(),
        d,
        &(step, &moves, rule, htr),
        &mut out,
        &axis,
    );
    if htr {
        // D quarter turns only as the first U/D quarter turn.
        out.retain(|s| {
            let a = alg(s);
            let mut q = a
                .normal()
                .iter()
                .filter(|m| axis(m) == 0 && m.amount() != 2);
            q.next();
            q.all(|m| m.kind() == top)
        });
    }
    out
}

#[test]
fn solution_sets_equal_a_brute_force_enumeration() {
    let mut rng = Rng::new(11);
    for name in [
        "eofb",
        "eorl",
        "drud-eofb",
        "drfb-eorl",
        "htr-drud",
        "htr-drfb",
        "drud",
        "cornersx",
        "corners",
        "drudfin",
        "drfbfin",
        "drudslice",
        "drrlslice",
    ] {
        let step = Step::by_name(name).unwrap();
        for _ in 0..3 {
            let cube = random_case(step, &mut rng, 3, false);
            for d in 1..=4u8 {
                let ours: HashSet<String> =
                    solve(name, &cube, &opts(d, d, usize::MAX, Niss::Normal))
                        .unwrap()
                        .iter()
                        .map(|a| a.to_string())
                        .collect();
                assert_eq!(
                    ours,
                    brute_force_set(step, &cube, d),
                    "{name} {cube} length {d}"
                );
                // The inverse side is the same search on the inverse cube.
                let inv: HashSet<String> =
                    solve(name, &cube, &opts(d, d, usize::MAX, Niss::Inverse))
                        .unwrap()
                        .iter()
                        .map(|a| Alg::from_moves(a.inverse_part().to_vec()).to_string())
                        .collect();
                assert_eq!(
                    inv,
                    brute_force_set(step, &cube.inverse(), d),
                    "{name} inverse"
                );
            }
        }
    }
}

#[test]
fn a_step_continues_a_partial_solution() {
    // EO on a rotated scramble, with a mixed solution, then DR from it.
    let scramble = alg("y R U2 D' L B2 R' U L2 D R F");
    let o = opts(0, 6, 3, Niss::Mixed);
    let eos = solve("eorl", &Cube::from_alg(&scramble), &o).unwrap();
    assert_eq!(eos.len(), 3);
    for eo in eos {
        let cube = steps::position(&scramble, &eo);
        let dr = solve("drud-eorl", &cube, &opts(0, 12, 1, Niss::Normal)).unwrap();
        assert!(
            steps::Goal::Dr(steps::Axis::UD).holds(&apply_held(&cube, &dr[0])),
            "{eo}"
        );
    }
}

#[test]
fn lastqt_variations_of_the_solutions_all_reach_the_goal() {
    let cube = Cube::from_alg(&alg("R U2 D' L B2 R' U L2 D R F"));
    for s in solve("eofb", &cube, &opts(0, 5, usize::MAX, Niss::All)).unwrap() {
        for v in sequence::variations(&s, Variation::LastQt) {
            assert!(
                steps::Goal::Eo(steps::Axis::FB).holds(&apply_held(&cube, &v)),
                "{v}"
            );
        }
    }
}

// ---- A small fixed set of nissy's answers (nissy-core 3cb60bc, `solve_scramble`, one length
// ---- at a time, all solutions). These strings are nissy's output, copied as data.

fn texts(step: &str, scramble: &str, d: u8, niss: Niss) -> Vec<String> {
    let cube = Cube::from_alg(&alg(scramble));
    let mut v: Vec<String> = solve(step, &cube, &opts(d, d, usize::MAX, niss))
        .unwrap()
        .iter()
        .map(sequence::niss_text)
        .collect();
    v.sort();
    v
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn nissys_answers() {
    // nissy: eofb, "R U F", length 4, normal.
    let eofb4 = [
        "U B2 U' F",
        "U' B2 U F",
        "D B2 D' F",
        "D' B2 D F",
        "R B2 R' F",
        "R' B2 R F",
        "L B2 L' F",
        "L' B2 L F",
        "B U2 F B",
        "B D2 F B",
        "B R2 F B",
        "B L2 F B",
        "B' U2 F B",
        "B' D2 F B",
        "B' R2 F B",
        "B' L2 F B",
    ];
    assert_eq!(texts("eofb", "R U F", 4, Niss::Normal), sorted(&eofb4));
    // nissy: eofb, "R U F", lengths 1 to 4, mixed.
    assert_eq!(texts("eofb", "R U F", 1, Niss::Mixed), sorted(&["F"]));
    assert!(texts("eofb", "R U F", 3, Niss::Mixed).is_empty());
    assert_eq!(
        texts("eofb", "R U F", 4, Niss::Mixed),
        sorted(&["F L F (F)"])
    );
    // nissy: drud, "R U F", length 3.
    assert_eq!(
        texts("drud", "R U F", 3, Niss::Normal),
        sorted(&["F' U' R"])
    );
    // nissy: drud-eofb, length 6, mixed.
    assert_eq!(
        texts("drud-eofb", "R U2 D' L B2 R' U L2 D R", 6, Niss::Mixed),
        sorted(&["R' D' R (R U2 L)", "R' D' R (L F2 R)"])
    );
    // nissy: htr-drud, length 6, normal.
    assert_eq!(
        texts("htr-drud", "U R2 D' F2 U' L2 U B2 D", 6, Niss::Normal),
        sorted(&["F2 U' F2 U' L2 U"])
    );
    // nissy: cornersx on a rotated cube (its <U, R, F> named in the held frame).
    assert_eq!(
        texts("cornersx", "y R U F", 3, Niss::Normal),
        sorted(&["F' U' L'"])
    );
    assert_eq!(
        texts("cornersx", "y R U F", 3, Niss::Inverse),
        sorted(&["(L F U)"])
    );
    // nissy: eofb on a rotated cube, both sides written in the frame it is held in.
    assert_eq!(texts("eofb", "x U", 1, Niss::Normal), sorted(&["U"]));
    assert_eq!(texts("eofb", "x U", 1, Niss::Inverse), sorted(&["(U)"]));
}

#[test]
fn requirements_are_named() {
    let e = solve(
        "drud-eofb",
        &Cube::from_alg(&alg("F")),
        &StepOptions::default(),
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(
        e.message(),
        "step drud-eofb needs edges oriented on the F/B axis (eofb), which this cube does not have"
    );
    let e = solve(
        "htr-drrl",
        &Cube::from_alg(&alg("R2 U")),
        &StepOptions::default(),
    )
    .unwrap_err();
    assert_eq!(
        e.message(),
        "step htr-drrl needs domino reduction on the R/L axis (drrl), which this cube does not have"
    );
    // The requirement follows the centres: after x, the F/B axis is where U/D was.
    assert!(
        solve(
            "drud-eofb",
            &Cube::from_alg(&alg("x U")),
            &StepOptions::default()
        )
        .is_err()
    );
    assert!(
        solve(
            "drfb-eoud",
            &Cube::from_alg(&alg("x U")),
            &StepOptions::default()
        )
        .is_ok()
    );
}

#[test]
fn options_are_checked() {
    let cube = Cube::from_alg(&alg("R U F"));
    let bad = |o: StepOptions, step: &str, want: &str| {
        let e = solve(step, &cube, &o).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument);
        assert_eq!(e.message(), want);
    };
    bad(
        opts(0, 21, 1, Niss::Normal),
        "eofb",
        "maximum length 21 is above 20",
    );
    bad(
        opts(5, 4, 1, Niss::Normal),
        "eofb",
        "minimum length 5 is above the maximum length 4",
    );
    bad(
        opts(0, 4, 0, Niss::Normal),
        "eofb",
        "the solution limit must be at least 1",
    );
    bad(
        opts(0, 4, 1, Niss::Mixed),
        "drudslice",
        "step drudslice cannot switch NISS sides: niss mode mixed is not available for it",
    );
}

#[test]
fn limits_margin_solved_cubes_cancel_and_progress() {
    let cube = Cube::from_alg(&alg("R U F"));
    // Default: one solution.
    assert_eq!(
        solve("eofb", &cube, &StepOptions::default()).unwrap().len(),
        1
    );
    let all = solve("eofb", &cube, &opts(0, 5, usize::MAX, Niss::Normal)).unwrap();
    assert_eq!(
        solve("eofb", &cube, &opts(0, 5, 7, Niss::Normal)).unwrap(),
        all[..7]
    );
    // Margin 0: only the shortest length.
    let o = StepOptions {
        margin: Some(0),
        ..opts(0, 5, usize::MAX, Niss::Normal)
    };
    let shortest = solve("eofb", &cube, &o).unwrap();
    assert!(shortest.iter().all(|a| a.len() == all[0].len()));
    assert_eq!(
        shortest.len(),
        all.iter().filter(|a| a.len() == all[0].len()).count()
    );
    // Already at the goal: the empty solution when the minimum is 0, nothing otherwise.
    let done = Cube::from_alg(&alg("R U"));
    assert_eq!(
        solve("eofb", &done, &opts(0, 5, 9, Niss::Normal)).unwrap(),
        vec![Alg::default()]
    );
    assert!(
        solve("eofb", &done, &opts(1, 5, 9, Niss::Normal))
            .unwrap()
            .is_empty()
    );
    // A cancelled token stops the search.
    let token = CancelToken::new();
    token.cancel();
    let e = steps::solve(
        Step::by_name("drud").unwrap(),
        &cube,
        &StepOptions::default(),
        Some(&token),
        &mut NoProgress,
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Cancelled);
    // A timeout already passed stops the search at its first check (every 4096 nodes; this
    // search visits far more).
    let o = StepOptions {
        timeout: Some(std::time::Duration::ZERO),
        ..opts(0, 12, usize::MAX, Niss::All)
    };
    let e = solve("drud", &Cube::random(&mut Rng::new(5)), &o).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Cancelled);
    assert_eq!(e.message(), "the step search reached its deadline");
    // One progress report per length searched.
    let mut reports = Vec::new();
    let mut sink = |r: &ProgressReport| reports.push(r.level);
    steps::solve(
        Step::by_name("eofb").unwrap(),
        &cube,
        &opts(2, 4, usize::MAX, Niss::Normal),
        None,
        &mut sink,
    )
    .unwrap();
    assert_eq!(reports, vec![2, 3, 4]);
}

#[test]
fn threads_give_the_same_list() {
    let cases = [
        (
            "eofb",
            "R U2 D' L B2 R' U L2 D R F",
            Niss::All,
            5,
            usize::MAX,
        ),
        (
            "drud-eofb",
            "R U2 D' L B2 R' U L2 D R",
            Niss::Mixed,
            7,
            usize::MAX,
        ),
        ("htr-drud", "U R2 D' F2 U' L2 U B2 D", Niss::Linear, 8, 5),
        ("drud", "R U F D' B", Niss::Normal, 6, 30),
    ];
    for (name, scramble, niss, max, limit) in cases {
        let cube = Cube::from_alg(&alg(scramble));
        let one = solve(name, &cube, &opts(0, max, limit, niss)).unwrap();
        assert!(!one.is_empty(), "{name}");
        for threads in [2, 3, 8] {
            let o = StepOptions {
                threads,
                ..opts(0, max, limit, niss)
            };
            assert_eq!(
                solve(name, &cube, &o).unwrap(),
                one,
                "{name} {threads} threads"
            );
        }
    }
    let o = StepOptions {
        threads: 0,
        ..StepOptions::default()
    };
    let e = solve("eofb", &Cube::from_alg(&alg("F")), &o).unwrap_err();
    assert_eq!(e.message(), "thread count 0 is out of range 1..=256");
}
