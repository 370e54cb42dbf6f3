//! Permutations of `1..=n` in lexicographic order: the smallest complete backtracking
//! problem.
//!
//! The state is the values placed so far, left to right; the search range of every state
//! is all the values `1..=n`, smallest first, and the constraint refuses a value already
//! placed. The complete states are the `n!` permutations, found in lexicographic order.

use backtrack::Problem;

/// The permutations of `1..=n`, and the search state of one being built.
///
/// ```
/// use backtrack::Search;
/// use backtrack_problems::permutations::Permutations;
///
/// let all: Vec<Vec<usize>> = Search::new(Permutations::new(3)).collect();
/// assert_eq!(all, [[1, 2, 3], [1, 3, 2], [2, 1, 3], [2, 3, 1], [3, 1, 2], [3, 2, 1]]);
/// ```
#[derive(Clone, Debug)]
pub struct Permutations {
    n: usize,
    /// The values placed so far.
    placed: Vec<usize>,
    /// `used[v]`: is the value `v` placed? (Index 0 unused.)
    used: Vec<bool>,
}

impl Permutations {
    /// The permutations of `1..=n` (for `n` = 0, the one empty permutation).
    pub fn new(n: usize) -> Self {
        Permutations {
            n,
            placed: Vec::with_capacity(n),
            used: vec![false; n + 1],
        }
    }

    /// How many permutations there are, `n!`, known before any search (`u128::MAX` if
    /// more): a count that cannot fit is refused up front rather than run for ages.
    ///
    /// ```
    /// use backtrack_problems::permutations::Permutations;
    ///
    /// assert_eq!(Permutations::count(0), 1);
    /// assert_eq!(Permutations::count(21), 51_090_942_171_709_440_000);
    /// assert_eq!(Permutations::count(40), u128::MAX);
    /// ```
    pub fn count(n: usize) -> u128 {
        (1..=n as u128)
            .try_fold(1u128, u128::checked_mul)
            .unwrap_or(u128::MAX)
    }

    /// How many values are permuted.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The values placed so far, left to right.
    pub fn placed(&self) -> &[usize] {
        &self.placed
    }

    /// `(2,1,_)`: the values placed, then `_` for each place still open, with `next` (if
    /// given) placed after them.
    fn describe(&self, next: Option<usize>) -> String {
        let values = self.placed.iter().copied().chain(next);
        let mut words: Vec<String> = values.map(|v| v.to_string()).collect();
        words.resize(self.n, "_".to_string());
        format!("({})", words.join(","))
    }
}

impl Problem for Permutations {
    /// The value placed next.
    type Op = usize;
    type Ops = std::ops::RangeInclusive<usize>;
    /// The permutation: the values `1..=n` in some order.
    type Solution = Vec<usize>;

    /// Every value, `1..=n`, smallest first.
    fn operators(&self) -> Self::Ops {
        1..=self.n
    }

    /// A value not placed yet.
    fn admissible(&self, value: usize) -> bool {
        !self.used[value]
    }

    fn apply(&mut self, value: usize) {
        self.used[value] = true;
        self.placed.push(value);
    }

    fn undo(&mut self, value: usize) {
        self.used[value] = false;
        self.placed.pop();
    }

    /// Every place filled.
    fn is_complete(&self) -> bool {
        self.placed.len() == self.n
    }

    fn solution(&self) -> Vec<usize> {
        self.placed.clone()
    }
}

crate::text::label_by_describe!(
    /// Labels for the solution tree: a state is `(2,1,_)`, the values placed and `_` for the
    /// places open; an operator is the value placed, `3`; a refused value is shown in its
    /// place, `(1,1,_)`.
    Permutations,
    |value: usize| value.to_string()
);

#[cfg(test)]
mod tests {
    use backtrack::tree::{tree_of, Label};
    use backtrack::{Problem, Search};

    use super::Permutations;

    /// `n!`, by multiplication.
    fn factorial(n: u64) -> u64 {
        (1..=n).product()
    }

    #[test]
    fn counts_are_factorials() {
        for n in 0..=7 {
            let outcome = Search::new(Permutations::new(n)).count_solutions();
            assert_eq!(outcome.found, factorial(n as u64), "n = {n}");
        }
    }

    /// Every permutation once, each a permutation of `1..=n`, in strictly increasing
    /// lexicographic order.
    #[test]
    fn permutations_come_in_lexicographic_order() {
        for n in 0..=6 {
            let all: Vec<Vec<usize>> = Search::new(Permutations::new(n)).collect();
            assert_eq!(all.len() as u64, factorial(n as u64));
            for permutation in &all {
                let mut sorted = permutation.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, (1..=n).collect::<Vec<usize>>());
            }
            assert!(all.windows(2).all(|pair| pair[0] < pair[1]), "n = {n}");
        }
    }

    /// The tree of the permutations of 4: `4!/(4-d)!` nodes at depth `d`, so 1 + 4 + 12 +
    /// 24 + 24 = 65 nodes, and at depth `d` each node refuses the `d` values placed: 4·1 +
    /// 12·2 + 24·3 = 100 rejections, and no dead end.
    #[test]
    fn the_tree_of_four() {
        let nodes: u64 = (0..=4).map(|d| factorial(4) / factorial(4 - d)).sum();
        let rejected: u64 = (0..4).map(|d| factorial(4) / factorial(4 - d) * d).sum();
        let outcome = Search::new(Permutations::new(4)).count_solutions();
        assert_eq!(outcome.stats.nodes, nodes);
        assert_eq!(nodes, 65);
        assert_eq!(outcome.stats.rejections, rejected);
        assert_eq!(outcome.stats.dead_ends, 0);
        let tree = tree_of(&Permutations::new(4));
        assert_eq!(tree.nodes().len() as u64, nodes);
        assert_eq!(tree.solutions().count(), 24);
    }

    #[test]
    fn labels_show_the_places() {
        let mut problem = Permutations::new(3);
        assert_eq!(problem.label(), "(_,_,_)");
        problem.apply(2);
        problem.apply(1);
        assert_eq!(problem.label(), "(2,1,_)");
        assert_eq!(problem.op_label(3), "3");
        assert_eq!(problem.child_label(1), "(2,1,1)");
        assert!(!problem.admissible(1));
        problem.undo(1);
        assert_eq!(problem.label(), "(2,_,_)");
    }
}
