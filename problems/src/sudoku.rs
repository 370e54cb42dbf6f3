//! Sudoku: fill a 9×9 grid so that every row, column and 3×3 box holds the digits 1 to 9.
//!
//! The state is the grid with, for each row, column and box, a bit mask of the digits it
//! already holds, so a cell's candidates are one `!(row | column | box)`. The search range
//! of a state is the candidates of its most constrained empty cell (fewest candidates,
//! first in reading order among equals): a cell with none makes the state a dead end at
//! once, and a cell with one is filled without branching.

use std::fmt;
use std::str::FromStr;

use backtrack::Problem;

/// A 9×9 grid, row by row, `0` for an empty cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid(pub [u8; 81]);

impl Grid {
    /// The digit at `row`, `col` (0-based), `0` if empty.
    ///
    /// # Panics
    ///
    /// If `row` or `col` is not below 9.
    pub fn get(&self, row: usize, col: usize) -> u8 {
        assert!(row < 9 && col < 9, "no cell ({row}, {col}) on a 9×9 grid");
        self.0[row * 9 + col]
    }

    /// Is every cell filled, every row, column and box a permutation of 1..=9?
    pub fn is_solved(&self) -> bool {
        let group_ok = |cells: &mut dyn Iterator<Item = usize>| {
            let mut seen = 0u16;
            for cell in cells {
                let digit = self.0[cell];
                if !(1..=9).contains(&digit) {
                    return false;
                }
                seen |= 1 << digit;
            }
            seen == 0b11_1111_1110
        };
        (0..9).all(|i| {
            group_ok(&mut (0..9).map(|c| i * 9 + c))
                && group_ok(&mut (0..9).map(|r| r * 9 + i))
                && group_ok(&mut (0..9).map(|k| (i / 3 * 3 + k / 3) * 9 + i % 3 * 3 + k % 3))
        })
    }
}

impl fmt::Display for Grid {
    /// Nine lines of nine characters, `.` for an empty cell.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.0.chunks(9) {
            let line: String = row
                .iter()
                .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
                .collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

/// What is wrong with a sudoku grid given as text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SudokuError {
    /// No puzzle at all: no line holding cells.
    #[error("expected one line of 81 cells or 9 lines of 9 cells, found no cells")]
    Empty,
    /// A puzzle of nine lines cut short by the end of the text.
    #[error("{}", incomplete(*puzzle, *first_line, *last_line, *lines))]
    Incomplete {
        /// Which puzzle of the text (1-based).
        puzzle: usize,
        /// The 1-based line of its first row.
        first_line: usize,
        /// The 1-based line of its last row.
        last_line: usize,
        /// How many rows it has (blank, comment and separator lines not counted).
        lines: usize,
    },
    /// A line with the wrong number of cells.
    #[error("line {line}: expected {expected} cells, found {found}")]
    Length {
        /// 1-based line number in the text.
        line: usize,
        /// 81 or 9.
        expected: usize,
        /// How many there were.
        found: usize,
    },
    /// A character that is not a digit nor an empty-cell mark.
    #[error("line {line}, row {row}, column {col}: `{}` is not a digit 1-9 or an empty cell (`.`, `0`, `_`)", ch.escape_debug())]
    Character {
        /// 1-based line number in the text.
        line: usize,
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The character.
        ch: char,
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
    /// A cell of a [`Grid`] built by hand holding neither a digit 1-9 nor 0 (empty).
    #[error("row {row}, column {col}: {value} is not a digit 1-9 or 0 (empty)")]
    Digit {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The value found.
        value: u8,
    },
}

/// Reads one line of 81 cells or nine lines of nine. A cell is a digit 1-9, or `.`, `0` or
/// `_` when empty. Also accepted, as puzzles are often drawn: spaces and `|` between cells,
/// separator lines made of `-`, `+`, `=` and `|` (`------+-------+------`), blank lines,
/// `#` comments to the end of a line, and a UTF-8 byte order mark at the start.
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
/// ```
impl FromStr for Grid {
    type Err = SudokuError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match puzzles(text)?.as_slice() {
            [grid] => Ok(*grid),
            grids => Err(SudokuError::Several {
                puzzles: grids.len(),
            }),
        }
    }
}

