//! Takaken's space of class representatives with the whole state in one small value,
//! searched by value: the tree of [`SymmetricQueens`](super::SymmetricQueens), for
//! counting its classes fast.

use backtrack::{ByValue, Problem};

use super::bitboard::{FreeSquares, Mask};

/// The largest board a [`SymmetricState`] holds: its path keeps 5 bits a row in 128, and
/// above them, for one row, the columns the edge rule withholds.
pub const SYMMETRIC_STATE_MAX: usize = 22;

/// The bits of one row's column in the path.
const COLUMN_BITS: u32 = 5;

/// Where in the path the columns withheld by the edge rule are kept for one row (above
/// every column of the path, which takes at most `5 * (n - 1)` bits then), after the
/// shift of that row.
const STASH: u32 = 128 - SYMMETRIC_STATE_MAX as u32;

/// The countdown of a state that has no turn left: more rows than any board has.
const NO_TURN: u32 = 0xff;

/// What the next turn does (the second byte of the control word).
mod stage {
    /// Row 1: the first queen's column chooses the case.
    pub(super) const CASE: u32 = 0;
    /// Case A, row 2: row 1's column `b` withholds column 1 from rows 2..b.
    pub(super) const CORNER_ROW2: u32 = 1;
    /// Case A, row `b`: column 1 is given back.
    pub(super) const CORNER_ROW_B: u32 = 2;
    /// Case B, row `b`: the edge columns are given back.
    pub(super) const SIDE_ROW_B: u32 = 3;
    /// Case B, row `n - 1 - b`: the edge rule.
    pub(super) const EDGE: u32 = 4;
    /// Case B, the row after the edge rule withheld columns: they are given back.
    pub(super) const RESTORE: u32 = 5;
    /// Case B, the last row: its only free column must not be among the `b` nearest
    /// each side.
    pub(super) const LAST: u32 = 6;
    /// No turn left.
    pub(super) const NONE: u32 = 7;
}

/// Takaken's space ([`SymmetricQueens`](super::SymmetricQueens)) as a value of four words,
/// searched by value ([`Problem::by_value`]), for `n <=` [`SYMMETRIC_STATE_MAX`].
///
/// It walks the tree of [`SymmetricQueens`](super::SymmetricQueens): the same nodes, the
/// same operators, in the same order, so the same statistics. Where that one keeps a
/// stack of row masks in place (a row's mask written as its parent's queen is placed,
/// read back at once), this one keeps only what the next row needs, as
/// [`BitState`](super::BitState) does:
///
/// - `open`, the free columns the row may use: the rules of the space withhold a free
///   column from a run of rows (never take it), and give it back at the end of the run.
///   The row's operators are `open & !(ld | rd)`, as on a plain board.
/// - a control word: the rows left until the next *turn*, where the rules change, what
///   that turn does, the case's column `b` and `n`. There are at most five turns on a path
///   (row 1, where the first queen's column chooses the case; rows `b`, `n - 1 - b` and
///   the one after it; the last row), so a node does one decrement and one test for them;
///   the turns of the deep rows are a few instructions, those of the first rows out of
///   line. All but one of the runs of withheld columns are known by the case (the upper
///   half in row 0, an edge column or both, column 1), and given back as they are; the
///   columns the edge rule withholds are kept above the path for their one row.
/// - the path, each row's column in 5 bits (the latest lowest): a value carries no
///   stack, and the [`OrbitCounter`](super::OrbitCounter) needs a solution's board, which
///   it reads from the path ([`placed_into`](SymmetricState::placed_into)).
///
/// A row whose rule leaves it no column (the edge rule with no edge column taken, the
/// last row's only free column in the `b` nearest each side) is given no operator by
/// marking its free columns attacked: such a node has no child, so the mark goes nowhere.
///
/// ```
/// use backtrack::{observer::Solutions, Search};
/// use backtrack_problems::queens::{OrbitCounter, SymmetricQueens, SymmetricState};
///
/// let mut counter = OrbitCounter::new(8);
/// let outcome = Search::new(SymmetricState::<u32>::new(8))
///     .observer(Solutions(&mut counter))
///     .count_solutions();
/// assert_eq!((counter.counts().total, counter.counts().unique), (92, Some(12)));
/// let in_place = Search::new(SymmetricQueens::<u32>::new(8)).count_solutions();
/// assert_eq!(outcome.stats.nodes, in_place.stats.nodes);
/// let first = Search::new(SymmetricState::<u32>::new(8)).next().unwrap();
/// assert_eq!(Some(first), Search::new(SymmetricQueens::<u32>::new(8)).next());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SymmetricState<M> {
    /// The column of each row placed, in `COLUMN_BITS` bits, the latest lowest; for one
    /// row, the columns withheld by the edge rule at `STASH`.
    path: u128,
    /// The free columns the current row may use.
    open: M,
    /// The diagonals attacked, shifted to the current row (as in
    /// [`BitState`](super::BitState)).
    ld: M,
    rd: M,
    /// From the lowest byte: the rows to place until the next turn, what that turn does
    /// (a `stage`), the column `b` of case B and `n`.
    control: u32,
}

