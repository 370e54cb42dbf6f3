//! The big-board formulation: most rows swept blind, a few watched and filled most
//! constrained first, each move in O(watched rows).

use std::sync::Arc;

use backtrack::Problem;

use super::place::Placement;

/// A square: `(row, column)`, both 0-based.
pub type Square = (u32, u32);

/// The most rows whose free squares are counted, on boards bigger than [`ALL_WATCHED`].
const WATCHED: usize = 256;

/// Boards with at most this many empty rows have every row watched.
const ALL_WATCHED: usize = 1024;

/// With this many empty rows or fewer (and the sweep done), they must have a matching.
const MATCHED: usize = 64;

/// A watched row with this many free squares or fewer is filled before the sweep goes on.
const SHORT: u32 = 1;

/// The search range of one node: the squares of its row that may be free, by a stride
/// through a range of columns or through a shared list of them. Squares already attacked
/// are refused by the constraint ([`Problem::admissible`]).
#[derive(Clone, Debug)]
pub struct Candidates {
    row: u32,
    /// Squares yielded so far.
    k: u32,
    /// How many squares to yield: the indices are `0..len`.
    len: u32,
    /// The next index.
    at: u32,
    /// The stride through the indices, coprime to `len` (at most `len`).
    step: u32,
    /// The column of each index; none: the index is the column.
    list: Option<Arc<[u32]>>,
}

impl Candidates {
    /// The columns `0..n` of `row` by the stride `step` from `at`.
    fn stride(row: u32, n: u32, at: u32, step: u32) -> Self {
        Candidates {
            row,
            k: 0,
            len: n,
            at,
            step,
            list: None,
        }
    }

    /// The columns of `list` by the stride `step` through its indices, from `at`.
    fn listed(row: u32, list: &Arc<[u32]>, at: u32, step: u32) -> Self {
        Candidates {
            list: Some(Arc::clone(list)),
            ..Self::stride(row, list.len() as u32, at, step)
        }
    }

    /// The one square `(row, col)`.
    fn single(row: u32, col: u32) -> Self {
        Self::stride(row, 1, col, 0)
    }

    /// Nothing at all: the search range of a row with no free square.
    fn none(row: u32) -> Self {
        Self::stride(row, 0, 0, 0)
    }
}

impl Iterator for Candidates {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.k >= self.len {
            return None;
        }
        let index = self.at;
        // `at + step` modulo len, without overflow.
        self.at = if self.at >= self.len - self.step {
            self.at - (self.len - self.step)
        } else {
            self.at + self.step
        };
        self.k += 1;
        let col = self
            .list
            .as_ref()
            .map_or(index, |list| list[index as usize]);
        Some((self.row, col))
    }
}

/// The `k`-th index from the middle out of `0..n`: `c₀, c₀+1, c₀−1, …`, `c₀ = ⌊(n−1)/2⌋`.
fn middle_out(n: u32, k: u32) -> u32 {
    let c0 = (n - 1) / 2;
    if k % 2 == 1 {
        c0 + k.div_ceil(2)
    } else {
        c0 - k / 2
    }
}

