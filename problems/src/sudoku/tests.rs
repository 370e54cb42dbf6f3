//! The sudoku module's tests: solving (both kernels, by property against brute force),
//! reading and its errors, the checker, and tree labels.

use backtrack::tree::{tree_of, Label};
use backtrack::{Limits, Search};

use super::{Conflict, General, Grid, Kernel, NotHexadecimal, Notation, Sudoku, SudokuError};

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// The published solution of `PUZZLE` (Wikipedia, "Sudoku").
const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// Arto Inkala's "world's hardest sudoku" (2012).
const HARD: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
/// Hard ones of top95 (Norvig's "hard" set), a 17-clue one, and AI Escargot.
const HARDER: [&str; 4] = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    "...8.1..........435............7.8........1...2..3....6......75..34........2..6..",
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
];
const SIXTEEN: &str = include_str!("../../tests/fixtures/16x16.sudoku");
const TWENTY_FIVE: &str = include_str!("../../tests/fixtures/25x25.sudoku");

fn grid(text: &str) -> Grid {
    text.parse().expect("a valid grid")
}

fn sudoku(grid: &Grid) -> Sudoku {
    Sudoku::new(grid).expect("consistent")
}

/// The puzzle's solutions, at most `limit` of them, each checked: solved, givens kept.
fn solutions(puzzle: &Grid, limit: u64) -> Vec<Grid> {
    let search = Search::new(sudoku(puzzle)).limits(Limits::none().solutions(limit));
    let found: Vec<Grid> = search.collect();
    for solution in &found {
        assert!(solution.is_solved(), "{solution}");
        assert!(solution.extends(puzzle), "{solution}");
    }
    found
}

#[test]
fn solves_the_classic_puzzle_uniquely() {
    let puzzle = grid(PUZZLE);
    assert_eq!(solutions(&puzzle, 2), [grid(SOLUTION)]);
}

#[test]
fn solves_hard_puzzles_uniquely() {
    for text in [HARD].iter().chain(&HARDER) {
        assert_eq!(solutions(&grid(text), 2).len(), 1, "{text}");
    }
}

#[test]
fn the_empty_4x4_grid_has_288_solutions() {
    let empty = Grid::empty(2);
    assert_eq!(Search::new(sudoku(&empty)).count_solutions().found, 288);
    let mut all = solutions(&empty, 1000);
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), 288, "all distinct");
}

#[test]
fn empty_grids_of_every_order_are_filled() {
    for order in super::MIN_ORDER..=super::MAX_ORDER {
        let solution = &solutions(&Grid::empty(order), 1)[0];
        assert_eq!(solution.order(), order);
    }
}

#[test]
fn solves_a_16x16_puzzle_uniquely() {
    let puzzle = grid(SIXTEEN);
    assert_eq!((puzzle.order(), puzzle.side()), (4, 16));
    assert_eq!(puzzle.cells().iter().filter(|&&d| d != 0).count(), 96);
    assert_eq!(solutions(&puzzle, 2).len(), 1);
}

#[test]
fn solves_a_25x25_puzzle_uniquely() {
    let puzzle = grid(TWENTY_FIVE);
    assert_eq!(puzzle.side(), 25);
    assert_eq!(solutions(&puzzle, 2).len(), 1);
}

