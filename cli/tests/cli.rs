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
        &[
            "db", "solve", "x.db", "--moves", "(1,0)/", "--all", "--limit", "0",
        ],
        &["db", "bench", "x.db", "--count", "0"],
    ] {
        // The cache folder does not exist: a table build would fail, and none is tried.
        refused(args, "must be at least 1");
    }
}

#[test]
fn a_bench_s_other_memory_is_bounded() {
    // More than 4 GiB written between solves is refused before any table is opened.
    for arg in [
        "--pollute=4097",
        "--pollute=18446744073709551616",
        "--pollute=-1",
    ] {
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
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "no file left"
    );
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
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "no .partial left"
    );
}

#[test]
fn a_fifo_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("f");
    mkfifo(&fifo);
    let f = fifo.to_str().unwrap();
    refused(&["db", "stats", f], "is not a regular file (it is a FIFO)");
    refused(&["db", "verify", f], "is not a regular file (it is a FIFO)");
    refused(
        &["cube3", "tables", "--tables", f],
        "is not a regular file (it is a FIFO)",
    );
    refused(
        &["sq1", "tables", "--tables", f],
        "is not a regular file (it is a FIFO)",
    );
    refused(
        &["db", "build", f, "--max-level", "2"],
        "is not a regular file (it is a FIFO)",
    );
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
    let args = [
        "cube3",
        "optimal-positions",
        "--length",
        "5",
        "--count",
        "3",
        "--tables",
        &t,
    ];
    let out = twisty(&args);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let cubes: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(cubes.len(), 3, "{text}");
    for line in cubes {
        let cube = line.split(' ').next().unwrap();
        let out = twisty(&["cube3", "optimal", cube, "--tables", &t]);
        assert_eq!(
            String::from_utf8(out.stdout).unwrap().split(' ').count(),
            5,
            "{line}"
        );
    }
    let uniform = ["--uniform", "--tries", "4"];
    refused(
        &[&args[..], &uniform].concat(),
        "only 0 of 3 cubes of optimal length 5 found in 4 tries",
    );
    for bad in ["0", "21"] {
        refused(
            &[
                "cube3",
                "optimal-positions",
                "--length",
                bad,
                "--tables",
                &t,
            ],
            "not in 1..=20",
        );
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
    assert!(
        text.lines()
            .last()
            .unwrap()
            .trim_start()
            .starts_with(">=11 "),
        "{text}"
    );
    let solve = |table: &str, file: &str| {
        let args = [
            "cube3",
            "optimal",
            "--moves",
            "F2 D L2 B' R U",
            "--all",
            "--table",
            table,
        ];
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
    let out = twisty(&[
        "cube3",
        "optimal",
        "--moves",
        "R U R' U' F2 D L2 B'",
        "--tables",
        &t,
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].split(' ').count(), 8, "{text}");
    let cube = twisty::cube3::Cube::from_alg(&"R U R' U' F2 D L2 B'".parse().unwrap());
    assert!(cube.apply(&lines[0].parse().unwrap()).is_solved());
    // Every optimal solution of the checkerboard, and a limit on them.
    let all = |extra: &[&str]| {
        let mut args = vec![
            "cube3",
            "optimal",
            "--moves",
            "R2 L2 U2 D2 F2 B2",
            "--all",
            "--tables",
            &t,
        ];
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
    let base = [
        "cube3",
        "optimal",
        "--moves",
        "R U F",
        "--tables",
        t.as_str(),
    ];
    let with = |extra: &[&'static str]| [&base[..], extra].concat();
    refused(
        &with(&["--max-length", "2"]),
        "no solution of at most 2 moves exists for this cube: it needs at least 3",
    );
    refused(
        &with(&["--threads", "100000"]),
        "threads 100000 out of range 0..=256",
    );
    refused(&with(&["--table", "h8"]), "table size h8 is not available");
    refused(&with(&["--table", "big"]), "is not of the form h0, h1");
    refused(&with(&["--limit", "0"]), "must be at least 1");
    refused(
        &with(&[
            "--timeout-ms",
            "1",
            "--min-length",
            "30",
            "--max-length",
            "40",
        ]),
        "deadline",
    );
    refused(
        &[
            "cube3",
            "optimal",
            "ABCDEFGH=ABCDEFGHIJKL=A",
            "--moves",
            "R",
            "--tables",
            &t,
        ],
        "not both",
    );
    refused(
        &[
            "cube3",
            "optimal",
            "BACDEFGH=ABCDEFGHIJKL=A",
            "--tables",
            &t,
        ],
        "parities differ",
    );
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "precious\n").unwrap();
    let n = notes.to_str().unwrap();
    refused(
        &["cube3", "optimal-table", "--tables", n],
        "it was left alone",
    );
    refused(
        &["cube3", "optimal", "--moves", "R", "--tables", n],
        "it was left alone",
    );
    assert_eq!(std::fs::read(&notes).unwrap(), b"precious\n");
    let fifo = dir.path().join("f");
    mkfifo(&fifo);
    refused(
        &["cube3", "optimal-table", "--tables", fifo.to_str().unwrap()],
        "it is a FIFO",
    );
    let empty = dir.path().join("empty.txt");
    std::fs::write(&empty, "# nothing\n").unwrap();
    refused(
        &[
            "cube3",
            "optimal-bench",
            empty.to_str().unwrap(),
            "--tables",
            &t,
        ],
        "holds no cube",
    );
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
    refused(
        &["cube3", "svg"],
        "give either a cube or --moves (not both)",
    );
    refused(
        &["cube3", "svg", "ABCDEFGH=ABCDEFGHIJKL=A", "--moves", "R"],
        "not both",
    );
    refused(
        &["cube3", "svg", "ABCDEFGH=ABCDEFGHIJKL"],
        "error (invalid_notation, code 1)",
    );
    refused(
        &["cube3", "svg", "IBCDEFGH=ABCDEFGHIJKL=A"],
        "a corner is twisted",
    );
    refused(&["cube3", "svg", "--moves", "R q"], "unexpected 'q'");
    let d = dir.path().to_str().unwrap();
    refused(&["cube3", "svg", "--moves", "R", "-o", d], "is a directory");
}

/// A file of the vector suites' directory (build/vector-dbs, or TWISTY_DB_DIR), made by `make`
/// when missing: the suites share them, so each is built once.
fn shared_file(name: &str, make: impl FnOnce(&Path)) -> String {
    let dir = std::env::var_os("TWISTY_DB_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../build/vector-dbs"));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    make(&path);
    path.to_string_lossy().into_owned()
}

/// The vector suites' database of the article's first two levels.
fn small_database() -> String {
    use twisty::sq1::db::{BuildOptions, Variant, build};
    shared_file("article-2.db", |p| {
        if !p.exists() {
            let mut o = BuildOptions::new(Variant::Article);
            o.max_level = 2;
            build(
                p,
                &o,
                &mut twisty::progress::NoProgress,
                &twisty::progress::CancelToken::new(),
            )
            .unwrap();
        }
    })
}

/// The vector suites' Square-1 solver table file.
fn sq1_table() -> String {
    shared_file("sq1-solver.tbl", |p| {
        twisty::sq1::solve::Solver::open_or_build(
            p,
            &mut twisty::progress::NoProgress,
            &twisty::progress::CancelToken::new(),
        )
        .unwrap();
    })
}

/// Every command that writes a file the user names, writing to `out`.
fn output_commands<'a>(out: &'a str, db: &'a str, tables: &'a str) -> [Vec<&'a str>; 4] {
    [
        vec!["cube3", "svg", "--moves", "R", "-o", out],
        vec!["sq1", "picture", "--moves", "(1,0)/", "-o", out],
        vec!["sq1", "scramble", "--svg", out, "--tables", tables],
        vec!["db", "stats", db, "--histogram", out],
    ]
}

