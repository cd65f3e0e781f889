//! What a kind of file the library writes says about itself: the bottom of the file layers.
//!
//! Each kind is declared in a leaf module beside the code that writes it (`sq1/db/kind.rs`,
//! `sq1/solve/kind.rs`, `cube3/solve/kind.rs`, `cube3/optimal/kind.rs`), each importing only
//! this type; [`crate::files`] assembles the catalog from those leaves; the file layer
//! ([`crate::tablefile`], [`crate::fileio`]) queries the catalog. So the imports run one way:
//! this type, the kind leaves, the catalog, the file layer, then the puzzles' code.

/// A kind of file the library writes.
#[derive(Clone, Copy, Debug)]
pub struct FileKind {
    /// The first 8 bytes of every file of this kind.
    pub magic: &'static [u8; 8],
    /// The kind in words, as messages name it: `"a twisty Silver database"`.
    pub name: &'static str,
}
