//! IDA* in the half-turn metric, on the cube and its inverse at once.
//!
//! A node holds the cube `x` and its inverse `y`; a move `m` is made either on the normal side
//! (`x m`, and `m⁻¹` premoved on `y`) or on the inverse side (`y m`, `m⁻¹` premoved on `x`).
//! Both sides are bounded by the table, since `d(x) = d(x⁻¹)`. Premoving a half turn does not
//! change a side's table coordinate (the target subgroup contains the half turns), so after a
//! half turn on one side the other side's bound is reused; and when `depth + bound(y)` is the
//! target, no half turn can be the next normal move (it would leave `y`'s bound where it is),
//! and likewise for the inverse side. Each node expands the side with fewer moves allowed, a
//! choice made from the node alone, so every solution is reached through one path only.
//!
//! Solutions are written in one canonical form: never the same face twice in a row, and of
//! two opposite faces (which commute) U before D, R before L, F before B. The normal side keeps
//! that order; the inverse side, whose moves appear reversed and inverted at the end of the
//! solution, keeps the reverse order; where the two parts meet the pair is checked at the leaf.
//!
//! Tasks: the nodes a few moves from the root are searched as separate tasks, taken in order by
//! the worker threads; from the second depth searched on, the tasks that took the most nodes at
//! the previous depth come first. The answer is the first solutions in that order, which depends on
//! the cube alone, so it is the same whatever the number of threads.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use crate::cube3::geometry::Perm;
use crate::error::{Error, ErrorKind};
use crate::progress::CancelToken;

use super::coord::{
    BOUND_SHIFT, Coords, EDGE_SEPS, MaskConj, MoveCoords, PremoveCoords, SYM_SHIFT, Side,
};
use super::flips::Pick;
use super::sym::{MOVES, SYMS};
use super::table::{lookup, lookup_place, place};
use crate::cube3::solve::may_follow;

pub(crate) struct Pruning<'a> {
    pub class_of: &'a [u32],
    /// The edges' own bound (see `edges.rs`).
    pub edge_class: &'a [u32],
    pub edge_dist: &'a [u8],
    pub lines: &'a [u8],
    pub base: u32,
    pub conj: &'a [MaskConj; SYMS],
    /// Positions whose flips the table keeps (the size), and how to pick them.
    pub flips: u32,
    pub pick: Pick,
}

impl Pruning<'_> {
    /// The table index of a cube (its corner state, edge masks and flips) and the bound of
    /// its corners alone.
    #[inline(always)]
    pub fn index(&self, state: u32, edges: &[u32; 3], eo: u32) -> (usize, u32) {
        let e = self.class_of[state as usize];
        let k = (e & 0xfff) as usize;
        let conj = &self.conj[(e >> SYM_SHIFT & 63) as usize];
        let sep = conj.edge_sep(edges) as usize;
        let i = if self.flips == 0 {
            k * EDGE_SEPS + sep
        } else {
            (k * EDGE_SEPS + sep) << self.flips | self.pick.get(conj.eo(eo, edges)) as usize
        };
        (i, e >> BOUND_SHIFT)
    }

    /// [`Pruning::index`] of a cube's coordinates, with the entry as its place (see
    /// [`place`]).
    #[inline(always)]
    pub fn place(&self, c: &Coords) -> (usize, u32) {
        let (i, alone) = self.index(c.corner_state(), &c.edge_masks(), c.eo as u32);
        (place(i), alone)
    }

    #[inline(always)]
    fn prefetch_place(&self, p: usize) {
        crate::tablefile::prefetch(self.lines, p >> 2);
    }

    /// The table's bound of the entry at place `p`.
    #[inline(always)]
    fn bound(&self, p: usize) -> u32 {
        lookup_place(self.lines, self.base, p)
    }

    /// The entry of a cube's edges in the edges' own table, its byte prefetched.
    #[inline(always)]
    pub fn edge_index(&self, c: &Coords) -> usize {
        let i = super::edges::index(self.edge_class, self.conj, &c.edge_masks(), c.eo as u32);
        crate::tablefile::prefetch(self.edge_dist, i / 2);
        i
    }

    /// The bound of a cube's edges alone, from its [`Pruning::edge_index`].
    #[inline(always)]
    pub fn edge_bound(&self, i: usize) -> u32 {
        super::edges::get(self.edge_dist, i)
    }

    /// A lower bound of the cube's distance to solved.
    #[inline(always)]
    pub fn estimate(&self, x: &Side) -> u32 {
        let (i, corners) = self.index(x.c.corner_state(), &x.c.edge_masks(), x.c.eo as u32);
        let edges = self.edge_bound(self.edge_index(&x.c));
        lookup(self.lines, self.base, i).max(corners).max(edges)
    }

    #[inline(always)]
    fn prefetch_class(&self, state: u32) {
        let i = state as usize;
        crate::tablefile::prefetch(
            // SAFETY: a view of the same memory as bytes, for the prefetch only.
            unsafe {
                std::slice::from_raw_parts(
                    self.class_of.as_ptr() as *const u8,
                    self.class_of.len() * 4,
                )
            },
            i * 4,
        );
    }
}

#[inline(always)]
fn face(m: u8) -> u8 {
    m / 3
}

#[inline(always)]
fn half(m: u8) -> bool {
    m % 3 == 1
}

