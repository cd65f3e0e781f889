//! Each step's coordinates, move tables and pruning tables, in its standard frame (EO on F/B,
//! DR on U/D).
//!
//! A step's state is up to three small coordinates. Its pruning tables are exact distances in
//! projections of two coordinates (or one), computed breadth-first with the step's own moves
//! from every goal value of the projection; the state's bound is their maximum, and the state
//! is at the goal when every table reads 0 (each projection of the goal is exactly its goal
//! values, so the tables together decide the goal).

use std::path::Path;
use std::sync::{Arc, OnceLock};

use crate::cube3::geometry::{Perm, tables};
use crate::cube3::solve::coord::{
    FLIPS, PERMS8, SLICE_SETS, TWISTS, corner_perm, edge8_perm, flip, move_table, perm_rank,
    perm_unrank, set_flip, set_twist, slice_order, twist,
};
use crate::cube3::solve::face_moves;

use super::catalogue::Kind;
use crate::error::Result;
use crate::progress::{CancelToken, NoProgress, Progress, ProgressReport};
use crate::tablefile::{Layout, TableFile};

/// Up to three coordinates (unused ones stay 0).
pub(crate) type State = [u16; 3];

/// The coordinates the steps use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Coord {
    /// Edge flips on the F/B axis (2^11).
    Flip,
    /// Corner twists on the U/D axis (3^7).
    Twist,
    /// Which four places hold the E-slice edges (C(12,4) = 495).
    SliceSet,
    /// Corner permutation (8!).
    CornerPerm,
    /// Which four of the eight U/D-layer edge places hold the M-slice edges UF UB DB DF
    /// (C(8,4) = 70); meaningful in domino reduction, where U/D edges stay in those places.
    MSplit,
    /// The corners relative to the one at DBL (which U, R and F never move): the permutation
    /// of the other seven (7!) once the whole cube is turned to put that corner home.
    RelativeCorners,
    /// Their twists (3^6), likewise.
    RelativeTwist,
    /// Permutation of the eight U/D-layer edges (8!), in domino reduction.
    Edges8,
    /// Order of the four E-slice edges in their slice (4!), in domino reduction.
    SliceOrder,
}

/// The corners seen from the one at DBL: `r⁻¹ · p` for the rotation `r` that has that corner
/// at DBL with that twist (so the result has DBL home and untwisted; `p` is corners-solved
/// relative to each other exactly when the result's corners are solved).
fn from_dbl(p: &Perm) -> Perm {
    let t = tables();
    let o = (0..24)
        .find(|&o| t.rot[o].cp[7] == p.cp[7] && t.rot[o].co[7] == p.co[7])
        .expect("some rotation puts any corner at DBL with any twist");
    t.rot_inv[o].then(p)
}

/// Index of each 4-element subset of `0..n` bits, by mask (`u16::MAX` for other masks), and
/// the masks in index order.
fn subsets(n: usize) -> (Vec<u16>, Vec<u16>) {
    let mut index = vec![u16::MAX; 1 << n];
    let mut masks = Vec::new();
    for (m, slot) in index.iter_mut().enumerate() {
        if m.count_ones() == 4 {
            *slot = masks.len() as u16;
            masks.push(m as u16);
        }
    }
    (index, masks)
}

fn subsets12() -> &'static (Vec<u16>, Vec<u16>) {
    static S: OnceLock<(Vec<u16>, Vec<u16>)> = OnceLock::new();
    S.get_or_init(|| subsets(12))
}

fn subsets8() -> &'static (Vec<u16>, Vec<u16>) {
    static S: OnceLock<(Vec<u16>, Vec<u16>)> = OnceLock::new();
    S.get_or_init(|| subsets(8))
}

/// The subset of `places` positions whose piece satisfies `chosen`, as its index.
fn subset_of(p: &Perm, places: usize, chosen: impl Fn(u8) -> bool, table: &[u16]) -> u16 {
    let mask = (0..places)
        .filter(|&i| chosen(p.ep[i]))
        .fold(0, |a, i| a | 1 << i);
    table[mask]
}

