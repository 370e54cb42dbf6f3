//! Counting N-Queens solutions on all cores: the whole tree, the mirror-halved tree, or
//! Takaken's reduced space.

use std::time::Instant;

use backtrack::estimate::{self, Estimate};
use backtrack::progress::Meter;
use backtrack::split::{self, Layout, ReplayError, Share, Subproblem};
use backtrack::{
    parallel, Cancel, Control, Limits, Observer, Outcome, ParallelLimits, Problem, Search, Stats,
    StopReason,
};
use thiserror::Error;

use super::bitboard::{with_mask, Mask, MaskJob};
use super::halves::{
    block_columns, estimate_searched, free_spare_lists, sample_blocks, HalfBlocks, HalfJoin,
    TimeEstimate, MAX_HALVES,
};
use super::orbits::{OrbitCounter, Symmetry};
use super::{BitQueens, BitState, Placement, SymmetricQueens};

/// A number of solutions and, when the count tells classes apart, the number of their
/// classes under the eight symmetries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Solutions (OEIS A000170 for empty boards).
    pub total: u64,
    /// Classes of solutions (OEIS A002562 for empty boards), each counted once: known
    /// from a count in Takaken's space ([`Reduction::Full`]), `None` from the others.
    pub unique: Option<u64>,
}

/// Which symmetries of the board a [`count`] uses to search less of its tree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Reduction {
    /// None: the whole tree, on any board, queens placed or not ([`BitState`], or
    /// [`BitQueens`] with queens placed, split by [`parallel::count`]).
    None,
    /// The mirror image: only the first-row columns left of the middle and the middle one
    /// are searched, and a solution counts for itself and its mirror image (as
    /// [`count_mirrored`]). About half the tree; empty boards only.
    Mirror,
    /// All eight symmetries: Takaken's reduced space ([`count_symmetric`]), where each class
    /// is counted once with its size, which gives the number of classes too. About a fifth
    /// of the tree, the fastest; empty boards only.
    #[default]
    Full,
    /// Half boards joined (meet in the middle, [`HalfJoin`]): the top and bottom halves
    /// searched apart for each set of columns the top half may take, and the pairs that
    /// fit counted; the sets reduced by the four symmetries that keep the halves (mirror
    /// image, upside down). Far less searched than even [`Full`](Reduction::Full), and the
    /// fastest from n = 13 or so; it counts no classes. Empty boards of at most
    /// [`MAX_HALVES`] columns.
    Halves,
}

/// Why a [`count`] cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum CountError {
    /// The bitboards hold boards of at most 128 columns.
    #[error("counting needs a board of at most 128 columns (bitboards), not {0}")]
    TooBig(usize),
    /// A symmetry maps a board with queens placed to another board.
    #[error("queens are placed: only the whole tree (no reduction by symmetry) can be counted")]
    PlacedQueens,
    /// Half boards are joined on 64-bit masks, and their lists take memory.
    #[error("half boards are counted up to {MAX_HALVES} columns, not {0}")]
    HalvesTooBig(usize),
}

/// Counts the solutions of an N-Queens board, on the current rayon thread pool, with the
/// bitboard mask that fits the board.
///
/// - `placement`: the board, and the queens placed on it before the search (none for the
///   classic count).
/// - `reduction`: which symmetries to search less with: [`Reduction::Full`] is the fastest,
///   and the only one that also counts the classes; a board with queens placed is counted
///   whole ([`Reduction::None`]).
/// - `limits`: a time limit, a cancellation flag and a meter for the whole count; a
///   stopped count is partial.
///
/// Returns the counts and the statistics of the tree searched (for [`Reduction::Full`],
/// the reduced tree: its `solutions` are the boards reached in it, a seventh of all at
/// n = 16; for [`Reduction::Mirror`], the halved tree).
///
/// ```
/// use backtrack::ParallelLimits;
/// use backtrack_problems::queens::{count, Counts, Placement, Reduction};
///
/// let empty = Placement::empty(8);
/// let full = count(&empty, Reduction::Full, &ParallelLimits::none())?;
/// assert_eq!(full.found, Counts { total: 92, unique: Some(12) });
/// for reduction in [Reduction::None, Reduction::Mirror] {
///     let outcome = count(&empty, reduction, &ParallelLimits::none())?;
///     assert_eq!(outcome.found, Counts { total: 92, unique: None });
/// }
/// // A queen in the corner: 4 solutions.
/// let corner = Placement::new(8, &[(1, 1)])?;
/// let outcome = count(&corner, Reduction::None, &ParallelLimits::none())?;
/// assert_eq!(outcome.found.total, 4);
/// assert!(count(&corner, Reduction::Full, &ParallelLimits::none()).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count(
    placement: &Placement,
    reduction: Reduction,
    limits: &ParallelLimits,
) -> Result<Outcome<Counts>, CountError> {
    Ok(CountPlan::new(placement, reduction)?.run(limits))
}

