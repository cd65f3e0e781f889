//! Replays the cross-runtime vectors in `tests/vectors/` through the text facade
//! (`twisty::api`), exactly as the Java and .NET suites replay them through their bridges.
//!
//! The `sq1_generated_*.tsv` files and `cube3_generated*.tsv` are written by this file's ignored
//! test:
//!
//!     cargo test -p twisty --test vectors -- --ignored regenerate
//!
//! and `generated_vectors_are_up_to_date` fails when they differ from what the engine computes
//! now (a behaviour change then shows up as a diff in review). The other files are written by hand
//! and pin expectations checked independently (by hand or by the published facts).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use twisty::api;
use twisty::rng::Rng;
use twisty::sq1::{Colouring, Move, MoveSeq, Notation, State, Tables};

fn vectors_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors")
}

fn notation_code(name: &str) -> i32 {
    match name {
        "wca" => 0,
        "article" => 1,
        other => panic!("unknown notation {other}"),
    }
}

fn colouring_code(name: &str) -> i32 {
    match name {
        "six" => 0,
        "silver" => 1,
        other => panic!("unknown colouring {other}"),
    }
}

fn count_code(name: &str) -> i32 {
    ["layer", "twistable", "rotation", "rotation_flip"]
        .iter()
        .position(|n| *n == name)
        .unwrap_or_else(|| panic!("unknown shape count {name}")) as i32
}

/// A comma-separated list of numbers (empty field: empty list).
fn list<T: std::str::FromStr>(field: &str) -> Vec<T> {
    field
        .split(',')
        .filter(|x| !x.is_empty())
        .map(|x| x.parse().ok().expect("number"))
        .collect()
}

/// Where the database vectors' files live (`$DB` in the vector files): `TWISTY_DB_DIR`, or
/// `build/vector-dbs` at the repository root. The Rust suite creates them; Java and .NET read
/// them (the Makefile runs the Rust tests first).
fn db_dir() -> PathBuf {
    std::env::var_os("TWISTY_DB_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../build/vector-dbs"))
}

/// Builds the partial databases and the bad files of `sq1_db*.tsv`, once per directory.
fn ensure_vector_dbs() -> PathBuf {
    use twisty::progress::{CancelToken, NoProgress};
    use twisty::sq1::db::{BuildOptions, Header, Status, Variant, build};
    static ONCE: std::sync::Mutex<bool> = std::sync::Mutex::new(false);
    let dir = db_dir();
    let mut done = ONCE.lock().unwrap();
    if *done {
        return dir;
    }
    std::fs::create_dir_all(&dir).unwrap();
    let build_one = |name: &str, variant: Variant, max_level: u32| {
        let path = dir.join(name);
        if !path.exists() {
            let mut o = BuildOptions::new(variant);
            o.max_level = max_level;
            build(&path, &o, &mut NoProgress, &CancelToken::new()).unwrap();
        }
        path
    };
    let article = build_one("article-4.db", Variant::Article, 4);
    build_one("middle-4.db", Variant::Middle, 4);
    let small = build_one("article-2.db", Variant::Article, 2);
    let header = std::fs::read(&article).unwrap()[..4096].to_vec();
    let len = std::fs::metadata(&article).unwrap().len();
    // Written under a temporary name and then renamed: another suite may have the existing ones
    // mapped.
    let rewrite = |name: &str, bytes: &[u8], size: u64| {
        let tmp = dir.join(format!("{name}.tmp"));
        std::fs::write(&tmp, bytes).unwrap();
        std::fs::OpenOptions::new()
            .write(true)
            .open(&tmp)
            .unwrap()
            .set_len(size)
            .unwrap();
        std::fs::rename(&tmp, dir.join(name)).unwrap();
    };
    // The database's damaged copies are made once.
    let write = |name: &str, bytes: &[u8], size: u64| {
        if !dir.join(name).exists() {
            rewrite(name, bytes, size);
        }
    };
    // The solver's table file and two damaged copies of its header.
    let solver_table = dir.join("sq1-solver.tbl");
    twisty::sq1::solve::Solver::open_or_build(&solver_table, &mut NoProgress, &CancelToken::new())
        .unwrap();
    let table_head = std::fs::read(&solver_table).unwrap()[..4096].to_vec();
    let table_len = std::fs::metadata(&solver_table).unwrap().len();
    // Its damaged copies are rewritten every time: its size changes with its format version.
    rewrite("sq1-solver-truncated.tbl", &table_head, table_len - 1);
    let mut h = table_head.clone();
    h[..8].copy_from_slice(b"NOTATBL!");
    rewrite("sq1-solver-bad-magic.tbl", &h, table_len);
    let mut h = table_head.clone();
    h[8] = 9;
    rewrite("sq1-solver-bad-version.tbl", &h, table_len);
    // The 3x3x3 two-phase solver's table file and its damaged copies, made the same way.
    let cube3_table = dir.join(CUBE3_TABLE);
    twisty::cube3::solve::Solver::open_or_build(&cube3_table, &mut NoProgress, &CancelToken::new())
        .unwrap();
    let bytes = std::fs::read(&cube3_table).unwrap();
    let (cube3_head, cube3_len) = (&bytes[..4096], bytes.len() as u64);
    rewrite("cube3-twophase-truncated.tbl", cube3_head, cube3_len - 1);
    let mut h = cube3_head.to_vec();
    h[..8].copy_from_slice(b"NOTATBL!");
    rewrite("cube3-twophase-bad-magic.tbl", &h, cube3_len);
    let mut h = cube3_head.to_vec();
    h[8] = 9;
    rewrite("cube3-twophase-bad-version.tbl", &h, cube3_len);
    // The optimal solver's small table (h0) and its damaged copies, made the same way.
    let optimal_table = dir.join(OPTIMAL_TABLE);
    twisty::cube3::optimal::Solver::open_or_build(
        &optimal_table,
        0,
        &mut NoProgress,
        &CancelToken::new(),
    )
    .unwrap();
    let bytes = std::fs::read(&optimal_table).unwrap();
    let (optimal_head, optimal_len) = (&bytes[..4096], bytes.len() as u64);
    rewrite("cube3-optimal-truncated.tbl", optimal_head, optimal_len - 1);
    let mut h = optimal_head.to_vec();
    h[..8].copy_from_slice(b"NOTATBL!");
    rewrite("cube3-optimal-bad-magic.tbl", &h, optimal_len);
    let mut h = optimal_head.to_vec();
    h[8] = 9;
    rewrite("cube3-optimal-bad-version.tbl", &h, optimal_len);
    write("truncated.db", &header, len - 1);
    let mut h = header.clone();
    h[..8].copy_from_slice(b"NOTADB!!");
    write("bad-magic.db", &h, len);
    let mut h = header.clone();
    h[8] = 9;
    write("bad-version.db", &h, len);
    let mut h = header.clone();
    h[130] ^= 1;
    write("bad-header-checksum.db", &h, len);
    let mut unfinished = Header::from_bytes(&header, "x").unwrap();
    unfinished.status = Status::Building;
    write("unfinished.db", &unfinished.to_bytes(), len);
    // Damaged complete files, each a sparse copy of the small database (only its non-zero
    // 64 KiB chunks are written) with one byte changed.
    let ranks = twisty::rank::sq1::Sq1Ranks::get();
    let byte_of = |state: &twisty::sq1::State| {
        let (slot, _) = twisty::sq1::db::class_index().slot_of(ranks, state);
        (4096 + slot / 2, slot % 2 == 0)
    };
    let (solved_byte, solved_low) =
        byte_of(&twisty::sq1::State::solved(twisty::sq1::Colouring::Silver));
    let set = |level: u8, low: bool| {
        move |b: u8| {
            if low {
                (b & 0xF0) | level
            } else {
                (b & 0x0F) | (level << 4)
            }
        }
    };
    // Data no longer matching its region's checksum: a byte of the solved state's region.
    damaged_copy(
        &small,
        &dir.join("corrupt-region.db"),
        solved_byte + 1,
        &|b| b ^ 0x11,
        false,
    );
    // Checksums that match (resealed), but levels the file cannot hold: the solved state at
    // level 9 of a file of levels 1..2, the solved state at level 2, and a state 3 twists away
    // at level 2 (no way down from it).
    damaged_copy(
        &small,
        &dir.join("corrupt-level.db"),
        solved_byte,
        &set(9, solved_low),
        true,
    );
    damaged_copy(
        &small,
        &dir.join("corrupt-solved.db"),
        solved_byte,
        &set(2, solved_low),
        true,
    );
    // Files that are not what a table or database path expects: a FIFO (opening it must not
    // block) and a text file (never overwritten).
    let fifo = dir.join("fifo");
    if std::fs::symlink_metadata(&fifo).is_err() {
        let c = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    }
    std::fs::write(dir.join("notes.txt"), NOTES).unwrap();
    // A folder of step tables whose EO file is a text file: refused, never replaced.
    let foreign = dir.join("steps-foreign");
    std::fs::create_dir_all(&foreign).unwrap();
    let eo = twisty::cube3::steps::Step::by_name("eofb").unwrap();
    std::fs::write(
        foreign.join(twisty::cube3::steps::StepTables::file_name(eo)),
        NOTES,
    )
    .unwrap();
    // Folders where a build's `.partial` file would go (a directory is refused on every
    // platform in the same words; Windows would say "access denied").
    for f in ["folder.tbl.partial", "folder.db.partial"] {
        std::fs::create_dir_all(dir.join(f)).unwrap();
    }
    let deep = dead_end_state();
    assert!(
        api::db_distance(
            &api::db_open(article.to_str().unwrap()).unwrap(),
            &deep.to_string()
        )
        .unwrap()
            >= 2
    );
    let (deep_byte, deep_low) = byte_of(&deep);
    damaged_copy(
        &small,
        &dir.join("corrupt-dead-end.db"),
        deep_byte,
        &set(2, deep_low),
        true,
    );
    *done = true;
    dir
}

/// The text file of the hostile-path rows: it must never be overwritten.
const NOTES: &str = "a user's notes, not a table\n";

/// The state of `corrupt-dead-end.db`: at least 2 twists from solved, stored there at level 2.
fn dead_end_state() -> twisty::sq1::State {
    let moves =
        twisty::sq1::MoveSeq::parse("(1,0)/ (3,3)/ (-1,0)/", twisty::sq1::Notation::Wca).unwrap();
    twisty::sq1::State::solved(twisty::sq1::Colouring::Silver)
        .apply(&moves)
        .unwrap()
}

/// Writes `dst` once: a sparse copy of the database `src` with the byte at `offset` replaced by
/// `change(byte)`; with `reseal`, the changed region's checksum (and the header's) are made to
/// match again.
fn damaged_copy(src: &Path, dst: &Path, offset: u64, change: &dyn Fn(u8) -> u8, reseal: bool) {
    use std::os::unix::fs::FileExt;
    use twisty::sq1::db::Header;
    if dst.exists() {
        return;
    }
    let tmp = dst.with_extension("tmp");
    let from = std::fs::File::open(src).unwrap();
    let to = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(true)
        .open(&tmp)
        .unwrap();
    let len = from.metadata().unwrap().len();
    to.set_len(len).unwrap();
    let mut buf = vec![0u8; 1 << 16];
    let mut off = 0;
    while off < len {
        let n = from.read_at(&mut buf, off).unwrap();
        if buf[..n].iter().any(|&b| b != 0) || off == 0 {
            to.write_all_at(&buf[..n], off).unwrap();
        }
        off += n as u64;
    }
    let mut b = [0u8; 1];
    from.read_exact_at(&mut b, offset).unwrap();
    to.write_all_at(&[change(b[0])], offset).unwrap();
    if reseal {
        let mut head = vec![0u8; 4096];
        to.read_exact_at(&mut head, 0).unwrap();
        let mut h = Header::from_bytes(&head, "copy").unwrap();
        let rb = h.region_bytes();
        let r = (offset - 4096) / rb;
        let mut region = vec![0u8; rb.min(h.data_bytes - r * rb) as usize];
        to.read_exact_at(&mut region, 4096 + r * rb).unwrap();
        h.region_checksums[r as usize] = xxhash_rust::xxh3::xxh3_64(&region);
        h.write_to(&to).unwrap();
    }
    drop(to);
    std::fs::rename(&tmp, dst).unwrap();
}

