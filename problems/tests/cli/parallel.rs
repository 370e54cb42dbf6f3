//! `--threads N` for listings and the best: the output of `--threads 1`, the serial
//! search, byte for byte.

use crate::common::{
    backtrack, backtrack_with_stdin, fixture, spawn_with_stdin, stopped_after_first_output, text,
};

/// Runs `args` on one thread and on `threads`, with `input` on standard input: the same
/// output and exit status. Returns the output.
fn same_as_serial(args: &[&str], input: &str, threads: &str) -> String {
    let run = |threads: &str| {
        let mut all = args.to_vec();
        all.extend(["--threads", threads]);
        backtrack_with_stdin(&all, input)
    };
    let serial = run("1");
    let parallel = run(threads);
    assert_eq!(
        serial.status.code(),
        parallel.status.code(),
        "{args:?}: {}",
        text(&parallel.stderr)
    );
    assert_eq!(
        text(&parallel.stdout),
        text(&serial.stdout),
        "{args:?} on {threads} threads"
    );
    text(&serial.stdout)
}

#[test]
fn queens_listings_on_two_threads_are_the_serial_ones() {
    let all = same_as_serial(&["queens", "8"], "", "2");
    assert_eq!(
        all.lines().count(),
        92 * 9,
        "a number and 8 columns a solution"
    );
    for args in [
        &["queens", "8", "--format", "json"][..],
        &["queens", "8", "--format", "compact", "--unique"],
        &["queens", "9", "--format", "compact", "--limit", "17"],
        &["queens", "8", "--format", "compact", "--place", "2:3"],
        &[
            "queens",
            "10",
            "--format",
            "compact",
            "--order",
            "heuristic",
        ],
        &[
            "queens",
            "9",
            "--format",
            "compact",
            "--limit",
            "5",
            "--order",
            "heuristic",
            "--unique",
        ],
    ] {
        same_as_serial(args, "", "2");
    }
    // More threads than cores, and the default (one thread), print the same.
    same_as_serial(&["queens", "7", "--format", "compact"], "", "5");
    let default = backtrack(&["queens", "8"]);
    assert_eq!(text(&default.stdout), all);
}

#[test]
fn the_first_solution_on_two_threads_is_the_serial_one() {
    for n in ["1", "2", "3", "4", "6", "8", "13", "24", "40"] {
        let first = same_as_serial(&["queens", n, "--first", "--format", "compact"], "", "2");
        let expected = if matches!(n, "2" | "3") {
            "no solution\n"
        } else {
            "No.1"
        };
        assert!(first.starts_with(expected), "{n}: {first}");
    }
}

#[test]
fn the_best_packing_on_two_threads_is_the_serial_one_among_equals_too() {
    let textbook = fixture("textbook.knapsack");
    let best = same_as_serial(&["knapsack", &textbook], "", "2");
    assert!(best.starts_with("value 220\n"), "{best}");
    same_as_serial(&["knapsack", &textbook, "--format", "json"], "", "2");
    same_as_serial(&["knapsack", &textbook, "--all"], "", "2");
    // Twelve equal items, five of which fit: 792 packings of the best value. The serial
    // search keeps the first it meets, and so must the threads.
    let ties = format!("capacity 10\n{}", "2 3\n".repeat(12));
    let tied = same_as_serial(&["knapsack", "-"], &ties, "2");
    assert!(tied.starts_with("value 15\n"), "{tied}");
    // Values that tie in many ways, items of many weights.
    let mixed: Vec<String> = (1..=18)
        .map(|k| format!("{} {}", 3 + k % 5, 4 + (k * 7) % 3))
        .collect();
    let mixed = mixed.join("\n");
    same_as_serial(&["knapsack", "-"], &format!("capacity 30\n{mixed}\n"), "2");
    same_as_serial(
        &["knapsack", "-", "--format", "json"],
        &format!("capacity 30\n{mixed}\n"),
        "3",
    );
}

#[test]
fn every_subcommand_lists_on_two_threads_as_on_one() {
    let sudoku = std::fs::read_to_string(fixture("classic.sudoku")).unwrap();
    let runs: [(&[&str], &str); 9] = [
        (&["sudoku", "-"], &sudoku),
        (
            &[
                "subset-sum",
                "-t",
                "30",
                "3",
                "34",
                "4",
                "12",
                "5",
                "2",
                "9",
                "7",
                "8",
                "11",
                "6",
            ],
            "",
        ),
        (&["permutations", "5"], ""),
        (&["combinations", "9", "4", "--format", "json"], ""),
        (
            &["coloring", "--colors", "3", "-"],
            "p edge 6 6\ne 1 2\ne 2 3\ne 3 4\ne 4 5\ne 5 6\ne 6 1\n",
        ),
        (
            &["coloring", "--min", "-"],
            &std::fs::read_to_string(fixture("myciel4.col")).unwrap(),
        ),
        (&["knights-tour", "5", "5", "--limit", "7"], ""),
        (&["queens", "6", "--first", "--stats"], ""),
        (&["queens", "8", "--limit", "4", "--format", "json"], ""),
    ];
    for (args, input) in runs {
        same_as_serial(args, input, "2");
    }
}

