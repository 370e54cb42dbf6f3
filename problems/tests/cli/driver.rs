//! What the driver does the same for every subcommand: signals, limits, output errors,
//! JSON, progress and exit statuses.

use std::io::{Read, Write};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{
    assert_unwritable_output_fails, backtrack, fixture, json_lines, kill, spawn_with_stdin,
    stopped_after_first_output, text, wait_for_cpu, wait_for_handlers, BIN,
};

/// A run that cannot finish in a test's time, for each subcommand: its arguments, its
/// standard input, and the kind of output it makes.
struct LongRun {
    args: Vec<String>,
    input: String,
    kind: Kind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A count: one line at the end.
    Count,
    /// Solutions (or a tree) written as they come.
    List,
    /// The best packing: written at the end.
    Best,
    /// A recorded tree: written at the end.
    Tree,
}

fn long_runs() -> Vec<LongRun> {
    let numbers: Vec<String> = (1..=60).map(|k| k.to_string()).collect();
    let empty_grid = ".".repeat(81);
    // Even weights worth their weight and an odd capacity: no packing fills it, so the
    // bound never meets the best found and branch and bound is exhaustive.
    let items = (0..60u64).map(|k| {
        let weight = 2 * (500_000 + k * 7_919 % 500_000);
        format!("{weight} {weight}\n")
    });
    let hard_knapsack = format!("capacity 45000001\n{}", items.collect::<String>());
    let run = |args: &[&str], extra: &[String], input: &str, kind| LongRun {
        args: args
            .iter()
            .map(|s| (*s).to_string())
            .chain(extra.iter().cloned())
            .collect(),
        input: input.to_string(),
        kind,
    };
    vec![
        run(&["queens", "30", "--count"], &[], "", Kind::Count),
        run(
            &[
                "queens",
                "30",
                "--count",
                "--threads",
                "1",
                "--symmetry",
                "none",
            ],
            &[],
            "",
            Kind::Count,
        ),
        run(
            &[
                "queens",
                "30",
                "--order",
                "heuristic",
                "--format",
                "compact",
            ],
            &[],
            "",
            Kind::List,
        ),
        run(&["sudoku", "--count"], &[], &empty_grid, Kind::Count),
        run(&["sudoku"], &[], &empty_grid, Kind::List),
        run(
            &["subset-sum", "--count", "--target", "900"],
            &numbers,
            "",
            Kind::Count,
        ),
        run(&["subset-sum", "--target", "900"], &numbers, "", Kind::List),
        run(&["knapsack"], &[], &hard_knapsack, Kind::Best),
        run(&["knapsack", "--count"], &[], &hard_knapsack, Kind::Count),
        run(&["permutations", "15", "--count"], &[], "", Kind::Count),
        // 24 vertices and no edge: 4^24 colorings.
        run(
            &["coloring", "--colors", "4"],
            &[],
            "p edge 24 0\n",
            Kind::List,
        ),
        run(&["knights-tour", "8", "8", "--all"], &[], "", Kind::List),
        run(&["knights-tour", "8", "8", "--count"], &[], "", Kind::Count),
    ]
}

/// Starts `run`, sends it `signal` (`INT`, `TERM`) once its search has found something,
/// and returns how it ended. A listing has found something when its first output comes
/// (a block of its buffer); the others once they have searched for 50 ms of CPU time
/// (far more than their first solution takes). A fixed wait was not enough on a loaded
/// machine: the search could still be starting.
fn signalled(run: &LongRun, extra: &[&str], signal: &str) -> Output {
    let mut args: Vec<&str> = run.args.iter().map(String::as_str).collect();
    args.extend_from_slice(extra);
    let mut child = spawn_with_stdin(&args, &run.input);
    if run.kind == Kind::List {
        return stopped_after_first_output(child, signal);
    }
    assert!(wait_for_cpu(&mut child, 5), "{args:?} ended by itself");
    kill(&mut child, signal);
    child.wait_with_output().unwrap()
}

/// Runs `run` with more flags, to its end.
fn finished(run: &LongRun, extra: &[&str]) -> Output {
    let mut args: Vec<&str> = run.args.iter().map(String::as_str).collect();
    args.extend_from_slice(extra);
    spawn_with_stdin(&args, &run.input)
        .wait_with_output()
        .unwrap()
}

