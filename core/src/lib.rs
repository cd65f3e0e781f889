//! # twisty
//!
//! A native engine for twisty puzzles, used from Rust, from Java (JNI), from .NET (P/Invoke) and from C (a generated header).
//!
//! Design decisions that shape this crate:
//!
//! - **One error type** ([`Error`]) with a kind that has a stable numeric code; the bridges map
//!   kinds to their own exception classes and never invent messages of their own.
//! - **States are values.** A Square-1 state is a small `Copy` value with a canonical ASCII text
//!   form ([`sq1::State`]); the bridges pass that text, so every runtime prints the same bytes.
//! - **Heavy objects are shared, immutable after construction, `Send + Sync`** (for example
//!   [`sq1::Tables`]), so one instance serves many threads and the bridges can hand them out as
//!   handles.
//! - **No FFI here.** The JNI, .NET and C crates call the flat text facade in [`api`]; puzzle logic
//!   lives only in this crate.
//! - **Cubes are values too.** A 3x3x3 cube ([`cube3::Cube`]) is a small `Copy` value whose text
//!   is nissy's B32 format, so the bridges pass it as text like a Square-1 state.
//! - **Deterministic randomness.** [`rng::Rng`] is a documented generator (xoshiro256** seeded
//!   through SplitMix64), so a seed gives the same random state in every runtime and release.

pub mod api;
pub mod bfs;
pub mod cube3;
pub mod error;
pub mod fileio;
pub mod filekind;
pub mod files;
pub mod host;
pub mod progress;
pub mod rank;
pub mod rng;
pub mod sq1;
pub mod tablefile;

pub use error::{Error, ErrorKind, Result};
