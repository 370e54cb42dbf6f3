//! The word-level paths: a domain read and narrowed as one word from its least value
//! (across a word boundary, below zero, through the trail), matching over rows of bits
//! against the brute force and against the general matching, and `≠` links by offsets on
//! domains wider than a word.

use std::collections::BTreeSet;

use proptest::prelude::*;

use super::{brute, domains_are_the_supports, solutions};
use crate::model::{matching, Conflict, Model, Rel, Strength, Var};

/// A change of a domain, for the window's test.
#[derive(Clone, Debug)]
enum Change {
    Remove(i64),
    Min(i64),
    Max(i64),
    /// Keep the values whose bits, counted from the least value left, are set.
    Retain(u64),
    Fix(i64),
    Push,
    Pop,
}

fn change() -> impl Strategy<Value = Change> {
    prop_oneof![
        3 => (-80i64..=80).prop_map(Change::Remove),
        2 => (-80i64..=80).prop_map(Change::Min),
        2 => (-80i64..=80).prop_map(Change::Max),
        4 => any::<u64>().prop_map(Change::Retain),
        1 => (-80i64..=80).prop_map(Change::Fix),
        2 => Just(Change::Push),
        2 => Just(Change::Pop),
    ]
}

/// The bits of `set` counted from its least value, as [`Domains::window`] gives them.
fn window_of(set: &BTreeSet<i64>) -> u64 {
    let least = *set.first().expect("a value");
    set.iter()
        .filter(|&&v| v - least < 64)
        .fold(0, |word, &v| word | 1 << (v - least))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A domain of three words from -70 narrowed by its window (once its values span 64
    /// at most), or with `one` a domain of one word from -20 narrowed as its word (which
    /// a fix writes at once too), and the other ways, with levels popped at random: it
    /// agrees with a set kept by copying, window, size, bounds and conflicts.
    #[test]
    fn window_and_trail_agree_with_copied_sets(
        changes in proptest::collection::vec(change(), 1..150),
        one in any::<bool>(),
    ) {
        let range = if one { -20..=40 } else { -70..=75 };
        let mut model = Model::new();
        let x = model.int_var(range.clone()).unwrap();
        let mut d = model.domains.clone();
        let mut stack: Vec<BTreeSet<i64>> = vec![range.collect()];
        for change in changes {
            let set = stack.last().unwrap().clone();
            let least = *set.first().unwrap();
            let (wanted, got): (BTreeSet<i64>, Result<bool, Conflict>) = match change {
                Change::Push => { d.push_level(); stack.push(set); continue }
                Change::Pop => {
                    if stack.len() > 1 { d.pop_level(); stack.pop(); }
                    continue
                }
                Change::Retain(keep) if one => (
                    set.iter().copied().filter(|&v| keep >> (v + 20) & 1 == 1).collect(),
                    d.narrow_word(x, d.one_word(x).unwrap().0, keep),
                ),
                Change::Retain(_) if set.last().unwrap() - least >= 64 => continue,
                Change::Retain(keep) => (
                    set.iter().copied().filter(|&v| keep >> (v - least) & 1 == 1).collect(),
                    d.retain_window(x, keep),
                ),
                Change::Remove(v) => (set.iter().copied().filter(|&w| w != v).collect(), d.remove(x, v)),
                Change::Min(v) => (set.iter().copied().filter(|&w| w >= v).collect(), d.set_min(x, v)),
                Change::Max(v) => (set.iter().copied().filter(|&w| w <= v).collect(), d.set_max(x, v)),
                Change::Fix(v) => (set.iter().copied().filter(|&w| w == v).collect(), d.fix(x, v)),
            };
            if wanted.is_empty() {
                prop_assert_eq!(got, Err(Conflict::on(x)));
            } else {
                prop_assert_eq!(got, Ok(wanted.len() < set.len()));
                *stack.last_mut().unwrap() = wanted;
            }
            let set = stack.last().unwrap();
            prop_assert_eq!(d.values(x).collect::<BTreeSet<_>>(), set.clone());
            prop_assert_eq!(d.window(x), window_of(set));
            prop_assert_eq!(d.size(x), set.len());
            prop_assert_eq!(d.min(x), *set.first().unwrap());
            prop_assert_eq!(d.max(x), *set.last().unwrap());
            prop_assert_eq!(d.all_fixed(), set.len() == 1);
        }
    }

    /// Four variables over wide ranges of different bases, narrowed to eight values each
    /// near a word boundary of their bits (from `lows`, with holes), under a
    /// domain-consistent all-different: the solutions are the brute force's, and at the
    /// root each variable keeps exactly the values some solution gives. With `wide`, one
    /// keeps a value 70 above the others, so that the values span more than a word and the
    /// general matching runs instead; with `fixed`, the first is fixed at once.
    #[test]
    fn matching_in_words_agrees_with_brute_force(
        lows in proptest::collection::vec(52i64..=60, 4),
        holes in proptest::collection::vec(proptest::collection::vec(any::<bool>(), 8), 4),
        wide in any::<bool>(),
        fixed in any::<bool>(),
    ) {
        let ranges: Vec<Vec<i64>> = (0..4)
            .map(|i| {
                let mut values: Vec<i64> = (0..8)
                    .filter(|&k| !holes[i][k as usize] || k == i as i64)
                    .map(|k| lows[i] + k)
                    .collect();
                if wide && i == 3 {
                    values.push(lows[i] + 70);
                }
                if fixed && i == 0 {
                    values.truncate(1);
                }
                values
            })
            .collect();
        let build = |strength| {
            let mut model = Model::new();
            let vars: Vec<Var> = (0..4)
                .map(|i| model.int_var(-70 + 3 * i64::from(i)..=140).unwrap())
                .collect();
            for (&x, values) in vars.iter().zip(&ranges) {
                model.linear(&[(1, x)], Rel::Ge, values[0]).unwrap();
                model.linear(&[(1, x)], Rel::Le, *values.last().unwrap()).unwrap();
                for v in values[0]..=*values.last().unwrap() {
                    if !values.contains(&v) {
                        model.linear(&[(1, x)], Rel::Ne, v).unwrap();
                    }
                }
            }
            model.all_different_with(&vars, strength).unwrap();
            (model, vars)
        };
        let spans: Vec<_> = ranges.iter().map(|r| r[0]..=*r.last().unwrap()).collect();
        let wanted = brute(&spans, |v| {
            (0..4).all(|i| ranges[i].contains(&v[i]) && (i + 1..4).all(|j| v[i] != v[j]))
        });
        prop_assert_eq!(solutions(build(Strength::Domain).0), wanted.clone());
        prop_assert_eq!(solutions(build(Strength::Forward).0), wanted.clone());
        let (model, vars) = build(Strength::Domain);
        domains_are_the_supports(&model, &vars, &wanted)?;
        // The same domains, forward-checked only, made consistent by each matching.
        let (model, vars) = build(Strength::Forward);
        if !model.is_failed() {
            let mut by_words = model.domains.clone();
            let mut general = model.domains.clone();
            let in_words = matching::propagate_in_words(&mut by_words, &vars);
            let base = vars.iter().map(|&x| model.domains.min(x)).min().unwrap();
            let top = vars.iter().map(|&x| model.domains.max(x)).max().unwrap();
            prop_assert_eq!(in_words.is_some(), top - base < 64);
            let outcome = matching::propagate(&mut general, &vars);
            if let Some(in_words) = in_words {
                prop_assert_eq!(in_words.is_ok(), outcome.is_ok());
                if outcome.is_ok() {
                    for &x in &vars {
                        prop_assert_eq!(
                            by_words.values(x).collect::<Vec<_>>(),
                            general.values(x).collect::<Vec<_>>()
                        );
                    }
                }
            }
        }
    }

    /// `a·x + b·y ≠ c` over domains wider than a word with different bases, coefficients
    /// of 1 and -1 (by offsets) and others (in wide arithmetic): the brute force's
    /// solutions.
    #[test]
    fn not_equal_links_over_wide_domains(
        a in prop_oneof![Just(1i64), Just(-1), Just(2)],
        b in prop_oneof![Just(1i64), Just(-1), Just(-3)],
        c in -150i64..=150,
    ) {
        let ranges = [-70..=10, -5..=75];
        let wanted = brute(&ranges, |v| a * v[0] + b * v[1] != c);
        let mut model = Model::new();
        let x = model.int_var(ranges[0].clone()).unwrap();
        let y = model.int_var(ranges[1].clone()).unwrap();
        model.linear(&[(a, x), (b, y)], Rel::Ne, c).unwrap();
        prop_assert_eq!(solutions(model), wanted);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// `x - y ≠ c` (or `y - x ≠ c`), twice with different constants and once more the
    /// other way round, from `x` over a range of five words to `y` over one: the links
    /// from `x` to `y` are one run, taken as a mask when each constant puts its offset
    /// within a word of `y`'s, for offsets of `x` beyond 128 too. The brute force's
    /// solutions.
    #[test]
    fn runs_of_links_agree_with_brute_force(
        c in proptest::collection::vec(-150i64..=150, 3),
        flip in proptest::collection::vec(any::<bool>(), 3),
    ) {
        let ranges = [-70..=200, 0..=40];
        let sign = |k: usize| if flip[k] { -1 } else { 1 };
        let wanted = brute(&ranges, |v| (0..3).all(|k| sign(k) * (v[0] - v[1]) != c[k]));
        let mut model = Model::new();
        let x = model.int_var(ranges[0].clone()).unwrap();
        let y = model.int_var(ranges[1].clone()).unwrap();
        for (k, &c) in c.iter().enumerate() {
            model.linear(&[(sign(k), x), (-sign(k), y)], Rel::Ne, c).unwrap();
        }
        prop_assert_eq!(solutions(model), wanted);
    }
}

/// A `≠` whose constant and values are at the ends of `i64` takes exactly the pairs that
/// make the constant, and overflows nothing: of the 42 pairs, `x + y ≠ i64::MAX` takes 4,
/// `x - y ≠ i64::MIN` 3, and `x + y ≠ i64::MIN` none.
#[test]
fn not_equal_links_with_extreme_constants() {
    for (b, c, wanted) in [(1, i64::MAX, 38), (-1, i64::MIN, 39), (1, i64::MIN, 42)] {
        let mut model = Model::new();
        let x = model.int_var(-3..=3).unwrap();
        let y = model.int_var(i64::MAX - 5..=i64::MAX).unwrap();
        model.linear(&[(1, x), (b, y)], Rel::Ne, c).unwrap();
        assert_eq!(solutions(model).len(), wanted, "{b} {c}");
    }
}

/// Forward checking over rows of bits (ranges of one word) and over the domains (ranges
/// declared wider than a word, narrowed to the same values) prune alike: the reduced
/// Latin squares of 5 have the same solutions and search trees of the same size. So do
/// Hall intervals (forward checking over rows or over the domains between their passes),
/// and matching, over rows of bits and over windows of the domains.
#[test]
fn rows_of_bits_prune_as_the_domains_do() {
    let latin = |n: i64, hi: i64, strength: Strength| {
        let mut model = Model::new();
        let cells: Vec<Vec<Var>> = (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| {
                        let x = model.int_var(1..=hi).unwrap();
                        model.linear(&[(1, x)], Rel::Le, n).unwrap();
                        if r == 0 || c == 0 {
                            model.linear(&[(1, x)], Rel::Eq, r + c + 1).unwrap();
                        }
                        x
                    })
                    .collect()
            })
            .collect();
        for i in 0..n as usize {
            let column: Vec<Var> = cells.iter().map(|row| row[i]).collect();
            model.all_different_with(&cells[i], strength).unwrap();
            model.all_different_with(&column, strength).unwrap();
        }
        model
    };
    for strength in [Strength::Forward, Strength::Bounds, Strength::Domain] {
        let (narrow, wide) = (latin(5, 5, strength), latin(5, 100, strength));
        // The ten all-different are the only propagators that run to their own fixpoint,
        // over rows of bits or not.
        let idempotent =
            |model: &Model| model.propagators.iter().filter(|p| p.idempotent()).count();
        assert_eq!(idempotent(&narrow), 10);
        assert_eq!(idempotent(&wide), 10);
        assert_eq!(
            super::nodes(narrow.clone()),
            super::nodes(wide.clone()),
            "{strength:?}"
        );
        assert_eq!(solutions(narrow).len(), 56);
        assert_eq!(solutions(wide).len(), 56);
    }
}

