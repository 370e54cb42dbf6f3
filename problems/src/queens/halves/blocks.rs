//! The tree of blocks: each block a middle column and the top half's choice among the
//! first few columns, whose groups are searched and joined together.

use backtrack::{ByValue, Problem};

use super::walk::HalfWalk;
use super::MAX_HALVES;
use crate::queens::bitboard::{FreeSquares, Mask};

/// How many columns (besides the middle one) a block of an `n`×`n` board fixes: enough
/// that the halves of a block fit in memory (both sides at once, on every thread) and that
/// a board has blocks enough to share out between threads, and no more.
///
/// Fixing a column shares a block's searches less (the halves that must take it are
/// searched with those that must not, until their last rows): the nodes searched grow
/// with each column fixed, while the halves a block holds shrink by a steady factor. Up to
/// 17 columns, few are fixed: an odd board fixes 2 (its halves fit the caches best), an
/// even one 6 (blocks enough for two threads, a block's work shared as
/// [`HalfJoin`](super::HalfJoin)
/// shares it). Past that, the number fixed grows with `n` so that the biggest block's
/// halves stay about as many. No block leaves more than 20 columns open, for the table of
/// its groups.
///
/// ```
/// use backtrack_problems::queens::block_columns;
///
/// assert_eq!(block_columns(17), 2);
/// assert_eq!(block_columns(16), 6);
/// ```
pub fn block_columns(n: usize) -> usize {
    let columns = n - n % 2;
    let fixed = match n {
        0..=17 if n % 2 == 1 => 2,
        0..=16 => 6,
        18 | 19 => 7,
        // A column more on the board multiplies the halves of a block by about what 8/3
        // columns more fixed divide them by; an even board, which has no middle queen to
        // split its halves, fixes 2 more.
        _ => 7 + (8 * (n - 19)).div_ceil(3) + 2 * (1 - n % 2),
    };
    fixed.max(columns.saturating_sub(20)).min(columns)
}

/// The search over the blocks of a half-board count, for `n <= MAX_HALVES`: its solutions
/// are the blocks, each a middle column (for an odd `n`) and the choice of the top half's
/// columns among the first [`block_columns`] (the middle one aside). Searched by value.
///
/// An operator is the middle queen's column as a single-bit mask first (odd `n`, at most
/// `n / 2`), then, column by column from the left, whether the top half takes it or leaves
/// it to the bottom one (only what leaves enough columns for the rest, and the first
/// column taken): a binary tree.
///
/// ```
/// use backtrack::Search;
/// use backtrack_problems::queens::HalfBlocks;
///
/// // 3 columns fixed, the first taken: 4 blocks.
/// assert_eq!(Search::new(HalfBlocks::fixing(8, 3)).count_solutions().found, 4);
/// // The middle queen's column, from 0 to 3; 2 columns fixed, the first taken.
/// assert_eq!(Search::new(HalfBlocks::new(7)).count_solutions().found, 4 * 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HalfBlocks {
    pub(super) n: u8,
    /// Rows in each half: `n / 2`.
    pub(super) h: u8,
    /// How many columns a block fixes.
    pub(super) fix: u8,
    /// The middle queen's column as a single bit: chosen first on an odd board; none on an
    /// even one (and before the choice).
    pub(super) middle: u32,
    /// The columns taken by the top half so far.
    pub(super) top: u32,
    /// How many columns are in `top`.
    chosen: u8,
    /// How many columns are fixed so far.
    fixed: u8,
    /// The column in hand: taken or left by the next operator.
    pub(super) next: u8,
}

impl HalfBlocks {
    /// The blocks of an `n`×`n` board.
    ///
    /// # Panics
    ///
    /// If `n` exceeds [`MAX_HALVES`].
    pub fn new(n: usize) -> Self {
        Self::fixing(n, block_columns(n))
    }

    /// The blocks of an `n`×`n` board, each fixing `fix` columns (at most all of them, the
    /// middle one aside): 0 gives a block for each middle column, and `n` a block for each
    /// group.
    ///
    /// # Panics
    ///
    /// If `n` exceeds [`MAX_HALVES`].
    pub fn fixing(n: usize, fix: usize) -> Self {
        assert!(
            n <= MAX_HALVES,
            "half boards are counted up to {MAX_HALVES} columns, not {n}"
        );
        HalfBlocks {
            n: n as u8,
            h: (n / 2) as u8,
            fix: fix.min(n - n % 2) as u8,
            middle: 0,
            top: 0,
            chosen: 0,
            fixed: 0,
            next: 0,
        }
    }

    /// Every column of the board.
    pub(super) fn board(&self) -> u32 {
        u32::low_bits(u32::from(self.n))
    }

