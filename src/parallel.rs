//! Parallel search: split the tree at a depth, search the subtrees on all cores.
//!
//! The frontier (every node at `split_depth`) is found by [`split::split_observed`], an
//! ordinary [`Search`] whose observer prunes there and records each node's path of
//! operators. Each subtree is then searched by its own [`Search`] on a clone of the
//! problem with the path applied. Every mode of the serial search has its parallel
//! counterpart, with the same answer:
//!
//! - [`count`] counts the subtrees on rayon's thread pool; solutions shallower than the
//!   split are counted by the first pass. Statistics add up to those of a single-threaded
//!   search of the same tree (the frontier nodes are counted once), except `elapsed`,
//!   which is the wall-clock time of the whole. [`count_share_observed`] counts one part
//!   of such a count, for a count shared among processes or machines, and
//!   [`count_in_order`] all the parts one after the other on this thread.
//! - [`first`] finds the first solution in search order: the subtrees after one that has
//!   found a solution are cancelled, and the answer is decided once the subtrees before it
//!   are exhausted. It may visit more nodes than the serial search (the subtrees after
//!   the answer, until they are cancelled).
//! - [`best`] finds the best solution by branch and bound, with an incumbent shared by the
//!   subtrees, and keeps the serial rule among solutions of equal value (the first in
//!   search order). Its nodes and prunings depend on timing.
//! - [`solutions`] lists every solution in search order, the subtrees searched ahead on
//!   worker threads in bounded memory; an exhausted listing's statistics are the serial
//!   search's. It moves the problem to threads of its own, so the problem must be
//!   `'static`; [`solutions_scoped`] lists a problem that borrows what it searches (a
//!   graph, a table), as [`count`] and [`first`] do, on threads scoped to the call.
//!
//! The three modes whose answer depends on order see the solutions shallower than the
//! split in their place between the subtrees, as the serial search meets them.
//!
//! # The split depth and the threads
//!
//! Each function takes a [`SplitDepth`]: the depth of the nodes whose subtrees are searched
//! apart, not a number of threads. `SplitDepth(2)` or `SplitDepth(3)` suits most trees
//! (see [`count`]).
//!
//! [`count`], [`count_observed`], [`count_share_observed`], [`first`] and [`best`] run on
//! rayon's current thread pool: the global one, as many threads as cores (or the
//! `RAYON_NUM_THREADS` environment variable says), unless they are called inside another
//! pool. To search on `k` threads, build a pool of `k` and call them in it, with the
//! `rayon` crate in your `Cargo.toml` (`rayon = "1"`, the engine's):
//!
//! ```
//! use backtrack::{parallel, ParallelLimits, Problem, SplitDepth};
//!
//! /// Binary strings of length 10.
//! #[derive(Clone)]
//! struct Strings { len: usize }
//!
//! impl Problem for Strings {
//!     type Op = bool;
//!     type Ops = std::array::IntoIter<bool, 2>;
//!     type Solution = ();
//!     fn operators(&self) -> Self::Ops { [false, true].into_iter() }
//!     fn apply(&mut self, _: bool) { self.len += 1 }
//!     fn undo(&mut self, _: bool) { self.len -= 1 }
//!     fn is_complete(&self) -> bool { self.len == 10 }
//!     fn solution(&self) {}
//! }
//!
//! let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build()?;
//! let outcome = pool.install(|| {
//!     parallel::count(&Strings { len: 0 }, SplitDepth(3), &ParallelLimits::none())
//! });
//! assert_eq!(outcome.found, 1024);
//! # Ok::<(), rayon::ThreadPoolBuildError>(())
//! ```
//!
//! [`solutions`] and [`solutions_scoped`] start threads of their own instead: their
//! `threads` argument says how many.

mod best;
mod chute;
mod first;
mod ordered;
mod solutions;

pub use best::best;
pub use first::first;
pub use solutions::{solutions, solutions_scoped, Solutions, BUFFER, WINDOW_PER_THREAD};

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use crate::split::{self, Layout, Share, Split};
use crate::{Limits, Observer, Outcome, ParallelLimits, Problem, Search, Stats, StopReason};

/// Where a parallel search splits its tree: the depth of the nodes (the root at 0) whose
/// subtrees are searched apart, each by one thread at a time. It is not the number of
/// threads (see [the module docs](self#the-split-depth-and-the-threads) for that): at
/// depth d, a tree whose nodes have b children is split into about b^d subtrees.
///
/// `SplitDepth(0)` searches the whole tree as one task, on one thread. A deeper split
/// gives more, smaller subtrees, which balance the threads better and cost more to make;
/// 2 or 3 keeps every core busy on most problems. A split too wide for its tree is made
/// shallower ([`split::capped_depth`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SplitDepth(pub usize);

