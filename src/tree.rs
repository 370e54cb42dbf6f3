//! The solution tree (解答树) of a search: recorded by an observer, shown as text, DOT or JSON.
//!
//! A [`Recorder`] is an ordinary [`Observer`]: attached to a [`Search`] it builds the tree
//! the search walks, as an arena of [`Node`]s in expansion order, and costs nothing when it
//! is not attached. The finished [`Tree`] renders as an indented text tree
//! ([`Tree::text`], also its `Display`), a Graphviz graph ([`Tree::dot`]) or JSON
//! ([`Tree::json`]). [`TreeWriter`] writes the nodes out as they come instead, in constant
//! memory, for trees too big to keep.
//!
//! Nodes are numbered v1, v2, … in the order the search enters them, the root being v1:
//! for 4-queens this is exactly the numbering of the textbook figure (17 nodes, solutions
//! v9 = (2,4,1,3) and v13 = (3,1,4,2)). Operators the search refused (rejected by the
//! constraints, or pruned by the optimality bound) are not nodes of the solution tree:
//! when shown, they appear as *attempts*, leaves with no v-number, so the numbering of the
//! real nodes never changes. Attempts pruned by the bound are shown by default, attempts
//! rejected by the constraints only on request ([`Recorder::show_rejected`]).
//!
//! Node labels come from the problem, through the [`Label`] trait.
//!
//! ```
//! use backtrack::tree::tree_of;
//! use backtrack_problems::queens::Queens;
//!
//! let tree = tree_of(&Queens::new(4));
//! assert_eq!(tree.nodes().len(), 17);
//! let solutions: Vec<String> = tree.solutions().map(|node| node.to_string()).collect();
//! assert_eq!(solutions, ["v9 (2,4,1,3)", "v13 (3,1,4,2)"]);
//! ```
//!
//! [`Search`]: crate::Search

use std::fmt::{self, Write as _};
use std::io;

use crate::{Control, Observer, Problem, Search, Stats};

/// How to show states and operators as text: what a solution tree needs on top of a
/// [`Problem`].
///
/// ```
/// use backtrack::{tree::{tree_of, Label}, Problem};
///
/// #[derive(Clone)]
/// struct Coins { left: u32 }
///
/// impl Problem for Coins {
///     type Op = u32;
///     type Ops = std::array::IntoIter<u32, 2>;
///     type Solution = ();
///     fn operators(&self) -> Self::Ops { [1, 2].into_iter() }
///     fn admissible(&self, coin: u32) -> bool { coin <= self.left }
///     fn apply(&mut self, coin: u32) { self.left -= coin }
///     fn undo(&mut self, coin: u32) { self.left += coin }
///     fn is_complete(&self) -> bool { self.left == 0 }
///     fn solution(&self) {}
/// }
///
/// impl Label for Coins {
///     fn label(&self) -> String { format!("{} left", self.left) }
///     fn op_label(&self, coin: u32) -> String { format!("pay {coin}") }
/// }
///
/// // Ways to pay 3 with coins of 1 and 2, order mattering: 1+1+1, 1+2, 2+1.
/// assert_eq!(tree_of(&Coins { left: 3 }).solutions().count(), 3);
/// ```
pub trait Label: Problem {
    /// The current state, short, on one line: `(2,4,1,0)`.
    fn label(&self) -> String;

    /// An operator, short, on one line: `3`.
    fn op_label(&self, op: Self::Op) -> String;

    /// The state that `op` would make from the current one, without making it: the label of
    /// an attempt the search refused (the current state is the refused child's parent).
    ///
    /// The default is the current label followed by `+ ` and the operator's; override it to
    /// show the would-be state itself (`(1,1,0,0)` for the queen refused at row 2, column 1).
    fn child_label(&self, op: Self::Op) -> String {
        format!("{} + {}", self.label(), self.op_label(op))
    }
}

impl<P: Label + ?Sized> Label for &mut P {
    fn label(&self) -> String {
        (**self).label()
    }
    fn op_label(&self, op: Self::Op) -> String {
        (**self).op_label(op)
    }
    fn child_label(&self, op: Self::Op) -> String {
        (**self).child_label(op)
    }
}

