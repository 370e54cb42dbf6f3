//! The domains of a model's variables: one bit set each, in one array of words, changed
//! only through a trail so that a search undoes a node by popping it.

use std::collections::VecDeque;

use super::{Conflict, Var};

mod links;
mod runs;

pub(crate) use runs::Runs;

/// The largest number of values a domain may hold: ranges wider than this are refused
/// when a variable is made, rather than allocating gigabytes of words.
pub const MAX_DOMAIN_WIDTH: u64 = 1 << 24;

/// What change of a variable's domain wakes a propagator that watches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// The variable is fixed: one value left.
    Fixed,
    /// Its smallest or largest value changed (fixing it changes one of them too).
    Bounds,
    /// Any value removed.
    Any,
}

/// A variable a propagator reads, and the change of its domain that wakes the propagator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Watch {
    /// The variable watched.
    pub var: Var,
    /// The change that wakes the propagator.
    pub on: Event,
}

impl Watch {
    /// Wake on `var`'s change `on`.
    pub fn new(var: Var, on: Event) -> Self {
        Watch { var, on }
    }
}

/// Where a variable's bits live: its smallest possible value, how many values its range
/// holds, and the index of its first word.
#[derive(Clone, Copy, Debug)]
struct Layout {
    base: i64,
    width: u32,
    first: u32,
}

/// What the search keeps per variable besides its bits, so that size and bounds are
/// looked up rather than counted: the number of values left, and the offsets (from the
/// base) of the smallest and the largest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Meta {
    size: u32,
    min: u32,
    max: u32,
}

/// One change, as the trail keeps it to take it back.
#[derive(Clone, Copy, Debug)]
enum Saved {
    Word {
        index: u32,
        old: u64,
    },
    Meta {
        var: u32,
        old: Meta,
    },
    /// The one word of a variable's range and its size and bounds, changed together:
    /// one entry to push and pop rather than two.
    Both {
        index: u32,
        var: u32,
        old: u64,
        meta: Meta,
    },
}

/// The domains of every variable of a model, as propagators see and narrow them.
///
/// Each domain is a bit set over the variable's range (`lo..=hi`, offset so that negative
/// values work), with its size and bounds kept beside it. A propagator reads it with
/// [`min`](Domains::min), [`max`](Domains::max), [`contains`](Domains::contains),
/// [`values`](Domains::values) and narrows it with [`remove`](Domains::remove),
/// [`set_min`](Domains::set_min), [`set_max`](Domains::set_max) and
/// [`fix`](Domains::fix). A narrowing that would empty a domain leaves it as it is and
/// returns a [`Conflict`]: the node is a dead end. Every change is recorded on a trail
/// (below the root), and wakes the propagators watching the variable.
#[derive(Clone, Debug)]
pub struct Domains {
    words: Vec<u64>,
    layout: Vec<Layout>,
    meta: Vec<Meta>,
    trail: Vec<Saved>,
    /// The trail's length when each level of the search began; none at the root, where
    /// changes are final and not recorded.
    levels: Vec<u32>,
    /// Per variable, the propagators that watch it, by the change that wakes them.
    watchers: Vec<Watchers>,
    /// Per variable, its `≠` links; apart from the watchers, so that following them
    /// takes the whole list out of the way once, not one variable's at a time.
    links: Vec<links::Links>,
    /// Per variable, [`WATCHED`] if a propagator watches it and [`LINKED`] if it has `≠`
    /// links: one byte to read on each change rather than the lists.
    flags: Vec<u8>,
    queue: VecDeque<u32>,
    queued: Vec<bool>,
    /// Per propagator, whether one run reaches its own fixpoint, so that the changes it
    /// makes need not wake it again.
    idempotent: Vec<bool>,
    /// How many variables are fixed, so that a complete state is told at once.
    fixed: usize,
    /// The variables fixed since the propagation began that have `≠` links, to take
    /// their values from the linked variables.
    newly_fixed: Vec<u32>,
}

/// The propagators watching one variable, a list for each [`Event`], so that a change
/// looks only at those it wakes.
#[derive(Clone, Debug, Default)]
struct Watchers {
    fixed: Vec<u32>,
    bounds: Vec<u32>,
    any: Vec<u32>,
}

/// A variable's flag: some propagator watches it.
const WATCHED: u8 = 1;
/// A variable's flag: it has `≠` links.
const LINKED: u8 = 2;

