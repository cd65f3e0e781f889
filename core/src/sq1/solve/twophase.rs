//! The fast two-phase solver.
//!
//! Phase 1 brings the puzzle to the cube shape with its corner and edge permutations of equal
//! parity: that is the group the cube-shape moves (`(3a,3b)` and `/` between square layers)
//! generate, since a quarter turn cycles four corners and four edges and a `/` swaps two of
//! each. Phase 2 solves within that group with [`Search`] restricted to cube-shape moves (the
//! optimal solver's tables stay valid lower bounds there).
//!
//! In the face-turn metric phase 2 is bounded by [`FaceTurnBound`]: two permutation-and-set
//! tables ([`Phase2Table`]) and the opposite-pairs table of [`super::pairs`], which is what makes
//! short phase-2 searches cheap.
//!
//! Phase-1 solutions are tried in order of length, each followed by the shortest phase 2 in the
//! metric of at most [`PHASE2_CAP`] moves, and at most [`PHASE2_GAP`] more than its start's
//! lower bound, that beats the best total so far (one branch-and-bound pass per start, see
//! [`Search::run_bounded_within`]); each phase-2 start is tried once. Phase 1 takes each
//! node's moves from a list sorted by what they need of the remaining length
//! ([`Phase1Moves`]), so it never looks at a move that does not fit. Should the node limit (or
//! without one [`FIRST_NODES`] nodes) pass without any solution, the phase-1 end with the
//! smallest bound on its total is completed (its shortest phase 2 of the metric within
//! [`COMPLETION_NODES`], else in twists, whatever it costs), so a solution always comes back.
//! The search stops when a total within the length bound is found, the work or time limit
//! is reached, 1 / [`IDLE_SHARE`] of the node limit passes without a shorter total, no
//! total within the length bound can come from a longer phase 1, or no shorter
//! total is possible. A length bound below a lower bound of the state's distance is refused at
//! once. The memory of a search is bounded: at most [`TRIED_CAP`] phase-2 starts are
//! remembered (a start seen after that may be searched again, which costs time, never
//! correctness).

use std::time::Instant;

use crate::error::{Error, ErrorKind, Result};
use crate::sq1::db::index::shuffle;
use crate::sq1::moves::{Move, MoveSeq};

use super::index::{SolveIndex, is_odd};
use super::search::{Limits, Node, Search};
use super::{Metric, Solution, Solver};

/// Where a [`ShapeTable`] measures to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The phase-2 group: the cube shape with the two permutations of equal parity (phase 1).
    Phase2Group,
    /// The solved puzzle's projection: that, with the middle square and the layers turned home.
    Solved,
}

/// Fewest moves, in one metric, from each node to a [`Goal`], over the projection of the puzzle
/// onto (class, the turn `k` from the physical puzzle into the representative, the odd total
/// parity, the middle): exact for that projection, so the exact phase-1 distance, and a lower
/// bound on any solution. Turns are priced from where the layers really are. The `(0,0)` turn
/// the search forbids after a twist is allowed here, which keeps it a lower bound.
/// 170 x 144 x 2 x 2 bytes per metric and goal, computed in well under a second.
pub struct ShapeTable {
    dist: Vec<u8>,
}

#[inline(always)]
fn shape_slot(class: usize, k: (u8, u8), odd: usize, middle: u8) -> usize {
    (((class * 12 + k.0 as usize) * 12 + k.1 as usize) * 2 + odd) * 2 + middle as usize
}

