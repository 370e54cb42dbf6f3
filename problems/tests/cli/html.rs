//! `--tree-format html`: the page carries the tree of every subcommand, and (where Debian's
//! `chromium` is installed, as the CI script installs it) renders in a real browser.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::common::{backtrack, fixture, text};

/// The embedded data of a page: the tree's JSON.
fn page_data(page: &str) -> serde_json::Value {
    let start = "<script type=\"application/json\" id=\"tree-data\">\n";
    let from = page.find(start).expect("the data element") + start.len();
    let to = from + page[from..].find("</script>").expect("its end");
    serde_json::from_str(&page[from..to]).expect("the data is JSON")
}

/// The command lines of trees to draw, with each subcommand and the flags that shape a
/// tree.
fn trees() -> Vec<Vec<String>> {
    let cases: [&[&str]; 9] = [
        &["queens", "4"],
        &["queens", "4", "--tree-rejected"],
        &["queens", "8", "--first"],
        &["queens", "6", "--limit", "2"],
        &["queens", "9", "--tree-budget", "500"],
        &["sudoku", "--first", &fixture("classic.sudoku")],
        &["knapsack", &fixture("tiny.knapsack")],
        &["knapsack", "--tree-rejected", &fixture("textbook.knapsack")],
        &["subset-sum", "--target", "9", "3", "5", "4", "2"],
    ];
    cases
        .iter()
        .map(|args| args.iter().map(ToString::to_string).collect())
        .collect()
}

fn with(args: &[String], extra: &[&str]) -> Vec<String> {
    let mut all = args.to_vec();
    all.extend(extra.iter().map(ToString::to_string));
    all
}

fn run(args: &[String]) -> Output {
    backtrack(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

#[test]
fn every_subcommand_writes_its_tree_as_a_page() {
    for args in trees() {
        let html = run(&with(&args, &["--tree", "--tree-format", "html"]));
        let json = run(&with(&args, &["--tree", "--tree-format", "json"]));
        assert_eq!(html.status.code(), json.status.code(), "{args:?}");
        // The same notes, but a page cut at its budget cannot point to a streamed page.
        assert_eq!(
            text(&html.stderr).replace("--tree-stream (text, dot or json)", "--tree-stream"),
            text(&json.stderr),
            "{args:?}: the same notes"
        );
        let page = text(&html.stdout);
        assert!(page.starts_with("<!DOCTYPE html>\n"), "{args:?}");
        assert!(page.ends_with("</html>\n"), "{args:?}");
        let title = format!("<title>Solution tree: backtrack {}", args[0]);
        assert!(page.contains(&title), "{args:?}");
        let json: serde_json::Value = serde_json::from_str(&text(&json.stdout)).unwrap();
        assert_eq!(
            page_data(&page),
            json,
            "{args:?}: the page's tree is the JSON one"
        );
    }
}

#[test]
fn a_page_cut_at_its_budget_says_which_stream_has_none() {
    let out = backtrack(&[
        "queens",
        "9",
        "--tree",
        "--tree-format",
        "html",
        "--tree-budget",
        "500",
    ]);
    assert_eq!(out.status.code(), Some(3));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("raise --tree-budget (now 500 entries, at most 5000000) or use --tree-stream (text, dot or json)\n"),
        "{stderr}"
    );
    let page = text(&out.stdout);
    assert!(page.contains(
        "<p id=\"note\">recording stopped at the budget of 500 entries: the tree is incomplete</p>"
    ));
    assert_eq!(page_data(&page)["nodes"].as_array().unwrap().len(), 500);
}

// --- In a real browser ------------------------------------------------------------------

/// Debian's Chromium, where the CI script installs it.
const CHROMIUM: &str = "/usr/bin/chromium";

/// Where the browser tests write their pages and screenshots: under the target directory.
fn artefacts() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tree-html");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Is the browser there? If not, says why the test is skipped.
fn have_chromium(test: &str) -> bool {
    let there = Path::new(CHROMIUM).exists();
    if !there {
        eprintln!(
            "note: {test} skipped: {CHROMIUM} is not installed (Debian's `chromium` package; the CI script installs it)"
        );
    }
    there
}

/// Runs headless Chromium on `page#fragment` with `what` (`--dump-dom`,
/// `--screenshot=…`), in a fresh profile; returns its standard output and how long it
/// took. Fails after two minutes.
fn chromium(page: &Path, fragment: &str, what: &[&str]) -> (String, Duration) {
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let profile = artefacts().join(format!(
        "profile-{}-{}",
        std::process::id(),
        RUNS.fetch_add(1, Ordering::Relaxed)
    ));
    let url = format!("file://{}#{fragment}", page.display());
    let started = Instant::now();
    let mut child = Command::new(CHROMIUM)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--window-size=1200,800",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(what)
        .arg(&url)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    // Read stdout on a thread: a big DOM must not block the browser on a full pipe.
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut dom = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut dom).map(|_| dom)
    });
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium took over two minutes on {url}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let took = started.elapsed();
    let dom = reader.join().unwrap().expect("chromium's output is text");
    let _ = std::fs::remove_dir_all(&profile);
    assert!(status.success(), "chromium failed on {url}: {status}");
    (dom, took)
}

