//! `backtrack queens`: golden outputs, modes, formats, and bad input.

use crate::common::{all_error_lines, backtrack, error_line, json_lines, stdout, text, BIN};

use std::process::{Command, Stdio};

use backtrack_problems::queens::{verify, Symmetry};

/// Parses the numbered format back into 0-based columns.
fn parse_numbered(text: &str, n: usize) -> Vec<Vec<usize>> {
    let lines: Vec<usize> = text.lines().map(|l| l.parse().unwrap()).collect();
    lines
        .chunks(n + 1)
        .enumerate()
        .map(|(k, chunk)| {
            assert_eq!(chunk[0], k + 1, "solution numbers count up from 1");
            chunk[1..].iter().map(|c| c - 1).collect()
        })
        .collect()
}

#[test]
fn golden_queens_4() {
    insta::assert_snapshot!("queens_4", stdout(&["queens", "4"]));
}

#[test]
fn golden_queens_5_matrix() {
    insta::assert_snapshot!(
        "queens_5_matrix",
        stdout(&["queens", "5", "--format", "matrix"])
    );
}

#[test]
fn golden_queens_6_board() {
    insta::assert_snapshot!(
        "queens_6_board",
        stdout(&["queens", "6", "--format", "board"])
    );
}

#[test]
fn golden_queens_8_compact_limit_3() {
    insta::assert_snapshot!(
        "queens_8_compact_limit_3",
        stdout(&["queens", "8", "--format", "compact", "--limit", "3"])
    );
}

#[test]
fn golden_queens_3_first() {
    let out = backtrack(&["queens", "3", "--first"]);
    assert_eq!(out.status.code(), Some(1));
    insta::assert_snapshot!("queens_3_first", String::from_utf8(out.stdout).unwrap());
}

