//! `backtrack permutations`, `combinations`, `coloring` and `knights-tour`: outputs
//! checked against independent computations, modes, trees, and bad input.

use std::fmt::Write as _;

use crate::common::{
    backtrack, backtrack_with_stdin, error_line, fixture, json_lines, refused_output, stdout, text,
};

/// `n!`.
fn factorial(n: u64) -> u64 {
    (1..=n).product()
}

/// `C(n, k)` by the multiplicative formula, 0 for `k > n`.
fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |c, i| c * (n - i) / (i + 1))
}

/// The lines of a listing as lists of numbers.
fn rows(listing: &str) -> Vec<Vec<u64>> {
    listing
        .lines()
        .map(|line| line.split(' ').map(|w| w.parse().unwrap()).collect())
        .collect()
}

#[test]
fn permutations_are_listed_in_lexicographic_order_and_counted() {
    for n in 1..=5u64 {
        let all = rows(&stdout(&["permutations", &n.to_string()]));
        assert_eq!(all.len() as u64, factorial(n));
        assert!(all.windows(2).all(|pair| pair[0] < pair[1]), "n = {n}");
        for row in &all {
            let mut sorted = row.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (1..=n).collect::<Vec<u64>>());
        }
    }
    for n in [0u64, 1, 6, 8] {
        let count = stdout(&["permutations", &n.to_string(), "--count"]);
        assert_eq!(count, format!("{}\n", factorial(n)), "n = {n}");
    }
    // N = 0: one permutation, the empty one.
    assert_eq!(stdout(&["permutations", "0"]), "(empty)\n");
    assert_eq!(stdout(&["permutations", "4", "--first"]), "1 2 3 4\n");
    let json = json_lines(&stdout(&[
        "permutations",
        "3",
        "--limit",
        "2",
        "--format",
        "json",
    ]));
    assert_eq!(json[1]["permutation"], serde_json::json!([1, 3, 2]));
    // As many as asked: the answer is whole.
    assert_eq!(
        json[2],
        serde_json::json!({"solutions": 2, "complete": true})
    );
}

/// The tree of the permutations of 4: `4!/(4-d)!` nodes at depth `d`.
#[test]
fn the_tree_of_the_permutations_of_four() {
    let nodes: u64 = (0..=4).map(|d| factorial(4) / factorial(4 - d)).sum();
    let tree = stdout(&["permutations", "4", "--tree"]);
    assert!(
        tree.starts_with(&format!("{nodes} nodes, 24 solutions, 0 dead ends")),
        "{tree}"
    );
    assert!(tree.contains("(2,1,_,_)"), "{tree}");
    assert_eq!(tree.matches("✓ solution").count(), 24);
    let rejected = stdout(&["permutations", "3", "--tree", "--tree-rejected"]);
    assert!(rejected.contains("(1,1,_)"), "{rejected}");
}

#[test]
fn combinations_are_listed_in_lexicographic_order_and_counted() {
    for n in 0..=7u64 {
        for k in 0..=n {
            let listing = stdout(&["combinations", &n.to_string(), &k.to_string()]);
            if k == 0 {
                assert_eq!(listing, "(empty)\n");
                continue;
            }
            let all = rows(&listing);
            assert_eq!(all.len() as u64, binomial(n, k), "C({n}, {k})");
            assert!(all.windows(2).all(|pair| pair[0] < pair[1]), "C({n}, {k})");
            assert!(all
                .iter()
                .all(|row| row.windows(2).all(|p| p[0] < p[1]) && row[k as usize - 1] <= n));
        }
    }
    for (n, k) in [(20u64, 10u64), (30, 3), (12, 0)] {
        let count = stdout(&["combinations", &n.to_string(), &k.to_string(), "--count"]);
        assert_eq!(count, format!("{}\n", binomial(n, k)), "C({n}, {k})");
    }
}

