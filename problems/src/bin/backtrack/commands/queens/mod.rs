//! `backtrack queens`: place N queens on an N×N board, no two attacking each other.

mod args;
mod count;
mod list;

use std::collections::HashSet;

use anyhow::{anyhow, bail, Result};
use backtrack_problems::queens::{Method, Placement, PlacementError, Queens};

use crate::args::Square;
use crate::driver::{Job, Mode, Task};
pub use args::Args;
use args::{parse_glyphs, Format, MethodArg, Order, SymmetryArg};

/// The largest board the tool accepts at all: one solution in seconds by the construction
/// or the local search.
pub(super) const MAX_N: usize = 10_000_000;
/// The largest board the search lists: its first solution takes about 4 s here, and its
/// stack about 50 bytes a row.
const MAX_SEARCH: usize = 1_000_000;
/// The largest board drawn square by square (--format matrix or board): N² characters.
const MAX_DRAWN: usize = 10_000;
/// The largest board on the bitboard path (`u128` masks).
const MAX_BITBOARD: usize = 128;
/// Up to this size `--order auto` is lexicographic: the first solution takes at most about
/// 3 million nodes (n = 28); at n = 30 it takes 56 million, at 34 over 2 billion.
const AUTO_LEX_MAX: usize = 29;

/// The least board the count joins half boards for by default: below it, the symmetric space
/// is as fast, and counts the classes too; from here on, half boards are faster (the
/// figures are in the history of this file).
const HALVES_FROM: usize = 13;

/// What `--stats` describes, by formulation.
const BITBOARDS: &str =
    "bitboards, row by row: only the free squares of a row are tried, so none is rejected";
const HEURISTIC: &str = "most-constrained row first, columns from the middle out: only free squares are tried, so none is rejected";
const CONSTRUCTION: &str =
    "the explicit construction (Hoffman, Loessi and Moore; Bernhardsson), O(N), checked";
const LOCAL: &str = "min-conflicts local search (after Sosic and Gu) from a greedy start, checked";
const TEXTBOOK: &str = "the textbook formulation (as --tree draws it): every column of a row is tried, each attacked square is a rejection";

/// The search `backtrack queens` asks for: the count, a listing, a first solution by a
/// direct method, or the textbook's tree.
pub fn job(args: &Args) -> Result<Job<'static>> {
    let n = args.n;
    let format = args.format.unwrap_or(Format::Numbered);
    let settings = args
        .common
        .settings(Mode::List { limit: None }, format == Format::Json)?
        .sharing(&args.sharing.plain())?;
    let mode = settings.mode();
    if let Some(text) = &args.glyphs {
        if format != Format::Board {
            bail!("--glyphs applies to --format board");
        }
        // Checked here, after whether it applies at all: one error, the first to fix.
        parse_glyphs(text).map_err(|problem| anyhow!("--glyphs {problem}"))?;
    }
    if args.unique && args.common.estimate.estimate {
        bail!("--unique counts classes, which --estimate does not estimate (it estimates the boards): leave out --unique");
    }
    let counting = matches!(mode, Mode::Count { .. });
    if counting {
        if args.format.is_some_and(|f| f != Format::Json) {
            bail!(
                "--format {} applies to listings: a count is a number, or JSON with --format json",
                format.name()
            );
        }
        if args.order.is_some() {
            bail!("--order applies to listings: a count visits every solution, in any order");
        }
    } else if args.symmetry.is_some() {
        bail!("--symmetry applies to counts (--count)");
    }
    let placement = placement(n, &args.place)?;
    if args.common.tree.tree {
        return Ok(Job::new(settings, Task::search(Queens::new(n), 1).tree()).describe(TEXTBOOK));
    }
    if n > MAX_DRAWN && matches!(format, Format::Matrix | Format::Board) {
        bail!(
            "--format {} draws N×N characters: it takes N <= {MAX_DRAWN}, not {n}",
            format.name()
        );
    }
    let method = method(args, mode, &placement)?;
    match (mode, method) {
        (Mode::Count { limit }, _) => count::job(args, settings, &placement, limit),
        (_, Method::Construct | Method::Local) => {
            Ok(list::direct(args, settings, &placement, format, method))
        }
        (Mode::List { .. } | Mode::Best, _) => list::job(args, settings, &placement, format),
    }
}

/// The way to solutions `--method` asks for, checked against the mode and the board.
///
/// Only `--first` may leave the search: `--limit 1` lists the first solution of the
/// search, as `--limit 2` lists two. `auto` keeps the search when the run asks for what
/// only the search has (`--time-limit`, `--node-limit`, `--order`).
fn method(args: &Args, mode: Mode, placement: &Placement) -> Result<Method> {
    let first = args.common.modes.first && !args.unique;
    if matches!(mode, Mode::Count { .. }) {
        not_for_counts(args)?;
        // The count checks its own board size.
        return Ok(Method::Search);
    }
    if !first && args.method.is_some() {
        bail!("--method applies to a first solution (--first, without --unique)");
    }
    let method = match args.method {
        Some(MethodArg::Construct) => Method::Construct,
        Some(MethodArg::Local) => Method::Local,
        Some(MethodArg::Auto) | None if first && !search_only(args) => {
            Method::Auto.resolve(placement)
        }
        Some(MethodArg::Search | MethodArg::Auto) | None => Method::Search,
    };
    fits(args, method, placement, first)?;
    Ok(method)
}

