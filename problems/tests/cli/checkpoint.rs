//! `--checkpoint FILE` and `--resume FILE`: a count stopped (a signal, a kill, a time limit)
//! goes on where it stopped and ends with the count of an uninterrupted run; a damaged,
//! cut or foreign checkpoint is refused or repaired, never trusted.

use std::cell::Cell;
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::common::{
    backtrack, error_line, json_lines, kill, queens_count, refused, refused_output, scratch,
    size_of, stdout, text, wait_for, with, Run,
};

/// Starts `run`, and stops it with `signal` (`INT` or `KILL`) once `after` has passed and
/// `ready()` says it has something to keep (its checkpoint grown: a run stopped before it
/// recorded anything leaves nothing new to resume, and on a loaded machine, where a debug
/// build runs slowly, the rounds would never end). Returns whether it ended by itself
/// before.
fn interrupted(run: &Run, after: Duration, signal: &str, mut ready: impl FnMut() -> bool) -> bool {
    let mut child = run.start(Stdio::null(), Stdio::null());
    let start = Instant::now();
    if !wait_for(&mut child, "keep something to resume", || {
        start.elapsed() >= after && ready()
    }) {
        return true;
    }
    kill(&mut child, signal);
    let status = child.wait().unwrap();
    // Stopped by SIGINT, the count exits 130 after recording what it finished; killed,
    // it has no say. Either way the next run resumes from the file.
    assert!(status.code() == Some(130) || status.code().is_none() || status.success());
    status.success()
}