/// The output of a run stopped early: whole lines, marked partial as its kind is (on
/// stdout for a count and the best packing, on stderr for a listing), with `why` (`stopped
/// by SIGINT`, `time limit of 200ms reached`) in the note on stderr.
fn assert_partial(run: &LongRun, out: &Output, code: i32, why: &str) {
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    let args = &run.args;
    assert_eq!(out.status.code(), Some(code), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert!(
        stderr.starts_with(&format!("backtrack: {why}")),
        "{args:?}: {stderr}"
    );
    assert!(
        stdout.ends_with('\n'),
        "{args:?}: output cut mid-line: {stdout:?}"
    );
    match run.kind {
        Kind::Count => {
            assert!(
                stdout.ends_with(&format!(" (partial: {why})\n")),
                "{args:?}: {stdout}"
            );
            assert!(
                stderr.contains("the count is partial"),
                "{args:?}: {stderr}"
            );
        }
        Kind::List => {
            assert!(!stdout.is_empty(), "{args:?}: nothing listed");
            assert!(
                stderr.contains("the listing is partial"),
                "{args:?}: {stderr}"
            );
        }
        Kind::Tree => unreachable!("trees have their own test"),
        Kind::Best => {
            assert!(stdout.starts_with("value "), "{args:?}: {stdout}");
            assert!(
                stdout.contains(&format!(" (partial: {why})\n")),
                "{args:?}: {stdout}"
            );
            assert!(
                stderr.contains("the best packing found so far"),
                "{args:?}: {stderr}"
            );
        }
    }
}

/// SIGINT (Ctrl-C) and SIGTERM (`timeout`, `kill`) stop every kind of run of every
/// subcommand: what was found is printed, marked partial, with status 130 or 143.
#[cfg(target_os = "linux")]
#[test]
fn sigint_and_sigterm_print_a_partial_result() {
    for run in long_runs() {
        let out = signalled(&run, &[], "INT");
        assert_partial(&run, &out, 130, "stopped by SIGINT");
        let out = signalled(&run, &[], "TERM");
        assert_partial(&run, &out, 143, "stopped by SIGTERM");
    }
}

/// A signal stops a file of several puzzles whole, and names the puzzles not searched: in
/// a note, and in JSON by a line each.
#[cfg(target_os = "linux")]
#[test]
fn a_signal_stops_every_puzzle_and_names_those_not_searched() {
    let empty = ".".repeat(81);
    let classic = std::fs::read_to_string(fixture("classic.sudoku")).unwrap();
    let run = LongRun {
        args: vec!["sudoku".into()],
        input: format!("{empty}\n{empty}\n{classic}"),
        kind: Kind::List,
    };
    let out = signalled(&run, &[], "INT");
    assert_eq!(out.status.code(), Some(130));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("# puzzle 1\n"), "{stdout}");
    assert!(!stdout.contains("# puzzle 2"), "{stdout}");
    assert!(
        stdout.ends_with("\n# 3 puzzles: 1 stopped, 2 not searched\n"),
        "{stdout}"
    );
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("backtrack: puzzle 1: stopped by SIGINT after "),
        "{stderr}"
    );
    assert!(
        stderr.ends_with("\nbacktrack: stopped by SIGINT: puzzles 2 to 3 not searched\n"),
        "{stderr}"
    );
    let out = signalled(&run, &["--format", "json"], "TERM");
    assert_eq!(out.status.code(), Some(143));
    let lines = json_lines(&text(&out.stdout));
    let [.., closing, second, third, summary] = lines.as_slice() else {
        panic!("{lines:?}");
    };
    assert_eq!(
        *summary,
        serde_json::json!({"puzzles": 3, "solved": 0, "no_solution": 0, "stopped": 1, "not_searched": 2})
    );
    assert_eq!(closing["puzzle"], 1);
    assert_eq!(closing["stopped"], "SIGTERM");
    for (line, k) in [(second, 2), (third, 3)] {
        assert_eq!(
            *line,
            serde_json::json!({"puzzle": k, "searched": false, "complete": false, "stopped": "SIGTERM"})
        );
    }
}

/// A signal that comes between two puzzles of a file, none of them cut short, exits with
/// the signal's status, as one in a puzzle's search does. The file's 50,000 solved grids
/// take a debug build seconds; the signal comes once their first output is out, and most
/// often between two searches (each is one node): the runs go on until one was stopped
/// there.
#[cfg(target_os = "linux")]
#[test]
fn a_signal_between_two_puzzles_exits_with_its_status() {
    let puzzles = 50_000;
    let solved =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179\n";
    let file = crate::common::scratch("solved.sudoku");
    std::fs::write(&*file, solved.repeat(puzzles)).unwrap();
    let path = file.to_str().unwrap();
    let mut between = false;
    for _ in 0..5 {
        let child = Command::new(BIN)
            .args(["sudoku", path])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let out = stopped_after_first_output(child, "INT");
        let stdout = text(&out.stdout);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{stderr}");
        let summary = stdout.lines().last().unwrap();
        assert!(
            summary.starts_with(&format!("# {puzzles} puzzles: "))
                && summary.ends_with(" not searched"),
            "{summary}"
        );
        let note = stderr.lines().last().unwrap();
        assert!(
            note.starts_with("backtrack: stopped by SIGINT: puzzles "),
            "{stderr}"
        );
        assert!(
            note.ends_with(&format!(" to {puzzles} not searched")),
            "{stderr}"
        );
        if !summary.contains("stopped") {
            between = true;
            break;
        }
    }
    assert!(between, "every signal came in a search");
}

