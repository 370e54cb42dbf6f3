//! `backtrack subset-sum`: the golden listing and tree, JSON lines, modes, and what is not
//! a number.

use crate::common::{backtrack, json_lines, refused, stdout};

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
fn the_listing_is_the_golden_one() {
    let text = run(&subset_sum(&[]));
    for line in text.lines() {
        let sum: u64 = line.split(' ').map(|n| n.parse::<u64>().unwrap()).sum();
        assert_eq!(sum, 9, "{line}");
    }
    insta::assert_snapshot!("subset_sum_listing", text);
}

#[test]
fn json_lines_hold_each_subset_and_the_number_found() {
    let lines = json_lines(&run(&subset_sum(&["--format", "json"])));
    assert_eq!(
        lines[0],
        serde_json::json!({"index": 1, "numbers": [3, 4, 2], "positions": [1, 3, 6]})
    );
    assert_eq!(
        lines[2],
        serde_json::json!({"solutions": 2, "complete": true})
    );
    let count = json_lines(&run(&subset_sum(&["--count", "--format", "json"])));
    assert_eq!(count, [serde_json::json!({"count": 2, "complete": true})]);
    refused(
        &[
            "subset-sum",
            "-t",
            "1",
            "1",
            "--indices",
            "--format",
            "json",
        ],
        "--indices applies to text listings: the JSON lines have both numbers and positions",
    );
}

#[test]
fn count_first_and_indices_print_what_they_say_and_none_is_no_solution() {
    assert_eq!(run(&subset_sum(&["--count"])), "2\n");
    assert_eq!(run(&subset_sum(&["--first"])), "3 4 2\n");
    assert_eq!(run(&subset_sum(&["--indices"])), "1 3 6\n3 5\n");
    let out = backtrack(&["subset-sum", "-t", "100", "1", "2"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "no solution\n");
    assert_eq!(stdout(&["subset-sum", "-t", "0"]), "(empty)\n");
}

#[test]
fn bad_numbers_are_refused_with_their_place() {
    let cases: [(&[&str], &str); 7] = [
        (&["subset-sum", "-t", "5", "1", "x", "3"], "backtrack: error: NUMBERS: number 2, `x`, is not a whole number"),
        (&["subset-sum", "-t", "5", "1", "-2"], "backtrack: error: NUMBERS: number 2, `-2`, is negative: the numbers must be 0 or more"),
        (&["subset-sum", "-t", "9", "--", "-3"], "backtrack: error: NUMBERS: number 1, `-3`, is negative: the numbers must be 0 or more"),
        (&["subset-sum", "-t", "9", "1.5"], "backtrack: error: NUMBERS: number 1, `1.5`, is not a whole number"),
        (&["subset-sum", "-t", "9", "18446744073709551616"], "backtrack: error: NUMBERS: number 1, `18446744073709551616`, is too large (at most 18446744073709551615)"),
        (&["subset-sum", "-t", "-5", "1"], "backtrack: error: --target must be 0 or more, not -5"),
        (&["subset-sum", "3", "4"], "backtrack: error: subset-sum needs --target T, the sum to reach"),
    ];
    for (args, message) in cases {
        let stderr = refused(args, message);
        assert!(stderr.starts_with(message), "{args:?}: {stderr}");
        assert!(
            !stderr.contains("-- -"),
            "no tip to write `-- -2`: {stderr}"
        );
    }
    // A huge bad number is not echoed whole.
    let huge = "x".repeat(10_000);
    crate::common::error_line(
        &["subset-sum", "-t", "5", &huge],
        &format!(
            "NUMBERS: number 1, `{}…`, is not a whole number",
            "x".repeat(40)
        ),
    );
}

#[test]
fn the_tree_is_the_golden_one() {
    let text = run(&subset_sum(&["--tree"]));
    insta::assert_snapshot!("subset_sum_tree", text);
}
