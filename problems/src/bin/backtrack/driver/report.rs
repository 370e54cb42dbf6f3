//! What the driver reports besides solutions and counts: `--stats`, the closing fields
//! of JSON lines, and the summary of a run of several searches.

use serde_json::{json, Map, Value};

use backtrack::stats::Elapsed;
use backtrack::Stats;

use super::estimate::Estimated;
use super::{Driver, Stop};
use crate::exit::Status;

/// Adds `"complete"` (was everything searched?) and, if not, `"stopped"` (why: a
/// [`Stop::key`], or `limit` for `--first` and `--limit`) to a JSON object.
pub fn end_fields(object: &mut Map<String, Value>, stop: Option<Stop>, at_limit: bool) {
    object.insert("complete".into(), json!(stop.is_none() && !at_limit));
    if let Some(stop) = stop {
        object.insert("stopped".into(), json!(stop.key()));
    } else if at_limit {
        object.insert("stopped".into(), json!("limit"));
    }
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

    /// `{"puzzles":3,"solved":2,"no_solution":1,"stopped":0,"not_searched":0}`, `done`
    /// the key of the searches that ended well.
    fn json(&self, key: &str, total: u64, done: &str) -> Value {
        let mut object = Map::new();
        object.insert(format!("{key}s"), json!(total));
        object.insert(done.into(), json!(self.done));
        object.insert("no_solution".into(), json!(self.no_solution));
        object.insert("stopped".into(), json!(self.stopped));
        object.insert("not_searched".into(), json!(self.not_searched));
        Value::Object(object)
    }
}

impl Driver {
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
        let mut text = ended.text(key, total, done);
        let mut json = ended.json(key, total, done);
        if let Some(estimated) = estimated {
            text = format!("{text}; {}", estimated.text());
            json["estimate"] = estimated.json();
        }
        if self.settings.json {
            self.line(&json)?;
        } else {
            self.line(&"")?;
            self.line(&format_args!("# {text}"))?;
        }
        self.flush()
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
        stop: Option<Stop>,
        at_limit: bool,
        fresh: Option<u64>,
        threads: Option<(usize, u64)>,
    ) {
        if !self.settings.stats {
            return;
        }
        // Only a run that went on from a checkpoint's nodes says how many were its own.
        let fresh = fresh.filter(|&nodes| nodes < stats.nodes);
        // The root's work before the search is the search's too.
        let mut stats = *stats;
        if let Some((took, _)) = &self.prepared {
            stats.elapsed += *took;
        }
        let stats = &stats;
        let secs = stats.elapsed.as_secs_f64();
        let speed = match fresh {
            Some(nodes) if secs > 0.0 => nodes as f64 / secs,
            _ => stats.nodes_per_sec(),
        };
        if self.settings.json {
            let mut object = match serde_json::to_value(stats) {
                Ok(Value::Object(object)) => object,
                _ => Map::new(),
            };
            object.insert("search".into(), json!(self.search));
            if let Some((key, value)) = &self.tag {
                object.insert((*key).to_string(), json!(value));
            }
            object.insert("nodes_per_sec".into(), json!(speed.round()));
            if let Some((took, _)) = &self.prepared {
                object.insert("prepared".into(), json!(took.as_secs_f64()));
            }
            if let Some(nodes) = fresh {
                object.insert("nodes_this_run".into(), json!(nodes));
            }
            if let Some((threads, listed)) = threads {
                object.insert("threads".into(), json!(threads));
                object.insert("listed".into(), json!(listed));
            }
            end_fields(&mut object, stop, at_limit);
            note!("{}", Value::Object(object));
        } else {
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
            let figures = match fresh {
                Some(nodes) => format!(
                    "{}nodes/s:    {speed:.0} ({nodes} nodes searched in this run)",
                    text.rsplit_once('\n')
                        .map_or("", |(head, _)| head)
                        .to_owned()
                        + "\n"
                ),
                None => text,
            };
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
            // Only a listing cut short searched ahead of it: a whole listing that skips
            // some solutions (--unique) found more than it listed, all of them in order.
            let cut_short = stop.is_some() || at_limit;
            let threads = match threads {
                Some((threads, listed)) if cut_short && stats.solutions > listed => format!(
                    "threads:    {threads} (the figures add up every thread's work: searching ahead of the listing, they found {} solutions, {listed} listed)\n",
                    stats.solutions
                ),
                Some((threads, _)) => {
                    format!("threads:    {threads} (the figures add up every thread's work)\n")
                }
                None => String::new(),
            };
            note!("{label}{search}{threads}{figures}");
        }
    }
}
