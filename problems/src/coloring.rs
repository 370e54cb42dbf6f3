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
//! Graphs are read from DIMACS `.col` files ([`Graph`]'s [`FromStr`]).

use std::cmp::Reverse;
use std::fmt;
use std::str::FromStr;

use backtrack::{Optimize, Problem};

/// The most vertices a graph may have: the search keeps, for every vertex, how many of its
/// neighbors have each color.
pub const MAX_VERTICES: usize = 10_000;

/// The most colors a search may use.
pub const MAX_COLORS: usize = 256;

/// An undirected graph without loops, its vertices numbered from 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    /// `adjacency[v]`: the neighbors of `v`, increasing, each once.
    adjacency: Vec<Vec<u32>>,
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

/// Labels for the solution tree: a state is each vertex's color from 1, `_` if uncolored,
/// `[1 2 _ 1]`; an operator is `v3=2`, vertex 3 colored 2.
impl backtrack::tree::Label for Coloring<'_> {
    fn label(&self) -> String {
        self.describe(None)
    }

    fn op_label(&self, paint: Paint) -> String {
        format!("v{}={}", paint.vertex + 1, paint.color + 1)
    }

    fn child_label(&self, paint: Paint) -> String {
        self.describe(Some(paint))
    }
}

/// A DIMACS file that cannot be read: where, and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: expected {expected}")]
pub struct DimacsError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What was expected there, and what was found.
    pub expected: String,
}