#[inline(always)]
pub(crate) fn inverse_move(m: u8) -> u8 {
    INVERSE_MOVE[m as usize]
}

/// The inverse of each move: the same face, the other direction.
const INVERSE_MOVE: [u8; MOVES] = {
    let mut t = [0u8; MOVES];
    let mut m = 0;
    while m < MOVES {
        t[m] = (m - m % 3 + 2 - m % 3) as u8;
        m += 1;
    }
    t
};

const NONE: u8 = u8::MAX;

/// [`may_follow`] for the inverse side, whose moves end the solution in reverse order.
#[inline(always)]
fn may_follow_inverse(prev: u8, m: u8) -> bool {
    prev == NONE || {
        let (f, p) = (face(m), face(prev));
        f != p && !(f / 2 == p / 2 && f > p)
    }
}

const ALL_MOVES: u32 = (1 << MOVES) - 1;
/// Every move but the half turns (amount 2, index 3·face + 1).
const QUARTER_TURNS: u32 = ALL_MOVES & !0b010_010_010_010_010_010;
/// The quarter turns of face 0 (shifted by `3 · face` for the others).
const FACE_QUARTERS: u32 = 0b101;

/// The faces with a quarter turn in a move set, each as the bit of its first move (`3 · face`).
#[inline(always)]
fn quarter_faces(moves: u32) -> u32 {
    let q = moves & QUARTER_TURNS;
    (q | q >> 2) & 0b001_001_001_001_001_001
}

/// The moves allowed after each move (index 18: at the start), on each side.
struct Follow {
    normal: [u32; MOVES + 1],
    inverse: [u32; MOVES + 1],
}

fn follow() -> &'static Follow {
    static F: std::sync::OnceLock<Follow> = std::sync::OnceLock::new();
    F.get_or_init(|| {
        let set = |rule: fn(u8, u8) -> bool| {
            std::array::from_fn(|prev| {
                let prev = if prev == MOVES { NONE } else { prev as u8 };
                (0..MOVES as u8)
                    .filter(|&m| rule(prev, m))
                    .fold(0, |a, m| a | 1 << m)
            })
        };
        Follow {
            normal: set(may_follow),
            inverse: set(may_follow_inverse),
        }
    })
}

#[derive(Clone, Copy)]
pub(crate) struct Node {
    x: Side,
    y: Side,
    hx: u8,
    hy: u8,
    depth: u8,
    last_normal: u8,
    last_inverse: u8,
    /// The cube's own symmetries (identity left out) that map the normal moves made so far to
    /// themselves, block by block (see [`block_step`]); while any is left the normal side is
    /// always expanded.
    tied: u64,
    /// The first move of the normal side's last block while it may still take the opposite
    /// face's move, else `NONE`.
    open: u8,
}

impl Node {
    pub fn root(p: &Perm, prune: &Pruning) -> Node {
        let (x, y) = (Side::new(*p), Side::new(p.inverse()));
        Node {
            x,
            y,
            hx: prune.estimate(&x) as u8,
            hy: prune.estimate(&y) as u8,
            depth: 0,
            last_normal: NONE,
            last_inverse: NONE,
            tied: 0,
            open: NONE,
        }
    }

    /// The root of a cube whose own symmetries are `syms`: only solutions that are the least of
    /// their images are searched (see [`block_step`]).
    /// The side moves are made on (the inverse when `on_inverse`), and the other.
    #[inline(always)]
    fn sides(&self, on_inverse: bool) -> (&Side, &Side) {
        if on_inverse {
            (&self.y, &self.x)
        } else {
            (&self.x, &self.y)
        }
    }

    pub fn with_symmetries(self, syms: &[usize]) -> Node {
        let tied = syms
            .iter()
            .filter(|&&s| s != 0)
            .fold(0u64, |a, &s| a | 1 << s);
        Node { tied, ..self }
    }

    pub fn bound(&self) -> u32 {
        self.hx.max(self.hy) as u32
    }
}

/// A node a few moves below the root, with the moves that lead there.
#[derive(Clone, Copy)]
struct Task {
    node: Node,
    normal: Moves,
    inverse: Moves,
}

/// The moves of a task's path on one side, held in place: tens of thousands of tasks are
/// made at every depth, and none needs an allocation.
#[derive(Clone, Copy)]
struct Moves {
    moves: [u8; 8],
    len: u8,
}

// A task lies at most TASK_DEPTH moves below the root, and a split task three more.
const _: () = assert!(TASK_DEPTH as usize + 3 <= 8);

impl Moves {
    fn new(path: &[u8]) -> Moves {
        let mut moves = [0; 8];
        let len = path.len().min(8);
        moves[..len].copy_from_slice(&path[..len]);
        Moves {
            moves,
            len: len as u8,
        }
    }

    fn as_slice(&self) -> &[u8] {
        &self.moves[..self.len as usize]
    }
}

/// Why a search stopped before it was done.
pub(crate) enum Stop {
    Cancelled,
    Deadline,
}

/// What the tasks of one depth share.
struct Shared<'a> {
    limit: usize,
    counts: &'a [AtomicU32],
    /// Solutions found by all tasks so far.
    total: AtomicUsize,
    /// Tasks after this one are not needed: those up to it hold `limit` solutions.
    cutoff: AtomicUsize,
    stop: AtomicBool,
    why: Mutex<Option<Stop>>,
    cancel: Option<&'a CancelToken>,
    deadline: Option<Instant>,
    nodes: AtomicU64,
}

