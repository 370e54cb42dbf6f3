//! `backtrack knapsack`: the best packing, by branch and bound.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use anyhow::{anyhow, bail, Result};
use backtrack::{Limits, Search, StopReason};
use backtrack_problems::knapsack::Knapsack;

use crate::cli::KnapsackArgs;
use crate::input;
use crate::interrupt::{cancel_on_ctrl_c, INTERRUPTED};
use crate::tree_cli;

/// Runs `backtrack knapsack`.
pub fn run(args: &KnapsackArgs) -> Result<ExitCode> {
    let input = input::read(&args.file)?;
    let knapsack: Knapsack = input
        .text
        .parse()
        .map_err(|err| anyhow!("{}: {err}", input.name))?;
    if args.tree.tree {
        return tree_cli::print_best_tree(knapsack, &args.tree, args.stats);
    }
    let items = knapsack.items();
    let capacity = knapsack.capacity();
    let limits = Limits::none().cancel(cancel_on_ctrl_c());
    let outcome = Search::new(knapsack).limits(limits).best();
    let cancelled = outcome.stopped == Some(StopReason::Cancelled);
    let Some((chosen, value)) = outcome.found else {
        if cancelled {
            note!("backtrack: cancelled before any packing was found");
            return Ok(ExitCode::from(INTERRUPTED));
        }
        bail!("the search found no packing, not even the empty one");
    };
    let weight: u64 = chosen.iter().map(|&i| items[i].weight).sum();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if cancelled {
        writeln!(out, "value {value} (partial: cancelled)")?;
    } else {
        writeln!(out, "value {value}")?;
    }
    writeln!(out, "weight {weight} of {capacity}")?;
    for &i in &chosen {
        let item = items[i];
        writeln!(
            out,
            "item {}: weight {}, value {}",
            i + 1,
            item.weight,
            item.value
        )?;
    }
    out.flush()?;
    if cancelled {
        note!("backtrack: cancelled: the best packing found so far, perhaps not the best");
    }
    if args.stats {
        note!("{}", outcome.stats);
    }
    Ok(if cancelled {
        ExitCode::from(INTERRUPTED)
    } else {
        ExitCode::SUCCESS
    })
}
