//! The checkpoint of a count shared out subproblem by subproblem ([`Journal`]), its lines
//! ([`Entry`]), and a subproblem counted ([`Done`]).

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::why::json_why;
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

    /// [`Done::add_to`], refused if a sum would pass `u64::MAX`: then the name of the
    /// first figure that would (as an [`Entry`] line names it: `count`, `nodes`, …), and
    /// the total is left as it was.
    pub fn checked_add_to(&self, tally: &mut Tally, stats: &mut Stats) -> Result<(), &'static str> {
        let total =
            Figures::of(*tally, stats).checked_add(&Figures::of(self.found, &self.stats))?;
        *tally = Tally {
            count: total.0[0],
            unique: tally.unique.zip(self.found.unique).map(|_| total.0[1]),
        };
        [
            stats.nodes,
            stats.solutions,
            stats.dead_ends,
            stats.rejections,
            stats.prunings,
        ] = [total.0[2], total.0[3], total.0[4], total.0[5], total.0[6]];
        stats.bounded = stats.bounded.saturating_add(self.stats.bounded);
        stats.max_depth = stats.max_depth.max(self.stats.max_depth);
        Ok(())
    }
}

/// The figures of a subproblem that are added up, in the order and with the names of an
/// [`Entry`] line: to check that a sum of them holds in a `u64`.
#[derive(Clone, Copy, Debug, Default)]
struct Figures([u64; 7]);

impl Figures {
    /// The names of the figures, as an [`Entry`] line has them.
    const NAMES: [&'static str; 7] = [
        "count",
        "unique",
        "nodes",
        "solutions",
        "dead_ends",
        "rejections",
        "prunings",
    ];

    fn of(found: Tally, stats: &Stats) -> Figures {
        Figures([
            found.count,
            found.unique.unwrap_or(0),
            stats.nodes,
            stats.solutions,
            stats.dead_ends,
            stats.rejections,
            stats.prunings,
        ])
    }

    /// The sum, or the name of the first figure whose sum passes `u64::MAX`.
    fn checked_add(&self, other: &Figures) -> Result<Figures, &'static str> {
        let mut sum = Figures::default();
        for k in 0..7 {
            sum.0[k] = self.0[k].checked_add(other.0[k]).ok_or(Self::NAMES[k])?;
        }
        Ok(sum)
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
    /// The line of each finished subproblem, by index (from 1, the header's line).
    lines: BTreeMap<usize, usize>,
    /// The number of lines in the file.
    length: usize,
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
        let Contents {
            finished,
            lines,
            kept,
        } = read(&text, named, header, subproblems)?;
        file.set_len(kept as u64).map_err(&cannot_write)?;
        if kept == 0 {
            writeln!(file, "{}", header.to_line()).map_err(&cannot_write)?;
        }
        let length = lines.values().copied().max().unwrap_or(1);
        Ok(Journal {
            file,
            named: named.to_string(),
            finished,
            lines,
            length,
            last_sync: Instant::now(),
        })
    }

    /// The error of a total of this count that would pass `u64::MAX` at the figure
    /// `field` (`count`, `nodes`: see [`Done::checked_add_to`]) once this run's counts are
    /// added to the file's: no count this file could be of holds that, so the file is
    /// refused, naming the line with the greatest such figure.
    pub fn too_large(&self, field: &'static str) -> CheckpointError {
        too_large(&self.named, &self.finished, &self.lines, field)
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
        self.length += 1;
        self.lines.insert(done.index, self.length);
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

/// The error of a count whose total passes `u64::MAX` at the figure `field` of the
/// `finished` subproblems (on `lines`): it names the line with the greatest such figure,
/// the likeliest to be wrong.
fn too_large(
    named: &str,
    finished: &BTreeMap<usize, Done>,
    lines: &BTreeMap<usize, usize>,
    field: &'static str,
) -> CheckpointError {
    let k = Figures::NAMES
        .iter()
        .position(|name| *name == field)
        .unwrap_or(0);
    let line = finished
        .values()
        .max_by_key(|done| Figures::of(done.found, &done.stats).0[k])
        .and_then(|done| lines.get(&done.index).copied())
        .unwrap_or(1);
    CheckpointError::TooLarge {
        named: named.to_string(),
        line,
        field,
    }
}

/// What a count checkpoint's text holds: see [`read`].
struct Contents {
    /// The finished subproblems, by index.
    finished: BTreeMap<usize, Done>,
    /// The line of each, by index.
    lines: BTreeMap<usize, usize>,
    /// The length of the text's whole lines, in bytes.
    kept: usize,
}

/// The finished subproblems of a count checkpoint's `text`, their lines, and the length
/// of its whole lines (a last line with no end is dropped). A line whose figures take the
/// file's total past `u64::MAX` is refused: no count holds that.
fn read(
    text: &str,
    named: &str,
    header: &Header,
    subproblems: &[Subproblem],
) -> Result<Contents, CheckpointError> {
    let not_header = || CheckpointError::NotHeader {
        named: named.to_string(),
    };
    let mut finished = BTreeMap::new();
    let mut lines = BTreeMap::new();
    let mut total = Figures::default();
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
        CheckpointError::keys_once(line, named, k + 1)?;
        if k == 0 {
            header.check(line, named)?;
        } else {
            let entry: Entry =
                serde_json::from_str(line).map_err(|err| CheckpointError::BadLine {
                    named: named.to_string(),
                    line: k + 1,
                    why: json_why(&err, line),
                })?;
            if subproblems.get(entry.index).map(|sub| &sub.path) != Some(&entry.path) {
                return Err(CheckpointError::ForeignSubproblem {
                    named: named.to_string(),
                    line: k + 1,
                    index: entry.index,
                });
            }
            let done = entry.done();
            // A subproblem given twice is counted once: the later line stands.
            let earlier = finished
                .insert(entry.index, done)
                .map_or_else(Figures::default, |done| {
                    Figures::of(done.found, &done.stats)
                });
            lines.insert(entry.index, k + 1);
            let without = Figures(std::array::from_fn(|k| total.0[k] - earlier.0[k]));
            total = without
                .checked_add(&Figures::of(done.found, &done.stats))
                .map_err(|field| too_large(named, &finished, &lines, field))?;
        }
        kept += raw.len();
    }
    if kept == 0 && !text.is_empty() {
        // Never cut a file that was not ours.
        return Err(not_header());
    }
    Ok(Contents {
        finished,
        lines,
        kept,
    })
}
