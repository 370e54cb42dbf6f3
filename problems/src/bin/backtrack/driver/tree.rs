//! `--tree`: the solution tree of any problem instead of its solutions, recorded (within
//! `--tree-budget`) or streamed. A tree stopped early (a signal, a limit, the budget) is
//! still printed whole: the nodes recorded so far, those still open marked cut off, and
//! for a stream the last line and DOT's closing `}`.

use std::io::Write;

use anyhow::Result;
use backtrack::tree::{Format, Label, Limit, Recorder, TreeWriter};
use backtrack::{Limits, Observer, Optimize, Outcome, Problem, Search, Stats, StopReason};

use super::progress::Progress;
use super::settings::{Tree, TreeFormat, MAX_TREE_BUDGET};
use super::{output, plural, Cutoff, Driver, Mode};
use crate::exit::Status;

/// How the recorded search runs: to the end (or a limit), or by branch and bound.
pub(super) trait Run<P: Problem> {
    fn run<O: Observer<P>>(&self, search: Search<P, O>) -> Outcome<()>;
}

/// Every solution ([`Search::count_solutions`]), or the first K.
pub(super) struct Every;

impl<P: Problem> Run<P> for Every {
    fn run<O: Observer<P>>(&self, search: Search<P, O>) -> Outcome<()> {
        let outcome = search.count_solutions();
        Outcome {
            found: (),
            stats: outcome.stats,
            stopped: outcome.stopped,
        }
    }
}

/// Branch and bound ([`Search::best`]): the tree shows what the bound pruned.
pub(super) struct Best;

impl<P: Optimize> Run<P> for Best {
    fn run<O: Observer<P>>(&self, search: Search<P, O>) -> Outcome<()> {
        let outcome = search.best();
        Outcome {
            found: (),
            stats: outcome.stats,
            stopped: outcome.stopped,
        }
    }
}

/// What a stopped tree shows of the nodes it leaves open, as each output can: a recorded
/// tree marks them; a stream wrote them before the stop, so DOT restyles them at its end,
/// JSON lists them in its last line, and text can only end saying the tree is incomplete.
fn cut_off(args: &Tree) -> &'static str {
    match (args.stream, args.format) {
        (false, _) | (true, TreeFormat::Html) => "its open nodes marked cut off",
        (true, TreeFormat::Dot) => "its open nodes restyled as cut off at its end",
        (true, TreeFormat::Json) => "its open nodes listed in its last line (cut_off)",
        (true, TreeFormat::Text) => {
            "its last line says so (its open nodes, written before the stop, are not marked)"
        }
    }
}

/// The command line, as the HTML page's title: `backtrack queens 4 --tree --tree-format html`.
fn command_line() -> String {
    let mut words: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|word| word.to_string_lossy().into_owned())
        .collect();
    words.insert(0, "backtrack".into());
    words.join(" ")
}

/// What a drawn tree's search left: its outcome, the figures `--stats` gives (the
/// search's, or for a tree cut at its budget, the tree's: the search may refuse attempts
/// after the last entry that fit), and what cut it off, if anything did.
struct Drawn {
    outcome: Outcome<()>,
    stats: Stats,
    cutoff: Option<Cutoff>,
}

/// Did the search stop at `--first` or `--limit K`?
fn at_limit(outcome: &Outcome<()>) -> bool {
    outcome.stopped == Some(StopReason::SolutionLimit)
}

/// How the tree names its stop, as the other outputs do (key and words): the cutoff, or
/// `limit` for `--first` and `--limit K`.
fn stop_name(cutoff: Option<Cutoff>, outcome: &Outcome<()>) -> Option<(String, String)> {
    match cutoff {
        Some(cutoff) => Some((cutoff.key(), cutoff.to_string())),
        None => at_limit(outcome).then(|| ("limit".into(), "at the solutions asked for".into())),
    }
}

