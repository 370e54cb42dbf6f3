//! Subset sum: which of the given numbers add up exactly to the target?
//!
//! Each number in turn is taken or left (taken first). Two constraints keep the tree
//! small: a number is taken only if the sum stays within the target, and left only if
//! the numbers still undecided can make up what is missing. Every complete state is
//! therefore an exact solution.

use backtrack::Problem;

/// A subset-sum problem, and the search state of a subset being built.
///
/// A solution is the indices of the numbers taken, ascending. Equal numbers at different
/// indices make different solutions.
///
/// ```
/// use backtrack::Search;
/// use backtrack_problems::subset_sum::SubsetSum;
///
/// let all: Vec<Vec<usize>> = Search::new(SubsetSum::new(vec![3, 34, 4, 12, 5, 2], 9)).collect();
/// assert_eq!(all, [vec![0, 2, 5], vec![2, 4]]); // 3 + 4 + 2 and 4 + 5
/// ```
#[derive(Clone, Debug)]
pub struct SubsetSum {
    numbers: Vec<u64>,
    target: u64,
    /// `rest[i]`: the sum of `numbers[i..]` (saturating).
    rest: Vec<u64>,
    decided: usize,
    taken: Vec<usize>,
    sum: u64,
}

impl SubsetSum {
    /// The subsets of `numbers` that add up to `target`.
    pub fn new(numbers: Vec<u64>, target: u64) -> Self {
        let mut rest = vec![0u64; numbers.len() + 1];
        for i in (0..numbers.len()).rev() {
            rest[i] = rest[i + 1].saturating_add(numbers[i]);
        }
        SubsetSum {
            taken: Vec::with_capacity(numbers.len()),
            numbers,
            target,
            rest,
            decided: 0,
            sum: 0,
        }
    }

    /// How many subsets reach the target (`u128::MAX` if more), counted before any search
    /// by dynamic programming over the sums up to the target, if that takes at most `work`
    /// steps (the numbers times the target): `None` if it would take more. Many numbers
    /// (zeros, or ones with a target half their sum) can make more subsets than a count
    /// holds, and a search to count them would not end.
    ///
    /// ```
    /// use backtrack_problems::subset_sum::SubsetSum;
    ///
    /// assert_eq!(SubsetSum::new(vec![3, 34, 4, 12, 5, 2], 9).count(1000), Some(2));
    /// assert_eq!(SubsetSum::new(vec![0; 70], 0).count(1000), Some(1 << 70));
    /// assert_eq!(SubsetSum::new(vec![1, 2], 1 << 40).count(1000), None);
    /// ```
    pub fn count(&self, work: u64) -> Option<u128> {
        let target = usize::try_from(self.target).ok()?;
        let steps = (self.numbers.len() as u64).checked_mul(self.target.checked_add(1)?)?;
        if steps > work {
            return None;
        }
        // ways[s]: the subsets of the numbers so far that add up to s.
        let mut ways = vec![0u128; target + 1];
        ways[0] = 1;
        for &number in &self.numbers {
            let Ok(number) = usize::try_from(number) else {
                continue;
            };
            if number > target {
                continue;
            }
            for s in (number..=target).rev() {
                ways[s] = ways[s].saturating_add(ways[s - number]);
            }
        }
        Some(ways[target])
    }

    /// The numbers.
    pub fn numbers(&self) -> &[u64] {
        &self.numbers
    }

    /// The target.
    pub fn target(&self) -> u64 {
        self.target
    }
}

impl Problem for SubsetSum {
    /// Take (`true`) or leave (`false`) the next number.
    type Op = bool;
    type Ops = std::iter::Take<std::array::IntoIter<bool, 2>>;
    /// The indices of the numbers taken, ascending.
    type Solution = Vec<usize>;

    /// Take, then leave; nothing once every number is decided, or if the numbers left
    /// cannot make up the target (only possible at the root: the constraints keep it so).
    fn operators(&self) -> Self::Ops {
        let open =
            self.decided < self.numbers.len() && self.rest[self.decided] >= self.target - self.sum;
        let choices = if open { 2 } else { 0 };
        [true, false].into_iter().take(choices)
    }

    fn admissible(&self, take: bool) -> bool {
        let number = self.numbers[self.decided];
        let missing = self.target - self.sum;
        if take {
            number <= missing
        } else {
            self.rest[self.decided + 1] >= missing
        }
    }

    fn apply(&mut self, take: bool) {
        if take {
            self.sum += self.numbers[self.decided];
            self.taken.push(self.decided);
        }
        self.decided += 1;
    }

    fn undo(&mut self, take: bool) {
        self.decided -= 1;
        if take {
            self.sum -= self.numbers[self.decided];
            self.taken.pop();
        }
    }

