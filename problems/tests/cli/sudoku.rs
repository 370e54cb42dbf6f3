//! `backtrack sudoku`: golden outputs, files of several puzzles, any box size, modes,
//! limits, statistics, estimates, trees, and bad input named by its place.

use backtrack_problems::sudoku::Grid;

use crate::common::{
    backtrack, backtrack_with_stdin, error_line, error_of, fixture, json_lines, read_error,
    refused_output, scratch_dir, stdout, text,
};

#[test]
fn the_classic_puzzle_is_solved_extending_its_givens() {
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
fn a_puzzle_on_one_line_is_read_from_stdin() {
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
fn a_count_and_a_listing_stop_at_their_limit_and_all_lists_the_one_solution() {
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
fn an_unsolvable_puzzle_says_no_solution() {
    let out = backtrack(&["sudoku", &fixture("unsolvable.sudoku")]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "no solution\n");
    let out = backtrack(&["sudoku", "--count", &fixture("unsolvable.sudoku")]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "0\n");
}

/// A first row whose length is no sudoku's (3 cells, 10) is named by its file and line,
/// with the sizes a row may have, not taken for a row of the nearest size cut short.
#[test]
fn a_row_of_no_sudoku_size_says_the_sizes() {
    let dir = scratch_dir();
    for (row, found, nearest) in [
        ("1 2 3", 3, 4),
        ("1 2 3 4 5 6 7 8 9 1", 10, 9),
        ("1234567891", 10, 9),
    ] {
        let path = dir.path().join("row.sudoku");
        std::fs::write(&path, format!("# a comment\n{row}\n")).unwrap();
        let shown = path.display().to_string();
        error_line(
            &["sudoku", &shown],
            &format!("{shown}: line 2: a row of {found} cells is no sudoku's: a row has n = 4, 9, 16, 25, 36 or 49 cells (the squares of 2 to 7), or a whole grid on one line n² = 16, 81, 256, 625, 1296 or 2401 (the nearest size to {found}: {nearest})"),
        );
    }
}

#[test]
fn a_malformed_puzzle_is_one_clear_error() {
    let short = error_of(&["sudoku", &fixture("short.sudoku")]);
    assert!(
        short.ends_with("short.sudoku: line 1: a row of 80 cells is no sudoku's: a row has n = 4, 9, 16, 25, 36 or 49 cells (the squares of 2 to 7), or a whole grid on one line n² = 16, 81, 256, 625, 1296 or 2401 (the nearest size to 80: 81)"),
        "{short}"
    );
    let bad = error_of(&["sudoku", &fixture("bad_char.sudoku")]);
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
    let missing = error_of(&["sudoku", &fixture("no-such-file.sudoku")]);
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
        "backtrack: error: <stdin>: line 1: a row of 3 cells is no sudoku's: a row has n = 4, 9, 16, 25, 36 or 49 cells (the squares of 2 to 7), or a whole grid on one line n² = 16, 81, 256, 625, 1296 or 2401 (the nearest size to 3: 4)\n",
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
fn drawn_grids_and_a_byte_order_mark_are_read() {
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
fn a_file_may_hold_several_puzzles() {
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
fn puzzles_of_any_box_size_are_solved() {
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
fn stats_count_the_propagation_at_the_root() {
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
fn stats_of_several_puzzles_say_which_puzzle() {
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
fn estimates_of_several_puzzles_are_summed_up() {
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
fn limits_apply_to_each_puzzle() {
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
fn json_lines_hold_solved_grids_and_the_number_found() {
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
fn the_tree_follows_the_placements() {
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

/// A puzzle typed where its file's name goes is told how to give it.
#[test]
fn a_puzzle_given_as_a_file_name_gets_a_hint() {
    error_line(
        &["sudoku", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"],
        "cannot read 53..7....6..195....98...…: no such file; to give a puzzle on the command line, pipe it in and give - as the file",
    );
    // A file's lines given as its name (`"$(cat file)"`): one error line, its line breaks
    // escaped (they were printed, and the error took three lines).
    let classic = std::fs::read_to_string(fixture("classic.sudoku")).unwrap();
    error_line(
        &["sudoku", &classic],
        "cannot read 53..7....\\n6..195...\\n.98.…: no such file; to give a puzzle on the command line, pipe it in and give - as the file",
    );
    let knapsack = std::fs::read_to_string(fixture("textbook.knapsack")).unwrap();
    error_line(
        &["knapsack", &knapsack],
        "cannot read # weight value\\ncapacity …: no such file; to give a knapsack on the command line, pipe it in and give - as the file",
    );
    // A file name's control characters are escaped wherever it is named.
    let dir = scratch_dir();
    let tabbed = dir.path().join("a\tb.sudoku");
    std::fs::write(&tabbed, "12345\n").unwrap();
    let shown = dir.path().join("a\\tb.sudoku");
    let shown = shown.to_str().unwrap();
    crate::common::refused(
        &["sudoku", tabbed.to_str().unwrap()],
        &format!("backtrack: error: {shown}: line 1: a row of 5 cells is no sudoku's"),
    );
    let missing = dir.path().join("no\nfile");
    error_line(
        &["sudoku", missing.to_str().unwrap()],
        &format!(
            "cannot read {}: No such file or directory",
            dir.path().join("no\\nfile").to_str().unwrap()
        ),
    );
}
