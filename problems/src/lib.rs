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
//! - [`exact_cover`]: exact cover with colours by Knuth's dancing links
//!   ([`exact_cover::ExactCover`]): one problem kind for sudoku, N-Queens, polyomino
//!   tilings, Langford pairings and crosswords, read from Knuth's text format.
//! - [`model`]: finite-domain models: variables, constraints that propagate, variable and
//!   value orders and an objective, a [`model::Model`] searched as any problem.
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
//!   anyhow, signal-hook, indicatif, console, humantime, clap_complete, clap_mangen,
//!   serde_json, serde, crc32fast, and cc to build it).
//!   A library user turns it off and gets the problems alone:
//!
//!   ```toml
//!   [dependencies]
//!   backtrack-problems = { version = "0.3", default-features = false }
//!   ```

pub mod coloring;
pub mod combinations;
pub mod exact_cover;
pub mod knapsack;
pub mod knights_tour;
pub mod model;
pub mod permutations;
pub mod queens;
pub mod subset_sum;
pub mod sudoku;

mod text;

/// The Rust blocks of the README and of the guide in `docs/`, compiled and run as
/// doctests, so that every example a reader copies builds and does what it says.
#[cfg(doctest)]
pub mod guide {
    #[doc = include_str!("../../README.md")]
    pub struct Readme;
    #[doc = include_str!("../../docs/command-line.md")]
    pub struct CommandLine;
    #[doc = include_str!("../../docs/problems.md")]
    pub struct Problems;
    #[doc = include_str!("../../docs/solution-tree.md")]
    pub struct SolutionTree;
    #[doc = include_str!("../../docs/estimates.md")]
    pub struct Estimates;
    #[doc = include_str!("../../docs/checkpoints.md")]
    pub struct Checkpoints;
    #[doc = include_str!("../../docs/cluster.md")]
    pub struct Cluster;
    #[doc = include_str!("../../docs/exact-cover.md")]
    pub struct ExactCover;
    #[doc = include_str!("../../docs/queens.md")]
    pub struct Queens;
    #[doc = include_str!("../../docs/own-problem.md")]
    pub struct OwnProblem;
    #[doc = include_str!("../../docs/models.md")]
    pub struct Models;
    #[doc = include_str!("../../docs/testing.md")]
    pub struct Testing;
    #[doc = include_str!("../../docs/layout.md")]
    pub struct Layout;
}
