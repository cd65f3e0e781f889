//! The coordinate of the pruning table: corner orientation with the corners' tetrads, reduced
//! by the 48 symmetries, and which slice each edge belongs to.
//!
//! The target is the subgroup in which every corner is in its own tetrad ({UFR, UBL, DFL, DBR}
//! and {UFL, UBR, DFR, DBL}, pieces 0..4 and 4..8) with no twist, and every edge is in its own
//! slice (M = UF UB DB DF, S = UR UL DL DR, E = FR FL BL BR: pieces 0..4, 4..8, 8..12). It
//! contains every half turn and every symmetry keeps it, so the distance to it is a lower bound
//! of the distance to solved that symmetries keep, and premoving a half turn does not change it.
//!
//! - *Corner state* (153,090 values): twist of the first seven corners (3^7) x which four
//!   positions hold the first tetrad (C(8,4) = 70). Under the 48 symmetries these fall into
//!   [`CLASSES`] classes.
//! - *Edge separation* (34,650 values): which four positions hold M edges (C(12,4) = 495) x which
//!   four of the other eight hold S edges (70).
//!
//! A table entry is (class of the corner state, edge separation of the cube conjugated by the
//! symmetry that takes its corner state to the class representative).

use std::sync::OnceLock;

use crate::cube3::geometry::Perm;

use super::sym::{MOVES, SYMS, face_moves, symmetries};

pub const TWISTS: usize = 2187;
pub const CORNER_SEPS: usize = 70;
pub const CORNER_STATES: usize = TWISTS * CORNER_SEPS;
pub const EDGE_SEPS: usize = 495 * 70;
/// Corner-state classes under the 48 symmetries (checked by a test).
pub const CLASSES: usize = 3393;

/// Ranks of 4-element subsets of 8 and 12 places, as bit masks.
pub(crate) struct Ranks {
    pub rank70: [u8; 256],
    pub mask70: [u8; 70],
    pub rank495: [u16; 4096],
    pub mask495: [u16; 495],
}

/// Built at compile time: the search reads these for every child, so no lazy initialisation
/// check stands in its way.
pub(crate) static RANKS: Ranks = {
    let mut r = Ranks {
        rank70: [u8::MAX; 256],
        mask70: [0; 70],
        rank495: [u16::MAX; 4096],
        mask495: [0; 495],
    };
    let mut k = 0;
    let mut m = 0u32;
    while m < 256 {
        if m.count_ones() == 4 {
            r.rank70[m as usize] = k as u8;
            r.mask70[k] = m as u8;
            k += 1;
        }
        m += 1;
    }
    let mut k = 0;
    let mut m = 0u32;
    while m < 4096 {
        if m.count_ones() == 4 {
            r.rank495[m as usize] = k as u16;
            r.mask495[k] = m as u16;
            k += 1;
        }
        m += 1;
    }
    r
};

pub(crate) fn ranks() -> &'static Ranks {
    &RANKS
}

#[inline(always)]
pub fn twist(p: &Perm) -> u32 {
    crate::cube3::solve::twist(p) as u32
}

/// Positions that hold first-tetrad corners.
#[inline(always)]
pub fn corner_mask(p: &Perm) -> u32 {
    (0..8).fold(0, |m, i| m | ((p.cp[i] < 4) as u32) << i)
}

#[inline(always)]
pub fn corner_state(p: &Perm) -> u32 {
    twist(p) * CORNER_SEPS as u32 + ranks().rank70[corner_mask(p) as usize] as u32
}

/// A permutation with the given corner state (edges solved).
pub fn corner_state_perm(c: u32) -> Perm {
    let mut p = Perm::IDENTITY;
    let (tw, sep) = (c / CORNER_SEPS as u32, c % CORNER_SEPS as u32);
    crate::cube3::solve::set_twist(&mut p, tw as u16);
    let mask = ranks().mask70[sep as usize];
    let (mut a, mut b) = (0, 4);
    for i in 0..8 {
        if mask >> i & 1 == 1 {
            p.cp[i] = a;
            a += 1;
        } else {
            p.cp[i] = b;
            b += 1;
        }
    }
    p
}

/// Positions holding M, S and E edges.
#[inline(always)]
pub fn edge_masks(p: &Perm) -> [u32; 3] {
    let mut m = [0u32; 3];
    for i in 0..12 {
        m[(p.ep[i] >> 2) as usize] |= 1 << i;
    }
    m
}

