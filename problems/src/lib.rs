//! Problems for the [`backtrack`] engine, one module each, and the `backtrack` command-line
//! tool that runs them.
//!
//! - [`queens`]: N-Queens, the flagship: the textbook formulation ([`queens::Queens`]),
//!   bitboards ([`queens::BitQueens`]) with symmetry, and a heuristic order for any board
//!   size ([`queens::HeuristicQueens`]).
//! - [`knapsack`]: the 0/1 knapsack by branch and bound ([`knapsack::Knapsack`]).
//! - [`subset_sum`]: which numbers add up to a target ([`subset_sum::SubsetSum`]).
//! - [`sudoku`]: 9×9 sudoku, most constrained cell first ([`sudoku::Sudoku`]).

pub mod knapsack;
pub mod queens;
pub mod subset_sum;
pub mod sudoku;

mod text;