/// The 9×9 kernel (bitboards) and the general one (masks) find the
/// same fixed point of singles and choose the same cells: the same trees.
#[test]
fn both_kernels_search_the_same_tree() {
    let general = |puzzle: &Grid| Sudoku {
        kernel: Kernel::General(Box::new(General::new(puzzle))),
    };
    let mut puzzles: Vec<Grid> = [PUZZLE, HARD]
        .iter()
        .chain(&HARDER)
        .map(|t| grid(t))
        .collect();
    let mut unsolvable = String::from("12345678.\n........9\n");
    unsolvable.push_str(&".........\n".repeat(7));
    puzzles.push(grid(&unsolvable));
    for puzzle in &puzzles {
        let nine = Search::new(sudoku(puzzle)).count_solutions();
        let other = Search::new(general(puzzle)).count_solutions();
        assert_eq!(nine.found, other.found, "{puzzle}");
        let tree = |s: backtrack::Stats| (s.nodes, s.solutions, s.dead_ends, s.max_depth);
        assert_eq!(tree(nine.stats), tree(other.stats), "{puzzle}");
        let nine: Vec<Grid> = Search::new(sudoku(puzzle)).collect();
        let other: Vec<Grid> = Search::new(general(puzzle)).collect();
        assert_eq!(nine, other);
    }
    let empty = Grid::empty(3);
    let limits = || Limits::none().solutions(30);
    let nine: Vec<Grid> = Search::new(sudoku(&empty)).limits(limits()).collect();
    let other: Vec<Grid> = Search::new(general(&empty)).limits(limits()).collect();
    assert_eq!(nine, other);
}

/// Borrowed, a sudoku gives the same solutions and tree, and is back at the root after.
#[test]
fn a_borrowed_sudoku_is_left_at_the_root() {
    for text in [HARD, HARDER[3]] {
        let puzzle = grid(text);
        let owned = Search::new(sudoku(&puzzle)).count_solutions();
        let mut borrowed = sudoku(&puzzle);
        let root = borrowed.grid();
        let in_place = Search::new(&mut borrowed).count_solutions();
        assert_eq!(in_place.found, owned.found);
        assert_eq!(in_place.stats.nodes, owned.stats.nodes);
        assert_eq!(borrowed.grid(), root);
        let empty = sudoku(&puzzle).empty();
        assert_eq!(borrowed.label(), format!("{empty} empty"));
    }
}

/// Every completion of a 4×4 grid, by plain recursion with no deduction.
fn brute_force_4x4(cells: &mut [u8; 16], at: usize) -> u64 {
    if at == 16 {
        return 1;
    }
    if cells[at] != 0 {
        return brute_force_4x4(cells, at + 1);
    }
    let (row, col) = (at / 4, at % 4);
    let mut count = 0;
    for digit in 1..=4 {
        let clash = (0..4).any(|k| {
            cells[row * 4 + k] == digit
                || cells[k * 4 + col] == digit
                || cells[(row / 2 * 2 + k / 2) * 4 + col / 2 * 2 + k % 2] == digit
        });
        if !clash {
            cells[at] = digit;
            count += brute_force_4x4(cells, at + 1);
            cells[at] = 0;
        }
    }
    count
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Any text: an error or well-formed puzzles, never a panic.
    #[test]
    fn the_reader_never_panics(text in "[.0-9A-Ha-h_x?| +=#\n-]{0,300}") {
        if let Ok(puzzles) = super::read_puzzles(&text) {
            for puzzle in puzzles {
                let n = puzzle.grid.side();
                proptest::prop_assert_eq!(puzzle.grid.cells().len(), n * n);
                proptest::prop_assert_eq!(puzzle.lines.len(), n);
                proptest::prop_assert!(puzzle.grid.cells().iter().all(|&d| usize::from(d) <= n));
                let _ = puzzle.sudoku();
            }
        }
    }

    /// A puzzle of each size with a character put in, or one taken out: an error
    /// naming a line of the text, or puzzles, never a panic.
    #[test]
    fn a_mangled_puzzle_is_an_error_or_puzzles(
        which in 0usize..3,
        at in 0usize..2000,
        insert in proptest::option::of("[.0-9A-Ha-h_x?| \n-]"),
    ) {
        let text = [
            grid(PUZZLE).to_string(),
            SIXTEEN.to_string(),
            grid(SIXTEEN).show(Notation::Numbers).to_string(),
        ][which]
            .clone();
        let mut chars: Vec<char> = text.chars().collect();
        let at = at % chars.len();
        match insert {
            Some(inserted) => chars.splice(at..at, inserted.chars()).for_each(drop),
            None => drop(chars.remove(at)),
        }
        let mangled: String = chars.into_iter().collect();
        match super::read_puzzles(&mangled) {
            Ok(puzzles) => {
                for puzzle in puzzles {
                    let n = puzzle.grid.side();
                    proptest::prop_assert_eq!(puzzle.grid.cells().len(), n * n);
                }
            }
            Err(err) => {
                let message = err.to_string();
                proptest::prop_assert!(
                    message.starts_with("line") || message.starts_with("puzzle"),
                    "{}", message
                );
            }
        }
    }

    /// 4×4 puzzles (any givens, even inconsistent ones): as many solutions as plain
    /// recursion finds, each checked.
    #[test]
    fn small_puzzles_have_the_solutions_brute_force_finds(
        givens in proptest::collection::vec((0usize..16, 1u8..=4), 0..8)
    ) {
        let mut cells = [0u8; 16];
        for (cell, digit) in givens {
            cells[cell] = digit;
        }
        let puzzle = Grid::new(2, cells.to_vec()).unwrap();
        let Ok(sudoku) = Sudoku::new(&puzzle) else {
            return Ok(()); // a repeated given
        };
        let found: Vec<Grid> = Search::new(sudoku).collect();
        proptest::prop_assert_eq!(found.len() as u64, brute_force_4x4(&mut cells, 0));
        proptest::prop_assert!(found.iter().all(|s| s.is_solved() && s.extends(&puzzle)));
    }

    /// 9×9 puzzles cut from a solved grid with its digits relabelled: both kernels
    /// search the same tree, to the first ten solutions.
    #[test]
    fn both_kernels_agree_on_random_puzzles(
        keep in proptest::collection::vec(proptest::bool::weighted(0.3), 81),
        shift in 0u8..9,
    ) {
        let solved = grid(SOLUTION);
        let cells = solved
            .cells()
            .iter()
            .zip(&keep)
            .map(|(&d, &k)| if k { (d + shift - 1) % 9 + 1 } else { 0 })
            .collect();
        let puzzle = Grid::new(3, cells).unwrap();
        let limits = || Limits::none().solutions(10);
        let nine = Search::new(sudoku(&puzzle)).limits(limits()).count_solutions();
        let general = Sudoku {
            kernel: Kernel::General(Box::new(General::new(&puzzle))),
        };
        let other = Search::new(general).limits(limits()).count_solutions();
        proptest::prop_assert_eq!(nine.found, other.found);
        proptest::prop_assert_eq!(nine.stats.nodes, other.stats.nodes);
        proptest::prop_assert!(nine.found >= 1);
    }
}

