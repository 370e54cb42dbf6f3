//! Where a search is between two calls into the kernel ([`Run`]), and the figures the
//! kernel keeps in locals while it runs ([`Hot`]).

use std::time::Instant;

use super::clock::{Interval, FIRST_INTERVAL};
use crate::{Limits, Stats, StopReason};

/// Where the search is, between two calls into the kernel.
pub(super) struct Run {
    pub(super) stats: Stats,
    pub(super) phase: Phase,
    /// Frames on the current path.
    pub(super) live: usize,
    /// The node on top of the stack has had no child entered yet.
    pub(super) fresh: bool,
    /// A child of the node on top was pruned by the bound (branch and bound; looked at
    /// only while `fresh`).
    pub(super) cut: bool,
    /// The deepest leaf entered: a solution, a dead end, a node pruned by an observer or
    /// whose children the bound all pruned.
    pub(super) deepest_leaf: usize,
    /// The node count at which limits are next looked at.
    pub(super) checkpoint: u64,
    /// The rejection and pruning counts at which the clock and the cancellation flag are
    /// looked at next: a node whose search range is long and all refused enters no node,
    /// and must not hide the limits.
    pub(super) refusal_looks: (u64, u64),
    /// How many nodes, and how many refused operators, come between two looks at the clock:
    /// each adapted so that its looks come about every half millisecond.
    pub(super) intervals: (Interval, Interval),
    /// The nodes and solutions already published to the meter.
    pub(super) published: (u64, u64),
    /// When the first call into the engine began: the time limit runs from there, through
    /// the time the caller spends between calls (printing a solution, say).
    pub(super) began: Option<Instant>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Phase {
    Fresh,
    Running,
    /// Stopped by a limit or a cancellation, where it can go on (given other limits).
    Suspended(StopReason),
    /// Ended: the tree exhausted (`None`), or stopped for good (an observer's
    /// [`Control::Halt`](crate::Control::Halt); a solution budget met at the root).
    Done(Option<StopReason>),
}

/// What the kernel does next, after arriving at a node.
#[derive(Clone, Copy)]
pub(super) enum Flow {
    /// Return to the caller with a solution in hand (the search may have ended with it).
    Pause,
    /// End the search: `None` when the tree is exhausted (or the phase already says why).
    End(Option<StopReason>),
}

/// The figures the kernel touches at every node, kept in locals while it runs (so the
/// compiler can keep them in registers) and stored back into [`Run`] before anything reads
/// them there.
#[derive(Clone, Copy)]
pub(super) struct Hot {
    /// Nodes that may be entered before the limits are looked at again: the node count is
    /// `Run::checkpoint - left`.
    pub(super) left: u64,
    pub(super) solutions: u64,
    pub(super) dead_ends: u64,
    pub(super) bounded: u64,
    pub(super) rejections: u64,
    pub(super) prunings: u64,
    pub(super) fresh: bool,
    /// Was a child of the top node pruned by the bound? (Looked at only when `fresh`.)
    pub(super) cut: bool,
    pub(super) deepest_leaf: usize,
    /// The rejection count at which to look at the clock next.
    pub(super) rejections_look: u64,
    /// The pruning count at which to look at the clock next.
    pub(super) prunings_look: u64,
    /// The solution budget, `u64::MAX` for none.
    pub(super) solution_cap: u64,
}

impl Run {
    pub(super) fn new() -> Self {
        Run {
            stats: Stats::default(),
            phase: Phase::Fresh,
            live: 0,
            fresh: false,
            cut: false,
            deepest_leaf: 0,
            checkpoint: 0,
            refusal_looks: (FIRST_INTERVAL, FIRST_INTERVAL),
            intervals: (Interval::new(), Interval::new()),
            published: (0, 0),
            began: None,
        }
    }

    #[inline]
    pub(super) fn hot(&self, limits: &Limits) -> Hot {
        Hot {
            left: self.checkpoint.saturating_sub(self.stats.nodes),
            solutions: self.stats.solutions,
            dead_ends: self.stats.dead_ends,
            bounded: self.stats.bounded,
            rejections: self.stats.rejections,
            prunings: self.stats.prunings,
            fresh: self.fresh,
            cut: self.cut,
            deepest_leaf: self.deepest_leaf,
            rejections_look: self.refusal_looks.0,
            prunings_look: self.refusal_looks.1,
            solution_cap: limits.solutions.unwrap_or(u64::MAX),
        }
    }

    /// Stores the hot figures back.
    #[inline]
    pub(super) fn store(&mut self, hot: Hot) {
        self.stats.nodes = self.checkpoint - hot.left;
        self.stats.solutions = hot.solutions;
        self.stats.dead_ends = hot.dead_ends;
        self.stats.bounded = hot.bounded;
        self.stats.rejections = hot.rejections;
        self.stats.prunings = hot.prunings;
        self.fresh = hot.fresh;
        self.cut = hot.cut;
        self.deepest_leaf = hot.deepest_leaf;
        self.refusal_looks = (hot.rejections_look, hot.prunings_look);
    }

    /// Stores the hot figures back as the kernel is left with a path of `live` nodes, and
    /// the depth reached: not at each look at the limits, where nothing reads them, so
    /// that the path's depth is not worked out at every node.
    #[inline]
    pub(super) fn store_on_exit(&mut self, hot: Hot, live: usize) {
        self.store(hot);
        self.live = live;
        // Every node expanded enters a child or is left as a leaf (all its children
        // pruned), unless the search stops first: the deepest node is a leaf or on the path.
        self.stats.max_depth = self
            .stats
            .max_depth
            .max(hot.deepest_leaf)
            .max(live.saturating_sub(1));
    }

    pub(super) fn is_done(&self) -> bool {
        matches!(self.phase, Phase::Done(_) | Phase::Suspended(_))
    }
}