/// The mask of bits `lo..=hi` of a word.
fn mask(lo: u32, hi: u32) -> u64 {
    (u64::MAX >> (63 - hi)) & (u64::MAX << lo)
}

impl Domains {
    pub(crate) fn new() -> Self {
        Domains {
            words: Vec::new(),
            layout: Vec::new(),
            meta: Vec::new(),
            trail: Vec::new(),
            levels: Vec::new(),
            watchers: Vec::new(),
            links: Vec::new(),
            flags: Vec::new(),
            queue: VecDeque::new(),
            queued: Vec::new(),
            idempotent: Vec::new(),
            fixed: 0,
            newly_fixed: Vec::new(),
        }
    }

    /// A new variable over `lo..=hi` (`lo <= hi`, the width checked by the caller).
    pub(crate) fn add(&mut self, lo: i64, hi: i64) -> Var {
        let width = (i128::from(hi) - i128::from(lo) + 1) as u32;
        let first = self.words.len() as u32;
        let words = width.div_ceil(64) as usize;
        self.words.resize(self.words.len() + words, u64::MAX);
        let spare = words as u32 * 64 - width;
        if spare > 0 {
            *self.words.last_mut().expect("one word at least") = u64::MAX >> spare;
        }
        self.layout.push(Layout {
            base: lo,
            width,
            first,
        });
        self.meta.push(Meta {
            size: width,
            min: 0,
            max: width - 1,
        });
        self.watchers.push(Watchers::default());
        self.links.push(links::Links::default());
        self.flags.push(0);
        if width == 1 {
            self.fixed += 1;
        }
        Var(self.layout.len() as u32 - 1)
    }

    /// Room for a search `depth` levels deep, so that the trail seldom grows during it:
    /// each level may change every word and every variable once, up to a cap beyond
    /// which the trail grows as it needs.
    pub(crate) fn reserve(&mut self, depth: usize) {
        const MOST_RESERVED: usize = 1 << 16;
        let room = (depth * (self.words.len() + self.meta.len())).min(MOST_RESERVED);
        self.trail.reserve(room.saturating_sub(self.trail.len()));
        self.levels.reserve(depth);
        self.queue.reserve(self.queued.len());
    }

    /// How many variables there are.
    pub fn len(&self) -> usize {
        self.layout.len()
    }

    /// Are there no variables?
    pub fn is_empty(&self) -> bool {
        self.layout.is_empty()
    }

    /// How many values `var` has left (at least one: an empty domain is a conflict).
    pub fn size(&self, var: Var) -> usize {
        self.meta[var.index()].size as usize
    }

    /// The smallest value left to `var`.
    pub fn min(&self, var: Var) -> i64 {
        self.layout[var.index()].base + i64::from(self.meta[var.index()].min)
    }

    /// The largest value left to `var`.
    pub fn max(&self, var: Var) -> i64 {
        self.layout[var.index()].base + i64::from(self.meta[var.index()].max)
    }

    /// Is every variable fixed?
    pub fn all_fixed(&self) -> bool {
        self.fixed == self.layout.len()
    }

    /// Is `var` fixed (one value left)?
    pub fn is_fixed(&self, var: Var) -> bool {
        self.meta[var.index()].size == 1
    }

    /// `var`'s value, if it is fixed.
    pub fn value(&self, var: Var) -> Option<i64> {
        self.is_fixed(var).then(|| self.min(var))
    }

    /// Is `value` left to `var`?
    pub fn contains(&self, var: Var, value: i64) -> bool {
        match self.offset(var, value) {
            Some(at) => {
                let first = self.layout[var.index()].first as usize;
                self.words[first + at as usize / 64] >> (at % 64) & 1 == 1
            }
            None => false,
        }
    }

