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

use std::iter::FusedIterator;
use std::time::{Duration, Instant};

use crate::{Control, Limits, Observer, Optimize, Problem, Stats, StopReason};

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
/// use backtrack::{Limits, Search};
/// use backtrack_problems::queens::Queens;
///
/// // The first solution, then all of them, then only how many.
/// let first = Search::new(Queens::new(8)).next().unwrap();
/// assert_eq!(first, [0, 4, 7, 5, 2, 6, 1, 3]);
/// assert_eq!(Search::new(Queens::new(6)).count(), 4);
/// let outcome = Search::new(Queens::new(8)).count_solutions();
/// assert_eq!((outcome.found, outcome.stats.nodes), (92, 2057));
///
/// // A node budget stops the search, and the outcome says so.
/// let outcome = Search::new(Queens::new(8)).limits(Limits::none().nodes(100)).count_solutions();
/// assert_eq!(outcome.stats.nodes, 100);
/// assert!(outcome.stopped.is_some());
/// ```
pub struct Search<P: Problem, O = ()> {
    problem: P,
    observer: O,
    limits: Limits,
    /// Frames of the nodes on the current path: `stack[..live]`. Frames past `live` are
    /// finished ones kept so that their slots are reused without growing the vector.
    stack: Vec<Frame<P::Op, P::Ops>>,
    live: usize,
    stats: Stats,
    phase: Phase,
    /// The node count at which limits are next looked at.
    checkpoint: u64,
    /// Refused operators (rejected or pruned) left before the clock and the cancellation
    /// flag are looked at: a node whose search range is long and all refused enters no
    /// node, and must not hide the limits.
    refusals_left: u64,
    /// Nodes (or refusals) between two looks at the clock; adapted to the cost of a node.
    interval: u64,
    /// When the clock was last looked at.
    last_look: Instant,
    /// The nodes and solutions already published to the meter.
    published: (u64, u64),
    /// When the current call into the engine began (for the time limit and `elapsed`).
    call_start: Instant,
}

/// The first interval between two looks at the clock, in nodes or refusals.
const FIRST_INTERVAL: u64 = 1;
/// The longest interval: about a millisecond of the fastest searches.
const MAX_INTERVAL: u64 = 1 << 20;

