//! On random table problems, every mode of the engine agrees with a plain recursive walk.

use backtrack::observer::{from_fn, Event};
use backtrack::{
    parallel, Cancel, Control, Limits, ParallelLimits, Search, SplitDepth, StopReason,
};
use proptest::prelude::*;

use std::sync::Arc;

use crate::common::{
    branch_and_bound, counts, tables, Reference, TableProblem, Tables, ValueTable,
};

proptest! {
    #[test]
    fn all_solutions_in_order_with_the_same_statistics(tables in tables()) {
        let reference = Reference::of(&tables);
        let mut search = Search::new(TableProblem::new(tables));
        let all: Vec<Vec<u8>> = search.by_ref().collect();
        let expected: Vec<Vec<u8>> = reference.solutions.iter().map(|(p, _)| p.clone()).collect();
        prop_assert_eq!(&all, &expected);
        let stats = search.stats();
        prop_assert_eq!(stats.nodes, reference.nodes);
        prop_assert_eq!(stats.solutions, reference.solutions.len() as u64);
        prop_assert_eq!(stats.dead_ends, reference.dead_ends);
        prop_assert_eq!(stats.rejections, reference.rejections);
        prop_assert_eq!(stats.prunings, 0);
        prop_assert_eq!(stats.max_depth, reference.max_depth);
        prop_assert_eq!(search.stopped(), None);
        prop_assert!(search.is_done());
    }

    #[test]
    fn first_is_the_head_of_all(tables in tables()) {
        let reference = Reference::of(&tables);
        let outcome = Search::new(TableProblem::new(tables)).first();
        prop_assert_eq!(outcome.found, reference.solutions.first().map(|(p, _)| p.clone()));
        prop_assert_eq!(outcome.stopped, None);
    }

    #[test]
    fn count_is_the_length_of_all_with_the_same_statistics(tables in tables()) {
        let reference = Reference::of(&tables);
        let by_iterator = {
            let mut search = Search::new(TableProblem::new(tables.clone()));
            search.by_ref().for_each(drop);
            *search.stats()
        };
        let mut half_way = Search::new(TableProblem::new(tables.clone()));
        let taken = half_way.by_ref().take(2).count();
        prop_assert_eq!(taken + half_way.count(), reference.solutions.len());
        let outcome = Search::new(TableProblem::new(tables)).count_solutions();
        prop_assert_eq!(outcome.found, reference.solutions.len() as u64);
        prop_assert_eq!(counts(&outcome.stats), counts(&by_iterator));
        prop_assert!(outcome.is_exhaustive());
    }

    #[test]
    fn best_is_the_first_solution_of_greatest_value(tables in tables()) {
        let reference = Reference::of(&tables);
        let max = reference.solutions.iter().map(|(_, v)| *v).max();
        let expected = max.map(|max| {
            reference.solutions.iter().find(|(_, v)| *v == max).cloned().expect("max is a value")
        });
        let (bnb, leaves) = branch_and_bound(&tables);
        prop_assert_eq!(&bnb, &expected);
        let outcome = Search::new(TableProblem::new(tables)).best();
        prop_assert_eq!(&outcome.found, &expected);
        prop_assert_eq!(outcome.stats.prunings, leaves.pruned);
        prop_assert_eq!(outcome.stats.dead_ends, leaves.dead_ends);
        prop_assert_eq!(outcome.stats.bounded, leaves.bounded);
        prop_assert_eq!(outcome.stopped, None);
    }

    #[test]
    fn parallel_count_equals_count_statistics_included(tables in tables(), split in 0usize..7) {
        let serial = Search::new(TableProblem::new(tables.clone())).count_solutions();
        let parallel = parallel::count(&TableProblem::new(tables), SplitDepth(split), &ParallelLimits::none());
        prop_assert_eq!(parallel.found, serial.found);
        prop_assert_eq!(counts(&parallel.stats), counts(&serial.stats));
        prop_assert_eq!(parallel.stopped, None);
    }

    #[test]
    fn observer_events_are_well_formed(tables in tables()) {
        observer_events_agree(tables.clone(), false)?;
        observer_events_agree(tables, true)?;
    }

    /// An observer of the part above the split that prunes a node prunes the parts below it
    /// too: the split count, on the pool or in order on one thread, equals the serial one
    /// with the same observer; and a budget stops the count in order where it says.
    #[test]
    fn pruning_above_the_split_prunes_the_parts_below(
        tables in tables(),
        split in 1usize..5,
        cut in 0u8..4,
        nodes in 1u64..60,
        solutions in 0u64..6,
    ) {
        // Prunes `cut` at depth 1 when `active` (depths are relative to a part's root).
        let pruner = |active: bool| from_fn(move |_: &TableProblem, event| match event {
            Event::Enter { depth: 1, op: Some(op) } if active && op == cut => Control::Prune,
            _ => Control::Continue,
        });
        let serial = Search::new(TableProblem::new(tables.clone()))
            .observer(pruner(true))
            .count_solutions();
        let (parallel, _) = parallel::count_observed(
            &TableProblem::new(tables.clone()),
            SplitDepth(split),
            &ParallelLimits::none(),
            // Only the part from the root sees depth 1; the others start below it.
            pruner(true),
            |_: &[u8]| pruner(false),
            |_, _| {},
        );
        prop_assert_eq!(parallel.found, serial.found);
        prop_assert_eq!(counts(&parallel.stats), counts(&serial.stats));
        let in_order = |limits: &Limits| {
            parallel::count_in_order(
                &TableProblem::new(tables.clone()),
                SplitDepth(split),
                limits,
                pruner(true),
                |_: &[u8]| pruner(false),
                |_, _| {},
            )
            .0
        };
        let whole = in_order(&Limits::none());
        prop_assert_eq!(whole.found, serial.found);
        prop_assert_eq!(counts(&whole.stats), counts(&serial.stats));
        prop_assert_eq!(whole.stopped, None);
        let budgeted = in_order(&Limits::none().nodes(nodes));
        match budgeted.stopped {
            Some(StopReason::NodeLimit) => prop_assert_eq!(budgeted.stats.nodes, nodes),
            None => prop_assert_eq!(counts(&budgeted.stats), counts(&serial.stats)),
            other => prop_assert!(false, "stopped by {:?}", other),
        }
        prop_assert!(budgeted.found <= serial.found);
        let few = in_order(&Limits::none().solutions(solutions));
        prop_assert_eq!(few.found, serial.found.min(solutions));
        if few.stopped.is_none() {
            prop_assert_eq!(counts(&few.stats), counts(&serial.stats));
        }
    }

    #[test]
    fn a_search_stopped_by_budgets_goes_on_to_the_same_end(
        tables in tables(),
        steps in prop::collection::vec(0u64..40, 1..6),
    ) {
        let reference = Reference::of(&tables);
        let expected: Vec<Vec<u8>> = reference.solutions.iter().map(|(p, _)| p.clone()).collect();
        let whole = counts(&Search::new(TableProblem::new(tables.clone())).count_solutions().stats);
        // In place, listing: node budgets and solution budgets in turn, raised each time.
        let mut search = Search::new(TableProblem::new(tables.clone()));
        let mut found = Vec::new();
        let mut budget = 1;
        for (k, step) in steps.iter().enumerate() {
            budget += step;
            let limits = if k % 2 == 0 {
                Limits::none().nodes(budget)
            } else {
                Limits::none().solutions(found.len() as u64 + step % 3 + 1)
            };
            search = search.limits(limits);
            found.extend(search.by_ref());
            // Stopped, or at the end; never past it.
            prop_assert!(found.len() <= expected.len());
        }
        search = search.limits(Limits::none());
        found.extend(search.by_ref());
        prop_assert_eq!(&found, &expected);
        prop_assert_eq!(counts(search.stats()), whole);
        prop_assert_eq!(search.stopped(), None);
        let (problem, ()) = search.into_parts();
        prop_assert!(problem.path.is_empty());
        // By value, counting.
        let mut search = Search::new(ValueTable::new(&tables));
        let (mut count, mut budget) = (0, 1);
        for step in &steps {
            budget += step;
            search = search.limits(Limits::none().nodes(budget));
            count += search.count_more();
            prop_assert!(search.stats().nodes <= budget);
        }
        search = search.limits(Limits::none());
        count += search.count_more();
        prop_assert_eq!(count, expected.len() as u64);
        prop_assert_eq!(counts(search.stats()), whole);
    }

    #[test]
    fn a_search_goes_on_from_its_position_in_another_search(
        tables in tables(),
        stops in prop::collection::vec((0u64..40, any::<bool>()), 1..5),
    ) {
        let reference = Reference::of(&tables);
        let expected: Vec<Vec<u8>> = reference.solutions.iter().map(|(p, _)| p.clone()).collect();
        let whole = counts(&Search::new(TableProblem::new(tables.clone())).count_solutions().stats);
        // In place: after some solutions, or stopped by a node budget, the position goes
        // through JSON to a new search of a new problem, which goes on.
        let mut found: Vec<Vec<u8>> = Vec::new();
        let mut search = Search::new(TableProblem::new(tables.clone()));
        for (step, by_budget) in &stops {
            if *by_budget {
                let budget = search.stats().nodes + step + 1;
                search = search.limits(Limits::none().nodes(budget));
                found.extend(search.by_ref());
            } else {
                found.extend(search.by_ref().take(*step as usize % 4));
            }
            let text = serde_json::to_string(&search.position()).unwrap();
            let position: backtrack::Position = serde_json::from_str(&text).unwrap();
            search = Search::resume(TableProblem::new(tables.clone()), &position).unwrap();
        }
        found.extend(search.by_ref());
        prop_assert_eq!(&found, &expected);
        prop_assert_eq!(counts(search.stats()), whole);
        prop_assert!(search.position().done);
        // By value, counting, the same.
        let mut search = Search::new(ValueTable::new(&tables));
        let mut count = 0;
        for (step, _) in &stops {
            let budget = search.stats().nodes + step + 1;
            search = search.limits(Limits::none().nodes(budget));
            count += search.count_more();
            let position = search.position();
            search = Search::resume(ValueTable::new(&tables), &position).unwrap();
        }
        count += search.count_more();
        prop_assert_eq!(count, expected.len() as u64);
        prop_assert_eq!(counts(search.stats()), whole);
    }

    /// A branch and bound stopped by node budgets, its position through JSON and its
    /// incumbent carried to a new search each time, ends with the unstopped one's best and
    /// statistics, bounded nodes included.
    #[test]
    fn a_branch_and_bound_goes_on_from_its_position(
        tables in tables(),
        stops in prop::collection::vec(0u64..40, 1..5),
    ) {
        let whole = Search::new(TableProblem::new(tables.clone())).best();
        let mut search = Search::new(TableProblem::new(tables.clone()));
        let mut incumbent = None;
        for step in &stops {
            let budget = search.stats().nodes + step + 1;
            search = search.limits(Limits::none().nodes(budget));
            search.best_more(&mut incumbent);
            let text = serde_json::to_string(&search.position()).unwrap();
            let position: backtrack::Position = serde_json::from_str(&text).unwrap();
            search = Search::resume(TableProblem::new(tables.clone()), &position).unwrap();
        }
        search.best_more(&mut incumbent);
        prop_assert_eq!(&incumbent, &whole.found);
        prop_assert_eq!(counts(search.stats()), counts(&whole.stats));
    }

    /// A branch and bound cancelled just after a pruning (the search looks at its limits
    /// there) goes on from its position to the unstopped one's best and statistics: a node
    /// whose pruned child came before the stop is still bounded after it.
    #[test]
    fn a_branch_and_bound_cancelled_at_a_pruning_goes_on_from_its_position(
        tables in tables(),
        at in 1u64..4,
    ) {
        let whole = Search::new(TableProblem::new(tables.clone())).best();
        let cancel = Cancel::new();
        let mut prunings = 0;
        let flag = cancel.clone();
        let mut search = Search::new(TableProblem::new(tables.clone()))
            .limits(Limits::none().cancel(cancel))
            .observer(from_fn(move |_: &TableProblem, event| {
                if let Event::Prune { .. } = event {
                    prunings += 1;
                    if prunings == at {
                        flag.cancel();
                    }
                }
                Control::Continue
            }));
        let mut incumbent = None;
        search.best_more(&mut incumbent);
        let text = serde_json::to_string(&search.position()).unwrap();
        let position: backtrack::Position = serde_json::from_str(&text).unwrap();
        let mut search = Search::resume(TableProblem::new(tables.clone()), &position).unwrap();
        search.best_more(&mut incumbent);
        prop_assert_eq!(&incumbent, &whole.found);
        prop_assert_eq!(counts(search.stats()), counts(&whole.stats));
    }

    #[test]
    fn into_parts_gives_back_the_root(tables in tables(), taken in 0usize..6) {
        let mut search = Search::new(TableProblem::new(tables));
        for _ in search.by_ref().take(taken) {}
        let (problem, ()) = search.into_parts();
        prop_assert!(problem.path.is_empty());
        prop_assert_eq!(problem.node, 0);
    }

    #[test]
    fn observer_prune_cuts_exactly_the_subtrees(tables in tables(), cut in 0u8..4) {
        // Pruning every child reached by `cut` at depth 1 leaves the solutions that do not
        // start with it (and the node itself as a leaf, counted but not expanded).
        let reference = Reference::of(&tables);
        let all: Vec<Vec<u8>> = Search::new(TableProblem::new(tables.clone()))
            .observer(from_fn(|_: &TableProblem, event| match event {
                Event::Enter { depth: 1, op: Some(op) } if op == cut => Control::Prune,
                _ => Control::Continue,
            }))
            .collect();
        let expected: Vec<Vec<u8>> = reference
            .solutions
            .iter()
            .map(|(p, _)| p.clone())
            .filter(|p| p.first() != Some(&cut))
            .collect();
        prop_assert_eq!(all, expected);
    }
}