/// The opening tags of the drawn nodes, `<g class="node …" data-i=… …>`.
fn node_tags(dom: &str) -> Vec<&str> {
    dom.match_indices("<g class=\"node")
        .map(|(at, _)| &dom[at..at + dom[at..].find('>').unwrap()])
        .collect()
}

/// An attribute of a tag.
fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let from = tag.find(&key)? + key.len();
    Some(&tag[from..from + tag[from..].find('"')?])
}

/// The v-numbers of the nodes drawn with `class` among their classes.
fn drawn_with(dom: &str, class: &str) -> BTreeSet<u64> {
    node_tags(dom)
        .into_iter()
        .filter(|tag| attr(tag, "class").unwrap().split(' ').any(|c| c == class))
        .filter_map(|tag| attr(tag, "data-v")?.parse().ok())
        .collect()
}

/// The text of the replay's position line.
fn position(dom: &str) -> &str {
    let from = dom.find("id=\"position\">").expect("the position line") + "id=\"position\">".len();
    &dom[from..from + dom[from..].find('<').unwrap()]
}

fn set(ids: &[u64]) -> BTreeSet<u64> {
    ids.iter().copied().collect()
}

#[test]
fn the_queens_4_page_renders_and_replays_in_chromium() {
    if !have_chromium("the_queens_4_page_renders_and_replays_in_chromium") {
        return;
    }
    let out = backtrack(&["queens", "4", "--tree", "--tree-format", "html"]);
    assert!(out.status.success());
    let page = artefacts().join("queens-4.html");
    std::fs::write(&page, &out.stdout).unwrap();

    // The end of the replay: the finished search, every node reached, the solutions'
    // paths highlighted (v13's among them).
    let (dom, _) = chromium(&page, "step=end", &["--dump-dom"]);
    let nodes = node_tags(&dom);
    assert_eq!(nodes.len(), 17, "{dom}");
    let ids: Vec<&str> = nodes
        .iter()
        .map(|tag| attr(tag, "data-v").unwrap())
        .collect();
    assert_eq!(ids, (1..=17).map(|v| v.to_string()).collect::<Vec<_>>());
    let status = |name: &str| {
        nodes
            .iter()
            .filter(|tag| attr(tag, "data-status") == Some(name))
            .count()
    };
    assert_eq!(status("solution"), 2);
    assert_eq!(status("dead_end"), 4);
    assert_eq!(status("branch"), 11);
    assert_eq!(dom.matches("<line class=\"edge").count(), 16);
    assert_eq!(drawn_with(&dom, "future"), set(&[]));
    assert_eq!(drawn_with(&dom, "current"), set(&[]));
    assert_eq!(
        drawn_with(&dom, "path"),
        set(&[1, 6, 7, 8, 9, 10, 11, 12, 13]),
        "the paths to v9 and v13"
    );
    assert_eq!(
        position(&dom),
        "search finished: 17 entries, 2 solutions (paths highlighted)"
    );

    // Stepped to v13: its path v1, v10, v11, v12, v13 highlighted, v14 to v17 not reached
    // (backtracks are checked with the keys, below). And a screenshot, as a test artefact.
    let shot = artefacts().join("queens-4-v13.png");
    let _ = std::fs::remove_file(&shot);
    let screenshot = format!("--screenshot={}", shot.display());
    let (dom, _) = chromium(&page, "step=v13", &["--dump-dom", &screenshot]);
    assert_eq!(node_tags(&dom).len(), 17);
    assert_eq!(drawn_with(&dom, "path"), set(&[1, 10, 11, 12, 13]));
    assert_eq!(drawn_with(&dom, "current"), set(&[13]));
    assert_eq!(drawn_with(&dom, "future"), set(&[14, 15, 16, 17]));
    assert_eq!(position(&dom), "step 13 of 17: v13 (3,1,4,2)  ✓ solution");
    let png = std::fs::read(&shot).expect("the screenshot is written");
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG");
    assert!(png.len() > 10_000, "{} bytes: a blank page?", png.len());
    eprintln!("screenshot: {}", shot.display());
}

