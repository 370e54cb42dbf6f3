//! The lean count: [`Search::count_solutions`](super::Search::count_solutions) watched by
//! an observer of solutions only ([`Solutions`](crate::observer::Solutions)), with no node
//! or solution budget.
//!
//! The general kernel keeps a frame for every node of the path, so that the search can
//! pause between two solutions, go on after a stop, and tell every observer of every
//! event. A count that does none of that can do less at each node:
//!
//! - Each node's first admissible operator is fetched as the node is entered, so that a
//!   node with none is known as a dead end without a frame.
//! - The node being expanded and its remaining search range live in locals, not on the
//!   stack.
//! - Searched by value, a frame is pushed only for a parent that still has operators to
//!   try (a parent down to its last child is not kept, as a recursive search's tail
//!   call): each node's next admissible operator is fetched ahead, so that this is known.
//! - The nodes entered are counted down to the next look at the clock and the
//!   cancellation flag; the other figures are counted only where they change.
//!
//! The statistics are the general kernel's, to the last node: the tests compare the two
//! on random trees, whole and stopped.
//!
//! Why a loop of its own, not a mode of the kernel: what it saves is the frames, the
//! per-node figures and the checks for a pause, which every mode of the kernel has: on the
//! count in place in the symmetric space, the kernel takes a quarter more instructions
//! (BENCHMARKS.md, "The lean count", measures both; by value, a few per cent). It keeps two
//! walks,
//! by value ([`walk_copies`]) and in place ([`walk_in_place`]), because their stacks differ:
//! by value a frame only for a parent with operators left, its next one fetched ahead; in
//! place a frame for every node of the path, with the operator to undo.

use super::Run;
use crate::{ByValue, Limits, Observer, Problem, StopReason};

/// The figures of a lean count, kept in locals while it runs.
struct Tally {
    /// Nodes entered as of the last look at the limits, the root included (those since are
    /// counted down in `left`).
    counted: u64,
    solutions: u64,
    /// Nodes entered that had no admissible operator.
    dead_ends: u64,
    /// The depth of the deepest leaf entered (a solution or a dead end). Every node
    /// expanded enters a child, so the deepest node entered is a leaf or on the path.
    deepest: usize,
}

impl Tally {
    /// The figures of a count whose root was entered.
    fn new() -> Self {
        Tally {
            counted: 1,
            solutions: 0,
            dead_ends: 0,
            deepest: 0,
        }
    }

    /// Stores the figures into `run`: `since` nodes entered since the last look, the
    /// operators `refused`, and the path `depth` deep.
    fn store(&self, run: &mut Run, since: u64, refused: Refused, depth: usize) {
        let stats = &mut run.stats;
        stats.nodes = self.counted + since;
        stats.solutions = self.solutions;
        stats.dead_ends = self.dead_ends;
        stats.rejections = refused.count();
        // The deepest node entered is a leaf or on the path.
        stats.max_depth = self.deepest.max(depth);
    }
}

/// The operators refused, counted down to the next look at the clock: kept apart from
/// [`Context`], and never borrowed by the looks at the limits, so that the loop over a
/// search range keeps them in registers (in memory, a refusal costs a load and a store),
/// and counted down, so that a refusal is one decrement and one branch on zero (counted up
/// and compared with the next look's count, it takes a third instruction).
#[derive(Clone, Copy)]
struct Refused {
    /// Refusals until the next look, the one that looks included: never 0 between two.
    left: u64,
    /// The refusal count at which `left` comes to 0.
    end: u64,
}

impl Refused {
    /// `count` operators refused, the limits to be looked at when the count comes to
    /// `look` (at the next refusal if it is there already).
    fn until(count: u64, look: u64) -> Self {
        let left = look.saturating_sub(count).max(1);
        Refused {
            left,
            end: count.saturating_add(left),
        }
    }

    /// The operators refused so far.
    fn count(self) -> u64 {
        self.end - self.left
    }
}

