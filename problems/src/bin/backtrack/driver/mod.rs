//! The driver: one way to run any problem's search from the command line.
//!
//! A subcommand parses its input into a problem, says which mode the flags ask for
//! ([`Mode`]) and how to print a solution; the driver does the rest, the same for all:
//! it owns standard output (buffered; a failed write is exit status 4, a closed pipe a
//! quiet end), the signals (SIGINT, SIGTERM and SIGHUP stop the search, and what was
//! found is printed, marked partial), the limits (`--time-limit`, `--node-limit`), the
//! progress line, `--stats`, `--tree`, and the exit status ([`Status`]). It knows no
//! subcommand: they call it.

#[cfg(feature = "mpi")]
pub mod cluster;
mod estimate;
mod listing;
mod output;
mod progress;
pub mod record;
pub mod shared;
mod signals;
mod tree;

use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use backtrack::progress::Meter;
use backtrack::split::{Layout, Share};
use backtrack::stats::Elapsed;
use backtrack::{
    parallel, Cancel, Limits, Observer, Optimize, Outcome, ParallelLimits, Problem, Search, Stats,
    StopReason,
};
use serde_json::{json, Map, Value};

use crate::args::{EstimateArgs, Run, Sharing};
use crate::exit::Status;
pub use estimate::Estimated;
pub use output::{check as check_output, open as open_output, Out, OutputError};
use progress::Progress;
use signals::Stopper;

/// The probes of the estimate behind the progress line: a few milliseconds on the
/// biggest trees.
const PROGRESS_PROBES: u32 = 2000;

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

/// The driver's flags, checked before any input is read.
#[derive(Debug)]
pub struct Settings {
    mode: Mode,
    threads: Option<usize>,
    time: Option<Duration>,
    nodes: Option<u64>,
    quiet: bool,
    stats: bool,
    json: bool,
    /// `--estimate`: the probes and their seed.
    estimate: Option<(u32, u64)>,
    /// `--checkpoint FILE` or `--resume FILE` of a count on this machine.
    checkpoint: Option<std::path::PathBuf>,
    /// Which of the two: how errors name the file.
    checkpoint_flag: &'static str,
    spread: Spread,
    /// `--threads` asked for more threads than the cores, `(asked, cores)`: said on stderr
    /// when the search starts.
    capped: Option<(usize, usize)>,
}

/// How a count is shared, if it is.
#[derive(Clone, Debug, Default)]
enum Spread {
    /// Not: one run counts it all.
    #[default]
    Alone,
    /// One part of a count in parts (`--parts N --part K`).
    Part(Share),
    /// Across the ranks of an MPI job (`--mpi`), with its `--checkpoint` file if any
    /// (only refused without the `mpi` feature).
    Mpi(#[cfg_attr(not(feature = "mpi"), allow(dead_code))] Option<std::path::PathBuf>),
}

impl Settings {
    /// Checks that the shared flags `run` mean something for `mode` (and `--tree`): more
    /// than one thread (`--threads`) applies to searches without the budgets that only
    /// search order keeps exact, and not to the tree. `json`: the output (and `--stats`)
    /// is JSON.
    pub fn new(
        run: &Run,
        mode: Mode,
        tree: bool,
        json: bool,
        estimate: &EstimateArgs,
    ) -> Result<Self> {
        if estimate.estimate {
            let refused = if run.time_limit.is_some() {
                Some("--time-limit")
            } else if run.node_limit.is_some() {
                Some("--node-limit")
            } else if run.stats {
                Some("--stats")
            } else {
                None
            };
            if let Some(flag) = refused {
                anyhow::bail!(
                    "{flag} applies to a search: --estimate runs only a short sample of the search"
                );
            }
            // A subcommand that looks for one solution by default (knights-tour): the
            // search ends at its first solution, which the probes cannot foresee.
            if let Mode::List { limit: Some(_) } = mode {
                anyhow::bail!("--estimate estimates a whole search: this one stops at its first solution by default; add --all or --count");
            }
        }
        if let Some(threads) = run.threads {
            match (mode, tree) {
                // The serial search: --threads 1 says so wherever it runs.
                _ if threads == 1 => {}
                (Mode::Count { limit: Some(_) }, _) => anyhow::bail!(
                    "--threads cannot be used with --count --limit: a count capped at K solutions runs on one thread, in search order"
                ),
                (_, true) => anyhow::bail!(
                    "--threads cannot be used with --tree: the tree is recorded on one thread, in search order"
                ),
                (Mode::Count { limit: None }, false) if run.node_limit.is_some() => anyhow::bail!(
                    "--threads cannot be used with --node-limit: a count with a node budget runs on one thread, in search order, where the budget is exact"
                ),
                (Mode::List { .. }, false) if run.node_limit.is_some() => anyhow::bail!(
                    "--threads cannot be used with --node-limit: a listing with a node budget runs on one thread, in search order, where the budget is exact"
                ),
                (Mode::Best, false) if run.node_limit.is_some() => anyhow::bail!(
                    "--threads cannot be used with --node-limit: a branch and bound with a node budget runs on one thread, in search order, where the budget is exact"
                ),
                (Mode::List { .. } | Mode::Best, false) if estimate.estimate => anyhow::bail!(
                    "--threads cannot be used with --estimate of a listing or a best: it estimates the search on one thread (--count --estimate estimates on threads)"
                ),
                (_, false) => {}
            }
        }
        // Threads past the cores only take turns on them, which costs time (17 queens by
        // Takaken's space took 9.7 s on 1024 threads on two cores, 7.5 s on two): every
        // search runs on at most the cores this process may use (an MPI rank, those of its
        // node).
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let capped = run
            .threads
            .filter(|&asked| asked > cores)
            .map(|asked| (asked, cores));
        Ok(Settings {
            mode,
            threads: run.threads.map(|asked| asked.min(cores)),
            time: run.time_limit,
            nodes: run.node_limit,
            quiet: run.quiet,
            stats: run.stats,
            json,
            estimate: estimate
                .estimate
                .then_some((estimate.probes, estimate.probe_seed)),
            checkpoint: None,
            checkpoint_flag: "--checkpoint",
            spread: Spread::Alone,
            capped,
        })
    }