/// Reads every puzzle of a text, in the notation of [`Grid::from_str`]: each is one line of
/// 81 cells or nine lines of nine, one after another (blank lines, separator lines and
/// comments between them or inside them are allowed, not needed).
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The grid.
    pub grid: Grid,
    /// The 1-based line of the text each row was read from (the same for the nine rows
    /// of a puzzle written on one line).
    pub lines: [usize; 9],
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
        Sudoku::new(self.grid).map_err(|err| match err {
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

/// Reads every puzzle of a text as [`puzzles`] does, each with the lines it was read from.
/// A malformed puzzle is an error naming its line (and, cut short by the end of the
/// text, which puzzle it is); a character that is no cell is named even on a line of
/// the wrong length, escaped if it is invisible (`\u{200b}`).
pub fn read_puzzles(text: &str) -> Result<Vec<Puzzle>, SudokuError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut puzzles = Vec::new();
    // The lines of nine cells of a grid not yet complete.
    let mut rows: Vec<(usize, Vec<char>)> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let content = line.split('#').next().unwrap_or_default();
        let cells: Vec<char> = content
            .chars()
            .filter(|&c| !c.is_whitespace() && c != '|')
            .collect();
        if cells.iter().all(|c| matches!(c, '-' | '+' | '=')) {
            continue; // blank, comment or separator
        }
        let line = index + 1;
        // A line that starts a grid is of 81 cells if it is nearer 81 than 9.
        let whole = rows.is_empty() && cells.len() > 45;
        let expected = if whole { 81 } else { 9 };
        if let Some(at) = cells[..cells.len().min(expected)]
            .iter()
            .position(|&c| cell(c).is_none())
        {
            let (row, col) = if whole {
                (at / 9 + 1, at % 9 + 1)
            } else {
                (rows.len() + 1, at + 1)
            };
            return Err(SudokuError::Character {
                line,
                row,
                col,
                ch: cells[at],
            });
        }
        if cells.len() != expected {
            return Err(SudokuError::Length {
                line,
                expected,
                found: cells.len(),
            });
        }
        if whole {
            puzzles.push(puzzle_of(&[(line, cells)]));
        } else {
            rows.push((line, cells));
            if rows.len() == 9 {
                puzzles.push(puzzle_of(&rows));
                rows.clear();
            }
        }
    }
    if let (Some((first_line, _)), Some((last_line, _))) = (rows.first(), rows.last()) {
        return Err(SudokuError::Incomplete {
            puzzle: puzzles.len() + 1,
            first_line: *first_line,
            last_line: *last_line,
            lines: rows.len(),
        });
    }
    if puzzles.is_empty() {
        return Err(SudokuError::Empty);
    }
    Ok(puzzles)
}

/// The digit of a cell (0: empty), if `ch` is one.
fn cell(ch: char) -> Option<u8> {
    match ch {
        '.' | '0' | '_' => Some(0),
        '1'..='9' => Some(ch as u8 - b'0'),
        _ => None,
    }
}

/// The puzzle whose cells are those `lines` hold, in reading order (checked: every one
/// is a cell).
fn puzzle_of(lines: &[(usize, Vec<char>)]) -> Puzzle {
    let mut grid = [0u8; 81];
    let mut rows = [0usize; 9];
    let cells = lines
        .iter()
        .flat_map(|(line, cells)| cells.iter().map(move |&ch| (*line, ch)));
    for (index, (line, ch)) in cells.enumerate() {
        grid[index] = cell(ch).unwrap_or_default();
        rows[index / 9] = line;
    }
    Puzzle {
        grid: Grid(grid),
        lines: rows,
    }
}

