//! The symmetric space: a part of the N-Queens tree that holds a member of every class of
//! solutions under the eight symmetries of the board, after Kenichiro Takahashi.
//!
//! The eight symmetries of the square (four rotations, four reflections) split the
//! solutions into classes of 8, 4 or 2 members (no solution of more than one queen is its
//! own reflection, so only rotations can fix one). [`SymmetricQueens`] searches a
//! restricted space that holds at least one member of every class (15% of the solutions
//! at n = 16, in a tree of under a tenth of the whole); the
//! [`OrbitCounter`](super::OrbitCounter) observer counts each class once, at its least
//! member in that space, with its size, and [`count_symmetric`](super::count_symmetric)
//! runs both on all cores.

use backtrack::Problem;

use super::bitboard::{FreeSquares, Level, Mask, Rows};

/// How many rows below a queen must keep a free square for her to be tried. Two take the
/// least time: one leaves a third more nodes, and a third row costs more than it cuts.
const LOOKAHEAD: u32 = 2;

/// N-Queens on bitboards, restricted to the symmetric space of class representatives, for
/// `n <= M::BITS`.
///
/// The space, for an `n`×`n` board (columns and rows 0-based, `m = n - 1`). The *edge
/// queens* are those of the first and last rows and columns; an edge queen's *distance* is
/// how far it is from the nearer corner along its edge (`min(x, m - x)`).
///
/// - *Case A, a queen in a corner.* Row 0's queen is in column 0 and row 1's in a column
///   `b` with `2 <= b < m`; column 1 is forbidden in rows `2..b`. As Takahashi found, a
///   solution with a corner queen and its transposed board are the only members of its
///   class with that corner, and exactly one of the two passes this test.
/// - *Case B, no queen in a corner.* Then the four edge queens are distinct, and a rotation
///   brings the farthest from a corner to row 0, a reflection to the left half: row 0's
///   queen is in a column `b` with `1 <= b <= m - b`, and no other edge queen is farther,
///   so the edge columns are forbidden in the rows at a distance over `b` and the last row
///   allows only the columns at a distance `1..=b`. On an odd board with row 0's queen in
///   the middle column, the left-right mirror is left to choose: row 1's queen is left of it.
///
/// A class is counted by its lexicographically least member in the space
/// ([`in_search_space`] is that test on a complete board), which
/// [`OrbitCounter`](super::OrbitCounter) tells by comparing the images of each solution
/// reached that also lie in the space.
///
/// Like [`BitQueens`](super::BitQueens), an operator is the single-bit mask of the new
/// queen's column and the search range yields only free squares; from row 2 on, when all
/// the rows' masks are known, only those whose queen leaves a free square in each of the
/// next two rows (forward checking: the others have no completion; cutting them, a whole
/// row at once with [`Mask::spared`], halves the tree). The restrictions are one mask per
/// row, chosen by the queens of the first two rows placed: at depth 0 and 1,
/// [`apply`](Problem::apply) writes the row masks (O(n), a few hundred times per search;
/// O(1) everywhere else). In case B, when the last row allows few columns (`2b + 4 <= m`),
/// it is filled second, right after row 0, so that its few choices cut the tree near the
/// root; the diagonals of both queens are then folded into the masks of rows `1..m`. The
/// solutions are those of an empty board that pass [`in_search_space`], in lexicographic
/// order of the rows in the order they are filled.
///
/// ```
/// use backtrack::{observer::Solutions, Search};
/// use backtrack_problems::queens::{in_search_space, OrbitCounter, SymmetricQueens};
///
/// let mut counter = OrbitCounter::new(8);
/// let outcome = Search::new(SymmetricQueens::<u32>::new(8))
///     .observer(Solutions(&mut counter))
///     .count_solutions();
/// assert_eq!((counter.counts().total, counter.counts().unique), (92, Some(12)));
/// assert!(outcome.found < 92 / 4);
/// let first = Search::new(SymmetricQueens::<u32>::new(8)).next().unwrap();
/// assert!(in_search_space(&first));
/// ```
#[derive(Clone, Debug)]
pub struct SymmetricQueens<M> {
    rows: Rows<M>,
    /// Case B with the last row filled second.
    last_second: bool,
    /// Every column of the board.
    board: M,
}

impl<M: Mask> SymmetricQueens<M> {
    /// An empty `n`×`n` board, its first row limited to the corner and the columns of case B.
    ///
    /// The space holds a member of every class for `n >= 2`; the single solution of
    /// `n = 1` (a corner queen that is its own transpose) is not in it, and
    /// [`count_symmetric`](super::count_symmetric) counts that board directly.
    ///
    /// # Panics
    ///
    /// If `n` exceeds `M::BITS`.
    pub fn new(n: usize) -> Self {
        assert!(
            n <= M::BITS as usize,
            "a {n}×{n} board needs a mask of at least {n} bits"
        );
        let board = M::low_bits(n as u32);
        let mut rows = Rows::new(n, board);
        // Column 0 (case A) and the columns b <= m - b (case B), none below two rows.
        *rows.allowed_mut(0) = if n < 2 {
            M::ZERO
        } else {
            M::low_bits(((n - 1) / 2 + 1) as u32)
        };
        SymmetricQueens {
            rows,
            last_second: false,
            board,
        }
    }

    /// The board size.
    pub fn n(&self) -> usize {
        usize::from(self.rows.n())
    }

    /// The number of rows filled.
    pub fn depth(&self) -> usize {
        usize::from(self.rows.depth())
    }

