//! `backtrack queens`: place N queens on an N×N board, no two attacking each other.

use std::collections::HashSet;
use std::io::{self, Write};

use anyhow::{anyhow, bail, Result};
use backtrack::{Cancel, Outcome};
use backtrack_problems::queens::{
    construct, with_mask, BitQueens, CountPlan, Counts, HeuristicQueens, LocalSearch, Mask,
    MaskJob, Method, Placement, PlacementError, Queens, Reduction, SolveError, Symmetry,
    MAX_HALVES,
};
use clap::ValueEnum;
use serde_json::json;

use crate::args::{whole, Common, Sharing, Square};
use crate::driver::{Direct, Driver, Mode, Out, Settings, Stop, Tally};
use crate::exit::Status;

/// N-Queens: place N queens on an N×N board, no two attacking each other.
///
/// Lists every solution by default (streamed): the solution's number on a line, then N
/// lines, line i the 1-based column of row i's queen. --count counts them on all cores,
/// using the board's symmetries; --unique keeps one solution of each class of solutions
/// equal up to rotation and reflection.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The board size N (1 to 10000000: counting and --order lex need N <= 128, listing by
    /// search N <= 1000000, and past that --first finds one solution directly).
    #[arg(value_parser = parse_board_size, allow_negative_numbers = true)]
    pub n: usize,

    #[command(flatten)]
    pub common: Common,

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
const MIRRORED: &str =
    "bitboards, first queen in the left half (mirror symmetry): about half of the tree";
const SYMMETRIC: &str = "bitboards in a space of representatives under all 8 symmetries (about a fifth of the tree; solutions: the boards reached in it)";
const HALVES: &str = "half boards joined: the top and bottom halves of the board searched by bitboards, in blocks of the columns the top half takes, sorted by their columns and joined (the figures are the half searches': solutions are the halves found, max depth their rows)";

