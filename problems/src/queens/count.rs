//! Counting N-Queens solutions on all cores: the whole tree, the mirror-halved tree, or
//! Takaken's reduced space.

use backtrack::{parallel, Observer, Outcome, ParallelLimits, Search};
use thiserror::Error;

use super::bitboard::{with_mask, Mask};
use super::orbits::{OrbitCounter, Symmetry};
use super::{BitQueens, Placement, SymmetricQueens};

/// A number of solutions and the number of their classes under the eight symmetries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Solutions (OEIS A000170 for empty boards).
    pub total: u64,
    /// Classes of solutions (OEIS A002562 for empty boards), each counted once by its
    /// canonical form. With queens placed ([`count`]): the classes whose canonical form
    /// keeps every placed queen.
    pub unique: u64,
}

impl Counts {
    pub(super) fn add(&mut self, other: Counts) {
        self.total += other.total;
        self.unique += other.unique;
    }
}

/// Which symmetries of the board a [`count`] uses to search less of its tree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Reduction {
    /// None: the whole tree, on any board, queens placed or not ([`BitQueens`] split by
    /// [`parallel::count_observed`]); every solution is checked for canonical form.
    None,
    /// The mirror image: only the first-row columns left of the middle and the middle one
    /// are searched, and a solution counts for itself and its mirror image (as
    /// [`count_mirrored`]); every solution is checked for canonical form. About half the
    /// tree; empty boards only.
    Mirror,
    /// All eight symmetries: Takaken's reduced space ([`count_symmetric`]), where each class
    /// is counted once with its size. About a fifth of the tree, the fastest; empty boards
    /// only.
    #[default]
    Full,
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
}

/// Counts the solutions of an N-Queens board and their classes under the eight symmetries,
/// on the current rayon thread pool, with the bitboard mask that fits the board.
///
/// - `placement`: the board, and the queens placed on it before the search (none for the
///   classic count).
/// - `reduction`: which symmetries to search less with: [`Reduction::Full`] is the fastest;
///   a board with queens placed is counted whole ([`Reduction::None`]).
/// - `limits`: a time limit, a cancellation flag and a meter for the whole count; a
///   stopped count is partial.
///
/// Returns both counts and the statistics of the tree searched (for [`Reduction::Full`],
/// the reduced tree: its `solutions` are the boards reached in it, a seventh of all at
/// n = 16). With queens placed, `unique` counts the classes whose canonical form keeps
/// every placed queen: those counted with [`Symmetry::is_canonical`] among the completions.
///
/// ```
/// use backtrack::ParallelLimits;
/// use backtrack_problems::queens::{count, Counts, Placement, Reduction};
///
/// let empty = Placement::empty(8);
/// for reduction in [Reduction::None, Reduction::Mirror, Reduction::Full] {
///     let outcome = count(&empty, reduction, &ParallelLimits::none())?;
///     assert_eq!(outcome.found, Counts { total: 92, unique: 12 });
/// }
/// // A queen in the corner: 4 solutions, in 2 classes (each with the transposed board).
/// let corner = Placement::new(8, &[(1, 1)])?;
/// let outcome = count(&corner, Reduction::None, &ParallelLimits::none())?;
/// assert_eq!(outcome.found, Counts { total: 4, unique: 2 });
/// assert!(count(&corner, Reduction::Full, &ParallelLimits::none()).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count(
    placement: &Placement,
    reduction: Reduction,
    limits: &ParallelLimits,
) -> Result<Outcome<Counts>, CountError> {
    let n = placement.n();
    if n > 128 {
        return Err(CountError::TooBig(n));
    }
    if reduction != Reduction::None && !placement.is_empty() {
        return Err(CountError::PlacedQueens);
    }
    Ok(with_mask!(n, M => count_with::<M>(placement, reduction, limits)))
}