/// Puts pieces `inside` on the places of subset `x` and `outside` on the others (of the first
/// `places`), in order.
fn set_subset(p: &mut Perm, x: u16, places: usize, masks: &[u16], inside: u8, outside: u8) {
    let mask = masks[x as usize];
    let (mut a, mut b) = (inside, outside);
    for i in 0..places {
        if mask & 1 << i != 0 {
            p.ep[i] = a;
            a += 1;
        } else {
            p.ep[i] = b;
            b += 1;
        }
    }
}

impl Coord {
    pub fn count(self) -> usize {
        match self {
            Coord::Flip => FLIPS,
            Coord::Twist => TWISTS,
            Coord::SliceSet => SLICE_SETS,
            Coord::CornerPerm => PERMS8,
            Coord::MSplit => 70,
            Coord::RelativeCorners => 5040,
            Coord::RelativeTwist => 729,
            Coord::Edges8 => PERMS8,
            Coord::SliceOrder => 24,
        }
    }

    pub fn get(self, p: &Perm) -> u16 {
        match self {
            Coord::Flip => flip(p),
            Coord::Twist => twist(p),
            Coord::SliceSet => subset_of(p, 12, |e| e >= 8, &subsets12().0),
            Coord::CornerPerm => corner_perm(p),
            Coord::MSplit => subset_of(p, 8, |e| e < 4, &subsets8().0),
            Coord::RelativeCorners => perm_rank(&from_dbl(p).cp[..7]) as u16,
            Coord::RelativeTwist => from_dbl(p).co[..6].iter().fold(0, |a, &c| a * 3 + c as u16),
            Coord::Edges8 => edge8_perm(p),
            Coord::SliceOrder => slice_order(p) as u16,
        }
    }

    fn set(self, p: &mut Perm, x: u16) {
        match self {
            Coord::Flip => set_flip(p, x),
            Coord::Twist => set_twist(p, x),
            Coord::SliceSet => set_subset(p, x, 12, &subsets12().1, 8, 0),
            Coord::CornerPerm => perm_unrank(x as u32, &mut p.cp),
            Coord::MSplit => set_subset(p, x, 8, &subsets8().1, 0, 4),
            Coord::RelativeCorners => {
                perm_unrank(x as u32, &mut p.cp[..7]);
                p.cp[7] = 7;
            }
            Coord::RelativeTwist => {
                let mut x = x;
                let mut sum = 0;
                for i in (0..6).rev() {
                    p.co[i] = (x % 3) as u8;
                    sum += p.co[i];
                    x /= 3;
                }
                p.co[6] = (3 - sum % 3) % 3;
                p.co[7] = 0;
            }
            Coord::Edges8 => perm_unrank(x as u32, &mut p.ep[..8]),
            Coord::SliceOrder => {
                let mut order = [0u8; 4];
                perm_unrank(x as u32, &mut order);
                for (e, k) in p.ep[8..].iter_mut().zip(order) {
                    *e = 8 + k;
                }
            }
        }
    }

    /// `table[x * 18 + m]`: the coordinate after face move `m`.
    fn moves(self) -> Vec<u16> {
        move_table(
            self.count(),
            &face_moves(),
            |p, x| self.set(p, x),
            |p| self.get(p),
        )
    }
}

/// Exact distances in the projection on coordinates `a` and `b` (`b` may be absent): a section
/// of the model's table file, one byte per entry, at `at`.
pub(crate) struct Prune {
    a: usize,
    b: Option<usize>,
    b_count: usize,
    at: usize,
    len: usize,
}

impl Prune {
    #[inline]
    fn index(&self, s: &State) -> usize {
        s[self.a] as usize * self.b_count + self.b.map_or(0, |b| s[b] as usize)
    }
}

/// A model's coordinates, its projections (pairs of coordinate positions) and the moves that
/// keep the goal (whose closure from the solved values is the goal).
type Spec = (Vec<Coord>, Vec<(usize, Option<usize>)>, &'static [u8]);

/// The version of the step table files (a change of layout or content bumps it).
const VERSION: u32 = 1;

/// A step family's short name, in its table file's name and in messages.
pub(crate) fn slug(kind: Kind) -> &'static str {
    match kind {
        Kind::Eo => "eo",
        Kind::Dr => "dr",
        Kind::DrFromEo => "dreo",
        Kind::Htr => "htr",
        Kind::CornersRelative => "cornersx",
        Kind::Corners => "corners",
        Kind::Finish => "finish",
        Kind::Slice => "slice",
    }
}