/// A [`count`] checked before it runs: a board the bitboards hold, and a reduction that
/// fits it.
///
/// ```
/// use backtrack::ParallelLimits;
/// use backtrack_problems::queens::{CountError, CountPlan, Placement, Reduction};
///
/// let plan = CountPlan::new(&Placement::empty(10), Reduction::Full)?;
/// assert_eq!(plan.run(&ParallelLimits::none()).found.total, 724);
/// assert_eq!(
///     CountPlan::new(&Placement::empty(129), Reduction::None).unwrap_err(),
///     CountError::TooBig(129)
/// );
/// # Ok::<(), CountError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountPlan {
    placement: Placement,
    reduction: Reduction,
}

impl CountPlan {
    /// Checks a count of the board `placement` with `reduction`.
    pub fn new(placement: &Placement, reduction: Reduction) -> Result<Self, CountError> {
        let n = placement.n();
        if n > 128 {
            return Err(CountError::TooBig(n));
        }
        if reduction != Reduction::None && !placement.is_empty() {
            return Err(CountError::PlacedQueens);
        }
        if reduction == Reduction::Halves && n > MAX_HALVES {
            return Err(CountError::HalvesTooBig(n));
        }
        Ok(CountPlan {
            placement: placement.clone(),
            reduction,
        })
    }

    /// Counts, on the current rayon thread pool: see [`count`].
    pub fn run(&self, limits: &ParallelLimits) -> Outcome<Counts> {
        with_mask(self.placement.n(), Run { plan: self, limits })
    }

    /// Counts with one [`Search`] on this thread, in search order: the same count and the
    /// same tree as [`run`](CountPlan::run), but with any [`Limits`], node and solution
    /// budgets included (a solution budget counts the solutions of the tree searched: with
    /// a reduction, the boards reached in the reduced tree).
    pub fn run_in_order(&self, limits: Limits) -> Outcome<Counts> {
        with_mask(self.placement.n(), RunInOrder { plan: self, limits })
    }

    /// A sample of this count, for the time of an estimate:
    /// [`run_in_order`](CountPlan::run_in_order) under `limits`, its nodes a second the
    /// speed of the count; except by half boards ([`Reduction::Halves`]), whose blocks cost
    /// too differently for a few of them to give the speed of all: blocks drawn at random
    /// (seeded with `seed`), in proportion to their estimated sizes, are joined instead, at
    /// least three draws, and their times give the count's time on one thread in seconds,
    /// the second figure returned (none when the sample joined every block). The sample's
    /// nodes are those [`estimate`](CountPlan::estimate) estimates (for half boards, those
    /// of the half searches).
    pub fn sample(&self, limits: Limits, seed: u64) -> (Outcome<Counts>, Option<TimeEstimate>) {
        if self.reduction == Reduction::Halves {
            let (outcome, seconds) = sample_blocks(self.placement.n(), &limits, seed);
            let counts = Counts {
                total: outcome.found,
                unique: None,
            };
            (with_found(&outcome, counts), seconds)
        } else {
            (self.run_in_order(limits), None)
        }
    }

    /// Estimates the count by Knuth's random probes ([`estimate`](backtrack::estimate)):
    /// the nodes of the tree that [`run`](CountPlan::run) searches (by half boards, the
    /// nodes of the half searches, which its statistics give), and the solutions of the
    /// board (the count's total, estimated on the whole tree). `cancel`, when set, ends the
    /// probing early.
    ///
    /// ```
    /// use backtrack_problems::queens::{CountPlan, Placement, Reduction};
    ///
    /// let plan = CountPlan::new(&Placement::empty(10), Reduction::Full)?;
    /// let guess = plan.estimate(20_000, 1, None);
    /// let (low, high) = guess.solutions.interval(0.0);
    /// assert!(low <= 724.0 && 724.0 <= high);
    /// # Ok::<(), backtrack_problems::queens::CountError>(())
    /// ```
    pub fn estimate(&self, probes: u32, seed: u64, cancel: Option<&Cancel>) -> Estimate {
        with_mask(
            self.placement.n(),
            Probe {
                plan: self,
                probes,
                seed,
                cancel,
            },
        )
    }
}

