//! The catalog of every kind of file the library writes, assembled from the leaf modules where
//! each kind describes itself (`kind.rs` beside the code that writes it: its magic and its name
//! in words). The file layer ([`crate::tablefile`], [`crate::fileio`]) queries this catalog to
//! say what a foreign file is and which files an output never replaces
//! ([`crate::fileio::write_output`]); it names no puzzle itself. The leaves import only
//! [`crate::filekind`], so no import runs from a lower layer to a higher one. A new kind of file
//! is a new leaf, listed here.

use crate::filekind::FileKind;

/// The kinds of file the library writes, by magic.
pub const KINDS: [FileKind; 5] = [
    crate::sq1::db::kind::FILE_KIND,
    crate::sq1::solve::kind::FILE_KIND,
    crate::cube3::solve::kind::FILE_KIND,
    crate::cube3::optimal::kind::FILE_KIND,
    crate::cube3::steps::kind::FILE_KIND,
];

/// The kind of twisty file that starts with `bytes` (`"a twisty Silver database"`), if any.
pub fn known_kind(bytes: &[u8]) -> Option<&'static str> {
    let magic = bytes.get(..8)?;
    KINDS.iter().find(|k| magic == &k.magic[..]).map(|k| k.name)
}
