//! One flag stops every search: SIGINT (Ctrl-C), SIGTERM (`timeout`, `kill`) and SIGHUP
//! set it, and so does the node limit of a count split across threads. The driver then
//! asks which came first, to say so and to exit with the matching status.

use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::Arc;

use anyhow::{Context, Result};
use backtrack::Cancel;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

/// What stopped the searches through the shared flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// A signal, by number.
    Signal(i32),
    /// The node limit of a count on several threads (watched from the meter).
    NodeLimit,
}

/// The flag, and the first cause that set it.
#[derive(Clone, Debug, Default)]
pub struct Stopper {
    cancel: Cancel,
    /// 0: not stopped; -1: the node limit; a signal's number otherwise.
    cause: Arc<AtomicI32>,
}

impl Stopper {
    /// A flag not yet set, and no signal handled yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// From now on SIGINT, SIGTERM and SIGHUP stop the searches instead of killing the
    /// process; a second signal kills it (status 128 + its number) without waiting.
    pub fn listen(&self) -> Result<()> {
        let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP])
            .context("cannot install the handlers of SIGINT and SIGTERM")?;
        let stopper = self.clone();
        std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                for signal in signals.forever() {
                    if !stopper.stop(Cause::Signal(signal)) {
                        std::process::exit(128 + signal);
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

    /// Stops the searches for `cause`. Returns whether it was the first cause.
    pub fn stop(&self, cause: Cause) -> bool {
        let code = match cause {
            Cause::Signal(signal) => signal,
            Cause::NodeLimit => -1,
        };
        let first = self
            .cause
            .compare_exchange(0, code, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok();
        self.cancel.cancel();
        first
    }

    /// What stopped the searches, if anything did.
    pub fn cause(&self) -> Option<Cause> {
        match self.cause.load(Ordering::SeqCst) {
            0 => None,
            -1 => Some(Cause::NodeLimit),
            signal => Some(Cause::Signal(signal)),
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
