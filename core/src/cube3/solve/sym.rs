//! Exact distances over a pair of coordinates, reduced by symmetry: the one mechanism behind
//! the solver's two large tables.
//!
//! The eight rotations that keep the U/D axis (orientations 0..8: U or D on top) map the face
//! moves to face moves, G1 to G1 and the phase-2 moves to phase-2 moves, so a cube and its
//! rotated images are equally far from G1 (and, within G1, from solved). A table over a pair
//! `(a, b)` of coordinates stores one entry per (class of `a` under the rotations, `b` seen
//! through the rotation that takes `a` to its class representative).
//!
//! - Phase 1: `a` = flipslice (slice places x 2048 + flip, 1,013,760 values, [`FLIPSLICE_CLASSES`]
//!   classes), `b` = twist: every phase-1 position, so the phase-1 distance is exact.
//! - Phase 2: `a` = corner permutation ([`CORNER_CLASSES`] classes), `b` = permutation of the
//!   eight U/D edges: everything in G1 but the order of the slice edges.
//!
//! Phase-1 entries hold the distance modulo 3 (2 bits): the search knows the distance of the
//! node it comes from, and a move changes it by -1, 0 or +1, which the residue tells apart
//! ([`child_distance`]). Phase-2 entries hold the distance itself (4 bits, [`Nibbles`]): phase 2
//! is entered from many phase-1 ends, each needing its distance at once.

use std::sync::atomic::{AtomicU8, Ordering};

use rayon::prelude::*;

use crate::cube3::geometry::{Perm, tables};

use super::coord::*;

/// Rotations that keep the U/D axis (orientation numbers, U or D on top).
pub const SYMS: usize = 8;
pub const FLIPSLICES: usize = SLICE_SETS * FLIPS;
/// Flipslice classes under [`SYMS`] rotations (checked by a test).
pub const FLIPSLICE_CLASSES: usize = 127_166;
/// Corner-permutation classes under [`SYMS`] rotations (checked by a test).
pub const CORNER_CLASSES: usize = 5_288;
pub const PHASE1_ENTRIES: usize = FLIPSLICE_CLASSES * TWISTS;
pub const PHASE2_ENTRIES: usize = CORNER_CLASSES * PERMS8;

/// `s` applied to a cube: the cube seen after rotation `s` (a conjugation).
fn conj(s: usize, p: &Perm) -> Perm {
    tables().conjugate(s as u8, p)
}

/// How the two coordinates of a table are read from cubes and made into cubes (any cube with
/// the value will do: the rotated value depends on the value alone).
pub struct Coords<'a> {
    pub a_count: usize,
    pub b_count: usize,
    pub a_cube: &'a dyn Fn(u32) -> Perm,
    pub a_of: &'a dyn Fn(&Perm) -> u32,
    pub b_cube: &'a dyn Fn(u32) -> Perm,
    pub b_of: &'a dyn Fn(&Perm) -> u32,
}

/// Classes of `a`, rotated values of `b`.
pub struct SymTable {
    /// `class << 3 | rotation`: the rotation takes the value to its class representative.
    pub class_of: Vec<u32>,
    /// `b_conj[b * SYMS + s]`: the `b` of a cube after rotation `s`.
    pub b_conj: Vec<u16>,
    /// Representative `a` of each class.
    pub rep: Vec<u32>,
    /// Rotations that fix each class's representative (bit s set).
    pub stab: Vec<u8>,
    pub b_count: usize,
}

impl SymTable {
    /// Bytes held on the heap.
    pub fn heap_bytes(&self) -> usize {
        use std::mem::size_of_val;
        size_of_val(&self.class_of[..])
            + size_of_val(&self.b_conj[..])
            + size_of_val(&self.rep[..])
            + size_of_val(&self.stab[..])
    }

