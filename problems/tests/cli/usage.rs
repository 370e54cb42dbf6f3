//! The command line itself: every usage error in one line naming the flag or argument
//! and what it expects; flags of other subcommands; each subcommand's help; `--help` and
//! `--version` as output.

use std::process::Command;

use crate::common::{
    all_error_lines, assert_unwritable_output_fails, backtrack, error_line, refused, stdout, text,
    BIN,
};

/// Whatever the parser refuses is one line, `backtrack: error: …`, and exit status 2 (not
/// clap's three to six lines with their tips and usage).
#[test]
fn every_usage_error_is_one_line_naming_the_place() {
    all_error_lines(&[
        (&["queens", "0"], "the board size N must be at least 1, not 0"),
        (&["queens", "8", "--count", "--count"], "--count was given twice: give it once"),
        (&["queens", "8", "--limit", "2", "--limit", "3"], "--limit was given twice: give it once"),
        (&["subset-sum", "-t", "5", "5", "-t", "6"], "--target was given twice: give it once"),
        (&["queens", "4", "--tree", "--format", "json"], "--format applies to solutions, not to --tree: the tree's format is --tree-format (text, dot, json or html)"),
        (&["queens", "8", "--time-limit", "99999999999999999999s"], "--time-limit must be at most 18446744073709551615s (584 billion years), not '99999999999999999999s'"),
        // `M` is months in the durations' notation: `5M` would wait five months.
        (&["queens", "8", "--time-limit", "5M"], "--time-limit must give minutes as m (M is months), not '5M'"),
        (&["queens", "8", "--time-limit", "1h5M"], "--time-limit must give minutes as m (M is months), not '1h5M'"),
        (&["queens", "8", "--time-limit", "0"], "--time-limit must be longer than 0"),
        (&["queens", "8", "--time-limit", "10x"], "--time-limit must be a duration such as 500ms, 10s, 5m or 1h30m (a bare number is seconds), not '10x'"),
        (&["queens", "x"], "the board size N must be a whole number, not 'x'"),
        (&["model", "-", "--tree", "--tree-rejected"], "--tree-rejected shows the attempts the constraints refuse, and a model refuses none (its constraints propagate): leave it out"),
        // A value quoted is one line, its control characters escaped.
        (&["que\nens", "8"], "'que\\nens' is not a subcommand (did you mean queens?): queens, sudoku, knapsack, subset-sum, permutations, combinations, coloring, knights-tour, exact-cover, model, merge, completions, man or help"),
        (&["queens", "8", "--fo\no"], "queens has no flag --fo\\no"),
        (&["queens", "8", "--count", "--checkpoint", "/nonexistent/a\nb"], "--checkpoint /nonexistent/a\\nb: there is no directory /nonexistent (make it first)"),
        (&["queens", "8", "--count", "--resume", "/nonexistent/a\nb"], "--resume /nonexistent/a\\nb: no such file (--checkpoint FILE makes one)"),
        (&["merge", "/nonexistent/a\nb"], "cannot read /nonexistent/a\\nb: No such file or directory: expected the record of a part (the output of --parts N --part K)"),
        (&["queens", "4\n5"], "the board size N must be a whole number, not '4\\n5'"),
        (&["queens", "8", "--format", "a\nb"], "--format must be numbered (or text), matrix, board, compact or json, not 'a\\nb'"),
        (&["queens", "8", "--place", "1\t1"], "--place must be a square, ROW:COL or ROW,COL (a row and a column from 1, such as 1:1), not '1\\t1'"),
        (&["queens"], "queens needs the board size N"),
        (&["queens", "8", "9"], "unexpected argument '9': queens takes one argument, N"),
        (&["sudoku", "a", "b"], "unexpected argument 'b': sudoku takes one argument, FILE"),
        // A flag of the subcommand after `--` is an argument too many, not another
        // subcommand's flag ("--count applies to queens, …, not queens").
        (&["queens", "--", "8", "--count"], "unexpected argument '--count': queens takes one argument, N (after --, flags are arguments)"),
        (&["knights-tour", "5", "--", "5", "--closed"], "unexpected argument '--closed': knights-tour takes R and C (after --, flags are arguments)"),
        (&["queens", "8", "--foo"], "queens has no flag --foo"),
        // A subcommand's flag typed before the subcommand is said to go after it (it was
        // "unexpected argument '-q': queens takes one argument, N (after --, …)").
        (&["-q", "queens", "8"], "-q goes after the subcommand: backtrack queens -q …"),
        (&["-cq", "queens", "8"], "-cq goes after the subcommand: backtrack queens -cq …"),
        (&["-qc", "queens", "8"], "-qc goes after the subcommand: backtrack queens -qc …"),
        (&["--count", "queens", "8"], "--count goes after the subcommand: backtrack queens --count …"),
        (&["--count=3", "queens", "8"], "--count goes after the subcommand: backtrack queens --count …"),
        (&["--threads", "2", "queens", "8"], "--threads goes after the subcommand: backtrack queens --threads …"),
        (&["--target", "5", "subset-sum", "5"], "--target goes after the subcommand: backtrack subset-sum --target …"),
        (&["--bogus", "queens", "8"], "queens has no flag --bogus"),
        (&["queens", "8", "--formt", "json"], "queens has no flag --formt (did you mean --format?)"),
        (&["queens", "8", "--limit"], "--limit needs a value (K)"),
        (&["queens", "8", "--count", "--first"], "--count cannot be used with --first"),
        (&["queens", "8", "--list", "--count"], "--list cannot be used with --count"),
        (&["queens", "8", "--count=3"], "--count takes no value, not '3'"),
        (&["queens", "8", "--format", "boarx"], "--format must be numbered (or text), matrix, board, compact or json, not 'boarx' (did you mean board?)"),
        (&["queens", "8", "--format", "yaml"], "--format must be numbered (or text), matrix, board, compact or json, not 'yaml'"),
        // A value left out is said so, as for the options that take any value (clap
        // reports it as the empty value, which said "--format must be …, not ''").
        (&["queens", "8", "--format"], "--format needs a value (FORMAT)"),
        (&["queens", "4", "--tree", "--tree-format"], "--tree-format needs a value (FORMAT)"),
        (&["queens", "8", "--count", "--symmetry", "--threads", "1"], "--symmetry needs a value (SYMMETRY)"),
        (&["sudoku", "--format"], "--format needs a value (FORMAT)"),
        (&["queens", "8", "--format="], "--format must be numbered (or text), matrix, board, compact or json, not ''"),
        (&["queens", "8", "--format", ""], "--format must be numbered (or text), matrix, board, compact or json, not ''"),
        (&["sudoku", "--format", "board"], "--format board applies to queens, not sudoku: here --format is text or json"),
        (&["quens", "8"], "'quens' is not a subcommand (did you mean queens?): queens, sudoku, knapsack, subset-sum, permutations, combinations, coloring, knights-tour, exact-cover, model, merge, completions, man or help"),
        // A second word after help is refused as such, not as "'sudoku' is not a
        // subcommand: queens, sudoku, …", which named it among them.
        (&["help", "queens", "sudoku"], "help takes one subcommand, and 'sudoku' is a second (after queens)"),
        (&["help", "man", "queens"], "help takes one subcommand, and 'queens' is a second (after man)"),
        (&["help", "queens", "8"], "help takes one subcommand, and '8' is a second (after queens)"),
        (&["help", "queens", "queens"], "help takes one subcommand, and 'queens' is a second (after queens)"),
        (&["help", "help", "queens"], "help takes one subcommand, and 'queens' is a second (after help)"),
        (&["help", "quens"], "'quens' is not a subcommand: queens, sudoku, knapsack, subset-sum, permutations, combinations, coloring, knights-tour, exact-cover, model, merge, completions, man or help"),
        (&[], "backtrack needs a subcommand: queens, sudoku, knapsack, subset-sum, permutations, combinations, coloring, knights-tour, exact-cover, model, merge, completions, man or help"),
        (&["subset-sum", "3", "4"], "subset-sum needs --target T, the sum to reach"),
        (&["completions", "tcsh"], "SHELL must be bash, elvish, fish, powershell or zsh, not 'tcsh' (did you mean zsh?)"),
        // --limit 0 used to say "not in 1..18446744073709551615".
        (&["sudoku", "--limit", "0", "-"], "--limit must be at least 1, not 0"),
        (&["knapsack", "--limit", "0", "-"], "--limit must be at least 1, not 0"),
        (&["subset-sum", "-t", "1", "--limit", "0", "1"], "--limit must be at least 1, not 0"),
        (&["queens", "8", "--limit", "99999999999999999999"], "--limit must be at most 18446744073709551615, not 99999999999999999999"),
        (&["subset-sum", "-t", "5.5", "1"], "--target must be a whole number, not '5.5'"),
    ]);
    // An argument that is not UTF-8 is named (as far as it can be shown).
    #[cfg(unix)]
    {
        use std::ffi::OsStr;
        use std::os::unix::ffi::OsStrExt;

        let out = Command::new(BIN)
            .args([OsStr::new("sudoku"), OsStr::from_bytes(b"caf\xe9.sudoku")])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(
            text(&out.stderr),
            "backtrack: error: argument 2, 'caf\u{fffd}.sudoku', is not UTF-8 text\n"
        );
    }
}

