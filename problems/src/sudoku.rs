//! Sudoku of any box size: fill an n×n grid (n = b², boxes b×b: 4×4, 9×9, 16×16, 25×25,
//! up to 49×49) so that every row, column and box holds the digits 1 to n.
//!
//! The state is the grid with the candidates of each empty cell. Every placement is
//! propagated before the state is searched further: a cell left with one candidate is
//! filled with it (a naked single), a digit left with one place in a row, column or box is
//! put there (a hidden single), a digit whose places in a box all lie in one line is struck
//! from the rest of the line, and one whose places in a line all lie in one box from the
//! rest of the box (locked candidates); a cell or digit left with no place makes the state
//! a dead end. The search range of a state is the candidates of its most constrained empty
//! cell (fewest candidates, first in reading order among equals).
//!
//! 9×9 grids are solved on one 81-bit board per digit, a small `Copy` state searched by
//! value; other sizes on a candidate mask per cell and a count of places per unit and
//! digit, in place. Both reach the same fixed point and choose the same cells: the same
//! search tree.
//!
//! # Input
//!
//! A grid is written one row a line, or all on one line in reading order. A cell is a
//! single character: a digit `1`-`9`, then letters for 10 and up (`A` = 10, …, `G` = 16,
//! …, `P` = 25; either case), and `.`, `0` or `_` for an empty cell; or, for grids of 16
//! and more, whole numbers apart by spaces (`12 . 3 16`). The size is what the first row
//! says: a line of n cells (4, 9, 16, 25, 36 or 49) starts n lines of n, a line of n² cells
//! (16, 81, 256, 625, 1296 or 2401) is a whole grid. A line of 16 cells is a 4×4 grid on
//! one line unless the next row line, with no blank line between, has 16 cells too, or is
//! neither a row nor a whole grid of any size (a row of a 16×16 grid with a cell missing):
//! then it is the first row of a 16×16 grid.
//!
//! A 16×16 grid in hexadecimal, as hexadoku collections write it (`0`-`9`, `A`-`F` for the
//! digits 1 to 16, `0` a digit), is read so when it holds a `0`, no `G`, and marks its
//! empty cells with `.` or `_`; its solutions are written so too ([`Notation`]).
//!
//! Also accepted, as puzzles are often drawn: spaces and `|` between cells, separator lines
//! made of `-`, `+`, `=` and `|` (`------+-------+------`), blank lines, `#` comments to the
//! end of a line, and a UTF-8 byte order mark at the start. A text may hold many puzzles,
//! one after another ([`puzzles`], [`read_puzzles`]).
//!
//! Bad input is an error naming the line, and the row and column of the grid
//! ([`SudokuError`]).

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use backtrack::bits::Ones;
use backtrack::Problem;

mod nine;

use nine::Nine;

/// The smallest order (box side) of a grid: 2, a 4×4 grid.
pub const MIN_ORDER: usize = 2;
/// The largest order (box side) of a grid: 7, a 49×49 grid (its digits fit a 64-bit mask).
pub const MAX_ORDER: usize = 7;

/// An n×n grid (n = b², b the order), row by row, `0` for an empty cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    order: usize,
    cells: Vec<u8>,
}

impl Grid {
    /// The grid of order `order` (boxes `order`×`order`, side `order`²) whose cells, row by
    /// row, are `cells` (`0`: empty).
    ///
    /// Refused: an order outside [`MIN_ORDER`]`..=`[`MAX_ORDER`], a number of cells that is
    /// not side², a cell over the side ([`SudokuError::Digit`]).
    ///
    /// ```
    /// use backtrack_problems::sudoku::Grid;
    ///
    /// let grid = Grid::new(2, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1])?;
    /// assert_eq!((grid.side(), grid.get(1, 2)), (4, 1));
    /// assert!(grid.is_solved());
    /// assert_eq!(grid.to_string(), "1234\n3412\n2143\n4321\n");
    /// # Ok::<(), backtrack_problems::sudoku::SudokuError>(())
    /// ```
    pub fn new(order: usize, cells: Vec<u8>) -> Result<Self, SudokuError> {
        if !(MIN_ORDER..=MAX_ORDER).contains(&order) {
            return Err(SudokuError::Order { order });
        }
        let side = order * order;
        if cells.len() != side * side {
            return Err(SudokuError::Cells {
                order,
                found: cells.len(),
            });
        }
        if let Some(at) = cells.iter().position(|&d| usize::from(d) > side) {
            return Err(SudokuError::Digit {
                row: at / side + 1,
                col: at % side + 1,
                value: cells[at],
                side,
            });
        }
        Ok(Grid { order, cells })
    }

    /// The empty grid of order `order`.
    ///
    /// # Panics
    ///
    /// If `order` is outside [`MIN_ORDER`]`..=`[`MAX_ORDER`].
    pub fn empty(order: usize) -> Self {
        assert!(
            (MIN_ORDER..=MAX_ORDER).contains(&order),
            "no sudoku of order {order}"
        );
        Grid {
            order,
            cells: vec![0; order.pow(4)],
        }
    }

    /// The order b: boxes are b×b.
    pub fn order(&self) -> usize {
        self.order
    }

    /// The side n = b²: rows, columns, boxes and digits.
    pub fn side(&self) -> usize {
        self.order * self.order
    }

    /// The cells, row by row, `0` for an empty one.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The digit at `row`, `col` (0-based), `0` if empty.
    ///
    /// # Panics
    ///
    /// If `row` or `col` is not below the side.
    pub fn get(&self, row: usize, col: usize) -> u8 {
        let side = self.side();
        assert!(
            row < side && col < side,
            "no cell ({row}, {col}) on a {side}×{side} grid"
        );
        self.cells[row * side + col]
    }

    /// Is every cell filled, every row, column and box a permutation of 1..=n?
    pub fn is_solved(&self) -> bool {
        let (b, n) = (self.order, self.side());
        let full = full_mask(n);
        let group_ok = |cells: &mut dyn Iterator<Item = usize>| {
            let mut seen = 0u64;
            for cell in cells {
                let digit = usize::from(self.cells[cell]);
                if !(1..=n).contains(&digit) {
                    return false;
                }
                seen |= 1 << digit;
            }
            seen == full
        };
        (0..n).all(|i| {
            group_ok(&mut (0..n).map(|c| i * n + c))
                && group_ok(&mut (0..n).map(|r| r * n + i))
                && group_ok(&mut (0..n).map(|k| (i / b * b + k / b) * n + i % b * b + k % b))
        })
    }

    /// Does this grid keep every given of `puzzle` (a grid of the same size)?
    pub fn extends(&self, puzzle: &Grid) -> bool {
        self.order == puzzle.order
            && puzzle
                .cells
                .iter()
                .zip(&self.cells)
                .all(|(&p, &s)| p == 0 || p == s)
    }

    /// The grid written in `notation`: [`Notation::Characters`] as [`Display`](fmt::Display)
    /// writes it, [`Notation::Numbers`] as whole numbers apart by spaces, aligned.
    ///
    /// ```
    /// use backtrack_problems::sudoku::{Grid, Notation};
    ///
    /// let mut cells = vec![0; 256];
    /// cells[..3].copy_from_slice(&[16, 10, 1]);
    /// let grid = Grid::new(4, cells)?;
    /// let text = grid.to_string();
    /// assert_eq!(text.lines().next(), Some("GA1............."));
    /// let numbers = grid.show(Notation::Numbers).to_string();
    /// assert_eq!(numbers.lines().next(), Some("16 10  1  .  .  .  .  .  .  .  .  .  .  .  .  ."));
    /// assert_eq!(numbers.parse::<Grid>()?, grid);
    /// # Ok::<(), backtrack_problems::sudoku::SudokuError>(())
    /// ```
    pub fn show(&self, notation: Notation) -> Show<'_> {
        Show {
            grid: self,
            notation,
        }
    }
}

/// How the cells of a grid are written: see the [module docs](self).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Notation {
    /// One character a cell: `1`-`9`, then `A` for 10 on, `.` for empty (up to 35×35; a
    /// bigger grid is written in numbers).
    #[default]
    Characters,
    /// Whole numbers apart by spaces, `.` for empty, aligned in columns.
    Numbers,
    /// A 16×16 grid in hexadecimal, as hexadoku collections write it: `0`-`9`, `A`-`F` for
    /// the digits 1 to 16, `.` for empty (other sizes: as [`Notation::Characters`]).
    Hexadecimal,
}

/// A grid written in a [`Notation`]: [`Grid::show`].
#[derive(Clone, Copy, Debug)]
pub struct Show<'a> {
    grid: &'a Grid,
    notation: Notation,
}

