//! The 3x3x3 net picture: its structure, and the stickers it shows against facts worked out by
//! hand (single moves, rotations, the superflip). The committed example images in
//! `docs/images/cube3-*.svg` are written by `twisty cube3 svg` and checked here.

use std::path::PathBuf;

use twisty::cube3::svg::{BORDER, COLOURS, facelets, net};
use twisty::cube3::{Alg, Cube};

mod common;
use common::attribute_values;

/// The scramble of the committed example image.
const SCRAMBLE: &str = "R' U' F D2 L2 F R2 U2 R2 B D2 L B2 L' B' U' F' D2 R' D F R' U' F";
const SUPERFLIP: &str = "ABCDEFGH=QRSTUVWXYZab=A";
/// Face order of the picture's stickers (and of `facelets`).
const ORDER: &str = "URFDLB";

fn cube(alg: &str) -> Cube {
    Cube::from_alg(&Alg::parse(alg).unwrap())
}

fn sample_cubes() -> Vec<Cube> {
    let mut v: Vec<Cube> = ["", "R", "U", "F2 D'", "x", "y2 Rw M' S E2", SCRAMBLE]
        .iter()
        .map(|a| cube(a))
        .collect();
    v.push(Cube::from_b32(SUPERFLIP).unwrap());
    v.extend((0..20).map(|s| Cube::random(&mut twisty::rng::Rng::new(s))));
    v
}

/// The picture's 54 stickers as face letters (the centre whose colour each shows), read back from
/// the fills of the 20-unit squares.
fn stickers(svg: &str) -> String {
    svg.lines()
        .filter(|l| l.starts_with("<rect ") && l.contains(" width=\"20\""))
        .map(|l| {
            let fill = attribute_values(l, "fill")[0];
            COLOURS.iter().find(|(_, c)| *c == fill).unwrap().0
        })
        .collect()
}

/// The nine stickers of face `f` (a letter of `URFDLB`), row by row.
fn face(svg: &str, f: char) -> String {
    let i = ORDER.find(f).unwrap();
    stickers(svg)[9 * i..9 * i + 9].to_string()
}

fn picture(alg: &str) -> String {
    net(&cube(alg))
}

#[test]
fn pictures_are_well_formed() {
    for c in sample_cubes() {
        let p = net(&c);
        let b32 = c.to_b32();
        assert!(
            p.starts_with(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"288\" height=\"216\" \
                 viewBox=\"0 0 288 216\" role=\"img\" aria-label=\"3x3x3 cube "
            ),
            "{p}"
        );
        assert!(p.ends_with("</svg>\n"));
        assert_eq!(p.matches("<svg").count(), 1);
        assert_eq!(p.matches("</svg>").count(), 1);
        assert!(p.contains(&format!("<title>3x3x3 cube {b32}</title>")));
        assert!(p.contains(&format!("aria-label=\"3x3x3 cube {b32}, unfolded")));
        // Tags balance and nest: every group closes after it opens; the rest close themselves.
        let mut depth = 0i32;
        for line in p.lines() {
            assert!(line.starts_with('<') && line.ends_with('>'), "{line}");
            if line.starts_with("<g ") {
                depth += 1;
            } else if line == "</g>" {
                depth -= 1;
                assert!(depth >= 0);
            } else if line.starts_with("<rect ") {
                assert!(line.ends_with("/>"), "{line}");
            }
        }
        assert_eq!(depth, 0);
        assert_eq!(p.matches("<g ").count(), 6);
        // One border square per face and nine stickers on it.
        assert_eq!(p.matches("<rect ").count(), 6 + 54);
        assert_eq!(p.matches(&format!("fill=\"{BORDER}\"")).count(), 6);
        // Integer coordinates, every square inside the picture.
        for rect in p.lines().filter(|l| l.starts_with("<rect ")) {
            let n = |name: &str| -> u32 {
                let v = attribute_values(rect, name)[0];
                v.parse().unwrap_or_else(|_| panic!("{name}={v}"))
            };
            assert!(
                n("x") + n("width") <= 288 && n("y") + n("height") <= 216,
                "{rect}"
            );
        }
        assert!(p.is_ascii() && !p.contains('\r') && !p.contains('\t'));
        // The same cube read back from its text draws the same bytes.
        assert_eq!(net(&Cube::from_b32(&b32).unwrap()), p);
        assert_eq!(stickers(&p), facelets(&c));
    }
}

