//! A count shared out subproblem by subproblem: the split every process makes alike
//! ([`split_for_sharing`]), counted by the threads of one machine biggest first and
//! journaled one subproblem at a time ([`count_here`]), or handed out by a work queue to
//! the ranks of a cluster (the same [`Divided`], [`Pool`] and [`count_one`]).
//!
//! The split depends on the count alone, not on the threads or ranks that count it, so a
//! checkpoint goes on with any number of them; and it is deterministic (the estimates
//! are seeded), so a subproblem travels, and is journaled, as its index.

use std::collections::{BTreeMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Condvar, Mutex};
use std::time::{Duration, Instant};

use super::{tallied, CheckpointError, Done, Journal, Shape, Tally};
use crate::progress::Meter;
use crate::split::{self, ReplayError, Subproblem};
use crate::{Cancel, Limits, Outcome, Problem, Search, Stats, StopReason};

/// A count that can be shared out subproblem by subproblem: any problem's through the
/// engine ([`Generic`]), or a problem's own faster count of the same tree.
pub trait Shared: Sync {
    /// Splits the tree into at least `at_least` subproblems (if it has that many nodes at
    /// some depth), the same way in every process.
    fn split(&self, at_least: usize) -> Divided;

    /// Counts the subproblem `sub` on this thread, under `limits`; its statistics leave
    /// out its root, which the part above the split counts. An error: the path does not
    /// lead anywhere from this root (it is another count's).
    fn count(&self, sub: &Subproblem, limits: Limits) -> Result<Outcome<Tally>, ReplayError>;
}

/// Any problem's count, through the engine: split by [`split::split_at_least`], each
/// subproblem weighed by [`split::estimate_sizes`], replayed on a clone of the root and
/// counted by one search.
#[derive(Clone, Copy, Debug)]
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
        Divided {
            depth: tree.depth,
            weights,
            above: tallied(&tree.above),
            subproblems: tree.subproblems,
        }
    }

    fn count(&self, sub: &Subproblem, limits: Limits) -> Result<Outcome<Tally>, ReplayError> {
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

/// A tree split for sharing: see [`Shared::split`].
#[derive(Clone, Debug)]
pub struct Divided {
    /// The depth of the split.
    pub depth: usize,
    /// The subproblems, in search order.
    pub subproblems: Vec<Subproblem>,
    /// The estimated size of each, in nodes.
    pub weights: Vec<f64>,
    /// The counts and statistics of the part above the split.
    pub above: Outcome<Tally>,
}

impl Divided {
    /// The estimated size of the biggest subproblem, in nodes.
    pub fn biggest(&self) -> f64 {
        self.weights.iter().copied().fold(0.0, f64::max)
    }

    /// The split's depth and number of subproblems, as a checkpoint's header names them.
    pub fn shape(&self) -> Shape {
        Shape {
            depth: self.depth,
            subproblems: self.subproblems.len(),
        }
    }

    /// The indices of the subproblems not in `finished`, biggest first by estimated size
    /// (in index order among equals): the order that leaves the small ones to balance the
    /// threads at the end.
    pub fn biggest_first(&self, finished: &BTreeMap<usize, Done>) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.subproblems.len())
            .filter(|k| !finished.contains_key(k))
            .collect();
        order.sort_by(|&a, &b| self.weights[b].total_cmp(&self.weights[a]).then(a.cmp(&b)));
        order
    }
}

/// The least subproblems a shared count is split into.
pub const LEAST_SUBPROBLEMS: usize = 256;

/// The most nodes a subproblem is estimated to have before the split goes a level deeper:
/// a couple of seconds of one thread's counting. A stop costs the subproblems in progress,
/// counted again from their start by the next run: at most about this much work a thread.
pub const BIGGEST_SUBPROBLEM: f64 = (1u64 << 28) as f64;

