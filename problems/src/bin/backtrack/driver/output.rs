//! Standard output: buffered, and every failure to write it reported as an
//! [`OutputError`] (exit status 4), except a closed pipe, which ends the run quietly.

use std::io::{self, BufWriter, StdoutLock, Write};

use backtrack::durable::CheckpointError;
use backtrack::Cancel;

use crate::exit::{Bug, OutputError};

/// Buffered standard output, locked for the whole run, and the flag the signals set, so
/// that a printer of a big solution can stop between its lines.
pub struct Out {
    buffer: BufWriter<StdoutLock<'static>>,
    cancel: Cancel,
}

impl Out {
    /// Has a signal asked the run to stop?
    pub fn cancelled(&self) -> bool {
        self.cancel.is_cancelled()
    }
}

impl Write for Out {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.buffer.write(bytes)
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.buffer.write_all(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.buffer.flush()
    }
}

/// Opens standard output, refusing one that cannot be written: closed when the program
/// started (`>&-`), or open for reading only (`1<file`). Writes to either would vanish
/// with status 0 (Rust's standard output takes a bad descriptor for a success). `cancel`
/// is the flag the signals set.
pub fn open(cancel: Cancel) -> Result<Out, OutputError> {
    check()?;
    Ok(Out {
        buffer: BufWriter::with_capacity(1 << 16, io::stdout().lock()),
        cancel,
    })
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

/// Wraps a write's error as an [`OutputError`]; a [`Bug`] a printer found stays itself.
pub fn failed(err: io::Error) -> anyhow::Error {
    match err.downcast::<Bug>() {
        Ok(bug) => bug.into(),
        Err(err) => OutputError { what: None, err }.into(),
    }
}

/// Wraps the error of a write to the file `what` names as an [`OutputError`].
pub fn failed_to(what: &str, err: io::Error) -> anyhow::Error {
    OutputError {
        what: Some(what.to_string()),
        err,
    }
    .into()
}

/// Writes a solution that is a list of numbers: in JSON (`json`: its index and what it
/// is) one object, `{"index":1,"permutation":[2,1]}`; in text one line, the numbers
/// apart by a space, or `(empty)` for none.
pub fn write_numbers(out: &mut Out, json: Option<(u64, &str)>, values: &[usize]) -> io::Result<()> {
    if let Some((index, what)) = json {
        let line = Numbers {
            index,
            values: std::iter::once((what, values)).collect(),
        };
        writeln!(out, "{}", serde_json::to_string(&line)?)
    } else if values.is_empty() {
        writeln!(out, "(empty)")
    } else {
        let words: Vec<String> = values.iter().map(usize::to_string).collect();
        writeln!(out, "{}", words.join(" "))
    }
}

/// A checkpoint's error as the run reports it: a failed write of it is the output failing
/// (exit status 4, as [`failed_to`]); any other is a refusal (exit status 2).
pub fn checkpoint_error(err: CheckpointError) -> anyhow::Error {
    match err {
        CheckpointError::Write { named, err } => failed_to(&named, err),
        other => other.into(),
    }
}

/// A solution of numbers in JSON: its index, then the numbers under their name.
#[derive(serde::Serialize)]
struct Numbers<'a> {
    index: u64,
    #[serde(flatten)]
    values: std::collections::BTreeMap<&'a str, &'a [usize]>,
}

/// Why standard output cannot be written, if it cannot. File descriptor 1 is open for
/// reading only: `closed_stdout.c` reopens a closed standard output as `/dev/null` that
/// way before Rust's runtime starts (which would reopen it read-write, as a working
/// `1<>/dev/null` is), so a read-only `/dev/null` was closed; any other read-only file
/// was given so (`1<file`).
#[cfg(target_os = "linux")]
fn unwritable() -> Option<&'static str> {
    use std::io::Read as _;
    // One read, into a buffer on the stack: `pos` and `flags` come first, in a few dozen
    // bytes. (Every run asks, and `read_to_string` would make four more system calls.)
    let mut bytes = [0; 256];
    let read = std::fs::File::open("/proc/self/fdinfo/1")
        .and_then(|mut file| file.read(&mut bytes))
        .ok()?;
    let info = std::str::from_utf8(&bytes[..read]).ok()?;
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
