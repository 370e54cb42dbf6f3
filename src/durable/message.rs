//! The message a worker of a work queue sends back (a rank of an MPI job to rank 0): how
//! many more subproblems it wants, whether it is its last, and the subproblems it counted
//! since its last message, each as [`Done::WORDS`] `u64` words. A vector of `u64` is what
//! MPI sends with no serialisation layer, and the same in every process.

use std::time::Duration;

use super::{Done, Tally};
use crate::{Stats, StopReason};

/// The `unique` word of a [`Done`] that counts no classes.
const NO_CLASSES: u64 = u64::MAX;

impl Done {
    /// The words of one subproblem in a [`Report`].
    pub const WORDS: usize = 10;

    /// Appends this subproblem's [`WORDS`](Done::WORDS) words to `out`: its index, its
    /// counts (no classes as `u64::MAX`), why it stopped (0 finished, 1 cancelled, 2 the
    /// time limit, 3 any other stop), and its statistics without `bounded` (a count has
    /// no bound) and without its time.
    pub fn encode(&self, out: &mut Vec<u64>) {
        let stopped = match self.stopped {
            None => 0,
            Some(StopReason::Cancelled) => 1,
            Some(StopReason::TimeLimit) => 2,
            Some(_) => 3,
        };
        out.extend([
            self.index as u64,
            self.found.count,
            self.found.unique.unwrap_or(NO_CLASSES),
            stopped,
            self.stats.nodes,
            self.stats.solutions,
            self.stats.dead_ends,
            self.stats.rejections,
            self.stats.prunings,
            self.stats.max_depth as u64,
        ]);
    }

    /// The subproblem [`encode`](Done::encode) wrote as `words`; `None` unless there are
    /// [`WORDS`](Done::WORDS) of them and the stop is one of those encoded. (A stop other
    /// than a cancellation or the time limit comes back as [`StopReason::Observer`].)
    pub fn decode(words: &[u64]) -> Option<Done> {
        let &[index, count, unique, stopped, nodes, solutions, dead_ends, rejections, prunings, max_depth] =
            words
        else {
            return None;
        };
        let stopped = match stopped {
            0 => None,
            1 => Some(StopReason::Cancelled),
            2 => Some(StopReason::TimeLimit),
            3 => Some(StopReason::Observer),
            _ => return None,
        };
        Some(Done {
            index: usize::try_from(index).ok()?,
            found: Tally {
                count,
                unique: (unique != NO_CLASSES).then_some(unique),
            },
            stats: Stats {
                nodes,
                solutions,
                dead_ends,
                bounded: 0,
                rejections,
                prunings,
                max_depth: usize::try_from(max_depth).ok()?,
                elapsed: Duration::ZERO,
            },
            stopped,
        })
    }
}

/// A worker's message to the queue: `[want, last, done…]` as `u64` words.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// How many more subproblems the worker wants.
    pub want: usize,
    /// Is this its last message (it has nothing in hand and was told there are no more)?
    pub last: bool,
    /// The subproblems it counted since its last message.
    pub done: Vec<Done>,
}

impl Report {
    /// The message as words.
    pub fn encode(&self) -> Vec<u64> {
        let mut words = Vec::with_capacity(2 + self.done.len() * Done::WORDS);
        words.extend([self.want as u64, u64::from(self.last)]);
        for done in &self.done {
            done.encode(&mut words);
        }
        words
    }

    /// The message whose words are `words`, refused if it is not one [`encode`](Report::encode)
    /// writes.
    pub fn decode(words: &[u64]) -> Result<Report, MessageError> {
        let [want, last, rest @ ..] = words else {
            return Err(MessageError::Short { words: words.len() });
        };
        if rest.len() % Done::WORDS != 0 {
            return Err(MessageError::Length { words: words.len() });
        }
        let last = match last {
            0 => false,
            1 => true,
            _ => return Err(MessageError::Word { at: 1 }),
        };
        let done = rest
            .chunks_exact(Done::WORDS)
            .enumerate()
            .map(|(k, chunk)| {
                Done::decode(chunk).ok_or(MessageError::Word {
                    at: 2 + k * Done::WORDS,
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Report {
            want: usize::try_from(*want).map_err(|_| MessageError::Word { at: 0 })?,
            last,
            done,
        })
    }
}

/// Why words are not a [`Report`]: a message from another program, or a bug.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MessageError {
    /// Fewer than the two words every message starts with.
    #[error("a message of {words} words: every message has at least 2")]
    Short {
        /// How many words it has.
        words: usize,
    },
    /// Its subproblems are not whole.
    #[error("a message of {words} words: 2, then 10 a subproblem")]
    Length {
        /// How many words it has.
        words: usize,
    },
    /// A word out of its range.
    #[error("word {at} of a message is out of its range")]
    Word {
        /// Its index in the message.
        at: usize,
    },
}
