//! The depth-first engine: one explicit-stack kernel behind every mode.
//!
//! [`Search`] walks the solution tree of a [`Problem`] depth first, in the order of each
//! node's search range. It is an [`Iterator`] over solutions (`.next()` is the first,
//! `.take(k)` the first `k`), and it counts ([`Search::count_solutions`]) or finds the
//! optimum ([`Search::best`]) with the same kernel.
//!
//! The kernel keeps its own stack of frames on the heap instead of recursing: recursion
//! overflows the thread's stack on deep trees (a chain a million levels deep is fine here),
//! and cannot pause between two solutions the way an iterator must.
//!
//! The stack holds one frame per node of the current path, and comes in two kinds, chosen by
//! the problem's type ([`Problem::BY_VALUE`], a constant):
//!
//! - **in place** (the default): the problem is one state, changed by
//!   [`apply`](Problem::apply) and restored by [`undo`](Problem::undo); a frame is the
//!   node's remaining search range and the operator that led to it.
//! - **by value**, for a state that is a small `Copy` value: a frame is the node's state and
//!   its remaining search range; each child is made by applying its operator to a copy of
//!   the parent (made by the type's [`ByValue`](crate::ByValue)), so nothing is ever undone
//!   and the state lives where the search needs it.
//!   This is the fast path: as fast as a hand-written search over the same state.
//!
//! Every mode, every observer and both kinds of stack run the same loop, compiled for each
//! combination: what a count with no observer does not need (an observer's hooks, a bound)
//! compiles to nothing.
//!
//! One concept a file: `kernel` the one loop; `mode` what it does at a solution;
//! `tape` how it keeps the states of the path; `run` where it is between calls; `clock`
//! when it looks at its limits; `position` where to go on from.

use std::time::Instant;

use crate::{Limits, Observer, Optimize, Problem, Stats, StopReason};

mod clock;
mod kernel;
mod mode;
mod position;
mod run;
mod tape;

use clock::Interval;
pub(crate) use mode::Bar;
use mode::{Barred, Best, CountOnly, Next};
pub use position::{Position, PositionError};
use run::{Phase, Run};
use tape::{InPlace, Place, Tape, Value};

/// A depth-first search over the solution tree of `P`, watched by the observer `O`.
///
/// Build it with [`Search::new`], optionally add an [`observer`](Search::observer) and
/// [`limits`](Search::limits), then either iterate over the solutions or call one of the
/// consuming modes. All modes visit nodes in the same, deterministic order: the order of
/// each node's search range.
///
/// The consuming modes and [`into_parts`](Search::into_parts) leave the problem at the
/// root. A search dropped half-way does not: if it was lent a problem (`Search::new(&mut
/// problem)`), finish with `into_parts` to get the root state back.
///
/// # Examples
///
/// ```
/// use backtrack::{Limits, Problem, Search};
///
/// /// Permutations of 0..n, as the textbook would search them: every value tried at every
/// /// place, those already used refused by the constraint.
/// struct Permutations { n: u8, placed: Vec<u8> }
///
/// impl Problem for Permutations {
///     type Op = u8;
///     type Ops = std::ops::Range<u8>;
///     type Solution = Vec<u8>;
///     fn operators(&self) -> Self::Ops { 0..self.n }
///     fn admissible(&self, v: u8) -> bool { !self.placed.contains(&v) }
///     fn apply(&mut self, v: u8) { self.placed.push(v) }
///     fn undo(&mut self, _: u8) { self.placed.pop(); }
///     fn is_complete(&self) -> bool { self.placed.len() == usize::from(self.n) }
///     fn solution(&self) -> Vec<u8> { self.placed.clone() }
/// }
///
/// let perms = |n| Permutations { n, placed: vec![] };
/// // The first solution, then all of them, then only how many.
/// assert_eq!(Search::new(perms(3)).next(), Some(vec![0, 1, 2]));
/// assert_eq!(Search::new(perms(3)).last(), Some(vec![2, 1, 0]));
/// let outcome = Search::new(perms(4)).count_solutions();
/// assert_eq!((outcome.found, outcome.stats.nodes), (24, 1 + 4 + 12 + 24 + 24));
///
/// // A node budget stops the search, and the outcome says so.
/// let outcome = Search::new(perms(8)).limits(Limits::none().nodes(100)).count_solutions();
/// assert_eq!(outcome.stats.nodes, 100);
/// assert!(outcome.stopped.is_some());
/// ```
pub struct Search<P: Problem, O = ()> {
    /// In place, the current state; by value, the root (the path's states are in `values`).
    problem: P,
    observer: O,
    limits: Limits,
    /// In place: the frames of the nodes on the current path, `places[..live]`, root first.
    /// Frames past `live` are finished ones whose slots are reused.
    places: Vec<Place<P>>,
    /// By value: the same, with each node's state.
    values: Vec<Value<P>>,
    /// The operator of the top node that a limit stopped the search before trying.
    pending: Option<P::Op>,
    run: Run,
}

