//! The HTML form of a tree: one self-contained page (inline CSS, JavaScript and SVG) that
//! draws the tree and replays the search on it.

use std::fmt;

use super::text::summary;
use super::{Status, Tree};

/// The page's style sheet.
const CSS: &str = include_str!("html/view.css");

/// The page's script: reads the data, lays the tree out, draws it, replays the search.
const JS: &str = include_str!("html/view.js");

/// The HTML form of a [`Tree`]; see [`Tree::html`].
#[derive(Clone, Copy, Debug)]
pub struct Html<'a> {
    tree: &'a Tree,
    title: Option<&'a str>,
}

impl<'a> Html<'a> {
    pub(super) fn new(tree: &'a Tree) -> Self {
        Html { tree, title: None }
    }

    /// Names what the tree is of (`queens 4`, a command line): the page's title and
    /// heading say it.
    #[must_use]
    pub fn title(self, title: &'a str) -> Self {
        Html {
            title: Some(title),
            ..self
        }
    }

    /// The data the page's script reads: the tree's [JSON form](Tree::json), with every
    /// `<` written `\u003c` so that no label can end the `<script>` element holding it.
    pub fn data(&self) -> String {
        self.tree.json().to_string().replace('<', "\\u003c")
    }
}

/// Text escaped for HTML content and attribute values.
fn escape(f: &mut impl fmt::Write, text: &str) -> fmt::Result {
    for c in text.chars() {
        match c {
            '&' => f.write_str("&amp;")?,
            '<' => f.write_str("&lt;")?,
            '>' => f.write_str("&gt;")?,
            '"' => f.write_str("&quot;")?,
            c => f.write_char(c)?,
        }
    }
    Ok(())
}

/// The legend: each status, with the swatch the page draws it with.
const LEGEND: &[(Status, &str)] = &[
    (Status::Branch, "branch"),
    (Status::Solution, "solution"),
    (Status::DeadEnd, "dead end"),
    (Status::Bounded, "bounded"),
    (Status::Pruned, "pruned"),
    (Status::Rejected, "rejected"),
    (Status::CutOff, "cut off"),
];

/// The CSS class of a status, as the script names it (its JSON name).
fn class(status: Status) -> &'static str {
    match status {
        Status::Branch => "branch",
        Status::DeadEnd => "dead_end",
        Status::Bounded => "bounded",
        Status::Solution => "solution",
        Status::Pruned => "pruned",
        Status::Rejected => "rejected",
        Status::CutOff => "cut_off",
    }
}

impl fmt::Display for Html<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tree = self.tree;
        let stats = &tree.stats;
        let title = self.title.unwrap_or("");
        f.write_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")?;
        f.write_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")?;
        f.write_str("<title>Solution tree")?;
        if !title.is_empty() {
            f.write_str(": ")?;
            escape(f, title)?;
        }
        writeln!(f, "</title>\n<style>\n{CSS}</style>\n</head>\n<body>")?;
        f.write_str("<header>\n<h1>Solution tree")?;
        if !title.is_empty() {
            f.write_str(" <code>")?;
            escape(f, title)?;
            f.write_str("</code>")?;
        }
        f.write_str("</h1>\n<p id=\"summary\">")?;
        escape(f, &summary(stats, tree.shown))?;
        f.write_str("</p>\n")?;
        if let Some(cut) = tree.cut {
            f.write_str("<p id=\"note\">")?;
            escape(f, &cut.note(tree.stop_words()))?;
            f.write_str("</p>\n")?;
        }
        f.write_str("<dl id=\"stats\">")?;
        let counts: [(&str, String); 8] = [
            ("nodes", stats.nodes.to_string()),
            ("solutions", stats.solutions.to_string()),
            ("dead ends", stats.dead_ends.to_string()),
            ("bounded", stats.bounded.to_string()),
            ("pruned", stats.prunings.to_string()),
            ("rejected", stats.rejections.to_string()),
            ("max depth", stats.max_depth.to_string()),
            ("entries drawn", tree.nodes.len().to_string()),
        ];
        for (name, value) in counts {
            write!(f, "<div><dt>{name}</dt><dd>{value}</dd></div>")?;
        }
        let recording = if tree.truncated() {
            "cut at the budget"
        } else if tree.is_complete() {
            "complete"
        } else {
            "stopped early"
        };
        writeln!(
            f,
            "<div><dt>budget</dt><dd>{}</dd></div><div><dt>tree</dt><dd>{recording}</dd></div></dl>",
            tree.budget
        )?;
        f.write_str("<ul id=\"legend\">")?;
        for &(status, name) in LEGEND {
            write!(
                f,
                "<li><svg width=\"22\" height=\"14\"><rect class=\"swatch s-{}\" x=\"1\" y=\"1\" width=\"20\" height=\"12\" rx=\"3\"/></svg>{name}</li>",
                class(status)
            )?;
        }
        f.write_str(
            "<li><svg width=\"22\" height=\"14\"><rect class=\"swatch on-path\" x=\"1\" y=\"1\" width=\"20\" height=\"12\" rx=\"3\"/></svg>current path</li>",
        )?;
        f.write_str(
            "<li><svg width=\"22\" height=\"14\"><rect class=\"swatch future\" x=\"1\" y=\"1\" width=\"20\" height=\"12\" rx=\"3\"/></svg>not reached yet</li></ul>\n</header>\n",
        )?;
        f.write_str(BODY)?;
        f.write_str("<script type=\"application/json\" id=\"tree-data\">\n")?;
        f.write_str(&self.data())?;
        writeln!(f, "</script>\n<script>\n{JS}</script>\n</body>\n</html>")
    }
}

/// The controls, the drawing and the details panel, filled in by the script.
const BODY: &str = r#"<nav id="controls">
<button id="start" title="Back to the root (Home)">|&#x25C0;</button>
<button id="back" title="Step back (&#x2190;)">&#x25C0;</button>
<button id="play" title="Play or pause (space)">play</button>
<button id="forward" title="Step forward (&#x2192;)">&#x25B6;</button>
<button id="end" title="To the end of the search (End)">&#x25B6;|</button>
<input id="slider" type="range" min="1" max="1" value="1" aria-label="Replay step">
<label>speed <select id="speed"><option value="1" selected>1 step</option><option value="4">4 steps</option><option value="20">20 steps</option><option value="100">100 steps</option><option value="1000">1000 steps</option></select> a tick</label>
<label><input id="follow" type="checkbox" checked> open the current path</label>
<label><input id="labels" type="checkbox"> labels in the boxes</label>
<span class="zoom"><button id="zoom-in" title="Zoom in (+)">+</button><button id="zoom-out" title="Zoom out (-)">&#x2212;</button><button id="fit" title="Fit the tree to the window (0)">fit</button></span>
<output id="position"></output>
</nav>
<main>
<svg id="tree" role="img" aria-label="The solution tree"><g id="viewport"><g id="edges"></g><g id="nodes"></g></g></svg>
<aside id="details"><p class="hint">Click a node for its details. Keys: &#x2190; &#x2192; step, space plays and pauses, Home and End jump, + &#x2212; zoom, 0 fits. Drag to pan, wheel to zoom.</p></aside>
</main>
<noscript><p>The drawing and the replay need JavaScript; the counts above do not.</p></noscript>
"#;
