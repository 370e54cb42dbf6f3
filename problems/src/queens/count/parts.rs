//! A count in pieces that other processes or other runs count: the shares of a count
//! split by estimated size, and the subproblems of a split counted one by one.

use std::time::Instant;

use backtrack::observer::{OnSolution, Solutions};
use backtrack::progress::Meter;
use backtrack::split::{self, Layout, ReplayError, Share, Subproblem};
use backtrack::{
    parallel, Cancel, Limits, Observer, Outcome, ParallelLimits, Problem, Search, SplitDepth,
    Stats, StopReason,
};

use super::{half_stats, split_depth, with_found, CountPlan, Counts, Mirrored, Reduction};
use crate::queens::bitboard::{with_mask, Mask, MaskJob};
use crate::queens::halves::{HalfBlocks, HalfCache, HalfJoin};
use crate::queens::orbits::OrbitCounter;
use crate::queens::{BitQueens, BitState, SymmetricQueens};

/// The fewest subproblems [`CountPlan::split`] makes of a count by half boards.
pub const HALVES_SUBPROBLEMS: usize = 4096;

/// The subproblems of a [`CountPlan`]'s tree, for a count shared out dynamically (a work
/// queue across processes): see [`CountPlan::split`].
#[derive(Clone, Debug)]
pub struct CountSplit {
    /// The depth of the split.
    pub depth: usize,
    /// The subproblems, in search order; each is counted by
    /// [`CountPlan::count_subproblem`].
    pub subproblems: Vec<Subproblem>,
    /// Knuth's estimate of each subproblem's number of nodes, deterministic (the same in
    /// every process): for handing out the biggest first.
    pub weights: Vec<f64>,
    /// The counts of the part above the split (solutions shallower than it, for tiny
    /// boards) and its statistics, to add to those of the subproblems.
    pub above: Outcome<Counts>,
}

impl CountPlan {
    /// Counts one [`Share`] of this count, on the current rayon thread pool: part
    /// `share.part()` of `share.parts()`, which any process can count on its own, the
    /// counts of all the parts (total, and classes with [`Reduction::Full`]) adding up to
    /// those of [`run`](CountPlan::run). The tree searched is the one `run` searches, split
    /// deeper for many parts and dealt out by estimated size
    /// ([`parallel::count_share_observed`]); the [`Layout`] says how, and is the same in
    /// every part of one count.
    ///
    /// ```
    /// use backtrack::split::Share;
    /// use backtrack::ParallelLimits;
    /// use backtrack_problems::queens::{CountPlan, Counts, Placement, Reduction};
    ///
    /// let plan = CountPlan::new(&Placement::empty(10), Reduction::Full)?;
    /// let mut sum = Counts { total: 0, unique: Some(0) };
    /// for part in 1..=3 {
    ///     let (outcome, _) = plan.run_share(Share::new(part, 3).unwrap(), &ParallelLimits::none());
    ///     sum.total += outcome.found.total;
    ///     sum.unique = Some(sum.unique.unwrap() + outcome.found.unique.unwrap());
    /// }
    /// assert_eq!(sum, Counts { total: 724, unique: Some(92) });
    /// # Ok::<(), backtrack_problems::queens::CountError>(())
    /// ```
    pub fn run_share(&self, share: Share, limits: &ParallelLimits) -> (Outcome<Counts>, Layout) {
        self.dispatch(ShareJob { share, limits })
    }

    /// Splits this count's tree into at least `at_least` subproblems if it has that many
    /// nodes at some depth (see [`split::split_at_least`]), each weighed by its estimated
    /// size. Deterministic: every process gets the same split.
    ///
    /// By half boards ([`Reduction::Halves`]), a node of the tree of blocks stands for
    /// many bitboard nodes (its blocks' halves), so the split asks for at least
    /// [`HALVES_SUBPROBLEMS`] subproblems, or all the blocks where there are fewer.
    pub fn split(&self, at_least: usize) -> CountSplit {
        let at_least = match self.reduction {
            Reduction::Halves => at_least.max(HALVES_SUBPROBLEMS),
            _ => at_least,
        };
        self.dispatch(SplitJob { at_least })
    }

    /// Counts the subproblem `sub` of this count's tree (one of
    /// [`split`](CountPlan::split)'s) with one search on this thread, under `limits`. The
    /// statistics leave out the subproblem's root, which the part above the split counts;
    /// `max_depth` is from the root of the whole tree. An error if `sub`'s path is not one
    /// of this tree's.
    ///
    /// By half boards, the lists that hold the halves of a block stay with the plan from
    /// one subproblem to the next (on any thread), rather than each subproblem growing its
    /// own from nothing; they are freed with the plan.
    pub fn count_subproblem(
        &self,
        sub: &Subproblem,
        limits: Limits,
    ) -> Result<Outcome<Counts>, ReplayError> {
        let cache = &self.cache;
        self.dispatch(SubproblemJob { sub, limits, cache })
    }