/// `run` stopped (by [`interrupted`], at the points and with the signals `stops` gives
/// for each round) and resumed as `again`, until it ends by itself or `rounds` are made.
/// Returns how many were.
fn stopped_and_resumed(
    run: &Run,
    again: &Run,
    rounds: usize,
    mut stops: impl FnMut(usize) -> (Duration, &'static str),
    mut ready: impl FnMut() -> bool,
) -> usize {
    let mut round = 0;
    let mut finished = false;
    while !finished && round < rounds {
        let (after, signal) = stops(round);
        finished = interrupted(
            if round == 0 { run } else { again },
            after,
            signal,
            &mut ready,
        );
        round += 1;
    }
    round
}

/// The next of a fixed pseudo-random sequence (the tests that use it are repeatable).
fn next(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    *seed
}

#[test]
fn a_count_stopped_and_killed_at_random_points_resumes_to_the_exact_count() {
    // Half boards joined (the default) and the symmetric space, which counts the classes too.
    stopped_and_killed_at_random_points("halves");
    stopped_and_killed_at_random_points("full");
}

/// Stops and kills `queens 14 --count --symmetry SYMMETRY --checkpoint` at random points
/// until it ends, and checks its count and statistics against an uninterrupted run's.
fn stopped_and_killed_at_random_points(symmetry: &str) {
    let path = scratch(&format!("queens-14-{symmetry}.checkpoint"));
    let file = path.to_str().unwrap();
    let run = queens_count(14, &["--threads", "1"]);
    let (expected, expected_stats) = run
        .clone()
        .and(&["--format", "json", "--stats", "--symmetry", symmetry])
        .json_and_stats();
    // OEIS A000170 for n = 14.
    assert_eq!(expected["count"].as_u64(), Some(365_596));
    let first = run.clone().checkpoint(file).and(&["--symmetry", symmetry]);
    let again = run.resume(file).and(&["--symmetry", symmetry]);
    // Stop points from a fixed pseudo-random sequence (the test is repeatable), alternately
    // by SIGINT and by SIGKILL, each once the checkpoint has grown.
    let mut seed: u64 = 0x1234_5678;
    let journal = Cell::new(0);
    let rounds = stopped_and_resumed(
        &first,
        &again,
        40,
        |round| {
            let after = Duration::from_millis(20 + (next(&mut seed) >> 33) % 120);
            journal.set(size_of(file));
            (after, if round % 2 == 0 { "INT" } else { "KILL" })
        },
        || size_of(file) > journal.get(),
    );
    let (resumed, stats) = again.and(&["--format", "json", "--stats"]).json_and_stats();
    assert_eq!(resumed["count"], expected["count"], "{resumed}");
    assert_eq!(resumed["complete"], true);
    assert!(rounds > 2, "stopped at least twice: {rounds}");
    // Nothing counted twice, nothing lost: the statistics add up to the uninterrupted
    // run's (its time aside).
    for key in ["nodes", "solutions", "dead_ends", "max_depth"] {
        assert_eq!(stats[key], expected_stats[key], "{key}");
    }
    // The classes too, from a count that tells them apart.
    let unique = queens_count(14, &["--unique"]).resume(file);
    if symmetry == "full" {
        assert_eq!(unique.stdout(), "45752\n");
    } else {
        // Half boards are never whole: their count cannot tell classes apart.
        unique.refused("in it symmetry is \"halves\", not \"full\"");
    }
    // The last run searched only what the checkpoint did not have, and its speed is
    // that of those nodes over its own time. (Not by half boards: their subproblems are a
    // few groups each, often a node or none below their roots, and the part above the
    // split, searched by every run, holds most of the tree of groups.)
    if symmetry != "full" {
        return;
    }
    let (all, fresh) = (
        stats["nodes"].as_u64().unwrap(),
        stats["nodes_this_run"].as_u64(),
    );
    let fresh = fresh.expect("a resumed count says how many nodes it searched");
    assert!(fresh < all, "{stats}");
    let speed = fresh as f64 / stats["elapsed"].as_f64().unwrap();
    let said = stats["nodes_per_sec"].as_f64().unwrap();
    assert!(
        (said - speed).abs() <= 1.0 + speed * 1e-9,
        "{said} against {speed}"
    );
}

#[test]
fn damaged_cut_and_foreign_checkpoints_are_refused_or_repaired() {
    let path = scratch("queens-11.checkpoint");
    let file = path.to_str().unwrap();
    let count = queens_count(11, &[]);
    count.clone().checkpoint(file).stdout();
    let good = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = good.lines().collect();
    assert!(lines.len() > 10, "a header and a line per subproblem");
    // A last line cut short (a crash while writing it) is dropped and counted again.
    let cut = format!("{}\n{}", lines[..5].join("\n"), &lines[5][..7]);
    std::fs::write(&path, cut).unwrap();
    let out = count.clone().resume(file).output();
    assert_eq!(text(&out.stdout), "2680\n", "{}", text(&out.stderr));
    // A changed count (line 3), or a changed board in the header, is caught by the line's
    // checksum.
    for (line, from, to) in [
        (3, "\"count\":", "\"count\":1"),
        (1, "\"n\":11", "\"n\":12"),
    ] {
        let mut damaged: Vec<String> = lines.iter().map(|l| (*l).to_string()).collect();
        damaged[line - 1] = damaged[line - 1].replacen(from, to, 1);
        assert_ne!(damaged[line - 1], lines[line - 1]);
        std::fs::write(&path, damaged.join("\n") + "\n").unwrap();
        count.clone().resume(file).error_line(&format!(
            "--resume {file}, line {line}: its checksum does not match: the file was changed or damaged"
        ));
    }
    // Another board's checkpoint names what differs.
    std::fs::write(&path, &good).unwrap();
    queens_count(10, &[]).resume(file).error_line(&format!(
        "--resume {file} records another count: in it n is 11, not 10"
    ));
    // A file that is not a checkpoint is refused, and left as it was.
    std::fs::write(&path, "my notes\n").unwrap();
    count
        .clone()
        .checkpoint(file)
        .refused("is not a checkpoint of backtrack");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "my notes\n");
    // Not a file of its own, or empty.
    let dir = std::env::temp_dir();
    let dir = dir.to_str().unwrap();
    count.clone().checkpoint(dir).error_line(&format!(
        "--checkpoint {dir}: not a regular file (a checkpoint is a file of its own)"
    ));
    std::fs::write(&path, "").unwrap();
    count.clone().resume(file).error_line(&format!(
        "--resume {file}: the file is empty: it is not a checkpoint"
    ));
    // --resume needs the file; the flags apply to whole counts.
    let missing = scratch("missing.checkpoint");
    let missing = missing.to_str().unwrap();
    count.clone().resume(missing).error_line(&format!(
        "--resume {missing}: no such file (--checkpoint FILE makes one)"
    ));
    count.clone().and(&["--limit", "3"]).checkpoint(file).error_line(
        "--checkpoint cannot be used with --count --limit: a count with a checkpoint counts every solution",
    );
    count.checkpoint(file).resume(file).refused("--resume");
}

