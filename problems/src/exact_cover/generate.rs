//! Puzzles encoded as exact cover: N-Queens, sudoku, polyomino tilings (the 6×10
//! pentomino rectangle), Langford pairings and crossword fills. Each generator returns the
//! problem with what each option means ([`Encoded`]), so that a solution (the options
//! chosen) reads back as the puzzle's own answer.

use std::ops::RangeInclusive;

use super::{BuildError, Builder, ExactCover};
use crate::sudoku::Grid;

/// The board sizes [`queens`] makes.
pub const QUEENS_SIZES: RangeInclusive<usize> = 1..=64;

/// The orders [`langford`] makes.
pub const LANGFORD_ORDERS: RangeInclusive<usize> = 1..=32;

/// An exact cover problem made from a puzzle, with the meaning of each option (`options[k]`
/// that of option `k`): a queen's square, a sudoku placement, a piece's cells.
#[derive(Clone, Debug)]
pub struct Encoded<T> {
    /// The problem.
    pub problem: ExactCover,
    /// What each option means, in input order.
    pub options: Vec<T>,
    /// The puzzle, in words: `Langford pairings of order 7`.
    pub puzzle: String,
    /// What a count of the problem's solutions counts, in words: `every pairing twice, once
    /// as its mirror …`. A count may not be what the puzzle's own count is (each tiling in
    /// all its orientations, each pairing and its mirror): this says which.
    pub counted: String,
}

/// The prefix of the comment line of [`Encoded::text`] that says what a count counts.
pub const COUNTED: &str = "| counts: ";

impl<T> Encoded<T> {
    /// The problem's file, as [`ExactCover`]'s `Display` writes it, after two comment lines
    /// (lines starting with `|`, which a reader of the file skips): the puzzle, and what a
    /// count counts, after [`COUNTED`].
    ///
    /// ```
    /// use backtrack_problems::exact_cover::{generate, ExactCover};
    ///
    /// let text = generate::langford(3).unwrap().text();
    /// let mut lines = text.lines();
    /// assert_eq!(lines.next(), Some("| Langford pairings of order 3, as exact cover"));
    /// assert!(lines.next().unwrap().starts_with("| counts: every pairing twice"));
    /// assert_eq!(lines.next(), Some("1 2 3 s1 s2 s3 s4 s5 s6"));
    /// let read: ExactCover = text.parse().unwrap();
    /// assert_eq!(read.to_string(), generate::langford(3).unwrap().problem.to_string());
    /// ```
    pub fn text(&self) -> String {
        format!(
            "| {}, as exact cover\n{COUNTED}{}\n{}",
            self.puzzle, self.counted, self.problem
        )
    }

    /// What the options of `solution` (their numbers, as the search gives them) mean, in
    /// the same order.
    pub fn decode<'a>(&'a self, solution: &'a [usize]) -> impl Iterator<Item = &'a T> + 'a {
        solution.iter().map(|&k| &self.options[k])
    }
}

/// Why a puzzle cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// A size out of its range.
    #[error("{what} must be from {min} to {max}, not {given}")]
    Size {
        /// What the size is of.
        what: &'static str,
        /// The smallest allowed.
        min: usize,
        /// The largest allowed.
        max: usize,
        /// The size given.
        given: usize,
    },
    /// A crossword pattern with a character other than `.` (a white cell) and `#` (a
    /// black one), or rows of different lengths.
    #[error("row {row} of the crossword pattern: {problem}")]
    Pattern {
        /// 1-based row of the pattern.
        row: usize,
        /// What is wrong with it.
        problem: String,
    },
    /// A crossword pattern with no run of two white cells or more.
    #[error("the crossword pattern has no slot: a slot is a run of two white cells or more, across or down")]
    NoSlot,
    /// A crossword word that is not letters alone.
    #[error("the word `{}` is not letters (a to z) alone", crate::text::quote(.0))]
    Word(String),
    /// A crossword with no word to fill it.
    #[error("no word: a crossword is filled from a list of words")]
    NoWords,
    /// A crossword word given twice (in any case: words are read in lowercase).
    #[error("the word `{}` is given twice: each word of the list is used at most once, and is given once", crate::text::quote(.0))]
    RepeatedWord(String),
    /// A puzzle's own items or options refused (a polyomino named twice).
    #[error(transparent)]
    Build(#[from] BuildError),
}

