//! The listing checkpoint: saved and read again, refused when damaged or another's, held
//! by one run whatever the timing (issue 32: two listings started together), and a failed
//! save that leaves nothing behind.

use std::path::Path;
use std::sync::{Arc, Barrier};

use super::{queens, scratch, Words};
use crate::durable::{seal_line, CheckpointError, Header, Snapshot, SnapshotFile};
use crate::{Position, Search};

fn header() -> Header {
    Header::listing(queens(9), "0.1.0")
}

/// A position of a search of the words of 3 letters over 3, after `listed` solutions.
fn position(listed: usize) -> Position {
    let mut search = Search::new(Words::new(3, 3));
    for _ in 0..listed {
        search.next().unwrap();
    }
    search.position()
}

fn open(
    path: &Path,
    named: &str,
) -> Result<(SnapshotFile, Option<Snapshot<u64>>), CheckpointError> {
    SnapshotFile::open(path, named, header())
}

/// The files in `dir`, by name.
fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_snapshot_saved_is_read_back_and_the_file_is_two_sealed_lines() {
    let dir = scratch();
    let path = dir.path().join("l.ck");
    let (mut held, saved) = open(&path, "--checkpoint l.ck").unwrap();
    assert_eq!(saved, None);
    // Taken at once: made empty, before the first save.
    assert_eq!(std::fs::read(&path).unwrap(), b"");
    held.save(&5u64, &position(5)).unwrap();
    held.save(&7u64, &position(7)).unwrap();
    let body = serde_json::to_string(&Snapshot {
        listed: 7u64,
        position: position(7),
    })
    .unwrap();
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        format!("{}\n{}\n", header().to_line(), seal_line(&body))
    );
    assert_eq!(held.path(), path);
    drop(held);
    let (_, saved) = open(&path, "--resume l.ck").unwrap();
    assert_eq!(
        saved,
        Some(Snapshot {
            listed: 7,
            position: position(7)
        })
    );
    assert_eq!(files(dir.path()), ["l.ck"]);
}

#[test]
fn a_checkpoint_held_is_refused_to_another_run_before_and_after_its_first_save() {
    let dir = scratch();
    let path = dir.path().join("l.ck");
    let (mut held, _) = open(&path, "--checkpoint l.ck").unwrap();
    let said =
        "--checkpoint l.ck is in use by another run; wait for it to end, or give another file";
    assert_eq!(
        open(&path, "--checkpoint l.ck").unwrap_err().to_string(),
        said
    );
    held.save(&1u64, &position(1)).unwrap();
    let err = open(&path, "--resume l.ck").unwrap_err();
    assert!(matches!(err, CheckpointError::InUse { .. }));
    assert!(!err.is_failed_write());
    drop(held);
    let (_, saved) = open(&path, "--resume l.ck").unwrap();
    assert_eq!(saved.map(|saved| saved.listed), Some(1));
}

/// Issue 32: two listings started together on one checkpoint. One takes it; the other is
/// told it is in use (never a failed write), whichever comes first, in every trial.
#[test]
fn of_two_runs_started_together_one_takes_the_checkpoint_and_the_other_is_told_it_is_in_use() {
    let dir = scratch();
    for trial in 0..100 {
        let path = dir.path().join(format!("l{trial}.ck"));
        let start = Arc::new(Barrier::new(2));
        let runs: Vec<_> = (0..2)
            .map(|_| {
                let (path, start) = (path.clone(), Arc::clone(&start));
                std::thread::spawn(move || {
                    start.wait();
                    let (mut held, _) = open(&path, "--checkpoint l.ck")?;
                    held.save(&2u64, &position(2))?;
                    Ok::<_, CheckpointError>(held)
                })
            })
            .collect();
        let ends: Vec<_> = runs.into_iter().map(|run| run.join().unwrap()).collect();
        let taken = ends.iter().filter(|end| end.is_ok()).count();
        assert_eq!(taken, 1, "trial {trial}: {ends:?}");
        for end in &ends {
            if let Err(err) = end {
                assert!(matches!(err, CheckpointError::InUse { .. }), "{err}");
            }
        }
    }
    let names = files(dir.path());
    assert_eq!(names.len(), 100, "no temporary file left: {names:?}");
}

/// A run saving again and again keeps its checkpoint: another run trying to take it in
/// between (it may open the file a save is about to replace, and lock it once replaced)
/// is refused every time, over hundreds of saves.
#[test]
fn a_checkpoint_being_saved_is_never_taken_by_another_run() {
    use std::sync::atomic::{AtomicU64, Ordering};
    let dir = scratch();
    let path = dir.path().join("l.ck");
    let (mut held, _) = open(&path, "--checkpoint l.ck").unwrap();
    held.save(&0u64, &position(0)).unwrap();
    let saves = Arc::new(AtomicU64::new(0));
    let saver = {
        let saves = Arc::clone(&saves);
        std::thread::spawn(move || {
            while saves.load(Ordering::Relaxed) < 500 {
                held.save(&saves.load(Ordering::Relaxed), &position(1))
                    .unwrap();
                saves.fetch_add(1, Ordering::Relaxed);
            }
            // Held until the other run has stopped trying.
            held
        })
    };
    let mut attempts = 0;
    while saves.load(Ordering::Relaxed) < 500 {
        match open(&path, "--checkpoint l.ck") {
            Err(CheckpointError::InUse { .. }) => attempts += 1,
            other => panic!("attempt {attempts}: {other:?}"),
        }
    }
    let held = saver.join().unwrap();
    assert!(attempts > 0);
    drop(held);
}

