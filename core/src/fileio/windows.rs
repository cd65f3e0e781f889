//! The file layer on Windows (see the parent module for the rules). Windows has no FIFOs but
//! named pipes (`\\.\pipe\name`), and devices by name (`NUL`, `CON`, `\\.\...`): a handle's kind
//! comes from `GetFileType`, and a file's identity from `GetFileInformationByHandle` (std has no
//! stable accessor for either), declared here rather than taken from a bindings crate.

use super::{FileId, IN_USE, Kind, Reason, describe};
use std::ffi::c_void;
use std::fs::{File, OpenOptions};
use std::io;
use std::os::windows::fs::{FileExt, OpenOptionsExt};
use std::os::windows::io::AsRawHandle;
use std::path::Path;

/// Lets `CreateFileW` open a directory too (to be classified and refused, not to fail with
/// "access denied").
const FILE_FLAG_BACKUP_SEMANTICS: u32 = 0x0200_0000;
/// Opens a symbolic link itself, not its target.
const FILE_FLAG_OPEN_REPARSE_POINT: u32 = 0x0020_0000;
const FILE_TYPE_DISK: u32 = 1;
const FILE_TYPE_CHAR: u32 = 2;
const FILE_TYPE_PIPE: u32 = 3;
/// `FILE_INFO_BY_HANDLE_CLASS::FileAllocationInfo`.
const FILE_ALLOCATION_INFO_CLASS: i32 = 5;

const ERROR_INVALID_FUNCTION: i32 = 1;
const ERROR_SHARING_VIOLATION: i32 = 32;
const ERROR_LOCK_VIOLATION: i32 = 33;
const ERROR_PIPE_BUSY: i32 = 231;
const ERROR_NOT_SUPPORTED: i32 = 50;
const ERROR_CALL_NOT_IMPLEMENTED: i32 = 120;
const ERROR_USER_MAPPED_FILE: i32 = 1224;

/// `BY_HANDLE_FILE_INFORMATION` (a `FILETIME` is two `u32`s).
#[repr(C)]
#[derive(Default)]
struct ByHandleFileInformation {
    attributes: u32,
    creation_time: [u32; 2],
    last_access_time: [u32; 2],
    last_write_time: [u32; 2],
    volume_serial_number: u32,
    file_size_high: u32,
    file_size_low: u32,
    number_of_links: u32,
    file_index_high: u32,
    file_index_low: u32,
}

#[link(name = "kernel32")]
unsafe extern "system" {
    fn GetFileType(file: *mut c_void) -> u32;
    fn GetFileInformationByHandle(file: *mut c_void, info: *mut ByHandleFileInformation) -> i32;
    fn SetFileInformationByHandle(
        file: *mut c_void,
        class: i32,
        info: *const c_void,
        size: u32,
    ) -> i32;
}

/// Opens any kind of file without waiting: a directory opens (to be refused by its kind);
/// opening a pipe or a device never waits on Windows.
pub fn any_kind(o: &mut OpenOptions) -> &mut OpenOptions {
    o.custom_flags(FILE_FLAG_BACKUP_SEMANTICS)
}

/// What an open handle is.
pub fn kind(f: &File) -> io::Result<Kind> {
    // SAFETY: a handle this file owns.
    let t = unsafe { GetFileType(f.as_raw_handle()) };
    Ok(match t {
        FILE_TYPE_DISK => {
            let t = f.metadata()?.file_type();
            if t.is_dir() {
                Kind::Directory
            } else if t.is_symlink() {
                Kind::Symlink
            } else {
                Kind::Regular
            }
        }
        FILE_TYPE_PIPE => Kind::Pipe,
        FILE_TYPE_CHAR => Kind::CharDevice,
        _ => match io::Error::last_os_error() {
            e if e.raw_os_error() != Some(0) => return Err(e),
            // FILE_TYPE_UNKNOWN without an error: some other device.
            _ => Kind::CharDevice,
        },
    })
}

/// Opens `path` for its attributes only (no read or write access, every sharing mode), through
/// symbolic links when `follow`.
fn open_attributes(path: &Path, follow: bool) -> io::Result<File> {
    let flags = if follow {
        FILE_FLAG_BACKUP_SEMANTICS
    } else {
        FILE_FLAG_BACKUP_SEMANTICS | FILE_FLAG_OPEN_REPARSE_POINT
    };
    OpenOptions::new()
        .access_mode(0)
        .custom_flags(flags)
        .open(path)
}

/// What a path is, through symbolic links when `follow`. A pipe or a device is asked by a handle
/// with no access: std's metadata cannot describe them.
pub fn path_kind(path: &Path, follow: bool) -> io::Result<Kind> {
    match open_attributes(path, follow) {
        Ok(f) => kind(&f),
        Err(e) => kind_of_error(&e).ok_or(e),
    }
}

