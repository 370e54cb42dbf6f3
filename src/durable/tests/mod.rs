//! Tests of the durable records, directly on the types: their JSON against lines written
//! by the command line before they were library types, round trips, damage of every
//! kind, two runs on one file, and the merge of parts.

mod format;
mod headers;
mod journal;
mod message;
mod parts;
mod sharing;
mod snapshot;

use serde_json::json;

use super::Identity;
use crate::Problem;

/// Every string of `len` letters over an alphabet of `letters`: a tree whose every
/// subtree at a depth is the same size, which Knuth's estimate gets exactly.
#[derive(Clone, Debug)]
pub(super) struct Words {
    letters: u32,
    len: usize,
    word: Vec<u32>,
}

impl Words {
    pub(super) fn new(letters: u32, len: usize) -> Self {
        Words {
            letters,
            len,
            word: Vec::new(),
        }
    }
}

impl Problem for Words {
    type Op = u32;
    type Ops = std::ops::Range<u32>;
    type Solution = ();
    fn operators(&self) -> Self::Ops {
        0..self.letters
    }
    fn apply(&mut self, letter: u32) {
        self.word.push(letter);
    }
    fn undo(&mut self, _: u32) {
        self.word.pop();
    }
    fn is_complete(&self) -> bool {
        self.word.len() == self.len
    }
    fn solution(&self) {}
}

/// The identity the command line gives a count of `n` queens in the symmetric space.
pub(super) fn queens(n: u64) -> Identity {
    Identity::new("queens", json!({"n": n, "place": [], "symmetry": "full"}))
}

/// A directory of its own for a test's files, removed when dropped.
pub(super) fn scratch() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("backtrack-durable-")
        .tempdir()
        .expect("a temporary directory")
}

/// `bytes` with bit `bit` of byte `at` flipped.
pub(super) fn flipped(bytes: &[u8], at: usize, bit: u8) -> Vec<u8> {
    let mut changed = bytes.to_vec();
    changed[at] ^= 1 << bit;
    changed
}