#[test]
fn a_tree_of_100000_entries_renders_in_chromium() {
    if !have_chromium("a_tree_of_100000_entries_renders_in_chromium") {
        return;
    }
    // 10-queens with its rejected attempts fills the default budget of 100,000 entries.
    let out = backtrack(&[
        "queens",
        "10",
        "--tree",
        "--tree-format",
        "html",
        "--tree-rejected",
    ]);
    assert_eq!(out.status.code(), Some(3), "stopped at the budget");
    let data = page_data(&text(&out.stdout));
    let entries = data["nodes"].as_array().unwrap();
    assert_eq!(entries.len(), 100_000);
    let page = artefacts().join("queens-10-rejected.html");
    std::fs::write(&page, &out.stdout).unwrap();

    let (dom, took) = chromium(&page, "step=end", &["--dump-dom"]);
    let body = &dom[dom.find("<body").unwrap()..];
    let body = &body[..body.find('>').unwrap()];
    let ready: u64 = attr(body, "data-since-load")
        .expect("the script ran")
        .parse()
        .unwrap();
    let drawn = node_tags(&dom).len();
    eprintln!(
        "100000 entries: chromium ran {:.2} s; the page was drawn {ready} ms after it began loading; {drawn} nodes drawn",
        took.as_secs_f64()
    );
    // What is drawn is what is in view, not the 100,000 entries.
    assert!(drawn > 10 && drawn < 3000, "{drawn} nodes drawn");

    // Stepping deep into the tree opens the path to the current node (collapsed at first)
    // and brings it into view: it is drawn, and what is drawn of the path is its path.
    let parent: std::collections::HashMap<u64, u64> = entries
        .iter()
        .filter_map(|e| Some((e["id"].as_u64()?, e["parent"].as_u64()?)))
        .collect();
    let v = 5000;
    let mut path = set(&[v]);
    let mut at = v;
    while let Some(&up) = parent.get(&at) {
        path.insert(up);
        at = up;
    }
    assert!(path.len() > 5, "v{v} is deep: {path:?}");
    assert!(!drawn_with(&dom, "path").contains(&v), "collapsed at first");
    let (dom, _) = chromium(&page, &format!("step=v{v}"), &["--dump-dom"]);
    assert_eq!(drawn_with(&dom, "current"), set(&[v]));
    let drawn = drawn_with(&dom, "path");
    assert!(drawn.is_subset(&path), "{drawn:?} is not on {path:?}");
    assert!(drawn.contains(&parent[&v]), "{drawn:?}");
    assert!(position(&dom).contains(&format!(": v{v} (")));
}

