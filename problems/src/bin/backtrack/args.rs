//! The flags every subcommand shares, flattened into each as one [`SearchArgs`] ([`Common`] with `--format`, [`CommonParts`] with the flags of counts in parts): what to
//! search for (`Modes`), how to run (`Run`), the solution tree (`TreeArgs`); and
//! `--format text|json` (`TextFormat`) for those without formats of their own. Value
//! parsers give messages that say what was expected.

use std::time::Duration;

use clap::{Arg, Args, ValueEnum};

use anyhow::Result;

use crate::driver::{Flags, Mode, Settings, Tree, TreeFormat, MAX_TREE_BUDGET};

/// The most counting threads the tool starts (far beyond any machine's cores: a pool of
/// billions of threads is not refused by rayon, it hangs starting them).
pub const MAX_THREADS: u64 = 1024;

/// The most parts a count is split into (`--parts`): each part gets
/// [`backtrack::parallel::SUBPROBLEMS_PER_PART`] subproblems or more.
pub const MAX_PARTS: u64 = 10_000;

/// The flags of every subcommand.
#[derive(Debug, Args)]
pub struct SearchArgs {
    #[command(flatten)]
    pub modes: Modes,

    #[command(flatten)]
    pub run: Run,

    #[command(flatten)]
    pub tree: TreeArgs,

    #[command(flatten)]
    pub estimate: EstimateArgs,
}

impl SearchArgs {
    /// The driver's settings for these flags: the mode they ask for (`default` if none),
    /// checked against `--threads` and the rest; `json` if the subcommand's format is.
    /// `--tree-format json` makes `--stats` JSON too.
    pub fn settings(&self, default: Mode, json: bool) -> Result<Settings> {
        let tree = &self.tree;
        Settings::new(&Flags {
            mode: self.modes.mode(default),
            threads: self.run.threads,
            time: self.run.time_limit,
            nodes: self.run.node_limit,
            quiet: self.run.quiet,
            stats: self.run.stats,
            json: json || tree.json(),
            estimate: self
                .estimate
                .estimate
                .then_some((self.estimate.probes, self.estimate.probe_seed)),
            tree: tree.tree.then_some(Tree {
                format: tree.tree_format,
                rejected: tree.tree_rejected,
                budget: tree.tree_budget,
                stream: tree.tree_stream,
            }),
        })
    }
}

/// The flags of a subcommand whose solutions print as text or JSON.
#[derive(Debug, Args)]
pub struct Common {
    #[command(flatten)]
    pub search: SearchArgs,

    #[command(flatten)]
    pub format: TextFormat,
}

impl Common {
    /// The driver's settings for these flags, the mode `default` if they ask for none.
    pub fn settings(&self, default: Mode) -> Result<Settings> {
        self.search.settings(default, self.format.json())
    }

    /// Are the solutions printed as JSON (`--format json`, or a JSON tree)?
    pub fn json(&self) -> bool {
        self.format.json() || self.search.tree.json()
    }
}

/// [`Common`] with the flags of a count shared among runs or ranks ([`Sharing`]).
#[derive(Debug, Args)]
pub struct CommonParts {
    #[command(flatten)]
    pub search: SearchArgs,

    #[command(flatten)]
    pub sharing: Sharing,

    #[command(flatten)]
    pub format: TextFormat,
}

impl CommonParts {
    /// The driver's settings for these flags, the mode `default` if they ask for none.
    pub fn settings(&self, default: Mode) -> Result<Settings> {
        self.search
            .settings(default, self.format.json())?
            .sharing(&self.sharing.plain())
    }

    /// Are the solutions printed as JSON (`--format json`, or a JSON tree)?
    pub fn json(&self) -> bool {
        self.format.json() || self.search.tree.json()
    }
}

/// What to search for: every solution, the first, the first K, or how many.
#[derive(Debug, Args)]
#[command(next_help_heading = "Modes")]
pub struct Modes {
    /// List every solution as it is found (the default).
    #[arg(long, short, alias = "list", conflicts_with_all = ["first", "limit", "count"])]
    pub all: bool,

    /// Print only the first solution (or "no solution", exit status 1).
    #[arg(long, short, conflicts_with_all = ["limit", "count"])]
    pub first: bool,

    /// Stop after K solutions: list at most K, or with --count count at most K.
    #[arg(long, short, value_name = "K", value_parser = parse_limit, allow_negative_numbers = true)]
    pub limit: Option<u64>,

    /// Print only the number of solutions (on all cores; see --threads).
    #[arg(long, short)]
    pub count: bool,
}

