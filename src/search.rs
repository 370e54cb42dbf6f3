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
//! the problem ([`Problem::by_value`]):
//!
//! - **in place** (the default): the problem is one state, changed by
//!   [`apply`](Problem::apply) and restored by [`undo`](Problem::undo); a frame is the
//!   node's remaining search range and the operator that led to it.
//! - **by value**, for a state that is a small `Copy` value: a frame is the node's state and
//!   its remaining search range; each child is made by applying its operator to a copy of
//!   the parent, so nothing is ever undone and the state lives where the search needs it.
//!   This is the fast path: as fast as a hand-written search over the same state.
//!
//! A count that needs none of what the frames are for (pausing, going on after a stop,
//! telling an observer of every event) runs a leaner kernel of its own: see
//! [`Search::count_solutions`] and [`Observer::SOLUTIONS_ONLY`].

use std::time::{Duration, Instant};

use crate::{Control, Limits, Observer, Optimize, Problem, Stats, StopReason};

mod lean;

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

/// The frame of a node searched in place: its remaining search range and how it was reached.
struct Place<P: Problem> {
    ops: P::Ops,
    op: Option<P::Op>,
}

/// The frame of a node searched by value: its state and its remaining search range.
struct Value<P: Problem> {
    state: P,
    ops: P::Ops,
}

/// Where the search is, between two calls into the kernel.
struct Run {
    stats: Stats,
    phase: Phase,
    /// Frames on the current path.
    live: usize,
    /// The node on top of the stack has had no child entered yet.
    fresh: bool,
    /// A child of the node on top was pruned by the bound (branch and bound; looked at
    /// only while `fresh`).
    cut: bool,
    /// The deepest node entered and not expanded (a solution, or pruned by an observer).
    deepest_leaf: usize,
    /// The node count at which limits are next looked at.
    checkpoint: u64,
    /// The rejection and pruning counts at which the clock and the cancellation flag are
    /// looked at next: a node whose search range is long and all refused enters no node,
    /// and must not hide the limits.
    refusal_looks: (u64, u64),
    /// How many nodes, and how many refused operators, come between two looks at the clock:
    /// each adapted so that its looks come about every half millisecond.
    intervals: (Interval, Interval),
    /// The nodes and solutions already published to the meter.
    published: (u64, u64),
    /// When the current call into the engine began (for `elapsed`).
    call_start: Instant,
    /// When the first call into the engine began: the time limit runs from there, through
    /// the time the caller spends between calls (printing a solution, say).
    began: Option<Instant>,
}

/// The first interval between two looks at the clock, in nodes or refusals.
const FIRST_INTERVAL: u64 = 1;
/// The longest interval: about a millisecond of the fastest searches.
const MAX_INTERVAL: u64 = 1 << 20;
/// How often to look at the clock.
const LOOK_EVERY: Duration = Duration::from_micros(500);

/// The number of events (nodes entered, or operators refused) between two looks at the
/// clock, adapted to what the events cost.
#[derive(Clone, Copy, Debug)]
struct Interval {
    events: u64,
    /// When the events last triggered a look.
    since: Instant,
}

impl Interval {
    fn new() -> Self {
        Interval {
            events: FIRST_INTERVAL,
            since: Instant::now(),
        }
    }

