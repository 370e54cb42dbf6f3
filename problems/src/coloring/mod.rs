//! Graph coloring: give every vertex one of K colors, adjacent vertices different ones; and
//! the chromatic number, the fewest colors that do it, by branch and bound.
//!
//! The search colors one vertex at a time, in DSATUR order (Brélaz, 1979): next is the
//! uncolored vertex whose neighbors show the most distinct colors (its *saturation*), ties
//! broken by the greater degree, then the smaller number. The search range of a state is
//! the colors of that vertex, smallest first, and the constraint refuses a color a neighbor
//! has. The order is chosen afresh at every node, in `O(V)`, with no allocation.
//!
//! [`Coloring::new`] searches every proper coloring with K colors (their number is the
//! chromatic polynomial at K); [`Coloring::minimum`] searches colorings up to a renaming of
//! the colors (a vertex may take a color already used, or the next new one) and, as
//! [`Optimize`], minimises the colors used: [`Search::best`](backtrack::Search::best) gives
//! the chromatic number. Its bound is the larger of the colors used so far and the size of
//! a clique found greedily at the start.
//!
//! Graphs are read from DIMACS `.col` files ([`Graph`]'s [`FromStr`](std::str::FromStr)).

mod dimacs;
mod graph;
#[cfg(test)]
mod tests;

use std::cmp::Reverse;

use backtrack::{Optimize, Problem};

pub use dimacs::DimacsError;
pub use graph::{Fault, Graph};

/// The most vertices a graph may have: the search keeps, for every vertex, how many of its
/// neighbors have each color.
pub const MAX_VERTICES: usize = 10_000;

/// The most colors a search may use.
pub const MAX_COLORS: usize = 256;

/// No color yet.
const NONE: u32 = u32::MAX;

/// An operator: give `vertex` the color `color` (both numbered from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paint {
    /// The vertex colored.
    pub vertex: u32,
    /// Its color.
    pub color: u32,
}

/// The search range of a state: one vertex's colors, smallest first.
#[derive(Clone, Debug)]
pub struct Colors {
    vertex: u32,
    next: u32,
    end: u32,
}

impl Iterator for Colors {
    type Item = Paint;

    fn next(&mut self) -> Option<Paint> {
        (self.next < self.end).then(|| {
            self.next += 1;
            Paint {
                vertex: self.vertex,
                color: self.next - 1,
            }
        })
    }
}

/// Colorings of a borrowed graph, and the search state of one being built.
///
/// ```
/// use backtrack::Search;
/// use backtrack_problems::coloring::{Coloring, Graph};
///
/// // A triangle with a pendant vertex: 3 colors for the triangle, 2 left for the pendant.
/// let graph = Graph::new(4, [(0, 1), (1, 2), (2, 0), (2, 3)]);
/// assert_eq!(Search::new(Coloring::new(&graph, 3)).count_solutions().found, 3 * 2 * 2);
/// let (colors, used) = Search::new(Coloring::minimum(&graph)).best().found.unwrap();
/// assert_eq!(used.0, 3);
/// assert!(graph.check(&colors).is_ok());
/// ```
#[derive(Clone, Debug)]
pub struct Coloring<'g> {
    graph: &'g Graph,
    /// The colors a vertex may take: `0..colors`.
    colors: usize,
    /// Colorings up to a renaming of the colors (a new color is the next unused one).
    renaming: bool,
    /// `color[v]`, or `NONE`.
    color: Vec<u32>,
    colored: usize,
    /// `around[v * colors + c]`: the neighbors of `v` colored `c`.
    around: Vec<u32>,
    /// The distinct colors among the neighbors of each vertex.
    saturation: Vec<u32>,
    /// `uses[c]`: the vertices colored `c`.
    uses: Vec<u32>,
    /// The distinct colors used.
    used: usize,
    /// A lower bound of the colors any complete coloring uses (a clique's size), or 0.
    lower: usize,
}

impl<'g> Coloring<'g> {
    /// Every proper coloring of `graph` with the colors `0..colors`.
    ///
    /// # Panics
    ///
    /// If `colors` is more than [`MAX_COLORS`].
    pub fn new(graph: &'g Graph, colors: usize) -> Self {
        assert!(colors <= MAX_COLORS, "at most {MAX_COLORS} colors");
        Self::make(graph, colors, false, 0)
    }

    /// The colorings of `graph` up to a renaming of the colors, for the fewest colors by
    /// branch and bound ([`Optimize`]): at most as many colors as a greedy DSATUR coloring
    /// uses, the search's first solution.
    ///
    /// # Panics
    ///
    /// If the greedy coloring needs more than [`MAX_COLORS`] colors.
    pub fn minimum(graph: &'g Graph) -> Self {
        let colors = graph.dsatur_colors();
        assert!(colors <= MAX_COLORS, "at most {MAX_COLORS} colors");
        Self::make(graph, colors, true, graph.greedy_clique().len())
    }

