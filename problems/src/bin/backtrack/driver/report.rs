//! What the driver reports besides solutions and counts: `--stats`, the closing fields
//! of JSON lines, and the summary of a run of several searches.

//!
//! Every JSON line comes from a derived struct, so that its keys come in one order: what
//! the line is about first (`index`, `puzzle`), then what it says, then whether the output
//! is complete (`complete`, `stopped`).

use std::borrow::Cow;
use std::io::Write;

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use backtrack::stats::Elapsed;
use backtrack::Stats;

use super::estimate::Estimated;
use super::{output, Cutoff, Driver, End};
use crate::exit::Status;

/// One key and its number, flattened into a line: the search a line is about in a run of
/// several (`"puzzle":2`), or how many there were (`"puzzles":3`).
#[derive(Clone, Debug)]
pub(super) struct Entry(pub(super) Cow<'static, str>, pub(super) u64);

impl Serialize for Entry {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry(&self.0, &self.1)?;
        map.end()
    }
}

/// A line of the driver's, headed by the search it is about if there are several.
#[derive(Serialize)]
pub(super) struct Tagged<'a, T> {
    #[serde(flatten)]
    pub(super) tag: Option<Entry>,
    #[serde(flatten)]
    pub(super) line: &'a T,
}

/// The closing line of a listing: `{"solutions":2,"complete":true}`.
#[derive(Serialize)]
pub(super) struct Closing {
    pub(super) solutions: u64,
    #[serde(flatten)]
    pub(super) end: End,
}

/// A search a signal left out of a run of several: `{"puzzle":3,"searched":false,…}`.
#[derive(Serialize)]
pub(super) struct NotSearched {
    pub(super) searched: bool,
    #[serde(flatten)]
    pub(super) end: End,
}

/// A branch and bound that found nothing: `{"solution":null,…}`.
#[derive(Serialize)]
pub(super) struct NoBest {
    pub(super) solution: Option<()>,
    #[serde(flatten)]
    pub(super) end: End,
}

/// The summary of a run of several searches: `{"puzzles":3,"solved":2,"no_solution":1,
/// "stopped":0,"not_searched":0}`, with the estimates added up if there are.
#[derive(Serialize)]
struct Summary {
    #[serde(flatten)]
    total: Entry,
    #[serde(flatten)]
    done: Entry,
    no_solution: u64,
    stopped: u64,
    not_searched: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    estimate: Option<super::estimate::Sum>,
}

/// `--stats` in JSON.
#[derive(Serialize)]
struct StatsLine<'a> {
    search: &'a str,
    #[serde(flatten)]
    stats: &'a Stats,
    nodes_per_sec: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    prepared: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes_this_run: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    threads: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    listed: Option<u64>,
    #[serde(flatten)]
    end: End,
}

/// `--stats` of a direct method, in JSON.
#[derive(Serialize)]
pub(super) struct DirectStats<'a> {
    pub(super) search: &'a str,
    pub(super) elapsed: f64,
    #[serde(flatten)]
    pub(super) end: End,
}

/// `1 solution`, `2 solutions`.
pub fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// How the searches of a run of several ended, for its summary.
#[derive(Debug, Default)]
pub(super) struct Ended {
    /// Listed with a solution at least, or counted to the end.
    done: u64,
    no_solution: u64,
    stopped: u64,
    pub(super) not_searched: u64,
}

impl Ended {
    pub(super) fn add(&mut self, status: Status) {
        match status {
            Status::Success => self.done += 1,
            Status::NoSolution => self.no_solution += 1,
            _ => self.stopped += 1,
        }
    }

    /// `3 puzzles: 2 solved, 1 with no solution`, the parts that are not zero; `done` says
    /// what was done to a search that ended well (`solved`, `counted`, `estimated`).
    fn text(&self, key: &str, total: u64, done: &str) -> String {
        let parts: Vec<String> = [
            (self.done, done),
            (self.no_solution, "with no solution"),
            (self.stopped, "stopped"),
            (self.not_searched, "not searched"),
        ]
        .into_iter()
        .filter(|&(n, _)| n > 0)
        .map(|(n, what)| format!("{n} {what}"))
        .collect();
        format!("{total} {key}s: {}", parts.join(", "))
    }
}

impl Driver {
    /// `line` as JSON, headed by the search it is about if there are several.
    pub(super) fn tagged<T: Serialize>(&self, line: &T) -> String {
        let tag = self.tag.map(|(key, value)| Entry(key.into(), value));
        serde_json::to_string(&Tagged { tag, line }).expect("a line of the driver's is JSON")
    }

    /// Writes `line` as JSON, headed by the search it is about if there are several.
    pub(super) fn json<T: Serialize>(&mut self, line: &T) -> anyhow::Result<()> {
        // Made in the run's buffer, then written at once: the serializer's many small
        // writes land in a vector, not each in the output's buffer.
        let tag = self.tag.map(|(key, value)| Entry(key.into(), value));
        let buffer = &mut self.line;
        buffer.clear();
        serde_json::to_writer(&mut *buffer, &Tagged { tag, line })
            .map_err(|err| output::failed(err.into()))?;
        buffer.push(b'\n');
        self.out.write_all(buffer).map_err(output::failed)
    }

