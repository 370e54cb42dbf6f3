//! The count checkpoint: made, appended to, read again; cut short, damaged, foreign and
//! held by another run.

use std::path::Path;

use proptest::prelude::*;

use super::{flipped, queens, scratch};
use crate::durable::{CheckpointError, Done, Entry, Header, Journal, Shape, Tally};
use crate::split::Subproblem;
use crate::Stats;

/// A split of six subproblems at depth 2.
fn split() -> Vec<Subproblem> {
    (0..6)
        .map(|k| Subproblem {
            path: vec![k / 3, k % 3],
        })
        .collect()
}

fn header() -> Header {
    Header::count(
        queens(8),
        Shape {
            depth: 2,
            subproblems: 6,
        },
        "0.1.0",
    )
}

/// Subproblem `index` finished, with figures of its own.
fn done(index: usize) -> Done {
    let k = index as u64;
    Done {
        index,
        found: Tally {
            count: 10 + k,
            unique: Some(k),
        },
        stats: Stats {
            nodes: 100 + k,
            solutions: 10 + k,
            dead_ends: 7 * k,
            rejections: k,
            prunings: 2 * k,
            max_depth: 8,
            ..Stats::default()
        },
        stopped: None,
    }
}

fn open(path: &Path) -> Result<Journal, CheckpointError> {
    Journal::open(path, "--checkpoint c.ck", &header(), &split())
}

/// A journal at `path` of subproblems 4, 1 and 2 finished, in that order.
fn written(path: &Path) -> String {
    let mut journal = open(path).unwrap();
    for index in [4, 1, 2] {
        journal.append(&done(index), &split()[index]).unwrap();
    }
    journal.sync().unwrap();
    drop(journal);
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn a_journal_starts_with_its_header_and_reads_back_what_was_appended() {
    let dir = scratch();
    let path = dir.path().join("c.ck");
    let text = written(&path);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0], header().to_line());
    assert_eq!(lines[1], Entry::new(&done(4), &split()[4]).to_line());
    let journal = open(&path).unwrap();
    let finished: Vec<Done> = journal.finished().values().copied().collect();
    assert_eq!(finished, [done(1), done(2), done(4)]);
    // Nothing changed by reading it.
    drop(journal);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
}

#[test]
fn appended_entries_are_finished_at_once_as_a_later_run_reads_them() {
    let dir = scratch();
    let path = dir.path().join("c.ck");
    let mut journal = open(&path).unwrap();
    let mut cut = done(3);
    cut.stats.bounded = 5;
    cut.stats.elapsed = std::time::Duration::from_secs(1);
    journal.append(&cut, &split()[3]).unwrap();
    let now = journal.finished()[&3];
    drop(journal);
    assert_eq!(open(&path).unwrap().finished()[&3], now);
    assert_eq!(now, done(3));
}

#[test]
fn a_journal_in_use_by_another_run_is_refused_until_it_ends() {
    let dir = scratch();
    let path = dir.path().join("c.ck");
    let first = open(&path).unwrap();
    let err = open(&path).unwrap_err();
    assert_eq!(
        err.to_string(),
        "--checkpoint c.ck is in use by another run counting into it; wait for it to end, or give another file"
    );
    assert!(!err.is_failed_write());
    drop(first);
    open(&path).unwrap();
}

#[test]
fn a_file_that_is_not_a_checkpoint_is_refused_and_left_as_it_was() {
    let dir = scratch();
    let path = dir.path().join("c.ck");
    for (text, said) in [
        (
            &b"my notes\n"[..],
            "--checkpoint c.ck is not a checkpoint of backtrack: its first line is not its header",
        ),
        (
            b"my notes",
            "--checkpoint c.ck is not a checkpoint of backtrack: its first line is not its header",
        ),
        (
            b"\xff\xfe\n",
            "--checkpoint c.ck is not a checkpoint of backtrack: it is not text",
        ),
    ] {
        std::fs::write(&path, text).unwrap();
        assert_eq!(open(&path).unwrap_err().to_string(), said);
        assert_eq!(std::fs::read(&path).unwrap(), text);
    }
}

