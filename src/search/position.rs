//! Where a search is, to go on from there later: [`Position`], [`Search::position`] and
//! [`Search::resume`].

use std::time::Duration;

use super::run::Phase;
use super::tape::{Place, Value};
use super::Search;
use crate::{Observer, Problem, Stats};

/// Where a search is, to go on from there later, in another process perhaps
/// ([`Search::position`], [`Search::resume`]): the path from the root as operator indices,
/// how far the search range of the node on top of it was tried, and the statistics so far.
/// Serialised with serde.
///
/// An index is a place in a node's search range ([`Problem::operators`]), counted from 0,
/// refused operators included: a position is the same for every run of the same problem,
/// as long as its search ranges come in the same order.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Position {
    /// Has the search ended (its tree exhausted, or stopped for good)? Then there is
    /// nothing to go on with.
    pub done: bool,
    /// For each node of the path below the root, the index of the operator that made it
    /// in its parent's search range. Empty, with `stats.nodes` 0, for a search not started.
    pub path: Vec<usize>,
    /// How many operators of the top node's search range were tried: the next one tried
    /// is the one at this index.
    pub tried: usize,
    /// Has a child of the top node been entered? (A node none of whose children is
    /// entered is a dead end.)
    pub entered_child: bool,
    /// Was a child of the top node pruned by the optimality bound? (A node none of whose
    /// children is entered, one of them pruned, is bounded, not a dead end.)
    #[serde(default)]
    pub pruned_child: bool,
    /// The statistics so far, their time aside (zero, and left out of the JSON): in the
    /// JSON, their fields follow the others, one by one.
    #[serde(flatten)]
    pub stats: Stats,
}

/// Why [`Search::resume`] cannot go on from a [`Position`]: it is not one of this
/// problem's. Reads as `the position does not fit the problem: "path"[8] is 99, but the
/// search range at depth 8 has 2 operators: expected 0 to 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// The depth of the node whose search range is too short: the entry of
    /// [`Position::path`], or the path's length for [`Position::tried`].
    pub depth: usize,
    /// The index asked for there (the entry of the path, or `tried`).
    pub index: usize,
    /// How many operators that search range has.
    pub operators: usize,
    /// Is it [`Position::tried`] that is too great (rather than an entry of the path)?
    pub tried: bool,
}

impl std::fmt::Display for PositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Self {
            depth,
            index,
            operators,
            tried,
        } = *self;
        let has = match operators {
            0 => "no operators".to_string(),
            1 => "1 operator".to_string(),
            n => format!("{n} operators"),
        };
        let (field, expected) = if tried {
            ("\"tried\"".to_string(), format!("0 to {operators}"))
        } else {
            let expected = match operators {
                0 => "no node this deep".to_string(),
                1 => "0".to_string(),
                n => format!("0 to {}", n - 1),
            };
            (format!("\"path\"[{depth}]"), expected)
        };
        write!(
            f,
            "the position does not fit the problem: {field} is {index}, but the search range at depth {depth} has {has}: expected {expected}"
        )
    }
}

impl std::error::Error for PositionError {}

