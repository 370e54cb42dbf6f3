//! `backtrack`: the command-line tool. See `backtrack --help`.

/// `eprintln!` that ignores a failed write: stderr closed (`2>&1 >/dev/null | head -1`) or
/// full. Diagnostics are best-effort; `eprintln!` would panic, aborting a run whose answer
/// is already out.
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod cli;
mod commands;
mod input;
mod interrupt;
mod knapsack_cli;
mod queens_cli;
mod report;
mod subset_sum_cli;
mod sudoku_cli;
mod tree_cli;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match commands::run(&args) {
        Ok(code) => code,
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            let _ = io::stdout().flush();
            note!("backtrack: error: {err:#}");
            ExitCode::from(2)
        }
    }
}

/// Output to a closed pipe (`backtrack queens 100 | head`) ends the program quietly.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
