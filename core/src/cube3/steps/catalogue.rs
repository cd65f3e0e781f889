//! The step catalogue: every step FMC solvers name, per axis, as data (goal, allowed moves,
//! requirement, whether a solution may switch NISS sides), and the requirement checks.

use crate::cube3::{Cube, Move, MoveKind};
use crate::error::{Error, Result};

use super::goal::{self, Axis};

/// The solver family of a step (one coordinate model each, in its standard frame: EO on F/B,
/// DR on U/D).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Eo,
    Dr,
    DrFromEo,
    Htr,
    Slice,
    Finish,
    Corners,
    CornersRelative,
}

/// What a step reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Edges oriented on the axis.
    Eo(Axis),
    /// Domino reduction on the axis.
    Dr(Axis),
    /// Half-turn reduction.
    Htr,
    /// Everything but the middle layer of the axis (nissy's "slice" steps).
    SliceLeft(Axis),
    /// The whole cube.
    Solved,
    /// The corners, centres fixed.
    Corners,
    /// The corners relative to each other.
    CornersRelative,
}

impl Goal {
    /// Whether `cube` is at this goal (the independent predicates of [`super::goal`]).
    pub fn holds(self, cube: &Cube) -> bool {
        match self {
            Goal::Eo(a) => goal::is_eo(cube, a),
            Goal::Dr(a) => goal::is_dr(cube, a),
            Goal::Htr => goal::is_htr(cube),
            Goal::SliceLeft(a) => goal::is_slice_left(cube, a),
            Goal::Solved => cube.is_solved(),
            Goal::Corners => goal::is_corners_solved(cube),
            Goal::CornersRelative => goal::is_corners_solved_relative(cube),
        }
    }

    /// The goal in words, e.g. "domino reduction on the U/D axis".
    pub fn text(self) -> String {
        match self {
            Goal::Eo(a) => format!("edges oriented on the {} axis", a.faces()),
            Goal::Dr(a) => format!("domino reduction on the {} axis", a.faces()),
            Goal::Htr => "half-turn reduction".into(),
            Goal::SliceLeft(a) => format!("all but the middle layer between {}", a.faces()),
            Goal::Solved => "the whole cube".into(),
            Goal::Corners => "the corners, centres fixed".into(),
            Goal::CornersRelative => "the corners relative to each other".into(),
        }
    }

    /// How the goal is named in requirement errors.
    fn describe(self) -> String {
        match self {
            Goal::Eo(a) => format!("edges oriented on the {} axis (eo{})", a.faces(), a.name()),
            Goal::Dr(a) => format!(
                "domino reduction on the {} axis (dr{})",
                a.faces(),
                a.name()
            ),
            _ => unreachable!("only EO and DR are requirements"),
        }
    }
}

/// One step of the catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The name FMC solvers use (nissy's alias): `eofb`, `drud-eofb`, `htr-drrl`, ...
    pub name: &'static str,
    pub kind: Kind,
    pub goal: Goal,
    /// What the cube must already have (checked before any search).
    pub requirement: Option<Goal>,
    /// The faces (top, front) of the cube that the step's standard frame (EO on F/B, DR on
    /// U/D) sees on U and F: nissy's rotation suffix, which also fixes which face plays "D" in
    /// the HTR rule.
    pub(crate) frame: (usize, usize),
}

const U: usize = 0;
const D: usize = 1;
const R: usize = 2;
const L: usize = 3;
const F: usize = 4;
const B: usize = 5;

const fn step(name: &'static str, kind: Kind, frame: (usize, usize)) -> Step {
    let (dr, eo) = (axis_of(frame.0), axis_of(frame.1));
    let (goal, requirement) = match kind {
        Kind::Eo => (Goal::Eo(eo), None),
        Kind::Dr => (Goal::Dr(dr), None),
        Kind::DrFromEo => (Goal::Dr(dr), Some(Goal::Eo(eo))),
        Kind::Htr => (Goal::Htr, Some(Goal::Dr(dr))),
        Kind::Slice => (Goal::SliceLeft(dr), Some(Goal::Dr(dr))),
        Kind::Finish => (Goal::Solved, Some(Goal::Dr(dr))),
        Kind::Corners => (Goal::Corners, None),
        Kind::CornersRelative => (Goal::CornersRelative, None),
    };
    Step {
        name,
        kind,
        goal,
        requirement,
        frame,
    }
}

