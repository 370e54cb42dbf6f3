//! Subproblems: a tree split at a depth into independent subtrees, each named by a path of
//! operators from the root, so that a count can be shared among processes or machines and
//! its parts added up.
//!
//! A [`Subproblem`] is a path of operator *indices*: the `k`th entry is the position of the
//! operator taken at depth `k` in that node's search range ([`Problem::operators`]). It is
//! plain data (serde), valid for any process that builds the same root, and
//! [`Subproblem::replay`] turns it back into a state on a clone of the root.
//!
//! [`split`] finds every node at a depth (the *frontier*) with an ordinary [`Search`] that
//! prunes there, and counts the solutions shallower than it; [`split_at_least`] deepens
//! the split until it has as many subproblems as asked. [`estimate_sizes`] weighs each
//! subproblem by Knuth's estimate of its subtree ([`crate::estimate`]) and [`assign`]
//! deals them to parts of about equal estimated size, both deterministically: every
//! process that splits the same root the same way gets the same parts, with no
//! communication. [`crate::parallel::count_share_observed`] counts one [`Share`] of a tree.
//!
//! ```
//! use backtrack::split::{self, Share};
//! use backtrack::{parallel, Limits, ParallelLimits, Problem, Search, SplitDepth};
//!
//! /// Binary strings of length 14 with no two adjacent ones.
//! #[derive(Clone)]
//! struct NoAdjacentOnes { bits: Vec<u8> }
//!
//! impl Problem for NoAdjacentOnes {
//!     type Op = u8;
//!     type Ops = std::ops::RangeInclusive<u8>;
//!     type Solution = ();
//!     fn operators(&self) -> Self::Ops { 0..=1 }
//!     fn admissible(&self, op: u8) -> bool { !(op == 1 && self.bits.last() == Some(&1)) }
//!     fn apply(&mut self, op: u8) { self.bits.push(op) }
//!     fn undo(&mut self, _: u8) { self.bits.pop(); }
//!     fn is_complete(&self) -> bool { self.bits.len() == 14 }
//!     fn solution(&self) {}
//! }
//!
//! let root = NoAdjacentOnes { bits: vec![] };
//! // Every subproblem counted on its own, anywhere, adds up to the whole.
//! let tree = split::split(&root, 4, Limits::none());
//! let mut total = tree.above.found;
//! for sub in &tree.subproblems {
//!     let state = sub.replay(&root)?;
//!     total += Search::new(state).count_solutions().found;
//! }
//! assert_eq!(total, 987); // a Fibonacci number
//!
//! // Three parts, counted separately (in three processes, say), add up too.
//! let parts: u64 = (1..=3)
//!     .map(|k| {
//!         let share = Share::new(k, 3).unwrap();
//!         let none = ParallelLimits::none();
//!         parallel::count_share_observed(&root, SplitDepth(2), share, &none, |_| (), |(), ()| {})
//!             .0
//!             .found
//!     })
//!     .sum();
//! assert_eq!(parts, 987);
//! # Ok::<(), backtrack::split::ReplayError>(())
//! ```

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::fmt;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::{estimate, ByValue, Control, Limits, Observer, Outcome, Problem, Search, StopReason};

/// A subtree of a search tree, named by the path from the root to its root: at each depth
/// the index of the operator taken in that node's search range (counting every operator
/// the range yields, admissible or not). Serialises as `{"path":[2,0,5]}`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Subproblem {
    /// The operator indices, root first.
    pub path: Vec<usize>,
}

/// Why a [`Subproblem`]'s path does not lead anywhere from a root: it was made for another
/// problem, or another instance of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The search range at `depth` has `len` operators, and the path asks for the one at
    /// `index`.
    OutOfRange {
        /// The depth of the node whose operator is asked for (root = 0).
        depth: usize,
        /// The index the path gives.
        index: usize,
        /// The number of operators in that node's search range.
        len: usize,
    },
    /// The operator at `index` of the node at `depth` is refused by the constraints.
    Refused {
        /// The depth of the node (root = 0).
        depth: usize,
        /// The index the path gives.
        index: usize,
    },
    /// The node at `depth` is complete (a leaf): the path goes on below it.
    PastLeaf {
        /// The depth of the complete node.
        depth: usize,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::OutOfRange { depth, index, len } => write!(
                f,
                "operator {index} asked for at depth {depth}, where the search range has {len}"
            ),
            ReplayError::Refused { depth, index } => write!(
                f,
                "operator {index} at depth {depth} is refused by the constraints"
            ),
            ReplayError::PastLeaf { depth } => {
                write!(f, "the path goes on past a complete state at depth {depth}")
            }
        }
    }
}

