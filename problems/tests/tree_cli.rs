//! `backtrack queens N --tree`: the real binary prints the solution tree.

use std::io::Write as _;
use std::process::{Command, Output, Stdio};

fn backtrack(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_backtrack"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
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

#[test]
fn dot_format_renders_with_graphviz() {
    for extra in [&[][..], &["--tree-rejected"], &["--tree-stream"]] {
        let mut args = vec!["queens", "5", "--tree", "--tree-format", "dot"];
        args.extend_from_slice(extra);
        let output = backtrack(&args);
        assert!(output.status.success());
        let dot = stdout(&output);
        assert!(dot.contains("digraph"));
        let Ok(mut child) = Command::new("dot")
            .arg("-Tsvg")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
        else {
            eprintln!("note: Graphviz `dot` is not on PATH; the DOT output was not rendered");
            return;
        };
        child
            .stdin
            .take()
            .unwrap()
            .write_all(dot.as_bytes())
            .unwrap();
        let svg = child.wait_with_output().unwrap();
        assert!(
            svg.status.success(),
            "{}",
            String::from_utf8_lossy(&svg.stderr)
        );
        assert!(String::from_utf8_lossy(&svg.stdout).contains("<svg"));
    }
}

#[test]
fn a_huge_board_stops_at_the_budget() {
    let output = backtrack(&["queens", "60", "--tree", "--tree-budget", "500"]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert_eq!(text.lines().count(), 1 + 500 + 1);
    assert!(
        text.ends_with("recording stopped at the budget of 500 entries: the tree is incomplete\n")
    );
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
    let ids: Vec<u64> = text
        .lines()
        .filter(|line| !line.starts_with(r#"{"end":"#))
        .map(|line| {
            let node: serde_json::Value = serde_json::from_str(line).expect("one node per line");
            node["id"].as_u64().unwrap()
        })
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
    for args in [
        &["queens", "4", "--tree-format", "dot"][..],
        &["queens", "4", "--tree", "--tree-format", "svg"],
        &["queens", "4", "--tree", "--count"],
        &["queens", "4", "--tree", "--tree-budget", "many"],
        &["queens", "4", "--tree", "--tree-budget", "0"],
        &[
            "queens",
            "4",
            "--tree",
            "--tree-stream",
            "--tree-budget",
            "5",
        ],
    ] {
        let output = backtrack(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(!output.stderr.is_empty(), "{args:?}");
    }
}
