//! N-Queens: counts against OEIS, every solution checked independently, orders, symmetry,
//! pre-placed queens against brute force.

use backtrack::observer::Solutions;
use backtrack::split::{Share, Subproblem};
use backtrack::{Limits, ParallelLimits, Problem, Search};
use backtrack_problems::queens::{
    count, count_halves, count_mirrored, count_symmetric, count_unique, in_search_space, verify,
    BitQueens, BitState, CountError, CountPlan, Counts, HalfBlocks, HeuristicQueens, Mask,
    OrbitCounter, Placement, Queens, Reduction, SymmetricQueens, Symmetry, MAX_HALVES,
};
use proptest::prelude::*;

/// OEIS A000170, n = 1..=12.
const A000170: [u64; 12] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
/// OEIS A002562, n = 1..=10.
const A002562: [u64; 10] = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92];
/// OEIS A000170 and A002562, n = 11..=16.
const BIG: [(usize, u64, u64); 6] = [
    (11, 2680, 341),
    (12, 14_200, 1787),
    (13, 73_712, 9233),
    (14, 365_596, 45_752),
    (15, 2_279_184, 285_053),
    (16, 14_772_512, 1_846_955),
];

/// Every permutation of `0..n` in lexicographic order (Heap-free, by "next permutation").
fn permutations(n: usize) -> Vec<Vec<usize>> {
    let mut p: Vec<usize> = (0..n).collect();
    let mut all = vec![p.clone()];
    loop {
        let Some(i) = (1..n).rev().find(|&i| p[i - 1] < p[i]) else {
            return all;
        };
        let j = (i..n).rev().find(|&j| p[j] > p[i - 1]).unwrap();
        p.swap(i - 1, j);
        p[i..].reverse();
        all.push(p.clone());
    }
}

/// All solutions by brute force over permutations, checked by `verify`, in lexicographic order.
fn brute_force(n: usize) -> Vec<Vec<usize>> {
    permutations(n)
        .into_iter()
        .filter(|p| verify(n, p))
        .collect()
}

#[test]
fn counts_match_oeis_a000170_and_a002562() {
    for n in 1..=12 {
        let total = A000170[n - 1];
        let mirrored = count_mirrored::<u32>(n, &ParallelLimits::none());
        assert_eq!(mirrored.found, total, "n = {n}, mirror halving");
        if n <= 10 {
            let full = Search::new(BitQueens::<u32>::new(n)).count_solutions();
            assert_eq!(full.found, total, "n = {n}, whole tree");
            let unique = count_unique::<u32>(n, &ParallelLimits::none());
            assert_eq!(unique.found, A002562[n - 1], "n = {n}, classes");
        }
    }
}

#[test]
fn every_mask_width_counts_the_same() {
    for n in [1, 6, 8, 9] {
        let expected = A000170[n - 1];
        assert_eq!(
            count_mirrored::<u64>(n, &ParallelLimits::none()).found,
            expected
        );
        assert_eq!(
            count_mirrored::<u128>(n, &ParallelLimits::none()).found,
            expected
        );
        assert_eq!(
            Search::new(BitQueens::<u128>::new(n)).count(),
            expected as usize
        );
    }
}

#[test]
fn mirror_halving_searches_about_half_the_tree() {
    let full = Search::new(BitQueens::<u32>::new(10)).count_solutions();
    let half = count_mirrored::<u32>(10, &ParallelLimits::none());
    assert_eq!(half.found, full.found);
    assert_eq!(2 * half.stats.solutions, full.stats.solutions);
    // Even n: exactly the left half of the first row, plus the shared root, plus the five
    // first-row queens of the right half, entered and pruned.
    assert_eq!(2 * (half.stats.nodes - 1 - 5), full.stats.nodes - 1);
}

#[test]
fn unique_count_agrees_with_classes_of_brute_force_solutions() {
    for n in 1..=8 {
        let sym = Symmetry::new(n);
        let mut classes: Vec<Vec<usize>> =
            brute_force(n).iter().map(|s| sym.canonical(s)).collect();
        classes.sort();
        classes.dedup();
        assert_eq!(
            count_unique::<u64>(n, &ParallelLimits::none()).found,
            classes.len() as u64
        );
    }
}

#[test]
fn every_image_of_a_solution_is_a_solution_and_the_canonical_is_the_least() {
    let mut sym = Symmetry::new(8);
    for s in brute_force(8) {
        let images = sym.images(&s);
        assert!(images.iter().all(|i| verify(8, i)));
        let least = images.iter().min().unwrap();
        assert_eq!(sym.is_canonical(&s), &s == least);
    }
}

