//! Test problems with independently computed answers: a random "table problem" and its
//! brute-force recursive reference, a chain as deep as you like, and binary strings with
//! labels for the trace.

use std::sync::Arc;

use backtrack::tree::Label;
use backtrack::{ByValue, Optimize, Problem, Stats};
use proptest::prelude::*;

/// The fixed, random data of a table problem: a complete `branching`-ary tree of height
/// `depth`, nodes numbered heap-style (root 0, child `op` of `node` is
/// `node * branching + op + 1`).
#[derive(Clone, Debug)]
pub struct Tables {
    pub depth: usize,
    pub branching: usize,
    /// Is the node (as a child of its parent) admitted by the constraints?
    pub admissible: Vec<bool>,
    /// Is the node complete before the last level? (Every node at `depth` is.)
    pub goal: Vec<bool>,
    pub value: Vec<i32>,
    /// Added to the true best value below the node to make its (valid) bound.
    pub slack: Vec<i32>,
}

impl Tables {
    pub fn size(depth: usize, branching: usize) -> usize {
        (0..=depth).map(|level| branching.pow(level as u32)).sum()
    }

    pub fn child(&self, node: usize, op: u8) -> usize {
        node * self.branching + usize::from(op) + 1
    }

    pub fn is_complete(&self, node: usize, depth: usize) -> bool {
        depth == self.depth || self.goal[node]
    }

    /// The best value of a complete node reachable from `node` (itself included), if any.
    pub fn best_below(&self, node: usize, depth: usize) -> Option<i32> {
        if self.is_complete(node, depth) {
            return Some(self.value[node]);
        }
        (0..self.branching as u8)
            .map(|op| self.child(node, op))
            .filter(|&child| self.admissible[child])
            .filter_map(|child| self.best_below(child, depth + 1))
            .max()
    }

    /// A valid optimistic bound: the true best below plus some slack (anything at all if
    /// no complete node is reachable).
    pub fn bound(&self, node: usize, depth: usize) -> i32 {
        self.best_below(node, depth).unwrap_or(-10) + self.slack[node]
    }
}

/// A search's statistics, everything but the clock.
pub fn counts(stats: &Stats) -> (u64, u64, u64, u64, u64, u64, usize) {
    (
        stats.nodes,
        stats.solutions,
        stats.dead_ends,
        stats.bounded,
        stats.rejections,
        stats.prunings,
        stats.max_depth,
    )
}

/// Random tables: depth 0..=5, branching 1..=4.
pub fn tables() -> impl Strategy<Value = Arc<Tables>> {
    tables_valued(8)
}

/// Random tables whose values are below `values`: with 2, most solutions tie.
pub fn tables_valued(values: i32) -> impl Strategy<Value = Arc<Tables>> {
    (0usize..=5, 1usize..=4).prop_flat_map(move |(depth, branching)| {
        let size = Tables::size(depth, branching);
        (
            proptest::collection::vec(proptest::bool::weighted(0.75), size),
            proptest::collection::vec(proptest::bool::weighted(0.15), size),
            proptest::collection::vec(0i32..values, size),
            proptest::collection::vec(0i32..3, size),
        )
            .prop_map(move |(admissible, goal, value, slack)| {
                Arc::new(Tables {
                    depth,
                    branching,
                    admissible,
                    goal,
                    value,
                    slack,
                })
            })
    })
}

/// The table problem for the engine: the state is the path of operators from the root.
#[derive(Clone, Debug)]
pub struct TableProblem {
    pub tables: Arc<Tables>,
    pub path: Vec<u8>,
    pub node: usize,
}

impl TableProblem {
    pub fn new(tables: Arc<Tables>) -> Self {
        TableProblem {
            tables,
            path: Vec::new(),
            node: 0,
        }
    }
}

impl Problem for TableProblem {
    type Op = u8;
    type Ops = std::ops::Range<u8>;
    type Solution = Vec<u8>;

    fn operators(&self) -> Self::Ops {
        0..self.tables.branching as u8
    }

    fn admissible(&self, op: u8) -> bool {
        self.tables.admissible[self.tables.child(self.node, op)]
    }

