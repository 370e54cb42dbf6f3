//! Where the halves of a block are kept: their groups and keys as found, then sorted by
//! group; and the cache that hands these lists on from one join to the next.

use std::ops::BitAnd;
use std::sync::Mutex;

/// Where a [`HalfJoin`](super::HalfJoin) keeps the halves of a block: tens to hundreds of
/// megabytes on the big boards, kept from one block to the next and handed on to the next
/// join of the same count by a [`HalfCache`], rather than given back to the system and
/// asked for again (page by page, a fault each); in 32-bit keys up to n = 17, 64-bit ones
/// beyond.
#[derive(Clone, Debug, Default)]
pub(super) struct Lists {
    pub(super) narrow: Halves<u32, u16>,
    pub(super) wide: Halves<u64, u16>,
    /// For blocks of more than 16 open columns (see
    /// [`HalfBlocks::fixing`](super::HalfBlocks::fixing)).
    pub(super) widest: Halves<u64, u32>,
}

/// A block's halves, in keys of type `K`, their groups of type `G`.
#[derive(Clone, Debug, Default)]
pub(super) struct Halves<K, G> {
    /// This block's top halves and bottom halves, as they are found: each one's group
    /// (which of the open columns the top half takes) and its key (its diagonals seen
    /// from the row where the halves meet: two masks in one key, the `ld` direction in the
    /// low half).
    pub(super) tops: Found<K, G>,
    pub(super) bottoms: Found<K, G>,
    /// The same sorted by group.
    pub(super) sorted_tops: Sorted<K>,
    pub(super) sorted_bottoms: Sorted<K>,
    /// The same sorted by group in dense keys of 32 bits, when 64-bit keys have no more
    /// bits that both sides use ([`Dense`]).
    pub(super) dense_tops: Sorted<u32>,
    pub(super) dense_bottoms: Sorted<u32>,
}

/// The spare [`Lists`] of the joins of a count: a join made from the cache takes lists from
/// it, and gives them back when its part of the count is done
/// ([`HalfJoin::recycle`](super::HalfJoin::recycle)), so that the parts counted one after
/// another grow their lists once, not once each. Owned by whoever runs the count, as a
/// regex-automata `Cache` is by whoever searches; the threads of a count reach it through
/// the closures that make and merge their joins. It keeps at most [`MOST_SPARE`] lists, and
/// their memory goes back to the system when it is dropped.
#[derive(Default)]
pub(crate) struct HalfCache {
    spare: Mutex<Vec<Lists>>,
}

/// The most lists a [`HalfCache`] keeps: one a thread, for the threads of a big machine.
const MOST_SPARE: usize = 256;

impl HalfCache {
    /// Spare lists, or new empty ones if there are none.
    pub(super) fn take(&self) -> Lists {
        self.spare
            .lock()
            .ok()
            .and_then(|mut spare| spare.pop())
            .unwrap_or_default()
    }

    /// Keeps `lists` for the next join, if there is room.
    pub(super) fn keep(&self, lists: Lists) {
        if let Ok(mut spare) = self.spare.lock() {
            if spare.len() < MOST_SPARE {
                spare.push(lists);
            }
        }
    }
}

/// Not the lists themselves: hundreds of megabytes of keys.
impl std::fmt::Debug for HalfCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let spare = self.spare.lock().map_or(0, |spare| spare.len());
        f.debug_struct("HalfCache").field("spare", &spare).finish()
    }
}

/// Halves as they are found.
#[derive(Clone, Debug, Default)]
pub(super) struct Found<K, G> {
    pub(super) groups: Vec<G>,
    pub(super) keys: Vec<K>,
}

impl<K, G> Found<K, G> {
    pub(super) fn clear(&mut self) {
        self.groups.clear();
        self.keys.clear();
    }
}

/// A half's group as it is kept beside its key: in 16 bits when a block leaves 16 columns
/// open or fewer (every block of [`block_columns`](super::block_columns)), which makes a
/// block's halves 10 bytes each in 32-bit keys, not 12, and 18 in 64-bit ones, not 20; in
/// 32 bits for the blocks of [`HalfBlocks::fixing`](super::HalfBlocks::fixing) that leave
/// more open.
pub(super) trait Group: Copy + Default + std::fmt::Debug + Send + Sync {
    /// The group numbered `group`, which fits.
    fn of(group: u32) -> Self;
    /// The group's number.
    fn index(self) -> usize;
}