    fn make(graph: &'g Graph, colors: usize, renaming: bool, lower: usize) -> Self {
        let n = graph.vertices();
        Coloring {
            graph,
            colors,
            renaming,
            color: vec![NONE; n],
            colored: 0,
            around: vec![0; n * colors],
            saturation: vec![0; n],
            uses: vec![0; colors],
            used: 0,
            lower,
        }
    }

    /// The graph.
    pub fn graph(&self) -> &'g Graph {
        self.graph
    }

    /// The colors a vertex may take, `0..colors` (for [`Coloring::minimum`], those of the
    /// greedy coloring).
    pub fn colors(&self) -> usize {
        self.colors
    }

    /// The next vertex to color, in DSATUR order: the greatest saturation, then degree,
    /// then the smallest number. `None` when every vertex is colored.
    pub fn next_vertex(&self) -> Option<usize> {
        let mut best: Option<(u32, usize, usize)> = None;
        for (v, &color) in self.color.iter().enumerate() {
            if color != NONE {
                continue;
            }
            let key = (self.saturation[v], self.graph.degree(v));
            if best.is_none_or(|(s, d, _)| key > (s, d)) {
                best = Some((key.0, key.1, v));
            }
        }
        best.map(|(_, _, v)| v)
    }

    /// `[1 2 _ 1]`: each vertex's color (from 1), `_` if uncolored, with `paint` (if
    /// given) applied.
    fn describe(&self, paint: Option<Paint>) -> String {
        let words: Vec<String> = (0..self.color.len())
            .map(|v| {
                let color = match paint {
                    Some(p) if p.vertex as usize == v => p.color,
                    _ => self.color[v],
                };
                if color == NONE {
                    "_".to_string()
                } else {
                    (color + 1).to_string()
                }
            })
            .collect();
        format!("[{}]", words.join(" "))
    }
}

impl Problem for Coloring<'_> {
    type Op = Paint;
    type Ops = Colors;
    /// The color of each vertex, from 0.
    type Solution = Vec<usize>;

    /// The colors of the next vertex in DSATUR order, smallest first: all of them, or up
    /// to one new color when colorings are counted up to renaming.
    fn operators(&self) -> Colors {
        let vertex = self.next_vertex().unwrap_or(0) as u32;
        let end = if self.renaming {
            self.colors.min(self.used + 1)
        } else {
            self.colors
        };
        Colors {
            vertex,
            next: 0,
            end: end as u32,
        }
    }

    /// No neighbor has the color.
    fn admissible(&self, paint: Paint) -> bool {
        self.around[paint.vertex as usize * self.colors + paint.color as usize] == 0
    }

    fn apply(&mut self, paint: Paint) {
        let (v, c) = (paint.vertex as usize, paint.color as usize);
        self.color[v] = paint.color;
        self.colored += 1;
        self.uses[c] += 1;
        if self.uses[c] == 1 {
            self.used += 1;
        }
        for &u in &self.graph.adjacency[v] {
            let cell = &mut self.around[u as usize * self.colors + c];
            *cell += 1;
            if *cell == 1 {
                self.saturation[u as usize] += 1;
            }
        }
    }

    fn undo(&mut self, paint: Paint) {
        let (v, c) = (paint.vertex as usize, paint.color as usize);
        self.color[v] = NONE;
        self.colored -= 1;
        self.uses[c] -= 1;
        if self.uses[c] == 0 {
            self.used -= 1;
        }
        for &u in &self.graph.adjacency[v] {
            let cell = &mut self.around[u as usize * self.colors + c];
            *cell -= 1;
            if *cell == 0 {
                self.saturation[u as usize] -= 1;
            }
        }
    }

    /// Every vertex colored.
    fn is_complete(&self) -> bool {
        self.colored == self.color.len()
    }

    fn solution(&self) -> Vec<usize> {
        self.color.iter().map(|&c| c as usize).collect()
    }
}

/// Fewer colors are better.
impl Optimize for Coloring<'_> {
    type Value = Reverse<usize>;

    /// The colors used.
    fn value(&self) -> Reverse<usize> {
        Reverse(self.used)
    }

    /// No completion uses fewer colors than are used already, nor fewer than the clique
    /// found at the start has vertices.
    fn bound(&self) -> Reverse<usize> {
        Reverse(self.used.max(self.lower))
    }
}

crate::text::label_by_describe!(
    /// Labels for the solution tree: a state is each vertex's color from 1, `_` if uncolored,
    /// `[1 2 _ 1]`; an operator is `v3=2`, vertex 3 colored 2.
    Coloring<'_>,
    |paint: Paint| format!("v{}={}", paint.vertex + 1, paint.color + 1)
);
