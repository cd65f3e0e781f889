//! The Square-1 state: 24 slots, the middle layer, and the colouring.
//!
//! Geometry (see `docs/square1-notation.md` for the picture). Each layer has 12 slots of 30
//! degrees. Top slots 0..11 run clockwise seen from above, bottom slots 0..11 run clockwise seen
//! from below; in both layers the seam of `/` lies between slots 11|0 and 5|6, and `/` swaps top
//! slots 6..11 with bottom slots 0..5 in order. This is the slot layout of TNoodle's Square-1
//! (its `pieces` array, top then bottom), so `(x,y)` means the same turns as on a WCA scramble.
//!
//! Pieces are numbered 0..15 as in TNoodle: top corners 0 2 4 6, top edges 1 3 5 7, bottom edges
//! 8 10 12 14, bottom corners 9 11 13 15. In text each piece is the letter `a + id`, upper-case
//! for corners (which fill two slots), lower-case for edges.
//!
//! The Silver edition has two colours: its big pieces are distinct but its small pieces come in
//! four identical pairs, {b,d}, {f,h}, {i,k}, {m,o}. A Silver state stores the lower letter of
//! each pair for both pieces, so equal-looking Silver puzzles are equal values.

use std::fmt;

use crate::error::{Error, Result};

use super::moves::{Move, MoveSeq};
use super::shape::{LayerMask, Shape};

/// Which pieces are told apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colouring {
    /// The standard puzzle: all 16 pieces distinct.
    SixColour,
    /// The two-colour Silver edition: the small pieces form four identical pairs.
    Silver,
}

impl Colouring {
    /// 0 = six-colour, 1 = Silver (the code used by the bridges).
    pub fn from_code(code: u32) -> Option<Colouring> {
        match code {
            0 => Some(Colouring::SixColour),
            1 => Some(Colouring::Silver),
            _ => None,
        }
    }

    pub fn code(self) -> u32 {
        match self {
            Colouring::SixColour => 0,
            Colouring::Silver => 1,
        }
    }

    /// `six` or `silver`, as in the test vectors and the CLI.
    pub fn name(self) -> &'static str {
        match self {
            Colouring::SixColour => "six",
            Colouring::Silver => "silver",
        }
    }
}

/// The middle layer: square (as when solved) or kite. Every `/` toggles it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Middle {
    Square,
    Kite,
}

impl Middle {
    fn toggled(self) -> Middle {
        match self {
            Middle::Square => Middle::Kite,
            Middle::Kite => Middle::Square,
        }
    }

    fn letter(self) -> char {
        match self {
            Middle::Square => 'S',
            Middle::Kite => 'K',
        }
    }
}

/// Pieces of the solved puzzle, slot by slot: top 0..11, then bottom 0..11.
pub(crate) const SOLVED_SLOTS: [u8; 24] = [
    0, 0, 1, 2, 2, 3, 4, 4, 5, 6, 6, 7, 8, 9, 9, 10, 11, 11, 12, 13, 13, 14, 15, 15,
];

/// The eight corner (big) pieces.
pub const CORNERS: [u8; 8] = [0, 2, 4, 6, 9, 11, 13, 15];
/// The eight edge (small) pieces.
pub const EDGES: [u8; 8] = [1, 3, 5, 7, 8, 10, 12, 14];

/// Whether a piece id is a corner (big piece, two slots).
pub const fn is_corner(piece: u8) -> bool {
    (piece < 8) == piece.is_multiple_of(2)
}

/// The piece a Silver puzzle shows in place of `piece` (the lower id of an identical pair).
pub const fn silver_piece(piece: u8) -> u8 {
    match piece {
        3 => 1,
        7 => 5,
        10 => 8,
        14 => 12,
        p => p,
    }
}

