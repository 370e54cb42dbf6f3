//! Reading a problem's text from a file or standard input.

use std::fs;
use std::io::{self, Read};

use anyhow::{Context, Result};

/// Where a problem's text comes from: a file, or standard input for `-`.
pub struct Input {
    /// The text.
    pub text: String,
    /// How error messages name it: the path, or `<stdin>`.
    pub name: String,
}

/// Reads the whole of `path`, or of standard input if `path` is `-`.
pub fn read(path: &str) -> Result<Input> {
    if path == "-" {
        let mut text = String::new();
        io::stdin()
            .read_to_string(&mut text)
            .context("cannot read standard input")?;
        Ok(Input {
            text,
            name: "<stdin>".to_string(),
        })
    } else {
        let text = fs::read_to_string(path).with_context(|| format!("cannot read {path}"))?;
        Ok(Input {
            text,
            name: path.to_string(),
        })
    }
}