#[test]
fn the_bitboard_tree_is_the_plain_tree() {
    for n in 1..=9 {
        let plain = Search::new(Queens::new(n)).count_solutions();
        let bits = Search::new(BitQueens::<u32>::new(n)).count_solutions();
        assert_eq!(bits.stats.nodes, plain.stats.nodes, "n = {n}");
        assert_eq!(bits.stats.dead_ends, plain.stats.dead_ends, "n = {n}");
        assert_eq!(bits.found, plain.found, "n = {n}");
    }
}

#[test]
fn lexicographic_listing_is_every_solution_in_lexicographic_order() {
    for n in 1..=8 {
        let listed: Vec<Vec<usize>> = Search::new(BitQueens::<u32>::new(n)).collect();
        assert!(listed.iter().all(|s| verify(n, s)), "n = {n}");
        assert!(
            listed.windows(2).all(|w| w[0] < w[1]),
            "n = {n}: not increasing"
        );
        assert_eq!(listed, brute_force(n), "n = {n}");
    }
    let plain: Vec<Vec<usize>> = Search::new(Queens::new(9)).collect();
    let bits: Vec<Vec<usize>> = Search::new(BitQueens::<u128>::new(9)).collect();
    assert_eq!(bits, plain);
}

#[test]
fn heuristic_order_finds_every_solution_once() {
    for n in 1..=8 {
        let mut listed: Vec<Vec<usize>> = Search::new(HeuristicQueens::new(n)).collect();
        assert!(listed.iter().all(|s| verify(n, s)), "n = {n}");
        listed.sort();
        assert_eq!(listed, brute_force(n), "n = {n}");
    }
}

#[test]
fn heuristic_first_solutions_verify_for_n_4_to_80() {
    for n in 4..=80 {
        let outcome = Search::new(HeuristicQueens::new(n))
            .limits(Limits::none().nodes(2_000_000))
            .first();
        let solution = outcome
            .found
            .unwrap_or_else(|| panic!("n = {n}: none found"));
        assert!(verify(n, &solution), "n = {n}");
    }
}

#[test]
fn heuristic_first_solution_of_1000_queens_in_few_nodes() {
    let outcome = Search::new(HeuristicQueens::new(1000)).first();
    assert!(verify(1000, &outcome.found.unwrap()));
    assert!(outcome.stats.nodes < 2000, "{} nodes", outcome.stats.nodes);
}

#[test]
#[ignore = "about a second in release, much longer in debug"]
fn heuristic_first_solution_of_10000_queens() {
    let outcome = Search::new(HeuristicQueens::new(10_000)).first();
    assert!(verify(10_000, &outcome.found.unwrap()));
}

/// The first heuristic solution of `n`-queens, and its queens of rows `free..n` placed
/// (0-based), the first `free` rows left empty.
fn heuristic_solution_placed_below_row(n: usize, free: usize) -> (Vec<usize>, Placement) {
    let known = Search::new(HeuristicQueens::new(n)).next().unwrap();
    let queens: Vec<(usize, usize)> = known
        .iter()
        .enumerate()
        .skip(free)
        .map(|(r, &c)| (r + 1, c + 1))
        .collect();
    let placement = Placement::new(n, &queens).unwrap();
    (known, placement)
}

#[test]
fn bitboard_first_solutions_verify_up_to_128() {
    // Lexicographic first solutions that come quickly, on every mask width.
    for n in [21, 23, 25] {
        let s = Search::new(BitQueens::<u32>::new(n)).next().unwrap();
        assert!(verify(n, &s));
    }
    let s = Search::new(BitQueens::<u64>::new(23)).next().unwrap();
    assert!(verify(23, &s));
    // Past 64 squares a row: fix most rows from a heuristic solution and let the bitboard
    // search fill the rest.
    let n = 100;
    let (known, placement) = heuristic_solution_placed_below_row(n, 10);
    let found: Vec<Vec<usize>> =
        Search::new(BitQueens::<u128>::with_placement(&placement)).collect();
    assert!(found.contains(&known));
    assert!(found
        .iter()
        .all(|s| verify(n, s) && placement.is_kept_by(s)));
}

#[test]
fn verify_refuses_bad_boards() {
    assert!(verify(0, &[]));
    assert!(verify(1, &[0]));
    assert!(!verify(4, &[1, 3, 0])); // too short
    assert!(!verify(4, &[1, 3, 0, 4])); // off the board
    assert!(!verify(4, &[1, 1, 3, 0])); // same column
    assert!(!verify(4, &[0, 2, 1, 3])); // diagonal
    assert!(!verify(4, &[3, 0, 2, 1])); // anti-diagonal
}

