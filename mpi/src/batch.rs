//! Batch solving on MPI ranks: a file of positions (Square-1 or 3x3x3), one per line, solved
//! optimally by every rank, with the answers written in input order (`twisty-mpi solve`).
//!
//! Rank 0 alone touches files: it reads the input, keeps the journal and writes the output.
//! The lines go out in small chunks on demand (a rank that asks for work sends the answers of
//! its last chunk with the question), so fast and slow ranks stay busy alike; rank 0 solves
//! with its own threads between messages. Every rank opens (or builds) one table, which its
//! worker threads share; only the main thread calls MPI (`MPI_THREAD_FUNNELED`).
//!
//! Files (all UTF-8 text, one record a line, fields separated by tabs):
//!
//! - the output: a header `# twisty-mpi answers v1<TAB><job>` and then, for each position line
//!   of the input in order, `N<TAB>INPUT<TAB>LENGTH<TAB>SOLUTION` or
//!   `N<TAB>INPUT<TAB>error<TAB>CODE<TAB>KIND<TAB>MESSAGE` (the engine's stable error code and
//!   kind name). `N` counts every input line from 1; blank lines and `#` comments are not
//!   positions and get no record. Tabs, backslashes and control characters in INPUT and
//!   MESSAGE are written escaped (`\t`, `\\`, `\u{1}`).
//! - the journal, `OUTPUT.journal`: a header `# twisty-mpi journal v1<TAB><job>` and then one
//!   record per answer as it comes, `N<TAB>ANSWER<TAB>CHECK`, CHECK being the XXH3 of the
//!   record's text before it in 16 hexadecimal digits. A restarted job (any rank count) skips
//!   the lines the journal answers; a record that is cut short or does not match its check is
//!   redone, never trusted. `<job>` names the input (its XXH3 and length) and every option that
//!   can change an answer, so a journal of another job is refused. The journal is removed once
//!   the output is in place.
//!
//! A file twisty did not write is never replaced: the output is claimed through
//! [`twisty::fileio::Partial`] before any work and renamed into place at the end; a journal
//! that does not start with its header is left alone.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, mpsc};
use std::time::Duration;

use twisty::cube3::{self, Alg, Cube};
use twisty::fileio::{self, Partial};
use twisty::progress::{CancelToken, NoProgress};
use twisty::sq1::solve::Metric;
use twisty::sq1::{Colouring, MoveSeq, Notation, State};
use twisty::{Error, ErrorKind};

use crate::{Reduce, World};

/// The puzzle, and what changes its answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Puzzle {
    /// Six-colour Square-1 ([`twisty::sq1::solve::Solver`]) in a metric.
    Sq1(Metric),
    /// 3x3x3 ([`twisty::cube3::optimal::Solver`]) with the table of this size (`h0` = 0).
    Cube3(u8),
}

/// What a batch job does.
#[derive(Clone, Debug)]
pub struct Options {
    pub puzzle: Puzzle,
    /// One position per line (Square-1: canonical state text; 3x3x3: B32), or with `moves`
    /// one move sequence per line, applied to the solved puzzle (Square-1: WCA notation;
    /// 3x3x3: the CLI's moves, NISS allowed).
    pub input: PathBuf,
    pub moves: bool,
    pub output: PathBuf,
    /// The table file, or a folder that holds it under the engine's cache-file name; `None`:
    /// the engine's default file in the cache folder.
    pub tables: Option<PathBuf>,
    /// Solving threads per rank (0: one per core).
    pub threads: usize,
    /// Lines handed out per request.
    pub chunk: usize,
    /// Answer at most this many new lines in this run, then stop with the journal kept (a
    /// batch system's time slice); the output is written by the run that answers the last
    /// line.
    pub stop_after: Option<u64>,
}

/// What rank 0 reports at the end.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Position lines in the input.
    pub positions: u64,
    /// Of them, answered by the journal when the job started (damaged records excluded).
    pub resumed: u64,
    /// Journal records that were damaged and are redone.
    pub damaged: u64,
    /// Answered by this run.
    pub answered: u64,
    /// Whether every line is answered and the output written.
    pub complete: bool,
    /// Optimal length -> positions, over every answered line.
    pub lengths: BTreeMap<u32, u64>,
    /// Lines answered with an error.
    pub errors: u64,
}

