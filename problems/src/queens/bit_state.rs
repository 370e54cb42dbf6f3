//! N-Queens on bitboards with the whole state in one small value, searched by value: for
//! counting, as fast as a hand-written bitwise counter.

use backtrack::Problem;

use super::bitboard::{FreeSquares, Mask};

/// N-Queens on bitboards as a value of five masks, for `n <= M::BITS`: the columns and both
/// diagonals attacked (shifted to the next row), the columns the next row allows, and the
/// columns of the board.
///
/// It walks the tree of [`BitQueens`](super::BitQueens) (the same nodes in the same
/// lexicographic order), but is searched by value ([`Problem::by_value`]): the engine keeps
/// each node's state in its stack frame and makes every child as a new value, which is
/// the fastest way through its [`Search`](backtrack::Search). A value carries no path, so
/// it only counts: its solutions are `()`, and an observer that wants the board of a
/// solution follows the columns given to [`enter`](backtrack::Observer::enter). To list
/// boards, or to place queens first, use [`BitQueens`](super::BitQueens).
///
/// Only the first row can be narrowed ([`BitState::with_first_row`]), which is what mirror
/// halving needs.
///
/// ```
/// use backtrack::Search;
/// use backtrack_problems::queens::BitState;
///
/// let outcome = Search::new(BitState::<u32>::new(8)).count_solutions();
/// assert_eq!((outcome.found, outcome.stats.nodes), (92, 2057));
/// // The left half of the first row and its mirror image hold half the solutions each.
/// let left = Search::new(BitState::<u32>::with_first_row(8, 0b1111)).count_solutions();
/// assert_eq!(left.found, 46);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BitState<M> {
    cols: M,
    ld: M,
    rd: M,
    /// The columns the current row allows.
    allowed: M,
    /// Every column: what the rows after the first allow, and the columns of a full board.
    board: M,
}

impl<M: Mask> BitState<M> {
    /// An empty `n`×`n` board.
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
        BitState {
            cols: M::ZERO,
            ld: M::ZERO,
            rd: M::ZERO,
            allowed: board,
            board,
        }
    }

    /// An empty `n`×`n` board whose first row allows only the columns in `columns` (bit `c`
    /// = column `c`).
    ///
    /// # Panics
    ///
    /// If `n` exceeds `M::BITS`.
    pub fn with_first_row(n: usize, columns: M) -> Self {
        let mut state = Self::new(n);
        state.allowed = state.allowed & columns;
        state
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.board.count_ones() as usize
    }
}

impl<M: Mask> Problem for BitState<M> {
    type Op = M;
    type Ops = FreeSquares<M>;
    type Solution = ();

    #[inline]
    fn operators(&self) -> FreeSquares<M> {
        FreeSquares(self.allowed & !(self.cols | self.ld | self.rd))
    }

    #[inline]
    fn apply(&mut self, bit: M) {
        self.cols = self.cols | bit;
        self.ld = (self.ld | bit) << 1;
        self.rd = (self.rd | bit) >> 1;
        self.allowed = self.board;
    }

    /// Never called: the state is searched by value ([`Problem::by_value`]), and the shifts
    /// of [`apply`](Problem::apply) cannot be taken back (the diagonal attacks shifted off
    /// the board are lost).
    fn undo(&mut self, _bit: M) {
        unreachable!("a BitState is searched by value, never undone")
    }

    #[inline]
    fn is_complete(&self) -> bool {
        // One queen per row: every column is taken exactly when every row is filled.
        self.cols == self.board
    }

    fn solution(&self) {}

    #[inline]
    fn by_value(&self) -> Option<Self> {
        Some(*self)
    }
}
