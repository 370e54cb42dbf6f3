//! Subproblems: a tree split, counted in pieces anywhere, adds up to the whole; paths are
//! checked when replayed; parts are dealt by weight.

use backtrack::split::{self, assign, ReplayError, Share, Subproblem};
use backtrack::{parallel, Limits, Observer, ParallelLimits, Problem, Search, SplitDepth};
use proptest::prelude::*;

use crate::common::{tables, Reference, TableProblem};

proptest! {
    /// Every subproblem replayed from its path of indices and counted by itself, plus the
    /// solutions above the split, is the count; the nodes add up too.
    #[test]
    fn subproblems_counted_apart_add_up_to_the_count(tables in tables(), depth in 0usize..4) {
        let reference = Reference::of(&tables);
        let root = TableProblem::new(tables);
        let tree = split::split(&root, depth, Limits::none());
        prop_assert!(tree.subproblems.iter().all(|sub| sub.depth() == depth));
        let mut found = tree.above.found;
        let mut nodes = tree.above.stats.nodes;
        for (sub, ops) in tree.subproblems.iter().zip(&tree.ops) {
            let (state, replayed) = sub.replay_ops(&root).unwrap();
            prop_assert_eq!(&replayed, ops);
            prop_assert_eq!(&state.path, ops);
            let outcome = Search::new(state).count_solutions();
            found += outcome.found;
            nodes += outcome.stats.nodes - 1;
        }
        prop_assert_eq!(found, reference.solutions.len() as u64);
        prop_assert_eq!(nodes, reference.nodes);
    }

    /// The shares of a count, for any number of parts, cover the tree once: their counts
    /// and nodes add up to the whole, and they agree on the split.
    #[test]
    fn shares_add_up_to_the_count(tables in tables(), parts in 1usize..6) {
        let reference = Reference::of(&tables);
        let root = TableProblem::new(tables);
        let none = ParallelLimits::none();
        let (mut found, mut nodes, mut counted) = (0, 0, 0);
        let mut layouts = Vec::new();
        for part in 1..=parts {
            let share = Share::new(part, parts).unwrap();
            let (outcome, (), layout) =
                parallel::count_share_observed(&root, SplitDepth(1), share, &none, |_| (), |(), ()| {});
            prop_assert_eq!(outcome.stopped, None);
            found += outcome.found;
            nodes += outcome.stats.nodes;
            counted += layout.counted;
            layouts.push((layout.depth, layout.subproblems));
        }
        prop_assert_eq!(found, reference.solutions.len() as u64);
        prop_assert_eq!(nodes, reference.nodes);
        layouts.dedup();
        prop_assert_eq!(layouts.len(), 1);
        prop_assert_eq!(counted, layouts[0].1);
    }

    /// Each part's load is within the heaviest item of the least loaded part's.
    #[test]
    fn assign_balances_by_weight(weights in prop::collection::vec(0.0f64..100.0, 0..60), parts in 1usize..8) {
        let dealt = assign(&weights, parts);
        prop_assert_eq!(dealt.len(), weights.len());
        let mut loads = vec![0.0; parts];
        for (w, &p) in weights.iter().zip(&dealt) {
            prop_assert!(p < parts);
            loads[p] += w;
        }
        let heaviest = weights.iter().copied().fold(0.0, f64::max);
        let least = loads.iter().copied().fold(f64::INFINITY, f64::min);
        let most = loads.iter().copied().fold(0.0, f64::max);
        prop_assert!(most - least <= heaviest + 1e-9, "{loads:?}");
        prop_assert_eq!(dealt, assign(&weights, parts));
    }
}

#[test]
fn split_at_least_deepens_until_there_are_enough_subproblems() {
    let tables = crate::common::Tables {
        depth: 6,
        branching: 3,
        admissible: vec![true; crate::common::Tables::size(6, 3)],
        goal: vec![false; crate::common::Tables::size(6, 3)],
        value: vec![0; crate::common::Tables::size(6, 3)],
        slack: vec![0; crate::common::Tables::size(6, 3)],
    };
    let root = TableProblem::new(std::sync::Arc::new(tables));
    let (tree, ()) = split::split_at_least(&root, 1, 20, &Limits::none(), || ());
    assert_eq!((tree.depth, tree.len()), (3, 27));
    // A tree shallower than asked is split where it ends: its leaves.
    let (tree, ()) = split::split_at_least(&root, 1, 10_000, &Limits::none(), || ());
    assert_eq!((tree.depth, tree.len()), (6, 729));
}

