//! Counting N-Queens solutions on all cores: the whole tree, the mirror-halved tree,
//! the symmetric space or half boards.
//!
//! A [`CountPlan`] is a count checked before it runs; it runs whole (`run`, here), in
//! samples and probes for an estimate (`estimate`), or in parts and subproblems that other
//! processes count (`parts`). Each reduction also has a function of its own
//! (`reductions`).

mod estimate;
mod parts;
mod reductions;

use std::time::Instant;

use backtrack::observer::{OnSolution, Solutions};
use backtrack::progress::Meter;
use backtrack::{parallel, Limits, Outcome, ParallelLimits, Search, SplitDepth, Stats};
use thiserror::Error;

use super::bitboard::{with_mask, Mask, MaskJob};
use super::halves::{HalfBlocks, HalfCache, HalfJoin, MAX_HALVES};
use super::orbits::OrbitCounter;
use super::{BitQueens, BitState, Placement, SymmetricQueens};
pub use parts::{CountSplit, HALVES_SUBPROBLEMS};
pub use reductions::{count_halves, count_mirrored, count_symmetric, count_unique};
use reductions::{count_mirrored_in_order, Mirrored};

/// A number of solutions and, when the count tells classes apart, the number of their
/// classes under the eight symmetries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Solutions (OEIS A000170 for empty boards).
    pub total: u64,
    /// Classes of solutions (OEIS A002562 for empty boards), each counted once: known
    /// from a count in the symmetric space ([`Reduction::Full`]), `None` from the others.
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
    /// All eight symmetries: the symmetric space ([`count_symmetric`]), where each
    /// class is counted once with its size, which gives the number of classes too. Under a
    /// tenth of the tree; empty boards only.
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
pub struct CountPlan {
    placement: Placement,
    reduction: Reduction,
    /// The lists of half boards that the subproblems counted one by one
    /// ([`count_subproblem`](CountPlan::count_subproblem)) hand on to each other.
    cache: HalfCache,
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
            cache: HalfCache::default(),
        })
    }

    /// Counts, on the current rayon thread pool: see [`count`].
    pub fn run(&self, limits: &ParallelLimits) -> Outcome<Counts> {
        with_mask(self.placement.n(), Run { plan: self, limits })
    }

    /// Counts on this thread, in search order: the same count and the same tree as
    /// [`run`](CountPlan::run), but with any [`Limits`], node and solution budgets
    /// included (a solution budget counts the solutions of the tree searched: with a
    /// reduction, the boards reached in the reduced tree).
    pub fn run_in_order(&self, limits: Limits) -> Outcome<Counts> {
        with_mask(self.placement.n(), RunInOrder { plan: self, limits })
    }
}

/// The board and the reduction; a clone starts with no lists of its own.
impl Clone for CountPlan {
    fn clone(&self) -> Self {
        CountPlan {
            placement: self.placement.clone(),
            reduction: self.reduction,
            cache: HalfCache::default(),
        }
    }
}

/// Plans are equal when they count the same board the same way, whatever their lists.
impl PartialEq for CountPlan {
    fn eq(&self, other: &Self) -> bool {
        (&self.placement, self.reduction) == (&other.placement, other.reduction)
    }
}

impl Eq for CountPlan {}

/// The board and the reduction, not the lists.
impl std::fmt::Debug for CountPlan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CountPlan")
            .field("placement", &self.placement)
            .field("reduction", &self.reduction)
            .finish_non_exhaustive()
    }
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
                    .observer(Solutions(&mut counter))
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
                let (outcome, mirrored) = count_mirrored_in_order::<M>(n, &limits);
                total(outcome, mirrored)
            }
            Reduction::Halves => {
                let mut join = Metered {
                    join: HalfJoin::new(n),
                    meter: limits.meter.clone(),
                };
                if let Some(meter) = &join.meter {
                    // None counted yet: the searches' own solutions are blocks of halves.
                    meter.set_found(0);
                }
                let deadline = limits.time.map(|most| Instant::now() + most);
                join.join
                    .limit(deadline, limits.cancel.clone(), limits.meter.clone());
                let outcome = Search::new(HalfBlocks::new(n))
                    .observer(Solutions(&mut join))
                    .limits(limits)
                    .count_solutions();
                let found = join.join.total();
                let stats = half_stats(&join.join, &outcome.stats);
                let stopped = outcome.stopped.or(join.join.cut());
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

impl OnSolution<HalfBlocks> for Metered {
    fn on_solution(&mut self, block: &HalfBlocks, depth: usize) {
        self.join.on_solution(block, depth);
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
                SplitDepth(split_depth(n)),
                limits,
            )),
            Reduction::None => total(parallel::count(
                &BitQueens::<M>::with_placement(placement),
                SplitDepth(split_depth(n)),
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

/// The statistics of a count by half boards: those of its half searches, in the time of
/// the search of the blocks `blocks` (whose own nodes, a few thousand at most, are left
/// out: they are not the count's work).
fn half_stats(join: &HalfJoin, blocks: &Stats) -> Stats {
    Stats {
        elapsed: blocks.elapsed,
        ..join.searched()
    }
}