/// What became of a node (or of a refused attempt).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Expanded, with at least one child entered.
    Branch,
    /// Expanded, and no child was admitted: a leaf that is not a solution.
    DeadEnd,
    /// Complete: a goal state, a leaf.
    Solution,
    /// An attempt cut by the optimality bound (no v-number), or a node entered but not
    /// expanded because an observer answered [`Control::Prune`].
    Pruned,
    /// An attempt refused by the constraints (no v-number).
    Rejected,
    /// Entered, but the search stopped (a limit, an observer, the recording budget) or the
    /// recording ended before the node was finished: its subtree is incomplete.
    CutOff,
}

impl Status {
    /// The marker shown after a node in the text format (empty for a branch).
    pub fn marker(self) -> &'static str {
        match self {
            Status::Branch => "",
            Status::DeadEnd => "✗ dead end",
            Status::Solution => "✓ solution",
            Status::Pruned => "✂ pruned",
            Status::Rejected => "⊘ rejected",
            Status::CutOff => "… cut off",
        }
    }

    /// Is this a refused attempt rather than a node the search entered?
    pub fn is_attempt(self) -> bool {
        matches!(self, Status::Rejected | Status::Pruned)
    }
}

/// One entry of the solution tree: a node the search entered, or an attempt it refused.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Node {
    /// The v-number: 1 for the root, then in the order the search entered the nodes.
    /// `None` for a refused attempt, which is not a node of the solution tree.
    pub id: Option<u64>,
    /// The v-number of the parent (`None` for the root).
    pub parent: Option<u64>,
    /// Depth: 0 for the root; for an attempt, the depth the refused child would have had.
    pub depth: usize,
    /// The operator that led here, as [`Label::op_label`] shows it (`None` for the root).
    pub op: Option<String>,
    /// The state, as [`Label::label`] (or, for an attempt, [`Label::child_label`]) shows it.
    pub label: String,
    /// What became of it.
    pub status: Status,
}

impl fmt::Display for Node {
    /// `v9 (2,4,1,3)`, or just the label for an attempt.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.id {
            Some(id) => write!(f, "v{id} {}", self.label),
            None => f.write_str(&self.label),
        }
    }
}

/// What the recorded search did, counted from the events the observer saw: the engine's
/// [`Stats`] without the timing, so it is stable enough for snapshots.
///
/// The counts cover the whole search even when the recording stopped at its budget.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub struct TreeStats {
    /// Nodes entered, root included (equals [`Stats::nodes`]).
    pub nodes: u64,
    /// Solutions reached.
    pub solutions: u64,
    /// Dead ends.
    pub dead_ends: u64,
    /// Operators refused by the constraints.
    pub rejections: u64,
    /// Children cut by the optimality bound.
    pub prunings: u64,
    /// The deepest node entered (root = 0).
    pub max_depth: usize,
}

impl From<Stats> for TreeStats {
    fn from(stats: Stats) -> Self {
        TreeStats {
            nodes: stats.nodes,
            solutions: stats.solutions,
            dead_ends: stats.dead_ends,
            rejections: stats.rejections,
            prunings: stats.prunings,
            max_depth: stats.max_depth,
        }
    }
}

impl TreeStats {
    fn enter(&mut self, depth: usize) {
        self.nodes += 1;
        self.max_depth = self.max_depth.max(depth);
    }
}

/// Which refused attempts a recorder or writer shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Shown {
    rejected: bool,
}

impl Shown {
    fn shows(self, status: Status) -> bool {
        status != Status::Rejected || self.rejected
    }
}

/// A node of the recorder's current path, while its subtree is being searched.
#[derive(Clone, Copy, Debug)]
struct Open {
    /// Position in the arena.
    index: usize,
    id: u64,
    had_child: bool,
}

/// The observer that records the solution tree. See the [module docs](self).
///
/// Attach it by `&mut` so it can be turned into a [`Tree`] after the search:
///
/// ```
/// use backtrack::{tree::Recorder, Search};
/// use backtrack_problems::queens::Queens;
///
/// let mut recorder = Recorder::new().show_rejected();
/// let outcome = Search::new(Queens::new(4)).observer(&mut recorder).count_solutions();
/// let tree = recorder.into_tree();
/// assert_eq!(outcome.found, 2);
/// assert_eq!(tree.stats().nodes, outcome.stats.nodes);
/// // The 17 nodes keep their numbers; the refused squares come on top, unnumbered.
/// assert_eq!(tree.nodes().iter().filter(|node| node.id.is_some()).count(), 17);
/// assert_eq!(tree.nodes().len() as u64, 17 + outcome.stats.rejections);
/// ```
///
/// # Budget
///
/// The recorder keeps at most [`budget`](Recorder::budget) entries (nodes and shown
/// attempts). When one more would not fit, it stops recording, and at the next node it
/// answers [`Control::Stop`], so the search ends too instead of running on unrecorded: the
/// tree says it is [truncated](Tree::truncated), and its nodes still open are
/// [cut off](Status::CutOff). For trees too big to keep, use a [`TreeWriter`].
#[derive(Clone, Debug)]
pub struct Recorder {
    nodes: Vec<Node>,
    path: Vec<Open>,
    shown: Shown,
    budget: usize,
    truncated: bool,
    stats: TreeStats,
}

