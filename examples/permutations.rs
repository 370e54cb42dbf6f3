//! The smallest complete problem: the permutations of 1..=n, in lexicographic order.
//!
//! Every state tries every value (the search range), refuses those already placed (the
//! constraint), and is complete when every place is filled (the boundary).
//!
//! `cargo run --example permutations`

use backtrack::{Problem, Search};

/// The state: the values placed so far, and which are used.
struct Permutations {
    n: usize,
    placed: Vec<usize>,
    used: Vec<bool>,
}

impl Problem for Permutations {
    type Op = usize; // operator: place this value next
    type Ops = std::ops::RangeInclusive<usize>; // search range: every value, smallest first
    type Solution = Vec<usize>;

    fn operators(&self) -> Self::Ops {
        1..=self.n
    }
    fn admissible(&self, value: usize) -> bool {
        !self.used[value] // constraint: each value once
    }
    fn apply(&mut self, value: usize) {
        self.used[value] = true;
        self.placed.push(value);
    }
    fn undo(&mut self, value: usize) {
        self.used[value] = false;
        self.placed.pop();
    }
    fn is_complete(&self) -> bool {
        self.placed.len() == self.n // boundary: every place filled
    }
    fn solution(&self) -> Vec<usize> {
        self.placed.clone()
    }
}

fn permutations(n: usize) -> Permutations {
    Permutations {
        n,
        placed: Vec::new(),
        used: vec![false; n + 1],
    }
}

fn main() {
    let all: Vec<Vec<usize>> = Search::new(permutations(3)).collect();
    for permutation in &all {
        println!("{permutation:?}");
    }
    assert_eq!(
        all,
        [
            [1, 2, 3],
            [1, 3, 2],
            [2, 1, 3],
            [2, 3, 1],
            [3, 1, 2],
            [3, 2, 1]
        ]
    );
    // Lexicographic order, and n! of them.
    for n in 0..=7 {
        let count = Search::new(permutations(n)).count_solutions();
        let factorial: u64 = (1..=n as u64).product();
        assert_eq!(count.found, factorial);
    }
    let count = Search::new(permutations(4)).count_solutions();
    // The tree of 4: 1 + 4 + 12 + 24 + 24 nodes.
    assert_eq!(count.stats.nodes, 65);
    println!("\nthe statistics of counting the permutations of 4:");
    println!("{}", count.stats);
}

#[test]
fn test() {
    main();
}
