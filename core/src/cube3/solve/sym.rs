//! The exact phase-1 distance: one table over every phase-1 position, reduced by symmetry.
//!
//! A phase-1 position is (twist, flip, slice places): 2187 x 2048 x 495 = 2.2 billion values,
//! too many to store. The eight rotations that keep the U/D axis (orientations 0..8: U or D on
//! top) map phase 1 to itself (the face moves to face moves, G1 to G1), so conjugate positions
//! are equally far from G1. Flip and slice places together ("flipslice", 1,013,760 values) fall
//! into [`FLIPSLICE_CLASSES`] classes under those rotations; a position is looked up as (class,
//! twist conjugated by the rotation that takes its flipslice to the class representative).
//!
//! Entries hold the distance modulo 3 (2 bits): the search knows the exact distance of the
//! node it comes from, and a move changes the distance by -1, 0 or +1, which the residue tells
//! apart. The root's distance is found by walking down to G1 ([`PhaseOne::distance`]).

use std::sync::atomic::{AtomicU8, Ordering};

use rayon::prelude::*;

use crate::cube3::geometry::{Perm, tables};

use super::coord::*;

/// Rotations that keep the U/D axis (orientation numbers, U or D on top).
pub const SYMS: usize = 8;
pub const FLIPSLICES: usize = SLICE_SETS * FLIPS;
/// Flipslice classes under [`SYMS`] rotations (checked by a test).
pub const FLIPSLICE_CLASSES: usize = 127_166;
pub const ENTRIES: usize = FLIPSLICE_CLASSES * TWISTS;

/// A flipslice value of a cube: slice places x 2048 + flip.
fn flipslice(p: &Perm, sets: &[u16]) -> u32 {
    sets[slice(p) as usize] as u32 * FLIPS as u32 + flip(p) as u32
}

/// The symmetry tables: class and rotation of every flipslice value, rotation images of twists,
/// and each class's representative and symmetries.
pub struct SymTables {
    /// `class << 3 | rotation`: the rotation takes the value to its class representative.
    pub class_of: Vec<u32>,
    /// `twist_conj[t * SYMS + s]`: the twist of the cube with twist `t` after rotation `s`.
    pub twist_conj: Vec<u16>,
    /// Representative flipslice value of each class.
    pub rep: Vec<u32>,
    /// Rotations that fix each class's representative (bit s set).
    pub stab: Vec<u8>,
}

/// `s` applied to a cube: the cube seen after rotation `s` (a conjugation).
fn conj(s: usize, p: &Perm) -> Perm {
    tables().conjugate(s as u8, p)
}

/// A cube with the given flipslice value (other pieces arbitrary).
fn cube_of_flipslice(x: u32, set_rep: &[u16]) -> Perm {
    let mut p = Perm::IDENTITY;
    set_slice(&mut p, set_rep[x as usize / FLIPS]);
    set_flip(&mut p, (x as usize % FLIPS) as u16);
    p
}

/// One slice value for each set of places.
fn set_reps(sets: &[u16]) -> Vec<u16> {
    let mut rep = vec![u16::MAX; SLICE_SETS];
    for (x, &k) in sets.iter().enumerate() {
        if rep[k as usize] == u16::MAX {
            rep[k as usize] = x as u16;
        }
    }
    rep
}

impl SymTables {
    pub fn build() -> SymTables {
        let sets = slice_sets();
        let set_rep = set_reps(&sets);
        let inv = |s: usize| tables().ori_inv[s] as usize;
        let mut class_of = vec![u32::MAX; FLIPSLICES];
        let mut rep = Vec::new();
        let mut stab = Vec::new();
        for x in 0..FLIPSLICES as u32 {
            if class_of[x as usize] != u32::MAX {
                continue;
            }
            let class = rep.len() as u32;
            let p = cube_of_flipslice(x, &set_rep);
            let mut fixed = 0u8;
            for s in 0..SYMS {
                let y = flipslice(&conj(s, &p), &sets);
                if y == x {
                    fixed |= 1 << s;
                }
                // y seen after the inverse rotation is x again.
                if class_of[y as usize] == u32::MAX {
                    class_of[y as usize] = class << 3 | inv(s) as u32;
                }
            }
            rep.push(x);
            stab.push(fixed);
        }
        let twist_conj = (0..TWISTS as u16)
            .flat_map(|t| {
                let mut p = Perm::IDENTITY;
                set_twist(&mut p, t);
                (0..SYMS).map(move |s| twist(&conj(s, &p)))
            })
            .collect();
        SymTables {
            class_of,
            twist_conj,
            rep,
            stab,
        }
    }

