//! Finite-domain models: integer variables, constraints that propagate, and a search over
//! them that is a [`backtrack::Problem`].
//!
//! A [`Model`] is built up by the user: variables with finite domains
//! ([`Model::int_var`]), constraints on them ([`Model::all_different`],
//! [`Model::linear`], [`Model::element`], [`Model::table`], [`Model::reify`],
//! [`Model::predicate`], or a [`Propagator`] of one's own), the search choices
//! ([`VarOrder`], [`ValueOrder`]) and an objective ([`Model::minimize`],
//! [`Model::maximize`]), or read from a small text format ([`TextError`] says what is
//! wrong with one). The model is then the problem: its state is the domains, an
//! operator ([`Assign`]) gives a variable a value and propagates the constraints to a
//! fixpoint, and a solution ([`Assignment`]) is every variable's value.
//!
//! The search is in place: each change of a domain is recorded on a trail, and undoing an
//! assignment pops it, so no domain is copied per node. A propagation that fails makes the
//! child a dead end (an empty search range).
//!
//! SEND + MORE = MONEY, each letter a different digit:
//!
//! ```
//! use backtrack::Search;
//! use backtrack_problems::model::{Model, Rel};
//!
//! let mut model = Model::new();
//! let [s, e, n, d, m, o, r, y] = [0; 8].map(|_| model.int_var(0..=9).unwrap());
//! model.all_different(&[s, e, n, d, m, o, r, y])?;
//! model.linear(&[(1, s)], Rel::Ge, 1)?; // no leading zeros
//! model.linear(&[(1, m)], Rel::Ge, 1)?;
//! model.linear(
//!     &[(1000, s), (100, e), (10, n), (1, d), (1000, m), (100, o), (10, r), (1, e),
//!       (-10000, m), (-1000, o), (-100, n), (-10, e), (-1, y)],
//!     Rel::Eq,
//!     0,
//! )?;
//! let solutions: Vec<_> = Search::new(model).collect();
//! assert_eq!(solutions.len(), 1);
//! let word = |letters: &[_]| letters.iter().fold(0, |number, &x| 10 * number + solutions[0][x]);
//! assert_eq!((word(&[s, e, n, d]), word(&[m, o, r, e])), (9567, 1085));
//! # Ok::<(), backtrack_problems::model::ModelError>(())
//! ```

mod constraints;
mod domains;
mod matching;
mod order;
mod propagator;
mod text;

#[cfg(test)]
mod tests;

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Index, RangeInclusive};
use std::sync::Arc;

use backtrack::tree::Label;
use backtrack::{Optimize, Problem};
use thiserror::Error;

pub use constraints::{Rel, Strength};
pub use domains::{Domains, Event, Watch, MAX_DOMAIN_WIDTH};
pub use order::{ValueOrder, Values, VarOrder};
pub use propagator::{Conflict, Propagator};
pub use text::TextError;

use constraints::{AllDifferent, Element, Kind, Linear, Predicate, Reified, Table};

/// A variable of a [`Model`]: a handle, made by [`Model::int_var`], that indexes an
/// [`Assignment`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Var(u32);

impl Var {
    /// The variable's place among the model's, in the order they were made (from 0).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "x{}", self.0)
    }
}

/// A model's operator: give `var` the value `value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Assign {
    /// The variable assigned.
    pub var: Var,
    /// Its value.
    pub value: i64,
}

/// A solution of a model: every variable's value, indexed by the variable.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "cli", derive(serde::Serialize, serde::Deserialize))]
pub struct Assignment(Vec<i64>);

impl Assignment {
    /// The values, in the order the variables were made.
    pub fn values(&self) -> &[i64] {
        &self.0
    }

    /// The values, owned.
    pub fn into_values(self) -> Vec<i64> {
        self.0
    }
}

impl Index<Var> for Assignment {
    type Output = i64;

    fn index(&self, var: Var) -> &i64 {
        &self.0[var.index()]
    }
}

impl fmt::Display for Assignment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.0.iter().map(i64::to_string).collect();
        write!(f, "{}", words.join(" "))
    }
}

/// Whether an objective is minimised or maximised.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(serde::Serialize, serde::Deserialize))]
pub enum Sense {
    /// The least value is best.
    Minimize,
    /// The greatest value is best.
    Maximize,
}

/// A model's objective value, ordered so that the better is the greater whatever the
/// sense: the [`Optimize::Value`] of a model. [`Score::value`] is the objective itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(serde::Serialize, serde::Deserialize))]
pub struct Score {
    value: i64,
    sense: Sense,
}

