//! The six-colour twist-metric table: its index and its first depths by the frontier-list
//! search on 1 to 7 in-process ranks, against the endgame's hash set and a plain search of
//! states that uses no index code.

use std::collections::HashSet;

use twisty::bfs::frontier::{self, Frontier, Options};
use twisty::bfs::transport::{Solo, in_process};
use twisty::bfs::{Graph, LevelReport, Partition};
use twisty::progress::CancelToken;
use twisty::sq1::solve::endgame::Endgame;
use twisty::sq1::twist_table::{self, BLOCK_CELLS, BLOCKS, CELLS, TwistTable};
use twisty::sq1::{Colouring, State, Tables};

/// Masonjones's classes per depth (2005), the first five.
const PUBLISHED: [u64; 5] = [1, 64, 1153, 17050, 235144];

#[test]
fn the_index_counts_the_published_classes() {
    let t = TwistTable::new();
    let ix = t.solve_index();
    assert_eq!(ix.stabs.len(), 170);
    assert_eq!(twist_table::positions(ix), 435_891_456_000);
    assert_eq!(BLOCKS * BLOCK_CELLS, CELLS);
    assert_eq!(CELLS, 340 * 40320 * 40320);
    assert_eq!(CELLS - twist_table::positions(ix), 116_847_360_000);
    let published = twist_table::PUBLISHED_DEPTHS;
    assert_eq!(published.iter().sum::<u64>(), twist_table::positions(ix));
    assert_eq!(published[..5], PUBLISHED);
    // Every rank count a cluster would use owns whole blocks.
    for ranks in [1, 2, 7, 64, 340] {
        let p = Partition::new(&t, ranks).unwrap();
        assert_eq!(p.cells_of(ranks - 1).end, CELLS);
    }
}

#[test]
fn cells_round_trip_and_name_one_class_for_every_rotation() {
    let t = TwistTable::new();
    let tables = Tables::new();
    for seed in 0..200 {
        let s = tables.random_state(seed, Colouring::SixColour);
        let cell = t.cell_of_state(&s);
        assert!(cell < CELLS);
        let (class, middle, arr) = t.decode(cell);
        assert_eq!(t.cell(class, middle, arr), cell, "{s}");
        // The cell's state is the class of the state.
        assert!(t.state_of_cell(cell).eq_up_to_layer_rotation(&s), "{s}");
        // Every layer rotation of the state is the same class, numbered by the same cell.
        for (top, bottom) in [(1, 0), (0, 1), (3, 6), (11, 5), (6, 6)] {
            assert_eq!(t.cell_of_state(&s.turn(top, bottom)), cell, "{s}");
        }
        // A twist, undone, comes back to the class.
        if let Ok(after) = s.twist() {
            let c2 = t.cell_of_state(&after);
            assert_ne!(c2, cell);
            let mut succ = Vec::new();
            t.successors(cell, &mut succ);
            assert!(succ.contains(&c2), "{s}");
            succ.clear();
            t.successors(c2, &mut succ);
            assert!(succ.contains(&cell), "{s}");
        }
    }
    // The edge and corner ranks cover their ranges: the first and last cell round-trip.
    for cell in [0, BLOCK_CELLS - 1, CELLS - 1, 77 * BLOCK_CELLS + 12345] {
        let (class, middle, arr) = t.decode(cell);
        assert_eq!(t.cell(class, middle, arr), cell);
    }
}

type Outcome = twisty::Result<(Frontier, Vec<LevelReport>)>;

/// Runs the search on `ranks` in-process ranks: each rank's end and reports.
fn run(t: &TwistTable, ranks: usize, opts: &Options) -> (Vec<Frontier>, Vec<Vec<LevelReport>>) {
    run_all(t, ranks, opts)
        .into_iter()
        .map(|r| r.unwrap())
        .unzip()
}

