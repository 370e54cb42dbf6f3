//! What the README and the guide (`docs/*.md`) say of the tool holds.
//!
//! - Every `$ …` command of a `console` block that runs `backtrack` runs, exits with the
//!   status its comment names (`# exit status 2`; 0 when it names none) and prints what
//!   the block shows after it. The commands of one block run in order, in a directory of
//!   their own (where `problems/` leads to the fixtures), so that one may read what an
//!   earlier one wrote. Commands that take long are shown in `text` blocks, not run.
//! - Every flag a `backtrack …` command of the documents uses is in its subcommand's
//!   `--help`, and every flag of every `--help` is described somewhere in them.
//! - The exit statuses agree with `--help`; the README names the `cli` feature's
//!   dependencies; every relative link leads to a file (and heading) that exists; every
//!   image is a PNG in the repository.

use std::collections::BTreeSet;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::common::{scratch_dir, stdout, text, SEARCHES};

/// The repository's root, where the README is.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// One of the documents: its path from the root, and its text.
struct Doc {
    path: String,
    text: String,
}

/// The README, the guide's pages (in name order) and BENCHMARKS.md; none outside the
/// workspace (a packaged crate has no README with its fixtures).
fn documents() -> Option<Vec<Doc>> {
    let root = root();
    let mut paths = vec!["README.md".to_string(), "BENCHMARKS.md".to_string()];
    let mut pages: Vec<String> = std::fs::read_dir(root.join("docs"))
        .ok()?
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| Path::new(name).extension().is_some_and(|ext| ext == "md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    pages.sort();
    paths.extend(pages);
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(root.join(&path)).ok()?;
            Some(Doc { path, text })
        })
        .collect()
}

/// A fenced code block: its language and its lines, the fence's indentation taken off.
struct Block {
    language: String,
    lines: Vec<String>,
}

/// The fenced code blocks of a Markdown text (fences may be indented, as in a list).
fn blocks(markdown: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut open: Option<(usize, Block)> = None;
    for line in markdown.lines() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if let Some(fence) = trimmed.strip_prefix("```") {
            if let Some((_, block)) = open.take() {
                blocks.push(block);
            } else {
                let language = fence.trim().to_string();
                let lines = Vec::new();
                open = Some((indent, Block { language, lines }));
            }
        } else if let Some((indent, block)) = &mut open {
            block
                .lines
                .push(line.get(*indent..).unwrap_or("").to_string());
        }
    }
    blocks
}

/// The text of a Markdown document outside its fenced code blocks.
fn prose(markdown: &str) -> String {
    let mut out = String::new();
    let mut in_block = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
        } else if !in_block {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// One example of a `console` block: the command line and the output shown after it.
struct Example {
    line: String,
    output: Vec<String>,
}

/// The examples of a `console` block, in order.
fn examples(block: &Block) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    for line in &block.lines {
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example {
                line: command.to_string(),
                output: Vec::new(),
            });
        } else if let Some(example) = examples.last_mut() {
            example.output.push(line.clone());
        }
    }
    examples
}

/// The command without its trailing `# comment`, and the comment.
fn command_and_comment(line: &str) -> (&str, &str) {
    match line.split_once("  #") {
        Some((command, comment)) => (command.trim(), comment.trim()),
        None => (line.trim(), ""),
    }
}

/// The exit status an example's comment names (`exit status 3`, `status 3`), or 0.
fn expected_status(comment: &str) -> i32 {
    comment
        .split("status ")
        .nth(1)
        .and_then(|rest| {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            digits.parse().ok()
        })
        .unwrap_or(0)
}

/// Does `actual` read as `shown`, where a line `...` in `shown` stands for any lines?
fn matches(actual: &str, shown: &[&str]) -> bool {
    let segments: Vec<&[&str]> = shown.split(|line| *line == "...").collect();
    let lines: Vec<&str> = actual.lines().collect();
    if segments.len() == 1 {
        return lines == shown;
    }
    let (first, last) = (segments[0], segments[segments.len() - 1]);
    if !lines.starts_with(first) || !lines[first.len()..].ends_with(last) {
        return false;
    }
    let mut rest = &lines[first.len()..lines.len() - last.len()];
    for segment in &segments[1..segments.len() - 1] {
        match rest
            .windows(segment.len().max(1))
            .position(|window| window == *segment)
        {
            Some(at) => rest = &rest[at + segment.len()..],
            None => return false,
        }
    }
    true
}

