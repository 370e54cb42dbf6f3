//! Every solution in search order, the subtrees searched ahead on worker threads, in
//! bounded memory.

use std::any::Any;
use std::collections::VecDeque;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Instant;

use super::chute::{chute, Reader, Writer};
use super::ordered::{self, Piece};
use super::SplitDepth;
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
/// use backtrack::{parallel, ParallelLimits, Problem, Search, SplitDepth};
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
/// let mut listing = parallel::solutions(root.clone(), SplitDepth(2), &ParallelLimits::none(), 2);
/// let all: Vec<Vec<u8>> = listing.by_ref().collect();
/// let mut serial = Search::new(root.clone());
/// assert!(all.into_iter().eq(serial.by_ref()));
/// assert_eq!(serial.stats().solutions, 720);
/// // Exhausted, the listing's statistics are the serial search's (its time aside).
/// assert_eq!(listing.stats().nodes, serial.stats().nodes);
/// assert_eq!(listing.stopped(), None);
///
/// // The first three, and the workers stopped as the listing is dropped.
/// let first: Vec<_> = parallel::solutions(root, SplitDepth(2), &ParallelLimits::none(), 2).take(3).collect();
/// assert_eq!(first[2], [0, 1, 2, 4, 3, 5]);
/// ```
pub fn solutions<P>(
    problem: P,
    split_depth: SplitDepth,
    limits: &ParallelLimits,
    threads: usize,
) -> Solutions<P>
where
    P: Problem + Clone + Send + Sync + 'static,
    P::Op: Send + Sync + 'static,
    P::Solution: Send + 'static,
{
    let split_depth = split_depth.0;
    let problem = Arc::new(problem);
    let (mut listing, queue) = Solutions::split(&*problem, split_depth, limits, threads);
    for _ in 0..listing.crew.count() {
        let task = listing.task(Arc::clone(&problem), &queue, limits, split_depth);
        std::thread::spawn(task);
    }
    listing.fill();
    listing
}

/// [`solutions`] for a problem that borrows what it searches (a graph, a table): `problem`
/// need not be `'static`, nor be moved. The workers run on threads scoped to the call
/// ([`std::thread::scope`]), and the listing is lent to `list`: it is stopped, and its
/// workers joined, when `list` returns, which is when `solutions_scoped` returns what
/// `list` did. Otherwise the same as [`solutions`]: the same solutions in the same order,
/// the same statistics, limits and stops.
///
/// ```
/// use backtrack::{parallel, ParallelLimits, Problem, Search, SplitDepth};
///
/// /// Paths from vertex 0 that visit every vertex of a graph once, the graph borrowed.
/// #[derive(Clone)]
/// struct Hamilton<'g> { edges: &'g [Vec<usize>], path: Vec<usize> }
///
/// impl Problem for Hamilton<'_> {
///     type Op = usize;
///     type Ops = std::ops::Range<usize>;
///     type Solution = Vec<usize>;
///     fn operators(&self) -> Self::Ops { 0..self.edges.len() }
///     fn admissible(&self, v: usize) -> bool {
///         let last = *self.path.last().unwrap();
///         self.edges[last].contains(&v) && !self.path.contains(&v)
///     }
///     fn apply(&mut self, v: usize) { self.path.push(v) }
///     fn undo(&mut self, _: usize) { self.path.pop(); }
///     fn is_complete(&self) -> bool { self.path.len() == self.edges.len() }
///     fn solution(&self) -> Vec<usize> { self.path.clone() }
/// }
///
/// // The complete graph on 5 vertices, built here: not `'static`.
/// let edges: Vec<Vec<usize>> = (0..5).map(|u| (0..5).filter(|&v| v != u).collect()).collect();
/// let root = Hamilton { edges: &edges, path: vec![0] };
/// let all = parallel::solutions_scoped(&root, SplitDepth(2), &ParallelLimits::none(), 2, |listing| {
///     listing.collect::<Vec<_>>()
/// });
/// assert_eq!(all.len(), 24);
/// assert!(all.into_iter().eq(Search::new(root.clone())));
/// ```
pub fn solutions_scoped<P, R>(
    problem: &P,
    split_depth: SplitDepth,
    limits: &ParallelLimits,
    threads: usize,
    list: impl FnOnce(&mut Solutions<P>) -> R,
) -> R
where
    P: Problem + Clone + Sync,
    P::Op: Send + Sync,
    P::Solution: Send,
{
    let split_depth = split_depth.0;
    let (mut listing, queue) = Solutions::split(problem, split_depth, limits, threads);
    std::thread::scope(|scope| {
        for _ in 0..listing.crew.count() {
            scope.spawn(listing.task(problem, &queue, limits, split_depth));
        }
        listing.fill();
        let listed = list(&mut listing);
        listing.stop();
        listed
    })
}

