//! The `twisty` command line as a hostile user meets it: counts that mean nothing, values the
//! library refuses, control characters in input, files that are not tables, FIFOs. Every case
//! ends with a clear message and exit code 2: never a panic (exit 101), a hang, or a lost file.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs the binary; a run longer than a minute is a hang and fails the test.
fn twisty(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_twisty"))
        .args(args)
        .env("TWISTY_CACHE_DIR", "/nonexistent/twisty-cli-test")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("twisty {args:?} hangs");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// The run failed cleanly (exit 2, no panic) with `needle` in its error output.
fn refused(args: &[&str], needle: &str) -> String {
    let out = twisty(args);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "twisty {args:?}: {err}");
    assert!(!err.contains("panicked"), "twisty {args:?}: {err}");
    assert!(err.contains(needle), "twisty {args:?}: {err}");
    err
}

#[test]
fn counts_that_mean_nothing_are_refused_before_any_work() {
    for args in [
        &["cube3", "bench", "--count", "0"][..],
        &["sq1", "bench", "--count", "0"],
        &["sq1", "scramble", "--count", "0"],
        &["sq1", "solve", "--moves", "(1,0)/", "--limit", "0"],
        &["db", "solve", "x.db", "--moves", "(1,0)/", "--all", "--limit", "0"],
        &["db", "bench", "x.db", "--count", "0"],
    ] {
        // The cache folder does not exist: a table build would fail, and none is tried.
        refused(args, "must be at least 1");
    }
}

#[test]
fn a_bench_s_other_memory_is_bounded() {
    // More than 4 GiB written between solves is refused before any table is opened.
    for arg in ["--pollute=4097", "--pollute=18446744073709551616", "--pollute=-1"] {
        refused(&["sq1", "bench", "--fast-nodes", "1", arg], "--pollute");
        refused(&["cube3", "bench", "--count", "1", arg], "--pollute");
    }
}

#[test]
fn a_reader_that_stops_reading_ends_the_program_quietly() {
    use std::os::unix::process::ExitStatusExt;
    let mut child = Command::new(env!("CARGO_BIN_EXE_twisty"))
        .args(["sq1", "shapes", "--list"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The reading end closes before the program prints (`twisty ... | head -0`).
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.is_empty(), "{err}");
    assert!(
        out.status.success() || out.status.signal() == Some(libc::SIGPIPE),
        "{:?}",
        out.status
    );
}

#[test]
fn database_build_arguments_are_the_library_s() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let db = db.to_str().unwrap();
    refused(
        &["db", "build", db, "--max-level", "16"],
        "error (invalid_argument, code 6): max_level 16 out of range 0..=15",
    );
    refused(
        &["db", "build", db, "--max-level", "2", "--threads", "100000"],
        "threads 100000 out of range 0..=256",
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "no file left");
}

#[test]
fn control_characters_in_input_are_escaped() {
    let err = refused(&["sq1", "apply", "(1,0)/\u{1}"], "unexpected '\\u{1}'");
    assert!(!err.contains('\u{1}'), "{err:?}");
    let err = refused(&["cube3", "show", "\u{1b}[31mred"], "invalid_notation");
    assert!(!err.contains('\u{1b}'), "{err:?}");
}

#[test]
fn files_that_are_not_tables_are_refused_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "precious\n").unwrap();
    let n = notes.to_str().unwrap();
    for cmd in ["sq1", "cube3"] {
        refused(&[cmd, "tables", "--tables", n], "it was left alone");
    }
    assert_eq!(std::fs::read(&notes).unwrap(), b"precious\n");
    let d = dir.path().to_str().unwrap();
    refused(&["sq1", "tables", "--tables", d], "is a directory");
    let under = format!("{n}/sub.tbl");
    refused(&["cube3", "tables", "--tables", &under], "is not a folder");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no .partial left");
}

#[test]
fn a_fifo_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("f");
    mkfifo(&fifo);
    let f = fifo.to_str().unwrap();
    refused(&["db", "stats", f], "is not a regular file (it is a FIFO)");
    refused(&["db", "verify", f], "is not a regular file (it is a FIFO)");
    refused(&["cube3", "tables", "--tables", f], "is not a regular file (it is a FIFO)");
    refused(&["sq1", "tables", "--tables", f], "is not a regular file (it is a FIFO)");
    refused(&["db", "build", f, "--max-level", "2"], "is not a regular file (it is a FIFO)");
}

