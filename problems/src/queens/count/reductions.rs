//! One count a reduction, on the current rayon thread pool: the mirror-halved tree, half
//! boards, the symmetric space, and the classes alone.

use std::time::Instant;

use backtrack::observer::{OnSolution, Solutions};
use backtrack::progress::Meter;
use backtrack::{parallel, Control, Limits, Observer, Outcome, ParallelLimits, SplitDepth};

use super::{half_stats, split_depth, with_found, Counts};
use crate::queens::bitboard::Mask;
use crate::queens::halves::{block_columns, HalfBlocks, HalfCache, HalfJoin};
use crate::queens::orbits::{OrbitCounter, Symmetry};
use crate::queens::{BitQueens, BitState, SymmetricQueens};

/// Mirror halving as an observer: prunes the first-row queens right of the middle (their
/// boards are the mirror images of those left of it), and counts each solution with its
/// mirror image: twice when the first queen is left of the middle column, once when it is
/// on it.
pub(super) struct Mirrored {
    /// The first column right of the middle: `n.div_ceil(2)`.
    right: u32,
    /// The middle column of an odd board (none for an even one).
    middle: Option<u32>,
    /// The column of row 0's queen, once placed.
    first: u32,
    /// Does row 0's queen come in an [`enter`](Observer::enter) (a part that starts at the
    /// root), or is it on the path the part starts from?
    follow: bool,
    pub(super) weighted: u64,
}

impl Mirrored {
    /// The observer of the part below the queens `path`.
    pub(super) fn below<M: Mask>(n: usize, path: &[M]) -> Self {
        Mirrored {
            right: n.div_ceil(2) as u32,
            middle: (n % 2 == 1).then_some((n / 2) as u32),
            first: path.first().map_or(0, |bit| bit.trailing_zeros()),
            follow: path.is_empty(),
            weighted: 0,
        }
    }
}

impl Mirrored {
    /// Adds a part's count, and tells `meter` the total so far.
    fn add(&mut self, part: &Weighted, meter: Option<&Meter>) {
        self.weighted += part.weighted;
        if let Some(meter) = meter {
            meter.set_found(self.weighted);
        }
    }

    /// The weight of a solution: 1 if row 0's queen is in the middle column, else 2.
    fn weight(&self) -> u64 {
        if Some(self.first) == self.middle {
            1
        } else {
            2
        }
    }

    /// Row 0's queen, in column `first`: pruned right of the middle. Out of line, so that
    /// the search keeps no register for it below row 0.
    #[cold]
    #[inline(never)]
    fn first_row(&mut self, first: u32) -> Control {
        self.first = first;
        if first >= self.right {
            Control::Prune
        } else {
            Control::Continue
        }
    }
}

impl<M: Mask> Observer<BitState<M>> for Mirrored {
    #[inline]
    fn enter(&mut self, _: &BitState<M>, depth: usize, op: Option<M>) -> Control {
        if depth == 1 && self.follow {
            return self.first_row(op.map_or(0, Mask::trailing_zeros));
        }
        Control::Continue
    }

    #[inline]
    fn solution(&mut self, _: &BitState<M>, depth: usize) {
        // A board of no square has one solution and no queen to mirror.
        self.weighted += if depth == 0 { 1 } else { self.weight() };
    }
}

/// The observer of a part below row 0 of a mirror-halved count: row 0's queen is on the
/// part's path, so every solution of the part has the same weight ([`Mirrored`]), and no
/// node needs looking at.
struct Weighted {
    weight: u64,
    weighted: u64,
}

impl Weighted {
    /// The observer of the part below the queens `path`, row 0's among them.
    fn below<M: Mask>(n: usize, path: &[M]) -> Self {
        Weighted {
            weight: Mirrored::below(n, path).weight(),
            weighted: 0,
        }
    }
}

