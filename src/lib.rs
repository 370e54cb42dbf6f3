//! A generic backtracking search framework, in the classic vocabulary of the method.
//!
//! A [`Problem`] is a **state** changed by **operators** ([`Problem::apply`],
//! [`Problem::undo`]); each node's **search range** ([`Problem::operators`]) says which
//! operators to try and in what order; the **boundary** ([`Problem::is_complete`]) says
//! when a state is complete; the **constraints** ([`Problem::admissible`]) say whether a
//! child is allowed; the **optimality requirement** ([`Optimize`]) says whether a child can
//! still beat the best found.
//!
//! One depth-first engine, [`Search`], drives any problem: it iterates over the solutions
//! lazily, counts them, or finds the best, always in the order of the search range, with
//! an explicit stack (no recursion, no depth limit) and no allocation per node.
//! [`Observer`]s see every event of the walk at no cost when absent. [`parallel`] counts,
//! finds the first or the best and lists in order on all cores, with the serial answers; [`split`] names subtrees by serialisable paths, so that a count can be
//! shared among processes or machines and its parts added up. [`Limits`] bound a search by nodes, solutions, time or a
//! cancellation flag, and a stopped search still reports what it found. [`tree`] records
//! the solution tree (解答树) and shows it as text, Graphviz, JSON or a web page;
//! [`trace`] writes the event trace; both as stable text for snapshot tests.
//! [`estimate`] guesses the nodes and solutions of a tree by random probes before you search it.
//!
//! The package is `backtrack-search`, imported as `backtrack`:
//!
//! ```toml
//! [dependencies]
//! backtrack = { package = "backtrack-search", version = "0.3" }
//! ```
//!
//! ```
//! use backtrack::{Problem, Search};
//!
//! /// N-Queens: one queen per row; the state is the columns of the queens placed so far.
//! struct Queens { n: usize, cols: Vec<usize> }
//!
//! impl Problem for Queens {
//!     type Op = usize;                   // operator: the column of the next row's queen
//!     type Ops = std::ops::Range<usize>; // search range: every column, left to right
//!     type Solution = Vec<usize>;
//!
//!     fn operators(&self) -> Self::Ops { 0..self.n }
//!     fn admissible(&self, col: usize) -> bool {                          // constraints
//!         let row = self.cols.len();
//!         self.cols.iter().enumerate().all(|(r, &c)| c != col && row - r != c.abs_diff(col))
//!     }
//!     fn apply(&mut self, col: usize) { self.cols.push(col) }
//!     fn undo(&mut self, _: usize) { self.cols.pop(); }
//!     fn is_complete(&self) -> bool { self.cols.len() == self.n }            // boundary
//!     fn solution(&self) -> Vec<usize> { self.cols.clone() }
//! }
//!
//! let first = Search::new(Queens { n: 8, cols: vec![] }).next();
//! assert_eq!(first, Some(vec![0, 4, 7, 5, 2, 6, 1, 3]));
//! let outcome = Search::new(Queens { n: 8, cols: vec![] }).count_solutions();
//! assert_eq!(outcome.found, 92);
//! assert_eq!(outcome.stats.nodes, 2057); // the solution tree, root included
//! ```

pub mod bits;
pub mod durable;
pub mod estimate;
pub mod limits;
pub mod observer;
pub mod parallel;
pub mod problem;
pub mod progress;
pub mod search;
pub mod split;
pub mod stats;
pub mod trace;
pub mod tree;

pub use limits::{Cancel, Limits, ParallelLimits, StopReason};
pub use observer::{Control, Observer};
pub use parallel::SplitDepth;
pub use problem::{ByValue, Optimize, Problem};
pub use search::{Outcome, Position, PositionError, Search};
pub use stats::Stats;
