//! The Silver-edition database of all shortest solutions.
pub mod index;