impl<M: Mask> Observer<BitState<M>> for Weighted {
    #[inline]
    fn solution(&mut self, _: &BitState<M>, _: usize) {
        self.weighted += self.weight;
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

impl<M: Mask> OnSolution<BitQueens<M>> for CanonicalCounter {
    fn on_solution(&mut self, problem: &BitQueens<M>, _depth: usize) {
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
/// searched (an observer of the tree above the split prunes the others as they are
/// entered); a solution counts twice (itself and its mirror image) unless its first queen
/// is in the middle. The parts, below row 0, each know their weight from their path, and
/// are searched with no hook but the one at a solution. `limits` may hold
/// a time limit, a cancellation flag and a meter; a stopped count is partial. The
/// statistics are those of the halved tree (`solutions` counts the boards reached in it,
/// not their mirror images).
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
        SplitDepth(split_depth(n)),
        limits,
        Mirrored::below::<M>(n, &[]),
        // Every part is below row 0: the split is at least one row deep, and row 1 has
        // fewer nodes than the split's widest level may hold.
        |path| Weighted::below(n, path),
        |mirrored, part| mirrored.add(&part, limits.meter.as_ref()),
    );
    with_found(&outcome, mirrored.weighted)
}

/// [`count_mirrored`] on this thread, in search order, with any `limits`
/// ([`parallel::count_in_order`]): row 0's queens searched one after the other, with no
/// hook below row 0 but the one at a solution. Returns the count of the halved tree and
/// the weighted count, the solutions of the board.
pub(super) fn count_mirrored_in_order<M: Mask>(n: usize, limits: &Limits) -> (Outcome<u64>, u64) {
    let (outcome, mirrored) = parallel::count_in_order(
        &BitState::<M>::new(n),
        SplitDepth(1),
        limits,
        Mirrored::below::<M>(n, &[]),
        |path| Weighted::below(n, path),
        |mirrored, part| mirrored.add(&part, limits.meter.as_ref()),
    );
    (outcome, mirrored.weighted)
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
/// The lists that hold the halves of a block are the count's own: each thread's join
/// takes spare lists when it starts a part and gives them back when its part is merged,
/// so that the parts do not each grow theirs from nothing; they are freed when the count
/// ends.
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
/// If `n` exceeds [`MAX_HALVES`](crate::queens::MAX_HALVES).
pub fn count_halves(n: usize, limits: &ParallelLimits) -> Outcome<u64> {
    let deadline = limits.time.map(|most| Instant::now() + most);
    if let Some(meter) = &limits.meter {
        // None counted yet: the searches' own solutions are halves, not solutions.
        meter.set_found(0);
    }
    let cache = HalfCache::default();
    let join = || {
        let mut join = HalfJoin::cached(n, &cache);
        join.limit(deadline, limits.cancel.clone(), limits.meter.clone());
        Solutions(join)
    };
    let (outcome, Solutions(join)) = parallel::count_observed(
        &HalfBlocks::new(n),
        // A subproblem for each block: the middle column, then the columns fixed.
        SplitDepth(n % 2 + block_columns(n)),
        limits,
        join(),
        |_| join(),
        |Solutions(merged), Solutions(part)| {
            merged.add(&part);
            part.recycle(&cache);
            if let Some(meter) = &limits.meter {
                meter.set_found(merged.total());
            }
        },
    );
    let total = join.total();
    let stats = half_stats(&join, &outcome.stats);
    let stopped = outcome.stopped.or(join.cut());
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
    let (outcome, Solutions(canonical)) = parallel::count_observed(
        &half,
        SplitDepth(split_depth(n)),
        limits,
        Solutions(CanonicalCounter::new(n)),
        |_| Solutions(CanonicalCounter::new(n)),
        |Solutions(a), Solutions(b)| a.canonical += b.canonical,
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
        let whole = parallel::count(&BitState::<M>::new(n), SplitDepth(0), limits);
        let found = whole.found;
        return with_found(
            &whole,
            Counts {
                total: found,
                unique: Some(found),
            },
        );
    }
    let (outcome, Solutions(counter)) = parallel::count_observed(
        &SymmetricQueens::<M>::new(n),
        SplitDepth(split_depth(n)),
        limits,
        Solutions(OrbitCounter::new(n)),
        |_| Solutions(OrbitCounter::new(n)),
        |Solutions(merged), Solutions(part)| {
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
