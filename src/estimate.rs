//! How big is the tree? Knuth's estimate by random probes, before searching it.
//!
//! A probe walks from the root to a leaf, at each node choosing one admissible child
//! uniformly at random. If the nodes on its way have `c₁, c₂, …` admissible children, the
//! probe's estimate of the tree size is `1 + c₁ + c₁c₂ + c₁c₂c₃ + …`: its expected value is
//! exactly the number of nodes of the solution tree (D. E. Knuth, *Estimating the
//! efficiency of backtrack programs*, Math. Comp. 29, 1975). The mean of many probes
//! converges to it, quickly on balanced trees and slowly on lopsided ones.

use oorandom::Rand64;

use crate::{Cancel, Control, Observer, Problem};

/// Estimates the number of nodes of `problem`'s solution tree (root included, as in
/// [`Stats::nodes`](crate::Stats::nodes)) by the mean of `probes` random probes.
///
/// The walk is random but deterministic for a given `seed`. The problem is left at the
/// root (pass `&mut problem` to keep it); a problem searched by value
/// ([`Problem::BY_VALUE`]) goes back to the root from a copy, never undoing. Complete
/// states are leaves, as in a search; the constraints ([`Problem::admissible`]) are
/// applied, optimality bounds are not.
///
/// - `problem`: the root state.
/// - `probes`: how many root-to-leaf walks to average (0 gives 0).
/// - `seed`: the seed of the internal pseudo-random generator.
///
/// ```
/// use backtrack::estimate;
/// # use backtrack::Problem;
///
/// /// N-Queens, one queen per row: its tree has 2057 nodes for n = 8.
/// struct Queens { n: usize, cols: Vec<usize> }
/// # impl Problem for Queens {
/// #     type Op = usize;
/// #     type Ops = std::ops::Range<usize>;
/// #     type Solution = ();
/// #     fn operators(&self) -> Self::Ops { 0..self.n }
/// #     fn admissible(&self, col: usize) -> bool {
/// #         let row = self.cols.len();
/// #         self.cols.iter().enumerate().all(|(r, &c)| c != col && row - r != c.abs_diff(col))
/// #     }
/// #     fn apply(&mut self, col: usize) { self.cols.push(col) }
/// #     fn undo(&mut self, _: usize) { self.cols.pop(); }
/// #     fn is_complete(&self) -> bool { self.cols.len() == self.n }
/// #     fn solution(&self) {}
/// # }
///
/// let estimate = estimate::tree_size(Queens { n: 8, cols: vec![] }, 10_000, 1);
/// assert!((estimate - 2057.0).abs() < 0.1 * 2057.0);
/// ```
pub fn tree_size<P: Problem>(problem: P, probes: u32, seed: u64) -> f64 {
    estimate(problem, probes, seed).nodes.mean
}

/// What random probes tell of a search tree: how many nodes it has and how many solutions,
/// each as the mean of the probes' estimates with its standard error.
///
/// Knuth's estimator is unbiased: the means converge to the true figures as the probes
/// grow in number. The interval [`Figure::interval`] gives is the usual one of about 95%
/// confidence, mean ± 1.96 standard errors; on lopsided trees, whose rare deep branches
/// few probes reach, it is too narrow, and more probes widen it.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Estimate {
    /// The number of probes.
    pub probes: u32,
    /// The nodes of the tree, root included (as [`Stats::nodes`](crate::Stats::nodes)).
    pub nodes: Figure,
    /// The solutions in the tree (complete states).
    pub solutions: Figure,
}

/// An estimated figure: the mean of the probes' estimates and its standard error.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Figure {
    /// The mean of the probes' estimates.
    pub mean: f64,
    /// The standard error of the mean: the probes' standard deviation over the square
    /// root of their number (0 with fewer than two probes).
    pub std_error: f64,
}

impl Figure {
    /// The interval of about 95% confidence, `mean ± 1.96 std_error`, not below `floor`
    /// (a tree has at least its root; a count is never negative).
    pub fn interval(&self, floor: f64) -> (f64, f64) {
        let spread = 1.96 * self.std_error;
        (
            (self.mean - spread).max(floor),
            (self.mean + spread).max(floor),
        )
    }
}

/// Running mean and variance (Welford's method), of values kept in units of `scale` so
/// that their squares do not overflow: trees of 10^200 nodes are common (a probe's
/// estimate of an n-queens tree grows like n!).
struct Moments {
    count: u32,
    /// The unit the mean and the squares are kept in: the largest value seen so far.
    scale: f64,
    mean: f64,
    /// The sum of squared differences from the mean.
    squares: f64,
    /// A value past the largest `f64` was seen: the figure is infinite.
    overflow: bool,
}

impl Default for Moments {
    fn default() -> Self {
        Moments {
            count: 0,
            scale: 1.0,
            mean: 0.0,
            squares: 0.0,
            overflow: false,
        }
    }
}

impl Moments {
    fn add(&mut self, x: f64) {
        self.count += 1;
        if !x.is_finite() {
            self.overflow = true;
            return;
        }
        if x > self.scale {
            let shrink = self.scale / x;
            self.mean *= shrink;
            self.squares *= shrink * shrink;
            self.scale = x;
        }
        let y = x / self.scale;
        let delta = y - self.mean;
        self.mean += delta / f64::from(self.count);
        self.squares += delta * (y - self.mean);
    }