/// The control word of a board of `n` columns, case B's column `b`, with a turn
/// `rows` rows on that does `stage`.
#[inline(always)]
#[expect(clippy::inline_always, reason = "a few instructions of the deep turns")]
fn control(rows: u32, stage: u32, b: u32, n: u32) -> u32 {
    rows | stage << 8 | b << 16 | n << 24
}

impl<M: Mask> SymmetricState<M> {
    /// An empty `n`×`n` board, its first row limited to the corner and the columns of
    /// case B (those left of the middle).
    ///
    /// # Panics
    ///
    /// If `n` exceeds [`SYMMETRIC_STATE_MAX`] or `M::BITS`.
    pub fn new(n: usize) -> Self {
        assert!(
            n <= SYMMETRIC_STATE_MAX && n <= M::BITS as usize,
            "a SymmetricState holds boards of at most {SYMMETRIC_STATE_MAX} columns that fit its mask, not {n}"
        );
        let board = M::low_bits(n as u32);
        let mut state = SymmetricState {
            path: 0,
            open: board,
            ld: M::ZERO,
            rd: M::ZERO,
            control: control(1, stage::CASE, 0, n as u32),
        };
        if n > 0 {
            state.withhold(board & !M::low_bits((n / 2) as u32));
        }
        state
    }

    /// The board size.
    pub fn n(&self) -> usize {
        (self.control >> 24) as usize
    }

    /// Writes the 0-based columns of the queens of a complete state (a solution, row 0
    /// first) into `out` (cleared first), without allocating when `out` has room.
    pub fn placed_into(&self, out: &mut Vec<usize>) {
        debug_assert!(self.is_complete(), "only a complete state has its board");
        out.clear();
        let n = self.n();
        out.extend((0..n).map(|row| self.column(n - 1 - row) as usize));
    }

    /// The column of the queen placed `back` rows before the last one.
    #[inline]
    fn column(&self, back: usize) -> u32 {
        let shift = COLUMN_BITS as usize * back;
        ((self.path >> shift) & ((1 << COLUMN_BITS) - 1)) as u32
    }

    /// Withholds the free columns of `columns` from the rows up to the next turn; a row
    /// left with none is given no operator instead.
    fn withhold(&mut self, columns: M) {
        if self.open & !columns == M::ZERO {
            self.dead_end();
        } else {
            self.open = self.open & !columns;
        }
    }

    /// Gives the current row no operator, its free columns all marked attacked. `open`
    /// keeps them, so that the state does not look complete; and no child is ever made
    /// of it.
    #[inline]
    fn dead_end(&mut self) {
        self.ld = self.ld | self.open;
    }