    /// The events came to a look at `now`: sets how many should come before the next, so
    /// that looks come every [`LOOK_EVERY`] or so. Looks that came too soon double the
    /// interval; looks that came late shrink it at once in proportion (one slow stretch
    /// of nodes must not be followed by another as long).
    fn adapt(&mut self, now: Instant) -> u64 {
        let took = now.duration_since(self.since);
        self.since = now;
        if took < LOOK_EVERY / 2 {
            self.events = (self.events * 2).min(MAX_INTERVAL);
        } else if took > LOOK_EVERY * 2 {
            let scaled = self.events as f64 * LOOK_EVERY.as_secs_f64() / took.as_secs_f64();
            self.events = (scaled as u64).max(1);
        }
        self.events
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Fresh,
    Running,
    /// Stopped by a limit or a cancellation, where it can go on (given other limits).
    Stopped(StopReason),
    /// Ended: the tree exhausted (`None`), or stopped for good (an observer's
    /// [`Control::Stop`]; a solution budget met at the root).
    Done(Option<StopReason>),
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

/// What the kernel does at a solution and whether it prunes by a bound: the only thing
/// that differs between modes. Monomorphised, so an unused hook costs nothing.
trait Mode<P: Problem> {
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
struct Next<S>(Option<S>);

impl<P: Problem> Mode<P> for Next<P::Solution> {
    #[inline]
    fn on_solution(&mut self, problem: &P) -> bool {
        self.0 = Some(problem.solution());
        true
    }
}

/// Counting mode: the engine's statistics already count solutions.
struct Count;

impl<P: Problem> Mode<P> for Count {
    #[inline]
    fn on_solution(&mut self, _: &P) -> bool {
        false
    }
}

/// Branch and bound: keep the incumbent, prune what cannot beat it.
struct Best<P: Optimize> {
    incumbent: Option<(P::Solution, P::Value)>,
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
struct Barred<'b, P: Optimize, B> {
    best: Best<P>,
    bar: &'b mut B,
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

/// How the stack keeps the states of the current path: the only thing that differs between
/// searching in place and by value. Monomorphised, like [`Mode`].
trait Tape<P: Problem> {
    /// One node of the current path.
    type Frame;
    /// A child just made, not yet entered or expanded.
    type Child;

    /// The stack of this kind among the search's two.
    fn frames<'a>(
        places: &'a mut Vec<Place<P>>,
        values: &'a mut Vec<Value<P>>,
    ) -> &'a mut Vec<Self::Frame>;
    /// The root's frame.
    fn root(problem: &P) -> Self::Frame;
    /// The node's remaining search range.
    fn ops(frame: &mut Self::Frame) -> &mut P::Ops;
    /// The node's state.
    fn state<'a>(problem: &'a P, frame: &'a Self::Frame) -> &'a P;
    /// Makes the child of `frame`'s node by `op`.
    fn apply(problem: &mut P, frame: &Self::Frame, op: P::Op) -> Self::Child;
    /// The child's state.
    fn child<'a>(problem: &'a P, child: &'a Self::Child) -> &'a P;
    /// Drops the child made by `op`, entered or not, but not expanded.
    fn retract(problem: &mut P, op: P::Op);
    /// The frame of the child made by `op`, to expand it.
    fn expand(problem: &P, child: Self::Child, op: P::Op) -> Self::Frame;
    /// The frame's node is left: back to its parent.
    fn leave(problem: &mut P, frame: &Self::Frame);
}

/// Search in place: [`Problem::apply`] and [`Problem::undo`] on the one state.
struct InPlace;

impl<P: Problem> Tape<P> for InPlace {
    type Frame = Place<P>;
    type Child = ();

    #[inline]
    fn frames<'a>(
        places: &'a mut Vec<Place<P>>,
        _: &'a mut Vec<Value<P>>,
    ) -> &'a mut Vec<Place<P>> {
        places
    }
    #[inline]
    fn root(problem: &P) -> Place<P> {
        Place {
            ops: problem.operators(),
            op: None,
        }
    }
    #[inline]
    fn ops(frame: &mut Place<P>) -> &mut P::Ops {
        &mut frame.ops
    }
    #[inline]
    fn state<'a>(problem: &'a P, _: &'a Place<P>) -> &'a P {
        problem
    }
    #[inline]
    fn apply(problem: &mut P, _: &Place<P>, op: P::Op) {
        problem.apply(op);
    }
    #[inline]
    fn child<'a>(problem: &'a P, (): &'a ()) -> &'a P {
        problem
    }
    #[inline]
    fn retract(problem: &mut P, op: P::Op) {
        problem.undo(op);
    }
    #[inline]
    fn expand(problem: &P, (): (), op: P::Op) -> Place<P> {
        Place {
            ops: problem.operators(),
            op: Some(op),
        }
    }
    #[inline]
    fn leave(problem: &mut P, frame: &Place<P>) {
        if let Some(op) = frame.op {
            problem.undo(op);
        }
    }
}

/// Search by value: every child a fresh copy of its parent, never undone.
struct ByValue;

/// A copy of `state`, for a problem searched by value.
#[inline]
fn copy_of<P: Problem>(state: &P) -> P {
    state
        .by_value()
        .expect("a problem searched by value gives a copy of every state")
}

impl<P: Problem> Tape<P> for ByValue {
    type Frame = Value<P>;
    type Child = P;

