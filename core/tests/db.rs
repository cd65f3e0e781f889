//! The Silver-edition database: partial builds of both variants against the published and
//! independently searched level counts, queries, resume, cancellation and the bad-file matrix.

use std::collections::HashSet;
use std::path::Path;
use std::sync::OnceLock;

use twisty::ErrorKind;
use twisty::progress::{CancelToken, NoProgress, ProgressReport};
use twisty::sq1::db::index::Sym;
use twisty::sq1::db::{BuildOptions, Database, Variant, build, partial_path};
use twisty::sq1::{Colouring, MoveSeq, Notation, State, Tables};

/// Published by the Cube21 article (levels 1..12).
const ARTICLE: [u64; 12] = [
    1, 32, 536, 7652, 102204, 1296753, 15250126, 153335000, 1138303312, 4067633460, 1434709972,
    164952,
];

fn opts(variant: Variant, max_level: u32) -> BuildOptions {
    let mut o = BuildOptions::new(variant);
    o.max_level = max_level;
    o
}

/// Builds hold the whole table in memory (4.4 GiB, or 8.5 GiB with the middle layer): one at a
/// time in this test binary.
static BUILDING: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn built(dir: &Path, name: &str, variant: Variant, max_level: u32) -> Database {
    let path = dir.join(name);
    let _one = BUILDING.lock().unwrap_or_else(|e| e.into_inner());
    build(
        &path,
        &opts(variant, max_level),
        &mut NoProgress,
        &CancelToken::new(),
    )
    .unwrap();
    Database::open(&path).unwrap()
}

/// Partial databases shared by the tests of this file (each build writes a multi-GiB sparse
/// file, so each is built once per run): the article's model to level 6, the middle model to 5.
/// The files are deleted as soon as they are mapped: a static is never dropped, so a folder kept
/// here would outlive every run (gigabytes each); the mappings keep the data until exit.
struct Shared {
    article: Database,
    middle: Database,
}

fn shared() -> &'static Shared {
    static DBS: OnceLock<Shared> = OnceLock::new();
    DBS.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let article = built(dir.path(), "article.db", Variant::Article, 6);
        let middle = built(dir.path(), "middle.db", Variant::Middle, 5);
        dir.close().unwrap();
        Shared { article, middle }
    })
}

#[test]
fn article_levels_match_the_published_table() {
    let db = &shared().article;
    assert_eq!(&db.header().level_counts[1..=6], &ARTICLE[..6]);
    assert_eq!(db.header().completed_level, 6);
    assert!(!db.header().exhausted);
}

/// Class key independent of the slot numbering: the smallest text over all 288 symmetries.
fn class_key(s: &State, with_middle: bool) -> String {
    Sym::all()
        .map(|g| {
            let t = g.state(s).to_string();
            if with_middle { t } else { t[..25].to_string() }
        })
        .min()
        .unwrap()
}

/// Breadth-first search over unreduced Silver states (every rotation and flip told apart),
/// counted back to classes: no ranks, no representatives, no precomputed moves. The states at
/// depth d are those right after d twists; a class counts at the first depth one of its members
/// appears.
fn plain_levels(with_middle: bool, levels: usize) -> Vec<u64> {
    let solved = State::solved(Colouring::Silver);
    let mut seen: HashSet<State> = Sym::all().map(|g| g.state(&solved)).collect();
    let mut frontier: Vec<State> = seen.iter().copied().collect();
    let mut classes: HashSet<String> = HashSet::from([class_key(&solved, with_middle)]);
    let mut counts = vec![1u64];
    while counts.len() < levels {
        let mut next = Vec::new();
        for s in &frontier {
            for x in 0..12 {
                for y in 0..12 {
                    if let Ok(n) = s.turn(x, y).twist() {
                        let n = if with_middle {
                            n
                        } else {
                            State::from_slots(*n.slots(), twisty::sq1::Middle::Square).unwrap()
                        };
                        if seen.insert(n) {
                            next.push(n);
                        }
                    }
                }
            }
        }
        let new = next
            .iter()
            .filter(|s| classes.insert(class_key(s, with_middle)))
            .count();
        counts.push(new as u64);
        frontier = next;
    }
    counts
}