    /// Writes the 0-based columns of the queens placed so far into `out` (cleared first),
    /// without allocating when `out` has room: in the order they were placed, which for a
    /// full board is row order.
    pub fn placed_into(&self, out: &mut Vec<usize>) {
        self.rows.placed_into(out);
        if self.last_second && self.rows.is_full() {
            out[1..].rotate_left(1);
        }
    }

    /// The queen `bit` of the first or second row placed is about to be pushed: sets the
    /// masks of the rows it decides, and returns the diagonals to push with it (`bit`, or
    /// none when the next level is not the next row and the diagonals are folded into the
    /// masks instead). Out of line: it runs a few hundred times per search, and keeps
    /// [`Problem::apply`] small.
    #[cold]
    #[inline(never)]
    fn first_rows(&mut self, bit: M) -> M {
        let n = self.n();
        let m = n - 1;
        let c = bit.trailing_zeros() as usize;
        if self.rows.depth() == 0 {
            self.last_second = c != 0 && 2 * c + 4 <= m;
            if c == 0 {
                // Case A: row 1 takes a column 2..m; rows 2.. are set by row 1's queen.
                *self.rows.allowed_mut(1) = M::low_bits(m as u32) & !M::low_bits(2);
                return bit;
            }
            // Case B: the last row allows the columns at a distance 1..=c.
            let near = M::low_bits(c as u32);
            let last = if self.last_second { 1 } else { m };
            *self.rows.allowed_mut(last) = near << 1 | near << (m - c) as u32;
            if self.last_second {
                return M::ZERO;
            }
            for row in 1..m {
                *self.rows.allowed_mut(row) = self.edge_rule(row, c);
            }
            return bit;
        }
        // Row 0's queen, in the columns attacked below it.
        let top = self.rows.current().cols;
        let b = top.trailing_zeros() as usize;
        if b == 0 {
            // Case A, row 1's queen in column c: column 1 is forbidden in rows 2..c.
            for row in 2..n {
                *self.rows.allowed_mut(row) = if row < c {
                    self.board & !(M::ONE << 1)
                } else {
                    self.board
                };
            }
            bit
        } else if self.last_second {
            // Case B, the last row's queen placed second: rows 1..m, at levels 2..=m, lose
            // the diagonals of both queens placed.
            for row in 1..m {
                let (up, down) = (row as u32, (m - row) as u32);
                let attacked = top << up | top >> up | bit << down | bit >> down;
                *self.rows.allowed_mut(row + 1) = self.edge_rule(row, b) & !attacked;
            }
            M::ZERO
        } else {
            bit
        }
    }

    /// What case B allows in row `row` (`1..m`) when row 0's queen is in column `b`: the
    /// edge columns only at a distance of at most `b` from a corner (and at once in rows 1
    /// and `m - 1` when `b` is 1, since nowhere else), and left of `b` in row 1 when `b` is
    /// the middle column.
    fn edge_rule(&self, row: usize, b: usize) -> M {
        let m = self.n() - 1;
        let side = M::ONE | M::ONE << m as u32;
        let allowed = if b == 1 && (row == 1 || row == m - 1) {
            side
        } else if row.min(m - row) > b {
            self.board & !side
        } else {
            self.board
        };
        if row == 1 && 2 * b == m {
            allowed & M::low_bits(b as u32)
        } else {
            allowed
        }
    }
}

impl<M: Mask> Problem for SymmetricQueens<M> {
    type Op = M;
    type Ops = FreeSquares<M>;
    type Solution = Vec<usize>;

    #[inline]
    fn operators(&self) -> FreeSquares<M> {
        let Level {
            cols,
            ld,
            rd,
            allowed,
        } = self.rows.current();
        let mut free = allowed & !(cols | ld | rd);
        // From row 2 on, where every row's mask is set, and in the order the rows are filled.
        let depth = u32::from(self.rows.depth());
        let below = u32::from(self.rows.n()).wrapping_sub(depth + 1);
        if depth >= 2 {
            for k in 1..=LOOKAHEAD {
                if below >= k {
                    free = free & self.rows.free_below(k).spared(k);
                }
            }
        }
        FreeSquares(free)
    }

    #[inline]
    fn apply(&mut self, bit: M) {
        let diagonals = if self.rows.depth() < 2 {
            self.first_rows(bit)
        } else {
            bit
        };
        self.rows.push_attacking(bit, diagonals);
    }

    #[inline]
    fn undo(&mut self, _bit: M) {
        self.rows.pop();
    }

    #[inline]
    fn is_complete(&self) -> bool {
        self.rows.is_full()
    }

    fn solution(&self) -> Vec<usize> {
        let mut cols = Vec::with_capacity(self.n());
        self.placed_into(&mut cols);
        cols
    }
}

/// Is the solution `board` (0-based columns, row 0 first) in the space that
/// [`SymmetricQueens`] searches? Its rules, applied to a complete board.
///
/// ```
/// use backtrack_problems::queens::in_search_space;
///
/// assert!(in_search_space(&[1, 3, 0, 2]));
/// assert!(!in_search_space(&[2, 0, 3, 1])); // its first queen is right of the middle
/// ```
pub fn in_search_space(board: &[usize]) -> bool {
    let n = board.len();
    if n < 2 {
        return false;
    }
    let m = n - 1;
    if board[0] == 0 {
        let b = board[1];
        return (2..m).contains(&b) && (2..b).all(|row| board[row] != 1);
    }
    let b = board[0];
    let distance = |x: usize| x.min(m - x);
    let edge = |c: usize| c == 0 || c == m;
    2 * b <= m
        && !edge(board[m])
        && distance(board[m]) <= b
        && (1..m).all(|row| !edge(board[row]) || distance(row) <= b)
        && (2 * b < m || board[1] < b)
}
