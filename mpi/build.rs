//! Compiles the MPI layer (c/twisty_mpi.c) with the MPI implementation's own compiler wrapper
//! and links the libraries it names (`mpicc -showme:link` for Open MPI, `mpicc -link-info` for
//! MPICH). `MPICC` chooses another wrapper.

use std::process::Command;

fn main() {
    let mpicc = std::env::var("MPICC").unwrap_or_else(|_| "mpicc".into());
    println!("cargo:rerun-if-changed=c/twisty_mpi.c");
    println!("cargo:rerun-if-env-changed=MPICC");
    let link = link_flags(&mpicc).unwrap_or_else(|| {
        panic!(
            "twisty-mpi needs an MPI implementation: `{mpicc}` was not found or printed no link \
             flags (on Debian: apt-get install openmpi-bin libopenmpi-dev, which `make deps` does)"
        )
    });
    cc::Build::new()
        .compiler(&mpicc)
        .file("c/twisty_mpi.c")
        .warnings(true)
        .compile("twisty_mpi");
    for flag in link.split_whitespace() {
        if let Some(dir) = flag.strip_prefix("-L") {
            println!("cargo:rustc-link-search=native={dir}");
            // The programs find the libraries where the wrapper says they are.
            println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
        } else if let Some(lib) = flag.strip_prefix("-l") {
            println!("cargo:rustc-link-lib={lib}");
        } else if flag.starts_with("-Wl,") || flag == "-pthread" {
            println!("cargo:rustc-link-arg={flag}");
        }
    }
}

/// The link part of the wrapper's command line: Open MPI's `-showme:link`, else MPICH's
/// `-link-info` (its first word is the compiler).
fn link_flags(mpicc: &str) -> Option<String> {
    let run = |arg: &str| {
        Command::new(mpicc)
            .arg(arg)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .filter(|s| !s.is_empty())
    };
    run("-showme:link").or_else(|| {
        run("-link-info").map(|s| {
            s.split_once(' ')
                .map_or(String::new(), |(_, r)| r.to_string())
        })
    })
}
