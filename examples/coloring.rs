//! A problem that borrows its data: coloring a graph that the caller keeps.
//!
//! `Coloring<'g>` holds a `&'g Graph`: the search changes only the colors, and the graph
//! is the caller's again when the search is over. The vertices are colored in order, each
//! trying the colors `0..k`; a color a neighbor already has is refused.
//!
//! `cargo run --example coloring`

use backtrack::{Problem, Search};

/// An undirected graph, as the neighbors of each vertex.
struct Graph {
    neighbors: Vec<Vec<usize>>,
}

impl Graph {
    fn new(vertices: usize, edges: &[(usize, usize)]) -> Self {
        let mut neighbors = vec![Vec::new(); vertices];
        for &(u, v) in edges {
            neighbors[u].push(v);
            neighbors[v].push(u);
        }
        Graph { neighbors }
    }

    /// Is `colors` a proper coloring: the ends of every edge different?
    fn is_proper(&self, colors: &[usize]) -> bool {
        (0..self.neighbors.len()).all(|u| self.neighbors[u].iter().all(|&v| colors[u] != colors[v]))
    }
}

/// The state: the colors of vertices `0..colors.len()`, over a borrowed graph.
struct Coloring<'g> {
    graph: &'g Graph,
    k: usize,
    colors: Vec<usize>,
}

impl Problem for Coloring<'_> {
    type Op = usize; // operator: the color of the next vertex
    type Ops = std::ops::Range<usize>; // search range: every color
    type Solution = Vec<usize>;

    fn operators(&self) -> Self::Ops {
        0..self.k
    }
    fn admissible(&self, color: usize) -> bool {
        // constraint: no neighbor colored so far has it
        let v = self.colors.len();
        self.graph.neighbors[v]
            .iter()
            .all(|&u| self.colors.get(u) != Some(&color))
    }
    fn apply(&mut self, color: usize) {
        self.colors.push(color);
    }
    fn undo(&mut self, _color: usize) {
        self.colors.pop();
    }
    fn is_complete(&self) -> bool {
        self.colors.len() == self.graph.neighbors.len() // boundary: every vertex colored
    }
    fn solution(&self) -> Vec<usize> {
        self.colors.clone()
    }
}

fn main() {
    // The Petersen graph: an outer 5-cycle, spokes, and an inner pentagram.
    let mut edges = Vec::new();
    for i in 0..5 {
        edges.extend([(i, (i + 1) % 5), (i, i + 5), (5 + i, 5 + (i + 2) % 5)]);
    }
    let petersen = Graph::new(10, &edges);

    let colorings = |k| Coloring {
        graph: &petersen,
        k,
        colors: Vec::new(),
    };
    // No 2-coloring (it has 5-cycles); 3 colors do it.
    assert_eq!(Search::new(colorings(2)).next(), None);
    let first = Search::new(colorings(3)).next().expect("a 3-coloring");
    assert!(petersen.is_proper(&first));
    println!("a 3-coloring of the Petersen graph: {first:?}");

    // Its chromatic polynomial at 3 is 120 (Biggs, Algebraic Graph Theory).
    let count = Search::new(colorings(3)).count_solutions();
    assert_eq!(count.found, 120);
    println!("{} 3-colorings\n{}", count.found, count.stats);

    // The searches are over: the graph is ours again.
    assert_eq!(petersen.neighbors.iter().map(Vec::len).sum::<usize>(), 30);
}

#[test]
fn test() {
    main();
}
