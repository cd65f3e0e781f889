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
//!   The `.partial` file is also the lock that makes a second writer wait, so it exists from the
//!   claim on, before the first byte is written: a process killed (not cancelled) while it
//!   computes what to write leaves an empty `.partial`, which the next claim takes over (an empty
//!   `.partial` is always accepted) and which holds nothing anybody could lose.
//! - **Outputs a user names** ([`write_output`], a command line's `-o`): never a twisty database
//!   or table file (recognised by its first bytes, [`crate::files::known_kind`]); a regular
//!   file or a new path is replaced atomically (a new file in the same folder, renamed over it);
//!   a device or a FIFO is written in place, a FIFO only while a reader has it open.
//!
//! Errors are returned as a reason (`"is a directory"`, `"/x/empty is not a folder"`, ...) that
//! the caller prefixes with what the file is and where it is ([`subject`]). An I/O error is told
//! in the engine's own words for its kind ([`words`]), never the operating system's text, so one
//! fault reads the same on every platform.
//!
//! What differs between operating systems lives in two small modules with one API, `unix` and
//! `windows`: how a file is opened without waiting, what kind of file a handle is, a file's
//! identity, positioned reads and writes, preallocation, and the Windows-only faults (a file
//! another process has open, locked or mapped).

use std::fs::{File, OpenOptions};
use std::io::{ErrorKind as IoKind, Read};
use std::path::{Path, PathBuf};

#[cfg(unix)]
mod unix;
#[cfg(unix)]
use unix as sys;
#[cfg(windows)]
mod windows;
#[cfg(windows)]
use windows as sys;

pub use sys::{preallocate, read_exact_at, write_all_at};

/// What a path or an open file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
// Each platform meets only some of these kinds (Windows no FIFO, Unix no named pipe).
#[allow(dead_code)]
pub(crate) enum Kind {
    Regular,
    Directory,
    Symlink,
    /// A Unix FIFO.
    Fifo,
    /// A Windows named pipe (`\\.\pipe\...`).
    Pipe,
    Socket,
    /// A character device (`/dev/null`, a terminal; `NUL`, `CON` on Windows).
    CharDevice,
    BlockDevice,
}

impl Kind {
    /// Why a file of this kind cannot be used where a regular file is needed.
    fn refusal(self) -> Reason {
        let kind = match self {
            Kind::Directory => return "is a directory".into(),
            Kind::Regular => "a regular file",
            Kind::Symlink => "a symbolic link",
            Kind::Fifo => "a FIFO",
            Kind::Pipe => "a named pipe",
            Kind::Socket => "a socket",
            Kind::CharDevice | Kind::BlockDevice => "a device",
        };
        format!("is not a regular file (it is {kind})")
    }
}

/// A file's identity: two paths or handles with the same one are the same file (device and
/// inode on Unix, volume serial number and file index on Windows).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FileId(u64, u64);

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

/// How a message names a file: what it is and its path, or what it is alone when the path is
/// empty (`"solver table file: the path is empty"`).
pub fn subject(what: &str, path: &Path) -> String {
    if path.as_os_str().is_empty() {
        what.to_string()
    } else {
        format!("{what} {}", path.display())
    }
}

/// The first ancestor of `path` that exists and is not a folder, if any.
fn blocking_ancestor(path: &Path) -> Option<PathBuf> {
    path.ancestors()
        .skip(1)
        .filter(|a| !a.as_os_str().is_empty())
        .find(|a| a.metadata().is_ok_and(|m| !m.is_dir()))
        .map(Path::to_path_buf)
}

/// Whether nothing is at `path` and it could be created: a path under a regular file is not
/// missing but unusable (Linux says "not a directory", Windows "path not found"; both are then
/// opened, and fail with the same words).
pub(crate) fn is_missing(path: &Path) -> bool {
    matches!(std::fs::symlink_metadata(path), Err(e) if e.kind() == IoKind::NotFound)
        && blocking_ancestor(path).is_none()
}

/// An I/O error in words: a path component that is not a folder, or the path being a directory,
/// when that is the cause (the operating systems report these under different errors), else
/// [`words`].
pub fn describe(path: &Path, verb: &str, e: &std::io::Error) -> Reason {
    if let Some(a) = blocking_ancestor(path) {
        return format!("cannot {verb}: {} is not a folder", a.display());
    }
    if e.kind() == IoKind::IsADirectory || path.is_dir() {
        return "is a directory".into();
    }
    if sys::in_use(path, e) {
        return format!("cannot {verb}: {}", IN_USE);
    }
    format!("cannot {verb}: {}", words(e))
}

