//! `--tree`: the solution tree, recorded or streamed, and its options.

use crate::common::{all_error_lines, backtrack, error_line, json_lines, text};

/// The standard output of a run.
fn stdout(output: &std::process::Output) -> String {
    text(&output.stdout)
}

#[test]
fn queens_4_tree_is_the_seed_tree() {
    let output = backtrack(&["queens", "4", "--tree"]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert_eq!(text.lines().count(), 1 + 17);
    assert!(text.starts_with("17 nodes, 2 solutions, 4 dead ends"));
    assert!(text.contains("│           └── v9 (2,4,1,3)  ✓ solution\n"));
    assert!(text.contains("│           └── v13 (3,1,4,2)  ✓ solution\n"));
    assert!(text.contains("└── v14 (4,0,0,0)\n"));
    assert!(text.ends_with("    └── v17 (4,2,0,0)  ✗ dead end\n"));
}

#[test]
fn queens_8_tree_prints_all_2057_nodes() {
    let output = backtrack(&["queens", "8", "--tree"]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert_eq!(text.lines().count(), 1 + 2057);
    assert!(text.starts_with("2057 nodes, 92 solutions"));
    assert!(!text.contains("budget"));
}

/// A line of the text tree without the tree lines in front: `v9 (2,4,1,3)  ✓ solution`.
fn node(line: &str) -> &str {
    line.trim_start_matches(|c| "│├└─ ".contains(c))
}

#[test]
fn rejected_attempts_keep_the_node_numbers() {
    let plain = stdout(&backtrack(&["queens", "4", "--tree"]));
    let with = stdout(&backtrack(&["queens", "4", "--tree", "--tree-rejected"]));
    let plain: Vec<&str> = plain.lines().skip(1).map(node).collect();
    let numbered: Vec<&str> = with
        .lines()
        .skip(1)
        .map(node)
        .filter(|line| line.starts_with('v'))
        .collect();
    assert_eq!(numbered, plain);
    assert_eq!(with.matches("⊘ rejected").count(), 44);
}

#[test]
fn json_format_parses() {
    let output = backtrack(&["queens", "4", "--tree", "--tree-format", "json"]);
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).expect("JSON");
    let nodes = json["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), 17);
    assert_eq!(nodes[8]["label"], "(2,4,1,3)");
    assert_eq!(nodes[8]["status"], "solution");
    assert_eq!(json["stats"]["solutions"], 2);
}

/// DOT for every way of making the tree. (That the engine's DOT renders with Graphviz is
/// the engine's test, `tests/tree.rs`.)
#[test]
fn dot_format_is_one_whole_graph() {
    for extra in [&[][..], &["--tree-rejected"], &["--tree-stream"]] {
        let mut args = vec!["queens", "5", "--tree", "--tree-format", "dot"];
        args.extend_from_slice(extra);
        let dot = stdout(&backtrack(&args));
        assert_eq!(
            dot.matches("digraph solution_tree {\n").count(),
            1,
            "{args:?}"
        );
        assert!(dot.ends_with("}\n"), "{args:?}");
        // 5-queens: 54 nodes, v1 to v54.
        assert!(dot.contains("  v54 [label="), "{args:?}");
        assert!(!dot.contains("  v55 [label="), "{args:?}");
    }
}

/// A tree cut by its budget is printed, says so on stderr, and exits with status 3.
#[test]
fn a_huge_board_stops_at_the_budget() {
    let output = backtrack(&["queens", "60", "--tree", "--tree-budget", "500"]);
    assert_eq!(output.status.code(), Some(3));
    let tree = stdout(&output);
    assert_eq!(
        tree.lines()
            .filter(|line| line.contains(" v") || line.starts_with('v'))
            .count(),
        500
    );
    assert!(tree.contains("… cut off"), "{tree}");
    assert_eq!(
        text(&output.stderr),
        "backtrack: tree budget of 500 entries reached: the tree is partial, its open nodes marked cut off\n\
         backtrack: raise --tree-budget (now 500 entries, at most 5000000) or use --tree-stream\n"
    );
    // One entry is "1 entry", not "1 entries", on stdout and on stderr.
    let output = backtrack(&["queens", "8", "--tree", "--tree-budget", "1"]);
    assert_eq!(output.status.code(), Some(3));
    assert_eq!(
        stdout(&output),
        "1 node, 0 solutions, 0 dead ends\n\
         v1 (0,0,0,0,0,0,0,0)  … cut off\n\
         recording stopped at the budget of 1 entry: the tree is incomplete\n"
    );
    assert_eq!(
        text(&output.stderr),
        "backtrack: tree budget of 1 entry reached: the tree is partial, its open nodes marked cut off\n\
         backtrack: raise --tree-budget (now 1 entry, at most 5000000) or use --tree-stream\n"
    );
    // --stats counts the nodes the cut tree draws, not the one that did not fit.
    let output = backtrack(&["queens", "8", "--tree", "--tree-budget", "5", "--stats"]);
    assert!(stdout(&output).starts_with("5 nodes, "));
    assert!(text(&output.stderr).contains("\nnodes:      5\n"));
    // With the refused attempts shown, the rejections too.
    let output = backtrack(&[
        "queens",
        "8",
        "--tree",
        "--tree-rejected",
        "--tree-budget",
        "5",
        "--stats",
    ]);
    assert!(stdout(&output).starts_with("3 nodes, 0 solutions, 0 dead ends; 2 rejected attempts\n"));
    assert!(text(&output.stderr)
        .contains("\nnodes:      3\nsolutions:  0\ndead ends:  0\nbounded:    0\nrejections: 2\n"));
}

#[test]
fn streaming_writes_nodes_as_they_come() {
    let output = backtrack(&[
        "queens",
        "6",
        "--tree",
        "--tree-stream",
        "--tree-format",
        "json",
    ]);
    assert!(output.status.success());
    let text = stdout(&output);
    let ids: Vec<u64> = json_lines(&text)
        .iter()
        .filter_map(|node| node["id"].as_u64())
        .collect();
    assert_eq!(ids, (1..=ids.len() as u64).collect::<Vec<_>>());
    let count = stdout(&backtrack(&["queens", "6", "--count", "--stats"]));
    assert_eq!(count.trim(), "4");
}

#[test]
fn first_and_limit_stop_the_tree_at_solutions() {
    let text = stdout(&backtrack(&["queens", "4", "--tree", "--first"]));
    assert!(text.starts_with("9 nodes, 1 solution,"));
    assert!(text.contains("v9 (2,4,1,3)  ✓ solution"));
    assert!(text.contains("v1 (0,0,0,0)  … cut off"));
    let text = stdout(&backtrack(&["queens", "8", "--tree", "--limit", "3"]));
    assert_eq!(text.matches("✓ solution").count(), 3);
}

#[test]
fn stats_go_to_stderr() {
    let output = backtrack(&["queens", "4", "--tree", "--stats"]);
    assert!(output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("nodes:      17"));
    assert_eq!(stdout(&output).lines().count(), 18);
}

#[test]
fn tree_options_need_tree_and_bad_input_is_refused() {
    all_error_lines(&[
        (&["queens", "4", "--tree-format", "dot"], "--tree-format applies to the solution tree: add --tree"),
        // Beside a flag that cannot go with --tree, a tree option alone is still refused.
        (&["queens", "8", "--tree-stream", "--count"], "--tree-stream applies to the solution tree: add --tree"),
        (&["queens", "8", "--first", "--tree-rejected", "--order", "lex"], "--tree-rejected applies to the solution tree: add --tree"),
        (&["queens", "8", "--first", "--tree-budget", "9", "--method", "local"], "--tree-budget applies to the solution tree: add --tree"),
        (&["queens", "8", "--first", "--tree", "--method", "construct"], "--tree cannot be used with --method"),
        (&["queens", "8", "--first", "--tree", "--seed", "3"], "--tree cannot be used with --seed"),
        (&["queens", "8", "--first", "--tree", "--max-steps", "3"], "--tree cannot be used with --max-steps"),
        (&["queens", "4", "--tree", "--tree-format", "svg"], "--tree-format must be text, dot, json or html, not 'svg'"),
        (&["queens", "4", "--tree", "--count"], "--tree cannot be used with --count"),
        (&["queens", "4", "--tree", "--tree-budget", "many"], "--tree-budget must be a whole number, not 'many' (a tree budget is 1 to 5000000 entries, about 200 bytes each)"),
        (&["queens", "4", "--tree", "--tree-budget", "0"], "--tree-budget must be at least 1, not 0 (a tree budget is 1 to 5000000 entries, about 200 bytes each)"),
        (&["queens", "4", "--tree", "--tree-budget", "5000001"], "--tree-budget must be at most 5000000, not 5000001 (a tree budget is 1 to 5000000 entries, about 200 bytes each)"),
        (&["queens", "4", "--tree", "--tree-stream", "--tree-budget", "5"], "--tree-stream cannot be used with --tree-budget"),
        (&["queens", "4", "--tree", "--tree-stream", "--tree-format", "html"], "--tree-stream cannot be used with --tree-format html: the page is written whole, from the recorded tree"),
        (&["subset-sum", "--target", "5", "1", "2", "3", "--tree", "--tree-format", "html", "--tree-stream"], "--tree-stream cannot be used with --tree-format html: the page is written whole, from the recorded tree"),
    ]);
    let help = text(&backtrack(&["queens", "--help"]).stdout);
    assert!(help.contains("--tree-budget <N>\n"), "{help}");
    error_line(
        &["sudoku", "--tree", "--threads", "2", "-"],
        "--threads cannot be used with --tree: the tree is recorded on one thread, in search order",
    );
}
