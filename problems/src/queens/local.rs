//! Min-conflicts local search: a greedy start, then swaps that lower the number of attacks.
//!
//! After S. Minton, M. D. Johnston, A. B. Philips and P. Laird, *Solving large-scale
//! constraint satisfaction and scheduling problems using a heuristic repair method*, AAAI
//! 1990, and R. Sosič and J. Gu, *3,000,000 queens in less than one minute*, SIGART
//! Bulletin 2(2), 1991 (their QS4: a permutation, so that columns never clash; a greedy
//! start that puts most queens where nothing attacks them; repair by swapping two queens'
//! columns).

use std::collections::VecDeque;

use backtrack::Cancel;
use oorandom::Rand64;

use super::check::verify_fast;
use super::method::SolveError;
use super::place::Placement;

/// How many random columns the greedy start tries for a row before it settles for the
/// least attacked of them.
const START_TRIES: u32 = 32;

/// How many random partners a queen under attack tries before it takes a swap that
/// changes nothing (or, failing that, the last one tried).
const SWAP_TRIES: u32 = 256;

/// How many steps go by between two looks at the cancellation flag.
const LOOK_EVERY: u64 = 4096;

/// Min-conflicts local search for a first solution of n-queens, seeded and deterministic.
///
/// The board is a permutation (row `r`'s queen in column `q[r]`), so only diagonals can
/// clash; each diagonal keeps its count of queens. The greedy start fills the rows in
/// order, each with the first of up to 32 random unused columns that no queen attacks
/// (or the least attacked of them). Then, while some queen is attacked, it swaps columns
/// with a random other queen if that lowers the number of attacks (trying up to 256
/// partners, then taking a swap that changes nothing). A step is one swap tried.
///
/// Pre-placed queens are kept where they are: only the other rows move, among the other
/// columns. With them there may be no solution at all, which a local search cannot tell:
/// it stops at its step limit.
///
/// Memory: four arrays of `u32`, about 24n bytes (240 MB for n = 10⁷), plus the result.
///
/// ```
/// use backtrack_problems::queens::{verify, LocalSearch, Placement};
///
/// let found = LocalSearch::new(1).solve(&Placement::empty(100)).unwrap();
/// assert!(verify(100, &found.cols));
/// // Queens given stay put.
/// let placement = Placement::new(100, &[(1, 1), (50, 30)]).unwrap();
/// let found = LocalSearch::new(1).solve(&placement).unwrap();
/// assert!(verify(100, &found.cols) && placement.is_kept_by(&found.cols));
/// ```
#[derive(Clone, Debug)]
pub struct LocalSearch {
    seed: u64,
    max_steps: Option<u64>,
    cancel: Option<Cancel>,
}

/// What [`LocalSearch::solve`] found: the board (checked) and the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocalSolution {
    /// The 0-based column of each row's queen, row 0 first.
    pub cols: Vec<usize>,
    /// The swaps tried.
    pub steps: u64,
    /// Attacks left by the greedy start (each diagonal with k ≥ 2 queens counts k − 1).
    pub start_conflicts: u64,
}

impl LocalSearch {
    /// A local search seeded with `seed`, with the default step limit
    /// ([`LocalSearch::default_steps`]) and no cancellation flag.
    pub fn new(seed: u64) -> Self {
        LocalSearch {
            seed,
            max_steps: None,
            cancel: None,
        }
    }

    /// Stops after `steps` swaps tried.
    #[must_use]
    pub fn max_steps(mut self, steps: u64) -> Self {
        self.max_steps = Some(steps);
        self
    }

    /// Stops soon after `flag` is set (it is looked at every few thousand steps).
    #[must_use]
    pub fn cancel(mut self, flag: Cancel) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// The step limit unless one is set: `100·n + 10⁶`, far more than a board without
    /// queens placed needs (a few steps per queen the greedy start leaves attacked).
    pub fn default_steps(n: usize) -> u64 {
        100 * n as u64 + 1_000_000
    }

