//! `backtrack sudoku`, `knapsack` and `subset-sum`: golden outputs, modes, trees, and bad
//! input.

use backtrack_problems::sudoku::Grid;

use crate::common::{
    backtrack, backtrack_with_stdin, error_line, fixture, json_lines, refused, refused_output,
    stdout, text,
};

/// The error reading `path` gives here, as the binary reports it after `cannot read PATH: `.
fn read_error(path: &str) -> String {
    std::fs::read(path).unwrap_err().to_string()
}

/// A run refused by the binary with one line of error naming the problem: returns it.
fn error(args: &[&str]) -> String {
    let stderr = refused(args, "backtrack: error: ");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    stderr.trim_end().to_string()
}

// Sudoku.

#[test]
fn golden_sudoku_solve() {
    let text = stdout(&["sudoku", &fixture("classic.sudoku")]);
    let solution: Grid = text.parse().expect("nine lines of digits");
    assert!(solution.is_solved());
    let puzzle: Grid = std::fs::read_to_string(fixture("classic.sudoku"))
        .unwrap()
        .parse()
        .unwrap();
    assert!(solution.extends(&puzzle));
    insta::assert_snapshot!("sudoku_classic", text);
}

#[test]
fn sudoku_reads_one_line_from_stdin() {
    let one_line: String = std::fs::read_to_string(fixture("classic.sudoku"))
        .unwrap()
        .split_whitespace()
        .collect();
    let from_file = stdout(&["sudoku", &fixture("classic.sudoku")]);
    for args in [&["sudoku"][..], &["sudoku", "-"]] {
        let out = backtrack_with_stdin(args, &one_line);
        assert!(out.status.success());
        assert_eq!(String::from_utf8(out.stdout).unwrap(), from_file);
    }
}

#[test]
fn sudoku_count_and_limits() {
    assert_eq!(
        stdout(&["sudoku", "--count", &fixture("classic.sudoku")]),
        "1\n"
    );
    // An empty grid: the count stops at the limit and says so.
    let empty = ".".repeat(81);
    let out = backtrack_with_stdin(&["sudoku", "--count", "--limit", "30"], &empty);
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "30\n");
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("stopped at --limit 30"));
    // Listing: --limit K grids apart by a blank line, all different, all solved.
    let out = backtrack_with_stdin(&["sudoku", "--limit", "3"], &empty);
    let text = String::from_utf8(out.stdout).unwrap();
    let grids: Vec<Grid> = text.split("\n\n").map(|g| g.parse().unwrap()).collect();
    assert_eq!(grids.len(), 3);
    assert!(grids.iter().all(Grid::is_solved));
    assert!(grids[0] != grids[1] && grids[1] != grids[2] && grids[0] != grids[2]);
    // --all on a proper puzzle: its one solution.
    assert_eq!(
        stdout(&["sudoku", "--all", &fixture("classic.sudoku")]),
        stdout(&["sudoku", &fixture("classic.sudoku")])
    );
}

#[test]
fn unsolvable_sudoku_says_no_solution() {
    let out = backtrack(&["sudoku", &fixture("unsolvable.sudoku")]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "no solution\n");
    let out = backtrack(&["sudoku", "--count", &fixture("unsolvable.sudoku")]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "0\n");
}

