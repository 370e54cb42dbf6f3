//! Observers: hooks the engine calls as it walks the solution tree.
//!
//! An [`Observer`] is a generic parameter of [`Search`](crate::Search); every method has a
//! default that does nothing, and the default observer `()` is zero-sized, so a search
//! without one compiles to the same loop as a search that never heard of observers.
//!
//! Events, in the order the engine emits them for one node:
//!
//! - [`enter`](Observer::enter): a node of the solution tree is entered (the root first,
//!   then children in search order). Its answer is a [`Control`]: continue, prune (do not
//!   expand this node), or halt the search.
//! - for each operator of its search range: [`reject`](Observer::reject) if the
//!   constraints refuse it; else [`admit`](Observer::admit), on the node, before the child
//!   is made, then [`prune`](Observer::prune) if the optimality bound cuts the child, or
//!   the child's `enter` and the rest of its events;
//! - [`solution`](Observer::solution) if the node is complete, or
//!   [`dead_end`](Observer::dead_end) if it was expanded and the constraints refused
//!   every child, or [`bounded`](Observer::bounded) if it was expanded and every child
//!   was refused, at least one by the optimality bound;
//! - [`backtrack`](Observer::backtrack): the node is left. Every `enter` is matched by
//!   exactly one `backtrack`, unless the search stops first.
//!
//! And once, if a search ends before its tree does: [`stop`](Observer::stop), with why.
//!
//! Hooks other than `enter` return `()`: there is nothing to decide after the fact.

use crate::{Problem, StopReason};

/// What an observer tells the engine on entering a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Control {
    /// Go on as usual.
    #[default]
    Continue,
    /// Do not expand this node: it becomes a leaf, and the search goes on with its siblings.
    Prune,
    /// Halt the whole search now, before this node: it is not counted among the nodes
    /// entered. The search's result says [`StopReason::Observer`].
    Halt,
}

/// Hooks called by the engine at each event of the search. All default to doing nothing.
///
/// `depth` is the depth of the node the event is about: 0 for the root, and for
/// [`reject`](Observer::reject) and [`prune`](Observer::prune) the depth the refused child
/// would have had. `problem` is the current state: the node itself for `enter`, `solution`,
/// `dead_end` and `backtrack` (before its operator is undone), the parent for `reject` and
/// `prune`.
pub trait Observer<P: Problem + ?Sized> {
    /// A node is entered; `op` is the operator that led to it (`None` for the root).
    #[inline]
    fn enter(&mut self, problem: &P, depth: usize, op: Option<P::Op>) -> Control {
        let _ = (problem, depth, op);
        Control::Continue
    }

    /// The operator `op` passed the constraints: the child it makes is about to be made,
    /// then entered or pruned by the bound. `problem` is the node, the state `op` applies
    /// to; `depth` the child's. The place to look at the operator in the state it acts on
    /// (the tree recorder labels it here).
    #[inline]
    fn admit(&mut self, problem: &P, depth: usize, op: P::Op) {
        let _ = (problem, depth, op);
    }

    /// The operator `op` was refused by the constraints ([`Problem::admissible`]).
    #[inline]
    fn reject(&mut self, problem: &P, depth: usize, op: P::Op) {
        let _ = (problem, depth, op);
    }

    /// The child made by `op` was pruned: its bound cannot beat the best found.
    #[inline]
    fn prune(&mut self, problem: &P, depth: usize, op: P::Op) {
        let _ = (problem, depth, op);
    }

    /// The current node is complete: a solution.
    #[inline]
    fn solution(&mut self, problem: &P, depth: usize) {
        let _ = (problem, depth);
    }

    /// The current node was expanded and none of its children was admitted: the
    /// constraints refused them all.
    #[inline]
    fn dead_end(&mut self, problem: &P, depth: usize) {
        let _ = (problem, depth);
    }