impl ShapeTable {
    pub fn build(ix: &SolveIndex, metric: Metric, goal: Goal) -> ShapeTable {
        let n = shape_slot(ix.reps.len(), (0, 0), 0, 0);
        let mut dist = vec![u8::MAX; n];
        let even = odd_total(ix.solved[0].0);
        for k in 0..144u8 {
            let k = (k / 12, k % 12);
            for middle in 0..2 {
                let cost = match goal {
                    Goal::Phase2Group => Some(0),
                    // Solved up to the final turn, which is priced.
                    Goal::Solved => (middle == 0).then(|| {
                        let last = |s: &(u128, (u8, u8))| {
                            metric.turn_cost(((k.0 + s.1.0) % 12, (k.1 + s.1.1) % 12)) as u8
                        };
                        ix.solved.iter().map(last).min().unwrap()
                    }),
                };
                if let Some(c) = cost {
                    dist[shape_slot(ix.cube, k, even, middle)] = c;
                }
            }
        }
        // Moves cost 1 to 3, so relax until nothing changes (a dozen or two sweeps).
        loop {
            let mut changed = false;
            for (c, moves) in ix.moves.iter().enumerate() {
                for k in 0..144u8 {
                    let k = (k / 12, k % 12);
                    for odd in 0..2 {
                        for middle in 0..2 {
                            let i = shape_slot(c, k, odd, middle);
                            let mut best = dist[i];
                            for m in moves {
                                let q = odd ^ (m.edges_odd ^ m.corners_odd) as usize;
                                let d = dist[shape_slot(m.target as usize, m.canon, q, middle ^ 1)];
                                if d != u8::MAX {
                                    let turn = ((k.0 + m.turn.0) % 12, (k.1 + m.turn.1) % 12);
                                    best = best.min(d + 1 + metric.turn_cost(turn) as u8);
                                }
                            }
                            if best < dist[i] {
                                dist[i] = best;
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
        ShapeTable { dist }
    }

    /// Distance of a node.
    #[inline(always)]
    pub fn get(&self, n: &Node) -> u32 {
        self.get_parts(n.class, n.k, n.odd, n.middle)
    }

    /// Distance of a node given by its parts (class, turn into the representative, parities
    /// as in [`Node::odd`], middle).
    #[inline(always)]
    pub fn get_parts(&self, class: u8, k: (u8, u8), odd: u8, middle: u8) -> u32 {
        let odd = (odd ^ odd >> 1) as usize & 1;
        self.dist[shape_slot(class as usize, k, odd, middle)] as u32
    }

    /// Largest distance (every node reaches the goal).
    pub fn max(&self) -> u8 {
        self.dist.iter().copied().max().unwrap_or(0)
    }
}

/// One phase-1 move from a kind of node (see [`Phase1Moves`]).
#[derive(Clone, Copy)]
struct Phase1Move {
    /// Index in the class's move list.
    index: u16,
    /// The move's cost in the metric.
    cost: u8,
    /// The cost plus the child's distance to the phase-2 group.
    total: u8,
}

/// The phase-1 moves of every kind of node after the start (class, turn into the
/// representative, total parity, middle: what decides a child's [`ShapeTable`] distance), the
/// cheapest `cost + distance` first, so that a node's search stops at its first move that
/// does not fit, and never looks at the others. About 2 MB per metric (3,678 kinds, 450,280
/// moves in the face-turn metric), built in about 5 ms on first use; like the shape tables,
/// not counted by [`Solver::heap_bytes`].
pub struct Phase1Moves {
    /// Kind of each (class, k.0, k.1) reached by a move, `u32::MAX` otherwise.
    kinds: Vec<u32>,
    /// Moves of kind `kind * 4 + parity * 2 + middle`, as a range of `moves`.
    ranges: Vec<(u32, u32)>,
    moves: Vec<Phase1Move>,
}

/// Where [`Phase1Moves::kinds`] holds the kind of a class and turn into its representative:
/// the shape tables' slot without parity and middle.
#[inline(always)]
fn kind_slot(class: u8, k: (u8, u8)) -> usize {
    shape_slot(class as usize, k, 0, 0) / 4
}

impl Phase1Moves {
    pub fn build(ix: &SolveIndex, metric: Metric, p1: &ShapeTable) -> Phase1Moves {
        let started = Instant::now();
        let mut kinds = vec![u32::MAX; shape_slot(ix.reps.len(), (0, 0), 0, 0) / 4];
        let mut ranges = Vec::new();
        let mut moves = Vec::new();
        for ms in &ix.moves {
            for m in ms {
                let slot = &mut kinds[kind_slot(m.target, m.canon)];
                if *slot != u32::MAX {
                    continue;
                }
                *slot = (ranges.len() / 4) as u32;
                let c = m.target as usize;
                for parity in 0..2u8 {
                    for middle in 0..2u8 {
                        let start = moves.len();
                        for (index, m2) in ix.moves[c].iter().enumerate() {
                            let turn = ((m.canon.0 + m2.turn.0) % 12, (m.canon.1 + m2.turn.1) % 12);
                            if turn == (0, 0) {
                                // After a twist a `(0,0)` turn would undo it.
                                continue;
                            }
                            let cost = metric.turn_cost(turn) + 1;
                            let odd = parity ^ (m2.edges_odd ^ m2.corners_odd) as u8;
                            let lb = p1.get_parts(m2.target, m2.canon, odd, middle ^ 1);
                            moves.push(Phase1Move {
                                index: index as u16,
                                cost: cost as u8,
                                total: (cost + lb) as u8,
                            });
                        }
                        moves[start..].sort_by_key(|m| m.total);
                        ranges.push((start as u32, moves.len() as u32));
                    }
                }
            }
        }
        log::debug!(
            "phase-1 move lists ({}): {} kinds, {} moves, {} KB, {:.1?}",
            metric.name(),
            ranges.len() / 4,
            moves.len(),
            (moves.len() * 4 + ranges.len() * 8 + kinds.len() * 4) / 1024,
            started.elapsed()
        );
        Phase1Moves {
            kinds,
            ranges,
            moves,
        }
    }

    /// Where in `moves` the list of a node lies, the node given by its class, turn into the
    /// representative, parities (as in [`Node::odd`]) and middle.
    #[inline(always)]
    fn range(&self, class: u8, k: (u8, u8), odd: u8, middle: u8) -> (u32, u32) {
        let kind = self.kinds[kind_slot(class, k)];
        let parity = (odd ^ odd >> 1) & 1;
        self.ranges[kind as usize * 4 + parity as usize * 2 + middle as usize]
    }

    /// Starts loading the first moves of a node's list (see [`Self::range`]).
    #[inline(always)]
    fn prefetch(&self, class: u8, k: (u8, u8), odd: u8, middle: u8) {
        let (a, _) = self.range(class, k, odd, middle);
        crate::tablefile::prefetch(&self.moves, a as usize);
    }

    /// The moves of a node after the start, cheapest total first.
    #[inline(always)]
    fn of(&self, n: &Node) -> &[Phase1Move] {
        let (a, b) = self.range(n.class, n.k, n.odd, n.middle);
        &self.moves[a as usize..b as usize]
    }
}

fn odd_total(arr: u128) -> usize {
    let b = arr.to_le_bytes();
    (is_odd(&b[..8]) ^ is_odd(&b[8..])) as usize
}

/// The parities of a node's edges (bit 0) and corners (bit 1), as [`Node::odd`] keeps them.
pub(crate) fn parities(arr: u128) -> u8 {
    let b = arr.to_le_bytes();
    is_odd(&b[..8]) as u8 | (is_odd(&b[8..]) as u8) << 1
}

/// Longest phase 2 searched: deeper phase-2 searches cost more than trying more phase-1 ends,
/// and a shorter cap makes the first solution a good one (at the default limit, 2000-3000
/// random states, with [`PHASE2_GAP`] 2: 28.00 face turns on average with 15 against 28.24
/// with 16, in about the same time; 14: 27.72 in 1.6 times the time; after the first solution
/// the limit its length sets is usually lower). Before a first solution it rises with the nodes
/// spent (see [`RELAX_NODES`]).
pub const PHASE2_CAP: u32 = 15;

/// How far past its own lower bound a phase-2 search goes: a start searched beyond that
/// seldom gives a solution for the nodes it costs (measured on random states: a search one
/// past the bound found a solution for every 11,000 nodes, three past for every 21,000, six
/// past for every 79,000), and the nodes go to more phase-1 ends instead. With the short
/// [`PHASE2_CAP`] and the idle rule two is best (at the default limit: 1 gives 28.13 face
/// turns in 1.1 times the time, 3 gives 28.01 in 1.2 times).
pub const PHASE2_GAP: u32 = 2;

/// Phase-1 ends whose phase-2 bounds are requested together (see [`Phase1::keep_end`]).
const END_BATCH: usize = 16;

/// Without a node limit, the nodes the search spends looking for a first solution with the
/// metric's capped phase 2 before it completes a phase-1 end in twists instead (that always
/// succeeds, at a cost of its own). With a node limit, that fallback comes only once the limit
/// is reached: the search after a fallback's long solution is the same as before it.
pub const FIRST_NODES: u64 = 20_000;

/// The default node limit: with [`IDLE_SHARE`] and [`RELAX_NODES`], 28.01 face turns on average
/// for random states (2000 states), in about 0.75 ms (median 0.4 ms) on a 2-core machine of 2026
/// (`docs/benchmarks.md`). Most searches stop long before it, by the idle rule; the limit gives
/// a search without a first solution the room to find one of its own. Java and .NET use the
/// same default.
pub const DEFAULT_NODE_LIMIT: u64 = 200_000;

/// With a node limit, a search that has a solution also stops once this share of the limit
/// (1 / `IDLE_SHARE`, 1,000 nodes at the default limit) passes without a shorter one: with
/// [`PHASE2_CAP`] 15 the first solution is already short, and later ones are rare and little
/// shorter (at the default limit on 3000 random states, before [`RELAX_NODES`]: 27.94 face turns
/// in 0.78 ms; spending a limit of 22,000 in full with cap 16 and gap 1, the rule before, gave
/// 28.30 in 1.7 ms on 2000: more states found no solution of their own and went to the slow
/// fallbacks).
pub const IDLE_SHARE: u64 = 200;

/// Before a first solution, the phase-2 cap rises by one each time this many nodes are spent,
/// at most [`RELAX_STEPS`] times: the few states whose short phase 2s are out of reach take a
/// longer one instead of searching on (at the default limit, 2000 random states: 10 % less
/// time, a fifth off the 99th percentile, 0.06 face turns longer on average;
/// docs/benchmarks.md). Counted in nodes whatever the limit, so that a search with a node
/// limit reaches the same first solution as one without.
pub const RELAX_NODES: u64 = 50_000;

/// Most times the phase-2 cap rises before a first solution (see [`RELAX_NODES`]).
pub const RELAX_STEPS: u64 = 2;

/// The phase-2 cap before a first solution after `used` nodes.
fn first_cap(cap: u32, used: u64) -> u32 {
    cap + (used / RELAX_NODES).min(RELAX_STEPS) as u32
}

/// Nodes a completion of a kept phase-1 end spends on the metric's own phase 2, without a
/// length cap, before it takes the shortest phase 2 in twists instead (see
/// [`Solver::complete_end`]): the metric's own phase 2 is shorter, and usually found within
/// that.
pub const COMPLETION_NODES: u64 = 5_000;

/// Most phase-2 starts one search remembers (about 40 bytes each), so that a search without
/// limits never grows without bound.
pub const TRIED_CAP: usize = 1 << 19;

/// Options of [`Solver::solve_fast`].
#[derive(Clone, Debug)]
pub struct FastOptions {
    /// Metric of lengths (default: face-turn).
    pub metric: Metric,
    /// Return the first solution at most this long.
    pub max_length: Option<u32>,
    /// Return the best solution found after this many search nodes, or sooner once
    /// 1 / [`IDLE_SHARE`] of them pass without a shorter solution (deterministic; the first
    /// solution is always completed, however many nodes it takes; when the limit is spent
    /// before a solution of the metric's own phase 2, a second search of the same limit on
    /// the puzzle turned over, see [`Solver::solve_fast`]). Default [`DEFAULT_NODE_LIMIT`];
    /// `None` = no limit.
    pub node_limit: Option<u64>,
    pub deadline: Option<Instant>,
    pub cancel: Option<crate::progress::CancelToken>,
}

impl Default for FastOptions {
    fn default() -> Self {
        FastOptions {
            metric: Metric::FaceTurn,
            max_length: None,
            node_limit: Some(DEFAULT_NODE_LIMIT),
            deadline: None,
            cancel: None,
        }
    }
}

/// A multiply-and-rotate hash for the set of tried phase-2 starts: its keys are not chosen by
/// anyone, so the standard library's collision-resistant hash would only cost time.
#[derive(Clone, Copy, Default)]
struct BuildMulHash;

struct MulHash(u64);

impl std::hash::BuildHasher for BuildMulHash {
    type Hasher = MulHash;
    fn build_hasher(&self) -> MulHash {
        MulHash(0)
    }
}

impl std::hash::Hasher for MulHash {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    #[inline]
    fn write_u8(&mut self, x: u8) {
        self.write_u64(x as u64);
    }
    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    #[inline]
    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// A phase-1 end: node, path and whether it is the start.
type FirstEnd = (Node, Vec<(u8, u8)>, bool);

struct Phase1<'a> {
    ix: &'a SolveIndex,
    p1: &'a ShapeTable,
    p1_moves: &'a Phase1Moves,
    metric: Metric,
    phase2: Search<'a>,
    /// The phase-1 end a completion takes when the metric's capped phase 2 found nothing
    /// within the budget (see [`Phase1::budget`]).
    first_end: Option<FirstEnd>,
    /// Phase-1 cost plus phase-2 bound of `first_end`.
    first_end_score: u32,
    /// Bound on the total length in the current pass.
    total: u32,
    /// Longest phase 2 searched after the first.
    cap2: u32,
    /// Phase-2 starts tried, with the phase-1 cost they were reached at (at most `tried_cap`).
    tried: std::collections::HashMap<(u128, u8, (u8, u8)), u32, BuildMulHash>,
    tried_cap: usize,
    /// Phase-2 searches started.
    starts: u64,
    /// Phase-1 ends kept for phase 2 (node, whether it is the start, its path in `arena`).
    batch: Vec<(Node, bool, u32, u32)>,
    arena: Vec<(u8, u8)>,
    path: Vec<(u8, u8)>,
    best: Option<(u32, MoveSeq)>,
    /// Stop once a total this short is found.
    good_enough: u32,
    node_limit: u64,
    /// Nodes used when the best solution was found.
    improved_at: u64,
    /// Nodes without a shorter solution after which a search that has one stops.
    idle: u64,
    nodes: u64,
    deadline: Option<Instant>,
    cancel: Option<&'a crate::progress::CancelToken>,
    stopped: Option<Error>,
}

impl Phase1<'_> {
    fn used(&self) -> u64 {
        self.nodes + self.phase2.nodes
    }

    fn spent(&self) -> Spent {
        Spent {
            tried: self.tried.len(),
            nodes: self.used(),
            improved_at: self.improved_at,
        }
    }

    /// Nodes the search may use: with a solution, the node limit or [`IDLE_SHARE`] of it after
    /// the last improvement, whichever comes first; before one, the node limit, or without one
    /// [`FIRST_NODES`] (then the fallback completes one).
    fn budget(&self) -> u64 {
        match self.best {
            Some(_) => self
                .node_limit
                .min(self.improved_at.saturating_add(self.idle)),
            None if self.first_end.is_some() && self.node_limit == u64::MAX => FIRST_NODES,
            None if self.first_end.is_some() => self.node_limit,
            None => u64::MAX,
        }
    }

    /// The phase-2 cap before a first solution: [`PHASE2_CAP`], one more for each
    /// [`RELAX_NODES`] spent without a solution, at most [`RELAX_STEPS`] more.
    fn first_cap(&self) -> u32 {
        first_cap(self.cap2, self.used())
    }

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
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            if self.best.is_none() {
                self.stopped = Some(Error::new(
                    ErrorKind::Cancelled,
                    "the fast solver reached its deadline before finding a solution",
                ));
            }
            return true;
        }
        // Out of nodes without a solution, the caller completes the first phase-1 end.
        self.used() >= self.budget() || self.best.as_ref().is_some_and(|b| b.0 <= self.good_enough)
    }

    /// Searches a node `g` into the pass whose distance to the phase-2 group is `lb`.
    fn dfs(&mut self, n: Node, g: u32, root: bool, lb: u32) -> bool {
        self.nodes += 1;
        if self.nodes & 255 == 0 && self.done() {
            return true;
        }
        // A start already in the phase-2 group is an end only in the first pass; later passes
        // leave the group and come back. Elsewhere shorter phase-1 paths were tried in
        // earlier passes.
        if lb == 0 && !(root && self.total > 0) {
            return g == self.total && self.keep_end(n, root);
        }
        if g + lb > self.total {
            return false;
        }
        let room = self.total - g;
        if !root {
            // Only the moves that fit the room, from a list sorted by what they need of it.
            let moves = self.p1_moves.of(&n);
            // The children's own lists are asked for first: after other work has run, each is
            // a cache miss the search would otherwise wait for in turn.
            for pm in moves {
                if pm.total as u32 > room {
                    break;
                }
                let m = &self.ix.moves[n.class as usize][pm.index as usize];
                let odd = n.odd ^ (m.edges_odd as u8 | (m.corners_odd as u8) << 1);
                self.p1_moves.prefetch(m.target, m.canon, odd, n.middle ^ 1);
            }
            for pm in moves {
                if pm.total as u32 > room {
                    break;
                }
                // A child in the phase-2 group must end the pass exactly.
                if pm.total == pm.cost && pm.cost as u32 != room {
                    continue;
                }
                let m = &self.ix.moves[n.class as usize][pm.index as usize];
                let Some((turn, cost, child)) = n.step(m, self.metric, false, room) else {
                    continue;
                };
                // The list knows the child's distance: no table lookup.
                if self.descend(turn, child, g + cost, (pm.total - pm.cost) as u32) {
                    return true;
                }
            }
            return false;
        }
        for m in &self.ix.moves[n.class as usize] {
            let Some((turn, cost, child)) = n.step(m, self.metric, root, room) else {
                continue;
            };
            let lb = self.p1.get(&child);
            if self.descend(turn, child, g + cost, lb) {
                return true;
            }
        }
        false
    }

    /// Searches a child reached by `turn` (then `/`) at cost `g`; true when the search must stop.
    fn descend(&mut self, turn: (u8, u8), child: Node, g: u32, lb: u32) -> bool {
        self.path.push(turn);
        let stop = self.dfs(child, g, false, lb);
        self.path.pop();
        stop
    }

    /// Keeps a phase-1 end of the pass for phase 2, and requests its phase-2 bound's table
    /// entry; true when the search must stop. Ends are taken in batches, in the order found:
    /// the bound of most of them is a cache miss that rejects them, and a batch waits for its
    /// misses together.
    fn keep_end(&mut self, n: Node, root: bool) -> bool {
        self.phase2.prefetch_bound(&n);
        let start = self.arena.len() as u32;
        self.arena.extend_from_slice(&self.path);
        self.batch.push((n, root, start, self.arena.len() as u32));
        self.batch.len() >= END_BATCH && self.flush()
    }

    /// Runs phase 2 from the kept ends, in the order found; true when the search must stop.
    fn flush(&mut self) -> bool {
        let batch = std::mem::take(&mut self.batch);
        let arena = std::mem::take(&mut self.arena);
        let saved = std::mem::take(&mut self.path);
        let mut stop = false;
        for &(n, root, a, b) in &batch {
            self.path.clear();
            self.path.extend_from_slice(&arena[a as usize..b as usize]);
            if self.phase2_from(n, self.total, root) {
                stop = true;
                break;
            }
        }
        self.path = saved;
        // The buffers are kept for the next batch.
        self.batch = batch;
        self.batch.clear();
        self.arena = arena;
        self.arena.clear();
        stop
    }

    /// Records a solution: the phase-1 path, then `tail`.
    fn record(&mut self, tail: &MoveSeq) {
        self.record_solution(joined(&self.path, tail));
    }

    /// Records a solution when it is the shortest so far.
    fn record_solution(&mut self, seq: MoveSeq) {
        let len = self.metric.length(&seq).expect("no flips");
        if self.best.as_ref().is_none_or(|b| len < b.0) {
            self.improved_at = self.used();
            self.best = Some((len, seq));
        }
    }

    /// Runs phase 2 from a phase-1 end `g` into the pass, unless tried before; true when the
    /// search must stop.
    fn phase2_from(&mut self, n: Node, g: u32, root: bool) -> bool {
        if self.first_end.is_none() {
            self.first_end = Some((n, self.path.clone(), root));
            self.first_end_score = u32::MAX;
        }
        let limit = self.best.as_ref().map_or(self.first_cap(), |b| {
            self.cap2.min(b.0.saturating_sub(g + 1))
        });
        let bound = self.phase2.lower_bound_within(&n, root, limit);
        // Until a first solution, the fallback completes the end with the smallest bound on
        // its total: the cheapest and shortest completion it can expect.
        if self.best.is_none() && g + bound < self.first_end_score {
            self.first_end = Some((n, self.path.clone(), root));
            self.first_end_score = g + bound;
        }
        // Most ends are rejected by their bound alone, and not remembered: met again later in
        // phase 1, they are rejected again (the limit only falls).
        if bound > limit {
            return false;
        }
        // The same position reached again as late or later in phase 1 has nothing new to give.
        let full = self.tried.len() >= self.tried_cap;
        match self.tried.entry((n.arr, n.middle, n.k)) {
            std::collections::hash_map::Entry::Occupied(mut e) => {
                if *e.get() <= g {
                    return false;
                }
                e.insert(g);
            }
            std::collections::hash_map::Entry::Vacant(e) => {
                if !full {
                    e.insert(g);
                }
            }
        }
        self.phase2_search(n, root, limit)
    }

    /// Runs phase 2 from a phase-1 end, at most `limit` long; true when the search must stop.
    fn phase2_search(&mut self, n: Node, root: bool, limit: u32) -> bool {
        let room = self.budget().saturating_sub(self.used());
        self.starts += 1;
        let search = &mut self.phase2;
        search.found.clear();
        search.node_limit = search.nodes.saturating_add(room);
        match search.run_bounded_within(n, root, limit, PHASE2_GAP) {
            // Out of nodes (the search's budget) is a stop, not a failure; a cancellation or
            // the deadline is reported by `done`.
            Err(e) if e.kind() == ErrorKind::Cancelled => {
                self.done();
                return true;
            }
            Err(e) => {
                self.stopped = Some(e);
                return true;
            }
            Ok(Some(tail)) => self.record(&tail),
            Ok(None) => {}
        }
        self.done()
    }
}

/// A phase-1 path (turns, each then `/`) followed by a phase-2 tail.
fn joined(path: &[(u8, u8)], tail: &MoveSeq) -> MoveSeq {
    let mut moves = Vec::with_capacity(2 * path.len() + tail.moves().len());
    for &p in path {
        if p != (0, 0) {
            moves.push(Move::Turn {
                top: crate::sq1::moves::normalize_turn(p.0 as i32),
                bottom: crate::sq1::moves::normalize_turn(p.1 as i32),
            });
        }
        moves.push(Move::Twist);
    }
    moves.extend_from_slice(tail.moves());
    MoveSeq::new(moves)
}

/// What one search of [`Solver::solve_fast`] spent: phase-2 starts remembered, nodes, and the
/// nodes used when its best solution was found.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(not(test), allow(dead_code))] // read by the tests
struct Spent {
    tried: usize,
    nodes: u64,
    improved_at: u64,
}

/// What one search of [`Solver::solve_fast`] ends with.
enum Outcome {
    Solved(Solution),
    /// The node limit spent without a solution: the end a completion would take, left to the
    /// caller.
    Unfinished(FirstEnd),
}

impl Solver {
    /// A short solution found fast, by the two-phase method (see [`twophase`](self)).
    ///
    /// Stops at the first solution within `max_length`; otherwise keeps shortening until the
    /// node limit or deadline (then returns the best found), until 1 / [`IDLE_SHARE`] of the
    /// node limit passes without a shorter solution, until phase 1 alone is as long as
    /// `max_length`, or until no shorter two-phase solution exists (phase 2 after the first at
    /// most [`PHASE2_CAP`] moves). Without any of the three, the first solution found is
    /// returned. A `max_length` below a lower bound of the state's distance is an
    /// `invalid_argument` error, found at once.
    ///
    /// With a node limit and no `max_length`, a six-colour search that spends its limit
    /// without a solution of the metric's own phase 2 (about one random state in a hundred at
    /// the default limit) searches the puzzle turned over (`!`) with the same options, and returns
    /// its solution; when that search too finds none, the better of the two completions (see
    /// [`COMPLETION_NODES`]).
    ///
    /// Without a node limit or deadline the search can take very long (hours, when neither a
    /// reachable `max_length` nor anything else stops it): give one of them, or cancel it.
    pub fn solve_fast(&self, state: &crate::sq1::State, opts: &FastOptions) -> Result<Solution> {
        // The puzzle turned over (pieces renamed so that solved stays solved) is a different
        // search of the same problem.
        let turned = (opts.max_length.is_none()
            && opts.node_limit.is_some()
            && state.colouring() == crate::sq1::Colouring::SixColour)
            .then(|| turned_over(state))
            .flatten();
        let first_end = match self
            .solve_fast_inner(state, opts, TRIED_CAP, turned.is_some())?
            .0
        {
            Outcome::Solved(s) => return Ok(s),
            Outcome::Unfinished(end) => end,
        };
        let (turned, by) = turned.expect("only a search with a turned-over state leaves its end");
        let cancel = opts.cancel.as_ref();
        // A solution of the turned-over puzzle, its turns mirrored back, when it solves `state`.
        let back = |moves: &MoveSeq| {
            Some(turned_back(moves, by)).filter(|m| state.apply(m).is_ok_and(|s| s.is_solved()))
        };
        let other_end = match self.solve_fast_inner(&turned, opts, TRIED_CAP, true) {
            // Its solution is kept without completing the first end: that completion is
            // seldom shorter (5 times in 110 random states that came here, measured).
            Ok((Outcome::Solved(other), _)) => {
                if let Some(moves) = back(&other.moves) {
                    return Ok(Solution::new(moves, opts.metric));
                }
                None
            }
            Ok((Outcome::Unfinished(end), _)) => Some(end),
            // A cancellation stops the whole call, as it would have stopped the first search.
            Err(e) if cancel.is_some_and(|c| c.is_cancelled()) => return Err(e),
            // The deadline met in the second search: the first end is completed.
            Err(_) => None,
        };
        let first = Solution::new(
            self.complete_end(&first_end, opts.metric, cancel)?,
            opts.metric,
        );
        let Some(other_end) = other_end else {
            return Ok(first);
        };
        let other = back(&self.complete_end(&other_end, opts.metric, cancel)?)
            .map(|moves| Solution::new(moves, opts.metric));
        Ok(other.filter(|o| o.length < first.length).unwrap_or(first))
    }

    /// Completes a kept phase-1 end: its shortest phase 2 of the metric's own if found within
    /// [`COMPLETION_NODES`], else its shortest phase 2 in twists, whatever that costs (only a
    /// cancellation stops it: a search given a deadline has its answer once it gets here).
    fn complete_end(
        &self,
        (n, path, root): &FirstEnd,
        metric: Metric,
        cancel: Option<&crate::progress::CancelToken>,
    ) -> Result<MoveSeq> {
        let limits = Limits {
            deadline: None,
            cancel,
        };
        let (in_twists, in_face_turns) = (self.phase2_tables(false), self.face_turn_bound());
        if metric != Metric::Twist {
            let mut own = self.phase2_search(metric, &limits, &in_twists, &in_face_turns);
            own.node_limit = COMPLETION_NODES;
            // Out of nodes (or cancelled: the twist search stops at once then) is no answer.
            if let Ok(Some(tail)) = own.run_bounded(*n, *root, u32::MAX) {
                return Ok(joined(path, &tail));
            }
        }
        let mut twists = self.phase2_search(Metric::Twist, &limits, &in_twists, &in_face_turns);
        let tail = twists
            .run_bounded(*n, *root, u32::MAX)?
            .expect("phase 2 reaches every cube-shape position");
        Ok(joined(path, &tail))
    }

    /// The phase-2 search of a metric: cube-shape moves only, priced by the face-turn bound
    /// in the face-turn metric, by the twist tables otherwise.
    fn phase2_search<'a>(
        &'a self,
        metric: Metric,
        limits: &Limits<'a>,
        in_twists: &'a [Phase2Table<'a>; 2],
        in_face_turns: &'a FaceTurnBound<'a>,
    ) -> Search<'a> {
        let mut search = Search::new(
            self.index(),
            self.tables(),
            self.endgame(),
            metric,
            1,
            limits,
        );
        if metric == Metric::FaceTurn {
            search.face_turn_phase2 = Some(in_face_turns);
        } else {
            search.cube_only = Some(in_twists);
        }
        search
    }

