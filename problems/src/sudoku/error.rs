//! What can be wrong with a sudoku: a text that is not a grid, a grid built by hand that is
//! not one, and givens that contradict each other.

use std::fmt;

use super::{MAX_ORDER, MIN_ORDER};

/// What is wrong with a sudoku grid given as text, or built by hand.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SudokuError {
    /// No puzzle at all: no line holding cells.
    #[error("expected a grid (n lines of n cells, n = 4, 9, 16, 25, 36 or 49, or one line of 16, 81, 256, 625, 1296 or 2401 cells), found no cells")]
    Empty,
    /// A puzzle cut short by the end of the text.
    #[error("{}", incomplete(*puzzle, *first_line, *last_line, *lines, *side))]
    Incomplete {
        /// Which puzzle of the text (1-based).
        puzzle: usize,
        /// The 1-based line of its first row.
        first_line: usize,
        /// The 1-based line of its last row.
        last_line: usize,
        /// How many rows it has (blank, comment and separator lines not counted).
        lines: usize,
        /// How many it needs: its side.
        side: usize,
    },
    /// A row of another length than its grid's side (the grid's first row set it).
    #[error("line {line}: expected {expected} cells, found {found}")]
    Length {
        /// 1-based line number in the text.
        line: usize,
        /// The grid's side.
        expected: usize,
        /// How many there were.
        found: usize,
    },
    /// A grid's first row whose length is no sudoku's: neither a side (the square of an
    /// order) nor a whole grid on one line (the square of a side).
    #[error("line {line}: a row of {found} cells is no sudoku's: a row has n = {} cells (the squares of {MIN_ORDER} to {MAX_ORDER}), or a whole grid on one line n² = {} (the nearest size to {found}: {nearest})", sizes(2), sizes(4))]
    RowSize {
        /// 1-based line number in the text.
        line: usize,
        /// How many cells it has.
        found: usize,
        /// The nearest length a first row may have.
        nearest: usize,
    },
    /// Something that is not a cell: not a digit of the grid, a number nor an empty-cell
    /// mark.
    #[error("line {line}, row {row}, column {col}: `{}` is not {expected}", found.escape_debug())]
    Character {
        /// 1-based line number in the text.
        line: usize,
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The character (or, in numbers, the word).
        found: String,
        /// What a cell is there: `a digit 1-9 or an empty cell (`.`, `0`, `_`)`.
        expected: String,
    },
    /// A number over the side of its grid (5 in a 4×4 grid, 17 in a 16×16 one).
    #[error("line {line}, row {row}, column {col}: {} is past {side}, the largest digit of a {side}×{side} grid", shown(found, *value))]
    Range {
        /// 1-based line number in the text.
        line: usize,
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The cell as written.
        found: String,
        /// Its value.
        value: u64,
        /// The side of the grid.
        side: usize,
    },
    /// A `0` for an empty cell in a 16×16 grid of characters with no `G` whose other empty
    /// cells are `.` (or `_`), where it cannot be the digit `0` of a grid in hexadecimal:
    /// empty cells marked two ways are refused there, since a `0` read the wrong way makes
    /// another puzzle (see the [module docs](crate::sudoku)).
    #[error("line {line}, row {row}, column {col}: `0` for an empty cell where the others are `{mark}`: expected `{mark}` ({why})")]
    MixedEmpty {
        /// 1-based line number in the text.
        line: usize,
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// How the grid's other empty cells are marked: `.` or `_`.
        mark: char,
        /// Why this `0` is not a hexadecimal digit.
        why: NotHexadecimal,
    },
    /// More than one puzzle where one was expected ([`puzzles`](super::puzzles) reads
    /// several).
    #[error("expected one puzzle, found {puzzles}")]
    Several {
        /// How many.
        puzzles: usize,
    },
    /// A given digit already present in its row, column or box.
    #[error(
        "{}row {row}, column {col}: {digit} is already in its row, column or box",
        line.map_or_else(String::new, |line| format!("line {line}, "))
    )]
    Conflict {
        /// The 1-based line of the text the digit is on: known for a [`Conflict`] of a
        /// puzzle read from a text, not for a grid built by hand ([`Sudoku::new`]).
        ///
        /// [`Sudoku::new`]: super::Sudoku::new
        line: Option<usize>,
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The repeated digit.
        digit: u8,
    },
    /// A cell of a [`Grid`](super::Grid) built by hand over the side (0 is empty).
    #[error("row {row}, column {col}: {value} is not a digit 1-{side} or 0 (empty)")]
    Digit {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The value found.
        value: u8,
        /// The side of the grid.
        side: usize,
    },
    /// A [`Grid`](super::Grid) built by hand of an order not handled.
    #[error("a sudoku has boxes of {MIN_ORDER}×{MIN_ORDER} to {MAX_ORDER}×{MAX_ORDER}, not {order}×{order}")]
    Order {
        /// The order asked for.
        order: usize,
    },
    /// A [`Grid`](super::Grid) built by hand with a number of cells other than its side
    /// squared.
    #[error("a grid of order {order} has {} cells, not {found}", order.pow(4))]
    Cells {
        /// Its order.
        order: usize,
        /// How many cells were given.
        found: usize,
    },
}

