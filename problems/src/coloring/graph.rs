//! The graph to color: vertices numbered from 0, its edges, and what the search and its
//! bound ask of it (degrees, a coloring's check, a greedy clique, a greedy coloring).

use std::cmp::Reverse;

use super::MAX_VERTICES;

/// An undirected graph without loops, its vertices numbered from 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    /// `adjacency[v]`: the neighbors of `v`, increasing, each once.
    pub(super) adjacency: Vec<Vec<u32>>,
    edges: usize,
}

impl Graph {
    /// The graph on `vertices` vertices (numbered from 0) with the given edges; an edge
    /// given twice (either way round) is one edge.
    ///
    /// # Panics
    ///
    /// If an edge names a vertex out of range or is a loop (`(v, v)`), or if there are more
    /// than [`MAX_VERTICES`] vertices.
    pub fn new(vertices: usize, edges: impl IntoIterator<Item = (usize, usize)>) -> Self {
        assert!(vertices <= MAX_VERTICES, "at most {MAX_VERTICES} vertices");
        let mut adjacency = vec![Vec::new(); vertices];
        for (u, v) in edges {
            assert!(u < vertices && v < vertices, "edge {u}-{v} out of range");
            assert_ne!(u, v, "a loop at {u}");
            adjacency[u].push(v as u32);
            adjacency[v].push(u as u32);
        }
        let mut ends = 0;
        for list in &mut adjacency {
            list.sort_unstable();
            list.dedup();
            ends += list.len();
        }
        Graph {
            adjacency,
            edges: ends / 2,
        }
    }

    /// How many vertices.
    pub fn vertices(&self) -> usize {
        self.adjacency.len()
    }

    /// How many edges.
    pub fn edges(&self) -> usize {
        self.edges
    }

    /// The neighbors of `v`, increasing.
    pub fn neighbors(&self, v: usize) -> impl Iterator<Item = usize> + '_ {
        self.adjacency[v].iter().map(|&u| u as usize)
    }

    /// How many neighbors `v` has.
    pub fn degree(&self, v: usize) -> usize {
        self.adjacency[v].len()
    }

    /// Checks a coloring (`colors[v]`, the color of vertex `v`): one color for every
    /// vertex, and the ends of every edge colored differently. The first fault found, if
    /// any.
    ///
    /// ```
    /// use backtrack_problems::coloring::{Fault, Graph};
    ///
    /// let path = Graph::new(3, [(0, 1), (1, 2)]);
    /// assert_eq!(path.check(&[0, 1, 0]), Ok(()));
    /// assert_eq!(path.check(&[0, 0, 1]), Err(Fault::SameColor(0, 1)));
    /// assert_eq!(path.check(&[0, 1]), Err(Fault::Length(2)));
    /// ```
    pub fn check(&self, colors: &[usize]) -> Result<(), Fault> {
        if colors.len() != self.vertices() {
            return Err(Fault::Length(colors.len()));
        }
        for (u, list) in self.adjacency.iter().enumerate() {
            for &v in list {
                if colors[u] == colors[v as usize] {
                    return Err(Fault::SameColor(u.min(v as usize), u.max(v as usize)));
                }
            }
        }
        Ok(())
    }

    /// A clique found greedily: the vertices by decreasing degree, each taken if it is
    /// adjacent to all those taken. Its size is a lower bound of the chromatic number.
    pub fn greedy_clique(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.vertices()).collect();
        order.sort_by_key(|&v| (Reverse(self.degree(v)), v));
        let mut clique: Vec<usize> = Vec::new();
        for v in order {
            if clique
                .iter()
                .all(|&u| self.adjacency[v].binary_search(&(u as u32)).is_ok())
            {
                clique.push(v);
            }
        }
        clique
    }

    /// The colors of a greedy DSATUR coloring (each vertex in DSATUR order given the
    /// smallest color no neighbor has): how many it uses is an upper bound of the
    /// chromatic number.
    pub fn dsatur_colors(&self) -> usize {
        let n = self.vertices();
        let mut color = vec![usize::MAX; n];
        // The distinct colors around each vertex, as a sorted list.
        let mut around: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut used = 0;
        for _ in 0..n {
            let v = (0..n)
                .filter(|&v| color[v] == usize::MAX)
                .max_by_key(|&v| (around[v].len(), self.degree(v), Reverse(v)))
                .expect("an uncolored vertex");
            let c = (0..=around[v].len())
                .find(|c| around[v].binary_search(c).is_err())
                .expect("one of len + 1 colors is free");
            color[v] = c;
            used = used.max(c + 1);
            for u in self.neighbors(v) {
                if let Err(at) = around[u].binary_search(&c) {
                    around[u].insert(at, c);
                }
            }
        }
        used
    }
}

/// What is wrong with a coloring ([`Graph::check`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    /// Not one color per vertex: how many were given.
    #[error("{0} colors given, not one per vertex")]
    Length(usize),
    /// Two adjacent vertices (numbered from 0) with the same color.
    #[error("adjacent vertices {} and {} have the same color", .0 + 1, .1 + 1)]
    SameColor(usize, usize),
}