/// A [`CountPlan`]'s estimate, with a mask.
struct Probe<'a> {
    plan: &'a CountPlan,
    probes: u32,
    seed: u64,
    cancel: Option<&'a Cancel>,
}

impl MaskJob for Probe<'_> {
    type Output = Estimate;

    fn run<M: Mask>(self) -> Estimate {
        let Probe {
            plan,
            probes,
            seed,
            cancel,
        } = self;
        let n = plan.placement.n();
        let whole = BitQueens::<M>::with_placement(&plan.placement);
        let board = || estimate::estimate_observed(whole, (), probes, seed, cancel);
        // The board's probes and those of the tree searched run side by side, so that a
        // cancel cuts both short alike (one after the other, the second would make none).
        let (board, searched) = match plan.reduction {
            Reduction::Full if n > 1 => side_by_side(board, || {
                estimate::estimate_observed(SymmetricQueens::<M>::new(n), (), probes, seed, cancel)
            }),
            Reduction::Mirror => side_by_side(board, || {
                estimate::estimate_observed(
                    BitState::<M>::new(n),
                    Mirrored::below::<M>(n, &[]),
                    probes,
                    seed,
                    cancel,
                )
            }),
            Reduction::Halves => side_by_side(board, || estimate_searched(n, probes, seed, cancel)),
            Reduction::Full | Reduction::None => {
                let board = board();
                (board, board)
            }
        };
        Estimate {
            probes: searched.probes.min(board.probes),
            nodes: searched.nodes,
            solutions: board.solutions,
        }
    }
}

/// Runs `first` on a thread of its own while `second` runs on this one.
fn side_by_side(
    first: impl FnOnce() -> Estimate + Send,
    second: impl FnOnce() -> Estimate,
) -> (Estimate, Estimate) {
    std::thread::scope(|scope| {
        let first = scope.spawn(first);
        let second = second();
        let first = first
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (first, second)
    })
}

/// A [`CountPlan`] run with a mask, in one search.
struct RunInOrder<'a> {
    plan: &'a CountPlan,
    limits: Limits,
}

impl MaskJob for RunInOrder<'_> {
    type Output = Outcome<Counts>;

    fn run<M: Mask>(self) -> Outcome<Counts> {
        let (placement, limits) = (&self.plan.placement, self.limits);
        let n = placement.n();
        let total = |outcome: Outcome<u64>, total| Outcome {
            found: Counts {
                total,
                unique: None,
            },
            stats: outcome.stats,
            stopped: outcome.stopped,
        };
        match self.plan.reduction {
            Reduction::Full if n > 1 => {
                let mut counter = OrbitCounter::new(n);
                let outcome = Search::new(SymmetricQueens::<M>::new(n))
                    .observer(&mut counter)
                    .limits(limits)
                    .count_solutions();
                with_found(&outcome, counter.counts())
            }
            Reduction::Full => {
                // A board of at most one square: each solution is a class of its own.
                let outcome = Search::new(BitState::<M>::new(n))
                    .limits(limits)
                    .count_solutions();
                let found = outcome.found;
                with_found(
                    &outcome,
                    Counts {
                        total: found,
                        unique: Some(found),
                    },
                )
            }
            Reduction::Mirror => {
                let mut mirrored = Mirrored::below::<M>(n, &[]);
                let outcome = Search::new(BitState::<M>::new(n))
                    .observer(&mut mirrored)
                    .limits(limits)
                    .count_solutions();
                total(outcome, mirrored.weighted)
            }
            Reduction::Halves => {
                let mut join = Metered {
                    join: HalfJoin::new(n),
                    meter: limits.meter.clone(),
                };
                let deadline = limits.time.map(|most| Instant::now() + most);
                join.join
                    .limit(deadline, limits.cancel.clone(), limits.meter.clone());
                let outcome = Search::new(HalfBlocks::new(n))
                    .observer(&mut join)
                    .limits(limits)
                    .count_solutions();
                let found = join.join.total();
                let stats = half_stats(&join.join, &outcome.stats);
                let stopped = outcome.stopped.or(join.join.cut());
                drop(join);
                free_spare_lists();
                Outcome {
                    stats,
                    stopped,
                    ..total(outcome, found)
                }
            }
            Reduction::None if placement.is_empty() => {
                let outcome = Search::new(BitState::<M>::new(n))
                    .limits(limits)
                    .count_solutions();
                let found = outcome.found;
                total(outcome, found)
            }
            Reduction::None => {
                let outcome = Search::new(BitQueens::<M>::with_placement(placement))
                    .limits(limits)
                    .count_solutions();
                let found = outcome.found;
                total(outcome, found)
            }
        }
    }
}

