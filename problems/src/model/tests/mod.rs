use std::collections::BTreeSet;
use std::ops::RangeInclusive;

use backtrack::{parallel, ParallelLimits, Search, SplitDepth};
use proptest::prelude::*;

use super::{Conflict, Domains, Model, ModelError, Rel, Strength, ValueOrder, Var, VarOrder};
use crate::sudoku;

mod known;
mod text;
mod words;

/// Every assignment of values from `ranges` that `ok` accepts, in lexicographic order.
fn brute(ranges: &[RangeInclusive<i64>], ok: impl Fn(&[i64]) -> bool) -> Vec<Vec<i64>> {
    let mut all = vec![Vec::new()];
    for range in ranges {
        all = all
            .into_iter()
            .flat_map(|prefix| {
                range.clone().map(move |value| {
                    let mut longer = prefix.clone();
                    longer.push(value);
                    longer
                })
            })
            .collect();
    }
    all.into_iter().filter(|values| ok(values)).collect()
}

/// The solutions of `model`, as value lists, sorted.
fn solutions(model: Model) -> Vec<Vec<i64>> {
    let mut all: Vec<Vec<i64>> = Search::new(model)
        .map(super::Assignment::into_values)
        .collect();
    all.sort();
    all
}

fn count(model: Model) -> u64 {
    Search::new(model).count_solutions().found
}

fn nodes(model: Model) -> u64 {
    Search::new(model).count_solutions().stats.nodes
}

/// N-Queens by pairwise comparisons: `q[i]`, the column (1 to n) of row i's queen, and no
/// two on a column or a diagonal.
fn queens(n: usize) -> (Model, Vec<Var>) {
    let mut model = Model::new();
    let q = model.int_vars(n, 1..=n as i64).unwrap();
    for i in 0..n {
        for j in i + 1..n {
            let d = (j - i) as i64;
            model.compare(q[i], Rel::Ne, q[j], 0).unwrap();
            model.compare(q[i], Rel::Ne, q[j], d).unwrap();
            model.compare(q[i], Rel::Ne, q[j], -d).unwrap();
        }
    }
    (model, q)
}

/// N-Queens by three all-different constraints, on the columns and on the two diagonals'
/// numbers (auxiliary variables `q[i] + i` and `q[i] - i`).
fn queens_all_different(n: usize, strength: Strength) -> Model {
    let mut model = Model::new();
    let n64 = n as i64;
    let columns = model.int_vars(n, 1..=n64).unwrap();
    let mut up = Vec::new();
    let mut down = Vec::new();
    for (row, &column) in columns.iter().enumerate() {
        let row = row as i64;
        let sum = model.int_var(1..=2 * n64).unwrap();
        let difference = model.int_var(1 - n64..=n64).unwrap();
        model
            .linear(&[(1, sum), (-1, column)], Rel::Eq, row)
            .unwrap();
        model
            .linear(&[(1, difference), (-1, column)], Rel::Eq, -row)
            .unwrap();
        up.push(sum);
        down.push(difference);
    }
    for vars in [&columns, &up, &down] {
        model.all_different_with(vars, strength).unwrap();
    }
    model
}

/// Reduced Latin squares of order n: each row and column a permutation of 1..=n, the
/// first row and column in order.
fn latin(n: usize, strength: Strength) -> Model {
    let mut model = Model::new();
    let cells: Vec<Vec<Var>> = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    if r == 0 || c == 0 {
                        model.constant((r + c + 1) as i64)
                    } else {
                        model.int_var(1..=n as i64).unwrap()
                    }
                })
                .collect()
        })
        .collect();
    for (i, row) in cells.iter().enumerate() {
        let column: Vec<Var> = cells.iter().map(|row| row[i]).collect();
        model.all_different_with(row, strength).unwrap();
        model.all_different_with(&column, strength).unwrap();
    }
    model
}