/// How [`SudokuError::Incomplete`] reads: `lines 1 to 3: expected one line of 81 cells or
/// 9 lines of 9 cells, found 3 lines of cells`; after complete puzzles, `puzzle 2: lines
/// 11 to 13: expected 9 lines of 9 cells, found 3`.
fn incomplete(puzzle: usize, first_line: usize, last_line: usize, lines: usize) -> String {
    let place = if first_line == last_line {
        format!("line {first_line}")
    } else {
        format!("lines {first_line} to {last_line}")
    };
    if puzzle == 1 {
        let found = if lines == 1 {
            "1 line of cells".to_string()
        } else {
            format!("{lines} lines of cells")
        };
        format!("{place}: expected one line of 81 cells or 9 lines of 9 cells, found {found}")
    } else {
        format!("puzzle {puzzle}: {place}: expected 9 lines of 9 cells, found {lines}")
    }
}

/// The box (0..9, in reading order) of a cell.
fn box_of(cell: usize) -> usize {
    cell / 27 * 3 + cell % 9 / 3
}

/// Writing `digit` into `cell`: a sudoku operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The cell, 0..81 in reading order.
    pub cell: u8,
    /// The digit, 1..=9.
    pub digit: u8,
}

/// The candidates of one cell, smallest digit first: the search range of a state.
#[derive(Clone, Debug)]
pub struct Candidates {
    cell: u8,
    /// Bit `d` set: digit `d` is a candidate.
    mask: u16,
}

impl Iterator for Candidates {
    type Item = Placement;

    fn next(&mut self) -> Option<Placement> {
        if self.mask == 0 {
            return None;
        }
        let digit = self.mask.trailing_zeros() as u8;
        self.mask &= self.mask - 1;
        Some(Placement {
            cell: self.cell,
            digit,
        })
    }
}

/// A sudoku being solved: the grid and the digits used by each row, column and box.
///
/// ```
/// use backtrack::Search;
/// use backtrack_problems::sudoku::{Grid, Sudoku};
///
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()?;
/// let mut solutions = Search::new(Sudoku::new(puzzle)?);
/// let solution = solutions.next().expect("it has a solution");
/// assert!(solution.is_solved());
/// assert_eq!(solutions.next(), None, "and only one");
/// # Ok::<(), backtrack_problems::sudoku::SudokuError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Sudoku {
    grid: Grid,
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
    empty: usize,
    /// The cells in the order they were filled (the first `81 - empty`), givens first.
    filled: [u8; 81],
    /// How many of the filled cells are givens.
    givens: usize,
}

impl Sudoku {
    /// The puzzle `grid`, or an error if a given digit repeats in a row, column or box, or a
    /// cell holds a value over 9.
    pub fn new(grid: Grid) -> Result<Self, SudokuError> {
        let mut sudoku = Sudoku {
            grid: Grid([0; 81]),
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
            empty: 81,
            filled: [0; 81],
            givens: 0,
        };
        for (cell, &digit) in grid.0.iter().enumerate() {
            if digit == 0 {
                continue;
            }
            if digit > 9 {
                // Checked before the digit is used as a shift: 1 << 16 and over overflows.
                return Err(SudokuError::Digit {
                    row: cell / 9 + 1,
                    col: cell % 9 + 1,
                    value: digit,
                });
            }
            if sudoku.candidates(cell) & 1 << digit == 0 {
                return Err(SudokuError::Conflict {
                    line: None,
                    row: cell / 9 + 1,
                    col: cell % 9 + 1,
                    digit,
                });
            }
            sudoku.apply(Placement {
                cell: cell as u8,
                digit,
            });
        }
        sudoku.givens = 81 - sudoku.empty;
        Ok(sudoku)
    }