impl Modes {
    /// The mode these flags ask for, `default` when they ask for none.
    pub fn mode(&self, default: Mode) -> Mode {
        if self.count {
            Mode::Count { limit: self.limit }
        } else if self.first {
            Mode::List { limit: Some(1) }
        } else if self.limit.is_some() {
            Mode::List { limit: self.limit }
        } else if self.all {
            Mode::List { limit: None }
        } else {
            default
        }
    }
}

/// How to run the search: threads, limits, progress and statistics.
#[derive(Debug, Args)]
#[command(next_help_heading = "Running")]
pub struct Run {
    /// Threads, 1 to 1024: parts of the tree searched at once, on at most the machine's
    /// cores.
    ///
    /// More threads than cores are run as many as them, and said so. A count uses all cores
    /// unless told; a listing (--first, --limit K, every solution) and the best (branch and
    /// bound) use one thread unless told (printing, not searching, is what takes the time
    /// of most listings, and a second thread only slows it). A listing prints what one
    /// thread prints, in the same order; the best is the same solution (--stats counts
    /// what every thread did). 1: the serial search. One thread always with
    /// --node-limit, --tree, a count with --limit, and a listing or best with
    /// --checkpoint/--resume (refused with --threads N).
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_threads, allow_negative_numbers = true)]
    pub threads: Option<usize>,

    /// Stop after this long and print what was found, marked partial (exit status 3):
    /// 500ms, 10s, 5m, 1h30m; a bare number is seconds.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration, allow_hyphen_values = true)]
    pub time_limit: Option<Duration>,

    /// Stop after visiting N nodes of the search tree and print what was found, marked
    /// partial (exit status 3). Exact: a count with it runs on one thread, in search order.
    #[arg(long, value_name = "N", value_parser = parse_node_limit, allow_negative_numbers = true)]
    pub node_limit: Option<u64>,

    /// No progress bar (it is shown on stderr only when stderr is a terminal).
    #[arg(long, short)]
    pub quiet: bool,

    /// Print the search statistics to stderr (one JSON object with --format json).
    #[arg(long, short)]
    pub stats: bool,
}

/// `--estimate`: the size and time of the search, before running it.
#[derive(Debug, Args)]
#[command(next_help_heading = "Estimate")]
pub struct EstimateArgs {
    /// Estimate the search instead of running it: its nodes and solutions, by random
    /// probes of its tree (Knuth's estimator, with 95% intervals), and its time, from the
    /// speed of a sample of a quarter of a second (a count of queens by half boards: of
    /// blocks drawn at random, up to 10 seconds).
    #[arg(long, conflicts_with_all = ["tree", "first", "limit"])]
    pub estimate: bool,

    /// How many random probes --estimate makes: more narrow the intervals.
    #[arg(long, value_name = "K", default_value_t = DEFAULT_PROBES, value_parser = parse_probes, requires = "estimate", allow_negative_numbers = true)]
    pub probes: u32,

    /// The seed of --estimate's probes: the same seed gives the same estimate.
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = parse_probe_seed, requires = "estimate", allow_negative_numbers = true)]
    pub probe_seed: u64,
}

/// `--probes` when not given.
const DEFAULT_PROBES: u32 = 10_000;
/// The most probes: about a minute of probing on the biggest trees.
const MAX_PROBES: u64 = 100_000_000;

fn parse_probes(text: &str) -> Result<u32, String> {
    whole(text, 1, MAX_PROBES).map(|k| k as u32)
}

fn parse_probe_seed(text: &str) -> Result<u64, String> {
    whole(text, 0, u64::MAX)
}

