//! `--checkpoint FILE` and `--resume FILE` for a listing or a branch and bound: the
//! search's [`Position`] and the number of solutions printed (or the best found), saved
//! every few seconds and when the search stops, so that a search stopped goes on where it
//! stopped.
//!
//! The file is two lines, each headed by the CRC-32 of the rest: a header naming the
//! listing (the problem and its parameters, the version), then the number of solutions
//! listed and the position. It is replaced whole each time (a temporary file, synced,
//! then renamed over it), so a crash leaves the last one saved.

use std::fs::File;
use std::io::{self, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use backtrack::{Limits, Optimize, Outcome, Position, Problem, Search, StopReason};
use serde_json::{json, Value};

use super::list::Listed;
use super::shared::{check_header, checked, held, in_use, with_checksum};
use super::{output, plural, Driver, Mode, Out, Stop};
use crate::exit::Status;

/// How often the position of a listing is saved while it runs.
const SAVE_EVERY: Duration = Duration::from_secs(2);

/// What a checkpoint of a listing or a branch and bound holds: the solutions listed (or
/// the best found) before the position, and the position.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Saved<T> {
    listed: T,
    position: Position,
}

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
        mut emit: impl FnMut(&mut Out, u64, P::Solution) -> io::Result<bool>,
    ) -> Result<Status>
    where
        P: Problem + Clone,
        P::Ops: Clone,
    {
        let identity = self.identity()?;
        let header = json!({
            "checkpoint": "backtrack listing",
            "version": env!("CARGO_PKG_VERSION"),
            "count": { "problem": identity.problem, "parameters": identity.parameters },
        });
        let thing = self.thing;
        let shown = format!("{} {}", self.settings.checkpoint_flag, path.display());
        let mut finished = false;
        let (mut listed, mut search) = match read::<u64>(path, &shown, &header)? {
            Some(saved) => {
                finished = saved.position.done;
                let search = Search::resume(problem, &saved.position)
                    .map_err(|err| anyhow!("{shown}: {err}"))?;
                (saved.listed, search)
            }
            None => (0, Search::new(problem)),
        };
        let mut held = Held::take(path, &shown, &header, &listed, &search.position())?;
        let resumed_nodes = search.stats().nodes;
        let limit = match self.settings.mode {
            Mode::List { limit } => limit,
            _ => None,
        };
        // Nothing left to print: said, or the run would print nothing at all.
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
        let progress = self.progress(true);
        let mut slices = Slices::new(self, progress.meter());
        let mut result = Ok(());
        'listing: loop {
            search = search.limits(slices.limits());
            loop {
                if limit.is_some_and(|k| listed >= k) {
                    break 'listing;
                }
                let Some(solution) = search.next() else { break };
                match emit(&mut self.out, listed + 1, solution) {
                    Ok(printed) => listed += u64::from(printed),
                    Err(err) => {
                        result = Err(err);
                        break 'listing;
                    }
                }
            }
            if !slices.paused(search.stopped()) {
                break;
            }
            self.flush()?;
            held.save(&listed, &search.position())?;
        }
        progress.finish();
        result.map_err(output::failed)?;
        self.flush()?;
        held.save(&listed, &search.position())?;
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
        print: impl FnOnce(&mut Out, &P::Solution, &P::Value, Option<Stop>) -> io::Result<()>,
    ) -> Result<Status>
    where
        P: Optimize + Clone,
        P::Ops: Clone,
        P::Solution: serde::Serialize + serde::de::DeserializeOwned,
        P::Value: serde::Serialize + serde::de::DeserializeOwned,
    {
        let identity = self.identity()?;
        let header = json!({
            "checkpoint": "backtrack best",
            "version": env!("CARGO_PKG_VERSION"),
            "count": { "problem": identity.problem, "parameters": identity.parameters },
        });
        let shown = format!("{} {}", self.settings.checkpoint_flag, path.display());
        let (mut best, mut search) =
            match read::<Option<(P::Solution, P::Value)>>(path, &shown, &header)? {
                Some(saved) => {
                    let search = Search::resume(problem, &saved.position)
                        .map_err(|err| anyhow!("{shown}: {err}"))?;
                    (saved.listed, search)
                }
                None => (None, Search::new(problem)),
            };
        let mut held = Held::take(path, &shown, &header, &best, &search.position())?;
        let resumed_nodes = search.stats().nodes;
        let progress = self.progress(false);
        let mut slices = Slices::new(self, progress.meter());
        loop {
            search = search.limits(slices.limits());
            search.best_more(&mut best);
            if !slices.paused(search.stopped()) {
                break;
            }
            held.save(&best, &search.position())?;
        }
        progress.finish();
        held.save(&best, &search.position())?;
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
            time: driver.settings.time,
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

/// What the listing checkpoint at `path` saved, if there is one: `None` if there is no
/// file. A file that is not this listing's checkpoint, or whose checksums do not match,
/// is refused.
fn read<T: serde::de::DeserializeOwned>(
    path: &Path,
    shown: &str,
    header: &Value,
) -> Result<Option<Saved<T>>> {
    let text = match std::fs::read(path) {
        Ok(bytes) => String::from_utf8(bytes)
            .map_err(|_| anyhow!("{shown} is not a checkpoint of backtrack: it is not text"))?,
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(err) => return Err(err).with_context(|| format!("{shown}: cannot read")),
    };
    let mut lines = text.lines();
    let first = lines.next().and_then(checked).ok_or_else(|| {
        anyhow!("{shown} is not a checkpoint of backtrack: its first line is not its header")
    })?;
    check_header(first, header, shown)?;
    let second = lines
        .next()
        .ok_or_else(|| anyhow!("{shown}, line 2: missing: the file was cut short"))?;
    let second = checked(second).ok_or_else(|| {
        anyhow!("{shown}, line 2: its checksum does not match: the file was changed or damaged")
    })?;
    let saved: Saved<T> =
        serde_json::from_str(second).map_err(|err| anyhow!("{shown}, line 2: {err}"))?;
    Ok(Some(saved))
}

/// [`Saved`], borrowed, to write.
#[derive(serde::Serialize)]
struct SavedRef<'a, T> {
    listed: &'a T,
    position: &'a Position,
}

