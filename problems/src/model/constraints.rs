//! The built-in constraints' propagators.

use super::{Conflict, Domains, Event, Propagator, Var, Watch};

/// The relation of a linear constraint, `Σ aᵢ·xᵢ REL c`, or of a comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rel {
    /// `=`
    Eq,
    /// `≠`
    Ne,
    /// `≤`
    Le,
    /// `≥`
    Ge,
    /// `<`
    Lt,
    /// `>`
    Gt,
}

/// A relation without the strict ones (`<` is `≤` one less) and its constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Eq,
    Ne,
    Le,
    Ge,
}

impl Kind {
    /// `rel` against `c`, the strict relations made wide.
    pub(crate) fn of(rel: Rel, c: i64) -> (Kind, i128) {
        let c = i128::from(c);
        match rel {
            Rel::Eq => (Kind::Eq, c),
            Rel::Ne => (Kind::Ne, c),
            Rel::Le => (Kind::Le, c),
            Rel::Ge => (Kind::Ge, c),
            Rel::Lt => (Kind::Le, c - 1),
            Rel::Gt => (Kind::Ge, c + 1),
        }
    }

    /// The relation that holds exactly when this one does not, with its constant.
    fn negation(self, c: i128) -> (Kind, i128) {
        match self {
            Kind::Eq => (Kind::Ne, c),
            Kind::Ne => (Kind::Eq, c),
            Kind::Le => (Kind::Ge, c + 1),
            Kind::Ge => (Kind::Le, c - 1),
        }
    }
}

