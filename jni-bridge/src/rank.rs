//! Natives of `org.twisty.rank.MultisetRanker`: multiset permutation ranking. The Java object is
//! a value (its counts), not a handle: each call passes the counts and forwards to one
//! [`twisty::api`] function. `u128` values cross as two `long`s (arguments: high, low bits) and
//! as a big-endian `byte[16]` (results).

use jni::objects::{JByteArray, JClass, JIntArray};
use jni::sys::jlong;
use jni::{EnvUnowned, jni_mangle};
use twisty::api;

use crate::error::{call, u8_array_arg, u8_array_result, u32_array_arg, u128_arg, u128_result};

#[jni_mangle("org.twisty.rank.MultisetRanker")]
pub fn native_count<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    counts: JIntArray<'local>,
) -> JByteArray<'local> {
    call(&mut env, |env| {
        let counts = u32_array_arg(env, &counts, "counts")?;
        let count = api::rank_count(&counts)?;
        u128_result(env, count)
    })
}

#[jni_mangle("org.twisty.rank.MultisetRanker")]
pub fn native_rank<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    counts: JIntArray<'local>,
    perm: JIntArray<'local>,
) -> JByteArray<'local> {
    call(&mut env, |env| {
        let counts = u32_array_arg(env, &counts, "counts")?;
        let perm = u8_array_arg(env, &perm, "perm")?;
        let rank = api::rank_rank(&counts, &perm)?;
        u128_result(env, rank)
    })
}

#[jni_mangle("org.twisty.rank.MultisetRanker")]
pub fn native_unrank<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    counts: JIntArray<'local>,
    rank_high: jlong,
    rank_low: jlong,
) -> JIntArray<'local> {
    call(&mut env, |env| {
        let counts = u32_array_arg(env, &counts, "counts")?;
        let perm = api::rank_unrank(&counts, u128_arg(rank_high, rank_low))?;
        u8_array_result(env, &perm)
    })
}
