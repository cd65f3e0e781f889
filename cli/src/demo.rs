//! `twisty demo` (also what `twisty` alone runs): a built-in Square-1 scramble, a random state
//! and a 3x3x3 scramble solved by the two-phase solver.

use twisty::cube3;
use twisty::sq1::{Colouring, MoveSeq, Notation, State, Tables};

use crate::cube3::open_cube3_solver;
use crate::sq1::describe;

/// Built-in Square-1 scramble used by `twisty demo`.
const DEMO_SCRAMBLE: &str =
    "(4,-1)/ (6,0)/ (6,6)/ (-3,-3)/ (-3,-3)/ (6,0)/ (2,6)/ (0,-3)/ (6,-3)/ (-5,6)/ (0,3)/ (0,3)/";
pub const DEMO_SEED: u64 = 2026;
/// Built-in 3x3x3 scramble used by `twisty demo`.
const DEMO_CUBE3_SCRAMBLE: &str =
    "R' U' F D2 L2 F R2 U2 R2 B D2 L B2 L' B' U' F' D2 R' D F R' U' F";

pub fn run() -> twisty::Result<()> {
    let tables = Tables::new();
    println!("scramble:   {DEMO_SCRAMBLE}");
    let s = State::solved(Colouring::SixColour)
        .apply(&MoveSeq::parse(DEMO_SCRAMBLE, Notation::Wca)?)?;
    describe(&s, &tables);
    let r = tables.random_state(DEMO_SEED, Colouring::SixColour);
    println!("random state (seed {DEMO_SEED}):");
    describe(&r, &tables);
    let alg = cube3::Alg::parse(DEMO_CUBE3_SCRAMBLE)?;
    let c = cube3::Cube::from_alg(&alg);
    println!("3x3x3 scramble: {alg}");
    println!("cube (B32):     {c}");
    let solution = open_cube3_solver(None)?.solve(&c, &Default::default())?;
    println!("two-phase:      {solution} ({} moves)", solution.len());
    Ok(())
}