    /// Entry of a phase-1 position.
    #[inline(always)]
    pub fn entry(&self, twist: u16, flipslice: u32) -> usize {
        let cs = self.class_of[flipslice as usize];
        let (class, s) = ((cs >> 3) as usize, (cs & 7) as usize);
        class * TWISTS + self.twist_conj[twist as usize * SYMS + s] as usize
    }
}

/// Exact phase-1 distances of every position, one byte each, by breadth-first search over the
/// entries (forward while the level is small, then backward from the unreached ones).
/// `level_done(level, entries reached)` is called after each level; when it returns false the
/// build stops (`None`).
pub fn distances(
    sym: &SymTables,
    (twist_move, flip_move, set_move): (&[u16], &[u16], &[u16]),
    solved_set: u16,
    level_done: &mut dyn FnMut(u8, u64) -> bool,
) -> Option<Vec<u8>> {
    const UNSET: u8 = u8::MAX;
    let dist: Vec<AtomicU8> = (0..ENTRIES).map(|_| AtomicU8::new(UNSET)).collect();
    #[inline(always)]
    fn neighbours(
        sym: &SymTables,
        (twist_move, flip_move, set_move): (&[u16], &[u16], &[u16]),
        e: usize,
        mut f: impl FnMut(usize),
    ) {
        let (class, t) = (e / TWISTS, e % TWISTS);
        let x = sym.rep[class] as usize;
        let (set, fl) = (x / FLIPS, x % FLIPS);
        for m in 0..MOVES {
            let x2 =
                set_move[set * MOVES + m] as u32 * FLIPS as u32 + flip_move[fl * MOVES + m] as u32;
            f(sym.entry(twist_move[t * MOVES + m], x2));
        }
    }
    let mv = (twist_move, flip_move, set_move);
    // Entries of one position: a representative fixed by rotations also stands for the
    // rotated twists.
    let set_all = |e: usize, level: u8| -> u64 {
        let (class, t) = (e / TWISTS, e % TWISTS);
        let mut n = 0;
        let fixed = sym.stab[class];
        for s in 0..SYMS {
            if fixed & (1 << s) != 0 {
                let e2 = class * TWISTS + sym.twist_conj[t * SYMS + s] as usize;
                if dist[e2]
                    .compare_exchange(UNSET, level, Ordering::Relaxed, Ordering::Relaxed)
                    .is_ok()
                {
                    n += 1;
                }
            }
        }
        n
    };
    let start = sym.entry(0, solved_set as u32 * FLIPS as u32);
    let mut reached = set_all(start, 0);
    let mut level = 0u8;
    loop {
        let backward = reached as usize > ENTRIES / 3;
        let found: u64 = if backward {
            (0..ENTRIES)
                .into_par_iter()
                .with_min_len(1 << 14)
                .map(|e| {
                    if dist[e].load(Ordering::Relaxed) != UNSET {
                        return 0;
                    }
                    let mut hit = false;
                    neighbours(sym, mv, e, |n| {
                        hit = hit || dist[n].load(Ordering::Relaxed) == level;
                    });
                    if hit { set_all(e, level + 1) } else { 0 }
                })
                .sum()
        } else {
            (0..ENTRIES)
                .into_par_iter()
                .with_min_len(1 << 14)
                .map(|e| {
                    if dist[e].load(Ordering::Relaxed) != level {
                        return 0;
                    }
                    let mut n = 0;
                    neighbours(sym, mv, e, |x| n += set_all(x, level + 1));
                    n
                })
                .sum()
        };
        if found == 0 {
            break;
        }
        reached += found;
        level += 1;
        if !level_done(level, reached) {
            return None;
        }
    }
    Some(dist.into_iter().map(AtomicU8::into_inner).collect())
}

