//! The Silver databases built by several ranks ([`crate::bfs`]), into the file the
//! single-process builder writes: the same data and region checksums (the header's build time
//! and thread count are this build's).
//!
//! Every rank runs [`build_partitioned`] with the same arguments. Rank 0 claims `<path>.partial`
//! (the file-safety rule: a file twisty did not write is never replaced); after the search each
//! rank writes its slice into that file at its own offset (so the ranks share a file system: one
//! machine, or a cluster's shared scratch), computes the checksums of the regions that start in
//! its slice (borrowing the few bytes past its end from the next ranks), and rank 0 writes the
//! header and renames the file into place. Every step ends with the ranks agreeing that all of
//! them succeeded, so one rank's failure stops them all with an error instead of a hang.

use std::path::Path;
use std::time::Instant;

use xxhash_rust::xxh3::xxh3_64;

use super::format::{HEADER_LEN, Header, MAX_LEVELS, Status};
use super::{BuildOptions, SilverGraph, total_cells};
use crate::bfs::{self, LevelReport, Partition, Transport, agree};
use crate::error::{Error, ErrorKind, Result};
use crate::progress::CancelToken;

fn db_err(m: impl Into<String>) -> Error {
    Error::new(ErrorKind::Database, m)
}

/// Builds the database of `opts` at `path` with every rank of `transport` (see the module).
/// `opts.threads` is each rank's worker count (0: one per core); `search` sets the rounds of
/// the exchange. An existing complete database of the same options is returned as it is; any
/// other file at `path`, or an unfinished `.partial` there, is refused and left alone.
pub fn build_partitioned(
    path: &Path,
    opts: &BuildOptions,
    search: &bfs::Options,
    transport: &mut dyn Transport,
    cancel: &CancelToken,
    report: &mut dyn FnMut(&LevelReport),
) -> Result<Header> {
    let started = Instant::now();
    let me = transport.rank();
    let checked = opts
        .validate()
        .and_then(|()| super::format::check_path(path));
    agree(transport, checked)?;
    let what = path.display().to_string();
    // An existing file: the finished database of these options, or a refusal.
    let existing = match Header::read(path) {
        Ok((h, _))
            if h.status == Status::Complete
                && h.variant == opts.variant
                && h.max_level == opts.max_level =>
        {
            Ok(Some(h))
        }
        Ok(_) => Err(db_err(format!(
            "{what}: a different database exists there; remove it first"
        ))),
        Err(_) if crate::fileio::is_missing(path) => Ok(None),
        Err(e) => Err(e),
    };
    if let Some(h) = agree(transport, existing)? {
        return Ok(h);
    }
    let work = super::partial_path(path);
    let cells = total_cells(opts.variant);
    let mut header = Header::new(opts.variant, cells, opts.max_level, 0);
    // Rank 0 claims the `.partial` and gives it its full length; the others open it after.
    let claim = if me == 0 {
        claim_partial(path, &work, &header, search.checkpoint.is_some()).map(Some)
    } else {
        Ok(None)
    };
    let claim = agree(transport, claim)?;
    let file = match &claim {
        Some(p) => p.file().try_clone().map_err(|e| io_err(&work, "open", &e)),
        None => std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(&work)
            .map_err(|e| io_err(&work, "open", &e)),
    };
    let file = agree(transport, file)?;

    let graph = SilverGraph::new(opts.variant);
    let mut search = search.clone();
    search.max_level = opts.max_level as u8;
    search.threads = opts.threads;
    if let Some(cp) = search.checkpoint.as_mut() {
        cp.tag = format!("silver database, {}", opts.variant.name());
    }
    let mut slice = bfs::search(&graph, transport, &search, cancel, report)?;
    header.threads = slice.threads as u32;
    if slice.cells.start % 2 != 0 {
        unreachable!("every shape class has an even number of cells");
    }
    let offset = slice.cells.start / 2;
    let written = write_slice(&file, &slice.bytes, offset).map_err(|e| io_err(&work, "write", &e));
    agree(transport, written)?;
    let sums = region_checksums(&slice.bytes, offset, &header, transport)?;
    header.region_checksums = transport.sum(&sums)?;
    for (i, &c) in slice.level_counts.iter().enumerate().take(MAX_LEVELS) {
        header.level_counts[i] = c;
    }
    header.completed_level = slice.completed_level as u32;
    header.exhausted = slice.exhausted;
    header.status = Status::Complete;
    header.build_millis = started.elapsed().as_millis() as u64;
    let done = match claim {
        Some(p) => header
            .write_to(p.file())
            .map_err(|e| io_err(&work, "write", &e))
            .and_then(|()| p.commit().map_err(|r| db_err(format!("{what}: {r}")))),
        None => Ok(()),
    };
    agree(transport, done)?;
    // The database is in place: the checkpoints are of no more use.
    let removed = slice.remove_checkpoint();
    agree(transport, removed)?;
    Ok(header)
}

