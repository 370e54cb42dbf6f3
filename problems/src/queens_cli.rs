//! `backtrack queens`: options turned into a checked plan, then counted or listed.

use std::collections::HashSet;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use backtrack::parallel;
use backtrack::progress::Meter as Figures;
use backtrack::{Cancel, Limits, Outcome, ParallelLimits, Problem, Search, Stats, StopReason};
use backtrack_problems::queens::{
    count_symmetric, count_unique, BitQueens, HeuristicQueens, Mask, Placement, Symmetry,
};

use crate::cli::{Format, Order, QueensArgs};
use crate::interrupt::{cancel_on_ctrl_c, INTERRUPTED};

/// The largest board on the bitboard path (`u128` masks).
const MAX_BITBOARD: usize = 128;
/// Up to this size `--order auto` is lexicographic: the first solution takes at most about
/// 3 million nodes (n = 28); at n = 30 it takes 56 million, at 34 over 2 billion.
const AUTO_LEX_MAX: usize = 29;

/// What to do, checked before any search runs.
#[derive(Debug)]
enum Mode {
    /// Print how many solutions (or classes, with `unique`).
    Count { unique: bool },
    /// Print solutions (only canonical ones with `unique`), at most `limit`.
    List { limit: Option<u64>, unique: bool },
}

#[derive(Debug)]
struct Plan {
    n: usize,
    mode: Mode,
    format: Format,
    glyphs: (char, char),
    placement: Placement,
    lex: bool,
    threads: Option<u32>,
    stats: bool,
}

impl Plan {
    fn new(args: &QueensArgs) -> Result<Plan> {
        let n = args.n;
        let listing = args.list || args.first || args.limit.is_some() || args.format.is_some();
        let mode = if args.count || (args.unique && !listing) {
            if n > MAX_BITBOARD {
                bail!("counting needs N <= {MAX_BITBOARD} (bitboards), not {n}; a count that large could not finish anyway");
            }
            Mode::Count {
                unique: args.unique,
            }
        } else {
            Mode::List {
                limit: if args.first { Some(1) } else { args.limit },
                unique: args.unique,
            }
        };
        let lex = match args.order {
            Order::Lex if n > MAX_BITBOARD => {
                bail!("--order lex needs N <= {MAX_BITBOARD} (bitboards), not {n}; use --order heuristic")
            }
            Order::Lex => true,
            Order::Heuristic => false,
            Order::Auto => n <= AUTO_LEX_MAX,
        };
        let placement = Placement::new(n, &args.place).context("invalid --place")?;
        Ok(Plan {
            n,
            mode,
            format: args.format.unwrap_or(Format::Numbered),
            glyphs: args.glyphs,
            placement,
            lex,
            threads: args.threads,
            stats: args.stats,
        })
    }
}

/// Runs `backtrack queens`.
pub fn run(args: &QueensArgs) -> Result<ExitCode> {
    let plan = Plan::new(args)?;
    let cancel = cancel_on_ctrl_c();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let (code, stats) = match plan.mode {
        Mode::Count { unique } => count(&plan, unique, &cancel, &mut out)?,
        Mode::List { limit, unique } => list(&plan, limit, unique, &cancel, &mut out)?,
    };
    out.flush()?;
    if plan.stats {
        note!("{stats}");
    }
    Ok(code)
}

fn count(
    plan: &Plan,
    unique: bool,
    cancel: &Cancel,
    out: &mut impl Write,
) -> Result<(ExitCode, Stats)> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(plan.threads.map_or(0, |t| t as usize))
        .build()
        .context("cannot start the counting threads")?;
    let meter = Meter::new();
    let limits = ParallelLimits::none()
        .cancel(cancel.clone())
        .meter(meter.figures.clone());
    let outcome = pool.install(|| match plan.n {
        0..=32 => count_with::<u32>(plan, unique, &limits),
        33..=64 => count_with::<u64>(plan, unique, &limits),
        _ => count_with::<u128>(plan, unique, &limits),
    });
    meter.finish();
    match outcome.stopped {
        None => {
            writeln!(out, "{}", outcome.found)?;
            Ok((ExitCode::SUCCESS, outcome.stats))
        }
        Some(reason) => {
            writeln!(out, "{} (partial: {reason})", outcome.found)?;
            out.flush()?;
            note!("backtrack: {reason}: the count is partial");
            Ok((ExitCode::from(INTERRUPTED), outcome.stats))
        }
    }
}

