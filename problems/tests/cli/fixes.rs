//! Regressions fixed together: deep text trees, narrow knight's tours, counts too big to
//! count, knapsack items of weight or value 0.

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{backtrack, backtrack_with_stdin, refused_output, scratch, stdout, text};

/// A tree as deep as its budget (a knight's tour finds its way without backtracking) takes
/// about as many bytes as it has entries, not the square of its depth.
#[test]
fn deep_text_trees_grow_with_their_entries_not_their_depth() {
    for stream in [false, true] {
        let mut args = vec!["knights-tour", "100", "100", "--tree"];
        if stream {
            args.extend(["--tree-stream", "--node-limit", "3000"]);
        } else {
            args.extend(["--tree-budget", "3000"]);
        }
        let output = backtrack(&args);
        assert_eq!(output.status.code(), Some(3), "{args:?}");
        let tree = text(&output.stdout);
        assert!(tree.len() < 3000 * 200, "{args:?}: {} bytes", tree.len());
        assert!(tree.contains(" depth 2999: v3000 ("), "{args:?}");
    }
}

/// A count past 2^64 - 1 would run for ages and could not be held: refused at once, in
/// one line, exit status 2, whatever the counts it could have held.
#[test]
fn counts_past_64_bits_are_refused_at_once() {
    let zeros: Vec<String> = vec!["0".to_string(); 70];
    let mut zeros_args = vec!["subset-sum", "-t", "0", "--count"];
    zeros_args.extend(zeros.iter().map(String::as_str));
    let cases: [(&[&str], &str); 4] = [
        (
            &["permutations", "21", "--count"],
            "51090942171709440000 permutations",
        ),
        (
            &["permutations", "1000", "-c"],
            "more than 2^128 permutations",
        ),
        (
            &["combinations", "68", "34", "--count"],
            "28453041475240576740 combinations",
        ),
        (&zeros_args, "1180591620717411303424 subsets"),
    ];
    for (args, count) in cases {
        let output = within(args, Duration::from_secs(20));
        let message = format!("--count: there are {count}, more than a count holds (18446744073709551615): add --limit K to count at most K, or --time-limit");
        refused_output(args, &output, &message);
    }
    // Counts that fit are counted, and so are the big ones up to a limit.
    assert_eq!(stdout(&["permutations", "6", "--count"]), "720\n");
    assert_eq!(stdout(&["combinations", "20", "10", "--count"]), "184756\n");
    assert_eq!(
        stdout(&["permutations", "21", "--count", "--limit", "5"]),
        "5\n"
    );
    assert_eq!(
        stdout(&["combinations", "68", "34", "--count", "--limit", "3"]),
        "3\n"
    );
    let mut some_zeros = vec!["subset-sum", "-t", "0", "--count"];
    some_zeros.extend(zeros[..10].iter().map(String::as_str));
    assert_eq!(stdout(&some_zeros), "1024\n");
    // C(67, 33) < 2^64: not refused, it runs (here up to a node limit); and a count past
    // 2^64 - 1 stopped by a limit of time or nodes is a partial count, not refused.
    for args in [
        &[
            "combinations",
            "67",
            "33",
            "--count",
            "--node-limit",
            "100",
            "-q",
        ][..],
        &["permutations", "21", "--count", "--node-limit", "100", "-q"],
        &[
            "permutations",
            "21",
            "--count",
            "--time-limit",
            "100ms",
            "-q",
        ],
    ] {
        let output = backtrack(args);
        assert_eq!(
            output.status.code(),
            Some(3),
            "{args:?}: {}",
            text(&output.stderr)
        );
    }
}

/// A run of `backtrack` that must end within `limit`: killed and failed if it does not.
fn within(args: &[&str], limit: Duration) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_backtrack"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            child.kill().unwrap();
            panic!("{args:?} still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Items of weight 0 (always taken if worth something) and of value 0 (never mattering)
/// doubled the tree of a best packing each: they are settled before the search, which
/// --stats says, and the checkpoint's identity records.
#[test]
fn knapsack_items_of_no_weight_or_no_value_are_settled_first() {
    let mut input = String::from("capacity 50\n10 60\n20 100\n30 120\n");
    for k in 0..60 {
        input.push_str(if k % 2 == 0 { "0 0\n" } else { "1 0\n" });
    }
    for _ in 0..40 {
        input.push_str("0 5\n");
    }
    let args = ["knapsack", "--stats", "-q", "--node-limit", "1000"];
    let output = backtrack_with_stdin(&args, &input);
    let stderr = text(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let out = text(&output.stdout);
    assert!(out.starts_with("value 420\nweight 50 of 50\nitem 2: weight 20, value 100\nitem 3: weight 30, value 120\nitem 64: weight 0, value 5\n"), "{out}");
    assert_eq!(out.lines().count(), 2 + 2 + 40, "{out}");
    assert!(!out.contains("value 0\n"), "{out}");
    assert!(
        stderr.contains("; settled first: 40 items taken (no weight), 60 items left (no value)\n"),
        "{stderr}"
    );
    // A listing still counts every packing the settled items make.
    let count = backtrack_with_stdin(&["knapsack", "--count"], "capacity 1\n0 5\n3 0\n1 0\n");
    assert_eq!(text(&count.stdout), "4\n");
    // The identity of a best packing records that items were settled; without any, not.
    let file = scratch("settled.checkpoint");
    for (input, settled) in [(input.as_str(), true), ("capacity 5\n2 3\n3 4\n", false)] {
        let _ = std::fs::remove_file(&file);
        let args = ["knapsack", "-q", "--checkpoint", file.to_str().unwrap()];
        assert!(backtrack_with_stdin(&args, input).status.success());
        let header = std::fs::read_to_string(&file).unwrap();
        assert_eq!(header.contains("\"settled\":true"), settled, "{header}");
    }
}

/// Knight's tours of narrow boards ran for minutes with no tour (12×4: 449 M nodes): they
/// come at once now, checked before they are printed; boards with none still say so.
#[test]
fn narrow_knights_tours_come_at_once() {
    for (rows, cols) in [("12", "4"), ("40", "5"), ("5", "100"), ("300", "3")] {
        let args = ["knights-tour", rows, cols, "--node-limit", "5000", "-q"];
        let board = stdout(&args);
        assert_eq!(
            board.lines().count(),
            rows.parse::<usize>().unwrap(),
            "{args:?}"
        );
    }
    for (rows, cols) in [("4", "4"), ("3", "6")] {
        let output = backtrack(&["knights-tour", rows, cols, "-q"]);
        assert_eq!(output.status.code(), Some(1), "{rows}×{cols}");
        assert_eq!(text(&output.stdout), "no solution\n");
    }
}