/// N-Queens for any `n`: most rows swept blind, a few watched and filled most constrained
/// first.
///
/// Plain row-by-row backtracking needs 3.0·10⁶ nodes for the first solution of 28-queens
/// and over 2·10⁹ for 34-queens. "Most constrained row first" (the empty row with the
/// fewest free squares) fixes that, but counting every row's free squares costs Θ(n²)
/// along any path, however cleverly it is done: each of the n² squares goes from free to
/// attacked once, and each such change is a count to update (10¹⁰ at n = 10⁵). So the
/// counts are kept for a few rows only:
///
/// - the **watched** rows, 256 of them spread evenly over the board (every row on boards of
///   up to 1024 empty rows): their free squares are counted, and so are each free column's
///   free squares in them, in O(watched rows) per move;
/// - the other rows, the **sweep**, are filled blind in a fixed order (middle rows first),
///   each with its columns in a pseudo-random order (a stride from a start that depends
///   on the row, through all columns, or once three quarters of those are taken, through
///   a shared list of the free ones, narrowed again at each further quarter): the first
///   free square comes after a few looks, however full the board is;
/// - a watched row down to one free square is filled at once, and one with none is a dead
///   end at once;
/// - after the sweep, the watched rows are filled most constrained first (ties: the
///   topmost), their columns from the middle out; a free column that no empty row can take
///   any more is a dead end at once, and so are the last 64 empty rows if they cannot each
///   have a free column of their own on a free square (no bipartite matching: Hall's
///   condition fails, which counts alone do not see, and a search below would fail slowly).
///
/// Random free squares leave each of the last rows about a quarter of its free columns
/// unattacked, so a blind row rarely runs out, and the watched rows are a small problem of
/// their own with plenty of freedom left: a first solution of 10⁴-queens takes 10⁴ nodes,
/// of 10⁵-queens 10⁵; of every n from 4 to 3000, within 3n + 1000 nodes but for n = 40,
/// 45, 52 and 58 (n = 45 the worst, with 55 587).
///
/// The tree is complete (each node tries every column of one row): every solution is
/// reached exactly once, in an order that is not lexicographic, the same every run.
/// Solutions are the 0-based column of each row's queen, row 0 first, like the other
/// formulations. A move and its undo cost O(watched rows), so a cancelled search unwinds
/// its path quickly, however deep.
///
/// Pre-placed queens: a few, anywhere, change nothing (10³ random queens on a 10⁵ board:
/// 99 001 nodes). But completing a board with many queens placed is NP-complete in
/// general, and some placements are hard for this order: the queens of rows 1101 to 5000
/// of a 5000-queens solution, mirrored, leave a first solution more than 3·10⁶ nodes
/// away (so does the local search, past 2·10⁷ steps).
///
/// ```
/// use backtrack::Search;
/// use backtrack_problems::queens::{verify, HeuristicQueens};
///
/// let outcome = Search::new(HeuristicQueens::new(200)).first();
/// assert!(verify(200, &outcome.found.unwrap()));
/// assert_eq!(Search::new(HeuristicQueens::new(8)).count(), 92);
/// ```
#[derive(Clone, Debug)]
pub struct HeuristicQueens {
    n: usize,
    /// The column of each row's queen, `EMPTY` if none yet.
    cols: Vec<u32>,
    col_used: Bits,
    /// Indexed by `row + col`.
    diag_used: Bits,
    /// Indexed by `row + n - 1 - col`.
    anti_used: Bits,
    filled: usize,
    /// The rows filled blind, in the order they are filled.
    sweep: Vec<u32>,
    /// How many of the sweep rows are filled: `sweep[..swept]`.
    swept: usize,
    /// The stride of the sweep's column order: coprime to `n`.
    step: u32,
    /// The rows whose free squares are counted, topmost first.
    watched: Vec<u32>,
    /// The place of each row in `watched`, `EMPTY` if it is not watched.
    slot: Vec<u32>,
    /// The free squares of each watched row, by its place in `watched`, plus `FILLED` while
    /// the row has its queen (so the least is the most constrained empty row).
    free: Vec<u32>,
    /// After the sweep, for each free column, its free squares in the empty rows (all
    /// watched then); not kept during the sweep, when they would mean nothing.
    support: Vec<u32>,
    /// The columns the sweep's rows try, once the free ones are few: each list the free
    /// columns of the one before (or of the board) when a quarter of those were still
    /// free, with the sweep's count then and a stride through it. Empty while most columns
    /// are free.
    pools: Vec<(usize, Arc<[u32]>, u32)>,
    /// Once the sweep is done: the columns free at its end, from the middle out (the
    /// columns of every node below); empty before.
    tail: Arc<[u32]>,
}

const EMPTY: u32 = u32::MAX;

/// A fixed set of bits: the taken lines, eight times denser than `bool`s, so that the
/// recount loop's scattered reads stay in the cache.
#[derive(Clone, Debug)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(len: usize) -> Self {
        Bits(vec![0; len.div_ceil(64)])
    }

    #[inline]
    fn get(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }

    #[inline]
    fn set(&mut self, i: usize, value: bool) {
        let mask = 1 << (i % 64);
        if value {
            self.0[i / 64] |= mask;
        } else {
            self.0[i / 64] &= !mask;
        }
    }
}

