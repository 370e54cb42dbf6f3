//! Domain consistency for all-different by matching (Régin, "A filtering algorithm for
//! constraints of difference in CSPs", AAAI 1994): a value stays in a variable's domain
//! exactly when some assignment of different values to all the variables gives it.
//!
//! The variables and the values form a bipartite graph, an edge for each value left to
//! a variable. A maximum matching that covers every variable is one assignment; if there
//! is none, the constraint cannot hold. An edge outside the matching belongs to another
//! one exactly when it lies on an alternating cycle (its ends in one strongly connected
//! component of the graph with the matching's edges pointing from variable to value and
//! the others from value to variable) or on an alternating path from a value no variable
//! is matched to. Every other edge is taken.

use super::{Conflict, Domains, Var};

/// No vertex: an unmatched variable or value, or an unvisited one.
const NONE: usize = usize::MAX;

/// The bipartite graph of the variables (vertices `0..n`) and the values between the
/// least and the greatest of their domains (vertices `n..n + width`).
struct Graph<'a> {
    domains: &'a Domains,
    vars: &'a [Var],
    base: i64,
    width: usize,
    /// Each variable's matched value (an offset from `base`), or `NONE`.
    value_of: Vec<usize>,
    /// Each value's matched variable, or `NONE`.
    var_of: Vec<usize>,
}

impl Graph<'_> {
    fn vertices(&self) -> usize {
        self.vars.len() + self.width
    }

    /// The values left to variable `i`, as offsets.
    fn values(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let base = self.base;
        self.domains
            .values(self.vars[i])
            .map(move |v| (v - base) as usize)
    }

    /// Looks for an augmenting path from variable `i` (Kuhn's algorithm), marking the
    /// values it tries in `seen` with `stamp`. Its depth is at most the number of
    /// variables.
    fn augment(&mut self, i: usize, seen: &mut [usize], stamp: usize) -> bool {
        let (domains, base) = (self.domains, self.base);
        for value in domains.values(self.vars[i]).map(|v| (v - base) as usize) {
            if seen[value] == stamp {
                continue;
            }
            seen[value] = stamp;
            let holder = self.var_of[value];
            if holder == NONE || self.augment(holder, seen, stamp) {
                self.var_of[value] = i;
                self.value_of[i] = value;
                return true;
            }
        }
        false
    }

    /// The successors of vertex `u` in the oriented graph: a variable's matched value;
    /// a value's variables other than its matched one.
    fn successors(&self, u: usize, out: &mut Vec<usize>) {
        out.clear();
        let n = self.vars.len();
        if u < n {
            out.push(n + self.value_of[u]);
        } else {
            let value = self.base + (u - n) as i64;
            let matched = self.var_of[u - n];
            out.extend(
                (0..n).filter(|&i| i != matched && self.domains.contains(self.vars[i], value)),
            );
        }
    }

    /// The successor of vertex `u` at or after position `at` of its list, and the
    /// position after it: the walk of Tarjan's algorithm resumes a vertex's list there
    /// without keeping a copy of it.
    fn successor_from(&self, u: usize, at: usize) -> Option<(usize, usize)> {
        let n = self.vars.len();
        if u < n {
            return (at == 0).then(|| (n + self.value_of[u], 1));
        }
        let value = self.base + (u - n) as i64;
        let matched = self.var_of[u - n];
        (at..n)
            .find(|&i| i != matched && self.domains.contains(self.vars[i], value))
            .map(|i| (i, i + 1))
    }

    /// The strongly connected component of every vertex (Tarjan's algorithm, with an
    /// explicit stack).
    fn components(&self) -> Vec<usize> {
        let mut tarjan = Tarjan::new(self.vertices());
        for root in 0..self.vertices() {
            if tarjan.index[root] == NONE {
                tarjan.run(self, root);
            }
        }
        tarjan.component
    }
}

