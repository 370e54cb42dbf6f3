//! The count shared out subproblem by subproblem: its split, and the threads that count
//! it into a journal, stopped and resumed.

use super::{queens, scratch, Words};
use crate::durable::{
    count_here, split_for_sharing, Budget, Divided, Generic, Header, Journal, Shared, Tally,
    BIGGEST_SUBPROBLEM, LEAST_SUBPROBLEMS,
};
use crate::split::{self, Subproblem};
use crate::{Cancel, Search, StopReason};

#[test]
fn a_shared_split_goes_deeper_until_its_biggest_subproblem_is_small() {
    // 16 letters, 9 long: the 256 subtrees at depth 2 have (16^8 - 1) / 15 nodes each, a
    // little over the bound, those at depth 3 a sixteenth of that.
    let root = Words::new(16, 9);
    let shared = Generic {
        problem: &root,
        depth: 1,
    };
    let least = shared.split(LEAST_SUBPROBLEMS);
    assert_eq!((least.depth, least.subproblems.len()), (2, 256));
    assert!(least.biggest() > BIGGEST_SUBPROBLEM);
    let divided = split_for_sharing(&shared);
    assert_eq!((divided.depth, divided.subproblems.len()), (3, 4096));
    assert!(divided.biggest() <= BIGGEST_SUBPROBLEM);
    // The same split again, estimates included: every process and every run splits alike.
    let again = split_for_sharing(&shared);
    assert_eq!(again.weights, divided.weights);
}

#[test]
fn a_shared_split_stays_at_enough_subproblems_when_they_are_small() {
    // 16 letters, 8 long: the subtrees at depth 2 have (16^7 - 1) / 15 nodes.
    let root = Words::new(16, 8);
    let shared = Generic {
        problem: &root,
        depth: 1,
    };
    let divided = split_for_sharing(&shared);
    assert_eq!((divided.depth, divided.subproblems.len()), (2, 256));
}

#[test]
fn a_shared_split_does_not_go_deeper_than_the_subproblems_it_can_keep() {
    // 260 letters: the 260 subtrees at depth 1 are far too big, but depth 2 has 67,600
    // nodes, more than a split keeps.
    let root = Words::new(260, 5);
    let shared = Generic {
        problem: &root,
        depth: 1,
    };
    let divided = split_for_sharing(&shared);
    assert_eq!((divided.depth, divided.subproblems.len()), (1, 260));
    assert!(divided.biggest() > BIGGEST_SUBPROBLEM);
    const { assert!(260 * 260 > split::MOST_SUBPROBLEMS) };
}

#[test]
fn biggest_first_skips_the_finished_and_breaks_ties_by_index() {
    let root = Words::new(2, 3);
    let mut divided = Generic {
        problem: &root,
        depth: 2,
    }
    .split(4);
    divided.weights = vec![1.0, 5.0, 1.0, 3.0];
    let mut finished = std::collections::BTreeMap::new();
    assert_eq!(divided.biggest_first(&finished), [1, 3, 0, 2]);
    finished.insert(3, crate::durable::Done::default());
    assert_eq!(divided.biggest_first(&finished), [1, 0, 2]);
}

/// The words of 7 letters over 4: 16,384 solutions, 21,845 nodes.
fn count_words(
    threads: usize,
    budget: &Budget,
    path: &std::path::Path,
) -> (crate::durable::Here, Divided) {
    let root = Words::new(4, 7);
    let shared = Generic {
        problem: &root,
        depth: 1,
    };
    let divided = split_for_sharing(&shared);
    let header = Header::count(queens(0), divided.shape(), "0.1.0");
    let mut journal = Journal::open(path, "c.ck", &header, &divided.subproblems).unwrap();
    let here = count_here(&shared, &divided, threads, budget, &mut journal).unwrap();
    (here, divided)
}

#[test]
fn a_count_here_adds_up_to_the_search_s_and_a_second_run_resumes_it_all() {
    let whole = Search::new(Words::new(4, 7)).count_solutions();
    let dir = scratch();
    let path = dir.path().join("c.ck");
    let budget = Budget::new(Cancel::new(), None);
    let (here, divided) = count_words(3, &budget, &path);
    assert_eq!(here.outcome.found, Tally::of(16_384));
    assert_eq!(here.outcome.found.count, whole.found);
    assert_eq!(here.outcome.stats.nodes, whole.stats.nodes);
    assert_eq!(here.outcome.stopped, None);
    assert_eq!((here.subproblems, here.resumed), (256, 0));
    assert_eq!(here.kept.subproblems, 256);
    assert_eq!(here.kept.found, here.outcome.found);
    let lines = std::fs::read_to_string(&path).unwrap().lines().count();
    assert_eq!(lines, 1 + divided.subproblems.len());
    let (again, _) = count_words(1, &budget, &path);
    assert_eq!((again.resumed, again.kept.subproblems), (256, 256));
    assert_eq!(again.outcome.found, here.outcome.found);
    assert_eq!(again.outcome.stats.nodes, here.outcome.stats.nodes);
    assert_eq!(
        again.resumed_nodes + divided.above.stats.nodes,
        whole.stats.nodes
    );
}

#[test]
fn a_stopped_count_keeps_nothing_unfinished_and_a_run_after_it_counts_the_rest() {
    let dir = scratch();
    let path = dir.path().join("c.ck");
    let cancel = Cancel::new();
    cancel.cancel();
    let (stopped, _) = count_words(2, &Budget::new(cancel, None), &path);
    assert_eq!(stopped.outcome.stopped, Some(StopReason::Cancelled));
    assert_eq!(stopped.kept.subproblems, 0);
    assert_eq!(std::fs::read_to_string(&path).unwrap().lines().count(), 1);
    // A journal cut down to some of its lines goes on to the same total.
    let (_, _) = count_words(2, &Budget::new(Cancel::new(), None), &path);
    let text = std::fs::read_to_string(&path).unwrap();
    let kept: Vec<&str> = text.lines().take(101).collect();
    std::fs::write(&path, kept.join("\n") + "\n").unwrap();
    let (rest, _) = count_words(2, &Budget::new(Cancel::new(), None), &path);
    assert_eq!(rest.resumed, 100);
    assert_eq!(rest.outcome.found, Tally::of(16_384));
}

#[test]
fn a_subproblem_of_another_tree_is_stopped_for_good() {
    let root = Words::new(2, 3);
    let shared = Generic {
        problem: &root,
        depth: 1,
    };
    let mut divided = shared.split(2);
    divided.subproblems[0] = Subproblem { path: vec![5] };
    let done = crate::durable::count_one(&shared, &divided, 0, crate::Limits::none());
    assert_eq!(done.stopped, Some(StopReason::Observer));
    let done = crate::durable::count_one(&shared, &divided, 1, crate::Limits::none());
    assert_eq!((done.stopped, done.found), (None, Tally::of(4)));
}
