//! N-Queens counts with each use of the board's symmetries, on one thread and on all cores
//! (what `backtrack queens N --count --symmetry none|mirror|full|halves --threads T` runs). Each
//! run asserts its count, so a wrong answer cannot be timed.

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use backtrack::{Limits, ParallelLimits};
use backtrack_problems::queens::{CountPlan, Placement, Reduction};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

/// OEIS A000170 for the sizes benched.
const SIZES: [(usize, u64); 3] = [(10, 724), (12, 14_200), (13, 73_712)];

fn counting(c: &mut Criterion) {
    let mut group = c.benchmark_group("queens count");
    group.sample_size(20);
    for (n, expected) in SIZES {
        for (name, reduction) in [
            ("none", Reduction::None),
            ("mirror", Reduction::Mirror),
            ("full", Reduction::Full),
            ("halves", Reduction::Halves),
        ] {
            let plan = CountPlan::new(&Placement::empty(n), reduction).expect("an empty board");
            group.bench_with_input(
                BenchmarkId::new(format!("{name}, one thread"), n),
                &plan,
                |b, plan| {
                    b.iter(|| {
                        let outcome = black_box(plan).run_in_order(Limits::none());
                        assert_eq!(outcome.found.total, expected);
                    });
                },
            );
            group.bench_with_input(
                BenchmarkId::new(format!("{name}, all cores"), n),
                &plan,
                |b, plan| {
                    b.iter(|| {
                        let outcome = black_box(plan).run(&ParallelLimits::none());
                        assert_eq!(outcome.found.total, expected);
                    });
                },
            );
        }
    }
    group.finish();
}

criterion_group!(benches, counting);
criterion_main!(benches);
