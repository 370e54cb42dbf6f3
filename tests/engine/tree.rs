//! The solution-tree recorder and the event trace: the textbook's tree of 4-queens, the
//! formats, the budget, streaming, and that recording changes nothing in the search.

use std::io::Write as _;
use std::process::{Command, Stdio};

use backtrack::observer::{from_fn, Event};
use backtrack::trace::{trace_of, Trace};
use backtrack::tree::{
    record, tree_of, Format, Label, Limit, Recorder, Status, Tree, TreeWriter, MAX_INDENT,
};
use backtrack::{Cancel, Control, Limits, Search, Stats, StopReason};
use backtrack_problems::knapsack::{Item, Knapsack};
use backtrack_problems::knights_tour::KnightsTour;
use backtrack_problems::queens::Queens;

use crate::common::NoAdjacentOnes;

/// A knapsack of capacity 5 whose search prunes: the best takes the first two items.
fn knapsack() -> Knapsack {
    let items = [(2, 3), (3, 4), (4, 5), (5, 6)].map(|(weight, value)| Item { weight, value });
    Knapsack::new(5, &items)
}

/// The counts of `stats`, without the time: what a tree counts.
fn untimed(stats: Stats) -> Stats {
    Stats {
        elapsed: std::time::Duration::ZERO,
        ..stats
    }
}

fn ids(tree: &Tree, status: Status) -> Vec<u64> {
    tree.nodes()
        .iter()
        .filter(|node| node.status == status)
        .filter_map(|node| node.id)
        .collect()
}

fn label_of(tree: &Tree, id: u64) -> &str {
    &tree.node(id).expect("recorded").label
}

#[test]
fn four_queens_is_the_textbook_tree() {
    let tree = tree_of(&Queens::new(4));
    let numbered: Vec<u64> = tree.nodes().iter().filter_map(|node| node.id).collect();
    assert_eq!(numbered, (1..=17).collect::<Vec<_>>());
    assert_eq!(ids(&tree, Status::Solution), [9, 13]);
    assert_eq!(ids(&tree, Status::DeadEnd), [3, 5, 16, 17]);
    assert_eq!(label_of(&tree, 1), "(0,0,0,0)");
    assert_eq!(label_of(&tree, 6), "(2,0,0,0)");
    assert_eq!(label_of(&tree, 9), "(2,4,1,3)");
    assert_eq!(label_of(&tree, 13), "(3,1,4,2)");
    assert_eq!(label_of(&tree, 14), "(4,0,0,0)");
    // v7 is the parent of v8; v13 a child of v12 (the textbook's examples).
    assert_eq!(tree.node(8).unwrap().parent, Some(7));
    assert_eq!(tree.node(13).unwrap().parent, Some(12));
    // Paths: v1 v2 v3, v1 v2 v4 v5, v1 v6 v7 v8 v9, …, v1 v14 v17.
    let children_of_root: Vec<u64> = tree
        .nodes()
        .iter()
        .filter(|node| node.parent == Some(1))
        .filter_map(|node| node.id)
        .collect();
    assert_eq!(children_of_root, [2, 6, 10, 14]);
}

#[test]
fn four_queens_text() {
    insta::assert_snapshot!(tree_of(&Queens::new(4)));
}

#[test]
fn four_queens_dot() {
    insta::assert_snapshot!(tree_of(&Queens::new(4)).dot());
}

#[test]
fn dot_edges_carry_the_operator_as_the_html_page_does() {
    let dot = tree_of(&Queens::new(4)).dot().to_string();
    // The textbook figure: the root's edges are the columns of the first queen.
    for (child, column) in [(2, 1), (6, 2), (10, 3), (14, 4)] {
        assert!(
            dot.contains(&format!("  v1 -> v{child} [label=\"{column}\"];\n")),
            "{dot}"
        );
    }
    assert!(dot.contains("  v8 -> v9 [label=\"3\"];\n"), "{dot}");
    // Refused attempts, when shown, are labelled too, and stay dashed.
    let dot = record(Queens::new(4), Recorder::new().show_rejected())
        .dot()
        .to_string();
    assert!(
        dot.contains("  v2 -> a2 [label=\"2\", style=dashed, color=gray50, fontcolor=gray50];\n"),
        "{dot}"
    );
}

