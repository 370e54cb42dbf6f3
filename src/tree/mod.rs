//! The solution tree (解答树) of a search: recorded by an observer, shown as text, DOT, JSON
//! or an HTML page.
//!
//! A [`Recorder`] is an ordinary [`Observer`](crate::Observer): attached to a [`Search`] it
//! builds the tree the search walks, as an arena of [`Node`]s in expansion order, and costs
//! nothing when it is not attached. The finished [`Tree`] renders as an indented text tree
//! ([`Tree::text`], also its `Display`), a Graphviz graph ([`Tree::dot`]), JSON
//! ([`Tree::json`]) or a self-contained HTML page that replays the search ([`Tree::html`]). [`TreeWriter`] writes the nodes out as they come instead, in constant
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
//! use backtrack::tree::{tree_of, Label};
//! use backtrack::Problem;
//!
//! /// N-Queens, one queen per row; the state is the columns of the queens placed so far.
//! #[derive(Clone)]
//! struct Queens { n: usize, cols: Vec<usize> }
//! # impl Problem for Queens {
//! #     type Op = usize;
//! #     type Ops = std::ops::Range<usize>;
//! #     type Solution = ();
//! #     fn operators(&self) -> Self::Ops { 0..self.n }
//! #     fn admissible(&self, col: usize) -> bool {
//! #         let row = self.cols.len();
//! #         self.cols.iter().enumerate().all(|(r, &c)| c != col && row - r != c.abs_diff(col))
//! #     }
//! #     fn apply(&mut self, col: usize) { self.cols.push(col) }
//! #     fn undo(&mut self, _: usize) { self.cols.pop(); }
//! #     fn is_complete(&self) -> bool { self.cols.len() == self.n }
//! #     fn solution(&self) {}
//! # }
//!
//! /// The textbook's labels: `(a1,…,an)`, the 1-based column of each row's queen, 0 if empty.
//! impl Label for Queens {
//!     fn label(&self) -> String {
//!         let a: Vec<String> =
//!             (0..self.n).map(|r| self.cols.get(r).map_or(0, |c| c + 1).to_string()).collect();
//!         format!("({})", a.join(","))
//!     }
//!     fn op_label(&self, col: usize) -> String { (col + 1).to_string() }
//! }
//!
//! let tree = tree_of(&Queens { n: 4, cols: vec![] });
//! assert_eq!(tree.nodes().len(), 17);
//! let solutions: Vec<String> = tree.solutions().map(|node| node.to_string()).collect();
//! assert_eq!(solutions, ["v9 (2,4,1,3)", "v13 (3,1,4,2)"]);
//! ```
//!
//! [`Search`]: crate::Search

mod dot;
mod html;
mod json;
mod label;
mod recorder;
mod text;
mod walk;
mod writer;

use std::fmt;
use std::io;

pub use dot::Dot;
pub use html::Html;
pub use json::Json;
pub use label::Label;
pub use recorder::Recorder;
pub use text::{Text, MAX_INDENT};
pub use writer::TreeWriter;

use crate::{Optimize, Search, Stats, StopReason};

use walk::Shown;

/// What became of a node (or of a refused attempt).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Expanded, with at least one child entered.
    Branch,
    /// Expanded, and the constraints refused every child: a leaf that is not a solution.
    DeadEnd,
    /// Expanded, and no child entered, at least one pruned by the optimality bound
    /// (branch and bound): a leaf the bound made, not a dead end.
    Bounded,
    /// Complete: a goal state, a leaf.
    Solution,
    /// An attempt cut by the optimality bound (no v-number), or a node entered but not
    /// expanded because an observer answered [`Control::Prune`](crate::Control::Prune).
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
            Status::Bounded => "✂ bounded",
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

/// Why a tree is not the whole tree of its search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cut {
    /// The recorder's budget was used up: recording stopped, and so did the search.
    Budget(Limit),
    /// The search stopped (a limit, a cancellation, an observer), for the reason given if
    /// it said one, or has not finished.
    Stopped(Option<StopReason>),
}

/// A recorder's budget, the one that stopped a recording: see
/// [`Tree::truncated_at`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    /// So many entries ([`Recorder::budget`]).
    Entries(usize),
    /// So many bytes of memory ([`Recorder::memory`]).
    Memory(usize),
}

