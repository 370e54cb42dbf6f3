//! The HTML form of a tree: a well-formed, self-contained page carrying the tree's data.
//! (The page rendered in a real browser is tested with the command line.)

use backtrack::tree::{record, tree_of, Label, Recorder, Status};
use backtrack::{Problem, Search};
use backtrack_problems::knapsack::{Item, Knapsack};
use backtrack_problems::queens::Queens;

/// The elements HTML allows without a closing tag (those the page uses).
const VOID: &[&str] = &["meta", "input", "br", "img", "link"];

/// Checks that every element is closed, in order, and returns the names of the elements
/// opened (in document order). The contents of `<script>` and `<style>` are raw text, up
/// to their closing tag; `<!DOCTYPE …>` comes first.
fn elements(page: &str) -> Vec<String> {
    assert!(page.starts_with("<!DOCTYPE html>\n"), "doctype");
    let mut rest = &page["<!DOCTYPE html>".len()..];
    let mut open: Vec<String> = Vec::new();
    let mut seen = Vec::new();
    while let Some(at) = rest.find('<') {
        rest = &rest[at + 1..];
        let end = rest.find('>').expect("a tag ends");
        let tag = &rest[..end];
        rest = &rest[end + 1..];
        assert!(
            !tag.starts_with('!'),
            "no comments or second doctype: <{tag}>"
        );
        if let Some(name) = tag.strip_prefix('/') {
            let top = open
                .pop()
                .unwrap_or_else(|| panic!("</{name}> closes nothing"));
            assert_eq!(top, name, "</{name}> closes <{top}>");
            continue;
        }
        let name: String = tag
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        assert!(!name.is_empty(), "a tag has a name: <{tag}>");
        seen.push(name.clone());
        if tag.ends_with('/') || VOID.contains(&name.as_str()) {
            continue;
        }
        if name == "script" || name == "style" {
            let close = format!("</{name}>");
            let body = rest.find(&close).expect("raw text is closed");
            rest = &rest[body + close.len()..];
            continue;
        }
        open.push(name);
    }
    assert!(open.is_empty(), "left open: {open:?}");
    assert_eq!(rest.trim(), "", "nothing after </html>");
    seen
}

/// The text of the page's data element.
fn data_part(page: &str) -> &str {
    let start = "<script type=\"application/json\" id=\"tree-data\">\n";
    let from = page.find(start).expect("the data element") + start.len();
    let to = from + page[from..].find("</script>").expect("its end");
    &page[from..to]
}

/// Every `http://` or `https://` in the page, with what follows up to a quote or space.
fn addresses(page: &str) -> Vec<&str> {
    let mut found = Vec::new();
    for scheme in ["http://", "https://"] {
        for (at, _) in page.match_indices(scheme) {
            let end = page[at..]
                .find(|c: char| c == '"' || c == '\'' || c.is_whitespace())
                .map_or(page.len(), |end| at + end);
            found.push(&page[at..end]);
        }
    }
    found
}

#[test]
fn four_queens_page_is_well_formed_and_self_contained() {
    let page = tree_of(&Queens::new(4))
        .html()
        .title("queens 4")
        .to_string();
    let elements = elements(&page);
    for name in ["html", "head", "style", "body", "svg", "script"] {
        assert!(elements.iter().any(|e| e == name), "no <{name}>");
    }
    assert_eq!(elements.iter().filter(|e| *e == "html").count(), 1);
    assert_eq!(elements.iter().filter(|e| *e == "script").count(), 2);
    // Nothing fetched: no external scripts, style sheets, images or frames.
    for (tag, what) in [
        ("<script src", "script"),
        ("<link", "style sheet"),
        ("<img", "image"),
        ("<iframe", "frame"),
        ("url(", "CSS resource"),
        ("@import", "CSS import"),
        ("fetch(", "fetch"),
        ("XMLHttpRequest", "request"),
    ] {
        assert!(!page.contains(tag), "an external {what}: {tag}");
    }
    // The only addresses are XML namespaces.
    for address in addresses(&page) {
        assert!(address.starts_with("http://www.w3.org/"), "{address}");
    }
    assert!(page.contains("<title>Solution tree: queens 4</title>"));
    assert!(page.contains(
        "<p id=\"summary\">17 nodes, 2 solutions, 4 dead ends; 44 rejected attempts not shown</p>"
    ));
    assert!(!page.contains("id=\"note\""), "a whole tree has no note");
    // The legend names every status.
    for name in [
        "branch", "solution", "dead end", "pruned", "rejected", "cut off",
    ] {
        assert!(
            page.contains(&format!("/></svg>{name}</li>")),
            "legend: {name}"
        );
    }
}

