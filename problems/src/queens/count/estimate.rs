//! A count's estimate: Knuth's probes of its tree, and a sample of it for its time.

use backtrack::estimate::{self, Estimate};
use backtrack::{Cancel, Limits, Outcome};

use super::{with_found, CountPlan, Counts, Mirrored, Reduction};
use crate::queens::bitboard::{with_mask, Mask, MaskJob};
use crate::queens::halves::{estimate_searched, sample_blocks, TimeEstimate};
use crate::queens::{BitQueens, BitState, SymmetricQueens};

impl CountPlan {
    /// A sample of this count, for the time of an estimate:
    /// [`run_in_order`](CountPlan::run_in_order) under `limits`, its nodes a second the
    /// speed of the count; except by half boards ([`Reduction::Halves`]), whose blocks cost
    /// too differently for a few of them to give the speed of all: blocks drawn at random
    /// (seeded with `seed`), in proportion to their estimated sizes, are joined instead, at
    /// least three draws, and their times give the count's time on one thread in seconds,
    /// the second figure returned (none when the sample joined every block). The sample's
    /// nodes are those [`estimate`](CountPlan::estimate) estimates (for half boards, those
    /// of the half searches).
    pub fn sample(&self, limits: Limits, seed: u64) -> (Outcome<Counts>, Option<TimeEstimate>) {
        if self.reduction == Reduction::Halves {
            let (outcome, seconds) = sample_blocks(self.placement.n(), &limits, seed);
            let counts = Counts {
                total: outcome.found,
                unique: None,
            };
            (with_found(&outcome, counts), seconds)
        } else {
            (self.run_in_order(limits), None)
        }
    }

    /// Estimates the count by Knuth's random probes ([`estimate`](backtrack::estimate)):
    /// the nodes of the tree that [`run`](CountPlan::run) searches (by half boards, the
    /// nodes of the half searches, which its statistics give), and the solutions of the
    /// board (the count's total, estimated on the whole tree). `cancel`, when set, ends the
    /// probing early.
    ///
    /// ```
    /// use backtrack_problems::queens::{CountPlan, Placement, Reduction};
    ///
    /// let plan = CountPlan::new(&Placement::empty(10), Reduction::Full)?;
    /// let guess = plan.estimate(20_000, 1, None);
    /// let (low, high) = guess.solutions.interval(0.0);
    /// assert!(low <= 724.0 && 724.0 <= high);
    /// # Ok::<(), backtrack_problems::queens::CountError>(())
    /// ```
    pub fn estimate(&self, probes: u32, seed: u64, cancel: Option<&Cancel>) -> Estimate {
        with_mask(
            self.placement.n(),
            Probe {
                plan: self,
                probes,
                seed,
                cancel,
            },
        )
    }
}

/// A [`CountPlan`]'s estimate, with a mask.
struct Probe<'a> {
    plan: &'a CountPlan,
    probes: u32,
    seed: u64,
    cancel: Option<&'a Cancel>,
}

impl MaskJob for Probe<'_> {
    type Output = Estimate;

    fn run<M: Mask>(self) -> Estimate {
        let Probe {
            plan,
            probes,
            seed,
            cancel,
        } = self;
        let n = plan.placement.n();
        let whole = BitQueens::<M>::with_placement(&plan.placement);
        let board = || estimate::estimate_observed(whole, (), probes, seed, cancel);
        // The board's probes and those of the tree searched run side by side, so that a
        // cancel cuts both short alike (one after the other, the second would make none).
        let (board, searched) = match plan.reduction {
            Reduction::Full if n > 1 => side_by_side(board, || {
                estimate::estimate_observed(SymmetricQueens::<M>::new(n), (), probes, seed, cancel)
            }),
            Reduction::Mirror => side_by_side(board, || {
                estimate::estimate_observed(
                    BitState::<M>::new(n),
                    Mirrored::below::<M>(n, &[]),
                    probes,
                    seed,
                    cancel,
                )
            }),
            Reduction::Halves => side_by_side(board, || estimate_searched(n, probes, seed, cancel)),
            Reduction::Full | Reduction::None => {
                let board = board();
                (board, board)
            }
        };
        Estimate {
            probes: searched.probes.min(board.probes),
            nodes: searched.nodes,
            solutions: board.solutions,
        }
    }
}

/// Runs `first` on a thread of its own while `second` runs on this one.
fn side_by_side(
    first: impl FnOnce() -> Estimate + Send,
    second: impl FnOnce() -> Estimate,
) -> (Estimate, Estimate) {
    std::thread::scope(|scope| {
        let first = scope.spawn(first);
        let second = second();
        let first = first
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (first, second)
    })
}
