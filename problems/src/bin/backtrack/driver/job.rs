//! A [`Job`]: what a subcommand asks of the driver. It names the search (its formulation
//! for `--stats`, a solution's noun for notes, its identity for checkpoints and parts)
//! and holds one [`Task`] or several (the puzzles of a file). A task is one [`Kind`] of
//! thing: a search, with the abilities its problem has (it lists its solutions, finds the
//! best one, draws its tree, is counted and estimated); a count of its own; a direct
//! method for a first solution; or no solution, known before any search. The driver
//! picks what to do with it by the flags ([`super::plan`]); a subcommand never does.

use std::io;
use std::time::Duration;

use anyhow::Result;
use backtrack::estimate::{Estimate, Figure};
use backtrack::split::{Layout, Share};
use backtrack::tree::Label;
use backtrack::{
    parallel, Cancel, Limits, Optimize, Outcome, ParallelLimits, Problem, Search, SplitDepth,
};

use super::{Cutoff, Driver, Out, Settings};
use crate::exit::Status;
use backtrack::durable::{tallied, Generic, Identity, Print, Shared, Tally};

/// What a subcommand asks the driver to run: see the [module docs](self).
pub struct Job<'a> {
    pub(super) settings: Settings,
    /// The formulation searched, as `--stats` names it.
    pub(super) formulation: String,
    /// What a solution is called in notes: `solution`, `packing`, `tour`.
    pub(super) thing: &'static str,
    /// The problem and its parameters, as checkpoints and part records name them; a job
    /// without one is neither checkpointed nor counted in parts.
    pub(super) identity: Option<Identity>,
    pub(super) work: Work<'a>,
}

pub(super) enum Work<'a> {
    /// One task, or several in turn, each named `{key} K` (`puzzle 2`): made as they
    /// come, not all before the first is searched (a file of 100,000 sudokus).
    Tasks {
        key: Option<&'static str>,
        tasks: Tasks<'a>,
    },
    /// No search: output to write (`merge`, `completions`, `man`), made given whether
    /// it is JSON.
    Write(Box<dyn FnOnce(bool) -> Result<Vec<u8>> + 'a>),
}

impl<'a> Job<'a> {
    /// The job of one task, under `settings`.
    pub fn new(settings: Settings, task: impl Into<Task<'a>>) -> Self {
        Job::of(
            settings,
            Work::Tasks {
                key: None,
                tasks: Box::new(std::iter::once(task.into())),
            },
        )
    }

    /// The job that does `work`, under `settings`, named nothing yet.
    fn of(settings: Settings, work: Work<'a>) -> Self {
        Job {
            settings,
            formulation: String::new(),
            thing: "solution",
            identity: None,
            work,
        }
    }

    /// The job of several tasks searched in turn under the same flags, each named `{key}
    /// K` in the output (`# puzzle 2`, `"puzzle":2`), ended by a summary line; each task
    /// is made when its turn comes.
    pub fn each(
        settings: Settings,
        key: &'static str,
        tasks: impl ExactSizeIterator<Item = Task<'a>> + 'a,
    ) -> Self {
        Job::of(
            settings,
            Work::Tasks {
                key: Some(key),
                tasks: Box::new(tasks),
            },
        )
    }

    /// A job that searches nothing and writes what `write` makes (given whether the
    /// output is JSON).
    pub fn write(settings: Settings, write: impl FnOnce(bool) -> Result<Vec<u8>> + 'a) -> Self {
        Job::of(settings, Work::Write(Box::new(write)))
    }

    /// The formulation searched, as `--stats` names it.
    #[must_use]
    pub fn describe(mut self, formulation: impl Into<String>) -> Self {
        self.formulation = formulation.into();
        self
    }

    /// What a solution is called in notes (`packing`); `solution` if not said.
    #[must_use]
    pub fn thing(mut self, thing: &'static str) -> Self {
        self.thing = thing;
        self
    }

    /// Names the problem and its parameters for checkpoints and part records.
    #[must_use]
    pub fn identity(mut self, problem: &str, parameters: serde_json::Value) -> Self {
        self.identity = Some(Identity::new(problem, parameters));
        self
    }
}

/// The tasks of a job, made as they come.
pub(super) type Tasks<'a> = Box<dyn ExactSizeIterator<Item = Task<'a>> + 'a>;

/// One search of a job: what it is ([`Kind`]), and the work done on its root before.
/// Made by [`Task::search`] (a problem the engine searches), [`Task::count`] (a count of
/// its own), [`Task::direct`] (a direct method) or [`Task::unsolvable`].
pub struct Task<'a> {
    pub(super) kind: Kind<'a>,
    /// The work done on the root before the search (a sudoku's givens propagated): how
    /// long it took, and what it was.
    pub(super) prepared: Option<(Duration, &'static str)>,
}

