//! Reading a problem's text from a file or standard input.

use std::fs::File;
use std::io::{self, Read};

use anyhow::{bail, Context, Result};

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

/// Reads the whole of `path`, or of standard input if `path` is `-` (at most 64 MiB, as
/// UTF-8).
pub fn read(path: &str) -> Result<Input> {
    if path == "-" {
        let text = read_capped(io::stdin().lock(), "standard input")?;
        Ok(Input {
            text,
            name: "<stdin>".to_string(),
        })
    } else {
        let file = File::open(path).with_context(|| format!("cannot read {path}"))?;
        Ok(Input {
            text: read_capped(file, path)?,
            name: path.to_string(),
        })
    }
}

fn read_capped(source: impl Read, name: &str) -> Result<String> {
    let mut text = String::new();
    source
        .take(MAX_BYTES + 1)
        .read_to_string(&mut text)
        .with_context(|| format!("cannot read {name}"))?;
    if text.len() as u64 > MAX_BYTES {
        bail!("{name} is larger than {} MiB", MAX_BYTES >> 20);
    }
    Ok(text)
}