/// A count by half boards that tells the meter the solutions counted after each block
/// (the engine's own solutions are the blocks).
struct Metered {
    join: HalfJoin,
    meter: Option<Meter>,
}

impl Observer<HalfBlocks> for Metered {
    const SOLUTIONS_ONLY: bool = true;

    fn solution(&mut self, block: &HalfBlocks, depth: usize) {
        self.join.solution(block, depth);
        if let Some(meter) = &self.meter {
            meter.set_found(self.join.total());
        }
    }
}

/// A [`CountPlan`] run with a mask.
struct Run<'a> {
    plan: &'a CountPlan,
    limits: &'a ParallelLimits,
}

impl MaskJob for Run<'_> {
    type Output = Outcome<Counts>;

    fn run<M: Mask>(self) -> Outcome<Counts> {
        let (placement, limits) = (&self.plan.placement, self.limits);
        let n = placement.n();
        let total = |outcome: Outcome<u64>| Outcome {
            found: Counts {
                total: outcome.found,
                unique: None,
            },
            stats: outcome.stats,
            stopped: outcome.stopped,
        };
        match self.plan.reduction {
            Reduction::Full => count_symmetric::<M>(n, limits, |_| {}),
            Reduction::Mirror => total(count_mirrored::<M>(n, limits)),
            Reduction::Halves => total(count_halves(n, limits)),
            Reduction::None if placement.is_empty() => total(parallel::count(
                &BitState::<M>::new(n),
                split_depth(n),
                limits,
            )),
            Reduction::None => total(parallel::count(
                &BitQueens::<M>::with_placement(placement),
                split_depth(n),
                limits,
            )),
        }
    }
}

/// How deep to split a tree for the thread pool: a few hundred subtrees from n = 12 on.
fn split_depth(n: usize) -> usize {
    match n {
        0..=6 => 1,
        7..=11 => 2,
        _ => 3,
    }
}

/// `outcome`'s statistics and stop, with `found` for its count.
fn with_found<T, U>(outcome: &Outcome<U>, found: T) -> Outcome<T> {
    Outcome {
        found,
        stats: outcome.stats,
        stopped: outcome.stopped,
    }
}

/// Mirror halving as an observer: prunes the first-row queens right of the middle (their
/// boards are the mirror images of those left of it), and counts each solution with its
/// mirror image: twice when the first queen is left of the middle column, once when it is
/// on it.
struct Mirrored {
    /// The first column right of the middle: `n.div_ceil(2)`.
    right: u32,
    /// The middle column of an odd board (none for an even one).
    middle: Option<u32>,
    /// The column of row 0's queen, once placed.
    first: u32,
    /// Does row 0's queen come in an [`enter`](Observer::enter) (a part that starts at the
    /// root), or is it on the path the part starts from?
    follow: bool,
    weighted: u64,
}

impl Mirrored {
    /// The observer of the part below the queens `path`.
    fn below<M: Mask>(n: usize, path: &[M]) -> Self {
        Mirrored {
            right: n.div_ceil(2) as u32,
            middle: (n % 2 == 1).then_some((n / 2) as u32),
            first: path.first().map_or(0, |bit| bit.trailing_zeros()),
            follow: path.is_empty(),
            weighted: 0,
        }
    }
}

impl<M: Mask> Observer<BitState<M>> for Mirrored {
    #[inline]
    fn enter(&mut self, _: &BitState<M>, depth: usize, op: Option<M>) -> Control {
        if self.follow && depth == 1 {
            self.first = op.map_or(0, Mask::trailing_zeros);
            if self.first >= self.right {
                return Control::Prune;
            }
        }
        Control::Continue
    }

