//! A problem searched by value walks exactly the tree it would walk in place: the same
//! solutions in the same order, the same statistics, the same events on the same states.

use std::time::Duration;

use backtrack::observer::{from_fn, Event};
use backtrack::{parallel, Cancel, Control, Limits, Observer, ParallelLimits, Search, StopReason};
use backtrack_problems::queens::{BitState, Mask};
use proptest::prelude::*;

use crate::common::{counts, tables, TableProblem, ValueTable};

proptest! {
    #[test]
    fn every_mode_agrees_with_the_search_in_place(tables in tables()) {
        let mut in_place = Search::new(TableProblem::new(tables.clone()));
        let mut by_value = Search::new(ValueTable::new(&tables));
        let expected: Vec<Vec<u8>> = in_place.by_ref().collect();
        let all: Vec<Vec<u8>> = by_value.by_ref().collect();
        prop_assert_eq!(&all, &expected);
        prop_assert_eq!(counts(by_value.stats()), counts(in_place.stats()));

        let count = Search::new(ValueTable::new(&tables)).count_solutions();
        let reference = Search::new(TableProblem::new(tables.clone())).count_solutions();
        prop_assert_eq!(count.found, reference.found);
        prop_assert_eq!(counts(&count.stats), counts(&reference.stats));

        let best = Search::new(ValueTable::new(&tables)).best();
        let reference = Search::new(TableProblem::new(tables.clone())).best();
        prop_assert_eq!(best.found, reference.found);
        prop_assert_eq!(counts(&best.stats), counts(&reference.stats));

        let first = Search::new(ValueTable::new(&tables)).first();
        prop_assert_eq!(first.found, expected.first().cloned());
    }

    #[test]
    fn the_events_and_the_states_they_show_agree(tables in tables()) {
        let mut in_place: Vec<(Event<u8>, Vec<u8>)> = Vec::new();
        Search::new(TableProblem::new(tables.clone()))
            .observer(from_fn(|p: &TableProblem, e| {
                in_place.push((e, p.path.clone()));
                Control::Continue
            }))
            .count_solutions();
        let mut by_value: Vec<(Event<u8>, Vec<u8>)> = Vec::new();
        Search::new(ValueTable::new(&tables))
            .observer(from_fn(|p: &ValueTable<'_>, e| {
                by_value.push((e, p.path()));
                Control::Continue
            }))
            .count_solutions();
        prop_assert_eq!(by_value, in_place);
    }

    #[test]
    fn limits_stop_it_at_the_same_node(tables in tables(), budget in 0u64..40, solutions in 0u64..4) {
        let limits = Limits::none().nodes(budget).solutions(solutions);
        let by_value = Search::new(ValueTable::new(&tables)).limits(limits.clone()).count_solutions();
        let in_place = Search::new(TableProblem::new(tables.clone())).limits(limits).count_solutions();
        prop_assert_eq!(by_value.found, in_place.found);
        prop_assert_eq!(counts(&by_value.stats), counts(&in_place.stats));
        prop_assert_eq!(by_value.stopped, in_place.stopped);
    }

    #[test]
    fn split_counts_agree(tables in tables(), split in 0usize..7) {
        let parallel = parallel::count(&ValueTable::new(&tables), split, &ParallelLimits::none());
        let serial = Search::new(TableProblem::new(tables.clone())).count_solutions();
        prop_assert_eq!(parallel.found, serial.found);
        prop_assert_eq!(counts(&parallel.stats), counts(&serial.stats));
    }

    #[test]
    fn a_paused_search_by_value_keeps_its_root(tables in tables(), taken in 0usize..6) {
        let mut search = Search::new(ValueTable::new(&tables));
        for _ in 0..taken {
            search.next();
            prop_assert_eq!(search.problem().depth, 0);
        }
        let (problem, ()) = search.into_parts();
        prop_assert_eq!((problem.node, problem.depth), (0, 0));
    }
}

