//! The eight symmetries of the board, canonical forms, and counting with symmetry.
//!
//! Two solutions are *fundamentally* the same when a rotation or reflection of the board
//! turns one into the other. Each class has exactly one lexicographically smallest member,
//! its *canonical* form: counting the canonical solutions counts the classes (OEIS A002562),
//! and listing only canonical solutions lists one representative of each.
//!
//! Plain counting uses the mirror symmetry differently: a solution with its first-row queen
//! in the left half has a mirror image with it in the right half, so the right half is never
//! searched; the left half counts twice, and the middle column of an odd board once.

use backtrack::observer::Observer;
use backtrack::parallel;
use backtrack::{Limits, Outcome, ParallelLimits, Search, StopReason};
use rayon::prelude::*;

use super::bits::{BitQueens, Mask};

/// A reusable canonical-form checker for solutions of one board size (no allocation per
/// check).
///
/// ```
/// use backtrack_problems::queens::Symmetry;
///
/// let mut sym = Symmetry::new(4);
/// assert!(sym.is_canonical(&[1, 3, 0, 2]));
/// assert!(!sym.is_canonical(&[2, 0, 3, 1])); // the mirror image of the one above
/// assert_eq!(sym.canonical(&[2, 0, 3, 1]), [1, 3, 0, 2]);
/// ```
#[derive(Clone, Debug)]
pub struct Symmetry {
    n: usize,
    /// Scratch: the inverse permutation (the transposed board).
    inverse: Vec<usize>,
    /// Scratch: one transformed solution.
    image: Vec<usize>,
}

impl Symmetry {
    /// A checker for `n`×`n` boards.
    pub fn new(n: usize) -> Self {
        Symmetry {
            n,
            inverse: vec![0; n],
            image: vec![0; n],
        }
    }

    /// The eight images of `cols` under the symmetries of the square, identity first.
    /// `cols` must be a permutation of `0..n` (any solution is).
    pub fn images(&self, cols: &[usize]) -> [Vec<usize>; 8] {
        let n = self.n;
        let m = n.saturating_sub(1);
        let mut inv = vec![0; n];
        for (r, &c) in cols.iter().enumerate() {
            inv[c] = r;
        }
        let f = |g: &dyn Fn(usize) -> usize| (0..n).map(g).collect::<Vec<usize>>();
        [
            cols.to_vec(),
            f(&|r| m - cols[r]),     // mirror left-right
            f(&|r| cols[m - r]),     // mirror top-bottom
            f(&|r| m - cols[m - r]), // rotate 180°
            inv.clone(),             // transpose
            f(&|r| m - inv[m - r]),  // anti-transpose
            f(&|r| inv[m - r]),      // rotate 90°
            f(&|r| m - inv[r]),      // rotate 270°
        ]
    }

    /// The canonical form of `cols`: the lexicographically smallest of its eight images.
    pub fn canonical(&self, cols: &[usize]) -> Vec<usize> {
        self.images(cols).into_iter().min().expect("eight images")
    }

    /// Is `cols` the canonical form of its class (no image is lexicographically smaller)?
    ///
    /// Stops comparing an image at its first difference from `cols`, and computes the
    /// transposed images only if the first three reflections do not already decide.
    pub fn is_canonical(&mut self, cols: &[usize]) -> bool {
        let n = self.n;
        debug_assert_eq!(cols.len(), n);
        if n == 0 {
            return true;
        }
        let m = n - 1;
        // Images that are cheap to compute element by element.
        if smaller(cols, |r| m - cols[r])
            || smaller(cols, |r| cols[m - r])
            || smaller(cols, |r| m - cols[m - r])
        {
            return false;
        }
        for (r, &c) in cols.iter().enumerate() {
            self.inverse[c] = r;
        }
        let inv = &self.inverse;
        let image = &mut self.image;
        image.copy_from_slice(inv);
        if smaller(cols, |r| image[r])
            || smaller(cols, |r| m - inv[m - r])
            || smaller(cols, |r| inv[m - r])
            || smaller(cols, |r| m - inv[r])
        {
            return false;
        }
        true
    }
}

/// Is the image `g(0), g(1), …` lexicographically smaller than `cols`?
#[inline]
fn smaller(cols: &[usize], g: impl Fn(usize) -> usize) -> bool {
    for (r, &c) in cols.iter().enumerate() {
        let x = g(r);
        if x != c {
            return x < c;
        }
    }
    false
}

/// How deep to split the tree for the thread pool: deep enough for a few hundred subtrees.
fn split_depth(n: usize) -> usize {
    match n {
        0..=6 => 1,
        7..=11 => 2,
        _ => 3,
    }
}