fn io_err(work: &Path, verb: &str, e: &std::io::Error) -> Error {
    db_err(format!(
        "{}: {}",
        work.display(),
        crate::fileio::describe(work, verb, e)
    ))
}

/// Rank 0's claim of `<path>.partial`, sized for the whole file with a `building` header. An
/// unfinished build there is left alone (a single-process one can resume with that builder),
/// unless this build resumes from checkpoints (then it is this build's own, from before a kill).
fn claim_partial(
    path: &Path,
    work: &Path,
    header: &Header,
    resuming: bool,
) -> Result<crate::fileio::Partial> {
    if !resuming && !crate::fileio::is_missing(work) {
        return Err(db_err(format!(
            "{}: an unfinished build is there; remove it to build with several ranks",
            work.display()
        )));
    }
    let p = crate::fileio::Partial::claim(path, |head| head.starts_with(&super::format::MAGIC))
        .map_err(|e| db_err(format!("{}: {}", path.display(), e.reason())))?;
    p.file()
        .set_len(header.file_len())
        .and_then(|()| header.write_to(p.file()))
        .map_err(|e| io_err(work, "write", &e))?;
    Ok(p)
}

/// Writes the slice's non-zero chunks at its place in the data region (the rest of a fresh
/// file reads as zero).
fn write_slice(file: &std::fs::File, bytes: &[u8], offset: u64) -> std::io::Result<()> {
    const CHUNK: usize = 1 << 16;
    for (i, chunk) in bytes.chunks(CHUNK).enumerate() {
        if chunk.iter().any(|&b| b != 0) {
            crate::fileio::write_all_at(file, chunk, HEADER_LEN + offset + (i * CHUNK) as u64)?;
        }
    }
    file.sync_data()
}

/// The checksums of the regions that start in this rank's bytes (zero elsewhere, so that the
/// ranks' vectors sum to the header's). A region that runs past the slice's end gets its last
/// bytes from the ranks that hold them.
fn region_checksums(
    bytes: &[u8],
    offset: u64,
    header: &Header,
    transport: &mut dyn Transport,
) -> Result<Vec<u64>> {
    let me = transport.rank();
    let part = Partition::new(&SilverGraph::new(header.variant), transport.size())?;
    let region = header.region_bytes();
    let data = header.data_bytes;
    let byte_range = |r: usize| {
        let c = part.cells_of(r);
        c.start / 2..c.end / 2
    };
    // The bytes rank r needs past its end: up to the end of the region holding its last byte.
    let wanted = |r: usize| {
        let own = byte_range(r);
        let end = (((own.end - 1) / region) + 1) * region;
        own.end..end.min(data)
    };
    let mine = byte_range(me);
    debug_assert_eq!(mine.start, offset);
    let outgoing: Vec<Vec<u64>> = (0..transport.size())
        .map(|r| {
            let w = wanted(r);
            let (a, b) = (w.start.max(mine.start), w.end.min(mine.end));
            if a >= b {
                return Vec::new();
            }
            pack(&bytes[(a - offset) as usize..(b - offset) as usize])
        })
        .collect();
    let incoming = transport.exchange(outgoing)?;
    let w = wanted(me);
    let mut tail = Vec::with_capacity((w.end - w.start) as usize);
    // The next ranks' parts arrive in rank order, which is byte order.
    for (r, words) in incoming.iter().enumerate().skip(me + 1) {
        let b = byte_range(r);
        let (a, e) = (w.start.max(b.start), w.end.min(b.end));
        if a < e {
            tail.extend_from_slice(&unpack(words, (e - a) as usize));
        }
    }
    let mut sums = vec![0u64; header.region_checksums.len()];
    let first = mine.start.div_ceil(region);
    let mut k = first;
    while k * region < mine.end {
        let (a, b) = (k * region, ((k + 1) * region).min(data));
        let hash = if b <= mine.end {
            xxh3_64(&bytes[(a - offset) as usize..(b - offset) as usize])
        } else {
            let mut joined = bytes[(a - offset) as usize..].to_vec();
            joined.extend_from_slice(&tail);
            xxh3_64(&joined)
        };
        sums[k as usize] = hash;
        k += 1;
    }
    Ok(sums)
}

/// Bytes as little-endian words (the transport carries words), the last one zero-padded.
fn pack(bytes: &[u8]) -> Vec<u64> {
    bytes
        .chunks(8)
        .map(|c| {
            let mut w = [0u8; 8];
            w[..c.len()].copy_from_slice(c);
            u64::from_le_bytes(w)
        })
        .collect()
}

/// The first `len` bytes of packed words.
fn unpack(words: &[u64], len: usize) -> Vec<u8> {
    let mut out: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    out.truncate(len);
    out
}
