use std::time::Instant;
use twisty::progress::{CancelToken, ProgressReport};
use twisty::sq1::solve::{Metric, Solver};
use twisty::sq1::{Colouring, Tables};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = std::path::PathBuf::from(&args[1]);
    let metric = Metric::from_code(args.get(2).map(|s| s.parse().unwrap()).unwrap_or(0)).unwrap();
    let n: u64 = args.get(3).map(|s| s.parse().unwrap()).unwrap_or(20);
    let t = Instant::now();
    let mut p = |r: &ProgressReport| eprintln!("{} {:?}", r.phase, r.elapsed);
    let solver = Solver::open_or_build(&path, &mut p, &CancelToken::new()).unwrap();
    eprintln!("tables ready in {:?}: {:?}", t.elapsed(), solver);
    let tables = Tables::new();
    let mut times = Vec::new();
    let mut total_len = 0;
    for seed in 0..n {
        let s = tables.random_state(seed, Colouring::SixColour);
        let t = Instant::now();
        let sol = solver.solve(&s, metric).unwrap();
        let dt = t.elapsed();
        times.push(dt);
        total_len += sol.length;
        let after = s.apply(&sol.moves).unwrap();
        assert!(after.is_solved(), "{s} {}", sol.to_wca());
        println!("{seed} {} lb={} len={} {:?} {}", s, solver.twists_lower_bound(&s).unwrap(), sol.length, dt, sol.to_wca());
    }
    times.sort();
    println!("median {:?} max {:?} avg len {}", times[times.len() / 2], times.last().unwrap(), total_len as f64 / n as f64);
}
