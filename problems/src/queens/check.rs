//! An O(n) checker for big boards: occupancy tables for columns and both diagonals.

/// Is `cols` (the 0-based column of each row's queen, row 0 first) a solution of
/// `n`-queens? One pass over the rows with a table of taken columns and of each diagonal
/// direction: O(n) time and about 5n bytes, for boards far too big for the pairwise
/// [`verify`](super::verify), which stays the independent oracle of the tests.
///
/// ```
/// use backtrack_problems::queens::verify_fast;
///
/// assert!(verify_fast(4, &[1, 3, 0, 2]));
/// assert!(!verify_fast(4, &[0, 2, 1, 3])); // rows 1 and 2 share a diagonal
/// assert!(!verify_fast(4, &[1, 3, 0])); // a row without a queen
/// ```
pub fn verify_fast(n: usize, cols: &[usize]) -> bool {
    if cols.len() != n {
        return false;
    }
    let mut column = vec![false; n];
    // Indexed by `row + col` and by `row + n - 1 - col`.
    let mut diagonal = vec![false; (2 * n).saturating_sub(1)];
    let mut anti = vec![false; (2 * n).saturating_sub(1)];
    for (row, &col) in cols.iter().enumerate() {
        if col >= n {
            return false;
        }
        let (d, a) = (row + col, row + n - 1 - col);
        if column[col] || diagonal[d] || anti[a] {
            return false;
        }
        column[col] = true;
        diagonal[d] = true;
        anti[a] = true;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::verify_fast;
    use crate::queens::verify;

    #[test]
    fn agrees_with_the_pairwise_checker_on_every_board_up_to_6() {
        for n in 0..=6usize {
            // Every assignment of a column to each row: n^n boards.
            let total = n.pow(n as u32);
            for code in 0..total.max(1) {
                let mut rest = code;
                let cols: Vec<usize> = (0..n)
                    .map(|_| {
                        let c = rest % n;
                        rest /= n;
                        c
                    })
                    .collect();
                assert_eq!(verify_fast(n, &cols), verify(n, &cols), "{cols:?}");
            }
        }
    }

    #[test]
    fn refuses_wrong_lengths_and_columns_off_the_board() {
        assert!(verify_fast(0, &[]));
        assert!(verify_fast(1, &[0]));
        assert!(!verify_fast(1, &[1]));
        assert!(!verify_fast(4, &[1, 3, 0, 2, 0]));
        assert!(!verify_fast(4, &[1, 3, 0, 4]));
    }
}
