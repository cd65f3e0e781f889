//! The depth-first search that lists every solution of one length, with NISS.
//!
//! Conventions (those of nissy's step solvers, checked against it):
//! - a side's moves are in canonical order: never the same face twice in a row, and two moves
//!   on one axis only as U before D, R before L, F before B;
//! - no solution passes through a state at the goal before its end;
//! - steps with the last-move rule: each non-empty side ends in a clockwise quarter turn, and
//!   when its last two moves share an axis both are clockwise quarter turns (the other
//!   directions reach the goal too: the `lastqt` variation lists them);
//! - a mixed solution switches once: it starts on the side with fewer moves (the normal side on
//!   a tie) and switches right after a move that, alone on a solved cube, leaves the goal;
//! - HTR: no two consecutive U/D-axis moves on a side, no D2, and D quarter turns only as the
//!   first U/D quarter turn of the whole solution (normal side read first).

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use crate::cube3::geometry::Perm;
use crate::cube3::solve::face_moves;
use crate::error::{Error, ErrorKind, Result};
use crate::progress::CancelToken;

use super::catalogue::Kind;
use super::model::{Model, State};

/// A solution in the standard frame: face-move indices on the scramble and on its inverse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Path {
    pub normal: Vec<u8>,
    pub inverse: Vec<u8>,
}

/// Which sides a search of one length covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Sides {
    pub normal: bool,
    pub inverse: bool,
    pub mixed: bool,
}

fn face(m: u8) -> u8 {
    m / 3
}

fn clockwise_quarter(m: u8) -> bool {
    m.is_multiple_of(3)
}

/// Whether `m` may follow `prev` on one side.
fn follows(kind: Kind, prev: Option<u8>, m: u8) -> bool {
    let Some(p) = prev else { return true };
    let (f, g) = (face(p), face(m));
    if f == g || (f / 2 == g / 2 && g < f) {
        return false;
    }
    // HTR: no two consecutive U/D-axis moves.
    !(kind == Kind::Htr && f / 2 == 0 && g / 2 == 0)
}

/// Whether `m` may end a side after `prev` (the last-move rule).
fn may_end(kind: Kind, prev: Option<u8>, m: u8) -> bool {
    if !kind.last_move_rule() {
        return true;
    }
    clockwise_quarter(m) && prev.is_none_or(|p| face(p) / 2 != face(m) / 2 || clockwise_quarter(p))
}

/// HTR: D quarter turns only as the first U/D-axis quarter turn, normal side read first.
fn htr_order_ok(path: &Path) -> bool {
    let mut quarters = path
        .normal
        .iter()
        .chain(&path.inverse)
        .filter(|&&m| face(m) / 2 == 0 && m % 3 != 1);
    quarters.next();
    quarters.all(|&m| face(m) == 0)
}

/// A part of the search of one length: a side alone (normal or inverse), or a mixed
/// solution starting on a side with `k` moves there.
#[derive(Clone, Copy, Debug)]
enum Part {
    Last(bool),
    First(bool, u8),
}

/// The parts of a search of `d` moves, in the order their solutions are listed.
fn parts(kind: Kind, d: u8, sides: Sides) -> Vec<Part> {
    let mut out = Vec::new();
    if sides.normal || (sides.mixed && d == 1) {
        out.push(Part::Last(false));
    }
    if sides.inverse || (sides.mixed && d == 1) {
        out.push(Part::Last(true));
    }
    if sides.mixed && kind.can_switch() {
        // Starting on the normal side: at most d/2 moves there; on the inverse side: fewer
        // than half. Each split of d is searched once.
        out.extend((1..=d / 2).map(|k| Part::First(false, k)));
        out.extend((1..d.div_ceil(2)).map(|k| Part::First(true, k)));
    }
    out
}