impl Shared<'_> {
    fn found(&self, task: usize) {
        self.counts[task].fetch_add(1, Ordering::Relaxed);
        // No prefix of the tasks can hold `limit` solutions before all of them together do.
        if self.total.fetch_add(1, Ordering::Relaxed) + 1 < self.limit {
            return;
        }
        let mut sum = 0usize;
        for (i, c) in self.counts.iter().enumerate() {
            sum += c.load(Ordering::Relaxed) as usize;
            if sum >= self.limit {
                self.cutoff.fetch_min(i, Ordering::Relaxed);
                break;
            }
        }
    }

    fn check(&self) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            return true;
        }
        let why = if self.cancel.is_some_and(|c| c.is_cancelled()) {
            Some(Stop::Cancelled)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Stop::Deadline)
        } else {
            None
        };
        if let Some(why) = why {
            self.why
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get_or_insert(why);
            self.stop.store(true, Ordering::Relaxed);
            return true;
        }
        false
    }
}

/// Prefetches the large table's lines at the places `place(i)` of the bits `i` of `set`, one
/// after the other. A prefetch waits for its address to be translated before the instructions
/// after it can complete, and the large table's pages are seldom in the translation cache;
/// translations asked for together overlap, where one between two index computations holds
/// up the work behind it on its own (measured: a third of the time spent just after the
/// prefetches when they were issued one per index, and 10 % less time in all asked together;
/// see docs/cube3-optimal.md).
#[inline(always)]
fn burst(prune: &Pruning, mut set: u32, place: impl Fn(usize) -> usize) {
    while set != 0 {
        let i = set.trailing_zeros() as usize;
        set &= set - 1;
        prune.prefetch_place(place(i));
    }
}

/// The six faces; move `m` turns face `m / 3`.
const FACES: usize = 6;

/// A node being expanded, between the stages of its children (see [`Worker::open`]): the
/// other side's bound after each face, the moved side's indices, what stage 3 needs.
struct Frame {
    /// The node, written here by its parent's stage 3 (or as a task's root).
    node: Node,
    on_inverse: bool,
    /// The side of the move that led here (0 normal, 1 inverse; `NONE` at a task's root).
    via: u8,
    /// Children still to go through the next stage, as a move set.
    live: u32,
    /// The other side after a face's quarter turn (both quarter turns of a face leave it the
    /// same coordinates): its coordinates, its table place and its corners' bound, then its
    /// bound.
    face_coords: [Coords; FACES],
    face_index: [(usize, u32); FACES],
    face_bound: [u8; FACES],
    /// The moved side's coordinates after each move, its table place and corners' bound, and
    /// its edges' entry.
    coords: [Coords; MOVES],
    index: [(usize, u32); MOVES],
    edge: [usize; MOVES],
    blocks: [(u64, u8); MOVES],
}

impl Frame {
    fn new() -> Frame {
        Frame {
            node: Node {
                x: BLANK,
                y: BLANK,
                hx: 0,
                hy: 0,
                depth: 0,
                last_normal: NONE,
                last_inverse: NONE,
                tied: 0,
                open: NONE,
            },
            on_inverse: false,
            via: NONE,
            live: 0,
            face_coords: [Coords::ZERO; FACES],
            face_index: [(0, 0); FACES],
            face_bound: [0; FACES],
            coords: [Coords::ZERO; MOVES],
            index: [(0, 0); MOVES],
            edge: [0; MOVES],
            blocks: [(0, NONE); MOVES],
        }
    }
}

/// A side to fill a frame not yet used.
const BLANK: Side = Side {
    p: Perm::IDENTITY,
    c: Coords::ZERO,
};

/// What [`Worker::enter`] decided for a node.
enum Enter {
    /// The task ends (enough solutions, a stop, or the cutoff passed).
    End,
    /// Nothing below it (a leaf).
    Leaf,
    Expand,
}

/// Tasks one thread steps in turn (see [`Lane`]): while one computes, the lines the others
/// asked for arrive, their address translations included (measured: four about 7 % faster
/// than two with the lines asked for together, [`burst`]; six and eight no better; see
/// docs/cube3-optimal.md).
const LANES: usize = 4;

/// A task searched with an explicit stack, one stage of a node at a time, so that a thread
/// can step several tasks in turn: the table lines one task prefetched arrive while the
/// others compute (a node's stages each wait on memory otherwise). Each task visits the same
/// nodes in the same order as the recursive search, so its solutions and counts are the same.
struct Lane<'a> {
    w: Worker<'a>,
    /// Frames of the nodes being expanded, root first: the first `depth` are in use (kept
    /// allocated, so a node's frame is written in place).
    stack: Vec<Frame>,
    depth: usize,
    /// Whether the top frame went through [`Worker::stage`].
    staged: bool,
}

