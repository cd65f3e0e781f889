//! Coordinates of the two-phase solver, their move tables and pruning tables.
//!
//! Phase 1 takes the cube into `G1 = <U, D, R2, L2, F2, B2>`: corners untwisted (U/D axis,
//! [`twist`]), edges unflipped (F/B axis, [`flip`]), the four E-slice edges (FR FL BL BR, pieces
//! 8..11) in the E slice. Their places, with order, are [`slice`] (12·11·10·9 = 11880 values);
//! which four places they take (495 values, [`slice_sets`]) is the phase-1 coordinate, and
//! their order once they are home ([`slice_order`], 24 values) is a phase-2 one.
//!
//! Phase 2 solves within G1 with its ten moves: corner permutation (8! values), permutation of
//! the eight U/D edges (8!), and the slice order (24).
//!
//! Pruning tables hold exact distances in their projection (one byte per entry): twist × slice
//! places and flip × slice places for phase 1, corners × slice order and edges × slice order
//! for phase 2. Every table is a pure function of the move definitions, so the table file
//! records a digest of the face-move permutations it was built from.

use crate::cube3::geometry::{Perm, tables};

pub const TWISTS: usize = 2187;
pub const FLIPS: usize = 2048;
pub const SLICES: usize = 11880;
pub const SLICE_SETS: usize = 495;
pub const PERMS8: usize = 40320;
pub const SLICE_ORDERS: usize = 24;
/// Face moves U U2 U' D D2 D' R .. B' (index = 3·face + amount - 1, faces U D R L F B).
pub const MOVES: usize = 18;
/// Phase-2 moves as face-move indices: U, U2, U', D, D2, D', R2, L2, F2, B2.
pub const PHASE2_MOVES: [u8; 10] = [0, 1, 2, 3, 4, 5, 7, 10, 13, 16];

/// The eighteen face moves as piece permutations (in the centres' frame).
pub fn face_moves() -> [Perm; MOVES] {
    let t = tables();
    std::array::from_fn(|m| t.move_conj[m])
}

pub fn twist(p: &Perm) -> u16 {
    p.co[..7].iter().fold(0, |a, &c| a * 3 + c as u16)
}

pub(crate) fn set_twist(p: &mut Perm, mut x: u16) {
    let mut sum = 0;
    for i in (0..7).rev() {
        p.co[i] = (x % 3) as u8;
        sum += p.co[i];
        x /= 3;
    }
    p.co[7] = (3 - sum % 3) % 3;
}

pub fn flip(p: &Perm) -> u16 {
    p.eo[..11].iter().fold(0, |a, &e| a * 2 + e as u16)
}

pub(crate) fn set_flip(p: &mut Perm, mut x: u16) {
    let mut sum = 0;
    for i in (0..11).rev() {
        p.eo[i] = (x & 1) as u8;
        sum += p.eo[i];
        x >>= 1;
    }
    p.eo[11] = sum & 1;
}

/// Places of the slice pieces 8, 9, 10, 11, each ranked among the places still free.
pub fn slice(p: &Perm) -> u16 {
    let mut place = [0u8; 4];
    for (i, &e) in p.ep.iter().enumerate() {
        if e >= 8 {
            place[e as usize - 8] = i as u8;
        }
    }
    let mut used = 0u16;
    let mut x = 0u16;
    for (k, &q) in place.iter().enumerate() {
        let rank = q as u16 - (used & ((1 << q) - 1)).count_ones() as u16;
        x = x * (12 - k as u16) + rank;
        used |= 1 << q;
    }
    x
}

pub(crate) fn set_slice(p: &mut Perm, mut x: u16) {
    let mut ranks = [0u16; 4];
    for k in (0..4).rev() {
        ranks[k] = x % (12 - k as u16);
        x /= 12 - k as u16;
    }
    let mut used = [false; 12];
    p.ep = [u8::MAX; 12];
    for (k, &r) in ranks.iter().enumerate() {
        let q = (0..12).filter(|&i| !used[i]).nth(r as usize).unwrap();
        used[q] = true;
        p.ep[q] = 8 + k as u8;
    }
    for (other, e) in p.ep.iter_mut().filter(|e| **e == u8::MAX).enumerate() {
        *e = other as u8;
    }
}