/// The first completion of `placement` in lexicographic order, by brute force.
fn brute_completions(placement: &Placement) -> Vec<Vec<usize>> {
    brute_force(placement.n())
        .into_iter()
        .filter(|s| placement.is_kept_by(s))
        .collect()
}

#[test]
fn first_solution_with_each_first_row_queen_agrees_with_brute_force_for_n_8() {
    for col in 1..=8 {
        let placement = Placement::new(8, &[(1, col)]).unwrap();
        let expected = brute_completions(&placement);
        let first = Search::new(BitQueens::<u32>::with_placement(&placement)).next();
        assert_eq!(first.as_ref(), expected.first(), "queen at 1:{col}");
        let mut heuristic: Vec<Vec<usize>> =
            Search::new(HeuristicQueens::with_placement(&placement)).collect();
        heuristic.sort();
        assert_eq!(heuristic, expected, "queen at 1:{col}, heuristic order");
    }
}

#[test]
fn placement_errors_are_clear() {
    let off = Placement::new(8, &[(9, 1)]).unwrap_err();
    assert_eq!(
        off.to_string(),
        "queen at 9:1 is off the 8×8 board (rows and columns are 1 to 8)"
    );
    assert!(Placement::new(8, &[(0, 1)]).is_err());
    assert!(Placement::new(8, &[(1, 0)]).is_err());
    let row = Placement::new(8, &[(2, 1), (2, 5)]).unwrap_err();
    assert_eq!(row.to_string(), "two queens in row 2: 2:1 and 2:5");
    let attack = Placement::new(8, &[(1, 1), (3, 3)]).unwrap_err();
    assert_eq!(
        attack.to_string(),
        "queens at 1:1 and 3:3 attack each other"
    );
    assert!(Placement::new(8, &[(1, 4), (5, 4)]).is_err());
    assert!(Placement::new(8, &[(1, 4), (1, 4)]).is_ok());
}

fn count_with<M: Mask>(placement: &Placement) -> u64 {
    Search::new(BitQueens::<M>::with_placement(placement))
        .count_solutions()
        .found
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn placed_queens_complete_as_brute_force_says(
        n in 4usize..=7,
        queens in proptest::collection::vec((1usize..=7, 1usize..=7), 0..=3),
    ) {
        let queens: Vec<(usize, usize)> = queens.into_iter().filter(|&(r, c)| r <= n && c <= n).collect();
        let Ok(placement) = Placement::new(n, &queens) else {
            return Ok(());
        };
        let expected = brute_completions(&placement);
        let listed: Vec<Vec<usize>> = Search::new(BitQueens::<u64>::with_placement(&placement)).collect();
        prop_assert_eq!(&listed, &expected);
        prop_assert_eq!(count_with::<u32>(&placement), expected.len() as u64);
        let mut heuristic: Vec<Vec<usize>> = Search::new(HeuristicQueens::with_placement(&placement)).collect();
        heuristic.sort();
        prop_assert_eq!(heuristic, expected);
    }
}

#[test]
fn undo_restores_the_root() {
    let mut q = BitQueens::<u32>::new(8);
    let root_ops: Vec<u32> = q.operators().collect();
    let first = root_ops[2];
    q.apply(first);
    assert_eq!(q.placed(), [2]);
    q.undo(first);
    assert_eq!(q.operators().collect::<Vec<_>>(), root_ops);
    assert_eq!(q.depth(), 0);
}

#[test]
fn symmetric_counts_match_plain_counts_and_oeis_for_n_1_to_12() {
    for n in 1..=12 {
        let outcome = count_symmetric::<u32>(n, &ParallelLimits::none(), |_| {});
        assert!(outcome.stopped.is_none());
        let plain = Search::new(BitQueens::<u32>::new(n))
            .count_solutions()
            .found;
        let classes = count_unique::<u32>(n, &ParallelLimits::none()).found;
        assert_eq!(outcome.found.total, plain, "n = {n}, total");
        assert_eq!(outcome.found.unique, Some(classes), "n = {n}, unique");
        let (total, unique) = if n <= 10 {
            (A000170[n - 1], A002562[n - 1])
        } else {
            let &(_, total, unique) = BIG.iter().find(|b| b.0 == n).unwrap();
            (total, unique)
        };
        assert_eq!(
            (outcome.found.total, outcome.found.unique),
            (total, Some(unique)),
            "n = {n}, OEIS"
        );
    }
}

