//! The textbook formulation: search range every column, constraint "not attacked".

use backtrack::Problem;

/// N-Queens exactly as the textbook states it: the state is the columns of the queens
/// placed so far, one per row from the top; the search range of a row is every column,
/// left to right; the constraint is that the new queen is not attacked by any earlier one
/// (checked in O(1) with column and diagonal occupancy tables).
///
/// Because the constraint is a separate check, a search of this problem reports every
/// refused square as a rejection, which is what a learner wants to see in the tree. For
/// speed, use the bitboard formulation.
///
/// ```
/// use backtrack::Search;
/// use backtrack_problems::queens::Queens;
///
/// let all: Vec<Vec<usize>> = Search::new(Queens::new(4)).collect();
/// assert_eq!(all, [[1, 3, 0, 2], [2, 0, 3, 1]]);
/// ```
#[derive(Clone, Debug)]
pub struct Queens {
    n: usize,
    /// The rows filled, from the top.
    rows: usize,
    /// Column of the queen in each filled row, top first (`cols[..rows]`).
    cols: Vec<usize>,
    col_used: Vec<bool>,
    /// Indexed by `row + col`.
    diag_used: Vec<bool>,
    /// Indexed by `row + n - 1 - col`.
    anti_used: Vec<bool>,
}

impl Queens {
    /// An empty `n`×`n` board.
    pub fn new(n: usize) -> Self {
        let diagonals = (2 * n).saturating_sub(1);
        Queens {
            n,
            rows: 0,
            cols: vec![0; n],
            col_used: vec![false; n],
            diag_used: vec![false; diagonals],
            anti_used: vec![false; diagonals],
        }
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The columns of the queens placed so far, row 0 first.
    pub fn placed(&self) -> &[usize] {
        &self.cols[..self.rows]
    }

    #[inline]
    fn mark(&mut self, col: usize, value: bool) {
        let row = self.rows;
        self.col_used[col] = value;
        self.diag_used[row + col] = value;
        self.anti_used[row + self.n - 1 - col] = value;
    }
}

impl Problem for Queens {
    type Op = usize;
    type Ops = std::ops::Range<usize>;
    type Solution = Vec<usize>;

    #[inline]
    fn operators(&self) -> Self::Ops {
        0..self.n
    }

    #[inline]
    fn admissible(&self, col: usize) -> bool {
        let row = self.rows;
        !(self.col_used[col] || self.diag_used[row + col] || self.anti_used[row + self.n - 1 - col])
    }

    #[inline]
    fn apply(&mut self, col: usize) {
        self.mark(col, true);
        self.cols[self.rows] = col;
        self.rows += 1;
    }

    #[inline]
    fn undo(&mut self, col: usize) {
        self.rows -= 1;
        self.mark(col, false);
    }

    #[inline]
    fn is_complete(&self) -> bool {
        self.rows == self.n
    }

    fn solution(&self) -> Vec<usize> {
        self.placed().to_vec()
    }
}

/// Labels in the textbook's notation: the state `(a1,…,an)`, each `ai` the 1-based column
/// of row i's queen, 0 for a row not filled yet; the operator is the 1-based column.
impl backtrack::tree::Label for Queens {
    fn label(&self) -> String {
        textbook_tuple(self.placed().iter().copied(), self.n)
    }

    fn op_label(&self, col: usize) -> String {
        (col + 1).to_string()
    }

    fn child_label(&self, col: usize) -> String {
        textbook_tuple(self.placed().iter().copied().chain([col]), self.n)
    }
}

/// `(a1,…,an)`: the 1-based columns of the placed queens, then 0 for each empty row.
fn textbook_tuple(cols: impl Iterator<Item = usize>, n: usize) -> String {
    let mut text = String::from("(");
    let mut rows = 0;
    for col in cols {
        if rows > 0 {
            text.push(',');
        }
        text.push_str(&(col + 1).to_string());
        rows += 1;
    }
    for row in rows..n {
        if row > 0 {
            text.push(',');
        }
        text.push('0');
    }
    text.push(')');
    text
}