    fn figure(&self) -> Figure {
        if self.overflow {
            return Figure {
                mean: f64::INFINITY,
                std_error: f64::INFINITY,
            };
        }
        let std_error = if self.count < 2 {
            0.0
        } else {
            (self.squares / f64::from(self.count - 1) / f64::from(self.count)).sqrt()
        };
        Figure {
            mean: self.mean * self.scale,
            std_error: std_error * self.scale,
        }
    }
}

/// Estimates the nodes and the solutions of `problem`'s solution tree by `probes` random
/// probes, seeded with `seed`: see [`tree_size`] for the walk, and [`Estimate`] for what
/// it gives. A probe that ends at a complete state counts, toward the solutions, the
/// product of the numbers of children on its way.
///
/// ```
/// use backtrack::{estimate, Problem, Search};
///
/// /// Subsets of 0..12 whose sum is a multiple of 5, chosen element by element.
/// struct Subsets { sum: u32, next: u32 }
/// impl Problem for Subsets {
///     type Op = bool;
///     type Ops = std::array::IntoIter<bool, 2>;
///     type Solution = ();
///     fn operators(&self) -> Self::Ops { [false, true].into_iter() }
///     fn apply(&mut self, take: bool) { self.sum += u32::from(take) * self.next; self.next += 1 }
///     fn undo(&mut self, take: bool) { self.next -= 1; self.sum -= u32::from(take) * self.next }
///     fn is_complete(&self) -> bool { self.next == 12 && self.sum % 5 == 0 }
///     fn admissible(&self, _: bool) -> bool { self.next < 12 }
///     fn solution(&self) {}
/// }
///
/// let truth = Search::new(Subsets { sum: 0, next: 0 }).count_solutions();
/// let guess = estimate::estimate(Subsets { sum: 0, next: 0 }, 20_000, 7);
/// assert_eq!(guess.nodes.mean, 8191.0); // every probe sees the same branching
/// let (low, high) = guess.solutions.interval(0.0);
/// assert!(low <= truth.found as f64 && truth.found as f64 <= high);
/// ```
pub fn estimate<P: Problem>(problem: P, probes: u32, seed: u64) -> Estimate {
    estimate_observed(problem, (), probes, seed, None)
}

/// [`estimate`] of the tree a search watched by `observer` walks: a node the observer
/// prunes when it is entered ([`Control::Prune`]) is a leaf, as in the search. The
/// observer is told of each node a probe enters, and of nothing else.
///
/// With `cancel`, the probes stop early once it is cancelled (it is looked at every 64
/// probes, and every 1024 steps of a probe): [`Estimate::probes`] then says how many
/// were made in full.
pub fn estimate_observed<P: Problem, O: Observer<P>>(
    mut problem: P,
    mut observer: O,
    probes: u32,
    seed: u64,
    cancel: Option<&Cancel>,
) -> Estimate {
    let mut rng = Rand64::new(u128::from(seed));
    let mut admitted: Vec<P::Op> = Vec::new();
    let mut path: Vec<P::Op> = Vec::new();
    let (mut nodes, mut solutions) = (Moments::default(), Moments::default());
    // By value: how every state is copied, and the root's copy.
    let root = P::BY_VALUE.map(|by_value| (by_value, by_value.copy(&problem)));
    for probe in 0..probes {
        if probe % 64 == 0 && cancel.is_some_and(Cancel::is_cancelled) {
            break;
        }
        let (mut estimate, mut weight, mut found) = (1.0, 1.0, 0.0);
        let mut entered = observer.enter(&problem, 0, None) == Control::Continue;
        let mut cut = false;
        while entered {
            if path.len() % 1024 == 1023 && cancel.is_some_and(Cancel::is_cancelled) {
                cut = true;
                break;
            }
            if problem.is_complete() {
                found = weight;
                break;
            }
            admitted.clear();
            admitted.extend(problem.operators().filter(|&op| problem.admissible(op)));
            if admitted.is_empty() {
                break;
            }
            weight *= admitted.len() as f64;
            estimate += weight;
            let op = admitted[below(&mut rng, admitted.len())];
            problem.apply(op);
            path.push(op);
            entered = observer.enter(&problem, path.len(), Some(op)) == Control::Continue;
        }
        // Back to the root: a problem searched by value is restored from a copy (its undo
        // may not exist), one searched in place is undone move by move.
        if let Some((by_value, root)) = &root {
            problem = by_value.copy(root);
            path.clear();
        }
        while let Some(op) = path.pop() {
            problem.undo(op);
        }
        if cut {
            break;
        }
        nodes.add(estimate);
        solutions.add(found);
    }
    Estimate {
        probes: nodes.count,
        nodes: nodes.figure(),
        solutions: solutions.figure(),
    }
}

/// A uniform choice in `0..n` (`n > 0`).
fn below(rng: &mut Rand64, n: usize) -> usize {
    rng.rand_range(0..n as u64) as usize
}
