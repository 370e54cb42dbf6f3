//! Counting with all eight symmetries of the board, after Kenichiro Takahashi ("Takaken").
//!
//! The eight symmetries of the square (four rotations, four reflections) split the
//! solutions into classes of 8, 4 or 2 members (no solution of more than one queen is its
//! own reflection, so only rotations can fix one). [`SymmetricQueens`] searches a
//! restricted space that holds at least one member of every class (14% of the solutions
//! at n = 16, in a tree under a fifth the size of the whole), and [`OrbitCounter`] counts each class once, at its least member in that
//! space, with its size: one search gives both the number of solutions (OEIS A000170) and
//! the number of classes (OEIS A002562).
//!
//! The restricted space is described at [`SymmetricQueens`]; a class is counted by its
//! lexicographically least member in it, which the search reaches exactly once. The tests
//! confirm against plain counts that every class has a member in the space.

use backtrack::observer::Observer;
use backtrack::parallel;
use backtrack::{Outcome, ParallelLimits, Problem, Search};

use super::bits::{BitQueens, FreeSquares, Level, Mask, LEVELS};
use super::symmetry::count_unique;

/// The edge rule's row when there is none (case A): deeper than any board.
const NO_ROW: u8 = u8::MAX;

/// N-Queens on bitboards, restricted to Takaken's space of class representatives, for
/// `n <= M::BITS`.
///
/// The restricted space, for an `n`×`n` board (columns and rows 0-based, `m = n - 1`):
///
/// - *Case A, a queen in a corner.* Row 0's queen is in column 0 and row 1's in a column
///   `b` with `2 <= b < m`; column 1 is forbidden in rows `2..b`. A solution with a corner
///   queen and its transposed board are the only members of its class with that corner, and
///   exactly one of the two passes this test.
/// - *Case B, no queen in a corner.* Row 0's queen is in a column `b` with `1 <= b` and
///   `b < m - b`; the edge columns 0 and `m` are forbidden in rows `1..b`; at row `m - b`,
///   if no edge column is taken yet the node is a dead end, and if only one is, the queen
///   must take the other; in the last row the `b` columns nearest each side are forbidden.
///
/// These are the rules of Takaken's published search; instead of his `Check()` routine the
/// classes are told apart by [`OrbitCounter`], which compares the images of each solution
/// found that also lie in the space ([`in_search_space`] is that test on a complete board).
/// A class is counted by its lexicographically least member in the space, which the search
/// reaches exactly once.
///
/// Like [`BitQueens`], an operator is the single-bit mask of the new queen's column and the
/// search range yields only free squares. The restrictions are one mask per row, chosen by
/// the queens of the first two rows (so [`apply`](Problem::apply) writes the row masks at
/// depth 0, and at depth 1 in case A: O(n), about 1.5 n times per search; O(1) everywhere
/// else), and one rule at row `m - b` that looks at the edge columns taken. Every node also
/// looks ahead at the last row: when all of its allowed squares are attacked, the node is a
/// dead end (this cuts the reduced tree by about 14% at n = 16, and changes no solution).
/// The solutions are those of an empty board that pass [`in_search_space`], in
/// lexicographic order.
///
/// ```
/// use backtrack::Search;
/// use backtrack_problems::queens::{in_search_space, OrbitCounter, SymmetricQueens};
///
/// let mut counter = OrbitCounter::new(8);
/// let outcome = Search::new(SymmetricQueens::<u32>::new(8))
///     .observer(&mut counter)
///     .count_solutions();
/// assert_eq!((counter.counts().total, counter.counts().unique), (92, 12));
/// assert!(outcome.found < 92 / 4);
/// let first = Search::new(SymmetricQueens::<u32>::new(8)).next().unwrap();
/// assert!(in_search_space(&first));
/// ```
#[derive(Clone, Debug)]
pub struct SymmetricQueens<M> {
    n: u8,
    /// `levels[d]`: what the first `d` queens attack, and what row `d` allows.
    levels: Box<[Level<M>; LEVELS]>,
    depth: u8,
    /// Case B: the row `m - b` of the edge rule; case A: [`NO_ROW`].
    bound2: u8,
    /// Case B: both edge columns; case A: none.
    side: M,
    /// Every column of the board.
    board: M,
    /// The columns the last row allows (case B: not the `b` nearest each side).
    last: M,
}

