//! How a counting or listing run ends, the same for every subcommand: the answer on stdout
//! (marked partial when Ctrl-C stopped it), then notes and statistics on stderr, and the
//! exit status.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use backtrack::{Observer, Outcome, Problem, Search, StopReason};

use crate::interrupt::INTERRUPTED;

/// Prints a count: the number (`N (partial: cancelled)` after Ctrl-C), a note if a
/// solution budget (`--limit`) stopped it, and the statistics if asked. Exit status 0, or
/// 130 after Ctrl-C.
pub fn count(out: &mut impl Write, outcome: &Outcome<u64>, stats: bool) -> Result<ExitCode> {
    let cancelled = outcome.stopped == Some(StopReason::Cancelled);
    if cancelled {
        writeln!(out, "{} (partial: cancelled)", outcome.found)?;
    } else {
        writeln!(out, "{}", outcome.found)?;
    }
    out.flush()?;
    if outcome.stopped == Some(StopReason::SolutionLimit) {
        note!(
            "backtrack: stopped at --limit {}: there may be more solutions",
            outcome.found
        );
    }
    if cancelled {
        note!("backtrack: cancelled: the count is partial");
    }
    if stats {
        note!("{}", outcome.stats);
    }
    Ok(if cancelled {
        ExitCode::from(INTERRUPTED)
    } else {
        ExitCode::SUCCESS
    })
}

/// Lists the solutions of `search`, each written by `write` (given how many came before
/// it), then `no solution` if there was none (exit status 1), a note naming how many
/// `things` were listed if Ctrl-C stopped it (exit status 130), and the statistics if
/// asked.
pub fn list<P, O, W>(
    out: &mut W,
    search: &mut Search<P, O>,
    things: &str,
    stats: bool,
    mut write: impl FnMut(&mut W, u64, P::Solution) -> io::Result<()>,
) -> Result<ExitCode>
where
    P: Problem,
    O: Observer<P>,
    W: Write,
{
    let mut listed = 0u64;
    for solution in search.by_ref() {
        write(out, listed, solution)?;
        listed += 1;
    }
    let cancelled = search.stopped() == Some(StopReason::Cancelled);
    if listed == 0 && !cancelled {
        writeln!(out, "no solution")?;
    }
    out.flush()?;
    if cancelled {
        note!("backtrack: cancelled after {listed} {things}");
    }
    if stats {
        note!("{}", search.stats());
    }
    Ok(if cancelled {
        ExitCode::from(INTERRUPTED)
    } else if listed == 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