#[test]
fn symmetric_counts_on_every_mask_width() {
    for n in [1, 4, 5, 9] {
        let narrow = count_symmetric::<u32>(n, &ParallelLimits::none(), |_| {}).found;
        assert_eq!(
            count_symmetric::<u64>(n, &ParallelLimits::none(), |_| {}).found,
            narrow
        );
        assert_eq!(
            count_symmetric::<u128>(n, &ParallelLimits::none(), |_| {}).found,
            narrow
        );
    }
}

/// The boards of the solutions a search by value reaches, followed from the columns given
/// to `enter`.
#[derive(Default)]
struct Boards {
    path: Vec<usize>,
    found: Vec<Vec<usize>>,
}

impl<P: backtrack::Problem<Op = u64>> backtrack::Observer<P> for Boards {
    fn enter(&mut self, _: &P, depth: usize, op: Option<u64>) -> backtrack::Control {
        self.path.truncate(depth.saturating_sub(1));
        if let Some(bit) = op {
            self.path.push(bit.trailing_zeros() as usize);
        }
        backtrack::Control::Continue
    }

    fn solution(&mut self, _: &P, _: usize) {
        self.found.push(self.path.clone());
    }
}

#[test]
fn symmetric_search_reaches_each_solution_in_its_space_once() {
    for n in 1..=12 {
        let expected: Vec<Vec<usize>> = Search::new(BitQueens::<u32>::new(n))
            .filter(|s| in_search_space(s))
            .collect();
        let mut found: Vec<Vec<usize>> = Search::new(SymmetricQueens::<u64>::new(n)).collect();
        assert!(found.iter().all(|s| verify(n, s)), "n = {n}");
        // In the order of the rows as filled, which puts the last row second from n = 7.
        found.sort();
        assert_eq!(found, expected, "n = {n}");
        let outcome = Search::new(SymmetricQueens::<u64>::new(n)).count_solutions();
        assert_eq!(outcome.found, expected.len() as u64, "n = {n}");
    }
}

#[test]
fn the_state_searched_by_value_walks_the_bitboard_tree() {
    for n in 0..=10 {
        let in_place = Search::new(BitQueens::<u64>::new(n)).count_solutions();
        let mut boards = Boards::default();
        let by_value = Search::new(BitState::<u64>::new(n))
            .observer(&mut boards)
            .count_solutions();
        assert_eq!(by_value.found, in_place.found, "n = {n}");
        assert_eq!(by_value.stats.nodes, in_place.stats.nodes, "n = {n}");
        assert_eq!(
            by_value.stats.dead_ends, in_place.stats.dead_ends,
            "n = {n}"
        );
        assert_eq!(
            by_value.stats.max_depth, in_place.stats.max_depth,
            "n = {n}"
        );
        let listed: Vec<Vec<usize>> = Search::new(BitQueens::<u64>::new(n)).collect();
        assert_eq!(boards.found, listed, "n = {n}");
    }
}

#[test]
fn symmetric_search_visits_under_a_tenth_of_the_tree() {
    let full = Search::new(BitQueens::<u32>::new(12)).count_solutions();
    let mut counter = OrbitCounter::new(12);
    let reduced = Search::new(SymmetricQueens::<u32>::new(12))
        .observer(Solutions(&mut counter))
        .count_solutions();
    assert_eq!(counter.counts().total, full.found);
    // Single-threaded and split: the same reduced tree.
    let split = count_symmetric::<u32>(12, &ParallelLimits::none(), |_| {});
    assert_eq!(split.stats.nodes, reduced.stats.nodes);
    assert_eq!(split.stats.solutions, reduced.found);
    // The edge rule prunes deep, the last row, when filled second, near the root, and the
    // look at the next two rows every queen: at n = 12 the reduced tree is 9.9% of the
    // whole (the mirror-halved one is 50%), its solutions 15%.
    assert!(
        reduced.stats.nodes * 10 < full.stats.nodes,
        "{} of {} nodes",
        reduced.stats.nodes,
        full.stats.nodes
    );
    assert!(
        reduced.found * 6 < full.found,
        "{} of {}",
        reduced.found,
        full.found
    );
}

#[test]
fn spared_columns_are_those_whose_queen_leaves_a_square_free() {
    // Every set of squares of a 10-column row, 1 and 2 rows below the queen.
    for below in 0u32..1 << 10 {
        for k in 1..=2 {
            let spared = below.spared(k);
            for col in 0..10 {
                let taken = 1 << col | 1 << (col + k) | (1 << col) >> k;
                assert_eq!(
                    spared >> col & 1 == 1,
                    below & !taken != 0,
                    "squares {below:#b}, {k} rows below column {col}"
                );
            }
        }
    }
}

