//! `backtrack sudoku`: fill an n×n grid (4×4, 9×9, 16×16, 25×25, …) so that every row,
//! column and box holds 1 to n.

use std::cell::RefCell;
use std::io::{self, Write};
use std::rc::Rc;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Result};
use backtrack_problems::sudoku::{read_puzzles, Grid, Notation};

use crate::args::Common;
use crate::driver::{Job, Mode, Out, Task};
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
/// they hold a `0`, no `G`, and mark empty cells with `.` or `_` (solutions likewise);
/// their `0`s must be able to be a digit (more than one, none in the row, column or box of
/// another): a lone `0` or a repeated one among `.` is refused as an empty cell marked two
/// ways. Spaces, `|` between cells, separator lines of `-`, `+` and `=`, blank lines and `#`
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
/// line each, `{"puzzle":K,"searched":false,…}`). A puzzle whose givens contradict each
/// other (a digit twice in a row, column or box) has no solution: it is said so, with
/// the line and why, and the others are searched; a file that is not a grid is refused
/// whole. The exit status is that of the signal if one came, else 3 if a limit stopped a
/// puzzle, else 1 if a puzzle has no solution.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The puzzle file; `-` or nothing reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: String,

    #[command(flatten)]
    pub common: Common,
}

/// What `--stats` describes.
const SEARCH: &str = "naked and hidden singles filled and locked candidates struck after every placement, then the most constrained empty cell: only its candidate digits are tried, so none is rejected";

/// The searches `backtrack sudoku` asks for: one a puzzle of the file.
pub fn job(args: &Args) -> Result<Job<'static>> {
    let json = args.common.format.json();
    let settings = args.common.settings(Mode::List { limit: None })?;
    let input = input::read(&args.file, "a puzzle")?;
    let name = input.name;
    let puzzles = read_puzzles(&input.text).map_err(|err| anyhow!("{name}: {err}"))?;
    let several = puzzles.len() > 1;
    // What propagating a puzzle's givens took, only for what reports it.
    let timed = args.common.search.run.stats || args.common.search.estimate.estimate;
    if several && args.common.search.tree.tree {
        bail!(
            "--tree draws the search of one puzzle, and {name} holds {}",
            puzzles.len()
        );
    }
    // The bytes of a JSON line and of a grid's text, made once for the whole run.
    let buffers = Rc::new(RefCell::new(Buffers::default()));
    let tasks = puzzles.into_iter().enumerate().map(move |(at, puzzle)| {
        let k = at as u64 + 1;
        // The givens are propagated as the puzzle is made, when its turn comes: the
        // root's work, timed for --stats and --estimate. Givens that contradict each
        // other make a puzzle with no solution, said as such.
        let start = timed.then(Instant::now);
        let sudoku = match puzzle.sudoku() {
            Ok(sudoku) => sudoku,
            Err(conflict) => return Task::unsolvable(format!("{name}: {conflict}")),
        };
        let notation = puzzle.notation;
        let tag = several.then_some(k);
        let buffers = Rc::clone(&buffers);
        let task = Task::search(sudoku, 3)
            .tree()
            .list(move |out, index, grid| {
                if json {
                    let mut buffers = buffers.borrow_mut();
                    write_json(out, &mut buffers, tag, index, &grid, notation)
                } else {
                    write_text(out, index, &grid, notation)
                }
                .map(|()| true)
            });
        let took = start.map_or(Duration::ZERO, |start| start.elapsed());
        Task::from(task).prepared(took, PROPAGATED)
    });
    Ok(Job::each(settings, "puzzle", tasks).describe(SEARCH))
}

/// What `--stats` says the root's propagation was.
const PROPAGATED: &str = "propagating the givens at the root";

/// n lines of n cells in the puzzle's notation, after a blank line from the second grid on.
fn write_text(out: &mut Out, index: u64, grid: &Grid, notation: Notation) -> io::Result<()> {
    if index > 1 {
        out.write_all(b"\n")?;
    }
    grid.show(notation).write_to(out)
}

/// What a solution in JSON is made in: its grid's text, then its line.
#[derive(Default)]
struct Buffers {
    text: Vec<u8>,
    line: Vec<u8>,
}

/// `{"index":1,"rows":["534678912",…]}`, with `"puzzle":K` if the input holds several; the
/// rows in the puzzle's notation. Made in `buffers`, then written at once.
fn write_json(
    out: &mut Out,
    buffers: &mut Buffers,
    puzzle: Option<u64>,
    index: u64,
    grid: &Grid,
    notation: Notation,
) -> io::Result<()> {
    let Buffers { text, line } = buffers;
    text.clear();
    grid.show(notation).write_to(text)?;
    let text = std::str::from_utf8(text).map_err(io::Error::other)?;
    let solved = Solved {
        index,
        puzzle,
        rows: Rows {
            text,
            side: grid.side(),
        },
    };
    line.clear();
    serde_json::to_writer(&mut *line, &solved)?;
    line.push(b'\n');
    out.write_all(line)
}

/// A solution in JSON: `{"index":1,"puzzle":2,"rows":["534678912",…]}`.
#[derive(serde::Serialize)]
struct Solved<'a> {
    index: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    puzzle: Option<u64>,
    rows: Rows<'a>,
}

/// The `side` lines of a grid's text, as a JSON array of strings (no list of them made).
/// The lines are all as long (a character a cell, or numbers aligned in columns), each
/// ended by a newline: each is cut at its place, not found by looking for the newlines.
struct Rows<'a> {
    text: &'a str,
    side: usize,
}

impl serde::Serialize for Rows<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let Rows { text, side } = *self;
        let width = text.len() / side;
        debug_assert_eq!(width * side, text.len(), "rows of one length");
        let mut rows = serializer.serialize_seq(None)?;
        for at in (0..text.len()).step_by(width) {
            rows.serialize_element(&text[at..at + width - 1])?;
        }
        rows.end()
    }
}
