//! Observers steer the search: `Halt` ends it, `Prune` cuts a subtree; composed observers
//! both see everything.

use backtrack::observer::{from_fn, Event};
use backtrack::{Control, Observer, Search, StopReason};
use backtrack_problems::queens::Queens;

#[test]
fn observer_stop_ends_the_search_at_once() {
    for k in [1, 2, 17, 500] {
        let mut entered = 0;
        let outcome = Search::new(Queens::new(8))
            .observer(from_fn(|_: &Queens, event| {
                if let Event::Enter { .. } = event {
                    entered += 1;
                    if entered == k {
                        return Control::Halt;
                    }
                }
                Control::Continue
            }))
            .count_solutions();
        // The node the observer stopped at is not entered.
        assert_eq!(outcome.stats.nodes, k - 1);
        assert_eq!(outcome.stopped, Some(StopReason::Observer));
        assert_eq!(outcome.found, outcome.stats.solutions);
    }
}

#[test]
fn observer_stop_leaves_the_problem_at_the_root() {
    let stop_at_depth_5 = from_fn(|_: &Queens, event| match event {
        Event::Enter { depth: 5, .. } => Control::Halt,
        _ => Control::Continue,
    });
    let mut search = Search::new(Queens::new(8)).observer(stop_at_depth_5);
    assert_eq!(search.next(), None);
    assert_eq!(search.stopped(), Some(StopReason::Observer));
    assert!(search.problem().placed().is_empty());
}

#[test]
fn observer_prune_cuts_the_subtree() {
    // Prune the queen in the corner: the solutions left are those not starting there.
    let all: Vec<Vec<usize>> = Search::new(Queens::new(8)).collect();
    let mut search =
        Search::new(Queens::new(8)).observer(from_fn(|_: &Queens, event| match event {
            Event::Enter {
                depth: 1,
                op: Some(0),
            } => Control::Prune,
            _ => Control::Continue,
        }));
    let some: Vec<Vec<usize>> = search.by_ref().collect();
    let expected: Vec<Vec<usize>> = all.into_iter().filter(|s| s[0] != 0).collect();
    assert_eq!(some, expected);
    assert_eq!(search.stopped(), None);
}

#[test]
fn observer_prune_at_the_root_leaves_one_node() {
    let outcome = Search::new(Queens::new(8))
        .observer(from_fn(|_: &Queens, _| Control::Prune))
        .count_solutions();
    assert_eq!((outcome.found, outcome.stats.nodes), (0, 1));
    assert_eq!(outcome.stopped, None);
}

/// Counts events; a plain struct observer.
#[derive(Default, Debug)]
struct Counter {
    enters: u64,
    backtracks: u64,
    rejects: u64,
}

impl<P: backtrack::Problem> Observer<P> for Counter {
    fn enter(&mut self, _: &P, _: usize, _: Option<P::Op>) -> Control {
        self.enters += 1;
        Control::Continue
    }
    fn reject(&mut self, _: &P, _: usize, _: P::Op) {
        self.rejects += 1;
    }
    fn backtrack(&mut self, _: &P, _: usize) {
        self.backtracks += 1;
    }
}

#[test]
fn borrowed_and_paired_observers_see_every_event() {
    let (mut a, mut b) = (Counter::default(), Counter::default());
    let outcome = Search::new(Queens::new(6))
        .observer((&mut a, &mut b))
        .count_solutions();
    for counter in [&a, &b] {
        assert_eq!(counter.enters, outcome.stats.nodes);
        assert_eq!(counter.backtracks, outcome.stats.nodes);
        assert_eq!(counter.rejects, outcome.stats.rejections);
    }
}

#[test]
fn paired_observers_stop_wins_over_prune() {
    let prune = from_fn(|_: &Queens, _| Control::Prune);
    let stop = from_fn(|_: &Queens, _| Control::Halt);
    let outcome = Search::new(Queens::new(4))
        .observer((prune, stop))
        .count_solutions();
    assert_eq!(outcome.stopped, Some(StopReason::Observer));
    // Stopped at the root, before entering it.
    assert_eq!(outcome.stats.nodes, 0);
}

#[test]
fn a_stopped_search_tells_its_observer_why_once() {
    let mut stops = Vec::new();
    let outcome = Search::new(Queens::new(8))
        .limits(backtrack::Limits::none().nodes(100))
        .observer(from_fn(|_: &Queens, event| {
            if let Event::Stop { reason } = event {
                stops.push(reason);
            }
            Control::Continue
        }))
        .count_solutions();
    assert_eq!(outcome.stopped, Some(StopReason::NodeLimit));
    assert_eq!(stops, [StopReason::NodeLimit]);

    let mut stops = 0;
    Search::new(Queens::new(6))
        .observer(from_fn(|_: &Queens, event| {
            stops += u32::from(matches!(event, Event::Stop { .. }));
            Control::Continue
        }))
        .count_solutions();
    assert_eq!(stops, 0, "a search that runs to its end does not stop");
}