/// Flags that cannot be used together are refused in clap's words, `A cannot be used
/// with B`, by clap and by the tool's own checks alike (some of those said `does not
/// combine with`, one `--limit does not combine with it`).
#[test]
fn conflicting_flags_are_refused_in_one_wording() {
    let checkpoint = crate::common::scratch("conflict.ck");
    let checkpoint = checkpoint.to_str().unwrap();
    let cases: [(&[&str], &str); 7] = [
        (
            &["queens", "8", "--count", "--first"],
            "--count cannot be used with --first",
        ),
        (
            &["queens", "8", "--unique", "--count", "--limit", "3"],
            "--limit cannot be used with --unique --count: it counts every class",
        ),
        (
            &["queens", "8", "--threads", "2", "--tree"],
            "--threads cannot be used with --tree: ",
        ),
        (
            &[
                "queens",
                "8",
                "--count",
                "--threads",
                "2",
                "--node-limit",
                "9",
            ],
            "--threads cannot be used with --node-limit: ",
        ),
        (
            &[
                "queens",
                "8",
                "--count",
                "--limit",
                "3",
                "--checkpoint",
                checkpoint,
            ],
            "--checkpoint cannot be used with --count --limit: ",
        ),
        (
            &["queens", "8", "--count", "--mpi", "--node-limit", "5"],
            "--mpi cannot be used with --node-limit: ",
        ),
        (
            &[
                "queens",
                "8",
                "--first",
                "--method",
                "construct",
                "--threads",
                "2",
            ],
            "--threads cannot be used with --method construct: ",
        ),
    ];
    for (args, message) in cases {
        let stderr = refused(args, message);
        assert!(!stderr.contains("combine"), "{args:?}: {stderr}");
    }
}