#[test]
fn n_2_has_no_first_solution() {
    let out = backtrack(&["queens", "2", "--first", "--format", "matrix"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "no solution\n");
}

#[test]
fn board_glyphs_can_be_chosen() {
    let text = stdout(&[
        "queens", "4", "--first", "--format", "board", "--glyphs", "☆■",
    ]);
    assert_eq!(text, "solution 1\n■ ☆ ■ ■\n■ ■ ■ ☆\n☆ ■ ■ ■\n■ ■ ☆ ■\n");
}

#[test]
fn every_listed_solution_verifies_and_comes_in_lexicographic_order() {
    for n in [1, 4, 5, 6, 7, 8] {
        let solutions = parse_numbered(&stdout(&["queens", &n.to_string()]), n);
        assert!(solutions.iter().all(|s| verify(n, s)), "n = {n}");
        assert!(solutions.windows(2).all(|w| w[0] < w[1]), "n = {n}");
        let count: usize = stdout(&["queens", &n.to_string(), "--count"])
            .trim()
            .parse()
            .unwrap();
        assert_eq!(solutions.len(), count, "n = {n}");
    }
}

#[test]
fn a_count_in_json_has_the_solutions_as_count_and_the_classes_as_unique_however_made() {
    let checkpoint = crate::common::scratch("q10.checkpoint");
    let file = checkpoint.to_str().unwrap();
    // 10 queens: 724 solutions in 92 classes (OEIS A000170, A002562).
    for extra in [
        &["--symmetry", "full"][..],
        &["--unique"],
        &["--threads", "1", "--symmetry", "full"],
        &["--unique", "--threads", "1"],
    ] {
        for keep in [false, true] {
            let _ = std::fs::remove_file(&checkpoint);
            let mut args = vec!["queens", "10", "--count", "--format", "json"];
            args.extend(extra);
            if keep {
                args.extend(["--checkpoint", file]);
            }
            let line = json_lines(&stdout(&args)).remove(0);
            assert_eq!(line["count"], 724, "{args:?}: {line}");
            assert_eq!(line["unique"], 92, "{args:?}: {line}");
            assert_eq!(line["complete"], true, "{args:?}: {line}");
        }
    }
    // The text prints the number asked for.
    assert_eq!(
        stdout(&["queens", "10", "--count", "--unique", "--checkpoint", file]),
        "92\n"
    );
    // A count that does not tell the classes apart has no `unique`: the whole tree, and
    // half boards (the default without --unique from 13 queens on).
    for symmetry in [&["--symmetry", "none"][..], &["--symmetry", "halves"]] {
        let mut args = vec!["queens", "10", "--count", "--format", "json"];
        args.extend(symmetry);
        let line = json_lines(&stdout(&args)).remove(0);
        assert_eq!(line["count"], 724);
        assert!(line.get("unique").is_none(), "{line}");
    }
}

#[test]
fn counts_on_one_thread_and_on_all_agree() {
    for n in ["1", "6", "9", "11"] {
        assert_eq!(
            stdout(&["queens", n, "--count", "--threads", "1"]),
            stdout(&["queens", n, "--count"])
        );
    }
    assert_eq!(stdout(&["queens", "10", "--count"]), "724\n");
    assert_eq!(stdout(&["queens", "10", "--unique", "--count"]), "92\n");
    assert_eq!(
        stdout(&["queens", "8", "--unique", "--count", "--threads", "1"]),
        "12\n"
    );
}

#[test]
fn counts_agree_with_the_listings_on_small_boards() {
    // The count searches a space of representatives under the symmetries, the listing the
    // whole tree: tiny boards, where that space is smallest, included.
    for n in 1..=8 {
        let size = n.to_string();
        let listed = |extra: &[&str]| {
            let mut args = vec!["queens", size.as_str()];
            args.extend_from_slice(extra);
            let text = String::from_utf8(backtrack(&args).stdout).unwrap();
            if text.starts_with("no solution") {
                0
            } else {
                parse_numbered(&text, n).len()
            }
        };
        for threads in ["1", "2"] {
            let count = stdout(&["queens", &size, "--count", "--threads", threads]);
            assert_eq!(count, format!("{}\n", listed(&[])), "n = {n}");
            let unique = stdout(&["queens", &size, "--unique", "--count", "--threads", threads]);
            assert_eq!(
                unique,
                format!("{}\n", listed(&["--unique", "--list"])),
                "n = {n}"
            );
        }
    }
}

#[test]
fn json_lines_are_one_based_columns() {
    let lines = json_lines(&stdout(&["queens", "6", "--format", "json"]));
    assert_eq!(lines.len(), 4 + 1);
    assert_eq!(
        lines[4],
        serde_json::json!({"solutions": 4, "complete": true})
    );
    for (k, value) in lines[..4].iter().enumerate() {
        assert_eq!(value["index"], k + 1);
        let cols: Vec<usize> = value["columns"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap() as usize - 1)
            .collect();
        assert!(verify(6, &cols));
    }
}

#[test]
fn unique_listing_gives_one_canonical_representative_per_class() {
    let solutions = parse_numbered(&stdout(&["queens", "8", "--unique"]), 8);
    assert_eq!(
        stdout(&["queens", "8", "--unique", "--list"]),
        stdout(&["queens", "8", "--unique"])
    );
    assert_eq!(solutions.len(), 12);
    let mut sym = Symmetry::new(8);
    assert!(solutions
        .iter()
        .all(|s| verify(8, s) && sym.is_canonical(s)));
    let first = parse_numbered(&stdout(&["queens", "8", "--unique", "--first"]), 8);
    assert_eq!(first, solutions[..1]);
    // In the heuristic order: the same classes, each once, as canonical forms.
    let mut heuristic = parse_numbered(
        &stdout(&["queens", "8", "--unique", "--list", "--order", "heuristic"]),
        8,
    );
    heuristic.sort();
    assert_eq!(heuristic, solutions);
    let text = stdout(&["queens", "40", "--unique", "--limit", "3"]);
    for s in parse_numbered(&text, 40) {
        assert!(verify(40, &s) && Symmetry::new(40).is_canonical(&s));
    }
}

#[test]
fn first_solution_for_each_first_row_queen() {
    for col in 1..=8 {
        let text = stdout(&["queens", "8", "--first", "--place", &format!("1:{col}")]);
        let solution = &parse_numbered(&text, 8)[0];
        assert!(verify(8, solution));
        assert_eq!(solution[0], col - 1);
    }
    // ROW,COL as knights-tour --start writes it: the same queen.
    assert_eq!(
        stdout(&["queens", "8", "--first", "--place", "1,3"]),
        stdout(&["queens", "8", "--first", "--place", "1:3"])
    );
    assert_eq!(
        stdout(&["queens", "8", "--count", "--place", "1,1", "--place", "2:5"]),
        "1\n"
    );
    // Completions of a queen pair, counted.
    assert_eq!(stdout(&["queens", "8", "--count", "--place", "1:1"]), "4\n");
    assert_eq!(
        stdout(&["queens", "8", "--count", "--place", "1:1", "--place", "2:5"]),
        "1\n"
    );
}

#[test]
fn big_boards_give_a_first_solution() {
    for n in [40, 100, 129, 1000] {
        let text = stdout(&["queens", &n.to_string(), "--first"]);
        assert!(verify(n, &parse_numbered(&text, n)[0]), "n = {n}");
    }
    let text = stdout(&[
        "queens", "25", "--first", "--order", "lex", "--format", "compact",
    ]);
    let cols: Vec<usize> = text["No.1    ".len()..]
        .split_whitespace()
        .map(|c| c.parse::<usize>().unwrap() - 1)
        .collect();
    assert!(verify(25, &cols));
    // The lexicographic first: the same as the bitboard library search.
    let lib = backtrack::Search::new(backtrack_problems::queens::BitQueens::<u32>::new(25)).next();
    assert_eq!(Some(cols), lib);
    let text = stdout(&[
        "queens",
        "12",
        "--first",
        "--order",
        "heuristic",
        "--format",
        "json",
    ]);
    assert!(text.starts_with("{\"index\":1,\"columns\":["));
}

#[test]
fn stats_go_to_stderr() {
    let out = backtrack(&["queens", "8", "--count", "--stats", "--threads", "1"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "92\n");
    let stderr = String::from_utf8(out.stderr).unwrap();
    for figure in [
        "nodes:",
        "solutions:",
        "dead ends:",
        "max depth:",
        "time:",
        "nodes/s:",
    ] {
        assert!(stderr.contains(figure), "{figure} missing from {stderr}");
    }
}

#[test]
fn bad_input_is_refused_clearly() {
    all_error_lines(&[
        (&["queens", "0"], "the board size N must be at least 1, not 0"),
        (&["queens", "-3"], "the board size N must be at least 1, not -3"),
        (&["queens", "eight"], "the board size N must be a whole number, not 'eight'"),
        (&["queens", "4.5"], "the board size N must be a whole number, not '4.5'"),
        (&["queens", "99999999999999999999999"], "the board size N must be at most 10000000, not 99999999999999999999999"),
        (&["queens", "200", "--count"], "counting needs N <= 128 (bitboards), not 200; a count that large could not finish anyway"),
        (&["queens", "200", "--unique", "--count"], "counting needs N <= 128 (bitboards), not 200; a count that large could not finish anyway"),
        (&["queens", "200", "--order", "lex"], "--order lex needs N <= 128 (bitboards), not 200; use --order heuristic"),
        (&["queens", "8", "--place", "1:1", "--place", "2:2"], "--place: queens at 1:1 and 2:2 attack each other"),
        (&["queens", "8", "--place", "1:9"], "--place 1:9 is off the 8×8 board: rows and columns are 1 to 8"),
        (&["queens", "8", "--place", "1:1", "--place", "1:3"], "--place: two queens in row 1: 1:1 and 1:3"),
        (&["queens", "8", "--place", "1:3", "--place", "1:3"], "--place 1:3 is given twice: give each queen once"),
        (&["queens", "8", "--count", "--place", "2:4", "--place", "5:2", "--place", "2,4"], "--place 2:4 is given twice: give each queen once"),
        (&["queens", "8", "--place", "1:1", "--place", "8:2", "--place", "8:2", "--place", "1:1"], "--place 8:2 is given twice: give each queen once"),
        (&["queens", "8", "--place", "x"], "--place must be a square, ROW:COL or ROW,COL (a row and a column from 1, such as 1:1), not 'x'"),
        (&["queens", "8", "--format", "board", "--glyphs", "Q"], "--glyphs must be two characters, the queen then the empty square (such as 'Q.' or '☆■'), not 'Q' (1 character)"),
        (&["queens", "8", "--count", "--threads", "0"], "--threads must be at least 1, not 0"),
        (&["queens", "8", "--count", "--first"], "--count cannot be used with --first"),
    ]);
}

/// A board size too long even for a 128-bit integer is still a number: too big (or too
/// small), not "not a whole number".
#[test]
fn board_size_beyond_any_integer_is_called_too_big() {
    let nines = "9".repeat(40);
    error_line(
        &["queens", &nines],
        &format!("the board size N must be at most 10000000, not {nines}"),
    );
    error_line(
        &["queens", &format!("-{}", &nines[1..])],
        &format!("the board size N must be at least 1, not -{}", &nines[1..]),
    );
    // A longer value is quoted by its first 40 characters: an error is one short line.
    error_line(
        &["queens", &"9".repeat(3000)],
        &format!("the board size N must be at most 10000000, not {nines}…"),
    );
    error_line(
        &["queens", "8", "--format", "board", "--glyphs", &"Q".repeat(50)],
        &format!("--glyphs must be two characters, the queen then the empty square (such as 'Q.' or '☆■'), not '{}…' (50 characters)", "Q".repeat(40)),
    );
    // Whether a flag applies comes before whether its value is right: one error to fix.
    error_line(
        &["queens", "8", "--format", "numbered", "--glyphs", "QQ"],
        "--glyphs applies to --format board",
    );
}

/// `--threads` beyond any machine is refused at once (it used to hang starting the pool).
#[test]
fn absurd_thread_counts_are_refused_not_started() {
    all_error_lines(&[
        (
            &["queens", "8", "--count", "--threads", "4294967295"],
            "--threads must be at most 1024, not 4294967295",
        ),
        (
            &["queens", "8", "--count", "--threads", "1025"],
            "--threads must be at most 1024, not 1025",
        ),
    ]);
    assert_eq!(
        stdout(&["queens", "8", "--count", "--threads", "1024"]),
        "92\n"
    );
}

/// Statistics, notes and errors on a stderr that cannot be written (full here; closed, as
/// in `2>&1 >/dev/null | head -1`, fails the same way) are dropped: the run ends as it
/// would have, instead of panicking in `eprintln!`.
#[cfg(target_os = "linux")]
#[test]
fn unwritable_stderr_does_not_panic() {
    let run = |args: &[&str]| {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        Command::new(BIN)
            .args(args)
            .stderr(Stdio::from(full))
            .output()
            .expect("the binary runs")
    };
    let out = run(&["queens", "8", "--count", "--stats"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "92\n");
    let out = run(&["queens", "4", "--tree", "--stats"]);
    assert_eq!(out.status.code(), Some(0));
    let out = run(&["queens", "8", "--place", "1:1", "--place", "2:2"]);
    assert_eq!(out.status.code(), Some(2));
}

/// A glyph that looks like one character but is two (a letter and a combining accent) is
/// refused with the count of characters, which says why.
#[test]
fn glyphs_with_combining_marks_are_refused_with_the_count() {
    all_error_lines(&[
        (
            &["queens", "4", "--format", "board", "--glyphs", "e\u{301}."],
            "--glyphs must be two characters, the queen then the empty square (such as 'Q.' or '☆■'), not 'e\u{301}.' (3 characters)",
        ),
        // A control character would tear the board apart, and the error line too.
        (
            &["queens", "4", "--format", "board", "--glyphs", "\t."],
            "--glyphs must be two characters that show, the queen then the empty square, not '\\t.' (a control character)",
        ),
        (
            &["queens", "4", "--format", "board", "--glyphs", "\n\n"],
            "--glyphs must be two characters that show, the queen then the empty square, not '\\n\\n' (a control character)",
        ),
        (
            &["queens", "4", "--format", "board", "--glyphs", "Q\nX"],
            "--glyphs must be two characters, the queen then the empty square (such as 'Q.' or '☆■'), not 'Q\\nX' (3 characters)",
        ),
        (
            &["queens", "4", "--format", "board", "--glyphs", ""],
            "--glyphs must be two characters, the queen then the empty square (such as 'Q.' or '☆■'), not '' (0 characters)",
        ),
    ]);
}

/// The flags of the issue that were silently ignored or badly worded: each refused with a
/// message that says what applies where.
#[test]
fn flags_without_meaning_are_refused_with_a_reason() {
    all_error_lines(&[
        (&["queens", "8", "--threads", "2", "--node-limit", "100"], "--threads cannot be used with --node-limit: a listing with a node budget runs on one thread, in search order, where the budget is exact"),
        (&["knapsack", "--threads", "2", "--node-limit", "5", "-"], "--threads cannot be used with --node-limit: a branch and bound with a node budget runs on one thread, in search order, where the budget is exact"),
        (&["queens", "8", "--threads", "2", "--checkpoint", "/nonexistent/listing"], "--threads cannot be used with --checkpoint: a listing with a checkpoint runs on one thread, in search order (its position is one path of the tree)"),
        (&["subset-sum", "-t", "9", "--threads", "2", "--resume", "/nonexistent/listing", "3", "4"], "--threads cannot be used with --resume: a listing with a checkpoint runs on one thread, in search order (its position is one path of the tree)"),
        (&["queens", "8", "--glyphs", "Q."], "--glyphs applies to --format board"),
        (&["queens", "8", "--format", "board", "--glyphs", "QQ"], "--glyphs must be two different characters, the queen then the empty square, not 'QQ'"),
        (&["queens", "8", "--format", "board", "--glyphs", "Q"], "--glyphs must be two characters, the queen then the empty square (such as 'Q.' or '☆■'), not 'Q' (1 character)"),
        (&["queens", "8", "--limit", "0"], "--limit must be at least 1, not 0"),
        (&["queens", "8", "--count", "--format", "board"], "--format board applies to listings: a count is a number, or JSON with --format json"),
        (&["queens", "8", "--count", "--order", "lex"], "--order applies to listings: a count visits every solution, in any order"),
        (&["queens", "8", "--symmetry", "mirror"], "--symmetry applies to counts (--count)"),
        (&["queens", "8", "--count", "--unique", "--symmetry", "none"], "--unique counts classes with --symmetry full (the default with --unique), not none"),
        (&["queens", "8", "--count", "--unique", "--symmetry", "halves"], "--unique counts classes with --symmetry full (the default with --unique), not halves: half boards are never whole"),
        (&["queens", "8", "--count", "--place", "1:1", "--symmetry", "full"], "--symmetry mirror, full and halves count an empty board: with --place, use --symmetry none (the default there)"),
        (&["queens", "28", "--count", "--symmetry", "halves"], "--symmetry halves counts boards up to N = 27 (its half boards take memory), not 28; use --symmetry full"),
        (&["queens", "14", "--count", "--symmetry", "halves", "--node-limit", "100"], "--node-limit stops one search at an exact node, and half boards are many searches: use --symmetry full (the default with --node-limit)"),
        (&["queens", "8", "--count", "--limit", "3", "--threads", "2"], "--threads cannot be used with --count --limit: a count capped at K solutions runs on one thread, in search order"),
    ]);
    // The help names formats by what they are, not by the documents they come from
    // ("seed 004"; --seed is another thing).
    let help = stdout(&["queens", "--help"]);
    assert!(!help.to_lowercase().contains("seed 0"), "{help}");
    assert!(!help.to_lowercase().contains("seeds"), "{help}");
    assert!(!help.contains("--format list"), "{help}");
    assert!(!help.contains("<N> <N>"), "{help}");
    // The version is the tool's, asked of the tool.
    assert_eq!(
        stdout(&["--version"]),
        format!("backtrack {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn every_symmetry_gives_the_same_count() {
    for n in ["1", "4", "6", "9", "10"] {
        let full = stdout(&["queens", n, "--count"]);
        for symmetry in ["none", "mirror", "full", "halves"] {
            for threads in ["1", "2"] {
                assert_eq!(
                    stdout(&[
                        "queens",
                        n,
                        "--count",
                        "--symmetry",
                        symmetry,
                        "--threads",
                        threads
                    ]),
                    full,
                    "n = {n}, --symmetry {symmetry}"
                );
            }
        }
    }
    assert_eq!(stdout(&["queens", "8", "--count", "--limit", "10"]), "10\n");
    // Below 13 queens the default is the symmetric space, which counts the classes too; from
    // 13 on, half boards, which do not.
    assert_eq!(
        stdout(&["queens", "8", "--count", "--format", "json"]),
        "{\"count\":92,\"unique\":12,\"complete\":true}\n"
    );
    assert_eq!(
        stdout(&["queens", "14", "--count", "--format", "json"]),
        "{\"count\":365596,\"complete\":true}\n"
    );
    assert_eq!(
        stdout(&["queens", "14", "--count", "--unique", "--format", "json"]),
        "{\"count\":365596,\"unique\":45752,\"complete\":true}\n"
    );
}

/// `No.%-5d` ran the number into the first column from 10,000 on.
#[test]
fn compact_format_stays_unambiguous_past_ten_thousand() {
    let out = stdout(&["queens", "12", "--format", "compact"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 14_200);
    assert!(lines[0].starts_with("No.1    "), "{}", lines[0]);
    for (k, line) in lines.iter().enumerate() {
        let mut words = line.split(' ').filter(|w| !w.is_empty());
        assert_eq!(
            words.next(),
            Some(format!("No.{}", k + 1).as_str()),
            "{line}"
        );
        let cols: Vec<usize> = words.map(|c| c.parse::<usize>().unwrap() - 1).collect();
        assert!(verify(12, &cols), "{line}");
    }
    assert!(lines[9_999].starts_with("No.10000 "), "{}", lines[9_999]);
}

/// `queens 4 --stats` and `queens 4 --tree --stats` search different formulations: the
/// statistics say which.
#[test]
fn stats_name_the_formulation_they_describe() {
    let bits = backtrack(&["queens", "4", "--stats"]);
    let bits = text(&bits.stderr);
    assert!(bits.starts_with("search:     bitboards, row by row: only the free squares of a row are tried, so none is rejected\n"), "{bits}");
    assert!(bits.contains("rejections: 0\n"), "{bits}");
    let tree = backtrack(&["queens", "4", "--tree", "--stats"]);
    let tree = text(&tree.stderr);
    assert!(tree.starts_with("search:     the textbook formulation (as --tree draws it): every column of a row is tried, each attacked square is a rejection\n"), "{tree}");
    assert!(tree.contains("rejections: 44\n"), "{tree}");
}

/// One solution by each direct method, checked independently; the local search repeats
/// itself for a seed.
#[test]
fn first_solutions_by_construction_and_local_search() {
    for n in [4usize, 5, 8, 50, 1000] {
        let size = n.to_string();
        for method in ["construct", "local"] {
            let out = stdout(&["queens", &size, "--first", "--method", method]);
            let boards = parse_numbered(&out, n);
            assert_eq!(boards.len(), 1, "n = {n}, {method}");
            assert!(verify(n, &boards[0]), "n = {n}, {method}");
        }
    }
    let seeded = |seed: &str| {
        stdout(&[
            "queens", "200", "--first", "--method", "local", "--seed", seed,
        ])
    };
    assert_eq!(seeded("7"), seeded("7"));
    // Kept fixed: a queen placed in the corner.
    let out = stdout(&[
        "queens", "300", "--first", "--method", "local", "--place", "1:1",
    ]);
    assert_eq!(parse_numbered(&out, 300)[0][0], 0);
    // Past the search's reach, --first builds a board.
    let out = stdout(&["queens", "1000001", "--first", "--format", "json"]);
    let lines = json_lines(&out);
    let cols: Vec<usize> = lines[0]["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap() as usize - 1)
        .collect();
    assert!(backtrack_problems::queens::verify_fast(1_000_001, &cols));
    assert_eq!(lines[1]["solutions"], 1);
}

#[test]
fn direct_methods_say_when_they_find_none() {
    let out = backtrack(&["queens", "3", "--first", "--method", "construct"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "no solution\n");
    let out = backtrack(&[
        "queens",
        "1000",
        "--first",
        "--method",
        "local",
        "--max-steps",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(
        text(&out.stderr),
        "backtrack: step limit of 1 reached (a local search cannot tell that there is none): no solution found\n"
    );
}

#[test]
fn direct_methods_refuse_what_they_cannot_do() {
    for method in ["local", "construct", "search", "auto"] {
        error_line(
            &["queens", "8", "--method", method],
            "--method applies to a first solution (--first, without --unique)",
        );
        // --limit 1 lists the search's first solution: it is no --first.
        error_line(
            &["queens", "8", "--limit", "1", "--method", method],
            "--method applies to a first solution (--first, without --unique)",
        );
    }
    all_error_lines(&[
        (&["queens", "8", "--first", "--method", "construct", "--time-limit", "1s"], "--time-limit and --node-limit apply to the search, not to --method construct (the construction takes O(N) and needs none)"),
        // Past the search's sizes, a flag only the search has says so, not the method
        // auto chose.
        (&["queens", "1000001", "--first", "--time-limit", "5s"], "--time-limit applies to the search, which takes N <= 1000000, not 1000001: without it, --first builds a board of any size"),
        (&["queens", "1000001", "--first", "--order", "heuristic"], "--order applies to the search, which takes N <= 1000000, not 1000001: without it, --first builds a board of any size"),
        (&["queens", "8", "--first", "--method", "construct", "--place", "1:1"], "--method construct builds a whole board: it cannot keep --place (use --method local)"),
        (&["queens", "8", "--first", "--seed", "3"], "--seed applies to --method local"),
        (&["queens", "8", "--first", "--max-steps", "3"], "--max-steps applies to --method local"),
        (&["queens", "8", "--first", "--seed", "3", "--max-steps", "3"], "--seed and --max-steps apply to --method local"),
        (&["queens", "8", "--count", "--method", "local"], "--method applies to a first solution (--first), not to counts"),
        (&["queens", "8", "--count", "--seed", "1", "--max-steps", "9"], "--seed and --max-steps apply to a first solution (--first), not to counts"),
        (&["queens", "8", "--count", "--method", "local", "--seed", "1", "--max-steps", "9"], "--method, --seed and --max-steps apply to a first solution (--first), not to counts"),
        (&["queens", "8", "--first", "--method", "construct", "--order", "lex"], "--order applies to the search, not to --method construct"),
        (&["queens", "1000001"], "the search takes N <= 1000000, not 1000001: for one solution of a bigger board, use --first (the construction, or --method local)"),
        (&["queens", "10001", "--first", "--format", "board"], "--format board draws N×N characters: it takes N <= 10000, not 10001"),
        (&["queens", "10000001", "--first"], "the board size N must be at most 10000000, not 10000001"),
    ]);
}

/// `auto` keeps the search when the run asks for what only the search has; `--limit 1`
/// is the search's first solution, as `--limit 2` lists two; a construction's
/// `--stats` in JSON says what its closing line says.
#[test]
fn auto_keeps_the_search_for_limits_and_limit_1_is_the_search() {
    let searched = stdout(&["queens", "100001", "--limit", "2", "--format", "compact"]);
    let first_searched = searched.lines().next().unwrap().to_string() + "\n";
    assert_eq!(
        stdout(&["queens", "100001", "--limit", "1", "--format", "compact"]),
        first_searched
    );
    assert_eq!(
        stdout(&[
            "queens",
            "100001",
            "--first",
            "--time-limit",
            "1h",
            "--format",
            "compact"
        ]),
        first_searched
    );
    let constructed = stdout(&["queens", "100001", "--first", "--format", "compact"]);
    assert_ne!(constructed, first_searched);
    let out = backtrack(&[
        "queens",
        "8",
        "--first",
        "--method",
        "construct",
        "--stats",
        "--format",
        "json",
    ]);
    let stats: serde_json::Value = serde_json::from_str(text(&out.stderr).trim()).unwrap();
    // A first solution found is the whole answer to --first.
    assert_eq!(stats["complete"], true, "{stats}");
    assert_eq!(stats.get("stopped"), None, "{stats}");
}

/// A count by half boards holds a block's half boards in each thread: it runs on no more
/// threads than the machine has cores, as every search does, and says so (64 threads took
/// 6.2 GB at 18 queens, and stopped 15 s after their time limit).
#[test]
fn a_count_by_half_boards_runs_on_no_more_threads_than_cores() {
    let out = backtrack(&["queens", "13", "--count", "--threads", "1024"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "73712\n");
    let said = text(&out.stderr);
    assert!(
        said.starts_with("backtrack: --threads 1024: a search runs on at most the machine's "),
        "{said}"
    );
    assert_eq!(said.lines().count(), 1, "{said}");
    // Quiet, it says nothing.
    let out = backtrack(&["queens", "13", "--count", "--threads", "1024", "--quiet"]);
    assert_eq!(text(&out.stdout), "73712\n");
    assert_eq!(text(&out.stderr), "");
}

/// The statistics of a count by half boards are those of its half searches (their nodes,
/// the halves found, their rows), the same on one thread and two; with a node limit, the
/// default count is the symmetric space, whose one search the limit stops at its node.
#[test]
fn a_count_by_half_boards_reports_the_work_of_its_half_searches() {
    let stats = |args: &[&str]| {
        let out = backtrack(args);
        // Done, or stopped by the node limit.
        let expected = if args.contains(&"--node-limit") { 3 } else { 0 };
        assert_eq!(out.status.code(), Some(expected), "{args:?}");
        let stderr = text(&out.stderr);
        json_lines(stderr.lines().last().unwrap()).remove(0)
    };
    let one = stats(&[
        "queens",
        "13",
        "--count",
        "--stats",
        "--format",
        "json",
        "--threads",
        "1",
    ]);
    let two = stats(&[
        "queens",
        "13",
        "--count",
        "--stats",
        "--format",
        "json",
        "--threads",
        "2",
    ]);
    assert!(
        one["search"]
            .as_str()
            .unwrap()
            .starts_with("half boards joined"),
        "{one}"
    );
    for key in ["nodes", "solutions", "dead_ends", "max_depth"] {
        assert_eq!(one[key], two[key], "{key}");
    }
    // The half boards of 13 queens: 6 rows each, and far more nodes than the few dozen
    // blocks they are searched in.
    assert_eq!(one["max_depth"], 6);
    assert!(one["nodes"].as_u64().unwrap() > 100_000, "{one}");
    assert!(one["solutions"].as_u64().unwrap() < one["nodes"].as_u64().unwrap());
    let limited = stats(&[
        "queens",
        "13",
        "--count",
        "--stats",
        "--format",
        "json",
        "--node-limit",
        "5000",
    ]);
    assert!(
        limited["search"]
            .as_str()
            .unwrap()
            .contains("all 8 symmetries"),
        "{limited}"
    );
    assert_eq!(limited["nodes"], 5000);
}
