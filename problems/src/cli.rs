//! The command line, as clap-derive types. Doc comments are the help text.

use clap::{Args, Parser, Subcommand};

use crate::tree_cli::TreeArgs;

/// Backtracking search, shown and fast.
#[derive(Debug, Parser)]
#[command(name = "backtrack", version, about, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// N-Queens: place N queens on an N×N board, no two attacking each other.
    Queens(QueensArgs),
}

#[derive(Debug, Args)]
pub struct QueensArgs {
    /// The board size N (at least 1).
    #[arg(value_parser = clap::value_parser!(u32).range(1..))]
    pub n: u32,

    /// Print only the number of solutions.
    #[arg(long, conflicts_with_all = ["first", "limit"])]
    pub count: bool,

    /// Print only the first solution, or "no solution" (exit status 1).
    #[arg(long)]
    pub first: bool,

    /// Stop after printing K solutions.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,

    /// Print the search statistics to stderr.
    #[arg(long)]
    pub stats: bool,

    #[command(flatten)]
    pub tree: TreeArgs,
}
