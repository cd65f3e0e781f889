//! `twisty-mpi solve` under `mpirun`: the answers of 1 to 4 ranks are those of the engine solving
//! each line in this process, in input order; a malformed line is answered with its error; a
//! job stopped part-way goes on from its journal (damaged records redone); a journal of another
//! job and a foreign file at the output are refused and left alone.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use twisty::cube3::{self, Alg, Cube};
use twisty::progress::{CancelToken, NoProgress};
use twisty::rng::Rng;

/// The table folder shared with the engine's own tests (`build/vector-dbs`).
fn table_dir() -> PathBuf {
    std::env::var_os("TWISTY_DB_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../build/vector-dbs"))
}

/// The 3x3x3 optimal solver at the smallest table size, opened (or built) once.
fn cube3_solver() -> &'static cube3::optimal::Solver {
    static S: OnceLock<cube3::optimal::Solver> = OnceLock::new();
    S.get_or_init(|| {
        let path = table_dir().join("cube3-optimal-h0.tbl");
        cube3::optimal::Solver::open_or_build(&path, 0, &mut NoProgress, &CancelToken::new())
            .unwrap()
    })
}

/// A fresh folder of this test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("twisty-batch-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Short random scrambles (1 to 7 face turns: each solves in milliseconds at h0), with a
/// comment, a blank line, a malformed move and a line that is not UTF-8 among them.
fn cube3_input() -> Vec<u8> {
    let mut rng = Rng::new(39);
    let faces = ["U", "D", "R", "L", "F", "B"];
    let mut text = b"# short scrambles\n".to_vec();
    for i in 0..22 {
        let moves: Vec<String> = (0..1 + rng.below(7))
            .map(|_| {
                let face = faces[rng.below(6) as usize];
                format!("{face}{}", ["", "'", "2"][rng.below(3) as usize])
            })
            .collect();
        text.extend_from_slice(moves.join(" ").as_bytes());
        text.push(b'\n');
        match i {
            5 => text.extend_from_slice(b"\n"),
            9 => text.extend_from_slice(b"R U Q\n"),
            14 => text.extend_from_slice(b"R \xff U\r\n"),
            _ => {}
        }
    }
    text
}

/// A fresh folder holding `scrambles.txt` ([`cube3_input`]): the folder, the file, its bytes.
fn scrambles(name: &str) -> (PathBuf, PathBuf, Vec<u8>) {
    let dir = folder(name);
    let input = dir.join("scrambles.txt");
    let bytes = cube3_input();
    std::fs::write(&input, &bytes).unwrap();
    (dir, input, bytes)
}

/// The output the program must write, from the engine solving each line here (the file format
/// of `docs/distributed.md`, "Batch solving").
fn expected_cube3(input: &[u8]) -> String {
    let key = format!(
        "cube3 table=h0 lines=moves input-xxh3={:016x} input-bytes={}",
        xxhash_rust::xxh3::xxh3_64(input),
        input.len()
    );
    let mut out = format!("# twisty-mpi answers v1\t{key}\n");
    let opts = cube3::optimal::SolveOptions {
        threads: 1,
        ..Default::default()
    };
    for (i, raw) in input.split(|&b| b == b'\n').enumerate() {
        let line = raw.strip_suffix(b"\r").unwrap_or(raw);
        let shown = String::from_utf8_lossy(line);
        if shown.trim().is_empty() || shown.trim().starts_with('#') {
            continue;
        }
        let answer = match std::str::from_utf8(line) {
            Err(_) => {
                "error\t1\tinvalid_notation\tat position 2: the line is not UTF-8 text".into()
            }
            Ok(text) => match Alg::parse(text)
                .and_then(|a| cube3_solver().solve(&Cube::from_alg(&a), &opts, &mut NoProgress))
            {
                Ok(found) => format!("{}\t{}", found.length, found.solutions[0]),
                Err(e) => format!("error\t{}\t{}\t{}", e.code(), e.kind().name(), e.message()),
            },
        };
        out.push_str(&format!("{}\t{shown}\t{answer}\n", i + 1));
    }
    out
}

