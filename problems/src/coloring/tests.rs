//! Colorings checked against brute force, the DSATUR order, the bound, and DIMACS files.

use backtrack::tree::{tree_of, Label};
use backtrack::{Problem, Search};

use super::{Coloring, DimacsError, Graph, Paint};

fn cycle(n: usize) -> Graph {
    Graph::new(n, (0..n).map(|i| (i, (i + 1) % n)))
}

fn complete(n: usize) -> Graph {
    Graph::new(n, (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))))
}

/// The Mycielskian of `graph` (Mycielski, 1955): a shadow `v'` of every vertex,
/// adjacent to the neighbors of `v`, and one vertex adjacent to every shadow. Its
/// chromatic number is one more than the graph's, and it has no triangle if the graph
/// has none.
fn mycielskian(graph: &Graph) -> Graph {
    let n = graph.vertices();
    let mut edges = Vec::new();
    for u in 0..n {
        for v in graph.neighbors(u).filter(|&v| v > u) {
            edges.extend([(u, v), (u, n + v), (v, n + u)]);
        }
        edges.push((n + u, 2 * n));
    }
    Graph::new(2 * n + 1, edges)
}

/// Proper colorings with `k` colors, by trying all `k^V` assignments.
fn brute_force(graph: &Graph, k: usize) -> u64 {
    let n = graph.vertices();
    if k == 0 {
        return u64::from(n == 0);
    }
    let mut colors = vec![0usize; n];
    let mut count = 0;
    loop {
        if graph.check(&colors).is_ok() {
            count += 1;
        }
        let Some(i) = (0..n).find(|&i| colors[i] + 1 < k) else {
            return count;
        };
        colors[i] += 1;
        colors[..i].fill(0);
    }
}

fn count(graph: &Graph, k: usize) -> u64 {
    Search::new(Coloring::new(graph, k)).count_solutions().found
}

fn chromatic(graph: &Graph) -> usize {
    let (colors, used) = Search::new(Coloring::minimum(graph))
        .best()
        .found
        .expect("a coloring");
    assert!(graph.check(&colors).is_ok());
    assert_eq!(colors.iter().max().map_or(0, |c| c + 1), used.0);
    used.0
}

/// The chromatic polynomial of the cycle `C_n`: `(k-1)^n + (-1)^n (k-1)`.
#[test]
fn cycles_count_as_their_chromatic_polynomial() {
    for n in 3..=9usize {
        for k in 1..=4i64 {
            let sign = if n % 2 == 0 { 1 } else { -1 };
            let expected = (k - 1).pow(n as u32) + sign * (k - 1);
            assert_eq!(
                count(&cycle(n), k as usize) as i64,
                expected,
                "C{n}, k = {k}"
            );
        }
    }
}

/// `K_n`: `k (k-1) … (k-n+1)`; a path on `n` vertices (a tree): `k (k-1)^(n-1)`.
#[test]
fn complete_graphs_and_paths_count_as_their_chromatic_polynomials() {
    for n in 1..=5usize {
        for k in 0..=6usize {
            let falling: u64 = (0..n).map(|i| k.saturating_sub(i) as u64).product();
            assert_eq!(count(&complete(n), k), falling, "K{n}, k = {k}");
            let path = Graph::new(n, (1..n).map(|i| (i - 1, i)));
            let tree = k as u64 * (k as u64).saturating_sub(1).pow(n as u32 - 1);
            assert_eq!(count(&path, k), tree, "P{n}, k = {k}");
        }
    }
}

