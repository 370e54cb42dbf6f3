//! `backtrack sudoku`: fill a 9×9 grid so that every row, column and box holds 1 to 9.

use std::io::{self, Write};

use anyhow::{anyhow, Result};
use backtrack::Search;
use backtrack_problems::sudoku::{Grid, Sudoku};

use crate::args::{Common, TextFormat};
use crate::driver::{Mode, Out};
use crate::exit::Status;
use crate::input;

/// Sudoku: fill a 9×9 grid so that every row, column and 3×3 box holds 1 to 9.
///
/// Lists every solution (a proper puzzle has exactly one) as 9 lines of 9 digits, grids
/// apart by a blank line, or "no solution" (exit status 1). The puzzle is one line of 81
/// cells or 9 lines of 9: a cell is a digit 1-9, or `.`, `0` or `_` when empty; spaces,
/// `|` between cells, separator lines of `-`, `+` and `=`, blank lines and `#` comments
/// are ignored.
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
    let sudoku = puzzle(&args.file)?;
    let mut driver = settings.start()?;
    driver.describe(SEARCH);
    if args.common.tree.tree {
        return driver.tree(sudoku, &args.common.tree);
    }
    match mode {
        Mode::Count { .. } => driver.count(sudoku, 3),
        Mode::List { .. } | Mode::Best => {
            driver.list(Search::new(sudoku), "solution", |out, index, grid| {
                if json {
                    write_json(out, index, &grid)
                } else {
                    write_text(out, index, &grid)
                }
                .map(|()| true)
            })
        }
    }
}

/// Reads and checks the puzzle: a malformed grid or a repeated given is an error naming
/// the input and the place.
fn puzzle(path: &str) -> Result<Sudoku> {
    let input = input::read(path)?;
    let grid: Grid = input
        .text
        .parse()
        .map_err(|err| anyhow!("{}: {err}", input.name))?;
    Sudoku::new(grid).map_err(|err| anyhow!("{}: {err}", input.name))
}

/// Nine lines of nine digits, after a blank line from the second grid on.
fn write_text(out: &mut Out, index: u64, grid: &Grid) -> io::Result<()> {
    if index > 1 {
        writeln!(out)?;
    }
    write!(out, "{grid}")
}

/// `{"index":1,"rows":["534678912",…]}`.
fn write_json(out: &mut Out, index: u64, grid: &Grid) -> io::Result<()> {
    let rows: Vec<String> = grid.to_string().lines().map(str::to_string).collect();
    let line = serde_json::json!({ "index": index, "rows": rows });
    writeln!(out, "{line}")
}