/// A reader that goes away (`| head`) ends a listing on two threads quietly, with status
/// 0, however much the threads had searched ahead.
#[test]
fn a_closed_pipe_ends_a_parallel_listing_quietly() {
    for args in [
        &["queens", "14", "--threads", "2"][..],
        &["queens", "30", "--threads", "2", "--order", "lex"],
        &["permutations", "12", "--threads", "2"],
    ] {
        let mut child = spawn_with_stdin(args, "");
        let mut first = [0u8; 1];
        std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut first).unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(out.stderr.is_empty(), "{args:?}: {}", text(&out.stderr));
    }
}

/// Ctrl-C stops a listing on two threads after the solutions in order before the stop:
/// what it printed is what the serial search prints first, marked partial.
#[test]
fn an_interrupted_parallel_listing_prints_a_prefix_of_the_serial_one() {
    let args = ["queens", "13", "--format", "compact", "--threads", "2"];
    // Stopped once it has listed something, and handles the signal: a fixed wait of
    // 150 ms could come before either on a loaded machine.
    let out = stopped_after_first_output(spawn_with_stdin(&args, ""), "INT");
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    let listed = stdout.lines().count();
    if out.status.success() {
        // It ended first (a fast machine): the whole listing.
        assert_eq!(listed, 73712);
        return;
    }
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(
        stderr.contains("stopped by SIGINT after") && stderr.contains("the listing is partial"),
        "{stderr}"
    );
    assert!(listed < 73712);
    let limit = listed.max(1).to_string();
    let serial = backtrack(&[
        "queens",
        "13",
        "--format",
        "compact",
        "--threads",
        "1",
        "--limit",
        &limit,
    ]);
    let serial = text(&serial.stdout);
    let expected: Vec<&str> = serial.lines().take(listed).collect();
    assert_eq!(stdout.lines().collect::<Vec<_>>(), expected);
}

/// A time limit stops a parallel listing the same way: a prefix, marked partial.
#[test]
fn a_time_limit_stops_a_parallel_listing_after_a_prefix() {
    let out = backtrack(&[
        "queens",
        "14",
        "--format",
        "compact",
        "--threads",
        "2",
        "--time-limit",
        "100ms",
    ]);
    assert_eq!(out.status.code(), Some(3));
    let stdout = text(&out.stdout);
    for (k, line) in stdout.lines().enumerate() {
        assert!(line.starts_with(&format!("No.{} ", k + 1)), "{line}");
    }
    let listed = stdout.lines().count().max(1).to_string();
    let serial = backtrack(&[
        "queens",
        "14",
        "--format",
        "compact",
        "--threads",
        "1",
        "--limit",
        &listed,
    ]);
    assert!(text(&serial.stdout).starts_with(&stdout));
    assert!(text(&out.stderr).contains("time limit of 100ms reached after"));
}

