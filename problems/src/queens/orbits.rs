//! The eight symmetries of the board: images, canonical forms, and classes counted once.
//!
//! Two solutions are *fundamentally* the same when a rotation or reflection of the board
//! turns one into the other: they are in one class (an orbit of the symmetries). Each class
//! has exactly one lexicographically smallest member, its *canonical* form ([`Symmetry`]):
//! counting the canonical solutions counts the classes (OEIS A002562), and listing only
//! canonical solutions lists one representative of each. [`OrbitCounter`] counts classes
//! in the symmetric space of [`SymmetricQueens`] instead, by the least of their members there.

use backtrack::observer::OnSolution;

use super::bitboard::Mask;
use super::count::Counts;
use super::symmetric::SymmetricQueens;

/// The symmetries of the board for solutions of one size: their images, and canonical
/// forms.
///
/// Reuse one checker for many solutions: [`is_canonical`](Symmetry::is_canonical) works in
/// scratch space the checker keeps, and allocates nothing; [`images`](Symmetry::images) and
/// [`canonical`](Symmetry::canonical) return new vectors.
///
/// ```
/// use backtrack_problems::queens::Symmetry;
///
/// let mut sym = Symmetry::new(4);
/// assert!(sym.is_canonical(&[1, 3, 0, 2]));
/// assert!(!sym.is_canonical(&[2, 0, 3, 1])); // the mirror image of the one above
/// assert_eq!(sym.canonical(&[2, 0, 3, 1]), [1, 3, 0, 2]);
/// ```
#[derive(Clone, Debug)]
pub struct Symmetry {
    n: usize,
    /// Scratch: the inverse permutation (the transposed board).
    inverse: Vec<usize>,
}

impl Symmetry {
    /// A checker for `n`×`n` boards.
    pub fn new(n: usize) -> Self {
        Symmetry {
            n,
            inverse: vec![0; n],
        }
    }

    /// The eight images of `cols` under the symmetries of the square, identity first.
    /// `cols` must be a permutation of `0..n` (any solution is).
    pub fn images(&self, cols: &[usize]) -> [Vec<usize>; 8] {
        let n = self.n;
        let m = n.saturating_sub(1);
        let mut inv = vec![0; n];
        for (r, &c) in cols.iter().enumerate() {
            inv[c] = r;
        }
        let f = |g: &dyn Fn(usize) -> usize| (0..n).map(g).collect::<Vec<usize>>();
        [
            cols.to_vec(),
            f(&|r| m - cols[r]),     // mirror left-right
            f(&|r| cols[m - r]),     // mirror top-bottom
            f(&|r| m - cols[m - r]), // rotate 180°
            inv.clone(),             // transpose
            f(&|r| m - inv[m - r]),  // anti-transpose
            f(&|r| inv[m - r]),      // rotate 90°
            f(&|r| m - inv[r]),      // rotate 270°
        ]
    }

    /// The canonical form of `cols`: the lexicographically smallest of its eight images.
    pub fn canonical(&self, cols: &[usize]) -> Vec<usize> {
        self.images(cols).into_iter().min().expect("eight images")
    }

    /// Is `cols` the canonical form of its class (no image is lexicographically smaller)?
    ///
    /// Stops comparing an image at its first difference from `cols`, and computes the
    /// transposed images only if the first three reflections do not already decide.
    pub fn is_canonical(&mut self, cols: &[usize]) -> bool {
        let n = self.n;
        debug_assert_eq!(cols.len(), n);
        if n == 0 {
            return true;
        }
        let m = n - 1;
        // Images that are cheap to compute element by element.
        if smaller(cols, |r| m - cols[r])
            || smaller(cols, |r| cols[m - r])
            || smaller(cols, |r| m - cols[m - r])
        {
            return false;
        }
        for (r, &c) in cols.iter().enumerate() {
            self.inverse[c] = r;
        }
        let inv = &self.inverse;
        if smaller(cols, |r| inv[r])
            || smaller(cols, |r| m - inv[m - r])
            || smaller(cols, |r| inv[m - r])
            || smaller(cols, |r| m - inv[r])
        {
            return false;
        }
        true
    }
}

/// Is the image `g(0), g(1), …` lexicographically smaller than `cols`?
#[inline]
fn smaller(cols: &[usize], g: impl Fn(usize) -> usize) -> bool {
    for (r, &c) in cols.iter().enumerate() {
        let x = g(r);
        if x != c {
            return x < c;
        }
    }
    false
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
    total: u64,
    unique: u64,
}

impl OrbitCounter {
    /// A counter for `n`×`n` boards.
    pub fn new(n: usize) -> Self {
        OrbitCounter {
            cols: Vec::with_capacity(n),
            inverse: vec![0; n],
            total: 0,
            unique: 0,
        }
    }

