//! The explicit construction: a solution of n-queens for every n ≥ 4 in O(n), no search.
//!
//! After E. J. Hoffman, J. C. Loessi and R. C. Moore, *Constructions for the solution of the
//! m queens problem*, Mathematics Magazine 42 (1969), and B. Bernhardsson, *Explicit
//! solutions to the N-queens problem for all N*, SIGART Bulletin 2(2), 1991.

use super::check::verify_fast;
use super::method::SolveError;
use super::place::Placement;

/// A solution of `n`-queens by the classic construction, checked in O(n)
/// ([`verify_fast`]) before it is returned: the 0-based column of each row's queen, row 0
/// first.
///
/// With 1-based rows and columns, row `i` of the first `⌊n/2⌋` rows takes the even column
/// `2i`, and the other rows the odd columns `1, 3, 5, …` in order; when `n mod 6` is 2 the
/// odd columns go `3, 1, 7, 9, …, 5` (1 and 3 swapped, 5 moved last), and when it is 3 the
/// even columns go `4, 6, …, 2` and the odd ones `5, 7, …, 1, 3`.
///
/// - `placement`: the board; it must have no queen placed, since the construction places
///   every queen itself.
///
/// Returns the board, or [`SolveError::NoSolution`] for n = 2 and 3 (n = 1 is one queen,
/// n = 0 the empty board), or [`SolveError::Placed`] if queens are placed.
///
/// Complexity: O(n) time; the board and the check's tables, about 13n bytes.
///
/// ```
/// use backtrack_problems::queens::{construct, verify, Placement, SolveError};
///
/// let cols = construct(&Placement::empty(8)).unwrap();
/// assert_eq!(cols, [1, 3, 5, 7, 2, 0, 6, 4]);
/// assert!(verify(8, &cols));
/// assert_eq!(construct(&Placement::empty(3)), Err(SolveError::NoSolution { n: 3 }));
/// let placed = Placement::new(8, &[(1, 1)]).unwrap();
/// assert_eq!(construct(&placed), Err(SolveError::Placed { placed: 1 }));
/// ```
pub fn construct(placement: &Placement) -> Result<Vec<usize>, SolveError> {
    let placed = placement.queens().count();
    if placed > 0 {
        return Err(SolveError::Placed { placed });
    }
    let n = placement.n();
    if n == 2 || n == 3 {
        return Err(SolveError::NoSolution { n });
    }
    let cols = columns(n);
    if verify_fast(n, &cols) {
        Ok(cols)
    } else {
        Err(SolveError::Unverified {
            method: "construction",
        })
    }
}

/// The construction's columns, 0-based, for `n` other than 2 and 3.
fn columns(n: usize) -> Vec<usize> {
    // 1-based even columns 2, 4, … are 0-based 1, 3, …; odd ones 1, 3, … are 0, 2, ….
    let evens = (1..n).step_by(2);
    let odds = (0..n).step_by(2);
    let mut cols = Vec::with_capacity(n);
    match n % 6 {
        2 => {
            // Evens, then 3, 1, 7, 9, …, 5.
            cols.extend(evens);
            cols.extend([2, 0]);
            cols.extend(odds.skip(3));
            cols.push(4);
        }
        3 => {
            // 4, 6, …, 2, then 5, 7, …, 1, 3.
            cols.extend(evens.skip(1));
            cols.push(1);
            cols.extend(odds.skip(2));
            cols.extend([0, 2]);
        }
        _ => {
            cols.extend(evens);
            cols.extend(odds);
        }
    }
    cols
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::queens::verify;

    #[test]
    fn small_boards_are_solutions() {
        for n in (0..=1).chain(4..=40) {
            let cols = construct(&Placement::empty(n)).unwrap();
            assert!(verify(n, &cols), "n = {n}");
        }
    }

    #[test]
    fn boards_of_2_and_3_have_none() {
        for n in [2, 3] {
            assert_eq!(
                construct(&Placement::empty(n)),
                Err(SolveError::NoSolution { n })
            );
        }
    }

    #[test]
    fn every_board_up_to_5000_passes_the_fast_check() {
        for n in 4..=5000 {
            assert!(verify_fast(n, &columns(n)), "n = {n}");
        }
    }
}