    /// The current node was expanded and none of its children was entered, at least one
    /// of them pruned by the optimality bound (branch and bound only): the bound, not the
    /// constraints, ended the branch here. Such a node is not a dead end.
    #[inline]
    fn bounded(&mut self, problem: &P, depth: usize) {
        let _ = (problem, depth);
    }

    /// The current node is left (the search goes back to its parent). The operator that
    /// led to it is the one [`enter`](Observer::enter) was given.
    #[inline]
    fn backtrack(&mut self, problem: &P, depth: usize) {
        let _ = (problem, depth);
    }

    /// The search stopped before the end of its tree (a limit, a cancellation, an observer
    /// answering [`Control::Halt`]), for `reason`; the nodes still open get no
    /// [`backtrack`](Observer::backtrack). A search that a limit or a cancellation stopped
    /// may go on, given other [`limits`](crate::Search::limits): its observer then sees
    /// the events that follow, from where it stopped, and `stop` again if it stops again. `problem` is the search's
    /// problem as it stopped: searched in place, the state of the deepest node still open;
    /// searched by value, the root.
    #[inline]
    fn stop(&mut self, problem: &P, reason: StopReason) {
        let _ = (problem, reason);
    }
}

/// The no-op observer: zero-sized, and every hook compiles to nothing.
impl<P: Problem + ?Sized> Observer<P> for () {}

impl<P: Problem + ?Sized, O: Observer<P> + ?Sized> Observer<P> for &mut O {
    #[inline]
    fn enter(&mut self, problem: &P, depth: usize, op: Option<P::Op>) -> Control {
        (**self).enter(problem, depth, op)
    }
    #[inline]
    fn admit(&mut self, problem: &P, depth: usize, op: P::Op) {
        (**self).admit(problem, depth, op);
    }

    #[inline]
    fn reject(&mut self, problem: &P, depth: usize, op: P::Op) {
        (**self).reject(problem, depth, op);
    }
    #[inline]
    fn prune(&mut self, problem: &P, depth: usize, op: P::Op) {
        (**self).prune(problem, depth, op);
    }
    #[inline]
    fn solution(&mut self, problem: &P, depth: usize) {
        (**self).solution(problem, depth);
    }
    #[inline]
    fn dead_end(&mut self, problem: &P, depth: usize) {
        (**self).dead_end(problem, depth);
    }
    #[inline]
    fn bounded(&mut self, problem: &P, depth: usize) {
        (**self).bounded(problem, depth);
    }
    #[inline]
    fn backtrack(&mut self, problem: &P, depth: usize) {
        (**self).backtrack(problem, depth);
    }
    #[inline]
    fn stop(&mut self, problem: &P, reason: StopReason) {
        (**self).stop(problem, reason);
    }
}

/// Two observers side by side: both see every event, in order (`A` first). On `enter`,
/// the stronger answer wins: `Halt` over `Prune` over `Continue`.
impl<P: Problem + ?Sized, A: Observer<P>, B: Observer<P>> Observer<P> for (A, B) {
    #[inline]
    fn enter(&mut self, problem: &P, depth: usize, op: Option<P::Op>) -> Control {
        let a = self.0.enter(problem, depth, op);
        let b = self.1.enter(problem, depth, op);
        match (a, b) {
            (Control::Halt, _) | (_, Control::Halt) => Control::Halt,
            (Control::Prune, _) | (_, Control::Prune) => Control::Prune,
            _ => Control::Continue,
        }
    }
    #[inline]
    fn admit(&mut self, problem: &P, depth: usize, op: P::Op) {
        self.0.admit(problem, depth, op);
        self.1.admit(problem, depth, op);
    }
    #[inline]
    fn reject(&mut self, problem: &P, depth: usize, op: P::Op) {
        self.0.reject(problem, depth, op);
        self.1.reject(problem, depth, op);
    }
    #[inline]
    fn prune(&mut self, problem: &P, depth: usize, op: P::Op) {
        self.0.prune(problem, depth, op);
        self.1.prune(problem, depth, op);
    }
    #[inline]
    fn solution(&mut self, problem: &P, depth: usize) {
        self.0.solution(problem, depth);
        self.1.solution(problem, depth);
    }
    #[inline]
    fn dead_end(&mut self, problem: &P, depth: usize) {
        self.0.dead_end(problem, depth);
        self.1.dead_end(problem, depth);
    }
    #[inline]
    fn bounded(&mut self, problem: &P, depth: usize) {
        self.0.bounded(problem, depth);
        self.1.bounded(problem, depth);
    }
    #[inline]
    fn backtrack(&mut self, problem: &P, depth: usize) {
        self.0.backtrack(problem, depth);
        self.1.backtrack(problem, depth);
    }
    #[inline]
    fn stop(&mut self, problem: &P, reason: StopReason) {
        self.0.stop(problem, reason);
        self.1.stop(problem, reason);
    }
}

