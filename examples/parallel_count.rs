//! A problem of your own counted on every core: Langford pairings.
//!
//! Arrange two 1s, two 2s, …, two ns in a row so that between the two ks there are exactly
//! k numbers: `2 3 1 2 1 3` for n = 3. The state is which of the 2n places are taken (a bit
//! set: the state is `Copy`, cheap to clone for each part); the pairs are placed from the
//! largest down; an operator is the place of the first k of the pair, the second going
//! k + 1 places further; a place taken refuses it.
//!
//! `parallel::count` splits the tree at a depth (`SplitDepth(3)`: the nodes three levels
//! down, each the root of a subtree counted apart) and counts the subtrees on rayon's pool,
//! one thread a core (`RAYON_NUM_THREADS=2` for two): the problem needs only
//! `Clone + Send + Sync`, nothing else.
//!
//! `cargo run --release --example parallel_count -- 12`

use std::time::Instant;

use backtrack::{parallel, ParallelLimits, Problem, Search, SplitDepth};

/// Langford pairings of 1..=n, n ≤ 31 (2n places in a `u64`).
#[derive(Clone, Copy)]
pub struct Langford {
    n: u32,
    /// The places taken, bit i for place i.
    taken: u64,
    /// The number whose pair is placed next (n first, then down to 1; 0 when done).
    next: u32,
}

impl Langford {
    /// No pair placed yet.
    pub fn new(n: u32) -> Self {
        assert!((1..=31).contains(&n), "2n places must fit in 64 bits");
        Langford {
            n,
            taken: 0,
            next: n,
        }
    }
    /// The two places of `next`'s pair starting at `place`.
    fn pair(&self, place: u32) -> u64 {
        (1 << place) | (1 << (place + self.next + 1))
    }
}

impl Problem for Langford {
    type Op = u32; // the place of the first of the pair
    type Ops = std::ops::Range<u32>; // every place that leaves room for the second
    type Solution = ();

    fn operators(&self) -> Self::Ops {
        0..2 * self.n - self.next - 1
    }
    fn admissible(&self, place: u32) -> bool {
        self.taken & self.pair(place) == 0
    }
    fn apply(&mut self, place: u32) {
        self.taken |= self.pair(place);
        self.next -= 1;
    }
    fn undo(&mut self, place: u32) {
        self.next += 1;
        self.taken &= !self.pair(place);
    }
    fn is_complete(&self) -> bool {
        self.next == 0
    }
    fn solution(&self) {}
}

fn main() {
    let n = match std::env::args().nth(1).map(|arg| arg.parse::<u32>()) {
        None => 11,
        Some(Ok(n)) if (1..=31).contains(&n) => n,
        Some(_) => {
            eprintln!("parallel_count: expected n, a number from 1 to 31");
            std::process::exit(2);
        }
    };
    let start = Instant::now();
    let serial = Search::new(Langford::new(n)).count_solutions();
    let one = start.elapsed();
    let start = Instant::now();
    let all = parallel::count(&Langford::new(n), SplitDepth(3), &ParallelLimits::none());
    let every = start.elapsed();
    // The same count and the same tree, node for node.
    assert_eq!(all.found, serial.found);
    assert_eq!(all.stats.nodes, serial.stats.nodes);
    println!(
        "n = {n}: {} pairings ({} nodes of the tree); one thread {one:.2?}, {} threads {every:.2?}",
        all.found,
        all.stats.nodes,
        rayon::current_num_threads()
    );
}

#[test]
fn test() {
    // OEIS A014552 counts pairings up to reversal: 1, 1, 0, 0, 26, 150 for n = 3, 4, 5, 6,
    // 7, 8. Every pairing read backwards is another, so the count is twice that.
    for (n, halves) in [
        (1, 0),
        (2, 0),
        (3, 1),
        (4, 1),
        (5, 0),
        (6, 0),
        (7, 26),
        (8, 150),
    ] {
        for depth in 0..4 {
            let count = parallel::count(
                &Langford::new(n),
                SplitDepth(depth),
                &ParallelLimits::none(),
            );
            assert_eq!(count.found, 2 * halves, "n = {n}, split at depth {depth}");
            let serial = Search::new(Langford::new(n)).count_solutions();
            assert_eq!(count.stats.nodes, serial.stats.nodes);
        }
    }
}
