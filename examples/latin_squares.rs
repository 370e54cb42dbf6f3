//! Reduced Latin squares as a model: an n×n grid of 1..=n, each row and column different
//! values, the first row and column in order. The all-different constraints are
//! propagated by forward checking, by Hall intervals (bounds consistency) and by matching
//! (domain consistency), each pruning at least as much as the one before for the same
//! squares; the counts are OEIS A000315 (1, 1, 1, 4, 56, 9408).
//! The largest is counted on every core as well.
//!
//! `cargo run --example latin_squares` (`-- 5` for a smaller largest order).

use backtrack::{parallel, ParallelLimits, Search, SplitDepth};
use backtrack_problems::model::{Model, Strength, Var};

/// The reduced Latin squares of order `n`, their all-different constraints of `strength`.
fn latin(n: usize, strength: Strength) -> Model {
    let mut model = Model::new();
    let mut cells: Vec<Vec<Var>> = Vec::new();
    for r in 0..n {
        let row = (0..n).map(|c| {
            if r == 0 || c == 0 {
                model.constant((r + c + 1) as i64) // the first row and column in order
            } else {
                model.int_var(1..=n as i64).expect("a domain of n values")
            }
        });
        cells.push(row.collect());
    }
    for i in 0..n {
        let column: Vec<Var> = cells.iter().map(|row| row[i]).collect();
        model
            .all_different_with(&cells[i], strength)
            .expect("the model's variables");
        model
            .all_different_with(&column, strength)
            .expect("the model's variables");
    }
    model
}

fn main() {
    // Under `cargo test` the arguments are the test harness's.
    let largest: usize = match std::env::args().nth(1) {
        Some(n) if !cfg!(test) => n.parse().expect("the largest order, a number"),
        _ if cfg!(test) => 5,
        _ => 6,
    };
    let known = [1, 1, 1, 4, 56, 9408];
    println!("order  squares  nodes: forward checking  Hall intervals  matching");
    for n in 1..=largest {
        let outcomes = [Strength::Forward, Strength::Bounds, Strength::Domain]
            .map(|strength| Search::new(latin(n, strength)).count_solutions());
        let [forward, bounds, matching] = outcomes.each_ref().map(|outcome| outcome.stats.nodes);
        assert!(outcomes
            .iter()
            .all(|outcome| outcome.found == outcomes[0].found));
        assert!(matching <= bounds && bounds <= forward);
        if let Some(&known) = known.get(n - 1) {
            assert_eq!(outcomes[0].found, known);
        }
        println!(
            "{n:>5}  {:>7}  {forward:>22}  {bounds:>14}  {matching:>8}",
            outcomes[0].found
        );
    }
    let model = latin(largest, Strength::Domain);
    let on_cores = parallel::count(&model, SplitDepth(3), &ParallelLimits::none());
    assert_eq!(on_cores.found, Search::new(model).count_solutions().found);
    println!("order {largest} on every core:\n{}", on_cores.stats);
}

#[test]
fn test() {
    main();
}