    /// A lower bound on the length of every solution of a node in a metric.
    fn length_lower_bound(&self, root: &Node, metric: Metric) -> u32 {
        let l = Limits {
            deadline: None,
            cancel: None,
        };
        let twists = Search::new(
            self.index(),
            self.tables(),
            self.endgame(),
            Metric::Twist,
            1,
            &l,
        )
        .twists_bound(root, u32::MAX);
        // Every turn between two twists costs at least one outside the twist metric.
        let by_twists = match metric {
            Metric::Twist => twists,
            _ => (2 * twists).saturating_sub(1),
        };
        by_twists.max(self.shape_table(metric, Goal::Solved).get(root))
    }

    /// [`Solver::solve_fast`] remembering at most `tried_cap` phase-2 starts; also returns how
    /// many it remembered.
    #[cfg(test)]
    fn solve_fast_capped(
        &self,
        state: &crate::sq1::State,
        opts: &FastOptions,
        tried_cap: usize,
    ) -> Result<(Solution, usize)> {
        match self.solve_fast_inner(state, opts, tried_cap, false)? {
            (Outcome::Solved(s), spent) => Ok((s, spent.tried)),
            (Outcome::Unfinished(_), _) => unreachable!("no end is left to the caller"),
        }
    }

    /// [`Solver::solve_fast_capped`]; with `defer`, a search that spends its node limit
    /// without a solution leaves its end to the caller instead of completing it.
    fn solve_fast_inner(
        &self,
        state: &crate::sq1::State,
        opts: &FastOptions,
        tried_cap: usize,
        defer: bool,
    ) -> Result<(Outcome, Spent)> {
        let started = Instant::now();
        let root = self.root(state)?;
        // A token cancelled before the call stops it before any search, however quick.
        if opts.cancel.as_ref().is_some_and(|c| c.is_cancelled()) {
            return Err(Error::new(ErrorKind::Cancelled, "the search was cancelled"));
        }
        if let Some(max) = opts.max_length {
            let needed = self.length_lower_bound(&root, opts.metric);
            if max < needed {
                return Err(Error::invalid_argument(format!(
                    "no solution of at most {max} moves ({}) exists for this state: it needs at least {needed}",
                    opts.metric.name()
                )));
            }
        }
        let (in_twists, in_face_turns) = (self.phase2_tables(false), self.face_turn_bound());
        let unlimited =
            opts.max_length.is_none() && opts.node_limit.is_none() && opts.deadline.is_none();
        let limits = Limits {
            deadline: opts.deadline,
            cancel: opts.cancel.as_ref(),
        };
        let phase2 = self.phase2_search(opts.metric, &limits, &in_twists, &in_face_turns);
        let p1 = self.shape_table(opts.metric, Goal::Phase2Group);
        // The start's distance to the phase-2 group: the first pass's length, and every pass's
        // bound at the start.
        let start_lb = p1.get(&root);
        let mut s = Phase1 {
            ix: self.index(),
            p1,
            p1_moves: self.phase1_moves(opts.metric),
            metric: opts.metric,
            phase2,
            first_end: None,
            first_end_score: u32::MAX,
            total: start_lb,
            cap2: PHASE2_CAP,
            tried: Default::default(),
            tried_cap,
            starts: 0,
            batch: Vec::new(),
            arena: Vec::new(),
            path: Vec::new(),
            best: None,
            good_enough: if unlimited {
                u32::MAX
            } else {
                opts.max_length.unwrap_or(0)
            },
            node_limit: opts.node_limit.unwrap_or(u64::MAX),
            improved_at: 0,
            idle: opts.node_limit.map_or(u64::MAX, |n| n / IDLE_SHARE),
            nodes: 0,
            deadline: opts.deadline,
            cancel: opts.cancel.as_ref(),
            stopped: None,
        };
        loop {
            if !s.dfs(root, 0, true, start_lb) {
                s.flush();
            }
            // Ends kept when the search stopped are dropped.
            s.batch.clear();
            s.arena.clear();
            if let Some(e) = s.stopped.take() {
                return Err(e);
            }
            if s.best.is_none() && s.first_end.is_some() && s.done() {
                if let Some(e) = s.stopped.take() {
                    return Err(e);
                }
                let end = s.first_end.take().expect("a phase-1 end was reached");
                if defer {
                    return Ok((Outcome::Unfinished(end), s.spent()));
                }
                s.record_solution(self.complete_end(&end, opts.metric, opts.cancel.as_ref())?);
                if s.done() {
                    break;
                }
                // The pass goes on with the rest of the budget (ends tried are not tried again).
                continue;
            }
            if s.done() || s.best.as_ref().is_some_and(|b| b.0 <= s.total + 1) {
                break;
            }
            // A longer phase 1 alone would exceed the length bound.
            if s.best.is_some() && opts.max_length.is_some_and(|m| s.total >= m) {
                break;
            }
            s.total += 1;
        }
        if let Some(e) = s.stopped.take() {
            return Err(e);
        }
        let (_, moves) = s
            .best
            .take()
            .expect("a search stops with a solution or an error");
        let solution = Solution::new(moves, opts.metric);
        log::debug!(
            "two-phase: {} moves ({}) after {} nodes ({} in phase 1, {} in phase 2 from {} starts), phase 1 up to {}, {} us",
            solution.length,
            opts.metric.name(),
            s.used(),
            s.nodes,
            s.phase2.nodes,
            s.starts,
            s.total,
            started.elapsed().as_micros()
        );
        Ok((Outcome::Solved(solution), s.spent()))
    }
}

