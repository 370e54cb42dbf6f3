//! `backtrack knights-tour`: tours found and checked here independently, boards without a
//! tour, and bad boards and starts (refused in the words `queens --place` uses).

use std::process::Stdio;

use crate::common::{
    all_error_lines, backtrack, error_line, json_lines, kill, stdout, text, wait_for_cpu, with,
};

/// A printed board's tour: the squares (row, column from 1) in the order of their numbers.
fn tour_of(board: &str) -> Vec<(usize, usize)> {
    let mut squares: Vec<(usize, (usize, usize))> = Vec::new();
    for (r, line) in board.lines().enumerate() {
        for (c, word) in line.split_whitespace().enumerate() {
            squares.push((word.parse().unwrap(), (r + 1, c + 1)));
        }
    }
    squares.sort_unstable();
    assert!(
        squares.iter().enumerate().all(|(i, &(k, _))| k == i + 1),
        "{board}"
    );
    squares.into_iter().map(|(_, square)| square).collect()
}

/// Checked here, independently: every square once, each step a knight's move, the start
/// where asked, and closed if asked.
fn check_tour(rows: usize, cols: usize, board: &str, start: (usize, usize), closed: bool) {
    let tour = tour_of(board);
    assert_eq!(tour.len(), rows * cols, "{board}");
    assert_eq!(tour[0], start, "{board}");
    let knight = |(a, b): (usize, usize), (c, d): (usize, usize)| {
        let (dr, dc) = (a.abs_diff(c), b.abs_diff(d));
        dr * dr + dc * dc == 5
    };
    assert!(
        tour.windows(2).all(|pair| knight(pair[0], pair[1])),
        "{board}"
    );
    if closed {
        assert!(knight(tour[0], tour[rows * cols - 1]), "{board}");
    }
}

#[test]
fn knights_tours_are_found_and_checked() {
    let board = stdout(&["knights-tour", "8", "8"]);
    assert_eq!(board.lines().count(), 8);
    check_tour(8, 8, &board, (1, 1), false);
    let closed = stdout(&["knights-tour", "8", "8", "--closed", "--start", "4,5"]);
    check_tour(8, 8, &closed, (4, 5), true);
    let big = stdout(&["knights-tour", "40", "30", "--start", "17,3"]);
    check_tour(40, 30, &big, (17, 3), false);
    let big_closed = stdout(&["knights-tour", "30", "30", "--closed"]);
    check_tour(30, 30, &big_closed, (1, 1), true);
    // 5×5 from a corner: 304 open tours (the figure usually quoted; the library's brute-force
    // test finds it too).
    assert_eq!(stdout(&["knights-tour", "5", "5", "--count"]), "304\n");
    let listing = stdout(&["knights-tour", "5", "5", "--limit", "3"]);
    let boards: Vec<&str> = listing.split("\n\n").collect();
    assert_eq!(boards.len(), 3);
    for board in &boards {
        check_tour(5, 5, board, (1, 1), false);
    }
    let json = json_lines(&stdout(&["knights-tour", "3", "4", "--format", "json"]));
    assert_eq!(json[0]["tour"].as_array().unwrap().len(), 12);
    assert_eq!(
        json[1],
        serde_json::json!({"solutions": 1, "complete": true})
    );
}

/// No open tour on 2×2, 3×3 or 4×4 from any square, and no closed tour of a board with an
/// odd number of squares (a knight changes color at every move).
#[test]
fn boards_without_a_tour_say_no_solution() {
    for n in 2..=4 {
        for closed in [false, true] {
            let size = n.to_string();
            let mut args = vec!["knights-tour", &size, &size];
            if closed {
                args.push("--closed");
            }
            let out = backtrack(&args);
            assert_eq!(out.status.code(), Some(1), "{args:?}");
            assert_eq!(text(&out.stdout), "no solution\n", "{args:?}");
        }
    }
    for args in [
        &["knights-tour", "5", "5", "--start", "1,2"][..],
        &["knights-tour", "7", "7", "--closed"],
        &["knights-tour", "4", "4", "--start", "2,2"],
    ] {
        let out = backtrack(args);
        assert_eq!(
            (out.status.code(), text(&out.stdout)),
            (Some(1), "no solution\n".to_string()),
            "{args:?}"
        );
    }
    assert_eq!(stdout(&["knights-tour", "1", "1"]), "1\n");
}