#[test]
fn four_queens_json() {
    let tree = tree_of(&Queens::new(4));
    let json = tree.json().to_string();
    let parsed: serde_json::Value = serde_json::from_str(&json).expect("valid JSON");
    assert_eq!(parsed["nodes"].as_array().unwrap().len(), 17);
    assert_eq!(
        parsed["nodes"][0],
        serde_json::json!({"id":1,"parent":null,"depth":0,"op":null,"label":"(0,0,0,0)","status":"branch"})
    );
    assert_eq!(parsed["stats"]["nodes"], 17);
    insta::assert_snapshot!(json);
}

#[test]
fn four_queens_with_rejected_attempts() {
    let tree = record(Queens::new(4), Recorder::new().show_rejected());
    // The real nodes keep the textbook's numbers; every refused square is there, unnumbered.
    let numbered: Vec<u64> = tree.nodes().iter().filter_map(|node| node.id).collect();
    assert_eq!(numbered, (1..=17).collect::<Vec<_>>());
    let rejected = tree
        .nodes()
        .iter()
        .filter(|node| node.status == Status::Rejected)
        .count() as u64;
    assert_eq!(rejected, tree.stats().rejections);
    insta::assert_snapshot!(tree);
}

#[test]
fn five_queens_text() {
    let tree = tree_of(&Queens::new(5));
    assert_eq!(tree.nodes().len(), 54);
    assert_eq!(tree.solutions().count(), 10);
    insta::assert_snapshot!(tree);
}

#[test]
fn trace_of_a_tiny_problem() {
    insta::assert_snapshot!(trace_of(&NoAdjacentOnes {
        bits: vec![],
        len: 3
    }));
}

/// Ordered sums of 1 and 4 making 5, an operator labelled with its sign (`+4`) and the
/// refused attempts left to the default [`Label::child_label`].
#[derive(Clone)]
struct Sums {
    parts: Vec<u32>,
    left: u32,
}

impl backtrack::Problem for Sums {
    type Op = u32;
    type Ops = std::array::IntoIter<u32, 2>;
    type Solution = ();
    fn operators(&self) -> Self::Ops {
        [1, 4].into_iter()
    }
    fn admissible(&self, part: u32) -> bool {
        part <= self.left
    }
    fn apply(&mut self, part: u32) {
        self.parts.push(part);
        self.left -= part;
    }
    fn undo(&mut self, part: u32) {
        self.parts.pop();
        self.left += part;
    }
    fn is_complete(&self) -> bool {
        self.left == 0
    }
    fn solution(&self) {}
}

impl Label for Sums {
    fn label(&self) -> String {
        format!("{:?}", self.parts)
    }
    fn op_label(&self, part: u32) -> String {
        format!("+{part}")
    }
}

/// The default label of a refused attempt is its parent's label, then the operator's:
/// `[1, 1], then +4`, not `[1, 1] + +4`.
#[test]
fn a_refused_attempt_is_labelled_by_its_parent_then_its_operator() {
    let root = Sums {
        parts: vec![1, 1],
        left: 3,
    };
    assert_eq!(root.child_label(4), "[1, 1], then +4");
    let tree = record(
        Sums {
            parts: vec![],
            left: 5,
        },
        Recorder::new().show_rejected(),
    );
    insta::assert_snapshot!(tree);
}

#[test]
fn trace_numbers_nodes_like_the_tree() {
    let trace = trace_of(&Queens::new(4));
    assert!(trace.contains("enter v9 by 3 (2,4,1,3)\n"));
    assert!(trace.contains("solution v13\n"));
    assert_eq!(trace.matches("enter ").count(), 17);
    assert_eq!(trace.matches("backtrack ").count(), 17);
}

#[test]
fn recorder_counts_equal_the_engine_statistics() {
    for n in 1..=8 {
        let mut recorder = Recorder::new();
        let recorded = Search::new(Queens::new(n))
            .observer(&mut recorder)
            .count_solutions();
        let tree = recorder.into_tree();
        assert!(!tree.truncated(), "n = {n}");
        assert_eq!(tree.nodes().len() as u64, recorded.stats.nodes, "n = {n}");
        assert!(tree.is_complete(), "n = {n}");
        assert_eq!(*tree.stats(), untimed(recorded.stats), "n = {n}");
        assert_eq!(tree.solutions().count() as u64, recorded.found, "n = {n}");

        // Recording changes nothing in the search.
        let plain = Search::new(Queens::new(n)).count_solutions();
        assert_eq!(plain.found, recorded.found, "n = {n}");
        assert_eq!(untimed(plain.stats), untimed(recorded.stats), "n = {n}");
        assert_eq!(plain.stopped, recorded.stopped, "n = {n}");
    }
}