impl Default for Recorder {
    fn default() -> Self {
        Self::new()
    }
}

impl Recorder {
    /// The default budget: enough for every node of 8-queens (2057) with all of its refused
    /// attempts, small enough to stay within a few tens of megabytes.
    pub const DEFAULT_BUDGET: usize = 100_000;

    /// A recorder with the default budget, showing pruned attempts but not rejected ones.
    pub fn new() -> Self {
        Recorder {
            nodes: Vec::new(),
            path: Vec::new(),
            shown: Shown { rejected: false },
            budget: Self::DEFAULT_BUDGET,
            truncated: false,
            stats: TreeStats::default(),
        }
    }

    /// Also records the operators refused by the constraints, as unnumbered attempts.
    #[must_use]
    pub fn show_rejected(mut self) -> Self {
        self.shown.rejected = true;
        self
    }

    /// Records at most `max` entries (nodes and shown attempts); see [Budget](#budget).
    #[must_use]
    pub fn budget(mut self, max: usize) -> Self {
        self.budget = max;
        self
    }

    /// The tree recorded so far.
    pub fn into_tree(self) -> Tree {
        Tree {
            nodes: self.nodes,
            stats: self.stats,
            budget: self.budget,
            truncated: self.truncated,
            shown: self.shown,
        }
    }

    /// Records an entry if it fits; returns its index.
    fn push(&mut self, node: Node) -> Option<usize> {
        if self.truncated {
            return None;
        }
        if self.nodes.len() >= self.budget {
            self.truncated = true;
            return None;
        }
        self.nodes.push(node);
        Some(self.nodes.len() - 1)
    }

    fn attempt<P: Label + ?Sized>(&mut self, problem: &P, depth: usize, op: P::Op, status: Status) {
        if self.truncated || !self.shown.shows(status) {
            return;
        }
        let parent = self.path.last().map(|open| open.id);
        self.push(Node {
            id: None,
            parent,
            depth,
            op: Some(problem.op_label(op)),
            label: problem.child_label(op),
            status,
        });
    }

    fn set_status(&mut self, status: Status) {
        if self.truncated {
            return;
        }
        if let Some(open) = self.path.last() {
            self.nodes[open.index].status = status;
        }
    }
}

impl<P: Label + ?Sized> Observer<P> for Recorder {
    fn enter(&mut self, problem: &P, depth: usize, op: Option<P::Op>) -> Control {
        self.stats.enter(depth);
        if self.truncated {
            return Control::Stop;
        }
        let id = self.stats.nodes;
        let parent = self.path.last_mut().map(|open| {
            open.had_child = true;
            open.id
        });
        let node = Node {
            id: Some(id),
            parent,
            depth,
            op: op.map(|op| problem.op_label(op)),
            label: problem.label(),
            status: Status::CutOff,
        };
        match self.push(node) {
            Some(index) => {
                self.path.push(Open {
                    index,
                    id,
                    had_child: false,
                });
                Control::Continue
            }
            None => Control::Stop,
        }
    }

    fn reject(&mut self, problem: &P, depth: usize, op: P::Op) {
        self.stats.rejections += 1;
        self.attempt(problem, depth, op, Status::Rejected);
    }

    fn prune(&mut self, problem: &P, depth: usize, op: P::Op) {
        self.stats.prunings += 1;
        self.attempt(problem, depth, op, Status::Pruned);
    }

    fn solution(&mut self, _: &P, _: usize) {
        self.stats.solutions += 1;
        self.set_status(Status::Solution);
    }

    fn dead_end(&mut self, _: &P, _: usize) {
        self.stats.dead_ends += 1;
        self.set_status(Status::DeadEnd);
    }

