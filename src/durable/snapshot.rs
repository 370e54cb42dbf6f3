//! The checkpoint of a listing or a branch and bound ([`SnapshotFile`]) and what it holds
//! ([`Snapshot`]).

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::why::json_why;
use super::{open_line, seal_line, try_lock, CheckpointError, Header};
use crate::{Position, Stats};

/// How many times a run looks again at a checkpoint that was replaced (saved by the run
/// that holds it) while this one was taking it, before it calls the file in use.
const ATTEMPTS: usize = 8;

/// What a checkpoint of a listing or a branch and bound holds after its header: the
/// solutions listed before the position (a count, `u64`), or the best found before it
/// (`Option<(Solution, Value)>`), and the position. Serialises as
/// `{"listed":3,"position":{…}}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Snapshot<T> {
    /// What was listed, or the best found.
    pub listed: T,
    /// Where the search is.
    pub position: Position,
}

/// The line of a checkpoint file that holds its [`Snapshot`] (after its header).
const SNAPSHOT_LINE: usize = 2;

impl<T> Snapshot<T> {
    /// A search of `problem` that goes on from this snapshot's position
    /// ([`Search::resume`](crate::Search::resume)), read from the file `named`: refused,
    /// naming the file and the line, if the position does not fit the problem.
    pub fn resume<P: crate::Problem>(
        &self,
        problem: P,
        named: &str,
    ) -> Result<crate::Search<P>, CheckpointError> {
        crate::Search::resume(problem, &self.position).map_err(|err| CheckpointError::Position {
            named: named.to_string(),
            line: SNAPSHOT_LINE,
            err,
        })
    }
}

/// [`Snapshot`], borrowed, to write.
#[derive(Serialize)]
struct SnapshotRef<'a, T> {
    listed: &'a T,
    position: &'a Position,
}

/// A listing's or a branch and bound's checkpoint, held by this run: locked against
/// other runs from [`open`](SnapshotFile::open) on, and saved by
/// [`save`](SnapshotFile::save).
///
/// The file is a [`Header`] line, then one [`Snapshot`] line (what was listed, or the
/// best found, and the search's [`Position`]), both [sealed](super::seal_line). It is
/// replaced whole at each save, so a crash leaves the last one saved.
///
/// A save writes a temporary file of this run's own beside the checkpoint
/// (`FILE.<process>-<sequence>.tmp`: two runs never write the same one), syncs it, locks
/// it, and renames it over the checkpoint: the file at the checkpoint's name is always a
/// whole one, and always locked by the run that holds it, the lock never lapsing between
/// saves. A failed save removes its temporary file.
///
/// A run takes the checkpoint before it reads it: it locks the file there, or makes an
/// empty one (`create_new`: of two runs starting together, one makes it) and locks that,
/// so that a second run is refused as the file being in use, whatever the timing. An empty
/// file is a checkpoint no save has filled yet (a run that ended before its first save):
/// the run starts from the beginning.
#[derive(Debug)]
pub struct SnapshotFile {
    path: PathBuf,
    named: String,
    header: Header,
    /// The file at `path`, locked.
    lock: File,
}

impl SnapshotFile {
    /// Takes the checkpoint at `path` for this run, `named` as its users know it
    /// (`--resume c.ck`), for the search `header` names: refused if another run holds
    /// it, or if it is not this search's checkpoint. Returns the snapshot it holds, if it
    /// holds one (`None`: no file, or one no save has filled yet; the file is made, empty,
    /// and held).
    pub fn open<T: DeserializeOwned>(
        path: &Path,
        named: &str,
        header: Header,
    ) -> Result<(SnapshotFile, Option<Snapshot<T>>), CheckpointError> {
        let in_use = || CheckpointError::InUse {
            named: named.to_string(),
            doing: "",
        };
        let cannot_write = CheckpointError::write(named);
        for _ in 0..ATTEMPTS {
            let mut file = match File::open(path) {
                Ok(file) => file,
                Err(err) if err.kind() == io::ErrorKind::NotFound => {
                    match OpenOptions::new().write(true).create_new(true).open(path) {
                        Ok(file) => {
                            // Made here; another run that opened it at once may have
                            // locked it first.
                            if !try_lock(&file).map_err(&cannot_write)? {
                                return Err(in_use());
                            }
                            // Or locked it, saved over it and let it go, all before this
                            // run's lock: the file made here is gone, the run's new one
                            // locked.
                            if !still_at(&file, path) {
                                continue;
                            }
                            let held = SnapshotFile::new(path, named, header, file);
                            return Ok((held, None));
                        }
                        // Made by another run since: look again.
                        Err(err) if err.kind() == io::ErrorKind::AlreadyExists => continue,
                        Err(err) => return Err(cannot_write(err)),
                    }
                }
                Err(err) => return Err(CheckpointError::read(named)(err)),
            };
            if !try_lock(&file).map_err(&cannot_write)? {
                return Err(in_use());
            }
            // Replaced by a save of the run that held it, between the open and the lock:
            // this is its old file, and the new one is locked.
            if !still_at(&file, path) {
                continue;
            }
            let mut bytes = Vec::new();
            file.read_to_end(&mut bytes)
                .map_err(CheckpointError::read(named))?;
            let saved = if bytes.is_empty() {
                None
            } else {
                let text = String::from_utf8(bytes).map_err(|_| CheckpointError::NotText {
                    named: named.to_string(),
                })?;
                Some(read(&text, named, &header)?)
            };
            return Ok((SnapshotFile::new(path, named, header, file), saved));
        }
        Err(in_use())
    }