    #[inline]
    fn solution(&mut self, _: &BitState<M>, depth: usize) {
        // A board of no square has one solution and no queen to mirror.
        self.weighted += if depth == 0 || Some(self.first) == self.middle {
            1
        } else {
            2
        };
    }
}

/// Counts the solutions that are canonical, as the engine reaches them.
struct CanonicalCounter {
    symmetry: Symmetry,
    cols: Vec<usize>,
    canonical: u64,
}

impl CanonicalCounter {
    fn new(n: usize) -> Self {
        CanonicalCounter {
            symmetry: Symmetry::new(n),
            cols: Vec::with_capacity(n),
            canonical: 0,
        }
    }
}

impl<M: Mask> Observer<BitQueens<M>> for CanonicalCounter {
    const SOLUTIONS_ONLY: bool = true;

    fn solution(&mut self, problem: &BitQueens<M>, _depth: usize) {
        problem.placed_into(&mut self.cols);
        if self.symmetry.is_canonical(&self.cols) {
            self.canonical += 1;
        }
    }
}

/// Counts the solutions of `n`-queens through the engine with first-row mirror halving, on
/// the current rayon thread pool ([`parallel::count_observed`]).
///
/// Only the first-row columns left of the middle, and the middle one of an odd board, are
/// searched (an observer prunes the others as they are entered); a solution counts twice
/// (itself and its mirror image) unless its first queen is in the middle. `limits` may hold a time limit, a
/// cancellation flag and a meter; a stopped count is partial. The statistics are those of
/// the halved tree (`solutions` counts the boards reached in it, not their mirror images).
///
/// ```
/// use backtrack::ParallelLimits;
/// use backtrack_problems::queens::count_mirrored;
///
/// let outcome = count_mirrored::<u32>(8, &ParallelLimits::none());
/// assert_eq!(outcome.found, 92);
/// ```
///
/// # Panics
///
/// If `n` exceeds `M::BITS`.
pub fn count_mirrored<M: Mask>(n: usize, limits: &ParallelLimits) -> Outcome<u64> {
    let (outcome, mirrored) = parallel::count_observed(
        &BitState::<M>::new(n),
        split_depth(n),
        limits,
        |path| Mirrored::below(n, path),
        |mirrored, part| {
            mirrored.weighted += part.weighted;
            if let Some(meter) = &limits.meter {
                meter.set_found(mirrored.weighted);
            }
        },
    );
    with_found(&outcome, mirrored.weighted)
}

/// Counts the solutions of `n`-queens by half boards ([`HalfBlocks`], [`HalfJoin`]), on the
/// current rayon thread pool: the search over the blocks of column groups is split among
/// the threads ([`parallel::count_observed`]) down to the blocks themselves, each block's
/// halves searched and joined where it is reached, its work shared with any thread that
/// has none left (the last blocks', say: see [`HalfJoin`]).
///
/// `limits` may hold a time limit, a cancellation flag and a meter; they are looked at
/// between blocks, and a stopped count is partial (the blocks joined so far). The
/// statistics are those of the half searches ([`HalfJoin::searched`]: their solutions are
/// the halves found), timed as a whole.
///
/// ```
/// use backtrack::ParallelLimits;
/// use backtrack_problems::queens::count_halves;
///
/// let outcome = count_halves(8, &ParallelLimits::none());
/// assert_eq!(outcome.found, 92);
/// assert_eq!(outcome.stats.max_depth, 4); // the rows of a half
/// ```
///
/// # Panics
///
/// If `n` exceeds [`MAX_HALVES`].
pub fn count_halves(n: usize, limits: &ParallelLimits) -> Outcome<u64> {
    let deadline = limits.time.map(|most| Instant::now() + most);
    let (outcome, join) = parallel::count_observed(
        &HalfBlocks::new(n),
        // A subproblem for each block: the middle column, then the columns fixed.
        n % 2 + block_columns(n),
        limits,
        |_| {
            let mut join = HalfJoin::new(n);
            join.limit(deadline, limits.cancel.clone(), limits.meter.clone());
            join
        },
        |merged, part| {
            merged.add(&part);
            if let Some(meter) = &limits.meter {
                meter.set_found(merged.total());
            }
        },
    );
    let total = join.total();
    let stats = half_stats(&join, &outcome.stats);
    let stopped = outcome.stopped.or(join.cut());
    drop(join);
    free_spare_lists();
    Outcome {
        found: total,
        stats,
        stopped,
    }
}