    /// Adds the part of a count in parts that `--parts N --part K` ask for, or the count
    /// across MPI ranks of `--mpi`, checked against the mode: only a whole count (no
    /// `--limit`, no `--node-limit`) is shared.
    pub fn sharing(mut self, sharing: &Sharing) -> Result<Self> {
        if let Some(path) = sharing.checkpoint.as_ref().or(sharing.resume.as_ref()) {
            let flag = if sharing.resume.is_some() {
                "--resume"
            } else {
                "--checkpoint"
            };
            match self.mode {
                _ if self.estimate.is_some() => anyhow::bail!(
                    "{flag} applies to a count: --estimate counts nothing"
                ),
                _ if self.nodes.is_some() => anyhow::bail!(
                    "{flag} cannot be used with --node-limit: a search that goes on from a checkpoint has no budget of its own"
                ),
                Mode::List { .. } | Mode::Best if self.threads.is_some_and(|n| n > 1) => {
                    let search = if self.mode == Mode::Best {
                        "a branch and bound"
                    } else {
                        "a listing"
                    };
                    anyhow::bail!(
                        "--threads cannot be used with {flag}: {search} with a checkpoint runs on one thread, in search order (its position is one path of the tree)"
                    )
                }
                Mode::Count { limit: None } | Mode::List { .. } | Mode::Best => {}
                Mode::Count { limit: Some(_) } => anyhow::bail!(
                    "{flag} cannot be used with --count --limit: a count with a checkpoint counts every solution"
                ),
            }
            match std::fs::metadata(path) {
                Err(_) if sharing.resume.is_some() => anyhow::bail!(
                    "--resume {}: no such file (--checkpoint FILE makes one)",
                    path.display()
                ),
                Ok(meta) if !meta.is_file() => anyhow::bail!(
                    "{flag} {}: not a regular file (a checkpoint is a file of its own)",
                    path.display()
                ),
                Ok(meta) if meta.len() == 0 && sharing.resume.is_some() => anyhow::bail!(
                    "--resume {}: the file is empty: it is not a checkpoint",
                    path.display()
                ),
                Ok(_) | Err(_) => {}
            }
            check_writable(flag, path)?;
            self.checkpoint = Some(path.clone());
            self.checkpoint_flag = flag;
        }
        if self.estimate.is_some() && (sharing.mpi || sharing.asked().is_some()) {
            let flag = if sharing.mpi { "--mpi" } else { "--parts" };
            anyhow::bail!("{flag} applies to a count: --estimate counts nothing (it estimates the whole count)");
        }
        if sharing.mpi {
            match self.mode {
                Mode::Count { limit: None } if self.nodes.is_some() => anyhow::bail!(
                    "--mpi cannot be used with --node-limit: the ranks count every solution"
                ),
                Mode::Count { limit: None } => {}
                Mode::Count { limit: Some(_) } => anyhow::bail!(
                    "--mpi cannot be used with --count --limit: the ranks count every solution"
                ),
                _ => anyhow::bail!("--mpi applies to counts (--count)"),
            }
            if !cfg!(feature = "mpi") {
                anyhow::bail!("--mpi needs backtrack built with MPI: cargo build --release --features mpi (with Open MPI installed)");
            }
            self.spread = Spread::Mpi(self.checkpoint.take());
        }
        let Some((part, parts)) = sharing.asked() else {
            return Ok(self);
        };
        match self.mode {
            Mode::Count { limit: None } if self.nodes.is_some() => anyhow::bail!(
                "--parts cannot be used with --node-limit: every part counts the whole of its share"
            ),
            Mode::Count { limit: None } => {}
            Mode::Count { limit: Some(_) } => anyhow::bail!(
                "--parts cannot be used with --count --limit: every part counts the whole of its share"
            ),
            _ => anyhow::bail!("--parts and --part apply to counts (--count)"),
        }
        let share = Share::new(part, parts).ok_or_else(|| {
            anyhow::anyhow!("--part {part} is past --parts {parts}: the parts are 1 to {parts}")
        })?;
        self.spread = Spread::Part(share);
        Ok(self)
    }

    /// Settings for a subcommand that searches nothing (merge): text or `json` output.
    pub fn plain(json: bool) -> Self {
        Settings {
            mode: Mode::Count { limit: None },
            threads: None,
            time: None,
            nodes: None,
            quiet: true,
            stats: false,
            json,
            estimate: None,
            checkpoint: None,
            checkpoint_flag: "--checkpoint",
            spread: Spread::Alone,
            capped: None,
        }
    }

    /// The mode the flags ask for.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Takes over standard output and the signals: from here on, Ctrl-C stops the search
    /// instead of the process. (Not before: a run still reading its input from a terminal
    /// must stay stoppable.) Says on stderr, unless `--quiet`, that `--threads` asked for
    /// more threads than the cores, which the search runs on instead.
    pub fn start(self) -> Result<Driver> {
        if let Some((asked, cores)) = self.capped.filter(|_| !self.quiet) {
            let cores = if cores == 1 {
                "one core".to_string()
            } else {
                format!("{cores} cores")
            };
            note!("backtrack: --threads {asked}: a search runs on at most the machine's {cores} (threads past them only take turns on them, which costs time)");
        }
        let out = output::open()?;
        let stopper = Stopper::new();
        stopper.listen()?;
        Ok(Driver {
            settings: self,
            out,
            stopper,
            search: String::new(),
            tag: None,
            expected: None,
            caveat: None,
            identity: None,
            pool: None,
            estimated: Estimated::default(),
            prepared: None,
        })
    }
}

/// Runs one search and prints its outcome. See the [module docs](self).
pub struct Driver {
    settings: Settings,
    out: Out,
    stopper: Stopper,
    /// What the statistics describe: the problem's formulation, as `--stats` names it.
    search: String,
    /// A field added to the JSON lines the driver writes (`"puzzle":2`), when one run of
    /// the program makes several searches.
    tag: Option<(String, Value)>,
    /// The nodes the next search is expected to visit, for the progress line.
    expected: Option<f64>,
    /// What to say of the next estimate, unless it is exact.
    caveat: Option<String>,
    /// The problem and its parameters, as the record of a count in parts names them.
    identity: Option<(String, Value)>,
    /// The threads of the searches split among them, and how many: made once, for every
    /// search of the run (a file of 20,000 sudokus spent 30 times longer starting pools
    /// than counting).
    pool: Option<(usize, Arc<rayon::ThreadPool>)>,
    /// What the estimates made so far add up to (a file of several sudokus).
    estimated: Estimated,
    /// The work done on the next search's root before the search (a sudoku's givens
    /// propagated): how long it took, and what it was.
    prepared: Option<(Duration, String)>,
}

/// What a direct method (not a search) gives: see [`Driver::direct`].
pub enum Direct<S> {
    /// A solution.
    Found(S),
    /// Proof that there is none.
    NoSolution,
    /// It gave up before it found one.
    Stopped(Stop),
    /// A signal stopped it.
    Cancelled,
}

/// Why a search stopped before its end, the output being partial.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
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

impl Stop {
    /// The exit status of a run it stopped.
    pub fn status(self) -> Status {
        match self {
            Stop::Signal(signal) => Status::Signal(signal),
            Stop::TimeLimit(_)
            | Stop::NodeLimit(_)
            | Stop::Budget(_)
            | Stop::Memory(_)
            | Stop::StepLimit(_) => Status::LimitReached,
        }
    }

