//! Running the real `backtrack` binary: the helpers every module shares.

use std::io::{Read as _, Write as _};
use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

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

/// The error reading `path` gives here, as the binary reports it after `cannot read PATH: `:
/// the system's words, without `(os error N)`.
pub fn read_error(path: &str) -> String {
    let text = std::fs::read(path).unwrap_err().to_string();
    let words = text.split(" (os error ").next().unwrap_or_default();
    assert_ne!(words, text, "an error of the system has its number");
    words.to_string()
}

/// A run refused by the binary with one line of error naming the problem: returns it,
/// without its line end.
pub fn error_of(args: &[&str]) -> String {
    let stderr = refused(args, "backtrack: error: ");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    stderr.trim_end().to_string()
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
        "backtrack: error: cannot write the output: No space left on device\n",
        "{args:?}"
    );
}

/// The subcommands that search, in the order `--help` lists them.
pub const SEARCHES: [&str; 10] = [
    "queens",
    "sudoku",
    "knapsack",
    "subset-sum",
    "permutations",
    "combinations",
    "coloring",
    "knights-tour",
    "exact-cover",
    "model",
];

/// OEIS A000170 (solutions) and A002562 (classes) for n = 12 and 13: the counts the
/// counts in parts, by MPI and from checkpoints must come to.
pub const OEIS: [(usize, u64, u64); 2] = [(12, 14_200, 1787), (13, 73_712, 9233)];

/// A run of the binary as a test describes it: its arguments, in their order (its
/// standard input empty).
#[derive(Clone, Debug, Default)]
pub struct Run {
    args: Vec<String>,
}

/// The run of `args`.
pub fn with(args: &[&str]) -> Run {
    Run::default().and(args)
}

/// `queens N --count`, then `extra`.
pub fn queens_count(n: usize, extra: &[&str]) -> Run {
    with(&["queens", &n.to_string(), "--count"]).and(extra)
}

impl Run {
    /// The same run with `more` arguments after its own.
    #[must_use]
    pub fn and(mut self, more: &[&str]) -> Run {
        self.args.extend(more.iter().map(|arg| (*arg).to_string()));
        self
    }

    /// The same run with `--checkpoint FILE`.
    #[must_use]
    pub fn checkpoint(self, file: &str) -> Run {
        self.and(&["--checkpoint", file])
    }

    /// The same run with `--resume FILE`.
    #[must_use]
    pub fn resume(self, file: &str) -> Run {
        self.and(&["--resume", file])
    }

    /// Its arguments.
    pub fn args(&self) -> Vec<&str> {
        self.args.iter().map(String::as_str).collect()
    }

    /// Runs it to its end.
    pub fn output(&self) -> Output {
        backtrack(&self.args())
    }

    /// Starts it, its output where `stdout` and `stderr` say.
    pub fn start(&self, stdout: Stdio, stderr: Stdio) -> Child {
        Command::new(BIN)
            .args(&self.args)
            .stdin(Stdio::null())
            .stdout(stdout)
            .stderr(stderr)
            .spawn()
            .expect("the binary runs")
    }

    /// The standard output of the run, which must succeed.
    pub fn stdout(&self) -> String {
        text(&self.succeeded().stdout)
    }

    /// The output of the run, which must succeed.
    fn succeeded(&self) -> std::process::Output {
        let out = self.output();
        assert!(
            out.status.success(),
            "{:?}: {}",
            self.args,
            text(&out.stderr)
        );
        out
    }

    /// The run, refused as bad input with `message`: see [`refused`]. Returns stderr.
    pub fn refused(&self, message: &str) -> String {
        refused_output(&self.args(), &self.output(), message)
    }

    /// The run, refused with exactly `backtrack: error: {message}`: see [`error_line`].
    pub fn error_line(&self, message: &str) {
        let stderr = self.refused(message);
        assert_eq!(
            stderr,
            format!("backtrack: error: {message}\n"),
            "{:?}",
            self.args
        );
    }

