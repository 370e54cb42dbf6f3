//! `--checkpoint FILE` and `--resume FILE` for a listing or a branch and bound: the
//! search's position and the number of solutions printed (or the best found), saved every
//! two seconds and when the search stops, so that a search stopped goes on where it
//! stopped. The file is the engine's [`SnapshotFile`]; here the search runs in slices
//! between two saves.

use std::io;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::Result;
use backtrack::durable::{Header, SnapshotFile};
use backtrack::{Limits, Optimize, Outcome, Problem, Search, StopReason};

use super::list::Listed;
use super::output::{self, checkpoint_error};
use super::VERSION;
use super::{plural, Cutoff, Driver, Mode, Out};
use crate::exit::Status;

/// How often the position of a listing is saved while it runs.
const SAVE_EVERY: Duration = Duration::from_secs(2);

impl Driver {
    /// Lists the solutions of `problem` as [`Driver::list`] does, on one thread, in
    /// search order, going on from where the checkpoint at `path` says an earlier listing
    /// stopped (numbering on from it), and saving where it is there every two seconds and
    /// when it stops. After a stop by a signal or a time limit, the solutions printed and
    /// the position saved agree; after a kill, those printed since the last save are
    /// printed again when the listing goes on (with the same numbers).
    pub(super) fn list_resumable<P>(
        &mut self,
        problem: P,
        path: &Path,
        emit: impl FnMut(&mut Out, u64, P::Solution) -> io::Result<bool>,
    ) -> Result<Status>
    where
        P: Problem + Clone,
        P::Ops: Clone,
    {
        let header = Header::listing(self.identity()?, VERSION);
        let shown = format!("{} {}", self.settings.checkpoint_flag, path.display());
        let (mut held, saved) =
            SnapshotFile::open::<u64>(path, &shown, header).map_err(checkpoint_error)?;
        let finished = saved.as_ref().is_some_and(|saved| saved.position.done);
        let (listed, search) = match saved {
            Some(saved) => {
                let search = saved.resume(problem, &shown).map_err(checkpoint_error)?;
                (saved.listed, search)
            }
            None => (0, Search::new(problem)),
        };
        // Numbered on from it: a figure no listing reaches (a forged file) would wrap.
        if listed == u64::MAX {
            anyhow::bail!("{shown}, line 2: \"listed\" is {listed}, which no listing reaches: the file was changed, or is not this listing's");
        }
        // Saved at once: a new checkpoint is filled before the search starts.
        held.save(&listed, &search.position())
            .map_err(checkpoint_error)?;
        let resumed_nodes = search.stats().nodes;
        let limit = match self.settings.flags.mode {
            Mode::List { limit } => limit,
            _ => None,
        };
        self.say_if_nothing_left(&shown, listed, finished, limit);
        let progress = self.progress(true);
        let mut slices = Slices::new(self, progress.meter());
        let listing = self.list_in_slices(search, listed, limit, &mut held, &mut slices, emit);
        progress.finish();
        let (search, listed) = listing?;
        self.flush()?;
        held.save(&listed, &search.position())
            .map_err(checkpoint_error)?;
        let after = format!("; --resume {} goes on with it", path.display());
        let end = Listed {
            count: listed,
            limit,
            stopped: search.stopped(),
            after: &after,
            fresh: Some(search.stats().nodes - resumed_nodes),
            threads: None,
        };
        self.finish_listing(&end, search.stats())
    }

    /// Says on stderr that the checkpoint `shown` leaves nothing to list, if it does: its
    /// listing `finished`, or `listed` already as many as `limit` asks. Else the run
    /// would print nothing at all.
    fn say_if_nothing_left(&self, shown: &str, listed: u64, finished: bool, limit: Option<u64>) {
        let thing = self.thing;
        let found = plural(listed, thing, &format!("{thing}s"));
        if finished && listed == 0 {
            note!(
                "{}{shown} is of a finished listing, which found no {thing}: nothing is left to list",
                self.prefix()
            );
        } else if finished {
            note!(
                "{}{shown} is of a finished listing: the runs before printed its {found}; nothing is left to list",
                self.prefix()
            );
        } else if let Some(k) = limit.filter(|&k| listed >= k) {
            note!(
                "{}{shown} has listed {found} already, as many as --limit {k} asks: nothing is left to list (a greater --limit, or none, lists on)",
                self.prefix()
            );
        }
    }

