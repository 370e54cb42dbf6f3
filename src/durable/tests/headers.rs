//! What a run says when it is given a checkpoint whose header is not its own: the same
//! sentences the command line has always said.

use serde_json::json;

use super::queens;
use crate::durable::{parameter_difference, CheckpointError, Header, Identity, Shape};

const SPLIT: Shape = Shape {
    depth: 5,
    subproblems: 151,
};

/// The message `ours` gives for a file whose first line is `found`, named `--resume c.ck`.
fn refusal(ours: &Header, found: &Header) -> String {
    let text = serde_json::to_string(found).unwrap();
    ours.check(&text, "--resume c.ck").unwrap_err().to_string()
}

#[test]
fn a_header_of_the_same_search_is_accepted() {
    let ours = Header::count(queens(10), SPLIT, "0.1.0");
    ours.check(&serde_json::to_string(&ours).unwrap(), "c.ck")
        .unwrap();
}

#[test]
fn another_search_of_the_same_kind_is_refused_saying_what_differs() {
    let ours = Header::count(queens(10), SPLIT, "0.1.0");
    let subset = Identity::new("subset-sum", json!({"numbers": [1, 2], "target": 3}));
    let deeper = Shape {
        depth: 6,
        subproblems: 900,
    };
    for (found, said) in [
        (
            Header::count(queens(10), SPLIT, "0.0.9"),
            "--resume c.ck records another count: it was written by backtrack 0.0.9, not 0.1.0",
        ),
        (
            Header::count(subset.clone(), SPLIT, "0.1.0"),
            "--resume c.ck records another count: it counts subset-sum, not queens",
        ),
        (
            Header::count(queens(11), SPLIT, "0.1.0"),
            "--resume c.ck records another count: in it n is 11, not 10",
        ),
        (
            Header::count(queens(10), deeper, "0.1.0"),
            r#"--resume c.ck records another count: its split is {"depth":6,"subproblems":900}, not {"depth":5,"subproblems":151}"#,
        ),
    ] {
        assert_eq!(refusal(&ours, &found), said);
    }
    // The verbs of the other kinds.
    let listing = Header::listing(queens(9), "0.1.0");
    assert_eq!(
        refusal(&listing, &Header::listing(subset.clone(), "0.1.0")),
        "--resume c.ck records another listing: it lists subset-sum, not queens"
    );
    let best = Header::best(queens(9), "0.1.0");
    assert_eq!(
        refusal(&best, &Header::best(subset, "0.1.0")),
        "--resume c.ck records another branch and bound: it searches subset-sum, not queens"
    );
}

#[test]
fn another_kind_of_search_is_refused_saying_how_to_go_on_with_it() {
    let knapsack = Identity::new("knapsack", json!({"capacity": 50, "items": [[10, 60]]}));
    for (ours, found, said) in [
        (
            Header::listing(queens(9), "0.1.0"),
            Header::count(queens(9), SPLIT, "0.1.0"),
            "--resume c.ck is the checkpoint of a count of queens 9, not of a listing: resume it as a count (--count), or give the listing a checkpoint file of its own",
        ),
        (
            Header::best(knapsack.clone(), "0.1.0"),
            Header::listing(queens(9), "0.1.0"),
            "--resume c.ck is the checkpoint of a listing of queens 9, not of a branch and bound: resume it with backtrack queens as a listing (--all, --first or --limit K, no --count), or give the branch and bound a checkpoint file of its own",
        ),
        (
            Header::count(queens(8), SPLIT, "0.1.0"),
            Header::best(knapsack, "0.1.0"),
            "--resume c.ck is the checkpoint of a branch and bound of knapsack, not of a count: resume it with backtrack knapsack as a branch and bound (the best: none of --count, --all, --first and --limit), or give the count a checkpoint file of its own",
        ),
    ] {
        assert_eq!(refusal(&ours, &found), said);
        let err = ours
            .check(&serde_json::to_string(&found).unwrap(), "--resume c.ck")
            .unwrap_err();
        assert!(matches!(err, CheckpointError::OtherSearch { .. }));
        assert!(!err.is_failed_write());
        assert_eq!(err.named(), "--resume c.ck");
    }
}

#[test]
fn a_first_line_that_is_not_a_header_is_not_a_checkpoint() {
    let ours = Header::listing(queens(9), "0.1.0");
    for found in [
        "my notes",
        "{}",
        r#"{"checkpoint":"backtrack census","count":{}}"#,
        r#"{"checkpoint":7}"#,
        "[1,2]",
    ] {
        assert_eq!(
            ours.check(found, "--checkpoint c.ck")
                .unwrap_err()
                .to_string(),
            "--checkpoint c.ck is not a checkpoint of backtrack: its first line is not its header",
            "{found}"
        );
    }
}

#[test]
fn a_parameter_difference_names_the_first_that_differs() {
    let twelve = json!({"n": 12, "symmetry": "full"});
    for (other, said) in [
        (json!({"n": 13, "symmetry": "full"}), "n is 13, not 12"),
        (json!({"n": 12}), r#"it has no symmetry (here "full")"#),
        (
            json!({"k": 3, "n": 12, "symmetry": "full"}),
            "it has k 3, which the others have not",
        ),
        (
            json!(5),
            r#"its parameters are 5, not {"n":12,"symmetry":"full"}"#,
        ),
    ] {
        assert_eq!(parameter_difference(&twelve, &other), said);
    }
}