/// The events of a count (or, with `best`, a branch and bound) of `tables` are well formed and
/// add up to its statistics.
fn observer_events_agree(tables: Arc<Tables>, best: bool) -> Result<(), TestCaseError> {
    // The open nodes, as (depth, op, had a solution or dead end event).
    let mut open: Vec<(usize, Option<u8>, bool)> = Vec::new();
    let mut events = Vec::new();
    let mut problems_ok = true;
    // The operator admitted last, which the next enter or prune must be about.
    let mut admitted: Option<(usize, u8)> = None;
    let search = Search::new(TableProblem::new(tables)).observer(from_fn(
        |problem: &TableProblem, event| {
            events.push(event);
            // The state seen is the node itself, or the parent for reject and prune.
            let expected_len = match event {
                Event::Reject { depth, .. }
                | Event::Prune { depth, .. }
                | Event::Admit { depth, .. } => depth - 1,
                Event::Enter { depth, .. }
                | Event::Solution { depth }
                | Event::DeadEnd { depth }
                | Event::Bounded { depth }
                | Event::Backtrack { depth, .. } => depth,
                Event::Stop { .. } => unreachable!("the search runs to its end"),
            };
            problems_ok &= problem.path.len() == expected_len;
            match event {
                Event::Enter { depth, op } => {
                    assert_eq!(depth, open.len(), "enter at the depth below the open node");
                    assert_eq!(op.is_none(), depth == 0, "only the root has no operator");
                    if let Some(op) = op {
                        assert_eq!(admitted.take(), Some((depth, op)), "admitted, then entered");
                    }
                    open.push((depth, op, false));
                }
                Event::Admit { depth, op } => {
                    assert_eq!(depth, open.len(), "admitted child one below the open node");
                    assert_eq!(
                        admitted.replace((depth, op)),
                        None,
                        "then entered or pruned"
                    );
                }
                Event::Prune { depth, op } => {
                    assert_eq!(depth, open.len(), "pruned child one below the open node");
                    assert_eq!(admitted.take(), Some((depth, op)), "admitted, then pruned");
                }
                Event::Reject { depth, .. } => {
                    assert_eq!(depth, open.len(), "refused child one below the open node");
                }
                Event::Solution { depth } | Event::DeadEnd { depth } | Event::Bounded { depth } => {
                    let top = open.last_mut().expect("an open node");
                    assert_eq!(top.0, depth);
                    assert!(!top.2, "one solution, dead end or bounded node per node");
                    top.2 = true;
                }
                Event::Backtrack { depth } => {
                    let (d, _, _) = open.pop().expect("every backtrack matches an enter");
                    assert_eq!(d, depth);
                }
                Event::Stop { .. } => unreachable!("the search runs to its end"),
            }
            Control::Continue
        },
    ));
    let stats = if best {
        search.best().stats
    } else {
        search.count_solutions().stats
    };
    prop_assert!(problems_ok);
    prop_assert!(open.is_empty(), "every enter is matched by one backtrack");
    let count = |f: fn(&Event<u8>) -> bool| events.iter().filter(|e| f(e)).count() as u64;
    prop_assert_eq!(count(|e| matches!(e, Event::Enter { .. })), stats.nodes);
    prop_assert_eq!(count(|e| matches!(e, Event::Backtrack { .. })), stats.nodes);
    prop_assert_eq!(
        count(|e| matches!(e, Event::Solution { .. })),
        stats.solutions
    );
    prop_assert_eq!(
        count(|e| matches!(e, Event::DeadEnd { .. })),
        stats.dead_ends
    );
    prop_assert_eq!(count(|e| matches!(e, Event::Bounded { .. })), stats.bounded);
    prop_assert_eq!(count(|e| matches!(e, Event::Prune { .. })), stats.prunings);
    prop_assert_eq!(
        count(|e| matches!(e, Event::Reject { .. })),
        stats.rejections
    );
    if !best {
        prop_assert_eq!(stats.bounded, 0, "only a bound makes bounded nodes");
    }
    Ok(())
}
