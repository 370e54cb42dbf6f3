//! `--estimate`: how big a search is and how long it would take, before running it.
//!
//! The size comes from Knuth's random probes of the tree (the engine's
//! [`estimate`](backtrack::estimate)), the speed from a sample: the search itself, run for
//! a quarter of a second. A search that ends within its sample is reported exactly.

use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use backtrack::estimate::{self, Estimate, Figure};
use backtrack::stats::Elapsed;
use backtrack::{Cancel, Limits, Optimize, Outcome, Problem, Search, StopReason};
use serde_json::{json, Map, Value};

use super::{Driver, Mode, Stop};
use crate::exit::Status;

/// How long the sample that measures the speed runs.
const SAMPLE: Duration = Duration::from_millis(250);
/// The longest the probes may take: past it, the estimate is made of those done.
const PROBING: Duration = Duration::from_secs(10);

/// A figure's mean and 95% interval, `(mean, low, high)`.
type Range = (f64, f64, f64);

impl Driver {
    /// Says `text` on stderr before an estimate that is not exact: what its figures cannot
    /// know.
    pub fn caveat(&mut self, text: &str) {
        self.caveat = Some(text.to_owned());
    }

    /// Is `--estimate` asked for? Then the subcommand calls [`Driver::estimate`] instead of
    /// its search.
    pub fn estimating(&self) -> bool {
        self.settings.estimate.is_some()
    }