/// What can tell a file was replaced or rewritten: its inode, length, time of change and bytes.
fn identity(p: &Path) -> (u64, u64, i64, i64, Vec<u8>) {
    use std::io::Read;
    use std::os::unix::fs::MetadataExt;
    let m = std::fs::metadata(p).unwrap();
    let mut head = Vec::new();
    std::fs::File::open(p)
        .unwrap()
        .take(1 << 16)
        .read_to_end(&mut head)
        .unwrap();
    (m.ino(), m.len(), m.ctime(), m.ctime_nsec(), head)
}

#[test]
fn an_output_never_replaces_a_database_or_a_table_file() {
    let (db, tables) = (small_database(), sq1_table());
    let dir = tempfile::tempdir().unwrap();
    // Each kind as the library writes it begins (its magic); and a real database.
    let kinds = [
        (&twisty::sq1::db::format::MAGIC, "a twisty Silver database"),
        (
            twisty::sq1::solve::prune::MAGIC,
            "a twisty Square-1 solver table file",
        ),
        (
            twisty::cube3::solve::MAGIC,
            "a twisty 3x3x3 two-phase solver table file",
        ),
        (
            twisty::cube3::optimal::MAGIC,
            "a twisty 3x3x3 optimal-solver table file",
        ),
    ];
    let mut victims: Vec<(String, &str)> = kinds
        .iter()
        .enumerate()
        .map(|(i, (magic, kind))| {
            let p = dir.path().join(format!("kind{i}.tbl"));
            std::fs::write(&p, [&magic[..], &[7u8; 300][..]].concat()).unwrap();
            (p.to_string_lossy().into_owned(), *kind)
        })
        .collect();
    victims.push((db.clone(), "a twisty Silver database"));
    victims.push((tables.clone(), "a twisty Square-1 solver table file"));
    for (victim, kind) in &victims {
        let before = identity(Path::new(victim));
        for args in output_commands(victim, &db, &tables) {
            let err = refused(
                &args,
                &format!("error (database, code 4): output file {victim}: it is {kind}"),
            );
            assert!(err.contains("it was left alone"), "{err}");
        }
        assert!(identity(Path::new(victim)) == before, "{victim} untouched");
    }
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        kinds.len(),
        "no file left"
    );
}