/// What a path is when opening it failed because of what it is: a named pipe whose every
/// instance is connected cannot be opened, but is a pipe all the same.
pub fn kind_of_error(e: &io::Error) -> Option<Kind> {
    (e.raw_os_error() == Some(ERROR_PIPE_BUSY)).then_some(Kind::Pipe)
}

pub fn id(f: &File) -> io::Result<FileId> {
    let mut info = ByHandleFileInformation::default();
    // SAFETY: a handle this file owns, and a structure of the size the call writes.
    if unsafe { GetFileInformationByHandle(f.as_raw_handle(), &mut info) } == 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(FileId(
        info.volume_serial_number.into(),
        (u64::from(info.file_index_high) << 32) | u64::from(info.file_index_low),
    ))
}

/// The identity of what `path` names itself (a symbolic link is not followed).
pub fn path_id(path: &Path) -> io::Result<FileId> {
    id(&open_attributes(path, false)?)
}

/// Fills `buf` from `offset` on. Unlike `pread`, `seek_read` moves the file's cursor: callers
/// never mix these with reads or writes at the cursor on one handle without seeking first.
pub fn read_exact_at(f: &File, mut buf: &mut [u8], mut offset: u64) -> io::Result<()> {
    while !buf.is_empty() {
        match f.seek_read(buf, offset) {
            Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
            Ok(n) => {
                buf = &mut buf[n..];
                offset += n as u64;
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Writes all of `buf` at `offset` (moves the file's cursor, see [`read_exact_at`]).
pub fn write_all_at(f: &File, mut buf: &[u8], mut offset: u64) -> io::Result<()> {
    while !buf.is_empty() {
        match f.seek_write(buf, offset) {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(n) => {
                buf = &buf[n..];
                offset += n as u64;
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Reserves disk space for the first `len` bytes (`FileAllocationInfo`), so a full disk fails
/// now rather than at some page of a long build. Where the file system (or wine) does not
/// implement the call, nothing more is done: `set_len` (`SetEndOfFile`) has already allocated
/// the file on NTFS, whose files are not sparse unless asked.
pub fn preallocate(f: &File, len: u64) -> io::Result<()> {
    let size = i64::try_from(len).map_err(|_| io::Error::from(io::ErrorKind::FileTooLarge))?;
    // SAFETY: a handle this file owns; FILE_ALLOCATION_INFO is one LARGE_INTEGER.
    let ok = unsafe {
        SetFileInformationByHandle(
            f.as_raw_handle(),
            FILE_ALLOCATION_INFO_CLASS,
            (&size as *const i64).cast(),
            size_of::<i64>() as u32,
        )
    };
    if ok == 0 {
        let e = io::Error::last_os_error();
        return match e.raw_os_error() {
            Some(ERROR_INVALID_FUNCTION | ERROR_NOT_SUPPORTED | ERROR_CALL_NOT_IMPLEMENTED) => {
                Ok(())
            }
            _ => Err(e),
        };
    }
    Ok(())
}

/// Opens an existing device, pipe or linked file for writing in place (a linked regular file is
/// emptied first, as `O_TRUNC` does on Unix; a device or pipe cannot be truncated).
pub fn open_in_place(path: &Path) -> Result<File, Reason> {
    let f = OpenOptions::new()
        .write(true)
        .open(path)
        .map_err(|e| describe(path, "write", &e))?;
    if kind(&f).is_ok_and(|k| k == Kind::Regular) {
        f.set_len(0).map_err(|e| describe(path, "write", &e))?;
    }
    Ok(f)
}

/// Whether `e`, met on `path`, is Windows refusing to replace or delete a file that another
/// handle holds: it says "access denied" for that, as for a real lack of permission, so the
/// file is asked: an exclusive open of it fails with a sharing violation when it is open or
/// mapped elsewhere.
pub fn in_use(path: &Path, e: &io::Error) -> bool {
    if e.kind() != io::ErrorKind::PermissionDenied {
        return false;
    }
    let probe = OpenOptions::new().read(true).share_mode(0).open(path);
    matches!(probe, Err(p) if p.raw_os_error() == Some(ERROR_SHARING_VIOLATION))
}

/// Faults only Windows has, in words: its locks are mandatory, and it refuses to replace or
/// delete a file that a handle has open without sharing, or that is mapped.
pub fn words(e: &io::Error) -> Option<&'static str> {
    Some(match e.raw_os_error()? {
        ERROR_SHARING_VIOLATION | ERROR_USER_MAPPED_FILE => IN_USE,
        ERROR_LOCK_VIOLATION => "the file is locked",
        ERROR_PIPE_BUSY => "every instance of the pipe is busy",
        _ => return None,
    })
}
