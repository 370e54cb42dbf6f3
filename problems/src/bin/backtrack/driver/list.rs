//! Listing solutions as they come: on one thread in search order, searched ahead on
//! several threads, or going on from a checkpoint; and the one solution of a direct
//! method (a construction, a local search).

use std::io;
use std::time::{Duration, Instant};

use anyhow::Result;
use backtrack::durable::{Print, Tally};
use backtrack::observer::{OnSolution, Solutions};
use backtrack::stats::Elapsed;
use backtrack::{
    parallel, Cancel, Limits, Outcome, Problem, Search, SplitDepth, Stats, StopReason,
};

use super::job::Direct;
use super::report::{Closing, DirectStats};
use super::End;
use super::{output, plural, Cutoff, Driver, How, Mode, Out};
use crate::exit::Status;

impl Driver {
    /// Lists the solutions of `problem` as they come, at most `--first`/`--limit` of them,
    /// `how` [`super::plan`] said: `emit` writes solution number `index` (1-based) and
    /// says whether it printed it (a filter may skip some). Ends with `no solution` (text,
    /// exit status 1) or a closing JSON line `{"solutions":N,"complete":…}`; a stopped
    /// listing says so on stderr.
    ///
    /// On several threads, its subtrees below `depth` are searched ahead
    /// ([`parallel::solutions`]): the same solutions in the same order, its statistics
    /// every thread's.
    pub(super) fn list<P>(
        &mut self,
        problem: P,
        depth: usize,
        how: How,
        emit: impl FnMut(&mut Out, u64, P::Solution) -> io::Result<bool>,
    ) -> Result<Status>
    where
        P: Problem + Clone + Send + Sync + 'static,
        P::Ops: Clone,
        P::Op: Send + Sync + 'static,
        P::Solution: Send + 'static,
    {
        let limit = self.listing_limit();
        match how {
            How::Checkpoint(path) => self.list_resumable(problem, &path, emit),
            How::Serial if limit.is_none() => {
                let progress = self.progress(true);
                let (listed, result, outcome) =
                    self.emit_found(problem, self.limits(progress.meter()), emit);
                progress.finish();
                result.map_err(output::failed)?;
                let end = Listed {
                    count: listed,
                    limit,
                    stopped: outcome.stopped,
                    after: "",
                    fresh: None,
                    threads: None,
                };
                self.finish_listing(&end, &outcome.stats)
            }
            How::Serial => {
                let progress = self.progress(true);
                let mut search = Search::new(problem).limits(self.limits(progress.meter()));
                let (listed, result) = self.emit_all(&mut search, limit, emit);
                progress.finish();
                result.map_err(output::failed)?;
                let end = Listed {
                    count: listed,
                    limit,
                    stopped: search.stopped(),
                    after: "",
                    fresh: None,
                    threads: None,
                };
                self.finish_listing(&end, search.stats())
            }
            How::Threads(threads) => {
                let progress = self.progress(true);
                let limits = self.parallel_limits(progress.meter());
                let mut listing = parallel::solutions(problem, SplitDepth(depth), &limits, threads);
                let (listed, result) = self.emit_all(&mut listing, limit, emit);
                // The workers stopped and joined before anything more is printed, and
                // their statistics counted.
                listing.stop();
                let (stopped, stats) = (listing.stopped(), listing.stats());
                progress.finish();
                result.map_err(output::failed)?;
                let end = Listed {
                    count: listed,
                    limit,
                    stopped,
                    after: "",
                    fresh: None,
                    threads: Some(threads),
                };
                self.finish_listing(&end, &stats)
            }
        }
    }

    /// `--first` (1) or `--limit K` of a listing.
    pub(super) fn listing_limit(&self) -> Option<u64> {
        match self.settings.flags.mode {
            Mode::List { limit } | Mode::Count { limit } => limit,
            Mode::Best => None,
        }
    }