/// Runs `backtrack queens`.
pub fn exec(args: &Args) -> Result<Status> {
    let n = args.n;
    let format = args.format.unwrap_or(Format::Numbered);
    let settings = args
        .common
        .settings(Mode::List { limit: None }, format == Format::Json)?
        .sharing(&args.sharing)?;
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
        let mut driver = settings.start()?;
        driver.describe(TEXTBOOK);
        return driver.tree(Queens::new(n), &args.common.tree);
    }
    if n > MAX_DRAWN && matches!(format, Format::Matrix | Format::Board) {
        bail!(
            "--format {} draws N×N characters: it takes N <= {MAX_DRAWN}, not {n}",
            format.name()
        );
    }
    let method = method(args, mode, &placement)?;
    match (mode, method) {
        (Mode::Count { limit }, _) => count(args, settings, &placement, limit),
        (_, Method::Construct | Method::Local) => {
            direct(args, settings, &placement, format, method)
        }
        (Mode::List { .. } | Mode::Best, _) => list(args, settings, &placement, format),
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

/// `--first` by a direct method: the construction or the local search.
fn direct(
    args: &Args,
    settings: Settings,
    placement: &Placement,
    format: Format,
    method: Method,
) -> Result<Status> {
    let mut driver = settings.start()?;
    let mut printer = Printer {
        format,
        glyphs: glyphs(args),
        n: args.n,
        line: String::new(),
        stop: driver.stop_flag(),
    };
    let print = |out: &mut Out, index: u64, cols: Vec<usize>| printer.write(out, index, &cols);
    if method == Method::Construct {
        driver.describe(CONSTRUCTION);
        return driver.direct(
            |_| match construct(placement) {
                Ok(cols) => Ok(Direct::Found(cols)),
                Err(SolveError::NoSolution { .. }) => Ok(Direct::NoSolution),
                Err(err) => Err(err.into()),
            },
            print,
        );
    }
    driver.describe(LOCAL);
    let mut local = LocalSearch::new(args.seed.unwrap_or(1));
    if let Some(steps) = args.max_steps {
        local = local.max_steps(steps);
    }
    driver.direct(
        |cancel| match local.cancel(cancel.clone()).solve(placement) {
            Ok(solution) => Ok(Direct::Found(solution.cols)),
            Err(SolveError::NoSolution { .. }) => Ok(Direct::NoSolution),
            Err(SolveError::StepLimit { steps }) => Ok(Direct::Stopped(Stop::StepLimit(steps))),
            Err(SolveError::Cancelled { .. }) => Ok(Direct::Cancelled),
            Err(err) => Err(err.into()),
        },
        print,
    )
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

/// The `--symmetry` a count runs with: the one asked for if it fits the board and the
/// other flags, else the default (half boards from 13 to 27 queens, Takaken's space below
/// and with --unique, the whole tree with --place or --limit).
fn count_symmetry(args: &Args, placement: &Placement, limit: Option<u64>) -> Result<SymmetryArg> {
    let n = args.n;
    Ok(match args.symmetry {
        Some(SymmetryArg::None) if args.unique => {
            bail!("--unique counts classes with --symmetry full (the default with --unique), not none")
        }
        Some(SymmetryArg::Mirror) if args.unique => {
            bail!("--unique counts classes with --symmetry full (the default with --unique), not mirror")
        }
        Some(SymmetryArg::Halves) if args.unique => {
            bail!("--unique counts classes with --symmetry full (the default with --unique), not halves: half boards are never whole")
        }
        Some(SymmetryArg::Mirror | SymmetryArg::Full | SymmetryArg::Halves)
            if !placement.is_empty() =>
        {
            bail!("--symmetry mirror, full and halves count an empty board: with --place, use --symmetry none (the default there)")
        }
        Some(SymmetryArg::Halves) if args.common.run.node_limit.is_some() => {
            bail!("--node-limit stops one search at an exact node, and half boards are many searches: use --symmetry full (the default with --node-limit)")
        }
        Some(SymmetryArg::Halves) if n > MAX_HALVES => {
            bail!("--symmetry halves counts boards up to N = {MAX_HALVES} (its half boards take memory), not {n}; use --symmetry full")
        }
        Some(SymmetryArg::Mirror | SymmetryArg::Full | SymmetryArg::Halves) if limit.is_some() => {
            bail!(
                "--count --limit counts in search order, with --symmetry none (the default there)"
            )
        }
        Some(symmetry) => symmetry,
        None if args.unique && limit.is_some() => {
            bail!("--limit cannot be used with --unique --count: it counts every class")
        }
        None if args.unique => SymmetryArg::Full,
        None if placement.is_empty()
            && limit.is_none()
            && args.common.run.node_limit.is_none()
            && (HALVES_FROM..=MAX_HALVES).contains(&n) =>
        {
            SymmetryArg::Halves
        }
        None if placement.is_empty() && limit.is_none() => SymmetryArg::Full,
        None => SymmetryArg::None,
    })
}

fn count(
    args: &Args,
    settings: Settings,
    placement: &Placement,
    limit: Option<u64>,
) -> Result<Status> {
    let n = args.n;
    if n > MAX_BITBOARD {
        bail!("counting needs N <= {MAX_BITBOARD} (bitboards), not {n}; a count that large could not finish anyway");
    }
    let symmetry = count_symmetry(args, placement, limit)?;
    // The driver runs at most a thread a core, as a count by half boards needs: each
    // thread holds the half boards of a block (up to about 200 MB), and a block once begun
    // is finished before a stop.
    let mut driver = settings.start()?;
    driver.describe(match symmetry {
        SymmetryArg::None => BITBOARDS,
        SymmetryArg::Mirror => MIRRORED,
        SymmetryArg::Full => SYMMETRIC,
        SymmetryArg::Halves => HALVES,
    });
    let plan = CountPlan::new(
        placement,
        match symmetry {
            SymmetryArg::None => Reduction::None,
            SymmetryArg::Mirror => Reduction::Mirror,
            SymmetryArg::Full => Reduction::Full,
            SymmetryArg::Halves => Reduction::Halves,
        },
    )?;
    let unique = args.unique;
    let parameters = json!({
        "n": n,
        "symmetry": symmetry_name(symmetry),
        "place": places(&args.place),
    });
    driver.identify("queens", parameters);
    let print = if unique { "unique" } else { "count" };
    if driver.share().is_some() {
        return driver.count_part(print, |limits, share| {
            let (outcome, layout) = plan.run_share(share, limits);
            (tally(&outcome), layout)
        });
    }
    if driver.mpi() {
        return mpi_count(&mut driver, &plan, print);
    }
    // The size of the count, for its progress line (by half boards, the nodes of the half
    // searches, which the joins publish as each block is joined).
    let expect = |driver: &mut Driver| {
        driver.expect(|probes, seed, cancel| plan.estimate(probes, seed, Some(cancel)));
    };
    if driver.checkpointing() {
        expect(&mut driver);
        return driver.count_checkpointed(&Shared(&plan), print);
    }
    let pick = |outcome: Outcome<Counts>| Outcome {
        found: if unique {
            outcome
                .found
                .unique
                .expect("--unique counts with full symmetry, which counts the classes")
        } else {
            outcome.found.total
        },
        stats: outcome.stats,
        stopped: outcome.stopped,
    };
    if driver.estimating() {
        let probe = |probes, seed, cancel: &_| plan.estimate(probes, seed, Some(cancel));
        if symmetry != SymmetryArg::Halves {
            return driver.estimate(probe, |limits| pick(plan.run_in_order(limits)));
        }
        driver.caveat("half boards are joined a block at a time, and the blocks' speeds differ up to five times: the time is that of blocks drawn at random (by --probe-seed), the biggest likeliest, each standing for the whole count, drawn until they agree within about 10% (or for 2% of that time, at most 10 s); its interval is the spread of the draws, and seeds scatter on both sides of the count's time (at 16 to 18 queens they said from 0.7 to 1.4 times its time; --symmetry full estimates more closely)");
        return driver.estimate_timed(probe, |limits, seed| {
            let (outcome, timed) = plan.sample(limits, seed);
            (pick(outcome), timed)
        });
    }
    expect(&mut driver);
    driver.count_either(
        print,
        |limits| tally(&plan.run_in_order(limits)),
        |limits| tally(&plan.run(limits)),
    )
}

/// `--mpi`: the count shared across the ranks of an MPI job.
#[cfg(feature = "mpi")]
fn mpi_count(driver: &mut Driver, plan: &CountPlan, print: &str) -> Result<Status> {
    driver.count_mpi(&Shared(plan), print)
}

/// `--mpi` in a build without MPI: refused by the settings before it gets here.
#[cfg(not(feature = "mpi"))]
fn mpi_count(_: &mut Driver, _: &CountPlan, _: &str) -> Result<Status> {
    bail!("--mpi needs backtrack built with MPI: cargo build --release --features mpi (with Open MPI installed)")
}

/// A queens count, shared subproblem by subproblem: across the ranks of an MPI job, or
/// on this machine with a checkpoint.
struct Shared<'a>(&'a CountPlan);

impl crate::driver::shared::Shared for Shared<'_> {
    fn split(&self, at_least: usize) -> crate::driver::shared::Divided {
        let split = self.0.split(at_least);
        crate::driver::shared::Divided {
            depth: split.depth,
            subproblems: split.subproblems,
            weights: split.weights,
            above: tally(&split.above),
        }
    }

    fn count(
        &self,
        sub: &backtrack::split::Subproblem,
        limits: backtrack::Limits,
    ) -> Result<Outcome<Tally>> {
        Ok(tally(&self.0.count_subproblem(sub, limits)?))
    }
}

