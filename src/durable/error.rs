//! Why a checkpoint was refused, or could not be kept: one typed error whose `Display` is
//! the one line a user reads, naming the file as the caller named it (`--resume c.ck`).

use std::io;

use super::header::{Kind, Mismatch};

/// Why a checkpoint ([`Journal`](super::Journal), [`SnapshotFile`](super::SnapshotFile))
/// was refused, or could not be read or written. `named` is the file as the caller named
/// it, such as the flag that gave it: `--checkpoint c.ck`.
///
/// Every variant but [`Write`](CheckpointError::Write) refuses the file before anything is
/// searched or changed in it (a command line maps them to "bad input");
/// [`Write`](CheckpointError::Write) is a failed write while the search runs (a full disk, a
/// directory removed), which a command line reports as its output failing: see
/// [`is_failed_write`](CheckpointError::is_failed_write).
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    /// The file is not text.
    #[error("{named} is not a checkpoint of backtrack: it is not text")]
    NotText {
        /// The file, as its users know it.
        named: String,
    },
    /// The first line is not a checkpoint's header (or its checksum does not match and it
    /// does not look like one).
    #[error("{named} is not a checkpoint of backtrack: its first line is not its header")]
    NotHeader {
        /// The file, as its users know it.
        named: String,
    },
    /// A line's checksum does not match its text.
    #[error("{named}, line {line}: its checksum does not match: the file was changed or damaged")]
    Damaged {
        /// The file, as its users know it.
        named: String,
        /// The line, from 1.
        line: usize,
    },
    /// A line that must be there is not.
    #[error("{named}, line {line}: missing: the file was cut short")]
    CutShort {
        /// The file, as its users know it.
        named: String,
        /// The line, from 1.
        line: usize,
    },
    /// A line whose checksum matches does not hold what it should (`why`: the JSON error).
    #[error("{named}, line {line}: {why}")]
    BadLine {
        /// The file, as its users know it.
        named: String,
        /// The line, from 1.
        line: usize,
        /// What is wrong with it.
        why: String,
    },
    /// A count checkpoint's line names a subproblem the count's split does not have.
    #[error("{named}, line {line}: subproblem {index} is not this count's")]
    ForeignSubproblem {
        /// The file, as its users know it.
        named: String,
        /// The line, from 1.
        line: usize,
        /// The subproblem's index in the line.
        index: usize,
    },
    /// A listing's or a branch and bound's position that does not fit the problem: the
    /// file is another problem's (or was changed).
    #[error("{named}, line {line}: {err}")]
    Position {
        /// The file, as its users know it.
        named: String,
        /// The line, from 1.
        line: usize,
        /// What does not fit.
        err: crate::PositionError,
    },
    /// A count checkpoint's line whose figure `field` takes the count's total past
    /// `u64::MAX` (with the other lines', or with what this run counted): no count holds
    /// that, so the file was changed or is another count's.
    #[error("{named}, line {line}: its \"{field}\" takes the count's total past {max} (2^64 - 1), which no count reaches: the file was changed, or is not this count's", max = u64::MAX)]
    TooLarge {
        /// The file, as its users know it.
        named: String,
        /// The line, from 1.
        line: usize,
        /// The figure, as the line names it: `count`, `nodes`, …
        field: &'static str,
    },
    /// The checkpoint of another kind of search: its own kind of run goes on with it.
    #[error(
        "{named} is the checkpoint of {} of {searched}, not of {}: resume it {}as {} ({}), or give {} a checkpoint file of its own",
        .theirs.noun(), .ours.noun(), with_command(.their_command.as_deref()), .theirs.noun(),
        .theirs.flags(), .ours.this()
    )]
    OtherSearch {
        /// The file, as its users know it.
        named: String,
        /// The kind of search the file is of.
        theirs: Kind,
        /// The kind of search this run is.
        ours: Kind,
        /// What the file's search searched: its problem, and its size `n` if it has one
        /// (`queens 9`).
        searched: String,
        /// The file's problem (the subcommand that resumes it), when it is not this run's.
        their_command: Option<String>,
    },
    /// The checkpoint of a search of the same kind that is not this one: another problem,
    /// other parameters, another split or another version.
    #[error("{named} records another {}: {why}", .ours.search())]
    Another {
        /// The file, as its users know it.
        named: String,
        /// The kind of search of both.
        ours: Kind,
        /// What differs.
        why: Mismatch,
    },
    /// Another run holds the file.
    #[error("{named} is in use by another run{doing}; wait for it to end, or give another file")]
    InUse {
        /// The file, as its users know it.
        named: String,
        /// What that run does with it (` counting into it`), or nothing.
        doing: &'static str,
    },
    /// The file could not be read.
    #[error("{named}: cannot read: {err}")]
    Read {
        /// The file, as its users know it.
        named: String,
        /// Why.
        err: io::Error,
    },
    /// The file could not be written: a failed write of the run's output.
    #[error("{named}: cannot write: {err}")]
    Write {
        /// The file, as its users know it.
        named: String,
        /// Why.
        err: io::Error,
    },
}

impl CheckpointError {
    /// Is this a failed write while the search runs ([`CheckpointError::Write`]), rather
    /// than a file refused before anything was done?
    pub fn is_failed_write(&self) -> bool {
        matches!(self, CheckpointError::Write { .. })
    }

    /// The file, as the caller named it.
    pub fn named(&self) -> &str {
        match self {
            CheckpointError::NotText { named }
            | CheckpointError::NotHeader { named }
            | CheckpointError::Damaged { named, .. }
            | CheckpointError::CutShort { named, .. }
            | CheckpointError::BadLine { named, .. }
            | CheckpointError::ForeignSubproblem { named, .. }
            | CheckpointError::TooLarge { named, .. }
            | CheckpointError::Position { named, .. }
            | CheckpointError::OtherSearch { named, .. }
            | CheckpointError::Another { named, .. }
            | CheckpointError::InUse { named, .. }
            | CheckpointError::Read { named, .. }
            | CheckpointError::Write { named, .. } => named,
        }
    }

    /// Refuses the text `text` of line `line` of the checkpoint `named` if a key is given
    /// twice in one of its objects: a `Value` would keep the last.
    pub(super) fn keys_once(text: &str, named: &str, line: usize) -> Result<(), CheckpointError> {
        match super::why::repeated_key(text) {
            Some((why, _)) => Err(CheckpointError::BadLine {
                named: named.to_string(),
                line,
                why,
            }),
            None => Ok(()),
        }
    }

    /// A failed write to the file `named`.
    pub(super) fn write(named: &str) -> impl Fn(io::Error) -> CheckpointError + '_ {
        move |err| CheckpointError::Write {
            named: named.to_string(),
            err,
        }
    }

    /// A failed read of the file `named`.
    pub(super) fn read(named: &str) -> impl Fn(io::Error) -> CheckpointError + '_ {
        move |err| CheckpointError::Read {
            named: named.to_string(),
            err,
        }
    }
}

/// What went wrong reading or writing a file, in the system's words without the error's
/// number (`No such file or directory`, not `… (os error 2)`).
pub(super) fn io_words(err: &io::Error) -> String {
    let text = err.to_string();
    match (err.raw_os_error(), text.rfind(" (os error ")) {
        (Some(_), Some(at)) => text[..at].to_string(),
        _ => text,
    }
}

/// `with backtrack knapsack ` before "as", when the file is another problem's.
fn with_command(command: Option<&str>) -> String {
    command.map_or_else(String::new, |name| format!("with backtrack {name} "))
}