/// Counts the solutions of `problem` on all cores, splitting its tree at `split_depth`.
///
/// A [`SplitDepth`] of 2 or 3 gives a few dozen to a few thousand subtrees on most problems,
/// enough to keep every core busy; a tree whose levels down to `split_depth` grow wider
/// than [`split::MOST_SUBPROBLEMS`] nodes is split shallower (see [`split::capped_depth`]),
/// as are the trees of the other parallel modes. The time limit and the cancellation flag of `limits`
/// apply to the whole count; its meter, if any, sees the nodes and solutions of every
/// part and how many of the parts are done. The count runs on rayon's current pool ([how
/// many threads](self#the-split-depth-and-the-threads)).
///
/// ```
/// use backtrack::{parallel, ParallelLimits, Problem, Search, SplitDepth};
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
/// let outcome = parallel::count(&root, SplitDepth(3), &ParallelLimits::none());
/// let serial = Search::new(root).count_solutions();
/// assert_eq!(outcome.found, 377); // a Fibonacci number
/// assert_eq!(outcome.stats.nodes, serial.stats.nodes);
/// ```
pub fn count<P>(problem: &P, split_depth: SplitDepth, limits: &ParallelLimits) -> Outcome<u64>
where
    P: Problem + Clone + Send + Sync,
    P::Op: Send + Sync,
{
    count_observed(problem, split_depth, limits, (), |_| (), |(), ()| {}).0
}

/// [`count`], with every part of the tree watched by an observer of its own: `above`
/// watches the tree above the split, `part` makes one for each subtree, given the
/// operators from the root to the subtree's root, and `merge` folds each into `above` as
/// its part finishes. Returns the count and the merged observer.
///
/// Each observer sees the events of its own part, with depths relative to that part's
/// root: `above` sees the tree above the split (its frontier nodes entered and left
/// without being expanded), each other one a subtree whose root is a frontier node. An
/// observer that only looks at solutions (classifying them, say) sees each exactly once;
/// one that needs the whole path to a solution has the operators above its part from
/// `part` and those below from [`Observer::enter`]. The parts' observers may be of
/// another type than `above`'s: one that acts only near the root (pruning there, say)
/// need not be in the parts' searches at all, where its hooks would cost at every node.
/// `merge` is called under a lock, one part at a time, so it is also the place to report
/// progress (a [`Meter`](crate::progress::Meter)'s `set_found`, say) from the merged
/// observer.
///
/// ```
/// use backtrack::{parallel, Observer, ParallelLimits, Problem, SplitDepth};
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
///     &Strings { bits: vec![] }, SplitDepth(2), &ParallelLimits::none(),
///     LeadingOne(0), |_| LeadingOne(0), |a, b| a.0 += b.0,
/// );
/// assert_eq!((outcome.found, ones.0), (1024, 512));
/// ```
pub fn count_observed<P, O, Q, F, M>(
    problem: &P,
    split_depth: SplitDepth,
    limits: &ParallelLimits,
    mut above: O,
    part: F,
    merge: M,
) -> (Outcome<u64>, O)
where
    P: Problem + Clone + Send + Sync,
    P::Op: Send + Sync,
    O: Observer<P> + Send,
    Q: Observer<P> + Send,
    F: Fn(&[P::Op]) -> Q + Sync,
    M: Fn(&mut O, Q) + Sync,
{
    let split_depth = split_depth.0;
    let start = Instant::now();
    let split_depth = split::capped_depth(problem, split_depth, &limits.clone().into());
    let split = split::split_observed(problem, split_depth, limits.clone().into(), &mut above);
    if split.above.stopped.is_some() {
        return (split.above, above);
    }
    let all: Vec<usize> = (0..split.len()).collect();
    let first = (split.above.found, split.above.stats, above);
    count_chosen(problem, &split, &all, first, start, limits, &part, &merge)
}

