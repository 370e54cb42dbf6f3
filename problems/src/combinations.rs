//! Combinations: the `k`-element subsets of `1..=n`, each in increasing order, in
//! lexicographic order.
//!
//! The state is the values chosen so far, increasing; the search range of a state is the
//! values after the last one chosen that still leave room for the rest (with `j` chosen,
//! the next is at most `n - (k - j) + 1`). Every path of the tree therefore ends in a
//! combination: no rejection, no dead end. The complete states are the `C(n, k)`
//! combinations, none when `k > n`.

use backtrack::Problem;

/// The `k`-combinations of `1..=n`, and the search state of one being built.
///
/// ```
/// use backtrack::Search;
/// use backtrack_problems::combinations::Combinations;
///
/// let all: Vec<Vec<usize>> = Search::new(Combinations::new(4, 2)).collect();
/// assert_eq!(all, [[1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4]]);
/// ```
#[derive(Clone, Debug)]
pub struct Combinations {
    n: usize,
    k: usize,
    /// The values chosen so far, increasing.
    chosen: Vec<usize>,
}

impl Combinations {
    /// The `k`-element subsets of `1..=n` (for `k` = 0, the one empty subset; for `k > n`,
    /// none).
    pub fn new(n: usize, k: usize) -> Self {
        Combinations {
            n,
            k,
            chosen: Vec::with_capacity(k.min(n)),
        }
    }

    /// How many `k`-element subsets of `1..=n` there are, C(n, k), known before any search
    /// (`u128::MAX` if more): a count that cannot fit is refused up front rather than run
    /// for ages.
    ///
    /// ```
    /// use backtrack_problems::combinations::Combinations;
    ///
    /// assert_eq!(Combinations::count(5, 2), 10);
    /// assert_eq!(Combinations::count(2, 5), 0);
    /// assert_eq!(Combinations::count(68, 34), 28_453_041_475_240_576_740);
    /// assert_eq!(Combinations::count(1000, 500), u128::MAX);
    /// ```
    pub fn count(n: usize, k: usize) -> u128 {
        if k > n {
            return 0;
        }
        let k = k.min(n - k) as u128;
        let n = n as u128;
        // C(n, i + 1) = C(n, i) (n - i) / (i + 1), exact at every step; increasing in i up
        // to n / 2, so an overflow means the result overflows too.
        let mut count = 1u128;
        for i in 0..k {
            match count.checked_mul(n - i) {
                Some(product) => count = product / (i + 1),
                None => return u128::MAX,
            }
        }
        count
    }

    /// The values chosen from, `1..=n`.
    pub fn n(&self) -> usize {
        self.n
    }

    /// How many are chosen.
    pub fn k(&self) -> usize {
        self.k
    }

    /// `{1,3,_}`: the values chosen, then `_` for each still to choose, with `next` (if
    /// given) chosen after them.
    fn describe(&self, next: Option<usize>) -> String {
        let values = self.chosen.iter().copied().chain(next);
        let mut words: Vec<String> = values.map(|v| v.to_string()).collect();
        words.resize(self.k, "_".to_string());
        format!("{{{}}}", words.join(","))
    }
}

impl Problem for Combinations {
    /// The value chosen next.
    type Op = usize;
    type Ops = std::ops::RangeInclusive<usize>;
    /// The combination, increasing.
    type Solution = Vec<usize>;

    /// The values after the last one chosen that leave room for the rest: empty at the
    /// root when `k > n`.
    fn operators(&self) -> Self::Ops {
        let first = self.chosen.last().map_or(1, |last| last + 1);
        let left = self.k - self.chosen.len();
        // `k > n`: 0, before the first value: no value can start a combination.
        let last = (self.n + 1).saturating_sub(left);
        first..=last
    }

    fn apply(&mut self, value: usize) {
        self.chosen.push(value);
    }

    fn undo(&mut self, _value: usize) {
        self.chosen.pop();
    }

