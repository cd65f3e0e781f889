//! Iterative-deepening A* over position classes, one routine for the three metrics.
//!
//! A node is a class (a state up to layer turns) held in its representative position, with the
//! turn `k` that took the physical puzzle there. A step is one [`ClassMove`](super::index::ClassMove):
//! the physical turn `k + move.turn`, then `/`. Every optimal sequence alternates turns and
//! twists, so the metrics differ only in what a turn costs: nothing (twist metric), one when it
//! is not `(0,0)` (WCA), or one per layer turned (face-turn). The final turn after the last `/`
//! is priced the same way.
//!
//! The lower bound is the larger of the two pruning tables, `t` twists. In the WCA and face-turn
//! metrics each of those twists but the first needs a turn before it, and so does the first
//! unless the search is at the start: `2t` (`2t - 1` at the start).

use std::time::Instant;

use crate::error::{Error, ErrorKind, Result};
use crate::progress::{CancelToken, Progress, ProgressReport};
use crate::rank::sq1::{BIG_COUNT, Sq1Ranks};
use crate::sq1::db::index::{Arrangement, pack3, shuffle};
use crate::sq1::moves::{Move, MoveSeq, normalize_turn};

use super::Metric;
use super::endgame::{DEPTH, Endgame};
use super::index::{ClassMove, SolveIndex};
use super::prune::{Half, PruneTables, entry};

/// Parity of each permutation rank of 0..7.
fn parity_of_rank() -> &'static [bool] {
    static P: std::sync::OnceLock<Vec<bool>> = std::sync::OnceLock::new();
    P.get_or_init(|| {
        let r = Sq1Ranks::get();
        (0..BIG_COUNT as u16)
            .map(|k| super::index::is_odd(&r.unrank_big(k)))
            .collect()
    })
}

#[derive(Clone, Copy)]
pub struct Node {
    pub class: u8,
    pub arr: Arrangement,
    pub middle: u8,
    /// Turn from the physical puzzle into the representative.
    pub k: (u8, u8),
    /// Parities of the edges' permutation (bit 0) and the corners' (bit 1), kept along.
    pub odd: u8,
}

impl Node {
    /// A move from this node within `room`: its physical turn, its cost and the node it leads
    /// to. `None` for a `(0,0)` turn after the start (the `/` would undo the previous one) or a
    /// move the room cannot pay for.
    #[inline(always)]
    pub fn step(
        &self,
        m: &ClassMove,
        metric: Metric,
        root: bool,
        room: u32,
    ) -> Option<((u8, u8), u32, Node)> {
        let turn = add(self.k, m.turn);
        if !root && turn == (0, 0) {
            return None;
        }
        let cost = metric.turn_cost(turn) + 1;
        (cost <= room).then(|| {
            let child = Node {
                class: m.target,
                arr: shuffle(self.arr, &m.shuffle),
                middle: self.middle ^ 1,
                k: m.canon,
                odd: self.odd ^ (m.edges_odd as u8 | (m.corners_odd as u8) << 1),
            };
            (turn, cost, child)
        })
    }
}

/// Moves of the cube class that keep the cube shape (checked by a test of `index.rs`).
pub const CUBE_MOVES: usize = 32;

/// What a search may use and when it must stop.
pub struct Limits<'a> {
    pub deadline: Option<Instant>,
    pub cancel: Option<&'a CancelToken>,
}

pub struct Search<'a> {
    ix: &'a SolveIndex,
    endgame: &'a Endgame,
    edges: &'a [u8],
    corners: &'a [u8],
    parity: &'static [bool],
    ranks: &'static Sq1Ranks,
    metric: Metric,
    bound: u32,
    /// Stop at the first solution (and let the twist metric skip moves to repeated classes).
    one: bool,
    limit: usize,
    /// Physical turns before each `/` on the current path.
    path: Vec<(u8, u8)>,
    pub found: Vec<MoveSeq>,
    pub nodes: u64,
    /// Only moves that keep the cube shape, with the phase-2 tables (phase 2 of the two-phase
    /// solver).
    pub cube_only: Option<&'a [super::twophase::Phase2Table<'a>; 2]>,
    /// The exact distance of the node's shape projection to solved (optimal searches).
    pub shape: Option<&'a super::twophase::ShapeTable>,
    /// Phase 2 in the face-turn metric: cube-shape moves only, priced by this bound.
    pub face_turn_phase2: Option<&'a super::twophase::FaceTurnBound<'a>>,
    deadline: Option<Instant>,
    cancel: Option<&'a CancelToken>,
    /// Stop after this many nodes (the two-phase solver's budget).
    pub node_limit: u64,
    stopped: Option<Error>,
    /// Branch and bound (see [`Self::run_bounded_within`]): each solution found lowers the
    /// bound below its length, and one this short ends the search.
    floor: Option<u32>,
}

