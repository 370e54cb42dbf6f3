//! Every limit stops the search, and the partial statistics are right.

use std::thread;
use std::time::Duration;

use backtrack::{parallel, Cancel, Limits, ParallelLimits, Search, SplitDepth, StopReason};
use backtrack_problems::queens::Queens;

/// A tree far too big to finish: the search must be stopped.
fn huge() -> Queens {
    Queens::new(30)
}

#[test]
fn node_budget_is_exact() {
    let full = Search::new(Queens::new(8)).count_solutions();
    for budget in [0, 1, 2, 17, 100, 1000, 1024, 1025, 2056] {
        let outcome = Search::new(Queens::new(8))
            .limits(Limits::none().nodes(budget))
            .count_solutions();
        assert_eq!(outcome.stats.nodes, budget);
        assert_eq!(
            outcome.stopped,
            Some(StopReason::NodeLimit),
            "budget {budget}"
        );
        assert_eq!(outcome.found, outcome.stats.solutions);
        assert!(outcome.found <= full.found);
    }
    // A budget that covers the whole tree does not stop it.
    for budget in [2057, 2058, u64::MAX] {
        let outcome = Search::new(Queens::new(8))
            .limits(Limits::none().nodes(budget))
            .count_solutions();
        assert_eq!(outcome.stopped, None, "budget {budget}");
        assert_eq!(
            outcome.stats,
            Stats {
                elapsed: outcome.stats.elapsed,
                ..full.stats
            }
        );
    }
}

use backtrack::Stats;

#[test]
fn node_budget_stops_the_iterator_after_a_prefix() {
    let all: Vec<Vec<usize>> = Search::new(Queens::new(8)).collect();
    let mut search = Search::new(Queens::new(8)).limits(Limits::none().nodes(500));
    let some: Vec<Vec<usize>> = search.by_ref().collect();
    assert_eq!(search.stats().nodes, 500);
    assert_eq!(search.stopped(), Some(StopReason::NodeLimit));
    assert_eq!(some, all[..some.len()]);
    assert_eq!(search.next(), None, "fused after a stop");
}

#[test]
fn solution_budget_is_exact() {
    let all: Vec<Vec<usize>> = Search::new(Queens::new(8)).collect();
    for k in 0..=93u64 {
        let outcome = Search::new(Queens::new(8))
            .limits(Limits::none().solutions(k))
            .count_solutions();
        assert_eq!(outcome.found, k.min(92), "budget {k}");
        assert_eq!(outcome.stats.solutions, k.min(92));
        let expected = (k <= 92).then_some(StopReason::SolutionLimit);
        assert_eq!(outcome.stopped, expected, "budget {k}");

        let mut search = Search::new(Queens::new(8)).limits(Limits::none().solutions(k));
        let some: Vec<Vec<usize>> = search.by_ref().collect();
        assert_eq!(some, all[..k.min(92) as usize]);
        assert_eq!(search.stopped(), expected);
    }
}

#[test]
fn solution_budget_of_zero_finds_nothing() {
    let outcome = Search::new(Queens::new(4))
        .limits(Limits::none().solutions(0))
        .count_solutions();
    assert_eq!((outcome.found, outcome.stats.nodes), (0, 0));
    assert_eq!(outcome.stopped, Some(StopReason::SolutionLimit));
    let first = Search::new(Queens::new(4))
        .limits(Limits::none().solutions(0))
        .first();
    assert_eq!(first.found, None);
}

#[test]
fn limits_set_between_solutions_apply_from_there() {
    let mut search = Search::new(Queens::new(8));
    let first_three: Vec<Vec<usize>> = search.by_ref().take(3).collect();
    assert_eq!(first_three.len(), 3);
    let nodes = search.stats().nodes;
    let outcome = search
        .limits(Limits::none().nodes(nodes + 10))
        .count_solutions();
    assert_eq!(outcome.stats.nodes, nodes + 10);
    assert_eq!(outcome.stopped, Some(StopReason::NodeLimit));
}

#[test]
fn time_limit_stops_a_huge_search() {
    let outcome = Search::new(huge())
        .limits(Limits::none().time(Duration::from_millis(50)))
        .count_solutions();
    assert_eq!(outcome.stopped, Some(StopReason::TimeLimit));
    assert_eq!(outcome.found, outcome.stats.solutions);
    assert!(outcome.stats.nodes > 0);
}

