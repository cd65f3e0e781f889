//! The fast two-phase solver.
//!
//! Phase 1 brings the puzzle to the cube shape with its corner and edge permutations of equal
//! parity: that is the group the cube-shape moves (`(3a,3b)` and `/` between square layers)
//! generate, since a quarter turn cycles four corners and four edges and a `/` swaps two of
//! each. Phase 2 solves within that group with [`Search`] restricted to cube-shape moves (the
//! optimal solver's tables stay valid lower bounds there).
//!
//! Phase-1 solutions are tried in order of length, each followed by the shortest phase 2 that
//! beats the best total so far, until a total within the length bound is found, the work or time
//! limit is reached, or no shorter total is possible.

use std::time::Instant;

use crate::error::{Error, ErrorKind, Result};
use crate::sq1::db::index::shuffle;
use crate::sq1::moves::{Move, MoveSeq};

use super::index::{SolveIndex, is_odd};
use super::search::{Limits, Node, Search};
use super::{Metric, Solution, Solver};

/// Fewest twists from each (class, odd total parity) to the phase-2 group.
pub fn phase1_table(ix: &SolveIndex) -> Vec<[u8; 2]> {
    let mut d = vec![[u8::MAX; 2]; ix.reps.len()];
    d[ix.cube][0] = 0;
    for s in &ix.stabs[ix.cube] {
        d[ix.cube][(s.edges_odd ^ s.corners_odd) as usize] = 0;
    }
    for level in 0..u8::MAX {
        let mut changed = false;
        for c in 0..ix.reps.len() {
            for p in 0..2 {
                if d[c][p] != level {
                    continue;
                }
                for m in &ix.moves[c] {
                    let t = m.target as usize;
                    let q = p ^ (m.edges_odd ^ m.corners_odd) as usize;
                    for s in &ix.stabs[t] {
                        let q2 = q ^ (s.edges_odd ^ s.corners_odd) as usize;
                        if d[t][q2] == u8::MAX {
                            d[t][q2] = level + 1;
                            changed = true;
                        }
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    d
}

fn odd_total(arr: u128) -> usize {
    let b = arr.to_le_bytes();
    (is_odd(&b[..8]) ^ is_odd(&b[8..])) as usize
}

/// Options of [`Solver::solve_fast`].
#[derive(Clone, Debug)]
pub struct FastOptions {
    /// Metric of lengths (default: face-turn).
    pub metric: Metric,
    /// Return the first solution at most this long.
    pub max_length: Option<u32>,
    /// Return the best solution found after this many search nodes (deterministic).
    pub node_limit: Option<u64>,
    pub deadline: Option<Instant>,
    pub cancel: Option<crate::progress::CancelToken>,
}

impl Default for FastOptions {
    fn default() -> Self {
        FastOptions {
            metric: Metric::FaceTurn,
            max_length: None,
            node_limit: None,
            deadline: None,
            cancel: None,
        }
    }
}

struct Phase1<'a> {
    ix: &'a SolveIndex,
    p1: &'a [[u8; 2]],
    metric: Metric,
    phase2: Search<'a>,
    bound: u32,
    path: Vec<(u8, u8)>,
    best: Option<(u32, MoveSeq)>,
    /// Stop once a total this short is found.
    good_enough: u32,
    node_limit: u64,
    nodes: u64,
    deadline: Option<Instant>,
    cancel: Option<&'a crate::progress::CancelToken>,
    stopped: Option<Error>,
}

#[inline(always)]
fn add(a: (u8, u8), b: (u8, u8)) -> (u8, u8) {
    ((a.0 + b.0) % 12, (a.1 + b.1) % 12)
}

impl Phase1<'_> {
    /// Whether the search must stop (limit reached or good enough solution found).
    fn done(&mut self) -> bool {
        if self.stopped.is_some() {
            return true;
        }
        if let Some(c) = self.cancel
            && c.is_cancelled()
        {
            self.stopped = Some(Error::new(ErrorKind::Cancelled, "the search was cancelled"));
            return true;
        }
        let out_of_time = self.deadline.is_some_and(|d| Instant::now() >= d);
        if out_of_time || self.nodes + self.phase2.nodes >= self.node_limit {
            if self.best.is_none() {
                self.stopped = Some(Error::new(
                    ErrorKind::Cancelled,
                    if out_of_time {
                        "the fast solver reached its deadline before finding a solution"
                    } else {
                        "the fast solver reached its node limit before finding a solution"
                    },
                ));
            }
            return true;
        }
        self.best.as_ref().is_some_and(|b| b.0 <= self.good_enough)
    }

    fn dfs(&mut self, n: Node, g: u32, root: bool) -> bool {
        self.nodes += 1;
        if self.nodes & 255 == 0 && self.done() {
            return true;
        }
        let t = self.p1[n.class as usize][odd_total(n.arr)] as u32;
        if t == 0 {
            if g == self.bound {
                return self.phase2_from(n, g, root);
            }
            if g < self.bound {
                return false;
            }
        }
        let lb = match (self.metric, t) {
            (_, 0) => 0,
            (Metric::Twist, t) => t,
            (_, t) if root => 2 * t - 1,
            (_, t) => 2 * t,
        };
        if g + lb > self.bound {
            return false;
        }
        for m in &self.ix.moves[n.class as usize] {
            let turn = add(n.k, m.turn);
            if !root && turn == (0, 0) {
                continue;
            }
            let cost = self.metric.turn_cost(turn) + 1;
            if g + cost > self.bound {
                continue;
            }
            let child = Node {
                class: m.target,
                arr: shuffle(n.arr, &m.shuffle),
                middle: n.middle ^ 1,
                k: m.canon,
            };
            self.path.push(turn);
            let stop = self.dfs(child, g + cost, false);
            self.path.pop();
            if stop {
                return true;
            }
        }
        false
    }

    /// Runs phase 2 from a phase-1 end; true when the search must stop.
    fn phase2_from(&mut self, n: Node, g: u32, root: bool) -> bool {
        let limit = self.best.as_ref().map_or(u32::MAX, |b| b.0 - 1);
        if limit < g {
            return false;
        }
        self.phase2.found.clear();
        match self.phase2.run_bounded(n, root, limit - g) {
            Err(e) => {
                if self.best.is_none() || e.kind() != ErrorKind::Cancelled {
                    self.stopped = Some(e);
                }
                return true;
            }
            Ok(Some(tail)) => {
                let mut moves = Vec::new();
                for &p in &self.path {
                    if p != (0, 0) {
                        moves.push(Move::Turn {
                            top: crate::sq1::moves::normalize_turn(p.0 as i32),
                            bottom: crate::sq1::moves::normalize_turn(p.1 as i32),
                        });
                    }
                    moves.push(Move::Twist);
                }
                moves.extend_from_slice(tail.moves());
                let seq = MoveSeq::new(moves);
                let len = self.metric.length(&seq).expect("no flips");
                self.best = Some((len, seq));
            }
            Ok(None) => {}
        }
        self.done()
    }
}

impl Solver {
    /// A short solution found fast, by the two-phase method (see [`twophase`](self)).
    ///
    /// Stops at the first solution within `max_length`; otherwise keeps shortening until the
    /// node limit or deadline (then returns the best found) or until no shorter two-phase
    /// solution exists. Without any of the three, the first solution found is returned.
    pub fn solve_fast(&self, state: &crate::sq1::State, opts: &FastOptions) -> Result<Solution> {
        let root = self.root(state)?;
        let unlimited = opts.max_length.is_none() && opts.node_limit.is_none() && opts.deadline.is_none();
        let limits = Limits {
            deadline: opts.deadline,
            cancel: opts.cancel.as_ref(),
        };
        let mut phase2 = Search::new(self.index(), self.tables(), self.endgame(), opts.metric, 1, &limits);
        phase2.cube_only = true;
        let p1 = self.phase1_table();
        let mut s = Phase1 {
            ix: self.index(),
            p1,
            metric: opts.metric,
            phase2,
            bound: 0,
            path: Vec::new(),
            best: None,
            good_enough: if unlimited { u32::MAX } else { opts.max_length.unwrap_or(0) },
            node_limit: opts.node_limit.unwrap_or(u64::MAX),
            nodes: 0,
            deadline: opts.deadline,
            cancel: opts.cancel.as_ref(),
            stopped: None,
        };
        loop {
            s.dfs(root, 0, true);
            if let Some(e) = s.stopped.take() {
                return Err(e);
            }
            let proven = s.best.as_ref().is_some_and(|b| b.0 <= s.bound + 1);
            if s.done() || proven {
                break;
            }
            s.bound += 1;
        }
        let (_, moves) = s.best.expect("a stopped search without a solution is an error");
        Ok(Solution::new(moves, opts.metric))
    }
}