/// The Petersen graph, counted by brute force, and against its chromatic polynomial at
/// 3: 120 colorings (t(t-1)(t-2)(t^7 - 12t^6 + 67t^5 - 230t^4 + 529t^3 - 814t^2 + 775t -
/// 352), Biggs, *Algebraic Graph Theory*).
#[test]
fn petersen_counts() {
    let petersen: Graph = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/petersen.col"
    ))
    .unwrap()
    .parse()
    .unwrap();
    let t = 3i64;
    let poly = t
        * (t - 1)
        * (t - 2)
        * (t.pow(7) - 12 * t.pow(6) + 67 * t.pow(5) - 230 * t.pow(4) + 529 * t.pow(3)
            - 814 * t.pow(2)
            + 775 * t
            - 352);
    assert_eq!(count(&petersen, 3) as i64, poly);
    for k in 1..=3 {
        assert_eq!(count(&petersen, k), brute_force(&petersen, k), "k = {k}");
    }
    assert_eq!(chromatic(&petersen), 3);
}

/// Small random graphs: the count is the brute force's, and the chromatic number is
/// the least `k` with a coloring.
#[test]
fn random_graphs_agree_with_brute_force() {
    let mut rng = oorandom::Rand32::new(7);
    for _ in 0..40 {
        let n = rng.rand_range(0..8) as usize;
        let edges: Vec<(usize, usize)> = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .filter(|_| rng.rand_range(0..2) == 1)
            .collect();
        let graph = Graph::new(n, edges);
        let counts: Vec<u64> = (0..=4).map(|k| brute_force(&graph, k)).collect();
        for (k, &expected) in counts.iter().enumerate() {
            assert_eq!(count(&graph, k), expected, "{graph}k = {k}");
        }
        let least = (0..=n).find(|&k| brute_force(&graph, k) > 0).unwrap();
        assert_eq!(chromatic(&graph), least, "{graph}");
    }
}

/// Chromatic numbers of known graphs: C5 3, K4 4, K3,3 2, and the Mycielski graphs
/// (myciel3, the Grötzsch graph: 4; myciel4: 5), as in the DIMACS benchmarks (Trick's
/// COLOR instances; Mycielski 1955).
#[test]
fn chromatic_numbers_of_known_graphs() {
    assert_eq!(chromatic(&cycle(5)), 3);
    assert_eq!(chromatic(&cycle(6)), 2);
    assert_eq!(chromatic(&complete(4)), 4);
    let bipartite = Graph::new(6, (0..3).flat_map(|i| (3..6).map(move |j| (i, j))));
    assert_eq!(chromatic(&bipartite), 2);
    let myciel3 = mycielskian(&cycle(5));
    assert_eq!((myciel3.vertices(), myciel3.edges()), (11, 20));
    assert_eq!(chromatic(&myciel3), 4);
    let myciel4 = mycielskian(&myciel3);
    assert_eq!((myciel4.vertices(), myciel4.edges()), (23, 71));
    assert_eq!(chromatic(&myciel4), 5);
    assert_eq!(chromatic(&Graph::new(0, [])), 0);
    assert_eq!(chromatic(&Graph::new(3, [])), 1);
}

/// myciel5 (47 vertices, 236 edges): chromatic number 6 (DIMACS benchmarks; Mycielski
/// 1955).
#[test]
fn myciel5_needs_six_colors() {
    let myciel5 = mycielskian(&mycielskian(&mycielskian(&cycle(5))));
    assert_eq!((myciel5.vertices(), myciel5.edges()), (47, 236));
    assert_eq!(chromatic(&myciel5), 6);
}