/// The solution of the classic sudoku fixture as the model's, each cell a variable, the
/// givens fixed.
fn sudoku_model(grid: &sudoku::Grid) -> (Model, Vec<Var>) {
    let side = grid.side();
    let order = grid.order();
    let mut model = Model::new();
    let cells: Vec<Var> = grid
        .cells()
        .iter()
        .map(|&given| match given {
            0 => model.int_var(1..=side as i64).unwrap(),
            given => model.constant(i64::from(given)),
        })
        .collect();
    for i in 0..side {
        let row: Vec<Var> = (0..side).map(|c| cells[i * side + c]).collect();
        let column: Vec<Var> = (0..side).map(|r| cells[r * side + i]).collect();
        let (top, left) = (i / order * order, i % order * order);
        let block: Vec<Var> = (0..side)
            .map(|k| cells[(top + k / order) * side + left + k % order])
            .collect();
        for unit in [row, column, block] {
            model.all_different(&unit).unwrap();
        }
    }
    (model, cells)
}

#[test]
fn domains_hold_negative_values_across_words() {
    let mut model = Model::new();
    let x = model.int_var(-70..=70).unwrap();
    let d = &model.domains;
    assert_eq!((d.size(x), d.min(x), d.max(x)), (141, -70, 70));
    assert!(d.contains(x, -70) && d.contains(x, 0) && !d.contains(x, 71));
    let mut d: Domains = model.domains.clone();
    d.push_level();
    assert_eq!(d.remove(x, -70), Ok(true));
    assert_eq!(d.remove(x, -70), Ok(false));
    assert_eq!(d.min(x), -69);
    assert_eq!(d.set_max(x, 5), Ok(true));
    assert_eq!(d.set_min(x, -6), Ok(true));
    assert_eq!(d.remove(x, 5), Ok(true));
    assert_eq!((d.size(x), d.min(x), d.max(x)), (11, -6, 4));
    assert_eq!(
        d.values(x).collect::<Vec<_>>(),
        (-6..=4).collect::<Vec<_>>()
    );
    assert_eq!(d.set_min(x, 9), Err(Conflict::on(x)));
    assert_eq!(d.fix(x, 7), Err(Conflict::on(x)));
    assert_eq!(d.size(x), 11, "a conflict leaves the domain as it was");
    assert_eq!(d.fix(x, 0), Ok(true));
    assert_eq!(d.value(x), Some(0));
    assert_eq!(d.remove(x, 0), Err(Conflict::on(x)));
    d.pop_level();
    assert_eq!((d.size(x), d.min(x), d.max(x)), (141, -70, 70));
}

#[test]
fn bad_models_are_refused() {
    let mut model = Model::new();
    let (lo, hi) = (3, 2);
    assert_eq!(
        model.int_var(lo..=hi),
        Err(ModelError::EmptyDomain { lo, hi })
    );
    assert_eq!(
        model.var(i64::MIN, i64::MAX),
        Err(ModelError::DomainTooWide {
            lo: i64::MIN,
            hi: i64::MAX
        })
    );
    let x = model.int_var(0..=1).unwrap();
    let mut bigger = Model::new();
    let stranger = bigger.int_vars(3, 0..=1).unwrap()[2];
    let unknown = Err(ModelError::UnknownVariable {
        var: stranger,
        vars: 1,
    });
    assert_eq!(model.all_different(&[x, stranger]), unknown);
    assert_eq!(model.maximize(stranger), unknown);
    assert_eq!(model.set_name(stranger, "y"), unknown);
    assert_eq!(
        model.table(&[x], &[vec![0], vec![0, 1]]),
        Err(ModelError::TupleLength {
            expected: 1,
            found: 2
        })
    );
    assert_eq!(model.element(x, &[], x), Err(ModelError::EmptyArray));
    assert_eq!(count(model), 2, "a refused constraint is not posted");
}

