//! The multiset-ranking exports: guarded shells around `twisty::api::rank_*`.
//!
//! Arrays arrive as borrowed `ffi::Slice`s (the C# layer pins its arrays for the duration of
//! the call; nothing is copied on the way in, so long inputs cannot overflow a stack). A `u128`
//! crosses both ways as a [`U128`] value with named halves, `high` and `low` (as in JNI and C). A
//! permutation leaves as an owned `ffi::Vec<u8>` that the C# layer copies and frees.

use interoptopus::ffi;
use twisty::api;

use crate::error::{NativeError, guard};

/// An unsigned 128-bit integer as two 64-bit halves: the value is `high * 2^64 + low`.
#[ffi]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct U128 {
    /// The high 64 bits.
    pub high: u64,
    /// The low 64 bits.
    pub low: u64,
}

impl From<u128> for U128 {
    fn from(v: u128) -> Self {
        Self {
            high: (v >> 64) as u64,
            low: v as u64,
        }
    }
}

impl From<U128> for u128 {
    fn from(v: U128) -> Self {
        ((v.high as u128) << 64) | v.low as u128
    }
}

/// Number of distinct permutations of the multiset with `counts[s]` copies of symbol `s`.
#[ffi]
pub fn twisty_rank_count(counts: ffi::Slice<u32>) -> ffi::Result<U128, NativeError> {
    guard(|| api::rank_count(counts.as_slice()).map(U128::from))
}

/// Lexicographic rank of `perm` among the permutations of the multiset `counts`.
#[ffi]
pub fn twisty_rank_rank(
    counts: ffi::Slice<u32>,
    perm: ffi::Slice<u8>,
) -> ffi::Result<U128, NativeError> {
    guard(|| api::rank_rank(counts.as_slice(), perm.as_slice()).map(U128::from))
}

/// The permutation of the multiset `counts` with lexicographic rank `rank`.
#[ffi]
pub fn twisty_rank_unrank(counts: ffi::Slice<u32>, rank: U128) -> ffi::Result<ffi::Vec<u8>, NativeError> {
    guard(|| api::rank_unrank(counts.as_slice(), u128::from(rank)).map(ffi::Vec::from_vec))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::twisty_last_error_message;

    #[test]
    fn u128_halves_round_trip() {
        for v in [
            0u128,
            1,
            u64::MAX as u128,
            u64::MAX as u128 + 1,
            u128::MAX,
            51090942171709440000,
        ] {
            assert_eq!(u128::from(U128::from(v)), v);
        }
        assert_eq!(
            U128::from(51090942171709440000u128),
            U128 {
                high: 2,
                low: 51090942171709440000u128 as u64,
            }
        );
    }

    #[test]
    fn exports_pass_through_the_engine() {
        let counts = [1u32; 21];
        let n = twisty_rank_count(ffi::Slice::from_slice(&counts));
        assert!(matches!(n, ffi::Ok(v) if u128::from(v) == 51090942171709440000));

        let perm: Vec<u8> = (0..21).rev().collect();
        let r = twisty_rank_rank(
            ffi::Slice::from_slice(&counts),
            ffi::Slice::from_slice(&perm),
        );
        assert!(matches!(r, ffi::Ok(v) if u128::from(v) == 51090942171709439999));

        let last = U128::from(51090942171709439999u128);
        match twisty_rank_unrank(ffi::Slice::from_slice(&counts), last) {
            ffi::Ok(v) => assert_eq!(v.into_vec(), perm),
            _ => panic!("unrank failed"),
        }

        let e = twisty_rank_unrank(ffi::Slice::from_slice(&[1, 1, 1]), U128::from(6u128));
        assert!(matches!(e, ffi::Err(NativeError::Raised)));
        assert_eq!(
            twisty_last_error_message().as_str(),
            "rank 6 out of range 0..6"
        );

        let e = twisty_rank_count(ffi::Slice::from_slice(&[]));
        assert!(matches!(e, ffi::Err(NativeError::Raised)));
        assert_eq!(
            twisty_last_error_message().as_str(),
            "a multiset needs at least one symbol type"
        );
    }
}