#[test]
fn an_empty_grid_has_many_solutions_all_valid() {
    let all = solutions(&Grid::empty(3), 50);
    let mut distinct = all.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 50);
    // The first cell with fewest candidates is always filled with its smallest.
    assert_eq!(all[0].to_string().lines().next(), Some("123456789"));
}

#[test]
fn an_unsolvable_puzzle_has_no_solution() {
    // The top-right cell can only be 9, and its column already has one.
    let mut text = String::from("12345678.\n........9\n");
    text.push_str(&".........\n".repeat(7));
    let outcome = Search::new(sudoku(&grid(&text))).count_solutions();
    assert_eq!(outcome.found, 0);
    assert_eq!((outcome.stats.nodes, outcome.stats.dead_ends), (1, 1));
    // So in 4×4, where the top-left cell has no candidate left.
    let outcome = Search::new(sudoku(&grid(".23.\n.1..\n4...\n...."))).count_solutions();
    assert_eq!((outcome.found, outcome.stats.dead_ends), (0, 1));
}

#[test]
fn lines_rows_numbers_and_characters_read_the_same() {
    let puzzle = grid(PUZZLE);
    assert_eq!(grid(&puzzle.to_string()), puzzle);
    let spaced: String = puzzle
        .to_string()
        .lines()
        .map(|line| {
            line.chars()
                .flat_map(|c| [c, ' '])
                .chain(['\n'])
                .collect::<String>()
        })
        .collect();
    assert_eq!(grid(&spaced), puzzle);
    assert_eq!(grid(&PUZZLE.replace('.', "0")), puzzle);
    // 16×16: rows of characters, one line, numbers, lower case.
    let sixteen = grid(SIXTEEN);
    let one_line: String = sixteen.to_string().split_whitespace().collect();
    assert_eq!(grid(&one_line), sixteen);
    let numbers = sixteen.show(Notation::Numbers).to_string();
    assert!(numbers.starts_with(" .  7 13  . 11 14"), "{numbers}");
    assert_eq!(grid(&numbers), sixteen);
    assert_eq!(grid(&SIXTEEN.to_lowercase()), sixteen);
    let read = super::read_puzzles(&numbers).unwrap();
    assert_eq!(read[0].notation, Notation::Numbers);
    let one_line_numbers = numbers.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(grid(&one_line_numbers), sixteen);
    // 25×25 in numbers too.
    let twenty_five = grid(TWENTY_FIVE);
    assert_eq!(
        grid(&twenty_five.show(Notation::Numbers).to_string()),
        twenty_five
    );
}