/// Counts the fundamentally different solutions of `n`-queens (OEIS A002562): those that
/// are the canonical form of their class.
///
/// A canonical solution never has its first queen right of the middle, so only the left
/// half of the first row and its middle are searched, split among the threads of the
/// current rayon pool ([`parallel::count_observed`]); each solution reached is checked
/// with [`Symmetry::is_canonical`]. This is slower than [`count_symmetric`], and
/// independent of it: the tests compare the two. `limits` may hold a time limit, a
/// cancellation flag and a meter, which apply to the whole count; a stopped count is
/// partial (the classes met so far). The statistics are those of the halved tree.
///
/// ```
/// use backtrack::ParallelLimits;
/// use backtrack_problems::queens::count_unique;
///
/// assert_eq!(count_unique::<u32>(8, &ParallelLimits::none()).found, 12);
/// ```
///
/// # Panics
///
/// If `n` exceeds `M::BITS`.
pub fn count_unique<M: Mask>(n: usize, limits: &ParallelLimits) -> Outcome<u64> {
    let mut half = BitQueens::<M>::new(n);
    if n > 0 {
        half.restrict_row(0, M::low_bits(n.div_ceil(2) as u32));
    }
    let (outcome, canonical) = parallel::count_observed(
        &half,
        split_depth(n),
        limits,
        |_| CanonicalCounter::new(n),
        |a, b| a.canonical += b.canonical,
    );
    with_found(&outcome, canonical.canonical)
}

/// Counts the solutions of `n`-queens and their classes under the eight symmetries in one
/// search of the reduced space of [`SymmetricQueens`], on the current rayon thread pool.
///
/// The reduced tree is split at a small depth, and each subtree is counted by its own
/// [`Search`](backtrack::Search) with an [`OrbitCounter`] ([`parallel::count_observed`]).
/// `limits` may hold a time limit, a cancellation flag and a meter; a stopped count is
/// partial (the classes met so far, with their sizes). `progress` gets the [`Counts`] so
/// far after each subtree.
///
/// The statistics are those of the reduced tree: its nodes, and as `solutions` the
/// complete boards reached in it (about a seventh of all solutions), not the weighted
/// total. Boards of `n <= 1` are counted whole.
///
/// ```
/// use backtrack::ParallelLimits;
/// use backtrack_problems::queens::count_symmetric;
///
/// let outcome = count_symmetric::<u32>(8, &ParallelLimits::none(), |_| {});
/// assert_eq!((outcome.found.total, outcome.found.unique), (92, Some(12)));
/// ```
///
/// # Panics
///
/// If `n` exceeds `M::BITS`.
pub fn count_symmetric<M: Mask>(
    n: usize,
    limits: &ParallelLimits,
    progress: impl Fn(Counts) + Sync,
) -> Outcome<Counts> {
    if n <= 1 {
        // The reduced space needs two rows; a board of at most one square is its only
        // image, so each solution is a class of its own.
        let whole = parallel::count(&BitState::<M>::new(n), 0, limits);
        let found = whole.found;
        return with_found(
            &whole,
            Counts {
                total: found,
                unique: Some(found),
            },
        );
    }
    let (outcome, counter) = parallel::count_observed(
        &SymmetricQueens::<M>::new(n),
        split_depth(n),
        limits,
        |_| OrbitCounter::new(n),
        |merged, part| {
            merged.add(&part);
            let counts = merged.counts();
            if let Some(meter) = &limits.meter {
                meter.set_found(counts.total);
            }
            progress(counts);
        },
    );
    with_found(&outcome, counter.counts())
}

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
    /// [`HALVES_SUBPROBLEMS`] subproblems, or all the blocks where there are fewer (18
    /// at n = 17, each a tenth of a second of one thread).
    pub fn split(&self, at_least: usize) -> CountSplit {
        let at_least = match self.reduction {
            Reduction::Halves => at_least.max(HALVES_SUBPROBLEMS),
            _ => at_least,
        };
        self.dispatch(SplitJob { at_least })
    }

    /// Counts the subproblem `sub` of this count's tree (one of [`split`](CountPlan::split)'s)
    /// with one search on this thread, under `limits`. The statistics leave out the
    /// subproblem's root, which the part above the split counts; `max_depth` is from the
    /// root of the whole tree. An error if `sub`'s path is not one of this tree's.
    pub fn count_subproblem(
        &self,
        sub: &Subproblem,
        limits: Limits,
    ) -> Result<Outcome<Counts>, ReplayError> {
        self.dispatch(SubproblemJob { sub, limits })
    }

    /// Runs `job` with the problem and the tally of this plan's reduction, on the mask
    /// that fits the board.
    fn dispatch<J: TallyJob>(&self, job: J) -> J::Output {
        with_mask(self.placement.n(), Dispatch { plan: self, job })
    }
}

