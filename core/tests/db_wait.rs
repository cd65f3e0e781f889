//! A database build of a file that another build still holds (a cancelled build whose call has
//! not returned yet, as a host's cancelled future may be) waits for it and then resumes from
//! what it left, instead of failing with "another build is using this file".
//!
//! A test binary of its own: it installs the process-wide log sink, through which it sees the
//! second build start waiting.

use std::sync::Mutex;
use std::sync::mpsc::{Sender, channel};
use std::time::Duration;

use log::{Level, LevelFilter};
use twisty::ErrorKind;
use twisty::host::LogSink;
use twisty::progress::{CancelToken, NoProgress, ProgressReport};
use twisty::sq1::db::{BuildOptions, Database, Variant, build, partial_path};

/// Published by the Cube21 article (levels 1..3).
const ARTICLE: [u64; 3] = [1, 32, 536];

/// Says when a build logs that it waits for another.
struct Waiting(Mutex<Sender<()>>);

impl LogSink for Waiting {
    fn max_level(&self, _target: &str) -> LevelFilter {
        LevelFilter::Info
    }
    fn log(&self, _level: Level, target: &str, message: &str) {
        // Only the build of the first test's file (tests of this binary run at once).
        if target == "twisty::sq1::db::build"
            && message.contains("article.db.partial")
            && message.ends_with("waiting for it")
        {
            let _ = self.0.lock().unwrap().send(());
        }
    }
}

#[test]
fn a_build_waits_for_a_cancelled_build_of_the_same_file_then_resumes_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("article.db");
    let mut opts = BuildOptions::new(Variant::Article);
    opts.max_level = 3;
    opts.threads = 2;
    let (waiting_tx, waiting) = channel();
    let release = waiting_tx.clone();
    twisty::host::set_log_sink(Some(Box::new(Waiting(Mutex::new(waiting_tx))))).unwrap();
    let (started_tx, started) = channel();
    let first_token = CancelToken::new();
    std::thread::scope(|s| {
        // The first build cancels itself in its first report, then stays inside its call (so
        // it holds the file) until the second build says it waits: the overlap is certain.
        let (path, opts, first_token) = (&path, &opts, &first_token);
        let first = s.spawn(move || {
            let mut reported = false;
            let mut progress = |_: &ProgressReport| {
                if !reported {
                    reported = true;
                    first_token.cancel();
                    started_tx.send(()).unwrap();
                    // Anti-hang only: without the wait, the second build fails at once and
                    // never logs, and this would block forever.
                    waiting
                        .recv_timeout(Duration::from_secs(600))
                        .expect("the second build never waited for the first");
                }
            };
            build(path, opts, &mut progress, first_token)
        });
        started.recv().unwrap();
        let second = s.spawn(move || build(path, opts, &mut NoProgress, &CancelToken::new()));
        let second = second.join().unwrap();
        // Lets the first build go if the second did not wait for it (a failure): a working wait
        // cannot return before the first build has been let go by the log record.
        let _ = release.send(());
        let e = first.join().unwrap().unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Cancelled, "{}", e.message());
        let h = second.unwrap_or_else(|e| panic!("the second build failed: {}", e.message()));
        assert_eq!(&h.level_counts[1..=3], &ARTICLE);
    });
    twisty::host::set_log_sink(None).unwrap();
    let db = Database::open(&path).unwrap();
    assert_eq!(&db.header().level_counts[1..=3], &ARTICLE);
    assert!(!partial_path(&path).exists());
}

#[test]
fn a_cancelled_token_ends_the_wait() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("held.db");
    // Another holder of the `.partial` (as a build in another process would be).
    let held = std::fs::File::create(partial_path(&path)).unwrap();
    held.lock().unwrap();
    let token = CancelToken::new();
    let mut opts = BuildOptions::new(Variant::Article);
    opts.max_level = 1;
    std::thread::scope(|s| {
        let waiter = s.spawn(|| build(&path, &opts, &mut NoProgress, &token));
        // Whether the build is already waiting or not yet, a cancelled token stops it: it is
        // never started (the lock is held until the end of this test).
        token.cancel();
        let e = waiter.join().unwrap().unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Cancelled, "{}", e.message());
    });
    drop(held);
    assert!(!path.exists());
}
