//! Counts in parts: the record each part of a count leaves (one JSON object, its checksum
//! last), and the merge that adds up the records of all the parts of one count after
//! checking that they are exactly that: every part once, of one count, complete and
//! unchanged, their subproblems the whole split, their sum within `u64`.
//!
//! Another scheduler (a Slurm array, a Ray or Spark job) can run the parts and merge their
//! records with these types: a part is named by `part` of `parts`, and each is counted
//! by a process that splits the tree the same way (see [`crate::split::Share`]).

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use super::why::{json_why, repeated_key};
use super::{lower_hex, parameter_difference, Shape, Tally};

/// What a part record says it is (its `"record"` field), so that merge can tell a record
/// from any other JSON.
const KIND: &str = "backtrack count part";

/// The `"record":"backtrack count part"` field of a [`PartRecord`]: it serialises as that
/// string, and nothing else deserialises as it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PartKind;

impl Serialize for PartKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(KIND)
    }
}

impl<'de> Deserialize<'de> for PartKind {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        if name == KIND {
            Ok(PartKind)
        } else {
            Err(serde::de::Error::invalid_value(
                serde::de::Unexpected::Str(&name),
                &KIND,
            ))
        }
    }
}

/// Which of a count's numbers its command prints: the solutions, or their classes
/// (`--unique`). Serialises as `"count"` or `"unique"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Print {
    /// The solutions.
    Count,
    /// The classes of solutions.
    Unique,
}

impl Print {
    /// The number of `tally` this prints: the classes for [`Print::Unique`] (the
    /// solutions if they were not counted).
    pub fn pick(self, tally: Tally) -> u64 {
        match self {
            Print::Count => tally.count,
            Print::Unique => tally.unique.unwrap_or(tally.count),
        }
    }
}

/// The record of one part of a count in parts: one JSON object, its fields in this order,
/// then its checksum (see [`to_line`](PartRecord::to_line)).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartRecord {
    /// `"backtrack count part"`.
    pub record: PartKind,
    /// The version of the program that counted it: the split may change between versions.
    pub version: String,
    /// The problem (the subcommand that counted it).
    pub problem: String,
    /// What was counted (board size, symmetry, items, …), as the problem names it.
    pub parameters: Value,
    /// Which count the command prints.
    pub print: Print,
    /// Which part, from 1.
    pub part: usize,
    /// Of how many.
    pub parts: usize,
    /// The split the parts share.
    pub split: Shape,
    /// How many of the split's subproblems this part counted.
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

/// A record's checksum field, before its eight digits.
const CHECKSUM: &str = ",\"checksum\":\"";

impl PartRecord {
    /// The record as one line of JSON (no line end): its fields, then
    /// `"checksum":"xxxxxxxx"`, the CRC-32 of the line without that field (the text up to
    /// it, and the closing brace). Any change to the line, a digit or a single bit, makes
    /// [`parse`](PartRecord::parse) find the checksum wrong.
    pub fn to_line(&self) -> String {
        let body = serde_json::to_string(self).expect("a record serialises");
        let open = body.strip_suffix('}').expect("a record is an object");
        format!(
            "{open}{CHECKSUM}{:08x}\"}}",
            crc32fast::hash(body.as_bytes())
        )
    }

    /// The counts.
    pub fn tally(&self) -> Tally {
        Tally {
            count: self.count,
            unique: self.unique,
        }
    }