/// What an observer of solutions only does at each solution: the one hook of a
/// [`Solutions`] observer.
///
/// ```
/// use backtrack::{observer::{OnSolution, Solutions}, Problem, Search};
///
/// /// Binary strings of length 12 with no two adjacent ones.
/// #[derive(Clone, Copy)]
/// struct Strings { bits: u32, len: u32 }
///
/// impl Problem for Strings {
///     type Op = u32;
///     type Ops = std::ops::RangeInclusive<u32>;
///     type Solution = u32;
///
///     fn operators(&self) -> Self::Ops { 0..=1 }
///     fn admissible(&self, bit: u32) -> bool { bit == 0 || self.bits & 1 == 0 }
///     fn apply(&mut self, bit: u32) { self.bits = self.bits << 1 | bit; self.len += 1 }
///     fn undo(&mut self, _: u32) { self.bits >>= 1; self.len -= 1 }
///     fn is_complete(&self) -> bool { self.len == 12 }
///     fn solution(&self) -> u32 { self.bits }
/// }
///
/// /// Counts the solutions that end with a one.
/// struct EndsWithOne(u64);
///
/// impl OnSolution<Strings> for EndsWithOne {
///     fn on_solution(&mut self, problem: &Strings, _depth: usize) {
///         self.0 += u64::from(problem.bits & 1);
///     }
/// }
///
/// let mut ends = EndsWithOne(0);
/// let outcome = Search::new(Strings { bits: 0, len: 0 })
///     .observer(Solutions(&mut ends))
///     .count_solutions();
/// // Fibonacci: 377 strings, 144 of them ending with a one.
/// assert_eq!((outcome.found, ends.0), (377, 144));
/// ```
pub trait OnSolution<P: Problem + ?Sized> {
    /// The current node is complete: a solution, at `depth`.
    fn on_solution(&mut self, problem: &P, depth: usize);
}

impl<P: Problem + ?Sized, X: OnSolution<P> + ?Sized> OnSolution<P> for &mut X {
    #[inline]
    fn on_solution(&mut self, problem: &P, depth: usize) {
        (**self).on_solution(problem, depth);
    }
}

/// An observer of solutions only: [`Observer::solution`] calls `X`'s
/// [`on_solution`](OnSolution::on_solution), and every other hook does nothing (and costs
/// nothing: the engine is compiled for each observer, its empty hooks to no code). An
/// observer that needs other hooks implements [`Observer`] itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Solutions<X>(pub X);

impl<P: Problem + ?Sized, X: OnSolution<P>> Observer<P> for Solutions<X> {
    #[inline]
    fn solution(&mut self, problem: &P, depth: usize) {
        self.0.on_solution(problem, depth);
    }
}