    /// The grid as filled so far.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The digits (as bits 1..=9) that `cell` may still take.
    fn candidates(&self, cell: usize) -> u16 {
        let used = self.rows[cell / 9] | self.cols[cell % 9] | self.boxes[box_of(cell)];
        !used & 0b11_1111_1110
    }

    fn toggle(&mut self, Placement { cell, digit }: Placement) {
        let cell = usize::from(cell);
        let bit = 1 << digit;
        self.rows[cell / 9] ^= bit;
        self.cols[cell % 9] ^= bit;
        self.boxes[box_of(cell)] ^= bit;
    }
}

impl Problem for Sudoku {
    type Op = Placement;
    type Ops = Candidates;
    type Solution = Grid;

    /// The candidates of the empty cell with the fewest.
    fn operators(&self) -> Candidates {
        let mut best = Candidates { cell: 0, mask: 0 };
        let mut fewest = u32::MAX;
        for cell in 0..81 {
            if self.grid.0[cell] != 0 {
                continue;
            }
            let mask = self.candidates(cell);
            let count = mask.count_ones();
            if count < fewest {
                fewest = count;
                best = Candidates {
                    cell: cell as u8,
                    mask,
                };
                if count <= 1 {
                    break;
                }
            }
        }
        best
    }

    fn apply(&mut self, placement: Placement) {
        self.filled[81 - self.empty] = placement.cell;
        self.grid.0[usize::from(placement.cell)] = placement.digit;
        self.toggle(placement);
        self.empty -= 1;
    }

    fn undo(&mut self, placement: Placement) {
        self.grid.0[usize::from(placement.cell)] = 0;
        self.toggle(placement);
        self.empty += 1;
    }

    fn is_complete(&self) -> bool {
        self.empty == 0
    }

    fn solution(&self) -> Grid {
        self.grid
    }
}

/// Labels for the solution tree: an operator is `r3c5=7` (1-based row and column), a state
/// is the placement that made it and how many cells are still empty, `r3c5=7, 50 empty`
/// (the root: `51 empty`).
impl backtrack::tree::Label for Sudoku {
    fn label(&self) -> String {
        let placed = 81 - self.empty;
        if placed > self.givens {
            let cell = self.filled[placed - 1];
            let digit = self.grid.0[usize::from(cell)];
            format!(
                "{}, {} empty",
                self.op_label(Placement { cell, digit }),
                self.empty
            )
        } else {
            format!("{} empty", self.empty)
        }
    }

    fn op_label(&self, Placement { cell, digit }: Placement) -> String {
        format!("r{}c{}={digit}", cell / 9 + 1, cell % 9 + 1)
    }

    fn child_label(&self, placement: Placement) -> String {
        format!("{}, {} empty", self.op_label(placement), self.empty - 1)
    }
}

#[cfg(test)]
mod tests {
    use backtrack::tree::{tree_of, Label};
    use backtrack::{Limits, Search};

    use super::{Grid, Sudoku, SudokuError};

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    /// The published solution of `PUZZLE` (Wikipedia, "Sudoku").
    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn grid(text: &str) -> Grid {
        text.parse().expect("a valid grid")
    }

    /// The givens of `puzzle` are kept in `solution`.
    fn extends(puzzle: &Grid, solution: &Grid) -> bool {
        puzzle
            .0
            .iter()
            .zip(&solution.0)
            .all(|(&p, &s)| p == 0 || p == s)
    }

    #[test]
    fn solves_the_classic_puzzle_uniquely() {
        let puzzle = grid(PUZZLE);
        let outcome = Search::new(Sudoku::new(puzzle).expect("consistent")).first();
        let solution = outcome.found.expect("solvable");
        assert!(solution.is_solved());
        assert!(extends(&puzzle, &solution));
        assert_eq!(solution, grid(SOLUTION));
        let count = Search::new(Sudoku::new(puzzle).expect("consistent")).count_solutions();
        assert_eq!(count.found, 1);
    }

