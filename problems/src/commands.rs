//! What each subcommand does, once its arguments are parsed.

use std::process::ExitCode;

use anyhow::Result;
use backtrack_problems::queens::Queens;

use crate::cli::{Cli, Command, QueensArgs};
use crate::queens_cli;
use crate::tree_cli;
use crate::{knapsack_cli, subset_sum_cli, sudoku_cli};

pub fn run(cli: &Cli) -> Result<ExitCode> {
    match &cli.command {
        Command::Queens(args) => queens(args),
        Command::Sudoku(args) => sudoku_cli::run(args),
        Command::Knapsack(args) => knapsack_cli::run(args),
        Command::SubsetSum(args) => subset_sum_cli::run(args),
    }
}

fn queens(args: &QueensArgs) -> Result<ExitCode> {
    if args.tree.tree {
        let solutions = if args.first { Some(1) } else { args.limit };
        return tree_cli::print_tree(Queens::new(args.n), &args.tree, solutions, args.stats);
    }
    queens_cli::run(args)
}
