//! The observer that records the solution tree in memory, up to a budget.

use super::walk::{observe_through_walk, Sink, Walk};
use super::{Cut, Label, Limit, Node, Status, Tree};
use crate::{Control, Observer};

/// The observer that records the solution tree. See the [module docs](super).
///
/// Attach it by `&mut` so it can be turned into a [`Tree`] after the search:
///
/// ```
/// use backtrack::{tree::{Label, Recorder}, Search};
/// # use backtrack::Problem;
///
/// /// Binary strings of length 3 with no two adjacent ones.
/// #[derive(Clone)]
/// struct NoAdjacentOnes { bits: Vec<u8> }
/// # impl Problem for NoAdjacentOnes {
/// #     type Op = u8;
/// #     type Ops = std::ops::RangeInclusive<u8>;
/// #     type Solution = ();
/// #     fn operators(&self) -> Self::Ops { 0..=1 }
/// #     fn admissible(&self, op: u8) -> bool { !(op == 1 && self.bits.last() == Some(&1)) }
/// #     fn apply(&mut self, op: u8) { self.bits.push(op) }
/// #     fn undo(&mut self, _: u8) { self.bits.pop(); }
/// #     fn is_complete(&self) -> bool { self.bits.len() == 3 }
/// #     fn solution(&self) {}
/// # }
/// # impl Label for NoAdjacentOnes {
/// #     fn label(&self) -> String { format!("{:?}", self.bits) }
/// #     fn op_label(&self, op: u8) -> String { op.to_string() }
/// # }
///
/// let mut recorder = Recorder::new().show_rejected();
/// let outcome = Search::new(NoAdjacentOnes { bits: vec![] })
///     .observer(&mut recorder)
///     .count_solutions();
/// let tree = recorder.into_tree();
/// assert_eq!(outcome.found, 5);
/// assert_eq!(tree.stats().nodes, outcome.stats.nodes);
/// // The 11 nodes keep their numbers; the 2 refused ones come on top, unnumbered.
/// assert_eq!(tree.nodes().iter().filter(|node| node.id.is_some()).count(), 11);
/// assert_eq!(tree.nodes().len() as u64, 11 + outcome.stats.rejections);
/// ```
///
/// # Budget
///
/// The recorder keeps at most [`budget`](Recorder::budget) entries (nodes and shown
/// attempts), and at most [`memory`](Recorder::memory) bytes for them (each entry costs
/// its [`Node`] and its labels: a long label, such as the state of a big board, makes the
/// entries few). When one more would not fit, it stops recording, and at the next node it
/// answers [`Control::Halt`], so the search ends too instead of running on unrecorded: the
/// tree says it is [truncated](Tree::truncated), its counts are those of the nodes and
/// attempts it holds, and its nodes still open are [cut off](Status::CutOff). For trees too
/// big to keep, use a [`TreeWriter`](super::TreeWriter).
#[derive(Clone, Debug)]
pub struct Recorder {
    walk: Walk<Arena>,
}

/// The recorder's memory: the entries, and where the open nodes are among them.
#[derive(Clone, Debug)]
struct Arena {
    nodes: Vec<Node>,
    /// The positions in `nodes` of the nodes on the current path.
    open: Vec<usize>,
    budget: usize,
    /// The bytes the entries may take, and the bytes they take.
    memory: usize,
    used: usize,
    /// Which budget stopped the recording, once one did.
    full: Option<Limit>,
}

impl Arena {
    /// Records an entry if it fits.
    fn push(&mut self, node: Node) -> bool {
        let cost = entry_bytes(&node);
        if self.nodes.len() >= self.budget {
            self.full = Some(Limit::Entries(self.budget));
            return false;
        }
        if self.used + cost > self.memory {
            self.full = Some(Limit::Memory(self.memory));
            return false;
        }
        self.used += cost;
        self.nodes.push(node);
        true
    }
}

/// What an entry takes in memory: its node and its labels.
fn entry_bytes(node: &Node) -> usize {
    std::mem::size_of::<Node>() + node.label.len() + node.op.as_ref().map_or(0, String::len)
}

impl Sink for Arena {
    fn open(&mut self, node: Node) -> bool {
        let taken = self.push(node);
        if taken {
            self.open.push(self.nodes.len() - 1);
        }
        taken
    }

    fn attempt(&mut self, node: Node) -> bool {
        self.push(node)
    }

    fn settle(&mut self, status: Status) {
        if let Some(&index) = self.open.last() {
            self.nodes[index].status = status;
        }
    }

    fn close(&mut self) {
        self.open.pop();
    }
}

impl Default for Recorder {
    fn default() -> Self {
        Self::new()
    }
}

impl Recorder {
    /// The default budget: enough for every node of 8-queens (2057) with all of its refused
    /// attempts, small enough to stay within a few tens of megabytes.
    pub const DEFAULT_BUDGET: usize = 100_000;

    /// The default memory budget for the entries: 256 MiB.
    pub const DEFAULT_MEMORY: usize = 256 << 20;

    /// A recorder with the default budget, showing pruned attempts but not rejected ones.
    pub fn new() -> Self {
        Recorder {
            walk: Walk::new(Arena {
                nodes: Vec::new(),
                open: Vec::new(),
                budget: Self::DEFAULT_BUDGET,
                memory: Self::DEFAULT_MEMORY,
                used: 0,
                full: None,
            }),
        }
    }

    /// Also records the operators refused by the constraints, as unnumbered attempts.
    #[must_use]
    pub fn show_rejected(mut self) -> Self {
        self.walk.shown.rejected = true;
        self
    }

    /// Records at most `max` entries (nodes and shown attempts); see [Budget](#budget).
    #[must_use]
    pub fn budget(mut self, max: usize) -> Self {
        self.walk.sink.budget = max;
        self
    }

    /// Lets the entries take at most `bytes` of memory; see [Budget](#budget).
    #[must_use]
    pub fn memory(mut self, bytes: usize) -> Self {
        self.walk.sink.memory = bytes;
        self
    }

    /// The tree recorded so far.
    pub fn into_tree(self) -> Tree {
        let cut = if self.walk.halted() {
            Some(Cut::Budget(
                self.walk
                    .sink
                    .full
                    .unwrap_or(Limit::Entries(self.walk.sink.budget)),
            ))
        } else if self.walk.is_complete() {
            None
        } else {
            Some(Cut::Stopped(self.walk.stopped()))
        };
        Tree {
            stats: *self.walk.stats(),
            shown: self.walk.shown,
            nodes: self.walk.sink.nodes,
            budget: self.walk.sink.budget,
            cut,
            stop_name: None,
        }
    }
}

observe_through_walk!(impl<> for Recorder);