impl<P: Problem> Solutions<P> {
    /// Splits the tree of `problem` at `split_depth` into the listing's pieces, and opens
    /// the queue of its subtrees to the workers, as many as [`Crew::count`] says (none
    /// if the split stopped).
    fn split(
        problem: &P,
        split_depth: usize,
        limits: &ParallelLimits,
        threads: usize,
    ) -> (Self, Arc<Mutex<Receiver<Job<P>>>>)
    where
        P: Clone,
    {
        let start = Instant::now();
        let (split, pieces) =
            ordered::split(problem, split_depth, limits.clone().into(), P::solution);
        let threads = threads.max(1);
        let (jobs, queue) = mpsc::channel::<Job<P>>();
        let mut listing = Solutions {
            pieces: pieces.into(),
            paths: split.ops.into_iter(),
            running: VecDeque::new(),
            batch: VecDeque::new(),
            window: threads.saturating_mul(WINDOW_PER_THREAD),
            jobs: None,
            crew: Arc::new(Crew::new(0)),
            flag: ordered::whole_flag(limits),
            searched: Arc::new(Mutex::new(split.above.stats)),
            stopped: split.above.stopped,
            start,
            meter: limits.meter.clone(),
        };
        let queue = Arc::new(Mutex::new(queue));
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
            return (listing, queue);
        }
        if let Some(meter) = &limits.meter {
            meter.add_parts(listing.paths.len() as u64);
        }
        listing.crew = Arc::new(Crew::new(threads.min(listing.paths.len())));
        listing.jobs = Some(jobs);
        (listing, queue)
    }

    /// The work of one worker thread: to search the subtrees of `problem` (an `Arc` or a
    /// reference) it takes from `queue`, and then to tell the crew it is done.
    fn task<Q>(
        &self,
        problem: Q,
        queue: &Arc<Mutex<Receiver<Job<P>>>>,
        limits: &ParallelLimits,
        split_depth: usize,
    ) -> impl FnOnce() + Send
    where
        Q: std::ops::Deref<Target = P> + Send,
        P: Clone,
        Job<P>: Send,
    {
        let queue = Arc::clone(queue);
        let limits = limits.clone();
        let flag = self.flag.clone();
        let searched = Arc::clone(&self.searched);
        let crew = Arc::clone(&self.crew);
        let start = self.start;
        move || {
            crew.run(|| {
                let worker = Worker {
                    limits: &limits,
                    flag: &flag,
                    searched: &searched,
                    split_depth,
                    start,
                };
                worker.work(&*problem, &queue);
            });
        }
    }
}

/// The worker threads of a listing, spawned or scoped: how many are still at work, and
/// what the first that panicked panicked with. The listing waits on it, as it would join
/// its threads.
struct Crew {
    /// Workers still at work, and the first panic.
    state: Mutex<(usize, Option<Box<dyn Any + Send>>)>,
    /// Signalled as each worker ends.
    ended: Condvar,
}

impl Crew {
    /// A crew of `count` workers, none ended yet.
    fn new(count: usize) -> Self {
        Crew {
            state: Mutex::new((count, None)),
            ended: Condvar::new(),
        }
    }

    /// How many workers are still at work.
    fn count(&self) -> usize {
        self.state.lock().expect("no panics while locked").0
    }

    /// Runs one worker's `work`, and says it ended, with its panic if it panicked.
    fn run(&self, work: impl FnOnce()) {
        let ended = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
        let mut state = self.state.lock().expect("no panics while locked");
        state.0 -= 1;
        if let Err(panic) = ended {
            state.1.get_or_insert(panic);
        }
        self.ended.notify_all();
    }

    /// Waits until every worker has ended. Returns what the first that panicked panicked
    /// with, if one did (once).
    fn wait(&self) -> Option<Box<dyn Any + Send>> {
        let mut state = self.state.lock().expect("no panics while locked");
        while state.0 > 0 {
            state = self.ended.wait(state).expect("no panics while locked");
        }
        state.1.take()
    }
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
    /// The workers, to wait for as the listing ends.
    crew: Arc<Crew>,
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

    /// Ends the listing: stops the workers and waits for them. Returns what a worker that
    /// panicked panicked with, if one did.
    fn end(&mut self) -> Option<Box<dyn Any + Send>> {
        self.flag.cancel();
        self.jobs = None;
        self.running.clear();
        self.batch.clear();
        self.pieces.clear();
        self.crew.wait()
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
            .field("workers", &self.crew.count())
            .field("stats", &self.stats())
            .field("stopped", &self.stopped)
            .finish_non_exhaustive()
    }
}