/// A hexadoku (`0`-`F`) is the 1-`G` grid with every digit one less.
#[test]
fn a_16x16_grid_in_hexadecimal_is_read_as_such() {
    let sixteen = grid(SIXTEEN);
    let hex = sixteen.show(Notation::Hexadecimal).to_string();
    assert!(hex.starts_with(".6C.AD....58....\n"), "{hex}");
    let read = &super::read_puzzles(&hex).unwrap()[0];
    assert_eq!(
        (&read.grid, read.notation),
        (&sixteen, Notation::Hexadecimal)
    );
    let solution = &solutions(&read.grid, 1)[0];
    let written = solution.show(Notation::Hexadecimal).to_string();
    assert!(written.contains('0') && !written.contains('G'), "{written}");
    // (A grid with no empty cell is not told apart: it reads as 1-G.)
    // With no `.` the `0`s are empty cells: the usual notation.
    let zeros = sixteen.to_string().replace('.', "0");
    assert_eq!(
        super::read_puzzles(&zeros).unwrap()[0].notation,
        Notation::Characters
    );
    assert_eq!(grid(&zeros), sixteen);
}

#[test]
fn the_size_is_what_the_first_row_says() {
    // A line of 16 cells alone is a 4×4 grid; followed by another, a 16×16 row.
    let four = "12..........4321";
    assert_eq!(grid(four).side(), 4);
    assert_eq!(
        super::puzzles(&format!("{four}\n\n{four}")).unwrap().len(),
        2
    );
    assert_eq!(
        super::puzzles(&format!("{four}\n{four}\n")),
        Err(SudokuError::Incomplete {
            puzzle: 1,
            first_line: 1,
            last_line: 2,
            lines: 2,
            side: 16
        })
    );
    assert_eq!(grid("1234\n3412\n2143\n4321").side(), 4);
    // A 16×16 grid whose second row lost a cell is told so, not read as a 4×4 grid
    // on one line whose `G` is past 4.
    let mut rows: Vec<String> = (0..16).map(|_| ".".repeat(16)).collect();
    rows[0] = "123456789ABCDEFG".to_string();
    rows[1].pop();
    assert_eq!(
        super::puzzles(&rows.join("\n")),
        Err(SudokuError::Length {
            line: 2,
            expected: 16,
            found: 15
        })
    );
    assert_eq!(grid(&".".repeat(256)).side(), 16);
    assert_eq!(grid(&"0".repeat(625)).side(), 25);
    // Puzzles of several sizes in one text.
    let mixed = format!("{four}\n\n{PUZZLE}\n{SIXTEEN}");
    let sides: Vec<usize> = super::puzzles(&mixed)
        .unwrap()
        .iter()
        .map(Grid::side)
        .collect();
    assert_eq!(sides, [4, 9, 16]);
}