/// A node searched by value that still has operators to try: its state, the rest of its
/// search range, the next admissible operator (fetched ahead), and its depth.
struct Parent<P: Problem> {
    state: P,
    ops: P::Ops,
    next: P::Op,
    depth: usize,
}

/// The next admissible operator of the search range `ops` of `state`, a node already
/// counted: each refused one counted, and every so many the clock looked at, the path
/// being `depth` deep, `left` nodes still allowed before the next look at the limits.
/// `Err` says why the limits stop the count there.
#[inline(always)]
#[expect(
    clippy::inline_always,
    reason = "part of the lean kernels: keeps `refused` in registers"
)]
fn admitted<P: Problem>(
    cx: &mut Context,
    refused: &mut Refused,
    left: u64,
    state: &P,
    ops: &mut P::Ops,
    depth: usize,
) -> Result<Option<P::Op>, StopReason> {
    loop {
        let Some(op) = ops.next() else {
            return Ok(None);
        };
        if state.admissible(op) {
            return Ok(Some(op));
        }
        refused.left -= 1;
        if refused.left == 0 {
            *refused = cx.refusals_look(depth, *refused, left)?;
        }
    }
}

/// A node is about to be entered, the path `depth` deep: counted down in `left`, and at
/// the end of the count the limits looked at. `Err` says why they stop the count.
#[inline(always)]
#[expect(
    clippy::inline_always,
    reason = "part of the lean kernels: keeps `left` in registers"
)]
fn before_entering(
    cx: &mut Context,
    refused: Refused,
    left: &mut u64,
    depth: usize,
) -> Result<(), StopReason> {
    if *left == 0 {
        *left = cx.look(depth, refused)?;
    }
    *left -= 1;
    Ok(())
}

/// What both lean kernels keep besides their path, the operators refused ([`Refused`]),
/// and the nodes that may be entered before the limits are looked at again, counted down
/// from `allowed` (in a local, `left`, apart from the context for the same reason as the
/// refusals: in memory, it costs a load and a store a node).
struct Context<'a> {
    tally: Tally,
    run: &'a mut Run,
    limits: &'a Limits,
    allowed: u64,
}

impl<'a> Context<'a> {
    /// The context of a count whose root was entered (and is not complete), its refusals
    /// (none yet), and the nodes it may enter before it looks at the limits.
    fn new(run: &'a mut Run, limits: &'a Limits) -> (Self, Refused, u64) {
        let allowed = run.checkpoint.saturating_sub(1).max(1);
        let refused = Refused::until(0, run.refusal_looks.0);
        let cx = Context {
            tally: Tally::new(),
            run,
            limits,
            allowed,
        };
        (cx, refused, allowed)
    }

    /// The nodes allowed between two looks were entered, the path `depth` deep: looks at
    /// the limits. Returns the nodes allowed until the next look, or why they stop the
    /// count.
    #[cold]
    #[inline(never)]
    fn look(&mut self, depth: usize, refused: Refused) -> Result<u64, StopReason> {
        self.tally.counted += self.allowed;
        self.tally.store(self.run, 0, refused, depth);
        let reason = self.run.poll(self.limits);
        self.allowed = self
            .run
            .checkpoint
            .saturating_sub(self.tally.counted)
            .max(1);
        reason.map_or(Ok(self.allowed), Err)
    }

    /// So many operators were `refused` since the last look on their account, the path
    /// `depth` deep, `left` nodes still allowed before the next look at the limits: looks
    /// at them. Returns the refusals counted down to the next look, or why they stop the
    /// count.
    #[cold]
    #[inline(never)]
    fn refusals_look(
        &mut self,
        depth: usize,
        refused: Refused,
        left: u64,
    ) -> Result<Refused, StopReason> {
        self.tally
            .store(self.run, self.allowed - left, refused, depth);
        match self.run.refusals_look(self.limits) {
            (Some(reason), _) => Err(reason),
            (None, more) => {
                let count = refused.count();
                Ok(Refused::until(count, count.saturating_add(more)))
            }
        }
    }