/// A count checkpoint forged with matching checksums, whose counts add up past 2^64 - 1
/// (by themselves, or with what the run counts), is refused naming the line and the
/// figure, not added up wrapped.
#[test]
fn a_forged_count_past_64_bits_is_refused_naming_its_line() {
    let path = scratch("queens-12.checkpoint");
    let file = path.to_str().unwrap();
    let count = queens_count(12, &[]);
    count.clone().checkpoint(file).stdout();
    let good = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = good.lines().collect();
    // Line 2's figure set to `to` (sealed again), and the file kept to its first `keep` lines.
    let forged = |field: &str, to: u64, keep: usize| {
        let mut forged: Vec<String> = lines[..keep].iter().map(|l| (*l).to_string()).collect();
        let text = backtrack::durable::open_line(lines[1]).unwrap();
        let mut entry: serde_json::Value = serde_json::from_str(text).unwrap();
        entry[field] = to.into();
        forged[1] = backtrack::durable::seal_line(&entry.to_string());
        std::fs::write(&path, forged.join("\n") + "\n").unwrap();
    };
    let max = u64::MAX;
    for (field, to, keep) in [
        ("count", max, lines.len()),
        ("count", max - 1000, lines.len()),
        ("unique", max, lines.len()),
        ("nodes", max, lines.len()),
        // The file's own sum holds; with what this run counts, it does not.
        ("count", max - 14_000, 2),
    ] {
        forged(field, to, keep);
        count.clone().resume(file).error_line(&format!(
            "--resume {file}, line 2: its \"{field}\" takes the count's total past 18446744073709551615 (2^64 - 1), which no count reaches: the file was changed, or is not this count's"
        ));
    }
}

#[test]
fn every_count_through_the_engine_keeps_a_checkpoint() {
    let path = scratch("subset-sum.checkpoint");
    let file = path.to_str().unwrap();
    let numbers = [
        "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14",
    ];
    let mut args = vec!["subset-sum", "--target", "30", "--count"];
    args.extend(numbers);
    let plain = stdout(&args);
    let checkpointed = with(&args).checkpoint(file);
    assert_eq!(checkpointed.stdout(), plain);
    // Run again, everything is already counted: the same total.
    let again = checkpointed.stdout();
    assert_eq!(again, plain);
}

#[test]
fn a_checkpointed_count_stopped_midway_prints_all_it_found_and_says_what_the_file_keeps() {
    let path = scratch("queens-19.checkpoint");
    let file = path.to_str().unwrap();
    // No subproblem of 19 queens in the symmetric space ends in 2 s (the biggest go first,
    // and this is a debug build): each one stopped was cut short.
    let out = queens_count(19, &["--symmetry", "full", "--threads", "2"])
        .checkpoint(file)
        .and(&["--time-limit", "2s"])
        .output();
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    let printed = text(&out.stdout);
    let count: u64 = printed
        .strip_suffix(" (partial: time limit of 2s reached)\n")
        .and_then(|number| number.parse().ok())
        .unwrap_or_else(|| panic!("{printed:?}"));
    assert!(count > 0, "the subproblems cut short found solutions");
    let stderr = text(&out.stderr);
    let note = stderr
        .lines()
        .find(|line| line.contains(" keeps "))
        .unwrap_or_else(|| panic!("{stderr}"));
    let prefix = format!("backtrack: {file} keeps 0 finished subproblems of ");
    let rest = note
        .strip_prefix(&prefix)
        .unwrap_or_else(|| panic!("{note}"));
    let (all, rest) = rest
        .split_once(" (0 solutions); given it again, a run counts the other ")
        .unwrap();
    let (left, cut) = rest.split_once(", ").unwrap_or_else(|| panic!("{note}"));
    assert_eq!(left, all, "{note}");
    assert!(
        cut == "the one the stop cut short among them from its start"
            || cut == "the 2 the stop cut short among them from their start",
        "{note}"
    );
    // The file keeps its header only.
    assert_eq!(std::fs::read_to_string(&path).unwrap().lines().count(), 1);
}