#[test]
fn malformed_sudoku_is_one_clear_error() {
    let short = error(&["sudoku", &fixture("short.sudoku")]);
    assert!(
        short.ends_with("short.sudoku: line 1: expected 81 cells, found 80"),
        "{short}"
    );
    let bad = error(&["sudoku", &fixture("bad_char.sudoku")]);
    assert_eq!(
        bad,
        format!(
            "backtrack: error: {}: line 8, row 8, column 5: `x` is not a digit 1-9 or an empty cell (`.`, `0`, `_`)",
            fixture("bad_char.sudoku")
        )
    );
    // Givens that contradict each other are a puzzle with no solution, not a malformed
    // file: said with the line and why, exit status 1.
    let out = backtrack(&["sudoku", &fixture("duplicate.sudoku")]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "no solution\n");
    assert_eq!(
        text(&out.stderr),
        format!(
            "backtrack: {}: line 1, row 1, column 9: 5 is already in its row, column or box: no solution\n",
            fixture("duplicate.sudoku")
        )
    );
    // Its line counts the comments before the grid.
    let classic = std::fs::read_to_string(fixture("classic.sudoku")).unwrap();
    let commented = format!("# one\n{}", classic.replacen("53..7....", "53..7...3", 1));
    let out = backtrack_with_stdin(&["sudoku"], &commented);
    assert_eq!(
        text(&out.stderr),
        "backtrack: <stdin>: line 2, row 1, column 9: 3 is already in its row, column or box: no solution\n"
    );
    let missing = error(&["sudoku", &fixture("no-such-file.sudoku")]);
    assert_eq!(
        missing,
        format!(
            "backtrack: error: cannot read {}: {}",
            fixture("no-such-file.sudoku"),
            read_error(&fixture("no-such-file.sudoku"))
        )
    );
    let out = backtrack_with_stdin(&["sudoku", "-"], "123\n456\n");
    refused_output(
        &["sudoku", "-"],
        &out,
        "backtrack: error: <stdin>: line 1: expected 4 cells, found 3\n",
    );
    let out = backtrack_with_stdin(&["sudoku", "-"], &".........\n".repeat(3));
    refused_output(
        &["sudoku", "-"],
        &out,
        "backtrack: error: <stdin>: lines 1 to 3: expected 9 lines of 9 cells, found 3\n",
    );
}

/// A byte order mark, grids drawn with `|` and `---+---`, and `#` comments.
#[test]
fn sudoku_reads_drawn_grids_and_a_byte_order_mark() {
    let plain = stdout(&["sudoku", &fixture("classic.sudoku")]);
    let drawn = stdout(&["sudoku", &fixture("drawn.sudoku")]);
    assert_eq!(drawn, plain);
    let with_bom = format!(
        "\u{feff}{}",
        std::fs::read_to_string(fixture("classic.sudoku")).unwrap()
    );
    let out = backtrack_with_stdin(&["sudoku"], &with_bom);
    assert_eq!(text(&out.stdout), plain, "{}", text(&out.stderr));
}

