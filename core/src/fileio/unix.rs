//! The file layer on Unix (see the parent module for the rules).

use super::{FileId, Kind, Reason, describe};
use std::fs::{File, FileType, OpenOptions};
use std::io;
use std::os::unix::fs::{FileExt, FileTypeExt, MetadataExt, OpenOptionsExt};
use std::path::Path;

/// Opens without waiting: opening a FIFO would otherwise wait for a writer (or reader) forever.
pub fn any_kind(o: &mut OpenOptions) -> &mut OpenOptions {
    o.custom_flags(libc::O_NONBLOCK)
}

fn kind_of(t: FileType) -> Kind {
    if t.is_file() {
        Kind::Regular
    } else if t.is_dir() {
        Kind::Directory
    } else if t.is_fifo() {
        Kind::Fifo
    } else if t.is_socket() {
        Kind::Socket
    } else if t.is_char_device() {
        Kind::CharDevice
    } else if t.is_block_device() {
        Kind::BlockDevice
    } else {
        Kind::Symlink
    }
}

/// What an open file is.
pub fn kind(f: &File) -> io::Result<Kind> {
    Ok(kind_of(f.metadata()?.file_type()))
}

/// What a path is, through symbolic links when `follow`. Opens nothing.
pub fn path_kind(path: &Path, follow: bool) -> io::Result<Kind> {
    let m = if follow {
        std::fs::metadata(path)?
    } else {
        std::fs::symlink_metadata(path)?
    };
    Ok(kind_of(m.file_type()))
}

pub fn id(f: &File) -> io::Result<FileId> {
    let m = f.metadata()?;
    Ok(FileId(m.dev(), m.ino()))
}

/// The identity of what `path` names itself (a symbolic link is not followed).
pub fn path_id(path: &Path) -> io::Result<FileId> {
    let m = std::fs::symlink_metadata(path)?;
    Ok(FileId(m.dev(), m.ino()))
}

/// Fills `buf` from `offset` on (`pread`: the file's cursor does not move).
pub fn read_exact_at(f: &File, buf: &mut [u8], offset: u64) -> io::Result<()> {
    f.read_exact_at(buf, offset)
}

/// Writes all of `buf` at `offset` (`pwrite`: the file's cursor does not move).
pub fn write_all_at(f: &File, buf: &[u8], offset: u64) -> io::Result<()> {
    f.write_all_at(buf, offset)
}

/// Reserves disk blocks for the first `len` bytes, so a full disk fails now rather than at some
/// page of a long build (`posix_fallocate`; the C library emulates it where the file system
/// cannot).
#[cfg(any(target_os = "linux", target_os = "android", target_os = "freebsd"))]
pub fn preallocate(f: &File, len: u64) -> io::Result<()> {
    use std::os::fd::AsRawFd;
    let len =
        libc::off_t::try_from(len).map_err(|_| io::Error::from(io::ErrorKind::FileTooLarge))?;
    loop {
        // SAFETY: a descriptor this file owns; posix_fallocate returns the error number.
        match unsafe { libc::posix_fallocate(f.as_raw_fd(), 0, len) } {
            0 => return Ok(()),
            libc::EINTR => continue,
            e => return Err(io::Error::from_raw_os_error(e)),
        }
    }
}

/// No preallocation call here (macOS and others): the file stays sparse, and a full disk shows
/// as a failed write.
#[cfg(not(any(target_os = "linux", target_os = "android", target_os = "freebsd")))]
pub fn preallocate(_: &File, _: u64) -> io::Result<()> {
    Ok(())
}

/// Opens an existing device, FIFO or linked file for writing in place. Opened non-blocking, so a
/// FIFO without a reader fails (`ENXIO`) instead of waiting; then blocking again, so the write
/// waits for a slow reader rather than failing half-way.
pub fn open_in_place(path: &Path) -> Result<File, Reason> {
    use std::os::fd::AsRawFd;
    let f = match any_kind(OpenOptions::new().write(true).truncate(true)).open(path) {
        Ok(f) => f,
        Err(e) if e.raw_os_error() == Some(libc::ENXIO) => {
            return Err("it is a FIFO that no process is reading (start the reader first)".into());
        }
        Err(e) => return Err(describe(path, "write", &e)),
    };
    let fd = f.as_raw_fd();
    // SAFETY: F_GETFL and F_SETFL on a descriptor this function owns.
    let cleared = unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        flags >= 0 && libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK) == 0
    };
    if !cleared {
        return Err(describe(path, "write", &io::Error::last_os_error()));
    }
    Ok(f)
}

/// What a path is when opening it failed because of what it is: nothing on Unix (a FIFO, a
/// device or a directory opens, and is then refused by its kind).
pub fn kind_of_error(_: &io::Error) -> Option<Kind> {
    None
}

/// Whether `e` is another handle holding the file: Unix replaces and deletes files whoever
/// holds them.
pub fn in_use(_: &Path, _: &io::Error) -> bool {
    false
}

/// Faults only this platform has, in words: none beyond the common kinds.
pub fn words(_: &io::Error) -> Option<&'static str> {
    None
}