/// The words of a line with their 1-based columns, and the column just past the line's
/// end (where a missing word is expected).
fn words(line: &str) -> (Vec<(usize, &str)>, usize) {
    let mut found = Vec::new();
    let mut start = None;
    let mut column = 0;
    for (at, (byte, c)) in line.char_indices().enumerate() {
        column = at + 1;
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((column, byte)),
            (true, Some((col, from))) => {
                found.push((col, &line[from..byte]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((col, from)) = start {
        found.push((col, &line[from..]));
    }
    (found, column + 1)
}

/// Parses the DIMACS `.col` format: `c` comment lines, one problem line `p edge V E` (or
/// `p col V E`) before the edges, then `E` edge lines `e U W` with vertices numbered 1 to
/// `V`. Blank lines are ignored, and an edge given twice is one edge; a loop (`e 3 3`),
/// a vertex out of range, or a number of `e` lines other than `E` is refused.
///
/// ```
/// use backtrack_problems::coloring::Graph;
///
/// let triangle: Graph = "c a triangle\np edge 3 3\ne 1 2\ne 2 3\ne 3 1\n".parse()?;
/// assert_eq!((triangle.vertices(), triangle.edges()), (3, 3));
/// let err = "p edge 3 1\ne 1 4\n".parse::<Graph>().unwrap_err();
/// assert_eq!(err.to_string(), "line 2, column 5: expected a vertex from 1 to 3, found `4`");
/// # Ok::<(), backtrack_problems::coloring::DimacsError>(())
/// ```
impl FromStr for Graph {
    type Err = DimacsError;

    fn from_str(text: &str) -> Result<Self, DimacsError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        // The problem line: its line, the column of E, V and E.
        let mut problem: Option<(usize, usize, usize, usize)> = None;
        let mut edges = Vec::new();
        let mut lines = 0;
        for (index, text) in text.lines().enumerate() {
            lines = index + 1;
            let mut line = Line::new(lines, text);
            let Some((column, kind)) = line.words.next() else {
                continue;
            };
            match kind {
                "c" => continue,
                "p" => {
                    if let Some((first, ..)) = problem {
                        return Err(line.error(
                            column,
                            format!("one `p` line, found a second (the first is line {first})"),
                        ));
                    }
                    let (at, vertices, count) = line.problem()?;
                    problem = Some((lines, at, vertices, count));
                }
                "e" => {
                    let Some((_, _, vertices, _)) = problem else {
                        return Err(line.error(
                            column,
                            "the problem line `p edge V E` before the edges".to_string(),
                        ));
                    };
                    edges.push(line.edge(vertices)?);
                }
                _ => {
                    return Err(line.error(
                        column,
                        format!(
                            "a line starting with `c`, `p` or `e`, found `{}`",
                            crate::text::quote(kind)
                        ),
                    ))
                }
            }
            if let Some((at, word)) = line.words.next() {
                return Err(line.error(
                    at,
                    format!("the end of the line, found `{}`", crate::text::quote(word)),
                ));
            }
        }
        let Some((line, column, vertices, count)) = problem else {
            return Err(DimacsError {
                line: lines + 1,
                column: 1,
                expected: "a problem line `p edge V E`, found the end of the input".to_string(),
            });
        };
        if edges.len() != count {
            return Err(DimacsError {
                line,
                column,
                expected: format!(
                    "{count} `e` {} as this line says, found {}",
                    if count == 1 { "line" } else { "lines" },
                    edges.len()
                ),
            });
        }
        Ok(Graph::new(vertices, edges))
    }
}

/// One line of a DIMACS file, read word by word.
struct Line<'a> {
    number: usize,
    /// The column just past the line's end, where a missing word is expected.
    end: usize,
    words: std::vec::IntoIter<(usize, &'a str)>,
}

impl<'a> Line<'a> {
    fn new(number: usize, text: &'a str) -> Self {
        let (words, end) = words(text);
        Line {
            number,
            end,
            words: words.into_iter(),
        }
    }

    fn error(&self, column: usize, expected: String) -> DimacsError {
        DimacsError {
            line: self.number,
            column,
            expected,
        }
    }

    /// The next word, or an error saying that `what` was expected.
    fn take(&mut self, what: &str) -> Result<(usize, &'a str), DimacsError> {
        self.words
            .next()
            .ok_or_else(|| self.error(self.end, format!("{what}, found the end of the line")))
    }

    /// The rest of a problem line, `edge V E`: the column of E, V and E.
    fn problem(&mut self) -> Result<(usize, usize, usize), DimacsError> {
        let (at, format) = self.take("the format `edge`")?;
        if !matches!(format, "edge" | "edges" | "col") {
            return Err(self.error(
                at,
                format!("the format `edge`, found `{}`", crate::text::quote(format)),
            ));
        }
        let (at, word) = self.take("the number of vertices")?;
        let vertices = whole(word, 0, MAX_VERTICES).ok_or_else(|| {
            self.error(
                at,
                format!(
                    "a number of vertices from 0 to {MAX_VERTICES}, found `{}`",
                    crate::text::quote(word)
                ),
            )
        })?;
        let (at, word) = self.take("the number of edges")?;
        let count = whole(word, 0, usize::MAX).ok_or_else(|| {
            self.error(
                at,
                format!("a number of edges, found `{}`", crate::text::quote(word)),
            )
        })?;
        Ok((at, vertices, count))
    }

    /// The rest of an edge line, `U W`, of a graph on `vertices` vertices: the vertices,
    /// from 0.
    fn edge(&mut self, vertices: usize) -> Result<(usize, usize), DimacsError> {
        let (_, u) = self.vertex(vertices)?;
        let (at, v) = self.vertex(vertices)?;
        if u == v {
            return Err(self.error(
                at,
                format!(
                    "an edge between two vertices, found a loop at vertex {}",
                    u + 1
                ),
            ));
        }
        Ok((u, v))
    }

    /// A vertex from 1 to `vertices`: its column, and the vertex from 0.
    fn vertex(&mut self, vertices: usize) -> Result<(usize, usize), DimacsError> {
        let (at, word) = self.take("a vertex")?;
        whole(word, 1, vertices)
            .map(|v| (at, v - 1))
            .ok_or_else(|| {
                let expected = if vertices == 0 {
                    "no edge: the graph has no vertices".to_string()
                } else {
                    format!(
                        "a vertex from 1 to {vertices}, found `{}`",
                        crate::text::quote(word)
                    )
                };
                self.error(at, expected)
            })
    }
}

/// `word` as a whole number from `min` to `max`.
fn whole(word: &str, min: usize, max: usize) -> Option<usize> {
    if !word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    word.parse().ok().filter(|n| (min..=max).contains(n))
}

impl fmt::Display for Graph {
    /// The graph in the DIMACS format: `p edge V E`, then its edges `e U W`, `U < W`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "p edge {} {}", self.vertices(), self.edges)?;
        for (u, list) in self.adjacency.iter().enumerate() {
            for &v in list.iter().filter(|&&v| v as usize > u) {
                writeln!(f, "e {} {}", u + 1, v + 1)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
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
}
