//! The one kernel behind every mode and both tapes: the depth-first walk with an explicit
//! stack, resumable between two solutions and after a stop.
//!
//! The walk is two steps. [`Walker::descend`] tries an admissible operator of the node on
//! top of the stack: the child is made, entered, and either left at once (a leaf: a
//! solution, a dead end, or pruned) or pushed with its first admissible operator, the
//! operator tried next. [`Walker::advance`] finds the next admissible operator of the top
//! node, leaving every node whose search range is spent on the way up. A node's first
//! operator is fetched as the node is entered, so a dead end is told as such without a
//! frame, and the stack holds only nodes with an operator still to try or being tried.
//!
//! What differs between the modes (the first solution, all, their count, the best) is
//! [`Mode`], and between searching in place and by value [`Tape`]: both are type
//! parameters, so each search is compiled into a loop of its own with no test of either at
//! run time, and an observer's empty hooks compile to nothing.

use std::marker::PhantomData;

use super::mode::Mode;
use super::run::{Flow, Hot, Phase, Run};
use super::tape::{Copies, InPlace, Tape};
use super::Search;
use crate::{Control, Limits, Observer, Problem, StopReason};

impl<P: Problem, O: Observer<P>> Search<P, O> {
    /// Runs until the mode asks to pause (returns `true`) or the search ends (`false`), with
    /// the stack the problem chooses.
    #[inline(always)]
    #[expect(
        clippy::inline_always,
        reason = "the kernel is compiled into each mode, its hooks inlined"
    )]
    pub(super) fn kernel<M: Mode<P>>(&mut self, mode: &mut M) -> bool {
        match self.run.phase {
            Phase::Done(_) => return false,
            // Stopped before the root was entered: starts afresh.
            Phase::Suspended(_) if self.run.live == 0 && self.run.stats.nodes == 0 => {
                self.run.phase = Phase::Fresh;
            }
            Phase::Suspended(_) => {
                // Goes on from where it stopped, its limits looked at first.
                self.run.phase = Phase::Running;
                self.run.checkpoint = self.run.stats.nodes;
            }
            Phase::Fresh | Phase::Running => {}
        }
        // A constant of the type: only the one walk is compiled.
        if P::BY_VALUE.is_some() {
            self.walk::<M, Copies>(mode)
        } else {
            self.walk::<M, InPlace>(mode)
        }
    }

    #[inline(always)]
    #[expect(clippy::inline_always, reason = "part of the kernel")]
    fn walk<M: Mode<P>, T: Tape<P>>(&mut self, mode: &mut M) -> bool {
        let Search {
            problem,
            observer,
            limits,
            places,
            values,
            pending,
            run,
        } = self;
        let frames = T::frames(places, values);
        let (flow, untried) =
            walk::<P, O, M, T>(problem, observer, limits, run, mode, frames, pending.take());
        *pending = untried;
        let paused = match flow {
            Flow::Pause => true,
            Flow::End(reason) => {
                if !self.run.is_done() {
                    self.run.phase = match reason {
                        Some(StopReason::Observer) | None => Phase::Done(reason),
                        Some(reason) => Phase::Suspended(reason),
                    };
                }
                false
            }
        };
        match self.run.phase {
            Phase::Done(reason) => {
                if let Some(reason) = reason {
                    self.observer.stop(&self.problem, reason);
                }
                self.unwind();
            }
            // The path stays, to go on from.
            Phase::Suspended(reason) => self.observer.stop(&self.problem, reason),
            Phase::Fresh | Phase::Running => {}
        }
        paused
    }
}

/// The walk, from where `run` left off (the operator `resumed` if a limit stopped it before
/// trying one) until the mode pauses or the search ends: [`Walker::run`].
///
/// Not inlined into its caller: as a function of its own, it is told that the problem, the
/// observer, the stack and the rest are apart (no write to one changes another), so the
/// problem's fields stay where they were read rather than being read again after each write
/// to the stack; and the walker is its own local, its figures kept in registers.
#[inline(never)]
fn walk<P, O, M, T>(
    problem: &mut P,
    observer: &mut O,
    limits: &Limits,
    run: &mut Run,
    mode: &mut M,
    frames: &mut Vec<T::Frame>,
    resumed: Option<P::Op>,
) -> Exit<P::Op>
where
    P: Problem,
    O: Observer<P>,
    M: Mode<P>,
    T: Tape<P>,
{
    let mut w = Walker {
        hot: run.hot(limits),
        observer,
        limits,
        run,
        mode,
        problem: PhantomData,
    };
    w.run::<T>(problem, frames, resumed)
}

/// Why the walk is left: how, and the operator a limit stopped it before trying.
type Exit<Op> = (Flow, Option<Op>);

