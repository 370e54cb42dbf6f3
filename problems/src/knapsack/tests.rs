//! Best packings and counts checked against brute force, the bound, and the settled items.

use backtrack::Search;
use proptest::prelude::*;

use super::{Item, Knapsack, KnapsackError};

/// `chosen` fits in `capacity`, is worth `value`, and lists its items in order.
fn packs(items: &[Item], capacity: u64, chosen: &[usize], value: u64) -> Result<(), TestCaseError> {
    let weight: u64 = chosen.iter().map(|&i| items[i].weight).sum();
    let total: u64 = chosen.iter().map(|&i| items[i].value).sum();
    prop_assert!(weight <= capacity);
    prop_assert_eq!(total, value);
    prop_assert!(chosen.windows(2).all(|w| w[0] < w[1]));
    Ok(())
}

/// Every subset, by bit mask: (feasible subsets, best value).
fn brute_force(capacity: u64, items: &[Item]) -> (u64, u64) {
    let mut feasible = 0;
    let mut best = 0;
    for mask in 0u32..1 << items.len() {
        let chosen = items.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1);
        let (weight, value) = chosen.fold((0, 0), |(w, v), (_, item)| {
            (w + item.weight, v + item.value)
        });
        if weight <= capacity {
            feasible += 1;
            best = best.max(value);
        }
    }
    (feasible, best)
}

fn items() -> impl Strategy<Value = Vec<Item>> {
    proptest::collection::vec((0u64..20, 0u64..30), 0..=10).prop_map(|pairs| {
        pairs
            .into_iter()
            .map(|(weight, value)| Item { weight, value })
            .collect()
    })
}

/// Items of which many weigh nothing or are worth nothing, or both.
fn items_with_zeros() -> impl Strategy<Value = Vec<Item>> {
    let number = || prop_oneof![Just(0u64), 0u64..20];
    proptest::collection::vec((number(), number()), 0..=10).prop_map(|pairs| {
        pairs
            .into_iter()
            .map(|(weight, value)| Item { weight, value })
            .collect()
    })
}

proptest! {
    #[test]
    fn settled_best_agrees_with_brute_force(capacity in 0u64..40, items in items_with_zeros()) {
        let (_, best) = brute_force(capacity, &items);
        let mut knapsack = Knapsack::settled(capacity, &items);
        prop_assert_eq!(knapsack.items(), items.clone());
        prop_assert_eq!(check_bounds(&mut knapsack), Some(best));
        let (taken, left) = knapsack.settled_counts();
        let searched = items.iter().filter(|item| item.weight > 0 && item.value > 0).count();
        prop_assert_eq!(taken + left + searched, items.len());
        let (chosen, value) = Search::new(knapsack).best().found.expect("a packing");
        prop_assert_eq!(value, best);
        packs(&items, capacity, &chosen, value)?;
        // Every weightless item of value is in it, no worthless one.
        for (i, item) in items.iter().enumerate() {
            if item.weight == 0 && item.value > 0 {
                prop_assert!(chosen.contains(&i));
            }
            if item.value == 0 {
                prop_assert!(!chosen.contains(&i));
            }
        }
    }

    #[test]
    fn best_and_count_agree_with_brute_force(capacity in 0u64..60, items in items()) {
        let (feasible, best) = brute_force(capacity, &items);
        let outcome = Search::new(Knapsack::new(capacity, &items)).best();
        let (chosen, value) = outcome.found.expect("the empty packing always fits");
        prop_assert_eq!(value, best);
        packs(&items, capacity, &chosen, value)?;
        let count = Search::new(Knapsack::new(capacity, &items)).count_solutions();
        prop_assert_eq!(count.found, feasible);
    }

    #[test]
    fn the_bound_never_underestimates(capacity in 0u64..60, items in items()) {
        // At every node the bound is at least the best value of any packing below it.
        let mut problem = Knapsack::new(capacity, &items);
        let best = check_bounds(&mut problem);
        prop_assert_eq!(best, Some(brute_force(capacity, &items).1));
    }

    #[test]
    fn display_and_parse_round_trip(capacity in 0u64..60, items in items()) {
        let problem = Knapsack::new(capacity, &items);
        let parsed: Knapsack = problem.to_string().parse().expect("it parses");
        prop_assert_eq!(parsed.capacity(), capacity);
        prop_assert_eq!(parsed.items(), items);
    }
}

