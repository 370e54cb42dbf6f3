//! The kernel for grids of any order: a candidate mask per cell and a count of places per
//! unit and digit, searched in place, each state before an operator kept whole to undo it.

use std::sync::OnceLock;

use backtrack::bits::Ones;
use backtrack::Problem;

use super::grid::{full_mask, order_of_side, unit_cells, units_of};
use super::{Candidates, Grid, Placement, MAX_ORDER};

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
        let units: Vec<u16> = (0..3 * n)
            .flat_map(|u| unit_cells(b, u))
            .map(|c| c as u16)
            .collect();
        let degree = 3 * n - 2 * b - 1;
        let mut peers = Vec::with_capacity(n * n * degree);
        let mut cell_units = Vec::with_capacity(n * n);
        for cell in 0..n * n {
            let own = units_of(b, cell);
            let mut seen: Vec<usize> = own
                .into_iter()
                .flat_map(|u| unit_cells(b, u))
                .filter(|&c| c != cell)
                .collect();
            seen.sort_unstable();
            seen.dedup();
            debug_assert_eq!(seen.len(), degree);
            peers.extend(seen.into_iter().map(|c| c as u16));
            cell_units.push(own.map(|u| u as u16));
        }
        Layout {
            side: n,
            degree,
            peers,
            units,
            units_of: cell_units,
        }
    }

    fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.degree..][..self.degree]
    }

    fn unit(&self, unit: usize) -> &[u16] {
        &self.units[unit * self.side..][..self.side]
    }
}

/// A sudoku of any order being solved: the grid, the candidates of its empty cells, how
/// many places each digit has left in each unit, and copies of the states on the path, to
/// undo.
#[derive(Clone, Debug)]
pub(super) struct General {
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
    /// is the tail of `saved` ([`General::save`]).
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

/// The digits that are in exactly one of `masks`, smallest first.
#[inline]
fn in_one_of(masks: impl Iterator<Item = u64>) -> Ones<u64> {
    let (mut once, mut twice) = (0u64, 0u64);
    for m in masks {
        twice |= once & m;
        once |= m;
    }
    Ones(once & !twice)
}

/// Moves the last `len` items of `from` into `to`.
fn restore<T: Copy>(to: &mut [T], from: &mut Vec<T>) {
    let at = from.len() - to.len();
    to.copy_from_slice(&from[at..]);
    from.truncate(at);
}

impl General {
    /// The puzzle `grid` (its givens consistent: checked by the caller), its givens
    /// propagated.
    pub(super) fn new(grid: &Grid) -> Self {
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

    /// The grid as filled so far.
    pub(super) fn grid(&self) -> &Grid {
        &self.grid
    }

    /// How many cells are still empty.
    pub(super) fn empty(&self) -> usize {
        self.empty
    }

    /// The last operator applied and not undone, for labels.
    pub(super) fn last(&self) -> Option<Placement> {
        self.path.last().copied()
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
        // The order found from the side, not read from the grid: the compiler then knows
        // it is one of 2 to 7, and divides by it for less.
        let b = order_of_side(n).expect("a side");
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
                for digit in in_one_of(segments[line * b..][..b].iter().copied()) {
                    let j = (0..b)
                        .find(|&j| segments[line * b + j] >> digit & 1 == 1)
                        .expect("one segment");
                    let band = line / b * b;
                    for other in (band..band + b).filter(|&o| o != line) {
                        for k in j * b..j * b + b {
                            if self.candidates[cell(other, k)] >> digit & 1 == 1 {
                                strikes.push((cell(other, k), digit as u8));
                            }
                        }
                    }
                }
            }
            // A box with a digit in one of its lines: struck from the rest of that line.
            for band in (0..n).step_by(b) {
                for j in 0..b {
                    let lines = (band..band + b).map(|line| segments[line * b + j]);
                    for digit in in_one_of(lines) {
                        let line = (band..band + b)
                            .find(|&l| segments[l * b + j] >> digit & 1 == 1)
                            .expect("one line");
                        for k in (0..n).filter(|k| k / b != j) {
                            if self.candidates[cell(line, k)] >> digit & 1 == 1 {
                                strikes.push((cell(line, k), digit as u8));
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
