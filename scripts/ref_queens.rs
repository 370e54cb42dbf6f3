//! The yardstick counter (`ref_queens.c`) line for line in Rust: the same recursive bitwise
//! search, the same mirror halving, `--full` for the whole tree. It shows what the same
//! search costs hand-written in Rust, built by LLVM, beside the C built by gcc:
//!
//! ```text
//! rustc -C opt-level=3 -o ref_queens_rs scripts/ref_queens.rs
//! ../shared/yardstick/compare.py --full --runs 3 14 15 16 -- ./ref_queens_rs {n} --full
//! ```

fn count_from(all: u32, cols: u32, ld: u32, rd: u32) -> u64 {
    if cols == all {
        return 1;
    }
    let mut total = 0;
    let mut free = all & !(cols | ld | rd);
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        total += count_from(all, cols | bit, ((ld | bit) << 1) & all, (rd | bit) >> 1);
    }
    total
}

fn main() {
    let (mut n, mut full) = (0, false);
    for arg in std::env::args().skip(1) {
        if arg == "--full" {
            full = true;
        } else {
            n = arg.parse().unwrap_or(0);
        }
    }
    if !(1..=32).contains(&n) {
        eprintln!("usage: ref_queens N [--full], 1 <= N <= 32");
        std::process::exit(2);
    }
    let all = u32::MAX >> (32 - n);
    let from = |bit: u32| count_from(all, bit, (bit << 1) & all, bit >> 1);
    let total = if full {
        count_from(all, 0, 0, 0)
    } else {
        let halves: u64 = (0..n / 2).map(|c| 2 * from(1 << c)).sum();
        halves + if n % 2 == 1 { from(1 << (n / 2)) } else { 0 }
    };
    println!("{total}");
}
