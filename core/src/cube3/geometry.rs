//! The geometry behind every table of the 3x3x3 model, derived from 3D coordinates.
//!
//! Nothing here is copied from another program: faces are unit vectors (x towards R, y towards U,
//! z towards F), a piece position is the sum of the normals of its faces, and a quarter turn is a
//! rotation matrix. From these the module derives, once, the piece permutation of every face
//! turn and of every whole-cube rotation, the 24 cube orientations and their products, and the
//! move tables [`Tables`] that [`super::Cube`] uses. The B32 vectors in the tests pin the result.
//!
//! **Orientation conventions** (those of nissy's B32 format, confirmed by its vectors):
//! - A corner's *reference facelet* is its U or D facelet; its twist is the number of clockwise
//!   steps (seen from outside the corner) from the position's reference facelet to the piece's
//!   reference sticker: 0, 1 (twisted clockwise, B32 `+8`) or 2 (counter-clockwise, `+16`).
//! - An edge's reference facelet is its U or D facelet if it has one, else its F or B facelet
//!   (the F/B axis); the edge is flipped (B32 `+16`) when the piece's reference sticker is not on
//!   the position's reference facelet.
//!
//! Both are measured against the position, so a piece permutation composes as usual: "`a` then
//! `b`" puts at position `i` the piece that `a` had at position `b.cp[i]`, with the twists added.

use std::sync::OnceLock;

use super::moves::{Move, MoveKind};

/// Face indices, in the order of the face moves of [`MoveKind`].
pub(crate) const U: usize = 0;
pub(crate) const D: usize = 1;
pub(crate) const R: usize = 2;
pub(crate) const L: usize = 3;
pub(crate) const F: usize = 4;
pub(crate) const B: usize = 5;

type Vec3 = [i8; 3];
type Mat = [[i8; 3]; 3];

/// Outward normals of U, D, R, L, F, B.
const NORMALS: [Vec3; 6] = [
    [0, 1, 0],
    [0, -1, 0],
    [1, 0, 0],
    [-1, 0, 0],
    [0, 0, 1],
    [0, 0, -1],
];

/// Corner positions UFR UBL DFL DBR UFL UBR DFR DBL; the first face is the reference facelet.
pub(crate) const CORNER_FACES: [[usize; 3]; 8] = [
    [U, F, R],
    [U, B, L],
    [D, F, L],
    [D, B, R],
    [U, F, L],
    [U, B, R],
    [D, F, R],
    [D, B, L],
];

/// Edge positions UF UB DB DF UR UL DL DR FR FL BL BR; the first face is the reference facelet.
pub(crate) const EDGE_FACES: [[usize; 2]; 12] = [
    [U, F],
    [U, B],
    [D, B],
    [D, F],
    [U, R],
    [U, L],
    [D, L],
    [D, R],
    [F, R],
    [F, L],
    [B, L],
    [B, R],
];

/// Cube orientations 0..23 as (face of the centre on top, face of the centre in front).
pub(crate) const ORIENTATION_FACES: [[usize; 2]; 24] = [
    [U, F],
    [U, R],
    [U, B],
    [U, L],
    [D, F],
    [D, R],
    [D, B],
    [D, L],
    [R, F],
    [R, D],
    [R, B],
    [R, U],
    [L, F],
    [L, D],
    [L, B],
    [L, U],
    [F, D],
    [F, R],
    [F, U],
    [F, L],
    [B, D],
    [B, R],
    [B, U],
    [B, L],
];

/// A permutation of the corners and edges with their orientations ("replaced by" form: position
/// `i` holds piece `cp[i]` with twist `co[i]`, and likewise for the edges).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Perm {
    pub cp: [u8; 8],
    pub co: [u8; 8],
    pub ep: [u8; 12],
    pub eo: [u8; 12],
}

impl Perm {
    pub const IDENTITY: Perm = Perm {
        cp: [0, 1, 2, 3, 4, 5, 6, 7],
        co: [0; 8],
        ep: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        eo: [0; 12],
    };

    /// `self`, then `b`.
    #[inline]
    pub fn then(&self, b: &Perm) -> Perm {
        let mut r = Perm::IDENTITY;
        for i in 0..8 {
            let j = b.cp[i] as usize;
            r.cp[i] = self.cp[j];
            let t = self.co[j] + b.co[i];
            r.co[i] = if t >= 3 { t - 3 } else { t };
        }
        for i in 0..12 {
            let j = b.ep[i] as usize;
            r.ep[i] = self.ep[j];
            r.eo[i] = self.eo[j] ^ b.eo[i];
        }
        r
    }

    pub fn inverse(&self) -> Perm {
        let mut r = Perm::IDENTITY;
        for i in 0..8 {
            let j = self.cp[i] as usize;
            r.cp[j] = i as u8;
            r.co[j] = (3 - self.co[i]) % 3;
        }
        for i in 0..12 {
            let j = self.ep[i] as usize;
            r.ep[j] = i as u8;
            r.eo[j] = self.eo[i];
        }
        r
    }
}

