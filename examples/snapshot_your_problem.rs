//! Snapshot-test your own problem: its solution tree and its event trace as stable text.
//!
//! A problem of our own (writing 4 as a sum of 1s, 2s and 3s, parts in non-decreasing
//! order), given labels with [`Label`]; then its tree, its trace, and the one-line insta
//! tests a user writes (they run under `cargo test`, see the bottom of this file).
//!
//! Run it with `cargo run --example snapshot_your_problem`.

use backtrack::trace::trace_of;
use backtrack::tree::{record, tree_of, Label, Recorder};
use backtrack::Problem;

/// The ways to write `target` as a sum of parts from `1..=largest`, in non-decreasing order.
#[derive(Clone, Debug)]
struct Partitions {
    target: u32,
    largest: u32,
    parts: Vec<u32>,
    sum: u32,
}

impl Partitions {
    fn new(target: u32, largest: u32) -> Self {
        Partitions {
            target,
            largest,
            parts: Vec::new(),
            sum: 0,
        }
    }
}

impl Problem for Partitions {
    type Op = u32;
    type Ops = std::ops::RangeInclusive<u32>;
    type Solution = Vec<u32>;

    /// The search range: parts no smaller than the last one.
    fn operators(&self) -> Self::Ops {
        self.parts.last().copied().unwrap_or(1)..=self.largest
    }
    /// The constraint: do not overshoot.
    fn admissible(&self, part: u32) -> bool {
        self.sum + part <= self.target
    }
    fn apply(&mut self, part: u32) {
        self.parts.push(part);
        self.sum += part;
    }
    fn undo(&mut self, part: u32) {
        self.parts.pop();
        self.sum -= part;
    }
    fn is_complete(&self) -> bool {
        self.sum == self.target
    }
    fn solution(&self) -> Vec<u32> {
        self.parts.clone()
    }
}

/// How the tree and the trace show a state (`[1,1,2]`) and an operator (`+2`).
impl Label for Partitions {
    fn label(&self) -> String {
        format!("{:?}", self.parts).replace(' ', "")
    }
    fn op_label(&self, part: u32) -> String {
        format!("+{part}")
    }
    /// The refused child, as it would have been.
    fn child_label(&self, part: u32) -> String {
        let mut parts = self.parts.clone();
        parts.push(part);
        format!("{parts:?}").replace(' ', "")
    }
}

fn main() {
    let problem = Partitions::new(4, 3);

    let tree = tree_of(&problem);
    println!("The solution tree:\n{tree}");
    let solutions: Vec<String> = tree.solutions().map(ToString::to_string).collect();
    assert_eq!(
        solutions,
        ["v5 [1,1,1,1]", "v6 [1,1,2]", "v8 [1,3]", "v10 [2,2]"]
    );

    println!(
        "With the refused attempts:\n{}",
        record(problem.clone(), Recorder::new().show_rejected())
    );
    println!("As Graphviz (pipe into `dot -Tsvg`):\n{}", tree.dot());
    println!("The event trace:\n{}", trace_of(&problem));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs() {
        main();
    }

    /// What a user's snapshot test looks like: one line. These are inline snapshots;
    /// without the `@"…"`, insta keeps the snapshot in a `snapshots/` folder beside the test.
    #[test]
    fn partitions_of_4_tree() {
        insta::assert_snapshot!(tree_of(&Partitions::new(4, 3)), @r"
        11 nodes, 4 solutions, 2 dead ends; 7 rejected attempts not shown
        v1 []
        ├── v2 [1]
        │   ├── v3 [1,1]
        │   │   ├── v4 [1,1,1]
        │   │   │   └── v5 [1,1,1,1]  ✓ solution
        │   │   └── v6 [1,1,2]  ✓ solution
        │   ├── v7 [1,2]  ✗ dead end
        │   └── v8 [1,3]  ✓ solution
        ├── v9 [2]
        │   └── v10 [2,2]  ✓ solution
        └── v11 [3]  ✗ dead end
        ");
    }

    /// The event trace: every step, in order.
    #[test]
    fn partitions_of_3_trace() {
        insta::assert_snapshot!(trace_of(&Partitions::new(3, 2)), @r"
        enter v1 []
          enter v2 by +1 [1]
            enter v3 by +1 [1,1]
              enter v4 by +1 [1,1,1]
              solution v4
              backtrack v4
              reject +2 [1,1,2]
            backtrack v3
            enter v5 by +2 [1,2]
            solution v5
            backtrack v5
          backtrack v2
          enter v6 by +2 [2]
            reject +2 [2,2]
          dead end v6
          backtrack v6
        backtrack v1
        ");
    }
}
