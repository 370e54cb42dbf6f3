//! The `backtrack` binary, run for real: one test binary, one module per part.

mod checkpoint;
mod coloring;
mod common;
mod driver;
mod estimate;
mod exact_cover;
mod fixes;
mod html;
mod json;
mod knapsack;
mod knights_tour;
mod model;
#[cfg(feature = "mpi")]
mod mpi;
mod parallel;
mod parts;
mod permutations;
mod queens;
mod readme;
mod subset_sum;
mod sudoku;
mod tree;
mod usage;