impl<'a> Lane<'a> {
    /// A lane at a task's root, which [`Worker::enter`] said to expand; `stack` is the
    /// frames of a lane that ended (or none), reused.
    fn new(mut w: Worker<'a>, root: &Node, mut stack: Vec<Frame>) -> Lane<'a> {
        // One frame a depth from the root's to the target's (the leaves are written to a
        // frame too, and read from there).
        let frames = (w.target - root.depth as u32) as usize + 1;
        while stack.len() < frames {
            stack.push(Frame::new());
        }
        stack[0].node = *root;
        w.open(NONE, &mut stack[0]);
        Lane {
            w,
            stack,
            depth: 1,
            staged: false,
        }
    }

    /// One stage of the search; false once the task is over.
    fn step(&mut self) -> bool {
        if !self.staged {
            self.w.stage(&mut self.stack[self.depth - 1]);
            self.staged = true;
            return true;
        }
        while self.depth > 0 {
            let (below, above) = self.stack.split_at_mut(self.depth);
            let top = &mut below[self.depth - 1];
            let child = &mut above[0];
            match self.w.next_child(top, &mut child.node) {
                Some(m) => {
                    let side = top.on_inverse;
                    self.w.path(side).push(m);
                    match self.w.enter(&child.node) {
                        Enter::End => {
                            self.depth = 0;
                            return false;
                        }
                        Enter::Leaf => {
                            self.w.path(side).pop();
                        }
                        Enter::Expand => {
                            self.w.open(side as u8, child);
                            self.depth += 1;
                            self.staged = false;
                            return true;
                        }
                    }
                }
                None => {
                    self.depth -= 1;
                    if top.via != NONE {
                        self.w.path(top.via == 1).pop();
                    }
                }
            }
        }
        false
    }
}

struct Worker<'a> {
    prune: &'a Pruning<'a>,
    coords: &'a MoveCoords,
    premoves: &'a PremoveCoords,
    target: u32,
    task: usize,
    shared: &'a Shared<'a>,
    nodes: u64,
    found: Vec<Vec<u8>>,
    normal: Vec<u8>,
    inverse: Vec<u8>,
    /// While making tasks: the depth of the tasks, and the tasks so far.
    collect: Option<(u8, Vec<Task>)>,
    /// The other side's edges' entries of the node being staged.
    face_edge: [usize; FACES],
}