impl fmt::Display for Show<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.grid.side();
        let numbers = self.notation == Notation::Numbers || n > 35;
        let width = n.to_string().len();
        for row in self.grid.cells.chunks(n) {
            for (col, &d) in row.iter().enumerate() {
                if !numbers {
                    let hex = self.notation == Notation::Hexadecimal && n == 16;
                    let ch = match d {
                        1 if hex => '0',
                        2.. if hex => symbol(d - 1),
                        _ => symbol(d),
                    };
                    write!(f, "{ch}")?;
                    continue;
                }
                if col > 0 {
                    f.write_str(" ")?;
                }
                if d == 0 {
                    write!(f, "{:>width$}", ".")?;
                } else {
                    write!(f, "{d:>width$}")?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The character of a digit: `.` for 0, `1`-`9`, then `A` for 10 on.
fn symbol(digit: u8) -> char {
    match digit {
        0 => '.',
        1..=9 => char::from(b'0' + digit),
        _ => char::from(b'A' + digit - 10),
    }
}

impl fmt::Display for Grid {
    /// n lines of n characters, `.` for an empty cell ([`Notation::Characters`]; grids over
    /// 35×35 in numbers).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.show(Notation::Characters).fmt(f)
    }
}

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
    /// A line with the wrong number of cells: a row of another length than the grid's, or
    /// a first row whose length is no side nor a whole grid (then the nearest is expected).
    #[error("line {line}: expected {expected} cells, found {found}")]
    Length {
        /// 1-based line number in the text.
        line: usize,
        /// The grid's side, or (a first row) the nearest possible length.
        expected: usize,
        /// How many there were.
        found: usize,
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
    /// More than one puzzle where one was expected ([`puzzles`] reads several).
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
        /// The 1-based line of the text the digit is on, if the grid was read from one
        /// ([`Puzzle::sudoku`]).
        line: Option<usize>,
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The repeated digit.
        digit: u8,
    },
    /// A cell of a [`Grid`] built by hand over the side (0 is empty).
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
    /// A [`Grid`] built by hand of an order not handled.
    #[error("a sudoku has boxes of {MIN_ORDER}×{MIN_ORDER} to {MAX_ORDER}×{MAX_ORDER}, not {order}×{order}")]
    Order {
        /// The order asked for.
        order: usize,
    },
    /// A [`Grid`] built by hand with a number of cells other than its side squared.
    #[error("a grid of order {order} has {} cells, not {found}", order.pow(4))]
    Cells {
        /// Its order.
        order: usize,
        /// How many cells were given.
        found: usize,
    },
}

/// How [`SudokuError::Range`] names a cell: `12`, or `` `A` (10) ``.
fn shown(found: &str, value: u64) -> String {
    if found == value.to_string() {
        found.to_string()
    } else {
        format!("`{found}` ({value})")
    }
}

/// Reads one puzzle in the notation of the [module docs](self).
///
/// ```
/// use backtrack_problems::sudoku::Grid;
///
/// let drawn = "# the classic\n\
///     5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n\
///     ------+-------+------\n\
///     8 . . | . 6 . | . . 3\n4 . . | 8 . 3 | . . 1\n7 . . | . 2 . | . . 6\n\
///     ------+-------+------\n\
///     . 6 . | . . . | 2 8 .\n. . . | 4 1 9 | . . 5\n. . . | . 8 . | . 7 9\n";
/// let plain = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// assert_eq!(drawn.parse::<Grid>(), plain.parse::<Grid>());
/// assert_eq!("12..\n..12\n21..\n..21".parse::<Grid>()?.side(), 4);
/// # Ok::<(), backtrack_problems::sudoku::SudokuError>(())
/// ```
impl FromStr for Grid {
    type Err = SudokuError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut grids = puzzles(text)?;
        match grids.len() {
            1 => Ok(grids.remove(0)),
            puzzles => Err(SudokuError::Several { puzzles }),
        }
    }
}

/// Reads every puzzle of a text, in the notation of the [module docs](self), one after
/// another (blank lines, separator lines and comments between them or inside them are
/// allowed, not needed). Puzzles of different sizes may follow each other.
///
/// ```
/// use backtrack_problems::sudoku::puzzles;
///
/// let two = format!("# two puzzles\n{}\n1........\n{}", ".".repeat(81), ".........\n".repeat(8));
/// assert_eq!(puzzles(&two)?.len(), 2);
/// # Ok::<(), backtrack_problems::sudoku::SudokuError>(())
/// ```
pub fn puzzles(text: &str) -> Result<Vec<Grid>, SudokuError> {
    Ok(read_puzzles(text)?
        .into_iter()
        .map(|puzzle| puzzle.grid)
        .collect())
}

/// A puzzle read from a text, with the lines it was read from, for messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The grid.
    pub grid: Grid,
    /// The 1-based line of the text each row was read from (the same for every row of a
    /// puzzle written on one line).
    pub lines: Vec<usize>,
    /// How its cells were written: [`Notation::Numbers`] if a row was in numbers,
    /// [`Notation::Hexadecimal`] for a 16×16 grid in `0`-`F`.
    pub notation: Notation,
}

impl Puzzle {
    /// The sudoku to search, or an error naming the line and the place of a given digit
    /// that repeats in its row, column or box.
    ///
    /// ```
    /// use backtrack_problems::sudoku::read_puzzles;
    ///
    /// let text = format!("# a repeated 5\n{}", "55.......\n".to_string() + &".........\n".repeat(8));
    /// let err = read_puzzles(&text)?[0].sudoku().unwrap_err();
    /// assert_eq!(err.to_string(), "line 2, row 1, column 2: 5 is already in its row, column or box");
    /// # Ok::<(), backtrack_problems::sudoku::SudokuError>(())
    /// ```
    pub fn sudoku(&self) -> Result<Sudoku, SudokuError> {
        Sudoku::new(&self.grid).map_err(|err| match err {
            SudokuError::Conflict {
                row, col, digit, ..
            } => SudokuError::Conflict {
                line: Some(self.lines[row - 1]),
                row,
                col,
                digit,
            },
            other => other,
        })
    }
}

/// A line of the text, as the reader sees it.
enum Line<'a> {
    /// Nothing but spaces: it ends a block (see the 16-cell rule in the module docs).
    Blank,
    /// A comment or a separator line, skipped.
    Skipped,
    /// A line of cells: its words (split at spaces and `|`).
    Row(Vec<&'a str>),
}

impl<'a> Line<'a> {
    fn of(text: &'a str) -> Self {
        if text.trim().is_empty() {
            return Line::Blank;
        }
        let content = text.split('#').next().unwrap_or_default();
        let words: Vec<&str> = content
            .split(|c: char| c.is_whitespace() || c == '|')
            .filter(|w| !w.is_empty())
            .collect();
        if words
            .iter()
            .all(|w| w.chars().all(|c| matches!(c, '-' | '+' | '=')))
        {
            Line::Skipped
        } else {
            Line::Row(words)
        }
    }
}

/// A cell as read: its value (`None`: not a cell) and how it was written.
type Cell<'a> = (Option<u64>, std::borrow::Cow<'a, str>);

/// The value of a one-character cell (0: empty), if `ch` is one.
fn character(ch: char) -> Option<u64> {
    match ch {
        '.' | '0' | '_' => Some(0),
        '1'..='9' => Some(u64::from(ch as u8 - b'0')),
        'a'..='z' | 'A'..='Z' => Some(u64::from(ch.to_ascii_uppercase() as u8 - b'A' + 10)),
        _ => None,
    }
}

/// Is `n` the side of a grid of an order handled?
fn is_side(n: usize) -> bool {
    (MIN_ORDER..=MAX_ORDER).any(|b| b * b == n)
}

/// The order of a grid of `n` cells, if it is one of an order handled.
fn order_of_area(n: usize) -> Option<usize> {
    (MIN_ORDER..=MAX_ORDER).find(|b| b.pow(4) == n)
}

/// The cells of a row line. In numbers when a word has two characters or more and either
/// every word is a number or an empty-cell mark, and the words are as many as a row or a
/// whole grid of 16 or more (`side` None: the first row of a grid), or the grid is one of
/// 16 or more (`side`), one character a cell does not make a row, and the words are as
/// many as its side or all numbers; else one character a cell.
fn cells<'a>(words: &[&'a str], side: Option<usize>) -> (Vec<Cell<'a>>, Notation) {
    let number = |w: &str| w.chars().all(|c| c.is_ascii_digit());
    let empty = |w: &str| w == "." || w == "_";
    let long = words.iter().any(|w| w.len() > 1);
    let all = words.iter().all(|&w| number(w) || empty(w));
    let numbers = long
        && match side {
            // Unless one character a cell makes the row; a word that is no number is then
            // named as such.
            Some(side) => {
                let characters: usize = words.iter().map(|w| w.chars().count()).sum();
                side >= 16 && characters != side && (all || words.len() == side)
            }
            None => {
                all && ((is_side(words.len()) && words.len() >= 16)
                    || order_of_area(words.len()).is_some_and(|b| b >= 4))
            }
        };
    if numbers {
        let cells = words
            .iter()
            .map(|&w| {
                let value = if number(w) {
                    Some(w.parse().unwrap_or(u64::MAX))
                } else {
                    empty(w).then_some(0)
                };
                (value, w.into())
            })
            .collect();
        (cells, Notation::Numbers)
    } else {
        let cells = words
            .iter()
            .flat_map(|w| w.chars())
            .map(|ch| (character(ch), ch.to_string().into()))
            .collect();
        (cells, Notation::Characters)
    }
}

