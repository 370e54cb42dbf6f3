//! The bitboard formulation: occupied columns and both diagonals as bitmasks.
//!
//! Column `c` is bit `c`. The squares of the next row left free by the queens above are
//! one expression, `allowed & !(cols | ld | rd)`, and the search range iterates them
//! lowest bit (leftmost column) first, so the order is lexicographic.

use std::fmt::Debug;
use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

use backtrack::Problem;

use super::place::Placement;

/// A fixed-width bitmask wide enough for one row of the board: `u32`, `u64` or `u128`.
///
/// Use the narrowest that fits (see [`Mask::BITS`]): the search is a little faster on
/// narrower words.
pub trait Mask:
    Copy
    + Eq
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The number of bits, the largest board this mask can hold.
    const BITS: u32;
    /// No bit set.
    const ZERO: Self;
    /// Only bit 0 set.
    const ONE: Self;
    /// The lowest set bit alone (`x & -x`), zero for zero.
    #[must_use]
    fn lowest_bit(self) -> Self;
    /// The index of the lowest set bit (`BITS` for zero).
    fn trailing_zeros(self) -> u32;
    /// The number of set bits.
    fn count_ones(self) -> u32;
    /// The lowest `n` bits set (`n <= BITS`).
    fn low_bits(n: u32) -> Self;
}

macro_rules! impl_mask {
    ($($t:ty),*) => {$(
        impl Mask for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: Self = 0;
            const ONE: Self = 1;
            #[inline]
            fn lowest_bit(self) -> Self {
                self & self.wrapping_neg()
            }
            #[inline]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            fn low_bits(n: u32) -> Self {
                if n >= <$t>::BITS {
                    <$t>::MAX
                } else {
                    (1 << n) - 1
                }
            }
        }
    )*};
}

impl_mask!(u32, u64, u128);

/// The search range of one row: its free squares as single-bit masks, leftmost first.
#[derive(Clone, Debug)]
pub struct FreeSquares<M>(pub(crate) M);

impl<M: Mask> Iterator for FreeSquares<M> {
    type Item = M;

    #[inline]
    fn next(&mut self) -> Option<M> {
        if self.0 == M::ZERO {
            None
        } else {
            let bit = self.0.lowest_bit();
            self.0 = self.0 ^ bit;
            Some(bit)
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let k = self.0.count_ones() as usize;
        (k, Some(k))
    }
}

/// What is attacked after the first `depth` rows: columns, and the diagonals going down
/// to the right (`ld`) and to the left (`rd`), each already shifted to the next row; and
/// the squares row `depth` may use at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Level<M> {
    pub(crate) cols: M,
    pub(crate) ld: M,
    pub(crate) rd: M,
    pub(crate) allowed: M,
}

impl<M: Mask> Level<M> {
    /// The queen on `bit` of this level's row is placed: writes the attacks it leaves on the
    /// next row into `next` (whose `allowed` stays as it is).
    #[inline]
    pub(crate) fn descend(self, bit: M, next: &mut Level<M>) {
        next.cols = self.cols | bit;
        next.ld = (self.ld | bit) << 1;
        next.rd = (self.rd | bit) >> 1;
    }
}

/// Room for the levels of any board up to 255 rows, indexed by a `u8` depth so that no
/// index is ever out of bounds (and none is checked).
pub(crate) const LEVELS: usize = 256;

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
/// ([`BitQueens::with_placement`]) and first-row mirror halving ([`count_mirrored`](super::count_mirrored)) use
/// this.
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
    /// `levels[d]`: what the first `d` queens attack, and what row `d` allows.
    /// `levels[depth]` is the current one.
    levels: Box<[Level<M>; LEVELS]>,
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
        let empty = Level {
            cols: M::ZERO,
            ld: M::ZERO,
            rd: M::ZERO,
            allowed: M::low_bits(n as u32),
        };
        let levels: Box<[Level<M>]> = vec![empty; LEVELS].into_boxed_slice();
        BitQueens {
            n: n as u8,
            levels: levels.try_into().expect("LEVELS levels"),
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
        self.levels
            .windows(2)
            .take(self.depth())
            .map(|w| (w[1].cols ^ w[0].cols).trailing_zeros() as usize)
            .collect()
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
        out.clear();
        for d in 0..self.depth() {
            let bit = self.levels[d + 1].cols ^ self.levels[d].cols;
            out.push(bit.trailing_zeros() as usize);
        }
    }
}

impl<M: Mask> Problem for BitQueens<M> {
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
        } = self.levels[usize::from(self.depth)];
        FreeSquares(allowed & !(cols | ld | rd))
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
