//! Counting N-Queens by half boards: the queens of the top rows and those of the bottom
//! rows are searched apart, grouped by the columns they take, and joined (meet in the
//! middle).
//!
//! Split an `n`×`n` board into its top `h = n / 2` rows and its bottom rows (for an odd
//! `n`, the middle row's queen is chosen first and both halves have `h` rows). A solution
//! is a top half and a bottom half that take complementary columns and whose diagonals do
//! not meet. Seen from the row where the halves meet, each half's diagonals are two masks
//! of `n` bits, so a top and a bottom join exactly when their masks are disjoint.
//!
//! [`HalfGroups`] is the search over the *column groups*: which `h` columns the top half
//! takes (and, for an odd `n`, the middle queen's column). For each group, the
//! [`HalfJoin`] observer searches the top halves on those columns and the bottom halves on
//! the others (each a [`BitState`] search through the engine, a few thousand nodes), then
//! counts the disjoint pairs by splitting both lists on one bit of the masks at a time (a
//! pair survives a bit unless both have it) down to small blocks compared pair by pair.
//!
//! The symmetries that keep the split (the mirror image, and turning the board upside
//! down) map a group to a group with as many solutions: only one group of each class is
//! joined ([`HalfGroups::weight`]), and its count weighed by the size of its class. At
//! n = 16 the halves searched total 64 million nodes, about a twentieth of the whole tree.
//!
//! The boards are never whole, so this count cannot tell classes of solutions apart (see
//! [`count_symmetric`](super::count_symmetric)); nor can it take queens placed first.

use backtrack::{Observer, Problem, Search};

use super::bitboard::{FreeSquares, Mask};
use super::BitState;

/// The largest board [`Reduction::Halves`](super::Reduction::Halves) counts. The half
/// searches run on 64-bit masks with room for the diagonals on both sides of the board
/// (32 columns at most), and the halves of one group take memory: about 70 MB a thread at
/// n = 27, five times more for each two columns past it.
pub const MAX_HALVES: usize = 27;

/// Below this many halves on either side, a group's pairs are compared one by one.
const BLOCK: usize = 64;

/// The search over the column groups of a half-board count, for `n <= MAX_HALVES`: its
/// solutions are the groups, each the columns of the top half (and, for an odd `n`, the
/// middle queen's column). Searched by value.
///
/// An operator is the middle queen's column as a single-bit mask first (odd `n`), then,
/// column by column from the left, whether the top half takes it or leaves it to the
/// bottom one (only what leaves enough columns for the rest): a binary tree, whose
/// subtrees at a depth hold much the same number of groups, for splitting it.
///
/// ```
/// use backtrack::Search;
/// use backtrack_problems::queens::HalfGroups;
///
/// // Four of the eight columns for the top half: 8 choose 4 groups.
/// assert_eq!(Search::new(HalfGroups::new(8)).count_solutions().found, 70);
/// // The middle queen's column, then three of the other six columns.
/// assert_eq!(Search::new(HalfGroups::new(7)).count_solutions().found, 7 * 20);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HalfGroups {
    n: u8,
    /// Rows in each half: `n / 2`.
    h: u8,
    /// The middle queen's column as a single bit: chosen first on an odd board; none on an
    /// even one (and before the choice).
    middle: u32,
    /// The columns taken by the top half so far.
    top: u32,
    /// How many columns are in `top`.
    chosen: u8,
    /// The column in hand: taken or left by the next operator.
    next: u8,
}

impl HalfGroups {
    /// The groups of an `n`×`n` board.
    ///
    /// # Panics
    ///
    /// If `n` exceeds [`MAX_HALVES`].
    pub fn new(n: usize) -> Self {
        assert!(
            n <= MAX_HALVES,
            "half boards are counted up to {MAX_HALVES} columns, not {n}"
        );
        HalfGroups {
            n: n as u8,
            h: (n / 2) as u8,
            middle: 0,
            top: 0,
            chosen: 0,
            next: 0,
        }
    }

    /// Every column of the board.
    fn board(&self) -> u32 {
        u32::low_bits(u32::from(self.n))
    }

    /// Is the middle queen still to be chosen?
    fn choosing_middle(&self) -> bool {
        self.n % 2 == 1 && self.middle == 0
    }

    /// The bottom half's columns: the rest of the board.
    fn bottom(&self) -> u32 {
        self.board() & !self.top & !self.middle
    }

