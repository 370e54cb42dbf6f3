//! `--estimate`: the size and time of a search, before running it, on every subcommand.

use crate::common::{
    all_error_lines, all_refused, backtrack, fixture, json_lines, queens_count, stdout, text, with,
    Run,
};

/// The one JSON object `--estimate --format json` prints of `run`.
fn estimate(run: &Run) -> serde_json::Value {
    let estimated = run
        .clone()
        .and(&["--estimate", "--format", "json", "--quiet"]);
    let lines = json_lines(&estimated.stdout());
    assert_eq!(lines.len(), 1, "{:?}: {lines:?}", run.args());
    lines[0]["estimate"].clone()
}

fn figure(value: &serde_json::Value) -> (f64, f64, f64) {
    let f = |key: &str| {
        value[key]
            .as_f64()
            .unwrap_or_else(|| panic!("{key} in {value}"))
    };
    (f("mean"), f("low"), f("high"))
}

#[test]
fn a_search_too_big_for_its_sample_is_estimated_with_intervals_that_hold_the_count() {
    // 18-queens: far more than a quarter of a second. Its count, 666,090,624 (OEIS
    // A000170), must lie in the interval of the solutions.
    // In the symmetric space, whose nodes all cost about the same: the count by half boards
    // times a few blocks, whose speeds differ, and so its time only roughly.
    let found = estimate(&queens_count(
        18,
        &[
            "--symmetry",
            "full",
            "--threads",
            "1",
            "--probes",
            "4000",
            "--probe-seed",
            "3",
        ],
    ));
    assert_eq!(found["exact"], false, "{found}");
    assert_eq!(found["probes"], 4000);
    // Those asked for are said only of an estimate cut short.
    assert!(found.get("probes_asked").is_none(), "{found}");
    assert_eq!(found["probe_seed"], 3);
    assert_eq!(found["threads"], 1);
    let (mean, low, high) = figure(&found["solutions"]);
    assert!(low <= 666_090_624.0 && 666_090_624.0 <= high, "{found}");
    assert!(low < mean && mean < high && high < 2.0 * low, "{found}");
    // The time is the nodes at the speed of the sample.
    let (nodes, _, _) = figure(&found["nodes"]);
    let (seconds, _, _) = figure(&found["seconds"]);
    let speed = found["nodes_per_sec"].as_f64().unwrap();
    assert!(speed > 0.0);
    assert!((seconds * speed / nodes - 1.0).abs() < 1e-3, "{found}");
}

#[test]
fn the_same_seed_gives_the_same_estimate_and_another_seed_another() {
    let run = |seed: &str| {
        let found = estimate(&queens_count(
            20,
            &[
                "--symmetry",
                "none",
                "--probes",
                "500",
                "--probe-seed",
                seed,
            ],
        ));
        (found["nodes"].clone(), found["solutions"].clone())
    };
    assert_eq!(run("7"), run("7"));
    assert_ne!(run("7"), run("8"));
}

#[test]
fn a_search_that_ends_within_its_sample_is_reported_exactly() {
    let found = estimate(&queens_count(8, &[]));
    assert_eq!(found["exact"], true, "{found}");
    assert_eq!(found["solutions"]["mean"], 92.0);
    assert_eq!(found["solutions"]["low"], 92.0);
    let text = stdout(&["queens", "6", "--estimate"]);
    assert!(text.contains("nodes:      153 (exact"), "{text}");
    assert!(text.contains("solutions:  4\n"), "{text}");
}

/// An exact estimate's time is its sample's, on one thread, and says so (it said `time:
/// 7.45ms` of a count that runs on every core).
#[test]
fn an_exact_estimate_s_time_says_it_is_one_thread_s() {
    let text = stdout(&["queens", "6", "--estimate"]);
    let time = text
        .lines()
        .find_map(|line| line.strip_prefix("time:       "));
    assert!(
        time.unwrap()
            .ends_with(" on 1 thread (the sample's, which ran the whole search)"),
        "{text}"
    );
    let args = ["queens", "8", "--count", "--threads", "2"];
    let text = stdout(&[&args[..], &["--estimate"]].concat());
    let time = text
        .lines()
        .find_map(|line| line.strip_prefix("time:       "));
    assert!(
        time.unwrap().ends_with(
            " on 1 thread (the sample's, which ran the whole search; the count runs on 2 threads)"
        ),
        "{text}"
    );
    let found = estimate(&with(&args));
    assert_eq!(found["exact"], true, "{found}");
    assert_eq!(found["threads"], 1, "{found}");
    let (seconds, _, _) = figure(&found["seconds"]);
    assert_eq!(found["sample_seconds"].as_f64(), Some(seconds), "{found}");
}

