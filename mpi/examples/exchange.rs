//! Checks the exchange and the reductions on every rank (run by `tests/mpirun.rs` under
//! `mpirun`): each rank sends each peer a payload whose length and bytes depend on both ranks,
//! in rounds of `ROUND` bytes (argument 1), and checks what it receives.

use twisty_mpi::{Reduce, World};

fn payload(from: usize, to: usize, seed: u64) -> Vec<u8> {
    let len = ((from * 7 + to * 13) as u64 * 1009 + seed) % 5000;
    (0..len)
        .map(|i| (i.wrapping_mul(31) ^ (from as u64 * 17) ^ (to as u64 * 101)) as u8)
        .collect()
}

fn main() {
    let round: usize = std::env::args()
        .nth(1)
        .map_or(1 << 20, |a| a.parse().unwrap());
    let mut world = World::init().expect("MPI init");
    world.set_round_bytes(round);
    let (me, n) = (world.rank(), world.size());
    for seed in [0u64, 1, 4242] {
        let out: Vec<Vec<u8>> = (0..n).map(|to| payload(me, to, seed)).collect();
        let got = world.exchange(&out).expect("exchange");
        for (from, bytes) in got.iter().enumerate() {
            assert_eq!(
                *bytes,
                payload(from, me, seed),
                "rank {me} from {from}, seed {seed}"
            );
        }
    }
    let sum = world.all_reduce(&[me as u64, 1], Reduce::Sum).unwrap();
    assert_eq!(sum, vec![(n * (n - 1) / 2) as u64, n as u64]);
    assert_eq!(
        world.all_reduce(&[me as u64], Reduce::Max).unwrap(),
        vec![n as u64 - 1]
    );
    // Rank r puts r + 10 * block in each rank's block: block b sums to n(n-1)/2 + 10 b n.
    let blocks: Vec<u64> = (0..n as u64)
        .flat_map(|b| [me as u64 + 10 * b; 2])
        .collect();
    let mine = world.reduce_scatter(&blocks).unwrap();
    let want = (n * (n - 1) / 2 + 10 * me * n) as u64;
    assert_eq!(mine, vec![want, want]);
    // Each rank in turn broadcasts its own text.
    for root in 0..n {
        let mine = format!("from rank {root:>4}");
        let mut text = if me == root {
            mine.clone().into_bytes()
        } else {
            vec![0u8; mine.len()]
        };
        world.broadcast(root, &mut text).unwrap();
        assert_eq!(text, mine.as_bytes());
    }
    world.barrier().unwrap();
    println!(
        "rank {me} of {n}: ok (rounds of {} bytes)",
        world.round_bytes()
    );
}
