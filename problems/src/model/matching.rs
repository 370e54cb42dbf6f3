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

use std::cell::RefCell;

use backtrack::bits::Ones;

use super::{Conflict, Domains, Var};

/// No vertex: an unmatched variable or value, or an unvisited one.
const NONE: usize = usize::MAX;

/// The memory [`propagate`] works in, kept between its calls (one a thread, so that
/// the clones of a parallel search share none): once it has grown to the largest graph
/// seen, a propagation allocates nothing.
#[derive(Default)]
struct Scratch {
    value_of: Vec<usize>,
    var_of: Vec<usize>,
    seen: Vec<usize>,
    tarjan: Tarjan,
    reached: Vec<bool>,
    queue: Vec<usize>,
    successors: Vec<usize>,
    doomed: Vec<(Var, i64)>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Empties `list` and fills it with `len` copies of `value`, in the room it has.
fn refill<T: Clone>(list: &mut Vec<T>, len: usize, value: T) {
    list.clear();
    list.resize(len, value);
}

/// The bipartite graph of the variables (vertices `0..n`) and the values between the
/// least and the greatest of their domains (vertices `n..n + width`).
struct Graph<'a> {
    domains: &'a Domains,
    vars: &'a [Var],
    base: i64,
    width: usize,
    /// Each variable's matched value (an offset from `base`), or `NONE`.
    value_of: &'a mut [usize],
    /// Each value's matched variable, or `NONE`.
    var_of: &'a mut [usize],
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
}

/// The state of Tarjan's algorithm over a [`Graph`].
#[derive(Default)]
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
    /// The strongly connected component of every vertex of `graph`, in the memory
    /// this state has.
    fn components(&mut self, graph: &Graph<'_>) -> &[usize] {
        let vertices = graph.vertices();
        refill(&mut self.index, vertices, NONE);
        refill(&mut self.low, vertices, 0);
        refill(&mut self.on_stack, vertices, false);
        refill(&mut self.component, vertices, NONE);
        self.stack.clear();
        self.walk.clear();
        self.next_index = 0;
        self.components = 0;
        for root in 0..vertices {
            if self.index[root] == NONE {
                self.run(graph, root);
            }
        }
        &self.component
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
    SCRATCH.with_borrow_mut(|scratch| propagate_in(scratch, domains, vars))
}

/// [`propagate`] in the memory of `scratch`.
fn propagate_in(
    scratch: &mut Scratch,
    domains: &mut Domains,
    vars: &[Var],
) -> Result<(), Conflict> {
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
    let Scratch {
        value_of,
        var_of,
        seen,
        tarjan,
        reached,
        queue,
        successors,
        doomed,
    } = scratch;
    refill(value_of, n, NONE);
    refill(var_of, width, NONE);
    refill(seen, width, NONE);
    let mut graph = Graph {
        domains,
        vars,
        base,
        width,
        value_of,
        var_of,
    };
    for i in 0..n {
        if !graph.augment(i, seen, i) {
            return Err(Conflict::new());
        }
    }
    let component = tarjan.components(&graph);
    // The vertices on an alternating path from a free value: reachable from one.
    refill(reached, graph.vertices(), false);
    queue.clear();
    queue.extend(
        (0..width)
            .filter(|&value| graph.var_of[value] == NONE)
            .map(|value| n + value),
    );
    for &u in queue.iter() {
        reached[u] = true;
    }
    while let Some(u) = queue.pop() {
        graph.successors(u, successors);
        for &w in successors.iter() {
            if !reached[w] {
                reached[w] = true;
                queue.push(w);
            }
        }
    }
    doomed.clear();
    for (i, &x) in vars.iter().enumerate() {
        for value in graph.values(i) {
            let u = n + value;
            let kept = graph.value_of[i] == value || reached[u] || component[u] == component[i];
            if !kept {
                doomed.push((x, base + value as i64));
            }
        }
    }
    for &(x, value) in doomed.iter() {
        domains.remove(x, value)?;
    }
    Ok(())
}

/// Makes the domains of `vars` domain-consistent for all-different, as [`propagate`]
/// does, when there are at most 64 of them and their values span 64 at most: each domain
/// is then one word, the graph's edges rows of bits, and nothing is allocated. `None`
/// when they do not fit.
pub(crate) fn propagate_in_words(
    domains: &mut Domains,
    vars: &[Var],
) -> Option<Result<(), Conflict>> {
    if vars.len() > 64 {
        return None;
    }
    let base = vars.iter().map(|&x| domains.min(x)).min()?;
    let top = vars.iter().map(|&x| domains.max(x)).max()?;
    if i128::from(top) - i128::from(base) >= 64 {
        return None;
    }
    let mut rows = [0u64; 64];
    for (row, &x) in rows.iter_mut().zip(vars) {
        *row = domains.window(x) << (domains.min(x) - base);
    }
    let rows = &mut rows[..vars.len()];
    Some(filter(rows).and_then(|()| {
        for (&row, &x) in rows.iter().zip(vars) {
            domains.retain_window(x, row >> (domains.min(x) - base))?;
        }
        Ok(())
    }))
}

