//! Regressions fixed together: deep text trees, narrow knight's tours, counts too big to
//! count, knapsack items of weight or value 0.

use std::time::{Duration, Instant};

use crate::common::{backtrack, error_line, stdout, text};

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
        // The time limit ends in exit status 3 a count that is not refused.
        let args = [args, &["--time-limit", "5s"]].concat();
        let start = Instant::now();
        error_line(
            &args,
            &format!("--count: there are {count}, more than a count holds (18446744073709551615): add --limit K to count at most K, or --estimate"),
        );
        assert!(start.elapsed() < Duration::from_secs(10), "{args:?}");
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
    // C(67, 33) < 2^64: not refused, it runs (here up to a node limit).
    let output = backtrack(&[
        "combinations",
        "67",
        "33",
        "--count",
        "--node-limit",
        "100",
        "-q",
    ]);
    assert_eq!(output.status.code(), Some(3), "{}", text(&output.stderr));
}
