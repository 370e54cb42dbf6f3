//! The set bits of a word, as a search range: for problems that keep their free choices
//! (columns, colours, items) as a bitmask.

use std::iter::FusedIterator;

/// The indices of the set bits of a word, lowest first: `Ones(0b1010_u32)` yields 1 then
/// 3. Exact in length and allocation-free: the search range of a problem whose
/// free choices are a bitmask (`type Ops = Ones<u64>`).
///
/// ```
/// use backtrack::bits::Ones;
/// use backtrack::{ByValue, Problem, Search};
///
/// /// Subsets of {0, …, 9} of size 3, each chosen in increasing order.
/// #[derive(Clone, Copy)]
/// struct Triples { chosen: u16, size: u32 }
/// impl Problem for Triples {
///     type Op = u32;
///     type Ops = Ones<u16>;
///     type Solution = u16;
///     fn operators(&self) -> Ones<u16> {
///         // The elements above the largest chosen.
///         let above = 16 - self.chosen.leading_zeros();
///         Ones(0x3ff & !((1 << above) - 1))
///     }
///     fn apply(&mut self, e: u32) { self.chosen |= 1 << e; self.size += 1 }
///     fn undo(&mut self, e: u32) { self.chosen &= !(1 << e); self.size -= 1 }
///     fn is_complete(&self) -> bool { self.size == 3 }
///     fn solution(&self) -> u16 { self.chosen }
///     const BY_VALUE: Option<ByValue<Self>> = Some(ByValue::COPY);
/// }
/// assert_eq!(Search::new(Triples { chosen: 0, size: 0 }).count_solutions().found, 120);
/// assert_eq!(Ones(0b1010_u32).collect::<Vec<_>>(), [1, 3]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ones<T>(pub T);

macro_rules! ones {
    ($($t:ty),*) => {$(
        impl Iterator for Ones<$t> {
            type Item = u32;

            #[inline]
            fn next(&mut self) -> Option<u32> {
                if self.0 == 0 {
                    None
                } else {
                    let index = self.0.trailing_zeros();
                    self.0 &= self.0 - 1;
                    Some(index)
                }
            }

            #[inline]
            fn size_hint(&self) -> (usize, Option<usize>) {
                let n = self.0.count_ones() as usize;
                (n, Some(n))
            }
        }

        impl ExactSizeIterator for Ones<$t> {}

        impl FusedIterator for Ones<$t> {}

        impl DoubleEndedIterator for Ones<$t> {
            /// The highest set bit.
            #[inline]
            fn next_back(&mut self) -> Option<u32> {
                if self.0 == 0 {
                    None
                } else {
                    let index = <$t>::BITS - 1 - self.0.leading_zeros();
                    self.0 &= !(1 << index);
                    Some(index)
                }
            }
        }
    )*};
}

ones!(u8, u16, u32, u64, u128, usize);

#[cfg(test)]
mod tests {
    use super::Ones;

    #[test]
    fn every_set_bit_once_in_order_both_ways() {
        let word: u128 = (1 << 127) | (1 << 64) | (1 << 3) | 1;
        assert_eq!(Ones(word).collect::<Vec<_>>(), [0, 3, 64, 127]);
        assert_eq!(Ones(word).rev().collect::<Vec<_>>(), [127, 64, 3, 0]);
        assert_eq!(Ones(word).len(), 4);
        assert_eq!(Ones(0_u8).next(), None);
        assert_eq!(Ones(u64::MAX).count(), 64);
        let mut ones = Ones(0b1011_u16);
        assert_eq!(
            (ones.next(), ones.next_back(), ones.next(), ones.next()),
            (Some(0), Some(3), Some(1), None)
        );
    }
}