/// Whether the run is limited by time or nodes.
fn limited(args: &Args) -> bool {
    args.common.run.time_limit.is_some() || args.common.run.node_limit.is_some()
}

/// Whether the run asks for what only the search has.
fn search_only(args: &Args) -> bool {
    limited(args) || args.order.is_some()
}

/// Refuses the flags of a first solution in a count.
fn not_for_counts(args: &Args) -> Result<()> {
    let given: Vec<&str> = [
        (args.method.is_some(), "--method"),
        (args.seed.is_some(), "--seed"),
        (args.max_steps.is_some(), "--max-steps"),
    ]
    .into_iter()
    .filter_map(|(on, flag)| on.then_some(flag))
    .collect();
    if let Some((last, rest)) = given.split_last() {
        let (named, verb) = match rest {
            [] => (last.to_string(), "applies"),
            _ => (format!("{} and {last}", rest.join(", ")), "apply"),
        };
        bail!("{named} {verb} to a first solution (--first), not to counts");
    }
    Ok(())
}

/// Checks the way to solutions `method` against the other flags and the board.
fn fits(args: &Args, method: Method, placement: &Placement, first: bool) -> Result<()> {
    let n = args.n;
    if matches!(method, Method::Construct | Method::Local)
        && args.common.run.threads.is_some_and(|threads| threads > 1)
    {
        bail!(
            "--threads cannot be used with --method {}: it is not a search of the tree, and runs on one thread",
            if method == Method::Construct { "construct" } else { "local" }
        );
    }
    if method == Method::Construct && !placement.is_empty() {
        bail!(
            "--method construct builds a whole board: it cannot keep --place (use --method local)"
        );
    }
    if method != Method::Local {
        let given = match (args.seed.is_some(), args.max_steps.is_some()) {
            (true, true) => Some("--seed and --max-steps apply"),
            (true, false) => Some("--seed applies"),
            (false, true) => Some("--max-steps applies"),
            (false, false) => None,
        };
        if let Some(given) = given {
            bail!("{given} to --method local");
        }
    }
    if method == Method::Search && n > MAX_SEARCH {
        if first && search_only(args) {
            let flag = if args.order.is_some() {
                "--order"
            } else if args.common.run.time_limit.is_some() {
                "--time-limit"
            } else {
                "--node-limit"
            };
            bail!(
                "{flag} applies to the search, which takes N <= {MAX_SEARCH}, not {n}: without it, --first builds a board of any size"
            );
        }
        bail!(
            "the search takes N <= {MAX_SEARCH}, not {n}: for one solution of a bigger board, use --first (the construction, or --method local)"
        );
    }
    if method != Method::Search {
        let name = method_name(method);
        if args.order.is_some() {
            bail!("--order applies to the search, not to --method {name}");
        }
        if limited(args) {
            let instead = if method == Method::Local {
                " (the local search stops at --max-steps)"
            } else {
                " (the construction takes O(N) and needs none)"
            };
            bail!("--time-limit and --node-limit apply to the search, not to --method {name}{instead}");
        }
    }
    Ok(())
}

fn method_name(method: Method) -> &'static str {
    match method {
        Method::Construct => "construct",
        Method::Local => "local",
        Method::Search | Method::Auto => "search",
    }
}

/// The queens of `--place`, checked: an error names them as they were given. A square
/// given twice is refused too (the library takes it as one queen): on the command line it
/// is a slip, most likely for another square, and the search must not quietly run
/// without the queen meant.
fn placement(n: usize, squares: &[Square]) -> Result<Placement> {
    let placement = Placement::new(n, &places(squares)).map_err(|err| match err {
        PlacementError::OffBoard { n, row, col } => {
            let given = squares
                .iter()
                .find(|square| square.at == (row, col))
                .map_or_else(|| format!("{row}:{col}"), |square| square.given.clone());
            anyhow!(crate::args::off_board("--place", &given, n, n))
        }
        other => anyhow!("--place: {other}"),
    })?;
    let mut seen = HashSet::new();
    if let Some(again) = squares.iter().find(|square| !seen.insert(square.at)) {
        // As it was given first.
        let first = squares.iter().find(|square| square.at == again.at);
        bail!(
            "--place {} is given twice: give each queen once",
            first.map_or(&again.given, |first| &first.given)
        );
    }
    Ok(placement)
}

/// The squares of `--place`, row and column from 1, as a checkpoint or a part's record
/// names them.
fn places(squares: &[Square]) -> Vec<(usize, usize)> {
    squares.iter().map(|square| square.at).collect()
}

/// The glyphs of `--format board`, checked in [`exec`].
fn glyphs(args: &Args) -> (char, char) {
    let given = args.glyphs.as_deref().map(parse_glyphs);
    given.and_then(Result::ok).unwrap_or(('Q', '.'))
}
