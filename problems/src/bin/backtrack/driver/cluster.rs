//! Counting across the ranks of an MPI job (`--mpi`, the `mpi` feature): rank 0 hands out
//! subproblems from a work queue, biggest first by estimated size; every rank, rank 0
//! included, counts them with its threads; rank 0 adds up the counts and, with
//! `--checkpoint FILE`, records each finished subproblem so that a job run again skips it.
//!
//! Every rank makes the same split (it is deterministic), so a subproblem travels as its
//! index. Only the main thread of a rank calls MPI (`Threading::Funneled`); it polls for
//! messages and naps when there are none (longer and longer, up to 2 ms), so that it leaves the cores to the
//! counting threads (a blocking receive in Open MPI spins).
//!
//! Messages are vectors of `u64`. A worker rank sends `[want, last, results…]`: how many
//! more subproblems it wants, whether this is its last message, and ten numbers for each
//! subproblem it finished ([`Done`]). Rank 0 answers every message that wants some with
//! the indices it can give; an empty answer means there are no more. A worker keeps its
//! threads busy with one subproblem in hand beyond them.

use std::collections::{BTreeMap, VecDeque};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use backtrack::split::{self, Subproblem};
use backtrack::{Cancel, Limits, Outcome, Problem, Search, Stats, StopReason};
use mpi::point_to_point::MatchedReceiveVec;
use mpi::traits::{Communicator, Destination, Source};
use serde_json::{json, Value};

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
            above: Outcome {
                found: Tally {
                    count: above.found,
                    unique: None,
                },
                stats: above.stats,
                stopped: above.stopped,
            },
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
            found: Tally {
                count: outcome.found,
                unique: None,
            },
            stats,
            stopped: outcome.stopped,
        })
    }
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

/// How many subproblems to split into for each counting thread of the job.
const PER_THREAD: usize = 32;

/// How long a main thread sleeps when there is nothing to do: from the first of these,
/// doubling while nothing happens up to the second. Its counting threads have a
/// subproblem in hand beyond those they count, so a message waits a little at no cost,
/// and a rank's main thread takes next to nothing from the cores it shares with them.
const NAPS: (Duration, Duration) = (Duration::from_micros(50), Duration::from_millis(2));

/// The naps of a main thread between looks at its messages: see [`NAPS`].
struct Idle(Duration);

impl Idle {
    fn new() -> Self {
        Idle(NAPS.0)
    }

    /// After a look at the messages: a nap if nothing happened (each longer than the
    /// last), none if something did.
    fn after(&mut self, busy: bool) {
        if busy {
            self.0 = NAPS.0;
        } else {
            std::thread::sleep(self.0);
            self.0 = (self.0 * 2).min(NAPS.1);
        }
    }
}

/// What a count across ranks found, on rank 0.
pub struct Total {
    /// The counts and statistics (`elapsed`: the wall-clock time of the job).
    pub outcome: Outcome<Tally>,
    /// The ranks of the job.
    pub ranks: usize,
    /// The subproblems of the split.
    pub subproblems: usize,
    /// How many of them a checkpoint had already counted.
    pub resumed: usize,
    /// The time rank 0 took to start MPI and split the count, before any counting.
    pub setup: Duration,
}

/// One finished subproblem, as it travels: its index, counts and statistics.
#[derive(Clone, Copy, Debug, Default)]
struct Done {
    index: usize,
    count: u64,
    unique: Option<u64>,
    stopped: Option<StopReason>,
    stats: Stats,
}

impl Done {
    const WORDS: usize = 10;

    fn encode(&self, out: &mut Vec<u64>) {
        let stopped = match self.stopped {
            None => 0,
            Some(StopReason::Cancelled) => 1,
            Some(StopReason::TimeLimit) => 2,
            Some(_) => 3,
        };
        out.extend([
            self.index as u64,
            self.count,
            self.unique.unwrap_or(u64::MAX),
            stopped,
            self.stats.nodes,
            self.stats.solutions,
            self.stats.dead_ends,
            self.stats.rejections,
            self.stats.prunings,
            self.stats.max_depth as u64,
        ]);
    }

    fn decode(words: &[u64]) -> Done {
        Done {
            index: words[0] as usize,
            count: words[1],
            unique: (words[2] != u64::MAX).then_some(words[2]),
            stopped: match words[3] {
                0 => None,
                1 => Some(StopReason::Cancelled),
                2 => Some(StopReason::TimeLimit),
                _ => Some(StopReason::Observer),
            },
            stats: Stats {
                nodes: words[4],
                solutions: words[5],
                dead_ends: words[6],
                rejections: words[7],
                prunings: words[8],
                max_depth: words[9] as usize,
                elapsed: Duration::ZERO,
            },
        }
    }
}