#[test]
fn middle_levels_match_an_independent_search() {
    let db = &shared().middle;
    let plain = plain_levels(true, 4);
    assert_eq!(plain, vec![1, 32, 568, 8189]);
    assert_eq!(&db.header().level_counts[1..=4], &plain[..]);
    // The same independent search reproduces the article's model too.
    assert_eq!(plain_levels(false, 4), ARTICLE[..4].to_vec());
    // Every class exists with both middles, so the middle model can only have more classes
    // per level early on, and never fewer reachable in total.
    let sum: u64 = db.header().level_counts[1..=5].iter().sum();
    assert!(sum > ARTICLE[..5].iter().sum::<u64>());
}

#[test]
fn solutions_are_shortest_and_solve() {
    let (article, middle) = (&shared().article, &shared().middle);
    let tables = Tables::new();
    let solved = State::solved(Colouring::Silver);
    let mut rng = twisty::rng::Rng::new(99);
    let mut checked = 0;
    while checked < 40 {
        // A random legal walk of at most 4 twists from solved (within both partial databases).
        let mut s = solved;
        for _ in 0..(1 + rng.below(4)) {
            loop {
                let (x, y) = (rng.below(12) as i32, rng.below(12) as i32);
                if let Ok(n) = s.turn(x, y).twist() {
                    s = n;
                    break;
                }
            }
        }
        s = s.turn(rng.below(12) as i32, rng.below(12) as i32);
        for (db, with_middle) in [(article, false), (middle, true)] {
            let d = db.distance(&s).unwrap();
            assert!(d <= 4);
            let sol = db.solve(&s).unwrap();
            assert_eq!(sol.twists(), d as usize);
            let mut end = s.apply(&sol.moves).unwrap();
            if sol.flipped {
                end = end.flip();
            }
            assert!(
                if with_middle {
                    end.is_solved()
                } else {
                    end.is_solved_ignoring_middle()
                },
                "{s}: {}",
                sol.to_wca()
            );
            // The article form (with its final `!`) solves exactly.
            let art = MoveSeq::parse(&sol.to_article(), Notation::Article).unwrap();
            let end2 = s.apply(&art).unwrap();
            assert!(if with_middle {
                end2.is_solved()
            } else {
                end2.is_solved_ignoring_middle()
            });
            // All shortest solutions: distinct, all of the same length, all solving.
            let all: Vec<_> = db
                .solutions(&s, 50)
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            assert!(!all.is_empty() && all.len() <= 50);
            assert!(all.contains(&sol), "the first solution is among all");
            let texts: HashSet<String> = all.iter().map(|x| x.to_wca()).collect();
            assert_eq!(texts.len(), all.len());
            for x in &all {
                assert_eq!(x.twists(), d as usize);
                let mut e = s.apply(&x.moves).unwrap();
                if x.flipped {
                    e = e.flip();
                }
                assert!(if with_middle {
                    e.is_solved()
                } else {
                    e.is_solved_ignoring_middle()
                });
            }
        }
        // The middle model is never shorter than the article's.
        assert!(middle.distance(&s).unwrap() >= article.distance(&s).unwrap());
        checked += 1;
    }
    // A deeper random state is beyond these partial databases, and they say so.
    let deep = tables.random_state(7, Colouring::Silver);
    let e = article.distance(&deep).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Database);
    assert!(
        e.message()
            .contains("deeper than this partial database, which holds levels 1..6"),
        "{e}"
    );
    let e = middle.distance(&deep).unwrap_err();
    assert!(
        e.message()
            .contains("which holds levels 1..5 (at most 4 twists)"),
        "{e}"
    );
    // Six-colour states are refused.
    let e = article
        .distance(&State::solved(Colouring::SixColour))
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidState);
}

#[test]
fn cancelled_build_resumes_to_the_same_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.db");
    let cancel = CancelToken::new();
    let mut o = opts(Variant::Article, 5);
    o.report_every = std::time::Duration::from_millis(1);
    o.checkpoint_after = std::time::Duration::ZERO; // save every level, so resuming reads one
    // Cancel from the progress callback once level 5 is under way.
    let c2 = cancel.clone();
    let mut cb = |r: &ProgressReport| {
        if r.level == 5 {
            c2.cancel();
        }
    };
    let one = BUILDING.lock().unwrap_or_else(|e| e.into_inner());
    let e = build(&path, &o, &mut cb, &cancel).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Cancelled);
    assert!(!path.exists() && partial_path(&path).exists());
    // The unfinished file is not a database.
    let e = Database::open(&partial_path(&path)).err().unwrap();
    assert!(e.message().contains("the build is not complete"), "{e}");
    let h = build(&path, &o, &mut NoProgress, &CancelToken::new()).unwrap();
    drop(one);
    assert_eq!(&h.level_counts[1..=5], &ARTICLE[..5]);
    assert!(path.exists() && !partial_path(&path).exists());
    Database::open(&path).unwrap().verify().unwrap();
}