/// The cheap part of a model: coordinates, projections, goal moves and goal states.
struct Shape {
    kind: Kind,
    coords: Vec<Coord>,
    projections: Vec<(usize, Option<usize>)>,
    goal_moves: &'static [u8],
    goal_states: Vec<State>,
    /// Section names and lengths: the move tables (16-bit, first, so every one starts at an
    /// even offset), then the pruning tables.
    sections: Vec<(String, usize)>,
}

impl Shape {
    fn new(kind: Kind) -> Shape {
        use Coord::*;
        let (coords, projections, goal_moves): Spec = match kind {
            Kind::Eo => (vec![Flip], vec![(0, None)], &[]),
            Kind::Dr => (
                vec![Flip, Twist, SliceSet],
                vec![(0, Some(2)), (1, Some(2))],
                &[],
            ),
            Kind::DrFromEo => (vec![Twist, SliceSet], vec![(0, Some(1))], &[]),
            // The goal is every corner permutation the six half turns reach.
            Kind::Htr => (
                vec![CornerPerm, MSplit],
                vec![(0, Some(1))],
                &[1, 4, 7, 10, 13, 16],
            ),
            Kind::CornersRelative => (
                vec![RelativeCorners, RelativeTwist],
                vec![(0, Some(1))],
                &[],
            ),
            // Corners solved: permutation and twists; the bound also reads the corners'
            // distance relative to each other (see `bound`).
            Kind::Corners => (vec![CornerPerm, Twist], vec![(0, None), (1, None)], &[]),
            // All but the E layer, up to an E turn: corners and U/D edges (the goal's states
            // are checked together, see `joint_goal`).
            Kind::Slice => (vec![CornerPerm, Edges8], vec![(0, None), (1, None)], &[]),
            // The whole cube from DR: corners and U/D edges, each with the E-slice order.
            Kind::Finish => (
                vec![CornerPerm, Edges8, SliceOrder],
                vec![(0, Some(2)), (1, Some(2))],
                &[],
            ),
        };
        // The goal's cubes: the solved one, and for the slice the three with the outer
        // layers turned against the middle ((U D')^k).
        let goal_cubes: Vec<Perm> = if kind == Kind::Slice {
            let (u, d_inv) = (face_moves()[0], face_moves()[5]);
            let mut p = Perm::IDENTITY;
            (0..4)
                .map(|_| {
                    let q = p;
                    p = p.then(&u).then(&d_inv);
                    q
                })
                .collect()
        } else {
            vec![Perm::IDENTITY]
        };
        let goal_states = goal_cubes.iter().map(|g| state_of(&coords, g)).collect();
        let mut sections: Vec<(String, usize)> = coords
            .iter()
            .map(|c| (format!("{c:?} moves"), c.count() * 18 * 2))
            .collect();
        for (k, &(a, b)) in projections.iter().enumerate() {
            let len = coords[a].count() * b.map_or(1, |b| coords[b].count());
            sections.push((format!("distances {k}"), len));
        }
        Shape {
            kind,
            coords,
            projections,
            goal_moves,
            goal_states,
            sections,
        }
    }

    /// What the tables are built from: the face moves, the coordinates, the moves and goal.
    fn digest(&self) -> u64 {
        let mut bytes = crate::cube3::solve::face_move_bytes();
        bytes.extend_from_slice(format!("{:?} {:?}", self.coords, self.projections).as_bytes());
        bytes.extend_from_slice(self.kind.standard_moves());
        bytes.push(0xff);
        bytes.extend_from_slice(self.goal_moves);
        xxhash_rust::xxh3::xxh3_64(&bytes)
    }

