//! The message of a worker of the work queue, as `u64` words: what is sent is what
//! comes back, and anything else is refused.

use std::time::Duration;

use proptest::prelude::*;

use crate::durable::{Done, MessageError, Report, Tally};
use crate::{Stats, StopReason};

/// A subproblem counted, as a message carries it (no bound, no time).
fn done() -> impl Strategy<Value = Done> {
    let stops = prop::sample::select(vec![
        None,
        Some(StopReason::Cancelled),
        Some(StopReason::TimeLimit),
        Some(StopReason::Observer),
    ]);
    (
        any::<u32>(),
        any::<u64>(),
        prop::option::of(0..u64::MAX),
        stops,
        any::<[u64; 5]>(),
        any::<u32>(),
    )
        .prop_map(|(index, count, unique, stopped, figures, max_depth)| Done {
            index: index as usize,
            found: Tally { count, unique },
            stats: Stats {
                nodes: figures[0],
                solutions: figures[1],
                dead_ends: figures[2],
                bounded: 0,
                rejections: figures[3],
                prunings: figures[4],
                max_depth: max_depth as usize,
                elapsed: Duration::ZERO,
            },
            stopped,
        })
}

proptest! {
    #[test]
    fn a_report_comes_back_as_it_was_sent(
        want in 0..1000usize,
        last in any::<bool>(),
        done in prop::collection::vec(done(), 0..5),
    ) {
        let report = Report { want, last, done };
        let words = report.encode();
        prop_assert_eq!(words.len(), 2 + report.done.len() * Done::WORDS);
        prop_assert_eq!(Report::decode(&words), Ok(report));
    }
}

#[test]
fn a_subproblem_is_ten_words_in_a_fixed_order() {
    let sent = Done {
        index: 7,
        found: Tally {
            count: 92,
            unique: None,
        },
        stats: Stats {
            nodes: 2057,
            solutions: 92,
            dead_ends: 3,
            bounded: 9,
            rejections: 4,
            prunings: 5,
            max_depth: 8,
            elapsed: Duration::from_secs(3),
        },
        stopped: Some(StopReason::NodeLimit),
    };
    let mut words = Vec::new();
    sent.encode(&mut words);
    assert_eq!(words, [7, 92, u64::MAX, 3, 2057, 92, 3, 4, 5, 8]);
    // Its bound and time are not sent; a stop other than these two comes back as an
    // observer's.
    let back = Done::decode(&words).unwrap();
    assert_eq!(back.stopped, Some(StopReason::Observer));
    assert_eq!(
        (back.stats.bounded, back.stats.elapsed),
        (0, Duration::ZERO)
    );
    assert_eq!(back.found, sent.found);
    assert_eq!(Done::decode(&words[1..]), None);
}

#[test]
fn words_that_are_not_a_report_are_refused() {
    let mut one = Vec::new();
    Done::default().encode(&mut one);
    // A stop no subproblem is sent with.
    one[3] = 4;
    for (words, err) in [
        (vec![], MessageError::Short { words: 0 }),
        (vec![3], MessageError::Short { words: 1 }),
        (vec![3, 0, 1], MessageError::Length { words: 3 }),
        (vec![3, 2], MessageError::Word { at: 1 }),
        ([&[3, 0][..], &one].concat(), MessageError::Word { at: 2 }),
    ] {
        assert_eq!(Report::decode(&words), Err(err), "{words:?}");
    }
    assert_eq!(
        MessageError::Length { words: 3 }.to_string(),
        "a message of 3 words: 2, then 10 a subproblem"
    );
}