/// The bits of `s` at the places set in `keep`, packed together (what the BMI2 `pext`
/// instruction does), for 6-bit halves: `SQUEEZE6[keep << 6 | s]`, with the number of kept
/// places above bit 8.
static SQUEEZE6: [u16; 4096] = {
    let mut t = [0u16; 4096];
    let mut i = 0;
    while i < 4096 {
        let (keep, s) = (i >> 6, i & 63);
        let (mut out, mut bit, mut j) = (0, 0, 0);
        while j < 6 {
            if keep >> j & 1 == 1 {
                out |= (s >> j & 1) << bit;
                bit += 1;
            }
            j += 1;
        }
        t[i] = (out | bit << 8) as u16;
        i += 1;
    }
    t
};

/// The S mask squeezed onto the eight positions outside the M mask.
#[inline(always)]
fn squeeze(s: u32, outside: u32) -> u32 {
    let t = &SQUEEZE6;
    let low = t[((outside & 63) << 6 | (s & 63)) as usize] as u32;
    let high = t[((outside >> 6 & 63) << 6 | (s >> 6 & 63)) as usize] as u32;
    (low & 255) | (high & 255) << (low >> 8)
}

#[inline(always)]
pub fn edge_sep_of_masks(m: u32, s: u32) -> u32 {
    let r = ranks();
    r.rank495[(m & 0xfff) as usize] as u32 * 70
        + r.rank70[(squeeze(s, !m & 0xfff) & 0xff) as usize] as u32
}

pub fn edge_sep(p: &Perm) -> u32 {
    let [m, s, _] = edge_masks(p);
    edge_sep_of_masks(m, s)
}

/// A permutation with the given edge separation (corners solved).
pub fn edge_sep_perm(e: u32) -> Perm {
    let r = ranks();
    let m = r.mask495[(e / 70) as usize] as u32;
    let s8 = r.mask70[(e % 70) as usize] as u32;
    let mut p = Perm::IDENTITY;
    let mut next = [0u8, 4, 8];
    let mut free = 0;
    for i in 0..12 {
        let slice = if m >> i & 1 == 1 {
            0
        } else {
            free += 1;
            if s8 >> (free - 1) & 1 == 1 { 1 } else { 2 }
        };
        p.ep[i] = next[slice];
        next[slice] += 1;
    }
    p
}

/// How a symmetry moves edge masks: position bits permuted through two 64-entry halves, and
/// which slice's mask becomes the M and the S mask.
#[derive(Clone, Copy)]
pub struct MaskConj {
    low: [u16; 64],
    high: [u16; 64],
    /// `source[x]`: the slice whose edges become slice `x`'s.
    source: [u8; 3],
    /// `flip[k]`: positions whose flip changes under the symmetry when they hold a slice-`k`
    /// edge (the symmetry moves the axes, and with them the faces flips are read from).
    flip: [u16; 3],
}

impl MaskConj {
    #[inline(always)]
    fn permute(&self, mask: u32) -> u32 {
        (self.low[(mask & 63) as usize] | self.high[(mask >> 6 & 63) as usize]) as u32
    }

    /// The edge separation of `s x s⁻¹` from the masks of `x`.
    #[inline(always)]
    pub fn edge_sep(&self, masks: &[u32; 3]) -> u32 {
        let m = self.permute(masks[self.source[0] as usize]);
        let s = self.permute(masks[self.source[1] as usize]);
        edge_sep_of_masks(m, s)
    }

    /// The edge masks of `s x s⁻¹` from those of `x`.
    #[inline(always)]
    pub fn masks(&self, masks: &[u32; 3]) -> [u32; 3] {
        self.source.map(|k| self.permute(masks[k as usize]))
    }

    /// The edge orientation (flip per position) of `s x s⁻¹` from that of `x` and its masks.
    #[inline(always)]
    pub fn eo(&self, eo: u32, masks: &[u32; 3]) -> u32 {
        let f = &self.flip;
        let changed =
            (f[0] as u32 & masks[0]) | (f[1] as u32 & masks[1]) | (f[2] as u32 & masks[2]);
        self.permute(eo ^ changed)
    }
}

/// Flips per position, bit `i` for position `i`.
#[inline(always)]
pub fn eo_mask(p: &Perm) -> u32 {
    (0..12).fold(0, |m, i| m | (p.eo[i] as u32) << i)
}

