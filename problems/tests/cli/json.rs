//! Every JSON output, one snapshot: its keys in one order everywhere, what a line is
//! about first (`index`, `puzzle`), then what it says, then whether the output is
//! complete (`complete`, `stopped`).

use std::fmt::Write as _;

use crate::common::{backtrack, fixture, text};

#[test]
fn json_keys_come_in_one_order_everywhere() {
    let several = fixture("several.sudoku");
    let knapsack = fixture("textbook.knapsack");
    let graph = fixture("cycle5.col");
    let runs: Vec<Vec<&str>> = vec![
        vec!["queens", "4", "--format", "json"],
        vec!["queens", "6", "--count", "--format", "json"],
        vec!["queens", "8", "--count", "--limit", "3", "--format", "json"],
        vec![
            "queens",
            "8",
            "--first",
            "--method",
            "construct",
            "--format",
            "json",
        ],
        vec!["sudoku", &several, "--format", "json"],
        vec!["sudoku", &several, "--count", "--format", "json"],
        vec!["knapsack", &knapsack, "--format", "json"],
        vec!["knapsack", &knapsack, "--limit", "1", "--format", "json"],
        vec![
            "subset-sum",
            "-t",
            "9",
            "3",
            "4",
            "5",
            "2",
            "--format",
            "json",
        ],
        vec!["permutations", "2", "--format", "json"],
        vec!["combinations", "3", "2", "--limit", "1", "--format", "json"],
        vec![
            "coloring", &graph, "--colors", "3", "--limit", "1", "--format", "json",
        ],
        vec!["coloring", &graph, "--min", "--format", "json"],
        vec!["knights-tour", "3", "4", "--format", "json"],
        vec!["queens", "4", "--count", "--parts", "2", "--part", "1"],
    ];
    let mut shown = String::new();
    for args in runs {
        let out = backtrack(&args);
        let line = args
            .iter()
            .map(|arg| arg.rsplit('/').next().unwrap_or(arg))
            .collect::<Vec<_>>()
            .join(" ");
        let _ = writeln!(shown, "$ backtrack {line}\n{}", text(&out.stdout));
    }
    // The part record's time (and so its checksum) and version change from run to run
    // and release to release.
    let mut settings = insta::Settings::clone_current();
    settings.add_filter(r#""elapsed":[0-9.e-]+"#, r#""elapsed":[time]"#);
    settings.add_filter(r#""version":"[^"]+""#, r#""version":"[version]""#);
    settings.add_filter(r#""checksum":"[0-9a-f]{8}""#, r#""checksum":"[crc32]""#);
    settings.bind(|| insta::assert_snapshot!("json_lines", shown));
}
