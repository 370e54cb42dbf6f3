//! Pre-placed queens: validated before any search runs.

use thiserror::Error;

/// Why a set of pre-placed queens is refused. Rows and columns in messages are 1-based,
/// as the user gave them.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlacementError {
    /// A row or column outside `1..=n`.
    #[error("queen at {row}:{col} is off the {n}×{n} board (rows and columns are 1 to {n})")]
    OffBoard {
        /// The board size.
        n: usize,
        /// The 1-based row given.
        row: usize,
        /// The 1-based column given.
        col: usize,
    },
    /// Two queens given for the same row.
    #[error("two queens in row {row}: {row}:{first} and {row}:{second}")]
    SameRow {
        /// The 1-based row.
        row: usize,
        /// The column of the first queen given for it.
        first: usize,
        /// The column of the second.
        second: usize,
    },
    /// Two queens that attack each other (same column or same diagonal).
    #[error("queens at {0}:{1} and {2}:{3} attack each other")]
    Attack(usize, usize, usize, usize),
}

/// Queens placed before the search, at most one per row, none attacking another.
///
/// ```
/// use backtrack_problems::queens::Placement;
///
/// let p = Placement::new(8, &[(1, 1), (2, 5)]).unwrap(); // 1-based row:col
/// assert_eq!(p.column_of(1), Some(4)); // 0-based from here on
/// assert!(Placement::new(8, &[(1, 1), (2, 2)]).is_err()); // same diagonal
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    n: usize,
    /// 0-based column of the queen placed in each row, if any.
    cols: Vec<Option<usize>>,
}

impl Placement {
    /// An empty `n`×`n` board.
    pub fn empty(n: usize) -> Self {
        Placement {
            n,
            cols: vec![None; n],
        }
    }

    /// Places the queens `(row, col)`, both **1-based**, on an `n`×`n` board, refusing any
    /// off the board, two in one row, or two attacking each other.
    pub fn new(n: usize, queens: &[(usize, usize)]) -> Result<Self, PlacementError> {
        let mut placement = Self::empty(n);
        let mut given: Vec<(usize, usize)> = Vec::with_capacity(queens.len());
        for &(row, col) in queens {
            if row == 0 || col == 0 || row > n || col > n {
                return Err(PlacementError::OffBoard { n, row, col });
            }
            for &(r, c) in &given {
                if r == row {
                    if c == col {
                        // The same queen twice: harmless.
                        continue;
                    }
                    return Err(PlacementError::SameRow {
                        row,
                        first: c,
                        second: col,
                    });
                }
                if c == col || r.abs_diff(row) == c.abs_diff(col) {
                    return Err(PlacementError::Attack(r, c, row, col));
                }
            }
            given.push((row, col));
            placement.cols[row - 1] = Some(col - 1);
        }
        Ok(placement)
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The 0-based column of the queen placed in (0-based) `row`, if any.
    pub fn column_of(&self, row: usize) -> Option<usize> {
        self.cols[row]
    }

    /// The placed queens as 0-based `(row, col)`, top row first.
    pub fn queens(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.cols
            .iter()
            .enumerate()
            .filter_map(|(row, col)| col.map(|c| (row, c)))
    }

    /// Is nothing placed?
    pub fn is_empty(&self) -> bool {
        self.cols.iter().all(Option::is_none)
    }

    /// The 0-based columns of (0-based) `row` attacked by the placed queens of other rows
    /// (with repeats).
    pub fn attacked_in_row(&self, row: usize) -> impl Iterator<Item = usize> + '_ {
        let n = self.n;
        self.queens()
            .filter(move |&(r, _)| r != row)
            .flat_map(move |(r, c)| {
                let d = r.abs_diff(row);
                [Some(c), c.checked_sub(d), Some(c + d).filter(|&x| x < n)]
            })
            .flatten()
    }

    /// Does the solution `cols` (0-based, row 0 first) keep every placed queen?
    pub fn is_kept_by(&self, cols: &[usize]) -> bool {
        self.queens().all(|(r, c)| cols.get(r) == Some(&c))
    }
}

/// An independent checker: is `cols` (the 0-based column of each row's queen, row 0 first)
/// a solution of `n`-queens? Compares every pair of queens directly, in O(n²), sharing no
/// code with any solver.
///
/// ```
/// use backtrack_problems::queens::verify;
///
/// assert!(verify(4, &[1, 3, 0, 2]));
/// assert!(!verify(4, &[0, 2, 1, 3]));
/// ```
pub fn verify(n: usize, cols: &[usize]) -> bool {
    if cols.len() != n || cols.iter().any(|&c| c >= n) {
        return false;
    }
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (cols[i], cols[j]);
            if a == b || a.abs_diff(b) == j - i {
                return false;
            }
        }
    }
    true
}