#[test]
fn a_checkpoint_goes_on_with_any_number_of_threads() {
    // The split depends on the count alone: one thread and 64 write the same header.
    let header = |threads: &str| {
        let path = scratch(&format!("queens-13-{threads}.checkpoint"));
        let file = path.to_str().unwrap();
        // OEIS A000170 for n = 13.
        let count = queens_count(13, &["--threads", threads]).checkpoint(file);
        assert_eq!(count.stdout(), "73712\n");
        let text = std::fs::read_to_string(&path).unwrap();
        (path, text.lines().next().unwrap().to_string())
    };
    let (path, one) = header("1");
    let (_, many) = header("64");
    assert_eq!(one, many);
    // A file written on one thread goes on, on 64: here, with nothing left to count.
    let file = path.to_str().unwrap();
    let resumed = queens_count(13, &["--threads", "64"])
        .resume(file)
        .and(&["--stats"]);
    assert_eq!(resumed.stdout(), "73712\n");
}

/// Runs the listing `run` with its output to a string, stopped by `signal` once `after`
/// has passed and `ready()` says so; returns its output and whether it ended by itself
/// (exited with success: it may end just before the signal, which then stops nothing).
fn listing_until(
    run: &Run,
    after: Duration,
    signal: &str,
    mut ready: impl FnMut() -> bool,
) -> (String, bool) {
    use std::io::Read as _;
    let mut child = run.start(Stdio::piped(), Stdio::null());
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        stdout.read_to_string(&mut text).unwrap();
        text
    });
    let start = Instant::now();
    if wait_for(&mut child, "save its listing", || {
        start.elapsed() >= after && ready()
    }) {
        kill(&mut child, signal);
    }
    let status = child.wait().unwrap();
    (reader.join().unwrap(), status.success())
}

#[test]
fn a_listing_stopped_goes_on_where_it_stopped_with_its_numbers() {
    let path = scratch("queens-13-listing.checkpoint");
    let file = path.to_str().unwrap();
    let listing = with(&["queens", "13", "--format", "compact"]);
    let whole = listing.stdout();
    let first = listing.clone().checkpoint(file);
    let again = listing.resume(file);
    // Stopped by SIGINT (a clean stop), each time once the checkpoint is written: the
    // pieces add up to the whole listing, each solution once, numbered on.
    let mut pieces = String::new();
    let mut seed: u64 = 99;
    let mut done = false;
    let mut rounds = 0;
    while !done && rounds < 40 {
        let after = Duration::from_millis(10 + (next(&mut seed) >> 33) % 60);
        let run = if rounds == 0 { &first } else { &again };
        let (piece, finished) = listing_until(run, after, "INT", || size_of(file) > 0);
        pieces.push_str(&piece);
        done = finished;
        rounds += 1;
    }
    // The rest, to the end.
    pieces.push_str(&text(&again.output().stdout));
    assert!(rounds > 2, "stopped at least twice");
    assert_eq!(pieces.lines().count(), whole.lines().count());
    assert!(
        pieces == whole,
        "the pieces are the whole listing, in order"
    );
    // Killed (after its first save, every two seconds): what was printed since the last
    // save is printed again, with the same numbers; every solution is there.
    std::fs::remove_file(&path).unwrap();
    let listing = with(&["queens", "14", "--format", "compact"]);
    let whole = listing.stdout();
    let slow = listing.checkpoint(file);
    // Killed once a save after the first (which records the start) is on disk: on a busy
    // machine the first two seconds of the listing can take longer.
    let mut first_save = None;
    let (piece, finished) = listing_until(&slow, Duration::from_millis(2500), "KILL", || {
        let Ok(saved) = std::fs::read(&path) else {
            return false;
        };
        first_save.get_or_insert_with(|| saved.clone()) != &saved
    });
    let rest = text(&slow.output().stdout);
    let number = |line: &&str| {
        line[3..]
            .split_whitespace()
            .next()
            .unwrap()
            .parse::<u64>()
            .unwrap()
    };
    // Killed after its last save (the listing done, its output flushed) but before it
    // exited, it has nothing left to print.
    if !finished && !rest.is_empty() {
        let first_again = rest.lines().next().map_or(0, |line| number(&line));
        assert!(
            first_again > 1,
            "went on from its last save, not from the start: {} lines before, the next numbered {first_again}",
            piece.lines().count()
        );
    }
    let mut lines: Vec<&str> = piece.lines().chain(rest.lines()).collect();
    lines.sort_by_key(number);
    lines.dedup();
    assert_eq!(lines.len(), whole.lines().count());
    assert!(
        lines.join("\n") + "\n" == whole,
        "every solution, each with its number"
    );
}