/// Added to a watched row's free count while it has its queen.
const FILLED: u32 = 1 << 31;

impl HeuristicQueens {
    /// An empty `n`×`n` board.
    ///
    /// # Panics
    ///
    /// If `n` does not fit in a `u32`.
    pub fn new(n: usize) -> Self {
        Self::with_placement(&Placement::empty(n))
    }

    /// A board with queens already placed (validated): the search fills the other rows.
    ///
    /// # Panics
    ///
    /// If the board size does not fit in a `u32`.
    pub fn with_placement(placement: &Placement) -> Self {
        let n = placement.n();
        let n32 = u32::try_from(n).expect("the board size fits in 32 bits");
        let diagonals = (2 * n).saturating_sub(1);
        let mut problem = HeuristicQueens {
            n,
            cols: vec![EMPTY; n],
            col_used: Bits::new(n),
            diag_used: Bits::new(diagonals),
            anti_used: Bits::new(diagonals),
            filled: 0,
            sweep: Vec::new(),
            swept: 0,
            step: stride(n32),
            watched: Vec::new(),
            slot: vec![EMPTY; n],
            free: Vec::new(),
            support: Vec::new(),
            pools: Vec::new(),
            tail: Arc::new([]),
        };
        for (row, col) in placement.queens() {
            problem.cols[row] = col as u32;
            problem.mark(row, col, true);
            problem.filled += 1;
        }
        // The watched rows: evenly spread over the empty rows. The sweep: the others,
        // middle rows first.
        let empty: Vec<u32> = (0..n32)
            .filter(|&row| problem.cols[row as usize] == EMPTY)
            .collect();
        let watched = if empty.len() <= ALL_WATCHED {
            empty.len()
        } else {
            WATCHED
        };
        for k in 0..watched {
            let row = empty[(2 * k + 1) * empty.len() / (2 * watched)];
            problem.slot[row as usize] = k as u32;
            problem.watched.push(row);
        }
        problem.sweep = (0..n32)
            .map(|k| middle_out(n32, k))
            .filter(|&row| {
                problem.cols[row as usize] == EMPTY && problem.slot[row as usize] == EMPTY
            })
            .collect();
        problem.free = if placement.is_empty() {
            vec![n32; watched]
        } else {
            let free_in = |row: u32| (0..n).filter(|&c| problem.is_free(row as usize, c)).count();
            problem
                .watched
                .iter()
                .map(|&row| free_in(row) as u32)
                .collect()
        };
        problem.support = vec![0; n];
        if problem.sweep.is_empty() {
            problem.enter_tail();
        }
        problem
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The number of rows filled.
    pub fn filled(&self) -> usize {
        self.filled
    }

    #[inline]
    fn is_free(&self, row: usize, col: usize) -> bool {
        !(self.col_used.get(col)
            || self.diag_used.get(row + col)
            || self.anti_used.get(row + self.n - 1 - col))
    }

    fn mark(&mut self, row: usize, col: usize, value: bool) {
        self.col_used.set(col, value);
        self.diag_used.set(row + col, value);
        self.anti_used.set(row + self.n - 1 - col, value);
    }

    /// The sweep is done (or there was none): lists the free columns, from the middle out,
    /// and counts their support, in O(n + watched rows × free columns).
    fn enter_tail(&mut self) {
        let n = self.n as u32;
        self.tail = (0..n)
            .map(|k| middle_out(n, k))
            .filter(|&col| !self.col_used.get(col as usize))
            .collect();
        for &c in self.tail.iter() {
            let c = c as usize;
            self.support[c] = self
                .watched
                .iter()
                .filter(|&&r| self.cols[r as usize] == EMPTY && self.is_free(r as usize, c))
                .count() as u32;
        }
    }

    /// A sweep row was just filled: if the free columns are down to a quarter of those the
    /// sweep tries, lists them (in O(those tried)), so that a row's first free square
    /// stays a few looks away.
    fn narrow_pool(&mut self) {
        let tried = self.pools.last().map_or(self.n, |(_, pool, _)| pool.len());
        if (self.n - self.filled) * 4 > tried {
            return;
        }
        let pool: Arc<[u32]> = match self.pools.last() {
            None => (0..self.n as u32)
                .filter(|&c| !self.col_used.get(c as usize))
                .collect(),
            Some((_, pool, _)) => pool
                .iter()
                .copied()
                .filter(|&c| !self.col_used.get(c as usize))
                .collect(),
        };
        let step = stride(pool.len() as u32);
        self.pools.push((self.swept, pool, step));
    }

    /// Adds (or takes) one to the free count of every other empty watched row (and after
    /// the sweep to the support of the square's column) for each of its squares on a line
    /// through `(row, col)` that is free; and after the sweep takes (or gives back) the
    /// support of `row`'s own free squares. Called while `row` is empty and the three lines
    /// through `(row, col)` are free (before `apply` takes them, after `undo` gives them
    /// back), so each square needs only its other two lines looked at.
    fn recount(&mut self, row: usize, col: usize, add: bool) {
        if self.tail.is_empty() {
            self.recount_rows::<false>(row, col, add);
        } else {
            self.recount_rows::<true>(row, col, add);
            // Every free column is in the tail's list.
            for &c in self.tail.iter() {
                let c = c as usize;
                if self.is_free(row, c) {
                    self.support[c] = if add {
                        self.support[c] + 1
                    } else {
                        self.support[c] - 1
                    };
                }
            }
        }
    }

    /// The loop of [`recount`](Self::recount) over the watched rows, with the supports
    /// (`TAIL`) or without. Branch-free but for the filled rows: whether a square is free
    /// is a coin toss no predictor guesses, and this loop is most of a move's cost.
    #[inline]
    #[expect(
        clippy::needless_bitwise_bool,
        reason = "branch-free on purpose: the operands are cheap loads, the branches unpredictable"
    )]
    fn recount_rows<const TAIL: bool>(&mut self, row: usize, col: usize, add: bool) {
        let n = self.n;
        let (col_used, diag, anti) = (&self.col_used, &self.diag_used, &self.anti_used);
        let support = &mut self.support;
        let update = |count: &mut u32, by: u32| {
            *count = if add { *count + by } else { *count - by };
        };
        for (&r, free) in self.watched.iter().zip(self.free.iter_mut()) {
            // Filled rows, and `row` itself if watched (marked filled before `apply` calls
            // this, after `undo` does).
            if *free >= FILLED {
                continue;
            }
            let r = r as usize;
            let d = r.abs_diff(row);
            let below = r > row;
            // (r, col) shares the column.
            let same = u32::from(!diag.get(r + col) & !anti.get(r + n - 1 - col));
            // (r, col - d) and (r, col + d) share one diagonal each, which one depending on
            // whether row r is below or above; off the board, column 0 is read and ignored.
            let left_on = col >= d;
            let c_left = if left_on { col - d } else { 0 };
            let right_on = col + d < n;
            let c_right = if right_on { col + d } else { 0 };
            let (left_other, right_other) = if below {
                (anti.get(r + n - 1 - c_left), diag.get(r + c_right))
            } else {
                (diag.get(r + c_left), anti.get(r + n - 1 - c_right))
            };
            let left = u32::from(left_on & !col_used.get(c_left) & !left_other);
            let right = u32::from(right_on & !col_used.get(c_right) & !right_other);
            update(free, same + left + right);
            if TAIL {
                update(&mut support[col], same);
                update(&mut support[c_left], left);
                update(&mut support[c_right], right);
            }
        }
    }

    /// The empty watched row with the fewest free squares (ties: the topmost), and how
    /// many it has.
    fn most_constrained_row(&self) -> Option<(u32, u32)> {
        // The first least (the topmost row): `min_by_key` keeps the first.
        let (slot, &free) = self
            .free
            .iter()
            .enumerate()
            .min_by_key(|&(_, &free)| free)?;
        (free < FILLED).then(|| (self.watched[slot], free))
    }

    /// The place of `row` in `watched`, if it is watched.
    #[inline]
    fn watched_slot(&self, row: usize) -> Option<usize> {
        let slot = self.slot[row];
        (slot != EMPTY).then_some(slot as usize)
    }

    /// Can the empty rows (at most [`MATCHED`]) each take a different free column on a free
    /// square? Kuhn's augmenting paths, on bitmasks. No means a dead end.
    fn rows_can_be_matched(&self) -> bool {
        let mut columns = [0u32; MATCHED];
        let mut free_columns = 0;
        for &c in self.tail.iter() {
            if !self.col_used.get(c as usize) {
                columns[free_columns] = c;
                free_columns += 1;
            }
        }
        let mut adjacent = [0u64; MATCHED];
        let mut rows = 0;
        for &row in &self.watched {
            if self.cols[row as usize] != EMPTY {
                continue;
            }
            for (j, &c) in columns[..free_columns].iter().enumerate() {
                if self.is_free(row as usize, c as usize) {
                    adjacent[rows] |= 1 << j;
                }
            }
            rows += 1;
        }
        let mut owner = [u8::MAX; MATCHED];
        (0..rows).all(|i| augment(&adjacent, &mut owner, i, &mut 0))
    }

    /// Is some free column left without a free square in any empty row? Only meaningful
    /// once every empty row is watched (after the sweep).
    fn column_shut_out(&self) -> bool {
        self.tail
            .iter()
            .any(|&c| !self.col_used.get(c as usize) && self.support[c as usize] == 0)
    }
}