    fn new(path: &Path, named: &str, header: Header, lock: File) -> SnapshotFile {
        SnapshotFile {
            path: path.to_path_buf(),
            named: named.to_string(),
            header,
            lock,
        }
    }

    /// The checkpoint's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Saves `listed` and `position`: written to a temporary file of this run's own,
    /// synced, locked, and renamed over the checkpoint. A failure
    /// ([`CheckpointError::Write`]) leaves the last checkpoint saved, and no temporary
    /// file.
    pub fn save<T: Serialize>(
        &mut self,
        listed: &T,
        position: &Position,
    ) -> Result<(), CheckpointError> {
        let body = serde_json::to_string(&SnapshotRef { listed, position })
            .map_err(|err| CheckpointError::write(&self.named)(err.into()))?;
        let temporary = temporary_beside(&self.path);
        match self.replace(&temporary, &body) {
            Ok(file) => {
                // The old file's lock goes with it: the new one is locked already.
                self.lock = file;
                Ok(())
            }
            Err(err) => {
                let _ = std::fs::remove_file(&temporary);
                Err(CheckpointError::write(&self.named)(err))
            }
        }
    }

    /// Writes the header and `body` to `temporary`, syncs it, locks it and renames it
    /// over the checkpoint: the new file, locked.
    fn replace(&self, temporary: &Path, body: &str) -> io::Result<File> {
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(temporary)?;
        writeln!(file, "{}", self.header.to_line())?;
        writeln!(file, "{}", seal_line(body))?;
        file.sync_all()?;
        if !try_lock(&file)? {
            // A file of this run's own name, made just now: no other run knows it.
            return Err(io::Error::other("the new checkpoint could not be locked"));
        }
        std::fs::rename(temporary, &self.path)?;
        Ok(file)
    }
}

/// The snapshot in a listing checkpoint's `text`, refused unless its header is `header`
/// and both checksums match.
fn read<T: DeserializeOwned>(
    text: &str,
    named: &str,
    header: &Header,
) -> Result<Snapshot<T>, CheckpointError> {
    let mut lines = text.lines();
    let first = lines
        .next()
        .and_then(open_line)
        .ok_or_else(|| CheckpointError::NotHeader {
            named: named.to_string(),
        })?;
    CheckpointError::keys_once(first, named, 1)?;
    header.check(first, named)?;
    let second = lines.next().ok_or_else(|| CheckpointError::CutShort {
        named: named.to_string(),
        line: SNAPSHOT_LINE,
    })?;
    let second = open_line(second).ok_or_else(|| CheckpointError::Damaged {
        named: named.to_string(),
        line: SNAPSHOT_LINE,
    })?;
    CheckpointError::keys_once(second, named, SNAPSHOT_LINE)?;
    let snapshot: Snapshot<T> =
        serde_json::from_str(second).map_err(|err| CheckpointError::BadLine {
            named: named.to_string(),
            line: SNAPSHOT_LINE,
            why: json_why(&err, second),
        })?;
    if let Some((field, value)) = beyond_reach(&snapshot.position.stats) {
        return Err(CheckpointError::BadLine {
            named: named.to_string(),
            line: SNAPSHOT_LINE,
            why: format!("\"{field}\" is {value}, which no search reaches (2^63 or more): the file was changed, or is not this search's"),
        });
    }
    Ok(snapshot)
}

/// The first of the counters of `stats` that no search reaches, 2^63 or more (centuries
/// at a billion a second), with its name in the file: a search going on from there could
/// count past `u64::MAX`.
fn beyond_reach(stats: &Stats) -> Option<(&'static str, u64)> {
    [
        ("nodes", stats.nodes),
        ("solutions", stats.solutions),
        ("dead_ends", stats.dead_ends),
        ("bounded", stats.bounded),
        ("rejections", stats.rejections),
        ("prunings", stats.prunings),
    ]
    .into_iter()
    .find(|&(_, value)| value >= 1 << 63)
}

/// A name for a temporary file beside `path` that no other run, nor another save of this
/// one, uses: `FILE.<process>-<sequence>.tmp`.
fn temporary_beside(path: &Path) -> PathBuf {
    static SEQUENCE: AtomicU64 = AtomicU64::new(0);
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(
        ".{}-{}.tmp",
        std::process::id(),
        SEQUENCE.fetch_add(1, Ordering::Relaxed)
    ));
    path.with_file_name(name)
}

/// Is `file` (open) the file at `path` still?
#[cfg(unix)]
fn still_at(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(open), Ok(named)) => open.dev() == named.dev() && open.ino() == named.ino(),
        _ => false,
    }
}

/// Is `file` (open) the file at `path` still? Without inode numbers to compare, taken to
/// be so: on these systems a run that locks the old file in the instant the run holding
/// it replaces it is not refused.
#[cfg(not(unix))]
fn still_at(_: &File, _: &Path) -> bool {
    true
}
