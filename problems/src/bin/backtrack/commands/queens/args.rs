//! The arguments of `backtrack queens`, and the values its flags take.

use clap::ValueEnum;

use super::MAX_N;
use crate::args::{whole, SearchArgs, Sharing, Square};

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

    /// How --count searches, and how it uses the board's symmetries. All give the same
    /// count.
    ///
    /// none (every solution searched), mirror (first queen in the left half, counted
    /// twice), full (all 8 symmetries; counts the classes too; the default with --unique or
    /// --node-limit, and below N = 13), halves (half boards joined; the default from N = 13
    /// to 27, the fastest there).
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

    /// How to find a first solution (--first) [default: auto]. Every board is checked
    /// before it is printed.
    ///
    /// search (the backtracking search, complete: it proves there is none and keeps
    /// --place; N <= 1000000), construct (the explicit construction, O(N), any N, no
    /// --place), local (min-conflicts local search, O(N) in practice, keeps --place fixed,
    /// cannot prove there is none: it stops at --max-steps), or auto: search up to N =
    /// 100000, then construct (local with --place).
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
    /// All 8 symmetries (after Takahashi): under a tenth of the tree, and the classes counted
    Full,
    /// Half boards joined (meet in the middle): the top and bottom halves searched apart in
    /// blocks of column groups and the pairs that fit counted, up to the mirror image and
    /// upside down; each thread holds a block's halves (up to about 200 MB from N = 18).
    /// N <= 27
    Halves,
}

impl Format {
    pub(super) fn name(self) -> String {
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

pub(super) fn parse_glyphs(s: &str) -> Result<(char, char), String> {
    let mut chars = s.chars();
    match (chars.next(), chars.next(), chars.next()) {
        // A tab or a line break would tear the board apart.
        (Some(queen), Some(empty), None) if queen.is_control() || empty.is_control() => {
            Err(format!(
                "must be two characters that show, the queen then the empty square, not '{}' (a control character)",
                crate::args::clip(s)
            ))
        }
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
