//! N-Queens counting: the bitboard formulation beside the plain textbook one, through the
//! same engine. Each run asserts its count, so a wrong answer cannot be timed.

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use backtrack::{ParallelLimits, Search};
use backtrack_problems::queens::{count_mirrored, count_symmetric, BitQueens, Queens};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

/// OEIS A000170 for the sizes benched.
const SIZES: [(usize, u64); 3] = [(8, 92), (10, 724), (12, 14_200)];

fn counting(c: &mut Criterion) {
    let mut group = c.benchmark_group("queens_count");
    group.sample_size(20);
    let one_thread = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a thread pool");
    for (n, expected) in SIZES {
        group.bench_with_input(BenchmarkId::new("bitboard", n), &n, |b, &n| {
            b.iter(|| {
                let outcome = Search::new(BitQueens::<u32>::new(black_box(n))).count_solutions();
                assert_eq!(outcome.found, expected);
            });
        });
        group.bench_with_input(BenchmarkId::new("bitboard+mirror", n), &n, |b, &n| {
            b.iter(|| {
                let outcome = one_thread
                    .install(|| count_mirrored::<u32>(black_box(n), &ParallelLimits::none()));
                assert_eq!(outcome.found, expected);
            });
        });
        group.bench_with_input(BenchmarkId::new("bitboard+symmetry", n), &n, |b, &n| {
            b.iter(|| {
                let outcome = one_thread.install(|| {
                    count_symmetric::<u32>(black_box(n), &ParallelLimits::none(), |_| {})
                });
                assert_eq!(outcome.found.total, expected);
            });
        });
        group.bench_with_input(BenchmarkId::new("plain", n), &n, |b, &n| {
            b.iter(|| {
                let outcome = Search::new(Queens::new(black_box(n))).count_solutions();
                assert_eq!(outcome.found, expected);
            });
        });
    }
    group.finish();
}

criterion_group!(benches, counting);
criterion_main!(benches);
