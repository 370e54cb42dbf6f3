//! What each subcommand does, once its arguments are parsed.

use std::process::ExitCode;

use anyhow::Result;

use crate::cli::{Cli, Command, QueensArgs};
use crate::queens_cli;

pub fn run(cli: &Cli) -> Result<ExitCode> {
    match &cli.command {
        Command::Queens(args) => queens(args),
    }
}

fn queens(args: &QueensArgs) -> Result<ExitCode> {
    queens_cli::run(args)
}