    /// How JSON outputs name it: `SIGINT`, `time_limit`, `node_limit`, `tree_budget`,
    /// `tree_memory`, `step_limit`.
    pub fn key(self) -> String {
        match self {
            Stop::Signal(signal) => signals::name(signal),
            Stop::TimeLimit(_) => "time_limit".into(),
            Stop::NodeLimit(_) => "node_limit".into(),
            Stop::Budget(_) => "tree_budget".into(),
            Stop::Memory(_) => "tree_memory".into(),
            Stop::StepLimit(_) => "step_limit".into(),
        }
    }
}

impl fmt::Display for Stop {
    /// `stopped by SIGINT`, `time limit of 10s reached`, …
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Signal(signal) => write!(f, "stopped by {}", signals::name(*signal)),
            Stop::TimeLimit(limit) => write!(f, "time limit of {} reached", Elapsed(*limit)),
            Stop::NodeLimit(limit) => write!(f, "node limit of {limit} reached"),
            Stop::Budget(budget) => write!(
                f,
                "tree budget of {} reached",
                plural(*budget, "entry", "entries")
            ),
            Stop::Memory(bytes) => write!(f, "tree memory budget of {} MiB reached", bytes >> 20),
            Stop::StepLimit(steps) => write!(
                f,
                "step limit of {steps} reached (a local search cannot tell that there is none)"
            ),
        }
    }
}

/// A count of solutions alone as a [`Tally`].
pub fn tallied(outcome: &Outcome<u64>) -> Outcome<Tally> {
    Outcome {
        found: Tally {
            count: outcome.found,
            unique: None,
        },
        stats: outcome.stats,
        stopped: outcome.stopped,
    }
}

/// The counts of one part of a count in parts: the solutions, and their classes where
/// the count tells them apart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// The solutions.
    pub count: u64,
    /// The classes of solutions, if counted.
    pub unique: Option<u64>,
}

/// Adds `"complete"` (was everything searched?) and, if not, `"stopped"` (why: a
/// [`Stop::key`], or `limit` for `--first` and `--limit`) to a JSON object.
pub fn end_fields(object: &mut Map<String, Value>, stop: Option<Stop>, at_limit: bool) {
    object.insert("complete".into(), json!(stop.is_none() && !at_limit));
    if let Some(stop) = stop {
        object.insert("stopped".into(), json!(stop.key()));
    } else if at_limit {
        object.insert("stopped".into(), json!("limit"));
    }
}

