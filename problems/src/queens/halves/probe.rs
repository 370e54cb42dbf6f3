//! Knuth's probes of a count by half boards: the nodes of its half searches, estimated.

use backtrack::estimate::{self, Estimate};
use backtrack::{ByValue, Cancel, Problem, Search};

use super::blocks::HalfBlocks;
use super::walk::HalfWalk;
use super::watch::watched;
use crate::queens::bitboard::FreeSquares;

/// Estimates the work of a count by half boards of an `n`×`n` board by Knuth's random
/// probes: the nodes, solutions (halves found) and dead ends of its half searches, as
/// [`HalfJoin::searched`](super::HalfJoin::searched) counts them.
///
/// Each probe goes down the tree of blocks to a block, then down one of the block's half
/// searches, chosen at random, to a half or a dead end: one tree whose nodes are the
/// blocks' and the half searches', less the blocks' own nodes, counted exactly. A block
/// whose search of top halves finds none has its bottom halves left unsearched by the
/// count but not by the probes, so the figure is a little high there.
pub(crate) fn estimate_searched(
    n: usize,
    probes: u32,
    seed: u64,
    cancel: Option<&Cancel>,
) -> Estimate {
    // The nodes of the tree of blocks, counted exactly (seconds for the biggest): stopped
    // by `cancel` too, the probes then made none.
    let blocks = Search::new(HalfBlocks::new(n))
        .limits(watched(None, cancel))
        .count_solutions()
        .stats
        .nodes;
    let mut estimate = estimate::estimate_observed(
        HalfProbe {
            block: HalfBlocks::new(n),
            walk: None,
        },
        (),
        probes,
        seed,
        cancel,
    );
    estimate.nodes.mean = (estimate.nodes.mean - blocks as f64).max(0.0);
    estimate
}

/// The tree of a count by half boards as one tree, for [`estimate_searched`]: the tree of
/// blocks, each block's children its half searches (one for both sides when it fixes no
/// column), each searched to its last row. Searched by value.
#[derive(Clone, Copy, Debug)]
struct HalfProbe {
    block: HalfBlocks,
    /// The half search gone down, once the block is complete.
    walk: Option<HalfWalk>,
}

/// [`HalfProbe`]'s operator, at a complete block, for its search of top halves.
const TOPS: u64 = 1;
/// [`HalfProbe`]'s operator, at a complete block, for its search of bottom halves.
const BOTTOMS: u64 = 2;

impl Problem for HalfProbe {
    type Op = u64;
    type Ops = FreeSquares<u64>;
    type Solution = ();

    fn operators(&self) -> FreeSquares<u64> {
        match self.walk {
            Some(walk) if walk.rows == 0 => FreeSquares(0),
            Some(walk) => walk.operators(),
            None if self.block.is_complete() => match self.block.walks() {
                (_, None) => FreeSquares(TOPS),
                (_, Some(_)) => FreeSquares(TOPS | BOTTOMS),
            },
            None => FreeSquares(u64::from(self.block.operators().0)),
        }
    }

    fn apply(&mut self, op: u64) {
        match &mut self.walk {
            Some(walk) => walk.apply(op),
            None if self.block.is_complete() => {
                let (tops, bottoms) = self.block.walks();
                self.walk = Some(match bottoms {
                    Some(bottoms) if op == BOTTOMS => bottoms,
                    _ => tops,
                });
            }
            None => self.block.apply(op as u32),
        }
    }

    /// Never called: searched by value ([`Problem::BY_VALUE`]).
    fn undo(&mut self, _: u64) {
        unreachable!("HalfProbe is searched by value, never undone")
    }

    fn is_complete(&self) -> bool {
        self.walk.is_some_and(|walk| walk.rows == 0)
    }

    fn solution(&self) {}

    const BY_VALUE: Option<ByValue<Self>> = Some(ByValue::COPY);
}