    fn with_layout<T>(&self, f: impl FnOnce(&Layout) -> T) -> T {
        let sections: Vec<(&str, usize)> = self
            .sections
            .iter()
            .map(|(n, l)| (n.as_str(), *l))
            .collect();
        let what = format!("3x3x3 step table file ({})", slug(self.kind));
        let layout = Layout {
            what: &what,
            magic: super::kind::MAGIC,
            version: VERSION,
            digest: self.digest(),
            param: self.sections.iter().map(|s| s.1 as u64).sum(),
            other_params: crate::tablefile::other_params,
            sections: &sections,
        };
        f(&layout)
    }

    /// The file image: every move table, then every pruning table (breadth-first), one report
    /// per table.
    fn build(&self, progress: &mut dyn Progress) -> TableFile {
        let started = std::time::Instant::now();
        let total = self.sections.len() as u64;
        let mut report = |done: u64| {
            progress.report(&ProgressReport {
                phase: format!("{} step tables", slug(self.kind)),
                level: 0,
                done,
                total,
                found: 0,
                elapsed: started.elapsed(),
                eta: None,
            })
        };
        let move_tables: Vec<Vec<u16>> = self
            .coords
            .iter()
            .enumerate()
            .map(|(k, c)| {
                report(k as u64);
                c.moves()
            })
            .collect();
        let moves = self.kind.standard_moves();
        let prunes: Vec<Vec<u8>> = self
            .projections
            .iter()
            .enumerate()
            .map(|(k, &(a, b))| {
                report((self.coords.len() + k) as u64);
                let b_count = b.map_or(1, |b| self.coords[b].count());
                let step = |i: usize, m: u8| {
                    let (x, y) = (i / b_count, i % b_count);
                    let x = move_tables[a][x * 18 + m as usize] as usize;
                    let y = b.map_or(0, |b| move_tables[b][y * 18 + m as usize] as usize);
                    x * b_count + y
                };
                let origins: Vec<usize> = self
                    .goal_states
                    .iter()
                    .map(|g| g[a] as usize * b_count + b.map_or(0, |b| g[b] as usize))
                    .collect();
                breadth_first(
                    self.coords[a].count() * b_count,
                    &origins,
                    self.goal_moves,
                    moves,
                    step,
                )
            })
            .collect();
        report(total);
        self.with_layout(|layout| {
            let mut data = layout.buffer();
            for (k, t) in move_tables.iter().enumerate() {
                for (dst, w) in layout.section_mut(&mut data, k).chunks_exact_mut(2).zip(t) {
                    dst.copy_from_slice(&w.to_le_bytes());
                }
            }
            for (k, d) in prunes.iter().enumerate() {
                layout
                    .section_mut(&mut data, move_tables.len() + k)
                    .copy_from_slice(d);
            }
            layout.seal(&mut data);
            TableFile::Owned(data)
        })
    }
}

fn state_of(coords: &[Coord], p: &Perm) -> State {
    let mut s = [0; 3];
    for (i, c) in coords.iter().enumerate() {
        s[i] = c.get(p);
    }
    s
}

/// A step's coordinates, their move tables and its pruning tables (in memory, or mapped from
/// a table file).
pub(crate) struct Model {
    pub kind: Kind,
    coords: Vec<Coord>,
    /// Where each coordinate's move table starts in the file (16-bit little-endian words),
    /// read in place: copying them out cost each call up to 3 MB of copying (HTR, finish).
    move_at: Vec<usize>,
    /// Their bytes, together.
    move_bytes: usize,
    pub prunes: Vec<Prune>,
    joint_goal: Option<Vec<State>>,
    /// The corners' model: the tables of the corners relative to each other (see `bound`).
    relative: Option<Arc<Model>>,
    file: TableFile,
}