    /// Is the middle queen still to be chosen?
    fn choosing_middle(&self) -> bool {
        self.n % 2 == 1 && self.middle == 0
    }

    /// The columns the block leaves open: neither fixed nor the middle one.
    pub(super) fn open(&self) -> u32 {
        self.board() & !u32::low_bits(u32::from(self.next)) & !self.middle
    }

    /// The fixed columns the bottom half takes.
    fn left(&self) -> u32 {
        self.board() & !self.open() & !self.middle & !self.top
    }

    /// The half searches of this block, complete: its top halves', and its bottom
    /// halves' (upside down, a top half of its own on the other columns), or one search
    /// for both when the block fixes no column (the bottom halves, upside down, are then
    /// top halves of their own).
    pub(super) fn walks(&self) -> (HalfWalk, Option<HalfWalk>) {
        let h = u32::from(self.h);
        let (middle, open) = (self.middle, self.open());
        // The board's columns at bit `h` of the 64-bit masks, so that no diagonal that
        // comes back onto the board is shifted off it; the middle queen (odd n) already
        // placed on its row, `h` rows below the first.
        let (ld, rd) = if middle == 0 {
            (0, 0)
        } else {
            let m = middle.trailing_zeros();
            (1u64 << m, 1u64 << (m + 2 * h))
        };
        let start = |may: u32, must: u32| HalfWalk {
            free: u64::from(may) << h,
            need: u64::from(must) << h,
            ld,
            rd,
            rows: h,
        };
        let (top, left) = (self.top, self.left());
        if top | left == 0 {
            (start(open, 0), None)
        } else {
            (start(open | top, top), Some(start(open | left, left)))
        }
    }
}

/// [`HalfBlocks`]' operator that takes the column in hand for the top half.
const TAKE: u32 = 1;
/// [`HalfBlocks`]' operator that leaves the column in hand to the bottom half.
const LEAVE: u32 = 2;

impl Problem for HalfBlocks {
    type Op = u32;
    type Ops = FreeSquares<u32>;
    type Solution = ();

    fn operators(&self) -> FreeSquares<u32> {
        if self.choosing_middle() {
            // The mirror image of a middle column right of the board's middle is left of
            // it.
            return FreeSquares(u32::low_bits(u32::from(self.h) + 1));
        }
        if self.is_complete() {
            return FreeSquares(0);
        }
        let needed = u32::from(self.h - self.chosen);
        // Upside down, the halves swap: the first column fixed goes to the top half.
        let leave = if self.open().count_ones() > needed && self.fixed > 0 {
            LEAVE
        } else {
            0
        };
        FreeSquares(TAKE | leave)
    }

    fn apply(&mut self, op: u32) {
        if self.choosing_middle() {
            self.middle = op;
        } else {
            if op == TAKE {
                self.top |= 1 << self.next;
                self.chosen += 1;
            }
            self.fixed += 1;
            self.next += 1;
        }
        // The middle column is not the top half's to take or leave.
        if self.middle >> self.next & 1 == 1 {
            self.next += 1;
        }
    }

    /// Never called: searched by value ([`Problem::by_value`]).
    fn undo(&mut self, _: u32) {
        unreachable!("HalfBlocks is searched by value, never undone")
    }

    fn is_complete(&self) -> bool {
        !self.choosing_middle() && (self.fixed == self.fix || self.chosen == self.h)
    }

    fn solution(&self) {}

    fn by_value(&self) -> Option<ByValue<Self>> {
        Some(ByValue::COPY)
    }
}