fn metric_code(name: &str) -> i32 {
    match name {
        "twist" => 0,
        "wca" => 1,
        "face" => 2,
        other => panic!("unknown metric {other}"),
    }
}

fn solve_text(s: &api::SolverSolutionText) -> String {
    format!("{}|{}|{}", s.wca, s.length, s.twists)
}

/// Solver handles, opened once per table file (open-existing semantics, as in Java and .NET).
fn solver_at(path: &str) -> twisty::Result<std::sync::Arc<twisty::sq1::solve::Solver>> {
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex};
    static OPEN: Mutex<Option<HashMap<String, Arc<twisty::sq1::solve::Solver>>>> = Mutex::new(None);
    let mut open = OPEN.lock().unwrap();
    let map = open.get_or_insert_with(HashMap::new);
    if let Some(s) = map.get(path) {
        return Ok(s.clone());
    }
    let s = api::sq1_solver_open_existing(path)?;
    map.insert(path.to_string(), s.clone());
    Ok(s)
}

/// The 3x3x3 solver's table file in the vector directory; `cube3_solve` rows use the solver
/// opened from it (once per run, shared, as in Java and .NET).
const CUBE3_TABLE: &str = "cube3-twophase.tbl";

/// The optimal solver's table file (size h0) in the vector directory; `cube3_optimal_solve`
/// rows use the solver opened from it.
const OPTIMAL_TABLE: &str = "cube3-optimal-h0.tbl";

/// Optimal-solver handles (size h0), opened once per table file with open-existing semantics.
fn optimal_solver_at(path: &str) -> twisty::Result<std::sync::Arc<twisty::cube3::optimal::Solver>> {
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex};
    type Open = HashMap<String, Arc<twisty::cube3::optimal::Solver>>;
    static OPEN: Mutex<Option<Open>> = Mutex::new(None);
    let mut open = OPEN.lock().unwrap();
    let map = open.get_or_insert_with(HashMap::new);
    if let Some(s) = map.get(path) {
        return Ok(s.clone());
    }
    let s = api::cube3_optimal_open_existing(path, 0)?;
    map.insert(path.to_string(), s.clone());
    Ok(s)
}

/// The step solver of `cube3_step_solve` rows: one handle on `$DB/steps`, shared by every row
/// (each step family's file built there on first use).
fn step_solver() -> std::sync::Arc<twisty::cube3::steps::StepSolver> {
    static ONE: std::sync::OnceLock<std::sync::Arc<twisty::cube3::steps::StepSolver>> =
        std::sync::OnceLock::new();
    ONE.get_or_init(|| api::cube3_steps_open(db_dir().join("steps").to_str().unwrap()))
        .clone()
}

/// A NISS mode written by name in the rows.
fn niss_code(name: &str) -> i32 {
    ["normal", "inverse", "linear", "mixed", "all"]
        .iter()
        .position(|n| *n == name)
        .unwrap_or_else(|| panic!("unknown NISS mode {name}")) as i32
}

/// 3x3x3 solver handles, opened once per table file with open-existing semantics.
fn cube3_solver_at(path: &str) -> twisty::Result<std::sync::Arc<twisty::cube3::solve::Solver>> {
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex};
    type Open = HashMap<String, Arc<twisty::cube3::solve::Solver>>;
    static OPEN: Mutex<Option<Open>> = Mutex::new(None);
    let mut open = OPEN.lock().unwrap();
    let map = open.get_or_insert_with(HashMap::new);
    if let Some(s) = map.get(path) {
        return Ok(s.clone());
    }
    let s = api::cube3_solver_open_existing(path)?;
    map.insert(path.to_string(), s.clone());
    Ok(s)
}

fn solution_text(s: &api::DatabaseSolutionText) -> String {
    format!("{}|{}|{}|{}", s.wca, s.article, s.twists, s.flipped)
}

/// Runs one op; `Ok` is the printed result. Panics (the test fails) on a malformed row.
fn run(tables: &Tables, op: &str, a: &[&str]) -> twisty::Result<String> {
    let arity = |n: usize| assert_eq!(a.len(), n, "op {op} takes {n} arguments");
    Ok(match op {
        "db_open" => {
            arity(1);
            twisty::sq1::db::Variant::from_code(api::db_variant(&*api::db_open(a[0])?))
                .unwrap()
                .name()
                .to_string()
        }
        "db_open_variant" => {
            arity(2);
            let v = match a[1] {
                "article" => twisty::sq1::db::Variant::Article,
                "middle" => twisty::sq1::db::Variant::Middle,
                other => panic!("unknown variant {other}"),
            };
            twisty::sq1::db::Database::open_variant(Path::new(a[0]), v)?
                .variant()
                .name()
                .to_string()
        }
        "db_level_counts" => {
            arity(1);
            api::db_level_counts(&*api::db_open(a[0])?)
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(",")
        }
        "db_is_full" => {
            arity(1);
            api::db_is_full(&*api::db_open(a[0])?).to_string()
        }
        "db_verify" => {
            arity(1);
            api::db_verify(&*api::db_open(a[0])?)?;
            String::new()
        }
        "db_distance" => {
            arity(2);
            api::db_distance(&*api::db_open(a[0])?, a[1])?.to_string()
        }
        "db_solve" => {
            arity(2);
            solution_text(&api::db_solve(&*api::db_open(a[0])?, a[1])?)
        }
        "db_solutions" => {
            arity(3);
            let it = api::db_solutions(api::db_open(a[0])?, a[1], a[2].parse().expect("limit"))?;
            it.map(|s| s.map(|s| s.to_wca()))
                .collect::<twisty::Result<Vec<_>>>()?
                .join(";")
        }
        "solved" => {
            arity(1);
            api::sq1_solved(colouring_code(a[0]))?
        }
        "parse_state" => {
            arity(1);
            api::sq1_parse_state(a[0])?
        }
        "apply" => {
            arity(3);
            api::sq1_apply(a[0], a[2], notation_code(a[1]))?
        }
        "convert" => {
            arity(3);
            api::sq1_moves_convert(a[0], notation_code(a[1]), notation_code(a[2]))?
        }
        "inverse" => {
            arity(2);
            api::sq1_moves_inverse(a[0], notation_code(a[1]))?
        }
        "is_solved" => {
            arity(2);
            api::sq1_is_solved(a[0], a[1] == "true")?.to_string()
        }
        "is_twistable" => {
            arity(1);
            api::sq1_is_twistable(a[0])?.to_string()
        }
        "middle_is_square" => {
            arity(1);
            api::sq1_middle_is_square(a[0])?.to_string()
        }
        "colouring" => {
            arity(1);
            Colouring::from_code(api::sq1_colouring(a[0])?)
                .unwrap()
                .name()
                .to_string()
        }
        "shape_name" => {
            arity(1);
            api::sq1_shape_name(a[0])?
        }
        "shape_index" => {
            arity(1);
            api::sq1_shape_index(a[0])?.to_string()
        }
        "equal_up_to_layer_rotation" => {
            arity(2);
            api::sq1_equal_up_to_layer_rotation(a[0], a[1])?.to_string()
        }
        "to_silver" => {
            arity(1);
            api::sq1_to_silver(a[0])?
        }
        "random_state" => {
            arity(2);
            api::sq1_random_state(tables, a[0].parse().expect("seed"), colouring_code(a[1]))?
        }
        "count_shapes" => {
            arity(1);
            api::sq1_count_shapes(tables, count_code(a[0]))?.to_string()
        }
        "twists_to_cube_shape" => {
            arity(1);
            api::sq1_twists_to_cube_shape(tables, a[0])?.to_string()
        }
        "rank_count" => {
            arity(1);
            api::rank_count(&list(a[0]))?.to_string()
        }
        "rank" => {
            arity(2);
            api::rank_rank(&list(a[0]), &list(a[1]))?.to_string()
        }
        "unrank" => {
            arity(2);
            let perm = api::rank_unrank(&list(a[0]), a[1].parse().expect("rank"))?;
            perm.iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(",")
        }
        "debug_panic" => {
            arity(1);
            let msg = a[0].to_string();
            // The hosts reach a panic inside a native call through their test-only hooks; here
            // the same message is raised and caught the way the bridges catch it.
            let caught = std::panic::catch_unwind(move || -> twisty::Result<()> {
                panic!("debug panic requested: {msg}")
            });
            let payload = caught.expect_err("debug_panic must panic");
            let text = payload
                .downcast_ref::<String>()
                .cloned()
                .expect("a String payload");
            return Err(twisty::Error::new(twisty::ErrorKind::Panic, text));
        }
        "solver_open" => {
            arity(1);
            solver_at(a[0])?;
            String::new()
        }
        "solve" | "solve_timeout" => {
            // `solve_timeout`: a fourth argument, the timeout in milliseconds.
            arity(if op == "solve" { 3 } else { 4 });
            let timeout = if op == "solve" {
                0
            } else {
                a[3].parse().expect("timeout")
            };
            let r = api::sq1_solve(
                &*solver_at(a[0])?,
                a[1],
                metric_code(a[2]),
                timeout,
                &mut |_| {},
                &twisty::progress::CancelToken::new(),
            )?;
            solve_text(&r)
        }
        "solutions" | "solutions_timeout" => {
            // `solutions_timeout`: a fifth argument, the timeout in milliseconds.
            arity(if op == "solutions" { 4 } else { 5 });
            let v = api::sq1_solutions(
                &*solver_at(a[0])?,
                a[1],
                metric_code(a[2]),
                a[3].parse().unwrap(),
                a.get(4).map_or(0, |t| t.parse().expect("timeout")),
                &twisty::progress::CancelToken::new(),
            )?;
            v.iter()
                .map(|x| x.wca.as_str())
                .collect::<Vec<_>>()
                .join(";")
        }
        "distance" => {
            arity(3);
            api::sq1_distance(&*solver_at(a[0])?, a[1], metric_code(a[2]))?.to_string()
        }
        "solve_fast" | "solve_fast_timeout" => {
            // `solve_fast_timeout`: a sixth argument, the timeout in milliseconds.
            arity(if op == "solve_fast" { 5 } else { 6 });
            let r = api::sq1_solve_fast(
                &*solver_at(a[0])?,
                a[1],
                metric_code(a[2]),
                a[3].parse().unwrap(),
                a[4].parse().unwrap(),
                a.get(5).map_or(0, |t| t.parse().expect("timeout")),
                &twisty::progress::CancelToken::new(),
            )?;
            solve_text(&r)
        }
        "scramble" => {
            arity(2);
            let r = api::sq1_scramble(&*solver_at(a[0])?, a[1].parse().unwrap())?;
            format!("{}|{}", r.scramble, r.state)
        }
        "moves_length" => {
            arity(3);
            api::sq1_moves_length(a[0], notation_code(a[1]), metric_code(a[2]))?.to_string()
        }
        "svg" => {
            arity(1);
            api::sq1_svg(a[0])?.replace('\n', "\\n")
        }
        "cube3_solved" => {
            arity(0);
            api::cube3_solved()
        }
        "cube3_parse" => {
            arity(1);
            api::cube3_parse(a[0])?
        }
        "cube3_apply" => {
            arity(2);
            api::cube3_apply(a[0], a[1])?
        }
        "cube3_from_moves" => {
            arity(1);
            api::cube3_from_moves(a[0])?
        }
        "cube3_inverse" => {
            arity(1);
            api::cube3_inverse(a[0])?
        }
        "cube3_compose" => {
            arity(2);
            api::cube3_compose(a[0], a[1])?
        }
        "cube3_is_solved" => {
            arity(1);
            api::cube3_is_solved(a[0])?.to_string()
        }
        "cube3_random" => {
            arity(1);
            api::cube3_random(a[0].parse().expect("seed"))
        }
        "cube3_svg" => {
            arity(1);
            api::cube3_svg(a[0])?.replace('\n', "\\n")
        }
        "cube3_moves_canonical" => {
            arity(1);
            api::cube3_moves_canonical(a[0])?
        }
        "cube3_moves_inverse" => {
            arity(1);
            api::cube3_moves_inverse(a[0])?
        }
        "cube3_step_names" => {
            arity(0);
            api::cube3_step_names().join(",")
        }
        "cube3_step_describe" => {
            arity(1);
            api::cube3_step_describe(a[0])?
        }
        "cube3_step_position" => {
            arity(2);
            api::cube3_step_position(a[0], a[1])?
        }
        "cube3_step_solve" => {
            arity(8);
            let n = |i: usize| a[i].parse::<i64>().expect("a number");
            let found = api::cube3_steps_solve(
                &step_solver(),
                a[0],
                a[1],
                niss_code(a[2]),
                n(3) as i32,
                n(4) as i32,
                n(5),
                n(6) as i32,
                n(7) as i32,
                0,
                None,
                &mut |_| {},
            )?;
            format!("{}|{}", found.len(), found.join(";"))
        }
        "cube3_step_prepare" => {
            arity(2);
            let solver = api::cube3_steps_open(a[0]);
            let cancel = twisty::progress::CancelToken::new();
            api::cube3_steps_prepare(&solver, a[1], &mut |_| {}, &cancel)?;
            String::new()
        }
        "cube3_moves_count" => {
            arity(1);
            api::cube3_moves_count(a[0])?.to_string()
        }
        "cube3_moves_same" => {
            arity(2);
            api::cube3_moves_same(a[0], a[1])?.to_string()
        }
        "cube3_variations" => {
            arity(2);
            let code = match a[0] {
                "unniss" => 0,
                "lastqt" => 1,
                other => panic!("unknown variation {other}"),
            };
            let v = api::cube3_variations(a[1], code)?;
            format!("{}|{}", v.len(), v.join(";"))
        }
        "cube3_solver_open" => {
            arity(1);
            cube3_solver_at(a[0])?;
            "true".to_string()
        }
        "cube3_solve" => {
            arity(2);
            let table = db_dir().join(CUBE3_TABLE);
            let solver = cube3_solver_at(&table.to_string_lossy())?;
            api::cube3_solve(&solver, a[0], a[1].parse().expect("max_length"), 0, None)?
        }
        "cube3_solve_timeout" => {
            arity(3);
            let table = db_dir().join(CUBE3_TABLE);
            let solver = cube3_solver_at(&table.to_string_lossy())?;
            let (max, ms) = (
                a[1].parse().expect("max_length"),
                a[2].parse().expect("timeout"),
            );
            api::cube3_solve(&solver, a[0], max, ms, None)?
        }
        "cube3_optimal_open" => {
            arity(1);
            optimal_solver_at(a[0])?;
            "true".to_string()
        }
        "cube3_optimal_open_size" => {
            arity(2);
            api::cube3_optimal_open_existing(a[0], a[1].parse().expect("size"))?;
            "true".to_string()
        }
        "cube3_optimal_default_path" => {
            arity(1);
            api::cube3_optimal_default_path(a[0].parse().expect("size"))?
        }
        "cube3_optimal_solve" | "cube3_optimal_solve_timeout" => {
            // `cube3_optimal_solve_timeout`: a sixth argument, the timeout in milliseconds.
            let plain = op == "cube3_optimal_solve";
            arity(if plain { 5 } else { 6 });
            let table = db_dir().join(OPTIMAL_TABLE);
            let solver = optimal_solver_at(&table.to_string_lossy())?;
            let n = |i: usize| a[i].parse::<i64>().expect("a number");
            let found = api::cube3_optimal_solve(
                &solver,
                a[0],
                n(1) as i32,
                n(2) as i32,
                n(3),
                n(4) as i32,
                if plain { 0 } else { n(5) },
                None,
                &mut |_| {},
            )?;
            format!("{}|{}", found.length, found.solutions.join(";"))
        }
        "solver_open_or_build" => {
            arity(1);
            let cancel = twisty::progress::CancelToken::new();
            api::sq1_solver_open(a[0], &mut |_| {}, &cancel)?;
            String::new()
        }
        "cube3_solver_open_or_build" => {
            arity(1);
            let cancel = twisty::progress::CancelToken::new();
            api::cube3_solver_open(a[0], &mut |_| {}, &cancel)?;
            String::new()
        }
        "file_text" => {
            arity(1);
            std::fs::read_to_string(a[0])
                .expect("file_text")
                .replace('\n', "\\n")
        }
        "db_build" => {
            arity(4);
            let variant = match a[1] {
                "article" => 0,
                "middle" => 1,
                other => panic!("unknown variant {other}"),
            };
            let cancel = twisty::progress::CancelToken::new();
            let (level, threads) = (
                a[2].parse().expect("max_level"),
                a[3].parse().expect("threads"),
            );
            api::db_build(a[0], variant, level, threads, &mut |_| {}, &cancel)?;
            String::new()
        }
        other => panic!("unknown op {other}"),
    })
}

