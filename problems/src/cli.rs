//! The command line, as clap-derive types. Doc comments are the help text.

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::tree_cli::TreeArgs;

/// Backtracking search, shown and fast.
#[derive(Debug, Parser)]
#[command(name = "backtrack", version, about, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// N-Queens: place N queens on an N×N board, no two attacking each other.
    ///
    /// Lists every solution by default (streamed), in seed 004's format: the solution's
    /// number on a line, then N lines, line i the 1-based column of row i's queen.
    Queens(QueensArgs),

    /// Sudoku: fill a 9×9 grid so that every row, column and 3×3 box holds 1 to 9.
    ///
    /// Prints the first solution as 9 lines of 9 digits, or "no solution" (exit status 1).
    /// The puzzle is one line of 81 cells or 9 lines of 9; a cell is a digit 1-9, or `.`,
    /// `0` or `_` when empty; spaces are ignored. With --tree, the tree of the search the
    /// other options ask for: up to the first solution, unless --all or --limit.
    Sudoku(SudokuArgs),

    /// 0/1 knapsack: the most valuable choice of items whose total weight fits, by branch
    /// and bound.
    ///
    /// The input is a `capacity <number>` line, then one item per line as `<weight> <value>`
    /// (non-negative integers); blank lines and `#` comments are ignored. Prints the best
    /// value, the weight used, and the items chosen, numbered from 1 in input order.
    Knapsack(KnapsackArgs),

    /// Subset sum: which of the NUMBERS add up exactly to the target?
    ///
    /// Lists every such subset, one per line, its numbers in input order (numbers equal in
    /// value at different positions make different subsets; the empty subset is shown as
    /// `(empty)`), or "no solution" (exit status 1).
    #[command(name = "subset-sum")]
    SubsetSum(SubsetSumArgs),
}

/// The largest board the tool accepts at all (first solutions by the heuristic order take
/// O(n²) time per solution: about a minute at this size).
pub const MAX_N: usize = 100_000;

/// The most counting threads the tool starts (far beyond any machine's cores).
pub const MAX_THREADS: i64 = 1024;

#[derive(Debug, Args)]
#[allow(clippy::struct_excessive_bools)]
// --count counts on bitboards, in parallel: a search --tree does not draw. One or the other.
#[command(group(clap::ArgGroup::new("queens_count_or_tree").args(["count", "tree"]).multiple(false)))]
pub struct QueensArgs {
    /// The board size N (1 to 100000; counting and lexicographic order need N <= 128).
    #[arg(value_parser = parse_board_size, allow_negative_numbers = true)]
    pub n: usize,

    /// Print only the number of solutions (with --unique: of fundamentally different ones).
    #[arg(long, conflicts_with_all = ["first", "limit", "list", "format"])]
    pub count: bool,

    /// Fundamentally different solutions only (up to rotation and reflection): print how
    /// many, or with --list, --first, --limit or --format list one representative of each
    /// class (its lexicographically smallest form; in the heuristic order the classes
    /// printed are remembered, so memory grows with the listing).
    #[arg(long, conflicts_with_all = ["place", "tree"])]
    pub unique: bool,

    /// With --unique: list the representatives instead of counting them.
    #[arg(long, requires = "unique")]
    pub list: bool,

    /// Print only the first solution, or "no solution" (exit status 1).
    #[arg(long, conflicts_with = "limit")]
    pub first: bool,

    /// Stop after printing K solutions.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,

    /// How to print each solution [default: numbered].
    #[arg(long, value_enum, conflicts_with = "tree")]
    pub format: Option<Format>,

    /// The two characters drawing a queen and an empty square in --format board.
    #[arg(long, value_name = "QE", default_value = "Q.", value_parser = parse_glyphs)]
    pub glyphs: (char, char),

    /// A queen placed before the search (1-based ROW:COL; repeatable). The search fills
    /// the other rows.
    #[arg(long, value_name = "ROW:COL", value_parser = parse_square, conflicts_with = "tree")]
    pub place: Vec<(usize, usize)>,

    /// The search order for listing: lexicographic (row by row, leftmost column first),
    /// or heuristic (most-constrained row first, columns from the middle out), or auto:
    /// lexicographic up to N = 29, heuristic beyond. Counting ignores it.
    #[arg(long, value_enum, default_value_t = Order::Auto, conflicts_with = "tree")]
    pub order: Order,

    /// Threads for counting, 1 to 1024 (default: all cores).
    // Capped: a pool of billions of threads is not refused by rayon, it hangs starting them.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=MAX_THREADS), conflicts_with = "tree")]
    pub threads: Option<u32>,

    /// Print the search statistics to stderr. Counting an empty board searches only a
    /// space of representatives under the board's symmetries: its figures are those of that
    /// reduced tree (solutions: the boards reached in it, about a seventh of all).
    #[arg(long)]
    pub stats: bool,

    #[command(flatten)]
    pub tree: TreeArgs,
}

