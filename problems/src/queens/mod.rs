//! N-Queens: place `n` queens on an `n`×`n` board so that no two attack each other.
//!
//! One queen per row; the operator is the column of the next row's queen. Solutions are
//! reported as the 0-based column of each row's queen, row 0 first.
//!
//! Three formulations of the same problem, all driven by the generic engine:
//!
//! - [`Queens`]: the textbook one (seed 004), every square tried and refused squares shown
//!   as rejections; for teaching and for drawing the solution tree.
//! - [`BitQueens`]: bitboards (`u32`, `u64` or `u128` masks, boards up to 128), the same
//!   tree in the same lexicographic order, fast; [`count_mirrored`] counts with first-row
//!   mirror halving on all cores and [`count_unique`] counts classes under the eight
//!   symmetries ([`Symmetry`]); [`SymmetricQueens`] searches only Takaken's space of class
//!   representatives, about a fifth of the tree, and [`count_symmetric`] gets both counts
//!   from it.
//! - [`HeuristicQueens`]: any `n`, most-constrained row first and columns from the middle
//!   out, which finds a first solution of 10 000-queens in about 10 000 nodes.
//!
//! [`Placement`] pre-places queens for either fast formulation, and [`verify`] checks a
//! solution independently of all of them.

mod bits;
mod heuristic;
mod place;
mod plain;
mod symmetric;
mod symmetry;

pub use bits::{BitQueens, FreeSquares, Mask};
pub use heuristic::{HeuristicQueens, MiddleOut, Square};
pub use place::{verify, Placement, PlacementError};
pub use plain::Queens;
pub use symmetric::{count_symmetric, in_search_space, Counts, OrbitCounter, SymmetricQueens};
pub use symmetry::{count_mirrored, count_unique, Symmetry};
