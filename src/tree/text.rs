//! The text form of a tree: a line of counts, then one entry per line under box-drawing
//! lines (or, streamed, indented by depth).

use std::fmt::{self, Write as _};

use super::walk::Shown;
use super::{Cut, Node, Tree};
use crate::Stats;

/// The text form of a [`Tree`] (its `Display`); see [`Tree::text`].
#[derive(Clone, Copy, Debug)]
pub struct Text<'a>(pub(super) &'a Tree);

impl fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tree = self.0;
        writeln!(f, "{}", summary(&tree.stats, tree.shown))?;
        let last = last_children(&tree.nodes);
        // `open[d]`: the ancestor at depth d + 1 has siblings still to come (draw `│`).
        let mut open: Vec<bool> = Vec::new();
        for (node, &is_last) in tree.nodes.iter().zip(&last) {
            if node.depth > 0 {
                open.truncate(node.depth - 1);
                // Past MAX_INDENT levels the lines of the deeper ancestors are left out.
                for &more in &open[..open.len().min(MAX_INDENT - 1)] {
                    f.write_str(if more { "│   " } else { "    " })?;
                }
                f.write_str(if is_last { "└── " } else { "├── " })?;
                open.push(!is_last);
            }
            depth(f, node.depth)?;
            line(f, node)?;
            f.write_char('\n')?;
        }
        if let Some(cut) = tree.cut {
            writeln!(f, "{}", cut.note(tree.stop_words()))?;
        }
        Ok(())
    }
}

/// For each entry, is it the last child of its parent?
fn last_children(nodes: &[Node]) -> Vec<bool> {
    // Walk backwards: an entry is the last child if no later entry had its parent. The
    // parent of an entry at depth d is the nearest earlier entry at depth d - 1.
    let mut last = vec![false; nodes.len()];
    // `seen[d]`: a later entry at depth d exists since the last entry at depth < d.
    let mut seen: Vec<bool> = Vec::new();
    for (i, node) in nodes.iter().enumerate().rev() {
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

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The line of counts that heads the text form (and ends the streamed one).
pub(super) fn summary(stats: &Stats, shown: Shown) -> String {
    let mut line = format!(
        "{}, {}, {}",
        plural(stats.nodes, "node", "nodes"),
        plural(stats.solutions, "solution", "solutions"),
        plural(stats.dead_ends, "dead end", "dead ends"),
    );
    if stats.bounded > 0 {
        let _ = write!(line, ", {} bounded", stats.bounded);
    }
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

/// The most levels of indentation the text form draws, recorded or streamed. A deeper
/// entry is drawn at this level with its depth written in front (`depth 40: v41 …`), so
/// that a line stays short however deep the tree: a deep tree's text grows with its
/// entries, not with the square of its depth.
pub const MAX_INDENT: usize = 32;

/// The depth of an entry drawn deeper than it can be indented, in front of its line.
fn depth(f: &mut impl fmt::Write, depth: usize) -> fmt::Result {
    if depth > MAX_INDENT {
        write!(f, "depth {depth}: ")?;
    }
    Ok(())
}

/// One entry's line, without the tree lines in front: `v9 (2,4,1,3)  ✓ solution`.
fn line(f: &mut impl fmt::Write, node: &Node) -> fmt::Result {
    write!(f, "{node}")?;
    let marker = node.status.marker();
    if !marker.is_empty() {
        write!(f, "  {marker}")?;
    }
    Ok(())
}

/// One entry of the streamed text form: its line, indented two spaces a level, up to
/// [`MAX_INDENT`] levels.
pub(super) fn stream_entry(out: &mut String, node: &Node) {
    for _ in 0..node.depth.min(MAX_INDENT) {
        out.push_str("  ");
    }
    let _ = depth(out, node.depth);
    let _ = line(out, node);
    out.push('\n');
}

/// The end of the streamed text form: the line of counts, then the note of an incomplete
/// tree.
pub(super) fn stream_end(
    stats: &Stats,
    shown: Shown,
    cut: Option<Cut>,
    name: Option<&str>,
) -> String {
    let mut end = summary(stats, shown);
    end.push('\n');
    if let Some(cut) = cut {
        end.push_str(&cut.note(name));
        end.push('\n');
    }
    end
}
