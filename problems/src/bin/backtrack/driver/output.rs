//! Standard output: buffered, and every failure to write it reported as an
//! [`OutputError`] (exit status 4), except a closed pipe, which ends the run quietly.

use std::io::{self, BufWriter, StdoutLock};

/// Buffered standard output, locked for the whole run.
pub type Out = BufWriter<StdoutLock<'static>>;

/// Opens standard output. On Linux, refuses a standard output that was closed when the
/// program started (`>&-`): Rust's runtime then points it at `/dev/null`, where every
/// write succeeds and the answer would vanish with status 0.
pub fn open() -> Result<Out, OutputError> {
    if started_closed() {
        return Err(OutputError(io::Error::new(
            io::ErrorKind::NotConnected,
            "standard output is closed",
        )));
    }
    Ok(BufWriter::with_capacity(1 << 16, io::stdout().lock()))
}

/// The output could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write the output: {0}")]
pub struct OutputError(pub io::Error);

impl OutputError {
    /// The reader went away (`| head`): not a failure.
    pub fn is_broken_pipe(&self) -> bool {
        self.0.kind() == io::ErrorKind::BrokenPipe
    }
}

/// Wraps a write's error as an [`OutputError`].
pub fn failed(err: io::Error) -> anyhow::Error {
    OutputError(err).into()
}

/// Was file descriptor 1 closed at start? The runtime reopens a closed standard stream as
/// `/dev/null` read-write, which no shell redirection does (`>/dev/null` is write-only):
/// `/proc/self/fdinfo/1` tells them apart.
#[cfg(target_os = "linux")]
fn started_closed() -> bool {
    let Ok(target) = std::fs::read_link("/proc/self/fd/1") else {
        return false;
    };
    if target != std::path::Path::new("/dev/null") {
        return false;
    }
    let Ok(info) = std::fs::read_to_string("/proc/self/fdinfo/1") else {
        return false;
    };
    info.lines()
        .find_map(|line| line.strip_prefix("flags:"))
        .and_then(|flags| u32::from_str_radix(flags.trim(), 8).ok())
        .is_some_and(|flags| flags & 0o3 == 0o2) // O_ACCMODE == O_RDWR
}

#[cfg(not(target_os = "linux"))]
fn started_closed() -> bool {
    false
}