/// Finds row `i` a column, moving other rows along an augmenting path if need be.
fn augment(adjacent: &[u64; MATCHED], owner: &mut [u8; MATCHED], i: usize, seen: &mut u64) -> bool {
    let mut candidates = adjacent[i] & !*seen;
    while candidates != 0 {
        let j = candidates.trailing_zeros() as usize;
        candidates &= candidates - 1;
        *seen |= 1 << j;
        if owner[j] == u8::MAX || augment(adjacent, owner, owner[j] as usize, seen) {
            owner[j] = i as u8;
            return true;
        }
    }
    false
}

/// A stride through `0..n` that visits every column once: about `n` times the golden
/// ratio, made coprime to `n`.
fn stride(n: u32) -> u32 {
    if n <= 2 {
        return 1;
    }
    let mut step = ((f64::from(n) * 0.618_033_988_749_895) as u32).clamp(1, n - 1);
    while gcd(step, n) != 1 {
        step += 1;
    }
    step
}

fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Where the sweep's column order starts for `row`: a hash of the row (SplitMix64's
/// finaliser), scaled to `0..n`.
fn start(row: u32, n: u32) -> u32 {
    let mut z = u64::from(row).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    ((u128::from(z) * u128::from(n)) >> 64) as u32
}

impl Problem for HeuristicQueens {
    type Op = Square;
    type Ops = Candidates;
    type Solution = Vec<usize>;

