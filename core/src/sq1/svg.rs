//! SVG pictures of a Square-1 state (see `docs/square1-pictures.md`).
//!
//! The picture shows, from left to right, the top layer and the bottom layer as two discs of 12
//! slots, and below the top layer a bar for the middle layer:
//!
//! - **Top disc**: the top layer seen from above, front towards the bottom of the picture, left
//!   on the left. Slots run clockwise on the page; top slot 0 starts at the front end of the
//!   seam, 15 degrees left of the front centre.
//! - **Bottom disc**: the bottom layer seen from below, as after turning the puzzle over about its
//!   front-back axis (`z2`): front still towards the bottom of the picture, but **left and right
//!   swapped** (the puzzle's right side is on the disc's left, next to the top disc's right
//!   side, as in a net opened along the right side). Bottom slots also run clockwise on the page;
//!   bottom slot 0 is centred on the front, so the seam's front end is 15 degrees right of it.
//! - **Middle bar**: the middle layer seen from the front (left on the left), as wide as the top
//!   disc's square. Square: both halves show the front colour. Kite: the right half is turned
//!   over and sticks out; seen from the front it shows its back face and its right face, and the
//!   bar is longer. The state model tracks only square or kite, so the bar always uses the
//!   middle's solved colours.
//!
//! Each piece is drawn as its top (or bottom) face, a triangle for an edge and a kite for a corner,
//! with an outer band for its side colours (one per 30-degree half of a corner). A dashed line marks
//! the seam of `/` (slots 11|0 and 5|6) on both discs and on the bar.
//!
//! The output is deterministic text: every angle is a multiple of 15 degrees and is computed from
//! square roots alone (no library trigonometry), coordinates are written with `{:.2}`, and the
//! elements come in slot order.

use std::fmt::Write;

use super::state::{Colouring, Middle, SOLVED_SLOTS, State, is_corner};

/// Colours of a picture: one per face of the solved puzzle, plus outlines and the seam marker.
///
/// Each field is written as is into an SVG attribute (after escaping `&`, `<`, `>` and `"`), so
/// any SVG colour works (`#rrggbb`, a name, `rgb(...)`). `Default` is the standard (six-colour)
/// scheme, [`Palette::six_colour`]; [`Palette::silver`] is the two-colour Silver edition.
///
/// Which piece shows which colour follows from the solved puzzle: a piece shows the colours of the
/// faces it lies on when solved (see `docs/square1-pictures.md`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Palette {
    /// The top face (pieces that start in the top layer).
    pub top: String,
    /// The bottom face.
    pub bottom: String,
    /// The front side (when solved: top slots 10, 11, 0 and bottom slots 11, 0, 1).
    pub front: String,
    /// The back side (when solved: top slots 4, 5, 6 and bottom slots 5, 6, 7).
    pub back: String,
    /// The left side, seen from the front (when solved: top slots 1, 2, 3 and bottom slots 8, 9,
    /// 10).
    pub left: String,
    /// The right side, seen from the front (when solved: top slots 7, 8, 9 and bottom slots 2, 3,
    /// 4).
    pub right: String,
    /// Outlines of every piece and of the middle bar.
    pub outline: String,
    /// The dashed line that marks the seam of `/`.
    pub seam: String,
}

impl Palette {
    /// TNoodle's (WCA scramble sheets') Square-1 scheme: top yellow, bottom white, front red,
    /// back orange, left blue, right green; black outlines and seam.
    pub fn six_colour() -> Palette {
        Palette {
            top: "#ffff00".into(),
            bottom: "#ffffff".into(),
            front: "#ff0000".into(),
            back: "#ff8000".into(),
            left: "#0000ff".into(),
            right: "#00ff00".into(),
            outline: "#000000".into(),
            seam: "#000000".into(),
        }
    }

    /// The two-colour Silver edition: top, front and right silver (`#c0c0c0`), bottom, back and
    /// left black (`#202020`), so that the solved puzzle is silver seen from the front-right-top
    /// corner and black from the opposite corner. This is the colouring whose identical small
    /// pieces are the pairs of [`super::state::silver_piece`] ({b,d}, {f,h}, {i,k}, {m,o}).
    /// Outlines are grey (`#808080`) so that they show on both colours; the seam is red
    /// (`#e00000`).
    pub fn silver() -> Palette {
        let silver = "#c0c0c0".to_string();
        let black = "#202020".to_string();
        Palette {
            top: silver.clone(),
            bottom: black.clone(),
            front: silver.clone(),
            back: black.clone(),
            left: black,
            right: silver,
            outline: "#808080".into(),
            seam: "#e00000".into(),
        }
    }

