//! Counting: in search order, on threads, one part of a count in parts, subproblem by
//! subproblem with a checkpoint, or across the ranks of an MPI job; and the one way
//! every count is printed.

use std::path::Path;
use std::time::Duration;

use anyhow::Result;
use backtrack::durable::{
    count_here, split_for_sharing, Budget, Header, Journal, PartKind, PartRecord, Print, Shape,
    Tally,
};
use backtrack::split::Share;
use backtrack::{Outcome, StopReason};
use serde::Serialize;

use super::job::Countable;

/// How long a count runs on the thread that starts it before it goes to the pool's
/// threads: a count that ends sooner is not worth starting them.
const QUICK: Duration = Duration::from_millis(2);

use super::{output, Counting, Cutoff, Driver, End, VERSION};
use crate::exit::Status;

/// How a count shared out subproblem by subproblem went, for its report.
pub(super) struct Shared {
    /// The subproblems of the split.
    subproblems: usize,
    /// How many of them a checkpoint had already counted, and their nodes.
    resumed: (usize, u64),
    /// What a checkpoint keeps of a stopped count.
    kept: Option<KeptLine>,
    /// The ranks of an MPI job.
    ranks: Option<usize>,
    /// What `--stats` says first (the checkpoint, the ranks).
    note: String,
    /// What follows the note of a cutoff (what the checkpoint keeps).
    cutoff_note: Option<String>,
}

/// A count in JSON: `{"count":92,"unique":12,"complete":true}`.
#[derive(Serialize)]
struct CountLine<'a> {
    count: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    unique: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    subproblems: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    resumed: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ranks: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    kept: Option<&'a KeptLine>,
    #[serde(flatten)]
    end: End,
}

/// What the checkpoint of a stopped count keeps: its finished subproblems and their
/// counts.
#[derive(Serialize)]
struct KeptLine {
    subproblems: usize,
    count: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    unique: Option<u64>,
}

impl Driver {
    /// Counts the solutions of `count`, `how` [`super::plan`] said, and prints the count.
    pub(super) fn count(&mut self, count: &dyn Countable, how: Counting) -> Result<Status> {
        let print = count.print();
        match how {
            Counting::Mpi(checkpoint) => self.count_mpi(count, checkpoint.as_deref()),
            Counting::Part(share) => {
                self.expect(count);
                self.count_part(count, share)
            }
            Counting::Checkpoint(path) => {
                self.expect(count);
                self.count_checkpointed(count, &path)
            }
            Counting::InOrder => {
                self.expect(count);
                let progress = self.progress(false);
                let mut limits = self.limits(progress.meter());
                if let super::Mode::Count { limit: Some(k) } = self.settings.flags.mode {
                    limits = limits.solutions(k);
                }
                let outcome = count.in_order(limits);
                progress.finish();
                self.report_count(&outcome, print, None)
            }
            Counting::Threads => {
                self.expect(count);
                // A count done within QUICK on this thread needs no pool: its threads would
                // cost more than the count (a file of sudokus, a small board).
                if self.settings.flags.time.is_none() {
                    let outcome = count.in_order(self.limits(None).time(QUICK));
                    if outcome.stopped != Some(StopReason::TimeLimit) {
                        return self.report_count(&outcome, print, None);
                    }
                }
                let outcome = self.on_pool(|limits| count.on_threads(limits))?;
                self.report_count(&outcome, print, None)
            }
        }
    }

    /// Runs `count` in a pool of `--threads` threads (all cores by default), given the
    /// time limit, the stop flag and the meter, with the progress line.
    fn on_pool<T: Send>(
        &mut self,
        count: impl FnOnce(&backtrack::ParallelLimits) -> T + Send,
    ) -> Result<T> {
        let pool = self.pool(self.settings.flags.threads.unwrap_or(0))?;
        let progress = self.progress(false);
        let limits = self.parallel_limits(progress.meter());
        let found = pool.install(|| count(&limits));
        progress.finish();
        Ok(found)
    }