    /// The solutions and classes counted so far.
    pub fn counts(&self) -> Counts {
        Counts {
            total: self.total,
            unique: Some(self.unique),
        }
    }

    /// Adds what `other` counted (on another part of the tree) to these counts.
    pub(super) fn add(&mut self, other: &OrbitCounter) {
        self.total += other.total;
        self.unique += other.unique;
    }

    /// Counts the solution `cols`, found by a [`SymmetricQueens`] search.
    fn count(&mut self, n: usize) {
        if let Some(size) = class_size_if_least(&self.cols[..n], &mut self.inverse[..n]) {
            self.total += size;
            self.unique += 1;
        }
    }
}

impl<M: Mask> OnSolution<SymmetricQueens<M>> for OrbitCounter {
    #[inline]
    fn on_solution(&mut self, problem: &SymmetricQueens<M>, _depth: usize) {
        problem.placed_into(&mut self.cols);
        self.count(problem.n());
    }
}

/// The sizes a class of solutions of `n`-queens can have: 1 on a board of one square or
/// none; else 8, 4 (a half turn keeps its boards) or 2 (a quarter turn does).
///
/// No reflection keeps a solution of two queens or more (a mirror would put every queen in
/// the middle column or row, a diagonal would pair queens on one antidiagonal or put two on the
/// diagonal), so a class is the orbit of a solution kept by no symmetry, by the half turn
/// alone, or by the quarter turns: 8, 4 or 2 boards. A quarter turn moves every square in
/// a cycle of four but the middle one, so a board it keeps has `n` of the form 4k or 4k + 1.
pub fn class_sizes(n: usize) -> &'static [u64] {
    match n {
        0 | 1 => &[1],
        _ if n % 4 <= 1 => &[8, 4, 2],
        _ => &[8, 4],
    }
}