    /// A turn (the countdown come to 0): the rules of the current row and the next turn.
    /// Those of the deep rows (the edge rule, the row after it, the last row) here, in a
    /// few instructions, each a step of the control word; those of the first rows out of
    /// line.
    #[inline(always)]
    #[expect(
        clippy::inline_always,
        reason = "the turns of the deep rows, in the search's loop"
    )]
    fn turn(&mut self) {
        // Opaque to the optimiser: what a turn works out from the control word is worked
        // out only at a turn (not speculated at every node, which it was, as cheap).
        self.control = std::hint::black_box(self.control);
        let stage = self.control >> 8 & 0xff;
        if stage == stage::EDGE {
            let side = M::ONE | M::ONE << ((self.control >> 24) - 1);
            let taken = side & !self.open;
            if taken == M::ZERO {
                self.dead_end();
            } else if taken == side {
                self.toward_last_row(stage::EDGE, 0);
            } else {
                // Only the other edge column: the rest waits above the path for a row.
                let rest = self.open & !side;
                self.path |= rest.to_u128() << (STASH - COLUMN_BITS);
                self.open = self.open & side;
                self.control += (stage::RESTORE - stage::EDGE) << 8 | 1;
            }
        } else if stage == stage::RESTORE {
            // Opaque too, or the columns kept are read out at every node.
            let path = std::hint::black_box(self.path);
            self.open = self.open | M::from_u128(path >> STASH);
            self.path = path & ((1 << STASH) - 1);
            self.toward_last_row(stage::RESTORE, 1);
        } else if stage == stage::LAST {
            let b = self.control >> 16 & 0xff;
            let n = self.control >> 24;
            let last = M::low_bits(b) | M::low_bits(b) << (n - b);
            if self.open & last != M::ZERO {
                self.dead_end();
            }
            self.control |= NO_TURN;
        } else {
            *self = self.turned();
        }
    }

    /// From the turn `stage`, `done` rows after the edge rule, on to the last row, which
    /// has a rule of its own for `b > 1` (for `b = 1` it asks for the edge columns
    /// taken, which the edge rule saw to).
    #[inline(always)]
    #[expect(
        clippy::inline_always,
        reason = "the turns of the deep rows, in the search's loop"
    )]
    fn toward_last_row(&mut self, stage: u32, done: u32) {
        let b = self.control >> 16 & 0xff;
        if b == 1 {
            self.control |= NO_TURN;
        } else {
            self.control += (stage::LAST - stage) << 8 | (b - done);
        }
    }

    /// This state after a turn of the first rows. Out of line, and by value, so that the
    /// state in the search's loop is never taken by reference (and can stay in
    /// registers).
    #[cold]
    #[inline(never)]
    #[must_use]
    fn turned(mut self) -> Self {
        let stage = self.control >> 8 & 0xff;
        let n = self.control >> 24;
        let m = n - 1;
        let side = M::ONE | M::ONE << m;
        match stage {
            stage::CASE => {
                // Row 0's queen is left of the middle: the columns right of it are free.
                self.open = self.open | (M::low_bits(n) & !M::low_bits(n / 2));
                let first = self.column(0);
                if first == 0 {
                    // Case A, a queen in the corner: row 1 takes a column 2..=n-2 (column
                    // 1 is attacked).
                    self.withhold(M::ONE << m);
                    self.control = control(1, stage::CORNER_ROW2, 0, n);
                } else if first > 1 {
                    // Case B: the edge columns are withheld from rows 1..b.
                    self.withhold(side);
                    self.control = control(first - 1, stage::SIDE_ROW_B, first, n);
                } else {
                    self.control = control(m - 2, stage::EDGE, first, n);
                }
            }
            stage::CORNER_ROW2 => {
                self.open = self.open | M::ONE << m;
                // Column 1 is withheld from rows 2..b, b row 1's column.
                let b = self.column(0);
                if b > 2 {
                    self.withhold(M::ONE << 1);
                    self.control = control(b - 2, stage::CORNER_ROW_B, 0, n);
                } else {
                    self.control = control(NO_TURN, stage::NONE, 0, n);
                }
            }
            stage::CORNER_ROW_B => {
                self.open = self.open | M::ONE << 1;
                self.control = control(NO_TURN, stage::NONE, 0, n);
            }
            stage::SIDE_ROW_B => {
                self.open = self.open | side;
                let b = self.control >> 16 & 0xff;
                // From row b to row n - 1 - b.
                self.control = control(m - 2 * b, stage::EDGE, b, n);
            }
            _ => unreachable!("stage {stage} is a turn of the deep rows"),
        }
        self
    }
}

