//! `backtrack queens`: place N queens on an N×N board, no two attacking each other.

mod count;
mod list;

use std::collections::HashSet;

use anyhow::{anyhow, bail, Result};
use backtrack_problems::queens::{Method, Placement, PlacementError, Queens};
use clap::ValueEnum;

use crate::args::{whole, SearchArgs, Sharing, Square};
use crate::driver::{Job, Mode, Task};

/// N-Queens: place N queens on an N×N board, no two attacking each other.
///
/// Lists every solution by default (streamed): the solution's number on a line, then N
/// lines, line i the 1-based column of row i's queen. --count counts them on all cores,
/// using the board's symmetries; --unique keeps one solution of each class of solutions
/// equal up to rotation and reflection.
///
/// --count --estimate of a count by half boards (the default from N = 13 to 27) times it
/// by its blocks: half boards are joined a block at a time, and the blocks' speeds differ
/// up to five times, so the time is that of blocks drawn at random (by --probe-seed), the
/// biggest likeliest, each standing for the whole count, drawn until they agree within
/// about 10% (or for 2% of that time, at most 10 s). Its interval is the spread of the
/// draws, and other --probe-seed values fall on both sides of the count's time (at 16 to 18
/// queens from 0.7 to 1.4 times it); --symmetry full estimates more closely.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The board size N (1 to 10000000: counting and --order lex need N <= 128, listing by
    /// search N <= 1000000, and past that --first finds one solution directly).
    #[arg(value_parser = parse_board_size, allow_negative_numbers = true)]
    pub n: usize,

    #[command(flatten)]
    pub common: SearchArgs,

    #[command(flatten)]
    pub sharing: Sharing,

    /// Only fundamentally different solutions (up to rotation and reflection): list one
    /// of each class (its lexicographically smallest form), or with --count count the
    /// classes. In the heuristic order the classes listed are remembered, so memory grows
    /// with the listing.
    #[arg(long, conflicts_with_all = ["place", "tree"], help_heading = "Queens")]
    pub unique: bool,

    /// How --count searches, and how it uses the board's symmetries: none (every solution
    /// searched), mirror (first queen in the left half, counted twice), full (all 8
    /// symmetries; counts the classes too; the default with --unique or --node-limit, and
    /// below N = 13), halves (half boards joined; the default from N = 13 to 27, the
    /// fastest there). All give the same count.
    #[arg(long, value_enum, help_heading = "Queens")]
    pub symmetry: Option<SymmetryArg>,

    /// A queen placed before the search (1-based ROW:COL, or ROW,COL; repeatable). The
    /// search fills the other rows.
    #[arg(long, value_name = "ROW:COL", value_parser = crate::args::parse_square, allow_hyphen_values = true,
          conflicts_with = "tree", help_heading = "Queens")]
    pub place: Vec<Square>,

    /// The search order of listings: lex (row by row, leftmost column first), heuristic
    /// (most-constrained row first, columns from the middle out), or auto: lex up to
    /// N = 29, heuristic beyond [default: auto].
    #[arg(long, value_enum, conflicts_with = "tree", help_heading = "Queens")]
    pub order: Option<Order>,

    /// How to find a first solution (--first): search (the backtracking search, complete:
    /// it proves there is none and keeps --place; N <= 1000000), construct (the explicit
    /// construction, O(N), any N, no --place), local (min-conflicts local search, O(N) in
    /// practice, keeps --place fixed, cannot prove there is none: it stops at
    /// --max-steps), or auto: search up to N = 100000, then construct (local with
    /// --place) [default: auto]. Every board is checked before it is printed.
    #[arg(long, value_enum, conflicts_with = "tree", help_heading = "Queens")]
    pub method: Option<MethodArg>,

    /// The seed of --method local's random choices: each seed gives its own, repeatable
    /// solution [default: 1].
    #[arg(long, value_name = "S", value_parser = parse_seed, allow_negative_numbers = true,
          conflicts_with = "tree", help_heading = "Queens")]
    pub seed: Option<u64>,

    /// The most repair steps --method local takes before it gives up (exit status 3)
    /// [default: 100 N + 1000000].
    #[arg(long, value_name = "N", value_parser = parse_max_steps, allow_negative_numbers = true,
          conflicts_with = "tree", help_heading = "Queens")]
    pub max_steps: Option<u64>,

    /// How to print solutions [default: numbered]. A count is a number, or JSON with
    /// --format json.
    #[arg(long, value_enum, conflicts_with = "tree", help_heading = "Output")]
    pub format: Option<Format>,

    /// The two characters drawing a queen and an empty square in --format board
    /// [default: Q.].
    #[arg(
        long,
        value_name = "QE",
        allow_hyphen_values = true,
        help_heading = "Output"
    )]
    pub glyphs: Option<String>,
}