#[inline(always)]
fn add(a: (u8, u8), b: (u8, u8)) -> (u8, u8) {
    ((a.0 + b.0) % 12, (a.1 + b.1) % 12)
}

/// The moves of a path: each turn (omitted when `(0,0)`) then `/`, then the final turn.
fn to_moves(path: &[(u8, u8)], last: (u8, u8)) -> MoveSeq {
    let mut moves = Vec::with_capacity(path.len() * 2 + 1);
    let turn = |(t, b): (u8, u8)| Move::Turn {
        top: normalize_turn(t as i32),
        bottom: normalize_turn(b as i32),
    };
    for &p in path {
        if p != (0, 0) {
            moves.push(turn(p));
        }
        moves.push(Move::Twist);
    }
    if last != (0, 0) {
        moves.push(turn(last));
    }
    MoveSeq::new(moves)
}

impl<'a> Search<'a> {
    pub fn new(
        ix: &'a SolveIndex,
        tables: &'a PruneTables,
        endgame: &'a Endgame,
        metric: Metric,
        limit: usize,
        limits: &Limits<'a>,
    ) -> Search<'a> {
        Search {
            ix,
            endgame,
            edges: tables.table(Half::Edges),
            corners: tables.table(Half::Corners),
            parity: parity_of_rank(),
            ranks: Sq1Ranks::get(),
            metric,
            bound: 0,
            one: limit == 1,
            limit: limit.max(1),
            path: Vec::new(),
            found: Vec::new(),
            nodes: 0,
            cube_only: None,
            shape: None,
            face_turn_phase2: None,
            deadline: limits.deadline,
            cancel: limits.cancel,
            node_limit: u64::MAX,
            stopped: None,
            floor: None,
        }
    }

    /// The two tables' bound for one class and arrangement.
    #[inline(always)]
    fn lookup(&self, class: usize, arr: Arrangement, middle: u8) -> u32 {
        let lo = self.ranks.rank_big_key(pack3(arr as u64));
        let hi = self.ranks.rank_big_key(pack3((arr >> 64) as u64));
        let (lo_odd, hi_odd) = (self.parity[lo as usize], self.parity[hi as usize]);
        let e = PruneTables::get(self.edges, entry(class, lo, hi_odd, middle));
        let k = PruneTables::get(self.corners, entry(class, hi, lo_odd, middle));
        e.max(k) as u32
    }

    /// Fewest twists the tables allow for a node, looking up the node and its symmetric
    /// images; stops early once the bound exceeds `cutoff`.
    #[inline]
    pub fn twists_bound(&self, n: &Node, cutoff: u32) -> u32 {
        let c = n.class as usize;
        let mut t = 0;
        if let Some(p2) = self.cube_only {
            t = p2[0].get(n.arr, n.middle).max(p2[1].get(n.arr, n.middle));
            if t > cutoff {
                return t;
            }
        }
        t = t.max(self.lookup(c, n.arr, n.middle));
        for conj in &self.ix.conjugations {
            if t > cutoff {
                break;
            }
            let (c2, arr2) = conj.apply(c, n.arr);
            t = t.max(self.lookup(c2, arr2, n.middle));
        }
        if t > cutoff {
            return t;
        }
        // Near the solved puzzle the distance is known exactly.
        match self.endgame.get(self.ix, c, n.arr, n.middle) {
            Some(d) => d,
            None => t.max(DEPTH + 1),
        }
    }

    /// The face-turn phase-2 bound of a node. The tables price turns from one of two frames;
    /// another frame (only possible at the start) is priced from the first, less what its own
    /// offset could save.
    #[inline(always)]
    fn face_turn_bound(&self, n: &Node, cutoff: u32) -> u32 {
        use super::twophase::FRAMES;
        let t = self.face_turn_phase2.expect("a face-turn phase 2");
        match FRAMES.iter().position(|&f| f == n.k) {
            Some(f) => t.get(n, f, cutoff),
            None => {
                let slack = Metric::FaceTurn.turn_cost(n.k);
                t.get(n, 0, cutoff.saturating_add(slack))
                    .saturating_sub(slack)
            }
        }
    }

    /// Starts loading what [`Self::lower_bound_within`] reads first for a node (the face-turn
    /// phase 2's pair-table entry).
    #[inline(always)]
    pub(crate) fn prefetch_bound(&self, n: &Node) {
        if let Some(t) = self.face_turn_phase2 {
            t.prefetch(n);
        }
    }

    /// The final turn, when the node is solved apart from layer turns.
    fn solving_turn(&self, n: &Node) -> Option<(u8, u8)> {
        if n.middle != 0 {
            return None;
        }
        self.ix
            .solving_turn(n.class as usize, n.arr)
            .map(|s| add(n.k, s))
    }

    /// Lower bound on the cost still to pay from a node.
    fn lower_bound(&self, n: &Node, root: bool) -> u32 {
        self.lower_bound_within(n, root, u32::MAX)
    }

    /// [`Self::lower_bound`], or some value above `cutoff` when the bound exceeds it (the
    /// face-turn phase 2 then looks up fewer tables).
    pub(crate) fn lower_bound_within(&self, n: &Node, root: bool, cutoff: u32) -> u32 {
        if let Some(last) = self.solving_turn(n) {
            return self.metric.turn_cost(last);
        }
        if self.face_turn_phase2.is_some() {
            return self.face_turn_bound(n, cutoff);
        }
        let t = self.twists_bound(n, u32::MAX).max(1);
        match self.metric {
            Metric::Twist => t,
            _ if root => 2 * t - 1,
            _ => 2 * t,
        }
    }

    fn check_limits(&mut self) -> bool {
        if self.nodes >= self.node_limit {
            self.stopped = Some(Error::new(
                ErrorKind::Cancelled,
                "the search reached its node limit before finding a solution",
            ));
            return true;
        }
        if let Some(c) = self.cancel
            && c.is_cancelled()
        {
            self.stopped = Some(Error::new(ErrorKind::Cancelled, "the search was cancelled"));
            return true;
        }
        if let Some(d) = self.deadline
            && Instant::now() >= d
        {
            self.stopped = Some(Error::new(
                ErrorKind::Cancelled,
                format!(
                    "the search reached its deadline before finding a solution of length {}",
                    self.bound
                ),
            ));
            return true;
        }
        false
    }

    /// Depth-first search within the current bound; true when the search must stop.
    fn dfs(&mut self, n: Node, g: u32, root: bool) -> bool {
        self.nodes += 1;
        if self.nodes & 1023 == 0 && self.check_limits() {
            return true;
        }
        if self.face_turn_phase2.is_some() {
            let h = self.face_turn_bound(&n, self.bound.saturating_sub(g));
            if g + h > self.bound {
                return false;
            }
            // A solved node's bound is the price of its final turn, at most 2.
            if h <= 2
                && let Some(last) = self.solving_turn(&n)
            {
                return self.solved(g, last);
            }
            return self.expand(n, g, root, false);
        }
        if let Some(last) = self.solving_turn(&n) {
            return self.solved(g, last);
        }
        // A small table, in the cache: the cheapest test first.
        if let Some(s) = self.shape
            && g + s.get(&n) > self.bound
        {
            return false;
        }
        // Most twists the bound leaves room for.
        let room = self.bound.saturating_sub(g);
        let cutoff = match self.metric {
            Metric::Twist => room,
            _ if root => room.div_ceil(2),
            _ => room / 2,
        };
        if self.twists_bound(&n, cutoff).max(1) > cutoff {
            return false;
        }
        let skip_dups = self.one && self.metric == Metric::Twist;
        self.expand(n, g, root, skip_dups)
    }

    /// A node solved by the turn `last`: a solution when it fits the bound; true when the
    /// search must stop.
    fn solved(&mut self, g: u32, last: (u8, u8)) -> bool {
        let len = g + self.metric.turn_cost(last);
        if len <= self.bound {
            self.found.push(to_moves(&self.path, last));
            if let Some(floor) = self.floor {
                if len <= floor {
                    return true;
                }
                self.bound = len - 1;
                return false;
            }
            return self.one || self.found.len() >= self.limit;
        }
        false
    }

    /// Tries every move from a node; true when the search must stop.
    fn expand(&mut self, n: Node, g: u32, root: bool, skip_dups: bool) -> bool {
        if let Some(t) = self.face_turn_phase2 {
            // Phase 2 is bound by memory: the children's table entries are requested together,
            // then searched in the same order.
            let mut kids = [((0, 0), 0, n); CUBE_MOVES];
            let mut len = 0;
            for m in &self.ix.cube_moves {
                if let Some(kid) = n.step(m, self.metric, root, self.bound.saturating_sub(g)) {
                    t.prefetch(&kid.2);
                    kids[len] = kid;
                    len += 1;
                }
            }
            for &(turn, cost, child) in &kids[..len] {
                self.path.push(turn);
                let stop = self.dfs(child, g + cost, false);
                self.path.pop();
                if stop {
                    return true;
                }
            }
            return false;
        }
        let moves = if self.cube_only.is_some() || self.face_turn_phase2.is_some() {
            &self.ix.cube_moves
        } else {
            &self.ix.moves[n.class as usize]
        };
        for m in moves {
            if skip_dups && m.dup {
                continue;
            }
            let Some((turn, cost, child)) =
                n.step(m, self.metric, root, self.bound.saturating_sub(g))
            else {
                continue;
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

    /// Iterative deepening from a node up to cost `max`: the first solution, if any. `root` says
    /// whether the node is the start (where `/` may come without a turn before it).
    pub fn run_bounded(&mut self, n: Node, root: bool, max: u32) -> Result<Option<MoveSeq>> {
        self.run_bounded_within(n, root, max, u32::MAX)
    }

    /// [`Self::run_bounded`] that also gives up beyond `gap` more than the node's own bound:
    /// a search well past its start's bound is costly and seldom succeeds. A search for one
    /// solution with a finite `gap` is a single branch-and-bound pass from the longest length
    /// allowed, each solution lowering the bound below its own length, rather than a pass
    /// per length: the same shortest length (each shorter pass would search the top of the
    /// longer one's tree again), a quarter fewer nodes per phase-2 start in the two-phase solver (measured).
    pub fn run_bounded_within(
        &mut self,
        n: Node,
        root: bool,
        max: u32,
        gap: u32,
    ) -> Result<Option<MoveSeq>> {
        let lb = self.lower_bound_within(&n, root, max);
        let max = max.min(lb.saturating_add(gap));
        self.bound = lb;
        if self.check_limits() {
            return Err(self.stopped.take().unwrap());
        }
        if self.one && gap != u32::MAX && max > lb {
            // One pass at the largest length instead of one per length: the passes below it
            // would search the same tree's top again.
            self.bound = max;
            self.floor = Some(lb);
            self.found.clear();
            self.dfs(n, 0, root);
            self.floor = None;
            let best = self.found.pop();
            self.found.clear();
            let stopped = self.stopped.take();
            return match (best, stopped) {
                (Some(m), _) => Ok(Some(m)),
                (None, Some(e)) => Err(e),
                (None, None) => Ok(None),
            };
        }
        while self.bound <= max {
            self.dfs(n, 0, root);
            if let Some(e) = self.stopped.take() {
                return Err(e);
            }
            if let Some(m) = self.found.pop() {
                return Ok(Some(m));
            }
            self.bound += 1;
        }
        Ok(None)
    }

    /// Iterative deepening from `root` until solutions are found; their cost is returned.
    /// `known` is a lower bound the caller already has (0 if none).
    pub fn run(&mut self, root: Node, known: u32, progress: &mut dyn Progress) -> Result<u32> {
        let start = Instant::now();
        let progress =
            &mut crate::progress::Logged::new(progress, log::Level::Debug, module_path!());
        self.bound = self.lower_bound(&root, true).max(known);
        if self.check_limits() {
            return Err(self.stopped.take().unwrap());
        }
        loop {
            self.dfs(root, 0, true);
            if let Some(e) = self.stopped.take() {
                return Err(e);
            }
            let done = !self.found.is_empty();
            progress.report(&ProgressReport {
                phase: if done {
                    format!("solution of length {} ({})", self.bound, self.metric.name())
                } else {
                    format!(
                        "no solution of length {} ({})",
                        self.bound,
                        self.metric.name()
                    )
                },
                level: self.bound,
                done: self.nodes,
                total: 0,
                found: self.found.len() as u64,
                elapsed: start.elapsed(),
                eta: None,
            });
            if done {
                return Ok(self.bound);
            }
            self.bound += 1;
            if self.check_limits() {
                return Err(self.stopped.take().unwrap());
            }
        }
    }
}