/// What trying an operator leads to.
enum Step<Op> {
    /// A child pushed, with the operator it tries first.
    Child(Op),
    /// The child left at once (a solution, a dead end, pruned), or refused by the bound.
    Leaf,
    /// The walk is left.
    Exit(Flow),
}

/// What the kernel works with, apart from the problem and its stack: separate borrows, so
/// that the compiler knows the problem, the observer and the stack do not overlap, and the figures it
/// touches at every node in [`Hot`], a local (kept in registers once the methods, all
/// inlined, are gone).
struct Walker<'a, P, O, M> {
    observer: &'a mut O,
    limits: &'a Limits,
    run: &'a mut Run,
    mode: &'a mut M,
    hot: Hot,
    problem: PhantomData<fn(&mut P)>,
}

impl<P, O, M> Walker<'_, P, O, M>
where
    P: Problem,
    O: Observer<P>,
    M: Mode<P>,
{
    /// The loop: from where the last call left off (the operator `resumed` if a limit
    /// stopped it before trying one) until the mode pauses or the search ends.
    ///
    /// Between two calls, `frames` holds the path, root first. While the loop runs, the top
    /// frame is a local, `top`, and `frames` holds the others: the node being expanded,
    /// the one the loop reads and writes at every step, stays in registers, and the frame
    /// of a parent is written once as the child is pushed and read once as it is left.
    /// The top node's depth is the stack's length, kept by the stack alone: a second count
    /// of it would take a register at every node.
    ///
    /// Each turn looks at the limits when the node budget is spent, then tries `op`, an
    /// admissible operator of the top node ([`Walker::descend`]); if its child is pushed,
    /// the child's first operator is tried next, else the top node's next one
    /// ([`Walker::advance`], the nodes whose search range is spent left on the way).
    ///
    /// A node left without a child entered is a dead end (or bounded, if the bound pruned
    /// a child): `fresh` says so of the top node. Without a bound, a node pushed in the
    /// loop enters its first operator's child before anything else, so `fresh` is kept up
    /// only by a branch and bound; otherwise only a call that starts on a node that
    /// entered no child looks at it (the root, or a node a stop left at its first
    /// operator), as it looks for the first operator.
    #[inline(always)]
    #[expect(clippy::inline_always, reason = "part of the kernel")]
    fn run<T: Tape<P>>(
        &mut self,
        problem: &mut P,
        frames: &mut Vec<T::Frame>,
        resumed: Option<P::Op>,
    ) -> Exit<P::Op> {
        let mut top = if self.run.phase == Phase::Fresh {
            frames.clear();
            match self.enter_root::<T>(problem) {
                Ok(root) => root,
                Err(flow) => return self.exit(flow, None, 0),
            }
        } else {
            frames.pop().expect("a search under way has its path")
        };
        let mut op = match resumed {
            Some(op) => op,
            None => match self.advance::<T>(problem, &mut top, frames, true) {
                Ok(op) => op,
                Err(stop) => return self.advance_ended(stop, top, frames),
            },
        };
        if !M::BOUNDED {
            // `op` is entered next, unless the search stops first for good.
            self.hot.fresh = false;
        }
        loop {
            // `op`, admissible, is tried on the top node.
            if self.hot.left == 0 {
                self.run.store(self.hot);
                if let Some(reason) = self.run.poll(self.limits) {
                    // Not tried: the search goes on with it, if it goes on.
                    return self.leave_run(Flow::End(Some(reason)), Some(op), top, frames);
                }
                self.hot.left = self.run.checkpoint - self.run.stats.nodes;
            }
            op = match self.descend::<T>(problem, &mut top, frames, op) {
                Step::Child(first) => first,
                // A leaf, or refused by the bound: the top node's next operator, or that of
                // the nearest node above it that has one.
                Step::Leaf => match self.advance::<T>(problem, &mut top, frames, M::BOUNDED) {
                    Ok(next) => next,
                    Err(stop) => return self.advance_ended(stop, top, frames),
                },
                Step::Exit(flow) => return self.leave_run(flow, None, top, frames),
            };
        }
    }

    /// Tries `op`, admissible, on the top node: its child is entered, and either left at
    /// once or pushed, the new top, with its first admissible operator.
    #[inline(always)]
    #[expect(clippy::inline_always, reason = "part of the kernel")]
    fn descend<T: Tape<P>>(
        &mut self,
        problem: &mut P,
        top: &mut T::Frame,
        frames: &mut Vec<T::Frame>,
        op: P::Op,
    ) -> Step<P::Op> {
        // The child's depth: the top node's ancestors are on the stack.
        let depth = frames.len() + 1;
        self.observer.admit(T::state(problem, top), depth, op);
        let child = T::apply(problem, top, op);
        if M::BOUNDED && !self.mode.promising(T::child(problem, &child)) {
            T::retract(problem, op);
            self.observer.prune(T::state(problem, top), depth, op);
            self.hot.cut = true;
            self.hot.prunings += 1;
            if self.hot.prunings >= self.hot.prunings_look {
                if let Err(reason) = self.refusals_look(true) {
                    return Step::Exit(Flow::End(Some(reason)));
                }
            }
            return Step::Leaf;
        }
        self.hot.left -= 1;
        if M::BOUNDED {
            self.hot.fresh = false;
        }
        let state = T::child(problem, &child);
        match self.observer.enter(state, depth, Some(op)) {
            Control::Continue => {}
            Control::Prune => {
                self.hot.deepest_leaf = self.hot.deepest_leaf.max(depth);
                self.observer.backtrack(state, depth);
                T::retract(problem, op);
                return Step::Leaf;
            }
            Control::Halt => {
                // Refused before it was entered: not a node of the search.
                self.hot.left += 1;
                T::retract(problem, op);
                return Step::Exit(Flow::End(Some(StopReason::Observer)));
            }
        }
        if state.is_complete() {
            let hot = &mut self.hot;
            hot.solutions += 1;
            hot.deepest_leaf = hot.deepest_leaf.max(depth);
            self.observer.solution(state, depth);
            let pause = self.mode.on_solution(state);
            self.observer.backtrack(state, depth);
            T::retract(problem, op);
            if hot.solutions >= hot.solution_cap {
                self.run.phase = Phase::Suspended(StopReason::SolutionLimit);
                return Step::Exit(if pause { Flow::Pause } else { Flow::End(None) });
            }
            return if pause {
                Step::Exit(Flow::Pause)
            } else {
                Step::Leaf
            };
        }
        let mut ops = state.operators();
        match self.admitted(state, &mut ops, depth + 1) {
            Ok(Some(first)) => {
                let frame = T::expand(problem, child, ops, op);
                frames.push(std::mem::replace(top, frame));
                let hot = &mut self.hot;
                if M::BOUNDED {
                    hot.fresh = true;
                    hot.cut = false;
                }
                Step::Child(first)
            }
            Ok(None) => {
                self.hot.dead_ends += 1;
                self.hot.deepest_leaf = self.hot.deepest_leaf.max(depth);
                self.observer.dead_end(state, depth);
                self.observer.backtrack(state, depth);
                T::retract(problem, op);
                Step::Leaf
            }
            Err(reason) => {
                // Stopped at the child's search range: the child pushed, to go on from there.
                let frame = T::expand(problem, child, ops, op);
                frames.push(std::mem::replace(top, frame));
                let hot = &mut self.hot;
                hot.fresh = true;
                hot.cut = false;
                Step::Exit(Flow::End(Some(reason)))
            }
        }
    }

    /// Leaves the loop on the path: the top frame back on the stack.
    #[inline(always)]
    #[expect(clippy::inline_always, reason = "part of the kernel")]
    fn leave_run<F>(
        &mut self,
        flow: Flow,
        untried: Option<P::Op>,
        top: F,
        frames: &mut Vec<F>,
    ) -> Exit<P::Op> {
        frames.push(top);
        self.exit(flow, untried, frames.len())
    }

    /// Leaves the loop as [`Walker::advance`] says: the tree exhausted (`None`), or stopped
    /// (`Some`) on the path.
    #[inline(always)]
    #[expect(clippy::inline_always, reason = "part of the kernel")]
    fn advance_ended<F>(
        &mut self,
        stop: Option<StopReason>,
        top: F,
        frames: &mut Vec<F>,
    ) -> Exit<P::Op> {
        match stop {
            None => self.exit(Flow::End(None), None, 0),
            Some(reason) => self.leave_run(Flow::End(Some(reason)), None, top, frames),
        }
    }

    /// Leaves the kernel, the path `live` nodes long: stores the hot figures.
    #[inline(always)]
    #[expect(clippy::inline_always, reason = "part of the kernel")]
    fn exit(&mut self, flow: Flow, untried: Option<P::Op>, live: usize) -> Exit<P::Op> {
        self.run.store_on_exit(self.hot, live);
        (flow, untried)
    }

    /// Enters the root of a search not started: returns its frame, or how the kernel is
    /// left if the search ends there.
    #[inline(always)]
    #[expect(clippy::inline_always, reason = "part of the kernel")]
    fn enter_root<T: Tape<P>>(&mut self, problem: &mut P) -> Result<T::Frame, Flow> {
        let (observer, run, hot) = (&mut *self.observer, &mut *self.run, &mut self.hot);
        run.phase = Phase::Running;
        if let Some(reason) = run.poll(self.limits) {
            return Err(Flow::End(Some(reason)));
        }
        // A poll that lets the search go on leaves room for at least one node.
        hot.left = run.checkpoint - run.stats.nodes - 1;
        match observer.enter(problem, 0, None) {
            Control::Continue => {}
            Control::Prune => {
                observer.backtrack(problem, 0);
                return Err(Flow::End(None));
            }
            Control::Halt => {
                hot.left += 1;
                return Err(Flow::End(Some(StopReason::Observer)));
            }
        }
        if problem.is_complete() {
            hot.solutions += 1;
            observer.solution(problem, 0);
            let pause = self.mode.on_solution(problem);
            observer.backtrack(problem, 0);
            run.phase = Phase::Done(
                (hot.solutions >= hot.solution_cap).then_some(StopReason::SolutionLimit),
            );
            return Err(if pause { Flow::Pause } else { Flow::End(None) });
        }
        hot.fresh = true;
        hot.cut = false;
        Ok(T::root(problem))
    }

    /// The next admissible operator of `state`'s search range `ops`, those refused before it
    /// counted and told (their children at `depth`), and every so many the clock looked at.
    /// `Err` says why a look at the limits stops the search there.
    #[inline(always)]
    #[expect(clippy::inline_always, reason = "part of the kernel")]
    fn admitted(
        &mut self,
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
            self.observer.reject(state, depth, op);
            self.hot.rejections += 1;
            if self.hot.rejections >= self.hot.rejections_look {
                self.refusals_look(false)?;
            }
        }
    }

    /// So many operators were refused (by the constraints, or by the bound if `pruned`)
    /// since the last look at the clock: looks at it, and at the other limits.
    #[inline(always)]
    #[expect(
        clippy::inline_always,
        reason = "part of the kernel: a call taking the walker would keep its figures in memory"
    )]
    fn refusals_look(&mut self, pruned: bool) -> Result<(), StopReason> {
        self.run.store(self.hot);
        let (reason, more) = self.run.refusals_look(self.limits);
        let hot = &mut self.hot;
        if pruned {
            hot.prunings_look = hot.prunings.saturating_add(more);
        } else {
            hot.rejections_look = hot.rejections.saturating_add(more);
        }
        reason.map_or(Ok(()), Err)
    }

    /// The next admissible operator of the top node, or of the nearest node above it that
    /// has one, every node passed on the way left (`fresh` as in [`Walker::leave`]). `Err`
    /// if the kernel is left: `None` if the root was (the tree is exhausted), or why a look
    /// at the limits stops the search.
    #[inline(always)]
    #[expect(clippy::inline_always, reason = "part of the kernel")]
    fn advance<T: Tape<P>>(
        &mut self,
        problem: &mut P,
        top: &mut T::Frame,
        frames: &mut Vec<T::Frame>,
        fresh: bool,
    ) -> Result<P::Op, Option<StopReason>> {
        loop {
            let depth = frames.len() + 1;
            let (state, ops) = T::parts(problem, top);
            match self.admitted(state, ops, depth) {
                Ok(Some(op)) => return Ok(op),
                Ok(None) => {}
                Err(reason) => return Err(Some(reason)),
            }
            if !self.leave::<T>(problem, top, frames, fresh) {
                return Err(None);
            }
        }
    }

    /// The top node's search range is spent: leaves it, back to its parent, now the top.
    /// Returns whether there was one (`false`: the root was left, the tree is exhausted).
    /// `fresh`: can the top node be one that entered no child? (See [`Walker::run`].)
    #[inline(always)]
    #[expect(clippy::inline_always, reason = "part of the kernel")]
    fn leave<T: Tape<P>>(
        &mut self,
        problem: &mut P,
        top: &mut T::Frame,
        frames: &mut Vec<T::Frame>,
        fresh: bool,
    ) -> bool {
        let hot = &mut self.hot;
        // The top node's depth: its ancestors are on the stack.
        let depth = frames.len();
        let state = T::state(problem, top);
        if fresh && hot.fresh {
            // A leaf after all: the deepest node is a leaf or on the path.
            hot.deepest_leaf = hot.deepest_leaf.max(depth);
            if M::BOUNDED && hot.cut {
                hot.bounded += 1;
                self.observer.bounded(state, depth);
            } else {
                hot.dead_ends += 1;
                self.observer.dead_end(state, depth);
            }
            hot.fresh = false;
        }
        self.observer.backtrack(state, depth);
        T::leave(problem, top);
        match frames.pop() {
            Some(parent) => {
                *top = parent;
                true
            }
            None => false,
        }
    }
}
