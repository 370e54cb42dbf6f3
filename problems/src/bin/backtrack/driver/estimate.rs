//! `--estimate`: how big a search is and how long it would take, before running it.
//!
//! The size comes from Knuth's random probes of the tree (the engine's
//! [`estimate`](backtrack::estimate)), the speed from a sample: the search itself, run for
//! a quarter of a second. A search that ends within its sample is reported exactly.

use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use backtrack::estimate::{self, Estimate, Figure};
use backtrack::stats::Elapsed;
use backtrack::{Cancel, Limits, Optimize, Outcome, Search, StopReason};
use serde::Serialize;

use super::job::{Count, Sample, Timed};
use super::report::End;
use super::{Driver, Mode, Stop};
use crate::exit::Status;

/// How long the sample that measures the speed runs.
const SAMPLE: Duration = Duration::from_millis(250);
/// The longest the probes may take: past it, the estimate is made of those done.
const PROBING: Duration = Duration::from_secs(10);

/// An interval more than this many times as high as low is said to be rough.
const ROUGH: f64 = 10.0;

/// A figure's mean and 95% interval, `(mean, low, high)`.
type Range = (f64, f64, f64);

impl Driver {
    /// Prints the estimate of the count `count` instead of running it (or of the listing
    /// whose count it is): its tree probed, and a sample of it run for its speed (a count,
    /// in search order, on one thread, stopped after a quarter of a second). A count that
    /// would run on several threads is expected to take the time of one thread divided
    /// among them. A count whose sample times it by the parts it draws (see
    /// [`Count::draws`]) has that time, with its interval, instead of the estimated nodes
    /// over the sample's speed.
    pub(super) fn estimate_count(&mut self, count: &dyn Count) -> Result<Status> {
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
        mut caveat: Option<String>,
    ) -> Result<Status> {
        let (probes, seed) = self.settings.estimate.unwrap_or((1, 1));
        let cancel = self.stopper.cancel().clone();
        let (estimate, timed_out) = probe(estimate, probes, seed, &cancel);
        let threads = match self.settings.mode {
            Mode::Count { limit: None } => self
                .settings
                .threads
                .unwrap_or_else(rayon::current_num_threads),
            _ => 1,
        };
        if let Some(stop) = self.cancelled() {
            // What the probes made so far tell, with no sample: no speed, no time. The
            // probes look at the signal only every 64 of them, so it may come after the
            // last one.
            if estimate.probes == probes {
                self.say_unsampled(stop, probes);
            } else {
                note!(
                    "{}{stop} while probing the tree: the estimate is partial ({} of the {probes} probes, no sample of the speed)",
                    self.prefix(),
                    estimate.probes
                );
            }
            let report = Report::probed(&estimate, threads, None, 0, Some(stop));
            self.print_estimate(&report, estimate.probes, seed)?;
            return Ok(stop.status());
        }
        if timed_out {
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
        }
        let (ran, timed) = sample(Limits::none().cancel(cancel).time(SAMPLE), seed);
        // The root's work before the search (a sudoku's givens propagated) is the
        // search's too, as --stats counts it.
        let prepared = self
            .prepared
            .as_ref()
            .map_or(0.0, |(took, _)| took.as_secs_f64());
        // What the sample measured, unless it ran the whole search (then it is exact).
        let sampled = Sampled {
            speed: ran.stats.nodes_per_sec().max(f64::MIN_POSITIVE),
            seconds: ran.stats.elapsed.as_secs_f64(),
            prepared,
            nodes: ran.stats.nodes,
            timed,
        };
        if ran.stopped == Some(StopReason::Cancelled) {
            if let Some(stop) = self.cancelled() {
                // The probes are all made; the speed is that of the sample cut short, if
                // it visited any node, and the time that of the parts it drew, if it drew
                // enough of them to tell their spread.
                let sampled =
                    (ran.stats.nodes > 0 && !ran.stats.elapsed.is_zero()).then_some(sampled);
                if let Some(timed) = sampled.and_then(|sampled| sampled.timed) {
                    note!(
                        "{}{stop} while sampling the search: the estimate is partial (its time drawn from the {} parts of the search sampled before it was cut short)",
                        self.prefix(),
                        timed.draws
                    );
                } else if sampled.is_some() {
                    note!(
                        "{}{stop} while sampling the search: the estimate is partial (its speed measured on a sample cut short)",
                        self.prefix()
                    );
                } else {
                    self.say_unsampled(stop, estimate.probes);
                }
                let report = Report::probed(&estimate, threads, sampled, ran.found, Some(stop));
                self.print_estimate(&report, estimate.probes, seed)?;
                return Ok(stop.status());
            }
        }
        let report = if ran.is_exhaustive() {
            Report::exhaustive(&ran, prepared, threads)
        } else {
            let mut report = Report::probed(&estimate, threads, Some(sampled), ran.found, None);
            if draws && sampled.timed.is_none() {
                // Parts too long to draw the three a time needs: the caveat of the draws
                // does not hold, and the speed of the sample, cut short in a part, does not
                // time the others (at 26 queens, it said a quarter of the time).
                caveat = Some(format!(
                    "the parts of the search took too long to draw the three a time needs in {}: the time is unknown (their speeds differ too much for the speed of the sample to time the search)",
                    Elapsed(ran.stats.elapsed)
                ));
                report.seconds = None;
            }
            report
        };
        // A caveat of the probes, unless the sample gave the exact figures.
        if let Some(caveat) = caveat.filter(|_| !report.exact) {
            note!("{}{caveat}", self.prefix());
        }
        self.say_if_rough(&report);
        self.print_estimate(&report, estimate.probes, seed)?;
        Ok(Status::Success)
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
    fn say_unsampled(&self, stop: Stop, probes: u32) {
        let made = if probes == 1 {
            "its one probe made".to_string()
        } else {
            format!("all {probes} probes made")
        };
        note!(
            "{}{stop} after the probes: the estimate is partial ({made}, but the sample of the speed was cut short before it measured anything: the nodes and solutions are estimated in full, the time is unknown)",
            self.prefix()
        );
    }

    /// The probes `--estimate` was asked to make.
    fn probes_asked(&self) -> u32 {
        self.settings.estimate.map_or(1, |(probes, _)| probes)
    }

    /// The stop of a search that a signal ended, if one did.
    fn cancelled(&self) -> Option<Stop> {
        self.stop_of(Some(StopReason::Cancelled))
    }

    fn print_estimate(&mut self, report: &Report, probes: u32, seed: u64) -> Result<()> {
        if report.stopped.is_none() {
            self.estimated.add(report);
        }
        if self.settings.json {
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
        self.flush()
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
            end: report.stopped.map(|stop| End::new(Some(stop))),
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
        let count = |(mean, low, high): Range| {
            if !mean.is_finite() {
                return "more than 1.8e308 (past what a floating-point number holds)".to_string();
            }
            format!(
                "{}, 95% interval {} to {}",
                number(mean),
                number(low),
                number(high)
            )
        };
        let threads = if report.threads == 1 {
            "on 1 thread".to_string()
        } else {
            format!("on {} threads", report.threads)
        };
        // What the sample saw, past the probes' interval: an interval of that one point
        // would claim it is the figure.
        let beyond = "more than the probes' 95% interval allows: they are too few for this tree";
        if report.at_least.0 {
            self.line(&format_args!(
                "nodes:      at least {} (visited by the sample, {beyond})",
                number(nodes.0)
            ))?;
        } else {
            self.line(&format_args!("nodes:      {}", count(nodes)))?;
        }
        if report.solutions.2 > 0.0 && !report.at_least.1 {
            self.line(&format_args!("solutions:  {}", count(report.solutions)))?;
        } else if report.sampled > 0 {
            // No probe reached a solution, or the probes fewer than the sample found, but
            // the sample found some: an interval of 0 to 0 would claim there are none.
            let why = if report.at_least.1 {
                beyond
            } else {
                "no probe reached one"
            };
            self.line(&format_args!(
                "solutions:  at least {} (found by the sample; {why})",
                report.sampled
            ))?;
        } else {
            self.line(&format_args!(
                "solutions:  unknown: no probe reached one (they may be too rare for the probes)"
            ))?;
        }
        let cut = match report.stopped {
            Some(stop) => format!(" cut short ({stop})"),
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
            Some((mean, _, _)) if report.at_least.0 => {
                self.line(&format_args!(
                    "time:       at least {} {threads}",
                    seconds(mean)
                ))?;
            }
            Some((mean, low, high)) if high.is_finite() && high < 1e15 => {
                self.line(&format_args!(
                    "time:       {} {threads}, 95% interval {} to {}",
                    seconds(mean),
                    seconds(low),
                    seconds(high)
                ))?;
            }
            Some((mean, _, _)) => {
                self.line(&format_args!("time:       {} {threads}", seconds(mean)))?;
            }
            None if report.speed.is_some() => {
                self.line(&"time:       unknown: too few parts of the search drawn")?;
            }
            None => self.line(&"time:       unknown: no speed measured")?,
        }
        if report.stopped.is_some() && probes < self.probes_asked() {
            self.line(&format_args!(
                "probes:     {probes} of {}, seed {seed}",
                self.probes_asked()
            ))
        } else {
            self.line(&format_args!("probes:     {probes}, seed {seed}"))
        }
    }
}

/// The estimates of several searches (the puzzles of a file) added up: the mean of a sum
/// is the sum of the means, its interval is not the sum of theirs, so only the means are
/// kept.
#[derive(Clone, Copy, Debug, Default)]
pub struct Estimated {
    /// The searches estimated.
    pub searches: u64,
    /// Their nodes, added up.
    pub nodes: f64,
    /// Their times, added up.
    pub seconds: f64,
    /// How many were estimated by probes (the others were searched to their end by the
    /// sample, hence exact).
    pub probed: u64,
}

impl Estimated {
    fn add(&mut self, report: &Report) {
        self.searches += 1;
        self.nodes += report.nodes.map_or(0.0, |nodes| nodes.0);
        self.seconds += report.seconds.map_or(0.0, |seconds| seconds.0);
        self.probed += u64::from(!report.exact);
    }

    /// `840 nodes and 49.9ms in all`, or with a search estimated by probes `about 2.1e9
    /// nodes and 16s in all (the means added up)`.
    pub fn text(&self) -> String {
        let figures = format!(
            "{} nodes and {} in all",
            number(self.nodes),
            seconds(self.seconds)
        );
        if self.probed == 0 {
            figures
        } else {
            format!("about {figures} (the means added up)")
        }
    }

    /// The sums, and whether every search was estimated exactly, as a summary says them
    /// in JSON.
    pub fn sum(&self) -> Sum {
        Sum {
            nodes: self.nodes,
            seconds: self.seconds,
            exact: self.probed == 0,
        }
    }
}

/// What the estimates of several searches add up to, in JSON:
/// `{"nodes":840.0,"seconds":0.06,"exact":true}`.
#[derive(Serialize)]
pub struct Sum {
    nodes: f64,
    seconds: f64,
    exact: bool,
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

/// `--estimate` in JSON: `{"estimate":{…}}`, and the end of a stopped one beside it.
#[derive(Serialize)]
struct EstimateLine {
    estimate: EstimateJson,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    end: Option<End>,
}

/// What `--estimate` says in JSON.
#[derive(Serialize)]
struct EstimateJson {
    search: String,
    exact: bool,
    nodes: Interval,
    solutions: Interval,
    nodes_per_sec: Option<f64>,
    sample_seconds: Option<f64>,
    threads: usize,
    seconds: Interval,
    #[serde(skip_serializing_if = "Option::is_none")]
    probes: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    probes_asked: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    probe_seed: Option<u64>,
}

/// A figure and its 95% interval in JSON, `null`s where unknown; or, past what the
/// probes allow, no interval and `at_least` what the sample saw.
#[derive(Serialize)]
struct Interval {
    mean: Option<f64>,
    low: Option<f64>,
    high: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    at_least: Option<serde_json::Value>,
}

impl Interval {
    fn of(range: Option<Range>) -> Self {
        Interval {
            mean: range.map(|range| range.0),
            low: range.map(|range| range.1),
            high: range.map(|range| range.2),
            at_least: None,
        }
    }

    /// No interval, and at least `figure` (`null` if unknown).
    fn at_least(figure: Option<impl Serialize>) -> Self {
        Interval {
            at_least: Some(serde_json::to_value(figure).unwrap_or_default()),
            ..Interval::of(None)
        }
    }
}

/// What `--estimate` prints.
struct Report {
    /// Did the sample run the whole search?
    exact: bool,
    /// `None`: no probe was made (a signal came first).
    nodes: Option<Range>,
    solutions: Range,
    /// Did the sample see more nodes, more solutions, than the probes' 95% interval allows?
    /// That figure is then at least what the sample saw (`nodes` or `solutions` is that
    /// alone), not an interval.
    at_least: (bool, bool),
    /// Nodes per second on one thread; `None`: no sample (a signal came first).
    speed: Option<f64>,
    /// `None`: no speed to make it from.
    seconds: Option<Range>,
    /// The threads `seconds` is the time on: 1 for an exact estimate (the sample's time).
    threads: usize,
    /// The threads the run itself would take.
    run_threads: usize,
    /// The solutions the sample found.
    sampled: u64,
    /// How long the sample ran, in seconds (a sample that cannot stop at once may run
    /// past its quarter of a second).
    sample: Option<f64>,
    /// The signal that cut the estimate short, if one did.
    stopped: Option<Stop>,
}

/// What a sample that did not run the whole search measured.
#[derive(Clone, Copy)]
struct Sampled {
    /// Nodes per second on one thread.
    speed: f64,
    /// How long it ran.
    seconds: f64,
    /// The root's work before the search, in seconds.
    prepared: f64,
    /// The nodes it visited.
    nodes: u64,
    /// The time of the whole search on one thread, if the sample estimated it from the
    /// parts it ran.
    timed: Option<Timed>,
}

impl Report {
    /// The report of `estimate`'s probes (figures unknown if it made none), its time on
    /// `threads` from the speed of `sampled` (unknown without), `found` the solutions the
    /// sample found.
    /// The figures of a sample that ran the whole search `ran` (after `prepared` seconds of
    /// work before it), which a run would take on `threads`: exact, its time the sample's
    /// own, on its one thread, whatever threads the run would take (a search this short
    /// is not worth dividing by them).
    fn exhaustive(ran: &Outcome<u64>, prepared: f64, threads: usize) -> Report {
        Report {
            exact: true,
            nodes: Some(exact(ran.stats.nodes as f64)),
            solutions: exact(ran.found as f64),
            at_least: (false, false),
            speed: Some(ran.stats.nodes_per_sec()),
            seconds: Some(exact(ran.stats.elapsed.as_secs_f64() + prepared)),
            threads: 1,
            run_threads: threads,
            sampled: ran.found,
            sample: Some(ran.stats.elapsed.as_secs_f64()),
            stopped: None,
        }
    }

    fn probed(
        estimate: &Estimate,
        threads: usize,
        sampled: Option<Sampled>,
        found: u64,
        stopped: Option<Stop>,
    ) -> Report {
        let visited = sampled.map_or(1.0, |sampled| sampled.nodes.max(1) as f64);
        let nodes = (estimate.probes > 0).then(|| range(&estimate.nodes, visited));
        let (solutions, solutions_at_least) = range(&estimate.solutions, found as f64);
        let at_least = (nodes.is_some_and(|(_, beyond)| beyond), solutions_at_least);
        let nodes = nodes.map(|(nodes, _)| nodes);
        let timed = sampled.and_then(|sampled| sampled.timed.map(|timed| (sampled, timed)));
        let seconds = match (nodes, timed) {
            // Timed by the sample itself (unless it saw more nodes than the probes allow).
            (Some(_), Some((sampled, timed))) if !at_least.0 => {
                let (mean, low, high) = time_range(&timed);
                let time = |seconds: f64| seconds / threads as f64 + sampled.prepared;
                Some((time(mean), time(low), time(high)))
            }
            _ => nodes.zip(sampled.as_ref()).map(|(nodes, sampled)| {
                let per_node = 1.0 / (sampled.speed * threads as f64);
                let time = |nodes: f64| nodes * per_node + sampled.prepared;
                (time(nodes.0), time(nodes.1), time(nodes.2))
            }),
        };
        // The speed the time implies, on one thread.
        let speed = match (nodes, timed) {
            (Some(nodes), Some((_, timed))) if !at_least.0 && timed.seconds.mean > 0.0 => {
                Some(nodes.0 / timed.seconds.mean)
            }
            _ => sampled.as_ref().map(|sampled| sampled.speed),
        };
        Report {
            exact: false,
            nodes,
            solutions,
            at_least,
            speed,
            seconds,
            threads,
            run_threads: threads,
            sampled: found,
            sample: sampled.as_ref().map(|sampled| sampled.seconds),
            stopped,
        }
    }
}

fn exact(x: f64) -> Range {
    (x, x, x)
}

/// A figure's mean and 95% interval, not below `known` (what the sample saw: the tree
/// has at least the nodes it visited and the solutions it found; 1 node, the root, and 0
/// solutions without one). The interval is the lognormal one, the mean divided and
/// multiplied by `exp(1.96 √ln(1 + cv²))`, `cv` its standard error over it: Knuth's
/// estimates are positive and skewed (a few probes that reach far weigh most), so that
/// mean ± 1.96 standard errors reached below 0 whenever they disagreed much, and was
/// clamped there (`solutions: 1.131e118, 95% interval 0 to 2.735e118` at 100 queens).
/// Close to the normal interval when the standard error is small. A mean of 0 (no probe
/// reached a solution) is kept: the report says what the sample found instead.
///
/// Says too whether the sample saw more than the whole interval allows (the probes too
/// few, or the tree too lopsided, for them): the interval is then `known` alone, and the
/// figure is at least that, which the report says instead of an interval of one point.
fn range(figure: &Figure, known: f64) -> (Range, bool) {
    let mean = figure.mean;
    if mean <= 0.0 || !mean.is_finite() || !figure.std_error.is_finite() {
        let (low, high) = figure.interval(known.min(mean.max(0.0)));
        return ((mean, low, high), mean > 0.0 && high < known);
    }
    let factor = lognormal_factor(figure, 1.96);
    let range = (
        mean.max(known),
        (mean / factor).max(known),
        (mean * factor).max(known),
    );
    (range, mean * factor < known)
}

/// The time a sample estimated, with its 95% interval: lognormal as [`range`]'s, its
/// factor from Student's t for the draws' degrees of freedom (two draws' standard error is
/// itself a guess: 1.96 of them would claim too much).
fn time_range(timed: &Timed) -> Range {
    let Figure { mean, std_error } = timed.seconds;
    if mean <= 0.0 || !mean.is_finite() || !std_error.is_finite() {
        return exact(mean);
    }
    let factor = lognormal_factor(&timed.seconds, student_t95(timed.draws));
    (mean, mean / factor, mean * factor)
}

/// What a lognormal interval divides and multiplies `figure`'s mean (above 0) by:
/// `exp(quantile √ln(1 + cv²))`, `cv` its standard error over its mean.
fn lognormal_factor(figure: &Figure, quantile: f64) -> f64 {
    let cv = figure.std_error / figure.mean;
    (quantile * cv.mul_add(cv, 1.0).ln().sqrt()).exp()
}

/// The 97.5% quantile of Student's t with `draws - 1` degrees of freedom (1.96, the
/// normal one, past 30).
fn student_t95(draws: usize) -> f64 {
    const T: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    match draws {
        0 | 1 => f64::INFINITY,
        d if d - 1 <= T.len() => T[d - 2],
        _ => 1.96,
    }
}

/// How many times its low bound the high bound of `range` is, if the low is above 0.
fn spread((_, low, high): Range) -> Option<f64> {
    (low > 0.0 && high.is_finite()).then(|| high / low)
}

/// A figure people read: whole below a million (`92`, `724,000` is `724000`), else in
/// scientific notation with four digits (`2.112e8`).
fn number(x: f64) -> String {
    if !x.is_finite() {
        return "more than 1.8e308".to_string();
    }
    if x < 1e6 {
        format!("{x:.0}")
    } else {
        format!("{x:.3e}")
    }
}

/// A time people read, as every duration the tool prints (`250ms`, `2.5s`, `3m 20s`,
/// `2h 5m`, `41 years`), past what a duration holds `more than 30 million years`.
fn seconds(s: f64) -> String {
    if !s.is_finite() || s >= 1e15 {
        return "more than 30 million years".to_string();
    }
    Elapsed(Duration::from_secs_f64(s.max(0.0))).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_and_times_read_well() {
        assert_eq!(number(92.0), "92");
        assert_eq!(number(211_153_816.0), "2.112e8");
        assert_eq!(seconds(0.254), "254ms");
        assert_eq!(seconds(2.5), "2.5s");
        assert_eq!(seconds(200.0), "3m 20s");
        assert_eq!(seconds(7_530.4), "2h 6m");
        assert_eq!(seconds(3.4e13), "1077395 years");
        assert_eq!(number(f64::INFINITY), "more than 1.8e308");
        assert_eq!(seconds(f64::INFINITY), "more than 30 million years");
    }

    /// The interval is the mean divided and multiplied by one factor, and never below
    /// what the sample saw; a sample that saw more than the whole interval allows is said
    /// to, not given as an interval of one point (`4370 to 4370` of a count that is 4542).
    #[test]
    fn intervals_are_lognormal_and_what_the_sample_saw_bounds_them() {
        let figure = Figure {
            mean: 1000.0,
            std_error: 750.0,
        };
        let ((mean, low, high), beyond) = range(&figure, 0.0);
        assert_eq!((mean, beyond), (1000.0, false));
        // cv 0.75: exp(1.96 √ln(1.5625)) = 3.7038…
        assert!((high / mean - 3.7038).abs() < 1e-3, "{high}");
        assert!((mean / low - high / mean).abs() < 1e-9, "{low} {high}");
        // Below the low bound, what the sample saw changes nothing.
        assert_eq!(range(&figure, 100.0), ((mean, low, high), false));
        // Inside the interval, it raises the low bound (and the mean) to itself.
        let ((mean, low, high_too), beyond) = range(&figure, 1500.0);
        assert_eq!((mean, low, high_too, beyond), (1500.0, 1500.0, high, false));
        // Past it, the figure is what the sample saw, at least.
        let (point, beyond) = range(&figure, 5000.0);
        assert_eq!((point, beyond), ((5000.0, 5000.0, 5000.0), true));
        // One probe has no spread: anything the sample saw past it is beyond it.
        let one = Figure {
            mean: 1000.0,
            std_error: 0.0,
        };
        assert_eq!(range(&one, 1000.0), ((1000.0, 1000.0, 1000.0), false));
        assert!(range(&one, 1001.0).1);
        // No probe reached a solution: 0, and nothing beyond (the report says what the
        // sample found).
        let none = Figure {
            mean: 0.0,
            std_error: 0.0,
        };
        assert_eq!(range(&none, 7.0), ((0.0, 0.0, 0.0), false));
    }
}