impl std::error::Error for ReplayError {}

impl Subproblem {
    /// The whole tree: the empty path.
    pub fn root() -> Self {
        Subproblem::default()
    }

    /// The depth of the subproblem's root.
    pub fn depth(&self) -> usize {
        self.path.len()
    }

    /// The state at the end of the path, on a clone of `root`: the subproblem's root,
    /// ready for a [`Search`] of its subtree. Every step is checked: an index out of the
    /// search range, an operator the constraints refuse or a step below a complete state
    /// is an error.
    pub fn replay<P: Problem + Clone>(&self, root: &P) -> Result<P, ReplayError> {
        self.replay_ops(root).map(|(state, _)| state)
    }

    /// [`replay`](Subproblem::replay), and the operators applied, root first.
    pub fn replay_ops<P: Problem + Clone>(&self, root: &P) -> Result<(P, Vec<P::Op>), ReplayError> {
        let mut state = root.clone();
        let mut ops = Vec::with_capacity(self.path.len());
        for (depth, &index) in self.path.iter().enumerate() {
            if state.is_complete() {
                return Err(ReplayError::PastLeaf { depth });
            }
            let mut range = state.operators();
            let Some(op) = range.nth(index) else {
                let len = state.operators().count();
                return Err(ReplayError::OutOfRange { depth, index, len });
            };
            if !state.admissible(op) {
                return Err(ReplayError::Refused { depth, index });
            }
            state.apply(op);
            ops.push(op);
        }
        Ok((state, ops))
    }
}

/// A tree split at a depth: the subproblems rooted there, and the count of the part above.
#[derive(Clone, Debug)]
pub struct Split<Op> {
    /// The depth of the split: every subproblem's root is at this depth.
    pub depth: usize,
    /// The subproblems, in search order.
    pub subproblems: Vec<Subproblem>,
    /// The operators of each subproblem's path (the same paths as operators, not indices).
    pub ops: Vec<Vec<Op>>,
    /// The search of the part above the split: the solutions shallower than it (a
    /// subproblem's root is not one of them, even when it is complete: its subtree counts
    /// it), and the statistics of that part, the subproblems' roots included.
    pub above: Outcome<u64>,
}

impl<Op> Split<Op> {
    /// The number of subproblems.
    pub fn len(&self) -> usize {
        self.subproblems.len()
    }

    /// Is there no subproblem (the tree ends above the split)?
    pub fn is_empty(&self) -> bool {
        self.subproblems.is_empty()
    }
}

/// The most subproblems the parallel searches split a tree into: a level of the tree
/// wider than this is not split at (see [`capped_depth`]).
pub const MOST_SUBPROBLEMS: usize = 1 << 16;

/// The depth to split `problem`'s tree at for a parallel search asked to split at
/// `depth`: `depth`, or the deepest level above it whose every level holds at most
/// [`MOST_SUBPROBLEMS`] nodes, when a level down to `depth` holds more.
///
/// A split depth right for one problem is ruinous for another: the permutations of 100
/// have 9,900 nodes at depth 2 and 970,200 at depth 3, and 94 million at depth 4, each a
/// subproblem to keep in memory before any is searched. The levels are counted by a search
/// that prunes at `depth` and stops as soon as a level has too many nodes (then it counts
/// again, one level less deep), so this costs at most about `MOST_SUBPROBLEMS` nodes a
/// level. `limits` bound those searches; one stopped by a limit keeps the depth reached.
///
/// ```
/// use backtrack::{split, Limits, Problem};
///
/// /// Strings over an alphabet of 1000 letters, 5 long.
/// #[derive(Clone)]
/// struct Words { letters: Vec<u16> }
/// impl Problem for Words {
///     type Op = u16;
///     type Ops = std::ops::Range<u16>;
///     type Solution = ();
///     fn operators(&self) -> Self::Ops { 0..1000 }
///     fn apply(&mut self, letter: u16) { self.letters.push(letter) }
///     fn undo(&mut self, _: u16) { self.letters.pop(); }
///     fn is_complete(&self) -> bool { self.letters.len() == 5 }
///     fn solution(&self) {}
/// }
///
/// // Depth 2 would be a million subproblems: split at depth 1, a thousand.
/// assert_eq!(split::capped_depth(&Words { letters: vec![] }, 3, &Limits::none()), 1);
/// ```
pub fn capped_depth<P: Problem + Clone>(problem: &P, depth: usize, limits: &Limits) -> usize {
    let mut depth = depth;
    while depth > 0 {
        let mut levels = Levels {
            nodes: vec![0; depth + 1],
            depth,
            over: None,
        };
        Search::new(problem.clone())
            .observer(&mut levels)
            .limits(unmetered(limits))
            .count_solutions();
        match levels.over {
            Some(level) => depth = level - 1,
            None => break,
        }
    }
    depth
}