    fn backtrack(&mut self, _: &P, _: usize) {
        if self.truncated {
            return;
        }
        if let Some(open) = self.path.pop() {
            let node = &mut self.nodes[open.index];
            if node.status == Status::CutOff {
                node.status = finished(open.had_child);
            }
        }
    }
}

/// The status of a node left without being a solution or a dead end.
fn finished(had_child: bool) -> Status {
    if had_child {
        Status::Branch
    } else {
        // Entered, never expanded, not complete: an observer pruned it.
        Status::Pruned
    }
}

/// Records the whole solution tree of `problem` (from its current state), with the default
/// [`Recorder`]: numbered nodes and pruned attempts, no rejected attempts, the default
/// budget. The problem is cloned; `problem` itself is left as it is.
///
/// The tree's `Display` is its [text](Tree::text) form, so a snapshot test of a problem's
/// search is one line: `insta::assert_snapshot!(tree_of(&my_problem))`.
pub fn tree_of<P: Label + Clone>(problem: &P) -> Tree {
    record(problem.clone(), Recorder::new())
}

/// Records the solution tree of `problem` with the given `recorder` (budget, attempts
/// shown), counting every solution. Pass `&mut problem` to keep the problem.
pub fn record<P: Label>(problem: P, mut recorder: Recorder) -> Tree {
    Search::new(problem)
        .observer(&mut recorder)
        .count_solutions();
    recorder.into_tree()
}

/// A recorded solution tree: the arena of [`Node`]s in expansion order (a node comes after
/// its parent and before its next sibling), with the search's counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    nodes: Vec<Node>,
    stats: TreeStats,
    budget: usize,
    truncated: bool,
    shown: Shown,
}

impl Tree {
    /// Every recorded entry, in expansion order: nodes and shown attempts.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The node with v-number `id`, if it was recorded.
    pub fn node(&self, id: u64) -> Option<&Node> {
        self.nodes.iter().find(|node| node.id == Some(id))
    }

    /// The solutions, in the order found.
    pub fn solutions(&self) -> impl Iterator<Item = &Node> {
        self.nodes
            .iter()
            .filter(|node| node.status == Status::Solution)
    }

    /// The counts of the whole search (not only of its recorded part).
    pub fn stats(&self) -> &TreeStats {
        &self.stats
    }

    /// Did the recording stop at its budget, leaving the tree incomplete?
    pub fn truncated(&self) -> bool {
        self.truncated
    }

    /// The recorder's budget (entries).
    pub fn budget(&self) -> usize {
        self.budget
    }

    /// The indented text form, for a terminal: one entry per line, box-drawing lines,
    /// markers for solutions, dead ends and attempts, a line of counts first.
    ///
    /// ```text
    /// 17 nodes, 2 solutions, 4 dead ends; 22 rejected attempts not shown
    /// v1 (0,0,0,0)
    /// ├── v2 (1,0,0,0)
    /// │   ├── v3 (1,3,0,0)  ✗ dead end
    /// ```
    pub fn text(&self) -> Text<'_> {
        Text(self)
    }

    /// The Graphviz form: nodes labelled with their state and v-number as in the textbook
    /// figure, children left to right in expansion order, solutions and dead ends filled
    /// in colour, attempts dashed. Render it with `dot -Tsvg`.
    pub fn dot(&self) -> Dot<'_> {
        Dot(self)
    }

    /// The JSON form: `{"nodes":[{"id":1,"parent":null,"depth":0,"op":null,
    /// "label":"(0,0,0,0)","status":"branch"},…],"stats":{…},"budget":…,"truncated":false}`,
    /// one node per line.
    pub fn json(&self) -> Json<'_> {
        Json(self)
    }

    /// Writes the tree in `format`.
    pub fn write(&self, format: Format, out: &mut impl io::Write) -> io::Result<()> {
        match format {
            Format::Text => write!(out, "{}", self.text()),
            Format::Dot => write!(out, "{}", self.dot()),
            Format::Json => write!(out, "{}", self.json()),
        }
    }

    /// For each entry, is it the last child of its parent?
    fn last_children(&self) -> Vec<bool> {
        // Walk backwards: an entry is the last child if no later entry had its parent. The
        // parent of an entry at depth d is the nearest earlier entry at depth d - 1.
        let mut last = vec![false; self.nodes.len()];
        // `seen[d]`: a later entry at depth d exists since the last entry at depth < d.
        let mut seen: Vec<bool> = Vec::new();
        for (i, node) in self.nodes.iter().enumerate().rev() {
            let d = node.depth;
            if seen.len() <= d {
                seen.resize(d + 1, false);
            }
            last[i] = !seen[d];
            seen[d] = true;
            // Everything deeper belonged to this entry's subtree (or a later sibling's).
            seen.truncate(d + 1);
        }
        last
    }
}

