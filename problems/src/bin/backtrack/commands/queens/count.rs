//! `queens --count`: the count of a board's solutions (or classes), by the symmetry the
//! flags choose, run by the driver every way it runs a count.

use anyhow::{bail, Result};
use backtrack::durable::{Divided, Print, Shared, Tally};
use backtrack::estimate::Estimate;
use backtrack::split::{Layout, ReplayError, Share, Subproblem};
use backtrack::{Cancel, Limits, Outcome, ParallelLimits};
use backtrack_problems::queens::{CountPlan, Counts, Placement, Reduction, MAX_HALVES};
use clap::ValueEnum;
use serde_json::json;

use super::{places, Args, SymmetryArg, BITBOARDS, HALVES_FROM, MAX_BITBOARD};
use crate::driver::{Countable, Job, Sample, Settings, Task, Timed};

/// What `--stats` describes, by symmetry.
const MIRRORED: &str =
    "bitboards, first queen in the left half (mirror symmetry): about half of the tree";
const SYMMETRIC: &str = "bitboards in a space of representatives under all 8 symmetries (under a tenth of the tree; solutions: the boards reached in it)";
const HALVES: &str = "half boards joined: the top and bottom halves of the board searched by bitboards, in blocks of the columns the top half takes, sorted by their columns and joined (the figures are the half searches': solutions are the halves found, max depth their rows)";

/// What the estimate of a count by half boards cannot know.
const HALVES_CAVEAT: &str = "the time is drawn from random blocks of half boards: other --probe-seed values give about 0.7 to 1.4 times it (see backtrack queens --help)";

/// The count `queens --count` asks for (at most `limit` solutions).
pub(super) fn job(
    args: &Args,
    settings: Settings,
    placement: &Placement,
    limit: Option<u64>,
) -> Result<Job<'static>> {
    let n = args.n;
    if n > MAX_BITBOARD {
        bail!("counting needs N <= {MAX_BITBOARD} (bitboards), not {n}; a count that large could not finish anyway");
    }
    let symmetry = count_symmetry(args, placement, limit)?;
    let plan = CountPlan::new(
        placement,
        match symmetry {
            SymmetryArg::None => Reduction::None,
            SymmetryArg::Mirror => Reduction::Mirror,
            SymmetryArg::Full => Reduction::Full,
            SymmetryArg::Halves => Reduction::Halves,
        },
    )?;
    let count = QueensCount {
        plan,
        unique: args.unique,
        halves: symmetry == SymmetryArg::Halves,
    };
    let parameters = json!({
        "n": n,
        "symmetry": symmetry_name(symmetry),
        "place": places(&args.place),
    });
    Ok(Job::new(settings, Task::count(count))
        .describe(match symmetry {
            SymmetryArg::None => BITBOARDS,
            SymmetryArg::Mirror => MIRRORED,
            SymmetryArg::Full => SYMMETRIC,
            SymmetryArg::Halves => HALVES,
        })
        .identity("queens", parameters))
}

/// The `--symmetry` a count runs with: the one asked for if it fits the board and the
/// other flags, else the default (half boards from 13 to 27 queens, the symmetric space below
/// and with --unique, the whole tree with --place or --limit).
fn count_symmetry(args: &Args, placement: &Placement, limit: Option<u64>) -> Result<SymmetryArg> {
    let n = args.n;
    Ok(match args.symmetry {
        Some(SymmetryArg::None) if args.unique => {
            bail!("--unique counts classes with --symmetry full (the default with --unique), not none")
        }
        Some(SymmetryArg::Mirror) if args.unique => {
            bail!("--unique counts classes with --symmetry full (the default with --unique), not mirror")
        }
        Some(SymmetryArg::Halves) if args.unique => {
            bail!("--unique counts classes with --symmetry full (the default with --unique), not halves: half boards are never whole")
        }
        Some(SymmetryArg::Mirror | SymmetryArg::Full | SymmetryArg::Halves)
            if !placement.is_empty() =>
        {
            bail!("--symmetry mirror, full and halves count an empty board: with --place, use --symmetry none (the default there)")
        }
        Some(SymmetryArg::Halves) if args.common.run.node_limit.is_some() => {
            bail!("--node-limit stops one search at an exact node, and half boards are many searches: use --symmetry full (the default with --node-limit)")
        }
        Some(SymmetryArg::Halves) if n > MAX_HALVES => {
            bail!("--symmetry halves counts boards up to N = {MAX_HALVES} (its half boards take memory), not {n}; use --symmetry full")
        }
        Some(SymmetryArg::Mirror | SymmetryArg::Full | SymmetryArg::Halves) if limit.is_some() => {
            bail!(
                "--count --limit counts in search order, with --symmetry none (the default there)"
            )
        }
        Some(symmetry) => symmetry,
        None if args.unique && limit.is_some() => {
            bail!("--limit cannot be used with --unique --count: it counts every class")
        }
        None if args.unique => SymmetryArg::Full,
        None if placement.is_empty()
            && limit.is_none()
            && args.common.run.node_limit.is_none()
            && (HALVES_FROM..=MAX_HALVES).contains(&n) =>
        {
            SymmetryArg::Halves
        }
        None if placement.is_empty() && limit.is_none() => SymmetryArg::Full,
        None => SymmetryArg::None,
    })
}