/// Which four places (0..495) each slice value occupies.
pub fn slice_sets() -> Vec<u16> {
    let mut set_of_mask = vec![u16::MAX; 4096];
    let mut n = 0;
    for (m, s) in set_of_mask.iter_mut().enumerate() {
        if (m as u32).count_ones() == 4 {
            *s = n;
            n += 1;
        }
    }
    (0..SLICES as u16)
        .map(|x| {
            let mut p = Perm::IDENTITY;
            set_slice(&mut p, x);
            let mask = (0..12).filter(|&i| p.ep[i] >= 8).fold(0, |a, i| a | 1 << i);
            set_of_mask[mask]
        })
        .collect()
}

/// Lehmer rank of a permutation of `0..n` (or of any `n` distinct values, by relative order).
pub fn perm_rank(p: &[u8]) -> u32 {
    let mut x = 0u32;
    for i in 0..p.len() {
        let smaller = p[i + 1..].iter().filter(|&&q| q < p[i]).count() as u32;
        x = x * (p.len() - i) as u32 + smaller;
    }
    x
}

pub(crate) fn perm_unrank(mut x: u32, out: &mut [u8]) {
    let n = out.len();
    let mut digits = vec![0u32; n];
    for i in (0..n).rev() {
        digits[i] = x % (n - i) as u32;
        x /= (n - i) as u32;
    }
    let mut free: Vec<u8> = (0..n as u8).collect();
    for i in 0..n {
        out[i] = free.remove(digits[i] as usize);
    }
}

pub fn corner_perm(p: &Perm) -> u16 {
    perm_rank(&p.cp) as u16
}

pub fn edge8_perm(p: &Perm) -> u16 {
    perm_rank(&p.ep[..8]) as u16
}

pub fn slice_order(p: &Perm) -> u8 {
    perm_rank(&p.ep[8..]) as u8
}

/// `table[x * moves.len() + m]`: the coordinate after move `moves[m]` from a cube with
/// coordinate `x` (built through a representative cube for each value).
pub(crate) fn move_table(
    count: usize,
    moves: &[Perm],
    set: impl Fn(&mut Perm, u16),
    get: impl Fn(&Perm) -> u16,
) -> Vec<u16> {
    let mut t = Vec::with_capacity(count * moves.len());
    for x in 0..count as u16 {
        let mut p = Perm::IDENTITY;
        set(&mut p, x);
        for m in moves {
            t.push(get(&p.then(m)));
        }
    }
    t
}

pub fn twist_moves(moves: &[Perm]) -> Vec<u16> {
    move_table(TWISTS, moves, set_twist, twist)
}

pub fn flip_moves(moves: &[Perm]) -> Vec<u16> {
    move_table(FLIPS, moves, set_flip, flip)
}

pub fn slice_moves(moves: &[Perm]) -> Vec<u16> {
    move_table(SLICES, moves, set_slice, slice)
}

pub fn corner_perm_moves(moves: &[Perm]) -> Vec<u16> {
    move_table(
        PERMS8,
        moves,
        |p, x| perm_unrank(x as u32, &mut p.cp),
        corner_perm,
    )
}

pub fn edge8_perm_moves(moves: &[Perm]) -> Vec<u16> {
    move_table(
        PERMS8,
        moves,
        |p, x| perm_unrank(x as u32, &mut p.ep[..8]),
        edge8_perm,
    )
}

pub fn slice_order_moves(moves: &[Perm]) -> Vec<u16> {
    move_table(
        SLICE_ORDERS,
        moves,
        |p, x| {
            let mut o = [0u8; 4];
            perm_unrank(x as u32, &mut o);
            for (e, k) in p.ep[8..].iter_mut().zip(o) {
                *e = 8 + k;
            }
        },
        |p| slice_order(p) as u16,
    )
}

/// Number of ways to choose the four places of the U corners among the eight corner places.
pub const CORNER_SETS: usize = 70;
/// The U-layer corners (UFR, UBL, UFL, UBR).
const U_CORNERS: [u8; 4] = [0, 1, 4, 5];

fn corner_set_index() -> &'static [u8; 256] {
    static T: std::sync::OnceLock<[u8; 256]> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let mut t = [u8::MAX; 256];
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