#[test]
fn time_limit_stops_the_iterator() {
    let mut search = Search::new(huge()).limits(Limits::none().time(Duration::from_millis(50)));
    let found = search.by_ref().count() as u64;
    assert_eq!(search.stopped(), Some(StopReason::TimeLimit));
    assert_eq!(found, search.stats().solutions);
}

#[test]
fn time_limit_counts_the_time_between_solutions() {
    // Each solution takes the caller 40 ms: a limit of 100 ms allows about three, however
    // little of that time the search itself runs.
    let limit = Duration::from_millis(100);
    let mut search = Search::new(Queens::new(8)).limits(Limits::none().time(limit));
    let mut taken = 0;
    while search.next().is_some() {
        taken += 1;
        thread::sleep(Duration::from_millis(40));
    }
    assert_eq!(search.stopped(), Some(StopReason::TimeLimit));
    // About three; one on a machine so loaded that a sleep of 40 ms takes 100; never
    // the 92 a clock counting only the search's own time would allow.
    assert!((1..=4).contains(&taken), "{taken} solutions");
    assert!(
        search.stats().elapsed < limit,
        "{:?}",
        search.stats().elapsed
    );
}
/// A flag, and the thread that sets it after `delay`.
fn cancel_in(delay: Duration) -> (Cancel, thread::JoinHandle<()>) {
    let cancel = Cancel::new();
    let flag = cancel.clone();
    let canceller = thread::spawn(move || {
        thread::sleep(delay);
        flag.cancel();
    });
    (cancel, canceller)
}

#[test]
fn cancellation_from_another_thread() {
    let (cancel, canceller) = cancel_in(Duration::from_millis(30));
    let outcome = Search::new(huge())
        .limits(Limits::none().cancel(cancel))
        .count_solutions();
    canceller.join().expect("the canceller does not panic");
    assert_eq!(outcome.stopped, Some(StopReason::Cancelled));
    assert_eq!(outcome.found, outcome.stats.solutions);
}

#[test]
fn cancelled_before_start() {
    let cancel = Cancel::new();
    cancel.cancel();
    let outcome = Search::new(Queens::new(8))
        .limits(Limits::none().cancel(cancel.clone()))
        .count_solutions();
    assert_eq!(outcome.stopped, Some(StopReason::Cancelled));
    assert_eq!((outcome.found, outcome.stats.nodes), (0, 0));

    let mut search = Search::new(Queens::new(8)).limits(Limits::none().cancel(cancel.clone()));
    assert_eq!(search.next(), None);
    assert_eq!(search.stopped(), Some(StopReason::Cancelled));

    let outcome = parallel::count(
        &Queens::new(8),
        SplitDepth(2),
        &ParallelLimits::none().cancel(cancel),
    );
    assert_eq!(outcome.stopped, Some(StopReason::Cancelled));
    assert_eq!(outcome.found, 0);
}

#[test]
fn parallel_count_stops_on_time_and_cancellation() {
    let outcome = parallel::count(
        &huge(),
        SplitDepth(2),
        &ParallelLimits::none().time(Duration::from_millis(50)),
    );
    assert_eq!(outcome.stopped, Some(StopReason::TimeLimit));
    assert_eq!(outcome.found, outcome.stats.solutions);

    let (cancel, canceller) = cancel_in(Duration::from_millis(30));
    let outcome = parallel::count(
        &huge(),
        SplitDepth(2),
        &ParallelLimits::none().cancel(cancel),
    );
    canceller.join().expect("the canceller does not panic");
    assert_eq!(outcome.stopped, Some(StopReason::Cancelled));
    assert_eq!(outcome.found, outcome.stats.solutions);
}

#[test]
fn parallel_count_matches_on_queens() {
    for n in 1..=8 {
        let serial = Search::new(Queens::new(n)).count_solutions();
        for split in 0..=n + 1 {
            let parallel =
                parallel::count(&Queens::new(n), SplitDepth(split), &ParallelLimits::none());
            assert_eq!(parallel.found, serial.found, "{n}-queens split at {split}");
            assert_eq!(
                parallel.stats,
                Stats {
                    elapsed: parallel.stats.elapsed,
                    ..serial.stats
                },
                "{n}-queens split at {split}"
            );
        }
    }
}

