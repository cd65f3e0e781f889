//! The MPI layer under `mpirun` with several ranks (oversubscribed: more ranks than cores is the
//! point), once over loopback TCP only.

use std::process::Command;

/// `mpirun` as the tests run it: root allowed (CI runs as root), more ranks than cores.
fn mpirun(np: usize, extra: &[&str], program: &str, args: &[&str]) -> std::process::Output {
    Command::new("mpirun")
        .args([
            "--allow-run-as-root",
            "--oversubscribe",
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
