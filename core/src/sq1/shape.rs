//! Shapes: where the corners and edges sit, regardless of which pieces they are.
//!
//! A layer at a given rotation is a 12-bit [`LayerMask`]: bit i is set when a piece starts at
//! slot i. A *layer shape* is such a mask up to rotation (29 of them), named by its pieces in
//! order, `C` for a corner and `e` for an edge, starting where the name is smallest in ASCII
//! order (`CeCeCeCe` is the layer of the cube). A cube [`Shape`] is a pair of layer shapes whose
//! corners add up to eight (170 of them), named `top/bottom` like the Cube21 article's
//! `CeCeCeCe/CeCeCeCe`. Shapes are numbered by name in ASCII order.
//!
//! The whole-puzzle flip maps shape `T/B` to `B/T` (each layer keeps its reading direction, see
//! [`super::State::flip`]), which leaves 90 shapes up to flip, 10 of them flip-symmetric.

use std::sync::OnceLock;

/// One layer at a fixed rotation: bit i set when a piece starts at slot i.
pub type LayerMask = u16;

const FULL: LayerMask = 0xFFF;

/// The layer turned clockwise by `by` slots: bit i moves to bit i+by (mod 12).
pub fn rotate_layer(mask: LayerMask, by: u32) -> LayerMask {
    let by = by % 12;
    ((mask << by) | (mask >> (12 - by))) & FULL
}

/// Whether every piece of the mask is 1 or 2 slots wide.
pub fn is_valid_layer(mask: LayerMask) -> bool {
    mask & !FULL == 0
        && mask != 0
        && (0..12).all(|i| mask & (1 << i) != 0 || mask & (1 << ((i + 11) % 12)) != 0)
}

/// Corners in a layer: each takes two slots, so corners = 12 - pieces.
pub fn corner_count(mask: LayerMask) -> u32 {
    12 - mask.count_ones()
}

/// Whether the layer is cut at the seam (pieces start at slots 0 and 6).
pub fn is_cut_at_seam(mask: LayerMask) -> bool {
    mask & 1 != 0 && mask & (1 << 6) != 0
}

/// The masks after `/` (both layers must be cut at the seam): top slots 6..11 and bottom slots
/// 0..5 trade places in order.
pub fn twist_masks(top: LayerMask, bottom: LayerMask) -> (LayerMask, LayerMask) {
    (
        (top & 0x3F) | ((bottom & 0x3F) << 6),
        (top >> 6) | (bottom & 0xFC0),
    )
}

/// The pieces of a layer read clockwise from slot `start`.
fn read_from(mask: LayerMask, start: u32) -> String {
    let mut s = String::new();
    let mut i = 0;
    while i < 12 {
        let next_is_start = mask & (1 << ((start + i + 1) % 12)) != 0;
        if next_is_start {
            s.push('e');
            i += 1;
        } else {
            s.push('C');
            i += 2;
        }
    }
    s
}

/// The name of a layer's shape: the smallest reading that starts at a piece.
pub fn layer_name(mask: LayerMask) -> String {
    (0..12)
        .filter(|&r| mask & (1 << r) != 0)
        .map(|r| read_from(mask, r))
        .min()
        .expect("empty layer")
}

/// The smallest rotation of a mask, as a number: equal for masks of the same layer shape.
fn canonical_mask(mask: LayerMask) -> LayerMask {
    (0..12).map(|r| rotate_layer(mask, r)).min().unwrap()
}

struct Catalog {
    /// Layer shape id (index into `layer_names`) per canonical mask, 255 where invalid.
    layer_of_mask: Vec<u8>,
    layer_names: Vec<String>,
    layer_corners: Vec<u32>,
    /// Shape index per (top layer id, bottom layer id), 255 where the corners do not add to 8.
    shape_of_layers: Vec<u8>,
    shapes: Vec<ShapeEntry>,
    flip_classes: usize,
}

struct ShapeEntry {
    name: String,
    top: u8,
    bottom: u8,
    flip_class: u8,
}

fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        let mut canon: Vec<LayerMask> = (0..=FULL)
            .filter(|&m| is_valid_layer(m) && (2..=6).contains(&corner_count(m)))
            .map(canonical_mask)
            .collect();
        canon.sort_by_key(|&m| layer_name(m));
        canon.dedup();
        let layer_names: Vec<String> = canon.iter().map(|&m| layer_name(m)).collect();
        let layer_corners: Vec<u32> = canon.iter().map(|&m| corner_count(m)).collect();
        let mut layer_of_mask = vec![255u8; 1 << 12];
        for m in 0..=FULL {
            if is_valid_layer(m)
                && let Some(id) = canon.iter().position(|&c| c == canonical_mask(m))
            {
                layer_of_mask[m as usize] = id as u8;
            }
        }
        let n = canon.len();
        let mut pairs: Vec<(u8, u8)> = Vec::new();
        for t in 0..n {
            for b in 0..n {
                if layer_corners[t] + layer_corners[b] == 8 {
                    pairs.push((t as u8, b as u8));
                }
            }
        }
        let name =
            |&(t, b): &(u8, u8)| format!("{}/{}", layer_names[t as usize], layer_names[b as usize]);
        pairs.sort_by_key(name);
        let mut shape_of_layers = vec![255u8; n * n];
        for (i, &(t, b)) in pairs.iter().enumerate() {
            shape_of_layers[t as usize * n + b as usize] = i as u8;
        }
        // Flip classes numbered in order of their smallest member.
        let mut flip_of = vec![u8::MAX; pairs.len()];
        let mut flip_classes = 0;
        for (i, &(t, b)) in pairs.iter().enumerate() {
            if flip_of[i] == u8::MAX {
                let j = shape_of_layers[b as usize * n + t as usize] as usize;
                flip_of[i] = flip_classes;
                flip_of[j] = flip_classes;
                flip_classes += 1;
            }
        }
        let shapes = pairs
            .iter()
            .enumerate()
            .map(|(i, p)| ShapeEntry {
                name: name(p),
                top: p.0,
                bottom: p.1,
                flip_class: flip_of[i],
            })
            .collect();
        Catalog {
            layer_of_mask,
            layer_names,
            layer_corners,
            shape_of_layers,
            shapes,
            flip_classes: flip_classes as usize,
        }
    })
}

/// A layer shape (one of 29), up to rotation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LayerShape(u8);

impl LayerShape {
    /// All layer shapes that can occur on a Square-1 (2 to 6 corners), by name.
    pub fn all() -> impl Iterator<Item = LayerShape> {
        (0..catalog().layer_names.len() as u8).map(LayerShape)
    }

    /// The shape of a valid layer mask.
    pub fn of_mask(mask: LayerMask) -> Option<LayerShape> {
        let id = *catalog().layer_of_mask.get(mask as usize)?;
        (id != 255).then_some(LayerShape(id))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn name(self) -> &'static str {
        &catalog().layer_names[self.0 as usize]
    }

    pub fn corners(self) -> u32 {
        catalog().layer_corners[self.0 as usize]
    }
}

/// A cube shape (one of 170), up to turning the top and bottom layers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape(u8);

/// Number of cube shapes up to layer rotation.
pub const SHAPE_COUNT: usize = 170;

impl Shape {
    /// All 170 shapes, by name.
    pub fn all() -> impl Iterator<Item = Shape> {
        (0..catalog().shapes.len() as u8).map(Shape)
    }

    pub fn from_index(index: usize) -> Option<Shape> {
        (index < catalog().shapes.len()).then_some(Shape(index as u8))
    }

    /// The shape of two layer masks (of a valid state).
    pub fn of_masks(top: LayerMask, bottom: LayerMask) -> Shape {
        let c = catalog();
        let (t, b) = (
            c.layer_of_mask[top as usize],
            c.layer_of_mask[bottom as usize],
        );
        assert!(
            t != 255 && b != 255,
            "invalid layer masks {top:#x}/{bottom:#x}"
        );
        let s = c.shape_of_layers[t as usize * c.layer_names.len() + b as usize];
        assert!(
            s != 255,
            "layers {top:#x}/{bottom:#x} do not hold 8 corners"
        );
        Shape(s)
    }

    /// The cube shape of the solved puzzle.
    pub fn cube() -> Shape {
        super::State::solved(super::Colouring::SixColour).shape()
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// `top/bottom`, for example `CeCeCeCe/CeCeCeCe`.
    pub fn name(self) -> String {
        catalog().shapes[self.0 as usize].name.clone()
    }

    pub fn top(self) -> LayerShape {
        LayerShape(catalog().shapes[self.0 as usize].top)
    }

    pub fn bottom(self) -> LayerShape {
        LayerShape(catalog().shapes[self.0 as usize].bottom)
    }

    /// The shape after turning the whole puzzle over (top and bottom swapped).
    pub fn flipped(self) -> Shape {
        let c = catalog();
        let e = &c.shapes[self.0 as usize];
        Shape(c.shape_of_layers[e.bottom as usize * c.layer_names.len() + e.top as usize])
    }

    /// The class of this shape up to layer rotation and flip, 0..90.
    pub fn flip_class(self) -> usize {
        catalog().shapes[self.0 as usize].flip_class as usize
    }

    /// Number of shape classes up to layer rotation and flip.
    pub fn flip_class_count() -> usize {
        catalog().flip_classes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_and_twist_of_masks() {
        assert_eq!(rotate_layer(0b1, 11), 1 << 11);
        assert_eq!(rotate_layer(1 << 11, 1), 1);
        let (t, b) = (0b1011_0110_1101, 0b1101_1011_0110);
        assert_eq!(
            twist_masks(twist_masks(t, b).0, twist_masks(t, b).1),
            (t, b)
        );
    }

    #[test]
    fn cube_shape_has_the_articles_name() {
        assert_eq!(Shape::cube().name(), "CeCeCeCe/CeCeCeCe");
        assert_eq!(Shape::cube().flipped(), Shape::cube());
    }

    #[test]
    fn shapes_are_numbered_by_name() {
        let names: Vec<String> = Shape::all().map(|s| s.name()).collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted);
    }
}
