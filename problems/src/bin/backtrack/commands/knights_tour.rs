//! `backtrack knights-tour`: a knight's tour of an R×C board.

use std::io::Write;

use anyhow::{bail, Result};
use backtrack_problems::knights_tour::{check, KnightsTour, MAX_SIDE};

use crate::args::Common;
use crate::driver::{Job, Mode, Out, Task};
use crate::exit::Bug;

/// Knight's tour: a knight visits every square of an R×C board once, from a start square
/// (--closed: and ends a knight's move from it).
///
/// Prints the first tour found (the default; --all, --limit and --count for more) as the
/// board, each square numbered by the move that reaches it, the start 1; or "no solution"
/// (exit status 1) when there is none. The moves are tried in Warnsdorff's order: the
/// squares with the fewest onward moves first, ties to the farther from the center (with
/// --closed, first to the farther from the start), then clockwise from two up and one
/// right; on a narrow board (a side of 6 or less, the other at least twice as long; open
/// tours) ties go to the farther from
/// the start and the nearer the center, and a move must leave the squares still to visit
/// connected. A square stranded with no unvisited neighbor ends a path early, and a color
/// argument refuses the starts where no tour can be (a knight changes color at every
/// move). Open tours of boards up to 1000×1000 come at once (narrow ones from a corner),
/// closed ones up to about 70×70; the search is complete but may take long on other
/// boards and starts (see --time-limit). Every tour is checked before it is printed.
#[derive(Debug, clap::Args)]
#[command(mut_args(crate::args::reworded(&[
    ("all", "List every tour, in search order, instead of the first"),
    ("first", "Print only the first tour (the default; or \"no solution\", exit status 1)"),
])))]
pub struct Args {
    /// The board's rows, 1 to 1000.
    #[arg(value_name = "R", value_parser = parse_side, allow_negative_numbers = true)]
    pub rows: usize,

    /// The board's columns, 1 to 1000.
    #[arg(value_name = "C", value_parser = parse_side, allow_negative_numbers = true)]
    pub cols: usize,

    /// The start square, row and column from 1, as ROW,COL or ROW:COL (default: 1,1, a
    /// corner).
    #[arg(long, value_name = "ROW,COL", value_parser = crate::args::parse_square, allow_hyphen_values = true,
          help_heading = "Tour")]
    pub start: Option<crate::args::Square>,

    /// Only closed tours: the last square a knight's move from the start.
    #[arg(long, help_heading = "Tour")]
    pub closed: bool,

    #[command(flatten)]
    pub common: Common,
}

/// What `--stats` describes.
const SEARCH: &str = "the knight's path, moves in Warnsdorff's order (fewest onward moves, then farther from the start if closed, then from the center; on a narrow board farther from the start and nearer the center); a move that strands a square, leaves a closed tour no way back, or leaves a narrow board's squares unconnected is rejected";

/// The search `backtrack knights-tour` asks for.
pub fn job(args: &Args) -> Result<Job<'static>> {
    let json = args.common.format.json();
    let settings = args.common.settings(Mode::List { limit: Some(1) })?;
    let (rows, cols, closed) = (args.rows, args.cols, args.closed);
    let (r, c) = args.start.as_ref().map_or((1, 1), |start| start.at);
    if let Some(start) = args
        .start
        .as_ref()
        .filter(|_| !crate::args::on_board((r, c), rows, cols))
    {
        bail!(crate::args::off_board("--start", &start.given, rows, cols));
    }
    let problem = KnightsTour::new(rows, cols, (r - 1, c - 1), closed);
    let task = Task::search(problem, 6)
        .tree()
        .list(move |out, index, tour| {
            check(rows, cols, &tour, closed)
                .map_err(|fault| Bug::io(format!("a tour found failed its check ({fault})")))?;
            if json {
                let line = Tour {
                    index,
                    tour: tour.iter().map(|&(r, c)| [r + 1, c + 1]).collect(),
                };
                writeln!(out, "{}", serde_json::to_string(&line)?)?;
            } else {
                if index > 1 {
                    writeln!(out)?;
                }
                write_board(out, rows, cols, &tour)?;
            }
            Ok(true)
        });
    Ok(Job::new(settings, task).describe(SEARCH).thing("tour"))
}

/// A tour in JSON: `{"index":1,"tour":[[1,1],[2,3],…]}`, squares as row and column from 1.
#[derive(serde::Serialize)]
struct Tour {
    index: u64,
    tour: Vec<[usize; 2]>,
}

/// The board, one line per row, each square the number of the move that reaches it (the
/// start 1), right-aligned.
fn write_board(
    out: &mut Out,
    rows: usize,
    cols: usize,
    tour: &[(usize, usize)],
) -> std::io::Result<()> {
    let mut step = vec![0usize; rows * cols];
    for (k, &(r, c)) in tour.iter().enumerate() {
        step[r * cols + c] = k + 1;
    }
    let width = (rows * cols).to_string().len();
    for row in step.chunks(cols) {
        let words: Vec<String> = row.iter().map(|k| format!("{k:>width$}")).collect();
        writeln!(out, "{}", words.join(" "))?;
    }
    Ok(())
}

fn parse_side(text: &str) -> Result<usize, String> {
    crate::args::whole(text, 1, MAX_SIDE as u64).map(|n| n as usize)
}
