//! `--estimate`: how big a search is and how long it would take, before running it.
//!
//! The size comes from Knuth's random probes of the tree (the engine's
//! [`estimate`](backtrack::estimate)), the speed from a sample: the search itself, run for
//! a quarter of a second. A search that ends within its sample is reported exactly.

use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use backtrack::estimate::{self, Estimate};
use backtrack::stats::Elapsed;
use backtrack::{Cancel, Limits, Optimize, Outcome, Search, StopReason};

use super::job::{Countable, Sample};

use super::{Cutoff, Driver, End, Mode};
use crate::exit::Status;

/// How long the sample that measures the speed runs.
const SAMPLE: Duration = Duration::from_millis(250);
/// The longest the probes may take: past it, the estimate is made of those done.
const PROBING: Duration = Duration::from_secs(10);

/// An interval more than this many times as high as low is said to be rough.
const ROUGH: f64 = 10.0;

mod report;

use report::{
    number, seconds, spread, EstimateJson, EstimateLine, Interval, Range, Report, Sampled,
};
pub use report::{Estimated, Sum};

impl Driver {
    /// Prints the estimate of the count `count` instead of running it (or of the listing
    /// whose count it is): its tree probed, and a sample of it run for its speed (a count,
    /// in search order, on one thread, stopped after a quarter of a second). A count that
    /// would run on several threads is expected to take the time of one thread divided
    /// among them. A count whose sample times it by the parts it draws (see
    /// [`Countable::draws`]) has that time, with its interval, instead of the estimated nodes
    /// over the sample's speed.
    pub(super) fn estimate_count(&mut self, count: &dyn Countable) -> Result<Status> {
        self.estimate_sampled(
            |probes, seed, cancel| count.probe(probes, seed, cancel),
            |limits, seed| count.sample(limits, seed),
            count.draws(),
            count.caveat(),
        )
    }

    /// The estimate of the branch and bound of `problem`: the probes see the tree
    /// without the bound's pruning, so its nodes are an upper bound (said on stderr); the
    /// sample runs the branch and bound, whose solutions are the improving ones it finds.
    pub(super) fn estimate_best<P: Optimize + Clone>(&mut self, problem: &P) -> Result<Status> {
        let caveat = format!(
            "the probes do not prune by the bound: the nodes and solutions estimated are those of every {}, at most what the branch and bound visits",
            self.thing
        );
        self.estimate_sampled(
            |probes, seed, cancel| {
                estimate::estimate_observed(problem.clone(), (), probes, seed, Some(cancel))
            },
            |limits, _| {
                let outcome = Search::new(problem.clone()).limits(limits).best();
                let ran = Outcome {
                    found: outcome.stats.solutions,
                    stats: outcome.stats,
                    stopped: outcome.stopped,
                };
                (ran, None)
            },
            false,
            Some(caveat),
        )
    }

    /// Prints the estimate of a search instead of running it. `estimate` probes its tree,
    /// given the number of probes, their seed and the flag that the signals set (it may
    /// stop early when that is set); `sample` runs the search with the limits it is given
    /// (which stop it after a quarter of a second) and its seed; `draws`: whether the
    /// sample times the search by the parts it draws (else by its speed alone); `caveat`:
    /// what to say of an estimate that is not exact.
    fn estimate_sampled(
        &mut self,
        estimate: impl FnOnce(u32, u64, &Cancel) -> Estimate,
        sample: impl FnOnce(Limits, u64) -> Sample,
        draws: bool,
        caveat: Option<String>,
    ) -> Result<Status> {
        let (probes, seed) = self.settings.flags.estimate.unwrap_or((1, 1));
        let cancel = self.stopper.cancel().clone();
        let (estimate, timed_out) = probe(estimate, probes, seed, &cancel);
        let threads = self.estimated_threads();
        if let Some(cutoff) = self.cancelled() {
            return self.cut_short_probing(&estimate, probes, seed, threads, cutoff);
        }
        if timed_out {
            self.say_probing_timed_out(&estimate, probes)?;
        }
        let (ran, timed) = sample(Limits::none().cancel(cancel).time(SAMPLE), seed);
        let sampled = self.sampled(&ran, timed);
        if ran.stopped == Some(StopReason::Cancelled) {
            if let Some(cutoff) = self.cancelled() {
                return self.cut_short_sampling(&estimate, &ran, sampled, threads, seed, cutoff);
            }
        }
        let (report, caveat) = if ran.is_exhaustive() {
            (Report::exhaustive(&ran, sampled.prepared, threads), caveat)
        } else {
            sampled_report(&estimate, &ran, sampled, threads, draws, caveat)
        };
        // A caveat of the probes, unless the sample gave the exact figures.
        if let Some(caveat) = caveat.filter(|_| !report.exact) {
            note!("{}{caveat}", self.prefix());
        }
        self.say_if_rough(&report);
        self.print_estimate(&report, estimate.probes, seed)?;
        Ok(Status::Success)
    }

