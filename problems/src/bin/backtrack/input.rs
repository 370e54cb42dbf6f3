//! Reading a problem's text from a file or standard input.

use std::fs::File;
use std::io::{self, Read};

use anyhow::{anyhow, bail, Context, Result};

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
        if io::IsTerminal::is_terminal(&io::stdin()) {
            note!("backtrack: reading {what} from the terminal; end it with Ctrl-D");
        }
        let name = "<stdin>".to_string();
        let text = read_capped(io::stdin().lock(), &name)?;
        Ok(Input { text, name })
    } else {
        let file = File::open(path).with_context(|| format!("cannot read {path}"))?;
        Ok(Input {
            text: read_capped(file, path)?,
            name: path.to_string(),
        })
    }
}

fn read_capped(source: impl Read, name: &str) -> Result<String> {
    let mut bytes = Vec::new();
    source
        .take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {name}"))?;
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