    /// Reads the record in `text` (surrounding white space ignored), `shown` naming its
    /// file: refused if it is not a record or a damaged one. Its checksum is checked, and
    /// said in [`ReadRecord::seal`], but not enforced: [`Merger::add`] refuses a record
    /// whose checksum is wrong, after saying if it is a partial count.
    pub fn parse(text: &str, shown: &str) -> Result<ReadRecord, MergeError> {
        let text = text.trim();
        let not_a_record = |why: String| MergeError::NotARecord {
            shown: shown.to_string(),
            why,
        };
        let damaged = |why: String| MergeError::Damaged {
            shown: shown.to_string(),
            why,
        };
        if is_checkpoint(text) {
            return Err(not_a_record(
                "it is a checkpoint (from --checkpoint FILE), which a count goes on with by --resume FILE"
                    .to_string(),
            ));
        }
        let mut value: Value =
            serde_json::from_str(text).map_err(|err| not_a_record(json_why(&err, text)))?;
        if value.get("record").and_then(Value::as_str) != Some(KIND) {
            return Err(not_a_record(format!("it has no \"record\":\"{KIND}\"")));
        }
        // A `Value` keeps the last of a repeated key: the record must say each once.
        if let Some((why, line)) = repeated_key(text) {
            return Err(damaged(format!("{why} (at line {line})")));
        }
        let had_checksum = value
            .as_object_mut()
            .and_then(|object| object.remove("checksum"))
            .is_some();
        // Read from its text, so that an error names the field where it is.
        let body = value.to_string();
        let record: PartRecord =
            serde_json::from_str(&body).map_err(|err| damaged(json_why(&err, &body)))?;
        if record.parts == 0 || !(1..=record.parts).contains(&record.part) {
            return Err(damaged(format!("part {} of {}", record.part, record.parts)));
        }
        let seal = match unseal(text) {
            Some((body, sum)) if crc32fast::hash(body.as_bytes()) == sum => Seal::Matches,
            // A checksum that is not where it is written, or not as it is written, was
            // changed too.
            Some(_) => Seal::Mismatch,
            None if had_checksum => Seal::Mismatch,
            None => Seal::Missing,
        };
        Ok(ReadRecord { record, seal })
    }

    /// Reads the record in the file at `path` (named by its path in errors): see
    /// [`parse`](PartRecord::parse).
    pub fn read(path: &Path) -> Result<ReadRecord, MergeError> {
        let shown = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|err| MergeError::Unreadable {
            shown: shown.clone(),
            err,
        })?;
        let text = String::from_utf8(bytes).map_err(|_| MergeError::NotARecord {
            shown: shown.clone(),
            why: "it is not text".to_string(),
        })?;
        PartRecord::parse(&text, &shown)
    }
}

/// Does `text` start as a checkpoint does: a sealed header line (`1a2b3c4d
/// {"checkpoint":"backtrack …`)?
fn is_checkpoint(text: &str) -> bool {
    text.split_once(' ').is_some_and(|(sum, rest)| {
        sum.len() == 8
            && sum.bytes().all(|byte| byte.is_ascii_hexdigit())
            && rest.starts_with("{\"checkpoint\":\"backtrack ")
    })
}

/// The text a record's checksum covers, and the checksum, if `text` ends with one as
/// [`PartRecord::to_line`] writes it.
fn unseal(text: &str) -> Option<(String, u32)> {
    let rest = text.strip_suffix("\"}")?;
    let (open, digits) = rest.split_at_checked(rest.len().checked_sub(8)?)?;
    let open = open.strip_suffix(CHECKSUM)?;
    Some((format!("{open}}}"), lower_hex(digits)?))
}

/// Does a record's checksum match its text?
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seal {
    /// It matches: the record is as it was written.
    Matches,
    /// It does not: the record was changed or damaged.
    Mismatch,
    /// The record has none.
    Missing,
}

/// A record read, its checksum checked ([`PartRecord::parse`]).
#[derive(Clone, Debug, PartialEq)]
pub struct ReadRecord {
    /// The record.
    pub record: PartRecord,
    /// Whether its checksum matches.
    pub seal: Seal,
}

/// The records of all the parts of one count, added up.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The first record: the problem, the parameters and the number of parts.
    pub first: PartRecord,
    /// The solutions, and the classes where the parts count them.
    pub found: Tally,
    /// The nodes searched.
    pub nodes: u64,
    /// The parts' times, added up.
    pub elapsed: f64,
}

impl Merged {
    /// The number the command that made the parts prints: the classes for
    /// [`Print::Unique`].
    pub fn printed(&self) -> u64 {
        self.first.print.pick(self.found)
    }

