//! Problems for the [`backtrack`] engine, one module each. The `backtrack` command-line
//! tool that runs them is this package's binary (`src/bin/backtrack/`).
//!
//! - [`knights_tour`]: a knight's tour of an R×C board, open or closed, in Warnsdorff's
//!   order ([`knights_tour::KnightsTour`]).
//! - [`permutations`] and [`combinations`]: the permutations of `1..=n` and the
//!   `k`-subsets of `1..=n` in lexicographic order, the simplest problems for teaching.
//! - [`queens`]: N-Queens, the flagship: the textbook formulation ([`queens::Queens`]),
//!   bitboards ([`queens::BitQueens`]) with symmetry, and a heuristic order for any board
//!   size ([`queens::HeuristicQueens`]).
//! - [`coloring`]: graph coloring with K colors, and the chromatic number by branch and
//!   bound, in DSATUR order ([`coloring::Coloring`]), on graphs read from DIMACS files.
//! - [`knapsack`]: the 0/1 knapsack by branch and bound ([`knapsack::Knapsack`]).
//! - [`subset_sum`]: which numbers add up to a target ([`subset_sum::SubsetSum`]).
//! - [`sudoku`]: sudoku of any box size (4×4 to 49×49), singles and locked candidates
//!   propagated, most constrained cell first ([`sudoku::Sudoku`]).
//!
//! # Features
//!
//! - `cli` (on by default): builds the `backtrack` binary, with what only it needs (clap,
//!   anyhow, signal-hook, indicatif, console, humantime, rayon, serde_json, clap_complete,
//!   clap_mangen, and cc to build it).
//!   A library user turns it off and gets the problems alone:
//!
//!   ```toml
//!   [dependencies]
//!   backtrack-problems = { version = "0.1", default-features = false }
//!   ```

pub mod coloring;
pub mod combinations;
pub mod knapsack;
pub mod knights_tour;
pub mod permutations;
pub mod queens;
pub mod subset_sum;
pub mod sudoku;

mod text;