/// A file of several puzzles: each in turn, after `# puzzle K` (JSON: `"puzzle":K`).
#[test]
fn sudoku_files_may_hold_several_puzzles() {
    let read = |name: &str| std::fs::read_to_string(fixture(name)).unwrap();
    let three = format!(
        "{}\n{}{}",
        read("classic.sudoku"),
        read("drawn.sudoku"),
        read("unsolvable.sudoku")
    );
    let solution = stdout(&["sudoku", &fixture("classic.sudoku")]);
    let out = backtrack_with_stdin(&["sudoku"], &three);
    assert_eq!(out.status.code(), Some(1), "one puzzle has no solution");
    assert_eq!(
        text(&out.stdout),
        format!("# puzzle 1\n{solution}\n# puzzle 2\n{solution}\n# puzzle 3\nno solution\n\n# 3 puzzles: 2 solved, 1 with no solution\n")
    );
    let out = backtrack_with_stdin(&["sudoku", "--count", "--format", "json"], &three);
    assert_eq!(
        json_lines(&text(&out.stdout)),
        [1, 1, 0]
            .iter()
            .zip(1..)
            .map(|(count, k)| {
                serde_json::json!({"count": count, "complete": true, "puzzle": k})
            })
            .chain([serde_json::json!({"puzzles": 3, "counted": 3, "no_solution": 0, "stopped": 0, "not_searched": 0})])
            .collect::<Vec<_>>()
    );
    let out = backtrack_with_stdin(&["sudoku", "--format", "json"], &three);
    let lines = json_lines(&text(&out.stdout));
    assert_eq!(lines.len(), 2 + 2 + 1 + 1);
    assert_eq!(
        lines[5],
        serde_json::json!({"puzzles": 3, "solved": 2, "no_solution": 1, "stopped": 0, "not_searched": 0})
    );
    assert_eq!(lines[2]["puzzle"], 2);
    assert_eq!(lines[2]["index"], 1);
    // One puzzle whose givens contradict each other does not reject the file: it has no
    // solution, said with its line and why, the others are solved, and the summary counts
    // it (exit status 1, as for any puzzle with no solution).
    let duplicate = format!(
        "{}{}{}",
        read("classic.sudoku"),
        read("duplicate.sudoku"),
        read("classic.sudoku")
    );
    let out = backtrack_with_stdin(&["sudoku"], &duplicate);
    assert_eq!(out.status.code(), Some(1));
    let classic = stdout(&["sudoku", &fixture("classic.sudoku")]);
    assert_eq!(
        text(&out.stdout),
        format!("# puzzle 1\n{classic}\n# puzzle 2\nno solution\n\n# puzzle 3\n{classic}\n# 3 puzzles: 2 solved, 1 with no solution\n")
    );
    assert_eq!(
        text(&out.stderr),
        "backtrack: puzzle 2: <stdin>: line 10, row 1, column 9: 5 is already in its row, column or box: no solution\n"
    );
    let out = backtrack_with_stdin(&["sudoku", "--count", "--format", "json"], &duplicate);
    assert_eq!(
        json_lines(&text(&out.stdout))[1],
        serde_json::json!({"puzzle": 2, "count": 0, "complete": true})
    );
    let out = backtrack_with_stdin(&["sudoku", "--tree"], &three);
    refused_output(
        &["sudoku"],
        &out,
        "--tree draws the search of one puzzle, and <stdin> holds 3",
    );
}

/// Boxes of any size: 4×4, 16×16 and 25×25 puzzles, each solution checked; numbers in,
/// numbers out; a digit past the grid refused with its place.
#[test]
fn sudoku_of_any_box_size() {
    for name in ["16x16.sudoku", "25x25.sudoku"] {
        let text = stdout(&["sudoku", &fixture(name)]);
        let solution: Grid = text.parse().expect("a grid");
        let puzzle: Grid = std::fs::read_to_string(fixture(name))
            .unwrap()
            .parse()
            .unwrap();
        assert!(solution.is_solved() && solution.extends(&puzzle), "{text}");
        assert_eq!(stdout(&["sudoku", "--count", &fixture(name)]), "1\n");
    }
    let out = backtrack_with_stdin(&["sudoku", "--count"], &".".repeat(16));
    assert_eq!(text(&out.stdout), "288\n");
    // The 16×16 puzzle in numbers: its solution in numbers too.
    let puzzle: Grid = std::fs::read_to_string(fixture("16x16.sudoku"))
        .unwrap()
        .parse()
        .unwrap();
    let numbers = puzzle
        .show(backtrack_problems::sudoku::Notation::Numbers)
        .to_string();
    let out = backtrack_with_stdin(&["sudoku"], &numbers);
    let solution = text(&out.stdout);
    assert!(
        solution.lines().all(|l| l.split_whitespace().count() == 16),
        "{solution}"
    );
    assert_eq!(
        solution.parse::<Grid>().unwrap().to_string(),
        stdout(&["sudoku", &fixture("16x16.sudoku")])
    );
    let out = backtrack_with_stdin(&["sudoku"], &numbers.replacen(" 7 ", "17 ", 1));
    refused_output(
        &["sudoku"],
        &out,
        "backtrack: error: <stdin>: line 1, row 1, column 2: 17 is past 16, the largest digit of a 16×16 grid\n",
    );
    // In hexadecimal (0-F, `.` empty): the solution in hexadecimal, each digit one less.
    let hex = puzzle
        .show(backtrack_problems::sudoku::Notation::Hexadecimal)
        .to_string();
    let out = backtrack_with_stdin(&["sudoku"], &hex);
    let in_hex = text(&out.stdout);
    let shift = |c: char| match c {
        '9' => 'A',
        '0'..='8' | 'A'..='F' => char::from(c as u8 + 1),
        other => other,
    };
    assert_eq!(
        in_hex.chars().map(shift).collect::<String>(),
        stdout(&["sudoku", &fixture("16x16.sudoku")])
    );
    let drawn = std::fs::read_to_string(fixture("16x16.sudoku")).unwrap();
    let out = backtrack_with_stdin(&["sudoku"], &drawn.replacen(".7D", ".7H", 1));
    refused_output(
        &["sudoku"],
        &out,
        "backtrack: error: <stdin>: line 4, row 1, column 3: `H` is not a digit 1-9, A-G or an empty cell (`.`, `0`, `_`)\n",
    );
}