    /// Prints the estimate of a search instead of running it. `estimate` probes its tree,
    /// given the number of probes, their seed and the flag that the signals set (it may
    /// stop early when that is set); `sample` runs the search (a count, in search order, on
    /// one thread) with the limits it is given, which stop it after a quarter of a second.
    /// A count that would run on several threads is expected to take the time of one
    /// thread divided among them.
    pub fn estimate(
        &mut self,
        estimate: impl FnOnce(u32, u64, &Cancel) -> Estimate,
        sample: impl FnOnce(Limits) -> Outcome<u64>,
    ) -> Result<Status> {
        let (probes, seed) = self.settings.estimate.unwrap_or((1, 1));
        let cancel = self.stopper.cancel().clone();
        let (estimate, timed_out) = probe(estimate, probes, seed, &cancel);
        if let Some(stop) = self.cancelled() {
            note!(
                "{}{stop} while probing the tree: no estimate",
                self.prefix()
            );
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
        let ran = sample(Limits::none().cancel(cancel).time(SAMPLE));
        if ran.stopped == Some(StopReason::Cancelled) {
            if let Some(stop) = self.cancelled() {
                note!(
                    "{}{stop} while sampling the search: no estimate",
                    self.prefix()
                );
                return Ok(stop.status());
            }
        }
        let threads = match self.settings.mode {
            Mode::Count { limit: None } => self
                .settings
                .threads
                .unwrap_or_else(rayon::current_num_threads),
            _ => 1,
        };
        // The root's work before the search (a sudoku's givens propagated) is the
        // search's too, as --stats counts it.
        let prepared = self
            .prepared
            .as_ref()
            .map_or(0.0, |(took, _)| took.as_secs_f64());
        let report = if ran.is_exhaustive() {
            // The sample's own time, on its one thread, whatever threads the run would
            // take: a search this short is not worth dividing by them.
            let seconds = ran.stats.elapsed.as_secs_f64() + prepared;
            Report {
                exact: true,
                nodes: exact(ran.stats.nodes as f64),
                solutions: exact(ran.found as f64),
                speed: ran.stats.nodes_per_sec(),
                seconds: exact(seconds),
                threads: 1,
                run_threads: threads,
                sampled: ran.found,
                sample: ran.stats.elapsed.as_secs_f64(),
            }
        } else {
            let speed = ran.stats.nodes_per_sec().max(f64::MIN_POSITIVE);
            let nodes = range(&estimate.nodes, 1.0);
            let per_node = 1.0 / (speed * threads as f64);
            Report {
                exact: false,
                nodes,
                solutions: range(&estimate.solutions, 0.0),
                speed,
                seconds: (
                    nodes.0 * per_node + prepared,
                    nodes.1 * per_node + prepared,
                    nodes.2 * per_node + prepared,
                ),
                threads,
                run_threads: threads,
                sampled: ran.found,
                sample: ran.stats.elapsed.as_secs_f64(),
            }
        };
        // A caveat of the probes, unless the sample gave the exact figures.
        if let Some(caveat) = self.caveat.take().filter(|_| !report.exact) {
            note!("{}{caveat}", self.prefix());
        }
        self.print_estimate(&report, estimate.probes, seed)?;
        Ok(Status::Success)
    }

    /// [`Driver::estimate`] of the search of `problem` for its solutions.
    pub fn estimate_search<P: Problem + Clone>(&mut self, problem: &P) -> Result<Status> {
        self.estimate(
            |probes, seed, cancel| {
                estimate::estimate_observed(problem.clone(), (), probes, seed, Some(cancel))
            },
            |limits| {
                Search::new(problem.clone())
                    .limits(limits)
                    .count_solutions()
            },
        )
    }

    /// [`Driver::estimate`] of the branch and bound of `problem`: the probes see the tree
    /// without the bound's pruning, so its nodes are an upper bound (said on stderr); the
    /// sample runs the branch and bound, whose solutions are the improving ones it finds.
    /// `thing` names a solution (`packing`).
    pub fn estimate_best<P: Optimize + Clone>(
        &mut self,
        problem: &P,
        thing: &str,
    ) -> Result<Status> {
        self.caveat = Some(format!(
            "the probes do not prune by the bound: the nodes and solutions estimated are those of every {thing}, at most what the branch and bound visits"
        ));
        self.estimate(
            |probes, seed, cancel| {
                estimate::estimate_observed(problem.clone(), (), probes, seed, Some(cancel))
            },
            |limits| {
                let outcome = Search::new(problem.clone()).limits(limits).best();
                Outcome {
                    found: outcome.stats.solutions,
                    stats: outcome.stats,
                    stopped: outcome.stopped,
                }
            },
        )
    }

    /// The stop of a search that a signal ended, if one did.
    fn cancelled(&self) -> Option<Stop> {
        self.stop_of(Some(StopReason::Cancelled))
    }

    /// What the estimates made so far by this driver add up to.
    pub fn estimated(&self) -> Estimated {
        self.estimated
    }

    fn print_estimate(&mut self, report: &Report, probes: u32, seed: u64) -> Result<()> {
        self.estimated.add(report);
        if self.settings.json {
            let figure = |(mean, low, high): Range| json!({"mean": mean, "low": low, "high": high});
            let mut object = Map::new();
            object.insert("search".into(), json!(self.search));
            object.insert("exact".into(), json!(report.exact));
            object.insert("nodes".into(), figure(report.nodes));
            // The solutions no probe reached are unknown, as the text says: null, not an
            // interval of 0 to 0, which would claim there are none; with what the sample
            // found, at least that many.
            let solutions = if report.exact || report.solutions.2 > 0.0 {
                figure(report.solutions)
            } else if report.sampled > 0 {
                json!({"mean": null, "low": null, "high": null, "at_least": report.sampled})
            } else {
                json!({"mean": null, "low": null, "high": null})
            };
            object.insert("solutions".into(), solutions);
            object.insert("nodes_per_sec".into(), json!(report.speed.round()));
            object.insert("sample_seconds".into(), json!(report.sample));
            object.insert("threads".into(), json!(report.threads));
            object.insert("seconds".into(), figure(report.seconds));
            if !report.exact {
                object.insert("probes".into(), json!(probes));
                object.insert("probe_seed".into(), json!(seed));
            }
            let mut line = Map::new();
            line.insert("estimate".into(), Value::Object(object));
            self.object(line)?;
        } else {
            let search = self.search.clone();
            if !search.is_empty() {
                self.line(&format_args!("search:     {search}"))?;
            }
            if report.exact {
                let time = seconds(report.seconds.0);
                self.line(&format_args!(
                    "nodes:      {} (exact: the search ended within its sample)",
                    report.nodes.0
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
            } else {
                let count = |(mean, low, high): Range| {
                    if !mean.is_finite() {
                        return "more than 1.8e308 (past what a floating-point number holds)"
                            .to_string();
                    }
                    format!(
                        "{}, 95% interval {} to {}",
                        number(mean),
                        number(low),
                        number(high)
                    )
                };
                let (mean, low, high) = report.seconds;
                let threads = if report.threads == 1 {
                    "on 1 thread".to_string()
                } else {
                    format!("on {} threads", report.threads)
                };
                self.line(&format_args!("nodes:      {}", count(report.nodes)))?;
                if report.solutions.2 > 0.0 {
                    self.line(&format_args!("solutions:  {}", count(report.solutions)))?;
                } else if report.sampled > 0 {
                    // No probe reached a solution, but the sample found some: an
                    // interval of 0 to 0 would claim there are none.
                    self.line(&format_args!(
                        "solutions:  at least {} (found by the sample; no probe reached one)",
                        report.sampled
                    ))?;
                } else {
                    self.line(&format_args!(
                        "solutions:  unknown: no probe reached one (they may be too rare for the probes)"
                    ))?;
                }
                self.line(&format_args!(
                    "speed:      {} nodes/s, measured on a sample of {}",
                    number(report.speed),
                    seconds(report.sample)
                ))?;
                if high.is_finite() && high < 1e15 {
                    self.line(&format_args!(
                        "time:       {} {threads}, 95% interval {} to {}",
                        seconds(mean),
                        seconds(low),
                        seconds(high)
                    ))?;
                } else {
                    self.line(&format_args!("time:       {} {threads}", seconds(mean)))?;
                }
                self.line(&format_args!("probes:     {probes}, seed {seed}"))?;
            }
        }
        self.flush()
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
        self.nodes += report.nodes.0;
        self.seconds += report.seconds.0;
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

    /// `{"nodes":840,"seconds":0.06,"exact":true}`: the sums, and whether every search
    /// was estimated exactly.
    pub fn json(&self) -> Value {
        json!({ "nodes": self.nodes, "seconds": self.seconds, "exact": self.probed == 0 })
    }
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

/// What `--estimate` prints.
struct Report {
    /// Did the sample run the whole search?
    exact: bool,
    nodes: Range,
    solutions: Range,
    /// Nodes per second on one thread.
    speed: f64,
    seconds: Range,
    /// The threads `seconds` is the time on: 1 for an exact estimate (the sample's time).
    threads: usize,
    /// The threads the run itself would take.
    run_threads: usize,
    /// The solutions the sample found.
    sampled: u64,
    /// How long the sample ran, in seconds (a sample that cannot stop at once may run
    /// past its quarter of a second).
    sample: f64,
}

fn exact(x: f64) -> Range {
    (x, x, x)
}

fn range(figure: &Figure, floor: f64) -> Range {
    let (low, high) = figure.interval(floor);
    (figure.mean, low, high)
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
}