/// A listing's checkpoint given again after the listing finished: nothing is printed
/// again, and stderr says why (the run said nothing at all), as it does when the
/// checkpoint already holds what `--limit` asks for.
#[test]
fn a_finished_listing_resumed_says_it_is_finished() {
    let path = scratch("finished-listing.checkpoint");
    let file = path.to_str().unwrap();
    let whole = stdout(&["queens", "5", "--checkpoint", file]);
    assert_eq!(whole.lines().count(), 10 * 6);
    let out = backtrack(&["queens", "5", "--resume", file]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "");
    assert_eq!(
        text(&out.stderr),
        format!("backtrack: --resume {file} is of a finished listing: the runs before printed its 10 solutions; nothing is left to list\n")
    );
    // JSON closes with the whole listing's number, complete.
    let out = backtrack(&["queens", "5", "--checkpoint", file, "--format", "json"]);
    assert_eq!(
        json_lines(&text(&out.stdout)),
        [serde_json::json!({"complete": true, "solutions": 10})]
    );
    // A finished listing that found none: "no solution", exit status 1, as its first run.
    std::fs::remove_file(&path).unwrap();
    let first = backtrack(&["queens", "3", "--checkpoint", file]);
    let again = backtrack(&["queens", "3", "--checkpoint", file]);
    assert_eq!(first.status.code(), Some(1));
    assert_eq!(
        (again.status.code(), text(&again.stdout)),
        (Some(1), "no solution\n".into())
    );
    assert_eq!(
        text(&again.stderr),
        format!("backtrack: --checkpoint {file} is of a finished listing, which found no solution: nothing is left to list\n")
    );
    // Stopped at --limit 3, resumed with --limit 2: nothing more to list, and said so.
    std::fs::remove_file(&path).unwrap();
    stdout(&["queens", "8", "--limit", "3", "--checkpoint", file]);
    let out = backtrack(&[
        "queens", "8", "--limit", "2", "--resume", file, "--format", "json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        json_lines(&text(&out.stdout)),
        [serde_json::json!({"complete": true, "solutions": 3})]
    );
    assert_eq!(
        text(&out.stderr),
        format!("backtrack: --resume {file} has listed 3 solutions already, as many as --limit 2 asks: nothing is left to list (a greater --limit, or none, lists on)\n")
    );
    std::fs::remove_file(&path).unwrap();
}

/// A listing checkpoint whose position or count was forged (checksum matching) is
/// refused naming the file, the line, the field and what was expected: a path entry or
/// `tried` past its search range names its own index (not the range's length), and a
/// value of the wrong type is said in our words, not serde's.
#[test]
fn a_forged_listing_checkpoint_names_the_line_the_field_and_what_was_expected() {
    let path = scratch("listing-forged.checkpoint");
    let file = path.to_str().unwrap();
    let listing = with(&["queens", "10", "--limit", "5"]);
    listing.clone().checkpoint(file).stdout();
    let good = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = good.lines().collect();
    let snapshot: serde_json::Value =
        serde_json::from_str(backtrack::durable::open_line(lines[1]).unwrap()).unwrap();
    assert_eq!(
        snapshot["position"]["path"],
        serde_json::json!([0, 1, 1, 2, 1, 1, 0, 0, 0])
    );
    let max = u64::MAX;
    let cases: [(&str, serde_json::Value, String); 9] = [
        ("/listed", (-5).into(), format!("\"listed\" is -5: expected a whole number from 0 to {max}")),
        ("/listed", max.into(), format!("\"listed\" is {max}, which no listing reaches: the file was changed, or is not this listing's")),
        ("/listed", "five".into(), format!("\"listed\" is the string \"five\": expected a whole number from 0 to {max}")),
        ("/position/path/8", 99.into(), "the position does not fit the problem: \"path\"[8] is 99, but the search range at depth 8 has 1 operator: expected 0".into()),
        ("/position/path/0", 50.into(), "the position does not fit the problem: \"path\"[0] is 50, but the search range at depth 0 has 10 operators: expected 0 to 9".into()),
        ("/position/tried", 77.into(), "the position does not fit the problem: \"tried\" is 77, but the search range at depth 9 has 1 operator: expected 0 to 1".into()),
        ("/position/done", 1.into(), "\"done\" is 1: expected true or false".into()),
        ("/position/nodes", max.into(), format!("\"nodes\" is {max}, which no search reaches (2^63 or more): the file was changed, or is not this search's")),
        ("/position/dead_ends", (1u64 << 63).into(), format!("\"dead_ends\" is {}, which no search reaches (2^63 or more): the file was changed, or is not this search's", 1u64 << 63)),
    ];
    for (pointer, value, said) in cases {
        let mut forged = snapshot.clone();
        *forged.pointer_mut(pointer).unwrap() = value;
        let line = backtrack::durable::seal_line(&forged.to_string());
        std::fs::write(&path, format!("{}\n{line}\n", lines[0])).unwrap();
        listing
            .clone()
            .resume(file)
            .error_line(&format!("--resume {file}, line 2: {said}"));
    }
}

#[test]
fn a_listing_checkpoint_is_the_listing_s_own() {
    let path = scratch("listing-foreign.checkpoint");
    let file = path.to_str().unwrap();
    assert!(backtrack(&["queens", "9", "--count", "--checkpoint", file])
        .status
        .success());
    error_line(
        &["queens", "9", "--resume", file],
        &format!("--resume {file} is the checkpoint of a count of queens 9, not of a listing: resume it as a count (--count), or give the listing a checkpoint file of its own"),
    );
    std::fs::remove_file(&path).unwrap();
    assert!(
        backtrack(&["queens", "9", "--limit", "3", "--checkpoint", file])
            .status
            .success()
    );
    error_line(
        &["queens", "9", "--order", "heuristic", "--resume", file],
        &format!("--resume {file} records another listing: in it lex is true, not false"),
    );
    let saved = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, saved.replacen("\"listed\":3", "\"listed\":4", 1)).unwrap();
    error_line(
        &["queens", "9", "--resume", file],
        &format!(
            "--resume {file}, line 2: its checksum does not match: the file was changed or damaged"
        ),
    );
    error_line(
        &[
            "knapsack",
            &crate::common::fixture("textbook.knapsack"),
            "--resume",
            file,
        ],
        &format!(
            "--resume {file} is the checkpoint of a listing of queens 9, not of a branch and bound: resume it with backtrack queens as a listing (--all, --first or --limit K, no --count), or give the branch and bound a checkpoint file of its own"
        ),
    );
    // Given to --checkpoint of another problem's count, it names its subcommand too.
    error_line(
        &[
            "subset-sum",
            "-t",
            "9",
            "--count",
            "--checkpoint",
            file,
            "3",
            "34",
            "4",
        ],
        &format!(
            "--checkpoint {file} is the checkpoint of a listing of queens 9, not of a count: resume it with backtrack queens as a listing (--all, --first or --limit K, no --count), or give the count a checkpoint file of its own"
        ),
    );
}

