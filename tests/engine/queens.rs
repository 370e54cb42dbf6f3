//! The engine on the textbook N-Queens: counts and solution-tree sizes.

use backtrack::Search;
use backtrack_problems::queens::Queens;

/// OEIS A000170: the number of ways to place n non-attacking queens on an n×n board.
const A000170: [u64; 12] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];

fn count(n: usize) -> u64 {
    Search::new(Queens::new(n)).count_solutions().found
}

/// Through 12 (about half a second for n = 11 and 12 together in a debug build).
#[test]
fn counts_up_to_12_are_oeis_a000170() {
    for n in 1..=12 {
        assert_eq!(count(n), A000170[n - 1], "{n}-queens");
    }
}

/// The n-queens solution tree walked by plain recursion with a naive attack test,
/// independent of the engine and of `Queens`: (nodes, root included; dead ends).
fn tree(n: usize, placed: &mut Vec<usize>) -> (u64, u64) {
    if placed.len() == n {
        return (1, 0);
    }
    let row = placed.len();
    let (mut nodes, mut dead_ends) = (1, 0);
    for col in 0..n {
        let attacked = placed
            .iter()
            .enumerate()
            .any(|(r, &c)| c == col || row - r == c.abs_diff(col));
        if !attacked {
            placed.push(col);
            let (n, d) = tree(n, placed);
            placed.pop();
            nodes += n;
            dead_ends += d;
        }
    }
    if nodes == 1 {
        dead_ends += 1;
    }
    (nodes, dead_ends)
}

#[test]
fn node_counts_up_to_8_are_the_solution_tree_sizes() {
    assert_eq!(tree(1, &mut Vec::new()).0, 2);
    assert_eq!(tree(4, &mut Vec::new()).0, 17);
    assert_eq!(tree(8, &mut Vec::new()).0, 2057);
    for n in 1..=8 {
        let stats = Search::new(Queens::new(n)).count_solutions().stats;
        let (nodes, dead_ends) = tree(n, &mut Vec::new());
        assert_eq!(stats.nodes, nodes, "{n}-queens");
        assert_eq!(stats.dead_ends, dead_ends, "{n}-queens");
        assert_eq!(stats.solutions, count(n), "{n}-queens");
    }
}

#[test]
fn four_queens_in_order() {
    let mut search = Search::new(Queens::new(4));
    let all: Vec<Vec<usize>> = search.by_ref().collect();
    assert_eq!(all, [[1, 3, 0, 2], [2, 0, 3, 1]]);
    assert_eq!((search.stats().nodes, search.stats().solutions), (17, 2));
    // Fused: an exhausted search stays exhausted, and its statistics stay put.
    assert_eq!(search.next(), None);
    assert_eq!(search.next(), None);
    assert_eq!(search.stats().nodes, 17);
    assert!(search.is_done() && search.stopped().is_none());
}
