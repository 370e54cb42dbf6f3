//! Makes `benches/sudoku/hard1000.sudoku`: the hardest of many random minimal 9×9
//! sudokus, for the exact cover benchmark (scripts/bench_exact_cover.py), the same file
//! from the same seed on every machine.
//!
//! Each candidate is a random solved grid (the `sudoku` crate's generator, on a seeded
//! ChaCha RNG) with its cells emptied in random order as long as the puzzle keeps one
//! solution: a minimal puzzle, no given can go. Its hardness is the nodes of Algorithm X
//! counting its solutions (`backtrack exact-cover`'s search of `--generate sudoku`). The
//! `KEEP` hardest (the earlier candidate among equals) are printed in the order made.
//!
//! ```text
//! cargo run --release --example hard_sudokus -- [CANDIDATES [KEEP [SEED]]] > benches/sudoku/hard1000.sudoku
//! ```
//!
//! The defaults (200,000 candidates, 1,000 kept, seed 1) make the file in the repository,
//! in about a minute.

use std::io::{self, Write};

use backtrack::Search;
use backtrack_problems::exact_cover::generate;
use backtrack_problems::sudoku::read_puzzles;
use rand::rngs::StdRng;
use rand::SeedableRng;
use sudoku::{Sudoku, Symmetry};

/// The candidates made, the puzzles kept, the seed: the file in the repository.
const DEFAULTS: [u64; 3] = [200_000, 1_000, 1];

/// A random minimal puzzle: `(its line of 81 cells, '.' for an empty one, its nodes)`.
fn candidate(rng: &mut StdRng) -> (String, u64) {
    let solved = Sudoku::generate_solved_with_rng(rng);
    let puzzle = Sudoku::generate_with_symmetry_and_rng_from(solved, Symmetry::None, rng);
    let line = puzzle.to_str_line().to_string();
    let nodes = nodes(&line);
    (line, nodes)
}

/// The nodes of Algorithm X counting the solutions of the puzzle `line`, which has one.
fn nodes(line: &str) -> u64 {
    let puzzles = read_puzzles(line).expect("a puzzle of 81 cells");
    let problem = generate::sudoku(&puzzles[0].grid)
        .expect("a 9×9 grid")
        .problem;
    let outcome = Search::new(problem).count_solutions();
    assert_eq!(outcome.found, 1, "{line} has one solution");
    outcome.stats.nodes
}

/// The `keep` hardest of `candidates` puzzles made from `seed`, in the order made, each
/// with its nodes.
fn hardest(candidates: u64, keep: usize, seed: u64) -> Vec<(String, u64)> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut made: Vec<(usize, String, u64)> = (0..candidates)
        .enumerate()
        .map(|(k, _)| {
            let (line, nodes) = candidate(&mut rng);
            (k, line, nodes)
        })
        .collect();
    made.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
    made.truncate(keep);
    made.sort_by_key(|&(k, _, _)| k);
    made.into_iter()
        .map(|(_, line, nodes)| (line, nodes))
        .collect()
}

fn main() {
    match run() {
        // A closed pipe (`| head`) ends the run quietly.
        Err(err) if err.kind() != io::ErrorKind::BrokenPipe => {
            eprintln!("hard_sudokus: cannot write the output: {err}");
            std::process::exit(4);
        }
        _ => {}
    }
}

fn run() -> io::Result<()> {
    let mut given = DEFAULTS;
    for (k, arg) in std::env::args().skip(1).enumerate().take(3) {
        given[k] = arg.parse().unwrap_or_else(|_| {
            eprintln!("hard_sudokus: `{arg}` is not a whole number (CANDIDATES KEEP SEED)");
            std::process::exit(2)
        });
    }
    let [candidates, keep, seed] = given;
    let kept = hardest(candidates, keep as usize, seed);
    let total: u64 = kept.iter().map(|(_, nodes)| nodes).sum();
    let least = kept.iter().map(|&(_, nodes)| nodes).min().unwrap_or(0);
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "# {} hard sudokus: the hardest of {candidates} random minimal puzzles (seed {seed}),",
        kept.len()
    )?;
    writeln!(
        out,
        "# by the nodes of Algorithm X counting their one solution ({least} at least, {total} in all)."
    )?;
    writeln!(
        out,
        "# Made by scripts/hard_sudokus.rs: cargo run --release --example hard_sudokus"
    )?;
    for (line, _) in &kept {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{hardest, nodes};

    /// The puzzles kept are the hardest, each minimal: one solution, and more once any
    /// given goes.
    #[test]
    fn the_hardest_minimal_puzzles_are_kept() {
        let all = hardest(12, 12, 7);
        let kept = hardest(12, 3, 7);
        let mut least = all.iter().map(|&(_, nodes)| nodes).collect::<Vec<_>>();
        least.sort_unstable();
        assert!(kept.iter().all(|&(_, nodes)| nodes >= least[9]));
        for (line, _) in &kept {
            assert_eq!(line.len(), 81);
            let givens: Vec<usize> = (0..81).filter(|&i| line.as_bytes()[i] != b'.').collect();
            for &i in &givens {
                let mut fewer = line.clone().into_bytes();
                fewer[i] = b'.';
                let fewer = String::from_utf8(fewer).unwrap();
                let puzzles = backtrack_problems::sudoku::read_puzzles(&fewer).unwrap();
                let problem = backtrack_problems::exact_cover::generate::sudoku(&puzzles[0].grid)
                    .unwrap()
                    .problem;
                assert!(
                    backtrack::Search::new(problem).take(2).count() == 2,
                    "{line}: {i}"
                );
            }
            assert!(nodes(line) > 0);
        }
    }
}