/// `1 solution`, `2 solutions`.
pub fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl Driver {
    /// The part of a count in parts this run counts (`--parts N --part K`), if any.
    pub fn share(&self) -> Option<Share> {
        match self.settings.spread {
            Spread::Part(share) => Some(share),
            _ => None,
        }
    }

    /// Is the count shared across the ranks of an MPI job (`--mpi`)?
    pub fn mpi(&self) -> bool {
        matches!(self.settings.spread, Spread::Mpi(_))
    }

    /// The problem and its parameters as [`Driver::identify`] named them: a refusal for
    /// a subcommand that does not count in parts.
    fn identity(&self) -> Result<(String, Value)> {
        self.identity
            .clone()
            .context("--parts and --mpi apply to counts of queens, knapsack and subset-sum")
    }

    /// Names the problem and its parameters for the record of a count in parts
    /// ([`Driver::count`] with `--parts N --part K`): what every part of one count must
    /// agree on.
    pub fn identify(&mut self, problem: &str, parameters: Value) {
        self.identity = Some((problem.to_string(), parameters));
    }

    /// Names the formulation the statistics describe (the first line of `--stats`).
    pub fn describe(&mut self, search: &str) {
        self.search = search.to_string();
    }

    /// Starts the output of one of several searches (several puzzles): in text a line
    /// `# {key} {value}` (after a blank line from the second on), in JSON a field
    /// `"{key}":{value}` in the lines the driver writes.
    pub fn part(&mut self, key: &str, value: u64) -> Result<()> {
        if !self.settings.json {
            if value > 1 {
                self.line(&"")?;
            }
            self.line(&format_args!("# {key} {value}"))?;
        }
        self.tag = Some((key.to_string(), json!(value)));
        Ok(())
    }

    /// Says that the root of the next search took `took` to make before the search, doing
    /// `what` (`propagating the givens at the root`): the root's own work, so `--stats`
    /// counts it in the search's time (and says how much of it it was), as a search counts
    /// the work of every other node.
    pub fn prepared(&mut self, took: Duration, what: &str) {
        self.prepared = Some((took, what.to_owned()));
    }

    /// Ends a run of several searches with a summary: in text a line `# {text}` after a
    /// blank line, in JSON the object `json`, as it is.
    pub fn summary(&mut self, text: &str, json: &Value) -> Result<()> {
        self.tag = None;
        if self.settings.json {
            self.line(json)?;
        } else {
            self.line(&"")?;
            self.line(&format_args!("# {text}"))?;
        }
        self.flush()
    }

    /// The signal that stopped the searches, if one did: a run of several searches
    /// searches no more after it.
    pub fn signalled(&self) -> Option<Stop> {
        self.stopper.signal().map(Stop::Signal)
    }

    /// Says that the parts `first..=last` of a run of several searches were not searched
    /// because `stop` ended the run: in JSON a line each, `{"{key}":K,"searched":false,
    /// "complete":false,"stopped":…}`; in text a note on stderr (`puzzles 2 to 5 not
    /// searched`).
    pub fn not_searched(&mut self, key: &str, first: u64, last: u64, stop: Stop) -> Result<()> {
        if first > last {
            return Ok(());
        }
        if self.settings.json {
            for k in first..=last {
                let mut line = Map::new();
                line.insert(key.into(), json!(k));
                line.insert("searched".into(), json!(false));
                end_fields(&mut line, Some(stop), false);
                self.line(&Value::Object(line))?;
            }
            self.flush()?;
        }
        if first == last {
            note!("backtrack: {stop}: {key} {first} not searched");
        } else {
            note!("backtrack: {stop}: {key}s {first} to {last} not searched");
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

    /// Writes a JSON object the driver made, with the tag if any.
    fn object(&mut self, mut object: Map<String, Value>) -> Result<()> {
        if let Some((key, value)) = &self.tag {
            object.insert(key.clone(), value.clone());
        }
        self.line(&Value::Object(object))
    }

    /// Lists the solutions of `search` as they come, at most `--first`/`--limit` of them:
    /// `emit` writes solution number `index` (1-based) and says whether it printed it (a
    /// filter may skip some). Ends with `no solution` (text, exit status 1) or a closing
    /// JSON line `{"solutions":N,"complete":…}`; a stopped listing says so on stderr.
    /// `thing` names a solution in notes (`solution`, `subset`). On one thread, in search
    /// order: [`Driver::list_split`] lists on several.
    pub fn list<P, O>(
        &mut self,
        search: Search<P, O>,
        thing: &str,
        emit: impl FnMut(&mut Out, u64, P::Solution) -> io::Result<bool>,
    ) -> Result<Status>
    where
        P: Problem,
        O: Observer<P>,
    {
        let limit = self.listing_limit();
        let progress = self.progress(true);
        let mut search = search.limits(self.limits(progress.meter()));
        let (listed, result) = self.emit_all(&mut search, limit, emit);
        progress.finish();
        result.map_err(output::failed)?;
        self.finish_listing(
            listed,
            limit,
            search.stopped(),
            search.stats(),
            thing,
            "",
            None,
            None,
        )
    }

    /// Lists the solutions of `problem` as [`Driver::list`] does, the same solutions in
    /// the same order, its subtrees below `split_depth` searched ahead on `--threads`
    /// threads (one by default: see [`Driver::split_threads`]): see
    /// [`parallel::solutions`]. Its statistics count
    /// what every thread searched (as the serial search's, if it lists every solution).
    /// On one thread, in search order, with `--threads 1`, `--node-limit` (exact only in
    /// search order) or on a machine of one core.
    pub fn list_split<P>(
        &mut self,
        problem: P,
        split_depth: usize,
        thing: &str,
        emit: impl FnMut(&mut Out, u64, P::Solution) -> io::Result<bool>,
    ) -> Result<Status>
    where
        P: Problem + Clone + Send + Sync + 'static,
        P::Op: Send + Sync + 'static,
        P::Solution: Send + 'static,
    {
        let Some(threads) = self.split_threads() else {
            return self.list(Search::new(problem), thing, emit);
        };
        let limit = self.listing_limit();
        let progress = self.progress(true);
        let limits = self.parallel_limits(progress.meter());
        let mut listing = parallel::solutions(problem, split_depth, &limits, threads);
        let (listed, result) = self.emit_all(&mut listing, limit, emit);
        // The workers stopped and joined before anything more is printed, and their
        // statistics counted.
        listing.stop();
        let (stopped, stats) = (listing.stopped(), listing.stats());
        progress.finish();
        result.map_err(output::failed)?;
        self.finish_listing(
            listed,
            limit,
            stopped,
            &stats,
            thing,
            "",
            None,
            Some(threads),
        )
    }

    /// `--first` (1) or `--limit K` of a listing.
    fn listing_limit(&self) -> Option<u64> {
        match self.settings.mode {
            Mode::List { limit } | Mode::Count { limit } => limit,
            Mode::Best => None,
        }
    }

    /// Prints the `solutions` with `emit` until `limit` are printed or there are no more:
    /// how many were printed, and the first error writing them, if any.
    fn emit_all<S>(
        &mut self,
        solutions: &mut impl Iterator<Item = S>,
        limit: Option<u64>,
        mut emit: impl FnMut(&mut Out, u64, S) -> io::Result<bool>,
    ) -> (u64, io::Result<()>) {
        let mut listed = 0u64;
        while limit.is_none_or(|k| listed < k) {
            let Some(solution) = solutions.next() else {
                break;
            };
            match emit(&mut self.out, listed + 1, solution) {
                Ok(printed) => listed += u64::from(printed),
                Err(err) => return (listed, Err(err)),
            }
        }
        (listed, Ok(()))
    }

    /// How many threads a listing or a branch and bound runs on, if more than one:
    /// `--threads N`; `None` (one thread, in search order) without it, with `--threads
    /// 1`, `--node-limit` or `--checkpoint`/`--resume`.
    ///
    /// One by default, unlike a count: most listings spend their time printing, and a
    /// thread searching ahead slowed them (`queens 15`, its 2,279,184 boards to
    /// /dev/null: 2.91 s on two threads against 2.37 s on one), while a listing that
    /// searches more than it prints gains (`knights-tour 6 6 --closed --limit 2000`:
    /// 0.22 s against 0.33 s); and the branch and bound of a knapsack gained nothing.
    fn split_threads(&self) -> Option<usize> {
        if self.settings.nodes.is_some() || self.settings.checkpoint.is_some() {
            return None;
        }
        self.settings.threads.filter(|&threads| threads > 1)
    }

    /// The limits of a search split across threads: the stop flag, `--time-limit`, and
    /// the meter if the progress line reads one.
    fn parallel_limits(&self, meter: Option<&Meter>) -> ParallelLimits {
        let mut limits = ParallelLimits::none().cancel(self.stopper.cancel().clone());
        if let Some(time) = self.settings.time {
            limits = limits.time(time);
        }
        if let Some(meter) = meter {
            limits = limits.meter(meter.clone());
        }
        limits
    }

    /// Ends a listing of `listed` solutions (at most `limit` asked) that stopped for
    /// `stopped`: its closing line, a note if it is partial (ending with `after`), its
    /// `--stats`, and its exit status.
    #[allow(clippy::too_many_arguments)]
    fn finish_listing(
        &mut self,
        listed: u64,
        limit: Option<u64>,
        stopped: Option<StopReason>,
        stats: &Stats,
        thing: &str,
        after: &str,
        fresh: Option<u64>,
        threads: Option<usize>,
    ) -> Result<Status> {
        let stop = self.stop_of(stopped);
        // Past the limit only when a checkpoint had listed more before.
        let at_limit = limit.is_some_and(|k| listed >= k);
        self.end_listing(listed, stop, at_limit)?;
        if let Some(stop) = stop {
            note!(
                "{}{stop} after {}: the listing is partial{after}",
                self.prefix(),
                plural(listed, thing, &format!("{thing}s"))
            );
        }
        self.print_stats_of(
            stats,
            stop,
            at_limit,
            fresh,
            threads.map(|threads| (threads, listed)),
        );
        Ok(match stop {
            Some(stop) => stop.status(),
            None if listed == 0 => Status::NoSolution,
            None => Status::Success,
        })
    }

    /// Ends a listing of `listed` solutions: in JSON its closing line, in text `no
    /// solution` if it found none and was not stopped; then flushes the output.
    fn end_listing(&mut self, listed: u64, stop: Option<Stop>, at_limit: bool) -> Result<()> {
        if self.settings.json {
            let mut end = Map::new();
            end.insert("solutions".into(), json!(listed));
            end_fields(&mut end, stop, at_limit);
            self.object(end)?;
        } else if listed == 0 && stop.is_none() {
            self.line(&"no solution")?;
        }
        self.flush()
    }

    /// Prints the one solution a direct method finds (not a search: a construction, a local
    /// search), as [`Driver::list`] prints the first of a search: `find` is given the flag
    /// that the signals set, and says what it found (or fails, an error). With `--stats`,
    /// the method (as [`Driver::describe`] named it) and the time it took.
    pub fn direct<S>(
        &mut self,
        find: impl FnOnce(&Cancel) -> Result<Direct<S>>,
        emit: impl FnOnce(&mut Out, u64, S) -> io::Result<bool>,
    ) -> Result<Status> {
        let start = Instant::now();
        let found = find(self.stopper.cancel())?;
        let elapsed = start.elapsed();
        // Whether a solution was found, though not printed whole.
        let mut cut = false;
        let (listed, stop) = match found {
            // A signal while it was found (a construction does not look at it) or printed
            // (`emit` stops a big board after whole lines): not printed, or not all of it.
            Direct::Found(solution) => {
                let printed = self.stopper.signal().is_none()
                    && emit(&mut self.out, 1, solution).map_err(output::failed)?;
                cut = !printed;
                let stop = cut.then(|| self.stop_of(Some(StopReason::Cancelled)));
                (u64::from(printed), stop.flatten())
            }
            Direct::NoSolution => (0, None),
            Direct::Stopped(stop) => (0, Some(stop)),
            Direct::Cancelled => (0, self.stop_of(Some(StopReason::Cancelled))),
        };
        self.end_listing(listed, stop, listed == 1)?;
        match stop {
            Some(stop) if cut => {
                note!(
                    "{}{stop}: the solution found is not printed whole",
                    self.prefix()
                );
            }
            Some(stop) => note!("{}{stop}: no solution found", self.prefix()),
            None => {}
        }
        if self.settings.stats {
            if self.settings.json {
                let mut object = Map::new();
                object.insert("search".into(), json!(self.search));
                object.insert("elapsed".into(), json!(elapsed.as_secs_f64()));
                end_fields(&mut object, stop, listed == 1);
                note!("{}", Value::Object(object));
            } else {
                note!(
                    "search:     {}\ntime:       {}",
                    self.search,
                    Elapsed(elapsed)
                );
            }
        }
        Ok(match stop {
            Some(stop) => stop.status(),
            None if listed == 0 => Status::NoSolution,
            None => Status::Success,
        })
    }

    /// Counts the solutions of `problem`: on all cores (or `--threads`), splitting its
    /// tree at `split_depth`; on one thread in search order with `--threads 1`,
    /// `--limit K` or `--node-limit N`.
    ///
    /// With `--parts N --part K`, counts part K and writes its record, naming the problem
    /// as [`Driver::identify`] did.
    pub fn count<P>(&mut self, problem: &P, split_depth: usize) -> Result<Status>
    where
        P: Problem + Clone + Send + Sync,
        P::Op: Send + Sync,
    {
        self.expect(|probes, seed, cancel| {
            backtrack::estimate::estimate_observed(problem.clone(), (), probes, seed, Some(cancel))
        });
        #[cfg(feature = "mpi")]
        if self.mpi() {
            let shared = shared::Generic {
                problem,
                depth: split_depth,
            };
            return self.count_mpi(&shared, "count");
        }
        if self.checkpointing() {
            let shared = shared::Generic {
                problem,
                depth: split_depth,
            };
            return self.count_checkpointed(&shared, "count");
        }
        if self.share().is_some() {
            return self.count_part("count", |limits, share| {
                let (outcome, (), layout) = parallel::count_share_observed(
                    problem,
                    split_depth,
                    share,
                    limits,
                    |_| (),
                    |(), ()| {},
                );
                (tallied(&outcome), layout)
            });
        }
        self.count_either(
            "count",
            |limits| {
                tallied(
                    &Search::new(problem.clone())
                        .limits(limits)
                        .count_solutions(),
                )
            },
            |limits| tallied(&parallel::count(problem, split_depth, limits)),
        )
    }

    /// Counts with `in_order` (one search, given its limits) on one thread with
    /// `--threads 1`, `--limit K` or `--node-limit N` (budgets that are exact only in
    /// search order), with `split` (a count split across threads) otherwise.
    ///
    /// `print` says which number the text prints: `count` (the solutions), or `unique`
    /// (their classes, which the count must then have counted). JSON has both, whatever
    /// is printed: `count` always the solutions, `unique` the classes when counted, as the
    /// counts shared out (`--checkpoint`, `--parts`, `--mpi`) have them.
    pub fn count_either(
        &mut self,
        print: &str,
        in_order: impl FnOnce(Limits) -> Outcome<Tally>,
        split: impl FnOnce(&ParallelLimits) -> Outcome<Tally> + Send,
    ) -> Result<Status> {
        let capped = matches!(self.settings.mode, Mode::Count { limit: Some(_) });
        let outcome = if capped || self.settings.nodes.is_some() || self.settings.threads == Some(1)
        {
            self.count_in_order(in_order)
        } else {
            self.split_pool(split)?
        };
        self.report_count(&outcome, print)
    }

    /// Counts with one search, in search order (and at most `--limit K`): `count` is given
    /// the limits.
    fn count_in_order(&mut self, count: impl FnOnce(Limits) -> Outcome<Tally>) -> Outcome<Tally> {
        let progress = self.progress(false);
        let mut limits = self.limits(progress.meter());
        if let Mode::Count { limit: Some(k) } = self.settings.mode {
            limits = limits.solutions(k);
        }
        let outcome = count(limits);
        progress.finish();
        outcome
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

    /// Runs `count` in a pool of `--threads` threads (all cores by default), given the
    /// time limit, the stop flag and the meter, with the progress line.
    fn split_pool<T: Send>(
        &mut self,
        count: impl FnOnce(&ParallelLimits) -> Outcome<T> + Send,
    ) -> Result<Outcome<T>> {
        let pool = self.pool(self.settings.threads.unwrap_or(0))?;
        let progress = self.progress(false);
        let limits = self.parallel_limits(progress.meter());
        let outcome = pool.install(|| count(&limits));
        progress.finish();
        Ok(outcome)
    }

    /// Prints a count: `N`, `N (partial: stopped by SIGINT)`, or `{"count":N,…}`.
    fn report_count(&mut self, outcome: &Outcome<Tally>, print: &str) -> Result<Status> {
        let stop = self.stop_of(outcome.stopped);
        let at_limit = outcome.stopped == Some(StopReason::SolutionLimit);
        let Tally { count, unique } = outcome.found;
        let shown = match (print, unique) {
            ("unique", Some(unique)) => unique,
            _ => count,
        };
        if self.settings.json {
            let mut line = Map::new();
            line.insert("count".into(), json!(count));
            if let Some(unique) = unique {
                line.insert("unique".into(), json!(unique));
            }
            end_fields(&mut line, stop, at_limit);
            self.object(line)?;
        } else if let Some(stop) = stop {
            self.line(&format_args!("{shown} (partial: {stop})"))?;
        } else {
            self.line(&shown)?;
        }
        self.flush()?;
        if let Some(stop) = stop {
            note!("{}{stop}: the count is partial", self.prefix());
        }
        if at_limit {
            note!(
                "{}stopped at --limit {count}: there may be more",
                self.prefix()
            );
        }
        self.print_stats(&outcome.stats, stop, at_limit);
        Ok(stop.map_or(Status::Success, Stop::status))
    }

    /// Counts this run's part of a count in parts (`--parts N --part K`) with `count`
    /// (given the limits and the share, in a pool of `--threads` threads) and writes its
    /// record: one JSON object naming the problem and its parameters as
    /// [`Driver::identify`] did; `print` says which of the counts the subcommand prints
    /// (`count`, or `unique`). A part stopped early (a
    /// signal, `--time-limit`) still writes its record, marked incomplete, which merge
    /// refuses.
    pub fn count_part(
        &mut self,
        print: &str,
        count: impl FnOnce(&ParallelLimits, Share) -> (Outcome<Tally>, Layout) + Send,
    ) -> Result<Status> {
        let (problem, parameters) = self.identity()?;
        let share = self.share().unwrap_or_else(Share::whole);
        let mut layout = None;
        let outcome = self.split_pool(|limits| {
            let (outcome, made) = count(limits, share);
            layout = Some(made);
            outcome
        })?;
        let layout = layout.expect("the count ran");
        let stop = self.stop_of(outcome.stopped);
        let record = record::Record {
            kind: record::KIND.to_string(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            problem,
            parameters,
            print: print.to_string(),
            part: share.part(),
            parts: share.parts(),
            split: record::SplitRecord {
                depth: layout.depth,
                subproblems: layout.subproblems,
            },
            subproblems: layout.counted,
            count: outcome.found.count,
            unique: outcome.found.unique,
            nodes: outcome.stats.nodes,
            elapsed: outcome.stats.elapsed.as_secs_f64(),
            complete: stop.is_none(),
            stopped: stop.map(Stop::key),
        };
        let line = serde_json::to_string(&record).context("cannot make the record")?;
        self.line(&line)?;
        self.flush()?;
        if let Some(stop) = stop {
            note!(
                "{}{stop}: part {} of {} is partial, and merge will refuse it",
                self.prefix(),
                share.part(),
                share.parts()
            );
        }
        self.print_stats(&outcome.stats, stop, false);
        Ok(stop.map_or(Status::Success, Stop::status))
    }

    /// Counts across the ranks of an MPI job (`--mpi`): `shared` splits the count and
    /// counts its subproblems; rank 0 hands them out and prints the total as a count
    /// prints it (`print`: `count`, or `unique` for the classes; JSON has both), the other
    /// ranks print nothing. The problem and its parameters ([`Driver::identify`]) head the
    /// `--checkpoint` file, if any.
    #[cfg(feature = "mpi")]
    pub fn count_mpi(&mut self, shared: &impl shared::Shared, print: &str) -> Result<Status> {
        let (problem, parameters) = self.identity()?;
        let identity = json!({ "problem": problem, "parameters": parameters });
        let checkpoint = match &self.settings.spread {
            Spread::Mpi(checkpoint) => checkpoint.clone(),
            _ => None,
        };
        let threads = self.settings.threads.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
        });
        let cancel = self.stopper.cancel().clone();
        let Some(total) = cluster::count(
            shared,
            threads,
            &cancel,
            self.settings.time,
            &identity,
            checkpoint.as_deref(),
        )?
        else {
            return Ok(Status::Success);
        };
        let setup = format!(
            "ranks:      {} ({threads} counting threads each), {} subproblems ({} from the checkpoint)\nsetup:      {} (MPI started, the count split)",
            total.ranks, total.subproblems, total.resumed, Elapsed(total.setup)
        );
        let mut extra = Map::new();
        extra.insert("ranks".into(), json!(total.ranks));
        self.report_shared(
            &total.outcome,
            print,
            (total.subproblems, total.resumed, total.resumed_nodes),
            extra,
            (&setup, None),
        )
    }

    /// Does this count keep a checkpoint on this machine (`--checkpoint` or `--resume`,
    /// without `--mpi`)? Then the subcommand counts with [`Driver::count_checkpointed`].
    pub fn checkpointing(&self) -> bool {
        self.settings.checkpoint.is_some()
    }

    /// Counts `shared` on this machine's threads (`--threads`, or all cores) subproblem by
    /// subproblem, keeping the checkpoint `--checkpoint` or `--resume` names, and prints
    /// the total as a count prints it (`print`: `count`, or `unique` for the classes).
    pub fn count_checkpointed(
        &mut self,
        shared: &impl shared::Shared,
        print: &str,
    ) -> Result<Status> {
        let (problem, parameters) = self.identity()?;
        let identity = json!({ "problem": problem, "parameters": parameters });
        let path = self
            .settings
            .checkpoint
            .clone()
            .expect("a count with a checkpoint");
        let threads = self.settings.threads.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
        });
        let progress = self.progress(false);
        let cancel = self.stopper.cancel().clone();
        let named = format!("{} {}", self.settings.checkpoint_flag, path.display());
        let here = shared::count_here(
            shared,
            threads,
            (&cancel, self.settings.time, progress.meter()),
            &identity,
            &path,
            &named,
        );
        progress.finish();
        let here = here?;
        let note = format!(
            "checkpoint: {} ({} subproblems, {} counted before this run)",
            path.display(),
            here.subproblems,
            here.resumed
        );
        // What the file keeps, which a stopped count's total may exceed: the subproblems the
        // stop cut short are in the total, and not in the file.
        let (kept, in_file) = here.kept;
        let (shown, unit) = match print {
            "unique" => (in_file.unique.unwrap_or(in_file.count), "classes"),
            _ => (in_file.count, "solutions"),
        };
        let left = here.subproblems - kept;
        let cut = match here.cut_short {
            0 => String::new(),
            1 => ", the one the stop cut short among them from its start".to_string(),
            k => format!(", the {k} the stop cut short among them from their start"),
        };
        let kept_note = format!(
            "{}{} keeps {kept} finished subproblems of {} ({shown} {unit}); given it again, a run counts the other {left}{cut}",
            self.prefix(),
            path.display(),
            here.subproblems,
        );
        let mut extra = Map::new();
        if here.outcome.stopped.is_some() {
            let mut file = Map::new();
            file.insert("subproblems".into(), json!(kept));
            file.insert("count".into(), json!(in_file.count));
            if let Some(unique) = in_file.unique {
                file.insert("unique".into(), json!(unique));
            }
            extra.insert("kept".into(), Value::Object(file));
        }
        self.report_shared(
            &here.outcome,
            print,
            (here.subproblems, here.resumed, here.resumed_nodes),
            extra,
            (&note, Some(kept_note)),
        )
    }

    /// Prints the total of a count made subproblem by subproblem (across MPI ranks, or on
    /// this machine with a checkpoint) as a count prints: `print` is `count`, or `unique`
    /// for the classes (JSON has both, with `extra`, the subproblems and how many a
    /// checkpoint had); with `--stats`, `note` first. `stop_note` follows the note of a
    /// stop.
    fn report_shared(
        &mut self,
        outcome: &Outcome<Tally>,
        print: &str,
        (subproblems, resumed, resumed_nodes): (usize, usize, u64),
        mut extra: Map<String, Value>,
        (note, stop_note): (&str, Option<String>),
    ) -> Result<Status> {
        let stop = self.stop_of(outcome.stopped);
        let shown = if print == "unique" {
            outcome.found.unique.unwrap_or(outcome.found.count)
        } else {
            outcome.found.count
        };
        if self.settings.json {
            extra.insert("count".into(), json!(outcome.found.count));
            if let Some(unique) = outcome.found.unique {
                extra.insert("unique".into(), json!(unique));
            }
            extra.insert("subproblems".into(), json!(subproblems));
            extra.insert("resumed".into(), json!(resumed));
            end_fields(&mut extra, stop, false);
            self.object(extra)?;
        } else if let Some(stop) = stop {
            self.line(&format_args!("{shown} (partial: {stop})"))?;
        } else {
            self.line(&shown)?;
        }
        self.flush()?;
        if let Some(stop) = stop {
            note!("{}{stop}: the count is partial", self.prefix());
            if let Some(stop_note) = stop_note {
                note!("{stop_note}");
            }
        }
        if self.settings.stats && !self.settings.json {
            note!("{note}");
        }
        // The speed of this run: the nodes the checkpoint had were searched before it.
        let fresh = outcome.stats.nodes - resumed_nodes;
        self.print_stats_of(&outcome.stats, stop, false, Some(fresh), None);
        Ok(stop.map_or(Status::Success, Stop::status))
    }

    /// Prints the sum of the part records `files` (`backtrack merge`): the number the
    /// parts' command prints, or with JSON one object with both counts. A set of records
    /// that are not every part of one count, each once and complete, is refused (an error
    /// naming the file).
    pub fn merge(&mut self, files: &[std::path::PathBuf]) -> Result<Status> {
        let merged = record::merge(files)?;
        if self.settings.json {
            self.line(&merged.json())?;
        } else {
            self.line(&merged.printed())?;
        }
        self.flush()?;
        Ok(Status::Success)
    }

    /// The best solution of `problem`, by branch and bound, printed by `print` (given why
    /// the search stopped early, if it did: the best found so far). `thing` names a
    /// solution in notes (`packing`).
    ///
    /// On `--threads` threads (one by default: see [`Driver::split_threads`]), the
    /// subtrees below `split_depth`
    /// searched in parallel with a shared incumbent ([`parallel::best`]): the same
    /// solution as the serial search, among equal values too; the statistics (nodes,
    /// prunings) are those of the parallel search. On one thread, in search order, with
    /// `--threads 1`, `--node-limit` or on a machine of one core.
    pub fn best<P>(
        &mut self,
        problem: P,
        split_depth: usize,
        thing: &str,
        print: impl FnOnce(&mut Out, &P::Solution, &P::Value, Option<Stop>) -> io::Result<()>,
    ) -> Result<Status>
    where
        P: Optimize + Clone + Send + Sync,
        P::Op: Send + Sync,
        P::Solution: Send,
        P::Value: Send,
    {
        let progress = self.progress(false);
        let outcome = match self.split_threads() {
            None => Search::new(problem)
                .limits(self.limits(progress.meter()))
                .best(),
            Some(threads) => {
                let pool = self.pool(threads)?;
                let limits = self.parallel_limits(progress.meter());
                pool.install(|| parallel::best(&problem, split_depth, &limits))
            }
        };
        progress.finish();
        self.report_best::<P>(&outcome, thing, print)
    }

    /// Prints what a branch and bound found: see [`Driver::best`].
    pub(super) fn report_best<P: Optimize>(
        &mut self,
        outcome: &Outcome<Option<(P::Solution, P::Value)>>,
        thing: &str,
        print: impl FnOnce(&mut Out, &P::Solution, &P::Value, Option<Stop>) -> io::Result<()>,
    ) -> Result<Status> {
        self.report_best_of::<P>(outcome, thing, print, None)
    }

    /// [`Driver::report_best`], its speed that of `fresh` nodes if given (those searched
    /// in this run, when a checkpoint had the others).
    pub(super) fn report_best_of<P: Optimize>(
        &mut self,
        outcome: &Outcome<Option<(P::Solution, P::Value)>>,
        thing: &str,
        print: impl FnOnce(&mut Out, &P::Solution, &P::Value, Option<Stop>) -> io::Result<()>,
        fresh: Option<u64>,
    ) -> Result<Status> {
        let stop = self.stop_of(outcome.stopped);
        match &outcome.found {
            Some((solution, value)) => {
                print(&mut self.out, solution, value, stop).map_err(output::failed)?;
            }
            None if self.settings.json => {
                let mut line = Map::new();
                line.insert("solution".into(), Value::Null);
                end_fields(&mut line, stop, false);
                self.object(line)?;
            }
            None => match stop {
                None => self.line(&"no solution")?,
                Some(stop) => self.line(&format_args!("no {thing} found (partial: {stop})"))?,
            },
        }
        self.flush()?;
        match (stop, &outcome.found) {
            (Some(stop), Some(_)) => {
                note!(
                    "{}{stop}: the best {thing} found so far, perhaps not the best",
                    self.prefix()
                );
            }
            (Some(stop), None) => {
                note!("{}{stop} before any {thing} was found", self.prefix());
            }
            (None, _) => {}
        }
        self.print_stats_of(&outcome.stats, stop, false, fresh, None);
        Ok(match (stop, &outcome.found) {
            (Some(stop), _) => stop.status(),
            (None, None) => Status::NoSolution,
            (None, Some(_)) => Status::Success,
        })
    }

    /// The limits of a search on one thread: the stop flag, `--time-limit`,
    /// `--node-limit`, and the meter if the progress line reads one.
    fn limits(&self, meter: Option<&Meter>) -> Limits {
        let mut limits = Limits::none().cancel(self.stopper.cancel().clone());
        if let Some(time) = self.settings.time {
            limits = limits.time(time);
        }
        if let Some(nodes) = self.settings.nodes {
            limits = limits.nodes(nodes);
        }
        if let Some(meter) = meter {
            limits = limits.meter(meter.clone());
        }
        limits
    }

    /// The progress line, if it can be shown: asked for (no `--quiet`), stderr a
    /// terminal, and not in the way of output streaming to the same terminal.
    fn progress(&mut self, streams: bool) -> Progress {
        Progress::start(self.shows_progress(streams), self.expected.take())
    }

    /// Is there a progress line? Asked for (no `--quiet`), stderr a terminal, and not in
    /// the way of output streaming to the same terminal.
    fn shows_progress(&self, streams: bool) -> bool {
        !self.settings.quiet
            && io::stderr().is_terminal()
            && !(streams && io::stdout().is_terminal())
    }

    /// Estimates the size of the search about to run, for its progress line (the fraction
    /// done and the time left, and a word if it is long): `estimate` probes its tree, as
    /// for [`Driver::estimate`]. Only when the line is shown.
    pub fn expect(
        &mut self,
        estimate: impl FnOnce(u32, u64, &Cancel) -> backtrack::estimate::Estimate,
    ) {
        if self.shows_progress(false) {
            let found = estimate(PROGRESS_PROBES, 1, self.stopper.cancel());
            self.expected = Some(found.nodes.mean);
        }
    }

    /// Why the search stopped, if its output is partial. (`--limit` is not such a stop:
    /// the output is as long as asked.)
    /// The flag the signals set, for work outside the searches that should stop too (the
    /// printing of a big solution).
    pub fn stop_flag(&self) -> Cancel {
        self.stopper.cancel().clone()
    }

    fn stop_of(&self, reason: Option<StopReason>) -> Option<Stop> {
        stop_for(&self.stopper, &self.settings, reason)
    }

    /// Writes `value` and a newline to the output.
    fn line(&mut self, value: &dyn fmt::Display) -> Result<()> {
        writeln!(self.out, "{value}").map_err(output::failed)
    }

    fn flush(&mut self) -> Result<()> {
        self.out.flush().map_err(output::failed)
    }

    /// `--stats` on stderr: the formulation, then one figure per line; or one JSON object,
    /// whose `complete` and `stopped` say what the output's closing line says (`at_limit`:
    /// the search stopped at `--first` or `--limit`).
    fn print_stats(&self, stats: &Stats, stop: Option<Stop>, at_limit: bool) {
        self.print_stats_of(stats, stop, at_limit, None, None);
    }

    /// [`Driver::print_stats`], the speed being that of `fresh` nodes (those searched in
    /// this run, when a checkpoint had the others) if given, else of all. `threads`: the
    /// threads of a listing searched on several, and the solutions it listed; its figures
    /// add up every thread's work, which a listing cut short at a limit searched ahead of
    /// what it listed, and the statistics say so (`threads:    2 (…)`, in JSON `"threads"`
    /// and `"listed"`).
    fn print_stats_of(
        &self,
        stats: &Stats,
        stop: Option<Stop>,
        at_limit: bool,
        fresh: Option<u64>,
        threads: Option<(usize, u64)>,
    ) {
        if !self.settings.stats {
            return;
        }
        // Only a run that went on from a checkpoint's nodes says how many were its own.
        let fresh = fresh.filter(|&nodes| nodes < stats.nodes);
        // The root's work before the search is the search's too.
        let mut stats = *stats;
        if let Some((took, _)) = &self.prepared {
            stats.elapsed += *took;
        }
        let stats = &stats;
        let secs = stats.elapsed.as_secs_f64();
        let speed = match fresh {
            Some(nodes) if secs > 0.0 => nodes as f64 / secs,
            _ => stats.nodes_per_sec(),
        };
        if self.settings.json {
            let mut object = match serde_json::to_value(stats) {
                Ok(Value::Object(object)) => object,
                _ => Map::new(),
            };
            object.insert("search".into(), json!(self.search));
            if let Some((key, value)) = &self.tag {
                object.insert(key.clone(), value.clone());
            }
            object.insert("nodes_per_sec".into(), json!(speed.round()));
            if let Some((took, _)) = &self.prepared {
                object.insert("prepared".into(), json!(took.as_secs_f64()));
            }
            if let Some(nodes) = fresh {
                object.insert("nodes_this_run".into(), json!(nodes));
            }
            if let Some((threads, listed)) = threads {
                object.insert("threads".into(), json!(threads));
                object.insert("listed".into(), json!(listed));
            }
            end_fields(&mut object, stop, at_limit);
            note!("{}", Value::Object(object));
        } else {
            // Stats' own last line is its speed over all its nodes.
            let mut text = stats.to_string();
            if let Some((took, what)) = &self.prepared {
                let time = format!("time:       {}", Elapsed(stats.elapsed));
                text = text.replacen(
                    &time,
                    &format!("{time} ({} of it {what})", Elapsed(*took)),
                    1,
                );
            }
            let figures = match fresh {
                Some(nodes) => format!(
                    "{}nodes/s:    {speed:.0} ({nodes} nodes searched in this run)",
                    text.rsplit_once('\n')
                        .map_or("", |(head, _)| head)
                        .to_owned()
                        + "\n"
                ),
                None => text,
            };
            // One of several searches (a file's puzzles) says which, as its output does.
            let label = match &self.tag {
                Some((key, value)) => format!("{:<12}{value}\n", format!("{key}:")),
                None => String::new(),
            };
            let search = if self.search.is_empty() {
                String::new()
            } else {
                format!("search:     {}\n", self.search)
            };
            // Only a listing cut short searched ahead of it: a whole listing that skips
            // some solutions (--unique) found more than it listed, all of them in order.
            let cut_short = stop.is_some() || at_limit;
            let threads = match threads {
                Some((threads, listed)) if cut_short && stats.solutions > listed => format!(
                    "threads:    {threads} (the figures add up every thread's work: searching ahead of the listing, they found {} solutions, {listed} listed)\n",
                    stats.solutions
                ),
                Some((threads, _)) => {
                    format!("threads:    {threads} (the figures add up every thread's work)\n")
                }
                None => String::new(),
            };
            note!("{label}{search}{threads}{figures}");
        }
    }
}