/// A six-colour state turned over (`!`), turned by `(a,b)` and with its pieces renamed so that
/// the solved state so moved and renamed is solved; also `(a,b)`. A solution `T` of it gives
/// `(b,a) T' (-b,-a)` of `state`, `T'` being `T` with each turn's layers swapped.
fn turned_over(state: &crate::sq1::State) -> Option<(crate::sq1::State, (i32, i32))> {
    let solved = crate::sq1::State::solved(crate::sq1::Colouring::SixColour);
    for a in 0..12 {
        'b: for b in 0..12 {
            let moved = solved.flip().turn(a, b);
            let mut rename = [u8::MAX; 16];
            for (f, s) in moved.slots().iter().zip(solved.slots()) {
                let r = &mut rename[*f as usize];
                if *r != u8::MAX && *r != *s {
                    continue 'b;
                }
                *r = *s;
            }
            let t = state.flip().turn(a, b);
            let mut slots = *t.slots();
            for x in &mut slots {
                *x = rename[*x as usize];
            }
            return crate::sq1::State::from_slots(slots, t.middle())
                .ok()
                .map(|s| (s, (a, b)));
        }
    }
    None
}

/// `(b,a) T' (-b,-a)` for [`turned_over`]: the turns of `moves` with their layers swapped,
/// between two turns, adjacent turns merged.
fn turned_back(moves: &MoveSeq, (a, b): (i32, i32)) -> MoveSeq {
    let mut out: Vec<Move> = Vec::new();
    let push = |top: i32, bottom: i32, out: &mut Vec<Move>| {
        let (mut t, mut u) = (top, bottom);
        if let Some(Move::Turn { top, bottom }) = out.last().copied() {
            out.pop();
            t += top as i32;
            u += bottom as i32;
        }
        let (t, u) = (
            crate::sq1::moves::normalize_turn(t),
            crate::sq1::moves::normalize_turn(u),
        );
        if (t, u) != (0, 0) {
            out.push(Move::Turn { top: t, bottom: u });
        }
    };
    push(b, a, &mut out);
    for &m in moves.moves() {
        match m {
            Move::Turn { top, bottom } => push(bottom as i32, top as i32, &mut out),
            m => out.push(m),
        }
    }
    push(-b, -a, &mut out);
    MoveSeq::new(out)
}