#[test]
fn the_solved_cube_shows_each_face_in_its_colour() {
    let p = net(&Cube::SOLVED);
    for f in ORDER.chars() {
        assert_eq!(face(&p, f), f.to_string().repeat(9), "{f}");
    }
    let scheme: Vec<String> = COLOURS.iter().map(|(f, c)| format!("{f}{c}")).collect();
    assert_eq!(
        scheme.join(" "),
        "U#ffffff R#ff0000 F#00ff00 D#ffff00 L#ff8000 B#0000ff"
    );
    // Each face's group, in the order U R F D L B, holds its border and nine stickers.
    for (i, f) in ORDER.chars().enumerate() {
        let start = p.find(&format!("<g class=\"{f}\">")).unwrap();
        let group = &p[start..start + p[start..].find("</g>").unwrap()];
        let fills = attribute_values(group, "fill");
        assert_eq!(fills.len(), 10);
        assert_eq!(fills[0], BORDER);
        assert!(fills[1..].iter().all(|&c| c == COLOURS[i].1), "{f}");
    }
}

#[test]
fn every_colour_shows_nine_times() {
    for c in sample_cubes() {
        let p = net(&c);
        for (letter, colour) in COLOURS {
            assert_eq!(
                p.matches(&format!("fill=\"{colour}\"")).count(),
                9,
                "{c} {letter}"
            );
            assert_eq!(stickers(&p).matches(letter).count(), 9, "{c} {letter}");
        }
        // Centres are the middle stickers; each face shows one centre.
        let centres: String = (0..6)
            .map(|i| stickers(&p).as_bytes()[9 * i + 4] as char)
            .collect();
        let mut sorted: Vec<char> = centres.chars().collect();
        sorted.sort();
        assert_eq!(sorted, ['B', 'D', 'F', 'L', 'R', 'U'], "{c}");
    }
}

#[test]
fn u_moves_the_top_rows_of_the_side_faces() {
    // U turns clockwise seen from above: F's top row goes to L, so F's shows R's colour.
    let p = picture("U");
    assert_eq!(face(&p, 'U'), "UUUUUUUUU");
    assert_eq!(face(&p, 'D'), "DDDDDDDDD");
    for (f, from) in [('F', 'R'), ('R', 'B'), ('B', 'L'), ('L', 'F')] {
        assert_eq!(
            face(&p, f),
            format!("{}{}", from.to_string().repeat(3), f.to_string().repeat(6))
        );
    }
    let p = picture("U'");
    for (f, from) in [('F', 'L'), ('L', 'B'), ('B', 'R'), ('R', 'F')] {
        assert_eq!(&face(&p, f)[..3], from.to_string().repeat(3), "U' {f}");
    }
    // Only 12 stickers change, all in the side faces' top rows.
    let (solved, turned) = (stickers(&net(&Cube::SOLVED)), stickers(&picture("U")));
    let changed: Vec<usize> = (0..54)
        .filter(|&i| solved.as_bytes()[i] != turned.as_bytes()[i])
        .collect();
    assert_eq!(changed.len(), 12);
    for i in changed {
        let (f, cell) = (ORDER.as_bytes()[i / 9] as char, i % 9);
        assert!("RFLB".contains(f) && cell < 3, "{f} {cell}");
    }
}

/// The picture of `alg` shows these faces: (letter, its nine stickers row by row).
fn assert_faces(alg: &str, want: &[(char, &str)]) {
    let p = picture(alg);
    for &(f, stickers) in want {
        assert_eq!(face(&p, f), stickers, "{alg}: face {f}");
    }
}

#[test]
fn r_moves_the_right_columns() {
    // R turns clockwise seen from the right: F's right column goes up to U. B is seen from
    // behind: the column next to R is its left one.
    let r = [
        ('R', "RRRRRRRRR"),
        ('L', "LLLLLLLLL"),
        ('U', "UUFUUFUUF"),
        ('F', "FFDFFDFFD"),
        ('D', "DDBDDBDDB"),
        ('B', "UBBUBBUBB"),
    ];
    assert_faces("R", &r);
    assert_faces("R2", &[('U', "UUDUUDUUD"), ('B', "FBBFBBFBB")]);
}

