//! The driver: one way to run any problem's search from the command line.
//!
//! A subcommand describes a [`Job`] (its problem, how a solution prints, what names it)
//! and [`run`] runs it: [`plan`] decides, from the flags alone, whether to list, count,
//! find the best, draw the tree or estimate, and on how many threads, with a checkpoint,
//! in parts or across MPI ranks; the rest of the driver carries that out the same way for
//! every subcommand. It owns standard output (buffered, and written at the end of each
//! search to a terminal, in blocks elsewhere; a failed write is exit status 4, a closed
//! pipe a quiet end), the signals (SIGINT, SIGTERM and SIGHUP stop the search,
//! and what was found is printed, marked partial), the limits (`--time-limit`,
//! `--node-limit`), the progress line, `--stats`, and the exit status ([`Status`]). It
//! knows no subcommand and no problem.

mod best;
mod checkpoint;
#[cfg(feature = "mpi")]
pub mod cluster;
mod count;
mod estimate;
mod job;
mod list;
mod output;
mod progress;
mod report;
mod settings;
mod signals;
mod tree;

use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use backtrack::durable::Identity;
use backtrack::progress::Meter;
use backtrack::split::Share;
use backtrack::stats::Elapsed;
use backtrack::{Cancel, Limits, ParallelLimits, Stats, StopReason};

use crate::exit::Status;
use estimate::Estimated;
use job::Kind;
pub use job::{Countable, Direct, Job, Sample, SearchTask, Task, Timed};
pub use output::{check as check_output, write_numbers, Out};
use progress::Progress;
pub use report::plural;
pub use settings::{Flags, Settings, Sharing, Tree, TreeFormat, MAX_TREE_BUDGET};
pub use signals::{at_once, while_reading, Stopper};

/// The probes of the estimate behind the progress line: a few milliseconds on the
/// biggest trees.
const PROGRESS_PROBES: u32 = 2000;

/// How long the output of searches that end may wait in the buffer when standard output
/// is no terminal: a file of many quick searches (sudokus) is written in blocks, not with
/// a system call a search.
const FLUSH_EVERY: Duration = Duration::from_millis(100);

/// A search at most this long by its own clock (its time and its root's preparation) is
/// quick: its end needs no look at the clock of its own (see [`Driver::end_search_output`]).
const QUICK: Duration = Duration::from_millis(1);

/// How many quick searches in a row may end before the clock is looked at.
const QUICK_ENDS: u32 = 16;

/// What the search is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// List the solutions as they come, at most `limit` of them.
    List {
        /// `--first` (1) or `--limit K`.
        limit: Option<u64>,
    },
    /// Count the solutions, at most `limit` of them.
    Count {
        /// `--limit K`.
        limit: Option<u64>,
    },
    /// The best solution, by branch and bound.
    Best,
}

/// How a listing or a branch and bound runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum How {
    /// On one thread, in search order.
    Serial,
    /// Its subtrees searched ahead on this many threads.
    Threads(usize),
    /// On one thread, going on from the checkpoint at this path and saving it.
    Checkpoint(PathBuf),
}

/// How a count runs.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Counting {
    /// On one thread, in search order (`--limit`, `--node-limit` and `--threads 1`).
    InOrder,
    /// On the pool's threads.
    Threads,
    /// One part of a count in parts, whose record is printed.
    Part(Share),
    /// Subproblem by subproblem on this machine, kept in the checkpoint at this path.
    Checkpoint(PathBuf),
    /// Across the ranks of an MPI job, with rank 0's checkpoint if any.
    Mpi(Option<PathBuf>),
}

/// What the search of a problem does, as the flags decide it: see [`plan`].
#[derive(Clone, Debug, PartialEq, Eq)]
enum Plan {
    /// Draw the tree (of the branch and bound if `best`).
    Tree { best: bool },
    /// Estimate the count, or the listing.
    EstimateCount,
    /// Estimate the branch and bound.
    EstimateBest,
    /// List the solutions.
    List(How),
    /// Find the best.
    Best(How),
    /// Count the solutions.
    Count(Counting),
}