/// [`count_observed`] on this thread: the parts counted one after the other, in search
/// order, with any [`Limits`] (node and solution budgets too, for the whole count).
///
/// The statistics are a serial search's of the same tree, as [`count_observed`]'s are.
/// What it saves over one [`Search`] watched by `above` alone is that observer's hooks
/// below the split, where `part`'s observers (with none but a solution's, say) take
/// over: an observer that only prunes near the root costs nothing at the other nodes.
/// A stop (any limit) ends the count there, partial.
///
/// ```
/// use backtrack::{parallel, Limits, Observer, Problem, SplitDepth};
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
/// /// Counts the solutions, those that start with a one weighing `weight`.
/// struct Weighted { weight: u64, total: u64 }
/// impl Observer<Strings> for Weighted {
///     fn solution(&mut self, _: &Strings, _: usize) { self.total += self.weight }
/// }
///
/// let (outcome, weighted) = parallel::count_in_order(
///     &Strings { bits: vec![] }, SplitDepth(1), &Limits::none(),
///     Weighted { weight: 0, total: 0 },
///     |path| Weighted { weight: if path[0] == 1 { 3 } else { 1 }, total: 0 },
///     |whole, part| whole.total += part.total,
/// );
/// assert_eq!((outcome.found, weighted.total), (1024, 512 * 3 + 512));
/// assert_eq!(outcome.stats.nodes, 2047);
/// ```
pub fn count_in_order<P, O, Q, F, M>(
    problem: &P,
    split_depth: SplitDepth,
    limits: &Limits,
    mut above: O,
    mut part: F,
    mut merge: M,
) -> (Outcome<u64>, O)
where
    P: Problem + Clone,
    O: Observer<P>,
    Q: Observer<P>,
    F: FnMut(&[P::Op]) -> Q,
    M: FnMut(&mut O, Q),
{
    let start = Instant::now();
    let split = split::split_observed(problem, split_depth.0, limits.clone(), &mut above);
    let Outcome {
        mut found,
        mut stats,
        mut stopped,
    } = split.above;
    for path in &split.ops {
        if stopped.is_some() {
            break;
        }
        let mut left = limits.clone();
        // A part's root, a frontier node, is counted again by its search.
        left.nodes = limits.nodes.map(|most| most - stats.nodes + 1);
        left.solutions = limits.solutions.map(|most| most - found);
        let Ok((outcome, watcher)) = count_part(problem, &split, path, left, start, &mut part)
        else {
            stopped = Some(StopReason::TimeLimit);
            break;
        };
        found += outcome.found;
        stats.merge(&outcome.stats);
        stopped = outcome.stopped;
        merge(&mut above, watcher);
    }
    stats.elapsed = start.elapsed();
    let outcome = Outcome {
        found,
        stats,
        stopped,
    };
    (outcome, above)
}

/// Counts the part of `split` at the end of `path`, with the observer `part` makes for
/// it, within `limits` and what is left of their time since `start` (`Err` if none is):
/// its count and statistics as part of the whole (its root counted by the split).
fn count_part<P, Q, F>(
    problem: &P,
    split: &Split<P::Op>,
    path: &[P::Op],
    mut limits: Limits,
    start: Instant,
    part: F,
) -> Result<(Outcome<u64>, Q), StopReason>
where
    P: Problem + Clone,
    Q: Observer<P>,
    F: FnOnce(&[P::Op]) -> Q,
{
    if let Some(max) = limits.time {
        limits.time = Some(
            max.checked_sub(start.elapsed())
                .ok_or(StopReason::TimeLimit)?,
        );
    }
    let mut watcher = part(path);
    let mut outcome = Search::new(ordered::subtree_root(problem, path))
        .observer(&mut watcher)
        .limits(limits)
        .count_solutions();
    outcome.stats = ordered::below(outcome.stats, split.depth);
    Ok((outcome, watcher))
}

/// How many subproblems [`count_share_observed`] splits a tree into, at least, for each
/// part: enough for the estimates to balance the parts.
pub const SUBPROBLEMS_PER_PART: usize = 64;