/// A domain-consistent model's domains hold exactly the values of its solutions `wanted`
/// (and the model is failed if there are none).
fn domains_are_the_supports(
    model: &Model,
    vars: &[Var],
    wanted: &[Vec<i64>],
) -> Result<(), TestCaseError> {
    if wanted.is_empty() {
        prop_assert!(model.is_failed());
        return Ok(());
    }
    for (i, &x) in vars.iter().enumerate() {
        let supported: BTreeSet<i64> = wanted.iter().map(|v| v[i]).collect();
        let left: BTreeSet<i64> = model.domains().values(x).collect();
        prop_assert_eq!(left, supported, "variable {}", i);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A random linear constraint on three small variables: the model's solutions are the
    /// brute force's, whatever the relation; and the best by minimising and maximising an
    /// objective tied to them by another linear constraint is the brute force's best.
    #[test]
    fn linear_agrees_with_brute_force(
        a in proptest::collection::vec(-3i64..=3, 3),
        b in proptest::collection::vec(-2i64..=2, 3),
        rel in 0usize..6,
        c in -8i64..=8,
    ) {
        let rel = [Rel::Eq, Rel::Ne, Rel::Le, Rel::Ge, Rel::Lt, Rel::Gt][rel];
        let holds = |s: i64| match rel {
            Rel::Eq => s == c, Rel::Ne => s != c, Rel::Le => s <= c,
            Rel::Ge => s >= c, Rel::Lt => s < c, Rel::Gt => s > c,
        };
        let ranges = [-2..=2, 0..=3, -3..=1];
        let dot = |w: &[i64], v: &[i64]| w.iter().zip(v).map(|(p, q)| p * q).sum::<i64>();
        let wanted = brute(&ranges, |v| holds(dot(&a, v)));
        let build = || {
            let mut model = Model::new();
            let x: Vec<Var> = ranges.iter().map(|r| model.int_var(r.clone()).unwrap()).collect();
            let terms: Vec<(i64, Var)> = a.iter().copied().zip(x.iter().copied()).collect();
            model.linear(&terms, rel, c).unwrap();
            let objective = model.int_var(-30..=30).unwrap();
            let mut tie: Vec<(i64, Var)> = b.iter().copied().zip(x.iter().copied()).collect();
            tie.push((-1, objective));
            model.linear(&tie, Rel::Eq, 0).unwrap();
            (model, objective)
        };
        let (model, _) = build();
        let got: Vec<Vec<i64>> = solutions(model).into_iter().map(|v| v[..3].to_vec()).collect();
        prop_assert_eq!(&got, &wanted);
        let values: Vec<i64> = wanted.iter().map(|v| dot(&b, v)).collect();
        let (mut low, objective) = build();
        low.minimize(objective).unwrap();
        let best = Search::new(low).best().found.map(|(s, score)| (s[objective], score.value()));
        prop_assert_eq!(best.map(|(v, _)| v), values.iter().copied().min());
        prop_assert_eq!(best.map(|(_, v)| v), values.iter().copied().min());
        let (mut high, objective) = build();
        high.maximize(objective).unwrap();
        let best = Search::new(high).best().found.map(|(s, _)| s[objective]);
        prop_assert_eq!(best, values.iter().copied().max());
    }

    /// `a·x + b·y ≠ c`, which two different variables with coefficients other than 0
    /// post as a propagator of its own: the brute force's solutions, coefficients of
    /// every sign and size, 0 among them, and one variable twice.
    #[test]
    fn two_terms_not_equal_agree_with_brute_force(
        a in -3i64..=3,
        b in -3i64..=3,
        c in -9i64..=9,
        twice in any::<bool>(),
    ) {
        let ranges = [-2..=3, -1..=2];
        let wanted = brute(&ranges, |v| {
            let y = if twice { v[0] } else { v[1] };
            a * v[0] + b * y != c
        });
        let mut model = Model::new();
        let x = model.int_var(ranges[0].clone()).unwrap();
        let y = model.int_var(ranges[1].clone()).unwrap();
        model.linear(&[(a, x), (b, if twice { x } else { y })], Rel::Ne, c).unwrap();
        prop_assert_eq!(solutions(model), wanted);
    }

    /// The largest clique of a random graph of up to 7 vertices, by maximising the size of
    /// a 0/1 choice with no two non-neighbours: the brute force's, and a clique.
    #[test]
    fn maximum_clique(n in 1usize..=7, edges in proptest::collection::vec(any::<bool>(), 21)) {
        let pairs: Vec<(usize, usize)> = (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))).collect();
        let edge = |u: usize, v: usize| edges[pairs.iter().position(|&p| p == (u.min(v), u.max(v))).unwrap()];
        let mut model = Model::new();
        let chosen: Vec<Var> = (0..n).map(|_| model.bool_var()).collect();
        for &(u, v) in &pairs {
            if !edge(u, v) {
                model.sum(&[chosen[u], chosen[v]], Rel::Le, 1).unwrap();
            }
        }
        let size = model.int_var(0..=n as i64).unwrap();
        let mut terms: Vec<(i64, Var)> = chosen.iter().map(|&x| (1, x)).collect();
        terms.push((-1, size));
        model.linear(&terms, Rel::Eq, 0).unwrap();
        model.maximize(size).unwrap();
        let (best, score) = Search::new(model).best().found.unwrap();
        let largest = (0u32..1 << n)
            .filter(|set| pairs.iter().all(|&(u, v)| set >> u & 1 == 0 || set >> v & 1 == 0 || edge(u, v)))
            .map(u32::count_ones)
            .max()
            .unwrap();
        prop_assert_eq!(score.value(), i64::from(largest));
        let members: Vec<usize> = (0..n).filter(|&v| best[chosen[v]] == 1).collect();
        prop_assert_eq!(members.len() as i64, best[size]);
        for (i, &u) in members.iter().enumerate() {
            for &v in &members[i + 1..] {
                prop_assert!(edge(u, v));
            }
        }
    }

    /// element, table, reification and a predicate, each against the brute force.
    #[test]
    fn other_constraints_agree_with_brute_force(
        array in proptest::collection::vec(-2i64..=3, 1..6),
        tuples in proptest::collection::vec(proptest::collection::vec(-1i64..=2, 3), 0..8),
        rel in 0usize..6,
        c in -3i64..=4,
    ) {
        // result = array[index]
        let mut model = Model::new();
        let index = model.int_var(-1..=6).unwrap();
        let result = model.int_var(-1..=2).unwrap();
        model.element(index, &array, result).unwrap();
        let wanted = brute(&[-1..=6, -1..=2], |v| {
            usize::try_from(v[0]).ok().and_then(|i| array.get(i)) == Some(&v[1])
        });
        prop_assert_eq!(solutions(model), wanted);

        // (x, y, z) among the tuples
        let mut model = Model::new();
        let xyz = model.int_vars(3, -1..=2).unwrap();
        model.table(&xyz, &tuples).unwrap();
        let wanted = brute(&[-1..=2, -1..=2, -1..=2], |v| tuples.iter().any(|t| t == v));
        prop_assert_eq!(solutions(model), wanted);

        // b ⇔ 2x - y rel c
        let rel = [Rel::Eq, Rel::Ne, Rel::Le, Rel::Ge, Rel::Lt, Rel::Gt][rel];
        let holds = |s: i64| match rel {
            Rel::Eq => s == c, Rel::Ne => s != c, Rel::Le => s <= c,
            Rel::Ge => s >= c, Rel::Lt => s < c, Rel::Gt => s > c,
        };
        let mut model = Model::new();
        let b = model.int_var(-1..=2).unwrap();
        let x = model.int_var(-2..=2).unwrap();
        let y = model.int_var(0..=3).unwrap();
        model.reify(b, &[(2, x), (-1, y)], rel, c).unwrap();
        let wanted = brute(&[-1..=2, -2..=2, 0..=3], |v| {
            (0..=1).contains(&v[0]) && (v[0] == 1) == holds(2 * v[1] - v[2])
        });
        prop_assert_eq!(solutions(model), wanted);

        // a predicate: x·y = z + c
        let mut model = Model::new();
        let xyz = model.int_vars(3, -2..=2).unwrap();
        model.predicate(&xyz, move |v| v[0] * v[1] == v[2] + c).unwrap();
        let wanted = brute(&[-2..=2, -2..=2, -2..=2], |v| v[0] * v[1] == v[2] + c);
        prop_assert_eq!(solutions(model), wanted);
    }
}

