//! The join: for each block, its halves searched and sorted by group, and the pairs of
//! each group whose diagonals do not meet counted.

use std::sync::OnceLock;
use std::time::Instant;

use backtrack::observer::OnSolution;
use backtrack::progress::Meter;
use backtrack::{Cancel, Stats, StopReason};

use super::blocks::{group_weight, HalfBlocks};
use super::lists::{Dense, Found, Group, Groups, HalfCache, Halves, Key, Lists, Sorted};
use super::pairs::{join, split_order};
use super::walk::{walk, Keys};
use super::watch::{limit_reached, Watch};

/// The observer of a [`HalfBlocks`] search that counts the solutions of the board: for each
/// block, its halves searched and sorted by their columns, and for each group the least of
/// its class in the blocks searched, its halves joined and the count weighed by the size of
/// the class.
///
/// On a thread of a rayon pool of several threads, a block's work is shared with the
/// others: its two half searches, its two sorts and the joins of its groups are jobs that
/// an idle thread takes (see [`count_halves`](crate::queens::count_halves)); elsewhere, all
/// of it is done where the block is.
///
/// ```
/// use backtrack::{observer::Solutions, Search};
/// use backtrack_problems::queens::{HalfBlocks, HalfJoin};
///
/// let mut join = HalfJoin::new(10);
/// Search::new(HalfBlocks::new(10)).observer(Solutions(&mut join)).count_solutions();
/// assert_eq!(join.total(), 724);
/// ```
#[derive(Clone, Debug)]
pub struct HalfJoin {
    /// Are the keys joined in 32 bits (the board but its middle column in 16)?
    narrow: bool,
    /// Are wider keys joined in 32 bits when they can be ([`Dense`])?
    dense: bool,
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

impl HalfJoin {
    /// A count at zero, for an `n`×`n` board (`n <= MAX_HALVES`).
    pub fn new(n: usize) -> Self {
        Self::with_lists(n, Lists::default())
    }

    /// A count at zero, like [`new`](HalfJoin::new), that keeps its halves in lists taken
    /// from `cache`, to give back with [`recycle`](HalfJoin::recycle).
    pub(crate) fn cached(n: usize, cache: &HalfCache) -> Self {
        Self::with_lists(n, cache.take())
    }

    /// Gives this join's lists to `cache`, for the next join made from it.
    pub(crate) fn recycle(self, cache: &HalfCache) {
        cache.keep(self.lists);
    }

