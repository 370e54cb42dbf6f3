//! Part records and their merge: every part of one count adds up, in any order; anything
//! else is refused with one line naming the file: missing, duplicated or foreign parts,
//! partial or changed records, parts relabelled, sums that overflow.

use std::path::PathBuf;

use proptest::prelude::*;
use serde_json::json;

use super::{flipped, scratch};
use crate::durable::{
    merge, merge_files, MergeError, Merged, Merger, PartKind, PartRecord, Print, ReadRecord, Seal,
    Shape, Tally,
};

/// Part `part` of `counts.len()` of a count of 12 queens, which counted `subproblems[k]`
/// subproblems and found `counts[k]` solutions.
fn record(part: usize, counts: &[u64], subproblems: &[usize]) -> PartRecord {
    PartRecord {
        record: PartKind,
        version: "0.1.0".into(),
        problem: "queens".into(),
        parameters: json!({"n": 12, "place": [], "symmetry": "full"}),
        print: Print::Count,
        part,
        parts: counts.len(),
        split: Shape {
            depth: 3,
            subproblems: subproblems.iter().sum(),
        },
        subproblems: subproblems[part - 1],
        count: counts[part - 1],
        // A class holds one solution at least, and no more than 8 (as queens' do).
        unique: Some(counts[part - 1].div_ceil(8)),
        nodes: 1000 + counts[part - 1] / 2,
        elapsed: 0.25,
        complete: true,
        stopped: None,
    }
}

/// The three parts of one count, as written and read back.
fn three() -> Vec<PartRecord> {
    (1..=3)
        .map(|k| record(k, &[4000, 5000, 5200], &[90, 89, 89]))
        .collect()
}

/// `records` as read from files `p1.json`, `p2.json`, …
fn named(records: &[PartRecord]) -> Vec<(String, ReadRecord)> {
    records
        .iter()
        .enumerate()
        .map(|(k, record)| {
            let read = PartRecord::parse(&record.to_line(), "").unwrap();
            (format!("p{}.json", k + 1), read)
        })
        .collect()
}

fn refusal(records: &[PartRecord]) -> String {
    merge(named(records)).unwrap_err().to_string()
}

#[test]
fn the_parts_of_one_count_add_up() {
    let merged = merge(named(&three())).unwrap();
    assert_eq!(
        merged.found,
        Tally {
            count: 14_200,
            unique: Some(500 + 625 + 650)
        }
    );
    assert_eq!(merged.nodes, 3000 + 7100);
    assert_eq!(merged.printed(), 14_200);
    assert_eq!(merged.first, three()[0]);
    let summary = serde_json::to_string(&merged.summary()).unwrap();
    assert_eq!(
        summary,
        r#"{"problem":"queens","parameters":{"n":12,"place":[],"symmetry":"full"},"parts":3,"count":14200,"unique":1775,"nodes":10100,"elapsed":0.75,"complete":true}"#
    );
    let classes = Merged {
        first: PartRecord {
            print: Print::Unique,
            ..three()[0].clone()
        },
        ..merged
    };
    assert_eq!(classes.printed(), 1775);
}

#[test]
fn missing_duplicated_and_foreign_parts_are_refused() {
    let [one, two, three] = <[PartRecord; 3]>::try_from(three()).unwrap();
    assert_eq!(
        refusal(&[one.clone(), three.clone()]),
        "part 2 of 3 is missing: the count needs all 3"
    );
    assert_eq!(
        refusal(std::slice::from_ref(&one)),
        "parts 2 and 3 of 3 are missing: the count needs all 3"
    );
    assert_eq!(
        refusal(&[one.clone(), two.clone(), three.clone(), two.clone()]),
        "p4.json is part 2 of 3 again (as p2.json): give each part once"
    );
    let mut eleven = two.clone();
    eleven.parameters["n"] = json!(11);
    let mut of_four = two.clone();
    of_four.parts = 4;
    let mut classes = two.clone();
    classes.print = Print::Unique;
    let mut older = two.clone();
    older.version = "0.0.9".into();
    let mut other = two.clone();
    other.problem = "subset-sum".into();
    let mut split = two.clone();
    split.split.depth = 4;
    for (foreign, why) in [
        (eleven, "n is 11, not 12"),
        (of_four, "it is a part of 4, not of 3"),
        (
            classes,
            "it counts the classes (--unique), not the solutions",
        ),
        (older, "it was counted by backtrack 0.0.9, not 0.1.0"),
        (other, "it counts subset-sum, not queens"),
        (
            split,
            "its split is 268 subproblems at depth 4, not 268 at depth 3",
        ),
    ] {
        assert_eq!(
            refusal(&[one.clone(), foreign, three.clone()]),
            format!("p2.json is not a part of the count of p1.json: {why}")
        );
    }
    assert_eq!(
        merge(Vec::new()).unwrap_err().to_string(),
        "merge needs the records of the parts"
    );
}

