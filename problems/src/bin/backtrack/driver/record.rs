//! Counts in parts: the record a run of `--parts N --part K` writes, and `backtrack merge`,
//! which adds the records of all the parts up after checking that they are the parts of
//! one count, each once.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

/// What a record says it is, so that merge can tell a record from any other JSON.
pub const KIND: &str = "backtrack count part";

/// The record of one part of a count in parts: one JSON object on standard output.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Always [`KIND`] (`"record"` in JSON).
    #[serde(rename = "record")]
    pub kind: String,
    /// The version of backtrack that counted it: the split may change between versions.
    pub version: String,
    /// The subcommand: `queens`, `knapsack`, `subset-sum`.
    pub problem: String,
    /// What was counted, as the subcommand names it (board size, symmetry, items, …).
    pub parameters: Value,
    /// Which count the command prints: `count`, or `unique` (queens --unique).
    pub print: String,
    /// Which part, from 1.
    pub part: usize,
    /// Of how many.
    pub parts: usize,
    /// The split the parts share: its depth and number of subproblems.
    pub split: SplitRecord,
    /// How many subproblems this part counted.
    pub subproblems: usize,
    /// The solutions this part counted.
    pub count: u64,
    /// The classes of solutions this part counted, where the count tells them apart.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique: Option<u64>,
    /// The nodes this part searched (part 1 includes those above the split).
    pub nodes: u64,
    /// The part's wall-clock time, in seconds.
    pub elapsed: f64,
    /// Was the part counted to its end?
    pub complete: bool,
    /// Why not, if it was not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
}

/// The split every part of one count makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SplitRecord {
    /// Its depth.
    pub depth: usize,
    /// Its number of subproblems.
    pub subproblems: usize,
}

/// The records of all the parts of one count, added up.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The first record: the problem, the parameters and the number of parts.
    pub first: Record,
    /// The solutions.
    pub count: u64,
    /// The classes, where the parts count them.
    pub unique: Option<u64>,
    /// The nodes searched.
    pub nodes: u64,
    /// The parts' times, added.
    pub elapsed: f64,
}

impl Merged {
    /// The number the command that made the parts prints: the classes for `--unique`.
    pub fn printed(&self) -> u64 {
        if self.first.print == "unique" {
            self.unique.unwrap_or(self.count)
        } else {
            self.count
        }
    }

    /// The JSON line of `merge --format json`.
    pub fn json(&self) -> Value {
        let mut object = Map::new();
        object.insert("problem".into(), json!(self.first.problem));
        object.insert("parameters".into(), self.first.parameters.clone());
        object.insert("parts".into(), json!(self.first.parts));
        object.insert("count".into(), json!(self.count));
        if let Some(unique) = self.unique {
            object.insert("unique".into(), json!(unique));
        }
        object.insert("nodes".into(), json!(self.nodes));
        // The parts' times added up, to the millisecond: a sum of floating-point seconds
        // carries noise in its last digits (0.1 + 0.2 is 0.30000000000000004).
        object.insert(
            "elapsed".into(),
            json!((self.elapsed * 1000.0).round() / 1000.0),
        );
        object.insert("complete".into(), json!(true));
        Value::Object(object)
    }
}

/// Reads a record from `path`: an error names the file and what is wrong with it.
pub fn read(path: &Path) -> Result<Record> {
    let shown = path.display();
    let text = std::fs::read_to_string(path).with_context(|| format!("{shown}: cannot read"))?;
    let value: Value = serde_json::from_str(text.trim()).map_err(|err| {
        anyhow::anyhow!(
            "{shown} is not a part record (one JSON object from --parts N --part K): {err}"
        )
    })?;
    if value.get("record").and_then(Value::as_str) != Some(KIND) {
        bail!("{shown} is not a part record (one JSON object from --parts N --part K): it has no \"record\":\"{KIND}\"");
    }
    let record: Record = serde_json::from_value(value)
        .map_err(|err| anyhow::anyhow!("{shown} is a damaged part record: {err}"))?;
    if record.parts == 0 || !(1..=record.parts).contains(&record.part) {
        bail!(
            "{shown} is a damaged part record: part {} of {}",
            record.part,
            record.parts
        );
    }
    Ok(record)
}

