//! Does an observer that does nothing cost nothing? Plain N-Queens counted with no
//! observer, with a borrowed zero-sized no-op observer, with one that counts events, and
//! with the solution-tree recorder (what seeing the tree costs).

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]
use std::hint::black_box;

use backtrack::tree::Recorder;
use backtrack::{Control, Observer, Problem, Search};
use backtrack_problems::queens::Queens;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

/// OEIS A000170 for n = 8, 9, 10: each timed run checks its answer.
const COUNTS: [(usize, u64); 3] = [(8, 92), (9, 352), (10, 724)];

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

fn observer_cost(c: &mut Criterion) {
    let mut group = c.benchmark_group("queens count: observer cost");
    for (n, expected) in COUNTS {
        group.bench_with_input(BenchmarkId::new("no observer", n), &n, |b, &n| {
            b.iter(|| {
                let outcome = Search::new(Queens::new(black_box(n))).count_solutions();
                assert_eq!(outcome.found, expected);
            });
        });
        group.bench_with_input(
            BenchmarkId::new("noop observer (&mut ZST)", n),
            &n,
            |b, &n| {
                let mut noop = Noop;
                b.iter(|| {
                    let outcome = Search::new(Queens::new(black_box(n)))
                        .observer(&mut noop)
                        .count_solutions();
                    assert_eq!(outcome.found, expected);
                });
            },
        );
        group.bench_with_input(BenchmarkId::new("counting observer", n), &n, |b, &n| {
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
        group.bench_with_input(BenchmarkId::new("tree recorder", n), &n, |b, &n| {
            b.iter(|| {
                let mut recorder = Recorder::new();
                let outcome = Search::new(Queens::new(black_box(n)))
                    .observer(&mut recorder)
                    .count_solutions();
                assert_eq!(outcome.found, expected);
                let tree = recorder.into_tree();
                assert_eq!(tree.nodes().len() as u64, outcome.stats.nodes);
            });
        });
    }
    group.finish();
}

criterion_group!(benches, observer_cost);
criterion_main!(benches);
