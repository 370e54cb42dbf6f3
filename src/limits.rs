//! Limits on a search, and why a search stopped.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::progress::Meter;

/// Builder methods that set an optional field: `name(value)` sets `self.name` to
/// `Some(value)`.
macro_rules! setters {
    ($($(#[$doc:meta])* $name:ident: $type:ty,)*) => {
        $(
            $(#[$doc])*
            #[must_use]
            pub fn $name(mut self, value: $type) -> Self {
                self.$name = Some(value);
                self
            }
        )*
    };
}

/// Bounds on a search. The default has none.
///
/// Limits are checked without slowing the search down: the node and solution budgets
/// exactly, the clock and the cancellation flag periodically, every so many nodes entered
/// or operators refused. The interval adapts to what a node costs, so that the checks come
/// about every millisecond however slow or fast the nodes are: a time limit or a
/// cancellation stops a search within a few milliseconds.
///
/// A [`Meter`] given here is brought up to date at the same checks.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop before entering more than this many nodes.
    pub nodes: Option<u64>,
    /// Stop once this many solutions have been found (zero: find none).
    pub solutions: Option<u64>,
    /// Stop once this long has passed since the search began (its first call), counting
    /// the time the caller spends between calls, such as printing each solution.
    pub time: Option<Duration>,
    /// Stop once this flag is set (from any thread).
    pub cancel: Option<Cancel>,
    /// Publish the nodes entered and solutions found as the search goes.
    pub meter: Option<Meter>,
}

impl Limits {
    /// No limits.
    pub fn none() -> Self {
        Self::default()
    }

    setters! {
        /// Sets the node budget.
        nodes: u64,
        /// Sets the solution budget.
        solutions: u64,
        /// Sets the time limit.
        time: Duration,
        /// Sets the cancellation flag.
        cancel: Cancel,
        /// Sets the meter the search publishes its progress to.
        meter: Meter,
    }

    /// Does the search need to look at the clock (or the flag, or the meter) from time to
    /// time?
    pub(crate) fn periodic(&self) -> bool {
        self.time.is_some() || self.cancel.is_some() || self.meter.is_some()
    }
}

/// The limits a search split across threads supports: a time limit and a cancellation
/// flag for the whole, and a meter. Node and solution budgets have no meaning independent
/// of the order in which the parts finish, so this type has no room for them.
#[derive(Clone, Debug, Default)]
pub struct ParallelLimits {
    /// Stop once the whole search has run this long.
    pub time: Option<Duration>,
    /// Stop once this flag is set (from any thread).
    pub cancel: Option<Cancel>,
    /// Publish the nodes, solutions and parts done as the search goes.
    pub meter: Option<Meter>,
}

impl ParallelLimits {
    /// No limits.
    pub fn none() -> Self {
        Self::default()
    }

    setters! {
        /// Sets the time limit.
        time: Duration,
        /// Sets the cancellation flag.
        cancel: Cancel,
        /// Sets the meter.
        meter: Meter,
    }
}

impl From<ParallelLimits> for Limits {
    fn from(limits: ParallelLimits) -> Self {
        Limits {
            nodes: None,
            solutions: None,
            time: limits.time,
            cancel: limits.cancel,
            meter: limits.meter,
        }
    }
}

/// A cancellation flag: clone it, give one copy to the search ([`Limits::cancel`]) and set
/// the other from anywhere (a Ctrl-C handler, another thread).
///
/// A [`child`](Cancel::child) flag is set when its parent is, and can be set on its own:
/// one part of a parallel search stopped without stopping the others, the whole stopped
/// by the parent.
///
/// ```
/// use backtrack::Cancel;
///
/// let whole = Cancel::new();
/// let part = whole.child();
/// part.cancel();
/// assert!(part.is_cancelled() && !whole.is_cancelled());
/// let other = whole.child();
/// whole.cancel();
/// assert!(other.is_cancelled());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<Flag>);

/// A flag, and the flag it follows, if any.
#[derive(Debug, Default)]
struct Flag {
    set: AtomicBool,
    parent: Option<Cancel>,
}

impl Cancel {
    /// A flag not yet set.
    pub fn new() -> Self {
        Self::default()
    }

    /// A new flag, set whenever this one is, that can also be set alone (setting it leaves
    /// this one as it is).
    #[must_use]
    pub fn child(&self) -> Cancel {
        Cancel(Arc::new(Flag {
            set: AtomicBool::new(false),
            parent: Some(self.clone()),
        }))
    }

    /// Asks every search holding this flag (or a child of it) to stop.
    pub fn cancel(&self) {
        self.0.set.store(true, Ordering::Relaxed);
    }

    /// Has [`cancel`](Cancel::cancel) been called, on this flag or on one it is a
    /// [`child`](Cancel::child) of?
    pub fn is_cancelled(&self) -> bool {
        self.0.set.load(Ordering::Relaxed)
            || self.0.parent.as_ref().is_some_and(Cancel::is_cancelled)
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
    /// An observer answered [`Control::Halt`](crate::Control::Halt).
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