pub fn mask_conj() -> &'static [MaskConj; SYMS] {
    static M: OnceLock<[MaskConj; SYMS]> = OnceLock::new();
    M.get_or_init(|| {
        let sy = symmetries();
        std::array::from_fn(|s| {
            let place = &sy.edge_place[s];
            let image = |mask: u32| {
                (0..12)
                    .filter(|i| mask >> i & 1 == 1)
                    .fold(0u16, |a, i| a | 1 << place[i])
            };
            let mut source = [0u8; 3];
            for k in 0..3 {
                source[(place[4 * k] >> 2) as usize] = k as u8;
            }
            // Whether position i holding piece j reads flipped after the symmetry: measured on
            // the exchange of the two (a permutation the symmetry conjugates like any other).
            let flip = std::array::from_fn(|k| {
                (0..12).fold(0u16, |a, i| {
                    let mut p = Perm::IDENTITY;
                    let j = 4 * k;
                    p.ep.swap(i, j);
                    let c = sy.conj(s, &p);
                    a | (c.eo[place[i] as usize] as u16) << i
                })
            });
            MaskConj {
                low: std::array::from_fn(|b| image(b as u32)),
                high: std::array::from_fn(|b| image((b as u32) << 6)),
                source,
                flip,
            }
        })
    })
}

/// A cube with its coordinates, kept up to date as moves are made after it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Side {
    pub p: Perm,
    pub c: Coords,
}

/// The coordinates of a cube the table reads, kept without its pieces: what a move or a
/// premove computes first, and what the child it makes then takes as they are.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Coords {
    pub twist: u16,
    /// Positions of first-tetrad corners.
    pub corners: u8,
    /// Positions of M, S and E edges.
    pub edges: [u16; 3],
    /// Flip per position.
    pub eo: u16,
}

impl Coords {
    pub const ZERO: Coords = Coords {
        twist: 0,
        corners: 0,
        edges: [0; 3],
        eo: 0,
    };

    #[inline(always)]
    pub fn corner_state(&self) -> u32 {
        self.twist as u32 * CORNER_SEPS as u32 + RANKS.rank70[self.corners as usize] as u32
    }

    #[inline(always)]
    pub fn edge_masks(&self) -> [u32; 3] {
        self.edges.map(|m| m as u32)
    }
}

impl Side {
    #[inline(always)]
    pub fn new(p: Perm) -> Side {
        let e = edge_masks(&p);
        Side {
            p,
            c: Coords {
                twist: twist(&p) as u16,
                corners: corner_mask(&p) as u8,
                edges: [e[0] as u16, e[1] as u16, e[2] as u16],
                eo: eo_mask(&p) as u16,
            },
        }
    }
}

/// The coordinates of `x m` from those of `x`, without the pieces: the twist through a table,
/// the position masks through permutations.
pub struct MoveCoords {
    twist: Vec<u16>,
    corners: [[u8; 256]; MOVES],
    low: [[u16; 64]; MOVES],
    high: [[u16; 64]; MOVES],
    /// Positions a move flips (F and B quarter turns).
    flip: [u16; MOVES],
    /// The four corner and four edge positions a move changes: position, where its piece
    /// comes from, twist or flip added.
    corner_cells: [[(u8, u8, u8); 4]; MOVES],
    edge_cells: [[(u8, u8, u8); 4]; MOVES],
}

pub fn move_coords() -> &'static MoveCoords {
    static M: OnceLock<MoveCoords> = OnceLock::new();
    M.get_or_init(|| {
        let faces = face_moves();
        let mut twist = Vec::with_capacity(TWISTS * MOVES);
        for t in 0..TWISTS as u32 {
            let p = corner_state_perm(t * CORNER_SEPS as u32);
            twist.extend(faces.iter().map(|f| self::twist(&p.then(f)) as u16));
        }
        // After `x m`, position i holds what position m.ep[i] held.
        let permute = |from: &[u8], mask: u32| {
            (0..from.len()).fold(0u32, |a, i| a | (mask >> from[i] & 1) << i)
        };
        MoveCoords {
            twist,
            corners: std::array::from_fn(|m| {
                std::array::from_fn(|b| permute(&faces[m].cp, b as u32) as u8)
            }),
            low: std::array::from_fn(|m| {
                std::array::from_fn(|b| permute(&faces[m].ep, b as u32) as u16)
            }),
            high: std::array::from_fn(|m| {
                std::array::from_fn(|b| permute(&faces[m].ep, (b as u32) << 6) as u16)
            }),
            flip: std::array::from_fn(|m| eo_mask(&faces[m]) as u16),
            corner_cells: std::array::from_fn(|m| {
                let f = &faces[m];
                let cells: Vec<u8> = (0..8u8)
                    .filter(|&i| f.cp[i as usize] != i || f.co[i as usize] != 0)
                    .collect();
                std::array::from_fn(|k| {
                    let i = cells[k] as usize;
                    (i as u8, f.cp[i], f.co[i])
                })
            }),
            edge_cells: std::array::from_fn(|m| {
                let f = &faces[m];
                let cells: Vec<u8> = (0..12u8).filter(|&i| f.ep[i as usize] != i).collect();
                std::array::from_fn(|k| {
                    let i = cells[k] as usize;
                    (i as u8, f.ep[i], f.eo[i])
                })
            }),
        }
    })
}