#[test]
fn f_and_d_moves() {
    // F turns clockwise seen from the front: U's bottom row goes to R's left column.
    let f = [
        ('F', "FFFFFFFFF"),
        ('U', "UUUUUULLL"),
        ('R', "URRURRURR"),
        ('D', "RRRDDDDDD"),
        ('L', "LLDLLDLLD"),
        ('B', "BBBBBBBBB"),
    ];
    assert_faces("F", &f);
    // D turns clockwise seen from below: F's bottom row goes to R.
    let p = picture("D");
    assert_eq!(face(&p, 'D'), "DDDDDDDDD");
    for (f, from) in [('R', 'F'), ('B', 'R'), ('L', 'B'), ('F', 'L')] {
        assert_eq!(
            face(&p, f),
            format!("{}{}", f.to_string().repeat(6), from.to_string().repeat(3))
        );
    }
    // L and B, one column each.
    assert_eq!(face(&picture("L"), 'U'), "BUUBUUBUU");
    assert_eq!(face(&picture("B"), 'U'), "RRRUUUUUU");
}

#[test]
fn the_cube_is_drawn_as_it_is_held() {
    // x turns the whole cube like R: the F centre is on top, D in front, U at the back.
    let p = picture("x");
    for (place, centre) in [
        ('U', 'F'),
        ('F', 'D'),
        ('D', 'B'),
        ('B', 'U'),
        ('R', 'R'),
        ('L', 'L'),
    ] {
        assert_eq!(face(&p, place), centre.to_string().repeat(9), "{place}");
    }
    // y turns it like U: R's centre comes to the front.
    let p = picture("y");
    for (place, centre) in [('F', 'R'), ('R', 'B'), ('B', 'L'), ('L', 'F'), ('U', 'U')] {
        assert_eq!(face(&p, place), centre.to_string().repeat(9), "{place}");
    }
    // R, then x: the F face (its right column from D) is on top, seen with its U edge away
    // from the viewer, so the stickers keep their rows and columns.
    assert_eq!(face(&picture("R x"), 'U'), "FFDFFDFFD");
    // A move names a place: after x, U turns the layer on top (the F centre's).
    assert_eq!(face(&picture("x U"), 'F'), "RRRDDDDDD");
}

#[test]
fn the_superflip_flips_every_edge_and_nothing_else() {
    let flipped = Cube::from_b32(SUPERFLIP).unwrap();
    assert_eq!(
        flipped,
        cube("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2")
    );
    let solved = facelets(&Cube::SOLVED);
    let p = net(&flipped);
    let s = stickers(&p);
    assert_eq!(s, facelets(&flipped));
    for (i, f) in ORDER.chars().enumerate() {
        for cell in 0..9 {
            let (got, home) = (
                s.as_bytes()[9 * i + cell] as char,
                solved.as_bytes()[9 * i + cell],
            );
            if cell % 2 == 0 {
                // Corners (0, 2, 6, 8) and the centre (4).
                assert_eq!(got, home as char, "{f} {cell}");
            } else {
                // Edges show the colour of the face across the edge.
                assert_ne!(got, f, "{f} {cell}");
            }
        }
    }
    // U's edges: the B, L, R and F colours (rows run from B to F, columns from L to R).
    assert_eq!(face(&p, 'U'), "UBULURUFU");
    assert_eq!(face(&p, 'F'), "FUFLFRFDF");
    assert_eq!(face(&p, 'D'), "DFDLDRDBD");
}

fn images_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/images")
}

/// The committed example images are the engine's pictures (the CLI's `cube3 svg` prints the
/// same bytes: `cli/tests/cli.rs`).
#[test]
fn committed_images_are_the_engine_s_pictures() {
    let images = [
        ("cube3-solved.svg", "ABCDEFGH=ABCDEFGHIJKL=A", Cube::SOLVED),
        ("cube3-scrambled.svg", SCRAMBLE, cube(SCRAMBLE)),
    ];
    for (name, input, c) in images {
        let path = images_dir().join(name);
        let committed =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            committed == net(&c),
            "{} is out of date; write it again with `twisty cube3 svg {input} -o {name}`",
            path.display()
        );
    }
}