/// Runs every `backtrack` command of the `console` blocks of `doc`; returns how many ran.
fn run_console_blocks(doc: &Doc, path_var: &str) -> usize {
    let mut ran = 0;
    for block in blocks(&doc.text).iter().filter(|b| b.language == "console") {
        let dir = scratch_dir();
        std::os::unix::fs::symlink(root().join("problems"), dir.path().join("problems")).unwrap();
        for example in examples(block) {
            let (command, comment) = command_and_comment(&example.line);
            if !command.split_whitespace().any(|word| word == "backtrack") {
                continue;
            }
            let out_path = dir.path().join(".stdout");
            let err_path = dir.path().join(".stderr");
            let status = Command::new("timeout")
                .args(["120", "bash", "-c"])
                .arg(format!("set -o pipefail; {command}"))
                .current_dir(dir.path())
                .env("PATH", path_var)
                .stdin(Stdio::null())
                .stdout(File::create(&out_path).unwrap())
                .stderr(File::create(&err_path).unwrap())
                .status()
                .unwrap();
            let out = text(&std::fs::read(&out_path).unwrap());
            let err = text(&std::fs::read(&err_path).unwrap());
            let place = format!("{}: `{command}`", doc.path);
            assert_ne!(
                status.code(),
                Some(124),
                "{place} took over two minutes: show it in a text block"
            );
            assert_eq!(
                status.code(),
                Some(expected_status(comment)),
                "{place}: exit status (stderr: {err})"
            );
            // The output shown: stderr's lines are the tool's notes, `backtrack: …`.
            if !example.output.is_empty() {
                let (notes, lines): (Vec<&str>, Vec<&str>) = example
                    .output
                    .iter()
                    .map(String::as_str)
                    .partition(|line| line.starts_with("backtrack: "));
                assert!(matches(&out, &lines), "{place}: stdout\n{out}");
                if !notes.is_empty() {
                    assert!(matches(&err, &notes), "{place}: stderr\n{err}");
                }
            }
            ran += 1;
        }
    }
    ran
}

#[test]
fn console_examples_run_and_print_what_the_documents_show() {
    let Some(docs) = documents() else { return };
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_backtrack")).parent().unwrap();
    let path_var = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for doc in &docs {
        let ran = run_console_blocks(doc, &path_var);
        if doc.path == "README.md" {
            assert!(ran >= 12, "only {ran} README examples run");
        }
    }
}

/// The long flags named in `text` (`--time-limit`, …).
fn flags_in(text: &str) -> BTreeSet<String> {
    let mut flags = BTreeSet::new();
    for (start, _) in text.match_indices("--") {
        let name: String = text[start + 2..]
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || *c == '-')
            .collect();
        if name.len() > 1 && !name.starts_with('-') {
            flags.insert(format!("--{}", name.trim_end_matches('-')));
        }
    }
    flags
}

/// Every `backtrack SUBCOMMAND …` command line in `doc`, in its code blocks and its
/// inline code, but the examples of bad usage (`# exit status 2`): the subcommand, and
/// the rest of the command.
fn commands(doc: &str) -> Vec<(String, String)> {
    let mut spans: Vec<String> = blocks(doc)
        .into_iter()
        .flat_map(|block| block.lines)
        .collect();
    spans.extend(prose(doc).split('`').skip(1).step_by(2).map(str::to_string));
    let mut commands = Vec::new();
    for span in spans {
        for (at, _) in span.match_indices("backtrack ") {
            let rest = &span[at + "backtrack ".len()..];
            let (rest, comment) = command_and_comment(rest);
            if expected_status(comment) == 2 {
                continue; // an example of bad usage
            }
            let rest = rest.split(['|', '>', ';']).next().unwrap();
            let mut words = rest.split_whitespace();
            let subcommand = words.next().unwrap_or("");
            // `backtrack SUBCOMMAND --help`, `backtrack --help`, `backtrack …`: no command.
            let word = |b: u8| b.is_ascii_lowercase() || b == b'-';
            if subcommand.starts_with(|c: char| c.is_ascii_lowercase())
                && subcommand.bytes().all(word)
            {
                commands.push((subcommand.to_string(), words.collect::<Vec<_>>().join(" ")));
            }
        }
    }
    commands
}

