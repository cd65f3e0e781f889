//! Ranking and unranking of multiset permutations in lexicographic order.
//!
//! A *multiset permutation* is a sequence over symbols `0..t` where symbol `s` occurs `counts[s]`
//! times; there are `n! / (c0! c1! ... c(t-1)!)` of them (the multinomial coefficient). The rank of
//! a sequence is its index among all of them in lexicographic order.
//!
//! ## The algorithm
//!
//! Walk the sequence left to right keeping `M`, the number of permutations of the symbols not yet
//! placed, and `m`, how many there are. The permutations that put symbol `s` next number
//! `M * c_s / m`, so those that put a *smaller* symbol next number `M * P / m`, where `P` is the
//! count of remaining symbols smaller than the one placed. The rank is the sum of these terms;
//! after placing symbol `a`, `M` becomes `M * c_a / m`. `P` comes from a Fenwick tree over the
//! counts, so a call costs O(n log t) instead of the O(n t) of summing over smaller symbols one
//! by one (the Cube21 article's method, kept as [`reference`] for tests and benchmarks).
//! Unranking descends the same Fenwick tree to find the symbol whose block contains the rank.
//!
//! Every product is exact: `M * P / m` is an integer, so with `g = gcd(P, m)` it equals
//! `(M / (m/g)) * (P/g)`, where the division is exact and only the final multiplication can
//! overflow; it is checked. [`MultisetRanker`] works in `u64`; [`MultisetRanker128`] in `u128` for
//! multisets with more than 2^64 permutations.
//!
//! [`sq1`] adds table-driven fast paths for the two Square-1 coordinates: the 2520 arrangements
//! of the Silver edition's paired small pieces and the 40320 permutations of the big pieces.

pub mod reference;
pub mod sq1;

use smallvec::SmallVec;

use crate::error::{Error, Result};