/// Adds up the records of `paths`, refusing anything but every part of one count, each
/// once and complete: an error names the file at fault and what differs.
pub fn merge(paths: &[impl AsRef<Path>]) -> Result<Merged> {
    given_once(paths)?;
    let mut seen: BTreeMap<usize, String> = BTreeMap::new();
    let mut merged: Option<(Merged, String)> = None;
    for path in paths {
        let path = path.as_ref();
        let shown = path.display().to_string();
        let record = read(path)?;
        if !record.complete {
            bail!(
                "{shown} is a partial count (part {} of {}, stopped: {}): count that part again",
                record.part,
                record.parts,
                record.stopped.as_deref().unwrap_or("unknown")
            );
        }
        match &mut merged {
            None => {
                merged = Some((
                    Merged {
                        count: record.count,
                        unique: record.unique,
                        nodes: record.nodes,
                        elapsed: record.elapsed,
                        first: record.clone(),
                    },
                    shown.clone(),
                ));
            }
            Some((sum, first_path)) => {
                if let Some(difference) = difference(&sum.first, &record) {
                    bail!("{shown} is not a part of the count of {first_path}: {difference}");
                }
                sum.count += record.count;
                sum.unique = sum.unique.zip(record.unique).map(|(a, b)| a + b);
                sum.nodes += record.nodes;
                sum.elapsed += record.elapsed;
            }
        }
        if let Some(earlier) = seen.insert(record.part, shown.clone()) {
            bail!(
                "{shown} is part {} of {} again (as {earlier}): give each part once",
                record.part,
                record.parts
            );
        }
    }
    let Some((sum, _)) = merged else {
        bail!("merge needs the records of the parts");
    };
    let parts = sum.first.parts;
    let missing: Vec<String> = (1..=parts)
        .filter(|k| !seen.contains_key(k))
        .map(|k| k.to_string())
        .collect();
    if !missing.is_empty() {
        let (what, verb) = if missing.len() == 1 {
            ("part", "is")
        } else {
            ("parts", "are")
        };
        bail!(
            "{what} {} of {parts} {verb} missing: the count needs all {parts}",
            list(&missing)
        );
    }
    Ok(sum)
}

/// Refuses a file given twice, by the same name or by another (`p1.json ./p1.json`),
/// before any is read: its record would be refused as a part given twice, which says
/// "part 1 of 2 again" of what is one file.
fn given_once(paths: &[impl AsRef<Path>]) -> Result<()> {
    let mut seen: BTreeMap<std::path::PathBuf, String> = BTreeMap::new();
    for path in paths {
        let path = path.as_ref();
        let shown = path.display().to_string();
        // A file that cannot be found is named by the read that follows.
        let file = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        if let Some(earlier) = seen.insert(file, shown.clone()) {
            if earlier == shown {
                bail!("{shown} is given twice: give each part's record once");
            }
            bail!("{shown} is {earlier} again, by another name: give each part's record once");
        }
    }
    Ok(())
}

/// What differs between two records that should be parts of one count, if anything.
fn difference(first: &Record, other: &Record) -> Option<String> {
    if first.problem != other.problem {
        return Some(format!(
            "it counts {}, not {}",
            other.problem, first.problem
        ));
    }
    if first.version != other.version {
        return Some(format!(
            "it was counted by backtrack {}, not {}",
            other.version, first.version
        ));
    }
    if first.parameters != other.parameters {
        return Some(parameter_difference(&first.parameters, &other.parameters));
    }
    if first.print != other.print {
        let what = |print: &str| {
            if print == "unique" {
                "the classes (--unique)"
            } else {
                "the solutions"
            }
        };
        return Some(format!(
            "it counts {}, not {}",
            what(&other.print),
            what(&first.print)
        ));
    }
    if first.parts != other.parts {
        return Some(format!(
            "it is a part of {}, not of {}",
            other.parts, first.parts
        ));
    }
    if first.split != other.split {
        return Some(format!(
            "its split is {} subproblems at depth {}, not {} at depth {}",
            other.split.subproblems, other.split.depth, first.split.subproblems, first.split.depth
        ));
    }
    None
}

/// `n is 13, not 12`: the first parameter that differs.
pub fn parameter_difference(first: &Value, other: &Value) -> String {
    if let (Value::Object(a), Value::Object(b)) = (first, other) {
        let keys = a.keys().chain(b.keys().filter(|key| !a.contains_key(*key)));
        for key in keys {
            match (a.get(key), b.get(key)) {
                (Some(x), Some(y)) if x != y => return format!("{key} is {y}, not {x}"),
                (Some(x), None) => return format!("it has no {key} (here {x})"),
                (None, Some(y)) => return format!("it has {key} {y}, which the others have not"),
                _ => {}
            }
        }
    }
    format!("its parameters are {other}, not {first}")
}

/// `1`, `1 and 2`, `1, 2 and 3`.
fn list(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