#[test]
fn bad_boards_and_starts_are_refused() {
    all_error_lines(&[
        (&["knights-tour", "0", "8"], "R must be at least 1, not 0"),
        (&["knights-tour", "8", "1001"], "C must be at most 1000, not 1001"),
        (
            &["knights-tour", "8", "8", "--start", "9,1"],
            "--start 9,1 is off the 8×8 board: rows and columns are 1 to 8",
        ),
        (
            &["knights-tour", "8", "8", "--start", "a1"],
            "--start must be a square, ROW:COL or ROW,COL (a row and a column from 1, such as 1:1), not 'a1'",
        ),
        (
            &["knights-tour", "8", "8", "--start", "1;1"],
            "--start must be a square, ROW:COL or ROW,COL (a row and a column from 1, such as 1:1), not '1;1'",
        ),
    ]);
}

/// `knights-tour --start` and `queens --place` take squares alike and refuse them in the
/// same words: a row or column 0 is off the board, as one past its end is (`--start 0,1`
/// said it was not `ROW,COL`, `--place 0:3` that it was off the board). The square is
/// echoed as it was given (`--start 1:0` said `1,0`).
#[test]
fn squares_off_the_board_are_refused_in_one_wording() {
    all_error_lines(&[
        (
            &["knights-tour", "8", "8", "--start", "0,1"],
            "--start 0,1 is off the 8×8 board: rows and columns are 1 to 8",
        ),
        (
            &["knights-tour", "8", "6", "--start", "1:0"],
            "--start 1:0 is off the 8×6 board: rows are 1 to 8, columns 1 to 6",
        ),
        (
            &["queens", "8", "--place", "0:3"],
            "--place 0:3 is off the 8×8 board: rows and columns are 1 to 8",
        ),
        (
            &["queens", "8", "--place", "3,0"],
            "--place 3,0 is off the 8×8 board: rows and columns are 1 to 8",
        ),
    ]);
    for flag in [
        &["knights-tour", "8", "8", "--start"][..],
        &["queens", "8", "--place"],
    ] {
        let name = flag.last().unwrap();
        error_line(
            &[flag, &["1-1"]].concat(),
            &format!("{name} must be a square, ROW:COL or ROW,COL (a row and a column from 1, such as 1:1), not '1-1'"),
        );
    }
}

/// `--start` takes a square as `queens --place` writes it too: `ROW:COL` is the same start
/// as `ROW,COL`.
#[test]
fn a_start_takes_either_separator() {
    let comma = stdout(&["knights-tour", "6", "6", "--start", "3,4"]);
    check_tour(6, 6, &comma, (3, 4), false);
    assert_eq!(stdout(&["knights-tour", "6", "6", "--start", "3:4"]), comma);
    error_line(
        &["knights-tour", "8", "8", "--start", "9:1"],
        "--start 9:1 is off the 8×8 board: rows and columns are 1 to 8",
    );
}

/// A search for the first tour stopped before it found one says so (no tour found yet),
/// not that a listing is partial: it lists nothing until it finds one. A listing of
/// several stopped is partial, and says that.
#[test]
fn a_first_tour_search_stopped_says_no_tour_was_found_yet() {
    // A 4×N board has no closed tour, which the search takes long to exhaust.
    let first = with(&["knights-tour", "4", "9", "--closed"]);
    let mut child = first.start(Stdio::piped(), Stdio::piped());
    if wait_for_cpu(&mut child, 5) && kill(&mut child, "INT") {
        let out = child.wait_with_output().unwrap();
        let stderr = text(&out.stderr);
        if out.status.code() != Some(1) {
            assert_eq!(out.status.code(), Some(130), "{stderr}");
            assert_eq!(
                stderr,
                "backtrack: stopped by SIGINT: no tour found before the stop (the search for the first did not end)\n"
            );
            assert!(out.stdout.is_empty());
        }
    }
    let limited = first.and(&["--node-limit", "50"]).output();
    assert_eq!(limited.status.code(), Some(3));
    assert_eq!(
        text(&limited.stderr),
        "backtrack: node limit of 50 reached: no tour found before the stop (the search for the first did not end)\n"
    );
    let listing = with(&[
        "knights-tour",
        "4",
        "9",
        "--closed",
        "--limit",
        "2",
        "--node-limit",
        "50",
    ])
    .output();
    assert_eq!(
        text(&listing.stderr),
        "backtrack: node limit of 50 reached after 0 tours: the listing is partial\n"
    );
}
