//! `backtrack exact-cover`: the 4-queens tree as Algorithm X draws it, the families'
//! counts against their own subcommands, the driver's modes and records, and bad input.

use crate::common::{
    all_error_lines, backtrack_with_stdin, error_line, fixture, json_lines, read_error,
    refused_output, scratch, scratch_dir, stats_of, stdout, text, with,
};

/// The problem `--generate FAMILY PARAM...` prints.
fn generated(family: &[&str]) -> String {
    let mut args = vec!["exact-cover", "--generate"];
    args.extend(family);
    stdout(&args)
}

/// The standard output of `exact-cover ARGS` on `input`, which must succeed.
fn on(input: &str, args: &[&str]) -> String {
    let mut all = vec!["exact-cover"];
    all.extend(args);
    let out = backtrack_with_stdin(&all, input);
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    text(&out.stdout)
}

#[test]
fn the_4_queens_tree_replays_algorithm_x() {
    let tree = on(&generated(&["queens", "4"]), &["--tree"]);
    assert!(
        tree.starts_with("17 nodes, 2 solutions, 4 dead ends"),
        "{tree}"
    );
    insta::assert_snapshot!("exact_cover_queens_4_tree", tree);
}

#[test]
fn queens_and_sudoku_as_exact_cover_agree_with_their_subcommands() {
    for n in ["1", "6", "8"] {
        let count = on(&generated(&["queens", n]), &["--count"]);
        assert_eq!(count, stdout(&["queens", n, "--count"]), "n = {n}");
    }
    let classic = fixture("classic.sudoku");
    let covers = on(&generated(&["sudoku", &classic]), &[]);
    // The one cover's options, each `pRC rRD cCD bBD`, give the cell its digit.
    let mut grid = vec![vec!['.'; 9]; 9];
    for option in covers.lines() {
        let p = option.split(' ').next().unwrap().as_bytes();
        let d = option.split(' ').nth(1).unwrap().as_bytes()[2];
        grid[usize::from(p[1] - b'1')][usize::from(p[2] - b'1')] = char::from(d);
    }
    let rows: Vec<String> = grid.iter().map(|row| row.iter().collect()).collect();
    assert_eq!(
        format!("{}\n", rows.join("\n")),
        stdout(&["sudoku", &classic])
    );
}

#[test]
fn solutions_list_their_options_as_text_and_json() {
    let queens = generated(&["queens", "4"]);
    assert_eq!(
        on(&queens, &[]),
        "r1 c2 a3 b3\nr2 c4 a6 b2\nr3 c1 a4 b6\nr4 c3 a7 b5\n\n\
         r1 c3 a4 b2\nr2 c1 a3 b5\nr3 c4 a7 b3\nr4 c2 a6 b6\n"
    );
    let json = json_lines(&on(&queens, &["--format", "json", "--limit", "1"]));
    assert_eq!(json[0]["index"], 1);
    assert_eq!(json[0]["options"], serde_json::json!([2, 8, 9, 15]));
    assert_eq!(json[0]["rows"][3], "r4 c3 a7 b5");
    assert_eq!(json[1]["solutions"], 1);
    assert_eq!(on(&queens, &["--first"]).lines().count(), 4);
    // Colours: both words of a crossing give the cell the same letter.
    let crossword = generated(&["crossword", "../.#", "at", "an", "ta", "ab"]);
    assert!(crossword.contains("A0.0 at 0.0:a 0.1:t\n"), "{crossword}");
    // Across and down share their first letter, with two different words: 6 ways.
    assert_eq!(on(&crossword, &["--count"]), "6\n");
}

