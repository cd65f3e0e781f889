//! SVG pictures of a 3x3x3 cube: the unfolded cross net (see `docs/cube3.md`).
//!
//! ```text
//!         U
//!     L   F   R   B
//!         D
//! ```
//!
//! The cube is drawn as it is held: the face on top of the picture's middle column is the one in
//! the U place, whatever its centre (after `x` the top shows the F centre's green). Each face is
//! seen from outside and turned as in the usual net (and in Kociemba's facelet order): U with its
//! B edge at the top and R on the right; D with its F edge at the top and R on the right; L, F,
//! R, B with the U edge at the top and, on the right, F, R, B, L. The stickers come face by face
//! in the order U R F D L B, each face row by row from its top left: the order of [`facelets`].
//!
//! Colours are fixed per centre ([`COLOURS`]: U white, R red, F green, D yellow, L orange,
//! B blue; the Square-1 pictures' values), so a sticker shows the colour of the centre it belongs
//! to when solved. The output is deterministic text: integer coordinates, elements in facelet
//! order, one per line.

use std::fmt::Write;

use super::cube::Cube;
use super::geometry::{B, CORNER_FACES, D, EDGE_FACES, F, L, R, U, corner_facelet_steps, tables};

/// The colour of each centre, in facelet order (U R F D L B), as written into the picture.
pub const COLOURS: [(char, &str); 6] = [
    ('U', "#ffffff"),
    ('R', "#ff0000"),
    ('F', "#00ff00"),
    ('D', "#ffff00"),
    ('L', "#ff8000"),
    ('B', "#0000ff"),
];

/// The gaps between stickers and around each face.
pub const BORDER: &str = "#000000";

/// Face letters in the geometry's index order (U D R L F B).
const LETTERS: [char; 6] = ['U', 'D', 'R', 'L', 'F', 'B'];

/// Per face, in facelet order: the face itself, the neighbour at the top of its picture, the one
/// on its right, and the face's place in the net (column, row). Rows and columns follow from the
/// two neighbours: row 0 touches the top one, row 2 its opposite; column 2 the right one.
const NET: [[usize; 5]; 6] = [
    [U, B, R, 1, 0],
    [R, U, B, 2, 1],
    [F, U, R, 1, 1],
    [D, F, R, 1, 2],
    [L, U, F, 0, 1],
    [B, U, L, 3, 1],
];

// Layout, in picture units.
const STICKER: u32 = 20;
const GAP: u32 = 2;
const FACE: u32 = 3 * STICKER + 4 * GAP;
/// From one face to the next in the net (faces stand a little apart).
const STEP: u32 = FACE + 4;
const MARGIN: u32 = 2;
const WIDTH: u32 = 2 * MARGIN + 3 * STEP + FACE;
const HEIGHT: u32 = 2 * MARGIN + 2 * STEP + FACE;

fn opposite(face: usize) -> usize {
    // U/D, R/L and F/B are index pairs 0/1, 2/3, 4/5.
    face ^ 1
}

/// The faces of the cubie under the sticker in row `row`, column `col` of net face `n`: the face
/// itself first, then its neighbours on that side (none for the centre).
fn cubie(n: usize, row: usize, col: usize) -> Vec<usize> {
    let [face, top, right, ..] = NET[n];
    let mut faces = vec![face];
    match row {
        0 => faces.push(top),
        2 => faces.push(opposite(top)),
        _ => {}
    }
    match col {
        0 => faces.push(opposite(right)),
        2 => faces.push(right),
        _ => {}
    }
    faces
}

/// The face (index) whose colour the sticker shows on spatial face `faces[0]` of the cubie
/// touching the spatial faces `faces`.
fn sticker(cube: &Cube, faces: &[usize]) -> usize {
    let t = tables();
    // The same places, named by the centres that are in them now: the cube's own frame.
    let at = &t.face_at[cube.orientation() as usize];
    let c: Vec<usize> = faces.iter().map(|&s| at[s] as usize).collect();
    let p = cube.pieces();
    let has_all = |position: &[usize]| c.iter().all(|f| position.contains(f));
    match c.len() {
        1 => c[0],
        2 => {
            let i = (0..12)
                .find(|&i| has_all(&EDGE_FACES[i]))
                .expect("an edge position");
            // Facelet 0 is the reference one; a flipped piece has its reference sticker on 1.
            let k = usize::from(EDGE_FACES[i][0] != c[0]);
            EDGE_FACES[p.ep[i] as usize][k ^ p.eo[i] as usize]
        }
        _ => {
            let i = (0..8)
                .find(|&i| has_all(&CORNER_FACES[i]))
                .expect("a corner position");
            // The piece's reference sticker is `co` clockwise steps from the position's
            // reference facelet, and a turn keeps the clockwise order of the other two.
            let steps = corner_facelet_steps(i, c[0]);
            let want = (steps + 3 - p.co[i]) % 3;
            let piece = p.cp[i] as usize;
            *CORNER_FACES[piece]
                .iter()
                .find(|&&f| corner_facelet_steps(piece, f) == want)
                .expect("a corner has a facelet at each step")
        }
    }
}