    /// Prints a count: `N`, `N (partial: stopped by SIGINT)`, or `{"count":N,…}`; `print`
    /// says which of the counts the text prints (JSON has both). A count shared out
    /// subproblem by subproblem says so (`shared`): in JSON its subproblems, in `--stats`
    /// its note first.
    pub(super) fn report_count(
        &mut self,
        outcome: &Outcome<Tally>,
        print: Print,
        shared: Option<&Shared>,
    ) -> Result<Status> {
        let cutoff = self.cutoff_of(outcome.stopped);
        let at_limit = outcome.stopped == Some(StopReason::SolutionLimit);
        let shown = print.pick(outcome.found);
        if self.settings.flags.json {
            self.json(&CountLine {
                count: outcome.found.count,
                unique: outcome.found.unique,
                subproblems: shared.map(|shared| shared.subproblems),
                resumed: shared.map(|shared| shared.resumed.0),
                ranks: shared.and_then(|shared| shared.ranks),
                kept: shared.and_then(|shared| shared.kept.as_ref()),
                end: End::new(cutoff),
            })?;
        } else if let Some(cutoff) = cutoff {
            self.line(&format_args!("{shown} (partial: {cutoff})"))?;
        } else {
            self.line(&shown)?;
        }
        self.end_search_output(self.took(&outcome.stats))?;
        if let Some(cutoff) = cutoff {
            note!("{}{cutoff}: the count is partial", self.prefix());
            if let Some(cutoff_note) = shared.and_then(|shared| shared.cutoff_note.as_ref()) {
                note!("{cutoff_note}");
            }
        }
        if at_limit {
            note!(
                "{}stopped at --limit {}: there may be more",
                self.prefix(),
                outcome.found.count
            );
        }
        // The speed of this run: the nodes a checkpoint had were searched before it.
        let fresh = shared.map(|shared| {
            if self.settings.flags.stats && !self.settings.flags.json {
                note!("{}", shared.note);
            }
            outcome.stats.nodes - shared.resumed.1
        });
        self.print_stats(&outcome.stats, cutoff, at_limit, fresh, None);
        Ok(cutoff.map_or(Status::Success, Cutoff::status))
    }

    /// Counts this run's part of a count in parts (`--parts N --part K`) and writes its
    /// record: one JSON object naming the problem and its parameters, sealed by its
    /// checksum. A part stopped early (a signal, `--time-limit`) still writes its record,
    /// marked incomplete, which merge refuses.
    fn count_part(&mut self, count: &dyn Countable, share: Share) -> Result<Status> {
        let identity = self.identity()?;
        let (outcome, layout) = self.on_pool(|limits| count.part(share, limits))?;
        let cutoff = self.cutoff_of(outcome.stopped);
        let record = PartRecord {
            record: PartKind,
            version: VERSION.to_string(),
            problem: identity.problem,
            parameters: identity.parameters,
            print: count.print(),
            part: share.part(),
            parts: share.parts(),
            split: Shape {
                depth: layout.depth,
                subproblems: layout.subproblems,
            },
            subproblems: layout.counted,
            count: outcome.found.count,
            unique: outcome.found.unique,
            nodes: outcome.stats.nodes,
            elapsed: outcome.stats.elapsed.as_secs_f64(),
            complete: cutoff.is_none(),
            stopped: cutoff.map(Cutoff::key),
        };
        self.line(&record.to_line())?;
        self.end_output()?;
        if let Some(cutoff) = cutoff {
            note!(
                "{}{cutoff}: part {} of {} is partial, and merge will refuse it",
                self.prefix(),
                share.part(),
                share.parts()
            );
        }
        self.print_stats(&outcome.stats, cutoff, false, None, None);
        Ok(cutoff.map_or(Status::Success, Cutoff::status))
    }