/// Every decision of the driver about a search, in one place: what the search of a
/// problem does under `settings`. (A task that is no such search does what it is: see
/// [`Driver::task`].)
fn plan(settings: &Settings) -> Plan {
    // One thread, in search order: the budgets that only search order keeps exact.
    let serial = settings.flags.nodes.is_some();
    let how = || match (&settings.checkpoint, settings.flags.threads) {
        (Some(path), _) => How::Checkpoint(path.clone()),
        (None, Some(threads)) if threads > 1 && !serial => How::Threads(threads),
        (None, _) => How::Serial,
    };
    if settings.flags.tree.is_some() {
        return Plan::Tree {
            best: settings.flags.mode == Mode::Best,
        };
    }
    match settings.flags.mode {
        Mode::Best if settings.flags.estimate.is_some() => Plan::EstimateBest,
        _ if settings.flags.estimate.is_some() => Plan::EstimateCount,
        Mode::List { .. } => Plan::List(how()),
        Mode::Best => Plan::Best(how()),
        Mode::Count { .. } => Plan::Count(counting(settings)),
    }
}

/// How a count runs under `settings`.
fn counting(settings: &Settings) -> Counting {
    // In search order: the budgets that only search order keeps exact, or one thread.
    let in_order = matches!(settings.flags.mode, Mode::Count { limit: Some(_) })
        || settings.flags.nodes.is_some()
        || settings.flags.threads == Some(1);
    match &settings.spread {
        settings::Spread::Mpi(checkpoint) => Counting::Mpi(checkpoint.clone()),
        settings::Spread::Part(share) => Counting::Part(*share),
        settings::Spread::Alone => match &settings.checkpoint {
            Some(path) => Counting::Checkpoint(path.clone()),
            None if in_order => Counting::InOrder,
            None => Counting::Threads,
        },
    }
}

/// The version of the tool, as checkpoints and part records name it.
const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Runs `job`, stopped by the signals `stopper` listens to: see the [module docs](self).
pub fn run(job: Job<'_>, stopper: Stopper) -> Result<Status> {
    let Job {
        settings,
        formulation,
        thing,
        identity,
        work,
    } = job;
    let mut driver = Driver::start(settings, formulation, thing, identity, stopper)?;
    let status = match work {
        job::Work::Write(write) => {
            let bytes = write(driver.settings.flags.json)?;
            driver.out.write_all(&bytes).map_err(output::failed)?;
            Status::Success
        }
        job::Work::Tasks { key: None, tasks } => {
            let mut status = Status::Success;
            for task in tasks {
                status = status.then(driver.task(task)?);
            }
            status
        }
        job::Work::Tasks {
            key: Some(key),
            tasks,
        } => driver.each(key, tasks)?,
    };
    // What the searches left in the buffer (a terminal got it as each ended).
    driver.flush()?;
    Ok(status)
}