#[test]
fn bad_files_are_refused_with_database_errors() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ok.db");
    built(dir.path(), "ok.db", Variant::Article, 2);
    let bytes = std::fs::read(&path).unwrap_or_default();
    let len = std::fs::metadata(&path).unwrap().len();
    let expect = |p: &Path, what: &str| {
        let e = Database::open(p).err().expect("must fail");
        assert_eq!(e.kind(), ErrorKind::Database, "{e}");
        assert!(e.message().contains(what), "{e}");
    };
    expect(&dir.path().join("missing.db"), "cannot open");
    // Work on copies of the header only, sized like the real file (sparse).
    let variant = |name: &str, f: &dyn Fn(&mut Vec<u8>), size: u64| {
        let p = dir.path().join(name);
        let mut h = bytes[..4096].to_vec();
        f(&mut h);
        std::fs::write(&p, &h).unwrap();
        std::fs::OpenOptions::new()
            .write(true)
            .open(&p)
            .unwrap()
            .set_len(size)
            .unwrap();
        p
    };
    expect(
        &variant("trunc.db", &|_| {}, len - 1),
        "truncated or padded",
    );
    expect(
        &variant("magic.db", &|h| h[0] = b'X', len),
        "not a twisty Silver database (bad magic)",
    );
    expect(
        &variant("version.db", &|h| h[8] = 9, len),
        "format version 9",
    );
    expect(
        &variant("sum.db", &|h| h[130] ^= 1, len),
        "header checksum mismatch",
    );
    let short = dir.path().join("short.db");
    std::fs::write(&short, &bytes[..100]).unwrap();
    expect(&short, "truncated header");
    // Wrong variant.
    let e = Database::open_variant(&path, Variant::Middle)
        .err()
        .unwrap();
    assert!(
        e.message()
            .contains("holds the article variant, middle was asked for"),
        "{e}"
    );
    // A flipped data byte: opens, but verify names the region.
    let mut f = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(&path)
        .unwrap();
    use std::io::{Seek, SeekFrom, Write};
    f.seek(SeekFrom::Start(4096 + 12345)).unwrap();
    f.write_all(&[0xEE]).unwrap();
    drop(f);
    let e = Database::open(&path).unwrap().verify().unwrap_err();
    assert!(
        e.message().contains("checksum mismatch in data region 0"),
        "{e}"
    );
}

#[test]
fn a_build_cancelled_before_it_starts_does_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("never.db");
    let cancel = CancelToken::new();
    cancel.cancel();
    let mut reports = 0;
    let e = build(
        &path,
        &opts(Variant::Article, 2),
        &mut |_: &ProgressReport| reports += 1,
        &cancel,
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Cancelled);
    assert_eq!(e.message(), "database build cancelled before it started");
    assert_eq!(reports, 0);
    assert!(!path.exists() && !partial_path(&path).exists());
}

#[test]
fn a_build_that_fails_removes_the_partial_file_it_created() {
    let dir = tempfile::tempdir().unwrap();
    // A destination that exists as a directory by the time the build renames into it.
    let path = dir.path().join("d.db");
    let p2 = path.clone();
    let mut once = false;
    let mut cb = |_: &ProgressReport| {
        if !once {
            std::fs::create_dir(&p2).unwrap();
            std::fs::write(p2.join("keep"), b"x").unwrap();
            once = true;
        }
    };
    let mut o = opts(Variant::Article, 2);
    o.report_every = std::time::Duration::from_millis(1);
    let one = BUILDING.lock().unwrap_or_else(|e| e.into_inner());
    let e = build(&path, &o, &mut cb, &CancelToken::new()).unwrap_err();
    drop(one);
    assert_eq!(e.kind(), ErrorKind::Database, "{e}");
    assert!(!partial_path(&path).exists(), "{e}");
    assert!(path.join("keep").exists());
}
