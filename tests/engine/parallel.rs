//! The parallel first, best and listing give the serial search's answers, on random
//! tables split at every depth and run on one to three threads.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use backtrack::{parallel, Cancel, ParallelLimits, Problem, Search, SplitDepth, StopReason};
use proptest::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuilder};

use crate::common::{counts, tables, tables_valued, TableProblem, Tables, ValueTable};

/// A pool of `threads` threads (1 to 3), made once.
fn pool(threads: usize) -> &'static ThreadPool {
    static POOLS: [OnceLock<ThreadPool>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    POOLS[threads - 1].get_or_init(|| {
        ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a pool")
    })
}

proptest! {
    #[test]
    fn parallel_first_is_the_first(tables in tables(), split in 0usize..7, threads in 1usize..=3) {
        let root = TableProblem::new(tables.clone());
        let serial = Search::new(root.clone()).first();
        let outcome = pool(threads).install(|| parallel::first(&root, SplitDepth(split), &ParallelLimits::none()));
        prop_assert_eq!(&outcome.found, &serial.found);
        prop_assert_eq!(outcome.stopped, None);
        // Never less than the serial search's part of the tree, up to its answer.
        prop_assert!(outcome.stats.nodes >= serial.stats.nodes);
        let by_value = pool(threads).install(|| {
            parallel::first(&ValueTable::new(&tables), SplitDepth(split), &ParallelLimits::none())
        });
        prop_assert_eq!(&by_value.found, &serial.found);
    }

    #[test]
    fn parallel_best_is_the_best_ties_included(
        tables in tables_valued(3),
        split in 0usize..7,
        threads in 1usize..=3,
    ) {
        let root = TableProblem::new(tables.clone());
        let serial = Search::new(root.clone()).best();
        let outcome = pool(threads).install(|| parallel::best(&root, SplitDepth(split), &ParallelLimits::none()));
        prop_assert_eq!(&outcome.found, &serial.found);
        prop_assert_eq!(outcome.stopped, None);
        let by_value = pool(threads).install(|| {
            parallel::best(&ValueTable::new(&tables), SplitDepth(split), &ParallelLimits::none())
        });
        prop_assert_eq!(&by_value.found, &serial.found);
    }

    #[test]
    fn parallel_best_is_the_best(tables in tables(), split in 0usize..7, threads in 1usize..=3) {
        let root = TableProblem::new(tables);
        let serial = Search::new(root.clone()).best();
        let outcome = pool(threads).install(|| parallel::best(&root, SplitDepth(split), &ParallelLimits::none()));
        prop_assert_eq!(&outcome.found, &serial.found);
    }

    #[test]
    fn parallel_listing_is_the_serial_one_statistics_included(
        tables in tables(),
        split in 0usize..7,
        threads in 1usize..=3,
    ) {
        let root = TableProblem::new(tables);
        let mut serial = Search::new(root.clone());
        let expected: Vec<Vec<u8>> = serial.by_ref().collect();
        let mut listing = parallel::solutions(root.clone(), SplitDepth(split), &ParallelLimits::none(), threads);
        let listed: Vec<Vec<u8>> = listing.by_ref().collect();
        prop_assert_eq!(&listed, &expected);
        prop_assert_eq!(counts(&listing.stats()), counts(serial.stats()));
        prop_assert_eq!(listing.stopped(), None);
        // By value too: the listing's workers search copies of the state.
        let leaked: &'static Tables = Box::leak(Box::new(Tables::clone(&root.tables)));
        let by_value: Vec<Vec<u8>> =
            parallel::solutions(ValueTable::new(leaked), SplitDepth(split), &ParallelLimits::none(), threads)
                .collect();
        prop_assert_eq!(&by_value, &expected);
        // And its first few, the rest dropped.
        let few: Vec<Vec<u8>> =
            parallel::solutions(root, SplitDepth(split), &ParallelLimits::none(), threads).take(3).collect();
        prop_assert_eq!(&few[..], &expected[..expected.len().min(3)]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// A problem that borrows its tables (not `'static`: `parallel::solutions` cannot take
    /// it) is listed by `solutions_scoped`, with the serial search's solutions and
    /// statistics, whole or stopped by the caller half-way.
    #[test]
    fn a_scoped_listing_of_a_borrowing_problem_is_the_serial_one(
        tables in tables(),
        split in 0usize..7,
        threads in 1usize..=3,
    ) {
        let borrowed = Tables::clone(&tables);
        let root = ValueTable::new(&borrowed);
        let mut serial = Search::new(root);
        let expected: Vec<Vec<u8>> = serial.by_ref().collect();
        let (listed, stats, stopped) =
            parallel::solutions_scoped(&root, SplitDepth(split), &ParallelLimits::none(), threads, |listing| {
                let listed: Vec<Vec<u8>> = listing.by_ref().collect();
                (listed, listing.stats(), listing.stopped())
            });
        prop_assert_eq!(&listed, &expected);
        prop_assert_eq!(counts(&stats), counts(serial.stats()));
        prop_assert_eq!(stopped, None);
        let few = parallel::solutions_scoped(&root, SplitDepth(split), &ParallelLimits::none(), threads, |listing| {
            listing.take(3).collect::<Vec<_>>()
        });
        prop_assert_eq!(&few[..], &expected[..expected.len().min(3)]);
    }
}

/// Strings of `len` bits, zero before one. With `only: Some(lead)`, the one solution is
/// `lead` followed by zeros, and the rest of the tree is searched for nothing.
#[derive(Clone, Debug)]
struct Strings {
    bits: Vec<bool>,
    len: usize,
    only: Option<bool>,
}

impl Strings {
    fn new(len: usize, only: Option<bool>) -> Self {
        Strings {
            bits: Vec::new(),
            len,
            only,
        }
    }
}

impl Problem for Strings {
    type Op = bool;
    type Ops = std::array::IntoIter<bool, 2>;
    type Solution = Vec<bool>;

    fn operators(&self) -> Self::Ops {
        [false, true].into_iter()
    }
    fn admissible(&self, _: bool) -> bool {
        self.bits.len() < self.len
    }
    fn apply(&mut self, bit: bool) {
        self.bits.push(bit);
    }
    fn undo(&mut self, _: bool) {
        self.bits.pop();
    }
    fn is_complete(&self) -> bool {
        self.bits.len() == self.len
            && self
                .only
                .is_none_or(|lead| self.bits[0] == lead && self.bits[1..].iter().all(|&bit| !bit))
    }
    fn solution(&self) -> Vec<bool> {
        self.bits.clone()
    }
}

#[test]
fn no_solution_at_all_in_every_mode() {
    // Every leaf refused: a tree with no solution, at every split depth.
    #[derive(Clone)]
    struct Nothing(usize);
    impl Problem for Nothing {
        type Op = u8;
        type Ops = std::ops::Range<u8>;
        type Solution = usize;
        fn operators(&self) -> Self::Ops {
            0..3
        }
        fn admissible(&self, _: u8) -> bool {
            self.0 < 4
        }
        fn apply(&mut self, _: u8) {
            self.0 += 1;
        }
        fn undo(&mut self, _: u8) {
            self.0 -= 1;
        }
        fn is_complete(&self) -> bool {
            self.0 == 5
        }
        fn solution(&self) -> usize {
            self.0
        }
    }
    impl backtrack::Optimize for Nothing {
        type Value = usize;
        fn value(&self) -> usize {
            self.0
        }
        fn bound(&self) -> usize {
            5
        }
    }
    for split in 0..7 {
        let none = ParallelLimits::none();
        let first = parallel::first(&Nothing(0), SplitDepth(split), &none);
        assert_eq!((first.found, first.stopped), (None, None), "split {split}");
        let best = parallel::best(&Nothing(0), SplitDepth(split), &none);
        assert_eq!((best.found, best.stopped), (None, None), "split {split}");
        let mut listing = parallel::solutions(Nothing(0), SplitDepth(split), &none, 2);
        assert_eq!(listing.next(), None);
        let serial = Search::new(Nothing(0)).count_solutions();
        assert_eq!(counts(&listing.stats()), counts(&serial.stats));
    }
}

#[test]
fn dropping_a_listing_early_stops_its_workers_promptly() {
    // 2^40 strings: the workers fill their buffers and wait; dropped, they end at once.
    let start = Instant::now();
    let first: Vec<_> = parallel::solutions(
        Strings::new(40, None),
        SplitDepth(4),
        &ParallelLimits::none(),
        2,
    )
    .take(2)
    .collect();
    assert_eq!(first.len(), 2);
    assert!(!first[0][39] && first[1][39]);
    // Only the first string is a solution; the other subtrees search 2^30 nodes each for
    // nothing, and must notice the drop while searching.
    let mut listing = parallel::solutions(
        Strings::new(30, Some(false)),
        SplitDepth(3),
        &ParallelLimits::none(),
        2,
    );
    assert_eq!(listing.next(), Some(vec![false; 30]));
    drop(listing);
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "took {:?}",
        start.elapsed()
    );
}

#[test]
fn a_stopped_listing_is_a_prefix_of_the_serial_one() {
    let serial: Vec<_> = Search::new(Strings::new(14, None)).collect();
    for time in [1, 5, 20] {
        let limits = ParallelLimits::none().time(Duration::from_millis(time));
        let mut listing = parallel::solutions(Strings::new(14, None), SplitDepth(3), &limits, 2);
        let listed: Vec<_> = listing.by_ref().collect();
        assert_eq!(listed[..], serial[..listed.len()]);
        match listing.stopped() {
            None => assert_eq!(listed.len(), serial.len()),
            Some(reason) => assert_eq!(reason, StopReason::TimeLimit),
        }
    }
    // Cancelled before it starts: nothing, and why.
    let cancel = Cancel::new();
    cancel.cancel();
    let limits = ParallelLimits::none().cancel(cancel);
    let mut listing = parallel::solutions(Strings::new(14, None), SplitDepth(3), &limits, 2);
    assert_eq!(listing.next(), None);
    assert_eq!(listing.stopped(), Some(StopReason::Cancelled));
    let first = parallel::first(&Strings::new(14, None), SplitDepth(3), &limits);
    assert_eq!(
        (first.found, first.stopped),
        (None, Some(StopReason::Cancelled))
    );
}

#[test]
fn a_first_cut_short_says_so_and_finds_nothing_uncertain() {
    // The first subtree is huge and holds nothing; the second finds the one solution at
    // once. A time limit too short to finish the first gives no answer, not the second's.
    let limits = ParallelLimits::none().time(Duration::from_millis(20));
    let outcome =
        pool(2).install(|| parallel::first(&Strings::new(34, Some(true)), SplitDepth(1), &limits));
    assert_eq!(outcome.found, None);
    assert_eq!(outcome.stopped, Some(StopReason::TimeLimit));
}

/// Strings of bits whose solutions are counted as they are made: how far the workers of a
/// listing run ahead of it.
#[derive(Clone)]
struct Counted {
    strings: Strings,
    made: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl Problem for Counted {
    type Op = bool;
    type Ops = std::array::IntoIter<bool, 2>;
    type Solution = Vec<bool>;

    fn operators(&self) -> Self::Ops {
        self.strings.operators()
    }
    fn admissible(&self, bit: bool) -> bool {
        self.strings.admissible(bit)
    }
    fn apply(&mut self, bit: bool) {
        self.strings.apply(bit);
    }
    fn undo(&mut self, bit: bool) {
        self.strings.undo(bit);
    }
    fn is_complete(&self) -> bool {
        self.strings.is_complete()
    }
    fn solution(&self) -> Vec<bool> {
        self.made.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.strings.solution()
    }
}

#[test]
fn a_listing_not_read_holds_a_bounded_number_of_solutions() {
    // 2^30 solutions in 256 subtrees; the listing reads one, then waits.
    let made = std::sync::Arc::default();
    let root = Counted {
        strings: Strings::new(30, None),
        made: std::sync::Arc::clone(&made),
    };
    let threads = 2;
    let mut listing = parallel::solutions(root, SplitDepth(8), &ParallelLimits::none(), threads);
    assert_eq!(listing.next(), Some(vec![false; 30]));
    // The workers run ahead (on a loaded machine, give them time: up to a minute), then
    // wait.
    let start = Instant::now();
    while made.load(std::sync::atomic::Ordering::Relaxed) <= parallel::BUFFER
        && start.elapsed() < Duration::from_secs(60)
    {
        std::thread::sleep(Duration::from_millis(10));
    }
    std::thread::sleep(Duration::from_millis(300));
    let ahead = made.load(std::sync::atomic::Ordering::Relaxed);
    // Every subtree in the window full, and each worker one more in hand.
    let bound = threads * parallel::WINDOW_PER_THREAD * parallel::BUFFER + threads + 1;
    assert!(
        ahead <= bound,
        "{ahead} solutions made, at most {bound} expected"
    );
    assert!(ahead > parallel::BUFFER, "the workers ran ahead: {ahead}");
    listing.stop();
    assert_eq!(listing.next(), None);
    let stats = listing.stats();
    assert_eq!(
        stats.solutions,
        made.load(std::sync::atomic::Ordering::Relaxed) as u64
    );
}

impl backtrack::Optimize for Strings {
    type Value = u32;
    /// Every solution is worth 0, and the bound never prunes: a branch and bound that
    /// must search its whole tree.
    fn value(&self) -> u32 {
        0
    }
    fn bound(&self) -> u32 {
        1
    }
}

#[test]
fn a_best_cut_short_gives_the_best_so_far_and_says_so() {
    // 20 ms is time enough for the first solution, 34 nodes deep, but not on a loaded
    // machine, where the workers may not run at all in it: the limit doubles until a
    // search has found one (2^34 nodes are never all searched in the time).
    let mut time = 20;
    let outcome = loop {
        let limits = ParallelLimits::none().time(Duration::from_millis(time));
        let outcome = pool(2)
            .install(|| parallel::best(&Strings::new(34, Some(false)), SplitDepth(2), &limits));
        assert_eq!(outcome.stopped, Some(StopReason::TimeLimit));
        if outcome.found.is_some() || time >= 20_000 {
            break outcome;
        }
        time *= 2;
    };
    assert_eq!(outcome.found, Some((vec![false; 34], 0)));
    assert_eq!(outcome.stopped, Some(StopReason::TimeLimit));
}
