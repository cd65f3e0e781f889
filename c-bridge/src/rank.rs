//! Multiset permutation ranking: shells around `twisty::api::rank_*`.
//!
//! A multiset is its counts (`counts[s]` copies of symbol `s`), a permutation a byte array of
//! symbols; both arrive as a pointer and a length (the pointer must not be NULL, even for an
//! empty array). Ranks and counts are 128-bit values as a [`twisty_u128`].

use safer_ffi::prelude::*;
use twisty::api;

use crate::error::{OutValue, call, put};
use crate::handle::{FreeArray, OutArray, free_array, put_array};
use crate::{arg, slice_arg};

/// An unsigned 128-bit integer: `high * 2^64 + low`.
#[derive_ReprC]
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct twisty_u128 {
    /// The high 64 bits.
    pub high: u64,
    /// The low 64 bits.
    pub low: u64,
}

impl From<u128> for twisty_u128 {
    fn from(v: u128) -> Self {
        Self {
            high: (v >> 64) as u64,
            low: v as u64,
        }
    }
}

impl From<twisty_u128> for u128 {
    fn from(v: twisty_u128) -> Self {
        (u128::from(v.high) << 64) | u128::from(v.low)
    }
}

/// The number of distinct permutations of the multiset `counts` (`counts_len` symbol types).
#[ffi_export]
fn twisty_rank_count(counts: *const u32, counts_len: usize, out: OutValue<'_, twisty_u128>) -> i32 {
    call(|| {
        let (counts, out) = (slice_arg!(counts, counts_len)?, arg!(out)?);
        put(out, api::rank_count(counts)?.into())
    })
}

/// The lexicographic rank of the permutation `perm` (`perm_len` symbols) among the permutations
/// of the multiset `counts`.
#[ffi_export]
fn twisty_rank_rank(
    counts: *const u32,
    counts_len: usize,
    perm: *const u8,
    perm_len: usize,
    out: OutValue<'_, twisty_u128>,
) -> i32 {
    call(|| {
        let (counts, perm, out) = (
            slice_arg!(counts, counts_len)?,
            slice_arg!(perm, perm_len)?,
            arg!(out)?,
        );
        put(out, api::rank_rank(counts, perm)?.into())
    })
}

/// The permutation of the multiset `counts` with lexicographic rank `rank`. The array belongs
/// to the caller: free it with `twisty_u8_array_free`.
#[ffi_export]
fn twisty_rank_unrank(
    counts: *const u32,
    counts_len: usize,
    rank: twisty_u128,
    out: OutArray<'_, u8>,
) -> i32 {
    call(|| {
        let (counts, out) = (slice_arg!(counts, counts_len)?, arg!(out)?);
        put_array(out, api::rank_unrank(counts, rank.into())?)
    })
}

/// Frees an array of bytes returned by the library and sets its `ptr` to NULL (so a second free
/// does nothing); NULL is ignored.
#[ffi_export]
fn twisty_u8_array_free(array: FreeArray<'_, u8>) {
    free_array(array)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn u128_halves_round_trip() {
        for v in [
            0u128,
            1,
            u64::MAX as u128,
            (u64::MAX as u128) + 1,
            u128::MAX,
            51090942171709440000,
        ] {
            let halves = twisty_u128::from(v);
            assert_eq!(u128::from(halves), v);
        }
        assert_eq!(
            twisty_u128::from(1u128 << 64),
            twisty_u128 { high: 1, low: 0 }
        );
    }
}
