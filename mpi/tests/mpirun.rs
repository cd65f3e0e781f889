//! The MPI layer under `mpirun` with several ranks (oversubscribed: more ranks than cores is the
//! point), once over loopback TCP only.

use std::process::Command;

/// `mpirun` as the tests run it: root allowed (CI runs as root), more ranks than cores, and a
/// guard against a hang (a job that would block the suite ends with an error after 10 minutes;
/// the jobs here take seconds).
fn mpirun(np: usize, extra: &[&str], program: &str, args: &[&str]) -> std::process::Output {
    mpirun_command(np, extra, program, args)
        .output()
        .expect("mpirun (install openmpi-bin: make deps)")
}

fn mpirun_command(np: usize, extra: &[&str], program: &str, args: &[&str]) -> Command {
    let mut c = Command::new("mpirun");
    c.args([
        "--allow-run-as-root",
        "--oversubscribe",
        "--timeout",
        "600",
        "-np",
        &np.to_string(),
    ])
    .args(extra)
    .arg(program)
    .args(args);
    c
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

/// A fresh `dir` with the one-process `article` database to `max_level` in it (the same file
/// as `twisty db build`, core's tests show); its header as [`database`] gives it.
fn reference(dir: &std::path::Path, max_level: u32) -> twisty::sq1::db::Header {
    use twisty::bfs::{Options, transport::Solo};
    use twisty::progress::CancelToken;
    use twisty::sq1::db::{BuildOptions, Variant, partitioned::build_partitioned};
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join("one.db");
    let mut o = BuildOptions::new(Variant::Article);
    o.max_level = max_level;
    build_partitioned(
        &path,
        &o,
        &Options::default(),
        &mut Solo,
        &CancelToken::new(),
        &mut |_| {},
    )
    .unwrap();
    database(&path)
}

#[test]
fn a_database_built_on_any_rank_count_is_the_one_process_file() {
    let dir = std::env::temp_dir().join(format!("twisty-mpi-db-{}", std::process::id()));
    let want = reference(&dir, 4);
    let program = env!("CARGO_BIN_EXE_twisty-mpi");
    for (np, extra) in [
        (1, &[][..]),
        (2, &[][..]),
        (4, &[][..]),
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

/// The pid of the rank `rank` of the job whose command line holds `marker` (Open MPI tells each
/// rank its number in `OMPI_COMM_WORLD_RANK`).
fn rank_pid(marker: &str, rank: usize) -> Option<u32> {
    let want = format!("OMPI_COMM_WORLD_RANK={rank}");
    std::fs::read_dir("/proc").ok()?.flatten().find_map(|e| {
        let pid: u32 = e.file_name().to_str()?.parse().ok()?;
        let cmd = std::fs::read(e.path().join("cmdline")).ok()?;
        let env = std::fs::read(e.path().join("environ")).ok()?;
        let has = |hay: &[u8], needle: &str| {
            hay.split(|&b| b == 0)
                .any(|w| String::from_utf8_lossy(w).contains(needle))
        };
        (has(&cmd, marker)
            && has(&cmd, "twisty-mpi")
            && env.split(|&b| b == 0).any(|w| w == want.as_bytes()))
        .then_some(pid)
    })
}

/// The level a rank's checkpoint state file records (0 when there is none yet).
fn saved_level(state: &std::path::Path) -> u8 {
    std::fs::read_to_string(state)
        .ok()
        .and_then(|t| {
            t.lines()
                .find_map(|l| l.strip_prefix("level=")?.parse().ok())
        })
        .unwrap_or(0)
}

fn signal(pid: u32, sig: &str) {
    let ok = Command::new("kill")
        .args([sig, &pid.to_string()])
        .status()
        .unwrap();
    assert!(ok.success(), "kill {sig} {pid}");
}

#[test]
fn a_killed_rank_fails_the_job_and_a_restart_resumes_from_the_checkpoint() {
    let dir = std::env::temp_dir().join(format!("twisty-mpi-kill-{}", std::process::id()));
    let max_level = 5;
    let want = reference(&dir, max_level);
    let program = env!("CARGO_BIN_EXE_twisty-mpi");
    let path = dir.join("np2.db");
    let checkpoints = dir.join("checkpoints");
    let marker = checkpoints.to_str().unwrap().to_string();
    let max = max_level.to_string();
    // Small rounds: the last levels take hundreds of exchanges, so the job is caught mid-run.
    let args = [
        "db",
        "build",
        path.to_str().unwrap(),
        "--max-level",
        &max,
        "--round-cells",
        "500",
        "--threads",
        "1",
        "--checkpoint",
        &marker,
    ];
    let state1 = checkpoints.join("rank-1-of-2.state");
    let mut killed_at = 0;
    // Rank 1 is stopped as soon as it has saved a level, and killed only if it is still short
    // of the last level (then the job cannot have finished without it); otherwise it runs on
    // and the attempt is made again from scratch.
    for _attempt in 0..5 {
        let _ = std::fs::remove_dir_all(&checkpoints);
        let _ = std::fs::remove_file(&path);
        let mut job = mpirun_command(2, &[], program, &args)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let mut pid = None;
        while job.try_wait().unwrap().is_none() {
            pid = pid.or_else(|| rank_pid(&marker, 1));
            if let Some(p) = pid
                && saved_level(&state1) >= 2
            {
                signal(p, "-STOP");
                let level = saved_level(&state1);
                if level < max_level as u8 {
                    signal(p, "-KILL");
                    killed_at = level;
                } else {
                    signal(p, "-CONT");
                }
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        let status = job.wait().unwrap();
        if killed_at > 0 {
            // The job ends by itself, with an error (mpirun's own timeout would say 600 s).
            assert!(!status.success(), "killed at level {killed_at}");
            break;
        }
    }
    assert!(
        killed_at >= 2,
        "rank 1 was never caught before the last level"
    );
    assert!(!path.exists());
    // Run again with the same arguments: it resumes after the saved level.
    let out = mpirun(2, &[], program, &args);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!text.contains("level  2:"), "{text}");
    assert!(text.contains(&format!("level  {max_level}:")), "{text}");
    assert!(database(&path) == want, "not the one-process file");
    assert_eq!(std::fs::read_dir(&checkpoints).unwrap().count(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}