/// What a task is, and so what the driver can do with it.
pub(super) enum Kind<'a> {
    /// The engine's search of a problem: it lists, counts, estimates, and finds the best
    /// or draws its tree if the subcommand said how.
    Search(Box<dyn Searchable + 'a>),
    /// A count of its own, which the driver runs every way it runs a count, or estimates.
    Count(Box<dyn Countable + 'a>),
    /// A first solution by a direct method.
    Direct(Box<dyn DirectRun + 'a>),
    /// No solution, for this reason, known before any search (a sudoku's givens that
    /// contradict each other).
    Unsolvable(String),
}

impl<'a> Task<'a> {
    /// The task that is `kind`, its root not prepared.
    fn of(kind: Kind<'a>) -> Self {
        Task {
            kind,
            prepared: None,
        }
    }

    /// A task that has no solution, for the reason `why`, known without a search.
    pub fn unsolvable(why: impl Into<String>) -> Self {
        Task::of(Kind::Unsolvable(why.into()))
    }

    /// The search of `problem`, its tree split at `depth` for threads: its estimate and
    /// its count come with it; [`SearchTask::list`] and [`SearchTask::best`] say how to
    /// print its solutions, [`SearchTask::tree`] lets it draw its tree.
    pub fn search<P>(problem: P, depth: usize) -> SearchTask<'a, P>
    where
        P: Problem + Clone + Send + Sync + 'static,
        P::Ops: Clone,
        P::Op: Send + Sync,
        P::Solution: Send,
    {
        SearchTask {
            searched: Searched {
                problem,
                depth,
                emit: None,
                best: None,
                draw: None,
            },
        }
    }

    /// A count of its own (not the engine's search of a problem: queens by half boards).
    pub fn count(count: impl Countable + 'a) -> Self {
        Task::of(Kind::Count(Box::new(count)))
    }

    /// Says that the root took `took` to make before the search, doing `what`: the root's
    /// own work, which `--stats` and `--estimate` count in the search's time.
    #[must_use]
    pub fn prepared(mut self, took: Duration, what: &'static str) -> Self {
        self.prepared = Some((took, what));
        self
    }

    /// A first solution by a direct method (a construction, a local search), not a
    /// search: `find` is given the flag the signals set, `emit` prints what it found.
    pub fn direct<S: 'a>(
        find: impl FnOnce(&Cancel) -> Result<Direct<S>> + 'a,
        emit: impl FnOnce(&mut Out, u64, S) -> io::Result<bool> + 'a,
    ) -> Self {
        Task::of(Kind::Direct(Box::new(DirectTask {
            find: Box::new(find),
            emit: Box::new(emit),
        })))
    }
}

/// How a listing prints solution number `index` (from 1); it says whether it printed it
/// (a filter may skip some, a signal cut a big one short).
pub type Emit<'a, S> = Box<dyn FnMut(&mut Out, u64, S) -> io::Result<bool> + 'a>;

/// How a branch and bound prints its best solution, its value, and why the search
/// stopped early if it did (the best found so far).
pub type PrintBest<'a, S, V> =
    Box<dyn FnOnce(&mut Out, &S, &V, Option<Cutoff>) -> io::Result<()> + 'a>;

/// The search of a problem, as [`Task::search`] begins it: say how its solutions print,
/// then make it a [`Task`] (`.into()`).
pub struct SearchTask<'a, P: Problem> {
    searched: Searched<'a, P>,
}

impl<'a, P> SearchTask<'a, P>
where
    P: Problem + Clone + Send + Sync + 'static,
    P::Ops: Clone,
    P::Op: Send + Sync,
    P::Solution: Send,
{
    /// Lets the task draw its tree (`--tree`).
    #[must_use]
    pub fn tree(mut self) -> Self
    where
        P: Label,
    {
        self.searched.draw =
            Some(|driver, problem| driver.tree(problem.clone(), &super::tree::Every));
        self
    }

    /// Lists the solutions with `emit`.
    #[must_use]
    pub fn list(
        mut self,
        emit: impl FnMut(&mut Out, u64, P::Solution) -> io::Result<bool> + 'a,
    ) -> Self {
        self.searched.emit = Some(Box::new(emit));
        self
    }

    /// Finds the best solution by branch and bound, printed by `print`; the tree and the
    /// estimate of the task are then the branch and bound's.
    #[must_use]
    pub fn best(
        mut self,
        print: impl FnOnce(&mut Out, &P::Solution, &P::Value, Option<Cutoff>) -> io::Result<()> + 'a,
    ) -> Self
    where
        P: Optimize + Label,
        P::Solution: serde::Serialize + serde::de::DeserializeOwned,
        P::Value: serde::Serialize + serde::de::DeserializeOwned + Send,
    {
        self.searched.best = Some(Bound::new(Box::new(print)));
        self
    }
}

