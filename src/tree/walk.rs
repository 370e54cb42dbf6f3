//! What the recorder and the writer share: the entries, v-numbers and counts made from the
//! events of a search, and the path of nodes still open.

use super::{Label, Node, Status};
use crate::{Control, Observer, Stats, StopReason};

/// Which refused attempts a recorder or writer shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Shown {
    /// Also the operators refused by the constraints (pruned attempts are always shown).
    pub(super) rejected: bool,
}

impl Shown {
    fn shows(self, status: Status) -> bool {
        status != Status::Rejected || self.rejected
    }
}

/// Where a [`Walk`] puts the entries it makes: the recorder's arena, the writer's output.
pub(super) trait Sink {
    /// A node is entered; its status is [`Status::CutOff`] until it is known. Returns
    /// whether the node was taken: if not, the walk stops the search.
    fn open(&mut self, node: Node) -> bool;

    /// An attempt refused under the innermost open node, to be shown. Returns whether it
    /// was taken: if not, the walk stops the search.
    fn attempt(&mut self, node: Node) -> bool;

    /// The status of the innermost open node is known, once per node: a solution or a dead
    /// end as the search finds it so, else a branch or a pruned node as it is left.
    fn settle(&mut self, status: Status);

    /// The innermost open node is left (after it is settled).
    fn close(&mut self) {}
}

/// A node on the path from the root to the node being searched.
#[derive(Clone, Copy, Debug)]
struct Open {
    id: u64,
    had_child: bool,
    settled: bool,
}

/// The observer inside [`Recorder`](super::Recorder) and [`TreeWriter`](super::TreeWriter):
/// numbers the nodes, makes an entry of each node and shown attempt for its sink, tells the
/// sink what became of each node, and counts what it passed on.
#[derive(Clone, Debug)]
pub(super) struct Walk<S> {
    pub(super) sink: S,
    pub(super) shown: Shown,
    stats: Stats,
    path: Vec<Open>,
    /// The sink refused an entry: from then on nothing is counted or passed on, and the
    /// search is stopped at its next node.
    halted: bool,
    /// Why the search stopped before the end, if it did.
    stopped: Option<StopReason>,
    /// The label of the operator admitted last, made on the state it applies to, for the
    /// child about to be entered.
    admitted: Option<String>,
}

impl<S: Sink> Walk<S> {
    /// A walk into `sink`, showing pruned attempts but not rejected ones.
    pub(super) fn new(sink: S) -> Self {
        Walk {
            sink,
            shown: Shown::default(),
            stats: Stats::default(),
            path: Vec::new(),
            halted: false,
            stopped: None,
            admitted: None,
        }
    }

    /// The counts of what was passed on to the sink (no time).
    pub(super) fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Did the sink refuse an entry?
    pub(super) fn halted(&self) -> bool {
        self.halted
    }

    /// Why the search stopped before the end, if it said so.
    pub(super) fn stopped(&self) -> Option<StopReason> {
        self.stopped
    }

    /// Has the search ended at the end of its tree, every entry passed on: the root was
    /// entered and every node entered was left?
    pub(super) fn is_complete(&self) -> bool {
        !self.halted && self.stats.nodes > 0 && self.path.is_empty()
    }

    /// The v-numbers of the nodes entered but not finished, root first: those of the path,
    /// when the search stopped, that are neither a solution nor a dead end.
    pub(super) fn cut_off(&self) -> impl Iterator<Item = u64> + '_ {
        self.path
            .iter()
            .filter(|open| !open.settled)
            .map(|open| open.id)
    }

    fn settle(&mut self, status: Status) {
        if let Some(open) = self.path.last_mut() {
            open.settled = true;
            self.sink.settle(status);
        }
    }

    fn attempt<P: Label + ?Sized>(&mut self, problem: &P, depth: usize, op: P::Op, status: Status) {
        if self.shown.shows(status) {
            let node = Node {
                id: None,
                parent: self.path.last().map(|open| open.id),
                depth,
                op: Some(problem.op_label(op)),
                label: problem.child_label(op),
                status,
            };
            if !self.sink.attempt(node) {
                self.halted = true;
                return;
            }
        }
        if status == Status::Rejected {
            self.stats.rejections += 1;
        } else {
            self.stats.prunings += 1;
        }
    }
}

