//! A count shared out subproblem by subproblem, and its checkpoint: what `--checkpoint`
//! and `--resume` keep of a long count, on one machine or across the ranks of an MPI job.
//!
//! The tree is split into many subproblems the same way in every run (the split is
//! deterministic), so a subproblem is named by its index. A run counts them on its threads,
//! biggest first by estimated size, and records each one finished in the checkpoint file:
//! a header line naming the count and its split, then a line per finished subproblem, each
//! line headed by the CRC-32 of the rest of it. A run given the file again skips what it
//! records. A last line cut short (the crash the file is kept for) is dropped; a line whose
//! checksum does not match, another count's file, or a file that is not a checkpoint, is
//! refused, never trusted.

use std::collections::{BTreeMap, VecDeque};
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;
use std::sync::mpsc;
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use backtrack::progress::Meter;
use backtrack::split::{self, Subproblem};
use backtrack::{Cancel, Limits, Outcome, Problem, Search, Stats, StopReason};
use serde_json::{json, Value};

use super::output;
use super::record::parameter_difference;
use super::Tally;

/// A count that can be shared out subproblem by subproblem.
pub trait Shared: Sync {
    /// Splits the tree into at least `at_least` subproblems (if it has that many nodes at
    /// some depth), the same way in every process.
    fn split(&self, at_least: usize) -> Divided;

    /// Counts the subproblem `sub` on this thread, under `limits`; its statistics leave
    /// out its root, which the part above the split counts.
    fn count(&self, sub: &Subproblem, limits: Limits) -> Result<Outcome<Tally>>;
}

/// Any problem's count, through the engine: split by [`split::split_at_least`], each
/// subproblem replayed on a clone of the root and counted by one search.
pub struct Generic<'a, P> {
    /// The root.
    pub problem: &'a P,
    /// The least depth to split at.
    pub depth: usize,
}

