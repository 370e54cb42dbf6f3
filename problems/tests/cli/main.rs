//! The `backtrack` binary, run for real: one test binary, one module per part.

mod common;
mod driver;
mod estimate;
mod html;
mod problems;
mod queens;
mod readme;
mod tree;
mod usage;