/// Every solution's path and depth, as an observer of solutions only (`LEAN`), which the
/// lean count may run with, or as one the general kernel must run with.
struct Seen<const LEAN: bool>(Vec<(Vec<u8>, usize)>);

impl<'a, const LEAN: bool> Observer<ValueTable<'a>> for Seen<LEAN> {
    const SOLUTIONS_ONLY: bool = LEAN;

    fn solution(&mut self, problem: &ValueTable<'a>, depth: usize) {
        self.0.push((problem.path(), depth));
    }
}

proptest! {
    #[test]
    fn an_observer_of_solutions_sees_the_same_in_the_lean_count(tables in tables()) {
        let mut lean = Seen::<true>(Vec::new());
        let fast = Search::new(ValueTable::new(&tables)).observer(&mut lean).count_solutions();
        let mut general = Seen::<false>(Vec::new());
        let reference = Search::new(ValueTable::new(&tables)).observer(&mut general).count_solutions();
        prop_assert_eq!(&lean.0, &general.0);
        prop_assert_eq!(fast.found, lean.0.len() as u64);
        prop_assert_eq!(counts(&fast.stats), counts(&reference.stats));
    }
}

/// An observer of solutions only that sets a flag at its `after`-th solution.
struct CancelAfter {
    cancel: Cancel,
    after: u64,
    seen: u64,
}

impl<M: Mask> Observer<BitState<M>> for CancelAfter {
    const SOLUTIONS_ONLY: bool = true;

    fn solution(&mut self, _: &BitState<M>, depth: usize) {
        assert_eq!(depth, 30, "a solution of 30-queens is 30 deep");
        self.seen += 1;
        if self.seen == self.after {
            self.cancel.cancel();
        }
    }
}

#[test]
fn the_lean_count_stops_when_cancelled_with_its_figures_so_far() {
    // 30-queens: far too many nodes to finish.
    let cancel = Cancel::new();
    let mut observer = CancelAfter {
        cancel: cancel.clone(),
        after: 1000,
        seen: 0,
    };
    let outcome = Search::new(BitState::<u32>::new(30))
        .observer(&mut observer)
        .limits(Limits::none().cancel(cancel))
        .count_solutions();
    assert_eq!(outcome.stopped, Some(StopReason::Cancelled));
    assert!(outcome.found >= 1000);
    assert_eq!(outcome.found, observer.seen);
    assert_eq!(outcome.stats.solutions, outcome.found);
    // Every solution is a node 30 deep, and above it 30 nodes of its path at least.
    assert!(outcome.stats.nodes > outcome.found + 30);
    assert_eq!(outcome.stats.max_depth, 30);
    assert!(outcome.stats.dead_ends > 0);

    let cancel = Cancel::new();
    cancel.cancel();
    let outcome = Search::new(BitState::<u32>::new(30))
        .limits(Limits::none().cancel(cancel))
        .count_solutions();
    assert_eq!(outcome.stopped, Some(StopReason::Cancelled));
    assert_eq!((outcome.found, outcome.stats.nodes), (0, 0));

    let outcome = Search::new(BitState::<u32>::new(30))
        .limits(Limits::none().time(Duration::from_millis(30)))
        .count_solutions();
    assert_eq!(outcome.stopped, Some(StopReason::TimeLimit));
    assert!(outcome.stats.nodes > outcome.found);
}

/// Counts with the general kernel: an observer that does nothing, but does not say so.
struct Quiet;

impl<M: Mask> Observer<BitState<M>> for Quiet {}

#[test]
fn the_lean_count_of_queens_has_the_general_kernels_statistics() {
    for n in 0..=10 {
        let lean = Search::new(BitState::<u32>::new(n)).count_solutions();
        let general = Search::new(BitState::<u32>::new(n))
            .observer(Quiet)
            .count_solutions();
        assert_eq!(lean.found, general.found, "{n}-queens");
        assert_eq!(counts(&lean.stats), counts(&general.stats), "{n}-queens");
    }
}
