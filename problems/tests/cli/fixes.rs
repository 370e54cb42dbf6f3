//! Regressions fixed together: deep text trees, narrow knight's tours, counts too big to
//! count, knapsack items of weight or value 0.

use crate::common::{backtrack, text};

/// A tree as deep as its budget (a knight's tour finds its way without backtracking) takes
/// about as many bytes as it has entries, not the square of its depth.
#[test]
fn deep_text_trees_grow_with_their_entries_not_their_depth() {
    for stream in [false, true] {
        let mut args = vec!["knights-tour", "100", "100", "--tree"];
        if stream {
            args.extend(["--tree-stream", "--node-limit", "3000"]);
        } else {
            args.extend(["--tree-budget", "3000"]);
        }
        let output = backtrack(&args);
        assert_eq!(output.status.code(), Some(3), "{args:?}");
        let tree = text(&output.stdout);
        assert!(tree.len() < 3000 * 200, "{args:?}: {} bytes", tree.len());
        assert!(tree.contains(" depth 2999: v3000 ("), "{args:?}");
    }
}