/// A negative number for a flag is a value, refused by the flag's own check (clap took it
/// for a flag and suggested `-- -1`); `-V` after a subcommand is the tool's.
#[test]
fn negative_numbers_for_flags_get_the_flags_message() {
    all_error_lines(&[
        (&["queens", "8", "--limit", "-1"], "--limit must be at least 1, not -1"),
        (&["queens", "8", "--count", "--threads", "-1"], "--threads must be at least 1, not -1"),
        (&["queens", "8", "--node-limit", "-1"], "--node-limit must be at least 1, not -1"),
        (&["queens", "8", "--tree", "--tree-budget", "-1"], "--tree-budget must be at least 1, not -1 (a tree budget is 1 to 5000000 entries, about 200 bytes each)"),
        (&["queens", "8", "--place", "-1:2"], "--place must be a square, ROW:COL or ROW,COL (a row and a column from 1, such as 1:1), not '-1:2'"),
        (&["knights-tour", "8", "8", "--start", "-1,2"], "--start must be a square, ROW:COL or ROW,COL (a row and a column from 1, such as 1:1), not '-1,2'"),
        (&["queens", "8", "--time-limit", "-1s"], "--time-limit must be a duration such as 500ms, 10s, 5m or 1h30m (a bare number is seconds), not '-1s'"),
        (&["queens", "-V"], "-V belongs to backtrack itself, not to queens: backtrack --version prints the version"),
        (&["sudoku", "--version"], "--version belongs to backtrack itself, not to sudoku: backtrack --version prints the version"),
    ]);
    // A glyph may be a hyphen.
    assert_eq!(
        stdout(&["queens", "4", "--first", "--format", "board", "--glyphs", "-."]),
        "solution 1\n. - . .\n. . . -\n- . . .\n. . - .\n"
    );
}