    /// The count ended, with `refused` operators and `left` nodes allowed before the next
    /// look: stores its figures.
    fn end(self, refused: Refused, left: u64) -> Option<StopReason> {
        self.tally.store(self.run, self.allowed - left, refused, 0);
        None
    }
}

/// Counts the solutions of the tree below `problem`, the root, into `run`'s statistics,
/// with `observer` told of each solution; the root is entered (and not complete), and the
/// limits were looked at before it. Searched by value if the root says so, else in place
/// (and left at the root again whether the count ends or stops). Returns why a limit
/// stopped the count, if one did.
#[inline(never)]
pub(super) fn count<P, O>(
    problem: &mut P,
    observer: &mut O,
    limits: &Limits,
    run: &mut Run,
) -> Option<StopReason>
where
    P: Problem,
    O: Observer<P>,
{
    let (mut cx, mut refused, mut left) = Context::new(run, limits);
    // Asked once, of the root, here: a constant for each problem type once inlined, so that
    // only one walk is compiled and the walk by value inlines its copies.
    let walked = match P::by_value(problem) {
        Some(by_value) => walk_copies(
            &mut cx,
            &mut refused,
            &mut left,
            &*problem,
            by_value,
            observer,
        ),
        None => walk_in_place(&mut cx, &mut refused, &mut left, problem, observer),
    };
    match walked {
        Ok(()) => cx.end(refused, left),
        Err(reason) => Some(reason),
    }
}

/// [`count`]'s walk by value, its figures in `cx`, `refused` and `left`: `Err` says why a limit
/// stopped it.
#[inline(always)]
#[expect(
    clippy::inline_always,
    reason = "keeps `refused` and `left` in registers"
)]
fn walk_copies<P, O>(
    cx: &mut Context,
    refused: &mut Refused,
    left: &mut u64,
    root: &P,
    by_value: ByValue<P>,
    observer: &mut O,
) -> Result<(), StopReason>
where
    P: Problem,
    O: Observer<P>,
{
    let mut stack: Vec<Parent<P>> = Vec::new();
    let mut state = by_value.copy(root);
    let mut ops = state.operators();
    let mut depth = 0;
    let Some(mut op) = admitted(cx, refused, *left, &state, &mut ops, 0)? else {
        cx.tally.dead_ends = 1;
        return Ok(());
    };
    let mut next = admitted(cx, refused, *left, &state, &mut ops, 0)?;
    'search: loop {
        // `op`, admissible, is tried on `state`; `next`, fetched ahead, is the one after.
        before_entering(cx, *refused, left, depth)?;
        let mut child = by_value.copy(&state);
        child.apply(op);
        'leaf: {
            if child.is_complete() {
                cx.tally.solutions += 1;
                observer.solution(&child, depth + 1);
                break 'leaf;
            }
            let mut child_ops = child.operators();
            let Some(child_op) = admitted(cx, refused, *left, &child, &mut child_ops, depth + 1)?
            else {
                cx.tally.dead_ends += 1;
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
            next = admitted(cx, refused, *left, &state, &mut ops, depth)?;
            continue 'search;
        }
        // `state` entered a leaf, at `depth + 1`: the deepest nodes are leaves.
        cx.tally.deepest = cx.tally.deepest.max(depth + 1);
        if let Some(after) = next {
            op = after;
            next = admitted(cx, refused, *left, &state, &mut ops, depth + 1)?;
        } else {
            // `state` is left for good, and with it the nodes since the parent popped.
            let Some(parent) = stack.pop() else {
                return Ok(());
            };
            state = parent.state;
            ops = parent.ops;
            op = parent.next;
            depth = parent.depth;
            next = admitted(cx, refused, *left, &state, &mut ops, depth + 1)?;
        }
    }
}