impl<P> Shared for Generic<'_, P>
where
    P: Problem + Clone + Send + Sync,
    P::Op: Send + Sync,
{
    fn split(&self, at_least: usize) -> Divided {
        let (tree, ()) =
            split::split_at_least(self.problem, self.depth, at_least, &Limits::none(), || ());
        let weights = split::estimate_sizes(self.problem, &tree, split::PROBES, split::SEED);
        let above = &tree.above;
        Divided {
            depth: tree.depth,
            weights,
            above: tallied(above),
            subproblems: tree.subproblems,
        }
    }

    fn count(&self, sub: &Subproblem, limits: Limits) -> Result<Outcome<Tally>> {
        let state = sub.replay(self.problem)?;
        let outcome = Search::new(state).limits(limits).count_solutions();
        let mut stats = outcome.stats;
        stats.nodes = stats.nodes.saturating_sub(1);
        stats.max_depth += sub.depth();
        Ok(Outcome {
            stats,
            ..tallied(&outcome)
        })
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

/// Locks the checkpoint `file` for this run, against other runs given the same file:
/// `false` if another run holds it. The lock goes with the file when the run ends,
/// however it ends.
pub(super) fn held(file: &File) -> io::Result<bool> {
    match file.try_lock() {
        Ok(()) => Ok(true),
        Err(std::fs::TryLockError::WouldBlock) => Ok(false),
        Err(std::fs::TryLockError::Error(err)) => Err(err),
    }
}

/// The refusal of a checkpoint (`shown`, the flag naming it) that another run holds;
/// `doing` says what that run does with it, if anything.
pub(super) fn in_use(shown: &str, doing: &str) -> String {
    format!("{shown} is in use by another run{doing}; wait for it to end, or give another file")
}

/// A tree split for sharing: see [`Shared::split`].
pub struct Divided {
    /// The depth of the split.
    pub depth: usize,
    /// The subproblems.
    pub subproblems: Vec<Subproblem>,
    /// The estimated size of each.
    pub weights: Vec<f64>,
    /// The counts and statistics of the part above the split.
    pub above: Outcome<Tally>,
}

impl Divided {
    /// The estimated size of the biggest subproblem, in nodes.
    fn biggest(&self) -> f64 {
        self.weights.iter().copied().fold(0.0, f64::max)
    }
}

/// The least subproblems a shared count is split into.
const LEAST_SUBPROBLEMS: usize = 256;

/// The most nodes a subproblem is estimated to have before the split goes a level deeper:
/// about two seconds of one thread's counting (the queens count goes at 110 to 160
/// million nodes a second). A stop costs the subproblems in progress, counted again from
/// their start by the next run: at most about this much work a thread.
const BIGGEST_SUBPROBLEM: f64 = (1u64 << 28) as f64;

/// Splits `shared` for counting subproblem by subproblem: at least [`LEAST_SUBPROBLEMS`]
/// of them, and a level deeper while the biggest is estimated at more than
/// [`BIGGEST_SUBPROBLEM`] nodes and the deeper level has at most
/// [`split::MOST_SUBPROBLEMS`] (the split keeps each in memory, and a checkpoint has a
/// line for each one finished).
///
/// The split depends on the count alone, not on the threads or ranks that count it, so a
/// checkpoint goes on with any number of them; and it is deterministic (the estimates are
/// seeded), the same in every process. Small subproblems balance the threads too: the last
/// one finished comes at most one subproblem after the others.
pub(super) fn split_for_sharing(shared: &(impl Shared + ?Sized)) -> Divided {
    let mut divided = shared.split(LEAST_SUBPROBLEMS);
    while divided.biggest() > BIGGEST_SUBPROBLEM {
        let deeper = shared.split(divided.subproblems.len() + 1);
        // The same depth when the tree ends there, or the next level is too wide.
        if deeper.depth == divided.depth {
            break;
        }
        divided = deeper;
    }
    divided
}

/// One finished subproblem, as it travels: its index, counts and statistics.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Done {
    pub(super) index: usize,
    pub(super) count: u64,
    pub(super) unique: Option<u64>,
    pub(super) stopped: Option<StopReason>,
    pub(super) stats: Stats,
}

/// The counting threads of one rank, fed subproblem indices by the main thread.
pub(super) struct Pool {
    queue: Mutex<(VecDeque<usize>, bool)>,
    ready: Condvar,
}

impl Pool {
    pub(super) fn new() -> Self {
        Pool {
            queue: Mutex::new((VecDeque::new(), false)),
            ready: Condvar::new(),
        }
    }

    pub(super) fn push(&self, index: usize) {
        self.queue
            .lock()
            .expect("no panics while locked")
            .0
            .push_back(index);
        self.ready.notify_one();
    }

    pub(super) fn close(&self) {
        self.queue.lock().expect("no panics while locked").1 = true;
        self.ready.notify_all();
    }

    /// The next index, waiting for one; `None` once closed and empty.
    pub(super) fn take(&self) -> Option<usize> {
        let mut guard = self.queue.lock().expect("no panics while locked");
        loop {
            if let Some(index) = guard.0.pop_front() {
                return Some(index);
            }
            if guard.1 {
                return None;
            }
            guard = self.ready.wait(guard).expect("no panics while locked");
        }
    }
}

/// The limits of one subproblem: the stop flag, and what is left of the time limit.
pub(super) fn limits_for(cancel: &Cancel, time: Option<Duration>, start: Instant) -> Limits {
    let mut limits = Limits::none().cancel(cancel.clone());
    if let Some(max) = time {
        limits = limits.time(
            max.saturating_sub(start.elapsed())
                .max(Duration::from_nanos(1)),
        );
    }
    limits
}

/// Adds a finished subproblem to the total.
pub(super) fn add(tally: &mut Tally, stats: &mut Stats, done: &Done) {
    tally.count += done.count;
    tally.unique = tally.unique.zip(done.unique).map(|(a, b)| a + b);
    let mut part = done.stats;
    part.elapsed = Duration::ZERO;
    stats.merge(&part);
}

/// The checkpoint file: a header line naming the count and its split, then one line per
/// finished subproblem, flushed as it is written.
pub(super) struct Checkpoint {
    file: Option<File>,
    /// How errors name the file.
    named: String,
    pub(super) done: BTreeMap<usize, Done>,
    last_sync: Instant,
}

impl Checkpoint {
    #[cfg(feature = "mpi")]
    pub(super) fn none() -> Self {
        Checkpoint {
            file: None,
            named: String::new(),
            done: BTreeMap::new(),
            last_sync: Instant::now(),
        }
    }

    /// Opens the checkpoint at `path`: reads what an earlier run of the same count
    /// finished (a last line cut short by a crash is dropped), or starts the file.
    /// `named`: how errors name the file, `--checkpoint FILE` or `--resume FILE`.
    pub(super) fn open(
        path: &Path,
        named: &str,
        identity: &Value,
        divided: &Divided,
    ) -> Result<Self> {
        let shown = named;
        let header = json!({
            "checkpoint": "backtrack count",
            "version": env!("CARGO_PKG_VERSION"),
            "count": identity,
            "split": { "depth": divided.depth, "subproblems": divided.subproblems.len() },
        });
        let mut done = BTreeMap::new();
        // A file that cannot be written fails the run as its output does (exit status 4).
        let cannot_write = |err: io::Error| output::failed_to(shown, err);
        let text = match std::fs::read(path) {
            Ok(bytes) => String::from_utf8(bytes).map_err(|_| {
                anyhow::anyhow!("{shown} is not a checkpoint of backtrack: it is not text")
            })?,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(err) => return Err(err).with_context(|| format!("{shown}: cannot read")),
        };
        // The bytes of whole lines: a last line with no end was cut short by the crash the
        // file is kept for, and is dropped.
        let mut kept = 0;
        for (k, raw) in text.split_inclusive('\n').enumerate() {
            let Some(line) = raw.strip_suffix('\n') else {
                break;
            };
            let Some(line) = checked(line) else {
                let ours = line
                    .split_once(' ')
                    .is_some_and(|(_, text)| text.starts_with("{\"checkpoint\":\"backtrack "));
                if k == 0 && !ours {
                    bail!("{shown} is not a checkpoint of backtrack: its first line is not its header");
                }
                bail!(
                    "{shown}, line {}: its checksum does not match: the file was changed or damaged",
                    k + 1
                );
            };
            if k == 0 {
                check_header(line, &header, shown)?;
            } else {
                let entry: Entry = serde_json::from_str(line)
                    .map_err(|err| anyhow::anyhow!("{shown}, line {}: {err}", k + 1))?;
                if divided.subproblems.get(entry.index) != Some(&entry.sub) {
                    bail!(
                        "{shown}, line {}: subproblem {} is not this count's",
                        k + 1,
                        entry.index
                    );
                }
                let stats = Stats {
                    nodes: entry.nodes,
                    solutions: entry.solutions,
                    dead_ends: entry.dead_ends,
                    // A count has no bound.
                    bounded: 0,
                    rejections: entry.rejections,
                    prunings: entry.prunings,
                    max_depth: entry.max_depth,
                    elapsed: Duration::ZERO,
                };
                let finished = Done {
                    index: entry.index,
                    count: entry.count,
                    unique: entry.unique,
                    stopped: None,
                    stats,
                };
                done.insert(entry.index, finished);
            }
            kept += raw.len();
        }
        if kept == 0 && !text.is_empty() {
            // Never cut a file that was not ours.
            bail!("{shown} is not a checkpoint of backtrack: its first line is not its header");
        }
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(cannot_write)?;
        // One run at a time: two appending to one file would each count what the other
        // counts. The lock goes with the file when this run ends, however it ends.
        if !held(&file).map_err(cannot_write)? {
            bail!("{}", in_use(shown, " counting into it"));
        }
        file.set_len(kept as u64).map_err(cannot_write)?;
        if kept == 0 {
            writeln!(file, "{}", with_checksum(&header.to_string())).map_err(cannot_write)?;
        }
        Ok(Checkpoint {
            file: Some(file),
            named: named.to_string(),
            done,
            last_sync: Instant::now(),
        })
    }

    /// Records a finished subproblem (nothing without a file): one line, written at once,
    /// and synced to the disk every second or so.
    pub(super) fn write(&mut self, done: &Done, sub: &Subproblem) -> Result<()> {
        let Some(file) = &mut self.file else {
            return Ok(());
        };
        let entry = Entry {
            index: done.index,
            sub: sub.clone(),
            count: done.count,
            unique: done.unique,
            nodes: done.stats.nodes,
            solutions: done.stats.solutions,
            dead_ends: done.stats.dead_ends,
            rejections: done.stats.rejections,
            prunings: done.stats.prunings,
            max_depth: done.stats.max_depth,
        };
        let line = serde_json::to_string(&entry).context("cannot make a checkpoint line")?;
        let shown = &self.named;
        writeln!(file, "{}", with_checksum(&line)).map_err(|err| output::failed_to(shown, err))?;
        if self.last_sync.elapsed() > Duration::from_secs(1) {
            file.sync_data()
                .map_err(|err| output::failed_to(shown, err))?;
            self.last_sync = Instant::now();
        }
        Ok(())
    }
}

/// A line of a checkpoint: the CRC-32 of `text` in hexadecimal, a space, `text`.
pub(super) fn with_checksum(text: &str) -> String {
    format!("{:08x} {text}", crc32fast::hash(text.as_bytes()))
}

/// The text of a checkpoint's line, if its checksum matches.
pub(super) fn checked(line: &str) -> Option<&str> {
    let (sum, text) = line.split_once(' ')?;
    let sum = u32::from_str_radix(sum, 16)
        .ok()
        .filter(|_| sum.len() == 8)?;
    (crc32fast::hash(text.as_bytes()) == sum).then_some(text)
}

/// Refuses a checkpoint whose first line, `line`, is not `header`, saying what differs.
pub(super) fn check_header(line: &str, header: &Value, shown: &str) -> Result<()> {
    let found: Value = serde_json::from_str(line).map_err(|_| {
        anyhow::anyhow!(
            "{shown} is not a checkpoint of backtrack: its first line is not its header"
        )
    })?;
    if found.get("checkpoint") != header.get("checkpoint") {
        if let (Some(theirs), Some(ours)) = (Kind::of(&found), Kind::of(header)) {
            // Another problem's: its own subcommand resumes it, not this one.
            let problem = &found["count"]["problem"];
            let under = match problem.as_str() {
                Some(name) if *problem != header["count"]["problem"] => {
                    format!("with backtrack {name} ")
                }
                _ => String::new(),
            };
            bail!(
                "{shown} is the checkpoint of {} of {}, not of {}: resume it {under}as {} ({}), or give {} a checkpoint file of its own",
                theirs.noun(),
                searched(&found),
                ours.noun(),
                theirs.noun(),
                theirs.flags(),
                ours.this()
            );
        }
        bail!("{shown} is not a checkpoint of backtrack: its first line is not its header");
    }
    if &found != header {
        let why = if found.get("version") != header.get("version") {
            format!(
                "it was written by backtrack {}, not {}",
                found["version"].as_str().unwrap_or("?"),
                env!("CARGO_PKG_VERSION")
            )
        } else if found["count"]["problem"] != header["count"]["problem"] {
            let name = |value: &Value| {
                value["count"]["problem"]
                    .as_str()
                    .unwrap_or("?")
                    .to_string()
            };
            let verb = match header["checkpoint"].as_str() {
                Some("backtrack listing") => "lists",
                Some("backtrack best") => "searches",
                _ => "counts",
            };
            format!("it {verb} {}, not {}", name(&found), name(header))
        } else if found.get("count") != header.get("count") {
            format!(
                "in it {}",
                parameter_difference(
                    &header["count"]["parameters"],
                    &found["count"]["parameters"]
                )
            )
        } else {
            format!("its split is {}, not {}", found["split"], header["split"])
        };
        let search = match header["checkpoint"].as_str() {
            Some("backtrack listing") => "listing",
            Some("backtrack best") => "branch and bound",
            _ => "count",
        };
        bail!("{shown} records another {search}: {why}");
    }
    Ok(())
}

/// The three searches a checkpoint is kept for, told apart by its header's `checkpoint`.
#[derive(Clone, Copy)]
enum Kind {
    Count,
    Listing,
    Best,
}

impl Kind {
    /// The kind of the checkpoint whose header is `header`, if it is one of backtrack's.
    fn of(header: &Value) -> Option<Kind> {
        match header.get("checkpoint")?.as_str()? {
            "backtrack count" => Some(Kind::Count),
            "backtrack listing" => Some(Kind::Listing),
            "backtrack best" => Some(Kind::Best),
            _ => None,
        }
    }

    /// `a count`.
    fn noun(self) -> &'static str {
        match self {
            Kind::Count => "a count",
            Kind::Listing => "a listing",
            Kind::Best => "a branch and bound",
        }
    }

    /// `the count`: this run's search.
    fn this(self) -> &'static str {
        match self {
            Kind::Count => "the count",
            Kind::Listing => "the listing",
            Kind::Best => "the branch and bound",
        }
    }

    /// The flags that run this kind of search.
    fn flags(self) -> &'static str {
        match self {
            Kind::Count => "--count",
            Kind::Listing => "--all, --first or --limit K, no --count",
            Kind::Best => "the best: none of --count, --all, --first and --limit",
        }
    }
}