impl MoveCoords {
    /// The coordinates of `x m` (`m` a face move).
    #[inline(always)]
    pub fn after(&self, x: &Side, m: usize) -> Coords {
        let c = &x.c;
        Coords {
            twist: self.twist[c.twist as usize * MOVES + m],
            corners: self.corners[m][c.corners as usize],
            edges: c.edges.map(|e| self.edge_mask(m, e as u32) as u16),
            eo: self.eo(m, c.eo as u32) as u16,
        }
    }

    /// Position mask (edges) after move `m`.
    #[inline(always)]
    pub fn edge_mask(&self, m: usize, e: u32) -> u32 {
        (self.low[m][(e & 63) as usize] | self.high[m][(e >> 6 & 63) as usize]) as u32
    }

    /// The edge orientation of `x m` from that of `x`.
    #[inline(always)]
    pub fn eo(&self, m: usize, eo: u32) -> u32 {
        self.edge_mask(m, eo) ^ self.flip[m] as u32
    }

    /// `x m` with its coordinates.
    #[cfg(test)]
    pub fn apply(&self, x: &Side, m: usize) -> Side {
        self.apply_with(x, m, self.after(x, m))
    }

    /// `x m` given its coordinates `c` (from [`MoveCoords::after`]): only the move's four
    /// corner and four edge positions change.
    #[inline(always)]
    pub fn apply_with(&self, x: &Side, m: usize, c: Coords) -> Side {
        let mut p = x.p;
        for &(i, from, added) in &self.corner_cells[m] {
            let t = x.p.co[from as usize] + added;
            p.cp[i as usize] = x.p.cp[from as usize];
            p.co[i as usize] = if t >= 3 { t - 3 } else { t };
        }
        for &(i, from, flip) in &self.edge_cells[m] {
            p.ep[i as usize] = x.p.ep[from as usize];
            p.eo[i as usize] = x.p.eo[from as usize] ^ flip;
        }
        Side { p, c }
    }
}

/// The coordinates of `a y` (a premove `a`, a face turn) from those of `y` and of its
/// inverse: `a` changes the pieces of one face, and the inverse says where they are in `y`.
/// Each piece's change is kept as what it does to the coordinates, so a premove is a few
/// exclusive ors at the four positions with no branch.
pub struct PremoveCoords {
    corners: [[CornerChange; 4]; MOVES],
    edges: [[EdgeChange; 4]; MOVES],
    coords: [CoordChange; MOVES],
}

/// What a premove does to the coordinates alone. A face turn's pieces change together: a
/// quarter turn takes each of its four corners to the other tetrad and each of its four edges
/// to the other of two slices (flipping all four or none), a half turn changes neither.
#[derive(Clone, Copy)]
struct CoordChange {
    corners: [u8; 4],
    added: [u8; 4],
    /// All ones when the corners change tetrad.
    tetrads: u8,
    edges: [u8; 4],
    /// Per slice, all ones when its mask changes at the edges' positions (the two slices the
    /// edges move between).
    slices: [u16; 3],
    /// All ones when the edges flip.
    flips: u16,
}

/// What a premove does to one of its corners' pieces.
#[derive(Clone, Copy)]
struct CornerChange {
    piece: u8,
    added: u8,
    becomes: u8,
}

/// What a premove does to one of its edges' pieces.
#[derive(Clone, Copy)]
struct EdgeChange {
    piece: u8,
    /// 1 when it flips.
    flip: u8,
    becomes: u8,
}