impl<'a> Worker<'a> {
    fn new(prune: &'a Pruning<'a>, target: u32, task: usize, shared: &'a Shared<'a>) -> Worker<'a> {
        Worker {
            prune,
            coords: super::coord::move_coords(),
            premoves: super::coord::premove_coords(),
            target,
            task,
            shared,
            nodes: 0,
            found: Vec::new(),
            // Grown on the first pushes; the task runner hands each worker the buffers of
            // one that ended.
            normal: Vec::new(),
            inverse: Vec::new(),
            collect: None,
            face_edge: [0; FACES],
        }
    }

    /// Which moves each side allows at `n`, as bit sets.
    #[inline(always)]
    fn allowed(&self, n: &Node) -> (u32, u32) {
        let left = self.target - n.depth as u32;
        let f = follow();
        let quarter = |tight: bool| if tight { QUARTER_TURNS } else { ALL_MOVES };
        (
            f.normal[n.last_normal.min(MOVES as u8) as usize] & quarter(n.hy as u32 == left),
            f.inverse[n.last_inverse.min(MOVES as u8) as usize] & quarter(n.hx as u32 == left),
        )
    }

    /// Stage 1 of a node's children (see [`Frame`]): the other side premoved, once a face
    /// (`m⁻¹` premoved for child `m`; a face's two quarter turns give the same coordinate,
    /// since the target holds its half turn, and the half turn leaves it as it is), its
    /// table indices, the lines prefetched.
    ///
    /// The other side comes first because it is cheaper and prunes more: about 4.5 faces a
    /// node against about 9.6 moves, and since the side expanded is the one with fewer moves,
    /// whose other side is usually at its bound, only about one face in seven passes.
    #[inline(always)]
    fn open(&mut self, via: u8, f: &mut Frame) {
        let n = &f.node;
        let (a, b) = self.allowed(n);
        // While symmetries are tied the solutions are compared by their normal moves.
        let on_inverse = n.tied == 0 && b.count_ones() < a.count_ones();
        let mut moves = if on_inverse { b } else { a };
        // The frame is reused: only what this node writes is read back.
        f.on_inverse = on_inverse;
        f.via = via;
        if n.tied != 0 {
            let mut bits = moves;
            while bits != 0 {
                let m = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                match block_step(n.tied, n.open, m as u8) {
                    Some(t) => f.blocks[m] = t,
                    None => moves &= !(1 << m),
                }
            }
        }
        let next = n.depth as u32 + 1;
        let (own, other) = n.sides(on_inverse);
        let faces = quarter_faces(moves);
        let mut bits = faces;
        while bits != 0 {
            let k = bits.trailing_zeros() as usize / 3;
            bits &= bits - 1;
            f.face_coords[k] = self.premoves.after(other, &own.p, 3 * k);
            self.prune.prefetch_class(f.face_coords[k].corner_state());
        }
        let mut bits = faces;
        while bits != 0 {
            let k = bits.trailing_zeros() as usize / 3;
            bits &= bits - 1;
            f.face_index[k] = self.prune.place(&f.face_coords[k]);
            if next + f.face_index[k].1 > self.target {
                moves &= !(FACE_QUARTERS << (3 * k));
            }
        }
        burst(self.prune, quarter_faces(moves), |k| f.face_index[k / 3].0);
        f.live = moves;
    }

    /// Stage 2: the other side's bounds (its table, then the edges' own); for the moves that
    /// pass, the moved side's coordinates and indices, its lines and edges' entries prefetched.
    #[inline(always)]
    fn stage(&mut self, f: &mut Frame) {
        let n = &f.node;
        let next = n.depth as u32 + 1;
        let own = if f.on_inverse { &n.y } else { &n.x };
        let mut bits = quarter_faces(f.live);
        while bits != 0 {
            let k = bits.trailing_zeros() as usize / 3;
            bits &= bits - 1;
            let (i, alone) = f.face_index[k];
            let h = self.prune.bound(i).max(alone);
            if next + h > self.target {
                f.live &= !(FACE_QUARTERS << (3 * k));
                continue;
            }
            f.face_bound[k] = h as u8;
            self.face_edge[k] = self.prune.edge_index(&f.face_coords[k]);
        }
        let mc = self.coords;
        let mut bits = f.live;
        while bits != 0 {
            let m = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            f.coords[m] = mc.after(own, m);
            self.prune.prefetch_class(f.coords[m].corner_state());
        }
        let mut bits = quarter_faces(f.live);
        while bits != 0 {
            let k = bits.trailing_zeros() as usize / 3;
            bits &= bits - 1;
            let h = self.prune.edge_bound(self.face_edge[k]);
            if next + h > self.target {
                f.live &= !(FACE_QUARTERS << (3 * k));
                continue;
            }
            f.face_bound[k] = f.face_bound[k].max(h as u8);
        }
        let mut bits = f.live;
        while bits != 0 {
            let m = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            f.index[m] = self.prune.place(&f.coords[m]);
            if next + f.index[m].1 > self.target {
                f.live &= !(1 << m);
                continue;
            }
            f.edge[m] = self.prune.edge_index(&f.coords[m]);
        }
        burst(self.prune, f.live, |m| f.index[m].0);
    }

    /// Stage 3, one child at a time in move order: the moved side's bound; the next child
    /// that passes is written to `child` (its coordinates those of stages 1 and 2, only its
    /// pieces moved here) and its move returned, or `None` when the node has no more.
    #[inline(always)]
    fn next_child(&mut self, f: &mut Frame, child: &mut Node) -> Option<u8> {
        let n = &f.node;
        let next = n.depth as u32 + 1;
        let (own, other) = n.sides(f.on_inverse);
        while f.live != 0 {
            let m = f.live.trailing_zeros() as u8;
            f.live &= f.live - 1;
            let (i, alone) = f.index[m as usize];
            let h_moved = self
                .prune
                .bound(i)
                .max(alone)
                .max(self.prune.edge_bound(f.edge[m as usize])) as u8;
            if next + h_moved as u32 > self.target {
                continue;
            }
            // A half turn premoved leaves the other side's coordinates (and bound) alone; the
            // tight bound rule kept half turns out when that bound does not allow them.
            let (h_other, c_other) = if half(m) {
                (if f.on_inverse { n.hx } else { n.hy }, other.c)
            } else {
                let k = face(m) as usize;
                (f.face_bound[k], f.face_coords[k])
            };
            let premoved =
                self.premoves
                    .apply_with(other, &own.p, INVERSE_MOVE[m as usize] as usize, c_other);
            let moved = self
                .coords
                .apply_with(own, m as usize, f.coords[m as usize]);
            *child = if f.on_inverse {
                Node {
                    x: premoved,
                    y: moved,
                    hx: h_other,
                    hy: h_moved,
                    depth: next as u8,
                    last_normal: n.last_normal,
                    last_inverse: m,
                    tied: 0,
                    open: NONE,
                }
            } else {
                Node {
                    x: moved,
                    y: premoved,
                    hx: h_moved,
                    hy: h_other,
                    depth: next as u8,
                    last_normal: m,
                    last_inverse: n.last_inverse,
                    tied: if n.tied != 0 {
                        f.blocks[m as usize].0
                    } else {
                        0
                    },
                    open: if n.tied != 0 {
                        f.blocks[m as usize].1
                    } else {
                        NONE
                    },
                }
            };
            return Some(m);
        }
        None
    }

    /// The moves so far on one side.
    fn path(&mut self, inverse: bool) -> &mut Vec<u8> {
        if inverse {
            &mut self.inverse
        } else {
            &mut self.normal
        }
    }

    /// Visits the children of `n` that the bounds allow, in move order; true when the task
    /// should end.
    fn expand(&mut self, n: &Node) -> bool {
        let mut f = Frame::new();
        f.node = *n;
        self.open(NONE, &mut f);
        self.stage(&mut f);
        let mut child = f.node;
        while let Some(m) = self.next_child(&mut f, &mut child) {
            self.path(f.on_inverse).push(m);
            let end = self.visit(&child);
            self.path(f.on_inverse).pop();
            if end {
                return true;
            }
        }
        false
    }

    /// What a visit does before expanding: the node counted, the stop polled, a leaf checked
    /// for a solution.
    #[inline(always)]
    fn enter(&mut self, n: &Node) -> Enter {
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            self.shared.nodes.fetch_add(1024, Ordering::Relaxed);
            if self.shared.check() || self.task > self.shared.cutoff.load(Ordering::Relaxed) {
                return Enter::End;
            }
        }
        if n.depth as u32 == self.target {
            if n.x.p == Perm::IDENTITY && self.joins() {
                let mut s = self.normal.clone();
                s.extend(self.inverse.iter().rev().map(|&m| inverse_move(m)));
                self.found.push(s);
                self.shared.found(self.task);
                if self.found.len() >= self.shared.limit {
                    return Enter::End;
                }
            }
            return Enter::Leaf;
        }
        Enter::Expand
    }

    /// Searches below `n`; true when this task should end.
    fn visit(&mut self, n: &Node) -> bool {
        if let Some((depth, tasks)) = &mut self.collect
            && n.depth == *depth
        {
            tasks.push(Task {
                node: *n,
                normal: Moves::new(&self.normal),
                inverse: Moves::new(&self.inverse),
            });
            return false;
        }
        match self.enter(n) {
            Enter::End => true,
            Enter::Leaf => false,
            Enter::Expand => self.expand(n),
        }
    }

    /// Whether the two parts meet in canonical order.
    fn joins(&self) -> bool {
        match (self.normal.last(), self.inverse.last()) {
            (Some(&a), Some(&b)) => may_follow(a, inverse_move(b)),
            _ => true,
        }
    }
}

