//! The file-safety rule, in one place: how the library opens the files it reads (table files,
//! databases) and how it writes the files it creates.
//!
//! - **Reading** ([`open_regular`]): the path must be non-empty and name a regular file. The
//!   file is opened non-blocking and its type checked on the open descriptor, so a FIFO, a
//!   socket, a device or a directory is refused at once instead of blocking or failing later.
//! - **Writing** ([`Partial`]): a file is written as `<path>.partial` next to its destination and
//!   renamed over it when complete. Before any work starts, [`Partial::claim`] checks that the
//!   destination is absent, empty, or a file the caller recognises as its own (by its first
//!   bytes), that it is not a directory, that its folder exists or can be created, and that the
//!   `.partial` file can be created (or is an empty file or a leftover of the caller's own kind);
//!   a file of another kind or of unknown content is never overwritten. A `Partial` that is
//!   dropped before [`Partial::commit`] deletes its `.partial` file.
//!
//! Errors are returned as a reason (`"is a directory"`, `"/x/empty is not a folder"`, ...) that
//! the caller prefixes with what the file is and where it is.

use std::fs::{File, OpenOptions};
use std::io::{ErrorKind as IoKind, Read};
use std::path::{Path, PathBuf};

/// Why a path cannot be used, as text (the caller names the file).
pub type Reason = String;

/// Why [`Partial::claim`] failed.
#[derive(Debug, PartialEq, Eq)]
pub enum ClaimError {
    /// Another writer holds the `.partial` file now; trying again later may succeed.
    Busy(Reason),
    /// The path cannot be written, or holds something that must not be replaced.
    Refused(Reason),
}

impl ClaimError {
    pub fn reason(&self) -> &str {
        match self {
            ClaimError::Busy(r) | ClaimError::Refused(r) => r,
        }
    }
}

impl From<Reason> for ClaimError {
    fn from(r: Reason) -> Self {
        ClaimError::Refused(r)
    }
}

/// Refuses an empty path.
pub fn check_path(path: &Path) -> std::result::Result<(), Reason> {
    if path.as_os_str().is_empty() {
        return Err("the path is empty".into());
    }
    Ok(())
}

