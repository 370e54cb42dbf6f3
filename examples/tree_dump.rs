//! The solution tree of 4-queens, recorded from the library and written as text, as a
//! Graphviz DOT graph and as JSON.
//!
//! The problem is defined here, the textbook way: the state is the column of the queen in
//! each row so far, the operators are the columns of the next row, and a column another
//! queen attacks is refused. `Label` says how a state and an operator are shown.
//!
//! `cargo run --example tree_dump` prints all three;
//! `cargo run --example tree_dump -- dot | dot -Tsvg > tree.svg` draws the figure.

use std::io::Write;

use backtrack::tree::{self, Label, Status};
use backtrack::Problem;

/// Queens on an n×n board, one row at a time.
#[derive(Clone)]
struct Queens {
    n: usize,
    /// The column (1-based) of the queen in each row placed so far.
    columns: Vec<usize>,
}

impl Problem for Queens {
    type Op = usize; // the column of the next row's queen
    type Ops = std::ops::RangeInclusive<usize>; // every column, left to right
    type Solution = Vec<usize>;

    fn operators(&self) -> Self::Ops {
        1..=self.n
    }
    fn admissible(&self, column: usize) -> bool {
        let row = self.columns.len();
        self.columns
            .iter()
            .enumerate()
            .all(|(r, &c)| c != column && c.abs_diff(column) != row - r)
    }
    fn apply(&mut self, column: usize) {
        self.columns.push(column);
    }
    fn undo(&mut self, _: usize) {
        self.columns.pop();
    }
    fn is_complete(&self) -> bool {
        self.columns.len() == self.n
    }
    fn solution(&self) -> Vec<usize> {
        self.columns.clone()
    }
}

impl Label for Queens {
    /// `(2,4,0,0)`: the column of each row's queen, 0 for a row still empty.
    fn label(&self) -> String {
        let cells: Vec<String> = (0..self.n)
            .map(|row| self.columns.get(row).copied().unwrap_or(0).to_string())
            .collect();
        format!("({})", cells.join(","))
    }
    fn op_label(&self, column: usize) -> String {
        column.to_string()
    }
}

/// The tree of 4-queens, checked against the textbook's.
fn four_queens() -> tree::Tree {
    let tree = tree::tree_of(&Queens {
        n: 4,
        columns: Vec::new(),
    });

    // The textbook's figure: 17 nodes, v1..v17 in the order the search entered them; the
    // solutions are v9 (2,4,1,3) and v13 (3,1,4,2).
    assert_eq!(tree.stats().nodes, 17);
    let solutions: Vec<(u64, &str)> = tree
        .nodes()
        .iter()
        .filter(|node| node.status == Status::Solution)
        .map(|node| (node.id.expect("a node"), node.label.as_str()))
        .collect();
    assert_eq!(solutions, [(9, "(2,4,1,3)"), (13, "(3,1,4,2)")]);
    tree
}

fn main() {
    let tree = four_queens();

    // Written, not printed, and the error let go: a closed pipe (`| head`) ends the output
    // quietly.
    let mut out = std::io::stdout().lock();
    let _ = match std::env::args().nth(1).as_deref() {
        Some("text") => write!(out, "{}", tree.text()),
        Some("dot") => write!(out, "{}", tree.dot()),
        Some("json") => writeln!(out, "{}", tree.json()),
        Some(other) => {
            eprintln!("tree_dump: unknown format '{other}': expected text, dot or json");
            std::process::exit(2);
        }
        None => writeln!(out, "{}\n{}\n{}", tree.text(), tree.dot(), tree.json()),
    };
}

#[test]
fn test() {
    let tree = four_queens();
    let text = tree.text().to_string();
    assert!(text.starts_with("17 nodes, 2 solutions, 4 dead ends"));
    assert!(text.contains("v9 (2,4,1,3)  ✓ solution"));
    let dot = tree.dot().to_string();
    assert!(dot.contains("digraph solution_tree {"));
    assert!(dot.contains("v13 [label=\"(3,1,4,2)\\nv13\", style=\"rounded,filled,bold\""));
    let json: serde_json::Value = serde_json::from_str(&tree.json().to_string()).unwrap();
    assert_eq!(json["stats"]["nodes"], 17);
}