impl<M: Mask> SymmetricQueens<M> {
    /// An empty `n`×`n` board, its first row limited to the corner and the columns of case B.
    ///
    /// The space holds a member of every class for `n >= 2`; the single solution of
    /// `n = 1` (a corner queen that is its own transpose) is not in it, and
    /// [`count_symmetric`] counts that board directly.
    ///
    /// # Panics
    ///
    /// If `n` exceeds `M::BITS`.
    pub fn new(n: usize) -> Self {
        assert!(
            n <= M::BITS as usize,
            "a {n}×{n} board needs a mask of at least {n} bits"
        );
        let board = M::low_bits(n as u32);
        let empty = Level {
            cols: M::ZERO,
            ld: M::ZERO,
            rd: M::ZERO,
            allowed: board,
        };
        let levels: Box<[Level<M>]> = vec![empty; LEVELS].into_boxed_slice();
        let mut levels: Box<[Level<M>; LEVELS]> = levels.try_into().expect("LEVELS levels");
        // Column 0 (case A) and the columns b with b < n - 1 - b (case B): b < n / 2.
        levels[0].allowed = M::low_bits((n / 2) as u32);
        SymmetricQueens {
            n: n as u8,
            levels,
            depth: 0,
            bound2: NO_ROW,
            side: M::ZERO,
            board,
            last: board,
        }
    }

    /// The board size.
    pub fn n(&self) -> usize {
        usize::from(self.n)
    }

    /// The number of rows filled.
    pub fn depth(&self) -> usize {
        usize::from(self.depth)
    }

    /// Writes the 0-based columns of the queens placed so far into `out` (cleared first),
    /// without allocating when `out` has room.
    pub fn placed_into(&self, out: &mut Vec<usize>) {
        out.clear();
        for d in 0..self.depth() {
            let bit = self.levels[d + 1].cols ^ self.levels[d].cols;
            out.push(bit.trailing_zeros() as usize);
        }
    }

    /// Sets the row masks of the case chosen by the queen `bit` of row `depth` (0 or 1).
    /// Out of line: it runs about 1.5 n times per search, and keeps [`Problem::apply`] small.
    #[cold]
    #[inline(never)]
    fn choose_case(&mut self, depth: u8, bit: M) {
        let n = u32::from(self.n);
        let b = bit.trailing_zeros();
        let rows = usize::from(self.n);
        if depth == 0 && b == 0 {
            // Case A; row 1 takes a column 2..=n-2, rows 2.. are set by row 1's queen.
            self.bound2 = NO_ROW;
            self.side = M::ZERO;
            self.levels[1].allowed = M::low_bits(n - 1) & !M::low_bits(2);
            self.last = self.board;
        } else if depth == 0 {
            // Case B.
            let b1 = b as usize;
            self.bound2 = (n - 1 - b) as u8;
            self.side = M::ONE | M::ONE << (n - 1);
            let last = M::low_bits(b) | M::low_bits(b) << (n - b);
            self.last = self.board & !last;
            for (row, level) in self.levels[1..rows].iter_mut().enumerate() {
                let row = row + 1;
                level.allowed = if row < b1 {
                    self.board & !self.side
                } else if row == rows - 1 {
                    self.board & !last
                } else {
                    self.board
                };
            }
        } else if self.bound2 == NO_ROW {
            // Case A, row 1's queen in column b: column 1 is forbidden in rows 2..b.
            let b1 = b as usize;
            for (row, level) in self.levels[2..rows].iter_mut().enumerate() {
                level.allowed = if row + 2 < b1 {
                    self.board & !(M::ONE << 1)
                } else {
                    self.board
                };
            }
        }
    }
}

impl<M: Mask> Problem for SymmetricQueens<M> {
    type Op = M;
    type Ops = FreeSquares<M>;
    type Solution = Vec<usize>;

    #[inline]
    fn operators(&self) -> FreeSquares<M> {
        let Level {
            cols,
            ld,
            rd,
            allowed,
        } = self.levels[usize::from(self.depth)];
        let mut free = allowed & !(cols | ld | rd);
        // Look ahead: the last row must keep a square that nothing placed attacks.
        let ahead = u32::from(self.n.saturating_sub(self.depth + 1));
        if self.last & !(cols | ld << ahead | rd >> ahead) == M::ZERO {
            free = M::ZERO;
        }
        if self.depth == self.bound2 {
            let edges = cols & self.side;
            if edges == M::ZERO {
                free = M::ZERO;
            } else if edges != self.side {
                free = free & self.side;
            }
        }
        FreeSquares(free)
    }

    #[inline]
    fn apply(&mut self, bit: M) {
        let depth = self.depth;
        if depth < 2 {
            self.choose_case(depth, bit);
        }
        let level = self.levels[usize::from(depth)];
        self.depth += 1;
        level.descend(bit, &mut self.levels[usize::from(self.depth)]);
    }

