//! `backtrack sudoku`, `knapsack` and `subset-sum`: the real binary, golden outputs, trees,
//! and bad input.

mod common;

use common::{backtrack, stdout};

use std::io::Write as _;
use std::process::{Child, Command, Output, Stdio};

use backtrack_problems::sudoku::Grid;

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Starts the binary with `input` written to its standard input (then closed), its
/// output piped.
fn spawn_with_stdin(args: &[&str], input: &str) -> Child {
    let mut child = Command::new(env!("CARGO_BIN_EXE_backtrack"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child
}

/// Runs the binary with `input` on its standard input.
fn backtrack_with_stdin(args: &[&str], input: &str) -> Output {
    spawn_with_stdin(args, input).wait_with_output().unwrap()
}

/// A run that must fail with exit status 2 and one line of error naming the problem:
/// returns that line.
fn error(args: &[&str]) -> String {
    let out = backtrack(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    stderr.trim_end().to_string()
}

// Sudoku.

#[test]
fn golden_sudoku_solve() {
    let text = stdout(&["sudoku", &fixture("classic.sudoku")]);
    let solution: Grid = text.parse().expect("nine lines of digits");
    assert!(solution.is_solved());
    let puzzle: Grid = std::fs::read_to_string(fixture("classic.sudoku"))
        .unwrap()
        .parse()
        .unwrap();
    assert!(puzzle
        .0
        .iter()
        .zip(&solution.0)
        .all(|(&p, &s)| p == 0 || p == s));
    insta::assert_snapshot!("sudoku_classic", text);
}

#[test]
fn sudoku_reads_one_line_from_stdin() {
    let one_line: String = std::fs::read_to_string(fixture("classic.sudoku"))
        .unwrap()
        .split_whitespace()
        .collect();
    let from_file = stdout(&["sudoku", &fixture("classic.sudoku")]);
    for args in [&["sudoku"][..], &["sudoku", "-"]] {
        let out = backtrack_with_stdin(args, &one_line);
        assert!(out.status.success());
        assert_eq!(String::from_utf8(out.stdout).unwrap(), from_file);
    }
}

#[test]
fn sudoku_count_and_limits() {
    assert_eq!(
        stdout(&["sudoku", "--count", &fixture("classic.sudoku")]),
        "1\n"
    );
    // An empty grid: the count stops at the limit and says so.
    let empty = ".".repeat(81);
    let out = backtrack_with_stdin(&["sudoku", "--count", "--limit", "30"], &empty);
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "30\n");
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("stopped at --limit 30"));
    // Listing: --limit K grids apart by a blank line, all different, all solved.
    let out = backtrack_with_stdin(&["sudoku", "--limit", "3"], &empty);
    let text = String::from_utf8(out.stdout).unwrap();
    let grids: Vec<Grid> = text.split("\n\n").map(|g| g.parse().unwrap()).collect();
    assert_eq!(grids.len(), 3);
    assert!(grids.iter().all(Grid::is_solved));
    assert!(grids[0] != grids[1] && grids[1] != grids[2] && grids[0] != grids[2]);
    // --all on a proper puzzle: its one solution.
    assert_eq!(
        stdout(&["sudoku", "--all", &fixture("classic.sudoku")]),
        stdout(&["sudoku", &fixture("classic.sudoku")])
    );
}

#[test]
fn unsolvable_sudoku_says_no_solution() {
    let out = backtrack(&["sudoku", &fixture("unsolvable.sudoku")]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "no solution\n");
    let out = backtrack(&["sudoku", "--count", &fixture("unsolvable.sudoku")]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "0\n");
}

#[test]
fn malformed_sudoku_is_one_clear_error() {
    let short = error(&["sudoku", &fixture("short.sudoku")]);
    assert!(
        short.ends_with("short.sudoku: line 1: expected 81 cells, found 80"),
        "{short}"
    );
    let bad = error(&["sudoku", &fixture("bad_char.sudoku")]);
    assert!(
        bad.contains("bad_char.sudoku: row 8, column 5: `x` is not a digit"),
        "{bad}"
    );
    let duplicate = error(&["sudoku", &fixture("duplicate.sudoku")]);
    assert!(
        duplicate
            .ends_with("duplicate.sudoku: row 1, column 9: 5 is already in its row, column or box"),
        "{duplicate}"
    );
    let missing = error(&["sudoku", &fixture("no-such-file.sudoku")]);
    assert!(
        missing.contains("cannot read") && missing.contains("no-such-file.sudoku"),
        "{missing}"
    );
    let out = backtrack_with_stdin(&["sudoku", "-"], "123\n456\n");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("<stdin>: expected one line of 81 cells or 9 lines of 9 cells"),
        "{stderr}"
    );
}