    /// The threads the estimated search would run on: a count's, or one.
    fn estimated_threads(&self) -> usize {
        match self.settings.flags.mode {
            Mode::Count { limit: None } => self
                .settings
                .flags
                .threads
                .unwrap_or_else(rayon::current_num_threads),
            _ => 1,
        }
    }

    /// Ends an estimate that `cutoff` (a signal) stopped while it probed the tree: what
    /// the probes made so far tell, with no sample: no speed, no time.
    fn cut_short_probing(
        &mut self,
        estimate: &Estimate,
        probes: u32,
        seed: u64,
        threads: usize,
        cutoff: Cutoff,
    ) -> Result<Status> {
        // The probes look at the signal only every 64 of them, so it may come after the
        // last one.
        if estimate.probes == probes {
            self.say_unsampled(cutoff, probes);
        } else {
            note!(
                "{}{cutoff} while probing the tree: the estimate is partial ({} of the {probes} probes, no sample of the speed)",
                self.prefix(),
                estimate.probes
            );
        }
        let report = Report::probed(estimate, threads, None, 0, Some(cutoff));
        self.print_estimate(&report, estimate.probes, seed)?;
        Ok(cutoff.status())
    }

    /// Says that the probes ran out of [`PROBING`] time after the `estimate.probes` of
    /// `probes` they made; an error if that is fewer than two.
    fn say_probing_timed_out(&self, estimate: &Estimate, probes: u32) -> Result<()> {
        if estimate.probes < 2 {
            bail!(
                "--estimate: not two probes of the tree in {}: its paths are too long to estimate it this way",
                Elapsed(PROBING)
            );
        }
        note!(
            "{}--estimate: {} of the {probes} probes in {} (the rest would take too long); the intervals are as wide as that few make them",
            self.prefix(),
            estimate.probes,
            Elapsed(PROBING)
        );
        Ok(())
    }

    /// What the sample `ran` measured (and `timed`, the time it drew from the parts it
    /// ran, if any), unless it ran the whole search (then it is exact).
    fn sampled(&self, ran: &Outcome<u64>, timed: Option<super::Timed>) -> Sampled {
        // The root's work before the search (a sudoku's givens propagated) is the
        // search's too, as --stats counts it.
        let prepared = self
            .prepared
            .as_ref()
            .map_or(0.0, |(took, _)| took.as_secs_f64());
        Sampled {
            speed: ran.stats.nodes_per_sec().max(f64::MIN_POSITIVE),
            seconds: ran.stats.elapsed.as_secs_f64(),
            prepared,
            nodes: ran.stats.nodes,
            timed,
        }
    }