/// Why a file that is not a regular file cannot be used, from its metadata.
fn not_regular(meta: &std::fs::Metadata) -> Reason {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    let kind = if t.is_dir() {
        return "is a directory".into();
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_socket() {
        "a socket"
    } else if t.is_block_device() || t.is_char_device() {
        "a device"
    } else {
        "a symbolic link"
    };
    format!("is not a regular file (it is {kind})")
}

/// The first ancestor of `path` that exists and is not a folder, if any.
fn blocking_ancestor(path: &Path) -> Option<PathBuf> {
    path.ancestors()
        .skip(1)
        .filter(|a| !a.as_os_str().is_empty())
        .find(|a| a.metadata().is_ok_and(|m| !m.is_dir()))
        .map(Path::to_path_buf)
}

/// An I/O error in words, naming a path component that is not a folder when that is the cause.
pub fn describe(path: &Path, verb: &str, e: &std::io::Error) -> Reason {
    if e.kind() == IoKind::NotADirectory
        && let Some(a) = blocking_ancestor(path)
    {
        return format!("cannot {verb}: {} is not a folder", a.display());
    }
    if e.kind() == IoKind::IsADirectory {
        return "is a directory".into();
    }
    format!("cannot {verb}: {e}")
}

fn nonblocking(o: &mut OpenOptions) -> &mut OpenOptions {
    use std::os::unix::fs::OpenOptionsExt;
    // Opening a FIFO would otherwise wait for a writer (or reader) forever.
    o.custom_flags(libc::O_NONBLOCK)
}

/// Opens an existing regular file read-only (see the module documentation).
pub fn open_regular(path: &Path) -> std::result::Result<File, Reason> {
    check_path(path)?;
    let f = nonblocking(OpenOptions::new().read(true))
        .open(path)
        .map_err(|e| describe(path, "open", &e))?;
    let meta = f.metadata().map_err(|e| describe(path, "open", &e))?;
    if !meta.is_file() {
        return Err(not_regular(&meta));
    }
    Ok(f)
}

/// Up to `n` first bytes of a file.
fn head(f: &mut File, n: usize) -> std::io::Result<Vec<u8>> {
    let mut b = Vec::with_capacity(n);
    f.take(n as u64).read_to_end(&mut b)?;
    Ok(b)
}

/// The `.partial` file next to `path`.
pub fn partial_path(path: &Path) -> PathBuf {
    let mut p = path.as_os_str().to_owned();
    p.push(".partial");
    PathBuf::from(p)
}

/// A file being written under `<dest>.partial` (see the module documentation).
pub struct Partial {
    file: File,
    partial: PathBuf,
    dest: PathBuf,
    committed: bool,
}

/// How many first bytes [`Partial::claim`] shows its `ours` test.
pub const HEAD_BYTES: usize = 16;

impl Partial {
    /// Claims `<dest>.partial` for writing `dest`. `ours` is shown the first [`HEAD_BYTES`]
    /// bytes of an existing non-empty destination or `.partial` file and says whether it is a
    /// file of the caller's own kind, which may be replaced; anything else is refused and left
    /// as it is. The `.partial` file is locked for the lifetime of the claim, so two writers
    /// never write the same file: while another holds it, the claim fails with
    /// [`ClaimError::Busy`].
    pub fn claim(
        dest: &Path,
        ours: impl Fn(&[u8]) -> bool,
    ) -> std::result::Result<Partial, ClaimError> {
        check_path(dest)?;
        let left_alone = |what: &str| format!("{what}; it was left alone");
        match std::fs::metadata(dest) {
            Ok(m) if !m.is_file() => return Err(not_regular(&m).into()),
            Ok(m) if m.len() > 0 => {
                let mut f = open_regular(dest)?;
                let h = head(&mut f, HEAD_BYTES).map_err(|e| describe(dest, "read", &e))?;
                if !ours(&h) {
                    return Err(left_alone("exists and holds something else").into());
                }
            }
            Ok(_) => {}
            Err(e) if e.kind() == IoKind::NotFound => {}
            Err(e) => return Err(describe(dest, "write", &e).into()),
        }
        if let Some(dir) = dest.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| describe(dest, "write", &e))?;
        }
        let partial = partial_path(dest);
        if let Ok(m) = std::fs::symlink_metadata(&partial)
            && !m.is_file()
        {
            return Err(format!("{}: {}", partial.display(), not_regular(&m)).into());
        }
        // Never truncated on opening: a file that turns out not to be ours keeps its bytes.
        let mut file = nonblocking(OpenOptions::new().read(true).write(true).create(true))
            .open(&partial)
            .map_err(|e| format!("{}: {}", partial.display(), describe(&partial, "create", &e)))?;
        let busy = || ClaimError::Busy(format!("{}: another process is writing this file", partial.display()));
        if file.try_lock().is_err() {
            return Err(busy());
        }
        // The writer that held the lock may have renamed the file into place just before it
        // let go: then the locked file is no longer the `.partial`, and must not be touched.
        {
            use std::os::unix::fs::MetadataExt;
            let held = file.metadata().map_err(|e| describe(&partial, "write", &e))?;
            match std::fs::symlink_metadata(&partial) {
                Ok(now) if now.dev() == held.dev() && now.ino() == held.ino() => {}
                _ => return Err(busy()),
            }
        }
        let h = head(&mut file, HEAD_BYTES).map_err(|e| describe(&partial, "read", &e))?;
        if !h.is_empty() && !ours(&h) {
            return Err(ClaimError::Refused(format!(
                "{}: {}",
                partial.display(),
                left_alone("exists and holds something else")
            )));
        }
        file.set_len(0)
            .map_err(|e| describe(&partial, "write", &e))?;
        Ok(Partial {
            file,
            partial,
            dest: dest.to_path_buf(),
            committed: false,
        })
    }

    /// Writes `bytes` from the start of the file.
    pub fn write_all(&mut self, bytes: &[u8]) -> std::result::Result<(), Reason> {
        use std::io::{Seek, Write};
        self.file
            .seek(std::io::SeekFrom::Start(0))
            .and_then(|_| self.file.write_all(bytes))
            .map_err(|e| describe(&self.partial, "write", &e))
    }

    /// Flushes the file to disk and renames it over the destination.
    pub fn commit(mut self) -> std::result::Result<(), Reason> {
        self.file
            .sync_all()
            .map_err(|e| describe(&self.partial, "write", &e))?;
        std::fs::rename(&self.partial, &self.dest)
            .map_err(|e| describe(&self.dest, "rename the finished file into place", &e))?;
        self.committed = true;
        Ok(())
    }
}