impl<'a, P> From<SearchTask<'a, P>> for Task<'a>
where
    P: Problem + Clone + Send + Sync + 'static,
    P::Ops: Clone,
    P::Op: Send + Sync,
    P::Solution: Send,
{
    fn from(task: SearchTask<'a, P>) -> Self {
        Task::of(Kind::Search(Box::new(task.searched)))
    }
}

/// The time of a whole count estimated from a sample of its parts: the count's time on
/// one thread, in seconds, with its standard error, and how many parts were drawn (the
/// standard error is the spread of that many figures).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timed {
    /// The count's time on one thread, in seconds.
    pub seconds: Figure,
    /// How many parts were drawn.
    pub draws: usize,
}

/// What a sample of a count ran: its outcome (the solutions it found) and, for a count
/// that times itself by the parts it draws, the time of the whole count on one thread.
pub type Sample = (Outcome<u64>, Option<Timed>);

/// A count the driver can run every way: in search order, on threads, one part of
/// several, subproblem by subproblem (a checkpoint, MPI), and estimated.
pub trait Countable: Shared {
    /// Counts in search order, on this thread (`--limit`, `--node-limit` are exact).
    fn in_order(&self, limits: Limits) -> Outcome<Tally>;
    /// Counts on the threads of the pool it runs in.
    fn on_threads(&self, limits: &ParallelLimits) -> Outcome<Tally>;
    /// Counts `share` of the count (`--parts N --part K`), saying how it was split.
    fn part(&self, share: Share, limits: &ParallelLimits) -> (Outcome<Tally>, Layout);
    /// Knuth's estimate of the count's tree by `probes` random probes seeded by `seed`.
    fn probe(&self, probes: u32, seed: u64, cancel: &Cancel) -> Estimate;
    /// Runs a sample of the count under `limits` (a quarter of a second), seeded by
    /// `seed` if it draws parts at random.
    fn sample(&self, limits: Limits, seed: u64) -> Sample;
    /// What an estimate that is not exact cannot know, if anything.
    fn caveat(&self) -> Option<String> {
        None
    }
    /// Does [`Countable::sample`] time the whole count by the parts it draws (else the time
    /// is the estimated nodes over the sample's speed)?
    fn draws(&self) -> bool {
        false
    }
    /// Which of the counts the text prints.
    fn print(&self) -> Print {
        Print::Count
    }
}

impl<P> Countable for Generic<'_, P>
where
    P: Problem + Clone + Send + Sync,
    P::Op: Send + Sync,
{
    fn in_order(&self, limits: Limits) -> Outcome<Tally> {
        tallied(
            &Search::new(self.problem.clone())
                .limits(limits)
                .count_solutions(),
        )
    }

    fn on_threads(&self, limits: &ParallelLimits) -> Outcome<Tally> {
        tallied(&parallel::count(
            self.problem,
            SplitDepth(self.depth),
            limits,
        ))
    }

    fn part(&self, share: Share, limits: &ParallelLimits) -> (Outcome<Tally>, Layout) {
        let (outcome, (), layout) = parallel::count_share_observed(
            self.problem,
            SplitDepth(self.depth),
            share,
            limits,
            |_| (),
            |(), ()| {},
        );
        (tallied(&outcome), layout)
    }

    fn probe(&self, probes: u32, seed: u64, cancel: &Cancel) -> Estimate {
        backtrack::estimate::estimate_observed(self.problem.clone(), (), probes, seed, Some(cancel))
    }

    fn sample(&self, limits: Limits, _: u64) -> Sample {
        (
            Search::new(self.problem.clone())
                .limits(limits)
                .count_solutions(),
            None,
        )
    }
}

/// What a direct method (not a search) gives.
pub enum Direct<S> {
    /// A solution.
    Found(S),
    /// Proof that there is none.
    NoSolution,
    /// It gave up before it found one.
    GaveUp(Cutoff),
    /// A signal stopped it.
    Cancelled,
}

/// A direct method, its solution type hidden.
pub(super) trait DirectRun {
    fn run(self: Box<Self>, driver: &mut Driver) -> Result<Status>;
}