#[test]
fn four_queens_page_data() {
    let tree = tree_of(&Queens::new(4));
    let page = tree.html().to_string();
    let data = data_part(&page);
    assert_eq!(data, tree.html().data());
    let parsed: serde_json::Value = serde_json::from_str(data).expect("the data is JSON");
    let nodes = parsed["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), 17);
    let with = |status: &str| -> Vec<u64> {
        nodes
            .iter()
            .filter(|node| node["status"] == status)
            .map(|node| node["id"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(with("solution"), [9, 13]);
    assert_eq!(with("dead_end"), [3, 5, 16, 17]);
    assert_eq!(with("branch").len(), 11);
    // The same tree as the JSON form.
    let json: serde_json::Value = serde_json::from_str(&tree.json().to_string()).unwrap();
    assert_eq!(parsed, json);
    insta::assert_snapshot!(data);
}

/// States whose labels would end a script element, or open a comment, in the page.
#[derive(Clone)]
struct Tags {
    depth: usize,
}

impl Problem for Tags {
    type Op = u8;
    type Ops = std::ops::Range<u8>;
    type Solution = ();
    fn operators(&self) -> Self::Ops {
        0..2
    }
    fn admissible(&self, _: u8) -> bool {
        true
    }
    fn apply(&mut self, _: u8) {
        self.depth += 1;
    }
    fn undo(&mut self, _: u8) {
        self.depth -= 1;
    }
    fn is_complete(&self) -> bool {
        self.depth == 2
    }
    fn solution(&self) {}
}

impl Label for Tags {
    fn label(&self) -> String {
        format!("</script><!-- {} & \"x\" -->", self.depth)
    }
    fn op_label(&self, op: u8) -> String {
        format!("<b>{op}</b>")
    }
}

#[test]
fn labels_cannot_break_out_of_the_page() {
    let tree = tree_of(&Tags { depth: 0 });
    let page = tree.html().title("</title><script>").to_string();
    elements(&page);
    assert!(page.contains("<title>Solution tree: &lt;/title&gt;&lt;script&gt;</title>"));
    let data = data_part(&page);
    assert!(!data.contains('<'), "{data}");
    let parsed: serde_json::Value = serde_json::from_str(data).unwrap();
    assert_eq!(parsed["nodes"].as_array().unwrap().len(), 7);
    assert_eq!(parsed["nodes"][1]["label"], "</script><!-- 1 & \"x\" -->");
    assert_eq!(parsed["nodes"][1]["op"], "<b>0</b>");
}

#[test]
fn an_incomplete_tree_says_so_in_its_header() {
    let tree = record(Queens::new(8), Recorder::new().budget(30));
    let page = tree.html().to_string();
    elements(&page);
    assert!(page.contains(
        "<p id=\"note\">recording stopped at the budget of 30 entries: the tree is incomplete</p>"
    ));
    assert!(page.contains("<dt>tree</dt><dd>cut at the budget</dd>"));
    let parsed: serde_json::Value = serde_json::from_str(data_part(&page)).unwrap();
    assert_eq!(parsed["nodes"].as_array().unwrap().len(), 30);
    assert_eq!(parsed["truncated"], true);
    assert!(parsed["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .any(|node| node["status"] == "cut_off"));
}

#[test]
fn branch_and_bound_page_carries_its_pruned_attempts() {
    let items = [(2, 3), (3, 4), (4, 5), (5, 6)].map(|(weight, value)| Item { weight, value });
    let mut recorder = Recorder::new().show_rejected();
    Search::new(Knapsack::new(5, &items))
        .observer(&mut recorder)
        .best();
    let tree = recorder.into_tree();
    let pruned = tree
        .nodes()
        .iter()
        .filter(|node| node.status == Status::Pruned)
        .count();
    assert!(pruned > 0);
    let page = tree.html().to_string();
    elements(&page);
    let parsed: serde_json::Value = serde_json::from_str(data_part(&page)).unwrap();
    let nodes = parsed["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), tree.nodes().len());
    let count = |status: &str| nodes.iter().filter(|node| node["status"] == status).count();
    assert_eq!(count("pruned"), pruned);
    assert!(count("rejected") > 0);
}
