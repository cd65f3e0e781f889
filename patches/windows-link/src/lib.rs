//! `link!`: declares a function a Windows system DLL exports, as `windows-link` 0.2 does.
//!
//! `windows_link::link!("kernel32.dll" "system" fn GetACP() -> u32);` becomes an `extern
//! "system"` block whose import comes from `kernel32.dll` itself (`raw-dylib`: no import library
//! is needed at link time, the same as the original crate). An optional string before `fn` is
//! the symbol's name in the DLL when it differs from the Rust name.
#![no_std]

/// 32-bit x86 names `stdcall` symbols with decorations the DLLs do not export: undecorated.
#[cfg(all(windows, target_arch = "x86"))]
#[macro_export]
macro_rules! link {
    ($library:literal $abi:literal $($link_name:literal)? fn $($function:tt)*) => (
        #[link(name = $library, kind = "raw-dylib", modifiers = "+verbatim", import_name_type = "undecorated")]
        unsafe extern $abi {
            $(#[link_name = $link_name])?
            pub fn $($function)*;
        }
    )
}

#[cfg(all(windows, not(target_arch = "x86")))]
#[macro_export]
macro_rules! link {
    ($library:literal $abi:literal $($link_name:literal)? fn $($function:tt)*) => (
        #[link(name = $library, kind = "raw-dylib", modifiers = "+verbatim")]
        unsafe extern $abi {
            $(#[link_name = $link_name])?
            pub fn $($function)*;
        }
    )
}

/// Elsewhere (a crate that uses it only under `cfg(windows)` never expands it here): a plain
/// declaration, resolved by the platform's linker if ever called.
#[cfg(not(windows))]
#[macro_export]
macro_rules! link {
    ($library:literal $abi:literal $($link_name:literal)? fn $($function:tt)*) => (
        unsafe extern $abi {
            $(#[link_name = $link_name])?
            pub fn $($function)*;
        }
    )
}