/// A split that cannot go deeper than the tree's leaves does not show its observer the
/// leaves as solutions above a deeper split (an observer that works at each solution, as a
/// count by half boards does, would do the whole count there).
#[test]
fn split_at_least_shows_its_observer_no_solution_below_where_the_tree_ends() {
    #[derive(Default)]
    struct Solutions(u64);
    impl Observer<Words> for Solutions {
        fn solution(&mut self, _: &Words, _: usize) {
            self.0 += 1;
        }
    }
    let root = Words {
        letters: 3,
        len: 4,
        word: vec![],
    };
    let mut made = 0;
    let (tree, watcher) = split::split_at_least(&root, 1, 1000, &Limits::none(), || {
        made += 1;
        Solutions::default()
    });
    assert_eq!((tree.depth, tree.len()), (4, 81));
    assert_eq!(watcher.0, 0);
    // Observers for depths 1 to 4; none for a search past the leaves.
    assert_eq!(made, 4);
}

/// Strings of `len` letters over an alphabet of `letters`.
#[derive(Clone)]
struct Words {
    letters: u32,
    len: usize,
    word: Vec<u32>,
}

impl Problem for Words {
    type Op = u32;
    type Ops = std::ops::Range<u32>;
    type Solution = ();
    fn operators(&self) -> Self::Ops {
        0..self.letters
    }
    fn apply(&mut self, letter: u32) {
        self.word.push(letter);
    }
    fn undo(&mut self, _: u32) {
        self.word.pop();
    }
    fn is_complete(&self) -> bool {
        self.word.len() == self.len
    }
    fn solution(&self) {}
}

#[test]
fn split_at_least_does_not_deepen_to_a_level_too_wide_to_keep() {
    // 300 words of one letter, 90,000 of two: more than the most subproblems kept.
    let root = Words {
        letters: 300,
        len: 4,
        word: Vec::new(),
    };
    const { assert!(300 * 300 > split::MOST_SUBPROBLEMS) };
    let (tree, ()) = split::split_at_least(&root, 1, 1_000_000, &Limits::none(), || ());
    assert_eq!((tree.depth, tree.len()), (1, 300));
    // Asked for that depth, it splits there all the same.
    let (tree, ()) = split::split_at_least(&root, 2, 1, &Limits::none(), || ());
    assert_eq!((tree.depth, tree.len()), (2, 90_000));
    // A narrower alphabet deepens as far as the cap allows: 200^2 = 40,000 fits.
    let root = Words {
        letters: 200,
        len: 4,
        word: Vec::new(),
    };
    let (tree, ()) = split::split_at_least(&root, 1, 1_000_000, &Limits::none(), || ());
    assert_eq!((tree.depth, tree.len()), (2, 40_000));
}

#[test]
fn a_share_splits_as_deep_as_its_parts_need_however_wide() {
    // 1000 parts want 64,000 subproblems: 1,681 words of two letters are too few, and
    // the 68,921 of three are wider than a plain split deepens to.
    let root = Words {
        letters: 41,
        len: 3,
        word: Vec::new(),
    };
    const { assert!(41 * 41 * 41 > split::MOST_SUBPROBLEMS) };
    let (tree, ()) = split::split_at_least(&root, 1, 64_000, &Limits::none(), || ());
    assert_eq!(tree.depth, 2);
    let share = Share::new(1, 1000).unwrap();
    let none = ParallelLimits::none();
    let (outcome, (), layout) =
        parallel::count_share_observed(&root, SplitDepth(1), share, &none, |_| (), |(), ()| {});
    assert_eq!((layout.depth, layout.subproblems), (3, 68_921));
    assert!(
        outcome.found >= 64 && outcome.found < 1000,
        "{}",
        outcome.found
    );
}

#[test]
fn a_path_that_is_not_the_trees_is_refused_where_it_goes_wrong() {
    let tables = crate::common::Tables {
        depth: 2,
        branching: 2,
        admissible: vec![true, true, false, true, true, true, true],
        goal: vec![false; 7],
        value: vec![0; 7],
        slack: vec![0; 7],
    };
    let root = TableProblem::new(std::sync::Arc::new(tables));
    let at = |path: &[usize]| {
        Subproblem {
            path: path.to_vec(),
        }
        .replay(&root)
        .map(|p| p.path)
    };
    assert_eq!(at(&[0, 1]), Ok(vec![0, 1]));
    assert_eq!(
        at(&[2]),
        Err(ReplayError::OutOfRange {
            depth: 0,
            index: 2,
            len: 2
        })
    );
    assert_eq!(at(&[1]), Err(ReplayError::Refused { depth: 0, index: 1 }));
    assert_eq!(at(&[0, 0, 0]), Err(ReplayError::PastLeaf { depth: 2 }));
    assert_eq!(Subproblem::root().replay(&root).map(|p| p.path), Ok(vec![]));
    let json = serde_json::to_string(&Subproblem { path: vec![3, 1] }).unwrap();
    assert_eq!(json, r#"{"path":[3,1]}"#);
    assert_eq!(Share::new(0, 3), None);
    assert_eq!(Share::new(4, 3), None);
}
