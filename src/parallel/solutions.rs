//! Every solution in search order, the subtrees searched ahead on worker threads, in
//! bounded memory.

use std::collections::VecDeque;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

use super::chute::{chute, Reader, Writer};
use super::ordered::{self, Piece};
use crate::{Cancel, ParallelLimits, Problem, Search, Stats, StopReason};

/// How many subtrees each worker thread may have in flight, searched or done and not yet
/// listed: enough that a worker finds another subtree to search while the listing reads
/// an earlier one.
pub const WINDOW_PER_THREAD: usize = 4;

/// How many solutions of one subtree wait to be listed, at most: a worker that has found
/// as many waits for the listing to take them.
pub const BUFFER: usize = 256;

/// Every solution of `problem` in search order, the subtrees below `split_depth` searched
/// ahead on `threads` worker threads: the same solutions, in the same order, as iterating
/// a [`Search`].
///
/// The tree is split at `split_depth` (on the calling thread, before this returns) into
/// its pieces in search order: the solutions shallower than the split and the subtrees
/// rooted there. The subtrees are handed to the workers in order, at most
/// `threads ×` [`WINDOW_PER_THREAD`] at a time that are not yet listed; each worker sends
/// the solutions of its subtree down a queue of [`BUFFER`] solutions, and waits when it
/// is full; the listing takes them in batches. The iterator lists the pieces in order: a solution above the split as it is,
/// a subtree by reading its channel to the end. Memory is bounded by the window and the
/// buffers (and the pieces of the split), not by the number of solutions.
///
/// Dropping the iterator, or [`Solutions::stop`], stops the workers (those searching
/// within a millisecond or so) and joins them.
///
/// # Arguments
///
/// - `problem`: the root, moved to the workers, which search clones of it.
/// - `split_depth`: where to split (see [`count`](super::count)).
/// - `limits`: a time limit and a cancellation flag for the whole listing, and a meter.
///   A limit that stops the listing stops it after the solutions in order before it: the
///   iterator ends there, and [`Solutions::stopped`] says why.
/// - `threads`: how many worker threads (at least one), besides the caller's.
///
/// # Examples
///
/// ```
/// use backtrack::{parallel, ParallelLimits, Problem, Search};
///
/// /// Permutations of 0..6.
/// #[derive(Clone)]
/// struct Permutations { placed: Vec<u8> }
///
/// impl Problem for Permutations {
///     type Op = u8;
///     type Ops = std::ops::Range<u8>;
///     type Solution = Vec<u8>;
///     fn operators(&self) -> Self::Ops { 0..6 }
///     fn admissible(&self, v: u8) -> bool { !self.placed.contains(&v) }
///     fn apply(&mut self, v: u8) { self.placed.push(v) }
///     fn undo(&mut self, _: u8) { self.placed.pop(); }
///     fn is_complete(&self) -> bool { self.placed.len() == 6 }
///     fn solution(&self) -> Vec<u8> { self.placed.clone() }
/// }
///
/// let root = Permutations { placed: vec![] };
/// let mut listing = parallel::solutions(root.clone(), 2, &ParallelLimits::none(), 2);
/// let all: Vec<Vec<u8>> = listing.by_ref().collect();
/// let mut serial = Search::new(root.clone());
/// assert!(all.into_iter().eq(serial.by_ref()));
/// assert_eq!(serial.stats().solutions, 720);
/// // Exhausted, the listing's statistics are the serial search's (its time aside).
/// assert_eq!(listing.stats().nodes, serial.stats().nodes);
/// assert_eq!(listing.stopped(), None);
///
/// // The first three, and the workers stopped as the listing is dropped.
/// let first: Vec<_> = parallel::solutions(root, 2, &ParallelLimits::none(), 2).take(3).collect();
/// assert_eq!(first[2], [0, 1, 2, 4, 3, 5]);
/// ```
pub fn solutions<P>(
    problem: P,
    split_depth: usize,
    limits: &ParallelLimits,
    threads: usize,
) -> Solutions<P>
where
    P: Problem + Clone + Send + Sync + 'static,
    P::Op: Send + Sync + 'static,
    P::Solution: Send + 'static,
{
    let start = Instant::now();
    let (split, pieces) = ordered::split(&problem, split_depth, limits.clone().into(), P::solution);
    let threads = threads.max(1);
    let mut listing = Solutions {
        pieces: pieces.into(),
        paths: split.ops.into_iter(),
        running: VecDeque::new(),
        batch: VecDeque::new(),
        window: threads.saturating_mul(WINDOW_PER_THREAD),
        jobs: None,
        workers: Vec::new(),
        flag: ordered::whole_flag(limits),
        searched: Arc::new(Mutex::new(split.above.stats)),
        stopped: split.above.stopped,
        start,
        meter: limits.meter.clone(),
    };
    if listing.stopped.is_some() {
        // The split stopped: only a prefix of the pieces is known, and no subtree is
        // searched. The solutions before the first subtree are what the serial search
        // would have listed before the stop.
        let known = listing
            .pieces
            .iter()
            .take_while(|piece| matches!(piece, Piece::Solution(_)))
            .count();
        listing.pieces.truncate(known);
        return listing;
    }
    if let Some(meter) = &limits.meter {
        meter.add_parts(listing.paths.len() as u64);
    }
    let (jobs, queue) = mpsc::channel::<Job<P>>();
    let queue = Arc::new(Mutex::new(queue));
    let problem = Arc::new(problem);
    let threads = threads.min(listing.paths.len());
    for _ in 0..threads {
        let queue = Arc::clone(&queue);
        let problem = Arc::clone(&problem);
        let limits = limits.clone();
        let flag = listing.flag.clone();
        let searched = Arc::clone(&listing.searched);
        listing.workers.push(std::thread::spawn(move || {
            let worker = Worker {
                limits: &limits,
                flag: &flag,
                searched: &searched,
                split_depth,
                start,
            };
            worker.work(&*problem, &queue);
        }));
    }
    listing.jobs = Some(jobs);
    listing.fill();
    listing
}