    #[inline]
    fn frames<'a>(
        _: &'a mut Vec<Place<P>>,
        values: &'a mut Vec<Value<P>>,
    ) -> &'a mut Vec<Value<P>> {
        values
    }
    #[inline]
    fn root(problem: &P) -> Value<P> {
        Value {
            state: copy_of(problem),
            ops: problem.operators(),
        }
    }
    #[inline]
    fn ops(frame: &mut Value<P>) -> &mut P::Ops {
        &mut frame.ops
    }
    #[inline]
    fn state<'a>(_: &'a P, frame: &'a Value<P>) -> &'a P {
        &frame.state
    }
    #[inline]
    fn apply(_: &mut P, frame: &Value<P>, op: P::Op) -> P {
        let mut child = copy_of(&frame.state);
        child.apply(op);
        child
    }
    #[inline]
    fn child<'a>(_: &'a P, child: &'a P) -> &'a P {
        child
    }
    #[inline]
    fn retract(_: &mut P, _: P::Op) {}
    #[inline]
    fn expand(_: &P, child: P, _: P::Op) -> Value<P> {
        Value {
            ops: child.operators(),
            state: child,
        }
    }
    #[inline]
    fn leave(_: &mut P, _: &Value<P>) {}
}

/// What the kernel does next, after arriving at a node.
#[derive(Clone, Copy)]
enum Flow {
    /// Return to the caller with a solution in hand (the search may have ended with it).
    Pause,
    /// End the search: `None` when the tree is exhausted (or the phase already says why).
    Stop(Option<StopReason>),
}

/// The figures the kernel touches at every node, kept in locals while it runs (so the
/// compiler can keep them in registers) and stored back into [`Run`] before anything reads
/// them there.
struct Hot {
    /// Nodes that may be entered before the limits are looked at again: the node count is
    /// `Run::checkpoint - left`.
    left: u64,
    solutions: u64,
    dead_ends: u64,
    bounded: u64,
    rejections: u64,
    prunings: u64,
    live: usize,
    fresh: bool,
    /// Was a child of the top node pruned by the bound? (Looked at only when `fresh`.)
    cut: bool,
    deepest_leaf: usize,
    /// The rejection count at which to look at the clock next.
    rejections_look: u64,
    /// The pruning count at which to look at the clock next.
    prunings_look: u64,
    /// The solution budget, `u64::MAX` for none.
    solution_cap: u64,
}