impl fmt::Display for Tree {
    /// The [text](Tree::text) form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.text().fmt(f)
    }
}

/// An output format for a tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Format {
    /// Indented text with box-drawing lines ([`Tree::text`]); streamed, indented by depth.
    #[default]
    Text,
    /// Graphviz DOT ([`Tree::dot`]).
    Dot,
    /// JSON ([`Tree::json`]); streamed, JSON Lines: one node object per line.
    Json,
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The line of counts that heads the text form.
fn summary(stats: &TreeStats, shown: Shown) -> String {
    let mut line = format!(
        "{}, {}, {}",
        plural(stats.nodes, "node", "nodes"),
        plural(stats.solutions, "solution", "solutions"),
        plural(stats.dead_ends, "dead end", "dead ends"),
    );
    if stats.prunings > 0 {
        let _ = write!(line, ", {} pruned", stats.prunings);
    }
    if stats.rejections > 0 {
        let _ = write!(
            line,
            "; {}",
            plural(stats.rejections, "rejected attempt", "rejected attempts")
        );
        if !shown.rejected {
            line.push_str(" not shown");
        }
    }
    line
}

/// One node's text line, without the tree lines in front.
fn text_line(f: &mut impl fmt::Write, node: &Node) -> fmt::Result {
    write!(f, "{node}")?;
    let marker = node.status.marker();
    if !marker.is_empty() {
        write!(f, "  {marker}")?;
    }
    Ok(())
}

fn budget_note(budget: usize) -> String {
    format!("recording stopped at the budget of {budget} entries: the tree is incomplete")
}

/// The text form of a [`Tree`] (its `Display`).
#[derive(Clone, Copy, Debug)]
pub struct Text<'a>(&'a Tree);

impl fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tree = self.0;
        writeln!(f, "{}", summary(&tree.stats, tree.shown))?;
        let last = tree.last_children();
        // `open[d]`: the ancestor at depth d + 1 has siblings still to come (draw `│`).
        let mut open: Vec<bool> = Vec::new();
        for (node, &is_last) in tree.nodes.iter().zip(&last) {
            if node.depth > 0 {
                open.truncate(node.depth - 1);
                for &more in &open {
                    f.write_str(if more { "│   " } else { "    " })?;
                }
                f.write_str(if is_last { "└── " } else { "├── " })?;
                open.push(!is_last);
            }
            text_line(f, node)?;
            f.write_char('\n')?;
        }
        if tree.truncated {
            writeln!(f, "{}", budget_note(tree.budget))?;
        }
        Ok(())
    }
}

/// A DOT string literal.
fn dot_quoted(f: &mut impl fmt::Write, text: &str) -> fmt::Result {
    f.write_char('"')?;
    for c in text.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            '\n' => f.write_str("\\n")?,
            '\r' => {}
            c => f.write_char(c)?,
        }
    }
    f.write_char('"')
}

/// The DOT name of an entry: `v9` for a node, `a3` for the third attempt shown.
fn dot_name(node: &Node, attempt: u64) -> String {
    match node.id {
        Some(id) => format!("v{id}"),
        None => format!("a{attempt}"),
    }
}

const DOT_HEADER: &str = "digraph solution_tree {\n  ordering=out;\n  node [shape=box, style=rounded, fontname=\"monospace\"];\n  edge [arrowhead=none];\n";

/// One entry of the DOT form: the node statement and the edge from its parent.
fn dot_entry(f: &mut impl fmt::Write, node: &Node, attempt: u64) -> fmt::Result {
    let name = dot_name(node, attempt);
    write!(f, "  {name} [label=")?;
    let label = match node.id {
        Some(id) => format!("{}\nv{id}", node.label),
        None => format!("{}\n{}", node.label, node.status.marker()),
    };
    dot_quoted(f, &label)?;
    let style = match node.status {
        Status::Branch => "",
        Status::Solution => ", style=\"rounded,filled,bold\", fillcolor=palegreen",
        Status::DeadEnd => ", style=\"rounded,filled\", fillcolor=mistyrose",
        Status::CutOff => ", style=\"rounded,dashed\"",
        Status::Pruned | Status::Rejected => {
            ", style=\"rounded,dashed\", color=gray50, fontcolor=gray50"
        }
    };
    writeln!(f, "{style}];")?;
    if let Some(parent) = node.parent {
        write!(f, "  v{parent} -> {name}")?;
        if node.status.is_attempt() {
            f.write_str(" [style=dashed, color=gray50]")?;
        }
        f.write_str(";\n")?;
    }
    Ok(())
}