fn gcd128(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// `M * p / m`, exact (the caller guarantees the quotient is an integer), `None` on overflow.
/// The common case divides in 64 bits; the gcd route runs only when `M * p` overflows `u128`.
#[inline]
fn mul_div(big_m: u128, p: u128, m: u128) -> Option<u128> {
    match big_m.checked_mul(p) {
        Some(x) if x <= u64::MAX as u128 => Some(((x as u64) / (m as u64)) as u128),
        Some(x) => Some(x / m),
        None => {
            let g = gcd128(p, m);
            (big_m / (m / g)).checked_mul(p / g)
        }
    }
}

/// A Fenwick (binary indexed) tree of symbol counts: prefix sums and search in O(log t).
#[derive(Clone, Debug)]
struct Fenwick {
    tree: Counts,
}

/// Per-call counts live on the stack for up to 31 symbol types.
type Counts = SmallVec<[u32; 32]>;

impl Fenwick {
    fn new(counts: &[u32]) -> Fenwick {
        let mut tree: Counts = smallvec::smallvec![0u32; counts.len() + 1];
        for (i, &c) in counts.iter().enumerate() {
            let mut j = i + 1;
            while j < tree.len() {
                tree[j] += c;
                j += j & j.wrapping_neg();
            }
        }
        Fenwick { tree }
    }

    /// Sum of counts of symbols `< s`.
    fn prefix(&self, s: usize) -> u32 {
        let (mut j, mut sum) = (s, 0);
        while j > 0 {
            sum += self.tree[j];
            j &= j - 1;
        }
        sum
    }

    fn decrement(&mut self, s: usize) {
        let mut j = s + 1;
        while j < self.tree.len() {
            self.tree[j] -= 1;
            j += j & j.wrapping_neg();
        }
    }

    /// The symbol `s` with `prefix(s) <= q < prefix(s + 1)`, and `prefix(s)`.
    fn find(&self, q: u32) -> (usize, u32) {
        let (mut pos, mut rem) = (0usize, q);
        let mut step = (self.tree.len() - 1).next_power_of_two();
        while step > 0 {
            let next = pos + step;
            if next < self.tree.len() && self.tree[next] <= rem {
                pos = next;
                rem -= self.tree[next];
            }
            step >>= 1;
        }
        (pos, q - rem)
    }
}

/// Longest multiset the rankers accept (longer ones are no use: their permutations are too many
/// to rank, unless nearly all elements are equal).
pub const MAX_LEN: usize = 1 << 16;

macro_rules! ranker {
    ($name:ident, $int:ty, $doc:literal) => {
        #[doc = $doc]
        #[derive(Clone, Debug)]
        pub struct $name {
            counts: Vec<u32>,
            len: usize,
            total: $int,
        }

        impl $name {
            /// A ranker for the multiset with `counts[s]` copies of symbol `s`. Fails when the
            /// number of permutations does not fit the integer type.
            pub fn new(counts: &[u32]) -> Result<$name> {
                if counts.is_empty() {
                    return Err(Error::invalid_argument(
                        "a multiset needs at least one symbol type",
                    ));
                }
                if counts.len() > 256 {
                    return Err(Error::invalid_argument(format!(
                        "at most 256 symbol types (symbols are bytes), got {}",
                        counts.len()
                    )));
                }
                let len: u64 = counts.iter().map(|&c| c as u64).sum();
                if len > MAX_LEN as u64 {
                    return Err(Error::invalid_argument(format!(
                        "at most {MAX_LEN} elements in a multiset, got {len}"
                    )));
                }
                // multinomial = prod over symbols of C(placed so far + c, c), built term by term.
                let mut total: u128 = 1;
                let mut placed: u128 = 0;
                for &c in counts {
                    for k in 1..=c as u128 {
                        placed += 1;
                        // total * placed / k is exact: total*C(placed, k) grows by placed/k.
                        total = mul_div(total, placed, k)
                            .filter(|&t| t <= <$int>::MAX as u128)
                            .ok_or_else(|| {
                                Error::invalid_argument(format!(
                                    "the multiset has more than {} permutations",
                                    <$int>::MAX
                                ))
                            })?;
                    }
                }
                Ok($name {
                    counts: counts.to_vec(),
                    len: len as usize,
                    total: total as $int,
                })
            }

            /// Number of distinct permutations.
            pub fn count(&self) -> $int {
                self.total
            }

            /// Length of each permutation.
            pub fn len(&self) -> usize {
                self.len
            }

            pub fn is_empty(&self) -> bool {
                self.len == 0
            }

            pub fn counts(&self) -> &[u32] {
                &self.counts
            }

            /// The lexicographic rank of `perm`, which must be a permutation of the multiset.
            pub fn rank(&self, perm: &[u8]) -> Result<$int> {
                if perm.len() != self.len {
                    return Err(Error::invalid_argument(format!(
                        "permutation has {} symbols, the multiset {}",
                        perm.len(),
                        self.len
                    )));
                }
                let mut left: Counts = SmallVec::from_slice(&self.counts);
                let mut tree = Fenwick::new(&left);
                let (mut big_m, mut rank) = (self.total as u128, 0u128);
                for (i, &a) in perm.iter().enumerate() {
                    let a = a as usize;
                    if a >= left.len() || left[a] == 0 {
                        return Err(Error::invalid_argument(format!(
                            "symbol {a} at index {i} is not left in the multiset"
                        )));
                    }
                    let m = (self.len - i) as u128;
                    // Exact and bounded by the total, which fits the type.
                    rank += mul_div(big_m, tree.prefix(a) as u128, m).expect("bounded by total");
                    big_m = mul_div(big_m, left[a] as u128, m).expect("bounded by total");
                    left[a] -= 1;
                    tree.decrement(a);
                }
                Ok(rank as $int)
            }

            /// The permutation with lexicographic rank `rank`, written into `out` (length
            /// [`Self::len`]).
            pub fn unrank_into(&self, rank: $int, out: &mut [u8]) -> Result<()> {
                if rank >= self.total {
                    return Err(Error::invalid_argument(format!(
                        "rank {rank} out of range 0..{}",
                        self.total
                    )));
                }
                if out.len() != self.len {
                    return Err(Error::invalid_argument(format!(
                        "output has {} slots, the multiset {}",
                        out.len(),
                        self.len
                    )));
                }
                let mut left: Counts = SmallVec::from_slice(&self.counts);
                let mut tree = Fenwick::new(&left);
                let (mut big_m, mut r) = (self.total as u128, rank as u128);
                for (i, slot) in out.iter_mut().enumerate() {
                    let m = (self.len - i) as u128;
                    // The symbol whose block holds r: the largest P with M*P/m <= r is
                    // floor(r*m/M), a count position that the tree maps to its symbol.
                    let q = floor_mul_div(r, m, big_m) as u32;
                    let (a, before) = tree.find(q);
                    r -= mul_div(big_m, before as u128, m).expect("bounded by total");
                    big_m = mul_div(big_m, left[a] as u128, m).expect("bounded by total");
                    left[a] -= 1;
                    tree.decrement(a);
                    *slot = a as u8;
                }
                Ok(())
            }

            pub fn unrank(&self, rank: $int) -> Result<Vec<u8>> {
                let mut out = vec![0u8; self.len];
                self.unrank_into(rank, &mut out)?;
                Ok(out)
            }
        }
    };
}

/// floor(r * m / big_m) for r < big_m and small m (the result is < m), without overflow.
fn floor_mul_div(r: u128, m: u128, big_m: u128) -> u128 {
    match r.checked_mul(m) {
        Some(p) if p <= u64::MAX as u128 && big_m <= u64::MAX as u128 => {
            ((p as u64) / (big_m as u64)) as u128
        }
        Some(p) => p / big_m,
        None => {
            // r*m overflows only for huge u128 multisets: binary search the answer in 0..m.
            let g = gcd128(big_m, m);
            let (mut lo, mut hi) = (0u128, m - 1);
            while lo < hi {
                let mid = (lo + hi).div_ceil(2);
                // mid * big_m <= r * m  <=>  mid * (big_m / g) <= r * (m / g)
                let lhs = (big_m / g).checked_mul(mid);
                let rhs = r.checked_mul(m / g);
                let fits = match (lhs, rhs) {
                    (Some(l), Some(rr)) => l <= rr,
                    (Some(_), None) => true,
                    (None, _) => false,
                };
                if fits { lo = mid } else { hi = mid - 1 }
            }
            lo
        }
    }
}

ranker!(
    MultisetRanker,
    u64,
    "Ranks multiset permutations with fewer than 2^64 permutations (checked at construction)."
);
ranker!(
    MultisetRanker128,
    u128,
    "Ranks multiset permutations with fewer than 2^128 permutations (checked at construction)."
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fenwick_prefix_and_find() {
        let f = Fenwick::new(&[2, 0, 3, 1]);
        assert_eq!(
            (0..=4).map(|s| f.prefix(s)).collect::<Vec<_>>(),
            vec![0, 2, 2, 5, 6]
        );
        assert_eq!(f.find(0), (0, 0));
        assert_eq!(f.find(1), (0, 0));
        assert_eq!(f.find(2), (2, 2));
        assert_eq!(f.find(4), (2, 2));
        assert_eq!(f.find(5), (3, 5));
    }

    #[test]
    fn counts_and_overflow() {
        assert_eq!(MultisetRanker::new(&[2, 2, 2, 2]).unwrap().count(), 2520);
        assert_eq!(MultisetRanker::new(&[1; 8]).unwrap().count(), 40320);
        assert_eq!(
            MultisetRanker::new(&[1; 20]).unwrap().count(),
            2_432_902_008_176_640_000
        );
        assert!(MultisetRanker::new(&[1; 21]).is_err());
        assert_eq!(
            MultisetRanker128::new(&[1; 21]).unwrap().count(),
            51_090_942_171_709_440_000
        );
        assert!(MultisetRanker128::new(&[1; 35]).is_err());
    }

    #[test]
    fn bad_arguments() {
        let r = MultisetRanker::new(&[2, 1]).unwrap();
        assert!(r.rank(&[0, 0]).is_err());
        assert!(
            r.rank(&[0, 0, 0])
                .unwrap_err()
                .message()
                .contains("symbol 0 at index 2")
        );
        assert!(r.rank(&[0, 3, 1]).is_err());
        assert!(
            r.unrank(3)
                .unwrap_err()
                .message()
                .contains("out of range 0..3")
        );
        assert!(MultisetRanker::new(&[]).is_err());
    }
}