/// `⌊a / b⌋`, for `b ≠ 0`.
fn div_floor(a: i128, b: i128) -> i128 {
    // A coefficient of 1 or -1 is the common case, and a wide division is slow.
    match b {
        1 => return a,
        -1 => return -a,
        _ => {}
    }
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// `⌈a / b⌉`, for `b ≠ 0`.
fn div_ceil(a: i128, b: i128) -> i128 {
    -div_floor(-a, b)
}

/// `value` as an `i64`, clamped: a bound beyond every domain is no bound.
fn clamp(value: i128) -> i64 {
    value.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
}

/// The least and the greatest value of `Σ sign·aᵢ·xᵢ` over the domains.
fn sum_bounds(domains: &Domains, terms: &[(i64, Var)], sign: i128) -> (i128, i128) {
    terms.iter().fold((0, 0), |(lo, hi), &(a, x)| {
        let a = sign * i128::from(a);
        let (at_min, at_max) = (
            a * i128::from(domains.min(x)),
            a * i128::from(domains.max(x)),
        );
        (lo + at_min.min(at_max), hi + at_min.max(at_max))
    })
}

/// Bounds propagation of `Σ sign·aᵢ·xᵢ ≤ c`: each term is at most `c` less the least of
/// the others.
fn at_most(
    domains: &mut Domains,
    terms: &[(i64, Var)],
    sign: i128,
    c: i128,
) -> Result<(), Conflict> {
    let (lo, _) = sum_bounds(domains, terms, sign);
    if lo > c {
        return Err(Conflict::new());
    }
    for &(a, x) in terms {
        let a = sign * i128::from(a);
        let own = (a * i128::from(domains.min(x))).min(a * i128::from(domains.max(x)));
        let room = c - (lo - own);
        if a > 0 {
            domains.set_max(x, clamp(div_floor(room, a)))?;
        } else if a < 0 {
            domains.set_min(x, clamp(div_ceil(room, a)))?;
        }
    }
    Ok(())
}

/// `Σ aᵢ·xᵢ ≠ c`: once every term but one is fixed, the last may not make `c`.
fn not_equal(domains: &mut Domains, terms: &[(i64, Var)], c: i128) -> Result<(), Conflict> {
    let mut open = None;
    let mut fixed = 0i128;
    for &(a, x) in terms {
        match domains.value(x) {
            Some(value) => fixed += i128::from(a) * i128::from(value),
            None if a == 0 => {}
            None if open.is_some() => return Ok(()),
            None => open = Some((a, x)),
        }
    }
    match open {
        None if fixed == c => Err(Conflict::new()),
        None => Ok(()),
        Some((a, x)) => remove_quotient(domains, x, c - fixed, a),
    }
}

/// Takes `rest / a` from `x` if it is a whole number: the one value that makes
/// `a·x = rest`.
fn remove_quotient(domains: &mut Domains, x: Var, rest: i128, a: i64) -> Result<(), Conflict> {
    let value = match a {
        1 => rest,
        -1 => -rest,
        _ if rest % i128::from(a) == 0 => rest / i128::from(a),
        _ => return Ok(()),
    };
    if let Ok(value) = i64::try_from(value) {
        domains.remove(x, value)?;
    }
    Ok(())
}

/// Propagates `Σ aᵢ·xᵢ kind c`.
fn propagate_linear(
    domains: &mut Domains,
    terms: &[(i64, Var)],
    kind: Kind,
    c: i128,
) -> Result<(), Conflict> {
    match kind {
        Kind::Le => at_most(domains, terms, 1, c),
        Kind::Ge => at_most(domains, terms, -1, -c),
        Kind::Eq => {
            at_most(domains, terms, 1, c)?;
            at_most(domains, terms, -1, -c)
        }
        Kind::Ne => not_equal(domains, terms, c),
    }
}

/// Does `Σ aᵢ·xᵢ kind c` hold for every value left (`Some(true)`), for none
/// (`Some(false)`), or is it not yet decided?
fn entailed(domains: &Domains, terms: &[(i64, Var)], kind: Kind, c: i128) -> Option<bool> {
    let (lo, hi) = sum_bounds(domains, terms, 1);
    match kind {
        Kind::Le if hi <= c => Some(true),
        Kind::Le if lo > c => Some(false),
        Kind::Ge if lo >= c => Some(true),
        Kind::Ge if hi < c => Some(false),
        Kind::Eq | Kind::Ne if lo == hi => Some((lo == c) == (kind == Kind::Eq)),
        Kind::Eq | Kind::Ne if c < lo || c > hi => Some(kind == Kind::Ne),
        _ => None,
    }
}

/// `Σ aᵢ·xᵢ REL c`, by bounds propagation (`≠` once all but one term are fixed).
pub(crate) struct Linear {
    pub(crate) terms: Vec<(i64, Var)>,
    pub(crate) kind: Kind,
    pub(crate) c: i128,
}

impl Propagator for Linear {
    fn watches(&self) -> Vec<Watch> {
        let on = if self.kind == Kind::Ne {
            Event::Fixed
        } else {
            Event::Bounds
        };
        self.terms.iter().map(|&(_, x)| Watch::new(x, on)).collect()
    }

    fn propagate(&self, domains: &mut Domains) -> Result<(), Conflict> {
        propagate_linear(domains, &self.terms, self.kind, self.c)
    }
}

/// `b = 1 ⇔ Σ aᵢ·xᵢ REL c`, for a 0/1 variable `b`.
pub(crate) struct Reified {
    pub(crate) b: Var,
    pub(crate) linear: Linear,
}

impl Propagator for Reified {
    fn watches(&self) -> Vec<Watch> {
        let mut watches = vec![Watch::new(self.b, Event::Fixed)];
        watches.extend(
            self.linear
                .terms
                .iter()
                .map(|&(_, x)| Watch::new(x, Event::Bounds)),
        );
        watches
    }

    fn propagate(&self, domains: &mut Domains) -> Result<(), Conflict> {
        let Linear { terms, kind, c } = &self.linear;
        match domains.value(self.b) {
            Some(1) => propagate_linear(domains, terms, *kind, *c),
            Some(_) => {
                let (kind, c) = kind.negation(*c);
                propagate_linear(domains, terms, kind, c)
            }
            None => {
                if let Some(holds) = entailed(domains, terms, *kind, *c) {
                    domains.fix(self.b, i64::from(holds))?;
                }
                Ok(())
            }
        }
    }
}

/// How strongly [`Model::all_different`](super::Model::all_different) propagates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Strength {
    /// Forward checking: a fixed variable's value is taken from the others.
    #[default]
    Forward,
    /// Forward checking, and bounds consistency by Hall intervals: when `k` variables
    /// lie within an interval of `k` values, the others' bounds leave that interval, and
    /// when more than `k` do, the node fails. Prunes at least as much, for more work a
    /// node.
    Bounds,
    /// Domain consistency by matching (Régin's algorithm): every value left to a
    /// variable is given to it by some assignment of different values to them all.
    /// Prunes at least as much as both others, for the most work a node: the graph of
    /// variables and values is built afresh at each propagation, as rows of bits (no
    /// allocation) when there are at most 64 variables whose values span 64 at most, in
    /// memory of its own otherwise.
    Domain,
}

/// Every variable a different value.
pub(crate) struct AllDifferent {
    pub(crate) vars: Vec<Var>,
    pub(crate) strength: Strength,
    /// Where its rows of bits are, when forward checking or matching runs on words
    /// read straight from the domains.
    pub(crate) rows: Option<super::matching::Rows>,
}

impl AllDifferent {
    /// Forward checking: each fixed value taken from every other variable, in passes
    /// until one begins and ends with the same variables fixed (a value taken may fix
    /// another).
    fn forward(&self, domains: &mut Domains) -> Result<(), Conflict> {
        let fixed = |domains: &Domains| self.vars.iter().filter(|&&x| domains.is_fixed(x)).count();
        loop {
            let before = fixed(domains);
            for (i, &x) in self.vars.iter().enumerate() {
                if let Some(value) = domains.value(x) {
                    for (j, &y) in self.vars.iter().enumerate() {
                        if i != j {
                            domains.remove(y, value)?;
                        }
                    }
                }
            }
            if fixed(domains) == before {
                return Ok(());
            }
        }
    }

