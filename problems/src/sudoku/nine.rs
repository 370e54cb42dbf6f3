//! The 9×9 kernel: one 81-bit board per digit (where it may go, or is), so that naked and
//! hidden singles are found for the whole grid by a few word operations, and a state is a
//! small `Copy` value searched by value (after the bitboard solvers of Zhouyundong and
//! JCZSolve, in their simplest form).

use super::{Candidates, Placement};

/// Every cell of the grid.
const ALL: u128 = (1 << 81) - 1;

/// The rows, columns and boxes as boards.
static UNITS: [u128; 27] = {
    let mut units = [0u128; 27];
    let mut cell = 0;
    while cell < 81 {
        let (row, col) = (cell / 9, cell % 9);
        let bit = 1u128 << cell;
        units[row] |= bit;
        units[9 + col] |= bit;
        units[18 + row / 3 * 3 + col / 3] |= bit;
        cell += 1;
    }
    units
};

/// The units of each cell (its row, column and box), as bits 0..27 of a mask.
static CELL_UNITS: [u32; 81] = {
    let mut units = [0u32; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, col) = (cell / 9, cell % 9);
        units[cell] = 1 << row | 1 << (9 + col) | 1 << (18 + row / 3 * 3 + col / 3);
        cell += 1;
    }
    units
};

/// The cells each cell sees, itself not included.
static PEERS: [u128; 81] = {
    let mut peers = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, col) = (cell / 9, cell % 9);
        peers[cell] =
            (UNITS[row] | UNITS[9 + col] | UNITS[18 + row / 3 * 3 + col / 3]) & !(1u128 << cell);
        cell += 1;
    }
    peers
};

/// A 9×9 sudoku being solved, propagated to a fixed point of naked and hidden singles.
#[derive(Clone, Copy, Debug)]
pub(super) struct Nine {
    /// `boards[d - 1]`: the cells where digit d may go, or is.
    boards: [u128; 9],
    /// The filled cells.
    filled: u128,
    /// The operator that made this state, for labels.
    pub(super) last: Option<Placement>,
    /// Was a cell, or a digit of a unit, left with no place?
    dead: bool,
}

impl Nine {
    /// The puzzle of `cells` (81 digits 0..=9, no given repeated: checked by the caller),
    /// its givens propagated.
    pub(super) fn new(cells: &[u8]) -> Nine {
        let mut nine = Nine {
            boards: [ALL; 9],
            filled: 0,
            last: None,
            dead: false,
        };
        for (cell, &digit) in cells.iter().enumerate() {
            if digit != 0 {
                nine.place(cell, digit);
            }
        }
        nine.dead = !nine.propagate([ALL; 9]);
        nine
    }

    /// Writes `digit`, a candidate of the empty `cell`, into it.
    #[inline]
    fn place(&mut self, cell: usize, digit: u8) {
        let bit = 1u128 << cell;
        for board in &mut self.boards {
            *board &= !bit;
        }
        let board = &mut self.boards[usize::from(digit - 1)];
        *board = (*board & !PEERS[cell]) | bit;
        self.filled |= bit;
    }

    /// Fills naked and hidden singles until there are none: false if a cell, or a digit
    /// of a unit, is left with no place. `searched`: the boards when there was no hidden
    /// single (only the units of cells struck since are searched again).
    fn propagate(&mut self, mut searched: [u128; 9]) -> bool {
        loop {
            let (mut once, mut twice) = (0u128, 0u128);
            for &board in &self.boards {
                twice |= once & board;
                once |= board;
            }
            if once != ALL {
                return false;
            }
            let singles = once & !twice & !self.filled;
            if singles != 0 {
                for digit in 0..9 {
                    let mut cells = singles & self.boards[digit];
                    while cells != 0 {
                        let cell = cells.trailing_zeros() as usize;
                        cells &= cells - 1;
                        // Struck by a single of the same digit placed just before.
                        if self.boards[digit] >> cell & 1 == 0 {
                            return false;
                        }
                        self.place(cell, digit as u8 + 1);
                    }
                }
                continue;
            }
            let mut placed = false;
            for (digit, searched) in searched.iter_mut().enumerate() {
                let board = self.boards[digit];
                let mut struck = *searched & !board;
                if struck == 0 {
                    continue;
                }
                *searched = board;
                // The units that lost a place for the digit.
                let mut units = 0u32;
                if struck.count_ones() > 9 {
                    units = (1 << 27) - 1;
                } else {
                    while struck != 0 {
                        units |= CELL_UNITS[struck.trailing_zeros() as usize];
                        struck &= struck - 1;
                    }
                }
                while units != 0 {
                    let unit = units.trailing_zeros() as usize;
                    units &= units - 1;
                    let places = self.boards[digit] & UNITS[unit];
                    if places & places.wrapping_sub(1) == 0 {
                        if places == 0 {
                            return false;
                        }
                        if places & self.filled == 0 {
                            self.place(places.trailing_zeros() as usize, digit as u8 + 1);
                            placed = true;
                        }
                    }
                }
            }
            if !placed {
                return true;
            }
        }
    }

    /// The candidates of the empty cell with the fewest (first in reading order among
    /// equals); none if the state is a dead end.
    pub(super) fn operators(&self) -> Candidates {
        if self.dead {
            return Candidates { cell: 0, mask: 0 };
        }
        // How many candidates each cell has, in four bit planes.
        let mut planes = [0u128; 4];
        for &board in &self.boards {
            let mut carry = board;
            for plane in &mut planes {
                let next = *plane & carry;
                *plane ^= carry;
                carry = next;
            }
        }
        let open = ALL & !self.filled;
        for count in 2..=9 {
            let mut cells = open;
            for (k, &plane) in planes.iter().enumerate() {
                cells &= if count >> k & 1 == 1 { plane } else { !plane };
            }
            if cells != 0 {
                let cell = cells.trailing_zeros() as usize;
                let mask = (0..9)
                    .filter(|&d| self.boards[d] >> cell & 1 == 1)
                    .fold(0u64, |mask, d| mask | 1 << (d + 1));
                return Candidates {
                    cell: cell as u16,
                    mask,
                };
            }
        }
        Candidates { cell: 0, mask: 0 }
    }

    pub(super) fn apply(&mut self, placement: Placement) {
        let searched = self.boards;
        self.place(usize::from(placement.cell), placement.digit);
        self.last = Some(placement);
        self.dead = !self.propagate(searched);
    }

    pub(super) fn is_complete(&self) -> bool {
        self.filled == ALL && !self.dead
    }

    /// How many cells are empty.
    pub(super) fn empty(&self) -> usize {
        81 - self.filled.count_ones() as usize
    }

    /// The 81 cells, row by row, `0` for an empty one.
    pub(super) fn cells(&self) -> Vec<u8> {
        let mut cells = vec![0; 81];
        for (digit, &board) in (1..).zip(&self.boards) {
            let mut placed = board & self.filled;
            while placed != 0 {
                cells[placed.trailing_zeros() as usize] = digit;
                placed &= placed - 1;
            }
        }
        cells
    }
}