    /// A watched row down to one free square (the fewest; ties: the topmost), else the
    /// next row of the sweep; after the sweep, the watched row with the fewest.
    fn operators(&self) -> Candidates {
        let n = self.n as u32;
        let most_constrained = self.most_constrained_row();
        if self.swept < self.sweep.len() {
            match most_constrained {
                Some((row, 0)) => return Candidates::none(row),
                Some((row, free)) if free <= SHORT => {
                    // Its one free square, found by a scan rather than n refusals.
                    let col = (0..n).find(|&c| self.is_free(row as usize, c as usize));
                    return col.map_or(Candidates::none(row), |col| Candidates::single(row, col));
                }
                _ => {}
            }
            let row = self.sweep[self.swept];
            return match self.pools.last() {
                None => Candidates::stride(row, n, start(row, n), self.step),
                Some((_, pool, step)) => {
                    Candidates::listed(row, pool, start(row, pool.len() as u32), *step)
                }
            };
        }
        let (row, free) = most_constrained.expect("an incomplete board has an empty row");
        if free == 0
            || self.column_shut_out()
            || (self.n - self.filled <= MATCHED && !self.rows_can_be_matched())
        {
            Candidates::none(row)
        } else {
            Candidates::listed(row, &self.tail, 0, 1)
        }
    }

