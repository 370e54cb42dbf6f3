//! Search statistics.

use std::fmt;
use std::time::Duration;

/// What a search did: counted by the engine itself, always on (a few increments per node).
///
/// `nodes` counts every node of the solution tree that was entered, the root included:
/// 17 for 4-queens, 2057 for 8-queens. Refused operators are not nodes: they are counted
/// as `rejections` (constraints) and `prunings` (optimality bound).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Stats {
    /// Nodes entered, root included.
    pub nodes: u64,
    /// Complete states reached.
    pub solutions: u64,
    /// Nodes expanded whose children the constraints all refused (leaves that are not
    /// solutions).
    pub dead_ends: u64,
    /// Nodes expanded whose children were all refused, at least one by the optimality
    /// bound (branch and bound only): leaves the bound made. Not counted as dead ends.
    #[serde(default)]
    pub bounded: u64,
    /// Operators refused by the constraints.
    pub rejections: u64,
    /// Children cut by the optimality bound.
    pub prunings: u64,
    /// The deepest node entered (root = 0).
    pub max_depth: usize,
    /// Time spent inside the engine, in seconds in JSON. Zero for counts taken from a
    /// search's events rather than by the engine (a [tree](crate::tree::Tree)'s), which
    /// JSON leaves out.
    #[serde(
        serialize_with = "secs",
        deserialize_with = "from_secs",
        skip_serializing_if = "Duration::is_zero",
        default
    )]
    pub elapsed: Duration,
}

fn secs<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64())
}

fn from_secs<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
    let secs = <f64 as serde::Deserialize>::deserialize(d)?;
    Duration::try_from_secs_f64(secs).map_err(serde::de::Error::custom)
}

impl Stats {
    /// Nodes per second of [`elapsed`](Stats::elapsed) time (0 when no time was measured).
    pub fn nodes_per_sec(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            self.nodes as f64 / secs
        } else {
            0.0
        }
    }

    /// Adds another search's figures to these (for searches split across threads):
    /// counts add up, `max_depth` is the larger, `elapsed` the longer.
    pub fn merge(&mut self, other: &Stats) {
        self.nodes += other.nodes;
        self.solutions += other.solutions;
        self.dead_ends += other.dead_ends;
        self.bounded += other.bounded;
        self.rejections += other.rejections;
        self.prunings += other.prunings;
        self.max_depth = self.max_depth.max(other.max_depth);
        self.elapsed = self.elapsed.max(other.elapsed);
    }
}

impl fmt::Display for Stats {
    /// One line per figure, `name: value`, for people.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "nodes:      {}", self.nodes)?;
        writeln!(f, "solutions:  {}", self.solutions)?;
        writeln!(f, "dead ends:  {}", self.dead_ends)?;
        writeln!(f, "bounded:    {}", self.bounded)?;
        writeln!(f, "rejections: {}", self.rejections)?;
        writeln!(f, "prunings:   {}", self.prunings)?;
        writeln!(f, "max depth:  {}", self.max_depth)?;
        writeln!(f, "time:       {}", Elapsed(self.elapsed))?;
        write!(f, "nodes/s:    {:.0}", self.nodes_per_sec())
    }
}

/// A duration as people read it, compact and the same everywhere: three significant
/// digits below a minute, in the largest unit that keeps a figure of at least 1
/// (`850µs`, `90ms`, `2.5s`, `12.3s`), then the two largest whole units (`1m 30s`,
/// `2h 5m`, `3d 4h`; a unit of 0 left out: `2m`), and years past a year (`1.5 years`,
/// `41 years`).
///
/// ```
/// use std::time::Duration;
/// use backtrack::stats::Elapsed;
///
/// assert_eq!(Elapsed(Duration::from_millis(2500)).to_string(), "2.5s");
/// assert_eq!(Elapsed(Duration::from_millis(90)).to_string(), "90ms");
/// assert_eq!(Elapsed(Duration::from_secs(90)).to_string(), "1m 30s");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Elapsed(pub Duration);

