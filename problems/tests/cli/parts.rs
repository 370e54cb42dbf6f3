//! Counts in parts: `--parts N --part K` records, `backtrack merge`, and what both refuse.

use std::path::Path;

use crate::common::{
    all_error_lines, all_refused, backtrack, error_line, queens_count, refused, scratch_dir,
    stats_of, stdout, text, with, OEIS,
};

/// Runs part `k` of `parts` of `queens n --count` (plus `extra`) and writes its record to
/// `dir/part-k.json`; returns the path.
fn part(dir: &Path, n: usize, k: usize, parts: usize, extra: &[&str]) -> String {
    let (k, parts) = (k.to_string(), parts.to_string());
    let record = queens_count(n, &["--threads", "1", "--parts", &parts, "--part", &k])
        .and(extra)
        .stdout();
    assert_eq!(record.lines().count(), 1, "one record: {record}");
    let path = dir.join(format!("part-{k}-of-{parts}.json"));
    std::fs::write(&path, record).unwrap();
    path.to_string_lossy().into_owned()
}

/// `merge --format json` of `files`.
fn merged(files: &[String]) -> serde_json::Value {
    let mut args = vec!["merge", "--format", "json"];
    args.extend(files.iter().map(String::as_str));
    serde_json::from_str(&stdout(&args)).unwrap()
}

/// Every number of parts from 1 to 7: the parts, counted one run each and merged, give
/// the count and the classes of OEIS, in any order; the nodes add up to those of one run.
/// By half boards (the default, no classes) and in the symmetric space (with them).
fn parts_merge_to_the_count(n: usize, total: u64, unique: u64) {
    for symmetry in ["halves", "full"] {
        let unique = (symmetry == "full").then_some(unique);
        parts_with_symmetry_merge_to_the_count(n, total, unique, symmetry);
    }
}

fn parts_with_symmetry_merge_to_the_count(
    n: usize,
    total: u64,
    unique: Option<u64>,
    symmetry: &str,
) {
    let scratch = scratch_dir();
    let dir = scratch.path();
    let extra = ["--symmetry", symmetry];
    let whole = queens_count(n, &["--stats", "--format", "json", "--symmetry", symmetry]);
    let stats = stats_of(&whole.output());
    for parts in 1..=7 {
        let mut files: Vec<String> = (1..=parts)
            .map(|k| part(dir, n, k, parts, &extra))
            .collect();
        files.reverse();
        let sum = merged(&files);
        assert_eq!(sum["count"], total, "n = {n}, {parts} parts");
        assert_eq!(sum["unique"].as_u64(), unique, "n = {n}, {parts} parts");
        assert_eq!(sum["parts"], parts);
        assert_eq!(sum["nodes"], stats["nodes"], "n = {n}, {parts} parts");
        let mut args = vec!["merge"];
        args.extend(files.iter().map(String::as_str));
        assert_eq!(stdout(&args), format!("{total}\n"));
    }
}

#[test]
fn queens_12_in_1_to_7_parts_merges_to_the_exact_count() {
    let (n, total, unique) = OEIS[0];
    parts_merge_to_the_count(n, total, unique);
}

/// About 6 s of CPU in a debug build: `.ci/run` runs it (`-- --ignored`).
#[test]
#[ignore = "slow in debug builds; .ci/run runs it"]
fn queens_13_in_1_to_7_parts_merges_to_the_exact_count() {
    let (n, total, unique) = OEIS[1];
    parts_merge_to_the_count(n, total, unique);
}