impl Group for u16 {
    #[inline]
    fn of(group: u32) -> u16 {
        debug_assert!(
            u16::try_from(group).is_ok(),
            "a group of 16 open columns at most"
        );
        group as u16
    }
    #[inline]
    fn index(self) -> usize {
        usize::from(self)
    }
}

impl Group for u32 {
    #[inline]
    fn of(group: u32) -> u32 {
        group
    }
    #[inline]
    fn index(self) -> usize {
        self as usize
    }
}

/// A half's key as the join takes it: two masks of diagonals, in 64 bits or (16 columns
/// at most, the middle one taken out) in 32.
pub(super) trait Key:
    Copy + Default + BitAnd<Output = Self> + PartialEq + std::fmt::Debug + Send + Sync
{
    /// The key of the 64-bit key `wide`; `below_middle` are the columns left of the
    /// middle one (all on an even board).
    fn narrow(wide: u64, below_middle: u32) -> Self;
    /// Are the keys wider than 32 bits?
    const WIDE: bool;
    /// The key's bits in 64.
    fn bits(self) -> u64;
    /// The key of the one bit `bit`.
    fn one(bit: u32) -> Self;
}

impl Key for u64 {
    const WIDE: bool = true;
    #[inline]
    fn narrow(wide: u64, _: u32) -> u64 {
        wide
    }
    #[inline]
    fn bits(self) -> u64 {
        self
    }
    fn one(bit: u32) -> u64 {
        1 << bit
    }
}

impl Key for u32 {
    const WIDE: bool = false;
    #[inline]
    fn narrow(wide: u64, below_middle: u32) -> u32 {
        let squeeze = |mask: u32| (mask & below_middle) | ((mask >> 1) & !below_middle);
        squeeze(wide as u32) | (squeeze((wide >> 32) as u32) << 16)
    }
    #[inline]
    fn bits(self) -> u64 {
        u64::from(self)
    }
    fn one(bit: u32) -> u32 {
        1 << bit
    }
}

/// The bits that both sides of a block use, of keys of 64 bits, renumbered from 0 without
/// gaps: when there are 32 or fewer, the block's keys are joined in 32 bits, twice as many
/// to a cache line. A bit that one side never has rules out no pair and is left out: on
/// an even board whose blocks fix both end columns, the halves' diagonals that meet take
/// at most `2n - 4` bits (32 at 18 queens, where the masks take 36).
pub(super) struct Dense {
    /// For each byte of a key, each value's bits renumbered.
    bytes: [[u32; 256]; 8],
}

impl Dense {
    /// The renumbering of the bits of `used`, if there are 32 of them at most.
    pub(super) fn of(used: u64) -> Option<Dense> {
        if used.count_ones() > 32 {
            return None;
        }
        let mut bytes = [[0u32; 256]; 8];
        for (byte, table) in bytes.iter_mut().enumerate() {
            let shift = 8 * byte as u32;
            let own = (used >> shift) as u8;
            // The bits of `used` below this byte: where its first one goes.
            let before = (used & ((1u64 << shift) - 1)).count_ones();
            for (value, dense) in table.iter_mut().enumerate() {
                let mut bits = value as u8 & own;
                while bits != 0 {
                    let bit = bits.trailing_zeros();
                    *dense |= 1 << (before + (own & ((1u8 << bit) - 1)).count_ones());
                    bits &= bits - 1;
                }
            }
        }
        Some(Dense { bytes })
    }

    /// The bits of `key` renumbered, those not used left out.
    #[inline]
    pub(super) fn key(&self, key: u64) -> u32 {
        let mut dense = 0;
        for (byte, table) in self.bytes.iter().enumerate() {
            dense |= table[(key >> (8 * byte)) as u8 as usize];
        }
        dense
    }
}

/// Halves sorted by group: the keys of group `g` are `keys[starts[g]..starts[g + 1]]`.
#[derive(Clone, Debug, Default)]
pub(super) struct Sorted<K> {
    pub(super) starts: Vec<u32>,
    pub(super) keys: Vec<K>,
}