/// A flag of another subcommand says where it applies, not that it is unexpected.
#[test]
fn flags_of_other_subcommands_say_where_they_apply() {
    all_error_lines(&[
        (
            &["sudoku", "--glyphs", "QE"],
            "--glyphs applies to queens (with --format board), not sudoku",
        ),
        (
            &["queens", "8", "--indices"],
            "--indices applies to subset-sum (in text listings), not queens",
        ),
        (
            &["knapsack", "--indices"],
            "--indices applies to subset-sum (in text listings), not knapsack",
        ),
        (
            &["knapsack", "--symmetry", "none"],
            "--symmetry applies to queens (with --count), not knapsack",
        ),
        (
            &["queens", "8", "-t", "5"],
            "-t applies to subset-sum, not queens",
        ),
        (
            &["exact-cover", "--count", "--unique"],
            "--unique applies to queens, not exact-cover: exact cover counts every cover; divide by the symmetries (the generated pentominoes' 9356 tilings are 2339 classes of 4, langford N's pairings come each with its mirror), or count queens' classes with backtrack queens N --unique --count",
        ),
        (
            &["knapsack", "--unique"],
            "--unique applies to queens, not knapsack",
        ),
        (
            &["man", "--count"],
            "--count applies to queens, sudoku, knapsack, subset-sum, permutations, combinations, coloring, knights-tour, exact-cover and model, not man",
        ),
    ]);
}

/// Each subcommand's help says what is true there: knapsack's --all is not the default,
/// the others do not mention knapsack, queens names its `text` format.
#[test]
fn each_subcommand_help_says_what_is_true_for_it() {
    let knapsack = stdout(&["knapsack", "--help"]);
    assert!(
        knapsack.contains(
            "--all\n          List every packing that fits, in search order, instead of the best\n"
        ),
        "{knapsack}"
    );
    assert!(knapsack.contains("--count\n          Print only the number of packings that fit"));
    for subcommand in ["queens", "sudoku", "subset-sum"] {
        let help = stdout(&[subcommand, "--help"]);
        assert!(
            !help.contains("knapsack") && !help.contains("packing"),
            "{subcommand}: {help}"
        );
        assert!(
            help.contains("--all\n          List every solution as it is found (the default)\n")
        );
    }
    let queens = stdout(&["queens", "--help"]);
    assert!(
        queens.contains("(also called text, as in the other subcommands)"),
        "{queens}"
    );
    assert_eq!(
        stdout(&["queens", "4", "--format", "text"]),
        stdout(&["queens", "4"])
    );
    all_error_lines(&[
        (
            &["subset-sum", "-t", "3", "1", "2", "--indices", "--count"],
            "--indices applies to text listings: a count prints no subsets",
        ),
        (
            &["subset-sum", "-t", "3", "1", "2", "--indices", "--tree"],
            "--indices applies to text listings, not to the solution tree",
        ),
        (
            &[
                "subset-sum",
                "-t",
                "3",
                "1",
                "2",
                "--indices",
                "--format",
                "json",
            ],
            "--indices applies to text listings: the JSON lines have both numbers and positions",
        ),
    ]);
}