/// Every flag a `backtrack` command of the documents uses is in its subcommand's
/// `--help`, and every flag of every subcommand's `--help` is described in them.
#[test]
fn the_documents_and_help_agree_on_the_flags() {
    let Some(docs) = documents() else { return };
    let mut subcommands: Vec<&str> = SEARCHES.to_vec();
    subcommands.extend(["merge", "completions", "man"]);
    let helps: Vec<(&str, String)> = subcommands
        .iter()
        .map(|&name| (name, stdout(&[name, "--help"])))
        .collect();
    let mut used = 0;
    for doc in &docs {
        for (subcommand, rest) in commands(&doc.text) {
            let Some((_, help)) = helps.iter().find(|(name, _)| *name == subcommand) else {
                panic!(
                    "{}: `backtrack {subcommand} {rest}`: no such subcommand",
                    doc.path
                );
            };
            for flag in flags_in(&rest) {
                assert!(
                    help.contains(&flag),
                    "{}: `backtrack {subcommand} {rest}`: {subcommand} has no {flag}",
                    doc.path
                );
                used += 1;
            }
        }
    }
    assert!(
        used >= 50,
        "only {used} flags used in the documents' commands"
    );
    let all: String = docs.iter().map(|doc| doc.text.as_str()).collect();
    for (name, help) in &helps {
        let options: String = help
            .lines()
            .filter(|line| line.trim_start().starts_with('-'))
            .collect::<Vec<_>>()
            .join("\n");
        for flag in flags_in(&options) {
            if flag != "--help" {
                assert!(
                    all.contains(&flag),
                    "`{name} --help` has {flag}, the README and the guide do not"
                );
            }
        }
    }
}

/// The guide's table of exit statuses and `--help`'s agree.
#[test]
fn the_guide_and_help_agree_on_the_exit_statuses() {
    let Some(docs) = documents() else { return };
    let guide = docs
        .iter()
        .find(|doc| doc.path == "docs/command-line.md")
        .expect("the command-line guide");
    let statuses = guide
        .text
        .split("| status | meaning |")
        .nth(1)
        .expect("an exit status table");
    let top = stdout(&["--help"]);
    for code in ["0", "1", "2", "3", "4", "130", "143", "129"] {
        assert!(
            statuses.contains(&format!("| {code} "))
                || statuses.contains(&format!(" {code},"))
                || statuses.contains(&format!(" {code} |")),
            "docs/command-line.md: status {code}"
        );
        assert!(
            top.contains(&format!("  {code} ")) || top.contains(&format!(" {code} by")),
            "--help: status {code}"
        );
    }
}

/// The guide to checkpoints names exactly the subcommands that take `--checkpoint` and
/// `--resume`, as their `--help` says.
#[test]
fn the_guide_names_the_subcommands_with_checkpoints() {
    let Some(docs) = documents() else { return };
    let guide = docs
        .iter()
        .find(|doc| doc.path == "docs/checkpoints.md")
        .expect("the guide to checkpoints");
    let flat = prose(&guide.text)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let list = flat
        .split("Checkpoints work for ")
        .nth(1)
        .and_then(|rest| rest.split(" (").next())
        .expect("docs/checkpoints.md: the sentence naming the subcommands");
    let named: BTreeSet<&str> = list
        .split(", ")
        .flat_map(|part| part.split(" and "))
        .collect();
    let with_checkpoints: BTreeSet<&str> = SEARCHES
        .into_iter()
        .filter(|search| {
            let help = stdout(&[search, "--help"]);
            help.contains("--checkpoint <FILE>") && help.contains("--resume <FILE>")
        })
        .collect();
    assert_eq!(named, with_checkpoints, "docs/checkpoints.md: {list}");
}