/// `n` in base 36 (`0`-`9`, `a`-`z`): a row or column in an item's name.
fn digit(n: usize) -> char {
    char::from_digit(n as u32, 36).expect("at most 35")
}

/// Checks that `given` is in `range`.
fn size(
    what: &'static str,
    given: usize,
    range: RangeInclusive<usize>,
) -> Result<(), GenerateError> {
    if range.contains(&given) {
        Ok(())
    } else {
        Err(GenerateError::Size {
            what,
            min: *range.start(),
            max: *range.end(),
            given,
        })
    }
}

/// Builds the problem from its items and options, keeping each option's meaning, the
/// puzzle's name and what a count counts.
fn encode<T>(
    primary: Vec<String>,
    secondary: Vec<String>,
    options: Vec<(Vec<String>, T)>,
    (puzzle, counted): (String, String),
) -> Result<Encoded<T>, GenerateError> {
    let mut builder = Builder::new(primary, secondary)?;
    let mut meanings = Vec::with_capacity(options.len());
    for (items, meaning) in options {
        builder.option(items)?;
        meanings.push(meaning);
    }
    Ok(Encoded {
        problem: builder.build(),
        options: meanings,
        puzzle,
        counted,
    })
}

/// N-Queens as exact cover with secondary items: ranks `r1`…`rn` and files `c1`…`cn`
/// primary (one queen each), the diagonals `a2`…`a2n` (row + column) and `b1`…`b2n-1`
/// (row - column + n) secondary (at most one queen each). Option `(r, c)` (from 1) is a
/// queen at row r, column c, in reading order; n in [`QUEENS_SIZES`], 1 to 64.
pub fn queens(n: usize) -> Result<Encoded<(usize, usize)>, GenerateError> {
    size("the board size", n, QUEENS_SIZES)?;
    let primary = (1..=n)
        .map(|r| format!("r{r}"))
        .chain((1..=n).map(|c| format!("c{c}")))
        .collect();
    let secondary = (2..=2 * n)
        .map(|d| format!("a{d}"))
        .chain((1..2 * n).map(|d| format!("b{d}")))
        .collect();
    let options = (1..=n)
        .flat_map(|r| (1..=n).map(move |c| (r, c)))
        .map(|(r, c)| {
            let items = vec![
                format!("r{r}"),
                format!("c{c}"),
                format!("a{}", r + c),
                format!("b{}", r + n - c),
            ];
            (items, (r, c))
        })
        .collect();
    let about = (
        format!("{n}-queens"),
        format!("every placement of {n} queens, none attacking another, each board on its own (not up to rotation and reflection)"),
    );
    encode(primary, secondary, options, about)
}

/// A sudoku as exact cover: for each cell `pRC` one digit, for each row `rRD`, column
/// `cCD` and box `bBD` each digit once (R, C, B and D from 1, in base 36; past 35 a side,
/// in decimal apart by a comma, `p12,40`). An option
/// `(cell, digit)` (the cell in reading order from 0, the digit from 1) writes a digit in
/// a cell; a given cell has only its given digit, and a digit a given rules out (in the
/// given's row, column or box) has no option.
pub fn sudoku(grid: &Grid) -> Result<Encoded<(usize, u8)>, GenerateError> {
    let order = grid.order();
    let side = grid.side();
    let cells = grid.cells();
    // Up to 35 a side, a digit each (`p35`); past that, numbers apart by a comma.
    let name = |kind: char, a: usize, b: usize| {
        if side <= 35 {
            format!("{kind}{}{}", digit(a + 1), digit(b + 1))
        } else {
            format!("{kind}{},{}", a + 1, b + 1)
        }
    };
    let box_of = |cell: usize| (cell / side) / order * order + (cell % side) / order;
    let mut primary = Vec::with_capacity(4 * side * side);
    for kind in ['p', 'r', 'c', 'b'] {
        for a in 0..side {
            for b in 0..side {
                primary.push(name(kind, a, b));
            }
        }
    }
    // A digit given in a row, column or box rules it out of the rest of it.
    let clashes = |cell: usize, digit: u8| {
        (0..side * side).any(|other| {
            other != cell
                && cells[other] == digit
                && (other / side == cell / side
                    || other % side == cell % side
                    || box_of(other) == box_of(cell))
        })
    };
    let mut options = Vec::new();
    for (cell, &given) in cells.iter().enumerate() {
        let (row, col) = (cell / side, cell % side);
        for digit in 1..=side as u8 {
            if (given != 0 && given != digit) || (given == 0 && clashes(cell, digit)) {
                continue;
            }
            let d = usize::from(digit) - 1;
            let items = vec![
                name('p', row, col),
                name('r', row, d),
                name('c', col, d),
                name('b', box_of(cell), d),
            ];
            options.push((items, (cell, digit)));
        }
    }
    let about = (
        format!("a {side}×{side} sudoku"),
        "every solution of the puzzle (a proper puzzle has one)".to_string(),
    );
    encode(primary, Vec::new(), options, about)
}

