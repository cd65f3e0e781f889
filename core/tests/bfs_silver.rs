//! The partitioned breadth-first search ([`twisty::bfs`]) on the Silver database's table, with
//! ranks as threads of this process: the published first levels for every rank count, and
//! the file of the single-process builder byte for byte (but the header's build time and thread
//! count).

use twisty::bfs::{self, Options, Slice, transport::in_process};
use twisty::progress::{CancelToken, NoProgress};
use twisty::sq1::db::{BuildOptions, SilverGraph, Variant, build};

fn partitioned(variant: Variant, ranks: usize, max_level: u8) -> Vec<Slice> {
    let graph = SilverGraph::new(variant);
    let opts = Options {
        max_level,
        // Several exchanges per level from level 3 on.
        round_cells: 2000,
        ..Options::default()
    };
    let transports = in_process(ranks);
    std::thread::scope(|s| {
        let handles: Vec<_> = transports
            .into_iter()
            .map(|mut t| {
                let (graph, opts) = (&graph, &opts);
                s.spawn(move || {
                    bfs::search(graph, &mut t, opts, &CancelToken::new(), &mut |_| {}).unwrap()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

#[test]
fn every_rank_count_finds_the_articles_first_levels() {
    // Levels 1..5 of the Cube21 article; with the middle layer, 1, 32, 568, 8189 (core's own
    // search over states confirms them).
    for (variant, want) in [
        (Variant::Article, &[1u64, 32, 536, 7652, 102204][..]),
        (Variant::Middle, &[1, 32, 568, 8189][..]),
    ] {
        for ranks in [1, 2, 4, 7] {
            let slices = partitioned(variant, ranks, want.len() as u8);
            for s in &slices {
                assert_eq!(&s.level_counts[1..], want, "{variant:?}, {ranks} ranks");
            }
        }
    }
}

#[test]
fn a_partitioned_build_writes_the_single_process_file() {
    use twisty::sq1::db::{Database, Header, partitioned::build_partitioned};
    let dir = std::env::temp_dir().join(format!("twisty-bfs-file-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // The article's model only: the table with the middle layer is 9.1 GB in memory (its
    // partitioned levels are checked above).
    for variant in [Variant::Article] {
        let mut o = BuildOptions::new(variant);
        o.max_level = 4;
        o.threads = 1;
        let single = dir.join(format!("{}-single.db", variant.name()));
        build(&single, &o, &mut NoProgress, &CancelToken::new()).unwrap();
        for ranks in [1, 3] {
            let path = dir.join(format!("{}-{ranks}.db", variant.name()));
            let checkpoints = dir.join(format!("checkpoints-{ranks}"));
            let mut search = Options {
                round_cells: 5000,
                ..Options::default()
            };
            // Three ranks save their levels and are stopped after level 3 (cancelled, as a
            // killed job stops), then resume there.
            if ranks == 3 {
                search.checkpoint = Some(twisty::bfs::Checkpoint {
                    dir: checkpoints.clone(),
                    tag: String::new(),
                });
            }
            let run = |stop_at: u8| -> Vec<twisty::Result<Header>> {
                let cancel = CancelToken::new();
                let transports = in_process(ranks);
                std::thread::scope(|s| {
                    let handles: Vec<_> = transports
                        .into_iter()
                        .map(|mut t| {
                            let (path, o, search, cancel) = (&path, &o, &search, &cancel);
                            s.spawn(move || {
                                build_partitioned(path, o, search, &mut t, cancel, &mut |r| {
                                    if r.level == stop_at {
                                        cancel.cancel();
                                    }
                                    // The resumed build starts after the saved level 3.
                                    let resumed = stop_at == 0 && search.checkpoint.is_some();
                                    assert!(!resumed || r.level > 3, "level {}", r.level);
                                })
                            })
                        })
                        .collect();
                    handles.into_iter().map(|h| h.join().unwrap()).collect()
                })
            };
            if ranks == 3 {
                assert!(run(3).iter().all(|r| r.is_err()));
                assert!(!path.exists());
                assert_eq!(std::fs::read_dir(&checkpoints).unwrap().count(), 6);
            }
            let headers: Vec<Header> = run(0).into_iter().map(|r| r.unwrap()).collect();
            if ranks == 3 {
                // Done: the checkpoints went.
                assert_eq!(std::fs::read_dir(&checkpoints).unwrap().count(), 0);
            }
            assert!(
                same_data(&single, &path),
                "{variant:?}, {ranks} ranks: the data differ"
            );
            let (mut ha, _) = Header::read(&single).unwrap();
            let (mut hb, _) = Header::read(&path).unwrap();
            assert_eq!(hb, headers[0]);
            // The build's time and thread count are each build's own.
            (ha.build_millis, ha.threads) = (0, 0);
            (hb.build_millis, hb.threads) = (0, 0);
            assert_eq!(ha, hb, "{variant:?}, {ranks} ranks");
            let db = Database::open(&path).unwrap();
            db.verify().unwrap();
            // Built again: the finished file is returned as it is, untouched.
            let again = build_partitioned(
                &path,
                &o,
                &search,
                &mut twisty::bfs::transport::Solo,
                &CancelToken::new(),
                &mut |_| {},
            )
            .unwrap();
            assert_eq!(again, headers[0]);
        }
    }
    // A file that is not a database is refused and left alone.
    let notes = dir.join("notes.db");
    std::fs::write(&notes, "a user's notes\n").unwrap();
    let e = build_partitioned(
        &notes,
        &BuildOptions::new(Variant::Article),
        &Options::default(),
        &mut twisty::bfs::transport::Solo,
        &CancelToken::new(),
        &mut |_| {},
    )
    .unwrap_err();
    assert_eq!(e.kind(), twisty::ErrorKind::Database, "{}", e.message());
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "a user's notes\n");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whether two database files hold the same bytes after their headers (read a chunk at a time:
/// the files are gigabytes).
fn same_data(a: &std::path::Path, b: &std::path::Path) -> bool {
    use std::io::Read;
    let (mut fa, mut fb) = (
        std::fs::File::open(a).unwrap(),
        std::fs::File::open(b).unwrap(),
    );
    if fa.metadata().unwrap().len() != fb.metadata().unwrap().len() {
        return false;
    }
    let (mut ba, mut bb) = (vec![0u8; 1 << 20], vec![0u8; 1 << 20]);
    let mut first = true;
    loop {
        let n = fa.read(&mut ba).unwrap();
        if n == 0 {
            return true;
        }
        fb.read_exact(&mut bb[..n]).unwrap();
        let skip = if first { 4096.min(n) } else { 0 };
        first = false;
        if ba[skip..n] != bb[skip..n] {
            return false;
        }
    }
}
