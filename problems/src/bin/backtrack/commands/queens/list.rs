//! Queens listings: every solution (or one of each class), the first by a search or by
//! a direct method, and how a board prints in each format.

use std::collections::HashSet;
use std::io::{self, Write};

use anyhow::{bail, Result};
use backtrack_problems::queens::{
    construct, with_mask, BitQueens, HeuristicQueens, LocalSearch, Mask, MaskJob, Method,
    Placement, SolveError, Symmetry,
};
use serde_json::json;

use super::{
    glyphs, places, Args, Format, Order, AUTO_LEX_MAX, BITBOARDS, CONSTRUCTION, HEURISTIC, LOCAL,
    MAX_BITBOARD,
};
use crate::driver::{Cutoff, Direct, Job, Out, Settings, Task};

/// The listing `queens` asks for (every solution, `--first` or `--limit K`).
pub(super) fn job(
    args: &Args,
    settings: Settings,
    placement: &Placement,
    format: Format,
) -> Result<Job<'static>> {
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
    let printer = Printer {
        format,
        glyphs: glyphs(args),
        n,
        line: String::new(),
    };
    let filter = Unique::new(n, args.unique, lex);
    let task = if lex {
        with_mask(
            n,
            List {
                placement,
                printer,
                filter,
            },
        )
    } else {
        let problem = HeuristicQueens::with_placement(placement);
        // Big boards are listed for their first solutions, which come at once: split, the
        // N nodes of the first level would cost more than the search, so the whole tree
        // is one subtree.
        let depth = usize::from(n <= AUTO_LEX_MAX);
        emitting(Task::search(problem, depth), printer, filter)
    };
    // What a listing's checkpoint names: the search and what is printed of it.
    let identity =
        json!({ "n": n, "place": places(&args.place), "lex": lex, "unique": args.unique });
    Ok(Job::new(settings, task)
        .describe(if lex { BITBOARDS } else { HEURISTIC })
        .identity("queens", identity))
}

/// The lexicographic listing, on the bitboards of the board's width.
struct List<'a> {
    placement: &'a Placement,
    printer: Printer,
    filter: Unique,
}

impl MaskJob for List<'_> {
    type Output = Task<'static>;

    fn run<M: Mask>(self) -> Task<'static> {
        let problem = BitQueens::<M>::with_placement(self.placement);
        emitting(Task::search(problem, 2), self.printer, self.filter)
    }
}

/// The task of `search`, its solutions printed by `printer` through `filter`.
fn emitting<P>(
    search: crate::driver::SearchTask<'static, P>,
    mut printer: Printer,
    mut filter: Unique,
) -> Task<'static>
where
    P: backtrack::Problem<Solution = Vec<usize>> + Clone + Send + Sync + 'static,
    P::Ops: Clone,
    P::Op: Send + Sync + 'static,
{
    search
        .list(move |out, index, cols| filter.emit(&cols, |cols| printer.write(out, index, cols)))
        .into()
}

/// `--first` by a direct method: the construction or the local search.
pub(super) fn direct(
    args: &Args,
    settings: Settings,
    placement: &Placement,
    format: Format,
    method: Method,
) -> Job<'static> {
    let mut printer = Printer {
        format,
        glyphs: glyphs(args),
        n: args.n,
        line: String::new(),
    };
    let print = move |out: &mut Out, index: u64, cols: Vec<usize>| printer.write(out, index, &cols);
    let placement = placement.clone();
    if method == Method::Construct {
        let task = Task::direct(
            move |_| match construct(&placement) {
                Ok(cols) => Ok(Direct::Found(cols)),
                Err(SolveError::NoSolution { .. }) => Ok(Direct::NoSolution),
                Err(err) => Err(err.into()),
            },
            print,
        );
        return Job::new(settings, task).describe(CONSTRUCTION);
    }
    let mut local = LocalSearch::new(args.seed.unwrap_or(1));
    if let Some(steps) = args.max_steps {
        local = local.max_steps(steps);
    }
    let task = Task::direct(
        move |cancel| match local.cancel(cancel.clone()).solve(&placement) {
            Ok(solution) => Ok(Direct::Found(solution.cols)),
            Err(SolveError::NoSolution { .. }) => Ok(Direct::NoSolution),
            Err(SolveError::StepLimit { steps }) => Ok(Direct::GaveUp(Cutoff::StepLimit(steps))),
            Err(SolveError::Cancelled { .. }) => Ok(Direct::Cancelled),
            Err(err) => Err(err.into()),
        },
        print,
    );
    Job::new(settings, task).describe(LOCAL)
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
}

/// A solution's lines are written in pieces of about this many bytes, and a signal stops
/// them between two.
const PIECE: usize = 1 << 16;

/// Writes the whole lines in `line` out once they make a [`PIECE`]; says whether to go on
/// (no signal has come).
fn piece(line: &mut String, out: &mut Out) -> io::Result<bool> {
    if line.len() > PIECE {
        out.write_all(line.as_bytes())?;
        line.clear();
        if out.cancelled() {
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
                    if !piece(line, out)? {
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
                    if !piece(line, out)? {
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