/// The twelve pentominoes, by their usual letters, each as rows of `#` (a cell) and `.`.
pub const PENTOMINOES: [(&str, &str); 12] = [
    ("F", ".##/##./.#."),
    ("I", "#####"),
    ("L", "####/#..."),
    ("N", "##../.###"),
    ("P", "##/##/#."),
    ("T", "###/.#./.#."),
    ("U", "#.#/###"),
    ("V", "#../#../###"),
    ("W", "#../##./.##"),
    ("X", ".#./###/.#."),
    ("Y", "####/.#.."),
    ("Z", "##./.#./.##"),
];

/// A polyomino placed: the piece's number and the cells it covers, `(row, column)` from 0.
pub type Placement = (usize, Vec<(usize, usize)>);

/// A piece's cells, `(row, column)` from 0, from its rows of `#` and `.` apart by `/`.
pub fn cells_of(shape: &str) -> Vec<(usize, usize)> {
    shape
        .split('/')
        .enumerate()
        .flat_map(|(r, row)| {
            row.chars()
                .enumerate()
                .filter(|&(_, c)| c == '#')
                .map(move |(c, _)| (r, c))
        })
        .collect()
}

/// The distinct orientations of a piece (its 8 rotations and reflections, those that
/// differ), each shifted to row and column 0 and its cells sorted.
fn orientations(cells: &[(usize, usize)]) -> Vec<Vec<(usize, usize)>> {
    let mut all: Vec<Vec<(usize, usize)>> = Vec::new();
    for t in 0..8 {
        let turned: Vec<(isize, isize)> = cells
            .iter()
            .map(|&(r, c)| {
                let (r, c) = (r as isize, c as isize);
                let (r, c) = if t & 4 == 0 { (r, c) } else { (c, r) };
                let r = if t & 1 == 0 { r } else { -r };
                let c = if t & 2 == 0 { c } else { -c };
                (r, c)
            })
            .collect();
        let top = turned.iter().map(|&(r, _)| r).min().unwrap_or(0);
        let left = turned.iter().map(|&(_, c)| c).min().unwrap_or(0);
        let mut shifted: Vec<(usize, usize)> = turned
            .iter()
            .map(|&(r, c)| ((r - top) as usize, (c - left) as usize))
            .collect();
        shifted.sort_unstable();
        if !all.contains(&shifted) {
            all.push(shifted);
        }
    }
    all
}

