//! The 9×9 kernel: for each digit, the cells where it may go (or is) as three bands of 27
//! cells (rows 3k to 3k + 2), one `u32` each, as the fastest bitboard solvers keep them
//! (JCZSolve, after Zhouyundong). Locked candidates between a row and a box strike whole
//! three-cell segments (minirows), so they are found for a band at once from its nine
//! minirows by table lookups (the closure of both kinds of lock, made at compile time);
//! those between a column and a box by a few word operations on the columns' three-cell
//! segments of each band. Hidden singles come out of the same steps, naked singles from
//! counting the digits of each cell in bit planes. A state is a small `Copy` value.

use super::{Candidates, Placement};

/// Every cell of a band.
const BAND: u32 = (1 << 27) - 1;
/// The nine cells of a row of a band, or the nine minirows of a band.
const NINE: u32 = 0o777;
/// The first bit of each group of three in nine bits.
const FIRSTS: u32 = 0o111;

/// Locked candidates in a band, between its three rows and three boxes: by the band's
/// minirows that hold a place (bit 3r + b: row r, box b), those left once every row with
/// places in one box has struck the rest of that box and every box with places in one row
/// the rest of that row, again until none strikes (bits 0..9); and of those, the ones
/// alone in their row or their box (bits 9..18). 0 if a row or box is left with no place.
const fn locked(start: u32) -> u32 {
    let mut minirows = start;
    loop {
        let mut left = minirows;
        let mut line = 0;
        while line < 3 {
            let row = minirows >> (3 * line) & 7;
            let column = (minirows >> line) & FIRSTS;
            if row == 0 || column == 0 {
                return 0;
            }
            if row.is_power_of_two() {
                // Row `line` lies in one box: the rest of the box is struck.
                let box_column = FIRSTS << row.trailing_zeros();
                left &= !(box_column & !(row << (3 * line)));
            }
            if column.is_power_of_two() {
                // Box `line` lies in one row: the rest of the row is struck.
                let row_cells = 7 << (column.trailing_zeros() / 3 * 3);
                left &= !(row_cells & !(column << line));
            }
            line += 1;
        }
        if left == minirows {
            break;
        }
        minirows = left;
    }
    let mut alone = 0;
    let mut line = 0;
    while line < 3 {
        let row = minirows >> (3 * line) & 7;
        let column = (minirows >> line) & FIRSTS;
        if row.is_power_of_two() {
            alone |= row << (3 * line);
        }
        if column.is_power_of_two() {
            alone |= column << line;
        }
        line += 1;
    }
    minirows | alone << 9
}

/// The cells of a band's minirows (bit 3r + b: row r, box b).
const fn cells_of(minirows: u32) -> u32 {
    let mut cells = 0;
    let mut k = 0;
    while k < 9 {
        if minirows >> k & 1 == 1 {
            cells |= 7 << (k / 3 * 9 + k % 3 * 3);
        }
        k += 1;
    }
    cells
}

/// The minirows of a band (bit 3r + b: row r, box b) with their bits transposed (bit
/// 3b + r), as [`minirows`] finds them.
const fn transposed(minirows: u32) -> u32 {
    let mut out = 0;
    let mut k = 0;
    while k < 9 {
        if minirows >> k & 1 == 1 {
            out |= 1 << (k % 3 * 3 + k / 3);
        }
        k += 1;
    }
    out
}

/// By the minirows of a band that hold a place, as [`minirows`] gives them (bit 3b + r:
/// row r, box b), as [`locked`] closes them: the cells of the minirows left (0 if a row
/// or box is left with no place), and the cells of those alone in their row or their box.
/// Two tables looked up side by side, not one after the other.
static LOCKED_CELLS: [[u32; 512]; 2] = {
    let mut tables = [[0u32; 512]; 2];
    let mut index = 0;
    while index < 512 {
        // Transposing twice is the identity.
        let minirows = locked(transposed(index as u32));
        tables[0][index] = cells_of(minirows & NINE);
        tables[1][index] = cells_of(minirows >> 9 & NINE);
        index += 1;
    }
    tables
};

/// The minirows of a band's `cells` that hold a place, with word operations, no table:
/// minirow 3r + b (row r, box b) at bit 3b + r. Its first cells (bit 3(3r + b)) are ORed
/// with the two after; folding the three rows of nine onto the first by shifts of 8 and
/// 16 puts them at 3b + r.
#[inline]
fn minirows(cells: u32) -> usize {
    let held = (cells | cells >> 1 | cells >> 2) & FIRSTS_27;
    ((held | held >> 8 | held >> 16) & NINE) as usize
}