    /// Every number decided, and the sum is the target (below the root, the constraints
    /// make the second follow from the first).
    fn is_complete(&self) -> bool {
        self.decided == self.numbers.len() && self.sum == self.target
    }

    fn solution(&self) -> Vec<usize> {
        self.taken.clone()
    }
}

impl SubsetSum {
    /// `[+3 -34 +4] sum=7`: each number decided so far, taken (`+`) or left (`-`), then
    /// `next` if given, then the sum taken.
    fn describe(&self, next: Option<bool>) -> String {
        use std::fmt::Write as _;
        let mut text = String::from("[");
        let mut taken = self.taken.iter().peekable();
        // Wide enough for a refused number added to the sum so far.
        let mut sum = u128::from(self.sum);
        let decisions = (0..self.decided).map(|i| (i, taken.next_if_eq(&&i).is_some()));
        let next = next.map(|take| (self.decided, take));
        for (i, take) in decisions.chain(next) {
            if i > 0 {
                text.push(' ');
            }
            let _ = write!(text, "{}{}", if take { '+' } else { '-' }, self.numbers[i]);
            if take && i == self.decided {
                sum += u128::from(self.numbers[i]);
            }
        }
        let _ = write!(text, "] sum={sum}");
        text
    }
}

crate::text::label_by_describe!(
    /// Labels for the solution tree: a state is each number decided so far, taken (`+3`) or
    /// left (`-34`), and the sum taken: `[+3 -34 +4] sum=7`; an operator is `take` or
    /// `leave` (the operator alone does not say which number: the state does).
    SubsetSum,
    |take: bool| if take { "take" } else { "leave" }.to_string()
);

#[cfg(test)]
mod tests {
    use backtrack::tree::{tree_of, Label};
    use backtrack::{Problem, Search};
    use proptest::prelude::*;

    use super::SubsetSum;

    /// The label of a refused take shows the sum it would have made, however big (it once
    /// overflowed: a wrong sum in release builds, a panic in debug ones).
    #[test]
    fn a_refused_take_past_u64_shows_its_true_sum() {
        let mut problem = SubsetSum::new(vec![u64::MAX, 1], u64::MAX);
        problem.apply(true);
        assert_eq!(
            problem.child_label(true),
            format!("[+{} +1] sum={}", u64::MAX, u128::from(u64::MAX) + 1)
        );
    }

    /// Every subset by bit mask, in the search's order (taking before leaving, first
    /// number first, is decreasing order of the reversed mask).
    fn brute_force(numbers: &[u64], target: u64) -> Vec<Vec<usize>> {
        let n = numbers.len();
        let mut all: Vec<Vec<usize>> = (0u32..1 << n)
            .map(|mask| {
                (0..n)
                    .filter(|i| mask >> i & 1 == 1)
                    .collect::<Vec<usize>>()
            })
            .filter(|subset| subset.iter().map(|&i| numbers[i]).sum::<u64>() == target)
            .collect();
        // Compare taken/left decisions index by index, taken first.
        all.sort_by_key(|subset| (0..n).map(|i| !subset.contains(&i)).collect::<Vec<bool>>());
        all
    }

    proptest! {
        #[test]
        fn all_solutions_in_order(numbers in proptest::collection::vec(0u64..10, 0..=12), target in 0u64..40) {
            let all: Vec<Vec<usize>> = Search::new(SubsetSum::new(numbers.clone(), target)).collect();
            prop_assert_eq!(&all, &brute_force(&numbers, target));
            let outcome = Search::new(SubsetSum::new(numbers, target)).count_solutions();
            prop_assert_eq!(outcome.found, all.len() as u64);
        }
    }

    #[test]
    fn tree_labels_show_the_decisions() {
        let problem = SubsetSum::new(vec![3, 34, 4, 12, 5, 2], 9);
        assert_eq!(problem.label(), "[] sum=0");
        assert_eq!(problem.op_label(false), "leave");
        assert_eq!(problem.child_label(true), "[+3] sum=3");
        let tree = tree_of(&problem);
        let solutions: Vec<&str> = tree.solutions().map(|n| n.label.as_str()).collect();
        assert_eq!(
            solutions,
            ["[+3 -34 +4 -12 -5 +2] sum=9", "[-3 -34 +4 -12 +5 -2] sum=9"]
        );
    }

    #[test]
    fn empty_and_unreachable() {
        assert_eq!(Search::new(SubsetSum::new(vec![], 0)).count(), 1);
        assert_eq!(Search::new(SubsetSum::new(vec![], 3)).count(), 0);
        let outcome = Search::new(SubsetSum::new(vec![1, 2], 4)).count_solutions();
        assert_eq!(
            (outcome.found, outcome.stats.nodes, outcome.stats.dead_ends),
            (0, 1, 1)
        );
    }
}