/// Runs the searches of one job. See the [module docs](self).
pub struct Driver {
    settings: Settings,
    out: Out,
    stopper: Stopper,
    /// What the statistics describe: the problem's formulation, as `--stats` names it.
    search: String,
    /// What a solution is called in notes.
    thing: &'static str,
    /// The problem and its parameters, as checkpoints and part records name them.
    identity: Option<Identity>,
    /// A field added to the JSON lines the driver writes (`"puzzle":2`), when one run of
    /// the program makes several searches.
    tag: Option<(&'static str, u64)>,
    /// The nodes the next search is expected to visit, for the progress line.
    expected: Option<f64>,
    /// The threads of the searches split among them, and how many: made once, for every
    /// search of the run (starting a pool costs more than a quick search, and a file of
    /// sudokus makes many).
    pool: Option<(usize, Arc<rayon::ThreadPool>)>,
    /// What the estimates made so far add up to (a file of several sudokus).
    estimated: Estimated,
    /// The work done on the current search's root before the search (a sudoku's givens
    /// propagated): how long it took, and what it was.
    prepared: Option<(Duration, &'static str)>,
    /// Are stderr and stdout terminals? Asked once a run, not once a search.
    terminals: (bool, bool),
    /// When the output was last flushed.
    flushed: Instant,
    /// Where a JSON line of the driver's is made before it is written whole: kept for the
    /// run, as a file of many puzzles ends each with one.
    line: Vec<u8>,
    /// The quick searches that ended since the clock was last looked at
    /// ([`Driver::end_search_output`]).
    quick: u32,
    /// The flag of the serial listings: a child of the one the signals set, set alone when
    /// a solution cannot be written (the run then ends). Made once for the run, not once
    /// a search.
    unwritable: Cancel,
}

/// How a JSON line ends: whether the output is complete and, if not, why (a
/// [`Cutoff::key`]). Flattened into the lines. An output as long as `--first` or `--limit`
/// asked is complete: it answers what was asked.
#[derive(Clone, Debug, serde::Serialize)]
pub struct End {
    /// Was everything searched?
    pub complete: bool,
    /// Why not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
}

impl End {
    /// The end of a search that `stop` stopped, if it did.
    pub fn new(cutoff: Option<Cutoff>) -> Self {
        End {
            complete: cutoff.is_none(),
            stopped: cutoff.map(Cutoff::key),
        }
    }

    /// The end of a drawn tree, which a search stopped at `--first` or `--limit`
    /// (`at_limit`) leaves incomplete: its open nodes are cut off (`"stopped":"limit"`, as
    /// the tree itself says).
    pub(super) fn drawn(cutoff: Option<Cutoff>, at_limit: bool) -> Self {
        match cutoff {
            None if at_limit => End {
                complete: false,
                stopped: Some("limit".to_string()),
            },
            _ => End::new(cutoff),
        }
    }
}

/// What cut a search off before its end, in the driver's words: the engine's
/// [`StopReason`] with the flag that set the limit, or a cause the engine does not know (a
/// signal, the tree's budgets, a local search's step limit). The output is then partial.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cutoff {
    /// A signal, by number.
    Signal(i32),
    /// `--time-limit`.
    TimeLimit(Duration),
    /// `--node-limit`.
    NodeLimit(u64),
    /// `--tree-budget` (entries).
    Budget(u64),
    /// The tree recorder's memory budget (bytes).
    Memory(usize),
    /// A local search's step limit (`--max-steps`): it cannot tell that there is none.
    StepLimit(u64),
}

impl Cutoff {
    /// The exit status of a run it stopped.
    pub fn status(self) -> Status {
        match self {
            Cutoff::Signal(signal) => Status::Signal(signal),
            Cutoff::TimeLimit(_)
            | Cutoff::NodeLimit(_)
            | Cutoff::Budget(_)
            | Cutoff::Memory(_)
            | Cutoff::StepLimit(_) => Status::LimitReached,
        }
    }

    /// How JSON outputs name it: `SIGINT`, `time_limit`, `node_limit`, `tree_budget`,
    /// `tree_memory`, `step_limit`.
    pub fn key(self) -> String {
        match self {
            Cutoff::Signal(signal) => signals::name(signal),
            Cutoff::TimeLimit(_) => "time_limit".into(),
            Cutoff::NodeLimit(_) => "node_limit".into(),
            Cutoff::Budget(_) => "tree_budget".into(),
            Cutoff::Memory(_) => "tree_memory".into(),
            Cutoff::StepLimit(_) => "step_limit".into(),
        }
    }
}

impl fmt::Display for Cutoff {
    /// `stopped by SIGINT`, `time limit of 10s reached`, …
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cutoff::Signal(signal) => write!(f, "stopped by {}", signals::name(*signal)),
            Cutoff::TimeLimit(limit) => write!(f, "time limit of {} reached", Elapsed(*limit)),
            Cutoff::NodeLimit(limit) => write!(f, "node limit of {limit} reached"),
            Cutoff::Budget(budget) => write!(
                f,
                "tree budget of {} reached",
                plural(*budget, "entry", "entries")
            ),
            Cutoff::Memory(bytes) => write!(f, "tree memory budget of {} MiB reached", bytes >> 20),
            Cutoff::StepLimit(steps) => write!(
                f,
                "step limit of {steps} reached (a local search cannot tell that there is none)"
            ),
        }
    }
}

impl Driver {
    /// Takes over standard output, the searches stopped by the signals `stopper` listens
    /// to. Says on stderr, unless `--quiet`, that `--threads` asked for more threads than
    /// the cores, which the search runs on instead.
    fn start(
        settings: Settings,
        search: String,
        thing: &'static str,
        identity: Option<Identity>,
        stopper: Stopper,
    ) -> Result<Driver> {
        if let Some((asked, cores)) = settings.capped.filter(|_| !settings.flags.quiet) {
            let cores = if cores == 1 {
                "one core".to_string()
            } else {
                format!("{cores} cores")
            };
            note!("backtrack: --threads {asked}: a search runs on at most the machine's {cores} (threads past them only take turns on them, which costs time)");
        }
        let out = output::open(stopper.cancel().clone())?;
        let unwritable = stopper.cancel().child();
        Ok(Driver {
            settings,
            out,
            stopper,
            search,
            thing,
            identity,
            tag: None,
            expected: None,
            pool: None,
            estimated: Estimated::default(),
            prepared: None,
            terminals: (io::stderr().is_terminal(), io::stdout().is_terminal()),
            flushed: Instant::now(),
            line: Vec::new(),
            quick: 0,
            unwritable,
        })
    }

