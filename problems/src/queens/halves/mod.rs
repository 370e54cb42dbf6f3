//! Counting N-Queens by half boards: the queens of the top rows and those of the bottom
//! rows are searched apart, grouped by the columns they take, and joined (meet in the
//! middle).
//!
//! Split an `n`×`n` board into its top `h = n / 2` rows and its bottom rows (for an odd
//! `n`, the middle row's queen is chosen first and both halves have `h` rows). A solution
//! is a top half and a bottom half that take complementary columns and whose diagonals do
//! not meet. Seen from the row where the halves meet, each half's diagonals are two masks
//! of `n` bits, so a top and a bottom join exactly when their masks are disjoint.
//!
//! The halves are joined by *column groups*: which `h` columns the top half takes (and,
//! for an odd `n`, the middle queen's column). The groups are searched in *blocks*: a
//! block fixes the middle column and whether the top half takes each of a few columns,
//! the board's first ones or, on an even board, those at both ends ([`HalfBlocks`], whose
//! solutions are the blocks). For each block, the
//! [`HalfJoin`] observer searches every top half the block allows and every bottom half
//! (each a search of half boards through the engine), sorts both by their columns, and for
//! each group of the block counts the disjoint pairs of its tops and bottoms by splitting
//! both lists on one bit of the masks at a time (a pair survives a bit unless both have
//! it), the bits most shared first, down to small lists compared pair by pair.
//!
//! A block searches the halves of many groups at once: the groups that share a middle
//! column share most of the top rows' queens, so a block searches several times fewer
//! nodes than its groups searched one by one. The fewer columns a block fixes, the fewer
//! nodes it searches, but the more halves it holds in memory; [`block_columns`] weighs the
//! two.
//!
//! Turning the board upside down swaps the halves, which a block of the tree rules out
//! (from the left, the first column it fixes goes to the top half); the mirror image maps
//! the middle column `m` to `n - 1 - m`, which the tree rules out too (`m <= n / 2`), and
//! on an even board, whose blocks fix columns from both ends, maps a block to a block, of
//! which the tree searches the least. What is left of
//! those symmetries is in the groups: only one group of each class is joined
//! (the least of them in the blocks searched, by a scrambled order), and its count weighed
//! by the size of its class.
//!
//! The boards are never whole, so this count cannot tell classes of solutions apart (see
//! [`count_symmetric`](super::count_symmetric)); nor can it take queens placed first.
//!
//! The parts, one a file: the tree of blocks (`blocks`), the half searches (`walk`), the
//! lists that keep their halves and the cache that hands them on (`lists`), the join of a
//! block (`join`) and its kernel on two lists of keys (`pairs`), the limits they look at
//! (`watch`), and the estimates of a count: its nodes by probes (`probe`), its time by a
//! sample of blocks (`sample`).

mod blocks;
mod join;
mod lists;
mod pairs;
mod probe;
mod sample;
mod walk;
mod watch;

pub use blocks::{block_columns, HalfBlocks};
pub use join::HalfJoin;
pub(crate) use lists::HalfCache;
pub(crate) use probe::estimate_searched;
pub(crate) use sample::sample_blocks;
pub use sample::TimeEstimate;

/// The largest board [`Reduction::Halves`](super::Reduction::Halves) counts. The half
/// searches run on 64-bit masks with room for the diagonals on both sides of the board
/// (32 columns at most), and the halves of a block take memory.
pub const MAX_HALVES: usize = 27;

/// Pseudo-random numbers from `seed` (not 0): xorshift.
#[cfg(test)]
fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}
