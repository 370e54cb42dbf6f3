//! Sudoku throughput: our solver (`backtrack_problems::sudoku`, run by the generic engine)
//! beside the `sudoku` crate on the same puzzles, in one group: 50 ordinary puzzles
//! (`benches/sudoku/ordinary.sudoku`) and the 95 hard ones of top95
//! (`benches/sudoku/top95.sudoku`). One iteration solves the whole set; every solution is
//! checked inside the timed closure against the one the `sudoku` crate proved unique before
//! the timing, so a wrong answer cannot be timed.

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use backtrack::Search;
use backtrack_problems::sudoku::{puzzles, Grid, Sudoku};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

/// The puzzles of a file under `benches/sudoku/`, each with its unique solution (found by the
/// `sudoku` crate, checked by ours) and the puzzle as the `sudoku` crate reads it.
fn set(name: &str) -> Vec<(Grid, Grid, sudoku::Sudoku)> {
    let path = format!("{}/benches/sudoku/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("a puzzle file");
    puzzles(&text)
        .expect("puzzles")
        .into_iter()
        .map(|grid| {
            let theirs = sudoku::Sudoku::from_bytes_slice(grid.cells()).expect("81 cells");
            let solution = theirs.solution().expect("one solution").to_bytes();
            let solution = Grid::new(3, solution.to_vec()).expect("a 9×9 grid");
            assert!(solution.is_solved() && solution.extends(&grid));
            (grid, solution, theirs)
        })
        .collect()
}

fn solving(c: &mut Criterion) {
    let mut group = c.benchmark_group("sudoku");
    group.sample_size(20);
    for name in ["ordinary", "top95"] {
        let puzzles = set(&format!("{name}.sudoku"));
        group.bench_with_input(
            BenchmarkId::new("backtrack", name),
            &puzzles,
            |b, puzzles| {
                b.iter(|| {
                    for (grid, solution, _) in black_box(puzzles) {
                        let sudoku = Sudoku::new(grid).expect("consistent");
                        let found = Search::new(sudoku).next().expect("solvable");
                        assert_eq!(&found, solution);
                    }
                });
            },
        );
        group.bench_with_input(
            BenchmarkId::new("sudoku crate", name),
            &puzzles,
            |b, puzzles| {
                b.iter(|| {
                    for (_, solution, theirs) in black_box(puzzles) {
                        let found = theirs.some_solution().expect("solvable");
                        assert_eq!(found.to_bytes()[..], *solution.cells());
                    }
                });
            },
        );
    }
    group.finish();
}

criterion_group!(benches, solving);
criterion_main!(benches);