    #[test]
    fn solves_a_hard_puzzle_uniquely() {
        // Arto Inkala's "world's hardest sudoku" (2012).
        let puzzle = grid(
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        );
        let mut search = Search::new(Sudoku::new(puzzle).expect("consistent"));
        let solution = search.next().expect("solvable");
        assert!(solution.is_solved() && extends(&puzzle, &solution));
        assert_eq!(search.next(), None, "unique");
    }

    #[test]
    fn an_empty_grid_has_many_solutions_all_valid() {
        let mut search = Search::new(Sudoku::new(Grid([0; 81])).expect("consistent"))
            .limits(Limits::none().solutions(50));
        let solutions: Vec<Grid> = search.by_ref().collect();
        assert_eq!(solutions.len(), 50);
        assert!(solutions.iter().all(Grid::is_solved));
        let mut distinct = solutions.clone();
        distinct.sort_unstable_by_key(|g| g.0);
        distinct.dedup();
        assert_eq!(distinct.len(), 50);
        // The first cell with fewest candidates is always filled with its smallest.
        assert_eq!(solutions[0].to_string().lines().next(), Some("123456789"));
    }

    #[test]
    fn an_unsolvable_puzzle_has_no_solution() {
        // The top-right cell can only be 9, and its column already has one.
        let mut text = String::from("12345678.\n........9\n");
        text.push_str(&".........\n".repeat(7));
        let outcome = Search::new(Sudoku::new(grid(&text)).expect("consistent")).count_solutions();
        assert_eq!(outcome.found, 0);
        assert_eq!((outcome.stats.nodes, outcome.stats.dead_ends), (1, 1));
    }

    #[test]
    fn nine_lines_and_one_line_read_the_same() {
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
    }

    #[test]
    fn tree_labels_name_the_last_placement() {
        let puzzle = grid(PUZZLE);
        let sudoku = Sudoku::new(puzzle).expect("consistent");
        assert_eq!(sudoku.label(), "51 empty");
        let tree = tree_of(&sudoku);
        // Every node below the root is one cell filled: the tree is the path to the solution
        // plus whatever it tried on the way.
        let nodes = tree.nodes();
        assert_eq!(nodes[0].label, "51 empty");
        assert!(nodes[1].label.ends_with(", 50 empty"), "{}", nodes[1].label);
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
        assert_eq!(
            grid(SOLUTION).get(row - 1, col - 1).to_string(),
            digit,
            "{place}"
        );
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
        let nine = format!("\u{feff}{puzzle}");
        assert_eq!(grid(&nine), puzzle);
    }

    #[test]
    fn a_text_may_hold_several_puzzles() {
        let puzzle = grid(PUZZLE);
        let nine_lines = puzzle.to_string();
        let text = format!(
            "{PUZZLE}\n{nine_lines}\n# third\n{}",
            PUZZLE.replace('.', "0")
        );
        assert_eq!(super::puzzles(&text), Ok(vec![puzzle; 3]));
        assert_eq!(
            text.parse::<Grid>(),
            Err(SudokuError::Several { puzzles: 3 })
        );
        // A grid cut short, and a bad cell of the second puzzle, by line.
        let cut = format!("{PUZZLE}\n{}", ".........\n".repeat(4));
        assert_eq!(
            super::puzzles(&cut),
            Err(SudokuError::Incomplete {
                puzzle: 2,
                first_line: 2,
                last_line: 5,
                lines: 4
            })
        );
        assert_eq!(
            super::puzzles(&cut).unwrap_err().to_string(),
            "puzzle 2: lines 2 to 5: expected 9 lines of 9 cells, found 4"
        );
        let bad = format!("{PUZZLE}\n{}", nine_lines.replacen('.', "x", 1));
        assert!(matches!(
            super::puzzles(&bad),
            Err(SudokuError::Character {
                line: 2,
                row: 1,
                ch: 'x',
                ..
            })
        ));
    }

