//! The 3x3x3 benches: `cube3 bench` (two-phase solver), `cube3 optimal-bench` (optimal solver
//! on a file of cubes) and `cube3 optimal-stop-bench` (how late a stop is honoured).

use std::path::{Path, PathBuf};

use twisty::cube3::{self, Alg, Cube};
use twisty::progress::{CancelToken, ProgressReport};

use super::{open_cube3_solver, open_optimal_solver};
use crate::args::{OtherWork, cancel_on_ctrl_c};

/// `cube3 bench`: the two-phase solver on random cubes (seeds 0..count).
pub fn two_phase(
    count: u64,
    max_length: u32,
    pollute: u32,
    tables: Option<PathBuf>,
) -> twisty::Result<()> {
    use cube3::solve::SolveOptions;
    let mut other_work = OtherWork::new(pollute);
    let solver = open_cube3_solver(tables)?;
    let opts = SolveOptions {
        max_length,
        ..SolveOptions::default()
    };
    let mut times = Vec::new();
    let mut total = 0u64;
    let mut work = [0u64; 3];
    for seed in 0..count {
        let c = Cube::random(&mut twisty::rng::Rng::new(seed));
        other_work.run(seed);
        let t = std::time::Instant::now();
        let (alg, stats) = solver.solve_with_stats(&c, &opts)?;
        times.push(t.elapsed());
        total += alg.len() as u64;
        work[0] += stats.phase1_nodes;
        work[1] += stats.phase2_starts;
        work[2] += stats.phase2_nodes;
    }
    times.sort();
    let pct = |p: usize| times[(times.len() - 1) * p / 100];
    let mean = times.iter().sum::<std::time::Duration>() / count as u32;
    println!(
        "two-phase, max {max_length} moves, {count} random cubes: mean {mean:.2?}, \
         median {:.2?}, 90% {:.2?}, max {:.2?}; average length {:.2}",
        pct(50),
        pct(90),
        pct(100),
        total as f64 / count as f64
    );
    println!(
        "per cube: {} phase-1 nodes, {} phase-2 starts, {} phase-2 nodes",
        work[0] / count,
        work[1] / count,
        work[2] / count
    );
    Ok(())
}

/// `cube3 optimal-bench`: the optimal solver on the cubes of a file.
pub fn optimal(
    positions: &Path,
    threads: usize,
    table: u8,
    tables: Option<PathBuf>,
) -> twisty::Result<()> {
    let text = std::fs::read_to_string(positions)
        .map_err(|e| twisty::Error::invalid_argument(format!("{}: {e}", positions.display())))?;
    let cubes = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(|l| match Cube::from_b32(l) {
            Ok(c) => Ok(c),
            Err(_) => Alg::parse(l).map(|a| Cube::from_alg(&a)),
        })
        .collect::<twisty::Result<Vec<_>>>()?;
    if cubes.is_empty() {
        return Err(twisty::Error::invalid_argument(format!(
            "{} holds no cube",
            positions.display()
        )));
    }
    let solver = open_optimal_solver(table, tables)?;
    let opts = cube3::optimal::SolveOptions {
        threads,
        cancel: Some(cancel_on_ctrl_c()),
        ..Default::default()
    };
    let (mut times, mut nodes, mut lengths) = (Vec::new(), 0u64, 0u64);
    for c in &cubes {
        let t = std::time::Instant::now();
        let found = solver.solve(c, &opts, &mut |_: &ProgressReport| {})?;
        let dt = t.elapsed();
        println!(
            "{c} {} moves {:.3} s {} nodes",
            found.length,
            dt.as_secs_f64(),
            found.nodes
        );
        times.push(dt);
        nodes += found.nodes;
        lengths += found.length as u64;
    }
    let total: std::time::Duration = times.iter().sum();
    times.sort();
    let n = times.len();
    println!(
        "optimal h{table}, {threads} thread(s), {n} cubes (mean length {:.2}): mean {:.3} s, \
         median {:.3} s, max {:.3} s; {:.2} M nodes/s",
        lengths as f64 / n as f64,
        total.as_secs_f64() / n as f64,
        times[n / 2].as_secs_f64(),
        times[n - 1].as_secs_f64(),
        nodes as f64 / total.as_secs_f64() / 1e6
    );
    Ok(())
}