/// The size of the class of the group `(middle, top)` of an `n`×`n` board under the
/// symmetries that keep the split (the mirror image and upside down), if it is the one of
/// its class that is joined; 0 if not. `fixes` says whether the blocks fix a column (and
/// then rule out the groups whose top half leaves the first one).
///
/// That one is, of the class's groups in the blocks of [`HalfBlocks`], the least by a
/// scrambled order (a bijective hash of the middle column and the top half's columns),
/// not by the columns themselves: the groups joined are then spread evenly through the
/// blocks.
pub(super) fn group_weight(n: usize, fixes: bool, middle: u32, top: u32) -> u64 {
    let n = n as u32;
    let board = u32::low_bits(n);
    let mirror = |cols: u32| {
        if n == 0 {
            0
        } else {
            cols.reverse_bits() >> (32 - n)
        }
    };
    let h = n / 2;
    // Is the group in one of the blocks searched?
    let searched = |middle: u32, top: u32| {
        let left_of_middle = middle == 0 || middle.trailing_zeros() <= h;
        let first = board & !middle;
        let takes_first = !fixes || top & first & first.wrapping_neg() != 0;
        left_of_middle && takes_first
    };
    let key = |middle: u32, top: u32| {
        ((u64::from(middle) << 32) | u64::from(top)).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    };
    let bottom = board & !top & !middle;
    let images = [
        (middle, top),
        (mirror(middle), mirror(top)),
        (middle, bottom),
        (mirror(middle), mirror(bottom)),
    ];
    let own = key(middle, top);
    if images
        .iter()
        .any(|&(m, t)| searched(m, t) && key(m, t) < own)
    {
        return 0;
    }
    (0..4)
        .filter(|&i| !images[..i].contains(&images[i]))
        .count() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The groups of a block: its middle column, and top halves that take its columns
    /// taken and any of its open ones.
    fn groups_of(block: &HalfBlocks) -> Vec<(u32, u32)> {
        let open = block.open();
        let h = u32::from(block.h);
        (0..=u32::low_bits(u32::from(block.n)))
            .filter(|&cols| cols & !open == 0)
            .map(|cols| cols | block.top)
            .filter(|cols| cols.count_ones() == h)
            .map(|cols| (block.middle, cols))
            .collect()
    }

    #[test]
    fn each_group_class_is_joined_once_and_weighed_by_its_size() {
        for n in [6, 7, 8, 9] {
            let board = u32::low_bits(n as u32);
            let mirror = |cols: u32| {
                (0..n)
                    .filter(|&c| cols >> c & 1 == 1)
                    .map(|c| 1 << (n - 1 - c))
                    .sum::<u32>()
            };
            // Every group of the board: a middle column (odd n), h of the others.
            let middles: Vec<u32> = if n % 2 == 1 {
                (0..n).map(|c| 1 << c).collect()
            } else {
                vec![0]
            };
            let all: Vec<(u32, u32)> = middles
                .iter()
                .flat_map(|&m| {
                    (0..=board)
                        .filter(move |&c| c & m == 0 && c.count_ones() == n as u32 / 2)
                        .map(move |c| (m, c))
                })
                .collect();
            for fix in [0, 1, 2, 4, n] {
                let mut blocks = Vec::new();
                collect_blocks(HalfBlocks::fixing(n, fix), &mut blocks);
                let searched: Vec<(u32, u32)> = blocks.iter().flat_map(groups_of).collect();
                let mut distinct = searched.clone();
                distinct.sort_unstable();
                distinct.dedup();
                assert_eq!(distinct.len(), searched.len(), "a group in two blocks");
                for &(m, top) in &all {
                    // The class, by hand: mirror image and upside down (the other columns).
                    let flip = board & !top & !m;
                    let class = [
                        (m, top),
                        (mirror(m), mirror(top)),
                        (m, flip),
                        (mirror(m), mirror(flip)),
                    ];
                    let mut members = class.to_vec();
                    members.sort_unstable();
                    members.dedup();
                    let joined: Vec<u64> = searched
                        .iter()
                        .filter(|g| members.contains(g))
                        .map(|&(m, t)| group_weight(n, fix > 0 && n > 1, m, t))
                        .filter(|&w| w > 0)
                        .collect();
                    assert_eq!(
                        joined,
                        [members.len() as u64],
                        "n = {n}, fix {fix}, {class:?}"
                    );
                }
            }
        }
        // {0, 1, 2} upside down is {3, 4, 5}, its mirror image: a class of 2.
        assert_eq!(
            group_weight(6, false, 0, 0b000_111) + group_weight(6, false, 0, 0b111_000),
            2
        );
    }

    #[test]
    fn a_block_fixes_its_columns_with_the_first_one_taken() {
        let mut blocks = Vec::new();
        collect_blocks(HalfBlocks::fixing(8, 3), &mut blocks);
        let tops: Vec<u32> = blocks.iter().map(|b| b.top).collect();
        assert_eq!(tops, [0b111, 0b011, 0b101, 0b001]);
        assert!(blocks.iter().all(|b| b.open() == 0b1111_1000));
        // Odd: the middle column first, at most the board's middle.
        let mut blocks = Vec::new();
        collect_blocks(HalfBlocks::fixing(17, 0), &mut blocks);
        let middles: Vec<u32> = blocks.iter().map(|b| b.middle.trailing_zeros()).collect();
        assert_eq!(middles, (0..=8).collect::<Vec<_>>());
    }

    /// Every block below `state`, by an exhaustive walk of the tree.
    fn collect_blocks(state: HalfBlocks, into: &mut Vec<HalfBlocks>) {
        if state.is_complete() {
            into.push(state);
            return;
        }
        for op in state.operators() {
            let mut child = state;
            child.apply(op);
            collect_blocks(child, into);
        }
    }
}
