//! Reading a problem's text from a file or standard input.

use std::fs::File;
use std::io::{self, Read};
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::{anyhow, bail, Result};

/// The most the tool reads: far beyond any puzzle or item list it could solve, and a
/// guard against `/dev/zero` and the like.
const MAX_BYTES: u64 = 64 << 20;

/// Where a problem's text comes from: a file, or standard input for `-`.
pub struct Input {
    /// The text.
    pub text: String,
    /// How error messages name it: the path, or `<stdin>`.
    pub name: String,
}

/// Reads the whole of `path`, or of standard input if `path` is `-` (at most 64 MiB, of
/// UTF-8 text). `what` says what is read, for the hint given when standard input is a
/// terminal: `a puzzle`, `a knapsack`.
pub fn read(path: &str, what: &str) -> Result<Input> {
    if path.is_empty() {
        bail!("the file name is empty (- reads standard input)");
    }
    if path == "-" {
        let name = "<stdin>".to_string();
        let text = if io::IsTerminal::is_terminal(&io::stdin()) {
            note!("backtrack: reading {what} from the terminal; end it with Ctrl-D");
            // Ctrl-C must stop a read that only Ctrl-D ends.
            let read = AtomicU64::new(0);
            crate::driver::at_once(|| read_capped(io::stdin().lock(), &name, &read))?
        } else {
            let shown = name.clone();
            crate::driver::while_reading(move |read| read_capped(io::stdin().lock(), &shown, read))?
        };
        Ok(Input { text, name })
    } else {
        // Opening a FIFO waits for a writer, which may never come, and a signal cannot
        // cut the wait short (the handlers restart it): one then ends the process at
        // once. Nothing is read or searched yet, so nothing is lost.
        let file = match crate::driver::at_once(|| File::open(path)) {
            Ok(file) => file,
            // Not a file, and no name a file is likely to have: the text itself, typed
            // where its file's name goes.
            Err(err) if err.kind() == io::ErrorKind::NotFound && looks_inline(path) => {
                let shown: String = path.chars().take(24).collect();
                bail!("cannot read {shown}…: no such file; to give {what} on the command line, pipe it in and give - as the file");
            }
            Err(err) => bail!("cannot read {path}: {}", reason(&err)),
        };
        // Named with its control characters escaped: a line that names it, an error's or
        // an output's, stays one line.
        let name = crate::args::escaped(path);
        let shown = name.clone();
        let text = crate::driver::while_reading(move |read| read_capped(file, &shown, read))?;
        Ok(Input { text, name })
    }
}

/// What went wrong with an input or output, as a message says it: the system's words
/// without the error's number (`No such file or directory`, not `… (os error 2)`).
pub fn reason(err: &io::Error) -> String {
    let text = err.to_string();
    match (err.raw_os_error(), text.rfind(" (os error ")) {
        (Some(_), Some(at)) => text[..at].to_string(),
        _ => text,
    }
}

/// Is `path` rather a problem's text than a file name: several lines and no `/`
/// (`"$(cat file)"`), or long and only digits, dots and blanks?
fn looks_inline(path: &str) -> bool {
    path.trim_end().contains('\n') && !path.contains('/')
        || path.len() >= 16
            && path
                .chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '.' | '_' | ' ' | '\n'))
}

/// A source of bytes that counts them as it gives them.
struct Counted<'a, R> {
    source: R,
    read: &'a AtomicU64,
}

impl<R: Read> Read for Counted<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.source.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::SeqCst);
        Ok(n)
    }
}

/// Reads `source` to its end (at most [`MAX_BYTES`], of UTF-8), counting its bytes in
/// `read` as they come.
fn read_capped(source: impl Read, name: &str, read: &AtomicU64) -> Result<String> {
    let mut bytes = Vec::new();
    Counted { source, read }
        .take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|err| anyhow!("cannot read {name}: {}", reason(&err)))?;
    if bytes.len() as u64 > MAX_BYTES {
        bail!("{name} is larger than {} MiB", MAX_BYTES >> 20);
    }
    String::from_utf8(bytes).map_err(|err| {
        let bytes = err.as_bytes();
        let at = err.utf8_error().valid_up_to();
        let start = bytes[..at]
            .iter()
            .rposition(|&byte| byte == b'\n')
            .map_or(0, |newline| newline + 1);
        let line = bytes[..at].split(|&byte| byte == b'\n').count();
        anyhow!(
            "{name}: line {line}, byte {}: not UTF-8 (0x{:02x}): the input must be UTF-8 text",
            at - start + 1,
            bytes[at]
        )
    })
}