#[test]
fn an_output_replaces_other_files_and_writes_devices_in_place() {
    let (db, tables) = (small_database(), sq1_table());
    let dir = tempfile::tempdir().unwrap();
    let text = dir.path().join("notes.txt");
    let t = text.to_str().unwrap();
    for args in output_commands(t, &db, &tables) {
        std::fs::write(&text, "an old text, longer than nothing\n").unwrap();
        let out = twisty(&args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let svg = std::fs::read_to_string(&text).unwrap();
        assert!(
            svg.starts_with("<svg") && svg.ends_with("</svg>\n"),
            "{args:?}: {svg}"
        );
    }
    // Written in place into the devices: /dev/stdout is the pipe the test reads.
    let svg = |out: &str| twisty(&["cube3", "svg", "--moves", "R", "-o", out]);
    let expected = twisty::cube3::svg::net(&twisty::cube3::Cube::from_alg(&"R".parse().unwrap()));
    let to_null = svg("/dev/null");
    assert_eq!((to_null.status.code(), to_null.stdout.len()), (Some(0), 0));
    let to_stdout = svg("/dev/stdout");
    assert_eq!(to_stdout.status.code(), Some(0));
    assert_eq!(String::from_utf8(to_stdout.stdout).unwrap(), expected);
    // A folder, a path under a file: refused with a clear message, for every command.
    let d = dir.path().to_str().unwrap();
    let under = format!("{t}/x.svg");
    for (out, why) in [
        (d, format!("output file {d}: is a directory")),
        (&under, format!("{t} is not a folder")),
    ] {
        for args in output_commands(out, &db, &tables) {
            refused(&args, &why);
        }
    }
    // Only the replaced file: no temporary file stays behind.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn an_output_fifo_is_written_for_a_reader_and_refused_without_one() {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("f");
    mkfifo(&fifo);
    let f = fifo.to_str().unwrap();
    let args = ["cube3", "svg", "--moves", "R U", "-o", f];
    // Nobody reads: a clear error at once (`twisty` fails the test if this hangs).
    refused(
        &args,
        &format!("output file {f}: it is a FIFO that no process is reading"),
    );
    // A reader: its end is open before the program starts (a non-blocking open never waits),
    // and the picture fits in the pipe's buffer, so the program writes it all and ends; the
    // reader then reads it. Nothing here depends on timing.
    let mut reader = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(&fifo)
        .unwrap();
    let out = twisty(&args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut got = String::new();
    reader.read_to_string(&mut got).unwrap();
    let expected = twisty::cube3::svg::net(&twisty::cube3::Cube::from_alg(&"R U".parse().unwrap()));
    assert_eq!(got, expected);
}

/// A damaged table of its own kind is rebuilt, and the command line says so first (a rebuild
/// takes a while). Here the rebuild cannot start (its `.partial` path is a folder), so the
/// test sees the warning without paying for a build.
#[test]
fn a_damaged_table_is_announced_before_it_is_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    for (cmd, magic) in [
        (["cube3", "optimal-table"], twisty::cube3::optimal::MAGIC),
        (["cube3", "tables"], twisty::cube3::solve::MAGIC),
        (["sq1", "tables"], twisty::sq1::solve::prune::MAGIC),
    ] {
        let table = dir.path().join(format!("{}-{}.tbl", cmd[0], cmd[1]));
        std::fs::write(&table, [&magic[..], b"cut short"].concat()).unwrap();
        std::fs::create_dir(twisty::fileio::partial_path(&table)).unwrap();
        let t = table.to_str().unwrap();
        let err = refused(&[cmd[0], cmd[1], "--tables", t], ".partial: is a directory");
        assert!(err.contains("WARN"), "{err}");
        assert!(
            err.contains(&format!(
                "{t}: size 17 bytes, shorter than its header (truncated or damaged); rebuilding it"
            )),
            "{err}"
        );
    }
}

/// A rebuild cancelled before it writes (at its first progress report) leaves the damaged file
/// as it was and no `.partial`; the warning reaches the host's logger.
#[test]
fn a_cancelled_rebuild_leaves_no_partial_file() {
    use std::sync::{Arc, Mutex};
    use twisty::progress::{CancelToken, ProgressReport};
    struct Warnings(Arc<Mutex<Vec<String>>>);
    impl twisty::host::LogSink for Warnings {
        fn max_level(&self, _: &str) -> log::LevelFilter {
            log::LevelFilter::Warn
        }
        fn log(&self, _: log::Level, _: &str, message: &str) {
            self.0.lock().unwrap().push(message.to_string());
        }
    }
    let warnings = Arc::new(Mutex::new(Vec::new()));
    twisty::host::set_log_sink(Some(Box::new(Warnings(warnings.clone())))).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("h0.tbl");
    let damaged = [&twisty::cube3::optimal::MAGIC[..], b"cut short"].concat();
    std::fs::write(&table, &damaged).unwrap();
    let cancel = CancelToken::new();
    let mut reports = 0;
    let mut progress = |_: &ProgressReport| {
        reports += 1;
        cancel.cancel();
    };
    let e = twisty::cube3::optimal::Solver::open_or_build(&table, 0, &mut progress, &cancel)
        .err()
        .unwrap();
    twisty::host::set_log_sink(None).unwrap();
    assert_eq!(e.kind(), twisty::ErrorKind::Cancelled, "{}", e.message());
    assert!(reports >= 1);
    assert_eq!(std::fs::read(&table).unwrap(), damaged);
    assert!(!twisty::fileio::partial_path(&table).exists());
    let warnings = warnings.lock().unwrap();
    assert!(
        warnings.iter().any(|w| w.ends_with(
            "h0.tbl: size 17 bytes, shorter than its header (truncated or damaged); rebuilding it"
        )),
        "{warnings:?}"
    );
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
        &[
            "cube3",
            "optimal",
            "--moves",
            "R U F",
            "--timeout-ms",
            "0",
            "--tables",
            &o,
        ][..],
        &[
            "cube3",
            "solve",
            "--moves",
            "R U F",
            "--timeout-ms",
            "0",
            "--tables",
            &t,
        ],
    ] {
        let out = twisty(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "twisty {args:?}: {err}");
        let answer = String::from_utf8_lossy(&out.stdout)
            .lines()
            .next()
            .unwrap_or("")
            .to_string();
        let cube = twisty::cube3::Cube::from_alg(&"R U F".parse().unwrap());
        assert!(
            cube.apply(&answer.parse().unwrap()).is_solved(),
            "{args:?}: {answer}"
        );
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
        (
            &[
                "cube3",
                "solve",
                "--moves",
                "R",
                "--max-length",
                "41",
                "--tables",
                t,
            ][..],
            "max_length 41 is out of range 0..=40",
        ),
        (
            &[
                "cube3",
                "optimal",
                "--moves",
                "R",
                "--max-length",
                "41",
                "--tables",
                t,
            ],
            "max_length 41 is out of range 0..=40",
        ),
        (
            &[
                "cube3",
                "optimal",
                "--moves",
                "R",
                "--min-length",
                "5",
                "--max-length",
                "4",
                "--tables",
                t,
            ],
            "min_length 5 is greater than max_length 4",
        ),
        (
            &[
                "cube3",
                "optimal",
                "--moves",
                "R",
                "--threads",
                "257",
                "--tables",
                t,
            ],
            "threads 257 out of range 0..=256",
        ),
        (
            &[
                "cube3", "optimal", "--moves", "R", "--table", "h8", "--tables", t,
            ],
            "table size h8 is not available: this version builds h0 to h7",
        ),
        (
            &["cube3", "optimal-table", "--table", "h8", "--tables", t],
            "table size h8 is not available: this version builds h0 to h7",
        ),
        (
            &["cube3", "optimal", "--moves", "R", "--table", "h8"],
            "table size h8 is not available: this version builds h0 to h7",
        ),
    ] {
        let err = refused(args, message);
        assert!(!err.contains("building"), "twisty {args:?}: {err}");
        assert!(
            std::fs::read_dir(dir.path()).unwrap().next().is_none(),
            "twisty {args:?} created a file"
        );
    }
}

