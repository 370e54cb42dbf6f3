//! The checkpoint of a count shared out subproblem by subproblem ([`Journal`]), its lines
//! ([`Entry`]), and a subproblem counted ([`Done`]).

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::{open_line, seal_line, try_lock, CheckpointError, Header, Tally};
use crate::split::Subproblem;
use crate::{Stats, StopReason};

/// How often a journal is synced to the disk while lines are appended.
const SYNC_EVERY: Duration = Duration::from_secs(1);

/// One subproblem counted, to its end or until a stop: its index in the split, what it
/// found and its statistics (which leave out its root: the part above the split counts
/// it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Done {
    /// The subproblem's index in the split.
    pub index: usize,
    /// Its counts.
    pub found: Tally,
    /// Its statistics (`elapsed` is not kept by a journal, nor sent by a [`Report`](super::Report)).
    pub stats: Stats,
    /// Why a stop cut it short, if one did: then it is not finished, and is not journaled.
    pub stopped: Option<StopReason>,
}

impl Done {
    /// Adds this subproblem's counts and statistics (without its time, which overlaps the
    /// others') to a total.
    pub fn add_to(&self, tally: &mut Tally, stats: &mut Stats) {
        tally.add(self.found);
        let mut part = self.stats;
        part.elapsed = Duration::ZERO;
        stats.merge(&part);
    }
}

/// One line of a count checkpoint after its header: a finished subproblem, its path, its
/// counts and statistics. Serialises as `{"index":87,"path":[1,3,1,1,0],"count":8,
/// "unique":1,"nodes":6,"solutions":1,"dead_ends":2,"rejections":0,"prunings":0,
/// "max_depth":8}` (`unique` only where the count has classes).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// The subproblem's index in the split.
    pub index: usize,
    /// Its path ([`Subproblem::path`]): checked against the split's, so that a line of
    /// another split is never counted in.
    pub path: Vec<usize>,
    /// Its solutions.
    pub count: u64,
    /// Its classes of solutions, where the count has them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique: Option<u64>,
    /// Its statistics (a count has no bound, and its time is not kept).
    pub nodes: u64,
    /// See [`Stats::solutions`].
    pub solutions: u64,
    /// See [`Stats::dead_ends`].
    pub dead_ends: u64,
    /// See [`Stats::rejections`].
    pub rejections: u64,
    /// See [`Stats::prunings`].
    pub prunings: u64,
    /// See [`Stats::max_depth`].
    pub max_depth: usize,
}

impl Entry {
    /// The line of the finished subproblem `done`, whose path is `sub`.
    pub fn new(done: &Done, sub: &Subproblem) -> Entry {
        Entry {
            index: done.index,
            path: sub.path.clone(),
            count: done.found.count,
            unique: done.found.unique,
            nodes: done.stats.nodes,
            solutions: done.stats.solutions,
            dead_ends: done.stats.dead_ends,
            rejections: done.stats.rejections,
            prunings: done.stats.prunings,
            max_depth: done.stats.max_depth,
        }
    }

    /// The finished subproblem this line records.
    pub fn done(&self) -> Done {
        Done {
            index: self.index,
            found: Tally {
                count: self.count,
                unique: self.unique,
            },
            stats: Stats {
                nodes: self.nodes,
                solutions: self.solutions,
                dead_ends: self.dead_ends,
                bounded: 0,
                rejections: self.rejections,
                prunings: self.prunings,
                max_depth: self.max_depth,
                elapsed: Duration::ZERO,
            },
            stopped: None,
        }
    }

    /// The line, [sealed](super::seal_line), without its line end.
    pub fn to_line(&self) -> String {
        seal_line(&serde_json::to_string(self).expect("an entry serialises"))
    }
}

/// A count checkpoint held by this run: locked, read, and appended to.
///
/// The file is a [`Header`] line naming the count and its split, then one [`Entry`] line
/// per finished subproblem, appended as each one finishes and synced every second or so.
/// The split is the same in every run of one count, so a subproblem is named by its index
/// (and its path, checked against the split's). A run given the file again skips what it
/// records. A last line cut short (the crash the file is kept for) is dropped, and cut off
/// the file before anything is appended; a line whose checksum does not match, another
/// count's file, or a file that is not a checkpoint, is refused and left as it was.
#[derive(Debug)]
pub struct Journal {
    file: File,
    named: String,
    finished: BTreeMap<usize, Done>,
    last_sync: Instant,
}

