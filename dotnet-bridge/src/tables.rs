//! The Square-1 tables as an interoptopus service (an opaque, boxed, `Send + Sync` object).
//!
//! C# owns the pointer through one `SafeHandle` subclass (`TablesHandle`): it calls
//! `sq1_tables_destroy` exactly once, and only when no call that holds the handle is running,
//! so the methods here can rely on `&self` being valid.

use interoptopus::ffi;
use twisty::api;

use crate::error::{NativeError, guard, guard_value};

/// Shared Square-1 tables (shapes, random states). Immutable after construction; usable from
/// many threads at once.
#[ffi(service)]
pub struct Sq1Tables {
    inner: twisty::sq1::Tables,
}

#[ffi]
impl Sq1Tables {
    /// Builds the tables.
    pub fn create() -> ffi::Result<Self, NativeError> {
        guard_value(|| Self {
            inner: twisty::sq1::Tables::new(),
        })
    }

    /// A uniformly random twistable state from a seed (colouring 0 = six-colour, 1 = Silver).
    pub fn random_state(&self, seed: u64, colouring: i32) -> ffi::Result<ffi::String, NativeError> {
        guard(|| api::sq1_random_state(&self.inner, seed, colouring).map(ffi::String::from_string))
    }

    /// Shape counts: 0 = layer shapes, 1 = twistable positions, 2 = up to layer rotation,
    /// 3 = up to rotation and flip.
    pub fn count_shapes(&self, kind: i32) -> ffi::Result<u64, NativeError> {
        guard(|| api::sq1_count_shapes(&self.inner, kind))
    }

    /// The fewest twists that bring the state's shape to the cube shape.
    pub fn twists_to_cube_shape(&self, state: ffi::String) -> ffi::Result<u32, NativeError> {
        guard(|| api::sq1_twists_to_cube_shape(&self.inner, state.as_str()))
    }

    /// Bytes the tables hold on the native heap (the C# handle reports them to the GC).
    pub fn native_bytes(&self) -> ffi::Result<u64, NativeError> {
        guard_value(|| self.inner.heap_bytes() as u64)
    }
}

impl Sq1Tables {
    /// The engine's tables (for the test-only hooks of `twisty-dotnet-testhooks`).
    pub fn engine(&self) -> &twisty::sq1::Tables {
        &self.inner
    }
}