    #[test]
    fn malformed_grids_are_reported() {
        let nine = ".........\n".repeat(9);
        let cases = [
            (String::new(), SudokuError::Empty),
            (
                format!("# comment\n\n{}", ".........\n".repeat(8) + "........\n"),
                SudokuError::Length {
                    line: 11,
                    expected: 9,
                    found: 8,
                },
            ),
            (
                ".........\n".repeat(3),
                SudokuError::Incomplete {
                    puzzle: 1,
                    first_line: 1,
                    last_line: 3,
                    lines: 3,
                },
            ),
            // An invisible character is named, not counted as a tenth cell.
            (
                nine.replacen(".........", "53..7\u{200b}....", 1),
                SudokuError::Character {
                    line: 1,
                    row: 1,
                    col: 6,
                    ch: '\u{200b}',
                },
            ),
            (
                format!("{PUZZLE}\n{}", nine.replacen(".........", "........x.", 1)),
                SudokuError::Character {
                    line: 2,
                    row: 1,
                    col: 9,
                    ch: 'x',
                },
            ),
            (
                PUZZLE[..80].to_string(),
                SudokuError::Length {
                    line: 1,
                    expected: 81,
                    found: 80,
                },
            ),
            (
                nine.replacen(".........", "..........", 1),
                SudokuError::Length {
                    line: 1,
                    expected: 9,
                    found: 10,
                },
            ),
            (
                PUZZLE.replacen('.', "x", 1),
                SudokuError::Character {
                    line: 1,
                    row: 1,
                    col: 3,
                    ch: 'x',
                },
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(text.parse::<Grid>().unwrap_err(), expected, "{text:?}");
        }
        assert_eq!(
            SudokuError::Incomplete {
                puzzle: 1,
                first_line: 4,
                last_line: 4,
                lines: 1
            }
            .to_string(),
            "line 4: expected one line of 81 cells or 9 lines of 9 cells, found 1 line of cells"
        );
        assert_eq!(
            SudokuError::Character {
                line: 3,
                row: 1,
                col: 2,
                ch: '\u{200b}'
            }
            .to_string(),
            "line 3, row 1, column 2: `\\u{200b}` is not a digit 1-9 or an empty cell (`.`, `0`, `_`)"
        );
    }

    #[test]
    fn a_repeated_given_is_named_by_its_place_and_line() {
        let conflict = grid(&PUZZLE.replacen('.', "5", 1));
        assert_eq!(
            Sudoku::new(conflict).unwrap_err(),
            SudokuError::Conflict {
                line: None,
                row: 1,
                col: 3,
                digit: 5
            }
        );
        assert_eq!(
            SudokuError::Conflict {
                line: None,
                row: 1,
                col: 3,
                digit: 5
            }
            .to_string(),
            "row 1, column 3: 5 is already in its row, column or box"
        );
        // Read from a text, the given that repeats is named by its line too.
        let text = format!("{PUZZLE}\n\n{conflict}");
        let second = super::read_puzzles(&text).unwrap()[1];
        assert_eq!(second.lines, [3, 4, 5, 6, 7, 8, 9, 10, 11]);
        assert_eq!(
            second.sudoku().unwrap_err().to_string(),
            "line 3, row 1, column 3: 5 is already in its row, column or box"
        );
    }

    #[test]
    fn the_checker_rejects_broken_grids() {
        let solved = grid(SOLUTION);
        assert!(solved.is_solved());
        let mut swapped = solved;
        swapped.0.swap(0, 1);
        assert!(!swapped.is_solved());
        let mut emptied = solved;
        emptied.0[40] = 0;
        assert!(!emptied.is_solved());
        // Rows and columns fine, boxes wrong: a cyclic Latin square.
        let latin = Grid(std::array::from_fn(|i| ((i / 9 + i % 9) % 9 + 1) as u8));
        assert!(!latin.is_solved());
    }
}