/// A job on a plan's problem `P`, counted with the tally `T`; `depth` is the least split
/// depth for the board.
trait TallyJob {
    type Output;
    fn run<P, T>(self, problem: &P, n: usize, depth: usize) -> Self::Output
    where
        P: Problem + Clone + Send + Sync,
        P::Op: Send + Sync,
        T: Tally<P>;
}

/// The observer that counts a reduction's solutions in one part of its tree.
trait Tally<P: Problem>: Observer<P> + Send + Sized {
    /// The tally of the part below the operators `path`, on an `n`×`n` board.
    fn below(n: usize, path: &[P::Op]) -> Self;
    /// Adds another part's tally to this one.
    fn add(&mut self, other: Self);
    /// The counts of the part, the search having found `found` solutions in it.
    fn counts(&self, found: u64) -> Counts;
    /// The statistics of the count of the part, its search's being `searched`: those
    /// of the search, unless the tally searches on its own.
    fn stats(&self, searched: Stats) -> Stats {
        searched
    }
    /// Tells the tally the limits of the count, for a tally that searches on its own
    /// (see [`HalfJoin::limit`]).
    fn limit(
        &mut self,
        _deadline: Option<Instant>,
        _cancel: Option<Cancel>,
        _meter: Option<Meter>,
    ) {
    }
    /// Why the tally left part of its work undone, if it did: the count is then partial.
    fn cut(&self) -> Option<StopReason> {
        None
    }
}

impl<M: Mask> Tally<SymmetricQueens<M>> for OrbitCounter {
    fn below(n: usize, _: &[M]) -> Self {
        OrbitCounter::new(n)
    }
    fn add(&mut self, other: Self) {
        OrbitCounter::add(self, &other);
    }
    fn counts(&self, _: u64) -> Counts {
        OrbitCounter::counts(self)
    }
}

impl<M: Mask> Tally<BitState<M>> for Mirrored {
    fn below(n: usize, path: &[M]) -> Self {
        Mirrored::below::<M>(n, path)
    }
    fn add(&mut self, other: Self) {
        self.weighted += other.weighted;
    }
    fn counts(&self, _: u64) -> Counts {
        Counts {
            total: self.weighted,
            unique: None,
        }
    }
}

impl Tally<HalfBlocks> for HalfJoin {
    fn below(n: usize, _: &[u32]) -> Self {
        HalfJoin::new(n)
    }
    fn add(&mut self, other: Self) {
        HalfJoin::add(self, &other);
    }
    fn counts(&self, _: u64) -> Counts {
        Counts {
            total: self.total(),
            unique: None,
        }
    }
    fn stats(&self, searched: Stats) -> Stats {
        half_stats(self, &searched)
    }
    fn limit(&mut self, deadline: Option<Instant>, cancel: Option<Cancel>, meter: Option<Meter>) {
        HalfJoin::limit(self, deadline, cancel, meter);
    }
    fn cut(&self) -> Option<StopReason> {
        HalfJoin::cut(self)
    }
}

/// The statistics of a count by half boards: those of its half searches, in the time of
/// the search of the blocks `blocks` (whose own nodes, a few thousand at most, are left
/// out: they are not the count's work).
fn half_stats(join: &HalfJoin, blocks: &Stats) -> Stats {
    Stats {
        elapsed: blocks.elapsed,
        ..join.searched()
    }
}

/// Every solution counted as the search finds it; each one a class of its own if
/// `SINGLE` (a board of at most one square).
struct Plain<const SINGLE: bool>;

impl<P: Problem, const SINGLE: bool> Observer<P> for Plain<SINGLE> {
    const SOLUTIONS_ONLY: bool = true;
}

