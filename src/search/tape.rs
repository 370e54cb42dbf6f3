//! How the stack keeps the states of the current path: in place ([`InPlace`], one state
//! changed by apply and undo) or by value ([`Copies`], a copy of each node's state).

use crate::Problem;

/// The frame of a node searched in place: its remaining search range and how it was reached.
pub(super) struct Place<P: Problem> {
    pub(super) ops: P::Ops,
    pub(super) op: Option<P::Op>,
}

/// The frame of a node searched by value: its state and its remaining search range.
///
/// The range comes first (`repr(C)`): the kernel reads a child's state back as soon as it
/// has written it, and with the state first the compiler wrote the state's last field
/// together with the range as one word and read two of the state's fields as another, a
/// read the processor cannot take from the writes still in flight (a stall at every node).
#[repr(C)]
pub(super) struct Value<P: Problem> {
    pub(super) ops: P::Ops,
    pub(super) state: P,
}

/// How the stack keeps the states of the current path: the only thing that differs between
/// searching in place and by value. Monomorphised, like [`Mode`](super::mode::Mode); a
/// type of no size, so every copy is a call of the type's constant function, known where it
/// is made.
pub(super) trait Tape<P: Problem> {
    /// One node of the current path.
    type Frame;
    /// A child just made, not yet entered or expanded.
    type Child;

    /// The stack of this kind among the search's two.
    fn frames<'a>(
        places: &'a mut Vec<Place<P>>,
        values: &'a mut Vec<Value<P>>,
    ) -> &'a mut Vec<Self::Frame>;
    /// The root's frame.
    fn root(problem: &P) -> Self::Frame;
    /// The node's state.
    fn state<'a>(problem: &'a P, frame: &'a Self::Frame) -> &'a P;
    /// The node's state and its remaining search range.
    fn parts<'a>(problem: &'a P, frame: &'a mut Self::Frame) -> (&'a P, &'a mut P::Ops);
    /// Makes the child of `frame`'s node by `op`.
    fn apply(problem: &mut P, frame: &Self::Frame, op: P::Op) -> Self::Child;
    /// The child's state.
    fn child<'a>(problem: &'a P, child: &'a Self::Child) -> &'a P;
    /// Drops the child made by `op`, entered or not, but not expanded.
    fn retract(problem: &mut P, op: P::Op);
    /// The frame of the child made by `op`, to expand it: `ops` its search range.
    fn expand(problem: &P, child: Self::Child, ops: P::Ops, op: P::Op) -> Self::Frame;
    /// The frame's node is left: back to its parent.
    fn leave(problem: &mut P, frame: &Self::Frame);
}

/// Search in place: [`Problem::apply`] and [`Problem::undo`] on the one state.
pub(super) struct InPlace;

impl<P: Problem> Tape<P> for InPlace {
    type Frame = Place<P>;
    type Child = ();

    #[inline]
    fn frames<'a>(
        places: &'a mut Vec<Place<P>>,
        _: &'a mut Vec<Value<P>>,
    ) -> &'a mut Vec<Place<P>> {
        places
    }
    #[inline]
    fn root(problem: &P) -> Place<P> {
        Place {
            ops: problem.operators(),
            op: None,
        }
    }
    #[inline]
    fn state<'a>(problem: &'a P, _: &'a Place<P>) -> &'a P {
        problem
    }
    #[inline]
    fn parts<'a>(problem: &'a P, frame: &'a mut Place<P>) -> (&'a P, &'a mut P::Ops) {
        (problem, &mut frame.ops)
    }
    #[inline]
    fn apply(problem: &mut P, _: &Place<P>, op: P::Op) {
        problem.apply(op);
    }
    #[inline]
    fn child<'a>(problem: &'a P, (): &'a ()) -> &'a P {
        problem
    }
    #[inline]
    fn retract(problem: &mut P, op: P::Op) {
        problem.undo(op);
    }
    #[inline]
    fn expand(_: &P, (): (), ops: P::Ops, op: P::Op) -> Place<P> {
        Place { ops, op: Some(op) }
    }
    #[inline]
    fn leave(problem: &mut P, frame: &Place<P>) {
        if let Some(op) = frame.op {
            problem.undo(op);
        }
    }
}

/// Search by value: every child a fresh copy of its parent, never undone, each copy made by
/// the type's [`Problem::BY_VALUE`].
pub(super) struct Copies;

/// A copy of `state` by the type's [`Problem::BY_VALUE`], read where the copy is made: a
/// constant, so the call is direct and inlined (kept in a value, the function would be
/// called through a pointer unless link-time optimisation found it).
#[inline(always)]
#[expect(clippy::inline_always, reason = "the copy of the by-value hot loops")]
fn copy<P: Problem>(state: &P) -> P {
    let Some(by_value) = P::BY_VALUE else {
        unreachable!("searched by value only where the type copies its states")
    };
    by_value.copy(state)
}

impl<P: Problem> Tape<P> for Copies {
    type Frame = Value<P>;
    type Child = P;

    #[inline]
    fn frames<'a>(
        _: &'a mut Vec<Place<P>>,
        values: &'a mut Vec<Value<P>>,
    ) -> &'a mut Vec<Value<P>> {
        values
    }
    #[inline]
    fn root(problem: &P) -> Value<P> {
        Value {
            state: copy(problem),
            ops: problem.operators(),
        }
    }
    #[inline]
    fn state<'a>(_: &'a P, frame: &'a Value<P>) -> &'a P {
        &frame.state
    }
    #[inline]
    fn parts<'a>(_: &'a P, frame: &'a mut Value<P>) -> (&'a P, &'a mut P::Ops) {
        (&frame.state, &mut frame.ops)
    }
    #[inline]
    fn apply(_: &mut P, frame: &Value<P>, op: P::Op) -> P {
        let mut child = copy(&frame.state);
        child.apply(op);
        child
    }
    #[inline]
    fn child<'a>(_: &'a P, child: &'a P) -> &'a P {
        child
    }
    #[inline]
    fn retract(_: &mut P, _: P::Op) {}
    #[inline]
    fn expand(_: &P, child: P, ops: P::Ops, _: P::Op) -> Value<P> {
        Value { ops, state: child }
    }
    #[inline]
    fn leave(_: &mut P, _: &Value<P>) {}
}
