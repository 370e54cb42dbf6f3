//! The time of a count by half boards, from a sample of its blocks drawn at random and
//! joined.

use std::time::{Duration, Instant};

use backtrack::estimate::{self, Figure};
use backtrack::observer::{OnSolution, Solutions};
use backtrack::{Cancel, Limits, Outcome, Problem, Search, Stats, StopReason};

use super::blocks::HalfBlocks;
use super::join::HalfJoin;
use super::lists::HalfCache;
use super::watch::{limit_reached, watched};

/// The fewest blocks a sample draws, however long they take (unless it is cancelled or
/// joins every block): with fewer, its standard error says little.
const SAMPLE_DRAWS: usize = 3;

/// The most blocks a sample draws: once those joined are all but the whole count, the
/// draws mostly meet them again, and cost no time (nor should they memory).
const MOST_DRAWS: usize = 1 << 16;

/// The most blocks a sample lists and weighs ([`Blocks::Weighed`]); past them, it draws
/// each block by going down the tree of blocks at random ([`Blocks::Descended`]): the
/// millions of blocks of the biggest boards would take the sample's time, and gigabytes,
/// to list and weigh.
const MOST_WEIGHED: usize = 1 << 16;

/// How many probes of the half searches, in all, weigh the blocks of a sample (at least
/// [`LEAST_WEIGHING`] a search): enough to rank the blocks, few enough to leave the
/// sample's time to its joins.
const WEIGHING_PROBES: usize = 1 << 18;

/// The fewest probes that weigh a half search of a block, however many blocks there are:
/// with fewer, a block's weight can be many times off.
const LEAST_WEIGHING: usize = 16;

/// A block's weight is its estimated nodes to this power: the bigger a block, the slower
/// its nodes (its lists fit the caches less, its groups hold more pairs), so the blocks'
/// times follow their nodes to this power more closely than their nodes alone.
const WEIGHT_POWER: f64 = 1.4;

/// A sample past its time limit goes on drawing blocks until its time's standard error is
/// at most this share of it (see [`sampled_enough`]): where blocks take a second or more,
/// the few drawn by the time limit can be off by an order of magnitude.
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
/// long enough). Returns what was joined (the count of the blocks joined, the whole count
/// when all were; the statistics of their half searches, see
/// [`HalfJoin::searched`](super::HalfJoin::searched), timed from the start when every block
/// was joined, else the time their joins took) and, unless every block was joined, the time
/// of the whole count on one thread in seconds, estimated from the blocks' times (see
/// [`drawn_time`]; none if a signal cut the sample short before it drew [`SAMPLE_DRAWS`]).
/// A signal is heeded at once, while the blocks are weighed or joined too, and a time limit
/// by [`LONGEST_SAMPLE`] at the latest: a block cut short is not drawn (its nodes and time
/// still make the speed of a sample without enough draws).
///
/// The blocks cost very different times for their nodes, the biggest the slowest: the speed
/// of a few blocks, applied to all the nodes, misjudges the count. A block drawn with
/// probability `p` stands for `1 / p` times its time, which is the total on average
/// whatever the blocks' speeds; drawn in proportion to their sizes, those figures differ
/// only as the blocks' speeds do.
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
    // draws, its lists handed on to the join that times them, but not joined, which grows
    // nothing (timed, the growth would make the first draw, and the sample, long).
    // However long the blocks take (seconds each on the biggest boards), the sample ends
    // by its time limit or LONGEST_SAMPLE, whichever is later: a block cut short then
    // gives the speed of the nodes it searched, not a draw.
    let deadline = limits.time.map(|least| start + least.max(LONGEST_SAMPLE));
    let cache = HalfCache::default();
    if let (_, Some(block), _) = blocks.clone().draw() {
        let mut warm = HalfJoin::cached(n, &cache);
        warm.limit(deadline, limits.cancel.clone(), None);
        warm.join_block(&block, false);
        warm.recycle(&cache);
    }
    let mut times: Vec<Option<f64>> = vec![None; blocks.listed()];
    let (mut joined, mut drawn) = (0, Vec::new());
    // The time of the blocks joined, the warm-up and the weighing aside: what their nodes
    // took, for a speed (of a sample cut short before its draws, say).
    let mut spent = Duration::ZERO;
    let mut join = HalfJoin::cached(n, &cache);
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
                join.on_solution(&block, 0);
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
        .observer(Solutions(&mut listed))
        .limits(limits)
        .count_solutions();
    (outcome.stopped.is_none() && listed.0.len() <= most).then_some(listed.0)
}