/// What the checkpoint whose header is `header` searched: the problem's name, and its
/// size `n` if it has one (`queens 14`; the other problems are read from a file).
fn searched(header: &Value) -> String {
    let problem = header["count"]["problem"].as_str().unwrap_or("?");
    match header["count"]["parameters"]["n"].as_u64() {
        Some(n) => format!("{problem} {n}"),
        None => problem.to_string(),
    }
}

/// One line of a checkpoint: a finished subproblem.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    index: usize,
    #[serde(flatten)]
    sub: Subproblem,
    count: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    unique: Option<u64>,
    nodes: u64,
    /// The subproblem's other statistics (its time is not kept).
    solutions: u64,
    dead_ends: u64,
    rejections: u64,
    prunings: u64,
    max_depth: usize,
}

impl Checkpoint {
    /// Syncs what was written to the disk.
    pub(super) fn sync(&mut self) -> Result<()> {
        if let Some(file) = &mut self.file {
            file.sync_data()
                .map_err(|err| output::failed_to(&self.named, err))?;
        }
        Ok(())
    }
}

/// Counts subproblem `index` of `divided` under `limits`. A path that does not replay
/// (which a split made by the same program never gives) is a subproblem stopped for good.
pub(super) fn count_one(
    shared: &(impl Shared + ?Sized),
    divided: &Divided,
    index: usize,
    limits: Limits,
) -> Done {
    match shared.count(&divided.subproblems[index], limits) {
        Ok(outcome) => Done {
            index,
            count: outcome.found.count,
            unique: outcome.found.unique,
            stopped: outcome.stopped,
            stats: outcome.stats,
        },
        Err(_) => Done {
            index,
            stopped: Some(StopReason::Observer),
            ..Done::default()
        },
    }
}