    /// Prints the `solutions` with `emit` until `limit` are printed or there are no more:
    /// how many were printed, and the first error writing them, if any.
    fn emit_all<S>(
        &mut self,
        solutions: &mut impl Iterator<Item = S>,
        limit: Option<u64>,
        mut emit: impl FnMut(&mut Out, u64, S) -> io::Result<bool>,
    ) -> (u64, io::Result<()>) {
        let mut listed = 0u64;
        while limit.is_none_or(|k| listed < k) {
            let Some(solution) = solutions.next() else {
                break;
            };
            match emit(&mut self.out, listed + 1, solution) {
                Ok(printed) => listed += u64::from(printed),
                Err(err) => return (listed, Err(err)),
            }
        }
        (listed, Ok(()))
    }

    /// Prints every solution of `problem` with `emit` as the search finds it, under
    /// `limits`: how many were printed, the first error writing them, if any, and the
    /// search's outcome. A listing with no limit of its own needs no pause between two
    /// solutions, so the search is a count whose observer prints each solution (the
    /// engine's lean kernel when no node budget asks for the general one), with the same
    /// solutions in the same order and the same statistics as the iterator's. A failed
    /// write stops the search at its next look at its flag (the run's
    /// [`Driver::unwritable`], a child of the one the signals set), and nothing more is
    /// printed.
    fn emit_found<P>(
        &mut self,
        problem: P,
        limits: Limits,
        emit: impl FnMut(&mut Out, u64, P::Solution) -> io::Result<bool>,
    ) -> (u64, io::Result<()>, Outcome<u64>)
    where
        P: Problem,
    {
        let limits = limits.cancel(self.unwritable.clone());
        let mut printer = Printer {
            out: &mut self.out,
            emit,
            listed: 0,
            failed: None,
            stop: &self.unwritable,
        };
        let outcome = Search::new(problem)
            .limits(limits)
            .observer(Solutions(&mut printer))
            .count_solutions();
        let result = printer.failed.take().map_or(Ok(()), Err);
        (printer.listed, result, outcome)
    }

    /// Ends a listing: its closing line, a note if it is partial, its `--stats`, and its
    /// exit status.
    pub(super) fn finish_listing(&mut self, end: &Listed<'_>, stats: &Stats) -> Result<Status> {
        let cutoff = self.cutoff_of(end.stopped);
        // Past the limit only when a checkpoint had listed more before.
        let at_limit = end.limit.is_some_and(|k| end.count >= k);
        self.end_listing(end.count, cutoff, self.took(stats))?;
        if let Some(cutoff) = cutoff {
            let thing = self.thing;
            if end.limit == Some(1) && end.count == 0 {
                // A search for the first solution lists nothing until it finds one: no
                // listing to call partial, and none found is all that is known.
                note!(
                    "{}{cutoff}: no {thing} found before the stop (the search for the first did not end){}",
                    self.prefix(),
                    end.after
                );
            } else {
                note!(
                    "{}{cutoff} after {}: the listing is partial{}",
                    self.prefix(),
                    plural(end.count, thing, &format!("{thing}s")),
                    end.after
                );
            }
        }
        self.print_stats(
            stats,
            cutoff,
            at_limit,
            end.fresh,
            end.threads.map(|threads| (threads, end.count)),
        );
        Ok(match cutoff {
            Some(cutoff) => cutoff.status(),
            None if end.count == 0 => Status::NoSolution,
            None => Status::Success,
        })
    }

    /// Ends a listing of `listed` solutions, whose search took `took` by its own clock:
    /// in JSON its closing line, in text `no solution` if it found none and was not
    /// stopped; then ends the output ([`Driver::end_search_output`]).
    fn end_listing(&mut self, listed: u64, cutoff: Option<Cutoff>, took: Duration) -> Result<()> {
        if self.settings.flags.json {
            self.json(&Closing {
                solutions: listed,
                end: End::new(cutoff),
            })?;
        } else if listed == 0 && cutoff.is_none() {
            self.line(&"no solution")?;
        }
        self.end_search_output(took)
    }

    /// A task known to have no solution before any search (`why`): said on stderr, and
    /// printed as the mode prints none.
    pub(super) fn unsolvable(&mut self, why: &str) -> Result<Status> {
        note!("{}{why}: no solution", self.prefix());
        if let Mode::Count { .. } = self.settings.flags.mode {
            let none = Outcome {
                found: Tally::default(),
                stats: Stats::default(),
                stopped: None,
            };
            return self.report_count(&none, Print::Count, None);
        }
        self.end_listing(0, None, Duration::ZERO)?;
        Ok(Status::NoSolution)
    }