/// Runs `work` with a token that another thread cancels `delay` after the start, and returns
/// how long after that cancellation `work` returned (zero when it returned first) and its
/// answer.
fn lag_after_cancel<T>(
    delay: std::time::Duration,
    work: impl FnOnce(&CancelToken) -> T,
) -> (std::time::Duration, T) {
    let token = CancelToken::new();
    let (tx, rx) = std::sync::mpsc::channel::<()>();
    let t2 = token.clone();
    let canceller = std::thread::spawn(move || {
        // Returns early when the work ended first: nothing to cancel.
        match rx.recv_timeout(delay) {
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                t2.cancel();
                Some(std::time::Instant::now())
            }
            _ => None,
        }
    });
    let answer = work(&token);
    let end = std::time::Instant::now();
    let _ = tx.send(());
    let at = canceller.join().ok().flatten();
    (
        at.map_or(std::time::Duration::ZERO, |at| {
            end.saturating_duration_since(at)
        }),
        answer,
    )
}

/// `cube3 optimal-stop-bench`: see the command's help.
pub fn optimal_stop(
    tries: usize,
    delay_ms: u64,
    build: bool,
    table: u8,
    tables: Option<PathBuf>,
) -> twisty::Result<()> {
    use std::time::{Duration, Instant};
    let delay = Duration::from_millis(delay_ms);
    let t = Instant::now();
    let solver = open_optimal_solver(table, tables)?;
    // Opening takes no token: it is bounded by reading and checksumming the file once.
    println!(
        "h{table} opened in {:.1} ms",
        t.elapsed().as_secs_f64() * 1e3
    );
    let superflip = cube3::Cube::from_b32("ABCDEFGH=QRSTUVWXYZab=A")?;
    let summary = |what: &str, mut lags: Vec<Duration>| {
        lags.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        println!(
            "h{table} {what}, stopped after {delay_ms} ms, {} tries: lag min {:.1} ms, median {:.1} ms, max {:.1} ms",
            lags.len(),
            ms(lags[0]),
            ms(lags[lags.len() / 2]),
            ms(lags[lags.len() - 1])
        );
    };
    // A stop that came after the answer is no measure of the lag.
    let stopped = |r: &twisty::Result<cube3::optimal::Solutions>| match r {
        Err(e) if e.kind() == twisty::ErrorKind::Cancelled => Ok(()),
        Err(e) => Err(e.clone()),
        Ok(_) => Err(twisty::Error::invalid_argument(
            "the superflip was solved before the stop: give a shorter --delay-ms",
        )),
    };
    for threads in [1, 2] {
        let opts = |deadline, cancel: Option<&CancelToken>| cube3::optimal::SolveOptions {
            threads,
            deadline,
            cancel: cancel.cloned(),
            ..Default::default()
        };
        let mut lags = Vec::new();
        for _ in 0..tries {
            let deadline = Instant::now() + delay;
            let r = solver.solve(
                &superflip,
                &opts(Some(deadline), None),
                &mut twisty::progress::NoProgress,
            );
            lags.push(Instant::now().saturating_duration_since(deadline));
            stopped(&r)?;
        }
        summary(&format!("search, deadline, {threads} thread(s)"), lags);
        let mut lags = Vec::new();
        for _ in 0..tries {
            let (lag, r) = lag_after_cancel(delay, |token| {
                solver.solve(
                    &superflip,
                    &opts(None, Some(token)),
                    &mut twisty::progress::NoProgress,
                )
            });
            lags.push(lag);
            stopped(&r)?;
        }
        summary(&format!("search, token, {threads} thread(s)"), lags);
    }
    if build {
        drop(solver);
        let mut lags = Vec::new();
        for _ in 0..tries {
            let (lag, r) = lag_after_cancel(delay, |token| {
                cube3::optimal::Solver::build(table, &mut twisty::progress::NoProgress, token)
            });
            match r {
                Err(e) if e.kind() == twisty::ErrorKind::Cancelled => lags.push(lag),
                Err(e) => return Err(e),
                Ok(_) => {
                    return Err(twisty::Error::invalid_argument(
                        "the table was built before the stop: give a shorter --delay-ms",
                    ));
                }
            }
        }
        summary("table build (in memory), token", lags);
    }
    Ok(())
}