/// A count of queens, as the driver runs counts: by the plan of its symmetry, of the
/// classes with `--unique`.
struct QueensCount {
    plan: CountPlan,
    unique: bool,
    /// By half boards, whose sample times the count by the blocks it draws.
    halves: bool,
}

impl QueensCount {
    /// The figure a sample reports: the classes with `--unique`, else the solutions.
    fn pick(&self, outcome: &Outcome<Counts>) -> Outcome<u64> {
        Outcome {
            found: if self.unique {
                outcome
                    .found
                    .unique
                    .expect("--unique counts with full symmetry, which counts the classes")
            } else {
                outcome.found.total
            },
            stats: outcome.stats,
            stopped: outcome.stopped,
        }
    }
}

impl Shared for QueensCount {
    fn split(&self, at_least: usize) -> Divided {
        let split = self.plan.split(at_least);
        Divided {
            depth: split.depth,
            subproblems: split.subproblems,
            weights: split.weights,
            above: tally(&split.above),
        }
    }

    fn count(&self, sub: &Subproblem, limits: Limits) -> Result<Outcome<Tally>, ReplayError> {
        Ok(tally(&self.plan.count_subproblem(sub, limits)?))
    }
}

impl Countable for QueensCount {
    fn in_order(&self, limits: Limits) -> Outcome<Tally> {
        tally(&self.plan.run_in_order(limits))
    }

    fn on_threads(&self, limits: &ParallelLimits) -> Outcome<Tally> {
        tally(&self.plan.run(limits))
    }

    fn part(&self, share: Share, limits: &ParallelLimits) -> (Outcome<Tally>, Layout) {
        let (outcome, layout) = self.plan.run_share(share, limits);
        (tally(&outcome), layout)
    }

    fn probe(&self, probes: u32, seed: u64, cancel: &Cancel) -> Estimate {
        self.plan.estimate(probes, seed, Some(cancel))
    }

    fn sample(&self, limits: Limits, seed: u64) -> Sample {
        if !self.halves {
            return (self.pick(&self.plan.run_in_order(limits)), None);
        }
        let (outcome, timed) = self.plan.sample(limits, seed);
        let timed = timed.map(|timed| Timed {
            seconds: timed.seconds,
            draws: timed.draws,
        });
        (self.pick(&outcome), timed)
    }

    fn caveat(&self) -> Option<String> {
        self.halves.then(|| HALVES_CAVEAT.to_string())
    }

    fn draws(&self) -> bool {
        self.halves
    }

    fn print(&self) -> Print {
        if self.unique {
            Print::Unique
        } else {
            Print::Count
        }
    }
}

/// `--symmetry`'s value as typed.
fn symmetry_name(symmetry: SymmetryArg) -> String {
    symmetry
        .to_possible_value()
        .map_or_else(String::new, |value| value.get_name().to_string())
}

/// A count's [`Counts`] as a [`Tally`].
fn tally(outcome: &Outcome<Counts>) -> Outcome<Tally> {
    Outcome {
        found: Tally {
            count: outcome.found.total,
            unique: outcome.found.unique,
        },
        stats: outcome.stats,
        stopped: outcome.stopped,
    }
}