#[test]
fn every_subcommand_estimates_its_search() {
    let sudoku = fixture("classic.sudoku");
    let knapsack = fixture("textbook.knapsack");
    let petersen = fixture("petersen.col");
    let myciel4 = fixture("myciel4.col");
    for args in [
        vec!["sudoku", &sudoku],
        vec!["sudoku", &sudoku, "--count"],
        vec!["knapsack", &knapsack, "--all"],
        vec![
            "subset-sum",
            "--target",
            "50",
            "3",
            "34",
            "4",
            "12",
            "5",
            "2",
            "9",
            "27",
        ],
        vec!["queens", "30", "--probes", "300"],
        vec!["permutations", "12"],
        vec!["combinations", "30", "15", "--count"],
        vec!["coloring", "--colors", "3", &petersen],
        vec!["coloring", "--min", &myciel4],
        vec![
            "knights-tour",
            "6",
            "6",
            "--closed",
            "--all",
            "--probes",
            "300",
        ],
    ] {
        let mut all = args.clone();
        all.push("--estimate");
        let out = backtrack(&all);
        let stdout = text(&out.stdout);
        assert!(out.status.success(), "{all:?}: {}", text(&out.stderr));
        assert!(stdout.starts_with("search:     "), "{all:?}: {stdout}");
        assert!(stdout.contains("\nnodes:      "), "{all:?}: {stdout}");
        assert!(stdout.contains("\nsolutions:  "), "{all:?}: {stdout}");
    }
    // Branch and bound: the probes do not prune by the bound, and say so, unless the
    // sample ran the whole search and the figures are exact.
    let out = backtrack(&["knapsack", &knapsack, "--estimate"]);
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("(exact"));
    assert!(text(&out.stderr).is_empty(), "{}", text(&out.stderr));
    let big = crate::common::scratch("big.knapsack");
    let items: Vec<String> = (0..60)
        .map(|k| format!("{} {}", 1000 + k * 37 % 1000, 1100 + k * 37 % 1000))
        .collect();
    std::fs::write(&big, format!("capacity 30000\n{}\n", items.join("\n"))).unwrap();
    let out = backtrack(&[
        "knapsack",
        big.to_str().unwrap(),
        "--estimate",
        "--probes",
        "500",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        !text(&out.stdout).contains("(exact"),
        "{}",
        text(&out.stdout)
    );
    assert!(text(&out.stderr).contains("do not prune by the bound"));
}

/// Probes that reach no solution do not make an estimate of none: the 8×8 knight's tours
/// are too rare for 200 random walks, and the sample finds thousands.
#[test]
fn an_estimate_whose_probes_reach_no_solution_does_not_claim_there_are_none() {
    let out = stdout(&[
        "knights-tour",
        "8",
        "8",
        "--all",
        "--estimate",
        "--probes",
        "200",
    ]);
    let line = out
        .lines()
        .find(|line| line.starts_with("solutions:"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        line.starts_with("solutions:  at least ")
            && line.ends_with(" (found by the sample; no probe reached one)"),
        "{line}"
    );
    // In JSON the figures the text cannot give are null (they were 0, 0 and 0), and the
    // least the sample found is `at_least`.
    let found = estimate(&with(&[
        "knights-tour",
        "8",
        "8",
        "--all",
        "--probes",
        "200",
    ]));
    let solutions = &found["solutions"];
    for key in ["mean", "low", "high"] {
        assert!(solutions[key].is_null(), "{found}");
    }
    assert!(solutions["at_least"].as_u64().unwrap() > 0, "{found}");
    assert!(figure(&found["nodes"]).0 > 0.0, "{found}");
}

/// Probes that disagree widely give an interval above 0, as wide above the mean as below
/// it by a factor (the lognormal interval of a positive, skewed estimate), and a note that
/// the figures are rough: 100 probes of 40 queens said `solutions: 7.448e31, 95% interval
/// 0 to 2.205e32`.
#[test]
fn an_estimate_whose_probes_disagree_gives_a_positive_interval_and_says_it_is_rough() {
    let args = ["queens", "40", "--count", "--probes", "100"];
    let found = estimate(&with(&args));
    for key in ["nodes", "solutions"] {
        let (mean, low, high) = figure(&found[key]);
        assert!(0.0 < low && low < mean && mean < high, "{key}: {found}");
        assert!(
            ((mean / low) / (high / mean) - 1.0).abs() < 1e-9,
            "{key}: {found}"
        );
    }
    let (_, low, high) = figure(&found["solutions"]);
    assert!(high / low > 10.0, "{found}");
    let out = backtrack(&[&args[..], &["--estimate"]].concat());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("backtrack: --estimate: the probes disagree widely (")
            && stderr.contains("the solutions' interval spans a factor of "),
        "{stderr}"
    );
    let solutions = text(&out.stdout)
        .lines()
        .find(|line| line.starts_with("solutions:"))
        .unwrap()
        .to_string();
    assert!(!solutions.contains("interval 0 to"), "{solutions}");
    // A close estimate says nothing of the kind.
    let out = backtrack(&[
        "queens",
        "18",
        "--count",
        "--symmetry",
        "full",
        "--estimate",
        "--probes",
        "2000",
    ]);
    assert!(text(&out.stdout).contains("\nprobes:     2000, seed 1\n"));
    assert!(
        !text(&out.stderr).contains("disagree"),
        "{}",
        text(&out.stderr)
    );
}

