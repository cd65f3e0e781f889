//! The page in a real browser: headless Chromium (Debian's `chromium`, installed by
//! `scripts/install-build-deps.sh`) driven through the DevTools protocol against a server on an
//! ephemeral loopback port. A scramble is typed, solved and played step by step back to the
//! solved picture; errors show inline; the page fits a phone-sized window; the 3x3x3 page
//! solves a random cube. Screenshots go to `build/web-screenshots/`, and with
//! `TWISTY_SCREENSHOTS=docs` (`make screenshots`) to `docs/images/` for the README.
//!
//! Without a browser the test fails, naming the install script; `TWISTY_SKIP_BROWSER=1` skips
//! it.

use std::path::Path;
use std::time::Duration;

use serde_json::{Value, json};
use twisty::api as facade;
use twisty::progress::CancelToken;

#[path = "support/cdp.rs"]
mod cdp;
#[path = "support/web.rs"]
mod support;

const SOLVED: &str = "AAbCCdEEfGGh|iJJkLLmNNoPP|S";
const SCRAMBLE: &str = "(1,0)/ (3,0)/ (-1,-1)/ (3,3)/";
const LONG: Duration = Duration::from_secs(120);

fn save(name: &str, png: &[u8]) {
    assert!(png.starts_with(b"\x89PNG"), "{name} is not a PNG");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut dirs = vec![root.join("build/web-screenshots")];
    if std::env::var("TWISTY_SCREENSHOTS").as_deref() == Ok("docs") {
        dirs.push(root.join("docs/images"));
    }
    for dir in dirs {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(name), png).unwrap();
    }
}

fn picture(page: &mut cdp::Page) -> String {
    page.eval("document.getElementById('picture').innerHTML")
        .as_str()
        .unwrap()
        .to_string()
}

fn text(page: &mut cdp::Page, id: &str) -> String {
    let v = page.eval(&format!(
        "document.getElementById({}).textContent",
        json!(id)
    ));
    v.as_str().unwrap().to_string()
}

/// Clicks Next until it is disabled; each step must change the picture. Returns the steps.
fn play_to_the_end(page: &mut cdp::Page) -> usize {
    let mut steps = 0;
    let mut last = picture(page);
    while page.eval("document.getElementById('step-next').disabled") == json!(false) {
        page.click("#step-next");
        steps += 1;
        page.wait_for(
            &format!(
                "/^step {steps} of/.test(document.querySelector('#player .muted').textContent)"
            ),
            LONG,
        );
        let now = picture(page);
        assert!(now != last, "step {steps} left the picture as it was");
        last = now;
    }
    steps
}