/// A signal while the input is still being read (standard input not yet closed) stops the
/// run as one in the search does: the same note, the partial output, the signal's status.
#[cfg(target_os = "linux")]
#[test]
fn a_signal_while_the_input_is_read_stops_the_run_as_a_later_one() {
    let pentominoes = backtrack(&["exact-cover", "--generate", "pentominoes"]);
    let pentominoes = text(&pentominoes.stdout);
    let solved =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179\n";
    let puzzles = solved.repeat(1000);
    let runs: [(&[&str], &str, &str, &str); 4] = [
        (
            &["sudoku"],
            &puzzles,
            "# 1000 puzzles: 1000 not searched\n",
            "backtrack: stopped by SIGINT: puzzles 1 to 1000 not searched\n",
        ),
        (
            &["exact-cover", "--count"],
            &pentominoes,
            "0 (partial: stopped by SIGINT)\n",
            "backtrack: stopped by SIGINT: the count is partial\n",
        ),
        (
            &["knapsack"],
            "capacity 10\n3 4\n5 6\n",
            "no packing found (partial: stopped by SIGINT)\n",
            "backtrack: stopped by SIGINT before any packing was found\n",
        ),
        (
            &["coloring", "--colors", "3"],
            "p edge 3 0\n",
            "",
            "backtrack: stopped by SIGINT after 0 colorings: the listing is partial\n",
        ),
    ];
    for (args, input, stdout, stderr) in runs {
        let mut child = Command::new(BIN)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let (head, tail) = input.split_at(input.len() / 2);
        stdin.write_all(head.as_bytes()).unwrap();
        assert!(kill(&mut child, "INT"), "{args:?} ended by itself");
        stdin.write_all(tail.as_bytes()).unwrap();
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(130),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert_eq!(text(&out.stdout), stdout, "{args:?}");
        assert_eq!(text(&out.stderr), stderr, "{args:?}");
    }
}

/// The same partial results as JSON: every line parses, the last says why it stopped.
#[cfg(target_os = "linux")]
#[test]
fn a_stopped_json_output_says_so_in_its_last_line() {
    for run in long_runs() {
        if run.args[0] == "queens" && run.kind == Kind::List {
            continue; // queens has its own formats; its JSON is tested below
        }
        let out = signalled(&run, &["--format", "json"], "TERM");
        assert_eq!(out.status.code(), Some(143), "{:?}", run.args);
        let lines = json_lines(&text(&out.stdout));
        let last = lines.last().expect("a closing line");
        assert_eq!(last["complete"], false, "{:?}: {last}", run.args);
        assert_eq!(last["stopped"], "SIGTERM", "{:?}: {last}", run.args);
    }
    let run = LongRun {
        args: vec![
            "queens".into(),
            "30".into(),
            "--format".into(),
            "json".into(),
        ],
        input: String::new(),
        kind: Kind::List,
    };
    let out = finished(&run, &["--node-limit", "200000"]);
    assert_eq!(out.status.code(), Some(3));
    let lines = json_lines(&text(&out.stdout));
    let last = lines.last().unwrap();
    assert_eq!(last["stopped"], "node_limit");
    assert_eq!(last["solutions"].as_u64(), Some(lines.len() as u64 - 1));
}

/// A signal while `--estimate` probes the tree prints the estimate of the probes made so
/// far, marked partial (it printed nothing), with the status of the signal.
#[cfg(target_os = "linux")]
#[test]
fn a_signal_during_an_estimate_prints_the_partial_estimate() {
    // 10^8 probes of 40 queens: the probing would go on for its 10 s.
    let run = LongRun {
        args: [
            "queens",
            "40",
            "--count",
            "--estimate",
            "--probes",
            "100000000",
        ]
        .map(String::from)
        .to_vec(),
        input: String::new(),
        kind: Kind::Count,
    };
    let out = signalled(&run, &["--format", "json"], "INT");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(
        stderr.starts_with(
            "backtrack: stopped by SIGINT while probing the tree: the estimate is partial ("
        ),
        "{stderr}"
    );
    let lines = json_lines(&text(&out.stdout));
    let [line] = lines.as_slice() else {
        panic!("{lines:?}")
    };
    assert_eq!(line["complete"], false, "{line}");
    assert_eq!(line["stopped"], "SIGINT", "{line}");
    let estimate = &line["estimate"];
    let probes = estimate["probes"].as_u64().unwrap();
    assert!(probes > 0 && probes < 100_000_000, "{line}");
    // The probes asked for beside those made, as the text gives them.
    assert_eq!(estimate["probes_asked"], 100_000_000, "{line}");
    assert!(estimate["nodes"]["mean"].as_f64().unwrap() > 1e30, "{line}");
    // No sample of the speed was run: no time.
    assert!(estimate["nodes_per_sec"].is_null(), "{line}");
    assert!(estimate["seconds"]["mean"].is_null(), "{line}");
    let out = signalled(&run, &[], "TERM");
    assert_eq!(out.status.code(), Some(143));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("\nnodes:      "), "{stdout}");
    assert!(
        stdout.contains("\ntime:       unknown: no speed measured\n"),
        "{stdout}"
    );
    assert!(stdout.contains(" of 100000000, seed 1\n"), "{stdout}");
}

/// A signal that comes once the probes are all made, before the sample of the speed has
/// measured anything, says so plainly: the probes are complete, the time unknown (it said
/// "64 of the 64 probes, no sample of the speed", as if the probing were cut short).
#[cfg(target_os = "linux")]
#[test]
fn a_signal_after_the_probes_says_they_are_complete_and_the_time_unknown() {
    // The probes look at the signal only every 64 of them: 64 probes of permutations of
    // 1000 (1000 steps each, a second or two in a debug build) are all made whenever it
    // comes during them.
    let run = LongRun {
        args: [
            "permutations",
            "1000",
            "--count",
            "--estimate",
            "--probes",
            "64",
        ]
        .map(String::from)
        .to_vec(),
        input: String::new(),
        kind: Kind::Count,
    };
    let out = signalled(&run, &[], "INT");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert_eq!(
        stderr,
        "backtrack: stopped by SIGINT after the probes: the estimate is partial (all 64 probes made, but the sample of the speed was cut short before it measured anything: the nodes and solutions are estimated in full, the time is unknown)\n"
    );
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("\ntime:       unknown: no speed measured\nprobes:     64, seed 1\n"),
        "{stdout}"
    );
}