/// The cells each cell sees, by band, itself not included: in its own band its row and
/// box, in the other two its column.
static PEERS: [[u32; 3]; 81] = {
    let mut peers = [[0u32; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (band, at) = (cell / 27, cell % 27);
        let (row, col) = (at / 9, at % 9);
        let column = (1 | 1 << 9 | 1 << 18) << col;
        let mut k = 0;
        while k < 3 {
            peers[cell][k] = column;
            k += 1;
        }
        let box_cells = (7 | 7 << 9 | 7 << 18) << (col / 3 * 3);
        peers[cell][band] = (NINE << (9 * row) | box_cells | column) & !(1 << at);
        cell += 1;
    }
    peers
};

/// The first bit of each group of three in 27 bits.
const FIRSTS_27: u32 = 0o111_111_111;

/// The bits of `bits` (27) alone in their group of three.
#[inline]
fn alone_in_group(bits: u32) -> u32 {
    let (a, b, c) = (
        bits & FIRSTS_27,
        bits >> 1 & FIRSTS_27,
        bits >> 2 & FIRSTS_27,
    );
    bits & (((a ^ b ^ c) & !(a & b)) * 7)
}

/// For each bit of `bits` (27), the other two bits of its group of three.
#[inline]
fn mates(bits: u32) -> u32 {
    let (a, b, c) = (
        bits & FIRSTS_27,
        bits >> 1 & FIRSTS_27,
        bits >> 2 & FIRSTS_27,
    );
    (b | c) | (a | c) << 1 | (a | b) << 2
}

/// For each bit of `bits` (27, three rows of nine), the bits of the same column in the
/// other two rows.
#[inline]
fn others(bits: u32) -> u32 {
    (bits << 9 | bits << 18 | bits >> 9 | bits >> 18) & BAND
}

/// The columns (of nine) where exactly one of the three rows of `bits` (27) has a bit.
#[inline]
fn one_of_three(bits: u32) -> u32 {
    let (a, b, c) = (bits & NINE, bits >> 9 & NINE, bits >> 18);
    (a ^ b ^ c) & !(a & b)
}

/// The nine columns of a band where `cells` has a place.
#[inline]
fn columns_of(cells: u32) -> u32 {
    (cells | cells >> 9 | cells >> 18) & NINE
}

/// The cells of a band in the columns `columns`.
#[inline]
fn in_columns(columns: u32) -> u32 {
    columns | columns << 9 | columns << 18
}

/// Locked candidates between the rows and boxes of one band of a digit (`cells`):
/// the cells left and the hidden singles of its rows and boxes (some maybe filled
/// already), or `None` if a row or box is left with no place.
#[inline]
fn rows_and_boxes(cells: u32) -> Option<(u32, u32)> {
    let minirows = minirows(cells);
    let left = cells & LOCKED_CELLS[0][minirows];
    if left == 0 {
        return None;
    }
    // The locking strikes whole minirows: a place alone in its minirow before is after.
    Some((
        left,
        left & alone_in_group(cells) & LOCKED_CELLS[1][minirows],
    ))
}

/// What the columns of a digit's `bands` hold, all its column step looks at: its
/// minicolumns (a column's three cells in one box) that hold a place, and those that hold
/// exactly one, each as bit 9k + c for band k, column c (a box is a group of three bits).
#[inline]
fn minicolumns(bands: [u32; 3]) -> (u32, u32) {
    (
        columns_of(bands[0]) | columns_of(bands[1]) << 9 | columns_of(bands[2]) << 18,
        one_of_three(bands[0]) | one_of_three(bands[1]) << 9 | one_of_three(bands[2]) << 18,
    )
}

/// Locked candidates between the columns and boxes of a digit whose minicolumns are
/// `(held, one)`: the minicolumns left and, of those, the ones that hold a column's hidden
/// single (some maybe filled already), or `None` if a column is left with no place.
#[inline]
fn columns_and_boxes((start, one): (u32, u32)) -> Option<(u32, u32)> {
    let mut held = start;
    let only = loop {
        if columns_of(held) != NINE {
            return None;
        }
        // A column with places in one box strikes the rest of the box; a box with places
        // in one column strikes the rest of the column.
        let only = held & in_columns(one_of_three(held));
        let left = held & !mates(only) & !others(alone_in_group(held));
        if left == held {
            break only;
        }
        held = left;
    };
    // The minicolumns with exactly one place, in a column with places in no other band.
    Some((held, only & one))
}

/// A 9×9 sudoku being solved, propagated to a fixed point of naked and hidden singles and
/// locked candidates.
#[derive(Clone, Copy, Debug)]
pub(super) struct Nine {
    /// `bands[3 * (d - 1) + k]`: the cells of band k (bit 9r + c: row 3k + r, column c)
    /// where digit d may go, or is.
    bands: [u32; 27],
    /// The empty cells of each band.
    empty: [u32; 3],
    /// The operator that made this state, for labels.
    pub(super) last: Option<Placement>,
    /// Was a cell, or a digit of a unit, left with no place?
    dead: bool,
}

/// By index `3d + k` of [`Nine::bands`]: its band, k (looked up, not divided, as the
/// propagation takes up each band it marks).
static BAND_OF: [u8; 27] = {
    let mut band_of = [0; 27];
    let mut i = 0;
    while i < 27 {
        band_of[i] = (i % 3) as u8;
        i += 1;
    }
    band_of
};

/// The two bands other than each.
static OTHER_BANDS: [[u8; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// Bands no digit has: every band differs from them, so all are searched.
const UNSEEN: [u32; 27] = [u32::MAX; 27];

impl Nine {
    /// The puzzle of `cells` (81 digits 0..=9), its givens propagated; or the first given
    /// in reading order that repeats one before it in its row, column or box (its cell and
    /// digit).
    pub(super) fn new(cells: &[u8]) -> Result<Nine, (usize, u8)> {
        // By band, the cells given: found without a branch a cell (where the givens are
        // is not predictable), then only they are visited.
        let mut given = [0u32; 3];
        for (band, row) in given.iter_mut().zip(cells.chunks_exact(27)) {
            for (at, &digit) in row.iter().enumerate() {
                *band |= u32::from(digit != 0) << at;
            }
        }
        // By band of each digit: the cells its givens so far see, and its givens.
        let (mut seen, mut givens) = ([0u32; 27], [0u32; 27]);
        for (band, &placed) in given.iter().enumerate() {
            let mut rest = placed;
            while rest != 0 {
                let at = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let cell = 27 * band + at;
                let digit = cells[cell];
                let (d, bit) = (usize::from(digit - 1), 1 << at);
                assert!(d < 9, "a digit");
                if seen[3 * d + band] & bit != 0 {
                    return Err((cell, digit));
                }
                for (k, peers) in PEERS[cell].iter().enumerate() {
                    seen[3 * d + k] |= peers;
                }
                givens[3 * d + band] |= bit;
            }
        }
        let mut nine = Nine {
            bands: [0; 27],
            empty: [BAND & !given[0], BAND & !given[1], BAND & !given[2]],
            last: None,
            dead: false,
        };
        for (d, cells) in nine.bands.chunks_exact_mut(3).enumerate() {
            for (k, cells) in cells.iter_mut().enumerate() {
                *cells = (BAND & !seen[3 * d + k] & !given[k]) | givens[3 * d + k];
            }
        }
        // Every band is searched after the givens, changed or not.
        nine.dead = !nine.propagate(&UNSEEN, (1 << 27) - 1);
        Ok(nine)
    }

    /// The three bands of digit `d + 1`.
    #[inline]
    fn digit(&self, d: usize) -> [u32; 3] {
        [
            self.bands[3 * d],
            self.bands[3 * d + 1],
            self.bands[3 * d + 2],
        ]
    }

    /// Writes digit `d + 1` into cell `at` of band `band` (empty, or holding it already), if
    /// it may go there, and marks in `dirty` the bands it changed (bit 3e + k: band k of
    /// digit e + 1): false if it may not (struck by a placement just before). `alone`: the
    /// cell has no other candidate, so no other digit is struck from it.
    #[inline]
    fn place(&mut self, d: usize, band: usize, at: usize, alone: bool, dirty: &mut u32) -> bool {
        // Checked once here, not at each index below.
        assert!(d < 9 && band < 3 && at < 27, "a cell and a digit");
        let bit = 1 << at;
        if self.bands[3 * d + band] & bit == 0 {
            return false;
        }
        let before = self.digit(d);
        if !alone {
            // The other digits that had the cell: their bands change.
            let mut had = 0;
            for e in 0..9 {
                let cells = self.bands[3 * e + band];
                had |= (cells >> at & 1) << (3 * e);
                self.bands[3 * e + band] = cells & !bit;
            }
            *dirty |= (had << band) & !(1 << (3 * d + band));
        }
        // The peers struck; the cell itself is no peer, and keeps the digit.
        let peers = &PEERS[27 * band + at];
        let mut struck = 0;
        for (k, cells) in before.into_iter().enumerate() {
            let left = cells & !peers[k];
            struck |= u32::from(left != cells) << k;
            self.bands[3 * d + k] = left;
        }
        *dirty |= struck << (3 * d);
        self.empty[band] &= !bit;
        true
    }

    /// Writes digit `d + 1` into `cells` of band `band`, each the one place left for it in
    /// its row or its box once [`rows_and_boxes`] has struck, and marks in `dirty` the bands
    /// it changed. That step leaves the digit nowhere else in the cells' rows and boxes,
    /// and the cells in three different boxes: the other digits are struck from the cells,
    /// and the digit from the cells' columns in the other bands.
    #[inline]
    fn fill_hidden(&mut self, d: usize, band: usize, cells: u32, dirty: &mut u32) {
        assert!(d < 9 && band < 3, "a band of a digit");
        // Bit 3e: band `band` of digit e + 1 changed (shifted by constants, then once).
        let mut had = 0;
        for e in 0..9 {
            let old = self.bands[3 * e + band];
            had |= u32::from(old & cells != 0) << (3 * e);
            self.bands[3 * e + band] = old & !cells;
        }
        self.bands[3 * d + band] |= cells;
        *dirty |= (had << band) & !(1 << (3 * d + band));
        // The columns in the other two bands, named (a loop over the three that skipped
        // `band` took three times the instructions).
        let columns = in_columns(columns_of(cells));
        for k in [OTHER_BANDS[band][0], OTHER_BANDS[band][1]] {
            let i = 3 * d + usize::from(k);
            let old = self.bands[i];
            let left = old & !columns;
            *dirty |= u32::from(left != old) << i;
            self.bands[i] = left;
        }
        self.empty[band] &= !cells;
    }

    /// Writes digit `d + 1` into each cell of `cells` in band `band`, and marks in `dirty`
    /// the bands it changed: false if a cell may not take it. `alone`: the cells have no
    /// other candidate.
    #[inline]
    fn place_all(
        &mut self,
        d: usize,
        band: usize,
        mut cells: u32,
        alone: bool,
        dirty: &mut u32,
    ) -> bool {
        while cells != 0 {
            let at = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            if !self.place(d, band, at, alone, dirty) {
                return false;
            }
        }
        true
    }

    /// Fills the naked singles (cells with one candidate) of each band, marking in `dirty`
    /// the bands that may have changed: whether there were any, or `None` if a cell is
    /// left with no candidate.
    #[inline]
    fn naked_singles(&mut self, dirty: &mut u32) -> Option<bool> {
        let mut found = false;
        for k in 0..3 {
            let (mut once, mut twice) = (0, 0);
            for d in 0..9 {
                let cells = self.bands[3 * d + k];
                twice |= once & cells;
                once |= cells;
            }
            if once != BAND {
                return None;
            }
            let singles = once & !twice & self.empty[k];
            if singles != 0 {
                found = true;
                for d in 0..9 {
                    let cells = singles & self.bands[3 * d + k];
                    if cells != 0 && !self.place_all(d, k, cells, true, dirty) {
                        return None;
                    }
                }
            }
        }
        Some(found)
    }

    /// Fills naked and hidden singles and strikes locked candidates until there are none:
    /// false if a cell, or a digit of a unit, is left with no place. `parent`: the bands
    /// at the last fixed point (the parent's, or `UNSEEN`); only what changed since is
    /// searched again: `dirty` marks the bands changed (bit 3d + k: band k of digit
    /// d + 1), and every step marks those it changes, so that a band marked has changed
    /// since its rows and boxes were last searched. The cheap steps (rows and boxes of a
    /// band, naked singles) are run to their fixed point first, then the columns of each
    /// digit changed since their last search, and again until the columns change nothing.
    fn propagate(&mut self, parent: &[u32; 27], mut dirty: u32) -> bool {
        // The bands as last searched by columns.
        let mut by_columns = *parent;
        loop {
            loop {
                while dirty != 0 {
                    let i = dirty.trailing_zeros() as usize;
                    dirty &= dirty - 1;
                    assert!(i < 27, "a band of a digit");
                    let Some((cells, singles)) = rows_and_boxes(self.bands[i]) else {
                        return false;
                    };
                    self.bands[i] = cells;
                    let k = usize::from(BAND_OF[i]);
                    let singles = singles & self.empty[k];
                    if singles != 0 {
                        self.fill_hidden(i / 3, k, singles, &mut dirty);
                    }
                }
                match self.naked_singles(&mut dirty) {
                    None => return false,
                    Some(true) => {}
                    Some(false) => break,
                }
            }
            // A full grid that came through the steps above holds each digit once in each
            // row, column and box (every placement struck its peers, a given repeated is
            // refused): the columns have nothing to strike, no single to fill.
            if self.empty == [0; 3] {
                return true;
            }
            for d in 0..9 {
                let old = self.digit(d);
                let searched = [
                    by_columns[3 * d],
                    by_columns[3 * d + 1],
                    by_columns[3 * d + 2],
                ];
                // Unchanged since searched, or placed in all nine cells (as in a full grid).
                let open =
                    (old[0] & self.empty[0]) | (old[1] & self.empty[1]) | (old[2] & self.empty[2]);
                if old == searched || open == 0 {
                    continue;
                }
                let (start, one) = minicolumns(old);
                let Some((held, single)) = columns_and_boxes((start, one)) else {
                    return false;
                };
                let mut bands = old;
                if held != start {
                    for k in 0..3 {
                        bands[k] &= in_columns(held >> (9 * k) & NINE);
                        dirty |= u32::from(bands[k] != old[k]) << (3 * d + k);
                        self.bands[3 * d + k] = bands[k];
                    }
                }
                by_columns[3 * d..3 * d + 3].copy_from_slice(&bands);
                if single != 0 {
                    for (k, &cells) in bands.iter().enumerate() {
                        let cells = cells & in_columns(single >> (9 * k) & NINE) & self.empty[k];
                        if cells != 0 && !self.place_all(d, k, cells, false, &mut dirty) {
                            return false;
                        }
                    }
                }
            }
            if dirty == 0 {
                return true;
            }
        }
    }

    /// The candidates of the empty cell with the fewest (first in reading order among
    /// equals); none if the state is a dead end.
    pub(super) fn operators(&self) -> Candidates {
        if self.dead {
            return Candidates::new(0, 0);
        }
        // Most often there is a cell with two candidates: the first.
        for k in 0..3 {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let cells = self.bands[3 * d + k];
                thrice |= twice & cells;
                twice |= once & cells;
                once |= cells;
            }
            let pairs = twice & !thrice & self.empty[k];
            if pairs != 0 {
                return self.candidates(k, pairs.trailing_zeros() as usize);
            }
        }
        // How many candidates each cell has, in four bit planes, by band.
        let mut planes = [[0u32; 4]; 3];
        for (i, &cells) in self.bands.iter().enumerate() {
            let mut carry = cells;
            for plane in &mut planes[i % 3] {
                let next = *plane & carry;
                *plane ^= carry;
                carry = next;
            }
        }
        for count in 3..=9 {
            for (k, planes) in planes.iter().enumerate() {
                let mut cells = self.empty[k];
                for (bit, &plane) in planes.iter().enumerate() {
                    cells &= if count >> bit & 1 == 1 { plane } else { !plane };
                }
                if cells != 0 {
                    return self.candidates(k, cells.trailing_zeros() as usize);
                }
            }
        }
        Candidates::new(0, 0)
    }

    /// The candidates of cell `at` of band `band`.
    fn candidates(&self, band: usize, at: usize) -> Candidates {
        let mask = (0..9)
            .filter(|&d| self.bands[3 * d + band] >> at & 1 == 1)
            .fold(0u64, |mask, d| mask | 1 << (d + 1));
        Candidates::new((27 * band + at) as u16, mask)
    }

    pub(super) fn apply(&mut self, placement: Placement) {
        let parent = self.bands;
        self.last = Some(placement);
        let cell = usize::from(placement.cell);
        let (d, band) = (usize::from(placement.digit - 1), cell / 27);
        let mut dirty = 0;
        let placed = self.place(d, band, cell % 27, false, &mut dirty);
        debug_assert!(placed, "a candidate of the cell: {placement:?}");
        self.dead = !self.propagate(&parent, dirty);
    }

    pub(super) fn is_complete(&self) -> bool {
        self.empty == [0; 3] && !self.dead
    }

    /// How many cells are empty.
    pub(super) fn empty(&self) -> usize {
        self.empty
            .iter()
            .map(|band| band.count_ones() as usize)
            .sum()
    }

    /// The 81 cells, row by row, `0` for an empty one.
    pub(super) fn cells(&self) -> Vec<u8> {
        let mut cells = [0; 81];
        for (digit, bands) in (1..).zip(self.bands.chunks_exact(3)) {
            for (k, &band) in bands.iter().enumerate() {
                let mut placed = band & !self.empty[k];
                while placed != 0 {
                    cells[27 * k + placed.trailing_zeros() as usize] = digit;
                    placed &= placed - 1;
                }
            }
        }
        cells.to_vec()
    }
}
