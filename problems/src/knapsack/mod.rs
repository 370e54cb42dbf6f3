//! The 0/1 knapsack: choose items of greatest total value whose total weight fits.
//!
//! Solved by branch and bound ([`Search::best`](backtrack::Search::best)): items are
//! considered in decreasing order of value per unit of weight, each either taken or left
//! (taken first), and a child is pruned when even the fractional relaxation of what is left
//! (Dantzig's bound: fill the remaining capacity greedily, the last item in part) cannot
//! beat the best packing found.

mod format;

use std::cmp::Ordering;

use backtrack::{Optimize, Problem};

pub use format::{KnapsackError, NumberProblem};

/// An item: its weight and its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Item {
    /// What it weighs.
    pub weight: u64,
    /// What it is worth.
    pub value: u64,
}

/// A 0/1 knapsack problem, and the search state of a packing being built.
///
/// The operator is `true` (take the next item) or `false` (leave it); the constraint is
/// that a taken item fits. Every complete state is a feasible packing, so
/// [`count_solutions`](backtrack::Search::count_solutions) counts the packings that fit and
/// [`best`](backtrack::Search::best) finds the most valuable one. A solution is the list of
/// the items taken, as indices into the item list given to [`Knapsack::new`], ascending.
///
/// ```
/// use backtrack::Search;
/// use backtrack_problems::knapsack::{Item, Knapsack};
///
/// let items = [(10, 60), (20, 100), (30, 120)].map(|(weight, value)| Item { weight, value });
/// let best = Search::new(Knapsack::new(50, &items)).best().found;
/// assert_eq!(best, Some((vec![1, 2], 220)));
/// ```
#[derive(Clone, Debug)]
pub struct Knapsack {
    capacity: u64,
    /// The items in search order: decreasing value per unit of weight.
    items: Vec<Item>,
    /// `order[i]`: the caller's index of `items[i]`.
    order: Vec<usize>,
    /// Sums of weights and values of `items[..i]`, for the bound in O(log n). Weights add
    /// up in 128 bits: items heavier together than any `u64` are fine when a packing of
    /// them fits.
    weight_before: Vec<u128>,
    value_before: Vec<u64>,
    /// The items settled before the search ([`Knapsack::settled`]), with the caller's
    /// indices: taken if of some value (and so weightless), else left.
    settled: Vec<(usize, Item)>,
    /// Items decided so far (a prefix of `items`).
    decided: usize,
    /// Search-order indices of the items taken.
    taken: Vec<usize>,
    weight: u64,
    value: u64,
}

impl Knapsack {
    /// A knapsack of the given capacity and the items to choose from.
    ///
    /// # Panics
    ///
    /// If the total value of the items does not fit in a `u64` (the best value must:
    /// [`Knapsack::from_str`](str::parse) reports that as an error instead). Weights may
    /// add up past `u64::MAX`.
    pub fn new(capacity: u64, items: &[Item]) -> Self {
        let mut order: Vec<usize> = (0..items.len()).collect();
        order.sort_by(|&a, &b| by_ratio(&items[a], &items[b]));
        let sorted: Vec<Item> = order.iter().map(|&i| items[i]).collect();
        let (mut weight_before, mut value_before) = (vec![0], vec![0]);
        for item in &sorted {
            let weight = weight_before.last().map_or(0, |&w: &u128| w) + u128::from(item.weight);
            let value = value_before
                .last()
                .and_then(|v: &u64| v.checked_add(item.value));
            weight_before.push(weight);
            value_before.push(value.expect("total value fits in a u64"));
        }
        Knapsack {
            capacity,
            taken: Vec::with_capacity(sorted.len()),
            items: sorted,
            order,
            weight_before,
            value_before,
            settled: Vec::new(),
            decided: 0,
            weight: 0,
            value: 0,
        }
    }

    /// The knapsack for the best packing only, with the items whose choice is plain settled
    /// before the search: an item that weighs nothing and is worth something is taken (it
    /// always fits and always adds), and an item worth nothing is left (it can only use
    /// room). The search decides the others, so that neither doubles the tree: a best
    /// packing is still found, and solutions still list the caller's indices, the settled
    /// items taken among them. Not for listing or counting the packings, which these
    /// items multiply.
    ///
    /// ```
    /// use backtrack::Search;
    /// use backtrack_problems::knapsack::{Item, Knapsack};
    ///
    /// let items = [(10, 60), (0, 5), (20, 100), (7, 0), (30, 120)]
    ///     .map(|(weight, value)| Item { weight, value });
    /// let knapsack = Knapsack::settled(50, &items);
    /// assert_eq!(knapsack.settled_counts(), (1, 1));
    /// let best = Search::new(knapsack).best().found;
    /// assert_eq!(best, Some((vec![1, 2, 4], 225)));
    /// ```
    ///
    /// # Panics
    ///
    /// As [`Knapsack::new`].
    pub fn settled(capacity: u64, items: &[Item]) -> Self {
        let (open, settled): (Vec<_>, Vec<_>) = items
            .iter()
            .copied()
            .enumerate()
            .partition(|(_, item)| item.weight > 0 && item.value > 0);
        let searched: Vec<Item> = open.iter().map(|&(_, item)| item).collect();
        let mut knapsack = Knapsack::new(capacity, &searched);
        for original in &mut knapsack.order {
            *original = open[*original].0;
        }
        // Only the items taken have value: they start the packing.
        knapsack.value = settled
            .iter()
            .try_fold(0u64, |sum, (_, item)| sum.checked_add(item.value))
            .filter(|value| {
                value
                    .checked_add(knapsack.value_before[searched.len()])
                    .is_some()
            })
            .expect("total value fits in a u64");
        knapsack.settled = settled;
        knapsack
    }