/// Every search on threads runs on at most the machine's cores, whatever `--threads` asks
/// (threads past them only take turns on the cores: 17 queens took 9.7 s on 1024 threads
/// of two cores, 7.5 s on two), and says so once on stderr; `--quiet` says nothing. Only a
/// count by half boards was capped so.
#[test]
fn searches_run_on_no_more_threads_than_cores() {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    if cores >= 1024 {
        // Nothing to cap on this machine.
        return;
    }
    let most = if cores == 1 {
        "one core".to_string()
    } else {
        format!("{cores} cores")
    };
    let note = format!("backtrack: --threads 1024: a search runs on at most the machine's {most} (threads past them only take turns on them, which costs time)\n");
    let textbook = fixture("textbook.knapsack");
    let runs: [&[&str]; 4] = [
        &["queens", "10", "--count", "--symmetry", "full"],
        &["queens", "6"],
        &["knapsack", &textbook],
        &["queens", "7", "--stats", "--format", "json"],
    ];
    for args in runs {
        let out = backtrack(&[args, &["--threads", "1024"]].concat());
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        assert!(stderr.starts_with(&note), "{args:?}: {stderr}");
        if args.contains(&"--stats") {
            // A listing on threads says how many it ran on.
            let stats = json_lines(stderr.lines().last().unwrap()).remove(0);
            assert_eq!(stats["threads"], cores, "{stats}");
        } else {
            assert_eq!(stderr, note, "{args:?}");
        }
        let quiet = backtrack(&[args, &["--threads", "1024", "--quiet"]].concat());
        assert!(!text(&quiet.stderr).contains("--threads"), "{args:?}");
        assert_eq!(quiet.stdout, out.stdout, "{args:?}");
    }
    // The estimate of a count gives its time on the threads it would run on.
    let out = backtrack(&[
        "queens",
        "18",
        "--count",
        "--symmetry",
        "full",
        "--estimate",
        "--probes",
        "100",
        "--threads",
        "1024",
        "--format",
        "json",
    ]);
    // (Then a note that 100 probes are too few for a close estimate.)
    assert!(
        text(&out.stderr).starts_with(&note),
        "{}",
        text(&out.stderr)
    );
    let estimate = &json_lines(&text(&out.stdout))[0]["estimate"];
    assert_eq!(estimate["threads"], cores, "{estimate}");
}

/// The best packing stopped before any packing was found still says so on stdout, marked
/// partial, as a count or a listing would.
#[test]
fn a_best_search_stopped_before_any_solution_says_so() {
    let textbook = fixture("textbook.knapsack");
    let out = backtrack(&["knapsack", "--node-limit", "1", &textbook]);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(
        text(&out.stdout),
        "no packing found (partial: node limit of 1 reached)\n"
    );
    assert_eq!(
        text(&out.stderr),
        "backtrack: node limit of 1 reached before any packing was found\n"
    );
    let out = backtrack(&[
        "knapsack",
        "--node-limit",
        "1",
        "--format",
        "json",
        &textbook,
    ]);
    let line: serde_json::Value = serde_json::from_str(&text(&out.stdout)).expect("one JSON line");
    assert_eq!(line["solution"], serde_json::Value::Null);
    assert_eq!(line["stopped"], "node_limit");
}

/// `--stats --format json` says what the closing line says: a run stopped at `--first` or
/// `--limit` is not complete, and stopped at the limit (the statistics said complete).
#[test]
fn stats_and_the_closing_line_agree_on_completeness() {
    let classic = fixture("classic.sudoku");
    let textbook = fixture("textbook.knapsack");
    let k4 = fixture("k4.col");
    let runs: [&[&str]; 12] = [
        &["queens", "8", "--first"],
        &["queens", "8", "--limit", "3"],
        &["queens", "8", "--count", "--limit", "3"],
        &["queens", "6"],
        &["queens", "8", "--count"],
        &["sudoku", "--first", &classic],
        &["knapsack", "--limit", "2", &textbook],
        &["permutations", "4", "--first"],
        &["combinations", "5", "2"],
        &["coloring", "--min", &k4],
        &["knights-tour", "5", "5", "--limit", "2"],
        &[
            "subset-sum",
            "-t",
            "9",
            "--first",
            "3",
            "34",
            "4",
            "12",
            "5",
            "2",
        ],
    ];
    for args in runs {
        let mut all = args.to_vec();
        all.extend(["--stats", "--format", "json"]);
        let out = backtrack(&all);
        let stdout = json_lines(&text(&out.stdout));
        let closing = stdout.last().unwrap();
        let stderr = text(&out.stderr);
        let stats = json_lines(stderr.lines().last().unwrap());
        assert_eq!(
            stats[0]["complete"], closing["complete"],
            "{args:?}: {stderr}"
        );
        assert_eq!(
            stats[0]["stopped"], closing["stopped"],
            "{args:?}: {stderr}"
        );
    }
    // A tree stopped at its first solution: its statistics say so too.
    let out = backtrack(&[
        "queens",
        "4",
        "--tree",
        "--first",
        "--tree-format",
        "json",
        "--stats",
    ]);
    let stats = json_lines(text(&out.stderr).lines().last().unwrap());
    assert_eq!(stats[0]["complete"], false);
    assert_eq!(stats[0]["stopped"], "limit");
}

