//! Knuth's tree-size estimate: exact on uniform trees, close on 8-queens.

use backtrack::{estimate, Search};
use backtrack_problems::queens::Queens;

use crate::common::Chain;

#[test]
fn exact_on_a_chain() {
    let chain = Chain::new(50);
    assert!((estimate::tree_size(chain, 10, 3) - 51.0).abs() < 1e-9);
}

#[test]
fn exact_on_a_tree_where_every_probe_sees_the_same_branching() {
    // A full binary tree of height 6: every probe sees two children at every level, so
    // every probe's estimate is the exact size.
    let mut bits = crate::common::TableProblem::new(std::sync::Arc::new(crate::common::Tables {
        depth: 6,
        branching: 2,
        admissible: vec![true; 127],
        goal: vec![false; 127],
        value: vec![0; 127],
        slack: vec![0; 127],
    }));
    let nodes = Search::new(&mut bits).count_solutions().stats.nodes;
    assert_eq!(nodes, 127);
    assert!((estimate::tree_size(&mut bits, 7, 11) - 127.0).abs() < 1e-9);
    assert!(bits.path.is_empty(), "left at the root");
}

#[test]
fn close_to_the_true_size_of_the_8_queens_tree() {
    let truth = Search::new(Queens::new(8)).count_solutions().stats.nodes as f64;
    for seed in 1..=3 {
        let estimate = estimate::tree_size(Queens::new(8), 20_000, seed);
        assert!(
            (estimate - truth).abs() < 0.05 * truth,
            "seed {seed}: {estimate} vs {truth}"
        );
    }
}

#[test]
fn no_probes_no_estimate() {
    assert!(estimate::tree_size(Queens::new(8), 0, 1).abs() < f64::EPSILON);
}

#[test]
fn the_interval_holds_the_true_size_and_count_of_queens_trees_for_most_seeds() {
    use backtrack_problems::queens::BitState;
    // A fixed set of seeds: the test is deterministic. A 95% interval misses now and then
    // by design; a wrong spread (too narrow, or not centred on the truth) misses often.
    let seeds = 1..=12u64;
    for n in 8..=12 {
        let truth = Search::new(BitState::<u32>::new(n)).count_solutions();
        let (nodes, solutions) = (truth.stats.nodes as f64, truth.found as f64);
        let (mut nodes_in, mut solutions_in) = (0, 0);
        for seed in seeds.clone() {
            let guess = estimate::estimate(BitState::<u32>::new(n), 2_000, seed);
            let (low, high) = guess.nodes.interval(1.0);
            nodes_in += usize::from(low <= nodes && nodes <= high);
            let (low, high) = guess.solutions.interval(0.0);
            solutions_in += usize::from(low <= solutions && solutions <= high);
            // Not a degenerate interval that holds everything.
            assert!(
                high < 10.0 * solutions.max(1.0),
                "n = {n}, seed {seed}: {guess:?}"
            );
        }
        assert!(
            nodes_in >= 9,
            "n = {n}: nodes within {nodes_in} of 12 intervals"
        );
        assert!(
            solutions_in >= 9,
            "n = {n}: solutions within {solutions_in} of 12 intervals"
        );
    }
}

#[test]
fn an_observer_that_prunes_makes_leaves_as_in_the_search() {
    use backtrack::{Control, Observer};
    use backtrack_problems::queens::BitState;
    /// Prunes every node at depth 2: the tree is the root, its n children and their
    /// children, every probe sees the same branching only at the root.
    struct Shallow;
    impl Observer<BitState<u32>> for Shallow {
        fn enter(&mut self, _: &BitState<u32>, depth: usize, _: Option<u32>) -> Control {
            if depth == 2 {
                Control::Prune
            } else {
                Control::Continue
            }
        }
    }
    let truth = Search::new(BitState::<u32>::new(8))
        .observer(Shallow)
        .count_solutions();
    let guess = estimate::estimate_observed(BitState::<u32>::new(8), Shallow, 5_000, 3, None);
    let (low, high) = guess.nodes.interval(1.0);
    let nodes = truth.stats.nodes as f64;
    assert!(low <= nodes && nodes <= high, "{guess:?} against {nodes}");
    assert!(high < 1.5 * nodes);
    assert!(
        guess.solutions.mean.abs() < f64::EPSILON,
        "no probe reaches a solution"
    );
}
