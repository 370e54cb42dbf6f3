//! `backtrack exact-cover`: exact cover with colours, by dancing links.

use std::io::{self, Write};
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
/// items apart by spaces, a secondary item written `item:colour` to give it a colour.
/// Lines that start with `|` are comments, blank lines are skipped. Lists every solution
/// as the lines of its options, in the order they were chosen, solutions apart by a blank
/// line (in JSON, `{"index":1,"options":[4,9,…],"rows":["r1 c2 a3 b2",…]}`, options
/// numbered from 1 in input order). At each node the search branches on the primary item
/// with the fewest options left (the first among equals) and tries its options in input
/// order; --tree shows at each node the item chosen and the option that covered it.
///
/// --generate FAMILY [PARAM]... prints a problem of a family instead, for a file to
/// search: `queens N` (N-Queens: ranks and files primary, diagonals secondary), `sudoku
/// FILE` (the puzzle of a sudoku file), `pentominoes` (the twelve pentominoes in a 6×10
/// rectangle), `langford N` (Langford pairings of order N, each found twice, once
/// mirrored), `crossword PATTERN WORD...` (a word of the list in each slot of the
/// pattern, rows of `.` and `#` apart by `/`, crossing words agreeing on their letters:
/// the cells are coloured by their letters).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The problem file; `-` or nothing reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: String,

    /// Print the problem of a family instead of searching one: queens N, sudoku FILE,
    /// pentominoes, langford N, or crossword PATTERN WORD...
    #[arg(
        long,
        num_args = 1..,
        value_names = ["FAMILY", "PARAM"],
        allow_negative_numbers = true,
        conflicts_with_all = [
            "all", "first", "limit", "count", "tree", "estimate", "parts", "checkpoint",
            "resume", "stats", "threads", "format", "time_limit", "node_limit",
        ],
    )]
    pub generate: Option<Vec<String>>,

    #[command(flatten)]
    pub common: CommonParts,
}

/// What `--stats` describes.
const SEARCH: &str = "Algorithm X on dancing links, with colours: the primary item with the fewest options left, its options in input order";

/// The search `backtrack exact-cover` asks for, or the problem it prints.
pub fn job(args: &Args) -> Result<Job<'static>> {
    if let Some(family) = &args.generate {
        let problem = generated(family)?;
        return Ok(Job::write(Settings::plain(false), move |_| {
            Ok(problem.to_string().into_bytes())
        }));
    }
    let json = args.common.json();
    let settings = args.common.settings(Mode::List { limit: None })?;
    let input = input::read(&args.file, "an exact cover problem")?;
    let problem: ExactCover = input
        .text
        .parse()
        .map_err(|err| anyhow!("{}: {err}", input.name))?;
    // The problem as its canonical text would name it, but in a few bytes (a record of a
    // part names its problem, and a problem may be megabytes): its sizes and the CRC-32
    // of that text.
    let identity = json!({
        "items": problem.items(),
        "primary": problem.primary_items(),
        "options": problem.options(),
        "crc32": crc32fast::hash(problem.to_string().as_bytes()),
    });
    let printer = Rc::new(problem.clone());
    let task = Task::search(problem, 4)
        .tree()
        .list(move |out, index, chosen| write(out, &printer, json, index, &chosen).map(|()| true));
    Ok(Job::new(settings, task)
        .describe(SEARCH)
        .thing("cover")
        .identity("exact-cover", identity))
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

/// The problem of `--generate FAMILY PARAM...`; an error names the family.
fn generated(words: &[String]) -> Result<ExactCover> {
    let (family, params) = words.split_first().expect("clap asks for a family");
    let params: Vec<&str> = params.iter().map(String::as_str).collect();
    if !["queens", "langford", "pentominoes", "sudoku", "crossword"].contains(&family.as_str()) {
        bail!(
            "--generate: unknown family `{}`: expected {FAMILIES}",
            crate::args::clip(family)
        );
    }
    of_family(family, &params).map_err(|err| anyhow!("--generate {family}: {err}"))
}

/// The problem of family `family` (one `--generate` knows) with parameters `params`.
fn of_family(family: &str, params: &[&str]) -> Result<ExactCover> {
    let number = |what: &str| -> Result<usize> {
        match params[..] {
            [n] => n
                .parse()
                .map_err(|_| anyhow!("{what} `{}` is not a whole number", crate::args::clip(n))),
            _ => bail!("expected one parameter, {what}"),
        }
    };
    let problem = match family {
        "queens" => generate::queens(number("the board size")?)?.problem,
        "langford" => generate::langford(number("the order")?)?.problem,
        "pentominoes" => {
            if !params.is_empty() {
                bail!("expected no parameter");
            }
            generate::pentominoes().problem
        }
        "sudoku" => {
            let [file] = params[..] else {
                bail!("expected one parameter, the puzzle file");
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
            generate::sudoku(&puzzle.grid)?.problem
        }
        "crossword" => {
            let Some((pattern, words)) = params.split_first() else {
                bail!("expected the pattern, then the words");
            };
            generate::crossword(pattern, words)?.problem
        }
        _ => unreachable!("a family --generate knows"),
    };
    Ok(problem)
}