impl Run {
    fn new() -> Self {
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
            call_start: Instant::now(),
            began: None,
        }
    }

    #[inline]
    fn hot(&self, limits: &Limits) -> Hot {
        Hot {
            left: self.checkpoint.saturating_sub(self.stats.nodes),
            solutions: self.stats.solutions,
            dead_ends: self.stats.dead_ends,
            bounded: self.stats.bounded,
            rejections: self.stats.rejections,
            prunings: self.stats.prunings,
            live: self.live,
            fresh: self.fresh,
            cut: self.cut,
            deepest_leaf: self.deepest_leaf,
            rejections_look: self.refusal_looks.0,
            prunings_look: self.refusal_looks.1,
            solution_cap: limits.solutions.unwrap_or(u64::MAX),
        }
    }

    /// Stores the hot figures back; `expanded` is how deep the stack has ever been.
    #[inline]
    fn store(&mut self, hot: &Hot, expanded: usize) {
        self.stats.nodes = self.checkpoint - hot.left;
        self.stats.solutions = hot.solutions;
        self.stats.dead_ends = hot.dead_ends;
        self.stats.bounded = hot.bounded;
        self.stats.rejections = hot.rejections;
        self.stats.prunings = hot.prunings;
        self.live = hot.live;
        self.fresh = hot.fresh;
        self.cut = hot.cut;
        self.deepest_leaf = hot.deepest_leaf;
        self.refusal_looks = (hot.rejections_look, hot.prunings_look);
        // The deepest node expanded is the deepest frame ever pushed: the stack only grows
        // when the path is longer than ever.
        self.stats.max_depth = hot.deepest_leaf.max(expanded.saturating_sub(1));
    }

    fn is_done(&self) -> bool {
        matches!(self.phase, Phase::Done(_) | Phase::Stopped(_))
    }

    /// Looks at the limits. Called when the node count reaches `checkpoint`, before a node
    /// would be entered.
    #[cold]
    #[inline(never)]
    fn poll(&mut self, limits: &Limits) -> Option<StopReason> {
        let nodes = self.stats.nodes;
        if limits.nodes.is_some_and(|max| nodes >= max) {
            return Some(StopReason::NodeLimit);
        }
        // Normally checked as each solution is found; here for a budget already used up
        // (zero, or lowered between two calls).
        if limits
            .solutions
            .is_some_and(|max| self.stats.solutions >= max)
        {
            return Some(StopReason::SolutionLimit);
        }
        let next = if limits.periodic() {
            let now = Instant::now();
            let interval = self.intervals.0.adapt(now);
            if let Some(reason) = self.look(limits, now) {
                return Some(reason);
            }
            nodes.saturating_add(interval)
        } else {
            u64::MAX
        };
        self.checkpoint = next.min(limits.nodes.unwrap_or(u64::MAX));
        None
    }

    /// Looks at the cancellation flag and the clock (`now`), and publishes to the meter.
    fn look(&mut self, limits: &Limits, now: Instant) -> Option<StopReason> {
        self.publish(limits);
        if let Some(cancel) = &limits.cancel {
            if cancel.is_cancelled() {
                return Some(StopReason::Cancelled);
            }
        }
        if let Some(max) = limits.time {
            let began = self.began.unwrap_or(self.call_start);
            if now.duration_since(began) >= max {
                return Some(StopReason::TimeLimit);
            }
        }
        None
    }

    /// So many operators were refused since the last look on their account: looks at the
    /// clock if any limit needs it. Returns why the search must stop, if it must, and how
    /// many more refusals to allow before the next look.
    #[cold]
    #[inline(never)]
    fn refusals_look(&mut self, limits: &Limits) -> (Option<StopReason>, u64) {
        if !limits.periodic() {
            return (None, u64::MAX);
        }
        let now = Instant::now();
        let interval = self.intervals.1.adapt(now);
        (self.look(limits, now), interval)
    }

    /// Brings the meter, if any, up to date.
    fn publish(&mut self, limits: &Limits) {
        if let Some(meter) = &limits.meter {
            let (nodes, solutions) = self.published;
            meter.add(
                self.stats.nodes.saturating_sub(nodes),
                self.stats.solutions.saturating_sub(solutions),
            );
            self.published = (self.stats.nodes, self.stats.solutions);
        }
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
            Phase::Stopped(reason) => Some(reason),
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
        self.timed(|s| s.kernel(&mut Count));
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
    ///
    /// A search watched by an observer of solutions only ([`Observer::SOLUTIONS_ONLY`], as
    /// the no-op observer `()`), with no node or solution budget, is counted by a leaner
    /// kernel, with the same count and the same statistics.
    pub fn count_solutions(mut self) -> Outcome<u64> {
        let before = self.run.stats.solutions;
        if O::SOLUTIONS_ONLY && self.lean_fits() {
            self.timed(Self::lean_count);
        } else {
            self.timed(|s| s.kernel(&mut Count));
        }
        let found = self.run.stats.solutions - before;
        self.outcome(found)
    }

    /// Can the lean kernel count this search: not started, and no budget that must stop it
    /// at an exact node?
    fn lean_fits(&self) -> bool {
        self.run.phase == Phase::Fresh
            && self.limits.nodes.is_none()
            && self.limits.solutions.is_none()
    }

    /// Counts with the lean kernel ([`lean::count`], [`lean::count_in_place`]).
    fn lean_count(&mut self) {
        self.run.phase = Phase::Running;
        let (observer, limits, run) = (&mut self.observer, &self.limits, &mut self.run);
        let stopped = if let Some(reason) = run.poll(limits) {
            Some(reason)
        } else if self.problem.is_complete() {
            run.stats.nodes = 1;
            run.stats.solutions = 1;
            observer.solution(&self.problem, 0);
            None
        } else if self.problem.by_value().is_some() {
            // A constant for each problem type once inlined.
            lean::count(&self.problem, observer, limits, run)
        } else {
            lean::count_in_place(&mut self.problem, observer, limits, run)
        };
        self.run.live = 0;
        self.run.phase = match stopped {
            None => Phase::Done(None),
            Some(reason) => {
                self.observer.stop(&self.problem, reason);
                Phase::Stopped(reason)
            }
        };
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
        self.run.call_start = Instant::now();
        self.run.began.get_or_insert(self.run.call_start);
        let result = f(self);
        self.run.stats.elapsed += self.run.call_start.elapsed();
        self.run.publish(&self.limits);
        result
    }

    /// Undoes every operator still applied, so the problem is back at the root.
    fn unwind(&mut self) {
        if let Phase::Stopped(reason) = self.run.phase {
            self.run.phase = Phase::Done(Some(reason));
        }
        self.pending = None;
        if self.problem.by_value().is_none() {
            while self.run.live > 0 {
                self.run.live -= 1;
                InPlace::leave(&mut self.problem, &self.places[self.run.live]);
            }
        }
        self.run.live = 0;
    }

    /// Runs until the mode asks to pause (returns `true`) or the search ends (`false`), with
    /// the stack the problem chooses.
    #[inline(always)]
    #[expect(
        clippy::inline_always,
        reason = "measured (benches/engine.rs): the kernel must be compiled into each mode"
    )]
    fn kernel<M: Mode<P>>(&mut self, mode: &mut M) -> bool {
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
            self.kernel_on::<M, ByValue>(mode)
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

/// Where a search is, to go on from there later, in another process perhaps
/// ([`Search::position`], [`Search::resume`]): the path from the root as operator indices,
/// how far the search range of the node on top of it was tried, and the statistics so far.
/// Serialised with serde.
///
/// An index is a place in a node's search range ([`Problem::operators`]), counted from 0,
/// refused operators included: a position is the same for every run of the same problem,
/// as long as its search ranges come in the same order.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Position {
    /// Has the search ended (its tree exhausted, or stopped for good)? Then there is
    /// nothing to go on with.
    pub done: bool,
    /// For each node of the path below the root, the index of the operator that made it
    /// in its parent's search range. Empty, with `nodes` 0, for a search not started.
    pub path: Vec<usize>,
    /// How many operators of the top node's search range were tried: the next one tried
    /// is the one at this index.
    pub tried: usize,
    /// Has a child of the top node been entered? (A node none of whose children is
    /// entered is a dead end.)
    pub entered_child: bool,
    /// Was a child of the top node pruned by the optimality bound? (A node none of whose
    /// children is entered, one of them pruned, is bounded, not a dead end.)
    #[serde(default)]
    pub pruned_child: bool,
    /// The statistics so far, their time aside.
    pub nodes: u64,
    /// See [`Stats::solutions`].
    pub solutions: u64,
    /// See [`Stats::dead_ends`].
    pub dead_ends: u64,
    /// See [`Stats::bounded`].
    #[serde(default)]
    pub bounded: u64,
    /// See [`Stats::rejections`].
    pub rejections: u64,
    /// See [`Stats::prunings`].
    pub prunings: u64,
    /// See [`Stats::max_depth`].
    pub max_depth: usize,
}