impl Cut {
    /// The note that ends the text and DOT forms of an incomplete tree; `name` names the
    /// stop in the caller's words ([`Tree::name_stop`]).
    fn note(self, name: Option<&str>) -> String {
        if let (Cut::Stopped(_), Some(name)) = (self, name) {
            return format!("the search stopped before the end ({name}): the tree is incomplete");
        }
        match self {
            Cut::Budget(Limit::Entries(1)) => {
                "recording stopped at the budget of 1 entry: the tree is incomplete".into()
            }
            Cut::Budget(Limit::Entries(budget)) => format!(
                "recording stopped at the budget of {budget} entries: the tree is incomplete"
            ),
            Cut::Budget(Limit::Memory(bytes)) => format!(
                "recording stopped at the memory budget of {:.1} MiB: the tree is incomplete",
                bytes as f64 / f64::from(1 << 20)
            ),
            Cut::Stopped(Some(reason)) => {
                format!("the search stopped before the end ({reason}): the tree is incomplete")
            }
            Cut::Stopped(None) => {
                "the search stopped before the end: the tree is incomplete".into()
            }
        }
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
pub fn record<P: Label>(problem: P, recorder: Recorder) -> Tree {
    record_with(problem, recorder, |search| {
        search.count_solutions();
    })
}

/// Records the tree of the search that `run` makes of `problem`, in any mode: `run` is
/// given the search, watched by `recorder`, and runs it as it likes (the first solution,
/// the first `k`, the best by branch and bound, under limits of its own).
///
/// `run` owns the search, so that it may call the modes that consume it (`|search| {
/// search.count_solutions(); }`, `search.best()`, `search.first()`,
/// `search.limits(…).count_solutions()`). The search is also the iterator over the
/// solutions, and iterating it by `next` or `by_ref` needs a mutable binding:
/// `|mut search| { search.next(); }` (without `mut`, error E0596: cannot borrow `search`
/// as mutable).
///
/// ```
/// use backtrack::tree::{record_with, Recorder};
/// use backtrack::{Limits, StopReason};
/// # use backtrack::{tree::Label, Problem};
/// # #[derive(Clone)]
/// # struct Bits { bits: Vec<bool> }
/// # impl Problem for Bits {
/// #     type Op = bool;
/// #     type Ops = std::array::IntoIter<bool, 2>;
/// #     type Solution = Vec<bool>;
/// #     fn operators(&self) -> Self::Ops { [false, true].into_iter() }
/// #     fn apply(&mut self, b: bool) { self.bits.push(b) }
/// #     fn undo(&mut self, _: bool) { self.bits.pop(); }
/// #     fn is_complete(&self) -> bool { self.bits.len() == 3 }
/// #     fn solution(&self) -> Vec<bool> { self.bits.clone() }
/// # }
/// # impl Label for Bits {
/// #     fn label(&self) -> String { format!("{:?}", self.bits) }
/// #     fn op_label(&self, b: bool) -> String { u8::from(b).to_string() }
/// # }
/// // The tree of the search for the first solution: `mut`, as `next` borrows the search.
/// let tree = record_with(Bits { bits: vec![] }, Recorder::new(), |mut search| {
///     assert_eq!(search.next(), Some(vec![false, false, false]));
/// });
/// assert_eq!(tree.nodes().len(), 4); // the root, 0, 00, 000
///
/// // The first two bit strings of length 3: `take` consumes the search, no `mut` needed.
/// let tree = record_with(Bits { bits: vec![] }, Recorder::new(), |search| {
///     let _ = search.take(2).count();
/// });
/// assert_eq!(tree.solutions().count(), 2);
/// assert_eq!(tree.nodes().len(), 5); // the root, 0, 00, 000, 001
///
/// // Under a limit of its own: the tree stops where the search did.
/// let tree = record_with(Bits { bits: vec![] }, Recorder::new(), |search| {
///     search.limits(Limits::none().nodes(3)).count_solutions();
/// });
/// assert_eq!(tree.stopped(), Some(StopReason::NodeLimit));
/// ```
pub fn record_with<P: Label>(
    problem: P,
    mut recorder: Recorder,
    run: impl FnOnce(Search<P, &mut Recorder>),
) -> Tree {
    run(Search::new(problem).observer(&mut recorder));
    recorder.into_tree()
}

/// Records the tree of the branch and bound of `problem` ([`Search::best`]), with the
/// default [`Recorder`]: the children the bound pruned are shown as attempts. The problem
/// is cloned.
pub fn best_tree_of<P: Label + Optimize + Clone>(problem: &P) -> Tree {
    record_with(problem.clone(), Recorder::new(), |search| {
        search.best();
    })
}

/// A recorded solution tree: the arena of [`Node`]s in expansion order (a node comes after
/// its parent and before its next sibling), with the counts of what it records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    nodes: Vec<Node>,
    stats: Stats,
    budget: usize,
    cut: Option<Cut>,
    shown: Shown,
    /// The stop in the caller's words, if it named it: its JSON key, and the words of the
    /// note.
    stop_name: Option<(String, String)>,
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

    /// The counts of the recorded part of the search, counted from the events the recorder
    /// saw: the engine's [`Stats`] with no time ([`Stats::elapsed`] is zero), so that the
    /// tree's forms are stable enough for snapshots.
    ///
    /// Unless the recording stopped at its [budget](Tree::truncated), these are the counts
    /// of the whole search. If it did, `nodes` is the number of nodes drawn, which is also
    /// what the search entered (the one that did not fit was refused before it was).
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Did the recording stop at its budget, leaving the tree incomplete? The search
    /// stopped there too.
    pub fn truncated(&self) -> bool {
        matches!(self.cut, Some(Cut::Budget(_)))
    }

    /// The budget the recording stopped at, if it did: its entries or its memory.
    pub fn truncated_at(&self) -> Option<Limit> {
        match self.cut {
            Some(Cut::Budget(limit)) => Some(limit),
            _ => None,
        }
    }

    /// Is this the whole tree of a search that ran to its end? False for a tree cut at the
    /// budget ([`truncated`](Tree::truncated)) and for the tree of a search that was stopped
    /// (by a limit, a cancellation or an observer) or is still running; in both, the nodes
    /// still open are [cut off](Status::CutOff).
    pub fn is_complete(&self) -> bool {
        self.cut.is_none()
    }

    /// Why the tree stops before the end of its search, if it does and the reason is known:
    /// the search's own [`Outcome::stopped`](crate::Outcome::stopped) (a limit, a
    /// cancellation, an observer).
    ///
    /// A tree cut at the recorder's budget ([`truncated`](Tree::truncated)) was stopped by
    /// the recorder, an observer: [`StopReason::Observer`], as the search itself reports
    /// it, and [`truncated_at`](Tree::truncated_at) says which budget. `None` for a whole
    /// tree, and for one whose search ended early without saying why (a listing dropped
    /// after its first solutions).
    pub fn stopped(&self) -> Option<StopReason> {
        match self.cut {
            Some(Cut::Stopped(reason)) => reason,
            Some(Cut::Budget(_)) => Some(StopReason::Observer),
            None => None,
        }
    }

    /// Names why the search stopped in the caller's words: `key` for the JSON form's
    /// `stopped`, `words` for the note that ends the text and DOT forms of an incomplete
    /// tree (which signal cancelled it, say, where the engine only knows
    /// [`StopReason::Cancelled`]). No effect on a complete tree.
    pub fn name_stop(&mut self, key: impl Into<String>, words: impl Into<String>) {
        self.stop_name = Some((key.into(), words.into()));
    }

    /// The caller's words for the stop, if it named it.
    fn stop_words(&self) -> Option<&str> {
        self.stop_name.as_ref().map(|(_, words)| words.as_str())
    }

    /// How the JSON form names the stop: the caller's name ([`Tree::name_stop`]), else the
    /// budget that cut the recording (`tree_budget`, `tree_memory`, as the command line
    /// names them) or the engine's reason; `None` for a complete tree.
    fn stop_key(&self) -> Option<String> {
        let cut = self.cut?;
        let named = self.stop_name.as_ref().map(|(key, _)| key.clone());
        named.or_else(|| match cut {
            Cut::Budget(Limit::Entries(_)) => Some("tree_budget".into()),
            Cut::Budget(Limit::Memory(_)) => Some("tree_memory".into()),
            Cut::Stopped(reason) => reason.map(stop_key),
        })
    }

    /// The recorder's budget (entries).
    pub fn budget(&self) -> usize {
        self.budget
    }

    /// The indented text form, for a terminal: one entry per line, box-drawing lines,
    /// markers for solutions, dead ends and attempts, a line of counts first, and a note
    /// last if the tree is incomplete. The indentation stops at [`MAX_INDENT`] levels;
    /// deeper entries say their depth.
    ///
    /// ```text
    /// 17 nodes, 2 solutions, 4 dead ends; 44 rejected attempts not shown
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
    /// "label":"(0,0,0,0)","status":"branch"},…],"stats":{…},"budget":…,"truncated":false,
    /// "complete":true}`, one node per line.
    pub fn json(&self) -> Json<'_> {
        Json(self)
    }

