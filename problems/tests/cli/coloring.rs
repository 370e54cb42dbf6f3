//! `backtrack coloring`: chromatic numbers of known graphs, counts as the chromatic
//! polynomial, a stopped minimum marked partial, and bad graphs and flags.

use std::fmt::Write as _;

use crate::common::{
    backtrack, backtrack_with_stdin, error_line, fixture, json_lines, refused_output, stdout, text,
};

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