/// Counts solutions, or classes with `unique`. An empty board is counted in Takaken's
/// reduced space ([`count_symmetric`]), which gives both figures; its statistics are those
/// of the reduced tree.
fn count_with<M: Mask>(plan: &Plan, unique: bool, limits: &ParallelLimits) -> Outcome<u64> {
    if plan.placement.is_empty() {
        let outcome = count_symmetric::<M>(plan.n, limits, |_| {});
        Outcome {
            found: if unique {
                outcome.found.unique
            } else {
                outcome.found.total
            },
            stats: outcome.stats,
            stopped: outcome.stopped,
        }
    } else if unique {
        count_unique::<M>(plan.n, limits)
    } else {
        let problem = BitQueens::<M>::with_placement(&plan.placement);
        parallel::count(&problem, 2.min(plan.n), limits)
    }
}

/// Progress of a long count on stderr, once a second, only on a terminal.
struct Meter {
    figures: Figures,
    done: std::sync::Arc<Mutex<bool>>,
    shown: std::sync::Arc<Mutex<bool>>,
}

impl Meter {
    fn new() -> Self {
        let meter = Meter {
            figures: Figures::new(),
            done: std::sync::Arc::default(),
            shown: std::sync::Arc::default(),
        };
        if io::stderr().is_terminal() {
            let (figures, done, shown) = (
                meter.figures.clone(),
                meter.done.clone(),
                meter.shown.clone(),
            );
            std::thread::spawn(move || {
                let start = Instant::now();
                loop {
                    std::thread::sleep(Duration::from_secs(1));
                    if *done.lock().expect("no panics while locked") {
                        return;
                    }
                    let r = figures.read();
                    let (d, t) = r.parts.unwrap_or((0, 0));
                    *shown.lock().expect("no panics while locked") = true;
                    let _ = write!(
                        io::stderr(),
                        "\rcounting: {d} of {t} subtrees, {} nodes, {:.0?} (Ctrl-C stops)",
                        r.nodes,
                        start.elapsed()
                    );
                }
            });
        }
        meter
    }

    fn finish(&self) {
        *self.done.lock().expect("no panics while locked") = true;
        if *self.shown.lock().expect("no panics while locked") {
            note!();
        }
    }
}

fn list(
    plan: &Plan,
    limit: Option<u64>,
    unique: bool,
    cancel: &Cancel,
    out: &mut impl Write,
) -> Result<(ExitCode, Stats)> {
    let limits = Limits::none().cancel(cancel.clone());
    let p = &plan.placement;
    let (listed, stats, stopped) = match (plan.lex, plan.n) {
        (true, 0..=32) => emit(
            plan,
            Search::new(BitQueens::<u32>::with_placement(p)),
            limits,
            limit,
            unique,
            out,
        )?,
        (true, 33..=64) => emit(
            plan,
            Search::new(BitQueens::<u64>::with_placement(p)),
            limits,
            limit,
            unique,
            out,
        )?,
        (true, _) => emit(
            plan,
            Search::new(BitQueens::<u128>::with_placement(p)),
            limits,
            limit,
            unique,
            out,
        )?,
        (false, _) => emit(
            plan,
            Search::new(HeuristicQueens::with_placement(p)),
            limits,
            limit,
            unique,
            out,
        )?,
    };
    if stopped == Some(StopReason::Cancelled) {
        out.flush()?;
        note!("backtrack: cancelled after {listed} solutions");
        return Ok((ExitCode::from(INTERRUPTED), stats));
    }
    if listed == 0 {
        if plan.format != Format::Json {
            writeln!(out, "no solution")?;
        }
        return Ok((ExitCode::from(1), stats));
    }
    Ok((ExitCode::SUCCESS, stats))
}