    /// Runs one task: a search as [`plan`] says; a count of its own counted as
    /// [`counting`] says, or estimated; a direct method; or says that the task has no
    /// solution.
    fn task(&mut self, task: Task<'_>) -> Result<Status> {
        self.prepared = task.prepared;
        match task.kind {
            Kind::Unsolvable(why) => self.unsolvable(&why),
            Kind::Direct(direct) => direct.run(self),
            Kind::Count(count) if self.settings.flags.estimate.is_some() => {
                self.estimate_count(&*count)
            }
            Kind::Count(count) => self.count(&*count, counting(&self.settings)),
            Kind::Search(search) => match plan(&self.settings) {
                Plan::Tree { best } => search.tree(self, best),
                Plan::EstimateBest => search.estimate_best(self),
                Plan::List(how) => search.list(self, how),
                Plan::Best(how) => search.best(self, how),
                Plan::EstimateCount => self.estimate_count(&*search.count()),
                Plan::Count(how) => self.count(&*search.count(), how),
            },
        }
    }

    /// Runs several tasks in turn (the puzzles of a file), each named `{key} K`, the
    /// limits on each; a signal ends them all. Ends with a summary; the status is the one
    /// that says most.
    fn each(&mut self, key: &'static str, tasks: job::Tasks<'_>) -> Result<Status> {
        let total = tasks.len() as u64;
        let several = total > 1;
        let mut status = Status::Success;
        let mut ended = report::Ended::default();
        for (k, task) in (1..).zip(tasks) {
            if let Some(cutoff) = self.signalled() {
                self.not_searched(key, k, total, cutoff)?;
                ended.not_searched = total - k + 1;
                status = status.then(cutoff.status());
                break;
            }
            if several {
                self.part(key, k)?;
            }
            let this = self.task(task)?;
            ended.add(this);
            status = status.then(this);
        }
        if several {
            self.tag = None;
            let done = if self.settings.flags.estimate.is_some() {
                "estimated"
            } else if matches!(self.settings.flags.mode, Mode::Count { .. }) {
                "counted"
            } else {
                "solved"
            };
            let estimated = (self.settings.flags.estimate.is_some() && self.estimated.searches > 0)
                .then_some(self.estimated);
            self.summary(&ended, key, total, done, estimated)?;
        }
        Ok(status)
    }

    /// Starts the output of one of several searches (several puzzles): in text a line
    /// `# {key} {value}` (after a blank line from the second on), in JSON a field
    /// `"{key}":{value}` in the lines the driver writes.
    fn part(&mut self, key: &'static str, value: u64) -> Result<()> {
        if !self.settings.flags.json {
            // In bytes, not through a formatter: a file of many puzzles has a line each.
            let mut digits = [0u8; 20];
            let mut at = digits.len();
            let mut rest = value;
            loop {
                at -= 1;
                digits[at] = b'0' + (rest % 10) as u8;
                rest /= 10;
                if rest == 0 {
                    break;
                }
            }
            let start: &[u8] = if value > 1 { b"\n# " } else { b"# " };
            let out = &mut self.out;
            out.write_all(start)
                .and_then(|()| out.write_all(key.as_bytes()))
                .and_then(|()| out.write_all(b" "))
                .and_then(|()| out.write_all(&digits[at..]))
                .and_then(|()| out.write_all(b"\n"))
                .map_err(output::failed)?;
        }
        self.tag = Some((key, value));
        Ok(())
    }

    /// The signal that stopped the searches, if one did: a run of several searches
    /// searches no more after it.
    fn signalled(&self) -> Option<Cutoff> {
        self.stopper.signal().map(Cutoff::Signal)
    }