fn mkfifo(p: &Path) {
    let c = std::ffi::CString::new(p.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
}

/// The optimal solver's table in the vector directory (built by the Rust suites).
fn optimal_table() -> String {
    optimal_table_of(0)
}

/// The optimal solver's table file of size `h{size}` shared with the other suites.
fn optimal_table_of(size: u8) -> String {
    let path = vector_dbs().join(format!("cube3-optimal-h{size}.tbl"));
    twisty::cube3::optimal::Solver::open_or_build(
        &path,
        size,
        &mut twisty::progress::NoProgress,
        &twisty::progress::CancelToken::new(),
    )
    .unwrap();
    path.to_string_lossy().into_owned()
}

/// Position sets: kept cubes have the length asked for; a length no cube of the kind has gives
/// up after its tries instead of searching forever; lengths outside 1..=20 are refused.
#[test]
fn optimal_position_sets() {
    let t = optimal_table();
    let args = ["cube3", "optimal-positions", "--length", "5", "--count", "3", "--tables", &t];
    let out = twisty(&args);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let cubes: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(cubes.len(), 3, "{text}");
    for line in cubes {
        let cube = line.split(' ').next().unwrap();
        let out = twisty(&["cube3", "optimal", cube, "--tables", &t]);
        assert_eq!(String::from_utf8(out.stdout).unwrap().split(' ').count(), 5, "{line}");
    }
    let uniform = ["--uniform", "--tries", "4"];
    refused(&[&args[..], &uniform].concat(), "only 0 of 3 cubes of optimal length 5 found in 4 tries");
    for bad in ["0", "21"] {
        refused(&["cube3", "optimal-positions", "--length", bad, "--tables", &t], "not in 1..=20");
    }
}

/// A table with flips: its distribution ends with an open level, and it solves as `h0` does.
#[test]
fn optimal_with_a_flip_table() {
    let t = optimal_table_of(1);
    let out = twisty(&["cube3", "optimal-table", "--table", "h1", "--tables", &t]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("(2-bit codes over base 8):"), "{text}");
    assert!(text.lines().last().unwrap().trim_start().starts_with(">=11 "), "{text}");
    let solve = |table: &str, file: &str| {
        let args = ["cube3", "optimal", "--moves", "F2 D L2 B' R U", "--all", "--table", table];
        let out = twisty(&[&args[..], &["--tables", file]].concat());
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8(out.stdout).unwrap()
    };
    let h1 = solve("h1", &t);
    assert_eq!(h1.lines().next().unwrap().split(' ').count(), 6, "{h1}");
    let mut a: Vec<&str> = h1.lines().collect();
    let h0 = solve("h0", &optimal_table());
    let mut b: Vec<&str> = h0.lines().collect();
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(a, b);
}

#[test]
fn optimal_solutions_one_per_line() {
    let t = optimal_table();
    let out = twisty(&["cube3", "optimal", "--moves", "R U R' U' F2 D L2 B'", "--tables", &t]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].split(' ').count(), 8, "{text}");
    let cube = twisty::cube3::Cube::from_alg(&"R U R' U' F2 D L2 B'".parse().unwrap());
    assert!(cube.apply(&lines[0].parse().unwrap()).is_solved());
    // Every optimal solution of the checkerboard, and a limit on them.
    let all = |extra: &[&str]| {
        let mut args = vec!["cube3", "optimal", "--moves", "R2 L2 U2 D2 F2 B2", "--all", "--tables", &t];
        args.extend_from_slice(extra);
        let out = twisty(&args);
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8(out.stdout).unwrap().lines().count()
    };
    assert_eq!(all(&[]), 6);
    assert_eq!(all(&["--limit", "4", "--threads", "2"]), 4);
}

#[test]
fn optimal_arguments_are_checked() {
    let t = optimal_table();
    let base = ["cube3", "optimal", "--moves", "R U F", "--tables", t.as_str()];
    let with = |extra: &[&'static str]| [&base[..], extra].concat();
    refused(&with(&["--max-length", "2"]), "no solution of at most 2 moves exists for this cube: it needs at least 3");
    refused(&with(&["--threads", "100000"]), "threads 100000 out of range 0..=256");
    refused(&with(&["--table", "h8"]), "table size h8 is not available");
    refused(&with(&["--table", "big"]), "is not of the form h0, h1");
    refused(&with(&["--limit", "0"]), "must be at least 1");
    refused(&with(&["--timeout-ms", "1", "--min-length", "30", "--max-length", "40"]), "deadline");
    refused(&["cube3", "optimal", "ABCDEFGH=ABCDEFGHIJKL=A", "--moves", "R", "--tables", &t], "not both");
    refused(&["cube3", "optimal", "BACDEFGH=ABCDEFGHIJKL=A", "--tables", &t], "parities differ");
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "precious\n").unwrap();
    let n = notes.to_str().unwrap();
    refused(&["cube3", "optimal-table", "--tables", n], "it was left alone");
    refused(&["cube3", "optimal", "--moves", "R", "--tables", n], "it was left alone");
    assert_eq!(std::fs::read(&notes).unwrap(), b"precious\n");
    let fifo = dir.path().join("f");
    mkfifo(&fifo);
    refused(&["cube3", "optimal-table", "--tables", fifo.to_str().unwrap()], "it is a FIFO");
    let empty = dir.path().join("empty.txt");
    std::fs::write(&empty, "# nothing\n").unwrap();
    refused(&["cube3", "optimal-bench", empty.to_str().unwrap(), "--tables", &t], "holds no cube");
}