/// The listing of [`solutions`]: an iterator over every solution in search order, and,
/// once it has ended, the statistics and why it stopped, if it did.
///
/// The statistics ([`Solutions::stats`]) count what the split and the workers searched:
/// once the iterator has returned `None` after an exhaustive listing, the serial search's
/// (its `elapsed` the wall-clock time of the listing). A listing that ends earlier (a
/// limit, or the caller stops reading) has searched ahead of what it listed: after
/// [`Solutions::stop`], its statistics count every node any worker visited, more than the
/// serial search to the same solution, and every solution found, listed or not.
pub struct Solutions<P: Problem> {
    /// The pieces not yet listed, in search order (the first is being listed).
    pieces: VecDeque<Piece<P::Solution>>,
    /// The paths of the subtrees not yet handed to a worker, in order.
    paths: std::vec::IntoIter<Vec<P::Op>>,
    /// The queues of the subtrees handed out and not yet listed to their end, in order.
    running: VecDeque<Reader<Found<P::Solution>>>,
    /// What was taken from the first of them and not yet listed.
    batch: VecDeque<Found<P::Solution>>,
    /// The most subtrees in `running`.
    window: usize,
    /// Where the subtrees are handed out (`None` once the listing has ended).
    jobs: Option<Sender<Job<P>>>,
    workers: Vec<JoinHandle<()>>,
    /// Stops the workers: a child of the caller's flag.
    flag: Cancel,
    /// The statistics of the split and of every subtree searched, as far as it went.
    searched: Arc<Mutex<Stats>>,
    stopped: Option<StopReason>,
    start: Instant,
    meter: Option<crate::progress::Meter>,
}

/// A subtree for a worker: its path, and where to send its solutions.
struct Job<P: Problem> {
    path: Vec<P::Op>,
    found: Writer<Found<P::Solution>>,
}

/// What a worker sends of its subtree: its solutions, then how its search ended.
enum Found<S> {
    Solution(S),
    End(Option<StopReason>),
}

/// What a worker thread shares with the listing.
struct Worker<'a> {
    limits: &'a ParallelLimits,
    flag: &'a Cancel,
    searched: &'a Mutex<Stats>,
    split_depth: usize,
    start: Instant,
}

impl Worker<'_> {
    /// Searches the subtrees it is handed, one at a time, in the order they come, until
    /// there are no more; adds what each search did to the statistics before it says
    /// that the subtree is done.
    fn work<P: Problem + Clone>(&self, problem: &P, queue: &Mutex<Receiver<Job<P>>>) {
        loop {
            let job = queue.lock().expect("no panics while locked").recv();
            let Ok(Job { path, found }) = job else { return };
            if self.flag.is_cancelled() {
                // The listing has ended or is stopping: the subtree is not searched.
                let _ = found.send(Found::End(Some(StopReason::Cancelled)), true);
                continue;
            }
            let part = match ordered::part_limits(self.limits, self.flag.clone(), self.start) {
                Ok(part) => part,
                Err(reason) => {
                    let _ = found.send(Found::End(Some(reason)), true);
                    continue;
                }
            };
            let mut search = Search::new(ordered::subtree_root(problem, &path)).limits(part);
            let mut listened = true;
            for solution in search.by_ref() {
                if found.send(Found::Solution(solution), false).is_err() {
                    // Nobody listens: the listing has ended.
                    listened = false;
                    break;
                }
            }
            self.searched
                .lock()
                .expect("no panics while locked")
                .merge(&ordered::below(*search.stats(), self.split_depth));
            if listened {
                let _ = found.send(Found::End(search.stopped()), true);
            }
        }
    }
}

