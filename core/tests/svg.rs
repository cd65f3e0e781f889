//! SVG pictures of Square-1 states: structure, colour counts, determinism, and the committed
//! example images in `docs/images/` (regenerate them with
//! `cargo test -p twisty --test svg -- --ignored regenerate_images`).

use std::path::PathBuf;

use twisty::sq1::svg::{Palette, svg, svg_with};
use twisty::sq1::{Colouring, Middle, MoveSeq, Notation, State, Tables};

mod common;
use common::attribute_values;

const SCRAMBLE: &str = "(1,0)/ (-1,3)/ (0,3)/";
const WIDTH: f64 = 480.0;
const HEIGHT: f64 = 280.0;

fn solved() -> State {
    State::solved(Colouring::SixColour)
}

fn scrambled() -> State {
    let moves = MoveSeq::parse(SCRAMBLE, Notation::Wca).unwrap();
    solved().apply(&moves).unwrap()
}

fn kite(state: State) -> State {
    assert_eq!(state.middle(), Middle::Square);
    State::from_slots(*state.slots(), Middle::Kite).unwrap()
}

/// A spread of states: solved, scrambled, kite middles, a corner over slots 11|0 on both layers,
/// a flipped puzzle, and random states of both colourings.
fn sample_states() -> Vec<State> {
    let tables = Tables::new();
    let mut states = vec![
        solved(),
        scrambled(),
        kite(solved()),
        solved().turn(-1, 1),
        solved().turn(1, 0).twist().unwrap().turn(2, -3).flip(),
    ];
    for seed in 0..20 {
        states.push(tables.random_state(seed, Colouring::SixColour));
        states.push(tables.random_state(seed, Colouring::Silver));
    }
    let silver: Vec<State> = states.iter().take(5).map(State::to_silver).collect();
    states.extend(silver);
    states
}

fn count(svg: &str, needle: &str) -> usize {
    svg.matches(needle).count()
}

fn fills(svg: &str, colour: &str) -> usize {
    count(svg, &format!("fill=\"{colour}\""))
}

/// The picture without its title and without the middle bar's group.
fn without_title_and_middle(svg: &str) -> String {
    let start = svg.find("<g class=\"middle\">").unwrap();
    let end = start + svg[start..].find("</g>\n").unwrap() + "</g>\n".len();
    let picture = format!("{}{}", &svg[..start], &svg[end..]);
    picture
        .lines()
        .filter(|l| !l.starts_with("<title>"))
        .map(|l| format!("{l}\n"))
        .collect()
}

fn images_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/images")
}

fn images() -> [(&'static str, String); 2] {
    [
        ("square1-solved.svg", svg(&solved())),
        ("square1-scrambled.svg", svg(&scrambled())),
    ]
}

#[test]
fn pictures_are_well_formed() {
    for state in sample_states() {
        let p = svg(&state);
        assert!(p.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"480\" height=\"280\" viewBox=\"0 0 480 280\">\n"), "{state}");
        assert!(p.ends_with("</svg>\n"), "{state}");
        assert_eq!(count(&p, "<svg"), 1);
        assert_eq!(count(&p, "</svg>"), 1);
        assert_eq!(count(&p, "<g"), count(&p, "</g>"), "{state}");
        assert!(
            p.contains(&format!("<title>Square-1 {state}</title>")),
            "{state}"
        );
        // Every group closes after it opens.
        let mut depth = 0i32;
        for line in p.lines() {
            if line.starts_with("<g") {
                depth += 1;
            } else if line == "</g>" {
                depth -= 1;
                assert!(depth >= 0, "{state}");
            }
        }
        assert_eq!(depth, 0, "{state}");
        // 8 edges (face + one band) and 8 corners (face + two bands), 2 or 3 bar blocks.
        let bar = if state.middle() == Middle::Square {
            2
        } else {
            3
        };
        assert_eq!(count(&p, "<polygon "), 16 + 24 + bar, "{state}");
        assert_eq!(count(&p, "<line "), 3, "{state}");
        assert_eq!(count(&p, "<polygon "), count(&p, "/>\n") - 3, "{state}");
    }
}