    /// Says that the parts `first..=last` of a run of several searches were not searched
    /// because `cutoff` ended the run: in JSON a line each, `{"{key}":K,"searched":false,
    /// "complete":false,"stopped":…}`; in text a note on stderr (`puzzles 2 to 5 not
    /// searched`).
    fn not_searched(&mut self, key: &str, first: u64, last: u64, cutoff: Cutoff) -> Result<()> {
        if first > last {
            return Ok(());
        }
        if self.settings.flags.json {
            for k in first..=last {
                let line = report::Tagged {
                    tag: Some(report::Entry(key.to_string().into(), k)),
                    line: &report::NotSearched {
                        searched: false,
                        end: End::new(Some(cutoff)),
                    },
                };
                self.line(&serde_json::to_string(&line)?)?;
            }
            self.end_output()?;
        }
        if first == last {
            note!("backtrack: {cutoff}: {key} {first} not searched");
        } else {
            note!("backtrack: {cutoff}: {key}s {first} to {last} not searched");
        }
        Ok(())
    }

    /// How a note about this search starts: `backtrack: `, and in a run of several
    /// searches the part it is about, `backtrack: puzzle 2: `.
    fn prefix(&self) -> String {
        match &self.tag {
            Some((key, value)) => format!("backtrack: {key} {value}: "),
            None => "backtrack: ".to_string(),
        }
    }

    /// The problem and its parameters, for a checkpoint or a part record.
    fn identity(&self) -> Result<Identity> {
        self.identity
            .clone()
            .context("--checkpoint, --parts and --mpi need a subcommand that names its search")
    }

    /// The limits of a search on one thread: the stop flag, `--time-limit`,
    /// `--node-limit`, and the meter if the progress line reads one.
    fn limits(&self, meter: Option<&Meter>) -> Limits {
        let mut limits = Limits::none().cancel(self.stopper.cancel().clone());
        if let Some(time) = self.settings.flags.time {
            limits = limits.time(time);
        }
        if let Some(nodes) = self.settings.flags.nodes {
            limits = limits.nodes(nodes);
        }
        if let Some(meter) = meter {
            limits = limits.meter(meter.clone());
        }
        limits
    }

    /// The limits of a search split across threads: the stop flag, `--time-limit`, and
    /// the meter if the progress line reads one.
    fn parallel_limits(&self, meter: Option<&Meter>) -> ParallelLimits {
        let mut limits = ParallelLimits::none().cancel(self.stopper.cancel().clone());
        if let Some(time) = self.settings.flags.time {
            limits = limits.time(time);
        }
        if let Some(meter) = meter {
            limits = limits.meter(meter.clone());
        }
        limits
    }

    /// The pool of `threads` threads (0: one a core), started at its first use.
    fn pool(&mut self, threads: usize) -> Result<Arc<rayon::ThreadPool>> {
        if let Some((made, pool)) = &self.pool {
            if *made == threads {
                return Ok(pool.clone());
            }
        }
        let pool = Arc::new(
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .context("cannot start the searching threads")?,
        );
        self.pool = Some((threads, pool.clone()));
        Ok(pool)
    }

    /// The threads a count shared subproblem by subproblem runs on: `--threads`, or one
    /// a core.
    fn threads(&self) -> usize {
        self.settings.flags.threads.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
        })
    }

    /// The progress line, if it can be shown: asked for (no `--quiet`), stderr a
    /// terminal, and not in the way of output streaming to the same terminal.
    fn progress(&mut self, streams: bool) -> Progress {
        Progress::start(self.shows_progress(streams), self.expected.take())
    }

    fn shows_progress(&self, streams: bool) -> bool {
        let (stderr, stdout) = self.terminals;
        !self.settings.flags.quiet && stderr && !(streams && stdout)
    }

    /// Estimates the size of the count about to run, for its progress line (the fraction
    /// done and the time left, and a word if it is long). Only when the line is shown.
    fn expect(&mut self, count: &dyn Countable) {
        if self.shows_progress(false) {
            let found = count.probe(PROGRESS_PROBES, 1, self.stopper.cancel());
            self.expected = Some(found.nodes.mean);
        }
    }

    /// The flag the signals set.
    fn cancel(&self) -> &Cancel {
        self.stopper.cancel()
    }

    /// What cut the search off, if its output is partial. (`--limit` is no cutoff: the
    /// output is as long as asked.)
    fn cutoff_of(&self, reason: Option<StopReason>) -> Option<Cutoff> {
        cutoff_for(&self.stopper, &self.settings, reason)
    }

    /// Writes `value` and a newline to the output.
    fn line(&mut self, value: &dyn fmt::Display) -> Result<()> {
        writeln!(self.out, "{value}").map_err(output::failed)
    }

    /// What a search took by its own clock: its time, and its root's preparation.
    fn took(&self, stats: &Stats) -> Duration {
        stats.elapsed + self.prepared.map_or(Duration::ZERO, |(took, _)| took)
    }

    /// Ends the output of a search that took `took` by its own clock (its time and its
    /// root's preparation, as it measured them): as [`Driver::end_output`], but after a
    /// quick search ([`QUICK`]) the clock is looked at only once [`QUICK_ENDS`] have ended
    /// in a row. A file of many quick puzzles reads the clock every sixteenth, not at each
    /// (their searches read it anyway); the output waits at most that many quick searches,
    /// and their printing, past [`FLUSH_EVERY`].
    fn end_search_output(&mut self, took: Duration) -> Result<()> {
        if !self.terminals.1 && took <= QUICK && self.quick < QUICK_ENDS - 1 {
            self.quick += 1;
            return Ok(());
        }
        self.end_output()
    }

    /// Flushes the output: what it holds is written.
    fn flush(&mut self) -> Result<()> {
        self.flushed = Instant::now();
        self.out.flush().map_err(output::failed)
    }

    /// Ends the output of a search: flushed if standard output is a terminal, or if
    /// [`FLUSH_EVERY`] has passed since the last flush; otherwise it waits in the buffer,
    /// written with the output of the searches after it, or at the end of the run.
    fn end_output(&mut self) -> Result<()> {
        self.quick = 0;
        if self.terminals.1 || self.flushed.elapsed() >= FLUSH_EVERY {
            self.flush()
        } else {
            Ok(())
        }
    }
}