/// The order of blocks: a block is one move, or two moves on opposite faces (which commute),
/// compared as their moves in increasing order.
#[inline]
fn block_key(a: u8, b: u8) -> u16 {
    let (a, b) = if b < a { (b, a) } else { (a, b) };
    (a as u16) << 8 | b as u16
}

/// Symmetric duplicates. Split a canonical solution into blocks (the runs of moves on one
/// axis); a symmetry maps blocks to blocks, so of the images of a solution under the cube's own
/// symmetries one has the least block sequence in lexicographic order, and every prefix of
/// its blocks is also the least of that prefix's images. The search keeps only normal-side
/// paths with that property: when normal move `m` completes a block (the next block began, or
/// the opposite face joined), the block is compared with its images under the symmetries still
/// `tied` (those that kept every earlier block): a smaller image prunes `m`, a larger one
/// unties that symmetry. The others come back as images (see [`symmetric_images`]).
/// Returns the child's `(tied, open)`, or `None` when `m` is pruned.
#[inline]
fn block_step(tied: u64, open: u8, m: u8) -> Option<(u64, u8)> {
    let (block, open) = match open {
        NONE => return Some((tied, m)),
        o if face(o) / 2 == face(m) / 2 => ((o, m), NONE),
        o => ((o, NONE), m),
    };
    let key = block_key(block.0, block.1);
    let image = &super::sym::symmetries().move_image;
    let mut left = tied;
    let mut bits = tied;
    while bits != 0 {
        let s = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let b = if block.1 == NONE {
            NONE
        } else {
            image[s][block.1 as usize]
        };
        let k = block_key(image[s][block.0 as usize], b);
        if k < key {
            return None;
        }
        if k > key {
            left &= !(1 << s);
        }
    }
    Some((left, open))
}

/// Canonical solutions of a symmetric cube from some of them: each, then its images under
/// `syms` (moves mapped, commuting pairs put back in canonical order) not listed before, up to
/// `limit`.
pub(crate) fn symmetric_images(found: &[Vec<u8>], syms: &[usize], limit: usize) -> Vec<Vec<u8>> {
    let image = &super::sym::symmetries().move_image;
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for sol in found {
        for &s in syms {
            let mut t: Vec<u8> = sol.iter().map(|&m| image[s][m as usize]).collect();
            let mut i = 0;
            while i + 1 < t.len() {
                if !may_follow(t[i], t[i + 1]) {
                    t.swap(i, i + 1);
                    i += 1;
                }
                i += 1;
            }
            if out.len() < limit && seen.insert(t.clone()) {
                out.push(t);
            }
        }
    }
    out
}

/// How far below the root the tasks start.
const TASK_DEPTH: u32 = 4;

/// A task that took more than 1/`SPLIT_SHARE` of the previous depth's nodes is searched as the
/// nodes a few moves further down (see [`search_depth`]).
pub(crate) const SPLIT_SHARE: u64 = 4096;

/// How many moves further down a task of `cost` nodes is split so that each piece is expected
/// to take at most `most` (a subtree shrinks about 13 times a move), with at most `room` moves.
fn split_levels(cost: u64, most: u64, room: u32) -> u8 {
    let (mut c, mut k) = (cost, 0);
    while c > most && k < room.min(3) {
        c /= 13;
        k += 1;
    }
    k as u8
}

/// Nodes each task visited at one depth, by task (see [`task_key`]).
pub(crate) type TaskCosts =
    std::collections::HashMap<u64, u64, std::hash::BuildHasherDefault<KeyHasher>>;

/// A task's name across depths: its normal moves, a separator, its inverse moves.
fn task_key(t: &Task) -> u64 {
    t.normal
        .as_slice()
        .iter()
        .chain(std::iter::once(&0xfe))
        .chain(t.inverse.as_slice())
        .fold(0u64, |k, &m| k << 8 | m as u64)
}