fn expectation(r: &twisty::Result<String>) -> String {
    match r {
        Ok(v) => format!("ok:{v}"),
        Err(e) => format!("err:{}:{}:{}", e.kind().name(), e.code(), e.message()),
    }
}

#[test]
fn every_vector_file_replays() {
    let tables = Tables::new();
    let db_dir = ensure_vector_dbs();
    let mut files: Vec<PathBuf> = std::fs::read_dir(vectors_dir())
        .expect("tests/vectors")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "tsv"))
        // Negative counts and out-of-byte values: the Rust API's unsigned types cannot hold
        // them (the file pins the hosts' own messages).
        .filter(|p| !p.ends_with("host_arguments.tsv"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 3,
        "expected vector files in {}",
        vectors_dir().display()
    );
    let (mut rows, mut failures, mut transcript) = (0, Vec::new(), String::new());
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let line = line.replace("$DB", &db_dir.to_string_lossy());
            let fields: Vec<&str> = line.split('\t').collect();
            let (op, args, want) = (
                fields[0],
                &fields[1..fields.len() - 1],
                fields[fields.len() - 1],
            );
            if args.contains(&"\\N") {
                continue; // nulls exist only in Java and .NET
            }
            rows += 1;
            let got = expectation(&run(&tables, op, args));
            let name = file.file_name().unwrap().to_string_lossy();
            writeln!(
                transcript,
                "{name}:{}\t{}",
                n + 1,
                got.replace(&*db_dir.to_string_lossy(), "$DB")
            )
            .unwrap();
            if got != want {
                failures.push(format!(
                    "{}:{}: {op} {args:?}\n  want {want}\n  got  {got}",
                    file.display(),
                    n + 1
                ));
            }
        }
    }
    // The cross-runtime check (`make cross-test`) compares this transcript byte for byte with the
    // ones the Java and .NET suites write.
    if let Ok(path) = std::env::var("TWISTY_TRANSCRIPT_DIR") {
        std::fs::create_dir_all(&path).unwrap();
        std::fs::write(Path::new(&path).join("rust.txt"), transcript).unwrap();
    }
    assert!(
        failures.is_empty(),
        "{} of {rows} rows failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(rows > 200, "only {rows} rows");
}

/// A random legal walk of `twists` twists: each turn is redrawn until `/` is legal after it.
fn random_scramble(rng: &mut Rng, twists: usize) -> MoveSeq {
    let mut s = State::solved(Colouring::SixColour);
    let mut moves = Vec::new();
    for _ in 0..twists {
        loop {
            let (t, b) = (rng.below(12) as i8 - 5, rng.below(12) as i8 - 5);
            if (t, b) == (0, 0) {
                continue;
            }
            let turned = s.turn(t as i32, b as i32);
            if let Ok(next) = turned.twist() {
                moves.push(Move::Turn { top: t, bottom: b });
                moves.push(Move::Twist);
                s = next;
                break;
            }
        }
    }
    MoveSeq::new(moves)
}

