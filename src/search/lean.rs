//! The lean count: [`Search::count_solutions`](super::Search::count_solutions) of a problem
//! searched by value, watched by an observer of solutions only
//! ([`Observer::SOLUTIONS_ONLY`]), with no node or solution budget.
//!
//! The general kernel keeps a frame for every node of the path, so that the search can
//! pause between two solutions, go on after a stop, and tell every observer of every
//! event. A count that does none of that can do less at each node:
//!
//! - The node being expanded and its remaining search range live in locals, not on the
//!   stack: a frame is pushed only for a parent that still has operators to try (a parent
//!   down to its last child is not kept, as a recursive search's tail call).
//! - Each node's next admissible operator is fetched ahead, so that the test above is
//!   exact, and so that a child with none is known as a dead end without being pushed.
//! - The node count is the sum of the three ways to enter a node (a solution, a dead end,
//!   a node expanded); the clock and the cancellation flag are looked at every so many
//!   nodes expanded.
//!
//! The statistics are the general kernel's, to the last node: the tests compare the two
//! on random trees.

use super::{copy_of, Run};
use crate::{Limits, Observer, Problem, StopReason};

/// A node that still has operators to try: its state, the rest of its search range, the
/// next admissible operator (fetched ahead), and its depth.
struct Parent<P: Problem> {
    state: P,
    ops: P::Ops,
    next: P::Op,
    depth: usize,
}

/// The figures of a lean count, kept in locals while it runs.
#[derive(Default)]
struct Tally {
    solutions: u64,
    /// Nodes entered that had no admissible operator.
    dead_ends: u64,
    /// Was the root one of them?
    root_dead: bool,
    /// Nodes entered and expanded, the root not included, as of the last look at the
    /// limits (those since are counted down in `left`).
    expanded: u64,
    rejections: u64,
    /// The depth of the deepest node entered below a node expanded and left for good.
    deepest: usize,
}

impl Tally {
    /// Nodes entered, the root's included, with `since` nodes expanded since the last look.
    fn nodes(&self, since: u64) -> u64 {
        1 + self.solutions + self.dead_ends - u64::from(self.root_dead) + self.expanded + since
    }

    /// Stores the figures into `run`: `since` nodes expanded since the last look, `entered`
    /// more nodes entered and not yet counted, and the path `depth` deep.
    fn store(&self, run: &mut Run, since: u64, entered: u64, depth: usize) {
        let stats = &mut run.stats;
        stats.nodes = self.nodes(since) + entered;
        stats.solutions = self.solutions;
        stats.dead_ends = self.dead_ends;
        stats.rejections = self.rejections;
        // The nodes entered below the path are below nodes left for good, or on it.
        stats.max_depth = self.deepest.max(depth);
    }
}

/// Counts the solutions of the tree below `root`, a problem searched by value, into
/// `run`'s statistics, with `observer` told of each solution; `run` is fresh. Returns
/// why a limit stopped the count, if one did.
#[inline(never)]
#[expect(
    clippy::too_many_lines,
    reason = "one loop: splitting it would hide the control flow, as in the general kernel"
)]
pub(super) fn count<P, O>(
    root: &P,
    observer: &mut O,
    limits: &Limits,
    run: &mut Run,
) -> Option<StopReason>
where
    P: Problem,
    O: Observer<P>,
{
    if let Some(reason) = run.poll(limits) {
        return Some(reason);
    }
    run.stats.nodes = 1;
    if root.is_complete() {
        run.stats.solutions = 1;
        observer.solution(root, 0);
        return None;
    }
    let mut tally = Tally::default();
    // Expansions before the limits are looked at again (at least one node was entered),
    // counted down from `allowed`.
    let mut allowed = run.checkpoint.saturating_sub(1).max(1);
    let mut left = allowed;
    let mut rejections_look = run.refusal_looks.0;

    /// The next admissible operator of `$ops`, the search range of `$state` at `$depth`
    /// (`$entered` if the state is a node not yet counted): each refused one counted, and
    /// every so many the clock looked at.
    macro_rules! admitted {
        ($state:expr, $ops:expr, $entered:expr, $depth:expr) => {
            loop {
                match $ops.next() {
                    None => break None,
                    Some(op) if $state.admissible(op) => break Some(op),
                    Some(_) => {
                        tally.rejections += 1;
                        if tally.rejections >= rejections_look {
                            tally.store(run, allowed - left, $entered, $depth);
                            let (reason, more) = run.refusals_look(limits);
                            rejections_look = tally.rejections.saturating_add(more);
                            if reason.is_some() {
                                return reason;
                            }
                        }
                    }
                }
            }
        };
    }

    let mut stack: Vec<Parent<P>> = Vec::new();
    let mut state = copy_of(root);
    let mut ops = state.operators();
    let mut depth = 0;
    let Some(mut op) = admitted!(state, ops, 0, 0) else {
        tally.dead_ends = 1;
        tally.root_dead = true;
        tally.store(run, 0, 0, 0);
        return None;
    };
    'search: loop {
        // `op`, admissible, is tried on `state`; `next` is the one after it.
        let next = admitted!(state, ops, 0, depth);
        let mut child = copy_of(&state);
        child.apply(op);
        'leaf: {
            if child.is_complete() {
                tally.solutions += 1;
                observer.solution(&child, depth + 1);
                break 'leaf;
            }
            let mut child_ops = child.operators();
            let Some(child_op) = admitted!(child, child_ops, 1, depth + 1) else {
                tally.dead_ends += 1;
                break 'leaf;
            };
            if let Some(next) = next {
                stack.push(Parent {
                    state,
                    ops,
                    next,
                    depth,
                });
            }
            depth += 1;
            state = child;
            ops = child_ops;
            op = child_op;
            left -= 1;
            if left == 0 {
                tally.expanded += allowed;
                tally.store(run, 0, 0, depth);
                if let Some(reason) = run.poll(limits) {
                    return Some(reason);
                }
                allowed = run.checkpoint.saturating_sub(tally.nodes(0)).max(1);
                left = allowed;
            }
            continue 'search;
        }
        // `state` entered a leaf, at `depth + 1`.
        match next {
            Some(next) => op = next,
            // The layout of this match measured faster than `if let` and `let else`.
            #[expect(
                clippy::single_match_else,
                reason = "measured: the other forms compile to a slower loop"
            )]
            None => match stack.pop() {
                // `state`, which entered a child, is left for good, and with it the nodes
                // since `parent`, each deeper than the one before.
                Some(parent) => {
                    tally.deepest = tally.deepest.max(depth + 1);
                    state = parent.state;
                    ops = parent.ops;
                    op = parent.next;
                    depth = parent.depth;
                }
                None => {
                    tally.deepest = tally.deepest.max(depth + 1);
                    tally.store(run, allowed - left, 0, 0);
                    return None;
                }
            },
        }
    }
}