/// A parallel count of a model equals the serial one, nodes and all.
#[test]
fn parallel_count_equals_serial() {
    let (model, _) = queens(7);
    let serial = Search::new(model.clone()).count_solutions();
    let on_threads = parallel::count(&model, SplitDepth(2), &ParallelLimits::none());
    assert_eq!(on_threads.found, 40);
    assert_eq!(on_threads.found, serial.found);
    assert_eq!(on_threads.stats.nodes, serial.stats.nodes);
    let mut listed: Vec<_> =
        parallel::solutions(model.clone(), SplitDepth(2), &ParallelLimits::none(), 2).collect();
    listed.sort();
    let mut all: Vec<_> = Search::new(model).collect();
    all.sort();
    assert_eq!(listed, all);
}

/// The best of a model on every core is the serial best, ties kept in search order: a
/// knapsack of 0/1 variables whose value is maximised.
#[test]
fn parallel_best_equals_serial() {
    let items = [
        (12, 4),
        (2, 2),
        (1, 1),
        (4, 10),
        (1, 2),
        (3, 3),
        (5, 6),
        (2, 3),
    ];
    let mut model = Model::new();
    let take: Vec<Var> = items.iter().map(|_| model.bool_var()).collect();
    let weights: Vec<(i64, Var)> = items
        .iter()
        .zip(&take)
        .map(|(&(w, _), &x)| (w, x))
        .collect();
    model.linear(&weights, Rel::Le, 15).unwrap();
    let value = model.int_var(0..=31).unwrap();
    let mut values: Vec<(i64, Var)> = items
        .iter()
        .zip(&take)
        .map(|(&(_, v), &x)| (v, x))
        .collect();
    values.push((-1, value));
    model.linear(&values, Rel::Eq, 0).unwrap();
    model.maximize(value).unwrap();
    let serial = Search::new(model.clone()).best().found.unwrap();
    let on_threads = parallel::best(&model, SplitDepth(3), &ParallelLimits::none())
        .found
        .unwrap();
    assert_eq!(on_threads, serial);
    let brute_best = (0u32..1 << items.len())
        .filter(|set| {
            (0..items.len())
                .filter(|&i| set >> i & 1 == 1)
                .map(|i| items[i].0)
                .sum::<i64>()
                <= 15
        })
        .map(|set| {
            (0..items.len())
                .filter(|&i| set >> i & 1 == 1)
                .map(|i| items[i].1)
                .sum::<i64>()
        })
        .max();
    assert_eq!(Some(serial.1.value()), brute_best);
}