/// The result of a consuming search mode: what it found, its statistics, and whether a
/// limit (or an observer) stopped it before it had seen the whole tree.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome<T> {
    /// What was found: a count, a solution, the best solution.
    pub found: T,
    /// What the search did.
    pub stats: Stats,
    /// Why a limit or an observer cut the search short, in which case `found` covers only
    /// the part searched; `None` otherwise. ([`Search::first`] ends at its solution by
    /// design: that is not a stop.)
    pub stopped: Option<StopReason>,
}

impl<T> Outcome<T> {
    /// Was the search not cut short by a limit or an observer? For
    /// [`count_solutions`](Search::count_solutions) and [`best`](Search::best), this means
    /// the whole tree was searched and `found` is the exact answer.
    pub fn is_exhaustive(&self) -> bool {
        self.stopped.is_none()
    }
}

impl<P: Problem> Search<P> {
    /// A search of `problem` from its current state (the root), with no observer and no
    /// limits.
    pub fn new(problem: P) -> Self {
        Search {
            problem,
            observer: (),
            limits: Limits::none(),
            places: Vec::new(),
            values: Vec::new(),
            pending: None,
            run: Run::new(),
        }
    }
}

impl<P: Problem, O: Observer<P>> Search<P, O> {
    /// Replaces the observer. Pass `&mut observer` to keep the observer after the search.
    pub fn observer<O2: Observer<P>>(self, observer: O2) -> Search<P, O2> {
        Search {
            problem: self.problem,
            observer,
            limits: self.limits,
            places: self.places,
            values: self.values,
            pending: self.pending,
            run: self.run,
        }
    }