#[test]
fn eight_queens_fits_the_default_budget_with_every_attempt() {
    let tree = record(Queens::new(8), Recorder::new().show_rejected());
    assert!(!tree.truncated());
    assert_eq!(tree.stats().nodes, 2057);
    assert_eq!(
        tree.nodes().len() as u64,
        tree.stats().nodes + tree.stats().rejections
    );
}

#[test]
fn budget_bounds_the_recording_and_stops_the_search() {
    for recorder in [
        Recorder::new().budget(100),
        Recorder::new().budget(100).show_rejected(),
    ] {
        let mut recorder = recorder;
        let outcome = Search::new(Queens::new(10))
            .observer(&mut recorder)
            .count_solutions();
        let tree = recorder.into_tree();
        assert!(tree.truncated() && !tree.is_complete());
        assert!(tree.nodes().len() <= 100);
        assert_eq!(outcome.stopped, Some(StopReason::Observer));
        // The search entered the nodes the tree holds: the one that did not fit was refused
        // before it was entered.
        let numbered = tree.nodes().iter().filter(|node| node.id.is_some()).count() as u64;
        assert_eq!(tree.stats().nodes, numbered);
        assert_eq!(outcome.stats.nodes, numbered);
        // The nodes on the path when the search stopped are cut off, the root among them.
        assert_eq!(tree.nodes()[0].status, Status::CutOff);
        assert!(tree
            .to_string()
            .ends_with("recording stopped at the budget of 100 entries: the tree is incomplete\n"));
    }
}

/// The header of a tree cut at its budget, and the search's statistics, count the nodes it
/// draws (they once counted the node that did not fit as well: "6 nodes" over five drawn).
#[test]
fn a_tree_cut_at_its_budget_counts_the_nodes_it_draws() {
    let mut recorder = Recorder::new().budget(5);
    let outcome = Search::new(Queens::new(4))
        .observer(&mut recorder)
        .count_solutions();
    assert_eq!(outcome.stats.nodes, 5);
    let tree = recorder.into_tree();
    assert_eq!(tree.stats().nodes, 5);
    assert_eq!(
        tree.to_string(),
        "\
5 nodes, 0 solutions, 2 dead ends; 13 rejected attempts not shown
v1 (0,0,0,0)  … cut off
└── v2 (1,0,0,0)
    ├── v3 (1,3,0,0)  ✗ dead end
    └── v4 (1,4,0,0)
        └── v5 (1,4,2,0)  ✗ dead end
recording stopped at the budget of 5 entries: the tree is incomplete
"
    );
}

#[test]
fn a_tree_of_exactly_the_budget_is_complete() {
    let tree = record(Queens::new(4), Recorder::new().budget(17));
    assert!(!tree.truncated());
    assert_eq!(tree.nodes(), tree_of(&Queens::new(4)).nodes());
}

/// The entries of a big board carry long labels: a memory budget, not only a number of
/// entries, bounds what the recorder holds (1000-queens labels are about 4 KB each).
#[test]
fn a_memory_budget_bounds_trees_of_long_labels() {
    let memory = 1 << 20;
    let tree = record(Queens::new(1000), Recorder::new().memory(memory));
    assert!(tree.truncated());
    let used: usize = tree
        .nodes()
        .iter()
        .map(|node| node.label.len() + node.op.as_ref().map_or(0, String::len))
        .sum();
    assert!(used <= memory, "{used} bytes of labels");
    assert!(tree.nodes().len() > 100, "{} entries", tree.nodes().len());
    assert!(tree
        .text()
        .to_string()
        .ends_with("recording stopped at the memory budget of 1.0 MiB: the tree is incomplete\n"));
}

#[test]
fn a_budget_of_one_entry_says_so_in_the_singular() {
    let tree = record(Queens::new(4), Recorder::new().budget(1));
    assert!(tree
        .text()
        .to_string()
        .ends_with("recording stopped at the budget of 1 entry: the tree is incomplete\n"));
}