#[test]
fn a_partial_part_is_refused_as_one_whatever_its_checksum() {
    let mut partial = three();
    partial[1].complete = false;
    partial[1].stopped = Some("SIGINT".into());
    let said = "p2.json is a partial count (part 2 of 3, stopped: SIGINT): count that part again";
    assert_eq!(refusal(&partial), said);
    // Made partial by hand, its checksum no longer matching.
    let line = three()[1].to_line().replace(
        "\"complete\":true",
        "\"complete\":false,\"stopped\":\"SIGINT\"",
    );
    let read = PartRecord::parse(&line, "p2.json").unwrap();
    assert_eq!(read.seal, Seal::Mismatch);
    let mut records = named(&three());
    records[1].1 = read;
    assert_eq!(merge(records).unwrap_err().to_string(), said);
}

#[test]
fn a_changed_count_or_a_record_without_its_checksum_is_refused() {
    let lines: Vec<String> = three().iter().map(PartRecord::to_line).collect();
    let changed = lines[1].replace("\"count\":5000", "\"count\":5001");
    assert_ne!(changed, lines[1]);
    let unsealed = serde_json::to_string(&three()[1]).unwrap();
    let moved = {
        // The same fields and checksum, reordered by a tool: changed too.
        let mut value: serde_json::Value = serde_json::from_str(&lines[1]).unwrap();
        value["count"] = json!(5000);
        value.to_string()
    };
    for (line, said) in [
        (&changed, "p2.json is a damaged part record: its checksum does not match: the file was changed or damaged"),
        (&moved, "p2.json is a damaged part record: its checksum does not match: the file was changed or damaged"),
        (&unsealed, "p2.json is a damaged part record: it has no checksum (a record ends with \"checksum\":\"…\")"),
    ] {
        let mut records = named(&three());
        records[1].1 = PartRecord::parse(line, "p2.json").unwrap();
        assert_eq!(merge(records).unwrap_err().to_string(), said);
    }
}

/// Issue 32: two records relabelled as the parts of two, the third dropped, merged to a
/// wrong total. Sealed again, they are refused as not making up their split.
#[test]
fn parts_relabelled_to_hide_a_missing_one_are_refused() {
    let relabelled: Vec<PartRecord> = three()[..2]
        .iter()
        .map(|record| PartRecord {
            parts: 2,
            ..record.clone()
        })
        .collect();
    assert_eq!(
        refusal(&relabelled),
        "p1.json and the other parts count 179 subproblems, not the 268 of their split: a record was changed, or is another count's"
    );
    let mut alone = three()[0].clone();
    alone.parts = 1;
    assert_eq!(
        refusal(&[alone]),
        "p1.json counts 90 subproblems, not the 268 of its split: the record was changed, or is another count's"
    );
}