    #[inline]
    fn undo(&mut self, _bit: M) {
        self.depth -= 1;
    }

    #[inline]
    fn is_complete(&self) -> bool {
        self.depth == self.n
    }

    fn solution(&self) -> Vec<usize> {
        let mut cols = Vec::with_capacity(self.n());
        self.placed_into(&mut cols);
        cols
    }
}

/// Is the solution `board` (0-based columns, row 0 first) in the space that
/// [`SymmetricQueens`] searches? The rules of [`SymmetricQueens`], applied
/// row by row to a complete board.
///
/// ```
/// use backtrack_problems::queens::in_search_space;
///
/// assert!(in_search_space(&[1, 3, 0, 2]));
/// assert!(!in_search_space(&[2, 0, 3, 1])); // its first queen is right of the middle
/// ```
pub fn in_search_space(board: &[usize]) -> bool {
    let n = board.len();
    if n < 2 {
        return false;
    }
    let last = n - 1;
    if board[0] == 0 {
        let b = board[1];
        (2..last).contains(&b) && (2..b).all(|row| board[row] != 1)
    } else {
        let b = board[0];
        let bound2 = last - b;
        if b >= bound2 {
            return false;
        }
        let edge = |c: usize| c == 0 || c == last;
        if (1..b).any(|row| edge(board[row])) {
            return false;
        }
        match board[..bound2].iter().filter(|&&c| edge(c)).count() {
            0 => return false,
            1 if !edge(board[bound2]) => return false,
            _ => {}
        }
        (b..=last - b).contains(&board[last])
    }
}

/// A number of solutions and the number of their classes under the eight symmetries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Solutions (OEIS A000170 for empty boards).
    pub total: u64,
    /// Classes of solutions (OEIS A002562 for empty boards).
    pub unique: u64,
}

impl Counts {
    fn add(&mut self, other: Counts) {
        self.total += other.total;
        self.unique += other.unique;
    }
}

/// An observer for [`SymmetricQueens`] searches that counts each class of solutions once,
/// with its size.
///
/// For each solution reached, the images under the seven other symmetries that lie in the
/// searched space are compared with it; it counts (one class, and the class's size toward
/// the total) only if none of them is lexicographically smaller. The class's size is 2 if
/// a quarter turn leaves the solution as it is, 4 if only a half turn does, 8 otherwise.
/// O(n) per solution, no allocation.
#[derive(Clone, Debug)]
pub struct OrbitCounter {
    cols: Vec<usize>,
    inverse: Vec<usize>,
    counts: Counts,
}

impl OrbitCounter {
    /// A counter for `n`×`n` boards.
    pub fn new(n: usize) -> Self {
        OrbitCounter {
            cols: Vec::with_capacity(n),
            inverse: vec![0; n],
            counts: Counts::default(),
        }
    }

    /// The solutions and classes counted so far.
    pub fn counts(&self) -> Counts {
        self.counts
    }

    /// Counts the solution `cols`, found by a [`SymmetricQueens`] search.
    fn count(&mut self, n: usize) {
        if let Some(size) = class_size_if_least(&self.cols[..n], &mut self.inverse[..n]) {
            self.counts.total += size;
            self.counts.unique += 1;
        }
    }
}

impl<M: Mask> Observer<SymmetricQueens<M>> for OrbitCounter {
    #[inline]
    fn solution(&mut self, problem: &SymmetricQueens<M>, _depth: usize) {
        problem.placed_into(&mut self.cols);
        self.count(problem.n());
    }
}

/// One symmetry of the square as an image of a board `s` with inverse `inv`: image row `r`
/// holds column `fc(base[fr(r)])`, where `base` is `inv` when `TRANSPOSE`, `s` otherwise,
/// and `fr`, `fc` flip rows and columns (`x -> m - x`) when asked.
struct Image<'a, const TRANSPOSE: bool, const FLIP_ROWS: bool, const FLIP_COLS: bool> {
    cols: &'a [usize],
    inverse: &'a [usize],
    m: usize,
}