    /// Searches for a solution that keeps the queens of `placement`.
    ///
    /// Returns the board, checked by [`verify_fast`], or why there is none:
    /// [`SolveError::NoSolution`] for n = 2 and 3, [`SolveError::StepLimit`],
    /// [`SolveError::Cancelled`].
    ///
    /// # Panics
    ///
    /// If the board size does not fit in a `u32`.
    pub fn solve(&self, placement: &Placement) -> Result<LocalSolution, SolveError> {
        let n = placement.n();
        if n == 2 || n == 3 {
            return Err(SolveError::NoSolution { n });
        }
        let max_steps = self.max_steps.unwrap_or_else(|| Self::default_steps(n));
        let mut rng = Rand64::new(u128::from(self.seed));
        let cancel = self.cancel.as_ref();
        let cancelled = |steps| SolveError::Cancelled { steps };
        let mut board = Board::start(placement, &mut rng, cancel).ok_or(cancelled(0))?;
        let start_conflicts = board.conflicts;
        let mut steps = 0;
        // A board stuck in a local minimum (small boards are, often) starts afresh.
        while !board.repair(&mut steps, max_steps, cancel, &mut rng)? {
            board = Board::start(placement, &mut rng, cancel).ok_or(cancelled(steps))?;
        }
        let cols: Vec<usize> = board.q.iter().map(|&c| c as usize).collect();
        if verify_fast(n, &cols) && placement.is_kept_by(&cols) {
            Ok(LocalSolution {
                cols,
                steps,
                start_conflicts,
            })
        } else {
            Err(SolveError::Unverified {
                method: "local search",
            })
        }
    }
}

/// The board being repaired.
struct Board {
    n: usize,
    /// The column of each row's queen.
    q: Vec<u32>,
    /// Queens on each diagonal, indexed by `row + col`.
    diag: Vec<u32>,
    /// Queens on each anti-diagonal, indexed by `row + n - 1 - col`.
    anti: Vec<u32>,
    /// The rows that may move (those without a queen placed).
    movable: Vec<u32>,
    /// Σ max(k − 1, 0) over the diagonals of both directions, k their queens.
    conflicts: u64,
    /// Rows that may be under attack: each diagonal with two queens or more has one of
    /// them here (rebuilt by a scan when it runs dry).
    suspects: VecDeque<u32>,
}

impl Board {
    /// The placed queens where they are, the other rows filled greedily (on a big board,
    /// a second or so: the flag `cancel` is looked at as it goes, and `None` if it is
    /// set).
    fn start(placement: &Placement, rng: &mut Rand64, cancel: Option<&Cancel>) -> Option<Self> {
        let n = placement.n();
        let n32 = u32::try_from(n).expect("the board size fits in 32 bits");
        let diagonals = (2 * n).saturating_sub(1);
        let mut board = Board {
            n,
            q: vec![0; n],
            diag: vec![0; diagonals],
            anti: vec![0; diagonals],
            movable: Vec::with_capacity(n),
            conflicts: 0,
            suspects: VecDeque::new(),
        };
        let mut taken = vec![false; n];
        for (row, col) in placement.queens() {
            board.q[row] = col as u32;
            board.add(row as u32, col as u32);
            taken[col] = true;
        }
        // The free columns: the first `left` of them not yet given to a row.
        let mut pool: Vec<u32> = (0..n32).filter(|&c| !taken[c as usize]).collect();
        drop(taken);
        board.movable = (0..n32)
            .filter(|&r| placement.column_of(r as usize).is_none())
            .collect();
        for i in 0..board.movable.len() {
            if (i as u64).is_multiple_of(LOOK_EVERY) && cancel.is_some_and(Cancel::is_cancelled) {
                return None;
            }
            let row = board.movable[i];
            let left = pool.len() - i;
            let mut best = (u32::MAX, i);
            for _ in 0..START_TRIES {
                let j = i + below(rng, left);
                let attacks = board.attacks(row, pool[j]);
                if attacks < best.0 {
                    best = (attacks, j);
                    if attacks == 0 {
                        break;
                    }
                }
            }
            pool.swap(i, best.1);
            let col = pool[i];
            board.q[row as usize] = col;
            if best.0 > 0 {
                board.suspects.push_back(row);
            }
            board.add(row, col);
        }
        Some(board)
    }

    /// Queens on the diagonals through `(row, col)`, not counting one there.
    #[inline]
    fn attacks(&self, row: u32, col: u32) -> u32 {
        let (d, a) = self.lines(row, col);
        self.diag[d] + self.anti[a]
    }

    #[inline]
    fn lines(&self, row: u32, col: u32) -> (usize, usize) {
        let (row, col) = (row as usize, col as usize);
        (row + col, row + self.n - 1 - col)
    }

    #[inline]
    fn add(&mut self, row: u32, col: u32) {
        let (d, a) = self.lines(row, col);
        self.conflicts += u64::from(self.diag[d] > 0) + u64::from(self.anti[a] > 0);
        self.diag[d] += 1;
        self.anti[a] += 1;
    }

    #[inline]
    fn remove(&mut self, row: u32, col: u32) {
        let (d, a) = self.lines(row, col);
        self.diag[d] -= 1;
        self.anti[a] -= 1;
        self.conflicts -= u64::from(self.diag[d] > 0) + u64::from(self.anti[a] > 0);
    }