#[test]
fn tree_labels_name_the_placement_and_what_is_left() {
    let puzzle = grid(HARD);
    let sudoku = sudoku(&puzzle);
    let root = sudoku.label();
    let empty: usize = root.strip_suffix(" empty").unwrap().parse().unwrap();
    assert_eq!(empty, 60, "Inkala's 21 givens leave no single: {root}");
    let tree = tree_of(&sudoku);
    let nodes = tree.nodes();
    assert_eq!(nodes[0].label, root);
    assert_eq!(
        nodes[1].op.as_deref(),
        nodes[1].label.split(',').next(),
        "the state names the operator that made it"
    );
    let solution = tree.solutions().next().expect("solved");
    assert!(solution.label.ends_with(", 0 empty"));
    // The label's placement is the digit of the solution in that cell.
    let place = solution.label.split(',').next().unwrap();
    let (rc, digit) = place.split_once('=').unwrap();
    let (row, col) = rc[1..].split_once('c').unwrap();
    let (row, col): (usize, usize) = (row.parse().unwrap(), col.parse().unwrap());
    let solved = &solutions(&puzzle, 1)[0];
    assert_eq!(solved.get(row - 1, col - 1).to_string(), digit, "{place}");
}

#[test]
fn drawn_grids_comments_and_a_byte_order_mark_are_read() {
    let puzzle = grid(PUZZLE);
    let mut drawn = String::new();
    for (row, line) in puzzle.to_string().lines().enumerate() {
        let (a, rest) = line.split_at(3);
        let (b, c) = rest.split_at(3);
        drawn.push_str(&[a, " | ", b, " | ", c, "  # a row\n"].concat());
        if row % 3 == 2 && row < 8 {
            drawn.push_str("------+-------+------\n");
        }
    }
    assert_eq!(grid(&format!("# a puzzle\n\n{drawn}")), puzzle);
    assert_eq!(grid(&format!("\u{feff}{PUZZLE}")), puzzle);
    assert_eq!(grid(&format!("\u{feff}{puzzle}")), puzzle);
    // 16×16 drawn in numbers, boxes apart.
    let sixteen = grid(SIXTEEN);
    let mut drawn = String::new();
    for (row, line) in sixteen
        .show(Notation::Numbers)
        .to_string()
        .lines()
        .enumerate()
    {
        let words: Vec<&str> = line.split_whitespace().collect();
        let boxes: Vec<String> = words.chunks(4).map(|w| w.join(" ")).collect();
        drawn.push_str(&boxes.join(" | "));
        drawn.push('\n');
        if row % 4 == 3 && row < 15 {
            drawn.push_str("------------+-------------+-------------+------------\n");
        }
    }
    assert_eq!(grid(&drawn), sixteen);
}

#[test]
fn a_text_may_hold_several_puzzles() {
    let puzzle = grid(PUZZLE);
    let nine_lines = puzzle.to_string();
    let text = format!(
        "{PUZZLE}\n{nine_lines}\n# third\n{}",
        PUZZLE.replace('.', "0")
    );
    assert_eq!(super::puzzles(&text), Ok(vec![puzzle.clone(); 3]));
    assert_eq!(
        text.parse::<Grid>(),
        Err(SudokuError::Several { puzzles: 3 })
    );
    // A grid cut short, and a bad cell of the second puzzle, by line.
    let cut = format!("{PUZZLE}\n{}", ".........\n".repeat(4));
    assert_eq!(
        super::puzzles(&cut).unwrap_err().to_string(),
        "puzzle 2: lines 2 to 5: expected 9 lines of 9 cells, found 4"
    );
    let bad = format!("{PUZZLE}\n{}", nine_lines.replacen('.', "?", 1));
    assert!(matches!(
        super::puzzles(&bad),
        Err(SudokuError::Character {
            line: 2,
            row: 1,
            ..
        })
    ));
}