    /// The total as `merge --format json` prints it.
    pub fn summary(&self) -> MergeSummary {
        MergeSummary {
            complete: true,
            count: self.found.count,
            // To the millisecond: a sum of floating-point seconds carries noise in its
            // last digits (0.1 + 0.2 is 0.30000000000000004).
            elapsed: (self.elapsed * 1000.0).round() / 1000.0,
            nodes: self.nodes,
            parameters: self.first.parameters.clone(),
            parts: self.first.parts,
            problem: self.first.problem.clone(),
            unique: self.found.unique,
        }
    }
}

/// The total of a count in parts as one JSON object, in this order:
/// `{"problem":"queens","parameters":{…},"parts":3,"count":724,"unique":92,"nodes":8426,
/// "elapsed":0.017,"complete":true}`: what was counted, then the counts, then whether the
/// total is complete.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MergeSummary {
    /// The problem.
    pub problem: String,
    /// What was counted.
    pub parameters: Value,
    /// The number of parts.
    pub parts: usize,
    /// The solutions.
    pub count: u64,
    /// The classes, where the parts count them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique: Option<u64>,
    /// The nodes searched.
    pub nodes: u64,
    /// The parts' times added up, in seconds, to the millisecond.
    pub elapsed: f64,
    /// Always true: merge adds up complete parts only.
    pub complete: bool,
}

/// What a record's problem implies of its counts, beyond what every count with classes
/// does (each class holds a solution, each solution is in a class): why the counts of the
/// record cannot be its problem's, if they cannot (the classes of `n` queens hold 2, 4 or
/// 8 boards each, say). A checksum catches a record changed by accident; a record changed
/// with its checksum made again is caught only where its figures disagree.
pub type CountsCheck = fn(&PartRecord) -> Option<String>;

/// Adds up part records one at a time, refusing anything but every part of one count,
/// each once, complete and unchanged: see [`merge`].
#[derive(Debug, Default)]
pub struct Merger {
    /// What the records' problem implies of their counts, if the caller knows.
    check: Option<CountsCheck>,
    /// The sum so far, and how the first record's file is named.
    sum: Option<(Merged, String)>,
    /// The parts seen, and their files.
    seen: BTreeMap<usize, String>,
    /// The subproblems the parts counted.
    subproblems: usize,
}

impl Merger {
    /// No record yet.
    pub fn new() -> Merger {
        Merger::default()
    }

    /// No record yet, and each record's counts checked by `check` as well as by what
    /// every count implies.
    pub fn checking(check: CountsCheck) -> Merger {
        Merger {
            check: Some(check),
            ..Merger::default()
        }
    }

