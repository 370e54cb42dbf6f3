//! `backtrack sudoku`: solve, list or count the solutions of a puzzle.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use anyhow::{anyhow, Result};
use backtrack::{Limits, Search};
use backtrack_problems::sudoku::{Grid, Sudoku};

use crate::cli::SudokuArgs;
use crate::input;
use crate::interrupt::cancel_on_ctrl_c;
use crate::report;
use crate::tree_cli;

/// Reads and checks the puzzle: a malformed grid or a repeated given is an error naming
/// the input and the place.
fn puzzle(path: &str) -> Result<Sudoku> {
    let input = input::read(path)?;
    let grid: Grid = input
        .text
        .parse()
        .map_err(|err| anyhow!("{}: {err}", input.name))?;
    Sudoku::new(grid).map_err(|err| anyhow!("{}: {err}", input.name))
}

/// Runs `backtrack sudoku`.
pub fn run(args: &SudokuArgs) -> Result<ExitCode> {
    let sudoku = puzzle(&args.file)?;
    // The first solution, unless --all or --limit ask for more.
    let wanted = if args.all {
        args.limit
    } else {
        Some(args.limit.unwrap_or(1))
    };
    if args.tree.tree {
        return tree_cli::print_tree(sudoku, &args.tree, wanted, args.stats);
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut limits = Limits::none().cancel(cancel_on_ctrl_c());
    if args.count {
        if let Some(k) = args.limit {
            limits = limits.solutions(k);
        }
        let outcome = Search::new(sudoku).limits(limits).count_solutions();
        return report::count(&mut out, &outcome, args.stats);
    }
    if let Some(k) = wanted {
        limits = limits.solutions(k);
    }
    let mut search = Search::new(sudoku).limits(limits);
    report::list(
        &mut out,
        &mut search,
        "solutions",
        args.stats,
        |out, before, grid| {
            if before > 0 {
                writeln!(out)?;
            }
            write!(out, "{grid}")
        },
    )
}