#[test]
fn a_listing_s_checkpoint_given_to_a_count_says_what_it_is() {
    let path = scratch("listing-to-count.checkpoint");
    let file = path.to_str().unwrap();
    stdout(&["queens", "8", "--limit", "3", "--checkpoint", file]);
    let what = "is the checkpoint of a listing of queens 8, not of a count: resume it as a listing (--all, --first or --limit K, no --count), or give the count a checkpoint file of its own";
    for flag in ["--resume", "--checkpoint"] {
        error_line(
            &["queens", "8", "--count", flag, file],
            &format!("{flag} {file} {what}"),
        );
    }
    // Left as it was: resumed as a listing, it lists on.
    let out = stdout(&["queens", "8", "--limit", "4", "--resume", file]);
    assert!(out.starts_with("4\n"), "{out}");
    std::fs::remove_file(&path).unwrap();
}

/// A knapsack of `items` items whose branch and bound takes a while: weights and values
/// from a fixed pseudo-random sequence, the capacity half the total weight.
fn hard_knapsack(items: usize) -> String {
    let mut seed: u64 = 7;
    let mut lines = Vec::new();
    let mut total = 0;
    for _ in 0..items {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let weight = 1000 + (seed >> 40) % 1000;
        // Values strongly correlated with weights: the bound prunes little.
        let value = weight + 100;
        total += weight;
        lines.push(format!("{weight} {value}"));
    }
    format!("capacity {}\n{}\n", total / 2, lines.join("\n"))
}

