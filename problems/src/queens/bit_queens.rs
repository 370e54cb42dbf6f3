//! N-Queens on bitboards, the whole tree in lexicographic order.

use backtrack::Problem;

use super::bitboard::{FreeSquares, Mask, Rows};
use super::place::Placement;

/// N-Queens on bitboards, for `n <= M::BITS`.
///
/// The state is a stack of attacked masks, one entry per filled row, so
/// [`apply`](Problem::apply) writes one entry and [`undo`](Problem::undo) steps back: both
/// O(1). An operator is the single-bit mask of the new queen's column. The search range
/// yields only free squares, so nothing is ever rejected: every node of the search is a
/// legal partial placement, and the tree is the same as the plain [`Queens`](super::Queens)
/// tree (same nodes, same order).
///
/// Rows can be narrowed before the search ([`BitQueens::restrict_row`]): pre-placed queens
/// ([`BitQueens::with_placement`]) and first-row mirror halving
/// ([`count_mirrored`](super::count_mirrored)) use this.
///
/// ```
/// use backtrack::Search;
/// use backtrack_problems::queens::BitQueens;
///
/// let outcome = Search::new(BitQueens::<u32>::new(8)).count_solutions();
/// assert_eq!((outcome.found, outcome.stats.nodes), (92, 2057));
/// let first = Search::new(BitQueens::<u64>::new(8)).next().unwrap();
/// assert_eq!(first, [0, 4, 7, 5, 2, 6, 1, 3]);
/// ```
#[derive(Clone, Debug)]
pub struct BitQueens<M> {
    rows: Rows<M>,
}

impl<M: Mask> BitQueens<M> {
    /// An empty `n`×`n` board.
    ///
    /// # Panics
    ///
    /// If `n` exceeds `M::BITS`.
    pub fn new(n: usize) -> Self {
        BitQueens {
            rows: Rows::new(n, M::low_bits(n as u32)),
        }
    }

    /// A board with queens already placed (validated): the search fills the other rows.
    ///
    /// The rows of the placed queens are restricted to their column, and every other row
    /// loses the squares those queens attack, so the search never wanders into a subtree
    /// that a placed queen below would cut off.
    ///
    /// # Panics
    ///
    /// If the board's size exceeds `M::BITS`.
    pub fn with_placement(placement: &Placement) -> Self {
        let n = placement.n();
        let mut problem = Self::new(n);
        for row in 0..n {
            let allowed = problem.rows.allowed_mut(row);
            if let Some(col) = placement.column_of(row) {
                *allowed = M::ONE << col as u32;
            } else {
                for col in placement.attacked_in_row(row) {
                    *allowed = *allowed & !(M::ONE << col as u32);
                }
            }
        }
        problem
    }

    /// The board size.
    pub fn n(&self) -> usize {
        usize::from(self.rows.n())
    }

    /// Narrows the columns row `row` may use to those in `columns` (bit `c` = column `c`).
    ///
    /// # Panics
    ///
    /// If `row >= n`.
    pub fn restrict_row(&mut self, row: usize, columns: M) {
        assert!(row < self.n(), "row {row} is off a {0}×{0} board", self.n());
        let allowed = self.rows.allowed_mut(row);
        *allowed = *allowed & columns;
    }

    /// The 0-based columns of the queens placed so far, row 0 first.
    pub fn placed(&self) -> Vec<usize> {
        let mut cols = Vec::with_capacity(self.depth());
        self.placed_into(&mut cols);
        cols
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
}

impl<M: Mask> Problem for BitQueens<M> {
    type Op = M;
    type Ops = FreeSquares<M>;
    type Solution = Vec<usize>;

    #[inline]
    fn operators(&self) -> FreeSquares<M> {
        FreeSquares(self.rows.current().free())
    }

    #[inline]
    fn apply(&mut self, bit: M) {
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
        self.placed()
    }
}
