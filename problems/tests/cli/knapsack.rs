//! `backtrack knapsack`: the golden best packing and tree, modes, and bad input, each
//! number with its own message.

use crate::common::{
    backtrack_with_stdin, error_of, fixture, json_lines, read_error, refused_output, stdout, text,
};

#[test]
fn the_best_packing_of_the_textbook_knapsack_is_the_golden_one() {
    insta::assert_snapshot!(
        "knapsack_textbook",
        stdout(&["knapsack", &fixture("textbook.knapsack")])
    );
}

#[test]
fn standard_input_is_read_and_stats_reported() {
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
fn the_tree_of_the_tiny_knapsack_is_the_golden_one() {
    let text = stdout(&["knapsack", "--tree", &fixture("tiny.knapsack")]);
    assert!(text.contains("✂ pruned"));
    insta::assert_snapshot!("knapsack_tiny_tree", text);
}

#[test]
fn the_streamed_tree_is_the_recorded_one() {
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
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let (end, nodes) = streamed
        .split_last()
        .expect("a stream ends with its counts");
    assert_eq!(end["end"]["complete"], true);
    assert_eq!(recorded["nodes"].as_array().unwrap(), nodes);
    assert!(nodes.iter().any(|node| node["status"] == "pruned"));
}

#[test]
fn a_malformed_file_is_one_clear_error() {
    let bad = error_of(&["knapsack", &fixture("malformed.knapsack")]);
    assert!(
        bad.ends_with("malformed.knapsack: line 3: the value `apples` is not a number"),
        "{bad}"
    );
    for path in [fixture("no-such-file.knapsack"), fixture("")] {
        crate::common::error_line(
            &["knapsack", &path],
            &format!("cannot read {path}: {}", read_error(&path)),
        );
    }
    let out = backtrack_with_stdin(&["knapsack", "-"], "capacity 5\n1 \u{fffd}\n");
    refused_output(
        &["knapsack", "-"],
        &out,
        "backtrack: error: <stdin>: line 2: the value `\u{fffd}` is not a number\n",
    );
    let out = backtrack_with_stdin(&["knapsack", "-"], "10 60\n");
    refused_output(
        &["knapsack"],
        &out,
        "<stdin>: line 1: expected `capacity <number>` first, found `10 60`",
    );
}

/// Each bad number says what is wrong with it, a long bad line is quoted short, and a
/// byte order mark is no character of the input.
#[test]
fn bad_numbers_get_their_own_messages() {
    let cases = [
        ("capacity -10\n", "<stdin>: line 1: the capacity `-10` is negative: capacities, weights and values are 0 or more"),
        ("capacity 10.5\n", "<stdin>: line 1: the capacity `10.5` is not a whole number"),
        ("capacity 99999999999999999999\n", "<stdin>: line 1: the capacity `99999999999999999999` is too large (at most 18446744073709551615)"),
        ("capacity 5\n1 -2\n", "<stdin>: line 2: the value `-2` is negative: capacities, weights and values are 0 or more"),
        ("capacity 5\n1\u{200b} 2\n", "<stdin>: line 2: the weight `1\\u{200b}` is not a number"),
        ("capacity 5\n1 18446744073709551615\n\n2 3\n", "<stdin>: line 4: the value 3 takes the items' total value past 18446744073709551615: their values must add up to at most that"),
    ];
    for (input, message) in cases {
        let out = backtrack_with_stdin(&["knapsack"], input);
        let stderr = refused_output(&["knapsack"], &out, message);
        assert_eq!(stderr, format!("backtrack: error: {message}\n"));
    }
    let long = format!("capacity 5\n{}\n", "y".repeat(1 << 20));
    let out = backtrack_with_stdin(&["knapsack"], &long);
    let stderr = refused_output(&["knapsack"], &out, "found `yyyy");
    assert_eq!(
        stderr,
        format!(
            "backtrack: error: <stdin>: line 2: expected `<weight> <value>`, found `{}…`\n",
            "y".repeat(40)
        )
    );
    // A long number is cut the same way.
    let long = format!("capacity 5\n1 {}\n", "2".repeat(1 << 20));
    let out = backtrack_with_stdin(&["knapsack"], &long);
    let stderr = refused_output(&["knapsack"], &out, "is too large");
    assert_eq!(
        stderr,
        format!(
            "backtrack: error: <stdin>: line 2: the value `{}…` is too large (at most 18446744073709551615)\n",
            "2".repeat(40)
        )
    );
    let out = backtrack_with_stdin(&["knapsack"], "\u{feff}capacity 50\n10 60\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    // Two items of weight u64::MAX: too heavy together, but each fits alone.
    let max = u64::MAX;
    let out = backtrack_with_stdin(
        &["knapsack"],
        &format!("capacity {max}\n{max} 3\n{max} 4\n"),
    );
    assert_eq!(
        text(&out.stdout),
        format!("value 4\nweight {max} of {max}\nitem 2: weight {max}, value 4\n")
    );
}

#[test]
fn the_modes_besides_the_best_count_and_list_the_packings_that_fit() {
    let file = fixture("textbook.knapsack");
    // Weights 10, 20, 30 in 50: every subset fits but all three together.
    assert_eq!(stdout(&["knapsack", "--count", &file]), "7\n");
    let all = stdout(&["knapsack", "--all", &file]);
    let packings = |text: &str| text.lines().filter(|l| l.starts_with("value ")).count();
    assert_eq!(packings(&all), 7);
    // The first packing in search order is the greedy one.
    assert_eq!(
        stdout(&["knapsack", "--first", &file]),
        "value 160\nweight 30 of 50\nitem 1: weight 10, value 60\nitem 2: weight 20, value 100\n"
    );
    assert_eq!(packings(&stdout(&["knapsack", "--limit", "2", &file])), 2);
    let best = json_lines(&stdout(&["knapsack", "--format", "json", &file]));
    assert_eq!(best.len(), 1);
    assert_eq!(best[0]["value"], 220);
    assert_eq!(best[0]["complete"], true);
    assert_eq!(
        best[0]["items"][0],
        serde_json::json!({"item": 2, "weight": 20, "value": 100})
    );
    let listed = json_lines(&stdout(&["knapsack", "--all", "--format", "json", &file]));
    assert_eq!(listed.len(), 8);
    assert_eq!(
        listed[7],
        serde_json::json!({"solutions": 7, "complete": true})
    );
}

/// When nothing fits, the best packing is the empty one, and the output says so: a line
/// `no item taken` in text (not only no item lines), an empty list in JSON.
#[test]
fn an_empty_packing_says_no_item_is_taken() {
    let input = "capacity 4\n5 10\n9 3\n";
    let best = backtrack_with_stdin(&["knapsack"], input);
    assert_eq!(best.status.code(), Some(0));
    assert_eq!(
        text(&best.stdout),
        "value 0\nweight 0 of 4\nno item taken\n"
    );
    let json = backtrack_with_stdin(&["knapsack", "--format", "json"], input);
    let json = json_lines(&text(&json.stdout));
    assert_eq!(json.len(), 1);
    assert_eq!(json[0]["items"], serde_json::json!([]));
    assert_eq!(json[0]["value"], 0);
    // In a listing too, the empty packing among the others.
    let listed = backtrack_with_stdin(&["knapsack", "--all"], "capacity 1\n1 2\n");
    assert_eq!(
        text(&listed.stdout),
        "value 2\nweight 1 of 1\nitem 1: weight 1, value 2\n\nvalue 0\nweight 0 of 1\nno item taken\n"
    );
}