/// Which four corner places (0..70) hold the U-layer corners.
pub fn corner_set(p: &Perm) -> u16 {
    let mask = (0..8)
        .filter(|&i| U_CORNERS.contains(&p.cp[i]))
        .fold(0usize, |a, i| a | 1 << i);
    corner_set_index()[mask] as u16
}

pub fn corner_set_moves(moves: &[Perm]) -> Vec<u16> {
    move_table(
        CORNER_SETS,
        moves,
        |p, x| {
            let mask = corner_set_index()
                .iter()
                .position(|&k| k as u16 == x)
                .unwrap();
            let (mut up, mut down) = (U_CORNERS.iter(), [2u8, 3, 6, 7].into_iter());
            for i in 0..8 {
                p.cp[i] = if mask & 1 << i != 0 {
                    *up.next().unwrap()
                } else {
                    down.next().unwrap()
                };
            }
        },
        corner_set,
    )
}

/// [`corner_set`] of every corner permutation (by rank).
pub fn corner_sets_of_permutations() -> Vec<u8> {
    (0..PERMS8 as u32)
        .map(|x| {
            let mut p = Perm::IDENTITY;
            perm_unrank(x, &mut p.cp);
            corner_set(&p) as u8
        })
        .collect()
}

/// Move table of the slice places (0..495), from the slice move table.
pub fn slice_set_moves(slice_moves: &[u16], sets: &[u16]) -> Vec<u16> {
    let mut rep = vec![usize::MAX; SLICE_SETS];
    for (x, &k) in sets.iter().enumerate() {
        if rep[k as usize] == usize::MAX {
            rep[k as usize] = x;
        }
    }
    rep.iter()
        .flat_map(|&x| {
            slice_moves[x * MOVES..(x + 1) * MOVES]
                .iter()
                .map(|&y| sets[y as usize])
        })
        .collect()
}

/// Breadth-first distances over a product coordinate `a * b_count + b` from the solved value
/// `(0, 0)`, with per-coordinate move tables (`moves` columns each).
pub fn prune_table(
    a_moves: &[u16],
    b_moves: &[u16],
    b_count: usize,
    moves: usize,
    solved: usize,
) -> Vec<u8> {
    let n = a_moves.len() / moves * b_count;
    let mut dist = vec![u8::MAX; n];
    dist[solved] = 0;
    let mut frontier = vec![solved as u32];
    let mut level = 0u8;
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for &i in &frontier {
            let (a, b) = (i as usize / b_count, i as usize % b_count);
            for m in 0..moves {
                let j = a_moves[a * moves + m] as usize * b_count + b_moves[b * moves + m] as usize;
                if dist[j] == u8::MAX {
                    dist[j] = level + 1;
                    next.push(j as u32);
                }
            }
        }
        frontier = next;
        level += 1;
    }
    dist
}

/// The phase-1 positions (twist, flip, slice places) within [`NEAR`] moves of G1, with their
/// distances, in a small open-addressed hash table that stays in the second-level cache. Near
/// the end of phase 1 (every child must be within `NEAR` moves) the search reads children's
/// distances here instead of in the 70 MB table, whose lookups miss the cache: about a third of
/// phase 1's lookups at 20 moves.
pub struct NearG1 {
    /// `twist | flip << 12 | set << 23`, or `u32::MAX` for an empty slot.
    keys: Vec<u32>,
    dist: Vec<u8>,
    shift: u32,
    /// One bit per hashed key, set for every position within `NEAR + 1` moves (87,000
    /// positions in 2 M bits, 256 KB): a clear bit shows a position farther away without a
    /// lookup in the large table; a set bit may be another position's (about 4 %).
    outer: Vec<u64>,
}

/// Bits of [`NearG1::outer`]'s hash.
const OUTER_BITS: u32 = 21;

/// Moves from G1 that [`NearG1`] covers.
pub const NEAR: u32 = 4;

impl NearG1 {
    #[inline(always)]
    fn key(twist: u16, flip: u16, set: u16) -> u32 {
        twist as u32 | (flip as u32) << 12 | (set as u32) << 23
    }

    #[inline(always)]
    fn slot(&self, key: u32) -> usize {
        (key.wrapping_mul(0x9E37_79B1) >> self.shift) as usize
    }

