//! Multiset ranking: the Fenwick-tree ranker against the article's O(n t) method, and the
//! Square-1 table fast paths. Figures are recorded in docs/benchmarks.md.
//!
//!     cargo bench -p twisty --bench rank

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use twisty::rank::sq1::{Sq1Ranks, pack_big};
use twisty::rank::{MultisetRanker, MultisetRanker128, reference};

fn bench(c: &mut Criterion) {
    let cases: [(&str, Vec<u32>); 3] = [
        ("silver-small 2x4", vec![2, 2, 2, 2]),
        ("big 1x8", vec![1; 8]),
        ("32 symbols 2x16", vec![2; 16]),
    ];
    for (name, counts) in cases {
        let ranker = MultisetRanker128::new(&counts).unwrap();
        let perms: Vec<Vec<u8>> = (0..64u128)
            .map(|i| ranker.unrank(i * (ranker.count() / 64)).unwrap())
            .collect();
        let mut g = c.benchmark_group(format!("rank/{name}"));
        if let Ok(ranker64) = MultisetRanker::new(&counts) {
            g.bench_function("fenwick-u64", |b| {
                b.iter(|| {
                    perms
                        .iter()
                        .map(|p| ranker64.rank(black_box(p)).unwrap())
                        .fold(0, u64::wrapping_add)
                })
            });
        }
        g.bench_function("fenwick", |b| {
            b.iter(|| {
                perms
                    .iter()
                    .map(|p| ranker.rank(black_box(p)).unwrap())
                    .fold(0, u128::wrapping_add)
            })
        });
        g.bench_function("article", |b| {
            b.iter(|| {
                perms
                    .iter()
                    .map(|p| reference::rank(&counts, black_box(p)))
                    .fold(0, u128::wrapping_add)
            })
        });
        g.finish();
        let mut g = c.benchmark_group(format!("unrank/{name}"));
        let ranks: Vec<u128> = (0..64u128).map(|i| i * (ranker.count() / 64)).collect();
        g.bench_function("fenwick", |b| {
            b.iter(|| {
                ranks.iter().fold(0u32, |acc, &r| {
                    acc + ranker.unrank(black_box(r)).unwrap()[0] as u32
                })
            })
        });
        g.bench_function("article", |b| {
            b.iter(|| {
                ranks.iter().fold(0u32, |acc, &r| {
                    acc + reference::unrank(&counts, black_box(r))[0] as u32
                })
            })
        });
        g.finish();
    }
    let t = Sq1Ranks::get();
    let small: Vec<[u8; 8]> = (0..64).map(|i| t.unrank_small(i * 39)).collect();
    let big: Vec<[u8; 8]> = (0..64).map(|i| t.unrank_big(i * 630)).collect();
    let mut g = c.benchmark_group("sq1-fast-path");
    g.bench_function("rank small (table)", |b| {
        b.iter(|| {
            small
                .iter()
                .map(|p| t.rank_small(black_box(p)).unwrap() as u32)
                .sum::<u32>()
        })
    });
    g.bench_function("rank big (popcount)", |b| {
        b.iter(|| {
            big.iter()
                .map(|p| Sq1Ranks::rank_big(black_box(p)) as u32)
                .sum::<u32>()
        })
    });
    let big_keys: Vec<u32> = big.iter().map(pack_big).collect();
    g.bench_function("rank big key (two tables)", |b| {
        b.iter(|| {
            big_keys
                .iter()
                .map(|&k| t.rank_big_key(black_box(k)) as u32)
                .sum::<u32>()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
