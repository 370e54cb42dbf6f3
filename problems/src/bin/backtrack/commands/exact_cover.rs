//! `backtrack exact-cover`: exact cover with colours, by dancing links.

use std::io::{self, Write};
use std::ops::RangeInclusive;
use std::rc::Rc;

use anyhow::{anyhow, bail, Result};
use backtrack_problems::exact_cover::{generate, ExactCover};
use backtrack_problems::sudoku::read_puzzles;
use serde_json::json;

use crate::args::CommonParts;
use crate::driver::{Job, Mode, Out, Settings, Task};
use crate::input;

/// Exact cover, with colours: choose options (lines of items) so that every primary item
/// is in exactly one, and every secondary item in at most one, or in several that give it
/// the same colour. Knuth's Algorithm X on dancing links, his programs' order.
///
/// The file is the text Knuth's programs read: the first line names the items, the
/// primary ones, then `|`, then the secondary ones; each line after it is an option, its
/// items apart by spaces or tabs, a secondary item written `item:colour` to give it a
/// colour. Lines that start with `|` are comments, blank lines are skipped; names hold no
/// other blank and no control character. Lists every solution as the lines of its
/// options, in the order they were chosen, solutions apart by a blank line (in JSON,
/// `{"index":1,"options":[4,9,…],"rows":["r1 c2 a3 b2",…]}`, options numbered from 1 in
/// input order). At each node the search branches on the primary item with the fewest
/// options left (the first among equals) and tries its options in input order; --tree
/// shows at each node the item chosen and the option that covered it.
///
/// --generate FAMILY prints a problem of a family instead, for a file to search; the
/// words after the family are its parameters, and no FILE goes with it: `queens N`
/// (N-Queens: ranks and files primary, diagonals secondary), `sudoku FILE` (the puzzle of
/// a sudoku file), `pentominoes` (the twelve pentominoes in a 6×10 rectangle), `langford
/// N` (Langford pairings of order N, each found twice, once mirrored), `crossword PATTERN
/// WORD...` (a word of the list in each slot of the pattern, rows of `.` and `#` apart by
/// `/`, crossing words agreeing on their letters: the cells are coloured by their
/// letters; each word given once). The file begins with comments naming the puzzle and
/// what a count of it counts, which --stats repeats when it searches the file.
#[derive(Debug, clap::Args)]
pub struct Given {
    /// The problem file; `-` or nothing reads standard input. After --generate FAMILY,
    /// the family's parameters.
    #[arg(value_name = "FILE|PARAM", allow_negative_numbers = true)]
    words: Vec<String>,

    /// Print the problem of a family instead of searching one, its parameters the words
    /// after it: queens N, sudoku FILE, pentominoes, langford N, or crossword PATTERN
    /// WORD...
    #[arg(
        long,
        value_name = "FAMILY",
        conflicts_with_all = [
            "all", "first", "limit", "count", "tree", "estimate", "parts", "checkpoint",
            "resume", "stats", "threads", "format", "time_limit", "node_limit",
        ],
    )]
    generate: Option<String>,

    #[command(flatten)]
    common: CommonParts,
}

/// The arguments of `backtrack exact-cover`: [`Given`], and the words given before
/// `--generate`, which can only be a FILE.
#[derive(Debug)]
pub struct Args {
    given: Given,
    /// The positional words that come before `--generate` on the command line.
    before_generate: Vec<String>,
}

/// The positional words of `given` that come before `--generate` on the command line.
fn before_generate(given: &Given, matches: &clap::ArgMatches) -> Vec<String> {
    match (matches.index_of("generate"), matches.indices_of("words")) {
        (Some(generate), Some(indices)) => indices
            .zip(&given.words)
            .filter(|&(at, _)| at < generate)
            .map(|(_, word)| word.clone())
            .collect(),
        _ => Vec::new(),
    }
}

impl clap::FromArgMatches for Args {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let given = Given::from_arg_matches(matches)?;
        Ok(Args {
            before_generate: before_generate(&given, matches),
            given,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        self.given.update_from_arg_matches(matches)?;
        self.before_generate = before_generate(&self.given, matches);
        Ok(())
    }
}

impl clap::Args for Args {
    fn group_id() -> Option<clap::Id> {
        Given::group_id()
    }

    fn augment_args(command: clap::Command) -> clap::Command {
        Given::augment_args(command)
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        Given::augment_args_for_update(command)
    }
}

/// What `--stats` describes.
const SEARCH: &str = "Algorithm X on dancing links, with colours: the primary item with the fewest options left, its options in input order";

/// The search `backtrack exact-cover` asks for, or the problem it prints.
pub fn job(args: &Args) -> Result<Job<'static>> {
    let Args {
        given,
        before_generate,
    } = args;
    if let Some(family) = &given.generate {
        if let Some(file) = before_generate.first() {
            bail!(
                "FILE `{}` cannot be used with --generate {}: --generate prints a problem and reads no file (the words after its family are its parameters)",
                crate::args::clip(file),
                crate::args::clip(family)
            );
        }
        let text = generated(family, &given.words)?;
        return Ok(Job::write(Settings::plain(false), move |_| {
            Ok(text.into_bytes())
        }));
    }
    let file = match &given.words[..] {
        [] => "-",
        [file] => file,
        [_, extra, ..] => bail!(
            "exact-cover reads one FILE, and `{}` is a second (--generate FAMILY takes parameters)",
            crate::args::clip(extra)
        ),
    };
    let json = given.common.json();
    let settings = given.common.settings(Mode::List { limit: None })?;
    let input = input::read(file, "an exact cover problem")?;
    let problem: ExactCover = input
        .text
        .parse()
        .map_err(|err| anyhow!("{}: {err}", input.name))?;
    // The problem as its canonical text would name it, but in a few bytes (a record of a
    // part names its problem, and a problem may be megabytes): its sizes and the CRC-32
    // of that text, under a key that sorts last, so that a file of another problem is
    // told by the sizes that differ when some do.
    let identity = json!({
        "items": problem.items(),
        "primary": problem.primary_items(),
        "options": problem.options(),
        "text_checksum": crc32fast::hash(problem.to_string().as_bytes()),
    });
    let search = match counted(&input.text) {
        Some(what) => format!("{SEARCH}; a count counts, as the file says: {what}"),
        None => SEARCH.to_string(),
    };
    let printer = Rc::new(problem.clone());
    // Split at depth 2 for threads: a count with a checkpoint goes deeper from there only
    // as far as it needs for its subproblems (each estimated by probes, which would cost
    // more than counting the small subproblems of a deeper level).
    let task = Task::search(problem, 2)
        .tree()
        .list(move |out, index, chosen| write(out, &printer, json, index, &chosen).map(|()| true));
    Ok(Job::new(settings, task)
        .describe(search)
        .thing("cover")
        .identity("exact-cover", identity))
}