#[test]
fn symmetric_count_stops_when_cancelled() {
    let limits = ParallelLimits::none().cancel({
        let cancel = backtrack::Cancel::new();
        cancel.cancel();
        cancel
    });
    let outcome = count_symmetric::<u32>(10, &limits, |_| {});
    assert!(outcome.stopped.is_some());
    assert!(outcome.found.total < 724);
}

#[test]
#[ignore = "seconds in release, minutes in debug: cargo test --release -- --ignored"]
fn symmetric_counts_match_plain_counts_and_oeis_for_n_13_to_16() {
    for &(n, total, unique) in &BIG[2..] {
        let outcome = count_symmetric::<u32>(n, &ParallelLimits::none(), |_| {});
        assert_eq!(
            (outcome.found.total, outcome.found.unique),
            (total, Some(unique)),
            "n = {n}"
        );
        let plain = count_mirrored::<u32>(n, &ParallelLimits::none()).found;
        let classes = count_unique::<u32>(n, &ParallelLimits::none()).found;
        assert_eq!(
            (outcome.found.total, outcome.found.unique),
            (plain, Some(classes)),
            "n = {n}"
        );
    }
}

/// A count cancelled before it starts stops with what it has: nothing. The stopped
/// searches entered no node, and subtracting the shared root from their node count once
/// overflowed.
#[test]
fn counts_cancelled_before_they_start_stop_cleanly() {
    use backtrack::{Cancel, StopReason};

    let cancelled = Cancel::new();
    cancelled.cancel();
    let limits = ParallelLimits::none().cancel(cancelled);
    let outcome = count_unique::<u32>(8, &limits);
    assert_eq!(outcome.stopped, Some(StopReason::Cancelled));
    let outcome = count_mirrored::<u32>(9, &limits);
    assert_eq!(outcome.stopped, Some(StopReason::Cancelled));
    assert_eq!((outcome.found, outcome.stats.nodes), (0, 0));
}

/// `count_unique`'s time limit is one clock for the whole count (it was restarted for each
/// of its n²/2 subtrees, so a 0.1 s limit let 16-queens run for many seconds).
#[test]
fn unique_count_time_limit_covers_the_whole_count() {
    use std::time::{Duration, Instant};

    let start = Instant::now();
    let outcome = count_unique::<u32>(16, &ParallelLimits::none().time(Duration::from_millis(100)));
    assert_eq!(outcome.stopped, Some(backtrack::StopReason::TimeLimit));
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
}

/// Mirror halving counts the left half and the middle column in one search: a time limit
/// stops it with a partial count.
#[test]
fn mirrored_count_stops_at_its_time_limit() {
    use std::time::Duration;

    let limits = ParallelLimits::none().time(Duration::from_millis(20));
    let outcome = count_mirrored::<u32>(17, &limits);
    assert_eq!(outcome.stopped, Some(backtrack::StopReason::TimeLimit));
    assert!(outcome.found < 95_815_104);
}

const REDUCTIONS: [Reduction; 4] = [
    Reduction::None,
    Reduction::Mirror,
    Reduction::Full,
    Reduction::Halves,
];

#[test]
fn count_gives_the_total_with_every_reduction_and_the_classes_with_full_symmetry() {
    for n in 0..=10 {
        let (total, unique) = match n {
            0 => (1, 1),
            _ => (A000170[n - 1], A002562[n - 1]),
        };
        for reduction in REDUCTIONS {
            let outcome = count(&Placement::empty(n), reduction, &ParallelLimits::none()).unwrap();
            let expected = Counts {
                total,
                unique: (reduction == Reduction::Full).then_some(unique),
            };
            assert_eq!(outcome.found, expected, "n = {n}, {reduction:?}");
            assert_eq!(outcome.stopped, None);
        }
    }
}

/// Counted on one thread in search order, every reduction gives the count and the
/// statistics of the count on the pool, tells the meter the weighted total, and a
/// solution budget stops it there.
#[test]
fn count_in_order_is_the_count_on_the_pool() {
    let figures = |stats: &backtrack::Stats| {
        (
            stats.nodes,
            stats.solutions,
            stats.dead_ends,
            stats.max_depth,
        )
    };
    for n in 0..=11 {
        for reduction in REDUCTIONS {
            let plan = CountPlan::new(&Placement::empty(n), reduction).unwrap();
            let in_order = plan.run_in_order(Limits::none());
            let pooled = plan.run(&ParallelLimits::none());
            assert_eq!(in_order.found, pooled.found, "n = {n}, {reduction:?}");
            assert_eq!(
                figures(&in_order.stats),
                figures(&pooled.stats),
                "n = {n}, {reduction:?}"
            );
            assert_eq!(in_order.stopped, None);
        }
    }
    let plan = CountPlan::new(&Placement::empty(10), Reduction::Mirror).unwrap();
    let meter = backtrack::progress::Meter::new();
    plan.run_in_order(Limits::none().meter(meter.clone()));
    assert_eq!(meter.read().found, Some(724));
    let few = plan.run_in_order(Limits::none().solutions(100));
    assert_eq!(few.stopped, Some(backtrack::StopReason::SolutionLimit));
    assert_eq!(few.stats.solutions, 100);
}