/// Issue 32: a count of 2^64 - 1 wrapped the sum.
#[test]
fn a_sum_past_u64_is_refused() {
    let counts = [u64::MAX, 1];
    let records: Vec<PartRecord> = (1..=2).map(|k| record(k, &counts, &[5, 5])).collect();
    assert_eq!(
        refusal(&records),
        "p2.json: the parts' solutions add up to more than 18446744073709551615 (2^64 - 1): a record was changed, or the count is too big to add up"
    );
    let mut nodes = records;
    for record in &mut nodes {
        record.count = 1;
        record.unique = None;
    }
    nodes[0].nodes = u64::MAX;
    assert!(refusal(&nodes).starts_with("p2.json: the parts' nodes add up to more than"));
}

/// `line`, a record as [`PartRecord::to_line`] writes it, with its checksum made again
/// as `to_line` makes it: the CRC-32 of the line without its checksum field.
fn sealed_again(line: &str) -> String {
    let (open, _) = line.rsplit_once(",\"checksum\":").unwrap();
    let sum = crc32fast::hash(format!("{open}}}").as_bytes());
    format!("{open},\"checksum\":\"{sum:08x}\"}}")
}

/// `line`, a record as [`PartRecord::to_line`] writes it, with `from` replaced by `to`
/// and its checksum made again: a record that matches its checksum.
fn resealed(line: &str, from: &str, to: &str) -> String {
    assert!(line.contains(from), "{from} in {line}");
    let line = sealed_again(&line.replace(from, to));
    assert_eq!(
        PartRecord::parse(&line, "p2.json").unwrap().seal,
        Seal::Matches
    );
    line
}

/// `records` as read from `p1.json`, … with the line of `p2.json` in place of the second.
fn with_second(line: &str) -> Vec<(String, ReadRecord)> {
    let mut records = named(&three());
    records[1].1 = PartRecord::parse(line, "p2.json").unwrap();
    records
}

/// A record whose count was rewritten and its checksum made again merged to a wrong
/// total. Counts that disagree with the record's classes are refused however well
/// sealed; counts that agree still merge (a checksum made again is no forgery it can
/// tell, only figures that cannot be).
#[test]
fn counts_that_disagree_with_their_classes_are_refused_whatever_their_checksum() {
    let line = three()[1].to_line();
    for (from, to, why) in [
        (
            "\"count\":5000",
            "\"count\":0",
            "its \"count\" 0 is less than its \"unique\" 625, and each class holds a solution",
        ),
        (
            "\"count\":5000",
            "\"count\":624",
            "its \"count\" 624 is less than its \"unique\" 625, and each class holds a solution",
        ),
        (
            "\"unique\":625",
            "\"unique\":0",
            "its \"count\" 5000 is in no class (its \"unique\" is 0), and each solution is in one",
        ),
    ] {
        assert_eq!(
            merge(with_second(&resealed(&line, from, to))).unwrap_err().to_string(),
            format!("p2.json is a damaged part record: {why}: it was changed, and its checksum made again")
        );
    }
    // As many solutions as classes, or none in none: they agree.
    for (from, to, total) in [
        ("\"count\":5000", "\"count\":625", 9200 + 625),
        (
            "\"count\":5000,\"unique\":625",
            "\"count\":0,\"unique\":0",
            9200,
        ),
    ] {
        let merged = merge(with_second(&resealed(&line, from, to))).unwrap();
        assert_eq!(merged.found.count, total);
    }
}

/// A problem's own check of its counts ([`Merger::checking`]) is asked of every record,
/// after what every count implies, and names the file with its words.
#[test]
fn a_problem_s_check_of_its_counts_refuses_what_it_faults() {
    fn even(record: &PartRecord) -> Option<String> {
        (record.count % 2 == 1).then(|| format!("its \"count\" {} is odd", record.count))
    }
    let line = three()[1].to_line();
    let odd = resealed(&line, "\"count\":5000", "\"count\":5001");
    let mut merger = Merger::checking(even);
    let mut records = with_second(&odd).into_iter();
    let (shown, first) = records.next().unwrap();
    merger.add(&shown, first).unwrap();
    let (shown, second) = records.next().unwrap();
    assert_eq!(
        merger.add(&shown, second).unwrap_err().to_string(),
        "p2.json is a damaged part record: its \"count\" 5001 is odd: it was changed, and its checksum made again"
    );
    // Without the check it merges: only the problem knows its counts are even.
    assert_eq!(merge(with_second(&odd)).unwrap().found.count, 14_201);
    let less = resealed(&line, "\"count\":5000", "\"count\":1");
    assert_eq!(
        Merger::checking(even).add("p2.json", PartRecord::parse(&less, "p2.json").unwrap()).unwrap_err().to_string(),
        "p2.json is a damaged part record: its \"count\" 1 is less than its \"unique\" 625, and each class holds a solution: it was changed, and its checksum made again"
    );
}

