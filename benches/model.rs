//! What the model layer costs: N-Queens 8 as a model (one variable a column, three `≠` a
//! pair of queens) beside the hand-written bitboard search of the same tree, and the
//! reduced Latin squares of order 5 with each strength of all-different (forward checking,
//! Hall intervals, matching), which prune more for more work a node. Every iteration counts
//! every solution and checks the count (92 and 56), so a wrong answer cannot be timed.

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use backtrack::{Limits, Search};
use backtrack_problems::model::{Model, Rel, Strength, Var};
use backtrack_problems::queens::{CountPlan, Placement, Reduction};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

/// N-Queens as a model: `q[i]` the row of column `i`, no two on a row or a diagonal.
fn queens(n: usize) -> Model {
    let mut model = Model::new();
    let q = model.int_vars(n, 1..=n as i64).expect("n values");
    for i in 0..n {
        for j in i + 1..n {
            let d = (j - i) as i64;
            for c in [0, d, -d] {
                model
                    .compare(q[i], Rel::Ne, q[j], c)
                    .expect("the model's variables");
            }
        }
    }
    model
}

/// The reduced Latin squares of order `n`: the first row and column in order, each row and
/// column all different with `strength`.
fn latin(n: usize, strength: Strength) -> Model {
    let mut model = Model::new();
    let cells: Vec<Vec<Var>> = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    if r == 0 || c == 0 {
                        model.constant((r + c + 1) as i64)
                    } else {
                        model.int_var(1..=n as i64).expect("n values")
                    }
                })
                .collect()
        })
        .collect();
    for i in 0..n {
        let column: Vec<Var> = cells.iter().map(|row| row[i]).collect();
        for line in [&cells[i], &column] {
            model
                .all_different_with(line, strength)
                .expect("the model's variables");
        }
    }
    model
}

fn models(c: &mut Criterion) {
    let mut group = c.benchmark_group("model");
    let model = queens(8);
    group.bench_function("queens 8/model", |b| {
        b.iter(|| {
            let found = Search::new(black_box(&model).clone())
                .count_solutions()
                .found;
            assert_eq!(found, 92);
        });
    });
    let plan = CountPlan::new(&Placement::empty(8), Reduction::None).expect("a board of 8");
    group.bench_function("queens 8/hand-written", |b| {
        b.iter(|| {
            let found = black_box(&plan).run_in_order(Limits::none()).found;
            assert_eq!(found.total, 92);
        });
    });
    for (name, strength) in [
        ("forward", Strength::Forward),
        ("bounds", Strength::Bounds),
        ("matching", Strength::Domain),
    ] {
        let model = latin(5, strength);
        group.bench_with_input(BenchmarkId::new("latin 5", name), &model, |b, model| {
            b.iter(|| {
                let found = Search::new(model.clone()).count_solutions().found;
                assert_eq!(found, 56);
            });
        });
    }
    group.finish();
}

criterion_group!(benches, models);
criterion_main!(benches);