fn piece_letter(piece: u8) -> char {
    let c = (b'a' + piece) as char;
    if is_corner(piece) {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

/// Length of the canonical text form: 12 top slots, `|`, 12 bottom slots, `|`, middle.
pub const TEXT_LEN: usize = 27;

/// A Square-1 position. A small `Copy` value; its text form round-trips through
/// [`State::parse`] and [`fmt::Display`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    slots: [u8; 24],
    middle: Middle,
    colouring: Colouring,
}

impl State {
    /// The solved puzzle of a colouring.
    pub fn solved(colouring: Colouring) -> State {
        let s = State {
            slots: SOLVED_SLOTS,
            middle: Middle::Square,
            colouring: Colouring::SixColour,
        };
        match colouring {
            Colouring::SixColour => s,
            Colouring::Silver => s.to_silver(),
        }
    }

    /// Builds a state from raw slots, validating it like [`State::parse`] does.
    pub fn from_slots(slots: [u8; 24], middle: Middle) -> Result<State> {
        let colouring = validate_slots(&slots)?;
        Ok(State {
            slots,
            middle,
            colouring,
        })
    }

    /// The six-colour state with the given layer masks whose piece starts (top slots 0..11, then
    /// bottom slots 0..11) hold `corners` and `edges` in order; a corner fills its two slots.
    pub(crate) fn from_masks(
        (top, bottom): (LayerMask, LayerMask),
        corners: &[u8; 8],
        edges: &[u8; 8],
        middle: Middle,
    ) -> State {
        let mut slots = [0u8; 24];
        let (mut c, mut e) = (0, 0);
        for (layer, mask) in [(0usize, top), (12usize, bottom)] {
            for i in (0..12).filter(|&i| mask & (1 << i) != 0) {
                if mask & (1 << ((i + 1) % 12)) == 0 {
                    slots[layer + i] = corners[c];
                    slots[layer + (i + 1) % 12] = corners[c];
                    c += 1;
                } else {
                    slots[layer + i] = edges[e];
                    e += 1;
                }
            }
        }
        State::from_valid_slots(slots, middle, Colouring::SixColour)
    }

    /// Builds a state without validation; callers guarantee a valid layout.
    pub(crate) fn from_valid_slots(slots: [u8; 24], middle: Middle, colouring: Colouring) -> State {
        debug_assert_eq!(validate_slots(&slots).ok(), Some(colouring));
        State {
            slots,
            middle,
            colouring,
        }
    }

    /// Parses the canonical text form, for example `AAbCCdEEfGGh|iJJkLLmNNoPP|S` (solved).
    ///
    /// Malformed text gives [`crate::ErrorKind::InvalidNotation`] with the position; well-formed
    /// text that is no possible puzzle (a missing, repeated or split piece) gives
    /// [`crate::ErrorKind::InvalidState`].
    pub fn parse(text: &str) -> Result<State> {
        let chars: Vec<char> = text.chars().collect();
        let mut slots = [0u8; 24];
        for (i, &c) in chars.iter().enumerate() {
            if i >= TEXT_LEN {
                return Err(Error::notation(i, "unexpected text after the middle layer"));
            }
            match i {
                12 | 25 => {
                    if c != '|' {
                        return Err(Error::notation(i, format!("expected '|' but found '{c}'")));
                    }
                }
                26 => {
                    if c != 'S' && c != 'K' {
                        return Err(Error::notation(
                            i,
                            format!("middle layer must be 'S' (square) or 'K' (kite), found '{c}'"),
                        ));
                    }
                }
                _ => {
                    let slot = if i < 12 { i } else { i - 1 };
                    slots[slot] = letter_piece(c).ok_or_else(|| {
                        Error::notation(
                            i,
                            format!(
                                "'{c}' is not a piece letter (edges b d f h i k m o, corners A C E G J L N P)"
                            ),
                        )
                    })?;
                }
            }
        }
        if chars.len() < TEXT_LEN {
            return Err(Error::notation(
                chars.len(),
                "unexpected end of state text (expected 12 top slots, '|', 12 bottom slots, '|', middle)",
            ));
        }
        let middle = if chars[26] == 'S' {
            Middle::Square
        } else {
            Middle::Kite
        };
        State::from_slots(slots, middle)
    }

    pub fn colouring(&self) -> Colouring {
        self.colouring
    }

    pub fn middle(&self) -> Middle {
        self.middle
    }

    /// The piece in each slot: top 0..11, then bottom 0..11.
    pub fn slots(&self) -> &[u8; 24] {
        &self.slots
    }

    pub fn is_solved(&self) -> bool {
        *self == State::solved(self.colouring)
    }

    /// Solved apart from the middle layer, which may be a kite.
    pub fn is_solved_ignoring_middle(&self) -> bool {
        self.slots == State::solved(self.colouring).slots
    }

    /// Whether `/` can be applied: no corner straddles the seam on either layer.
    pub fn is_twistable(&self) -> bool {
        self.straddling_corner().is_none()
    }

    /// The first corner found straddling the seam, with the layer name, if any.
    fn straddling_corner(&self) -> Option<(u8, &'static str)> {
        [
            (11, 0, "top"),
            (5, 6, "top"),
            (23, 12, "bottom"),
            (17, 18, "bottom"),
        ]
        .into_iter()
        .find(|&(a, b, _)| self.slots[a] == self.slots[b] && is_corner(self.slots[a]))
        .map(|(a, _, layer)| (self.slots[a], layer))
    }

    /// Top layer turned by `top` and bottom by `bottom` twelfths, clockwise seen from each layer's
    /// own face (`(top,bottom)` in WCA notation). Any integer; reduced modulo 12.
    pub fn turn(&self, top: i32, bottom: i32) -> State {
        let mut s = *self;
        for (layer, by) in [(0usize, top), (12usize, bottom)] {
            let by = by.rem_euclid(12) as usize;
            for i in 0..12 {
                s.slots[layer + (i + by) % 12] = self.slots[layer + i];
            }
        }
        s
    }

    /// `/`: the right half turns 180 degrees. Fails when a corner straddles the seam.
    pub fn twist(&self) -> Result<State> {
        if let Some((corner, layer)) = self.straddling_corner() {
            return Err(Error::new(
                crate::ErrorKind::IllegalMove,
                format!(
                    "'/' is illegal: corner '{}' straddles the seam on the {layer} layer",
                    piece_letter(corner)
                ),
            ));
        }
        let mut s = *self;
        for i in 0..6 {
            s.slots.swap(6 + i, 12 + i);
        }
        s.middle = self.middle.toggled();
        Ok(s)
    }

    /// `!`: the whole puzzle turned over about the axis of `/`, so top and bottom swap
    /// (top slot k goes to bottom slot k+6 and back). Always legal; the middle keeps its shape.
    pub fn flip(&self) -> State {
        let mut s = *self;
        for k in 0..12 {
            s.slots[k] = self.slots[12 + (k + 6) % 12];
            s.slots[12 + (k + 6) % 12] = self.slots[k];
        }
        s
    }

    /// Applies one move.
    pub fn apply_move(&self, m: Move) -> Result<State> {
        match m {
            Move::Turn { top, bottom } => Ok(self.turn(top as i32, bottom as i32)),
            Move::Twist => self.twist(),
            Move::Flip => Ok(self.flip()),
        }
    }

    /// Applies a move sequence. An illegal `/` fails with
    /// [`crate::ErrorKind::IllegalMove`], naming the move's number and (for parsed sequences)
    /// its position in the text.
    pub fn apply(&self, moves: &MoveSeq) -> Result<State> {
        let mut s = *self;
        for (i, &m) in moves.moves().iter().enumerate() {
            s = s.apply_move(m).map_err(|e| {
                let at = match moves.position(i) {
                    Some(p) => format!("move {} at position {p}", i + 1),
                    None => format!("move {}", i + 1),
                };
                let e2 = Error::new(e.kind(), format!("{at}: {}", e.message()));
                match moves.position(i) {
                    Some(p) => e2.with_position(p),
                    None => e2,
                }
            })?;
        }
        Ok(s)
    }

    /// The shape of the state, up to layer rotations.
    pub fn shape(&self) -> Shape {
        Shape::of_masks(self.top_mask(), self.bottom_mask())
    }

    /// Bit i set when a piece starts at top slot i (clockwise), i.e. slot i is not the second
    /// half of a corner.
    pub fn top_mask(&self) -> LayerMask {
        layer_mask(&self.slots[0..12])
    }

    pub fn bottom_mask(&self) -> LayerMask {
        layer_mask(&self.slots[12..24])
    }

    /// Equal after turning the top and bottom layers (same colouring and middle).
    pub fn eq_up_to_layer_rotation(&self, other: &State) -> bool {
        (0..12).any(|t| (0..12).any(|b| self.turn(t, b) == *other))
    }

    /// The Silver-edition view: identical small pieces merged. Identity on Silver states.
    pub fn to_silver(&self) -> State {
        let mut s = *self;
        for p in s.slots.iter_mut() {
            *p = silver_piece(*p);
        }
        s.colouring = Colouring::Silver;
        s
    }
}

fn letter_piece(c: char) -> Option<u8> {
    if !c.is_ascii_alphabetic() {
        return None;
    }
    let id = (c.to_ascii_lowercase() as u8).checked_sub(b'a')?;
    (id < 16 && is_corner(id) == c.is_ascii_uppercase()).then_some(id)
}

fn layer_mask(layer: &[u8]) -> LayerMask {
    let mut mask = 0;
    for i in 0..12 {
        let second_half = is_corner(layer[i]) && layer[(i + 11) % 12] == layer[i];
        if !second_half {
            mask |= 1 << i;
        }
    }
    mask
}

/// Checks piece counts and corner integrity; returns the colouring the pieces imply.
fn validate_slots(slots: &[u8; 24]) -> Result<Colouring> {
    let mut count = [0u8; 16];
    for &p in slots {
        if p >= 16 {
            return Err(Error::invalid_state(format!(
                "piece id {p} out of range 0..=15"
            )));
        }
        count[p as usize] += 1;
    }
    for c in CORNERS {
        if count[c as usize] != 2 {
            return Err(Error::invalid_state(format!(
                "corner '{}' fills {} slots (a corner fills exactly 2)",
                piece_letter(c),
                count[c as usize]
            )));
        }
        let (layer, i) = match slots.iter().position(|&p| p == c).unwrap() {
            i if i < 12 => (0, i),
            i => (12, i - 12),
        };
        // The first occurrence is either the corner's start or, for a corner over slots 11|0,
        // its second half at slot 0.
        let next = slots[layer + (i + 1) % 12];
        let prev = slots[layer + (i + 11) % 12];
        if next != c && prev != c {
            return Err(Error::invalid_state(format!(
                "corner '{}' is split: its two halves must be in adjacent slots of one layer",
                piece_letter(c)
            )));
        }
    }
    let silver = [1u8, 5, 8, 12].iter().all(|&p| count[p as usize] == 2)
        && [3u8, 7, 10, 14].iter().all(|&p| count[p as usize] == 0);
    if silver {
        return Ok(Colouring::Silver);
    }
    for e in EDGES {
        if count[e as usize] != 1 {
            return Err(Error::invalid_state(format!(
                "edge '{}' appears {} times (six-colour puzzles have each edge once; Silver \
                 puzzles show b f i m twice and d h k o never)",
                piece_letter(e),
                count[e as usize]
            )));
        }
    }
    Ok(Colouring::SixColour)
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::with_capacity(TEXT_LEN);
        for (i, &p) in self.slots.iter().enumerate() {
            if i == 12 {
                s.push('|');
            }
            s.push(piece_letter(p));
        }
        s.push('|');
        s.push(self.middle.letter());
        f.write_str(&s)
    }
}

impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "State({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;

    const SOLVED: &str = "AAbCCdEEfGGh|iJJkLLmNNoPP|S";

    #[test]
    fn solved_text_round_trips() {
        assert_eq!(State::solved(Colouring::SixColour).to_string(), SOLVED);
        assert_eq!(
            State::parse(SOLVED).unwrap(),
            State::solved(Colouring::SixColour)
        );
        let silver = State::solved(Colouring::Silver);
        assert_eq!(silver.to_string(), "AAbCCbEEfGGf|iJJiLLmNNmPP|S");
        assert_eq!(State::parse(&silver.to_string()).unwrap(), silver);
        assert_eq!(silver.colouring(), Colouring::Silver);
    }

    #[test]
    fn corners_and_edges_alternate_in_the_solved_layers() {
        let s = State::solved(Colouring::SixColour);
        assert_eq!(s.top_mask(), 0b1011_0110_1101);
        assert!(s.is_twistable());
    }

    #[test]
    fn twist_toggles_middle_and_is_an_involution() {
        let s = State::solved(Colouring::SixColour);
        let t = s.twist().unwrap();
        assert_eq!(t.middle(), Middle::Kite);
        assert!(!t.is_solved_ignoring_middle());
        assert_eq!(t.twist().unwrap(), s);
    }

    #[test]
    fn twist_refuses_a_straddling_corner() {
        // From the cube, (1,0) keeps the top cut at the seam but (-1,0) and (0,1) do not.
        let solved = State::solved(Colouring::SixColour);
        assert!(solved.turn(1, 0).twist().is_ok());
        let e = solved.turn(-1, 0).twist().unwrap_err();
        assert_eq!(e.kind(), ErrorKind::IllegalMove);
        assert!(
            e.message()
                .contains("corner 'A' straddles the seam on the top layer"),
            "{e}"
        );
        let e = solved.turn(0, 1).twist().unwrap_err();
        assert!(
            e.message()
                .contains("corner 'P' straddles the seam on the bottom layer"),
            "{e}"
        );
    }

    #[test]
    fn flip_is_an_involution_and_swaps_layers() {
        let s = State::solved(Colouring::SixColour)
            .turn(1, 3)
            .twist()
            .unwrap()
            .turn(2, 5);
        assert_eq!(s.flip().flip(), s);
        assert_ne!(s.flip(), s);
        assert_eq!(
            s.flip().top_mask(),
            super::super::shape::rotate_layer(s.bottom_mask(), 6)
        );
    }

    #[test]
    fn malformed_text_names_the_position() {
        let cases = [
            ("AAbCCdEEfGGh|iJJkLLmNNoPP", 25, "unexpected end"),
            ("AAbCCdEEfGGh|iJJkLLmNNoPP|X", 26, "middle layer"),
            ("AAbCCdEEfGGh-iJJkLLmNNoPP|S", 12, "expected '|'"),
            ("AAbCCdEEfGGH|iJJkLLmNNoPP|S", 11, "not a piece letter"),
            ("AAbCCdEEfGGh|iJJkLLmNNoPP|SS", 27, "unexpected text"),
        ];
        for (text, pos, what) in cases {
            let e = State::parse(text).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::InvalidNotation, "{text}");
            assert_eq!(e.position(), Some(pos), "{text}: {e}");
            assert!(e.message().contains(what), "{text}: {e}");
        }
    }

    #[test]
    fn impossible_states_are_refused() {
        let cases = [
            ("AAbCCdEEfGGb|iJJkLLmNNoPP|S", "edge 'b' appears 2 times"),
            ("AbACCdEEfGGh|iJJkLLmNNoPP|S", "corner 'A' is split"),
            ("AAACCdEEfGGh|iJJkLLmNNoPP|S", "corner 'A' fills 3 slots"),
        ];
        for (text, what) in cases {
            let e = State::parse(text).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::InvalidState, "{text}");
            assert!(e.message().contains(what), "{text}: {e}");
        }
    }

    #[test]
    fn corner_over_slots_11_and_0_is_valid() {
        let s = State::solved(Colouring::SixColour).turn(-1, 0);
        assert_eq!(s.to_string(), "AbCCdEEfGGhA|iJJkLLmNNoPP|S");
        assert_eq!(State::parse(&s.to_string()).unwrap(), s);
        assert!(!s.is_twistable());
    }

    #[test]
    fn equality_up_to_layer_rotation() {
        let s = State::solved(Colouring::SixColour);
        assert!(s.eq_up_to_layer_rotation(&s.turn(3, -2)));
        assert!(!s.eq_up_to_layer_rotation(&s.twist().unwrap()));
        assert!(!s.turn(6, 6).is_solved());
    }
}