    pub fn build(c: &Coords) -> SymTable {
        let inv = |s: usize| tables().ori_inv[s] as usize;
        let mut class_of = vec![u32::MAX; c.a_count];
        let mut rep = Vec::new();
        let mut stab = Vec::new();
        for x in 0..c.a_count as u32 {
            if class_of[x as usize] != u32::MAX {
                continue;
            }
            let class = rep.len() as u32;
            let p = (c.a_cube)(x);
            let mut fixed = 0u8;
            for s in 0..SYMS {
                let y = (c.a_of)(&conj(s, &p));
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
        let b_conj = (0..c.b_count as u32)
            .flat_map(|b| {
                let p = (c.b_cube)(b);
                (0..SYMS).map(move |s| (c.b_of)(&conj(s, &p)) as u16)
            })
            .collect();
        SymTable {
            class_of,
            b_conj,
            rep,
            stab,
            b_count: c.b_count,
        }
    }

    pub fn entries(&self) -> usize {
        self.rep.len() * self.b_count
    }

    /// Entry of a position.
    #[inline(always)]
    pub fn entry(&self, a: u32, b: u16) -> usize {
        let cs = self.class_of[a as usize];
        let (class, s) = ((cs >> 3) as usize, (cs & 7) as usize);
        class * self.b_count + self.b_conj[b as usize * SYMS + s] as usize
    }
}

/// The phase-1 pair: flipslice and twist.
pub fn phase1_table() -> SymTable {
    let sets = slice_sets();
    let mut set_rep = vec![u16::MAX; SLICE_SETS];
    for (x, &k) in sets.iter().enumerate() {
        if set_rep[k as usize] == u16::MAX {
            set_rep[k as usize] = x as u16;
        }
    }
    SymTable::build(&Coords {
        a_count: FLIPSLICES,
        b_count: TWISTS,
        a_cube: &|x| {
            let mut p = Perm::IDENTITY;
            set_slice(&mut p, set_rep[x as usize / FLIPS]);
            set_flip(&mut p, (x as usize % FLIPS) as u16);
            p
        },
        a_of: &|p| sets[slice(p) as usize] as u32 * FLIPS as u32 + flip(p) as u32,
        b_cube: &|t| {
            let mut p = Perm::IDENTITY;
            set_twist(&mut p, t as u16);
            p
        },
        b_of: &|p| twist(p) as u32,
    })
}

/// The phase-1 class of a flipslice in two small steps instead of one lookup in the
/// 1,013,760-entry [`SymTable::class_of`] (4 MB, which misses the second-level cache): the
/// slice places are rotated to their class's representative ([`SET_CLASSES`] classes), with the
/// flip rotated alongside by table arithmetic, and only the flips of those representatives
/// are looked up (`SET_CLASSES` x 2048 entries, 0.6 MB). Same classes, same rotations up to the
/// class's stabiliser, so the table file is unchanged.
pub struct Phase1Index {
    /// `class << 3 | rotation` for slice-places class `r` and flip `f` at `r * FLIPS + f`: the
    /// rows of [`SymTable::class_of`] of each representative.
    class_of_rep: Vec<u32>,
    /// `r << 3 | s`: rotation `s` takes the slice places to representative `r`'s.
    set_sym: Vec<u16>,
    /// `flip_rot[f * SYMS + s] ^ set_flips[set * SYMS + s]`: the flip after rotation `s` of a
    /// cube with flip `f` and slice places `set`. A rotation permutes the edge places and, for a
    /// quarter turn about U/D, toggles the edges whose place and piece are not both in the
    /// slice or both out of it: linear in the flip plus a term of the places (checked by a test
    /// on every flipslice).
    flip_rot: Vec<u16>,
    set_flips: Vec<u16>,
    /// `compose[s1 * SYMS + s0]`: rotation `s0` followed by rotation `s1`.
    compose: [u8; SYMS * SYMS],
}

/// Classes of the 495 slice places under [`SYMS`] rotations (checked by a test).
pub const SET_CLASSES: usize = 72;

impl Phase1Index {
    pub fn new(sym: &SymTable) -> Phase1Index {
        let sets = slice_sets();
        let mut set_rep = vec![u16::MAX; SLICE_SETS];
        for (x, &k) in sets.iter().enumerate() {
            if set_rep[k as usize] == u16::MAX {
                set_rep[k as usize] = x as u16;
            }
        }
        let cube = |set: usize, f: u16| {
            let mut p = Perm::IDENTITY;
            set_slice(&mut p, set_rep[set]);
            set_flip(&mut p, f);
            p
        };
        let rotated = |set: usize, f: u16, s: usize| {
            let q = conj(s, &cube(set, f));
            (sets[slice(&q) as usize], flip(&q))
        };
        // Representative: the smallest slice places among the images.
        let mut set_sym = vec![0u16; SLICE_SETS];
        let mut reps: Vec<u16> = Vec::new();
        for (set, sym) in set_sym.iter_mut().enumerate() {
            let (s, rep) = (0..SYMS)
                .map(|s| (s, rotated(set, 0, s).0))
                .min_by_key(|&(_, r)| r)
                .expect("eight rotations");
            let r = match reps.iter().position(|&x| x == rep) {
                Some(r) => r,
                None => {
                    reps.push(rep);
                    reps.len() - 1
                }
            };
            *sym = (r << 3 | s) as u16;
        }
        assert_eq!(reps.len(), SET_CLASSES);
        let solved = sets[slice(&Perm::IDENTITY) as usize] as usize;
        let flip_rot = (0..FLIPS as u16)
            .flat_map(|f| (0..SYMS).map(move |s| (f, s)))
            .map(|(f, s)| rotated(solved, f, s).1 ^ rotated(solved, 0, s).1)
            .collect();
        let set_flips = (0..SLICE_SETS)
            .flat_map(|set| (0..SYMS).map(move |s| (set, s)))
            .map(|(set, s)| rotated(set, 0, s).1)
            .collect();
        let class_of_rep = reps
            .iter()
            .flat_map(|&rep| {
                let row = rep as usize * FLIPS;
                sym.class_of[row..row + FLIPS].iter().copied()
            })
            .collect();
        let probe = *crate::cube3::Cube::random(&mut crate::rng::Rng::new(1)).pieces();
        let compose = std::array::from_fn(|k| {
            let (s1, s0) = (k / SYMS, k % SYMS);
            let want = conj(s1, &conj(s0, &probe));
            (0..SYMS)
                .find(|&t| conj(t, &probe) == want)
                .expect("rotations keeping the U/D axis form a group") as u8
        });
        Phase1Index {
            class_of_rep,
            set_sym,
            flip_rot,
            set_flips,
            compose,
        }
    }

    /// Where the class of slice places `set` with flip `f` lies, with the rotation that took
    /// the slice places to their representative.
    #[inline(always)]
    pub fn key(&self, set: u16, f: u16) -> (u32, u8) {
        let ss = self.set_sym[set as usize] as usize;
        let (r, s) = (ss >> 3, ss & 7);
        let f2 = self.flip_rot[f as usize * SYMS + s] ^ self.set_flips[set as usize * SYMS + s];
        ((r * FLIPS) as u32 + f2 as u32, s as u8)
    }

    /// Asks for a key's class in cache ahead of [`Phase1Index::entry`].
    #[inline(always)]
    pub fn prefetch(&self, key: (u32, u8)) {
        prefetch_slice(&self.class_of_rep, key.0 as usize);
    }

    /// The class of a key and the rotation that takes its positions to the representative.
    #[inline(always)]
    pub fn class(&self, key: (u32, u8)) -> (usize, usize) {
        let cs = self.class_of_rep[key.0 as usize];
        let s = self.compose[(cs & 7) as usize * SYMS + key.1 as usize] as usize;
        ((cs >> 3) as usize, s)
    }

    /// The table entry of a key and a twist.
    #[inline(always)]
    pub fn entry(&self, sym: &SymTable, key: (u32, u8), twist: u16) -> usize {
        let (class, s) = self.class(key);
        class * sym.b_count + sym.b_conj[twist as usize * SYMS + s] as usize
    }

    /// Bytes held on the heap.
    pub fn heap_bytes(&self) -> usize {
        use std::mem::size_of_val;
        size_of_val(&self.class_of_rep[..])
            + size_of_val(&self.set_sym[..])
            + size_of_val(&self.flip_rot[..])
            + size_of_val(&self.set_flips[..])
    }
}

/// The phase-2 pair: corner permutation and U/D-edge permutation.
pub fn phase2_table() -> SymTable {
    SymTable::build(&Coords {
        a_count: PERMS8,
        b_count: PERMS8,
        a_cube: &|x| {
            let mut p = Perm::IDENTITY;
            perm_unrank(x, &mut p.cp);
            p
        },
        a_of: &|p| corner_perm(p) as u32,
        b_cube: &|x| {
            let mut p = Perm::IDENTITY;
            perm_unrank(x, &mut p.ep[..8]);
            p
        },
        b_of: &|p| edge8_perm(p) as u32,
    })
}

/// Exact distances of every entry from the entry of `solved`, one byte each, by breadth-first
/// search (forward while the level is small, then backward from the unreached entries).
/// `a_move(a, m)` and `b_move[b * moves + m]` move the two coordinates. `level_done(level,
/// entries reached)` is called after each level; when it returns false the build stops (`None`).
pub fn distances(
    sym: &SymTable,
    moves: usize,
    a_move: impl Fn(u32, usize) -> u32 + Sync,
    b_move: &[u16],
    solved: (u32, u16),
    level_done: &mut dyn FnMut(u8, u64) -> bool,
) -> Option<Vec<u8>> {
    const UNSET: u8 = u8::MAX;
    let entries = sym.entries();
    let nb = sym.b_count;
    let dist: Vec<AtomicU8> = (0..entries).map(|_| AtomicU8::new(UNSET)).collect();
    let neighbours = |e: usize, f: &mut dyn FnMut(usize)| {
        let (class, b) = (e / nb, e % nb);
        let a = sym.rep[class];
        for m in 0..moves {
            f(sym.entry(a_move(a, m), b_move[b * moves + m]));
        }
    };
    // Entries of one position: a representative fixed by rotations also stands for the
    // rotated values of b.
    let set_all = |e: usize, level: u8| -> u64 {
        let (class, b) = (e / nb, e % nb);
        let fixed = sym.stab[class];
        let mut n = 0;
        for s in 0..SYMS {
            if fixed & (1 << s) != 0 {
                let e2 = class * nb + sym.b_conj[b * SYMS + s] as usize;
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
    let mut reached = set_all(sym.entry(solved.0, solved.1), 0);
    let mut level = 0u8;
    loop {
        let backward = reached as usize > entries / 3;
        let found: u64 = (0..entries)
            .into_par_iter()
            .with_min_len(1 << 14)
            .map(|e| {
                let d = dist[e].load(Ordering::Relaxed);
                if backward && d == UNSET {
                    let mut hit = false;
                    neighbours(e, &mut |n| {
                        hit = hit || dist[n].load(Ordering::Relaxed) == level;
                    });
                    if hit { set_all(e, level + 1) } else { 0 }
                } else if !backward && d == level {
                    let mut n = 0;
                    neighbours(e, &mut |x| n += set_all(x, level + 1));
                    n
                } else {
                    0
                }
            })
            .sum();
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

/// Packs distances four bits each, two entries per byte (the even entry in the low half);
/// distances over 15 are stored as 15 (a lower bound: about 21,000 of the 213 M phase-2 entries
/// are 16 to 18 moves away).
pub fn pack_nibbles(dist: &[u8]) -> Vec<u8> {
    dist.chunks(2)
        .map(|c| c[0].min(15) | c.get(1).map_or(0, |&d| d.min(15) << 4))
        .collect()
}

/// A table of distances, four bits each: one lookup gives a distance (exact up to 14, 15
/// meaning 15 or more), where residues modulo 3 need a walk down to solved.
pub struct Nibbles<'a> {
    pub sym: &'a SymTable,
    pub packed: &'a [u8],
}

impl Nibbles<'_> {
    /// Distance of an entry.
    #[inline(always)]
    pub fn distance_at(&self, e: usize) -> u32 {
        ((self.packed[e >> 1] >> (4 * (e & 1))) & 15) as u32
    }

    /// Asks for entry `e`'s byte in cache ahead of [`Nibbles::distance_at`].
    #[inline(always)]
    pub fn prefetch(&self, e: usize) {
        crate::tablefile::prefetch(self.packed, e >> 1);
    }
}

/// A packed table with what a lookup needs.
pub struct Packed<'a> {
    pub sym: &'a SymTable,
    pub packed: &'a [u8],
}

impl Packed<'_> {
    /// Distance modulo 3 of an entry.
    #[inline(always)]
    pub fn residue_at(&self, e: usize) -> u32 {
        ((self.packed[e >> 2] >> (2 * (e & 3))) & 3) as u32
    }

    /// Asks for entry `e`'s byte in cache ahead of [`Packed::residue_at`].
    #[inline(always)]
    pub fn prefetch_entry(&self, e: usize) {
        crate::tablefile::prefetch(self.packed, e >> 2);
    }
}

#[inline(always)]
fn prefetch_slice<T>(v: &[T], i: usize) {
    // SAFETY: `v` is `i + 1` elements at least; the bytes are only prefetched.
    let bytes = unsafe { std::slice::from_raw_parts(v.as_ptr() as *const u8, size_of_val(v)) };
    crate::tablefile::prefetch(bytes, i * size_of::<T>());
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    fn random_perm(rng: &mut Rng) -> Perm {
        *crate::cube3::Cube::random(rng).pieces()
    }

    /// Checks a table on pairs of cubes with equal coordinates from `pair`.
    fn checks(
        sym: &SymTable,
        a_of: &dyn Fn(&Perm) -> u32,
        b_of: &dyn Fn(&Perm) -> u32,
        pair: &dyn Fn(&mut Rng) -> (Perm, Perm),
    ) {
        let mut rng = Rng::new(5);
        assert!(sym.class_of.iter().all(|&c| c != u32::MAX));
        for s in 0..SYMS {
            for _ in 0..200 {
                let (x, y) = pair(&mut rng);
                assert_eq!((a_of(&x), b_of(&x)), (a_of(&y), b_of(&y)));
                // Rotated images of cubes with equal coordinates have equal coordinates.
                let (rx, ry) = (conj(s, &x), conj(s, &y));
                assert_eq!((a_of(&rx), b_of(&rx)), (a_of(&ry), b_of(&ry)));
                // The stored rotation takes a value to its class representative.
                let cs = sym.class_of[a_of(&x) as usize];
                let to_rep = conj((cs & 7) as usize, &x);
                assert_eq!(a_of(&to_rep), sym.rep[(cs >> 3) as usize]);
                assert_eq!(
                    sym.b_conj[b_of(&x) as usize * SYMS + (cs & 7) as usize] as u32,
                    b_of(&to_rep)
                );
            }
        }
    }

    #[test]
    fn rotations_keep_the_face_moves() {
        let moves = face_moves();
        for s in 0..SYMS {
            let inv = tables().ori_inv[s] as usize;
            assert!(inv < SYMS);
            for m in &moves {
                assert_eq!(conj(inv, &conj(s, m)), *m);
                assert!(moves.contains(&conj(s, m)));
            }
            for &m in &PHASE2_MOVES {
                let r = conj(s, &moves[m as usize]);
                assert!(PHASE2_MOVES.iter().any(|&k| moves[k as usize] == r));
            }
        }
    }

    #[test]
    fn phase1_classes() {
        let sym = phase1_table();
        assert_eq!(sym.rep.len(), FLIPSLICE_CLASSES);
        let sets = slice_sets();
        let a_of = |p: &Perm| sets[slice(p) as usize] as u32 * FLIPS as u32 + flip(p) as u32;
        let b_of = |p: &Perm| twist(p) as u32;
        // Same twist, flip and slice places; other pieces moved (only coordinates matter, so
        // the second cube need not be solvable).
        let pair = |rng: &mut Rng| {
            let a = random_perm(rng);
            let mut b = random_perm(rng);
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
            (a, b)
        };
        checks(&sym, &a_of, &b_of, &pair);
    }

    #[test]
    fn phase1_index_agrees_with_the_class_table() {
        let sym = phase1_table();
        let index = Phase1Index::new(&sym);
        assert_eq!(index.class_of_rep.len(), SET_CLASSES * FLIPS);
        let sets = slice_sets();
        let mut set_rep = vec![u16::MAX; SLICE_SETS];
        for (x, &k) in sets.iter().enumerate() {
            if set_rep[k as usize] == u16::MAX {
                set_rep[k as usize] = x as u16;
            }
        }
        // Every flipslice: the same class as the full table's, and the rotation found takes
        // the cube to the class representative (so the twist is rotated the right way).
        for set in 0..SLICE_SETS as u16 {
            for f in 0..FLIPS as u16 {
                let a = set as usize * FLIPS + f as usize;
                let (class, s) = index.class(index.key(set, f));
                assert_eq!(class, (sym.class_of[a] >> 3) as usize);
                let t = (a * 7 % TWISTS) as u16;
                let mut p = Perm::IDENTITY;
                set_slice(&mut p, set_rep[set as usize]);
                set_flip(&mut p, f);
                set_twist(&mut p, t);
                let q = conj(s, &p);
                let a2 = sets[slice(&q) as usize] as u32 * FLIPS as u32 + flip(&q) as u32;
                assert_eq!(a2, sym.rep[class]);
                assert_eq!(
                    index.entry(&sym, index.key(set, f), t),
                    class * TWISTS + twist(&q) as usize
                );
            }
        }
    }

    #[test]
    fn phase2_classes() {
        let sym = phase2_table();
        assert_eq!(sym.rep.len(), CORNER_CLASSES);
        let a_of = |p: &Perm| corner_perm(p) as u32;
        let b_of = |p: &Perm| edge8_perm(p) as u32;
        // Within G1: the same corner and U/D-edge permutations, the slice edges reordered.
        let g1 = |rng: &mut Rng| {
            let mut p = random_perm(rng);
            p.co = [0; 8];
            p.eo = [0; 12];
            let mut ud: Vec<u8> = (0..8).collect();
            rng.shuffle(&mut ud);
            p.ep[..8].copy_from_slice(&ud);
            p.ep[8..].copy_from_slice(&[8, 9, 10, 11]);
            p
        };
        checks(&sym, &a_of, &b_of, &|rng| {
            let a = g1(rng);
            let mut b = a;
            rng.shuffle(&mut b.ep[8..]);
            (a, b)
        });
    }
}