/// A listing's or a branch and bound's checkpoint, held by this run: saved, and locked
/// so that a second run given the same file is refused instead of saving over this one.
/// Each save replaces the file, so the lock is taken again on the new one.
struct Held<'a> {
    path: &'a Path,
    shown: &'a str,
    header: &'a Value,
    lock: File,
}

impl<'a> Held<'a> {
    /// Takes the checkpoint at `path`, refused if another run holds it: saves `listed`
    /// and `position` there at once (a new checkpoint is made before the search starts,
    /// so that a second run finds it), and locks it.
    fn take<T: serde::Serialize>(
        path: &'a Path,
        shown: &'a str,
        header: &'a Value,
        listed: &T,
        position: &Position,
    ) -> Result<Self> {
        if path.exists() {
            // Not saved over before it is ours.
            lock(path, shown)?;
        }
        save(path, shown, header, listed, position)?;
        let lock = lock(path, shown)?;
        Ok(Held {
            path,
            shown,
            header,
            lock,
        })
    }

    /// Saves `listed` and `position`, and locks the new file.
    fn save<T: serde::Serialize>(&mut self, listed: &T, position: &Position) -> Result<()> {
        save(self.path, self.shown, self.header, listed, position)?;
        self.lock = lock(self.path, self.shown)?;
        Ok(())
    }
}

/// Locks the checkpoint at `path` for this run: an error if another run holds it.
fn lock(path: &Path, shown: &str) -> Result<File> {
    let file = File::open(path).map_err(|err| output::failed_to(shown, err))?;
    if !held(&file).map_err(|err| output::failed_to(shown, err))? {
        bail!("{}", in_use(shown, ""));
    }
    Ok(file)
}

/// Saves `listed` and `position` in the checkpoint at `path`: written to a temporary
/// file beside it, synced, and renamed over it. A failure is a failed write of the
/// output (exit status 4): what was printed stands, the checkpoint is the last saved.
fn save<T: serde::Serialize>(
    path: &Path,
    shown: &str,
    header: &Value,
    listed: &T,
    position: &Position,
) -> Result<()> {
    let cannot = |err: io::Error| output::failed_to(shown, err);
    let saved = SavedRef { listed, position };
    let body = serde_json::to_string(&saved).map_err(|err| cannot(err.into()))?;
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".tmp");
    let temporary = path.with_file_name(name);
    let mut file = File::create(&temporary).map_err(cannot)?;
    writeln!(file, "{}", with_checksum(&header.to_string())).map_err(cannot)?;
    writeln!(file, "{}", with_checksum(&body)).map_err(cannot)?;
    file.sync_all().map_err(cannot)?;
    std::fs::rename(&temporary, path).map_err(cannot)?;
    Ok(())
}