/// A script added to the page, after its own, that uses it as a person would: keys, a
/// click on a node, its details' buttons, the wheel, a drag; and writes what it saw into
/// `<pre id="probe">`, one line a check.
const PROBE: &str = r##"<script>
(function () {
  const out = [];
  const key = (k) => document.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
  const drawn = (cls) => Array.from(document.querySelectorAll("#nodes .node" + cls)).map((g) => g.dataset.v).join(",");
  const seen = (what) => out.push(what + ": " + document.getElementById("position").textContent + " | path " + drawn(".path") + " | future " + drawn(".future"));
  const svg = document.getElementById("tree");
  const pointer = (type, x, y) => svg.dispatchEvent(new PointerEvent(type, { clientX: x, clientY: y, bubbles: true, pointerId: 7 }));
  const click = (v) => {
    const r = document.querySelector('#nodes .node[data-v="' + v + '"]').getBoundingClientRect();
    pointer("pointerdown", r.x + r.width / 2, r.y + r.height / 2);
    pointer("pointerup", r.x + r.width / 2, r.y + r.height / 2);
  };
  key("Home");
  seen("home");
  for (let i = 0; i < 12; i++) key("ArrowRight");
  seen("right x12");
  key("End");
  seen("end");
  key("ArrowLeft");
  seen("left");
  key(" ");
  out.push("space: " + document.getElementById("play").textContent);
  key(" ");
  out.push("space again: " + document.getElementById("play").textContent);
  click(13);
  out.push("details of v13: " + Array.from(document.querySelectorAll("#details dd")).map((d) => d.textContent).join(" / "));
  click(10);
  document.querySelector('#details button[data-act="toggle"]').click();
  out.push("v10 collapsed: " + document.querySelectorAll("#nodes .node").length + " nodes, v10 has " + document.querySelectorAll('#nodes .node[data-v="10"] .folded').length + " fold");
  document.querySelector('#details button[data-act="toggle"]').click();
  out.push("v10 expanded: " + document.querySelectorAll("#nodes .node").length + " nodes");
  document.querySelector('#details button[data-act="replay"]').click();
  seen("replay to v10");
  const before = document.getElementById("viewport").getAttribute("transform");
  svg.dispatchEvent(new WheelEvent("wheel", { deltaY: -400, clientX: 300, clientY: 300, bubbles: true, cancelable: true }));
  const zoomed = document.getElementById("viewport").getAttribute("transform");
  out.push("wheel zooms: " + (zoomed !== before) + " " + zoomed);
  pointer("pointerdown", 300, 300);
  pointer("pointermove", 400, 350);
  pointer("pointerup", 400, 350);
  out.push("drag pans: " + (document.getElementById("viewport").getAttribute("transform") !== zoomed));
  const pre = document.createElement("pre");
  pre.id = "probe";
  pre.textContent = out.join("\n");
  document.body.appendChild(pre);
})();
</script>
"##;

#[test]
fn the_page_answers_keys_clicks_the_wheel_and_drags_in_chromium() {
    if !have_chromium("the_page_answers_keys_clicks_the_wheel_and_drags_in_chromium") {
        return;
    }
    let out = backtrack(&["queens", "4", "--tree", "--tree-format", "html"]);
    let page = text(&out.stdout).replace("</body>", &format!("{PROBE}</body>"));
    let path = artefacts().join("queens-4-probed.html");
    std::fs::write(&path, page).unwrap();
    let (dom, _) = chromium(&path, "", &["--dump-dom"]);
    let from = dom.find("<pre id=\"probe\">").expect("the probe ran") + "<pre id=\"probe\">".len();
    let probe = &dom[from..from + dom[from..].find("</pre>").unwrap()];
    let lines: Vec<&str> = probe.lines().collect();
    assert_eq!(lines.len(), 12, "{probe}");
    assert_eq!(
        lines[..10],
        [
            "home: step 1 of 17: v1 (0,0,0,0) | path 1 | future 2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17",
            "right x12: step 13 of 17: v13 (3,1,4,2)  ✓ solution | path 1,10,11,12,13 | future 14,15,16,17",
            "end: search finished: 17 entries, 2 solutions (paths highlighted) | path 1,6,7,8,9,10,11,12,13 | future ",
            "left: step 17 of 17: v17 (4,2,0,0)  ✗ dead end  ↩ backtracked from v16 to v14 | path 1,14,17 | future ",
            "space: pause",
            "space again: play",
            "details of v13: (3,1,4,2) / solution / 4 / 2 / v12 / 0 / 1 entry / 13 of 17",
            "v10 collapsed: 14 nodes, v10 has 1 fold",
            "v10 expanded: 17 nodes",
            "replay to v10: step 10 of 17: v10 (3,0,0,0)  ↩ backtracked from v9 to v1 | path 1,10 | future 11,12,13,14,15,16,17",
        ],
        "{probe}"
    );
    assert!(lines[10].starts_with("wheel zooms: true "), "{probe}");
    assert_eq!(lines[11], "drag pans: true", "{probe}");
}