    /// Ends an estimate that `cutoff` (a signal) stopped while it sampled the search
    /// (`ran`, which measured `sampled`), its probes all made.
    fn cut_short_sampling(
        &mut self,
        estimate: &Estimate,
        ran: &Outcome<u64>,
        sampled: Sampled,
        threads: usize,
        seed: u64,
        cutoff: Cutoff,
    ) -> Result<Status> {
        // The speed is that of the sample cut short, if it visited any node, and the time
        // that of the parts it drew, if it drew enough of them to tell their spread.
        let sampled = (ran.stats.nodes > 0 && !ran.stats.elapsed.is_zero()).then_some(sampled);
        if let Some(timed) = sampled.and_then(|sampled| sampled.timed) {
            note!(
                "{}{cutoff} while sampling the search: the estimate is partial (its time drawn from the {} parts of the search sampled before it was cut short)",
                self.prefix(),
                timed.draws
            );
        } else if sampled.is_some() {
            note!(
                "{}{cutoff} while sampling the search: the estimate is partial (its speed measured on a sample cut short)",
                self.prefix()
            );
        } else {
            self.say_unsampled(cutoff, estimate.probes);
        }
        let report = Report::probed(estimate, threads, sampled, ran.found, Some(cutoff));
        self.print_estimate(&report, estimate.probes, seed)?;
        Ok(cutoff.status())
    }

    /// Says on stderr what an estimate whose probes disagree widely cannot tell: an
    /// interval of nodes or solutions more than [`ROUGH`] times as high as low.
    fn say_if_rough(&self, report: &Report) {
        if report.exact {
            return;
        }
        let figures = [
            ("nodes", report.nodes),
            ("solutions", Some(report.solutions)),
        ];
        let rough: Vec<String> = figures
            .into_iter()
            .filter_map(|(name, range)| {
                let times = spread(range?).filter(|&times| times > ROUGH)?;
                Some(format!("the {name}' interval spans a factor of {times:.0}"))
            })
            .collect();
        if rough.is_empty() {
            return;
        }
        note!(
            "{}--estimate: the probes disagree widely ({}): a few probes that reach far weigh most, so the figures are rough and their 95% intervals cannot be trusted: on a lopsided tree, branches no probe reached can put the true figures orders of magnitude above them; more --probes make that less likely",
            self.prefix(),
            rough.join(", ")
        );
    }

    /// Says on stderr that a signal stopped an estimate whose `probes` were all made before
    /// its sample of the speed measured anything: the nodes and solutions are the probes'
    /// whole estimate, the time unknown.
    fn say_unsampled(&self, cutoff: Cutoff, probes: u32) {
        let made = if probes == 1 {
            "its one probe made".to_string()
        } else {
            format!("all {probes} probes made")
        };
        note!(
            "{}{cutoff} after the probes: the estimate is partial ({made}, but the sample of the speed was cut short before it measured anything: the nodes and solutions are estimated in full, the time is unknown)",
            self.prefix()
        );
    }

    /// The probes `--estimate` was asked to make.
    fn probes_asked(&self) -> u32 {
        self.settings.flags.estimate.map_or(1, |(probes, _)| probes)
    }

    /// The cutoff of a search that a signal ended, if one did.
    fn cancelled(&self) -> Option<Cutoff> {
        self.cutoff_of(Some(StopReason::Cancelled))
    }

    fn print_estimate(&mut self, report: &Report, probes: u32, seed: u64) -> Result<()> {
        if report.stopped.is_none() {
            self.estimated.add(report);
        }
        if self.settings.flags.json {
            self.print_estimate_json(report, probes, seed)?;
        } else {
            let search = self.search.clone();
            if !search.is_empty() {
                self.line(&format_args!("search:     {search}"))?;
            }
            match (report.exact, report.nodes, report.seconds) {
                (true, Some(nodes), Some(time)) => {
                    let time = seconds(time.0);
                    self.line(&format_args!(
                        "nodes:      {} (exact: the search ended within its sample)",
                        nodes.0
                    ))?;
                    self.line(&format_args!("solutions:  {}", report.solutions.0))?;
                    let run = if report.run_threads > 1 {
                        format!("; the count runs on {} threads", report.run_threads)
                    } else {
                        String::new()
                    };
                    self.line(&format_args!(
                        "time:       {time} on 1 thread (the sample's, which ran the whole search{run})"
                    ))?;
                }
                (_, Some(nodes), _) => self.print_probed(report, nodes, probes, seed)?,
                (_, None, _) => {
                    // Stopped before a probe was made.
                    self.line(&"nodes:      unknown: stopped before any probe")?;
                    self.line(&"solutions:  unknown: stopped before any probe")?;
                    self.line(&"time:       unknown: stopped before the sample")?;
                    self.line(&format_args!(
                        "probes:     0 of {}, seed {seed}",
                        self.probes_asked()
                    ))?;
                }
            }
        }
        self.end_output()
    }