/// Number of ways to choose the four top pieces among eight places.
const SETS: usize = 70;

/// Index 0..70 of each 8-bit mask with four bits set (255 elsewhere).
fn set_index() -> &'static [u8; 256] {
    static T: std::sync::OnceLock<[u8; 256]> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let mut t = [255u8; 256];
        let mut n = 0;
        for (m, slot) in t.iter_mut().enumerate() {
            if m.count_ones() == 4 {
                *slot = n;
                n += 1;
            }
        }
        t
    })
}

/// Bit i set when byte i of the half holds one of the top pieces 0..3.
#[inline(always)]
fn top_set(half: u64) -> usize {
    // Byte values 0..7: bit 2 clear means a top piece.
    let x = !half & 0x0404_0404_0404_0404;
    let bits = ((x >> 2).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize;
    set_index()[bits] as usize
}

/// An arrangement whose coordinates are table entry `i`: the set half holds 0..3 where the set
/// says and 4..7 elsewhere.
fn arrangement_of(edges_perm: bool, i: usize) -> (u128, u8) {
    static SETS_BYTES: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    let sets = SETS_BYTES.get_or_init(|| {
        (0..256u32)
            .filter(|m| m.count_ones() == 4)
            .map(|m| {
                let (mut top, mut other) = (0u8, 4u8);
                let mut bytes = [0u8; 8];
                for (k, b) in bytes.iter_mut().enumerate() {
                    if m & (1 << k) != 0 {
                        *b = top;
                        top += 1;
                    } else {
                        *b = other;
                        other += 1;
                    }
                }
                u64::from_le_bytes(bytes)
            })
            .collect()
    });
    let ranks = crate::rank::sq1::Sq1Ranks::get();
    let middle = (i & 1) as u8;
    let set = sets[(i >> 1) % SETS];
    let perm = crate::sq1::db::index::spread3(ranks.big_key(((i >> 1) / SETS) as u16));
    let (lo, hi) = if edges_perm { (perm, set) } else { (set, perm) };
    (lo as u128 | ((hi as u128) << 64), middle)
}

/// Lower bound on the face-turn moves from a phase-2 node: the largest of three tables.
pub struct FaceTurnBound<'a> {
    pub perms: [Phase2Table<'a>; 2],
    pub pairs: super::pairs::PairTable<'a>,
}

impl FaceTurnBound<'_> {
    /// Starts loading a node's entry of the pair table, looked up first (see [`Self::get`]).
    #[inline(always)]
    pub fn prefetch(&self, n: &Node) {
        let frame = FRAMES.iter().position(|&f| f == n.k).unwrap_or(0);
        self.pairs.prefetch(n.arr, n.odd >> 1, n.middle, frame);
    }

    /// The bound of a node in a frame; once it exceeds `cutoff` the other tables are not
    /// looked up (each lookup is a likely cache miss).
    #[inline(always)]
    pub fn get(&self, n: &Node, frame: usize, cutoff: u32) -> u32 {
        let p = self.pairs.get_framed(n.arr, n.odd >> 1, n.middle, frame);
        if p > cutoff {
            return p;
        }
        p.max(self.perms[0].get_framed(n.arr, n.middle, frame))
            .max(self.perms[1].get_framed(n.arr, n.middle, frame))
    }
}