/// Worker rank -> rank 0: answers (maybe none), and a request for more lines.
const TAG_ASK: u16 = 1;
/// Worker rank -> rank 0: answers, after the last chunk.
const TAG_ANSWERS: u16 = 2;
/// Rank 0 -> worker rank: a chunk of lines; an empty chunk means no more.
const TAG_WORK: u16 = 3;

const OUTPUT_MAGIC: &str = "# twisty-mpi answers v1";
const JOURNAL_MAGIC: &str = "# twisty-mpi journal v1";

/// Runs the job on every rank; rank 0 returns the summary, the others `None`. Setup failures
/// on any rank fail every rank with a message; a failure once the lines are shared out ends
/// the job (`MPI_Abort`), the journal keeping what was answered.
pub fn run(
    world: &World,
    opts: &Options,
    say: &mut dyn FnMut(&str),
) -> twisty::Result<Option<Summary>> {
    if opts.chunk == 0 {
        return Err(Error::invalid_argument("--chunk must be at least 1"));
    }
    let job = if world.rank() == 0 {
        Some(Job::start(opts))
    } else {
        None
    };
    let job = agree(world, job.transpose())?;
    if let Some(job) = &job {
        say(&format!(
            "{} position line(s) in {}; {} answered by the journal{}; {} rank(s)",
            job.todo.len() + job.done.len(),
            opts.input.display(),
            job.done.len(),
            if job.damaged > 0 {
                format!(" ({} damaged record(s) redone)", job.damaged)
            } else {
                String::new()
            },
            world.size()
        ));
    }
    let solver = agree(world, Loaded::open(opts))?;
    let threads = match opts.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let shared = std::thread::scope(|scope| {
        let mut pool = Pool::start(scope, &solver, opts.moves, threads);
        match job {
            Some(mut job) => {
                coordinate(world, &mut pool, &mut job, opts, say).map(|n| Some((job, n)))
            }
            None => serve(world, &mut pool).map(|()| None),
        }
    });
    let (job, answered) = match shared {
        Ok(Some(j)) => j,
        Ok(None) => return Ok(None),
        Err(e) => {
            // Other ranks may wait for this one: end them all.
            let line = format!("twisty-mpi (rank {}): {}\n", world.rank(), e.message());
            let _ = std::io::stderr().lock().write_all(line.as_bytes());
            world.abort(1)
        }
    };
    let mut summary = Summary {
        positions: job.positions.len() as u64,
        resumed: job.resumed_count as u64,
        damaged: job.damaged,
        answered,
        ..Summary::default()
    };
    for fields in job.done.values() {
        match fields
            .split('\t')
            .next()
            .and_then(|l| l.parse::<u32>().ok())
        {
            Some(length) => *summary.lengths.entry(length).or_default() += 1,
            None => summary.errors += 1,
        }
    }
    if job.done.len() as u64 == summary.positions {
        job.finish()?;
        summary.complete = true;
    }
    Ok(Some(summary))
}

/// Every rank's `mine` agreed on: when any rank failed, every rank fails (its own error, or
/// one naming the first rank that failed, whose message that rank prints).
fn agree<T>(world: &World, mine: twisty::Result<T>) -> twisty::Result<T> {
    let flag = if mine.is_err() {
        world.rank() as u64
    } else {
        u64::MAX
    };
    // A failed reduction is noted: the ranks may then disagree, and the job must abort.
    let first = world
        .noted(world.all_reduce(&[flag], Reduce::Min))
        .map_err(mpi_error)?[0];
    match mine {
        Ok(_) if first != u64::MAX => Err(Error::invalid_argument(format!(
            "stopped: rank {first} failed"
        ))),
        r => r,
    }
}

/// The table of one rank (the Square-1 solver boxed: it is about 800 bytes against the optimal
/// solver's 128, and one `Loaded` lives per rank).
enum Loaded {
    Sq1(Box<twisty::sq1::solve::Solver>, Metric),
    Cube3(cube3::optimal::Solver),
}