/// A tree whose search was stopped says why, in its note and its JSON (recorded and
/// streamed).
#[test]
fn a_stopped_tree_says_why() {
    let mut recorder = Recorder::new();
    Search::new(Queens::new(6))
        .observer(&mut recorder)
        .limits(Limits::none().nodes(20))
        .count_solutions();
    let tree = recorder.into_tree();
    assert_eq!(tree.stopped(), Some(StopReason::NodeLimit));
    assert!(tree.text().to_string().ends_with(
        "the search stopped before the end (node limit reached): the tree is incomplete\n"
    ));
    let json: serde_json::Value = serde_json::from_str(&tree.json().to_string()).unwrap();
    assert_eq!(json["stopped"], "node_limit");

    let mut writer = TreeWriter::new(Vec::new(), Format::Json);
    Search::new(Queens::new(6))
        .observer(&mut writer)
        .limits(Limits::none().nodes(20))
        .count_solutions();
    let out = String::from_utf8(writer.finish().unwrap()).unwrap();
    let end: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(end["end"]["stopped"], "node_limit");
    assert_eq!(end["end"]["complete"], false);

    // Whole: no reason to give.
    assert_eq!(tree_of(&Queens::new(4)).stopped(), None);
}

/// A tree cut at the recorder's budget says it stopped, as its search does: the recorder,
/// an observer, stopped it. Its JSON names the budget, as the command line does.
#[test]
fn a_tree_cut_at_its_budget_is_stopped_as_its_search_is() {
    for (recorder, key, limit) in [
        (
            Recorder::new().budget(10),
            "tree_budget",
            Limit::Entries(10),
        ),
        (
            Recorder::new().memory(2000),
            "tree_memory",
            Limit::Memory(2000),
        ),
    ] {
        let mut recorder = recorder;
        let outcome = Search::new(Queens::new(6))
            .observer(&mut recorder)
            .count_solutions();
        let tree = recorder.into_tree();
        assert_eq!(tree.truncated_at(), Some(limit));
        assert_eq!(outcome.stopped, Some(StopReason::Observer));
        assert_eq!(tree.stopped(), outcome.stopped);
        let json: serde_json::Value = serde_json::from_str(&tree.json().to_string()).unwrap();
        assert_eq!(json["stopped"], key);
        assert_eq!(
            (&json["truncated"], &json["complete"]),
            (&true.into(), &false.into())
        );
    }
    // Named by the caller, the caller's name wins.
    let mut tree = record(Queens::new(6), Recorder::new().budget(10));
    tree.name_stop("budget", "at the budget");
    let json: serde_json::Value = serde_json::from_str(&tree.json().to_string()).unwrap();
    assert_eq!(json["stopped"], "budget");
}

#[test]
fn a_limit_cuts_off_the_open_path() {
    let mut recorder = Recorder::new();
    let outcome = Search::new(Queens::new(4))
        .observer(&mut recorder)
        .limits(Limits::none().solutions(1))
        .count_solutions();
    assert_eq!(outcome.stopped, Some(StopReason::SolutionLimit));
    let tree = recorder.into_tree();
    assert!(!tree.truncated());
    assert_eq!(tree.nodes().len(), 9);
    assert_eq!(ids(&tree, Status::Solution), [9]);
    assert_eq!(ids(&tree, Status::CutOff), [1, 6, 7, 8]);
    assert_eq!(ids(&tree, Status::Branch), [2, 4]);
    assert!(!tree.is_complete() && !tree.truncated());
    assert!(tree.to_string().ends_with(
        "\nthe search stopped before the end (solution limit reached): the tree is incomplete\n"
    ));
}

#[test]
fn a_node_pruned_by_another_observer_is_marked_pruned() {
    let mut recorder = Recorder::new();
    // Never place the first queen in column 2.
    let pruner = from_fn(|_: &Queens, event| match event {
        Event::Enter {
            depth: 1,
            op: Some(1),
        } => Control::Prune,
        _ => Control::Continue,
    });
    let outcome = Search::new(Queens::new(4))
        .observer((&mut recorder, pruner))
        .count_solutions();
    assert_eq!(outcome.found, 1);
    let tree = recorder.into_tree();
    assert_eq!(ids(&tree, Status::Pruned), [6]);
    assert_eq!(tree.stats().nodes, outcome.stats.nodes);
}

