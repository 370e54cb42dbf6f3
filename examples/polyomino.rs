//! A polyomino tiling as exact cover, built with the library's `Builder`: the tetrominoes
//! I, L, O and S, and a second L (`J`), in a 4×5 rectangle.
//!
//! Each piece is a primary item (used exactly once), and so is each cell of the rectangle
//! (covered exactly once). An option is one placement of a piece: the piece and the four
//! cells it covers, for every way the piece may be turned or flipped and every
//! place it fits. Algorithm X then finds the tilings; the first is printed as a grid of
//! the pieces' letters, and the tilings are counted.
//!
//! `cargo run --example polyomino`

use backtrack::Search;
use backtrack_problems::exact_cover::Builder;

/// The pieces: a name and the cells of one orientation, `(row, column)`.
const PIECES: [(&str, &[(i32, i32)]); 5] = [
    ("I", &[(0, 0), (0, 1), (0, 2), (0, 3)]),
    ("L", &[(0, 0), (1, 0), (2, 0), (2, 1)]),
    ("J", &[(0, 0), (1, 0), (2, 0), (2, 1)]),
    ("O", &[(0, 0), (0, 1), (1, 0), (1, 1)]),
    ("S", &[(0, 1), (0, 2), (1, 0), (1, 1)]),
];

const ROWS: i32 = 4;
const COLS: i32 = 5;

/// The distinct orientations of a piece: turned by quarter turns and flipped, each moved
/// to row and column 0 and its cells sorted.
fn orientations(cells: &[(i32, i32)]) -> Vec<Vec<(i32, i32)>> {
    let mut all: Vec<Vec<(i32, i32)>> = Vec::new();
    let mut shape = cells.to_vec();
    for flip in 0..2 {
        for _ in 0..4 {
            shape = shape.iter().map(|&(r, c)| (c, -r)).collect();
            let top = shape.iter().map(|&(r, _)| r).min().unwrap();
            let left = shape.iter().map(|&(_, c)| c).min().unwrap();
            let mut moved: Vec<(i32, i32)> =
                shape.iter().map(|&(r, c)| (r - top, c - left)).collect();
            moved.sort_unstable();
            if !all.contains(&moved) {
                all.push(moved);
            }
        }
        if flip == 0 {
            shape = shape.iter().map(|&(r, c)| (r, -c)).collect();
        }
    }
    all
}

fn cell(r: i32, c: i32) -> String {
    format!("r{r}c{c}")
}

fn main() {
    let pieces = PIECES.iter().map(|&(name, _)| name.to_string());
    let cells = (0..ROWS).flat_map(|r| (0..COLS).map(move |c| cell(r, c)));
    let mut builder = Builder::new(pieces.chain(cells), [] as [&str; 0]).unwrap();
    // What each option places: the piece's letter and its cells.
    let mut placements: Vec<(&str, Vec<(i32, i32)>)> = Vec::new();
    for (name, shape) in PIECES {
        for orientation in orientations(shape) {
            for top in 0..ROWS {
                for left in 0..COLS {
                    let placed: Vec<(i32, i32)> = orientation
                        .iter()
                        .map(|&(r, c)| (r + top, c + left))
                        .collect();
                    if placed.iter().any(|&(r, c)| r >= ROWS || c >= COLS) {
                        continue;
                    }
                    let mut items = vec![name.to_string()];
                    items.extend(placed.iter().map(|&(r, c)| cell(r, c)));
                    builder.option(items).unwrap();
                    placements.push((name, placed));
                }
            }
        }
    }
    let problem = builder.build();
    println!(
        "{} items, {} options (placements)",
        problem.items(),
        problem.options()
    );
    let first = Search::new(problem.clone())
        .next()
        .expect("the rectangle can be tiled");
    let mut grid = vec![vec!['.'; COLS as usize]; ROWS as usize];
    for &k in &first {
        let (name, cells) = &placements[k];
        for &(r, c) in cells {
            assert_eq!(grid[r as usize][c as usize], '.', "a cell covered twice");
            grid[r as usize][c as usize] = name.chars().next().unwrap();
        }
    }
    println!("the first tiling:");
    for row in &grid {
        println!("{}", row.iter().collect::<String>());
    }
    assert!(
        grid.iter().flatten().all(|&c| c != '.'),
        "a cell left empty"
    );
    let count = Search::new(problem).count_solutions();
    // The L and the J are the same piece: each tiling is found twice, once with the two swapped.
    assert_eq!(count.found % 2, 0);
    println!(
        "{} tilings ({} with the L and the J told apart), {} nodes",
        count.found / 2,
        count.found,
        count.stats.nodes
    );
}

#[test]
fn test() {
    main();
}