/// `--stats` of a sudoku counts the propagation of the givens at the root in its time, and
/// says how much of it that was (it left it out: a 25×25 puzzle solved by propagation took
/// 36 ms, and --stats said 30 µs).
#[test]
fn sudoku_stats_count_the_propagation_at_the_root() {
    let file = fixture("25x25.sudoku");
    let out = backtrack(&["sudoku", "--stats", &file]);
    assert!(out.status.success());
    let stderr = text(&out.stderr);
    let time = stderr
        .lines()
        .find_map(|line| line.strip_prefix("time:       "))
        .unwrap();
    assert!(
        time.ends_with(" of it propagating the givens at the root)"),
        "{stderr}"
    );
    let out = backtrack(&["sudoku", "--stats", "--format", "json", &file]);
    let stats = &json_lines(&text(&out.stderr))[0];
    let elapsed = stats["elapsed"].as_f64().unwrap();
    let prepared = stats["prepared"].as_f64().unwrap();
    assert!(prepared > 0.0 && elapsed >= prepared, "{stats}");
    // Each puzzle of a file its own.
    let out = backtrack(&["sudoku", "--count", "--stats", &fixture("several.sudoku")]);
    let stderr = text(&out.stderr);
    assert_eq!(
        stderr
            .lines()
            .filter(|line| line.starts_with("time:") && line.contains(" of it propagating"))
            .count(),
        4,
        "{stderr}"
    );
}

/// `--stats` of a file of several puzzles labels each puzzle's block on stderr, as the
/// output labels its solutions (`# puzzle 2`) and the JSON its objects (`"puzzle":2`): the
/// blocks came one after another with nothing to tell them apart.
#[test]
fn sudoku_stats_of_several_puzzles_say_which_puzzle() {
    let file = fixture("several.sudoku");
    for mode in [&[][..], &["--count"]] {
        let out = backtrack(&[&["sudoku", "--stats", &file][..], mode].concat());
        let stderr = text(&out.stderr);
        let blocks: Vec<&str> = stderr
            .lines()
            .filter(|line| line.starts_with("puzzle:"))
            .collect();
        assert_eq!(
            blocks,
            [
                "puzzle:     1",
                "puzzle:     2",
                "puzzle:     3",
                "puzzle:     4"
            ],
            "{stderr}"
        );
        // Each label heads its block: the line after it is the block's first.
        assert_eq!(
            stderr.matches("puzzle:     3\nsearch:     ").count(),
            1,
            "{stderr}"
        );
    }
    // One puzzle is not labelled.
    let out = backtrack(&["sudoku", "--stats", &fixture("classic.sudoku")]);
    assert!(text(&out.stderr).starts_with("search:     "));
}