/// A tiling of a `rows`×`cols` rectangle by `pieces` (each named, its shape as
/// [`cells_of`] reads it), each piece used once, turned and flipped as it may: the pieces
/// and the cells `RC` (row and column from 0, in base 36) primary. An option is one
/// placement, `(piece, cells)`: the piece's number in `pieces` and the cells it covers;
/// pieces in order, then orientations, then positions in reading order. Sides from 1 to
/// 36.
pub fn polyominoes(
    pieces: &[(&str, &str)],
    rows: usize,
    cols: usize,
) -> Result<Encoded<Placement>, GenerateError> {
    size("the number of rows", rows, 1..=36)?;
    size("the number of columns", cols, 1..=36)?;
    let cell = |r: usize, c: usize| format!("{}{}", digit(r), digit(c));
    let primary = pieces
        .iter()
        .map(|&(name, _)| name.to_string())
        .chain((0..rows).flat_map(|r| (0..cols).map(move |c| cell(r, c))))
        .collect();
    let mut options = Vec::new();
    for (p, &(name, shape)) in pieces.iter().enumerate() {
        for orientation in orientations(&cells_of(shape)) {
            let height = orientation.iter().map(|&(r, _)| r + 1).max().unwrap_or(0);
            let width = orientation.iter().map(|&(_, c)| c + 1).max().unwrap_or(0);
            if height > rows || width > cols {
                continue;
            }
            for top in 0..=rows - height {
                for left in 0..=cols - width {
                    let placed: Vec<(usize, usize)> = orientation
                        .iter()
                        .map(|&(r, c)| (top + r, left + c))
                        .collect();
                    let mut items = vec![name.to_string()];
                    items.extend(placed.iter().map(|&(r, c)| cell(r, c)));
                    options.push((items, (p, placed)));
                }
            }
        }
    }
    let images = if rows == cols { 8 } else { 4 };
    let about = (
        format!("{} polyominoes in a {rows}×{cols} rectangle", pieces.len()),
        format!("every tiling, each piece once, turned and flipped as it may: a tiling and its images by the rectangle's {images} symmetries are counted apart"),
    );
    encode(primary, Vec::new(), options, about)
}

/// The twelve pentominoes in a 6×10 rectangle: 2339 tilings up to symmetry, each found
/// four times (the rectangle's rotation by 180 degrees and its two reflections).
pub fn pentominoes() -> Encoded<Placement> {
    let mut encoded = polyominoes(&PENTOMINOES, 6, 10).expect("the 6×10 rectangle is a board");
    encoded.puzzle = "the twelve pentominoes in a 6×10 rectangle".into();
    encoded.counted = "every tiling four times, as itself and as its images by the rectangle's half turn and two reflections: 9356 tilings, 2339 up to symmetry".into();
    encoded
}

/// Langford pairings of order `n`: two 1s, two 2s, …, two ns in 2n slots, the two ks k
/// apart (k numbers between them). Items `1`…`n` (each value placed once) and `s1`…`s2n`
/// (each slot filled once), all primary; option `(k, i)` puts the ks in slots i and
/// i + k + 1 (from 1). Each pairing is found twice, once as its mirror; n in
/// [`LANGFORD_ORDERS`], 1 to 32.
pub fn langford(n: usize) -> Result<Encoded<(usize, usize)>, GenerateError> {
    size("the order", n, LANGFORD_ORDERS)?;
    let primary = (1..=n)
        .map(|k| k.to_string())
        .chain((1..=2 * n).map(|i| format!("s{i}")))
        .collect();
    let options = (1..=n)
        .flat_map(|k| (1..2 * n - k).map(move |i| (k, i)))
        .map(|(k, i)| {
            let items = vec![k.to_string(), format!("s{i}"), format!("s{}", i + k + 1)];
            (items, (k, i))
        })
        .collect();
    let about = (
        format!("Langford pairings of order {n}"),
        "every pairing twice, once as its mirror (read backwards): twice OEIS A014552, which counts them up to reversal".to_string(),
    );
    encode(primary, Vec::new(), options, about)
}

/// A slot of a crossword: where its word starts, `(row, column)` from 0, its direction
/// and its length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    /// The row of its first cell, from 0.
    pub row: usize,
    /// The column of its first cell, from 0.
    pub col: usize,
    /// Down (`true`) or across.
    pub down: bool,
    /// How many cells.
    pub len: usize,
}

impl Slot {
    /// Its cells, `(row, column)` from 0, in order.
    pub fn cells(self) -> impl Iterator<Item = (usize, usize)> {
        (0..self.len).map(move |i| {
            if self.down {
                (self.row + i, self.col)
            } else {
                (self.row, self.col + i)
            }
        })
    }
}