#[test]
fn a_damaged_line_is_refused_naming_it() {
    let dir = scratch();
    let path = dir.path().join("c.ck");
    let text = written(&path);
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines[2] = lines[2].replacen("\"count\":", "\"count\":1", 1);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    assert_eq!(
        open(&path).unwrap_err().to_string(),
        "--checkpoint c.ck, line 3: its checksum does not match: the file was changed or damaged"
    );
    // A damaged header of ours says so too, not that it is not a checkpoint.
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines[0] = lines[0].replacen("\"n\":8", "\"n\":9", 1);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    assert_eq!(
        open(&path).unwrap_err().to_string(),
        "--checkpoint c.ck, line 1: its checksum does not match: the file was changed or damaged"
    );
}

#[test]
fn an_entry_of_another_split_or_not_an_entry_is_refused() {
    let dir = scratch();
    let path = dir.path().join("c.ck");
    let text = written(&path);
    let foreign = Entry::new(&done(5), &Subproblem { path: vec![0, 0] }).to_line();
    std::fs::write(&path, format!("{text}{foreign}\n")).unwrap();
    assert_eq!(
        open(&path).unwrap_err().to_string(),
        "--checkpoint c.ck, line 5: subproblem 5 is not this count's"
    );
    let beyond = Entry::new(&done(6), &Subproblem { path: vec![2, 0] }).to_line();
    std::fs::write(&path, format!("{text}{beyond}\n")).unwrap();
    assert_eq!(
        open(&path).unwrap_err().to_string(),
        "--checkpoint c.ck, line 5: subproblem 6 is not this count's"
    );
    let odd = crate::durable::seal_line(r#"{"index":1}"#);
    std::fs::write(&path, format!("{text}{odd}\n")).unwrap();
    assert_eq!(
        open(&path).unwrap_err().to_string(),
        "--checkpoint c.ck, line 5: the field \"path\" is missing"
    );
}

/// A key given twice in a line (its checksum matching: forged) is refused naming the line
/// and the key, in the header too, where the last given would have been taken.
#[test]
fn a_key_given_twice_is_refused_naming_its_line() {
    let dir = scratch();
    let path = dir.path().join("c.ck");
    let text = written(&path);
    let header_text = serde_json::to_string(&header()).unwrap();
    for (line, from, to, said) in [
        (
            0,
            "\"n\":8",
            "\"n\":9,\"n\":8",
            "--checkpoint c.ck, line 1: the field \"n\" of \"parameters\" of \"count\" is given twice",
        ),
        (
            0,
            "\"version\":\"0.1.0\"",
            "\"version\":\"0.0.9\",\"version\":\"0.1.0\"",
            "--checkpoint c.ck, line 1: the field \"version\" is given twice",
        ),
        (
            2,
            "\"nodes\":",
            "\"nodes\":0,\"nodes\":",
            "--checkpoint c.ck, line 3: the field \"nodes\" is given twice",
        ),
    ] {
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let opened = if line == 0 {
            header_text.clone()
        } else {
            crate::durable::open_line(&lines[line]).unwrap().to_string()
        };
        assert!(opened.contains(from), "{from} in {opened}");
        lines[line] = crate::durable::seal_line(&opened.replacen(from, to, 1));
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        assert_eq!(open(&path).unwrap_err().to_string(), said);
    }
}

/// Lines whose figures add up past `u64::MAX` (checksums matching: forged) are refused,
/// naming the line with the greatest such figure, and the figure; a subproblem given twice
/// counts once. Added to by a run's own counts past `u64::MAX`, the file is refused too.
#[test]
fn figures_that_add_up_past_64_bits_are_refused_naming_their_line() {
    let dir = scratch();
    let path = dir.path().join("c.ck");
    let text = written(&path);
    let huge = |index: usize, count: u64, nodes: u64| {
        let mut done = done(index);
        done.found.count = count;
        done.stats.nodes = nodes;
        Entry::new(&done, &split()[index]).to_line()
    };
    let message = |line: usize, field: &str| {
        format!("--checkpoint c.ck, line {line}: its \"{field}\" takes the count's total past 18446744073709551615 (2^64 - 1), which no count reaches: the file was changed, or is not this count's")
    };
    for (extra, line, field) in [
        (huge(5, u64::MAX, 1), 5, "count"),
        (
            format!("{}\n{}", huge(5, u64::MAX - 20, 1), huge(0, 30, 1)),
            5,
            "count",
        ),
        (
            format!("{}\n{}", huge(0, 1, 1), huge(5, 1, u64::MAX)),
            6,
            "nodes",
        ),
    ] {
        std::fs::write(&path, format!("{text}{extra}\n")).unwrap();
        assert_eq!(open(&path).unwrap_err().to_string(), message(line, field));
    }
    // The same subproblem again: the later line stands, and the sum holds.
    let again = format!("{}\n{}", huge(5, u64::MAX - 100, 1), huge(5, 7, 1));
    std::fs::write(&path, format!("{text}{again}\n")).unwrap();
    let journal = open(&path).unwrap();
    assert_eq!(journal.finished()[&5].found.count, 7);
    // A total this run takes past: the line with the greatest count is named.
    drop(journal);
    std::fs::write(&path, format!("{text}{}\n", huge(5, u64::MAX - 40, 1))).unwrap();
    let journal = open(&path).unwrap();
    let (mut tally, mut stats) = (Tally::default(), Stats::default());
    for done in journal.finished().values() {
        done.checked_add_to(&mut tally, &mut stats).unwrap();
    }
    let field = done(3).checked_add_to(&mut tally, &mut stats).unwrap_err();
    assert_eq!(journal.too_large(field).to_string(), message(5, "count"));
}

#[test]
fn another_count_s_journal_is_refused() {
    let dir = scratch();
    let path = dir.path().join("c.ck");
    written(&path);
    let other = Header::count(
        queens(9),
        Shape {
            depth: 2,
            subproblems: 6,
        },
        "0.1.0",
    );
    assert_eq!(
        Journal::open(&path, "--resume c.ck", &other, &split())
            .unwrap_err()
            .to_string(),
        "--resume c.ck records another count: in it n is 8, not 9"
    );
}

#[test]
fn a_journal_that_cannot_be_made_is_a_failed_write() {
    let dir = scratch();
    let path = dir.path().join("gone").join("c.ck");
    let err = open(&path).unwrap_err();
    assert!(err.is_failed_write(), "{err}");
    assert!(
        err.to_string()
            .starts_with("--checkpoint c.ck: cannot write: "),
        "{err}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A crash while a line is written leaves it without its end: that line alone is
    /// dropped, cut off the file, and the journal goes on after the others.
    #[test]
    fn a_journal_cut_short_mid_line_drops_only_that_line(cut in any::<prop::sample::Index>()) {
        let dir = scratch();
        let path = dir.path().join("c.ck");
        let text = written(&path);
        let last = text[..text.len() - 1].rfind('\n').unwrap() + 1;
        // Anywhere in the last line, its end excluded.
        let at = last + cut.index(text.len() - 1 - last);
        std::fs::write(&path, &text[..at]).unwrap();
        let mut journal = open(&path).unwrap();
        let finished: Vec<Done> = journal.finished().values().copied().collect();
        prop_assert_eq!(finished, vec![done(1), done(4)]);
        prop_assert_eq!(std::fs::read_to_string(&path).unwrap(), &text[..last]);
        journal.append(&done(0), &split()[0]).unwrap();
        drop(journal);
        let again: Vec<usize> = open(&path).unwrap().finished().keys().copied().collect();
        prop_assert_eq!(again, vec![0, 1, 4]);
    }

    /// No single-bit flip in a journal is trusted: it is refused, or (the last line's end
    /// flipped) that line is taken for one cut short and dropped.
    #[test]
    fn no_single_bit_flip_of_a_journal_is_trusted(at in any::<prop::sample::Index>(), bit in 0..8u8) {
        let dir = scratch();
        let path = dir.path().join("c.ck");
        let text = written(&path);
        let at = at.index(text.len());
        std::fs::write(&path, flipped(text.as_bytes(), at, bit)).unwrap();
        match open(&path) {
            Err(err) => prop_assert!(!err.is_failed_write(), "{}", err),
            Ok(journal) => {
                prop_assert_eq!(at, text.len() - 1);
                let finished: Vec<Done> = journal.finished().values().copied().collect();
                prop_assert_eq!(finished, vec![done(1), done(4)]);
            }
        }
    }
}
