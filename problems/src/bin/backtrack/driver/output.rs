//! Standard output: buffered, and every failure to write it reported as an
//! [`OutputError`] (exit status 4), except a closed pipe, which ends the run quietly.

use std::io::{self, BufWriter, StdoutLock};

/// Buffered standard output, locked for the whole run.
pub type Out = BufWriter<StdoutLock<'static>>;

/// Opens standard output, refusing one that cannot be written: closed when the program
/// started (`>&-`), or open for reading only (`1<file`). Writes to either would vanish
/// with status 0 (Rust's standard output takes a bad descriptor for a success).
pub fn open() -> Result<Out, OutputError> {
    check()?;
    Ok(BufWriter::with_capacity(1 << 16, io::stdout().lock()))
}

/// Fails if standard output cannot be written: see [`open`].
pub fn check() -> Result<(), OutputError> {
    match unwritable() {
        Some(why) => Err(OutputError {
            what: None,
            err: io::Error::new(io::ErrorKind::NotConnected, why),
        }),
        None => Ok(()),
    }
}

/// The output, or a file the run writes besides it (a checkpoint), could not be written.
#[derive(Debug, thiserror::Error)]
#[error("{}", match what {
    None => format!("cannot write the output: {err}"),
    Some(what) => format!("{what}: cannot write: {err}"),
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

/// Wraps a write's error as an [`OutputError`].
pub fn failed(err: io::Error) -> anyhow::Error {
    OutputError { what: None, err }.into()
}

/// Wraps the error of a write to the file `what` names as an [`OutputError`].
pub fn failed_to(what: &str, err: io::Error) -> anyhow::Error {
    OutputError {
        what: Some(what.to_string()),
        err,
    }
    .into()
}

/// Why standard output cannot be written, if it cannot. File descriptor 1 is open for
/// reading only: `closed_stdout.c` reopens a closed standard output as `/dev/null` that
/// way before Rust's runtime starts (which would reopen it read-write, as a working
/// `1<>/dev/null` is), so a read-only `/dev/null` was closed; any other read-only file
/// was given so (`1<file`).
#[cfg(target_os = "linux")]
fn unwritable() -> Option<&'static str> {
    let info = std::fs::read_to_string("/proc/self/fdinfo/1").ok()?;
    let flags = info
        .lines()
        .find_map(|line| line.strip_prefix("flags:"))
        .and_then(|flags| u32::from_str_radix(flags.trim(), 8).ok())?;
    if flags & 0o3 != 0 {
        return None; // O_ACCMODE is O_WRONLY or O_RDWR
    }
    let target = std::fs::read_link("/proc/self/fd/1").ok()?;
    Some(if target == std::path::Path::new("/dev/null") {
        "standard output is closed"
    } else {
        "standard output is open for reading only"
    })
}

#[cfg(not(target_os = "linux"))]
fn unwritable() -> Option<&'static str> {
    None
}
