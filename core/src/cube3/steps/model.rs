//! Each step's coordinates, move tables and pruning tables, in its standard frame (EO on F/B,
//! DR on U/D).
//!
//! A step's state is up to three small coordinates. Its pruning tables are exact distances in
//! projections of two coordinates (or one), computed breadth-first with the step's own moves
//! from every goal value of the projection; the state's bound is their maximum, and the state
//! is at the goal when every table reads 0 (each projection of the goal is exactly its goal
//! values, so the tables together decide the goal).

use std::sync::OnceLock;

use crate::cube3::geometry::{Perm, tables};
use crate::cube3::solve::coord::{
    FLIPS, PERMS8, SLICE_SETS, TWISTS, corner_perm, edge8_perm, flip, move_table, perm_rank,
    perm_unrank, set_flip, set_twist, slice_order, twist,
};
use crate::cube3::solve::face_moves;

use super::catalogue::Kind;

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

/// Exact distances in the projection on coordinates `a` and `b` (`b` may be absent).
pub(crate) struct Prune {
    a: usize,
    b: Option<usize>,
    b_count: usize,
    dist: Vec<u8>,
}

impl Prune {
    #[inline]
    fn index(&self, s: &State) -> usize {
        s[self.a] as usize * self.b_count + self.b.map_or(0, |b| s[b] as usize)
    }

    /// Number of entries (one byte each).
    pub fn len(&self) -> usize {
        self.dist.len()
    }

    /// Entries at each distance.
    pub fn histogram(&self) -> Vec<u64> {
        let mut h = Vec::new();
        for &d in &self.dist {
            if d as usize >= h.len() {
                h.resize(d as usize + 1, 0);
            }
            h[d as usize] += 1;
        }
        h
    }
}

/// A model's coordinates, its projections (pairs of coordinate positions) and the moves that
/// keep the goal (whose closure from the solved values is the goal).
type Layout = (Vec<Coord>, Vec<(usize, Option<usize>)>, &'static [u8]);

/// A step's coordinates, their move tables and its pruning tables.
pub(crate) struct Model {
    pub kind: Kind,
    coords: Vec<Coord>,
    move_tables: Vec<Vec<u16>>,
    pub prunes: Vec<Prune>,
    joint_goal: Option<Vec<State>>,
}

impl Model {
    fn build(kind: Kind) -> Model {
        use Coord::*;
        let (coords, projections, goal_moves): Layout = match kind {
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
        let move_tables: Vec<Vec<u16>> = coords.iter().map(|c| c.moves()).collect();
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
        let goal_states: Vec<State> = goal_cubes
            .iter()
            .map(|g| {
                let mut s = [0; 3];
                for (i, c) in coords.iter().enumerate() {
                    s[i] = c.get(g);
                }
                s
            })
            .collect();
        let moves = kind.standard_moves();
        let prunes = projections
            .into_iter()
            .map(|(a, b)| {
                let b_count = b.map_or(1, |b| coords[b].count());
                let step = |i: usize, m: u8| {
                    let (x, y) = (i / b_count, i % b_count);
                    let x = move_tables[a][x * 18 + m as usize] as usize;
                    let y = b.map_or(0, |b| move_tables[b][y * 18 + m as usize] as usize);
                    x * b_count + y
                };
                let origins: Vec<usize> = goal_states
                    .iter()
                    .map(|g| g[a] as usize * b_count + b.map_or(0, |b| g[b] as usize))
                    .collect();
                let dist = breadth_first(
                    coords[a].count() * b_count,
                    &origins,
                    goal_moves,
                    moves,
                    step,
                );
                Prune {
                    a,
                    b,
                    b_count,
                    dist,
                }
            })
            .collect();
        // Where the projections alone do not decide the goal (the slice's corners and edges
        // must show the same turn), the goal is checked against its states.
        let joint_goal = (goal_states.len() > 1).then_some(goal_states);
        Model {
            kind,
            coords,
            move_tables,
            joint_goal,
            prunes,
        }
    }

    /// The step's model, built on first use (in memory).
    pub fn get(kind: Kind) -> &'static Model {
        static EO: OnceLock<Model> = OnceLock::new();
        static DR: OnceLock<Model> = OnceLock::new();
        static DREO: OnceLock<Model> = OnceLock::new();
        static HTR: OnceLock<Model> = OnceLock::new();
        static CORNERSX: OnceLock<Model> = OnceLock::new();
        static CORNERS: OnceLock<Model> = OnceLock::new();
        static FINISH: OnceLock<Model> = OnceLock::new();
        static SLICE: OnceLock<Model> = OnceLock::new();
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
            let m = Model::build(kind);
            log::info!(
                "step tables for {kind:?}: {} bytes in {:.2?}",
                m.table_bytes(),
                start.elapsed()
            );
            m
        })
    }

    /// Bytes of the pruning and move tables.
    pub fn table_bytes(&self) -> usize {
        self.prunes.iter().map(|p| p.len()).sum::<usize>()
            + self.move_tables.iter().map(|t| t.len() * 2).sum::<usize>()
    }

    pub fn state(&self, p: &Perm) -> State {
        let mut s = [0; 3];
        for (i, c) in self.coords.iter().enumerate() {
            s[i] = c.get(p);
        }
        s
    }

    #[inline]
    pub fn apply(&self, s: &State, m: u8) -> State {
        let mut t = [0; 3];
        for (i, table) in self.move_tables.iter().enumerate() {
            t[i] = table[s[i] as usize * 18 + m as usize];
        }
        t
    }

    /// A lower bound of the moves to the goal.
    #[inline]
    pub fn bound(&self, s: &State) -> u8 {
        let own = self
            .prunes
            .iter()
            .map(|p| p.dist[p.index(s)])
            .max()
            .unwrap_or(0);
        if self.kind != Kind::Corners {
            return own;
        }
        // Solving the corners solves them relative to each other, whose distance with every
        // move is that with U, R, F (a D turn is a U turn and a rotation, relative to the
        // corners): the cornersx table, read on the corners rebuilt from the coordinates.
        let mut p = Perm::IDENTITY;
        for (c, &x) in self.coords.iter().zip(s) {
            c.set(&mut p, x);
        }
        let relative = Model::get(Kind::CornersRelative);
        own.max(relative.bound(&relative.state(&p)))
    }

    #[inline]
    pub fn is_solved(&self, s: &State) -> bool {
        self.prunes.iter().all(|p| p.dist[p.index(s)] == 0)
            && self.joint_goal.as_ref().is_none_or(|g| g.contains(s))
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
        let eo = Model::get(Kind::Eo);
        assert_eq!(eo.prunes[0].histogram().len() - 1, 7);
        assert_eq!(eo.prunes[0].histogram().iter().sum::<u64>(), 2048);
        let dreo = Model::get(Kind::DrFromEo);
        assert_eq!(dreo.prunes[0].histogram().len() - 1, 10);
    }
}