/// The nearest length a first row may have: a side or a whole grid.
fn nearest(found: usize) -> usize {
    (MIN_ORDER..=MAX_ORDER)
        .flat_map(|b| [b * b, b.pow(4)])
        .min_by_key(|&n| n.abs_diff(found))
        .expect("orders")
}

/// A grid being read: its side, its rows so far (line, cells) and notation.
struct Partial<'a> {
    side: usize,
    rows: Vec<(usize, Vec<Cell<'a>>)>,
    notation: Notation,
}

impl Partial<'_> {
    /// The puzzle of these rows, every cell checked ([`check_row`]) and all there.
    fn puzzle(&self) -> Puzzle {
        let texts = || {
            self.rows
                .iter()
                .flat_map(|(_, row)| row.iter().map(|(_, t)| t))
        };
        // In hexadecimal: a 16×16 grid of characters with a `0`, no `G`, and its empty
        // cells marked `.` or `_`.
        let hexadecimal = self.side == 16
            && self.notation == Notation::Characters
            && texts().any(|t| t == "0")
            && texts().any(|t| t == "." || t == "_")
            && !texts().any(|t| t.eq_ignore_ascii_case("g"));
        let cells = self
            .rows
            .iter()
            .flat_map(|(_, row)| row.iter())
            .map(
                |(value, text)| match (hexadecimal, value.unwrap_or_default()) {
                    (true, _) if text == "0" => 1,
                    (true, 0) => 0,
                    (true, value) => value as u8 + 1,
                    (false, value) => value as u8,
                },
            )
            .collect();
        let lines = self
            .rows
            .iter()
            .flat_map(|(line, row)| std::iter::repeat_n(*line, row.len() / self.side))
            .collect();
        let order = (MIN_ORDER..=MAX_ORDER)
            .find(|b| b * b == self.side)
            .expect("a side");
        Puzzle {
            grid: Grid { order, cells },
            lines,
            notation: if hexadecimal {
                Notation::Hexadecimal
            } else {
                self.notation
            },
        }
    }
}

/// What a cell of a grid of `side` is, for errors: `a digit 1-9 or an empty cell (`.`, `0`,
/// `_`)` (`None`: the side is not known yet).
fn expected(side: Option<usize>, notation: Notation) -> String {
    const EMPTY: &str = "an empty cell (`.`, `0`, `_`)";
    match (side, notation) {
        (None, _) => "a cell (a digit 1-9, a letter A-Z for 10 and up, numbers apart by spaces, or `.`, `0`, `_` for an empty cell)".to_string(),
        (Some(side), Notation::Numbers) => format!("a number 1-{side} or {EMPTY}"),
        (Some(side @ ..=9), _) => format!("a digit 1-{side} or {EMPTY}"),
        (Some(side), Notation::Characters | Notation::Hexadecimal) => {
            format!("a digit 1-9, A-{} or {EMPTY}", symbol(side as u8))
        }
    }
}

/// The first of `cells` that is not a cell (or, with `side` known, is past it), as an
/// error at `line`, its row and column counted on a grid of `side` (or, not known, of
/// `guess`) from cell `first` of the grid.
fn check_row(
    cells: &[Cell<'_>],
    notation: Notation,
    line: usize,
    side: Option<usize>,
    guess: usize,
    first: usize,
) -> Result<(), SudokuError> {
    let n = side.unwrap_or(guess);
    for (at, (value, found)) in cells.iter().enumerate() {
        let (row, col) = ((first + at) / n + 1, (first + at) % n + 1);
        let number = found.chars().all(|c| c.is_ascii_digit());
        match (*value, side) {
            (Some(value), Some(side)) if value > side as u64 && number => {
                return Err(SudokuError::Range {
                    line,
                    row,
                    col,
                    found: found.to_string(),
                    value,
                    side,
                })
            }
            (None, _) | (Some(_), Some(_)) if value.is_none_or(|v| v > n as u64) => {
                return Err(SudokuError::Character {
                    line,
                    row,
                    col,
                    found: found.to_string(),
                    expected: expected(side, notation),
                })
            }
            _ => {}
        }
    }
    Ok(())
}

/// Reads every puzzle of a text as [`puzzles`] does, each with the lines it was read from.
/// A malformed puzzle is an error naming its line (and, cut short by the end of the
/// text, which puzzle it is); a character that is no cell is named even on a line of
/// the wrong length, escaped if it is invisible (`\u{200b}`).
pub fn read_puzzles(text: &str) -> Result<Vec<Puzzle>, SudokuError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<Line> = text.lines().map(Line::of).collect();
    let mut puzzles = Vec::new();
    // The grid not yet complete.
    let mut grid: Option<Partial> = None;
    for (index, content) in lines.iter().enumerate() {
        let Line::Row(words) = content else { continue };
        let line = index + 1;
        if let Some(rows) = grid.as_mut() {
            let (cells, notation) = cells(words, Some(rows.side));
            let at = rows.rows.len() * rows.side;
            check_row(
                &cells[..cells.len().min(rows.side)],
                notation,
                line,
                Some(rows.side),
                rows.side,
                at,
            )?;
            if cells.len() != rows.side {
                return Err(SudokuError::Length {
                    line,
                    expected: rows.side,
                    found: cells.len(),
                });
            }
            if notation == Notation::Numbers {
                rows.notation = notation;
            }
            rows.rows.push((line, cells));
            if rows.rows.len() == rows.side {
                puzzles.push(rows.puzzle());
                grid = None;
            }
            continue;
        }
        let (cells, notation) = cells(words, None);
        let found = cells.len();
        // 16 cells: a 4×4 grid on one line, unless the next row line of the block has 16
        // too, or a number of cells no grid has (a 16×16 row with a cell too many or few,
        // to be told as such, not as a digit too big for a 4×4 grid).
        let next_has_16 = || {
            lines[index + 1..]
                .iter()
                .find(|l| !matches!(l, Line::Skipped))
                .is_some_and(|l| match l {
                    Line::Row(words) => {
                        let found = self::cells(words, Some(16)).0.len();
                        words.len() == 16
                            || found == 16
                            || (!is_side(found) && order_of_area(found).is_none())
                    }
                    _ => false,
                })
        };
        let side = if is_side(found) && (found != 16 || next_has_16()) {
            found
        } else if let Some(order) = order_of_area(found) {
            let side = order * order;
            check_row(&cells, notation, line, Some(side), side, 0)?;
            let rows = Partial {
                side,
                rows: vec![(line, cells)],
                notation,
            };
            puzzles.push(rows.puzzle());
            continue;
        } else {
            let expected = nearest(found);
            // A character that is no cell is named before the length is counted.
            let side = if is_side(expected) {
                expected
            } else {
                nearest(expected.isqrt())
            };
            check_row(&cells[..found.min(expected)], notation, line, None, side, 0)?;
            return Err(SudokuError::Length {
                line,
                expected,
                found,
            });
        };
        check_row(&cells, notation, line, Some(side), side, 0)?;
        grid = Some(Partial {
            side,
            rows: vec![(line, cells)],
            notation,
        });
    }
    if let Some(rows) = grid {
        return Err(SudokuError::Incomplete {
            puzzle: puzzles.len() + 1,
            first_line: rows.rows[0].0,
            last_line: rows.rows[rows.rows.len() - 1].0,
            lines: rows.rows.len(),
            side: rows.side,
        });
    }
    if puzzles.is_empty() {
        return Err(SudokuError::Empty);
    }
    Ok(puzzles)
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

/// Digits 1..=n as bits 1..=n of a mask.
fn full_mask(n: usize) -> u64 {
    (u64::MAX >> (64 - n)) << 1
}

/// The cells each cell sees and the cells of each unit, for one order; made once.
#[derive(Debug)]
struct Layout {
    side: usize,
    /// How many peers a cell has: 3n - 2b - 1.
    degree: usize,
    /// The peers of cell c: `peers[c * degree..][..degree]`.
    peers: Vec<u16>,
    /// The rows, then the columns, then the boxes: `side` cells each.
    units: Vec<u16>,
    /// The row, column and box of each cell, as units.
    units_of: Vec<[u16; 3]>,
}

impl Layout {
    /// The layout of order `order` (checked by the caller), made on first use.
    fn of(order: usize) -> &'static Layout {
        static LAYOUTS: [OnceLock<Layout>; MAX_ORDER + 1] =
            [const { OnceLock::new() }; MAX_ORDER + 1];
        LAYOUTS[order].get_or_init(|| Layout::new(order))
    }

    fn new(b: usize) -> Layout {
        let n = b * b;
        let unit_cells = |u: usize| -> Vec<usize> {
            let i = u % n;
            match u / n {
                0 => (0..n).map(|c| i * n + c).collect(),
                1 => (0..n).map(|r| r * n + i).collect(),
                _ => (0..n)
                    .map(|k| (i / b * b + k / b) * n + i % b * b + k % b)
                    .collect(),
            }
        };
        let units: Vec<u16> = (0..3 * n).flat_map(unit_cells).map(|c| c as u16).collect();
        let degree = 3 * n - 2 * b - 1;
        let mut peers = Vec::with_capacity(n * n * degree);
        let mut units_of = Vec::with_capacity(n * n);
        for cell in 0..n * n {
            let (row, col) = (cell / n, cell % n);
            let own = [row, n + col, 2 * n + row / b * b + col / b];
            let mut seen: Vec<usize> = own
                .into_iter()
                .flat_map(unit_cells)
                .filter(|&c| c != cell)
                .collect();
            seen.sort_unstable();
            seen.dedup();
            debug_assert_eq!(seen.len(), degree);
            peers.extend(seen.into_iter().map(|c| c as u16));
            units_of.push(own.map(|u| u as u16));
        }
        Layout {
            side: n,
            degree,
            peers,
            units,
            units_of,
        }
    }

    fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.degree..][..self.degree]
    }

    fn unit(&self, unit: usize) -> &[u16] {
        &self.units[unit * self.side..][..self.side]
    }
}