/// The README names exactly the dependencies of the `cli` feature: those the library
/// leaves out.
#[test]
fn readme_names_the_dependencies_of_the_cli_feature() {
    let Ok(readme) = std::fs::read_to_string(root().join("README.md")) else {
        return;
    };
    let manifest =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml")).unwrap();
    let feature = manifest
        .split("\ncli = [")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .expect("a cli feature");
    let in_feature: BTreeSet<&str> = feature
        .split('"')
        .filter_map(|word| word.strip_prefix("dep:"))
        .collect();
    let sentence = readme
        .split("The binary, and what only it needs (")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .expect("the README's sentence on the cli feature");
    let in_readme: BTreeSet<&str> = sentence.split(',').map(str::trim).collect();
    assert_eq!(in_readme, in_feature);
}

/// The version requirement of a dependency on one of this workspace's packages written in
/// `line` (`backtrack-problems = { version = "0.3", … }`, `backtrack = { package =
/// "backtrack-search", version = "0.3" }`), if it writes one.
fn workspace_requirement(line: &str) -> Option<&str> {
    if !line.contains("backtrack-problems") && !line.contains("\"backtrack-search\"") {
        return None;
    }
    let rest = &line[line.find("version = \"")? + "version = \"".len()..];
    Some(&rest[..rest.find('"')?])
}

/// Does the requirement `required` (`0.3`, `0.3.0`, `^0.3`) name the major and minor
/// version of `version` (`0.3.0`), as a dependency beside a path or a git checkout of
/// this version must?
fn names_major_minor(required: &str, version: &str) -> bool {
    let required: Vec<&str> = required.trim_start_matches(['^', '=']).split('.').collect();
    let version: Vec<&str> = version.split('.').collect();
    (2..=3).contains(&required.len()) && required.iter().zip(&version).all(|(a, b)| a == b)
}

/// Every dependency on `backtrack-problems` or `backtrack-search` the README, the guide and
/// the crates' docs write asks for the packages' own major and minor version: a reader's
/// copy of the lines builds, from crates.io and beside a path alike.
#[test]
fn dependency_lines_ask_for_the_packages_version() {
    let Some(docs) = documents() else { return };
    let mut texts: Vec<(String, String)> = docs.into_iter().map(|d| (d.path, d.text)).collect();
    for path in ["src/lib.rs", "problems/src/lib.rs", "problems/Cargo.toml"] {
        let text = std::fs::read_to_string(root().join(path)).unwrap();
        texts.push((path.to_string(), text));
    }
    let version = env!("CARGO_PKG_VERSION");
    let mut checked = BTreeSet::new();
    for (path, text) in &texts {
        for line in text.lines() {
            if let Some(required) = workspace_requirement(line) {
                assert!(
                    names_major_minor(required, version),
                    "{path}: `{}` asks for {required}, and the package is {version}",
                    line.trim()
                );
                checked.insert(path.as_str());
            }
        }
    }
    for path in [
        "README.md",
        "docs/own-problem.md",
        "src/lib.rs",
        "problems/src/lib.rs",
    ] {
        assert!(checked.contains(path), "{path} writes no dependency line");
    }
}

