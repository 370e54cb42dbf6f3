//! The bitboards both fast formulations share: a row as a bitmask, column `c` as bit `c`.
//!
//! A [`Level`] holds what the queens of the rows above attack in the next row (its columns
//! and both diagonals, already shifted to that row) and what that row allows at all; its
//! free squares are one expression, `allowed & !(cols | ld | rd)`, and [`FreeSquares`]
//! yields them lowest bit (leftmost column) first, so the search order is lexicographic.

use std::fmt::Debug;
use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

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
    /// The bits at a distance of at least `s` (`1..BITS`) from some set bit. Zero for zero.
    #[must_use]
    fn away(self, s: u32) -> Self;

    /// The columns where a queen leaves some of the squares `self` of the row `k` below
    /// hers unattacked: she takes three of them, her own column and `k` to either side.
    #[inline]
    #[must_use]
    fn spared(self, k: u32) -> Self {
        let mut near = Self::ZERO;
        for i in 1..k {
            near = near | self << i | self >> i;
        }
        self.away(k + 1) | near
    }
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
            #[inline]
            fn away(self, s: u32) -> Self {
                // `s` or more above the lowest bit (the negated power of two is every bit
                // from it up), or `s` or more below the highest (every bit up to it, shifted
                // down; bit 0 added so that zero has a highest bit and yields nothing).
                let above = (self.lowest_bit() << s).wrapping_neg();
                above | (<$t>::MAX >> (self | 1).leading_zeros()) >> s
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
    /// The squares of this level's row that it allows and no queen above attacks.
    #[inline]
    pub(crate) fn free(self) -> M {
        self.allowed & !(self.cols | self.ld | self.rd)
    }

    /// The queen on `bit` of this level's row is placed: writes the attacks it leaves on the
    /// next row into `next` (whose `allowed` stays as it is). Its diagonals go on from
    /// `diagonals`, which is `bit` unless the next level is not the next row (then
    /// the caller folds the queen's diagonals into the rows' `allowed` masks itself and passes zero).
    #[inline]
    pub(crate) fn descend(self, bit: M, diagonals: M, next: &mut Level<M>) {
        next.cols = self.cols | bit;
        next.ld = (self.ld | diagonals) << 1;
        next.rd = (self.rd | diagonals) >> 1;
    }
}

/// Room for the levels of any board up to 255 rows, indexed by a `u8` depth, and for the
/// two levels below the deepest that [`Rows::free_below`] looks at: no index is ever out
/// of bounds (and none is checked).
const LEVELS: usize = 258;

/// A board searched row by row in place, as both bitboard formulations that keep their
/// state in place do ([`BitQueens`](super::BitQueens),
/// [`SymmetricQueens`](super::SymmetricQueens)): one [`Level`] per row and one for the
/// board full, and the number of rows filled. `levels[d]` is what the first `d` queens
/// attack, and what row `d` allows; the current level is `levels[depth]`.
#[derive(Clone, Debug)]
pub(crate) struct Rows<M> {
    /// On the heap: moving a problem moves a pointer, not up to 16 KiB.
    levels: Box<[Level<M>; LEVELS]>,
    depth: u8,
    n: u8,
}

impl<M: Mask> Rows<M> {
    /// An empty `n`×`n` board whose every row allows the columns `allowed`.
    ///
    /// # Panics
    ///
    /// If `n` exceeds `M::BITS`.
    pub(crate) fn new(n: usize, allowed: M) -> Self {
        assert!(
            n <= M::BITS as usize,
            "a {n}×{n} board needs a mask of at least {n} bits"
        );
        let empty = Level {
            cols: M::ZERO,
            ld: M::ZERO,
            rd: M::ZERO,
            allowed,
        };
        let levels: Box<[Level<M>]> = vec![empty; LEVELS].into_boxed_slice();
        Rows {
            levels: levels.try_into().expect("LEVELS levels"),
            depth: 0,
            n: n as u8,
        }
    }

    /// The board size.
    pub(crate) fn n(&self) -> u8 {
        self.n
    }

    /// The number of rows filled.
    #[inline]
    pub(crate) fn depth(&self) -> u8 {
        self.depth
    }

    /// The current level: what the queens placed attack in the next row, and what it
    /// allows.
    #[inline]
    pub(crate) fn current(&self) -> Level<M> {
        self.levels[usize::from(self.depth)]
    }

    /// What the row `k` (1 or 2) levels below the current one allows, less what the queens
    /// placed attack there.
    #[inline]
    pub(crate) fn free_below(&self, k: u32) -> M {
        let d = usize::from(self.depth);
        let Level { cols, ld, rd, .. } = self.levels[d];
        self.levels[d + k as usize].allowed & !(cols | ld << k | rd >> k)
    }

    /// The queen on `bit` of the current row is placed: the next row becomes current.
    #[inline]
    pub(crate) fn push(&mut self, bit: M) {
        self.push_attacking(bit, bit);
    }

    /// As [`push`](Self::push), the queen's diagonals carried on from `diagonals` (see
    /// [`Level::descend`]).
    #[inline]
    pub(crate) fn push_attacking(&mut self, bit: M, diagonals: M) {
        let level = self.current();
        self.depth += 1;
        level.descend(bit, diagonals, &mut self.levels[usize::from(self.depth)]);
    }

    /// The last queen placed is taken back.
    #[inline]
    pub(crate) fn pop(&mut self) {
        self.depth -= 1;
    }

    /// Is every row filled?
    #[inline]
    pub(crate) fn is_full(&self) -> bool {
        self.depth == self.n
    }

    /// The columns row `row` allows, to narrow or widen.
    pub(crate) fn allowed_mut(&mut self, row: usize) -> &mut M {
        &mut self.levels[row].allowed
    }

    /// Writes the 0-based columns of the queens placed so far into `out` (cleared first),
    /// without allocating when `out` has room: each queen's column is the one its level
    /// adds to the columns attacked.
    pub(crate) fn placed_into(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend(
            self.levels[..=usize::from(self.depth)]
                .windows(2)
                .map(|pair| (pair[1].cols ^ pair[0].cols).trailing_zeros() as usize),
        );
    }
}

/// Work to do with the bitboard mask of a board: see [`with_mask`].
pub trait MaskJob {
    /// What the work gives.
    type Output;
    /// Does the work with the mask `M`.
    fn run<M: Mask>(self) -> Self::Output;
}

/// Runs `job` with the narrowest [`Mask`] for a board of `n` columns: `u32` up to 32,
/// `u64` up to 64, `u128` past that (a board past 128 columns must be refused before).
/// The one place that picks the mask.
///
/// ```
/// use backtrack::Search;
/// use backtrack_problems::queens::{with_mask, BitState, Mask, MaskJob};
///
/// struct Count(usize);
/// impl MaskJob for Count {
///     type Output = u64;
///     fn run<M: Mask>(self) -> u64 {
///         Search::new(BitState::<M>::new(self.0)).count_solutions().found
///     }
/// }
/// assert_eq!(with_mask(8, Count(8)), 92);
/// ```
pub fn with_mask<J: MaskJob>(n: usize, job: J) -> J::Output {
    match n {
        0..=32 => job.run::<u32>(),
        33..=64 => job.run::<u64>(),
        _ => job.run::<u128>(),
    }
}
