//! The database file: a 4096-byte header, then one 4-bit level per cell. See `docs/db-format.md`.

pub use super::kind::{FILE_KIND, MAGIC};
use std::fs::File;
use std::io::Read;
use std::path::Path;

use xxhash_rust::xxh3::xxh3_64;

use crate::error::{Error, ErrorKind, Result};

pub const VERSION: u32 = 1;
pub const HEADER_LEN: u64 = 4096;
/// Levels 1..=15 fit a nibble; 0 means "not reached" (or a slot no class owns).
pub const MAX_LEVELS: usize = 16;
pub const REGIONS: usize = 256;

/// The two models the database can hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// The Cube21 article's model: middle layer ignored.
    Article,
    /// The physical puzzle: the middle layer (square or kite) is part of the state.
    Middle,
}

impl Variant {
    pub fn code(self) -> u32 {
        match self {
            Variant::Article => 0,
            Variant::Middle => 1,
        }
    }

    pub fn from_code(code: u32) -> Option<Variant> {
        match code {
            0 => Some(Variant::Article),
            1 => Some(Variant::Middle),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Variant::Article => "article",
            Variant::Middle => "middle",
        }
    }

    /// Cells per slot: 1 for the article, 2 (square, kite) with the middle layer.
    pub fn cells_per_slot(self) -> u64 {
        match self {
            Variant::Article => 1,
            Variant::Middle => 2,
        }
    }
}

/// Build status recorded in the header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Building,
    Complete,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Header {
    pub variant: Variant,
    pub status: Status,
    /// Levels 1..=completed_level are final.
    pub completed_level: u32,
    /// The level the build was asked to stop at; 0 = no limit.
    pub max_level: u32,
    /// Whether the search ran out of new positions (the database holds every class).
    pub exhausted: bool,
    pub cells: u64,
    pub data_bytes: u64,
    pub level_counts: [u64; MAX_LEVELS],
    pub build_millis: u64,
    pub threads: u32,
    pub region_checksums: Vec<u64>,
}

/// Refuses an empty path. A database's messages name it by its path; with none, by its kind.
pub(crate) fn check_path(path: &Path) -> Result<()> {
    crate::fileio::check_path(path)
        .map_err(|r| Error::new(ErrorKind::Database, format!("Silver database: {r}")))
}

impl Header {
    pub fn new(variant: Variant, cells: u64, max_level: u32, threads: u32) -> Header {
        Header {
            variant,
            status: Status::Building,
            completed_level: 0,
            max_level,
            exhausted: false,
            cells,
            data_bytes: cells.div_ceil(2),
            level_counts: [0; MAX_LEVELS],
            build_millis: 0,
            threads,
            region_checksums: vec![0; REGIONS],
        }
    }

    pub fn region_bytes(&self) -> u64 {
        self.data_bytes.div_ceil(REGIONS as u64)
    }

    pub fn file_len(&self) -> u64 {
        HEADER_LEN + self.data_bytes
    }

    /// Classes found so far.
    pub fn found(&self) -> u64 {
        self.level_counts.iter().sum()
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = vec![0u8; HEADER_LEN as usize];
        let mut w = |off: usize, bytes: &[u8]| b[off..off + bytes.len()].copy_from_slice(bytes);
        w(0, &MAGIC);
        w(8, &VERSION.to_le_bytes());
        w(12, &self.variant.code().to_le_bytes());
        w(
            16,
            &u32::from(self.status == Status::Complete).to_le_bytes(),
        );
        w(20, &self.completed_level.to_le_bytes());
        w(24, &self.max_level.to_le_bytes());
        w(28, &(self.exhausted as u32).to_le_bytes());
        w(32, &self.cells.to_le_bytes());
        w(40, &HEADER_LEN.to_le_bytes());
        w(48, &self.data_bytes.to_le_bytes());
        w(56, &self.build_millis.to_le_bytes());
        w(64, &self.threads.to_le_bytes());
        w(68, &(REGIONS as u32).to_le_bytes());
        w(72, &self.region_bytes().to_le_bytes());
        for (i, c) in self.level_counts.iter().enumerate() {
            w(128 + 8 * i, &c.to_le_bytes());
        }
        for (i, c) in self.region_checksums.iter().enumerate() {
            w(256 + 8 * i, &c.to_le_bytes());
        }
        let sum = xxh3_64(&b[..HEADER_LEN as usize - 8]);
        b[HEADER_LEN as usize - 8..].copy_from_slice(&sum.to_le_bytes());
        b
    }