/// The headings every subcommand shares come in one order in each one's help (knapsack's
/// "Modes" came last, after "Output": clap's `mut_arg` moves the flag it changes to the
/// end).
#[test]
fn help_headings_come_in_one_order() {
    const ORDER: [&str; 8] = [
        "Arguments:",
        "Options:",
        "Modes:",
        "Running:",
        "Solution tree:",
        "Estimate:",
        "Counting on a cluster:",
        "Output:",
    ];
    for subcommand in crate::common::SEARCHES {
        let help = stdout(&[subcommand, "--help"]);
        let shared: Vec<&str> = help.lines().filter(|line| ORDER.contains(line)).collect();
        let expected: Vec<&str> = ORDER
            .into_iter()
            .filter(|heading| shared.contains(heading))
            .collect();
        assert_eq!(shared, expected, "{subcommand}: {help}");
        assert!(shared.contains(&"Modes:"), "{subcommand}");
        assert_eq!(shared.last(), Some(&"Output:"), "{subcommand}");
    }
}

/// `-h` is the summary `--help` is not: no option there takes a paragraph (`--threads`
/// took 700 characters, `--method` 540, `--symmetry` 430), the rest is left to `--help`.
#[test]
fn short_help_is_a_summary() {
    for subcommand in crate::common::SEARCHES {
        let help = stdout(&[subcommand, "-h"]);
        for line in help.lines() {
            assert!(
                line.chars().count() <= 400,
                "{subcommand} -h: {} characters: {line}",
                line.chars().count()
            );
        }
    }
    let queens = stdout(&["queens", "--help"]);
    assert!(queens.contains("More threads than cores are run as many as them, and said so."));
    assert!(queens.contains("search (the backtracking search, complete:"));
}

/// `--help` and `--version` are output: to a closed or full standard output, status 4 and
/// one line, as for any other output.
#[cfg(target_os = "linux")]
#[test]
fn help_and_version_are_output_like_any_other() {
    for args in [
        &["--help"][..],
        &["-V"],
        &["--version"],
        &["queens", "--help"],
        &["help"],
    ] {
        assert_unwritable_output_fails(args);
        let out = backtrack(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(out.stderr.is_empty(), "{args:?}");
    }
}

/// The common flags have the short forms cargo and ripgrep users reach for, the same in
/// every subcommand, and `--help` lists them: `-c` counts, `-j` sets the threads, `-l`
/// the limit, `-f` the first, `-a` all, `-s` the statistics, `-q` no progress.
#[test]
fn the_common_flags_have_short_forms_everywhere() {
    assert_eq!(stdout(&["queens", "8", "-c"]), "92\n");
    assert_eq!(stdout(&["queens", "8", "-c", "-j", "1"]), "92\n");
    assert_eq!(stdout(&["queens", "8", "-c", "-l", "5"]), "5\n");
    assert_eq!(
        stdout(&["queens", "4", "-f", "--format", "compact"]),
        stdout(&["queens", "4", "--first", "--format", "compact"])
    );
    assert_eq!(stdout(&["permutations", "3", "-l", "2"]), "1 2 3\n1 3 2\n");
    assert_eq!(stdout(&["permutations", "2", "-a"]), "1 2\n2 1\n");
    let out = backtrack(&["permutations", "3", "-c", "-s", "-q"]);
    assert_eq!(text(&out.stdout), "6\n");
    assert!(
        text(&out.stderr).contains("nodes:"),
        "{}",
        text(&out.stderr)
    );
    for sub in [
        "queens",
        "sudoku",
        "knapsack",
        "subset-sum",
        "permutations",
        "combinations",
        "coloring",
        "knights-tour",
    ] {
        let help = stdout(&[sub, "--help"]);
        for short in [
            "-a, --all",
            "-f, --first",
            "-l, --limit",
            "-c, --count",
            "-j, --threads",
            "-q, --quiet",
            "-s, --stats",
        ] {
            assert!(help.contains(short), "{sub} --help has no {short}");
        }
    }
}

/// Options of two flags that cannot be used together are refused with that reason, not
/// with advice to add both flags (which is then refused).
#[test]
fn options_of_the_tree_and_the_estimate_together_say_they_cannot_be_used_together() {
    error_line(
        &["queens", "8", "--tree-format", "json", "--probes", "1"],
        "--tree-format applies to the solution tree and --probes to --estimate, which cannot be used together: keep the options of one",
    );
}

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