/// The slots of a crossword pattern (rows of `.` for a white cell and `#` for a black
/// one, apart by `/`): the runs of two white cells or more, across then down, each in
/// reading order of its first cell.
pub fn slots(pattern: &str) -> Result<Vec<Slot>, GenerateError> {
    let rows: Vec<&[u8]> = pattern.split('/').map(str::as_bytes).collect();
    let width = rows[0].len();
    for (r, row) in rows.iter().enumerate() {
        let problem = if let Some(&bad) = row.iter().find(|&&c| c != b'.' && c != b'#') {
            format!(
                "`{}` is no cell: `.` is a white cell, `#` a black one",
                char::from(bad).escape_debug()
            )
        } else if row.len() != width {
            format!("{} cells, and the first row has {width}", row.len())
        } else {
            continue;
        };
        return Err(GenerateError::Pattern {
            row: r + 1,
            problem,
        });
    }
    size("the crossword's width", width, 1..=36)?;
    size("the crossword's height", rows.len(), 1..=36)?;
    let white = |r: usize, c: usize| r < rows.len() && c < width && rows[r][c] == b'.';
    let mut slots = Vec::new();
    for down in [false, true] {
        for row in 0..rows.len() {
            for col in 0..width {
                let before = if down {
                    row > 0 && white(row - 1, col)
                } else {
                    col > 0 && white(row, col - 1)
                };
                if !white(row, col) || before {
                    continue;
                }
                let len = (0..rows.len().max(width))
                    .take_while(|&i| {
                        if down {
                            white(row + i, col)
                        } else {
                            white(row, col + i)
                        }
                    })
                    .count();
                if len >= 2 {
                    slots.push(Slot {
                        row,
                        col,
                        down,
                        len,
                    });
                }
            }
        }
    }
    if slots.is_empty() {
        return Err(GenerateError::NoSlot);
    }
    Ok(slots)
}

/// A crossword fill: a word of `words` in each slot of `pattern` (see [`slots`]), no word
/// twice, crossing words agreeing on their shared letters. The slots are primary (`A3.0`
/// across from row 3, column 0; `D0.2` down), the words secondary (each used at most
/// once) and so are the cells (`3.0`), coloured by their letter: two words crossing at a
/// cell must give it the same colour. Option `(slot, word)` (their numbers, from 0) puts
/// a word in a slot, slots in order, then words in order; words are read in lowercase.
/// An empty list, or a word given twice (in any case), is refused.
pub fn crossword(pattern: &str, words: &[&str]) -> Result<Encoded<(usize, usize)>, GenerateError> {
    let slots = slots(pattern)?;
    if words.is_empty() {
        return Err(GenerateError::NoWords);
    }
    let mut lower: Vec<String> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for word in words {
        if word.is_empty() || !word.chars().all(|c| c.is_ascii_alphabetic()) {
            return Err(GenerateError::Word((*word).to_string()));
        }
        let word = word.to_ascii_lowercase();
        if !seen.insert(word.clone()) {
            return Err(GenerateError::RepeatedWord(word));
        }
        lower.push(word);
    }
    let slot_name = |slot: &Slot| {
        let way = if slot.down { 'D' } else { 'A' };
        format!("{way}{}.{}", slot.row, slot.col)
    };
    let primary = slots.iter().map(slot_name).collect();
    let mut cells: Vec<(usize, usize)> = slots.iter().flat_map(|&slot| slot.cells()).collect();
    cells.sort_unstable();
    cells.dedup();
    let secondary = lower
        .iter()
        .cloned()
        .chain(cells.iter().map(|&(r, c)| format!("{r}.{c}")))
        .collect();
    let mut options = Vec::new();
    for (s, slot) in slots.iter().enumerate() {
        for (w, word) in lower.iter().enumerate() {
            if word.len() != slot.len {
                continue;
            }
            let mut items = vec![slot_name(slot), word.clone()];
            items.extend(
                slot.cells()
                    .zip(word.chars())
                    .map(|((r, c), letter)| format!("{r}.{c}:{letter}")),
            );
            options.push((items, (s, w)));
        }
    }
    let about = (
        format!(
            "a crossword of {} slots and {} words",
            slots.len(),
            lower.len()
        ),
        "every fill of the slots by the words, no word twice, each fill once".to_string(),
    );
    encode(primary, secondary, options, about)
}