/// A repeated `"count"` was read as the last one. A key given twice, in the
/// record or in an object of it, is refused naming the key and its line, whatever the
/// checksum.
#[test]
fn a_key_given_twice_is_refused_naming_it_and_its_line() {
    let line = three()[1].to_line();
    for (from, to, said) in [
        (
            "\"count\":5000",
            "\"count\":0,\"count\":5000",
            "the field \"count\" is given twice (at line 1)",
        ),
        (
            "\"count\":5000",
            "\"count\":5000,\"count\":0",
            "the field \"count\" is given twice (at line 1)",
        ),
        (
            "\"n\":12",
            "\"n\":12,\"n\":11",
            "the field \"n\" of \"parameters\" is given twice (at line 1)",
        ),
        (
            "\"depth\":3",
            "\"depth\":3,\n\"depth\":3",
            "the field \"depth\" of \"split\" is given twice (at line 2)",
        ),
        (
            "\"record\":\"backtrack count part\"",
            "\"record\":\"backtrack count part\",\"record\":\"backtrack count part\"",
            "the field \"record\" is given twice (at line 1)",
        ),
    ] {
        let changed = line.replace(from, to);
        // Sealed again or not, it is refused for the key.
        for text in [&changed, &sealed_again(&changed)] {
            assert_eq!(
                PartRecord::parse(text, "p2.json").unwrap_err().to_string(),
                format!("p2.json is a damaged part record: {said}")
            );
        }
    }
    // A key given once in two objects is no repeat.
    let nested = resealed(&line, "\"place\":[]", "\"place\":[],\"depth\":3");
    assert!(PartRecord::parse(&nested, "p2.json").is_ok());
}