/// What a count of the problem of `text` counts, if the file says it: the comment line
/// that `--generate` writes ([`generate::COUNTED`]), without its prefix.
fn counted(text: &str) -> Option<&str> {
    text.lines()
        .find_map(|line| line.strip_prefix(generate::COUNTED))
        .map(str::trim_end)
}

/// Writes solution `index`: its options' lines (after a blank line from the second on),
/// or one JSON line.
fn write(
    out: &mut Out,
    problem: &ExactCover,
    json: bool,
    index: u64,
    chosen: &[usize],
) -> io::Result<()> {
    if json {
        let line = json!({
            "index": index,
            "options": chosen.iter().map(|&k| k + 1).collect::<Vec<_>>(),
            "rows": chosen.iter().map(|&k| problem.option_text(k)).collect::<Vec<_>>(),
        });
        return writeln!(out, "{line}");
    }
    if index > 1 {
        writeln!(out)?;
    }
    for &k in chosen {
        writeln!(out, "{}", problem.option_text(k))?;
    }
    Ok(())
}

/// The families `--generate` knows.
const FAMILIES: &str =
    "queens N, sudoku FILE, pentominoes, langford N, or crossword PATTERN WORD...";

/// The file of `--generate FAMILY PARAM...`, its comments saying what a count counts; an
/// error names the family.
fn generated(family: &str, params: &[String]) -> Result<String> {
    let params: Vec<&str> = params.iter().map(String::as_str).collect();
    if !["queens", "langford", "pentominoes", "sudoku", "crossword"].contains(&family) {
        bail!(
            "--generate: unknown family `{}`: expected {FAMILIES}",
            crate::args::clip(family)
        );
    }
    of_family(family, &params).map_err(|err| anyhow!("--generate {family}: {err:#}"))
}

/// The file of the problem of family `family` (one `--generate` knows) with parameters
/// `params`: [`generate::Encoded::text`].
fn of_family(family: &str, params: &[&str]) -> Result<String> {
    let number = |what: &str, range: RangeInclusive<usize>| -> Result<usize> {
        let [n] = params[..] else {
            bail!("{}", count_of(params, &format!("one parameter, {what}")));
        };
        let digits = n.strip_prefix(['-', '+']).unwrap_or(n);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            bail!("{what} `{}` is not a whole number", crate::args::clip(n));
        }
        match n.parse::<usize>() {
            Ok(n) if range.contains(&n) => Ok(n),
            _ => bail!(
                "{what} must be from {} to {}, not {}",
                range.start(),
                range.end(),
                crate::args::clip(n)
            ),
        }
    };
    let text = match family {
        "queens" => generate::queens(number("the board size", generate::QUEENS_SIZES)?)?.text(),
        "langford" => generate::langford(number("the order", generate::LANGFORD_ORDERS)?)?.text(),
        "pentominoes" => {
            if !params.is_empty() {
                bail!("{}", count_of(params, "no parameter"));
            }
            generate::pentominoes().text()
        }
        "sudoku" => {
            let [file] = params[..] else {
                bail!("{}", count_of(params, "one parameter, the puzzle file"));
            };
            let input = input::read(file, "a puzzle")?;
            let name = input.name;
            let puzzles = read_puzzles(&input.text).map_err(|err| anyhow!("{name}: {err}"))?;
            let [puzzle] = &puzzles[..] else {
                bail!(
                    "{name} holds {} puzzles, and one is encoded at a time",
                    puzzles.len()
                );
            };
            generate::sudoku(&puzzle.grid)?.text()
        }
        "crossword" => {
            let [pattern, words @ ..] = params else {
                bail!("expected the pattern, then the words");
            };
            if words.is_empty() {
                bail!("expected the pattern, then the words: no word given");
            }
            generate::crossword(pattern, words)?.text()
        }
        _ => unreachable!("a family --generate knows"),
    };
    Ok(text)
}

/// What a family that takes `expected` says of `params`: `expected one parameter, the
/// board size, and got 2: `4 q4.xcc``, with a word on the FILE that goes with none.
fn count_of(params: &[&str], expected: &str) -> String {
    if params.is_empty() {
        return format!("expected {expected}");
    }
    let given = crate::args::clip(&params.join(" "));
    format!(
        "expected {expected}, and got {}: `{given}` (the words after --generate FAMILY are its parameters, and no FILE goes with it)",
        params.len()
    )
}