/// `cube3 svg` prints the committed example images (which `core/tests/cube3_svg.rs` checks
/// against the engine's pictures), for a B32 cube and for `--moves`.
#[test]
fn cube3_svg_prints_the_committed_images() {
    let scramble = "R' U' F D2 L2 F R2 U2 R2 B D2 L B2 L' B' U' F' D2 R' D F R' U' F";
    let images = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/images");
    for (name, args) in [
        (
            "cube3-solved.svg",
            vec!["cube3", "svg", "ABCDEFGH=ABCDEFGHIJKL=A"],
        ),
        (
            "cube3-scrambled.svg",
            vec!["cube3", "svg", "--moves", scramble],
        ),
    ] {
        let out = twisty(&args);
        assert!(out.status.success(), "twisty {args:?}");
        let committed = std::fs::read(images.join(name)).unwrap();
        assert!(
            out.stdout == committed,
            "twisty {args:?} differs from docs/images/{name}"
        );
    }
}

const STEP_SCRAMBLE: &str = "R' U' F D2 L2 F R2 U2 R2 B D2 L2 F2 R' D' B2 U F2 L' B' R' U' F";

/// A step table folder shared by the step tests of this process (the default cache folder is
/// kept out of reach of the tests).
fn step_tables() -> &'static str {
    static DIR: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().unwrap())
        .path()
        .to_str()
        .unwrap()
}

