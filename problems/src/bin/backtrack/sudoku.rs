//! `backtrack sudoku`: fill an n×n grid (4×4, 9×9, 16×16, 25×25, …) so that every row,
//! column and box holds 1 to n.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Result};
use backtrack_problems::sudoku::{read_puzzles, Grid, Notation, Sudoku};

use crate::args::{Common, TextFormat};
use crate::driver::{Mode, Out};
use crate::exit::Status;
use crate::input;

/// Sudoku of any box size: fill an n×n grid (4×4, 9×9, 16×16, 25×25, up to 49×49) so
/// that every row, column and box holds 1 to n.
///
/// Lists every solution (a proper puzzle has exactly one) as n lines of n cells, grids
/// apart by a blank line, or "no solution" (exit status 1). A puzzle is n lines of n
/// cells, or one line of all its cells; the size is what its first row says. A cell is a
/// digit 1-9, then a letter for 10 and up (A = 10, …, G = 16, …, P = 25), or `.`, `0` or
/// `_` when empty; grids of 16 and more may be written in whole numbers apart by spaces
/// (then solutions are too), and 16×16 grids in hexadecimal, `0`-`F` for 1 to 16, when
/// they hold a `0`, no `G`, and mark empty cells with `.` or `_` (solutions likewise).
/// Spaces, `|` between cells, separator lines of `-`, `+` and `=`, blank lines and `#`
/// comments are ignored. A line of 16 cells is a 4×4 grid unless the next line has 16
/// cells too (a 16×16 grid).
///
/// A file may hold several puzzles, one after another, of any sizes: each is searched in
/// turn, its output after a line `# puzzle K` (in JSON, a field "puzzle" in each line),
/// and a last line sums them up: `# 3 puzzles: 2 solved, 1 with no solution` (in JSON
/// `{"puzzles":3,"solved":2,"no_solution":1,…}`; with --estimate, the estimated nodes
/// and time added up). The limits (--limit, --time-limit,
/// --node-limit) apply to each puzzle, and the next is searched after one is stopped; a
/// signal stops them all, and the puzzles not searched are named (on stderr; in JSON by a
/// line each, `{"puzzle":K,"searched":false,…}`). The exit status is that of the signal if
/// one came, else 3 if a limit stopped a puzzle, else 1 if a puzzle has no solution.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The puzzle file; `-` or nothing reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: String,

    #[command(flatten)]
    pub common: Common,

    #[command(flatten)]
    pub format: TextFormat,
}

/// What `--stats` describes.
const SEARCH: &str = "naked and hidden singles filled and locked candidates struck after every placement, then the most constrained empty cell: only its candidate digits are tried, so none is rejected";

/// Runs `backtrack sudoku`.
pub fn exec(args: &Args) -> Result<Status> {
    let json = args.format.json();
    let settings = args.common.settings(Mode::List { limit: None }, json)?;
    let mode = settings.mode();
    let (name, puzzles) = read(&args.file)?;
    let several = puzzles.len() > 1;
    if several && args.common.tree.tree {
        bail!(
            "--tree draws the search of one puzzle, and {name} holds {}",
            puzzles.len()
        );
    }
    let mut driver = settings.start()?;
    driver.describe(SEARCH);
    if args.common.tree.tree {
        let puzzle = puzzles.into_iter().next().expect("one puzzle");
        driver.prepared(puzzle.propagated, PROPAGATED);
        return driver.tree(puzzle.sudoku, &args.common.tree);
    }
    // Each puzzle in turn, the limits on each; a signal ends them all.
    let total = puzzles.len() as u64;
    let mut status = Status::Success;
    let mut tally = Tally::default();
    for (k, puzzle) in (1..).zip(puzzles) {
        let Puzzle {
            sudoku,
            notation,
            propagated,
        } = puzzle;
        if let Some(stop) = driver.signalled() {
            driver.not_searched("puzzle", k, total, stop)?;
            tally.not_searched = total - k + 1;
            break;
        }
        let puzzle = several.then_some(k);
        if several {
            driver.part("puzzle", k)?;
        }
        driver.prepared(propagated, PROPAGATED);
        let this = match mode {
            _ if driver.estimating() => driver.estimate_search(&sudoku)?,
            Mode::Count { .. } => driver.count(&sudoku, 3)?,
            Mode::List { .. } | Mode::Best => {
                driver.list_split(sudoku, 3, "solution", |out, index, grid| {
                    if json {
                        write_json(out, puzzle, index, &grid, notation)
                    } else {
                        write_text(out, index, &grid, notation)
                    }
                    .map(|()| true)
                })?
            }
        };
        tally.add(this);
        status = status.then(this);
    }
    if several {
        let done = if driver.estimating() {
            "estimated"
        } else if matches!(mode, Mode::Count { .. }) {
            "counted"
        } else {
            "solved"
        };
        let mut text = tally.text(total, done);
        let mut json = tally.json(total, done);
        if driver.estimating() {
            let estimated = driver.estimated();
            if estimated.searches > 0 {
                text = format!("{text}; {}", estimated.text());
                json["estimate"] = estimated.json();
            }
        }
        driver.summary(&text, &json)?;
    }
    Ok(status)
}