/// `limits` without their meter: for a search that looks at the tree before the search
/// that counts, whose nodes and solutions are not the count's.
fn unmetered(limits: &Limits) -> Limits {
    Limits {
        meter: None,
        ..limits.clone()
    }
}

/// Counts the nodes of each level down to `depth`, and stops at the first level found to
/// hold more than [`MOST_SUBPROBLEMS`].
struct Levels {
    nodes: Vec<usize>,
    depth: usize,
    over: Option<usize>,
}

impl<P: Problem> Observer<P> for Levels {
    fn enter(&mut self, _: &P, depth: usize, _: Option<P::Op>) -> Control {
        self.nodes[depth] += 1;
        if self.nodes[depth] > MOST_SUBPROBLEMS {
            self.over = Some(depth);
            Control::Halt
        } else if depth == self.depth {
            Control::Prune
        } else {
            Control::Continue
        }
    }
}

/// Splits `problem`'s tree at `depth`: see [`split_observed`].
pub fn split<P: Problem + Clone>(problem: &P, depth: usize, limits: Limits) -> Split<P::Op> {
    split_observed(problem, depth, limits, &mut ())
}

/// Splits `problem`'s tree at `depth`, watching the part above the split with `observer`.
///
/// A search of a clone of `problem` prunes every node at `depth` and records its path.
/// `observer` sees that search's events (the frontier nodes entered, then left without
/// being expanded); a node it prunes, or stops at, is no subproblem's root, so an observer
/// can narrow the tree (a symmetry that forbids half of the first row, say). The split is
/// deterministic: the same root and depth give the same subproblems in the same order.
/// `limits` bound this search only; if one stops it, the split is partial, and its
/// `above.stopped` says why.
pub fn split_observed<P, O>(
    problem: &P,
    depth: usize,
    limits: Limits,
    observer: &mut O,
) -> Split<P::Op>
where
    P: Problem + Clone,
    O: Observer<P>,
{
    let mut frontier = Frontier {
        depth,
        path: Vec::new(),
        found: Vec::new(),
        above: observer,
    };
    let above = Search::new(Indexed(problem.clone()))
        .observer(&mut frontier)
        .limits(limits)
        .count_solutions();
    let (subproblems, ops) = frontier
        .found
        .into_iter()
        .map(|path| {
            let (indices, ops) = path.into_iter().unzip();
            (Subproblem { path: indices }, ops)
        })
        .unzip();
    Split {
        depth,
        subproblems,
        ops,
        above,
    }
}

/// Splits `problem`'s tree at `depth` or deeper: at the first depth that gives at least
/// `at_least` subproblems, or the deepest that gives any more (a tree that ends sooner is
/// split where it ends), but never deeper than `depth` at a level of more than
/// [`MOST_SUBPROBLEMS`] nodes (counted as [`capped_depth`] counts them, without the
/// observer; they are not kept). `observer` makes a fresh observer for each search above a
/// split tried (see [`split_observed`]); the one that watched the split returned comes
/// with it.
pub fn split_at_least<P, O>(
    problem: &P,
    depth: usize,
    at_least: usize,
    limits: &Limits,
    observer: impl FnMut() -> O,
) -> (Split<P::Op>, O)
where
    P: Problem + Clone,
    O: Observer<P>,
{
    deepen(problem, depth, at_least, limits, observer, true)
}

