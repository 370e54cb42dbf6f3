//! What the generic engine costs against hand-written search over the same tree, and what
//! observers cost. Competitors of one question sit side by side in one group; every timed
//! run asserts its count, so a wrong answer cannot be timed.
//!
//! - `textbook queens`: the plain [`Queens`] (a range of columns, the constraint checked on
//!   occupancy tables) through the engine, with no observer, a zero-sized no-op observer,
//!   an observer that counts events and the tree recorder, beside a hand-written recursive
//!   counter with the same tables and the same checks. At n = 8 the whole tree is 2,057
//!   nodes, which a branch predictor partly learns over repeated runs; n = 10 and 12 show
//!   the cost per node.
//! - `bitboard queens`: the bitboard search through the engine, by value ([`BitState`]; with
//!   no observer and with the no-op observer above, whose empty hooks must cost nothing) and in place
//!   ([`BitQueens`]), beside two hand-written bitwise counters, recursive and with an
//!   explicit stack.
//! - `langford`: a problem as a user writes it (Langford pairings, in place, a range of
//!   places and a constraint; `examples/parallel_count.rs` is the same problem), counted
//!   with no observer and with the no-op observer, beside
//!   a hand-written recursive counter of the same tree with the same checks.

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]
use std::hint::black_box;

use backtrack::tree::Recorder;
use backtrack::{Control, Observer, Problem, Search};
use backtrack_problems::queens::{BitQueens, BitState, Queens};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

/// OEIS A000170: each timed run checks its answer.
const COUNTS: [(usize, u64); 5] = [(8, 92), (9, 352), (10, 724), (11, 2680), (12, 14_200)];

fn expected(n: usize) -> u64 {
    COUNTS.iter().find(|c| c.0 == n).expect("a known count").1
}

/// Zero-sized, every hook the default: must compile to the same loop as no observer.
struct Noop;

impl<P: Problem> Observer<P> for Noop {}

/// Counts the events it sees.
#[derive(Default)]
struct Counting {
    enters: u64,
    rejects: u64,
}

impl<P: Problem> Observer<P> for Counting {
    fn enter(&mut self, _: &P, _: usize, _: Option<P::Op>) -> Control {
        self.enters += 1;
        Control::Continue
    }
    fn reject(&mut self, _: &P, _: usize, _: P::Op) {
        self.rejects += 1;
    }
}

/// The textbook search written by hand: recursion over the rows, every column tried,
/// the same occupancy tables and the same checks as [`Queens`].
struct HandTextbook {
    n: usize,
    row: usize,
    col_used: Vec<bool>,
    diag_used: Vec<bool>,
    anti_used: Vec<bool>,
}

impl HandTextbook {
    fn count(n: usize) -> u64 {
        let diagonals = (2 * n).saturating_sub(1);
        let mut search = HandTextbook {
            n,
            row: 0,
            col_used: vec![false; n],
            diag_used: vec![false; diagonals],
            anti_used: vec![false; diagonals],
        };
        search.walk()
    }

    fn walk(&mut self) -> u64 {
        if self.row == self.n {
            return 1;
        }
        let (n, row) = (self.n, self.row);
        let mut found = 0;
        for col in 0..n {
            if self.col_used[col] || self.diag_used[row + col] || self.anti_used[row + n - 1 - col]
            {
                continue;
            }
            self.mark(col, true);
            self.row += 1;
            found += self.walk();
            self.row -= 1;
            self.mark(col, false);
        }
        found
    }

    fn mark(&mut self, col: usize, value: bool) {
        let (n, row) = (self.n, self.row);
        self.col_used[col] = value;
        self.diag_used[row + col] = value;
        self.anti_used[row + n - 1 - col] = value;
    }
}

/// The classic recursive bitwise counter (as the C yardstick).
fn hand_recursive(all: u32, cols: u32, ld: u32, rd: u32) -> u64 {
    if cols == all {
        return 1;
    }
    let mut free = all & !(cols | ld | rd);
    let mut found = 0;
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        found += hand_recursive(all, cols | bit, (ld | bit) << 1, (rd | bit) >> 1);
    }
    found
}

/// The bitwise counter with an explicit stack: one fixed array per figure, indexed by the
/// row.
fn hand_stack(n: usize) -> u64 {
    let all = (1u32 << n) - 1;
    let (mut cols, mut ld, mut rd, mut free) = ([0u32; 33], [0u32; 33], [0u32; 33], [0u32; 33]);
    let (mut row, mut found) = (0usize, 0u64);
    free[0] = all;
    loop {
        if free[row] == 0 {
            if row == 0 {
                return found;
            }
            row -= 1;
            continue;
        }
        let bit = free[row] & free[row].wrapping_neg();
        free[row] ^= bit;
        let (c, l, r) = (cols[row] | bit, (ld[row] | bit) << 1, (rd[row] | bit) >> 1);
        if c == all {
            found += 1;
            continue;
        }
        row += 1;
        (cols[row], ld[row], rd[row]) = (c, l, r);
        free[row] = all & !(c | l | r);
    }
}

