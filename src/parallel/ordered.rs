//! The tree split at a depth with its pieces in search order: the solutions above the
//! split and the subtrees below it, interleaved as a serial search meets them.
//!
//! [`split::split_observed`] lists the subtrees in search order and only counts the
//! solutions above the split; the modes whose answer depends on order (the first, the best
//! among equals, the listing) need to know where each of those solutions falls between
//! the subtrees, and the solution itself. An observer of the split's search records both.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

use crate::split::{self, Split};
use crate::{Cancel, Limits, Observer, ParallelLimits, Problem, Stats, StopReason};

/// One piece of a split tree, in search order.
pub(crate) enum Piece<S> {
    /// A solution shallower than the split, as `keep` made it.
    Solution(S),
    /// The subtree of the split's `k`th subproblem.
    Subtree(usize),
}

/// Splits `problem`'s tree at `depth` (see [`split::split_observed`]) and lists its pieces
/// in search order, each solution above the split made by `keep`.
pub(crate) fn split<P, S>(
    problem: &P,
    depth: usize,
    limits: Limits,
    keep: impl FnMut(&P) -> S,
) -> (Split<P::Op>, Vec<Piece<S>>)
where
    P: Problem + Clone,
{
    let depth = split::capped_depth(problem, depth, &limits);
    let mut order = InOrder {
        depth,
        subtrees: 0,
        pieces: Vec::new(),
        keep,
    };
    let split = split::split_observed(problem, depth, limits, &mut order);
    debug_assert_eq!(order.subtrees, split.len(), "one piece per subproblem");
    (split, order.pieces)
}

/// Records the pieces of the split's search in the order it meets them. A node entered at
/// the split depth is a subproblem's root (the split prunes it after this observer lets
/// it be); a solution is always shallower (a node at the split depth is not expanded, nor
/// asked whether it is complete).
struct InOrder<F, S> {
    depth: usize,
    subtrees: usize,
    pieces: Vec<Piece<S>>,
    keep: F,
}

impl<P: Problem, S, F: FnMut(&P) -> S> Observer<P> for InOrder<F, S> {
    fn enter(&mut self, _: &P, depth: usize, _: Option<P::Op>) -> crate::Control {
        if depth == self.depth {
            self.pieces.push(Piece::Subtree(self.subtrees));
            self.subtrees += 1;
        }
        crate::Control::Continue
    }

    fn solution(&mut self, problem: &P, _: usize) {
        self.pieces.push(Piece::Solution((self.keep)(problem)));
    }
}

/// The root of the subtree at the end of `path`: a clone of `problem` with the path applied.
pub(crate) fn subtree_root<P: Problem + Clone>(problem: &P, path: &[P::Op]) -> P {
    let mut root = problem.clone();
    for &op in path {
        root.apply(op);
    }
    root
}

/// The statistics of a subtree's search as part of the whole: its root is a frontier node
/// already counted by the split, and its depths are relative to that root. (A search
/// stopped before its root entered no node at all.)
pub(crate) fn below(mut stats: Stats, split_depth: usize) -> Stats {
    stats.nodes = stats.nodes.saturating_sub(1);
    stats.max_depth += split_depth;
    stats
}

/// The limits of the search of one part of a parallel search begun at `start`: what is
/// left of the whole's time limit, `cancel` as the flag (a child of the whole's, which
/// stops the part alone), the whole's meter. `Err` if no time is left.
pub(crate) fn part_limits(
    limits: &ParallelLimits,
    cancel: Cancel,
    start: Instant,
) -> Result<Limits, StopReason> {
    let mut part = Limits::none().cancel(cancel);
    if let Some(meter) = &limits.meter {
        part = part.meter(meter.clone());
    }
    if let Some(max) = limits.time {
        let left = max
            .checked_sub(start.elapsed())
            .filter(|left| !left.is_zero())
            .ok_or(StopReason::TimeLimit)?;
        part = part.time(left);
    }
    Ok(part)
}

/// A flag for the whole of a parallel search: a child of the caller's, if any (so that
/// the search can stop its parts without setting the caller's flag).
pub(crate) fn whole_flag(limits: &ParallelLimits) -> Cancel {
    limits
        .cancel
        .as_ref()
        .map_or_else(Cancel::new, Cancel::child)
}

/// Calls `search(i)` for each `i` in `0..n` on rayon's threads, taken in that order (the
/// earliest parts of the tree first), until one answers [`ControlFlow::Break`]: then no
/// more are taken.
pub(crate) fn in_order(n: usize, search: impl Fn(usize) -> ControlFlow<()> + Sync) {
    let next = AtomicUsize::new(0);
    let halted = AtomicBool::new(false);
    let worker = || {
        while !halted.load(Ordering::Relaxed) {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= n {
                break;
            }
            if search(i).is_break() {
                halted.store(true, Ordering::Relaxed);
            }
        }
    };
    let threads = rayon::current_num_threads().min(n);
    rayon::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|_| worker());
        }
    });
}
