//! Problems for the [`backtrack`] engine, one module each, and the `backtrack` command-line
//! tool that runs them.
//!
//! - [`queens`]: N-Queens, the flagship: the textbook formulation ([`queens::Queens`]),
//!   bitboards ([`queens::BitQueens`]) with symmetry, and a heuristic order for any board
//!   size ([`queens::HeuristicQueens`]).

pub mod queens;