fn generated_files() -> Vec<(&'static str, String)> {
    let tables = Tables::new();
    let solved = State::solved(Colouring::SixColour).to_string();
    let solved_silver = State::solved(Colouring::Silver).to_string();
    let mut rng = Rng::new(0x5EED);
    let header = "# Generated by `cargo test -p twisty --test vectors -- --ignored regenerate`; do not edit.\n";

    let mut scrambles = String::from(header);
    let mut notation = String::from(header);
    let mut queries = String::from(header);
    let mut states = Vec::new();
    for i in 0..24 {
        let seq = random_scramble(&mut rng, 1 + i % 12);
        let wca = seq.format(Notation::Wca).unwrap();
        let article = seq.format(Notation::Article).unwrap();
        let start = if i % 3 == 2 { &solved_silver } else { &solved };
        let end = api::sq1_apply(start, &wca, 0).unwrap();
        writeln!(scrambles, "apply\t{start}\twca\t{wca}\tok:{end}").unwrap();
        writeln!(scrambles, "apply\t{start}\tarticle\t{article}\tok:{end}").unwrap();
        let inv = api::sq1_moves_inverse(&wca, 0).unwrap();
        assert_eq!(
            &api::sq1_apply(&end, &inv, 0).unwrap(),
            start,
            "the inverse undoes {wca}"
        );
        writeln!(scrambles, "apply\t{end}\twca\t{inv}\tok:{start}").unwrap();
        writeln!(notation, "convert\t{wca}\twca\tarticle\tok:{article}").unwrap();
        writeln!(notation, "convert\t{article}\tarticle\twca\tok:{wca}").unwrap();
        writeln!(notation, "inverse\t{wca}\twca\tok:{inv}").unwrap();
        writeln!(
            notation,
            "inverse\t{article}\tarticle\tok:{}",
            api::sq1_moves_inverse(&article, 1).unwrap()
        )
        .unwrap();
        states.push(end);
    }

    let mut random = String::from(header);
    for seed in (0u64..16).chain([12345, 2026, u32::MAX as u64, u64::MAX - 1, u64::MAX]) {
        for colouring in ["six", "silver"] {
            let s = api::sq1_random_state(&tables, seed, colouring_code(colouring)).unwrap();
            writeln!(random, "random_state\t{seed}\t{colouring}\tok:{s}").unwrap();
            if colouring == "six" && seed < 8 {
                states.push(s);
            }
        }
    }

    let turned = api::sq1_apply(&solved, "(3,-3)", 0).unwrap();
    states.extend([solved.clone(), solved_silver.clone(), turned.clone()]);
    for s in &states {
        for ignore in ["false", "true"] {
            writeln!(
                queries,
                "is_solved\t{s}\t{ignore}\tok:{}",
                api::sq1_is_solved(s, ignore == "true").unwrap()
            )
            .unwrap();
        }
        writeln!(
            queries,
            "is_twistable\t{s}\tok:{}",
            api::sq1_is_twistable(s).unwrap()
        )
        .unwrap();
        writeln!(
            queries,
            "middle_is_square\t{s}\tok:{}",
            api::sq1_middle_is_square(s).unwrap()
        )
        .unwrap();
        let c = Colouring::from_code(api::sq1_colouring(s).unwrap())
            .unwrap()
            .name();
        writeln!(queries, "colouring\t{s}\tok:{c}").unwrap();
        writeln!(
            queries,
            "shape_name\t{s}\tok:{}",
            api::sq1_shape_name(s).unwrap()
        )
        .unwrap();
        writeln!(
            queries,
            "shape_index\t{s}\tok:{}",
            api::sq1_shape_index(s).unwrap()
        )
        .unwrap();
        writeln!(
            queries,
            "twists_to_cube_shape\t{s}\tok:{}",
            api::sq1_twists_to_cube_shape(&tables, s).unwrap()
        )
        .unwrap();
        writeln!(
            queries,
            "to_silver\t{s}\tok:{}",
            api::sq1_to_silver(s).unwrap()
        )
        .unwrap();
        writeln!(queries, "parse_state\t{s}\tok:{s}").unwrap();
        let rotated = api::sq1_apply(s, "(5,-2)", 0).unwrap();
        writeln!(
            queries,
            "equal_up_to_layer_rotation\t{s}\t{rotated}\tok:true"
        )
        .unwrap();
    }
    for pair in states.windows(2) {
        let eq = api::sq1_equal_up_to_layer_rotation(&pair[0], &pair[1]).unwrap();
        writeln!(
            queries,
            "equal_up_to_layer_rotation\t{}\t{}\tok:{eq}",
            pair[0], pair[1]
        )
        .unwrap();
    }
    // Database queries on the partial databases of ensure_vector_dbs (levels 1..4: 3 twists).
    let dir = ensure_vector_dbs();
    let mut dbq = String::from(header);
    let solved_silver_state = State::solved(Colouring::Silver);
    let mut db_states = vec![solved_silver_state, solved_silver_state.turn(3, -1)];
    for i in 0..12 {
        let seq = random_scramble(&mut rng, 1 + i % 3);
        db_states.push(
            solved_silver_state
                .apply(&seq)
                .unwrap()
                .turn(i as i32, 2 * i as i32),
        );
    }
    db_states.push(tables.random_state(5, Colouring::Silver)); // deeper than level 4
    for name in ["article-4.db", "middle-4.db"] {
        let path = dir.join(name).to_string_lossy().into_owned();
        let rel = format!("$DB/{name}");
        let fix =
            |r: twisty::Result<String>| expectation(&r).replace(&*dir.to_string_lossy(), "$DB");
        let db = api::db_open(&path).unwrap();
        writeln!(
            dbq,
            "db_open\t{rel}\t{}",
            fix(run(&tables, "db_open", &[&path]))
        )
        .unwrap();
        writeln!(
            dbq,
            "db_level_counts\t{rel}\t{}",
            fix(run(&tables, "db_level_counts", &[&path]))
        )
        .unwrap();
        writeln!(
            dbq,
            "db_is_full\t{rel}\t{}",
            fix(run(&tables, "db_is_full", &[&path]))
        )
        .unwrap();
        writeln!(
            dbq,
            "db_verify\t{rel}\t{}",
            fix(run(&tables, "db_verify", &[&path]))
        )
        .unwrap();
        for st in &db_states {
            let t = st.to_string();
            writeln!(
                dbq,
                "db_distance\t{rel}\t{t}\t{}",
                fix(run(&tables, "db_distance", &[&path, &t]))
            )
            .unwrap();
            writeln!(
                dbq,
                "db_solve\t{rel}\t{t}\t{}",
                fix(run(&tables, "db_solve", &[&path, &t]))
            )
            .unwrap();
            writeln!(
                dbq,
                "db_solutions\t{rel}\t{t}\t5\t{}",
                fix(run(&tables, "db_solutions", &[&path, &t, "5"]))
            )
            .unwrap();
            if let Ok(sol) = api::db_solve(&db, &t) {
                // Every solution vector is also checked here: it solves the state.
                let mut end = State::parse(&t)
                    .unwrap()
                    .apply(&MoveSeq::parse(&sol.wca, Notation::Wca).unwrap())
                    .unwrap();
                if sol.flipped {
                    end = end.flip();
                }
                assert!(
                    end.is_solved_ignoring_middle(),
                    "{name}: {t} by {}",
                    sol.wca
                );
            }
        }
    }
    let solver_rows = solver_vectors(header);
    let cube3_rows = cube3_vectors(header, &tables);
    let cube3_solver_rows = cube3_solver_vectors(header, &tables);
    let optimal_rows = cube3_optimal_vectors(header, &tables);
    let step_rows = cube3_step_vectors(header, &tables);
    vec![
        ("cube3_generated_steps.tsv", step_rows),
        ("cube3_generated.tsv", cube3_rows),
        ("cube3_generated_solver.tsv", cube3_solver_rows),
        ("cube3_generated_optimal.tsv", optimal_rows),
        ("sq1_generated_solver.tsv", solver_rows),
        ("sq1_generated_db.tsv", dbq),
        ("sq1_generated_scrambles.tsv", scrambles),
        ("sq1_generated_notation.tsv", notation),
        ("sq1_generated_random.tsv", random),
        ("sq1_generated_queries.tsv", queries),
    ]
}

/// Solver rows: states a few twists from solved (every metric answers quickly), scrambles,
/// pictures, lengths and the error cases.
fn solver_vectors(header: &str) -> String {
    let tables = Tables::new();
    let dir = ensure_vector_dbs();
    let path = dir.join("sq1-solver.tbl").to_string_lossy().to_string();
    let rel = "$DB/sq1-solver.tbl";
    let fix = |r: twisty::Result<String>| expectation(&r).replace(&*dir.to_string_lossy(), "$DB");
    let mut out = String::from(header);
    let mut row = |op: &str, args: &[&str]| {
        let shown: Vec<String> = args
            .iter()
            .map(|a| {
                a.replace(&path, rel)
                    .replace(&*dir.to_string_lossy(), "$DB")
            })
            .collect();
        writeln!(
            out,
            "{op}\t{}\t{}",
            shown.join("\t"),
            fix(run(&tables, op, args))
        )
        .unwrap();
    };
    for f in [
        "sq1-solver.tbl",
        "sq1-solver-truncated.tbl",
        "sq1-solver-bad-magic.tbl",
        "sq1-solver-bad-version.tbl",
        "no-such-file.tbl",
    ] {
        row("solver_open", &[&dir.join(f).to_string_lossy()]);
    }
    let solved = State::solved(Colouring::SixColour).to_string();
    let mut rng = Rng::new(0x50_1E);
    let mut states = vec![
        solved.clone(),
        State::solved(Colouring::SixColour).turn(1, -3).to_string(),
    ];
    for i in 0..8 {
        let seq = random_scramble(&mut rng, 1 + i % 4);
        states.push(api::sq1_apply(&solved, &seq.format(Notation::Wca).unwrap(), 0).unwrap());
    }
    for (i, st) in states.iter().enumerate() {
        for m in ["twist", "wca", "face"] {
            row("solve", &[&path, st, m]);
        }
        row("distance", &[&path, st, "twist"]);
        row(
            "solutions",
            &[&path, st, if i % 2 == 0 { "twist" } else { "wca" }, "4"],
        );
        row("solve_fast", &[&path, st, "face", "0", "20000"]);
        row("solve_fast", &[&path, st, "wca", "30", "0"]);
    }
    // Uniform random states: the default node limit, and one node, where neither the state's
    // search nor the turned-over one finds a face-turn phase 2 and both ends are completed.
    for seed in 0..3 {
        let st = api::sq1_random_state(&tables, seed, 0).unwrap();
        let default_limit = twisty::sq1::solve::twophase::DEFAULT_NODE_LIMIT.to_string();
        row("solve_fast", &[&path, &st, "face", "0", &default_limit]);
        row("solve_fast", &[&path, &st, "face", "0", "1"]);
    }
    for seed in ["0", "1", "2026", "18446744073709551615"] {
        row("scramble", &[&path, seed]);
    }
    for (moves, n) in [
        ("(1,0)/ (-1,3)/ (0,3)", "wca"),
        ("(1,0)/(-3,3)/", "article"),
        ("", "wca"),
        ("(7,0)", "wca"),
        ("/!", "article"),
    ] {
        for m in ["twist", "wca", "face"] {
            row("moves_length", &[moves, n, m]);
        }
    }
    let silver = State::solved(Colouring::Silver).to_string();
    row("solve", &[&path, &silver, "twist"]);
    row("solve_fast", &[&path, &silver, "face", "0", "0"]);
    row("solutions", &[&path, &solved, "twist", "0"]);
    row("solve", &[&path, "AAbCCdEEfGGh|iJJkLLmNNoPP", "twist"]);
    row(
        "solve",
        &[
            &dir.join("no-such-file.tbl").to_string_lossy(),
            &solved,
            "twist",
        ],
    );
    row("svg", &[&solved]);
    row("svg", &[&states[4]]);
    row("svg", &[&silver]);
    row("svg", &["AAbCCdEEfGGh|iJJkLLmNNoPP|X"]);
    out
}

#[test]
fn generated_vectors_are_up_to_date() {
    for (name, want) in generated_files() {
        let path = vectors_dir().join(name);
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            have == want,
            "{} is stale: run `cargo test -p twisty --test vectors -- --ignored regenerate` and review the diff",
            path.display()
        );
    }
}

#[test]
#[ignore = "writes tests/vectors/sq1_generated_*.tsv and cube3_generated*.tsv"]
fn regenerate() {
    for (name, text) in generated_files() {
        std::fs::write(vectors_dir().join(name), text).unwrap();
    }
}

// ---- The 3x3x3 cube model ----------------------------------------------------------------------

/// An independent 3x3x3 model for checking the generated `cube3_*` rows: 54 labelled stickers
/// moved by 3D quarter turns, and its own reading and writing of nissy's B32 format. It shares no
/// code with `twisty::cube3` (only the documented conventions: nissy's piece order and letters,
/// the orientation list, the twist and flip references), and `simulator_reproduces_nissy_vectors`
/// pins it to nissy's own data in `cube3_b32_basics.tsv` before it is trusted with anything else.
mod sim {
    pub type V = [i32; 3];

    /// Face letters and their outward normals (x towards R, y towards U, z towards F).
    const FACES: [(char, V); 6] = [
        ('U', [0, 1, 0]),
        ('D', [0, -1, 0]),
        ('R', [1, 0, 0]),
        ('L', [-1, 0, 0]),
        ('F', [0, 0, 1]),
        ('B', [0, 0, -1]),
    ];
    /// nissy's corner and edge positions; the first letter names the reference facelet.
    const CORNERS: [&str; 8] = ["UFR", "UBL", "DFL", "DBR", "UFL", "UBR", "DFR", "DBL"];
    const EDGES: [&str; 12] = [
        "UF", "UB", "DB", "DF", "UR", "UL", "DL", "DR", "FR", "FL", "BL", "BR",
    ];
    /// The 24 orientations: centre on top, centre in front.
    const ORIENTATIONS: [&str; 24] = [
        "UF", "UR", "UB", "UL", "DF", "DR", "DB", "DL", "RF", "RD", "RB", "RU", "LF", "LD", "LB",
        "LU", "FD", "FR", "FU", "FL", "BD", "BR", "BU", "BL",
    ];

    fn normal(face: char) -> V {
        FACES.iter().find(|f| f.0 == face).unwrap().1
    }

    fn face(n: V) -> char {
        FACES.iter().find(|f| f.1 == n).unwrap().0
    }