    /// The size of this group's class under the symmetries that keep the split (the
    /// mirror image and upside down), if it is the one of its class that is joined; 0 if
    /// not. That one is the least by a scrambled order (a bijective hash of the middle
    /// column and the top half's columns), not by the columns themselves: the groups
    /// joined are then spread evenly through the search, whose speed and progress say
    /// as much of the end as of the start.
    pub fn weight(&self) -> u64 {
        let n = u32::from(self.n);
        let mirror = |cols: u32| {
            if n == 0 {
                0
            } else {
                cols.reverse_bits() >> (32 - n)
            }
        };
        let key = |middle: u32, top: u32| {
            ((u64::from(middle) << 32) | u64::from(top)).wrapping_mul(0x9e37_79b9_7f4a_7c15)
        };
        let (middle, bottom) = (self.middle, self.bottom());
        let images = [
            key(middle, self.top),
            key(mirror(middle), mirror(self.top)),
            key(middle, bottom),
            key(mirror(middle), mirror(bottom)),
        ];
        let least = images[0];
        if images.iter().any(|&image| image < least) {
            return 0;
        }
        let distinct = (0..4)
            .filter(|&i| !images[..i].contains(&images[i]))
            .count();
        distinct as u64
    }
}

/// [`HalfGroups`]' operator that takes the column in hand for the top half.
const TAKE: u32 = 1;
/// [`HalfGroups`]' operator that leaves the column in hand to the bottom half.
const LEAVE: u32 = 2;

impl Problem for HalfGroups {
    type Op = u32;
    type Ops = FreeSquares<u32>;
    type Solution = ();

    fn operators(&self) -> FreeSquares<u32> {
        if self.choosing_middle() {
            return FreeSquares(self.board());
        }
        let needed = u32::from(self.h - self.chosen);
        if needed == 0 {
            return FreeSquares(0);
        }
        // The columns from the one in hand on, the middle one aside.
        let open =
            (self.board() & !u32::low_bits(u32::from(self.next)) & !self.middle).count_ones();
        let leave = if open > needed { LEAVE } else { 0 };
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
            self.next += 1;
        }
        // The middle column is not the top half's to take or leave.
        if self.middle >> self.next & 1 == 1 {
            self.next += 1;
        }
    }

    /// Never called: searched by value ([`Problem::by_value`]).
    fn undo(&mut self, _: u32) {
        unreachable!("HalfGroups is searched by value, never undone")
    }

    fn is_complete(&self) -> bool {
        !self.choosing_middle() && self.chosen == self.h
    }

    fn solution(&self) {}

    fn by_value(&self) -> Option<Self> {
        Some(*self)
    }
}

/// The observer of a [`HalfGroups`] search that counts the solutions of the board: for
/// each group the least of its class, the halves searched and joined, and the count
/// weighed by the class's size ([`HalfGroups::weight`]).
///
/// ```
/// use backtrack::Search;
/// use backtrack_problems::queens::{HalfGroups, HalfJoin};
///
/// let mut join = HalfJoin::new(10);
/// Search::new(HalfGroups::new(10)).observer(&mut join).count_solutions();
/// assert_eq!(join.total(), 724);
/// ```
#[derive(Clone, Debug)]
pub struct HalfJoin {
    /// The bits of the masks, in the order the join splits on them.
    order: Vec<u8>,
    /// This group's top halves, then its bottom halves: their diagonals seen from the row
    /// where the halves meet (two masks in one key, the `ld` direction in the low half).
    tops: Vec<u64>,
    bottoms: Vec<u64>,
    total: u64,
    /// The nodes of the half searches.
    walked: u64,
}

impl HalfJoin {
    /// A count at zero, for an `n`×`n` board (`n <= MAX_HALVES`).
    pub fn new(n: usize) -> Self {
        // The middle columns first (their diagonals are met by most halves), both
        // directions of each.
        let mut order = Vec::with_capacity(2 * n);
        for step in 0..n {
            let middle = n / 2;
            let column = if step % 2 == 1 {
                middle.checked_sub(step.div_ceil(2))
            } else {
                Some(middle + step / 2)
            };
            if let Some(column) = column.filter(|&c| c < n) {
                order.push(column as u8);
                order.push(column as u8 + 32);
            }
        }
        HalfJoin {
            order,
            tops: Vec::new(),
            bottoms: Vec::new(),
            total: 0,
            walked: 0,
        }
    }

    /// The solutions counted so far.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// The nodes of the half searches so far.
    pub fn walked(&self) -> u64 {
        self.walked
    }

