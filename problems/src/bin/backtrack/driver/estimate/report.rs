//! What `--estimate` says: the figures of a sample and of the probes as a report, with
//! their 95% intervals, in text and in JSON, and the sums over several searches.

use std::time::Duration;

use backtrack::estimate::{Estimate, Figure};
use backtrack::stats::Elapsed;
use backtrack::Outcome;
use serde::Serialize;

use super::super::job::Timed;
use super::super::Cutoff;
use super::super::End;

/// A figure's mean and 95% interval, `(mean, low, high)`.
pub(super) type Range = (f64, f64, f64);

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
    pub(super) fn add(&mut self, report: &Report) {
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
    pub(super) nodes: f64,
    pub(super) seconds: f64,
    pub(super) exact: bool,
}

/// `--estimate` in JSON: `{"estimate":{…}}`, and the end of a stopped one beside it.
#[derive(Serialize)]
pub(super) struct EstimateLine {
    pub(super) estimate: EstimateJson,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub(super) end: Option<End>,
}

/// What `--estimate` says in JSON.
#[derive(Serialize)]
pub(super) struct EstimateJson {
    pub(super) search: String,
    pub(super) exact: bool,
    pub(super) nodes: Interval,
    pub(super) solutions: Interval,
    pub(super) nodes_per_sec: Option<f64>,
    pub(super) sample_seconds: Option<f64>,
    pub(super) threads: usize,
    pub(super) seconds: Interval,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) probes: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) probes_asked: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) probe_seed: Option<u64>,
}

/// A figure and its 95% interval in JSON, `null`s where unknown; or, past what the
/// probes allow, no interval and `at_least` what the sample saw.
#[derive(Serialize)]
pub(super) struct Interval {
    pub(super) mean: Option<f64>,
    pub(super) low: Option<f64>,
    pub(super) high: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) at_least: Option<serde_json::Value>,
}

impl Interval {
    pub(super) fn of(range: Option<Range>) -> Self {
        Interval {
            mean: range.map(|range| range.0),
            low: range.map(|range| range.1),
            high: range.map(|range| range.2),
            at_least: None,
        }
    }

    /// No interval, and at least `figure` (`null` if unknown).
    pub(super) fn at_least(figure: Option<impl Serialize>) -> Self {
        Interval {
            at_least: Some(serde_json::to_value(figure).unwrap_or_default()),
            ..Interval::of(None)
        }
    }
}

/// What `--estimate` prints.
pub(super) struct Report {
    /// Did the sample run the whole search?
    pub(super) exact: bool,
    /// `None`: no probe was made (a signal came first).
    pub(super) nodes: Option<Range>,
    pub(super) solutions: Range,
    /// Did the sample see more nodes, more solutions, than the probes' 95% interval allows?
    /// That figure is then at least what the sample saw (`nodes` or `solutions` is that
    /// alone), not an interval.
    pub(super) at_least: (bool, bool),
    /// Nodes per second on one thread; `None`: no sample (a signal came first).
    pub(super) speed: Option<f64>,
    /// `None`: no speed to make it from.
    pub(super) seconds: Option<Range>,
    /// The threads `seconds` is the time on: 1 for an exact estimate (the sample's time).
    pub(super) threads: usize,
    /// The threads the run itself would take.
    pub(super) run_threads: usize,
    /// The solutions the sample found.
    pub(super) sampled: u64,
    /// How long the sample ran, in seconds (a sample that cannot stop at once may run
    /// past its quarter of a second).
    pub(super) sample: Option<f64>,
    /// The signal that cut the estimate short, if one did.
    pub(super) stopped: Option<Cutoff>,
}

/// What a sample that did not run the whole search measured.
#[derive(Clone, Copy)]
pub(super) struct Sampled {
    /// Nodes per second on one thread.
    pub(super) speed: f64,
    /// How long it ran.
    pub(super) seconds: f64,
    /// The root's work before the search, in seconds.
    pub(super) prepared: f64,
    /// The nodes it visited.
    pub(super) nodes: u64,
    /// The time of the whole search on one thread, if the sample estimated it from the
    /// parts it ran.
    pub(super) timed: Option<Timed>,
}

impl Report {
    /// The report of `estimate`'s probes (figures unknown if it made none), its time on
    /// `threads` from the speed of `sampled` (unknown without), `found` the solutions the
    /// sample found.
    /// The figures of a sample that ran the whole search `ran` (after `prepared` seconds of
    /// work before it), which a run would take on `threads`: exact, its time the sample's
    /// own, on its one thread, whatever threads the run would take (a search this short
    /// is not worth dividing by them).
    pub(super) fn exhaustive(ran: &Outcome<u64>, prepared: f64, threads: usize) -> Report {
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

    pub(super) fn probed(
        estimate: &Estimate,
        threads: usize,
        sampled: Option<Sampled>,
        found: u64,
        stopped: Option<Cutoff>,
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

pub(super) fn exact(x: f64) -> Range {
    (x, x, x)
}

/// A figure's mean and 95% interval, not below `known` (what the sample saw: the tree
/// has at least the nodes it visited and the solutions it found; 1 node, the root, and 0
/// solutions without one). The interval is the lognormal one, the mean divided and
/// multiplied by `exp(1.96 √ln(1 + cv²))`, `cv` its standard error over it: Knuth's
/// estimates are positive and skewed (a few probes that reach far weigh most), so that
/// mean ± 1.96 standard errors would reach below 0 whenever they disagree much.
/// Close to the normal interval when the standard error is small. A mean of 0 (no probe
/// reached a solution) is kept: the report says what the sample found instead.
///
/// Says too whether the sample saw more than the whole interval allows (the probes too
/// few, or the tree too lopsided, for them): the interval is then `known` alone, and the
/// figure is at least that, which the report says instead of an interval of one point.
pub(super) fn range(figure: &Figure, known: f64) -> (Range, bool) {
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
pub(super) fn time_range(timed: &Timed) -> Range {
    let Figure { mean, std_error } = timed.seconds;
    if mean <= 0.0 || !mean.is_finite() || !std_error.is_finite() {
        return exact(mean);
    }
    let factor = lognormal_factor(&timed.seconds, student_t95(timed.draws));
    (mean, mean / factor, mean * factor)
}

/// What a lognormal interval divides and multiplies `figure`'s mean (above 0) by:
/// `exp(quantile √ln(1 + cv²))`, `cv` its standard error over its mean.
pub(super) fn lognormal_factor(figure: &Figure, quantile: f64) -> f64 {
    let cv = figure.std_error / figure.mean;
    (quantile * cv.mul_add(cv, 1.0).ln().sqrt()).exp()
}

/// The 97.5% quantile of Student's t with `draws - 1` degrees of freedom (1.96, the
/// normal one, past 30).
pub(super) fn student_t95(draws: usize) -> f64 {
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
pub(super) fn spread((_, low, high): Range) -> Option<f64> {
    (low > 0.0 && high.is_finite()).then(|| high / low)
}

/// A figure people read: whole below a million (`92`, `724,000` is `724000`), else in
/// scientific notation with four digits (`2.112e8`).
pub(super) fn number(x: f64) -> String {
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
pub(super) fn seconds(s: f64) -> String {
    if !s.is_finite() || s >= 1e15 {
        return "more than 30 million years".to_string();
    }
    Elapsed(Duration::from_secs_f64(s.max(0.0))).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    pub(super) fn figures_and_times_read_well() {
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
    pub(super) fn intervals_are_lognormal_and_what_the_sample_saw_bounds_them() {
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
