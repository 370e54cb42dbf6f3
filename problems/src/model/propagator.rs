//! The trait of a constraint's propagator, for the built-in constraints and a user's own.

use std::fmt;

use super::{Domains, Var, Watch};

/// A propagation failed: some domain would be empty, or a constraint cannot hold. The
/// node is a dead end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Conflict {
    var: Option<Var>,
}

impl Conflict {
    /// A constraint that cannot hold, no domain named.
    pub fn new() -> Self {
        Conflict { var: None }
    }

    /// The domain of `var` would be empty.
    pub fn on(var: Var) -> Self {
        Conflict { var: Some(var) }
    }

    /// The variable whose domain would be empty, if the conflict names one.
    pub fn var(self) -> Option<Var> {
        self.var
    }
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.var {
            Some(var) => write!(f, "no value left to {var}"),
            None => f.write_str("a constraint cannot hold"),
        }
    }
}

/// A constraint's propagator: it narrows the domains to the values that may still be
/// part of a solution, and says when none can.
///
/// A [`Model`](super::Model) runs its propagators to a fixpoint after every assignment:
/// each change of a domain queues the propagators that [`watch`](Propagator::watches)
/// the variable on that kind of change, and the model runs the queue until it is empty or
/// one of them returns a [`Conflict`]. A propagator keeps no state of its own (the domains
/// are the whole state, and the model takes their changes back on backtracking), so it is
/// shared between the clones that a parallel search makes: hence `Send + Sync`.
///
/// A propagator must be *correct*: never take a value that some solution gives its
/// variable. It should also *check*: once all its variables are fixed, return a conflict
/// if they break the constraint (the model trusts it: a complete state is a solution).
/// How much more it prunes is its strength.
///
/// # Example
///
/// A user's own constraint, "`x` is a multiple of `k`", by taking the other values:
///
/// ```
/// use backtrack::Search;
/// use backtrack_problems::model::{Conflict, Domains, Event, Model, Propagator, Var, Watch};
///
/// struct MultipleOf { x: Var, k: i64 }
///
/// impl Propagator for MultipleOf {
///     fn watches(&self) -> Vec<Watch> {
///         vec![Watch::new(self.x, Event::Any)]
///     }
///     fn propagate(&self, domains: &mut Domains) -> Result<(), Conflict> {
///         let others: Vec<i64> = domains.values(self.x).filter(|v| v % self.k != 0).collect();
///         for value in others {
///             domains.remove(self.x, value)?;
///         }
///         Ok(())
///     }
/// }
///
/// let mut model = Model::new();
/// let x = model.int_var(1..=20)?;
/// model.post(MultipleOf { x, k: 6 })?;
/// let all: Vec<i64> = Search::new(model).map(|solution| solution[x]).collect();
/// assert_eq!(all, [6, 12, 18]);
/// # Ok::<(), backtrack_problems::model::ModelError>(())
/// ```
pub trait Propagator: Send + Sync {
    /// The variables the propagator reads, each with the change that wakes it. Asked once,
    /// when it is posted.
    fn watches(&self) -> Vec<Watch>;

    /// Narrows the domains, or returns the [`Conflict`] that makes the node a dead end
    /// (the `?` of a failed [`Domains::remove`] does). It is run once when posted, then
    /// whenever a watched change happens; it may be run when nothing it cares about has
    /// changed, and must then leave the domains as they are.
    fn propagate(&self, domains: &mut Domains) -> Result<(), Conflict>;

    /// Does one run reach the propagator's own fixpoint, so that running it again at
    /// once would change nothing? Then the changes it makes do not wake it again. The
    /// default is `false`, always safe; a propagator that returns `true` wrongly may
    /// leave values that it would have taken.
    fn idempotent(&self) -> bool {
        false
    }
}