/// Runs a step command with its tables in [`step_tables`].
fn twisty_step(args: &[&str]) -> Output {
    let mut args = args.to_vec();
    args.extend(["--tables-dir", step_tables()]);
    twisty(&args)
}

/// The lines a step command printed.
fn step_lines(args: &[&str]) -> Vec<String> {
    lines_of(args, twisty_step(args))
}

/// The lines a successful command printed.
fn output_lines(args: &[&str]) -> Vec<String> {
    lines_of(args, twisty(args))
}

/// The lines of a command's output, which must be a success.
fn lines_of(args: &[&str], out: Output) -> Vec<String> {
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "twisty {args:?}: {err}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// The lines of `twisty cube3 step eofb` on the scramble, with more arguments.
fn eofb_lines(extra: &[&str]) -> Vec<String> {
    let mut args = vec!["cube3", "step", "eofb", "--moves", STEP_SCRAMBLE];
    args.extend_from_slice(extra);
    step_lines(&args)
}

#[test]
fn step_solutions_one_per_line_reach_the_goal() {
    use twisty::cube3::steps::{self, Step, sequence};
    use twisty::cube3::{Alg, Cube};
    let scramble: Alg = STEP_SCRAMBLE.parse().unwrap();
    // Every solution of EO up to 5 moves in all NISS modes, then DR from one of them (mixed).
    let eo = eofb_lines(&["--niss", "all", "--max-length", "5", "--all"]);
    assert!(eo.len() > 1, "{eo:?}");
    let mut seen = std::collections::HashSet::new();
    for line in &eo {
        let alg: Alg = line.parse().unwrap();
        assert_eq!(
            &sequence::niss_text(&alg),
            line,
            "printed as nissy writes it"
        );
        assert!(sequence::count_moves(&alg) <= 5, "{line}");
        let cube = steps::position(&scramble, &alg);
        assert!(Step::by_name("eofb").unwrap().goal.holds(&cube), "{line}");
        assert!(seen.insert(line.clone()), "{line} twice");
    }
    let counts: Vec<usize> = eo
        .iter()
        .map(|l| sequence::count_moves(&l.parse().unwrap()))
        .collect();
    assert!(
        counts.windows(2).all(|w| w[0] <= w[1]),
        "shortest first: {counts:?}"
    );
    // The default is one solution: the first of the list.
    let one = eofb_lines(&["--niss", "all", "--max-length", "5"]);
    assert_eq!(one, eo[..1]);
    // A B32 cube and --so-far continue the solve from the EO found.
    let cube = Cube::from_alg(&scramble).to_b32();
    let dr = step_lines(&[
        "cube3",
        "step",
        "drud-eofb",
        &cube,
        "--so-far",
        &eo[0],
        "--niss",
        "mixed",
        "--max-length",
        "12",
        "--limit",
        "3",
    ]);
    assert!(!dr.is_empty() && dr.len() <= 3, "{dr:?}");
    let after_eo = steps::position(&scramble, &eo[0].parse().unwrap());
    for line in &dr {
        let cube = steps::apply_held(&after_eo, &line.parse().unwrap());
        assert!(
            Step::by_name("drud-eofb").unwrap().goal.holds(&cube),
            "{line}"
        );
    }
}

#[test]
fn step_tables_are_built_once_in_their_folder() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let run = || {
        twisty(&[
            "cube3",
            "step",
            "drud-eofb",
            "--moves",
            "R",
            "--tables-dir",
            d,
        ])
    };
    let (first, second) = (run(), run());
    assert!(first.status.success() && second.status.success());
    assert_eq!(first.stdout, second.stdout);
    let building =
        |o: &Output| String::from_utf8_lossy(&o.stderr).contains("building the step tables");
    assert!(building(&first), "the first call builds the file");
    assert!(!building(&second), "the second maps it");
    assert!(dir.path().join("cube3-step-dreo-v1.tbl").is_file());
}

