//! Problems for the [`backtrack`] engine, one module each, and the `backtrack` command-line
//! tool that runs them.
//!
//! - [`queens`]: N-Queens, the flagship: the textbook formulation ([`queens::Queens`]).
//! - [`knapsack`]: the 0/1 knapsack by branch and bound ([`knapsack::Knapsack`]).
//! - [`sudoku`]: 9×9 sudoku, most constrained cell first ([`sudoku::Sudoku`]).

pub mod knapsack;
pub mod queens;
pub mod sudoku;