const fn axis_of(face: usize) -> Axis {
    match face / 2 {
        0 => Axis::UD,
        1 => Axis::RL,
        _ => Axis::FB,
    }
}

/// Every step. Frames: the cube faces the standard frame sees on U and F, i.e. the faces that
/// nissy's rotation suffix (`coord_EO_UR`: U to U, F to R) carries onto U and F.
pub const STEPS: [Step; 23] = [
    step("eofb", Kind::Eo, (U, F)),
    step("eorl", Kind::Eo, (U, L)),
    step("eoud", Kind::Eo, (B, U)),
    step("drud", Kind::Dr, (U, F)),
    step("drrl", Kind::Dr, (L, F)),
    step("drfb", Kind::Dr, (B, U)),
    step("drud-eofb", Kind::DrFromEo, (U, F)),
    step("drrl-eofb", Kind::DrFromEo, (L, F)),
    step("drud-eorl", Kind::DrFromEo, (U, L)),
    step("drfb-eorl", Kind::DrFromEo, (F, R)),
    step("drrl-eoud", Kind::DrFromEo, (R, U)),
    step("drfb-eoud", Kind::DrFromEo, (B, U)),
    step("htr-drud", Kind::Htr, (U, F)),
    step("htr-drrl", Kind::Htr, (R, F)),
    step("htr-drfb", Kind::Htr, (F, D)),
    step("drudslice", Kind::Slice, (U, F)),
    step("drrlslice", Kind::Slice, (R, F)),
    step("drfbslice", Kind::Slice, (F, D)),
    step("drudfin", Kind::Finish, (U, F)),
    step("drrlfin", Kind::Finish, (R, F)),
    step("drfbfin", Kind::Finish, (F, D)),
    step("corners", Kind::Corners, (U, F)),
    step("cornersx", Kind::CornersRelative, (U, F)),
];

/// nissy's rotation suffix of each step, in [`STEPS`] order (`coord_EO_UR` for eorl): the
/// rotation that carries U to the first face and F to the second.
pub const NISSY_SUFFIXES: [&str; 23] = [
    "UF", "UR", "FD", "UF", "RF", "FD", "UF", "RF", "UR", "RU", "FR", "FD", "UF", "LF", "BU", "UF",
    "LF", "BU", "UF", "LF", "BU", "UF", "UF",
];

impl Kind {
    /// The moves the step uses, in its standard frame, as face-move indices (3·face + amount
    /// - 1, faces U D R L F B).
    pub(crate) fn standard_moves(self) -> &'static [u8] {
        const ALL: [u8; 18] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];
        match self {
            Kind::Eo | Kind::Dr | Kind::Corners => &ALL,
            // U, D, R, L (every turn), F2, B2.
            Kind::DrFromEo => &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 16],
            // U U2 U' D D' R2 L2 F2 B2 (no D2: nissy's HTR moveset).
            Kind::Htr => &[0, 1, 2, 3, 5, 7, 10, 13, 16],
            // U U2 U' R2 L2 F2 B2 (no D).
            Kind::Slice => &[0, 1, 2, 7, 10, 13, 16],
            Kind::Finish => &[0, 1, 2, 3, 4, 5, 7, 10, 13, 16],
            Kind::CornersRelative => &[0, 1, 2, 6, 7, 8, 12, 13, 14],
        }
    }

    /// Whether a solution may switch once between the scramble and its inverse (NISS).
    pub fn can_switch(self) -> bool {
        matches!(self, Kind::Eo | Kind::Dr | Kind::DrFromEo | Kind::Htr)
    }

    /// Whether each side of a solution must end in a clockwise quarter turn (and, when its last
    /// two moves share an axis, both in clockwise quarter turns): the FMC convention that lists
    /// one direction of a step's last quarter turns (the others follow, see `lastqt`).
    pub(crate) fn last_move_rule(self) -> bool {
        self.can_switch()
    }
}

