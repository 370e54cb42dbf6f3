//! A file of many sudokus: the library solving them in-process against the `backtrack`
//! binary on the same file, in each of its modes (`--first`, the listing, `--count`,
//! `--format json`). The file is the 50 ordinary puzzles of `benches/sudoku/ordinary.sudoku`
//! 2,000 times over: 100,000 puzzles, each with one solution, as many as the runs whose rate
//! the command line is asked to keep (its start, about 2 ms, is then under 1% of a run).
//!
//! The binary is `target/release/backtrack` (build it first: `cargo build --release`), or
//! the one `BACKTRACK` names; without one the group
//! times the library alone and says so. Every iteration checks its answer: the library's
//! solutions are counted, the binary's summary line must say every puzzle was solved (or
//! counted).
//!
//! After criterion's group, a table of each mode's rates, the library's and the binary's,
//! each the median of a few runs made alternately, and their ratio (the binary's rate over
//! the library's: 1 when the command line costs nothing beside the search).

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use backtrack::Search;
use backtrack_problems::sudoku::read_puzzles;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

/// How many times the 50 puzzles stand in the file.
const COPIES: usize = 2000;

/// The runs of each side whose median the table of rates takes.
const RUNS: usize = 7;

/// The ways the binary runs a file, with the flags that ask for each.
const MODES: [(&str, &[&str]); 4] = [
    ("first", &["--first"]),
    ("listing", &[]),
    ("count", &["--count"]),
    ("json", &["--format", "json"]),
];

/// The binary to time, if there is one.
fn binary(root: &Path) -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("BACKTRACK") {
        return Some(PathBuf::from(path));
    }
    Some(root.join("target").join("release").join("backtrack")).filter(|path| path.exists())
}

/// The library's answer for one mode: the solutions (or the count) of every puzzle.
fn library(text: &str, mode: &str) -> u64 {
    let puzzles = read_puzzles(text).expect("puzzles");
    let mut found = 0;
    for puzzle in &puzzles {
        let sudoku = puzzle.sudoku().expect("consistent givens");
        found += match mode {
            "first" => u64::from(Search::new(sudoku).next().is_some()),
            "count" => Search::new(sudoku).count_solutions().found,
            _ => Search::new(sudoku).count() as u64,
        };
    }
    found
}

/// Runs the binary on `file` with `flags`; the summary line it ends with.
fn cli(binary: &Path, file: &Path, flags: &[&str]) -> String {
    let output = Command::new(binary)
        .arg("sudoku")
        .arg(file)
        .args(flags)
        .stderr(Stdio::null())
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "{:?}", output.status);
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    stdout.lines().last().unwrap_or_default().to_string()
}

/// What the binary's summary line says of a file of `puzzles` puzzles all solved (or
/// counted) in `mode`.
fn summary(mode: &str, puzzles: usize) -> String {
    let done = if mode == "count" { "counted" } else { "solved" };
    if mode == "json" {
        format!("\"puzzles\":{puzzles},\"{done}\":{puzzles}")
    } else {
        format!("# {puzzles} puzzles: {puzzles} {done}")
    }
}

/// The median of `RUNS` timings of `run`, in seconds.
fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// Prints each mode's rate, the library's and the binary's (the median of [`RUNS`] runs,
/// made alternately), and their ratio.
fn rates(text: &str, file: &Path, binary: &Path, puzzles: usize) {
    println!("\nsudoku batch: {puzzles} puzzles, the median of {RUNS} runs each, alternately");
    println!("| mode | library puzzles/s | cli puzzles/s | cli / library |");
    println!("|---|---|---|---|");
    for (mode, flags) in MODES {
        let (mut in_process, mut by_binary) = (Vec::new(), Vec::new());
        for _ in 0..RUNS {
            let start = Instant::now();
            assert_eq!(library(text, mode), puzzles as u64);
            in_process.push(start.elapsed().as_secs_f64());
            let start = Instant::now();
            let last = cli(binary, file, flags);
            by_binary.push(start.elapsed().as_secs_f64());
            assert!(last.contains(&summary(mode, puzzles)), "{last}");
        }
        let (in_process, binary) = (
            puzzles as f64 / median(in_process),
            puzzles as f64 / median(by_binary),
        );
        println!(
            "| {mode} | {in_process:.0} | {binary:.0} | {:.2} |",
            binary / in_process
        );
    }
}

fn batch(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let one = std::fs::read_to_string(root.join("benches/sudoku/ordinary.sudoku"))
        .expect("the ordinary puzzles");
    let text = one.repeat(COPIES);
    let puzzles = read_puzzles(&text).expect("puzzles").len();
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("batch.sudoku");
    std::fs::write(&file, &text).expect("the batch file");
    let binary = binary(root);
    if binary.is_none() {
        eprintln!("no binary: build it (cargo build --release) to time it beside the library");
    }
    let mut group = c.benchmark_group("sudoku batch");
    group.sample_size(10);
    group.throughput(Throughput::Elements(puzzles as u64));
    for (mode, flags) in MODES {
        group.bench_function(BenchmarkId::new("library", mode), |b| {
            b.iter(|| assert_eq!(library(&text, mode), puzzles as u64));
        });
        if let Some(binary) = &binary {
            let summary = summary(mode, puzzles);
            group.bench_function(BenchmarkId::new("cli", mode), |b| {
                b.iter(|| {
                    let last = cli(binary, &file, flags);
                    assert!(last.contains(&summary), "{last}");
                });
            });
        }
    }
    group.finish();
    if let Some(binary) = &binary {
        rates(&text, &file, binary, puzzles);
    }
}

criterion_group!(benches, batch);
criterion_main!(benches);