impl Model {
    fn assemble(shape: Shape, file: TableFile, relative: Option<Arc<Model>>) -> Model {
        let (move_at, move_bytes, prunes) = shape.with_layout(|layout| {
            let moves: Vec<_> = (0..shape.coords.len()).map(|k| layout.range(k)).collect();
            let prunes = shape
                .projections
                .iter()
                .enumerate()
                .map(|(k, &(a, b))| {
                    let r = layout.range(shape.coords.len() + k);
                    Prune {
                        a,
                        b,
                        b_count: b.map_or(1, |b| shape.coords[b].count()),
                        at: r.start,
                        len: r.len(),
                    }
                })
                .collect();
            (
                moves.iter().map(|r| r.start).collect(),
                moves.iter().map(|r| r.len()).sum(),
                prunes,
            )
        });
        // Where the projections alone do not decide the goal (the slice's corners and edges
        // must show the same turn), the goal is checked against its states.
        let joint_goal = (shape.goal_states.len() > 1).then_some(shape.goal_states);
        Model {
            kind: shape.kind,
            coords: shape.coords,
            move_at,
            move_bytes,
            prunes,
            joint_goal,
            relative,
            file,
        }
    }

    /// The model built in memory.
    fn build(kind: Kind, progress: &mut dyn Progress) -> Model {
        let shape = Shape::new(kind);
        let file = shape.build(progress);
        let relative = (kind == Kind::Corners).then(|| Model::get(Kind::CornersRelative));
        Model::assemble(shape, file, relative)
    }

    /// The model from its table file `name` in `dir`, built there when missing or stale (the
    /// policy of [`crate::tablefile::open_or_build`]); the corners' model opens the cornersx
    /// file beside it too.
    pub fn open_or_build(
        kind: Kind,
        dir: &Path,
        progress: &mut dyn Progress,
        cancel: &CancelToken,
    ) -> Result<Model> {
        let relative = if kind == Kind::Corners {
            let r = Model::open_or_build(Kind::CornersRelative, dir, progress, cancel)?;
            Some(Arc::new(r))
        } else {
            None
        };
        let shape = Shape::new(kind);
        let path = dir.join(Model::file_name(kind));
        let file = shape.with_layout(|layout| {
            crate::tablefile::open_or_build(&path, layout, cancel, || Ok(shape.build(progress)))
        })?;
        Ok(Model::assemble(shape, file, relative))
    }

    /// The name of a family's table file.
    pub fn file_name(kind: Kind) -> String {
        format!("cube3-step-{}-v{VERSION}.tbl", slug(kind))
    }

    /// Whether the tables are mapped from a file (not built in this process).
    pub fn is_mapped(&self) -> bool {
        matches!(self.file, TableFile::Mapped(_))
    }

    /// The step's model, built on first use (in memory) and shared by the process.
    pub fn get(kind: Kind) -> Arc<Model> {
        static EO: OnceLock<Arc<Model>> = OnceLock::new();
        static DR: OnceLock<Arc<Model>> = OnceLock::new();
        static DREO: OnceLock<Arc<Model>> = OnceLock::new();
        static HTR: OnceLock<Arc<Model>> = OnceLock::new();
        static CORNERSX: OnceLock<Arc<Model>> = OnceLock::new();
        static CORNERS: OnceLock<Arc<Model>> = OnceLock::new();
        static FINISH: OnceLock<Arc<Model>> = OnceLock::new();
        static SLICE: OnceLock<Arc<Model>> = OnceLock::new();
        let cell = match kind {
            Kind::Eo => &EO,
            Kind::Dr => &DR,
            Kind::DrFromEo => &DREO,
            Kind::Htr => &HTR,
            Kind::CornersRelative => &CORNERSX,
            Kind::Corners => &CORNERS,
            Kind::Finish => &FINISH,
            Kind::Slice => &SLICE,
        };
        cell.get_or_init(|| {
            let start = std::time::Instant::now();
            let m = Model::build(kind, &mut NoProgress);
            log::info!(
                "step tables for {kind:?}: {} bytes in {:.2?}",
                m.table_bytes(),
                start.elapsed()
            );
            Arc::new(m)
        })
        .clone()
    }

    /// Bytes of the pruning and move tables.
    pub fn table_bytes(&self) -> usize {
        self.prunes.iter().map(|p| p.len).sum::<usize>() + self.move_bytes
    }

    /// Entries at each distance, per pruning table.
    pub fn histograms(&self) -> Vec<Vec<u64>> {
        let bytes = self.file.bytes();
        self.prunes
            .iter()
            .map(|p| {
                let mut h = Vec::new();
                for &d in &bytes[p.at..p.at + p.len] {
                    if d as usize >= h.len() {
                        h.resize(d as usize + 1, 0);
                    }
                    h[d as usize] += 1;
                }
                h
            })
            .collect()
    }