#[test]
fn malformed_grids_are_reported_by_line_and_column() {
    let nine = ".........\n".repeat(9);
    let cases = [
        (String::new(), "expected a grid (n lines of n cells, n = 4, 9, 16, 25, 36 or 49, or one line of 16, 81, 256, 625, 1296 or 2401 cells), found no cells"),
        (
            format!("# comment\n\n{}", ".........\n".repeat(8) + "........\n"),
            "line 11: expected 9 cells, found 8",
        ),
        (".........\n".repeat(3), "lines 1 to 3: expected 9 lines of 9 cells, found 3"),
        // An invisible character is named, not counted as a tenth cell.
        (
            nine.replacen(".........", "53..7\u{200b}....", 1),
            "line 1, row 1, column 6: `\\u{200b}` is not a cell (a digit 1-9, a letter A-Z for 10 and up, numbers apart by spaces, or `.`, `0`, `_` for an empty cell)",
        ),
        (
            format!("{PUZZLE}\n{}", nine.replacen(".........", "........?.", 1)),
            "line 2, row 1, column 9: `?` is not a cell (a digit 1-9, a letter A-Z for 10 and up, numbers apart by spaces, or `.`, `0`, `_` for an empty cell)",
        ),
        (PUZZLE[..80].to_string(), "line 1: a row of 80 cells is no sudoku's: a row has n = 4, 9, 16, 25, 36 or 49 cells (the squares of 2 to 7), or a whole grid on one line n² = 16, 81, 256, 625, 1296 or 2401 (the nearest size to 80: 81)"),
        (nine.replacen(".........", "..........", 1), "line 1: a row of 10 cells is no sudoku's: a row has n = 4, 9, 16, 25, 36 or 49 cells (the squares of 2 to 7), or a whole grid on one line n² = 16, 81, 256, 625, 1296 or 2401 (the nearest size to 10: 9)"),
        (".....\n".repeat(5), "line 1: a row of 5 cells is no sudoku's: a row has n = 4, 9, 16, 25, 36 or 49 cells (the squares of 2 to 7), or a whole grid on one line n² = 16, 81, 256, 625, 1296 or 2401 (the nearest size to 5: 4)"),
        // A digit past the side, as a letter and as a number.
        (
            nine.replacen(".........", "....A....", 1),
            "line 1, row 1, column 5: `A` is not a digit 1-9 or an empty cell (`.`, `0`, `_`)",
        ),
        (
            "1...\n..5.\n....\n....\n".to_string(),
            "line 2, row 2, column 3: 5 is past 4, the largest digit of a 4×4 grid",
        ),
        (
            format!("{}\n{}", "1 ".repeat(15) + "17", ". ".repeat(16)),
            "line 1, row 1, column 16: 17 is past 16, the largest digit of a 16×16 grid",
        ),
        (
            format!("{}\n{}?", ". ".repeat(15) + "16", ". ".repeat(15)),
            "line 2, row 2, column 16: `?` is not a digit 1-9, A-G or an empty cell (`.`, `0`, `_`)",
        ),
        (
            format!("{}\n{}1?", ". ".repeat(15) + "16", ". ".repeat(15)),
            "line 2, row 2, column 16: `1?` is not a number 1-16 or an empty cell (`.`, `0`, `_`)",
        ),
    ];
    for (text, expected) in cases {
        let err = text.parse::<Grid>().unwrap_err();
        assert_eq!(err.to_string(), expected, "{text:?}");
    }
}

#[test]
fn a_repeated_given_is_named_by_its_place_and_line() {
    let conflict = grid(&PUZZLE.replacen('.', "5", 1));
    assert_eq!(
        Sudoku::new(&conflict).unwrap_err(),
        SudokuError::Conflict {
            line: None,
            row: 1,
            col: 3,
            digit: 5
        }
    );
    assert_eq!(
        Sudoku::new(&conflict).unwrap_err().to_string(),
        "row 1, column 3: 5 is already in its row, column or box"
    );
    // Read from a text, the given that repeats is named by its line too.
    let text = format!("{PUZZLE}\n\n{conflict}");
    let second = &super::read_puzzles(&text).unwrap()[1];
    assert_eq!(second.lines, [3, 4, 5, 6, 7, 8, 9, 10, 11]);
    assert_eq!(
        second.sudoku().unwrap_err().to_string(),
        "line 3, row 1, column 3: 5 is already in its row, column or box"
    );
    // In a box of a 16×16 grid.
    let mut text = format!("1{}\n", ".".repeat(15));
    text.push_str(".1");
    text.push_str(&".".repeat(14));
    text.push('\n');
    text.push_str(&format!("{}\n", ".".repeat(16)).repeat(14));
    let err = super::read_puzzles(&text).unwrap()[0].sudoku().unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 2, row 2, column 2: 1 is already in its row, column or box"
    );
}