impl<P: Label + ?Sized, S: Sink> Observer<P> for Walk<S> {
    fn enter(&mut self, problem: &P, depth: usize, op: Option<P::Op>) -> Control {
        if self.halted {
            return Control::Halt;
        }
        let id = self.stats.nodes + 1;
        let node = Node {
            id: Some(id),
            parent: self.path.last().map(|open| open.id),
            depth,
            // Labelled on the parent, as `admit` saw it (a walk told of no `admit`, as by a
            // hand-driven observer, labels it on the child).
            op: op.map(|op| self.admitted.take().unwrap_or_else(|| problem.op_label(op))),
            label: problem.label(),
            status: Status::CutOff,
        };
        if !self.sink.open(node) {
            self.halted = true;
            return Control::Halt;
        }
        if let Some(parent) = self.path.last_mut() {
            parent.had_child = true;
        }
        self.path.push(Open {
            id,
            had_child: false,
            settled: false,
        });
        self.stats.nodes = id;
        self.stats.max_depth = self.stats.max_depth.max(depth);
        Control::Continue
    }

    fn admit(&mut self, problem: &P, _: usize, op: P::Op) {
        if !self.halted {
            self.admitted = Some(problem.op_label(op));
        }
    }

    fn reject(&mut self, problem: &P, depth: usize, op: P::Op) {
        if !self.halted {
            self.attempt(problem, depth, op, Status::Rejected);
        }
    }

    fn prune(&mut self, problem: &P, depth: usize, op: P::Op) {
        self.admitted = None;
        if !self.halted {
            self.attempt(problem, depth, op, Status::Pruned);
        }
    }

    fn stop(&mut self, _: &P, reason: StopReason) {
        self.stopped = Some(reason);
    }

    fn solution(&mut self, _: &P, _: usize) {
        if !self.halted {
            self.stats.solutions += 1;
            self.settle(Status::Solution);
        }
    }

    fn dead_end(&mut self, _: &P, _: usize) {
        if !self.halted {
            self.stats.dead_ends += 1;
            self.settle(Status::DeadEnd);
        }
    }

    fn bounded(&mut self, _: &P, _: usize) {
        if !self.halted {
            self.stats.bounded += 1;
            self.settle(Status::Bounded);
        }
    }

    fn backtrack(&mut self, _: &P, _: usize) {
        if self.halted {
            return;
        }
        if let Some(&Open {
            had_child, settled, ..
        }) = self.path.last()
        {
            if !settled {
                // A node left without being a solution or a dead end: a branch, or, if it
                // was never expanded, one an observer pruned.
                self.settle(if had_child {
                    Status::Branch
                } else {
                    Status::Pruned
                });
            }
            self.sink.close();
            self.path.pop();
        }
    }
}

/// Implements [`Observer`] for a type whose field `walk` is a [`Walk`], by handing every
/// event to the walk.
macro_rules! observe_through_walk {
    (impl<$($param:ident: $bound:path),*> for $ty:ty) => {
        impl<P: Label + ?Sized, $($param: $bound),*> Observer<P> for $ty {
            fn enter(&mut self, problem: &P, depth: usize, op: Option<P::Op>) -> Control {
                self.walk.enter(problem, depth, op)
            }
            fn admit(&mut self, problem: &P, depth: usize, op: P::Op) {
                self.walk.admit(problem, depth, op);
            }
            fn reject(&mut self, problem: &P, depth: usize, op: P::Op) {
                self.walk.reject(problem, depth, op);
            }
            fn prune(&mut self, problem: &P, depth: usize, op: P::Op) {
                self.walk.prune(problem, depth, op);
            }
            fn solution(&mut self, problem: &P, depth: usize) {
                self.walk.solution(problem, depth);
            }
            fn dead_end(&mut self, problem: &P, depth: usize) {
                self.walk.dead_end(problem, depth);
            }
            fn bounded(&mut self, problem: &P, depth: usize) {
                self.walk.bounded(problem, depth);
            }
            fn backtrack(&mut self, problem: &P, depth: usize) {
                self.walk.backtrack(problem, depth);
            }
            fn stop(&mut self, problem: &P, reason: $crate::StopReason) {
                self.walk.stop(problem, reason);
            }
        }
    };
}

pub(super) use observe_through_walk;