/// Turns from the cube representative of the two frames cube-shape moves lead to.
pub const FRAMES: [(u8, u8); 2] = [(0, 0), (1, 1)];

/// Cost of a turn made from a frame, in face turns (the `/` not included).
pub fn frame_turn_cost(frame: usize, turn: (u8, u8)) -> u8 {
    let k = FRAMES[frame];
    Metric::FaceTurn.turn_cost(((k.0 + turn.0) % 12, (k.1 + turn.1) % 12)) as u8
}

/// The cube-shape moves backwards, for tables built from the solved puzzle: each move's
/// inverse shuffle, its turn, and the frame it ends in.
pub fn backward_cube_moves(ix: &SolveIndex) -> Vec<([u8; 16], (u8, u8), usize)> {
    ix.cube_moves
        .iter()
        .map(|m| {
            let mut inverse = [0u8; 16];
            for (j, &from) in m.shuffle.iter().enumerate() {
                inverse[from as usize] = j as u8;
            }
            let to = FRAMES
                .iter()
                .position(|&f| f == m.canon)
                .expect("a cube frame");
            (inverse, m.turn, to)
        })
        .collect()
}

/// Entry of (one half's permutation, the other half's top set, middle) in a phase-2 table.
#[inline(always)]
fn table_index(edges_perm: bool, arr: u128, middle: u8) -> usize {
    let (lo, hi) = (arr as u64, (arr >> 64) as u64);
    let (perm, set) = if edges_perm { (lo, hi) } else { (hi, lo) };
    let r =
        crate::rank::sq1::Sq1Ranks::get().rank_big_key(crate::sq1::db::index::pack3(perm)) as usize;
    (r * SETS + top_set(set)) * 2 + middle as usize
}

/// Entries of a phase-2 table.
pub const PHASE2_ENTRIES: usize = crate::rank::sq1::BIG_COUNT * SETS * 2;

/// Phase-2 pruning table over the cube class: one half's permutation, where the other half's
/// top pieces are, and the middle; fewest twists using cube-shape moves only.
pub struct Phase2Table<'a> {
    /// Built in memory, or a view of the solver's table file.
    dist: std::borrow::Cow<'a, [u8]>,
    /// false: corners' permutation with the edges' set; true: edges' permutation with the
    /// corners' set.
    edges_perm: bool,
}

impl<'a> Phase2Table<'a> {
    #[inline(always)]
    fn index(&self, arr: u128, middle: u8) -> usize {
        table_index(self.edges_perm, arr, middle)
    }

    pub fn bytes(&self) -> &[u8] {
        &self.dist
    }

