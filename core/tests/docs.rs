//! The documentation stays true to the code where a test can tell: every versioned table-file
//! name written anywhere in the repository is the one the code uses, and the project's docs
//! stand alone (they name no file outside the repository).

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Text files of the repository (sources and docs), skipping build outputs.
fn text_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        if p.is_dir() {
            if !matches!(
                name.as_str(),
                "target" | "build" | "bin" | "obj" | "artifacts" | ".git" | "node_modules"
            ) {
                text_files(&p, out);
            }
        } else if [
            ".md", ".rs", ".java", ".cs", ".h", ".c", ".toml", ".xml", ".mk",
        ]
        .iter()
        .any(|x| name.ends_with(x))
            || name == "Makefile"
        {
            out.push(p);
        }
    }
}

/// Every `<stem>-v<digits>.tbl` in `text`.
fn versioned_names<'t>(text: &'t str, stem: &str) -> Vec<&'t str> {
    let mut found = Vec::new();
    let pat = format!("{stem}-v");
    let mut from = 0;
    while let Some(i) = text[from..].find(&pat) {
        let start = from + i;
        let digits = text[start + pat.len()..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        let end = start + pat.len() + digits;
        if digits > 0 && text[end..].starts_with(".tbl") {
            found.push(&text[start..end + 4]);
        }
        from = end;
    }
    found
}

#[test]
fn documented_table_file_names_are_the_code_s() {
    let mut files = Vec::new();
    text_files(&root(), &mut files);
    let optimal = twisty::cube3::optimal::cache_file(0);
    let expected = [
        ("sq1-solver", twisty::sq1::solve::CACHE_FILE),
        ("cube3-twophase", twisty::cube3::solve::CACHE_FILE),
        ("cube3-optimal-h0", optimal.as_str()),
    ];
    let mut seen = 0;
    let mut wrong = Vec::new();
    for f in &files {
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        for (stem, name) in expected {
            for n in versioned_names(&text, stem) {
                seen += 1;
                if n != name {
                    wrong.push(format!("{}: {n} (the code writes {name})", f.display()));
                }
            }
        }
    }
    assert!(
        seen >= 4,
        "the names are documented somewhere ({seen} found)"
    );
    assert!(
        wrong.is_empty(),
        "stale table-file names:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_docs_name_no_file_outside_the_repository() {
    let mut files = Vec::new();
    text_files(&root(), &mut files);
    let mut bad = Vec::new();
    for f in files
        .iter()
        .filter(|f| f.extension().is_some_and(|x| x == "md"))
    {
        let text = std::fs::read_to_string(f).unwrap();
        for (n, line) in text.lines().enumerate() {
            if line.contains("../shared") || line.contains("shared/") || line.contains("DESIGN.md")
            {
                bad.push(format!("{}:{}: {line}", f.display(), n + 1));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "docs that point outside the repository:\n{}",
        bad.join("\n")
    );
}
