//! Integration tests of the engine: one binary, one module per concern.

mod common;
mod deep;
mod estimate;
mod limits;
mod observer;
mod properties;
mod queens;
mod tree;