/// `--parts N --part K`, `--mpi`: a count shared among runs or among the ranks of an MPI
/// job (queens, knapsack, subset-sum, exact-cover and model).
#[derive(Debug, Args)]
#[command(next_help_heading = "Counting on a cluster")]
pub struct Sharing {
    /// Count in N parts, 1 to 10000, one part per run (with --part K): the tree is split
    /// into many subproblems dealt to the parts by estimated size, each run writes a JSON
    /// record of its part, and `backtrack merge` adds the records up. For batch schedulers
    /// (Slurm array jobs, GNU parallel, xargs).
    #[arg(long, value_name = "N", value_parser = parse_parts, allow_negative_numbers = true,
          requires = "part")]
    pub parts: Option<usize>,

    /// Which part this run counts, 1 to N (with --parts N).
    #[arg(long, value_name = "K", value_parser = parse_part, allow_negative_numbers = true,
          requires = "parts")]
    pub part: Option<usize>,

    /// Count across the ranks of an MPI job, under mpirun (-np P): rank 0 hands out
    /// subproblems from a work queue, every rank counts them with its threads (--threads),
    /// and rank 0 prints the total. Needs a build with the mpi feature.
    #[arg(long, conflicts_with_all = ["parts", "part"])]
    pub mpi: bool,

    /// Keep the progress in FILE and go on from what FILE already holds: a count records
    /// each finished subproblem (on this machine, or with --mpi), a listing its position
    /// every two seconds and when it stops, so that a run stopped (Ctrl-C, a time limit,
    /// a crash) and run again goes on where it stopped.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["parts", "part"])]
    pub checkpoint: Option<std::path::PathBuf>,

    /// Go on with the count or listing FILE records (made by --checkpoint FILE), and keep
    /// the progress in it from here. FILE must exist.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["parts", "part", "checkpoint"])]
    pub resume: Option<std::path::PathBuf>,
}

impl Sharing {
    /// The flags as the driver takes them.
    pub fn plain(&self) -> crate::driver::Sharing {
        crate::driver::Sharing {
            // clap requires each of --part and --parts with the other.
            part: self.part.zip(self.parts),
            mpi: self.mpi,
            checkpoint: self.checkpoint.clone(),
            resume: self.resume.clone(),
        }
    }
}

/// `--format` of the subcommands whose solutions print as text or JSON.
#[derive(Debug, Args)]
#[command(next_help_heading = "Output")]
pub struct TextFormat {
    /// How to print solutions, counts and --stats: text, or JSON Lines (one object per
    /// line, the last one saying whether the output is complete).
    #[arg(long, value_enum, default_value_t = Format::Text, conflicts_with = "tree")]
    pub format: Format,
}

impl TextFormat {
    /// Is the output JSON?
    pub fn json(&self) -> bool {
        self.format == Format::Json
    }
}

/// `--format text|json`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Text for people, one solution after another.
    Text,
    /// JSON Lines: one object per solution, then a closing object.
    Json,
}

/// The options of the solution tree.
#[derive(Debug, Args)]
#[command(next_help_heading = "Solution tree")]
pub struct TreeArgs {
    /// Print the solution tree (nodes v1, v2, … in the order the search enters them)
    /// instead of the solutions; with --first or --limit K, up to that solution.
    #[arg(long, conflicts_with = "count")]
    pub tree: bool,

    /// The tree's format: an indented text tree, Graphviz DOT, JSON, or an HTML page that
    /// replays the search (open it in a browser). --stats follows it: JSON with json.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = TreeFormat::Text, requires = "tree")]
    pub tree_format: TreeFormat,

    /// Also show the attempts refused by the constraints (unnumbered).
    #[arg(long, requires = "tree")]
    pub tree_rejected: bool,

    /// Record at most N entries, 1 to 5000000 (nodes and shown attempts, about 200 bytes
    /// each), and at most 256 MiB of them (long labels reach it first); a bigger tree stops
    /// the search there, is printed cut off, and exits with status 3.
    #[arg(long, value_name = "N", default_value_t = backtrack::tree::Recorder::DEFAULT_BUDGET as u64,
          value_parser = parse_budget, allow_negative_numbers = true, requires = "tree",
          conflicts_with = "tree_stream")]
    pub tree_budget: u64,

    /// Write the nodes as the search finds them, in constant memory and with no budget
    /// (text is indented by depth, at most 32 levels; JSON is one node per line): a line
    /// an entry, so --node-limit N bounds the output to about 200 bytes a node.
    #[arg(long, requires = "tree")]
    pub tree_stream: bool,
}

impl TreeArgs {
    /// Is the tree written as JSON?
    pub fn json(&self) -> bool {
        self.tree && self.tree_format == TreeFormat::Json
    }
}

/// The shared flags' help in a subcommand's own words (`packing`, not `solution`): for
/// `#[command(mut_args(reworded(&[("first", "…")])))]`. (`mut_args`, not `mut_arg`:
/// `mut_arg` moves the flag it changes to the end, and with it its heading.)
pub fn reworded(help: &'static [(&'static str, &'static str)]) -> impl FnMut(Arg) -> Arg {
    move |arg| match help.iter().find(|(id, _)| arg.get_id() == *id) {
        Some((_, text)) => arg.help(*text),
        None => arg,
    }
}

