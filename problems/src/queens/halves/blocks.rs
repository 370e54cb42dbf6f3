//! The tree of blocks: each block a middle column and the top half's choice among the
//! first few columns, whose groups are searched and joined together.

use std::cmp::Ordering;

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
        18 => 8,
        19 => 7,
        // A column more on the board multiplies the halves of a block by about what 8/3
        // columns more fixed divide them by; an even board, which has no middle queen to
        // split its halves, fixes 2 more.
        _ => 7 + (8 * (n - 19)).div_ceil(3) + 2 * (1 - n % 2),
    };
    let fixed = fixed.max(columns.saturating_sub(20)).min(columns);
    // An even board fixes its columns in pairs, one from each end (see
    // [`HalfBlocks::new`]).
    fixed + (fixed % 2) * (1 - n % 2).min(columns - fixed)
}

/// The search over the blocks of a half-board count, for `n <= MAX_HALVES`: its solutions
/// are the blocks, each a middle column (for an odd `n`) and the choice of the top half's
/// columns among [`block_columns`] of them (the middle one aside): the first ones, or on an
/// even board those at both ends ([`new`](HalfBlocks::new)). Searched by value.
///
/// An operator is the middle queen's column as a single-bit mask first (odd `n`, at most
/// `n / 2`), then, column by column, whether the top half takes it or leaves it to the
/// bottom one (only what leaves enough columns for the rest): a binary tree. Of the blocks
/// that the mirror image and upside down map onto each other, one is searched: from the
/// left, the one whose first column goes to the top half; from both ends, the least.
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
    next: u8,
    /// The columns fixed so far, the middle one aside.
    done: u32,
    /// Are the columns fixed from both ends (0, `n - 1`, 1, `n - 2`...), not from the left?
    ends: bool,
}

impl HalfBlocks {
    /// The blocks of an `n`×`n` board. On an even board, the columns are fixed from both
    /// ends, a pair at a time: the mirror image then maps a block onto a block, and of
    /// each block and its images (the mirror image, upside down) one is searched, not two
    /// or four (an odd board's middle column rules out half of the mirror images already).
    ///
    /// ```
    /// use backtrack::Search;
    /// use backtrack_problems::queens::HalfBlocks;
    ///
    /// // 6 columns fixed, 3 at each end: of the 2^6 choices, 20 are the least of their
    /// // images, and 19 of those leave the top half enough columns.
    /// assert_eq!(Search::new(HalfBlocks::new(10)).count_solutions().found, 19);
    /// ```
    ///
    /// # Panics
    ///
    /// If `n` exceeds [`MAX_HALVES`].
    pub fn new(n: usize) -> Self {
        if n.is_multiple_of(2) {
            Self::from_ends(n, block_columns(n))
        } else {
            Self::fixing(n, block_columns(n))
        }
    }

