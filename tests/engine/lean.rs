//! A count watched by an observer of solutions only, with no node or solution budget,
//! gives the count and statistics of one watched by an observer of every event, by value
//! and in place, whole or stopped, and looks at its limits as often.

use std::time::Duration;

use backtrack::observer::{OnSolution, Solutions};
use backtrack::progress::Meter;
use backtrack::{ByValue, Cancel, Limits, Observer, Outcome, Problem, Search, StopReason};
use backtrack_problems::queens::{BitState, Mask, Queens};
use proptest::prelude::*;

use crate::common::{counts, tables, TableProblem, Tables, ValueTable};

/// Every solution's path and depth, as an observer of solutions only (`LEAN`, watching
/// as a [`Solutions`]), which the lean count may run with, or as one the general kernel
/// must run with.
struct Seen<const LEAN: bool>(Vec<(Vec<u8>, usize)>);

impl<'a, const LEAN: bool> OnSolution<ValueTable<'a>> for Seen<LEAN> {
    fn on_solution(&mut self, problem: &ValueTable<'a>, depth: usize) {
        self.0.push((problem.path(), depth));
    }
}

impl<'a, const LEAN: bool> Observer<ValueTable<'a>> for Seen<LEAN> {
    fn solution(&mut self, problem: &ValueTable<'a>, depth: usize) {
        self.on_solution(problem, depth);
    }
}

proptest! {
    #[test]
    fn an_observer_of_solutions_sees_the_same_in_the_lean_count(tables in tables()) {
        let mut lean = Seen::<true>(Vec::new());
        let fast = Search::new(ValueTable::new(&tables)).observer(Solutions(&mut lean)).count_solutions();
        let mut general = Seen::<false>(Vec::new());
        let reference = Search::new(ValueTable::new(&tables)).observer(&mut general).count_solutions();
        prop_assert_eq!(&lean.0, &general.0);
        prop_assert_eq!(fast.found, lean.0.len() as u64);
        prop_assert_eq!(counts(&fast.stats), counts(&reference.stats));
    }
}

/// An observer of solutions only (or not, `LEAN`) that sets a flag at its `after`-th
/// solution, of any problem; each solution `depth` deep, when that is given.
struct FlagAt<const LEAN: bool> {
    cancel: Cancel,
    after: u64,
    seen: u64,
    depth: Option<usize>,
}

impl<P: Problem, const LEAN: bool> Observer<P> for FlagAt<LEAN> {
    fn solution(&mut self, problem: &P, depth: usize) {
        self.on_solution(problem, depth);
    }
}