/// One event of the search, as passed to a closure observer made by [`from_fn`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event<Op> {
    /// A node is entered; `op` led to it (`None` for the root).
    Enter {
        /// Depth of the node (root 0).
        depth: usize,
        /// The operator that led here.
        op: Option<Op>,
    },
    /// An operator passed the constraints; its child is about to be made (the problem is
    /// the node it applies to).
    Admit {
        /// Depth of the child.
        depth: usize,
        /// The operator.
        op: Op,
    },
    /// An operator was refused by the constraints.
    Reject {
        /// Depth the refused child would have had.
        depth: usize,
        /// The refused operator.
        op: Op,
    },
    /// A child was pruned by the optimality bound.
    Prune {
        /// Depth of the pruned child.
        depth: usize,
        /// The operator that made it.
        op: Op,
    },
    /// The current node is a solution.
    Solution {
        /// Its depth.
        depth: usize,
    },
    /// The current node was expanded and had no admitted child.
    DeadEnd {
        /// Its depth.
        depth: usize,
    },
    /// The current node was expanded and no child was entered, at least one pruned by
    /// the optimality bound.
    Bounded {
        /// Its depth.
        depth: usize,
    },
    /// The current node is left.
    Backtrack {
        /// Its depth.
        depth: usize,
    },
    /// The search stopped before the end of its tree.
    Stop {
        /// Why.
        reason: StopReason,
    },
}

/// An observer made of a closure that sees every [`Event`] (and the state) and answers a
/// [`Control`] (which only matters for [`Event::Enter`]).
///
/// ```
/// use backtrack::{observer::{from_fn, Control, Event}, Problem, Search};
/// # struct Bits(Vec<bool>);
/// # impl Problem for Bits {
/// #     type Op = bool; type Ops = std::array::IntoIter<bool, 2>; type Solution = ();
/// #     fn operators(&self) -> Self::Ops { [false, true].into_iter() }
/// #     fn apply(&mut self, b: bool) { self.0.push(b) }
/// #     fn undo(&mut self, _: bool) { self.0.pop(); }
/// #     fn is_complete(&self) -> bool { self.0.len() == 2 }
/// #     fn solution(&self) {}
/// # }
/// let mut entered = 0;
/// let count = Search::new(Bits(vec![]))
///     .observer(from_fn(|_: &Bits, event| {
///         if let Event::Enter { .. } = event { entered += 1 }
///         Control::Continue
///     }))
///     .count_solutions();
/// assert_eq!((count.found, entered), (4, 7));
/// ```
pub fn from_fn<P, F>(f: F) -> FromFn<F>
where
    P: Problem + ?Sized,
    F: FnMut(&P, Event<P::Op>) -> Control,
{
    FromFn(f)
}

/// The observer returned by [`from_fn`].
#[derive(Clone, Debug)]
pub struct FromFn<F>(F);

impl<P, F> Observer<P> for FromFn<F>
where
    P: Problem + ?Sized,
    F: FnMut(&P, Event<P::Op>) -> Control,
{
    #[inline]
    fn enter(&mut self, problem: &P, depth: usize, op: Option<P::Op>) -> Control {
        (self.0)(problem, Event::Enter { depth, op })
    }
    #[inline]
    fn admit(&mut self, problem: &P, depth: usize, op: P::Op) {
        (self.0)(problem, Event::Admit { depth, op });
    }
    #[inline]
    fn reject(&mut self, problem: &P, depth: usize, op: P::Op) {
        (self.0)(problem, Event::Reject { depth, op });
    }
    #[inline]
    fn prune(&mut self, problem: &P, depth: usize, op: P::Op) {
        (self.0)(problem, Event::Prune { depth, op });
    }
    #[inline]
    fn solution(&mut self, problem: &P, depth: usize) {
        (self.0)(problem, Event::Solution { depth });
    }
    #[inline]
    fn dead_end(&mut self, problem: &P, depth: usize) {
        (self.0)(problem, Event::DeadEnd { depth });
    }
    #[inline]
    fn bounded(&mut self, problem: &P, depth: usize) {
        (self.0)(problem, Event::Bounded { depth });
    }
    #[inline]
    fn backtrack(&mut self, problem: &P, depth: usize) {
        (self.0)(problem, Event::Backtrack { depth });
    }
    #[inline]
    fn stop(&mut self, problem: &P, reason: StopReason) {
        (self.0)(problem, Event::Stop { reason });
    }
}