impl<P: Problem> Solutions<P> {
    /// The statistics of what was searched so far: see [`Solutions`].
    pub fn stats(&self) -> Stats {
        let mut stats = *self.searched.lock().expect("no panics while locked");
        stats.elapsed = self.start.elapsed();
        stats
    }

    /// Ends the listing where it is: stops the workers and waits for them, so that
    /// [`Solutions::stats`] counts all they did. The iterator returns `None` from then on.
    pub fn stop(&mut self) {
        if let Some(panic) = self.end() {
            std::panic::resume_unwind(panic);
        }
    }

    /// Why the listing stopped before its end, if it did (a time limit, the cancellation
    /// flag): the solutions listed are then those of a serial search up to where the
    /// earliest subtree still running stopped. `None` while it runs and after its end.
    pub fn stopped(&self) -> Option<StopReason> {
        self.stopped
    }

    /// Hands subtrees to the workers until the window is full.
    fn fill(&mut self) {
        let Some(jobs) = &self.jobs else { return };
        while self.running.len() < self.window {
            let Some(path) = self.paths.next() else { break };
            let (found, listed) = chute(BUFFER);
            // Cannot fail while the workers run: they end only when `jobs` is dropped.
            let _ = jobs.send(Job { path, found });
            self.running.push_back(listed);
        }
    }

    /// Ends the listing: stops the workers and joins them. Returns what a worker that
    /// panicked panicked with, if one did.
    fn end(&mut self) -> Option<Box<dyn std::any::Any + Send>> {
        self.flag.cancel();
        self.jobs = None;
        self.running.clear();
        self.batch.clear();
        self.pieces.clear();
        let mut panicked = None;
        for worker in self.workers.drain(..) {
            if let Err(panic) = worker.join() {
                panicked.get_or_insert(panic);
            }
        }
        panicked
    }
}

impl<P: Problem> Iterator for Solutions<P> {
    type Item = P::Solution;

    /// The next solution in search order.
    fn next(&mut self) -> Option<P::Solution> {
        loop {
            match self.pieces.front()? {
                Piece::Solution(_) => match self.pieces.pop_front() {
                    Some(Piece::Solution(solution)) => return Some(solution),
                    _ => unreachable!("the front piece is a solution"),
                },
                Piece::Subtree(_) => {}
            }
            if self.batch.is_empty() {
                let front = self
                    .running
                    .front()
                    .expect("a running subtree for each piece");
                if !front.take(&mut self.batch) {
                    // The worker is gone before the end of its subtree: it panicked, and
                    // so does the listing.
                    let panic = self.end().expect("a worker ends early only by a panic");
                    std::panic::resume_unwind(panic);
                }
            }
            match self.batch.pop_front().expect("taken from the queue") {
                Found::Solution(solution) => return Some(solution),
                Found::End(stopped) => {
                    self.running.pop_front();
                    self.pieces.pop_front();
                    if let Some(reason) = stopped {
                        self.stopped = Some(reason);
                        if let Some(panic) = self.end() {
                            std::panic::resume_unwind(panic);
                        }
                        return None;
                    }
                    if let Some(meter) = &self.meter {
                        meter.part_done();
                    }
                    self.fill();
                }
            }
        }
    }
}

/// Once it has returned `None`, it returns `None` for good.
impl<P: Problem> std::iter::FusedIterator for Solutions<P> {}

impl<P: Problem> Drop for Solutions<P> {
    /// Stops the workers and joins them (a worker's panic is not raised again here).
    fn drop(&mut self) {
        let _ = self.end();
    }
}

impl<P: Problem> std::fmt::Debug for Solutions<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solutions")
            .field("pieces", &self.pieces.len())
            .field("running", &self.running.len())
            .field("workers", &self.workers.len())
            .field("stats", &self.stats())
            .field("stopped", &self.stopped)
            .finish_non_exhaustive()
    }
}
