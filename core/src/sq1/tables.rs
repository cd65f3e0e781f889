//! Shared Square-1 shape tables: built once, immutable, used from many threads.
//!
//! [`Tables`] holds the 3678 twistable shape positions (top and bottom masks both cut at the
//! seam, layer rotations told apart), where `/` takes each of them, and for each of the 170
//! shapes the fewest twists to the cube shape. Random states and the six-colour solvers
//! stand on these; the bridges hand a `Tables` out as a handle.

use crate::rng::Rng;

use super::shape::{self, LayerMask, LayerShape, Shape};
use super::state::{CORNERS, Colouring, EDGES, Middle, State};

/// Which shape count [`Tables::count`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeCount {
    /// Layer shapes up to rotation: 29.
    LayerShapes,
    /// Cube shapes twistable at the fixed seam, layer rotations distinct: 3678.
    TwistablePositions,
    /// Cube shapes up to layer rotation: 170.
    UpToLayerRotation,
    /// Cube shapes up to layer rotation and whole-puzzle flip: 90.
    UpToRotationAndFlip,
}

impl ShapeCount {
    /// 0..=3 in declaration order (the code used by the bridges).
    pub fn from_code(code: u32) -> Option<ShapeCount> {
        [
            ShapeCount::LayerShapes,
            ShapeCount::TwistablePositions,
            ShapeCount::UpToLayerRotation,
            ShapeCount::UpToRotationAndFlip,
        ]
        .get(code as usize)
        .copied()
    }
}

/// The shape tables. `Send + Sync`; build once with [`Tables::new`] and share.
#[derive(Debug)]
pub struct Tables {
    /// Twistable positions, sorted by (top mask, bottom mask).
    positions: Vec<(LayerMask, LayerMask)>,
    /// Index of the position each position goes to under `/`.
    twist: Vec<u16>,
    /// Shape index of each position.
    shape_of_position: Vec<u8>,
    /// Fewest twists from each shape to the cube shape.
    twists_to_cube: Vec<u8>,
}

impl Default for Tables {
    fn default() -> Self {
        Tables::new()
    }
}

