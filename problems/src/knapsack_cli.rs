//! `backtrack knapsack`: the best packing, by branch and bound.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use anyhow::{anyhow, Result};
use backtrack::Search;
use backtrack_problems::knapsack::Knapsack;

use crate::cli::KnapsackArgs;
use crate::input;
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
    let outcome = Search::new(knapsack).best();
    let (chosen, value) = outcome
        .found
        .ok_or_else(|| anyhow!("the search found no packing, not even the empty one"))?;
    let weight: u64 = chosen.iter().map(|&i| items[i].weight).sum();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    writeln!(out, "value {value}")?;
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
    if args.stats {
        eprintln!("{}", outcome.stats);
    }
    Ok(ExitCode::SUCCESS)
}