    /// Runs `job` with the problem and the counter of this plan's reduction, on the mask
    /// that fits the board.
    fn dispatch<J: CounterJob>(&self, job: J) -> J::Output {
        with_mask(self.placement.n(), Dispatch { plan: self, job })
    }
}

/// A job on a plan's problem `P`, counted with the counter `T`; `depth` is the least split
/// depth for the board.
trait CounterJob {
    type Output;
    fn run<P, T>(self, problem: &P, n: usize, depth: usize) -> Self::Output
    where
        P: Problem + Clone + Send + Sync,
        P::Op: Send + Sync,
        T: PartCounter<P>;
}

/// The observer that counts a reduction's solutions in one part of its tree.
trait PartCounter<P: Problem>: Observer<P> + Send + Sized {
    /// The counter of the part below the operators `path`, on an `n`×`n` board, with the
    /// memory it works in (if any) taken from `cache`.
    fn below(n: usize, path: &[P::Op], cache: &HalfCache) -> Self;
    /// Adds another part's counts to this one.
    fn add(&mut self, other: &Self);
    /// Gives the memory the counter worked in back to `cache`, its part done.
    fn recycle(self, _cache: &HalfCache) {}
    /// The counts of the part, the search having found `found` solutions in it.
    fn counts(&self, found: u64) -> Counts;
    /// The statistics of the count of the part, its search's being `searched`: those
    /// of the search, unless the counter searches on its own.
    fn stats(&self, searched: Stats) -> Stats {
        searched
    }
    /// Tells the counter the limits of the count, for a counter that searches on its own
    /// (see [`HalfJoin::limit`]).
    fn limit(
        &mut self,
        _deadline: Option<Instant>,
        _cancel: Option<Cancel>,
        _meter: Option<Meter>,
    ) {
    }
    /// Why the counter left part of its work undone, if it did: the count is then partial.
    fn cut(&self) -> Option<StopReason> {
        None
    }
}

impl<M: Mask> PartCounter<SymmetricQueens<M>> for Solutions<OrbitCounter> {
    fn below(n: usize, _: &[M], _: &HalfCache) -> Self {
        Solutions(OrbitCounter::new(n))
    }
    fn add(&mut self, other: &Self) {
        self.0.add(&other.0);
    }
    fn counts(&self, _: u64) -> Counts {
        self.0.counts()
    }
}

impl<M: Mask> PartCounter<BitState<M>> for Mirrored {
    fn below(n: usize, path: &[M], _: &HalfCache) -> Self {
        Mirrored::below::<M>(n, path)
    }
    fn add(&mut self, other: &Self) {
        self.weighted += other.weighted;
    }
    fn counts(&self, _: u64) -> Counts {
        Counts {
            total: self.weighted,
            unique: None,
        }
    }
}

impl PartCounter<HalfBlocks> for Solutions<HalfJoin> {
    fn below(n: usize, _: &[u32], cache: &HalfCache) -> Self {
        Solutions(HalfJoin::cached(n, cache))
    }
    fn add(&mut self, other: &Self) {
        self.0.add(&other.0);
    }
    fn recycle(self, cache: &HalfCache) {
        self.0.recycle(cache);
    }
    fn counts(&self, _: u64) -> Counts {
        Counts {
            total: self.0.total(),
            unique: None,
        }
    }
    fn stats(&self, searched: Stats) -> Stats {
        half_stats(&self.0, &searched)
    }
    fn limit(&mut self, deadline: Option<Instant>, cancel: Option<Cancel>, meter: Option<Meter>) {
        self.0.limit(deadline, cancel, meter);
    }
    fn cut(&self) -> Option<StopReason> {
        self.0.cut()
    }
}

/// Every solution counted as the search finds it; each one a class of its own if
/// `SINGLE` (a board of at most one square).
struct Plain<const SINGLE: bool>;

impl<P: Problem, const SINGLE: bool> OnSolution<P> for Plain<SINGLE> {
    #[inline]
    fn on_solution(&mut self, _: &P, _: usize) {}
}

impl<P: Problem, const SINGLE: bool> PartCounter<P> for Solutions<Plain<SINGLE>> {
    fn below(_: usize, _: &[P::Op], _: &HalfCache) -> Self {
        Solutions(Plain)
    }
    fn add(&mut self, _: &Self) {}
    fn counts(&self, found: u64) -> Counts {
        Counts {
            total: found,
            unique: SINGLE.then_some(found),
        }
    }
}

/// A [`CounterJob`] run on a mask, with the problem and counter of the plan's reduction.
struct Dispatch<'a, J> {
    plan: &'a CountPlan,
    job: J,
}