/// The values each row can take in some assignment of different values to all the rows
/// (every row a value of its own), by trying them all; `None` if there is none.
fn supports(rows: &[u64]) -> Option<Vec<u64>> {
    fn walk(rows: &[u64], at: usize, used: u64, path: &mut Vec<u32>, found: &mut [u64]) {
        if at == rows.len() {
            for (support, &value) in found.iter_mut().zip(path.iter()) {
                *support |= 1 << value;
            }
            return;
        }
        let mut free = rows[at] & !used;
        while free != 0 {
            let value = free.trailing_zeros();
            free &= free - 1;
            path.push(value);
            walk(rows, at + 1, used | 1 << value, path, found);
            path.pop();
        }
    }
    let mut found = vec![0; rows.len()];
    walk(rows, 0, 0, &mut Vec::new(), &mut found);
    found.iter().all(|&support| support != 0).then_some(found)
}

proptest! {
    /// Matching over rows of bits keeps exactly the values some assignment gives, or
    /// fails when there is none: up to 9 rows over as many values or one or two more,
    /// some fixed, so that alternating cycles in several components, paths from free
    /// values and Hall sets all occur.
    #[test]
    fn filter_keeps_exactly_the_supports(
        rows in (1usize..=9, 0usize..=2).prop_flat_map(|(n, more)| {
            let values = (n + more) as u32;
            proptest::collection::vec(
                prop_oneof![
                    1 => (0..values).prop_map(|v| 1u64 << v),
                    4 => 1u64..(1 << values),
                ],
                n,
            )
        }),
    ) {
        let mut filtered = rows.clone();
        let outcome = matching::filter(&mut filtered);
        match supports(&rows) {
            None => prop_assert!(outcome.is_err()),
            Some(wanted) => {
                prop_assert!(outcome.is_ok());
                prop_assert_eq!(filtered, wanted);
            }
        }
    }
}