/// Packs distances as residues modulo 3, four entries per byte.
pub fn pack_mod3(dist: &[u8]) -> Vec<u8> {
    dist.chunks(4)
        .map(|c| {
            c.iter()
                .enumerate()
                .fold(0u8, |b, (i, &d)| b | (d % 3) << (2 * i))
        })
        .collect()
}

/// The packed table, with what a lookup needs.
pub struct PhaseOne<'a> {
    pub sym: &'a SymTables,
    pub packed: &'a [u8],
}

impl PhaseOne<'_> {
    /// Distance modulo 3 of a position.
    #[inline(always)]
    pub fn residue(&self, twist: u16, flipslice: u32) -> u32 {
        let e = self.sym.entry(twist, flipslice);
        ((self.packed[e >> 2] >> (2 * (e & 3))) & 3) as u32
    }

    /// The distance of a child whose parent is `d` away: `d - 1`, `d` or `d + 1`.
    #[inline(always)]
    pub fn child_distance(d: u32, residue: u32) -> u32 {
        // (residue - d) mod 3 is 2 for d - 1, 0 for d, 1 for d + 1.
        match (residue + 3 - d % 3) % 3 {
            2 => d - 1,
            0 => d,
            _ => d + 1,
        }
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
    fn rotations_keep_phase_one_and_its_coordinates() {
        let sym = SymTables::build();
        assert_eq!(sym.rep.len(), FLIPSLICE_CLASSES);
        assert!(sym.class_of.iter().all(|&c| c != u32::MAX));
        let sets = slice_sets();
        let moves = face_moves();
        let mut rng = Rng::new(5);
        for s in 0..SYMS {
            // Inverse rotations undo each other; face moves stay face moves.
            let inv = tables().ori_inv[s] as usize;
            assert!(inv < SYMS);
            for m in &moves {
                assert_eq!(conj(inv, &conj(s, m)), *m);
                assert!(moves.contains(&conj(s, m)));
            }
            for _ in 0..200 {
                let a = random_perm(&mut rng);
                let mut b = random_perm(&mut rng);
                // Same twist, flip and slice places, other permutations: the rotated images
                // agree in those coordinates too.
                b.co = a.co;
                b.eo = a.eo;
                let mut places: Vec<usize> = (0..12).filter(|&i| a.ep[i] >= 8).collect();
                let mut others: Vec<usize> = (0..12).filter(|&i| a.ep[i] < 8).collect();
                rng.shuffle(&mut places);
                rng.shuffle(&mut others);
                for (k, &i) in places.iter().enumerate() {
                    b.ep[i] = 8 + k as u8;
                }
                for (k, &i) in others.iter().enumerate() {
                    b.ep[i] = k as u8;
                }
                assert_eq!(flipslice(&a, &sets), flipslice(&b, &sets));
                let (ra, rb) = (conj(s, &a), conj(s, &b));
                assert_eq!(twist(&ra), twist(&rb));
                assert_eq!(flipslice(&ra, &sets), flipslice(&rb, &sets));
                // The stored rotation takes a value to its class representative.
                let cs = sym.class_of[flipslice(&a, &sets) as usize];
                let to_rep = conj((cs & 7) as usize, &a);
                assert_eq!(flipslice(&to_rep, &sets), sym.rep[(cs >> 3) as usize]);
                assert_eq!(
                    sym.twist_conj[twist(&a) as usize * SYMS + (cs & 7) as usize],
                    twist(&to_rep)
                );
            }
        }
    }
}