    /// `k` values chosen.
    fn is_complete(&self) -> bool {
        self.chosen.len() == self.k
    }

    fn solution(&self) -> Vec<usize> {
        self.chosen.clone()
    }
}

crate::text::label_by_describe!(
    /// Labels for the solution tree: a state is `{1,3,_}`, the values chosen and `_` for
    /// those still to choose; an operator is the value chosen, `4`.
    Combinations,
    |value: usize| value.to_string()
);

#[cfg(test)]
mod tests {
    use backtrack::tree::{tree_of, Label};
    use backtrack::{Problem, Search};

    use super::Combinations;

    /// `C(n, k)` by Pascal's triangle, 0 for `k > n`.
    fn binomial(n: usize, k: usize) -> u64 {
        let mut row = vec![1u64];
        for _ in 0..n {
            let mut next = vec![1u64; row.len() + 1];
            for i in 1..row.len() {
                next[i] = row[i - 1] + row[i];
            }
            row = next;
        }
        row.get(k).copied().unwrap_or(0)
    }

    #[test]
    fn counts_are_binomials() {
        for n in 0..=12 {
            for k in 0..=n + 2 {
                let outcome = Search::new(Combinations::new(n, k)).count_solutions();
                assert_eq!(outcome.found, binomial(n, k), "C({n}, {k})");
                // Every leaf is a combination; for `k > n`, the root is the one dead end.
                let dead_ends = u64::from(k > n);
                assert_eq!(outcome.stats.dead_ends, dead_ends, "C({n}, {k})");
                assert_eq!(outcome.stats.rejections, 0, "C({n}, {k})");
            }
        }
    }

    /// Every combination is increasing, of `k` values of `1..=n`, and they come in strictly
    /// increasing lexicographic order; every `k`-subset of `1..=n` (by bit mask) is there.
    #[test]
    fn combinations_come_in_lexicographic_order() {
        for n in 0..=8 {
            for k in 0..=n {
                let all: Vec<Vec<usize>> = Search::new(Combinations::new(n, k)).collect();
                assert!(all.windows(2).all(|pair| pair[0] < pair[1]), "C({n}, {k})");
                let mut by_mask: Vec<Vec<usize>> = (0u32..1 << n)
                    .filter(|mask| mask.count_ones() as usize == k)
                    .map(|mask| (1..=n).filter(|v| mask >> (v - 1) & 1 == 1).collect())
                    .collect();
                by_mask.sort();
                assert_eq!(all, by_mask, "C({n}, {k})");
            }
        }
    }

    /// No rejection and no dead end: every path ends in a combination. The tree of C(4, 2):
    /// the root, the 3 first values that leave room (1, 2, 3), and the 6 combinations.
    #[test]
    fn the_tree_has_no_dead_end() {
        let outcome = Search::new(Combinations::new(4, 2)).count_solutions();
        assert_eq!(
            (
                outcome.stats.nodes,
                outcome.stats.rejections,
                outcome.stats.dead_ends
            ),
            (1 + 3 + 6, 0, 0)
        );
        let tree = tree_of(&Combinations::new(4, 2));
        let labels: Vec<&str> = tree.solutions().map(|node| node.label.as_str()).collect();
        assert_eq!(
            labels,
            ["{1,2}", "{1,3}", "{1,4}", "{2,3}", "{2,4}", "{3,4}"]
        );
    }

    #[test]
    fn more_than_n_is_no_combination() {
        let outcome = Search::new(Combinations::new(3, 4)).count_solutions();
        assert_eq!((outcome.found, outcome.stats.nodes), (0, 1));
        let mut problem = Combinations::new(5, 3);
        assert_eq!(problem.label(), "{_,_,_}");
        problem.apply(2);
        assert_eq!(problem.operators(), 3..=4);
        assert_eq!(problem.child_label(4), "{2,4,_}");
        assert_eq!(problem.op_label(4), "4");
    }
}