#[test]
fn hand_built_grids_are_checked() {
    assert_eq!(Grid::new(1, vec![0]), Err(SudokuError::Order { order: 1 }));
    assert_eq!(
        Grid::new(8, vec![]).unwrap_err().to_string(),
        "a sudoku has boxes of 2×2 to 7×7, not 8×8"
    );
    assert_eq!(
        Grid::new(2, vec![0; 15]).unwrap_err().to_string(),
        "a grid of order 2 has 16 cells, not 15"
    );
    let mut cells = vec![0; 16];
    cells[6] = 5;
    assert_eq!(
        Grid::new(2, cells).unwrap_err().to_string(),
        "row 2, column 3: 5 is not a digit 1-4 or 0 (empty)"
    );
    let big = Grid::empty(7);
    assert_eq!(big.side(), 49);
    assert!(big.to_string().starts_with(" . "), "numbers past 35×35");
}

#[test]
fn the_checker_rejects_broken_grids() {
    let solved = grid(SOLUTION);
    assert!(solved.is_solved());
    let mut cells = solved.cells().to_vec();
    cells.swap(0, 1);
    assert!(!Grid::new(3, cells).unwrap().is_solved());
    let mut cells = solved.cells().to_vec();
    cells[40] = 0;
    let emptied = Grid::new(3, cells).unwrap();
    assert!(!emptied.is_solved());
    assert!(solved.extends(&emptied) && !emptied.extends(&solved));
    // Rows and columns fine, boxes wrong: a cyclic Latin square, 9×9 and 16×16.
    for b in [3, 4] {
        let n = b * b;
        let latin = (0..n * n)
            .map(|i| ((i / n + i % n) % n + 1) as u8)
            .collect();
        assert!(!Grid::new(b, latin).unwrap().is_solved());
    }
}

/// Four puzzles, the third with two 5s in its first row (line 19): the text is read, the
/// third is a puzzle with no solution that names its line and why, the others are solved.
#[test]
fn contradictory_givens_are_a_puzzle_with_no_solution_not_a_bad_file() {
    let nine_lines = grid(PUZZLE).to_string();
    let third = format!("55{}\n{}", ".".repeat(7), ".........\n".repeat(8));
    let text = format!("{nine_lines}{nine_lines}{third}{PUZZLE}\n");
    let read = super::read_puzzles(&text).expect("a file of grids");
    assert_eq!(read.len(), 4);
    let conflict = Conflict {
        line: 19,
        row: 1,
        col: 2,
        digit: 5,
    };
    assert_eq!(read[2].conflict(), Some(conflict));
    assert_eq!(read[2].sudoku().unwrap_err(), conflict);
    assert_eq!(
        conflict.to_string(),
        "line 19, row 1, column 2: 5 is already in its row, column or box"
    );
    assert_eq!(
        SudokuError::from(conflict).to_string(),
        conflict.to_string(),
        "the same words as an error"
    );
    for k in [0, 1, 3] {
        assert_eq!(read[k].conflict(), None);
        let sudoku = read[k].sudoku().expect("consistent");
        let solutions: Vec<Grid> = Search::new(sudoku).collect();
        assert_eq!(solutions, [grid(SOLUTION)], "puzzle {}", k + 1);
    }
    // A file that is not a grid stays an error: the third puzzle cut short.
    let cut = text.replacen("55.......\n", "55......\n", 1);
    assert_eq!(
        super::read_puzzles(&cut),
        Err(SudokuError::RowSize {
            line: 19,
            found: 8,
            nearest: 9
        })
    );
}

/// The 16×16 fixture without its `G`s, one row a line, `.` for an empty cell, and `0` put
/// in the empty cells `zeros` (1-based row and column).
fn sixteen_without_g(zeros: &[(usize, usize)]) -> String {
    let text = grid(SIXTEEN).to_string().replace('G', ".");
    let mut rows: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    for &(row, col) in zeros {
        assert_eq!(rows[row - 1][col - 1], '.', "({row}, {col}) is empty");
        rows[row - 1][col - 1] = '0';
    }
    rows.iter()
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect()
}

