//! The `backtrack` binary, run for real: one test binary, one module per part.

mod checkpoint;
mod common;
mod driver;
mod estimate;
mod fixes;
mod html;
mod json;
mod more;
#[cfg(feature = "mpi")]
mod mpi;
mod parallel;
mod parts;
mod problems;
mod queens;
mod readme;
mod tree;
mod usage;