/// The DOT form of a [`Tree`].
#[derive(Clone, Copy, Debug)]
pub struct Dot<'a>(&'a Tree);

impl fmt::Display for Dot<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tree = self.0;
        f.write_str("// ")?;
        f.write_str(&summary(&tree.stats, tree.shown))?;
        f.write_char('\n')?;
        f.write_str(DOT_HEADER)?;
        let mut attempts = 0;
        for node in &tree.nodes {
            if node.id.is_none() {
                attempts += 1;
            }
            dot_entry(f, node, attempts)?;
        }
        if tree.truncated {
            f.write_str("  truncated [shape=plaintext, style=\"\", label=")?;
            dot_quoted(f, &budget_note(tree.budget))?;
            f.write_str("];\n")?;
        }
        f.write_str("}\n")
    }
}

/// The JSON form of a [`Tree`].
#[derive(Clone, Copy, Debug)]
pub struct Json<'a>(&'a Tree);

fn json_line(node: &Node) -> String {
    serde_json::to_string(node).expect("a node serialises to JSON")
}

impl fmt::Display for Json<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tree = self.0;
        f.write_str("{\"nodes\":[\n")?;
        for (i, node) in tree.nodes.iter().enumerate() {
            let comma = if i + 1 < tree.nodes.len() { "," } else { "" };
            writeln!(f, "  {}{comma}", json_line(node))?;
        }
        let stats = serde_json::to_string(&tree.stats).expect("counts serialise to JSON");
        writeln!(
            f,
            "],\n\"stats\":{stats},\n\"budget\":{},\n\"truncated\":{}}}",
            tree.budget, tree.truncated
        )
    }
}

/// An observer that writes the solution tree out as the search walks it, keeping nothing
/// but the current path: for trees too big to record. No budget: it writes every node,
/// and stops the search at the first write error (which [`finish`](TreeWriter::finish)
/// returns).
///
/// The formats are those of [`Tree`], with two differences the streaming forces: the text
/// form is indented by depth (without box-drawing lines, which need to know whether a
/// node is its parent's last child), and the JSON form is JSON Lines, one node per line.
/// A node is written once its status is known, which is before any of its children; the
/// attempts refused before that are held back until then, so the memory used is bounded
/// by the depth and one node's search range, whatever the tree's size.
///
/// ```
/// use backtrack::{tree::{Format, TreeWriter}, Search};
/// use backtrack_problems::queens::Queens;
///
/// let mut writer = TreeWriter::new(Vec::new(), Format::Json);
/// Search::new(Queens::new(4)).observer(&mut writer).count_solutions();
/// let out = String::from_utf8(writer.finish()?).unwrap();
/// assert_eq!(out.lines().count(), 17);
/// assert!(out.lines().nth(8).unwrap().contains(r#""label":"(2,4,1,3)","status":"solution""#));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct TreeWriter<W: io::Write> {
    out: W,
    format: Format,
    shown: Shown,
    /// The v-numbers of the nodes on the current path, root first.
    path: Vec<u64>,
    /// The last node entered, until its status is known.
    pending: Option<Node>,
    /// Attempts refused under the pending node, already rendered.
    held: String,
    attempts: u64,
    stats: TreeStats,
    started: bool,
    error: Option<io::Error>,
}

impl<W: io::Write> TreeWriter<W> {
    /// A writer of `format` to `out`, showing pruned attempts but not rejected ones. Give it a
    /// buffered writer: it writes a line at a time.
    pub fn new(out: W, format: Format) -> Self {
        TreeWriter {
            out,
            format,
            shown: Shown { rejected: false },
            path: Vec::new(),
            pending: None,
            held: String::new(),
            attempts: 0,
            stats: TreeStats::default(),
            started: false,
            error: None,
        }
    }