fn dot(a: Vec3, b: Vec3) -> i8 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross(a: Vec3, b: Vec3) -> Vec3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn add(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn apply(m: &Mat, v: Vec3) -> Vec3 {
    [dot(m[0], v), dot(m[1], v), dot(m[2], v)]
}

/// `a` after `b` (the matrix of "first `b`, then `a`").
fn mat_mul(a: &Mat, b: &Mat) -> Mat {
    let mut r = [[0; 3]; 3];
    for (i, row) in r.iter_mut().enumerate() {
        for (j, x) in row.iter_mut().enumerate() {
            *x = (0..3).map(|k| a[i][k] * b[k][j]).sum();
        }
    }
    r
}

fn transpose(m: &Mat) -> Mat {
    let mut r = [[0; 3]; 3];
    for (i, row) in r.iter_mut().enumerate() {
        for (j, x) in row.iter_mut().enumerate() {
            *x = m[j][i];
        }
    }
    r
}

const IDENTITY_MAT: Mat = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];

/// The quarter turn clockwise as seen from outside the face with normal `n`: a rotation by -90
/// degrees about `n`, `v -> n (n.v) - n x v`.
fn quarter(n: Vec3) -> Mat {
    let mut m = [[0; 3]; 3];
    for (j, e) in [[1, 0, 0], [0, 1, 0], [0, 0, 1]].into_iter().enumerate() {
        let k = dot(n, e);
        let c = cross(n, e);
        for i in 0..3 {
            m[i][j] = n[i] * k - c[i];
        }
    }
    m
}

fn power(m: &Mat, k: u8) -> Mat {
    (0..k).fold(IDENTITY_MAT, |acc, _| mat_mul(m, &acc))
}

fn face_of(v: Vec3) -> usize {
    NORMALS
        .iter()
        .position(|&n| n == v)
        .expect("a rotation maps face normals to face normals")
}

fn corner_vec(p: usize) -> Vec3 {
    let f = CORNER_FACES[p];
    add(add(NORMALS[f[0]], NORMALS[f[1]]), NORMALS[f[2]])
}

fn edge_vec(p: usize) -> Vec3 {
    let f = EDGE_FACES[p];
    add(NORMALS[f[0]], NORMALS[f[1]])
}

/// Clockwise steps (seen from outside corner `p`) from its reference facelet to normal `r`.
fn corner_twist(p: usize, r: Vec3) -> u8 {
    let [a, b, c] = CORNER_FACES[p].map(|f| NORMALS[f]);
    if r == a {
        return 0;
    }
    // At UFR the clockwise order is U, R, F, and det(U, R, F) = -1.
    let next_cw = if dot(a, cross(b, c)) < 0 { b } else { c };
    if r == next_cw {
        1
    } else {
        assert!(r == b || r == c, "sticker normal must belong to the corner");
        2
    }
}

/// Clockwise steps (seen from outside) from corner position `p`'s reference facelet to its
/// facelet on face `f`, one of the corner's faces: 0, 1 or 2. The pictures read stickers with it.
pub(crate) fn corner_facelet_steps(p: usize, f: usize) -> u8 {
    corner_twist(p, NORMALS[f])
}

/// The piece permutation of the rigid motion `m` applied to the layer of face `layer` (every
/// piece when `None`).
fn motion(m: &Mat, layer: Option<usize>) -> Perm {
    let moves = |v: Vec3| layer.is_none_or(|f| dot(v, NORMALS[f]) > 0);
    let mut p = Perm::IDENTITY;
    for i in 0..8 {
        let v = corner_vec(i);
        if !moves(v) {
            continue;
        }
        let s = (0..8)
            .find(|&s| moves(corner_vec(s)) && apply(m, corner_vec(s)) == v)
            .expect("a layer turn permutes the corners of its layer");
        p.cp[i] = s as u8;
        p.co[i] = corner_twist(i, apply(m, NORMALS[CORNER_FACES[s][0]]));
    }
    for i in 0..12 {
        let v = edge_vec(i);
        if !moves(v) {
            continue;
        }
        let s = (0..12)
            .find(|&s| moves(edge_vec(s)) && apply(m, edge_vec(s)) == v)
            .expect("a layer turn permutes the edges of its layer");
        p.ep[i] = s as u8;
        let r = apply(m, NORMALS[EDGE_FACES[s][0]]);
        p.eo[i] = u8::from(r != NORMALS[EDGE_FACES[i][0]]);
    }
    p
}

