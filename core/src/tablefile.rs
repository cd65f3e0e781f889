//! Versioned, checksummed table files: the one mechanism behind every solver's cache.
//!
//! A file is a 128-byte header followed by its sections, back to back:
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | magic (names the kind of table file) |
//! | 8..12 | format version, little-endian |
//! | 12..16 | number of sections |
//! | 16..24 | digest of what the tables were built from (a move index, coordinate sizes) |
//! | 24..32 | a size parameter the owner checks (for example its entry count) |
//! | 32.. | XXH3-64 of each section, 8 bytes each (at most 12 sections) |
//!
//! Files are written to `<name>.partial` and renamed, so a reader never sees a half-written
//! file; they are memory-mapped read-only. Every check that fails on opening (missing file,
//! other magic or version, other digest, wrong size, bad checksum) is an
//! [`ErrorKind::Database`] error naming the file and the reason. [`open_or_build`] replaces
//! only files of its own kind (see there and [`crate::fileio`]).

pub use crate::filekind::FileKind;
use std::path::{Path, PathBuf};

use memmap2::Mmap;

use crate::error::{Error, ErrorKind, Result};
use crate::progress::CancelToken;

pub const HEADER_LEN: usize = 128;
/// The advice of [`Layout::open`]'s message for a stale file (`open_or_build` rebuilds it).
const DELETE_TO_REBUILD: &str = "; delete it to rebuild";
const MAX_SECTIONS: usize = (HEADER_LEN - 32) / 8;

/// The default [`Layout::other_params`]: both parameters in hexadecimal.
pub fn other_params(file: u64, own: u64) -> String {
    format!("other parameters ({file:#x}, this one is {own:#x})")
}

/// What a table file must be: checked on open, written into the header on save.
pub struct Layout<'a> {
    /// Used in messages: "solver table file", "3x3x3 table file", ...
    pub what: &'a str,
    pub magic: &'a [u8; 8],
    pub version: u32,
    pub digest: u64,
    pub param: u64,
    /// How a file of other parameters is told: `(file's param, this layout's param)` to the
    /// text after "a {what} of " ([`other_params`]: both in hexadecimal; a solver with table
    /// sizes names them).
    pub other_params: fn(u64, u64) -> String,
    /// Name and length in bytes of each section, in file order.
    pub sections: &'a [(&'a str, usize)],
}