impl<const TRANSPOSE: bool, const FLIP_ROWS: bool, const FLIP_COLS: bool>
    Image<'_, TRANSPOSE, FLIP_ROWS, FLIP_COLS>
{
    #[inline]
    fn flip<const ON: bool>(&self, x: usize) -> usize {
        if ON {
            self.m - x
        } else {
            x
        }
    }

    /// The column of the image's queen in row `r`.
    #[inline]
    fn col(&self, r: usize) -> usize {
        let base = if TRANSPOSE { self.inverse } else { self.cols };
        self.flip::<FLIP_COLS>(base[self.flip::<FLIP_ROWS>(r)])
    }

    /// The row of the image's queen in column `c`.
    #[inline]
    fn row(&self, c: usize) -> usize {
        let other = if TRANSPOSE { self.cols } else { self.inverse };
        self.flip::<FLIP_ROWS>(other[self.flip::<FLIP_COLS>(c)])
    }

    /// Is this image in the searched space (the test of [`in_search_space`], in O(1))?
    #[inline]
    fn in_space(&self) -> bool {
        let m = self.m;
        let top = self.col(0);
        if top == 0 {
            let b = self.col(1);
            // Column 1's queen is not in rows 2..b, nor in rows 0, 1 or b (attacked).
            (2..m).contains(&b) && self.row(1) > b
        } else {
            let bound2 = m - top;
            if top >= bound2 {
                return false;
            }
            let bottom = self.col(m);
            if bottom < top || bottom > bound2 {
                return false;
            }
            let (a, b) = (self.row(0), self.row(m));
            let (low, high) = if a < b { (a, b) } else { (b, a) };
            low >= top && low < bound2 && high <= bound2
        }
    }

    /// Is this image lexicographically smaller than the board itself?
    #[inline]
    fn is_smaller(&self) -> bool {
        for (r, &c) in self.cols.iter().enumerate() {
            let x = self.col(r);
            if x != c {
                return x < c;
            }
        }
        false
    }

    /// Is this image the board itself?
    #[inline]
    fn is_same(&self) -> bool {
        self.cols.iter().enumerate().all(|(r, &c)| self.col(r) == c)
    }

    /// Does this image, in the space, come before the board?
    #[inline]
    fn beats(&self) -> bool {
        self.in_space() && self.is_smaller()
    }
}

/// The size of the class of the solution `cols` if `cols` is the least of its class's
/// members in the searched space, `None` if another member is less. `inverse` is scratch.
#[inline]
fn class_size_if_least(cols: &[usize], inverse: &mut [usize]) -> Option<u64> {
    let n = cols.len();
    if n <= 1 {
        // A board of at most one square is its only image.
        return Some(1);
    }
    for (r, &c) in cols.iter().enumerate() {
        inverse[c] = r;
    }
    let inverse = &*inverse;
    let m = n - 1;
    macro_rules! image {
        ($t:literal, $fr:literal, $fc:literal) => {
            Image::<$t, $fr, $fc> { cols, inverse, m }
        };
    }
    if image!(false, false, true).beats() // mirror left-right
        || image!(false, true, false).beats() // mirror top-bottom
        || image!(false, true, true).beats() // half turn
        || image!(true, false, false).beats() // transpose
        || image!(true, true, true).beats() // anti-transpose
        || image!(true, true, false).beats() // quarter turn
        || image!(true, false, true).beats()
    // three quarters
    {
        return None;
    }
    let size = if !image!(false, true, true).is_same() {
        8
    } else if image!(true, true, false).is_same() {
        2
    } else {
        4
    };
    Some(size)
}

/// How deep to split the reduced tree for the thread pool: a few hundred subtrees.
fn split_depth(n: usize) -> usize {
    match n {
        0..=7 => 1,
        8..=11 => 2,
        _ => 3,
    }
}