/// Each rank's outcome of the search on `ranks` in-process ranks.
fn run_all(t: &TwistTable, ranks: usize, opts: &Options) -> Vec<Outcome> {
    std::thread::scope(|scope| {
        let handles: Vec<_> = in_process(ranks)
            .into_iter()
            .map(|mut tr| {
                scope.spawn(move || {
                    let mut mine = Vec::new();
                    frontier::search(t, &mut tr, opts, &CancelToken::new(), &mut |r| {
                        mine.push(r.clone())
                    })
                    .map(|f| (f, mine))
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

#[test]
fn the_first_depths_are_the_published_ones_on_any_rank_count() {
    let t = TwistTable::new();
    let endgame = Endgame::new(t.solve_index());
    assert_eq!(endgame.level_sizes[..5], PUBLISHED);
    let mut lists: Option<Vec<u64>> = None;
    for ranks in [1, 2, 4, 7] {
        let opts = Options {
            max_depth: 4,
            // Depth 3 has 17050 classes: several rounds per depth on every rank count.
            round_cells: 1000,
            threads: 2,
            checkpoint: None,
        };
        let (frontiers, reports) = run(&t, ranks, &opts);
        for f in &frontiers {
            assert_eq!(f.counts, PUBLISHED, "{ranks} ranks");
            assert!(!f.exhausted);
        }
        for mine in &reports {
            let depths: Vec<u8> = mine.iter().map(|r| r.level).collect();
            assert_eq!(depths, [1, 2, 3, 4]);
            assert_eq!(mine[3].cells, 235144);
            assert!(mine[3].rounds >= 2, "{ranks} ranks: {:?}", mine[3]);
        }
        let sent: u64 = reports.iter().map(|m| m[3].bytes_sent).sum();
        assert_eq!(sent > 0, ranks > 1, "{ranks} ranks");
        // Each rank holds exactly its own cells, sorted; together the depth's classes.
        let mut all = Vec::new();
        for (r, f) in frontiers.iter().enumerate() {
            let own = Partition::new(&t, ranks).unwrap().cells_of(r);
            assert!(f.last.iter().all(|c| own.contains(c)));
            assert!(f.last.windows(2).all(|w| w[0] < w[1]));
            assert_eq!(f.previous.len() as u64, {
                let mut n = 0;
                for c in &f.previous {
                    n += u64::from(own.contains(c));
                }
                n
            });
            all.extend_from_slice(&f.last);
        }
        all.sort_unstable();
        // Every cell found is at exactly depth 4 in the endgame's table.
        for &c in all.iter().step_by(97) {
            let (class, middle, arr) = t.decode(c);
            assert_eq!(endgame.get(t.solve_index(), class, arr, middle), Some(4));
        }
        match &lists {
            None => lists = Some(all),
            Some(l) => assert_eq!(l, &all, "{ranks} ranks"),
        }
    }
}

#[test]
fn a_search_to_its_end_stops_when_a_depth_is_empty() {
    // A tiny undirected graph: a path of 10 cells in 5 blocks, from cell 3.
    struct Path;
    impl Graph for Path {
        fn cells(&self) -> u64 {
            10
        }
        fn blocks(&self) -> u64 {
            5
        }
        fn start(&self) -> u64 {
            3
        }
        fn successors(&self, cell: u64, out: &mut Vec<u64>) {
            out.extend(cell.checked_sub(1));
            out.extend(Some(cell + 1).filter(|&c| c < 10));
        }
    }
    let opts = Options {
        round_cells: 1,
        ..Options::default()
    };
    let f = frontier::search(&Path, &mut Solo, &opts, &CancelToken::new(), &mut |_| {}).unwrap();
    assert_eq!(f.counts, [1, 2, 2, 2, 1, 1, 1, 0]);
    assert!(f.exhausted);
    let bad = Options {
        round_cells: 0,
        ..Options::default()
    };
    let e = frontier::search(&Path, &mut Solo, &bad, &CancelToken::new(), &mut |_| {});
    assert_eq!(e.unwrap_err().kind(), twisty::ErrorKind::InvalidArgument);
    let cancelled = CancelToken::new();
    cancelled.cancel();
    let e = frontier::search(&Path, &mut Solo, &opts, &cancelled, &mut |_| {});
    assert_eq!(e.unwrap_err().kind(), twisty::ErrorKind::Cancelled);
}

/// The class of a state up to layer turns without the index: the smallest slots over the 144
/// turns.
fn plain_class(s: &State) -> ([u8; 24], bool) {
    let best = (0..12)
        .flat_map(|a| (0..12).map(move |b| (a, b)))
        .map(|(a, b)| *s.turn(a, b).slots())
        .min()
        .unwrap();
    (best, s.middle() == twisty::sq1::Middle::Kite)
}

#[test]
fn a_plain_search_of_states_agrees_to_depth_3() {
    let solved = State::solved(Colouring::SixColour);
    let mut seen = HashSet::from([plain_class(&solved)]);
    let mut frontier = vec![solved];
    let mut counts = vec![1u64];
    for _ in 1..=3 {
        let mut next = Vec::new();
        for s in &frontier {
            for a in 0..12 {
                for b in 0..12 {
                    if let Ok(x) = s.turn(a, b).twist()
                        && seen.insert(plain_class(&x))
                    {
                        next.push(x);
                    }
                }
            }
        }
        counts.push(next.len() as u64);
        frontier = next;
    }
    assert_eq!(counts, PUBLISHED[..4]);
    // The table's cells of depth 3 are these states' classes.
    let t = TwistTable::new();
    let (frontiers, _) = run(
        &t,
        1,
        &Options {
            max_depth: 3,
            ..Options::default()
        },
    );
    let mut cells: Vec<u64> = frontier.iter().map(|s| t.cell_of_state(s)).collect();
    cells.sort_unstable();
    assert_eq!(cells, frontiers[0].last);
}

/// The messages of a run in which every rank must fail with a database error.
fn refusals(outcomes: Vec<Outcome>) -> Vec<String> {
    outcomes
        .into_iter()
        .map(|r| {
            let e = r.expect_err("every rank fails");
            assert_eq!(e.kind(), twisty::ErrorKind::Database, "{e}");
            e.message().to_string()
        })
        .collect()
}

#[test]
fn a_search_resumes_from_its_checkpoint_and_refuses_any_other() {
    let t = TwistTable::new();
    let dir = std::env::temp_dir().join(format!("twisty-frontier-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let opts = |max_depth, graph: &str| Options {
        max_depth,
        round_cells: 1000,
        threads: 1,
        checkpoint: Some(frontier::Checkpoint {
            dir: dir.clone(),
            graph: graph.to_string(),
        }),
    };
    let files = || {
        let mut names: Vec<String> = std::fs::read_dir(dir.as_path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    let (first, _) = run(&t, 2, &opts(3, "sq1 twist"));
    // Only the last depth's files stay.
    assert_eq!(
        files(),
        [
            "depth-3-rank-0-of-2.frontier",
            "depth-3-rank-1-of-2.frontier"
        ]
    );
    // Asked for depth 4, each rank resumes at depth 3 and searches depth 4 alone.
    let (resumed, reports) = run(&t, 2, &opts(4, "sq1 twist"));
    let (fresh, _) = run(
        &t,
        2,
        &Options {
            checkpoint: None,
            ..opts(4, "")
        },
    );
    for r in 0..2 {
        assert_eq!(resumed[r].counts, PUBLISHED);
        assert_eq!(resumed[r].last, fresh[r].last);
        assert_eq!(resumed[r].previous, first[r].last);
        assert_eq!(reports[r].iter().map(|x| x.level).collect::<Vec<_>>(), [4]);
    }
    assert_eq!(
        files(),
        [
            "depth-4-rank-0-of-2.frontier",
            "depth-4-rank-1-of-2.frontier"
        ]
    );
    // Another rank count.
    for m in refusals(run_all(&t, 3, &opts(4, "sq1 twist"))) {
        assert!(m.contains("a checkpoint of 2 ranks"), "{m}");
    }
    // Another graph's name.
    let m = refusals(run_all(&t, 2, &opts(5, "sq1 silver")));
    assert!(m[0].contains("another graph"), "{m:?}");
    // A damaged file (one bit of its lists): refused, kept as it is; every rank fails.
    let one = dir.as_path().join("depth-4-rank-1-of-2.frontier");
    let mut bytes = std::fs::read(&one).unwrap();
    let good = bytes.clone();
    let at = bytes.len() - 100;
    bytes[at] ^= 4;
    std::fs::write(&one, &bytes).unwrap();
    let m = refusals(run_all(&t, 2, &opts(5, "sq1 twist")));
    assert!(m[1].contains("checksum does not match"), "{m:?}");
    assert!(m[0].contains("1 other rank(s) failed"), "{m:?}");
    assert_eq!(std::fs::read(&one).unwrap(), bytes);
    // Cut short.
    std::fs::write(&one, &good[..good.len() - 9]).unwrap();
    let m = refusals(run_all(&t, 2, &opts(5, "sq1 twist")));
    assert!(m[1].contains("damaged"), "{m:?}");
    // A file twisty did not write, under a checkpoint's name: refused and left alone.
    std::fs::write(&one, "notes\n").unwrap();
    let m = refusals(run_all(&t, 2, &opts(5, "sq1 twist")));
    assert!(m[1].contains("not a checkpoint"), "{m:?}");
    assert_eq!(std::fs::read_to_string(&one).unwrap(), "notes\n");
    // One rank's files missing.
    std::fs::remove_file(&one).unwrap();
    for m in refusals(run_all(&t, 2, &opts(5, "sq1 twist"))) {
        assert!(m.contains("only 1 of 2 ranks"), "{m}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_dense_search_finds_the_frontier_searchs_depths() {
    // 16 ranks, as on a cluster: each holds a 4-bit slice of 17 GB, of which a search to depth
    // 3 touches a few pages (the system gives the rest on first touch). A system that will not
    // promise that much memory says so, and the search refuses cleanly on every rank.
    let t = TwistTable::new();
    let ranks = 16;
    let opts = twisty::bfs::Options {
        max_level: 4,
        round_cells: 5000,
        threads: 1,
        ..twisty::bfs::Options::default()
    };
    let slices: Vec<twisty::Result<twisty::bfs::Slice>> = std::thread::scope(|s| {
        let handles: Vec<_> = in_process(ranks)
            .into_iter()
            .map(|mut tr| {
                let (t, opts) = (&t, &opts);
                s.spawn(move || {
                    twisty::bfs::search(t, &mut tr, opts, &CancelToken::new(), &mut |_| {})
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    if slices.iter().all(|s| {
        s.as_ref()
            .err()
            .is_some_and(|e| e.message().contains("cannot be allocated"))
    }) {
        eprintln!("skipped: this system does not lend 16 slices of 17 GB");
        return;
    }
    let slices: Vec<twisty::bfs::Slice> = slices.into_iter().map(|s| s.unwrap()).collect();
    let lists = Options {
        max_depth: 3,
        threads: 1,
        ..Options::default()
    };
    let (frontier, _) = run(&t, ranks, &lists);
    for (r, (slice, f)) in slices.iter().zip(&frontier).enumerate() {
        // Levels count from 1 at the start: depth d is level d + 1.
        assert_eq!(slice.level_counts, vec![0, 1, 64, 1153, 17050], "rank {r}");
        for &cell in &f.last {
            assert_eq!(slice.level(cell), 4, "rank {r}, cell {cell}");
        }
    }
}