/// Writing `digit` into `cell`: a sudoku operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The cell, in reading order.
    pub cell: u16,
    /// The digit, 1..=n.
    pub digit: u8,
}

/// The candidates of one cell, smallest digit first: the search range of a state.
#[derive(Clone, Debug)]
pub struct Candidates {
    cell: u16,
    /// The candidate digits, each `d` from bit `d`.
    digits: Ones<u64>,
}

impl Candidates {
    /// The digits of `mask` (bit `d` set: `d` is a candidate) for `cell`.
    fn new(cell: u16, mask: u64) -> Self {
        Candidates {
            cell,
            digits: Ones(mask),
        }
    }
}

impl Iterator for Candidates {
    type Item = Placement;

    fn next(&mut self) -> Option<Placement> {
        let digit = self.digits.next()?;
        Some(Placement {
            cell: self.cell,
            digit: digit as u8,
        })
    }
}

/// A sudoku of any order being solved: the grid, the candidates of its empty cells, how
/// many places each digit has left in each unit, and copies of the states on the path, to
/// undo.
#[derive(Clone, Debug)]
struct General {
    layout: &'static Layout,
    grid: Grid,
    /// The candidates of each empty cell, bit d for digit d; 0 for a filled cell.
    candidates: Vec<u64>,
    /// `places[u * (n + 1) + d]`: how many empty cells of unit u have d as a candidate.
    places: Vec<u8>,
    /// The digits placed in each unit, bit d for digit d.
    placed: Vec<u64>,
    empty: usize,
    /// Did the last propagation find a cell or a digit with no place left?
    dead: bool,
    /// The operators applied and not undone, each with what to restore: the state before it
    /// is the tail of `saved` ([`Sudoku::save`]).
    path: Vec<Placement>,
    /// The states before the operators of `path`, one after another.
    saved: Saved,
    /// Cells left with one candidate, to fill.
    singles: Vec<u16>,
    /// Digits left with one place in a unit (unit, digit), to put there.
    hidden: Vec<(u16, u8)>,
    /// Scratch for [`General::locked`]: the digits each segment may hold, and the
    /// candidates to strike (cell, digit).
    segments: Vec<u64>,
    strikes: Vec<(usize, u8)>,
}

/// Copies of states, to undo operators (a copy costs less than a trail of changes).
#[derive(Clone, Debug, Default)]
struct Saved {
    cells: Vec<u8>,
    candidates: Vec<u64>,
    places: Vec<u8>,
    placed: Vec<u64>,
    empty: Vec<usize>,
}

/// Moves the last `len` items of `from` into `to`.
fn restore<T: Copy>(to: &mut [T], from: &mut Vec<T>) {
    let at = from.len() - to.len();
    to.copy_from_slice(&from[at..]);
    from.truncate(at);
}

impl General {
    /// The puzzle `grid` (its givens checked by [`Sudoku::new`]), its givens propagated.
    fn new(grid: &Grid) -> Self {
        let layout = Layout::of(grid.order);
        let n = grid.side();
        let mut places = vec![n as u8; 3 * n * (n + 1)];
        for unit in places.chunks_exact_mut(n + 1) {
            unit[0] = 0;
        }
        let mut sudoku = General {
            layout,
            grid: Grid::empty(grid.order),
            candidates: vec![full_mask(n); n * n],
            places,
            placed: vec![0; 3 * n],
            empty: n * n,
            dead: false,
            path: Vec::new(),
            saved: Saved::default(),
            singles: Vec::new(),
            hidden: Vec::new(),
            segments: Vec::new(),
            strikes: Vec::new(),
        };
        let givens = grid.cells.iter().enumerate().filter(|&(_, &d)| d != 0);
        let ok = givens
            .into_iter()
            .all(|(cell, &digit)| sudoku.place(cell, digit));
        sudoku.dead = !(ok && sudoku.propagate());
        sudoku.singles.clear();
        sudoku.hidden.clear();
        sudoku
    }

    /// Digit `digit` has one place less in `unit`: false if it has none left (and is not
    /// placed there), queued if it has one.
    #[inline]
    fn lose(&mut self, unit: usize, digit: u8) -> bool {
        let at = unit * (self.layout.side + 1) + usize::from(digit);
        self.places[at] -= 1;
        let left = self.places[at];
        if left <= 1 && self.placed[unit] & 1 << digit == 0 {
            if left == 0 {
                return false;
            }
            self.hidden.push((unit as u16, digit));
        }
        true
    }

    /// Writes `digit` into the empty `cell`, a candidate of it, and strikes it from its
    /// peers; a peer left with one candidate, or a digit left with one place in a unit, is
    /// queued; false says that a cell or a digit was left with none (the state is then a
    /// dead end, left half updated: undo restores it whole).
    fn place(&mut self, cell: usize, digit: u8) -> bool {
        let layout = self.layout;
        let bit = 1u64 << digit;
        let old = self.candidates[cell];
        self.candidates[cell] = 0;
        self.grid.cells[cell] = digit;
        self.empty -= 1;
        let units = layout.units_of[cell];
        for &unit in &units {
            self.placed[usize::from(unit)] |= bit;
        }
        // The cell's candidates leave its units.
        for &unit in &units {
            let mut gone = old;
            while gone != 0 {
                let other = gone.trailing_zeros() as u8;
                gone &= gone - 1;
                if !self.lose(usize::from(unit), other) {
                    return false;
                }
            }
        }
        layout
            .peers(cell)
            .iter()
            .all(|&peer| self.strike(usize::from(peer), digit))
    }

    /// Strikes `digit` from the candidates of `cell`, if it is one: a cell left with one
    /// candidate, or a digit left with one place in a unit, is queued; false says that one
    /// was left with none.
    #[inline]
    fn strike(&mut self, cell: usize, digit: u8) -> bool {
        let mask = self.candidates[cell];
        if mask & 1 << digit == 0 {
            return true;
        }
        let mask = mask & !(1 << digit);
        self.candidates[cell] = mask;
        if mask & mask.wrapping_sub(1) == 0 {
            if mask == 0 {
                return false;
            }
            self.singles.push(cell as u16);
        }
        let layout = self.layout;
        layout.units_of[cell]
            .iter()
            .all(|&unit| self.lose(usize::from(unit), digit))
    }

    /// Locked candidates: a digit whose places in a box are all in one line (a segment) is
    /// struck from the rest of the line, and one whose places in a line are all in one box
    /// from the rest of the box. `Some(struck any?)`, or `None` if that left a cell or a
    /// digit with no place.
    fn locked(&mut self) -> Option<bool> {
        let layout = self.layout;
        let n = layout.side;
        let b = (MIN_ORDER..=MAX_ORDER)
            .find(|b| b * b == n)
            .expect("a side");
        let mut segments = std::mem::take(&mut self.segments);
        let mut strikes = std::mem::take(&mut self.strikes);
        strikes.clear();
        // Rows (lines 0..n), then columns (n..2n); segment j of line i: the cells of line i
        // in its j-th box along it.
        for columns in [false, true] {
            let cell = |line: usize, k: usize| {
                if columns {
                    k * n + line
                } else {
                    line * n + k
                }
            };
            // The digits each segment may hold.
            segments.clear();
            segments.extend((0..n * b).map(|s| {
                let (line, j) = (s / b, s % b);
                (j * b..j * b + b).fold(0, |m, k| m | self.candidates[cell(line, k)])
            }));
            // A line with a digit in one segment: struck from the rest of that box.
            for line in 0..n {
                let (mut once, mut twice) = (0u64, 0u64);
                for &m in &segments[line * b..][..b] {
                    twice |= once & m;
                    once |= m;
                }
                let mut alone = once & !twice;
                while alone != 0 {
                    let digit = alone.trailing_zeros() as u8;
                    alone &= alone - 1;
                    let j = (0..b)
                        .find(|&j| segments[line * b + j] >> digit & 1 == 1)
                        .expect("one segment");
                    let band = line / b * b;
                    for other in (band..band + b).filter(|&o| o != line) {
                        for k in j * b..j * b + b {
                            if self.candidates[cell(other, k)] >> digit & 1 == 1 {
                                strikes.push((cell(other, k), digit));
                            }
                        }
                    }
                }
            }
            // A box with a digit in one of its lines: struck from the rest of that line.
            for band in (0..n).step_by(b) {
                for j in 0..b {
                    let (mut once, mut twice) = (0u64, 0u64);
                    for line in band..band + b {
                        let m = segments[line * b + j];
                        twice |= once & m;
                        once |= m;
                    }
                    let mut alone = once & !twice;
                    while alone != 0 {
                        let digit = alone.trailing_zeros() as u8;
                        alone &= alone - 1;
                        let line = (band..band + b)
                            .find(|&l| segments[l * b + j] >> digit & 1 == 1)
                            .expect("one line");
                        for k in (0..n).filter(|k| k / b != j) {
                            if self.candidates[cell(line, k)] >> digit & 1 == 1 {
                                strikes.push((cell(line, k), digit));
                            }
                        }
                    }
                }
            }
        }
        let struck = !strikes.is_empty();
        let ok = strikes
            .iter()
            .all(|&(cell, digit)| self.strike(cell, digit));
        self.segments = segments;
        self.strikes = strikes;
        ok.then_some(struck)
    }

