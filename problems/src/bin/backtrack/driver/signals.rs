//! One flag stops every search: SIGINT (Ctrl-C), SIGTERM (`timeout`, `kill`) and SIGHUP
//! set it. The driver then asks which signal came first, to say so and to exit with the
//! matching status.

use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use backtrack::Cancel;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

use crate::exit::Status;

/// How soon after a signal the same signal again is taken for the same one, delivered
/// twice.
const ECHO: Duration = Duration::from_millis(100);

/// The flag, and the first signal that set it.
#[derive(Clone, Debug, Default)]
pub struct Stopper {
    cancel: Cancel,
    /// 0: not stopped; the first signal's number otherwise.
    signal: Arc<AtomicI32>,
}

impl Stopper {
    /// A flag not yet set, and no signal handled yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// From now on SIGINT, SIGTERM and SIGHUP stop the searches instead of killing the
    /// process; a second signal (not the same one again within a moment, which
    /// `timeout` sends twice) ends it at once, with the status of a signal
    /// ([`Status::Signal`]: 128 + its number).
    pub fn listen(&self) -> Result<()> {
        let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP])
            .context("cannot install the handlers of SIGINT and SIGTERM")?;
        let stopper = self.clone();
        std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                let mut first: Option<(i32, Instant)> = None;
                for signal in signals.forever() {
                    if stopper.stop(signal) {
                        first = Some((signal, Instant::now()));
                        continue;
                    }
                    // The same signal again at once is the same request delivered twice
                    // (`timeout` signals the child, then its own process group), not a
                    // second one.
                    let echo =
                        first.is_some_and(|(sent, at)| sent == signal && at.elapsed() < ECHO);
                    if !echo {
                        std::process::exit(Status::Signal(signal).code().into());
                    }
                }
            })
            .context("cannot start the signal thread")?;
        Ok(())
    }

    /// The flag to give every search.
    pub fn cancel(&self) -> &Cancel {
        &self.cancel
    }

    /// Stops the searches for `signal`. Returns whether it was the first signal.
    fn stop(&self, signal: i32) -> bool {
        let first = self
            .signal
            .compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok();
        self.cancel.cancel();
        first
    }

    /// The signal that stopped the searches, if one did.
    pub fn signal(&self) -> Option<i32> {
        match self.signal.load(Ordering::SeqCst) {
            0 => None,
            signal => Some(signal),
        }
    }
}

/// `SIGINT`, `SIGTERM`, `SIGHUP`, or `signal N`.
pub fn name(signal: i32) -> String {
    match signal {
        SIGINT => "SIGINT".into(),
        SIGTERM => "SIGTERM".into(),
        SIGHUP => "SIGHUP".into(),
        n => format!("signal {n}"),
    }
}
