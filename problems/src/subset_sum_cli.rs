//! `backtrack subset-sum`: the subsets of some numbers that add up to a target.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use anyhow::Result;
use backtrack::{Limits, Search};
use backtrack_problems::subset_sum::SubsetSum;

use crate::cli::SubsetSumArgs;
use crate::interrupt::cancel_on_ctrl_c;
use crate::report;
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
        return report::count(&mut out, &outcome, args.stats);
    }
    if let Some(k) = wanted {
        limits = limits.solutions(k);
    }
    let mut search = Search::new(problem).limits(limits);
    report::list(
        &mut out,
        &mut search,
        "subsets",
        args.stats,
        |out, _, subset| {
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
            writeln!(out, "{line}")
        },
    )
}