/// [`Search::length`] over `threads` threads: one task per part and first move, claimed in
/// turn, the answers put back in the order of one thread (so the list is the same whatever the
/// count). Returns the solutions (at most `wanted`) and the nodes visited.
#[allow(clippy::too_many_arguments)]
pub(crate) fn length_on_threads(
    model: &Model,
    start: Perm,
    d: u8,
    sides: Sides,
    wanted: usize,
    threads: usize,
    deadline: Option<Instant>,
    cancel: Option<&CancelToken>,
) -> Result<(Vec<Path>, u64)> {
    if threads <= 1 {
        let mut s = Search::new(model, start, deadline, cancel);
        s.wanted = wanted;
        let found = s.length(d, sides)?;
        return Ok((found, s.nodes));
    }
    let tasks: Vec<(Part, u8)> = parts(model.kind, d, sides)
        .into_iter()
        .flat_map(|p| model.kind.standard_moves().iter().map(move |&m| (p, m)))
        .collect();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<Vec<Path>>>>> = Mutex::new(vec![None; tasks.len()]);
    let nodes = AtomicU64::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.min(tasks.len()) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(part, m)) = tasks.get(i) else {
                        break;
                    };
                    let mut s = Search::new(model, start, deadline, cancel);
                    s.wanted = wanted;
                    s.root_move = Some(m);
                    s.run(part, d);
                    let r = match s.stopped.take() {
                        Some(e) => Err(e),
                        None => Ok(std::mem::take(&mut s.found)),
                    };
                    nodes.fetch_add(s.nodes, Ordering::Relaxed);
                    let failed = r.is_err();
                    results.lock().expect("no task panics")[i] = Some(r);
                    if failed {
                        break;
                    }
                }
            });
        }
    });
    let mut found = Vec::new();
    for r in results
        .into_inner()
        .expect("no task panics")
        .into_iter()
        .flatten()
    {
        found.extend(r?);
    }
    found.truncate(wanted);
    Ok((found, nodes.into_inner()))
}

/// One search: a model, the starting positions (the scramble and its inverse, standard frame)
/// and the stop conditions.
pub(crate) struct Search<'a> {
    pub model: &'a Model,
    pub start: Perm,
    pub deadline: Option<Instant>,
    pub cancel: Option<&'a CancelToken>,
    /// Most solutions wanted at this length (the rest are not searched).
    pub wanted: usize,
    /// Only this first move (a task of a search over threads).
    root_move: Option<u8>,
    nodes: u64,
    stopped: Option<Error>,
    found: Vec<Path>,
    faces: [Perm; 18],
    /// The moves that may follow each previous move (index 18: none), in the order of
    /// `standard_moves`, and which of them may end a side: computed once rather than at every
    /// node.
    next: [([u8; 18], usize); 19],
    ends: [u32; 19],
    /// Per move: whether it alone, on a solved cube, leaves the goal (a mixed solution may
    /// switch sides only after such a move).
    leaves_goal: [bool; 18],
}

/// The index of a previous move in `Search::next` and `Search::ends`.
fn slot(prev: Option<u8>) -> usize {
    prev.map_or(18, usize::from)
}