#[test]
fn coordinates_have_two_decimals_and_lie_inside_the_picture() {
    for state in sample_states() {
        let p = svg(&state);
        let mut points: Vec<(&str, &str)> = Vec::new();
        for list in attribute_values(&p, "points") {
            points.extend(list.split(' ').map(|pair| pair.split_once(',').unwrap()));
        }
        for (x, y) in [("x1", "y1"), ("x2", "y2")] {
            points.extend(
                attribute_values(&p, x)
                    .into_iter()
                    .zip(attribute_values(&p, y)),
            );
        }
        // Edges: 3 + 4 points, corners: 4 + 4 + 4, bar blocks: 4, seam lines: 2.
        let blocks = if state.middle() == Middle::Square {
            2
        } else {
            3
        };
        assert_eq!(points.len(), 8 * 7 + 8 * 12 + 4 * blocks + 3 * 2, "{state}");
        for (x, y) in points {
            for (n, limit) in [(x, WIDTH), (y, HEIGHT)] {
                let (_, decimals) = n.split_once('.').unwrap();
                assert_eq!(decimals.len(), 2, "{state}: {n}");
                let v: f64 = n.parse().unwrap();
                assert!(
                    (0.0..=limit).contains(&v) && !n.starts_with('-'),
                    "{state}: {n}"
                );
            }
        }
    }
}

#[test]
fn solved_picture_has_the_expected_polygons_per_colour() {
    let p = svg(&solved());
    let six = Palette::six_colour();
    // Faces: one per piece of the layer. Sides: three bands per layer (a corner half, an edge, a
    // corner half), and the bar's two front blocks.
    assert_eq!(fills(&p, &six.top), 8);
    assert_eq!(fills(&p, &six.bottom), 8);
    assert_eq!(fills(&p, &six.front), 3 + 3 + 2);
    assert_eq!(fills(&p, &six.back), 6);
    assert_eq!(fills(&p, &six.left), 6);
    assert_eq!(fills(&p, &six.right), 6);
    assert_eq!(count(&p, "fill="), 42);
    assert_eq!(six.top, "#ffff00");
    assert_eq!(six.front, "#ff0000");
    assert_eq!(Palette::default(), six);

    // Silver: top, front and right silver; bottom, back and left black.
    let p = svg(&State::solved(Colouring::Silver));
    let silver = Palette::silver();
    assert_eq!(fills(&p, &silver.top), 8 + 8 + 6);
    assert_eq!(fills(&p, &silver.bottom), 8 + 6 + 6);
    assert_eq!(count(&p, "fill="), 42);
}

#[test]
fn every_state_shows_each_colour_as_often_as_the_solved_puzzle() {
    // Pieces move but keep their colours: only the bar's blocks depend on the middle.
    let six = Palette::six_colour();
    for state in sample_states() {
        if state.colouring() != Colouring::SixColour {
            continue;
        }
        let p = svg(&state);
        let kite = state.middle() == Middle::Kite;
        assert_eq!(fills(&p, &six.top), 8, "{state}");
        assert_eq!(fills(&p, &six.bottom), 8, "{state}");
        assert_eq!(fills(&p, &six.front), if kite { 7 } else { 8 }, "{state}");
        assert_eq!(fills(&p, &six.back), if kite { 7 } else { 6 }, "{state}");
        assert_eq!(fills(&p, &six.left), 6, "{state}");
        assert_eq!(fills(&p, &six.right), if kite { 7 } else { 6 }, "{state}");
    }
}

#[test]
fn a_turn_changes_only_the_turned_layer() {
    let s = svg(&solved());
    let t = svg(&solved().turn(1, 0));
    assert_ne!(s, t);
    let group = |p: &str, name: &str| {
        let start = p.find(&format!("<g class=\"{name}\">")).unwrap();
        let end = start + p[start..].find("</g>").unwrap();
        p[start..end].to_string()
    };
    assert_ne!(group(&s, "top"), group(&t, "top"));
    assert_eq!(group(&s, "bottom"), group(&t, "bottom"));
    assert_eq!(group(&s, "middle"), group(&t, "middle"));
    // The same polygons, in other places: colour counts are unchanged.
    for colour in ["#ffff00", "#ff0000", "#ff8000", "#0000ff", "#00ff00"] {
        assert_eq!(fills(&s, colour), fills(&t, colour), "{colour}");
    }
    // Twelve turns are the identity.
    assert_eq!(svg(&solved().turn(12, -12)), s);
}

