//! The half searches: the queens of a half board, row by row, and each complete half
//! kept as its group and its key.

use backtrack::observer::{OnSolution, Solutions};
use backtrack::{ByValue, Problem, Search, Stats};

use super::blocks::HalfBlocks;
use super::lists::{Found, Group, Key};
use super::watch::{watched, Watch};
use crate::queens::bitboard::{FreeSquares, Mask};

/// A half board being searched: rows of queens from the top on the columns it may take,
/// some of which it must; its solutions are the halves of [`HalfJoin`](super::HalfJoin). On
/// 64-bit masks, with the board anywhere in them (so that the diagonals beside it are
/// kept). Searched by value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct HalfWalk {
    /// The columns it may still take.
    pub(super) free: u64,
    /// The columns it must still take.
    pub(super) need: u64,
    /// The diagonals attacked on the next row.
    pub(super) ld: u64,
    pub(super) rd: u64,
    /// The rows left.
    pub(super) rows: u32,
}

impl Problem for HalfWalk {
    type Op = u64;
    type Ops = FreeSquares<u64>;
    type Solution = ();

    #[inline]
    fn operators(&self) -> FreeSquares<u64> {
        let needed = self.need.count_ones();
        // As many columns it must take as rows left: only those.
        let columns = match needed.cmp(&self.rows) {
            std::cmp::Ordering::Less => self.free,
            std::cmp::Ordering::Equal => self.need,
            std::cmp::Ordering::Greater => 0,
        };
        FreeSquares(columns & !(self.ld | self.rd))
    }

    #[inline]
    fn apply(&mut self, bit: u64) {
        self.free ^= bit;
        self.need &= !bit;
        self.ld = (self.ld | bit) << 1;
        self.rd = (self.rd | bit) >> 1;
        self.rows -= 1;
    }

    /// Never called: searched by value ([`Problem::BY_VALUE`]).
    fn undo(&mut self, _: u64) {
        unreachable!("HalfWalk is searched by value, never undone")
    }

    /// Complete with one row left: the last row's queens only finish their halves' keys,
    /// which [`HalfJoin`](super::HalfJoin) takes from the operators of that row (without a
    /// node each).
    #[inline]
    fn is_complete(&self) -> bool {
        self.rows <= 1
    }

    fn solution(&self) {}

    const BY_VALUE: Option<ByValue<Self>> = Some(ByValue::COPY);
}

/// The open columns of a block, numbered from 0 without gaps: a group of the block is a
/// set of them.
pub(super) struct Open {
    mask: u32,
    /// The first open column (the ones before are fixed).
    from: u32,
    /// The open columns left of the middle one, numbered from `from` (all of them if the
    /// middle one is not among them).
    before_middle: u32,
}

impl Open {
    fn new(mask: u32, from: u32, middle: u32) -> Self {
        let before_middle = if middle == 0 || middle.trailing_zeros() < from {
            u32::MAX
        } else {
            u32::low_bits(middle.trailing_zeros() - from)
        };
        Open {
            mask,
            from,
            before_middle,
        }
    }

    /// The open columns of `columns`, numbered.
    #[inline]
    fn number(&self, columns: u32) -> u32 {
        let shifted = (columns & self.mask) >> self.from;
        (shifted & self.before_middle) | ((shifted >> 1) & !self.before_middle)
    }

    /// The columns numbered `group`.
    pub(super) fn columns(&self, group: u32) -> u32 {
        let mut columns = 0;
        let mut rest = self.mask;
        let mut index = 0;
        while rest != 0 {
            let column = rest & rest.wrapping_neg();
            if group >> index & 1 == 1 {
                columns |= column;
            }
            rest ^= column;
            index += 1;
        }
        columns
    }
}

/// The columns left of the middle one `middle` (a single bit), all of them if there is
/// none (an even board).
fn below_middle(middle: u32) -> u32 {
    if middle == 0 {
        u32::MAX
    } else {
        u32::low_bits(middle.trailing_zeros())
    }
}

/// How a half's final state becomes its group and key.
pub(super) struct Keys {
    /// Where column 0 is in the masks.
    offset: u32,
    board: u32,
    /// The middle queen's bit (odd n), left out of the keys: both halves see it.
    pub(super) middle: u32,
    pub(super) open: Open,
    /// The columns left of the middle one (all on an even board): see [`Key::narrow`].
    pub(super) below_middle: u32,
}

impl Keys {
    /// How the halves of `block` become their groups and keys.
    pub(super) fn of(block: &HalfBlocks) -> Self {
        Keys {
            offset: u32::from(block.h),
            board: block.board(),
            middle: block.middle,
            open: Open::new(
                block.open(),
                block.open().trailing_zeros() % 32,
                block.middle,
            ),
            below_middle: below_middle(block.middle),
        }
    }

    /// The diagonals of the half's queens seen on the row below them, each direction
    /// masked to the board, the middle queen's left out.
    #[inline]
    fn seen(&self, half: &HalfWalk) -> (u32, u32) {
        let keep = self.board & !self.middle;
        (
            (half.ld >> self.offset) as u32 & keep,
            (half.rd >> self.offset) as u32 & keep,
        )
    }