/// The 54 stickers as the letters of the centres whose colours they show, face by face in the
/// order U R F D L B, each face row by row as the picture shows it (Kociemba's facelet string:
/// the solved cube is `UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB`).
pub fn facelets(cube: &Cube) -> String {
    let mut s = String::with_capacity(54);
    for n in 0..6 {
        for cell in 0..9 {
            s.push(LETTERS[sticker(cube, &cubie(n, cell / 3, cell % 3))]);
        }
    }
    s
}

fn colour(letter: char) -> &'static str {
    COLOURS
        .iter()
        .find(|(l, _)| *l == letter)
        .expect("a face letter")
        .1
}

/// The picture of a cube: a standalone SVG document (288 by 216 units, with a `viewBox` so that
/// it scales), titled with the cube's B32 text.
pub fn net(cube: &Cube) -> String {
    let b32 = cube.to_b32();
    let stickers: Vec<char> = facelets(cube).chars().collect();
    let mut out = String::with_capacity(4096);
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"img\" aria-label=\"3x3x3 cube {b32}, unfolded: \
         U above F; L, F, R, B in a row; D below F\">"
    );
    // B32 text is letters and '=' only: nothing to escape.
    let _ = writeln!(out, "<title>3x3x3 cube {b32}</title>");
    for (n, face) in NET.iter().enumerate() {
        let (x, y) = (
            MARGIN + face[3] as u32 * STEP,
            MARGIN + face[4] as u32 * STEP,
        );
        let _ = writeln!(out, "<g class=\"{}\">", LETTERS[face[0]]);
        let _ = writeln!(
            out,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{FACE}\" height=\"{FACE}\" fill=\"{BORDER}\"/>"
        );
        for cell in 0..9u32 {
            let sx = x + GAP + cell % 3 * (STICKER + GAP);
            let sy = y + GAP + cell / 3 * (STICKER + GAP);
            let fill = colour(stickers[9 * n + cell as usize]);
            let _ = writeln!(
                out,
                "<rect x=\"{sx}\" y=\"{sy}\" width=\"{STICKER}\" height=\"{STICKER}\" rx=\"2\" \
                 fill=\"{fill}\"/>"
            );
        }
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_net_names_each_cubie_once_per_sticker() {
        // 8 corners x 3 + 12 edges x 2 + 6 centres: every sticker of the cube exactly once.
        let mut seen = std::collections::HashSet::new();
        for n in 0..6 {
            for cell in 0..9 {
                let faces = cubie(n, cell / 3, cell % 3);
                let mut set = faces[1..].to_vec();
                set.sort();
                assert!(seen.insert((faces[0], set)), "face {n} cell {cell}");
            }
        }
        assert_eq!(seen.len(), 54);
    }

    #[test]
    fn neighbours_in_the_net_touch() {
        // F's top row touches U's bottom row, F's right column R's left one, and so on: the
        // cubies of neighbouring stickers across a fold are the same.
        let same = |a: (usize, usize, usize), b: (usize, usize, usize)| {
            let (mut x, mut y) = (cubie(a.0, a.1, a.2), cubie(b.0, b.1, b.2));
            x.sort();
            y.sort();
            assert_eq!(x, y, "{a:?} {b:?}");
        };
        for k in 0..3 {
            same((2, 0, k), (0, 2, k)); // F top, U bottom
            same((2, 2, k), (3, 0, k)); // F bottom, D top
            same((2, k, 2), (1, k, 0)); // F right, R left
            same((1, k, 2), (5, k, 0)); // R right, B left
            same((5, k, 2), (4, k, 0)); // B right, L left
            same((4, k, 2), (2, k, 0)); // L right, F left
        }
    }

    #[test]
    fn layout_is_integral_and_fits() {
        assert_eq!((WIDTH, HEIGHT), (288, 216));
        assert_eq!(FACE, 68);
    }
}