    pub fn state(&self, p: &Perm) -> State {
        state_of(&self.coords, p)
    }

    #[inline(always)]
    pub fn apply(&self, s: &State, m: u8) -> State {
        let bytes = self.file.bytes();
        let mut t = [0; 3];
        for (i, &at) in self.move_at.iter().enumerate() {
            let k = at + (s[i] as usize * 18 + m as usize) * 2;
            t[i] = u16::from_le_bytes([bytes[k], bytes[k + 1]]);
        }
        t
    }

    #[inline(always)]
    fn distances<'a>(&'a self, s: &'a State) -> impl Iterator<Item = u8> + 'a {
        let bytes = self.file.bytes();
        self.prunes.iter().map(move |p| bytes[p.at + p.index(s)])
    }

    /// A lower bound of the moves to the goal.
    #[inline(always)]
    pub fn bound(&self, s: &State) -> u8 {
        let own = self.distances(s).max().unwrap_or(0);
        match &self.relative {
            None => own,
            Some(relative) => own.max(self.relative_bound(relative, s)),
        }
    }

    /// The corners' bound relative to each other (kept out of line: `bound` is inlined in the
    /// search, and only the corners take this path).
    #[inline(never)]
    fn relative_bound(&self, relative: &Model, s: &State) -> u8 {
        // Solving the corners solves them relative to each other, whose distance with every
        // move is that with U, R, F (a D turn is a U turn and a rotation, relative to the
        // corners): the cornersx table, read on the corners rebuilt from the coordinates.
        let mut p = Perm::IDENTITY;
        for (c, &x) in self.coords.iter().zip(s) {
            c.set(&mut p, x);
        }
        relative.bound(&relative.state(&p))
    }

    #[inline(always)]
    pub fn is_solved(&self, s: &State) -> bool {
        self.distances(s).all(|d| d == 0) && self.joint_goal.as_ref().is_none_or(|g| g.contains(s))
    }
}

/// Distances from the closure of `origins` under `goal_moves` (all at distance 0), over `moves`.
fn breadth_first(
    n: usize,
    origins: &[usize],
    goal_moves: &[u8],
    moves: &[u8],
    step: impl Fn(usize, u8) -> usize,
) -> Vec<u8> {
    let mut dist = vec![u8::MAX; n];
    let mut frontier = Vec::new();
    for &o in origins {
        if dist[o] != 0 {
            dist[o] = 0;
            frontier.push(o);
        }
    }
    let mut i = 0;
    while i < frontier.len() {
        for &m in goal_moves {
            let j = step(frontier[i], m);
            if dist[j] == u8::MAX {
                dist[j] = 0;
                frontier.push(j);
            }
        }
        i += 1;
    }
    let mut level = 0;
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for &i in &frontier {
            for &m in moves {
                let j = step(i, m);
                if dist[j] == u8::MAX {
                    dist[j] = level + 1;
                    next.push(j);
                }
            }
        }
        frontier = next;
        level += 1;
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip() {
        for c in [
            Coord::Flip,
            Coord::Twist,
            Coord::SliceSet,
            Coord::CornerPerm,
            Coord::MSplit,
        ] {
            for x in (0..c.count() as u16).step_by(7) {
                let mut p = Perm::IDENTITY;
                c.set(&mut p, x);
                assert_eq!(c.get(&p), x, "{c:?}");
            }
        }
    }

    #[test]
    fn small_tables_have_the_published_depths() {
        // nissy's figures for these coordinates: EO 2,048 values, depth 7; DR from EO 177,147
        // values with symmetry (ours: 2187 x 495 without), depth 10.
        let eo = Model::get(Kind::Eo).histograms();
        assert_eq!(eo[0].len() - 1, 7);
        assert_eq!(eo[0].iter().sum::<u64>(), 2048);
        let dreo = Model::get(Kind::DrFromEo).histograms();
        assert_eq!(dreo[0].len() - 1, 10);
    }
}