#[test]
fn records_that_are_not_records_are_refused() {
    for (text, said) in [
        ("hello", "x is not a part record (one JSON object from --parts N --part K): it is not a JSON object (at character 1: expected value)"),
        ("{\n\"count\": 3,\n}", "x is not a part record (one JSON object from --parts N --part K): it is not a JSON object (at line 3, character 1: trailing comma)"),
        ("1a2b3c4d {\"checkpoint\":\"backtrack count\"}\n", "x is not a part record (one JSON object from --parts N --part K): it is a checkpoint (from --checkpoint FILE), which a count goes on with by --resume FILE"),
        (r#"{"count": 3}"#, "x is not a part record (one JSON object from --parts N --part K): it has no \"record\":\"backtrack count part\""),
    ] {
        assert_eq!(PartRecord::parse(text, "x").unwrap_err().to_string(), said);
    }
    let line = three()[1].to_line();
    let said = PartRecord::parse(&line.replace("\"count\":", "\"cuont\":"), "x")
        .unwrap_err()
        .to_string();
    assert_eq!(said, "x is a damaged part record: \"cuont\" is not one of its fields (record, version, problem, parameters, print, part, parts, split, subproblems, count, unique, nodes, elapsed, complete, stopped)");
    let said = PartRecord::parse(&line.replace("\"parts\":3", "\"parts\":-3"), "x")
        .unwrap_err()
        .to_string();
    assert_eq!(
        said,
        format!(
            "x is a damaged part record: \"parts\" is -3: expected a whole number from 0 to {}",
            usize::MAX
        )
    );
    let beyond = PartRecord {
        part: 4,
        ..three()[1].clone()
    };
    assert_eq!(
        PartRecord::parse(&beyond.to_line(), "x")
            .unwrap_err()
            .to_string(),
        "x is a damaged part record: part 4 of 3"
    );
}

#[test]
fn merge_files_reads_each_file_once_and_names_it() {
    let dir = scratch();
    let paths: Vec<PathBuf> = three()
        .iter()
        .enumerate()
        .map(|(k, record)| {
            let path = dir.path().join(format!("part-{}.json", k + 1));
            std::fs::write(&path, record.to_line() + "\n").unwrap();
            path
        })
        .collect();
    assert_eq!(merge_files(&paths).unwrap().found.count, 14_200);
    let shown: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    let twice = [&paths[..], &paths[1..2]].concat();
    assert_eq!(
        merge_files(&twice).unwrap_err().to_string(),
        format!("{} is given twice: give each part's record once", shown[1])
    );
    let other_name = dir.path().join(".").join("part-2.json");
    let again = [&paths[..], std::slice::from_ref(&other_name)].concat();
    assert_eq!(
        merge_files(&again).unwrap_err().to_string(),
        format!(
            "{} is {} again, by another name: give each part's record once",
            other_name.display(),
            shown[1]
        )
    );
    let nowhere = dir.path().join("nowhere.json");
    let err = merge_files(&[paths[0].clone(), nowhere.clone()]).unwrap_err();
    assert!(matches!(err, MergeError::Unreadable { .. }));
    assert_eq!(
        err.to_string(),
        format!(
            "cannot read {}: No such file or directory: expected the record of a part (the output of --parts N --part K)",
            nowhere.display()
        )
    );
    let binary = dir.path().join("binary.json");
    std::fs::write(&binary, [0xff, 0xfe, 0x00]).unwrap();
    assert_eq!(
        merge_files(std::slice::from_ref(&binary))
            .unwrap_err()
            .to_string(),
        format!(
            "{} is not a part record (one JSON object from --parts N --part K): it is not text",
            binary.display()
        )
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The complete parts of one count, in any order, add up to its total.
    #[test]
    fn shuffled_complete_parts_add_up(
        parts in prop::collection::vec((0..1u64 << 40, 0..50usize), 1..8),
        order in any::<prop::sample::Index>(),
    ) {
        let counts: Vec<u64> = parts.iter().map(|&(count, _)| count).collect();
        let subproblems: Vec<usize> = parts.iter().map(|&(_, subs)| subs).collect();
        let records: Vec<PartRecord> =
            (1..=parts.len()).map(|k| record(k, &counts, &subproblems)).collect();
        let mut shuffled = named(&records);
        // A rotation and a reversal: every order is as good as any other to the merge.
        let turn = order.index(shuffled.len());
        shuffled.rotate_left(turn);
        if turn % 2 == 1 {
            shuffled.reverse();
        }
        let merged = merge(shuffled).unwrap();
        prop_assert_eq!(merged.found.count, counts.iter().sum::<u64>());
        prop_assert_eq!(merged.found.unique, Some(counts.iter().map(|c| c.div_ceil(8)).sum::<u64>()));
        prop_assert_eq!(merged.nodes, counts.iter().map(|c| 1000 + c / 2).sum::<u64>());
    }

    /// No single-bit flip of a record is merged: it is not a record, a damaged one, or
    /// its checksum does not match.
    #[test]
    fn no_single_bit_flip_of_a_record_is_merged(part in 0..3usize, at in any::<prop::sample::Index>(), bit in 0..8u8) {
        let lines: Vec<String> = three().iter().map(PartRecord::to_line).collect();
        let bytes = lines[part].as_bytes();
        let Ok(changed) = String::from_utf8(flipped(bytes, at.index(bytes.len()), bit)) else {
            // Not text: the read of the file refuses it.
            return Ok(());
        };
        let mut records = named(&three());
        match PartRecord::parse(&changed, "p.json") {
            Err(_) => {}
            Ok(read) => {
                prop_assert_ne!(read.seal, Seal::Matches);
                records[part].1 = read;
                prop_assert!(merge(records).is_err());
            }
        }
    }
}