#[test]
fn the_page_solves_a_typed_scramble_and_plays_the_solution_back_to_solved() {
    let Some(binary) = cdp::chromium_binary() else {
        if std::env::var_os("TWISTY_SKIP_BROWSER").is_some() {
            eprintln!("no browser: skipped (TWISTY_SKIP_BROWSER)");
            return;
        }
        panic!("no chromium: run scripts/install-build-deps.sh (or set TWISTY_CHROMIUM)");
    };
    let addr = support::spawn(support::config(Some(support::article_db())));
    let browser = cdp::Browser::launch(&binary);
    let mut page = browser.open(&format!("http://{addr}/"));
    page.wait_for("document.querySelector('#picture svg')", LONG);
    let solved = picture(&mut page);
    assert_eq!(text(&mut page, "solved-text"), "solved");

    // Typing a scramble redraws the picture with the engine's state.
    page.click("#moves");
    page.type_text(SCRAMBLE);
    let state = facade::sq1_apply(SOLVED, SCRAMBLE, 0).unwrap();
    let title = format!("<title>Square-1 {state}</title>");
    page.wait_for(
        &format!(
            "document.getElementById('picture').innerHTML.includes({})",
            json!(title)
        ),
        LONG,
    );
    let scrambled = picture(&mut page);
    assert!(scrambled != solved, "the picture changed");
    assert_eq!(
        text(&mut page, "shape"),
        facade::sq1_shape_name(&state).unwrap()
    );
    assert_eq!(text(&mut page, "solved-text"), "not solved");
    assert_eq!(text(&mut page, "current"), state);

    // Optimal solve: every optimal solution listed, as the library lists them.
    page.click("#solve");
    page.wait_for(
        "document.querySelectorAll('#solutions li').length > 0",
        LONG,
    );
    let shown =
        page.eval("[...document.querySelectorAll('#solutions .solution')].map(e => e.textContent)");
    let path = support::db_dir().join("sq1-solver.tbl");
    let solver =
        facade::sq1_solver_open(path.to_str().unwrap(), &mut |_| {}, &CancelToken::new()).unwrap();
    let want = facade::sq1_solutions(&solver, &state, 0, 200, 0, &CancelToken::new()).unwrap();
    let want: Vec<Value> = want.iter().map(|s| json!(s.wca)).collect();
    assert_eq!(shown, Value::Array(want.clone()));
    let summary = text(&mut page, "solve-summary");
    let twists = facade::sq1_moves_length(want[0].as_str().unwrap(), 0, 0).unwrap();
    assert!(
        summary.contains(&format!("of length {twists} (twist metric)")),
        "{summary}"
    );

    // Played step by step, the picture follows back to the solved one.
    page.click("#solutions li:first-child button.play");
    page.wait_for("document.getElementById('step-next')", LONG);
    assert!(
        picture(&mut page) == scrambled,
        "step 0 is the scrambled state"
    );
    page.click("#step-next");
    page.click("#step-next");
    page.wait_for(
        "/^step 2 of/.test(document.querySelector('#player .muted').textContent)",
        LONG,
    );
    save("web-sq1.png", &page.screenshot());
    page.click("#step-start");
    page.wait_for(
        "/^step 0 of/.test(document.querySelector('#player .muted').textContent)",
        LONG,
    );
    let steps = play_to_the_end(&mut page);
    let moves = twisty::sq1::MoveSeq::parse(want[0].as_str().unwrap(), twisty::sq1::Notation::Wca);
    assert_eq!(steps, moves.unwrap().len());
    assert!(
        picture(&mut page) == solved,
        "the last step is the solved picture"
    );
    page.click("#step-close");
    assert!(
        picture(&mut page) == scrambled,
        "closing the player shows the state again"
    );

    // An error is shown inline at its position; '/' is disabled with the engine's reason.
    page.click("#clear");
    page.click("#moves");
    page.type_text("(1,0)/ (x");
    page.wait_for("document.querySelector('#moves-error mark')", LONG);
    assert_eq!(
        page.eval("document.querySelector('#moves-error mark').textContent"),
        "x"
    );
    assert!(text(&mut page, "moves-error").starts_with("invalid_notation: at position 8"));
    page.click("#clear");
    page.click("button.turn[data-top='-1']");
    page.wait_for("document.getElementById('twist').disabled", LONG);
    assert!(text(&mut page, "twist-reason").contains("straddles the seam"));
    assert_eq!(
        page.eval("document.getElementById('moves').value"),
        "(-1,0)"
    );

    // The database panel: the level histogram of the partial file.
    page.wait_for("!document.getElementById('db').hidden", LONG);
    let levels = page.eval("document.querySelectorAll('#histogram [role=row]').length");
    assert_eq!(levels, 4);

    // A phone-sized window: nothing wider than the screen.
    page.resize(390, 844, true);
    page.wait_for("document.documentElement.scrollWidth <= 390", LONG);
    save("web-sq1-phone.png", &page.screenshot());
    page.resize(1100, 1300, false);

    // The 3x3x3 page: a random cube from a seed, solved two-phase, played back to solved.
    page.navigate(&format!("http://{addr}/cube3"));
    page.wait_for(
        "document.getElementById('current').textContent !== ''",
        LONG,
    );
    let solved_cube = picture(&mut page);
    // The engine's net picture, labelled with its cube.
    let label = page.eval("document.querySelector('#picture svg').getAttribute('aria-label')");
    assert!(
        label.as_str().unwrap().contains(&facade::cube3_solved()),
        "{label}"
    );
    page.click("#seed");
    page.type_text("7");
    page.click("#random");
    let cube = facade::cube3_random(7);
    page.wait_for(
        &format!(
            "document.getElementById('current').textContent === {}",
            json!(cube)
        ),
        LONG,
    );
    assert!(
        picture(&mut page) != solved_cube,
        "the random cube's picture"
    );
    page.click("#solve");
    page.wait_for(
        "document.querySelectorAll('#solutions li').length === 1",
        LONG,
    );
    let solution = page.eval("document.querySelector('#solutions .solution').textContent");
    let end = facade::cube3_apply(&cube, solution.as_str().unwrap()).unwrap();
    assert!(facade::cube3_is_solved(&end).unwrap(), "{solution}");
    page.click("#solutions li:first-child button.play");
    page.wait_for("document.getElementById('step-next')", LONG);
    let steps = play_to_the_end(&mut page);
    assert_eq!(
        steps,
        twisty::cube3::Alg::parse(solution.as_str().unwrap())
            .unwrap()
            .len()
    );
    assert!(
        picture(&mut page) == solved_cube,
        "the last step is the solved picture"
    );
    assert_eq!(text(&mut page, "solved-text"), "solved");
    save("web-cube3.png", &page.screenshot());
}