    /// The blocks of an even `n`×`n` board, each fixing `fix` columns (even), half of them
    /// at each end: see [`new`](HalfBlocks::new).
    pub(super) fn from_ends(n: usize, fix: usize) -> Self {
        debug_assert!(
            n.is_multiple_of(2) && fix.is_multiple_of(2),
            "columns fixed in pairs"
        );
        let mut blocks = Self::fixing(n, fix);
        blocks.ends = true;
        blocks
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
            done: 0,
            ends: false,
        }
    }

    /// The columns that the blocks fix, the middle one aside (once chosen): the first
    /// ones, or those at both ends.
    pub(super) fn fixes(&self) -> u32 {
        let (n, fix) = (u32::from(self.n), u32::from(self.fix));
        if self.ends {
            return u32::low_bits(fix.div_ceil(2)) | (u32::low_bits(fix / 2) << (n - fix / 2));
        }
        let (mut fixes, mut rest) = (0, self.board() & !self.middle);
        for _ in 0..fix {
            let column = rest & rest.wrapping_neg();
            fixes |= column;
            rest ^= column;
        }
        fixes
    }

    /// Is this block, its columns all fixed, the one of its images searched? From the
    /// left: its first column goes to the top half. From both ends: its top half's fixed
    /// columns are the least of their images, by their mask.
    fn searched(&self) -> bool {
        if !self.ends {
            return true;
        }
        least_of_images(u32::from(self.n), self.fixes(), self.top)
    }

    /// Which of the groups of the board are in the blocks searched.
    pub(super) fn chosen(&self) -> Chosen {
        if self.ends {
            Chosen::Least(self.fixes())
        } else if self.fix > 0 {
            Chosen::FirstTaken
        } else {
            Chosen::All
        }
    }

    /// From both ends, may a block below this node be the one of its images searched
    /// ([`least_of_images`])? The masks are compared from their highest bit, the last
    /// column, which the order of the columns fixed (0, `n - 1`, 1, `n - 2`...) fixes with
    /// the first, pair by pair from the ends in: the mirror image's bit there is the first
    /// column's, the image upside down's is its own turned over (so the last column is
    /// left to the bottom half), and the mirror image's upside down is the first column's
    /// turned over. Once a pair of columns tells a block from an image, the rest of the
    /// columns cannot change which is less; as long as none does, the pairs to come can
    /// still make the block the least, so a node that passes has a block below it that
    /// does (enough columns left for both halves aside).
    fn may_be_searched(&self) -> bool {
        if !self.ends {
            return true;
        }
        let n = u32::from(self.n);
        let (mut mirror, mut both) = (Ordering::Equal, Ordering::Equal);
        for i in 0..u32::from(self.fixed / 2) {
            let (first, last) = (self.top >> i & 1, self.top >> (n - 1 - i) & 1);
            if i == 0 && last == 1 {
                return false;
            }
            mirror = mirror.then(last.cmp(&first));
            both = both.then(last.cmp(&(first ^ 1)));
        }
        mirror != Ordering::Greater && both != Ordering::Greater
    }

    /// Are the block's columns all fixed (or the top half's all chosen)?
    fn all_fixed(&self) -> bool {
        !self.choosing_middle() && (self.fixed == self.fix || self.chosen == self.h)
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
        self.board() & !self.done & !self.middle
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
        if self.all_fixed() {
            return FreeSquares(0);
        }
        let needed = u32::from(self.h - self.chosen);
        // Upside down, the halves swap: from the left, the first column fixed goes to the
        // top half.
        let leave = if self.open().count_ones() > needed && (self.fixed > 0 || self.ends) {
            LEAVE
        } else {
            0
        };
        // From both ends, no node whose blocks are none of them the one of their images
        // searched: the blocks are then the nodes at the depth of the columns fixed, as
        // from the left, and each level of the tree is as wide as the one above or wider
        // (see `may_be_searched`).
        let ops = TAKE | leave;
        if !self.ends {
            return FreeSquares(ops);
        }
        let searched = |op: u32| {
            let mut child = *self;
            child.apply(op);
            ops & op != 0 && child.may_be_searched() && (!child.all_fixed() || child.searched())
        };
        FreeSquares([TAKE, LEAVE].into_iter().filter(|&op| searched(op)).sum())
    }

    fn apply(&mut self, op: u32) {
        if self.choosing_middle() {
            self.middle = op;
        } else {
            if op == TAKE {
                self.top |= 1 << self.next;
                self.chosen += 1;
            }
            self.done |= 1 << self.next;
            self.fixed += 1;
            self.next = if self.ends && self.fixed % 2 == 1 {
                self.n - 1 - self.fixed / 2
            } else if self.ends {
                self.fixed / 2
            } else {
                self.next + 1
            };
        }
        // The middle column is not the top half's to take or leave.
        if self.middle >> self.next & 1 == 1 {
            self.next += 1;
        }
    }

    /// Never called: searched by value ([`Problem::BY_VALUE`]).
    fn undo(&mut self, _: u32) {
        unreachable!("HalfBlocks is searched by value, never undone")
    }

    fn is_complete(&self) -> bool {
        self.all_fixed() && self.searched()
    }

    fn solution(&self) {}

    const BY_VALUE: Option<ByValue<Self>> = Some(ByValue::COPY);
}