    /// Also writes the operators refused by the constraints, as unnumbered attempts.
    #[must_use]
    pub fn show_rejected(mut self) -> Self {
        self.shown.rejected = true;
        self
    }

    /// The counts so far.
    pub fn stats(&self) -> &TreeStats {
        &self.stats
    }

    /// Writes what is still held back (a node left open by a stopped search is cut off) and
    /// the end of the format (the closing brace of DOT, the counts line of text), and gives
    /// back the writer, or the first write error.
    pub fn finish(mut self) -> io::Result<W> {
        self.start();
        if let Some(mut node) = self.pending.take() {
            node.status = Status::CutOff;
            self.emit(&node);
        }
        let tail = match self.format {
            Format::Text => format!("{}\n", summary(&self.stats, self.shown)),
            Format::Dot => format!("  // {}\n}}\n", summary(&self.stats, self.shown)),
            Format::Json => String::new(),
        };
        self.write(&tail);
        if let Some(err) = self.error {
            return Err(err);
        }
        self.out.flush()?;
        Ok(self.out)
    }

    fn write(&mut self, text: &str) {
        if self.error.is_none() {
            if let Err(err) = self.out.write_all(text.as_bytes()) {
                self.error = Some(err);
            }
        }
    }

    fn start(&mut self) {
        if !self.started {
            self.started = true;
            if self.format == Format::Dot {
                self.write(DOT_HEADER);
            }
        }
    }

    fn render(&self, node: &Node, attempt: u64) -> String {
        let mut line = String::new();
        let _ = match self.format {
            Format::Text => {
                for _ in 0..node.depth {
                    line.push_str("  ");
                }
                text_line(&mut line, node).and_then(|()| line.write_char('\n'))
            }
            Format::Dot => dot_entry(&mut line, node, attempt),
            Format::Json => writeln!(line, "{}", json_line(node)),
        };
        line
    }

    fn emit(&mut self, node: &Node) {
        let line = self.render(node, self.attempts);
        self.write(&line);
        let held = std::mem::take(&mut self.held);
        self.write(&held);
        self.held = held;
        self.held.clear();
    }

    /// The pending node's status is now known: write it, then the attempts held back.
    fn settle(&mut self, status: Status) {
        if let Some(mut node) = self.pending.take() {
            node.status = status;
            self.emit(&node);
        }
    }

    fn attempt<P: Label + ?Sized>(&mut self, problem: &P, depth: usize, op: P::Op, status: Status) {
        if !self.shown.shows(status) || self.error.is_some() {
            return;
        }
        self.attempts += 1;
        let node = Node {
            id: None,
            parent: self.path.last().copied(),
            depth,
            op: Some(problem.op_label(op)),
            label: problem.child_label(op),
            status,
        };
        let line = self.render(&node, self.attempts);
        if self.pending.is_some() {
            self.held.push_str(&line);
        } else {
            self.write(&line);
        }
    }
}

impl<P: Label + ?Sized, W: io::Write> Observer<P> for TreeWriter<W> {
    fn enter(&mut self, problem: &P, depth: usize, op: Option<P::Op>) -> Control {
        self.start();
        self.stats.enter(depth);
        // The parent has a child: it is a branch.
        self.settle(Status::Branch);
        let id = self.stats.nodes;
        self.pending = Some(Node {
            id: Some(id),
            parent: self.path.last().copied(),
            depth,
            op: op.map(|op| problem.op_label(op)),
            label: problem.label(),
            status: Status::CutOff,
        });
        self.path.push(id);
        if self.error.is_some() {
            Control::Stop
        } else {
            Control::Continue
        }
    }

    fn reject(&mut self, problem: &P, depth: usize, op: P::Op) {
        self.stats.rejections += 1;
        self.attempt(problem, depth, op, Status::Rejected);
    }

    fn prune(&mut self, problem: &P, depth: usize, op: P::Op) {
        self.stats.prunings += 1;
        self.attempt(problem, depth, op, Status::Pruned);
    }

    fn solution(&mut self, _: &P, _: usize) {
        self.stats.solutions += 1;
        self.settle(Status::Solution);
    }

    fn dead_end(&mut self, _: &P, _: usize) {
        self.stats.dead_ends += 1;
        self.settle(Status::DeadEnd);
    }

    fn backtrack(&mut self, _: &P, _: usize) {
        self.path.pop();
        // Still pending: neither a solution, nor a dead end, nor a parent.
        self.settle(finished(false));
    }
}