impl Score {
    /// The objective variable's value.
    pub fn value(self) -> i64 {
        self.value
    }

    /// Whether it is minimised or maximised.
    pub fn sense(self) -> Sense {
        self.sense
    }
}

impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        if self.sense != other.sense {
            return None;
        }
        Some(match self.sense {
            Sense::Maximize => self.value.cmp(&other.value),
            Sense::Minimize => other.value.cmp(&self.value),
        })
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value.fmt(f)
    }
}

/// A model that cannot be built as asked.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ModelError {
    /// A variable's range holds no value.
    #[error("the range {lo}..={hi} holds no value")]
    EmptyDomain {
        /// The least value asked for.
        lo: i64,
        /// The greatest.
        hi: i64,
    },
    /// A variable's range holds more values than a domain may.
    #[error("the range {lo}..={hi} is wider than {MAX_DOMAIN_WIDTH} values")]
    DomainTooWide {
        /// The least value asked for.
        lo: i64,
        /// The greatest.
        hi: i64,
    },
    /// A variable that is not one of this model's.
    #[error("no variable {var} in a model of {vars}")]
    UnknownVariable {
        /// The variable named.
        var: Var,
        /// How many variables the model has.
        vars: usize,
    },
    /// A tuple of a table whose length is not the number of its variables.
    #[error("a tuple of {found} values for a table of {expected} variables")]
    TupleLength {
        /// The table's variables.
        expected: usize,
        /// The tuple's values.
        found: usize,
    },
    /// An element constraint over an empty array.
    #[error("an element constraint needs an array of one value at least")]
    EmptyArray,
    /// A coefficient of `i64::MIN`, which has no negation in 64 bits.
    #[error("a coefficient is at least {} (it is negated where a side is turned over)", -i64::MAX)]
    Coefficient,
}

/// A finite-domain model, and the search state over it: a [`Problem`] whose operators
/// assign a variable and propagate.
///
/// Its search range is the variable the [`VarOrder`] chooses, with its values in the
/// [`ValueOrder`]; a state is complete when every variable is fixed, and its solution is
/// their values. With an objective ([`minimize`](Model::minimize),
/// [`maximize`](Model::maximize)) it is an [`Optimize`] too, bounded by the objective
/// variable's domain. A model is `Clone + Send + Sync`, so the parallel searches of
/// [`backtrack::parallel`] take it as it is.
///
/// The constraints are propagated as they are posted, so the root is already at a
/// fixpoint; a model whose constraints contradict each other there has no solution and
/// an empty root.
#[derive(Clone)]
pub struct Model {
    domains: Domains,
    propagators: Vec<Arc<dyn Propagator>>,
    names: Vec<Option<String>>,
    var_order: VarOrder,
    value_order: ValueOrder,
    objective: Option<(Var, Sense)>,
    /// The assignments from the root to the current node.
    path: Vec<Assign>,
    /// Why the current node failed, if it did.
    failed: Option<Conflict>,
}

impl Default for Model {
    fn default() -> Self {
        Model::new()
    }
}

impl Model {
    /// A model with no variables, assigned in input order, smallest value first.
    pub fn new() -> Self {
        Model {
            domains: Domains::new(),
            propagators: Vec::new(),
            names: Vec::new(),
            var_order: VarOrder::Input,
            value_order: ValueOrder::Ascending,
            objective: None,
            path: Vec::new(),
            failed: None,
        }
    }

    /// A new variable taking the values of `range` (negative ones too).
    pub fn int_var(&mut self, range: RangeInclusive<i64>) -> Result<Var, ModelError> {
        self.var(*range.start(), *range.end())
    }

    /// A new variable taking the values `lo..=hi`.
    pub fn var(&mut self, lo: i64, hi: i64) -> Result<Var, ModelError> {
        if lo > hi {
            return Err(ModelError::EmptyDomain { lo, hi });
        }
        if (i128::from(hi) - i128::from(lo)) >= i128::from(MAX_DOMAIN_WIDTH) {
            return Err(ModelError::DomainTooWide { lo, hi });
        }
        self.names.push(None);
        Ok(self.domains.add(lo, hi))
    }

    /// `count` new variables, each over `range`.
    pub fn int_vars(
        &mut self,
        count: usize,
        range: RangeInclusive<i64>,
    ) -> Result<Vec<Var>, ModelError> {
        (0..count).map(|_| self.int_var(range.clone())).collect()
    }

