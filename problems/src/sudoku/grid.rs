//! The grid of a sudoku: its cells, how it is written, whether it is solved, and the units
//! (rows, columns, boxes) every other part counts on.

use std::fmt;
use std::io;

use super::SudokuError;

/// The smallest order (box side) of a grid: 2, a 4×4 grid.
pub const MIN_ORDER: usize = 2;
/// The largest order (box side) of a grid: 7, a 49×49 grid (its digits fit a 64-bit mask).
pub const MAX_ORDER: usize = 7;

/// An n×n grid (n = b², b the order), row by row, `0` for an empty cell.
///
/// Every cell is a digit of the grid or empty: each way to make one checks it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    pub(super) order: usize,
    pub(super) cells: Vec<u8>,
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
        let n = self.side();
        let full = full_mask(n);
        (0..3 * n).all(|unit| {
            let mut seen = 0u64;
            for cell in unit_cells(self.order, unit) {
                let digit = usize::from(self.cells[cell]);
                if !(1..=n).contains(&digit) {
                    return false;
                }
                seen |= 1 << digit;
            }
            seen == full
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

    /// The first given, in reading order, that an earlier one of its row, column or box
    /// already holds: its cell and digit. None if the givens are consistent.
    pub(super) fn repeated_given(&self) -> Option<(usize, u8)> {
        let mut seen = [0u64; 3 * MAX_ORDER * MAX_ORDER];
        self.cells
            .iter()
            .enumerate()
            .filter(|&(_, &digit)| digit != 0)
            .find(|&(cell, &digit)| !mark_unique(&mut seen, self.order, cell, digit))
            .map(|(cell, &digit)| (cell, digit))
    }
}

/// Marks `digit` as seen in the units of `cell` (in a grid of order `order`), in `seen` (a
/// mask of digits for each unit); false if one of them had seen it already.
pub(super) fn mark_unique(seen: &mut [u64], order: usize, cell: usize, digit: u8) -> bool {
    let bit = 1u64 << digit;
    let units = units_of(order, cell);
    let fresh = units.iter().all(|&u| seen[u] & bit == 0);
    for u in units {
        seen[u] |= bit;
    }
    fresh
}

/// The units of `cell` in a grid of order `b`: its row, column and box, numbered as in
/// [`unit_cells`].
pub(super) fn units_of(b: usize, cell: usize) -> [usize; 3] {
    let n = b * b;
    let (row, col) = (cell / n, cell % n);
    [row, n + col, 2 * n + row / b * b + col / b]
}

/// The cells of unit `unit` of a grid of order `b`, in reading order: the rows are units
/// 0 to n - 1, the columns n to 2n - 1, the boxes 2n to 3n - 1 (n = b²).
pub(super) fn unit_cells(b: usize, unit: usize) -> impl Iterator<Item = usize> {
    let n = b * b;
    let i = unit % n;
    (0..n).map(move |k| match unit / n {
        0 => i * n + k,
        1 => k * n + i,
        _ => (i / b * b + k / b) * n + i % b * b + k % b,
    })
}

/// The order of a grid of side `n`, if it is one of an order handled.
pub(super) fn order_of_side(n: usize) -> Option<usize> {
    (MIN_ORDER..=MAX_ORDER).find(|b| b * b == n)
}

/// Digits 1..=n as bits 1..=n of a mask.
pub(super) fn full_mask(n: usize) -> u64 {
    (u64::MAX >> (64 - n)) << 1
}

/// How the cells of a grid are written: see the [module docs](crate::sudoku).
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

/// The longest grid written a character a cell: 35 rows of 35 cells and a newline.
const CHARACTERS: usize = 35 * 36;

impl fmt::Display for Show<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = [0u8; CHARACTERS];
        match self.characters(&mut text) {
            Some(len) => f.write_str(std::str::from_utf8(&text[..len]).map_err(|_| fmt::Error)?),
            None => self.numbers(f),
        }
    }
}

impl Show<'_> {
    /// Writes the grid to `out`, the same bytes as its `Display`: a grid a character a cell
    /// in one write, with no formatter between, for a file of many puzzles prints many
    /// grids.
    ///
    /// ```
    /// use backtrack_problems::sudoku::{Grid, Notation};
    ///
    /// let grid: Grid = "1..43..12..34..1".parse()?;
    /// let mut out = Vec::new();
    /// grid.show(Notation::Characters).write_to(&mut out)?;
    /// assert_eq!(out, grid.to_string().as_bytes());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_to(&self, out: &mut impl io::Write) -> io::Result<()> {
        if self.grid.order == 3 {
            // The common grid, on a buffer of its size.
            let mut text = [0u8; 90];
            self.characters(&mut text);
            return out.write_all(&text);
        }
        let mut text = [0u8; CHARACTERS];
        match self.characters(&mut text) {
            Some(len) => out.write_all(&text[..len]),
            None => write!(out, "{self}"),
        }
    }

    /// The grid a character a cell, a line a row, into `text` (room for n lines of n + 1
    /// bytes): its length; `None` if it is written in numbers (asked for, or over 35×35).
    fn characters(&self, text: &mut [u8]) -> Option<usize> {
        let n = self.grid.side();
        if self.notation == Notation::Numbers || n > 35 {
            return None;
        }
        if n == 9 {
            // Rows of a known length, and digits up to 9: `.`, or the digit.
            let rows = self.grid.cells.chunks_exact(9);
            for (line, row) in text.chunks_exact_mut(10).zip(rows) {
                for (at, &d) in line.iter_mut().zip(row) {
                    *at = if d == 0 { b'.' } else { b'0' + d };
                }
                line[9] = b'\n';
            }
            return Some(90);
        }
        let symbols = if self.notation == Notation::Hexadecimal && n == 16 {
            &HEXADECIMAL
        } else {
            &SYMBOLS
        };
        let mut len = 0;
        for row in self.grid.cells.chunks(n) {
            for (at, &d) in text[len..len + n].iter_mut().zip(row) {
                *at = symbols[usize::from(d)];
            }
            text[len + n] = b'\n';
            len += n + 1;
        }
        Some(len)
    }

    /// The grid in whole numbers apart by spaces, right-aligned, `.` for an empty cell.
    fn numbers(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.grid.side();
        let width = n.to_string().len();
        for row in self.grid.cells.chunks(n) {
            for (col, &d) in row.iter().enumerate() {
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
pub(super) fn symbol(digit: u8) -> char {
    char::from(symbol_byte(digit))
}

/// [`symbol`] as an ASCII byte.
const fn symbol_byte(digit: u8) -> u8 {
    match digit {
        0 => b'.',
        1..=9 => b'0' + digit,
        _ => b'A' + digit - 10,
    }
}

/// [`symbol_byte`] of each digit up to 35.
static SYMBOLS: [u8; 36] = {
    let mut symbols = [0; 36];
    let mut digit = 0;
    while digit < 36 {
        symbols[digit] = symbol_byte(digit as u8);
        digit += 1;
    }
    symbols
};

/// The byte of each digit of a 16×16 grid in hexadecimal: `.` for empty, `0`-`9` and
/// `A`-`F` for 1 to 16.
static HEXADECIMAL: [u8; 36] = {
    let mut symbols = SYMBOLS;
    symbols[1] = b'0';
    let mut digit = 2;
    while digit <= 16 {
        symbols[digit] = symbol_byte(digit as u8 - 1);
        digit += 1;
    }
    symbols
};

impl fmt::Display for Grid {
    /// n lines of n characters, `.` for an empty cell ([`Notation::Characters`]; grids over
    /// 35×35 in numbers).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.show(Notation::Characters).fmt(f)
    }
}