impl Journal {
    /// Opens the count checkpoint at `path` for this run, `named` as its users know it
    /// (`--checkpoint c.ck`): locks it (refused if another run holds it), reads what an
    /// earlier run of the count `header` (whose split is `subproblems`) finished, drops a
    /// last line cut short, or starts the file with `header`. A missing file is made; a
    /// file that is not this count's checkpoint is refused and left as it was.
    pub fn open(
        path: &Path,
        named: &str,
        header: &Header,
        subproblems: &[Subproblem],
    ) -> Result<Journal, CheckpointError> {
        let cannot_write = CheckpointError::write(named);
        let cannot_read = CheckpointError::read(named);
        // A file that is there and cannot be read is refused before anything is made.
        if let Err(err) = File::open(path) {
            if err.kind() != io::ErrorKind::NotFound {
                return Err(cannot_read(err));
            }
        }
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(&cannot_write)?;
        // One run at a time, locked before it is read: two appending to one file would
        // each count what the other counts.
        if !try_lock(&file).map_err(&cannot_write)? {
            return Err(CheckpointError::InUse {
                named: named.to_string(),
                doing: " counting into it",
            });
        }
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).map_err(&cannot_read)?;
        let text = String::from_utf8(bytes).map_err(|_| CheckpointError::NotText {
            named: named.to_string(),
        })?;
        let (finished, kept) = read(&text, named, header, subproblems)?;
        file.set_len(kept as u64).map_err(&cannot_write)?;
        if kept == 0 {
            writeln!(file, "{}", header.to_line()).map_err(&cannot_write)?;
        }
        Ok(Journal {
            file,
            named: named.to_string(),
            finished,
            last_sync: Instant::now(),
        })
    }

    /// The subproblems finished, by index: those the file had, and those appended since.
    pub fn finished(&self) -> &BTreeMap<usize, Done> {
        &self.finished
    }

    /// Records the finished subproblem `done` (whose path is `sub`): one line, written at
    /// once, and the file synced to the disk if the last sync is a second old.
    pub fn append(&mut self, done: &Done, sub: &Subproblem) -> Result<(), CheckpointError> {
        let cannot_write = CheckpointError::write(&self.named);
        let entry = Entry::new(done, sub);
        writeln!(self.file, "{}", entry.to_line()).map_err(&cannot_write)?;
        if self.last_sync.elapsed() > SYNC_EVERY {
            self.file.sync_data().map_err(&cannot_write)?;
            self.last_sync = Instant::now();
        }
        // As a run given the file again reads it.
        self.finished.insert(done.index, entry.done());
        Ok(())
    }

    /// Syncs what was appended to the disk.
    pub fn sync(&mut self) -> Result<(), CheckpointError> {
        self.file
            .sync_data()
            .map_err(CheckpointError::write(&self.named))?;
        self.last_sync = Instant::now();
        Ok(())
    }
}

/// The finished subproblems of a count checkpoint's `text`, and the length of its whole
/// lines (a last line with no end is dropped).
fn read(
    text: &str,
    named: &str,
    header: &Header,
    subproblems: &[Subproblem],
) -> Result<(BTreeMap<usize, Done>, usize), CheckpointError> {
    let not_header = || CheckpointError::NotHeader {
        named: named.to_string(),
    };
    let mut finished = BTreeMap::new();
    let mut kept = 0;
    for (k, raw) in text.split_inclusive('\n').enumerate() {
        let Some(line) = raw.strip_suffix('\n') else {
            break;
        };
        let Some(line) = open_line(line) else {
            let ours = line
                .split_once(' ')
                .is_some_and(|(_, text)| text.starts_with("{\"checkpoint\":\"backtrack "));
            if k == 0 && !ours {
                return Err(not_header());
            }
            return Err(CheckpointError::Damaged {
                named: named.to_string(),
                line: k + 1,
            });
        };
        if k == 0 {
            header.check(line, named)?;
        } else {
            let entry: Entry =
                serde_json::from_str(line).map_err(|err| CheckpointError::BadLine {
                    named: named.to_string(),
                    line: k + 1,
                    why: err.to_string(),
                })?;
            if subproblems.get(entry.index).map(|sub| &sub.path) != Some(&entry.path) {
                return Err(CheckpointError::ForeignSubproblem {
                    named: named.to_string(),
                    line: k + 1,
                    index: entry.index,
                });
            }
            finished.insert(entry.index, entry.done());
        }
        kept += raw.len();
    }
    if kept == 0 && !text.is_empty() {
        // Never cut a file that was not ours.
        return Err(not_header());
    }
    Ok((finished, kept))
}