impl<P: Problem, const LEAN: bool> OnSolution<P> for FlagAt<LEAN> {
    fn on_solution(&mut self, _: &P, depth: usize) {
        if let Some(expected) = self.depth {
            assert_eq!(depth, expected, "the depth of every solution");
        }
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
    let mut observer = FlagAt::<true> {
        cancel: cancel.clone(),
        after: 1000,
        seen: 0,
        depth: Some(30),
    };
    let outcome = Search::new(BitState::<u32>::new(30))
        .observer(Solutions(&mut observer))
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

/// [`Seen`] for the table problem searched in place.
struct SeenInPlace<const LEAN: bool>(Vec<(Vec<u8>, usize)>);

impl<const LEAN: bool> Observer<&mut TableProblem> for SeenInPlace<LEAN> {
    fn solution(&mut self, problem: &&mut TableProblem, depth: usize) {
        self.on_solution(problem, depth);
    }
}

impl<const LEAN: bool> OnSolution<&mut TableProblem> for SeenInPlace<LEAN> {
    fn on_solution(&mut self, problem: &&mut TableProblem, depth: usize) {
        self.0.push((problem.path.clone(), depth));
    }
}

proptest! {
    #[test]
    fn the_lean_count_in_place_agrees_with_the_general_kernel(tables in tables()) {
        let mut problem = TableProblem::new(tables.clone());
        let mut lean = SeenInPlace::<true>(Vec::new());
        let fast = Search::new(&mut problem).observer(Solutions(&mut lean)).count_solutions();
        // Lent to the search, the problem is given back at the root.
        prop_assert!(problem.path.is_empty());
        prop_assert_eq!(problem.node, 0);
        let mut general = SeenInPlace::<false>(Vec::new());
        let mut lent = TableProblem::new(tables.clone());
        let reference = Search::new(&mut lent)
            .observer(&mut general)
            .count_solutions();
        prop_assert_eq!(&lean.0, &general.0);
        prop_assert_eq!(fast.found, lean.0.len() as u64);
        prop_assert_eq!(counts(&fast.stats), counts(&reference.stats));
    }
}

/// An observer of solutions only that sets a flag at its `after`-th solution of the
/// textbook 12-queens.
struct CancelQueensAfter {
    cancel: Cancel,
    after: u64,
    seen: u64,
}

impl OnSolution<&mut Queens> for CancelQueensAfter {
    fn on_solution(&mut self, problem: &&mut Queens, depth: usize) {
        assert_eq!((problem.placed().len(), depth), (12, 12));
        self.seen += 1;
        if self.seen == self.after {
            self.cancel.cancel();
        }
    }
}

#[test]
fn the_lean_count_in_place_stops_at_the_root() {
    let cancel = Cancel::new();
    let mut observer = CancelQueensAfter {
        cancel: cancel.clone(),
        after: 100,
        seen: 0,
    };
    // 12-queens has 14,200 solutions; the flag is seen long before the end.
    let mut queens = Queens::new(12);
    let outcome = Search::new(&mut queens)
        .observer(Solutions(&mut observer))
        .limits(Limits::none().cancel(cancel))
        .count_solutions();
    assert_eq!(outcome.stopped, Some(StopReason::Cancelled));
    assert!(outcome.found >= 100 && outcome.found < 14_200);
    assert_eq!(outcome.found, observer.seen);
    assert_eq!(outcome.stats.max_depth, 12);
    assert!(outcome.stats.rejections > outcome.stats.nodes);
    assert!(queens.placed().is_empty(), "every queen taken back");

    let mut queens = Queens::new(30);
    let outcome = Search::new(&mut queens)
        .limits(Limits::none().time(Duration::from_millis(20)))
        .count_solutions();
    assert_eq!(outcome.stopped, Some(StopReason::TimeLimit));
    assert!(queens.placed().is_empty(), "every queen taken back");
}

/// Counts `problem` with a flag set at its first solution, by the lean kernel or the
/// general one.
fn stopped_at_first<P: Problem, const LEAN: bool>(problem: P) -> Outcome<u64> {
    let cancel = Cancel::new();
    let observer = FlagAt::<LEAN> {
        cancel: cancel.clone(),
        after: 1,
        seen: 0,
        depth: None,
    };
    let search = Search::new(problem).limits(Limits::none().cancel(cancel));
    if LEAN {
        search.observer(Solutions(observer)).count_solutions()
    } else {
        search.observer(observer).count_solutions()
    }
}

#[test]
fn a_count_stopped_while_fetching_ahead_has_its_leaves_deepest_node() {
    // The root's children 0, 1 and 3 are solutions, 2 is refused: the first refusal is
    // looked at right after the first solution, and the flag is up.
    let tables = Tables {
        depth: 1,
        branching: 4,
        admissible: vec![true, true, true, false, true],
        goal: vec![false; 5],
        value: vec![0; 5],
        slack: vec![0; 5],
    };
    let lean = stopped_at_first::<_, true>(ValueTable::new(&tables));
    let general = stopped_at_first::<_, false>(ValueTable::new(&tables));
    for outcome in [&lean, &general] {
        assert_eq!(outcome.stopped, Some(StopReason::Cancelled));
        let stats = &outcome.stats;
        assert_eq!((stats.nodes, stats.solutions, stats.max_depth), (2, 1, 1));
    }
}

/// A root with `width` children, each a solution, by value.
#[derive(Clone, Copy)]
struct Flat {
    width: u64,
    depth: u8,
}

impl Problem for Flat {
    type Op = u64;
    type Ops = std::ops::Range<u64>;
    type Solution = ();

    fn operators(&self) -> Self::Ops {
        0..self.width
    }
    fn apply(&mut self, _: u64) {
        self.depth += 1;
    }
    fn undo(&mut self, _: u64) {
        self.depth -= 1;
    }
    fn is_complete(&self) -> bool {
        self.depth == 1
    }
    fn solution(&self) {}
    const BY_VALUE: Option<ByValue<Self>> = Some(ByValue::COPY);
}

#[test]
fn a_count_of_leaves_alone_looks_at_its_limits() {
    // A hundred million solutions, and the flag up at the first.
    let outcome = stopped_at_first::<_, true>(Flat {
        width: 100_000_000,
        depth: 0,
    });
    assert_eq!(outcome.stopped, Some(StopReason::Cancelled));
    assert!(outcome.found < 1_000_000, "{} solutions", outcome.found);
    assert_eq!(outcome.stats.nodes, outcome.found + 1);

    let meter = Meter::new();
    let outcome = Search::new(Flat {
        width: 100_000_000,
        depth: 0,
    })
    .limits(
        Limits::none()
            .time(Duration::from_millis(10))
            .meter(meter.clone()),
    )
    .count_solutions();
    assert_eq!(outcome.stopped, Some(StopReason::TimeLimit));
    assert_eq!(meter.read().nodes, outcome.stats.nodes);
}
