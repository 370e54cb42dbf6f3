//! The Graphviz DOT form of a tree: the textbook figure, to render with `dot -Tsvg`.

use std::fmt::{self, Write as _};

use super::text::summary;
use super::walk::Shown;
use super::{Cut, Node, Status, Tree};
use crate::Stats;

/// The DOT form of a [`Tree`]; see [`Tree::dot`].
#[derive(Clone, Copy, Debug)]
pub struct Dot<'a>(pub(super) &'a Tree);

impl fmt::Display for Dot<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tree = self.0;
        writeln!(f, "// {}", summary(&tree.stats, tree.shown))?;
        f.write_str(HEADER)?;
        let mut attempts = 0;
        for node in &tree.nodes {
            if node.id.is_none() {
                attempts += 1;
            }
            entry(f, node, attempts)?;
        }
        if let Some(cut) = tree.cut {
            note(f, cut, tree.stop_words())?;
        }
        f.write_str("}\n")
    }
}

/// The opening of the graph, up to its first entry.
pub(super) const HEADER: &str = "digraph solution_tree {\n  ordering=out;\n  node [shape=box, style=rounded, fontname=\"monospace\"];\n  edge [arrowhead=none];\n";

/// A DOT string literal.
fn quoted(f: &mut impl fmt::Write, text: &str) -> fmt::Result {
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

/// The attributes that show what became of an entry (none for a branch).
fn style(status: Status) -> &'static str {
    match status {
        Status::Branch => "",
        Status::Solution => "style=\"rounded,filled,bold\", fillcolor=palegreen",
        Status::DeadEnd => "style=\"rounded,filled\", fillcolor=mistyrose",
        Status::Bounded => "style=\"rounded,filled\", fillcolor=lightyellow",
        Status::CutOff => "style=\"rounded,dashed\"",
        Status::Pruned | Status::Rejected => {
            "style=\"rounded,dashed\", color=gray50, fontcolor=gray50"
        }
    }
}

/// One entry: the node statement and the edge from its parent, labelled with the operator
/// that led to it. A node is named by its
/// v-number (`v9`), the `attempt`-th attempt shown by that number (`a3`).
pub(super) fn entry(f: &mut impl fmt::Write, node: &Node, attempt: u64) -> fmt::Result {
    let name = match node.id {
        Some(id) => format!("v{id}"),
        None => format!("a{attempt}"),
    };
    write!(f, "  {name} [label=")?;
    let label = match node.id {
        Some(id) => format!("{}\nv{id}", node.label),
        None => format!("{}\n{}", node.label, node.status.marker()),
    };
    quoted(f, &label)?;
    let style = style(node.status);
    if !style.is_empty() {
        write!(f, ", {style}")?;
    }
    f.write_str("];\n")?;
    if let Some(parent) = node.parent {
        write!(f, "  v{parent} -> {name}")?;
        // The operator labels the edge, as in the textbook figure and the HTML page.
        let mut attributes = Vec::new();
        if let Some(op) = &node.op {
            let mut label = String::from("label=");
            quoted(&mut label, op)?;
            attributes.push(label);
        }
        if node.status.is_attempt() {
            attributes.push("style=dashed, color=gray50, fontcolor=gray50".to_owned());
        }
        if !attributes.is_empty() {
            write!(f, " [{}]", attributes.join(", "))?;
        }
        f.write_str(";\n")?;
    }
    Ok(())
}

/// The note that says why a tree is incomplete, as a node of its own.
fn note(f: &mut impl fmt::Write, cut: Cut, name: Option<&str>) -> fmt::Result {
    f.write_str("  note [shape=plaintext, style=\"\", label=")?;
    quoted(f, &cut.note(name))?;
    f.write_str("];\n")
}

/// The end of the streamed DOT form: the nodes cut off (already written as branches) are
/// restyled as such, the note of an incomplete tree, the counts as a comment, and the
/// closing brace.
pub(super) fn stream_end(
    stats: &Stats,
    shown: Shown,
    cut: Option<Cut>,
    name: Option<&str>,
    cut_off: impl Iterator<Item = u64>,
) -> String {
    let mut end = String::new();
    for id in cut_off {
        let _ = writeln!(end, "  v{id} [{}];", style(Status::CutOff));
    }
    if let Some(cut) = cut {
        let _ = note(&mut end, cut, name);
    }
    let _ = write!(end, "  // {}\n}}\n", summary(stats, shown));
    end
}