pub fn premove_coords() -> &'static PremoveCoords {
    static P: OnceLock<PremoveCoords> = OnceLock::new();
    P.get_or_init(|| {
        let faces = face_moves();
        // The four pieces (of `n`) a move changes.
        let moved = |n: usize, changed: &dyn Fn(usize) -> bool| -> [usize; 4] {
            let v: Vec<usize> = (0..n).filter(|&j| changed(j)).collect();
            std::array::from_fn(|k| v[k])
        };
        let corners: [[CornerChange; 4]; MOVES] = std::array::from_fn(|m| {
            let a = &faces[m];
            moved(8, &|j| a.cp[j] as usize != j || a.co[j] != 0).map(|j| CornerChange {
                piece: j as u8,
                added: a.co[j],
                becomes: a.cp[j],
            })
        });
        let edges: [[EdgeChange; 4]; MOVES] = std::array::from_fn(|m| {
            let a = &faces[m];
            moved(12, &|j| a.ep[j] as usize != j).map(|j| EdgeChange {
                piece: j as u8,
                flip: a.eo[j],
                becomes: a.ep[j],
            })
        });
        // Checked by `coordinates_follow_premoves`: the coordinates of every premove agree
        // with those of the pieces.
        let coords = std::array::from_fn(|m| {
            let (c, e) = (&corners[m], &edges[m]);
            // The slice an edge leaves and the one it joins (the same when it stays).
            let (from, to) = (e[0].piece >> 2, e[0].becomes >> 2);
            let tetrad = (c[0].piece < 4) != (c[0].becomes < 4);
            CoordChange {
                corners: c.map(|x| x.piece),
                added: c.map(|x| x.added),
                tetrads: 0u8.wrapping_sub(tetrad as u8),
                edges: e.map(|x| x.piece),
                slices: std::array::from_fn(|k| {
                    if from != to && (from == k as u8 || to == k as u8) {
                        u16::MAX
                    } else {
                        0
                    }
                }),
                flips: 0u16.wrapping_sub(e[0].flip as u16),
            }
        });
        PremoveCoords {
            corners,
            edges,
            coords,
        }
    })
}

/// How the twist coordinate changes when a twist is added at a position: `TWIST_DELTA[added]
/// [position][old twist]` (the last position is not in the coordinate). Twists index a fourth
/// entry (zero) that is never read, so that masking the index with 3 proves it in range.
const TWIST_DELTA: [[[i16; 4]; 8]; 4] = {
    const POW3: [i16; 8] = [729, 243, 81, 27, 9, 3, 1, 0];
    let mut t = [[[0i16; 4]; 8]; 4];
    let mut added = 0;
    while added < 3 {
        let mut i = 0;
        while i < 8 {
            let mut old = 0;
            while old < 3 {
                t[added][i][old] = ((old + added) % 3) as i16 * POW3[i] - old as i16 * POW3[i];
                old += 1;
            }
            i += 1;
        }
        added += 1;
    }
    t
};

impl PremoveCoords {
    /// The coordinates of `faces[m] y`, given `y` and `y⁻¹`.
    #[inline(always)]
    pub fn after(&self, y: &Side, inverse: &Perm, m: usize) -> Coords {
        let c = &self.coords[m];
        let mut tetrads = 0u8;
        let mut twist = y.c.twist as i16;
        for k in 0..4 {
            // Positions below 8 and twists below 3 (the masks only spare the bounds checks).
            let i = inverse.cp[c.corners[k] as usize & 7] as usize & 7;
            tetrads |= 1 << i;
            twist += TWIST_DELTA[c.added[k] as usize & 3][i][y.p.co[i] as usize & 3];
        }
        let mut bits = 0u16;
        for k in 0..4 {
            bits |= 1 << (inverse.ep[c.edges[k] as usize] & 15);
        }
        let e = y.c.edges;
        Coords {
            twist: twist as u16,
            corners: y.c.corners ^ (tetrads & c.tetrads),
            edges: [
                e[0] ^ (bits & c.slices[0]),
                e[1] ^ (bits & c.slices[1]),
                e[2] ^ (bits & c.slices[2]),
            ],
            eo: y.c.eo ^ (bits & c.flips),
        }
    }

    /// `faces[m] y` with its coordinates, given `y` and `y⁻¹`.
    #[cfg(test)]
    pub fn apply(&self, y: &Side, inverse: &Perm, m: usize) -> Side {
        self.apply_with(y, inverse, m, self.after(y, inverse, m))
    }