impl<J: CounterJob> MaskJob for Dispatch<'_, J> {
    type Output = J::Output;

    fn run<M: Mask>(self) -> J::Output {
        let Dispatch { plan, job } = self;
        let placement = &plan.placement;
        let n = placement.n();
        let depth = split_depth(n);
        match plan.reduction {
            Reduction::Full if n > 1 => {
                job.run::<_, Solutions<OrbitCounter>>(&SymmetricQueens::<M>::new(n), n, depth)
            }
            Reduction::Full => {
                job.run::<_, Solutions<Plain<true>>>(&BitState::<M>::new(n), n, depth)
            }
            Reduction::Mirror => job.run::<_, Mirrored>(&BitState::<M>::new(n), n, depth),
            Reduction::Halves => job.run::<_, Solutions<HalfJoin>>(&HalfBlocks::new(n), n, depth),
            Reduction::None if placement.is_empty() => {
                job.run::<_, Solutions<Plain<false>>>(&BitState::<M>::new(n), n, depth)
            }
            Reduction::None => job.run::<_, Solutions<Plain<false>>>(
                &BitQueens::<M>::with_placement(placement),
                n,
                depth,
            ),
        }
    }
}

/// [`CountPlan::run_share`].
struct ShareJob<'a> {
    share: Share,
    limits: &'a ParallelLimits,
}

impl CounterJob for ShareJob<'_> {
    type Output = (Outcome<Counts>, Layout);

    fn run<P, T>(self, problem: &P, n: usize, depth: usize) -> Self::Output
    where
        P: Problem + Clone + Send + Sync,
        P::Op: Send + Sync,
        T: PartCounter<P>,
    {
        let limits = self.limits;
        let deadline = limits.time.map(|most| Instant::now() + most);
        // The lists of this share's parts, freed when it ends.
        let cache = HalfCache::default();
        let (outcome, counter, layout) = parallel::count_share_observed(
            problem,
            SplitDepth(depth),
            self.share,
            limits,
            |path| {
                let mut counter = T::below(n, path, &cache);
                counter.limit(deadline, limits.cancel.clone(), limits.meter.clone());
                counter
            },
            |merged, part| {
                merged.add(&part);
                part.recycle(&cache);
            },
        );
        let counts = counter.counts(outcome.found);
        let stats = counter.stats(outcome.stats);
        let cut = counter.cut();
        let mut outcome = with_found(&outcome, counts);
        outcome.stats = stats;
        outcome.stopped = outcome.stopped.or(cut);
        (outcome, layout)
    }
}

/// [`CountPlan::split`].
struct SplitJob {
    at_least: usize,
}

impl CounterJob for SplitJob {
    type Output = CountSplit;

    fn run<P, T>(self, problem: &P, n: usize, depth: usize) -> CountSplit
    where
        P: Problem + Clone + Send + Sync,
        P::Op: Send + Sync,
        T: PartCounter<P>,
    {
        let (tree, counter) =
            split::split_at_least(problem, depth, self.at_least, &Limits::none(), || {
                T::below(n, &[], &HalfCache::default())
            });
        let weights = split::estimate_sizes(problem, &tree, split::PROBES, split::SEED);
        let counts = counter.counts(tree.above.found);
        let mut above = with_found(&tree.above, counts);
        above.stats = counter.stats(above.stats);
        CountSplit {
            depth: tree.depth,
            above,
            subproblems: tree.subproblems,
            weights,
        }
    }
}

/// [`CountPlan::count_subproblem`].
struct SubproblemJob<'a> {
    sub: &'a Subproblem,
    limits: Limits,
    /// The plan's lists, for the subproblems counted one after another.
    cache: &'a HalfCache,
}

impl CounterJob for SubproblemJob<'_> {
    type Output = Result<Outcome<Counts>, ReplayError>;

    fn run<P, T>(self, problem: &P, n: usize, _: usize) -> Self::Output
    where
        P: Problem + Clone + Send + Sync,
        P::Op: Send + Sync,
        T: PartCounter<P>,
    {
        let (state, ops) = self.sub.replay_ops(problem)?;
        let mut counter = T::below(n, &ops, self.cache);
        let deadline = self.limits.time.map(|most| Instant::now() + most);
        let limits = &self.limits;
        counter.limit(deadline, limits.cancel.clone(), limits.meter.clone());
        let mut outcome = Search::new(state)
            .observer(&mut counter)
            .limits(self.limits)
            .count_solutions();
        // The subproblem's root is a node of the part above the split.
        outcome.stats.nodes = outcome.stats.nodes.saturating_sub(1);
        outcome.stats.max_depth += ops.len();
        outcome.stats = counter.stats(outcome.stats);
        outcome.stopped = outcome.stopped.or(counter.cut());
        let counts = counter.counts(outcome.found);
        counter.recycle(self.cache);
        Ok(with_found(&outcome, counts))
    }
}
