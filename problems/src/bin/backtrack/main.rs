//! `backtrack`: backtracking search from the command line. See `backtrack --help`.
//!
//! `main` parses the command line and dispatches to one file per subcommand in
//! [`commands`], each with the same two parts: its `Args` (what it accepts) and `job`
//! (parse the input into a problem, say how a solution prints and what names the search).
//! The [`driver`] runs every job the same way; it knows no subcommand.

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
mod commands;
mod driver;
mod exit;
mod input;
mod usage;

use std::process::ExitCode;

use anyhow::Result;
use clap::{CommandFactory, Parser, Subcommand};

use commands::{
    coloring, combinations, completions, exact_cover, knapsack, knights_tour, man, merge,
    permutations, queens, subset_sum, sudoku,
};
use exit::Status;

/// Backtracking search, shown and fast: N-Queens, sudoku, knapsack, subset sum, graph
/// coloring, knight's tours, permutations, combinations and exact cover, through one
/// engine and the same flags.
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
    Permutations(permutations::Args),
    Combinations(combinations::Args),
    Coloring(coloring::Args),
    KnightsTour(knights_tour::Args),
    ExactCover(exact_cover::Args),
    Merge(merge::Args),
    Completions(completions::Args),
    Man(man::Args),
}

fn main() -> ExitCode {
    // Before any thread: it sets the environment MPI starts from.
    #[cfg(feature = "mpi")]
    if std::env::args_os().any(|arg| arg == "--mpi") {
        driver::cluster::prefer_quick_start();
    }
    // A usage error: one line and exit status 2; --help and --version: status 0.
    let cli = match usage::parse::<Cli>() {
        Ok(cli) => cli,
        Err(status) => return status.into(),
    };
    match run(&cli) {
        Ok(status) => status.into(),
        Err(err) => exit::report(&err).into(),
    }
}

/// The subcommand's job, run by the driver.
fn run(cli: &Cli) -> Result<Status> {
    let job = match &cli.command {
        Command::Queens(args) => queens::job(args)?,
        Command::Sudoku(args) => sudoku::job(args)?,
        Command::Knapsack(args) => knapsack::job(args)?,
        Command::SubsetSum(args) => subset_sum::job(args)?,
        Command::Permutations(args) => permutations::job(args)?,
        Command::Combinations(args) => combinations::job(args)?,
        Command::Coloring(args) => coloring::job(args)?,
        Command::KnightsTour(args) => knights_tour::job(args)?,
        Command::ExactCover(args) => exact_cover::job(args)?,
        Command::Merge(args) => merge::job(args),
        Command::Completions(args) => completions::job(args, Cli::command()),
        Command::Man(args) => man::job(args, Cli::command())?,
    };
    driver::run(job)
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
