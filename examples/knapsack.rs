//! Branch and bound on a 0/1 knapsack, checked against dynamic programming.
//!
//! `cargo run --example knapsack`

use backtrack::Search;
use backtrack_problems::knapsack::{Item, Knapsack};

/// `count` items with weights and values from a small linear congruential generator.
fn items(count: usize, mut seed: u64) -> Vec<Item> {
    let mut next = move |modulus: u64| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) % modulus + 1
    };
    (0..count)
        .map(|_| {
            let weight = next(60);
            Item {
                weight,
                value: weight + next(40),
            }
        })
        .collect()
}

/// The best value by the textbook dynamic programme over capacities.
fn best_by_dynamic_programming(capacity: u64, items: &[Item]) -> u64 {
    let mut best = vec![0u64; capacity as usize + 1];
    for item in items {
        for room in (item.weight as usize..=capacity as usize).rev() {
            best[room] = best[room].max(best[room - item.weight as usize] + item.value);
        }
    }
    best[capacity as usize]
}

fn main() {
    let items = items(30, 2024);
    let capacity = items.iter().map(|item| item.weight).sum::<u64>() / 3;
    let text = Knapsack::new(capacity, &items).to_string();
    let problem: Knapsack = text.parse().expect("the text format reads back");

    let outcome = Search::new(problem).best();
    let (chosen, value) = outcome.found.expect("the empty packing always fits");

    let weight: u64 = chosen.iter().map(|&i| items[i].weight).sum();
    assert!(weight <= capacity);
    assert_eq!(chosen.iter().map(|&i| items[i].value).sum::<u64>(), value);
    assert_eq!(value, best_by_dynamic_programming(capacity, &items));
    assert!(
        outcome.stats.nodes < 1 << 20,
        "the bound prunes: 2^30 packings, far fewer nodes"
    );

    println!("{} items, capacity {capacity}", items.len());
    println!("best value {value}, weight {weight}, items {chosen:?}");
    println!("{}", outcome.stats);
}

#[test]
fn test() {
    main();
}
