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
//! The halves are joined by *column groups*: which `h` columns the top half takes (and,
//! for an odd `n`, the middle queen's column). The groups are searched in *blocks*: a
//! block fixes the middle column and whether the top half takes each of the board's first
//! few columns ([`HalfBlocks`], whose solutions are the blocks). For each block, the
//! [`HalfJoin`] observer searches every top half the block allows and every bottom half
//! (each a search of half boards through the engine), sorts both by their columns, and for
//! each group of the block counts the disjoint pairs of its tops and bottoms by splitting
//! both lists on one bit of the masks at a time (a pair survives a bit unless both have
//! it), down to small lists compared pair by pair.
//!
//! A block searches the halves of many groups at once: the groups that share a middle
//! column share most of the top rows' queens. The fewer columns a block fixes, the fewer
//! nodes it searches, but the more halves it holds in memory; [`block_columns`] weighs the
//! two. At n = 17, its blocks search 119 million nodes of halves; searching each group's
//! halves apart took 651 million.
//!
//! Turning the board upside down swaps the halves, which a block of the tree rules out
//! (the first column it fixes goes to the top half); the mirror image maps the middle
//! column `m` to `n - 1 - m`, which the tree rules out too (`m <= n / 2`). What is left of
//! those symmetries is in the groups: only one group of each class is joined
//! (the least of them in the blocks searched, by a scrambled order), and its count weighed
//! by the size of its class.
//!
//! The boards are never whole, so this count cannot tell classes of solutions apart (see
//! [`count_symmetric`](super::count_symmetric)); nor can it take queens placed first.

use std::ops::BitAnd;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use backtrack::estimate::{self, Estimate, Figure};
use backtrack::progress::Meter;
use backtrack::{Cancel, Limits, Observer, Outcome, Problem, Search, Stats, StopReason};

use super::bitboard::{FreeSquares, Mask};

/// The largest board [`Reduction::Halves`](super::Reduction::Halves) counts. The half
/// searches run on 64-bit masks with room for the diagonals on both sides of the board
/// (32 columns at most), and the halves of a block take memory.
pub const MAX_HALVES: usize = 27;

/// Below this many halves on either side, a group's pairs are compared one by one.
const PAIRWISE: usize = 64;

