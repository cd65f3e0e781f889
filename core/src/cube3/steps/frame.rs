//! A step's frame: the cube seen so that the step is its standard one (EO on F/B, DR on U/D),
//! and how the standard frame's face moves are named on the cube.

use crate::cube3::Cube;
use crate::cube3::geometry::Perm;
use crate::cube3::solve::rotation_relabel;

/// The whole-cube rotation `r` whose conjugate `r⁻¹ c r` shows the step in its standard frame,
/// and the face moves that standard move `m` is on the cube (`relabel[m]`).
pub(crate) struct Frame {
    rotation: Cube,
    pub relabel: [u8; 18],
}

impl Frame {
    /// The frame whose U and F are the cube's faces `top` and `front`.
    pub fn new((top, front): (usize, usize)) -> Frame {
        (0..24u8)
            .map(|o| {
                let rotation = Cube::SOLVED.with_orientation(o);
                Frame {
                    relabel: rotation_relabel(&rotation),
                    rotation,
                }
            })
            .find(|f| f.relabel[0] as usize == 3 * top && f.relabel[12] as usize == 3 * front)
            .expect("some rotation puts any two adjacent faces on U and F")
    }

    /// The pieces of `cube` (its orientation ignored: the step follows the centres) seen in
    /// the standard frame.
    pub fn view(&self, cube: &Cube) -> Perm {
        let c = cube.with_orientation(0);
        *self
            .rotation
            .inverse()
            .compose(&c)
            .compose(&self.rotation)
            .pieces()
    }
}

/// The moves (centres' frame) that the standard face moves are for a step whose frame is
/// `faces`.
pub(crate) fn relabel(faces: (usize, usize)) -> [u8; 18] {
    Frame::new(faces).relabel
}
