//! The limits that the half searches and the joins look at while a block takes its time.

use std::sync::OnceLock;
use std::time::Instant;

use backtrack::{Cancel, Limits, StopReason};

/// The limits a block's join looks at now and then
/// ([`HalfJoin::limit`](super::HalfJoin::limit)), and why it stopped, if it did.
pub(super) struct Watch<'a> {
    pub(super) deadline: Option<Instant>,
    pub(super) cancel: Option<&'a Cancel>,
    pub(super) cut: OnceLock<StopReason>,
}

impl Watch<'_> {
    /// None.
    #[cfg(test)]
    pub(super) fn none() -> Self {
        Watch {
            deadline: None,
            cancel: None,
            cut: OnceLock::new(),
        }
    }

    /// Is the join to stop (the count cancelled, or past its deadline)?
    pub(super) fn stopped(&self) -> bool {
        if self.cut.get().is_none() {
            if let Some(reason) = limit_reached(self.deadline, self.cancel) {
                // Another job may have set it first, for its own reason.
                let _ = self.cut.set(reason);
            }
        }
        self.cut.get().is_some()
    }
}

/// The limits of a search that stops once `cancel` is set or `deadline` is passed.
pub(super) fn watched(deadline: Option<Instant>, cancel: Option<&Cancel>) -> Limits {
    let mut limits = Limits::none();
    if let Some(cancel) = cancel {
        limits = limits.cancel(cancel.clone());
    }
    if let Some(deadline) = deadline {
        limits = limits.time(deadline.saturating_duration_since(Instant::now()));
    }
    limits
}

/// Why a join is to stop now, if it is: `cancel` set, or `deadline` passed.
pub(super) fn limit_reached(
    deadline: Option<Instant>,
    cancel: Option<&Cancel>,
) -> Option<StopReason> {
    if cancel.is_some_and(Cancel::is_cancelled) {
        Some(StopReason::Cancelled)
    } else if deadline.is_some_and(|end| Instant::now() >= end) {
        Some(StopReason::TimeLimit)
    } else {
        None
    }
}