#[test]
fn a_failed_save_leaves_the_last_checkpoint_and_no_temporary_file() {
    let dir = scratch();
    let path = dir.path().join("l.ck");
    let (mut held, _) = open(&path, "--checkpoint l.ck").unwrap();
    held.save(&1u64, &position(1)).unwrap();
    // The checkpoint's name taken by a directory: the temporary file is written, and its
    // rename fails.
    std::fs::remove_file(&path).unwrap();
    std::fs::create_dir(&path).unwrap();
    std::fs::write(path.join("inside"), "").unwrap();
    let err = held.save(&2u64, &position(2)).unwrap_err();
    assert!(err.is_failed_write(), "{err}");
    assert!(
        err.to_string()
            .starts_with("--checkpoint l.ck: cannot write: "),
        "{err}"
    );
    assert_eq!(files(dir.path()), ["l.ck"]);
    // The directory gone: the temporary file cannot even be made.
    std::fs::remove_dir_all(dir.path()).unwrap();
    assert!(held
        .save(&3u64, &position(3))
        .unwrap_err()
        .is_failed_write());
}

/// Saves at `path` the checkpoint of a listing that has listed 3 (`--checkpoint l.ck`),
/// lets it go, and returns its text.
fn saved_after_three(path: &Path) -> String {
    let (mut held, _) = open(path, "--checkpoint l.ck").unwrap();
    held.save(&3u64, &position(3)).unwrap();
    drop(held);
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn a_damaged_cut_or_foreign_snapshot_is_refused_naming_its_line() {
    let dir = scratch();
    let path = dir.path().join("l.ck");
    let good = saved_after_three(&path);
    let first = good.lines().next().unwrap();
    for (text, said) in [
        (
            good.replacen("\"listed\":3", "\"listed\":4", 1),
            "--resume l.ck, line 2: its checksum does not match: the file was changed or damaged",
        ),
        (
            format!("{first}\n"),
            "--resume l.ck, line 2: missing: the file was cut short",
        ),
        (
            "notes\n".to_string(),
            "--resume l.ck is not a checkpoint of backtrack: its first line is not its header",
        ),
        (
            good.replacen("\"n\":9", "\"n\":10", 1),
            "--resume l.ck is not a checkpoint of backtrack: its first line is not its header",
        ),
    ] {
        std::fs::write(&path, &text).unwrap();
        assert_eq!(open(&path, "--resume l.ck").unwrap_err().to_string(), said);
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            text,
            "left as it was"
        );
    }
    // Another listing's; a count's; a snapshot of something else than was listed.
    std::fs::write(&path, &good).unwrap();
    let other = Header::listing(queens(10), "0.1.0");
    let err = SnapshotFile::open::<u64>(&path, "--resume l.ck", other).unwrap_err();
    assert_eq!(
        err.to_string(),
        "--resume l.ck records another listing: in it n is 9, not 10"
    );
    let best = Header::best(queens(9), "0.1.0");
    let err = SnapshotFile::open::<u64>(&path, "--resume l.ck", best).unwrap_err();
    assert!(matches!(err, CheckpointError::OtherSearch { .. }), "{err}");
    let err =
        SnapshotFile::open::<Option<(Vec<u8>, u64)>>(&path, "--resume l.ck", header()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "--resume l.ck, line 2: \"listed\" is 3: expected a list of 2 entries"
    );
    // A key given twice, sealed again: in the header, the last would have been taken.
    let second = good.lines().nth(1).unwrap();
    let header_text = serde_json::to_string(&header()).unwrap();
    for (text, said) in [
        (
            format!(
                "{}\n{second}\n",
                seal_line(&header_text.replacen("\"n\":9", "\"n\":8,\"n\":9", 1))
            ),
            "--resume l.ck, line 1: the field \"n\" of \"parameters\" of \"count\" is given twice",
        ),
        (
            format!(
                "{first}\n{}\n",
                seal_line(&crate::durable::open_line(second).unwrap().replacen(
                    "\"listed\":3",
                    "\"listed\":4,\"listed\":3",
                    1
                ))
            ),
            "--resume l.ck, line 2: the field \"listed\" is given twice",
        ),
    ] {
        std::fs::write(&path, &text).unwrap();
        assert_eq!(open(&path, "--resume l.ck").unwrap_err().to_string(), said);
    }
    std::fs::write(&path, b"\xff\n").unwrap();
    assert_eq!(
        open(&path, "--resume l.ck").unwrap_err().to_string(),
        "--resume l.ck is not a checkpoint of backtrack: it is not text"
    );
}

/// A snapshot whose statistics no search reaches (checksum matching: forged) is refused
/// naming the line and the figure: a search going on from it would count past `u64::MAX`.
#[test]
fn a_snapshot_with_figures_no_search_reaches_is_refused() {
    let dir = scratch();
    let path = dir.path().join("l.ck");
    let good = saved_after_three(&path);
    let lines: Vec<&str> = good.lines().collect();
    let body = crate::durable::open_line(lines[1]).unwrap();
    for (field, value, refused) in [
        ("solutions", u64::MAX, true),
        ("prunings", 1 << 63, true),
        ("nodes", (1 << 63) - 1, false),
    ] {
        let mut forged: serde_json::Value = serde_json::from_str(body).unwrap();
        forged["position"][field] = value.into();
        let line = seal_line(&forged.to_string());
        std::fs::write(&path, format!("{}\n{line}\n", lines[0])).unwrap();
        match open(&path, "--resume l.ck") {
            Err(err) => {
                assert!(refused, "{field} = {value}: {err}");
                assert_eq!(
                    err.to_string(),
                    format!("--resume l.ck, line 2: \"{field}\" is {value}, which no search reaches (2^63 or more): the file was changed, or is not this search's")
                );
            }
            Ok((_, saved)) => {
                assert!(!refused, "{field} = {value} was taken");
                assert_eq!(saved.unwrap().position.stats.nodes, value);
            }
        }
    }
}
