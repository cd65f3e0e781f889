//! Checkpoints of the frontier-list search: after each depth, every rank writes its two lists
//! and the counts so far to `DIR/depth-D-rank-R-of-N.frontier`, checksummed, through a
//! `.partial` file renamed into place. The previous depth's files are removed only once every
//! rank has written the new ones, so after a crash at any moment every rank holds the files of
//! a common depth. A restart with the same rank count resumes at the deepest depth every rank
//! holds; files of another rank count, of another graph, or damaged are refused, never used.
//!
//! Layout (little-endian): the magic `TWSTYFRN`, version (u32), 0 (u32); the graph's name
//! (u64 length, bytes), cells, blocks, start (u64 each); ranks, rank, depth (u32 each); the
//! counts (depth + 1 u64s); the two list lengths (u64 each); the lists; the XXH3-64 of
//! everything before it.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use xxhash_rust::xxh3::Xxh3;

use super::super::{Graph, Transport};
use crate::error::{Error, ErrorKind, Result};
use crate::fileio::Partial;

const MAGIC: [u8; 8] = *b"TWSTYFRN";
const VERSION: u32 = 1;

/// What one checkpoint file holds.
pub(super) struct Saved {
    pub counts: Vec<u64>,
    pub previous: Vec<u64>,
    pub last: Vec<u64>,
}

/// Where a search keeps its checkpoints, and which graph it searches.
pub(super) struct Place<'a> {
    pub dir: &'a Path,
    /// Names the graph (the cells, blocks and start are checked too).
    pub name: &'a str,
    pub graph: &'a dyn Graph,
    pub ranks: usize,
    pub rank: usize,
}

fn db_err(message: String) -> Error {
    Error::new(ErrorKind::Database, message)
}

