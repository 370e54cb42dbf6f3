//! The big-board formulation: most-constrained row first, columns from the middle out.
//!
//! Row-by-row, left-to-right backtracking needs 3.0·10⁶ nodes for the first solution of
//! 28-queens, 5.6·10⁷ for 30-queens and over 2·10⁹ for 34-queens, and the growth goes on.
//! Two choices of order fix that:
//!
//! - **variable order** (which row next): the empty row with the fewest free squares (the
//!   most constrained, "minimum remaining values"); a row with none left is a dead end at
//!   once, and a row with one is forced. Ties go to the topmost of the rows.
//! - **value order** (which column first): from the middle out, `c₀, c₀+1, c₀−1, c₀+2, …`
//!   with `c₀ = ⌊(n−1)/2⌋`: central squares leave the most room to the rows not yet filled.
//!
//! The state is plain occupancy tables (columns, both diagonals) plus, for every row, how
//! many of its squares are still free, kept up to date by [`apply`](Problem::apply) and
//! [`undo`](Problem::undo) in O(n). Any `n` works: there is no bitmask width to outgrow.
//!
//! The tree is complete: every solution is reached exactly once, in an order that is not
//! lexicographic.

use backtrack::Problem;

use super::place::Placement;

/// A square: `(row, column)`, both 0-based.
pub type Square = (u32, u32);

/// The search range of one node: the columns of its chosen row, from the middle out. Squares
/// already attacked are refused by the constraint ([`Problem::admissible`]).
#[derive(Clone, Debug)]
pub struct MiddleOut {
    row: u32,
    n: u32,
    k: u32,
}

impl MiddleOut {
    /// The `k`-th column from the middle out on an `n`-wide board: `c₀, c₀+1, c₀−1, …`.
    fn column(n: u32, k: u32) -> u32 {
        let c0 = (n - 1) / 2;
        if k % 2 == 1 {
            c0 + k.div_ceil(2)
        } else {
            c0 - k / 2
        }
    }
}

impl Iterator for MiddleOut {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.k >= self.n {
            return None;
        }
        let col = Self::column(self.n, self.k);
        self.k += 1;
        Some((self.row, col))
    }
}

/// N-Queens for any `n`, searched most-constrained row first with middle-out columns.
///
/// Finds a first solution of 1000-queens or 10 000-queens in about as many nodes as there
/// are rows. Solutions are the 0-based column of each row's queen, row 0 first, like the
/// other formulations.
///
/// ```
/// use backtrack::Search;
/// use backtrack_problems::queens::{verify, HeuristicQueens};
///
/// let outcome = Search::new(HeuristicQueens::new(200)).first();
/// assert!(verify(200, &outcome.found.unwrap()));
/// assert_eq!(Search::new(HeuristicQueens::new(8)).count(), 92);
/// ```
#[derive(Clone, Debug)]
pub struct HeuristicQueens {
    n: usize,
    /// The column of each row's queen, `EMPTY` if none yet.
    cols: Vec<u32>,
    col_used: Vec<bool>,
    /// Indexed by `row + col`.
    diag_used: Vec<bool>,
    /// Indexed by `row + n - 1 - col`.
    anti_used: Vec<bool>,
    /// Free squares left in each empty row.
    free: Vec<u32>,
    filled: usize,
}

const EMPTY: u32 = u32::MAX;

impl HeuristicQueens {
    /// An empty `n`×`n` board.
    ///
    /// # Panics
    ///
    /// If `n` does not fit in a `u32`.
    pub fn new(n: usize) -> Self {
        let n32 = u32::try_from(n).expect("the board size fits in 32 bits");
        let diagonals = (2 * n).saturating_sub(1);
        HeuristicQueens {
            n,
            cols: vec![EMPTY; n],
            col_used: vec![false; n],
            diag_used: vec![false; diagonals],
            anti_used: vec![false; diagonals],
            free: vec![n32; n],
            filled: 0,
        }
    }

    /// A board with queens already placed (validated): the search fills the other rows.
    pub fn with_placement(placement: &Placement) -> Self {
        let mut problem = Self::new(placement.n());
        for (row, col) in placement.queens() {
            problem.apply((row as u32, col as u32));
        }
        problem
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The number of rows filled.
    pub fn filled(&self) -> usize {
        self.filled
    }

    #[inline]
    fn is_free(&self, row: usize, col: usize) -> bool {
        !(self.col_used[col] || self.diag_used[row + col] || self.anti_used[row + self.n - 1 - col])
    }

    fn mark(&mut self, row: usize, col: usize, value: bool) {
        self.col_used[col] = value;
        self.diag_used[row + col] = value;
        self.anti_used[row + self.n - 1 - col] = value;
    }

    /// Adds (or takes) one to the free count of every other empty row for each of its
    /// squares on a line through `(row, col)` that is free. Called while those three lines
    /// are free (before `apply` takes them, after `undo` gives them back), so each square
    /// needs only its other two lines looked at.
    fn recount(&mut self, row: usize, col: usize, add: bool) {
        let n = self.n;
        for r in 0..n {
            if r == row || self.cols[r] != EMPTY {
                continue;
            }
            let d = r.abs_diff(row);
            // (r, col) shares the column.
            let mut changed =
                u32::from(!self.diag_used[r + col] && !self.anti_used[r + n - 1 - col]);
            // (r, col - d) and (r, col + d) share one diagonal each, which one depending on
            // whether row r is below or above.
            if col >= d {
                let c = col - d;
                let other = if r > row {
                    self.anti_used[r + n - 1 - c]
                } else {
                    self.diag_used[r + c]
                };
                changed += u32::from(!self.col_used[c] && !other);
            }
            if col + d < n {
                let c = col + d;
                let other = if r > row {
                    self.diag_used[r + c]
                } else {
                    self.anti_used[r + n - 1 - c]
                };
                changed += u32::from(!self.col_used[c] && !other);
            }
            if add {
                self.free[r] += changed;
            } else {
                self.free[r] -= changed;
            }
        }
    }
}

impl Problem for HeuristicQueens {
    type Op = Square;
    type Ops = MiddleOut;
    type Solution = Vec<usize>;

    /// The empty row with the fewest free squares (ties: the topmost), its columns from the
    /// middle out.
    fn operators(&self) -> MiddleOut {
        let n = self.n as u32;
        let mut best = (u32::MAX, 0);
        for (row, (&col, &free)) in self.cols.iter().zip(&self.free).enumerate() {
            if col == EMPTY && free < best.0 {
                best = (free, row as u32);
                if free == 0 {
                    break;
                }
            }
        }
        let (free, row) = best;
        MiddleOut {
            row,
            n,
            // A row with no free square: an empty search range, a dead end.
            k: if free == 0 { n } else { 0 },
        }
    }

    #[inline]
    fn admissible(&self, (row, col): Square) -> bool {
        self.is_free(row as usize, col as usize)
    }

    fn apply(&mut self, (row, col): Square) {
        let (row, col) = (row as usize, col as usize);
        // Count the squares that are free before the lines through (row, col) are taken.
        self.cols[row] = col as u32;
        self.recount(row, col, false);
        self.mark(row, col, true);
        self.filled += 1;
    }

    fn undo(&mut self, (row, col): Square) {
        let (row, col) = (row as usize, col as usize);
        self.filled -= 1;
        self.mark(row, col, false);
        self.recount(row, col, true);
        self.cols[row] = EMPTY;
    }

    fn is_complete(&self) -> bool {
        self.filled == self.n
    }

    fn solution(&self) -> Vec<usize> {
        self.cols.iter().map(|&c| c as usize).collect()
    }
}