/// Durations are written one compact way wherever the tool prints one: `2.5s` (it wrote
/// `2s 500ms`), in the note of a stop, the partial count and `--stats`.
#[test]
fn durations_are_written_compactly() {
    let out = backtrack(&[
        "queens",
        "30",
        "--count",
        "--symmetry",
        "none",
        "--time-limit",
        "1200ms",
        "--stats",
    ]);
    assert_eq!(out.status.code(), Some(3));
    assert!(
        text(&out.stdout).ends_with(" (partial: time limit of 1.2s reached)\n"),
        "{}",
        text(&out.stdout)
    );
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("backtrack: time limit of 1.2s reached: the count is partial\n"),
        "{stderr}"
    );
    // The time the count took, about the limit: `1.2s`, `1.21s`, never `1.2...s` of four
    // digits or `1s 200ms`.
    let time = stderr
        .lines()
        .find_map(|line| line.strip_prefix("time:       "))
        .unwrap();
    let figure = time.strip_suffix('s').unwrap();
    assert!(
        figure.len() <= 4 && figure.parse::<f64>().unwrap() >= 1.2,
        "{time}"
    );
}

/// `--time-limit` and `--node-limit` stop every kind of run with a partial result and
/// status 3.
#[test]
fn time_and_node_limits_stop_with_a_partial_result() {
    for run in long_runs() {
        let start = Instant::now();
        let out = finished(&run, &["--time-limit", "200ms"]);
        assert_partial(&run, &out, 3, "time limit of 200ms reached");
        assert!(start.elapsed() < Duration::from_secs(10), "{:?}", run.args);
        if run.args[0] == "queens" && run.kind == Kind::List {
            let out = finished(&run, &["--node-limit", "20000"]);
            assert_eq!(out.status.code(), Some(3));
            continue;
        }
        let out = finished(
            &run,
            &["--node-limit", "20000", "--stats", "--format", "json"],
        );
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{:?}: {stderr}", run.args);
        let stats = json_lines(stderr.lines().last().unwrap());
        let nodes = stats[0]["nodes"].as_u64().unwrap();
        assert_eq!(nodes, 20_000, "{:?}: exact", run.args);
        assert_eq!(stats[0]["stopped"], "node_limit");
    }
}

/// `--node-limit` is exact for counts too: they run on one thread, in search order (a
/// count split across threads went hundreds of thousands of nodes past it, or ignored a
/// small one and printed the whole count with status 0).
#[test]
fn a_node_limit_is_exact_for_counts() {
    let out = backtrack(&["queens", "8", "--count", "--node-limit", "5"]);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(text(&out.stdout), "0 (partial: node limit of 5 reached)\n");
    // In the symmetric space: the default count at 14, by half boards, has a tree of 32 blocks.
    let out = backtrack(&[
        "queens",
        "14",
        "--count",
        "--symmetry",
        "full",
        "--node-limit",
        "1000",
        "--stats",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(3));
    let stats = json_lines(text(&out.stderr).lines().last().unwrap());
    assert_eq!(stats[0]["nodes"], 1000);
    assert_eq!(stats[0]["stopped"], "node_limit");
    crate::common::error_line(
        &["queens", "14", "--count", "--node-limit", "1000", "--threads", "2"],
        "--threads cannot be used with --node-limit: a count with a node budget runs on one thread, in search order, where the budget is exact",
    );
}

/// A reader that goes away (`| head`) ends every listing quietly, with status 0.
#[test]
fn a_closed_pipe_ends_a_listing_quietly() {
    for run in long_runs().into_iter().filter(|run| run.kind == Kind::List) {
        let args: Vec<&str> = run.args.iter().map(String::as_str).collect();
        let mut child = spawn_with_stdin(&args, &run.input);
        let mut first = [0u8; 1];
        std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut first).unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(out.stderr.is_empty(), "{args:?}: {}", text(&out.stderr));
    }
}

/// A run whose output cannot be written: one line of error and status 4, for a closed
/// standard output (`>&-`) and a full disk (`/dev/full`). A closed pipe is not an error.
#[cfg(target_os = "linux")]
#[test]
fn unwritable_output_is_an_error_status() {
    let runs: [&[&str]; 6] = [
        &["queens", "8", "--count"],
        &["queens", "8"],
        &["sudoku", &fixture("classic.sudoku")],
        &["knapsack", &fixture("textbook.knapsack")],
        &["subset-sum", "-t", "9", "3", "34", "4", "12", "5", "2"],
        &["completions", "bash"],
    ];
    for args in runs {
        assert_unwritable_output_fails(args);
    }
    // `>/dev/null` is written, not closed.
    let null = Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" queens 8 --count >/dev/null")
        .arg(BIN)
        .output()
        .unwrap();
    assert_eq!(null.status.code(), Some(0), "{}", text(&null.stderr));
}