    fn add(a: V, b: V) -> V {
        [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
    }

    fn dot(a: V, b: V) -> i32 {
        a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
    }

    fn cross(a: V, b: V) -> V {
        [
            a[1] * b[2] - a[2] * b[1],
            a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0],
        ]
    }

    fn position(name: &str) -> V {
        name.chars().map(normal).fold([0, 0, 0], add)
    }

    /// The 54 sticker slots: (cubie position, facelet normal).
    fn slots() -> &'static [(V, V)] {
        static SLOTS: std::sync::OnceLock<Vec<(V, V)>> = std::sync::OnceLock::new();
        SLOTS.get_or_init(all_slots)
    }

    fn all_slots() -> Vec<(V, V)> {
        let mut v = Vec::new();
        for x in -1..=1 {
            for y in -1..=1 {
                for z in -1..=1 {
                    let p = [x, y, z];
                    for axis in 0..3 {
                        if p[axis] != 0 {
                            let mut n = [0; 3];
                            n[axis] = p[axis];
                            v.push((p, n));
                        }
                    }
                }
            }
        }
        assert_eq!(v.len(), 54);
        v
    }

    fn slot(p: V, n: V) -> usize {
        slots().iter().position(|&s| s == (p, n)).unwrap()
    }

    /// A cube: `state[s]` is the home slot of the sticker now at slot `s`.
    #[derive(Clone, PartialEq, Eq, Debug)]
    pub struct Sim(Vec<usize>);

    /// A clockwise quarter turn about the outward normal `a`: `v -> a (a.v) - a x v`.
    fn quarter(a: V, v: V) -> V {
        let k = dot(a, v);
        let c = cross(a, v);
        [a[0] * k - c[0], a[1] * k - c[1], a[2] * k - c[2]]
    }

    /// A rigid map of every sticker: the sticker at `(p, n)` goes to `(f(p), f(n))`.
    fn rigid(state: &Sim, f: impl Fn(V) -> V, moves: impl Fn(V) -> bool) -> Sim {
        let all = slots();
        let mut next = state.0.clone();
        for (s, &(p, n)) in all.iter().enumerate() {
            if moves(p) {
                next[slot(f(p), f(n))] = state.0[s];
            }
        }
        Sim(next)
    }

    /// One move: kind (`U`, `Uw`, `M`, `x`, ...) and 1..3 quarter turns.
    #[derive(Clone, Debug)]
    pub struct Mv(pub String, pub u8);

    impl Mv {
        fn text(&self) -> String {
            let suffix = ["", "", "2", "'"][self.1 as usize];
            format!("{}{suffix}", self.0)
        }
    }

    /// The axis normal a move turns about and the layers (coordinates along that normal) it moves.
    fn geometry(kind: &str) -> (V, Vec<i32>) {
        let k: Vec<char> = kind.chars().collect();
        match (k[0], k.get(1)) {
            (f @ ('U' | 'D' | 'R' | 'L' | 'F' | 'B'), None) => (normal(f), vec![1]),
            (f @ ('U' | 'D' | 'R' | 'L' | 'F' | 'B'), Some('w')) => (normal(f), vec![0, 1]),
            ('M', None) => (normal('L'), vec![0]),
            ('E', None) => (normal('D'), vec![0]),
            ('S', None) => (normal('F'), vec![0]),
            ('x', None) => (normal('R'), vec![-1, 0, 1]),
            ('y', None) => (normal('U'), vec![-1, 0, 1]),
            ('z', None) => (normal('F'), vec![-1, 0, 1]),
            _ => panic!("no move {kind}"),
        }
    }

    impl Sim {
        pub fn solved() -> Sim {
            Sim((0..54).collect())
        }

        pub fn turn(&self, m: &Mv) -> Sim {
            let (axis, layers) = geometry(&m.0);
            let mut s = self.clone();
            for _ in 0..m.1 {
                s = rigid(&s, |v| quarter(axis, v), |p| layers.contains(&dot(p, axis)));
            }
            s
        }

        /// `self`, then the slot permutation of `b` (the moves that made `b`).
        pub fn then(&self, b: &Sim) -> Sim {
            Sim(b.0.iter().map(|&h| self.0[h]).collect())
        }

        pub fn inverse(&self) -> Sim {
            let mut inv = vec![0; 54];
            for (s, &h) in self.0.iter().enumerate() {
                inv[h] = s;
            }
            Sim(inv)
        }

        /// The home normal of the sticker at slot `(p, n)`.
        fn colour(&self, p: V, n: V) -> V {
            slots()[self.0[slot(p, n)]].1
        }

        fn home_position(&self, p: V, n: V) -> V {
            slots()[self.0[slot(p, n)]].0
        }

        /// The same cube turned as a whole so that every centre is at home, and the orientation.
        fn in_centres_frame(&self) -> (Sim, usize) {
            let top = self.colour(normal('U'), normal('U'));
            let front = self.colour(normal('F'), normal('F'));
            let name: String = [face(top), face(front)].iter().collect();
            let o = ORIENTATIONS.iter().position(|&x| x == name).unwrap();
            // The rotation taking U to `top` and F to `front` (its columns: x, y, z images).
            let cols = [cross(top, front), top, front];
            let m = |v: V| -> V {
                let mut r = [0; 3];
                for (i, c) in cols.iter().enumerate() {
                    for j in 0..3 {
                        r[j] += c[j] * v[i];
                    }
                }
                r
            };
            (rigid(self, m, |_| true), o)
        }

        pub fn is_solved(&self) -> bool {
            let (s, _) = self.in_centres_frame();
            s == Sim::solved()
        }

        /// Clockwise (seen from outside the corner at `p`) neighbour of facelet `a`.
        fn cw(p: V, faces: &[V], a: V) -> V {
            *faces
                .iter()
                .find(|&&b| b != a && dot(cross(a, b), p) < 0)
                .unwrap()
        }

        fn corner_faces_cw(name: &str) -> [V; 3] {
            let p = position(name);
            let faces: Vec<V> = name.chars().map(normal).collect();
            let a = faces[0];
            let b = Sim::cw(p, &faces, a);
            [a, b, Sim::cw(p, &faces, b)]
        }

        pub fn to_b32(&self) -> String {
            let (s, o) = self.in_centres_frame();
            let letter = |v: usize| {
                assert!(v < 32);
                if v < 26 {
                    (b'A' + v as u8) as char
                } else {
                    (b'a' + v as u8 - 26) as char
                }
            };
            let mut out = String::new();
            for name in CORNERS {
                let p = position(name);
                let cw = Sim::corner_faces_cw(name);
                let piece = CORNERS
                    .iter()
                    .position(|&c| position(c) == s.home_position(p, cw[0]))
                    .unwrap();
                let twist = (0..3).find(|&k| s.colour(p, cw[k])[1] != 0).unwrap();
                out.push(letter(piece + 8 * twist));
            }
            out.push('=');
            for name in EDGES {
                let p = position(name);
                let faces: Vec<V> = name.chars().map(normal).collect();
                let piece = EDGES
                    .iter()
                    .position(|&e| position(e) == s.home_position(p, faces[0]))
                    .unwrap();
                let reference = normal(EDGES[piece].chars().next().unwrap());
                let flip = usize::from(s.colour(p, faces[0]) != reference);
                out.push(letter(piece + 16 * flip));
            }
            out.push('=');
            out.push(letter(o));
            out
        }

        /// The 54 stickers as the letters of their home faces, face by face in the order
        /// U R F D L B, each row by row as the net shows it: (face, neighbour at the top of the
        /// picture, neighbour on its right), the usual net (and Kociemba's facelet order).
        pub fn facelets(&self) -> String {
            const VIEWS: [(char, char, char); 6] = [
                ('U', 'B', 'R'),
                ('R', 'U', 'B'),
                ('F', 'U', 'R'),
                ('D', 'F', 'R'),
                ('L', 'U', 'F'),
                ('B', 'U', 'L'),
            ];
            let scale = |v: V, k: i32| [v[0] * k, v[1] * k, v[2] * k];
            let mut s = String::new();
            for (f, up, right) in VIEWS {
                let (n, u, r) = (normal(f), normal(up), normal(right));
                for row in 0..3 {
                    for col in 0..3 {
                        let p = add(n, add(scale(u, 1 - row), scale(r, col - 1)));
                        s.push(face(self.colour(p, n)));
                    }
                }
            }
            s
        }

        /// Reads a (valid) B32 text: pieces placed in the standard frame, then the whole cube
        /// turned into its orientation.
        pub fn from_b32(text: &str) -> Sim {
            let v: Vec<usize> = text
                .chars()
                .map(|c| match c {
                    'A'..='Z' => c as usize - 'A' as usize,
                    'a'..='f' => c as usize - 'a' as usize + 26,
                    _ => usize::MAX,
                })
                .collect();
            assert_eq!(v.len(), 23, "{text}");
            let mut s = Sim::solved();
            for (i, name) in CORNERS.iter().enumerate() {
                let (piece, twist) = (v[i] % 8, v[i] / 8);
                let here = Sim::corner_faces_cw(name);
                let home = Sim::corner_faces_cw(CORNERS[piece]);
                for k in 0..3 {
                    s.0[slot(position(name), here[(k + twist) % 3])] =
                        slot(position(CORNERS[piece]), home[k]);
                }
            }
            for (i, name) in EDGES.iter().enumerate() {
                let (piece, flip) = (v[9 + i] % 16, v[9 + i] / 16);
                let here: Vec<V> = name.chars().map(normal).collect();
                let home: Vec<V> = EDGES[piece].chars().map(normal).collect();
                for k in 0..2 {
                    s.0[slot(position(name), here[(k + flip) % 2])] =
                        slot(position(EDGES[piece]), home[k]);
                }
            }
            let o: Vec<V> = ORIENTATIONS[v[22]].chars().map(normal).collect();
            let (top, front) = (o[0], o[1]);
            // The inverse (transpose) of the rotation taking U to `top` and F to `front`.
            let rows = [cross(top, front), top, front];
            let back = |p: V| [dot(rows[0], p), dot(rows[1], p), dot(rows[2], p)];
            rigid(&s, back, |_| true)
        }
    }

    /// Reads an algorithm (valid input only): normal moves and the moves in parentheses.
    pub fn parse(text: &str) -> (Vec<Mv>, Vec<Mv>) {
        let c: Vec<char> = text.chars().collect();
        let (mut normal, mut inverse, mut inside, mut i) = (vec![], vec![], false, 0);
        while i < c.len() {
            match c[i] {
                ' ' | '\t' => i += 1,
                '(' => (inside, i) = (true, i + 1),
                ')' => (inside, i) = (false, i + 1),
                k => {
                    assert!("UDRLFBMSExyz".contains(k), "{text}");
                    let mut kind = k.to_string();
                    i += 1;
                    if "UDRLFB".contains(k) && c.get(i) == Some(&'w') {
                        kind.push('w');
                        i += 1;
                    }
                    let amount = match c.get(i) {
                        Some('2') if c.get(i + 1) == Some(&'\'') => (2, 2),
                        Some('2') => (2, 1),
                        Some('\'') | Some('3') => (3, 1),
                        _ => (1, 0),
                    };
                    i += amount.1;
                    let m = Mv(kind, amount.0);
                    if inside {
                        inverse.push(m);
                    } else {
                        normal.push(m);
                    }
                }
            }
        }
        (normal, inverse)
    }

    fn join(moves: &[Mv]) -> String {
        moves.iter().map(Mv::text).collect::<Vec<_>>().join(" ")
    }

    pub fn canonical(text: &str) -> String {
        let (n, i) = parse(text);
        match (n.is_empty(), i.is_empty()) {
            (_, true) => join(&n),
            (true, false) => format!("({})", join(&i)),
            (false, false) => format!("{} ({})", join(&n), join(&i)),
        }
    }

    fn undo(moves: &[Mv]) -> Vec<Mv> {
        moves
            .iter()
            .rev()
            .map(|m| Mv(m.0.clone(), 4 - m.1))
            .collect()
    }

    pub fn inverse_text(text: &str) -> String {
        let (n, i) = parse(text);
        let mut all = undo(&n);
        all.extend(i);
        join(&all)
    }

    /// The cube of an algorithm: the inverse part undone from solved, then the normal moves.
    pub fn from_alg(text: &str) -> Sim {
        let (n, i) = parse(text);
        undo(&i)
            .iter()
            .chain(&n)
            .fold(Sim::solved(), |s, m| s.turn(m))
    }

    /// nissy's application of a sequence to a cube: the inverse moves are premoves.
    pub fn apply(start: &str, text: &str) -> String {
        let (n, i) = parse(text);
        let premoves = undo(&i).iter().fold(Sim::solved(), |s, m| s.turn(m));
        let after = n.iter().fold(Sim::from_b32(start), |s, m| s.turn(m));
        premoves.then(&after).to_b32()
    }
}