/// Why a `0` among empty cells marked `.` or `_` is not read as the hexadecimal digit `0`
/// ([`SudokuError::MixedEmpty`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NotHexadecimal {
    /// It is the grid's only `0`.
    Alone,
    /// An earlier `0` is in its row, column or box.
    Repeated,
}

impl fmt::Display for NotHexadecimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NotHexadecimal::Alone => "a lone `0` is not read as the hexadecimal digit 0",
            NotHexadecimal::Repeated => {
                "read as the hexadecimal digit 0, it would repeat one in its row, column or box"
            }
        })
    }
}

/// Givens that contradict each other: a digit already in its row, column or box, read from
/// a text. Such a puzzle has no solution ([`Puzzle::sudoku`](super::Puzzle::sudoku)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("line {line}, row {row}, column {col}: {digit} is already in its row, column or box")]
pub struct Conflict {
    /// The 1-based line of the text the digit is on.
    pub line: usize,
    /// 1-based row.
    pub row: usize,
    /// 1-based column.
    pub col: usize,
    /// The repeated digit.
    pub digit: u8,
}

impl From<Conflict> for SudokuError {
    fn from(conflict: Conflict) -> Self {
        SudokuError::Conflict {
            line: Some(conflict.line),
            row: conflict.row,
            col: conflict.col,
            digit: conflict.digit,
        }
    }
}

/// How [`SudokuError::Range`] names a cell: `12`, or `` `A` (10) ``.
fn shown(found: &str, value: u64) -> String {
    if found == value.to_string() {
        found.to_string()
    } else {
        format!("`{found}` ({value})")
    }
}

/// The orders' powers `power` (2: the sides, 4: the grids' cells), `4, 9, 16, 25, 36 or 49`.
fn sizes(power: u32) -> String {
    let all: Vec<String> = (MIN_ORDER..=MAX_ORDER)
        .map(|order| order.pow(power).to_string())
        .collect();
    match all.split_last() {
        Some((last, init)) if !init.is_empty() => format!("{} or {last}", init.join(", ")),
        _ => all.join(""),
    }
}

/// How [`SudokuError::Incomplete`] reads: `lines 1 to 3: expected 9 lines of 9 cells, found
/// 3`; after complete puzzles, `puzzle 2: lines 11 to 13: …`.
fn incomplete(
    puzzle: usize,
    first_line: usize,
    last_line: usize,
    lines: usize,
    side: usize,
) -> String {
    let place = if first_line == last_line {
        format!("line {first_line}")
    } else {
        format!("lines {first_line} to {last_line}")
    };
    let which = if puzzle == 1 {
        String::new()
    } else {
        format!("puzzle {puzzle}: ")
    };
    format!("{which}{place}: expected {side} lines of {side} cells, found {lines}")
}