    /// Adds another part's count.
    pub fn add(&mut self, other: &HalfJoin) {
        self.total += other.total;
        self.walked += other.walked;
    }

    /// The solutions whose halves are in `group`.
    fn join_group(&mut self, group: &HalfGroups) -> u64 {
        let h = u32::from(group.h);
        let middle = group.middle;
        // The board's columns at bit `h` of the 64-bit masks, so that no diagonal that
        // comes back onto the board is shifted off it; the middle queen (odd n) already
        // placed on its row, `h` rows below the first.
        let start = |columns: u32| {
            let (ld, rd) = if middle == 0 {
                (0, 0)
            } else {
                let m = middle.trailing_zeros();
                (1u64 << m, 1u64 << (m + 2 * h))
            };
            BitState::from_masks(u64::from(columns) << h, ld, rd)
        };
        let keys = Keys {
            offset: h,
            board: group.board(),
            middle,
        };
        let mut tops = std::mem::take(&mut self.tops);
        let mut bottoms = std::mem::take(&mut self.bottoms);
        tops.clear();
        bottoms.clear();
        self.walked += walk(start(group.top), &mut tops, |state| keys.top(state));
        if !tops.is_empty() {
            // The bottom half upside down: a top half of its own on the other columns.
            self.walked += walk(start(group.bottom()), &mut bottoms, |state| {
                keys.bottom(state)
            });
        }
        let pairs = join(&mut tops, &mut bottoms, &self.order);
        self.tops = tops;
        self.bottoms = bottoms;
        pairs
    }
}

impl Observer<HalfGroups> for HalfJoin {
    const SOLUTIONS_ONLY: bool = true;

    fn solution(&mut self, group: &HalfGroups, _depth: usize) {
        let weight = group.weight();
        if weight > 0 {
            let pairs = self.join_group(group);
            self.total += weight * pairs;
        }
    }
}

/// How a half's final state becomes its key.
struct Keys {
    /// Where column 0 is in the masks.
    offset: u32,
    board: u32,
    /// The middle queen's bit (odd n), left out of the keys: both halves see it.
    middle: u32,
}

impl Keys {
    /// The diagonals of the state's queens seen on the row below them, each direction
    /// masked to the board, the middle queen's left out.
    fn seen(&self, state: &BitState<u64>) -> (u32, u32) {
        let (ld, rd) = state.diagonals();
        let keep = self.board & !self.middle;
        (
            (ld >> self.offset) as u32 & keep,
            (rd >> self.offset) as u32 & keep,
        )
    }

    /// A top half's key: its diagonals seen from the row below it.
    fn top(&self, state: &BitState<u64>) -> u64 {
        let (ld, rd) = self.seen(state);
        u64::from(ld) | (u64::from(rd) << 32)
    }

    /// A bottom half's key, the half having been searched upside down: its diagonals seen
    /// from the row where the top half's are. Turning the board over swaps the two
    /// directions; on an even board that row is the bottom half's own first row, one
    /// further than where the search saw them, and on an odd one it is the middle row.
    fn bottom(&self, state: &BitState<u64>) -> u64 {
        let (ld, rd) = self.seen(state);
        let (down_right, down_left) = if self.middle == 0 {
            ((rd << 1) & self.board, ld >> 1)
        } else {
            (rd, ld)
        };
        u64::from(down_right) | (u64::from(down_left) << 32)
    }
}

/// Searches the halves from `start` and pushes the key of each complete one; returns the
/// nodes searched.
fn walk(start: BitState<u64>, keys: &mut Vec<u64>, key: impl Fn(&BitState<u64>) -> u64) -> u64 {
    struct Collect<'a, F> {
        keys: &'a mut Vec<u64>,
        key: F,
    }
    impl<F: Fn(&BitState<u64>) -> u64> Observer<BitState<u64>> for Collect<'_, F> {
        const SOLUTIONS_ONLY: bool = true;
        #[inline]
        fn solution(&mut self, state: &BitState<u64>, _depth: usize) {
            self.keys.push((self.key)(state));
        }
    }
    let outcome = Search::new(start)
        .observer(Collect { keys, key })
        .count_solutions();
    outcome.stats.nodes
}