    /// The palette [`svg`] uses for a colouring.
    pub fn for_colouring(colouring: Colouring) -> Palette {
        match colouring {
            Colouring::SixColour => Palette::six_colour(),
            Colouring::Silver => Palette::silver(),
        }
    }

    fn colour(&self, face: Face) -> &str {
        match face {
            Face::Top => &self.top,
            Face::Bottom => &self.bottom,
            Face::Front => &self.front,
            Face::Back => &self.back,
            Face::Left => &self.left,
            Face::Right => &self.right,
        }
    }
}

impl Default for Palette {
    /// [`Palette::six_colour`].
    fn default() -> Palette {
        Palette::six_colour()
    }
}

/// The picture of a state in the palette of its colouring ([`Palette::for_colouring`]): the
/// standard scheme for six-colour states, the Silver edition's for Silver states.
pub fn svg(state: &State) -> String {
    svg_with(state, &Palette::for_colouring(state.colouring()))
}

/// The picture of a state in the given palette. A Silver state drawn in a six-colour palette shows
/// each pair of identical small pieces as the lower piece of the pair (b, f, i, m).
pub fn svg_with(state: &State, palette: &Palette) -> String {
    let mut out = String::with_capacity(8192);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}">"#
    );
    let _ = writeln!(
        out,
        "<title>Square-1 {}</title>",
        escape(&state.to_string())
    );
    let _ = writeln!(
        out,
        r#"<g stroke="{}" stroke-width="1" stroke-linejoin="round">"#,
        escape(&palette.outline)
    );
    let slots = state.slots();
    for layer in [Layer::Top, Layer::Bottom] {
        let _ = writeln!(out, r#"<g class="{}">"#, layer.name());
        let base = layer.base();
        for i in 0..12 {
            let piece = slots[base + i];
            let second_half = is_corner(piece) && slots[base + (i + 11) % 12] == piece;
            if !second_half {
                draw_piece(&mut out, palette, layer, i, piece);
            }
        }
        out.push_str("</g>\n");
    }
    draw_middle(&mut out, palette, state.middle());
    out.push_str("</g>\n");
    draw_seams(&mut out, palette);
    out.push_str("</svg>\n");
    out
}

// Layout, in picture units.
const WIDTH: u32 = 480;
const HEIGHT: u32 = 280;
/// Distance from a disc's centre to the outer corners of an edge's face.
const R: f64 = 60.0;
/// Outer edge of the side band, as a multiple of the face's distance from the centre.
const BAND: f64 = 1.3;
const DISC_Y: f64 = 120.0;
const TOP_X: f64 = 120.0;
const BOTTOM_X: f64 = 360.0;
const BAR_Y: f64 = 244.0;
const BAR_HEIGHT: f64 = 22.0;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Layer {
    Top,
    Bottom,
}

