//! What every bridge (JNI, .NET, C) needs from the engine besides [`crate::api`]: quiet panics,
//! one text for a panic's payload, and one way to hand the engine's `log` records to the host's
//! logger ([`set_log_sink`]).

use std::any::Any;
use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Mutex, PoisonError, RwLock};
use std::time::{Duration, Instant};

use log::{Level, LevelFilter, Log, Metadata, Record};

/// Replaces the process's panic hook (once; later calls do nothing) by one that writes nothing
/// to the standard error stream: inside a host program a panic is turned into the host's own
/// exception carrying the panic's message, and the host decides what to print. The record goes
/// to the `log` facade at error level instead, with its location.
///
/// Only the bridges call this: a Rust program keeps the default hook.
pub fn quiet_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            log::error!("native panic: {info}");
        }));
    });
}

/// The message of a caught panic, the same in every runtime: the payload of `panic!("literal")`
/// (a `&str`) or of a formatted `panic!("{x}")` (a `String`), else a fixed text.
pub fn panic_message(payload: Box<dyn Any + Send + 'static>) -> String {
    let payload = match payload.downcast::<String>() {
        Ok(s) => return *s,
        Err(p) => p,
    };
    let payload = match payload.downcast::<&'static str>() {
        Ok(s) => return (*s).to_string(),
        Err(p) => p,
    };
    // Dropping an arbitrary payload may itself panic: never let that escape.
    if let Err(p) = catch_unwind(AssertUnwindSafe(|| drop(payload))) {
        std::mem::forget(p);
    }
    NON_STRING_PANIC.to_string()
}

/// The message of a panic whose payload is not text.
pub const NON_STRING_PANIC: &str = "native panic with a non-string payload";

/// Where a bridge sends the engine's log records: the host's logger.
pub trait LogSink: Send + Sync {
    /// The most verbose level the host wants for records of `target` (the engine module that
    /// logs, `twisty::sq1::db::build`) now. Asked at most once per [`LogSink::refresh`] per
    /// target, so a host call is not made for every record.
    fn max_level(&self, target: &str) -> LevelFilter;

    /// Delivers one record the host wants. Called on whatever thread logs (worker threads of a
    /// database build included), several at once.
    fn log(&self, level: Level, target: &str, message: &str);

    /// How long an answer of [`LogSink::max_level`] holds: about a second for a host whose
    /// levels change while it runs (a change takes effect within that time), forever for a
    /// fixed level.
    fn refresh(&self) -> Duration {
        Duration::MAX
    }

    /// The most verbose level this sink could ever want: records above it are dropped by the
    /// `log` macros themselves, before anything else.
    fn ceiling(&self) -> LevelFilter {
        LevelFilter::Trace
    }
}

static SINK: RwLock<Option<Box<dyn LogSink>>> = RwLock::new(None);

/// Answers of [`LogSink::max_level`] per target, with when they were given.
static LEVELS: Mutex<Option<HashMap<String, (LevelFilter, Instant)>>> = Mutex::new(None);