    /// The JSON line of a run that must succeed (`--format json`), and the `--stats`
    /// object on its stderr.
    pub fn json_and_stats(&self) -> (serde_json::Value, serde_json::Value) {
        let out = self.succeeded();
        (json_lines(&text(&out.stdout)).remove(0), stats_of(&out))
    }
}

/// The `--stats` object of a run with `--format json`: its first line on stderr.
pub fn stats_of(out: &Output) -> serde_json::Value {
    let stderr = text(&out.stderr);
    let line = stderr
        .lines()
        .next()
        .unwrap_or_else(|| panic!("no statistics on stderr"));
    serde_json::from_str(line).unwrap_or_else(|err| panic!("{err}: {stderr}"))
}

/// Error-message tables: each run refused as bad input with its message (see [`refused`]).
pub fn all_refused(table: &[(&[&str], &str)]) {
    for (args, message) in table {
        refused(args, message);
    }
}

/// Error-message tables: each run refused with exactly its one line (see [`error_line`]).
pub fn all_error_lines(table: &[(&[&str], &str)]) {
    for (args, message) in table {
        error_line(args, message);
    }
}

/// Waits (at most two minutes: a loaded machine runs a debug build slowly) until
/// `ready()`, checking every few milliseconds. False if `child` ended first.
pub fn wait_for(child: &mut Child, what: &str, mut ready: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(120) {
        if ready() {
            return true;
        }
        if child
            .try_wait()
            .expect("the child can be waited for")
            .is_some()
        {
            return false;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("process {} did not {what} within two minutes", child.id());
}

/// Waits until `child` handles SIGINT and SIGTERM itself (Linux: the `SigCgt` mask of
/// `/proc/PID/status`): sent before, either signal kills it by default instead of
/// stopping it. False if it ended first.
pub fn wait_for_handlers(child: &mut Child) -> bool {
    let wanted = (1u64 << (2 - 1)) | (1u64 << (15 - 1));
    let pid = child.id();
    wait_for(child, "install its signal handlers", || {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let caught = status
            .lines()
            .find_map(|line| line.strip_prefix("SigCgt:"))
            .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
            .unwrap_or(0);
        caught & wanted == wanted
    })
}

/// Waits until `child` has run for `ticks` clock ticks (user and system time, from
/// `/proc/PID/stat`): CPU time it spent, however loaded the machine, not time that
/// passed. False if it ended first.
pub fn wait_for_cpu(child: &mut Child, ticks: u64) -> bool {
    let pid = child.id();
    wait_for(child, "use the processor", || {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        // After the command's name in parentheses: field 3 (state) on; utime and stime
        // are fields 14 and 15.
        let fields: Vec<&str> = stat
            .rsplit_once(')')
            .map_or("", |(_, rest)| rest)
            .split_whitespace()
            .collect();
        let time = |k: usize| fields.get(k).and_then(|f| f.parse::<u64>().ok());
        time(11)
            .zip(time(12))
            .is_some_and(|(user, system)| user + system >= ticks)
    })
}

/// Sends `signal` (`INT`, `TERM`, `KILL`) to `child`; SIGINT and SIGTERM only once it
/// handles them (see [`wait_for_handlers`]). False if it ended before, and nothing was
/// sent.
pub fn kill(child: &mut Child, signal: &str) -> bool {
    if matches!(signal, "INT" | "TERM") && !wait_for_handlers(child) {
        return false;
    }
    let status = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success(), "kill -{signal} {}", child.id());
    true
}

/// `child`, stopped by `signal` once its first byte of output has come (a listing: the
/// first block of its buffer), then waited for; its whole output, that byte included.
pub fn stopped_after_first_output(mut child: Child, signal: &str) -> Output {
    let mut stdout = child.stdout.take().expect("stdout piped");
    let mut output = vec![0u8; 1];
    stdout.read_exact(&mut output).expect("the run writes");
    kill(&mut child, signal);
    stdout.read_to_end(&mut output).unwrap();
    let mut out = child.wait_with_output().unwrap();
    out.stdout = output;
    out
}

/// The size of `file`, 0 if there is none.
pub fn size_of(file: &str) -> u64 {
    std::fs::metadata(file).map_or(0, |meta| meta.len())
}
