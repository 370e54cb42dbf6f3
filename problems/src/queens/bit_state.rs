//! N-Queens on bitboards with the whole state in one small value, searched by value: for
//! counting, as fast as a hand-written bitwise counter.

use backtrack::{ByValue, Problem};

use super::bitboard::{FreeSquares, Mask};

/// N-Queens on bitboards as a value of three masks, for `n <= M::BITS`: the columns still
/// free, and both diagonals attacked (shifted to the next row).
///
/// It walks the tree of [`BitQueens`](super::BitQueens) (the same nodes in the same
/// lexicographic order), but is searched by value ([`Problem::BY_VALUE`]): the engine keeps
/// each node's state in its stack frame and makes every child as a new value, which is
/// the fastest way through its [`Search`](backtrack::Search). A value carries no path, so
/// it only counts: its solutions are `()`, and an observer that wants the board of a
/// solution follows the columns given to [`enter`](backtrack::Observer::enter). To list
/// boards, or to place queens first, use [`BitQueens`](super::BitQueens).
///
/// Its rows cannot be narrowed: every square a queen does not attack is tried (mirror
/// halving narrows the first row with an observer instead, see
/// [`count_mirrored`](super::count_mirrored)).
///
/// ```
/// use backtrack::Search;
/// use backtrack_problems::queens::BitState;
///
/// let outcome = Search::new(BitState::<u32>::new(8)).count_solutions();
/// assert_eq!((outcome.found, outcome.stats.nodes), (92, 2057));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BitState<M> {
    /// The columns no queen has taken yet: the board is full when none is left. (Three
    /// masks and not four, the columns taken and the board's: a smaller value to copy,
    /// and one register less in the search's loop.)
    free_cols: M,
    ld: M,
    rd: M,
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
        BitState {
            free_cols: M::low_bits(n as u32),
            ld: M::ZERO,
            rd: M::ZERO,
        }
    }

    /// The number of queens still to place: the rows left.
    ///
    /// ```
    /// use backtrack::Problem;
    /// use backtrack_problems::queens::BitState;
    ///
    /// let mut board = BitState::<u32>::new(8);
    /// assert_eq!(board.rows_left(), 8);
    /// board.apply(1 << 3);
    /// assert_eq!(board.rows_left(), 7);
    /// ```
    pub fn rows_left(&self) -> usize {
        self.free_cols.count_ones() as usize
    }
}

impl<M: Mask> Problem for BitState<M> {
    type Op = M;
    type Ops = FreeSquares<M>;
    type Solution = ();

    #[inline]
    fn operators(&self) -> FreeSquares<M> {
        FreeSquares(self.free_cols & !(self.ld | self.rd))
    }

    #[inline]
    fn apply(&mut self, bit: M) {
        self.free_cols = self.free_cols ^ bit;
        self.ld = (self.ld | bit) << 1;
        self.rd = (self.rd | bit) >> 1;
    }

    /// Never called: the state is searched by value ([`Problem::BY_VALUE`]), and the shifts
    /// of [`apply`](Problem::apply) cannot be taken back (the diagonal attacks shifted off
    /// the board are lost).
    fn undo(&mut self, _bit: M) {
        unreachable!("a BitState is searched by value, never undone")
    }

    #[inline]
    fn is_complete(&self) -> bool {
        // One queen per row: every column is taken exactly when every row is filled.
        self.free_cols == M::ZERO
    }

    fn solution(&self) {}

    const BY_VALUE: Option<ByValue<Self>> = Some(ByValue::COPY);
}
