//! `backtrack model`: models read from files, listed, counted, drawn and optimised, and
//! bad models refused by line.

use std::fmt::Write as _;

use crate::common::{
    backtrack_with_stdin, fixture, json_lines, refused_output, scratch, scratch_dir, stdout, text,
    with,
};

/// The values of a printed solution line, `x=1 y=3`, by name.
fn values(line: &str) -> Vec<(String, i64)> {
    line.split(' ')
        .map(|word| {
            let (name, value) = word.split_once('=').unwrap();
            (name.to_string(), value.parse().unwrap())
        })
        .collect()
}

/// The SEND + MORE = MONEY fixture: one solution, each letter a different digit and the
/// sum right, as text, as JSON, and counted.
#[test]
fn send_more_money() {
    let file = fixture("send_more_money.model");
    let out = stdout(&["model", &file]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1, "{out}");
    let digits = values(lines[0]);
    let names: Vec<&str> = digits.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names, ["S", "E", "N", "D", "M", "O", "R", "Y"]);
    let digit = |letter: &str| digits.iter().find(|(name, _)| name == letter).unwrap().1;
    let number = |word: &str| word.chars().fold(0, |n, c| 10 * n + digit(&c.to_string()));
    assert_eq!(number("SEND") + number("MORE"), number("MONEY"));
    assert_eq!(number("MONEY"), 10652);
    let mut distinct: Vec<i64> = digits.iter().map(|&(_, d)| d).collect();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 8);

    let json = json_lines(&stdout(&["model", &file, "--format", "json"]));
    assert_eq!(json[0]["index"], 1);
    assert_eq!(json[0]["values"]["M"], 1);
    assert_eq!(json[0]["values"]["Y"], digit("Y"));
    assert_eq!(stdout(&["model", &file, "--count"]), "1\n");
}

/// The 3-colourings of a triangle with a pendant vertex: 3·2·2 = 12, and half of them
/// with the symmetry of `a` and `b` broken by `a < b`; the listing in search order, and
/// the tree.
#[test]
fn listing_counting_and_the_tree() {
    let model = "var a b c d in 1..3\na != b\nb != c\na != c\nc != d\n";
    let count = |extra: &str| {
        let out = backtrack_with_stdin(&["model", "--count"], &format!("{model}{extra}"));
        text(&out.stdout)
    };
    assert_eq!(count(""), "12\n");
    assert_eq!(count("a < b\n"), "6\n");
    let out = backtrack_with_stdin(&["model"], model);
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 12);
    assert_eq!(lines[0], "a=1 b=2 c=3 d=1");
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(
        sorted, lines,
        "ascending values: the solutions in lexicographic order"
    );
    let out = backtrack_with_stdin(&["model", "--tree"], "var x y in 1..3\nx < y\n");
    let tree = text(&out.stdout);
    assert!(
        tree.starts_with("5 nodes, 3 solutions, 0 dead ends\nv1 x={1,2} y={2,3}\n"),
        "{tree}"
    );
    assert!(
        tree.contains("v5 x=2 y=3 removed y{2}  ✓ solution"),
        "{tree}"
    );
}

/// An objective: the best is printed with its value, minimum or maximum; --all lists and
/// --count counts every solution instead.
#[test]
fn minimum_and_maximum() {
    // The most points x + 2y under 3x + 4y <= 24, from 0 to 8 each.
    let model = "var x y in 0..8\nvar points in 0..24\n3x + 4y <= 24\npoints = x + 2y\n";
    let best = |sense: &str, args: &[&str]| {
        let out = backtrack_with_stdin(args, &format!("{model}{sense} points\n"));
        text(&out.stdout)
    };
    let fits = || {
        (0..=8i64)
            .flat_map(|x| (0..=8).map(move |y| (x, y)))
            .filter(|(x, y)| 3 * x + 4 * y <= 24)
    };
    let most = fits().map(|(x, y)| x + 2 * y).max().unwrap();
    let out = best("maximize", &["model"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], format!("maximum {most}"));
    let solution = values(lines[1]);
    let (x, y) = (solution[0].1, solution[1].1);
    assert!(3 * x + 4 * y <= 24 && x + 2 * y == most, "{out}");
    let out = best("minimize", &["model"]);
    assert_eq!(out, "minimum 0\nx=0 y=0 points=0\n");
    let json = json_lines(&best("minimize", &["model", "--format", "json"]));
    assert_eq!(json[0]["minimize"], "points");
    assert_eq!(json[0]["value"], 0);
    assert_eq!(json[0]["complete"], true);
    let brute = fits().count();
    assert_eq!(
        best("maximize", &["model", "--count"]),
        format!("{brute}\n")
    );
    assert_eq!(best("maximize", &["model", "--all"]).lines().count(), brute);
}

