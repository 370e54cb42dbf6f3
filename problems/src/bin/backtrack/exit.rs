//! The exit statuses of `backtrack`, all in one place, and how an error becomes one.

use std::io;
use std::process::ExitCode;

/// How a run ended, as its exit status says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// 0: done; the output is complete (or as long as `--first` or `--limit` asked).
    Success,
    /// 1: a listing, `--first` or a search for the best found no solution at all.
    NoSolution,
    /// 2: bad usage or bad input: nothing was searched.
    BadInput,
    /// 3: `--time-limit`, `--node-limit` or `--tree-budget` stopped the search: the output
    /// is partial.
    LimitReached,
    /// 4: the output could not be written (closed standard output, full disk).
    OutputFailed,
    /// 128 + the signal's number (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP): a
    /// signal stopped the search; the output is partial.
    Signal(i32),
}

impl Status {
    /// The status of a run of several searches (the puzzles of a file), this one's and
    /// then `next`'s: the one that says most, a signal over a limit over no solution over
    /// success.
    #[must_use]
    pub fn then(self, next: Status) -> Status {
        let rank = |status| match status {
            Status::Success => 0,
            Status::NoSolution => 1,
            Status::LimitReached => 2,
            Status::Signal(_) => 3,
            Status::BadInput | Status::OutputFailed => 4,
        };
        if rank(next) > rank(self) {
            next
        } else {
            self
        }
    }

    /// The number the process exits with.
    pub fn code(self) -> u8 {
        match self {
            Status::Success => 0,
            Status::NoSolution => 1,
            Status::BadInput => 2,
            Status::LimitReached => 3,
            Status::OutputFailed => 4,
            Status::Signal(signal) => u8::try_from(128 + signal).unwrap_or(u8::MAX),
        }
    }
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> Self {
        ExitCode::from(status.code())
    }
}

/// The output, or a file the run writes besides it (a checkpoint), could not be written.
#[derive(Debug, thiserror::Error)]
#[error("{}", match what {
    None => format!("cannot write the output: {}", crate::input::reason(err)),
    Some(what) => format!("{what}: cannot write: {}", crate::input::reason(err)),
})]
pub struct OutputError {
    /// The file, as the flag that names it (`--checkpoint f.ck`); `None` for standard
    /// output.
    pub what: Option<String>,
    pub err: io::Error,
}

impl From<io::Error> for OutputError {
    /// A failed write of standard output.
    fn from(err: io::Error) -> Self {
        OutputError { what: None, err }
    }
}

impl OutputError {
    /// The reader of standard output went away (`| head`): not a failure.
    pub fn is_broken_pipe(&self) -> bool {
        self.what.is_none() && self.err.kind() == io::ErrorKind::BrokenPipe
    }
}

/// A solution found failed its check before it was printed: a bug in the search, which
/// ends the run with an error (exit status 2), not a failed write.
#[derive(Debug, thiserror::Error)]
#[error("{0}: a bug in backtrack, please report it")]
pub struct Bug(pub String);

impl Bug {
    /// The bug as the error of a write, which the driver tells from a failed one.
    pub fn io(what: String) -> io::Error {
        io::Error::other(Bug(what))
    }
}

/// The exit statuses and what they mean, for `--help` and the manual page (the README
/// says the same).
pub const STATUSES: [(&str, &str); 8] = [
    (
        "0",
        "done (the output is complete, or as long as --first or --limit asked)",
    ),
    (
        "1",
        "no solution (a listing, --first, the best packing or a whole --tree found none)",
    ),
    ("2", "bad usage or bad input (nothing was searched)"),
    (
        "3",
        "stopped by --time-limit, --node-limit or --tree-budget (the output is partial)",
    ),
    (
        "4",
        "the output could not be written (closed standard output, full disk)",
    ),
    ("130", "stopped by SIGINT, Ctrl-C (the output is partial)"),
    ("143", "stopped by SIGTERM (the output is partial)"),
    ("129", "stopped by SIGHUP (the output is partial)"),
];

/// What the table of [`STATUSES`] leaves out.
pub const STATUS_NOTES: [&str; 2] = [
    "A file of several sudoku puzzles exits with the status that says most: a signal's, else 3 if a limit stopped a puzzle, else 1 if a puzzle has no solution.",
    "A closed pipe (backtrack queens 20 | head) ends the run quietly with status 0.",
];

/// The exit statuses as `--help` ends with them.
pub fn after_help() -> String {
    use std::fmt::Write as _;
    let mut text = String::from("Exit status:\n");
    for (code, meaning) in STATUSES {
        let _ = writeln!(text, "  {code:<4} {meaning}");
    }
    for note in STATUS_NOTES {
        text.push('\n');
        text.push_str(&wrap(note));
    }
    text.trim_end().to_string()
}

/// `text` in lines of at most 88 columns.
fn wrap(text: &str) -> String {
    let mut wrapped = String::new();
    let mut width = 0;
    for word in text.split(' ') {
        if width > 0 && width + 1 + word.len() > 88 {
            wrapped.push('\n');
            width = 0;
        } else if width > 0 {
            wrapped.push(' ');
            width += 1;
        }
        wrapped.push_str(word);
        width += word.len();
    }
    wrapped.push('\n');
    wrapped
}

/// The status for an error, after its one line on stderr: quiet success for a closed
/// pipe, [`Status::OutputFailed`] for any other failed write of the output, and
/// [`Status::BadInput`] for everything else (input that cannot be read or parsed, flags
/// that cannot be used together).
pub fn report(err: &anyhow::Error) -> Status {
    if let Some(output) = err.downcast_ref::<OutputError>() {
        if output.is_broken_pipe() {
            return Status::Success;
        }
        note!("backtrack: error: {}", one_line(err));
        return Status::OutputFailed;
    }
    note!("backtrack: error: {}", one_line(err));
    Status::BadInput
}

/// The error as one line, its causes after it (`{err:#}`), the control characters of a
/// file name or a value in it escaped.
fn one_line(err: &anyhow::Error) -> String {
    crate::args::escaped(&format!("{err:#}"))
}

#[cfg(test)]
mod tests {
    use super::Status;

    #[test]
    fn several_searches_exit_with_the_status_that_says_most() {
        let statuses = [
            Status::Success,
            Status::NoSolution,
            Status::LimitReached,
            Status::Signal(2),
        ];
        for (k, &first) in statuses.iter().enumerate() {
            for &second in &statuses[k..] {
                assert_eq!(first.then(second), second);
                assert_eq!(second.then(first), second);
            }
        }
    }

    #[test]
    fn signals_exit_with_128_plus_their_number() {
        assert_eq!(Status::Signal(2).code(), 130);
        assert_eq!(Status::Signal(15).code(), 143);
        assert_eq!(Status::Signal(1).code(), 129);
    }
}