    #[inline]
    fn admissible(&self, (row, col): Square) -> bool {
        self.is_free(row as usize, col as usize)
    }

    fn apply(&mut self, (row, col): Square) {
        let (row, col) = (row as usize, col as usize);
        if let Some(slot) = self.watched_slot(row) {
            self.free[slot] += FILLED;
        }
        // Count the squares that are free before the lines through (row, col) are taken.
        self.recount(row, col, false);
        self.cols[row] = col as u32;
        self.mark(row, col, true);
        self.filled += 1;
        if self.sweep.get(self.swept) == Some(&(row as u32)) {
            self.swept += 1;
            if self.swept == self.sweep.len() {
                self.enter_tail();
            } else {
                self.narrow_pool();
            }
        }
    }

    fn undo(&mut self, (row, col): Square) {
        let (row, col) = (row as usize, col as usize);
        if self.swept > 0 && self.sweep[self.swept - 1] == row as u32 {
            if self.swept == self.sweep.len() {
                self.tail = Arc::new([]);
            }
            if self
                .pools
                .last()
                .is_some_and(|&(at, _, _)| at == self.swept)
            {
                self.pools.pop();
            }
            self.swept -= 1;
        }
        self.filled -= 1;
        self.mark(row, col, false);
        self.cols[row] = EMPTY;
        self.recount(row, col, true);
        if let Some(slot) = self.watched_slot(row) {
            self.free[slot] -= FILLED;
        }
    }

    fn is_complete(&self) -> bool {
        self.filled == self.n
    }

    fn solution(&self) -> Vec<usize> {
        self.cols.iter().map(|&c| c as usize).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use backtrack::{Control, Observer, Search};

    /// Checks every count against a recount at every `.0`-th node entered.
    struct Recount(u64, u64);

    impl Observer<HeuristicQueens> for Recount {
        fn enter(&mut self, p: &HeuristicQueens, _: usize, _: Option<Square>) -> Control {
            self.1 += 1;
            if !self.1.is_multiple_of(self.0) {
                return Control::Continue;
            }
            let empty = |r: u32| p.cols[r as usize] == EMPTY;
            for (&row, &free) in p.watched.iter().zip(&p.free) {
                if empty(row) {
                    let count = (0..p.n).filter(|&c| p.is_free(row as usize, c)).count();
                    assert_eq!(free as usize, count, "row {row}");
                }
            }
            let tail = if p.tail.is_empty() { 0 } else { p.n };
            for col in (0..tail).filter(|&c| !p.col_used.get(c)) {
                let support = p
                    .watched
                    .iter()
                    .filter(|&&r| empty(r) && p.is_free(r as usize, col));
                assert_eq!(p.support[col] as usize, support.count(), "column {col}");
            }
            let swept = p.swept == p.sweep.len();
            assert!(swept || p.tail.is_empty());
            assert!(!swept || !p.tail.is_empty() || p.filled == p.n);
            Control::Continue
        }
    }

    #[test]
    fn counts_stay_exact_through_a_whole_search() {
        for n in 1..=8 {
            let found = Search::new(HeuristicQueens::new(n))
                .observer(Recount(1, 0))
                .count();
            assert!(found > 0 || (2..=3).contains(&n));
        }
        // A board with a sweep: more than 1024 rows.
        let outcome = Search::new(HeuristicQueens::new(1100))
            .observer(Recount(37, 0))
            .limits(backtrack::Limits::none().nodes(1200))
            .first();
        assert!(outcome.found.is_some());
    }

    #[test]
    fn the_stride_visits_every_column_once() {
        for n in 1..=60u32 {
            let step = stride(n);
            let mut seen: Vec<u32> = Candidates::stride(0, n, start(7, n), step)
                .map(|(_, c)| c)
                .collect();
            seen.sort_unstable();
            assert_eq!(seen, (0..n).collect::<Vec<_>>(), "n = {n}");
        }
    }
}
