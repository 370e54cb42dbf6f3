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

use crate::{Control, Limits, Observer, Outcome, ParallelLimits, Problem, Search, StopReason};

/// Counts the solutions of `problem` on all cores, splitting its tree at `split_depth`.
///
/// A split depth of 2 or 3 gives a few dozen to a few thousand subtrees on most problems,
/// enough to keep every core busy. The time limit and the cancellation flag of `limits`
/// apply to the whole count; its meter, if any, sees the nodes and solutions of every
/// part and how many of the parts are done.
///
/// ```
/// use backtrack::{parallel, ParallelLimits, Problem, Search};
///
/// /// Binary strings of length 12 with no two adjacent ones.
/// #[derive(Clone)]
/// struct NoAdjacentOnes { bits: Vec<u8> }
///
/// impl Problem for NoAdjacentOnes {
///     type Op = u8;
///     type Ops = std::ops::RangeInclusive<u8>;
///     type Solution = ();
///     fn operators(&self) -> Self::Ops { 0..=1 }
///     fn admissible(&self, op: u8) -> bool { !(op == 1 && self.bits.last() == Some(&1)) }
///     fn apply(&mut self, op: u8) { self.bits.push(op) }
///     fn undo(&mut self, _: u8) { self.bits.pop(); }
///     fn is_complete(&self) -> bool { self.bits.len() == 12 }
///     fn solution(&self) {}
/// }
///
/// let root = NoAdjacentOnes { bits: vec![] };
/// let outcome = parallel::count(&root, 3, &ParallelLimits::none());
/// let serial = Search::new(root).count_solutions();
/// assert_eq!(outcome.found, 377); // a Fibonacci number
/// assert_eq!(outcome.stats.nodes, serial.stats.nodes);
/// ```
pub fn count<P>(problem: &P, split_depth: usize, limits: &ParallelLimits) -> Outcome<u64>
where
    P: Problem + Clone + Send + Sync,
    P::Op: Send + Sync,
{
    count_observed(problem, split_depth, limits, |_| (), |(), ()| {}, |()| {}).0
}