#[test]
fn a_branch_and_bound_stopped_goes_on_with_its_best_so_far() {
    let knapsack = scratch("hard.knapsack");
    std::fs::write(&knapsack, hard_knapsack(38)).unwrap();
    let knapsack = knapsack.to_str().unwrap();
    let path = scratch("knapsack-best.checkpoint");
    let file = path.to_str().unwrap();
    // On one thread, as a branch and bound with a checkpoint runs: the same statistics.
    let run = with(&["knapsack", knapsack]);
    let (expected, expected_stats) = run
        .clone()
        .and(&["--format", "json", "--stats", "--threads", "1"])
        .json_and_stats();
    let first = run.clone().checkpoint(file);
    let again = run.resume(file);
    // Each stop 150 ms in: a branch and bound saves its best so far when a signal stops
    // it (its periodic saves come every 2 s, longer than the whole run may take).
    let rounds = stopped_and_resumed(
        &first,
        &again,
        6,
        |_| (Duration::from_millis(150), "INT"),
        || true,
    );
    let (best, stats) = again.and(&["--format", "json", "--stats"]).json_and_stats();
    assert!(rounds > 1, "stopped at least once");
    assert_eq!(best, expected, "the same best packing");
    for key in ["nodes", "solutions", "prunings", "max_depth"] {
        assert_eq!(stats[key], expected_stats[key], "{key}");
    }
}

/// Two runs counting into one checkpoint would each count what the other counts: the
/// second is refused while the first holds the file, and the file is the first's still.
#[test]
fn a_checkpoint_in_use_by_another_run_is_refused() {
    let path = scratch("in-use.checkpoint");
    let file = path.to_str().unwrap();
    let count = queens_count(17, &["--threads", "1"]).checkpoint(file);
    // The header is written once the file is locked.
    let mut first = started_with_checkpoint(&count, file);
    let out = count.output();
    let _ = first.kill();
    let _ = first.wait();
    refused_output(
        &count.args(),
        &out,
        &format!("--checkpoint {file} is in use by another run counting into it"),
    );
    // Once the first run is gone, the file is free again.
    let out = queens_count(8, &[]).checkpoint(file).output();
    assert!(
        !out.status.success(),
        "a checkpoint of queens 17 is not one of queens 8"
    );
    assert!(
        text(&out.stderr).contains("in it n is 17, not 8"),
        "{}",
        text(&out.stderr)
    );
}