/// The state of Tarjan's algorithm over a [`Graph`].
struct Tarjan {
    index: Vec<usize>,
    low: Vec<usize>,
    on_stack: Vec<bool>,
    component: Vec<usize>,
    stack: Vec<usize>,
    /// The depth-first walk: each vertex entered and where its successors resume.
    walk: Vec<(usize, usize)>,
    next_index: usize,
    components: usize,
}

impl Tarjan {
    fn new(vertices: usize) -> Self {
        Tarjan {
            index: vec![NONE; vertices],
            low: vec![0; vertices],
            on_stack: vec![false; vertices],
            component: vec![NONE; vertices],
            stack: Vec::new(),
            walk: Vec::new(),
            next_index: 0,
            components: 0,
        }
    }

    fn enter(&mut self, u: usize) {
        self.index[u] = self.next_index;
        self.low[u] = self.next_index;
        self.next_index += 1;
        self.stack.push(u);
        self.on_stack[u] = true;
        self.walk.push((u, 0));
    }

    /// Finds the components of the vertices reachable from `root`, not yet visited.
    fn run(&mut self, graph: &Graph<'_>, root: usize) {
        self.enter(root);
        while let Some(&mut (u, ref mut at)) = self.walk.last_mut() {
            if let Some((w, next)) = graph.successor_from(u, *at) {
                *at = next;
                if self.index[w] == NONE {
                    self.enter(w);
                } else if self.on_stack[w] {
                    self.low[u] = self.low[u].min(self.index[w]);
                }
                continue;
            }
            self.walk.pop();
            if let Some(&(parent, _)) = self.walk.last() {
                self.low[parent] = self.low[parent].min(self.low[u]);
            }
            if self.low[u] == self.index[u] {
                while let Some(w) = self.stack.pop() {
                    self.on_stack[w] = false;
                    self.component[w] = self.components;
                    if w == u {
                        break;
                    }
                }
                self.components += 1;
            }
        }
    }
}

/// Makes the domains of `vars` domain-consistent for all-different, or fails.
pub(crate) fn propagate(domains: &mut Domains, vars: &[Var]) -> Result<(), Conflict> {
    let n = vars.len();
    if n == 0 {
        return Ok(());
    }
    let base = vars
        .iter()
        .map(|&x| domains.min(x))
        .min()
        .expect("a variable");
    let top = vars
        .iter()
        .map(|&x| domains.max(x))
        .max()
        .expect("a variable");
    let width = (top - base + 1) as usize;
    if width < n {
        return Err(Conflict::new());
    }
    let mut graph = Graph {
        domains,
        vars,
        base,
        width,
        value_of: vec![NONE; n],
        var_of: vec![NONE; width],
    };
    let mut seen = vec![NONE; width];
    for i in 0..n {
        if !graph.augment(i, &mut seen, i) {
            return Err(Conflict::new());
        }
    }
    let component = graph.components();
    // The vertices on an alternating path from a free value: reachable from one.
    let mut reached = vec![false; graph.vertices()];
    let mut queue: Vec<usize> = (0..width)
        .filter(|&value| graph.var_of[value] == NONE)
        .map(|value| n + value)
        .collect();
    for &u in &queue {
        reached[u] = true;
    }
    let mut successors = Vec::new();
    while let Some(u) = queue.pop() {
        graph.successors(u, &mut successors);
        for &w in &successors {
            if !reached[w] {
                reached[w] = true;
                queue.push(w);
            }
        }
    }
    let mut doomed: Vec<(Var, i64)> = Vec::new();
    for (i, &x) in vars.iter().enumerate() {
        for value in graph.values(i) {
            let u = n + value;
            let kept = graph.value_of[i] == value || reached[u] || component[u] == component[i];
            if !kept {
                doomed.push((x, base + value as i64));
            }
        }
    }
    for (x, value) in doomed {
        domains.remove(x, value)?;
    }
    Ok(())
}