    /// Fills naked and hidden singles and strikes locked candidates until there are none:
    /// false if a cell or a digit of a unit is left with no place.
    fn propagate(&mut self) -> bool {
        let layout = self.layout;
        loop {
            if let Some(cell) = self.singles.pop() {
                let cell = usize::from(cell);
                if self.grid.cells[cell] != 0 {
                    continue;
                }
                let mask = self.candidates[cell];
                if mask == 0 || !self.place(cell, mask.trailing_zeros() as u8) {
                    return false;
                }
            } else if let Some((unit, digit)) = self.hidden.pop() {
                let unit = usize::from(unit);
                let bit = 1u64 << digit;
                if self.placed[unit] & bit != 0 {
                    continue;
                }
                let cells = layout.unit(unit);
                let Some(&cell) = cells
                    .iter()
                    .find(|&&c| self.candidates[usize::from(c)] & bit != 0)
                else {
                    return false;
                };
                if !self.place(usize::from(cell), digit) {
                    return false;
                }
            } else {
                match self.locked() {
                    None => return false,
                    Some(true) => {}
                    Some(false) => return true,
                }
            }
        }
    }

    /// Keeps a copy of the state, for [`Problem::undo`].
    fn save(&mut self) {
        let saved = &mut self.saved;
        saved.cells.extend_from_slice(&self.grid.cells);
        saved.candidates.extend_from_slice(&self.candidates);
        saved.places.extend_from_slice(&self.places);
        saved.placed.extend_from_slice(&self.placed);
        saved.empty.push(self.empty);
    }
}

impl Problem for General {
    type Op = Placement;
    type Ops = Candidates;
    type Solution = Grid;

    /// The candidates of the empty cell with the fewest; none if the state is a dead end.
    fn operators(&self) -> Candidates {
        let mut best = Candidates::new(0, 0);
        if self.dead {
            return best;
        }
        let mut fewest = u32::MAX;
        for (cell, &mask) in self.candidates.iter().enumerate() {
            let count = mask.count_ones();
            if mask != 0 && count < fewest {
                fewest = count;
                best = Candidates::new(cell as u16, mask);
                if count <= 2 {
                    break;
                }
            }
        }
        best
    }

    fn apply(&mut self, placement: Placement) {
        self.save();
        self.path.push(placement);
        let cell = usize::from(placement.cell);
        self.dead = !(self.place(cell, placement.digit) && self.propagate());
        self.singles.clear();
        self.hidden.clear();
    }

    fn undo(&mut self, _: Placement) {
        self.path.pop();
        let saved = &mut self.saved;
        restore(&mut self.grid.cells, &mut saved.cells);
        restore(&mut self.candidates, &mut saved.candidates);
        restore(&mut self.places, &mut saved.places);
        restore(&mut self.placed, &mut saved.placed);
        self.empty = saved.empty.pop().expect("a state to go back to");
        self.dead = false;
    }

    fn is_complete(&self) -> bool {
        self.empty == 0 && !self.dead
    }

    fn solution(&self) -> Grid {
        self.grid.clone()
    }
}

/// A sudoku being solved, propagated after every placement (see the [module docs](self)):
/// its search range is the candidates of its most constrained empty cell.
///
/// ```
/// use backtrack::Search;
/// use backtrack_problems::sudoku::{Grid, Sudoku};
///
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()?;
/// let mut solutions = Search::new(Sudoku::new(&puzzle)?);
/// let solution = solutions.next().expect("it has a solution");
/// assert!(solution.is_solved() && solution.extends(&puzzle));
/// assert_eq!(solutions.next(), None, "and only one");
/// // The empty 4×4 grid has 288 solutions.
/// assert_eq!(Search::new(Sudoku::new(&Grid::empty(2))?).count(), 288);
/// # Ok::<(), backtrack_problems::sudoku::SudokuError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Sudoku {
    kernel: Kernel,
}

/// How a sudoku is solved: 9×9 on bitboards, by value; any other order on candidate masks,
/// in place.
#[derive(Clone, Debug)]
enum Kernel {
    Nine {
        state: Nine,
        /// Searched in place (borrowed, or applied and undone by hand): the states before
        /// the operators applied. Empty and unused in a copy made for a search by value
        /// (`copy`), whose states are never undone.
        before: Vec<Nine>,
        copy: bool,
    },
    General(General),
}

impl Sudoku {
    /// The puzzle `grid`, its givens propagated, or an error if a given digit repeats in a
    /// row, column or box (or, in a grid built by hand, a cell is over the side). A puzzle
    /// with no solution is not an error: its search finds none.
    pub fn new(grid: &Grid) -> Result<Self, SudokuError> {
        let layout = Layout::of(grid.order);
        let n = grid.side();
        // Every given checked against those before it, in reading order.
        let mut seen = [0u64; 3 * MAX_ORDER * MAX_ORDER];
        for (cell, &digit) in grid.cells.iter().enumerate() {
            if digit == 0 {
                continue;
            }
            let (row, col) = (cell / n + 1, cell % n + 1);
            if usize::from(digit) > n {
                return Err(SudokuError::Digit {
                    row,
                    col,
                    value: digit,
                    side: n,
                });
            }
            let units = layout.units_of[cell].map(usize::from);
            if units.iter().any(|&u| seen[u] & 1 << digit != 0) {
                return Err(SudokuError::Conflict {
                    line: None,
                    row,
                    col,
                    digit,
                });
            }
            for u in units {
                seen[u] |= 1 << digit;
            }
        }
        let kernel = if grid.order == 3 {
            Kernel::Nine {
                state: Nine::new(&grid.cells),
                before: Vec::new(),
                copy: false,
            }
        } else {
            Kernel::General(General::new(grid))
        };
        Ok(Sudoku { kernel })
    }

    /// The grid as filled so far.
    pub fn grid(&self) -> Grid {
        match &self.kernel {
            Kernel::Nine { state: nine, .. } => Grid {
                order: 3,
                cells: nine.cells(),
            },
            Kernel::General(general) => general.grid.clone(),
        }
    }

    /// How many cells are still empty.
    pub fn empty(&self) -> usize {
        match &self.kernel {
            Kernel::Nine { state, .. } => state.empty(),
            Kernel::General(general) => general.empty,
        }
    }

    /// The side of the grid.
    fn side(&self) -> usize {
        match &self.kernel {
            Kernel::Nine { .. } => 9,
            Kernel::General(general) => general.layout.side,
        }
    }
}

impl Problem for Sudoku {
    type Op = Placement;
    type Ops = Candidates;
    type Solution = Grid;

    /// The candidates of the empty cell with the fewest, first in reading order among
    /// equals; none if the state is a dead end (a cell, or a digit of a unit, with no
    /// place left).
    #[inline]
    fn operators(&self) -> Candidates {
        match &self.kernel {
            Kernel::Nine { state, .. } => state.operators(),
            Kernel::General(general) => general.operators(),
        }
    }

    /// Writes the digit, then fills every naked and hidden single and strikes every locked
    /// candidate that follows.
    #[inline]
    fn apply(&mut self, placement: Placement) {
        match &mut self.kernel {
            Kernel::Nine {
                state,
                before,
                copy,
            } => {
                if !*copy {
                    before.push(*state);
                }
                state.apply(placement);
            }
            Kernel::General(general) => general.apply(placement),
        }
    }

    #[inline]
    fn undo(&mut self, placement: Placement) {
        match &mut self.kernel {
            Kernel::Nine { state, before, .. } => {
                *state = before.pop().expect("an operator to undo");
            }
            Kernel::General(general) => general.undo(placement),
        }
    }