/// `twisty-mpi solve ...` on `np` ranks: exit status, standard output and error. `mpirun
/// --timeout` ends a job that would hang the suite (the jobs here take seconds).
fn solve<S: AsRef<std::ffi::OsStr>>(np: usize, args: &[S]) -> (bool, String, String) {
    let out = Command::new("mpirun")
        .args(["--allow-run-as-root", "--oversubscribe", "--timeout", "300"])
        .args([
            "-np",
            &np.to_string(),
            env!("CARGO_BIN_EXE_twisty-mpi"),
            "solve",
        ])
        .args(args)
        .output()
        .expect("mpirun (install openmpi-bin: make deps)");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The arguments of a 3x3x3 job (move sequences, table h0) from `input` into `output`.
fn cube3_args(input: &Path, output: &Path, extra: &[&str]) -> Vec<String> {
    cube3_solver();
    let table = table_dir().join("cube3-optimal-h0.tbl");
    let mut a: Vec<String> = ["cube3", "--moves", "--table", "h0", "-o"]
        .map(String::from)
        .into();
    a.push(output.display().to_string());
    a.push("--tables".into());
    a.push(table.display().to_string());
    a.push(input.display().to_string());
    a.extend(extra.iter().map(|s| s.to_string()));
    a
}

fn journal(output: &Path) -> PathBuf {
    PathBuf::from(format!("{}.journal", output.display()))
}

#[test]
fn every_rank_count_writes_the_one_process_answers_in_input_order() {
    let (dir, input, bytes) = scrambles("ranks");
    let want = expected_cube3(&bytes);
    // Two error lines, and every other position line answered with a length.
    assert_eq!(want.matches("\terror\t").count(), 2, "{want}");
    assert_eq!(want.lines().count(), 1 + 24);
    for (np, threads, chunk) in [(1, "2", "4"), (2, "1", "1"), (3, "1", "2"), (4, "1", "3")] {
        let output = dir.join(format!("np{np}.txt"));
        let mut args = cube3_args(&input, &output, &["--threads", threads, "--chunk", chunk]);
        if np == 2 {
            // `--tables` naming a folder: the table under the engine's cache-file name there.
            let tables = dir.join("tables");
            std::fs::create_dir_all(&tables).unwrap();
            let name = tables.join(cube3::optimal::cache_file(0));
            std::os::unix::fs::symlink(table_dir().join("cube3-optimal-h0.tbl"), name).unwrap();
            let at = args.iter().position(|a| a == "--tables").unwrap() + 1;
            args[at] = tables.display().to_string();
        }
        let (ok, text, err) = solve(np, &args);
        assert!(ok, "-np {np}: {text}\n{err}");
        assert_eq!(std::fs::read_to_string(&output).unwrap(), want, "-np {np}");
        assert!(
            !journal(&output).exists(),
            "the journal of a finished job is removed"
        );
        // Rank 0 alone prints the distribution: 22 lengths and the two error lines.
        assert_eq!(text.matches("error lines: 2").count(), 1, "{text}");
        assert!(text.contains("of 22 position(s)"), "{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_stopped_job_goes_on_from_its_journal_and_damaged_records_are_redone() {
    let (dir, input, bytes) = scrambles("resume");
    let output = dir.join("answers.txt");
    // A first run that stops after 6 answers: no output yet, 6 records in the journal.
    let (ok, text, err) = solve(
        2,
        &cube3_args(&input, &output, &["--threads", "1", "--stop-after", "6"]),
    );
    assert!(ok, "{text}\n{err}");
    assert!(text.contains("stopped before the end"), "{text}");
    assert!(!output.exists());
    let first = std::fs::read_to_string(journal(&output)).unwrap();
    let records: Vec<&str> = first.lines().skip(1).collect();
    assert_eq!(records.len(), 6, "{first}");
    // One record changed by a byte (its check no longer matches) and one cut short, as a kill
    // in the middle of a write leaves it.
    let changed = records[1].replacen('\t', "\t1", 1);
    let damaged = first.replacen(records[1], &changed, 1) + "19\t3\tR U";
    std::fs::write(journal(&output), damaged).unwrap();
    // The second run, on another rank count, trusts the 5 whole records and redoes the rest.
    let (ok, text, err) = solve(3, &cube3_args(&input, &output, &["--threads", "1"]));
    assert!(ok, "{text}\n{err}");
    assert!(
        text.contains("5 answered by the journal (2 damaged record(s) redone)"),
        "{text}"
    );
    assert!(text.contains("19 line(s) answered in this run"), "{text}");
    assert_eq!(
        std::fs::read_to_string(&output).unwrap(),
        expected_cube3(&bytes)
    );

    // A journal of another input is refused and left alone.
    let other = dir.join("other.txt");
    std::fs::write(&other, b"R U\n").unwrap();
    let (ok, ..) = solve(
        1,
        &cube3_args(&input, &output, &["--threads", "1", "--stop-after", "1"]),
    );
    assert!(ok);
    let kept = std::fs::read(journal(&output)).unwrap();
    let (ok, text, err) = solve(2, &cube3_args(&other, &output, &["--threads", "1"]));
    assert!(!ok, "{text}");
    assert!(err.contains("belongs to another job"), "{err}");
    assert_eq!(std::fs::read(journal(&output)).unwrap(), kept);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_foreign_file_at_the_output_is_refused_and_unchanged() {
    let (dir, input, _) = scrambles("foreign");
    let output = dir.join("notes.txt");
    std::fs::write(&output, "notes\n").unwrap();
    let (ok, text, err) = solve(2, &cube3_args(&input, &output, &["--threads", "1"]));
    assert!(!ok, "{text}");
    assert!(
        err.contains("exists and holds something else; it was left alone"),
        "{err}"
    );
    // Every rank stops with a message, none waits.
    assert!(
        err.contains("twisty-mpi (rank 1): stopped: rank 0 failed"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&output).unwrap(), "notes\n");
    assert!(!journal(&output).exists());
    assert!(!dir.join("notes.txt.partial").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn square_one_states_are_answered_as_the_engine_answers_them() {
    use twisty::sq1::solve::{Metric, Solver};
    use twisty::sq1::{Colouring, MoveSeq, Notation, State};
    let path = table_dir().join("sq1-solver.tbl");
    let solver = Solver::open_or_build(&path, &mut NoProgress, &CancelToken::new()).unwrap();
    // States a few legal twists from solved (their canonical text), and a state that is no
    // state.
    let mut rng = Rng::new(5);
    let mut states = Vec::new();
    while states.len() < 8 {
        let mut s = State::solved(Colouring::SixColour);
        let mut twists = 0;
        while twists < 3 {
            let (t, b) = (rng.below(12) as i32 - 5, rng.below(12) as i32 - 5);
            let step = MoveSeq::parse(&format!("({t},{b})/"), Notation::Wca).unwrap();
            if let Ok(next) = s.apply(&step) {
                s = next;
                twists += 1;
            }
        }
        states.push(s.to_string());
    }
    states.insert(3, "not a state".into());
    let dir = folder("sq1");
    let input = dir.join("states.txt");
    let text = states.join("\n") + "\n";
    std::fs::write(&input, &text).unwrap();
    let mut want = format!(
        "# twisty-mpi answers v1\tsq1 metric=wca lines=positions input-xxh3={:016x} \
         input-bytes={}\n",
        xxhash_rust::xxh3::xxh3_64(text.as_bytes()),
        text.len()
    );
    for (i, s) in states.iter().enumerate() {
        let answer = match State::parse(s).and_then(|st| solver.solve(&st, Metric::Wca)) {
            Ok(sol) => format!("{}\t{}", sol.length, sol.to_wca()),
            Err(e) => format!("error\t{}\t{}\t{}", e.code(), e.kind().name(), e.message()),
        };
        want.push_str(&format!("{}\t{s}\t{answer}\n", i + 1));
    }
    assert_eq!(want.matches("\terror\t").count(), 1, "{want}");
    let output = dir.join("answers.txt");
    let (ok, out, err) = solve(
        2,
        &[
            "sq1",
            input.to_str().unwrap(),
            "-o",
            output.to_str().unwrap(),
            "--metric",
            "wca",
            "--tables",
            path.to_str().unwrap(),
            "--threads",
            "1",
        ],
    );
    assert!(ok, "{out}\n{err}");
    assert_eq!(std::fs::read_to_string(&output).unwrap(), want);
    let _ = std::fs::remove_dir_all(&dir);
}