    /// The HTML form: one self-contained page (inline CSS, JavaScript and SVG; nothing
    /// fetched from the network) to open in a browser. It draws the tree top-down as the
    /// textbook figure does, states in the boxes, operators on the edges, v-numbers,
    /// solutions, dead ends, pruned and rejected attempts in colours of their own with a
    /// legend, and the counts in its header. A replay walks the entries in the order the
    /// search made them (stepper, slider, arrow keys, space to play), highlighting the path
    /// from the root to the current node and fading what is not reached yet; its last step
    /// is the finished search, with the paths to the solutions highlighted. The address
    /// may name the step: `tree.html#step=v13`, `#step=5`, `#step=end`. Clicking a node
    /// shows its details; subtrees collapse and expand, the drawing zooms and pans, and a
    /// big tree opens collapsed below a depth, drawing only what is in view.
    ///
    /// The page carries the [JSON form](Tree::json) as its data ([`Html::data`]). It is
    /// written whole, from a recorded tree: there is no streamed HTML.
    ///
    /// ```
    /// use backtrack::tree::{tree_of, Label};
    /// # use backtrack::Problem;
    ///
    /// /// Ways to pay 3 with coins of 1 and 2, order mattering.
    /// #[derive(Clone)]
    /// struct Coins { left: u32 }
    /// # impl Problem for Coins {
    /// #     type Op = u32;
    /// #     type Ops = std::array::IntoIter<u32, 2>;
    /// #     type Solution = ();
    /// #     fn operators(&self) -> Self::Ops { [1, 2].into_iter() }
    /// #     fn admissible(&self, coin: u32) -> bool { coin <= self.left }
    /// #     fn apply(&mut self, coin: u32) { self.left -= coin }
    /// #     fn undo(&mut self, coin: u32) { self.left += coin }
    /// #     fn is_complete(&self) -> bool { self.left == 0 }
    /// #     fn solution(&self) {}
    /// # }
    /// # impl Label for Coins {
    /// #     fn label(&self) -> String { format!("{} left", self.left) }
    /// #     fn op_label(&self, coin: u32) -> String { format!("pay {coin}") }
    /// # }
    ///
    /// let tree = tree_of(&Coins { left: 3 });
    /// let page = tree.html().title("coins 3").to_string();
    /// assert!(page.starts_with("<!DOCTYPE html>"));
    /// assert!(page.contains("<title>Solution tree: coins 3</title>"));
    /// assert!(page.contains(&tree.html().data()));
    /// assert!(!page.contains("https://"));
    /// // std::fs::write("tree.html", page)?; then open tree.html in a browser.
    /// ```
    pub fn html(&self) -> Html<'_> {
        Html::new(self)
    }

    /// Writes the tree in `format`.
    pub fn write(&self, format: Format, out: &mut impl io::Write) -> io::Result<()> {
        match format {
            Format::Text => write!(out, "{}", self.text()),
            Format::Dot => write!(out, "{}", self.dot()),
            Format::Json => write!(out, "{}", self.json()),
        }
    }
}

impl fmt::Display for Tree {
    /// The [text](Tree::text) form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.text().fmt(f)
    }
}

/// An output format for a tree, recorded ([`Tree::write`]) or streamed ([`TreeWriter`]).
/// The HTML page is not among them: it is written whole, from a recorded tree
/// ([`Tree::html`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Format {
    /// Indented text with box-drawing lines ([`Tree::text`]); streamed, indented by depth.
    #[default]
    Text,
    /// Graphviz DOT ([`Tree::dot`]).
    Dot,
    /// JSON ([`Tree::json`]); streamed, JSON Lines: one node object per line, then a last
    /// line with the counts and whether the tree is complete.
    Json,
}

/// The JSON name of a stop reason: `time_limit`, `cancelled`, ….
fn stop_key(reason: StopReason) -> String {
    match serde_json::to_value(reason) {
        Ok(serde_json::Value::String(name)) => name,
        _ => format!("{reason:?}"),
    }
}