thread_local! {
    /// Set while this thread is inside the sink: a record logged from there is dropped rather
    /// than delivered recursively.
    static IN_SINK: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// This thread is inside the sink (asking a level or delivering a record) while one lives.
struct InSink;

impl InSink {
    /// None when this thread is already inside the sink (lazily built: a guard made and
    /// dropped here would clear the flag of the outer one).
    fn enter() -> Option<InSink> {
        (!IN_SINK.with(|s| s.replace(true))).then(|| InSink)
    }
}

impl Drop for InSink {
    // Also when a host's level question panics: the thread must not stay marked.
    fn drop(&mut self) {
        IN_SINK.with(|s| s.set(false));
    }
}

struct Forward;

impl Forward {
    fn wanted(sink: &dyn LogSink, level: Level, target: &str) -> bool {
        let now = Instant::now();
        let cached = {
            let levels = LEVELS.lock().unwrap_or_else(PoisonError::into_inner);
            levels
                .as_ref()
                .and_then(|m| m.get(target).copied())
                .filter(|(_, at)| now.duration_since(*at) < sink.refresh())
        };
        let filter = match cached {
            Some((f, _)) => f,
            None => {
                // Asked without the cache's lock: the host may take its time.
                let f = sink.max_level(target);
                let mut levels = LEVELS.lock().unwrap_or_else(PoisonError::into_inner);
                levels
                    .get_or_insert_with(HashMap::new)
                    .insert(target.to_string(), (f, now));
                f
            }
        };
        level <= filter
    }
}

impl Log for Forward {
    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        let Some(_inside) = InSink::enter() else {
            return false;
        };
        let sink = SINK.read().unwrap_or_else(PoisonError::into_inner);
        sink.as_deref()
            .is_some_and(|s| Forward::wanted(s, metadata.level(), metadata.target()))
    }

    fn log(&self, record: &Record<'_>) {
        let Some(_inside) = InSink::enter() else {
            return;
        };
        // Reads the lock once for the check and the delivery, so that after `set_log_sink`
        // returns the previous sink is never called again.
        let sink = SINK.read().unwrap_or_else(PoisonError::into_inner);
        if let Some(s) = sink.as_deref()
            && Forward::wanted(s, record.level(), record.target())
        {
            let message = record.args().to_string();
            // A panicking host logger must not take the engine down with it.
            let _ = catch_unwind(AssertUnwindSafe(|| {
                s.log(record.level(), record.target(), &message)
            }));
        }
    }

    fn flush(&self) {}
}

static FORWARD: Forward = Forward;

/// The refusal of [`set_log_sink`] called from inside the sink.
pub const SINK_REENTERED: &str = "the logger cannot be changed from inside a log callback (the change waits for every callback to return, this one included); change it from outside the callback";