    /// A new 0/1 variable.
    pub fn bool_var(&mut self) -> Var {
        self.var(0, 1).expect("0..=1 is a domain")
    }

    /// A new variable fixed to `value`.
    pub fn constant(&mut self, value: i64) -> Var {
        self.var(value, value).expect("one value is a domain")
    }

    /// Names `var` in the tree's labels (`S=9` rather than `x0=9`).
    pub fn set_name(&mut self, var: Var, name: impl Into<String>) -> Result<(), ModelError> {
        self.check(var)?;
        self.names[var.index()] = Some(name.into());
        Ok(())
    }

    /// `var`'s name: the one given, or `x` and its index.
    pub fn name(&self, var: Var) -> String {
        match &self.names[var.index()] {
            Some(name) => name.clone(),
            None => var.to_string(),
        }
    }

    /// The variables, in the order they were made.
    pub fn vars(&self) -> impl Iterator<Item = Var> {
        (0..self.len() as u32).map(Var)
    }

    /// How many variables the model has.
    pub fn len(&self) -> usize {
        self.domains.len()
    }

    /// Has the model no variables?
    pub fn is_empty(&self) -> bool {
        self.domains.is_empty()
    }

    /// The domains of the current state.
    pub fn domains(&self) -> &Domains {
        &self.domains
    }

    /// Has the current state failed: a constraint that cannot hold, found by propagation?
    pub fn is_failed(&self) -> bool {
        self.failed.is_some()
    }

    /// Chooses the variable each node assigns by `order`.
    pub fn set_var_order(&mut self, order: VarOrder) {
        self.var_order = order;
    }

    /// Tries each variable's values in `order`.
    pub fn set_value_order(&mut self, order: ValueOrder) {
        self.value_order = order;
    }

    /// The objective, if one is set: its variable, minimised or maximised.
    pub fn objective(&self) -> Option<(Var, Sense)> {
        self.objective
    }

    /// Seeks the solution with the least value of `var` ([`Search::best`](backtrack::Search::best)).
    pub fn minimize(&mut self, var: Var) -> Result<(), ModelError> {
        self.check(var)?;
        self.objective = Some((var, Sense::Minimize));
        Ok(())
    }

    /// Seeks the solution with the greatest value of `var`.
    pub fn maximize(&mut self, var: Var) -> Result<(), ModelError> {
        self.check(var)?;
        self.objective = Some((var, Sense::Maximize));
        Ok(())
    }

    /// `Err` unless `var` is one of this model's.
    fn check(&self, var: Var) -> Result<(), ModelError> {
        if var.index() < self.len() {
            Ok(())
        } else {
            Err(ModelError::UnknownVariable {
                var,
                vars: self.len(),
            })
        }
    }

    /// Posts a constraint's propagator (a built-in one, or a user's own) and propagates
    /// it at once.
    pub fn post(&mut self, propagator: impl Propagator + 'static) -> Result<(), ModelError> {
        self.post_arc(Arc::new(propagator))
    }

    fn post_arc(&mut self, propagator: Arc<dyn Propagator>) -> Result<(), ModelError> {
        let watches = propagator.watches();
        let idempotent = propagator.idempotent();
        for watch in &watches {
            self.check(watch.var)?;
        }
        let index = self.propagators.len() as u32;
        for watch in watches {
            self.domains.watch(index, watch);
        }
        self.propagators.push(propagator);
        self.domains.enqueue_new(index, idempotent);
        if self.failed.is_none() {
            self.failed = self.propagate().err();
        } else {
            self.domains.clear_queue();
        }
        Ok(())
    }

    /// Every variable of `vars` a different value, by forward checking.
    pub fn all_different(&mut self, vars: &[Var]) -> Result<(), ModelError> {
        self.all_different_with(vars, Strength::Forward)
    }

    /// Every variable of `vars` a different value, propagated with `strength`.
    pub fn all_different_with(
        &mut self,
        vars: &[Var],
        strength: Strength,
    ) -> Result<(), ModelError> {
        for &x in vars {
            self.check(x)?;
        }
        self.post(AllDifferent {
            vars: vars.to_vec(),
            strength,
            rows: matching::Rows::plan(&self.domains, vars),
        })
    }

