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
//! [`ErrorKind::Database`] error naming the file and the reason.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use memmap2::Mmap;

use crate::error::{Error, ErrorKind, Result};

pub const HEADER_LEN: usize = 128;
const MAX_SECTIONS: usize = (HEADER_LEN - 32) / 8;

/// What a table file must be: checked on open, written into the header on save.
pub struct Layout<'a> {
    /// Used in messages: "solver table file", "3x3x3 table file", ...
    pub what: &'a str,
    pub magic: &'a [u8; 8],
    pub version: u32,
    pub digest: u64,
    pub param: u64,
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
        let o = self.offset(k);
        &mut data[o..o + self.sections[k].1]
    }

    pub fn section<'b>(&self, data: &'b [u8], k: usize) -> &'b [u8] {
        let o = self.offset(k);
        &data[o..o + self.sections[k].1]
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

    /// Maps a file and checks it against this layout.
    pub fn open(&self, path: &Path) -> Result<TableFile> {
        let bad = |msg: String| {
            Error::new(
                ErrorKind::Database,
                format!("{} {}: {msg}", self.what, path.display()),
            )
        };
        let f = File::open(path).map_err(|e| bad(format!("cannot open: {e}")))?;
        // SAFETY: the file is opened read-only; table files are written whole and renamed into
        // place, never modified where they lie.
        let map = unsafe { Mmap::map(&f) }.map_err(|e| bad(format!("cannot map: {e}")))?;
        if map.len() < HEADER_LEN || &map[..8] != self.magic {
            return Err(bad(format!("not a twisty {} (bad magic)", self.what)));
        }
        let u32_at = |o: usize| u32::from_le_bytes(map[o..o + 4].try_into().unwrap());
        let u64_at = |o: usize| u64::from_le_bytes(map[o..o + 8].try_into().unwrap());
        if u32_at(8) != self.version {
            return Err(bad(format!(
                "format version {} (this build reads version {}); delete it to rebuild",
                u32_at(8),
                self.version
            )));
        }
        if u64_at(16) != self.digest
            || u64_at(24) != self.param
            || u32_at(12) != self.sections.len() as u32
        {
            return Err(bad(
                "built from a different move index; delete it to rebuild".into(),
            ));
        }
        if map.len() != self.file_len() {
            return Err(bad(format!(
                "size {} bytes, expected {} (truncated or damaged)",
                map.len(),
                self.file_len()
            )));
        }
        for (k, (name, _)) in self.sections.iter().enumerate() {
            if xxhash_rust::xxh3::xxh3_64(self.section(&map, k)) != u64_at(32 + 8 * k) {
                return Err(bad(format!(
                    "the {name} table fails its checksum (damaged)"
                )));
            }
        }
        Ok(TableFile::Mapped(map))
    }
}

/// A table file's bytes: built in memory, or mapped from disk.
pub enum TableFile {
    Owned(Vec<u8>),
    Mapped(Mmap),
}

impl TableFile {
    pub fn bytes(&self) -> &[u8] {
        match self {
            TableFile::Owned(v) => v,
            TableFile::Mapped(m) => m,
        }
    }

    /// Writes the bytes to `path` atomically (a `.partial` file renamed when complete),
    /// creating the folder if needed.
    pub fn save(&self, path: &Path, what: &str) -> Result<()> {
        let io = |e: std::io::Error, verb: &str| {
            Error::new(
                ErrorKind::Database,
                format!("cannot {verb} {what} {}: {e}", path.display()),
            )
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| io(e, "create the folder of"))?;
        }
        let partial = PathBuf::from(format!("{}.partial", path.display()));
        let mut f = File::create(&partial).map_err(|e| io(e, "create"))?;
        f.write_all(self.bytes()).map_err(|e| io(e, "write"))?;
        f.sync_all().map_err(|e| io(e, "write"))?;
        std::fs::rename(&partial, path).map_err(|e| io(e, "rename into"))?;
        Ok(())
    }
}

/// Opens a table file, or (when it is missing or cannot be used: damaged, stale, foreign) builds
/// the tables, saves them there atomically and opens the result. The policy of every solver's
/// `open_or_build`.
pub fn open_or_build<T>(
    path: &Path,
    what: &str,
    open: impl Fn(&Path) -> Result<T>,
    build_and_save: impl FnOnce(&Path) -> Result<()>,
) -> Result<T> {
    if path.exists() {
        match open(path) {
            Ok(t) => return Ok(t),
            Err(e) => log::warn!("{}; rebuilding it", e.message()),
        }
    }
    log::info!("building the {what} into {}", path.display());
    build_and_save(path)?;
    open(path)
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

/// Starts loading byte `i` of a table into the cache: a hint for lookups that would otherwise
/// wait on memory one after another (nothing happens off x86-64).
#[inline(always)]
pub fn prefetch(table: &[u8], i: usize) {
    debug_assert!(i < table.len());
    #[cfg(target_arch = "x86_64")]
    // SAFETY: prefetching never faults and reads nothing; the address is inside the table.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(table.as_ptr().wrapping_add(i) as *const i8);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (table, i);
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
            sections: &[("first", 5), ("second", 3)],
        }
    }

    #[test]
    fn round_trip_and_every_refusal() {
        let dir = std::env::temp_dir().join(format!("twisty-tablefile-{}", std::process::id()));
        let path = dir.join("t.tbl");
        let l = layout(1);
        let mut data = l.buffer();
        l.section_mut(&mut data, 0).copy_from_slice(b"hello");
        l.section_mut(&mut data, 1).copy_from_slice(b"abc");
        l.seal(&mut data);
        TableFile::Owned(data.clone()).save(&path, l.what).unwrap();
        let f = l.open(&path).unwrap();
        assert_eq!(l.section(f.bytes(), 1), b"abc");
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
        let mut foreign = data.clone();
        foreign[0] = b'X';
        refuse(&foreign, &l, "bad magic");
        let other = Layout {
            digest: 43,
            ..layout(1)
        };
        refuse(&data, &other, "different move index");
        std::fs::remove_file(&path).unwrap();
        let e = l.open(&path).err().unwrap();
        assert!(e.message().contains("cannot open"), "{}", e.message());
        std::fs::remove_dir_all(&dir).ok();
    }
}