#[test]
fn bad_models_are_refused_by_line() {
    for (input, message) in [
        ("var x in 1..3\ny = 1\n", "<stdin>: line 2, column 1: no variable `y` (a `var` line makes one)"),
        ("var x in 3..1\n", "<stdin>: line 1, column 10: the range 3..=1 holds no value"),
        ("var x x in 0..1\n", "<stdin>: line 1, column 7: the variable `x` is made twice"),
        ("var x in 0..1\norder sideways\n", "<stdin>: line 2, column 7: expected `input`, `smallest` or `domdeg`, found `sideways`"),
        ("hello\n", "<stdin>: line 1, column 1: expected a statement or a linear constraint `EXPR REL EXPR`, found `hello`"),
        ("var x y in 0..3\nx + y >= 2 x x\n", "<stdin>: line 2, column 14: expected `+`, `-` or the end of the line, found `x`"),
        ("var x in 0..3\nminimize x\nmaximize x\n", "<stdin>: line 3, column 1: the objective is set already, on line 2"),
        ("# nothing but a comment\n", "<stdin>: no variables: the text is empty or only comments (a `var` line makes one)"),
    ] {
        let args = ["model"];
        let out = backtrack_with_stdin(&args, input);
        let stderr = refused_output(&args, &out, message);
        assert_eq!(stderr, format!("backtrack: error: {message}\n"));
    }
    let out = backtrack_with_stdin(&["model"], "var x in 0..1\nx > 1\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "no solution\n");
}

/// `element`, `table` and `reify` from a file: each count against the brute force.
#[test]
fn element_table_and_reify() {
    let count = |model: &str| text(&backtrack_with_stdin(&["model", "--count"], model).stdout);
    // r = [2, 0, 2, 1][i], and r + i <= 3.
    let array = [2i64, 0, 2, 1];
    let brute = (0..4i64).filter(|&i| array[i as usize] + i <= 3).count();
    assert_eq!(
        count("var r in 0..5\nvar i in 0..9\nelement r i: 2 0 2 1\nr + i <= 3\n"),
        format!("{brute}\n")
    );
    // The tuples of three different values of 1..3 and sum 6 listed, one out of the domains.
    assert_eq!(
        count("var x y z in 1..3\ntable x y z: 1 2 3, 3 2 1, 2 2 2, 1 1 4\nalldifferent x y z\n"),
        "2\n"
    );
    // b counts whether x > y: the sum of b over the pairs is the pairs with x > y.
    let brute = (0..4i64)
        .flat_map(|x| (0..4i64).map(move |y| (x, y)))
        .filter(|&(x, y)| x > y)
        .count();
    assert_eq!(
        count("var x y in 0..3\nvar b in 0..1\nreify b: x > y\nb = 1\n"),
        format!("{brute}\n")
    );
    assert_eq!(
        count("var x y in 0..3\nvar b in 0..1\nreify b: x > y\n"),
        "16\n"
    );
}

#[test]
fn bad_element_table_and_reify_are_refused_by_line() {
    for (input, message) in [
        ("var r i in 0..3\nelement r i: 1 q\n", "<stdin>: line 2, column 16: expected a whole number, found `q`"),
        ("var x y in 0..3\ntable x y: 1 2, 3\n", "<stdin>: line 2, column 17: a tuple of 1 values for a table of 2 variables"),
        ("var x b in 0..1\nreify b x > 1\n", "<stdin>: line 2, column 9: expected `:` after the name of `reify NAME: EXPR REL EXPR`, found `x`"),
    ] {
        let args = ["model"];
        let out = backtrack_with_stdin(&args, input);
        let stderr = refused_output(&args, &out, message);
        assert_eq!(stderr, format!("backtrack: error: {message}\n"));
    }
}

/// A model counted in parts and merged, and a checkpointed count stopped and resumed,
/// give the plain count; a checkpoint of one model is refused to another, but not to the
/// same one with its constraints in another order.
#[test]
fn parts_and_checkpoints_count_the_same() {
    let dir = scratch_dir();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    };
    // 7-queens, a queen a row: 40 placements.
    let mut queens = String::from("var q0 q1 q2 q3 q4 q5 q6 in 1..7\n");
    for i in 0..7 {
        for j in i + 1..7 {
            let d = j - i;
            writeln!(
                queens,
                "q{i} != q{j}\nq{i} != q{j} + {d}\nq{i} + {d} != q{j}"
            )
            .unwrap();
        }
    }
    let file = write("queens7.model", &queens);
    assert_eq!(stdout(&["model", &file, "--count"]), "40\n");
    let mut records = Vec::new();
    for k in ["1", "2", "3"] {
        let record = stdout(&["model", &file, "--count", "--parts", "3", "--part", k]);
        records.push(write(&format!("part-{k}.json"), &record));
    }
    let mut merge = vec!["merge"];
    merge.extend(records.iter().map(String::as_str));
    assert_eq!(stdout(&merge), "40\n");

    let checkpoint = scratch("model.checkpoint");
    let checkpoint = checkpoint.to_str().unwrap();
    let stopped = with(&["model", &file, "--count", "--threads", "1"])
        .and(&["--time-limit", "1ms"])
        .checkpoint(checkpoint)
        .output();
    assert!(
        matches!(stopped.status.code(), Some(0 | 3)),
        "{}",
        text(&stopped.stderr)
    );
    let other = write("other.model", "var x y in 1..3\nx != y\n");
    let refused = with(&["model", &other, "--count"])
        .resume(checkpoint)
        .output();
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused.stderr));
    // The constraints in another order search the same tree: the checkpoint fits; the
    // variables in another order search another, and it does not.
    let mut lines: Vec<&str> = queens.lines().collect();
    lines[1..].reverse();
    let reordered = write("reordered.model", &(lines.join("\n") + "\n"));
    let resumed = with(&["model", &reordered, "--count"])
        .resume(checkpoint)
        .stdout();
    assert_eq!(resumed, "40\n");
    lines[0] = "var q1 q0 q2 q3 q4 q5 q6 in 1..7";
    let swapped = write("swapped.model", &(lines.join("\n") + "\n"));
    let refused = with(&["model", &swapped, "--count"])
        .resume(checkpoint)
        .output();
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused.stderr));
    let resumed = with(&["model", &file, "--count"])
        .resume(checkpoint)
        .stdout();
    assert_eq!(resumed, "40\n");
}

