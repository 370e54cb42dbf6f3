//! The [`Problem`] trait: the classic formulation of a backtracking search.
//!
//! The vocabulary is that of the textbook `run(state)` procedure:
//!
//! ```text
//! procedure run(state)
//!   if state is on the boundary then
//!     if state is the best goal then record it
//!     exit
//!   for op := first operator to last operator do        -- the search range
//!     child := op applied to state
//!     if child satisfies the constraints
//!        and child satisfies the optimality requirement then run(child)
//! ```
//!
//! | textbook term            | here                                        |
//! |--------------------------|---------------------------------------------|
//! | state                    | the value implementing [`Problem`]          |
//! | operator                 | [`Problem::Op`], applied by [`Problem::apply`] and taken back by [`Problem::undo`] |
//! | search range             | [`Problem::operators`], tried in the order it yields them |
//! | boundary                 | [`Problem::is_complete`]                    |
//! | constraints              | [`Problem::admissible`]                     |
//! | optimality requirement   | [`Optimize::bound`] against the best found, [`Optimize::value`] to record it |

/// A backtracking problem: one mutable state, changed by applying and undoing operators.
///
/// The engine ([`crate::Search`]) keeps a single state and never clones it: a child is
/// made by [`apply`](Problem::apply) and the parent restored by [`undo`](Problem::undo),
/// always in last-in first-out order. A problem whose state is tiny and `Copy` can keep a
/// stack of earlier states inside itself and make `undo` a pop.
///
/// The operators of a node are produced lazily by the iterator [`Problem::Ops`], which
/// must not borrow the state (the state changes while the iterator is alive): a range,
/// a bitmask cursor, an index into a fixed table.
///
/// A complete state (the boundary) is a leaf: its operators are never asked for. **Every
/// other state is expanded**, including one that is *full* but not complete (three dice
/// thrown whose total is not the one asked for): the engine asks for its search range and
/// tries each operator. Say that nothing is left to try, either by an empty search range
/// once the state is full (`0..0`, an empty mask: a dead end at once, the cheaper way), or
/// by [`admissible`](Problem::admissible) refusing every operator (each one tried and
/// counted as a rejection, then a dead end). Otherwise the search goes on below the full
/// state: a larger tree for the same solutions, or one that never ends.
///
/// When a constraint seems to need the child's state, check the operator against what the
/// state keeps for it (incremental sums, updated by `apply` and `undo`): the fastest, no
/// child is made for a refused operator. Or apply it in [`apply`](Problem::apply), note
/// that the child breaks the constraint, and give the child an empty search range: no copy
/// of the state, but each refused child is a node, entered and undone (a dead end, not a
/// rejection). Cloning the state in
/// `admissible` is slowest by far. The guide, `docs/own-problem.md` in the repository, has
/// worked examples of both ("The boundary: full is not complete", "Constraints that need
/// the child").
///
/// # Example
///
/// Binary strings of length 3 with no two adjacent ones:
///
/// ```
/// use backtrack::{Problem, Search};
///
/// struct NoAdjacentOnes { bits: Vec<u8>, len: usize }
///
/// impl Problem for NoAdjacentOnes {
///     type Op = u8;
///     type Ops = std::ops::RangeInclusive<u8>;
///     type Solution = String;
///
///     fn operators(&self) -> Self::Ops { 0..=1 }
///     fn admissible(&self, op: u8) -> bool { !(op == 1 && self.bits.last() == Some(&1)) }
///     fn apply(&mut self, op: u8) { self.bits.push(op) }
///     fn undo(&mut self, _op: u8) { self.bits.pop(); }
///     fn is_complete(&self) -> bool { self.bits.len() == self.len }
///     fn solution(&self) -> String { self.bits.iter().map(|b| char::from(b'0' + b)).collect() }
/// }
///
/// let all: Vec<String> = Search::new(NoAdjacentOnes { bits: vec![], len: 3 }).collect();
/// assert_eq!(all, ["000", "001", "010", "100", "101"]);
/// ```
pub trait Problem {
    /// An operator: what turns a state into one of its children (a column to put a queen in).
    type Op: Copy;
    /// The search range of one node: its operators, in the order they are tried.
    type Ops: Iterator<Item = Self::Op>;
    /// What the search reports for a complete state.
    type Solution;

    /// The search range of the current state, lazily. Called once per expanded node.
    fn operators(&self) -> Self::Ops;

    /// The constraints: may `op` be applied to the current state?
    ///
    /// An operator refused here is a *rejection*; it never becomes a node of the solution
    /// tree. The default admits everything, for problems whose [`operators`](Problem::operators)
    /// already yield only admissible operators.
    #[inline]
    fn admissible(&self, op: Self::Op) -> bool {
        let _ = op;
        true
    }

    /// Applies `op` to the current state, making it the child.
    fn apply(&mut self, op: Self::Op);

    /// Takes back `op`, the operator most recently applied and not yet undone.
    fn undo(&mut self, op: Self::Op);

    /// The boundary: is the current state complete (a goal, and a leaf)?
    fn is_complete(&self) -> bool;

    /// The solution that the current, complete state represents.
    fn solution(&self) -> Self::Solution;

