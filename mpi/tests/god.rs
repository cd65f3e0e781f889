//! `twisty-mpi sq1 depths` under `mpirun` (oversubscribed): the six-colour twist-metric
//! table's first depths on 1, 2, 4 and 7 ranks, once over loopback TCP only.

use std::process::{Command, Output};

/// `twisty-mpi sq1 depths ARGS` on `np` ranks (root allowed, more ranks than cores, and ended
/// with an error after 10 minutes rather than hanging; the runs here take seconds).
fn depths(np: usize, mca: &[&str], args: &[&str]) -> Output {
    let np = np.to_string();
    let launcher = ["--allow-run-as-root", "--oversubscribe", "--timeout", "600"];
    Command::new("mpirun")
        .args(launcher)
        .args(["-np", &np])
        .args(mca)
        .args([env!("CARGO_BIN_EXE_twisty-mpi"), "sq1", "depths"])
        .args(args)
        .output()
        .expect("mpirun (install openmpi-bin: make deps)")
}

/// Masonjones's classes per depth (2005).
const PUBLISHED: [u64; 5] = [1, 64, 1153, 17050, 235144];

#[test]
fn every_rank_count_prints_the_published_depths() {
    for (np, mca) in [
        (1, &[][..]),
        (2, &[][..]),
        (4, &[][..]),
        (7, &["--mca", "btl", "tcp,self"][..]),
    ] {
        // Rounds of 2000 cells: depths 3 and 4 take several exchanges.
        let args = [
            "--max-depth",
            "4",
            "--round-cells",
            "2000",
            "--threads",
            "1",
        ];
        let out = depths(np, mca, &args);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "-np {np}: {text}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        // Rank 0 alone prints: one line per depth searched, the counts, then the total.
        for (depth, n) in PUBLISHED.iter().enumerate().skip(1) {
            let line = format!("depth {depth:>2}: {n:>14} classes");
            assert_eq!(text.matches(&line).count(), 1, "-np {np}: {text}");
        }
        assert_eq!(counts(&text), PUBLISHED, "-np {np}: {text}");
        let total: u64 = PUBLISHED.iter().sum();
        assert!(
            text.contains(&format!("done: {total} classes in depths 0..=4,")),
            "-np {np}: {text}"
        );
    }
}

/// The counts of the final summary, depth by depth.
fn counts(text: &str) -> Vec<u64> {
    text.lines()
        .filter_map(|l| l.strip_prefix("classes at depth "))
        .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
        .collect()
}

#[test]
fn a_run_resumes_from_its_checkpoint() {
    let dir = std::env::temp_dir().join(format!("twisty-mpi-god-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let folder = dir.to_str().unwrap();
    let run = |np: usize, depth: &str| {
        let args = [
            "--max-depth",
            depth,
            "--round-cells",
            "2000",
            "--threads",
            "1",
        ];
        depths(np, &[], &[&args[..], &["--checkpoint", folder]].concat())
    };
    let first = run(2, "3");
    assert!(first.status.success());
    assert_eq!(
        counts(&String::from_utf8_lossy(&first.stdout)),
        PUBLISHED[..4]
    );
    // Depth 4 alone is searched; the counts are the whole table's.
    let out = run(2, "4");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let searched: Vec<&str> = text.lines().filter(|l| l.starts_with("depth ")).collect();
    assert!(
        searched.len() == 1 && searched[0].starts_with("depth  4:"),
        "{text}"
    );
    assert_eq!(counts(&text), PUBLISHED, "{text}");
    // Another rank count is refused by every rank.
    let out = run(3, "5");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    for rank in 0..3 {
        assert!(err.contains(&format!("twisty-mpi (rank {rank}):")), "{err}");
    }
    assert!(err.contains("a checkpoint of 2 ranks"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_bad_option_fails_every_rank_with_the_reason() {
    let out = depths(2, &[], &["--max-depth", "2", "--round-cells", "0"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    for rank in 0..2 {
        let line = format!("twisty-mpi (rank {rank}): round_cells must be at least 1");
        assert!(err.contains(&line), "{err}");
    }
}

#[test]
fn sixteen_ranks_with_dense_slices_print_the_published_depths() {
    // As on a cluster: 16 ranks, each a 4-bit slice of 17 GB, of which depth 3 touches a few
    // pages. A system that will not promise that much memory refuses on every rank, cleanly.
    let out = depths(16, &[], &["--dense", "--max-depth", "3", "--threads", "1"]);
    let text = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() && err.matches("cannot be allocated").count() == 16 {
        eprintln!("skipped: this system does not lend 16 slices of 17 GB");
        return;
    }
    assert!(out.status.success(), "{text}\n{err}");
    assert!(text.contains("16 rank(s), 4-bit slices"), "{text}");
    assert_eq!(counts(&text), PUBLISHED[..4], "{text}");
    let total: u64 = PUBLISHED[..4].iter().sum();
    assert!(
        text.contains(&format!("done: {total} classes in depths 0..=3,")),
        "{text}"
    );
}