    fn apply(&mut self, op: u8) {
        self.node = self.tables.child(self.node, op);
        self.path.push(op);
    }

    fn undo(&mut self, op: u8) {
        assert_eq!(self.path.pop(), Some(op), "undo out of LIFO order");
        self.node = (self.node - usize::from(op) - 1) / self.tables.branching;
    }

    fn is_complete(&self) -> bool {
        self.tables.is_complete(self.node, self.path.len())
    }

    fn solution(&self) -> Vec<u8> {
        self.path.clone()
    }
}

impl Optimize for TableProblem {
    type Value = i32;

    fn value(&self) -> i32 {
        self.tables.value[self.node]
    }

    fn bound(&self) -> i32 {
        self.tables.bound(self.node, self.path.len())
    }
}

/// What a plain recursive walk of the same tables sees.
#[derive(Debug, Default)]
pub struct Reference {
    pub solutions: Vec<(Vec<u8>, i32)>,
    pub nodes: u64,
    pub dead_ends: u64,
    pub rejections: u64,
    pub max_depth: usize,
}

impl Reference {
    pub fn of(tables: &Tables) -> Self {
        let mut reference = Reference::default();
        reference.walk(tables, 0, &mut Vec::new());
        reference
    }

    fn walk(&mut self, tables: &Tables, node: usize, path: &mut Vec<u8>) {
        self.nodes += 1;
        self.max_depth = self.max_depth.max(path.len());
        if tables.is_complete(node, path.len()) {
            self.solutions.push((path.clone(), tables.value[node]));
            return;
        }
        let mut entered = false;
        for op in 0..tables.branching as u8 {
            let child = tables.child(node, op);
            if !tables.admissible[child] {
                self.rejections += 1;
                continue;
            }
            entered = true;
            path.push(op);
            self.walk(tables, child, path);
            path.pop();
        }
        if !entered {
            self.dead_ends += 1;
        }
    }
}

/// The textbook recursive branch and bound on the same tables: returns the incumbent and
/// the number of children pruned.
pub fn branch_and_bound(tables: &Tables) -> (Option<(Vec<u8>, i32)>, Leaves) {
    fn walk(
        tables: &Tables,
        node: usize,
        path: &mut Vec<u8>,
        best: &mut Option<(Vec<u8>, i32)>,
        leaves: &mut Leaves,
    ) {
        if tables.is_complete(node, path.len()) {
            let value = tables.value[node];
            if best.as_ref().is_none_or(|(_, b)| value > *b) {
                *best = Some((path.clone(), value));
            }
            return;
        }
        let (mut entered, mut cut) = (false, false);
        for op in 0..tables.branching as u8 {
            let child = tables.child(node, op);
            if !tables.admissible[child] {
                continue;
            }
            path.push(op);
            if best
                .as_ref()
                .is_some_and(|(_, b)| tables.bound(child, path.len()) <= *b)
            {
                leaves.pruned += 1;
                cut = true;
            } else {
                entered = true;
                walk(tables, child, path, best, leaves);
            }
            path.pop();
        }
        if !entered {
            if cut {
                leaves.bounded += 1;
            } else {
                leaves.dead_ends += 1;
            }
        }
    }
    let mut best = None;
    let mut leaves = Leaves::default();
    walk(tables, 0, &mut Vec::new(), &mut best, &mut leaves);
    (best, leaves)
}

/// What [`branch_and_bound`] counted: children pruned, and the nodes none of whose
/// children was entered, by whether the bound pruned one of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Leaves {
    pub pruned: u64,
    pub dead_ends: u64,
    pub bounded: u64,
}

/// A chain: one operator per level, complete at `length`. Its tree is a path of
/// `length + 1` nodes. Searched in place, or by value if `BY_VALUE`.
#[derive(Clone, Copy, Debug)]
pub struct Chain<const BY_VALUE: bool = false> {
    pub length: usize,
    pub depth: usize,
}

impl Chain {
    /// An empty chain of `length`, searched in place.
    pub fn new(length: usize) -> Self {
        Chain { length, depth: 0 }
    }
}