/// A node searched in place, above the one being expanded: the rest of its search range,
/// and the operator that made it, to undo when it is left (for the root, which is never
/// undone, any operator: the slot is filled, and never read).
struct Open<P: Problem> {
    ops: P::Ops,
    made_by: P::Op,
}

/// Undoes `child` if any, and the operators that made the nodes in `path` below the root:
/// back at the root.
fn unwind<P: Problem>(problem: &mut P, path: &[Open<P>], child: Option<P::Op>) {
    if let Some(child) = child {
        problem.undo(child);
    }
    for open in path[1..].iter().rev() {
        problem.undo(open.made_by);
    }
}

/// [`count`]'s walk in place, its figures in `cx`, `refused` and `left`: `Err` says why a
/// limit stopped it, the problem back at the root.
#[inline(always)]
#[expect(
    clippy::inline_always,
    reason = "keeps `refused` and `left` in registers"
)]
fn walk_in_place<P, O>(
    cx: &mut Context,
    refused: &mut Refused,
    left: &mut u64,
    problem: &mut P,
    observer: &mut O,
) -> Result<(), StopReason>
where
    P: Problem,
    O: Observer<P>,
{
    let mut root_ops = problem.operators();
    let Some(mut op) = admitted(cx, refused, *left, problem, &mut root_ops, 0)? else {
        cx.tally.dead_ends = 1;
        return Ok(());
    };
    // The path, root first, in `stack[..=live]`: each node's remaining search range and
    // the operator that made it; the node being expanded is `stack[live]`, its depth
    // `live`. Indexed through a slice while it need not grow, with `live` in a register,
    // and each range used where it lies (moving ranges about cost more than the frames).
    // An operator, not an `Option`, in every slot: no tag to write at each node.
    let mut stack: Vec<Open<P>> = vec![Open {
        ops: root_ops,
        made_by: op,
    }];
    let mut live = 0;
    'grow: loop {
        let slots = &mut stack[..];
        'search: loop {
            // `op`, admissible, is tried on the node being expanded, at depth `live`.
            let depth = live;
            if let Err(reason) = before_entering(cx, *refused, left, depth) {
                unwind(problem, &slots[..=live], None);
                return Err(reason);
            }
            problem.apply(op);
            'leaf: {
                if problem.is_complete() {
                    cx.tally.solutions += 1;
                    observer.solution(problem, depth + 1);
                    break 'leaf;
                }
                let mut child_ops = problem.operators();
                let child_op =
                    match admitted(cx, refused, *left, problem, &mut child_ops, depth + 1) {
                        Ok(Some(child_op)) => child_op,
                        Ok(None) => {
                            cx.tally.dead_ends += 1;
                            break 'leaf;
                        }
                        Err(reason) => {
                            unwind(problem, &slots[..=live], Some(op));
                            return Err(reason);
                        }
                    };
                let open = Open {
                    ops: child_ops,
                    made_by: op,
                };
                op = child_op;
                live += 1;
                if live < slots.len() {
                    slots[live] = open;
                    continue 'search;
                }
                stack.push(open);
                continue 'grow;
            }
            // The child was a leaf, at `depth + 1`: the deepest nodes are leaves.
            problem.undo(op);
            cx.tally.deepest = cx.tally.deepest.max(depth + 1);
            // The next operator of the node being expanded, or of the nearest node above it
            // that has one; each of them entered a child.
            loop {
                let depth = live;
                match admitted(cx, refused, *left, problem, &mut slots[live].ops, depth + 1) {
                    Ok(Some(next)) => {
                        op = next;
                        break;
                    }
                    Ok(None) => {}
                    Err(reason) => {
                        unwind(problem, &slots[..=live], None);
                        return Err(reason);
                    }
                }
                // The node is left for good.
                if live == 0 {
                    return Ok(());
                }
                problem.undo(slots[live].made_by);
                live -= 1;
            }
        }
    }
}
