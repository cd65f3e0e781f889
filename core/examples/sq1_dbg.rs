use std::time::{Duration, Instant};
use twisty::progress::{CancelToken, NoProgress};
use twisty::sq1::solve::{FastOptions, Metric, Solver};
use twisty::sq1::{Colouring, MoveSeq, Notation, State};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let solver = Solver::open_or_build(std::path::Path::new(&args[1]), &mut NoProgress, &CancelToken::new()).unwrap();
    let s = State::solved(Colouring::SixColour).apply(&MoveSeq::parse(&args[2], Notation::Wca).unwrap()).unwrap();
    println!("{s}");
    for m in [Metric::Twist, Metric::FaceTurn] {
        let opts = FastOptions { metric: m, max_length: None, node_limit: None, deadline: Some(Instant::now() + Duration::from_secs(3)), cancel: None };
        println!("{:?}: {:?}", m, solver.solve_fast(&s, &opts).map(|x| x.to_wca()));
        println!("optimal {:?}", solver.solve(&s, m).map(|x| x.to_wca()));
    }
}
