//! `backtrack permutations` and `backtrack combinations`: the permutations of `1..=N` and
//! the K-subsets of `1..=N`, in lexicographic order.

use std::io::Write;

use anyhow::Result;
use backtrack::Problem;
use backtrack_problems::combinations::Combinations;
use backtrack_problems::permutations::Permutations;

use crate::args::{Common, TextFormat};
use crate::driver::{Driver, Mode};
use crate::exit::Status;

/// The largest N: the first permutation of 1000 values is found at once (its search tries
/// about N²/2 values), and no listing of so many could ever end.
pub const MAX_N: u64 = 1000;

/// Permutations: every ordering of the numbers 1 to N, in lexicographic order.
///
/// Lists them one per line, numbers apart by a space (N = 0 has one permutation, the
/// empty one, shown as `(empty)`). The search places a number in each position in turn,
/// trying 1 to N and refusing those already placed: the smallest complete backtracking
/// search, and its --tree the textbook's (`(2,1,_)`).
#[derive(Debug, clap::Args)]
pub struct PermutationsArgs {
    /// How many numbers to permute, 0 to 1000.
    #[arg(value_name = "N", value_parser = parse_n, allow_negative_numbers = true)]
    pub n: usize,

    #[command(flatten)]
    pub common: Common,

    #[command(flatten)]
    pub format: TextFormat,
}

/// Combinations: every choice of K of the numbers 1 to N, in lexicographic order.
///
/// Lists them one per line, each increasing, numbers apart by a space (K = 0 has one
/// combination, the empty one, shown as `(empty)`; K greater than N has none: "no
/// solution", exit status 1, and a count of 0). The search chooses the numbers in
/// increasing order, each from those after the last chosen that leave room for the rest,
/// so every path of its tree ends in a combination.
#[derive(Debug, clap::Args)]
pub struct CombinationsArgs {
    /// How many numbers to choose from, 0 to 1000.
    #[arg(value_name = "N", value_parser = parse_n, allow_negative_numbers = true)]
    pub n: usize,

    /// How many to choose, 0 to 1000 (more than N: none).
    #[arg(value_name = "K", value_parser = parse_n, allow_negative_numbers = true)]
    pub k: usize,

    #[command(flatten)]
    pub common: Common,

    #[command(flatten)]
    pub format: TextFormat,
}

/// Runs `backtrack permutations`.
pub fn exec_permutations(args: &PermutationsArgs) -> Result<Status> {
    let settings = args
        .common
        .settings(Mode::List { limit: None }, args.format.json())?;
    let mut driver = settings.start()?;
    driver.describe(
        "each position in turn given a number from 1 to N; a number already placed is rejected",
    );
    let problem = Permutations::new(args.n);
    run(
        &mut driver,
        &args.common,
        args.format.json(),
        problem,
        "permutation",
        args.n.min(4),
    )
}

/// Runs `backtrack combinations`.
pub fn exec_combinations(args: &CombinationsArgs) -> Result<Status> {
    let settings = args
        .common
        .settings(Mode::List { limit: None }, args.format.json())?;
    let mut driver = settings.start()?;
    driver.describe("the numbers chosen in increasing order, each from those after the last that leave room for the rest");
    let problem = Combinations::new(args.n, args.k);
    run(
        &mut driver,
        &args.common,
        args.format.json(),
        problem,
        "combination",
        args.k.min(4),
    )
}

/// Runs the search the flags ask for on `problem`, whose solutions are lists of numbers
/// printed on a line (or as `{"index":K,"<thing>":[…]}`).
fn run<P>(
    driver: &mut Driver,
    common: &Common,
    json: bool,
    problem: P,
    thing: &str,
    split_depth: usize,
) -> Result<Status>
where
    P: Problem<Solution = Vec<usize>> + backtrack::tree::Label + Clone + Send + Sync + 'static,
    P::Op: Send + Sync + 'static,
{
    if common.tree.tree {
        return driver.tree(problem, &common.tree);
    }
    if driver.estimating() {
        return driver.estimate_search(&problem);
    }
    if let Mode::Count { .. } = common.modes.mode(Mode::List { limit: None }) {
        return driver.count(&problem, split_depth);
    }
    driver.list_split(problem, split_depth, thing, |out, index, values| {
        if json {
            let line = serde_json::json!({ "index": index, thing: values });
            writeln!(out, "{line}")?;
        } else if values.is_empty() {
            writeln!(out, "(empty)")?;
        } else {
            let words: Vec<String> = values.iter().map(usize::to_string).collect();
            writeln!(out, "{}", words.join(" "))?;
        }
        Ok(true)
    })
}

fn parse_n(text: &str) -> Result<usize, String> {
    crate::args::whole(text, 0, MAX_N).map(|n| n as usize)
}