/// A standard output that works is written, whatever mode it was opened in: `/dev/null`
/// read-write (`1<>/dev/null`, Python's `subprocess.DEVNULL`) is not a closed one. One
/// open for reading only cannot be written: status 4, as for a closed one.
#[cfg(target_os = "linux")]
#[test]
fn a_working_standard_output_of_any_open_mode_is_written() {
    let read_write = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/null")
        .unwrap();
    let out = Command::new(BIN)
        .args(["queens", "8", "--count"])
        .stdout(Stdio::from(read_write))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    for redirection in ["1<>/dev/null", ">/dev/null", ">>/dev/null"] {
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("exec \"$0\" queens 8 --count {redirection}"))
            .arg(BIN)
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{redirection}: {}",
            text(&out.stderr)
        );
        assert!(out.stderr.is_empty(), "{redirection}");
    }
    let read_only = Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" queens 8 --count 1<\"$1\"")
        .arg(BIN)
        .arg(fixture("classic.sudoku"))
        .output()
        .unwrap();
    assert_eq!(read_only.status.code(), Some(4));
    assert_eq!(
        text(&read_only.stderr),
        "backtrack: error: cannot write the output: standard output is open for reading only\n"
    );
    // Closed together with standard input: still closed.
    let closed = Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" queens 8 --count <&- >&-")
        .arg(BIN)
        .output()
        .unwrap();
    assert_eq!(closed.status.code(), Some(4));
}

/// Without a terminal there is no progress line, and --quiet is accepted everywhere.
#[test]
fn no_progress_line_off_a_terminal() {
    let out = backtrack(&["queens", "10", "--count"]);
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    let out = backtrack(&["queens", "10", "--count", "--quiet"]);
    assert_eq!(text(&out.stdout), "724\n");
    let out = backtrack(&["sudoku", "-q", &fixture("classic.sudoku")]);
    assert!(out.status.success());
}

/// On a terminal of 50 columns the progress line of a split count (bar, percentage, time
/// left, nodes, rate, solutions: 84 columns) fits, parts dropped, instead of wrapping. Run in a
/// pseudo-terminal by util-linux's `script`, if there is one.
#[cfg(target_os = "linux")]
#[test]
fn the_progress_line_fits_a_narrow_terminal() {
    // The count stopped by SIGINT once the terminal has shown a whole progress line (it
    // was stopped after a fixed 1.5 s, which on a loaded machine could come before any);
    // `timeout` passes the signal on, and ends the run after two minutes if none came.
    let pid_file = crate::common::scratch("progress.pid");
    let command = format!(
        "stty cols 50 rows 20; echo $$ > '{}'; exec timeout -s INT 120 '{BIN}' queens 17 --count",
        pid_file.display()
    );
    let Ok(mut script) = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
    else {
        return; // no `script` here
    };
    let mut terminal = Vec::new();
    let mut reader = script.stdout.take().expect("piped");
    let mut chunk = [0u8; 4096];
    loop {
        let read = reader.read(&mut chunk).expect("the terminal is read");
        if read == 0 {
            break;
        }
        terminal.extend_from_slice(&chunk[..read]);
        let shown = shown_on_a_terminal(&terminal);
        // A whole progress line: one that a line end or a redraw has closed.
        let (closed, _) = shown.rsplit_once(['\r', '\n']).unwrap_or_default();
        if !progress_lines(closed).is_empty() {
            let pid = std::fs::read_to_string(&pid_file).expect("the shell wrote its pid");
            let _ = Command::new("kill").args(["-INT", pid.trim()]).status();
            break;
        }
    }
    reader.read_to_end(&mut terminal).unwrap();
    script.wait().unwrap();
    let shown = shown_on_a_terminal(&terminal);
    let progress = progress_lines(&shown);
    assert!(!progress.is_empty(), "no progress line: {shown:?}");
    for segment in progress {
        assert!(segment.chars().count() <= 48, "{segment:?}");
    }
}

/// What a terminal shows of `output`: escape sequences out (each line is then as the
/// last `\r` left it).
fn shown_on_a_terminal(output: &[u8]) -> String {
    let terminal = String::from_utf8_lossy(output);
    let mut shown = String::new();
    let mut chars = terminal.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            shown.push(c);
        }
    }
    shown
}

/// The progress lines of what a terminal showed.
fn progress_lines(shown: &str) -> Vec<&str> {
    shown
        .split(['\r', '\n'])
        // A note (this one, a long count's expected time) is a line of its own, which may
        // wrap as notes do; the progress line must not.
        .filter(|segment| segment.contains(" nodes") && !segment.starts_with("backtrack: "))
        .collect()
}

#[test]
fn completions_and_man_page_come_from_the_definitions() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = backtrack(&["completions", shell]);
        assert!(out.status.success(), "{shell}");
        let script = text(&out.stdout);
        assert!(script.contains("backtrack"), "{shell}");
        assert!(script.contains("time-limit"), "{shell}");
    }
    let man = text(&backtrack(&["man"]).stdout);
    assert!(man.starts_with(".ie \\n(.g .ds Aq"), "{}", &man[..100]);
    assert!(man.contains("backtrack"));
    assert!(man.contains("queens"));
    let page = text(&backtrack(&["man", "queens"]).stdout);
    assert!(page.contains(".TH backtrack-queens 1"), "{}", &page[..200]);
    assert!(page.contains("time\\-limit"), "{page}");
}