/// DSATUR: the first vertex is one of greatest degree, then those with the most
/// distinct colors around them.
#[test]
fn dsatur_order() {
    // A star with center 2, and an edge 0-1.
    let graph = Graph::new(5, [(2, 0), (2, 1), (2, 3), (2, 4), (0, 1)]);
    let mut problem = Coloring::new(&graph, 3);
    assert_eq!(problem.next_vertex(), Some(2));
    problem.apply(Paint {
        vertex: 2,
        color: 0,
    });
    // 0 and 1 have degree 2, 3 and 4 degree 1; all see one color.
    assert_eq!(problem.next_vertex(), Some(0));
    problem.apply(Paint {
        vertex: 0,
        color: 1,
    });
    // 1 now sees two colors.
    assert_eq!(problem.next_vertex(), Some(1));
    assert!(!problem.admissible(Paint {
        vertex: 1,
        color: 0
    }));
    assert!(!problem.admissible(Paint {
        vertex: 1,
        color: 1
    }));
    assert!(problem.admissible(Paint {
        vertex: 1,
        color: 2
    }));
    assert_eq!(problem.label(), "[2 _ 1 _ _]");
    assert_eq!(
        problem.op_label(Paint {
            vertex: 1,
            color: 2
        }),
        "v2=3"
    );
    assert_eq!(
        problem.child_label(Paint {
            vertex: 1,
            color: 2
        }),
        "[2 3 1 _ _]"
    );
    problem.undo(Paint {
        vertex: 0,
        color: 1,
    });
    assert_eq!(problem.label(), "[_ _ 1 _ _]");
    let tree = tree_of(&Coloring::new(&complete(3), 3));
    assert_eq!(tree.solutions().count(), 6);
}

#[test]
fn dimacs_errors_name_line_and_column() {
    let error = |text: &str| text.parse::<Graph>().unwrap_err().to_string();
    assert_eq!(
        error(""),
        "line 1, column 1: expected a problem line `p edge V E`, found the end of the input"
    );
    assert_eq!(
        error("c x\ne 1 2\n"),
        "line 2, column 1: expected the problem line `p edge V E` before the edges"
    );
    assert_eq!(
        error("p edge 3\n"),
        "line 1, column 9: expected the number of edges, found the end of the line"
    );
    assert_eq!(
        error("p graph 3 1\n"),
        "line 1, column 3: expected the format `edge`, found `graph`"
    );
    assert_eq!(
        error("p edge x 1\n"),
        "line 1, column 8: expected a number of vertices from 0 to 10000, found `x`"
    );
    assert_eq!(
        error("p edge 3 1\n  e 1 0\n"),
        "line 2, column 7: expected a vertex from 1 to 3, found `0`"
    );
    assert_eq!(
        error("p edge 3 1\ne 2 2\n"),
        "line 2, column 5: expected an edge between two vertices, found a loop at vertex 2"
    );
    assert_eq!(
        error("p edge 3 1\ne 1 2 3\n"),
        "line 2, column 7: expected the end of the line, found `3`"
    );
    assert_eq!(
        error("p edge 3 2\ne 1 2\n"),
        "line 1, column 10: expected 2 `e` lines as this line says, found 1"
    );
    assert_eq!(
        error("p edge 3 0\np edge 3 0\n"),
        "line 2, column 1: expected one `p` line, found a second (the first is line 1)"
    );
    assert_eq!(
        error("p edge 3 0\nx 1\n"),
        "line 2, column 1: expected a line starting with `c`, `p` or `e`, found `x`"
    );
    assert_eq!(
        error("p edge 0 1\ne 1 2\n"),
        "line 2, column 3: expected no edge: the graph has no vertices"
    );
    assert_eq!(
        "p edge 3 1\ne 1 2\n".parse::<Graph>(),
        Ok(Graph::new(3, [(0, 1)]))
    );
    let parsed: Result<Graph, DimacsError> = "c only\np edge 1 0\n".parse();
    assert_eq!(parsed.map(|g| g.vertices()), Ok(1));
}

/// A graph written in DIMACS reads back as itself; duplicate edges are one.
#[test]
fn dimacs_round_trip() {
    let petersen_like = mycielskian(&cycle(5));
    let text = petersen_like.to_string();
    assert_eq!(text.parse::<Graph>(), Ok(petersen_like));
    let doubled: Graph = "\u{feff}p col 2 2\ne 1 2\n\ne 2 1\n".parse().unwrap();
    assert_eq!((doubled.vertices(), doubled.edges()), (2, 1));
}
