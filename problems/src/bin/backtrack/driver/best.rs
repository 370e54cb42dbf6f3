//! The best solution, by branch and bound: on one thread in search order, on several
//! with a shared incumbent, or going on from a checkpoint.

use std::io;

use anyhow::Result;
use backtrack::{parallel, Optimize, Outcome, Search, SplitDepth};

use super::report::NoBest;
use super::End;
use super::{output, Cutoff, Driver, How, Out};
use crate::exit::Status;

impl Driver {
    /// The best solution of `problem`, by branch and bound, `how` [`super::plan`] said,
    /// printed by `print` (given why the search stopped early, if it did: the best found
    /// so far).
    ///
    /// On several threads, the subtrees below `depth` are searched in parallel with a
    /// shared incumbent ([`parallel::best`]): the same solution as the serial search,
    /// among equal values too; the statistics (nodes, prunings) are those of the parallel
    /// search.
    pub(super) fn best<P>(
        &mut self,
        problem: P,
        depth: usize,
        how: How,
        print: impl FnOnce(&mut Out, &P::Solution, &P::Value, Option<Cutoff>) -> io::Result<()>,
    ) -> Result<Status>
    where
        P: Optimize + Clone + Send + Sync,
        P::Ops: Clone,
        P::Op: Send + Sync,
        P::Solution: serde::Serialize + serde::de::DeserializeOwned + Send,
        P::Value: serde::Serialize + serde::de::DeserializeOwned + Send,
    {
        let threads = match how {
            How::Checkpoint(path) => return self.best_resumable(problem, &path, print),
            How::Serial => None,
            How::Threads(threads) => Some(threads),
        };
        let progress = self.progress(false);
        let outcome = match threads {
            None => Search::new(problem)
                .limits(self.limits(progress.meter()))
                .best(),
            Some(threads) => {
                let pool = self.pool(threads)?;
                let limits = self.parallel_limits(progress.meter());
                pool.install(|| parallel::best(&problem, SplitDepth(depth), &limits))
            }
        };
        progress.finish();
        self.report_best::<P>(&outcome, print, None)
    }

    /// Prints what a branch and bound found, its speed that of `fresh` nodes if given
    /// (those searched in this run, when a checkpoint had the others).
    pub(super) fn report_best<P: Optimize>(
        &mut self,
        outcome: &Outcome<Option<(P::Solution, P::Value)>>,
        print: impl FnOnce(&mut Out, &P::Solution, &P::Value, Option<Cutoff>) -> io::Result<()>,
        fresh: Option<u64>,
    ) -> Result<Status> {
        let cutoff = self.cutoff_of(outcome.stopped);
        let thing = self.thing;
        match &outcome.found {
            Some((solution, value)) => {
                print(&mut self.out, solution, value, cutoff).map_err(output::failed)?;
            }
            None if self.settings.flags.json => {
                self.json(&NoBest {
                    solution: None,
                    end: End::new(cutoff),
                })?;
            }
            None => match cutoff {
                None => self.line(&"no solution")?,
                Some(cutoff) => self.line(&format_args!("no {thing} found (partial: {cutoff})"))?,
            },
        }
        self.end_output()?;
        match (cutoff, &outcome.found) {
            (Some(cutoff), Some(_)) => {
                note!(
                    "{}{cutoff}: the best {thing} found so far, perhaps not the best",
                    self.prefix()
                );
            }
            (Some(cutoff), None) => {
                note!("{}{cutoff} before any {thing} was found", self.prefix());
            }
            (None, _) => {}
        }
        self.print_stats(&outcome.stats, cutoff, false, fresh, None);
        Ok(match (cutoff, &outcome.found) {
            (Some(cutoff), _) => cutoff.status(),
            (None, None) => Status::NoSolution,
            (None, Some(_)) => Status::Success,
        })
    }
}