/// The counting threads of one rank, fed subproblem indices by the main thread.
struct Pool {
    queue: Mutex<(VecDeque<usize>, bool)>,
    ready: Condvar,
}

impl Pool {
    fn new() -> Self {
        Pool {
            queue: Mutex::new((VecDeque::new(), false)),
            ready: Condvar::new(),
        }
    }

    fn push(&self, index: usize) {
        self.queue
            .lock()
            .expect("no panics while locked")
            .0
            .push_back(index);
        self.ready.notify_one();
    }

    fn close(&self) {
        self.queue.lock().expect("no panics while locked").1 = true;
        self.ready.notify_all();
    }

    /// The next index, waiting for one; `None` once closed and empty.
    fn take(&self) -> Option<usize> {
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
fn limits_for(cancel: &Cancel, time: Option<Duration>, start: Instant) -> Limits {
    let mut limits = Limits::none().cancel(cancel.clone());
    if let Some(max) = time {
        limits = limits.time(
            max.saturating_sub(start.elapsed())
                .max(Duration::from_nanos(1)),
        );
    }
    limits
}

/// Counts `shared` across the ranks of the MPI job this process is part of, `threads`
/// counting threads a rank. Returns the total on rank 0, `None` on the other ranks.
/// `identity` (the problem and its parameters) heads the checkpoint file, which only
/// rank 0 reads and writes.
pub fn count(
    shared: &impl Shared,
    threads: usize,
    cancel: &Cancel,
    time: Option<Duration>,
    identity: &Value,
    checkpoint: Option<&Path>,
) -> Result<Option<Total>> {
    let start = Instant::now();
    let (universe, _) = mpi::initialize_with_threading(mpi::Threading::Funneled)
        .context("cannot start MPI (is this run under mpirun?)")?;
    let world = universe.world();
    let ranks = world.size() as usize;
    let rank = world.rank();
    let divided = shared.split(PER_THREAD * threads * ranks);
    let setup = start.elapsed();
    let pool = Pool::new();
    let (sender, results) = mpsc::channel::<Done>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let (pool, sender, divided) = (&pool, sender.clone(), &divided);
            scope.spawn(move || {
                while let Some(index) = pool.take() {
                    let limits = limits_for(cancel, time, start);
                    let done = match shared.count(&divided.subproblems[index], limits) {
                        Ok(outcome) => Done {
                            index,
                            count: outcome.found.count,
                            unique: outcome.found.unique,
                            stopped: outcome.stopped,
                            stats: outcome.stats,
                        },
                        // Every rank splits alike: a path of the split replays.
                        Err(_) => Done {
                            index,
                            stopped: Some(StopReason::Observer),
                            ..Done::default()
                        },
                    };
                    if sender.send(done).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        let answer = if rank == 0 {
            lead(
                &world, &pool, &results, &divided, threads, identity, checkpoint, start,
            )
            .map(|total| Some(Total { setup, ..total }))
        } else {
            follow(&world, &pool, &results, threads).map(|()| None)
        };
        pool.close();
        answer
    })
}

/// Rank 0's account of the count: what is left to hand out, what came back, the
/// checkpoint.
struct Ledger<'a> {
    divided: &'a Divided,
    queue: VecDeque<usize>,
    tally: Tally,
    stats: Stats,
    stopped: Option<StopReason>,
    journal: Checkpoint,
    written: Result<()>,
}

impl Ledger<'_> {
    /// Adds a subproblem that came back, and records it in the checkpoint. A stop (a
    /// signal, the time limit) or a failed write ends the count: nothing more is handed
    /// out.
    fn record(&mut self, done: &Done) {
        if done.stopped.is_some() {
            self.stopped = self.stopped.or(done.stopped);
            self.queue.clear();
            return;
        }
        add(&mut self.tally, &mut self.stats, done);
        if self.written.is_ok() {
            self.written = self
                .journal
                .write(done, &self.divided.subproblems[done.index]);
            if self.written.is_err() {
                self.queue.clear();
            }
        }
    }
}

/// Rank 0: hands out the subproblems, biggest first, counts some itself, adds up.
#[allow(clippy::too_many_arguments)]
fn lead(
    world: &impl Communicator,
    pool: &Pool,
    results: &mpsc::Receiver<Done>,
    divided: &Divided,
    threads: usize,
    identity: &Value,
    checkpoint: Option<&Path>,
    start: Instant,
) -> Result<Total> {
    let workers = world.size() as usize - 1;
    let total = divided.subproblems.len();
    // A checkpoint that does not fit this count is refused, but the workers must still be
    // let go: they are given nothing.
    let resumed = match checkpoint {
        Some(path) => Checkpoint::open(path, identity, divided),
        None => Ok(Checkpoint::none()),
    };
    let (journal, refused) = match resumed {
        Ok(journal) => (journal, None),
        Err(err) => (Checkpoint::none(), Some(err)),
    };
    let mut ledger = Ledger {
        divided,
        queue: VecDeque::new(),
        tally: divided.above.found,
        stats: divided.above.stats,
        stopped: divided.above.stopped,
        journal,
        written: Ok(()),
    };
    let resumed = ledger.journal.done.clone();
    for done in resumed.values() {
        add(&mut ledger.tally, &mut ledger.stats, done);
    }
    if refused.is_none() {
        let mut order: Vec<usize> = (0..total).filter(|k| !resumed.contains_key(k)).collect();
        order.sort_by(|&a, &b| {
            divided.weights[b]
                .total_cmp(&divided.weights[a])
                .then(a.cmp(&b))
        });
        ledger.queue = order.into();
    }
    // Handed out (to rank 0's threads or a worker) and not back yet.
    let mut out = 0usize;
    let mut local = 0;
    let mut last_workers = 0;
    let mut idle = Idle::new();
    while !(ledger.queue.is_empty() && out == 0 && last_workers == workers) {
        let mut busy = false;
        while local <= threads {
            let Some(index) = ledger.queue.pop_front() else {
                break;
            };
            pool.push(index);
            local += 1;
            out += 1;
        }
        while let Ok(done) = results.try_recv() {
            busy = true;
            local -= 1;
            out -= 1;
            ledger.record(&done);
        }
        while let Some(probed) = world.any_process().immediate_matched_probe() {
            busy = true;
            let (words, status) = probed.matched_receive_vec::<u64>();
            let (want, last) = (words[0] as usize, words[1] != 0);
            for chunk in words[2..].chunks_exact(Done::WORDS) {
                out -= 1;
                ledger.record(&Done::decode(chunk));
            }
            if last {
                last_workers += 1;
            }
            if want > 0 {
                let given: Vec<u64> = (0..want)
                    .map_while(|_| ledger.queue.pop_front())
                    .map(|k| k as u64)
                    .collect();
                out += given.len();
                world.process_at_rank(status.source_rank()).send(&given[..]);
            }
        }
        idle.after(busy);
    }
    if let Some(err) = refused {
        return Err(err);
    }
    ledger.written?;
    ledger.stats.elapsed = start.elapsed();
    Ok(Total {
        outcome: Outcome {
            found: ledger.tally,
            stats: ledger.stats,
            stopped: ledger.stopped,
        },
        ranks: workers + 1,
        subproblems: total,
        resumed: resumed.len(),
        setup: Duration::ZERO,
    })
}

/// Adds a finished subproblem to the total.
fn add(tally: &mut Tally, stats: &mut Stats, done: &Done) {
    tally.count += done.count;
    tally.unique = tally.unique.zip(done.unique).map(|(a, b)| a + b);
    let mut part = done.stats;
    part.elapsed = Duration::ZERO;
    stats.merge(&part);
}

/// A worker rank: asks for subproblems, counts them, sends back the counts.
fn follow(
    world: &impl Communicator,
    pool: &Pool,
    results: &mpsc::Receiver<Done>,
    threads: usize,
) -> Result<()> {
    let lead = world.process_at_rank(0);
    let hand = threads + 1;
    let mut in_flight = 0;
    let mut waiting = false;
    let mut exhausted = false;
    let mut idle = Idle::new();
    loop {
        let mut busy = false;
        if waiting {
            if let Some(probed) = lead.immediate_matched_probe() {
                let (given, _) = probed.matched_receive_vec::<u64>();
                waiting = false;
                busy = true;
                if given.is_empty() {
                    exhausted = true;
                }
                for index in given {
                    pool.push(index as usize);
                    in_flight += 1;
                }
            }
        }
        let mut words = vec![0, 0];
        while let Ok(done) = results.try_recv() {
            in_flight -= 1;
            done.encode(&mut words);
        }
        let want = if waiting || exhausted {
            0
        } else {
            hand - in_flight
        };
        let last = exhausted && in_flight == 0;
        if words.len() > 2 || want > 0 || last {
            busy = true;
            words[0] = want as u64;
            words[1] = u64::from(last);
            lead.send(&words[..]);
            if want > 0 {
                waiting = true;
            }
            if last {
                return Ok(());
            }
        }
        idle.after(busy);
    }
}

/// The checkpoint file: a header line naming the count and its split, then one line per
/// finished subproblem, flushed as it is written.
struct Checkpoint {
    file: Option<File>,
    path: PathBuf,
    done: BTreeMap<usize, Done>,
    last_sync: Instant,
}

impl Checkpoint {
    fn none() -> Self {
        Checkpoint {
            file: None,
            path: PathBuf::new(),
            done: BTreeMap::new(),
            last_sync: Instant::now(),
        }
    }

