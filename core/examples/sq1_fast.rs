use std::time::{Duration, Instant};
use twisty::progress::CancelToken;
use twisty::progress::NoProgress;
use twisty::sq1::solve::{FastOptions, Metric, Solver};
use twisty::sq1::{Colouring, Tables};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let solver = Solver::open_or_build(std::path::Path::new(&args[1]), &mut NoProgress, &CancelToken::new()).unwrap();
    let n: u64 = args[2].parse().unwrap();
    let max_length: Option<u32> = args.get(3).map(|s| s.parse().unwrap()).filter(|&x| x > 0);
    let node_limit: Option<u64> = args.get(4).map(|s| s.parse().unwrap()).filter(|&x| x > 0);
    let tables = Tables::new();
    let mut times = Vec::new();
    let mut total = 0;
    for seed in 0..n {
        let s = tables.random_state(seed, Colouring::SixColour);
        let opts = FastOptions { metric: Metric::FaceTurn, max_length, node_limit, deadline: Some(Instant::now() + Duration::from_secs(5)), cancel: None };
        let t = Instant::now();
        let sol = solver.solve_fast(&s, &opts).unwrap();
        times.push(t.elapsed());
        total += sol.length;
        assert!(s.apply(&sol.moves).unwrap().is_solved());
        if seed < 5 { println!("{seed} len={} {:?} {}", sol.length, t.elapsed(), sol.to_wca()); }
    }
    times.sort();
    let sum: Duration = times.iter().sum();
    println!("mean {:?} median {:?} max {:?} avg len {}", sum / n as u32, times[times.len() / 2], times.last().unwrap(), total as f64 / n as f64);
}
