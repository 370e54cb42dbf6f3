//! The one kernel behind every mode and both tapes: the depth-first walk with an explicit
//! stack, resumable between two solutions and after a stop.

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
        reason = "measured (benches/engine.rs): the kernel must be compiled into each mode"
    )]
    pub(super) fn kernel<M: Mode<P>>(&mut self, mode: &mut M) -> bool {
        match self.run.phase {
            Phase::Done(_) => return false,
            // Stopped before the root was entered: starts afresh.
            Phase::Stopped(_) if self.run.live == 0 && self.run.stats.nodes == 0 => {
                self.run.phase = Phase::Fresh;
            }
            Phase::Stopped(_) => {
                // Goes on from where it stopped, its limits looked at first.
                self.run.phase = Phase::Running;
                self.run.checkpoint = self.run.stats.nodes;
            }
            Phase::Fresh | Phase::Running => {}
        }
        // By value, `problem` is the root, asked again for the same answer: a constant for
        // each problem type once inlined, so that only one kernel is compiled and its
        // copies are inlined (kept in a field, or filtered by one, the answer is no
        // constant, and the kernel with an observer took twice as long). In place, the
        // current state is asked, and must answer as the root did.
        let by_value = self.problem.by_value();
        debug_assert_eq!(
            by_value.is_some(),
            self.copies,
            "Problem::by_value must answer as the root did"
        );
        if let Some(by_value) = by_value {
            self.kernel_on::<M, Copies<P>>(mode, &Copies(by_value))
        } else {
            self.kernel_on::<M, InPlace>(mode, &InPlace)
        }
    }

    #[inline(always)]
    #[expect(clippy::inline_always, reason = "part of the kernel")]
    fn kernel_on<M: Mode<P>, T: Tape<P>>(&mut self, mode: &mut M, tape: &T) -> bool {
        let Search {
            problem,
            observer,
            limits,
            places,
            values,
            pending,
            run,
            copies: _,
        } = self;
        let frames = T::frames(places, values);
        // A search that goes on after a stop tries first the operator it stopped before:
        // with a kernel of its own, so that the usual one has no trace of it.
        let (flow, untried) = match pending.take() {
            None => kernel::<P, O, M, T, false>(
                problem, observer, limits, tape, frames, None, run, mode,
            ),
            resumed => kernel::<P, O, M, T, true>(
                problem, observer, limits, tape, frames, resumed, run, mode,
            ),
        };
        *pending = untried;
        let paused = match flow {
            Flow::Pause => true,
            Flow::Stop(reason) => {
                if !self.run.is_done() {
                    self.run.phase = match reason {
                        Some(StopReason::Observer) | None => Phase::Done(reason),
                        Some(reason) => Phase::Stopped(reason),
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
            Phase::Stopped(reason) => self.observer.stop(&self.problem, reason),
            Phase::Fresh | Phase::Running => {}
        }
        paused
    }
}

/// What trying one operator of the top node came to.
enum Tried<F, Op> {
    /// Refused, or its child a leaf: on to the next operator of the top node.
    Next,
    /// Its child is to be expanded, its frame put in a slot of the stack: on to the child's
    /// first operator.
    Down,
    /// Its child is to be expanded and every slot of the stack is taken: push this frame.
    Grow(F),
    /// The kernel is left, its figures stored: how, and the operator a limit stopped it
    /// before trying.
    Exit(Flow, Option<Op>),
}

/// What the kernel works with, apart from its stack: separate borrows, so that the compiler
/// knows the problem, the observer and the stack do not overlap, and the figures it
/// touches at every node in [`Hot`], a local (kept in registers once the methods, all
/// inlined, are gone).
struct Walker<'a, P, O, M> {
    problem: &'a mut P,
    observer: &'a mut O,
    limits: &'a Limits,
    run: &'a mut Run,
    mode: &'a mut M,
    hot: Hot,
    /// How deep the stack has ever been: its length, kept here while the stack is lent.
    expanded: usize,
}

/// The kernel: walks the tree from where `run` left off until the mode pauses at a
/// solution or the search ends.
#[inline(always)]
#[expect(
    clippy::inline_always,
    reason = "measured (benches/engine.rs): without it the kernel is slower and its speed depends on the observer"
)]
#[expect(
    clippy::too_many_arguments,
    reason = "separate borrows of the search's parts, and the tape the root chose"
)]
fn kernel<P, O, M, T, const RESUME: bool>(
    problem: &mut P,
    observer: &mut O,
    limits: &Limits,
    tape: &T,
    frames: &mut Vec<T::Frame>,
    resumed: Option<P::Op>,
    run: &mut Run,
    mode: &mut M,
) -> (Flow, Option<P::Op>)
where
    P: Problem,
    O: Observer<P>,
    M: Mode<P>,
    T: Tape<P>,
{
    let mut w = Walker {
        hot: run.hot(limits),
        expanded: frames.len(),
        problem,
        observer,
        limits,
        run,
        mode,
    };
    if w.run.phase == Phase::Fresh {
        if let Some(flow) = w.enter_root(tape, frames) {
            return w.exit(flow);
        }
    }
    // The operator a stop by a limit left untried, tried first: with a kernel of its own
    // (`RESUME`), so that the usual one has no trace of it.
    if let Some(op) = resumed.filter(|_| RESUME) {
        match w.try_op(tape, &mut frames[..], op) {
            Tried::Next | Tried::Down => {}
            Tried::Grow(frame) => w.grow(frames, frame),
            Tried::Exit(flow, untried) => return (flow, untried),
        }
    }
    'grow: loop {
        let slots = &mut frames[..];
        'walk: loop {
            // The top frame's node has depth `live - 1`; its children `live`.
            let Some(mut op) = T::ops(&mut slots[w.hot.live - 1]).next() else {
                if w.leave::<T>(slots) {
                    return w.exit(Flow::Stop(None));
                }
                continue 'walk;
            };
            // The top node's operators, one after another while each is refused or makes
            // a leaf. The step is written twice, here and in the loop down the path: each
            // loop with one way round, the compiler keeps a child's state where it made it
            // (in registers) from one node down to the next, rather than reading back the
            // frame it has just written, and a refused operator costs no trip through the
            // loop's head (as one loop with two ways round, the kernel took longer on one
            // or the other: the figures are in the history).
            loop {
                match w.try_op(tape, slots, op) {
                    Tried::Next => {}
                    // Down the path as long as the child's first operator makes a child
                    // expanded.
                    Tried::Down => loop {
                        let Some(first) = T::ops(&mut slots[w.hot.live - 1]).next() else {
                            if w.leave::<T>(slots) {
                                return w.exit(Flow::Stop(None));
                            }
                            continue 'walk;
                        };
                        match w.try_op(tape, slots, first) {
                            Tried::Down => {}
                            Tried::Next => break,
                            Tried::Grow(frame) => {
                                w.grow(frames, frame);
                                continue 'grow;
                            }
                            Tried::Exit(flow, untried) => return (flow, untried),
                        }
                    },
                    Tried::Grow(frame) => {
                        w.grow(frames, frame);
                        continue 'grow;
                    }
                    Tried::Exit(flow, untried) => return (flow, untried),
                }
                // Refused, or a leaf: the top node's next operator.
                let Some(next) = T::ops(&mut slots[w.hot.live - 1]).next() else {
                    if w.leave::<T>(slots) {
                        return w.exit(Flow::Stop(None));
                    }
                    continue 'walk;
                };
                op = next;
            }
        }
    }
}

