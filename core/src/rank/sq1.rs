//! Table-driven ranks of the two Square-1 coordinates, in the general ranker's lexicographic
//! order (tests check they agree):
//!
//! - **Silver small pieces**: the 2520 arrangements of the multiset {0,0,1,1,2,2,3,3} (the four
//!   identical pairs) over the eight small-piece places. Packed two bits per place (place 0 in the
//!   low bits), an arrangement is a 16-bit key; a 65536-entry table maps keys to ranks and a
//!   2520-entry table maps ranks back.
//! - **Big pieces**: the 40320 permutations of 0..7. Ranked by their Lehmer code, counting the
//!   smaller unused symbols with one popcount per place; unranked from a 40320-entry table of
//!   keys packed three bits per place.

use std::sync::OnceLock;

use super::MultisetRanker;

/// Number of arrangements of the Silver edition's small pieces.
pub const SMALL_COUNT: usize = 2520;
/// Number of permutations of the big pieces.
pub const BIG_COUNT: usize = 40320;

const FACT: [u32; 8] = [5040, 720, 120, 24, 6, 2, 1, 1];

/// The fast-path tables. Build once with [`Sq1Ranks::get`].
pub struct Sq1Ranks {
    small_rank: Vec<u16>,
    small_key: Vec<u16>,
    big_key: Vec<u32>,
    /// Lehmer-code contribution of places 0..3 (12 key bits), a multiple of 24.
    big_first: Vec<u16>,
    /// Rank of the relative order of places 4..7 (12 key bits), 0..24.
    big_last: Vec<u16>,
}

/// Packs eight 2-bit symbols, place 0 in the low bits.
pub fn pack_small(perm: &[u8; 8]) -> u16 {
    perm.iter()
        .enumerate()
        .fold(0, |k, (i, &s)| k | ((s as u16 & 3) << (2 * i)))
}

/// Packs eight 3-bit symbols, place 0 in the low bits.
pub fn pack_big(perm: &[u8; 8]) -> u32 {
    perm.iter()
        .enumerate()
        .fold(0, |k, (i, &s)| k | ((s as u32 & 7) << (3 * i)))
}

impl Sq1Ranks {
    pub fn get() -> &'static Sq1Ranks {
        static TABLES: OnceLock<Sq1Ranks> = OnceLock::new();
        TABLES.get_or_init(|| {
            let small = MultisetRanker::new(&[2, 2, 2, 2]).expect("2520 fits");
            let mut small_rank = vec![u16::MAX; 1 << 16];
            let mut small_key = vec![0u16; SMALL_COUNT];
            let mut perm = [0u8; 8];
            for (r, key) in small_key.iter_mut().enumerate() {
                small.unrank_into(r as u64, &mut perm).expect("in range");
                *key = pack_small(&perm);
                small_rank[*key as usize] = r as u16;
            }
            let big = MultisetRanker::new(&[1; 8]).expect("40320 fits");
            let big_key = (0..BIG_COUNT as u64)
                .map(|r| {
                    big.unrank_into(r, &mut perm).expect("in range");
                    pack_big(&perm)
                })
                .collect();
            // The Lehmer digit of place i counts the later places holding smaller symbols, so
            // places 0..3 and 4..7 contribute independently: two 4096-entry tables.
            let field = |k: usize, i: usize| (k >> (3 * i)) & 7;
            let big_first = (0..4096)
                .map(|k| {
                    (0..4)
                        .map(|i| {
                            (field(k, i)
                                - (0..i)
                                    .filter(|&j| field(k, j) < field(k, i))
                                    .count()
                                    .min(field(k, i))) as u32
                                * FACT[i]
                        })
                        .sum::<u32>() as u16
                })
                .collect();
            let big_last = (0..4096)
                .map(|k| {
                    (0..4)
                        .map(|i| {
                            (i + 1..4).filter(|&j| field(k, j) < field(k, i)).count() as u32
                                * FACT[4 + i]
                        })
                        .sum::<u32>() as u16
                })
                .collect();
            Sq1Ranks {
                small_rank,
                small_key,
                big_key,
                big_first,
                big_last,
            }
        })
    }

    /// Rank of a packed small-piece arrangement, `None` if the key is not one of the 2520.
    pub fn rank_small_key(&self, key: u16) -> Option<u16> {
        let r = self.small_rank[key as usize];
        (r != u16::MAX).then_some(r)
    }

    /// Rank of a packed small-piece arrangement that is known to be one of the 2520.
    #[inline(always)]
    pub fn rank_small_key_unchecked(&self, key: u16) -> u16 {
        self.small_rank[key as usize]
    }

    pub fn small_key(&self, rank: u16) -> u16 {
        self.small_key[rank as usize]
    }

    pub fn rank_small(&self, perm: &[u8; 8]) -> Option<u16> {
        self.rank_small_key(pack_small(perm))
    }

    pub fn unrank_small(&self, rank: u16) -> [u8; 8] {
        let key = self.small_key[rank as usize];
        std::array::from_fn(|i| ((key >> (2 * i)) & 3) as u8)
    }

    /// Rank of a permutation of 0..7 (not checked: the caller holds a permutation).
    pub fn rank_big(perm: &[u8; 8]) -> u16 {
        let mut unused: u32 = 0xFF;
        let mut rank = 0u32;
        for (i, &p) in perm.iter().enumerate() {
            rank += (unused & ((1 << p) - 1)).count_ones() * FACT[i];
            unused &= !(1 << p);
        }
        rank as u16
    }

    /// Rank of a permutation of 0..7 packed three bits per place (see [`pack_big`]): two table
    /// lookups.
    #[inline]
    pub fn rank_big_key(&self, key: u32) -> u16 {
        self.big_first[(key & 0xFFF) as usize] + self.big_last[(key >> 12) as usize]
    }

    pub fn big_key(&self, rank: u16) -> u32 {
        self.big_key[rank as usize]
    }

    pub fn unrank_big(&self, rank: u16) -> [u8; 8] {
        let key = self.big_key[rank as usize];
        std::array::from_fn(|i| ((key >> (3 * i)) & 7) as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_paths_agree_with_the_general_ranker() {
        let t = Sq1Ranks::get();
        let small = MultisetRanker::new(&[2, 2, 2, 2]).unwrap();
        for r in 0..SMALL_COUNT as u16 {
            let p = t.unrank_small(r);
            assert_eq!(small.rank(&p).unwrap(), r as u64);
            assert_eq!(t.rank_small(&p), Some(r));
        }
        let big = MultisetRanker::new(&[1; 8]).unwrap();
        for r in 0..BIG_COUNT as u16 {
            let p = t.unrank_big(r);
            assert_eq!(big.rank(&p).unwrap(), r as u64);
            assert_eq!(Sq1Ranks::rank_big(&p), r);
            assert_eq!(t.rank_big_key(t.big_key(r)), r);
        }
        assert_eq!(t.rank_small(&[0, 0, 0, 1, 1, 1, 2, 3]), None);
    }
}
