//! Checkpoints of a partitioned search: after each level every rank saves its slice, so that a
//! job that was killed restarts from the last level the ranks saved, with the same result.
//!
//! Each rank keeps two files in the checkpoint folder: `rank-R-of-N.slice`, its 4-bit cells as
//! they are in memory (only the chunks that changed are written after a level), and
//! `rank-R-of-N.state`, a short text written atomically once the slice is on disk: the search's
//! identity (the caller's tag, cells, blocks, ranks, this rank's cells), the level the slice is
//! complete to, the level counts so far, a checksum of the slice at that level and one of the
//! state itself. Levels only ever fill empty cells, so a slice that a killed rank was writing
//! holds its last saved level plus some cells of the next one: those are cleared on loading,
//! and what is left must match the checksum. A file that is not such a checkpoint is refused
//! and never replaced; a damaged one is refused, never used.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

use xxhash_rust::xxh3::xxh3_64;

use crate::error::{Error, ErrorKind, Result};
use crate::fileio;

/// Where a search saves its levels, and what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// The folder of the checkpoint files (shared by the ranks, or each rank's own).
    pub dir: PathBuf,
    /// What is searched, in one line (a restart of another search is refused).
    pub tag: String,
}

/// The first bytes of a state file.
const MAGIC: &[u8; 16] = b"twisty-bfs-ckpt1";

/// Bytes of the slice written or skipped as a unit.
pub(crate) const CHUNK: usize = 1 << 16;

fn err(m: impl Into<String>) -> Error {
    Error::new(ErrorKind::Database, m)
}

/// What a rank's checkpoint must describe.
pub(crate) struct Identity<'a> {
    pub tag: &'a str,
    pub cells: u64,
    pub blocks: u64,
    pub ranks: usize,
    pub rank: usize,
    pub mine: std::ops::Range<u64>,
}

impl Identity<'_> {
    fn lines(&self) -> String {
        format!(
            "tag={}\ncells={}\nblocks={}\nranks={}\nrank={}\nslice={}..{}\n",
            self.tag,
            self.cells,
            self.blocks,
            self.ranks,
            self.rank,
            self.mine.start,
            self.mine.end
        )
    }
}

/// This rank's checkpoint files, open.
pub(crate) struct Store {
    slice: File,
    slice_path: PathBuf,
    state_path: PathBuf,
    identity: String,
}

/// A saved level: the level and the counts of levels 0..=level.
pub(crate) struct Saved {
    pub level: u8,
    pub counts: Vec<u64>,
}

/// The checksum of a slice whose cells above `level` are cleared, clearing them in place.
pub(crate) fn clear_above(bytes: &mut [u8], level: u8) -> u64 {
    for b in bytes.iter_mut() {
        let (lo, hi) = (*b & 15, *b >> 4);
        *b = if lo > level { 0 } else { lo } | if hi > level { 0 } else { hi << 4 };
    }
    xxh3_64(bytes)
}

impl Store {
    /// Opens (or starts) this rank's checkpoint in `cp.dir`. When a level was saved, `bytes`
    /// (this rank's zeroed slice) is filled with it.
    pub fn open(
        cp: &Checkpoint,
        id: &Identity,
        bytes: &mut [u8],
    ) -> Result<(Store, Option<Saved>)> {
        if cp.tag.contains('\n') {
            return Err(Error::invalid_argument("a checkpoint tag is one line"));
        }
        let name = format!("rank-{}-of-{}", id.rank, id.ranks);
        let state_path = cp.dir.join(format!("{name}.state"));
        let slice_path = cp.dir.join(format!("{name}.slice"));
        let identity = id.lines();
        let say = |p: &Path, what: &str| err(format!("checkpoint {}: {what}", p.display()));
        let open = |create: bool| {
            std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .create_new(create)
                .open(&slice_path)
                .map_err(|e| io(&slice_path, if create { "create" } else { "open" }, &e))
        };
        if fileio::is_missing(&state_path) {
            if !fileio::is_missing(&slice_path) {
                return Err(say(
                    &slice_path,
                    "there is no state file beside it (not this search's checkpoint); remove it",
                ));
            }
            // The state first: a slice file is only ever created beside a state of ours.
            write_state(&state_path, &identity, 0, &[0], 0)?;
            let store = Store {
                slice: open(true)?,
                slice_path,
                state_path,
                identity,
            };
            store.zero(bytes.len())?;
            return Ok((store, None));
        }
        let text = read_state(&state_path)?;
        let (body, check) = text
            .rsplit_once("check=")
            .ok_or_else(|| say(&state_path, "damaged (no checksum)"))?;
        if format!("{:016x}", xxh3_64(body.as_bytes())) != check.trim_end() {
            return Err(say(&state_path, "damaged (its checksum does not match)"));
        }
        let rest = body[MAGIC.len() + 1..]
            .strip_prefix(identity.as_str())
            .ok_or_else(|| {
                say(
                    &state_path,
                    "the checkpoint of another search (a different tag, table or rank count)",
                )
            })?;
        let field = |key: &str| {
            rest.lines()
                .find_map(|l| l.strip_prefix(key))
                .ok_or_else(|| say(&state_path, "damaged (a field is missing)"))
        };
        let bad = || say(&state_path, "damaged (a field does not read)");
        let level: u8 = field("level=")?.parse().map_err(|_| bad())?;
        let counts: Vec<u64> = field("counts=")?
            .split(',')
            .map(|c| c.parse().map_err(|_| bad()))
            .collect::<Result<_>>()?;
        let sum = u64::from_str_radix(field("sum=")?, 16).map_err(|_| bad())?;
        if counts.len() != level as usize + 1 || level > super::MAX_LEVEL {
            return Err(bad());
        }
        let store = Store {
            slice: open(false)?,
            slice_path,
            state_path,
            identity,
        };
        let len = store
            .slice
            .metadata()
            .map_err(|e| io(&store.slice_path, "read", &e))?
            .len();
        if len != bytes.len() as u64 {
            return Err(say(&store.slice_path, "damaged (not the slice's length)"));
        }
        if level == 0 {
            store.zero(bytes.len())?;
            return Ok((store, None));
        }
        for (i, chunk) in bytes.chunks_mut(1 << 24).enumerate() {
            fileio::read_exact_at(&store.slice, chunk, (i << 24) as u64)
                .map_err(|e| io(&store.slice_path, "read", &e))?;
        }
        if clear_above(bytes, level) != sum {
            bytes.fill(0);
            return Err(say(
                &store.slice_path,
                "damaged (its checksum does not match)",
            ));
        }
        Ok((store, Some(Saved { level, counts })))
    }