/// A hash of task keys (one `u64` each, made by the search itself, so no defence against
/// chosen keys is needed): a multiply and a fold, far cheaper than the default hasher on the
/// tens of thousands of lookups a depth makes.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }

    fn write_u64(&mut self, k: u64) {
        let h = (self.0 ^ k).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = h ^ h >> 29;
    }
}

/// What one depth of the search found.
pub(crate) struct DepthResult {
    pub solutions: Vec<Vec<u8>>,
    pub nodes: u64,
    pub stopped: Option<Stop>,
    /// Nodes per task (complete when the depth was searched to its end).
    pub costs: TaskCosts,
    /// Tasks run, a split task's pieces counted one by one.
    pub tasks: usize,
}

/// The buffers of [`search_depth`], kept from one depth to the next: every depth makes tens of
/// thousands of tasks, and buffers freed and allocated again at each depth come back as fresh
/// pages, each a page fault (measured at `h3`: half the process's faults, and up to a fifth of
/// its time where the system is slow to hand out pages).
#[derive(Default)]
pub(crate) struct Scratch {
    /// The tasks in depth-first order, then the pieces of split tasks.
    tasks: Vec<Task>,
    /// The tasks in the order they run (a split task's pieces in its place), as places in
    /// `tasks`.
    pieces: Vec<u32>,
    /// Each task's cost at the previous depth and its place in depth-first order.
    order: Vec<(u64, u32)>,
    /// By task in run order: its key, the nodes its pieces visited.
    keys: Vec<u64>,
    group_nodes: Vec<u64>,
    /// By piece: the task it belongs to (its place in run order), its count of solutions as
    /// they are found, and its solutions and nodes once it ends.
    groups: Vec<usize>,
    counts: Vec<AtomicU32>,
    slots: Vec<Mutex<(Vec<Vec<u8>>, u64)>>,
    /// A costs map done with (see [`Scratch::recycle`]), to be filled again.
    costs: TaskCosts,
}

impl Scratch {
    /// Takes back the costs of a depth once the next depth no longer needs them.
    pub fn recycle(&mut self, costs: TaskCosts) {
        self.costs = costs;
    }
}

