//! The join's kernel: the pairs of a top key and a bottom key with no bit in common.

use super::lists::Key;
use super::watch::Watch;

/// Below this many halves on either side, a group's pairs are compared one by one.
const PAIRWISE: usize = 64;

/// The pairs of a top key and a bottom key with no bit in common, splitting both lists on
/// the bits of `order` in turn (reordering them).
///
/// A split on a bit leaves two joins: the keys of one list that have it with the other's
/// that have it not, and the keys of the first that have it not with the whole other list.
/// The list kept whole is the shorter one (the join is the same either way round): it is
/// the one split again in both joins below.
pub(super) fn join<K: Key>(tops: &mut [K], bottoms: &mut [K], order: &[K], watch: &Watch) -> u64 {
    if tops.is_empty() || bottoms.is_empty() {
        return 0;
    }
    let (tops, bottoms) = if tops.len() < bottoms.len() {
        (bottoms, tops)
    } else {
        (tops, bottoms)
    };
    if tops.len() + bottoms.len() >= WATCHED && watch.stopped() {
        return 0;
    }
    let Some((&bit, rest)) = order.split_first() else {
        return pairwise(tops, bottoms);
    };
    if tops.len() < PAIRWISE || bottoms.len() < PAIRWISE {
        return pairwise(tops, bottoms);
    }
    let clear = partition(tops, bit);
    let bottoms_clear = partition(bottoms, bit);
    // Tops with the bit meet only bottoms without it; tops without it meet all.
    let (tops_clear, tops_set) = tops.split_at_mut(clear);
    join(tops_set, &mut bottoms[..bottoms_clear], rest, watch)
        + join(tops_clear, bottoms, rest, watch)
}

/// Lists at least this long, together, look at the limits before they are joined: on the
/// biggest boards, the join of one group takes minutes.
pub(super) const WATCHED: usize = 1 << 16;

/// The most keys of each list that [`split_order`] looks at.
const SAMPLED: usize = 1 << 12;

/// The bits to split `tops` and `bottoms` on, in `order` (cleared first): the bits that
/// most pairs share first, as a sample of the keys of each list counts them (a split on a
/// bit rules out the pairs that both have it), and no bit that no pair in the sample
/// shares (the lists left after the splits are compared whole, every bit included).
pub(super) fn split_order<K: Key>(tops: &[K], bottoms: &[K], order: &mut Vec<K>) {
    let counts = |keys: &[K]| {
        let mut counts = [0u32; 64];
        let step = keys.len().div_ceil(SAMPLED).max(1);
        for key in keys.iter().step_by(step) {
            let mut bits = key.bits();
            while bits != 0 {
                counts[bits.trailing_zeros() as usize] += 1;
                bits &= bits - 1;
            }
        }
        counts
    };
    let (top_counts, bottom_counts) = (counts(tops), counts(bottoms));
    let mut shared: Vec<(u64, u32)> = (0..64)
        .map(|b| {
            (
                u64::from(top_counts[b]) * u64::from(bottom_counts[b]),
                b as u32,
            )
        })
        .filter(|&(pairs, _)| pairs > 0)
        .collect();
    // Most pairs first; the lower bit first among equals, so that the order is the same
    // on every run.
    shared.sort_unstable_by_key(|&(pairs, b)| (std::cmp::Reverse(pairs), b));
    order.clear();
    order.extend(shared.iter().map(|&(_, b)| K::one(b)));
}

/// Moves the keys without `bit` to the front; returns how many there are. Without a
/// branch on the keys (they are as likely to have the bit as not): every key is swapped
/// with the first one that has the bit, which moves only when the key has it not.
fn partition<K: Key>(keys: &mut [K], bit: K) -> usize {
    let mut clear = 0;
    for i in 0..keys.len() {
        let key = keys[i];
        keys.swap(i, clear);
        clear += usize::from(key & bit == K::default());
    }
    clear
}

/// The disjoint pairs, compared one by one (a count in 32 bits for each top, so that
/// narrow keys are compared four at a time).
fn pairwise<K: Key>(tops: &[K], bottoms: &[K]) -> u64 {
    tops.iter()
        .map(|&top| {
            let pairs: u32 = bottoms
                .iter()
                .map(|&bottom| u32::from(top & bottom == K::default()))
                .sum();
            u64::from(pairs)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::queens::halves::xorshift;

    /// The bits most shared come first, and a bit that only one side has is left out.
    #[test]
    fn the_split_order_puts_the_most_shared_bits_first() {
        let tops = [0b0111u32, 0b0011, 0b0001, 0b1001];
        let bottoms = [0b0001u32, 0b0011, 0b0101, 0b0001];
        let mut order = Vec::new();
        split_order(&tops, &bottoms, &mut order);
        // Bit 0: 4 × 4 pairs; bit 1: 2 × 1; bit 2: 1 × 1; bit 3: in no bottom.
        assert_eq!(order, [0b0001, 0b0010, 0b0100]);
    }

    /// The pairs counted by splitting are those counted one by one, for keys dense and
    /// sparse, and lists long enough to split.
    #[test]
    fn the_join_counts_the_disjoint_pairs() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for density in [1, 2, 3] {
            let mut key = || (0..density).fold(u64::MAX, |acc, _| acc & next()) & 0xffff_0000_ffff;
            let mut tops: Vec<u64> = (0..700).map(|_| key()).collect();
            let mut bottoms: Vec<u64> = (0..500).map(|_| key()).collect();
            let expected = pairwise(&tops, &bottoms);
            // Split in the order their bits are shared, or in any order: the same pairs.
            let mut shared = Vec::new();
            split_order(&tops, &bottoms, &mut shared);
            assert!(!shared.is_empty() && shared.len() <= 64);
            let (mut t, mut b) = (tops.clone(), bottoms.clone());
            assert_eq!(join(&mut t, &mut b, &shared, &Watch::none()), expected);
            assert_eq!(join(&mut b, &mut t, &shared, &Watch::none()), expected);
            let order: Vec<u64> = (0..16).flat_map(|b| [1 << b, 1 << (b + 32)]).collect();
            assert_eq!(
                join(&mut tops, &mut bottoms, &order, &Watch::none()),
                expected
            );
            let mut narrow_tops: Vec<u32> = tops.iter().map(|&k| u32::narrow(k, !0)).collect();
            let mut narrow_bottoms: Vec<u32> =
                bottoms.iter().map(|&k| u32::narrow(k, !0)).collect();
            let order: Vec<u32> = (0..16).flat_map(|b| [1 << b, 1 << (b + 16)]).collect();
            assert_eq!(
                join(
                    &mut narrow_tops,
                    &mut narrow_bottoms,
                    &order,
                    &Watch::none()
                ),
                expected
            );
        }
    }
}
