//! Search statistics.

use std::fmt;
use std::time::Duration;

/// What a search did: counted by the engine itself, always on (a few increments per node).
///
/// `nodes` counts every node of the solution tree that was entered, the root included:
/// 17 for 4-queens, 2057 for 8-queens. Refused operators are not nodes: they are counted
/// as `rejections` (constraints) and `prunings` (optimality bound).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
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
    #[serde(serialize_with = "secs", skip_serializing_if = "Duration::is_zero")]
    pub elapsed: Duration,
}

fn secs<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64())
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
        writeln!(f, "time:       {:.3?}", self.elapsed)?;
        write!(f, "nodes/s:    {:.0}", self.nodes_per_sec())
    }
}