/// A node with an enormous search range, every operator of which is refused.
struct Barren;

impl backtrack::Problem for Barren {
    type Op = u64;
    type Ops = std::ops::Range<u64>;
    type Solution = ();

    fn operators(&self) -> Self::Ops {
        0..10_000_000
    }
    fn admissible(&self, _: u64) -> bool {
        false
    }
    fn apply(&mut self, _: u64) {}
    fn undo(&mut self, _: u64) {}
    fn is_complete(&self) -> bool {
        false
    }
    fn solution(&self) {}
}

#[test]
fn cancellation_is_seen_while_only_rejecting() {
    // No node is entered after the root, yet the flag must still be looked at.
    let cancel = Cancel::new();
    let flag = cancel.clone();
    let outcome = Search::new(Barren)
        .limits(Limits::none().cancel(cancel))
        .observer(backtrack::observer::from_fn(move |_: &Barren, _| {
            flag.cancel();
            backtrack::Control::Continue
        }))
        .count_solutions();
    assert_eq!(outcome.stopped, Some(StopReason::Cancelled));
    assert_eq!(outcome.stats.nodes, 1);
    assert!(
        outcome.stats.rejections < 10_000_000,
        "the flag was looked at"
    );
}

/// A cancellation that lands between two subtrees (here: set as the first one is merged,
/// on one thread) stops the next subtree before it enters its root. Its node count, 0,
/// once had the root subtracted from it: an overflow panic in debug builds, a wrapped node
/// count in release.
#[test]
fn parallel_count_cancelled_between_subtrees_keeps_its_node_count() {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let cancel = Cancel::new();
    let limits = ParallelLimits::none().cancel(cancel.clone());
    let (outcome, ()) = pool.install(|| {
        parallel::count_observed(
            &Queens::new(8),
            SplitDepth(2),
            &limits,
            (),
            |_| (),
            |(), ()| cancel.cancel(),
        )
    });
    assert_eq!(outcome.stopped, Some(StopReason::Cancelled));
    let serial = Search::new(Queens::new(8)).count_solutions();
    assert!(
        outcome.stats.nodes > 1 && outcome.stats.nodes < serial.stats.nodes,
        "{} nodes",
        outcome.stats.nodes
    );
}

/// A chain of nodes that each take 2 ms.
struct Slow;

impl backtrack::Problem for Slow {
    type Op = ();
    type Ops = std::iter::Once<()>;
    type Solution = ();

    fn operators(&self) -> Self::Ops {
        std::iter::once(())
    }
    fn apply(&mut self, (): ()) {
        thread::sleep(Duration::from_millis(2));
    }
    fn undo(&mut self, (): ()) {}
    fn is_complete(&self) -> bool {
        false
    }
    fn solution(&self) {}
}

/// The clock is looked at as often as the cost of a node allows: with 2 ms nodes a 20 ms
/// limit stops after about ten nodes, not after a fixed thousand of them (2 s).
#[test]
fn slow_nodes_still_stop_at_the_time_limit_promptly() {
    let outcome = Search::new(Slow)
        .limits(Limits::none().time(Duration::from_millis(20)))
        .count_solutions();
    assert_eq!(outcome.stopped, Some(StopReason::TimeLimit));
    assert!(outcome.stats.nodes < 50, "{} nodes", outcome.stats.nodes);
}

#[test]
fn a_search_stopped_before_its_root_goes_on_from_the_start() {
    let whole = Search::new(Queens::new(6)).count_solutions();
    let cancel = Cancel::new();
    cancel.cancel();
    for limits in [
        Limits::none().nodes(0),
        Limits::none().time(Duration::ZERO),
        Limits::none().solutions(0),
        Limits::none().cancel(cancel),
    ] {
        let mut search = Search::new(Queens::new(6)).limits(limits);
        assert_eq!(search.count_more(), 0);
        assert!(search.stopped().is_some());
        search = search.limits(Limits::none());
        assert_eq!(search.count_more(), whole.found);
        assert_eq!(search.stats().nodes, whole.stats.nodes);
        let mut again = Search::new(Queens::new(6)).limits(Limits::none().nodes(0));
        assert_eq!(again.next(), None);
        again = again.limits(Limits::none());
        assert_eq!(again.count(), whole.found as usize);
    }
}