/// Where the rows of bits are read from when every variable's range fits in one word
/// and all their ranges span 64 values at most, fixed when the constraint is posted:
/// per variable, the index of its word and how far its base is above the least base.
/// Row `i` is then its word shifted by that much, with no bound or window looked up.
#[derive(Debug)]
pub(crate) struct Rows {
    at: Vec<(u32, u32)>,
}

impl Rows {
    /// The rows of `vars`, if there are 1 to 64 and their ranges fit.
    pub(crate) fn plan(domains: &Domains, vars: &[Var]) -> Option<Rows> {
        if vars.is_empty() || vars.len() > 64 {
            return None;
        }
        let words: Option<Vec<(u32, i64, u32)>> =
            vars.iter().map(|&x| domains.one_word(x)).collect();
        let words = words?;
        let base = words.iter().map(|&(_, base, _)| base).min()?;
        let top = words
            .iter()
            .map(|&(_, base, width)| i128::from(base) + i128::from(width) - 1)
            .max()?;
        if top - i128::from(base) >= 64 {
            return None;
        }
        let at = words
            .iter()
            .map(|&(index, own, _)| (index, (own - base) as u32))
            .collect();
        Some(Rows { at })
    }

    /// Runs forward checking (`matching` false) or matching over the rows of `vars` read
    /// from `domains`, and keeps in each domain the values its row keeps.
    pub(crate) fn propagate(
        &self,
        domains: &mut Domains,
        vars: &[Var],
        matching: bool,
    ) -> Result<(), Conflict> {
        if self.at.len() <= SMALL {
            self.run::<SMALL>(domains, vars, matching)
        } else {
            self.run::<64>(domains, vars, matching)
        }
    }

    /// Forward checking alone over the rows, for Hall intervals between their passes:
    /// apart from [`propagate`](Rows::propagate), so that its one caller inlines it.
    pub(crate) fn forward(&self, domains: &mut Domains, vars: &[Var]) -> Result<(), Conflict> {
        if self.at.len() <= SMALL {
            self.run::<SMALL>(domains, vars, false)
        } else {
            self.run::<64>(domains, vars, false)
        }
    }

    /// [`propagate`](Rows::propagate) with room for `N` rows.
    #[expect(
        clippy::inline_always,
        reason = "a copy in each caller, so that all-different's propagation inlines its rows"
    )]
    #[inline(always)]
    fn run<const N: usize>(
        &self,
        domains: &mut Domains,
        vars: &[Var],
        matching: bool,
    ) -> Result<(), Conflict> {
        let mut rows = [0u64; N];
        for (row, &(index, shift)) in rows.iter_mut().zip(&self.at) {
            *row = domains.word(index) << shift;
        }
        let rows = &mut rows[..self.at.len()];
        let done = forward(rows)?;
        if matching {
            regin::<N>(rows, done)?;
        }
        for ((&row, &(index, shift)), &x) in rows.iter().zip(&self.at).zip(vars) {
            domains.narrow_word(x, index, row >> shift)?;
        }
        Ok(())
    }
}

/// How many rows the arrays of a small all-different (a sudoku's unit) have room for,
/// so that a propagation zeroes no more.
const SMALL: usize = 16;

/// No variable: a value unmatched, in [`filter`].
const FREE: u8 = u8::MAX;

/// Domain consistency over rows of bits (at most 64), row `i` the values left to variable
/// `i`: forward checking first, then Régin's filtering of the variables still open.
pub(crate) fn filter(rows: &mut [u64]) -> Result<(), Conflict> {
    let done = forward(rows)?;
    if rows.len() <= SMALL {
        regin::<SMALL>(rows, done)
    } else {
        regin::<64>(rows, done)
    }
}

/// Every bit if `yes`, none if not: a test whose outcome is as good as random (which
/// rows are fixed, which variables reach which) used as a mask rather than a branch,
/// which would be mispredicted about half the time.
#[inline]
fn all_if(yes: bool) -> u64 {
    u64::from(yes).wrapping_neg()
}

/// Forward checking over rows of bits: each fixed value taken from the other rows, until
/// none is newly fixed. The rows fixed, as a mask.
///
/// The rows fixed already are gathered first (two on one value fail). Then one pass
/// takes the values fixed so far from each open row, and a row left with one value is
/// fixed on the spot; the passes end with one that fixes none, which has then taken
/// every fixed value from every open row.
fn forward(rows: &mut [u64]) -> Result<u64, Conflict> {
    let all = u64::MAX >> (64 - rows.len());
    let (mut done, mut taken) = (0u64, 0u64);
    let mut clash = 0u64;
    for (i, &row) in rows.iter().enumerate() {
        let fixed = all_if(row.is_power_of_two());
        clash |= taken & row & fixed;
        taken |= row & fixed;
        done |= (1 << i) & fixed;
    }
    if clash != 0 {
        return Err(Conflict::new());
    }
    loop {
        let before = done;
        for i in Ones(all & !done) {
            let row = rows[i as usize] & !taken;
            if row == 0 {
                return Err(Conflict::new());
            }
            rows[i as usize] = row;
            let fixed = all_if(row.is_power_of_two());
            taken |= row & fixed;
            done |= (1 << i) & fixed;
        }
        if done == before {
            return Ok(done);
        }
    }
}

