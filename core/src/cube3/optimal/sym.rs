//! The 48 symmetries of the cube (24 rotations, each with or without the left-right mirror),
//! acting on piece permutations by conjugation.
//!
//! A symmetry maps face moves to face moves (a mirror reverses their direction), so it keeps
//! half-turn distances: `d(s x s⁻¹) = d(x)`. Symmetry `s` is rotation `s % 24` (the one that
//! reaches orientation `s % 24`), followed by the mirror when `s >= 24`.

use std::sync::OnceLock;

use crate::cube3::geometry::{CORNER_FACES, EDGE_FACES, L, Perm, R, tables};
pub(crate) use crate::cube3::solve::face_moves;

pub const SYMS: usize = 48;
pub const MOVES: usize = 18;

/// A face set with R and L exchanged.
fn mirrored(faces: &[usize]) -> Vec<usize> {
    let mut v: Vec<usize> = faces
        .iter()
        .map(|&f| match f {
            R => L,
            L => R,
            f => f,
        })
        .collect();
    v.sort_unstable();
    v
}

/// Where the mirror takes each position: the position with the same faces, R and L exchanged.
fn mirror_places<const N: usize, const K: usize>(faces: &[[usize; K]; N]) -> [u8; N] {
    std::array::from_fn(|i| {
        let image = mirrored(&faces[i]);
        faces
            .iter()
            .position(|f| {
                let mut f = f.to_vec();
                f.sort_unstable();
                f == image
            })
            .expect("the mirror maps positions to positions") as u8
    })
}

pub(crate) struct Symmetries {
    /// Edge position `i` goes to `edge_place[s][i]` (pieces are relabelled the same way).
    pub edge_place: [[u8; 12]; SYMS],
    /// `move_image[s][m]`: the face move `s m s⁻¹`.
    pub move_image: [[u8; MOVES]; SYMS],
    /// `inverse[s]`: the symmetry that undoes `s`.
    pub inverse: [u8; SYMS],
    corner_mirror: [u8; 8],
    edge_mirror: [u8; 12],
}

pub(crate) fn symmetries() -> &'static Symmetries {
    static S: OnceLock<Symmetries> = OnceLock::new();
    S.get_or_init(Symmetries::new)
}

impl Symmetries {
    fn new() -> Symmetries {
        let corner_mirror = mirror_places(&CORNER_FACES);
        let edge_mirror = mirror_places(&EDGE_FACES);
        let t = tables();
        let edge_place = std::array::from_fn(|s| {
            // A rotation takes position i to rot.ep[i] (see `conjugate`); the mirror then to
            // its mirror image.
            let rot = &t.rot[s % 24];
            std::array::from_fn(|i| {
                let p = rot.ep[i];
                if s >= 24 { edge_mirror[p as usize] } else { p }
            })
        });
        let mut out = Symmetries {
            edge_place,
            move_image: [[0; MOVES]; SYMS],
            inverse: [0; SYMS],
            corner_mirror,
            edge_mirror,
        };
        let faces = face_moves();
        for s in 0..SYMS {
            for m in 0..MOVES {
                let image = out.conj(s, &faces[m]);
                out.move_image[s][m] = faces
                    .iter()
                    .position(|f| *f == image)
                    .expect("a symmetry maps face moves to face moves")
                    as u8;
            }
        }
        // A permutation that no symmetry fixes tells the inverses apart.
        let probe = faces[0].then(&faces[6]).then(&faces[12]).then(&faces[1]);
        for s in 0..SYMS {
            let image = out.conj(s, &probe);
            out.inverse[s] = (0..SYMS)
                .find(|&t| out.conj(t, &image) == probe)
                .expect("symmetries form a group") as u8;
        }
        out
    }

    /// The left-right mirror image of a permutation (twists reverse, flips stay).
    fn mirror(&self, p: &Perm) -> Perm {
        let mut r = Perm::IDENTITY;
        for i in 0..8 {
            let j = self.corner_mirror[i] as usize;
            r.cp[j] = self.corner_mirror[p.cp[i] as usize];
            r.co[j] = (3 - p.co[i]) % 3;
        }
        for i in 0..12 {
            let j = self.edge_mirror[i] as usize;
            r.ep[j] = self.edge_mirror[p.ep[i] as usize];
            r.eo[j] = p.eo[i];
        }
        r
    }

    /// `s p s⁻¹`.
    pub fn conj(&self, s: usize, p: &Perm) -> Perm {
        let r = tables().conjugate((s % 24) as u8, p);
        if s >= 24 { self.mirror(&r) } else { r }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    fn random_perm(rng: &mut Rng) -> Perm {
        *crate::cube3::Cube::random(rng).pieces()
    }

    #[test]
    fn symmetries_are_automorphisms() {
        let sy = symmetries();
        let mut rng = Rng::new(7);
        let faces = face_moves();
        let mut images = std::collections::HashSet::new();
        let probe = random_perm(&mut rng);
        for s in 0..SYMS {
            images.insert(sy.conj(s, &probe));
            for _ in 0..20 {
                let (a, b) = (random_perm(&mut rng), random_perm(&mut rng));
                assert_eq!(
                    sy.conj(s, &a.then(&b)),
                    sy.conj(s, &a).then(&sy.conj(s, &b))
                );
                assert_eq!(sy.conj(sy.inverse[s] as usize, &sy.conj(s, &a)), a);
            }
            // Face moves map to face moves of the same kind (quarter or half turn).
            for m in 0..MOVES {
                let i = sy.move_image[s][m] as usize;
                assert_eq!(sy.conj(s, &faces[m]), faces[i]);
                assert_eq!(m % 3 == 1, i % 3 == 1);
            }
        }
        assert_eq!(images.len(), SYMS, "48 distinct symmetries");
    }

    #[test]
    fn edge_places_describe_the_conjugation() {
        let sy = symmetries();
        let mut rng = Rng::new(8);
        for s in 0..SYMS {
            let p = random_perm(&mut rng);
            let c = sy.conj(s, &p);
            let place = &sy.edge_place[s];
            for i in 0..12 {
                assert_eq!(c.ep[place[i] as usize], place[p.ep[i] as usize]);
            }
        }
    }
}
