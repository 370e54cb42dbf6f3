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
