//! When the kernel looks at its limits: the node and solution budgets at a checkpoint,
//! the clock and the cancellation flag every half millisecond or so.

use std::time::{Duration, Instant};

use super::run::Run;
use crate::{Limits, StopReason};

/// The first interval between two looks at the clock, in nodes or refusals.
pub(super) const FIRST_INTERVAL: u64 = 1;
/// The longest interval: about a millisecond of the fastest searches.
pub(super) const MAX_INTERVAL: u64 = 1 << 20;
/// How often to look at the clock.
pub(super) const LOOK_EVERY: Duration = Duration::from_micros(500);

/// The number of events (nodes entered, or operators refused) between two looks at the
/// clock, adapted to what the events cost.
#[derive(Clone, Copy, Debug)]
pub(super) struct Interval {
    pub(super) events: u64,
    /// When the events last triggered a look at the clock; none yet: the search's start.
    pub(super) since: Option<Instant>,
}

impl Interval {
    /// The first interval, counted from the search's start.
    pub(super) fn new() -> Self {
        Interval {
            events: FIRST_INTERVAL,
            since: None,
        }
    }

    /// The events came to a look at `now` (none: too soon after the start to ask the
    /// clock), the search having begun at `began`: sets how many should come before the
    /// next, so that looks come every [`LOOK_EVERY`] or so. Looks that came too soon double
    /// the interval; looks that came late shrink it at once in proportion (one slow stretch
    /// of nodes must not be followed by another as long).
    pub(super) fn adapt(&mut self, now: Option<Instant>, began: Option<Instant>) -> u64 {
        let took = match (now, self.since.or(began)) {
            (Some(now), Some(since)) => now.duration_since(since),
            _ => Duration::ZERO,
        };
        if now.is_some() {
            self.since = now;
        }
        if took < LOOK_EVERY / 2 {
            self.events = (self.events * 2).min(MAX_INTERVAL);
        } else if took > LOOK_EVERY * 2 {
            let scaled = self.events as f64 * LOOK_EVERY.as_secs_f64() / took.as_secs_f64();
            self.events = (scaled as u64).max(1);
        }
        self.events
    }
}

impl Run {
    /// Looks at the limits. Called when the node count reaches `checkpoint`, before a node
    /// would be entered.
    #[cold]
    #[inline(never)]
    pub(super) fn poll(&mut self, limits: &Limits) -> Option<StopReason> {
        let nodes = self.stats.nodes;
        if limits.nodes.is_some_and(|max| nodes >= max) {
            return Some(StopReason::NodeLimit);
        }
        // Normally checked as each solution is found; here for a budget already used up
        // (zero, or lowered between two calls).
        if limits
            .solutions
            .is_some_and(|max| self.stats.solutions >= max)
        {
            return Some(StopReason::SolutionLimit);
        }
        let next = if limits.periodic() {
            // At the first node the clock would say that no time has passed since the
            // start (and a look at it costs as much as a node of a small search), unless a
            // time limit asks it.
            let now = (nodes > 0 || limits.time.is_some()).then(Instant::now);
            let interval = self.intervals.0.adapt(now, self.began);
            if let Some(reason) = self.look(limits, now) {
                return Some(reason);
            }
            nodes.saturating_add(interval)
        } else {
            u64::MAX
        };
        self.checkpoint = next.min(limits.nodes.unwrap_or(u64::MAX));
        None
    }

    /// Looks at the cancellation flag and the clock (`now`), and publishes to the meter.
    pub(super) fn look(&mut self, limits: &Limits, now: Option<Instant>) -> Option<StopReason> {
        self.publish(limits);
        if let Some(cancel) = &limits.cancel {
            if cancel.is_cancelled() {
                return Some(StopReason::Cancelled);
            }
        }
        if let Some(max) = limits.time {
            let now = now.unwrap_or_else(Instant::now);
            if now.duration_since(self.began.unwrap_or(now)) >= max {
                return Some(StopReason::TimeLimit);
            }
        }
        None
    }

    /// So many operators were refused since the last look on their account: looks at the
    /// clock if any limit needs it. Returns why the search must stop, if it must, and how
    /// many more refusals to allow before the next look.
    #[cold]
    #[inline(never)]
    pub(super) fn refusals_look(&mut self, limits: &Limits) -> (Option<StopReason>, u64) {
        if !limits.periodic() {
            return (None, u64::MAX);
        }
        let now = Some(Instant::now());
        let interval = self.intervals.1.adapt(now, self.began);
        (self.look(limits, now), interval)
    }

    /// Brings the meter, if any, up to date.
    pub(super) fn publish(&mut self, limits: &Limits) {
        if let Some(meter) = &limits.meter {
            let (nodes, solutions) = self.published;
            meter.add(
                self.stats.nodes.saturating_sub(nodes),
                self.stats.solutions.saturating_sub(solutions),
            );
            self.published = (self.stats.nodes, self.stats.solutions);
        }
    }
}
