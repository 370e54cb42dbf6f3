//! What each subcommand does, once its arguments are parsed.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use anyhow::Result;
use backtrack::{Limits, Search, Stats};
use backtrack_problems::queens::Queens;

use crate::cli::{Cli, Command, QueensArgs};
use crate::tree_cli;

pub fn run(cli: &Cli) -> Result<ExitCode> {
    match &cli.command {
        Command::Queens(args) => queens(args),
    }
}

fn queens(args: &QueensArgs) -> Result<ExitCode> {
    let n = args.n as usize;
    if args.tree.tree {
        let solutions = if args.first { Some(1) } else { args.limit };
        return tree_cli::print_tree(Queens::new(n), &args.tree, solutions, args.stats);
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let problem = Queens::new(n);
    let mut code = ExitCode::SUCCESS;
    let stats = if args.count {
        let outcome = Search::new(problem).count_solutions();
        writeln!(out, "{}", outcome.found)?;
        outcome.stats
    } else {
        let limit = if args.first { Some(1) } else { args.limit };
        let mut limits = Limits::none();
        if let Some(k) = limit {
            limits = limits.solutions(k);
        }
        let mut search = Search::new(problem).limits(limits);
        let mut index = 0u64;
        for solution in search.by_ref() {
            index += 1;
            write_numbered(&mut out, index, &solution)?;
        }
        if args.first && index == 0 {
            writeln!(out, "no solution")?;
            code = ExitCode::from(1);
        }
        *search.stats()
    };
    out.flush()?;
    if args.stats {
        print_stats(&stats);
    }
    Ok(code)
}

/// Seed 004's format: the solution's number on a line, then line i the 1-based column of
/// row i's queen.
fn write_numbered(out: &mut impl Write, index: u64, cols: &[usize]) -> io::Result<()> {
    writeln!(out, "{index}")?;
    for col in cols {
        writeln!(out, "{}", col + 1)?;
    }
    Ok(())
}

fn print_stats(stats: &Stats) {
    eprintln!("{stats}");
}