/// The rows of `cube3_b32_basics.tsv` (nissy's data): (op, args, expectation).
fn cube3_basics() -> Vec<(String, Vec<String>, String)> {
    let text = std::fs::read_to_string(vectors_dir().join("cube3_b32_basics.tsv")).unwrap();
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[0].to_string(),
                f[1..f.len() - 1].iter().map(|x| x.to_string()).collect(),
                f[f.len() - 1].to_string(),
            )
        })
        .collect()
}

#[test]
fn simulator_reproduces_nissy_vectors() {
    let mut checked = 0;
    for (op, args, want) in cube3_basics() {
        let want = want.strip_prefix("ok:").expect("basics rows succeed");
        match op.as_str() {
            "cube3_apply" => {
                assert_eq!(sim::apply(&args[0], &args[1]), want, "{}", args[1]);
            }
            "cube3_from_moves" => assert_eq!(sim::from_alg(&args[0]).to_b32(), want),
            "cube3_parse" => assert_eq!(sim::Sim::from_b32(&args[0]).to_b32(), want),
            _ => continue,
        }
        checked += 1;
    }
    assert!(checked >= 50, "{checked}");
    // Facts independent of nissy: the superflip, the order of the sexy move, NISS, slices.
    let superflip = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2";
    assert_eq!(sim::from_alg(superflip).to_b32(), "ABCDEFGH=QRSTUVWXYZab=A");
    let sexy = sim::from_alg("R U R' U'");
    let mut c = sim::Sim::solved();
    for i in 1..=6 {
        c = c.then(&sexy);
        assert_eq!(c == sim::Sim::solved(), i == 6);
    }
    assert_eq!(sim::from_alg("R (U) F"), sim::from_alg("U' R F"));
    assert_eq!(sim::from_alg("x"), sim::from_alg("R M' L'"));
    assert_eq!(sim::from_alg("Rw"), sim::from_alg("L x"));
    assert!(sim::from_alg("x y z'").is_solved());
    // The model's stickers: R brings F's right column up to U and U's down the back.
    let solved: String = "URFDLB"
        .chars()
        .flat_map(|f| std::iter::repeat_n(f, 9))
        .collect();
    assert_eq!(sim::Sim::solved().facelets(), solved);
    let r = sim::from_alg("R").facelets();
    assert_eq!((&r[0..9], &r[45..54]), ("UUFUUFUUF", "UBBUBBUBB"));
    assert!(!sim::from_alg("M").is_solved());
}

/// A random cube drawn by the procedure `Cube::random` documents, written as B32 here.
fn cube3_random_by_hand(seed: u64) -> String {
    let odd = |p: &[usize]| {
        (0..p.len())
            .flat_map(|i| (i + 1..p.len()).map(move |j| (i, j)))
            .filter(|&(i, j)| p[i] > p[j])
            .count()
            % 2
    };
    let mut rng = Rng::new(seed);
    let mut cp: Vec<usize> = (0..8).collect();
    let mut ep: Vec<usize> = (0..12).collect();
    rng.shuffle(&mut cp);
    rng.shuffle(&mut ep);
    if odd(&cp) != odd(&ep) {
        ep.swap(10, 11);
    }
    let mut co: Vec<usize> = (0..7).map(|_| rng.below(3) as usize).collect();
    co.push((3 - co.iter().sum::<usize>() % 3) % 3);
    let mut eo: Vec<usize> = (0..11).map(|_| rng.below(2) as usize).collect();
    eo.push(eo.iter().sum::<usize>() % 2);
    const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef";
    let letter = |v: usize| LETTERS[v] as char;
    let corners: String = (0..8).map(|i| letter(cp[i] + 8 * co[i])).collect();
    let edges: String = (0..12).map(|i| letter(ep[i] + 16 * eo[i])).collect();
    format!("{corners}={edges}=A")
}

