//! `backtrack coloring`: color a graph's vertices with K colors, adjacent vertices
//! differently, or find its chromatic number.

use std::io::Write;

use anyhow::{anyhow, bail, Result};
use backtrack_problems::coloring::{Coloring, Graph, MAX_COLORS};
use serde::Serialize;

use crate::args::Common;
use crate::driver::{End, Job, Mode, Out, Task};
use crate::exit::Bug;
use crate::input;

/// Graph coloring: give each vertex of a graph one of K colors, adjacent vertices different
/// ones (--colors K), or find the fewest colors that do it, the chromatic number (--min).
///
/// The graph is a DIMACS .col file: `c` comment lines, a problem line `p edge V E`, then E
/// lines `e U W`, one per edge, vertices numbered 1 to V (at most 10000). The search colors
/// the vertices in DSATUR order (next, the one whose neighbors show the most distinct
/// colors; ties to the greater degree, then the smaller number), each trying the colors
/// from 1 up.
///
/// With --colors K, lists every proper coloring (or --first, --limit, --count: the count is
/// the chromatic polynomial at K), one per line: the colors of vertices 1 to V, from 1.
/// With --min, prints `chromatic number K` then such a line, by branch and bound over the
/// colorings up to a renaming of the colors. Every coloring is checked before it is
/// printed.
#[derive(Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("task").args(["colors", "min"]).required(true))]
pub struct Args {
    /// The graph, a DIMACS .col file; `-` or nothing reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: String,

    /// Color with the colors 1 to K (K from 1 to 256).
    #[arg(long, value_name = "K", value_parser = parse_colors, allow_negative_numbers = true,
          help_heading = "Coloring")]
    pub colors: Option<usize>,

    /// Find the chromatic number, the fewest colors, by branch and bound, and a coloring
    /// with so many.
    #[arg(long, conflicts_with_all = ["colors", "all", "first", "limit", "count"], help_heading = "Coloring")]
    pub min: bool,

    #[command(flatten)]
    pub common: Common,
}

/// What `--stats` describes.
const EVERY: &str = "the vertices in DSATUR order (most distinct colors around, then degree), each given the colors from 1 up; a color a neighbor has is rejected";
const BEST: &str = "branch and bound over the colorings up to renaming, vertices in DSATUR order, each given a color used or the next new one; a child that cannot use fewer colors than the best (nor fewer than a clique's size) is pruned";

/// The search `backtrack coloring` asks for.
pub fn job(args: &Args) -> Result<Job<'static>> {
    let json = args.common.json();
    let default = if args.min {
        Mode::Best
    } else {
        Mode::List { limit: None }
    };
    let settings = args.common.settings(default)?;
    let input = input::read(&args.file, "a graph")?;
    let graph: Graph = input
        .text
        .parse()
        .map_err(|err| anyhow!("{}: {err}", input.name))?;
    // The graph lives as long as the run: the threads of a listing borrow it for good.
    let graph: &'static Graph = Box::leak(Box::new(graph));
    if args.min && graph.dsatur_colors() > MAX_COLORS {
        bail!(
            "{}: the graph needs more than {MAX_COLORS} colors (a greedy coloring uses {}): --min searches at most {MAX_COLORS}",
            input.name,
            graph.dsatur_colors()
        );
    }
    let depth = 6.min(graph.vertices());
    let task: Task = if args.min {
        Task::search(Coloring::minimum(graph), depth)
            .tree()
            .best(move |out, colors, used, cutoff| {
                check(graph, colors)?;
                if json {
                    let line = Best {
                        chromatic_number: cutoff.is_none().then_some(used.0),
                        colors_used: used.0,
                        colors: shown(colors),
                        end: End::new(cutoff),
                    };
                    return writeln!(out, "{}", serde_json::to_string(&line)?);
                }
                match cutoff {
                    None => writeln!(out, "chromatic number {}", used.0)?,
                    Some(cutoff) => writeln!(out, "at most {} colors (partial: {cutoff})", used.0)?,
                }
                write_colors(out, colors)
            })
            .into()
    } else {
        let colors = args.colors.unwrap_or(1);
        Task::search(Coloring::new(graph, colors), depth)
            .tree()
            .list(move |out, index, colors| {
                check(graph, &colors)?;
                if json {
                    let line = Listed {
                        index,
                        colors: shown(&colors),
                    };
                    writeln!(out, "{}", serde_json::to_string(&line)?)?;
                } else {
                    write_colors(out, &colors)?;
                }
                Ok(true)
            })
            .into()
    };
    Ok(Job::new(settings, task)
        .describe(if args.min { BEST } else { EVERY })
        .thing("coloring"))
}

/// The chromatic number in JSON: `{"chromatic_number":3,"colors_used":3,"colors":[…],…}`
/// (`null` if a stop leaves it unknown).
#[derive(Serialize)]
struct Best {
    chromatic_number: Option<usize>,
    colors_used: usize,
    colors: Vec<usize>,
    #[serde(flatten)]
    end: End,
}

/// A coloring of a listing in JSON: `{"index":1,"colors":[1,2,1]}`.
#[derive(Serialize)]
struct Listed {
    index: u64,
    colors: Vec<usize>,
}

/// Checks a coloring found before it is printed: one that fails is a bug in the search,
/// and ends the run with an error.
fn check(graph: &Graph, colors: &[usize]) -> std::io::Result<()> {
    graph
        .check(colors)
        .map_err(|fault| Bug::io(format!("a coloring found failed its check ({fault})")))
}

/// The colors from 1.
fn shown(colors: &[usize]) -> Vec<usize> {
    colors.iter().map(|c| c + 1).collect()
}

/// One line: the colors of vertices 1 to V, from 1, or `(empty)` for a graph without
/// vertices.
fn write_colors(out: &mut Out, colors: &[usize]) -> std::io::Result<()> {
    if colors.is_empty() {
        return writeln!(out, "(empty)");
    }
    let words: Vec<String> = shown(colors).iter().map(usize::to_string).collect();
    writeln!(out, "{}", words.join(" "))
}

fn parse_colors(text: &str) -> Result<usize, String> {
    crate::args::whole(text, 1, MAX_COLORS as u64).map(|k| k as usize)
}