    /// Forward checking and Hall intervals in turn, until a pass of Hall intervals moves
    /// no bound.
    #[inline(never)]
    fn bounds(&self, domains: &mut Domains) -> Result<(), Conflict> {
        loop {
            match &self.rows {
                Some(rows) => rows.forward(domains, &self.vars)?,
                None => self.forward(domains)?,
            }
            if !self.hall(domains)? {
                return Ok(());
            }
        }
    }

    /// One pass of the Hall intervals `[a, b]`, `a` a lower bound and `b` an upper bound
    /// of some variables': when the variables lying within `[a, b]` are as many as its
    /// values, they take them all, and the others' bounds leave it; when they are more,
    /// the node fails. Returns whether a bound moved.
    ///
    /// The bounds are sorted by the upper one, so that for each lower bound `a` one walk
    /// counts the variables within `[a, b]` for every `b` at once: `n²` steps a pass
    /// rather than the `n³` of counting each interval apart.
    fn hall(&self, domains: &mut Domains) -> Result<bool, Conflict> {
        HALL.with_borrow_mut(|Hall { bounds, lows }| {
            bounds.clear();
            bounds.extend(
                self.vars
                    .iter()
                    .map(|&x| (domains.min(x), domains.max(x), x)),
            );
            bounds.sort_unstable_by_key(|&(_, max, _)| max);
            lows.clear();
            lows.extend(bounds.iter().map(|&(min, _, _)| min));
            lows.sort_unstable();
            lows.dedup();
            let mut moved = false;
            let n = bounds.len() as u64;
            for &a in lows.iter() {
                let (mut inside, mut open) = (0u64, 0u64);
                for (k, &(min, b, _)) in bounds.iter().enumerate() {
                    inside += u64::from(min >= a);
                    open += u64::from(min >= a && min != b);
                    let last_of_its_max = bounds.get(k + 1).is_none_or(|&(_, next, _)| next != b);
                    if b < a || !last_of_its_max {
                        continue;
                    }
                    let width = b.abs_diff(a).saturating_add(1);
                    if inside > width {
                        return Err(Conflict::new());
                    }
                    // Nothing leaves an interval that holds every variable, nor one of
                    // fixed variables alone: forward checking took their values.
                    if inside == width && inside < n && open > 0 {
                        moved |= leave(domains, bounds, a, b)?;
                    }
                }
            }
            Ok(moved)
        })
    }
}

/// Moves out of the Hall interval `[a, b]` the bounds of the variables that were not
/// within it when `bounds` were read: those within take all its values. Returns whether
/// a bound moved.
///
/// It reads the bounds as they were, not as the pass has moved them since: a bound that
/// moved into `[a, b]` since then is left to the next pass, which the move makes run.
fn leave(
    domains: &mut Domains,
    bounds: &[(i64, i64, Var)],
    a: i64,
    b: i64,
) -> Result<bool, Conflict> {
    let mut moved = false;
    for &(min, max, x) in bounds {
        if min >= a && max <= b {
            continue;
        }
        if (a..=b).contains(&min) {
            moved |= domains.set_min(x, b + 1)?;
        }
        if (a..=b).contains(&max) {
            moved |= domains.set_max(x, a - 1)?;
        }
    }
    Ok(moved)
}

/// The memory of [`AllDifferent::hall`], kept between its calls (one a thread): the
/// variables' bounds, sorted by the upper one, and the distinct lower bounds.
#[derive(Default)]
struct Hall {
    bounds: Vec<(i64, i64, Var)>,
    lows: Vec<i64>,
}

thread_local! {
    static HALL: std::cell::RefCell<Hall> = std::cell::RefCell::new(Hall::default());
}

impl Propagator for AllDifferent {
    fn watches(&self) -> Vec<Watch> {
        let on = match self.strength {
            Strength::Forward => Event::Fixed,
            Strength::Bounds => Event::Bounds,
            Strength::Domain => Event::Any,
        };
        self.vars.iter().map(|&x| Watch::new(x, on)).collect()
    }

    fn propagate(&self, domains: &mut Domains) -> Result<(), Conflict> {
        if self.strength == Strength::Bounds {
            return self.bounds(domains);
        }
        if let Some(rows) = &self.rows {
            let matching = self.strength == Strength::Domain;
            return rows.propagate(domains, &self.vars, matching);
        }
        if self.strength == Strength::Domain {
            if let Some(outcome) = super::matching::propagate_in_words(domains, &self.vars) {
                return outcome;
            }
        }
        self.forward(domains)?;
        match self.strength {
            Strength::Domain => super::matching::propagate(domains, &self.vars),
            _ => Ok(()),
        }
    }