    /// A view of a table saved with [`Phase2Table::bytes`].
    pub fn from_bytes(bytes: &'a [u8], edges_perm: bool) -> Phase2Table<'a> {
        Phase2Table {
            dist: std::borrow::Cow::Borrowed(bytes),
            edges_perm,
        }
    }

    #[inline(always)]
    pub fn get(&self, arr: u128, middle: u8) -> u32 {
        self.dist[self.index(arr, middle)] as u32
    }

    pub fn build(ix: &SolveIndex, edges_perm: bool) -> Phase2Table<'static> {
        let n = crate::rank::sq1::BIG_COUNT * SETS * 2;
        let mut dist = vec![u8::MAX; n];
        // The table is closed under the representative's symmetries, so moves that differ by a
        // symmetry applied first reach the same entries: one move per such class suffices.
        let stab_turns: Vec<(u8, u8)> = ix.stabs[ix.cube].iter().map(|s| s.turn).collect();
        let mut moves: Vec<&[u8; 16]> = Vec::new();
        let mut chosen: Vec<(u8, u8)> = Vec::new();
        for m in ix.cube_moves.iter() {
            let same = |c: &(u8, u8)| {
                let d = ((m.turn.0 + 12 - c.0) % 12, (m.turn.1 + 12 - c.1) % 12);
                stab_turns.contains(&d)
            };
            if !chosen.iter().any(same) {
                chosen.push(m.turn);
                moves.push(&m.shuffle);
            }
        }
        let stabs: Vec<&[u8; 16]> = ix.stabs[ix.cube].iter().map(|s| &s.shuffle).collect();
        let mut frontier = Vec::new();
        for &(arr, _) in &ix.solved {
            let i = table_index(edges_perm, arr, 0);
            if dist[i] == u8::MAX {
                dist[i] = 0;
                frontier.push(i);
            }
        }
        let mut level = 0u8;
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for &i in &frontier {
                let (arr, middle) = arrangement_of(edges_perm, i);
                for m in &moves {
                    let a2 = shuffle(arr, m);
                    for s in &stabs {
                        let j = table_index(edges_perm, shuffle(a2, s), middle ^ 1);
                        if dist[j] == u8::MAX {
                            dist[j] = level + 1;
                            next.push(j);
                        }
                    }
                }
            }
            frontier = next;
            level += 1;
        }
        Phase2Table {
            dist: dist.into(),
            edges_perm,
        }
    }

    /// The face-turn variant: fewest face-turn moves to the solved puzzle using cube-shape
    /// moves, for each of the two frames a cube-shape search node can be in (turned `(0,0)` or
    /// `(1,1)` from the representative, [`FRAMES`]), so that turns are priced; no symmetry is
    /// folded. Built backwards from the solved puzzle's images, each starting at the cost of the
    /// turn that solves it, level by level (every move costs 1 to 3). Entry
    /// `index(arr, middle) * 2 + frame`.
    pub fn build_face_turn(ix: &SolveIndex, edges_perm: bool) -> Phase2Table<'static> {
        let mut dist = vec![u8::MAX; 2 * PHASE2_ENTRIES];
        let moves = backward_cube_moves(ix);
        let cost = frame_turn_cost;
        for &(arr, turn) in &ix.solved {
            for f in 0..2 {
                let i = table_index(edges_perm, arr, 0) * 2 + f;
                dist[i] = dist[i].min(cost(f, turn));
            }
        }
        for level in 0..u8::MAX - 4 {
            let mut pending = false;
            for i in 0..2 * PHASE2_ENTRIES {
                let d = dist[i];
                if d > level && d != u8::MAX {
                    pending = true;
                }
                if d != level {
                    continue;
                }
                let (arr, middle) = arrangement_of(edges_perm, i / 2);
                for (inverse, turn, to) in &moves {
                    if *to != i % 2 {
                        continue;
                    }
                    let j = table_index(edges_perm, shuffle(arr, inverse), middle ^ 1) * 2;
                    for f in 0..2 {
                        let c = level + cost(f, *turn) + 1;
                        dist[j + f] = dist[j + f].min(c);
                    }
                }
                pending = true;
            }
            if !pending {
                break;
            }
        }
        Phase2Table {
            dist: dist.into(),
            edges_perm,
        }
    }

    /// Face-turn bound of a cube-shape node in a frame (see [`Phase2Table::build_face_turn`]).
    #[inline(always)]
    pub fn get_framed(&self, arr: u128, middle: u8, frame: usize) -> u32 {
        self.dist[self.index(arr, middle) * 2 + frame] as u32
    }

    /// Entries reached from the solved puzzle, and the largest distance.
    pub fn stats(&self) -> (usize, u8) {
        let reached = self.dist.iter().filter(|&&d| d != u8::MAX).count();
        let max = self
            .dist
            .iter()
            .filter(|&&d| d != u8::MAX)
            .max()
            .copied()
            .unwrap_or(0);
        (reached, max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phase2_tables_cover_their_coordinates() {
        let ix = SolveIndex::new();
        // Cube-shape moves keep the two parities equal: the phase-2 group of phase 1's target.
        let cube_moves = || ix.cube_moves.iter();
        assert!(cube_moves().all(|m| m.edges_odd == m.corners_odd));
        assert!(
            ix.stabs[ix.cube]
                .iter()
                .all(|s| s.edges_odd == s.corners_odd)
        );
        for edges_perm in [false, true] {
            let p = Phase2Table::build(&ix, edges_perm);
            // Every coordinate value is reached (the projection loses the parity link).
            assert_eq!(p.stats(), (PHASE2_ENTRIES, 8));
        }
    }
}

#[cfg(test)]
mod phase1_tests {
    use super::*;

    /// Twists to the phase-2 group per (class, parity), by breadth-first search closed under the
    /// representatives' symmetries: an independent way to the twist-metric table.
    fn twists_by_bfs(ix: &SolveIndex) -> Vec<[u8; 2]> {
        let mut d = vec![[u8::MAX; 2]; ix.reps.len()];
        for &(arr, _) in &ix.solved {
            d[ix.cube][odd_total(arr)] = 0;
        }
        for level in 0.. {
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

    /// The sorted lists hold, for nodes met on random walks, every move a search may take
    /// after a twist, each with its cost and the child's distance, in increasing total.
    #[test]
    fn phase1_move_lists_are_the_moves_sorted_by_total() {
        let ix = SolveIndex::new();
        let mut rng = crate::rng::Rng::new(5);
        for metric in [Metric::Twist, Metric::Wca, Metric::FaceTurn] {
            let p1 = ShapeTable::build(&ix, metric, Goal::Phase2Group);
            let lists = Phase1Moves::build(&ix, metric, &p1);
            let (c, k, arr) =
                ix.node_of(&crate::sq1::State::solved(crate::sq1::Colouring::SixColour));
            let mut n = Node {
                class: c as u8,
                arr,
                middle: 0,
                k,
                odd: parities(arr),
            };
            for step in 0..2000 {
                let moves = &ix.moves[n.class as usize];
                if step > 0 {
                    let list = lists.of(&n);
                    let mut expected: Vec<(usize, u32, u32)> = Vec::new();
                    for (i, m) in moves.iter().enumerate() {
                        if let Some((_, cost, child)) = n.step(m, metric, false, u32::MAX) {
                            expected.push((i, cost, cost + p1.get(&child)));
                        }
                    }
                    let got: Vec<(usize, u32, u32)> = list
                        .iter()
                        .map(|m| (m.index as usize, m.cost as u32, m.total as u32))
                        .collect();
                    assert!(
                        got.windows(2).all(|w| w[0].2 <= w[1].2),
                        "{metric:?}: not sorted"
                    );
                    let mut sorted = got.clone();
                    sorted.sort();
                    assert_eq!(sorted, expected, "{metric:?} step {step}");
                }
                let m = &moves[rng.below(moves.len() as u64) as usize];
                n = n.step(m, metric, true, u32::MAX).unwrap().2;
            }
        }
    }

    #[test]
    fn phase1_distances_agree_across_metrics() {
        let ix = SolveIndex::new();
        let bfs = twists_by_bfs(&ix);
        let [twist, wca, face] = [Metric::Twist, Metric::Wca, Metric::FaceTurn]
            .map(|m| ShapeTable::build(&ix, m, Goal::Phase2Group));
        for (c, by_parity) in bfs.iter().enumerate() {
            for k in 0..144u8 {
                for (odd, &expected) in by_parity.iter().enumerate() {
                    let i = shape_slot(c, (k / 12, k % 12), odd, 0);
                    let t = twist.dist[i];
                    // In twists the turn into the representative is free.
                    assert_eq!(t, expected, "class {c} k {k} odd {odd}");
                    let (w, f) = (wca.dist[i], face.dist[i]);
                    // Every twist but the first needs a turn before it; a WCA turn is one or two
                    // face turns.
                    assert!(w >= (2 * t).saturating_sub(1) && w <= 2 * t, "{t} {w}");
                    assert!(f >= w && f <= 2 * w, "{w} {f}");
                }
            }
        }
        assert_eq!(twist.max(), 7);
        // Turns matter: some nodes need more face turns than the twist count alone implies.
        assert!(face.max() > 2 * twist.max());
    }

    /// The distances to solved are those of their projection: on positions of random walks,
    /// each entry is the price of the final turn (when the projection is solved) or of the
    /// cheapest move plus the child's entry; and they bound the optimal solver's lengths.
    #[test]
    fn distances_to_solved_are_exact_for_the_projection() {
        let ix = SolveIndex::new();
        let tables = crate::sq1::Tables::new();
        for metric in [Metric::Twist, Metric::Wca, Metric::FaceTurn] {
            let t = ShapeTable::build(&ix, metric, Goal::Solved);
            let solved = crate::sq1::State::solved(crate::sq1::Colouring::SixColour);
            let (c, k, arr) = ix.node_of(&solved);
            let root = |c: usize, k, arr| Node {
                class: c as u8,
                arr,
                middle: 0,
                k,
                odd: parities(arr),
            };
            assert_eq!(t.get(&root(c, k, arr)), 0);
            for seed in 0..200 {
                let s = tables.random_state(seed, crate::sq1::Colouring::SixColour);
                let (c, k, arr) = ix.node_of(&s);
                let n = Node {
                    middle: (s.middle() != crate::sq1::Middle::Square) as u8,
                    ..root(c, k, arr)
                };
                let mut best = u32::MAX;
                if n.class as usize == ix.cube && n.middle == 0 {
                    let even = odd_total(ix.solved[0].0) as u8;
                    if (n.odd ^ n.odd >> 1) & 1 == even {
                        for s in &ix.solved {
                            best = best
                                .min(metric.turn_cost(((k.0 + s.1.0) % 12, (k.1 + s.1.1) % 12)));
                        }
                    }
                }
                for m in &ix.moves[c] {
                    let (_, cost, child) = n.step(m, metric, true, u32::MAX).unwrap();
                    best = best.min(cost + t.get(&child));
                }
                assert_eq!(t.get(&n), best, "{metric:?} seed {seed}");
            }
        }
    }
}

#[cfg(test)]
mod limit_tests {
    use super::*;
    use crate::progress::{CancelToken, NoProgress};

    /// The table file the integration tests share (`build/vector-dbs/sq1-solver.tbl`).
    fn solver() -> &'static Solver {
        static S: std::sync::OnceLock<Solver> = std::sync::OnceLock::new();
        S.get_or_init(|| {
            let dir = std::env::var_os("TWISTY_DB_DIR")
                .map(std::path::PathBuf::from)
                .unwrap_or_else(|| {
                    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../build/vector-dbs")
                });
            Solver::open_or_build(
                &dir.join("sq1-solver.tbl"),
                &mut NoProgress,
                &CancelToken::new(),
            )
            .unwrap()
        })
    }

    #[test]
    fn a_bound_below_the_distance_is_refused_before_searching() {
        let s = solver().scramble(7).unwrap().state;
        for metric in [Metric::Twist, Metric::Wca, Metric::FaceTurn] {
            let opts = FastOptions {
                metric,
                max_length: Some(1),
                node_limit: None,
                ..FastOptions::default()
            };
            let e = solver().solve_fast(&s, &opts).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::InvalidArgument);
            assert!(
                e.message().starts_with(&format!(
                    "no solution of at most 1 moves ({}) exists for this state: it needs at least ",
                    metric.name()
                )),
                "{e}"
            );
            // The bound it names is a true lower bound: at most the optimum (twists), or any
            // solution's length.
            let needed: u32 = e.message().rsplit(' ').next().unwrap().parse().unwrap();
            let known = match metric {
                Metric::Twist => solver().solve(&s, metric).unwrap().length,
                _ => {
                    solver()
                        .solve_fast(
                            &s,
                            &FastOptions {
                                metric,
                                ..FastOptions::default()
                            },
                        )
                        .unwrap()
                        .length
                }
            };
            assert!(
                needed >= 2 && needed <= known,
                "{metric:?}: {needed} > {known}"
            );
        }
    }

    #[test]
    fn a_reachable_bound_without_limits_ends_with_a_solution_within_it() {
        let s = solver().scramble(3).unwrap().state;
        let first = solver()
            .solve_fast(
                &s,
                &FastOptions {
                    node_limit: None,
                    ..FastOptions::default()
                },
            )
            .unwrap();
        let opts = FastOptions {
            max_length: Some(first.length),
            node_limit: None,
            ..FastOptions::default()
        };
        let r = solver().solve_fast(&s, &opts).unwrap();
        assert!(r.length <= first.length && s.apply(&r.moves).unwrap().is_solved());
    }

    #[test]
    fn a_search_with_a_solution_stops_once_a_share_of_the_limit_passes_without_a_shorter_one() {
        let limit = 400_000;
        let opts = FastOptions {
            node_limit: Some(limit),
            ..FastOptions::default()
        };
        let idle = limit / IDLE_SHARE;
        let mut stopped_idle = 0;
        for seed in 0..12 {
            let s = solver().scramble(seed).unwrap().state;
            let (Outcome::Solved(sol), spent) = solver()
                .solve_fast_inner(&s, &opts, TRIED_CAP, true)
                .unwrap()
            else {
                continue;
            };
            assert!(s.apply(&sol.moves).unwrap().is_solved(), "seed {seed}");
            // Nodes are checked every 256, and a phase-2 search is given the room left.
            assert!(
                spent.nodes <= (spent.improved_at + idle).min(limit) + 256,
                "seed {seed}: {spent:?}"
            );
            if spent.nodes < limit - idle {
                stopped_idle += 1;
            }
        }
        // Searches seldom improve late: most stop well before the limit.
        assert!(
            stopped_idle >= 6,
            "{stopped_idle} of 12 stopped before the limit"
        );
    }

    #[test]
    fn the_cap_before_a_first_solution_rises_with_the_nodes_spent() {
        let step = RELAX_NODES;
        assert_eq!(first_cap(PHASE2_CAP, 0), PHASE2_CAP);
        assert_eq!(first_cap(PHASE2_CAP, step - 1), PHASE2_CAP);
        assert_eq!(first_cap(PHASE2_CAP, step), PHASE2_CAP + 1);
        assert_eq!(first_cap(PHASE2_CAP, 2 * step), PHASE2_CAP + 2);
        // Bounded however long the search runs.
        assert_eq!(
            first_cap(PHASE2_CAP, u64::MAX),
            PHASE2_CAP + RELAX_STEPS as u32
        );
    }

    #[test]
    fn the_remembered_phase_2_starts_are_capped() {
        let s = solver().scramble(11).unwrap().state;
        let opts = FastOptions {
            node_limit: Some(4_000_000),
            ..FastOptions::default()
        };
        // Only the starts that pass their bound are searched and remembered (a few dozen).
        let (free, remembered) = solver().solve_fast_capped(&s, &opts, TRIED_CAP).unwrap();
        assert!(remembered > 8, "{remembered}");
        let (capped, n) = solver().solve_fast_capped(&s, &opts, 8).unwrap();
        assert_eq!(n, 8);
        assert!(s.apply(&capped.moves).unwrap().is_solved());
        assert!(s.apply(&free.moves).unwrap().is_solved());
    }

    /// Phase-2 positions: random turns, each then `/`, that keep the cube shape, from the
    /// solved puzzle.
    fn cube_shape_states(count: usize, moves: usize) -> Vec<crate::sq1::State> {
        let mut rng = crate::rng::Rng::new(21);
        let solved = crate::sq1::State::solved(crate::sq1::Colouring::SixColour);
        let cube = solver().index().cube as u8;
        (0..count)
            .map(|_| {
                let mut s = solved;
                let mut made = 0;
                while made < moves {
                    let (top, bottom) = (rng.below(12) as i8 - 5, rng.below(12) as i8 - 5);
                    let step = MoveSeq::new(vec![Move::Turn { top, bottom }, Move::Twist]);
                    if let Ok(t) = s.apply(&step)
                        && solver().root(&t).unwrap().class == cube
                    {
                        s = t;
                        made += 1;
                    }
                }
                s
            })
            .collect()
    }

    /// What a test's own phase-2 searches are made of (no limits).
    struct Phase2Parts {
        limits: Limits<'static>,
        in_twists: [Phase2Table<'static>; 2],
        in_face_turns: FaceTurnBound<'static>,
    }

    impl Phase2Parts {
        fn new() -> Phase2Parts {
            Phase2Parts {
                limits: Limits {
                    deadline: None,
                    cancel: None,
                },
                in_twists: solver().phase2_tables(false),
                in_face_turns: solver().face_turn_bound(),
            }
        }

        fn search(&self, metric: Metric) -> Search<'_> {
            solver().phase2_search(metric, &self.limits, &self.in_twists, &self.in_face_turns)
        }
    }

    #[test]
    fn one_branch_and_bound_pass_finds_the_shortest_phase_2() {
        let (sv, parts) = (solver(), Phase2Parts::new());
        let mut compared = 0;
        for metric in [Metric::FaceTurn, Metric::Wca, Metric::Twist] {
            for s in cube_shape_states(40, 6) {
                let n = sv.root(&s).unwrap();
                let (mut one_pass, mut per_length) = (parts.search(metric), parts.search(metric));
                let lb = one_pass.lower_bound_within(&n, true, u32::MAX);
                for gap in [1, 2, 4] {
                    // The same length as passes of one length each, up to the same bound.
                    let a = one_pass.run_bounded_within(n, true, u32::MAX, gap).unwrap();
                    let b = per_length.run_bounded(n, true, lb + gap).unwrap();
                    let length =
                        |m: &Option<MoveSeq>| m.as_ref().map(|m| metric.length(m).unwrap());
                    assert_eq!(length(&a), length(&b), "{metric:?} {s} gap {gap}");
                    if let Some(m) = a {
                        assert!(s.apply(&m).unwrap().is_solved(), "{s}");
                        assert!(metric.length(&m).unwrap() <= lb + gap);
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 60, "{compared}");
    }

    /// A start already in the phase-2 group whose own phase 2 is beyond the cap or the gap
    /// is searched with longer phase 1s too (out of the group and back), instead of spending
    /// the node limit on passes of one node that can only leave it to a completion.
    #[test]
    fn a_start_in_the_phase_2_group_also_tries_longer_phase_1s() {
        let (sv, parts) = (solver(), Phase2Parts::new());
        let opts = FastOptions::default();
        let (mut out_of_reach, mut solved) = (0, 0);
        for s in cube_shape_states(12, 40) {
            let n = sv.root(&s).unwrap();
            let mut own = parts.search(opts.metric);
            let reach = own.run_bounded_within(n, true, PHASE2_CAP, PHASE2_GAP);
            if reach.unwrap().is_some() {
                continue;
            }
            out_of_reach += 1;
            let (outcome, spent) = sv.solve_fast_inner(&s, &opts, TRIED_CAP, true).unwrap();
            let starts = spent.tried;
            assert!(starts > 1, "{s}: {starts} phase-2 starts");
            if let Outcome::Solved(sol) = outcome {
                assert!(s.apply(&sol.moves).unwrap().is_solved(), "{s}");
                solved += 1;
            }
        }
        assert!(
            out_of_reach > 2,
            "{out_of_reach} starts with their phase 2 out of reach"
        );
        assert!(
            solved > 0,
            "none of {out_of_reach} found a solution of its own"
        );
    }

    #[test]
    fn searches_without_a_solution_of_their_own_keep_the_shorter_completion() {
        // At one node neither the state's search nor the turned-over one finds a solution of
        // the metric's own phase 2: both ends are completed, and the shorter answer is kept.
        let opts = FastOptions {
            node_limit: Some(1),
            ..FastOptions::default()
        };
        let mut turned_shorter = 0;
        for seed in 0..12 {
            let s = solver().scramble(seed).unwrap().state;
            let answer = solver().solve_fast(&s, &opts).unwrap();
            let first = solver().solve_fast_capped(&s, &opts, TRIED_CAP).unwrap().0;
            let (t, by) = turned_over(&s).unwrap();
            let other = turned_back(
                &solver()
                    .solve_fast_capped(&t, &opts, TRIED_CAP)
                    .unwrap()
                    .0
                    .moves,
                by,
            );
            let other_length = Metric::FaceTurn.length(&other).unwrap();
            assert!(s.apply(&answer.moves).unwrap().is_solved(), "seed {seed}");
            assert_eq!(answer.length, first.length.min(other_length), "seed {seed}");
            if other_length < first.length {
                assert_eq!(answer.moves, other);
                turned_shorter += 1;
            } else {
                assert_eq!(answer, first);
            }
        }
        assert!(turned_shorter > 0);
    }

    #[test]
    fn a_turned_over_state_gives_solutions_of_the_state() {
        let solved = crate::sq1::State::solved(crate::sq1::Colouring::SixColour);
        assert!(turned_over(&solved).unwrap().0.is_solved());
        let opts = FastOptions {
            node_limit: Some(2_000),
            ..FastOptions::default()
        };
        for seed in 0..6 {
            let s = solver().scramble(seed).unwrap().state;
            let (t, by) = turned_over(&s).unwrap();
            let r = solver().solve_fast_capped(&t, &opts, TRIED_CAP).unwrap().0;
            let back = turned_back(&r.moves, by);
            assert!(s.apply(&back).unwrap().is_solved(), "seed {seed}");
        }
    }
}
