//! N-Queens: place `n` queens on an `n`×`n` board so that no two attack each other.
//!
//! One queen per row; the operator is the column of the next row's queen. Solutions are
//! reported as the 0-based column of each row's queen, row 0 first.
//!
//! The formulations of the same problem, all driven by the generic engine:
//!
//! - [`Queens`]: the textbook one, every square tried and refused squares shown as
//!   rejections; for teaching and for drawing the solution tree.
//! - [`BitQueens`]: bitboards (`u32`, `u64` or `u128` masks, boards up to 128), the same
//!   tree in the same lexicographic order, fast; and [`BitState`], the same search with
//!   its state in one small value searched by value, for counting as fast as a
//!   hand-written bitwise counter.
//! - [`SymmetricQueens`]: bitboards restricted to the symmetric space, which holds a member of
//!   every class of solutions under the eight symmetries of the board ([`Symmetry`]), under
//!   a tenth of the tree; the [`OrbitCounter`] observer counts each class there once, with
//!   its size.
//! - [`HalfBlocks`] with the [`HalfJoin`] observer: counting by half boards (meet in the
//!   middle), the fastest count: for each set of columns the top half may take, its top
//!   and bottom halves searched apart (as [`BitState`]s) and the pairs whose diagonals do
//!   not meet counted; up to the mirror image and upside down.
//! - [`HeuristicQueens`]: any `n`, for first solutions of big boards: most rows filled by a
//!   quick sweep, a few watched rows filled most constrained first, each move in
//!   O(watched rows); 10 000-queens in 10 001 nodes.
//!
//! Beside the search, two direct ways to one solution of a big board ([`Method`]):
//! [`construct`] (the explicit construction, O(n), any n) and [`LocalSearch`]
//! (min-conflicts repair, keeps pre-placed queens), each checked by [`verify_fast`] before
//! it is returned.
//!
//! [`count`] counts the solutions of a board and their classes on all cores, with the
//! [`Reduction`] by symmetry asked for: the whole tree, first-row mirror halving
//! ([`count_mirrored`]), the symmetric space ([`count_symmetric`]) or half boards
//! ([`count_halves`]); [`count_unique`] counts
//! the classes alone. [`Placement`] pre-places queens, and [`verify`] checks a solution
//! independently of every formulation.

mod bit_queens;
mod bit_state;
mod bitboard;
mod check;
mod construct;
mod count;
mod halves;
mod heuristic;
mod local;
mod method;
mod orbits;
mod place;
mod plain;
mod symmetric;

pub use bit_queens::BitQueens;
pub use bit_state::BitState;
pub use bitboard::{with_mask, FreeSquares, Mask, MaskJob};
pub use check::verify_fast;
pub use construct::construct;
pub use count::{
    count, count_halves, count_mirrored, count_symmetric, count_unique, CountError, CountPlan,
    CountSplit, Counts, Reduction, HALVES_SUBPROBLEMS,
};
pub use halves::{block_columns, HalfBlocks, HalfJoin, TimeEstimate, MAX_HALVES};
pub use heuristic::{Candidates, HeuristicQueens, Square};
pub use local::{LocalSearch, LocalSolution};
pub use method::{Method, SolveError};
pub use orbits::{class_sizes, classes_hold, OrbitCounter, Symmetry};
pub use place::{verify, Placement, PlacementError};
pub use plain::Queens;
pub use symmetric::{in_search_space, SymmetricQueens};