/// Sixty items worth nothing and forty weighing nothing doubled the tree each: settled
/// up front, the search is that of the three others.
#[test]
fn worthless_and_weightless_items_do_not_grow_the_tree() {
    let mut items: Vec<Item> = [(10, 60), (20, 100), (30, 120)]
        .map(|(weight, value)| Item { weight, value })
        .to_vec();
    items.extend((0..60).map(|k| Item {
        weight: k % 2,
        value: 0,
    }));
    items.extend((0..40).map(|_| Item {
        weight: 0,
        value: 5,
    }));
    let outcome = Search::new(Knapsack::settled(50, &items)).best();
    let (chosen, value) = outcome.found.unwrap();
    assert_eq!(value, 220 + 40 * 5);
    assert_eq!(chosen[..2], [1, 2]);
    assert_eq!(chosen[2..], (63..103).collect::<Vec<_>>()[..]);
    assert!(outcome.stats.nodes < 20, "{}", outcome.stats.nodes);
}

/// Walks every node by plain recursion, checking the bound against the best below.
fn check_bounds(problem: &mut Knapsack) -> Option<u64> {
    use backtrack::{Optimize, Problem};
    if problem.is_complete() {
        assert!(problem.bound() >= problem.value());
        return Some(problem.value());
    }
    let mut best = None;
    for op in problem.operators() {
        if problem.admissible(op) {
            problem.apply(op);
            let below = check_bounds(problem);
            if let Some(below) = below {
                assert!(
                    problem.bound() >= below,
                    "bound {} < {below}",
                    problem.bound()
                );
            }
            problem.undo(op);
            best = best.max(below);
        }
    }
    if let Some(best) = best {
        assert!(problem.bound() >= best);
    }
    best
}

#[test]
fn weightless_items_come_first_in_the_bound() {
    // A 0/0 item once tied with everything and left the sort unordered, so the bound
    // missed the weightless item of value 1 behind the one that does not fit.
    let items = [(1, 0), (0, 0), (0, 1)].map(|(weight, value)| Item { weight, value });
    assert_eq!(backtrack::Optimize::bound(&Knapsack::new(0, &items)), 1);
    let outcome = Search::new(Knapsack::new(0, &items)).best();
    assert_eq!(outcome.found, Some((vec![1, 2], 1)));
}

#[test]
fn tree_labels_show_the_decisions() {
    use backtrack::tree::{Label, Recorder, Status};
    use backtrack::Problem;

    let mut problem: Knapsack = "capacity 50\n10 60\n20 100\n30 120\n".parse().unwrap();
    assert_eq!(problem.label(), "[] w=0 v=0");
    // Search order is by value per weight: #1 (6), #2 (5), #3 (4).
    assert_eq!(problem.op_label(true), "take");
    assert_eq!(problem.child_label(true), "[+#1] w=10 v=60");
    problem.apply(false);
    assert_eq!(problem.label(), "[-#1] w=0 v=0");
    assert_eq!(problem.op_label(false), "leave");
    assert_eq!(problem.child_label(true), "[-#1 +#2] w=20 v=100");
    problem.apply(true);
    problem.apply(true);
    assert_eq!(problem.label(), "[-#1 +#2 +#3] w=50 v=220");
    problem.undo(true);
    problem.undo(true);
    problem.undo(false);

    let mut recorder = Recorder::new();
    let outcome = Search::new(problem).observer(&mut recorder).best();
    let tree = recorder.into_tree();
    let best = tree.solutions().last().expect("a best packing");
    assert_eq!(best.label, "[-#1 +#2 +#3] w=50 v=220");
    assert_eq!(outcome.found, Some((vec![1, 2], 220)));
    let pruned = tree
        .nodes()
        .iter()
        .filter(|n| n.status == Status::Pruned)
        .count();
    assert_eq!(pruned as u64, outcome.stats.prunings);
}

#[test]
fn textbook_instance() {
    let problem: Knapsack = "# weight value\ncapacity 50\n10 60\n20 100\n30 120\n"
        .parse()
        .expect("valid");
    let outcome = Search::new(problem).best();
    assert_eq!(outcome.found, Some((vec![1, 2], 220)));
    assert!(outcome.stats.prunings > 0);
}