/// How a solution is printed. Columns are 1-based everywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The solution's number on a line, then N lines: line i is the column of row i's
    /// queen (also called text, as in the other subcommands).
    #[value(alias = "text")]
    Numbered,
    /// N rows of `1 0 0 …`, 1 where the queen is; solutions apart by a blank line.
    Matrix,
    /// `solution K`, then the board drawn with --glyphs; solutions apart by a blank line.
    Board,
    /// One line per solution, the number then the columns: `No.1    1 5 8 6 3 7 2 4`.
    Compact,
    /// JSON Lines: `{"index":1,"columns":[2,4,1,3]}`, then a closing line.
    Json,
}

/// The order in which a listing tries rows and columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Order {
    /// Lexicographic up to N = 29, heuristic beyond.
    Auto,
    /// Row by row, leftmost column first (bitboards; N <= 128).
    Lex,
    /// Most-constrained row first, columns from the middle out (any N).
    Heuristic,
}

/// `--method`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MethodArg {
    /// Search up to N = 100000, then construct (local with --place).
    Auto,
    /// The backtracking search, most-constrained rows first.
    Search,
    /// The explicit construction.
    Construct,
    /// Min-conflicts local search.
    Local,
}

/// `--symmetry`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SymmetryArg {
    /// Search every solution (bitboards split across threads).
    None,
    /// First queen in the left half, each solution counted with its mirror image.
    Mirror,
    /// All 8 symmetries (Takaken's method): a fifth of the tree, and the classes counted
    Full,
    /// Half boards joined (meet in the middle): the top and bottom halves searched apart in
    /// blocks of column groups and the pairs that fit counted, up to the mirror image and
    /// upside down; each thread holds a block's halves (up to about 200 MB from N = 18).
    /// N <= 27
    Halves,
}

/// The largest board the tool accepts at all: one solution in seconds by the construction
/// or the local search.
const MAX_N: usize = 10_000_000;
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

/// The least board the count joins half boards for by default: below it, Takaken's space
/// is as fast (n = 12: 1.117 of the yardstick against 1.115 on one thread), and counts the
/// classes too; at 13, half boards take 0.398 of it and Takaken's space 0.677.
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
    let n = args.n;
    let first = args.common.modes.first && !args.unique;
    if matches!(mode, Mode::Count { .. }) {
        if args.method.is_some() || args.seed.is_some() || args.max_steps.is_some() {
            bail!("--method, --seed and --max-steps apply to a first solution (--first), not to counts");
        }
        // The count checks its own board size.
        return Ok(Method::Search);
    }
    if !first && args.method.is_some() {
        bail!("--method applies to a first solution (--first, without --unique)");
    }
    let limited = args.common.run.time_limit.is_some() || args.common.run.node_limit.is_some();
    let search_only = limited || args.order.is_some();
    let method = match args.method {
        Some(MethodArg::Construct) => Method::Construct,
        Some(MethodArg::Local) => Method::Local,
        Some(MethodArg::Auto) | None if first && !search_only => Method::Auto.resolve(placement),
        Some(MethodArg::Search | MethodArg::Auto) | None => Method::Search,
    };
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
        if first && search_only {
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
        if limited {
            let instead = if method == Method::Local {
                " (the local search stops at --max-steps)"
            } else {
                " (the construction takes O(N) and needs none)"
            };
            bail!("--time-limit and --node-limit apply to the search, not to --method {name}{instead}");
        }
    }
    Ok(method)
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

impl Format {
    fn name(self) -> String {
        self.to_possible_value()
            .map_or_else(String::new, |value| value.get_name().to_string())
    }
}

fn parse_seed(text: &str) -> Result<u64, String> {
    whole(text, 0, u64::MAX).map_err(|problem| format!("--seed {problem}"))
}

fn parse_max_steps(text: &str) -> Result<u64, String> {
    whole(text, 1, u64::MAX).map_err(|problem| format!("--max-steps {problem}"))
}

fn parse_board_size(text: &str) -> Result<usize, String> {
    whole(text, 1, MAX_N as u64)
        .map(|n| n as usize)
        .map_err(|problem| format!("the board size N {problem}"))
}

/// The glyphs of `--format board`, checked in [`exec`].
fn glyphs(args: &Args) -> (char, char) {
    let given = args.glyphs.as_deref().map(parse_glyphs);
    given.and_then(Result::ok).unwrap_or(('Q', '.'))
}

fn parse_glyphs(s: &str) -> Result<(char, char), String> {
    let mut chars = s.chars();
    match (chars.next(), chars.next(), chars.next()) {
        (Some(queen), Some(empty), None) if queen == empty => Err(format!(
            "must be two different characters, the queen then the empty square, not '{s}'"
        )),
        (Some(queen), Some(empty), None) => Ok((queen, empty)),
        // The count says why 'é.' is refused when its é is e and a combining accent.
        _ => {
            let count = s.chars().count();
            Err(format!(
                "must be two characters, the queen then the empty square (such as 'Q.' or '☆■'), not '{}' ({count} character{})",
                crate::args::clip(s),
                if count == 1 { "" } else { "s" }
            ))
        }
    }
}
