//! The file layers' imports run one way (docs/ARCHITECTURE.md): the `FileKind` type, the kind
//! leaves beside each puzzle's writer, the catalog, the file layer, then the puzzles' code. A
//! change that makes the file layer name a puzzle, or a leaf import more than the type, fails here.

use std::path::Path;

fn source(rel: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(rel);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Every `crate::...` path the file mentions outside comments.
fn crate_paths(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap();
        let mut rest = code;
        while let Some(i) = rest.find("crate::") {
            let tail = &rest[i + 7..];
            let end = tail
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(tail.len());
            out.push(tail[..end].trim_end_matches(':').to_string());
            rest = &tail[end..];
        }
    }
    out
}

const LEAVES: [&str; 5] = [
    "sq1/db/kind.rs",
    "sq1/solve/kind.rs",
    "cube3/solve/kind.rs",
    "cube3/optimal/kind.rs",
    "cube3/steps/kind.rs",
];

#[test]
fn kind_leaves_import_only_the_file_kind_type() {
    for leaf in LEAVES {
        for p in crate_paths(&source(leaf)) {
            assert!(p.starts_with("filekind"), "{leaf} imports crate::{p}");
        }
    }
}

#[test]
fn the_catalog_names_only_the_leaves() {
    let paths = crate_paths(&source("files.rs"));
    let leaves: Vec<String> = LEAVES
        .iter()
        .map(|l| {
            format!(
                "{}::FILE_KIND",
                l.trim_end_matches(".rs").replace('/', "::")
            )
        })
        .collect();
    for p in &paths {
        assert!(
            p.starts_with("filekind") || leaves.contains(p),
            "files.rs imports crate::{p}"
        );
    }
    for l in &leaves {
        assert!(paths.contains(l), "files.rs does not list {l}");
    }
}

#[test]
fn the_file_layer_names_no_puzzle() {
    for file in ["tablefile.rs", "fileio.rs", "filekind.rs"] {
        for p in crate_paths(&source(file)) {
            assert!(
                !p.starts_with("sq1") && !p.starts_with("cube3") && !p.starts_with("api"),
                "{file} imports crate::{p}"
            );
        }
    }
}