/// Solutions neither the probes nor the sample reach are unknown: said so in text, and
/// null in JSON (not an interval of 0 to 0, which claims there are none).
#[test]
fn unknown_solutions_are_null_in_json() {
    // Sixty 2s never add up to 61, so neither the probes nor the sample can find a
    // solution, however fast the machine; and their tree, about 10^17 nodes, is far too
    // big for any sample to search it all and give the exact count, 0. (A 5×30 knight's
    // tour, which has tours, counted on the sample finding none in its 250 ms.)
    let mut args = vec!["subset-sum", "-t", "61", "--count", "--probes", "300"];
    args.extend(["2"; 60]);
    let mut text_args = args.clone();
    text_args.push("--estimate");
    let out = stdout(&text_args);
    assert!(
        out.contains(
            "\nsolutions:  unknown: no probe reached one (they may be too rare for the probes)\n"
        ),
        "{out}"
    );
    let found = estimate(&with(&args));
    assert_eq!(
        found["solutions"],
        serde_json::json!({"mean": null, "low": null, "high": null}),
        "{found}"
    );
    assert_eq!(found["exact"], false);
}

#[test]
fn estimate_flags_are_checked() {
    // Each exactly this line.
    all_error_lines(&[
        // A first tour is the knight's tour's default: the estimate of the whole tree
        // said 65,000 years for a search that ends in a millisecond.
        (
            &["knights-tour", "8", "8", "--estimate"],
            "--estimate estimates a whole search: this one stops at its first solution by default; add --all or --count",
        ),
        (
            &["queens", "8", "--count", "--estimate", "--stats"],
            "--stats applies to a search: --estimate runs only a short sample of the search",
        ),
        (
            &["queens", "8", "--estimate", "--time-limit", "1s"],
            "--time-limit applies to a search: --estimate runs only a short sample of the search",
        ),
        (
            &["queens", "8", "--probes", "5"],
            "--probes applies to --estimate: add --estimate",
        ),
        (
            &["queens", "8", "--probe-seed", "5"],
            "--probe-seed applies to --estimate: add --estimate",
        ),
    ]);
    // Each one line holding this.
    all_refused(&[
        (&["queens", "8", "--estimate", "--first"], "--first"),
        (&["queens", "8", "--estimate", "--tree"], "--tree"),
        (
            &["queens", "8", "--estimate", "--probes", "0"],
            "must be at least 1, not 0",
        ),
        (
            &["queens", "8", "--estimate", "--probes", "many"],
            "must be a whole number, not 'many'",
        ),
        (
            &["queens", "8", "--estimate", "--probe-seed", "-1"],
            "must be at least 0, not -1",
        ),
    ]);
}

/// Runs `args` with its standard streams on a terminal (through `script`), and gives what
/// the terminal showed; `None` where `script` is missing.
fn on_a_terminal(args: &[&str]) -> Option<String> {
    let command = std::iter::once(crate::common::BIN)
        .chain(args.iter().copied())
        .collect::<Vec<_>>()
        .join(" ");
    let out = std::process::Command::new("script")
        .args(["-qfec", &command, "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output()
        .ok()?;
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn a_long_count_on_a_terminal_says_how_long_it_is_expected_to_take() {
    let Some(shown) = on_a_terminal(&[
        "queens",
        "18",
        "--count",
        "--symmetry",
        "full",
        "--threads",
        "1",
        "--time-limit",
        "2s",
    ]) else {
        eprintln!("no `script` command to give the run a terminal: not tested");
        return;
    };
    assert!(
        shown.contains("backtrack: this run is expected to take about"),
        "{shown}"
    );
    assert!(
        shown.contains("(partial: time limit of 2s reached)"),
        "{shown}"
    );
    // The bar is the estimate's: a percentage and the time left.
    assert!(shown.contains("% "), "{shown}");
    let short = on_a_terminal(&["queens", "8", "--count"]).unwrap_or_default();
    assert!(short.contains("92"), "{short}");
    assert!(!short.contains("expected to take"), "{short}");
    // Nothing with --quiet.
    let quiet = on_a_terminal(&[
        "queens",
        "18",
        "--count",
        "--threads",
        "1",
        "--time-limit",
        "2s",
        "--quiet",
    ])
    .unwrap_or_default();
    assert!(!quiet.contains("expected to take"), "{quiet}");
}

/// A count by half boards estimates the nodes of its half searches, which its `--stats`
/// reports, and times a sample of its blocks (however long they take).
#[test]
fn a_count_by_half_boards_estimates_the_nodes_its_statistics_report() {
    let count = queens_count(15, &["--threads", "1"]);
    let found = estimate(&count);
    assert!(found["search"]
        .as_str()
        .unwrap()
        .starts_with("half boards joined"));
    let out = count
        .and(&["--stats", "--format", "json", "--quiet"])
        .output();
    assert!(out.status.success());
    let stderr = text(&out.stderr);
    let stats = &json_lines(stderr.lines().last().unwrap())[0];
    let nodes = stats["nodes"].as_f64().unwrap();
    let (_, low, high) = figure(&found["nodes"]);
    assert!(low <= nodes && nodes <= high, "{nodes}: {found}");
    assert!(found["sample_seconds"].as_f64().unwrap() > 0.0, "{found}");
}