/// `--threads 1` is the serial search, and says so wherever a search runs: with the tree,
/// a node budget, a capped count; more threads are refused there, each with its reason.
#[test]
fn one_thread_is_accepted_everywhere_more_are_refused_with_a_reason() {
    for args in [
        &["queens", "4", "--tree", "--threads", "1"][..],
        &["queens", "8", "--node-limit", "100", "--threads", "1"],
        &["queens", "8", "--count", "--limit", "3", "--threads", "1"],
    ] {
        let out = backtrack(args);
        assert!(
            matches!(out.status.code(), Some(0 | 3)),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
    crate::common::error_line(
        &["queens", "4", "--tree", "--threads", "2"],
        "--threads cannot be used with --tree: the tree is recorded on one thread, in search order",
    );
    crate::common::error_line(
        &["knapsack", "--threads", "2", "--resume", "/nonexistent/best", "-"],
        "--threads cannot be used with --resume: a branch and bound with a checkpoint runs on one thread, in search order (its position is one path of the tree)",
    );
    // Nothing a thread count would not change is let through in silence.
    crate::common::error_line(
        &["queens", "12", "--estimate", "--threads", "2"],
        "--threads cannot be used with --estimate of a listing or a best: it estimates the search on one thread (--count --estimate estimates on threads)",
    );
    for method in ["construct", "local"] {
        crate::common::error_line(
            &["queens", "20", "--first", "--method", method, "--threads", "2"],
            &format!("--threads cannot be used with --method {method}: it is not a search of the tree, and runs on one thread"),
        );
    }
}

/// A whole listing on two threads has the serial search's statistics (its time aside):
/// every node and solution once.
#[test]
fn a_whole_parallel_listing_has_the_serial_statistics() {
    let stats = |threads: &str| {
        let out = backtrack(&[
            "queens",
            "9",
            "--stats",
            "--format",
            "json",
            "--threads",
            threads,
        ]);
        let stderr = text(&out.stderr);
        let mut object = crate::common::json_lines(stderr.lines().last().unwrap()).remove(0);
        let object = object.as_object_mut().unwrap();
        for key in ["elapsed", "nodes_per_sec"] {
            object.remove(key);
        }
        // A listing on threads says on how many, and how many solutions it listed.
        let threads = object.remove("threads");
        let listed = object.remove("listed");
        (serde_json::Value::Object(object.clone()), threads, listed)
    };
    let (serial, threads, listed) = stats("1");
    assert_eq!(serial["solutions"], 352);
    assert_eq!((threads, listed), (None, None));
    let (parallel, threads, listed) = stats("2");
    assert_eq!(parallel, serial);
    assert_eq!(threads, Some(serde_json::json!(2)));
    assert_eq!(listed, Some(serde_json::json!(352)));
}

/// `--stats` of a listing on threads cut short at `--first` or `--limit` says that its
/// figures are every thread's, searched ahead of what was listed (it said `solutions: 70`
/// after `--first`, as if one search had found them).
#[test]
fn the_statistics_of_a_parallel_first_say_they_are_every_thread_s() {
    let args = ["queens", "30", "--first", "--threads", "2", "--stats"];
    let out = backtrack(&args);
    assert!(out.status.success());
    let stderr = text(&out.stderr);
    let line = stderr
        .lines()
        .find(|line| line.starts_with("threads:"))
        .unwrap_or_else(|| panic!("{stderr}"));
    assert!(
        line.starts_with("threads:    2 (the figures add up every thread's work"),
        "{line}"
    );
    let out = backtrack(&[&args[..], &["--format", "json"]].concat());
    let stats = crate::common::json_lines(&text(&out.stderr)).remove(0);
    assert_eq!(stats["threads"], 2, "{stats}");
    assert_eq!(stats["listed"], 1, "{stats}");
    assert_eq!(stats["complete"], true, "{stats}");
    assert_eq!(stats.get("stopped"), None, "{stats}");
    assert!(stats["solutions"].as_u64().unwrap() >= 1, "{stats}");
    // On one thread, the figures are the search's to the solution listed.
    let out = backtrack(&["queens", "30", "--first", "--stats"]);
    let stderr = text(&out.stderr);
    assert!(!stderr.contains("threads:"), "{stderr}");
    assert!(stderr.contains("\nsolutions:  1\n"), "{stderr}");
}

/// A whole listing on threads that skips solutions (`--unique` lists one board of each
/// class) did not search ahead of what it listed: its statistics say they are every
/// thread's, not that the threads found solutions past the listing (they said "searching
/// ahead of the listing, they found 92 solutions, 12 listed").
#[test]
fn the_statistics_of_a_whole_parallel_listing_that_skips_solutions_say_no_search_ahead() {
    let args = ["queens", "8", "--unique", "--threads", "2", "--stats"];
    let out = backtrack(&[&args[..], &["--format", "compact"]].concat());
    assert!(out.status.success());
    assert_eq!(text(&out.stdout).lines().count(), 12);
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("\nthreads:    2 (the figures add up every thread's work)\n"),
        "{stderr}"
    );
    assert!(stderr.contains("\nsolutions:  92\n"), "{stderr}");
}

/// A tree wide at the top is split shallower than its subcommand asks: the permutations
/// of 100 split at depth 4 would be 94 million subproblems made before any is searched
/// (gigabytes, minutes, deaf to the time limit). Split where a level holds at most 65,536
/// nodes, they list, count and stop at once.
#[test]
fn a_wide_tree_is_split_where_it_is_narrow_enough() {
    let first = same_as_serial(&["permutations", "100", "--limit", "2"], "", "2");
    assert_eq!(first.lines().count(), 2, "{first}");
    same_as_serial(&["combinations", "1000", "500", "--limit", "2"], "", "2");
    same_as_serial(
        &[
            "coloring",
            &fixture("petersen.col"),
            "--colors",
            "20",
            "--limit",
            "2",
        ],
        "",
        "2",
    );
    let out = backtrack(&[
        "permutations",
        "100",
        "--count",
        "--threads",
        "2",
        "--time-limit",
        "300ms",
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("(partial: time limit of 300ms reached)"));
}