#[test]
fn version_requirements_are_read_as_written() {
    let line = r#"backtrack = { package = "backtrack-search", path = "..", version = "0.3" }"#;
    assert_eq!(workspace_requirement(line), Some("0.3"));
    assert_eq!(
        workspace_requirement(r#"backtrack-problems = { version = "0.1" }"#),
        Some("0.1")
    );
    assert_eq!(workspace_requirement(r#"rand = { version = "0.8" }"#), None);
    assert_eq!(
        workspace_requirement("backtrack-problems = { path = \"problems\" }"),
        None
    );
    assert!(names_major_minor("0.3", "0.3.0"));
    assert!(names_major_minor("^0.3", "0.3.1"));
    assert!(names_major_minor("0.3.0", "0.3.0"));
    assert!(!names_major_minor("0.1", "0.3.0"));
    assert!(!names_major_minor("0", "0.3.0"));
    assert!(!names_major_minor("1.3", "0.3.0"));
}

/// The links of a Markdown text outside its code: `[text](target)` and `![alt](target)`.
fn links(markdown: &str) -> Vec<String> {
    let prose = prose(markdown);
    // Inline code may hold `](` of its own: leave it out.
    let outside_code: String = prose.split('`').step_by(2).collect();
    outside_code
        .match_indices("](")
        .filter_map(|(at, _)| {
            let rest = &outside_code[at + 2..];
            rest.find(')').map(|end| rest[..end].to_string())
        })
        .collect()
}

/// A heading's anchor as GitHub makes it: lower case, spaces to hyphens, punctuation
/// dropped (letters of any script kept).
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown document's headings.
fn anchors(markdown: &str) -> BTreeSet<String> {
    prose(markdown)
        .lines()
        .filter(|line| line.starts_with('#'))
        .map(|line| anchor(line.trim_start_matches('#')))
        .collect()
}

/// Every relative link of the README, BENCHMARKS.md and the guide leads to a file of the
/// repository, and a link to a heading (`page.md#heading`) to a heading there; every page
/// of the guide is linked from the README.
#[test]
fn every_relative_link_leads_somewhere() {
    let Some(docs) = documents() else { return };
    let root = root();
    let mut checked = 0;
    for doc in &docs {
        let dir = Path::new(&doc.path).parent().unwrap();
        for target in links(&doc.text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, heading) = target.split_once('#').unwrap_or((&target, ""));
            let path = if file.is_empty() {
                root.join(&doc.path)
            } else {
                root.join(dir).join(file)
            };
            assert!(
                path.exists(),
                "{}: the link to {target} leads to no file",
                doc.path
            );
            if !heading.is_empty() {
                let text = std::fs::read_to_string(&path).unwrap();
                assert!(
                    anchors(&text).contains(heading),
                    "{}: the link to {target} leads to no heading",
                    doc.path
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 30, "only {checked} links checked");
    let readme = &docs[0];
    for page in docs.iter().filter(|doc| doc.path.starts_with("docs/")) {
        assert!(
            links(&readme.text)
                .iter()
                .any(|target| target.split('#').next() == Some(page.path.as_str())),
            "the README does not link to {}",
            page.path
        );
    }
}

/// Every image the documents show (`![…](path)`) is a PNG in the repository, and the
/// README shows the HTML tree page.
#[test]
fn images_are_in_the_repository() {
    let Some(docs) = documents() else { return };
    let mut images = 0;
    for doc in &docs {
        let dir = Path::new(&doc.path).parent().unwrap();
        for line in prose(&doc.text).lines() {
            let Some(rest) = line.trim_start().strip_prefix("![") else {
                continue;
            };
            let from = rest.find("](").expect("an image has a path") + 2;
            let path = &rest[from..from + rest[from..].find(')').unwrap()];
            let bytes = std::fs::read(root().join(dir).join(path))
                .unwrap_or_else(|err| panic!("{} shows {path}: {err}", doc.path));
            assert!(
                bytes.starts_with(b"\x89PNG\r\n\x1a\n"),
                "{path} is not a PNG"
            );
            if doc.path == "README.md" {
                images += 1;
            }
        }
    }
    assert!(images >= 1, "the README shows the HTML tree page");
}

/// The parsing above, on a small document of its own.
#[test]
fn console_blocks_and_links_are_read_as_written() {
    let doc = "Intro [a](docs/a.md#b-c) and `[x](y)`.\n\n  ```console\n  $ backtrack queens 4  # exit status 1\n  one\n  ...\n  $ backtrack queens 3\n  ```\n\n## B, c\n";
    let blocks = blocks(doc);
    assert_eq!(blocks.len(), 1);
    let examples = examples(&blocks[0]);
    assert_eq!(examples.len(), 2);
    let (command, comment) = command_and_comment(&examples[0].line);
    assert_eq!(
        (command, expected_status(comment)),
        ("backtrack queens 4", 1)
    );
    assert_eq!(examples[0].output, ["one", "..."]);
    assert!(examples[1].output.is_empty());
    assert_eq!(links(doc), ["docs/a.md#b-c"]);
    assert!(anchors(doc).contains("b-c"));
    assert_eq!(
        anchor("The solution tree (解答树)"),
        "the-solution-tree-解答树"
    );
    assert!(matches("one\ntwo\nthree\n", &["one", "...", "three"]));
    assert!(matches("one\ntwo\nthree\n", &["one", "..."]));
    assert!(!matches("one\ntwo\n", &["two", "..."]));
    assert!(!matches("one\ntwo\n", &["one"]));
    assert_eq!(
        commands("`backtrack queens 8 --count | head` and `backtrack …`"),
        [("queens".to_string(), "8 --count".to_string())]
    );
}