fn textbook(c: &mut Criterion) {
    let mut group = c.benchmark_group("textbook queens");
    for n in [8, 10, 12] {
        let expected = expected(n);
        group.bench_with_input(BenchmarkId::new("hand-written", n), &n, |b, &n| {
            b.iter(|| assert_eq!(HandTextbook::count(black_box(n)), expected));
        });
        group.bench_with_input(BenchmarkId::new("generic", n), &n, |b, &n| {
            b.iter(|| {
                let outcome = Search::new(Queens::new(black_box(n))).count_solutions();
                assert_eq!(outcome.found, expected);
            });
        });
        group.bench_with_input(BenchmarkId::new("generic+noop", n), &n, |b, &n| {
            let mut noop = Noop;
            b.iter(|| {
                let outcome = Search::new(Queens::new(black_box(n)))
                    .observer(&mut noop)
                    .count_solutions();
                assert_eq!(outcome.found, expected);
            });
        });
        group.bench_with_input(BenchmarkId::new("generic+counting", n), &n, |b, &n| {
            b.iter(|| {
                let mut counting = Counting::default();
                let outcome = Search::new(Queens::new(black_box(n)))
                    .observer(&mut counting)
                    .count_solutions();
                assert_eq!(outcome.found, expected);
                assert_eq!(counting.enters, outcome.stats.nodes);
                assert_eq!(counting.rejects, outcome.stats.rejections);
            });
        });
        if n > 10 {
            // The recorder keeps every node: at n = 12 that is 856,189 of them a run.
            continue;
        }
        group.bench_with_input(BenchmarkId::new("generic+recorder", n), &n, |b, &n| {
            b.iter(|| {
                let mut recorder = Recorder::new();
                let outcome = Search::new(Queens::new(black_box(n)))
                    .observer(&mut recorder)
                    .count_solutions();
                assert_eq!(outcome.found, expected);
                assert_eq!(
                    recorder.into_tree().nodes().len() as u64,
                    outcome.stats.nodes
                );
            });
        });
    }
    group.finish();
}

fn bitboard(c: &mut Criterion) {
    let mut group = c.benchmark_group("bitboard queens");
    for n in [10, 11, 12] {
        let expected = expected(n);
        group.bench_with_input(
            BenchmarkId::new("hand-written recursive", n),
            &n,
            |b, &n| {
                let all = (1u32 << n) - 1;
                b.iter(|| assert_eq!(hand_recursive(black_box(all), 0, 0, 0), expected));
            },
        );
        group.bench_with_input(BenchmarkId::new("hand-written stack", n), &n, |b, &n| {
            b.iter(|| assert_eq!(hand_stack(black_box(n)), expected));
        });
        group.bench_with_input(BenchmarkId::new("generic by value", n), &n, |b, &n| {
            b.iter(|| {
                let outcome = Search::new(BitState::<u32>::new(black_box(n))).count_solutions();
                assert_eq!(outcome.found, expected);
            });
        });
        group.bench_with_input(
            BenchmarkId::new("generic by value, general kernel", n),
            &n,
            |b, &n| {
                let mut noop = Noop;
                b.iter(|| {
                    let outcome = Search::new(BitState::<u32>::new(black_box(n)))
                        .observer(&mut noop)
                        .count_solutions();
                    assert_eq!(outcome.found, expected);
                });
            },
        );
        group.bench_with_input(BenchmarkId::new("generic in place", n), &n, |b, &n| {
            b.iter(|| {
                let outcome = Search::new(BitQueens::<u32>::new(black_box(n))).count_solutions();
                assert_eq!(outcome.found, expected);
            });
        });
    }
    group.finish();
}

/// Langford pairings of 1..=n as a user writes them: the example's own problem
/// (`examples/parallel_count.rs`), whose `main` this bench does not run.
#[path = "../examples/parallel_count.rs"]
#[allow(dead_code)]
mod parallel_count;
use parallel_count::Langford;

/// The same tree, the same checks, by hand.
fn langford_by_hand(n: u32, taken: u64, next: u32) -> u64 {
    if next == 0 {
        return 1;
    }
    let mut total = 0;
    for place in 0..2 * n - next - 1 {
        let pair = (1u64 << place) | (1u64 << (place + next + 1));
        if taken & pair == 0 {
            total += langford_by_hand(n, taken | pair, next - 1);
        }
    }
    total
}

fn langford(c: &mut Criterion) {
    let mut group = c.benchmark_group("langford");
    // Twice OEIS A014552 (each pairing and its reverse).
    for (n, expected) in [(8u32, 300u64), (11, 35_584)] {
        let root = Langford::new(n);
        group.bench_with_input(BenchmarkId::new("hand-written", n), &n, |b, &n| {
            b.iter(|| assert_eq!(langford_by_hand(black_box(n), 0, n), expected));
        });
        group.bench_with_input(BenchmarkId::new("generic", n), &root, |b, &root| {
            b.iter(|| {
                let outcome = Search::new(black_box(root)).count_solutions();
                assert_eq!(outcome.found, expected);
            });
        });
        group.bench_with_input(
            BenchmarkId::new("generic, general kernel", n),
            &root,
            |b, &root| {
                b.iter(|| {
                    let outcome = Search::new(black_box(root))
                        .observer(Noop)
                        .count_solutions();
                    assert_eq!(outcome.found, expected);
                });
            },
        );
    }
    group.finish();
}

criterion_group!(benches, textbook, bitboard, langford);
criterion_main!(benches);