/// A drawn node: its entry's index, the centre of its box, its box's width.
struct Drawn {
    index: usize,
    x: f64,
    y: f64,
    width: f64,
}

/// The nodes drawn in a dumped DOM.
fn drawn(dom: &str) -> Vec<Drawn> {
    node_tags(dom)
        .into_iter()
        .map(|tag| {
            let at = dom.find(tag).unwrap() + tag.len();
            let rect = &dom[at..at + dom[at..].find("/>").unwrap()];
            let (x, y) = attr(tag, "transform")
                .unwrap()
                .trim_start_matches("translate(")
                .trim_end_matches(')')
                .split_once(',')
                .unwrap();
            Drawn {
                index: attr(tag, "data-i").unwrap().parse().unwrap(),
                x: x.parse().unwrap(),
                y: y.parse().unwrap(),
                width: attr(rect, "width").unwrap().parse().unwrap(),
            }
        })
        .collect()
}

#[test]
fn the_layout_is_tidy_in_chromium() {
    if !have_chromium("the_layout_is_tidy_in_chromium") {
        return;
    }
    // 6-queens with its rejected attempts: 895 entries in boxes, leaves at every depth.
    let out = backtrack(&[
        "queens",
        "6",
        "--tree",
        "--tree-format",
        "html",
        "--tree-rejected",
    ]);
    let page = text(&out.stdout);
    let data = page_data(&page);
    let entries = data["nodes"].as_array().unwrap();
    let index_of: std::collections::HashMap<u64, usize> = entries
        .iter()
        .enumerate()
        .filter_map(|(i, e)| Some((e["id"].as_u64()?, i)))
        .collect();
    let parent: Vec<Option<usize>> = entries
        .iter()
        .map(|e| e["parent"].as_u64().map(|id| index_of[&id]))
        .collect();
    // Zoomed to fit (the 0 key), every entry is drawn.
    let fit =
        "<script>document.dispatchEvent(new KeyboardEvent(\"keydown\", { key: \"0\" }));</script>";
    let path = artefacts().join("queens-6-rejected.html");
    std::fs::write(&path, page.replace("</body>", &format!("{fit}</body>"))).unwrap();
    let (dom, _) = chromium(&path, "", &["--dump-dom"]);
    let mut nodes = drawn(&dom);
    assert_eq!(nodes.len(), entries.len(), "every entry drawn");
    nodes.sort_by_key(|node| node.index);
    // Each level on its line, one row below the one above.
    let row = nodes[1].y - nodes[0].y;
    assert!(row > 0.0);
    for (i, node) in nodes.iter().enumerate() {
        assert_eq!(node.index, i);
        let depth = entries[i]["depth"].as_f64().unwrap();
        assert!(
            (node.y - nodes[0].y - depth * row).abs() < 1e-6,
            "entry {i}"
        );
    }
    // A level's boxes, left to right, in the order the search made them, never overlapping.
    let mut levels: std::collections::BTreeMap<i64, Vec<&Drawn>> =
        std::collections::BTreeMap::new();
    for node in &nodes {
        levels.entry(node.y.round() as i64).or_default().push(node);
    }
    for level in levels.values() {
        for pair in level.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert!(a.index < b.index);
            assert!(
                a.x + a.width / 2.0 <= b.x - b.width / 2.0 + 0.2,
                "entries {} and {} overlap: {} + {} / 2 > {} - {} / 2",
                a.index,
                b.index,
                a.x,
                a.width,
                b.x,
                b.width
            );
        }
    }
    // Each parent over the middle of its first and last child.
    for (i, node) in nodes.iter().enumerate() {
        let kids: Vec<&Drawn> = nodes
            .iter()
            .filter(|kid| parent[kid.index] == Some(i))
            .collect();
        if let (Some(first), Some(last)) = (kids.first(), kids.last()) {
            let middle = f64::midpoint(first.x, last.x);
            assert!(
                (node.x - middle).abs() < 0.2,
                "entry {i}: {} over {middle}",
                node.x
            );
        }
    }
}