    /// Breadth-first from G1 to [`NEAR`] moves with the phase-1 move tables (18 columns).
    pub fn new(twist_move: &[u16], flip_move: &[u16], set_move: &[u16], solved_set: u16) -> NearG1 {
        let mut levels = vec![vec![(0u16, 0u16, solved_set)]];
        let mut seen = std::collections::HashSet::new();
        seen.insert(NearG1::key(0, 0, solved_set));
        for _ in 0..=NEAR {
            let mut next = Vec::new();
            for &(t, f, s) in levels.last().expect("a level") {
                for m in 0..MOVES {
                    let c = (
                        twist_move[t as usize * MOVES + m],
                        flip_move[f as usize * MOVES + m],
                        set_move[s as usize * MOVES + m],
                    );
                    if seen.insert(NearG1::key(c.0, c.1, c.2)) {
                        next.push(c);
                    }
                }
            }
            levels.push(next);
        }
        let mut outer = vec![0u64; 1 << (OUTER_BITS - 6)];
        for &key in &seen {
            let b = NearG1::outer_bit(key);
            outer[b >> 6] |= 1 << (b & 63);
        }
        let outer_level = levels.pop().expect("NEAR + 1 levels");
        let inner = seen.len() - outer_level.len();
        // At most a quarter full: probes stay short.
        let bits = (inner * 4).next_power_of_two().trailing_zeros();
        let mut near = NearG1 {
            keys: vec![u32::MAX; 1 << bits],
            dist: vec![0; 1 << bits],
            shift: 32 - bits,
            outer,
        };
        for (d, level) in levels.iter().enumerate() {
            for &(t, f, s) in level {
                let key = NearG1::key(t, f, s);
                let mut i = near.slot(key);
                while near.keys[i] != u32::MAX {
                    i = (i + 1) & (near.keys.len() - 1);
                }
                near.keys[i] = key;
                near.dist[i] = d as u8;
            }
        }
        near
    }

    #[inline(always)]
    fn outer_bit(key: u32) -> usize {
        (key.wrapping_mul(0x85EB_CA6B) >> (32 - OUTER_BITS)) as usize
    }

    /// False when the position is more than `NEAR + 1` moves from G1; true when it may be
    /// within.
    #[inline(always)]
    pub fn maybe_within_next(&self, twist: u16, flip: u16, set: u16) -> bool {
        let b = NearG1::outer_bit(NearG1::key(twist, flip, set));
        self.outer[b >> 6] & 1 << (b & 63) != 0
    }

    /// The distance from G1 when it is at most [`NEAR`], else `None`.
    #[inline(always)]
    pub fn distance(&self, twist: u16, flip: u16, set: u16) -> Option<u32> {
        let key = NearG1::key(twist, flip, set);
        let mut i = self.slot(key);
        loop {
            let k = self.keys[i];
            if k == key {
                return Some(self.dist[i] as u32);
            }
            if k == u32::MAX {
                return None;
            }
            i = (i + 1) & (self.keys.len() - 1);
        }
    }

