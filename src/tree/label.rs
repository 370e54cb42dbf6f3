//! How a problem shows its states and operators in a tree or a trace.

use crate::Problem;

/// How to show states and operators as text: what a solution tree needs on top of a
/// [`Problem`].
///
/// ```
/// use backtrack::{tree::{tree_of, Label}, Problem};
///
/// #[derive(Clone)]
/// struct Coins { left: u32 }
///
/// impl Problem for Coins {
///     type Op = u32;
///     type Ops = std::array::IntoIter<u32, 2>;
///     type Solution = ();
///     fn operators(&self) -> Self::Ops { [1, 2].into_iter() }
///     fn admissible(&self, coin: u32) -> bool { coin <= self.left }
///     fn apply(&mut self, coin: u32) { self.left -= coin }
///     fn undo(&mut self, coin: u32) { self.left += coin }
///     fn is_complete(&self) -> bool { self.left == 0 }
///     fn solution(&self) {}
/// }
///
/// impl Label for Coins {
///     fn label(&self) -> String { format!("{} left", self.left) }
///     fn op_label(&self, coin: u32) -> String { format!("pay {coin}") }
/// }
///
/// // Ways to pay 3 with coins of 1 and 2, order mattering: 1+1+1, 1+2, 2+1.
/// assert_eq!(tree_of(&Coins { left: 3 }).solutions().count(), 3);
/// ```
pub trait Label: Problem {
    /// The current state, short, on one line: `(2,4,1,0)`.
    fn label(&self) -> String;

    /// An operator, short, on one line: `3`. Called on the state the operator applies to
    /// (the parent of the node it makes), for the nodes entered and the attempts refused
    /// alike, so a label may depend on the state (`pay 2 of 5`).
    fn op_label(&self, op: Self::Op) -> String;

    /// The state that `op` would make from the current one, without making it: the label of
    /// an attempt the search refused (the current state is the refused child's parent).
    ///
    /// The default is the current label, then the operator's: `[1, 2], then 3`, `5 left,
    /// then pay 2`, `[], then +4` (words that keep an operator label with a sign of its
    /// own readable). Override it to show the would-be state itself (`(1,1,0,0)` for the
    /// queen refused at row 2, column 1).
    fn child_label(&self, op: Self::Op) -> String {
        format!("{}, then {}", self.label(), self.op_label(op))
    }
}

impl<P: Label + ?Sized> Label for &mut P {
    fn label(&self) -> String {
        (**self).label()
    }
    fn op_label(&self, op: Self::Op) -> String {
        (**self).op_label(op)
    }
    fn child_label(&self, op: Self::Op) -> String {
        (**self).child_label(op)
    }
}