/// Splits `shared` for counting subproblem by subproblem: at least [`LEAST_SUBPROBLEMS`]
/// of them, and a level deeper while the biggest is estimated at more than
/// [`BIGGEST_SUBPROBLEM`] nodes and the deeper level has at most
/// [`split::MOST_SUBPROBLEMS`] (the split keeps each in memory, and a checkpoint has a
/// line for each one finished).
///
/// Small subproblems balance the threads too: the last one finished comes at most one
/// subproblem after the others.
pub fn split_for_sharing(shared: &(impl Shared + ?Sized)) -> Divided {
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

/// Counts subproblem `index` of `divided` under `limits`. A path that does not replay
/// (which a split made by the same program never gives) is a subproblem stopped for good.
pub fn count_one(
    shared: &(impl Shared + ?Sized),
    divided: &Divided,
    index: usize,
    limits: Limits,
) -> Done {
    match shared.count(&divided.subproblems[index], limits) {
        Ok(outcome) => Done {
            index,
            found: outcome.found,
            stats: outcome.stats,
            stopped: outcome.stopped,
        },
        Err(_) => Done {
            index,
            stopped: Some(StopReason::Observer),
            ..Done::default()
        },
    }
}

/// The queue of subproblem indices that feeds the counting threads of one process.
#[derive(Debug, Default)]
pub struct Pool {
    /// The indices waiting, and whether more may come.
    queue: Mutex<(VecDeque<usize>, bool)>,
    ready: Condvar,
}

impl Pool {
    /// An empty queue, open.
    pub fn new() -> Self {
        Pool::default()
    }

    /// Queues `index`.
    pub fn push(&self, index: usize) {
        self.queue
            .lock()
            .expect("no panics while locked")
            .0
            .push_back(index);
        self.ready.notify_one();
    }

    /// Says no more will come: [`take`](Pool::take) returns `None` once the queue is empty.
    pub fn close(&self) {
        self.queue.lock().expect("no panics while locked").1 = true;
        self.ready.notify_all();
    }

    /// The next index, waiting for one; `None` once closed and empty.
    pub fn take(&self) -> Option<usize> {
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

/// What bounds a shared count: the stop flag, a time limit from `start`, and the meter
/// that shows its progress.
#[derive(Clone, Debug)]
pub struct Budget {
    /// The stop flag.
    pub cancel: Cancel,
    /// The time limit, from `start`.
    pub time: Option<Duration>,
    /// Where the count publishes its progress.
    pub meter: Option<Meter>,
    /// When the count started (before its split).
    pub start: Instant,
}

impl Budget {
    /// The budget of a count starting now, stopped by `cancel` or after `time`.
    pub fn new(cancel: Cancel, time: Option<Duration>) -> Budget {
        Budget {
            cancel,
            time,
            meter: None,
            start: Instant::now(),
        }
    }

    /// Publishes the count's progress to `meter`.
    #[must_use]
    pub fn meter(mut self, meter: Meter) -> Budget {
        self.meter = Some(meter);
        self
    }

    /// The limits of a subproblem started now: the stop flag, what is left of the time
    /// limit, the meter.
    pub fn limits(&self) -> Limits {
        let mut limits = Limits::none().cancel(self.cancel.clone());
        if let Some(max) = self.time {
            limits = limits.time(
                max.saturating_sub(self.start.elapsed())
                    .max(Duration::from_nanos(1)),
            );
        }
        if let Some(meter) = &self.meter {
            limits = limits.meter(meter.clone());
        }
        limits
    }
}

/// What the subproblems finished add up to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Kept {
    /// How many.
    pub subproblems: usize,
    /// Their counts, with those of the part above the split.
    pub found: Tally,
}

/// What a count on this machine came to ([`count_here`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Here {
    /// The counts and statistics (`elapsed`: this run's, from [`Budget::start`]), with
    /// what the journal had.
    pub outcome: Outcome<Tally>,
    /// The subproblems of the split.
    pub subproblems: usize,
    /// How many of them the journal had already counted.
    pub resumed: usize,
    /// The nodes of those: not searched in this run.
    pub resumed_nodes: u64,
    /// What the journal keeps: the subproblems finished (in this run or before it), and
    /// their solutions. The outcome also has those of the subproblems a stop cut short,
    /// which the journal does not keep: a run given the file again counts them anew.
    pub kept: Kept,
    /// How many subproblems the stop cut short after they had searched some nodes.
    pub cut_short: usize,
}

/// Counts the subproblems of `divided` (split by [`split_for_sharing`] from `shared`)
/// that `journal` has not finished, on `threads` threads, biggest first, appending each
/// one finished to `journal`. A stop (`budget`'s flag or time limit) or a failed write
/// ends the count: no more subproblems are started, what was finished is journaled, the
/// rest is left for a run given the journal again. The outcome of a stopped count has
/// what the stopped subproblems found too, as any partial count has; [`Here::kept`] says
/// what the journal keeps.
pub fn count_here(
    shared: &(impl Shared + ?Sized),
    divided: &Divided,
    threads: usize,
    budget: &Budget,
    journal: &mut Journal,
) -> Result<Here, CheckpointError> {
    let resumed = journal.finished().clone();
    let mut account = Account::resumed(divided, &resumed, journal)?;
    let resumed_nodes = resumed.values().map(|done| done.stats.nodes).sum();
    if let Some(meter) = &budget.meter {
        meter.add(divided.above.stats.nodes, 0);
        meter.add_earlier(resumed_nodes);
    }
    let pool = Pool::new();
    for index in divided.biggest_first(&resumed) {
        pool.push(index);
    }
    pool.close();
    // Set when the count must end early: no more subproblems are started.
    let halt = AtomicBool::new(account.stopped.is_some());
    count_pooled(shared, divided, &pool, threads, budget, &halt, |done| {
        if account.record(&done, journal, divided) {
            halt.store(true, Ordering::Relaxed);
        }
    });
    account.written?;
    journal.sync()?;
    if let Some(field) = account.too_large {
        return Err(journal.too_large(field));
    }
    account.stats.elapsed = budget.start.elapsed();
    Ok(Here {
        outcome: Outcome {
            found: account.tally,
            stats: account.stats,
            stopped: account.stopped,
        },
        subproblems: divided.subproblems.len(),
        resumed: resumed.len(),
        resumed_nodes,
        kept: account.kept,
        cut_short: account.cut_short,
    })
}

/// What a count on this machine adds up as its subproblems come back ([`count_here`]).
struct Account {
    tally: Tally,
    stats: Stats,
    stopped: Option<StopReason>,
    /// What the journal keeps.
    kept: Kept,
    /// The subproblems a stop cut short after they had searched some nodes.
    cut_short: usize,
    /// The last append to the journal, failed if one did (the journal takes no more).
    written: Result<(), CheckpointError>,
    /// A figure of the file's that this run's counts take past `u64::MAX`.
    too_large: Option<&'static str>,
}

impl Account {
    /// The account of a count split as `divided`, with the subproblems `journal` had
    /// already finished (`resumed`) added in: refused if their sums pass `u64::MAX`.
    fn resumed(
        divided: &Divided,
        resumed: &BTreeMap<usize, Done>,
        journal: &Journal,
    ) -> Result<Account, CheckpointError> {
        let mut tally = divided.above.found;
        let mut stats = divided.above.stats;
        for done in resumed.values() {
            done.checked_add_to(&mut tally, &mut stats)
                .map_err(|field| journal.too_large(field))?;
        }
        Ok(Account {
            tally,
            stats,
            stopped: divided.above.stopped,
            kept: Kept {
                subproblems: resumed.len(),
                found: tally,
            },
            cut_short: 0,
            written: Ok(()),
            too_large: None,
        })
    }

    /// Adds a subproblem that came back, and appends it to `journal` (of a count split
    /// as `divided`) if it finished. Returns whether the count must end: a sum past
    /// `u64::MAX` (nothing more is added), a stop that cut it short (it is added, not
    /// journaled), or a failed write.
    fn record(&mut self, done: &Done, journal: &mut Journal, divided: &Divided) -> bool {
        if self.too_large.is_some() {
            return false;
        }
        if let Err(field) = done.checked_add_to(&mut self.tally, &mut self.stats) {
            self.too_large = Some(field);
            return true;
        }
        if done.stopped.is_some() {
            // Counted as far as it went, and not journaled. (One started after the stop
            // stops at its root, having searched nothing.)
            self.cut_short += usize::from(done.stats.nodes > 0);
            self.stopped = self.stopped.or(done.stopped);
            return true;
        }
        self.kept.subproblems += 1;
        self.kept.found.add(done.found);
        if self.written.is_ok() {
            self.written = journal.append(done, &divided.subproblems[done.index]);
            return self.written.is_err();
        }
        false
    }
}

/// Counts the subproblems of `divided` that `pool` hands out on `threads` threads (one
/// at least), each under `budget`'s limits, none started once `halt` is set; gives each
/// one counted to `record`, on this thread, as it comes back.
fn count_pooled(
    shared: &(impl Shared + ?Sized),
    divided: &Divided,
    pool: &Pool,
    threads: usize,
    budget: &Budget,
    halt: &AtomicBool,
    mut record: impl FnMut(Done),
) {
    let (sender, results) = mpsc::channel::<Done>();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            let sender = sender.clone();
            scope.spawn(move || {
                while let Some(index) = pool.take() {
                    if halt.load(Ordering::Relaxed) {
                        return;
                    }
                    // The split was made here: its paths replay.
                    let done = count_one(shared, divided, index, budget.limits());
                    if sender.send(done).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        for done in results {
            record(done);
        }
    });
}