    /// Adds the record `read` of the file `shown`: refused if it is a partial count, if
    /// its checksum does not match, if its counts disagree (fewer solutions than classes,
    /// solutions in no class, or what the check of [`Merger::checking`] refuses), if it is
    /// not a part of the count of the first record added (another problem, version,
    /// parameters, printed count, number of parts or split), if its part was added
    /// already, or if the sum passes `u64::MAX`.
    pub fn add(&mut self, shown: &str, read: ReadRecord) -> Result<(), MergeError> {
        let ReadRecord { record, seal } = read;
        // A partial count is said to be one whatever its checksum: counting that part
        // again is the remedy either way.
        if !record.complete {
            return Err(MergeError::Partial {
                shown: shown.to_string(),
                part: record.part,
                parts: record.parts,
                // `time_limit` said as `time limit`: a reason, not a key.
                stopped: record
                    .stopped
                    .map_or_else(|| "unknown".to_string(), |key| key.replace('_', " ")),
            });
        }
        if seal != Seal::Matches {
            return Err(MergeError::Checksum {
                shown: shown.to_string(),
                missing: seal == Seal::Missing,
            });
        }
        if let Some(why) =
            classes_misfit(&record).or_else(|| self.check.and_then(|check| check(&record)))
        {
            return Err(MergeError::Counts {
                shown: shown.to_string(),
                why,
            });
        }
        if let Some((sum, first)) = &self.sum {
            if let Some(why) = difference(&sum.first, &record) {
                return Err(MergeError::NotAPart {
                    shown: shown.to_string(),
                    first: first.clone(),
                    why,
                });
            }
        }
        if let Some(earlier) = self.seen.get(&record.part) {
            return Err(MergeError::PartAgain {
                shown: shown.to_string(),
                part: record.part,
                parts: record.parts,
                earlier: earlier.clone(),
            });
        }
        self.seen.insert(record.part, shown.to_string());
        self.subproblems = self.subproblems.saturating_add(record.subproblems);
        let Some((sum, _)) = &mut self.sum else {
            self.sum = Some((
                Merged {
                    found: record.tally(),
                    nodes: record.nodes,
                    elapsed: record.elapsed,
                    first: record,
                },
                shown.to_string(),
            ));
            return Ok(());
        };
        let overflow = |what| MergeError::Overflow {
            shown: shown.to_string(),
            what,
        };
        let count = sum
            .found
            .count
            .checked_add(record.count)
            .ok_or_else(|| overflow("solutions"))?;
        let unique = match (sum.found.unique, record.unique) {
            (Some(a), Some(b)) => Some(a.checked_add(b).ok_or_else(|| overflow("classes"))?),
            _ => None,
        };
        sum.nodes = sum
            .nodes
            .checked_add(record.nodes)
            .ok_or_else(|| overflow("nodes"))?;
        sum.found = Tally { count, unique };
        sum.elapsed += record.elapsed;
        Ok(())
    }

    /// The total: refused if no record was added, if a part is missing, or if the parts'
    /// subproblems do not add up to their split's.
    pub fn finish(self) -> Result<Merged, MergeError> {
        let Some((sum, first)) = self.sum else {
            return Err(MergeError::NoRecords);
        };
        let parts = sum.first.parts;
        let missing: Vec<usize> = (1..=parts).filter(|k| !self.seen.contains_key(k)).collect();
        if !missing.is_empty() {
            return Err(MergeError::Missing { missing, parts });
        }
        if self.subproblems != sum.first.split.subproblems {
            return Err(MergeError::Subproblems {
                first,
                parts,
                counted: self.subproblems,
                split: sum.first.split.subproblems,
            });
        }
        Ok(sum)
    }
}

/// Adds up the `records` (each with how its file is named), refusing anything but every
/// part of one count, each once, complete and unchanged: an error names the file at fault
/// and what is wrong (see [`Merger::add`] and [`Merger::finish`]).
///
/// ```
/// use backtrack::durable::{merge, MergeError, PartKind, PartRecord, Print, Shape};
/// use serde_json::json;
///
/// // The records of the two parts of a count, as each part's process writes them.
/// let part = |part: usize, count: u64| PartRecord {
///     record: PartKind,
///     version: "0.1.0".into(),
///     problem: "queens".into(),
///     parameters: json!({"n": 8}),
///     print: Print::Count,
///     part,
///     parts: 2,
///     split: Shape { depth: 3, subproblems: 140 },
///     subproblems: 70,
///     count,
///     unique: None,
///     nodes: 1000,
///     elapsed: 0.5,
///     complete: true,
///     stopped: None,
/// };
/// let lines = [part(1, 38).to_line(), part(2, 54).to_line()];
/// let read = |lines: &[String]| {
///     let mut records = Vec::new();
///     for (k, line) in lines.iter().enumerate() {
///         let shown = format!("part-{}.json", k + 1);
///         records.push((shown.clone(), PartRecord::parse(line, &shown)?));
///     }
///     Ok::<_, MergeError>(records)
/// };
/// assert_eq!(merge(read(&lines)?)?.found.count, 92);
/// // A count changed by hand is refused.
/// let forged = [lines[0].clone(), lines[1].replace("\"count\":54", "\"count\":55")];
/// assert_eq!(
///     merge(read(&forged)?).unwrap_err().to_string(),
///     "part-2.json is a damaged part record: its checksum does not match: the file was changed or damaged"
/// );
/// # Ok::<(), MergeError>(())
/// ```
pub fn merge(
    records: impl IntoIterator<Item = (String, ReadRecord)>,
) -> Result<Merged, MergeError> {
    let mut merger = Merger::new();
    for (shown, read) in records {
        merger.add(&shown, read)?;
    }
    merger.finish()
}

