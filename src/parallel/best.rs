//! The best solution by branch and bound, on all cores, with an incumbent shared by the
//! subtrees and the serial rule among equals.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use super::ordered::{self, Piece};
use super::SplitDepth;
use crate::search::Bar;
use crate::split::Split;
use crate::{Optimize, Outcome, ParallelLimits, Search, Stats, StopReason};

/// The best solution of `problem` by branch and bound, the subtrees below `split_depth`
/// searched on all cores: the same solution and value as [`Search::best`], among
/// solutions of equal value too (the first in search order).
///
/// The tree is split at `split_depth` into its pieces in search order (the solutions
/// shallower than the split, the subtrees rooted there), and the subtrees are searched on
/// rayon's threads, taken in search order. Each is a branch and bound of its own that also
/// prunes against an incumbent shared by all: the best value found anywhere, with the
/// place in search order of the piece that found it. A child is pruned if its bound is
/// below the shared value, or equal to it when the value was found by this subtree or an
/// earlier piece; a child that could only *equal* a value found later in search order is
/// kept, since its solution would come first. Each subtree keeps the first of its best
/// solutions, and the answer is the first piece's best of greatest value: exactly what the
/// serial search keeps, as long as every [`Optimize::bound`] is a true bound and the
/// values are totally ordered.
///
/// # Arguments
///
/// - `problem`: the root; each subtree is searched on a clone of it.
/// - `split_depth`: where to split (see [`count`](super::count)).
/// - `limits`: a time limit and a cancellation flag for the whole search, and a meter.
///
/// # Returns
///
/// The best solution and its value (`None` if there is none); if a limit stopped the
/// search, the best found so far and `stopped` says why. Its statistics add up those of
/// the split (which does not prune: a bound is only worth something below it) and of the
/// subtrees: their nodes and prunings depend on when each subtree learnt of the others'
/// solutions, and differ from the serial search's and from run to run.
///
/// # Examples
///
/// ```
/// use backtrack::{parallel, Optimize, ParallelLimits, Problem, Search, SplitDepth};
///
/// /// A knapsack: take each item or not, left to right; the value of what is taken.
/// #[derive(Clone)]
/// struct Knapsack { items: Vec<(u32, u32)>, room: u32, next: usize, value: u32, taken: Vec<usize> }
///
/// impl Problem for Knapsack {
///     type Op = bool;
///     type Ops = std::array::IntoIter<bool, 2>;
///     type Solution = Vec<usize>;
///     fn operators(&self) -> Self::Ops { [true, false].into_iter() }
///     fn admissible(&self, take: bool) -> bool { !take || self.items[self.next].0 <= self.room }
///     fn apply(&mut self, take: bool) {
///         let (weight, value) = self.items[self.next];
///         if take { self.room -= weight; self.value += value; self.taken.push(self.next) }
///         self.next += 1;
///     }
///     fn undo(&mut self, take: bool) {
///         self.next -= 1;
///         let (weight, value) = self.items[self.next];
///         if take { self.room += weight; self.value -= value; self.taken.pop(); }
///     }
///     fn is_complete(&self) -> bool { self.next == self.items.len() }
///     fn solution(&self) -> Vec<usize> { self.taken.clone() }
/// }
///
/// impl Optimize for Knapsack {
///     type Value = u32;
///     fn value(&self) -> u32 { self.value }
///     /// Everything left taken: optimistic.
///     fn bound(&self) -> u32 { self.value + self.items[self.next..].iter().map(|i| i.1).sum::<u32>() }
/// }
///
/// // Several packings of the best value: the serial search keeps the first, and so does this.
/// let items = vec![(3, 4), (4, 5), (2, 3), (3, 3), (1, 2), (5, 6), (2, 2), (4, 4)];
/// let root = Knapsack { items, room: 7, next: 0, value: 0, taken: vec![] };
/// let serial = Search::new(root.clone()).best();
/// for depth in [0, 1, 3, 8] {
///     let outcome = parallel::best(&root, SplitDepth(depth), &ParallelLimits::none());
///     assert_eq!(outcome.found, serial.found);
/// }
/// assert_eq!(serial.found, Some((vec![1, 2, 4], 10)));
/// ```
pub fn best<P>(
    problem: &P,
    split_depth: SplitDepth,
    limits: &ParallelLimits,
) -> Outcome<Option<(P::Solution, P::Value)>>
where
    P: Optimize + Clone + Send + Sync,
    P::Op: Send + Sync,
    P::Solution: Send,
    P::Value: Send,
{
    let start = Instant::now();
    let (split, pieces) = ordered::split(
        problem,
        split_depth.0,
        limits.clone().into(),
        |state: &P| (state.solution(), state.value()),
    );
    let shared = Shared {
        version: AtomicU64::new(0),
        best: Mutex::new(None),
    };
    let mut subtrees = Vec::new();
    for (at, piece) in pieces.iter().enumerate() {
        match piece {
            Piece::Solution((_, value)) => shared.offer(*value, at),
            Piece::Subtree(k) => subtrees.push((at, *k)),
        }
    }
    if split.above.stopped.is_some() {
        subtrees.clear();
    }
    if let Some(meter) = &limits.meter {
        meter.add_parts(subtrees.len() as u64);
    }
    let searched = search_subtrees(problem, &split, &subtrees, &shared, limits, start);
    let mut stats = searched.stats;
    stats.elapsed = start.elapsed();
    Outcome {
        found: first_best::<P>(pieces, searched.found),
        stats,
        stopped: split.above.stopped.or(searched.stopped),
    }
}