/// With a queen placed in the first row, the count is that of the completions: over the
/// first row, every solution once.
#[test]
fn count_with_placed_queens_counts_the_completions() {
    for n in 4..=8 {
        let mut sum = 0;
        for col in 1..=n {
            let placement = Placement::new(n, &[(1, col)]).unwrap();
            let outcome = count(&placement, Reduction::None, &ParallelLimits::none()).unwrap();
            let completions = brute_completions(&placement);
            assert_eq!(
                outcome.found,
                Counts {
                    total: completions.len() as u64,
                    unique: None
                },
                "n = {n}, queen at 1:{col}"
            );
            sum += outcome.found.total;
        }
        assert_eq!(sum, A000170[n - 1]);
    }
}

#[test]
fn count_picks_the_mask_for_the_board_and_refuses_what_it_cannot_count() {
    // 40 and 100 columns: u64 and u128 masks. Most rows are fixed from a heuristic
    // solution, and the count must find it among the completions.
    for n in [40, 100] {
        let (_, placement) = heuristic_solution_placed_below_row(n, 8);
        let outcome = count(&placement, Reduction::None, &ParallelLimits::none()).unwrap();
        let expected = Search::new(BitQueens::<u128>::with_placement(&placement)).count();
        assert!(expected >= 1);
        assert_eq!(outcome.found.total, expected as u64, "n = {n}");
        for reduction in [Reduction::Mirror, Reduction::Full, Reduction::Halves] {
            assert_eq!(
                count(&placement, reduction, &ParallelLimits::none()),
                Err(CountError::PlacedQueens)
            );
        }
    }
    assert_eq!(
        count(
            &Placement::empty(129),
            Reduction::Full,
            &ParallelLimits::none()
        ),
        Err(CountError::TooBig(129))
    );
    assert_eq!(
        CountPlan::new(&Placement::empty(MAX_HALVES + 1), Reduction::Halves),
        Err(CountError::HalvesTooBig(MAX_HALVES + 1))
    );
}

/// The unique count searches the mirror-halved tree once (it once searched one subtree per
/// pair of first-row and second-row columns, counting the shared nodes again each time).
#[test]
fn unique_count_searches_the_mirror_halved_tree() {
    for n in [5, 8, 9] {
        let unique = count_unique::<u32>(n, &ParallelLimits::none());
        let mirrored = count_mirrored::<u32>(n, &ParallelLimits::none());
        // The mirrored count enters the first-row queens right of the middle and prunes
        // them; the unique count never tries them.
        assert_eq!(
            unique.stats.nodes + n as u64 / 2,
            mirrored.stats.nodes,
            "n = {n}"
        );
        assert_eq!(unique.stats.solutions, mirrored.stats.solutions, "n = {n}");
    }
}

/// A count by symmetry tells the meter the solutions it has found, weighted (the engine
/// itself only knows the boards it reached in the reduced tree).
#[test]
fn counts_by_symmetry_publish_the_weighted_total() {
    use backtrack::progress::Meter;

    for reduction in [Reduction::Full, Reduction::Mirror, Reduction::Halves] {
        let meter = Meter::new();
        let limits = ParallelLimits::none().meter(meter.clone());
        let outcome = count(&Placement::empty(10), reduction, &limits).unwrap();
        let reading = meter.read();
        assert_eq!(reading.found, Some(724), "{reduction:?}");
        // The engine's solutions: the boards reached in the reduced tree, or the blocks
        // of half boards (whose statistics are those of the half searches).
        let reached = if reduction == Reduction::Halves {
            Search::new(HalfBlocks::new(10)).count_solutions().found
        } else {
            outcome.stats.solutions
        };
        assert_eq!(reading.solutions, reached, "{reduction:?}");
        assert!(reading.solutions < 724);
    }
}