#[test]
fn every_mode_of_the_driver_runs_it() {
    let dir = scratch_dir();
    let file = dir.path().join("langford-7.xcc");
    std::fs::write(&file, generated(&["langford", "7"])).unwrap();
    let file = file.to_str().unwrap();
    let count = |extra: &[&str]| with(&["exact-cover", file, "--count"]).and(extra).stdout();
    assert_eq!(count(&[]), "52\n");
    assert_eq!(count(&["--threads", "1"]), "52\n");
    assert_eq!(count(&["--limit", "5"]), "5\n");
    let estimate = with(&["exact-cover", file, "--count", "--estimate"]).stdout();
    assert!(!estimate.is_empty());
    // In parts, merged.
    let mut records = Vec::new();
    for k in ["1", "2", "3"] {
        let record = count(&["--parts", "3", "--part", k]);
        let path = dir.path().join(format!("part-{k}.json"));
        std::fs::write(&path, record).unwrap();
        records.push(path.to_string_lossy().into_owned());
    }
    let mut merge = vec!["merge"];
    merge.extend(records.iter().map(String::as_str));
    assert_eq!(stdout(&merge), "52\n");
    // A checkpointed count stopped by its time limit (or done before it) goes on from
    // its checkpoint to the whole count.
    let checkpoint = scratch("queens.checkpoint");
    let checkpoint = checkpoint.to_str().unwrap();
    let queens = dir.path().join("queens-9.xcc");
    std::fs::write(&queens, generated(&["queens", "9"])).unwrap();
    let queens = queens.to_str().unwrap();
    let stopped = with(&["exact-cover", queens, "--count", "--threads", "1"])
        .and(&["--time-limit", "1ms"])
        .checkpoint(checkpoint)
        .output();
    let code = stopped.status.code();
    assert!(matches!(code, Some(0 | 3)), "{}", text(&stopped.stderr));
    // Another problem does not go on from it.
    let other = dir.path().join("queens-8.xcc");
    std::fs::write(&other, generated(&["queens", "8"])).unwrap();
    with(&["exact-cover", other.to_str().unwrap(), "--count"])
        .resume(checkpoint)
        .refused("records another count: in it items is");
    let resumed = with(&["exact-cover", queens, "--count"])
        .resume(checkpoint)
        .stdout();
    assert_eq!(resumed, "352\n");
}

#[test]
fn the_families_print_their_problems() {
    let queens = generated(&["queens", "2"]);
    assert_eq!(
        queens,
        "| 2-queens, as exact cover\n\
         | counts: every placement of 2 queens, none attacking another, each board on its own (not up to rotation and reflection)\n\
         r1 r2 c1 c2 | a2 a3 a4 b1 b2 b3\n\
         r1 c1 a2 b2\nr1 c2 a3 b1\nr2 c1 a3 b3\nr2 c2 a4 b2\n"
    );
    let langford = generated(&["langford", "3"]);
    assert_eq!(on(&langford, &["--count"]), "2\n");
    let pentominoes = generated(&["pentominoes"]);
    let lines: Vec<&str> = pentominoes.lines().collect();
    assert_eq!(
        lines[0],
        "| the twelve pentominoes in a 6×10 rectangle, as exact cover"
    );
    assert!(
        lines[1].ends_with(": 9356 tilings, 2339 up to symmetry"),
        "{}",
        lines[1]
    );
    assert!(lines[2].starts_with("F I L N P T U V W X Y Z 00 01 "));
    assert_eq!(lines.len(), 2 + 1 + 2056);
}

/// A generated file says what a count of it counts (each Langford pairing and its mirror),
/// and `--stats` repeats it; a file that does not say leaves `--stats` as it is.
#[test]
fn stats_say_what_a_count_of_a_generated_file_counts() {
    let langford = generated(&["langford", "4"]);
    let counts = "| counts: every pairing twice, once as its mirror (read backwards): twice OEIS A014552, which counts them up to reversal";
    assert_eq!(langford.lines().nth(1), Some(counts));
    let out = backtrack_with_stdin(&["exact-cover", "--count", "--stats"], &langford);
    assert_eq!(text(&out.stdout), "2\n");
    let stats = text(&out.stderr);
    let search = stats
        .lines()
        .find(|line| line.starts_with("search:"))
        .unwrap();
    assert!(
        search.ends_with(&format!(
            "; a count counts, as the file says: {}",
            &counts[10..]
        )),
        "{search}"
    );
    let plain = backtrack_with_stdin(&["exact-cover", "--count", "--stats"], "a b\na\nb\n");
    let stats = text(&plain.stderr);
    assert!(
        stats
            .lines()
            .any(|line| line.starts_with("search:") && line.ends_with("in input order")),
        "{stats}"
    );
}