/// How a direct method prints its solution.
type EmitOne<'a, S> = Box<dyn FnOnce(&mut Out, u64, S) -> io::Result<bool> + 'a>;

/// How a direct method finds its solution, given the flag the signals set.
type Find<'a, S> = Box<dyn FnOnce(&Cancel) -> Result<Direct<S>> + 'a>;

struct DirectTask<'a, S> {
    find: Find<'a, S>,
    emit: EmitOne<'a, S>,
}

impl<S> DirectRun for DirectTask<'_, S> {
    fn run(self: Box<Self>, driver: &mut Driver) -> Result<Status> {
        driver.direct(self.find, self.emit)
    }
}

/// What the driver does with the search of a problem, its type hidden: each method runs
/// one way of the search, which [`super::plan`] chose, once.
pub(super) trait Searchable {
    /// Lists the solutions ([`SearchTask::list`]).
    fn list(self: Box<Self>, driver: &mut Driver, how: super::How) -> Result<Status>;
    /// Finds the best ([`SearchTask::best`]).
    fn best(self: Box<Self>, driver: &mut Driver, how: super::How) -> Result<Status>;
    /// Draws the tree: of the branch and bound if the task has one and `best`, else of
    /// the search for solutions ([`SearchTask::tree`]).
    fn tree(self: Box<Self>, driver: &mut Driver, best: bool) -> Result<Status>;
    /// Estimates the branch and bound.
    fn estimate_best(self: Box<Self>, driver: &mut Driver) -> Result<Status>;
    /// The count of its solutions.
    fn count(&self) -> Box<dyn Countable + '_>;
}

struct Searched<'a, P: Problem> {
    problem: P,
    depth: usize,
    emit: Option<Emit<'a, P::Solution>>,
    best: Option<Bound<'a, P>>,
    /// Draws the tree of the search for solutions, if the problem labels its nodes.
    draw: Option<fn(&mut Driver, &P) -> Result<Status>>,
}

impl<P> Searchable for Searched<'_, P>
where
    P: Problem + Clone + Send + Sync + 'static,
    P::Ops: Clone,
    P::Op: Send + Sync,
    P::Solution: Send,
{
    fn list(self: Box<Self>, driver: &mut Driver, how: super::How) -> Result<Status> {
        let emit = self.emit.expect("a listing prints its solutions");
        driver.list(self.problem, self.depth, how, emit)
    }

    fn best(self: Box<Self>, driver: &mut Driver, how: super::How) -> Result<Status> {
        let best = self.best.expect("a branch and bound prints its best");
        (best.run)(driver, &self.problem, self.depth, how)
    }

    fn tree(self: Box<Self>, driver: &mut Driver, best: bool) -> Result<Status> {
        match self.best {
            Some(bound) if best => (bound.tree)(driver, &self.problem),
            _ => (self.draw.expect("a task that draws its tree"))(driver, &self.problem),
        }
    }

    fn estimate_best(self: Box<Self>, driver: &mut Driver) -> Result<Status> {
        let best = self.best.expect("a branch and bound prints its best");
        (best.estimate)(driver, &self.problem)
    }

    fn count(&self) -> Box<dyn Countable + '_> {
        Box::new(Generic {
            problem: &self.problem,
            depth: self.depth,
        })
    }
}

/// A branch and bound run at a depth, printing the best.
type RunBest<'a, P> = Box<dyn FnOnce(&mut Driver, &P, usize, super::How) -> Result<Status> + 'a>;

/// The branch and bound of a problem, which needs [`Optimize`]: its three ways to run,
/// made where `P: Optimize` is known, so that a problem without it can be searched too.
struct Bound<'a, P> {
    /// Runs it once, printing the best.
    run: RunBest<'a, P>,
    /// Draws its tree.
    tree: fn(&mut Driver, &P) -> Result<Status>,
    /// Estimates it.
    estimate: fn(&mut Driver, &P) -> Result<Status>,
}

impl<'a, P> Bound<'a, P>
where
    P: Optimize + Label + Clone + Send + Sync,
    P::Ops: Clone,
    P::Op: Send + Sync,
    P::Solution: serde::Serialize + serde::de::DeserializeOwned + Send + 'a,
    P::Value: serde::Serialize + serde::de::DeserializeOwned + Send + 'a,
{
    fn new(print: PrintBest<'a, P::Solution, P::Value>) -> Self {
        Bound {
            run: Box::new(move |driver, problem, depth, how| {
                driver.best(problem.clone(), depth, how, print)
            }),
            tree: |driver, problem| driver.tree(problem.clone(), &super::tree::Best),
            estimate: |driver, problem| driver.estimate_best(problem),
        }
    }
}
