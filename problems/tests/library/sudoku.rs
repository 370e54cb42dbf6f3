//! The sudoku grid, built by hand through the library: bad cells are errors, not panics
//! or wrong answers.

use backtrack_problems::sudoku::{Grid, SudokuError};

/// A `Grid` is public and built by hand: a cell over 9 is an error, not a shift overflow
/// (a panic from 16 on) nor a wrong "already in its row" (10 to 15).
#[test]
fn sudoku_refuses_hand_built_cells_over_nine() {
    for value in [10u8, 15, 16, 255] {
        let mut cells = vec![0u8; 81];
        cells[12] = value;
        let err = Grid::new(3, cells).unwrap_err();
        assert_eq!(
            err,
            SudokuError::Digit {
                row: 2,
                col: 4,
                value,
                side: 9
            }
        );
        assert_eq!(
            err.to_string(),
            format!("row 2, column 4: {value} is not a digit 1-9 or 0 (empty)")
        );
    }
}

#[test]
fn grid_get_refuses_a_column_past_the_edge() {
    let grid = Grid::empty(3);
    assert_eq!(grid.get(8, 8), 0);
    let result = std::panic::catch_unwind(|| grid.get(0, 9));
    assert!(result.is_err(), "column 9 must not read row 1's first cell");
}