impl<P: Problem, const SINGLE: bool> Tally<P> for Plain<SINGLE> {
    fn below(_: usize, _: &[P::Op]) -> Self {
        Plain
    }
    fn add(&mut self, _: Self) {}
    fn counts(&self, found: u64) -> Counts {
        Counts {
            total: found,
            unique: SINGLE.then_some(found),
        }
    }
}

/// A [`TallyJob`] run on a mask, with the problem and tally of the plan's reduction.
struct Dispatch<'a, J> {
    plan: &'a CountPlan,
    job: J,
}

impl<J: TallyJob> MaskJob for Dispatch<'_, J> {
    type Output = J::Output;

    fn run<M: Mask>(self) -> J::Output {
        let Dispatch { plan, job } = self;
        let placement = &plan.placement;
        let n = placement.n();
        let depth = split_depth(n);
        match plan.reduction {
            Reduction::Full if n > 1 => {
                job.run::<_, OrbitCounter>(&SymmetricQueens::<M>::new(n), n, depth)
            }
            Reduction::Full => job.run::<_, Plain<true>>(&BitState::<M>::new(n), n, depth),
            Reduction::Mirror => job.run::<_, Mirrored>(&BitState::<M>::new(n), n, depth),
            Reduction::Halves => job.run::<_, HalfJoin>(&HalfBlocks::new(n), n, depth),
            Reduction::None if placement.is_empty() => {
                job.run::<_, Plain<false>>(&BitState::<M>::new(n), n, depth)
            }
            Reduction::None => {
                job.run::<_, Plain<false>>(&BitQueens::<M>::with_placement(placement), n, depth)
            }
        }
    }
}

/// [`CountPlan::run_share`].
struct ShareJob<'a> {
    share: Share,
    limits: &'a ParallelLimits,
}

impl TallyJob for ShareJob<'_> {
    type Output = (Outcome<Counts>, Layout);

    fn run<P, T>(self, problem: &P, n: usize, depth: usize) -> Self::Output
    where
        P: Problem + Clone + Send + Sync,
        P::Op: Send + Sync,
        T: Tally<P>,
    {
        let limits = self.limits;
        let deadline = limits.time.map(|most| Instant::now() + most);
        let (outcome, tally, layout) = parallel::count_share_observed(
            problem,
            depth,
            self.share,
            limits,
            |path| {
                let mut tally = T::below(n, path);
                tally.limit(deadline, limits.cancel.clone(), limits.meter.clone());
                tally
            },
            T::add,
        );
        let counts = tally.counts(outcome.found);
        let stats = tally.stats(outcome.stats);
        let cut = tally.cut();
        drop(tally);
        free_spare_lists();
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

impl TallyJob for SplitJob {
    type Output = CountSplit;

    fn run<P, T>(self, problem: &P, n: usize, depth: usize) -> CountSplit
    where
        P: Problem + Clone + Send + Sync,
        P::Op: Send + Sync,
        T: Tally<P>,
    {
        let (tree, tally) =
            split::split_at_least(problem, depth, self.at_least, &Limits::none(), || {
                T::below(n, &[])
            });
        let weights = split::estimate_sizes(problem, &tree, split::PROBES, split::SEED);
        let counts = tally.counts(tree.above.found);
        let mut above = with_found(&tree.above, counts);
        above.stats = tally.stats(above.stats);
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
}

impl TallyJob for SubproblemJob<'_> {
    type Output = Result<Outcome<Counts>, ReplayError>;

    fn run<P, T>(self, problem: &P, n: usize, _: usize) -> Self::Output
    where
        P: Problem + Clone + Send + Sync,
        P::Op: Send + Sync,
        T: Tally<P>,
    {
        let (state, ops) = self.sub.replay_ops(problem)?;
        let mut tally = T::below(n, &ops);
        let deadline = self.limits.time.map(|most| Instant::now() + most);
        let limits = &self.limits;
        tally.limit(deadline, limits.cancel.clone(), limits.meter.clone());
        let mut outcome = Search::new(state)
            .observer(&mut tally)
            .limits(self.limits)
            .count_solutions();
        // The subproblem's root is a node of the part above the split.
        outcome.stats.nodes = outcome.stats.nodes.saturating_sub(1);
        outcome.stats.max_depth += ops.len();
        outcome.stats = tally.stats(outcome.stats);
        outcome.stopped = outcome.stopped.or(tally.cut());
        let counts = tally.counts(outcome.found);
        Ok(with_found(&outcome, counts))
    }
}
