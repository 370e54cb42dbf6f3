//! The 9×9 kernel: one 81-bit board per digit (where it may go, or is), so that naked and
//! hidden singles and locked candidates are found for the whole grid by a few word
//! operations, and a state is a small `Copy` value searched by value (after the bitboard
//! solvers of Zhouyundong and JCZSolve, in a simpler form).

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

/// What locked candidates strike, by the first cell of a segment (three cells where a box
/// and a line cross; a row segment's first cell is 9r + 3j, a column segment's 27k + c):
/// `[row segment: rest of its box, rest of its row, column segment: rest of its box, rest
/// of its column]`.
static STRIKE: [[u128; 81]; 4] = {
    let mut strike = [[0u128; 81]; 4];
    let mut k = 0;
    while k < 27 {
        // Row r, box column j; column c, band b.
        let (r, j) = (k / 3, k % 3);
        let row = UNITS[r] & UNITS[18 + r / 3 * 3 + j];
        strike[0][9 * r + 3 * j] = UNITS[18 + r / 3 * 3 + j] & !row;
        strike[1][9 * r + 3 * j] = UNITS[r] & !row;
        let (c, b) = (k / 3, k % 3);
        let col = UNITS[9 + c] & UNITS[18 + b * 3 + c / 3];
        strike[2][27 * b + c] = UNITS[18 + b * 3 + c / 3] & !col;
        strike[3][27 * b + c] = UNITS[9 + c] & !col;
        k += 1;
    }
    strike
};

/// The board of the cells `k / per * apart + k % per * step` for k in 0..count: groups of
/// `per` cells `step` apart, the groups `apart` apart.
const fn cells_at(count: usize, per: usize, apart: usize, step: usize) -> u128 {
    let mut mask = 0u128;
    let mut k = 0;
    while k < count {
        mask |= 1 << (k / per * apart + k % per * step);
        k += 1;
    }
    mask
}

/// The first cells of the row segments (row r, box column j: cell 9r + 3j) and of the
/// column segments (band k, column c: cell 27k + c).
const ROW_SEGMENTS: u128 = cells_at(27, 3, 9, 3);
const COL_SEGMENTS: u128 = 0x1ff | 0x1ff << 27 | 0x1ff << 54;
/// The first row segment of each row (9r), of each box (27k + 3j), the first column
/// segment of each column (c), of each box (27k + 3j).
const ROW_FIRSTS: u128 = cells_at(9, 1, 9, 0);
const BAND_FIRSTS: u128 = cells_at(9, 3, 27, 3);
const COL_FIRSTS: u128 = 0x1ff;
const STACK_FIRSTS: u128 = BAND_FIRSTS;

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

/// A 9×9 sudoku being solved, propagated to a fixed point of naked and hidden singles and
/// locked candidates.
#[derive(Clone, Copy, Debug)]
pub(super) struct Nine {
    /// `boards[d - 1]`: the cells where digit d may go, or is.
    boards: [u128; 9],
    /// The filled cells.
    filled: u128,
    /// `solved[d - 1]`: the units where digit d is placed, as bits 0..27.
    solved: [u32; 9],
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
            solved: [0; 9],
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
        self.solved[usize::from(digit - 1)] |= CELL_UNITS[cell];
    }

    /// Fills naked and hidden singles and strikes locked candidates until there are none:
    /// false if a cell, or a digit of a unit, is left with no place. `searched`: the boards
    /// when there was no hidden single (only the units of cells struck since are searched
    /// again).
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
                for _ in 0..4 {
                    if struck == 0 {
                        break;
                    }
                    units |= CELL_UNITS[struck.trailing_zeros() as usize];
                    struck &= struck - 1;
                }
                if struck != 0 {
                    units = (1 << 27) - 1;
                }
                // Where the digit is placed, it has its one place.
                units &= !self.solved[digit];
                while units != 0 {
                    let unit = units.trailing_zeros() as usize;
                    units &= units - 1;
                    let places = self.boards[digit] & UNITS[unit];
                    if places & places.wrapping_sub(1) == 0 {
                        if places == 0 {
                            return false;
                        }
                        if self.solved[digit] >> unit & 1 == 0 {
                            self.place(places.trailing_zeros() as usize, digit as u8 + 1);
                            placed = true;
                        }
                    }
                }
            }
            if !placed && !self.locked() {
                return true;
            }
        }
    }

    /// Locked candidates: a digit whose places in a box are all in one line is struck from
    /// the rest of the line, and one whose places in a line are all in one box from the
    /// rest of the box. Did it strike any?
    fn locked(&mut self) -> bool {
        let mut struck = false;
        for board in &mut self.boards {
            let open = *board & !self.filled;
            if open == 0 {
                continue;
            }
            let mut out = 0u128;
            // Which row segments hold a place (at their first cell), then column segments.
            let rows = (open | open >> 1 | open >> 2) & ROW_SEGMENTS;
            let cols = (open | open >> 9 | open >> 18) & COL_SEGMENTS;
            // A row with places in one box, a box with places in one row, a column with
            // places in one box, a box with places in one column: (segments, step to the
            // next segment of the same line or box, the table's index of a segment).
            for (segments, firsts, step, strike) in [
                (rows, ROW_FIRSTS, 3, &STRIKE[0]),
                (rows, BAND_FIRSTS, 9, &STRIKE[1]),
                (cols, COL_FIRSTS, 27, &STRIKE[2]),
                (cols, STACK_FIRSTS, 1, &STRIKE[3]),
            ] {
                let (a, b, c) = (
                    segments & firsts,
                    segments >> step & firsts,
                    segments >> (2 * step) & firsts,
                );
                let mut alone = (a ^ b ^ c) & !(a & b);
                while alone != 0 {
                    let first = alone.trailing_zeros();
                    alone &= alone - 1;
                    let at = if a >> first & 1 == 1 {
                        0
                    } else if b >> first & 1 == 1 {
                        step
                    } else {
                        2 * step
                    };
                    out |= strike[(first + at) as usize];
                }
            }
            if open & out != 0 {
                *board &= !(open & out);
                struck = true;
            }
        }
        struck
    }

    /// The candidates of the empty cell with the fewest (first in reading order among
    /// equals); none if the state is a dead end.
    pub(super) fn operators(&self) -> Candidates {
        if self.dead {
            return Candidates::new(0, 0);
        }
        let open = ALL & !self.filled;
        // Most often there is a cell with two candidates: the first.
        let (mut once, mut twice, mut thrice) = (0u128, 0u128, 0u128);
        for &board in &self.boards {
            thrice |= twice & board;
            twice |= once & board;
            once |= board;
        }
        let pairs = twice & !thrice & open;
        if pairs != 0 {
            return self.candidates(pairs.trailing_zeros() as usize);
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
        for count in 3..=9 {
            let mut cells = open;
            for (k, &plane) in planes.iter().enumerate() {
                cells &= if count >> k & 1 == 1 { plane } else { !plane };
            }
            if cells != 0 {
                return self.candidates(cells.trailing_zeros() as usize);
            }
        }
        Candidates::new(0, 0)
    }

    /// The candidates of `cell`.
    fn candidates(&self, cell: usize) -> Candidates {
        let mask = (0..9)
            .filter(|&d| self.boards[d] >> cell & 1 == 1)
            .fold(0u64, |mask, d| mask | 1 << (d + 1));
        Candidates::new(cell as u16, mask)
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