impl Driver {
    /// Prints the tree of the search of `problem`, run as `run` says: every solution (or
    /// up to the `--first`/`--limit K` one), or the branch and bound.
    pub(super) fn tree<P: Label>(&mut self, problem: P, run: &impl Run<P>) -> Result<Status> {
        let args = self.settings.flags.tree.expect("a tree is asked for");
        let progress = self.progress(args.stream);
        let mut limits: Limits = self.limits(progress.meter());
        if let Mode::List { limit: Some(k) } = self.settings.flags.mode {
            limits = limits.solutions(k);
        }
        let search = Search::new(problem);
        // HTML cannot be streamed (the command line refuses --tree-stream with it).
        let drawn = if let Some(format) = args.format.streamed().filter(|_| args.stream) {
            self.stream_tree(search, run, limits, progress, format, &args)?
        } else {
            self.record_tree(search, run, limits, progress, &args)?
        };
        self.out.flush().map_err(output::failed)?;
        let Drawn {
            outcome,
            stats,
            cutoff,
        } = drawn;
        if let Some(cutoff) = cutoff {
            say_tree_cut_off(&args, cutoff);
        }
        self.print_stats(&stats, cutoff, at_limit(&outcome), None, None);
        // As a listing: a whole tree with no solution in it is exit status 1.
        Ok(match cutoff {
            Some(cutoff) => cutoff.status(),
            None if outcome.stats.solutions == 0 => Status::NoSolution,
            None => Status::Success,
        })
    }

    /// Runs `search` as `run` says under `limits`, writing its tree as it goes in
    /// `format`; `progress` is finished when the search ends.
    fn stream_tree<P: Label>(
        &mut self,
        search: Search<P>,
        run: &impl Run<P>,
        limits: Limits,
        progress: Progress,
        format: Format,
        args: &Tree,
    ) -> Result<Drawn> {
        let mut writer = TreeWriter::new(&mut self.out, format);
        if args.rejected {
            writer = writer.show_rejected();
        }
        let outcome = run.run(search.observer(&mut writer).limits(limits));
        progress.finish();
        let cutoff = super::cutoff_for(&self.stopper, &self.settings, outcome.stopped);
        if let Some((key, words)) = stop_name(cutoff, &outcome) {
            writer.name_stop(key, words);
        }
        writer.finish().map_err(output::failed)?;
        Ok(Drawn {
            stats: outcome.stats,
            outcome,
            cutoff,
        })
    }

    /// Runs `search` as `run` says under `limits`, recording its tree within
    /// `--tree-budget`, then writes the tree in the format `args` asks for; `progress` is
    /// finished when the search ends.
    fn record_tree<P: Label>(
        &mut self,
        search: Search<P>,
        run: &impl Run<P>,
        limits: Limits,
        progress: Progress,
        args: &Tree,
    ) -> Result<Drawn> {
        let budget = usize::try_from(args.budget).unwrap_or(usize::MAX);
        let mut recorder = Recorder::new().budget(budget);
        if args.rejected {
            recorder = recorder.show_rejected();
        }
        let outcome = run.run(search.observer(&mut recorder).limits(limits));
        progress.finish();
        let mut tree = recorder.into_tree();
        let stats = if tree.truncated() {
            Stats {
                elapsed: outcome.stats.elapsed,
                ..*tree.stats()
            }
        } else {
            outcome.stats
        };
        // Why the tree stops short, as the tree says it: the recorder's budget (the
        // recorder, an observer, stopped the search), or a limit or a signal.
        let cutoff = match (tree.stopped(), tree.truncated_at()) {
            (Some(StopReason::Observer), Some(Limit::Entries(_))) => {
                Some(Cutoff::Budget(args.budget))
            }
            (Some(StopReason::Observer), Some(Limit::Memory(bytes))) => Some(Cutoff::Memory(bytes)),
            (reason, _) => self.cutoff_of(reason),
        };
        if let Some((key, words)) = stop_name(cutoff, &outcome) {
            tree.name_stop(key, words);
        }
        match args.format.streamed() {
            Some(format) => tree.write(format, &mut self.out),
            None => write!(self.out, "{}", tree.html().title(&command_line())),
        }
        .map_err(output::failed)?;
        Ok(Drawn {
            outcome,
            stats,
            cutoff,
        })
    }
}

/// Says on stderr that `cutoff` left the tree drawn as `args` asks partial, and for a
/// tree cut at its budget, what to do instead.
fn say_tree_cut_off(args: &Tree, cutoff: Cutoff) {
    note!(
        "backtrack: {cutoff}: the tree is partial, {}",
        cut_off(args)
    );
    // --tree-stream has no budget, but writes no HTML.
    let stream = if args.format == TreeFormat::Html {
        "--tree-stream (text, dot or json)"
    } else {
        "--tree-stream"
    };
    match cutoff {
        Cutoff::Budget(budget) => note!(
            "backtrack: raise --tree-budget (now {}, at most {}) or use {stream}",
            plural(budget, "entry", "entries"),
            MAX_TREE_BUDGET
        ),
        Cutoff::Memory(_) => {
            note!("backtrack: the labels are long: use {stream} for this tree");
        }
        _ => {}
    }
}