/// Starts `run` in the background (its stderr piped) and waits for its checkpoint `file`
/// to be written: however long that takes on a loaded machine (a fixed few seconds did
/// not always do).
fn started_with_checkpoint(run: &Run, file: &str) -> std::process::Child {
    let mut child = run.start(Stdio::null(), Stdio::piped());
    assert!(
        wait_for(&mut child, "write its checkpoint", || size_of(file) > 0),
        "{:?} ended before it wrote its checkpoint",
        run.args()
    );
    child
}

/// A listing's checkpoint is replaced at every save, and held all the same: a second
/// listing, or a resumed one, given the file while the first runs is refused.
#[test]
fn a_listing_checkpoint_in_use_is_refused() {
    let path = scratch("listing-in-use.checkpoint");
    let file = path.to_str().unwrap();
    let mut first = started_with_checkpoint(&with(&["queens", "17"]).checkpoint(file), file);
    for flag in ["--checkpoint", "--resume"] {
        let args = ["queens", "17", "--limit", "2", flag, file];
        let out = backtrack(&args);
        refused_output(
            &args,
            &out,
            &format!("{flag} {file} is in use by another run"),
        );
    }
    let _ = first.kill();
    let _ = first.wait();
    // The first run gone, the file goes on.
    let out = backtrack(&["queens", "17", "--limit", "1", "--resume", file]);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// A checkpoint in a directory that does not exist (or is not a directory, or takes no
/// file) is refused before any search, as bad usage: one line naming the flag, the file
/// and the problem, exit status 2 (it used to fail at the first save, with status 4).
#[test]
fn a_checkpoint_that_could_not_be_written_is_refused_up_front() {
    let scratch_dir = scratch("missing-dir");
    let dir = scratch_dir.join("no-such-dir");
    let file = dir.join("q.checkpoint");
    let file = file.to_str().unwrap();
    let shown = dir.to_str().unwrap();
    let knapsack = crate::common::fixture("textbook.knapsack");
    for args in [
        &["queens", "16", "--count", "--checkpoint", file][..],
        &["queens", "16", "--checkpoint", file],
        &["knapsack", &knapsack, "--checkpoint", file],
    ] {
        let out = backtrack(args);
        assert_eq!(
            (out.status.code(), text(&out.stdout), text(&out.stderr)),
            (
                Some(2),
                String::new(),
                format!("backtrack: error: --checkpoint {file}: there is no directory {shown} (make it first)\n")
            ),
            "{args:?}"
        );
    }
    assert!(!dir.exists());
    let plain = scratch("plain-file");
    std::fs::write(&plain, "").unwrap();
    let inside = plain.join("q.checkpoint");
    error_line(
        &[
            "queens",
            "8",
            "--count",
            "--checkpoint",
            inside.to_str().unwrap(),
        ],
        &format!(
            "--checkpoint {}: {} is not a directory",
            inside.display(),
            plain.display()
        ),
    );
    #[cfg(target_os = "linux")]
    {
        // A directory no file can be made in, even by root.
        let stderr = refused(
            &[
                "queens",
                "8",
                "--count",
                "--checkpoint",
                "/sys/q.checkpoint",
            ],
            "",
        );
        assert!(
            stderr.starts_with(
                "backtrack: error: --checkpoint /sys/q.checkpoint: cannot make a file in /sys: "
            ),
            "{stderr}"
        );
    }
}

/// A checkpoint that can no longer be written (its directory removed) is a failed write
/// of the output: exit status 4 and one line naming the flag, the solutions printed
/// before it standing.
#[test]
fn a_checkpoint_that_cannot_be_written_fails_the_run_as_output() {
    let dir = scratch("gone");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("listing.checkpoint");
    let file = path.to_str().unwrap().to_string();
    let first = started_with_checkpoint(&with(&["queens", "17"]).checkpoint(&file), &file);
    std::fs::remove_dir_all(&dir).unwrap();
    let out = first.wait_with_output().unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(4), "{stderr}");
    assert!(
        stderr.starts_with(&format!(
            "backtrack: error: --checkpoint {file}: cannot write: "
        )),
        "{stderr}"
    );
    assert!(!stderr.contains("(os error"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}