#[test]
fn sudoku_tree_follows_the_placements() {
    let text = stdout(&["sudoku", "--tree", "--all", &fixture("classic.sudoku")]);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("52 nodes, 1 solution, 0 dead ends"));
    assert_eq!(lines.next(), Some("v1 51 empty"));
    assert!(text.trim_end().ends_with(", 0 empty  ✓ solution"), "{text}");
    assert!(!text.contains("cut off"));
}

// Knapsack.

#[test]
fn golden_knapsack_best() {
    insta::assert_snapshot!(
        "knapsack_textbook",
        stdout(&["knapsack", &fixture("textbook.knapsack")])
    );
}

#[test]
fn knapsack_reads_stdin_and_reports_stats() {
    let text = std::fs::read_to_string(fixture("textbook.knapsack")).unwrap();
    let out = backtrack_with_stdin(&["knapsack", "-", "--stats"], &text);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        stdout(&["knapsack", &fixture("textbook.knapsack")])
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("prunings:"), "{stderr}");
}

#[test]
fn golden_knapsack_tree() {
    let text = stdout(&["knapsack", "--tree", &fixture("tiny.knapsack")]);
    assert!(text.contains("✂ pruned"));
    insta::assert_snapshot!("knapsack_tiny_tree", text);
}

#[test]
fn knapsack_streamed_tree_is_the_recorded_one() {
    let recorded = stdout(&[
        "knapsack",
        "--tree",
        "--tree-format",
        "json",
        &fixture("textbook.knapsack"),
    ]);
    let streamed = stdout(&[
        "knapsack",
        "--tree",
        "--tree-stream",
        "--tree-format",
        "json",
        &fixture("textbook.knapsack"),
    ]);
    let recorded: serde_json::Value = serde_json::from_str(&recorded).unwrap();
    let streamed: Vec<serde_json::Value> = streamed
        .lines()
        .filter(|line| !line.starts_with(r#"{"end":"#))
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(recorded["nodes"].as_array().unwrap(), &streamed);
    assert!(streamed.iter().any(|node| node["status"] == "pruned"));
}

#[test]
fn malformed_knapsack_is_one_clear_error() {
    let bad = error(&["knapsack", &fixture("malformed.knapsack")]);
    assert!(
        bad.ends_with("malformed.knapsack: line 3: expected `<weight> <value>` (or `capacity <number>`), found `20 apples`"),
        "{bad}"
    );
    let missing = error(&["knapsack", &fixture("no-such-file.knapsack")]);
    assert!(missing.contains("cannot read"), "{missing}");
    let directory = error(&["knapsack", &fixture("")]);
    assert!(directory.contains("cannot read"), "{directory}");
    let out = backtrack_with_stdin(&["knapsack", "-"], "capacity 5\n1 \u{fffd}\n");
    assert_eq!(out.status.code(), Some(2));
    let out = backtrack_with_stdin(&["knapsack", "-"], "10 60\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("<stdin>: missing `capacity <number>` line"));
}

// Subset sum.

const NUMBERS: [&str; 6] = ["3", "34", "4", "12", "5", "2"];

fn subset_sum(extra: &[&str]) -> Vec<String> {
    let mut args = vec!["subset-sum", "--target", "9"];
    args.extend_from_slice(extra);
    args.extend_from_slice(&NUMBERS);
    args.into_iter().map(String::from).collect()
}

fn run(args: &[String]) -> String {
    stdout(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

#[test]
fn golden_subset_sum_listing() {
    let text = run(&subset_sum(&[]));
    for line in text.lines() {
        let sum: u64 = line.split(' ').map(|n| n.parse::<u64>().unwrap()).sum();
        assert_eq!(sum, 9, "{line}");
    }
    insta::assert_snapshot!("subset_sum_listing", text);
}

#[test]
fn subset_sum_modes() {
    assert_eq!(run(&subset_sum(&["--count"])), "2\n");
    assert_eq!(run(&subset_sum(&["--first"])), "3 4 2\n");
    assert_eq!(run(&subset_sum(&["--indices"])), "1 3 6\n3 5\n");
    let out = backtrack(&["subset-sum", "-t", "100", "1", "2"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "no solution\n");
    assert_eq!(stdout(&["subset-sum", "-t", "0"]), "(empty)\n");
}

#[test]
fn subset_sum_rejects_what_is_not_a_number() {
    for args in [
        &["subset-sum", "-t", "9", "3", "x"][..],
        &["subset-sum", "-t", "9", "--", "-3"],
        &["subset-sum", "3", "4"],
    ] {
        let out = backtrack(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
    }
}

#[test]
fn golden_subset_sum_tree() {
    let text = run(&subset_sum(&["--tree"]));
    insta::assert_snapshot!("subset_sum_tree", text);
}

// Shared.

#[test]
fn tree_and_count_do_not_mix() {
    for args in [
        &["queens", "4", "--tree", "--count"][..],
        &["sudoku", "--tree", "--count", "-"],
        &["subset-sum", "-t", "1", "1", "--tree", "--count"],
    ] {
        let out = backtrack(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.contains("cannot be used with"), "{args:?}: {stderr}");
    }
}

#[test]
fn closed_pipe_ends_quietly() {
    // An empty grid has more solutions than anyone will read: the listing ends when the
    // reader goes away.
    let mut child = Command::new(env!("CARGO_BIN_EXE_backtrack"))
        .args(["sudoku", "--all", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(".".repeat(81).as_bytes())
        .unwrap();
    let mut first = [0u8; 10];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut first).unwrap();
    assert_eq!(&first, b"123456789\n");
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Starts `args` (with `input` on stdin), lets it run half a second, sends it SIGINT (as
/// Ctrl-C does) and returns what it wrote and how it ended.
#[cfg(unix)]
fn interrupted(args: &[&str], input: &str) -> Output {
    let child = spawn_with_stdin(args, input);
    std::thread::sleep(std::time::Duration::from_millis(500));
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(kill.success());
    child.wait_with_output().unwrap()
}

/// Ctrl-C on a long subset-sum, sudoku or knapsack run prints what it has, marked partial, and
/// exits 130, rather than dying with its buffered output lost.
#[cfg(unix)]
#[test]
fn ctrl_c_ends_long_runs_with_a_partial_result() {
    let numbers: Vec<String> = (1..=60).map(|k| k.to_string()).collect();
    let numbers: Vec<&str> = numbers.iter().map(String::as_str).collect();
    let empty_grid = ".".repeat(81);
    let subset_count = [&["subset-sum", "--count", "--target", "900"][..], &numbers].concat();
    let subset_list = [&["subset-sum", "--target", "900"][..], &numbers].concat();
    // Even weights worth their weight and an odd capacity: no packing fills it, so the
    // bound never meets the best found and branch and bound is exhaustive.
    let items = (0..60u64).map(|k| {
        let weight = 2 * (500_000 + k * 7_919 % 500_000);
        format!("{weight} {weight}\n")
    });
    let hard_knapsack = format!("capacity 45000001\n{}", items.collect::<String>());
    let runs: [(&[&str], &str, &str); 5] = [
        (
            &["knapsack", "-"],
            &hard_knapsack,
            "cancelled: the best packing found so far",
        ),
        (&subset_count, "", "cancelled: the count is partial"),
        (&subset_list, "", "cancelled after"),
        (
            &["sudoku", "--count", "-"],
            &empty_grid,
            "cancelled: the count is partial",
        ),
        (&["sudoku", "--all", "-"], &empty_grid, "cancelled after"),
    ];
    for (args, input, message) in runs {
        let out = interrupted(args, input);
        let stdout = String::from_utf8(out.stdout).unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(130), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(stdout.ends_with('\n'), "{args:?}: output cut mid-line");
        if args.contains(&"--count") {
            assert!(
                stdout.ends_with(" (partial: cancelled)\n"),
                "{args:?}: {stdout}"
            );
        } else if args[0] == "knapsack" {
            assert!(stdout.starts_with("value "), "{args:?}: {stdout}");
            assert!(
                stdout.contains(" (partial: cancelled)\n"),
                "{args:?}: {stdout}"
            );
        } else {
            assert!(!stdout.is_empty(), "{args:?}: nothing listed");
        }
    }
}

/// A `Grid` is public and built by hand: a cell over 9 is an error, not a shift overflow
/// (a panic from 16 on) nor a wrong "already in its row" (10 to 15).
#[test]
fn sudoku_refuses_hand_built_cells_over_nine() {
    use backtrack_problems::sudoku::{Sudoku, SudokuError};

    for value in [10u8, 15, 16, 255] {
        let mut cells = [0u8; 81];
        cells[12] = value;
        let err = Sudoku::new(Grid(cells)).unwrap_err();
        assert_eq!(
            err,
            SudokuError::Digit {
                row: 2,
                col: 4,
                value
            }
        );
        assert_eq!(
            err.to_string(),
            format!("row 2, column 4: {value} is not a digit 1-9 or 0 (empty)")
        );
    }
}

#[test]
fn grid_get_refuses_a_column_past_the_edge() {
    let grid = backtrack_problems::sudoku::Grid([0; 81]);
    assert_eq!(grid.get(8, 8), 0);
    let result = std::panic::catch_unwind(|| grid.get(0, 9));
    assert!(result.is_err(), "column 9 must not read row 1's first cell");
}