#[test]
fn malformed_input_is_reported_by_line() {
    let cases = [
        ("# nothing\n\n", KnapsackError::Empty),
        (
            "10 60\ncapacity 5\n",
            KnapsackError::MissingCapacity {
                line: 1,
                text: "10 60".into(),
            },
        ),
        (
            "# the capacity\nCAPACITY 10\n",
            KnapsackError::MissingCapacity {
                line: 2,
                text: "CAPACITY 10".into(),
            },
        ),
        (
            "capacity 5\ncapacity 6\n",
            KnapsackError::DuplicateCapacity { line: 2 },
        ),
        (
            "capacity five\n",
            KnapsackError::Number {
                line: 1,
                field: "capacity",
                text: "five".into(),
                problem: super::NumberProblem::NotANumber,
            },
        ),
        (
            "capacity 5\n\n1 2 3\n",
            KnapsackError::Malformed {
                line: 3,
                text: "1 2 3".into(),
            },
        ),
        (
            "capacity 5\n1 18446744073709551615\n# a comment\n1 1\n",
            KnapsackError::TooLarge { line: 4, value: 1 },
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(text.parse::<Knapsack>().unwrap_err(), expected, "{text:?}");
    }
    assert_eq!(
        KnapsackError::Malformed {
            line: 3,
            text: "1 2 3".into()
        }
        .to_string(),
        "line 3: expected `<weight> <value>`, found `1 2 3`"
    );
    let message = |text: &str| text.parse::<Knapsack>().unwrap_err().to_string();
    for first in ["capacity: 10", "cap 10", "capacity", "capacity 10 kg"] {
        assert_eq!(
            message(&format!("{first}\n1 2\n")),
            format!("line 1: expected `capacity <number>` first, found `{first}`")
        );
    }
    assert_eq!(
        message(""),
        "the input is empty: expected a `capacity <number>` line, then one `<weight> <value>` line per item"
    );
}

#[test]
fn bad_numbers_say_what_is_wrong() {
    let message = |text: &str| text.parse::<Knapsack>().unwrap_err().to_string();
    assert_eq!(
        message("capacity -10\n"),
        "line 1: the capacity `-10` is negative: capacities, weights and values are 0 or more"
    );
    assert_eq!(
        message("capacity 10.5\n"),
        "line 1: the capacity `10.5` is not a whole number"
    );
    assert_eq!(
        message("capacity 18446744073709551616\n"),
        "line 1: the capacity `18446744073709551616` is too large (at most 18446744073709551615)"
    );
    assert_eq!(
        message("capacity 5\n-1 2\n"),
        "line 2: the weight `-1` is negative: capacities, weights and values are 0 or more"
    );
    assert_eq!(
        message("capacity 5\n1 2.5\n"),
        "line 2: the value `2.5` is not a whole number"
    );
    // A word is a number that is not one, as `2.5` is a number that is not whole.
    assert_eq!(
        message("capacity 5\n1 x\n"),
        "line 2: the value `x` is not a number"
    );
    assert_eq!(
        message("capacity 5\napples 20\n"),
        "line 2: the weight `apples` is not a number"
    );
    assert_eq!(
        message("capacity 5\n1 2x\n"),
        "line 2: the value `2x` is not a number"
    );
    assert_eq!(
        "capacity -0\n".parse::<Knapsack>().map(|k| k.capacity()),
        Ok(0)
    );
}

#[test]
fn a_long_bad_line_is_quoted_short_and_invisible_characters_shown() {
    let long = format!("capacity 5\n{}\n", "x".repeat(100_000));
    let message = long.parse::<Knapsack>().unwrap_err().to_string();
    assert!(message.len() < 200, "{message}");
    assert!(message.ends_with("xxx…`"), "{message}");
    let message = "capacity 5\n1\u{200b} 2\n"
        .parse::<Knapsack>()
        .unwrap_err()
        .to_string();
    assert!(message.contains("\\u{200b}"), "{message}");
    // A byte order mark at the start is no character of the text.
    let knapsack: Knapsack = "\u{feff}capacity 5\n1 2\n".parse().unwrap();
    assert_eq!(knapsack.capacity(), 5);
}

/// Two items that weigh u64::MAX each: together past any u64, one of them still fits.
#[test]
fn items_heavier_together_than_a_u64_are_fine() {
    let max = u64::MAX;
    let knapsack: Knapsack = format!("capacity {max}\n{max} 3\n{max} 4\n")
        .parse()
        .expect("each item fits alone");
    let best = Search::new(knapsack.clone()).best();
    assert_eq!(best.found, Some((vec![1], 4)));
    assert_eq!(Search::new(knapsack).count_solutions().found, 3);
}
