//! The one kernel behind every mode and both tapes: the depth-first walk with an explicit
//! stack, resumable between two solutions and after a stop.

use super::mode::Mode;
use super::run::{Flow, Phase, Run};
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
        // A constant for each problem type once inlined: only one kernel is compiled.
        if self.problem.by_value().is_some() {
            self.kernel_on::<M, Copies>(mode)
        } else {
            self.kernel_on::<M, InPlace>(mode)
        }
    }

    #[inline(always)]
    #[expect(clippy::inline_always, reason = "part of the kernel")]
    fn kernel_on<M: Mode<P>, T: Tape<P>>(&mut self, mode: &mut M) -> bool {
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
        // A search that goes on after a stop tries first the operator it stopped before:
        // with a kernel of its own, so that the usual one has no trace of it.
        let (flow, untried) = match pending.take() {
            None => kernel::<P, O, M, T, false>(problem, observer, limits, frames, None, run, mode),
            resumed => {
                kernel::<P, O, M, T, true>(problem, observer, limits, frames, resumed, run, mode)
            }
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

/// The kernel: walks the tree from where `run` left off until the mode pauses at a
/// solution or the search ends. Its arguments are separate borrows so that the compiler
/// knows the problem, the observer and the stack do not overlap.
#[inline(always)]
#[expect(
    clippy::inline_always,
    reason = "measured (benches/engine.rs): without it the kernel is slower and its speed depends on the observer"
)]
#[expect(
    clippy::too_many_lines,
    reason = "one loop: splitting it would hide the control flow"
)]
fn kernel<P, O, M, T, const RESUME: bool>(
    problem: &mut P,
    observer: &mut O,
    limits: &Limits,
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
    let mut hot = run.hot(limits);
    // How deep the stack has ever been: `frames.len()`, kept here while `frames` is lent.
    let mut expanded = frames.len();
    /// Leaves the kernel: stores the hot figures and says how.
    macro_rules! exit {
        ($flow:expr) => {{
            run.store(&hot, expanded);
            return ($flow, None);
        }};
    }
    /// Counts a refused operator (`rejections` or `prunings`), and every so many looks at
    /// the clock.
    macro_rules! refused {
        ($count:ident, $look:ident) => {
            hot.$count += 1;
            if hot.$count >= hot.$look {
                run.store(&hot, expanded);
                let (reason, more) = run.refusals_look(limits);
                hot.$look = hot.$count.saturating_add(more);
                if let Some(reason) = reason {
                    exit!(Flow::Stop(Some(reason)));
                }
            }
        };
    }
    if run.phase == Phase::Fresh {
        run.phase = Phase::Running;
        if let Some(reason) = run.poll(limits) {
            exit!(Flow::Stop(Some(reason)));
        }
        // A poll that lets the search go on leaves room for at least one node.
        hot.left = run.checkpoint - run.stats.nodes - 1;
        match observer.enter(problem, 0, None) {
            Control::Continue => {}
            Control::Prune => {
                observer.backtrack(problem, 0);
                exit!(Flow::Stop(None));
            }
            Control::Stop => {
                hot.left += 1;
                exit!(Flow::Stop(Some(StopReason::Observer)));
            }
        }
        if problem.is_complete() {
            hot.solutions += 1;
            observer.solution(problem, 0);
            let pause = mode.on_solution(problem);
            observer.backtrack(problem, 0);
            run.phase = Phase::Done(
                (hot.solutions >= hot.solution_cap).then_some(StopReason::SolutionLimit),
            );
            exit!(if pause { Flow::Pause } else { Flow::Stop(None) });
        }
        frames.clear();
        frames.push(T::root(problem));
        expanded = 1;
        hot.live = 1;
        hot.fresh = true;
        hot.cut = false;
    }
    /// Tries the operator `op` of the top node (`top`, at depth `depth - 1` in `slots`):
    /// refused, or its child entered; then `$next` (on to the next operator).
    macro_rules! try_op {
        ($op:ident, $depth:ident, $top:ident, $slots:ident, { $($next:tt)+ }, { $($grown:tt)+ }) => {{
            let parent = T::state(problem, $top);
            if !parent.admissible($op) {
                observer.reject(parent, $depth, $op);
                refused!(rejections, rejections_look);
                $($next)+;
            }
            if hot.left == 0 {
                run.store(&hot, expanded);
                if let Some(reason) = run.poll(limits) {
                    // Not tried: the search goes on with it, if it goes on.
                    return (Flow::Stop(Some(reason)), Some($op));
                }
                hot.left = run.checkpoint - run.stats.nodes;
            }
            let top = &$slots[hot.live - 1];
            observer.admit(T::state(problem, top), $depth, $op);
            let child = T::apply(problem, top, $op);
            if M::BOUNDED && !mode.promising(T::child(problem, &child)) {
                T::retract(problem, $op);
                observer.prune(T::state(problem, top), $depth, $op);
                hot.cut = true;
                refused!(prunings, prunings_look);
                $($next)+;
            }
            hot.left -= 1;
            hot.fresh = false;
            let state = T::child(problem, &child);
            match observer.enter(state, $depth, Some($op)) {
                Control::Continue => {}
                Control::Prune => {
                    hot.deepest_leaf = hot.deepest_leaf.max($depth);
                    observer.backtrack(state, $depth);
                    T::retract(problem, $op);
                    $($next)+;
                }
                Control::Stop => {
                    // Refused before it was entered: not a node of the search.
                    hot.left += 1;
                    T::retract(problem, $op);
                    exit!(Flow::Stop(Some(StopReason::Observer)));
                }
            }
            if state.is_complete() {
                hot.solutions += 1;
                hot.deepest_leaf = hot.deepest_leaf.max($depth);
                observer.solution(state, $depth);
                let pause = mode.on_solution(state);
                observer.backtrack(state, $depth);
                T::retract(problem, $op);
                if hot.solutions >= hot.solution_cap {
                    run.phase = Phase::Stopped(StopReason::SolutionLimit);
                    exit!(if pause { Flow::Pause } else { Flow::Stop(None) });
                }
                if pause {
                    exit!(Flow::Pause);
                }
                $($next)+;
            }
            let frame = T::expand(problem, child, $op);
            hot.fresh = true;
            if M::BOUNDED {
                hot.cut = false;
            }
            if hot.live < $slots.len() {
                $slots[hot.live] = frame;
                hot.live += 1;
            } else {
                frames.push(frame);
                expanded += 1;
                hot.live += 1;
                $($grown)+;
            }
        }};
    }
    // The operator a stop by a limit left untried, tried first.
    if let Some(op) = resumed.filter(|_| RESUME) {
        let slots = &mut frames[..];
        'resume: {
            let depth = hot.live;
            let top = &mut slots[hot.live - 1];
            try_op!(op, depth, top, slots, { break 'resume }, { break 'resume });
        }
    }
    'grow: loop {
        let slots = &mut frames[..];
        loop {
            // The top frame's node has depth `live - 1`; its children `live`.
            let depth = hot.live;
            let top = &mut slots[hot.live - 1];
            if let Some(op) = T::ops(top).next() {
                try_op!(op, depth, top, slots, { continue }, { continue 'grow });
            } else {
                hot.live -= 1;
                let top = &slots[hot.live];
                let state = T::state(problem, top);
                if hot.fresh {
                    if M::BOUNDED && hot.cut {
                        hot.bounded += 1;
                        observer.bounded(state, hot.live);
                    } else {
                        hot.dead_ends += 1;
                        observer.dead_end(state, hot.live);
                    }
                }
                hot.fresh = false;
                observer.backtrack(state, hot.live);
                T::leave(problem, top);
                if hot.live == 0 {
                    exit!(Flow::Stop(None));
                }
            }
        }
    }
}