/// [`split_at_least`], deepening to a level of any width when `capped` is false: for
/// [`count_share_observed`](crate::parallel::count_share_observed), whose every part wants
/// its [`SUBPROBLEMS_PER_PART`](crate::parallel::SUBPROBLEMS_PER_PART) subproblems.
pub(crate) fn deepen<P, O>(
    problem: &P,
    depth: usize,
    at_least: usize,
    limits: &Limits,
    mut observer: impl FnMut() -> O,
    capped: bool,
) -> (Split<P::Op>, O)
where
    P: Problem + Clone,
    O: Observer<P>,
{
    let mut watcher = observer();
    let mut split = split_observed(problem, depth, limits.clone(), &mut watcher);
    loop {
        let ended = split.above.stats.max_depth < split.depth;
        if split.len() >= at_least || split.above.stopped.is_some() || ended {
            return (split, watcher);
        }
        // One level deeper, if it has more subproblems and not too many: a tree that
        // narrows below (few nodes survive a level) is kept at the wider level, and so is
        // one that widens past what is worth keeping in memory.
        if capped && capped_depth(problem, split.depth + 1, limits) <= split.depth {
            return (split, watcher);
        }
        // A level that has no more nodes, even before the observer narrows it, is not
        // searched with the observer: the search above it would show the observer the
        // solutions at the current level, whose work (a count's, say) would be done
        // there, to be thrown away.
        let bare = split_observed(problem, split.depth + 1, unmetered(limits), &mut ());
        if bare.len() <= split.len() || bare.above.stopped.is_some() {
            return (split, watcher);
        }
        let mut deeper_watcher = observer();
        let deeper = split_observed(
            problem,
            split.depth + 1,
            limits.clone(),
            &mut deeper_watcher,
        );
        if deeper.len() <= split.len() || deeper.above.stopped.is_some() {
            return (split, watcher);
        }
        (split, watcher) = (deeper, deeper_watcher);
    }
}

/// The probes per subproblem that [`estimate_sizes`] is given by
/// [`crate::parallel::count_share_observed`].
pub const PROBES: u32 = 64;

/// The seed from which [`crate::parallel::count_share_observed`] estimates.
pub const SEED: u64 = 0x5eed_b7ac;

/// The estimated number of nodes of each subproblem's subtree: Knuth's estimate
/// ([`estimate::tree_size`]) by `probes` random probes, the `k`th subproblem's probes
/// seeded with `seed + k`, so the estimates are the same in every process and whatever
/// the number of threads (they are made on rayon's pool).
pub fn estimate_sizes<P>(problem: &P, split: &Split<P::Op>, probes: u32, seed: u64) -> Vec<f64>
where
    P: Problem + Clone + Send + Sync,
    P::Op: Send + Sync,
{
    split
        .ops
        .par_iter()
        .enumerate()
        .map(|(k, ops)| {
            let mut state = problem.clone();
            for &op in ops {
                state.apply(op);
            }
            estimate::tree_size(state, probes, seed.wrapping_add(k as u64))
        })
        .collect()
}

/// Deals items of the given `weights` to `parts` parts of about equal total weight: the
/// heaviest first, each to the part with the least weight so far (the lower-numbered
/// part on a tie), which leaves every part within the heaviest item of the mean. Returns
/// each item's part, `0..parts`. Deterministic; a weight that is not a finite positive
/// number counts as 0.
///
/// ```
/// use backtrack::split::assign;
///
/// // 5 to part 0, 4 to part 1, a 2 to part 1 (4 < 5), the other to part 0 (5 < 6), 1 to part 1.
/// assert_eq!(assign(&[5.0, 1.0, 4.0, 2.0, 2.0], 2), [0, 1, 1, 1, 0]);
/// ```
///
/// # Panics
///
/// If `parts` is 0.
pub fn assign(weights: &[f64], parts: usize) -> Vec<usize> {
    assert!(parts > 0, "at least one part");
    let weight = |k: usize| {
        let w = weights[k];
        if w.is_finite() && w > 0.0 {
            w
        } else {
            0.0
        }
    };
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by(|&a, &b| weight(b).total_cmp(&weight(a)).then(a.cmp(&b)));
    let mut loads: BinaryHeap<Load> = (0..parts).map(|part| Load { weight: 0.0, part }).collect();
    let mut assigned = vec![0; weights.len()];
    for k in order {
        let mut least = loads.pop().expect("at least one part");
        assigned[k] = least.part;
        least.weight += weight(k);
        loads.push(least);
    }
    assigned
}

/// A part's load in [`assign`]'s heap: the least weight, then the lowest part, on top.
#[derive(Clone, Copy, Debug)]
struct Load {
    weight: f64,
    part: usize,
}

impl PartialEq for Load {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Load {}

impl PartialOrd for Load {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Load {
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .weight
            .total_cmp(&self.weight)
            .then(other.part.cmp(&self.part))
    }
}

/// One part of a count shared among `parts` processes: part `part` of `parts`, numbered
/// from 1, as a batch scheduler's array index would be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Share {
    part: usize,
    parts: usize,
}