    /// `Σ aᵢ·xᵢ rel c`, over the terms `(aᵢ, xᵢ)`, by bounds propagation (`≠` once every
    /// term but one is fixed). A coefficient of `i64::MIN` is refused.
    pub fn linear(&mut self, terms: &[(i64, Var)], rel: Rel, c: i64) -> Result<(), ModelError> {
        if terms.iter().any(|&(a, _)| a == i64::MIN) {
            return Err(ModelError::Coefficient);
        }
        let (kind, c) = Kind::of(rel, c);
        if let [(a, x), (b, y)] = *terms {
            if kind == Kind::Ne && x != y && a != 0 && b != 0 {
                self.check(x)?;
                self.check(y)?;
                self.domains.not_equal((a, x), (b, y), c);
                if self.failed.is_none() {
                    self.failed = self.propagate().err();
                } else {
                    self.domains.clear_queue();
                }
                return Ok(());
            }
        }
        self.post(Linear {
            terms: terms.to_vec(),
            kind,
            c,
        })
    }

    /// `Σ xᵢ rel c`.
    pub fn sum(&mut self, vars: &[Var], rel: Rel, c: i64) -> Result<(), ModelError> {
        let terms: Vec<(i64, Var)> = vars.iter().map(|&x| (1, x)).collect();
        self.linear(&terms, rel, c)
    }

    /// `x rel y + c`: `x < y` orders two variables (a symmetry broken), `x ≠ y + 1`
    /// keeps them from being neighbours on one side.
    pub fn compare(&mut self, x: Var, rel: Rel, y: Var, c: i64) -> Result<(), ModelError> {
        self.linear(&[(1, x), (-1, y)], rel, c)
    }

    /// `b = 1` exactly when `Σ aᵢ·xᵢ rel c` holds, `b = 0` when it does not: `b` is made
    /// a 0/1 variable. Either way round is propagated: a decided `b` posts the relation or
    /// its negation, and a relation decided by the bounds fixes `b`.
    pub fn reify(
        &mut self,
        b: Var,
        terms: &[(i64, Var)],
        rel: Rel,
        c: i64,
    ) -> Result<(), ModelError> {
        self.check(b)?;
        if terms.iter().any(|&(a, _)| a == i64::MIN) {
            return Err(ModelError::Coefficient);
        }
        let (kind, c) = Kind::of(rel, c);
        self.linear(&[(1, b)], Rel::Ge, 0)?;
        self.linear(&[(1, b)], Rel::Le, 1)?;
        self.post(Reified {
            b,
            linear: Linear {
                terms: terms.to_vec(),
                kind,
                c,
            },
        })
    }

    /// `result = array[index]`, `index` counted from 0 (its values outside the array are
    /// taken from it), domain-consistent on both.
    pub fn element(&mut self, index: Var, array: &[i64], result: Var) -> Result<(), ModelError> {
        if array.is_empty() {
            return Err(ModelError::EmptyArray);
        }
        self.post(Element {
            index,
            array: array.to_vec(),
            result,
        })
    }

    /// `vars` take the values of one of `tuples` (the allowed tuples), domain-consistent.
    pub fn table(&mut self, vars: &[Var], tuples: &[Vec<i64>]) -> Result<(), ModelError> {
        if let Some(tuple) = tuples.iter().find(|tuple| tuple.len() != vars.len()) {
            return Err(ModelError::TupleLength {
                expected: vars.len(),
                found: tuple.len(),
            });
        }
        self.post(Table {
            vars: vars.to_vec(),
            tuples: tuples.to_vec(),
        })
    }

    /// `test` holds of the values of `vars` (in their order), checked once they are all
    /// fixed: a constraint with no propagation, for a few variables.
    pub fn predicate(
        &mut self,
        vars: &[Var],
        test: impl Fn(&[i64]) -> bool + Send + Sync + 'static,
    ) -> Result<(), ModelError> {
        self.post(Predicate {
            vars: vars.to_vec(),
            test: Box::new(test),
        })
    }

    /// Runs the queued propagators to a fixpoint, or to the first conflict.
    fn propagate(&mut self) -> Result<(), Conflict> {
        loop {
            if let Err(conflict) = self.domains.propagate_not_equal() {
                self.domains.clear_queue();
                return Err(conflict);
            }
            let Some(index) = self.domains.next_queued() else {
                break;
            };
            let outcome = self.propagators[index as usize].propagate(&mut self.domains);
            self.domains.ran(index);
            if let Err(conflict) = outcome {
                self.domains.clear_queue();
                return Err(conflict);
            }
        }
        Ok(())
    }