/// Counts the solutions of `n`-queens and their classes under the eight symmetries in one
/// search of the reduced space of [`SymmetricQueens`], on the current rayon thread pool.
///
/// The reduced tree is split at a small depth, and each subtree is counted by its own
/// [`Search`] with an [`OrbitCounter`]. `limits` may hold a time limit and a cancellation
/// flag (and a meter); a stopped count is partial (the classes met so far, with their
/// sizes). `progress` gets the [`Counts`] so far after each subtree.
///
/// The statistics are those of the reduced tree: its nodes, and as `solutions` the
/// complete boards reached in it (about a seventh of all solutions), not the weighted
/// total. Boards of `n <= 1` are counted by a plain search.
///
/// ```
/// use backtrack::ParallelLimits;
/// use backtrack_problems::queens::count_symmetric;
///
/// let outcome = count_symmetric::<u32>(8, &ParallelLimits::none(), |_| {});
/// assert_eq!((outcome.found.total, outcome.found.unique), (92, 12));
/// ```
///
/// # Panics
///
/// If `n` exceeds `M::BITS`.
pub fn count_symmetric<M: Mask>(
    n: usize,
    limits: &ParallelLimits,
    progress: impl Fn(Counts) + Sync,
) -> Outcome<Counts> {
    if n <= 1 {
        let plain = Search::new(BitQueens::<M>::new(n))
            .limits(limits.clone().into())
            .count_solutions();
        let unique = count_unique::<M>(n, limits);
        return Outcome {
            found: Counts {
                total: plain.found,
                unique: unique.found,
            },
            stats: plain.stats,
            stopped: plain.stopped.or(unique.stopped),
        };
    }
    let (outcome, counter) = parallel::count_observed(
        &SymmetricQueens::<M>::new(n),
        split_depth(n),
        limits,
        || OrbitCounter::new(n),
        |merged, part| merged.counts.add(part.counts),
        |counter| progress(counter.counts()),
    );
    Outcome {
        found: counter.counts(),
        stats: outcome.stats,
        stopped: outcome.stopped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::queens::{verify, Symmetry};

    /// Every solution of `n`-queens, from the plain bitboard search.
    fn all_solutions(n: usize) -> Vec<Vec<usize>> {
        Search::new(BitQueens::<u32>::new(n)).collect()
    }

    #[test]
    fn the_search_finds_exactly_the_solutions_in_the_space_in_order() {
        for n in 1..=10 {
            let expected: Vec<Vec<usize>> = all_solutions(n)
                .into_iter()
                .filter(|s| in_search_space(s))
                .collect();
            let found: Vec<Vec<usize>> = Search::new(SymmetricQueens::<u64>::new(n)).collect();
            assert!(found.iter().all(|s| verify(n, s)), "n = {n}");
            assert_eq!(found, expected, "n = {n}");
        }
    }

    #[test]
    fn the_fast_space_test_agrees_with_the_row_by_row_one_on_every_image() {
        for n in 2..=10 {
            let sym = Symmetry::new(n);
            for s in all_solutions(n) {
                let mut inverse = vec![0; n];
                for (r, &c) in s.iter().enumerate() {
                    inverse[c] = r;
                }
                let m = n - 1;
                let (cols, inv) = (&s[..], &inverse[..]);
                let fast = [
                    Image::<false, false, false> {
                        cols,
                        inverse: inv,
                        m,
                    }
                    .in_space(),
                    Image::<false, false, true> {
                        cols,
                        inverse: inv,
                        m,
                    }
                    .in_space(),
                    Image::<false, true, false> {
                        cols,
                        inverse: inv,
                        m,
                    }
                    .in_space(),
                    Image::<false, true, true> {
                        cols,
                        inverse: inv,
                        m,
                    }
                    .in_space(),
                    Image::<true, false, false> {
                        cols,
                        inverse: inv,
                        m,
                    }
                    .in_space(),
                    Image::<true, true, true> {
                        cols,
                        inverse: inv,
                        m,
                    }
                    .in_space(),
                    Image::<true, true, false> {
                        cols,
                        inverse: inv,
                        m,
                    }
                    .in_space(),
                    Image::<true, false, true> {
                        cols,
                        inverse: inv,
                        m,
                    }
                    .in_space(),
                ];
                let slow = sym.images(&s).map(|image| in_search_space(&image));
                assert_eq!(fast, slow, "n = {n}, {s:?}");
            }
        }
    }

    #[test]
    fn boards_of_one_square_or_none_do_not_trip_the_counter() {
        assert_eq!(class_size_if_least(&[0], &mut [0]), Some(1));
        for n in 0..=1 {
            let mut counter = OrbitCounter::new(n);
            let outcome = Search::new(SymmetricQueens::<u32>::new(n))
                .observer(&mut counter)
                .count_solutions();
            assert_eq!(counter.counts().unique, outcome.found, "n = {n}");
        }
    }

    #[test]
    fn every_class_has_a_member_in_the_space_and_the_least_one_counts() {
        for n in 2..=10 {
            let sym = Symmetry::new(n);
            for s in all_solutions(n) {
                let images = sym.images(&s);
                let mut members: Vec<&Vec<usize>> =
                    images.iter().filter(|i| in_search_space(i)).collect();
                assert!(!members.is_empty(), "n = {n}: no member of {s:?}");
                members.sort();
                let mut distinct = images.to_vec();
                distinct.sort();
                distinct.dedup();
                if in_search_space(&s) {
                    let mut inverse = vec![0; n];
                    let counted = class_size_if_least(&s, &mut inverse);
                    let expected = (members[0] == &s).then_some(distinct.len() as u64);
                    assert_eq!(counted, expected, "n = {n}, {s:?}");
                }
                // A corner queen's class has eight members, two of them with that corner.
                if s[0] == 0 {
                    assert_eq!(distinct.len(), 8);
                    assert_eq!(members.len(), 1);
                }
            }
        }
    }
}