/// Adds the figures of a search run after `total` (not beside it): times add up.
fn add_sequential(total: &mut Outcome<u64>, next: &Outcome<u64>) {
    let elapsed = total.stats.elapsed + next.stats.elapsed;
    total.stats.merge(&next.stats);
    total.stats.elapsed = elapsed;
    total.found += next.found;
    total.stopped = total.stopped.or(next.stopped);
}

/// Counts each solution with its mirror image: twice when the first queen is left of the
/// middle column, once when it is on it.
struct Mirrored {
    /// The middle column of an odd board (none for an even one).
    middle: Option<u32>,
    weighted: u64,
}

impl<M: Mask> Observer<BitQueens<M>> for Mirrored {
    #[inline]
    fn solution(&mut self, problem: &BitQueens<M>, _depth: usize) {
        let first = problem.first_column();
        self.weighted += if Some(first) == self.middle { 1 } else { 2 };
    }
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
        return Search::new(BitQueens::<M>::new(0)).count_solutions();
    }
    let mut half = BitQueens::<M>::new(n);
    half.restrict_row(0, M::low_bits(n.div_ceil(2) as u32));
    let middle = (n % 2 == 1).then_some((n / 2) as u32);
    let (outcome, mirrored) = parallel::count_observed(
        &half,
        split_depth(n),
        limits,
        || Mirrored {
            middle,
            weighted: 0,
        },
        |a, b| a.weighted += b.weighted,
        |_| {},
    );
    Outcome {
        found: mirrored.weighted,
        stats: outcome.stats,
        stopped: outcome.stopped,
    }
}

/// Counts the fundamentally different solutions of `n`-queens (OEIS A002562): those that
/// are the canonical form of their class.
///
/// The first row is split among the threads of the current rayon pool. A canonical
/// solution never has its first queen right of the middle, so those columns are skipped.
/// `limits` may hold a time limit and a cancellation flag, which apply to the whole count;
/// a stopped count is partial (the classes met so far).
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
    if n <= 1 {
        return Search::new(BitQueens::<M>::new(n)).count_solutions();
    }
    // Subtrees: (first-row column in the left half or middle, any second-row column).
    let firsts = n.div_ceil(2);
    let jobs: Vec<(usize, usize)> = (0..firsts)
        .flat_map(|a| (0..n).map(move |b| (a, b)))
        .collect();
    let start = std::time::Instant::now();
    let stopped = std::sync::Mutex::new(None::<StopReason>);
    let outcomes: Vec<Outcome<u64>> = jobs
        .par_iter()
        .map(|&(a, b)| {
            // One clock and one stop for the whole count, not one per job (as
            // `parallel::count`).
            let not_run = |reason| Outcome {
                found: 0,
                stats: backtrack::Stats::default(),
                stopped: Some(reason),
            };
            if let Some(reason) = *stopped.lock().expect("no panics while locked") {
                return not_run(reason);
            }
            let mut job_limits = Limits::from(limits.clone());
            if let Some(max) = limits.time {
                let Some(left) = max.checked_sub(start.elapsed()) else {
                    return not_run(StopReason::TimeLimit);
                };
                job_limits = job_limits.time(left);
            }
            let mut problem = BitQueens::<M>::new(n);
            problem.restrict_row(0, M::ONE << a as u32);
            problem.restrict_row(1, M::ONE << b as u32);
            let mut counter = CanonicalCounter {
                symmetry: Symmetry::new(n),
                cols: Vec::with_capacity(n),
                canonical: 0,
            };
            let outcome = Search::new(problem)
                .observer(&mut counter)
                .limits(job_limits)
                .count_solutions();
            if let Some(reason) = outcome.stopped {
                *stopped.lock().expect("no panics while locked") = Some(reason);
            }
            Outcome {
                found: counter.canonical,
                stats: outcome.stats,
                stopped: outcome.stopped,
            }
        })
        .collect();
    let mut total = Outcome {
        found: 0,
        stats: backtrack::Stats::default(),
        stopped: None::<StopReason>,
    };
    for (k, outcome) in outcomes.iter().enumerate() {
        let mut outcome = outcome.clone();
        if k > 0 {
            // Every job starts from the same root (a job stopped before it has no node).
            outcome.stats.nodes = outcome.stats.nodes.saturating_sub(1);
        }
        add_sequential(&mut total, &outcome);
    }
    total.stats.elapsed = start.elapsed();
    total
}

/// Counts the solutions that are canonical, as the engine reaches them.
struct CanonicalCounter {
    symmetry: Symmetry,
    cols: Vec<usize>,
    canonical: u64,
}

impl<M: Mask> Observer<BitQueens<M>> for CanonicalCounter {
    fn solution(&mut self, problem: &BitQueens<M>, _depth: usize) {
        problem.placed_into(&mut self.cols);
        if self.symmetry.is_canonical(&self.cols) {
            self.canonical += 1;
        }
    }
}