impl Layer {
    fn name(self) -> &'static str {
        match self {
            Layer::Top => "top",
            Layer::Bottom => "bottom",
        }
    }

    fn base(self) -> usize {
        match self {
            Layer::Top => 0,
            Layer::Bottom => 12,
        }
    }

    fn centre(self) -> (f64, f64) {
        match self {
            Layer::Top => (TOP_X, DISC_Y),
            Layer::Bottom => (BOTTOM_X, DISC_Y),
        }
    }

    /// Where slot `i` starts, in 15-degree steps clockwise on the page from straight down (the
    /// front). Top slot 0 starts 15 degrees left of the front centre; bottom slot 0 is centred on
    /// the front (the bottom disc is mirrored left-right).
    fn slot_start(self, i: usize) -> i32 {
        match self {
            Layer::Top => 1 + 2 * i as i32,
            Layer::Bottom => -1 + 2 * i as i32,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Face {
    Top,
    Bottom,
    Front,
    Back,
    Left,
    Right,
}

/// The side a slot faces in the solved cube (slot 0..23: top, then bottom). Top slot k spans
/// 15+30k..45+30k degrees clockwise from the front seen from above; bottom slot k spans
/// -15+30k..15+30k clockwise from the front seen from below. A slot faces the side whose 90-degree
/// sector holds its centre.
fn slot_side(slot: usize) -> Face {
    let (centre, order) = if slot < 12 {
        (
            30 + 30 * slot,
            [Face::Front, Face::Left, Face::Back, Face::Right],
        )
    } else {
        (
            30 * (slot - 12),
            [Face::Front, Face::Right, Face::Back, Face::Left],
        )
    };
    order[(centre + 45) / 90 % 4]
}

/// A piece's face (top or bottom) and its side colours in slot order (one for an edge, two for a
/// corner), taken from where it lies in the solved puzzle.
fn piece_faces(piece: u8) -> (Face, Face, Face) {
    let first = SOLVED_SLOTS.iter().position(|&p| p == piece).unwrap_or(0);
    let base = first / 12 * 12;
    let face = if base == 0 { Face::Top } else { Face::Bottom };
    if !is_corner(piece) {
        let side = slot_side(first);
        return (face, side, side);
    }
    // The first slot found may be the second half of a corner over slots 11|0.
    let (a, b) = if first == base && SOLVED_SLOTS[base + 11] == piece {
        (base + 11, base)
    } else {
        (first, first + 1)
    };
    (face, slot_side(a), slot_side(b))
}

/// Cosine and sine of `k` × 15 degrees, from square roots only (exactly rounded everywhere).
fn unit(k: i32) -> (f64, f64) {
    let s6 = 6f64.sqrt();
    let s2 = 2f64.sqrt();
    let s3 = 3f64.sqrt();
    // cos of 0, 15, ..., 90 degrees.
    let cos = |j: i32| match j {
        0 => 1.0,
        1 => (s6 + s2) / 4.0,
        2 => s3 / 2.0,
        3 => s2 / 2.0,
        4 => 0.5,
        5 => (s6 - s2) / 4.0,
        _ => 0.0,
    };
    let k = k.rem_euclid(24);
    let (quadrant, j) = (k / 6, k % 6);
    let (c, s) = (cos(j), cos(6 - j));
    match quadrant {
        0 => (c, s),
        1 => (-s, c),
        2 => (-c, -s),
        _ => (s, -c),
    }
}

/// The point at `radius` from `centre`, `k` × 15 degrees clockwise on the page from straight down.
fn polar(centre: (f64, f64), radius: f64, k: i32) -> (f64, f64) {
    let (c, s) = unit(k);
    // Down is (0, 1) on the page; turning clockwise (y down) goes towards the left.
    (centre.0 - radius * s, centre.1 + radius * c)
}

fn draw_piece(out: &mut String, palette: &Palette, layer: Layer, slot: usize, piece: u8) {
    let centre = layer.centre();
    let start = layer.slot_start(slot);
    let (face, side_a, side_b) = piece_faces(piece);
    if is_corner(piece) {
        // The square's corner lies in the middle of the piece, sqrt(2) × cos 15° farther out.
        let far = R * 2f64.sqrt() * unit(1).0;
        let p0 = polar(centre, R, start);
        let q = polar(centre, far, start + 2);
        let p2 = polar(centre, R, start + 4);
        polygon(out, &[centre, p0, q, p2], palette.colour(face));
        let (o0, oq, o2) = (
            polar(centre, R * BAND, start),
            polar(centre, far * BAND, start + 2),
            polar(centre, R * BAND, start + 4),
        );
        polygon(out, &[p0, o0, oq, q], palette.colour(side_a));
        polygon(out, &[q, oq, o2, p2], palette.colour(side_b));
    } else {
        let p0 = polar(centre, R, start);
        let p1 = polar(centre, R, start + 2);
        polygon(out, &[centre, p0, p1], palette.colour(face));
        let (o0, o1) = (
            polar(centre, R * BAND, start),
            polar(centre, R * BAND, start + 2),
        );
        polygon(out, &[p0, o0, o1, p1], palette.colour(side_a));
    }
}

/// Half the width of the square the top disc's bands make when the layer is a square; the bar is
/// this wide on either side of the top disc's centre.
fn half_side() -> f64 {
    R * BAND * unit(1).0
}

/// The middle layer seen from the front. Its `/` seam meets the front face tan 15° × half-side
/// left of the centre. When square, the left half's front (1 − tan 15°) and the right half's front
/// (1 + tan 15°) both show the front colour. When a kite, the right half is the square's right
/// half reflected across the line through the centre perpendicular to the seam; from the front it
/// shows its back face from the seam to (√3 − 1)/2 and its right face from there to (√3 + 1)/2
/// (in half-sides from the centre).
fn draw_middle(out: &mut String, palette: &Palette, middle: Middle) {
    let h = half_side();
    let s3 = 3f64.sqrt();
    let seam = -(2.0 - s3); // tan 15°
    let bar = |out: &mut String, from: f64, to: f64, face: Face| {
        let (x0, x1) = (TOP_X + from * h, TOP_X + to * h);
        let (y0, y1) = (BAR_Y, BAR_Y + BAR_HEIGHT);
        polygon(
            out,
            &[(x0, y0), (x1, y0), (x1, y1), (x0, y1)],
            palette.colour(face),
        );
    };
    out.push_str("<g class=\"middle\">\n");
    bar(out, -1.0, seam, Face::Front);
    match middle {
        Middle::Square => bar(out, seam, 1.0, Face::Front),
        Middle::Kite => {
            let bend = (s3 - 1.0) / 2.0;
            bar(out, seam, bend, Face::Back);
            bar(out, bend, (s3 + 1.0) / 2.0, Face::Right);
        }
    }
    out.push_str("</g>\n");
}

/// The seam of `/` on both discs (through the centre, from the front end to the back end) and
/// where it meets the middle bar.
fn draw_seams(out: &mut String, palette: &Palette) {
    let _ = writeln!(
        out,
        r#"<g class="seam" stroke="{}" stroke-width="2.5" stroke-dasharray="6,4">"#,
        escape(&palette.seam)
    );
    let reach = R * 2f64.sqrt() * unit(1).0 * BAND + 6.0;
    for layer in [Layer::Top, Layer::Bottom] {
        let centre = layer.centre();
        let front = layer.slot_start(0);
        line(
            out,
            polar(centre, reach, front),
            polar(centre, reach, front + 12),
        );
    }
    let x = TOP_X - (2.0 - 3f64.sqrt()) * half_side();
    line(out, (x, BAR_Y - 6.0), (x, BAR_Y + BAR_HEIGHT + 6.0));
    out.push_str("</g>\n");
}

fn polygon(out: &mut String, points: &[(f64, f64)], fill: &str) {
    out.push_str("<polygon points=\"");
    for (i, &(x, y)) in points.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        num(out, x);
        out.push(',');
        num(out, y);
    }
    out.push_str("\" fill=\"");
    out.push_str(&escape(fill));
    out.push_str("\"/>\n");
}

fn line(out: &mut String, (x1, y1): (f64, f64), (x2, y2): (f64, f64)) {
    out.push_str("<line x1=\"");
    num(out, x1);
    out.push_str("\" y1=\"");
    num(out, y1);
    out.push_str("\" x2=\"");
    num(out, x2);
    out.push_str("\" y2=\"");
    num(out, y2);
    out.push_str("\"/>\n");
}

/// A coordinate with exactly two decimals (`-0.00` written as `0.00`).
fn num(out: &mut String, x: f64) {
    let s = format!("{x:.2}");
    out.push_str(if s == "-0.00" { "0.00" } else { &s });
}

fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            c => s.push(c),
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_vectors_are_exact_enough() {
        for k in 0..24 {
            let (c, s) = unit(k);
            let a = (k as f64 * 15.0).to_radians();
            assert!(
                (c - a.cos()).abs() < 1e-12 && (s - a.sin()).abs() < 1e-12,
                "{k}"
            );
        }
    }

    #[test]
    fn solved_pieces_face_the_documented_sides() {
        use Face::*;
        // Top: A front/left, b left, C left/back, d back, E back/right, f right, G right/front,
        // h front. Bottom (clockwise from below): i front, J front/right, k right, L right/back,
        // m back, N back/left, o left, P left/front.
        let expected = [
            (Top, Front, Left),
            (Top, Left, Left),
            (Top, Left, Back),
            (Top, Back, Back),
            (Top, Back, Right),
            (Top, Right, Right),
            (Top, Right, Front),
            (Top, Front, Front),
            (Bottom, Front, Front),
            (Bottom, Front, Right),
            (Bottom, Right, Right),
            (Bottom, Right, Back),
            (Bottom, Back, Back),
            (Bottom, Back, Left),
            (Bottom, Left, Left),
            (Bottom, Left, Front),
        ];
        for (piece, e) in expected.into_iter().enumerate() {
            assert_eq!(piece_faces(piece as u8), e, "piece {piece}");
        }
    }

    #[test]
    fn numbers_have_two_decimals() {
        let mut s = String::new();
        for x in [0.0, -0.0, -0.001, 1.005, 12.345678, -3.5] {
            num(&mut s, x);
            s.push(' ');
        }
        assert_eq!(s, "0.00 0.00 0.00 1.00 12.35 -3.50 ");
    }
}