    /// Sets the limits. They take effect from the next call into the engine.
    ///
    /// A search that a limit or a cancellation stopped goes on from where it stopped when
    /// given other limits: the solutions it finds then are those an unstopped search
    /// would have found after the ones already found, and its statistics add up to that
    /// search's. The limits count from the start of the search (a node budget of 1000
    /// after a stop at 100 allows 900 more), the time limit from the first call.
    ///
    /// ```
    /// use backtrack::{Limits, Problem, Search};
    /// # struct Bits { len: u32 }
    /// # impl Problem for Bits {
    /// #     type Op = u32;
    /// #     type Ops = std::ops::Range<u32>;
    /// #     type Solution = u32;
    /// #     fn operators(&self) -> Self::Ops { 0..2 }
    /// #     fn apply(&mut self, _: u32) { self.len += 1 }
    /// #     fn undo(&mut self, _: u32) { self.len -= 1 }
    /// #     fn is_complete(&self) -> bool { self.len == 10 }
    /// #     fn solution(&self) -> u32 { self.len }
    /// # }
    /// // Bit strings of length 10, with a budget of 100 nodes at a time.
    /// let mut search = Search::new(Bits { len: 0 });
    /// let mut found = 0;
    /// let mut budget = 0;
    /// loop {
    ///     budget += 100;
    ///     search = search.limits(Limits::none().nodes(budget));
    ///     found += search.count_more();
    ///     if search.stopped().is_none() {
    ///         break;
    ///     }
    /// }
    /// assert_eq!(found, 1024);
    /// assert_eq!(search.stats().nodes, 2047);
    /// ```
    #[must_use]
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self.run.checkpoint = self.run.stats.nodes;
        let stats = &self.run.stats;
        self.run.refusal_looks = (stats.rejections, stats.prunings);
        self.run.intervals = (Interval::new(), Interval::new());
        self
    }

    /// The statistics so far.
    pub fn stats(&self) -> &Stats {
        &self.run.stats
    }

    /// Why the search stopped early, if it did (`None` while running or after an
    /// exhaustive search).
    pub fn stopped(&self) -> Option<StopReason> {
        match self.run.phase {
            Phase::Done(reason) => reason,
            Phase::Suspended(reason) => Some(reason),
            Phase::Fresh | Phase::Running => None,
        }
    }

    /// Has the search ended (tree exhausted or stopped)? A search that a limit or a
    /// cancellation stopped goes on when given other [`limits`](Search::limits).
    pub fn is_done(&self) -> bool {
        self.run.is_done()
    }

    /// The problem: the root before and after a search. While a search by value is paused
    /// it is still the root; while a search in place is paused it is the state of the
    /// node on top of the path (the parent of the last solution reported).
    pub fn problem(&self) -> &P {
        &self.problem
    }

    /// The observer, to read between two solutions or after a limit stopped the search.
    ///
    /// Named with `get_` because [`observer`](Search::observer) is the builder that sets
    /// it, as `std::process::Command` has `arg` and `get_args`.
    pub fn get_observer(&self) -> &O {
        &self.observer
    }

    /// The observer, to change between two solutions (to reset a counter, say).
    pub fn get_observer_mut(&mut self) -> &mut O {
        &mut self.observer
    }

    /// Ends the search and gives back the problem and the observer. The problem's state is
    /// the root's again: whatever the search applied has been undone.
    pub fn into_parts(mut self) -> (P, O) {
        self.unwind();
        (self.problem, self.observer)
    }

    /// The first solution, with the statistics of the search that found it.
    pub fn first(mut self) -> Outcome<Option<P::Solution>> {
        let found = self.next();
        self.outcome(found)
    }

    /// Counts the solutions from where the search is, until it ends or a limit stops it,
    /// and returns how many it counted; the search is kept, to go on with other
    /// [`limits`](Search::limits). [`Problem::solution`] is never called.
    pub fn count_more(&mut self) -> u64 {
        let before = self.run.stats.solutions;
        self.timed(|s| s.kernel(&mut CountOnly));
        self.run.stats.solutions - before
    }

    /// Branch and bound ([`Search::best`]) from where the search is, until it ends or a
    /// limit stops it, keeping the best found in `incumbent`; the search is kept, to go on
    /// with other [`limits`](Search::limits). To go on from a [`Position`] of an earlier
    /// branch and bound, give its incumbent too: the bound then prunes as it did.
    pub fn best_more(&mut self, incumbent: &mut Option<(P::Solution, P::Value)>)
    where
        P: Optimize,
    {
        let mut mode = Best {
            incumbent: incumbent.take(),
        };
        self.timed(|s| s.kernel(&mut mode));
        *incumbent = mode.incumbent;
    }

    /// Counts the solutions without building any: [`Problem::solution`] is never called.
    pub fn count_solutions(mut self) -> Outcome<u64> {
        let found = self.count_more();
        self.outcome(found)
    }

    /// Branch and bound: the solution with the greatest [`Optimize::value`] and that value.
    ///
    /// Children whose [`Optimize::bound`] is not greater than the best value found so far
    /// are pruned. Among solutions of equal value, the first in search order is returned.
    pub fn best(mut self) -> Outcome<Option<(P::Solution, P::Value)>>
    where
        P: Optimize,
    {
        let mut mode = Best { incumbent: None };
        self.timed(|s| s.kernel(&mut mode));
        self.outcome(mode.incumbent)
    }

    /// [`Search::best`], its children also held to `bar` (an incumbent shared with other
    /// searches): the best this search found, by the serial rule among its own solutions.
    pub(crate) fn best_barred<B: Bar<P::Value>>(
        mut self,
        bar: &mut B,
    ) -> Outcome<Option<(P::Solution, P::Value)>>
    where
        P: Optimize,
    {
        let mut mode = Barred {
            best: Best { incumbent: None },
            bar,
        };
        self.timed(|s| s.kernel(&mut mode));
        self.outcome(mode.best.incumbent)
    }

    fn outcome<T>(&mut self, found: T) -> Outcome<T> {
        self.unwind();
        Outcome {
            found,
            stats: self.run.stats,
            stopped: self.stopped(),
        }
    }

    fn timed<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        let start = Instant::now();
        self.run.began.get_or_insert(start);
        let result = f(self);
        self.run.stats.elapsed += start.elapsed();
        self.run.publish(&self.limits);
        result
    }

    /// Undoes every operator still applied, so the problem is back at the root.
    fn unwind(&mut self) {
        if let Phase::Suspended(reason) = self.run.phase {
            self.run.phase = Phase::Done(Some(reason));
        }
        self.pending = None;
        if P::BY_VALUE.is_none() {
            while self.run.live > 0 {
                self.run.live -= 1;
                InPlace::leave(&mut self.problem, &self.places[self.run.live]);
            }
        }
        self.places.clear();
        self.values.clear();
        self.run.live = 0;
    }
}

impl<P: Problem, O: Observer<P>> Iterator for Search<P, O> {
    type Item = P::Solution;

    /// The next solution in search order.
    fn next(&mut self) -> Option<P::Solution> {
        let mut mode = Next(None);
        if self.timed(|s| s.kernel(&mut mode)) {
            mode.0
        } else {
            None
        }
    }

    /// The number of solutions left, counted without building them (as
    /// [`Search::count_solutions`] does).
    fn count(self) -> usize {
        self.count_solutions().found as usize
    }
}

impl<P: Problem + std::fmt::Debug, O> std::fmt::Debug for Search<P, O> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Search")
            .field("problem", &self.problem)
            .field("depth", &self.run.live)
            .field("stats", &self.run.stats)
            .field("phase", &self.run.phase)
            .finish_non_exhaustive()
    }
}