#[test]
fn a_kite_middle_differs_from_a_square_middle_in_the_bar_only() {
    for state in [
        solved(),
        scrambled().turn(0, 1),
        State::solved(Colouring::Silver),
    ] {
        let (state, other) = if state.middle() == Middle::Square {
            (state, kite(state))
        } else {
            (
                State::from_slots(*state.slots(), Middle::Square).unwrap(),
                state,
            )
        };
        let (square, kite) = (svg(&state), svg(&other));
        assert_ne!(square, kite);
        assert_eq!(
            without_title_and_middle(&square),
            without_title_and_middle(&kite)
        );
        assert_eq!(count(&square, "<polygon "), 42);
        assert_eq!(count(&kite, "<polygon "), 43);
    }
    // The kite's right half shows the back and right colours at the front.
    let k = svg(&kite(solved()));
    let start = k.find("<g class=\"middle\">").unwrap();
    let bar = &k[start..start + k[start..].find("</g>").unwrap()];
    assert_eq!(
        attribute_values(bar, "fill"),
        ["#ff0000", "#ff8000", "#00ff00"]
    );
}

#[test]
fn silver_pictures_use_only_the_silver_palette() {
    let silver = Palette::silver();
    let allowed = [
        &silver.top,
        &silver.bottom,
        &silver.front,
        &silver.back,
        &silver.left,
        &silver.right,
        &silver.outline,
        &silver.seam,
    ];
    let mut seen = 0;
    for state in sample_states() {
        if state.colouring() != Colouring::Silver {
            continue;
        }
        seen += 1;
        let p = svg(&state);
        assert_eq!(p, svg_with(&state, &silver));
        for name in ["fill", "stroke"] {
            for v in attribute_values(&p, name) {
                assert!(allowed.iter().any(|a| a.as_str() == v), "{state}: {v}");
            }
        }
        // Identical-looking Silver puzzles give identical pictures.
        assert_eq!(svg(&state.to_silver()), p);
    }
    assert!(seen >= 25);
    // A six-colour state and its Silver view: the same shapes in Silver colours.
    let s = scrambled();
    let six = svg(&s);
    let two = svg(&s.to_silver());
    assert_ne!(six, two);
    assert_eq!(
        attribute_values(&six, "points"),
        attribute_values(&two, "points")
    );
    // A kite: the bar shows front (silver), back (black) and right (silver).
    assert_eq!(s.middle(), Middle::Kite);
    assert_eq!(fills(&two, "#c0c0c0"), 8 + 7 + 7);
    assert_eq!(fills(&two, "#202020"), 8 + 7 + 6);
}

#[test]
fn custom_palettes_are_used_and_escaped() {
    let palette = Palette {
        top: "gold".into(),
        outline: "#123456".into(),
        seam: "a\"b<c&".into(),
        ..Palette::default()
    };
    let p = svg_with(&solved(), &palette);
    assert_eq!(fills(&p, "gold"), 8);
    assert_eq!(fills(&p, "#ffff00"), 0);
    assert!(p.contains("stroke=\"#123456\""));
    assert!(p.contains("stroke=\"a&quot;b&lt;c&amp;\""));
    // A Silver state in the six-colour palette shows each identical pair as its lower piece.
    let s = svg_with(&State::solved(Colouring::Silver), &Palette::six_colour());
    assert_ne!(s, svg(&solved()));
    assert_eq!(count(&s, "fill="), 42);
    assert_eq!(fills(&s, "#0000ff"), 6);
}

#[test]
fn the_same_state_always_gives_the_same_bytes() {
    for state in sample_states() {
        let a = svg(&state);
        let text = state.to_string();
        let again = State::parse(&text).unwrap();
        assert_eq!(svg(&again), a, "{state}");
        assert_eq!(
            svg_with(&state, &Palette::for_colouring(state.colouring())),
            a
        );
        assert!(a.is_ascii());
        assert!(!a.contains('\r') && !a.contains('\t'));
    }
}

#[test]
fn committed_images_match_the_current_pictures() {
    for (name, picture) in images() {
        let path = images_dir().join(name);
        let committed = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e}; run `cargo test -p twisty --test svg -- --ignored regenerate_images`",
                path.display()
            )
        });
        assert!(
            committed == picture,
            "{} is out of date; run `cargo test -p twisty --test svg -- --ignored \
             regenerate_images`",
            path.display()
        );
    }
}

#[test]
#[ignore = "writes docs/images/; run on purpose"]
fn regenerate_images() {
    let dir = images_dir();
    std::fs::create_dir_all(&dir).unwrap();
    for (name, picture) in images() {
        std::fs::write(dir.join(name), picture).unwrap();
    }
}