/// At most 40 characters of what the user typed, then `…`: an error line quotes a value
/// without repeating a pasted page of it (its control characters are escaped where the
/// line is printed, as every error's).
pub fn clip(text: &str) -> String {
    if text.chars().count() > 40 {
        text.chars().take(40).chain(['…']).collect()
    } else {
        text.to_string()
    }
}

/// `text` with its control characters escaped (`\n`, `\t`, `\u{1b}`), the rest as it
/// is: what an error line says (escaped where it is printed), or a file's name shown
/// elsewhere, keeps to one line.
pub fn escaped(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            shown.extend(c.escape_debug());
        } else {
            shown.push(c);
        }
    }
    shown
}

/// A whole number from `min` to `max`, for a flag: "must be at least 1, not 0", "must be
/// a whole number, not 'ten'".
pub fn whole(text: &str, min: u64, max: u64) -> Result<u64, String> {
    let shown = clip(text);
    let digits = text.trim();
    let unsigned = digits.strip_prefix('+').unwrap_or(digits);
    match unsigned.parse::<u64>() {
        Ok(n) if n < min => Err(format!("must be at least {min}, not {n}")),
        Ok(n) if n > max => Err(format!("must be at most {max}, not {n}")),
        Ok(n) => Ok(n),
        Err(_) => {
            let negative = unsigned.strip_prefix('-').unwrap_or(unsigned);
            let is_whole = !negative.is_empty() && negative.bytes().all(|b| b.is_ascii_digit());
            Err(if is_whole && unsigned.starts_with('-') {
                format!("must be at least {min}, not {}", clip(digits))
            } else if is_whole {
                format!("must be at most {max}, not {}", clip(digits))
            } else {
                format!("must be a whole number, not '{shown}'")
            })
        }
    }
}

/// A square of a board, `ROW:COL` or `ROW,COL` (either separator, for every flag that
/// takes one: `queens --place`, `knights-tour --start`), each a whole number, 1-based.
/// `None` if it is not two whole numbers apart by one of them; their range is the flag's
/// to check.
pub fn square(text: &str) -> Option<(usize, usize)> {
    let (row, col) = text.split_once([':', ','])?;
    let number = |word: &str| {
        let word = word.trim();
        let word = word.strip_prefix('+').unwrap_or(word);
        (!word.is_empty() && word.bytes().all(|b| b.is_ascii_digit()))
            .then(|| word.parse::<usize>().ok())
            .flatten()
    };
    Some((number(row)?, number(col)?))
}

/// A square as a flag took it (`queens --place`, `knights-tour --start`): its row and
/// column, 1-based, and the text given, which an error echoes (`1:0`, not `1,0`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Square {
    /// Row and column, from 1.
    pub at: (usize, usize),
    /// The text given, without the blanks around it.
    pub given: String,
}

/// The value parser of every flag that takes a square (`queens --place`, `knights-tour
/// --start`): [`square`], with one wording for what is not one.
pub fn parse_square(text: &str) -> Result<Square, String> {
    let at = square(text).ok_or_else(|| {
        format!(
            "must be a square, ROW:COL or ROW,COL (a row and a column from 1, such as 1:1), not '{}'",
            clip(text)
        )
    })?;
    Ok(Square {
        at,
        given: text.trim().to_string(),
    })
}

/// The error of a square off a board of `rows`×`cols` (squares are 1-based: row or column
/// 0 is off it too), `given` as `flag` was given it, one wording for every flag: `--place
/// 0:3 is off the 8×8 board: rows and columns are 1 to 8`.
pub fn off_board(flag: &str, given: &str, rows: usize, cols: usize) -> String {
    let range = if rows == cols {
        format!("rows and columns are 1 to {rows}")
    } else {
        format!("rows are 1 to {rows}, columns 1 to {cols}")
    };
    format!("{flag} {given} is off the {rows}×{cols} board: {range}")
}

/// Is the 1-based square `(row, col)` on a board of `rows`×`cols`?
pub fn on_board((row, col): (usize, usize), rows: usize, cols: usize) -> bool {
    (1..=rows).contains(&row) && (1..=cols).contains(&col)
}

/// The largest N of permutations and combinations: the first permutation of 1000 values is found at once (its search tries
/// about N²/2 values), and no listing of so many could ever end.
pub const MAX_SET: u64 = 1000;

/// The N (or K) of permutations and combinations, 0 to [`MAX_SET`].
pub fn parse_set_size(text: &str) -> Result<usize, String> {
    whole(text, 0, MAX_SET).map(|n| n as usize)
}

fn parse_limit(text: &str) -> Result<u64, String> {
    whole(text, 1, u64::MAX)
}

