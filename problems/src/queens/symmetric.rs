//! Takaken's search space: a part of the N-Queens tree that holds a member of every class
//! of solutions under the eight symmetries of the board, after Kenichiro Takahashi.
//!
//! The eight symmetries of the square (four rotations, four reflections) split the
//! solutions into classes of 8, 4 or 2 members (no solution of more than one queen is its
//! own reflection, so only rotations can fix one). [`SymmetricQueens`] searches a
//! restricted space that holds at least one member of every class (14% of the solutions
//! at n = 16, in a tree of 22% of the whole); the
//! [`OrbitCounter`](super::OrbitCounter) observer counts each class once, at its least
//! member in that space, with its size, and [`count_symmetric`](super::count_symmetric)
//! runs both on all cores.

use backtrack::Problem;

use super::bitboard::{FreeSquares, Level, Mask, Rows};

/// The edge rule's row when there is none (case A): deeper than any board.
const NO_ROW: u8 = u8::MAX;

/// N-Queens on bitboards, restricted to Takaken's space of class representatives, for
/// `n <= M::BITS`.
///
/// The restricted space, for an `n`×`n` board (columns and rows 0-based, `m = n - 1`):
///
/// - *Case A, a queen in a corner.* Row 0's queen is in column 0 and row 1's in a column
///   `b` with `2 <= b < m`; column 1 is forbidden in rows `2..b`. A solution with a corner
///   queen and its transposed board are the only members of its class with that corner, and
///   exactly one of the two passes this test.
/// - *Case B, no queen in a corner.* Row 0's queen is in a column `b` with `1 <= b` and
///   `b < m - b`; the edge columns 0 and `m` are forbidden in rows `1..b`; at row `m - b`,
///   if no edge column is taken yet the node is a dead end, and if only one is, the queen
///   must take the other; in the last row the `b` columns nearest each side are forbidden.
///
/// These are the rules of Takaken's published search; instead of his `Check()` routine the
/// classes are told apart by [`OrbitCounter`](super::OrbitCounter), which compares the
/// images of each solution found that also lie in the space ([`in_search_space`] is that
/// test on a complete board). A class is counted by its lexicographically least member in
/// the space, which the search reaches exactly once.
///
/// Like [`BitQueens`](super::BitQueens), an operator is the single-bit mask of the new queen's column and the
/// search range yields only free squares. The restrictions are one mask per row, chosen by
/// the queens of the first two rows (so [`apply`](Problem::apply) writes the row masks at
/// depth 0, and at depth 1 in case A: O(n), about 1.5 n times per search; O(1) everywhere
/// else), and one rule at row `m - b` that looks at the edge columns taken; no look ahead
/// at the last row, which would cut the tree a little but cost more time than it saves.
/// The solutions are those of an empty board that pass [`in_search_space`], in
/// lexicographic order.
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
    /// Case B: the row `m - b` of the edge rule; case A: [`NO_ROW`].
    bound2: u8,
    /// Case B: both edge columns; case A: none.
    side: M,
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
        // Column 0 (case A) and the columns b with b < n - 1 - b (case B): b < n / 2.
        *rows.allowed_mut(0) = M::low_bits((n / 2) as u32);
        SymmetricQueens {
            rows,
            bound2: NO_ROW,
            side: M::ZERO,
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
    /// without allocating when `out` has room.
    pub fn placed_into(&self, out: &mut Vec<usize>) {
        self.rows.placed_into(out);
    }

    /// Sets the row masks of the case chosen by the queen `bit` of row `depth` (0 or 1).
    /// Out of line: it runs about 1.5 n times per search, and keeps [`Problem::apply`] small.
    #[cold]
    #[inline(never)]
    fn choose_case(&mut self, depth: u8, bit: M) {
        let n = u32::from(self.rows.n());
        let b = bit.trailing_zeros();
        let rows = usize::from(self.rows.n());
        if depth == 0 && b == 0 {
            // Case A; row 1 takes a column 2..=n-2, rows 2.. are set by row 1's queen.
            self.bound2 = NO_ROW;
            self.side = M::ZERO;
            *self.rows.allowed_mut(1) = M::low_bits(n - 1) & !M::low_bits(2);
        } else if depth == 0 {
            // Case B.
            let b1 = b as usize;
            self.bound2 = (n - 1 - b) as u8;
            self.side = M::ONE | M::ONE << (n - 1);
            let last = M::low_bits(b) | M::low_bits(b) << (n - b);
            for row in 1..rows {
                *self.rows.allowed_mut(row) = if row < b1 {
                    self.board & !self.side
                } else if row == rows - 1 {
                    self.board & !last
                } else {
                    self.board
                };
            }
        } else if self.bound2 == NO_ROW {
            // Case A, row 1's queen in column b: column 1 is forbidden in rows 2..b.
            let b1 = b as usize;
            for row in 2..rows {
                *self.rows.allowed_mut(row) = if row < b1 {
                    self.board & !(M::ONE << 1)
                } else {
                    self.board
                };
            }
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
        if self.rows.depth() == self.bound2 {
            let edges = cols & self.side;
            if edges == M::ZERO {
                free = M::ZERO;
            } else if edges != self.side {
                free = free & self.side;
            }
        }
        FreeSquares(free)
    }

    #[inline]
    fn apply(&mut self, bit: M) {
        let depth = self.rows.depth();
        if depth < 2 {
            self.choose_case(depth, bit);
        }
        self.rows.push(bit);
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
/// [`SymmetricQueens`] searches? The rules of [`SymmetricQueens`], applied
/// row by row to a complete board.
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
    let last = n - 1;
    if board[0] == 0 {
        let b = board[1];
        (2..last).contains(&b) && (2..b).all(|row| board[row] != 1)
    } else {
        let b = board[0];
        let bound2 = last - b;
        if b >= bound2 {
            return false;
        }
        let edge = |c: usize| c == 0 || c == last;
        if (1..b).any(|row| edge(board[row])) {
            return false;
        }
        match board[..bound2].iter().filter(|&&c| edge(c)).count() {
            0 => return false,
            1 if !edge(board[bound2]) => return false,
            _ => {}
        }
        (b..=last - b).contains(&board[last])
    }
}