    #[inline]
    fn is_complete(&self) -> bool {
        match &self.kernel {
            Kernel::Nine { state, .. } => state.is_complete(),
            Kernel::General(general) => general.is_complete(),
        }
    }

    fn solution(&self) -> Grid {
        self.grid()
    }

    /// A 9×9 sudoku is a small `Copy` state, searched by value (searched in place, as a
    /// borrowed `&mut Sudoku`, it keeps the states before each operator to undo it).
    #[inline]
    fn by_value(&self) -> Option<Self> {
        match &self.kernel {
            Kernel::Nine { state, .. } => Some(Sudoku {
                kernel: Kernel::Nine {
                    state: *state,
                    before: Vec::new(),
                    copy: true,
                },
            }),
            Kernel::General(_) => None,
        }
    }
}

/// Labels for the solution tree: an operator is `r3c5=7` (1-based row and column), a state
/// is the placement that made it and how many cells are still empty after its propagation,
/// `r3c5=7, 42 empty` (the root: `51 empty`, after the givens' own propagation).
impl backtrack::tree::Label for Sudoku {
    fn label(&self) -> String {
        let last = match &self.kernel {
            Kernel::Nine { state, .. } => state.last,
            Kernel::General(general) => general.path.last().copied(),
        };
        match last {
            Some(op) => format!("{}, {} empty", self.op_label(op), self.empty()),
            None => format!("{} empty", self.empty()),
        }
    }

    fn op_label(&self, Placement { cell, digit }: Placement) -> String {
        let n = self.side();
        let cell = usize::from(cell);
        format!("r{}c{}={digit}", cell / n + 1, cell % n + 1)
    }
}

#[cfg(test)]
mod tests {
    use backtrack::tree::{tree_of, Label};
    use backtrack::{Limits, Search};