    /// Parses and checks a header; `what` names the file in messages.
    pub fn from_bytes(b: &[u8], what: &str) -> Result<Header> {
        let bad = |m: String| Error::new(ErrorKind::Database, format!("{what}: {m}"));
        // Another kind of file is named as the table openers name it, whatever its length.
        if b.len() >= 8 && b[..8] != MAGIC {
            let kind = crate::tablefile::describe_foreign(b);
            return Err(bad(format!("not a twisty Silver database ({kind})")));
        }
        if b.len() < HEADER_LEN as usize {
            return Err(bad(format!(
                "truncated header ({} of {HEADER_LEN} bytes)",
                b.len()
            )));
        }
        let u32_at = |o: usize| u32::from_le_bytes(b[o..o + 4].try_into().unwrap());
        let u64_at = |o: usize| u64::from_le_bytes(b[o..o + 8].try_into().unwrap());
        let version = u32_at(8);
        if version != VERSION {
            return Err(bad(format!(
                "format version {version}, this library reads version {VERSION}"
            )));
        }
        let stored = u64_at(HEADER_LEN as usize - 8);
        if stored != xxh3_64(&b[..HEADER_LEN as usize - 8]) {
            return Err(bad(
                "header checksum mismatch (the header is corrupt)".into()
            ));
        }
        let variant = Variant::from_code(u32_at(12))
            .ok_or_else(|| bad(format!("unknown variant code {}", u32_at(12))))?;
        let regions = u32_at(68) as usize;
        if regions != REGIONS || u64_at(40) != HEADER_LEN {
            return Err(bad("inconsistent header layout".into()));
        }
        let mut level_counts = [0u64; MAX_LEVELS];
        for (i, c) in level_counts.iter_mut().enumerate() {
            *c = u64_at(128 + 8 * i);
        }
        let h = Header {
            variant,
            status: if u32_at(16) == 1 {
                Status::Complete
            } else {
                Status::Building
            },
            completed_level: u32_at(20),
            max_level: u32_at(24),
            exhausted: u32_at(28) == 1,
            cells: u64_at(32),
            data_bytes: u64_at(48),
            level_counts,
            build_millis: u64_at(56),
            threads: u32_at(64),
            region_checksums: (0..REGIONS).map(|i| u64_at(256 + 8 * i)).collect(),
        };
        if h.data_bytes != h.cells.div_ceil(2) || u64_at(72) != h.region_bytes() {
            return Err(bad("inconsistent header sizes".into()));
        }
        Ok(h)
    }

    /// Reads the header of a file and checks the file's length against it.
    pub fn read(path: &Path) -> Result<(Header, File)> {
        check_path(path)?;
        let what = path.display().to_string();
        let mut f = crate::fileio::open_regular(path)
            .map_err(|r| Error::new(ErrorKind::Database, format!("{what}: {r}")))?;
        let mut b = vec![0u8; HEADER_LEN as usize];
        let io = |e: std::io::Error| {
            let r = crate::fileio::describe(path, "read", &e);
            Error::new(ErrorKind::Database, format!("{what}: {r}"))
        };
        let n = read_up_to(&mut f, &mut b).map_err(io)?;
        let h = Header::from_bytes(&b[..n], &what)?;
        let len = f.metadata().map_err(io)?.len();
        if len != h.file_len() {
            return Err(Error::new(
                ErrorKind::Database,
                format!(
                    "{what}: truncated or padded: {len} bytes, the header says {}",
                    h.file_len()
                ),
            ));
        }
        Ok((h, f))
    }

    pub fn write_to(&self, f: &File) -> std::io::Result<()> {
        crate::fileio::write_all_at(f, &self.to_bytes(), 0)?;
        f.sync_data()
    }
}

fn read_up_to(f: &mut File, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match f.read(&mut buf[n..])? {
            0 => break,
            k => n += k,
        }
    }
    Ok(n)
}

/// Checksums of the data regions (parallel), as stored in the header.
pub fn region_checksums(data: &[u8], region_bytes: u64) -> Vec<u64> {
    use rayon::prelude::*;
    let mut sums: Vec<u64> = data
        .par_chunks(region_bytes.max(1) as usize)
        .map(xxh3_64)
        .collect();
    sums.resize(REGIONS, 0);
    sums
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_round_trips_and_detects_corruption() {
        let mut h = Header::new(Variant::Middle, 1_000_001, 5, 2);
        h.level_counts[1] = 1;
        h.level_counts[2] = 32;
        h.completed_level = 2;
        let b = h.to_bytes();
        assert_eq!(Header::from_bytes(&b, "x").unwrap(), h);
        let mut bad = b.clone();
        bad[130] ^= 1;
        assert!(
            Header::from_bytes(&bad, "x")
                .unwrap_err()
                .message()
                .contains("header checksum mismatch")
        );
        let mut bad = b.clone();
        bad[0] = b'X';
        assert!(
            Header::from_bytes(&bad, "x")
                .unwrap_err()
                .message()
                .contains("not a twisty Silver database (bad magic)")
        );
        let mut solver = b.clone();
        solver[..8].copy_from_slice(crate::sq1::solve::prune::MAGIC);
        assert_eq!(
            Header::from_bytes(&solver[..16], "x")
                .unwrap_err()
                .message(),
            "x: not a twisty Silver database (it is a twisty Square-1 solver table file)"
        );
        assert!(
            Header::from_bytes(&b[..100], "x")
                .unwrap_err()
                .message()
                .contains("truncated header")
        );
    }
}