#[test]
fn bad_input_is_one_line_naming_the_place() {
    let cases = [
        ("a b c\na d\n", "<stdin>: line 2, column 3: unknown item `d`"),
        // The items line left out: the first option taken for it.
        ("a b\na c\nb\n", "<stdin>: line 2, column 3: unknown item `c`; is line 1 the items line? It names no more items than this option holds, and the items line names every item"),
        ("a | s\ns\n", "<stdin>: line 2, column 1: the option has no primary item"),
        ("a | s\na:x s\n", "<stdin>: line 2, column 1: item `a` is primary and takes no colour: only secondary items do"),
        ("a b\nb a b\n", "<stdin>: line 2, column 5: item `b` is repeated in the option"),
        ("| nothing\n", "<stdin>: there is no line of items (the input holds only blank lines and comments): expected a first line naming the items, the secondary ones after `|`"),
        ("a | s\na s:red:blue\n", "<stdin>: line 2, column 3: `s:red:blue` has a second `:`: an item takes one colour, `item:colour`, and a colour holds no `:`"),
        ("a\n:red\n", "<stdin>: line 2, column 1: `:red` names no item: the name before `:` is empty"),
        ("a b\na\u{a0}b\n", "<stdin>: line 2, column 2: character U+00A0 is not allowed: items are apart by spaces or tabs, and a name holds no other blank and no control character"),
    ];
    for (input, message) in cases {
        let out = backtrack_with_stdin(&["exact-cover"], input);
        let stderr = refused_output(&["exact-cover"], &out, message);
        assert_eq!(stderr, format!("backtrack: error: {message}\n"));
    }
    let sudoku = fixture("several.sudoku");
    all_error_lines(&[
        (
            &["exact-cover", "--generate", "cubes"],
            "--generate: unknown family `cubes`: expected queens N, sudoku FILE, pentominoes, langford N, or crossword PATTERN WORD...",
        ),
        (
            &["exact-cover", "--generate", "queens", "8", "9"],
            "--generate queens: expected one parameter, the board size, and got 2: `8 9` (the words after --generate FAMILY are its parameters, and no FILE goes with it)",
        ),
        (
            &["exact-cover", "--generate", "queens"],
            "--generate queens: expected one parameter, the board size",
        ),
        (
            &["exact-cover", "--generate", "langford", "-1"],
            "--generate langford: the order must be from 1 to 32, not -1",
        ),
        (
            &["exact-cover", "--generate", "langford", "7x"],
            "--generate langford: the order `7x` is not a whole number",
        ),
        (
            &["exact-cover", "--generate", "crossword", "..", "ab", "BA", "Ab"],
            "--generate crossword: the word `ab` is given twice: each word of the list is used at most once, and is given once",
        ),
        (
            &["exact-cover", "--generate", "crossword", ".."],
            "--generate crossword: expected the pattern, then the words: no word given",
        ),
        (&["exact-cover", "--generate"], "--generate needs a value (FAMILY)"),
        (
            &["exact-cover", "--generate", "queens", "65"],
            "--generate queens: the board size must be from 1 to 64, not 65",
        ),
        (
            &["exact-cover", "--generate", "pentominoes", "6"],
            "--generate pentominoes: expected no parameter, and got 1: `6` (the words after --generate FAMILY are its parameters, and no FILE goes with it)",
        ),
        (
            &["exact-cover", "--generate", "crossword", "..", "a1"],
            "--generate crossword: the word `a1` is not letters (a to z) alone",
        ),
        (
            &["exact-cover", "--generate", "sudoku", &sudoku],
            &format!("--generate sudoku: {sudoku} holds 4 puzzles, and one is encoded at a time"),
        ),
    ]);
    error_line(
        &["exact-cover", "--generate", "queens", "4", "--count"],
        "--generate cannot be used with --count",
    );
    let missing = fixture("no-such-file.sudoku");
    error_line(
        &["exact-cover", "--generate", "sudoku", &missing],
        &format!(
            "--generate sudoku: cannot read {missing}: {}",
            read_error(&missing)
        ),
    );
    error_line(
        &["exact-cover", "a.xcc", "b.xcc"],
        "exact-cover reads one FILE, and `b.xcc` is a second (--generate FAMILY takes parameters)",
    );
}