/// The strengths of all-different, weakest first.
const STRENGTHS: [Strength; 3] = [Strength::Forward, Strength::Bounds, Strength::Domain];

/// Each stronger all-different prunes at least as much as the weaker ones, for the same
/// solutions: on N-Queens by three all-different constraints, on Latin squares, and on
/// more pigeons than holes, which the two stronger refute at the root.
#[test]
fn stronger_all_different_prunes_no_less() {
    let compare = |make: &dyn Fn(Strength) -> Model, what: &str| {
        let models = STRENGTHS.map(make);
        let counts = models.clone().map(nodes);
        assert!(
            counts.windows(2).all(|w| w[1] <= w[0]),
            "{what}: nodes {counts:?}"
        );
        let wanted = solutions(models[0].clone());
        for model in models {
            assert_eq!(solutions(model), wanted, "{what}");
        }
        counts
    };
    for n in 4..=7 {
        compare(
            &|strength| queens_all_different(n, strength),
            &format!("{n}-queens"),
        );
    }
    assert_eq!(count(queens_all_different(6, Strength::Domain)), 4);
    let [forward, _, domain] = compare(&|strength| latin(5, strength), "Latin squares of 5");
    assert!(
        domain < forward,
        "matching prunes Latin squares more than forward checking"
    );
    let pigeons = |strength| {
        let mut model = Model::new();
        let holes = model.int_vars(6, 1..=5).unwrap();
        model.all_different_with(&holes, strength).unwrap();
        model
    };
    assert_eq!(count(pigeons(Strength::Forward)), 0);
    assert!(nodes(pigeons(Strength::Forward)) > 100);
    for strength in [Strength::Bounds, Strength::Domain] {
        let refuted = Search::new(pigeons(strength)).count_solutions();
        assert_eq!((refuted.found, refuted.stats.nodes), (0, 1), "{strength:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Five variables with random ranges within 0..=5 under all-different by Hall
    /// intervals: the brute force's solutions, and at the root every bound left is given
    /// to its variable by some different values within the others' bounds (bounds
    /// consistency), or the root fails and there is no solution.
    #[test]
    fn hall_intervals_leave_consistent_bounds(ends in proptest::collection::vec((0i64..=5, 0i64..=5), 5)) {
        let ranges: Vec<_> = ends.iter().map(|&(a, b)| a.min(b)..=a.max(b)).collect();
        let different = |v: &[i64]| (0..v.len()).all(|i| (i + 1..v.len()).all(|j| v[i] != v[j]));
        let mut model = Model::new();
        let vars: Vec<Var> = ranges.iter().map(|r| model.int_var(r.clone()).unwrap()).collect();
        model.all_different_with(&vars, Strength::Bounds).unwrap();
        let wanted = brute(&ranges, different);
        prop_assert_eq!(solutions(model.clone()), wanted.clone());
        prop_assert_eq!(model.is_failed(), wanted.is_empty());
        if !model.is_failed() {
            let d = model.domains();
            let spans: Vec<_> = vars.iter().map(|&x| d.min(x)..=d.max(x)).collect();
            let within = brute(&spans, different);
            for (i, &x) in vars.iter().enumerate() {
                for bound in [d.min(x), d.max(x)] {
                    prop_assert!(within.iter().any(|v| v[i] == bound), "variable {} at {}", i, bound);
                }
            }
        }
    }

    /// Four variables with random domains within 0..=5 under all-different: every
    /// strength finds the brute force's solutions, and matching leaves exactly the values
    /// some solution gives (domain consistency), at the root.
    #[test]
    fn all_different_agrees_with_brute_force(holes in proptest::collection::vec(proptest::collection::vec(any::<bool>(), 6), 4)) {
        let build = |strength| {
            let mut model = Model::new();
            let vars = model.int_vars(4, 0..=5).unwrap();
            for (&x, holes) in vars.iter().zip(&holes) {
                for (value, &hole) in holes.iter().enumerate() {
                    if hole {
                        model.linear(&[(1, x)], Rel::Ne, value as i64).unwrap();
                    }
                }
            }
            model.all_different_with(&vars, strength).unwrap();
            (model, vars)
        };
        let wanted = brute(&[0..=5, 0..=5, 0..=5, 0..=5], |v| {
            (0..4).all(|i| !holes[i][v[i] as usize] && (i + 1..4).all(|j| v[i] != v[j]))
        });
        for strength in STRENGTHS {
            prop_assert_eq!(solutions(build(strength).0), wanted.clone(), "{:?}", strength);
        }
        let (model, vars) = build(Strength::Domain);
        domains_are_the_supports(&model, &vars, &wanted)?;
    }
}

/// Every variable order finds the same solutions; first-fail on N-Queens visits fewer
/// nodes than the input order.
#[test]
fn variable_orders_find_the_same_solutions() {
    let (model, _) = queens(8);
    let wanted = solutions(model.clone());
    let input_nodes = nodes(model.clone());
    for order in [
        VarOrder::Input,
        VarOrder::SmallestDomain,
        VarOrder::DomOverDegree,
    ] {
        let mut ordered = model.clone();
        ordered.set_var_order(order);
        assert_eq!(solutions(ordered.clone()), wanted, "{order:?}");
        if order == VarOrder::SmallestDomain {
            assert!(nodes(ordered) < input_nodes);
        }
    }
    let mut sudoku = sudoku_model(
        &sudoku::puzzles(include_str!("../../../tests/fixtures/classic.sudoku")).unwrap()[0],
    )
    .0;
    let wanted = solutions(sudoku.clone());
    sudoku.set_var_order(VarOrder::DomOverDegree);
    assert_eq!(solutions(sudoku), wanted);
}

/// The value orders try a variable's values ascending, descending or by a key; the
/// solutions come in that order.
#[test]
fn value_orders_order_the_solutions() {
    let mut model = Model::new();
    let x = model.int_var(-3..=80).unwrap();
    let y = model.int_var(0..=2).unwrap();
    model.linear(&[(1, x)], Rel::Le, 3).unwrap();
    let first = |model: &Model| -> Vec<(i64, i64)> {
        Search::new(model.clone()).map(|s| (s[x], s[y])).collect()
    };
    let ascending = first(&model);
    assert_eq!(ascending.len(), 21);
    assert!(ascending.windows(2).all(|w| w[0] < w[1]));
    model.set_value_order(ValueOrder::Descending);
    let mut descending = first(&model);
    descending.reverse();
    assert_eq!(descending, ascending);
    model.set_value_order(ValueOrder::by_key(|_, value| (value - 1).abs()));
    let middle_out: Vec<i64> = first(&model).iter().step_by(3).map(|&(x, _)| x).collect();
    assert_eq!(middle_out, [1, 0, 2, -1, 3, -2, -3]);
}

/// A variable's values are tried in order whether they span more than a word, or less
/// but across a word's boundary: 0 to 130, then 60 to 70 less 64.
#[test]
fn value_orders_across_words() {
    let tried = |narrow: bool, order: ValueOrder| -> Vec<i64> {
        let mut model = Model::new();
        let x = model.int_var(0..=130).unwrap();
        if narrow {
            model.linear(&[(1, x)], Rel::Ge, 60).unwrap();
            model.linear(&[(1, x)], Rel::Le, 70).unwrap();
            model.linear(&[(1, x)], Rel::Ne, 64).unwrap();
        }
        model.set_value_order(order);
        Search::new(model).map(|s| s[x]).collect()
    };
    let narrowed: Vec<i64> = (60..=70).filter(|&v| v != 64).collect();
    assert_eq!(
        tried(false, ValueOrder::Ascending),
        (0..=130).collect::<Vec<_>>()
    );
    assert_eq!(
        tried(false, ValueOrder::Descending),
        (0..=130).rev().collect::<Vec<_>>()
    );
    assert_eq!(tried(true, ValueOrder::Ascending), narrowed);
    let descending: Vec<i64> = narrowed.iter().rev().copied().collect();
    assert_eq!(tried(true, ValueOrder::Descending), descending);
}

/// Ordering two interchangeable variables (`x < y`) keeps one of each mirrored pair: the
/// 4-colourings of an edge, 12 ordered, 6 with the symmetry broken.
#[test]
fn symmetry_broken_by_an_order() {
    let mut model = Model::new();
    let x = model.int_var(1..=4).unwrap();
    let y = model.int_var(1..=4).unwrap();
    model.compare(x, Rel::Ne, y, 0).unwrap();
    assert_eq!(count(model.clone()), 12);
    model.compare(x, Rel::Lt, y, 0).unwrap();
    let all = solutions(model);
    assert_eq!(all.len(), 6);
    assert!(all.iter().all(|v| v[0] < v[1]));
}

/// A model whose constraints contradict at the root has one node and no solution; the
/// best of it is none.
#[test]
fn contradiction_at_the_root() {
    let mut model = Model::new();
    let x = model.int_var(0..=5).unwrap();
    model.linear(&[(1, x)], Rel::Gt, 7).unwrap();
    assert!(model.is_failed());
    model.maximize(x).unwrap();
    let best = Search::new(model.clone()).best();
    assert_eq!(best.found, None);
    assert_eq!(Search::new(model).count_solutions().stats.nodes, 1);
}
