//! The first line of every checkpoint: what search it is of (a count, a listing, a branch
//! and bound), which problem and parameters, which split, which version; and what a run
//! says when it is given the checkpoint of another search.

use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{seal_line, CheckpointError};

/// The three searches a checkpoint is kept for, told apart by its header's `checkpoint`
/// field (`"backtrack count"`, `"backtrack listing"`, `"backtrack best"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kind {
    /// A count shared out subproblem by subproblem ([`Journal`](super::Journal)).
    #[serde(rename = "backtrack count")]
    Count,
    /// A listing of solutions in search order ([`SnapshotFile`](super::SnapshotFile)).
    #[serde(rename = "backtrack listing")]
    Listing,
    /// A branch and bound ([`SnapshotFile`](super::SnapshotFile)).
    #[serde(rename = "backtrack best")]
    Best,
}

impl Kind {
    /// The kind whose header field is `name`, if it is one of backtrack's.
    pub fn from_name(name: &str) -> Option<Kind> {
        match name {
            "backtrack count" => Some(Kind::Count),
            "backtrack listing" => Some(Kind::Listing),
            "backtrack best" => Some(Kind::Best),
            _ => None,
        }
    }

    /// `a count`.
    pub fn noun(self) -> &'static str {
        match self {
            Kind::Count => "a count",
            Kind::Listing => "a listing",
            Kind::Best => "a branch and bound",
        }
    }

    /// `the count`: this run's search.
    pub fn this(self) -> &'static str {
        match self {
            Kind::Count => "the count",
            Kind::Listing => "the listing",
            Kind::Best => "the branch and bound",
        }
    }

    /// `count`: the search, after "another".
    pub fn search(self) -> &'static str {
        match self {
            Kind::Count => "count",
            Kind::Listing => "listing",
            Kind::Best => "branch and bound",
        }
    }

    /// `counts`: what the search does to its problem.
    pub fn verb(self) -> &'static str {
        match self {
            Kind::Count => "counts",
            Kind::Listing => "lists",
            Kind::Best => "searches",
        }
    }

    /// The flags of the `backtrack` command line that run this kind of search.
    pub fn flags(self) -> &'static str {
        match self {
            Kind::Count => "--count",
            Kind::Listing => "--all, --first or --limit K, no --count",
            Kind::Best => "the best: none of --count, --all, --first and --limit",
        }
    }
}

/// What a checkpoint or a part record is of: the problem (the subcommand that searches
/// it, `queens`) and its parameters, as JSON (every run of one search must give the same).
/// Serialises as `{"parameters":…,"problem":…}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Identity {
    /// What was searched (board size, symmetry, items, …), as the problem names it.
    pub parameters: Value,
    /// The problem's name.
    pub problem: String,
}

impl Identity {
    /// The identity of `problem` with `parameters`.
    pub fn new(problem: impl Into<String>, parameters: Value) -> Identity {
        Identity {
            parameters,
            problem: problem.into(),
        }
    }
}

/// The shape of a split: its depth and how many subproblems it has. Serialises as
/// `{"depth":5,"subproblems":151}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shape {
    /// The depth of the split.
    pub depth: usize,
    /// Its number of subproblems.
    pub subproblems: usize,
}

/// The first line of a checkpoint: `{"checkpoint":"backtrack count","count":{…},
/// "split":{…},"version":"0.1.0"}` (a listing's and a branch and bound's have no split).
/// A run goes on with a checkpoint only if its header is the one the run would write.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// The kind of search.
    pub checkpoint: Kind,
    /// The problem and its parameters.
    pub count: Identity,
    /// A count's split: the subproblems its lines name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub split: Option<Shape>,
    /// The version of the program that wrote it: the split, and the meaning of a
    /// position, may change between versions.
    pub version: String,
}

impl Header {
    /// The header of a count of `identity` split as `split`, by `version`.
    pub fn count(identity: Identity, split: Shape, version: impl Into<String>) -> Header {
        Header {
            checkpoint: Kind::Count,
            count: identity,
            split: Some(split),
            version: version.into(),
        }
    }

    /// The header of a listing of `identity`, by `version`.
    pub fn listing(identity: Identity, version: impl Into<String>) -> Header {
        Header {
            checkpoint: Kind::Listing,
            count: identity,
            split: None,
            version: version.into(),
        }
    }

