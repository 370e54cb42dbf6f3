//! Depth is no problem: the engine's stack is on the heap.

use backtrack::Search;

use crate::common::Chain;

#[test]
fn no_stack_overflow_a_million_levels_deep() {
    let length = 1_000_000;
    let mut search = Search::new(Chain::new(length));
    assert_eq!(search.next(), Some(length));
    assert_eq!(search.next(), None);
    let stats = *search.stats();
    assert_eq!(stats.nodes, length as u64 + 1);
    assert_eq!((stats.solutions, stats.dead_ends), (1, 0));
    assert_eq!(stats.max_depth, length);
    let (chain, ()) = search.into_parts();
    assert_eq!(chain.depth, 0, "every level undone");
}

#[test]
fn no_stack_overflow_when_stopped_deep_down() {
    // Stopped by the node budget half-way down, the search unwinds a half-million levels.
    let outcome = Search::new(Chain::new(1_000_000))
        .limits(backtrack::Limits::none().nodes(500_000))
        .count_solutions();
    assert_eq!(outcome.stats.nodes, 500_000);
    assert_eq!(outcome.stopped, Some(backtrack::StopReason::NodeLimit));
}

#[test]
fn no_stack_overflow_a_million_levels_deep_by_value() {
    let length = 1_000_000;
    let mut search = Search::new(Chain::by_value(length));
    assert_eq!(search.next(), Some(length));
    assert_eq!(search.problem().depth, 0, "the root is never changed");
    assert_eq!(search.next(), None);
    assert_eq!(search.stats().max_depth, length);
}
