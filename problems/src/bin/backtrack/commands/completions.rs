//! `backtrack completions SHELL`: shell completions, generated from the same clap
//! definitions as the parser.

use clap::Command;
use clap_complete::Shell;

use crate::driver::{Job, Settings};

/// Print a shell completion script.
///
/// Install it where your shell looks, such as
/// `backtrack completions bash > ~/.local/share/bash-completion/completions/backtrack`,
/// `backtrack completions zsh > ~/.zfunc/_backtrack` or
/// `backtrack completions fish > ~/.config/fish/completions/backtrack.fish`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The shell.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// What `backtrack completions` asks for: the script for the shell, of the command line
/// `cli`.
pub fn job(args: &Args, mut cli: Command) -> Job<'static> {
    let shell = args.shell;
    Job::write(Settings::plain(false), move |_| {
        let mut script = Vec::new();
        clap_complete::generate(shell, &mut cli, "backtrack", &mut script);
        Ok(script)
    })
}