/// How many columns (besides the middle one) a block of an `n`×`n` board fixes, so that
/// it holds at most about 5 million halves a side (18 bytes each in 64-bit keys, past
/// n = 17; both sides in memory at once: about 180 MB a thread), and a board has blocks
/// enough to share out between threads.
///
/// Fixing a column shares a block's searches less (the halves that must take it are
/// searched with those that must not, until their last rows): the nodes searched grow by
/// about a seventh for each column fixed, but the halves held fall by about 1.8 times. With
/// none fixed, one side of the biggest block holds 8 million halves at n = 17, 4.6 times
/// more for each column more; measured up to n = 19, and extrapolated beyond. An odd board
/// fixes at least 2 columns (18 blocks at n = 17), which makes it faster (the halves fit
/// the caches better); an even one 6 (32 blocks at n = 16): with 4 (8 blocks), one thread
/// counted 16 queens 5% faster, but two 7% slower, their blocks' work shared as it is (see
/// [`HalfJoin`]). No block leaves more than 20 columns open, for the table of its groups.
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
        // 4.6 times the halves for a column more: 2.6 columns more fixed; and 2 more on
        // an even board, which has no middle queen to split its halves (350 MB a thread
        // at n = 20 without them).
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
    n: u8,
    /// Rows in each half: `n / 2`.
    h: u8,
    /// How many columns a block fixes.
    fix: u8,
    /// The middle queen's column as a single bit: chosen first on an odd board; none on an
    /// even one (and before the choice).
    middle: u32,
    /// The columns taken by the top half so far.
    top: u32,
    /// How many columns are in `top`.
    chosen: u8,
    /// How many columns are fixed so far.
    fixed: u8,
    /// The column in hand: taken or left by the next operator.
    next: u8,
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
    fn board(&self) -> u32 {
        u32::low_bits(u32::from(self.n))
    }

    /// Is the middle queen still to be chosen?
    fn choosing_middle(&self) -> bool {
        self.n % 2 == 1 && self.middle == 0
    }

    /// The columns the block leaves open: neither fixed nor the middle one.
    fn open(&self) -> u32 {
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
    fn walks(&self) -> (HalfWalk, Option<HalfWalk>) {
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
            // The mirror image of a middle column right of the board's middle is left of it.
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

    fn by_value(&self) -> Option<Self> {
        Some(*self)
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
fn group_weight(n: usize, fixes: bool, middle: u32, top: u32) -> u64 {
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

/// A half board being searched: rows of queens from the top on the columns it may take,
/// some of which it must; its solutions are the halves of [`HalfJoin`]. On 64-bit masks,
/// with the board anywhere in them (so that the diagonals beside it are kept). Searched by
/// value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct HalfWalk {
    /// The columns it may still take.
    free: u64,
    /// The columns it must still take.
    need: u64,
    /// The diagonals attacked on the next row.
    ld: u64,
    rd: u64,
    /// The rows left.
    rows: u32,
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

    /// Never called: searched by value ([`Problem::by_value`]).
    fn undo(&mut self, _: u64) {
        unreachable!("HalfWalk is searched by value, never undone")
    }

    /// Complete with one row left: the last row's queens only finish their halves' keys,
    /// which [`HalfJoin`] takes from the operators of that row (without a node each).
    #[inline]
    fn is_complete(&self) -> bool {
        self.rows <= 1
    }

    fn solution(&self) {}

    #[inline]
    fn by_value(&self) -> Option<Self> {
        Some(*self)
    }
}

/// Estimates the work of a count by half boards of an `n`×`n` board by Knuth's random
/// probes: the nodes, solutions (halves found) and dead ends of its half searches, as
/// [`HalfJoin::searched`] counts them.
///
/// Each probe goes down the tree of blocks to a block, then down one of the block's half
/// searches, chosen at random, to a half or a dead end: one tree whose nodes are the
/// blocks' and the half searches', less the blocks' own nodes, counted exactly. A block
/// whose search of top halves finds none has its bottom halves left unsearched by the
/// count but not by the probes, so the figure is a little high there.
pub(crate) fn estimate_searched(
    n: usize,
    probes: u32,
    seed: u64,
    cancel: Option<&Cancel>,
) -> Estimate {
    // The nodes of the tree of blocks (72.8 million blocks at 27 queens, 1.8 s): stopped
    // by `cancel` too, the probes then made none.
    let blocks = Search::new(HalfBlocks::new(n))
        .limits(watched(None, cancel))
        .count_solutions()
        .stats
        .nodes;
    let mut estimate = estimate::estimate_observed(
        HalfProbe {
            block: HalfBlocks::new(n),
            walk: None,
        },
        (),
        probes,
        seed,
        cancel,
    );
    estimate.nodes.mean = (estimate.nodes.mean - blocks as f64).max(0.0);
    estimate
}

/// The fewest blocks a sample draws, however long they take (unless it is cancelled or
/// joins every block): with fewer, its standard error says little.
const SAMPLE_DRAWS: usize = 3;

/// The most blocks a sample draws: once those joined are all but the whole count, the
/// draws mostly meet them again, and cost no time (nor should they memory).
const MOST_DRAWS: usize = 1 << 16;

/// The most blocks a sample lists and weighs ([`Blocks::Weighed`]); past them, it draws
/// each block by going down the tree of blocks at random ([`Blocks::Descended`]). Listing
/// and weighing all of them took most of a sample from 23 queens on (1.2 million blocks),
/// and at 27 (72.8 million) went on for minutes, in more than a gigabyte.
const MOST_WEIGHED: usize = 1 << 16;

/// How many probes of the half searches, in all, weigh the blocks of a sample (at least
/// [`LEAST_WEIGHING`] a search; a million took half a second at 20 queens).
const WEIGHING_PROBES: usize = 1 << 18;

/// The fewest probes that weigh a half search of a block: the draws of 16 probes each (at
/// 20 queens, 2035 blocks) misjudged blocks by up to nine times.
const LEAST_WEIGHING: usize = 16;

/// A block's weight is its estimated nodes to this power: the bigger a block, the slower
/// its nodes (its lists fit the caches less, its groups hold more pairs). The times of
/// 56 blocks drawn at 19 queens and 40 at 20 spread by 33% and 40% (their standard
/// deviation over their mean) about their nodes as 128 probes estimated them, and by 28%
/// and 34% about those nodes to the power 1.4; the true nodes to the power 1.4 or 1.5
/// left 24% and 27%, so most of that spread is the blocks' own.
const WEIGHT_POWER: f64 = 1.4;

/// A sample past its time limit goes on drawing blocks until its time's standard error is
/// at most this share of it (see [`sampled_enough`]): at 20 queens, whose blocks take about
/// a second each, three draws had said between 1 minute and 1 hour 16 minutes on two
/// threads, for a count that took 14 minutes.
const PRECISE: f64 = 0.1;

/// A sample not yet [`PRECISE`] stops once it has taken this share of the time it
/// estimates: a short count needs no close estimate.
const SAMPLE_SHARE: f64 = 0.02;

/// A sample not yet [`PRECISE`] stops after this long, whatever the time it estimates.
const LONGEST_SAMPLE: Duration = Duration::from_secs(10);

/// Has a sample that drew blocks for `elapsed`, their figure of the whole count's time
/// `figure` (from at least [`SAMPLE_DRAWS`] of them), drawn enough, its time limit being
/// `least`? Not before that limit; then once its standard error is at most [`PRECISE`] of
/// it, or the sample has taken [`SAMPLE_SHARE`] of it, or [`LONGEST_SAMPLE`].
fn sampled_enough(figure: &Figure, elapsed: Duration, least: Duration) -> bool {
    if elapsed < least {
        return false;
    }
    if figure.std_error <= PRECISE * figure.mean {
        return true;
    }
    let longest = LONGEST_SAMPLE.as_secs_f64();
    let share = SAMPLE_SHARE * figure.mean;
    let most = if share.is_finite() {
        share.clamp(least.as_secs_f64().min(longest), longest)
    } else {
        longest
    };
    elapsed.as_secs_f64() >= most
}

/// A sample of a count by half boards, for the time of an estimate: blocks drawn at random
/// (seeded with `seed`), each in proportion to its weight (its size as a few of Knuth's
/// probes of its half searches estimate it, to the power [`WEIGHT_POWER`]), and joined,
/// until `limits` stop the sample once [`SAMPLE_DRAWS`] are drawn and it has drawn enough
/// ([`sampled_enough`]: past a time limit, until its figure is close enough or the sample
/// long enough). Returns what was joined (the count of the blocks joined, the
/// whole count when all were; the statistics of their half searches, see
/// [`HalfJoin::searched`], timed from the start when every block was joined, else the time
/// their joins took) and, unless every block was joined, the time of the whole count on
/// one thread in seconds, estimated from the blocks' times (see [`drawn_time`]; none if a
/// signal cut the sample short before it drew [`SAMPLE_DRAWS`]). A signal is heeded at
/// once, while the blocks are weighed or joined too, and a time limit by
/// [`LONGEST_SAMPLE`] at the latest: a block cut short is not drawn (its nodes and time
/// still make the speed of a sample without enough draws).
///
/// The blocks cost very different times for their nodes (at n = 18, from 15 to 65 million
/// nodes a second, the biggest the slowest): the nodes a second of a few blocks, applied to
/// all the nodes, came out 10 to 30% short, the blocks (always the same ones) among the
/// fast. A block drawn with probability `p` stands for `1 / p` times its time, which is
/// the total on average whatever the blocks' speeds; drawn in proportion to their sizes,
/// those figures differ only as the blocks' speeds do.
pub(crate) fn sample_blocks(
    n: usize,
    limits: &Limits,
    seed: u64,
) -> (Outcome<u64>, Option<TimeEstimate>) {
    let start = Instant::now();
    let cancel = limits.cancel.as_ref();
    let Some(mut blocks) = Blocks::new(HalfBlocks::new(n), seed, cancel) else {
        let stats = Stats::default();
        let stopped = Some(StopReason::Cancelled);
        return (
            Outcome {
                found: 0,
                stats,
                stopped,
            },
            None,
        );
    };
    // The first block joined grows the lists from nothing, page by page, which the count
    // does once a thread: the first drawn is searched and sorted once for that before the
    // draws (its first join took twice its time at n = 16, and a sample of ten blocks came
    // out 15% long), but not joined, which grows nothing.
    // However long the blocks take (at 27 queens, 14 s on average), the sample ends by
    // its time limit or LONGEST_SAMPLE, whichever is later: a block cut short then gives
    // the speed of the nodes it searched, not a draw.
    let deadline = limits.time.map(|least| start + least.max(LONGEST_SAMPLE));
    if let (_, Some(block), _) = blocks.clone().draw() {
        let mut warm = HalfJoin::new(n);
        warm.limit(deadline, limits.cancel.clone(), None);
        warm.join_block(&block, false);
    }
    let mut times: Vec<Option<f64>> = vec![None; blocks.listed()];
    let (mut joined, mut drawn) = (0, Vec::new());
    // The time of the blocks joined, the warm-up and the weighing aside: what their nodes
    // took, for a speed (of a sample cut short before its draws, say).
    let mut spent = Duration::ZERO;
    let mut join = HalfJoin::new(n);
    join.limit(deadline, limits.cancel.clone(), None);
    let mut stopped = None;
    let total = blocks.total();
    while !blocks.is_listed() || joined < blocks.listed() {
        stopped = limit_reached(None, cancel);
        // The time limit once enough blocks are drawn, and drawn enough.
        if let Some(least) = limits.time.filter(|_| drawn.len() >= SAMPLE_DRAWS) {
            if stopped.is_none()
                && sampled_enough(&drawn_total(&drawn, total), start.elapsed(), least)
            {
                stopped = Some(StopReason::TimeLimit);
            }
        }
        if stopped.is_none() && drawn.len() >= MOST_DRAWS {
            // Drawing blocks already joined, as good as done, while the time goes by.
            stopped = Some(StopReason::TimeLimit);
        }
        if stopped.is_some() {
            break;
        }
        let (k, block, weight) = blocks.draw();
        let time = if let Some(time) = k.and_then(|k| times[k]) {
            time
        } else {
            let begun = Instant::now();
            if let Some(block) = block {
                join.solution(&block, 0);
            }
            let took = begun.elapsed();
            spent += took;
            // Cut short (by a signal or the deadline): not counted, not drawn.
            if let Some(cut) = join.cut() {
                stopped = Some(cut);
                break;
            }
            let time = took.as_secs_f64();
            if let Some(k) = k {
                times[k] = Some(time);
                joined += 1;
            }
            time
        };
        drawn.push((time, weight));
    }
    let seconds = drawn_time(stopped, &drawn, total);
    let outcome = Outcome {
        found: join.total(),
        stats: Stats {
            // The whole count's time when every block was joined (the sample is exact).
            elapsed: if stopped.is_none() {
                start.elapsed()
            } else {
                spent
            },
            ..join.searched()
        },
        stopped,
    };
    drop(join);
    free_spare_lists();
    (outcome, seconds)
}

/// How a sample draws the blocks of a count (with replacement).
#[derive(Clone)]
enum Blocks {
    /// At most [`MOST_WEIGHED`] blocks, listed in order, each drawn in proportion to its
    /// weight ([`block_weights`]).
    Weighed {
        list: Vec<HalfBlocks>,
        weights: Vec<f64>,
        draw: Draw,
    },
    /// More blocks: each drawn by going down the tree of blocks from `root`, each child
    /// with the same chance, as Knuth's probes go; the block is weighed by its chance.
    Descended {
        root: HalfBlocks,
        rng: oorandom::Rand64,
    },
}

impl Blocks {
    /// The blocks of `tree`, weighed with probes seeded with `seed` if there are at most
    /// [`MOST_WEIGHED`]; none if `cancel` is set first.
    fn new(tree: HalfBlocks, seed: u64, cancel: Option<&Cancel>) -> Option<Blocks> {
        let Some(list) = blocks_up_to(tree, MOST_WEIGHED, cancel) else {
            return (limit_reached(None, cancel).is_none()).then(|| Blocks::Descended {
                root: tree,
                rng: oorandom::Rand64::new(u128::from(seed) << 64 | 0x5a4e_u128),
            });
        };
        let weights = block_weights(&list, seed, cancel)?;
        let draw = Draw::new(&weights, seed);
        Some(Blocks::Weighed {
            list,
            weights,
            draw,
        })
    }

    /// Are the blocks listed ([`Blocks::Weighed`])?
    fn is_listed(&self) -> bool {
        matches!(self, Blocks::Weighed { .. })
    }

    /// How many blocks are listed (none when they are drawn by descent).
    fn listed(&self) -> usize {
        match self {
            Blocks::Weighed { list, .. } => list.len(),
            Blocks::Descended { .. } => 0,
        }
    }

    /// The weights of all the blocks added up: a block of weight `w` is drawn with the
    /// chance `w` over this.
    fn total(&self) -> f64 {
        match self {
            Blocks::Weighed { weights, .. } => weights.iter().sum(),
            Blocks::Descended { .. } => 1.0,
        }
    }

    /// A block drawn at random: its place in the list (if listed), the block (none if the
    /// descent met a dead end, which stands for no time, or there is no block), and its
    /// weight.
    fn draw(&mut self) -> (Option<usize>, Option<HalfBlocks>, f64) {
        match self {
            Blocks::Weighed {
                list,
                weights,
                draw,
            } => {
                if list.is_empty() {
                    return (None, None, 0.0);
                }
                let k = draw.next();
                (Some(k), Some(list[k]), weights[k])
            }
            Blocks::Descended { root, rng } => {
                let (mut block, mut chance) = (*root, 1.0);
                while !block.is_complete() {
                    let ops = block.operators().0;
                    let choices = ops.count_ones();
                    if choices == 0 {
                        return (None, None, chance);
                    }
                    let mut rest = ops;
                    for _ in 0..rng.rand_range(0..u64::from(choices)) {
                        rest &= rest - 1;
                    }
                    block.apply(rest & rest.wrapping_neg());
                    chance /= f64::from(choices);
                }
                (None, Some(block), chance)
            }
        }
    }
}

/// The blocks of `tree`, in order, if there are at most `most` and `cancel` is not set
/// while they are listed.
fn blocks_up_to(tree: HalfBlocks, most: usize, cancel: Option<&Cancel>) -> Option<Vec<HalfBlocks>> {
    let limits = watched(None, cancel).solutions(most as u64 + 1);
    let mut listed = BlockList(Vec::new());
    let outcome = Search::new(tree)
        .observer(&mut listed)
        .limits(limits)
        .count_solutions();
    (outcome.stopped.is_none() && listed.0.len() <= most).then_some(listed.0)
}

/// The blocks of a tree, as they are found.
struct BlockList(Vec<HalfBlocks>);

impl Observer<HalfBlocks> for BlockList {
    const SOLUTIONS_ONLY: bool = true;
    fn solution(&mut self, block: &HalfBlocks, _: usize) {
        self.0.push(*block);
    }
}

/// The blocks of `tree`, in order.
#[cfg(test)]
fn blocks(tree: HalfBlocks) -> Vec<HalfBlocks> {
    blocks_up_to(tree, usize::MAX - 1, None).expect("no limit")
}

/// The weights of `blocks` for a sample: each one's nodes as Knuth's probes of its half
/// searches estimate them (seeded with `seed`), [`WEIGHING_PROBES`] in all, to the power
/// [`WEIGHT_POWER`]. Never 0, so that every block can be drawn. None if `cancel` is set
/// before all are weighed.
fn block_weights(blocks: &[HalfBlocks], seed: u64, cancel: Option<&Cancel>) -> Option<Vec<f64>> {
    let probes = (WEIGHING_PROBES / blocks.len().max(1)).max(LEAST_WEIGHING) as u32;
    blocks
        .iter()
        .enumerate()
        .map(|(k, block)| {
            limit_reached(None, cancel).is_none().then(|| {
                let seed = seed ^ (k as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                let (tops, bottoms) = block.walks();
                let size = estimate::tree_size(tops, probes, seed)
                    + bottoms.map_or(0.0, |walk| estimate::tree_size(walk, probes, seed ^ 1));
                size.max(1.0).powf(WEIGHT_POWER)
            })
        })
        .collect()
}

/// The time of a whole count estimated from a sample of its parts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeEstimate {
    /// The count's time on one thread, in seconds, with its standard error.
    pub seconds: Figure,
    /// How many parts were drawn: the standard error is the spread of that many figures.
    pub draws: usize,
}

/// Draws indices at random, each in proportion to its weight (with replacement).
#[derive(Clone)]
struct Draw {
    /// The weights added up, in order.
    cumulative: Vec<f64>,
    rng: oorandom::Rand64,
}

impl Draw {
    fn new(weights: &[f64], seed: u64) -> Self {
        let cumulative = weights
            .iter()
            .scan(0.0, |sum, &w| {
                *sum += w;
                Some(*sum)
            })
            .collect();
        Draw {
            cumulative,
            rng: oorandom::Rand64::new(u128::from(seed) << 64 | 0x5a4d_u128),
        }
    }

    fn next(&mut self) -> usize {
        let total = self.cumulative.last().copied().unwrap_or(0.0);
        let at = self.rng.rand_float() * total;
        self.cumulative
            .partition_point(|&sum| sum <= at)
            .min(self.cumulative.len() - 1)
    }
}

/// The time of a whole count from a sample's draws `drawn` (see [`drawn_total`]), if the
/// sample was `stopped` (else it joined every block, and is the count) with at least
/// [`SAMPLE_DRAWS`] draws: fewer, cut short by a signal, tell too little of the spread.
fn drawn_time(
    stopped: Option<StopReason>,
    drawn: &[(f64, f64)],
    total: f64,
) -> Option<TimeEstimate> {
    stopped
        .filter(|_| drawn.len() >= SAMPLE_DRAWS)
        .map(|_| TimeEstimate {
            seconds: drawn_total(drawn, total),
            draws: drawn.len(),
        })
}

/// The total time of all the blocks, from `drawn`: each block drawn (with replacement) as
/// its time and its weight, drawn with probability its weight over `total`, the weights of
/// all the blocks added up. Each draw's time over its probability is the total on
/// average, whatever the blocks' times (Hansen and Hurwitz): the mean of the draws, with
/// its standard error (their standard deviation over the square root of their number).
fn drawn_total(drawn: &[(f64, f64)], total: f64) -> Figure {
    let figures: Vec<f64> = drawn.iter().map(|&(time, w)| time * total / w).collect();
    let k = figures.len() as f64;
    let mean = figures.iter().sum::<f64>() / k;
    let std_error = if figures.len() < 2 {
        0.0
    } else {
        let squares: f64 = figures.iter().map(|y| (y - mean).powi(2)).sum();
        (squares / (k - 1.0) / k).sqrt()
    };
    Figure { mean, std_error }
}

/// The tree of a count by half boards as one tree, for [`estimate_searched`]: the tree of
/// blocks, each block's children its half searches (one for both sides when it fixes no
/// column), each searched to its last row. Searched by value.
#[derive(Clone, Copy, Debug)]
struct HalfProbe {
    block: HalfBlocks,
    /// The half search gone down, once the block is complete.
    walk: Option<HalfWalk>,
}

/// [`HalfProbe`]'s operator, at a complete block, for its search of top halves.
const TOPS: u64 = 1;
/// [`HalfProbe`]'s operator, at a complete block, for its search of bottom halves.
const BOTTOMS: u64 = 2;

impl Problem for HalfProbe {
    type Op = u64;
    type Ops = FreeSquares<u64>;
    type Solution = ();

    fn operators(&self) -> FreeSquares<u64> {
        match self.walk {
            Some(walk) if walk.rows == 0 => FreeSquares(0),
            Some(walk) => walk.operators(),
            None if self.block.is_complete() => match self.block.walks() {
                (_, None) => FreeSquares(TOPS),
                (_, Some(_)) => FreeSquares(TOPS | BOTTOMS),
            },
            None => FreeSquares(u64::from(self.block.operators().0)),
        }
    }

    fn apply(&mut self, op: u64) {
        match &mut self.walk {
            Some(walk) => walk.apply(op),
            None if self.block.is_complete() => {
                let (tops, bottoms) = self.block.walks();
                self.walk = Some(match bottoms {
                    Some(bottoms) if op == BOTTOMS => bottoms,
                    _ => tops,
                });
            }
            None => self.block.apply(op as u32),
        }
    }

    /// Never called: searched by value ([`Problem::by_value`]).
    fn undo(&mut self, _: u64) {
        unreachable!("HalfProbe is searched by value, never undone")
    }

    fn is_complete(&self) -> bool {
        self.walk.is_some_and(|walk| walk.rows == 0)
    }

    fn solution(&self) {}

    fn by_value(&self) -> Option<Self> {
        Some(*self)
    }
}

/// The observer of a [`HalfBlocks`] search that counts the solutions of the board: for
/// each block, its halves searched and sorted by their columns, and for each group the
/// least of its class in the blocks searched, its halves joined and the count weighed by the
/// size of the class.
///
/// On a thread of a rayon pool of several threads, a block's work is shared with the
/// others: its two half searches, its two sorts and the joins of its groups are jobs
/// that an idle thread takes (see [`count_halves`](super::count_halves)); elsewhere, all
/// of it is done where the block is.
///
/// ```
/// use backtrack::Search;
/// use backtrack_problems::queens::{HalfBlocks, HalfJoin};
///
/// let mut join = HalfJoin::new(10);
/// Search::new(HalfBlocks::new(10)).observer(&mut join).count_solutions();
/// assert_eq!(join.total(), 724);
/// ```
#[derive(Clone, Debug)]
pub struct HalfJoin {
    /// The columns of the board, in the order the join splits on their bits: the middle
    /// ones first (their diagonals are met by most halves).
    columns: Vec<u8>,
    /// Are the keys joined in 32 bits (the board but its middle column in 16)?
    narrow: bool,
    /// Where the halves of a block are kept.
    lists: Lists,
    total: u64,
    /// The statistics of the half searches (their solutions: the halves found).
    searched: Stats,
    /// When to stop joining blocks, and the flag that stops it sooner (see
    /// [`HalfJoin::limit`]).
    deadline: Option<Instant>,
    cancel: Option<Cancel>,
    /// Where the nodes of the half searches are published as each block is joined.
    meter: Option<Meter>,
    /// Why blocks were left unjoined, if they were.
    cut: Option<StopReason>,
}

/// Where a [`HalfJoin`] keeps the halves of a block: tens to hundreds of megabytes from
/// n = 17 on, kept from one block to the next, and from one count of a part of the board
/// to the next ([`SPARE`]), rather than given back to the system and asked for again (a
/// two-thread count at n = 17 had 267,376 page faults that way, and has 35,936); in
/// 32-bit keys up to n = 17, 64-bit ones beyond.
#[derive(Clone, Debug, Default)]
struct Lists {
    narrow: Halves<u32, u16>,
    wide: Halves<u64, u16>,
    /// For blocks of more than 16 open columns (see [`HalfBlocks::fixing`]).
    widest: Halves<u64, u32>,
}

/// A block's halves, in keys of type `K`, their groups of type `G`.
#[derive(Clone, Debug, Default)]
struct Halves<K, G> {
    /// This block's top halves and bottom halves, as they are found: each one's group
    /// (which of the open columns the top half takes) and its key (its diagonals seen
    /// from the row where the halves meet: two masks in one key, the `ld` direction in the
    /// low half).
    tops: Found<K, G>,
    bottoms: Found<K, G>,
    /// The same sorted by group.
    sorted_tops: Sorted<K>,
    sorted_bottoms: Sorted<K>,
}

/// The lists of the [`HalfJoin`]s dropped, for the next ones made (at most
/// [`MOST_SPARE`]); emptied at the end of a count by [`free_spare_lists`].
static SPARE: Mutex<Vec<Lists>> = Mutex::new(Vec::new());

/// The most lists kept in [`SPARE`]: one a thread, for the threads of a big machine.
const MOST_SPARE: usize = 256;

/// Gives back the memory of the half boards kept for the next count (see
/// [`HalfJoin`]), at the end of a count.
pub(crate) fn free_spare_lists() {
    if let Ok(mut spare) = SPARE.lock() {
        *spare = Vec::new();
    }
}

impl Drop for HalfJoin {
    fn drop(&mut self) {
        let lists = std::mem::take(&mut self.lists);
        if let Ok(mut spare) = SPARE.lock() {
            if spare.len() < MOST_SPARE {
                spare.push(lists);
            }
        }
    }
}

/// Halves as they are found.
#[derive(Clone, Debug, Default)]
struct Found<K, G> {
    groups: Vec<G>,
    keys: Vec<K>,
}

/// A half's group as it is kept beside its key: in 16 bits when a block leaves 16 columns
/// open or fewer (every block of [`block_columns`]), which makes a block's halves 10 bytes
/// each in 32-bit keys, not 12, and 18 in 64-bit ones, not 20 (resident at n = 17: 53 MB on
/// one thread, not 62; at 18 on two threads, 308 MB, not 344). In 32 bits for the blocks
/// of [`HalfBlocks::fixing`] that leave more open.
trait Group: Copy + Default + std::fmt::Debug + Send + Sync {
    /// The group numbered `group`, which fits.
    fn of(group: u32) -> Self;
    /// The group's number.
    fn index(self) -> usize;
}

impl Group for u16 {
    #[inline]
    fn of(group: u32) -> u16 {
        debug_assert!(
            u16::try_from(group).is_ok(),
            "a group of 16 open columns at most"
        );
        group as u16
    }
    #[inline]
    fn index(self) -> usize {
        usize::from(self)
    }
}

impl Group for u32 {
    #[inline]
    fn of(group: u32) -> u32 {
        group
    }
    #[inline]
    fn index(self) -> usize {
        self as usize
    }
}

/// A half's key as the join takes it: two masks of diagonals, in 64 bits or (16 columns
/// at most, the middle one taken out) in 32.
trait Key: Copy + Default + BitAnd<Output = Self> + PartialEq + std::fmt::Debug + Send + Sync {
    /// The bit in the masks of the direction `rd` (or `ld`) of the column `column` (the
    /// middle one taken out, when narrow).
    fn bit(column: u32, rd: bool) -> Self;
    /// The key of the 64-bit key `wide`; `below_middle` are the columns left of the
    /// middle one (all on an even board).
    fn narrow(wide: u64, below_middle: u32) -> Self;
    /// Where the column `column` is in a key's masks.
    fn column(column: u32, below_middle: u32) -> u32;
}

impl Key for u64 {
    fn bit(column: u32, rd: bool) -> u64 {
        1 << (column + if rd { 32 } else { 0 })
    }
    #[inline]
    fn narrow(wide: u64, _: u32) -> u64 {
        wide
    }
    fn column(column: u32, _: u32) -> u32 {
        column
    }
}

impl Key for u32 {
    fn bit(column: u32, rd: bool) -> u32 {
        1 << (column + if rd { 16 } else { 0 })
    }
    #[inline]
    fn narrow(wide: u64, below_middle: u32) -> u32 {
        let squeeze = |mask: u32| (mask & below_middle) | ((mask >> 1) & !below_middle);
        squeeze(wide as u32) | (squeeze((wide >> 32) as u32) << 16)
    }
    fn column(column: u32, below_middle: u32) -> u32 {
        column - u32::from(below_middle >> column & 1 == 0)
    }
}

/// Halves sorted by group: the keys of group `g` are `keys[starts[g]..starts[g + 1]]`.
#[derive(Clone, Debug, Default)]
struct Sorted<K> {
    starts: Vec<u32>,
    keys: Vec<K>,
}

impl<K: Key> Sorted<K> {
    /// `found` sorted into `groups` groups (a counting sort).
    fn sort<G: Group>(&mut self, found: &Found<K, G>, groups: usize) {
        self.starts.clear();
        self.starts.resize(groups + 1, 0);
        for &group in &found.groups {
            self.starts[group.index() + 1] += 1;
        }
        for g in 0..groups {
            self.starts[g + 1] += self.starts[g];
        }
        self.keys.clear();
        self.keys.resize(found.keys.len(), K::default());
        // Each group's start serves as its next place, moving on as it fills, until it is
        // the next group's start: shifted back after.
        for (&group, &key) in found.groups.iter().zip(&found.keys) {
            let place = &mut self.starts[group.index()];
            self.keys[*place as usize] = key;
            *place += 1;
        }
        self.starts.copy_within(0..groups, 1);
        self.starts[0] = 0;
    }

    /// All the groups.
    fn groups(&mut self) -> Groups<'_, K> {
        Groups {
            keys: &mut self.keys,
            starts: &self.starts,
        }
    }
}

impl HalfJoin {
    /// A count at zero, for an `n`×`n` board (`n <= MAX_HALVES`).
    pub fn new(n: usize) -> Self {
        let mut columns = Vec::with_capacity(n);
        for step in 0..n {
            let middle = n / 2;
            let column = if step % 2 == 1 {
                middle.checked_sub(step.div_ceil(2))
            } else {
                Some(middle + step / 2)
            };
            if let Some(column) = column.filter(|&c| c < n) {
                columns.push(column as u8);
            }
        }
        HalfJoin {
            columns,
            narrow: n - n % 2 <= 16,
            lists: SPARE
                .lock()
                .ok()
                .and_then(|mut spare| spare.pop())
                .unwrap_or_default(),
            total: 0,
            searched: Stats::default(),
            deadline: None,
            cancel: None,
            meter: None,
            cut: None,
        }
    }

    /// The solutions counted so far.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// The nodes of the half searches so far.
    pub fn walked(&self) -> u64 {
        self.searched.nodes
    }

    /// The statistics of the half searches so far, the work of the count: their nodes
    /// (each queen of a half, its last row's included), their solutions (the halves found,
    /// a half found once for both sides when one search serves both), their dead ends and
    /// their depth in rows. No time: the searches are timed as a whole by the search of
    /// the blocks.
    ///
    /// ```
    /// use backtrack::Search;
    /// use backtrack_problems::queens::{HalfBlocks, HalfJoin};
    ///
    /// let mut join = HalfJoin::new(8);
    /// Search::new(HalfBlocks::new(8)).observer(&mut join).count_solutions();
    /// let searched = join.searched();
    /// assert_eq!(searched.nodes, join.walked());
    /// assert_eq!(searched.max_depth, 4);
    /// ```
    pub fn searched(&self) -> Stats {
        self.searched
    }

    /// Adds another part's count.
    pub fn add(&mut self, other: &HalfJoin) {
        self.total += other.total;
        self.searched.merge(&other.searched);
        self.cut = self.cut.or(other.cut);
    }

    /// Joins no more blocks past `deadline` or once `cancel` is set, and publishes the
    /// nodes of the half searches to `meter` as each block is joined. A block takes up to
    /// seconds, and the engine looks at its limits every so many nodes of the tree of
    /// blocks, spaced for its cheap nodes: without this, a count stopped far past its
    /// limit (20 s at 24 queens), or not at a first Ctrl-C. The blocks left out make the
    /// count partial: [`cut`](HalfJoin::cut) says why.
    pub fn limit(
        &mut self,
        deadline: Option<Instant>,
        cancel: Option<Cancel>,
        meter: Option<Meter>,
    ) {
        self.deadline = deadline;
        self.cancel = cancel;
        self.meter = meter;
    }

    /// Why blocks were left unjoined ([`limit`](HalfJoin::limit)), if they were: the count
    /// is then partial, whatever the search of the blocks says.
    pub fn cut(&self) -> Option<StopReason> {
        self.cut
    }

    /// The solutions whose halves are in `block`, each group weighed by its class; with
    /// `and_join` false, the halves only found and sorted, none joined (0 returned): the
    /// lists grown to hold them, at a fraction of the time (see [`sample_blocks`]).
    fn join_block(&mut self, block: &HalfBlocks, and_join: bool) -> u64 {
        let watch = Watch {
            deadline: self.deadline,
            cancel: self.cancel.as_ref(),
            cut: OnceLock::new(),
        };
        let (columns, searched) = (&self.columns, &mut self.searched);
        let lists = &mut self.lists;
        let total = if self.narrow {
            join_block(
                block,
                &mut lists.narrow,
                columns,
                searched,
                (&watch, and_join),
            )
        } else if block.open().count_ones() <= 16 {
            join_block(
                block,
                &mut lists.wide,
                columns,
                searched,
                (&watch, and_join),
            )
        } else {
            join_block(
                block,
                &mut lists.widest,
                columns,
                searched,
                (&watch, and_join),
            )
        };
        // A block whose join was cut short is not counted at all.
        if let Some(&reason) = watch.cut.get() {
            self.cut = Some(reason);
            return 0;
        }
        total
    }
}

/// The solutions whose halves are in `block`, each group weighed by its class: its halves
/// searched into `halves` (their statistics merged into `searched`) and, if `and_join`,
/// joined, splitting on the bits of `columns` in turn, as long as `watch` lets them.
fn join_block<K: Key, G: Group>(
    block: &HalfBlocks,
    halves: &mut Halves<K, G>,
    columns: &[u8],
    searched: &mut Stats,
    (watch, and_join): (&Watch, bool),
) -> u64 {
    let (middle, open) = (block.middle, block.open());
    let keys = Keys::of(block);
    let top = block.top;
    halves.tops.clear();
    halves.bottoms.clear();
    match block.walks() {
        (both, None) => {
            let both = walk(
                both,
                &keys,
                Some(&mut halves.tops),
                Some(&mut halves.bottoms),
                watch,
            );
            searched.merge(&both);
        }
        (tops, Some(bottoms)) => {
            let (found, keys) = ((&mut halves.tops, &mut halves.bottoms), &keys);
            let mut walk_tops = move || walk(tops, keys, Some(found.0), None, watch);
            let walk_bottoms = move || walk(bottoms, keys, None, Some(found.1), watch);
            // On one thread, the bottom halves are not searched if there is no top
            // half; on two, they are searched beside the top ones, and then left out
            // of the statistics, the same on any number of threads.
            let (tops_searched, bottoms_searched) = if sharing() {
                let (tops, bottoms) = rayon::join(walk_tops, walk_bottoms);
                (tops, Some(bottoms))
            } else {
                let tops = walk_tops();
                (tops, (tops.solutions > 0).then(walk_bottoms))
            };
            searched.merge(&tops_searched);
            if tops_searched.solutions == 0 {
                return 0;
            }
            if let Some(bottoms) = bottoms_searched {
                searched.merge(&bottoms);
            }
        }
    }
    // A half search cut short: the block's halves are not all found.
    if watch.cut.get().is_some() {
        return 0;
    }
    let groups = 1usize << open.count_ones();
    let fixes = block.fix > 0;
    let n = usize::from(block.n);
    let weight = |group: u32| group_weight(n, fixes, middle, top | keys.open.columns(group));
    join_groups(halves, groups, (columns, &keys), weight, (watch, and_join))
}

/// The solutions of the `halves` found of a block of `groups` groups, whose middle column
/// and the columns left of it are those of `keys`: the halves sorted by group, and, if
/// `and_join`, the pairs of each group joined, splitting on the bits of `columns` in turn,
/// and weighed by `weight(group)` (else 0).
fn join_groups<K: Key, G: Group>(
    halves: &mut Halves<K, G>,
    groups: usize,
    (columns, keys): (&[u8], &Keys),
    weight: impl Fn(u32) -> u64 + Sync,
    (watch, and_join): (&Watch, bool),
) -> u64 {
    // The keys have no middle column: an odd board's is taken out of narrow keys.
    let (middle, below_middle) = (keys.middle, keys.below_middle);
    let order: Vec<K> = columns
        .iter()
        .map(|&c| u32::from(c))
        .filter(|&c| 1 << c != middle)
        .flat_map(|c| {
            let c = K::column(c, below_middle);
            [K::bit(c, false), K::bit(c, true)]
        })
        .collect();
    let share = sharing();
    let Halves {
        tops,
        bottoms,
        sorted_tops,
        sorted_bottoms,
    } = halves;
    let mut sort_tops = || sorted_tops.sort(tops, groups);
    let mut sort_bottoms = || sorted_bottoms.sort(bottoms, groups);
    if share {
        rayon::join(sort_tops, sort_bottoms);
    } else {
        sort_tops();
        sort_bottoms();
    }
    if !and_join {
        return 0;
    }
    let (tops, bottoms) = (sorted_tops.groups(), sorted_bottoms.groups());
    let join_all = |(mut tops, mut bottoms): (Groups<K>, Groups<K>), first: usize| {
        let mut total = 0;
        for group in 0..tops.starts.len() - 1 {
            let tops = tops.group(group);
            let bottoms = bottoms.group(group);
            if tops.is_empty() || bottoms.is_empty() {
                continue;
            }
            let weight = weight((first + group) as u32);
            if weight > 0 {
                total += weight * join(tops, bottoms, &order, watch);
            }
        }
        total
    };
    if share {
        join_shared((tops, bottoms), 0, SHARED, &join_all)
    } else {
        join_all((tops, bottoms), 0)
    }
}

/// Is a block's work to be shared with the other threads of the pool, if there are any?
///
/// The blocks of a count are its threads' jobs, one at a time each, and they end
/// unevenly: at n = 17 on two threads, the thread that ended its last block first sat
/// idle for 0.06 to 0.14 s, 4 to 8% of the count. So a block's two half searches (its top
/// halves' and its bottom halves'), its two sorts, and the joins of its groups
/// ([`join_shared`]) are jobs of their own, which a thread takes when it has nothing else
/// to do; left to the thread of the block, they cost little (at n = 16, whose 32 blocks
/// end nearly together, the count on two threads took as long as before). Outside a pool
/// of several threads, as on one thread, they are not (which would send them to rayon's
/// global pool).
fn sharing() -> bool {
    rayon::current_thread_index().is_some() && rayon::current_num_threads() > 1
}

/// Consecutive groups of [`Sorted`] halves: the keys of group `g` are
/// `keys[starts[g] - starts[0]..starts[g + 1] - starts[0]]`.
struct Groups<'a, K> {
    keys: &'a mut [K],
    starts: &'a [u32],
}

impl<'a, K> Groups<'a, K> {
    fn group(&mut self, group: usize) -> &mut [K] {
        let first = self.starts[0];
        let (start, end) = (self.starts[group] - first, self.starts[group + 1] - first);
        &mut self.keys[start as usize..end as usize]
    }

    /// The first `groups` groups, and the others.
    fn split(self, groups: usize) -> (Groups<'a, K>, Groups<'a, K>) {
        let (low, high) = self
            .keys
            .split_at_mut((self.starts[groups] - self.starts[0]) as usize);
        (
            Groups {
                keys: low,
                starts: &self.starts[..=groups],
            },
            Groups {
                keys: high,
                starts: &self.starts[groups..],
            },
        )
    }
}

/// Halves at least this many, tops and bottoms, are joined by two jobs of the pool
/// ([`join_shared`]).
const SHARED: usize = 1 << 17;

/// `join_all` of the groups of `halves` (the first numbered `first`), on the threads of
/// the pool ([`sharing`]): halved (by halves, not groups) into two jobs, which another
/// thread takes if it has nothing else to do, down to `least` halves ([`SHARED`]).
fn join_shared<K: Key>(
    (tops, bottoms): (Groups<K>, Groups<K>),
    first: usize,
    least: usize,
    join_all: &(impl Fn((Groups<K>, Groups<K>), usize) -> u64 + Sync),
) -> u64 {
    let groups = tops.starts.len() - 1;
    let halves = tops.keys.len() + bottoms.keys.len();
    if groups < 2 || halves < least {
        return join_all((tops, bottoms), first);
    }
    let (top_base, bottom_base) = (tops.starts[0], bottoms.starts[0]);
    let middle = tops.starts[1..groups]
        .iter()
        .zip(&bottoms.starts[1..groups])
        .position(|(&t, &b)| 2 * ((t - top_base + b - bottom_base) as usize) >= halves)
        .map_or(groups - 1, |i| i + 1);
    let ((low_tops, high_tops), (low_bottoms, high_bottoms)) =
        (tops.split(middle), bottoms.split(middle));
    let (low, high) = rayon::join(
        || join_shared((low_tops, low_bottoms), first, least, join_all),
        || join_shared((high_tops, high_bottoms), first + middle, least, join_all),
    );
    low + high
}

impl<K, G> Found<K, G> {
    fn clear(&mut self) {
        self.groups.clear();
        self.keys.clear();
    }
}

impl Observer<HalfBlocks> for HalfJoin {
    const SOLUTIONS_ONLY: bool = true;

    fn solution(&mut self, block: &HalfBlocks, _depth: usize) {
        if self.cut.is_none() {
            self.cut = limit_reached(self.deadline, self.cancel.as_ref());
        }
        if self.cut.is_some() {
            return;
        }
        let before = self.searched.nodes;
        self.total += self.join_block(block, true);
        if let Some(meter) = &self.meter {
            meter.add(self.searched.nodes - before, 0);
        }
    }
}

/// The open columns of a block, numbered from 0 without gaps: a group of the block is a
/// set of them.
struct Open {
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
    fn columns(&self, group: u32) -> u32 {
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
struct Keys {
    /// Where column 0 is in the masks.
    offset: u32,
    board: u32,
    /// The middle queen's bit (odd n), left out of the keys: both halves see it.
    middle: u32,
    open: Open,
    /// The columns left of the middle one (all on an even board): see [`Key::narrow`].
    below_middle: u32,
}

impl Keys {
    /// How the halves of `block` become their groups and keys.
    fn of(block: &HalfBlocks) -> Self {
        Keys {
            offset: u32::from(block.h),
            board: block.board(),
            middle: block.middle,
            open: Open::new(block.open(), u32::from(block.next), block.middle),
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
/// [`HalfJoin::searched`]). Stopped by `watch` (a half search takes seconds from 26
/// queens on), it says why in `watch.cut`, its halves a part of the block's.
fn walk<K: Key, G: Group>(
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
    impl<K: Key, G: Group> Observer<HalfWalk> for Collect<'_, K, G> {
        const SOLUTIONS_ONLY: bool = true;
        #[inline]
        fn solution(&mut self, half: &HalfWalk, _depth: usize) {
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
        .observer(&mut collect)
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

/// The pairs of a top key and a bottom key with no bit in common, splitting both lists on
/// the bits of `order` in turn (reordering them).
fn join<K: Key>(tops: &mut [K], bottoms: &mut [K], order: &[K], watch: &Watch) -> u64 {
    if tops.is_empty() || bottoms.is_empty() {
        return 0;
    }
    if tops.len() + bottoms.len() >= WATCHED && watch.stopped() {
        return 0;
    }
    let Some((&bit, rest)) = order.split_first() else {
        return pairwise(tops, bottoms);
    };
    if tops.len() < PAIRWISE || bottoms.len() < PAIRWISE {
        return pairwise(tops, bottoms);
    }
    let clear = partition(tops, bit);
    let bottoms_clear = partition(bottoms, bit);
    // Tops with the bit meet only bottoms without it; tops without it meet all.
    let (tops_clear, tops_set) = tops.split_at_mut(clear);
    join(tops_set, &mut bottoms[..bottoms_clear], rest, watch)
        + join(tops_clear, bottoms, rest, watch)
}

/// Lists at least this long, together, look at the limits before they are joined: the
/// join of one group takes over a minute at 26 queens.
const WATCHED: usize = 1 << 16;

/// The limits a block's join looks at now and then ([`HalfJoin::limit`]), and why it
/// stopped, if it did.
struct Watch<'a> {
    deadline: Option<Instant>,
    cancel: Option<&'a Cancel>,
    cut: OnceLock<StopReason>,
}

impl Watch<'_> {
    /// None.
    #[cfg(test)]
    fn none() -> Self {
        Watch {
            deadline: None,
            cancel: None,
            cut: OnceLock::new(),
        }
    }

    /// Is the join to stop (the count cancelled, or past its deadline)?
    fn stopped(&self) -> bool {
        if self.cut.get().is_none() {
            if let Some(reason) = limit_reached(self.deadline, self.cancel) {
                // Another job may have set it first, for its own reason.
                let _ = self.cut.set(reason);
            }
        }
        self.cut.get().is_some()
    }
}

/// The limits of a search that stops once `cancel` is set or `deadline` is passed.
fn watched(deadline: Option<Instant>, cancel: Option<&Cancel>) -> Limits {
    let mut limits = Limits::none();
    if let Some(cancel) = cancel {
        limits = limits.cancel(cancel.clone());
    }
    if let Some(deadline) = deadline {
        limits = limits.time(deadline.saturating_duration_since(Instant::now()));
    }
    limits
}

/// Why a join is to stop now, if it is: `cancel` set, or `deadline` passed.
fn limit_reached(deadline: Option<Instant>, cancel: Option<&Cancel>) -> Option<StopReason> {
    if cancel.is_some_and(Cancel::is_cancelled) {
        Some(StopReason::Cancelled)
    } else if deadline.is_some_and(|end| Instant::now() >= end) {
        Some(StopReason::TimeLimit)
    } else {
        None
    }
}

/// Moves the keys without `bit` to the front; returns how many there are. Without a
/// branch on the keys (they are as likely to have the bit as not): every key is swapped
/// with the first one that has the bit, which moves only when the key has it not.
fn partition<K: Key>(keys: &mut [K], bit: K) -> usize {
    let mut clear = 0;
    for i in 0..keys.len() {
        let key = keys[i];
        keys.swap(i, clear);
        clear += usize::from(key & bit == K::default());
    }
    clear
}

/// The disjoint pairs, compared one by one (a count in 32 bits for each top, so that
/// narrow keys are compared four at a time).
fn pairwise<K: Key>(tops: &[K], bottoms: &[K]) -> u64 {
    tops.iter()
        .map(|&top| {
            let pairs: u32 = bottoms
                .iter()
                .map(|&bottom| u32::from(top & bottom == K::default()))
                .sum();
            u64::from(pairs)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::queens::BitState;

    /// Pseudo-random numbers from `seed` (not 0): xorshift.
    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// The pairs counted by splitting are those counted one by one, for keys dense and
    /// sparse, and lists long enough to split.
    #[test]
    fn the_join_counts_the_disjoint_pairs() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for density in [1, 2, 3] {
            let mut key = || (0..density).fold(u64::MAX, |acc, _| acc & next()) & 0xffff_0000_ffff;
            let mut tops: Vec<u64> = (0..700).map(|_| key()).collect();
            let mut bottoms: Vec<u64> = (0..500).map(|_| key()).collect();
            let expected = pairwise(&tops, &bottoms);
            let order: Vec<u64> = (0..16).flat_map(|b| [1 << b, 1 << (b + 32)]).collect();
            assert_eq!(
                join(&mut tops, &mut bottoms, &order, &Watch::none()),
                expected
            );
            let mut narrow_tops: Vec<u32> = tops.iter().map(|&k| u32::narrow(k, !0)).collect();
            let mut narrow_bottoms: Vec<u32> =
                bottoms.iter().map(|&k| u32::narrow(k, !0)).collect();
            let order: Vec<u32> = (0..16).flat_map(|b| [1 << b, 1 << (b + 16)]).collect();
            assert_eq!(
                join(
                    &mut narrow_tops,
                    &mut narrow_bottoms,
                    &order,
                    &Watch::none()
                ),
                expected
            );
        }
    }

    /// Past its deadline or cancelled, a join stops: no block is joined, a join of long
    /// lists under way stops at its next look, and what it stopped is not counted.
    #[test]
    fn a_join_past_its_limits_stops_and_counts_nothing_it_cut() {
        let mut late = HalfJoin::new(10);
        late.limit(Some(Instant::now()), None, None);
        Search::new(HalfBlocks::new(10))
            .observer(&mut late)
            .count_solutions();
        assert_eq!((late.total(), late.cut()), (0, Some(StopReason::TimeLimit)));
        let cancel = Cancel::new();
        cancel.cancel();
        let mut cancelled = HalfJoin::new(10);
        cancelled.limit(None, Some(cancel.clone()), None);
        Search::new(HalfBlocks::new(10))
            .observer(&mut cancelled)
            .count_solutions();
        assert_eq!(cancelled.cut(), Some(StopReason::Cancelled));
        // Disjoint keys: every pair would count.
        let (mut tops, mut bottoms) = (vec![1u64; WATCHED], vec![2u64; 4]);
        let order = [1u64, 2];
        assert_eq!(
            join(&mut tops, &mut bottoms, &order, &Watch::none()),
            4 * WATCHED as u64
        );
        let watch = Watch {
            deadline: None,
            cancel: Some(&cancel),
            cut: OnceLock::new(),
        };
        assert_eq!(join(&mut tops, &mut bottoms, &order, &watch), 0);
        assert_eq!(watch.cut.get(), Some(&StopReason::Cancelled));
    }

    /// A block searched and sorted but not joined (the warm-up of a sample) counts nothing,
    /// and leaves in its lists every half that a join of it would, sorted: the lists are
    /// grown as a join would grow them, and the searches are the join's.
    #[test]
    fn a_block_only_sorted_counts_nothing_and_keeps_its_halves_sorted() {
        for n in [8, 11] {
            let mut sorted_some = false;
            for block in blocks(HalfBlocks::new(n)) {
                let (mut grown, mut joined) = (HalfJoin::new(n), HalfJoin::new(n));
                assert_eq!(grown.join_block(&block, false), 0, "n = {n}");
                joined.join_block(&block, true);
                assert_eq!(grown.searched(), joined.searched(), "n = {n}");
                let (grown, joined) = (&grown.lists.narrow, &joined.lists.narrow);
                for (sorted, found) in [
                    (&grown.sorted_tops, &grown.tops),
                    (&grown.sorted_bottoms, &grown.bottoms),
                ] {
                    assert_eq!(sorted.keys.len(), found.keys.len(), "n = {n}");
                    let mut keys = sorted.keys.clone();
                    let mut expected = found.keys.clone();
                    keys.sort_unstable();
                    expected.sort_unstable();
                    assert_eq!(keys, expected, "n = {n}");
                    sorted_some |= !keys.is_empty();
                }
                // The join reorders the keys within their groups, not among them.
                let starts = |halves: &Halves<u32, u16>| {
                    [&halves.sorted_tops, &halves.sorted_bottoms].map(|s| s.starts.clone())
                };
                assert_eq!(starts(grown), starts(joined), "n = {n}");
            }
            assert!(sorted_some, "n = {n}: no block had halves");
        }
    }

    /// A block whose half searches are stopped (the flag set before them) counts nothing
    /// and says why, its halves not all found: a half search takes seconds from 26 queens
    /// on, and the signal waited for it.
    #[test]
    fn a_block_stopped_in_its_half_searches_counts_nothing() {
        let cancel = Cancel::new();
        cancel.cancel();
        for n in [8, 11, 12] {
            let mut joined_some = false;
            for block in blocks(HalfBlocks::new(n)) {
                let mut whole = HalfJoin::new(n);
                joined_some |= whole.join_block(&block, true) > 0;
                let mut stopped = HalfJoin::new(n);
                stopped.limit(None, Some(cancel.clone()), None);
                assert_eq!(stopped.join_block(&block, true), 0, "n = {n}: {block:?}");
                assert_eq!(stopped.cut(), Some(StopReason::Cancelled), "n = {n}");
                assert_eq!(stopped.total(), 0);
            }
            assert!(joined_some, "n = {n}: no block had solutions");
        }
    }

    /// Past [`MOST_WEIGHED`] blocks, a sample draws them by going down the tree at random:
    /// each block drawn is one of the tree's, and its chance is its true one, so that one
    /// over it is the number of blocks on average (Knuth), which 20,000 draws give within
    /// 2% here; the same seed draws the same blocks.
    #[test]
    fn blocks_drawn_by_descent_are_the_trees_with_their_chances() {
        for n in [12, 15, 16] {
            let listed = blocks(HalfBlocks::new(n));
            let mut drawn = Blocks::Descended {
                root: HalfBlocks::new(n),
                rng: oorandom::Rand64::new(7),
            };
            let (mut sum, draws) = (0.0, 20_000);
            for _ in 0..draws {
                let (index, block, chance) = drawn.draw();
                assert_eq!(index, None);
                let block = block.expect("no dead end in the tree of blocks");
                assert!(block.is_complete() && listed.contains(&block), "{block:?}");
                sum += 1.0 / chance;
            }
            let mean = sum / f64::from(draws);
            let blocks = listed.len() as f64;
            assert!(
                (mean - blocks).abs() < 0.02 * blocks,
                "n = {n}: {mean} for {blocks}"
            );
            assert!((drawn.total() - 1.0).abs() < f64::EPSILON);
            assert_eq!(drawn.listed(), 0);
        }
        let draw = |seed| {
            let mut drawn = Blocks::new(HalfBlocks::new(27), seed, None).expect("not cancelled");
            assert!(!drawn.is_listed(), "72.8 million blocks are not listed");
            (0..5).map(|_| drawn.draw().1).collect::<Vec<_>>()
        };
        assert_eq!(draw(3), draw(3));
        assert_ne!(draw(3), draw(4));
    }

    /// The blocks of a tree are listed if there are at most so many, and not otherwise, nor
    /// once the flag is set.
    #[test]
    fn blocks_are_listed_up_to_a_number() {
        let all = blocks(HalfBlocks::new(16));
        assert_eq!(all.len(), 32);
        assert_eq!(blocks_up_to(HalfBlocks::new(16), 32, None), Some(all));
        assert_eq!(blocks_up_to(HalfBlocks::new(16), 31, None), None);
        let cancel = Cancel::new();
        cancel.cancel();
        assert_eq!(blocks_up_to(HalfBlocks::new(16), 32, Some(&cancel)), None);
        assert!(Blocks::new(HalfBlocks::new(16), 1, Some(&cancel)).is_none());
        assert!(Blocks::new(HalfBlocks::new(16), 1, None).is_some_and(|b| b.listed() == 32));
    }

    /// Groups of random keys joined by jobs of two threads, split down to a few halves,
    /// count what one thread counts, each group weighed by its own number.
    #[test]
    fn a_shared_join_counts_what_one_thread_does() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let groups = 37;
        let mut found = (Found::<u32, u16>::default(), Found::default());
        for side in [&mut found.0, &mut found.1] {
            for _ in 0..3000 {
                let group = (next() % groups as u64) as u16;
                side.groups.push(group);
                side.keys.push((next() & next()) as u32 & 0x00ff_00ff);
            }
        }
        let order: Vec<u32> = (0..8).flat_map(|b| [1 << b, 1 << (b + 16)]).collect();
        let watch = Watch::none();
        let join_all = |(mut tops, mut bottoms): (Groups<u32>, Groups<u32>), first: usize| {
            (0..tops.starts.len() - 1)
                .map(|g| {
                    let pairs = join(tops.group(g), bottoms.group(g), &order, &watch);
                    (first + g) as u64 * pairs
                })
                .sum::<u64>()
        };
        let (mut tops, mut bottoms) = (Sorted::<u32>::default(), Sorted::<u32>::default());
        let mut joined = |shared: bool| {
            tops.sort(&found.0, groups);
            bottoms.sort(&found.1, groups);
            let halves = (tops.groups(), bottoms.groups());
            if shared {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(2)
                    .build()
                    .expect("a pool of two threads");
                pool.install(|| join_shared(halves, 0, 16, &join_all))
            } else {
                join_all(halves, 0)
            }
        };
        let alone = joined(false);
        assert!(alone > 0);
        assert_eq!(joined(true), alone);
    }

    /// On a pool of two threads, whose blocks search their top and bottom halves side by
    /// side, the count and the statistics of its half searches are those of one thread
    /// (whose blocks without a top half search no bottom halves).
    #[test]
    fn a_count_on_two_threads_searches_what_one_thread_does() {
        // Counts the blocks whose top halves are none, which one thread leaves there.
        struct Empty(u32);
        impl Observer<HalfBlocks> for Empty {
            const SOLUTIONS_ONLY: bool = true;
            fn solution(&mut self, block: &HalfBlocks, _: usize) {
                if let (tops, Some(_)) = block.walks() {
                    let searched =
                        walk::<u32, u16>(tops, &Keys::of(block), None, None, &Watch::none());
                    self.0 += u32::from(searched.solutions == 0);
                }
            }
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .expect("a pool of two threads");
        let mut empty_blocks = 0;
        for n in [7, 8, 11, 12] {
            for fix in [1, 3, n - 3] {
                let mut alone = HalfJoin::new(n);
                Search::new(HalfBlocks::fixing(n, fix))
                    .observer(&mut alone)
                    .count_solutions();
                let (_, shared) = pool.install(|| {
                    backtrack::parallel::count_observed(
                        &HalfBlocks::fixing(n, fix),
                        n,
                        &backtrack::ParallelLimits::none(),
                        |_| HalfJoin::new(n),
                        |merged, part| merged.add(&part),
                    )
                });
                let (a, s) = (alone.searched(), shared.searched());
                assert_eq!(shared.total(), alone.total(), "n = {n}, {fix} fixed");
                assert_eq!(
                    (s.nodes, s.solutions, s.dead_ends, s.max_depth),
                    (a.nodes, a.solutions, a.dead_ends, a.max_depth),
                    "n = {n}, {fix} fixed"
                );
                let mut empty = Empty(0);
                Search::new(HalfBlocks::fixing(n, fix))
                    .observer(&mut empty)
                    .count_solutions();
                empty_blocks += empty.0;
            }
        }
        assert!(empty_blocks > 0, "no block without a top half was tried");
    }

    /// However many columns the blocks fix, and however wide the keys, the count is the
    /// whole tree's.
    #[test]
    fn blocks_of_any_size_count_the_board() {
        for n in 0..=11 {
            let expected = Search::new(BitState::<u32>::new(n)).count_solutions().found;
            for (fix, narrow) in (0..=n).flat_map(|fix| [(fix, true), (fix, false)]) {
                let mut join = HalfJoin::new(n);
                // Keys in 64 bits, as from 18 columns on.
                join.narrow &= narrow;
                Search::new(HalfBlocks::fixing(n, fix))
                    .observer(&mut join)
                    .count_solutions();
                assert_eq!(
                    join.total(),
                    expected,
                    "n = {n}, {fix} fixed, narrow {narrow}"
                );
            }
            // Groups in 32 bits, as for blocks of more than 16 open columns.
            for fix in 0..=n {
                let (columns, mut searched) = (HalfJoin::new(n).columns.clone(), Stats::default());
                let mut halves = Halves::<u64, u32>::default();
                let total: u64 = blocks(HalfBlocks::fixing(n, fix))
                    .iter()
                    .map(|block| {
                        join_block(
                            block,
                            &mut halves,
                            &columns,
                            &mut searched,
                            (&Watch::none(), true),
                        )
                    })
                    .sum();
                assert_eq!(total, expected, "n = {n}, {fix} fixed, 32-bit groups");
            }
        }
    }

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

    /// The time of blocks drawn in proportion to their weights, each over its
    /// probability, is the total on average, however the blocks' times go with their
    /// sizes: here the biggest blocks are the slowest a node (a time of size²), which the
    /// speed of two blocks drawn alike, applied to all the nodes, gets 21% short on
    /// average (as the old sample did). Exact expectations over every pair of draws, no
    /// timing.
    #[test]
    fn blocks_drawn_by_weight_time_the_whole_on_average() {
        let sizes = [1.0, 2.0, 2.0, 3.0, 8.0, 9.0];
        let times: Vec<f64> = sizes.iter().map(|s| s * s).collect();
        let total_time: f64 = times.iter().sum();
        let total_size: f64 = sizes.iter().sum();
        // Weights that are sizes misjudged (as few probes do), all above 0.
        let weights = [1.5, 1.0, 2.5, 3.0, 6.0, 12.0];
        let total_weight: f64 = weights.iter().sum();
        let mut expected = 0.0;
        let mut by_speed = 0.0;
        for i in 0..sizes.len() {
            for j in 0..sizes.len() {
                let p = weights[i] * weights[j] / (total_weight * total_weight);
                let drawn = [(times[i], weights[i]), (times[j], weights[j])];
                let figure = drawn_total(&drawn, total_weight);
                expected += p * figure.mean;
                // The old way: the speed of two blocks drawn alike, for all the nodes.
                let speed = (sizes[i] + sizes[j]) / (times[i] + times[j]);
                by_speed += total_size / speed / (sizes.len() * sizes.len()) as f64;
            }
        }
        assert!(
            (expected - total_time).abs() < 1e-9 * total_time,
            "{expected}"
        );
        assert!(by_speed < 0.9 * total_time, "{by_speed} of {total_time}");
        // The standard error is the draws' spread over the square root of their number.
        let figure = drawn_total(&[(1.0, 1.0), (3.0, 1.0)], 2.0);
        assert!((figure.mean - 4.0).abs() < 1e-12, "{figure:?}");
        assert!((figure.std_error - 2.0).abs() < 1e-12, "{figure:?}");
        // One draw: no spread to tell.
        assert!(drawn_total(&[(1.0, 1.0)], 4.0).std_error.abs() < f64::MIN_POSITIVE);
    }

    /// A sample draws on past its time limit until its figure is within [`PRECISE`], or it
    /// has taken [`SAMPLE_SHARE`] of the time it estimates, or [`LONGEST_SAMPLE`].
    #[test]
    fn a_sample_draws_until_close_enough_or_long_enough() {
        let ms = Duration::from_millis;
        let least = ms(250);
        let figure = |mean: f64, std_error: f64| Figure { mean, std_error };
        // Never before the time limit, however close.
        assert!(!sampled_enough(&figure(100.0, 0.0), ms(249), least));
        // Close enough: 10% of the figure.
        assert!(sampled_enough(&figure(100.0, 10.0), least, least));
        assert!(!sampled_enough(&figure(100.0, 10.1), least, least));
        // Not close: up to 2% of the figure (100 s: 2 s)...
        assert!(!sampled_enough(&figure(100.0, 50.0), ms(1999), least));
        assert!(sampled_enough(&figure(100.0, 50.0), ms(2000), least));
        // ... at least the time limit (a figure of 1 s: not 20 ms but 250)...
        assert!(sampled_enough(&figure(1.0, 0.5), least, least));
        // ... and at most 10 s (a figure of an hour: not 72 s).
        assert!(!sampled_enough(&figure(3600.0, 1800.0), ms(9999), least));
        assert!(sampled_enough(&figure(3600.0, 1800.0), ms(10_000), least));
        assert!(sampled_enough(
            &figure(f64::INFINITY, f64::INFINITY),
            ms(10_000),
            least
        ));
        assert!(!sampled_enough(
            &figure(f64::NAN, f64::NAN),
            ms(9999),
            least
        ));
    }

    /// A sample that joined every block is the count, with no time drawn; one cut short
    /// gives the time its draws make only if it drew at least [`SAMPLE_DRAWS`].
    #[test]
    fn a_sample_cut_short_times_the_count_from_three_draws() {
        let drawn = [(1.0, 1.0), (3.0, 1.0), (2.0, 2.0)];
        let cancelled = Some(StopReason::Cancelled);
        assert_eq!(drawn_time(None, &drawn, 4.0), None);
        assert_eq!(drawn_time(cancelled, &drawn[..2], 4.0), None);
        let timed = drawn_time(cancelled, &drawn, 4.0).expect("three draws");
        assert_eq!(timed.draws, 3);
        assert_eq!(timed.seconds, drawn_total(&drawn, 4.0));
        assert!((timed.seconds.mean - 20.0 / 3.0).abs() < 1e-12, "{timed:?}");
        let timed = drawn_time(Some(StopReason::TimeLimit), &drawn, 4.0);
        assert_eq!(timed.map(|t| t.draws), Some(3));
    }

    /// The draws follow the weights, and a seed gives the same ones every time.
    #[test]
    fn draws_follow_the_weights_and_the_seed() {
        let weights = [1.0, 0.0, 3.0];
        let mut draw = Draw::new(&weights, 7);
        let mut seen = [0u32; 3];
        for _ in 0..4000 {
            seen[draw.next()] += 1;
        }
        assert_eq!(seen[1], 0);
        assert!((2700..3300).contains(&seen[2]), "{seen:?}");
        let first: Vec<usize> = (0..20)
            .map({
                let mut d = Draw::new(&weights, 7);
                move |_| d.next()
            })
            .collect();
        let again: Vec<usize> = (0..20)
            .map({
                let mut d = Draw::new(&weights, 7);
                move |_| d.next()
            })
            .collect();
        assert_eq!(first, again);
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
