//! Random-state scrambles, as the WCA scrambler makes them.
//!
//! The algorithm is part of the cross-runtime contract (the same seed gives the same scramble
//! everywhere, and in later releases unless the scrambler version changes):
//!
//! 1. `rng = Rng::new(seed)`; draw a state with [`crate::sq1::Tables::random_state_from`] (uniform over the
//!    twistable positions, middle layer included).
//! 2. If an optimal search finds a solution of at most [`MIN_WCA_MOVES`] WCA moves, draw again
//!    from the same generator.
//! 3. Solve optimally in the twist metric (the first solution the search meets; no time limit,
//!    so the result does not depend on the machine's speed).
//! 4. The scramble is that solution inverted, written `(x,y) / (x,y) / ...`: as few `/` as the
//!    state allows, about 10.6 on average (21-22 WCA moves).

use crate::error::Result;
use crate::rng::Rng;
use crate::sq1::moves::{Move, MoveSeq};
use crate::sq1::state::{Colouring, State};

use super::search::{Limits, Search};
use super::{Metric, Solver};

/// States solvable in this many WCA moves or fewer are drawn again.
pub const MIN_WCA_MOVES: u32 = 10;

/// A scramble and the state it produces from the solved puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scramble {
    pub moves: MoveSeq,
    pub state: State,
}

impl Scramble {
    /// The scramble as the WCA prints it: `(1,0) / (-1,3) / (0,3)`.
    pub fn to_text(&self) -> String {
        scramble_text(&self.moves)
    }
}

/// Writes moves with every token separated by a space, `(x,y) / (x,y) /`, the WCA's scramble
/// layout (the WCA reader accepts it).
pub fn scramble_text(moves: &MoveSeq) -> String {
    let mut out = String::new();
    for m in moves.moves() {
        if !out.is_empty() {
            out.push(' ');
        }
        match *m {
            Move::Turn { top, bottom } => out.push_str(&format!("({top},{bottom})")),
            Move::Twist => out.push('/'),
            Move::Flip => out.push('!'),
        }
    }
    out
}

impl Solver {
    /// Whether a state can be solved in at most `max` moves of a metric (an optimal search
    /// bounded by `max`).
    pub fn solvable_within(&self, state: &State, metric: Metric, max: u32) -> Result<bool> {
        let root = self.root(state)?;
        let limits = Limits {
            deadline: None,
            cancel: None,
        };
        let mut s = Search::new(
            self.index(),
            self.tables(),
            self.endgame(),
            metric,
            1,
            &limits,
        );
        Ok(s.run_bounded(root, true, max)?.is_some())
    }

    /// The random-state scramble of a seed (see the module documentation).
    pub fn scramble(&self, seed: u64) -> Result<Scramble> {
        let mut rng = Rng::new(seed);
        loop {
            let state = self
                .shapes()
                .random_state_from(&mut rng, Colouring::SixColour);
            if self.solvable_within(&state, Metric::Wca, MIN_WCA_MOVES)? {
                continue;
            }
            let solution = self.solve(&state, Metric::Twist)?;
            return Ok(Scramble {
                moves: solution.moves.inverse(),
                state,
            });
        }
    }
}