    /// `faces[m] y` given its coordinates `c` (from [`PremoveCoords::after`]): only the
    /// positions holding the premove's pieces change, and the inverse says which.
    #[inline(always)]
    pub fn apply_with(&self, y: &Side, inverse: &Perm, m: usize, c: Coords) -> Side {
        let mut p = y.p;
        for &CornerChange {
            piece: j,
            added,
            becomes: piece,
        } in &self.corners[m]
        {
            // Positions below 8 (the mask only spares the bounds check).
            let i = inverse.cp[j as usize & 7] as usize & 7;
            let t = p.co[i] + added;
            p.cp[i] = piece;
            p.co[i] = if t >= 3 { t - 3 } else { t };
        }
        for &EdgeChange {
            piece: j,
            flip,
            becomes: piece,
        } in &self.edges[m]
        {
            let i = inverse.ep[j as usize] as usize;
            p.ep[i] = piece;
            p.eo[i] ^= flip;
        }
        Side { p, c }
    }
}

/// The corner state after each face move: `corner_move[c * 18 + m]`.
pub fn corner_moves() -> Vec<u32> {
    let faces = face_moves();
    let mut out = Vec::with_capacity(CORNER_STATES * MOVES);
    for c in 0..CORNER_STATES as u32 {
        let p = corner_state_perm(c);
        out.extend(faces.iter().map(|f| corner_state(&p.then(f))));
    }
    out
}

/// The edge separation after each face move: `edge_move[e * 18 + m]`.
pub fn edge_moves() -> Vec<u16> {
    let faces = face_moves();
    let mut out = Vec::with_capacity(EDGE_SEPS * MOVES);
    for e in 0..EDGE_SEPS as u32 {
        let p = edge_sep_perm(e);
        out.extend(faces.iter().map(|f| edge_sep(&p.then(f)) as u16));
    }
    out
}

/// The edge separation after each symmetry: `edge_conj[s * EDGE_SEPS + e]`.
pub fn edge_conj() -> Vec<u16> {
    let sy = symmetries();
    let mut out = Vec::with_capacity(SYMS * EDGE_SEPS);
    for s in 0..SYMS {
        for e in 0..EDGE_SEPS as u32 {
            out.push(edge_sep(&sy.conj(s, &edge_sep_perm(e))) as u16);
        }
    }
    out
}

/// Fields of an entry of the corner-class table.
pub const CLASS_BITS: u32 = 12;
pub const SYM_SHIFT: u32 = 12;
pub const BOUND_SHIFT: u32 = 18;

/// The corner-class table: for each corner state, `class | sym << 12 | bound << 18`, where
/// `sym` takes the state to its class representative and `bound` is the state's own distance
/// to the target (a lower bound of the cube's); and the representative of each class (the
/// smallest state in it).
pub fn corner_classes(corner_move: &[u32]) -> (Vec<u32>, Vec<u32>) {
    let sy = symmetries();
    let mut class_of = vec![u32::MAX; CORNER_STATES];
    let mut reps = Vec::with_capacity(CLASSES);
    for c in 0..CORNER_STATES as u32 {
        if class_of[c as usize] != u32::MAX {
            continue;
        }
        let k = reps.len() as u32;
        reps.push(c);
        let p = corner_state_perm(c);
        for s in 0..SYMS {
            let image = corner_state(&sy.conj(s, &p)) as usize;
            if class_of[image] == u32::MAX {
                class_of[image] = k | (sy.inverse[s] as u32) << SYM_SHIFT;
            }
        }
    }
    // Breadth-first distances of the corner states themselves.
    let mut dist = vec![u8::MAX; CORNER_STATES];
    let solved = corner_state(&Perm::IDENTITY) as usize;
    dist[solved] = 0;
    let mut frontier = vec![solved as u32];
    let mut d = 0;
    while !frontier.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for &c in &frontier {
            for m in 0..MOVES {
                let n = corner_move[c as usize * MOVES + m] as usize;
                if dist[n] == u8::MAX {
                    dist[n] = d;
                    next.push(n as u32);
                }
            }
        }
        frontier = next;
    }
    for (e, &d) in class_of.iter_mut().zip(&dist) {
        *e |= (d as u32) << BOUND_SHIFT;
    }
    (class_of, reps)
}