/// Prints the solutions of `search` as they come. Returns how many were printed, the
/// statistics and why the search stopped early, if it did.
///
/// With `unique`, only one representative of each class is printed, its canonical form. In
/// lexicographic order the canonical solutions are simply the ones printed (constant
/// memory). The heuristic order reaches canonical forms rarely (its first queen sits in
/// the middle of a row), so there each solution's canonical form is printed the first time
/// its class is met, and the classes printed are remembered.
fn emit<P: Problem<Solution = Vec<usize>>>(
    plan: &Plan,
    search: Search<P>,
    limits: Limits,
    limit: Option<u64>,
    unique: bool,
    out: &mut impl Write,
) -> Result<(u64, Stats, Option<StopReason>)> {
    let mut search = search.limits(limits);
    let mut symmetry = Symmetry::new(plan.n);
    let mut seen: HashSet<Vec<usize>> = HashSet::new();
    let mut printer = Printer::new(plan);
    let mut listed = 0u64;
    while limit.is_none_or(|k| listed < k) {
        let Some(mut cols) = search.next() else { break };
        if unique {
            if plan.lex {
                if !symmetry.is_canonical(&cols) {
                    continue;
                }
            } else {
                cols = symmetry.canonical(&cols);
                if !seen.insert(cols.clone()) {
                    continue;
                }
            }
        }
        listed += 1;
        printer.write(out, listed, &cols)?;
    }
    Ok((listed, *search.stats(), search.stopped()))
}

/// Writes solutions in one format, reusing a line buffer.
struct Printer {
    format: Format,
    glyphs: (char, char),
    n: usize,
    line: String,
}

impl Printer {
    fn new(plan: &Plan) -> Self {
        Printer {
            format: plan.format,
            glyphs: plan.glyphs,
            n: plan.n,
            line: String::new(),
        }
    }

    /// Writes solution number `index` (1-based), given as 0-based columns.
    fn write(&mut self, out: &mut impl Write, index: u64, cols: &[usize]) -> io::Result<()> {
        use std::fmt::Write as _;
        let line = &mut self.line;
        line.clear();
        match self.format {
            Format::Numbered => {
                let _ = writeln!(line, "{index}");
                for c in cols {
                    let _ = writeln!(line, "{}", c + 1);
                }
            }
            Format::Matrix | Format::Board => {
                if index > 1 {
                    line.push('\n');
                }
                let (queen, empty, sep) = if self.format == Format::Matrix {
                    ('1', '0', ' ')
                } else {
                    let _ = writeln!(line, "solution {index}");
                    (self.glyphs.0, self.glyphs.1, ' ')
                };
                for &c in cols {
                    for j in 0..self.n {
                        if j > 0 {
                            line.push(sep);
                        }
                        line.push(if j == c { queen } else { empty });
                    }
                    line.push('\n');
                    // Big boards: write row by row rather than hold the whole board.
                    if line.len() > 1 << 16 {
                        out.write_all(line.as_bytes())?;
                        line.clear();
                    }
                }
            }
            Format::Compact => {
                let _ = write!(line, "No.{index:<5}");
                for (k, c) in cols.iter().enumerate() {
                    if k > 0 {
                        line.push(' ');
                    }
                    let _ = write!(line, "{}", c + 1);
                }
                line.push('\n');
            }
            Format::Json => {
                let _ = write!(line, "{{\"index\":{index},\"columns\":[");
                for (k, c) in cols.iter().enumerate() {
                    if k > 0 {
                        line.push(',');
                    }
                    let _ = write!(line, "{}", c + 1);
                }
                line.push_str("]}\n");
            }
        }
        out.write_all(line.as_bytes())
    }
}