    /// Opts the problem's type in to the search **by value**: `Some(ByValue::COPY)` for a
    /// small `Copy` state (a few machine words); `Some(ByValue::with(copy))` for one copied
    /// another way (a state that keeps, besides its small value, what only its
    /// [`undo`](Problem::undo) needs).
    ///
    /// [`Search`](crate::Search) then keeps a copy of the state of every node on its path and
    /// makes each child by applying its operator to a copy of the parent: it never calls
    /// [`undo`](Problem::undo), and the state lives where the search needs it, in the
    /// registers and the stack's frames. This is the fast path, as fast as a hand-written
    /// search over the same state. The default, `None`, searches in place (apply, then undo,
    /// on one state). A constant of the type, not an answer of a state: every state of a
    /// search is kept the same way, and the search of each type is compiled for its stack.
    ///
    /// Observers see the copies: the state of the node an event is about, as always.
    ///
    /// ```
    /// use backtrack::{ByValue, Problem, Search};
    ///
    /// /// Binary strings of length 20 with no two adjacent ones, as a bitmask and a length.
    /// #[derive(Clone, Copy)]
    /// struct Fibonacci { bits: u32, len: u32 }
    ///
    /// impl Problem for Fibonacci {
    ///     type Op = u32;
    ///     type Ops = std::ops::RangeInclusive<u32>;
    ///     type Solution = u32;
    ///
    ///     fn operators(&self) -> Self::Ops { 0..=1 }
    ///     fn admissible(&self, bit: u32) -> bool { bit == 0 || self.bits & 1 == 0 }
    ///     fn apply(&mut self, bit: u32) { self.bits = self.bits << 1 | bit; self.len += 1 }
    ///     fn undo(&mut self, _: u32) { self.bits >>= 1; self.len -= 1 }
    ///     fn is_complete(&self) -> bool { self.len == 20 }
    ///     fn solution(&self) -> u32 { self.bits }
    ///     const BY_VALUE: Option<ByValue<Self>> = Some(ByValue::COPY);
    /// }
    ///
    /// let outcome = Search::new(Fibonacci { bits: 0, len: 0 }).count_solutions();
    /// assert_eq!(outcome.found, 17711);
    /// ```
    const BY_VALUE: Option<ByValue<Self>> = None;
}

/// How the states of a problem searched by value are copied: [`Problem::BY_VALUE`].
pub struct ByValue<P: ?Sized>(fn(&P) -> P);

impl<P: ?Sized> Clone for ByValue<P> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: ?Sized> Copy for ByValue<P> {}

impl<P: Copy> ByValue<P> {
    /// A state copied as it is: for a small `Copy` state.
    pub const COPY: Self = ByValue(|state| *state);
}

impl<P> ByValue<P> {
    /// A state copied by `copy`: for a state that is not `Copy`, or whose copy leaves out
    /// what only its [`undo`](Problem::undo) needs (never called on a state searched by
    /// value).
    #[must_use]
    pub const fn with(copy: fn(&P) -> P) -> Self {
        ByValue(copy)
    }

    /// A copy of `state`.
    #[inline(always)]
    #[expect(
        clippy::inline_always,
        reason = "the copy of the by-value hot loops: inlined, so is the constant function it calls"
    )]
    pub(crate) fn copy(self, state: &P) -> P {
        (self.0)(state)
    }
}

/// The optimality requirement: an objective to maximise, and an optimistic bound.
///
/// [`Search::best`](crate::Search::best) keeps the best complete state found so far (the
/// *incumbent*) and prunes every child whose [`bound`](Optimize::bound) cannot beat it.
/// To minimise, maximise [`std::cmp::Reverse`] of the cost (or its negation).
pub trait Optimize: Problem {
    /// The objective's type. Only `>` is used: a candidate replaces the incumbent when it is
    /// strictly greater, so among equal values the first found in search order is kept.
    type Value: PartialOrd + Copy;

    /// The objective of the current state, asked only when it is complete.
    fn value(&self) -> Self::Value;

    /// An optimistic bound: no complete state reachable from the current one has a value
    /// greater than this. Asked for every child after it is applied; a child whose bound is
    /// not greater than the incumbent's value is pruned. A complete state's bound must be at
    /// least its value.
    fn bound(&self) -> Self::Value;
}

/// A borrowed problem: the search works on the caller's state in place (end the search
/// with a consuming mode or [`Search::into_parts`](crate::Search::into_parts) to leave it at
/// the root).
impl<P: Problem + ?Sized> Problem for &mut P {
    type Op = P::Op;
    type Ops = P::Ops;
    type Solution = P::Solution;

    #[inline]
    fn operators(&self) -> Self::Ops {
        (**self).operators()
    }
    #[inline]
    fn admissible(&self, op: Self::Op) -> bool {
        (**self).admissible(op)
    }
    #[inline]
    fn apply(&mut self, op: Self::Op) {
        (**self).apply(op);
    }
    #[inline]
    fn undo(&mut self, op: Self::Op) {
        (**self).undo(op);
    }
    #[inline]
    fn is_complete(&self) -> bool {
        (**self).is_complete()
    }
    #[inline]
    fn solution(&self) -> Self::Solution {
        (**self).solution()
    }
}

impl<P: Optimize + ?Sized> Optimize for &mut P {
    type Value = P::Value;

    #[inline]
    fn value(&self) -> Self::Value {
        (**self).value()
    }
    #[inline]
    fn bound(&self) -> Self::Value {
        (**self).bound()
    }
}