/// Every page the tool's page names (`backtrack-queens(1)`, `backtrack-man(1)`, …) is
/// there, with the version on its title line, a synopsis of the command as typed with the
/// values its options take, and the exit statuses in a section of their own (they were
/// under EXTRA, reflowed into one paragraph).
#[test]
fn manual_pages_name_the_command_its_values_and_its_version() {
    let top = text(&backtrack(&["man"]).stdout);
    let version = env!("CARGO_PKG_VERSION");
    let mut pages: Vec<String> = top
        .lines()
        .filter_map(|line| line.strip_prefix("backtrack\\-")?.strip_suffix("(1)"))
        .map(|name| name.replace("\\-", "-"))
        .collect();
    assert_eq!(
        pages,
        [
            "queens",
            "sudoku",
            "knapsack",
            "subset-sum",
            "permutations",
            "combinations",
            "coloring",
            "knights-tour",
            "exact-cover",
            "model",
            "merge",
            "completions",
            "man",
            "help"
        ]
    );
    // `help` is the tool's help: its page is the tool's, not one of `help` itself.
    assert_eq!(pages.pop().as_deref(), Some("help"));
    assert_eq!(text(&backtrack(&["man", "help"]).stdout), top);
    pages.insert(0, String::new());
    for name in &pages {
        let args: Vec<&str> = ["man", name.as_str()]
            .into_iter()
            .filter(|a| !a.is_empty())
            .collect();
        let out = backtrack(&args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        let page = text(&out.stdout);
        let (title, command) = if name.is_empty() {
            ("backtrack".to_string(), "backtrack".to_string())
        } else {
            (
                format!("backtrack\\-{name}").replace("\\-", "-"),
                format!("backtrack {name}"),
            )
        };
        assert!(
            page.contains(&format!(
                ".TH {title} 1 \"\" \"backtrack {version}\" \"backtrack manual\"\n"
            )),
            "{args:?}: {page}"
        );
        assert!(
            page.contains(&format!(
                ".SH SYNOPSIS\n\\fB{}\\fR",
                command.replace('-', "\\-")
            )),
            "{args:?}: {page}"
        );
        assert!(
            page.contains(".SH \"EXIT STATUS\"\n.TP\n\\fB0\\fR\n"),
            "{args:?}"
        );
        assert!(!page.contains("EXTRA"), "{args:?}");
        assert_eq!(
            page.matches(".ds Aq \\(aq").count(),
            1,
            "{args:?}: one preamble"
        );
    }
    let queens = text(&backtrack(&["man", "queens"]).stdout);
    for option in [
        "[\\fB\\-l\\fR|\\fB\\-\\-limit\\fR \\fIK\\fR]",
        "[\\fB\\-\\-tree\\-format\\fR \\fItext|dot|json|html\\fR]",
        "[\\fB\\-q\\fR|\\fB\\-\\-quiet\\fR]",
        "<\\fIN\\fR>",
    ] {
        assert!(queens.contains(option), "{option}");
    }
    let subset_sum = text(&backtrack(&["man", "subset-sum"]).stdout);
    assert!(
        subset_sum.contains(" \\fB\\-t\\fR|\\fB\\-\\-target\\fR \\fIT\\fR "),
        "required: no brackets"
    );
    assert!(subset_sum.contains("[\\fINUMBERS\\fR]..."), "{subset_sum}");
}

/// A tree stopped by a signal or a limit is printed as far as it got: recorded, with its
/// open nodes cut off; streamed, with whole lines and DOT's closing `}`.
#[cfg(target_os = "linux")]
#[test]
fn a_stopped_tree_is_printed_whole() {
    let tree = |extra: &[&str], kind| LongRun {
        args: ["queens", "30", "--tree"]
            .iter()
            .chain(extra)
            .map(|s| (*s).to_string())
            .collect(),
        input: String::new(),
        kind,
    };
    let recorded = tree(&["--tree-budget", "5000000"], Kind::Tree);
    for (signal, code) in [("INT", 130), ("TERM", 143)] {
        let out = signalled(&recorded, &[], signal);
        let stdout = text(&out.stdout);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{stderr}");
        assert!(
            stdout.lines().next().unwrap().contains(" nodes, "),
            "{}",
            &stdout[..200]
        );
        assert!(stdout.contains("v1 (0,0,"), "{}", &stdout[..200]);
        assert!(stdout.contains("… cut off\n"));
        assert!(stdout.ends_with('\n'));
        assert_eq!(
            stderr,
            format!("backtrack: stopped by SIG{signal}: the tree is partial, its open nodes marked cut off\n")
        );
    }
    let out = finished(&recorded, &["--time-limit", "300ms"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(text(&out.stderr)
        .starts_with("backtrack: time limit of 300ms reached: the tree is partial"));
    let out = finished(
        &recorded,
        &["--node-limit", "1000", "--tree-format", "json"],
    );
    assert_eq!(out.status.code(), Some(3));
    let json: serde_json::Value = serde_json::from_str(&text(&out.stdout)).expect("whole JSON");
    assert_eq!(json["nodes"].as_array().unwrap().len(), 1000);
    assert_eq!(json["stopped"], "node_limit");
    let out = finished(
        &tree(
            &["--tree-budget", "50", "--tree-format", "json"],
            Kind::Tree,
        ),
        &[],
    );
    let json: serde_json::Value = serde_json::from_str(&text(&out.stdout)).expect("whole JSON");
    assert_eq!(
        (&json["stopped"], &json["truncated"]),
        (&"tree_budget".into(), &true.into())
    );
    let out = backtrack(&["queens", "8", "--first", "--tree", "--tree-format", "json"]);
    let json: serde_json::Value = serde_json::from_str(&text(&out.stdout)).expect("whole JSON");
    assert_eq!(json["stopped"], "limit");

    let streamed = |format: &str| tree(&["--tree-stream", "--tree-format", format], Kind::List);
    let out = signalled(&streamed("dot"), &[], "TERM");
    assert_eq!(out.status.code(), Some(143));
    assert_eq!(
        text(&out.stderr),
        "backtrack: stopped by SIGTERM: the tree is partial, its open nodes restyled as cut off at its end\n"
    );
    let dot = text(&out.stdout);
    assert!(
        dot.starts_with("digraph solution_tree {\n"),
        "{}",
        &dot[..100]
    );
    assert!(dot.ends_with("}\n"), "{}", &dot[dot.len() - 200..]);
    let out = signalled(&streamed("json"), &[], "INT");
    assert_eq!(out.status.code(), Some(130));
    let lines = json_lines(&text(&out.stdout));
    let end = &lines.last().unwrap()["end"];
    assert!(!end["cut_off"].as_array().unwrap().is_empty());
    // Named as every other output names it.
    assert_eq!(end["stopped"], "SIGINT");
    assert_eq!(
        text(&out.stderr),
        "backtrack: stopped by SIGINT: the tree is partial, its open nodes listed in its last line (cut_off)\n"
    );
    let out = signalled(&streamed("text"), &[], "INT");
    assert_eq!(out.status.code(), Some(130));
    // The text stream wrote its open nodes before the stop: it cannot mark them.
    assert_eq!(
        text(&out.stderr),
        "backtrack: stopped by SIGINT: the tree is partial, its last line says so (its open nodes, written before the stop, are not marked)\n"
    );
    let streamed_text = text(&out.stdout);
    assert!(streamed_text.ends_with('\n'));
    let mut last = streamed_text.lines().rev();
    assert_eq!(
        last.next(),
        Some("the search stopped before the end (stopped by SIGINT): the tree is incomplete")
    );
    assert!(last.next().unwrap().contains(" nodes, "));
}

/// A signal while a big board is printed (10 million rows: seconds to a pipe, minutes to
/// a terminal) stops it after whole rows, says so, and exits with the signal's status; it
/// used to print all of it and exit 0.
#[test]
fn a_signal_stops_a_big_board_being_printed() {
    let mut child = spawn_with_stdin(&["queens", "10000000", "--first"], "");
    let mut stdout = child.stdout.take().expect("piped");
    // The board is built and being printed: its first rows have come (and the pipe, not
    // read further, holds the rest back).
    let mut output = vec![0u8; 4096];
    stdout
        .read_exact(&mut output)
        .expect("the board is printed");
    assert!(kill(&mut child, "INT"), "the board was printed whole first");
    stdout.read_to_end(&mut output).unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert_eq!(
        stderr,
        "backtrack: stopped by SIGINT: the solution found is not printed whole\n"
    );
    let printed = text(&output);
    assert!(printed.ends_with('\n'), "a row cut in two");
    let rows = printed.lines().count();
    assert!(rows > 1 && rows < 10_000_001, "{rows} lines");
    assert_eq!(printed.lines().next(), Some("1"));
}

/// A second signal ends a run that has not stopped yet (here a listing held up by a full
/// pipe) at once, with its status; the same signal twice at once (`timeout` signals the
/// child, then its process group) is one request, and the run stops as usual.
#[test]
fn a_second_signal_ends_the_run_and_an_echo_does_not() {
    let blocked = || {
        let mut child = spawn_with_stdin(&["queens", "12"], "");
        let mut stdout = child.stdout.take().expect("piped");
        let mut first = [0u8; 1];
        stdout.read_exact(&mut first).expect("the listing starts");
        (child, stdout)
    };
    let (mut child, _stdout) = blocked();
    assert!(kill(&mut child, "INT"));
    std::thread::sleep(Duration::from_millis(300));
    assert!(child.try_wait().unwrap().is_none(), "stopped by one signal");
    assert!(kill(&mut child, "TERM"));
    let start = Instant::now();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(143));
    assert!(start.elapsed() < Duration::from_secs(20));

    let (mut child, mut stdout) = blocked();
    assert!(wait_for_handlers(&mut child));
    let pid = child.id().to_string();
    let status = Command::new("kill")
        .args(["-TERM", &pid, &pid])
        .status()
        .expect("kill runs");
    assert!(status.success());
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        child.try_wait().unwrap().is_none(),
        "the echo of a signal ended the run"
    );
    let mut rest = Vec::new();
    stdout.read_to_end(&mut rest).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(143));
    assert!(
        text(&out.stderr).starts_with("backtrack: stopped by SIGTERM after "),
        "{}",
        text(&out.stderr)
    );
}
