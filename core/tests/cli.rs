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