impl<K: Key> Sorted<K> {
    /// `found` sorted into `groups` groups (a counting sort).
    pub(super) fn sort<G: Group>(&mut self, found: &Found<K, G>, groups: usize) {
        self.sort_mapped(found, groups, |key| key);
    }

    /// `found` sorted into `groups` groups (a counting sort), each key `key` of it kept as
    /// `dense(key)`.
    pub(super) fn sort_mapped<J: Copy, G: Group>(
        &mut self,
        found: &Found<J, G>,
        groups: usize,
        dense: impl Fn(J) -> K,
    ) {
        self.starts.clear();
        self.starts.resize(groups + 1, 0);
        for &group in &found.groups {
            self.starts[group.index() + 1] += 1;
        }
        for g in 0..groups {
            self.starts[g + 1] += self.starts[g];
        }
        self.keys.clear();
        self.keys.resize(found.keys.len(), K::default());
        // Each group's start serves as its next place, moving on as it fills, until it is
        // the next group's start: shifted back after.
        for (&group, &key) in found.groups.iter().zip(&found.keys) {
            let place = &mut self.starts[group.index()];
            self.keys[*place as usize] = dense(key);
            *place += 1;
        }
        self.starts.copy_within(0..groups, 1);
        self.starts[0] = 0;
    }

    /// All the groups.
    pub(super) fn groups(&mut self) -> Groups<'_, K> {
        Groups {
            keys: &mut self.keys,
            starts: &self.starts,
        }
    }
}

/// Consecutive groups of [`Sorted`] halves: the keys of group `g` are
/// `keys[starts[g] - starts[0]..starts[g + 1] - starts[0]]`.
pub(super) struct Groups<'a, K> {
    pub(super) keys: &'a mut [K],
    pub(super) starts: &'a [u32],
}

impl<'a, K> Groups<'a, K> {
    pub(super) fn group(&mut self, group: usize) -> &mut [K] {
        let first = self.starts[0];
        let (start, end) = (self.starts[group] - first, self.starts[group + 1] - first);
        &mut self.keys[start as usize..end as usize]
    }

    /// The first `groups` groups, and the others.
    pub(super) fn split(self, groups: usize) -> (Groups<'a, K>, Groups<'a, K>) {
        let (low, high) = self
            .keys
            .split_at_mut((self.starts[groups] - self.starts[0]) as usize);
        (
            Groups {
                keys: low,
                starts: &self.starts[..=groups],
            },
            Groups {
                keys: high,
                starts: &self.starts[groups..],
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys renumbered keep their bits that are used, in order, and lose the others; more
    /// than 32 used cannot be renumbered.
    #[test]
    fn dense_keys_keep_the_bits_used_in_order() {
        let used = 0x0f00_0001_8000_0103u64;
        let dense = Dense::of(used).expect("9 bits");
        assert_eq!(dense.key(used), (1 << 9) - 1);
        assert_eq!(dense.key(!used), 0);
        assert_eq!(dense.key(1 << 8), 0b100);
        assert_eq!(dense.key(1 << 63 | 1 << 56 | 1 << 32 | 1), 0b11_0001);
        assert!(Dense::of(u64::MAX >> 32).is_some_and(|d| d.key(u64::MAX) == u32::MAX));
        assert!(Dense::of(u64::MAX >> 31).is_none());
    }

    /// A cache gives back the lists it kept, grown as they were, then new ones; it keeps
    /// no more than [`MOST_SPARE`].
    #[test]
    fn a_cache_gives_back_what_it_kept_up_to_its_most() {
        let cache = HalfCache::default();
        let mut lists = Lists::default();
        lists.narrow.tops.keys.reserve(1000);
        cache.keep(lists);
        assert!(cache.take().narrow.tops.keys.capacity() >= 1000);
        assert_eq!(cache.take().narrow.tops.keys.capacity(), 0);
        for _ in 0..MOST_SPARE + 3 {
            cache.keep(Lists::default());
        }
        assert_eq!(
            cache.spare.lock().map_or(0, |spare| spare.len()),
            MOST_SPARE
        );
    }
}