    /// Is the queen of `row` attacked?
    #[inline]
    fn attacked(&self, row: u32) -> bool {
        let (d, a) = self.lines(row, self.q[row as usize]);
        self.diag[d] > 1 || self.anti[a] > 1
    }

    /// Swaps the columns of rows `i` and `j`.
    #[inline]
    fn swap(&mut self, i: u32, j: u32) {
        let (ci, cj) = (self.q[i as usize], self.q[j as usize]);
        self.remove(i, ci);
        self.remove(j, cj);
        self.add(i, cj);
        self.add(j, ci);
        self.q[i as usize] = cj;
        self.q[j as usize] = ci;
    }

    /// Swaps until no queen is attacked (returns `true`) or the number of attacks has not
    /// gone down for a long while (returns `false`: a local minimum), counting the swaps
    /// tried in `steps`.
    fn repair(
        &mut self,
        steps: &mut u64,
        max_steps: u64,
        cancel: Option<&Cancel>,
        rng: &mut Rand64,
    ) -> Result<bool, SolveError> {
        let patience = 50 * self.movable.len() as u64 + 10_000;
        let mut best = (self.conflicts, *steps);
        while self.conflicts > 0 {
            if self.conflicts < best.0 {
                best = (self.conflicts, *steps);
            } else if *steps - best.1 > patience {
                return Ok(false);
            }
            let Some(i) = self.suspects.pop_back() else {
                self.suspects = self
                    .movable
                    .iter()
                    .copied()
                    .filter(|&r| self.attacked(r))
                    .collect();
                if self.suspects.is_empty() {
                    // Every attack is between queens that cannot move.
                    return Err(SolveError::StepLimit { steps: *steps });
                }
                continue;
            };
            if !self.attacked(i) {
                continue;
            }
            let mut sideways = None;
            let mut moved = false;
            for _ in 0..SWAP_TRIES {
                if *steps >= max_steps {
                    return Err(SolveError::StepLimit { steps: *steps });
                }
                *steps += 1;
                if steps.is_multiple_of(LOOK_EVERY) && cancel.is_some_and(Cancel::is_cancelled) {
                    return Err(SolveError::Cancelled { steps: *steps });
                }
                let j = self.movable[below(rng, self.movable.len())];
                if j == i {
                    continue;
                }
                let before = self.conflicts;
                self.swap(i, j);
                if self.conflicts < before {
                    moved = true;
                    self.suspects.extend([i, j]);
                    break;
                }
                if self.conflicts == before {
                    sideways = Some(j);
                }
                self.swap(i, j);
            }
            if !moved {
                // Nothing better: a swap that changes nothing if there was one; the queen
                // waits its turn again.
                if let Some(j) = sideways {
                    self.swap(i, j);
                    self.suspects.push_back(j);
                }
                self.suspects.push_front(i);
            }
        }
        Ok(true)
    }
}

/// A uniform choice in `0..n` (`n > 0`).
fn below(rng: &mut Rand64, n: usize) -> usize {
    rng.rand_range(0..n as u64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::queens::verify;

    #[test]
    fn small_boards_are_solved() {
        for n in (0..=1).chain(4..=40) {
            let found = LocalSearch::new(n as u64)
                .solve(&Placement::empty(n))
                .unwrap_or_else(|e| panic!("n = {n}: {e}"));
            assert!(verify(n, &found.cols), "n = {n}");
        }
    }

    #[test]
    fn boards_of_2_and_3_have_none() {
        for n in [2, 3] {
            let err = LocalSearch::new(0).solve(&Placement::empty(n));
            assert_eq!(err, Err(SolveError::NoSolution { n }));
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_board() {
        let a = LocalSearch::new(7).solve(&Placement::empty(500)).unwrap();
        let b = LocalSearch::new(7).solve(&Placement::empty(500)).unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn a_placement_without_solution_stops_at_the_step_limit() {
        // 4-queens with a queen in a corner has no solution.
        let placement = Placement::new(4, &[(1, 1)]).unwrap();
        let err = LocalSearch::new(1).max_steps(10_000).solve(&placement);
        assert!(matches!(err, Err(SolveError::StepLimit { .. })), "{err:?}");
    }

    #[test]
    fn a_cancelled_search_says_so() {
        let flag = Cancel::new();
        flag.cancel();
        let placement = Placement::new(4, &[(1, 1)]).unwrap();
        let err = LocalSearch::new(1).cancel(flag).solve(&placement);
        assert!(matches!(err, Err(SolveError::Cancelled { .. })), "{err:?}");
    }
}