    /// Counts on this machine's threads (`--threads`, or all cores) subproblem by
    /// subproblem, keeping the checkpoint at `path` (a journal of the finished ones), and
    /// prints the total.
    fn count_checkpointed(&mut self, count: &dyn Countable, path: &Path) -> Result<Status> {
        let identity = self.identity()?;
        let threads = self.threads();
        let progress = self.progress(false);
        let mut budget = Budget::new(self.cancel().clone(), self.settings.flags.time);
        if let Some(meter) = progress.meter() {
            budget = budget.meter(meter.clone());
        }
        let named = format!("{} {}", self.settings.checkpoint_flag, path.display());
        let divided = split_for_sharing(count);
        let header = Header::count(identity, divided.shape(), VERSION);
        let here = Journal::open(path, &named, &header, &divided.subproblems)
            .and_then(|mut journal| count_here(count, &divided, threads, &budget, &mut journal));
        progress.finish();
        let here = here.map_err(output::checkpoint_error)?;
        let note = format!(
            "checkpoint: {} ({} subproblems, {} counted before this run)",
            path.display(),
            here.subproblems,
            here.resumed
        );
        // What the file keeps, which a stopped count's total may exceed: the subproblems the
        // stop cut short are in the total, and not in the file.
        let kept = here.kept;
        let print = count.print();
        let unit = match print {
            Print::Unique => "classes",
            Print::Count => "solutions",
        };
        let shown = print.pick(kept.found);
        let left = here.subproblems - kept.subproblems;
        let cut = match here.cut_short {
            0 => String::new(),
            1 => ", the one the stop cut short among them from its start".to_string(),
            k => format!(", the {k} the stop cut short among them from their start"),
        };
        let kept_note = format!(
            "{}{} keeps {} finished subproblems of {} ({shown} {unit}); given it again, a run counts the other {left}{cut}",
            self.prefix(),
            path.display(),
            kept.subproblems,
            here.subproblems,
        );
        let shared = Shared {
            subproblems: here.subproblems,
            resumed: (here.resumed, here.resumed_nodes),
            kept: here.outcome.stopped.is_some().then_some(KeptLine {
                subproblems: kept.subproblems,
                count: kept.found.count,
                unique: kept.found.unique,
            }),
            ranks: None,
            note,
            cutoff_note: Some(kept_note),
        };
        self.report_count(&here.outcome, print, Some(&shared))
    }

    /// Counts across the ranks of an MPI job (`--mpi`): rank 0 hands the subproblems out
    /// and prints the total as a count prints it, the other ranks print nothing. The
    /// problem and its parameters head rank 0's checkpoint file, if any.
    #[cfg(feature = "mpi")]
    fn count_mpi(&mut self, count: &dyn Countable, checkpoint: Option<&Path>) -> Result<Status> {
        use backtrack::stats::Elapsed;
        let identity = self.identity()?;
        let threads = self.threads();
        let budget = Budget::new(self.cancel().clone(), self.settings.flags.time);
        let named = checkpoint.map(|path| format!("--checkpoint {}", path.display()));
        let Some(total) = super::cluster::count(
            count,
            threads,
            &budget,
            identity,
            checkpoint.zip(named.as_deref()),
        )?
        else {
            return Ok(Status::Success);
        };
        let note = format!(
            "ranks:      {} ({threads} counting threads each), {} subproblems ({} from the checkpoint)\nsetup:      {} (MPI started, the count split)",
            total.ranks, total.subproblems, total.resumed, Elapsed(total.setup)
        );
        let shared = Shared {
            subproblems: total.subproblems,
            resumed: (total.resumed, total.resumed_nodes),
            kept: None,
            ranks: Some(total.ranks),
            note,
            cutoff_note: None,
        };
        self.report_count(&total.outcome, count.print(), Some(&shared))
    }

    /// `--mpi` in a build without MPI: refused by the settings before it gets here.
    #[cfg(not(feature = "mpi"))]
    #[allow(clippy::unused_self)]
    fn count_mpi(&mut self, _: &dyn Countable, _: Option<&Path>) -> Result<Status> {
        anyhow::bail!("--mpi needs backtrack built with MPI: cargo build --release --features mpi (with Open MPI installed)")
    }
}