/// A 1-`G` grid with no `G` whose empty cells are `.` but for a `0` or two was read in
/// hexadecimal: the `0` became a given and another puzzle was solved. A `0` that cannot
/// be a hexadecimal digit is now refused, naming it.
#[test]
fn a_zero_among_dots_that_cannot_be_a_hexadecimal_digit_is_refused() {
    let mixed = |zeros: &[(usize, usize)]| super::read_puzzles(&sixteen_without_g(zeros));
    // A lone `0`.
    assert_eq!(
        mixed(&[(2, 9)]),
        Err(SudokuError::MixedEmpty {
            line: 2,
            row: 2,
            col: 9,
            mark: '.',
            why: NotHexadecimal::Alone
        })
    );
    assert_eq!(
        mixed(&[(2, 9)]).unwrap_err().to_string(),
        "line 2, row 2, column 9: `0` for an empty cell where the others are `.`: expected `.` (a lone `0` is not read as the hexadecimal digit 0)"
    );
    // Two in one row, one column or one box: the second is named.
    for (second, line) in [((1, 4), 1), ((6, 1), 6), ((2, 2), 2)] {
        let err = mixed(&[(1, 1), second]).unwrap_err();
        assert_eq!(
            err,
            SudokuError::MixedEmpty {
                line,
                row: second.0,
                col: second.1,
                mark: '.',
                why: NotHexadecimal::Repeated
            }
        );
    }
    assert_eq!(
        mixed(&[(1, 1), (1, 4)]).unwrap_err().to_string(),
        "line 1, row 1, column 4: `0` for an empty cell where the others are `.`: expected `.` (read as the hexadecimal digit 0, it would repeat one in its row, column or box)"
    );
    // Empty cells marked `_` are named so.
    let underscores = sixteen_without_g(&[(2, 9)]).replace('.', "_");
    assert!(super::read_puzzles(&underscores)
        .unwrap_err()
        .to_string()
        .contains("where the others are `_`: expected `_`"));
    // In a grid of one line, the place is counted on the grid.
    let one_line: String = sixteen_without_g(&[(2, 9)]).split_whitespace().collect();
    assert!(super::read_puzzles(&one_line)
        .unwrap_err()
        .to_string()
        .starts_with("line 1, row 2, column 9: `0`"));
}

/// What the rule leaves as it was: `0`s that can be a digit read in hexadecimal, a grid
/// with a `G` or with no `.` reads every `0` as an empty cell.
#[test]
fn zeros_that_can_be_a_hexadecimal_digit_are_read_so() {
    let read = |text: &str| super::read_puzzles(text).unwrap().remove(0);
    let without_g = read(&sixteen_without_g(&[]));
    assert_eq!(without_g.notation, Notation::Characters);
    // Two `0`s apart: the hexadecimal digit 0 (the digit 1), every other digit one more.
    let hex = read(&sixteen_without_g(&[(1, 1), (2, 9)]));
    assert_eq!(hex.notation, Notation::Hexadecimal);
    let shifted: Vec<u8> = without_g
        .grid
        .cells()
        .iter()
        .enumerate()
        .map(|(cell, &d)| match (cell, d) {
            (0 | 24, _) => 1,
            (_, 0) => 0,
            (_, d) => d + 1,
        })
        .collect();
    assert_eq!(hex.grid.cells(), shifted);
    // With a `G`, a `0` is an empty cell, even among `.`.
    let with_g = SIXTEEN.replacen(".7D", "07D", 1);
    assert_eq!(read(&with_g).notation, Notation::Characters);
    assert_eq!(read(&with_g).grid, grid(SIXTEEN));
    // With no `.` nor `_`, every `0` is an empty cell.
    let zeros = sixteen_without_g(&[]).replace('.', "0");
    assert_eq!(read(&zeros).grid, without_g.grid);
}
