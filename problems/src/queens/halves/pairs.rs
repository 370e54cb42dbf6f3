//! The join's kernel: the pairs of a top key and a bottom key with no bit in common.

use super::lists::Key;
use super::watch::Watch;

/// Below this many halves on either side, a group's pairs are compared one by one.
const PAIRWISE: usize = 64;

/// The pairs of a top key and a bottom key with no bit in common, splitting both lists on
/// the bits of `order` in turn (reordering them).
pub(super) fn join<K: Key>(tops: &mut [K], bottoms: &mut [K], order: &[K], watch: &Watch) -> u64 {
    if tops.is_empty() || bottoms.is_empty() {
        return 0;
    }
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