/// Is `top & fixes` the least, by its mask, of its images by the mirror image and upside
/// down (the top half's columns swapped with the bottom half's), on an `n`×`n` board
/// whose blocks fix the columns `fixes` from both ends?
fn least_of_images(n: u32, fixes: u32, top: u32) -> bool {
    if n == 0 {
        return true;
    }
    let mirror = |cols: u32| cols.reverse_bits() >> (32 - n);
    let top = top & fixes;
    let flip = fixes & !top;
    top <= mirror(top) && top <= flip && top <= mirror(flip)
}

/// Which groups of a board are in the blocks searched (besides an odd board's middle
/// column at most `n / 2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Chosen {
    /// All: the blocks fix no column.
    All,
    /// Those whose top half takes the first column that the blocks fix, from the left.
    FirstTaken,
    /// Those whose top half's columns among `fixes` (fixed from both ends) are the least of
    /// their images ([`least_of_images`]).
    Least(u32),
}

/// The size of the class of the group `(middle, top)` of an `n`×`n` board under the
/// symmetries that keep the split (the mirror image and upside down), if it is the one of
/// its class that is joined; 0 if not. `chosen` says which groups the blocks searched
/// hold.
///
/// That one is, of the class's groups in the blocks of [`HalfBlocks`], the least by a
/// scrambled order (a bijective hash of the middle column and the top half's columns),
/// not by the columns themselves: the groups joined are then spread evenly through the
/// blocks.
pub(super) fn group_weight(n: usize, chosen: Chosen, middle: u32, top: u32) -> u64 {
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
        left_of_middle
            && match chosen {
                Chosen::All => true,
                Chosen::FirstTaken => top & first & first.wrapping_neg() != 0,
                Chosen::Least(fixes) => least_of_images(n, fixes, top),
            }
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
                        .map(|&(m, t)| {
                            let chosen = if fix > 0 && n > 1 {
                                Chosen::FirstTaken
                            } else {
                                Chosen::All
                            };
                            group_weight(n, chosen, m, t)
                        })
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
            group_weight(6, Chosen::All, 0, 0b000_111) + group_weight(6, Chosen::All, 0, 0b111_000),
            2
        );
    }

    /// From both ends, each class of groups is in the blocks searched, and weighed by its
    /// size once; a block whose images are all other blocks is searched alone.
    #[test]
    fn from_both_ends_each_group_class_is_joined_once() {
        for n in [2, 4, 6, 8, 10] {
            let board = u32::low_bits(n as u32);
            let mirror = |cols: u32| cols.reverse_bits() >> (32 - n as u32);
            for fix in (0..=n).step_by(2) {
                let tree = HalfBlocks::from_ends(n, fix);
                let mut blocks = Vec::new();
                collect_blocks(tree, &mut blocks);
                let chosen = tree.chosen();
                let searched: Vec<(u32, u32)> = blocks.iter().flat_map(groups_of).collect();
                let mut weighed = 0;
                for top in (0..=board).filter(|c| c.count_ones() == n as u32 / 2) {
                    let flip = board & !top;
                    let mut members = vec![top, mirror(top), flip, mirror(flip)];
                    members.sort_unstable();
                    members.dedup();
                    let joined: Vec<u64> = searched
                        .iter()
                        .filter(|&&(_, t)| members.contains(&t))
                        .map(|&(m, t)| group_weight(n, chosen, m, t))
                        .filter(|&w| w > 0)
                        .collect();
                    assert_eq!(joined, [members.len() as u64], "n = {n}, fix {fix}");
                    weighed += 1;
                }
                assert!(weighed > 0);
                if fix == n && n >= 4 {
                    // A group a block: a quarter of them or more, not all.
                    let groups = (0..=board).filter(|c| c.count_ones() == n as u32 / 2);
                    assert!(4 * blocks.len() >= groups.clone().count());
                    assert!(blocks.len() < groups.count());
                }
            }
        }
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
