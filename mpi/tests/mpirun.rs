//! The MPI layer under `mpirun` with several ranks (oversubscribed: more ranks than cores is the
//! point), once over loopback TCP only.

use std::process::Command;

/// `mpirun` as the tests run it: root allowed (CI runs as root), more ranks than cores, and a
/// guard against a hang (a job that would block the suite ends with an error after 10 minutes;
/// the jobs here take seconds).
fn mpirun(np: usize, extra: &[&str], program: &str, args: &[&str]) -> std::process::Output {
    Command::new("mpirun")
        .args([
            "--allow-run-as-root",
            "--oversubscribe",
            "--timeout",
            "600",
            "-np",
            &np.to_string(),
        ])
        .args(extra)
        .arg(program)
        .args(args)
        .output()
        .expect("mpirun (install openmpi-bin: make deps)")
}

fn example(name: &str) -> String {
    // Cargo builds examples for integration tests; they sit beside the test binary's folder.
    let mut p = std::env::current_exe().unwrap();
    p.pop();
    if p.ends_with("deps") {
        p.pop();
    }
    p.join("examples").join(name).display().to_string()
}

#[test]
fn exchange_and_reductions_agree_on_every_rank_count() {
    let program = example("exchange");
    for (np, round, extra) in [
        (1, "1048576", &[][..]),
        (2, "1048576", &[][..]),
        // Rounds smaller than the payloads: every pair crosses in several rounds.
        (3, "1000", &[][..]),
        (4, "333", &["--mca", "btl", "tcp,self"][..]),
    ] {
        let out = mpirun(np, extra, &program, &[round]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "mpirun -np {np}: {text}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let oks = text.lines().filter(|l| l.contains(": ok")).count();
        assert_eq!(oks, np, "{text}");
    }
}

/// A database file's header with the build's time and thread count cleared (each build's own),
/// once its data are checked against the header's region checksums: equal headers then mean
/// equal files.
fn database(path: &std::path::Path) -> twisty::sq1::db::Header {
    twisty::sq1::db::Database::open(path)
        .unwrap()
        .verify()
        .unwrap();
    let (mut h, _) = twisty::sq1::db::Header::read(path).unwrap();
    (h.build_millis, h.threads) = (0, 0);
    h
}

#[test]
fn a_database_built_on_any_rank_count_is_the_one_process_file() {
    use twisty::bfs::{Options, transport::Solo};
    use twisty::progress::CancelToken;
    use twisty::sq1::db::{BuildOptions, Variant, partitioned::build_partitioned};
    let dir = std::env::temp_dir().join(format!("twisty-mpi-db-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // The reference: one process (the same file as `twisty db build`, core's tests show).
    let reference = dir.join("one.db");
    let mut o = BuildOptions::new(Variant::Article);
    o.max_level = 4;
    build_partitioned(
        &reference,
        &o,
        &Options::default(),
        &mut Solo,
        &CancelToken::new(),
        &mut |_| {},
    )
    .unwrap();
    let want = database(&reference);
    let program = env!("CARGO_BIN_EXE_twisty-mpi");
    for (np, extra) in [
        (1, &[][..]),
        (2, &[][..]),
        (7, &["--mca", "btl", "tcp,self"][..]),
    ] {
        let path = dir.join(format!("np{np}.db"));
        let args = [
            "db",
            "build",
            path.to_str().unwrap(),
            "--variant",
            "article",
            "--max-level",
            "4",
            "--round-cells",
            "3000",
            "--round-bytes",
            "65536",
            "--threads",
            "1",
        ];
        let out = mpirun(np, extra, program, &args);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "-np {np}: {text}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        // Rank 0 alone reports: one line per level, then the total.
        assert_eq!(text.matches("level  4:").count(), 1, "{text}");
        assert!(
            text.contains(&format!("done: {} classes", 1 + 32 + 536 + 7652)),
            "{text}"
        );
        assert!(
            database(&path) == want,
            "-np {np}: not the one-process file"
        );
    }
    // A text file where the database goes: every rank fails with the reason, the file stays.
    let notes = dir.join("notes.db");
    std::fs::write(&notes, "notes\n").unwrap();
    let out = mpirun(
        2,
        &[],
        program,
        &["db", "build", notes.to_str().unwrap(), "--max-level", "2"],
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("twisty-mpi (rank 0)") && err.contains("twisty-mpi (rank 1)"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "notes\n");
    let _ = std::fs::remove_dir_all(&dir);
}
