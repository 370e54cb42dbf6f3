//! Reading puzzles from text, in the notation of the [module docs](crate::sudoku): one or
//! many, each with the lines it was read from, so that every message names its place.

use std::borrow::Cow;
use std::str::FromStr;

use super::error::NotHexadecimal;
use super::grid::{mark_unique, order_of_side, symbol};
use super::{Conflict, Grid, Notation, Sudoku, SudokuError, MAX_ORDER, MIN_ORDER};

/// Reads one puzzle in the notation of the [module docs](crate::sudoku).
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

/// Reads every puzzle of a text, in the notation of the [module docs](crate::sudoku), one
/// after another (blank lines, separator lines and comments between them or inside them
/// are allowed, not needed). Puzzles of different sizes may follow each other.
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
///
/// Its givens may contradict each other (a digit twice in a row, column or box): the text
/// is still a grid, and the puzzle one with no solution, which [`Puzzle::sudoku`] and
/// [`Puzzle::conflict`] tell, naming the place.
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
    /// The sudoku to search, its givens propagated; or, if a given digit repeats in its
    /// row, column or box, the first that does (in reading order), with its line: the
    /// puzzle has no solution.
    ///
    /// ```
    /// use backtrack_problems::sudoku::{read_puzzles, Conflict};
    ///
    /// let text = format!("# a repeated 5\n{}", "55.......\n".to_string() + &".........\n".repeat(8));
    /// let err = read_puzzles(&text)?[0].sudoku().unwrap_err();
    /// assert_eq!(err, Conflict { line: 2, row: 1, col: 2, digit: 5 });
    /// assert_eq!(err.to_string(), "line 2, row 1, column 2: 5 is already in its row, column or box");
    /// # Ok::<(), backtrack_problems::sudoku::SudokuError>(())
    /// ```
    pub fn sudoku(&self) -> Result<Sudoku, Conflict> {
        match self.conflict() {
            Some(conflict) => Err(conflict),
            None => Ok(Sudoku::consistent(&self.grid)),
        }
    }

    /// The first given (in reading order) already in its row, column or box, with its
    /// line; `None` if the givens are consistent.
    pub fn conflict(&self) -> Option<Conflict> {
        let n = self.grid.side();
        self.grid.repeated_given().map(|(cell, digit)| Conflict {
            line: self.lines[cell / n],
            row: cell / n + 1,
            col: cell % n + 1,
            digit,
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
type Cell<'a> = (Option<u64>, Cow<'a, str>);

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
    order_of_side(n).is_some()
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
            .flat_map(|&w| {
                w.char_indices()
                    .map(move |(at, ch)| (character(ch), w[at..at + ch.len_utf8()].into()))
            })
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
    /// Every cell read so far, in reading order, with its line and how it was written.
    fn texts(&self) -> impl Iterator<Item = (usize, &str)> {
        self.rows
            .iter()
            .flat_map(|(line, row)| row.iter().map(move |(_, text)| (*line, text.as_ref())))
    }

    /// The puzzle of these rows, every cell checked ([`check_row`]) and all there; an
    /// error if it is a 16×16 grid whose `0`s, among empty cells marked otherwise, cannot
    /// be a hexadecimal digit ([`Partial::zeros_are_a_digit`]).
    fn puzzle(&self) -> Result<Puzzle, SudokuError> {
        // In hexadecimal: a 16×16 grid of characters with a `0`, no `G`, and its empty
        // cells marked `.` or `_`, if its `0`s can be a digit.
        let mark = self.texts().find_map(|(_, t)| match t {
            "." => Some('.'),
            "_" => Some('_'),
            _ => None,
        });
        let hexadecimal = match mark {
            Some(mark)
                if self.side == 16
                    && self.notation == Notation::Characters
                    && self.texts().any(|(_, t)| t == "0")
                    && !self.texts().any(|(_, t)| t.eq_ignore_ascii_case("g")) =>
            {
                self.zeros_are_a_digit(mark)?;
                true
            }
            _ => false,
        };
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
        let order = order_of_side(self.side).expect("a side");
        Ok(Puzzle {
            grid: Grid { order, cells },
            lines,
            notation: if hexadecimal {
                Notation::Hexadecimal
            } else {
                self.notation
            },
        })
    }

    /// In a 16×16 grid that reads as hexadecimal, where empty cells are marked `mark`, can
    /// the `0`s be a digit? Two or more, none in the row, column or box of another: a lone
    /// `0`, or one that repeats, is an empty cell marked a second way, and refused, naming
    /// it.
    fn zeros_are_a_digit(&self, mark: char) -> Result<(), SudokuError> {
        let refused = |cell: usize, line: usize, why| SudokuError::MixedEmpty {
            line,
            row: cell / self.side + 1,
            col: cell % self.side + 1,
            mark,
            why,
        };
        // (cell, line) of each `0`.
        let zeros: Vec<(usize, usize)> = (0..)
            .zip(self.texts())
            .filter(|&(_, (_, t))| t == "0")
            .map(|(cell, (line, _))| (cell, line))
            .collect();
        if let [(cell, line)] = zeros[..] {
            return Err(refused(cell, line, NotHexadecimal::Alone));
        }
        let mut seen = [0u64; 3 * MAX_ORDER * MAX_ORDER];
        for (cell, line) in zeros {
            if !mark_unique(&mut seen, 4, cell, 1) {
                return Err(refused(cell, line, NotHexadecimal::Repeated));
            }
        }
        Ok(())
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
///
/// A malformed puzzle (a text that is not a grid) is an error naming its line (and, cut
/// short by the end of the text, which puzzle it is); a character that is no cell is named
/// even on a line of the wrong length, escaped if it is invisible (`\u{200b}`). Givens that
/// contradict each other are no error here: such a puzzle has no solution, which
/// [`Puzzle::sudoku`] tells, so that the other puzzles of the text can still be solved.
///
/// ```
/// use backtrack_problems::sudoku::{read_puzzles, Conflict};
///
/// let good = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// let bad = good.replacen('.', "5", 1);
/// let read = read_puzzles(&format!("{good}\n{bad}\n{good}\n"))?;
/// assert_eq!(read.len(), 3);
/// assert!(read[0].sudoku().is_ok() && read[2].sudoku().is_ok());
/// assert_eq!(read[1].conflict(), Some(Conflict { line: 2, row: 1, col: 3, digit: 5 }));
/// # Ok::<(), backtrack_problems::sudoku::SudokuError>(())
/// ```
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
                puzzles.push(rows.puzzle()?);
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
            puzzles.push(rows.puzzle()?);
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
            return Err(SudokuError::RowSize {
                line,
                found,
                nearest: expected,
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