/// A file Windows will not replace or delete because another handle holds it.
const IN_USE: &str = "the file is in use (open or mapped elsewhere)";

/// An I/O error in the engine's own words, by its kind: the same fault gives the same message
/// on every platform, whatever text the operating system has for it.
pub fn words(e: &std::io::Error) -> String {
    if let Some(w) = sys::words(e) {
        return w.into();
    }
    let w = match e.kind() {
        IoKind::NotFound => "no such file or directory",
        IoKind::PermissionDenied => "permission denied",
        IoKind::AlreadyExists => "it already exists",
        IoKind::IsADirectory => "it is a directory",
        IoKind::NotADirectory => "a component of the path is not a folder",
        IoKind::StorageFull => "no space left on the disk",
        IoKind::QuotaExceeded => "disk quota exceeded",
        IoKind::ReadOnlyFilesystem => "the file system is read-only",
        IoKind::FileTooLarge => "the file is too large",
        IoKind::UnexpectedEof => "the file ends too early",
        IoKind::ResourceBusy => "the file is in use",
        IoKind::InvalidFilename => "the file name is not valid",
        IoKind::OutOfMemory => "out of memory",
        // Rust's own name for the kind: still the same on every platform.
        other => return other.to_string(),
    };
    w.into()
}

/// Opens an existing regular file read-only (see the module documentation).
pub fn open_regular(path: &Path) -> std::result::Result<File, Reason> {
    check_path(path)?;
    let f = sys::any_kind(OpenOptions::new().read(true))
        .open(path)
        .map_err(|e| match sys::kind_of_error(&e) {
            Some(k) => k.refusal(),
            None => describe(path, "open", &e),
        })?;
    match sys::kind(&f).map_err(|e| describe(path, "open", &e))? {
        Kind::Regular => Ok(f),
        k => Err(k.refusal()),
    }
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
        match sys::path_kind(dest, true) {
            Ok(Kind::Regular) if std::fs::metadata(dest).is_ok_and(|m| m.len() > 0) => {
                let mut f = open_regular(dest)?;
                let h = head(&mut f, HEAD_BYTES).map_err(|e| describe(dest, "read", &e))?;
                if !ours(&h) {
                    return Err(left_alone("exists and holds something else").into());
                }
            }
            Ok(Kind::Regular) => {}
            Ok(k) => return Err(k.refusal().into()),
            Err(e) if e.kind() == IoKind::NotFound => {}
            Err(e) => return Err(describe(dest, "write", &e).into()),
        }
        if let Some(dir) = dest.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| describe(dest, "write", &e))?;
        }
        let partial = partial_path(dest);
        if let Ok(k) = sys::path_kind(&partial, false)
            && k != Kind::Regular
        {
            return Err(format!("{}: {}", partial.display(), k.refusal()).into());
        }
        // Never truncated on opening: a file that turns out not to be ours keeps its bytes.
        let mut file = sys::any_kind(OpenOptions::new().read(true).write(true).create(true))
            .open(&partial)
            .map_err(|e| {
                format!(
                    "{}: {}",
                    partial.display(),
                    describe(&partial, "create", &e)
                )
            })?;
        let busy = || {
            ClaimError::Busy(format!(
                "{}: another process is writing this file",
                partial.display()
            ))
        };
        if file.try_lock().is_err() {
            return Err(busy());
        }
        // The writer that held the lock may have renamed the file into place just before it
        // let go: then the locked file is no longer the `.partial`, and must not be touched.
        let held = sys::id(&file).map_err(|e| describe(&partial, "write", &e))?;
        if sys::path_id(&partial).ok() != Some(held) {
            return Err(busy());
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

    /// The claimed file, for positioned reads and writes (the claim keeps its lock).
    pub fn file(&self) -> &File {
        &self.file
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

/// Writes `bytes` to an output the user named (a command line's `-o`), by what the path holds:
///
/// - a twisty database or table file: refused ([`ErrorKind::Database`](crate::ErrorKind), the
///   message names the kind) and left alone, whatever the path (a symbolic link to one too);
/// - nothing, or a regular file: `bytes` go to a new file in the same folder, which is then
///   renamed over the path, so a failed write leaves the old file whole (a replaced file keeps
///   its permissions);
/// - a character device (`/dev/null`, a terminal; `NUL` on Windows), a FIFO or a Windows named
///   pipe, or a regular file reached through a symbolic link (`/dev/stdout` redirected to a
///   file): written in place, never replaced (replacing would swap the link, or the file a shell
///   holds open, for a new file). A FIFO is opened non-blocking: when no process has it open for
///   reading, that is an error at once instead of a wait with no end (a Windows pipe without a
///   server fails at once by itself);
/// - a directory, a socket, a block device: refused.
///
/// Other failures are [`ErrorKind::InvalidArgument`](crate::ErrorKind) errors; every message
/// starts `"output file <path>: "`.
pub fn write_output(path: &Path, bytes: &[u8]) -> crate::Result<()> {
    let what = subject("output file", path);
    let fail = |r: Reason| crate::Error::invalid_argument(format!("{what}: {r}"));
    check_path(path).map_err(fail)?;
    let kind = match sys::path_kind(path, true) {
        Ok(k) => k,
        Err(e) if e.kind() == IoKind::NotFound => return replace(path, bytes, None).map_err(fail),
        Err(e) => return Err(fail(describe(path, "write", &e))),
    };
    if kind == Kind::Regular {
        let mut f = open_regular(path).map_err(fail)?;
        let h = head(&mut f, HEAD_BYTES).map_err(|e| fail(describe(path, "read", &e)))?;
        if let Some(kind) = crate::files::known_kind(&h) {
            return Err(crate::Error::new(
                crate::ErrorKind::Database,
                format!(
                    "{what}: it is {kind}; it was left alone (remove it, or choose another path)"
                ),
            ));
        }
        let link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
        if !link {
            let permissions = f.metadata().map(|m| m.permissions()).ok();
            drop(f);
            return replace(path, bytes, permissions).map_err(fail);
        }
    } else if !matches!(kind, Kind::Fifo | Kind::Pipe | Kind::CharDevice) {
        return Err(fail(kind.refusal()));
    }
    write_in_place(path, bytes).map_err(fail)
}

/// Writes a new file next to `path` (a unique name, created exclusively) and renames it over
/// `path`; on any failure the new file is removed and `path` is as it was.
fn replace(
    path: &Path,
    bytes: &[u8],
    permissions: Option<std::fs::Permissions>,
) -> std::result::Result<(), Reason> {
    use std::io::Write;
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .ok_or_else(|| "names no file".to_string())?;
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let (temp, mut file) = loop {
        let mut n = std::ffi::OsString::from(".");
        n.push(name);
        n.push(format!(
            ".{}-{}.tmp",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let temp = dir.join(n);
        match OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(f) => break (temp, f),
            // Left by a process of the same id: try the next number.
            Err(e) if e.kind() == IoKind::AlreadyExists => continue,
            Err(e) => return Err(describe(path, "write", &e)),
        }
    };
    let written = file
        .write_all(bytes)
        .and_then(|_| match permissions {
            Some(p) => file.set_permissions(p),
            None => Ok(()),
        })
        .and_then(|_| file.sync_all())
        .map_err(|e| describe(&temp, "write", &e))
        .and_then(|_| std::fs::rename(&temp, path).map_err(|e| describe(path, "replace", &e)));
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
}

/// Writes into an existing device, FIFO, pipe or linked file where it is (`sys::open_in_place`
/// opens it without waiting for a reader).
fn write_in_place(path: &Path, bytes: &[u8]) -> std::result::Result<(), Reason> {
    use std::io::Write;
    let mut f = sys::open_in_place(path)?;
    f.write_all(bytes)
        .and_then(|_| f.flush())
        .map_err(|e| describe(path, "write", &e))
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

    /// An empty file for reading and writing.
    fn new_file(p: &Path) -> File {
        OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(p)
            .unwrap()
    }

    #[cfg(unix)]
    fn mkfifo(p: &Path) {
        let c = std::ffi::CString::new(p.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    }

    #[test]
    fn reading_refuses_what_is_not_a_regular_file() {
        let d = dir("read");
        assert_eq!(
            open_regular(Path::new("")).unwrap_err(),
            "the path is empty"
        );
        assert_eq!(open_regular(&d).unwrap_err(), "is a directory");
        // Windows has no FIFOs (its named pipes: `windows::tests`).
        #[cfg(unix)]
        {
            let fifo = d.join("fifo");
            mkfifo(&fifo);
            assert_eq!(
                open_regular(&fifo).unwrap_err(),
                "is not a regular file (it is a FIFO)"
            );
        }
        let file = d.join("file");
        std::fs::write(&file, b"x").unwrap();
        let under = file.join("sub.tbl");
        assert_eq!(
            open_regular(&under).unwrap_err(),
            format!("cannot open: {} is not a folder", file.display())
        );
        // The engine's words, not the system's ("No such file or directory (os error 2)" on
        // Linux, "File not found." or "Path not found." on Windows).
        for missing in [d.join("missing"), d.join("no-folder").join("missing")] {
            assert_eq!(
                open_regular(&missing).unwrap_err(),
                "cannot open: no such file or directory"
            );
        }
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
        #[cfg(unix)]
        {
            let fifo = d.join("fifo");
            mkfifo(&fifo);
            assert_eq!(
                why(Partial::claim(&fifo, ours)),
                "is not a regular file (it is a FIFO)"
            );
        }
        // A `.partial` that is a directory: refused, and left alone.
        let folder = d.join("folder.tbl");
        std::fs::create_dir(partial_path(&folder)).unwrap();
        assert_eq!(
            why(Partial::claim(&folder, ours)),
            format!("{}: is a directory", partial_path(&folder).display())
        );
        assert!(partial_path(&folder).is_dir());
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
        assert!(
            second.starts_with("busy: ")
                && second.ends_with("another process is writing this file")
        );
        drop(first);
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn an_output_never_replaces_a_twisty_file_and_replaces_others_whole() {
        #[cfg(unix)]
        use std::os::unix::fs::PermissionsExt;
        let d = dir("output");
        let entries = || {
            let mut v: Vec<_> = std::fs::read_dir(&d)
                .unwrap()
                .map(|e| e.unwrap().file_name())
                .collect();
            v.sort();
            v
        };
        // Every kind of file the library writes, recognised by its first bytes: refused, untouched.
        let names = [
            "a twisty Silver database",
            "a twisty Square-1 solver table file",
            "a twisty 3x3x3 two-phase solver table file",
            "a twisty 3x3x3 optimal-solver table file",
            "a twisty 3x3x3 step table file",
        ];
        assert_eq!(crate::files::KINDS.map(|k| k.name), names);
        for (i, k) in crate::files::KINDS.into_iter().enumerate() {
            let (magic, kind) = (k.magic, k.name);
            let p = d.join(format!("kind{i}"));
            let bytes = [&magic[..], b"and the rest of the file"].concat();
            std::fs::write(&p, &bytes).unwrap();
            // Symbolic links on Windows need a privilege a test cannot count on.
            #[allow(unused_mut)]
            let mut targets = vec![p.clone()];
            #[cfg(unix)]
            {
                let link = d.join(format!("link{i}"));
                std::os::unix::fs::symlink(&p, &link).unwrap();
                targets.push(link);
            }
            for target in &targets {
                let e = write_output(target, b"<svg/>").unwrap_err();
                assert_eq!(e.kind(), crate::ErrorKind::Database);
                assert_eq!(
                    e.message(),
                    format!(
                        "output file {}: it is {kind}; it was left alone (remove it, or choose another path)",
                        target.display()
                    )
                );
                assert_eq!(std::fs::read(&p).unwrap(), bytes);
            }
        }
        let before = entries();
        // A new path, then an existing text file: written whole, through a file renamed into
        // place (nothing else is left in the folder), keeping the replaced file's permissions.
        let out = d.join("out.svg");
        write_output(&out, b"first").unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"first");
        #[cfg(unix)]
        std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o640)).unwrap();
        let id = |p: &Path| sys::path_id(p).unwrap();
        let old = id(&out);
        write_output(&out, b"second").unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"second");
        assert_ne!(
            id(&out),
            old,
            "replaced by another file, not rewritten in place"
        );
        #[cfg(unix)]
        assert_eq!(
            std::fs::metadata(&out).unwrap().permissions().mode() & 0o777,
            0o640
        );
        assert_eq!(entries().len(), before.len() + 1);
        // A regular file reached through a link: written in place, the link kept.
        #[cfg(unix)]
        {
            let link = d.join("out-link");
            std::os::unix::fs::symlink(&out, &link).unwrap();
            write_output(&link, b"third").unwrap();
            assert!(
                std::fs::symlink_metadata(&link)
                    .unwrap()
                    .file_type()
                    .is_symlink()
            );
            assert_eq!(std::fs::read(&out).unwrap(), b"third");
        }
        // A device: written in place.
        let null = if cfg!(windows) { "NUL" } else { "/dev/null" };
        write_output(Path::new(null), b"nothing").unwrap();
        // A failed replacement (here the rename meets a directory) removes its new file and
        // leaves the target as it was.
        let sub = d.join("sub");
        std::fs::create_dir(&sub).unwrap();
        std::fs::write(sub.join("kept"), b"kept").unwrap();
        let listed = entries();
        assert_eq!(replace(&sub, b"lost", None).unwrap_err(), "is a directory");
        assert_eq!(entries(), listed, "no temporary file left");
        assert_eq!(std::fs::read(sub.join("kept")).unwrap(), b"kept");
        // Paths that cannot be written: a clear message each.
        let why = |p: &Path| write_output(p, b"x").unwrap_err().message().to_string();
        assert_eq!(
            why(&sub),
            format!("output file {}: is a directory", sub.display())
        );
        assert_eq!(why(Path::new("")), "output file: the path is empty");
        assert_eq!(
            why(&out.join("x.svg")),
            format!(
                "output file {}: cannot write: {} is not a folder",
                out.join("x.svg").display(),
                out.display()
            )
        );
        std::fs::remove_dir_all(&d).unwrap();
    }

    // Windows has no FIFOs.
    #[cfg(unix)]
    #[test]
    fn an_output_fifo_needs_a_reader_and_waits_for_it() {
        use std::io::Read;
        use std::os::fd::AsRawFd;
        use std::os::unix::fs::FileTypeExt;
        let d = dir("output-fifo");
        let fifo = d.join("fifo");
        mkfifo(&fifo);
        // Nobody reads: an error at once (the open is non-blocking, so this cannot hang).
        let e = write_output(&fifo, b"x").unwrap_err();
        assert_eq!(
            e.message(),
            format!(
                "output file {}: it is a FIFO that no process is reading (start the reader first)",
                fifo.display()
            )
        );
        // A reader: the read end is opened before the write starts (non-blocking, which never
        // waits), so the reader exists by construction. The bytes are 16 times a pipe's buffer:
        // the write must block while the reader thread catches up, not fail half-way.
        let mut reader = sys::any_kind(OpenOptions::new().read(true))
            .open(&fifo)
            .unwrap();
        // SAFETY: F_GETFL and F_SETFL on a descriptor the test owns.
        unsafe {
            let fd = reader.as_raw_fd();
            let flags = libc::fcntl(fd, libc::F_GETFL);
            assert_eq!(libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK), 0);
        }
        let bytes: Vec<u8> = (0..1u32 << 20).map(|i| i as u8).collect();
        let n = bytes.len();
        let got = std::thread::spawn(move || {
            let mut got = Vec::with_capacity(n);
            let mut buf = [0u8; 8192];
            // Before the writer opens its end a read sees end-of-file: keep reading until
            // every byte has come.
            while got.len() < n {
                match reader.read(&mut buf).unwrap() {
                    0 => std::thread::yield_now(),
                    k => got.extend_from_slice(&buf[..k]),
                }
            }
            got
        });
        write_output(&fifo, &bytes).unwrap();
        assert!(got.join().unwrap() == bytes);
        assert!(
            std::fs::metadata(&fifo).unwrap().file_type().is_fifo(),
            "still a FIFO"
        );
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn positioned_reads_and_writes_reach_their_offsets() {
        let d = dir("positioned");
        let p = d.join("f");
        let f = new_file(&p);
        write_all_at(&f, b"world", 6).unwrap();
        write_all_at(&f, b"hello", 0).unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"hello\0world");
        let mut b = [0u8; 5];
        read_exact_at(&f, &mut b, 6).unwrap();
        assert_eq!(&b, b"world");
        // Past the end: the engine's words, on every platform.
        let e = read_exact_at(&f, &mut b, 8).unwrap_err();
        assert_eq!(
            describe(&p, "read", &e),
            "cannot read: the file ends too early"
        );
        drop(f);
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn the_same_file_check_tells_files_apart() {
        let d = dir("identity");
        let (a, b, c) = (d.join("a"), d.join("b"), d.join("c"));
        std::fs::write(&a, b"a").unwrap();
        std::fs::write(&b, b"b").unwrap();
        let held = File::open(&a).unwrap();
        let id = sys::id(&held).unwrap();
        assert_eq!(id, sys::path_id(&a).unwrap());
        assert_ne!(id, sys::path_id(&b).unwrap());
        // Renamed away while held (what a finished writer does to its `.partial`), and a new
        // file made at the path: the held file is the one at the new name only.
        std::fs::rename(&a, &c).unwrap();
        std::fs::write(&a, b"new").unwrap();
        assert_ne!(id, sys::path_id(&a).unwrap());
        assert_eq!(id, sys::path_id(&c).unwrap());
        drop(held);
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn io_errors_are_told_in_the_engines_words() {
        let d = dir("words");
        let p = d.join("f");
        std::fs::write(&p, b"x").unwrap();
        let e = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&p)
            .unwrap_err();
        assert_eq!(
            describe(&p, "create", &e),
            "cannot create: it already exists"
        );
        // Creating a folder where a file is (Windows reports "already exists", Linux "not a
        // directory" for the path below it): the file that is in the way is named.
        let under = p.join("sub").join("x.tbl");
        let e = std::fs::create_dir_all(under.parent().unwrap()).unwrap_err();
        assert_eq!(
            describe(&under, "write", &e),
            format!("cannot write: {} is not a folder", p.display())
        );
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn preallocation_keeps_the_length_and_fails_early_when_space_is_short() {
        let d = dir("allocate");
        let p = d.join("f");
        let f = new_file(&p);
        f.set_len(1 << 20).unwrap();
        preallocate(&f, 1 << 20).unwrap();
        assert_eq!(f.metadata().unwrap().len(), 1 << 20);
        #[cfg(unix)]
        assert!(std::os::unix::fs::MetadataExt::blocks(&f.metadata().unwrap()) * 512 >= 1 << 20);
        // An exabyte: no disk has it, so the call fails rather than leaving it to a write. (Not
        // on Windows: wine does not implement the call, and then nothing is reserved.)
        #[cfg(unix)]
        assert!(preallocate(&f, 1 << 60).is_err());
        drop(f);
        std::fs::remove_dir_all(&d).unwrap();
    }

    /// The Windows rules: devices and named pipes by name, mandatory locks, and files that
    /// another handle holds.
    #[cfg(windows)]
    mod windows {
        use super::*;
        use std::os::windows::fs::OpenOptionsExt;

        const PIPE_ACCESS_DUPLEX: u32 = 3;
        const INVALID_HANDLE_VALUE: isize = -1;

        #[link(name = "kernel32")]
        unsafe extern "system" {
            fn CreateNamedPipeW(
                name: *const u16,
                open_mode: u32,
                pipe_mode: u32,
                max_instances: u32,
                out_size: u32,
                in_size: u32,
                timeout: u32,
                security: *const std::ffi::c_void,
            ) -> *mut std::ffi::c_void;
            fn CloseHandle(h: *mut std::ffi::c_void) -> i32;
        }

        fn why(r: std::result::Result<Partial, ClaimError>) -> String {
            match r {
                Ok(_) => panic!("claimed"),
                Err(e) => e.reason().to_string(),
            }
        }

        fn ours(b: &[u8]) -> bool {
            b.starts_with(b"MINE")
        }

        #[test]
        fn devices_and_named_pipes_are_refused_at_once() {
            for nul in ["NUL", r"\\.\NUL"] {
                let nul = Path::new(nul);
                assert_eq!(
                    open_regular(nul).unwrap_err(),
                    "is not a regular file (it is a device)"
                );
                assert_eq!(
                    why(Partial::claim(nul, ours)),
                    "is not a regular file (it is a device)"
                );
            }
            let name = format!(r"\\.\pipe\twisty-fileio-{}", std::process::id());
            let wide: Vec<u16> = name.encode_utf16().chain([0]).collect();
            // SAFETY: a NUL-terminated name; the handle is closed below.
            let server = unsafe {
                CreateNamedPipeW(
                    wide.as_ptr(),
                    PIPE_ACCESS_DUPLEX,
                    0,
                    4,
                    512,
                    512,
                    0,
                    std::ptr::null(),
                )
            };
            assert_ne!(server as isize, INVALID_HANDLE_VALUE);
            let pipe = Path::new(&name);
            // Nobody writes to the pipe: a wait would never end, so these returning at all is
            // the test that nothing waits.
            assert_eq!(
                open_regular(pipe).unwrap_err(),
                "is not a regular file (it is a named pipe)"
            );
            assert_eq!(
                why(Partial::claim(pipe, ours)),
                "is not a regular file (it is a named pipe)"
            );
            // SAFETY: the handle created above, closed once.
            unsafe { CloseHandle(server) };
            let none = format!(r"\\.\pipe\twisty-fileio-none-{}", std::process::id());
            assert_eq!(
                open_regular(Path::new(&none)).unwrap_err(),
                "cannot open: no such file or directory"
            );
        }

        #[test]
        fn a_locked_partial_is_busy_and_unreadable_by_other_handles() {
            use std::io::Read;
            let d = dir("win-lock");
            let dest = d.join("t.tbl");
            let mut held = Partial::claim(&dest, ours).unwrap();
            held.write_all(b"MINE data").unwrap();
            assert!(
                why(Partial::claim(&dest, ours)).ends_with("another process is writing this file")
            );
            // Windows locks are mandatory: another handle cannot read the locked bytes (wine
            // does not enforce this; the words for it are checked from the error code).
            let mut other = File::open(partial_path(&dest)).unwrap();
            let locked = "cannot read: the file is locked";
            if let Err(e) = other.read(&mut [0u8; 4]) {
                assert_eq!(describe(&partial_path(&dest), "read", &e), locked);
            }
            let e = std::io::Error::from_raw_os_error(33); // ERROR_LOCK_VIOLATION
            assert_eq!(describe(&partial_path(&dest), "read", &e), locked);
            drop(other);
            drop(held);
            assert!(!partial_path(&dest).exists());
            std::fs::remove_dir_all(&d).unwrap();
        }

        #[test]
        fn a_file_held_by_another_handle_is_not_replaced() {
            let d = dir("win-held");
            let dest = d.join("t.tbl");
            std::fs::write(&dest, b"MINE v1").unwrap();
            let rebuild = |bytes: &[u8]| {
                let mut p = Partial::claim(&dest, ours).map_err(|e| e.reason().to_string())?;
                p.write_all(bytes)?;
                p.commit()
            };
            let in_use = "cannot rename the finished file into place: the file is in use (open or mapped elsewhere)";
            // Mapped (as the engine maps a table it answers from): Windows refuses to replace
            // it (Linux would replace the name and leave the reader its old file).
            let f = File::open(&dest).unwrap();
            // SAFETY: the file is not changed while mapped (its replacement is refused).
            let map = unsafe { memmap2::Mmap::map(&f) }.unwrap();
            drop(f);
            assert_eq!(rebuild(b"MINE v2").unwrap_err(), in_use);
            assert_eq!(&map[..], b"MINE v1");
            assert!(!partial_path(&dest).exists(), "the .partial is removed");
            drop(map);
            // Open without sharing deletion: refused too.
            let f = OpenOptions::new()
                .read(true)
                .share_mode(1)
                .open(&dest)
                .unwrap();
            assert_eq!(rebuild(b"MINE v3").unwrap_err(), in_use);
            drop(f);
            // Open the way the engine opens files (sharing reading, writing and deletion):
            // replaced where the file system renames with POSIX semantics (Windows 10 and
            // later on NTFS), refused as in use elsewhere (wine).
            let f = open_regular(&dest).unwrap();
            match rebuild(b"MINE v4") {
                Ok(()) => assert_eq!(std::fs::read(&dest).unwrap(), b"MINE v4"),
                Err(e) => assert_eq!(e, in_use),
            }
            drop(f);
            // Nobody holds it: replaced.
            rebuild(b"MINE v5").unwrap();
            assert_eq!(std::fs::read(&dest).unwrap(), b"MINE v5");
            std::fs::remove_dir_all(&d).unwrap();
        }
    }
}
