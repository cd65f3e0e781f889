//! The edges' own bound: the exact distance of a cube's edge separation and flips (all eleven)
//! to the target, over the classes of the separation under the 48 symmetries, 4 bits each
//! (about 0.9 MB, so it stays in the cache next to the large table).
//!
//! The large tables keep the corners but at most seven flips; where the flips the table does
//! not see are far from solved, this bound is the stronger one. Every lookup takes the larger.
//!
//! **Coordinate.** The separation (which positions hold M and S edges, 34,650 values) is
//! mapped by a symmetry to its class representative (the smallest separation among its
//! images; a representative maps to itself by the identity); the flips are read in that frame.
//! The twelfth flip is the parity of the other eleven, so an entry is `class * 2048 + flips`.
//! The distance to the target does not change under symmetry, so the entry of the image is the
//! cube's own, whichever symmetry a class's stabilizer would have allowed.

use super::coord::{EDGE_SEPS, MaskConj, edge_masks, edge_sep_of_masks, edge_sep_perm};
use super::sym::{MOVES, SYMS};

/// Flips kept in an entry (the twelfth is their parity).
const FLIPS: usize = 1 << 11;
/// Classes of the separation under the 48 symmetries (checked by the tests): a constant, so
/// that opening a table file does not make the classes to learn its layout.
pub const CLASSES: usize = 782;
/// Bits of the symmetry in a separation's class entry.
const SYM_SHIFT: u32 = 16;

/// The separation classes: for each separation, `class | sym << 16` with `sym` taking it to its
/// representative; and the representatives.
pub fn classes(conj: &[MaskConj; SYMS]) -> (Vec<u32>, Vec<u32>) {
    let mut class_of = vec![u32::MAX; EDGE_SEPS];
    let mut reps = Vec::new();
    for e in 0..EDGE_SEPS as u32 {
        if class_of[e as usize] != u32::MAX {
            continue;
        }
        let k = reps.len() as u32;
        reps.push(e);
        let masks = edge_masks(&edge_sep_perm(e));
        // Each image `s x s⁻¹` goes back to `x` by the inverse symmetry; the first found for
        // the representative itself is the identity (symmetry 0).
        for (s, c) in conj.iter().enumerate() {
            let image = c.edge_sep(&masks) as usize;
            if class_of[image] == u32::MAX {
                class_of[image] = k | (super::sym::symmetries().inverse[s] as u32) << SYM_SHIFT;
            }
        }
    }
    (class_of, reps)
}

/// The twelve flips of an entry's eleven (the twelfth is their parity).
#[inline]
fn all_flips(flips: usize) -> u32 {
    flips as u32 | (flips.count_ones() & 1) << 11
}

/// Bytes of the distance section: two entries a byte.
pub fn distance_bytes(classes: usize) -> usize {
    classes * FLIPS / 2
}

/// The entry of a cube's edges (masks of the positions holding M, S and E edges, flips per
/// position).
#[inline(always)]
pub fn index(class_of: &[u32], conj: &[MaskConj; SYMS], masks: &[u32; 3], eo: u32) -> usize {
    let e = class_of[edge_sep_of_masks(masks[0], masks[1]) as usize];
    let flips = conj[(e >> SYM_SHIFT) as usize].eo(eo, masks) as usize & (FLIPS - 1);
    (e & 0xffff) as usize * FLIPS + flips
}

#[inline(always)]
pub fn get(dist: &[u8], i: usize) -> u32 {
    (dist[i / 2] >> (4 * (i & 1)) & 15) as u32
}