/// [`count`], with every part of the tree watched by an observer of its own: `observer`
/// makes one for the part above the split and one for each subtree, given the operators
/// from the root to the part's root (none for the first), and `merge` folds each into the
/// first as its part finishes. Returns the count and the merged observer.
///
/// Each observer sees the events of its own part, with depths relative to that part's
/// root: the first sees the tree above the split (its frontier nodes entered and left
/// without being expanded), each other one a subtree whose root is a frontier node. An
/// observer that only looks at solutions (classifying them, say) sees each exactly once;
/// one that needs the whole path to a solution has the operators above its part from
/// `observer` and those below from [`Observer::enter`]. `progress` is given the merged
/// observer after each part.
///
/// ```
/// use backtrack::{parallel, Observer, ParallelLimits, Problem};
///
/// /// Binary strings of length 10.
/// #[derive(Clone)]
/// struct Strings { bits: Vec<u8> }
///
/// impl Problem for Strings {
///     type Op = u8;
///     type Ops = std::ops::RangeInclusive<u8>;
///     type Solution = ();
///     fn operators(&self) -> Self::Ops { 0..=1 }
///     fn apply(&mut self, op: u8) { self.bits.push(op) }
///     fn undo(&mut self, _: u8) { self.bits.pop(); }
///     fn is_complete(&self) -> bool { self.bits.len() == 10 }
///     fn solution(&self) {}
/// }
///
/// /// Counts the solutions that start with a one.
/// struct LeadingOne(u64);
/// impl Observer<Strings> for LeadingOne {
///     fn solution(&mut self, strings: &Strings, _: usize) {
///         if strings.bits[0] == 1 { self.0 += 1 }
///     }
/// }
///
/// let (outcome, ones) = parallel::count_observed(
///     &Strings { bits: vec![] }, 2, &ParallelLimits::none(),
///     |_| LeadingOne(0), |a, b| a.0 += b.0, |_| {},
/// );
/// assert_eq!((outcome.found, ones.0), (1024, 512));
/// ```
pub fn count_observed<P, O, F, M, G>(
    problem: &P,
    split_depth: usize,
    limits: &ParallelLimits,
    observer: F,
    merge: M,
    progress: G,
) -> (Outcome<u64>, O)
where
    P: Problem + Clone + Send + Sync,
    P::Op: Send + Sync,
    O: Observer<P> + Send,
    F: Fn(&[P::Op]) -> O + Sync,
    M: Fn(&mut O, O) + Sync,
    G: Fn(&O) + Sync,
{
    let start = Instant::now();
    let mut above = observer(&[]);
    let mut frontier = Frontier {
        depth: split_depth,
        path: Vec::new(),
        paths: Vec::new(),
        above: &mut above,
    };
    let top = Search::new(problem.clone())
        .observer(&mut frontier)
        .limits(limits.clone().into())
        .count_solutions();
    let paths = frontier.paths;
    if top.stopped.is_some() {
        return (top, above);
    }
    if let Some(meter) = &limits.meter {
        meter.add_parts(paths.len() as u64);
    }
    let solutions = AtomicU64::new(top.found);
    let stopped = Mutex::new(None::<StopReason>);
    let merged = Mutex::new((top.stats, above));

    // One job a part, each free to be stolen: left to split the list as it likes, rayon
    // gave each of two threads half of the parts, and one thread sat idle for a third of a
    // symmetric 16-queens count.
    paths.par_iter().with_max_len(1).for_each(|path| {
        if stopped.lock().expect("no panics while locked").is_some() {
            return;
        }
        let mut sub = problem.clone();
        for &op in path {
            sub.apply(op);
        }
        let mut sub_limits = Limits::from(limits.clone());
        if let Some(max) = limits.time {
            let Some(left) = max.checked_sub(start.elapsed()) else {
                *stopped.lock().expect("no panics while locked") = Some(StopReason::TimeLimit);
                return;
            };
            sub_limits = sub_limits.time(left);
        }
        let mut watcher = observer(path);
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
        solutions.fetch_add(outcome.found, Ordering::Relaxed);
        if let Some(reason) = outcome.stopped {
            *stopped.lock().expect("no panics while locked") = Some(reason);
        } else if let Some(meter) = &limits.meter {
            meter.part_done();
        }
        let mut guard = merged.lock().expect("no panics while locked");
        let (merged_stats, merged_observer) = &mut *guard;
        merged_stats.merge(&stats);
        merge(merged_observer, watcher);
        progress(merged_observer);
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

/// Watches the search of the part above the split with the caller's observer, and prunes
/// at the split depth, recording the path to every node there that the observer let be
/// (a node it prunes or stops at is no part's root).
struct Frontier<'o, Op, O> {
    depth: usize,
    path: Vec<Op>,
    paths: Vec<Vec<Op>>,
    above: &'o mut O,
}

impl<P: Problem, O: Observer<P>> Observer<P> for Frontier<'_, P::Op, O> {
    fn enter(&mut self, problem: &P, depth: usize, op: Option<P::Op>) -> Control {
        if let Some(op) = op {
            self.path.push(op);
        }
        match self.above.enter(problem, depth, op) {
            Control::Continue if depth == self.depth => {
                self.paths.push(self.path.clone());
                Control::Prune
            }
            answer => answer,
        }
    }

    fn admit(&mut self, problem: &P, depth: usize, op: P::Op) {
        self.above.admit(problem, depth, op);
    }

    fn reject(&mut self, problem: &P, depth: usize, op: P::Op) {
        self.above.reject(problem, depth, op);
    }

    fn prune(&mut self, problem: &P, depth: usize, op: P::Op) {
        self.above.prune(problem, depth, op);
    }

    fn solution(&mut self, problem: &P, depth: usize) {
        self.above.solution(problem, depth);
    }

    fn dead_end(&mut self, problem: &P, depth: usize) {
        self.above.dead_end(problem, depth);
    }

    fn backtrack(&mut self, problem: &P, depth: usize) {
        self.above.backtrack(problem, depth);
        if depth > 0 {
            self.path.pop();
        }
    }

    fn stop(&mut self, problem: &P, reason: StopReason) {
        self.above.stop(problem, reason);
    }
}