impl fmt::Display for Elapsed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const MINUTE: u64 = 60;
        const HOUR: u64 = 60 * MINUTE;
        const DAY: u64 = 24 * HOUR;
        // 365.25 days.
        const YEAR: u64 = 31_557_600;
        let d = self.0;
        let secs = d.as_secs_f64();
        if d.is_zero() {
            return f.write_str("0s");
        }
        // Below a minute: three significant digits, rounded; a unit whose figure would
        // round to 1000 gives way to the next one.
        for (scale, unit) in [(1e9, "ns"), (1e6, "µs"), (1e3, "ms"), (1.0, "s")] {
            let x = secs * scale;
            let shown = significant(x);
            if shown < 1000.0 || unit == "s" {
                if unit != "s" || shown < 60.0 {
                    return write!(f, "{}{unit}", trim(shown));
                }
                break;
            }
        }
        let whole = d.as_secs() + u64::from(d.subsec_nanos() >= 500_000_000);
        let pair = |f: &mut fmt::Formatter<'_>, big: u64, a: &str, small: u64, b: &str| {
            let (high, low) = (whole / big, whole % big / small);
            if low == 0 {
                write!(f, "{high}{a}")
            } else {
                write!(f, "{high}{a} {low}{b}")
            }
        };
        if whole < HOUR {
            pair(f, MINUTE, "m", 1, "s")
        } else if whole < DAY {
            // Whole minutes, rounded.
            let minutes = (whole + MINUTE / 2) / MINUTE;
            let (h, m) = (minutes / 60, minutes % 60);
            if m == 0 {
                write!(f, "{h}h")
            } else {
                write!(f, "{h}h {m}m")
            }
        } else if whole < YEAR {
            let hours = (whole + HOUR / 2) / HOUR;
            let (days, h) = (hours / 24, hours % 24);
            if h == 0 {
                write!(f, "{days}d")
            } else {
                write!(f, "{days}d {h}h")
            }
        } else {
            let years = secs / YEAR as f64;
            if years < 100.0 {
                write!(f, "{} years", trim(significant(years)))
            } else {
                write!(f, "{years:.0} years")
            }
        }
    }
}

/// `x` rounded to three significant digits (`x` at least 1e-9).
fn significant(x: f64) -> f64 {
    let digits = x.abs().log10().floor() as i32;
    let scale = 10f64.powi(2 - digits);
    (x * scale).round() / scale
}

/// A figure without trailing zeros: `2.5`, `90`, `12.3`.
fn trim(x: f64) -> String {
    let text = format!("{x:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::Elapsed;
    use std::time::Duration;

    fn shown(secs: f64) -> String {
        Elapsed(Duration::from_secs_f64(secs)).to_string()
    }

    #[test]
    fn durations_are_compact_and_the_same_everywhere() {
        assert_eq!(shown(0.0), "0s");
        assert_eq!(shown(31.4e-9), "31ns");
        assert_eq!(shown(31.426e-6), "31.4µs");
        assert_eq!(shown(0.09), "90ms");
        assert_eq!(shown(0.25), "250ms");
        assert_eq!(shown(0.012_345), "12.3ms");
        assert_eq!(shown(0.999_9), "1s");
        assert_eq!(shown(2.5), "2.5s");
        assert_eq!(shown(1.5), "1.5s");
        assert_eq!(shown(2.0), "2s");
        assert_eq!(shown(12.345), "12.3s");
        assert_eq!(shown(59.97), "1m");
        assert_eq!(shown(90.0), "1m 30s");
        assert_eq!(shown(134.4), "2m 14s");
        assert_eq!(shown(3599.6), "1h");
        assert_eq!(shown(7_530.4), "2h 6m");
        assert_eq!(shown(7_200.0), "2h");
        assert_eq!(shown(100_000.0), "1d 4h");
        assert_eq!(shown(3.0 * 31_557_600.0 / 2.0), "1.5 years");
        assert_eq!(shown(3.4e13), "1077395 years");
    }
}
