//! The six-colour Square-1's God's table in the twist metric, as a [`crate::bfs::Graph`].
//!
//! The positions counted are the six-colour puzzle's classes up to turning the top and bottom
//! layers, middle layer included: 435,891,456,000 classes (Masonjones 2005; God's number 13).
//! A class sits in its shape's representative position ([`SolveIndex`]) and is numbered by a
//! plain index:
//!
//! cell = ((class * 2 + middle) * 8! + corner rank) * 8! + edge rank
//!
//! with class = the shape class (0..170), middle 0 (square) or 1 (kite), and the ranks the
//! Lehmer ranks of the corner permutation (which corner is in each big place) and the edge
//! permutation (which edge is in each small place), places in reading order. [`CELLS`] =
//! 340 * 8!^2 = 552,738,816,000 slots; a block is one `(class, middle)` pair (8!^2 cells), so
//! each rank of a partitioned search owns whole blocks.
//!
//! A representative with rotation symmetries (the cube shape has 16) has several arrangements
//! per class: the class is numbered by the smallest of their cells ([`TwistTable::canonical`]),
//! and the other cells are never reached. The waste is [`CELLS`] - [`positions`] =
//! 116,847,360,000 slots (27 % of the classes), which only a dense table would pay for.
//!
//! Successors are every `/` reachable by turning the layers ([`ClassMove`]s, less those that
//! reach the same class as an earlier move of the list), canonicalised. Each `/` toggles the
//! middle layer. The twist graph is undirected (`/` undoes itself and turns are free), which
//! the frontier-list search ([`crate::bfs::frontier`]) relies on.

use crate::bfs::Graph;
use crate::rank::sq1::{BIG_COUNT, Sq1Ranks};
use crate::sq1::db::index::{Arrangement, Shuffle, pack3, shuffle, spread3};
use crate::sq1::shape::SHAPE_COUNT;
use crate::sq1::solve::index::{ClassMove, SolveIndex, arrangement_of, state_of};
use crate::sq1::state::{Middle, State};

/// Permutations of eight pieces (8!).
const PERMS: u64 = BIG_COUNT as u64;

/// Blocks of the index: one per shape class and middle layer.
pub const BLOCKS: u64 = 2 * SHAPE_COUNT as u64;

/// Cells in one block: every corner permutation with every edge permutation.
pub const BLOCK_CELLS: u64 = PERMS * PERMS;

/// Slots of the index (552,738,816,000).
pub const CELLS: u64 = BLOCKS * BLOCK_CELLS;

/// The classes at each twist distance 0..=13 as published by Masonjones (2005); they sum to
/// 435,891,456,000.
pub const PUBLISHED_DEPTHS: [u64; 14] = [
    1,
    64,
    1153,
    17050,
    235144,
    3091458,
    38893230,
    452031138,
    4459167504,
    33671064770,
    149502310936,
    183662070768,
    63945120032,
    157452752,
];

/// The classes of the six-colour Square-1 up to layer turns, middle layer included, computed
/// from the shape classes' symmetries: the sum over the 170 shapes of 2 * 8! * 8! / |symmetries|
/// (a rotation that keeps a shape moves distinct pieces, so it never fixes an arrangement).
pub fn positions(ix: &SolveIndex) -> u64 {
    ix.stabs
        .iter()
        .map(|s| 2 * BLOCK_CELLS / s.len() as u64)
        .sum()
}

/// The twist-metric graph of the six-colour classes over the index above.
pub struct TwistTable {
    ix: SolveIndex,
    /// Per class: the moves that reach distinct classes, as (target class, shuffle).
    moves: Vec<Vec<(u8, Shuffle)>>,
    ranks: &'static Sq1Ranks,
    start: u64,
}

impl TwistTable {
    pub fn new() -> TwistTable {
        let ix = SolveIndex::new();
        let moves = ix
            .moves
            .iter()
            .map(|list| {
                list.iter()
                    .filter(|m: &&ClassMove| !m.dup)
                    .map(|m| (m.target, m.shuffle))
                    .collect()
            })
            .collect();
        let mut t = TwistTable {
            ix,
            moves,
            ranks: Sq1Ranks::get(),
            start: 0,
        };
        t.start = t.cell_of_state(&State::solved(crate::sq1::Colouring::SixColour));
        t
    }

    /// The shape classes, their symmetries and moves this table is built on.
    pub fn solve_index(&self) -> &SolveIndex {
        &self.ix
    }

    /// The cell of an arrangement in `class`'s representative position, as it stands (not
    /// canonicalised).
    #[inline]
    pub fn cell(&self, class: usize, middle: u8, arr: Arrangement) -> u64 {
        let edges = self.ranks.rank_big_key(pack3(arr as u64)) as u64;
        let corners = self.ranks.rank_big_key(pack3((arr >> 64) as u64)) as u64;
        (((class as u64 * 2 + middle as u64) * PERMS) + corners) * PERMS + edges
    }

    /// The class, middle layer (0: square) and arrangement of a cell.
    #[inline]
    pub fn decode(&self, cell: u64) -> (usize, u8, Arrangement) {
        let block = cell / BLOCK_CELLS;
        let corners = (cell % BLOCK_CELLS) / PERMS;
        let edges = cell % PERMS;
        let arr = spread3(self.ranks.big_key(edges as u16)) as u128
            | (spread3(self.ranks.big_key(corners as u16)) as u128) << 64;
        ((block / 2) as usize, (block % 2) as u8, arr)
    }

    /// The cell that numbers the class of an arrangement: the smallest over the
    /// representative's symmetries.
    #[inline]
    pub fn canonical(&self, class: usize, middle: u8, arr: Arrangement) -> u64 {
        let mut best = self.cell(class, middle, arr);
        for s in &self.ix.stabs[class][1..] {
            best = best.min(self.cell(class, middle, shuffle(arr, &s.shuffle)));
        }
        best
    }

    /// The cell of a six-colour state's class.
    pub fn cell_of_state(&self, s: &State) -> u64 {
        let (class, turn, _) = self.ix.node_of(s);
        let arr = arrangement_of(&s.turn(turn.0 as i32, turn.1 as i32));
        self.canonical(class, u8::from(s.middle() == Middle::Kite), arr)
    }

    /// A state of a cell's class: the arrangement in its representative position.
    pub fn state_of_cell(&self, cell: u64) -> State {
        let (class, middle, arr) = self.decode(cell);
        let middle = if middle == 0 {
            Middle::Square
        } else {
            Middle::Kite
        };
        state_of(self.ix.reps[class], arr, middle)
    }
}

impl Default for TwistTable {
    fn default() -> Self {
        TwistTable::new()
    }
}

impl Graph for TwistTable {
    fn cells(&self) -> u64 {
        CELLS
    }
    fn blocks(&self) -> u64 {
        BLOCKS
    }
    fn start(&self) -> u64 {
        self.start
    }
    #[inline]
    fn successors(&self, cell: u64, out: &mut Vec<u64>) {
        let (class, middle, arr) = self.decode(cell);
        for &(target, ref sh) in &self.moves[class] {
            out.push(self.canonical(target as usize, middle ^ 1, shuffle(arr, sh)));
        }
    }
    fn undirected(&self) -> bool {
        // A `/` undoes itself, and the turns around it are free.
        true
    }
    fn reachable_cells(&self) -> Option<u64> {
        Some(positions(&self.ix))
    }
    fn is_reachable(&self, cell: u64) -> bool {
        let (class, middle, arr) = self.decode(cell);
        self.canonical(class, middle, arr) == cell
    }
}
