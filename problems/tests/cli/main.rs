//! The `backtrack` binary, run for real: one test binary, one module per part.

mod checkpoint;
mod coloring;
mod common;
mod driver;
mod estimate;
mod html;
mod json;
mod knights_tour;
#[cfg(feature = "mpi")]
mod mpi;
mod parallel;
mod parts;
mod permutations;
mod problems;
mod queens;
mod readme;
mod tree;
mod usage;