impl Layout<'_> {
    fn offset(&self, k: usize) -> usize {
        HEADER_LEN + self.sections[..k].iter().map(|s| s.1).sum::<usize>()
    }

    pub fn file_len(&self) -> usize {
        self.offset(self.sections.len())
    }

    /// A buffer of the file's size with the header left blank: fill the sections, then
    /// [`Layout::seal`] it.
    pub fn buffer(&self) -> Vec<u8> {
        assert!(self.sections.len() <= MAX_SECTIONS);
        vec![0u8; self.file_len()]
    }

    /// Section `k` of a file image (mutable while filling a buffer).
    pub fn section_mut<'b>(&self, data: &'b mut [u8], k: usize) -> &'b mut [u8] {
        &mut data[self.range(k)]
    }

    pub fn section<'b>(&self, data: &'b [u8], k: usize) -> &'b [u8] {
        &data[self.range(k)]
    }

    /// Section `k` within a copy of the sections `resident` (as [`Layout::open_resident`] made
    /// it); `k` must be one of them.
    pub fn resident_section<'b>(
        &self,
        copy: &'b [u8],
        resident: std::ops::Range<usize>,
        k: usize,
    ) -> &'b [u8] {
        debug_assert!(resident.contains(&k));
        let base = self.offset(resident.start);
        let r = self.range(k);
        &copy[r.start - base..r.end - base]
    }

    /// Where section `k` lies in the file.
    pub fn range(&self, k: usize) -> std::ops::Range<usize> {
        let o = self.offset(k);
        o..o + self.sections[k].1
    }

    /// Writes the header (with the sections' checksums) into a filled buffer.
    pub fn seal(&self, data: &mut [u8]) {
        let mut h = [0u8; HEADER_LEN];
        h[..8].copy_from_slice(self.magic);
        h[8..12].copy_from_slice(&self.version.to_le_bytes());
        h[12..16].copy_from_slice(&(self.sections.len() as u32).to_le_bytes());
        h[16..24].copy_from_slice(&self.digest.to_le_bytes());
        h[24..32].copy_from_slice(&self.param.to_le_bytes());
        for k in 0..self.sections.len() {
            let hash = xxhash_rust::xxh3::xxh3_64(self.section(data, k));
            h[32 + 8 * k..40 + 8 * k].copy_from_slice(&hash.to_le_bytes());
        }
        data[..HEADER_LEN].copy_from_slice(&h);
    }

    /// Maps a file and checks it against this layout: any failure is an
    /// [`ErrorKind::Database`] error naming the file and the reason.
    pub fn open(&self, path: &Path) -> Result<TableFile> {
        self.open_resident(path, 0..0).map(|(file, _)| file)
    }

    /// [`Layout::open`], with the sections `resident` (a run of consecutive sections, empty for
    /// none) read into memory of their own that asks for huge pages (see [`read_resident`])
    /// instead of being read through the mapping. [`Layout::resident_section`] finds a section
    /// in that copy.
    pub fn open_resident(
        &self,
        path: &Path,
        resident: std::ops::Range<usize>,
    ) -> Result<(TableFile, Option<Mmap>)> {
        let t = std::time::Instant::now();
        match self.check(path, resident)? {
            Check::Usable(map, copy) => {
                log::debug!(
                    "opened the {} {}: {} bytes mapped{}, checksums verified in {:.1?}",
                    self.what,
                    path.display(),
                    map.len(),
                    if copy.is_some() {
                        ", some sections resident"
                    } else {
                        ""
                    },
                    t.elapsed()
                );
                Ok((TableFile::Mapped(map), copy))
            }
            Check::Stale(reason) | Check::Foreign(reason) => Err(self.error(path, reason)),
        }
    }

    fn error(&self, path: &Path, reason: impl std::fmt::Display) -> Error {
        Error::new(
            ErrorKind::Database,
            format!("{}: {reason}", crate::fileio::subject(self.what, path)),
        )
    }

    /// What the file at `path` is for this layout, with the sections `resident` read into
    /// memory of their own. A file that cannot be opened (missing, not a regular file,
    /// unreadable) is an error.
    fn check(&self, path: &Path, resident: std::ops::Range<usize>) -> Result<Check> {
        let f = crate::fileio::open_regular(path).map_err(|r| self.error(path, r))?;
        // SAFETY: the file is opened read-only; table files are written whole and renamed into
        // place, never modified where they lie.
        let map = unsafe { Mmap::map(&f) }
            .map_err(|e| self.error(path, crate::fileio::describe(path, "map", &e)))?;
        if map.len() < 8 || &map[..8] != self.magic {
            return Ok(Check::Foreign(format!(
                "not a twisty {} ({})",
                self.what,
                describe_foreign(&map)
            )));
        }
        let stale = |m: String| Ok(Check::Stale(m));
        if map.len() < HEADER_LEN {
            return stale(format!(
                "size {} bytes, shorter than its header (truncated or damaged)",
                map.len()
            ));
        }
        let u32_at = |o: usize| u32::from_le_bytes(map[o..o + 4].try_into().unwrap());
        let u64_at = |o: usize| u64::from_le_bytes(map[o..o + 8].try_into().unwrap());
        if u32_at(8) != self.version {
            return stale(format!(
                "format version {} (this build reads version {}){DELETE_TO_REBUILD}",
                u32_at(8),
                self.version
            ));
        }
        // Other parameters (another size of the same kind of table) make another table, not a
        // stale copy of this one: refused and never rebuilt over.
        if u64_at(24) != self.param {
            return Ok(Check::Foreign(format!(
                "a {} of {}",
                self.what,
                (self.other_params)(u64_at(24), self.param)
            )));
        }
        if u64_at(16) != self.digest || u32_at(12) != self.sections.len() as u32 {
            return stale(format!(
                "built from a different move index{DELETE_TO_REBUILD}"
            ));
        }
        if map.len() != self.file_len() {
            return stale(format!(
                "size {} bytes, expected {} (truncated or damaged)",
                map.len(),
                self.file_len()
            ));
        }
        let copy = if resident.is_empty() {
            None
        } else {
            let ranges: Vec<_> = resident.clone().map(|k| self.range(k)).collect();
            read_resident(&f, &ranges)
                .map_err(|e| self.error(path, crate::fileio::describe(path, "read", &e)))?
        };
        for (k, (name, _)) in self.sections.iter().enumerate() {
            let hash = match &copy {
                Some((_, hashes)) if resident.contains(&k) => hashes[k - resident.start],
                _ => xxhash_rust::xxh3::xxh3_64(self.section(&map, k)),
            };
            if hash != u64_at(32 + 8 * k) {
                return stale(format!("the {name} table fails its checksum (damaged)"));
            }
        }
        let copy = copy.map(|(bytes, _)| bytes);
        Ok(Check::Usable(map, copy))
    }

    /// Whether the first bytes of a file show it is a table file of this kind (any version):
    /// the only non-empty files [`open_or_build`] and [`TableFile::save`] may replace.
    fn is_own_kind(&self, head: &[u8]) -> bool {
        head.starts_with(self.magic)
    }
}