impl<P, O, M> Walker<'_, P, O, M>
where
    P: Problem,
    O: Observer<P>,
    M: Mode<P>,
{
    /// Leaves the kernel: stores the hot figures and says how.
    #[inline(always)]
    #[expect(clippy::inline_always, reason = "part of the kernel")]
    fn exit(&mut self, flow: Flow) -> (Flow, Option<P::Op>) {
        self.run.store(&self.hot, self.expanded);
        (flow, None)
    }

    /// Enters the root of a search not started: returns how the kernel is left if it ends
    /// there, or `None` with the root's frame on the stack.
    #[inline(always)]
    #[expect(clippy::inline_always, reason = "part of the kernel")]
    fn enter_root<T: Tape<P>>(&mut self, tape: &T, frames: &mut Vec<T::Frame>) -> Option<Flow> {
        let (problem, observer, run, hot) = (
            &mut *self.problem,
            &mut *self.observer,
            &mut *self.run,
            &mut self.hot,
        );
        run.phase = Phase::Running;
        if let Some(reason) = run.poll(self.limits) {
            return Some(Flow::Stop(Some(reason)));
        }
        // A poll that lets the search go on leaves room for at least one node.
        hot.left = run.checkpoint - run.stats.nodes - 1;
        match observer.enter(problem, 0, None) {
            Control::Continue => {}
            Control::Prune => {
                observer.backtrack(problem, 0);
                return Some(Flow::Stop(None));
            }
            Control::Stop => {
                hot.left += 1;
                return Some(Flow::Stop(Some(StopReason::Observer)));
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
            return Some(if pause { Flow::Pause } else { Flow::Stop(None) });
        }
        frames.clear();
        frames.push(tape.root(problem));
        self.expanded = 1;
        hot.live = 1;
        hot.fresh = true;
        hot.cut = false;
        None
    }

    /// Pushes the frame of a child to expand, on a stack whose every slot is taken.
    #[inline(always)]
    #[expect(clippy::inline_always, reason = "part of the kernel")]
    fn grow<F>(&mut self, frames: &mut Vec<F>, frame: F) {
        frames.push(frame);
        self.expanded += 1;
        self.hot.live += 1;
    }

    /// An operator was refused, by the constraints or (`pruned`) by the bound: counts it,
    /// and every so many looks at the clock.
    #[inline(always)]
    #[expect(clippy::inline_always, reason = "part of the kernel")]
    fn refused<F>(&mut self, pruned: bool) -> Tried<F, P::Op> {
        let hot = &mut self.hot;
        let (count, look) = if pruned {
            hot.prunings += 1;
            (hot.prunings, hot.prunings_look)
        } else {
            hot.rejections += 1;
            (hot.rejections, hot.rejections_look)
        };
        if count >= look {
            self.run.store(&self.hot, self.expanded);
            let (reason, more) = self.run.refusals_look(self.limits);
            let next = count.saturating_add(more);
            if pruned {
                self.hot.prunings_look = next;
            } else {
                self.hot.rejections_look = next;
            }
            if let Some(reason) = reason {
                let (flow, untried) = self.exit(Flow::Stop(Some(reason)));
                return Tried::Exit(flow, untried);
            }
        }
        Tried::Next
    }

    /// Tries the operator `op` of the top node (`slots[live - 1]`): refused, or its child
    /// entered, and then a leaf or expanded.
    #[inline(always)]
    #[expect(clippy::inline_always, reason = "part of the kernel")]
    fn try_op<T: Tape<P>>(
        &mut self,
        tape: &T,
        slots: &mut [T::Frame],
        op: P::Op,
    ) -> Tried<T::Frame, P::Op> {
        // The top node has depth `live - 1`; the child `depth`.
        let depth = self.hot.live;
        let top = &slots[depth - 1];
        let parent = T::state(self.problem, top);
        if !parent.admissible(op) {
            self.observer.reject(parent, depth, op);
            return self.refused(false);
        }
        if self.hot.left == 0 {
            self.run.store(&self.hot, self.expanded);
            if let Some(reason) = self.run.poll(self.limits) {
                // Not tried: the search goes on with it, if it goes on.
                return Tried::Exit(Flow::Stop(Some(reason)), Some(op));
            }
            self.hot.left = self.run.checkpoint - self.run.stats.nodes;
        }
        self.observer.admit(T::state(self.problem, top), depth, op);
        let child = tape.apply(self.problem, top, op);
        if M::BOUNDED && !self.mode.promising(T::child(self.problem, &child)) {
            T::retract(self.problem, op);
            self.observer.prune(T::state(self.problem, top), depth, op);
            self.hot.cut = true;
            return self.refused(true);
        }
        let hot = &mut self.hot;
        hot.left -= 1;
        hot.fresh = false;
        let state = T::child(self.problem, &child);
        match self.observer.enter(state, depth, Some(op)) {
            Control::Continue => {}
            Control::Prune => {
                hot.deepest_leaf = hot.deepest_leaf.max(depth);
                self.observer.backtrack(state, depth);
                T::retract(self.problem, op);
                return Tried::Next;
            }
            Control::Stop => {
                // Refused before it was entered: not a node of the search.
                hot.left += 1;
                T::retract(self.problem, op);
                let (flow, untried) = self.exit(Flow::Stop(Some(StopReason::Observer)));
                return Tried::Exit(flow, untried);
            }
        }
        if state.is_complete() {
            hot.solutions += 1;
            hot.deepest_leaf = hot.deepest_leaf.max(depth);
            self.observer.solution(state, depth);
            let pause = self.mode.on_solution(state);
            self.observer.backtrack(state, depth);
            T::retract(self.problem, op);
            let flow = if hot.solutions >= hot.solution_cap {
                self.run.phase = Phase::Stopped(StopReason::SolutionLimit);
                Some(if pause { Flow::Pause } else { Flow::Stop(None) })
            } else {
                pause.then_some(Flow::Pause)
            };
            return match flow {
                Some(flow) => {
                    let (flow, untried) = self.exit(flow);
                    Tried::Exit(flow, untried)
                }
                None => Tried::Next,
            };
        }
        let frame = T::expand(self.problem, child, op);
        hot.fresh = true;
        if M::BOUNDED {
            hot.cut = false;
        }
        if hot.live < slots.len() {
            slots[hot.live] = frame;
            hot.live += 1;
            Tried::Down
        } else {
            Tried::Grow(frame)
        }
    }

    /// The top node (`slots[live - 1]`) has no operator left: leaves it, back to its
    /// parent. Returns whether that was the root (the tree is exhausted).
    #[inline(always)]
    #[expect(clippy::inline_always, reason = "part of the kernel")]
    fn leave<T: Tape<P>>(&mut self, slots: &[T::Frame]) -> bool {
        let hot = &mut self.hot;
        hot.live -= 1;
        let top = &slots[hot.live];
        let state = T::state(self.problem, top);
        if hot.fresh {
            if M::BOUNDED && hot.cut {
                hot.bounded += 1;
                self.observer.bounded(state, hot.live);
            } else {
                hot.dead_ends += 1;
                self.observer.dead_end(state, hot.live);
            }
        }
        hot.fresh = false;
        self.observer.backtrack(state, hot.live);
        T::leave(self.problem, top);
        hot.live == 0
    }
}
