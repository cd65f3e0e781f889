//! # twisty-cli
//!
//! The command line (`twisty`, in `main.rs`) and the local web server (`twisty serve`, module
//! [`web`]) over the engine crate `twisty`. The server is a library so that its tests start it
//! in-process; it calls the engine's public API (mostly the text facade `twisty::api`) alone.

pub mod names;
pub mod web;
