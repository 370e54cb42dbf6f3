//! Running the real `backtrack` binary: the helpers every module shares.

use std::io::Write as _;
use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_backtrack");

/// The path of a fixture file.
pub fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A directory of the system's temporary one for a test's files, removed with them when
/// dropped, a failed test's included.
pub fn scratch_dir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("backtrack-test-")
        .tempdir()
        .expect("a temporary directory")
}

/// The path of a file not yet made, `name` in a [`scratch_dir`] of its own: the directory
/// goes when this is dropped.
pub struct Scratch {
    path: PathBuf,
    _dir: tempfile::TempDir,
}

/// A file not yet made, named `name`, in a [`scratch_dir`] of its own.
pub fn scratch(name: &str) -> Scratch {
    let dir = scratch_dir();
    Scratch {
        path: dir.path().join(name),
        _dir: dir,
    }
}

impl Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

/// Runs the binary with `args` (standard input empty).
pub fn backtrack(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

/// Starts the binary with `input` written to its standard input (then closed), its
/// output piped.
pub fn spawn_with_stdin(args: &[&str], input: &str) -> Child {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    // A writer thread: a big input must not block on a child that is not reading yet.
    std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    child
}

/// Runs the binary with `input` on its standard input.
pub fn backtrack_with_stdin(args: &[&str], input: &str) -> Output {
    spawn_with_stdin(args, input).wait_with_output().unwrap()
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

/// Text of an output stream.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

/// A run refused as bad input: exit status 2, nothing on stdout, and on stderr one line,
/// `backtrack: error: …`, holding `message` (whether the parser or the run refused it).
/// Returns stderr.
pub fn refused(args: &[&str], message: &str) -> String {
    refused_output(args, &backtrack(args), message)
}

/// [`refused`] for a run already made.
pub fn refused_output(args: &[&str], out: &Output, message: &str) -> String {
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert!(stderr.contains(message), "{args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(
        stderr.starts_with("backtrack: error: ") && stderr.ends_with('\n'),
        "{args:?}: {stderr}"
    );
    stderr
}

/// A refused run whose one line of error is exactly `backtrack: error: {message}`.
pub fn error_line(args: &[&str], message: &str) {
    let stderr = refused(args, message);
    assert_eq!(stderr, format!("backtrack: error: {message}\n"), "{args:?}");
}

/// Every line of `text` parsed as JSON.
pub fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|err| panic!("{err}: {line}")))
        .collect()
}

/// The run `args`, its standard output closed (`>&-`) and then a full disk (`/dev/full`):
/// each time exit status 4 and one line of error.
#[cfg(target_os = "linux")]
pub fn assert_unwritable_output_fails(args: &[&str]) {
    let closed = std::process::Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" \"$@\" >&-")
        .arg(BIN)
        .args(args)
        .output()
        .unwrap();
    assert_eq!(closed.status.code(), Some(4), "{args:?}");
    assert_eq!(
        text(&closed.stderr),
        "backtrack: error: cannot write the output: standard output is closed\n",
        "{args:?}"
    );
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = std::process::Command::new(BIN)
        .args(args)
        .stdout(std::process::Stdio::from(full))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4), "{args:?}");
    assert_eq!(
        text(&out.stderr),
        "backtrack: error: cannot write the output: No space left on device (os error 28)\n",
        "{args:?}"
    );
}

/// The subcommands that search, in the order `--help` lists them.
pub const SEARCHES: [&str; 8] = [
    "queens",
    "sudoku",
    "knapsack",
    "subset-sum",
    "permutations",
    "combinations",
    "coloring",
    "knights-tour",
];