/// `--generate FAMILY` takes its parameters from the words after it, and no FILE: one
/// given before it (even one that does not exist) is refused, not ignored, and one after
/// it is a parameter, refused as one; every word after `--` is a parameter too.
#[test]
fn generate_takes_the_words_after_it_and_no_file() {
    let queens = generated(&["queens", "4"]);
    assert_eq!(stdout(&["exact-cover", "--generate=queens", "4"]), queens);
    assert_eq!(
        stdout(&["exact-cover", "--generate", "queens", "--", "4"]),
        queens
    );
    for file in ["no-such.xcc", "-"] {
        error_line(
            &["exact-cover", file, "--generate", "queens", "4"],
            &format!("FILE `{file}` cannot be used with --generate queens: --generate prints a problem and reads no file (the words after its family are its parameters)"),
        );
    }
    error_line(
        &["exact-cover", "--generate", "queens", "4", "q4.xcc"],
        "--generate queens: expected one parameter, the board size, and got 2: `4 q4.xcc` (the words after --generate FAMILY are its parameters, and no FILE goes with it)",
    );
    error_line(
        &[
            "exact-cover",
            "--generate",
            "crossword",
            "..",
            "ab",
            "--",
            "-x",
        ],
        "--generate crossword: the word `-x` is not letters (a to z) alone",
    );
}

/// A count with a checkpoint splits the tree at the first level of at least 256 nodes
/// (each subproblem's size estimated by probes, which cost more than a small subproblem
/// does to count), not at a fixed deeper one: 10-queens as exact cover has fewer than 256
/// nodes at depth 2, and 358 at depth 3.
#[test]
fn a_checkpointed_count_splits_no_deeper_than_it_needs() {
    let dir = scratch_dir();
    let file = dir.path().join("queens-10.xcc");
    std::fs::write(&file, generated(&["queens", "10"])).unwrap();
    let checkpoint = dir.path().join("count.checkpoint");
    let checkpoint = checkpoint.to_str().unwrap();
    let count = with(&["exact-cover", file.to_str().unwrap(), "--count"])
        .checkpoint(checkpoint)
        .stdout();
    assert_eq!(count, "724\n");
    let journal = std::fs::read_to_string(checkpoint).unwrap();
    let header = journal.lines().next().unwrap();
    let header: serde_json::Value =
        serde_json::from_str(header.split_once(' ').unwrap().1).unwrap();
    let split = &header["split"];
    let subproblems = split["subproblems"].as_u64().unwrap();
    assert_eq!(split["depth"], 3, "{header}");
    assert!((256..1000).contains(&subproblems), "{header}");
}

/// The counts and nodes of the generated families equal those of `scripts/dlx_ref.c`, a
/// plain dancing-links counter in C (Knuth's DLX1: the primary item with the fewest options
/// first, options in input order), built with the machine's `cc` where there is one.
#[test]
fn counts_and_nodes_equal_a_c_dancing_links_counter() {
    let dir = scratch_dir();
    let exe = dir.path().join("dlx_ref");
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/dlx_ref.c");
    let built = std::process::Command::new("cc")
        .args(["-O2", "-o"])
        .arg(&exe)
        .arg(source)
        .status();
    if !built.is_ok_and(|status| status.success()) {
        eprintln!("skipped: no C compiler (cc) to build {source}");
        return;
    }
    let sudoku = generated(&["sudoku", &fixture("classic.sudoku")]);
    let mut problems: Vec<(String, String)> = (1..=8)
        .map(|n| {
            (
                format!("queens {n}"),
                generated(&["queens", &n.to_string()]),
            )
        })
        .chain((3..=8).map(|n| {
            (
                format!("langford {n}"),
                generated(&["langford", &n.to_string()]),
            )
        }))
        .collect();
    problems.push(("sudoku".into(), sudoku));
    for (name, problem) in problems {
        let out = backtrack_with_stdin(
            &["exact-cover", "--count", "--format", "json", "--stats"],
            &problem,
        );
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        let stats = stats_of(&out);
        let ours = (stats["solutions"].as_u64(), stats["nodes"].as_u64());
        // The C counter reads no comment line before the items line.
        let file: String = problem
            .lines()
            .filter(|line| !line.starts_with('|'))
            .flat_map(|line| [line, "\n"])
            .collect();
        let mut child = std::process::Command::new(&exe)
            .arg("-n")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("the C counter runs");
        std::io::Write::write_all(&mut child.stdin.take().expect("its stdin"), file.as_bytes())
            .expect("the problem written");
        let theirs = child.wait_with_output().expect("the C counter ends");
        let figures: Vec<u64> = text(&theirs.stdout)
            .split_whitespace()
            .map(|word| word.parse().expect("two numbers"))
            .collect();
        assert_eq!(
            ours,
            (Some(figures[0]), Some(figures[1])),
            "{name}: (solutions, nodes)"
        );
    }
}
