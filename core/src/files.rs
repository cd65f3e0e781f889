//! Every kind of file the library writes, assembled here, above both puzzles: each kind
//! describes itself where it is defined (`FILE_KIND`: its magic and its name in words), and this
//! list is the one the file layer queries ([`crate::tablefile`], [`crate::fileio`]) to say what a
//! foreign file is and which files an output never replaces ([`crate::fileio::write_output`]).
//! The file layer names no puzzle; a new kind of file is added here.

use crate::tablefile::FileKind;

/// The kinds of file the library writes, by magic.
pub const KINDS: [FileKind; 4] = [
    crate::sq1::db::format::FILE_KIND,
    crate::sq1::solve::prune::FILE_KIND,
    crate::cube3::solve::FILE_KIND,
    crate::cube3::optimal::FILE_KIND,
];

/// The kind of twisty file that starts with `bytes` (`"a twisty Silver database"`), if any.
pub fn known_kind(bytes: &[u8]) -> Option<&'static str> {
    let magic = bytes.get(..8)?;
    KINDS.iter().find(|k| magic == &k.magic[..]).map(|k| k.name)
}