    /// A fresh, all-zero slice file.
    fn zero(&self, len: usize) -> Result<()> {
        self.slice
            .set_len(0)
            .and_then(|()| self.slice.set_len(len as u64))
            .map_err(|e| io(&self.slice_path, "write", &e))
    }

    /// Saves the slice at `level` (complete to it): the chunks marked in `dirty` (cleared
    /// here), then the state.
    pub fn save(
        &mut self,
        level: u8,
        counts: &[u64],
        bytes: &[u8],
        dirty: &[AtomicBool],
    ) -> Result<()> {
        for (i, chunk) in bytes.chunks(CHUNK).enumerate() {
            if dirty[i].swap(false, Relaxed) {
                fileio::write_all_at(&self.slice, chunk, (i * CHUNK) as u64)
                    .map_err(|e| io(&self.slice_path, "write", &e))?;
            }
        }
        self.slice
            .sync_data()
            .map_err(|e| io(&self.slice_path, "write", &e))?;
        write_state(
            &self.state_path,
            &self.identity,
            level,
            counts,
            xxh3_64(bytes),
        )
    }

    /// Removes both files (the search is over and its result is safe elsewhere).
    pub fn remove(self) -> Result<()> {
        for p in [&self.state_path, &self.slice_path] {
            std::fs::remove_file(p).map_err(|e| io(p, "remove", &e))?;
        }
        Ok(())
    }
}

/// Writes a state file atomically (a file there that is not a state file is refused).
fn write_state(p: &Path, identity: &str, level: u8, counts: &[u64], sum: u64) -> Result<()> {
    let counts: Vec<String> = counts.iter().map(u64::to_string).collect();
    let body = format!(
        "{}\n{identity}level={level}\ncounts={}\nsum={sum:016x}\n",
        std::str::from_utf8(MAGIC).expect("ascii"),
        counts.join(",")
    );
    let text = format!("{body}check={:016x}\n", xxh3_64(body.as_bytes()));
    let mut partial = fileio::Partial::claim(p, |h| h.starts_with(MAGIC))
        .map_err(|e| err(format!("checkpoint {}: {}", p.display(), e.reason())))?;
    partial
        .write_all(text.as_bytes())
        .and_then(|()| partial.commit())
        .map_err(|r| err(format!("checkpoint {}: {r}", p.display())))
}

fn io(p: &Path, verb: &str, e: &std::io::Error) -> Error {
    err(format!(
        "checkpoint {}: {}",
        p.display(),
        fileio::describe(p, verb, e)
    ))
}

/// A state file's text, refused unless it is one of ours.
fn read_state(p: &Path) -> Result<String> {
    let mut f =
        fileio::open_regular(p).map_err(|r| err(format!("checkpoint {}: {r}", p.display())))?;
    let mut text = Vec::new();
    std::io::Read::read_to_end(&mut std::io::Read::take(&mut f, 1 << 16), &mut text)
        .map_err(|e| io(p, "read", &e))?;
    if !text.starts_with(MAGIC) {
        return Err(err(format!(
            "checkpoint {}: not a twisty checkpoint; it was left alone",
            p.display()
        )));
    }
    String::from_utf8(text)
        .map_err(|_| err(format!("checkpoint {}: damaged (not text)", p.display())))
}
