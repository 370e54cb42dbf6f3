//! The README's command-line examples: every `$ backtrack …` line of a `console` block
//! that is followed by its output prints exactly that output.

use std::process::Command;

use crate::common::text;

/// One example: the command line and the output the README shows.
struct Example {
    line: String,
    output: String,
}

/// The `console` blocks' commands and outputs. A command followed directly by another
/// command (or the block's end) shows no output, and is only run to see that it parses.
fn examples(readme: &str) -> Vec<(Example, bool)> {
    let mut examples = Vec::new();
    let mut in_console = false;
    let mut current: Option<Example> = None;
    for line in readme.lines() {
        if line.starts_with("```console") {
            in_console = true;
            continue;
        }
        if !in_console {
            continue;
        }
        if line.starts_with("```") || line.starts_with("$ ") {
            if let Some(example) = current.take() {
                let shown = !example.output.is_empty();
                examples.push((example, shown));
            }
            if line.starts_with("```") {
                in_console = false;
            } else {
                current = Some(Example {
                    line: line[2..].to_string(),
                    output: String::new(),
                });
            }
            continue;
        }
        if let Some(example) = &mut current {
            example.output.push_str(line);
            example.output.push('\n');
        }
    }
    examples
}

/// The command without its trailing `# comment`.
fn command_of(line: &str) -> &str {
    line.split("  #").next().unwrap_or(line).trim()
}

#[test]
fn readme_examples_print_what_the_readme_shows() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    // Outside the workspace (a packaged crate) there is no README with its fixtures.
    let Ok(readme) = std::fs::read_to_string(format!("{root}/README.md")) else {
        return;
    };
    let bin_dir = std::path::Path::new(env!("CARGO_BIN_EXE_backtrack"))
        .parent()
        .unwrap()
        .to_path_buf();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut checked = 0;
    for (example, shown) in examples(&readme) {
        let command = command_of(&example.line);
        if !command.starts_with("backtrack ") {
            continue;
        }
        if !shown {
            continue; // an example without its output: not run (some take long)
        }
        let out = Command::new("bash")
            .arg("-c")
            .arg(command)
            .current_dir(root)
            .env("PATH", &path)
            .output()
            .unwrap();
        // An example of an error shows what it writes to stderr.
        let stdout = if example.output.starts_with("backtrack: error: ") {
            text(&out.stderr)
        } else {
            text(&out.stdout)
        };
        // `...` in the README stands for lines left out.
        if let Some((head, _)) = example.output.split_once("...\n") {
            assert!(stdout.starts_with(head), "{command}:\n{stdout}");
        } else {
            assert_eq!(stdout, example.output, "{command}");
        }
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} README examples checked");
}

/// The long flags named in `text` (`--time-limit`, …).
fn flags_in(text: &str) -> std::collections::BTreeSet<String> {
    let mut flags = std::collections::BTreeSet::new();
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

/// Every flag the README's flags table names is in some subcommand's `--help`, every flag
/// of every subcommand's `--help` is in the README, and the exit statuses agree.
#[test]
fn readme_and_help_agree() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let Ok(readme) = std::fs::read_to_string(format!("{root}/README.md")) else {
        return;
    };
    let table = readme
        .split("### Flags")
        .nth(1)
        .and_then(|rest| rest.split("### Stopping").next())
        .expect("a flags section");
    let mut help = String::new();
    let mut option_lines = String::new();
    for subcommand in crate::common::SEARCHES {
        let text = crate::common::stdout(&[subcommand, "--help"]);
        for line in text.lines() {
            if line.trim_start().starts_with('-') {
                option_lines.push_str(line);
                option_lines.push('\n');
            }
        }
        help.push_str(&text);
    }
    for flag in flags_in(table) {
        assert!(
            help.contains(&flag),
            "the README names {flag}, no --help does"
        );
    }
    for flag in flags_in(&option_lines) {
        if flag != "--help" {
            assert!(
                table.contains(&flag),
                "--help has {flag}, the README's flags table not"
            );
        }
    }
    let top = crate::common::stdout(&["--help"]);
    let statuses = readme
        .split("| status | meaning |")
        .nth(1)
        .expect("an exit status table");
    for code in ["0", "1", "2", "3", "4", "130", "143", "129"] {
        assert!(
            statuses.contains(&format!("| {code} "))
                || statuses.contains(&format!(" {code},"))
                || statuses.contains(&format!(" {code} |")),
            "README: status {code}"
        );
        assert!(
            top.contains(&format!("  {code} ")) || top.contains(&format!(" {code} by")),
            "--help: status {code}"
        );
    }
}

/// The README names exactly the dependencies of the `cli` feature: those the library
/// leaves out.
#[test]
fn readme_names_the_dependencies_of_the_cli_feature() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let Ok(readme) = std::fs::read_to_string(format!("{root}/README.md")) else {
        return;
    };
    let manifest =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml")).unwrap();
    let feature = manifest
        .split("\ncli = [")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .expect("a cli feature");
    let in_feature: std::collections::BTreeSet<&str> = feature
        .split('"')
        .filter_map(|word| word.strip_prefix("dep:"))
        .collect();
    let sentence = readme
        .split("The binary, and what only it needs (")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .expect("the README's sentence on the cli feature");
    let in_readme: std::collections::BTreeSet<&str> = sentence.split(',').map(str::trim).collect();
    assert_eq!(in_readme, in_feature);
}

/// Every image the README shows (a line `![…](path)`) is in the repository, as a PNG.
#[test]
fn readme_images_are_in_the_repository() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let Ok(readme) = std::fs::read_to_string(format!("{root}/README.md")) else {
        return;
    };
    let mut images = 0;
    for rest in readme.lines().filter(|line| line.starts_with("![")) {
        let from = rest.find("](").expect("an image has a path") + 2;
        let path = &rest[from..from + rest[from..].find(')').unwrap()];
        let bytes = std::fs::read(format!("{root}/{path}"))
            .unwrap_or_else(|err| panic!("the README shows {path}: {err}"));
        assert!(
            bytes.starts_with(b"\x89PNG\r\n\x1a\n"),
            "{path} is not a PNG"
        );
        images += 1;
    }
    assert!(images >= 1, "the README shows the HTML tree page");
}
