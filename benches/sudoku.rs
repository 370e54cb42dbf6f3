//! Sudoku throughput: our solver (`backtrack_problems::sudoku`, run by the generic engine)
//! beside the `sudoku` crate on the same puzzles, in one group: 50 ordinary puzzles
//! (`benches/sudoku/ordinary.sudoku`) and the 95 hard ones of top95
//! (`benches/sudoku/top95.sudoku`); and, as a third, the 9×9 formulation the library had
//! before singles and locked candidates were propagated (module `before`), run by the same
//! engine. One iteration solves the whole set; every solution is checked inside the timed
//! closure against the one the `sudoku` crate proved unique before the timing, so a wrong
//! answer cannot be timed. Then a table of ours against the crate timed alternately, the
//! fastest of many passes each (steadier than criterion's means on a loaded machine).

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Instant;

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
            BenchmarkId::new("backtrack before propagation", name),
            &puzzles,
            |b, puzzles| {
                b.iter(|| {
                    for (grid, solution, _) in black_box(puzzles) {
                        let sudoku = before::Sudoku::new(grid.cells());
                        let found = Search::new(sudoku).next().expect("solvable");
                        assert_eq!(found[..], *solution.cells());
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

/// The 9×9 sudoku as the library formulated it before propagation: the state is the grid
/// and the digits used by each row, column and box; the search range the candidates of the
/// most constrained empty cell; nothing else is deduced.
mod before {
    use backtrack::Problem;

    #[derive(Clone, Copy)]
    pub struct Placement {
        cell: u8,
        digit: u8,
    }

    /// The candidates of one cell, smallest first.
    pub struct Candidates {
        cell: u8,
        mask: u16,
    }

    impl Iterator for Candidates {
        type Item = Placement;

        fn next(&mut self) -> Option<Placement> {
            if self.mask == 0 {
                return None;
            }
            let digit = self.mask.trailing_zeros() as u8;
            self.mask &= self.mask - 1;
            Some(Placement {
                cell: self.cell,
                digit,
            })
        }
    }

    #[derive(Clone)]
    pub struct Sudoku {
        grid: [u8; 81],
        rows: [u16; 9],
        cols: [u16; 9],
        boxes: [u16; 9],
        empty: usize,
    }

    fn box_of(cell: usize) -> usize {
        cell / 27 * 3 + cell % 9 / 3
    }

    impl Sudoku {
        /// The puzzle of 81 cells (givens consistent: checked by the caller).
        pub fn new(cells: &[u8]) -> Self {
            let mut sudoku = Sudoku {
                grid: [0; 81],
                rows: [0; 9],
                cols: [0; 9],
                boxes: [0; 9],
                empty: 81,
            };
            for (cell, &digit) in cells.iter().enumerate() {
                if digit != 0 {
                    sudoku.apply(Placement {
                        cell: cell as u8,
                        digit,
                    });
                }
            }
            sudoku
        }

        fn candidates(&self, cell: usize) -> u16 {
            let used = self.rows[cell / 9] | self.cols[cell % 9] | self.boxes[box_of(cell)];
            !used & 0b11_1111_1110
        }

        fn toggle(&mut self, Placement { cell, digit }: Placement) {
            let cell = usize::from(cell);
            let bit = 1 << digit;
            self.rows[cell / 9] ^= bit;
            self.cols[cell % 9] ^= bit;
            self.boxes[box_of(cell)] ^= bit;
        }
    }

    impl Problem for Sudoku {
        type Op = Placement;
        type Ops = Candidates;
        type Solution = [u8; 81];

        fn operators(&self) -> Candidates {
            let mut best = Candidates { cell: 0, mask: 0 };
            let mut fewest = u32::MAX;
            for cell in 0..81 {
                if self.grid[cell] != 0 {
                    continue;
                }
                let mask = self.candidates(cell);
                let count = mask.count_ones();
                if count < fewest {
                    fewest = count;
                    best = Candidates {
                        cell: cell as u8,
                        mask,
                    };
                    if count <= 1 {
                        break;
                    }
                }
            }
            best
        }

        fn apply(&mut self, placement: Placement) {
            self.grid[usize::from(placement.cell)] = placement.digit;
            self.toggle(placement);
            self.empty -= 1;
        }

        fn undo(&mut self, placement: Placement) {
            self.grid[usize::from(placement.cell)] = 0;
            self.toggle(placement);
            self.empty += 1;
        }

        fn is_complete(&self) -> bool {
            self.empty == 0
        }

        fn solution(&self) -> [u8; 81] {
            self.grid
        }
    }
}

/// After criterion's group, on a loaded machine the steadier figure: ours and the crate
/// timed alternately, [`PASSES`] passes over each set, and the fastest pass of each (the
/// one least disturbed), with their ratio (ours over the crate's).
fn alternately(_: &mut Criterion) {
    println!("\nsudoku: the fastest of {PASSES} passes each, ours and the crate alternately");
    println!("| puzzles | backtrack µs | sudoku crate µs | ratio |");
    println!("|---|---|---|---|");
    for name in ["ordinary", "top95"] {
        let puzzles = set(&format!("{name}.sudoku"));
        let (mut ours, mut theirs) = (f64::MAX, f64::MAX);
        for _ in 0..PASSES {
            let start = Instant::now();
            for (grid, solution, _) in black_box(&puzzles) {
                let sudoku = Sudoku::new(grid).expect("consistent");
                let found = Search::new(sudoku).next().expect("solvable");
                assert_eq!(&found, solution);
            }
            ours = ours.min(start.elapsed().as_secs_f64());
            let start = Instant::now();
            for (_, solution, theirs) in black_box(&puzzles) {
                let found = theirs.some_solution().expect("solvable");
                assert_eq!(found.to_bytes()[..], *solution.cells());
            }
            theirs = theirs.min(start.elapsed().as_secs_f64());
        }
        println!(
            "| {name} | {:.1} | {:.1} | {:.3} |",
            ours * 1e6,
            theirs * 1e6,
            ours / theirs
        );
    }
}

/// The passes over each set that [`alternately`] times.
const PASSES: usize = 2000;

criterion_group!(benches, solving, alternately);
criterion_main!(benches);
