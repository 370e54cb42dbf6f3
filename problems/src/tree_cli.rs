//! `--tree`: print the solution tree of any problem instead of its solutions.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use anyhow::Result;
use backtrack::tree::{Format, Label, Recorder, TreeWriter};
use backtrack::{Limits, Observer, Optimize, Problem, Search, Stats};
use clap::{Args, ValueEnum};

/// The options of the solution tree, shared by every problem's subcommand.
#[derive(Debug, Args)]
pub struct TreeArgs {
    /// Print the solution tree (nodes v1, v2, … in the order the search enters them)
    /// instead of the solutions.
    // Which options --tree excludes (such as --count) each subcommand says for itself.
    #[arg(long)]
    pub tree: bool,

    /// The tree's format: an indented text tree, Graphviz DOT, or JSON.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = TreeFormat::Text, requires = "tree")]
    pub tree_format: TreeFormat,

    /// Also show the attempts refused by the constraints (unnumbered).
    #[arg(long, requires = "tree")]
    pub tree_rejected: bool,

    /// Record at most N entries (nodes and shown attempts); the search stops there and the
    /// output says the tree is incomplete.
    #[arg(long, value_name = "N", default_value_t = Recorder::DEFAULT_BUDGET as u64,
          value_parser = clap::value_parser!(u64).range(1..), requires = "tree", conflicts_with = "tree_stream")]
    pub tree_budget: u64,

    /// Write the nodes as the search finds them, in constant memory and with no budget
    /// (text is indented by depth, JSON is one node per line).
    #[arg(long, requires = "tree")]
    pub tree_stream: bool,
}

/// `--tree-format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TreeFormat {
    /// An indented tree with box-drawing lines, one node per line.
    Text,
    /// Graphviz: render with `dot -Tsvg`.
    Dot,
    /// JSON: the nodes and the counts.
    Json,
}

impl From<TreeFormat> for Format {
    fn from(format: TreeFormat) -> Self {
        match format {
            TreeFormat::Text => Format::Text,
            TreeFormat::Dot => Format::Dot,
            TreeFormat::Json => Format::Json,
        }
    }
}

/// Searches `problem` with the tree recorder (or writer) that `args` ask for, stopping
/// after `solutions` solutions if given, and writes the tree to stdout; with `stats`, the
/// search statistics go to stderr.
pub fn print_tree<P: Label>(
    problem: P,
    args: &TreeArgs,
    solutions: Option<u64>,
    stats: bool,
) -> Result<ExitCode> {
    print_tree_of(problem, args, solutions, stats, &Every)
}

/// [`print_tree`] for a branch-and-bound search ([`Search::best`]): the tree shows the
/// attempts the bound pruned.
pub fn print_best_tree<P: Label + Optimize>(
    problem: P,
    args: &TreeArgs,
    stats: bool,
) -> Result<ExitCode> {
    print_tree_of(problem, args, None, stats, &Best)
}

/// How the recorded search runs: to the end (or a limit), or by branch and bound.
trait Run<P: Problem> {
    fn run<O: Observer<P>>(&self, search: Search<P, O>) -> Stats;
}

/// Every solution ([`Search::count_solutions`]).
struct Every;

impl<P: Problem> Run<P> for Every {
    fn run<O: Observer<P>>(&self, search: Search<P, O>) -> Stats {
        search.count_solutions().stats
    }
}

/// Branch and bound ([`Search::best`]).
struct Best;

impl<P: Optimize> Run<P> for Best {
    fn run<O: Observer<P>>(&self, search: Search<P, O>) -> Stats {
        search.best().stats
    }
}

fn print_tree_of<P: Label>(
    problem: P,
    args: &TreeArgs,
    solutions: Option<u64>,
    stats: bool,
    run: &impl Run<P>,
) -> Result<ExitCode> {
    let mut limits = Limits::none();
    if let Some(k) = solutions {
        limits = limits.solutions(k);
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let format = Format::from(args.tree_format);
    let search_stats: Stats;
    if args.tree_stream {
        let mut writer = TreeWriter::new(&mut out, format);
        if args.tree_rejected {
            writer = writer.show_rejected();
        }
        search_stats = run.run(Search::new(problem).observer(&mut writer).limits(limits));
        writer.finish()?;
    } else {
        let mut recorder =
            Recorder::new().budget(usize::try_from(args.tree_budget).unwrap_or(usize::MAX));
        if args.tree_rejected {
            recorder = recorder.show_rejected();
        }
        search_stats = run.run(Search::new(problem).observer(&mut recorder).limits(limits));
        recorder.into_tree().write(format, &mut out)?;
    }
    out.flush()?;
    if stats {
        note!("{search_stats}");
    }
    Ok(ExitCode::SUCCESS)
}
