//! The Cube21 article's ranking method, kept as a slow, clear reference for tests and for the
//! benchmark (`cargo bench -p twisty --bench rank`).
//!
//! For each position it sums, over every smaller symbol still available, the number of
//! permutations of the rest that start with that symbol: O(n t) per call. The counts come from
//! the same exact `M * c / m` recurrence, in `u128`, so the reference is correct wherever the fast
//! ranker is.

/// Lexicographic rank of `perm` among the permutations of the multiset `counts`.
pub fn rank(counts: &[u32], perm: &[u8]) -> u128 {
    let mut left = counts.to_vec();
    let mut big_m = multinomial(&left);
    let mut rank = 0u128;
    for (i, &a) in perm.iter().enumerate() {
        let m = (perm.len() - i) as u128;
        for &c in &left[..a as usize] {
            rank += big_m * c as u128 / m;
        }
        big_m = big_m * left[a as usize] as u128 / m;
        left[a as usize] -= 1;
    }
    rank
}

/// The permutation of rank `rank`, by trying symbols in order at each position.
pub fn unrank(counts: &[u32], mut rank: u128) -> Vec<u8> {
    let n: u32 = counts.iter().sum();
    let mut left = counts.to_vec();
    let mut big_m = multinomial(&left);
    let mut out = Vec::with_capacity(n as usize);
    for i in 0..n as usize {
        let m = (n as usize - i) as u128;
        for (s, c) in left.iter_mut().enumerate() {
            let block = big_m * *c as u128 / m;
            if rank < block {
                out.push(s as u8);
                big_m = block;
                *c -= 1;
                break;
            }
            rank -= block;
        }
    }
    out
}

/// n! / prod(c!) by the product of binomials, in u128 (for test-sized multisets).
pub fn multinomial(counts: &[u32]) -> u128 {
    let (mut total, mut placed) = (1u128, 0u128);
    for &c in counts {
        for k in 1..=c as u128 {
            placed += 1;
            total = total * placed / k;
        }
    }
    total
}