/// One expanded node on the stack: its remaining search range and how it was reached.
struct Frame<Op, Ops> {
    ops: Ops,
    op: Option<Op>,
    /// `stats.nodes` when the node was entered: if it has not grown by the time the frame
    /// is popped, no child was entered and the node is a dead end.
    nodes_at_entry: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Fresh,
    Running,
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
    fn promising(&self, problem: &P) -> bool {
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
    fn promising(&self, problem: &P) -> bool {
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

/// What the kernel does next, after arriving at a node.
#[derive(Clone, Copy)]
enum Flow {
    /// Go on searching.
    Continue,
    /// Return to the caller with a solution in hand (the search may have ended with it).
    Pause,
    /// End the search: `None` when the tree is exhausted (or the phase already says why).
    Stop(Option<StopReason>),
}

/// The figures the kernel touches at every node, kept in locals while it runs.
struct Hot {
    nodes: u64,
    live: usize,
    max_depth: usize,
    checkpoint: u64,
}

impl<P: Problem> Search<P> {
    /// A search of `problem` from its current state (the root), with no observer and no
    /// limits.
    pub fn new(problem: P) -> Self {
        Search {
            problem,
            observer: (),
            limits: Limits::none(),
            stack: Vec::new(),
            live: 0,
            stats: Stats::default(),
            phase: Phase::Fresh,
            checkpoint: 0,
            refusals_left: FIRST_INTERVAL,
            interval: FIRST_INTERVAL,
            last_look: Instant::now(),
            published: (0, 0),
            call_start: Instant::now(),
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
            stack: self.stack,
            live: self.live,
            stats: self.stats,
            phase: self.phase,
            checkpoint: self.checkpoint,
            refusals_left: self.refusals_left,
            interval: self.interval,
            last_look: self.last_look,
            published: self.published,
            call_start: self.call_start,
        }
    }

    /// Sets the limits. They take effect from the next call into the engine.
    #[must_use]
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self.checkpoint = self.stats.nodes;
        self.refusals_left = self.interval;
        self
    }

    /// The statistics so far.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Why the search stopped early, if it did (`None` while running or after an
    /// exhaustive search).
    pub fn stopped(&self) -> Option<StopReason> {
        match self.phase {
            Phase::Done(reason) => reason,
            _ => None,
        }
    }

    /// Has the search ended (tree exhausted or stopped)?
    pub fn is_done(&self) -> bool {
        matches!(self.phase, Phase::Done(_))
    }

    /// The problem's current state: the root before and after a search, the last solution
    /// never (solutions are undone before they are reported).
    pub fn problem(&self) -> &P {
        &self.problem
    }

    /// The observer.
    pub fn get_observer(&self) -> &O {
        &self.observer
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

    /// Counts the solutions without building any: [`Problem::solution`] is never called.
    pub fn count_solutions(mut self) -> Outcome<u64> {
        let before = self.stats.solutions;
        self.timed(|s| s.kernel(&mut Count));
        let found = self.stats.solutions - before;
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

    fn outcome<T>(&mut self, found: T) -> Outcome<T> {
        self.unwind();
        Outcome {
            found,
            stats: self.stats,
            stopped: self.stopped(),
        }
    }

    fn timed<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        self.call_start = Instant::now();
        let result = f(self);
        self.stats.elapsed += self.call_start.elapsed();
        self.publish();
        result
    }

    /// Brings the meter, if any, up to date.
    fn publish(&mut self) {
        if let Some(meter) = &self.limits.meter {
            let (nodes, solutions) = self.published;
            meter.add(
                self.stats.nodes.saturating_sub(nodes),
                self.stats.solutions.saturating_sub(solutions),
            );
            self.published = (self.stats.nodes, self.stats.solutions);
        }
    }

    /// Undoes every operator still applied, so the problem is back at the root.
    fn unwind(&mut self) {
        while self.live > 0 {
            self.live -= 1;
            if let Some(op) = self.stack[self.live].op {
                self.problem.undo(op);
            }
        }
        self.stack.clear();
    }

    fn finish(&mut self, reason: Option<StopReason>) {
        self.phase = Phase::Done(reason);
        self.unwind();
    }

    /// Looks at the limits. Called when `stats.nodes` reaches `checkpoint`, before a node
    /// would be entered.
    #[cold]
    fn poll(&mut self) -> Option<StopReason> {
        let nodes = self.stats.nodes;
        if self.limits.nodes.is_some_and(|max| nodes >= max) {
            return Some(StopReason::NodeLimit);
        }
        // Normally checked as each solution is found; here for a budget already used up
        // (zero, or lowered between two calls).
        if self
            .limits
            .solutions
            .is_some_and(|max| self.stats.solutions >= max)
        {
            return Some(StopReason::SolutionLimit);
        }
        let next = if self.limits.periodic() {
            if let Some(reason) = self.look() {
                return Some(reason);
            }
            nodes.saturating_add(self.interval)
        } else {
            u64::MAX
        };
        self.checkpoint = next.min(self.limits.nodes.unwrap_or(u64::MAX));
        None
    }

    /// Looks at the clock and the cancellation flag, publishes to the meter, and adapts
    /// the interval to the next look so that looks come every quarter to whole
    /// millisecond.
    #[cold]
    fn look(&mut self) -> Option<StopReason> {
        let now = Instant::now();
        let since = now.duration_since(self.last_look);
        self.last_look = now;
        if since < Duration::from_micros(250) {
            self.interval = (self.interval * 2).min(MAX_INTERVAL);
        } else if since > Duration::from_millis(1) {
            self.interval = (self.interval / 2).max(1);
        }
        self.publish();
        if let Some(cancel) = &self.limits.cancel {
            if cancel.is_cancelled() {
                return Some(StopReason::Cancelled);
            }
        }
        if let Some(max) = self.limits.time {
            if self.stats.elapsed + now.duration_since(self.call_start) >= max {
                return Some(StopReason::TimeLimit);
            }
        }
        None
    }

    /// An operator was refused: every so many refusals, looks at the clock (see
    /// [`Search::look`]). Returns why the search must stop, if it must.
    #[inline]
    fn refused(&mut self) -> Option<StopReason> {
        self.refusals_left -= 1;
        if self.refusals_left > 0 {
            return None;
        }
        self.refused_look()
    }

    #[cold]
    fn refused_look(&mut self) -> Option<StopReason> {
        if !self.limits.periodic() {
            self.refusals_left = u64::MAX;
            return None;
        }
        let reason = self.look();
        self.refusals_left = self.interval;
        reason
    }

    /// Runs until the mode asks to pause (returns `true`) or the search ends (`false`).
    ///
    /// The figures touched at every node (node count, path length, deepest depth, next
    /// checkpoint) live in a local [`Hot`] while the kernel runs, so the compiler can keep
    /// them in registers; they are stored back before anything that reads them from `self`.
    #[inline(always)]
    #[expect(
        clippy::inline_always,
        reason = "measured (benches/engine.rs): without it the kernel is up to 15% slower and its speed depends on the observer"
    )]
    fn kernel<M: Mode<P>>(&mut self, mode: &mut M) -> bool {
        let mut hot = match self.phase {
            Phase::Done(_) => return false,
            Phase::Running => self.hot(),
            Phase::Fresh => {
                self.phase = Phase::Running;
                if let Some(reason) = self.poll() {
                    self.finish(Some(reason));
                    return false;
                }
                let mut hot = self.hot();
                match self.arrive(mode, &mut hot, None, 0) {
                    Flow::Continue => hot,
                    flow => return self.exit(&hot, flow),
                }
            }
        };
        loop {
            if hot.live == 0 {
                return self.exit(&hot, Flow::Stop(None));
            }
            // The top frame's node has depth `live - 1`; its children `live`.
            let depth = hot.live;
            let frame = &mut self.stack[hot.live - 1];
            if let Some(op) = frame.ops.next() {
                if !self.problem.admissible(op) {
                    self.stats.rejections += 1;
                    self.observer.reject(&self.problem, depth, op);
                    if let Some(reason) = self.refused() {
                        return self.exit(&hot, Flow::Stop(Some(reason)));
                    }
                    continue;
                }
                if hot.nodes >= hot.checkpoint {
                    self.store(&hot);
                    if let Some(reason) = self.poll() {
                        return self.exit(&hot, Flow::Stop(Some(reason)));
                    }
                    hot.checkpoint = self.checkpoint;
                }
                self.problem.apply(op);
                if M::BOUNDED && !mode.promising(&self.problem) {
                    self.problem.undo(op);
                    self.stats.prunings += 1;
                    self.observer.prune(&self.problem, depth, op);
                    if let Some(reason) = self.refused() {
                        return self.exit(&hot, Flow::Stop(Some(reason)));
                    }
                    continue;
                }
                match self.arrive(mode, &mut hot, Some(op), depth) {
                    Flow::Continue => {}
                    flow => return self.exit(&hot, flow),
                }
            } else {
                hot.live -= 1;
                let depth = hot.live;
                let frame = &self.stack[depth];
                let (op, nodes_at_entry) = (frame.op, frame.nodes_at_entry);
                if nodes_at_entry == hot.nodes {
                    self.stats.dead_ends += 1;
                    self.observer.dead_end(&self.problem, depth);
                }
                self.observer.backtrack(&self.problem, depth, op);
                if let Some(op) = op {
                    self.problem.undo(op);
                }
            }
        }
    }

    /// The hot figures, loaded from `self`.
    #[inline(always)]
    #[expect(clippy::inline_always, reason = "part of the kernel")]
    fn hot(&self) -> Hot {
        Hot {
            nodes: self.stats.nodes,
            live: self.live,
            max_depth: self.stats.max_depth,
            checkpoint: self.checkpoint,
        }
    }

    /// Stores the hot figures back into `self`.
    #[inline(always)]
    #[expect(clippy::inline_always, reason = "part of the kernel")]
    fn store(&mut self, hot: &Hot) {
        self.stats.nodes = hot.nodes;
        self.live = hot.live;
        self.stats.max_depth = hot.max_depth;
    }

    /// Leaves the kernel: stores the hot figures, and on a stop ends the search.
    #[inline(always)]
    #[expect(clippy::inline_always, reason = "part of the kernel")]
    fn exit(&mut self, hot: &Hot, flow: Flow) -> bool {
        self.store(hot);
        match flow {
            Flow::Continue | Flow::Pause => {
                if self.is_done() {
                    self.unwind();
                }
                matches!(flow, Flow::Pause)
            }
            Flow::Stop(reason) => {
                if !self.is_done() {
                    self.phase = Phase::Done(reason);
                }
                self.unwind();
                false
            }
        }
    }

    /// The state is now the node reached by `op` (the root if `None`) at `depth`: count
    /// it, tell the observer, and either report it (complete) or push its frame.
    #[inline(always)]
    #[expect(
        clippy::inline_always,
        reason = "measured (benches/engine.rs): without it the kernel is up to 15% slower and its speed depends on the observer"
    )]
    fn arrive<M: Mode<P>>(
        &mut self,
        mode: &mut M,
        hot: &mut Hot,
        op: Option<P::Op>,
        depth: usize,
    ) -> Flow {
        hot.nodes += 1;
        if depth > hot.max_depth {
            hot.max_depth = depth;
        }
        match self.observer.enter(&self.problem, depth, op) {
            Control::Continue => {}
            Control::Prune => {
                self.leave(op, depth);
                return Flow::Continue;
            }
            Control::Stop => {
                if let Some(op) = op {
                    self.problem.undo(op);
                }
                return Flow::Stop(Some(StopReason::Observer));
            }
        }
        if self.problem.is_complete() {
            self.stats.solutions += 1;
            self.observer.solution(&self.problem, depth);
            let pause = mode.on_solution(&self.problem);
            self.leave(op, depth);
            if self
                .limits
                .solutions
                .is_some_and(|max| self.stats.solutions >= max)
            {
                self.phase = Phase::Done(Some(StopReason::SolutionLimit));
                return if pause { Flow::Pause } else { Flow::Stop(None) };
            }
            if pause {
                return Flow::Pause;
            }
        } else {
            let frame = Frame {
                ops: self.problem.operators(),
                op,
                nodes_at_entry: hot.nodes,
            };
            if hot.live < self.stack.len() {
                self.stack[hot.live] = frame;
            } else {
                self.stack.push(frame);
            }
            hot.live += 1;
        }
        Flow::Continue
    }

    /// Leaves a node that has no frame (a solution, or one the observer pruned).
    #[inline(always)]
    #[expect(
        clippy::inline_always,
        reason = "measured (benches/engine.rs): without it the kernel is up to 15% slower and its speed depends on the observer"
    )]
    fn leave(&mut self, op: Option<P::Op>, depth: usize) {
        self.observer.backtrack(&self.problem, depth, op);
        if let Some(op) = op {
            self.problem.undo(op);
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

impl<P: Problem, O: Observer<P>> FusedIterator for Search<P, O> {}

impl<P: Problem + std::fmt::Debug, O> std::fmt::Debug for Search<P, O> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Search")
            .field("problem", &self.problem)
            .field("depth", &self.live)
            .field("stats", &self.stats)
            .field("phase", &self.phase)
            .finish_non_exhaustive()
    }
}