/// Exact distances of every entry, packed two a byte (the low nibble first), breadth-first
/// over the classes.
pub fn distances(
    class_of: &[u32],
    reps: &[u32],
    conj: &[MaskConj; SYMS],
    cancelled: &dyn Fn() -> bool,
) -> Option<Vec<u8>> {
    let mc = super::coord::move_coords();
    let entries = reps.len() * FLIPS;
    let mut dist = vec![u8::MAX; entries];
    let id = edge_masks(&crate::cube3::geometry::Perm::IDENTITY);
    let start = index(class_of, conj, &id, 0);
    dist[start] = 0;
    // A representative that some symmetries keep reads its flips in as many frames: the
    // entries of those images are the same positions seen another way, so each gets the
    // distance at once (the search reaches only one of them by the frame it picks).
    let rep_masks: Vec<[u32; 3]> = reps
        .iter()
        .map(|&r| edge_masks(&edge_sep_perm(r)))
        .collect();
    let stabilizers: Vec<Vec<usize>> = reps
        .iter()
        .zip(&rep_masks)
        .map(|(&r, masks)| {
            (1..SYMS)
                .filter(|&t| conj[t].edge_sep(masks) == r)
                .collect()
        })
        .collect();
    let mut frontier = vec![start as u32];
    let mut d = 0u8;
    while !frontier.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for (n, &i) in frontier.iter().enumerate() {
            // Half a second or more in all: polled as it goes, so a table build stops at once.
            if n % 4096 == 0 && cancelled() {
                return None;
            }
            let (k, flips) = (i as usize / FLIPS, i as usize % FLIPS);
            let masks = rep_masks[k];
            let eo = all_flips(flips);
            for m in 0..MOVES {
                let child = masks.map(|x| mc.edge_mask(m, x));
                let j = index(class_of, conj, &child, mc.eo(m, eo));
                if dist[j] != u8::MAX {
                    continue;
                }
                dist[j] = d;
                next.push(j as u32);
                let (k, flips) = (j / FLIPS, j % FLIPS);
                let eo = all_flips(flips);
                for &t in &stabilizers[k] {
                    let image = k * FLIPS + (conj[t].eo(eo, &rep_masks[k]) as usize & (FLIPS - 1));
                    if dist[image] == u8::MAX {
                        dist[image] = d;
                        next.push(image as u32);
                    }
                }
            }
        }
        frontier = next;
    }
    assert!(
        dist.iter().all(|&v| v < 16),
        "an edge state unreached or beyond 15 moves"
    );
    Some(dist.chunks_exact(2).map(|p| p[0] | p[1] << 4).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube3::geometry::Perm;
    use crate::cube3::optimal::coord::{eo_mask, mask_conj};
    use crate::cube3::optimal::sym::{face_moves, symmetries};
    use crate::rng::Rng;

    fn table() -> (Vec<u32>, Vec<u8>) {
        let conj = mask_conj();
        let (class_of, reps) = classes(conj);
        let dist = distances(&class_of, &reps, conj, &|| false).unwrap();
        (class_of, dist)
    }

    fn bound(t: &(Vec<u32>, Vec<u8>), p: &Perm) -> u32 {
        get(&t.1, index(&t.0, mask_conj(), &edge_masks(p), eo_mask(p)))
    }

    /// The entries are the breadth-first distances of the edge states: solved is 0, every
    /// entry's children are within one of it, and every other entry has a child one nearer
    /// (which together define the distance); each class's representative maps to itself by
    /// the identity.
    #[test]
    fn the_entries_are_exact_distances() {
        let conj = mask_conj();
        let (class_of, reps) = classes(conj);
        let dist = distances(&class_of, &reps, conj, &|| false).unwrap();
        let mc = crate::cube3::optimal::coord::move_coords();
        assert_eq!(reps.len(), CLASSES);
        assert_eq!(dist.len(), distance_bytes(reps.len()));
        for (k, &r) in reps.iter().enumerate() {
            assert_eq!(class_of[r as usize], k as u32, "representative {r}");
        }
        let mut counts = [0u64; 16];
        for i in 0..reps.len() * FLIPS {
            let (k, flips) = (i / FLIPS, i % FLIPS);
            let masks = edge_masks(&edge_sep_perm(reps[k]));
            let eo = all_flips(flips);
            let d = get(&dist, i);
            counts[d as usize] += 1;
            let mut nearer = false;
            for m in 0..MOVES {
                let child = masks.map(|x| mc.edge_mask(m, x));
                let c = get(&dist, index(&class_of, conj, &child, mc.eo(m, eo)));
                assert!(
                    c + 1 >= d && c <= d + 1,
                    "entry {i} at {d} has a child at {c}"
                );
                nearer |= c + 1 == d;
            }
            assert!(d == 0 || nearer, "entry {i} at {d} has no child nearer");
        }
        assert_eq!(counts[0], 1);
        // Printed for docs/cube3-optimal.md (`--nocapture`).
        println!("{} classes, entries per distance {counts:?}", reps.len());
    }

    /// Every image of a cube under the 48 symmetries reads the same entry value, and the
    /// bound never exceeds the length of the moves that made the cube.
    #[test]
    fn the_bound_is_the_same_for_every_image_and_admissible() {
        let t = table();
        let sy = symmetries();
        let faces = face_moves();
        let mut rng = Rng::new(5);
        for i in 0..300 {
            let n = i % 12;
            let p = (0..n).fold(Perm::IDENTITY, |x, _| {
                x.then(&faces[rng.below(18) as usize])
            });
            let b = bound(&t, &p);
            assert!(b <= n as u32, "{n} moves bounded by {b}");
            for s in 0..SYMS {
                assert_eq!(bound(&t, &sy.conj(s, &p)), b, "symmetry {s}");
            }
        }
    }
}
