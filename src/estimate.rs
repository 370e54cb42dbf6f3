//! How big is the tree? Knuth's estimate by random probes, before searching it.
//!
//! A probe walks from the root to a leaf, at each node choosing one admissible child
//! uniformly at random. If the nodes on its way have `c₁, c₂, …` admissible children, the
//! probe's estimate of the tree size is `1 + c₁ + c₁c₂ + c₁c₂c₃ + …`: its expected value is
//! exactly the number of nodes of the solution tree (D. E. Knuth, *Estimating the
//! efficiency of backtrack programs*, Math. Comp. 29, 1975). The mean of many probes
//! converges to it, quickly on balanced trees and slowly on lopsided ones.

use oorandom::Rand64;

use crate::Problem;

/// Estimates the number of nodes of `problem`'s solution tree (root included, as in
/// [`Stats::nodes`](crate::Stats::nodes)) by the mean of `probes` random probes.
///
/// The walk is random but deterministic for a given `seed`. The problem is left at the
/// root (pass `&mut problem` to keep it); a problem searched by value
/// ([`Problem::by_value`]) goes back to the root from a copy, never undoing. Complete
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
pub fn tree_size<P: Problem>(mut problem: P, probes: u32, seed: u64) -> f64 {
    let mut rng = Rand64::new(u128::from(seed));
    let mut admitted: Vec<P::Op> = Vec::new();
    let mut path: Vec<P::Op> = Vec::new();
    let mut total = 0.0;
    let root = problem.by_value();
    for _ in 0..probes {
        let (mut estimate, mut weight) = (1.0, 1.0);
        while !problem.is_complete() {
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
        }
        // Back to the root: a problem searched by value is restored from a copy (its undo
        // may not exist), one searched in place is undone move by move.
        if let Some(root) = &root {
            problem = root.by_value().expect("a copy of every state");
            path.clear();
        }
        while let Some(op) = path.pop() {
            problem.undo(op);
        }
        total += estimate;
    }
    if probes == 0 {
        0.0
    } else {
        total / f64::from(probes)
    }
}

/// A uniform choice in `0..n` (`n > 0`).
fn below(rng: &mut Rand64, n: usize) -> usize {
    rng.rand_range(0..n as u64) as usize
}