    /// The estimate as one JSON line: `{"estimate":{…}}`, with `"complete":false` and
    /// `"stopped"` beside it when a signal cut it short (and in it `"probes_asked"` beside
    /// `"probes"`, those made).
    fn print_estimate_json(&mut self, report: &Report, probes: u32, seed: u64) -> Result<()> {
        // Past the probes' interval, at least what the sample saw: no interval.
        let nodes = if report.at_least.0 {
            Interval::at_least(report.nodes.map(|range| range.0))
        } else {
            Interval::of(report.nodes)
        };
        // The solutions no probe reached are unknown, as the text says: null, not an
        // interval of 0 to 0, which would claim there are none; with what the sample
        // found, at least that many (so too when it found more than the probes allow).
        let solutions = if report.nodes.is_some()
            && (report.exact || (report.solutions.2 > 0.0 && !report.at_least.1))
        {
            Interval::of(Some(report.solutions))
        } else if report.sampled > 0 {
            Interval::at_least(Some(report.sampled))
        } else {
            Interval::of(None)
        };
        let seconds = if report.at_least.0 {
            Interval::at_least(report.seconds.map(|range| range.0))
        } else {
            Interval::of(report.seconds)
        };
        let probed = !report.exact;
        let body = EstimateJson {
            search: self.search.clone(),
            exact: report.exact,
            nodes,
            solutions,
            nodes_per_sec: report.speed.map(f64::round),
            sample_seconds: report.sample,
            threads: report.threads,
            seconds,
            probes: probed.then_some(probes),
            // Cut short, the probes made may be fewer than those asked for, as the text
            // says (`probes:     5 of 100`).
            probes_asked: (probed && report.stopped.is_some()).then(|| self.probes_asked()),
            probe_seed: probed.then_some(seed),
        };
        self.json(&EstimateLine {
            estimate: body,
            end: report.stopped.map(|cutoff| End::new(Some(cutoff))),
        })
    }

    /// The text of an estimate by probes (`nodes` the probes' figure).
    fn print_probed(
        &mut self,
        report: &Report,
        nodes: Range,
        probes: u32,
        seed: u64,
    ) -> Result<()> {
        self.print_probed_counts(report, nodes)?;
        self.print_probed_time(report)?;
        if report.stopped.is_some() && probes < self.probes_asked() {
            self.line(&format_args!(
                "probes:     {probes} of {}, seed {seed}",
                self.probes_asked()
            ))
        } else {
            self.line(&format_args!("probes:     {probes}, seed {seed}"))
        }
    }

    /// The nodes and solutions lines of an estimate by probes.
    fn print_probed_counts(&mut self, report: &Report, nodes: Range) -> Result<()> {
        if report.at_least.0 {
            self.line(&format_args!(
                "nodes:      at least {} (visited by the sample, {BEYOND})",
                number(nodes.0)
            ))?;
        } else {
            self.line(&format_args!("nodes:      {}", with_interval(nodes)))?;
        }
        if report.solutions.2 > 0.0 && !report.at_least.1 {
            self.line(&format_args!(
                "solutions:  {}",
                with_interval(report.solutions)
            ))
        } else if report.sampled > 0 {
            // No probe reached a solution, or the probes fewer than the sample found, but
            // the sample found some: an interval of 0 to 0 would claim there are none.
            let why = if report.at_least.1 {
                BEYOND
            } else {
                "no probe reached one"
            };
            self.line(&format_args!(
                "solutions:  at least {} (found by the sample; {why})",
                report.sampled
            ))
        } else {
            self.line(&format_args!(
                "solutions:  unknown: no probe reached one (they may be too rare for the probes)"
            ))
        }
    }