#[derive(Debug, Args)]
pub struct SudokuArgs {
    /// The puzzle file; `-` or nothing reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: String,

    /// Print only the number of solutions (a proper puzzle has 1). With few givens the
    /// number is astronomical (an empty grid has about 6.7 × 10^21): cap the count with
    /// --limit, such as `--count --limit 2` to check that a puzzle is proper.
    #[arg(long, conflicts_with_all = ["all", "tree"])]
    pub count: bool,

    /// Print every solution, grids apart by a blank line.
    #[arg(long)]
    pub all: bool,

    /// Stop after K solutions: list at most K, or with --count count at most K.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,

    /// Print the search statistics to stderr.
    #[arg(long)]
    pub stats: bool,

    #[command(flatten)]
    pub tree: TreeArgs,
}

#[derive(Debug, Args)]
pub struct KnapsackArgs {
    /// The problem file; `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: String,

    /// Print the search statistics to stderr.
    #[arg(long)]
    pub stats: bool,

    #[command(flatten)]
    pub tree: TreeArgs,
}

#[derive(Debug, Args)]
#[allow(clippy::struct_excessive_bools)]
pub struct SubsetSumArgs {
    /// The sum to reach.
    #[arg(long, short, value_name = "T")]
    pub target: u64,

    /// The numbers to choose from (non-negative integers).
    #[arg(value_name = "NUMBERS")]
    pub numbers: Vec<u64>,

    /// Print only the number of subsets.
    #[arg(long, conflicts_with_all = ["first", "limit", "indices", "tree"])]
    pub count: bool,

    /// Print only the first subset.
    #[arg(long, conflicts_with = "limit")]
    pub first: bool,

    /// Stop after printing K subsets.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,

    /// Print the 1-based positions of the numbers taken instead of the numbers.
    #[arg(long)]
    pub indices: bool,

    /// Print the search statistics to stderr.
    #[arg(long)]
    pub stats: bool,

    #[command(flatten)]
    pub tree: TreeArgs,
}

/// How a solution is printed. Columns are 1-based everywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Seed 004: the solution's number on a line, then line i the column of row i's queen.
    Numbered,
    /// Seed 002: N rows of `1 0 0 …`, 1 where the queen is; solutions apart by a blank line.
    Matrix,
    /// Seeds 000 and 001: `solution K`, then the board drawn with --glyphs.
    Board,
    /// Seed 000's C program, `printf("No.%-5d")` then the columns: `No.1    1 5 8 6 3 7 2 4`.
    Compact,
    /// One JSON object per line: `{"index":1,"columns":[2,4,1,3]}`.
    Json,
}

/// The order in which the search tries rows and columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Order {
    /// Lexicographic up to N = 29, heuristic beyond.
    Auto,
    /// Row by row, leftmost column first (bitboards; N <= 128).
    Lex,
    /// Most-constrained row first, columns from the middle out (any N).
    Heuristic,
}

fn parse_board_size(s: &str) -> Result<usize, String> {
    let digits = s.trim();
    let n: i128 = digits.parse().map_err(|_| {
        // A whole number too long for an i128 is still a whole number: say it is too big.
        let unsigned = digits.strip_prefix(['+', '-']).unwrap_or(digits);
        if !unsigned.is_empty() && unsigned.bytes().all(|b| b.is_ascii_digit()) {
            if digits.starts_with('-') {
                format!("the board size must be at least 1, not {digits}")
            } else {
                format!("the board size must be at most {MAX_N}, not {digits}")
            }
        } else {
            format!("the board size must be a whole number, not '{s}'")
        }
    })?;
    if n < 1 {
        return Err(format!("the board size must be at least 1, not {n}"));
    }
    match usize::try_from(n) {
        Ok(n) if n <= MAX_N => Ok(n),
        _ => Err(format!("the board size must be at most {MAX_N}, not {n}")),
    }
}

fn parse_glyphs(s: &str) -> Result<(char, char), String> {
    let mut chars = s.chars();
    match (chars.next(), chars.next(), chars.next()) {
        (Some(queen), Some(empty), None) => Ok((queen, empty)),
        // The count says why 'é.' is refused when its é is e and a combining accent.
        _ => Err(format!(
            "give exactly two characters, the queen then the empty square (such as 'Q.' or '☆■'), not '{s}' ({} characters)",
            s.chars().count()
        )),
    }
}

fn parse_square(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("a queen is ROW:COL with 1-based whole numbers (such as 1:4), not '{s}'");
    let (row, col) = s.split_once(':').ok_or_else(bad)?;
    let row = row.trim().parse().map_err(|_| bad())?;
    let col = col.trim().parse().map_err(|_| bad())?;
    Ok((row, col))
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// clap's own consistency checks (argument ids named in conflicts and groups exist, …)
    /// over every subcommand, not only the ones a test happens to run.
    #[test]
    fn the_command_line_is_consistent() {
        super::Cli::command().debug_assert();
    }
}
