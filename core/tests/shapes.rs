//! Shape counts against the published figures, checked two ways: by the catalogue and tables,
//! and by an independent breadth-first search over the shapes the puzzle's own moves reach.

use std::collections::{HashSet, VecDeque};

use twisty::sq1::shape::{LayerMask, corner_count, rotate_layer, twist_masks};
use twisty::sq1::{Colouring, LayerShape, Shape, ShapeCount, State, Tables};

#[test]
fn catalogue_counts_match_published_figures() {
    let t = Tables::new();
    assert_eq!(LayerShape::all().count(), 29);
    assert_eq!(t.count(ShapeCount::LayerShapes), 29);
    assert_eq!(t.count(ShapeCount::TwistablePositions), 3678);
    assert_eq!(t.count(ShapeCount::UpToLayerRotation), 170);
    assert_eq!(t.count(ShapeCount::UpToRotationAndFlip), 90);
    let symmetric = Shape::all().filter(|s| s.flipped() == *s).count();
    assert_eq!(symmetric, 10, "flip-symmetric shapes");
}

#[test]
fn layer_shapes_by_corner_count() {
    // Necklaces of c corners and 12-2c edges: 5, 10, 10, 3, 1 for c = 2..6.
    let mut by_corners = [0; 7];
    for l in LayerShape::all() {
        by_corners[l.corners() as usize] += 1;
    }
    assert_eq!(by_corners, [0, 0, 5, 10, 10, 3, 1]);
}

#[test]
fn names_are_unique_and_describe_eight_corners() {
    let names: HashSet<String> = Shape::all().map(|s| s.name()).collect();
    assert_eq!(names.len(), 170);
    for n in &names {
        assert_eq!(n.matches('C').count(), 8, "{n}");
        assert_eq!(n.matches('e').count(), 8, "{n}");
    }
}

/// Reachable (top, bottom) masks from the cube by the puzzle's moves: any layer turns, then `/`
/// where both layers are cut at the seam.
fn reachable_positions() -> HashSet<(LayerMask, LayerMask)> {
    let solved = State::solved(Colouring::SixColour);
    let start = (solved.top_mask(), solved.bottom_mask());
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some((t, b)) = queue.pop_front() {
        for x in 0..12 {
            for y in 0..12 {
                let (t2, b2) = (rotate_layer(t, x), rotate_layer(b, y));
                let cut = |m: LayerMask| m & 1 != 0 && m & (1 << 6) != 0;
                for next in [(t2, b2)]
                    .into_iter()
                    .chain((cut(t2) && cut(b2)).then(|| twist_masks(t2, b2)))
                {
                    if seen.insert(next) {
                        queue.push_back(next);
                    }
                }
            }
        }
    }
    seen
}

#[test]
fn independent_search_reaches_the_same_shapes() {
    let reached = reachable_positions();
    let cut = |m: LayerMask| m & 1 != 0 && m & (1 << 6) != 0;
    let twistable: HashSet<_> = reached
        .iter()
        .filter(|(t, b)| cut(*t) && cut(*b))
        .copied()
        .collect();
    assert_eq!(twistable.len(), 3678);
    let tables = Tables::new();
    let listed: HashSet<_> = tables.twistable_positions().iter().copied().collect();
    assert_eq!(twistable, listed);
    let classes: HashSet<Shape> = reached
        .iter()
        .map(|&(t, b)| Shape::of_masks(t, b))
        .collect();
    assert_eq!(classes.len(), 170);
    assert!(
        reached
            .iter()
            .all(|&(t, b)| corner_count(t) + corner_count(b) == 8)
    );
}

#[test]
fn every_state_shape_is_in_the_catalogue_and_flips_consistently() {
    let t = Tables::new();
    for seed in 0..300 {
        let s = t.random_state(seed, Colouring::SixColour);
        let shape = s.shape();
        assert_eq!(s.flip().shape(), shape.flipped());
        assert_eq!(shape.flip_class(), shape.flipped().flip_class());
        assert!(shape.index() < 170);
    }
}