#[test]
fn branch_and_bound_shows_its_pruned_attempts() {
    let problem = knapsack();
    let mut recorder = Recorder::new();
    let outcome = Search::new(problem.clone()).observer(&mut recorder).best();
    assert_eq!(outcome.found.as_ref().map(|(_, v)| *v), Some(7));
    let tree = recorder.into_tree();
    let pruned = tree
        .nodes()
        .iter()
        .filter(|node| node.status == Status::Pruned && node.id.is_none())
        .count() as u64;
    assert!(pruned > 0);
    assert_eq!(pruned, outcome.stats.prunings);
    insta::assert_snapshot!(tree);
}

/// Streams a search of `problem` in `format`.
fn stream<P: Label>(problem: P, format: Format, rejected: bool) -> String {
    let mut writer = TreeWriter::new(Vec::new(), format);
    if rejected {
        writer = writer.show_rejected();
    }
    Search::new(problem).observer(&mut writer).count_solutions();
    String::from_utf8(writer.finish().unwrap()).unwrap()
}

/// A knight's tour of 12×12 from a corner: a path 144 nodes deep, found without
/// backtracking.
fn deep_path() -> KnightsTour {
    KnightsTour::new(12, 12, (0, 0), false)
}

#[test]
fn deep_text_trees_stop_indenting_at_max_indent_and_say_the_depth() {
    let mut recorder = Recorder::new();
    Search::new(deep_path())
        .observer(&mut recorder)
        .next()
        .unwrap();
    let text = recorder.into_tree().text().to_string();
    let lines: Vec<&str> = text.lines().collect();
    // The counts, the 144 nodes, the note that the search stopped at the first tour.
    assert_eq!(lines.len(), 1 + 144 + 1, "{text}");
    // Up to MAX_INDENT levels as before: 4 columns a level, the last of them the branch.
    let indent = |depth: usize| "    ".repeat(depth - 1) + "└── ";
    assert!(lines[1].starts_with("v1 (1,1) #1"), "{}", lines[1]);
    assert!(lines[2].starts_with(&(indent(1) + "v2 ")), "{}", lines[2]);
    assert!(
        lines[1 + MAX_INDENT].starts_with(&(indent(MAX_INDENT) + "v33 ")),
        "{}",
        lines[1 + MAX_INDENT]
    );
    // Deeper, the same indentation, and the depth written out.
    assert!(
        lines[2 + MAX_INDENT].starts_with(&(indent(MAX_INDENT) + "depth 33: v34 ")),
        "{}",
        lines[2 + MAX_INDENT]
    );
    assert!(
        lines[144].starts_with(&(indent(MAX_INDENT) + "depth 143: v144 (")),
        "{}",
        lines[144]
    );
    assert!(lines[144].ends_with(" #144  ✓ solution"), "{}", lines[144]);
    let longest = lines.iter().map(|line| line.chars().count()).max().unwrap();
    assert!(longest < 4 * MAX_INDENT + 50, "{longest}");

    // Streamed: two spaces a level, up to MAX_INDENT levels.
    let mut writer = TreeWriter::new(Vec::new(), Format::Text);
    Search::new(deep_path())
        .observer(&mut writer)
        .next()
        .unwrap();
    let streamed = String::from_utf8(writer.finish().unwrap()).unwrap();
    let lines: Vec<&str> = streamed.lines().collect();
    assert!(
        lines[32].starts_with(&(" ".repeat(64) + "v33 ")),
        "{}",
        lines[32]
    );
    assert!(
        lines[33].starts_with(&(" ".repeat(64) + "depth 33: v34 ")),
        "{}",
        lines[33]
    );
    assert!(lines[143].starts_with(&(" ".repeat(64) + "depth 143: v144 ")));
    let longest = lines.iter().map(|line| line.chars().count()).max().unwrap();
    assert!(longest < 2 * MAX_INDENT + 50, "{longest}");
}

/// The entries of a JSON stream, and its last line's `end` object.
fn json_stream(out: &str) -> (Vec<serde_json::Value>, serde_json::Value) {
    let mut lines: Vec<serde_json::Value> = out
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect();
    let mut last = lines.pop().expect("an end line");
    (lines, last["end"].take())
}