impl Loaded {
    /// Opens the table file, or builds and saves it (the engine's own functions; ranks that
    /// share the folder wait for the one that builds it).
    fn open(opts: &Options) -> twisty::Result<Loaded> {
        use twisty::sq1::solve::{CACHE_FILE, Solver};
        let cancel = CancelToken::new();
        let path = |name: &str| match &opts.tables {
            Some(p) if p.is_dir() => p.join(name),
            Some(p) => p.clone(),
            None => twisty::tablefile::cache_dir().join(name),
        };
        Ok(match opts.puzzle {
            Puzzle::Sq1(metric) => Loaded::Sq1(
                Box::new(Solver::open_or_build(
                    &path(CACHE_FILE),
                    &mut NoProgress,
                    &cancel,
                )?),
                metric,
            ),
            Puzzle::Cube3(size) => Loaded::Cube3(cube3::optimal::Solver::open_or_build(
                &path(&cube3::optimal::cache_file(size)),
                size,
                &mut NoProgress,
                &cancel,
            )?),
        })
    }

    /// One line's answer fields (see the module documentation): the engine's parsers and
    /// solver, any error (a panic too) as an error record.
    fn answer(&self, line: &[u8], moves: bool) -> String {
        let solved = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let text = std::str::from_utf8(line).map_err(|e| {
                Error::notation(
                    String::from_utf8_lossy(&line[..e.valid_up_to()])
                        .chars()
                        .count(),
                    "the line is not UTF-8 text",
                )
            })?;
            self.solve(text, moves)
        }))
        .unwrap_or_else(|_| {
            Err(Error::new(
                ErrorKind::Panic,
                "internal error: the solver panicked on this line",
            ))
        });
        match solved {
            Ok((length, solution)) => format!("{length}\t{solution}"),
            Err(e) => format!(
                "error\t{}\t{}\t{}",
                e.code(),
                e.kind().name(),
                escape(e.message())
            ),
        }
    }

    fn solve(&self, text: &str, moves: bool) -> twisty::Result<(u32, String)> {
        match self {
            Loaded::Sq1(solver, metric) => {
                let state = if moves {
                    State::solved(Colouring::SixColour)
                        .apply(&MoveSeq::parse(text, Notation::Wca)?)?
                } else {
                    State::parse(text)?
                };
                let s = solver.solve(&state, *metric)?;
                Ok((s.length, s.to_wca()))
            }
            Loaded::Cube3(solver) => {
                let cube = if moves {
                    Cube::from_alg(&Alg::parse(text)?)
                } else {
                    Cube::from_b32(text)?
                };
                // One thread per solve: the rank's threads solve different lines.
                let opts = cube3::optimal::SolveOptions {
                    threads: 1,
                    ..Default::default()
                };
                let found = solver.solve(&cube, &opts, &mut NoProgress)?;
                Ok((found.length, found.solutions[0].to_string()))
            }
        }
    }
}

/// `text` with backslashes, tabs and control characters escaped, so a record stays one line
/// of tab-separated fields.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// An answer: the line number and the answer's fields.
type Answer = (u64, String);

/// A rank's solving threads, fed one line at a time.
struct Pool {
    jobs: Option<mpsc::Sender<(u64, Vec<u8>)>>,
    answers: mpsc::Receiver<Answer>,
    /// Answers received while waiting, not yet taken.
    ready: Vec<Answer>,
    /// Lines given and not yet answered.
    in_flight: usize,
    threads: usize,
}