/// The orientation reached from the standard one by the whole-cube motion `m`: the centre on
/// top is the one `m` carried to U, the one in front the one it carried to F.
fn orientation_of(m: &Mat) -> u8 {
    let back = transpose(m); // the inverse rotation
    let top = face_of(apply(&back, NORMALS[U]));
    let front = face_of(apply(&back, NORMALS[F]));
    ORIENTATION_FACES
        .iter()
        .position(|&o| o == [top, front])
        .expect("top and front centres are adjacent") as u8
}

/// The shared, immutable tables (built once, on first use).
pub(crate) struct Tables {
    /// `face_turn[f][k - 1]`: face `f` turned `k` quarter turns clockwise, in the centres' frame.
    pub face_turn: [[Perm; 3]; 6],
    /// The pieces' motion of the whole-cube rotation that reaches orientation `o`.
    pub rot: [Perm; 24],
    /// Inverses of `rot`.
    pub rot_inv: [Perm; 24],
    /// `ori_mul[a][b]`: rotation `a`, then rotation `b` (both about the fixed spatial axes).
    pub ori_mul: [[u8; 24]; 24],
    pub ori_inv: [u8; 24],
    /// `face_at[o][s]`: the centre (face index) at spatial place `s` in orientation `o`.
    pub face_at: [[u8; 6]; 24],
    /// The cube of each move (indexed by [`Move::index`]) applied to the solved cube.
    pub move_pieces: [Perm; Move::COUNT],
    pub move_ori: [u8; Move::COUNT],
    /// `move_conj[o * Move::COUNT + m]`: the piece effect of move `m` made on a cube in
    /// orientation `o`, i.e. `rot[o]`, then `move_pieces[m]`, then `rot_inv[o]`.
    pub move_conj: Vec<Perm>,
}

impl Tables {
    /// `rot[o]`, then `p`, then `rot[o]` undone: `p` made in orientation `o`.
    pub fn conjugate(&self, o: u8, p: &Perm) -> Perm {
        let o = o as usize;
        self.rot[o].then(p).then(&self.rot_inv[o])
    }
}

/// One step of a move's decomposition into face turns and rotations.
enum Step {
    /// A face turned clockwise by the given number of quarter turns (1..3), named in space.
    Face(usize, u8),
    /// A rotation like the turn of the given face (R for x, U for y, F for z), in quarter turns.
    Rotate(usize, u8),
}

/// What each move is made of (`k` quarter turns; `n` is the opposite direction):
/// `Rw = L x`, `Lw = R x'`, `Uw = D y`, `Dw = U y'`, `Fw = B z`, `Bw = F z'`, `M = R L' x'`,
/// `E = U D' y'`, `S = F' B z`; the parts of each commute, so powers distribute.
fn decomposition(kind: MoveKind, k: u8) -> Vec<Step> {
    use MoveKind as K;
    use Step::{Face, Rotate};
    let n = 4 - k;
    match kind {
        K::U => vec![Face(U, k)],
        K::D => vec![Face(D, k)],
        K::R => vec![Face(R, k)],
        K::L => vec![Face(L, k)],
        K::F => vec![Face(F, k)],
        K::B => vec![Face(B, k)],
        K::Uw => vec![Face(D, k), Rotate(U, k)],
        K::Dw => vec![Face(U, k), Rotate(U, n)],
        K::Rw => vec![Face(L, k), Rotate(R, k)],
        K::Lw => vec![Face(R, k), Rotate(R, n)],
        K::Fw => vec![Face(B, k), Rotate(F, k)],
        K::Bw => vec![Face(F, k), Rotate(F, n)],
        K::M => vec![Face(R, k), Face(L, n), Rotate(R, n)],
        K::E => vec![Face(U, k), Face(D, n), Rotate(U, n)],
        K::S => vec![Face(F, n), Face(B, k), Rotate(F, k)],
        K::X => vec![Rotate(R, k)],
        K::Y => vec![Rotate(U, k)],
        K::Z => vec![Rotate(F, k)],
    }
}