/// Fails, before any search, if the checkpoint `path` (given to `flag`) could not be
/// written: its directory missing or not a directory, or no file can be made in it (a
/// checkpoint is saved by a file made beside it and renamed over it, or appended to).
/// Found only at the first save, it would end a run that had searched, with exit status 4.
fn check_writable(flag: &str, path: &std::path::Path) -> Result<()> {
    let shown = path.display();
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => std::path::Path::new("."),
    };
    match std::fs::metadata(dir) {
        Ok(meta) if meta.is_dir() => {}
        Ok(_) => anyhow::bail!("{flag} {shown}: {} is not a directory", dir.display()),
        Err(err) if err.kind() == io::ErrorKind::NotFound => anyhow::bail!(
            "{flag} {shown}: there is no directory {} (make it first)",
            dir.display()
        ),
        Err(err) => anyhow::bail!(
            "{flag} {shown}: cannot reach the directory {}: {err}",
            dir.display()
        ),
    }
    // A file of this run's own, made and removed: no other run's file is touched.
    let probe = dir.join(format!(
        ".{}.{}.probe",
        path.file_name().unwrap_or_default().to_string_lossy(),
        std::process::id()
    ));
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
    {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
        }
        Err(err) if err.kind() == io::ErrorKind::AlreadyExists => {}
        Err(err) => anyhow::bail!(
            "{flag} {shown}: cannot make a file in {}: {err}",
            dir.display()
        ),
    }
    if path.exists() {
        std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|err| anyhow::anyhow!("{flag} {shown}: cannot write it: {err}"))?;
    }
    Ok(())
}

/// The stop of a search that ended for `reason`, in the driver's words (see
/// [`Driver::stop_of`]); apart, for callers that have lent the output.
fn stop_for(stopper: &Stopper, settings: &Settings, reason: Option<StopReason>) -> Option<Stop> {
    match reason? {
        StopReason::Cancelled => stopper.signal().map(Stop::Signal),
        StopReason::TimeLimit => Some(Stop::TimeLimit(settings.time.unwrap_or_default())),
        StopReason::NodeLimit => Some(Stop::NodeLimit(settings.nodes.unwrap_or(0))),
        StopReason::SolutionLimit | StopReason::Observer => None,
    }
}