    /// The header of a branch and bound of `identity`, by `version`.
    pub fn best(identity: Identity, version: impl Into<String>) -> Header {
        Header {
            checkpoint: Kind::Best,
            count: identity,
            split: None,
            version: version.into(),
        }
    }

    /// The header as a [sealed](super::seal_line) line, without its line end.
    pub fn to_line(&self) -> String {
        seal_line(&serde_json::to_string(self).expect("a header serialises"))
    }

    /// Refuses a checkpoint (`named`) whose first line's text (its checksum checked) is
    /// `found`, if it is not this header: it is not a checkpoint, another kind of search's
    /// ([`CheckpointError::OtherSearch`], saying how to go on with it), or another search
    /// of this kind's ([`CheckpointError::Another`], saying what differs).
    pub fn check(&self, found: &str, named: &str) -> Result<(), CheckpointError> {
        let not_header = || CheckpointError::NotHeader {
            named: named.to_string(),
        };
        let found: Value = serde_json::from_str(found).map_err(|_| not_header())?;
        let ours = serde_json::to_value(self).expect("a header serialises");
        let theirs = found
            .get("checkpoint")
            .and_then(Value::as_str)
            .and_then(Kind::from_name);
        match theirs {
            Some(theirs) if theirs != self.checkpoint => {
                let problem = &found["count"]["problem"];
                let their_command = problem
                    .as_str()
                    .filter(|_| *problem != ours["count"]["problem"])
                    .map(str::to_string);
                return Err(CheckpointError::OtherSearch {
                    named: named.to_string(),
                    theirs,
                    ours: self.checkpoint,
                    searched: searched(&found),
                    their_command,
                });
            }
            Some(_) => {}
            None => return Err(not_header()),
        }
        if found == ours {
            return Ok(());
        }
        let text = |value: &Value| value.as_str().unwrap_or("?").to_string();
        let why = if found.get("version") != ours.get("version") {
            Mismatch::Version {
                theirs: text(&found["version"]),
                ours: self.version.clone(),
            }
        } else if found["count"]["problem"] != ours["count"]["problem"] {
            Mismatch::Problem {
                kind: self.checkpoint,
                theirs: text(&found["count"]["problem"]),
                ours: self.count.problem.clone(),
            }
        } else if found.get("count") != ours.get("count") {
            Mismatch::Parameters(parameter_difference(
                &ours["count"]["parameters"],
                &found["count"]["parameters"],
            ))
        } else {
            Mismatch::Split {
                theirs: found["split"].to_string(),
                ours: ours["split"].to_string(),
            }
        };
        Err(CheckpointError::Another {
            named: named.to_string(),
            ours: self.checkpoint,
            why,
        })
    }
}

/// What differs between a checkpoint's header and the one a run would write, when both
/// are of one kind of search ([`CheckpointError::Another`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mismatch {
    /// Another version wrote it.
    Version {
        /// The file's version.
        theirs: String,
        /// This run's.
        ours: String,
    },
    /// It is of another problem.
    Problem {
        /// The kind of search (its verb: `counts`).
        kind: Kind,
        /// The file's problem.
        theirs: String,
        /// This run's.
        ours: String,
    },
    /// It is of other parameters: [`parameter_difference`]'s sentence.
    Parameters(String),
    /// It has another split (both as JSON).
    Split {
        /// The file's split.
        theirs: String,
        /// This run's.
        ours: String,
    },
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mismatch::Version { theirs, ours } => {
                write!(f, "it was written by backtrack {theirs}, not {ours}")
            }
            Mismatch::Problem { kind, theirs, ours } => {
                write!(f, "it {} {theirs}, not {ours}", kind.verb())
            }
            Mismatch::Parameters(difference) => write!(f, "in it {difference}"),
            Mismatch::Split { theirs, ours } => write!(f, "its split is {theirs}, not {ours}"),
        }
    }
}

/// What the checkpoint whose header is `header` searched: its problem, followed by its
/// size when its parameters have one (`n`): `queens 14`, `knapsack`.
fn searched(header: &Value) -> String {
    let problem = header["count"]["problem"].as_str().unwrap_or("?");
    match header["count"]["parameters"]["n"].as_u64() {
        Some(n) => format!("{problem} {n}"),
        None => problem.to_string(),
    }
}

/// The first parameter that differs between `first` (the reference) and `other`, as a
/// sentence: `n is 13, not 12`, `it has no place (here [])`, `it has k 3, which the others
/// have not`; or both whole when they are not objects.
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