/// `--symmetry`'s value as typed.
fn symmetry_name(symmetry: SymmetryArg) -> String {
    symmetry
        .to_possible_value()
        .map_or_else(String::new, |value| value.get_name().to_string())
}

/// A count's [`Counts`] as the driver's [`Tally`].
fn tally(outcome: &Outcome<Counts>) -> Outcome<Tally> {
    Outcome {
        found: Tally {
            count: outcome.found.total,
            unique: outcome.found.unique,
        },
        stats: outcome.stats,
        stopped: outcome.stopped,
    }
}

fn list(args: &Args, settings: Settings, placement: &Placement, format: Format) -> Result<Status> {
    let n = args.n;
    let lex = match args.order.unwrap_or(Order::Auto) {
        Order::Lex if n > MAX_BITBOARD => {
            bail!(
                "--order lex needs N <= {MAX_BITBOARD} (bitboards), not {n}; use --order heuristic"
            )
        }
        Order::Lex => true,
        Order::Heuristic => false,
        Order::Auto => n <= AUTO_LEX_MAX,
    };
    let mut driver = settings.start()?;
    // What a listing's checkpoint names: the search and what is printed of it.
    driver.identify(
        "queens",
        json!({ "n": n, "place": places(&args.place), "lex": lex, "unique": args.unique }),
    );
    let printer = Printer {
        format,
        glyphs: glyphs(args),
        n,
        line: String::new(),
        stop: driver.stop_flag(),
    };
    let mut filter = Unique::new(n, args.unique, lex);
    if lex {
        driver.describe(BITBOARDS);
        with_mask(
            n,
            List {
                driver,
                placement,
                printer,
                filter,
            },
        )
    } else {
        driver.describe(HEURISTIC);
        let problem = HeuristicQueens::with_placement(placement);
        if driver.estimating() {
            return driver.estimate_search(&problem);
        }
        let mut printer = printer;
        // Big boards are listed for their first solutions, which come at once: split, the
        // N nodes of the first level would cost more than the search (measured: 0.75 s
        // against 0.37 s for 1000 queens), so the whole tree is one subtree.
        let split_depth = usize::from(n <= AUTO_LEX_MAX);
        driver.list_resumable(problem, split_depth, "solution", |out, index, cols| {
            filter.emit(&cols, |cols| printer.write(out, index, cols))
        })
    }
}

struct List<'a> {
    driver: Driver,
    placement: &'a Placement,
    printer: Printer,
    filter: Unique,
}