/// A count by half boards says it has counted none at its start, before its searches
/// reach any half: the progress line shows no solution figure then, not the halves the
/// engine reaches (which are not solutions).
#[test]
fn a_count_by_half_boards_says_none_counted_before_its_joins_count() {
    use backtrack::progress::Meter;
    use backtrack::Cancel;

    let cancelled = Cancel::new();
    cancelled.cancel();
    let meter = Meter::new();
    let limits = ParallelLimits::none()
        .meter(meter.clone())
        .cancel(cancelled);
    let outcome = count(&Placement::empty(12), Reduction::Halves, &limits).unwrap();
    assert_eq!(outcome.found.total, 0);
    assert_eq!(meter.read().found, Some(0));
}

/// The estimator walks a problem searched by value from copies of its root (the state
/// cannot be undone).
#[test]
fn the_tree_of_the_state_searched_by_value_can_be_estimated() {
    let estimate = backtrack::estimate::tree_size(BitState::<u32>::new(8), 20_000, 7);
    assert!((estimate - 2057.0).abs() < 0.1 * 2057.0, "{estimate}");
}

/// The parts of a count, each counted on its own, add up to the count, with every
/// reduction; the classes too with full symmetry; and the nodes to those of the count in
/// one run.
#[test]
fn the_parts_of_a_count_add_up_to_it_with_every_reduction() {
    for n in 1..=10 {
        for reduction in REDUCTIONS {
            let plan = CountPlan::new(&Placement::empty(n), reduction).unwrap();
            let whole = plan.run(&ParallelLimits::none());
            for parts in 1..=5 {
                let mut sum = Counts {
                    total: 0,
                    unique: (reduction == Reduction::Full).then_some(0),
                };
                let mut nodes = 0;
                let mut layouts = Vec::new();
                for part in 1..=parts {
                    let share = Share::new(part, parts).unwrap();
                    let (outcome, layout) = plan.run_share(share, &ParallelLimits::none());
                    assert_eq!(outcome.stopped, None);
                    sum.total += outcome.found.total;
                    sum.unique = sum.unique.zip(outcome.found.unique).map(|(a, b)| a + b);
                    nodes += outcome.stats.nodes;
                    layouts.push((layout.depth, layout.subproblems));
                }
                let expected = Counts {
                    total: A000170[n - 1],
                    unique: (reduction == Reduction::Full).then_some(A002562[n - 1]),
                };
                assert_eq!(sum, expected, "n = {n}, {reduction:?}, {parts} parts");
                assert_eq!(nodes, whole.stats.nodes, "n = {n}, {reduction:?}");
                layouts.dedup();
                assert_eq!(layouts.len(), 1, "every part splits alike");
            }
        }
    }
}

/// Half boards joined give the known totals past the small boards every reduction is
/// tested on, odd and even; with a time limit, the groups joined so far.
#[test]
fn half_boards_joined_count_the_known_totals() {
    for &(n, total, _) in &BIG[..3] {
        let outcome = count_halves(n, &ParallelLimits::none());
        assert_eq!(outcome.found, total, "n = {n}");
        // In one search, in order, the same.
        let plan = CountPlan::new(&Placement::empty(n), Reduction::Halves).unwrap();
        assert_eq!(plan.run_in_order(Limits::none()).found.total, total);
    }
    let limits = ParallelLimits::none().time(std::time::Duration::from_millis(20));
    let outcome = count_halves(20, &limits);
    assert_eq!(outcome.stopped, Some(backtrack::StopReason::TimeLimit));
    assert!(outcome.found < 39_029_188_884);
}