    /// The values left to `var`, smallest first.
    pub fn values(&self, var: Var) -> impl Iterator<Item = i64> + '_ {
        let layout = self.layout[var.index()];
        let meta = self.meta[var.index()];
        let words = &self.words[layout.first as usize..][..layout.width.div_ceil(64) as usize];
        let start = meta.min as usize / 64;
        words[start..=meta.max as usize / 64]
            .iter()
            .enumerate()
            .flat_map(move |(i, &word)| {
                let base = layout.base + ((start + i) as i64) * 64;
                backtrack::bits::Ones(word).map(move |bit| base + i64::from(bit))
            })
    }

    /// The values of `var` from its least on, as a word: bit `k` for `min + k`. A domain
    /// whose values span more than 64 has its others left out.
    pub(crate) fn window(&self, var: Var) -> u64 {
        let (layout, at) = (self.layout[var.index()], self.meta[var.index()].min);
        let index = layout.first as usize + at as usize / 64;
        let shift = at % 64;
        let low = self.words[index] >> shift;
        let last = layout.first as usize + (layout.width as usize - 1) / 64;
        if shift == 0 || index == last {
            low
        } else {
            low | self.words[index + 1] << (64 - shift)
        }
    }

    /// Keeps of `var`'s values, which span 64 at most, those `keep` holds as a
    /// `window` does. `Ok(true)` if any went; a [`Conflict`] if none
    /// would be left.
    pub(crate) fn retain_window(&mut self, var: Var, keep: u64) -> Result<bool, Conflict> {
        let v = var.index();
        let old = self.meta[v];
        debug_assert!(old.max - old.min < 64, "a domain spanning one word");
        let now = self.window(var);
        let gone = now & !keep;
        if gone == 0 {
            return Ok(false);
        }
        let left = now & keep;
        if left == 0 {
            return Err(Conflict::on(var));
        }
        let index = self.layout[v].first as usize + old.min as usize / 64;
        let shift = old.min % 64;
        self.clear_bits(index, gone << shift);
        if shift > 0 && gone >> (64 - shift) != 0 {
            self.clear_bits(index + 1, gone >> (64 - shift));
        }
        let new = Meta {
            size: left.count_ones(),
            min: old.min + left.trailing_zeros(),
            max: old.min + 63 - left.leading_zeros(),
        };
        self.set_meta(v, old, new);
        Ok(true)
    }

    /// Where `var`'s bits are, if its range fits in one word: the word's index, the base
    /// (bit `k` for `base + k`) and the width.
    pub(crate) fn one_word(&self, var: Var) -> Option<(u32, i64, u32)> {
        let layout = self.layout[var.index()];
        (layout.width <= 64).then_some((layout.first, layout.base, layout.width))
    }

    /// Word `index` of the bits, as [`one_word`](Domains::one_word) places them.
    pub(crate) fn word(&self, index: u32) -> u64 {
        self.words[index as usize]
    }

    /// Keeps of `var`'s values, its range the one word at `index`, those `keep` holds
    /// (bit `k` for `base + k`). `Ok(true)` if any went; a [`Conflict`] if none would be
    /// left.
    pub(crate) fn narrow_word(
        &mut self,
        var: Var,
        index: u32,
        keep: u64,
    ) -> Result<bool, Conflict> {
        let (v, index) = (var.index(), index as usize);
        debug_assert_eq!(index, self.layout[v].first as usize, "var's word");
        let old = self.words[index];
        let new = old & keep;
        if new == old {
            return Ok(false);
        }
        if new == 0 {
            return Err(Conflict::on(var));
        }
        self.write_word_apart(v, index, old, new);
        Ok(true)
    }

    /// Writes `new`, some of the bits of `old` and not none, as the one word of variable
    /// `v`'s range at `index`, trailing it and the size and bounds (below the root).
    #[inline]
    fn write_word(&mut self, v: usize, index: usize, old: u64, new: u64) {
        let before = self.meta[v];
        if !self.levels.is_empty() {
            self.trail.push(Saved::Both {
                index: index as u32,
                var: v as u32,
                old,
                meta: before,
            });
        }
        self.words[index] = new;
        let meta = Meta {
            size: new.count_ones(),
            min: new.trailing_zeros(),
            max: new.ilog2(),
        };
        self.update_meta(v, before, meta);
    }

    /// [`write_word`](Domains::write_word) out of line, for the callers that read many
    /// words and change few (all-different's rows): inlined there, its saved registers
    /// would cost every word read.
    #[inline(never)]
    fn write_word_apart(&mut self, v: usize, index: usize, old: u64, new: u64) {
        self.write_word(v, index, old, new);
    }

    /// Clears `bits` of word `index`, trailing it (below the root).
    fn clear_bits(&mut self, index: usize, bits: u64) {
        let old = self.words[index];
        if !self.levels.is_empty() {
            self.trail.push(Saved::Word {
                index: index as u32,
                old,
            });
        }
        self.words[index] = old & !bits;
    }

    /// The offset of `value` in `var`'s range, if it is in it.
    fn offset(&self, var: Var, value: i64) -> Option<u32> {
        let layout = self.layout[var.index()];
        let at = i128::from(value) - i128::from(layout.base);
        (0..i128::from(layout.width))
            .contains(&at)
            .then_some(at as u32)
    }

    /// Takes `value` from `var`. `Ok(true)` if it was there, `Ok(false)` if not; a
    /// [`Conflict`] if it was the last.
    pub fn remove(&mut self, var: Var, value: i64) -> Result<bool, Conflict> {
        let Some(at) = self.offset(var, value) else {
            return Ok(false);
        };
        let v = var.index();
        let index = self.layout[v].first as usize + at as usize / 64;
        if self.words[index] >> (at % 64) & 1 == 0 {
            return Ok(false);
        }
        if self.meta[v].size == 1 {
            return Err(Conflict::on(var));
        }
        self.remove_at(v, at);
        Ok(true)
    }

    /// Takes offset `at` from variable `v`, which holds it and another value.
    fn remove_at(&mut self, v: usize, at: u32) {
        let index = self.layout[v].first as usize + at as usize / 64;
        let (word, bit) = (self.words[index], 1u64 << (at % 64));
        let old = self.meta[v];
        if !self.levels.is_empty() {
            self.trail.push(Saved::Word {
                index: index as u32,
                old: word,
            });
        }
        self.words[index] = word & !bit;
        let mut new = Meta {
            size: old.size - 1,
            ..old
        };
        if at == old.min {
            new.min = self.next_set(v, at + 1);
        }
        if at == old.max {
            new.max = self.prev_set(v, at - 1);
        }
        self.set_meta(v, old, new);
    }

    /// Takes every value below `min` from `var`. `Ok(true)` if any went.
    pub fn set_min(&mut self, var: Var, min: i64) -> Result<bool, Conflict> {
        if min <= self.min(var) {
            return Ok(false);
        }
        if min > self.max(var) {
            return Err(Conflict::on(var));
        }
        let at = self.offset(var, min).expect("between the bounds");
        self.clear(var, 0, at - 1)
    }

    /// Takes every value above `max` from `var`. `Ok(true)` if any went.
    pub fn set_max(&mut self, var: Var, max: i64) -> Result<bool, Conflict> {
        if max >= self.max(var) {
            return Ok(false);
        }
        if max < self.min(var) {
            return Err(Conflict::on(var));
        }
        let at = self.offset(var, max).expect("between the bounds");
        self.clear(var, at + 1, u32::MAX)
    }

    /// Fixes `var` to `value`, taking every other value. `Ok(true)` if any went; a
    /// [`Conflict`] if `value` is not left to it.
    pub fn fix(&mut self, var: Var, value: i64) -> Result<bool, Conflict> {
        if !self.contains(var, value) {
            return Err(Conflict::on(var));
        }
        let at = self.offset(var, value).expect("contained");
        let layout = self.layout[var.index()];
        if layout.width <= 64 {
            // One word: written at once, with one change of the size and bounds.
            let index = layout.first as usize;
            let (old, new) = (self.words[index], 1 << at);
            if old == new {
                return Ok(false);
            }
            self.write_word(var.index(), index, old, new);
            return Ok(true);
        }
        let below = at > 0 && self.clear(var, 0, at - 1)?;
        let above = at < u32::MAX && self.clear(var, at + 1, u32::MAX)?;
        Ok(below || above)
    }

    /// Clears the offsets `from..=to` of `var` (clipped to its bounds), trailing each word
    /// changed and waking its watchers.
    fn clear(&mut self, var: Var, from: u32, to: u32) -> Result<bool, Conflict> {
        let v = var.index();
        let old = self.meta[v];
        let (from, to) = (from.max(old.min), to.min(old.max));
        if from > to {
            return Ok(false);
        }
        let first = self.layout[v].first as usize;
        let span = |w: u32| {
            let lo = if w == from / 64 { from % 64 } else { 0 };
            let hi = if w == to / 64 { to % 64 } else { 63 };
            mask(lo, hi)
        };
        let removed: u32 = (from / 64..=to / 64)
            .map(|w| (self.words[first + w as usize] & span(w)).count_ones())
            .sum();
        if removed == 0 {
            return Ok(false);
        }
        if removed == old.size {
            return Err(Conflict::on(var));
        }
        let recording = !self.levels.is_empty();
        for w in from / 64..=to / 64 {
            let index = first + w as usize;
            let word = self.words[index];
            let cleared = word & !span(w);
            if cleared != word {
                if recording {
                    self.trail.push(Saved::Word {
                        index: index as u32,
                        old: word,
                    });
                }
                self.words[index] = cleared;
            }
        }
        let mut new = Meta {
            size: old.size - removed,
            ..old
        };
        if (from..=to).contains(&old.min) {
            new.min = self.next_set(v, to + 1);
        }
        if (from..=to).contains(&old.max) {
            new.max = self.prev_set(v, from - 1);
        }
        self.set_meta(v, old, new);
        Ok(true)
    }

    /// Records variable `v`'s size and bounds going from `old` to `new` (on the trail,
    /// below the root), counts it if it is now fixed, and wakes its watchers.
    fn set_meta(&mut self, v: usize, old: Meta, new: Meta) {
        if !self.levels.is_empty() {
            self.trail.push(Saved::Meta { var: v as u32, old });
        }
        self.update_meta(v, old, new);
    }

    /// Variable `v`'s size and bounds going from `old` to `new`, the trail already told:
    /// counts it if it is now fixed, and wakes its watchers.
    #[inline]
    fn update_meta(&mut self, v: usize, old: Meta, new: Meta) {
        self.meta[v] = new;
        if new.size == 1 {
            self.fixed += 1;
            if self.flags[v] & LINKED != 0 {
                self.newly_fixed.push(v as u32);
            }
        }
        if self.flags[v] & WATCHED != 0 {
            self.wake(v, old, new);
        }
    }

    /// The first offset at or after `from` whose bit is set (one is, in a non-empty domain).
    fn next_set(&self, v: usize, from: u32) -> u32 {
        let first = self.layout[v].first as usize;
        let mut w = from / 64;
        let mut word = self.words[first + w as usize] & (u64::MAX << (from % 64));
        while word == 0 {
            w += 1;
            word = self.words[first + w as usize];
        }
        w * 64 + word.trailing_zeros()
    }

    /// The last offset at or before `from` whose bit is set.
    fn prev_set(&self, v: usize, from: u32) -> u32 {
        let first = self.layout[v].first as usize;
        let mut w = from / 64;
        let mut word = self.words[first + w as usize] & (u64::MAX >> (63 - from % 64));
        while word == 0 {
            w -= 1;
            word = self.words[first + w as usize];
        }
        w * 64 + 63 - word.leading_zeros()
    }

    /// Queues the propagators of variable `v` that its change from `old` to `new` wakes.
    fn wake(&mut self, v: usize, old: Meta, new: Meta) {
        let Domains {
            watchers,
            queue,
            queued,
            ..
        } = self;
        let watchers = &watchers[v];
        let mut enqueue = |list: &[u32]| {
            for &propagator in list {
                if !queued[propagator as usize] {
                    queued[propagator as usize] = true;
                    queue.push_back(propagator);
                }
            }
        };
        enqueue(&watchers.any);
        if old.min != new.min || old.max != new.max {
            enqueue(&watchers.bounds);
        }
        if new.size == 1 {
            enqueue(&watchers.fixed);
        }
    }

    /// Registers propagator `propagator` (its index) as watching `watch`.
    pub(crate) fn watch(&mut self, propagator: u32, watch: Watch) {
        self.flags[watch.var.index()] |= WATCHED;
        let watchers = &mut self.watchers[watch.var.index()];
        match watch.on {
            Event::Fixed => watchers.fixed.push(propagator),
            Event::Bounds => watchers.bounds.push(propagator),
            Event::Any => watchers.any.push(propagator),
        }
    }

    /// Makes room for propagator `propagator` and queues it; an `idempotent` one is not
    /// woken by its own changes.
    pub(crate) fn enqueue_new(&mut self, propagator: u32, idempotent: bool) {
        self.queued.resize(propagator as usize + 1, false);
        self.idempotent.resize(propagator as usize + 1, false);
        self.idempotent[propagator as usize] = idempotent;
        self.queued[propagator as usize] = true;
        self.queue.push_back(propagator);
    }

    /// The next propagator to run, taken off the queue. An idempotent one stays marked
    /// as queued while it runs, so that its own changes do not queue it again, until
    /// `ran`.
    pub(crate) fn next_queued(&mut self) -> Option<u32> {
        let propagator = self.queue.pop_front()?;
        if !self.idempotent[propagator as usize] {
            self.queued[propagator as usize] = false;
        }
        Some(propagator)
    }

    /// Propagator `propagator`, taken by `next_queued`, has run:
    /// changes from now on wake it again.
    pub(crate) fn ran(&mut self, propagator: u32) {
        if self.idempotent[propagator as usize] {
            self.queued[propagator as usize] = false;
        }
    }

    /// Empties the queue, after a conflict.
    pub(crate) fn clear_queue(&mut self) {
        self.newly_fixed.clear();
        for propagator in self.queue.drain(..) {
            self.queued[propagator as usize] = false;
        }
    }

    /// How many propagators watch `var`: its degree, for the variable orders.
    pub(crate) fn degree(&self, var: Var) -> usize {
        let watchers = &self.watchers[var.index()];
        watchers.fixed.len()
            + watchers.bounds.len()
            + watchers.any.len()
            + self.links[var.index()].len()
    }

    /// Begins a level of the search: the changes from here on are recorded.
    pub(crate) fn push_level(&mut self) {
        self.levels.push(self.trail.len() as u32);
    }

    /// Takes back every change since the level began, and ends it.
    pub(crate) fn pop_level(&mut self) {
        let mark = self.levels.pop().expect("a level to pop") as usize;
        while self.trail.len() > mark {
            match self.trail.pop().expect("longer than the mark") {
                Saved::Word { index, old } => self.words[index as usize] = old,
                Saved::Meta { var, old } => self.restore_meta(var, old),
                Saved::Both {
                    index,
                    var,
                    old,
                    meta,
                } => {
                    self.words[index as usize] = old;
                    self.restore_meta(var, meta);
                }
            }
        }
    }

    /// Puts back variable `var`'s size and bounds `old`, uncounting it if it is fixed no
    /// more.
    fn restore_meta(&mut self, var: u32, old: Meta) {
        let meta = &mut self.meta[var as usize];
        if meta.size == 1 && old.size > 1 {
            self.fixed -= 1;
        }
        *meta = old;
    }

    /// The values left to `var`, as runs of consecutive values: read a word at a time,
    /// so that a wide domain costs its words and its runs, not its values.
    pub(crate) fn runs(&self, var: Var) -> Runs {
        let layout = self.layout[var.index()];
        let meta = self.meta[var.index()];
        let mut runs = Runs::default();
        for w in meta.min / 64..=meta.max / 64 {
            let word = self.words[(layout.first + w) as usize];
            runs.add_word(layout.base + i64::from(w) * 64, word);
        }
        runs
    }

    /// The values taken from each variable since the current level began, in variable
    /// order, as runs (nothing at the root, whose changes are not recorded). A word
    /// changed more than once counts from its oldest value, the first saved.
    pub(crate) fn removed_at_level(&self) -> Vec<(Var, Runs)> {
        let Some(&mark) = self.levels.last() else {
            return Vec::new();
        };
        let mut before: Vec<(u32, u64)> = self.trail[mark as usize..]
            .iter()
            .filter_map(|saved| match *saved {
                Saved::Word { index, old } | Saved::Both { index, old, .. } => Some((index, old)),
                Saved::Meta { .. } => None,
            })
            .collect();
        // Stable: of the entries of one word, the oldest stays first, and is kept.
        before.sort_by_key(|&(index, _)| index);
        before.dedup_by_key(|&mut (index, _)| index);
        let mut removed: Vec<(Var, Runs)> = Vec::new();
        for (index, old) in before {
            let gone = old & !self.words[index as usize];
            if gone == 0 {
                continue;
            }
            let v = self.layout.partition_point(|l| l.first <= index) - 1;
            let base = self.layout[v].base + i64::from(index - self.layout[v].first) * 64;
            match removed.last_mut() {
                Some((var, runs)) if var.index() == v => runs.add_word(base, gone),
                _ => {
                    let mut runs = Runs::default();
                    runs.add_word(base, gone);
                    removed.push((Var(v as u32), runs));
                }
            }
        }
        removed
    }
}