impl<'a> Search<'a> {
    pub fn new(
        model: &'a Model,
        start: Perm,
        deadline: Option<Instant>,
        cancel: Option<&'a CancelToken>,
    ) -> Search<'a> {
        Search {
            model,
            start,
            deadline,
            cancel,
            wanted: usize::MAX,
            root_move: None,
            nodes: 0,
            stopped: None,
            found: Vec::new(),
            faces: face_moves(),
            next: std::array::from_fn(|p| {
                let prev = (p < 18).then_some(p as u8);
                let mut list = ([0; 18], 0);
                for &m in model.kind.standard_moves() {
                    if follows(model.kind, prev, m) {
                        list.0[list.1] = m;
                        list.1 += 1;
                    }
                }
                list
            }),
            ends: std::array::from_fn(|p| {
                let prev = (p < 18).then_some(p as u8);
                (0..18u8)
                    .filter(|&m| may_end(model.kind, prev, m))
                    .fold(0, |a, m| a | 1 << m)
            }),
            leaves_goal: {
                let solved = model.state(&Perm::IDENTITY);
                std::array::from_fn(|m| !model.is_solved(&model.apply(&solved, m as u8)))
            },
        }
    }

    /// Every solution of exactly `d` moves on the given sides (at most `self.wanted`), on this
    /// thread.
    pub fn length(&mut self, d: u8, sides: Sides) -> Result<Vec<Path>> {
        self.found.clear();
        for part in parts(self.model.kind, d, sides) {
            self.run(part, d);
        }
        if let Some(e) = self.stopped.take() {
            return Err(e);
        }
        Ok(std::mem::take(&mut self.found))
    }

    /// The solutions of one part (appended to `found`).
    fn run(&mut self, part: Part, d: u8) {
        let start = match part {
            Part::Last(false) | Part::First(false, _) => self.start,
            _ => self.start.inverse(),
        };
        match part {
            Part::Last(inverse) => {
                let s = self.model.state(&start);
                self.last_side(s, d, None, &mut Vec::new(), &[], inverse);
            }
            Part::First(inverse, k) => {
                let s = self.model.state(&start);
                self.first_side(start, s, k, d - k, None, &mut Vec::new(), inverse);
            }
        }
    }

    /// Whether `m` is searched as the first move of the solution.
    fn root_allows(&self, m: u8) -> bool {
        self.root_move.is_none_or(|r| r == m)
    }

    fn done(&self) -> bool {
        self.stopped.is_some() || self.found.len() >= self.wanted
    }

    /// Counts a node; every 4096 nodes checks the token and the deadline.
    #[inline(always)]
    fn tick(&mut self) {
        self.nodes += 1;
        if !self.nodes.is_multiple_of(4096) {
            return;
        }
        if self.cancel.is_some_and(|c| c.is_cancelled()) {
            self.stopped = Some(Error::new(ErrorKind::Cancelled, "the search was cancelled"));
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = Some(Error::new(
                ErrorKind::Cancelled,
                "the step search reached its deadline",
            ));
        }
    }

    /// The first side of a mixed solution: `k` more moves on `perm` (tracked whole, since the
    /// switch needs its inverse; `s` is its state, kept by the move tables), then `rest` moves
    /// on the other side.
    #[allow(clippy::too_many_arguments)]
    fn first_side(
        &mut self,
        perm: Perm,
        s: State,
        k: u8,
        rest: u8,
        prev: Option<u8>,
        path: &mut Vec<u8>,
        on_inverse: bool,
    ) {
        self.tick();
        if self.done() {
            return;
        }
        let model = self.model;
        if !path.is_empty() && model.is_solved(&s) {
            return;
        }
        if k == 0 {
            let last = *path.last().expect("the first side has moves");
            if !self.leaves_goal[last as usize] {
                return; // a switch follows only a move that leaves the goal
            }
            let other = model.state(&perm.inverse());
            let first = path.clone();
            self.last_side(other, rest, None, &mut Vec::new(), &first, !on_inverse);
            return;
        }
        let ((moves, count), ends) = (self.next[slot(prev)], self.ends[slot(prev)]);
        for &m in &moves[..count] {
            if (k == 1 && ends & 1 << m == 0) || (path.is_empty() && !self.root_allows(m)) {
                continue;
            }
            path.push(m);
            let next = perm.then(&self.faces[m as usize]);
            let t = model.apply(&s, m);
            self.first_side(next, t, k - 1, rest, Some(m), path, on_inverse);
            path.pop();
        }
    }

    /// The side that ends the solution: `left` more moves from state `s`; `first` holds the
    /// other side's moves (empty without a switch).
    fn last_side(
        &mut self,
        s: State,
        left: u8,
        prev: Option<u8>,
        path: &mut Vec<u8>,
        first: &[u8],
        on_inverse: bool,
    ) {
        self.tick();
        if self.done() {
            return;
        }
        let model = self.model;
        if left == 0 {
            if model.is_solved(&s) {
                let (normal, inverse) = if on_inverse {
                    (first.to_vec(), path.clone())
                } else {
                    (path.clone(), first.to_vec())
                };
                let p = Path { normal, inverse };
                if model.kind != Kind::Htr || htr_order_ok(&p) {
                    self.found.push(p);
                }
            }
            return;
        }
        // A state at the goal has bound 0: the bound is read first, the goal only at 0.
        let bound = model.bound(&s);
        if bound > left || (bound == 0 && model.is_solved(&s)) {
            return;
        }
        let ((moves, count), ends) = (self.next[slot(prev)], self.ends[slot(prev)]);
        for &m in &moves[..count] {
            if (left == 1 && ends & 1 << m == 0)
                || (path.is_empty() && first.is_empty() && !self.root_allows(m))
            {
                continue;
            }
            path.push(m);
            self.last_side(
                model.apply(&s, m),
                left - 1,
                Some(m),
                path,
                first,
                on_inverse,
            );
            path.pop();
        }
    }
}