    /// Each strength runs to its own fixpoint: forward checking until no value taken
    /// fixes another variable, Hall intervals until a pass moves no bound (forward
    /// checking run again after each that does), and domain consistency is one: after
    /// the values in no assignment are taken, every value left is still in one.
    fn idempotent(&self) -> bool {
        true
    }
}

/// `result = array[index]`, domain-consistent on both.
pub(crate) struct Element {
    pub(crate) index: Var,
    pub(crate) array: Vec<i64>,
    pub(crate) result: Var,
}

impl Propagator for Element {
    fn watches(&self) -> Vec<Watch> {
        vec![
            Watch::new(self.index, Event::Any),
            Watch::new(self.result, Event::Any),
        ]
    }

    fn propagate(&self, domains: &mut Domains) -> Result<(), Conflict> {
        let last = self.array.len() as i64 - 1;
        domains.set_min(self.index, 0)?;
        domains.set_max(self.index, last)?;
        for i in domains.min(self.index)..=domains.max(self.index) {
            if domains.contains(self.index, i)
                && !domains.contains(self.result, self.array[i as usize])
            {
                domains.remove(self.index, i)?;
            }
        }
        for value in domains.min(self.result)..=domains.max(self.result) {
            if domains.contains(self.result, value) {
                let index = self.index;
                let supported = (domains.min(index)..=domains.max(index))
                    .any(|i| domains.contains(index, i) && self.array[i as usize] == value);
                if !supported {
                    domains.remove(self.result, value)?;
                }
            }
        }
        Ok(())
    }
}

/// The variables take one of the allowed tuples, domain-consistent: a value stays if some
/// tuple that has it lies within every domain.
pub(crate) struct Table {
    pub(crate) vars: Vec<Var>,
    pub(crate) tuples: Vec<Vec<i64>>,
}

impl Table {
    /// Does `tuple` lie within every domain?
    fn alive(&self, domains: &Domains, tuple: &[i64]) -> bool {
        self.vars
            .iter()
            .zip(tuple)
            .all(|(&x, &value)| domains.contains(x, value))
    }
}

impl Propagator for Table {
    fn watches(&self) -> Vec<Watch> {
        self.vars
            .iter()
            .map(|&x| Watch::new(x, Event::Any))
            .collect()
    }

    fn propagate(&self, domains: &mut Domains) -> Result<(), Conflict> {
        for (i, &x) in self.vars.iter().enumerate() {
            for value in domains.min(x)..=domains.max(x) {
                if domains.contains(x, value) {
                    let supported = self
                        .tuples
                        .iter()
                        .any(|tuple| tuple[i] == value && self.alive(domains, tuple));
                    if !supported {
                        domains.remove(x, value)?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// The most variables a predicate's values are gathered for on the stack.
const PREDICATE_ON_STACK: usize = 16;

/// A user's test of the values of a predicate's variables.
pub(crate) type Test = Box<dyn Fn(&[i64]) -> bool + Send + Sync>;

/// A user's test of a few variables' values, made once they are all fixed.
pub(crate) struct Predicate {
    pub(crate) vars: Vec<Var>,
    pub(crate) test: Test,
}

impl Propagator for Predicate {
    fn watches(&self) -> Vec<Watch> {
        self.vars
            .iter()
            .map(|&x| Watch::new(x, Event::Fixed))
            .collect()
    }

    fn propagate(&self, domains: &mut Domains) -> Result<(), Conflict> {
        if !self.vars.iter().all(|&x| domains.is_fixed(x)) {
            return Ok(());
        }
        let holds = if self.vars.len() <= PREDICATE_ON_STACK {
            let mut values = [0i64; PREDICATE_ON_STACK];
            for (slot, &x) in values.iter_mut().zip(&self.vars) {
                *slot = domains.min(x);
            }
            (self.test)(&values[..self.vars.len()])
        } else {
            let values: Vec<i64> = self.vars.iter().map(|&x| domains.min(x)).collect();
            (self.test)(&values)
        };
        if holds {
            Ok(())
        } else {
            Err(Conflict::new())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{div_ceil, div_floor};

    #[test]
    fn division_rounds_towards_the_named_side() {
        for a in -9i128..=9 {
            for b in [-4i128, -3, -1, 1, 2, 5] {
                let exact = a as f64 / b as f64;
                assert_eq!(div_floor(a, b), exact.floor() as i128, "{a} / {b}");
                assert_eq!(div_ceil(a, b), exact.ceil() as i128, "{a} / {b}");
            }
        }
    }
}
