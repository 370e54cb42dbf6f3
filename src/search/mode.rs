//! What the kernel does at a solution, and whether it prunes by a bound: first or every
//! solution ([`Next`]), their count ([`CountOnly`]), the best ([`Best`], [`Barred`]).

use crate::{Optimize, Problem};

/// What the kernel does at a solution and whether it prunes by a bound: the only thing
/// that differs between modes. Monomorphised, so an unused hook costs nothing.
pub(super) trait Mode<P: Problem> {
    /// Does the mode prune by [`Mode::promising`]?
    const BOUNDED: bool = false;
    /// Can the current (just applied) child beat the best found?
    #[inline]
    fn promising(&mut self, problem: &P) -> bool {
        let _ = problem;
        true
    }
    /// The current state is complete. Returns `true` to pause the kernel and report it.
    fn on_solution(&mut self, problem: &P) -> bool;
}

/// Iterator mode: pause at every solution with it in hand.
pub(super) struct Next<S>(pub(super) Option<S>);

impl<P: Problem> Mode<P> for Next<P::Solution> {
    #[inline]
    fn on_solution(&mut self, problem: &P) -> bool {
        self.0 = Some(problem.solution());
        true
    }
}

/// Counting mode: the engine's statistics already count solutions.
pub(super) struct CountOnly;

impl<P: Problem> Mode<P> for CountOnly {
    #[inline]
    fn on_solution(&mut self, _: &P) -> bool {
        false
    }
}

/// Branch and bound: keep the incumbent, prune what cannot beat it.
pub(super) struct Best<P: Optimize> {
    pub(super) incumbent: Option<(P::Solution, P::Value)>,
}

impl<P: Optimize> Mode<P> for Best<P> {
    const BOUNDED: bool = true;

    #[inline]
    fn promising(&mut self, problem: &P) -> bool {
        match &self.incumbent {
            None => true,
            Some((_, best)) => problem.bound() > *best,
        }
    }

    #[inline]
    fn on_solution(&mut self, problem: &P) -> bool {
        let value = problem.value();
        if self
            .incumbent
            .as_ref()
            .is_none_or(|(_, best)| value > *best)
        {
            self.incumbent = Some((problem.solution(), value));
        }
        false
    }
}

/// A bar that the children of a branch and bound must clear besides its own incumbent:
/// the best found by searches of other parts of the same tree, shared with them
/// ([`crate::parallel::best`]).
pub(crate) trait Bar<V> {
    /// May a child whose bound is `bound` still matter? (The search's own incumbent has
    /// already let it be.)
    fn clears(&mut self, bound: V) -> bool;
    /// The search found a solution of `value`, better than all it found before.
    fn offer(&mut self, value: V);
}

/// Branch and bound against its own incumbent and a [`Bar`]: the kernel of one part of
/// a parallel branch and bound.
pub(super) struct Barred<'b, P: Optimize, B> {
    pub(super) best: Best<P>,
    pub(super) bar: &'b mut B,
}

impl<P: Optimize, B: Bar<P::Value>> Mode<P> for Barred<'_, P, B> {
    const BOUNDED: bool = true;

    #[inline]
    fn promising(&mut self, problem: &P) -> bool {
        let bound = problem.bound();
        self.best
            .incumbent
            .as_ref()
            .is_none_or(|(_, best)| bound > *best)
            && self.bar.clears(bound)
    }

    #[inline]
    fn on_solution(&mut self, problem: &P) -> bool {
        let value = problem.value();
        if self
            .best
            .incumbent
            .as_ref()
            .is_none_or(|(_, best)| value > *best)
        {
            self.bar.offer(value);
            self.best.incumbent = Some((problem.solution(), value));
        }
        false
    }
}