#[test]
fn streamed_json_lines_are_the_recorded_nodes() {
    for rejected in [false, true] {
        for n in 1..=6 {
            let recorder = if rejected {
                Recorder::new().show_rejected()
            } else {
                Recorder::new()
            };
            let tree = record(Queens::new(n), recorder);
            let (streamed, end) = json_stream(&stream(Queens::new(n), Format::Json, rejected));
            let recorded: Vec<serde_json::Value> = tree
                .nodes()
                .iter()
                .map(|node| serde_json::to_value(node).unwrap())
                .collect();
            assert_eq!(streamed, recorded, "n = {n}, rejected = {rejected}");
            assert_eq!(end["stats"], serde_json::to_value(tree.stats()).unwrap());
            assert_eq!(end["complete"], true);
            assert_eq!(end["cut_off"], serde_json::json!([]));
        }
    }
    let problem = knapsack();
    let mut writer = TreeWriter::new(Vec::new(), Format::Json);
    Search::new(problem.clone()).observer(&mut writer).best();
    let (streamed, _) = json_stream(&String::from_utf8(writer.finish().unwrap()).unwrap());
    let mut recorder = Recorder::new();
    Search::new(problem).observer(&mut recorder).best();
    let recorded: Vec<serde_json::Value> = recorder
        .into_tree()
        .nodes()
        .iter()
        .map(|node| serde_json::to_value(node).unwrap())
        .collect();
    assert_eq!(streamed, recorded);
}

/// A JSON stream ends with a line of counts that says whether the tree is complete: a
/// stream cut off on its way (it once ended after any node line) has no such line.
#[test]
fn a_json_stream_ends_with_its_counts() {
    let out = stream(Queens::new(4), Format::Json, false);
    assert!(out.ends_with(concat!(
        r#"{"end":{"stats":{"nodes":17,"solutions":2,"dead_ends":4,"bounded":0,"#,
        r#""rejections":44,"#,
        r#""prunings":0,"max_depth":4},"complete":true,"stopped":null,"cut_off":[]}}"#,
        "\n"
    )));
}

/// Streams a search of 30-queens in `format` beside a recorder, cancelled after `nodes`
/// nodes: returns the stream, the recorded tree and the outcome's statistics.
fn cancelled_stream(format: Format, nodes: u64) -> (String, Tree, Stats) {
    let cancel = Cancel::new();
    let mut writer = TreeWriter::new(Vec::new(), format);
    let mut recorder = Recorder::new();
    let mut seen = 0;
    let outcome = Search::new(Queens::new(30))
        .limits(Limits::none().cancel(cancel.clone()))
        .observer((
            (&mut writer, &mut recorder),
            from_fn(|_: &Queens, event| {
                if let Event::Enter { .. } = event {
                    seen += 1;
                    if seen == nodes {
                        cancel.cancel();
                    }
                }
                Control::Continue
            }),
        ))
        .count_solutions();
    assert_eq!(outcome.stopped, Some(StopReason::Cancelled));
    assert!(!writer.is_complete());
    let out = String::from_utf8(writer.finish().unwrap()).unwrap();
    (out, recorder.into_tree(), outcome.stats)
}

/// A stopped search's stream ends whole: every line complete, the end of its format
/// written, the nodes left open named as cut off, and the tree said to be incomplete.
#[test]
fn a_cancelled_search_streams_a_whole_incomplete_tree() {
    let (out, tree, stats) = cancelled_stream(Format::Json, 300);
    let (entries, end) = json_stream(&out);
    assert_eq!(entries.len() as u64, stats.nodes);
    assert_eq!(end["stats"]["nodes"], stats.nodes);
    assert_eq!(end["complete"], false);
    let cut_off: Vec<u64> = serde_json::from_value(end["cut_off"].clone()).unwrap();
    assert_eq!(cut_off[0], 1);
    assert_eq!(cut_off, ids(&tree, Status::CutOff));
    assert!(!tree.is_complete() && !tree.truncated());

    let (out, tree, _) = cancelled_stream(Format::Dot, 300);
    assert!(out.ends_with("\n}\n"), "{out}");
    assert!(out.lines().all(|line| line.ends_with(';')
        || line.starts_with("  //")
        || line.ends_with('{')
        || line == "}"));
    for id in ids(&tree, Status::CutOff) {
        assert!(out.contains(&format!("\n  v{id} [style=\"rounded,dashed\"];\n")));
    }
    assert!(out.contains("the search stopped before the end (cancelled): the tree is incomplete"));
    render_svg(&out);

    let (out, _, stats) = cancelled_stream(Format::Text, 300);
    let mut lines = out.lines().rev();
    assert_eq!(
        lines.next(),
        Some("the search stopped before the end (cancelled): the tree is incomplete")
    );
    assert!(lines
        .next()
        .unwrap()
        .starts_with(&format!("{} nodes, ", stats.nodes)));
    assert!(out.ends_with('\n'));
}