    /// A count at zero that keeps its halves in `lists`.
    fn with_lists(n: usize, lists: Lists) -> Self {
        HalfJoin {
            narrow: n - n % 2 <= 16,
            dense: true,
            lists,
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
    /// use backtrack::{observer::Solutions, Search};
    /// use backtrack_problems::queens::{HalfBlocks, HalfJoin};
    ///
    /// let mut join = HalfJoin::new(8);
    /// Search::new(HalfBlocks::new(8)).observer(Solutions(&mut join)).count_solutions();
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
    /// blocks, spaced for its cheap nodes: without this, a count would stop long past
    /// its limit, or not at a first Ctrl-C. The blocks left out make the
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
    /// lists grown to hold them, at a fraction of the time (see
    /// [`sample_blocks`](super::sample_blocks)).
    pub(super) fn join_block(&mut self, block: &HalfBlocks, and_join: bool) -> u64 {
        let watch = Watch {
            deadline: self.deadline,
            cancel: self.cancel.as_ref(),
            cut: OnceLock::new(),
        };
        let searched = &mut self.searched;
        let lists = &mut self.lists;
        let total = if self.narrow {
            join_block(
                block,
                &mut lists.narrow,
                searched,
                (&watch, and_join, self.dense),
            )
        } else if block.open().count_ones() <= 16 {
            join_block(
                block,
                &mut lists.wide,
                searched,
                (&watch, and_join, self.dense),
            )
        } else {
            join_block(
                block,
                &mut lists.widest,
                searched,
                (&watch, and_join, self.dense),
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
/// joined (in dense keys if `dense` and they can be), splitting on the bits most shared
/// first, as long as `watch` lets them.
fn join_block<K: Key, G: Group>(
    block: &HalfBlocks,
    halves: &mut Halves<K, G>,
    searched: &mut Stats,
    (watch, and_join, dense): (&Watch, bool, bool),
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
    let chosen = block.chosen();
    let n = usize::from(block.n);
    let weight = |group: u32| group_weight(n, chosen, middle, top | keys.open.columns(group));
    join_groups(halves, groups, weight, (watch, and_join, dense))
}

/// The solutions of the `halves` found of a block of `groups` groups: the halves sorted by
/// group (in dense keys of 32 bits if they are wider and can be, see [`Dense`]), and, if
/// `and_join`, the pairs of each group joined, splitting on the bits that the block's
/// pairs share most first ([`split_order`]), and weighed by `weight(group)` (else 0).
fn join_groups<K: Key, G: Group>(
    halves: &mut Halves<K, G>,
    groups: usize,
    weight: impl Fn(u32) -> u64 + Sync,
    (watch, and_join, dense): (&Watch, bool, bool),
) -> u64 {
    let share = sharing();
    let both = |sort_tops: &mut (dyn FnMut() + Send), sort_bottoms: &mut (dyn FnMut() + Send)| {
        if share {
            rayon::join(sort_tops, sort_bottoms);
        } else {
            sort_tops();
            sort_bottoms();
        }
    };
    let Halves {
        tops,
        bottoms,
        sorted_tops,
        sorted_bottoms,
        dense_tops,
        dense_bottoms,
    } = halves;
    let used = |found: &Found<K, G>| found.keys.iter().fold(0, |used, key| used | key.bits());
    let dense = if K::WIDE && dense {
        Dense::of(used(tops) & used(bottoms))
    } else {
        None
    };
    if let Some(dense) = dense {
        both(
            &mut || dense_tops.sort_mapped(tops, groups, |key: K| dense.key(key.bits())),
            &mut || dense_bottoms.sort_mapped(bottoms, groups, |key: K| dense.key(key.bits())),
        );
        if !and_join {
            return 0;
        }
        join_sorted((dense_tops, dense_bottoms), weight, watch)
    } else {
        both(&mut || sorted_tops.sort(tops, groups), &mut || {
            sorted_bottoms.sort(bottoms, groups);
        });
        if !and_join {
            return 0;
        }
        join_sorted((sorted_tops, sorted_bottoms), weight, watch)
    }
}

/// The pairs of each group of halves sorted by group joined, splitting on the bits that
/// the block's pairs share most first ([`split_order`]), and weighed by `weight(group)`.
fn join_sorted<K: Key>(
    (sorted_tops, sorted_bottoms): (&mut Sorted<K>, &mut Sorted<K>),
    weight: impl Fn(u32) -> u64 + Sync,
    watch: &Watch,
) -> u64 {
    let mut order = Vec::new();
    split_order(&sorted_tops.keys, &sorted_bottoms.keys, &mut order);
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
    if sharing() {
        join_shared((tops, bottoms), 0, SHARED, &join_all)
    } else {
        join_all((tops, bottoms), 0)
    }
}

/// Is a block's work to be shared with the other threads of the pool, if there are any?
///
/// The blocks of a count are its threads' jobs, one at a time each, and they end
/// unevenly: the thread that ends its last block first would sit idle while the others
/// end theirs. So a block's two half searches (its top halves' and its bottom halves'),
/// its two sorts, and the joins of its groups ([`join_shared`]) are jobs of their own,
/// which a thread takes when it has nothing else to do; left to the thread of the block,
/// they cost little. Outside a pool of several threads, as on one thread, they are not
/// (which would send them to rayon's global pool).
fn sharing() -> bool {
    rayon::current_thread_index().is_some() && rayon::current_num_threads() > 1
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

impl OnSolution<HalfBlocks> for HalfJoin {
    fn on_solution(&mut self, block: &HalfBlocks, _depth: usize) {
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

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use backtrack::observer::Solutions;
    use backtrack::Search;

    use super::*;
    use crate::queens::halves::lists::{Found, Sorted};
    use crate::queens::halves::pairs::WATCHED;
    use crate::queens::halves::sample::blocks;
    use crate::queens::halves::xorshift;
    use crate::queens::BitState;

    /// Past its deadline or cancelled, a join stops: no block is joined, a join of long
    /// lists under way stops at its next look, and what it stopped is not counted.
    #[test]
    fn a_join_past_its_limits_stops_and_counts_nothing_it_cut() {
        let mut late = HalfJoin::new(10);
        late.limit(Some(Instant::now()), None, None);
        Search::new(HalfBlocks::new(10))
            .observer(Solutions(&mut late))
            .count_solutions();
        assert_eq!((late.total(), late.cut()), (0, Some(StopReason::TimeLimit)));
        let cancel = Cancel::new();
        cancel.cancel();
        let mut cancelled = HalfJoin::new(10);
        cancelled.limit(None, Some(cancel.clone()), None);
        Search::new(HalfBlocks::new(10))
            .observer(Solutions(&mut cancelled))
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

    /// A join made from a cache works in the lists that the join before it gave back, grown
    /// already, and counts from zero.
    #[test]
    fn a_join_from_a_cache_works_in_the_lists_given_back() {
        let cache = HalfCache::default();
        let mut first = HalfJoin::cached(12, &cache);
        Search::new(HalfBlocks::new(12))
            .observer(Solutions(&mut first))
            .count_solutions();
        let grown = first.lists.narrow.tops.keys.capacity();
        assert!(grown > 0);
        first.recycle(&cache);
        let second = HalfJoin::cached(12, &cache);
        assert_eq!(second.lists.narrow.tops.keys.capacity(), grown);
        assert_eq!((second.total(), second.walked()), (0, 0));
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
        impl OnSolution<HalfBlocks> for Empty {
            fn on_solution(&mut self, block: &HalfBlocks, _: usize) {
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
                    .observer(Solutions(&mut alone))
                    .count_solutions();
                let (_, Solutions(shared)) = pool.install(|| {
                    backtrack::parallel::count_observed(
                        &HalfBlocks::fixing(n, fix),
                        backtrack::SplitDepth(n),
                        &backtrack::ParallelLimits::none(),
                        Solutions(HalfJoin::new(n)),
                        |_| Solutions(HalfJoin::new(n)),
                        |Solutions(merged), Solutions(part)| merged.add(&part),
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
                    .observer(Solutions(&mut empty))
                    .count_solutions();
                empty_blocks += empty.0;
            }
        }
        assert!(empty_blocks > 0, "no block without a top half was tried");
    }

    /// Blocks fixed from both ends count the board, however many columns they fix, and
    /// so do keys of 64 bits, renumbered into 32 or not.
    #[test]
    fn blocks_from_both_ends_and_keys_dense_or_not_count_the_board() {
        for n in 0..=12 {
            let expected = Search::new(BitState::<u32>::new(n)).count_solutions().found;
            for fix in (0..=n).step_by(2) {
                for (narrow, dense) in [(true, true), (false, true), (false, false)] {
                    let mut join = HalfJoin::new(n);
                    (join.narrow, join.dense) = (narrow, dense);
                    let tree = if n % 2 == 0 {
                        HalfBlocks::from_ends(n, fix)
                    } else {
                        HalfBlocks::fixing(n, fix)
                    };
                    Search::new(tree)
                        .observer(Solutions(&mut join))
                        .count_solutions();
                    let how = format!("n = {n}, {fix} fixed, narrow {narrow}, dense {dense}");
                    assert_eq!(join.total(), expected, "{how}");
                }
            }
        }
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
                    .observer(Solutions(&mut join))
                    .count_solutions();
                assert_eq!(
                    join.total(),
                    expected,
                    "n = {n}, {fix} fixed, narrow {narrow}"
                );
            }
            // Groups in 32 bits, as for blocks of more than 16 open columns.
            for fix in 0..=n {
                let mut searched = Stats::default();
                let mut halves = Halves::<u64, u32>::default();
                let total: u64 = blocks(HalfBlocks::fixing(n, fix))
                    .iter()
                    .map(|block| {
                        join_block(
                            block,
                            &mut halves,
                            &mut searched,
                            (&Watch::none(), true, true),
                        )
                    })
                    .sum();
                assert_eq!(total, expected, "n = {n}, {fix} fixed, 32-bit groups");
            }
        }
    }
}