/// What [`Layout::check`] found.
enum Check {
    /// The mapping, and the resident sections when some were asked for and memory was had.
    Usable(Mmap, Option<Mmap>),
    /// A table file of this kind that cannot be used: another version or move index, truncated,
    /// or failing a checksum. Rebuilding may replace it.
    Stale(String),
    /// Something else: never replaced.
    Foreign(String),
}

/// What a file that is not of the kind expected holds, in words (every opener's message).
pub(crate) fn describe_foreign(bytes: &[u8]) -> String {
    if bytes.is_empty() {
        return "it is empty".into();
    }
    match crate::files::known_kind(bytes) {
        Some(name) => format!("it is {name}"),
        None => "bad magic".into(),
    }
}

/// A table file's bytes: built in memory (on the heap or in anonymous pages), or mapped from
/// disk.
pub enum TableFile {
    Owned(Vec<u8>),
    Anonymous(Mmap),
    Mapped(Mmap),
}

impl TableFile {
    pub fn bytes(&self) -> &[u8] {
        match self {
            TableFile::Owned(v) => v,
            TableFile::Anonymous(m) | TableFile::Mapped(m) => m,
        }
    }

    /// Writes the bytes to `path` atomically (a `.partial` file renamed when complete),
    /// creating the folder if needed. An existing file is replaced only when it is empty or a
    /// table file of `layout`'s kind (see [`crate::fileio`]).
    pub fn save(&self, path: &Path, layout: &Layout) -> Result<()> {
        let mut p = claim(path, layout)?;
        p.write_all(self.bytes())
            .map_err(|r| layout.error(path, r))?;
        p.commit().map_err(|r| layout.error(path, r))
    }
}

