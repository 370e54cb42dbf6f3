//! N-Queens on bitboards, the whole tree in lexicographic order.

use backtrack::Problem;

use super::bitboard::{empty_levels, placed_into, FreeSquares, Levels, Mask};
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
    n: u8,
    /// The levels of the rows; `levels[depth]` is the current one.
    levels: Levels<M>,
    depth: u8,
}

impl<M: Mask> BitQueens<M> {
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
        BitQueens {
            n: n as u8,
            levels: empty_levels(M::low_bits(n as u32)),
            depth: 0,
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
            let mask = if let Some(col) = placement.column_of(row) {
                M::ONE << col as u32
            } else {
                let mut mask = problem.levels[row].allowed;
                for col in placement.attacked_in_row(row) {
                    mask = mask & !(M::ONE << col as u32);
                }
                mask
            };
            problem.levels[row].allowed = mask;
        }
        problem
    }

    /// The board size.
    pub fn n(&self) -> usize {
        usize::from(self.n)
    }

    /// Narrows the columns row `row` may use to those in `columns` (bit `c` = column `c`).
    ///
    /// # Panics
    ///
    /// If `row >= n`.
    pub fn restrict_row(&mut self, row: usize, columns: M) {
        assert!(row < self.n(), "row {row} is off a {0}×{0} board", self.n);
        self.levels[row].allowed = self.levels[row].allowed & columns;
    }

    /// The 0-based columns of the queens placed so far, row 0 first.
    pub fn placed(&self) -> Vec<usize> {
        let mut cols = Vec::with_capacity(self.depth());
        self.placed_into(&mut cols);
        cols
    }

    /// The 0-based column of row 0's queen, once row 0 is filled.
    #[inline]
    pub fn first_column(&self) -> u32 {
        self.levels[1].cols.trailing_zeros()
    }

    /// The number of rows filled.
    pub fn depth(&self) -> usize {
        usize::from(self.depth)
    }

    /// Writes the 0-based columns of the queens placed so far into `out` (cleared first),
    /// without allocating when `out` has room.
    pub fn placed_into(&self, out: &mut Vec<usize>) {
        placed_into(&self.levels, self.depth(), out);
    }
}

impl<M: Mask> Problem for BitQueens<M> {
    type Op = M;
    type Ops = FreeSquares<M>;
    type Solution = Vec<usize>;

    #[inline]
    fn operators(&self) -> FreeSquares<M> {
        FreeSquares(self.levels[usize::from(self.depth)].free())
    }

    #[inline]
    fn apply(&mut self, bit: M) {
        let level = self.levels[usize::from(self.depth)];
        self.depth += 1;
        level.descend(bit, &mut self.levels[usize::from(self.depth)]);
    }

    #[inline]
    fn undo(&mut self, _bit: M) {
        self.depth -= 1;
    }

    #[inline]
    fn is_complete(&self) -> bool {
        self.depth == self.n
    }

    fn solution(&self) -> Vec<usize> {
        self.placed()
    }
}