/// Sends the engine's log records to `sink` from now on (`None`: nowhere). When this returns,
/// the previous sink has returned from every call and is never called again. The first call
/// installs the process's `log` logger; a Rust program that has its own keeps it (this library
/// then logs through that one, and the sink receives nothing).
///
/// Called from inside the sink (a host logger that changes the logger), it would wait for its
/// own caller to return: it fails at once instead, with `invalid_argument` ([`SINK_REENTERED`]),
/// and changes nothing.
pub fn set_log_sink(sink: Option<Box<dyn LogSink>>) -> crate::Result<()> {
    if IN_SINK.with(|s| s.get()) {
        return Err(crate::Error::invalid_argument(SINK_REENTERED));
    }
    static INSTALL: std::sync::Once = std::sync::Once::new();
    INSTALL.call_once(|| drop(log::set_logger(&FORWARD)));
    let mut slot = SINK.write().unwrap_or_else(PoisonError::into_inner);
    log::set_max_level(sink.as_deref().map_or(LevelFilter::Off, LogSink::ceiling));
    *slot = sink;
    *LEVELS.lock().unwrap_or_else(PoisonError::into_inner) = None;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};

    #[test]
    fn panic_payloads_become_one_text() {
        let caught = |f: fn()| panic_message(catch_unwind(f).unwrap_err());
        quiet_panics();
        assert_eq!(caught(|| panic!("static")), "static");
        assert_eq!(caught(|| panic!("formatted {}", 7)), "formatted 7");
        assert_eq!(caught(|| std::panic::panic_any(42u8)), NON_STRING_PANIC);
    }

    /// A sink whose level can be changed, counting records and level questions. Its answers
    /// hold until `stale` is set, so the test decides when one is stale rather than a clock.
    struct Counting {
        level: Arc<AtomicUsize>,
        records: Arc<Mutex<Vec<(Level, String, String)>>>,
        asked: Arc<AtomicU32>,
        /// What `set_log_sink` answered when called from inside the sink.
        reentered: Arc<Mutex<Vec<Result<(), String>>>>,
        stale: Arc<AtomicBool>,
    }

    impl LogSink for Counting {
        fn max_level(&self, target: &str) -> LevelFilter {
            // Only this test's target: other tests of the binary may log meanwhile.
            if target == "twisty-host-test" {
                self.asked.fetch_add(1, Ordering::SeqCst);
            }
            LevelFilter::iter()
                .nth(self.level.load(Ordering::SeqCst))
                .unwrap()
        }
        fn log(&self, level: Level, target: &str, message: &str) {
            // Logging from inside the sink is dropped, not recursive.
            log::error!("from inside the sink");
            // Changing the sink from inside it is refused at once, not a deadlock.
            let r = set_log_sink(None).map_err(|e| format!("{:?}: {}", e.kind(), e.message()));
            self.reentered.lock().unwrap().push(r);
            self.records
                .lock()
                .unwrap()
                .push((level, target.to_string(), message.to_string()));
        }
        fn refresh(&self) -> Duration {
            if self.stale.load(Ordering::SeqCst) {
                Duration::ZERO
            } else {
                Duration::MAX
            }
        }
    }

    /// One test for the process-wide logger (tests of a binary share it).
    #[test]
    fn records_reach_the_sink_filtered_per_target_and_level() {
        let (level, records, asked, stale) = (
            Arc::new(AtomicUsize::new(3)), // info
            Arc::new(Mutex::new(Vec::new())),
            Arc::new(AtomicU32::new(0)),
            Arc::new(AtomicBool::new(false)),
        );
        let reentered = Arc::new(Mutex::new(Vec::new()));
        set_log_sink(Some(Box::new(Counting {
            level: level.clone(),
            records: records.clone(),
            asked: asked.clone(),
            reentered: reentered.clone(),
            stale: stale.clone(),
        })))
        .unwrap();
        let mine = |r: &Vec<(Level, String, String)>| {
            r.iter().filter(|x| x.1 == "twisty-host-test").count()
        };
        log::info!(target: "twisty-host-test", "one {}", 1);
        log::debug!(target: "twisty-host-test", "not wanted");
        for _ in 0..100 {
            log::debug!(target: "twisty-host-test", "not wanted either");
        }
        {
            let r = records.lock().unwrap();
            assert_eq!(mine(&r), 1);
            assert!(
                r.iter()
                    .any(|x| x == &(Level::Info, "twisty-host-test".into(), "one 1".into()))
            );
        }
        {
            let r = reentered.lock().unwrap();
            assert!(!r.is_empty());
            let refused = Err(format!("InvalidArgument: {SINK_REENTERED}"));
            assert!(r.iter().all(|x| *x == refused), "{r:?}");
        }
        // The level was asked once for 102 records, not per record.
        assert_eq!(asked.load(Ordering::SeqCst), 1);
        // A level change is seen once the answer is stale.
        level.store(4, Ordering::SeqCst);
        log::debug!(target: "twisty-host-test", "still not wanted");
        assert_eq!(mine(&records.lock().unwrap()), 1);
        stale.store(true, Ordering::SeqCst);
        log::debug!(target: "twisty-host-test", "now wanted");
        assert_eq!(mine(&records.lock().unwrap()), 2);
        // Eight threads at once lose nothing.
        std::thread::scope(|s| {
            for t in 0..8 {
                s.spawn(move || {
                    for i in 0..200 {
                        log::info!(target: "twisty-host-test", "thread {t} record {i}");
                    }
                });
            }
        });
        assert_eq!(mine(&records.lock().unwrap()), 2 + 8 * 200);
        // Off: nothing more arrives, and the old sink is never called again.
        set_log_sink(None).unwrap();
        log::error!(target: "twisty-host-test", "nobody listens");
        assert_eq!(mine(&records.lock().unwrap()), 2 + 8 * 200);
    }
}
