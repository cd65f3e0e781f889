//! The Silver-edition database of all shortest solutions.
//!
//! One 4-bit level per position class (a Silver state up to layer turns and whole-puzzle flip),
//! level 1 being the solved puzzle and level n+1 the classes first reached by n twists, as in the
//! Cube21 article. Two variants: the article's model ([`Variant::Article`], middle layer ignored)
//! and the physical puzzle ([`Variant::Middle`], the middle layer part of the state).
//!
//! - [`index`]: classes, slots and the precomputed moves;
//! - [`format`]: the file header (see `docs/db-format.md`);
//! - [`build()`]: the parallel builder;
//! - [`partitioned`]: the same database built by several ranks (processes, MPI) into the same file;
//! - [`Database`]: queries on a memory-mapped, complete file.
//!
//! "Solved" means solved up to holding the puzzle upside down (the article's flip): a solution
//! ends with the puzzle solved, or solved upside down, which [`Solution::flipped`] reports and
//! the article notation spells with a final `!`.

pub mod build;
pub mod format;
pub mod index;
pub mod kind;
pub mod partitioned;
mod query;

use std::sync::OnceLock;

pub use build::{BuildOptions, SilverGraph, build, partial_path};
pub use format::{Header, Status, Variant};
pub use query::{Database, Solution, Solutions};

use index::{CLASSES, ClassIndex, PER_SHAPE};

/// The class index, built once per process.
pub fn class_index() -> &'static ClassIndex {
    static INDEX: OnceLock<ClassIndex> = OnceLock::new();
    INDEX.get_or_init(ClassIndex::new)
}

/// Cells in a database file of a variant (including slots no class owns).
pub fn total_cells(variant: Variant) -> u64 {
    CLASSES as u64 * PER_SHAPE * variant.cells_per_slot()
}

/// Number of position classes: 6,810,804,000 for the article's model, twice that with the
/// middle layer.
pub fn class_count(variant: Variant) -> u64 {
    let per_shape: u64 = class_index()
        .stabs
        .iter()
        .map(|s| PER_SHAPE / s.len() as u64)
        .sum();
    per_shape * variant.cells_per_slot()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn class_totals_match_the_published_figures() {
        assert_eq!(class_count(Variant::Article), 6_810_804_000);
        assert_eq!(class_count(Variant::Middle), 13_621_608_000);
    }
}