impl<P: Problem, O: Observer<P>> Search<P, O> {
    /// Where the search is: see [`Position`]. Call it between two solutions of the
    /// iterator or after a limit stopped the search, and [`Search::resume`] goes on from
    /// there, to the same solutions and statistics as this search would have.
    ///
    /// The search ranges of the nodes on the path are copied (`P::Ops: Clone`) and counted
    /// against fresh ones of the same states, and a search in place copies its state
    /// (`P: Clone`) to take it back up the path: O(depth × range) work, nothing per node.
    /// An observer's own state is not part of the position.
    ///
    /// ```
    /// use backtrack::{Limits, Problem, Search};
    /// # #[derive(Clone)]
    /// # struct Bits { bits: Vec<bool> }
    /// # impl Problem for Bits {
    /// #     type Op = bool;
    /// #     type Ops = std::array::IntoIter<bool, 2>;
    /// #     type Solution = Vec<bool>;
    /// #     fn operators(&self) -> Self::Ops { [false, true].into_iter() }
    /// #     fn apply(&mut self, b: bool) { self.bits.push(b) }
    /// #     fn undo(&mut self, _: bool) { self.bits.pop(); }
    /// #     fn is_complete(&self) -> bool { self.bits.len() == 4 }
    /// #     fn solution(&self) -> Vec<bool> { self.bits.clone() }
    /// # }
    /// // Bit strings of length 4: list five, keep the position, and go on from it.
    /// let mut search = Search::new(Bits { bits: vec![] });
    /// let first: Vec<_> = search.by_ref().take(5).collect();
    /// let position = search.position();
    /// let rest: Vec<_> = Search::resume(Bits { bits: vec![] }, &position)?.collect();
    /// assert_eq!(first.len() + rest.len(), 16);
    /// assert_eq!(rest[0], [false, true, false, true]);
    /// # Ok::<(), backtrack::search::PositionError>(())
    /// ```
    pub fn position(&self) -> Position
    where
        P: Clone,
        P::Ops: Clone,
    {
        let stats = &self.run.stats;
        let mut position = Position {
            done: matches!(self.run.phase, Phase::Done(_)),
            path: Vec::new(),
            tried: 0,
            entered_child: !self.run.fresh,
            pruned_child: self.run.fresh && self.run.cut,
            stats: Stats {
                max_depth: stats.max_depth.max(self.run.deepest_leaf),
                elapsed: Duration::ZERO,
                ..*stats
            },
        };
        let live = self.run.live;
        if position.done || self.run.phase == Phase::Fresh || live == 0 {
            position.entered_child = false;
            position.pruned_child = false;
            return position;
        }
        // How many operators each node of the path has tried: its whole range, less what
        // is left of it.
        let tried = |state: &P, left: &P::Ops| state.operators().count() - left.clone().count();
        let mut taken = vec![0; live];
        if P::BY_VALUE.is_some() {
            for (d, frame) in self.values[..live].iter().enumerate() {
                taken[d] = tried(&frame.state, &frame.ops);
            }
        } else {
            // Back up the path from the top, on a copy.
            let mut state = self.problem.clone();
            for d in (0..live).rev() {
                let frame = &self.places[d];
                taken[d] = tried(&state, &frame.ops);
                if let Some(op) = frame.op {
                    state.undo(op);
                }
            }
        }
        position.path = taken[..live - 1].iter().map(|&k| k - 1).collect();
        position.tried = taken[live - 1] - usize::from(self.pending.is_some());
        position
    }
}

impl<P: Problem> Search<P> {
    /// A search of `problem` (the root, as given to the search the position was taken
    /// of) that goes on from `position`: see [`Search::position`]. With no observer and no
    /// limits; add them as to a new search.
    pub fn resume(problem: P, position: &Position) -> Result<Search<P>, PositionError> {
        let mut search = Search::new(problem);
        let run = &mut search.run;
        run.stats = Stats {
            elapsed: Duration::ZERO,
            ..position.stats
        };
        run.deepest_leaf = position.stats.max_depth;
        if position.done {
            run.phase = Phase::Done(None);
            return Ok(search);
        }
        if position.stats.nodes == 0 {
            return Ok(search);
        }
        let depth = position.path.len();
        if let Some(by_value) = P::BY_VALUE {
            let mut state = by_value.copy(&search.problem);
            for (d, &index) in position.path.iter().enumerate() {
                let (ops, op) = followed(&state, index, d)?;
                let mut child = by_value.copy(&state);
                child.apply(op);
                search.values.push(Value { ops, state });
                state = child;
            }
            let ops = skipped(&state, position.tried, depth, true)?;
            search.values.push(Value { ops, state });
        } else {
            let mut led_by = None;
            for (d, &index) in position.path.iter().enumerate() {
                let (ops, op) = followed(&search.problem, index, d)?;
                search.places.push(Place { ops, op: led_by });
                search.problem.apply(op);
                led_by = Some(op);
            }
            let ops = skipped(&search.problem, position.tried, depth, true)?;
            search.places.push(Place { ops, op: led_by });
        }
        let run = &mut search.run;
        run.live = depth + 1;
        run.fresh = !position.entered_child;
        run.cut = position.pruned_child;
        run.phase = Phase::Running;
        run.checkpoint = position.stats.nodes;
        Ok(search)
    }
}

/// The operators of `state`, `skip` of them tried; an error if it has fewer (`tried`:
/// `skip` is the position's `tried`, else an entry of its path).
fn skipped<P: Problem>(
    state: &P,
    skip: usize,
    depth: usize,
    tried: bool,
) -> Result<P::Ops, PositionError> {
    let mut ops = state.operators();
    for operators in 0..skip {
        if ops.next().is_none() {
            return Err(PositionError {
                depth,
                index: skip,
                operators,
                tried,
            });
        }
    }
    Ok(ops)
}

/// The operator of `state` that an entry `index` of the path names, and the operators
/// after it; an error if there are `index` or fewer.
fn followed<P: Problem>(
    state: &P,
    index: usize,
    depth: usize,
) -> Result<(P::Ops, P::Op), PositionError> {
    let mut ops = skipped(state, index, depth, false)?;
    let op = ops.next().ok_or(PositionError {
        depth,
        index,
        operators: index,
        tried: false,
    })?;
    Ok((ops, op))
}