/// The pairs of a top key and a bottom key with no bit in common, splitting both lists on
/// the bits of `order` in turn (reordering them).
fn join(tops: &mut [u64], bottoms: &mut [u64], order: &[u8]) -> u64 {
    if tops.is_empty() || bottoms.is_empty() {
        return 0;
    }
    let Some((&bit, rest)) = order.split_first() else {
        return pairwise(tops, bottoms);
    };
    if tops.len() < BLOCK || bottoms.len() < BLOCK {
        return pairwise(tops, bottoms);
    }
    let bit = 1u64 << bit;
    let clear = partition(tops, bit);
    let bottoms_clear = partition(bottoms, bit);
    // Tops with the bit meet only bottoms without it; tops without it meet all.
    let (tops_clear, tops_set) = tops.split_at_mut(clear);
    join(tops_set, &mut bottoms[..bottoms_clear], rest) + join(tops_clear, bottoms, rest)
}

/// Moves the keys without `bit` to the front; returns how many there are. Without a
/// branch on the keys (they are as likely to have the bit as not): every key is swapped
/// with the first one that has the bit, which moves only when the key has it not.
fn partition(keys: &mut [u64], bit: u64) -> usize {
    let mut clear = 0;
    for i in 0..keys.len() {
        let key = keys[i];
        keys.swap(i, clear);
        clear += usize::from(key & bit == 0);
    }
    clear
}

/// The disjoint pairs, compared one by one.
fn pairwise(tops: &[u64], bottoms: &[u64]) -> u64 {
    tops.iter()
        .map(|&top| {
            bottoms
                .iter()
                .map(|&bottom| u64::from(top & bottom == 0))
                .sum::<u64>()
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pairs counted by splitting are those counted one by one, for keys dense and
    /// sparse, and lists long enough to split.
    #[test]
    fn the_join_counts_the_disjoint_pairs() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for density in [1, 2, 3] {
            let mut key = || (0..density).fold(u64::MAX, |acc, _| acc & next()) & 0xffff_0000_ffff;
            let mut tops: Vec<u64> = (0..700).map(|_| key()).collect();
            let mut bottoms: Vec<u64> = (0..500).map(|_| key()).collect();
            let expected = pairwise(&tops, &bottoms);
            let order: Vec<u8> = (0..16).flat_map(|b| [b, b + 32]).collect();
            assert_eq!(join(&mut tops, &mut bottoms, &order), expected);
        }
    }

    #[test]
    fn each_group_class_is_joined_once_and_weighed_by_its_size() {
        for n in [6, 7] {
            let mut all = Vec::new();
            collect_groups(HalfGroups::new(n), &mut all);
            // The middle queen's column (odd n), then 3 of the other 6 columns.
            let groups = if n % 2 == 1 { n as u64 * 20 } else { 20 };
            assert_eq!(all.len() as u64, groups);
            let weighed: u64 = all.iter().map(HalfGroups::weight).sum();
            assert_eq!(weighed, groups, "n = {n}");
            for group in &all {
                // The class, by hand: mirror image and upside down (the other columns).
                let mirror = |cols: u32| {
                    (0..n)
                        .filter(|&c| cols >> c & 1 == 1)
                        .map(|c| 1 << (n - 1 - c))
                        .sum::<u32>()
                };
                let flip = group.board() & !group.top & !group.middle;
                let class = [
                    (group.middle, group.top),
                    (mirror(group.middle), mirror(group.top)),
                    (group.middle, flip),
                    (mirror(group.middle), mirror(flip)),
                ];
                let members: Vec<&HalfGroups> = all
                    .iter()
                    .filter(|g| class.contains(&(g.middle, g.top)))
                    .collect();
                let joined: Vec<u64> = members
                    .iter()
                    .map(|g| g.weight())
                    .filter(|&w| w > 0)
                    .collect();
                assert_eq!(joined, [members.len() as u64], "n = {n}, {group:?}");
            }
        }
        // {0, 1, 2} upside down is {3, 4, 5}, its mirror image: a class of 2.
        let mut six = Vec::new();
        collect_groups(HalfGroups::new(6), &mut six);
        let low: u64 = six
            .iter()
            .filter(|g| [0b000_111, 0b111_000].contains(&g.top))
            .map(HalfGroups::weight)
            .sum();
        assert_eq!(low, 2);
    }

    /// Every group below `state`, by an exhaustive walk of the tree.
    fn collect_groups(state: HalfGroups, into: &mut Vec<HalfGroups>) {
        if state.is_complete() {
            into.push(state);
            return;
        }
        for op in state.operators() {
            let mut child = state;
            child.apply(op);
            collect_groups(child, into);
        }
    }
}