impl Pool {
    fn start<'scope>(
        scope: &'scope std::thread::Scope<'scope, '_>,
        solver: &'scope Loaded,
        moves: bool,
        threads: usize,
    ) -> Pool {
        let (jobs, queue) = mpsc::channel::<(u64, Vec<u8>)>();
        let (done, answers) = mpsc::channel();
        let queue = std::sync::Arc::new(Mutex::new(queue));
        for _ in 0..threads {
            let (queue, done) = (queue.clone(), done.clone());
            scope.spawn(move || {
                loop {
                    // The lock is held only while taking a line, never while solving.
                    let next = queue.lock().map(|q| q.recv());
                    let Ok(Ok((line, text))) = next else { break };
                    if done.send((line, solver.answer(&text, moves))).is_err() {
                        break;
                    }
                }
            });
        }
        Pool {
            jobs: Some(jobs),
            answers,
            ready: Vec::new(),
            in_flight: 0,
            threads,
        }
    }

    fn has_room(&self) -> bool {
        self.in_flight < self.threads
    }

    fn give(&mut self, line: u64, text: Vec<u8>) {
        self.in_flight += 1;
        self.jobs
            .as_ref()
            .expect("the pool is open")
            .send((line, text))
            .expect("the solving threads run until the pool closes");
    }

    /// Every answer ready now.
    fn take(&mut self) -> Vec<Answer> {
        let mut out = std::mem::take(&mut self.ready);
        out.extend(self.answers.try_iter());
        self.in_flight -= out.len();
        out
    }

    /// Waits until an answer is ready (at most `limit` when given) without taking it.
    fn wait(&mut self, limit: Option<Duration>) {
        if self.in_flight == self.ready.len() {
            return;
        }
        let got = match limit {
            Some(d) => self.answers.recv_timeout(d).ok(),
            None => self.answers.recv().ok(),
        };
        self.ready.extend(got);
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        // Closing the queue ends the threads (the scope joins them).
        self.jobs = None;
    }
}

/// Answers as a message: one `N<TAB>FIELDS` line each.
fn encode_answers(answers: &[Answer]) -> Vec<u8> {
    let mut out = String::new();
    for (line, fields) in answers {
        out.push_str(&format!("{line}\t{fields}\n"));
    }
    out.into_bytes()
}

fn decode_answers(bytes: &[u8]) -> twisty::Result<Vec<Answer>> {
    let bad = || {
        Error::new(
            ErrorKind::Panic,
            "internal error: a malformed answer message",
        )
    };
    let text = std::str::from_utf8(bytes).map_err(|_| bad())?;
    text.lines()
        .map(|l| {
            let (n, fields) = l.split_once('\t').ok_or_else(bad)?;
            Ok((n.parse().map_err(|_| bad())?, fields.to_string()))
        })
        .collect()
}

/// A chunk of lines as a message: per line its number and length (little-endian `u64`,
/// `u32`) and its bytes.
fn encode_chunk(lines: &[(u64, Vec<u8>)]) -> Vec<u8> {
    let mut out = Vec::new();
    for (n, text) in lines {
        out.extend_from_slice(&n.to_le_bytes());
        out.extend_from_slice(&(text.len() as u32).to_le_bytes());
        out.extend_from_slice(text);
    }
    out
}

fn decode_chunk(mut bytes: &[u8]) -> twisty::Result<Vec<(u64, Vec<u8>)>> {
    let bad = || Error::new(ErrorKind::Panic, "internal error: a malformed work message");
    let mut out = Vec::new();
    while !bytes.is_empty() {
        let head = bytes.get(..12).ok_or_else(bad)?;
        let n = u64::from_le_bytes(head[..8].try_into().expect("8 bytes"));
        let len = u32::from_le_bytes(head[8..].try_into().expect("4 bytes")) as usize;
        let text = bytes.get(12..12 + len).ok_or_else(bad)?;
        out.push((n, text.to_vec()));
        bytes = &bytes[12 + len..];
    }
    Ok(out)
}

fn mpi_error(e: crate::MpiError) -> Error {
    Error::new(ErrorKind::Database, e.to_string())
}

/// A worker rank: asks rank 0 for lines whenever a thread is free, sending the answers so far
/// with each request, until rank 0 has no more; then sends the last answers as they come.
fn serve(world: &World, pool: &mut Pool) -> twisty::Result<()> {
    let mut more = true;
    loop {
        let answers = pool.take();
        if more && pool.has_room() {
            world
                .send(0, TAG_ASK, &encode_answers(&answers))
                .map_err(mpi_error)?;
            let chunk = decode_chunk(&world.receive(Some(0)).map_err(mpi_error)?.bytes)?;
            more = !chunk.is_empty();
            for (n, text) in chunk {
                pool.give(n, text);
            }
            continue;
        }
        if !answers.is_empty() {
            world
                .send(0, TAG_ANSWERS, &encode_answers(&answers))
                .map_err(mpi_error)?;
        }
        if pool.in_flight == 0 {
            return Ok(());
        }
        pool.wait(None);
    }
}