#[test]
fn cube3_svg_prints_or_writes_the_library_s_picture() {
    use twisty::cube3::{Alg, Cube};
    let run = |args: &[&str]| {
        let out = twisty(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let r = twisty::cube3::svg::net(&Cube::from_alg(&Alg::parse("R U").unwrap()));
    assert_eq!(run(&["cube3", "svg", "--moves", "R U"]), r);
    let b32 = Cube::from_alg(&Alg::parse("R U").unwrap()).to_b32();
    assert_eq!(run(&["cube3", "svg", &b32]), r);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cube.svg");
    let f = file.to_str().unwrap();
    assert_eq!(run(&["cube3", "svg", "--moves", "R U", "-o", f]), "");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), r);
    // Like `sq1 picture -o`, an existing file is replaced by the picture asked for.
    let solved = run(&["cube3", "svg", "ABCDEFGH=ABCDEFGHIJKL=A", "--output", f]);
    assert_eq!(solved, "");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        twisty::cube3::svg::net(&Cube::SOLVED)
    );
    refused(&["cube3", "svg"], "give either a cube or --moves (not both)");
    refused(&["cube3", "svg", "ABCDEFGH=ABCDEFGHIJKL=A", "--moves", "R"], "not both");
    refused(&["cube3", "svg", "ABCDEFGH=ABCDEFGHIJKL"], "error (invalid_notation, code 1)");
    refused(&["cube3", "svg", "IBCDEFGH=ABCDEFGHIJKL=A"], "a corner is twisted");
    refused(&["cube3", "svg", "--moves", "R q"], "unexpected 'q'");
    let d = dir.path().to_str().unwrap();
    refused(&["cube3", "svg", "--moves", "R", "-o", d], "cannot write");
}

/// The folder of the table files shared with the other suites.
fn vector_dbs() -> std::path::PathBuf {
    std::env::var_os("TWISTY_DB_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../build/vector-dbs"))
}

/// The two-phase solver's table in the vector directory (built by the Rust suites).
fn two_phase_table() -> String {
    let path = vector_dbs().join("cube3-twophase.tbl");
    twisty::cube3::solve::Solver::open_or_build(
        &path,
        &mut twisty::progress::NoProgress,
        &twisty::progress::CancelToken::new(),
    )
    .unwrap();
    path.to_string_lossy().into_owned()
}

/// `--timeout-ms 0` is no limit for every solve command (the engine's rule, as in every
/// runtime): a solve that needs any time at all still answers.
#[test]
fn a_timeout_of_zero_is_no_limit() {
    let (o, t) = (optimal_table(), two_phase_table());
    for args in [
        &["cube3", "optimal", "--moves", "R U F", "--timeout-ms", "0", "--tables", &o][..],
        &["cube3", "solve", "--moves", "R U F", "--timeout-ms", "0", "--tables", &t],
    ] {
        let out = twisty(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "twisty {args:?}: {err}");
        let answer = String::from_utf8_lossy(&out.stdout).lines().next().unwrap_or("").to_string();
        let cube = twisty::cube3::Cube::from_alg(&"R U F".parse().unwrap());
        assert!(cube.apply(&answer.parse().unwrap()).is_solved(), "{args:?}: {answer}");
    }
}

/// Arguments are checked before a table is opened or built: with a table path that does not
/// exist, a bad argument is refused with its own message, nothing is built or created, and
/// no "building" line is printed.
#[test]
fn arguments_are_checked_before_any_table() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("new.tbl");
    let t = table.to_str().unwrap();
    for (args, message) in [
        (&["cube3", "solve", "--moves", "R", "--max-length", "41", "--tables", t][..], "max_length 41 is out of range 0..=40"),
        (&["cube3", "optimal", "--moves", "R", "--max-length", "41", "--tables", t], "max_length 41 is out of range 0..=40"),
        (&["cube3", "optimal", "--moves", "R", "--min-length", "5", "--max-length", "4", "--tables", t], "min_length 5 is greater than max_length 4"),
        (&["cube3", "optimal", "--moves", "R", "--threads", "257", "--tables", t], "threads 257 out of range 0..=256"),
        (&["cube3", "optimal", "--moves", "R", "--table", "h8", "--tables", t], "table size h8 is not available: this version builds h0 to h7"),
        (&["cube3", "optimal-table", "--table", "h8", "--tables", t], "table size h8 is not available: this version builds h0 to h7"),
        (&["cube3", "optimal", "--moves", "R", "--table", "h8"], "table size h8 is not available: this version builds h0 to h7"),
    ] {
        let err = refused(args, message);
        assert!(!err.contains("building"), "twisty {args:?}: {err}");
        assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none(), "twisty {args:?} created a file");
    }
}