/// Why [`Search::resume`] cannot go on from a [`Position`]: it is not one of this
/// problem's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// The depth of the node whose search range is too short.
    pub depth: usize,
    /// The index asked for there.
    pub index: usize,
}

impl std::fmt::Display for PositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the position does not fit the problem: at depth {}, the search range has no operator at index {}",
            self.depth, self.index
        )
    }
}

impl std::error::Error for PositionError {}

impl<P: Problem, O: Observer<P>> Search<P, O> {
    /// Where the search is: see [`Position`]. Call it between two solutions of the
    /// iterator or after a limit stopped the search, and [`Search::resume`] goes on from
    /// there, to the same solutions and statistics as this search would have.
    ///
    /// The search ranges of the nodes on the path are copied (`P::Ops: Clone`) and counted
    /// against fresh ones of the same states, and a search in place copies its state
    /// (`P: Clone`) to take it back up the path: O(depth × range) work, nothing per node.
    /// An observer's own state is not part of the position.
    ///
    /// ```
    /// use backtrack::{Limits, Problem, Search};
    /// # #[derive(Clone)]
    /// # struct Bits { bits: Vec<bool> }
    /// # impl Problem for Bits {
    /// #     type Op = bool;
    /// #     type Ops = std::array::IntoIter<bool, 2>;
    /// #     type Solution = Vec<bool>;
    /// #     fn operators(&self) -> Self::Ops { [false, true].into_iter() }
    /// #     fn apply(&mut self, b: bool) { self.bits.push(b) }
    /// #     fn undo(&mut self, _: bool) { self.bits.pop(); }
    /// #     fn is_complete(&self) -> bool { self.bits.len() == 4 }
    /// #     fn solution(&self) -> Vec<bool> { self.bits.clone() }
    /// # }
    /// // Bit strings of length 4: list five, keep the position, and go on from it.
    /// let mut search = Search::new(Bits { bits: vec![] });
    /// let first: Vec<_> = search.by_ref().take(5).collect();
    /// let position = search.position();
    /// let rest: Vec<_> = Search::resume(Bits { bits: vec![] }, &position)?.collect();
    /// assert_eq!(first.len() + rest.len(), 16);
    /// assert_eq!(rest[0], [false, true, false, true]);
    /// # Ok::<(), backtrack::search::PositionError>(())
    /// ```
    pub fn position(&self) -> Position
    where
        P: Clone,
        P::Ops: Clone,
    {
        let stats = &self.run.stats;
        let mut position = Position {
            done: matches!(self.run.phase, Phase::Done(_)),
            path: Vec::new(),
            tried: 0,
            entered_child: !self.run.fresh,
            pruned_child: self.run.fresh && self.run.cut,
            nodes: stats.nodes,
            solutions: stats.solutions,
            dead_ends: stats.dead_ends,
            bounded: stats.bounded,
            rejections: stats.rejections,
            prunings: stats.prunings,
            max_depth: stats.max_depth.max(self.run.deepest_leaf),
        };
        let live = self.run.live;
        if position.done || self.run.phase == Phase::Fresh || live == 0 {
            position.entered_child = false;
            position.pruned_child = false;
            return position;
        }
        // How many operators each node of the path has tried: its whole range, less what
        // is left of it.
        let tried = |state: &P, left: &P::Ops| state.operators().count() - left.clone().count();
        let mut taken = vec![0; live];
        if self.problem.by_value().is_some() {
            for (d, frame) in self.values[..live].iter().enumerate() {
                taken[d] = tried(&frame.state, &frame.ops);
            }
        } else {
            // Back up the path from the top, on a copy.
            let mut state = self.problem.clone();
            for d in (0..live).rev() {
                let frame = &self.places[d];
                taken[d] = tried(&state, &frame.ops);
                if let Some(op) = frame.op {
                    state.undo(op);
                }
            }
        }
        position.path = taken[..live - 1].iter().map(|&k| k - 1).collect();
        position.tried = taken[live - 1] - usize::from(self.pending.is_some());
        position
    }
}