/// Rank 0: hands out the lines (its own threads first, then a chunk to each rank that asks),
/// journals each answer as it comes; returns how many lines this run answered.
fn coordinate(
    world: &World,
    pool: &mut Pool,
    job: &mut Job,
    opts: &Options,
    say: &mut dyn FnMut(&str),
) -> twisty::Result<u64> {
    let limit = opts
        .stop_after
        .map_or(job.todo.len(), |n| job.todo.len().min(n as usize));
    let todo = std::mem::take(&mut job.todo);
    let (mut next, mut pending, mut answered) = (0usize, 0usize, 0u64);
    // Ranks told there is nothing more (rank 0 itself needs no telling).
    let mut stopped = 1;
    let mut reported = 0;
    loop {
        while pool.has_room() && next < limit {
            let (n, text) = &todo[next];
            pool.give(*n, text.clone());
            next += 1;
            pending += 1;
        }
        let mut fresh = pool.take();
        let mut heard = false;
        while let Some(m) = world.try_receive().map_err(mpi_error)? {
            heard = true;
            fresh.extend(decode_answers(&m.bytes)?);
            if m.tag == TAG_ASK {
                let end = (next + opts.chunk).min(limit);
                world
                    .send(m.source, TAG_WORK, &encode_chunk(&todo[next..end]))
                    .map_err(mpi_error)?;
                pending += end - next;
                if next == end {
                    stopped += 1;
                }
                next = end;
            }
        }
        if !fresh.is_empty() {
            pending -= fresh.len();
            answered += fresh.len() as u64;
            job.record(&fresh)?;
            // A line every tenth of the way.
            let tenth = (answered * 10 / limit.max(1) as u64) as usize;
            if tenth > reported {
                reported = tenth;
                say(&format!(
                    "answered {answered} of {limit} line(s) in this run"
                ));
            }
        }
        if stopped == world.size() && pending == 0 && next == limit {
            return Ok(answered);
        }
        if fresh.is_empty() && !heard {
            // Nothing to do until an answer or a message comes: wait on this rank's threads a
            // moment, then look for messages again (only this thread may call MPI).
            if pool.in_flight > 0 {
                pool.wait(Some(Duration::from_millis(1)));
            } else {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
    }
}

/// Rank 0's files: the input's lines, the journal, the claimed output.
struct Job {
    /// Position lines not answered yet: number and text.
    todo: Vec<(u64, Vec<u8>)>,
    /// Answered lines: number -> answer fields.
    done: BTreeMap<u64, String>,
    resumed_count: usize,
    damaged: u64,
    /// Every position line, in order (for the output).
    positions: Vec<(u64, String)>,
    job_key: String,
    journal: File,
    journal_path: PathBuf,
    output: Partial,
    output_path: PathBuf,
}

impl Job {
    fn start(opts: &Options) -> twisty::Result<Job> {
        let input = read_input(&opts.input)?;
        let key = job_key(opts, &input);
        // A claim shows the first HEAD_BYTES bytes: a file of ours has them all.
        let output = Partial::claim(&opts.output, |head| {
            OUTPUT_MAGIC.as_bytes().starts_with(head) && head.len() == fileio::HEAD_BYTES
        })
        .map_err(|e| {
            Error::invalid_argument(format!(
                "{}: {}",
                fileio::subject("output file", &opts.output),
                e.reason()
            ))
        })?;
        let mut positions = Vec::new();
        for (i, raw) in input.split(|&b| b == b'\n').enumerate() {
            let line = raw.strip_suffix(b"\r").unwrap_or(raw);
            let t = String::from_utf8_lossy(line);
            let t = t.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            positions.push((i as u64 + 1, line.to_vec()));
        }
        let journal_path = journal_path(&opts.output);
        let numbers: std::collections::HashSet<u64> = positions.iter().map(|p| p.0).collect();
        let (journal, done, damaged) = open_journal(&journal_path, &key, &numbers)?;
        let todo = positions
            .iter()
            .filter(|(n, _)| !done.contains_key(n))
            .cloned()
            .collect();
        Ok(Job {
            todo,
            resumed_count: done.len(),
            done,
            damaged,
            positions: positions
                .into_iter()
                .map(|(n, t)| (n, escape(&String::from_utf8_lossy(&t))))
                .collect(),
            job_key: key,
            journal,
            journal_path,
            output,
            output_path: opts.output.clone(),
        })
    }

    /// Appends answers to the journal (one write) and keeps them.
    fn record(&mut self, answers: &[Answer]) -> twisty::Result<()> {
        let mut text = String::new();
        for (n, fields) in answers {
            text.push_str(&journal_record(*n, fields));
            self.done.insert(*n, fields.clone());
        }
        self.journal.write_all(text.as_bytes()).map_err(|e| {
            Error::invalid_argument(format!(
                "{}: {}",
                fileio::subject("journal", &self.journal_path),
                fileio::describe(&self.journal_path, "write", &e)
            ))
        })
    }

    /// Writes the output in input order, renames it into place, and removes the journal.
    fn finish(mut self) -> twisty::Result<()> {
        let mut text = format!("{OUTPUT_MAGIC}\t{}\n", self.job_key);
        for (n, input) in &self.positions {
            text.push_str(&format!("{n}\t{input}\t{}\n", self.done[n]));
        }
        let dest = fileio::subject("output file", &self.output_path);
        let fail = |r: String| Error::invalid_argument(format!("{dest}: {r}"));
        self.output.write_all(text.as_bytes()).map_err(fail)?;
        self.output.commit().map_err(fail)?;
        drop(self.journal);
        std::fs::remove_file(&self.journal_path).map_err(|e| {
            Error::invalid_argument(format!(
                "{}: {}",
                fileio::subject("journal", &self.journal_path),
                fileio::describe(&self.journal_path, "remove", &e)
            ))
        })
    }
}

/// `OUTPUT.journal`.
pub fn journal_path(output: &Path) -> PathBuf {
    let mut p = output.as_os_str().to_owned();
    p.push(".journal");
    PathBuf::from(p)
}

/// The input's bytes (a regular file only: a FIFO or a device is refused, never waited on).
fn read_input(path: &Path) -> twisty::Result<Vec<u8>> {
    let what = fileio::subject("input file", path);
    let mut f =
        fileio::open_regular(path).map_err(|r| Error::invalid_argument(format!("{what}: {r}")))?;
    let mut bytes = Vec::new();
    f.read_to_end(&mut bytes).map_err(|e| {
        Error::invalid_argument(format!("{what}: {}", fileio::describe(path, "read", &e)))
    })?;
    Ok(bytes)
}

/// What makes two jobs the same: the input (XXH3 and length) and every option that can
/// change an answer (not the ranks, threads or chunks).
fn job_key(opts: &Options, input: &[u8]) -> String {
    let puzzle = match opts.puzzle {
        Puzzle::Sq1(m) => format!("sq1 metric={}", m.name()),
        Puzzle::Cube3(size) => format!("cube3 table=h{size}"),
    };
    format!(
        "{puzzle} lines={} input-xxh3={:016x} input-bytes={}",
        if opts.moves { "moves" } else { "positions" },
        xxhash_rust::xxh3::xxh3_64(input),
        input.len()
    )
}

/// One journal record: `N<TAB>FIELDS<TAB>CHECK` and a newline.
fn journal_record(n: u64, fields: &str) -> String {
    let body = format!("{n}\t{fields}");
    let check = xxhash_rust::xxh3::xxh3_64(body.as_bytes());
    format!("{body}\t{check:016x}\n")
}

/// A journal record's line number and fields, when the record is whole, matches its check
/// and answers one of `numbers`.
fn parse_record(record: &str, numbers: &std::collections::HashSet<u64>) -> Option<(u64, String)> {
    let (body, check) = record.rsplit_once('\t')?;
    if format!("{:016x}", xxhash_rust::xxh3::xxh3_64(body.as_bytes())) != check {
        return None;
    }
    let (n, fields) = body.split_once('\t')?;
    let n: u64 = n.parse().ok()?;
    numbers.contains(&n).then(|| (n, fields.to_string()))
}

/// Opens the journal for appending (creating it with its header), and reads the answers it
/// holds; refuses a file that is not a journal, or a journal of another job.
fn open_journal(
    path: &Path,
    key: &str,
    numbers: &std::collections::HashSet<u64>,
) -> twisty::Result<(File, BTreeMap<u64, String>, u64)> {
    let what = fileio::subject("journal", path);
    let fail = |r: String| Error::invalid_argument(format!("{what}: {r}"));
    let header = format!("{JOURNAL_MAGIC}\t{key}\n");
    let mut done = BTreeMap::new();
    let mut damaged = 0;
    let existing = match fileio::open_regular(path) {
        Ok(mut f) => {
            let mut bytes = Vec::new();
            f.read_to_end(&mut bytes)
                .map_err(|e| fail(fileio::describe(path, "read", &e)))?;
            Some(bytes)
        }
        Err(_) if std::fs::symlink_metadata(path).is_err() => None,
        Err(r) => return Err(fail(r)),
    };
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .read(true)
        .open(path)
        .map_err(|e| fail(fileio::describe(path, "write", &e)))?;
    // Two jobs never share a journal.
    if file.try_lock().is_err() {
        return Err(fail("another job is using it".into()));
    }
    match existing.filter(|b| !b.is_empty()) {
        None => {
            file.set_len(0)
                .and_then(|()| file.write_all(header.as_bytes()))
                .map_err(|e| fail(fileio::describe(path, "write", &e)))?;
        }
        Some(bytes) => {
            if !bytes.starts_with(JOURNAL_MAGIC.as_bytes()) {
                return Err(fail(
                    "exists and is not a twisty-mpi journal; it was left alone".into(),
                ));
            }
            let text = String::from_utf8_lossy(&bytes);
            let mut records = text.split('\n');
            let first = records.next().unwrap_or("");
            if format!("{first}\n") != header {
                return Err(fail(format!(
                    "belongs to another job (it says `{}`, this job is `{key}`); it was left \
                     alone (remove it to start over, or run the job it belongs to)",
                    first
                        .strip_prefix(JOURNAL_MAGIC)
                        .unwrap_or(first)
                        .trim_start_matches('\t')
                )));
            }
            // The text after the last newline was cut short by a kill: never trusted.
            let whole = text.matches('\n').count().saturating_sub(1);
            for (i, r) in records.enumerate() {
                if r.is_empty() && i >= whole {
                    continue;
                }
                match parse_record(r, numbers).filter(|_| i < whole) {
                    Some((n, fields)) => {
                        done.insert(n, fields);
                    }
                    None => damaged += 1,
                }
            }
            if !bytes.ends_with(b"\n") {
                // The next record starts on a line of its own.
                file.write_all(b"\n")
                    .map_err(|e| fail(fileio::describe(path, "write", &e)))?;
            }
        }
    }
    Ok((file, done, damaged))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip_and_damage_is_caught() {
        let numbers = [3u64, 7].into_iter().collect();
        let r = journal_record(7, "12\t/ (1,0) /");
        assert_eq!(
            parse_record(r.trim_end(), &numbers),
            Some((7, "12\t/ (1,0) /".to_string()))
        );
        // One character changed, a record cut short, a line that is no position.
        let changed = r.replacen("12", "11", 1);
        assert_eq!(parse_record(changed.trim_end(), &numbers), None);
        assert_eq!(parse_record(&r[..r.len() - 4], &numbers), None);
        assert_eq!(
            parse_record(journal_record(5, "1\tU").trim_end(), &numbers),
            None
        );
    }

    #[test]
    fn escapes_keep_one_record_per_line() {
        assert_eq!(escape("a\tb\\c\nd\u{1}"), "a\\tb\\\\c\\nd\\u{1}");
    }

    #[test]
    fn chunks_and_answers_cross_unchanged() {
        let lines = vec![
            (1, b"ABC".to_vec()),
            (9, Vec::new()),
            (12, "é\t".as_bytes().to_vec()),
        ];
        assert_eq!(decode_chunk(&encode_chunk(&lines)).unwrap(), lines);
        assert!(decode_chunk(&encode_chunk(&lines)[..5]).is_err());
        let answers = vec![
            (4, "3\tR U F".to_string()),
            (5, "error\t1\tinvalid_notation\tx".to_string()),
        ];
        assert_eq!(decode_answers(&encode_answers(&answers)).unwrap(), answers);
    }
}