/// Régin's filtering over rows of bits (at most `N`), of the rows not in `done` (fixed,
/// and their values taken from the others), on the graph of the open variables: `i → k`
/// when `k`'s row holds the value matched to `i` (an alternating path through that
/// value goes from `i`'s matching edge to `k`'s).
fn regin<const N: usize>(rows: &mut [u64], done: u64) -> Result<(), Conflict> {
    let open = !done & (u64::MAX >> (64 - rows.len()));
    // A value goes only for a Hall set: `k` open variables with `k` values between them,
    // fewer than all the open ones (the variable losing the value is outside it). With
    // `m` open, each holding `m` values at least, a Hall set would be all of them: then
    // nothing goes, and (Hall's theorem) every open variable is matched.
    let m = open.count_ones();
    if Ones(open).all(|i| rows[i as usize].count_ones() >= m) {
        return Ok(());
    }
    // A matching of the open variables: greedily, then by augmenting paths.
    let (mut var_of, mut value_of) = ([FREE; 64], [FREE; N]);
    let mut matched = 0u64;
    for i in Ones(open) {
        let free = rows[i as usize] & !matched;
        if free != 0 {
            let value = free.trailing_zeros();
            matched |= 1 << value;
            var_of[value as usize] = i as u8;
            value_of[i as usize] = value as u8;
        }
    }
    for i in Ones(open) {
        if value_of[i as usize] == FREE {
            let mut seen = 0u64;
            if !augment_in_words(rows, i as usize, &mut var_of, &mut value_of, &mut seen) {
                return Err(Conflict::new());
            }
        }
    }
    // Each open variable's matched value, as a bit.
    let mut mine = [0u64; N];
    let (mut matched, mut all) = (0u64, 0u64);
    for i in Ones(open) {
        mine[i as usize] = 1 << value_of[i as usize];
        matched |= mine[i as usize];
        all |= rows[i as usize];
    }
    // The variables on an alternating path from a free value: those whose rows hold a
    // free value or the value matched to one of them, until no more join. Every edge to
    // a free value or to a value of theirs is on such a path, and kept.
    let (mut reached, mut kept) = (0u64, all & !matched);
    loop {
        let before = reached;
        for k in Ones(open & !reached) {
            if rows[k as usize] & kept != 0 {
                reached |= 1 << k;
                kept |= mine[k as usize];
            }
        }
        if reached == before {
            break;
        }
    }
    // A path from a variable not reached to another passes through none reached (what
    // one reaches is reached), so the cycles among the unreached are found among them
    // alone; and a reached variable's edge to an unreached one's value is on no cycle
    // (that one would reach it), so it goes.
    let unreached = open & !reached;
    if unreached == 0 {
        return Ok(());
    }
    let held = Ones(unreached).fold(0u64, |held, i| held | mine[i as usize]);
    // The values of the variables each reaches (Warshall's closure): `i`'s edge to the
    // value matched to `j` is on an alternating cycle when `i` reaches `j`.
    let mut reach = [0u64; N];
    for k in Ones(unreached) {
        for value in Ones(rows[k as usize] & held & !mine[k as usize]) {
            reach[var_of[value as usize] as usize] |= mine[k as usize];
        }
    }
    for k in Ones(unreached) {
        let (through, bit) = (reach[k as usize], mine[k as usize]);
        for i in Ones(unreached) {
            reach[i as usize] |= through & all_if(reach[i as usize] & bit != 0);
        }
    }
    for i in Ones(open) {
        rows[i as usize] &= mine[i as usize] | kept | reach[i as usize];
    }
    Ok(())
}

/// Looks for an augmenting path from variable `i` over rows of bits (Kuhn's algorithm),
/// the values tried marked in `seen`.
fn augment_in_words(
    rows: &[u64],
    i: usize,
    var_of: &mut [u8; 64],
    value_of: &mut [u8],
    seen: &mut u64,
) -> bool {
    loop {
        let candidates = rows[i] & !*seen;
        if candidates == 0 {
            return false;
        }
        let value = candidates.trailing_zeros() as usize;
        *seen |= 1 << value;
        let holder = var_of[value];
        if holder == FREE || augment_in_words(rows, holder as usize, var_of, value_of, seen) {
            var_of[value] = i as u8;
            value_of[i] = value as u8;
            return true;
        }
    }
}