#[test]
fn a_record_says_what_it_counted_and_unique_parts_merge_to_the_classes() {
    let scratch = scratch_dir();
    let dir = scratch.path();
    let files: Vec<String> = (1..=2)
        .map(|k| part(dir, 10, k, 2, &["--unique"]))
        .collect();
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&files[0]).unwrap()).unwrap();
    assert_eq!(record["record"], "backtrack count part");
    assert_eq!(record["problem"], "queens");
    assert_eq!(record["parameters"]["n"], 10);
    assert_eq!(record["parameters"]["symmetry"], "full");
    assert_eq!(record["print"], "unique");
    assert_eq!(
        (record["part"].as_u64(), record["parts"].as_u64()),
        (Some(1), Some(2))
    );
    assert_eq!(record["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(record["complete"], true);
    assert!(record["elapsed"].as_f64().unwrap() >= 0.0);
    assert!(record["nodes"].as_u64().unwrap() > 0);
    // 10-queens: 724 solutions in 92 classes; --unique prints the classes.
    assert_eq!(stdout(&["merge", &files[0], &files[1]]), "92\n");
    // The other symmetries count no classes, and their parts add up too.
    for symmetry in ["none", "mirror"] {
        let files: Vec<String> = (1..=3)
            .map(|k| part(dir, 10, k, 3, &["--symmetry", symmetry]))
            .collect();
        let sum = merged(&files);
        assert_eq!(sum["count"], 724, "{symmetry}");
        assert_eq!(sum.get("unique"), None, "{symmetry}");
    }
}

/// The merged time is the parts' added up, to the millisecond, without the noise of a
/// floating-point sum: parts of 0.1 s and 0.2 s merged to `"elapsed":0.30000000000000004`.
#[test]
fn merge_rounds_the_time_to_the_millisecond() {
    let scratch = scratch_dir();
    let dir = scratch.path();
    let files: Vec<String> = (1..=2).map(|k| part(dir, 8, k, 2, &[])).collect();
    // A record's time changed and sealed again, as the tool would have written it.
    let timed = |file: &str, seconds: f64| {
        let text = std::fs::read_to_string(file).unwrap();
        let mut record = backtrack::durable::PartRecord::parse(&text, file)
            .unwrap()
            .record;
        record.elapsed = seconds;
        std::fs::write(file, record.to_line()).unwrap();
    };
    for (file, seconds) in files.iter().zip([0.1, 0.2]) {
        timed(file, seconds);
    }
    let mut args = vec!["merge", "--format", "json"];
    args.extend(files.iter().map(String::as_str));
    let line = stdout(&args);
    assert!(line.contains("\"elapsed\":0.3,"), "{line}");
    let sum: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(sum["count"], 92);
    // A time of many digits keeps three decimals.
    timed(&files[1], 1.234_567_891);
    assert_eq!(merged(&files)["elapsed"], 1.335);
}

/// A file given twice, by its name or another, is said to be given twice (it was "part 2
/// of 3 again (as part-2.json)").
#[test]
fn merge_refuses_a_file_given_twice() {
    let scratch = scratch_dir();
    let dir = scratch.path();
    let three: Vec<String> = (1..=3).map(|k| part(dir, 12, k, 3, &[])).collect();
    let [one, two, three] = [&three[0], &three[1], &three[2]];
    // The same file twice (the others all there).
    error_line(
        &["merge", one, two, three, two],
        &format!("{two} is given twice: give each part's record once"),
    );
    // The same file by another name.
    let other_name = format!(
        "{}/./{}",
        dir.display(),
        std::path::Path::new(two)
            .file_name()
            .unwrap()
            .to_string_lossy()
    );
    error_line(
        &["merge", two, one, three, &other_name],
        &format!("{other_name} is {two} again, by another name: give each part's record once"),
    );
}

/// A record whose count was edited by hand no longer matches its checksum: merge refuses
/// it, and so the total it would have made.
#[test]
fn merge_refuses_a_record_whose_count_was_changed() {
    let scratch = scratch_dir();
    let dir = scratch.path();
    let both: Vec<String> = (1..=2).map(|k| part(dir, 12, k, 2, &[])).collect();
    let record = std::fs::read_to_string(&both[0]).unwrap();
    assert_eq!(merged(&both)["count"], OEIS[0].1);
    let one: serde_json::Value = serde_json::from_str(&record).unwrap();
    let edited = record.replace(
        &format!("\"count\":{},", one["count"]),
        &format!("\"count\":{},", one["count"].as_u64().unwrap() + 1),
    );
    assert_ne!(edited, record);
    std::fs::write(&both[0], edited).unwrap();
    error_line(
        &["merge", &both[0], &both[1]],
        &format!(
            "{} is a damaged part record: its checksum does not match: the file was changed or damaged",
            both[0]
        ),
    );
}

/// `record`, a part's record as written, with `from` replaced by `to` and its checksum
/// made again as the record's writer makes it (the CRC-32 of the record without its
/// checksum field): a forgery that matches its checksum.
fn forged(record: &str, from: &str, to: &str) -> String {
    use backtrack::durable::{PartRecord, Seal};
    assert!(record.contains(from), "{from} in {record}");
    let changed = record.trim_end().replace(from, to);
    let (open, _) = changed.rsplit_once(",\"checksum\":").unwrap();
    let sum = crc32fast::hash(format!("{open}}}").as_bytes());
    let line = format!("{open},\"checksum\":\"{sum:08x}\"}}\n");
    if let Ok(read) = PartRecord::parse(&line, "forged") {
        assert_eq!(read.seal, Seal::Matches, "{line}");
    }
    line
}

/// A part's `"count"` rewritten and its checksum made again merged to a wrong total with
/// exit status 0 (`"count":0` beside its classes). Counts that the record's classes
/// cannot hold are refused however well sealed: fewer solutions than classes, or for
/// queens a number that classes of 8, 4 and 2 boards do not make.
#[test]
fn merge_refuses_a_count_its_classes_cannot_hold_whatever_its_checksum() {
    let scratch = scratch_dir();
    let dir = scratch.path();
    let full = ["--symmetry", "full"];
    let both: Vec<String> = (1..=2).map(|k| part(dir, 12, k, 2, &full)).collect();
    let record = std::fs::read_to_string(&both[0]).unwrap();
    let one: serde_json::Value = serde_json::from_str(&record).unwrap();
    let (count, unique) = (
        one["count"].as_u64().unwrap(),
        one["unique"].as_u64().unwrap(),
    );
    assert!(unique > 0 && count >= 2 * unique, "{record}");
    let said = |why: String| {
        format!(
            "{} is a damaged part record: {why}: it was changed, and its checksum made again",
            both[0]
        )
    };
    let queens = |total: u64| {
        said(format!("its \"count\" {total} cannot be the solutions of its \"unique\" {unique} classes (each class of 12 queens holds 8, 4 or 2 boards)"))
    };
    for (total, why) in [
        (0, said(format!("its \"count\" 0 is less than its \"unique\" {unique}, and each class holds a solution"))),
        (count + 1, queens(count + 1)),
        (8 * unique + 2, queens(8 * unique + 2)),
        (2 * unique - 2, queens(2 * unique - 2)),
    ] {
        let edited = forged(&record, &format!("\"count\":{count},"), &format!("\"count\":{total},"));
        std::fs::write(&both[0], edited).unwrap();
        error_line(&["merge", &both[0], &both[1]], &why);
    }
    // Sealed again as it was, it merges: the forgery above is refused for its count alone.
    let same = forged(
        &record,
        &format!("\"count\":{count},"),
        &format!("\"count\":{count},"),
    );
    assert_eq!(same, record);
    std::fs::write(&both[0], same).unwrap();
    assert_eq!(merged(&both)["count"], OEIS[0].1);
}

/// A record with a key given twice was read with the last one (a `"count"` given again
/// after the checksummed one): refused, naming the file, the key and its line, whatever
/// its checksum.
#[test]
fn merge_refuses_a_record_with_a_key_given_twice() {
    let scratch = scratch_dir();
    let dir = scratch.path();
    let both: Vec<String> = (1..=2).map(|k| part(dir, 12, k, 2, &[])).collect();
    let record = std::fs::read_to_string(&both[0]).unwrap();
    for (from, to, key) in [
        ("\"nodes\":", "\"count\":0,\"nodes\":", "\"count\""),
        ("\"n\":12", "\"n\":12,\"n\":11", "\"n\" of \"parameters\""),
    ] {
        std::fs::write(&both[0], forged(&record, from, to)).unwrap();
        error_line(
            &["merge", &both[0], &both[1]],
            &format!(
                "{} is a damaged part record: the field {key} is given twice (at line 1)",
                both[0]
            ),
        );
    }
}

/// Records forged with matching checksums whose solutions or nodes add up past 2^64 - 1
/// are refused, naming the file that takes the sum past, not added up wrapped. (The
/// classes cannot: no more than the solutions of a record, they pass 2^64 - 1 after them.)
#[test]
fn merge_refuses_records_whose_sums_pass_64_bits() {
    use backtrack::durable::PartRecord;
    let scratch = scratch_dir();
    let dir = scratch.path();
    let both: Vec<String> = (1..=2).map(|k| part(dir, 8, k, 2, &[])).collect();
    let second = std::fs::read_to_string(&both[1]).unwrap();
    for (what, forge) in [
        (
            "solutions",
            // 2^62 - 1 classes of 4 and one of 2: a count its classes hold.
            (|record: &mut PartRecord| {
                record.count = u64::MAX - 1;
                record.unique = Some(1 << 62);
            }) as fn(&mut PartRecord),
        ),
        ("nodes", |record| record.nodes = u64::MAX),
    ] {
        let mut record = PartRecord::parse(&second, &both[1]).unwrap().record;
        forge(&mut record);
        std::fs::write(&both[1], record.to_line() + "\n").unwrap();
        error_line(
            &["merge", &both[0], &both[1]],
            &format!("{}: the parts' {what} add up to more than 18446744073709551615 (2^64 - 1): a record was changed, or the count is too big to add up", both[1]),
        );
    }
}

/// Files that are no part record are named with what was expected, in our words: a
/// missing file and a directory without the error's number, a binary file as not text, a
/// checkpoint as a checkpoint, a field of the wrong type by its name.
#[test]
fn merge_says_what_a_file_that_is_no_record_is() {
    let scratch = scratch_dir();
    let dir = scratch.path();
    let one = part(dir, 8, 1, 2, &[]);
    let shown = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let checkpoint = shown("q.ck");
    queens_count(8, &["--checkpoint", &checkpoint]).stdout();
    let listing = shown("l.ck");
    with(&["queens", "8", "--limit", "2", "--checkpoint", &listing]).stdout();
    std::fs::write(shown("binary.json"), [0x7f, 0x45, 0x4c, 0x46, 0xff, 0x00]).unwrap();
    let record = std::fs::read_to_string(&one).unwrap();
    std::fs::write(
        shown("negative.json"),
        record.replacen("\"count\":", "\"count\":-", 1),
    )
    .unwrap();
    let missing = shown("missing.json");
    let directory = dir.to_string_lossy().into_owned();
    let not_a_record = "is not a part record (one JSON object from --parts N --part K)";
    let expected = "expected the record of a part (the output of --parts N --part K)";
    let checkpoint_said = format!("{not_a_record}: it is a checkpoint (from --checkpoint FILE), which a count goes on with by --resume FILE");
    all_error_lines(&[
        (&["merge", &one, &missing], &format!("cannot read {missing}: No such file or directory: {expected}")),
        (&["merge", &directory], &format!("cannot read {directory}: Is a directory: {expected}")),
        (&["merge", &one, &shown("binary.json")], &format!("{} {not_a_record}: it is not text", shown("binary.json"))),
        (&["merge", &checkpoint], &format!("{checkpoint} {checkpoint_said}")),
        (&["merge", &one, &listing], &format!("{listing} {checkpoint_said}")),
        // `-` is no file here, though it is standard input in the other subcommands.
        (&["merge", "-"], "merge reads each part's record from its own file, not from standard input (`-`): give the files, such as part-*.json"),
        (&["merge", &one, "-"], "merge reads each part's record from its own file, not from standard input (`-`): give the files, such as part-*.json"),
        (&["merge", &shown("negative.json")], &format!("{} is a damaged part record: \"count\" is -{}: expected a whole number from 0 to 18446744073709551615", shown("negative.json"), serde_json::from_str::<serde_json::Value>(&record).unwrap()["count"])),
    ]);
}

#[test]
fn merge_refuses_a_duplicated_a_missing_and_a_mismatched_part() {
    let scratch = scratch_dir();
    let dir = scratch.path();
    let three: Vec<String> = (1..=3).map(|k| part(dir, 12, k, 3, &[])).collect();
    let [one, two, three] = [&three[0], &three[1], &three[2]];
    // Duplicated: part 2 twice, in two files (a copy).
    let copy = dir
        .join("copy-of-part-2.json")
        .to_string_lossy()
        .into_owned();
    std::fs::copy(two, &copy).unwrap();
    error_line(
        &["merge", one, two, three, &copy],
        &format!("{copy} is part 2 of 3 again (as {two}): give each part once"),
    );
    std::fs::remove_file(&copy).unwrap();
    // Missing.
    error_line(
        &["merge", one, three],
        "part 2 of 3 is missing: the count needs all 3",
    );
    let only = dir.join("only").to_string_lossy().into_owned();
    std::fs::create_dir_all(&only).unwrap();
    let alone = part(Path::new(&only), 12, 1, 3, &[]);
    error_line(
        &["merge", &alone],
        "parts 2 and 3 of 3 are missing: the count needs all 3",
    );
    // Mismatched: another board, another number of parts, another symmetry.
    let other = dir.join("other").to_string_lossy().into_owned();
    std::fs::create_dir_all(&other).unwrap();
    let eleven = part(Path::new(&other), 11, 2, 3, &[]);
    error_line(
        &["merge", one, &eleven, three],
        &format!("{eleven} is not a part of the count of {one}: n is 11, not 12"),
    );
    let of_four = part(Path::new(&other), 12, 2, 4, &[]);
    error_line(
        &["merge", one, &of_four, three],
        &format!("{of_four} is not a part of the count of {one}: it is a part of 4, not of 3"),
    );
    let mirror = part(Path::new(&other), 12, 2, 3, &["--symmetry", "mirror"]);
    error_line(
        &["merge", one, &mirror, three],
        &format!(
            "{mirror} is not a part of the count of {one}: symmetry is \"mirror\", not \"full\""
        ),
    );
    // The classes of a count in the symmetric space (the default with --unique) beside its
    // solutions.
    let in_full = dir.join("full").to_string_lossy().into_owned();
    std::fs::create_dir_all(&in_full).unwrap();
    let full: Vec<String> = [1, 3]
        .map(|k| part(Path::new(&in_full), 12, k, 3, &["--symmetry", "full"]))
        .into();
    let classes = part(Path::new(&other), 12, 2, 3, &["--unique"]);
    error_line(
        &["merge", &full[0], &classes, &full[1]],
        &format!(
            "{classes} is not a part of the count of {}: it counts the classes (--unique), not the solutions",
            full[0]
        ),
    );
    // Not a record at all, damaged, unreadable, partial.
    let not_json = dir.join("notes.txt");
    std::fs::write(&not_json, "hello\n").unwrap();
    let not_json = not_json.to_string_lossy().into_owned();
    refused(
        &["merge", one, &not_json],
        &format!("{not_json} is not a part record (one JSON object from --parts N --part K)"),
    );
    let other_json = dir.join("other.json");
    std::fs::write(&other_json, "{\"count\": 3}\n").unwrap();
    let other_json = other_json.to_string_lossy().into_owned();
    refused(&["merge", &other_json], "is not a part record");
    let record = std::fs::read_to_string(two).unwrap();
    let damaged = dir.join("damaged.json");
    std::fs::write(&damaged, record.replace("\"count\":", "\"cuont\":")).unwrap();
    let damaged = damaged.to_string_lossy().into_owned();
    refused(
        &["merge", one, &damaged, three],
        &format!("{damaged} is a damaged part record"),
    );
    let partial = dir.join("partial.json");
    std::fs::write(
        &partial,
        record.replace(
            "\"complete\":true",
            "\"complete\":false,\"stopped\":\"SIGINT\"",
        ),
    )
    .unwrap();
    let partial = partial.to_string_lossy().into_owned();
    error_line(
        &["merge", one, &partial, three],
        &format!(
            "{partial} is a partial count (part 2 of 3, stopped: SIGINT): count that part again"
        ),
    );
    let missing = dir.join("nowhere.json").to_string_lossy().into_owned();
    refused(
        &["merge", one, &missing],
        &format!("cannot read {missing}: "),
    );
    refused(&["merge"], "merge needs FILES");
}

#[test]
fn parts_flags_are_refused_where_they_mean_nothing() {
    all_refused(&[
        (
            &["queens", "8", "--count", "--parts", "4", "--part", "0"],
            "--part must be at least 1, not 0",
        ),
        (
            &["queens", "8", "--count", "--parts", "0", "--part", "1"],
            "--parts must be at least 1, not 0",
        ),
        (
            &["queens", "8", "--count", "--parts", "10001", "--part", "1"],
            "--parts must be at most 10000, not 10001",
        ),
        (
            &["queens", "8", "--count", "--parts", "4", "--part", "5"],
            "--part 5 is past --parts 4: the parts are 1 to 4",
        ),
        (
            &["queens", "8", "--parts", "4", "--part", "1"],
            "--parts and --part apply to counts (--count)",
        ),
        (
            &[
                "queens", "8", "--count", "--limit", "3", "--parts", "4", "--part", "1",
            ],
            "--parts cannot be used with --count --limit",
        ),
        (
            &[
                "queens",
                "8",
                "--count",
                "--node-limit",
                "3",
                "--parts",
                "4",
                "--part",
                "1",
            ],
            "--parts cannot be used with --node-limit",
        ),
        (
            &["queens", "8", "--count", "--parts", "4"],
            "queens needs --part K",
        ),
        (
            &["queens", "8", "--count", "--part", "4"],
            "queens needs --parts N",
        ),
        (
            &["queens", "8", "--count", "--parts", "x", "--part", "1"],
            "--parts must be a whole number, not 'x'",
        ),
    ]);
}

/// The generic path: any count the engine splits can be shared, here subset sum and the
/// knapsack; a count in parts adds up to the count in one run.
#[test]
fn subset_sum_and_knapsack_counts_in_parts_add_up() {
    let scratch = scratch_dir();
    let dir = scratch.path();
    let numbers: Vec<String> = (1..=16).map(|k| k.to_string()).collect();
    let mut args: Vec<&str> = vec!["subset-sum", "-t", "40"];
    args.extend(numbers.iter().map(String::as_str));
    args.push("--count");
    let whole = stdout(&args);
    assert!(whole.trim().parse::<u64>().unwrap() > 100, "{whole}");
    for parts in [1, 3, 5] {
        let files: Vec<String> = (1..=parts)
            .map(|k| {
                let (k, n) = (k.to_string(), parts.to_string());
                let mut run = args.clone();
                run.extend(["--parts", &n, "--part", &k]);
                let path = dir.join(format!("subset-{k}-of-{n}.json"));
                std::fs::write(&path, stdout(&run)).unwrap();
                path.to_string_lossy().into_owned()
            })
            .collect();
        let mut merge = vec!["merge"];
        merge.extend(files.iter().map(String::as_str));
        assert_eq!(stdout(&merge), whole, "{parts} parts");
        let sum = merged(&files);
        assert_eq!(sum["problem"], "subset-sum");
        assert_eq!(sum["parameters"]["target"], 40);
    }
    let knapsack = crate::common::fixture("textbook.knapsack");
    let whole = stdout(&["knapsack", &knapsack, "--count"]);
    let files: Vec<String> = (1..=2)
        .map(|k| {
            let k = k.to_string();
            let path = dir.join(format!("knapsack-{k}.json"));
            let record = stdout(&[
                "knapsack", &knapsack, "--count", "--parts", "2", "--part", &k,
            ]);
            std::fs::write(&path, record).unwrap();
            path.to_string_lossy().into_owned()
        })
        .collect();
    assert_eq!(stdout(&["merge", &files[0], &files[1]]), whole);
    refused(
        &["sudoku", "--count", "--parts", "2", "--part", "1"],
        "--parts applies to queens, knapsack, subset-sum, exact-cover and model, not sudoku",
    );
}

/// Without the `mpi` feature, `--mpi` says how to get it.
#[cfg(not(feature = "mpi"))]
#[test]
fn mpi_needs_a_build_with_the_feature() {
    refused(
        &["queens", "8", "--count", "--mpi"],
        "--mpi needs backtrack built with MPI: cargo build --release --features mpi",
    );
}

#[test]
fn mpi_flags_are_refused_where_they_mean_nothing() {
    all_refused(&[
        (
            &["queens", "8", "--mpi"],
            "--mpi applies to counts (--count)",
        ),
        (
            &["queens", "8", "--count", "--limit", "2", "--mpi"],
            "--mpi cannot be used with --count --limit",
        ),
        (
            &["queens", "8", "--count", "--node-limit", "2", "--mpi"],
            "--mpi cannot be used with --node-limit",
        ),
        (
            &[
                "queens", "8", "--count", "--mpi", "--parts", "2", "--part", "1",
            ],
            "--mpi cannot be used with --parts",
        ),
    ]);
}

/// A part stopped before its end still writes its record, marked partial (exit status 3
/// for the time limit), and merge refuses it; a record that cannot be written is exit
/// status 4.
#[test]
fn a_stopped_part_writes_a_partial_record_that_merge_refuses() {
    let scratch = scratch_dir();
    let dir = scratch.path();
    let args = [
        "queens",
        "16",
        "--count",
        "--parts",
        "2",
        "--part",
        "1",
        "--time-limit",
        "10ms",
    ];
    let out = backtrack(&args);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    let record: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(record["complete"], false);
    assert_eq!(record["stopped"], "time_limit");
    assert!(text(&out.stderr).contains("part 1 of 2 is partial, and merge will refuse it"));
    let partial = dir.join("part-1.json");
    std::fs::write(&partial, &out.stdout).unwrap();
    let partial = partial.to_string_lossy().into_owned();
    refused(
        &["merge", &partial],
        &format!("{partial} is a partial count (part 1 of 2, stopped: time limit)"),
    );
    #[cfg(target_os = "linux")]
    {
        crate::common::assert_unwritable_output_fails(&[
            "queens", "8", "--count", "--parts", "2", "--part", "1",
        ]);
        crate::common::assert_unwritable_output_fails(&["merge", &part(dir, 8, 1, 1, &[])]);
    }
}