/// [`count_observed`] of one [`Share`] of the tree: part `share.part()` of
/// `share.parts()`, each part counted anywhere (another process, another machine), the
/// parts adding up to the whole.
///
/// The tree is split at `split_depth`, or deeper until there are at least
/// [`SUBPROBLEMS_PER_PART`] subproblems a part (as [`split::split_at_least`] splits, but
/// to a level of any width); each
/// subproblem is weighed by Knuth's estimate of its subtree ([`split::estimate_sizes`],
/// [`split::PROBES`] probes from [`split::SEED`]), and they are dealt to the parts by
/// weight ([`split::assign`]). All of this is deterministic, so every part, in any process,
/// makes the same split and the same deal, and the parts cover the tree exactly once. Part
/// 1 also counts the part above the split (its solutions and nodes), so that the counts
/// and the statistics of the parts add up to those of [`count_observed`] (`elapsed`
/// aside). The observer made for the part above the split is the one that ends merged in
/// part 1; in the other parts, the merge starts from `observer(&[])`.
///
/// Returns the count of this part, its merged observer, and the [`Layout`] of the split
/// (the same in every part).
pub fn count_share_observed<P, O, F, M>(
    problem: &P,
    split_depth: SplitDepth,
    share: Share,
    limits: &ParallelLimits,
    observer: F,
    merge: M,
) -> (Outcome<u64>, O, Layout)
where
    P: Problem + Clone + Send + Sync,
    P::Op: Send + Sync,
    O: Observer<P> + Send,
    F: Fn(&[P::Op]) -> O + Sync,
    M: Fn(&mut O, O) + Sync,
{
    let split_depth = split_depth.0;
    let start = Instant::now();
    let at_least = SUBPROBLEMS_PER_PART.saturating_mul(share.parts());
    // As deep as the parts need, however wide (`--parts` promises each part so many).
    let (split, above) = split::deepen(
        problem,
        split_depth,
        at_least,
        &limits.clone().into(),
        || observer(&[]),
        false,
    );
    let mut layout = Layout {
        depth: split.depth,
        subproblems: split.len(),
        counted: 0,
    };
    if split.above.stopped.is_some() {
        return (split.above, above, layout);
    }
    let chosen: Vec<usize> = if share.parts() == 1 {
        (0..split.len()).collect()
    } else {
        let weights = split::estimate_sizes(problem, &split, split::PROBES, split::SEED);
        let parts = split::assign(&weights, share.parts());
        (0..split.len())
            .filter(|&k| parts[k] + 1 == share.part())
            .collect()
    };
    layout.counted = chosen.len();
    let first = if share.part() == 1 {
        (split.above.found, split.above.stats, above)
    } else {
        let stats = Stats {
            max_depth: split.depth,
            ..Stats::default()
        };
        (0, stats, observer(&[]))
    };
    let (outcome, watched) = count_chosen(
        problem, &split, &chosen, first, start, limits, &observer, &merge,
    );
    (outcome, watched, layout)
}

/// Counts the subproblems `chosen` of `split` on rayon's pool, each with an observer of
/// its own, merged into `first`'s as they finish: `first` is the count, statistics and
/// observer to add them to.
#[allow(clippy::too_many_arguments)]
fn count_chosen<P, O, Q, F, M>(
    problem: &P,
    split: &Split<P::Op>,
    chosen: &[usize],
    first: (u64, Stats, O),
    start: Instant,
    limits: &ParallelLimits,
    observer: &F,
    merge: &M,
) -> (Outcome<u64>, O)
where
    P: Problem + Clone + Send + Sync,
    P::Op: Send + Sync,
    O: Observer<P> + Send,
    Q: Observer<P> + Send,
    F: Fn(&[P::Op]) -> Q + Sync,
    M: Fn(&mut O, Q) + Sync,
{
    let (found, stats, above) = first;
    if let Some(meter) = &limits.meter {
        meter.add_parts(chosen.len() as u64);
    }
    let solutions = AtomicU64::new(found);
    let stopped = Mutex::new(None::<StopReason>);
    let merged = Mutex::new((stats, above));

    // The parts are dealt in their order, one at a time, to whichever thread is free: the
    // first parts, the biggest in most trees, go first, and the last ones fill the gaps.
    // (Left to split the list as it likes, rayon gives each of two threads half of the
    // parts, and one thread may sit idle for a long time; as one job a part, a second
    // thread begins at the middle of the list, and the cores are less busy.)
    ordered::in_order(chosen.len(), |i| {
        if stopped.lock().expect("no panics while locked").is_some() {
            return ControlFlow::Continue(());
        }
        let path = &split.ops[chosen[i]];
        let part = count_part(problem, split, path, limits.clone().into(), start, observer);
        let Ok((outcome, watcher)) = part else {
            *stopped.lock().expect("no panics while locked") = Some(StopReason::TimeLimit);
            return ControlFlow::Continue(());
        };
        solutions.fetch_add(outcome.found, Ordering::Relaxed);
        if let Some(reason) = outcome.stopped {
            *stopped.lock().expect("no panics while locked") = Some(reason);
        } else if let Some(meter) = &limits.meter {
            meter.part_done();
        }
        let mut guard = merged.lock().expect("no panics while locked");
        let (merged_stats, merged_observer) = &mut *guard;
        merged_stats.merge(&outcome.stats);
        merge(merged_observer, watcher);
        ControlFlow::Continue(())
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
