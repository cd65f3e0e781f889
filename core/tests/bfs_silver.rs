//! The partitioned breadth-first search ([`twisty::bfs`]) on the Silver database's table, with
//! ranks as threads of this process: the published first levels for every rank count, and
//! cell for cell the table of the single-process builder.

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
fn the_slices_together_are_the_single_process_table() {
    let dir = std::env::temp_dir().join(format!("twisty-bfs-silver-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("article-4.db");
    let mut o = BuildOptions::new(Variant::Article);
    o.max_level = 4;
    let header = build(&path, &o, &mut NoProgress, &CancelToken::new()).unwrap();
    let file = std::fs::read(&path).unwrap();
    let data = &file[file.len() - header.data_bytes as usize..];
    let slices = partitioned(Variant::Article, 7, 4);
    let mut together = Vec::with_capacity(data.len());
    for s in &slices {
        // Each slice starts on a byte: every shape class has an even number of cells.
        assert_eq!(s.cells.start % 2, 0);
        together.extend_from_slice(&s.bytes);
    }
    assert_eq!(together.len(), data.len());
    assert!(
        together == data,
        "the partitioned table differs from the builder's"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
