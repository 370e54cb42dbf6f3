//! One file per subcommand, each with the same two parts: `Args`, what it accepts (clap's
//! derive, its doc comments the help), and `job`, which reads the input, makes the
//! problem, says how a solution prints and what names the search, and gives the
//! [`Job`](crate::driver::Job) to the driver. A new subcommand is one more file here and
//! one more line in `main.rs`.

pub mod coloring;
pub mod combinations;
pub mod completions;
pub mod exact_cover;
pub mod knapsack;
pub mod knights_tour;
pub mod man;
pub mod merge;
pub mod model;
pub mod permutations;
pub mod queens;
pub mod subset_sum;
pub mod sudoku;
