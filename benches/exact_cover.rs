//! Exact cover by dancing links: the 6×10 pentomino count, and N-Queens 12 as exact cover
//! beside the bitboard search of the whole tree (what `backtrack exact-cover --count
//! --threads 1` and `backtrack queens 12 --count --symmetry none --threads 1` run). Each run
//! asserts its count, so a wrong answer cannot be timed.

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use backtrack::Search;
use backtrack_problems::exact_cover::generate;
use backtrack_problems::queens::BitQueens;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

fn queens(c: &mut Criterion) {
    let mut group = c.benchmark_group("queens 12, whole tree, one thread");
    group.sample_size(20);
    let problem = generate::queens(12).expect("a board").problem;
    group.bench_with_input(
        BenchmarkId::new("exact cover", 12),
        &problem,
        |b, problem| {
            b.iter(|| {
                let outcome = Search::new(black_box(problem).clone()).count_solutions();
                assert_eq!(outcome.found, 14_200);
            });
        },
    );
    group.bench_function(BenchmarkId::new("bitboards", 12), |b| {
        b.iter(|| {
            let outcome = Search::new(BitQueens::<u32>::new(black_box(12))).count_solutions();
            assert_eq!(outcome.found, 14_200);
        });
    });
    group.finish();
}

fn pentominoes(c: &mut Criterion) {
    let mut group = c.benchmark_group("pentominoes 6x10, one thread");
    group.sample_size(10);
    let problem = generate::pentominoes().problem;
    group.bench_function("exact cover", |b| {
        b.iter(|| {
            let outcome = Search::new(black_box(&problem).clone()).count_solutions();
            assert_eq!(outcome.found, 9356);
        });
    });
    group.finish();
}

criterion_group!(benches, queens, pentominoes);
criterion_main!(benches);