/// The bytes of a file from the first of `sections` (consecutive ranges, in file order) to the
/// end of the last, read into anonymous memory that asks for huge pages, with each section's
/// XXH3-64, hashed piece by piece as the bytes arrive: one pass over them, and no page of the
/// file's mapping touched. A solver's random lookups into such a copy miss the TLB far less than
/// on the file's 4 KB pages. `None` when the memory cannot be had (the caller reads the mapping
/// instead).
fn read_resident(
    f: &std::fs::File,
    sections: &[std::ops::Range<usize>],
) -> std::io::Result<Option<(Mmap, Vec<u64>)>> {
    use std::io::{Read, Seek, SeekFrom};
    // A huge page: each piece is hashed while it is still in the cache.
    const PIECE: usize = 2 << 20;
    let (Some(first), Some(last)) = (sections.first(), sections.last()) else {
        return Ok(None);
    };
    let base = first.start;
    let Ok(mut copy) = memmap2::MmapMut::map_anon(last.end - base) else {
        return Ok(None);
    };
    #[cfg(target_os = "linux")]
    let _ = copy.advise(memmap2::Advice::HugePage);
    let mut f = f;
    f.seek(SeekFrom::Start(base as u64))?;
    let mut hashes: Vec<_> = sections
        .iter()
        .map(|_| xxhash_rust::xxh3::Xxh3::new())
        .collect();
    for (i, piece) in copy.chunks_mut(PIECE).enumerate() {
        f.read_exact(piece)?;
        // The piece's place in the file; bytes between sections, if any, are in no hash.
        let at = base + i * PIECE;
        for (s, hash) in sections.iter().zip(&mut hashes) {
            let (lo, hi) = (s.start.max(at), s.end.min(at + piece.len()));
            if lo < hi {
                hash.update(&piece[lo - at..hi - at]);
            }
        }
    }
    let hashes = hashes.iter().map(|h| h.digest()).collect();
    Ok(copy.make_read_only().ok().map(|m| (m, hashes)))
}

fn claim(path: &Path, layout: &Layout) -> Result<crate::fileio::Partial> {
    crate::fileio::Partial::claim(path, |h| layout.is_own_kind(h))
        .map_err(|e| layout.error(path, e.reason()))
}

/// Opens the table file at `path`, or builds it there. The policy of every solver's
/// `open_or_build`, and the file-safety rule of table files:
///
/// - a usable file is mapped and returned;
/// - a missing file, or a table file of this kind that cannot be used (another version or
///   move index, truncated, failing a checksum), is built: `build` makes the image, which is
///   written to `<path>.partial` and renamed over `path`, then mapped and checked again;
/// - anything else (a file of another kind or of unknown content, a directory, a FIFO, an
///   unreadable file) is refused with [`ErrorKind::Database`] and left as it is.
///
/// Before building, the destination is claimed (its folder created, the `.partial` file
/// created and locked), so a path that cannot be written fails at once; a failed or cancelled
/// build leaves no `.partial` behind. While another process (or thread) builds the same file,
/// the call waits for it and then opens what it built. A `cancel` token that is already
/// cancelled stops the call before anything is opened.
pub fn open_or_build(
    path: &Path,
    layout: &Layout,
    cancel: &CancelToken,
    build: impl FnOnce() -> Result<TableFile>,
) -> Result<TableFile> {
    open_or_build_resident(path, layout, 0..0, cancel, build).map(|(file, _)| file)
}