/// What a count on this machine came to.
pub(super) struct Here {
    /// The counts and statistics (`elapsed`: this run's), with what the checkpoint had.
    pub(super) outcome: Outcome<Tally>,
    /// The subproblems of the split.
    pub(super) subproblems: usize,
    /// How many of them the checkpoint had already counted.
    pub(super) resumed: usize,
    /// The nodes of those: not searched in this run.
    pub(super) resumed_nodes: u64,
    /// What the checkpoint keeps: the subproblems finished (in this run or before it),
    /// and their solutions. The outcome also has those of the subproblems a stop cut
    /// short, which the checkpoint does not keep: a run given the file again counts
    /// them anew.
    pub(super) kept: (usize, Tally),
    /// How many subproblems the stop cut short after they had searched some nodes.
    pub(super) cut_short: usize,
}

/// Counts `shared` on `threads` threads of this machine, biggest subproblems first,
/// recording each finished subproblem in the checkpoint at `path` and skipping those it
/// already records (see the [module docs](self)). `identity` (the problem and its
/// parameters) heads the file. A stop (the flag, the time limit) or a failed write ends the
/// count: what was finished is recorded, the rest is left for a run given the file again.
/// The outcome of a stopped count has what the stopped subproblems found too, as any
/// partial count has; [`Here::kept`] says what the file keeps.
pub(super) fn count_here(
    shared: &(impl Shared + ?Sized),
    threads: usize,
    limits: (&Cancel, Option<Duration>, Option<&Meter>),
    identity: &Value,
    path: &Path,
    named: &str,
) -> Result<Here> {
    let (cancel, time, meter) = limits;
    let start = Instant::now();
    let divided = split_for_sharing(shared);
    let mut journal = Checkpoint::open(path, named, identity, &divided)?;
    let mut tally = divided.above.found;
    let mut stats = divided.above.stats;
    let mut stopped = divided.above.stopped;
    let resumed = journal.done.clone();
    for done in resumed.values() {
        add(&mut tally, &mut stats, done);
    }
    let mut kept = (resumed.len(), tally);
    let mut cut_short = 0;
    let resumed_nodes = resumed.values().map(|done| done.stats.nodes).sum();
    if let Some(meter) = meter {
        meter.add(divided.above.stats.nodes, 0);
        meter.add_earlier(resumed_nodes);
    }
    let mut order: Vec<usize> = (0..divided.subproblems.len())
        .filter(|k| !resumed.contains_key(k))
        .collect();
    order.sort_by(|&a, &b| {
        divided.weights[b]
            .total_cmp(&divided.weights[a])
            .then(a.cmp(&b))
    });
    let pool = Pool::new();
    for index in order {
        pool.push(index);
    }
    pool.close();
    // Set when the count must end early: no more subproblems are started.
    let halt = std::sync::atomic::AtomicBool::new(stopped.is_some());
    let mut written = Ok(());
    let (sender, results) = mpsc::channel::<Done>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let (pool, sender, divided, halt) = (&pool, sender.clone(), &divided, &halt);
            scope.spawn(move || {
                while let Some(index) = pool.take() {
                    if halt.load(std::sync::atomic::Ordering::Relaxed) {
                        return;
                    }
                    let mut limits = limits_for(cancel, time, start);
                    if let Some(meter) = meter {
                        limits = limits.meter(meter.clone());
                    }
                    // The split was made here: its paths replay.
                    let done = count_one(shared, divided, index, limits);
                    if sender.send(done).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        for done in results {
            add(&mut tally, &mut stats, &done);
            if done.stopped.is_some() {
                // Counted as far as it went, and not recorded. (One started after the stop
                // stops at its root, having searched nothing.)
                cut_short += usize::from(done.stats.nodes > 0);
                stopped = stopped.or(done.stopped);
                halt.store(true, std::sync::atomic::Ordering::Relaxed);
                continue;
            }
            kept.0 += 1;
            add(&mut kept.1, &mut Stats::default(), &done);
            if written.is_ok() {
                written = journal.write(&done, &divided.subproblems[done.index]);
                if written.is_err() {
                    halt.store(true, std::sync::atomic::Ordering::Relaxed);
                }
            }
        }
    });
    written?;
    journal.sync()?;
    stats.elapsed = start.elapsed();
    Ok(Here {
        outcome: Outcome {
            found: tally,
            stats,
            stopped,
        },
        subproblems: divided.subproblems.len(),
        resumed: resumed.len(),
        resumed_nodes,
        kept,
        cut_short,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every string of `len` letters over an alphabet of `letters`: a tree whose every
    /// subtree at a depth is the same size, which Knuth's estimate gets exactly.
    #[derive(Clone)]
    struct Words {
        letters: u32,
        len: usize,
        word: Vec<u32>,
    }

    impl Words {
        fn new(letters: u32, len: usize) -> Self {
            Words {
                letters,
                len,
                word: Vec::new(),
            }
        }
    }

    impl Problem for Words {
        type Op = u32;
        type Ops = std::ops::Range<u32>;
        type Solution = ();
        fn operators(&self) -> Self::Ops {
            0..self.letters
        }
        fn apply(&mut self, letter: u32) {
            self.word.push(letter);
        }
        fn undo(&mut self, _: u32) {
            self.word.pop();
        }
        fn is_complete(&self) -> bool {
            self.word.len() == self.len
        }
        fn solution(&self) {}
    }

    #[test]
    fn a_shared_split_goes_deeper_until_its_biggest_subproblem_is_small() {
        // 16 letters, 9 long: the 256 subtrees at depth 2 have (16^8 - 1) / 15 nodes
        // each, a little over the bound, those at depth 3 a sixteenth of that.
        let root = Words::new(16, 9);
        let shared = Generic {
            problem: &root,
            depth: 1,
        };
        let least = shared.split(LEAST_SUBPROBLEMS);
        assert_eq!((least.depth, least.subproblems.len()), (2, 256));
        assert!(least.biggest() > BIGGEST_SUBPROBLEM);
        let divided = split_for_sharing(&shared);
        assert_eq!((divided.depth, divided.subproblems.len()), (3, 4096));
        assert!(divided.biggest() <= BIGGEST_SUBPROBLEM);
        // The same split again, estimates included: every process and every run splits
        // alike.
        let again = split_for_sharing(&shared);
        assert_eq!(again.weights, divided.weights);
    }

    #[test]
    fn a_shared_split_stays_at_enough_subproblems_when_they_are_small() {
        // 16 letters, 8 long: the subtrees at depth 2 have (16^7 - 1) / 15 nodes.
        let root = Words::new(16, 8);
        let shared = Generic {
            problem: &root,
            depth: 1,
        };
        let divided = split_for_sharing(&shared);
        assert_eq!((divided.depth, divided.subproblems.len()), (2, 256));
    }

    #[test]
    fn a_shared_split_does_not_go_deeper_than_the_subproblems_it_can_keep() {
        // 260 letters: the 260 subtrees at depth 1 are far too big, but depth 2 has
        // 67,600 nodes, more than a split keeps.
        let root = Words::new(260, 5);
        let shared = Generic {
            problem: &root,
            depth: 1,
        };
        let divided = split_for_sharing(&shared);
        assert_eq!((divided.depth, divided.subproblems.len()), (1, 260));
        assert!(divided.biggest() > BIGGEST_SUBPROBLEM);
        const { assert!(260 * 260 > split::MOST_SUBPROBLEMS) };
    }
}