impl Share {
    /// Part `part` of `parts` (`1 <= part <= parts`), or `None`.
    pub fn new(part: usize, parts: usize) -> Option<Self> {
        (1..=parts).contains(&part).then_some(Share { part, parts })
    }

    /// The whole count: part 1 of 1.
    pub fn whole() -> Self {
        Share { part: 1, parts: 1 }
    }

    /// Which part, from 1.
    pub fn part(self) -> usize {
        self.part
    }

    /// Of how many parts.
    pub fn parts(self) -> usize {
        self.parts
    }
}

/// How a tree was split for a [`Share`]: the same in every part of one count, which is
/// how the parts of one count are told from those of another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Layout {
    /// The depth of the split.
    pub depth: usize,
    /// How many subproblems the tree was split into.
    pub subproblems: usize,
    /// How many of them this share counted.
    pub counted: usize,
}

/// A problem whose operators carry their index in the search range, for the search that
/// finds the frontier; searched by value if the problem is.
#[derive(Clone)]
struct Indexed<P: Problem>(P);

impl<P: Problem + Clone> Problem for Indexed<P> {
    type Op = (usize, P::Op);
    type Ops = std::iter::Enumerate<P::Ops>;
    type Solution = ();

    fn operators(&self) -> Self::Ops {
        self.0.operators().enumerate()
    }
    fn admissible(&self, (_, op): Self::Op) -> bool {
        self.0.admissible(op)
    }
    fn apply(&mut self, (_, op): Self::Op) {
        self.0.apply(op);
    }
    fn undo(&mut self, (_, op): Self::Op) {
        self.0.undo(op);
    }
    fn is_complete(&self) -> bool {
        self.0.is_complete()
    }
    fn solution(&self) {}
    const BY_VALUE: Option<ByValue<Self>> = if P::BY_VALUE.is_some() {
        Some(ByValue::with(|state: &Self| {
            Indexed(P::BY_VALUE.map_or_else(|| state.0.clone(), |by_value| by_value.copy(&state.0)))
        }))
    } else {
        None
    };
}

/// Watches the search of the part above the split with the caller's observer, and prunes
/// at the split depth, recording the path to every node there that the observer let be
/// (a node it prunes or stops at is no subproblem's root).
struct Frontier<'o, Op, O> {
    depth: usize,
    path: Vec<(usize, Op)>,
    found: Vec<Vec<(usize, Op)>>,
    above: &'o mut O,
}

impl<P: Problem + Clone, O: Observer<P>> Observer<Indexed<P>> for Frontier<'_, P::Op, O> {
    fn enter(&mut self, problem: &Indexed<P>, depth: usize, op: Option<(usize, P::Op)>) -> Control {
        if let Some(op) = op {
            self.path.push(op);
        }
        match self.above.enter(&problem.0, depth, op.map(|(_, op)| op)) {
            Control::Continue if depth == self.depth => {
                self.found.push(self.path.clone());
                Control::Prune
            }
            answer => answer,
        }
    }

    fn admit(&mut self, problem: &Indexed<P>, depth: usize, (_, op): (usize, P::Op)) {
        self.above.admit(&problem.0, depth, op);
    }

    fn reject(&mut self, problem: &Indexed<P>, depth: usize, (_, op): (usize, P::Op)) {
        self.above.reject(&problem.0, depth, op);
    }

    fn prune(&mut self, problem: &Indexed<P>, depth: usize, (_, op): (usize, P::Op)) {
        self.above.prune(&problem.0, depth, op);
    }

    fn solution(&mut self, problem: &Indexed<P>, depth: usize) {
        self.above.solution(&problem.0, depth);
    }

    fn dead_end(&mut self, problem: &Indexed<P>, depth: usize) {
        self.above.dead_end(&problem.0, depth);
    }

    fn bounded(&mut self, problem: &Indexed<P>, depth: usize) {
        self.above.bounded(&problem.0, depth);
    }

    fn backtrack(&mut self, problem: &Indexed<P>, depth: usize) {
        self.above.backtrack(&problem.0, depth);
        if depth > 0 {
            self.path.pop();
        }
    }

    fn stop(&mut self, problem: &Indexed<P>, reason: StopReason) {
        self.above.stop(&problem.0, reason);
    }
}
