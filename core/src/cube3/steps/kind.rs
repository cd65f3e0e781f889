//! This kind of file as it describes itself: its magic and its name in words. A leaf that imports
//! only [`crate::filekind`], so that the catalog of every kind ([`crate::files`]) sits below the
//! file layer that queries it, and no import runs upward.

use crate::filekind::FileKind;

/// The first bytes of a 3x3x3 step table file (one step family's tables).
pub const MAGIC: &[u8; 8] = b"TWC3STEP";
/// This kind of file, as messages name it.
pub const FILE_KIND: FileKind = FileKind {
    magic: MAGIC,
    name: "a twisty 3x3x3 step table file",
};
