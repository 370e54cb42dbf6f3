//! `backtrack subset-sum`: the subsets of some numbers that add up to a target.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use anyhow::Result;
use backtrack::{Limits, Search, StopReason};
use backtrack_problems::subset_sum::SubsetSum;

use crate::cli::SubsetSumArgs;
use crate::interrupt::{cancel_on_ctrl_c, INTERRUPTED};
use crate::tree_cli;

/// Runs `backtrack subset-sum`.
pub fn run(args: &SubsetSumArgs) -> Result<ExitCode> {
    let problem = SubsetSum::new(args.numbers.clone(), args.target);
    let wanted = if args.first { Some(1) } else { args.limit };
    if args.tree.tree {
        return tree_cli::print_tree(problem, &args.tree, wanted, args.stats);
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut limits = Limits::none().cancel(cancel_on_ctrl_c());
    if args.count {
        let outcome = Search::new(problem).limits(limits).count_solutions();
        let cancelled = outcome.stopped == Some(StopReason::Cancelled);
        if cancelled {
            writeln!(out, "{} (partial: cancelled)", outcome.found)?;
        } else {
            writeln!(out, "{}", outcome.found)?;
        }
        out.flush()?;
        if cancelled {
            note!("backtrack: cancelled: the count is partial");
        }
        if args.stats {
            note!("{}", outcome.stats);
        }
        return Ok(if cancelled {
            ExitCode::from(INTERRUPTED)
        } else {
            ExitCode::SUCCESS
        });
    }
    if let Some(k) = wanted {
        limits = limits.solutions(k);
    }
    let mut search = Search::new(problem).limits(limits);
    let mut listed = 0u64;
    for subset in search.by_ref() {
        let mut line = String::new();
        for &i in &subset {
            if !line.is_empty() {
                line.push(' ');
            }
            let shown = if args.indices {
                i as u64 + 1
            } else {
                args.numbers[i]
            };
            line.push_str(&shown.to_string());
        }
        if subset.is_empty() {
            line.push_str("(empty)");
        }
        writeln!(out, "{line}")?;
        listed += 1;
    }
    let cancelled = search.stopped() == Some(StopReason::Cancelled);
    if listed == 0 && !cancelled {
        writeln!(out, "no solution")?;
    }
    out.flush()?;
    if cancelled {
        note!("backtrack: cancelled after {listed} subsets");
    }
    if args.stats {
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
