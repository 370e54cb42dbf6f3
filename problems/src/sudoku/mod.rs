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
//! 9×9 grids are solved on bitboards, three bands of 27 cells per digit, a small `Copy`
//! state kept on a stack to undo; other sizes on a candidate mask per cell and a count of
//! places per unit and digit. Both reach the same fixed point and choose the same cells: the same
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
//! empty cells with `.` or `_`; its solutions are written so too ([`Notation`]). Such a
//! grid is also what a grid in `1`-`G` with no `G` would be if it marked some empty cells
//! `0` and the others `.`, and reading a `0` the wrong way makes another puzzle; so its
//! `0`s must look like a digit: more than one, none in the row, column or box of another.
//! A lone `0`, or one that repeats, is refused as an empty cell marked a second way
//! ([`SudokuError::MixedEmpty`]).
//!
//! Also accepted, as puzzles are often drawn: spaces and `|` between cells, separator lines
//! made of `-`, `+`, `=` and `|` (`------+-------+------`), blank lines, `#` comments to the
//! end of a line, and a UTF-8 byte order mark at the start. A text may hold many puzzles,
//! one after another ([`puzzles`], [`read_puzzles`]).
//!
//! Bad input is an error naming the line, and the row and column of the grid
//! ([`SudokuError`]). Givens that contradict each other (a digit twice in a row, column or
//! box) are not bad input but a puzzle with no solution ([`Puzzle::sudoku`], [`Conflict`]).

use backtrack::bits::Ones;
use backtrack::Problem;

mod error;
mod general;
mod grid;
mod nine;
mod parse;
#[cfg(test)]
mod tests;

pub use error::{Conflict, NotHexadecimal, SudokuError};
pub use grid::{Grid, Notation, Show, MAX_ORDER, MIN_ORDER};
pub use parse::{puzzles, read_puzzles, Puzzle};

use general::General;
use nine::Nine;

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

/// How a sudoku is solved: 9×9 on bitboards; any other order on candidate masks.
#[derive(Clone, Debug)]
enum Kernel {
    Nine {
        state: Nine,
        /// The states before the operators applied, to undo them.
        before: Vec<Nine>,
    },
    /// Boxed: far larger than the 9×9 state.
    General(Box<General>),
}

impl Sudoku {
    /// The puzzle `grid`, its givens propagated, or an error if a given digit repeats in a
    /// row, column or box (read from a text, [`Puzzle::sudoku`] names its line too). A
    /// puzzle with no solution for other reasons is not an error: its search finds none.
    pub fn new(grid: &Grid) -> Result<Self, SudokuError> {
        let conflict = |(cell, digit): (usize, u8)| SudokuError::Conflict {
            line: None,
            row: cell / grid.side() + 1,
            col: cell % grid.side() + 1,
            digit,
        };
        if grid.order == 3 {
            // The 9×9 kernel finds a repeated given as it writes the givens.
            return Nine::new(&grid.cells).map(Sudoku::nine).map_err(conflict);
        }
        match grid.repeated_given() {
            Some(repeated) => Err(conflict(repeated)),
            None => Ok(Sudoku::consistent(grid)),
        }
    }

    /// The puzzle `grid`, whose givens are consistent, its givens propagated.
    fn consistent(grid: &Grid) -> Self {
        if grid.order == 3 {
            Sudoku::nine(Nine::new(&grid.cells).expect("givens checked by the caller"))
        } else {
            Sudoku {
                kernel: Kernel::General(Box::new(General::new(grid))),
            }
        }
    }

    /// The 9×9 puzzle `state`.
    fn nine(state: Nine) -> Self {
        Sudoku {
            kernel: Kernel::Nine {
                state,
                before: Vec::new(),
            },
        }
    }

    /// The grid as filled so far.
    pub fn grid(&self) -> Grid {
        match &self.kernel {
            Kernel::Nine { state: nine, .. } => Grid {
                order: 3,
                cells: nine.cells(),
            },
            Kernel::General(general) => general.grid().clone(),
        }
    }

    /// How many cells are still empty.
    pub fn empty(&self) -> usize {
        match &self.kernel {
            Kernel::Nine { state, .. } => state.empty(),
            Kernel::General(general) => general.empty(),
        }
    }

    /// The side of the grid.
    fn side(&self) -> usize {
        match &self.kernel {
            Kernel::Nine { .. } => 9,
            Kernel::General(general) => general.grid().side(),
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
            Kernel::Nine { state, before } => {
                before.push(*state);
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
}

/// Labels for the solution tree: an operator is `r3c5=7` (1-based row and column), a state
/// is the placement that made it and how many cells are still empty after its propagation,
/// `r3c5=7, 42 empty` (the root: `51 empty`, after the givens' own propagation).
impl backtrack::tree::Label for Sudoku {
    fn label(&self) -> String {
        let last = match &self.kernel {
            Kernel::Nine { state, .. } => state.last,
            Kernel::General(general) => general.last(),
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
