//! `backtrack sudoku`: fill a 9×9 grid so that every row, column and box holds 1 to 9.

use std::io::{self, Write};

use anyhow::{anyhow, bail, Result};
use backtrack_problems::sudoku::{read_puzzles, Grid, Sudoku};

use crate::args::{Common, TextFormat};
use crate::driver::{Mode, Out};
use crate::exit::Status;
use crate::input;

/// Sudoku: fill a 9×9 grid so that every row, column and 3×3 box holds 1 to 9.
///
/// Lists every solution (a proper puzzle has exactly one) as 9 lines of 9 digits, grids
/// apart by a blank line, or "no solution" (exit status 1). A puzzle is one line of 81
/// cells or 9 lines of 9: a cell is a digit 1-9, or `.`, `0` or `_` when empty; spaces,
/// `|` between cells, separator lines of `-`, `+` and `=`, blank lines and `#` comments
/// are ignored.
///
/// A file may hold several puzzles, one after another: each is searched in turn, its
/// output after a line `# puzzle K` (in JSON, a field "puzzle" in each line). The limits
/// (--limit, --time-limit, --node-limit) apply to each puzzle, and the next is searched
/// after one is stopped; a signal stops them all, and the puzzles not searched are named
/// (on stderr; in JSON by a line each, `{"puzzle":K,"searched":false,…}`). The exit
/// status is that of the signal if one came, else 3 if a limit stopped a puzzle, else 1
/// if a puzzle has no solution.
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
const SEARCH: &str =
    "most constrained empty cell first: only its candidate digits are tried, so none is rejected";

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
        return driver.tree(
            puzzles.into_iter().next().expect("one puzzle"),
            &args.common.tree,
        );
    }
    // Each puzzle in turn, the limits on each; a signal ends them all.
    let total = puzzles.len() as u64;
    let mut status = Status::Success;
    for (k, sudoku) in (1..).zip(puzzles) {
        if let Some(stop) = driver.signalled() {
            driver.not_searched("puzzle", k, total, stop)?;
            break;
        }
        let puzzle = several.then_some(k);
        if several {
            driver.part("puzzle", k)?;
        }
        let this = match mode {
            _ if driver.estimating() => driver.estimate_search(&sudoku)?,
            Mode::Count { .. } => driver.count(&sudoku, 3)?,
            Mode::List { .. } | Mode::Best => {
                driver.list_split(sudoku, 3, "solution", |out, index, grid| {
                    if json {
                        write_json(out, puzzle, index, &grid)
                    } else {
                        write_text(out, index, &grid)
                    }
                    .map(|()| true)
                })?
            }
        };
        status = status.then(this);
    }
    Ok(status)
}

/// Reads and checks the puzzles: a malformed grid or a repeated given is an error naming
/// the input, the puzzle if there are several, and the line and place. Returns how errors
/// name the input, and the puzzles.
fn read(path: &str) -> Result<(String, Vec<Sudoku>)> {
    let input = input::read(path, "a puzzle")?;
    let name = input.name;
    let puzzles = read_puzzles(&input.text).map_err(|err| anyhow!("{name}: {err}"))?;
    let several = puzzles.len() > 1;
    let sudokus = (1..)
        .zip(puzzles)
        .map(|(k, puzzle)| {
            puzzle.sudoku().map_err(|err| {
                if several {
                    anyhow!("{name}: puzzle {k}: {err}")
                } else {
                    anyhow!("{name}: {err}")
                }
            })
        })
        .collect::<Result<Vec<Sudoku>>>()?;
    Ok((name, sudokus))
}

/// Nine lines of nine digits, after a blank line from the second grid on.
fn write_text(out: &mut Out, index: u64, grid: &Grid) -> io::Result<()> {
    if index > 1 {
        writeln!(out)?;
    }
    write!(out, "{grid}")
}

/// `{"index":1,"rows":["534678912",…]}`, with `"puzzle":K` if the input holds several.
fn write_json(out: &mut Out, puzzle: Option<u64>, index: u64, grid: &Grid) -> io::Result<()> {
    let rows: Vec<String> = grid.to_string().lines().map(str::to_string).collect();
    let mut line = serde_json::json!({ "index": index, "rows": rows });
    if let Some(puzzle) = puzzle {
        line["puzzle"] = serde_json::json!(puzzle);
    }
    writeln!(out, "{line}")
}
