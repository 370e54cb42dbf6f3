//! Takaken's search space: a part of the N-Queens tree that holds a member of every class
//! of solutions under the eight symmetries of the board, after Kenichiro Takahashi.
//!
//! The eight symmetries of the square (four rotations, four reflections) split the
//! solutions into classes of 8, 4 or 2 members (no solution of more than one queen is its
//! own reflection, so only rotations can fix one). [`SymmetricQueens`] searches a
//! restricted space that holds at least one member of every class (14% of the solutions
//! at n = 16, in a tree under a fifth the size of the whole); the
//! [`OrbitCounter`](super::OrbitCounter) observer counts each class once, at its least
//! member in that space, with its size, and [`count_symmetric`](super::count_symmetric)
//! runs both on all cores.

use backtrack::Problem;

use super::bitboard::{FreeSquares, Mask};

/// The edge rule's row when there is none (case A): deeper than any board.
const NO_ROW: u8 = u8::MAX;

/// N-Queens on bitboards, restricted to Takaken's space of class representatives, for
/// `n <= M::BITS`, as a small value searched by value ([`Problem::by_value`]).
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
/// Like [`BitQueens`](super::BitQueens), an operator is the single-bit mask of the new
/// queen's column and the search range yields only free squares. The state is the attacked
/// columns and diagonals, the columns the current row allows, and the rules of the case
/// chosen by the first two rows (the rows that forbid some columns, the edge rule's row,
/// the columns the last row allows): each row's allowed columns follow from its number, in
/// O(1). Every node also looks ahead at the last row: when all of its allowed squares are
/// attacked, the node is a dead end (this cuts the reduced tree by about 14% at n = 16, and
/// changes no solution). The solutions are those of an empty board that pass
/// [`in_search_space`], in lexicographic order.
///
/// Searched by value, the state carries no path: its solutions are `()`, and the boards are
/// followed by the observer from the columns given to
/// [`enter`](backtrack::Observer::enter), as [`OrbitCounter`](super::OrbitCounter) does.
///
/// ```
/// use backtrack::Search;
/// use backtrack_problems::queens::{OrbitCounter, SymmetricQueens};
///
/// let mut counter = OrbitCounter::new(8);
/// let outcome = Search::new(SymmetricQueens::<u32>::new(8))
///     .observer(&mut counter)
///     .count_solutions();
/// assert_eq!((counter.counts().total, counter.counts().unique), (92, Some(12)));
/// assert!(outcome.found < 92 / 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SymmetricQueens<M> {
    cols: M,
    ld: M,
    rd: M,
    /// The columns the current row allows.
    allowed: M,
    /// The columns forbidden in the rows before `bound1`: case B, both edge columns (which
    /// the edge rule looks at too); case A, column 1 (and in row 1, the last column).
    narrow: M,
    /// The columns the last row allows (case B: not the `b` nearest each side).
    last: M,
    /// Every column of the board.
    board: M,
    row: u8,
    n: u8,
    /// The rows from 1 (case A: 2) up to this one, excluded, may not use `narrow`.
    bound1: u8,
    /// Case B: the row `m - b` of the edge rule; case A: [`NO_ROW`].
    bound2: u8,
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
        SymmetricQueens {
            cols: M::ZERO,
            ld: M::ZERO,
            rd: M::ZERO,
            // Column 0 (case A) and the columns b with b < n - 1 - b (case B): b < n / 2.
            allowed: M::low_bits((n / 2) as u32),
            narrow: M::ZERO,
            last: board,
            board,
            row: 0,
            n: n as u8,
            bound1: 0,
            bound2: NO_ROW,
        }
    }

    /// The board size.
    pub fn n(&self) -> usize {
        usize::from(self.n)
    }

    /// The number of rows filled.
    pub fn depth(&self) -> usize {
        usize::from(self.row)
    }

    /// Sets the rules of the case chosen by the queen `bit` of row `row` (0 or 1).
    #[cold]
    #[inline(never)]
    fn choose_case(&mut self, row: u8, bit: M) {
        let n = u32::from(self.n);
        let b = bit.trailing_zeros();
        if row == 0 && b == 0 {
            // Case A: row 1 takes a column 2..=n-2 (columns 0 and 1 are attacked already).
            self.narrow = M::ONE << (n - 1);
            self.bound1 = 2;
        } else if row == 0 {
            // Case B.
            self.narrow = M::ONE | M::ONE << (n - 1);
            self.bound1 = b as u8;
            self.bound2 = (n - 1 - b) as u8;
            self.last = self.board & !(M::low_bits(b) | M::low_bits(b) << (n - b));
        } else if self.bound2 == NO_ROW {
            // Case A, row 1's queen in column b: column 1 is forbidden in rows 2..b.
            self.narrow = M::ONE << 1;
            self.bound1 = b as u8;
        }
    }
}

impl<M: Mask> Problem for SymmetricQueens<M> {
    type Op = M;
    type Ops = FreeSquares<M>;
    type Solution = ();

    #[inline]
    fn operators(&self) -> FreeSquares<M> {
        let (cols, ld, rd) = (self.cols, self.ld, self.rd);
        let mut free = self.allowed & !(cols | ld | rd);
        // Look ahead: the last row must keep a square that nothing placed attacks.
        let ahead = u32::from(self.n - 1 - self.row);
        if self.last & !(cols | ld << ahead | rd >> ahead) == M::ZERO {
            free = M::ZERO;
        }
        if self.row == self.bound2 {
            let edges = cols & self.narrow;
            if edges == M::ZERO {
                free = M::ZERO;
            } else if edges != self.narrow {
                free = free & self.narrow;
            }
        }
        FreeSquares(free)
    }

    #[inline]
    fn apply(&mut self, bit: M) {
        let row = self.row;
        if row < 2 {
            self.choose_case(row, bit);
        }
        self.cols = self.cols | bit;
        self.ld = (self.ld | bit) << 1;
        self.rd = (self.rd | bit) >> 1;
        let row = row + 1;
        self.row = row;
        self.allowed = if row + 1 == self.n {
            self.last
        } else if row < self.bound1 {
            self.board & !self.narrow
        } else {
            self.board
        };
    }

    /// Never called: the state is searched by value ([`Problem::by_value`]), and the shifts
    /// of [`apply`](Problem::apply) cannot be taken back.
    fn undo(&mut self, _bit: M) {
        unreachable!("a SymmetricQueens is searched by value, never undone")
    }

    #[inline]
    fn is_complete(&self) -> bool {
        self.row == self.n
    }

    fn solution(&self) {}

    #[inline]
    fn by_value(&self) -> Option<Self> {
        Some(*self)
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