    /// The open columns a half takes, numbered: its group. `may` is the columns it could
    /// take when it started.
    #[inline]
    fn group(&self, half: &HalfWalk, may: u64) -> u32 {
        let taken = ((may & !half.free) >> self.offset) as u32;
        self.open.number(taken)
    }

    /// A top half's key: its diagonals seen from the row below it.
    #[inline]
    fn top(&self, half: &HalfWalk) -> u64 {
        let (ld, rd) = self.seen(half);
        u64::from(ld) | (u64::from(rd) << 32)
    }

    /// A bottom half's key, the half having been searched upside down: its diagonals seen
    /// from the row where the top half's are. Turning the board over swaps the two
    /// directions; on an even board that row is the bottom half's own first row, one
    /// further than where the search saw them, and on an odd one it is the middle row.
    #[inline]
    fn bottom(&self, half: &HalfWalk) -> u64 {
        let (ld, rd) = self.seen(half);
        let (down_right, down_left) = if self.middle == 0 {
            ((rd << 1) & self.board, ld >> 1)
        } else {
            (rd, ld)
        };
        u64::from(down_right) | (u64::from(down_left) << 32)
    }
}

/// Searches the halves from `start` and keeps each complete one's group and key (in the
/// keys of `tops` and `bottoms`: see [`Key::narrow`]) as a top half in `tops`, and as a
/// bottom half (upside down, its group the open columns it leaves) in `bottoms`, those
/// given; returns the statistics of the search, its last row counted as nodes (see
/// [`HalfJoin::searched`](super::HalfJoin::searched)). Stopped by `watch` (a half search
/// takes seconds on the biggest boards), it says why in `watch.cut`, its halves a part of
/// the block's.
pub(super) fn walk<K: Key, G: Group>(
    start: HalfWalk,
    keys: &Keys,
    tops: Option<&mut Found<K, G>>,
    bottoms: Option<&mut Found<K, G>>,
    watch: &Watch,
) -> Stats {
    struct Collect<'a, K, G> {
        keys: &'a Keys,
        may: u64,
        all: u32,
        tops: Option<&'a mut Found<K, G>>,
        bottoms: Option<&'a mut Found<K, G>>,
        /// The nodes of the last row, not searched as nodes.
        leaves: u64,
        /// The halves kept.
        kept: u64,
        /// The halves whose last row had no square left: dead ends, not solutions.
        blocked: u64,
    }
    impl<K: Key, G: Group> OnSolution<HalfWalk> for Collect<'_, K, G> {
        #[inline]
        fn on_solution(&mut self, half: &HalfWalk, _depth: usize) {
            if half.rows == 0 {
                self.keep(half);
                return;
            }
            // The last row: every queen it may take ends a half.
            let squares = half.operators();
            if squares.0 == 0 {
                self.blocked += 1;
            }
            for bit in squares {
                let mut last = *half;
                last.apply(bit);
                self.keep(&last);
                self.leaves += 1;
            }
        }
    }
    impl<K: Key, G: Group> Collect<'_, K, G> {
        /// Keeps a half, all its rows filled.
        #[inline]
        fn keep(&mut self, half: &HalfWalk) {
            self.kept += 1;
            let group = self.keys.group(half, self.may);
            if let Some(tops) = self.tops.as_deref_mut() {
                tops.groups.push(G::of(group));
                tops.keys
                    .push(K::narrow(self.keys.top(half), self.keys.below_middle));
            }
            if let Some(bottoms) = self.bottoms.as_deref_mut() {
                bottoms.groups.push(G::of(group ^ self.all));
                bottoms
                    .keys
                    .push(K::narrow(self.keys.bottom(half), self.keys.below_middle));
            }
        }
    }
    let all = (1u32 << keys.open.mask.count_ones()) - 1;
    let mut collect = Collect {
        keys,
        may: start.free,
        all,
        tops,
        bottoms,
        leaves: 0,
        kept: 0,
        blocked: 0,
    };
    let outcome = Search::new(start)
        .observer(Solutions(&mut collect))
        .limits(watched(watch.deadline, watch.cancel))
        .count_solutions();
    if let Some(reason) = outcome.stopped {
        // Another job may have set it first, for its own reason.
        let _ = watch.cut.set(reason);
    }
    let mut stats = outcome.stats;
    stats.nodes += collect.leaves;
    stats.solutions = collect.kept;
    stats.dead_ends += collect.blocked;
    if collect.leaves > 0 {
        stats.max_depth += 1;
    }
    stats.elapsed = std::time::Duration::ZERO;
    stats
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The open columns numbered and back.
    #[test]
    fn open_columns_are_numbered_without_gaps() {
        let open = Open::new(0b1101_1000, 3, 1 << 5);
        assert_eq!(open.number(0b1101_1000), 0b1111);
        assert_eq!(open.number(0b0100_1000), 0b0101);
        for group in 0..16 {
            assert_eq!(open.number(open.columns(group)), group);
        }
    }
}
