//! `--mpi` under a real `mpirun` (the `mpi` feature): three ranks count queens 12 and 13
//! exactly, the classes too; a checkpoint lets a job run again skip what is done; a
//! subset sum and models are shared as any problem is.
//!
//! Skipped, saying so, where Open MPI's `mpirun` is not installed.

use std::fmt::Write as _;
use std::process::{Command, Output};

use crate::common::{text, BIN, OEIS};

/// `mpirun --allow-run-as-root --oversubscribe -np 3 backtrack ARGS`, or `None` (and a
/// note) without mpirun. Each run has a temporary directory of its own for Open MPI's
/// session files: two started at once in the same one can fail to make it ("File exists").
fn mpirun(args: &[&str]) -> Option<Output> {
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let session = std::env::temp_dir().join(format!("backtrack-mpi-{}-{run}", std::process::id()));
    std::fs::create_dir_all(&session).unwrap();
    let out = Command::new("mpirun")
        .env("TMPDIR", &session)
        .env("OMPI_MCA_orte_tmpdir_base", &session)
        .args(["--allow-run-as-root", "--oversubscribe", "-np", "3", BIN])
        .args(args)
        .output();
    let _ = std::fs::remove_dir_all(&session);
    match out {
        Ok(out) => Some(out),
        Err(err) => {
            eprintln!("skipped: mpirun cannot be run ({err}): install Open MPI (openmpi-bin)");
            None
        }
    }
}

/// The one JSON line of a successful run.
fn json(out: &Output) -> serde_json::Value {
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_str(text(&out.stdout).trim()).unwrap()
}

#[test]
fn three_ranks_count_queens_12_and_13_exactly() {
    for (n, total, unique) in OEIS {
        let n = n.to_string();
        let Some(out) = mpirun(&["queens", &n, "--count", "--mpi", "--threads", "1"]) else {
            return;
        };
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert_eq!(
            text(&out.stdout),
            format!("{total}\n"),
            "n = {n}: only rank 0 prints"
        );
        let Some(out) = mpirun(&[
            "queens", &n, "--count", "--unique", "--mpi", "--format", "json",
        ]) else {
            return;
        };
        let line = json(&out);
        assert_eq!(line["count"], total, "n = {n}");
        assert_eq!(line["unique"], unique, "n = {n}");
        assert_eq!(line["ranks"], 3);
        assert_eq!(line["complete"], true);
    }
}

#[test]
fn a_job_run_again_with_its_checkpoint_skips_what_was_counted() {
    let file = crate::common::scratch("queens-12.checkpoint");
    let path = file.to_string_lossy().into_owned();
    let args = [
        "queens",
        "12",
        "--count",
        "--mpi",
        "--threads",
        "1",
        "--format",
        "json",
        "--checkpoint",
        &path,
    ];
    let Some(out) = mpirun(&args) else {
        return;
    };
    let first = json(&out);
    assert_eq!(
        (first["count"].as_u64(), first["resumed"].as_u64()),
        (Some(14_200), Some(0))
    );
    let subproblems = first["subproblems"].as_u64().unwrap() as usize;
    let lines: Vec<String> = std::fs::read_to_string(&file)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(
        lines.len(),
        subproblems + 1,
        "a header, then a line per subproblem"
    );
    // A job that died after half of the subproblems, in the middle of writing a line.
    let half = subproblems / 2;
    let mut cut = lines[..=half].join("\n");
    cut.push('\n');
    cut.push_str(&lines[half + 1][..10]);
    std::fs::write(&file, cut).unwrap();
    let again = json(&mpirun(&args).unwrap());
    assert_eq!(again["count"], 14_200);
    assert_eq!(again["resumed"].as_u64(), Some(half as u64));
    // Done: a third run counts nothing, and still prints the total.
    let done = json(&mpirun(&args).unwrap());
    assert_eq!(
        (done["count"].as_u64(), done["resumed"].as_u64()),
        (Some(14_200), Some(subproblems as u64))
    );
    // Another count's checkpoint is refused, naming what differs.
    let out = mpirun(&[
        "subset-sum",
        "-t",
        "5",
        "1",
        "2",
        "3",
        "--count",
        "--mpi",
        "--checkpoint",
        &path,
    ])
    .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains(&format!(
            "backtrack: error: --checkpoint {path} records another count: it counts queens, not subset-sum"
        )),
        "{}",
        text(&out.stderr)
    );
    let other = ["queens", "11", "--count", "--mpi", "--checkpoint", &path];
    let out = mpirun(&other).unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(
        text(&out.stderr).contains(&format!(
            "backtrack: error: --checkpoint {path} records another count: in it n is 12, not 11"
        )),
        "{}",
        text(&out.stderr)
    );
}

/// Any problem the engine splits is shared the same way: subset sum across three ranks
/// gives the count of one run.
#[test]
fn three_ranks_count_a_subset_sum_as_one_run_does() {
    let numbers: Vec<String> = (1..=18).map(|k| k.to_string()).collect();
    let mut args: Vec<&str> = vec!["subset-sum", "-t", "50", "--count"];
    args.extend(numbers.iter().map(String::as_str));
    let whole = crate::common::stdout(&args);
    args.extend(["--mpi", "--threads", "1"]);
    let Some(out) = mpirun(&args) else {
        return;
    };
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), whole);
}

/// A model is split like any problem: three ranks count the 8-queens model (one variable a
/// row, `≠` a pair of queens) and the reduced Latin squares of order 5 as one run does.
#[test]
fn three_ranks_count_a_model_as_one_run_does() {
    let mut queens = String::from("var q1 q2 q3 q4 q5 q6 q7 q8 in 1..8\n");
    for i in 1..=8 {
        for j in i + 1..=8 {
            let d = j - i;
            writeln!(
                queens,
                "q{i} != q{j}\nq{i} != q{j} + {d}\nq{i} != q{j} - {d}"
            )
            .unwrap();
        }
    }
    let mut latin = String::from("var");
    for r in 1..=5 {
        for c in 1..=5 {
            write!(latin, " x{r}{c}").unwrap();
        }
    }
    latin.push_str(" in 1..5\n");
    for k in 1..=5 {
        writeln!(latin, "x1{k} = {k}\nx{k}1 = {k}").unwrap();
        let row: Vec<String> = (1..=5).map(|c| format!("x{k}{c}")).collect();
        let column: Vec<String> = (1..=5).map(|r| format!("x{r}{k}")).collect();
        writeln!(
            latin,
            "alldifferent {}\nalldifferent {}",
            row.join(" "),
            column.join(" ")
        )
        .unwrap();
    }
    for (name, model, count) in [
        ("queens-8.model", queens, "92\n"),
        ("latin-5.model", latin, "56\n"),
    ] {
        let file = crate::common::scratch(name);
        std::fs::write(&file, model).unwrap();
        let path = file.to_string_lossy().into_owned();
        assert_eq!(
            crate::common::stdout(&["model", &path, "--count"]),
            count,
            "{name}"
        );
        let Some(out) = mpirun(&["model", &path, "--count", "--mpi", "--threads", "1"]) else {
            return;
        };
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout), count, "{name}: only rank 0 prints");
        let args = ["model", &path, "--count", "--mpi", "--format", "json"];
        let Some(out) = mpirun(&args) else {
            return;
        };
        let line = json(&out);
        assert_eq!(format!("{}\n", line["count"]), count, "{name}");
        assert_eq!(
            (line["ranks"].as_u64(), line["complete"].as_bool()),
            (Some(3), Some(true))
        );
    }
}
