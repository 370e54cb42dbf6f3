//! One flag stops every search: SIGINT (Ctrl-C), SIGTERM (`timeout`, `kill`) and SIGHUP
//! set it. The driver then asks which signal came first, to say so and to exit with the
//! matching status.
//!
//! The handlers are in place before the input is read, so that a signal while a big file
//! or a pipe is read is reported as one in the search is, once the input has ended
//! ([`while_reading`]); but while a terminal is read, or a file opened (a FIFO waits there
//! for a writer), a signal ends the process at once ([`at_once`]), the wait being one it
//! cannot stop, and so does a signal after which the input sends nothing for a second.

use std::panic;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use backtrack::Cancel;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::low_level;

use crate::exit::Status;

/// How soon after a signal the same signal again is taken for the same one, delivered
/// twice.
const ECHO: Duration = Duration::from_millis(100);

/// Set while the run waits on a read that a signal cannot cut short and that may never
/// end (a terminal, which ends its text only at Ctrl-D): a signal then ends the process
/// at once.
static AT_ONCE: AtomicBool = AtomicBool::new(false);

/// Runs `read`, a signal meanwhile ending the process at once with the status of a
/// signal: for a read of a terminal, which Ctrl-C must stop, and the opening of a file,
/// which waits for a FIFO's writer.
pub fn at_once<T>(read: impl FnOnce() -> T) -> T {
    AT_ONCE.store(true, Ordering::SeqCst);
    let value = read();
    AT_ONCE.store(false, Ordering::SeqCst);
    value
}

/// The first signal, for a wait outside the searches ([`while_reading`]); 0 before one.
static FIRST: AtomicI32 = AtomicI32::new(0);

/// How long the input may send nothing after a signal before the process ends.
const SILENCE: Duration = Duration::from_secs(1);

/// Runs `read` on a thread of its own, `read` counting the bytes it takes in the counter
/// it is given. A signal meanwhile stops the run once the input has ended, as one in the
/// search does, for as long as the input keeps coming; if it then sends nothing for
/// [`SILENCE`] (a writer that waits, or is stuck), the process ends at once with the status
/// of the signal, a note saying why.
pub fn while_reading<T: Send + 'static>(read: impl FnOnce(&AtomicU64) -> T + Send + 'static) -> T {
    let progress = Arc::new(AtomicU64::new(0));
    let (sender, receiver) = mpsc::channel();
    let counter = Arc::clone(&progress);
    let reader = thread::spawn(move || {
        // The receiver is gone only once the process is ending.
        let _ = sender.send(read(&counter));
    });
    let mut last = (0, Instant::now());
    let mut signalled: Option<Instant> = None;
    loop {
        match receiver.recv_timeout(SILENCE / 10) {
            Ok(value) => return value,
            Err(mpsc::RecvTimeoutError::Disconnected) => match reader.join() {
                Err(panicked) => panic::resume_unwind(panicked),
                Ok(()) => unreachable!("the reader sends before it ends"),
            },
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        let read = progress.load(Ordering::SeqCst);
        if read != last.0 {
            last = (read, Instant::now());
        }
        let signal = FIRST.load(Ordering::SeqCst);
        if signal != 0 {
            let since = *signalled.get_or_insert_with(Instant::now);
            if since.elapsed() >= SILENCE && last.1.elapsed() >= SILENCE {
                eprintln!(
                    "backtrack: stopped by {}: the input sent nothing more",
                    name(signal)
                );
                std::process::exit(Status::Signal(signal).code().into());
            }
        }
    }
}

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
    /// process (but for a read in [`at_once`]); a second signal (not the same one again within a moment, which
    /// `timeout` sends twice) ends it at once, with the status of a signal
    /// ([`Status::Signal`]: 128 + its number).
    ///
    /// The handlers do their work where the signal lands, with atomics, the clock and
    /// `_exit` (all safe in a signal handler): no thread is started for them, which a
    /// short run would pay for.
    #[expect(
        unsafe_code,
        reason = "the one unsafe call of the workspace: a signal handler, reviewed below"
    )]
    pub fn listen(&self) -> Result<()> {
        // When the first signal came, in nanoseconds after `origin`.
        let origin = Instant::now();
        let first_at = Arc::new(AtomicU64::new(0));
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            let stopper = self.clone();
            let first_at = Arc::clone(&first_at);
            let handler = move || {
                if AT_ONCE.load(Ordering::SeqCst) {
                    low_level::exit(Status::Signal(signal).code().into());
                }
                let now = nanos(origin.elapsed());
                if stopper.stop(signal) {
                    first_at.store(now, Ordering::SeqCst);
                    FIRST.store(signal, Ordering::SeqCst);
                    return;
                }
                // The same signal again at once is the same request delivered twice
                // (`timeout` signals the child, then its own process group), not a
                // second one.
                let echo = stopper.signal() == Some(signal)
                    && now.saturating_sub(first_at.load(Ordering::SeqCst)) < nanos(ECHO);
                if !echo {
                    low_level::exit(Status::Signal(signal).code().into());
                }
            };
            // SAFETY: the handler only loads and stores atomics, reads the monotonic clock
            // and calls `_exit`, all async-signal-safe; it allocates nothing and takes no
            // lock.
            unsafe { low_level::register(signal, handler) }
                .context("cannot install the handlers of SIGINT, SIGTERM and SIGHUP")?;
        }
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

/// `duration` in whole nanoseconds (a run of more than 584 years saturates).
fn nanos(duration: Duration) -> u64 {
    u64::try_from(duration.as_nanos()).unwrap_or(u64::MAX)
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