impl Place<'_> {
    fn path(&self, depth: u32, rank: usize) -> PathBuf {
        self.dir.join(format!(
            "depth-{depth}-rank-{rank}-of-{}.frontier",
            self.ranks
        ))
    }

    /// The fixed part of the header: everything up to the depth.
    fn identity(&self) -> Vec<u8> {
        let mut h = Vec::new();
        h.extend_from_slice(&MAGIC);
        h.extend_from_slice(&VERSION.to_le_bytes());
        h.extend_from_slice(&0u32.to_le_bytes());
        h.extend_from_slice(&(self.name.len() as u64).to_le_bytes());
        h.extend_from_slice(self.name.as_bytes());
        for v in [self.graph.cells(), self.graph.blocks(), self.graph.start()] {
            h.extend_from_slice(&v.to_le_bytes());
        }
        h.extend_from_slice(&(self.ranks as u32).to_le_bytes());
        h.extend_from_slice(&(self.rank as u32).to_le_bytes());
        h
    }

    /// The depths this rank has files for, and an error for any checkpoint file of another
    /// rank count (a restart must use the rank count that wrote them).
    fn depths_here(&self) -> Result<Vec<u32>> {
        let entries = match std::fs::read_dir(self.dir) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => {
                return Err(db_err(format!(
                    "{}: {}",
                    self.dir.display(),
                    crate::fileio::words(&e)
                )));
            }
        };
        let mut depths = Vec::new();
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some(stem) = name.strip_suffix(".frontier") else {
                continue;
            };
            let fields: Vec<&str> = stem.split('-').collect();
            if let ["depth", d, "rank", r, "of", n] = fields[..] {
                if n != self.ranks.to_string() {
                    return Err(db_err(format!(
                        "{}: a checkpoint of {n} ranks (restart with {n} ranks, or use another \
                         folder)",
                        self.dir.join(&name).display()
                    )));
                }
                if r == self.rank.to_string()
                    && let Ok(d) = d.parse()
                {
                    depths.push(d);
                }
            }
        }
        Ok(depths)
    }

    /// Writes this rank's checkpoint of the last depth of `counts`.
    pub fn write(&self, counts: &[u64], previous: &[u64], last: &[u64]) -> Result<()> {
        let depth = counts.len() as u32 - 1;
        let path = self.path(depth, self.rank);
        let io = |e: std::io::Error| db_err(format!("{}: {}", path.display(), e));
        let p = Partial::claim(&path, |head| head.starts_with(&MAGIC))
            .map_err(|e| db_err(format!("{}: {}", path.display(), e.reason())))?;
        let mut file: &File = p.file();
        file.seek(SeekFrom::Start(0)).map_err(io)?;
        let mut out = Hashed {
            inner: BufWriter::with_capacity(1 << 20, file),
            hash: Xxh3::new(),
        };
        out.put(&self.identity()).map_err(io)?;
        out.put(&depth.to_le_bytes()).map_err(io)?;
        let lens = [previous.len() as u64, last.len() as u64];
        for list in [counts, &lens, previous, last] {
            out.put_u64s(list).map_err(io)?;
        }
        let sum = out.hash.digest();
        out.inner.write_all(&sum.to_le_bytes()).map_err(io)?;
        out.inner.flush().map_err(io)?;
        drop(out);
        p.commit().map_err(|e| db_err(e.to_string()))
    }

    /// Reads this rank's checkpoint of `depth`, refusing anything but a complete file of this
    /// graph, rank count and rank.
    fn read(&self, depth: u32) -> Result<Saved> {
        let path = self.path(depth, self.rank);
        let refuse = |why: &str| db_err(format!("{}: {why}; it was not used", path.display()));
        let file = crate::fileio::open_regular(&path)
            .map_err(|r| db_err(format!("{}: {r}", path.display())))?;
        let len = file.metadata().map(|m| m.len()).unwrap_or(0);
        let mut input = Hashed {
            inner: BufReader::with_capacity(1 << 20, file),
            hash: Xxh3::new(),
        };
        let damaged = |_| refuse("damaged (shorter than its header says)");
        let want = self.identity();
        let mut head = vec![0u8; want.len()];
        let (magic, rest) = head.split_at_mut(MAGIC.len());
        if input.take(magic).is_err() || magic != MAGIC {
            return Err(refuse("not a checkpoint of the frontier search"));
        }
        input.take(rest).map_err(damaged)?;
        if head != want {
            return Err(refuse("a checkpoint of another graph, version or rank"));
        }
        let mut d = [0u8; 4];
        input.take(&mut d).map_err(damaged)?;
        if u32::from_le_bytes(d) != depth {
            return Err(refuse("its depth is not the one its name says"));
        }
        let mut counts = vec![0u64; depth as usize + 1];
        input.take_u64s(&mut counts).map_err(damaged)?;
        let mut lens = [0u64; 2];
        input.take_u64s(&mut lens).map_err(damaged)?;
        let data = want.len() as u64 + 4 + 8 * (counts.len() as u64 + 2);
        if lens[0].saturating_add(lens[1]).saturating_mul(8) != len.saturating_sub(data + 8) {
            return Err(refuse(
                "damaged (its length is not the one its header says)",
            ));
        }
        let mut previous = vec![0u64; lens[0] as usize];
        input.take_u64s(&mut previous).map_err(damaged)?;
        let mut last = vec![0u64; lens[1] as usize];
        input.take_u64s(&mut last).map_err(damaged)?;
        let sum = input.hash.digest();
        let mut stored = [0u8; 8];
        input.inner.read_exact(&mut stored).map_err(damaged)?;
        if u64::from_le_bytes(stored) != sum {
            return Err(refuse("damaged (its checksum does not match)"));
        }
        Ok(Saved {
            counts,
            previous,
            last,
        })
    }

    /// Removes this rank's files of `depth`.
    pub fn remove(&self, depth: u32) {
        // A file left behind costs disk only: a restart uses the deepest common depth.
        let _ = std::fs::remove_file(self.path(depth, self.rank));
    }

    /// Every rank's checkpoint of the deepest depth all ranks hold, or `None` when no rank holds
    /// any; every rank fails when any rank's files are refused.
    pub fn resume(&self, transport: &mut dyn Transport) -> Result<Option<Saved>> {
        let here = self.depths_here();
        let best = here.as_ref().ok().and_then(|d| d.iter().max().copied());
        // One step: failures, ranks with files, the deepest depth, and (as MAX - x) the
        // shallowest of the ranks' deepest.
        let mut status = vec![
            u64::from(here.is_err()),
            u64::from(best.is_some()),
            best.map_or(0, u64::from),
        ];
        let shallowest = u64::MAX - transport.max(u64::MAX - status[2])?;
        status = transport.sum(&status)?;
        if status[0] > 0 {
            return Err(here
                .err()
                .unwrap_or_else(|| crate::bfs::others_failed(status[0])));
        }
        if status[1] == 0 {
            return Ok(None);
        }
        let local = if status[1] < transport.size() as u64 {
            Err(db_err(format!(
                "{}: only {} of {} ranks have checkpoint files; it was not used",
                self.dir.display(),
                status[1],
                transport.size()
            )))
        } else {
            self.read(shallowest as u32)
        };
        crate::bfs::agree(transport, local).map(Some)
    }
}

/// A reader or writer that hashes what passes through it.
struct Hashed<T> {
    inner: T,
    hash: Xxh3,
}

impl<W: Write> Hashed<W> {
    fn put(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.hash.update(bytes);
        self.inner.write_all(bytes)
    }

    fn put_u64s(&mut self, values: &[u64]) -> std::io::Result<()> {
        for chunk in values.chunks(1 << 14) {
            let bytes: Vec<u8> = chunk.iter().flat_map(|v| v.to_le_bytes()).collect();
            self.put(&bytes)?;
        }
        Ok(())
    }
}

impl<R: Read> Hashed<R> {
    fn take(&mut self, bytes: &mut [u8]) -> std::io::Result<()> {
        self.inner.read_exact(bytes)?;
        self.hash.update(bytes);
        Ok(())
    }

    fn take_u64s(&mut self, values: &mut [u64]) -> std::io::Result<()> {
        let mut bytes = vec![0u8; 8 << 14];
        for chunk in values.chunks_mut(1 << 14) {
            let b = &mut bytes[..8 * chunk.len()];
            self.take(b)?;
            for (v, x) in chunk.iter_mut().zip(b.chunks_exact(8)) {
                *v = u64::from_le_bytes(x.try_into().unwrap());
            }
        }
        Ok(())
    }
}