    /// The speed and time lines of an estimate by probes.
    fn print_probed_time(&mut self, report: &Report) -> Result<()> {
        let threads = if report.threads == 1 {
            "on 1 thread".to_string()
        } else {
            format!("on {} threads", report.threads)
        };
        let cut = match report.stopped {
            Some(cutoff) => format!(" cut short ({cutoff})"),
            None => String::new(),
        };
        match (report.speed, report.sample) {
            (Some(speed), Some(sample)) => self.line(&format_args!(
                "speed:      {} nodes/s, measured on a sample of {}{cut}",
                number(speed),
                seconds(sample)
            ))?,
            _ => self.line(&"speed:      unknown: stopped before the sample")?,
        }
        match report.seconds {
            Some((mean, _, _)) if report.at_least.0 => self.line(&format_args!(
                "time:       at least {} {threads}",
                seconds(mean)
            )),
            Some((mean, low, high)) if high.is_finite() && high < 1e15 => self.line(&format_args!(
                "time:       {} {threads}, 95% interval {} to {}",
                seconds(mean),
                seconds(low),
                seconds(high)
            )),
            Some((mean, _, _)) => {
                self.line(&format_args!("time:       {} {threads}", seconds(mean)))
            }
            None if report.speed.is_some() => {
                self.line(&"time:       unknown: too few parts of the search drawn")
            }
            None => self.line(&"time:       unknown: no speed measured"),
        }
    }
}

/// What the sample saw, past the probes' interval: an interval of that one point would
/// claim it is the figure.
const BEYOND: &str = "more than the probes' 95% interval allows: they are too few for this tree";

/// A figure of the probes and its 95% interval, `2.1e9, 95% interval 1.2e9 to 3.4e9`.
fn with_interval((mean, low, high): Range) -> String {
    if !mean.is_finite() {
        return "more than 1.8e308 (past what a floating-point number holds)".to_string();
    }
    format!(
        "{}, 95% interval {} to {}",
        number(mean),
        number(low),
        number(high)
    )
}

/// Runs `estimate` with `probes` probes seeded with `seed`, stopped at a signal (`cancel`)
/// or after [`PROBING`]: a flag of its own, set by a watch. Says whether the time ran out.
fn probe(
    estimate: impl FnOnce(u32, u64, &Cancel) -> Estimate,
    probes: u32,
    seed: u64,
    cancel: &Cancel,
) -> (Estimate, bool) {
    let probing = Cancel::new();
    let done = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|scope| {
        let watch = scope.spawn(|| {
            let start = Instant::now();
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                if cancel.is_cancelled() {
                    probing.cancel();
                    return false;
                }
                if start.elapsed() >= PROBING {
                    probing.cancel();
                    return true;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            false
        });
        let estimate = estimate(probes, seed, &probing);
        done.store(true, std::sync::atomic::Ordering::Relaxed);
        (estimate, watch.join().unwrap_or(false))
    })
}

/// The report of an estimate by probes whose sample (`ran`, which measured `sampled`)
/// did not run the whole search, and the caveat to say of it: `caveat`, unless the
/// sample was to time the search by the parts it draws (`draws`) and drew too few.
fn sampled_report(
    estimate: &Estimate,
    ran: &Outcome<u64>,
    sampled: Sampled,
    threads: usize,
    draws: bool,
    caveat: Option<String>,
) -> (Report, Option<String>) {
    let mut report = Report::probed(estimate, threads, Some(sampled), ran.found, None);
    if draws && sampled.timed.is_none() {
        // Parts too long to draw the three a time needs: the caveat of the draws does not
        // hold, and the speed of the sample, cut short in a part, does not time the others.
        report.seconds = None;
        let caveat = format!(
            "the parts of the search took too long to draw the three a time needs in {}: the time is unknown (their speeds differ too much for the speed of the sample to time the search)",
            Elapsed(ran.stats.elapsed)
        );
        return (report, Some(caveat));
    }
    (report, caveat)
}