/// The cutoff of a search that ended for `reason` (see
/// [`Driver::cutoff_of`]); apart, for callers that have lent the output.
fn cutoff_for(
    stopper: &Stopper,
    settings: &Settings,
    reason: Option<StopReason>,
) -> Option<Cutoff> {
    match reason? {
        StopReason::Cancelled => stopper.signal().map(Cutoff::Signal),
        StopReason::TimeLimit => Some(Cutoff::TimeLimit(settings.flags.time.unwrap_or_default())),
        StopReason::NodeLimit => Some(Cutoff::NodeLimit(settings.flags.nodes.unwrap_or(0))),
        StopReason::SolutionLimit | StopReason::Observer => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(mode: Mode, threads: Option<usize>, nodes: Option<u64>) -> Settings {
        Settings::new(&Flags {
            mode,
            threads,
            time: None,
            nodes,
            quiet: true,
            stats: false,
            json: false,
            estimate: None,
            tree: None,
        })
        .unwrap()
    }

    /// Every way a count runs, and a listing, by the flags alone.
    #[test]
    fn the_plan_follows_the_flags() {
        let list = Mode::List { limit: None };
        let count = Mode::Count { limit: None };
        assert_eq!(plan(&settings(list, None, None)), Plan::List(How::Serial));
        assert_eq!(
            plan(&settings(list, Some(1), None)),
            Plan::List(How::Serial)
        );
        // More threads than the cores run as many as the cores.
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let threads = plan(&settings(list, Some(2), None));
        if cores > 1 {
            assert_eq!(threads, Plan::List(How::Threads(2)));
        } else {
            assert_eq!(threads, Plan::List(How::Serial));
        }
        assert_eq!(
            plan(&settings(list, None, Some(10))),
            Plan::List(How::Serial)
        );
        assert_eq!(
            plan(&settings(count, None, None)),
            Plan::Count(Counting::Threads)
        );
        assert_eq!(
            plan(&settings(count, Some(1), None)),
            Plan::Count(Counting::InOrder)
        );
        assert_eq!(
            plan(&settings(Mode::Count { limit: Some(3) }, None, None)),
            Plan::Count(Counting::InOrder)
        );
        assert_eq!(
            plan(&settings(count, None, Some(10))),
            Plan::Count(Counting::InOrder)
        );
        assert_eq!(
            plan(&settings(Mode::Best, None, None)),
            Plan::Best(How::Serial)
        );
        let part = settings(count, None, None)
            .sharing(&Sharing {
                part: Some((2, 3)),
                ..Sharing::default()
            })
            .unwrap();
        assert_eq!(
            plan(&part),
            Plan::Count(Counting::Part(Share::new(2, 3).unwrap()))
        );
        let mut estimate = settings(count, None, None);
        estimate.flags.estimate = Some((10, 1));
        assert_eq!(plan(&estimate), Plan::EstimateCount);
    }
}