/// The statistics of a count by half boards are those of its half searches, the same
/// however the count is run; Knuth's probes of the blocks and their half searches estimate
/// those nodes (an independent walk of the same trees), and a sample of blocks run to the
/// end is the whole count.
#[test]
fn half_boards_report_and_estimate_the_nodes_of_their_half_searches() {
    for n in [8, 9, 10, 11, 12] {
        let plan = CountPlan::new(&Placement::empty(n), Reduction::Halves).unwrap();
        let whole = plan.run(&ParallelLimits::none());
        let blocks = Search::new(HalfBlocks::new(n)).count_solutions();
        // Far more than the blocks' own nodes: the work of the count.
        assert!(whole.stats.nodes > 10 * blocks.stats.nodes, "n = {n}");
        assert!(whole.stats.solutions > 0 && whole.stats.dead_ends > 0);
        assert_eq!(whole.stats.max_depth, n / 2, "n = {n}: a half's rows");
        let in_order = plan.run_in_order(Limits::none());
        assert_eq!(in_order.stats.nodes, whole.stats.nodes, "n = {n}");
        assert_eq!(in_order.stats.solutions, whole.stats.solutions, "n = {n}");
        let (sample, timed) = plan.sample(Limits::none(), 1);
        assert_eq!(sample.stopped, None);
        assert_eq!(
            timed, None,
            "n = {n}: every block joined, the time is the sample's"
        );
        assert_eq!(sample.found, whole.found, "n = {n}");
        assert_eq!(sample.stats.nodes, whole.stats.nodes, "n = {n}");
        // Unbiased: within four standard errors, which are small.
        let guess = plan.estimate(40_000, 1, None).nodes;
        let nodes = whole.stats.nodes as f64;
        let off = (guess.mean - nodes).abs();
        assert!(
            off <= 4.0 * guess.std_error,
            "n = {n}: {guess:?} for {nodes}"
        );
        assert!(
            guess.std_error < 0.02 * nodes,
            "n = {n}: {guess:?} for {nodes}"
        );
    }
    // A sample stopped at once still draws three blocks, at random, and times the count
    // by them.
    // (14, not more: a debug build on a loaded machine joins its blocks well within the
    // sample's longest time.)
    let plan = CountPlan::new(&Placement::empty(14), Reduction::Halves).unwrap();
    let (sample, timed) = plan.sample(Limits::none().time(std::time::Duration::ZERO), 1);
    assert_eq!(sample.stopped, Some(backtrack::StopReason::TimeLimit));
    assert!(sample.stats.nodes > 0 && sample.found.total < 365_596);
    let timed = timed.expect("a time estimated from the blocks drawn");
    assert_eq!(timed.draws, 3);
    assert!(timed.seconds.mean > 0.0 && timed.seconds.std_error >= 0.0);
}

#[test]
#[ignore = "seconds in release, minutes in debug: cargo test --release -- --ignored"]
fn half_boards_joined_count_the_known_totals_for_n_14_to_17() {
    for (n, total) in [
        (14, 365_596),
        (15, 2_279_184),
        (16, 14_772_512),
        (17, 95_815_104),
    ] {
        assert_eq!(
            count_halves(n, &ParallelLimits::none()).found,
            total,
            "n = {n}"
        );
    }
}

/// A count split into subproblems, each counted by itself (as the ranks of an MPI run
/// do), adds up to the count; a path that is not the tree's is refused.
#[test]
fn the_subproblems_of_a_split_count_add_up_to_the_count() {
    for &(n, total, unique) in &BIG[..2] {
        let plan = CountPlan::new(&Placement::empty(n), Reduction::Full).unwrap();
        let split = plan.split(100);
        assert!(split.subproblems.len() >= 100, "n = {n}");
        assert_eq!(split.weights.len(), split.subproblems.len());
        let mut sum = split.above.found;
        let mut nodes = split.above.stats.nodes;
        for sub in &split.subproblems {
            let outcome = plan.count_subproblem(sub, Limits::none()).unwrap();
            sum.total += outcome.found.total;
            sum.unique = Some(sum.unique.unwrap() + outcome.found.unique.unwrap());
            nodes += outcome.stats.nodes;
        }
        assert_eq!(
            sum,
            Counts {
                total,
                unique: Some(unique)
            },
            "n = {n}"
        );
        assert_eq!(nodes, plan.run(&ParallelLimits::none()).stats.nodes);
    }
    // Half boards: the subproblems are the blocks of column groups, all of them (fewer
    // than asked for), but for those complete above the split.
    let plan = CountPlan::new(&Placement::empty(12), Reduction::Halves).unwrap();
    let split = plan.split(100);
    let blocks = Search::new(HalfBlocks::new(12)).count_solutions();
    assert!(split.subproblems.len() < 100);
    assert_eq!(split.subproblems.len() as u64, blocks.found);
    // Their statistics are those of the half searches, which add up to the count's.
    assert_eq!(split.above.stats.nodes, 0);
    let mut sum = split.above.found.total;
    let mut nodes = 0;
    for sub in &split.subproblems {
        let outcome = plan.count_subproblem(sub, Limits::none()).unwrap();
        sum += outcome.found.total;
        nodes += outcome.stats.nodes;
    }
    assert_eq!(sum, 14_200);
    assert_eq!(nodes, count_halves(12, &ParallelLimits::none()).stats.nodes);
    assert!(nodes > 100 * blocks.stats.nodes);
    let plan = CountPlan::new(&Placement::empty(8), Reduction::None).unwrap();
    let stranger = Subproblem { path: vec![9] };
    assert!(plan.count_subproblem(&stranger, Limits::none()).is_err());
}