    /// How many items were settled before the search ([`Knapsack::settled`]): taken, left.
    pub fn settled_counts(&self) -> (usize, usize) {
        let taken = self.settled.iter().filter(|(_, item)| item.value > 0);
        let taken = taken.count();
        (taken, self.settled.len() - taken)
    }

    /// The capacity.
    pub fn capacity(&self) -> u64 {
        self.capacity
    }

    /// The items, in the order given to [`Knapsack::new`] or [`Knapsack::settled`].
    pub fn items(&self) -> Vec<Item> {
        let mut items = vec![
            Item {
                weight: 0,
                value: 0
            };
            self.items.len() + self.settled.len()
        ];
        for (sorted, &original) in self.order.iter().enumerate() {
            items[original] = self.items[sorted];
        }
        for &(original, item) in &self.settled {
            items[original] = item;
        }
        items
    }

    /// Total weight of the items taken so far.
    pub fn weight(&self) -> u64 {
        self.weight
    }
}

/// Decreasing value per unit of weight: weightless items first (they always fit), then
/// `a` before `b` if `a.value / a.weight` is greater, compared exactly. (Cross-multiplying
/// alone is no order when a weight is zero: `0/0` would tie with everything.)
fn by_ratio(a: &Item, b: &Item) -> Ordering {
    match (a.weight, b.weight) {
        (0, 0) => Ordering::Equal,
        (0, _) => Ordering::Less,
        (_, 0) => Ordering::Greater,
        _ => {
            let left = u128::from(b.value) * u128::from(a.weight);
            let right = u128::from(a.value) * u128::from(b.weight);
            left.cmp(&right)
        }
    }
}

impl Problem for Knapsack {
    /// Take (`true`) or leave (`false`) the next item.
    type Op = bool;
    type Ops = std::array::IntoIter<bool, 2>;
    /// The caller's indices of the items taken, ascending.
    type Solution = Vec<usize>;

    fn operators(&self) -> Self::Ops {
        [true, false].into_iter()
    }

    fn admissible(&self, take: bool) -> bool {
        !take || self.items[self.decided].weight <= self.capacity - self.weight
    }

    fn apply(&mut self, take: bool) {
        if take {
            let item = self.items[self.decided];
            self.weight += item.weight;
            self.value += item.value;
            self.taken.push(self.decided);
        }
        self.decided += 1;
    }

    fn undo(&mut self, take: bool) {
        self.decided -= 1;
        if take {
            let item = self.items[self.decided];
            self.weight -= item.weight;
            self.value -= item.value;
            self.taken.pop();
        }
    }

    fn is_complete(&self) -> bool {
        self.decided == self.items.len()
    }

    fn solution(&self) -> Vec<usize> {
        let mut chosen: Vec<usize> = self.taken.iter().map(|&i| self.order[i]).collect();
        let settled = self.settled.iter().filter(|(_, item)| item.value > 0);
        chosen.extend(settled.map(|&(original, _)| original));
        chosen.sort_unstable();
        chosen
    }
}

impl Optimize for Knapsack {
    type Value = u64;

    fn value(&self) -> u64 {
        self.value
    }

    /// The value so far plus the fractional relaxation of the rest: the undecided items
    /// that fit whole, in ratio order, then the part of the next one that fits.
    fn bound(&self) -> u64 {
        let room = u128::from(self.capacity - self.weight);
        let base = self.weight_before[self.decided];
        // The items decided..end fit whole while weight_before[end] - base <= room.
        let end = self.decided
            + self.weight_before[self.decided..].partition_point(|&w| w - base <= room)
            - 1;
        let whole = self.value_before[end] - self.value_before[self.decided];
        let part = self.items.get(end).map_or(0, |item| {
            let left = room - (self.weight_before[end] - base);
            // floor(value * left / weight): left < weight here, so the result fits a u64.
            (u128::from(item.value) * left / u128::from(item.weight)) as u64
        });
        self.value + whole + part
    }
}

impl Knapsack {
    /// `[+#2 -#1] w=20 v=100`: the decisions made (in search order, items numbered from 1
    /// in the caller's order), then `next` if given, then the weight and value they make.
    fn describe(&self, next: Option<bool>) -> String {
        use std::fmt::Write as _;
        let mut text = String::from("[");
        let mut taken = self.taken.iter().peekable();
        // In 128 bits: a refused take may weigh more than any u64.
        let (mut weight, mut value) = (u128::from(self.weight), u128::from(self.value));
        let decisions = (0..self.decided).map(|i| (i, taken.next_if_eq(&&i).is_some()));
        let next = next.map(|take| (self.decided, take));
        for (i, take) in decisions.chain(next) {
            if i > 0 {
                text.push(' ');
            }
            let _ = write!(
                text,
                "{}#{}",
                if take { '+' } else { '-' },
                self.order[i] + 1
            );
            if take && i == self.decided {
                weight += u128::from(self.items[i].weight);
                value += u128::from(self.items[i].value);
            }
        }
        let _ = write!(text, "] w={weight} v={value}");
        text
    }
}

crate::text::label_by_describe!(
    /// Labels for the solution tree: a state is the items taken (`+#2`) and left (`-#1`) so
    /// far, numbered from 1 in the caller's order and listed in search order, with the weight
    /// and value taken: `[+#2 +#3 -#1] w=50 v=220`; an operator is `take` or `leave`.
    Knapsack,
    |take: bool| if take { "take" } else { "leave" }.to_string()
);

#[cfg(test)]
mod tests;
