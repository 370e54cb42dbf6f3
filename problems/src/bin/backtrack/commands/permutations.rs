//! `backtrack permutations`: the permutations of `1..=N`, in lexicographic order.

use anyhow::Result;
use backtrack_problems::permutations::Permutations;

use crate::args::Common;
use crate::driver::{write_numbers, Job, Mode, Task};

/// Permutations: every ordering of the numbers 1 to N, in lexicographic order.
///
/// Lists them one per line, numbers apart by a space (N = 0 has one permutation, the
/// empty one, shown as `(empty)`). The search places a number in each position in turn,
/// trying 1 to N and refusing those already placed: the smallest complete backtracking
/// search, and its --tree the textbook's (`(2,1,_)`). --count with no limit refuses at once a
/// count past 2^64 - 1 (N > 20), which could not be held.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// How many numbers to permute, 0 to 1000.
    #[arg(value_name = "N", value_parser = crate::args::parse_set_size, allow_negative_numbers = true)]
    pub n: usize,

    #[command(flatten)]
    pub common: Common,
}

/// What `--stats` describes.
const SEARCH: &str =
    "each position in turn given a number from 1 to N; a number already placed is rejected";

/// The search `backtrack permutations` asks for.
pub fn job(args: &Args) -> Result<Job<'static>> {
    let json = args.common.format.json();
    let settings = args.common.settings(Mode::List { limit: None })?;
    settings.refuse_count_past_u64(|| Some(Permutations::count(args.n)), "permutations")?;
    let task = Task::search(Permutations::new(args.n), args.n.min(4))
        .tree()
        .list(move |out, index, values| {
            write_numbers(out, json.then_some((index, "permutation")), &values).map(|()| true)
        });
    Ok(Job::new(settings, task)
        .describe(SEARCH)
        .thing("permutation"))
}