impl<P: Problem> Search<P> {
    /// A search of `problem` (the root, as given to the search the position was taken
    /// of) that goes on from `position`: see [`Search::position`]. With no observer and no
    /// limits; add them as to a new search.
    pub fn resume(problem: P, position: &Position) -> Result<Search<P>, PositionError> {
        let mut search = Search::new(problem);
        let run = &mut search.run;
        run.stats = Stats {
            nodes: position.nodes,
            solutions: position.solutions,
            dead_ends: position.dead_ends,
            bounded: position.bounded,
            rejections: position.rejections,
            prunings: position.prunings,
            max_depth: position.max_depth,
            elapsed: Duration::ZERO,
        };
        run.deepest_leaf = position.max_depth;
        if position.done {
            run.phase = Phase::Done(None);
            return Ok(search);
        }
        if position.nodes == 0 {
            return Ok(search);
        }
        let depth = position.path.len();
        if search.problem.by_value().is_some() {
            let mut state = copy_of(&search.problem);
            for (d, &index) in position.path.iter().enumerate() {
                let mut ops = skipped(&state, index, d)?;
                let op = ops.next().ok_or(PositionError { depth: d, index })?;
                let mut child = copy_of(&state);
                child.apply(op);
                search.values.push(Value { state, ops });
                state = child;
            }
            let ops = skipped(&state, position.tried, depth)?;
            search.values.push(Value { state, ops });
        } else {
            let mut led_by = None;
            for (d, &index) in position.path.iter().enumerate() {
                let mut ops = skipped(&search.problem, index, d)?;
                let op = ops.next().ok_or(PositionError { depth: d, index })?;
                search.places.push(Place { ops, op: led_by });
                search.problem.apply(op);
                led_by = Some(op);
            }
            let ops = skipped(&search.problem, position.tried, depth)?;
            search.places.push(Place { ops, op: led_by });
        }
        let run = &mut search.run;
        run.live = depth + 1;
        run.fresh = !position.entered_child;
        run.cut = position.pruned_child;
        run.phase = Phase::Running;
        run.checkpoint = position.nodes;
        Ok(search)
    }
}

/// The operators of `state`, `skip` of them tried.
fn skipped<P: Problem>(state: &P, skip: usize, depth: usize) -> Result<P::Ops, PositionError> {
    let mut ops = state.operators();
    for index in 0..skip {
        if ops.next().is_none() {
            return Err(PositionError { depth, index });
        }
    }
    Ok(ops)
}
