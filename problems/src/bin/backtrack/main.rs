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
    coloring, combinations, completions, exact_cover, knapsack, knights_tour, man, merge, model,
    permutations, queens, subset_sum, sudoku,
};
use exit::Status;
use usage::Sub;

/// Backtracking search, shown and fast: N-Queens, sudoku, knapsack, subset sum, graph
/// coloring, knight's tours, permutations, combinations, exact cover and models of one's
/// own, through one engine and the same flags.
// `LAZY`: whether clap builds a subcommand's arguments only once the command line enters
// it (`Sub`), as in the command a run parses with when its first word names a subcommand.
// (Said here, not in the doc comment above, which is the text of the help.)
#[derive(Debug, Parser)]
#[command(name = "backtrack", version, after_help = after_help(LAZY))]
pub struct Cli<const LAZY: bool = false> {
    #[command(subcommand)]
    command: Command<LAZY>,
}

#[derive(Debug, Subcommand)]
enum Command<const LAZY: bool> {
    Queens(Sub<queens::Args, LAZY>),
    Sudoku(Sub<sudoku::Args, LAZY>),
    Knapsack(Sub<knapsack::Args, LAZY>),
    SubsetSum(Sub<subset_sum::Args, LAZY>),
    Permutations(Sub<permutations::Args, LAZY>),
    Combinations(Sub<combinations::Args, LAZY>),
    Coloring(Sub<coloring::Args, LAZY>),
    KnightsTour(Sub<knights_tour::Args, LAZY>),
    ExactCover(Sub<exact_cover::Args, LAZY>),
    Model(Sub<model::Args, LAZY>),
    Merge(Sub<merge::Args, LAZY>),
    Completions(Sub<completions::Args, LAZY>),
    Man(Sub<man::Args, LAZY>),
}

/// The exit statuses, after the help of the whole command. The lazy command goes without:
/// it never shows its own help (a command line whose first word names a subcommand asks
/// for that subcommand's), and making the text is a part of what a short run costs.
fn after_help(lazy: bool) -> clap::builder::Resettable<clap::builder::StyledStr> {
    (!lazy).then(|| exit::after_help().into()).into()
}

fn main() -> ExitCode {
    // Before any thread: it sets the environment MPI starts from.
    #[cfg(feature = "mpi")]
    if std::env::args_os().any(|arg| arg == "--mpi") {
        driver::cluster::prefer_quick_start();
    }
    // A usage error: one line and exit status 2; --help and --version: status 0.
    let cli = match usage::parse::<Cli, Cli<true>>() {
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
    // The signals stop the run from before its input is read: one while a big file is
    // read or a problem is made ends the run as one in the search does.
    let stopper = driver::Stopper::new();
    stopper.listen()?;
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
        Command::Model(args) => model::job(args)?,
        Command::Merge(args) => merge::job(args),
        Command::Completions(args) => completions::job(args, Cli::<false>::command()),
        Command::Man(args) => man::job(args, Cli::<false>::command())?,
    };
    driver::run(job, stopper)
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// clap's own consistency checks (argument ids named in conflicts and groups exist, …)
    /// over every subcommand, not only the ones a test happens to run.
    #[test]
    fn the_command_line_is_consistent() {
        super::Cli::<false>::command().debug_assert();
        super::Cli::<true>::command().debug_assert();
    }

    /// The command a run parses with when it names its subcommand, which builds only that
    /// subcommand's arguments, takes the same command lines as the whole one, to the same
    /// values, the same help and the same errors.
    #[test]
    fn the_lazy_command_line_is_the_whole_one() {
        use clap::FromArgMatches;
        let parsed = |command: clap::Command, line: &[&str]| {
            command
                .try_get_matches_from(std::iter::once("backtrack").chain(line.iter().copied()))
                .and_then(|matches| super::Cli::<false>::from_arg_matches(&matches))
                .map(|cli| format!("{cli:?}"))
                .map_err(|err| (err.kind(), err.render().to_string()))
        };
        let mut lines: Vec<Vec<&str>> = vec![
            vec!["queens", "8", "--count", "--threads", "2"],
            vec!["queens", "6", "--format", "board", "--glyphs", "Qx"],
            vec!["queens", "6", "--nosuch"],
            vec!["queens", "6", "--count", "--count"],
            vec!["sudoku", "--first", "--stats"],
            vec!["knapsack", "--capacity", "x"],
            vec!["subset-sum", "--target", "5", "1", "2", "3"],
            vec!["coloring"],
            vec!["exact-cover", "--generate", "queens", "4"],
            vec!["exact-cover", "puzzle.txt", "--count", "--tree"],
            vec!["merge", "a", "b"],
            vec!["completions", "bash"],
        ];
        let eager = super::Cli::<false>::command();
        let names: Vec<&str> = eager
            .get_subcommands()
            .map(clap::Command::get_name)
            .collect();
        for name in &names {
            lines.push(vec![name, "--help"]);
            lines.push(vec![name, "-h"]);
        }
        for line in &lines {
            assert_eq!(
                parsed(super::Cli::<true>::command(), line),
                parsed(super::Cli::<false>::command(), line),
                "{line:?}"
            );
        }
    }
}