/// Can `total` solutions of `n`-queens be `unique` classes: is `total` a sum of `unique`
/// sizes from [`class_sizes`]? What a count of the classes of a board, or of a part of
/// one, implies of its solutions.
///
/// ```
/// use backtrack_problems::queens::classes_hold;
///
/// assert!(classes_hold(8, 92, 12)); // 11 classes of 8 and one of 4
/// assert!(!classes_hold(8, 91, 12)); // odd
/// assert!(!classes_hold(8, 0, 12));
/// assert!(!classes_hold(6, 2, 1)); // no class of 2 on a board of 6
/// ```
pub fn classes_hold(n: usize, total: u64, unique: u64) -> bool {
    let (total, unique) = (u128::from(total), u128::from(unique));
    match class_sizes(n) {
        [1] => total == unique,
        // 4 a class, and 4 more for each class of 8: from 4 to 8 a class, by 4.
        [8, 4] => total % 4 == 0 && 4 * unique <= total && total <= 8 * unique,
        // With `a` classes of 8, `b` of 4 and the rest of 2, `total / 2 - unique` is
        // `3a + b`, and `a + b` at most `unique`: as many classes of 8 as fit leave the
        // fewest of 4.
        _ => {
            if total % 2 == 1 || total < 2 * unique {
                return false;
            }
            let beyond = total / 2 - unique;
            beyond / 3 + beyond % 3 <= unique
        }
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

impl<'a, const TRANSPOSE: bool, const FLIP_ROWS: bool, const FLIP_COLS: bool>
    Image<'a, TRANSPOSE, FLIP_ROWS, FLIP_COLS>
{
    /// The image of the board `cols` (of at least one square) with inverse `inverse`.
    #[inline]
    fn new(cols: &'a [usize], inverse: &'a [usize]) -> Self {
        Image {
            cols,
            inverse,
            m: cols.len() - 1,
        }
    }

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

    /// Is this image in the searched space (the test of
    /// [`in_search_space`](super::in_search_space), in O(1))?
    #[inline]
    fn in_space(&self) -> bool {
        let m = self.m;
        let top = self.col(0);
        if top == 0 {
            let b = self.col(1);
            // Column 1's queen is not in rows 2..b, nor in rows 0, 1 or b (attacked).
            (2..m).contains(&b) && self.row(1) > b
        } else {
            // The other edge queens: the last row's, and the rows of the edge columns'.
            let distance = |x: usize| x.min(m - x);
            let bottom = self.col(m);
            2 * top <= m
                && bottom != 0
                && bottom != m
                && distance(bottom) <= top
                && distance(self.row(0)) <= top
                && distance(self.row(m)) <= top
                && (2 * top < m || self.col(1) < top)
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
    // Most boards reached: no queen in a corner, and row 0's queen strictly farther from a
    // corner than the other three edge queens. An image in the space has the farthest edge
    // queen in row 0, left of the middle, so only the board itself is (its mirror image on
    // an odd board, row 0's queen in the middle, has row 1's right of it). A symmetry that
    // keeps the board keeps that queen's square: the identity, or the mirror, a reflection,
    // which keeps no solution. A class of 8, and this board its least member in the space.
    let m = n - 1;
    let top = cols[0];
    let distance = |x: usize| x.min(m - x);
    if top != 0
        && distance(cols[m]) < top
        && distance(inverse[0]) < top
        && distance(inverse[m]) < top
    {
        return Some(8);
    }
    if Image::<false, false, true>::new(cols, inverse).beats() // mirror left-right
        || Image::<false, true, false>::new(cols, inverse).beats() // mirror top-bottom
        || Image::<false, true, true>::new(cols, inverse).beats() // half turn
        || Image::<true, false, false>::new(cols, inverse).beats() // transpose
        || Image::<true, true, true>::new(cols, inverse).beats() // anti-transpose
        || Image::<true, true, false>::new(cols, inverse).beats() // quarter turn
        || Image::<true, false, true>::new(cols, inverse).beats()
    // three quarters
    {
        return None;
    }
    let size = if !Image::<false, true, true>::new(cols, inverse).is_same() {
        8
    } else if Image::<true, true, false>::new(cols, inverse).is_same() {
        2
    } else {
        4
    };
    Some(size)
}

#[cfg(test)]
mod tests {
    use backtrack::observer::Solutions;
    use backtrack::Search;

    use super::*;
    use crate::queens::{in_search_space, BitQueens};

    /// Every solution of `n`-queens, from the plain bitboard search.
    fn all_solutions(n: usize) -> Vec<Vec<usize>> {
        Search::new(BitQueens::<u32>::new(n)).collect()
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
                let (cols, inv) = (&s[..], &inverse[..]);
                // In the order of `Symmetry::images`.
                let fast = [
                    Image::<false, false, false>::new(cols, inv).in_space(),
                    Image::<false, false, true>::new(cols, inv).in_space(),
                    Image::<false, true, false>::new(cols, inv).in_space(),
                    Image::<false, true, true>::new(cols, inv).in_space(),
                    Image::<true, false, false>::new(cols, inv).in_space(),
                    Image::<true, true, true>::new(cols, inv).in_space(),
                    Image::<true, true, false>::new(cols, inv).in_space(),
                    Image::<true, false, true>::new(cols, inv).in_space(),
                ];
                let slow = sym.images(&s).map(|image| in_search_space(&image));
                assert_eq!(fast, slow, "n = {n}, {s:?}");
            }
        }
    }

    /// `classes_hold` against every way of making `unique` classes of the sizes, and
    /// against the counts of boards of 0 to 10.
    #[test]
    fn the_solutions_classes_hold_are_the_sums_of_their_sizes() {
        for n in [1, 4, 5, 6, 7] {
            let sizes = class_sizes(n);
            // The totals of `unique` classes: each class adds one of the sizes.
            let mut totals = vec![0u64];
            for unique in 0..=6u64 {
                for total in 0..=60 {
                    let held = totals.contains(&total);
                    assert_eq!(
                        classes_hold(n, total, unique),
                        held,
                        "n = {n}: {total} in {unique}"
                    );
                }
                totals = totals
                    .iter()
                    .flat_map(|t| sizes.iter().map(move |s| t + s))
                    .collect();
                totals.sort_unstable();
                totals.dedup();
            }
        }
        assert!(classes_hold(12, u64::MAX - 1, 1 << 62));
        assert!(!classes_hold(12, u64::MAX, u64::MAX / 8));
        for n in 0..=10 {
            let found = crate::queens::count_symmetric::<u32>(
                n,
                &backtrack::ParallelLimits::none(),
                |_| {},
            )
            .found;
            assert!(
                classes_hold(n, found.total, found.unique.unwrap()),
                "n = {n}"
            );
        }
    }

    #[test]
    fn boards_of_one_square_or_none_do_not_trip_the_counter() {
        assert_eq!(class_size_if_least(&[0], &mut [0]), Some(1));
        for n in 0..=1 {
            let mut counter = OrbitCounter::new(n);
            let outcome = Search::new(SymmetricQueens::<u32>::new(n))
                .observer(Solutions(&mut counter))
                .count_solutions();
            assert_eq!(counter.counts().unique, Some(outcome.found), "n = {n}");
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
                assert!(
                    class_sizes(n).contains(&(distinct.len() as u64)),
                    "n = {n}, {s:?}"
                );
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
