//! The JSON form of a tree: its entries and counts (or, streamed, one entry per line).

use std::fmt;

use super::{Node, Tree};
use crate::Stats;

/// The JSON form of a [`Tree`]; see [`Tree::json`].
#[derive(Clone, Copy, Debug)]
pub struct Json<'a>(pub(super) &'a Tree);

impl fmt::Display for Json<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tree = self.0;
        f.write_str("{\"nodes\":[\n")?;
        for (i, node) in tree.nodes.iter().enumerate() {
            let comma = if i + 1 < tree.nodes.len() { "," } else { "" };
            writeln!(f, "  {}{comma}", entry(node))?;
        }
        writeln!(
            f,
            "],\n\"stats\":{},\n\"budget\":{},\n\"truncated\":{},\n\"complete\":{},\n\"stopped\":{}}}",
            to_json(&tree.stats),
            tree.budget,
            tree.truncated(),
            tree.is_complete(),
            to_json(&tree.stop_key()),
        )
    }
}

fn to_json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).expect("entries and counts serialise to JSON")
}

/// One entry, as a JSON object on one line.
pub(super) fn entry(node: &Node) -> String {
    to_json(node)
}

/// The last line of the streamed JSON form: `{"end":{"stats":{…},"complete":…,
/// "stopped":…,"cut_off":[…]}}`: why the search stopped (`null` if it did not, or did not
/// say), and the v-numbers of the nodes cut off root first (written, before the search
/// stopped, as branches).
pub(super) fn stream_end(
    stats: &Stats,
    complete: bool,
    stopped: Option<String>,
    cut_off: impl Iterator<Item = u64>,
) -> String {
    #[derive(serde::Serialize)]
    struct End<'a> {
        stats: &'a Stats,
        complete: bool,
        stopped: Option<String>,
        cut_off: Vec<u64>,
    }
    #[derive(serde::Serialize)]
    struct Last<'a> {
        end: End<'a>,
    }
    let end = End {
        stats,
        complete,
        stopped,
        cut_off: cut_off.collect(),
    };
    to_json(&Last { end }) + "\n"
}
