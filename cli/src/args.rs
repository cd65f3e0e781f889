//! What several command groups share: argument parsers (counts, table sizes, timeouts), the
//! Ctrl-C token, progress display while tables build, and writing the files a user names.

use std::path::PathBuf;

use indicatif::{ProgressBar, ProgressStyle};
use twisty::cube3;
use twisty::progress::{CancelToken, Progress, ProgressReport};

/// A count where 0 would mean nothing: refused by the argument parser.
pub fn at_least_one<T: std::str::FromStr + PartialEq + From<u8>>(text: &str) -> Result<T, String> {
    match text.parse::<T>() {
        Ok(v) if v != T::from(0) => Ok(v),
        Ok(_) => Err("must be at least 1".into()),
        Err(_) => Err(format!("{text:?} is not a whole number")),
    }
}

/// Text for a terminal: control characters written as escapes (`\u{1}`), so that input echoed
/// in a message cannot move the cursor or ring the bell. `keep` lists the ones left as they are.
pub fn printable(text: &str, keep: &[char]) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() && !keep.contains(&c) {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// A token that Ctrl-C cancels (the handler is installed once per process).
pub fn cancel_on_ctrl_c() -> CancelToken {
    static TOKEN: std::sync::OnceLock<CancelToken> = std::sync::OnceLock::new();
    TOKEN
        .get_or_init(|| {
            let t = CancelToken::new();
            let c2 = t.clone();
            let _ = ctrlc::set_handler(move || c2.cancel());
            t
        })
        .clone()
}

/// Opens a table file, building it first (with a progress spinner) when it is missing or unusable.
pub fn open_with_progress<T>(
    path: PathBuf,
    what: &str,
    open_or_build: impl FnOnce(
        &std::path::Path,
        &mut dyn twisty::progress::Progress,
        &CancelToken,
    ) -> twisty::Result<T>,
) -> twisty::Result<T> {
    if !path.exists() {
        eprintln!("building the {what} into {} ...", path.display());
    }
    let bar = ProgressBar::new_spinner();
    let mut report = |r: &ProgressReport| {
        bar.set_message(format!("{} ({} entries)", r.phase, r.found));
        bar.tick();
    };
    let t = open_or_build(&path, &mut report, &cancel_on_ctrl_c())?;
    bar.finish_and_clear();
    Ok(t)
}

/// Runs a long build with a bar per phase (`{phase} [===>  ] 40% ...`), printing a line as each
/// phase ends (`<phase>: done, <found> <unit> so far, <elapsed> elapsed`).
pub fn with_phase_bar<T>(unit: &str, work: impl FnOnce(&mut dyn Progress) -> T) -> T {
    let bar = ProgressBar::new(1);
    bar.set_style(
        ProgressStyle::with_template(
            "{msg:32} [{bar:30}] {percent:>3}% {elapsed_precise} eta {eta}",
        )
        .unwrap()
        .progress_chars("=> "),
    );
    let mut last_phase = String::new();
    let mut report = |r: &ProgressReport| {
        if r.phase != last_phase {
            if !last_phase.is_empty() {
                bar.println(format!(
                    "{last_phase}: done, {} {unit} so far, {:.0?} elapsed",
                    r.found, r.elapsed
                ));
            }
            last_phase = r.phase.clone();
            bar.set_message(r.phase.clone());
            bar.set_length(r.total.max(1));
            bar.reset_eta();
        }
        bar.set_position(r.done);
        if r.done == r.total {
            bar.println(format!(
                "{}: done, {} {unit} so far, {:.0?} elapsed",
                r.phase, r.found, r.elapsed
            ));
            last_phase.clear();
        }
    };
    let answer = work(&mut report);
    bar.finish_and_clear();
    answer
}

/// A picture to its file (`-o`), else to standard output.
pub fn write_or_print(output: Option<PathBuf>, text: &str) -> twisty::Result<()> {
    match output {
        Some(path) => write_file(&path, text),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

/// Every file the user names for output (`-o`, `--svg`, `--histogram`): never over a twisty
/// database or table file, atomically over a regular file, in place into a device or a FIFO.
pub fn write_file(path: &std::path::Path, text: &str) -> twisty::Result<()> {
    twisty::fileio::write_output(path, text.as_bytes())
}

/// The benches' stand-in for a host's other work between solves (`--pollute`): memory the
/// solver does not use, written once per cache line.
pub struct OtherWork(Vec<u64>);

impl OtherWork {
    pub fn new(mib: u32) -> OtherWork {
        OtherWork(vec![0; (mib as usize) << 17])
    }

    pub fn run(&mut self, seed: u64) {
        for x in self.0.iter_mut().step_by(8) {
            *x = x.wrapping_add(seed);
        }
        std::hint::black_box(&self.0);
    }
}

/// A table size argument: `h0` (or `0`), one this version builds (checked here, before any
/// file is looked at).
pub fn table_size(text: &str) -> Result<u8, String> {
    let digits = text.strip_prefix('h').unwrap_or(text);
    let size = digits
        .parse::<u8>()
        .map_err(|_| format!("table size {text:?} is not of the form h0, h1, ..."))?;
    cube3::optimal::check_size(size).map_err(|e| e.message().to_string())?;
    Ok(size)
}

/// A `--timeout-ms` value as a deadline from now, by the engine's one rule (0: no limit).
pub fn deadline(timeout_ms: u64) -> twisty::Result<Option<std::time::Instant>> {
    twisty::api::deadline(i64::try_from(timeout_ms).unwrap_or(i64::MAX))
}
