//! Parallel counting: split the tree at a depth, count the subtrees on all cores.
//!
//! The frontier (every node at `split_depth`) is found by an ordinary [`Search`] whose
//! observer prunes there and records each node's path of operators. Each subtree is then
//! counted by its own [`Search`] on a clone of the problem with the path applied, on
//! rayon's thread pool. Solutions shallower than the split are counted by the first pass.
//!
//! Statistics add up to those of a single-threaded search of the same tree (the frontier
//! nodes are counted once), except `elapsed`, which is the wall-clock time of the whole.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use rayon::prelude::*;

use crate::{Control, Limits, Observer, Outcome, Problem, Search, StopReason};

/// How far a parallel count has got, passed to the progress callback after each subtree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Subtrees counted so far.
    pub done: u64,
    /// Subtrees in all.
    pub total: u64,
    /// Solutions found so far (in the subtrees done and above the split).
    pub solutions: u64,
}

/// Counts the solutions of `problem` on all cores, splitting its tree at `split_depth`.
///
/// A split depth of 2 or 3 gives a few dozen to a few thousand subtrees on most problems,
/// enough to keep every core busy. The time limit and the cancellation flag of `limits`
/// apply to the whole count; node and solution budgets are not supported here (they have
/// no meaning independent of the order subtrees finish in) and make this function panic.
///
/// `progress` is called (from worker threads) each time a subtree is finished.
///
/// # Panics
///
/// If `limits` has a node or solution budget.
///
/// ```
/// use backtrack::{parallel, Limits, Search};
/// use backtrack_problems::queens::Queens;
///
/// let outcome = parallel::count(&Queens::new(8), 2, &Limits::none(), |_| {});
/// let serial = Search::new(Queens::new(8)).count_solutions();
/// assert_eq!(outcome.found, 92);
/// assert_eq!(outcome.stats.nodes, serial.stats.nodes);
/// ```
pub fn count<P, F>(problem: &P, split_depth: usize, limits: &Limits, progress: F) -> Outcome<u64>
where
    P: Problem + Clone + Send + Sync,
    P::Op: Send + Sync,
    F: Fn(Progress) + Sync,
{
    count_observed(
        problem,
        split_depth,
        limits,
        || (),
        |(), ()| {},
        |p, ()| progress(p),
    )
    .0
}

/// [`count`], with every part of the tree watched by an observer of its own: `observer`
/// makes one for the part above the split and one for each subtree, and `merge` folds
/// each into the first as its part finishes. Returns the count and the merged observer.
///
/// Each observer sees the events of its own part, with depths relative to that part's
/// root: the first sees the tree above the split (its frontier nodes entered and left
/// without being expanded), each other one a subtree whose root is a frontier node. An
/// observer that only looks at solutions (classifying them, say) sees each exactly once.
/// `progress` is given the merged observer so far.
///
/// ```
/// use backtrack::{parallel, Limits, Observer, Search};
/// use backtrack_problems::queens::Queens;
///
/// /// Counts the solutions whose first queen is in the left half.
/// struct LeftHalf(u64);
/// impl Observer<Queens> for LeftHalf {
///     fn solution(&mut self, queens: &Queens, _: usize) {
///         if 2 * queens.placed()[0] < queens.n() { self.0 += 1 }
///     }
/// }
///
/// let (outcome, left) = parallel::count_observed(
///     &Queens::new(8), 2, &Limits::none(),
///     || LeftHalf(0), |a, b| a.0 += b.0, |_, _| {},
/// );
/// assert_eq!((outcome.found, left.0), (92, 46));
/// ```
///
/// # Panics
///
/// If `limits` has a node or solution budget (as [`count`]).
pub fn count_observed<P, O, F, M, G>(
    problem: &P,
    split_depth: usize,
    limits: &Limits,
    observer: F,
    merge: M,
    progress: G,
) -> (Outcome<u64>, O)
where
    P: Problem + Clone + Send + Sync,
    P::Op: Send + Sync,
    O: Observer<P> + Send,
    F: Fn() -> O + Sync,
    M: Fn(&mut O, O) + Sync,
    G: Fn(Progress, &O) + Sync,
{
    assert!(
        limits.nodes.is_none() && limits.solutions.is_none(),
        "parallel counts support time and cancellation limits only"
    );
    let start = Instant::now();
    let mut frontier = Frontier {
        depth: split_depth,
        path: Vec::new(),
        paths: Vec::new(),
    };
    let mut above = observer();
    let top = Search::new(problem.clone())
        .observer((&mut frontier, &mut above))
        .limits(limits.clone())
        .count_solutions();
    if top.stopped.is_some() {
        return (top, above);
    }
    let total = frontier.paths.len() as u64;
    let done = AtomicU64::new(0);
    let solutions = AtomicU64::new(top.found);
    let stopped = Mutex::new(None::<StopReason>);
    let merged = Mutex::new((top.stats, above));

    frontier.paths.par_iter().for_each(|path| {
        if stopped.lock().expect("no panics while locked").is_some() {
            return;
        }
        let mut sub = problem.clone();
        for &op in path {
            sub.apply(op);
        }
        let mut sub_limits = Limits::none();
        if let Some(max) = limits.time {
            let Some(left) = max.checked_sub(start.elapsed()) else {
                *stopped.lock().expect("no panics while locked") = Some(StopReason::TimeLimit);
                return;
            };
            sub_limits = sub_limits.time(left);
        }
        if let Some(cancel) = &limits.cancel {
            sub_limits = sub_limits.cancel(cancel.clone());
        }
        let mut watcher = observer();
        let outcome = Search::new(sub)
            .observer(&mut watcher)
            .limits(sub_limits)
            .count_solutions();
        let mut stats = outcome.stats;
        // The subtree's root is a frontier node, already counted by the first pass; depths
        // are relative to it. (A subtree stopped before its root, by a cancellation or the
        // clock, entered no node at all.)
        stats.nodes = stats.nodes.saturating_sub(1);
        stats.max_depth += split_depth;
        let found = solutions.fetch_add(outcome.found, Ordering::Relaxed) + outcome.found;
        if let Some(reason) = outcome.stopped {
            *stopped.lock().expect("no panics while locked") = Some(reason);
        }
        let done = done.fetch_add(1, Ordering::Relaxed) + 1;
        let mut guard = merged.lock().expect("no panics while locked");
        let (merged_stats, merged_observer) = &mut *guard;
        merged_stats.merge(&stats);
        merge(merged_observer, watcher);
        progress(
            Progress {
                done,
                total,
                solutions: found,
            },
            merged_observer,
        );
    });

    let (mut stats, watched) = merged.into_inner().expect("no panics while locked");
    stats.elapsed = start.elapsed();
    let outcome = Outcome {
        found: solutions.into_inner(),
        stats,
        stopped: stopped.into_inner().expect("no panics while locked"),
    };
    (outcome, watched)
}

/// Prunes at the split depth and records the path to every node there.
struct Frontier<Op> {
    depth: usize,
    path: Vec<Op>,
    paths: Vec<Vec<Op>>,
}

impl<P: Problem> Observer<P> for Frontier<P::Op> {
    fn enter(&mut self, _: &P, depth: usize, op: Option<P::Op>) -> Control {
        if let Some(op) = op {
            self.path.push(op);
        }
        if depth == self.depth {
            self.paths.push(self.path.clone());
            Control::Prune
        } else {
            Control::Continue
        }
    }

    fn backtrack(&mut self, _: &P, _: usize, op: Option<P::Op>) {
        if op.is_some() {
            self.path.pop();
        }
    }
}
