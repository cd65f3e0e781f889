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
    m % 3 == 0
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

/// One search: a model, the starting positions (the scramble and its inverse, standard frame)
/// and the stop conditions.
pub(crate) struct Search<'a> {
    pub model: &'a Model,
    pub start: Perm,
    pub deadline: Option<Instant>,
    pub cancel: Option<&'a CancelToken>,
    /// Most solutions wanted at this length (the rest are not searched).
    pub wanted: usize,
    nodes: u64,
    stopped: Option<Error>,
    found: Vec<Path>,
    faces: [Perm; 18],
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
            nodes: 0,
            stopped: None,
            found: Vec::new(),
            faces: face_moves(),
        }
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Every solution of exactly `d` moves on the given sides (at most `self.wanted`).
    pub fn length(&mut self, d: u8, sides: Sides) -> Result<Vec<Path>> {
        self.found.clear();
        let inverse = self.start.inverse();
        let kind = self.model.kind;
        if sides.normal || (sides.mixed && d == 1) {
            let s = self.model.state(&self.start);
            self.last_side(s, d, None, &mut Vec::new(), &[], false);
        }
        if sides.inverse || (sides.mixed && d == 1) {
            let s = self.model.state(&inverse);
            self.last_side(s, d, None, &mut Vec::new(), &[], true);
        }
        if sides.mixed && kind.can_switch() {
            // Starting on the normal side: at most d/2 moves there; on the inverse side: fewer
            // than half. Each split of d is searched once.
            for k in 1..=d / 2 {
                self.first_side(self.start, k, d - k, None, &mut Vec::new(), false);
            }
            for k in 1..d.div_ceil(2) {
                self.first_side(inverse, k, d - k, None, &mut Vec::new(), true);
            }
        }
        if let Some(e) = self.stopped.take() {
            return Err(e);
        }
        Ok(std::mem::take(&mut self.found))
    }

    fn done(&self) -> bool {
        self.stopped.is_some() || self.found.len() >= self.wanted
    }

    /// Counts a node; every 4096 nodes checks the token and the deadline.
    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes % 4096 != 0 {
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
    /// switch needs its inverse), then `rest` moves on the other side.
    fn first_side(
        &mut self,
        perm: Perm,
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
        if !path.is_empty() && model.is_solved(&model.state(&perm)) {
            return;
        }
        if k == 0 {
            let last = *path.last().expect("the first side has moves");
            let solved = model.state(&Perm::IDENTITY);
            if model.is_solved(&model.apply(&solved, last)) {
                return; // a switch follows only a move that leaves the goal
            }
            let other = model.state(&perm.inverse());
            let first = path.clone();
            self.last_side(other, rest, None, &mut Vec::new(), &first, !on_inverse);
            return;
        }
        for &m in model.kind.standard_moves() {
            if !follows(model.kind, prev, m) || (k == 1 && !may_end(model.kind, prev, m)) {
                continue;
            }
            path.push(m);
            let next = perm.then(&self.faces[m as usize]);
            self.first_side(next, k - 1, rest, Some(m), path, on_inverse);
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
        if model.is_solved(&s) || model.bound(&s) > left {
            return;
        }
        for &m in model.kind.standard_moves() {
            if !follows(model.kind, prev, m) || (left == 1 && !may_end(model.kind, prev, m)) {
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