    /// Prints the one solution a direct method finds (not a search: a construction, a
    /// local search), as a listing prints the first of a search: `find` is given the flag
    /// that the signals set, and says what it found (or fails, an error). With `--stats`,
    /// the method and the time it took.
    pub(super) fn direct<S>(
        &mut self,
        find: impl FnOnce(&Cancel) -> Result<Direct<S>>,
        emit: impl FnOnce(&mut Out, u64, S) -> io::Result<bool>,
    ) -> Result<Status> {
        let start = Instant::now();
        let found = find(self.cancel())?;
        let elapsed = start.elapsed();
        // Whether a solution was found, though not printed whole.
        let mut cut = false;
        let (listed, cutoff) = match found {
            // A signal while it was found (a construction does not look at it) or printed
            // (`emit` stops a big board after whole lines): not printed, or not all of it.
            Direct::Found(solution) => {
                let printed = self.stopper.signal().is_none()
                    && emit(&mut self.out, 1, solution).map_err(output::failed)?;
                cut = !printed;
                let cutoff = cut.then(|| self.cutoff_of(Some(StopReason::Cancelled)));
                (u64::from(printed), cutoff.flatten())
            }
            Direct::NoSolution => (0, None),
            Direct::GaveUp(cutoff) => (0, Some(cutoff)),
            Direct::Cancelled => (0, self.cutoff_of(Some(StopReason::Cancelled))),
        };
        self.end_listing(listed, cutoff, elapsed)?;
        match cutoff {
            Some(cutoff) if cut => {
                note!(
                    "{}{cutoff}: the solution found is not printed whole",
                    self.prefix()
                );
            }
            Some(cutoff) => note!("{}{cutoff}: no solution found", self.prefix()),
            None => {}
        }
        if self.settings.flags.stats {
            if self.settings.flags.json {
                let line = DirectStats {
                    search: &self.search,
                    elapsed: elapsed.as_secs_f64(),
                    end: End::new(cutoff),
                };
                note!("{}", self.tagged(&line));
            } else {
                note!(
                    "search:     {}\ntime:       {}",
                    self.search,
                    Elapsed(elapsed)
                );
            }
        }
        Ok(match cutoff {
            Some(cutoff) => cutoff.status(),
            None if listed == 0 => Status::NoSolution,
            None => Status::Success,
        })
    }
}

/// Prints each solution a search finds ([`Driver::emit_found`]): how many it printed, and
/// the first error writing one, after which it prints none and stops the search.
struct Printer<'a, E> {
    out: &'a mut Out,
    emit: E,
    listed: u64,
    failed: Option<io::Error>,
    /// The search's flag ([`Driver::unwritable`]), set when a write fails: the search
    /// stops at its next look at it.
    stop: &'a Cancel,
}

impl<P, E> OnSolution<P> for Printer<'_, E>
where
    P: Problem,
    E: FnMut(&mut Out, u64, P::Solution) -> io::Result<bool>,
{
    fn on_solution(&mut self, problem: &P, _depth: usize) {
        if self.failed.is_some() {
            return;
        }
        match (self.emit)(self.out, self.listed + 1, problem.solution()) {
            Ok(printed) => self.listed += u64::from(printed),
            Err(err) => {
                self.failed = Some(err);
                self.stop.cancel();
            }
        }
    }
}

/// How a listing ended, for [`Driver::finish_listing`].
pub(super) struct Listed<'a> {
    /// The solutions printed.
    pub(super) count: u64,
    /// `--first` or `--limit K`.
    pub(super) limit: Option<u64>,
    /// Why the search stopped, if it did.
    pub(super) stopped: Option<StopReason>,
    /// What the note of a stop ends with (`; --resume FILE goes on with it`).
    pub(super) after: &'a str,
    /// The nodes searched in this run, when a checkpoint had the others.
    pub(super) fresh: Option<u64>,
    /// The threads of a listing searched on several.
    pub(super) threads: Option<usize>,
}