    /// A domain as a label shows it: `3` when fixed, else its runs of consecutive
    /// values, `{1,3}`, `{1..9}` or `{1..5,7,9,10}`.
    fn show_domain(&self, var: Var) -> String {
        match self.domains.value(var) {
            Some(value) => value.to_string(),
            None => format!("{{{}}}", self.domains.runs(var)),
        }
    }
}

impl Problem for Model {
    type Op = Assign;
    type Ops = Values;
    type Solution = Assignment;

    /// The variable the [`VarOrder`] chooses, its values in the [`ValueOrder`]; nothing at
    /// a failed node.
    fn operators(&self) -> Values {
        if self.failed.is_some() {
            return Values::none();
        }
        match self.var_order.choose(&self.domains) {
            Some(var) => self.value_order.values(&self.domains, var),
            None => Values::none(),
        }
    }

    /// Fixes the variable, then propagates to a fixpoint; a conflict fails the node.
    fn apply(&mut self, op: Assign) {
        if self.path.is_empty() {
            self.domains.reserve(self.len());
            self.path.reserve(self.len());
        }
        self.domains.push_level();
        self.path.push(op);
        self.failed = match self.domains.fix(op.var, op.value) {
            Ok(_) => self.propagate().err(),
            Err(conflict) => Some(conflict),
        };
    }

    fn undo(&mut self, _op: Assign) {
        self.domains.pop_level();
        self.path.pop();
        self.failed = None;
    }

    /// Every variable fixed, and no conflict.
    fn is_complete(&self) -> bool {
        self.failed.is_none() && self.domains.all_fixed()
    }

    fn solution(&self) -> Assignment {
        Assignment(
            (0..self.len() as u32)
                .map(|v| self.domains.min(Var(v)))
                .collect(),
        )
    }
}

impl Optimize for Model {
    type Value = Score;

    /// The objective variable's value (0, the same for every solution, without one).
    fn value(&self) -> Score {
        match self.objective {
            Some((var, sense)) => Score {
                value: self.domains.min(var),
                sense,
            },
            None => Score {
                value: 0,
                sense: Sense::Maximize,
            },
        }
    }

    /// The best value left to the objective variable: its least when minimising, its
    /// greatest when maximising; the worst of all at a failed node.
    fn bound(&self) -> Score {
        let Some((var, sense)) = self.objective else {
            return self.value();
        };
        let value = match (sense, self.failed.is_some()) {
            (Sense::Maximize, false) => self.domains.max(var),
            (Sense::Minimize, false) => self.domains.min(var),
            (Sense::Maximize, true) => i64::MIN,
            (Sense::Minimize, true) => i64::MAX,
        };
        Score { value, sense }
    }
}

/// Labels for the solution tree: a state is its domains, `(2,4,{1,3},{1,3})` (or
/// `S=9 E={4..7}` when the variables are named), then what propagation took at the node
/// (`removed x2{3} x3{2,4}`: not `pruned`, the tree's word for a child cut by the
/// optimality bound) or where it failed; an operator is `x1=4`. A set of values
/// is shown as its runs of consecutive values, `{1..5,7,9,10}`, so that a label costs
/// the runs of its domains rather than their values.
impl Label for Model {
    fn label(&self) -> String {
        let vars = (0..self.len() as u32).map(Var);
        let mut label = if self.names.iter().any(Option::is_some) {
            let words: Vec<String> = vars
                .map(|var| format!("{}={}", self.name(var), self.show_domain(var)))
                .collect();
            words.join(" ")
        } else {
            let words: Vec<String> = vars.map(|var| self.show_domain(var)).collect();
            format!("({})", words.join(","))
        };
        if let Some(conflict) = self.failed {
            match conflict.var() {
                Some(var) => {
                    label.push_str(" no value left to ");
                    label.push_str(&self.name(var));
                }
                None => label.push_str(" conflict"),
            }
            return label;
        }
        let assigned = self.path.last().map(|op| op.var);
        let removed: Vec<String> = self
            .domains
            .removed_at_level()
            .into_iter()
            .filter(|(var, _)| Some(*var) != assigned)
            .map(|(var, runs)| format!("{}{{{runs}}}", self.name(var)))
            .collect();
        if !removed.is_empty() {
            label.push_str(" removed ");
            label.push_str(&removed.join(" "));
        }
        label
    }

    fn op_label(&self, op: Assign) -> String {
        format!("{}={}", self.name(op.var), op.value)
    }
}
