//! The search choices of a model: which variable to assign next, and its values in what
//! order.

use std::fmt;
use std::sync::Arc;

use backtrack::bits::Ones;

use super::{Assign, Domains, Var};

/// Which variable a node assigns: among those not fixed, ties broken by input order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum VarOrder {
    /// The first in the order the variables were made.
    #[default]
    Input,
    /// The one with the fewest values left ("first fail").
    SmallestDomain,
    /// The one with the fewest values left for the constraints on it: the least ratio of
    /// its domain's size to its degree (how many propagators watch it).
    DomOverDegree,
}

impl VarOrder {
    /// The variable to assign next, or `None` if every one is fixed.
    pub(crate) fn choose(self, domains: &Domains) -> Option<Var> {
        let mut open = (0..domains.len() as u32)
            .map(Var)
            .filter(|&x| !domains.is_fixed(x));
        match self {
            VarOrder::Input => open.next(),
            VarOrder::SmallestDomain => open.min_by_key(|&x| domains.size(x)),
            VarOrder::DomOverDegree => open.reduce(|best, x| {
                // size(x)/deg(x) < size(best)/deg(best), a degree of 0 an infinite ratio.
                let (sx, dx) = (domains.size(x), domains.degree(x));
                let (sb, db) = (domains.size(best), domains.degree(best));
                let better = match (dx, db) {
                    (0, _) => false,
                    (_, 0) => true,
                    _ => sx * db < sb * dx,
                };
                if better {
                    x
                } else {
                    best
                }
            }),
        }
    }
}

/// In what order a variable's values are tried.
#[derive(Clone, Default)]
pub enum ValueOrder {
    /// Smallest first.
    #[default]
    Ascending,
    /// Largest first.
    Descending,
    /// By a key of the variable and the value, least first (equal keys smallest value
    /// first): `ValueOrder::by_key(|_, value| (value - 5).abs())` tries the middle first.
    ByKey(Arc<dyn Fn(Var, i64) -> i64 + Send + Sync>),
}

impl ValueOrder {
    /// The values ordered by `key`, least first.
    pub fn by_key(key: impl Fn(Var, i64) -> i64 + Send + Sync + 'static) -> Self {
        ValueOrder::ByKey(Arc::new(key))
    }

    /// The search range of `var`: its values left, in this order.
    pub(crate) fn values(&self, domains: &Domains, var: Var) -> Values {
        let least = domains.min(var);
        let inner = match self {
            // Values spanning one word at most (any domain near the leaves): its bits.
            ValueOrder::Ascending | ValueOrder::Descending if domains.max(var) - least < 64 => {
                Inner::Word {
                    bits: Ones(domains.window(var)),
                    base: least,
                    descending: matches!(self, ValueOrder::Descending),
                }
            }
            ValueOrder::Ascending => {
                Inner::List(domains.values(var).collect::<Vec<_>>().into_iter())
            }
            ValueOrder::Descending => Inner::List(domains.values(var).rev_collect().into_iter()),
            ValueOrder::ByKey(key) => {
                let mut values: Vec<i64> = domains.values(var).collect();
                values.sort_by_key(|&value| (key(var, value), value));
                Inner::List(values.into_iter())
            }
        };
        Values { var, inner }
    }
}

/// Collects an iterator's items in reverse order.
trait RevCollect: Iterator + Sized {
    fn rev_collect(self) -> Vec<Self::Item> {
        let mut items: Vec<Self::Item> = self.collect();
        items.reverse();
        items
    }
}

impl<I: Iterator> RevCollect for I {}

impl fmt::Debug for ValueOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ValueOrder::Ascending => f.write_str("Ascending"),
            ValueOrder::Descending => f.write_str("Descending"),
            ValueOrder::ByKey(_) => f.write_str("ByKey(..)"),
        }
    }
}

/// A model's search range: the values of the variable chosen, each an [`Assign`].
///
/// Values spanning at most 64 are walked as the bits of a word, allocation-free; a wider
/// span, or values ordered by a key, as a list made for the node.
#[derive(Clone, Debug)]
pub struct Values {
    var: Var,
    inner: Inner,
}

#[derive(Clone, Debug)]
enum Inner {
    Word {
        bits: Ones<u64>,
        base: i64,
        descending: bool,
    },
    List(std::vec::IntoIter<i64>),
}

impl Values {
    /// Nothing to try: a dead end, or a complete state.
    pub(crate) fn none() -> Self {
        Values {
            var: Var(0),
            inner: Inner::List(Vec::new().into_iter()),
        }
    }
}

impl Iterator for Values {
    type Item = Assign;

    fn next(&mut self) -> Option<Assign> {
        let value = match &mut self.inner {
            Inner::Word {
                bits,
                base,
                descending,
            } => {
                let bit = if *descending {
                    bits.next_back()
                } else {
                    bits.next()
                }?;
                *base + i64::from(bit)
            }
            Inner::List(list) => list.next()?,
        };
        Some(Assign {
            var: self.var,
            value,
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.inner {
            Inner::Word { bits, .. } => bits.size_hint(),
            Inner::List(list) => list.size_hint(),
        }
    }
}
