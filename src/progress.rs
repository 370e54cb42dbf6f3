//! Watching a running search from another thread: a [`Meter`] that searches publish to.
//!
//! A search given a meter ([`Limits::meter`](crate::Limits::meter)) adds the nodes it has
//! entered and the solutions it has found to it at its periodic checks (about every
//! millisecond), and at its end: nothing is added per node. Any number of searches may
//! share one meter (the parts of a [`parallel`](crate::parallel) count do); a parallel
//! count also says how many of its parts are done. A progress bar reads the meter from its
//! own thread.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Live figures of the searches that publish to it. Clone it to share it.
///
/// ```
/// use backtrack::{progress::Meter, Limits, Problem, Search};
/// # struct Bits(Vec<bool>);
/// # impl Problem for Bits {
/// #     type Op = bool; type Ops = std::array::IntoIter<bool, 2>; type Solution = ();
/// #     fn operators(&self) -> Self::Ops { [false, true].into_iter() }
/// #     fn apply(&mut self, b: bool) { self.0.push(b) }
/// #     fn undo(&mut self, _: bool) { self.0.pop(); }
/// #     fn is_complete(&self) -> bool { self.0.len() == 10 }
/// #     fn solution(&self) {}
/// # }
///
/// let meter = Meter::new();
/// let outcome = Search::new(Bits(vec![])).limits(Limits::none().meter(meter.clone())).count_solutions();
/// let reading = meter.read();
/// assert_eq!((reading.nodes, reading.solutions), (outcome.stats.nodes, 1024));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Meter(Arc<Figures>);

#[derive(Debug, Default)]
struct Figures {
    nodes: AtomicU64,
    solutions: AtomicU64,
    /// What the search has found so far, plus one; zero while no counter has said.
    found: AtomicU64,
    parts_done: AtomicU64,
    parts_total: AtomicU64,
    /// Nodes searched before this run, among `nodes`.
    earlier: AtomicU64,
}

/// What a [`Meter`] says at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    /// Nodes entered so far by every search publishing to the meter.
    pub nodes: u64,
    /// Solutions found so far (complete states reached).
    pub solutions: u64,
    /// What the search has found so far when that is not the number of complete states
    /// reached (a count that weighs each solution, as a count by symmetry does), as its
    /// counter last said ([`Meter::set_found`]); `None` if it never did.
    pub found: Option<u64>,
    /// For a search split into parts: how many are finished, and how many there are
    /// (`None` until the split is known).
    pub parts: Option<(u64, u64)>,
    /// Of `nodes`, those searched before this run (by an earlier run of a count resumed
    /// from its checkpoint, say: [`Meter::add_earlier`]); this run's speed leaves them out.
    pub earlier: u64,
}

impl Meter {
    /// A meter at zero.
    pub fn new() -> Self {
        Self::default()
    }

    /// The figures now.
    pub fn read(&self) -> Reading {
        let f = &self.0;
        let total = f.parts_total.load(Ordering::Relaxed);
        Reading {
            nodes: f.nodes.load(Ordering::Relaxed),
            solutions: f.solutions.load(Ordering::Relaxed),
            found: f.found.load(Ordering::Relaxed).checked_sub(1),
            parts: (total > 0).then(|| (f.parts_done.load(Ordering::Relaxed), total)),
            earlier: f.earlier.load(Ordering::Relaxed),
        }
    }

    /// Adds nodes and solutions (a search publishing what it did since it last did).
    pub fn add(&self, nodes: u64, solutions: u64) {
        if nodes > 0 {
            self.0.nodes.fetch_add(nodes, Ordering::Relaxed);
        }
        if solutions > 0 {
            self.0.solutions.fetch_add(solutions, Ordering::Relaxed);
        }
    }

    /// Adds nodes that were searched before this run (a count resumed from where an
    /// earlier run stopped): counted in [`Reading::nodes`] and in [`Reading::earlier`].
    pub fn add_earlier(&self, nodes: u64) {
        self.add(nodes, 0);
        self.0.earlier.fetch_add(nodes, Ordering::Relaxed);
    }

    /// Says what the search has found so far, for a count whose answer is not the number
    /// of complete states it reached (each counted with a weight, say).
    pub fn set_found(&self, found: u64) {
        self.0
            .found
            .store(found.saturating_add(1), Ordering::Relaxed);
    }

    /// Adds `total` parts to be done (a split search, once it knows its parts).
    pub fn add_parts(&self, total: u64) {
        self.0.parts_total.fetch_add(total, Ordering::Relaxed);
    }

    /// One more part is done.
    pub fn part_done(&self) {
        self.0.parts_done.fetch_add(1, Ordering::Relaxed);
    }
}