/// [`count`] with the mask `M`.
fn count_with<M: Mask>(
    placement: &Placement,
    reduction: Reduction,
    limits: &ParallelLimits,
) -> Outcome<Counts> {
    let n = placement.n();
    match reduction {
        Reduction::Full => count_symmetric::<M>(n, limits, |_| {}),
        // n = 0 has one solution with no first queen to mirror: counted whole, below.
        Reduction::Mirror if n > 0 => {
            let (outcome, (mirrored, canonical)) = count_left_half::<M, _>(
                n,
                limits,
                || (Mirrored::new(n), CanonicalCounter::new(n)),
                |(mirrored, canonical), (more, more_canonical)| {
                    mirrored.weighted += more.weighted;
                    canonical.canonical += more_canonical.canonical;
                },
            );
            with_found(
                &outcome,
                Counts {
                    total: mirrored.weighted,
                    unique: canonical.canonical,
                },
            )
        }
        Reduction::Mirror | Reduction::None => {
            let (outcome, canonical) = parallel::count_observed(
                &BitQueens::<M>::with_placement(placement),
                split_depth(n),
                limits,
                || CanonicalCounter::new(n),
                |a, b| a.canonical += b.canonical,
                |_| {},
            );
            with_found(
                &outcome,
                Counts {
                    total: outcome.found,
                    unique: canonical.canonical,
                },
            )
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
fn with_found<T>(outcome: &Outcome<u64>, found: T) -> Outcome<T> {
    Outcome {
        found,
        stats: outcome.stats,
        stopped: outcome.stopped,
    }
}

/// Counts each solution with its mirror image: twice when the first queen is left of the
/// middle column, once when it is on it.
struct Mirrored {
    /// The middle column of an odd board (none for an even one).
    middle: Option<u32>,
    weighted: u64,
}

impl Mirrored {
    fn new(n: usize) -> Self {
        Mirrored {
            middle: (n % 2 == 1).then_some((n / 2) as u32),
            weighted: 0,
        }
    }
}

impl<M: Mask> Observer<BitQueens<M>> for Mirrored {
    #[inline]
    fn solution(&mut self, problem: &BitQueens<M>, _depth: usize) {
        let first = problem.first_column();
        self.weighted += if Some(first) == self.middle { 1 } else { 2 };
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
    fn solution(&mut self, problem: &BitQueens<M>, _depth: usize) {
        problem.placed_into(&mut self.cols);
        if self.symmetry.is_canonical(&self.cols) {
            self.canonical += 1;
        }
    }
}

/// Counts the `n`-queens tree with row 0 restricted to the columns left of the middle and
/// the middle one (where every solution or its mirror image starts, and every canonical
/// solution), split on the current rayon thread pool, each part watched by an observer
/// from `observer`, merged by `merge`.
fn count_left_half<M: Mask, O: Observer<BitQueens<M>> + Send>(
    n: usize,
    limits: &ParallelLimits,
    observer: impl Fn() -> O + Sync,
    merge: impl Fn(&mut O, O) + Sync,
) -> (Outcome<u64>, O) {
    let mut half = BitQueens::<M>::new(n);
    if n > 0 {
        half.restrict_row(0, M::low_bits(n.div_ceil(2) as u32));
    }
    parallel::count_observed(&half, split_depth(n), limits, observer, merge, |_| {})
}

/// Counts the solutions of `n`-queens through the engine with first-row mirror halving, on
/// the current rayon thread pool ([`parallel::count_observed`]).
///
/// Only the first-row columns left of the middle, and the middle one of an odd board, are
/// searched; a solution counts twice (itself and its mirror image) unless its first queen
/// is in the middle. `limits` may hold a time limit, a cancellation flag and a meter; a
/// stopped count is partial. The statistics are those of the halved tree (`solutions`
/// counts the boards reached in it, not their mirror images).
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
    if n == 0 {
        // One solution, with no first queen to mirror.
        return parallel::count(&BitQueens::<M>::new(0), 0, limits);
    }
    let (outcome, mirrored) = count_left_half::<M, _>(
        n,
        limits,
        || Mirrored::new(n),
        |a, b| a.weighted += b.weighted,
    );
    with_found(&outcome, mirrored.weighted)
}

/// Counts the fundamentally different solutions of `n`-queens (OEIS A002562): those that
/// are the canonical form of their class.
///
/// A canonical solution never has its first queen right of the middle, so only the left
/// half of the first row and its middle are searched, split among the threads of the
/// current rayon pool ([`parallel::count_observed`]); each solution reached is checked
/// with [`Symmetry::is_canonical`]. `limits` may hold a time limit, a cancellation flag
/// and a meter, which apply to the whole count; a stopped count is partial (the classes met
/// so far). The statistics are those of the halved tree.
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
    let (outcome, canonical) = count_left_half::<M, _>(
        n,
        limits,
        || CanonicalCounter::new(n),
        |a, b| a.canonical += b.canonical,
    );
    with_found(&outcome, canonical.canonical)
}

/// Counts the solutions of `n`-queens and their classes under the eight symmetries in one
/// search of the reduced space of [`SymmetricQueens`], on the current rayon thread pool.
///
/// The reduced tree is split at a small depth, and each subtree is counted by its own
/// [`Search`] with an [`OrbitCounter`] ([`parallel::count_observed`]). `limits` may hold a
/// time limit, a cancellation flag and a meter; a stopped count is partial (the classes
/// met so far, with their sizes). `progress` gets the [`Counts`] so far after each subtree.
///
/// The statistics are those of the reduced tree: its nodes, and as `solutions` the
/// complete boards reached in it (about a seventh of all solutions), not the weighted
/// total. Boards of `n <= 1` are counted by a plain search.
///
/// ```
/// use backtrack::ParallelLimits;
/// use backtrack_problems::queens::count_symmetric;
///
/// let outcome = count_symmetric::<u32>(8, &ParallelLimits::none(), |_| {});
/// assert_eq!((outcome.found.total, outcome.found.unique), (92, 12));
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
        let plain = Search::new(BitQueens::<M>::new(n))
            .limits(limits.clone().into())
            .count_solutions();
        let found = plain.found;
        return with_found(
            &plain,
            Counts {
                total: found,
                unique: found,
            },
        );
    }
    let (outcome, counter) = parallel::count_observed(
        &SymmetricQueens::<M>::new(n),
        split_depth(n),
        limits,
        || OrbitCounter::new(n),
        |merged, part| merged.add(&part),
        |counter| progress(counter.counts()),
    );
    with_found(&outcome, counter.counts())
}