    /// Lists the solutions of `search` with `emit`, numbered on from the `listed` before,
    /// until `limit` or the end of the search, in `slices`: between two, the output is
    /// flushed and the position saved in `held`. Returns the search and the solutions
    /// listed, or the error of a solution that cannot be written (its position not saved).
    fn list_in_slices<P>(
        &mut self,
        mut search: Search<P>,
        mut listed: u64,
        limit: Option<u64>,
        held: &mut SnapshotFile,
        slices: &mut Slices,
        mut emit: impl FnMut(&mut Out, u64, P::Solution) -> io::Result<bool>,
    ) -> Result<(Search<P>, u64)>
    where
        P: Problem + Clone,
        P::Ops: Clone,
    {
        loop {
            search = search.limits(slices.limits());
            loop {
                if limit.is_some_and(|k| listed >= k) {
                    return Ok((search, listed));
                }
                let Some(solution) = search.next() else { break };
                let printed = emit(&mut self.out, listed + 1, solution).map_err(output::failed)?;
                listed += u64::from(printed);
            }
            if !slices.paused(search.stopped()) {
                return Ok((search, listed));
            }
            self.flush()?;
            held.save(&listed, &search.position())
                .map_err(checkpoint_error)?;
        }
    }
}

impl Driver {
    /// The best solution of `problem` by branch and bound, as [`Driver::best`] finds and
    /// prints it, on one thread, in search order, going on from where the checkpoint at
    /// `path` says an earlier one stopped, its best so far included (so the bound prunes
    /// as it did), and saving where it is and its best there every two seconds and when
    /// it stops.
    pub(super) fn best_resumable<P>(
        &mut self,
        problem: P,
        path: &Path,
        print: impl FnOnce(&mut Out, &P::Solution, &P::Value, Option<Cutoff>) -> io::Result<()>,
    ) -> Result<Status>
    where
        P: Optimize + Clone,
        P::Ops: Clone,
        P::Solution: serde::Serialize + serde::de::DeserializeOwned,
        P::Value: serde::Serialize + serde::de::DeserializeOwned,
    {
        let header = Header::best(self.identity()?, VERSION);
        let shown = format!("{} {}", self.settings.checkpoint_flag, path.display());
        let (mut held, saved) =
            SnapshotFile::open::<Option<(P::Solution, P::Value)>>(path, &shown, header)
                .map_err(checkpoint_error)?;
        let (mut best, mut search) = match saved {
            Some(saved) => {
                let search = saved.resume(problem, &shown).map_err(checkpoint_error)?;
                (saved.listed, search)
            }
            None => (None, Search::new(problem)),
        };
        // Saved at once: a new checkpoint is filled before the search starts.
        held.save(&best, &search.position())
            .map_err(checkpoint_error)?;
        let resumed_nodes = search.stats().nodes;
        let progress = self.progress(false);
        let mut slices = Slices::new(self, progress.meter());
        loop {
            search = search.limits(slices.limits());
            search.best_more(&mut best);
            if !slices.paused(search.stopped()) {
                break;
            }
            held.save(&best, &search.position())
                .map_err(checkpoint_error)?;
        }
        progress.finish();
        held.save(&best, &search.position())
            .map_err(checkpoint_error)?;
        let outcome = Outcome {
            found: best,
            stats: *search.stats(),
            stopped: search.stopped(),
        };
        self.report_best::<P>(&outcome, print, Some(search.stats().nodes - resumed_nodes))
    }
}

/// A search run in slices of [`SAVE_EVERY`], to save where it is between two: the
/// limits of each slice, and whether a slice ended at its pause or for good.
struct Slices {
    /// The stop flag and the meter.
    base: Limits,
    /// `--time-limit`, from the start.
    time: Option<Duration>,
    start: Instant,
    /// When the current slice ends: the next save, or the time limit.
    until: Duration,
}

impl Slices {
    fn new(driver: &Driver, meter: Option<&backtrack::progress::Meter>) -> Self {
        let mut base = Limits::none().cancel(driver.stopper.cancel().clone());
        if let Some(meter) = meter {
            base = base.meter(meter.clone());
        }
        Slices {
            base,
            time: driver.settings.flags.time,
            start: Instant::now(),
            until: Duration::ZERO,
        }
    }

    /// The limits of the next slice (a time limit counts from the search's first call,
    /// which is this run's start).
    fn limits(&mut self) -> Limits {
        let save_at = self.start.elapsed() + SAVE_EVERY;
        self.until = self.time.map_or(save_at, |time| time.min(save_at));
        self.base.clone().time(self.until)
    }

    /// Did the slice that ended for `stopped` end at its pause, to go on after a save?
    fn paused(&self, stopped: Option<StopReason>) -> bool {
        stopped == Some(StopReason::TimeLimit) && self.time.is_none_or(|time| self.until < time)
    }
}
