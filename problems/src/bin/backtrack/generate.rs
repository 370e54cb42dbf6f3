//! `backtrack completions SHELL` and `backtrack man`: shell completions and the manual
//! page, generated from the same clap definitions as the parser.

use std::io::Write;

use anyhow::Result;
use clap::{Args, CommandFactory};
use clap_complete::Shell;

use crate::driver::{open_output, OutputError};
use crate::exit::Status;
use crate::Cli;

/// Print a shell completion script.
///
/// Install it where your shell looks, such as
/// `backtrack completions bash > ~/.local/share/bash-completion/completions/backtrack`,
/// `backtrack completions zsh > ~/.zfunc/_backtrack` or
/// `backtrack completions fish > ~/.config/fish/completions/backtrack.fish`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Print a manual page (roff), such as `backtrack man > backtrack.1; man ./backtrack.1`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// The page of a subcommand (backtrack-queens(1), …) instead of the tool's.
    #[arg(value_name = "SUBCOMMAND", value_parser = ["queens", "sudoku", "knapsack", "subset-sum", "completions"])]
    pub subcommand: Option<String>,
}

/// Runs `backtrack completions`.
pub fn completions(args: &CompletionsArgs) -> Result<Status> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "backtrack", &mut script);
    write(&script)
}

/// Runs `backtrack man`.
pub fn man(args: &ManArgs) -> Result<Status> {
    let mut command = Cli::command();
    if let Some(name) = &args.subcommand {
        let page: &'static str = match name.as_str() {
            "queens" => "backtrack-queens",
            "sudoku" => "backtrack-sudoku",
            "knapsack" => "backtrack-knapsack",
            "subset-sum" => "backtrack-subset-sum",
            _ => "backtrack-completions",
        };
        command = command
            .find_subcommand(name)
            .cloned()
            .ok_or_else(|| anyhow::anyhow!("no subcommand {name}"))?
            .name(page);
    }
    let mut page = Vec::new();
    clap_mangen::Man::new(command).render(&mut page)?;
    write(&page)
}

fn write(bytes: &[u8]) -> Result<Status> {
    let mut out = open_output()?;
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(OutputError)?;
    Ok(Status::Success)
}