    use super::{General, Grid, Kernel, Notation, Sudoku, SudokuError};

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    /// The published solution of `PUZZLE` (Wikipedia, "Sudoku").
    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    /// Arto Inkala's "world's hardest sudoku" (2012).
    const HARD: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    /// Hard ones of top95 (Norvig's "hard" set), a 17-clue one, and AI Escargot.
    const HARDER: [&str; 4] = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
        "...8.1..........435............7.8........1...2..3....6......75..34........2..6..",
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    ];
    const SIXTEEN: &str = include_str!("../tests/fixtures/16x16.sudoku");
    const TWENTY_FIVE: &str = include_str!("../tests/fixtures/25x25.sudoku");

    fn grid(text: &str) -> Grid {
        text.parse().expect("a valid grid")
    }

    fn sudoku(grid: &Grid) -> Sudoku {
        Sudoku::new(grid).expect("consistent")
    }

    /// The puzzle's solutions, at most `limit` of them, each checked: solved, givens kept.
    fn solutions(puzzle: &Grid, limit: u64) -> Vec<Grid> {
        let search = Search::new(sudoku(puzzle)).limits(Limits::none().solutions(limit));
        let found: Vec<Grid> = search.collect();
        for solution in &found {
            assert!(solution.is_solved(), "{solution}");
            assert!(solution.extends(puzzle), "{solution}");
        }
        found
    }

    #[test]
    fn solves_the_classic_puzzle_uniquely() {
        let puzzle = grid(PUZZLE);
        assert_eq!(solutions(&puzzle, 2), [grid(SOLUTION)]);
    }

    #[test]
    fn solves_hard_puzzles_uniquely() {
        for text in [HARD].iter().chain(&HARDER) {
            assert_eq!(solutions(&grid(text), 2).len(), 1, "{text}");
        }
    }

    #[test]
    fn the_empty_4x4_grid_has_288_solutions() {
        let empty = Grid::empty(2);
        assert_eq!(Search::new(sudoku(&empty)).count_solutions().found, 288);
        let mut all = solutions(&empty, 1000);
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 288, "all distinct");
    }

    #[test]
    fn empty_grids_of_every_order_are_filled() {
        for order in super::MIN_ORDER..=super::MAX_ORDER {
            let solution = &solutions(&Grid::empty(order), 1)[0];
            assert_eq!(solution.order(), order);
        }
    }

    #[test]
    fn solves_a_16x16_puzzle_uniquely() {
        let puzzle = grid(SIXTEEN);
        assert_eq!((puzzle.order(), puzzle.side()), (4, 16));
        assert_eq!(puzzle.cells().iter().filter(|&&d| d != 0).count(), 96);
        assert_eq!(solutions(&puzzle, 2).len(), 1);
    }

    #[test]
    fn solves_a_25x25_puzzle_uniquely() {
        let puzzle = grid(TWENTY_FIVE);
        assert_eq!(puzzle.side(), 25);
        assert_eq!(solutions(&puzzle, 2).len(), 1);
    }

    /// The 9×9 kernel (bitboards, by value) and the general one (masks, in place) find the
    /// same fixed point of singles and choose the same cells: the same trees.
    #[test]
    fn both_kernels_search_the_same_tree() {
        let general = |puzzle: &Grid| Sudoku {
            kernel: Kernel::General(General::new(puzzle)),
        };
        let mut puzzles: Vec<Grid> = [PUZZLE, HARD]
            .iter()
            .chain(&HARDER)
            .map(|t| grid(t))
            .collect();
        let mut unsolvable = String::from("12345678.\n........9\n");
        unsolvable.push_str(&".........\n".repeat(7));
        puzzles.push(grid(&unsolvable));
        for puzzle in &puzzles {
            let nine = Search::new(sudoku(puzzle)).count_solutions();
            let other = Search::new(general(puzzle)).count_solutions();
            assert_eq!(nine.found, other.found, "{puzzle}");
            let tree = |s: backtrack::Stats| (s.nodes, s.solutions, s.dead_ends, s.max_depth);
            assert_eq!(tree(nine.stats), tree(other.stats), "{puzzle}");
            let nine: Vec<Grid> = Search::new(sudoku(puzzle)).collect();
            let other: Vec<Grid> = Search::new(general(puzzle)).collect();
            assert_eq!(nine, other);
        }
        let empty = Grid::empty(3);
        let limits = || Limits::none().solutions(30);
        let nine: Vec<Grid> = Search::new(sudoku(&empty)).limits(limits()).collect();
        let other: Vec<Grid> = Search::new(general(&empty)).limits(limits()).collect();
        assert_eq!(nine, other);
    }

    /// Borrowed, the 9×9 kernel is searched in place, undoing each operator: the same
    /// solutions and tree, and the state back at the root after.
    #[test]
    fn a_borrowed_sudoku_is_searched_in_place_and_left_at_the_root() {
        for text in [HARD, HARDER[3]] {
            let puzzle = grid(text);
            let by_value = Search::new(sudoku(&puzzle)).count_solutions();
            let mut borrowed = sudoku(&puzzle);
            let root = borrowed.grid();
            let in_place = Search::new(&mut borrowed).count_solutions();
            assert_eq!(in_place.found, by_value.found);
            assert_eq!(in_place.stats.nodes, by_value.stats.nodes);
            assert_eq!(borrowed.grid(), root);
            let empty = sudoku(&puzzle).empty();
            assert_eq!(borrowed.label(), format!("{empty} empty"));
        }
    }

    /// Every completion of a 4×4 grid, by plain recursion with no deduction.
    fn brute_force_4x4(cells: &mut [u8; 16], at: usize) -> u64 {
        if at == 16 {
            return 1;
        }
        if cells[at] != 0 {
            return brute_force_4x4(cells, at + 1);
        }
        let (row, col) = (at / 4, at % 4);
        let mut count = 0;
        for digit in 1..=4 {
            let clash = (0..4).any(|k| {
                cells[row * 4 + k] == digit
                    || cells[k * 4 + col] == digit
                    || cells[(row / 2 * 2 + k / 2) * 4 + col / 2 * 2 + k % 2] == digit
            });
            if !clash {
                cells[at] = digit;
                count += brute_force_4x4(cells, at + 1);
                cells[at] = 0;
            }
        }
        count
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// Any text: an error or well-formed puzzles, never a panic.
        #[test]
        fn the_reader_never_panics(text in "[.0-9A-Ha-h_x?| +=#\n-]{0,300}") {
            if let Ok(puzzles) = super::read_puzzles(&text) {
                for puzzle in puzzles {
                    let n = puzzle.grid.side();
                    proptest::prop_assert_eq!(puzzle.grid.cells().len(), n * n);
                    proptest::prop_assert_eq!(puzzle.lines.len(), n);
                    proptest::prop_assert!(puzzle.grid.cells().iter().all(|&d| usize::from(d) <= n));
                    let _ = puzzle.sudoku();
                }
            }
        }

        /// A puzzle of each size with a character put in, or one taken out: an error
        /// naming a line of the text, or puzzles, never a panic.
        #[test]
        fn a_mangled_puzzle_is_an_error_or_puzzles(
            which in 0usize..3,
            at in 0usize..2000,
            insert in proptest::option::of("[.0-9A-Ha-h_x?| \n-]"),
        ) {
            let text = [
                grid(PUZZLE).to_string(),
                SIXTEEN.to_string(),
                grid(SIXTEEN).show(Notation::Numbers).to_string(),
            ][which]
                .clone();
            let mut chars: Vec<char> = text.chars().collect();
            let at = at % chars.len();
            match insert {
                Some(inserted) => chars.splice(at..at, inserted.chars()).for_each(drop),
                None => drop(chars.remove(at)),
            }
            let mangled: String = chars.into_iter().collect();
            match super::read_puzzles(&mangled) {
                Ok(puzzles) => {
                    for puzzle in puzzles {
                        let n = puzzle.grid.side();
                        proptest::prop_assert_eq!(puzzle.grid.cells().len(), n * n);
                    }
                }
                Err(err) => {
                    let message = err.to_string();
                    proptest::prop_assert!(
                        message.starts_with("line") || message.starts_with("puzzle"),
                        "{}", message
                    );
                }
            }
        }

        /// 4×4 puzzles (any givens, even inconsistent ones): as many solutions as plain
        /// recursion finds, each checked.
        #[test]
        fn small_puzzles_have_the_solutions_brute_force_finds(
            givens in proptest::collection::vec((0usize..16, 1u8..=4), 0..8)
        ) {
            let mut cells = [0u8; 16];
            for (cell, digit) in givens {
                cells[cell] = digit;
            }
            let puzzle = Grid::new(2, cells.to_vec()).unwrap();
            let Ok(sudoku) = Sudoku::new(&puzzle) else {
                return Ok(()); // a repeated given
            };
            let found: Vec<Grid> = Search::new(sudoku).collect();
            proptest::prop_assert_eq!(found.len() as u64, brute_force_4x4(&mut cells, 0));
            proptest::prop_assert!(found.iter().all(|s| s.is_solved() && s.extends(&puzzle)));
        }

        /// 9×9 puzzles cut from a solved grid with its digits relabelled: both kernels
        /// search the same tree, to the first ten solutions.
        #[test]
        fn both_kernels_agree_on_random_puzzles(
            keep in proptest::collection::vec(proptest::bool::weighted(0.3), 81),
            shift in 0u8..9,
        ) {
            let solved = grid(SOLUTION);
            let cells = solved
                .cells()
                .iter()
                .zip(&keep)
                .map(|(&d, &k)| if k { (d + shift - 1) % 9 + 1 } else { 0 })
                .collect();
            let puzzle = Grid::new(3, cells).unwrap();
            let limits = || Limits::none().solutions(10);
            let nine = Search::new(sudoku(&puzzle)).limits(limits()).count_solutions();
            let general = Sudoku {
                kernel: Kernel::General(General::new(&puzzle)),
            };
            let other = Search::new(general).limits(limits()).count_solutions();
            proptest::prop_assert_eq!(nine.found, other.found);
            proptest::prop_assert_eq!(nine.stats.nodes, other.stats.nodes);
            proptest::prop_assert!(nine.found >= 1);
        }
    }

    #[test]
    fn an_empty_grid_has_many_solutions_all_valid() {
        let all = solutions(&Grid::empty(3), 50);
        let mut distinct = all.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), 50);
        // The first cell with fewest candidates is always filled with its smallest.
        assert_eq!(all[0].to_string().lines().next(), Some("123456789"));
    }

    #[test]
    fn an_unsolvable_puzzle_has_no_solution() {
        // The top-right cell can only be 9, and its column already has one.
        let mut text = String::from("12345678.\n........9\n");
        text.push_str(&".........\n".repeat(7));
        let outcome = Search::new(sudoku(&grid(&text))).count_solutions();
        assert_eq!(outcome.found, 0);
        assert_eq!((outcome.stats.nodes, outcome.stats.dead_ends), (1, 1));
        // So in 4×4, where the top-left cell has no candidate left.
        let outcome = Search::new(sudoku(&grid(".23.\n.1..\n4...\n...."))).count_solutions();
        assert_eq!((outcome.found, outcome.stats.dead_ends), (0, 1));
    }

    #[test]
    fn lines_rows_numbers_and_characters_read_the_same() {
        let puzzle = grid(PUZZLE);
        assert_eq!(grid(&puzzle.to_string()), puzzle);
        let spaced: String = puzzle
            .to_string()
            .lines()
            .map(|line| {
                line.chars()
                    .flat_map(|c| [c, ' '])
                    .chain(['\n'])
                    .collect::<String>()
            })
            .collect();
        assert_eq!(grid(&spaced), puzzle);
        assert_eq!(grid(&PUZZLE.replace('.', "0")), puzzle);
        // 16×16: rows of characters, one line, numbers, lower case.
        let sixteen = grid(SIXTEEN);
        let one_line: String = sixteen.to_string().split_whitespace().collect();
        assert_eq!(grid(&one_line), sixteen);
        let numbers = sixteen.show(Notation::Numbers).to_string();
        assert!(numbers.starts_with(" .  7 13  . 11 14"), "{numbers}");
        assert_eq!(grid(&numbers), sixteen);
        assert_eq!(grid(&SIXTEEN.to_lowercase()), sixteen);
        let read = super::read_puzzles(&numbers).unwrap();
        assert_eq!(read[0].notation, Notation::Numbers);
        let one_line_numbers = numbers.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(grid(&one_line_numbers), sixteen);
        // 25×25 in numbers too.
        let twenty_five = grid(TWENTY_FIVE);
        assert_eq!(
            grid(&twenty_five.show(Notation::Numbers).to_string()),
            twenty_five
        );
    }

    /// A hexadoku (`0`-`F`) is the 1-`G` grid with every digit one less.
    #[test]
    fn a_16x16_grid_in_hexadecimal_is_read_as_such() {
        let sixteen = grid(SIXTEEN);
        let hex = sixteen.show(Notation::Hexadecimal).to_string();
        assert!(hex.starts_with(".6C.AD....58....\n"), "{hex}");
        let read = &super::read_puzzles(&hex).unwrap()[0];
        assert_eq!(
            (&read.grid, read.notation),
            (&sixteen, Notation::Hexadecimal)
        );
        let solution = &solutions(&read.grid, 1)[0];
        let written = solution.show(Notation::Hexadecimal).to_string();
        assert!(written.contains('0') && !written.contains('G'), "{written}");
        // (A grid with no empty cell is not told apart: it reads as 1-G.)
        // With no `.` the `0`s are empty cells: the usual notation.
        let zeros = sixteen.to_string().replace('.', "0");
        assert_eq!(
            super::read_puzzles(&zeros).unwrap()[0].notation,
            Notation::Characters
        );
        assert_eq!(grid(&zeros), sixteen);
    }

    #[test]
    fn the_size_is_what_the_first_row_says() {
        // A line of 16 cells alone is a 4×4 grid; followed by another, a 16×16 row.
        let four = "12..........4321";
        assert_eq!(grid(four).side(), 4);
        assert_eq!(
            super::puzzles(&format!("{four}\n\n{four}")).unwrap().len(),
            2
        );
        assert_eq!(
            super::puzzles(&format!("{four}\n{four}\n")),
            Err(SudokuError::Incomplete {
                puzzle: 1,
                first_line: 1,
                last_line: 2,
                lines: 2,
                side: 16
            })
        );
        assert_eq!(grid("1234\n3412\n2143\n4321").side(), 4);
        // A 16×16 grid whose second row lost a cell is told so, not read as a 4×4 grid
        // on one line whose `G` is past 4.
        let mut rows: Vec<String> = (0..16).map(|_| ".".repeat(16)).collect();
        rows[0] = "123456789ABCDEFG".to_string();
        rows[1].pop();
        assert_eq!(
            super::puzzles(&rows.join("\n")),
            Err(SudokuError::Length {
                line: 2,
                expected: 16,
                found: 15
            })
        );
        assert_eq!(grid(&".".repeat(256)).side(), 16);
        assert_eq!(grid(&"0".repeat(625)).side(), 25);
        // Puzzles of several sizes in one text.
        let mixed = format!("{four}\n\n{PUZZLE}\n{SIXTEEN}");
        let sides: Vec<usize> = super::puzzles(&mixed)
            .unwrap()
            .iter()
            .map(Grid::side)
            .collect();
        assert_eq!(sides, [4, 9, 16]);
    }

    #[test]
    fn tree_labels_name_the_placement_and_what_is_left() {
        let puzzle = grid(HARD);
        let sudoku = sudoku(&puzzle);
        let root = sudoku.label();
        let empty: usize = root.strip_suffix(" empty").unwrap().parse().unwrap();
        assert_eq!(empty, 60, "Inkala's 21 givens leave no single: {root}");
        let tree = tree_of(&sudoku);
        let nodes = tree.nodes();
        assert_eq!(nodes[0].label, root);
        assert_eq!(
            nodes[1].op.as_deref(),
            nodes[1].label.split(',').next(),
            "the state names the operator that made it"
        );
        let solution = tree.solutions().next().expect("solved");
        assert!(solution.label.ends_with(", 0 empty"));
        // The label's placement is the digit of the solution in that cell.
        let place = solution.label.split(',').next().unwrap();
        let (rc, digit) = place.split_once('=').unwrap();
        let (row, col) = rc[1..].split_once('c').unwrap();
        let (row, col): (usize, usize) = (row.parse().unwrap(), col.parse().unwrap());
        let solved = &solutions(&puzzle, 1)[0];
        assert_eq!(solved.get(row - 1, col - 1).to_string(), digit, "{place}");
    }

    #[test]
    fn drawn_grids_comments_and_a_byte_order_mark_are_read() {
        let puzzle = grid(PUZZLE);
        let mut drawn = String::new();
        for (row, line) in puzzle.to_string().lines().enumerate() {
            let (a, rest) = line.split_at(3);
            let (b, c) = rest.split_at(3);
            drawn.push_str(&[a, " | ", b, " | ", c, "  # a row\n"].concat());
            if row % 3 == 2 && row < 8 {
                drawn.push_str("------+-------+------\n");
            }
        }
        assert_eq!(grid(&format!("# a puzzle\n\n{drawn}")), puzzle);
        assert_eq!(grid(&format!("\u{feff}{PUZZLE}")), puzzle);
        assert_eq!(grid(&format!("\u{feff}{puzzle}")), puzzle);
        // 16×16 drawn in numbers, boxes apart.
        let sixteen = grid(SIXTEEN);
        let mut drawn = String::new();
        for (row, line) in sixteen
            .show(Notation::Numbers)
            .to_string()
            .lines()
            .enumerate()
        {
            let words: Vec<&str> = line.split_whitespace().collect();
            let boxes: Vec<String> = words.chunks(4).map(|w| w.join(" ")).collect();
            drawn.push_str(&boxes.join(" | "));
            drawn.push('\n');
            if row % 4 == 3 && row < 15 {
                drawn.push_str("------------+-------------+-------------+------------\n");
            }
        }
        assert_eq!(grid(&drawn), sixteen);
    }

    #[test]
    fn a_text_may_hold_several_puzzles() {
        let puzzle = grid(PUZZLE);
        let nine_lines = puzzle.to_string();
        let text = format!(
            "{PUZZLE}\n{nine_lines}\n# third\n{}",
            PUZZLE.replace('.', "0")
        );
        assert_eq!(super::puzzles(&text), Ok(vec![puzzle.clone(); 3]));
        assert_eq!(
            text.parse::<Grid>(),
            Err(SudokuError::Several { puzzles: 3 })
        );
        // A grid cut short, and a bad cell of the second puzzle, by line.
        let cut = format!("{PUZZLE}\n{}", ".........\n".repeat(4));
        assert_eq!(
            super::puzzles(&cut).unwrap_err().to_string(),
            "puzzle 2: lines 2 to 5: expected 9 lines of 9 cells, found 4"
        );
        let bad = format!("{PUZZLE}\n{}", nine_lines.replacen('.', "?", 1));
        assert!(matches!(
            super::puzzles(&bad),
            Err(SudokuError::Character {
                line: 2,
                row: 1,
                ..
            })
        ));
    }

    #[test]
    fn malformed_grids_are_reported_by_line_and_column() {
        let nine = ".........\n".repeat(9);
        let cases = [
            (String::new(), "expected a grid (n lines of n cells, n = 4, 9, 16, 25, 36 or 49, or one line of 16, 81, 256, 625, 1296 or 2401 cells), found no cells"),
            (
                format!("# comment\n\n{}", ".........\n".repeat(8) + "........\n"),
                "line 11: expected 9 cells, found 8",
            ),
            (".........\n".repeat(3), "lines 1 to 3: expected 9 lines of 9 cells, found 3"),
            // An invisible character is named, not counted as a tenth cell.
            (
                nine.replacen(".........", "53..7\u{200b}....", 1),
                "line 1, row 1, column 6: `\\u{200b}` is not a cell (a digit 1-9, a letter A-Z for 10 and up, numbers apart by spaces, or `.`, `0`, `_` for an empty cell)",
            ),
            (
                format!("{PUZZLE}\n{}", nine.replacen(".........", "........?.", 1)),
                "line 2, row 1, column 9: `?` is not a cell (a digit 1-9, a letter A-Z for 10 and up, numbers apart by spaces, or `.`, `0`, `_` for an empty cell)",
            ),
            (PUZZLE[..80].to_string(), "line 1: expected 81 cells, found 80"),
            (nine.replacen(".........", "..........", 1), "line 1: expected 9 cells, found 10"),
            (".....\n".repeat(5), "line 1: expected 4 cells, found 5"),
            // A digit past the side, as a letter and as a number.
            (
                nine.replacen(".........", "....A....", 1),
                "line 1, row 1, column 5: `A` is not a digit 1-9 or an empty cell (`.`, `0`, `_`)",
            ),
            (
                "1...\n..5.\n....\n....\n".to_string(),
                "line 2, row 2, column 3: 5 is past 4, the largest digit of a 4×4 grid",
            ),
            (
                format!("{}\n{}", "1 ".repeat(15) + "17", ". ".repeat(16)),
                "line 1, row 1, column 16: 17 is past 16, the largest digit of a 16×16 grid",
            ),
            (
                format!("{}\n{}?", ". ".repeat(15) + "16", ". ".repeat(15)),
                "line 2, row 2, column 16: `?` is not a digit 1-9, A-G or an empty cell (`.`, `0`, `_`)",
            ),
            (
                format!("{}\n{}1?", ". ".repeat(15) + "16", ". ".repeat(15)),
                "line 2, row 2, column 16: `1?` is not a number 1-16 or an empty cell (`.`, `0`, `_`)",
            ),
        ];
        for (text, expected) in cases {
            let err = text.parse::<Grid>().unwrap_err();
            assert_eq!(err.to_string(), expected, "{text:?}");
        }
    }

    #[test]
    fn a_repeated_given_is_named_by_its_place_and_line() {
        let conflict = grid(&PUZZLE.replacen('.', "5", 1));
        assert_eq!(
            Sudoku::new(&conflict).unwrap_err(),
            SudokuError::Conflict {
                line: None,
                row: 1,
                col: 3,
                digit: 5
            }
        );
        assert_eq!(
            Sudoku::new(&conflict).unwrap_err().to_string(),
            "row 1, column 3: 5 is already in its row, column or box"
        );
        // Read from a text, the given that repeats is named by its line too.
        let text = format!("{PUZZLE}\n\n{conflict}");
        let second = &super::read_puzzles(&text).unwrap()[1];
        assert_eq!(second.lines, [3, 4, 5, 6, 7, 8, 9, 10, 11]);
        assert_eq!(
            second.sudoku().unwrap_err().to_string(),
            "line 3, row 1, column 3: 5 is already in its row, column or box"
        );
        // In a box of a 16×16 grid.
        let mut text = format!("1{}\n", ".".repeat(15));
        text.push_str(".1");
        text.push_str(&".".repeat(14));
        text.push('\n');
        text.push_str(&format!("{}\n", ".".repeat(16)).repeat(14));
        let err = super::read_puzzles(&text).unwrap()[0].sudoku().unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2, row 2, column 2: 1 is already in its row, column or box"
        );
    }

    #[test]
    fn hand_built_grids_are_checked() {
        assert_eq!(Grid::new(1, vec![0]), Err(SudokuError::Order { order: 1 }));
        assert_eq!(
            Grid::new(8, vec![]).unwrap_err().to_string(),
            "a sudoku has boxes of 2×2 to 7×7, not 8×8"
        );
        assert_eq!(
            Grid::new(2, vec![0; 15]).unwrap_err().to_string(),
            "a grid of order 2 has 16 cells, not 15"
        );
        let mut cells = vec![0; 16];
        cells[6] = 5;
        assert_eq!(
            Grid::new(2, cells).unwrap_err().to_string(),
            "row 2, column 3: 5 is not a digit 1-4 or 0 (empty)"
        );
        let big = Grid::empty(7);
        assert_eq!(big.side(), 49);
        assert!(big.to_string().starts_with(" . "), "numbers past 35×35");
    }

    #[test]
    fn the_checker_rejects_broken_grids() {
        let solved = grid(SOLUTION);
        assert!(solved.is_solved());
        let mut cells = solved.cells().to_vec();
        cells.swap(0, 1);
        assert!(!Grid::new(3, cells).unwrap().is_solved());
        let mut cells = solved.cells().to_vec();
        cells[40] = 0;
        let emptied = Grid::new(3, cells).unwrap();
        assert!(!emptied.is_solved());
        assert!(solved.extends(&emptied) && !emptied.extends(&solved));
        // Rows and columns fine, boxes wrong: a cyclic Latin square, 9×9 and 16×16.
        for b in [3, 4] {
            let n = b * b;
            let latin = (0..n * n)
                .map(|i| ((i / n + i % n) % n + 1) as u8)
                .collect();
            assert!(!Grid::new(b, latin).unwrap().is_solved());
        }
    }
}
