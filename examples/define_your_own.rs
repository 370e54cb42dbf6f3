//! Define your own problem: the subsets of a list of numbers that add up to a target.
//!
//! `cargo run --example define_your_own`

use backtrack::{Problem, Search};

/// The state: the indices of the numbers taken so far, and their sum.
struct SubsetSum {
    numbers: Vec<u32>,
    target: u32,
    taken: Vec<usize>,
    sum: u32,
}

impl Problem for SubsetSum {
    type Op = usize; // operator: take numbers[i]
    type Ops = std::ops::Range<usize>; // search range: the numbers after the last one taken
    type Solution = Vec<u32>;

    fn operators(&self) -> Self::Ops {
        self.taken.last().map_or(0, |&i| i + 1)..self.numbers.len()
    }
    fn admissible(&self, i: usize) -> bool {
        self.sum + self.numbers[i] <= self.target // constraint: never overshoot
    }
    fn apply(&mut self, i: usize) {
        self.sum += self.numbers[i];
        self.taken.push(i);
    }
    fn undo(&mut self, i: usize) {
        self.sum -= self.numbers[i];
        self.taken.pop();
    }
    fn is_complete(&self) -> bool {
        self.sum == self.target // boundary: the target is reached
    }
    fn solution(&self) -> Vec<u32> {
        self.taken.iter().map(|&i| self.numbers[i]).collect()
    }
}

fn main() {
    let problem = || SubsetSum {
        numbers: vec![3, 34, 4, 12, 5, 2],
        target: 9,
        taken: vec![],
        sum: 0,
    };

    let first = Search::new(problem()).next();
    let all: Vec<Vec<u32>> = Search::new(problem()).collect();
    let count = Search::new(problem()).count_solutions();

    assert_eq!(first, Some(vec![3, 4, 2]));
    assert_eq!(all, [vec![3, 4, 2], vec![4, 5]]);
    assert_eq!(count.found, 2);
    println!("first: {first:?}\nall:   {all:?}\n{}", count.stats);
}

#[test]
fn test() {
    main();
}