impl<M: Mask> Problem for SymmetricState<M> {
    type Op = M;
    type Ops = FreeSquares<M>;
    type Solution = Vec<usize>;

    #[inline]
    fn operators(&self) -> FreeSquares<M> {
        FreeSquares(self.open & !(self.ld | self.rd))
    }

    #[inline]
    fn apply(&mut self, bit: M) {
        self.open = self.open ^ bit;
        self.ld = (self.ld | bit) << 1;
        self.rd = (self.rd | bit) >> 1;
        self.path = self.path << COLUMN_BITS | u128::from(bit.trailing_zeros());
        self.control -= 1;
        if self.control as u8 == 0 {
            self.turn();
        }
    }

    /// Never called: the state is searched by value ([`Problem::by_value`]), and the shifts
    /// of [`apply`](Problem::apply) cannot be taken back.
    fn undo(&mut self, _bit: M) {
        unreachable!("a SymmetricState is searched by value, never undone")
    }

    #[inline]
    fn is_complete(&self) -> bool {
        // No run of withheld columns reaches the last row: every row is filled when no
        // column is open.
        self.open == M::ZERO
    }

    fn solution(&self) -> Vec<usize> {
        let mut cols = Vec::with_capacity(self.n());
        self.placed_into(&mut cols);
        cols
    }

    #[inline]
    fn by_value(&self) -> Option<ByValue<Self>> {
        Some(ByValue::COPY)
    }
}

#[cfg(test)]
mod tests {
    use backtrack::Search;

    use super::*;
    use crate::queens::SymmetricQueens;

    #[test]
    fn it_walks_the_tree_of_the_space_searched_in_place() {
        for n in 0..=12 {
            let by_value = Search::new(SymmetricState::<u32>::new(n)).count_solutions();
            let in_place = Search::new(SymmetricQueens::<u32>::new(n)).count_solutions();
            let figures = |outcome: &backtrack::Outcome<u64>| {
                let stats = outcome.stats;
                let walked = (
                    stats.nodes,
                    stats.dead_ends,
                    stats.max_depth,
                    stats.rejections,
                );
                (outcome.found, walked)
            };
            assert_eq!(figures(&by_value), figures(&in_place), "n = {n}");
            let listed: Vec<Vec<usize>> = Search::new(SymmetricState::<u64>::new(n)).collect();
            let expected: Vec<Vec<usize>> = Search::new(SymmetricQueens::<u64>::new(n)).collect();
            assert_eq!(listed, expected, "n = {n}");
        }
    }

    #[test]
    fn a_node_budget_stops_it_where_it_stops_the_search_in_place() {
        use backtrack::observer::Solutions;
        use backtrack::Limits;

        use crate::queens::OrbitCounter;

        for nodes in [1, 2, 17, 1000, 54321] {
            let mut by_value = OrbitCounter::new(11);
            let a = Search::new(SymmetricState::<u32>::new(11))
                .observer(Solutions(&mut by_value))
                .limits(Limits::none().nodes(nodes))
                .count_solutions();
            let mut in_place = OrbitCounter::new(11);
            let b = Search::new(SymmetricQueens::<u32>::new(11))
                .observer(Solutions(&mut in_place))
                .limits(Limits::none().nodes(nodes))
                .count_solutions();
            assert_eq!((a.found, a.stopped), (b.found, b.stopped), "{nodes} nodes");
            assert_eq!(a.stats.nodes, b.stats.nodes, "{nodes} nodes");
            assert_eq!(a.stats.dead_ends, b.stats.dead_ends, "{nodes} nodes");
            assert_eq!(a.stats.max_depth, b.stats.max_depth, "{nodes} nodes");
            assert_eq!(by_value.counts(), in_place.counts(), "{nodes} nodes");
        }
    }

    #[test]
    fn the_largest_board_reads_its_path_back() {
        let n = SYMMETRIC_STATE_MAX;
        let first = Search::new(SymmetricState::<u32>::new(n)).next();
        assert_eq!(first, Search::new(SymmetricQueens::<u32>::new(n)).next());
    }
}
