//! The event trace of a search, as stable text: one line per [`Observer`] event.
//!
//! Where the [solution tree](crate::tree) shows what the search built, the trace shows what
//! it did, step by step: every node entered, every operator refused, every solution, dead
//! end and backtrack, in order, indented by depth. Its text holds no timings, so it is a
//! good snapshot of a problem's behaviour: `insta::assert_snapshot!(trace_of(&my_problem))`.
//!
//! ```
//! use backtrack::trace::trace_of;
//! # use backtrack::{tree::Label, Problem};
//!
//! /// Binary strings of length 2 with no two adjacent ones.
//! #[derive(Clone)]
//! struct NoAdjacentOnes { bits: Vec<u8> }
//! # impl Problem for NoAdjacentOnes {
//! #     type Op = u8;
//! #     type Ops = std::ops::RangeInclusive<u8>;
//! #     type Solution = ();
//! #     fn operators(&self) -> Self::Ops { 0..=1 }
//! #     fn admissible(&self, op: u8) -> bool { !(op == 1 && self.bits.last() == Some(&1)) }
//! #     fn apply(&mut self, op: u8) { self.bits.push(op) }
//! #     fn undo(&mut self, _: u8) { self.bits.pop(); }
//! #     fn is_complete(&self) -> bool { self.bits.len() == 2 }
//! #     fn solution(&self) {}
//! # }
//! # impl Label for NoAdjacentOnes {
//! #     fn label(&self) -> String { format!("{:?}", self.bits) }
//! #     fn op_label(&self, op: u8) -> String { op.to_string() }
//! # }
//!
//! let trace = trace_of(&NoAdjacentOnes { bits: vec![] });
//! assert_eq!(trace, "\
//! enter v1 []
//!   enter v2 by 0 [0]
//!     enter v3 by 0 [0, 0]
//!     solution v3
//!     backtrack v3
//!     enter v4 by 1 [0, 1]
//!     solution v4
//!     backtrack v4
//!   backtrack v2
//!   enter v5 by 1 [1]
//!     enter v6 by 0 [1, 0]
//!     solution v6
//!     backtrack v6
//!     reject 1 [1], then 1
//!   backtrack v5
//! backtrack v1
//! ");
//! ```

use std::fmt::Write as _;

use crate::tree::Label;
use crate::{Control, Observer, Search};

/// The observer that writes the event trace into a `String`. See the [module docs](self).
///
/// Nodes are numbered v1, v2, … in the order they are entered, as in the
/// [solution tree](crate::tree). The trace grows with the search: use it on small problems
/// (it is meant for tests), and use a [`TreeWriter`](crate::tree::TreeWriter) for big ones.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    text: String,
    entered: u64,
    /// The v-numbers of the nodes on the current path, root first.
    path: Vec<u64>,
    /// The label of the operator admitted last, made on the state it applies to.
    admitted: Option<String>,
}

impl Trace {
    /// An empty trace.
    pub fn new() -> Self {
        Self::default()
    }

    /// The trace so far.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The trace.
    pub fn into_string(self) -> String {
        self.text
    }

    fn line(&mut self, depth: usize) -> &mut String {
        for _ in 0..depth {
            self.text.push_str("  ");
        }
        &mut self.text
    }

    fn current(&self) -> u64 {
        self.path.last().copied().unwrap_or(0)
    }

    /// The line of an operator refused (`event` is `reject` or `prune`): the operator, then
    /// the state it would have made.
    fn refused<P: Label + ?Sized>(&mut self, event: &str, problem: &P, depth: usize, op: P::Op) {
        let (op_label, child) = (problem.op_label(op), problem.child_label(op));
        let _ = writeln!(self.line(depth), "{event} {op_label} {child}");
    }
}

impl<P: Label + ?Sized> Observer<P> for Trace {
    fn enter(&mut self, problem: &P, depth: usize, op: Option<P::Op>) -> Control {
        self.entered += 1;
        let id = self.entered;
        self.path.push(id);
        // Labelled on the parent, as `admit` saw it.
        let op = op.map(|op| self.admitted.take().unwrap_or_else(|| problem.op_label(op)));
        let line = self.line(depth);
        let _ = match op {
            Some(op) => writeln!(line, "enter v{id} by {op} {}", problem.label()),
            None => writeln!(line, "enter v{id} {}", problem.label()),
        };
        Control::Continue
    }

    fn admit(&mut self, problem: &P, _: usize, op: P::Op) {
        self.admitted = Some(problem.op_label(op));
    }

    fn reject(&mut self, problem: &P, depth: usize, op: P::Op) {
        self.refused("reject", problem, depth, op);
    }

    fn prune(&mut self, problem: &P, depth: usize, op: P::Op) {
        self.admitted = None;
        self.refused("prune", problem, depth, op);
    }

    fn solution(&mut self, _: &P, depth: usize) {
        let id = self.current();
        let _ = writeln!(self.line(depth), "solution v{id}");
    }

    fn dead_end(&mut self, _: &P, depth: usize) {
        let id = self.current();
        let _ = writeln!(self.line(depth), "dead end v{id}");
    }

    fn bounded(&mut self, _: &P, depth: usize) {
        let id = self.current();
        let _ = writeln!(self.line(depth), "bounded v{id}");
    }

    fn backtrack(&mut self, _: &P, depth: usize) {
        let id = self.current();
        self.path.pop();
        let _ = writeln!(self.line(depth), "backtrack v{id}");
    }
}

/// The event trace of a whole search of `problem` (from its current state), counting every
/// solution. The problem is cloned; `problem` itself is left as it is.
pub fn trace_of<P: Label + Clone>(problem: &P) -> String {
    trace_with(problem.clone(), |search| {
        search.count_solutions();
    })
}

/// The trace of the search that `run` makes of `problem`, in any mode (the first
/// solution, the best by branch and bound, under limits): `run` is given the search,
/// watched by the trace. As for [`record_with`](crate::tree::record_with), `run` owns the
/// search: `|search| { search.best(); }` for a mode that consumes it, `|mut search| {
/// search.next(); }` to iterate it.
pub fn trace_with<P: Label>(problem: P, run: impl FnOnce(Search<P, &mut Trace>)) -> String {
    let mut trace = Trace::new();
    run(Search::new(problem).observer(&mut trace));
    trace.into_string()
}
