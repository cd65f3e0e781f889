//! Multiset ranking: bijection, lexicographic order, and agreement with a brute-force
//! enumeration and with the article's O(n t) reference.

use proptest::prelude::*;
use twisty::rank::{MultisetRanker, MultisetRanker128, reference};

/// Next permutation in lexicographic order (classic in-place step); false after the last.
fn next_permutation(p: &mut [u8]) -> bool {
    let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else {
        return false;
    };
    let j = (i..p.len()).rev().find(|&j| p[j] > p[i - 1]).unwrap();
    p.swap(i - 1, j);
    p[i..].reverse();
    true
}

fn sorted(counts: &[u32]) -> Vec<u8> {
    counts
        .iter()
        .enumerate()
        .flat_map(|(s, &c)| std::iter::repeat_n(s as u8, c as usize))
        .collect()
}

proptest! {
    #[test]
    fn matches_brute_force_enumeration(counts in prop::collection::vec(0u32..4, 1..5)) {
        prop_assume!(counts.iter().sum::<u32>() > 0 && counts.iter().sum::<u32>() <= 9);
        let ranker = MultisetRanker::new(&counts).unwrap();
        let mut perm = sorted(&counts);
        let mut k = 0u64;
        loop {
            prop_assert_eq!(ranker.rank(&perm).unwrap(), k);
            prop_assert_eq!(ranker.unrank(k).unwrap(), perm.clone());
            k += 1;
            if !next_permutation(&mut perm) { break; }
        }
        prop_assert_eq!(k, ranker.count());
        prop_assert_eq!(k as u128, reference::multinomial(&counts));
    }

    #[test]
    fn large_multisets_round_trip_and_agree_with_reference(
        counts in prop::collection::vec(0u32..7, 2..12),
        seed in any::<u128>(),
    ) {
        let Ok(ranker) = MultisetRanker128::new(&counts) else { return Ok(()) };
        prop_assume!(!ranker.is_empty() && ranker.count() < u128::MAX / 64);
        let r = seed % ranker.count();
        let perm = ranker.unrank(r).unwrap();
        prop_assert_eq!(ranker.rank(&perm).unwrap(), r);
        prop_assert_eq!(reference::rank(&counts, &perm), r);
        prop_assert_eq!(reference::unrank(&counts, r), perm);
    }

    #[test]
    fn order_is_lexicographic(counts in prop::collection::vec(1u32..4, 2..6), a in any::<u64>(), b in any::<u64>()) {
        let ranker = MultisetRanker::new(&counts).unwrap();
        let (ra, rb) = (a % ranker.count(), b % ranker.count());
        let (pa, pb) = (ranker.unrank(ra).unwrap(), ranker.unrank(rb).unwrap());
        prop_assert_eq!(ra.cmp(&rb), pa.cmp(&pb));
    }
}

#[test]
fn u64_and_u128_rankers_agree_near_the_u64_limit() {
    let counts = [3, 3, 3, 3, 3, 3, 2]; // 20!/(6^6 * 2) ~ 2.6e13
    let (a, b) = (
        MultisetRanker::new(&counts).unwrap(),
        MultisetRanker128::new(&counts).unwrap(),
    );
    assert_eq!(a.count() as u128, b.count());
    for r in [0, 1, a.count() / 3, a.count() - 1] {
        assert_eq!(a.unrank(r).unwrap(), b.unrank(r as u128).unwrap());
    }
    // 20 distinct symbols: 20! < 2^64 < 21!
    let big = MultisetRanker::new(&[1; 20]).unwrap();
    let last = big.unrank(big.count() - 1).unwrap();
    assert_eq!(last, (0..20).rev().collect::<Vec<u8>>());
}

#[test]
fn regression_u128_unrank_when_the_product_fits_64_bits() {
    // r * m fits 64 bits while the count does not: the 64-bit shortcut once truncated the count.
    let r = MultisetRanker128::new(&[1; 21]).unwrap();
    for rank in [
        676_000_000_000_000_000u128,
        700_000_000_000_000_000,
        878_000_000_000_000_000,
    ] {
        let p = r.unrank(rank).unwrap();
        assert_eq!(r.rank(&p).unwrap(), rank);
        assert_eq!(reference::rank(&[1; 21], &p), rank);
    }
}

#[test]
fn limits_on_symbol_types_and_length() {
    assert!(MultisetRanker::new(&[1; 256]).is_err()); // too many permutations, but a valid shape
    let e = MultisetRanker128::new(&[0; 257]).unwrap_err();
    assert!(e.message().contains("at most 256 symbol types"), "{e}");
    let e = MultisetRanker::new(&[u32::MAX]).unwrap_err();
    assert!(e.message().contains("at most 65536 elements"), "{e}");
    assert_eq!(MultisetRanker::new(&[65536]).unwrap().count(), 1);
}
