//! Durable runs: the records a long search leaves behind so that another run, another
//! process or another machine can go on with it or add it up.
//!
//! A count, a listing or a branch and bound that runs for hours must survive a stop, a
//! crash and a scheduler that runs its parts on different machines. This module holds the
//! records that outlive a run, as plain serde types with their version and their
//! checksums, and the few file operations that make them safe to keep:
//!
//! - a **count checkpoint** ([`Journal`]): a [`Header`] naming the count and its split, then
//!   one [`Entry`] per finished subproblem, appended as each one finishes;
//! - a **listing or branch-and-bound checkpoint** ([`SnapshotFile`]): a [`Header`] and one
//!   [`Snapshot`] (what was listed, or the best so far, and the search's
//!   [`Position`](crate::Position)), replaced whole at each save;
//! - a **part record** ([`PartRecord`]) of a count made in parts, one per part, and
//!   [`merge`], which adds up the records of all the parts of one count after checking
//!   that they are exactly that;
//! - the **message of a finished subproblem** ([`Done`], [`Report`]) that a worker of a
//!   work queue (the ranks of an MPI job) sends back, as a few `u64` words;
//! - the **count shared out subproblem by subproblem** ([`Shared`], [`split_for_sharing`],
//!   [`count_here`]): the split every process makes alike, and the threads that count its
//!   subproblems biggest first, journaling each one finished.
//!
//! Nothing here knows a problem or prints anything: a caller names its problem by an
//! [`Identity`] (a name and its parameters as JSON) and names each file as its users know
//! it (`--checkpoint c.ck`), and every refusal is a typed error ([`CheckpointError`],
//! [`MergeError`]) whose `Display` is one line naming that file and what is wrong.
//!
//! # The line format
//!
//! Every line of a checkpoint is [sealed](seal_line): the CRC-32 of the rest of the line in
//! eight lowercase hexadecimal digits, a space, then one JSON object
//! (`b58b77e8 {"checkpoint":"backtrack count",…}`). A line whose checksum does not match is
//! refused, never trusted; a last line cut short (no line end: the crash the file is kept
//! for) is dropped. A part record is one JSON object whose last field is its checksum,
//! `"checksum":"xxxxxxxx"`, the CRC-32 of the record's exact text without that field (see
//! [`PartRecord::to_line`]): it stays a JSON object that any tool reads. A key given twice
//! in one object of a line or a record is refused, not read as the last one given.
//!
//! A CRC-32 catches accidents (a write cut short, a flipped bit, a slip of an edit), not
//! forgery: anyone can make one again. A record forged with its checksum is refused only
//! where its figures disagree ([`Merger::add`]); a keyed MAC or a signature would refuse it
//! outright, and is the caller's to add where records are not trusted.
//!
//! The JSON of every record is derived from its struct, fields in the order the struct
//! declares them, which is the order of the files this program has always written: a file
//! written by an earlier run loads, and a record written again is byte for byte the same.
//!
//! # Two runs, one file
//!
//! A checkpoint is locked ([`File::try_lock`](std::fs::File::try_lock)) by the run that
//! uses it, before it is read: a second run given the same file is refused
//! ([`CheckpointError::InUse`]) instead of counting what the first counts or saving over
//! it. A snapshot is replaced by a temporary file of the run's own (named by the process
//! and a sequence number), locked before it is renamed over the checkpoint, so the lock
//! never lapses; a save that fails removes its temporary file.

mod error;
mod header;
mod journal;
mod message;
mod part;
mod shared;
mod snapshot;
mod why;

#[cfg(test)]
mod tests;

use std::fs::{File, TryLockError};
use std::io;

use serde::{Deserialize, Serialize};

use crate::Outcome;

pub use error::CheckpointError;
pub use header::{parameter_difference, Header, Identity, Kind, Mismatch, Shape};
pub use journal::{Done, Entry, Journal};
pub use message::{MessageError, Report};
pub use part::{
    merge, merge_files, merge_files_checking, CountsCheck, MergeError, MergeSummary, Merged,
    Merger, PartKind, PartRecord, Print, ReadRecord, Seal,
};
pub use shared::{
    count_here, count_one, split_for_sharing, Budget, Divided, Generic, Here, Kept, Pool, Shared,
    BIGGEST_SUBPROBLEM, LEAST_SUBPROBLEMS,
};
pub use snapshot::{Snapshot, SnapshotFile};

/// The counts of a count: the solutions, and their classes where the count tells them
/// apart (the N-Queens counts up to symmetry, say). Serialises as
/// `{"count":92,"unique":12}`, without `unique` when it is not counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tally {
    /// The solutions.
    pub count: u64,
    /// The classes of solutions, if counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique: Option<u64>,
}

impl Tally {
    /// A count of solutions alone, without classes.
    pub fn of(count: u64) -> Tally {
        Tally {
            count,
            unique: None,
        }
    }

    /// Adds `other` in: the solutions, and the classes if both count them (a sum of
    /// classes with a part that has none is no count of classes).
    pub fn add(&mut self, other: Tally) {
        self.count += other.count;
        self.unique = self.unique.zip(other.unique).map(|(a, b)| a + b);
    }

    /// `self + other` as [`Tally::add`] adds, or `None` if a sum passes `u64::MAX`.
    pub fn checked_add(self, other: Tally) -> Option<Tally> {
        let unique = match (self.unique, other.unique) {
            (Some(a), Some(b)) => Some(a.checked_add(b)?),
            _ => None,
        };
        Some(Tally {
            count: self.count.checked_add(other.count)?,
            unique,
        })
    }
}

/// A count of solutions alone (the engine's [`Outcome<u64>`]) as a [`Tally`].
pub fn tallied(outcome: &Outcome<u64>) -> Outcome<Tally> {
    Outcome {
        found: Tally::of(outcome.found),
        stats: outcome.stats,
        stopped: outcome.stopped,
    }
}

/// A sealed line: the CRC-32 of `text` in eight lowercase hexadecimal digits, a space,
/// then `text` (which holds no line end). See [the line format](self#the-line-format).
///
/// ```
/// use backtrack::durable::{open_line, seal_line};
///
/// let line = seal_line(r#"{"listed":3}"#);
/// assert_eq!(open_line(&line), Some(r#"{"listed":3}"#));
/// assert_eq!(open_line(&line.replace('3', "4")), None);
/// ```
pub fn seal_line(text: &str) -> String {
    format!("{:08x} {text}", crc32fast::hash(text.as_bytes()))
}

/// The text of a [sealed](seal_line) line, if its checksum matches: eight lowercase
/// hexadecimal digits (as written, so that no bit of the line can change unnoticed), a
/// space, and text whose CRC-32 they are.
pub fn open_line(line: &str) -> Option<&str> {
    let (sum, text) = line.split_once(' ')?;
    let sum = lower_hex(sum)?;
    (crc32fast::hash(text.as_bytes()) == sum).then_some(text)
}

/// The value of eight lowercase hexadecimal digits.
fn lower_hex(digits: &str) -> Option<u32> {
    let well_formed = digits.len() == 8
        && digits
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    well_formed
        .then(|| u32::from_str_radix(digits, 16).ok())
        .flatten()
}

/// Locks `file` for this run against every other handle on it (another run's, or another
/// of this process): `false` if another holds it. The lock goes with the handle, however
/// the run ends.
fn try_lock(file: &File) -> io::Result<bool> {
    match file.try_lock() {
        Ok(()) => Ok(true),
        Err(TryLockError::WouldBlock) => Ok(false),
        Err(TryLockError::Error(err)) => Err(err),
    }
}