/// `--estimate` of a file of several puzzles ends with the summary line as the other modes
/// do, the estimated nodes and time added up (it used to end with none).
#[test]
fn sudoku_estimates_of_several_puzzles_are_summed_up() {
    // The puzzles of several.sudoku but its 16×16 one, whose 837 nodes take 50 to 90 ms in
    // a debug build, near enough the estimate's sample of a quarter of a second for a
    // loaded machine to cut them short (and the estimate be by probes, not exact); in its
    // place a 4×4 grid whose search takes well under a millisecond.
    let several = std::fs::read_to_string(fixture("several.sudoku")).unwrap();
    let (small, _) = several.split_once("# A minimal 16×16").unwrap();
    let puzzles = format!("{small}# A 4×4 grid of two givens: 24 solutions.\n12..............\n");
    let out = backtrack_with_stdin(&["sudoku", "--estimate", "-"], &puzzles);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let text_out = text(&out.stdout);
    let last = text_out.lines().last().unwrap();
    // 1 + 1 + 1 + 47 nodes, each search ended within its sample.
    assert!(
        last.starts_with("# 4 puzzles: 4 estimated; 50 nodes and ") && last.ends_with(" in all"),
        "{text_out}"
    );
    let out = backtrack_with_stdin(&["sudoku", "--estimate", "--format", "json", "-"], &puzzles);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines = json_lines(&text(&out.stdout));
    assert_eq!(lines.len(), 5);
    assert_eq!(
        lines[3]["estimate"]["solutions"]["mean"], 24.0,
        "{}",
        lines[3]
    );
    let summary = &lines[4];
    assert_eq!(summary["puzzles"], 4);
    assert_eq!(summary["estimated"], 4);
    assert_eq!(summary["estimate"]["nodes"], 50.0);
    assert_eq!(summary["estimate"]["exact"], true);
    assert!(summary["estimate"]["seconds"].as_f64().unwrap() > 0.0);
    // An empty grid is estimated by probes: the sum is the means'.
    let classic = std::fs::read_to_string(fixture("classic.sudoku")).unwrap();
    let two = format!("{}\n{classic}", ".".repeat(81));
    let out = backtrack_with_stdin(&["sudoku", "--estimate", "--probes", "200"], &two);
    assert_eq!(out.status.code(), Some(0));
    let last = text(&out.stdout).lines().last().unwrap().to_string();
    assert!(
        last.starts_with("# 2 puzzles: 2 estimated; about ")
            && last.ends_with(" in all (the means added up)"),
        "{last}"
    );
}

/// The limits apply to each puzzle of a file: one stopped, the next is searched, and the
/// exit status is 3 (they used to stop the whole file after `# puzzle 1`, silently).
#[test]
fn sudoku_limits_apply_to_each_puzzle() {
    let classic = std::fs::read_to_string(fixture("classic.sudoku")).unwrap();
    let two = format!("{}\n{classic}", ".".repeat(81));
    let solution = stdout(&["sudoku", &fixture("classic.sudoku")]);
    let out = backtrack_with_stdin(&["sudoku", "--time-limit", "200ms"], &two);
    assert_eq!(out.status.code(), Some(3));
    let listing = text(&out.stdout);
    assert!(listing.starts_with("# puzzle 1\n"), "{listing}");
    assert!(
        listing.ends_with(&format!(
            "\n\n# puzzle 2\n{solution}\n# 2 puzzles: 1 solved, 1 stopped\n"
        )),
        "{listing}"
    );
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("backtrack: puzzle 1: time limit of 200ms reached after "),
        "{stderr}"
    );
    let out = backtrack_with_stdin(&["sudoku", "--node-limit", "1000", "--count"], &two);
    assert_eq!(out.status.code(), Some(3));
    let count = text(&out.stdout);
    assert!(count.starts_with("# puzzle 1\n"), "{count}");
    assert!(
        count.ends_with(
            " (partial: node limit of 1000 reached)\n\n# puzzle 2\n1\n\n# 2 puzzles: 1 counted, 1 stopped\n"
        ),
        "{count}"
    );
    assert_eq!(
        text(&out.stderr),
        "backtrack: puzzle 1: node limit of 1000 reached: the count is partial\n"
    );
    let out = backtrack_with_stdin(
        &[
            "sudoku",
            "--node-limit",
            "1000",
            "--count",
            "--format",
            "json",
        ],
        &two,
    );
    let lines = json_lines(&text(&out.stdout));
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["stopped"], "node_limit");
    assert_eq!(
        lines[1],
        serde_json::json!({"count": 1, "complete": true, "puzzle": 2})
    );
    assert_eq!(
        lines[2],
        serde_json::json!({"puzzles": 2, "counted": 1, "no_solution": 0, "stopped": 1, "not_searched": 0})
    );
    // --limit too: two solutions of the empty grid, then the classic's one.
    let out = backtrack_with_stdin(&["sudoku", "--limit", "2", "--format", "json"], &two);
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&text(&out.stdout));
    let puzzles: Vec<u64> = lines.iter().filter_map(|l| l["puzzle"].as_u64()).collect();
    assert_eq!(puzzles, [1, 1, 1, 2, 2]);
    assert_eq!(lines.last().unwrap()["solved"], 2);
    // A limit over no solution: status 3 with an unsolvable puzzle after.
    let unsolvable = std::fs::read_to_string(fixture("unsolvable.sudoku")).unwrap();
    let out = backtrack_with_stdin(
        &["sudoku", "--node-limit", "1000", "--count"],
        &format!("{two}{unsolvable}"),
    );
    assert_eq!(out.status.code(), Some(3));
    assert!(text(&out.stdout).ends_with("# puzzle 3\n0\n\n# 3 puzzles: 2 counted, 1 stopped\n"));
}