/// The symmetries other than the identity that keep each class representative: a cube's
/// images under them have the same class and are the same position seen another way.
pub fn stabilizers(reps: &[u32]) -> Vec<Vec<usize>> {
    let sy = symmetries();
    reps.iter()
        .map(|&r| {
            let p = corner_state_perm(r);
            (1..SYMS)
                .filter(|&t| corner_state(&sy.conj(t, &p)) == r)
                .collect()
        })
        .collect()
}

#[cfg(test)]
#[allow(clippy::needless_range_loop)]
mod tests {
    use super::*;
    use crate::cube3::Cube;
    use crate::rng::Rng;

    #[test]
    fn coordinates_round_trip() {
        for c in (0..CORNER_STATES as u32).step_by(7) {
            assert_eq!(corner_state(&corner_state_perm(c)), c);
        }
        for e in 0..EDGE_SEPS as u32 {
            assert_eq!(edge_sep(&edge_sep_perm(e)), e);
        }
    }

    /// The coordinates of `s x s⁻¹` depend on those of `x` alone, so the reduction by symmetry
    /// is well defined; the mask shortcut agrees with conjugating the whole cube.
    #[test]
    fn symmetries_act_on_the_coordinates() {
        let sy = symmetries();
        let conj = mask_conj();
        let mut rng = Rng::new(3);
        for _ in 0..200 {
            let x = *Cube::random(&mut rng).pieces();
            let cx = corner_state_perm(corner_state(&x));
            let ex = edge_sep_perm(edge_sep(&x));
            for s in 0..SYMS {
                let image = sy.conj(s, &x);
                assert_eq!(corner_state(&image), corner_state(&sy.conj(s, &cx)));
                assert_eq!(edge_sep(&image), edge_sep(&sy.conj(s, &ex)));
                assert_eq!(conj[s].edge_sep(&edge_masks(&x)), edge_sep(&image));
                assert_eq!(conj[s].eo(eo_mask(&x), &edge_masks(&x)), eo_mask(&image));
            }
        }
    }

    #[test]
    fn coordinates_follow_premoves() {
        let pc = premove_coords();
        let faces = face_moves();
        let mut rng = Rng::new(6);
        for _ in 0..200 {
            let y = Side::new(*Cube::random(&mut rng).pieces());
            let inverse = y.p.inverse();
            for m in 0..MOVES {
                let got = pc.apply(&y, &inverse, m);
                assert!(got == Side::new(faces[m].then(&y.p)), "move {m}");
                assert_eq!(pc.after(&y, &inverse, m), got.c);
            }
            // The search premoves a face once for both of its quarter turns (the target
            // holds the half turn between them).
            for f in 0..6 {
                assert_eq!(
                    pc.after(&y, &inverse, 3 * f),
                    pc.after(&y, &inverse, 3 * f + 2)
                );
            }
        }
    }

    #[test]
    fn coordinates_follow_moves() {
        let mc = move_coords();
        let faces = face_moves();
        let mut rng = Rng::new(4);
        for _ in 0..200 {
            let x = Side::new(*Cube::random(&mut rng).pieces());
            for m in 0..MOVES {
                let after = Side::new(x.p.then(&faces[m]));
                assert!(mc.apply(&x, m) == after);
                assert_eq!(mc.after(&x, m), after.c);
            }
        }
    }

    #[test]
    fn corner_classes_match_the_published_count() {
        let moves = corner_moves();
        let (class_of, reps) = corner_classes(&moves);
        assert_eq!(reps.len(), CLASSES);
        let sy = symmetries();
        for (c, &e) in class_of.iter().enumerate().step_by(11) {
            let k = (e & ((1 << CLASS_BITS) - 1)) as usize;
            let s = (e >> SYM_SHIFT & 63) as usize;
            let image = corner_state(&sy.conj(s, &corner_state_perm(c as u32)));
            assert_eq!(image, reps[k]);
        }
        // Bounds: the solved state is at 0, every move changes a bound by at most one.
        let bound = |c: usize| class_of[c] >> BOUND_SHIFT;
        assert_eq!(bound(corner_state(&Perm::IDENTITY) as usize), 0);
        for c in (0..CORNER_STATES).step_by(13) {
            for m in 0..MOVES {
                let n = moves[c * MOVES + m] as usize;
                assert!(bound(c).abs_diff(bound(n)) <= 1);
            }
        }
    }
}