#[test]
fn writer_counts_equal_the_engine_statistics() {
    for n in 1..=8 {
        for format in [Format::Text, Format::Dot, Format::Json] {
            let mut writer = TreeWriter::new(std::io::sink(), format).show_rejected();
            let outcome = Search::new(Queens::new(n))
                .observer(&mut writer)
                .count_solutions();
            assert_eq!(*writer.stats(), untimed(outcome.stats), "n = {n}");
            assert!(writer.is_complete(), "n = {n}");
            assert_eq!(outcome.stopped, None);
            writer.finish().unwrap();
        }
    }
}

#[test]
fn streamed_text_of_four_queens() {
    insta::assert_snapshot!(stream(Queens::new(4), Format::Text, false));
}

#[test]
fn streaming_stops_the_search_at_a_write_error() {
    /// Accepts `room` bytes, then fails.
    #[derive(Debug)]
    struct Full {
        room: usize,
    }
    impl std::io::Write for Full {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if buf.len() > self.room {
                return Err(std::io::Error::other("disk full"));
            }
            self.room -= buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut writer = TreeWriter::new(Full { room: 1000 }, Format::Text);
    let outcome = Search::new(Queens::new(12))
        .observer(&mut writer)
        .count_solutions();
    assert_eq!(outcome.stopped, Some(StopReason::Observer));
    assert!(outcome.stats.nodes < 100);
    assert_eq!(writer.finish().unwrap_err().to_string(), "disk full");
}

/// Renders DOT with the real Graphviz, if it is installed (CI installs it).
fn render_svg(dot: &str) {
    let Ok(mut child) = Command::new("dot")
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    else {
        eprintln!("note: Graphviz `dot` is not on PATH; the DOT output was not rendered");
        return;
    };
    child
        .stdin
        .take()
        .unwrap()
        .write_all(dot.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "dot failed: {stderr}");
    assert!(stderr.is_empty(), "dot warned: {stderr}");
    assert!(String::from_utf8_lossy(&output.stdout).contains("<svg"));
}

#[test]
fn dot_renders_with_graphviz() {
    render_svg(&tree_of(&Queens::new(4)).dot().to_string());
    render_svg(
        &record(Queens::new(5), Recorder::new().show_rejected())
            .dot()
            .to_string(),
    );
    render_svg(
        &record(Queens::new(8), Recorder::new().budget(30))
            .dot()
            .to_string(),
    );
    render_svg(&stream(Queens::new(4), Format::Dot, true));
    // Labels with quotes and backslashes are escaped.
    render_svg(
        &tree_of(&NoAdjacentOnes {
            bits: vec![],
            len: 2,
        })
        .dot()
        .to_string(),
    );
    let knapsack = knapsack();
    let mut recorder = Recorder::new();
    Search::new(knapsack).observer(&mut recorder).best();
    render_svg(&recorder.into_tree().dot().to_string());
}

#[test]
fn trace_observer_can_be_combined() {
    let mut trace = Trace::new();
    let mut recorder = Recorder::new();
    Search::new(Queens::new(4))
        .observer((&mut trace, &mut recorder))
        .count_solutions();
    assert_eq!(trace.into_string(), trace_of(&Queens::new(4)));
    assert_eq!(recorder.into_tree(), tree_of(&Queens::new(4)));
}

/// Paying 5 with coins of 1 and 2, order mattering; an operator's label names the amount
/// left when it is applied, so it depends on the state.
#[derive(Clone)]
struct Pay {
    left: u32,
}

impl backtrack::Problem for Pay {
    type Op = u32;
    type Ops = std::array::IntoIter<u32, 2>;
    type Solution = ();
    fn operators(&self) -> Self::Ops {
        [1, 2].into_iter()
    }
    fn admissible(&self, coin: u32) -> bool {
        coin <= self.left
    }
    fn apply(&mut self, coin: u32) {
        self.left -= coin;
    }
    fn undo(&mut self, coin: u32) {
        self.left += coin;
    }
    fn is_complete(&self) -> bool {
        self.left == 0
    }
    fn solution(&self) {}
}

impl Label for Pay {
    fn label(&self) -> String {
        format!("{} left", self.left)
    }
    fn op_label(&self, coin: u32) -> String {
        format!("pay {coin} of {}", self.left)
    }
}

#[test]
fn an_operator_is_labelled_on_the_state_it_applies_to_entered_or_refused() {
    let tree = record(Pay { left: 5 }, Recorder::new().show_rejected());
    for node in tree.nodes() {
        let (Some(op), Some(parent)) = (&node.op, node.parent) else {
            continue;
        };
        // The parent's state: `N left`; the operator applied to it: `pay C of N`.
        let parent_left = label_of(&tree, parent).trim_end_matches(" left");
        assert!(
            op.ends_with(&format!(" of {parent_left}")),
            "{op} under {parent_left}"
        );
    }
    // Entered nodes and refused attempts both: `pay 2 of 1` is refused under `1 left`.
    assert!(tree
        .nodes()
        .iter()
        .any(|n| n.id.is_none() && n.op.as_deref() == Some("pay 2 of 1")));
    assert!(tree
        .nodes()
        .iter()
        .any(|n| n.id.is_some() && n.op.as_deref() == Some("pay 2 of 5")));
    let trace = trace_of(&Pay { left: 2 });
    assert!(trace.contains("enter v2 by pay 1 of 2 1 left"), "{trace}");
    assert!(trace.contains("reject pay 2 of 1"), "{trace}");
}

#[test]
fn the_tree_of_any_mode_the_first_solution_or_the_best() {
    use backtrack::trace::trace_with;
    use backtrack::tree::{best_tree_of, record_with};
    // 4-queens up to its first solution: v1..v9, v9 the solution, nothing after it.
    let first = record_with(Queens::new(4), Recorder::new(), |mut search| {
        assert!(search.next().is_some());
    });
    assert_eq!(ids(&first, Status::Solution), [9]);
    assert_eq!(first.nodes().iter().filter_map(|n| n.id).max(), Some(9));
    // The branch and bound of the knapsack: the bound's prunings are drawn, and the tree
    // counts what the search counted.
    let best = best_tree_of(&knapsack());
    let outcome = Search::new(knapsack()).best();
    assert_eq!(best.stats().nodes, outcome.stats.nodes);
    assert_eq!(best.stats().prunings, outcome.stats.prunings);
    assert!(outcome.stats.prunings > 0);
    assert_eq!(
        best.nodes()
            .iter()
            .filter(|n| n.status == Status::Pruned)
            .count() as u64,
        outcome.stats.prunings
    );
    // The same for the trace.
    let trace = trace_with(knapsack(), |search| {
        search.best();
    });
    assert_eq!(
        trace
            .lines()
            .filter(|l| l.trim_start().starts_with("prune"))
            .count() as u64,
        outcome.stats.prunings
    );
}

/// A node whose children were all refused, one at least by the bound, is not a dead end:
/// it is bounded, in the tree and in the statistics alike.
#[test]
fn a_node_the_bound_ends_is_bounded_not_a_dead_end() {
    let items = [(3, 6), (2, 3), (2, 3), (4, 5)].map(|(weight, value)| Item { weight, value });
    let mut recorder = Recorder::new();
    let outcome = Search::new(Knapsack::new(6, &items))
        .observer(&mut recorder)
        .best();
    assert_eq!(outcome.found.as_ref().map(|(_, v)| *v), Some(9));
    let tree = recorder.into_tree();
    assert_eq!(ids(&tree, Status::Bounded), [7]);
    assert_eq!(ids(&tree, Status::DeadEnd), [] as [u64; 0]);
    assert_eq!((outcome.stats.bounded, outcome.stats.dead_ends), (1, 0));
    assert_eq!(untimed(*tree.stats()), untimed(outcome.stats));
    let v7 = tree
        .nodes()
        .iter()
        .position(|node| node.id == Some(7))
        .unwrap();
    let below: Vec<Status> = tree.nodes()[v7 + 1..]
        .iter()
        .take_while(|node| node.parent == Some(7))
        .map(|node| node.status)
        .collect();
    assert_eq!(below, [Status::Pruned]);
    insta::assert_snapshot!(tree);
}