/// The blocks of a tree, as they are found.
struct BlockList(Vec<HalfBlocks>);

impl OnSolution<HalfBlocks> for BlockList {
    fn on_solution(&mut self, block: &HalfBlocks, _: usize) {
        self.0.push(*block);
    }
}

/// The blocks of `tree`, in order.
#[cfg(test)]
pub(super) fn blocks(tree: HalfBlocks) -> Vec<HalfBlocks> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::queens::halves::block_columns;

    /// Past [`MOST_WEIGHED`] blocks, a sample draws them by going down the tree at random:
    /// each block drawn is one of the tree's, and its chance is its true one, so that one
    /// over it is the number of blocks on average (Knuth), which 20,000 draws give within
    /// 2% here; the same seed draws the same blocks. (Trees fixed from the left; for those
    /// fixed from both ends, see [`descents_from_both_ends_draw_the_blocks_with_their_chances`].)
    #[test]
    fn blocks_drawn_by_descent_are_the_trees_with_their_chances() {
        for n in [12, 15, 16] {
            let tree = HalfBlocks::fixing(n, block_columns(n));
            let listed = blocks(tree);
            let mut drawn = Blocks::Descended {
                root: tree,
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

    /// A tree of blocks fixed from both ends leaves out the blocks not searched (in place
    /// of one of their images) as it goes down: its nodes' children differ in number more
    /// than from the left, and a descent that meets a dead end (no columns left for a
    /// half) draws no block, which stands for none; the chances of the blocks drawn still
    /// make their number on average (within 2% in 100,000 draws here).
    #[test]
    fn descents_from_both_ends_draw_the_blocks_with_their_chances() {
        for n in [12, 16] {
            let listed = blocks(HalfBlocks::new(n));
            let mut drawn = Blocks::Descended {
                root: HalfBlocks::new(n),
                rng: oorandom::Rand64::new(11),
            };
            // More draws than from the left: the dead ends spread the figures.
            let (mut sum, draws) = (0.0, 100_000);
            for _ in 0..draws {
                match drawn.draw() {
                    (None, Some(block), chance) => {
                        assert!(block.is_complete() && listed.contains(&block));
                        sum += 1.0 / chance;
                    }
                    (None, None, _) => {}
                    other => panic!("n = {n}: {other:?}"),
                }
            }
            let (mean, blocks) = (sum / f64::from(draws), listed.len() as f64);
            assert!(
                (mean - blocks).abs() < 0.02 * blocks,
                "n = {n}: {mean} for {blocks}"
            );
        }
    }

    /// The blocks of a tree are listed if there are at most so many, and not otherwise, nor
    /// once the flag is set.
    #[test]
    fn blocks_are_listed_up_to_a_number() {
        // Fixed from the left; from both ends, the mirror images are left out (20 blocks).
        let tree = HalfBlocks::fixing(16, block_columns(16));
        assert_eq!(blocks(HalfBlocks::new(16)).len(), 20);
        let all = blocks(tree);
        assert_eq!(all.len(), 32);
        assert_eq!(blocks_up_to(tree, 32, None), Some(all));
        assert_eq!(blocks_up_to(tree, 31, None), None);
        let cancel = Cancel::new();
        cancel.cancel();
        assert_eq!(blocks_up_to(tree, 32, Some(&cancel)), None);
        assert!(Blocks::new(tree, 1, Some(&cancel)).is_none());
        assert!(Blocks::new(tree, 1, None).is_some_and(|b| b.listed() == 32));
    }

    /// The time of blocks drawn in proportion to their weights, each over its
    /// probability, is the total on average, however the blocks' times go with their
    /// sizes: here the biggest blocks are the slowest a node (a time of size²), which the
    /// speed of two blocks drawn alike, applied to all the nodes, gets 21% short on
    /// average. Exact expectations over every pair of draws, no timing.
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
}