/// Reads the records in the files `paths` and [merges](merge) them, each file named by
/// its path: a file given twice (by one name or two) is refused before any is read, and
/// each is read as the one before it is added, so the first file at fault is the one
/// named.
pub fn merge_files(paths: &[impl AsRef<Path>]) -> Result<Merged, MergeError> {
    merge_with(paths, Merger::new())
}

/// [`merge_files`], each record's counts checked by `check` too (see
/// [`Merger::checking`]).
pub fn merge_files_checking(
    paths: &[impl AsRef<Path>],
    check: CountsCheck,
) -> Result<Merged, MergeError> {
    merge_with(paths, Merger::checking(check))
}

/// [`merge_files`] by `merger`.
fn merge_with(paths: &[impl AsRef<Path>], mut merger: Merger) -> Result<Merged, MergeError> {
    given_once(paths)?;
    for path in paths {
        let path = path.as_ref();
        merger.add(&path.display().to_string(), PartRecord::read(path)?)?;
    }
    merger.finish()
}

/// Refuses a file given twice, by the same name or by another (`p1.json ./p1.json`): its
/// record would be refused as a part given twice, which says "part 1 of 2 again" of what
/// is one file.
fn given_once(paths: &[impl AsRef<Path>]) -> Result<(), MergeError> {
    let mut seen: BTreeMap<PathBuf, String> = BTreeMap::new();
    for path in paths {
        let path = path.as_ref();
        let shown = path.display().to_string();
        // A file that cannot be found is named by the read that follows.
        let file = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        if let Some(earlier) = seen.insert(file, shown.clone()) {
            if earlier == shown {
                return Err(MergeError::GivenTwice { shown });
            }
            return Err(MergeError::SameFile { shown, earlier });
        }
    }
    Ok(())
}

/// What every count with classes implies of a record's counts, broken: fewer solutions
/// than classes, each of which holds one, or solutions in no class.
fn classes_misfit(record: &PartRecord) -> Option<String> {
    let (count, unique) = (record.count, record.unique?);
    if count < unique {
        Some(format!("its \"count\" {count} is less than its \"unique\" {unique}, and each class holds a solution"))
    } else if unique == 0 && count > 0 {
        Some(format!("its \"count\" {count} is in no class (its \"unique\" is 0), and each solution is in one"))
    } else {
        None
    }
}