#[test]
fn sudoku_json_lines_parse() {
    let lines = json_lines(&stdout(&[
        "sudoku",
        "--format",
        "json",
        &fixture("classic.sudoku"),
    ]));
    assert_eq!(lines.len(), 2);
    let rows: Vec<&str> = lines[0]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    let grid: Grid = rows.join("\n").parse().unwrap();
    assert!(grid.is_solved());
    assert_eq!(
        lines[1],
        serde_json::json!({"solutions": 1, "complete": true})
    );
    let count = json_lines(&stdout(&[
        "sudoku",
        "--count",
        "--format",
        "json",
        &fixture("classic.sudoku"),
    ]));
    assert_eq!(count, [serde_json::json!({"count": 1, "complete": true})]);
    let out = backtrack(&["sudoku", "--format", "json", &fixture("unsolvable.sudoku")]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        json_lines(&text(&out.stdout)),
        [serde_json::json!({"solutions": 0, "complete": true})]
    );
}

#[test]
fn sudoku_tree_follows_the_placements() {
    // The classic puzzle falls to singles: the root is the solution.
    let classic = stdout(&["sudoku", "--tree", "--all", &fixture("classic.sudoku")]);
    assert_eq!(
        classic,
        "1 node, 1 solution, 0 dead ends\nv1 0 empty  ✓ solution\n"
    );
    // Inkala's needs a search: each node one placement and its singles.
    let inkala =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let out = backtrack_with_stdin(&["sudoku", "--tree", "--all"], inkala);
    let text = text(&out.stdout);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("107 nodes, 1 solution, 53 dead ends"));
    assert_eq!(lines.next(), Some("v1 60 empty"));
    assert_eq!(lines.next(), Some("├── v2 r8c7=3, 59 empty"));
    assert!(text.contains(", 0 empty  ✓ solution"), "{text}");
    assert!(!text.contains("cut off"));
}

