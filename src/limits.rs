//! Limits on a search, and why a search stopped.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Bounds on a search. The default has none.
///
/// Limits are checked without slowing the search down: the node budget exactly, the
/// clock and the cancellation flag every [`Limits::CHECK_INTERVAL`] nodes entered and every
/// [`Limits::CHECK_INTERVAL`] operators refused.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop before entering more than this many nodes.
    pub nodes: Option<u64>,
    /// Stop once this many solutions have been found (zero: find none).
    pub solutions: Option<u64>,
    /// Stop once the search has run this long.
    pub time: Option<Duration>,
    /// Stop once this flag is set (from any thread).
    pub cancel: Option<Cancel>,
}

impl Limits {
    /// How many nodes (or refused operators) pass between two looks at the clock and the
    /// cancellation flag.
    pub const CHECK_INTERVAL: u64 = 1024;

    /// No limits.
    pub fn none() -> Self {
        Self::default()
    }

    /// Sets the node budget.
    #[must_use]
    pub fn nodes(mut self, max: u64) -> Self {
        self.nodes = Some(max);
        self
    }

    /// Sets the solution budget.
    #[must_use]
    pub fn solutions(mut self, max: u64) -> Self {
        self.solutions = Some(max);
        self
    }

    /// Sets the time limit.
    #[must_use]
    pub fn time(mut self, max: Duration) -> Self {
        self.time = Some(max);
        self
    }

    /// Sets the cancellation flag.
    #[must_use]
    pub fn cancel(mut self, flag: Cancel) -> Self {
        self.cancel = Some(flag);
        self
    }
}

/// A cancellation flag: clone it, give one copy to the search ([`Limits::cancel`]) and set
/// the other from anywhere (a Ctrl-C handler, another thread).
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A flag not yet set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks every search holding this flag to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Has [`cancel`](Cancel::cancel) been called?
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Why a search ended before exhausting its tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// The node budget was used up.
    NodeLimit,
    /// The solution budget was reached.
    SolutionLimit,
    /// The time limit passed.
    TimeLimit,
    /// The cancellation flag was set.
    Cancelled,
    /// An observer answered [`Control::Stop`](crate::Control::Stop).
    Observer,
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StopReason::NodeLimit => "node limit reached",
            StopReason::SolutionLimit => "solution limit reached",
            StopReason::TimeLimit => "time limit reached",
            StopReason::Cancelled => "cancelled",
            StopReason::Observer => "stopped by an observer",
        })
    }
}