/// K greater than N: no combination, said as any search that finds none says it.
#[test]
fn more_than_n_is_no_solution() {
    let out = backtrack(&["combinations", "3", "4"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "no solution\n");
    assert_eq!(stdout(&["combinations", "3", "4", "--count"]), "0\n");
}

#[test]
fn bad_sizes_are_refused() {
    error_line(
        &["permutations", "1001"],
        "N must be at most 1000, not 1001",
    );
    error_line(&["permutations", "-1"], "N must be at least 0, not -1");
    error_line(&["permutations", "x"], "N must be a whole number, not 'x'");
    error_line(
        &["combinations", "5", "y"],
        "K must be a whole number, not 'y'",
    );
}

// Coloring.

/// A fixture's vertices and edges (1-based), read here by the test itself.
fn graph(name: &str) -> (usize, Vec<(usize, usize)>) {
    let text = std::fs::read_to_string(fixture(name)).unwrap();
    let mut vertices = 0;
    let mut edges = Vec::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["p", "edge", v, _] => vertices = v.parse().unwrap(),
            ["e", u, v] => edges.push((u.parse().unwrap(), v.parse().unwrap())),
            _ => {}
        }
    }
    (vertices, edges)
}

/// Checks a printed coloring line of `name`'s graph: a color per vertex, the ends of
/// every edge different. Returns how many colors it uses.
fn check_coloring(name: &str, line: &str) -> usize {
    let (vertices, edges) = graph(name);
    let colors: Vec<usize> = line.split(' ').map(|w| w.parse().unwrap()).collect();
    assert_eq!(colors.len(), vertices, "{name}: {line}");
    for (u, v) in edges {
        assert_ne!(
            colors[u - 1],
            colors[v - 1],
            "{name}: edge {u}-{v} in {line}"
        );
    }
    let mut distinct = colors.clone();
    distinct.sort_unstable();
    distinct.dedup();
    distinct.len()
}

/// Chromatic numbers of known graphs: C5 3, K4 4, the Petersen graph 3, K3,3 2, and the
/// Mycielski graphs of the DIMACS benchmarks (Trick's COLOR instances; Mycielski 1955):
/// myciel3 4, myciel4 5.
#[test]
fn chromatic_numbers_of_known_graphs() {
    for (name, chromatic) in [
        ("cycle5.col", 3),
        ("k4.col", 4),
        ("petersen.col", 3),
        ("bipartite.col", 2),
        ("myciel3.col", 4),
        ("myciel4.col", 5),
    ] {
        let out = stdout(&["coloring", "--min", &fixture(name)]);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{name}: {out}");
        assert_eq!(lines[0], format!("chromatic number {chromatic}"), "{name}");
        assert_eq!(check_coloring(name, lines[1]), chromatic, "{name}");
    }
    let (vertices, edges) = graph("myciel4.col");
    assert_eq!((vertices, edges.len()), (23, 71));
    let json = json_lines(&stdout(&[
        "coloring",
        "--min",
        "--format",
        "json",
        &fixture("k4.col"),
    ]));
    assert_eq!(json[0]["chromatic_number"], 4);
    assert_eq!(json[0]["complete"], true);
}

/// Counts of proper colorings: the chromatic polynomial of C5, `(k-1)^5 - (k-1)`, and of
/// K4, `k(k-1)(k-2)(k-3)`; listed, every coloring is proper and none repeats.
#[test]
fn colorings_count_as_the_chromatic_polynomial() {
    for k in 1..=5u64 {
        let cycle = (k - 1).pow(5) - (k - 1);
        let count = stdout(&[
            "coloring",
            "--colors",
            &k.to_string(),
            "--count",
            &fixture("cycle5.col"),
        ]);
        assert_eq!(count, format!("{cycle}\n"), "C5, k = {k}");
        let complete = k * k.saturating_sub(1) * k.saturating_sub(2) * k.saturating_sub(3);
        let out = backtrack(&[
            "coloring",
            "--colors",
            &k.to_string(),
            "--count",
            &fixture("k4.col"),
        ]);
        assert_eq!(text(&out.stdout), format!("{complete}\n"), "K4, k = {k}");
    }
    let listing = stdout(&["coloring", "--colors", "3", &fixture("cycle5.col")]);
    let mut lines: Vec<&str> = listing.lines().collect();
    assert_eq!(lines.len(), 30);
    for line in &lines {
        assert!(check_coloring("cycle5.col", line) <= 3);
    }
    lines.sort_unstable();
    lines.dedup();
    assert_eq!(lines.len(), 30);
    let out = backtrack(&["coloring", "--colors", "3", &fixture("k4.col")]);
    assert_eq!(
        (out.status.code(), text(&out.stdout)),
        (Some(1), "no solution\n".to_string())
    );
}

