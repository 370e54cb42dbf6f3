//! The three ways to a first solution of a big board, and why a direct one can fail.

use thiserror::Error;

use super::place::Placement;

/// How to find a first solution.
///
/// - [`Search`](Method::Search): the engine over [`HeuristicQueens`](super::HeuristicQueens):
///   complete (it proves "no solution" and honours pre-placed queens), every solution
///   reachable; about n nodes for n rows.
/// - [`Construct`](Method::Construct): [`construct`](super::construct), the explicit
///   construction, O(n), any n but no pre-placed queens.
/// - [`Local`](Method::Local): [`LocalSearch`](super::LocalSearch), min-conflicts repair
///   from a greedy start, O(n) in practice, keeps pre-placed queens fixed, cannot prove
///   that there is no solution.
/// - [`Auto`](Method::Auto): one of them by the board ([`Method::resolve`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// The search up to [`Method::SEARCH_UP_TO`] rows, then the construction (or the
    /// local search if queens are placed).
    Auto,
    /// The backtracking engine, most-constrained rows first.
    Search,
    /// The explicit construction.
    Construct,
    /// Min-conflicts local search.
    Local,
}

impl Method {
    /// The biggest board [`Method::Auto`] searches, whose first solution the search still
    /// finds quickly; past it, a direct method is faster.
    pub const SEARCH_UP_TO: usize = 100_000;

    /// The method [`Method::Auto`] stands for on the board of `placement` (its size, and
    /// whether queens are placed); any other method stands for itself.
    ///
    /// ```
    /// use backtrack_problems::queens::{Method, Placement};
    ///
    /// let big = 1_000_000;
    /// assert_eq!(Method::Auto.resolve(&Placement::empty(1000)), Method::Search);
    /// assert_eq!(Method::Auto.resolve(&Placement::empty(big)), Method::Construct);
    /// let placed = Placement::new(big, &[(1, 1)]).unwrap();
    /// assert_eq!(Method::Auto.resolve(&placed), Method::Local);
    /// assert_eq!(Method::Local.resolve(&Placement::empty(8)), Method::Local);
    /// ```
    #[must_use]
    pub fn resolve(self, placement: &Placement) -> Method {
        match self {
            Method::Auto if placement.n() <= Self::SEARCH_UP_TO => Method::Search,
            Method::Auto if !placement.is_empty() => Method::Local,
            Method::Auto => Method::Construct,
            other => other,
        }
    }
}

/// Why a direct method ([`construct`](super::construct),
/// [`LocalSearch`](super::LocalSearch)) gives no board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The board has no solution at all (n = 2 or 3).
    #[error("{n}-queens has no solution")]
    NoSolution {
        /// The board size.
        n: usize,
    },
    /// The construction places every queen itself and cannot keep queens given.
    #[error("the construction cannot keep pre-placed queens ({placed} given): use the search or the local search")]
    Placed {
        /// How many queens were given.
        placed: usize,
    },
    /// The local search used up its steps (with queens placed, there may be no solution).
    #[error("no solution within {steps} steps of local search")]
    StepLimit {
        /// The steps taken.
        steps: u64,
    },
    /// The local search was cancelled.
    #[error("cancelled after {steps} steps of local search")]
    Cancelled {
        /// The steps taken.
        steps: u64,
    },
    /// A board failed the final check: a bug, reported instead of a wrong board.
    #[error("internal error: the board of the {method} failed the check")]
    Unverified {
        /// Which method made it.
        method: &'static str,
    },
}