/// What differs between two records that should be parts of one count, if anything.
fn difference(first: &PartRecord, other: &PartRecord) -> Option<String> {
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
        let what = |print| match print {
            Print::Unique => "the classes (--unique)",
            Print::Count => "the solutions",
        };
        return Some(format!(
            "it counts {}, not {}",
            what(other.print),
            what(first.print)
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

/// Why the records of a count in parts were not added up: one line naming the file at
/// fault (as the caller named it) and what is wrong.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    /// The file could not be read (said in the system's words, without the error's
    /// number).
    #[error("cannot read {shown}: {}: expected the record of a part (the output of --parts N --part K)", super::error::io_words(.err))]
    Unreadable {
        /// The file.
        shown: String,
        /// Why.
        err: io::Error,
    },
    /// The file is not one JSON object with `"record":"backtrack count part"`.
    #[error("{shown} is not a part record (one JSON object from --parts N --part K): {why}")]
    NotARecord {
        /// The file.
        shown: String,
        /// Why.
        why: String,
    },
    /// The record lacks a field, has one too many or of the wrong type, or names a part
    /// outside its parts.
    #[error("{shown} is a damaged part record: {why}")]
    Damaged {
        /// The file.
        shown: String,
        /// Why.
        why: String,
    },
    /// The record's checksum does not match, or it has none.
    #[error("{shown} is a damaged part record: {}", if *.missing { "it has no checksum (a record ends with \"checksum\":\"…\")" } else { "its checksum does not match: the file was changed or damaged" })]
    Checksum {
        /// The file.
        shown: String,
        /// Has it no checksum at all?
        missing: bool,
    },
    /// The record's checksum matches but its counts disagree (see [`Merger::add`]): it
    /// was changed and its checksum made again.
    #[error(
        "{shown} is a damaged part record: {why}: it was changed, and its checksum made again"
    )]
    Counts {
        /// The file.
        shown: String,
        /// What disagrees.
        why: String,
    },
    /// The part was stopped before its end.
    #[error("{shown} is a partial count (part {part} of {parts}, stopped: {stopped}): count that part again")]
    Partial {
        /// The file.
        shown: String,
        /// Its part.
        part: usize,
        /// Of how many.
        parts: usize,
        /// Why it stopped, as the record says (`SIGINT`, `time limit`, …).
        stopped: String,
    },
    /// The record is of another count than the first one's.
    #[error("{shown} is not a part of the count of {first}: {why}")]
    NotAPart {
        /// The file.
        shown: String,
        /// The first record's file.
        first: String,
        /// What differs.
        why: String,
    },
    /// The same file was given twice.
    #[error("{shown} is given twice: give each part's record once")]
    GivenTwice {
        /// The file.
        shown: String,
    },
    /// The same file was given twice, by two names.
    #[error("{shown} is {earlier} again, by another name: give each part's record once")]
    SameFile {
        /// The file, by its second name.
        shown: String,
        /// Its first name.
        earlier: String,
    },
    /// Two files hold the same part.
    #[error("{shown} is part {part} of {parts} again (as {earlier}): give each part once")]
    PartAgain {
        /// The second file.
        shown: String,
        /// The part.
        part: usize,
        /// Of how many.
        parts: usize,
        /// The first file.
        earlier: String,
    },
    /// No record was given.
    #[error("merge needs the records of the parts")]
    NoRecords,
    /// Parts are missing.
    #[error("{} {} of {parts} {} missing: the count needs all {parts}",
        if .missing.len() == 1 { "part" } else { "parts" },
        list(.missing),
        if .missing.len() == 1 { "is" } else { "are" })]
    Missing {
        /// The missing parts, in order.
        missing: Vec<usize>,
        /// Of how many.
        parts: usize,
    },
    /// The parts' subproblems do not make up their split: a record's counts were changed
    /// (and its checksum made again), or records of two splits were relabelled as one.
    #[error("{}", subproblems(.first, *.parts, *.counted, *.split))]
    Subproblems {
        /// The first record's file.
        first: String,
        /// The number of parts.
        parts: usize,
        /// The subproblems the parts counted, added up.
        counted: usize,
        /// The subproblems of their split.
        split: usize,
    },
    /// The sum of a figure passes `u64::MAX`.
    #[error("{shown}: the parts' {what} add up to more than {} (2^64 - 1): a record was changed, or the count is too big to add up", u64::MAX)]
    Overflow {
        /// The file whose record made the sum overflow.
        shown: String,
        /// Which figure: `solutions`, `classes` or `nodes`.
        what: &'static str,
    },
}

/// The sentence of [`MergeError::Subproblems`].
fn subproblems(first: &str, parts: usize, counted: usize, split: usize) -> String {
    if parts == 1 {
        format!("{first} counts {counted} subproblems, not the {split} of its split: the record was changed, or is another count's")
    } else {
        format!("{first} and the other parts count {counted} subproblems, not the {split} of their split: a record was changed, or is another count's")
    }
}

/// `1`, `1 and 2`, `1, 2 and 3`.
fn list(numbers: &[usize]) -> String {
    let words: Vec<String> = numbers.iter().map(ToString::to_string).collect();
    match words.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
