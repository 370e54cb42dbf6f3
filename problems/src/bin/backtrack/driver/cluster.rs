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
//! Messages are vectors of `u64`. A worker rank sends a [`Report`]: how many more
//! subproblems it wants, whether this is its last message, and the subproblems it finished
//! ([`Done`]). Rank 0 answers every message that wants some with the indices it can give;
//! an empty answer means there are no more. A worker keeps its threads busy with
//! [`AHEAD`] subproblems in hand beyond them.

use std::collections::{BTreeMap, VecDeque};
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use anyhow::{Context, Result};
use backtrack::durable::{
    count_one, split_for_sharing, Budget, Divided, Done, Header, Identity, Journal, Pool, Report,
    Shared, Tally,
};
use backtrack::{Outcome, Stats, StopReason};
use mpi::point_to_point::MatchedReceiveVec;
use mpi::traits::{Communicator, Destination, Source};

use super::output::checkpoint_error;
use super::VERSION;

/// Asks Open MPI for its `ob1` messaging layer unless the environment already chooses one
/// (`OMPI_MCA_pml`): the messages of a count are few and small, and with Debian's Open MPI
/// the default choice spends a noticeable part of every rank's start probing UCX before it
/// settles on `ob1` anyway. Called first thing in `main`, before any thread is started, because it sets
/// an environment variable that `MPI_Init` reads.
pub fn prefer_quick_start() {
    if std::env::var_os("OMPI_MCA_pml").is_none() {
        std::env::set_var("OMPI_MCA_pml", "ob1");
    }
}

/// How many subproblems a rank keeps in hand beyond those its threads count: enough to
/// last while a request goes to rank 0 and its answer comes back (a main thread looks at
/// its messages up to [`NAPS`]`.1` apart, so a round trip may take three of those). With
/// one in hand, a rank whose subproblems are short waits for work a good part of the
/// time; eight kept two ranks busy.
const AHEAD: usize = 8;

/// How long a main thread sleeps when there is nothing to do: from the first of these,
/// doubling while nothing happens up to the second. Its counting threads have
/// subproblems in hand beyond those they count, so a message waits a little at no cost,
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
    /// The nodes of those: not searched in this run.
    pub resumed_nodes: u64,
    /// The time rank 0 took to start MPI and split the count, before any counting.
    pub setup: Duration,
}

/// Counts `shared` across the ranks of the MPI job this process is part of, `threads`
/// counting threads a rank, within `budget`. Returns the total on rank 0, `None` on the
/// other ranks. `identity` (the problem and its parameters) heads the checkpoint file, if
/// any (its path, and how errors name it), which only rank 0 reads and writes.
pub(super) fn count(
    shared: &(impl Shared + ?Sized),
    threads: usize,
    budget: &Budget,
    identity: Identity,
    checkpoint: Option<(&Path, &str)>,
) -> Result<Option<Total>> {
    let (universe, _) = mpi::initialize_with_threading(mpi::Threading::Funneled)
        .context("cannot start MPI (is this run under mpirun?)")?;
    let world = universe.world();
    let rank = world.rank();
    let divided = split_for_sharing(shared);
    let setup = budget.start.elapsed();
    let pool = Pool::new();
    let (sender, results) = mpsc::channel::<Done>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let (pool, sender, divided) = (&pool, sender.clone(), &divided);
            scope.spawn(move || {
                while let Some(index) = pool.take() {
                    // Every rank splits alike: a path of the split replays.
                    let done = count_one(shared, divided, index, budget.limits());
                    if sender.send(done).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        let answer = if rank == 0 {
            // A checkpoint that does not fit this count is refused, but the workers must
            // still be let go: they are given nothing.
            let journal = checkpoint.map(|(path, named)| {
                let header = Header::count(identity, divided.shape(), VERSION);
                Journal::open(path, named, &header, &divided.subproblems)
            });
            lead(&world, &pool, &results, &divided, threads, journal, budget)
                .map(|total| Some(Total { setup, ..total }))
        } else {
            follow(&world, &pool, &results, threads).map(|()| None)
        };
        pool.close();
        answer
    })
}

/// Rank 0's account of the count: what is left to hand out, what is out, what came back,
/// the checkpoint.
struct Ledger<'a> {
    divided: &'a Divided,
    queue: VecDeque<usize>,
    /// Handed out (to rank 0's threads or a worker) and not back yet.
    out: usize,
    /// Of those, handed to rank 0's own threads.
    local: usize,
    /// The workers that sent their last message.
    last_workers: usize,
    tally: Tally,
    stats: Stats,
    stopped: Option<StopReason>,
    journal: Option<Journal>,
    written: Result<()>,
}

impl<'a> Ledger<'a> {
    /// The account of a count split as `divided`, going on from `journal`, with the
    /// subproblems it had already finished (`resumed`) added in; nothing queued yet.
    fn new(
        divided: &'a Divided,
        journal: Option<Journal>,
        resumed: &BTreeMap<usize, Done>,
    ) -> Self {
        let mut ledger = Ledger {
            divided,
            queue: VecDeque::new(),
            out: 0,
            local: 0,
            last_workers: 0,
            tally: divided.above.found,
            stats: divided.above.stats,
            stopped: divided.above.stopped,
            journal,
            written: Ok(()),
        };
        for done in resumed.values() {
            ledger.add(done);
        }
        ledger
    }

    /// Queues the subproblems not `resumed`, biggest first, unless a sum of those was
    /// refused.
    fn queue_unfinished(&mut self, resumed: &BTreeMap<usize, Done>) {
        if self.written.is_ok() {
            self.queue = self.divided.biggest_first(resumed).into();
        }
    }