impl Tables {
    pub fn new() -> Tables {
        let cut: Vec<LayerMask> = (0..=0xFFFu16)
            .filter(|&m| LayerShape::of_mask(m).is_some() && shape::is_cut_at_seam(m))
            .collect();
        let mut positions = Vec::new();
        for &t in &cut {
            for &b in &cut {
                if shape::corner_count(t) + shape::corner_count(b) == 8 {
                    positions.push((t, b));
                }
            }
        }
        let twist: Vec<u16> = positions
            .iter()
            .map(|&(t, b)| {
                let after = shape::twist_masks(t, b);
                positions
                    .binary_search(&after)
                    .expect("a twist keeps both layers cut") as u16
            })
            .collect();
        let shape_of_position: Vec<u8> = positions
            .iter()
            .map(|&(t, b)| Shape::of_masks(t, b).index() as u8)
            .collect();

        // Breadth-first search over shapes: turns are free, each `/` costs one.
        let mut twists_to_cube = vec![u8::MAX; shape::SHAPE_COUNT];
        twists_to_cube[Shape::cube().index()] = 0;
        let mut depth = 0u8;
        loop {
            let mut changed = false;
            for (p, &s) in shape_of_position.iter().enumerate() {
                if twists_to_cube[s as usize] == depth {
                    let next = shape_of_position[twist[p] as usize] as usize;
                    if twists_to_cube[next] == u8::MAX {
                        twists_to_cube[next] = depth + 1;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
            depth += 1;
        }
        Tables {
            positions,
            twist,
            shape_of_position,
            twists_to_cube,
        }
    }

    /// The twistable shape positions, sorted by (top mask, bottom mask).
    pub fn twistable_positions(&self) -> &[(LayerMask, LayerMask)] {
        &self.positions
    }

    pub fn count(&self, kind: ShapeCount) -> u64 {
        (match kind {
            ShapeCount::LayerShapes => LayerShape::all().count(),
            ShapeCount::TwistablePositions => self.positions.len(),
            ShapeCount::UpToLayerRotation => Shape::all().count(),
            ShapeCount::UpToRotationAndFlip => Shape::flip_class_count(),
        }) as u64
    }

    /// The fewest `/` that bring a state's shape to the cube shape (layer turns are free).
    /// Every one of the 170 shapes reaches the cube.
    pub fn twists_to_cube_shape(&self, state: &State) -> u32 {
        self.twists_to_cube[state.shape().index()] as u32
    }

    /// The largest value of [`Tables::twists_to_cube_shape`] over all shapes.
    pub fn max_twists_to_cube_shape(&self) -> u32 {
        *self.twists_to_cube.iter().max().unwrap() as u32
    }

    /// A uniformly random state among all twistable positions (middle layer included).
    ///
    /// The algorithm is part of the cross-runtime contract: from `Rng::new(seed)`, draw the
    /// position `below(3678)`, shuffle the corners `A C E G J L N P` and the edges
    /// `b d f h i k m o` (Fisher-Yates, in that order), draw the middle `below(2)` (0 = square),
    /// then fill the slots top 0..11 and bottom 0..11, giving each piece start the next corner or
    /// edge. Every twistable position holds the same number of states, so the result is uniform.
    pub fn random_state(&self, seed: u64, colouring: Colouring) -> State {
        self.random_state_from(&mut Rng::new(seed), colouring)
    }

    /// [`Tables::random_state`] drawing from a generator the caller holds (the scrambler draws
    /// again from the same stream when it rejects a state).
    pub fn random_state_from(&self, rng: &mut Rng, colouring: Colouring) -> State {
        let (top, bottom) = self.positions[rng.below(self.positions.len() as u64) as usize];
        let mut corners = CORNERS;
        let mut edges = EDGES;
        rng.shuffle(&mut corners);
        rng.shuffle(&mut edges);
        let middle = if rng.below(2) == 0 {
            Middle::Square
        } else {
            Middle::Kite
        };
        let state = State::from_masks((top, bottom), &corners, &edges, middle);
        match colouring {
            Colouring::SixColour => state,
            Colouring::Silver => state.to_silver(),
        }
    }

    /// Bytes this object holds on the heap: what a garbage-collected host reports as the
    /// memory pressure of one handle.
    pub fn heap_bytes(&self) -> usize {
        std::mem::size_of::<Tables>()
            + std::mem::size_of_val(&self.positions[..])
            + std::mem::size_of_val(&self.twist[..])
            + std::mem::size_of_val(&self.shape_of_position[..])
            + std::mem::size_of_val(&self.twists_to_cube[..])
    }

    /// A digest of every table, for tests that must prove the tables were still alive.
    pub fn checksum(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |x: u64| {
            h ^= x;
            h = h.wrapping_mul(0x100_0000_01b3);
        };
        for (&(t, b), (&tw, &s)) in self
            .positions
            .iter()
            .zip(self.twist.iter().zip(&self.shape_of_position))
        {
            eat(((t as u64) << 32) | ((b as u64) << 16) | tw as u64);
            eat(s as u64);
        }
        for &d in &self.twists_to_cube {
            eat(d as u64);
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_send_sync<T: Send + Sync>() {}

    #[test]
    fn tables_are_shareable() {
        assert_send_sync::<Tables>();
    }

    #[test]
    fn every_shape_reaches_the_cube() {
        let t = Tables::new();
        assert!(t.twists_to_cube.iter().all(|&d| d != u8::MAX));
        assert_eq!(
            t.twists_to_cube_shape(&State::solved(Colouring::SixColour)),
            0
        );
        let one = State::solved(Colouring::SixColour).turn(1, 0).turn(0, 0);
        assert_eq!(t.twists_to_cube_shape(&one), 0);
    }

    #[test]
    fn twist_table_matches_state_twists() {
        let t = Tables::new();
        for seed in 0..200 {
            let s = t.random_state(seed, Colouring::SixColour);
            assert!(s.is_twistable());
            let p = t
                .positions
                .binary_search(&(s.top_mask(), s.bottom_mask()))
                .unwrap();
            let after = s.twist().unwrap();
            assert_eq!(
                t.positions[t.twist[p] as usize],
                (after.top_mask(), after.bottom_mask())
            );
            // One twist changes the distance to the cube shape by at most one.
            let (d0, d1) = (
                t.twists_to_cube_shape(&s) as i32,
                t.twists_to_cube_shape(&after) as i32,
            );
            assert!((d0 - d1).abs() <= 1);
        }
    }
}