impl MaskJob for List<'_> {
    type Output = Result<Status>;

    fn run<M: Mask>(self) -> Result<Status> {
        let List {
            mut driver,
            placement,
            mut printer,
            mut filter,
        } = self;
        let problem = BitQueens::<M>::with_placement(placement);
        if driver.estimating() {
            return driver.estimate_search(&problem);
        }
        driver.list_resumable(problem, 2, "solution", |out, index, cols| {
            filter.emit(&cols, |cols| printer.write(out, index, cols))
        })
    }
}

/// `--unique` for listings: only one representative of each class is printed, its
/// canonical form. In lexicographic order the canonical solutions are simply the ones
/// printed (constant memory). The heuristic order reaches canonical forms rarely (its
/// first queen sits in the middle of a row), so there each solution's canonical form is
/// printed the first time its class is met, and the classes printed are remembered.
struct Unique {
    on: bool,
    lex: bool,
    symmetry: Symmetry,
    seen: HashSet<Vec<usize>>,
}

impl Unique {
    fn new(n: usize, on: bool, lex: bool) -> Self {
        Unique {
            on,
            lex,
            symmetry: Symmetry::new(n),
            seen: HashSet::new(),
        }
    }

    /// Prints `cols` with `print` unless it is filtered out; says whether it printed (all
    /// of it: `print` says so).
    fn emit(
        &mut self,
        cols: &[usize],
        print: impl FnOnce(&[usize]) -> io::Result<bool>,
    ) -> io::Result<bool> {
        if !self.on {
            return print(cols);
        }
        if self.lex {
            if !self.symmetry.is_canonical(cols) {
                return Ok(false);
            }
            return print(cols);
        }
        let canonical = self.symmetry.canonical(cols);
        if self.seen.contains(&canonical) {
            return Ok(false);
        }
        let printed = print(&canonical)?;
        self.seen.insert(canonical);
        Ok(printed)
    }
}

/// Writes solutions in one format, reusing a line buffer.
struct Printer {
    format: Format,
    glyphs: (char, char),
    n: usize,
    line: String,
    /// The flag the signals set: a board of many rows stops being written when it is set.
    stop: Cancel,
}

/// A solution's lines are written in pieces of about this many bytes, and a signal stops
/// them between two.
const PIECE: usize = 1 << 16;

/// Writes the whole lines in `line` out once they make a [`PIECE`]; says whether to go on
/// (`stop` not set).
fn piece(line: &mut String, out: &mut Out, stop: &Cancel) -> io::Result<bool> {
    if line.len() > PIECE {
        out.write_all(line.as_bytes())?;
        line.clear();
        if stop.is_cancelled() {
            return Ok(false);
        }
    }
    Ok(true)
}

impl Printer {
    /// Writes solution number `index` (1-based), given as 0-based columns. Says whether it
    /// wrote all of it: a big board (10 million rows take seconds, to a terminal minutes)
    /// stops after whole rows once a signal has set the flag.
    fn write(&mut self, out: &mut Out, index: u64, cols: &[usize]) -> io::Result<bool> {
        use std::fmt::Write as _;
        let line = &mut self.line;
        line.clear();
        match self.format {
            Format::Numbered => {
                let _ = writeln!(line, "{index}");
                for c in cols {
                    let _ = writeln!(line, "{}", c + 1);
                    if !piece(line, out, &self.stop)? {
                        return Ok(false);
                    }
                }
            }
            Format::Matrix | Format::Board => {
                if index > 1 {
                    line.push('\n');
                }
                let (queen, empty) = if self.format == Format::Matrix {
                    ('1', '0')
                } else {
                    let _ = writeln!(line, "solution {index}");
                    self.glyphs
                };
                for &c in cols {
                    for j in 0..self.n {
                        if j > 0 {
                            line.push(' ');
                        }
                        line.push(if j == c { queen } else { empty });
                    }
                    line.push('\n');
                    // Big boards: write row by row rather than hold the whole board.
                    if !piece(line, out, &self.stop)? {
                        return Ok(false);
                    }
                }
            }
            Format::Compact => {
                // `No.1    1 5 8 …` as in the classic C program's `No.%-5d`, but always a
                // space after the number, however long it grows.
                let _ = write!(line, "No.{index:<4} ");
                push_columns(line, cols, ' ');
                line.push('\n');
            }
            Format::Json => {
                let _ = write!(line, "{{\"index\":{index},\"columns\":[");
                push_columns(line, cols, ',');
                line.push_str("]}\n");
            }
        }
        out.write_all(line.as_bytes())?;
        Ok(true)
    }
}

/// The 1-based columns, `separator` between them.
fn push_columns(line: &mut String, cols: &[usize], separator: char) {
    use std::fmt::Write as _;
    for (k, c) in cols.iter().enumerate() {
        if k > 0 {
            line.push(separator);
        }
        let _ = write!(line, "{}", c + 1);
    }
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