#[test]
fn step_bounds_and_lists() {
    // --all with a max length: every solution of at most that many moves, no more.
    let up_to_4 = eofb_lines(&["--all", "--max-length", "4"]);
    let up_to_5 = eofb_lines(&["--all", "--max-length", "5"]);
    assert!(!up_to_4.is_empty() && up_to_5.len() > up_to_4.len());
    assert_eq!(up_to_5[..up_to_4.len()], up_to_4[..]);
    // A bound no solution meets: nothing printed, a clean exit.
    let shortest = twisty::cube3::steps::sequence::count_moves(&up_to_4[0].parse().unwrap());
    let below = (shortest - 1).to_string();
    let out = twisty_step(&[
        "cube3",
        "step",
        "eofb",
        "--moves",
        STEP_SCRAMBLE,
        "--max-length",
        &below,
    ]);
    assert!(out.status.success());
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("0 solution(s)"));
    // The list names every step of the catalogue, one per line.
    let list = step_lines(&["cube3", "step", "--list"]);
    let names: Vec<&str> = list.iter().map(|l| l.split(' ').next().unwrap()).collect();
    let expected: Vec<&str> = twisty::cube3::steps::STEPS.iter().map(|s| s.name).collect();
    assert_eq!(names, expected);
    // Each line says what the step does in the engine's words (the same line every runtime has).
    for (line, step) in list.iter().zip(&twisty::cube3::steps::STEPS) {
        assert_eq!(line[10..].trim_start(), step.describe(), "{line}");
    }
    assert!(list[6].contains("from edges oriented on the F/B axis"), "{}", list[6]);
}

