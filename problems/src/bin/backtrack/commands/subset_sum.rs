//! `backtrack subset-sum`: which of some numbers add up exactly to a target?

use crate::args::clip;
use std::io::Write;

use anyhow::{bail, Result};
use backtrack_problems::subset_sum::SubsetSum;

use crate::args::CommonParts;
use crate::driver::{Job, Mode, Task};

/// Subset sum: which of the NUMBERS add up exactly to the target?
///
/// Lists every such subset, one per line, its numbers in input order (numbers equal in
/// value at different positions make different subsets; the empty subset is shown as
/// `(empty)`), or "no solution" (exit status 1). --count with no limit refuses at once
/// a count past 2^64 - 1 (64 numbers or more, counted first when the target is small).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The sum to reach (a whole number, 0 or more).
    #[arg(long, short, value_name = "T", value_parser = parse_target, allow_negative_numbers = true)]
    pub target: u64,

    /// The numbers to choose from (whole numbers, 0 or more).
    #[arg(value_name = "NUMBERS", allow_negative_numbers = true)]
    pub numbers: Vec<String>,

    #[command(flatten)]
    pub common: CommonParts,

    /// In text listings, print the 1-based positions of the numbers taken instead of the
    /// numbers (the JSON lines have both).
    #[arg(long, help_heading = "Output")]
    pub indices: bool,
}

/// What `--stats` describes.
const SEARCH: &str = "each number in turn taken or left; a take past the target or a leave that leaves too little is rejected";

/// The most steps spent counting the subsets before a `--count` of 64 numbers or more
/// (the numbers times the target), to refuse one past what a count holds.
const COUNT_FIRST: u64 = 1 << 26;

/// The search `backtrack subset-sum` asks for.
pub fn job(args: &Args) -> Result<Job<'static>> {
    let json = args.common.format.json();
    let settings = args.common.settings(Mode::List { limit: None })?;
    if args.indices {
        if args.common.search.tree.tree {
            bail!("--indices applies to text listings, not to the solution tree");
        } else if matches!(settings.mode(), Mode::Count { .. }) {
            bail!("--indices applies to text listings: a count prints no subsets");
        } else if json {
            bail!("--indices applies to text listings: the JSON lines have both numbers and positions");
        }
    }
    let numbers = parse_numbers(&args.numbers)?;
    let problem = SubsetSum::new(numbers.clone(), args.target);
    // Fewer than 64 numbers have fewer than 2^64 subsets: only more need counting first.
    if numbers.len() >= 64 {
        settings.refuse_count_past_u64(|| problem.count(COUNT_FIRST), "subsets")?;
    }
    let identity = serde_json::json!({ "target": args.target, "numbers": numbers });
    let indices = args.indices;
    let task =
        Task::search(problem, 8.min(numbers.len()))
            .tree()
            .list(move |out, index, subset| {
                let taken: Vec<u64> = subset.iter().map(|&i| numbers[i]).collect();
                let positions: Vec<u64> = subset.iter().map(|&i| i as u64 + 1).collect();
                if json {
                    let line = Subset {
                        index,
                        numbers: taken,
                        positions,
                    };
                    writeln!(out, "{}", serde_json::to_string(&line)?)?;
                } else if subset.is_empty() {
                    writeln!(out, "(empty)")?;
                } else {
                    let shown = if indices { &positions } else { &taken };
                    let words: Vec<String> = shown.iter().map(u64::to_string).collect();
                    writeln!(out, "{}", words.join(" "))?;
                }
                Ok(true)
            });
    Ok(Job::new(settings, task)
        .describe(SEARCH)
        .thing("subset")
        .identity("subset-sum", identity))
}

/// A subset in JSON: `{"index":1,"numbers":[3,4,2],"positions":[1,3,6]}`.
#[derive(serde::Serialize)]
struct Subset {
    index: u64,
    numbers: Vec<u64>,
    positions: Vec<u64>,
}

/// The NUMBERS, each a whole number from 0 to `u64::MAX`; an error names the first bad
/// one and its position: `NUMBERS: number 2, `x`, is not a whole number`.
fn parse_numbers(words: &[String]) -> Result<Vec<u64>> {
    words
        .iter()
        .enumerate()
        .map(|(k, word)| {
            let digits = word.trim();
            let unsigned = digits.strip_prefix(['+', '-']).unwrap_or(digits);
            let whole = !unsigned.is_empty() && unsigned.bytes().all(|b| b.is_ascii_digit());
            let problem = match digits.strip_prefix('+').unwrap_or(digits).parse::<u64>() {
                Ok(n) => return Ok(n),
                Err(_) if digits.starts_with('-') && (whole || digits.parse::<f64>().is_ok()) => {
                    "is negative: the numbers must be 0 or more".to_string()
                }
                Err(_) if whole => format!("is too large (at most {})", u64::MAX),
                Err(_) => "is not a whole number".to_string(),
            };
            bail!("NUMBERS: number {}, `{}`, {problem}", k + 1, clip(word))
        })
        .collect()
}

fn parse_target(text: &str) -> Result<u64, String> {
    crate::args::whole(text, 0, u64::MAX).map_err(|problem| {
        if text.trim().starts_with('-') {
            format!("must be 0 or more, not {}", clip(text))
        } else {
            problem
        }
    })
}
