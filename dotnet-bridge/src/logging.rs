//! The engine's `log` records, handed to .NET: the bridge's [`LogSink`].
//!
//! C# registers two callbacks through [`twisty_set_log_callbacks`]: "most verbose level wanted
//! for this target" and "deliver this record". Both are called from any thread that logs, rayon
//! workers of a database build included, several at once; targets and messages are borrowed
//! UTF-8 slices, valid for the duration of the callback only.
//!
//! - **Filtering** happens here, before anything crosses: [`twisty::host`] asks
//!   [`LogSink::max_level`] at most once per [`REFRESH`] per target and drops unwanted records
//!   itself, so a record nobody wants costs no call into .NET, and a level changed in .NET takes
//!   effect within [`REFRESH`].
//! - **Lifetime**: the callbacks are swapped under the sink's lock ([`twisty::host::set_log_sink`]):
//!   when [`twisty_set_log_callbacks`] returns, the previous pair has returned from every call
//!   and is never called again, and it has been dropped (which releases the C# side's handle on
//!   its delegates). The C# side also keeps its delegates in static fields, for the life of the
//!   process.
//! - **Exceptions**: the C# callbacks catch everything a user's logger throws; nothing unwinds
//!   into Rust.
//!
//! Levels cross as the `log` crate's numbers: 0 = off, 1 = error, 2 = warn, 3 = info,
//! 4 = debug, 5 = trace.

use std::time::Duration;

use interoptopus::{callback, ffi};
use log::{Level, LevelFilter};
use twisty::host::LogSink;

use crate::error::{NativeError, guard};

/// How long an answer of the C# level callback holds.
pub const REFRESH: Duration = Duration::from_secs(1);

callback!(LogMaxLevelCallback(target: ffi::Slice<'_, u8>) -> i32);
callback!(LogRecordCallback(level: i32, target: ffi::Slice<'_, u8>, message: ffi::Slice<'_, u8>));

/// The code of a level filter (0 = off .. 5 = trace).
pub fn filter_code(f: LevelFilter) -> i32 {
    f as i32
}

/// The level filter of a code; anything outside 0..=5 is off (a host's mistake silences, never
/// floods).
pub fn filter_of(code: i32) -> LevelFilter {
    LevelFilter::iter()
        .nth(usize::try_from(code).unwrap_or(usize::MAX))
        .unwrap_or(LevelFilter::Off)
}

/// The code of a record's level (1 = error .. 5 = trace).
pub fn level_code(l: Level) -> i32 {
    l as i32
}

/// The two C# callbacks as the engine's log sink.
struct DotnetSink {
    max_level: LogMaxLevelCallback,
    record: LogRecordCallback,
}

impl LogSink for DotnetSink {
    fn max_level(&self, target: &str) -> LevelFilter {
        self.max_level
            .call_if_some(ffi::Slice::from_slice(target.as_bytes()))
            .map_or(LevelFilter::Off, filter_of)
    }

    fn log(&self, level: Level, target: &str, message: &str) {
        self.record.call_if_some(
            level_code(level),
            ffi::Slice::from_slice(target.as_bytes()),
            ffi::Slice::from_slice(message.as_bytes()),
        );
    }

    fn refresh(&self) -> Duration {
        REFRESH
    }
}

/// Sends the engine's log records to the two callbacks from now on, replacing any earlier pair;
/// when either callback is absent (a null function pointer), records go nowhere. When this
/// returns, the earlier callbacks are never called again.
#[ffi]
pub fn twisty_set_log_callbacks(
    max_level: LogMaxLevelCallback,
    log_record: LogRecordCallback,
) -> ffi::Result<(), NativeError> {
    guard(|| {
        let sink: Option<Box<dyn LogSink>> =
            if max_level.callback.is_some() && log_record.callback.is_some() {
                Some(Box::new(DotnetSink {
                    max_level,
                    record: log_record,
                }))
            } else {
                None
            };
        // Refused (code 6) when called from inside one of the callbacks.
        twisty::host::set_log_sink(sink)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_codes_are_the_log_crate_s_numbers_and_unknown_codes_are_off() {
        let filters: Vec<i32> = LevelFilter::iter().map(filter_code).collect();
        assert_eq!(filters, [0, 1, 2, 3, 4, 5]);
        for code in 0..=5 {
            assert_eq!(filter_code(filter_of(code)), code);
        }
        assert_eq!(filter_of(-1), LevelFilter::Off);
        assert_eq!(filter_of(6), LevelFilter::Off);
        assert_eq!(filter_of(i32::MIN), LevelFilter::Off);
        assert_eq!(level_code(Level::Error), 1);
        assert_eq!(level_code(Level::Trace), 5);
    }

    /// The only test of this binary that installs a sink (the logger is process-wide); it looks
    /// only at its own target, since other tests' panics log too.
    #[test]
    fn records_reach_the_callbacks_filtered_and_an_absent_callback_stops_them() {
        use std::sync::{Arc, Mutex};
        const TARGET: &str = "twisty-dotnet-logging-test";
        let records = Arc::new(Mutex::new(Vec::<(i32, String, String)>::new()));
        let seen = Arc::clone(&records);
        let max_level = LogMaxLevelCallback::from_fn(|t: ffi::Slice<'_, u8>| {
            if t.as_slice() == TARGET.as_bytes() {
                3
            } else {
                0
            }
        });
        let record =
            LogRecordCallback::from_fn(move |l, t: ffi::Slice<'_, u8>, m: ffi::Slice<'_, u8>| {
                let text =
                    |s: ffi::Slice<'_, u8>| String::from_utf8(s.as_slice().to_vec()).unwrap();
                seen.lock().unwrap().push((l, text(t), text(m)));
            });
        assert!(twisty_set_log_callbacks(max_level, record).is_ok());
        log::info!(target: TARGET, "wanted {}", 1);
        log::debug!(target: TARGET, "above the level");
        log::warn!(target: TARGET, "wanted too");
        let mine = || {
            records
                .lock()
                .unwrap()
                .iter()
                .filter(|r| r.1 == TARGET)
                .cloned()
                .collect::<Vec<_>>()
        };
        assert_eq!(
            mine(),
            [
                (3, TARGET.into(), "wanted 1".into()),
                (2, TARGET.into(), "wanted too".into())
            ]
        );
        // An absent callback uninstalls: the pair was dropped (its closure's Arc released) and
        // is never called again.
        assert!(
            twisty_set_log_callbacks(LogMaxLevelCallback::default(), LogRecordCallback::default())
                .is_ok()
        );
        assert_eq!(Arc::strong_count(&records), 1);
        log::error!(target: TARGET, "nobody listens");
        assert_eq!(mine().len(), 2);
    }
}