/// `child`, sent SIGTERM, waited for (two minutes at most: `why` says what it would have
/// been waiting for); its output.
#[cfg(target_os = "linux")]
fn terminated(mut child: std::process::Child, why: &str) -> std::process::Output {
    use std::time::{Duration, Instant};

    assert!(
        crate::common::kill(&mut child, "TERM"),
        "the run ended by itself"
    );
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(120) {
            child.kill().unwrap();
            panic!("the run went on waiting for {why} after SIGTERM");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    child.wait_with_output().unwrap()
}

/// A signal while a FIFO with no writer is opened ends the run at once with the signal's
/// status: the open waits for a writer, and a signal cannot cut the wait short.
#[cfg(target_os = "linux")]
#[test]
fn a_signal_while_a_fifo_waits_for_its_writer_ends_the_run() {
    use std::process::{Command, Stdio};

    let dir = scratch_dir();
    let fifo = dir.path().join("model");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", fifo.display());
    let child = Command::new(crate::common::BIN)
        .arg("model")
        .arg(&fifo)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = terminated(child, "the FIFO's writer");
    assert_eq!(out.status.code(), Some(143), "{out:?}");
    assert_eq!(text(&out.stdout), "");
}

/// A signal while a pipe sends nothing ends the run with the signal's status, a note
/// saying why, once the pipe has been silent for a moment: the writer is not waited for.
#[cfg(target_os = "linux")]
#[test]
fn a_signal_while_the_input_sends_nothing_ends_the_run() {
    use std::process::{Command, Stdio};

    let mut child = Command::new(crate::common::BIN)
        .args(["model", "--count", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Held open, and silent, until the run has ended.
    let writer = child.stdin.take();
    let out = terminated(child, "a silent pipe");
    drop(writer);
    assert_eq!(out.status.code(), Some(143), "{out:?}");
    assert_eq!(text(&out.stdout), "");
    assert_eq!(
        text(&out.stderr),
        "backtrack: stopped by SIGTERM: the input sent nothing more\n"
    );
}
