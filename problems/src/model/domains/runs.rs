//! Sets of values as runs of consecutive values, gathered a word of bits at a time, so
//! that a domain of millions of values is shown by the intervals it is made of rather
//! than by each of its values.

use std::fmt;

/// The values of some words of bits, as the runs of consecutive values they make, in
/// increasing order: `{1..5,7,9,10}` shown. Words are added in increasing order of
/// base; a run goes on from one word to the next when the first's top bit and the
/// second's bottom bit are both set and the second's base follows on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Runs {
    runs: Vec<(i64, i64)>,
}

impl Runs {
    /// Adds the values of `word`, bit `k` for `base + k`. `base` is above every value
    /// added so far, and `base + k` a value for each bit `k` set.
    pub(crate) fn add_word(&mut self, base: i64, word: u64) {
        let mut rest = word;
        while rest != 0 {
            let start = rest.trailing_zeros();
            let len = (rest >> start).trailing_ones();
            let end = start + len - 1;
            let (lo, hi) = (base + i64::from(start), base + i64::from(end));
            match self.runs.last_mut() {
                Some((_, last)) if last.checked_add(1) == Some(lo) => *last = hi,
                _ => self.runs.push((lo, hi)),
            }
            rest = rest
                .checked_shr(end + 1)
                .map_or(0, |high| high << (end + 1));
        }
    }
}

/// The runs joined by commas, without braces: a run of one value shows `a`, of two
/// `a,b`, of more `a..b`.
impl fmt::Display for Runs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &(lo, hi)) in self.runs.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            if lo == hi {
                write!(f, "{lo}")?;
            } else if lo.checked_add(1) == Some(hi) {
                write!(f, "{lo},{hi}")?;
            } else {
                write!(f, "{lo}..{hi}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Runs;

    /// The runs of `values`, increasing, added word by word from base `base` (a multiple
    /// of 64 away from every value's word).
    fn runs_of(base: i64, values: &[i64]) -> Runs {
        let mut words: Vec<(i64, u64)> = Vec::new();
        for &value in values {
            let word_base = base + (value - base).div_euclid(64) * 64;
            let bit = 1u64 << (value - word_base);
            match words.last_mut() {
                Some((b, word)) if *b == word_base => *word |= bit,
                _ => words.push((word_base, bit)),
            }
        }
        let mut runs = Runs::default();
        for (b, word) in words {
            runs.add_word(b, word);
        }
        runs
    }

    #[test]
    fn runs_of_one_two_and_more_values() {
        assert_eq!(
            runs_of(0, &[1, 2, 3, 4, 5, 7, 9, 10]).to_string(),
            "1..5,7,9,10"
        );
        assert_eq!(runs_of(0, &[0]).to_string(), "0");
        assert_eq!(runs_of(0, &[]).to_string(), "");
        assert_eq!(runs_of(0, &[0, 2, 4]).to_string(), "0,2,4");
    }

    #[test]
    fn runs_across_word_boundaries() {
        assert_eq!(runs_of(0, &[63, 64]).to_string(), "63,64");
        assert_eq!(runs_of(0, &[62, 63, 64, 65]).to_string(), "62..65");
        assert_eq!(runs_of(0, &[63, 65]).to_string(), "63,65");
        assert_eq!(runs_of(0, &[64, 65]).to_string(), "64,65");
        assert_eq!(runs_of(0, &[63]).to_string(), "63");
        let all: Vec<i64> = (0..200).collect();
        assert_eq!(runs_of(0, &all).to_string(), "0..199");
        let gap: Vec<i64> = (0..200).filter(|&v| v != 64).collect();
        assert_eq!(runs_of(0, &gap).to_string(), "0..63,65..199");
        let high: Vec<i64> = (64..128).chain(192..256).collect();
        assert_eq!(runs_of(0, &high).to_string(), "64..127,192..255");
    }

    #[test]
    fn runs_of_a_whole_word_and_of_its_top_bit() {
        let mut runs = Runs::default();
        runs.add_word(0, u64::MAX);
        assert_eq!(runs.to_string(), "0..63");
        runs.add_word(64, 1 << 63);
        assert_eq!(runs.to_string(), "0..63,127");
        runs.add_word(128, 1);
        assert_eq!(runs.to_string(), "0..63,127,128");
        // A word not following on does not extend the run, though its bottom bit is set.
        runs.add_word(256, 0b111);
        assert_eq!(runs.to_string(), "0..63,127,128,256..258");
    }

    #[test]
    fn runs_below_zero() {
        assert_eq!(runs_of(-70, &[-70, -69, -68]).to_string(), "-70..-68");
        assert_eq!(runs_of(-70, &[-8, -7, -6, -5]).to_string(), "-8..-5");
        let across: Vec<i64> = (-10..=10).filter(|&v| v != 0).collect();
        assert_eq!(runs_of(-70, &across).to_string(), "-10..-1,1..10");
        assert_eq!(runs_of(-64, &[-1, 0]).to_string(), "-1,0");
        assert_eq!(runs_of(-65, &[-2, -1, 0]).to_string(), "-2..0");
    }

    #[test]
    fn runs_at_the_ends_of_the_integers() {
        let mut runs = Runs::default();
        runs.add_word(i64::MIN, 0b11);
        runs.add_word(i64::MAX - 63, 1 << 63);
        assert_eq!(
            runs.to_string(),
            format!("{},{},{}", i64::MIN, i64::MIN + 1, i64::MAX)
        );
    }
}