/// Bad input is named where it is: an empty file name, a byte that is not UTF-8 (line and
/// byte), an invisible character in a sudoku (escaped, not counted as a tenth cell), a
/// puzzle cut short (which puzzle, which lines), a repeated given (its line); a knapsack's
/// first line that is not its capacity (which line, what was expected), an empty one, a
/// word for a number.
#[test]
fn input_errors_name_the_place() {
    crate::common::error_line(
        &["sudoku", ""],
        "the file name is empty (- reads standard input)",
    );
    // Not UTF-8: the bytes go in through a file.
    let latin1 = crate::common::scratch("latin1.knapsack");
    std::fs::write(&latin1, b"capacity 5\n# caf\xe9\n1 2\n").unwrap();
    let latin1 = latin1.to_str().unwrap();
    crate::common::error_line(
        &["knapsack", latin1],
        &format!("{latin1}: line 2, byte 6: not UTF-8 (0xe9): the input must be UTF-8 text"),
    );
    let classic = std::fs::read_to_string(fixture("classic.sudoku")).unwrap();
    let cases: [(&[&str], String, &str); 8] = [
        (&["sudoku"], classic.replacen("53..7....", "53..7\u{200b}....", 1), "<stdin>: line 1, row 1, column 6: `\\u{200b}` is not a cell (a digit 1-9, a letter A-Z for 10 and up, numbers apart by spaces, or `.`, `0`, `_` for an empty cell)"),
        (&["sudoku"], format!("{classic}\n{}", ".........\n".repeat(3)), "<stdin>: puzzle 2: lines 11 to 13: expected 9 lines of 9 cells, found 3"),
        (&["knapsack"], "CAPACITY 10\n1 2\n".into(), "<stdin>: line 1: expected `capacity <number>` first, found `CAPACITY 10`"),
        (&["knapsack"], "# mine\ncapacity: 10\n1 2\n".into(), "<stdin>: line 2: expected `capacity <number>` first, found `capacity: 10`"),
        (&["knapsack"], "cap 10\n".into(), "<stdin>: line 1: expected `capacity <number>` first, found `cap 10`"),
        (&["knapsack"], String::new(), "<stdin>: the input is empty: expected a `capacity <number>` line, then one `<weight> <value>` line per item"),
        (&["knapsack"], "capacity 10\n1 x\n".into(), "<stdin>: line 2: the value `x` is not a number"),
        (&["knapsack"], "capacity 10\n1 2.5\n".into(), "<stdin>: line 2: the value `2.5` is not a whole number"),
    ];
    for (args, input, message) in cases {
        let out = backtrack_with_stdin(args, &input);
        let stderr = refused_output(args, &out, message);
        assert_eq!(
            stderr,
            format!("backtrack: error: {message}\n"),
            "{input:?}"
        );
    }
}

