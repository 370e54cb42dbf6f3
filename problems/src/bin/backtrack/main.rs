//! `backtrack`: backtracking search from the command line. See `backtrack --help`.
//!
//! `main` parses the command line and dispatches to one file per subcommand, each with
//! the same two parts: its `Args` (what it accepts) and `exec` (parse the input into a
//! problem, pick the mode, say how a solution prints, and hand it to the [`driver`]).
//! The driver runs every search the same way; it knows no subcommand.

/// `eprintln!` that ignores a failed write: stderr closed (`2>&1 >/dev/null | head -1`) or
/// full. Diagnostics are best-effort; `eprintln!` would panic, aborting a run whose answer
/// is already out.
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod args;
mod coloring;
mod driver;
mod exit;
mod generate;
mod input;
mod knapsack;
mod knights_tour;
mod merge;
mod permutations;
mod queens;
mod subset_sum;
mod sudoku;
mod usage;

use std::process::ExitCode;

use anyhow::Result;
use clap::{Parser, Subcommand};

use exit::Status;

/// Backtracking search, shown and fast: N-Queens, sudoku, knapsack, subset sum, graph
/// coloring, knight's tours, permutations and combinations, through one engine and the
/// same flags.
#[derive(Debug, Parser)]
#[command(name = "backtrack", version, after_help = exit::after_help())]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Queens(queens::Args),
    Sudoku(sudoku::Args),
    Knapsack(knapsack::Args),
    SubsetSum(subset_sum::Args),
    Permutations(permutations::PermutationsArgs),
    Combinations(permutations::CombinationsArgs),
    Coloring(coloring::Args),
    KnightsTour(knights_tour::Args),
    Merge(merge::Args),
    Completions(generate::CompletionsArgs),
    Man(generate::ManArgs),
}

fn main() -> ExitCode {
    // Before any thread: it sets the environment MPI starts from.
    #[cfg(feature = "mpi")]
    if std::env::args_os().any(|arg| arg == "--mpi") {
        driver::cluster::prefer_quick_start();
    }
    // A usage error: one line and exit status 2; --help and --version: status 0.
    let cli = match usage::parse() {
        Ok(cli) => cli,
        Err(status) => return status.into(),
    };
    match run(&cli) {
        Ok(status) => status.into(),
        Err(err) => exit::report(&err).into(),
    }
}

fn run(cli: &Cli) -> Result<Status> {
    match &cli.command {
        Command::Queens(args) => queens::exec(args),
        Command::Sudoku(args) => sudoku::exec(args),
        Command::Knapsack(args) => knapsack::exec(args),
        Command::SubsetSum(args) => subset_sum::exec(args),
        Command::Permutations(args) => permutations::exec_permutations(args),
        Command::Combinations(args) => permutations::exec_combinations(args),
        Command::Coloring(args) => coloring::exec(args),
        Command::KnightsTour(args) => knights_tour::exec(args),
        Command::Merge(args) => merge::exec(args),
        Command::Completions(args) => generate::completions(args),
        Command::Man(args) => generate::man(args),
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// clap's own consistency checks (argument ids named in conflicts and groups exist, …)
    /// over every subcommand, not only the ones a test happens to run.
    #[test]
    fn the_command_line_is_consistent() {
        super::Cli::command().debug_assert();
    }
}