#[test]
fn step_arguments_are_checked() {
    let err = refused(
        &["cube3", "step", "eo", "--moves", "R"],
        "unknown step 'eo'",
    );
    assert!(err.contains("eofb, eorl, eoud, drud"), "{err}");
    refused(
        &[
            "cube3", "step", "eofb", "--moves", "R", "--niss", "sideways",
        ],
        "unknown NISS mode \"sideways\" (expected one of: normal, inverse, linear, mixed, all)",
    );
    refused(
        &[
            "cube3",
            "step",
            "drudslice",
            "--moves",
            "R2",
            "--niss",
            "mixed",
        ],
        "step drudslice cannot switch NISS sides",
    );
    // F flips four edges on the F/B axis: no EO, no DR from it.
    refused(
        &["cube3", "step", "drud-eofb", "--moves", "F"],
        "step drud-eofb needs edges oriented on the F/B axis (eofb)",
    );
    refused(
        &["cube3", "step", "htr-drud", "--moves", "R"],
        "step htr-drud needs domino reduction on the U/D axis (drud)",
    );
    refused(
        &[
            "cube3",
            "step",
            "eofb",
            "--moves",
            "R",
            "--max-length",
            "21",
        ],
        "maximum length 21 is above 20",
    );
    refused(
        &["cube3", "step", "eofb", "--moves", "R", "--threads", "0"],
        "thread count 0 is out of range",
    );
    refused(
        &[
            "cube3", "step", "eofb", "--moves", "R", "--limit", "2", "--all",
        ],
        "cannot be used with",
    );
    refused(&["cube3", "step", "eofb"], "give either a cube or --moves");
}

#[test]
fn variations_one_per_line() {
    assert_eq!(
        output_lines(&["cube3", "variations", "unniss", "R U (U' R')"]),
        ["R U R U"]
    );
    let lastqt = output_lines(&["cube3", "variations", "lastqt", "F R L (B)"]);
    assert_eq!(lastqt.len(), 8);
    assert_eq!(lastqt[0], "F R L (B)");
    assert_eq!(lastqt[7], "F R' L' (B')");
    refused(
        &["cube3", "variations", "mirror", "R"],
        "unknown variation 'mirror' (expected unniss or lastqt)",
    );
}