/// `cube3_generated.tsv`: random cubes, and NISS, wide, slice and rotation algorithms applied,
/// inverted, composed and pictured. Every expectation is the engine's answer through [`run`],
/// asserted equal to the independent model [`sim`] (or to the random draw replayed by hand)
/// before it is written.
fn cube3_vectors(header: &str, tables: &Tables) -> String {
    use sim::Sim;
    let mut out = String::from(header);
    let mut row = |op: &str, args: &[&str], expected: &str| {
        let got = expectation(&run(tables, op, args));
        assert_eq!(got, format!("ok:{expected}"), "{op} {args:?}");
        writeln!(out, "{op}\t{}\t{got}", args.join("\t")).unwrap();
    };
    // The published literals, then the draw replayed by hand for more seeds.
    assert_eq!(cube3_random_by_hand(0), "TAOJKPNU=WDRYQZSaULVX=A");
    assert_eq!(cube3_random_by_hand(1), "PIBMDSOF=ATCUbXFaRIJG=A");
    let mut randoms = Vec::new();
    for seed in (0u64..8).chain([12345, 2026, u32::MAX as u64, u64::MAX]) {
        let cube = cube3_random_by_hand(seed);
        assert_eq!(Sim::from_b32(&cube).to_b32(), cube);
        row("cube3_random", &[&seed.to_string()], &cube);
        row("cube3_parse", &[&cube], &cube);
        let solved = Sim::from_b32(&cube).is_solved().to_string();
        row("cube3_is_solved", &[&cube], &solved);
        randoms.push(cube);
    }

    // Algorithms: NISS groups, wide turns, slices, rotations, non-canonical spellings, then
    // random ones over all 54 moves (some with an inverse part).
    let mut algs: Vec<String> = [
        "R U R' U'",
        "RUR'U'",
        "R (U) F",
        "(R U)",
        "(R) (U)",
        "R U F (B' D)",
        "R(B'D)UF",
        "  R  U2'  F3 ( B ) (D2) ",
        "x y' z2",
        "x3y2'Rw3",
        "Rw U Lw' Dw2 Uw' Fw Bw2",
        "Fw",
        "M E S",
        "M' U M U2 M' U M",
        "M2 E2 S2",
        "x (y) Rw (M')",
        "Fw R (Uw' E) S2 z'",
        "Bw' Dw Lw2 (Rw Fw' Uw2)",
        "(x y z)",
        "R2 U2 R2 U2 R2 U2",
        "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2",
        "()",
        "R ()",
        "",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let kinds = [
        "U", "D", "R", "L", "F", "B", "Uw", "Dw", "Rw", "Lw", "Fw", "Bw", "M", "S", "E", "x", "y",
        "z",
    ];
    let mut rng = Rng::new(0xC0BE3);
    for i in 0..8 {
        let len = 12 + rng.below(14) as usize;
        let split = if i % 2 == 0 {
            len
        } else {
            rng.below(len as u64) as usize
        };
        let words: Vec<String> = (0..len)
            .map(|_| {
                let kind = kinds[rng.below(18) as usize];
                format!("{kind}{}", ["", "2", "'"][rng.below(3) as usize])
            })
            .collect();
        let mut alg = words[..split].join(" ");
        if split < len {
            alg = format!("{alg} ({})", words[split..].join(" "));
        }
        algs.push(alg);
    }

    let solved = Sim::solved().to_b32();
    let mut cubes = Vec::new();
    for (i, alg) in algs.iter().enumerate() {
        row("cube3_moves_canonical", &[alg], &sim::canonical(alg));
        let undo = sim::inverse_text(alg);
        row("cube3_moves_inverse", &[alg], &undo);
        let cube = sim::from_alg(alg).to_b32();
        row("cube3_from_moves", &[alg], &cube);
        row("cube3_apply", &[&solved, alg], &cube);
        let start = &randoms[i % randoms.len()];
        let end = sim::apply(start, alg);
        row("cube3_apply", &[start, alg], &end);
        row("cube3_apply", &[&end, &undo], &sim::apply(&end, &undo));
        let inverse = Sim::from_b32(&cube).inverse().to_b32();
        row("cube3_inverse", &[&cube], &inverse);
        row("cube3_apply", &[&cube, &undo], &solved);
        let is_solved = Sim::from_b32(&cube).is_solved().to_string();
        row("cube3_is_solved", &[&cube], &is_solved);
        cubes.push(cube);
        cubes.push(end);
    }
    cubes.extend(randoms.iter().cloned());
    let n = cubes.len();
    for i in 0..n {
        let (a, b) = (&cubes[i], &cubes[(7 * i + 3) % n]);
        let ab = Sim::from_b32(a).then(&Sim::from_b32(b)).to_b32();
        row("cube3_compose", &[a, b], &ab);
        if i % 4 == 0 {
            let inverse = Sim::from_b32(a).inverse().to_b32();
            row("cube3_compose", &[a, &inverse], &solved);
            row("cube3_inverse", &[a], &inverse);
        }
    }
    // Pictures: solved, single moves, rotated cubes, the superflip, random cubes. Each row's
    // stickers (the fills of its 20-unit squares, in the documented colours) are first checked
    // against the model's stickers.
    let colours = [
        ("#ffffff", 'U'),
        ("#ff0000", 'R'),
        ("#00ff00", 'F'),
        ("#ffff00", 'D'),
        ("#ff8000", 'L'),
        ("#0000ff", 'B'),
    ];
    let mut pictured: Vec<String> = ["", "R", "U", "F'", "D2", "x", "y R", "z2 Fw M"]
        .iter()
        .map(|a| sim::from_alg(a).to_b32())
        .collect();
    pictured.push("ABCDEFGH=QRSTUVWXYZab=A".to_string());
    pictured.push(sim::from_alg(&algs[algs.len() - 1]).to_b32());
    pictured.extend(randoms.iter().take(3).cloned());
    for cube in &pictured {
        let svg = api::cube3_svg(cube).unwrap();
        let stickers: String = svg
            .lines()
            .filter(|l| l.starts_with("<rect ") && l.contains(" width=\"20\""))
            .map(|l| {
                let fill = l
                    .split(" fill=\"")
                    .nth(1)
                    .unwrap()
                    .split('"')
                    .next()
                    .unwrap();
                colours.iter().find(|c| c.0 == fill).unwrap().1
            })
            .collect();
        assert_eq!(stickers, Sim::from_b32(cube).facelets(), "{cube}");
        row("cube3_svg", &[cube], &svg.replace('\n', "\\n"));
    }
    out
}

/// `cube3_generated_solver.tsv`: the 3x3x3 solver's table file (and its damaged copies) opened,
/// and solutions of short scrambles (bound = their length), random cubes (bounds 21 and 20),
/// rotated cubes and cubes made with wide moves and slices, then the errors (a bound no solution
/// meets, a bound out of range, bad cubes). Every solution the engine gives is first checked with
/// the independent model [`sim`]: applied to the cube it solves the pieces, it has no inverse
/// part, and it is no longer than the bound.
fn cube3_solver_vectors(header: &str, tables: &Tables) -> String {
    use sim::Sim;
    let dir = ensure_vector_dbs();
    let fix = |r: &twisty::Result<String>| expectation(r).replace(&*dir.to_string_lossy(), "$DB");
    let mut out = String::from(header);
    for f in [
        CUBE3_TABLE,
        "cube3-twophase-truncated.tbl",
        "cube3-twophase-bad-magic.tbl",
        "cube3-twophase-bad-version.tbl",
        "no-such-file.tbl",
    ] {
        let path = dir.join(f).to_string_lossy().into_owned();
        let got = fix(&run(tables, "cube3_solver_open", &[&path]));
        assert_eq!(got == "ok:true", f == CUBE3_TABLE, "{f}: {got}");
        writeln!(out, "cube3_solver_open\t$DB/{f}\t{got}").unwrap();
    }
    // Rust has no null: the README's contract for a null table file, replayed by Java and .NET.
    writeln!(
        out,
        "cube3_solver_open\t\\N\terr:null_argument:7:path must not be null"
    )
    .unwrap();

    let mut solve = |cube: &str, max: u32| {
        let got = run(tables, "cube3_solve", &[cube, &max.to_string()]);
        if let Ok(solution) = &got {
            let (normal, inverse) = sim::parse(solution);
            assert!(inverse.is_empty(), "{cube}: {solution}");
            assert!(
                normal.len() as u32 <= max,
                "{cube}: {solution} is over {max}"
            );
            let end = sim::apply(cube, solution);
            assert!(
                Sim::from_b32(&end).is_solved(),
                "{cube}: {solution} leaves {end}"
            );
        }
        writeln!(out, "cube3_solve\t{cube}\t{max}\t{}", expectation(&got)).unwrap();
        got
    };
    let solved = Sim::solved().to_b32();
    assert_eq!(solve(&solved, 0).unwrap(), "");
    solve(&solved, 21).unwrap();
    // Short scrambles of face turns (never one face twice in a row), bound = their length.
    let faces = ["U", "D", "R", "L", "F", "B"];
    let mut rng = Rng::new(0xC3_5017);
    for len in [1, 2, 3, 4, 5, 6, 7, 8, 3, 5, 7, 8] {
        let mut moves: Vec<String> = Vec::new();
        let mut last = usize::MAX;
        while moves.len() < len {
            let f = rng.below(6) as usize;
            if f != last {
                moves.push(format!(
                    "{}{}",
                    faces[f],
                    ["", "2", "'"][rng.below(3) as usize]
                ));
                last = f;
            }
        }
        solve(&sim::from_alg(&moves.join(" ")).to_b32(), len as u32).unwrap();
    }
    // Random cubes, bound 21 and 20.
    for seed in 0u64..10 {
        solve(&api::cube3_random(seed), 21).unwrap();
    }
    for seed in [10u64, 11, 12, 2026] {
        solve(&api::cube3_random(seed), 20).unwrap();
    }
    // Cubes in other orientations, wide moves, slices, NISS; the superflip (20 moves) and a
    // rotated random cube.
    let superflip = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2";
    for (alg, max) in [
        ("x R U' y F2", 21),
        ("x R U' y F2", 4),
        ("x", 0),
        ("y2 z", 0),
        ("z' R", 1),
        ("Rw U M' E2 S", 21),
        ("y2 (R U R') F", 21),
        ("z' Fw2 Lw' x2", 21),
        (superflip, 20),
    ] {
        solve(&sim::from_alg(alg).to_b32(), max).unwrap();
    }
    solve(&sim::from_alg(&format!("x {superflip} y'")).to_b32(), 20).unwrap();
    let random = api::cube3_random(7);
    solve(&sim::apply(&random, "x y2"), 21).unwrap();
    solve(&sim::apply(&random, "(z) Rw"), 21).unwrap();
    // Errors: bounds no solution meets (the search is exhaustive then), bounds out of range, bad
    // cubes (parsed before the bound is checked).
    for (alg, max) in [("R U F", 2), ("R U F' L2 D B'", 5), ("x R U' y F2", 2)] {
        let e = solve(&sim::from_alg(alg).to_b32(), max).unwrap_err();
        assert_eq!(
            e.message(),
            format!("no solution of at most {max} moves exists for this cube")
        );
    }
    solve(&api::cube3_random(3), 4).unwrap_err();
    for cube in [&solved, &api::cube3_random(1)] {
        let e = solve(cube, 41).unwrap_err();
        assert_eq!(e.message(), "max_length 41 is out of range 0..=40");
    }
    assert!(solve(&random, 40).is_ok());
    for bad in [
        "ABCDEFGH=ABCDEFGHIJKL=",
        "ABCgEFGH=ABCDEFGHIJKL=A",
        "BACDEFGH=ABCDEFGHIJKL=A",
        "ABCDEFGH=ABCDEFGHIJKL=Y",
    ] {
        solve(bad, 21).unwrap_err();
        solve(bad, 41).unwrap_err();
    }
    // Rust has no null: the README's contract for a null cube.
    writeln!(
        out,
        "cube3_solve\t\\N\t21\terr:null_argument:7:text must not be null"
    )
    .unwrap();
    out
}

/// `cube3_generated_optimal.tsv`: the optimal solver's table file (and its damaged copies)
/// opened, optimal solutions of short scrambles (one, and all up to a limit, each checked by
/// the sticker model and, for the lengths, against the scramble), and the error cases.
fn cube3_optimal_vectors(header: &str, tables: &Tables) -> String {
    use sim::Sim;
    let dir = ensure_vector_dbs();
    let fix = |r: &twisty::Result<String>| expectation(r).replace(&*dir.to_string_lossy(), "$DB");
    let mut out = String::from(header);
    for f in [
        OPTIMAL_TABLE,
        "cube3-optimal-truncated.tbl",
        "cube3-optimal-bad-magic.tbl",
        "cube3-optimal-bad-version.tbl",
        CUBE3_TABLE,
        "no-such-file.tbl",
    ] {
        let path = dir.join(f).to_string_lossy().into_owned();
        let got = fix(&run(tables, "cube3_optimal_open", &[&path]));
        assert_eq!(got == "ok:true", f == OPTIMAL_TABLE, "{f}: {got}");
        writeln!(out, "cube3_optimal_open\t$DB/{f}\t{got}").unwrap();
    }
    writeln!(
        out,
        "cube3_optimal_open\t\\N\terr:null_argument:7:path must not be null"
    )
    .unwrap();
    let mut solve = |cube: &str, min: i64, max: i64, limit: i64, threads: i64| {
        let args = [
            cube,
            &min.to_string(),
            &max.to_string(),
            &limit.to_string(),
            &threads.to_string(),
        ];
        let got = run(tables, "cube3_optimal_solve", &args);
        if let Ok(text) = &got {
            let (length, list) = text.split_once('|').expect("length|solutions");
            let length: usize = length.parse().unwrap();
            let solutions: Vec<&str> = list.split(';').collect();
            assert!(solutions.len() as i64 <= limit, "{cube}: {text}");
            for sol in &solutions {
                let (normal, inverse) = sim::parse(sol);
                assert!(inverse.is_empty());
                assert_eq!(normal.len(), length, "{cube}: {sol}");
                let end = sim::apply(cube, sol);
                assert!(
                    Sim::from_b32(&end).is_solved(),
                    "{cube}: {sol} leaves {end}"
                );
            }
            let distinct: std::collections::HashSet<&&str> = solutions.iter().collect();
            assert_eq!(distinct.len(), solutions.len(), "{cube}: {text}");
        }
        writeln!(
            out,
            "cube3_optimal_solve\t{cube}\t{min}\t{max}\t{limit}\t{threads}\t{}",
            expectation(&got)
        )
        .unwrap();
        got
    };
    let solved = Sim::solved().to_b32();
    assert_eq!(solve(&solved, 0, 20, 1, 1).unwrap(), "0|");
    // Short scrambles: the optimal length is at most the scramble's; one solution, then all.
    for (i, alg) in [
        "R",
        "R U",
        "U D",
        "R U R' U'",
        "R2 L2 U2 D2 F2 B2",
        "R U2 D' F L2 B R'",
        "R U R' U' F2 D L2 B'",
        "x R U' y F2",
        "y2 (R U R') F",
        "Rw U M' E2 S",
    ]
    .iter()
    .enumerate()
    {
        let cube = sim::from_alg(alg).to_b32();
        let one = solve(&cube, 0, 20, 1, (i % 3) as i64).unwrap();
        let length: usize = one.split('|').next().unwrap().parse().unwrap();
        let faces_only = !alg.contains(['x', 'y', 'w', 'M', 'E', 'S']);
        if faces_only {
            assert!(length <= alg.split_whitespace().count(), "{alg}: {one}");
        }
        solve(&cube, 0, 20, 1000, 2).unwrap();
    }
    // Solutions of at least some length; a few of many.
    solve(&sim::from_alg("R U F").to_b32(), 4, 20, 3, 1).unwrap();
    solve(&sim::from_alg("R2 L2 U2 D2 F2 B2").to_b32(), 0, 20, 4, 1).unwrap();
    // Errors: a bound the table already refutes, one the search refutes, options out of range,
    // bad cubes.
    let three = sim::from_alg("R U F").to_b32();
    let four = sim::from_alg("R U F D").to_b32();
    for (cube, min, max, limit, threads) in [
        (&three, 0, 2, 1, 1),
        (&four, 0, 3, 1, 1),
        (&three, 0, 41, 1, 1),
        (&three, 9, 8, 1, 1),
        (&three, 0, 20, 0, 1),
        (&three, 0, 20, 1_000_001, 1),
        (&three, 0, 20, 1, 100_000),
        (&three, -1, 20, 1, 1),
        (&three, 0, -1, 1, 1),
        (&three, 0, 20, -1, 1),
        (&three, 0, 20, 1, -1),
    ] {
        solve(cube, min, max, limit, threads).unwrap_err();
    }
    for bad in ["ABCDEFGH=ABCDEFGHIJKL=", "BACDEFGH=ABCDEFGHIJKL=A"] {
        solve(bad, 0, 20, 1, 1).unwrap_err();
    }
    writeln!(
        out,
        "cube3_optimal_solve\t\\N\t0\t20\t1\t1\terr:null_argument:7:text must not be null"
    )
    .unwrap();
    out
}

/// Step-solver rows (`cube3_generated_steps.tsv`): every step on a cube that has its requirement
/// (made by the engine's own earlier steps, each requirement checked by the goal predicates),
/// solutions up to the shortest length; every solution is checked here, independently of the
/// search: applied as the solvers write it, it reaches the step's goal (the sticker predicates
/// of `steps::goal`), it uses only the step's moves, and it has the reported length. Then the
/// names, descriptions, positions, sequence helpers and every refusal.
fn cube3_step_vectors(header: &str, tables: &Tables) -> String {
    use twisty::cube3::steps::{self, STEPS, Step};
    use twisty::cube3::{Alg, Cube};
    let dir = ensure_vector_dbs();
    let fix = |r: twisty::Result<String>| expectation(&r).replace(&*dir.to_string_lossy(), "$DB");
    let out = std::cell::RefCell::new(String::from(header));
    let row = |op: &str, args: &[&str]| -> String {
        let shown: Vec<String> = args
            .iter()
            .map(|a| a.replace(&*dir.to_string_lossy(), "$DB"))
            .collect();
        let got = fix(run(tables, op, args));
        let fields: Vec<&str> = std::iter::once(op)
            .chain(shown.iter().map(|a| a.as_str()))
            .chain([got.as_str()])
            .collect();
        writeln!(out.borrow_mut(), "{}", fields.join("\t")).unwrap();
        got
    };
    let scrambles = [
        "R' U' F D2 L2 F R2 U2 R2 B D2 L F2 L' U F' R D' F2 L' U' R' U' F",
        "x F2 R' B' U2 L D2 R U F' D2 R2 B2 L2 U L2 D' B2 U' F2 R2",
        "y' z B U2 R2 F' D R' L2 F2 U2 L F' D2 R U' B' L' D' R2",
    ];
    // The cube after the first solution of `name` on `cube` (a requirement made by the engine).
    let after = |name: &str, cube: &str| -> String {
        let step = Step::by_name(name).unwrap();
        let c = Cube::from_b32(cube).unwrap();
        let sol = steps::solve_simple(step, &c, 14, 1, steps::Niss::Normal).unwrap();
        let next = steps::apply_held(&c, &sol[0]);
        assert!(step.goal.holds(&next), "{name} on {cube}");
        next.to_b32()
    };
    for (i, scramble) in scrambles.iter().enumerate() {
        let start = api::cube3_step_position(scramble, "").unwrap();
        for step in &STEPS {
            let cube = match step.requirement {
                None => start.clone(),
                Some(steps::Goal::Eo(a)) => after(&format!("eo{}", a.name()), &start),
                Some(steps::Goal::Dr(a)) => after(&format!("dr{}", a.name()), &start),
                Some(other) => panic!("requirement {other:?}"),
            };
            let modes: &[&str] = if step.kind.can_switch() {
                [&["normal", "mixed"][..], &["linear"], &["all"]][i]
            } else {
                [&["normal"][..], &["inverse"], &["linear"]][i]
            };
            for mode in modes {
                // The shortest length with a solution, then its solutions (at most 8).
                let mut d = 0;
                let found = loop {
                    let got = run(
                        tables,
                        "cube3_step_solve",
                        &[
                            step.name,
                            &cube,
                            mode,
                            &d.to_string(),
                            &d.to_string(),
                            "8",
                            "-1",
                            "1",
                        ],
                    )
                    .unwrap();
                    if !got.starts_with("0|") {
                        break got;
                    }
                    d += 1;
                };
                let threads = if i == 1 { "3" } else { "1" };
                let got = row(
                    "cube3_step_solve",
                    &[
                        step.name,
                        &cube,
                        mode,
                        "0",
                        &d.to_string(),
                        "8",
                        "-1",
                        threads,
                    ],
                );
                assert_eq!(got, format!("ok:{found}"), "the same with any thread count");
                let (_, sols) = found.split_once('|').unwrap();
                let c = Cube::from_b32(&cube).unwrap();
                let allowed = steps::moves_in_space(step, c.orientation());
                for text in sols.split(';') {
                    let alg = Alg::parse(text).unwrap();
                    assert_eq!(steps::sequence::count_moves(&alg), d as usize, "{text}");
                    assert!(
                        step.goal.holds(&steps::apply_held(&c, &alg)),
                        "{} {text}",
                        step.name
                    );
                    for m in alg.normal().iter().chain(alg.inverse_part()) {
                        assert!(allowed.contains(m), "{} uses {m} in {text}", step.name);
                    }
                    match *mode {
                        "normal" => assert!(alg.inverse_part().is_empty()),
                        "inverse" => assert!(alg.normal().is_empty()),
                        "linear" => {
                            assert!(alg.normal().is_empty() || alg.inverse_part().is_empty())
                        }
                        _ => {}
                    }
                }
            }
        }
    }
    // Options: a margin, a minimum length, a limit of one.
    let s = api::cube3_step_position(scrambles[0], "").unwrap();
    row(
        "cube3_step_solve",
        &["eofb", &s, "normal", "0", "8", "12", "1", "2"],
    );
    row(
        "cube3_step_solve",
        &["eofb", &s, "mixed", "6", "6", "5", "-1", "1"],
    );
    row(
        "cube3_step_solve",
        &["drud", &s, "normal", "0", "20", "1", "-1", "2"],
    );
    let solved = api::cube3_solved();
    row(
        "cube3_step_solve",
        &["drudfin", &solved, "normal", "0", "5", "3", "-1", "1"],
    );
    row(
        "cube3_step_solve",
        &["drudfin", &solved, "normal", "1", "5", "3", "-1", "1"],
    );
    // Refusals, each before any search.
    let not_eo = api::cube3_from_moves("F").unwrap();
    let bad: &[&[&str]] = &[
        &["eo", &s, "normal", "0", "5", "1", "-1", "1"],
        &["EOFB", &s, "normal", "0", "5", "1", "-1", "1"],
        &["drudslice", &solved, "mixed", "0", "5", "1", "-1", "1"],
        &["corners", &s, "all", "0", "5", "1", "-1", "1"],
        &["drud-eofb", &not_eo, "normal", "0", "5", "1", "-1", "1"],
        &["htr-drud", &s, "normal", "0", "5", "1", "-1", "1"],
        &["drfbfin", &s, "normal", "0", "5", "1", "-1", "1"],
        &["eofb", &s, "normal", "6", "5", "1", "-1", "1"],
        &["eofb", &s, "normal", "0", "21", "1", "-1", "1"],
        &["eofb", &s, "normal", "0", "300", "1", "-1", "1"],
        &["eofb", &s, "normal", "-1", "5", "1", "-1", "1"],
        &["eofb", &s, "normal", "0", "5", "0", "-1", "1"],
        &["eofb", &s, "normal", "0", "5", "-3", "-1", "1"],
        &["eofb", &s, "normal", "0", "5", "1", "-1", "0"],
        &["eofb", &s, "normal", "0", "5", "1", "-1", "257"],
        &["eofb", &s, "normal", "0", "5", "1", "-1", "100000"],
        &[
            "eofb",
            "ABCDEFGH=ABCDEFGHIJKL",
            "normal",
            "0",
            "5",
            "1",
            "-1",
            "1",
        ],
        &["eofb", &s, "normal", "0", "3", "1", "-1", "1"],
        &["\\N", &s, "normal", "0", "5", "1", "-1", "1"],
        &["eofb", "\\N", "normal", "0", "5", "1", "-1", "1"],
    ];
    for args in bad {
        if args.contains(&"\\N") {
            let null = if args[0] == "\\N" { "step" } else { "text" };
            writeln!(
                out.borrow_mut(),
                "cube3_step_solve\t{}\terr:null_argument:7:{null} must not be null",
                args.join("\t")
            )
            .unwrap();
        } else {
            let got = row("cube3_step_solve", args);
            assert!(
                got.starts_with("err:") || got == "ok:0|",
                "{args:?} gives {got}"
            );
        }
    }
    row("cube3_step_names", &[]);
    for step in &STEPS {
        row("cube3_step_describe", &[step.name]);
    }
    row("cube3_step_describe", &["dr"]);
    writeln!(
        out.borrow_mut(),
        "cube3_step_describe\t\\N\terr:null_argument:7:step must not be null"
    )
    .unwrap();
    // Positions: a scramble and the moves found so far, both NISS sides; each checked against
    // the cube the scramble and the plain (unNISSed) sequence make.
    for (scramble, so_far) in [
        (scrambles[0], ""),
        (scrambles[0], "D2 L F' R2 B"),
        (scrambles[0], "(U2 L D B) F"),
        (scrambles[1], "R (U F')"),
        ("", "(R U)"),
    ] {
        let got = row("cube3_step_position", &[scramble, so_far]);
        let alg = Alg::parse(so_far).unwrap();
        let plain = api::cube3_apply(
            &api::cube3_apply(
                &api::cube3_from_moves(
                    &api::cube3_moves_inverse(
                        &Alg::from_moves(alg.inverse_part().to_vec()).to_string(),
                    )
                    .unwrap(),
                )
                .unwrap(),
                scramble,
            )
            .unwrap(),
            &Alg::from_moves(alg.normal().to_vec()).to_string(),
        )
        .unwrap();
        if !scramble.contains(['x', 'y', 'z']) {
            assert_eq!(got, format!("ok:{plain}"), "{scramble} / {so_far}");
        }
    }
    row("cube3_step_position", &["R Q", ""]);
    row("cube3_step_position", &["R", "(U"]);
    writeln!(
        out.borrow_mut(),
        "cube3_step_position\t\\N\t\terr:null_argument:7:scramble must not be null\n\
         cube3_step_position\tR\t\\N\terr:null_argument:7:moves must not be null"
    )
    .unwrap();
    // Sequence helpers.
    for (text, count) in [
        ("", 0),
        ("R U R' U'", 4),
        ("R2 M Uw (Fw2 M2 y2)", 7),
        ("x y z", 0),
        ("(R U) F", 3),
    ] {
        let got = row("cube3_moves_count", &[text]);
        assert_eq!(got, format!("ok:{count}"));
    }
    row("cube3_moves_count", &["R Q"]);
    writeln!(
        out.borrow_mut(),
        "cube3_moves_count\t\\N\terr:null_argument:7:moves must not be null"
    )
    .unwrap();
    for (a, b, same) in [
        ("U D2 U", "U U D2", true),
        ("R U", "U R", false),
        ("R L (F B')", "L R (B' F)", true),
        ("R L (F B')", "L R (F' B)", false),
        ("R", "R (R)", false),
    ] {
        let got = row("cube3_moves_same", &[a, b]);
        assert_eq!(got, format!("ok:{same}"));
    }
    row("cube3_moves_same", &["R", "Q"]);
    writeln!(
        out.borrow_mut(),
        "cube3_moves_same\t\\N\tR\terr:null_argument:7:a must not be null\n\
         cube3_moves_same\tR\t\\N\terr:null_argument:7:b must not be null"
    )
    .unwrap();
    for (v, text) in [
        ("unniss", "R U (U' R')"),
        ("unniss", "F R"),
        ("unniss", "(F R)"),
        ("lastqt", "F R L (B)"),
        ("lastqt", "R U2"),
        ("lastqt", "R U2 F"),
        ("lastqt", ""),
    ] {
        row("cube3_variations", &[v, text]);
    }
    row("cube3_variations", &["unniss", "R ("]);
    writeln!(
        out.borrow_mut(),
        "cube3_variations\tunniss\t\\N\terr:null_argument:7:moves must not be null"
    )
    .unwrap();
    // Step table folders: built when missing, refused when not a folder or when a foreign file
    // holds a family's name (left as it is, checked by the last row).
    let folder = |name: &str| dir.join(name).to_string_lossy().to_string();
    row("cube3_step_prepare", &[&folder("steps"), "drud-eofb"]);
    row("cube3_step_prepare", &[&folder("steps"), "cornersx"]);
    row("cube3_step_prepare", &[&folder("steps-foreign"), "eofb"]);
    row("cube3_step_prepare", &[&folder("steps-foreign"), "drud"]);
    row("cube3_step_prepare", &[&folder("notes.txt"), "eofb"]);
    row("cube3_step_prepare", &[&folder("steps"), "eo"]);
    writeln!(
        out.borrow_mut(),
        "cube3_step_prepare\t\\N\teofb\terr:null_argument:7:folder must not be null"
    )
    .unwrap();
    let eo_file = format!(
        "{}/{}",
        folder("steps-foreign"),
        steps::StepTables::file_name(Step::by_name("eofb").unwrap())
    );
    let got = row("file_text", &[&eo_file]);
    assert_eq!(got, format!("ok:{}", NOTES.replace('\n', "\\n")));
    out.into_inner()
}
