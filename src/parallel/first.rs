//! The first solution in search order, on all cores.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use super::ordered::{self, Piece};
use super::SplitDepth;
use crate::split::Split;
use crate::{Outcome, ParallelLimits, Problem, Search, Stats, StopReason};

/// The first solution of `problem` in search order, the subtrees below `split_depth`
/// searched on all cores: the same solution as [`Search::first`].
///
/// The tree is split at `split_depth` into its pieces in search order: the solutions
/// shallower than the split and the subtrees rooted there. The subtrees before the first
/// of those solutions are searched on rayon's threads, taken in search order; when one
/// finds a solution, the subtrees after it are cancelled (those running stop within a
/// millisecond or so, the others are not started), and the answer is known once every
/// subtree before it is exhausted.
///
/// # Arguments
///
/// - `problem`: the root; each subtree is searched on a clone of it.
/// - `split_depth`: where to split (see [`count`](super::count)); 0 searches the whole
///   tree on one thread.
/// - `limits`: a time limit and a cancellation flag for the whole search, and a meter.
///
/// # Returns
///
/// The solution, or `None` if there is none or a limit stopped the search before the
/// answer was certain (then `stopped` says why). Its statistics add up those of the split
/// and of every subtree searched, as far as each went: more nodes than the serial search
/// visits (the subtrees after the answer that ran until they were cancelled), never fewer
/// than the part of its tree up to the answer.
///
/// # Examples
///
/// ```
/// use backtrack::{parallel, ParallelLimits, Problem, Search, SplitDepth};
///
/// /// N-Queens, one queen a row: the columns of the queens placed so far.
/// #[derive(Clone)]
/// struct Queens { n: usize, cols: Vec<usize> }
///
/// impl Problem for Queens {
///     type Op = usize;
///     type Ops = std::ops::Range<usize>;
///     type Solution = Vec<usize>;
///     fn operators(&self) -> Self::Ops { 0..self.n }
///     fn admissible(&self, col: usize) -> bool {
///         let row = self.cols.len();
///         self.cols.iter().enumerate().all(|(r, &c)| c != col && row - r != c.abs_diff(col))
///     }
///     fn apply(&mut self, col: usize) { self.cols.push(col) }
///     fn undo(&mut self, _: usize) { self.cols.pop(); }
///     fn is_complete(&self) -> bool { self.cols.len() == self.n }
///     fn solution(&self) -> Vec<usize> { self.cols.clone() }
/// }
///
/// for n in [1, 3, 8, 12] {
///     let root = Queens { n, cols: vec![] };
///     let serial = Search::new(root.clone()).first().found;
///     for depth in [0, 1, 2, 4] {
///         let outcome = parallel::first(&root, SplitDepth(depth), &ParallelLimits::none());
///         assert_eq!(outcome.found, serial);
///         assert_eq!(outcome.stopped, None);
///     }
/// }
/// let root = Queens { n: 8, cols: vec![] };
/// let first = parallel::first(&root, SplitDepth(2), &ParallelLimits::none()).found;
/// assert_eq!(first, Some(vec![0, 4, 7, 5, 2, 6, 1, 3]));
/// ```
pub fn first<P>(
    problem: &P,
    split_depth: SplitDepth,
    limits: &ParallelLimits,
) -> Outcome<Option<P::Solution>>
where
    P: Problem + Clone + Send + Sync,
    P::Op: Send + Sync,
    P::Solution: Send,
{
    let start = Instant::now();
    let (split, pieces) =
        ordered::split(problem, split_depth.0, limits.clone().into(), P::solution);
    let (above, subtrees) = before_first(&pieces, split.above.stopped.is_some());
    if let Some(meter) = &limits.meter {
        meter.add_parts(subtrees.len() as u64);
    }
    let searched = search_subtrees(problem, &split, &subtrees, above, limits, start);
    let earliest = searched.earliest;
    let mut stats = searched.stats;
    stats.elapsed = start.elapsed();
    // The answer is certain if nothing before it was cut short.
    let stopped = searched
        .stops
        .into_iter()
        .filter(|&(at, _)| at < earliest)
        .map(|(_, reason)| reason)
        .next()
        .or(split.above.stopped.filter(|_| earliest == usize::MAX));
    let found = if stopped.is_some() || earliest == usize::MAX {
        None
    } else {
        take_earliest(pieces, above, &subtrees, searched.found, earliest)
    };
    Outcome {
        found,
        stats,
        stopped,
    }
}

/// What the subtrees' searches found: the place among the pieces of the earliest
/// solution known (`usize::MAX`: none), the solution each subtree found (in the order of
/// the subtrees), the statistics of the split and of every subtree searched, and why a
/// subtree was cut short, with its place among the pieces.
struct Searched<S> {
    earliest: usize,
    found: Vec<Option<S>>,
    stats: Stats,
    stops: Vec<(usize, StopReason)>,
}