    pub fn heap_bytes(&self) -> usize {
        self.keys.len() * 5 + self.outer.len() * 8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip() {
        for x in (0..TWISTS as u16).step_by(7) {
            let mut p = Perm::IDENTITY;
            set_twist(&mut p, x);
            assert_eq!(twist(&p), x);
            assert_eq!(p.co.iter().map(|&c| c as u32).sum::<u32>() % 3, 0);
        }
        for x in 0..FLIPS as u16 {
            let mut p = Perm::IDENTITY;
            set_flip(&mut p, x);
            assert_eq!(flip(&p), x);
        }
        for x in 0..SLICES as u16 {
            let mut p = Perm::IDENTITY;
            set_slice(&mut p, x);
            assert_eq!(slice(&p), x);
        }
        let mut seen = vec![false; PERMS8];
        for x in 0..PERMS8 as u32 {
            let mut out = [0u8; 8];
            perm_unrank(x, &mut out);
            assert_eq!(perm_rank(&out), x);
            seen[x as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
        let sets = slice_sets();
        assert_eq!(slice_order(&Perm::IDENTITY), 0);
        // Each set of four places is taken by 24 orders.
        let mut per_set = vec![0; SLICE_SETS];
        for &k in &sets {
            per_set[k as usize] += 1;
        }
        assert!(per_set.iter().all(|&c| c == 24));
    }

    #[test]
    fn near_g1_distances_are_consistent() {
        let moves = face_moves();
        let (twists, flips) = (twist_moves(&moves), flip_moves(&moves));
        let parts = slice_sets();
        let sets = slice_set_moves(&slice_moves(&moves), &parts);
        let solved = parts[slice(&Perm::IDENTITY) as usize];
        let near = NearG1::new(&twists, &flips, &sets, solved);
        let entries: Vec<(u16, u16, u16, u32)> = near
            .keys
            .iter()
            .zip(&near.dist)
            .filter(|(k, _)| **k != u32::MAX)
            .map(|(&k, &d)| {
                (
                    (k & 0xfff) as u16,
                    (k >> 12 & 0x7ff) as u16,
                    (k >> 23) as u16,
                    d as u32,
                )
            })
            .collect();
        let mut per_level = [0usize; NEAR as usize + 1];
        for &(t, f, s, d) in &entries {
            assert_eq!(near.distance(t, f, s), Some(d));
            per_level[d as usize] += 1;
            let kids: Vec<Option<u32>> = (0..MOVES)
                .map(|m| {
                    let i = |x: u16| x as usize * MOVES + m;
                    near.distance(twists[i(t)], flips[i(f)], sets[i(s)])
                })
                .collect();
            // A neighbour is one move nearer, as near or one farther; one is nearer (but G1);
            // the neighbours of an inner position are all covered.
            assert!(kids.iter().flatten().all(|&k| k + 1 >= d && k <= d + 1));
            assert!(d == 0 || kids.contains(&Some(d - 1)));
            assert!(d == NEAR || kids.iter().all(Option::is_some));
        }
        assert_eq!(per_level[0], 1);
        assert!(per_level.iter().all(|&n| n > 0));
        // A position far from G1 is not found: a superflip-like flip with everything else home.
        assert_eq!(near.distance(0, 0x7ff, solved), None);
        // Every position within NEAR + 1 moves passes the outer filter, and most others fail it.
        let mut outer = 0;
        let mut passed = 0;
        for &(t, f, s, d) in &entries {
            if d == NEAR {
                for m in 0..MOVES {
                    let i = |x: u16| x as usize * MOVES + m;
                    assert!(near.maybe_within_next(twists[i(t)], flips[i(f)], sets[i(s)]));
                }
            }
        }
        for t in 0..TWISTS as u16 {
            outer += 1;
            passed += near.maybe_within_next(t, 0x5a5, 17) as usize;
        }
        assert!(
            passed * 10 < outer,
            "{passed} of {outer} far positions pass the filter"
        );
        eprintln!(
            "near G1: {per_level:?} positions, {} bytes",
            near.heap_bytes()
        );
    }

    #[test]
    fn phase2_moves_keep_g1_and_tables_are_complete() {
        let moves = face_moves();
        for &m in &PHASE2_MOVES {
            let p = &moves[m as usize];
            assert_eq!(twist(p), 0);
            assert_eq!(flip(p), 0);
            assert!(p.ep[8..].iter().all(|&e| e >= 8));
        }
        // Quarter turns of R, L, F, B leave G1.
        for m in [6usize, 9, 12, 15] {
            let p = &moves[m];
            assert!(twist(p) != 0 || flip(p) != 0 || p.ep[8..].iter().any(|&e| e < 8));
        }
        let twists = twist_moves(&moves);
        let parts = slice_sets();
        let slices = slice_moves(&moves);
        let sets = slice_set_moves(&slices, &parts);
        // The set move table agrees with the full slice table for every value.
        for (x, row) in slices.chunks(MOVES).enumerate() {
            let k = parts[x] as usize;
            for (m, &y) in row.iter().enumerate() {
                assert_eq!(sets[k * MOVES + m], parts[y as usize]);
            }
        }
        let solved_set = parts[slice(&Perm::IDENTITY) as usize] as usize;
        let t = prune_table(&twists, &sets, SLICE_SETS, MOVES, solved_set);
        // Every twist with every slice set is reachable; phase 1's distances are short.
        assert!(t.iter().all(|&d| d != u8::MAX));
        assert!(*t.iter().max().unwrap() <= 12);
    }
}
