//! `backtrack combinations`: the K-subsets of `1..=N`, in lexicographic order.

use anyhow::Result;
use backtrack_problems::combinations::Combinations;

use crate::args::Common;
use crate::driver::{write_numbers, Job, Mode, Task};

/// Combinations: every choice of K of the numbers 1 to N, in lexicographic order.
///
/// Lists them one per line, each increasing, numbers apart by a space (K = 0 has one
/// combination, the empty one, shown as `(empty)`; K greater than N has none: "no
/// solution", exit status 1, and a count of 0). The search chooses the numbers in
/// increasing order, each from those after the last chosen that leave room for the rest,
/// so every path of its tree ends in a combination. --count with no limit refuses at once
/// a count past 2^64 - 1 (C(68,34), say), which could not be held.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// How many numbers to choose from, 0 to 1000.
    #[arg(value_name = "N", value_parser = crate::args::parse_set_size, allow_negative_numbers = true)]
    pub n: usize,

    /// How many to choose, 0 to 1000 (more than N: none).
    #[arg(value_name = "K", value_parser = crate::args::parse_set_size, allow_negative_numbers = true)]
    pub k: usize,

    #[command(flatten)]
    pub common: Common,
}

/// What `--stats` describes.
const SEARCH: &str = "the numbers chosen in increasing order, each from those after the last that leave room for the rest";

/// The search `backtrack combinations` asks for.
pub fn job(args: &Args) -> Result<Job<'static>> {
    let json = args.common.format.json();
    let settings = args.common.settings(Mode::List { limit: None })?;
    settings.refuse_count_past_u64(|| Some(Combinations::count(args.n, args.k)), "combinations")?;
    let task = Task::search(Combinations::new(args.n, args.k), args.k.min(4))
        .tree()
        .list(move |out, index, values| {
            write_numbers(out, json.then_some((index, "combination")), &values).map(|()| true)
        });
    Ok(Job::new(settings, task)
        .describe(SEARCH)
        .thing("combination"))
}