/// What the subtrees' searches found: each subtree's best (in the order of `subtrees`),
/// the statistics of the split and of every subtree, and the first reason a limit gave
/// to stop one.
struct Searched<P: Optimize> {
    found: Vec<Incumbent<P>>,
    stats: Stats,
    stopped: Option<StopReason>,
}

/// Searches the `subtrees` of `split` (each its place among the pieces and its
/// subproblem) on rayon's threads, taken in search order, each a branch and bound that
/// also prunes against the `shared` incumbent, under what is left of `limits` since
/// `start`. A stop ends them all.
fn search_subtrees<P>(
    problem: &P,
    split: &Split<P::Op>,
    subtrees: &[(usize, usize)],
    shared: &Shared<P::Value>,
    limits: &ParallelLimits,
    start: Instant,
) -> Searched<P>
where
    P: Optimize + Clone + Send + Sync,
    P::Op: Send + Sync,
    P::Solution: Send,
    P::Value: Send,
{
    let whole = ordered::whole_flag(limits);
    let found: Mutex<Vec<Incumbent<P>>> = Mutex::new(subtrees.iter().map(|_| None).collect());
    let stops: Mutex<Option<StopReason>> = Mutex::new(None);
    let stats = Mutex::new(split.above.stats);
    let stop = |reason| {
        stops
            .lock()
            .expect("no panics while locked")
            .get_or_insert(reason);
        ControlFlow::Break(())
    };
    ordered::in_order(subtrees.len(), |i| {
        let (at, k) = subtrees[i];
        let part = match ordered::part_limits(limits, whole.clone(), start) {
            Ok(part) => part,
            Err(reason) => return stop(reason),
        };
        let root = ordered::subtree_root(problem, &split.ops[k]);
        let mut view = View {
            shared,
            seen: u64::MAX,
            cached: None,
            at,
        };
        // The subtree's root was entered by the split; if its bound cannot matter, none of
        // it can.
        if view.clears(root.bound()) {
            let outcome = Search::new(root).limits(part).best_barred(&mut view);
            stats
                .lock()
                .expect("no panics while locked")
                .merge(&ordered::below(outcome.stats, split.depth));
            found.lock().expect("no panics while locked")[i] = outcome.found;
            if let Some(reason) = outcome.stopped {
                return stop(reason);
            }
        }
        if let Some(meter) = &limits.meter {
            meter.part_done();
        }
        ControlFlow::Continue(())
    });
    Searched {
        found: found.into_inner().expect("no panics while locked"),
        stats: stats.into_inner().expect("no panics while locked"),
        stopped: stops.into_inner().expect("no panics while locked"),
    }
}

/// The best of the `pieces` by the serial rule over them in order, a later one winning
/// only if strictly better: each solution above the split, and for each subtree its best
/// in `found` (in the order of the subtrees).
fn first_best<P: Optimize>(
    pieces: Vec<Piece<(P::Solution, P::Value)>>,
    found: Vec<Incumbent<P>>,
) -> Incumbent<P> {
    let mut best: Incumbent<P> = None;
    let mut found = found.into_iter();
    for piece in pieces {
        let candidate = match piece {
            Piece::Solution(solution) => Some(solution),
            Piece::Subtree(_) => found.next().flatten(),
        };
        if let Some((solution, value)) = candidate {
            if best.as_ref().is_none_or(|(_, b)| value > *b) {
                best = Some((solution, value));
            }
        }
    }
    best
}

/// A best solution found and its value.
type Incumbent<P> = Option<(<P as crate::Problem>::Solution, <P as Optimize>::Value)>;

/// The incumbent shared by the subtrees: the greatest value found, and the place in
/// search order of the piece that found it (the earliest, among equal values offered).
struct Shared<V> {
    /// Bumped at every change, so that a subtree reads the incumbent only when it changed.
    version: AtomicU64,
    best: Mutex<Option<(V, usize)>>,
}

impl<V: PartialOrd + Copy> Shared<V> {
    fn offer(&self, value: V, at: usize) {
        let mut best = self.best.lock().expect("no panics while locked");
        let better = best
            .as_ref()
            .is_none_or(|&(v, j)| value > v || (value == v && at < j));
        if better {
            *best = Some((value, at));
            self.version.fetch_add(1, Ordering::Release);
        }
    }
}

/// One subtree's view of the [`Shared`] incumbent: a copy, brought up to date when it changes.
struct View<'a, V> {
    shared: &'a Shared<V>,
    /// The version copied (`u64::MAX`: none yet).
    seen: u64,
    cached: Option<(V, usize)>,
    /// This subtree's place in search order.
    at: usize,
}

impl<V: PartialOrd + Copy> Bar<V> for View<'_, V> {
    #[inline]
    fn clears(&mut self, bound: V) -> bool {
        let version = self.shared.version.load(Ordering::Acquire);
        if version != self.seen {
            self.cached = *self.shared.best.lock().expect("no panics while locked");
            self.seen = version;
        }
        match self.cached {
            None => true,
            // Found by this subtree or before it: only better matters, as in the serial search.
            Some((value, at)) if at <= self.at => bound > value,
            // Found after it: an equal value here would come first.
            Some((value, _)) => value.partial_cmp(&bound) != Some(std::cmp::Ordering::Greater),
        }
    }

    fn offer(&mut self, value: V) {
        self.shared.offer(value, self.at);
    }
}