    /// Is the count over: nothing left to hand out, nothing out, and every one of the
    /// `workers` has sent its last message?
    fn over(&self, workers: usize) -> bool {
        self.queue.is_empty() && self.out == 0 && self.last_workers == workers
    }

    /// Adds what `done` found to the total, unless a sum would pass `u64::MAX`: then the
    /// checkpoint is refused (only a file changed by hand holds such counts), the count
    /// ends as after a failed write, and false.
    fn add(&mut self, done: &Done) -> bool {
        if self.written.is_err() {
            return false;
        }
        let Err(field) = done.checked_add_to(&mut self.tally, &mut self.stats) else {
            return true;
        };
        self.written = Err(match &self.journal {
            Some(journal) => checkpoint_error(journal.too_large(field)),
            None => anyhow::anyhow!(
                "the total \"{field}\" of the count passes {} (2^64 - 1)",
                u64::MAX
            ),
        });
        self.queue.clear();
        false
    }

    /// Adds a subproblem that came back, and records it in the checkpoint. A stop (a
    /// signal, the time limit) or a failed write ends the count: nothing more is handed
    /// out. A subproblem a stop cut short adds what it found (the count is partial) and is
    /// not recorded.
    fn record(&mut self, done: &Done) {
        self.out -= 1;
        if !self.add(done) {
            return;
        }
        if done.stopped.is_some() {
            self.stopped = self.stopped.or(done.stopped);
            self.queue.clear();
            return;
        }
        if let (Some(journal), Ok(())) = (&mut self.journal, &self.written) {
            self.written = journal
                .append(done, &self.divided.subproblems[done.index])
                .map_err(checkpoint_error);
            if self.written.is_err() {
                self.queue.clear();
            }
        }
    }

    /// Hands subproblems to rank 0's own threads until they have `hand` in hand.
    fn fill(&mut self, pool: &Pool, hand: usize) {
        while self.local < hand {
            let Some(index) = self.queue.pop_front() else {
                break;
            };
            pool.push(index);
            self.local += 1;
            self.out += 1;
        }
    }

    /// Records what rank 0's own threads finished; whether they finished any.
    fn collect(&mut self, results: &mpsc::Receiver<Done>) -> bool {
        let mut busy = false;
        while let Ok(done) = results.try_recv() {
            busy = true;
            self.local -= 1;
            self.record(&done);
        }
        busy
    }

    /// Reads the workers' messages: records what they finished, and answers each that
    /// wants subproblems with those it can give (none: there are no more). Whether any
    /// message came.
    fn serve(&mut self, world: &impl Communicator) -> Result<bool> {
        let mut busy = false;
        while let Some(probed) = world.any_process().immediate_matched_probe() {
            busy = true;
            let (words, status) = probed.matched_receive_vec::<u64>();
            let report = Report::decode(&words).context("a message of another program")?;
            for done in &report.done {
                self.record(done);
            }
            if report.last {
                self.last_workers += 1;
            }
            if report.want > 0 {
                let given: Vec<u64> = (0..report.want)
                    .map_while(|_| self.queue.pop_front())
                    .map(|k| k as u64)
                    .collect();
                self.out += given.len();
                world.process_at_rank(status.source_rank()).send(&given[..]);
            }
        }
        Ok(busy)
    }
}

/// Rank 0: hands out the subproblems, biggest first, counts some itself, adds up.
fn lead(
    world: &impl Communicator,
    pool: &Pool,
    results: &mpsc::Receiver<Done>,
    divided: &Divided,
    threads: usize,
    journal: Option<Result<Journal, backtrack::durable::CheckpointError>>,
    budget: &Budget,
) -> Result<Total> {
    let workers = world.size() as usize - 1;
    // A checkpoint refused hands out nothing, but lets the workers go.
    let (journal, refused) = match journal {
        Some(Ok(journal)) => (Some(journal), None),
        Some(Err(err)) => (None, Some(checkpoint_error(err))),
        None => (None, None),
    };
    let resumed = journal
        .as_ref()
        .map(|journal| journal.finished().clone())
        .unwrap_or_default();
    let mut ledger = Ledger::new(divided, journal, &resumed);
    if refused.is_none() {
        ledger.queue_unfinished(&resumed);
    }
    let mut idle = Idle::new();
    while !ledger.over(workers) {
        ledger.fill(pool, threads + AHEAD);
        let mut busy = ledger.collect(results);
        busy |= ledger.serve(world)?;
        idle.after(busy);
    }
    if let Some(err) = refused {
        return Err(err);
    }
    ledger.written?;
    if let Some(journal) = &mut ledger.journal {
        journal.sync().map_err(checkpoint_error)?;
    }
    ledger.stats.elapsed = budget.start.elapsed();
    Ok(Total {
        outcome: Outcome {
            found: ledger.tally,
            stats: ledger.stats,
            stopped: ledger.stopped,
        },
        ranks: workers + 1,
        subproblems: divided.subproblems.len(),
        resumed: resumed.len(),
        resumed_nodes: resumed.values().map(|done| done.stats.nodes).sum(),
        setup: Duration::ZERO,
    })
}

/// A worker rank: asks for subproblems, counts them, sends back the counts.
fn follow(
    world: &impl Communicator,
    pool: &Pool,
    results: &mpsc::Receiver<Done>,
    threads: usize,
) -> Result<()> {
    let lead = world.process_at_rank(0);
    let hand = threads + AHEAD;
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
        let done: Vec<Done> = results.try_iter().collect();
        in_flight -= done.len();
        let want = if waiting || exhausted {
            0
        } else {
            hand - in_flight
        };
        let last = exhausted && in_flight == 0;
        if !done.is_empty() || want > 0 || last {
            busy = true;
            lead.send(&Report { want, last, done }.encode()[..]);
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