impl Chain<true> {
    /// An empty chain of `length`, searched by value.
    pub fn by_value(length: usize) -> Self {
        Chain { length, depth: 0 }
    }
}

impl<const BY_VALUE: bool> Problem for Chain<BY_VALUE> {
    type Op = ();
    type Ops = std::iter::Once<()>;
    type Solution = usize;

    fn operators(&self) -> Self::Ops {
        std::iter::once(())
    }

    fn apply(&mut self, (): ()) {
        self.depth += 1;
    }

    fn undo(&mut self, (): ()) {
        self.depth -= 1;
    }

    fn is_complete(&self) -> bool {
        self.depth == self.length
    }

    fn solution(&self) -> usize {
        self.depth
    }

    const BY_VALUE: Option<ByValue<Self>> = if BY_VALUE { Some(ByValue::COPY) } else { None };
}

/// The table problem as a small `Copy` value, searched by value: the same tree as
/// [`TableProblem`], its path packed two bits an operator.
#[derive(Clone, Copy, Debug)]
pub struct ValueTable<'a> {
    pub tables: &'a Tables,
    pub node: usize,
    pub depth: usize,
    /// The operators from the root, two bits each, the first in the lowest bits.
    pub path: u32,
}

impl<'a> ValueTable<'a> {
    pub fn new(tables: &'a Tables) -> Self {
        ValueTable {
            tables,
            node: 0,
            depth: 0,
            path: 0,
        }
    }

    pub fn path(&self) -> Vec<u8> {
        (0..self.depth)
            .map(|k| (self.path >> (2 * k) & 3) as u8)
            .collect()
    }
}

impl Problem for ValueTable<'_> {
    type Op = u8;
    type Ops = std::ops::Range<u8>;
    type Solution = Vec<u8>;

    fn operators(&self) -> Self::Ops {
        0..self.tables.branching as u8
    }

    fn admissible(&self, op: u8) -> bool {
        self.tables.admissible[self.tables.child(self.node, op)]
    }

    fn apply(&mut self, op: u8) {
        self.node = self.tables.child(self.node, op);
        self.path |= u32::from(op) << (2 * self.depth);
        self.depth += 1;
    }

    fn undo(&mut self, op: u8) {
        self.depth -= 1;
        self.path &= !(3 << (2 * self.depth));
        self.node = (self.node - usize::from(op) - 1) / self.tables.branching;
    }

    fn is_complete(&self) -> bool {
        self.tables.is_complete(self.node, self.depth)
    }

    fn solution(&self) -> Vec<u8> {
        self.path()
    }

    const BY_VALUE: Option<ByValue<Self>> = Some(ByValue::COPY);
}

impl Optimize for ValueTable<'_> {
    type Value = i32;

    fn value(&self) -> i32 {
        self.tables.value[self.node]
    }

    fn bound(&self) -> i32 {
        self.tables.bound(self.node, self.depth)
    }
}

/// Binary strings of a given length with no two adjacent ones: a tiny problem with
/// rejections, for the event trace.
#[derive(Clone, Debug)]
pub struct NoAdjacentOnes {
    pub bits: Vec<u8>,
    pub len: usize,
}

impl Problem for NoAdjacentOnes {
    type Op = u8;
    type Ops = std::ops::RangeInclusive<u8>;
    type Solution = String;

    fn operators(&self) -> Self::Ops {
        0..=1
    }
    fn admissible(&self, op: u8) -> bool {
        !(op == 1 && self.bits.last() == Some(&1))
    }
    fn apply(&mut self, op: u8) {
        self.bits.push(op);
    }
    fn undo(&mut self, _: u8) {
        self.bits.pop();
    }
    fn is_complete(&self) -> bool {
        self.bits.len() == self.len
    }
    fn solution(&self) -> String {
        self.label()
    }
}

impl Label for NoAdjacentOnes {
    fn label(&self) -> String {
        let bits: String = self.bits.iter().map(|b| char::from(b'0' + b)).collect();
        format!("\"{bits}\"")
    }
    fn op_label(&self, op: u8) -> String {
        op.to_string()
    }
    // `child_label` keeps its default: the parent's label and the operator.
}
