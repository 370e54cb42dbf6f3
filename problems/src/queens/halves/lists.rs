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
    /// The bit in the masks of the direction `rd` (or `ld`) of the column `column` (the
    /// middle one taken out, when narrow).
    fn bit(column: u32, rd: bool) -> Self;
    /// The key of the 64-bit key `wide`; `below_middle` are the columns left of the
    /// middle one (all on an even board).
    fn narrow(wide: u64, below_middle: u32) -> Self;
    /// Where the column `column` is in a key's masks.
    fn column(column: u32, below_middle: u32) -> u32;
}

impl Key for u64 {
    fn bit(column: u32, rd: bool) -> u64 {
        1 << (column + if rd { 32 } else { 0 })
    }
    #[inline]
    fn narrow(wide: u64, _: u32) -> u64 {
        wide
    }
    fn column(column: u32, _: u32) -> u32 {
        column
    }
}

impl Key for u32 {
    fn bit(column: u32, rd: bool) -> u32 {
        1 << (column + if rd { 16 } else { 0 })
    }
    #[inline]
    fn narrow(wide: u64, below_middle: u32) -> u32 {
        let squeeze = |mask: u32| (mask & below_middle) | ((mask >> 1) & !below_middle);
        squeeze(wide as u32) | (squeeze((wide >> 32) as u32) << 16)
    }
    fn column(column: u32, below_middle: u32) -> u32 {
        column - u32::from(below_middle >> column & 1 == 0)
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
            self.keys[*place as usize] = key;
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