/// How the puzzles of a file ended, for the summary.
#[derive(Debug, Default)]
struct Tally {
    /// Listed with a solution at least, or counted to the end.
    done: u64,
    no_solution: u64,
    stopped: u64,
    not_searched: u64,
}

impl Tally {
    fn add(&mut self, status: Status) {
        match status {
            Status::Success => self.done += 1,
            Status::NoSolution => self.no_solution += 1,
            _ => self.stopped += 1,
        }
    }

    /// `3 puzzles: 2 solved, 1 with no solution`, the parts that are not zero; `done` says
    /// what was done to a puzzle that ended well (`solved`, `counted`, `estimated`).
    fn text(&self, total: u64, done: &str) -> String {
        let parts: Vec<String> = [
            (self.done, done),
            (self.no_solution, "with no solution"),
            (self.stopped, "stopped"),
            (self.not_searched, "not searched"),
        ]
        .into_iter()
        .filter(|&(n, _)| n > 0)
        .map(|(n, what)| format!("{n} {what}"))
        .collect();
        format!("{total} puzzles: {}", parts.join(", "))
    }

    /// `{"puzzles":3,"solved":2,"no_solution":1,"stopped":0,"not_searched":0}`, `done`
    /// the key of the puzzles that ended well.
    fn json(&self, total: u64, done: &str) -> serde_json::Value {
        let mut object = serde_json::json!({
            "puzzles": total,
            "no_solution": self.no_solution,
            "stopped": self.stopped,
            "not_searched": self.not_searched,
        });
        object[done] = self.done.into();
        object
    }
}

/// A puzzle read, its givens propagated.
struct Puzzle {
    sudoku: Sudoku,
    notation: Notation,
    /// How long the propagation of the givens took.
    propagated: Duration,
}

/// What `--stats` says the root's propagation was.
const PROPAGATED: &str = "propagating the givens at the root";

/// Reads and checks the puzzles: a malformed grid or a repeated given is an error naming
/// the input, the puzzle if there are several, and the line and place. Returns how errors
/// name the input, and the puzzles.
fn read(path: &str) -> Result<(String, Vec<Puzzle>)> {
    let input = input::read(path, "a puzzle")?;
    let name = input.name;
    let puzzles = read_puzzles(&input.text).map_err(|err| anyhow!("{name}: {err}"))?;
    let several = puzzles.len() > 1;
    let sudokus = (1..)
        .zip(puzzles)
        .map(|(k, puzzle)| {
            // The givens are propagated as the puzzle is made: the root's work, timed
            // for --stats.
            let start = Instant::now();
            let sudoku = puzzle.sudoku().map_err(|err| {
                if several {
                    anyhow!("{name}: puzzle {k}: {err}")
                } else {
                    anyhow!("{name}: {err}")
                }
            })?;
            Ok(Puzzle {
                sudoku,
                notation: puzzle.notation,
                propagated: start.elapsed(),
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok((name, sudokus))
}

/// n lines of n cells in the puzzle's notation, after a blank line from the second grid on.
fn write_text(out: &mut Out, index: u64, grid: &Grid, notation: Notation) -> io::Result<()> {
    if index > 1 {
        writeln!(out)?;
    }
    write!(out, "{}", grid.show(notation))
}

/// `{"index":1,"rows":["534678912",…]}`, with `"puzzle":K` if the input holds several; the
/// rows in the puzzle's notation.
fn write_json(
    out: &mut Out,
    puzzle: Option<u64>,
    index: u64,
    grid: &Grid,
    notation: Notation,
) -> io::Result<()> {
    let text = grid.show(notation).to_string();
    let rows: Vec<&str> = text.lines().collect();
    let mut line = serde_json::json!({ "index": index, "rows": rows });
    if let Some(puzzle) = puzzle {
        line["puzzle"] = serde_json::json!(puzzle);
    }
    writeln!(out, "{line}")
}
