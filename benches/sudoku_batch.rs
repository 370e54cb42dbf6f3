//! A file of many sudokus: the library solving them in-process against the `backtrack`
//! binary on the same file, in each of its modes (`--first`, the listing, `--count`,
//! `--format json`). The file is the 50 ordinary puzzles of `benches/sudoku/ordinary.sudoku`
//! 200 times over: 10,000 puzzles, each with one solution.
//!
//! The binary is `target/dist/backtrack`, else `target/release/backtrack` (build it first:
//! `cargo build --profile dist`), or the one `BACKTRACK` names; without one the group
//! times the library alone and says so. Every iteration checks its answer: the library's
//! solutions are counted, the binary's summary line must say every puzzle was solved (or
//! counted).

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use backtrack::Search;
use backtrack_problems::sudoku::read_puzzles;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

/// How many times the 50 puzzles stand in the file.
const COPIES: usize = 200;

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
    ["dist", "release"]
        .iter()
        .map(|profile| root.join("target").join(profile).join("backtrack"))
        .find(|path| path.exists())
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
        eprintln!("no binary: build it (cargo build --profile dist) to time it beside the library");
    }
    let mut group = c.benchmark_group("sudoku batch");
    group.sample_size(10);
    group.throughput(Throughput::Elements(puzzles as u64));
    for (mode, flags) in MODES {
        group.bench_function(BenchmarkId::new("library", mode), |b| {
            b.iter(|| assert_eq!(library(&text, mode), puzzles as u64));
        });
        if let Some(binary) = &binary {
            let done = if mode == "count" { "counted" } else { "solved" };
            let summary = if mode == "json" {
                format!("\"puzzles\":{puzzles},\"{done}\":{puzzles}")
            } else {
                format!("# {puzzles} puzzles: {puzzles} {done}")
            };
            group.bench_function(BenchmarkId::new("cli", mode), |b| {
                b.iter(|| {
                    let last = cli(binary, &file, flags);
                    assert!(last.contains(&summary), "{last}");
                });
            });
        }
    }
    group.finish();
}

criterion_group!(benches, batch);
criterion_main!(benches);