/// [`open_or_build`], with the sections `resident` of an opened file read into memory
/// of their own as [`Layout::open_resident`] does. A table just built is already in memory: it
/// is saved and then opened like any other file.
pub fn open_or_build_resident(
    path: &Path,
    layout: &Layout,
    resident: std::ops::Range<usize>,
    cancel: &CancelToken,
    build: impl FnOnce() -> Result<TableFile>,
) -> Result<(TableFile, Option<Mmap>)> {
    if cancel.is_cancelled() {
        return Err(Error::new(
            ErrorKind::Cancelled,
            format!(
                "opening the {} was cancelled before it started",
                layout.what
            ),
        ));
    }
    crate::fileio::check_path(path).map_err(|r| layout.error(path, r))?;
    let mut partial = loop {
        if !crate::fileio::is_missing(path) {
            match layout.check(path, resident.clone())? {
                Check::Usable(map, copy) => {
                    log::debug!(
                        "opened the {} {}: {} bytes mapped",
                        layout.what,
                        path.display(),
                        map.len()
                    );
                    return Ok((TableFile::Mapped(map), copy));
                }
                // The one place a table is rebuilt over a file: say so, a rebuild takes a while.
                Check::Stale(reason) => log::warn!(
                    "{} {}: {}; rebuilding it",
                    layout.what,
                    path.display(),
                    reason.strip_suffix(DELETE_TO_REBUILD).unwrap_or(&reason)
                ),
                Check::Foreign(reason) => {
                    return Err(layout.error(
                        path,
                        format!("{reason}; it was left alone (remove it, or choose another path)"),
                    ));
                }
            }
        }
        match crate::fileio::Partial::claim(path, |h| layout.is_own_kind(h)) {
            Ok(p) => break p,
            // Another process is building this file: wait for it, then open what it built.
            Err(crate::fileio::ClaimError::Busy(r)) => {
                if cancel.is_cancelled() {
                    return Err(Error::new(
                        ErrorKind::Cancelled,
                        format!(
                            "opening the {} was cancelled while waiting: {r}",
                            layout.what
                        ),
                    ));
                }
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
            Err(e) => return Err(layout.error(path, e.reason())),
        }
    };
    log::info!("building the {} into {}", layout.what, path.display());
    let t = std::time::Instant::now();
    let image = build()?;
    // A token cancelled during a build that does not watch it (from a progress callback, say)
    // still wins: nothing is saved, and the claimed `.partial` goes with `partial`.
    if cancel.is_cancelled() {
        return Err(Error::new(
            ErrorKind::Cancelled,
            format!("building the {} was cancelled", layout.what),
        ));
    }
    log::info!(
        "built the {} in {:.1?} ({} bytes); saving it to {}",
        layout.what,
        t.elapsed(),
        image.bytes().len(),
        path.display()
    );
    partial
        .write_all(image.bytes())
        .map_err(|r| layout.error(path, r))?;
    drop(image);
    partial.commit().map_err(|r| layout.error(path, r))?;
    layout.open_resident(path, resident)
}

/// The cache folder: `$TWISTY_CACHE_DIR`, else `$XDG_CACHE_HOME/twisty`, else
/// `$HOME/.cache/twisty`, else `twisty` in the system temporary folder.
pub fn cache_dir() -> PathBuf {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    env("TWISTY_CACHE_DIR")
        .or_else(|| env("XDG_CACHE_HOME").map(|d| d.join("twisty")))
        .or_else(|| env("HOME").map(|d| d.join(".cache").join("twisty")))
        .unwrap_or_else(|| std::env::temp_dir().join("twisty"))
}

/// Starts loading entry `i` of a table into the cache: a hint for lookups that would otherwise
/// wait on memory one after another (x86-64 and arm64; nothing happens elsewhere).
#[inline(always)]
pub fn prefetch<T>(table: &[T], i: usize) {
    debug_assert!(i < table.len());
    let at = table.as_ptr().wrapping_add(i);
    #[cfg(target_arch = "x86_64")]
    // SAFETY: prefetching never faults and reads nothing; the address is inside the table.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(at as *const i8);
    }
    #[cfg(target_arch = "aarch64")]
    // SAFETY: `prfm` is a hint: it never faults, writes nothing and changes no register or flag.
    unsafe {
        std::arch::asm!(
            "prfm pldl1keep, [{0}]",
            in(reg) at,
            options(nostack, preserves_flags, readonly)
        );
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    let _ = at;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(version: u32) -> Layout<'static> {
        Layout {
            what: "test table file",
            magic: b"TWTEST01",
            version,
            digest: 42,
            param: 7,
            other_params,
            sections: &[("first", 5), ("second", 3)],
        }
    }

    #[test]
    fn round_trip_and_every_refusal() {
        let dir = std::env::temp_dir().join(format!("twisty-tablefile-{}", std::process::id()));
        let path = dir.join("t.tbl");
        let l = layout(1);
        let data = image(&l);
        TableFile::Owned(data.clone()).save(&path, &l).unwrap();
        let f = l.open(&path).unwrap();
        assert_eq!(l.section(f.bytes(), 1), b"abc");
        // A resident section holds the file's bytes, and is checked like the others.
        let (g, copy) = l.open_resident(&path, 1..2).unwrap();
        assert_eq!(&copy.expect("memory for 3 bytes")[..], b"abc");
        assert_eq!(g.bytes(), &data[..]);
        // Both sections: each found where it belongs in the copy.
        let (h, copy) = l.open_resident(&path, 0..2).unwrap();
        let copy = copy.expect("memory for both");
        assert_eq!(l.resident_section(&copy, 0..2, 0), l.section(&data, 0));
        assert_eq!(l.resident_section(&copy, 0..2, 1), b"abc");
        drop((f, g, h));
        let refuse = |bytes: &[u8], layout: &Layout, needle: &str| {
            std::fs::write(&path, bytes).unwrap();
            let e = layout.open(&path).err().expect("refused");
            assert_eq!(e.kind(), ErrorKind::Database);
            assert!(e.message().contains(needle), "{}", e.message());
        };
        refuse(&data, &layout(2), "format version 1");
        refuse(&data[..HEADER_LEN + 4], &l, "truncated");
        let mut damaged = data.clone();
        damaged[HEADER_LEN + 6] ^= 1;
        refuse(&damaged, &l, "the second table fails its checksum");
        for resident in [1..2, 0..2] {
            let e = l.open_resident(&path, resident).err().expect("refused");
            assert!(
                e.message().contains("the second table fails its checksum"),
                "{}",
                e.message()
            );
        }
        let mut damaged = data.clone();
        damaged[HEADER_LEN + 1] ^= 1;
        std::fs::write(&path, &damaged).unwrap();
        let e = l.open_resident(&path, 0..2).err().expect("refused");
        assert!(
            e.message().contains("the first table fails its checksum"),
            "{}",
            e.message()
        );
        let mut foreign = data.clone();
        foreign[0] = b'X';
        refuse(&foreign, &l, "bad magic");
        let other = Layout {
            digest: 43,
            ..layout(1)
        };
        refuse(&data, &other, "different move index");
        let other = Layout {
            param: 8,
            ..layout(1)
        };
        refuse(
            &data,
            &other,
            "a test table file of other parameters (0x7, this one is 0x8)",
        );
        std::fs::remove_file(&path).unwrap();
        let e = l.open(&path).err().unwrap();
        assert!(e.message().contains("cannot open"), "{}", e.message());
        std::fs::remove_dir_all(&dir).ok();
    }

    fn image(l: &Layout) -> Vec<u8> {
        let mut data = l.buffer();
        l.section_mut(&mut data, 0).copy_from_slice(b"hello");
        l.section_mut(&mut data, 1).copy_from_slice(b"abc");
        l.seal(&mut data);
        data
    }

    /// open_or_build with a build that counts its calls.
    fn open_or_build_counting(
        path: &Path,
        l: &Layout,
        cancel: &CancelToken,
    ) -> (Result<TableFile>, u32) {
        let mut builds = 0;
        let r = open_or_build(path, l, cancel, || {
            builds += 1;
            Ok(TableFile::Owned(image(l)))
        });
        (r, builds)
    }

    #[test]
    fn a_token_cancelled_during_the_build_saves_nothing() {
        let dir = std::env::temp_dir().join(format!("twisty-tablefile-cx-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let (l, path) = (layout(1), dir.join("t.tbl"));
        let cancel = CancelToken::new();
        // The build finishes, but the token was cancelled while it ran (as a progress callback
        // would): the result is not saved, and the claim is released.
        let r = open_or_build(&path, &l, &cancel, || {
            cancel.cancel();
            Ok(TableFile::Owned(image(&l)))
        });
        assert_eq!(r.err().unwrap().kind(), ErrorKind::Cancelled);
        assert!(crate::fileio::is_missing(&path));
        assert!(crate::fileio::is_missing(&crate::fileio::partial_path(
            &path
        )));
        let (r, n) = open_or_build_counting(&path, &l, &CancelToken::new());
        assert!(r.is_ok() && n == 1);
        drop(r);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn open_or_build_replaces_only_its_own_kind() {
        let dir = std::env::temp_dir().join(format!("twisty-tablefile-ob-{}", std::process::id()));
        // Process ids are reused (under wine, soon): nothing from an earlier run may remain.
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let l = layout(1);
        let none = CancelToken::new();
        // Missing: built once, then opened without building.
        let path = dir.join("t.tbl");
        // Each table is dropped before its file is rewritten: Windows refuses to write a file
        // that is mapped.
        let (r, n) = open_or_build_counting(&path, &l, &none);
        assert!(r.is_ok() && n == 1);
        drop(r);
        let (r, n) = open_or_build_counting(&path, &l, &none);
        assert!(r.is_ok() && n == 0);
        drop(r);
        assert!(!crate::fileio::partial_path(&path).exists());
        // Its own kind, stale or damaged: rebuilt.
        let mut damaged = image(&l);
        damaged[HEADER_LEN + 1] ^= 1;
        std::fs::write(&path, &damaged).unwrap();
        let (r, n) = open_or_build_counting(&path, &l, &none);
        assert!(r.is_ok() && n == 1);
        drop(r);
        std::fs::write(&path, image(&layout(0))).unwrap();
        let (r, n) = open_or_build_counting(&path, &l, &none);
        assert!(r.is_ok() && n == 1);
        // Anything else: refused, never built, left byte for byte as it was.
        let magic = |name: &str| {
            crate::files::KINDS
                .iter()
                .find(|k| k.name == name)
                .unwrap()
                .magic
        };
        let (silver, c3) = (
            "a twisty Silver database",
            "a twisty 3x3x3 two-phase solver table file",
        );
        let foreign: [(&str, Vec<u8>, &str); 4] = [
            (
                "notes.txt",
                b"my notes, not a table".to_vec(),
                "(bad magic)",
            ),
            (
                "silver.db",
                [&magic(silver)[..], &[0u8; 200][..]].concat(),
                "(it is a twisty Silver database)",
            ),
            (
                "c3.tbl",
                [&magic(c3)[..], &[1u8; 200][..]].concat(),
                "(it is a twisty 3x3x3 two-phase solver table file)",
            ),
            ("tiny", b"TW".to_vec(), "(bad magic)"),
        ];
        for (name, bytes, why) in foreign {
            let p = dir.join(name);
            std::fs::write(&p, &bytes).unwrap();
            let (r, n) = open_or_build_counting(&p, &l, &none);
            let e = r.err().unwrap();
            assert_eq!(n, 0, "{name}");
            assert_eq!(e.kind(), ErrorKind::Database);
            assert_eq!(
                e.message(),
                format!(
                    "test table file {}: not a twisty test table file {why}; it was left alone (remove it, or choose another path)",
                    p.display()
                )
            );
            assert_eq!(std::fs::read(&p).unwrap(), bytes, "{name} untouched");
            assert!(!crate::fileio::partial_path(&p).exists());
        }
        // Its own kind with other parameters (another size): another table, left alone.
        let sized = dir.join("other-size.tbl");
        let bytes = image(&Layout {
            param: 9,
            ..layout(1)
        });
        std::fs::write(&sized, &bytes).unwrap();
        let (r, n) = open_or_build_counting(&sized, &l, &none);
        let e = r.err().unwrap();
        assert_eq!((n, e.kind()), (0, ErrorKind::Database));
        assert!(
            e.message()
                .contains("of other parameters (0x9, this one is 0x7); it was left alone"),
            "{}",
            e.message()
        );
        assert_eq!(std::fs::read(&sized).unwrap(), bytes);
        // An empty file is not a table and holds nothing: refused on opening, like the others.
        let empty = dir.join("empty.tbl");
        std::fs::write(&empty, b"").unwrap();
        let (r, n) = open_or_build_counting(&empty, &l, &none);
        assert!(r.err().unwrap().message().contains("(it is empty)") && n == 0);
        // A directory, a path under a regular file, an empty path: refused before building.
        let cases = [
            (dir.clone(), "is a directory".to_string()),
            (
                dir.join("notes.txt/sub.tbl"),
                format!("{} is not a folder", dir.join("notes.txt").display()),
            ),
            (PathBuf::new(), "the path is empty".to_string()),
        ];
        for (p, why) in cases {
            let (r, n) = open_or_build_counting(&p, &l, &none);
            let e = r.err().unwrap();
            assert!(e.message().contains(&why) && n == 0, "{}", e.message());
        }
        // A token cancelled before the call: nothing is opened or built.
        let cancelled = CancelToken::new();
        cancelled.cancel();
        let fresh = dir.join("never.tbl");
        let (r, n) = open_or_build_counting(&fresh, &l, &cancelled);
        assert_eq!(r.err().unwrap().kind(), ErrorKind::Cancelled);
        assert!(n == 0 && !fresh.exists() && !crate::fileio::partial_path(&fresh).exists());
        // A failed build leaves no .partial.
        let r = open_or_build(&fresh, &l, &none, || {
            Err(Error::new(ErrorKind::Cancelled, "stop"))
        });
        assert!(r.is_err() && !crate::fileio::partial_path(&fresh).exists() && !fresh.exists());
        // save() follows the same rule.
        let text = dir.join("notes.txt");
        assert!(TableFile::Owned(image(&l)).save(&text, &l).is_err());
        assert_eq!(std::fs::read(&text).unwrap(), b"my notes, not a table");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn concurrent_builds_of_one_file_build_it_once() {
        let dir = std::env::temp_dir().join(format!("twisty-tablefile-two-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("t.tbl");
        let builds = std::sync::atomic::AtomicU32::new(0);
        std::thread::scope(|s| {
            for _ in 0..2 {
                s.spawn(|| {
                    let l = layout(1);
                    let f = open_or_build(&path, &l, &CancelToken::new(), || {
                        builds.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                        std::thread::sleep(std::time::Duration::from_millis(300));
                        Ok(TableFile::Owned(image(&l)))
                    })
                    .unwrap();
                    assert_eq!(l.section(f.bytes(), 0), b"hello");
                });
            }
        });
        assert_eq!(builds.load(std::sync::atomic::Ordering::SeqCst), 1);
        // A waiting caller can be cancelled.
        let l = layout(1);
        let other = dir.join("u.tbl");
        let held = crate::fileio::Partial::claim(&other, |h| l.is_own_kind(h)).unwrap();
        let cancel = CancelToken::new();
        let c2 = cancel.clone();
        let t = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(200));
            c2.cancel();
        });
        let e = open_or_build(&other, &l, &cancel, || Ok(TableFile::Owned(image(&l))))
            .err()
            .unwrap();
        t.join().unwrap();
        assert_eq!(e.kind(), ErrorKind::Cancelled, "{}", e.message());
        drop(held);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn an_empty_partial_left_by_a_killed_build_is_taken_over() {
        let dir =
            std::env::temp_dir().join(format!("twisty-tablefile-killed-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.tbl");
        // What a process killed between its claim and its first byte leaves.
        std::fs::write(crate::fileio::partial_path(&path), b"").unwrap();
        let l = layout(1);
        let (r, n) = open_or_build_counting(&path, &l, &CancelToken::new());
        assert!(r.is_ok() && n == 1);
        assert!(!crate::fileio::partial_path(&path).exists());
        std::fs::remove_dir_all(&dir).ok();
    }
}