/// Reading a puzzle from a terminal, the tool says so on stderr, and how to end it (it
/// waited in silence). Run in a pseudo-terminal by util-linux's `script`, if there is one.
#[cfg(target_os = "linux")]
#[test]
fn a_terminal_as_standard_input_gets_a_hint() {
    use std::io::Write as _;
    use std::process::{Command, Stdio};

    let Ok(mut script) = Command::new("script")
        .args([
            "-qec",
            &format!("'{}' sudoku --count", crate::common::BIN),
            "/dev/null",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    else {
        return; // no `script` here
    };
    let classic = std::fs::read_to_string(fixture("classic.sudoku")).unwrap();
    let mut stdin = script.stdin.take().unwrap();
    stdin.write_all(classic.as_bytes()).unwrap();
    stdin.write_all(b"\x04").unwrap(); // Ctrl-D
    drop(stdin);
    let out = script.wait_with_output().unwrap();
    let terminal = text(&out.stdout).replace('\r', "");
    assert!(
        terminal.contains("backtrack: reading a puzzle from the terminal; end it with Ctrl-D\n"),
        "{terminal}"
    );
    assert!(terminal.ends_with("\n1\n"), "{terminal}");
    // Not from a file or a pipe.
    let out = backtrack_with_stdin(&["sudoku", "--count"], &classic);
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}

// Knapsack.

#[test]
fn golden_knapsack_best() {
    insta::assert_snapshot!(
        "knapsack_textbook",
        stdout(&["knapsack", &fixture("textbook.knapsack")])
    );
}

#[test]
fn knapsack_reads_stdin_and_reports_stats() {
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
fn golden_knapsack_tree() {
    let text = stdout(&["knapsack", "--tree", &fixture("tiny.knapsack")]);
    assert!(text.contains("✂ pruned"));
    insta::assert_snapshot!("knapsack_tiny_tree", text);
}

#[test]
fn knapsack_streamed_tree_is_the_recorded_one() {
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
fn malformed_knapsack_is_one_clear_error() {
    let bad = error(&["knapsack", &fixture("malformed.knapsack")]);
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
fn knapsack_numbers_get_their_own_messages() {
    let cases = [
        ("capacity -10\n", "<stdin>: line 1: the capacity `-10` is negative: capacities, weights and values are 0 or more"),
        ("capacity 10.5\n", "<stdin>: line 1: the capacity `10.5` is not a whole number"),
        ("capacity 99999999999999999999\n", "<stdin>: line 1: the capacity `99999999999999999999` is too large (at most 18446744073709551615)"),
        ("capacity 5\n1 -2\n", "<stdin>: line 2: the value `-2` is negative: capacities, weights and values are 0 or more"),
        ("capacity 5\n1\u{200b} 2\n", "<stdin>: line 2: the weight `1\\u{200b}` is not a number"),
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
fn knapsack_modes_count_and_list_the_packings_that_fit() {
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
fn knapsack_empty_packing_says_no_item_is_taken() {
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

// Subset sum.

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
fn golden_subset_sum_listing() {
    let text = run(&subset_sum(&[]));
    for line in text.lines() {
        let sum: u64 = line.split(' ').map(|n| n.parse::<u64>().unwrap()).sum();
        assert_eq!(sum, 9, "{line}");
    }
    insta::assert_snapshot!("subset_sum_listing", text);
}

#[test]
fn subset_sum_json_lines_parse() {
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
fn subset_sum_modes() {
    assert_eq!(run(&subset_sum(&["--count"])), "2\n");
    assert_eq!(run(&subset_sum(&["--first"])), "3 4 2\n");
    assert_eq!(run(&subset_sum(&["--indices"])), "1 3 6\n3 5\n");
    let out = backtrack(&["subset-sum", "-t", "100", "1", "2"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "no solution\n");
    assert_eq!(stdout(&["subset-sum", "-t", "0"]), "(empty)\n");
}

#[test]
fn subset_sum_rejects_what_is_not_a_number() {
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
fn golden_subset_sum_tree() {
    let text = run(&subset_sum(&["--tree"]));
    insta::assert_snapshot!("subset_sum_tree", text);
}

// Shared.

#[test]
fn tree_and_count_do_not_mix() {
    for args in [
        &["queens", "4", "--tree", "--count"][..],
        &["sudoku", "--tree", "--count", "-"],
        &["subset-sum", "-t", "1", "1", "--tree", "--count"],
    ] {
        crate::common::error_line(args, "--tree cannot be used with --count");
    }
}

/// A `Grid` is public and built by hand: a cell over 9 is an error, not a shift overflow
/// (a panic from 16 on) nor a wrong "already in its row" (10 to 15).
/// A puzzle typed where its file's name goes is told how to give it.
#[test]
fn a_puzzle_given_as_a_file_name_gets_a_hint() {
    error_line(
        &["sudoku", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"],
        "cannot read 53..7....6..195....98...…: no such file; to give a puzzle on the command line, pipe it in and give - as the file",
    );
}

#[test]
fn sudoku_refuses_hand_built_cells_over_nine() {
    use backtrack_problems::sudoku::SudokuError;

    for value in [10u8, 15, 16, 255] {
        let mut cells = vec![0u8; 81];
        cells[12] = value;
        let err = Grid::new(3, cells).unwrap_err();
        assert_eq!(
            err,
            SudokuError::Digit {
                row: 2,
                col: 4,
                value,
                side: 9
            }
        );
        assert_eq!(
            err.to_string(),
            format!("row 2, column 4: {value} is not a digit 1-9 or 0 (empty)")
        );
    }
}

#[test]
fn grid_get_refuses_a_column_past_the_edge() {
    let grid = backtrack_problems::sudoku::Grid::empty(3);
    assert_eq!(grid.get(8, 8), 0);
    let result = std::panic::catch_unwind(|| grid.get(0, 9));
    assert!(result.is_err(), "column 9 must not read row 1's first cell");
}