/// Searches the `subtrees` of `split` (each its place among the pieces and its
/// subproblem) on rayon's threads, taken in search order, for a first solution, under
/// what is left of `limits` since `start`: a subtree that finds one cancels those after
/// it, as does the solution `above` the split (its place among the pieces) if any.
fn search_subtrees<P>(
    problem: &P,
    split: &Split<P::Op>,
    subtrees: &[(usize, usize)],
    above: Option<usize>,
    limits: &ParallelLimits,
    start: Instant,
) -> Searched<P::Solution>
where
    P: Problem + Clone + Send + Sync,
    P::Op: Send + Sync,
    P::Solution: Send,
{
    let whole = ordered::whole_flag(limits);
    let flags: Vec<_> = subtrees.iter().map(|_| whole.child()).collect();
    // The place among the pieces of the earliest solution known.
    let earliest = AtomicUsize::new(above.unwrap_or(usize::MAX));
    let found: Mutex<Vec<Option<P::Solution>>> =
        Mutex::new(subtrees.iter().map(|_| None).collect());
    let stops: Mutex<Vec<(usize, StopReason)>> = Mutex::new(Vec::new());
    let stats = Mutex::new(split.above.stats);
    let stop = |at, reason| {
        stops
            .lock()
            .expect("no panics while locked")
            .push((at, reason));
        ControlFlow::Break(())
    };
    ordered::in_order(subtrees.len(), |i| {
        let (at, k) = subtrees[i];
        // Taken in order: once one is past the earliest solution, all the rest are.
        if at > earliest.load(Ordering::Acquire) {
            return ControlFlow::Break(());
        }
        let part = match ordered::part_limits(limits, flags[i].clone(), start) {
            Ok(part) => part,
            Err(reason) => return stop(at, reason),
        };
        let root = ordered::subtree_root(problem, &split.ops[k]);
        let outcome = Search::new(root).limits(part).first();
        stats
            .lock()
            .expect("no panics while locked")
            .merge(&ordered::below(outcome.stats, split.depth));
        if let Some(solution) = outcome.found {
            found.lock().expect("no panics while locked")[i] = Some(solution);
            earliest.fetch_min(at, Ordering::AcqRel);
            for flag in &flags[i + 1..] {
                flag.cancel();
            }
        } else if let Some(reason) = outcome.stopped {
            // Cancelled because an earlier subtree found a solution: it does not matter.
            if !flags[i].is_cancelled() || whole.is_cancelled() {
                return stop(at, reason);
            }
        }
        if let Some(meter) = &limits.meter {
            meter.part_done();
        }
        ControlFlow::Continue(())
    });
    Searched {
        earliest: earliest.into_inner(),
        found: found.into_inner().expect("no panics while locked"),
        stats: stats.into_inner().expect("no panics while locked"),
        stops: stops.into_inner().expect("no panics while locked"),
    }
}

/// The solution at `earliest` among the pieces: the one `above` the split if it is
/// there, else the one its subtree found (`found`, in the order of `subtrees`).
fn take_earliest<S>(
    mut pieces: Vec<Piece<S>>,
    above: Option<usize>,
    subtrees: &[(usize, usize)],
    mut found: Vec<Option<S>>,
    earliest: usize,
) -> Option<S> {
    if above == Some(earliest) {
        match pieces.swap_remove(earliest) {
            Piece::Solution(solution) => Some(solution),
            Piece::Subtree(_) => unreachable!("a solution above the split"),
        }
    } else {
        let i = subtrees
            .iter()
            .position(|&(at, _)| at == earliest)
            .expect("the earliest is a subtree's");
        found.swap_remove(i)
    }
}

/// The place of the first solution among `pieces` (above the split), if any, and the
/// subtrees before it, each as its place among the pieces and its subproblem: the only
/// ones that can hold an earlier solution. A split `stopped` early has met only a prefix
/// of the pieces: its first solution is still the first, but without one nothing is
/// certain, and no subtree is worth searching.
fn before_first<S>(pieces: &[Piece<S>], stopped: bool) -> (Option<usize>, Vec<(usize, usize)>) {
    let above = pieces
        .iter()
        .position(|piece| matches!(piece, Piece::Solution(_)));
    if stopped && above.is_none() {
        return (None, Vec::new());
    }
    let subtrees = pieces[..above.unwrap_or(pieces.len())]
        .iter()
        .enumerate()
        .filter_map(|(at, piece)| match piece {
            Piece::Subtree(k) => Some((at, *k)),
            Piece::Solution(_) => None,
        })
        .collect();
    (above, subtrees)
}
