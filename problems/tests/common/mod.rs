//! Running the real `backtrack` binary, shared by the CLI test binaries.

use std::process::{Command, Output};

/// Runs the binary with `args`.
pub fn backtrack(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_backtrack"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The standard output of a run that must succeed.
pub fn stdout(args: &[&str]) -> String {
    let out = backtrack(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}