impl Drop for Partial {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_file(&self.partial);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("twisty-fileio-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn mkfifo(p: &Path) {
        let c = std::ffi::CString::new(p.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    }

    #[test]
    fn reading_refuses_what_is_not_a_regular_file() {
        let d = dir("read");
        assert_eq!(open_regular(Path::new("")).unwrap_err(), "the path is empty");
        assert_eq!(open_regular(&d).unwrap_err(), "is a directory");
        let fifo = d.join("fifo");
        mkfifo(&fifo);
        assert_eq!(
            open_regular(&fifo).unwrap_err(),
            "is not a regular file (it is a FIFO)"
        );
        let file = d.join("file");
        std::fs::write(&file, b"x").unwrap();
        let under = file.join("sub.tbl");
        assert_eq!(
            open_regular(&under).unwrap_err(),
            format!("cannot open: {} is not a folder", file.display())
        );
        assert!(open_regular(&d.join("missing")).unwrap_err().contains("No such file"));
        assert!(open_regular(&file).is_ok());
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn writing_never_overwrites_a_file_of_another_kind() {
        let d = dir("write");
        let ours = |b: &[u8]| b.starts_with(b"MINE");
        let why = |r: std::result::Result<Partial, ClaimError>| match r {
            Ok(_) => panic!("claimed"),
            Err(ClaimError::Refused(r)) => r,
            Err(ClaimError::Busy(r)) => format!("busy: {r}"),
        };
        let dest = d.join("t.tbl");
        // Absent: written, renamed, no .partial left.
        let mut p = Partial::claim(&dest, ours).unwrap();
        p.write_all(b"MINE v1").unwrap();
        p.commit().unwrap();
        assert_eq!(std::fs::read(&dest).unwrap(), b"MINE v1");
        assert!(!partial_path(&dest).exists());
        // Our own kind: replaced.
        let mut p = Partial::claim(&dest, ours).unwrap();
        p.write_all(b"MINE v2").unwrap();
        p.commit().unwrap();
        assert_eq!(std::fs::read(&dest).unwrap(), b"MINE v2");
        // Another kind: refused before anything is written, and untouched.
        let text = d.join("notes.txt");
        std::fs::write(&text, b"precious").unwrap();
        let e = why(Partial::claim(&text, ours));
        assert_eq!(e, "exists and holds something else; it was left alone");
        assert_eq!(std::fs::read(&text).unwrap(), b"precious");
        assert!(!partial_path(&text).exists());
        // A foreign .partial is left alone too.
        let other = d.join("other.tbl");
        std::fs::write(partial_path(&other), b"their bytes").unwrap();
        assert!(why(Partial::claim(&other, ours)).ends_with("it was left alone"));
        assert_eq!(std::fs::read(partial_path(&other)).unwrap(), b"their bytes");
        // Our own leftover .partial is taken over and truncated.
        let mut leftover = d.join("left.tbl");
        std::fs::write(partial_path(&leftover), b"MINE half-written junk").unwrap();
        let mut p = Partial::claim(&leftover, ours).unwrap();
        p.write_all(b"MINE").unwrap();
        p.commit().unwrap();
        assert_eq!(std::fs::read(&leftover).unwrap(), b"MINE");
        // Dropped before commit: the .partial is removed, the destination untouched.
        leftover.set_extension("two");
        let p = Partial::claim(&leftover, ours).unwrap();
        assert!(partial_path(&leftover).exists());
        drop(p);
        assert!(!partial_path(&leftover).exists() && !leftover.exists());
        // A directory, a FIFO, a path under a regular file: refused up front.
        assert_eq!(why(Partial::claim(&d, ours)), "is a directory");
        let fifo = d.join("fifo");
        mkfifo(&fifo);
        assert_eq!(
            why(Partial::claim(&fifo, ours)),
            "is not a regular file (it is a FIFO)"
        );
        let under = text.join("sub.tbl");
        assert_eq!(
            why(Partial::claim(&under, ours)),
            format!("cannot write: {} is not a folder", text.display())
        );
        assert_eq!(
            why(Partial::claim(Path::new(""), ours)),
            "the path is empty"
        );
        // Two claims of one file: the second is refused while the first holds it.
        let busy = d.join("busy.tbl");
        let first = Partial::claim(&busy, ours).unwrap();
        let second = why(Partial::claim(&busy, ours));
        assert!(second.starts_with("busy: ") && second.ends_with("another process is writing this file"));
        drop(first);
        std::fs::remove_dir_all(&d).unwrap();
    }
}