impl Step {
    /// The step named `name` (nissy's alias, exactly), or an `invalid_argument` error that
    /// lists the names.
    pub fn by_name(name: &str) -> Result<&'static Step> {
        STEPS.iter().find(|s| s.name == name).ok_or_else(|| {
            let names: Vec<&str> = STEPS.iter().map(|s| s.name).collect();
            Error::invalid_argument(format!(
                "unknown step '{name}' (expected one of: {})",
                names.join(", ")
            ))
        })
    }

    /// The step in one line: goal, requirement, moves (the cube held in the standard
    /// orientation) and the NISS modes it takes, e.g. "domino reduction on the U/D axis from
    /// edges oriented on the F/B axis; moves U U2 U' ...; every NISS mode".
    pub fn describe(&self) -> String {
        let moves: Vec<String> = self.moves().iter().map(|m| m.to_string()).collect();
        let from = self
            .requirement
            .map_or(String::new(), |r| format!(" from {}", r.text()));
        let niss = if self.kind.can_switch() {
            "every NISS mode"
        } else {
            "normal, inverse or linear NISS"
        };
        format!(
            "{}{from}; moves {}; {niss}",
            self.goal.text(),
            moves.join(" ")
        )
    }

    /// The cube faces the step's standard frame sees on U and F (which face plays U in the
    /// HTR rules, for example).
    pub fn frame_faces(&self) -> (MoveKind, MoveKind) {
        (MoveKind::ALL[self.frame.0], MoveKind::ALL[self.frame.1])
    }

    /// The moves the step uses, named in the centres' frame (the cube held in the standard
    /// orientation).
    pub fn moves(&self) -> Vec<Move> {
        let relabel = super::frame::relabel(self.frame);
        self.kind
            .standard_moves()
            .iter()
            .map(|&m| face_move(relabel[m as usize]))
            .collect()
    }

    /// Checks the requirement: an `invalid_argument` error naming what is missing.
    pub fn check_requirement(&self, cube: &Cube) -> Result<()> {
        match self.requirement {
            Some(req) if !req.holds(cube) => Err(Error::invalid_argument(format!(
                "step {} needs {}, which this cube does not have",
                self.name,
                req.describe()
            ))),
            _ => Ok(()),
        }
    }
}

/// The face move with this index (3·face + amount - 1).
pub(crate) fn face_move(m: u8) -> Move {
    Move::from_index(m as usize).expect("face move indices are move indices")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube3::geometry::{ORIENTATION_FACES, tables};

    /// The faces carried onto U and F by the rotation that carries U to `X` and F to `Y`.
    fn carried(suffix: &str) -> (usize, usize) {
        let face = |c: char| "UDRLFB".find(c).unwrap();
        let mut chars = suffix.chars();
        let (x, y) = (face(chars.next().unwrap()), face(chars.next().unwrap()));
        // Orientation (x on top, y in front) is the rotation carrying x to U; its inverse
        // carries U to x, and sends to U the face found at U's place in that orientation.
        let o = ORIENTATION_FACES.iter().position(|&f| f == [x, y]).unwrap();
        let back = tables().ori_inv[o] as usize;
        let at = tables().face_at[back];
        (at[0] as usize, at[4] as usize)
    }

    #[test]
    fn frames_are_those_of_nissys_suffixes() {
        for (step, suffix) in STEPS.iter().zip(NISSY_SUFFIXES) {
            assert_eq!(step.frame, carried(suffix), "{}", step.name);
        }
    }

    #[test]
    fn names_say_the_axes() {
        for step in &STEPS {
            let goal = match step.goal {
                Goal::Eo(a) => format!("eo{}", a.name()),
                Goal::Dr(a) if step.kind == Kind::Dr => format!("dr{}", a.name()),
                Goal::Dr(a) => format!("dr{}-", a.name()),
                Goal::Htr => "htr-".into(),
                Goal::SliceLeft(a) => format!("dr{}slice", a.name()),
                Goal::Solved => "fin".into(),
                Goal::Corners | Goal::CornersRelative => "corners".into(),
            };
            assert!(step.name.contains(&goal), "{} {goal}", step.name);
            if let Some(req) = step.requirement {
                let named = match req {
                    Goal::Eo(a) => format!("eo{}", a.name()),
                    Goal::Dr(a) => format!("dr{}", a.name()),
                    _ => unreachable!(),
                };
                assert!(step.name.contains(&named), "{} {named}", step.name);
            }
        }
    }

    #[test]
    fn unknown_names_are_refused() {
        let e = Step::by_name("eoFB").unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::InvalidArgument);
        assert!(
            e.message()
                .starts_with("unknown step 'eoFB' (expected one of: eofb, eorl")
        );
    }
}