/// The Mycielskian of a DIMACS graph (vertices from 1): its chromatic number is one more.
fn mycielskian(vertices: usize, edges: &[(usize, usize)]) -> (usize, Vec<(usize, usize)>) {
    let mut more = edges.to_vec();
    for &(u, v) in edges {
        more.extend([(u, vertices + v), (v, vertices + u)]);
    }
    more.extend((1..=vertices).map(|v| (vertices + v, 2 * vertices + 1)));
    (2 * vertices + 1, more)
}

/// A branch and bound stopped early prints the best coloring found so far, checked, and
/// says that it may not be the fewest colors (exit status 3).
#[test]
fn a_stopped_minimum_is_marked_partial() {
    let (vertices, edges) = graph("myciel4.col");
    let (vertices, edges) = mycielskian(vertices, &edges);
    let mut input = format!("p edge {vertices} {}\n", edges.len());
    for (u, v) in &edges {
        writeln!(input, "e {u} {v}").unwrap();
    }
    let out = backtrack_with_stdin(&["coloring", "--min", "--node-limit", "500"], &input);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[0].starts_with("at most ")
            && lines[0].ends_with(" colors (partial: node limit of 500 reached)"),
        "{stdout}"
    );
    let colors: Vec<usize> = lines[1].split(' ').map(|w| w.parse().unwrap()).collect();
    assert_eq!(colors.len(), vertices);
    assert!(edges.iter().all(|&(u, v)| colors[u - 1] != colors[v - 1]));
    assert!(text(&out.stderr).contains("the best coloring found so far, perhaps not the best"));
}

#[test]
fn bad_graphs_and_flags_are_refused() {
    for (input, message) in [
        ("p edge 3 1\ne 1 4\n", "<stdin>: line 2, column 5: expected a vertex from 1 to 3, found `4`"),
        ("c no problem line\n", "<stdin>: line 2, column 1: expected a problem line `p edge V E`, found the end of the input"),
        ("p edge 3 2\ne 1 2\n", "<stdin>: line 1, column 10: expected 2 `e` lines as this line says, found 1"),
        ("p edge 2 1\ne 1 x\n", "<stdin>: line 2, column 5: expected a vertex from 1 to 2, found `x`"),
    ] {
        let args = ["coloring", "--min"];
        let out = backtrack_with_stdin(&args, input);
        let stderr = refused_output(&args, &out, message);
        assert_eq!(stderr, format!("backtrack: error: {message}\n"));
    }
    error_line(
        &["coloring", &fixture("k4.col")],
        "coloring needs --colors K or --min",
    );
    error_line(
        &["coloring", "--colors", "0", &fixture("k4.col")],
        "--colors must be at least 1, not 0",
    );
    error_line(
        &["coloring", "--min", "--count", &fixture("k4.col")],
        "--min cannot be used with --count",
    );
}

// Knight's tour.

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
    error_line(&["knights-tour", "0", "8"], "R must be at least 1, not 0");
    error_line(
        &["knights-tour", "8", "1001"],
        "C must be at most 1000, not 1001",
    );
    error_line(
        &["knights-tour", "8", "8", "--start", "9,1"],
        "--start 9,1 is off the 8×8 board: rows and columns are 1 to 8",
    );
    error_line(
        &["knights-tour", "8", "8", "--start", "a1"],
        "--start must be a square, ROW:COL or ROW,COL (a row and a column from 1, such as 1:1), not 'a1'",
    );
    error_line(
        &["knights-tour", "8", "8", "--start", "1;1"],
        "--start must be a square, ROW:COL or ROW,COL (a row and a column from 1, such as 1:1), not '1;1'",
    );
}

/// `knights-tour --start` and `queens --place` take squares alike and refuse them in the
/// same words: a row or column 0 is off the board, as one past its end is (`--start 0,1`
/// said it was not `ROW,COL`, `--place 0:3` that it was off the board). The square is
/// echoed as it was given (`--start 1:0` said `1,0`).
#[test]
fn squares_off_the_board_are_refused_in_one_wording() {
    for (args, message) in [
        (
            &["knights-tour", "8", "8", "--start", "0,1"][..],
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
    ] {
        error_line(args, message);
    }
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