/// All solutions of exactly `target` moves below `root` (for a root with symmetries, those
/// that are the least of their images), the first `limit` in task order.
///
/// The tasks are the nodes [`TASK_DEPTH`] moves below the root, taken in order by `threads`
/// workers. Their order is that of one depth-first search, unless the previous depth's `costs`
/// are given: then the tasks that took more nodes there come first (ties in depth-first
/// order). A task that holds a solution at this depth is one whose node is that much closer to
/// solved, and its search a depth earlier already went deeper than most: with a strong table
/// the first solution comes far sooner in that order (see docs/cube3-optimal.md). The order
/// depends on the cube alone, so the answer is the same whatever the number of threads.
///
/// A task that took more than 1/`split_share` of the previous depth's nodes (0: none) is
/// replaced by the nodes a few moves below it, in depth-first order in its place: the order of
/// the solutions is unchanged, but a thread that finds one no longer waits for another to end
/// a task of minutes that comes before it (a single task can be a third of a depth).
#[allow(clippy::too_many_arguments)]
pub(crate) fn search_depth(
    prune: &Pruning,
    root: &Node,
    target: u32,
    limit: usize,
    threads: usize,
    cancel: Option<&CancelToken>,
    deadline: Option<Instant>,
    costs: Option<&TaskCosts>,
    split_share: u64,
    scratch: &mut Scratch,
) -> DepthResult {
    let Scratch {
        tasks,
        pieces,
        order,
        keys,
        group_nodes,
        groups,
        counts,
        slots,
        costs: spare_costs,
    } = scratch;
    let new_shared = |counts| Shared {
        limit,
        counts,
        total: AtomicUsize::new(0),
        cutoff: AtomicUsize::new(usize::MAX),
        stop: AtomicBool::new(false),
        why: Mutex::new(None),
        cancel,
        deadline,
        nodes: AtomicU64::new(0),
    };
    // The nodes TASK_DEPTH moves below the root (or the leaves, when the target is nearer),
    // in depth-first order.
    let probe = new_shared(&[]);
    let mut w = Worker::new(prune, target, 0, &probe);
    tasks.clear();
    w.collect = Some((TASK_DEPTH.min(target) as u8, std::mem::take(tasks)));
    w.visit(root);
    *tasks = w.collect.take().map(|c| c.1).unwrap_or_default();
    let mut above = w.nodes;
    // By cost, most first; equal costs keep their depth-first order.
    order.clear();
    order.extend(tasks.iter().enumerate().map(|(i, t)| {
        let cost = costs.and_then(|c| c.get(&task_key(t)).copied());
        (cost.unwrap_or(0), i as u32)
    }));
    order.sort_unstable_by_key(|&(cost, i)| (std::cmp::Reverse(cost), i));
    let most = match split_share {
        0 => u64::MAX,
        s => (costs.map_or(0, |c| c.values().sum::<u64>()) / s).max(1),
    };
    let room = target.saturating_sub(TASK_DEPTH + 1);
    keys.clear();
    group_nodes.clear();
    groups.clear();
    pieces.clear();
    for (g, &(cost, i)) in order.iter().enumerate() {
        // A copy: split pieces are added to `tasks` below.
        let t = tasks[i as usize];
        keys.push(task_key(&t));
        group_nodes.push(0);
        let levels = split_levels(cost, most, room);
        if levels == 0 || probe.check() {
            groups.push(g);
            pieces.push(i);
            continue;
        }
        let mut w = Worker::new(prune, target, 0, &probe);
        w.normal.extend_from_slice(t.normal.as_slice());
        w.inverse.extend_from_slice(t.inverse.as_slice());
        w.collect = Some((t.node.depth + levels, Vec::new()));
        w.visit(&t.node);
        above += w.nodes;
        group_nodes[g] = w.nodes;
        for p in w.collect.take().map(|c| c.1).unwrap_or_default() {
            groups.push(g);
            pieces.push(tasks.len() as u32);
            tasks.push(p);
        }
    }
    let list = &pieces[..];
    let tasks = &tasks[..];
    counts.clear();
    counts.resize_with(list.len(), || AtomicU32::new(0));
    let shared = new_shared(&counts[..]);
    shared.nodes.store(above, Ordering::Relaxed);
    if let Some(why) = probe.why.into_inner().unwrap_or_else(|e| e.into_inner()) {
        *shared.why.lock().unwrap_or_else(|e| e.into_inner()) = Some(why);
        shared.stop.store(true, Ordering::Relaxed);
    }
    // Workers take the tasks in order, so the first solutions in that order are found as
    // soon as possible and the tasks after them are not started.
    let next = AtomicUsize::new(0);
    slots.truncate(list.len());
    for slot in slots.iter_mut() {
        *slot.get_mut().unwrap_or_else(|e| e.into_inner()) = (Vec::new(), 0);
    }
    slots.resize_with(list.len(), || Mutex::new((Vec::new(), 0)));
    let slots = &slots[..];
    // A task's answer stored; its path buffers returned for the next task.
    let finish = |i: usize, w: Worker| {
        shared.nodes.fetch_add(w.nodes & 1023, Ordering::Relaxed);
        *slots[i].lock().unwrap_or_else(|e| e.into_inner()) = (w.found, w.nodes);
        (w.normal, w.inverse)
    };
    let work = || {
        let mut lanes: Vec<(usize, Lane)> = Vec::with_capacity(LANES);
        let mut spare: Vec<Vec<Frame>> = Vec::new();
        let mut paths: Vec<(Vec<u8>, Vec<u8>)> = Vec::new();
        let mut more = true;
        loop {
            while more && lanes.len() < LANES {
                let i = next.fetch_add(1, Ordering::Relaxed);
                // The stop is polled before every task too: a task of fewer than 1024 nodes
                // (most of them with a strong table, and the pieces of split tasks) never
                // polls it itself.
                if i >= list.len() || i > shared.cutoff.load(Ordering::Relaxed) || shared.check() {
                    more = false;
                    break;
                }
                let t = &tasks[list[i] as usize];
                let mut w = Worker::new(prune, target, i, &shared);
                if let Some((mut normal, mut inverse)) = paths.pop() {
                    normal.clear();
                    inverse.clear();
                    (w.normal, w.inverse) = (normal, inverse);
                }
                w.normal.extend_from_slice(t.normal.as_slice());
                w.inverse.extend_from_slice(t.inverse.as_slice());
                match w.enter(&t.node) {
                    Enter::Expand => {
                        let stack = spare.pop().unwrap_or_default();
                        lanes.push((i, Lane::new(w, &t.node, stack)));
                    }
                    Enter::End | Enter::Leaf => paths.push(finish(i, w)),
                }
            }
            if lanes.is_empty() {
                break;
            }
            let mut k = 0;
            while k < lanes.len() {
                if lanes[k].1.step() {
                    k += 1;
                } else {
                    let (i, lane) = lanes.swap_remove(k);
                    spare.push(lane.stack);
                    paths.push(finish(i, lane.w));
                }
            }
        }
    };
    match threads.min(list.len().max(1)) {
        0 | 1 => work(),
        n => std::thread::scope(|scope| {
            for _ in 0..n {
                scope.spawn(work);
            }
        }),
    }
    let cutoff = shared.cutoff.load(Ordering::Relaxed);
    let mut solutions = Vec::new();
    for (k, slot) in slots.iter().enumerate() {
        let (found, nodes) = std::mem::take(&mut *slot.lock().unwrap_or_else(|e| e.into_inner()));
        group_nodes[groups[k]] += nodes;
        if k <= cutoff && solutions.len() < limit {
            solutions.extend(found.into_iter().take(limit - solutions.len()));
        }
    }
    let mut costs = std::mem::take(spare_costs);
    costs.clear();
    costs.extend(keys.iter().copied().zip(group_nodes.iter().copied()));
    let tasks = list.len();
    DepthResult {
        solutions,
        nodes: shared.nodes.load(Ordering::Relaxed),
        stopped: shared.why.into_inner().unwrap_or_else(|e| e.into_inner()),
        costs,
        tasks,
    }
}

impl Stop {
    /// The error of a stopped search for solutions of `lengths` (`at most 20 moves`).
    pub fn error(&self, lengths: &str) -> Error {
        match self {
            Stop::Cancelled => Error::new(ErrorKind::Cancelled, "the search was cancelled"),
            Stop::Deadline => Error::new(
                ErrorKind::Cancelled,
                format!("the search reached its deadline before finding a solution of {lengths}"),
            ),
        }
    }
}
