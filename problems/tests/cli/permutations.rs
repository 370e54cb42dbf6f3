//! `backtrack permutations` and `combinations`: listings in lexicographic order and
//! counts checked against `n!` and `C(n, k)`, the tree, and bad sizes.

use crate::common::{all_error_lines, backtrack, json_lines, stdout, text};

/// `n!`.
fn factorial(n: u64) -> u64 {
    (1..=n).product()
}

/// `C(n, k)` by the multiplicative formula, 0 for `k > n`.
fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |c, i| c * (n - i) / (i + 1))
}

/// The lines of a listing as lists of numbers.
fn rows(listing: &str) -> Vec<Vec<u64>> {
    listing
        .lines()
        .map(|line| line.split(' ').map(|w| w.parse().unwrap()).collect())
        .collect()
}

#[test]
fn permutations_are_listed_in_lexicographic_order_and_counted() {
    for n in 1..=5u64 {
        let all = rows(&stdout(&["permutations", &n.to_string()]));
        assert_eq!(all.len() as u64, factorial(n));
        assert!(all.windows(2).all(|pair| pair[0] < pair[1]), "n = {n}");
        for row in &all {
            let mut sorted = row.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (1..=n).collect::<Vec<u64>>());
        }
    }
    for n in [0u64, 1, 6, 8] {
        let count = stdout(&["permutations", &n.to_string(), "--count"]);
        assert_eq!(count, format!("{}\n", factorial(n)), "n = {n}");
    }
    // N = 0: one permutation, the empty one.
    assert_eq!(stdout(&["permutations", "0"]), "(empty)\n");
    assert_eq!(stdout(&["permutations", "4", "--first"]), "1 2 3 4\n");
    let json = json_lines(&stdout(&[
        "permutations",
        "3",
        "--limit",
        "2",
        "--format",
        "json",
    ]));
    assert_eq!(json[1]["permutation"], serde_json::json!([1, 3, 2]));
    // As many as asked: the answer is whole.
    assert_eq!(
        json[2],
        serde_json::json!({"solutions": 2, "complete": true})
    );
}

/// The tree of the permutations of 4: `4!/(4-d)!` nodes at depth `d`.
#[test]
fn the_tree_of_the_permutations_of_four() {
    let nodes: u64 = (0..=4).map(|d| factorial(4) / factorial(4 - d)).sum();
    let tree = stdout(&["permutations", "4", "--tree"]);
    assert!(
        tree.starts_with(&format!("{nodes} nodes, 24 solutions, 0 dead ends")),
        "{tree}"
    );
    assert!(tree.contains("(2,1,_,_)"), "{tree}");
    assert_eq!(tree.matches("✓ solution").count(), 24);
    let rejected = stdout(&["permutations", "3", "--tree", "--tree-rejected"]);
    assert!(rejected.contains("(1,1,_)"), "{rejected}");
}

#[test]
fn combinations_are_listed_in_lexicographic_order_and_counted() {
    for n in 0..=7u64 {
        for k in 0..=n {
            let listing = stdout(&["combinations", &n.to_string(), &k.to_string()]);
            if k == 0 {
                assert_eq!(listing, "(empty)\n");
                continue;
            }
            let all = rows(&listing);
            assert_eq!(all.len() as u64, binomial(n, k), "C({n}, {k})");
            assert!(all.windows(2).all(|pair| pair[0] < pair[1]), "C({n}, {k})");
            assert!(all
                .iter()
                .all(|row| row.windows(2).all(|p| p[0] < p[1]) && row[k as usize - 1] <= n));
        }
    }
    for (n, k) in [(20u64, 10u64), (30, 3), (12, 0)] {
        let count = stdout(&["combinations", &n.to_string(), &k.to_string(), "--count"]);
        assert_eq!(count, format!("{}\n", binomial(n, k)), "C({n}, {k})");
    }
}

/// K greater than N: no combination, said as any search that finds none says it.
#[test]
fn combinations_of_more_than_n_are_no_solution() {
    let out = backtrack(&["combinations", "3", "4"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "no solution\n");
    assert_eq!(stdout(&["combinations", "3", "4", "--count"]), "0\n");
}

#[test]
fn bad_sizes_are_refused() {
    all_error_lines(&[
        (
            &["permutations", "1001"],
            "N must be at most 1000, not 1001",
        ),
        (&["permutations", "-1"], "N must be at least 0, not -1"),
        (&["permutations", "x"], "N must be a whole number, not 'x'"),
        (
            &["combinations", "5", "y"],
            "K must be a whole number, not 'y'",
        ),
    ]);
}
