//! A problem searched by value walks exactly the tree it would walk in place: the same
//! solutions in the same order, the same statistics, the same events on the same states.

use backtrack::observer::{from_fn, Event};
use backtrack::{parallel, Control, Limits, ParallelLimits, Search, SplitDepth};
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
        let parallel = parallel::count(&ValueTable::new(&tables), SplitDepth(split), &ParallelLimits::none());
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