    /// Opens the checkpoint at `path`: reads what an earlier run of the same count
    /// finished (a last line cut short by a crash is dropped), or starts the file.
    fn open(path: &Path, identity: &Value, divided: &Divided) -> Result<Self> {
        let shown = path.display();
        let header = json!({
            "checkpoint": "backtrack count",
            "version": env!("CARGO_PKG_VERSION"),
            "count": identity,
            "split": { "depth": divided.depth, "subproblems": divided.subproblems.len() },
        });
        let mut done = BTreeMap::new();
        let cannot_write = || format!("--checkpoint {shown}: cannot write");
        let text = match std::fs::read(path) {
            Ok(bytes) => String::from_utf8(bytes).map_err(|_| {
                anyhow::anyhow!(
                    "--checkpoint {shown} is not a checkpoint of backtrack: it is not text"
                )
            })?,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(err) => {
                return Err(err).with_context(|| format!("--checkpoint {shown}: cannot read"))
            }
        };
        // The bytes of whole lines: a last line with no end was cut short by the crash the
        // file is kept for, and is dropped.
        let mut kept = 0;
        for (k, line) in text.split_inclusive('\n').enumerate() {
            let Some(line) = line.strip_suffix('\n') else {
                break;
            };
            if k == 0 {
                check_header(line, &header, &shown.to_string())?;
            } else {
                let entry: Entry = serde_json::from_str(line).map_err(|err| {
                    anyhow::anyhow!("--checkpoint {shown}, line {}: {err}", k + 1)
                })?;
                if divided.subproblems.get(entry.index) != Some(&entry.sub) {
                    bail!(
                        "--checkpoint {shown}, line {}: subproblem {} is not this count's",
                        k + 1,
                        entry.index
                    );
                }
                let stats = Stats {
                    nodes: entry.nodes,
                    ..Stats::default()
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
            kept += line.len() + 1;
        }
        if kept == 0 && !text.is_empty() {
            // Never cut a file that was not ours.
            bail!("--checkpoint {shown} is not a checkpoint of backtrack: its first line is not its header");
        }
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .with_context(cannot_write)?;
        file.set_len(kept as u64).with_context(cannot_write)?;
        if kept == 0 {
            writeln!(file, "{header}").with_context(cannot_write)?;
        }
        Ok(Checkpoint {
            file: Some(file),
            path: path.to_path_buf(),
            done,
            last_sync: Instant::now(),
        })
    }

    /// Records a finished subproblem (nothing without a file): one line, written at once,
    /// and synced to the disk every second or so.
    fn write(&mut self, done: &Done, sub: &Subproblem) -> Result<()> {
        let Some(file) = &mut self.file else {
            return Ok(());
        };
        let entry = Entry {
            index: done.index,
            sub: sub.clone(),
            count: done.count,
            unique: done.unique,
            nodes: done.stats.nodes,
        };
        let line = serde_json::to_string(&entry).context("cannot make a checkpoint line")?;
        let shown = self.path.display();
        writeln!(file, "{line}").with_context(|| format!("--checkpoint {shown}: cannot write"))?;
        if self.last_sync.elapsed() > Duration::from_secs(1) {
            file.sync_data()
                .with_context(|| format!("--checkpoint {shown}: cannot write"))?;
            self.last_sync = Instant::now();
        }
        Ok(())
    }
}

/// Refuses a checkpoint whose first line, `line`, is not `header`, saying what differs.
fn check_header(line: &str, header: &Value, shown: &str) -> Result<()> {
    let found: Value = serde_json::from_str(line).map_err(|_| {
        anyhow::anyhow!(
            "--checkpoint {shown} is not a checkpoint of backtrack: its first line is not its header"
        )
    })?;
    if found.get("checkpoint") != header.get("checkpoint") {
        bail!("--checkpoint {shown} is not a checkpoint of backtrack: its first line is not its header");
    }
    if &found != header {
        let why = if found.get("version") != header.get("version") {
            format!("it was written by backtrack {}", found["version"])
        } else if found["count"]["problem"] != header["count"]["problem"] {
            let name = |value: &Value| {
                value["count"]["problem"]
                    .as_str()
                    .unwrap_or("?")
                    .to_string()
            };
            format!("it counts {}, not {}", name(&found), name(header))
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
        bail!("--checkpoint {shown} records another count: {why}");
    }
    Ok(())
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
}