    /// Ends a run of several searches with a summary: in text a line `# 3 puzzles: …`
    /// after a blank line, in JSON one object; with the estimates added up if there are.
    pub(super) fn summary(
        &mut self,
        ended: &Ended,
        key: &str,
        total: u64,
        done: &str,
        estimated: Option<Estimated>,
    ) -> anyhow::Result<()> {
        if self.settings.flags.json {
            let summary = Summary {
                total: Entry(format!("{key}s").into(), total),
                done: Entry(done.to_string().into(), ended.done),
                no_solution: ended.no_solution,
                stopped: ended.stopped,
                not_searched: ended.not_searched,
                estimate: estimated.map(|estimated| estimated.sum()),
            };
            self.json(&summary)?;
        } else {
            let mut text = ended.text(key, total, done);
            if let Some(estimated) = estimated {
                text = format!("{text}; {}", estimated.text());
            }
            // Apart from the output of the searches, if any was made.
            if ended.not_searched < total {
                self.line(&"")?;
            }
            self.line(&format_args!("# {text}"))?;
        }
        self.end_output()
    }

    /// `--stats` on stderr: the formulation, then one figure per line; or one JSON object,
    /// whose `complete` and `stopped` say what the output's closing line says (`at_limit`:
    /// the search stopped at `--first` or `--limit`). The speed is that of `fresh` nodes
    /// (those searched in this run, when a checkpoint had the others) if given, else of all. `threads`: the
    /// threads of a listing searched on several, and the solutions it listed; its figures
    /// add up every thread's work, which a listing cut short at a limit searched ahead of
    /// what it listed, and the statistics say so (`threads:    2 (…)`, in JSON `"threads"`
    /// and `"listed"`).
    pub(super) fn print_stats(
        &self,
        stats: &Stats,
        cutoff: Option<Cutoff>,
        at_limit: bool,
        fresh: Option<u64>,
        threads: Option<(usize, u64)>,
    ) {
        if !self.settings.flags.stats {
            return;
        }
        // Only a run that went on from a checkpoint's nodes says how many were its own.
        let fresh = fresh.filter(|&nodes| nodes < stats.nodes);
        // The root's work before the search is the search's too.
        let mut stats = *stats;
        if let Some((took, _)) = &self.prepared {
            stats.elapsed += *took;
        }
        let secs = stats.elapsed.as_secs_f64();
        let speed = match fresh {
            Some(nodes) if secs > 0.0 => nodes as f64 / secs,
            _ => stats.nodes_per_sec(),
        };
        if self.settings.flags.json {
            let line = StatsLine {
                search: &self.search,
                stats: &stats,
                nodes_per_sec: speed.round(),
                prepared: self.prepared.map(|(took, _)| took.as_secs_f64()),
                nodes_this_run: fresh,
                threads: threads.map(|(threads, _)| threads),
                listed: threads.map(|(_, listed)| listed),
                end: if self.settings.flags.tree.is_some() {
                    End::drawn(cutoff, at_limit)
                } else {
                    End::new(cutoff)
                },
            };
            note!("{}", self.tagged(&line));
        } else {
            // One of several searches (a file's puzzles) says which, as its output does.
            let label = match &self.tag {
                Some((key, value)) => format!("{:<12}{value}\n", format!("{key}:")),
                None => String::new(),
            };
            let search = if self.search.is_empty() {
                String::new()
            } else {
                format!("search:     {}\n", self.search)
            };
            let threads = threads_line(threads, cutoff.is_some() || at_limit, stats.solutions);
            let figures = self.figures(&stats, speed, fresh);
            note!("{label}{search}{threads}{figures}");
        }
    }

    /// The figures of `--stats` in text, `stats` with the root's preparation in its time:
    /// [`Stats`]' own lines, the time saying what the preparation was, and the speed
    /// `speed` of the `fresh` nodes searched in this run if a checkpoint had the others.
    fn figures(&self, stats: &Stats, speed: f64, fresh: Option<u64>) -> String {
        // Stats' own last line is its speed over all its nodes.
        let mut text = stats.to_string();
        if let Some((took, what)) = &self.prepared {
            let time = format!("time:       {}", Elapsed(stats.elapsed));
            text = text.replacen(
                &time,
                &format!("{time} ({} of it {what})", Elapsed(*took)),
                1,
            );
        }
        match fresh {
            Some(nodes) => format!(
                "{}nodes/s:    {speed:.0} ({nodes} nodes searched in this run)",
                text.rsplit_once('\n')
                    .map_or("", |(head, _)| head)
                    .to_owned()
                    + "\n"
            ),
            None => text,
        }
    }
}

/// The line of `--stats` in text about the `threads` of a listing searched on several,
/// and the solutions it listed (none for another search): its figures add up every
/// thread's work, and a listing `cut_short` that `found` more than it listed searched
/// ahead of it. (A whole listing that skips some solutions, `--unique`, found more than
/// it listed, all of them in order.)
fn threads_line(threads: Option<(usize, u64)>, cut_short: bool, found: u64) -> String {
    match threads {
        Some((threads, listed)) if cut_short && found > listed => format!(
            "threads:    {threads} (the figures add up every thread's work: searching ahead of the listing, they found {found} solutions, {listed} listed)\n"
        ),
        Some((threads, _)) => {
            format!("threads:    {threads} (the figures add up every thread's work)\n")
        }
        None => String::new(),
    }
}