fn build() -> Tables {
    let face_turn: [[Perm; 3]; 6] = std::array::from_fn(|f| {
        std::array::from_fn(|k| motion(&power(&quarter(NORMALS[f]), k as u8 + 1), Some(f)))
    });

    // The 24 rotation matrices, found by closing {identity} under x and y.
    let gens = [quarter(NORMALS[R]), quarter(NORMALS[U])];
    let mut mats: [Option<Mat>; 24] = [None; 24];
    let mut queue = vec![IDENTITY_MAT];
    while let Some(m) = queue.pop() {
        let o = orientation_of(&m) as usize;
        if mats[o].is_some() {
            continue;
        }
        mats[o] = Some(m);
        queue.extend(gens.iter().map(|g| mat_mul(g, &m)));
    }
    let mats: [Mat; 24] = mats.map(|m| m.expect("x and y generate all 24 orientations"));

    let rot: [Perm; 24] = std::array::from_fn(|o| motion(&mats[o], None));
    let rot_inv = rot.map(|p| p.inverse());
    let ori_mul: [[u8; 24]; 24] = std::array::from_fn(|a| {
        std::array::from_fn(|b| orientation_of(&mat_mul(&mats[b], &mats[a])))
    });
    let ori_inv: [u8; 24] = std::array::from_fn(|o| orientation_of(&transpose(&mats[o])));
    let face_at: [[u8; 6]; 24] = std::array::from_fn(|o| {
        let back = transpose(&mats[o]);
        std::array::from_fn(|s| face_of(apply(&back, NORMALS[s])) as u8)
    });
    let rotation_ori = |f: usize, k: u8| orientation_of(&power(&quarter(NORMALS[f]), k));

    let mut t = Tables {
        face_turn,
        rot,
        rot_inv,
        ori_mul,
        ori_inv,
        face_at,
        move_pieces: [Perm::IDENTITY; Move::COUNT],
        move_ori: [0; Move::COUNT],
        move_conj: Vec::new(),
    };
    for m in Move::all() {
        let (mut p, mut o) = (Perm::IDENTITY, 0u8);
        for step in decomposition(m.kind(), m.amount()) {
            match step {
                Step::Face(f, k) => {
                    // A face named in space turns the layer of the centre now in that place.
                    let centre = t.face_at[o as usize][f] as usize;
                    p = p.then(&t.face_turn[centre][k as usize - 1]);
                }
                Step::Rotate(f, k) => o = t.ori_mul[o as usize][rotation_ori(f, k) as usize],
            }
        }
        t.move_pieces[m.index()] = p;
        t.move_ori[m.index()] = o;
    }
    let mut conj = Vec::with_capacity(24 * Move::COUNT);
    for o in 0..24u8 {
        for m in 0..Move::COUNT {
            conj.push(t.conjugate(o, &t.move_pieces[m]));
        }
    }
    t.move_conj = conj;
    t
}

/// The tables, built on first use.
pub(crate) fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarter_turns_follow_the_face_move_directions() {
        // U moves F to L; R moves F to U; F moves U to R.
        assert_eq!(apply(&quarter(NORMALS[U]), NORMALS[F]), NORMALS[L]);
        assert_eq!(apply(&quarter(NORMALS[R]), NORMALS[F]), NORMALS[U]);
        assert_eq!(apply(&quarter(NORMALS[F]), NORMALS[U]), NORMALS[R]);
        assert_eq!(power(&quarter(NORMALS[D]), 4), IDENTITY_MAT);
    }

    #[test]
    fn orientation_table_is_a_group() {
        let t = tables();
        for a in 0..24 {
            assert_eq!(t.ori_mul[0][a], a as u8);
            assert_eq!(t.ori_mul[a][0], a as u8);
            assert_eq!(t.ori_mul[a][t.ori_inv[a] as usize], 0);
            for b in 0..24 {
                for c in 0..24 {
                    let ab = t.ori_mul[a][b] as usize;
                    let bc = t.ori_mul[b][c] as usize;
                    assert_eq!(t.ori_mul[ab][c], t.ori_mul[a][bc]);
                }
            }
        }
    }

    #[test]
    fn rotation_pieces_are_a_homomorphism_of_the_orientations() {
        let t = tables();
        for a in 0..24 {
            for b in 0..24 {
                let ab = t.ori_mul[a][b] as usize;
                assert_eq!(t.rot[a].then(&t.rot[b]), t.rot[ab], "{a} {b}");
            }
        }
        let distinct: std::collections::HashSet<Perm> = t.rot.iter().copied().collect();
        assert_eq!(distinct.len(), 24);
    }

    #[test]
    fn face_at_names_top_and_front_centres() {
        let t = tables();
        for (o, &[top, front]) in ORIENTATION_FACES.iter().enumerate() {
            assert_eq!(t.face_at[o][U] as usize, top);
            assert_eq!(t.face_at[o][F] as usize, front);
        }
    }

    #[test]
    fn conjugating_a_face_turn_turns_the_centre_in_its_place() {
        let t = tables();
        for o in 0..24u8 {
            for f in 0..6 {
                let centre = t.face_at[o as usize][f] as usize;
                // Made in orientation o, spatial face f is the turn of the centre there.
                assert_eq!(
                    t.conjugate(o, &t.face_turn[f][0]),
                    t.face_turn[centre][0],
                    "orientation {o}, face {f}"
                );
            }
        }
    }

    #[test]
    fn perm_inverse_and_product() {
        let t = tables();
        let p = t.face_turn[R][0].then(&t.face_turn[F][0]).then(&t.rot[5]);
        assert_eq!(p.then(&p.inverse()), Perm::IDENTITY);
        assert_eq!(p.inverse().then(&p), Perm::IDENTITY);
        assert_ne!(p, Perm::IDENTITY);
    }
}