fn parse_node_limit(text: &str) -> Result<u64, String> {
    whole(text, 1, u64::MAX)
}

fn parse_threads(text: &str) -> Result<usize, String> {
    whole(text, 1, MAX_THREADS).map(|n| n as usize)
}

fn parse_parts(text: &str) -> Result<usize, String> {
    whole(text, 1, MAX_PARTS).map(|n| n as usize)
}

fn parse_part(text: &str) -> Result<usize, String> {
    whole(text, 1, MAX_PARTS).map(|n| n as usize)
}

fn parse_budget(text: &str) -> Result<u64, String> {
    whole(text, 1, MAX_TREE_BUDGET).map_err(|err| {
        format!("{err} (a tree budget is 1 to {MAX_TREE_BUDGET} entries, about 200 bytes each)")
    })
}

fn parse_duration(text: &str) -> Result<Duration, String> {
    // humantime reads `M` as months: `5M` meant as five minutes would be five months.
    if text
        .split(|c: char| !c.is_alphabetic())
        .any(|unit| unit == "M")
    {
        return Err(format!(
            "must give minutes as m (M is months), not '{}'",
            clip(text)
        ));
    }
    let overflow = || {
        format!(
            "must be at most 18446744073709551615s (584 billion years), not '{}'",
            clip(text)
        )
    };
    let trimmed = text.trim();
    // A bare number is seconds, as `sleep` and `timeout` read it.
    let duration = if !trimmed.is_empty() && trimmed.bytes().all(|b| b.is_ascii_digit()) {
        Duration::from_secs(trimmed.parse().map_err(|_| overflow())?)
    } else {
        humantime::parse_duration(trimmed).map_err(|err| match err {
            humantime::DurationError::NumberOverflow => overflow(),
            _ => format!(
                "must be a duration such as 500ms, 10s, 5m or 1h30m (a bare number is seconds), not '{}'",
                clip(text)
            ),
        })?
    };
    if duration.is_zero() {
        return Err("must be longer than 0".to_string());
    }
    Ok(duration)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_for_flags_say_what_was_expected() {
        assert_eq!(parse_limit("0"), Err("must be at least 1, not 0".into()));
        assert_eq!(parse_limit("-2"), Err("must be at least 1, not -2".into()));
        assert_eq!(
            parse_limit("x"),
            Err("must be a whole number, not 'x'".into())
        );
        assert_eq!(
            parse_limit("99999999999999999999"),
            Err("must be at most 18446744073709551615, not 99999999999999999999".into())
        );
        assert_eq!(
            parse_threads("1025"),
            Err("must be at most 1024, not 1025".into())
        );
        assert_eq!(parse_threads("4"), Ok(4));
        assert!(parse_budget("5000001")
            .unwrap_err()
            .contains("1 to 5000000 entries"));
    }

    #[test]
    fn a_square_takes_either_separator() {
        assert_eq!(square("1:4"), Some((1, 4)));
        assert_eq!(square("1,4"), Some((1, 4)));
        assert_eq!(square(" 2 , 3 "), Some((2, 3)));
        assert_eq!(square("1:2:3"), None);
        assert_eq!(square("1,2:3"), None);
        assert_eq!(square("1;4"), None);
        assert_eq!(square("-1:2"), None);
        assert_eq!(square("1:"), None);
        assert_eq!(square("14"), None);
        // An error echoes the square as it was given.
        let given = parse_square(" 1:0 ").unwrap();
        assert_eq!((given.at, given.given.as_str()), ((1, 0), "1:0"));
    }

    #[test]
    fn durations_read_as_people_write_them() {
        assert_eq!(parse_duration("10s"), Ok(Duration::from_secs(10)));
        assert_eq!(parse_duration("1h30m"), Ok(Duration::from_secs(5400)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert!(parse_duration("ten")
            .unwrap_err()
            .contains("must be a duration such as 500ms, 10s"));
        assert_eq!(parse_duration("0s"), Err("must be longer than 0".into()));
        assert_eq!(parse_duration("1"), Ok(Duration::from_secs(1)));
        assert_eq!(parse_duration(" 90 "), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("0"), Err("must be longer than 0".into()));
        assert!(parse_duration("99999999999999999999")
            .unwrap_err()
            .starts_with("must be at most 18446744073709551615s"));
        for garbage in ["1x", "-1", "1.5", "", "s"] {
            assert!(
                parse_duration(garbage)
                    .unwrap_err()
                    .contains("(a bare number is seconds)"),
                "{garbage:?}"
            );
        }
    }
}
