//! The records' JSON is the JSON the command line wrote before they were library types,
//! byte for byte, and a sealed line is refused after any change.

use proptest::prelude::*;

use super::flipped;
use crate::durable::{
    open_line, seal_line, Entry, Header, Kind, MergeSummary, PartRecord, Seal, Snapshot, Tally,
};

/// Lines written by `backtrack` 0.1.0 (before this module): the header and two entries of
/// `queens 8 --count --checkpoint`, the header and an entry without classes of
/// `subset-sum --target 30 --count --checkpoint 1 … 14`.
const COUNT_LINES: [&str; 5] = [
    r#"b58b77e8 {"checkpoint":"backtrack count","count":{"parameters":{"n":8,"place":[],"symmetry":"full"},"problem":"queens"},"split":{"depth":5,"subproblems":151},"version":"0.1.0"}"#,
    r#"110a7273 {"index":87,"path":[1,3,1,1,0],"count":8,"unique":1,"nodes":6,"solutions":1,"dead_ends":2,"rejections":0,"prunings":0,"max_depth":8}"#,
    r#"dde12a2c {"index":110,"path":[2,0,0,1,0],"count":4,"unique":1,"nodes":5,"solutions":1,"dead_ends":1,"rejections":0,"prunings":0,"max_depth":8}"#,
    r#"1784321c {"checkpoint":"backtrack count","count":{"parameters":{"numbers":[1,2,3,4,5,6,7,8,9,10,11,12,13,14],"target":30},"problem":"subset-sum"},"split":{"depth":9,"subproblems":420},"version":"0.1.0"}"#,
    r#"bcffa8d3 {"index":190,"path":[0,1,1,1,0,1,1,1,1],"count":2,"nodes":24,"solutions":2,"dead_ends":7,"rejections":22,"prunings":0,"max_depth":14}"#,
];

/// `queens 9 --limit 3 --checkpoint`.
const LISTING: [&str; 2] = [
    r#"bc146695 {"checkpoint":"backtrack listing","count":{"parameters":{"lex":true,"n":9,"place":[],"unique":false},"problem":"queens"},"version":"0.1.0"}"#,
    r#"bf459ae4 {"listed":3,"position":{"done":false,"path":[0,0,3,1,2,0,0,0],"tried":1,"entered_child":true,"pruned_child":false,"nodes":98,"solutions":3,"dead_ends":33,"bounded":0,"rejections":0,"prunings":0,"max_depth":9}}"#,
];

/// `knapsack textbook.knapsack --checkpoint` (a branch and bound: the best and its value).
const BEST: [&str; 2] = [
    r#"815ded6c {"checkpoint":"backtrack best","count":{"parameters":{"capacity":50,"items":[[10,60],[20,100],[30,120]]},"problem":"knapsack"},"version":"0.1.0"}"#,
    r#"89e47698 {"listed":[[1,2],220],"position":{"done":true,"path":[],"tried":0,"entered_child":false,"pruned_child":false,"nodes":9,"solutions":3,"dead_ends":0,"bounded":0,"rejections":1,"prunings":3,"max_depth":3}}"#,
];

/// `queens 10 --count --unique --parts 3 --part 1`, and `merge --format json` of its three
/// parts, before part records had a checksum.
const PART: &str = r#"{"record":"backtrack count part","version":"0.1.0","problem":"queens","parameters":{"n":10,"place":[],"symmetry":"full"},"print":"unique","part":1,"parts":3,"split":{"depth":4,"subproblems":424},"subproblems":142,"count":292,"unique":38,"nodes":3181,"elapsed":0.002015214,"complete":true}"#;
const SUMMARY: &str = r#"{"problem":"queens","parameters":{"n":10,"place":[],"symmetry":"full"},"parts":3,"count":724,"unique":92,"nodes":8426,"elapsed":0.017,"complete":true}"#;

#[test]
fn count_checkpoint_lines_of_today_load_and_are_written_again_byte_for_byte() {
    for line in COUNT_LINES {
        let text = open_line(line).expect("its checksum matches");
        if text.starts_with("{\"checkpoint\"") {
            let header: Header = serde_json::from_str(text).unwrap();
            assert_eq!(header.checkpoint, Kind::Count);
            assert_eq!(header.to_line(), line);
            header.check(text, "c.ck").unwrap();
        } else {
            let entry: Entry = serde_json::from_str(text).unwrap();
            assert_eq!(entry.to_line(), line);
            let done = entry.done();
            assert_eq!(done.index, entry.index);
            assert_eq!(done.stats.nodes, entry.nodes);
        }
    }
}

#[test]
fn listing_and_best_checkpoints_of_today_load_and_are_written_again_byte_for_byte() {
    let header: Header = serde_json::from_str(open_line(LISTING[0]).unwrap()).unwrap();
    assert_eq!((header.checkpoint, header.split), (Kind::Listing, None));
    assert_eq!(header.to_line(), LISTING[0]);
    let saved: Snapshot<u64> = serde_json::from_str(open_line(LISTING[1]).unwrap()).unwrap();
    assert_eq!(saved.listed, 3);
    assert_eq!(
        seal_line(&serde_json::to_string(&saved).unwrap()),
        LISTING[1]
    );

    let header: Header = serde_json::from_str(open_line(BEST[0]).unwrap()).unwrap();
    assert_eq!(header.checkpoint, Kind::Best);
    assert_eq!(header.to_line(), BEST[0]);
    let saved: Snapshot<Option<(Vec<usize>, u64)>> =
        serde_json::from_str(open_line(BEST[1]).unwrap()).unwrap();
    assert_eq!(saved.listed, Some((vec![1, 2], 220)));
    assert_eq!(seal_line(&serde_json::to_string(&saved).unwrap()), BEST[1]);
}

#[test]
fn a_part_record_of_today_loads_unsealed_and_gets_its_checksum_last() {
    let read = PartRecord::parse(&format!("{PART}\n"), "p1.json").unwrap();
    assert_eq!(read.seal, Seal::Missing);
    assert_eq!(serde_json::to_string(&read.record).unwrap(), PART);
    let line = read.record.to_line();
    let open = PART.strip_suffix('}').unwrap();
    let sum = crc32fast::hash(PART.as_bytes());
    assert_eq!(line, format!("{open},\"checksum\":\"{sum:08x}\"}}"));
    let again = PartRecord::parse(&line, "p1.json").unwrap();
    assert_eq!((again.record, again.seal), (read.record, Seal::Matches));
}

#[test]
fn a_merged_summary_keeps_its_key_order() {
    let summary: MergeSummary = serde_json::from_str(SUMMARY).unwrap();
    assert_eq!(serde_json::to_string(&summary).unwrap(), SUMMARY);
    assert_eq!(summary.unique, Some(92));
}

#[test]
fn a_tally_serialises_its_classes_only_when_counted() {
    let both = Tally {
        count: 92,
        unique: Some(12),
    };
    assert_eq!(
        serde_json::to_string(&both).unwrap(),
        r#"{"count":92,"unique":12}"#
    );
    assert_eq!(
        serde_json::to_string(&Tally::of(92)).unwrap(),
        r#"{"count":92}"#
    );
    assert_eq!(
        serde_json::from_str::<Tally>(r#"{"count":92}"#).unwrap(),
        Tally::of(92)
    );
    assert!(serde_json::from_str::<Tally>(r#"{"count":92,"uniq":1}"#).is_err());
    let mut sum = both;
    sum.add(both);
    assert_eq!(
        sum,
        Tally {
            count: 184,
            unique: Some(24)
        }
    );
    // Classes added to a part without them are no count of classes.
    sum.add(Tally::of(1));
    assert_eq!(sum, Tally::of(185));
    assert_eq!(Tally::of(u64::MAX).checked_add(Tally::of(1)), None);
    let most = Tally {
        count: 1,
        unique: Some(u64::MAX),
    };
    assert_eq!(most.checked_add(most), None);
    assert_eq!(
        both.checked_add(both),
        Some(Tally {
            count: 184,
            unique: Some(24)
        })
    );
}

#[test]
fn a_line_s_checksum_is_eight_lowercase_digits() {
    let line = COUNT_LINES[0];
    assert!(open_line(line).is_some());
    let upper = format!("{}{}", line[..8].to_uppercase(), &line[8..]);
    assert_ne!(upper, line);
    assert_eq!(open_line(&upper), None);
    assert_eq!(open_line(&format!("0{line}")), None);
    assert_eq!(open_line(&line[1..]), None);
    assert_eq!(open_line("{}"), None);
    assert_eq!(open_line(""), None);
}

proptest! {
    #[test]
    fn a_sealed_line_opens_to_its_text(text in "[^\n]{0,80}") {
        let line = seal_line(&text);
        prop_assert_eq!(open_line(&line), Some(text.as_str()));
    }

    /// CRC-32 catches every single-bit error in the text, and the checksum is read only as
    /// written (lowercase), so no flip anywhere in a line goes unnoticed.
    #[test]
    fn no_single_bit_flip_of_a_line_opens(line in 0..COUNT_LINES.len(), at in any::<prop::sample::Index>(), bit in 0..8u8) {
        let bytes = COUNT_LINES[line].as_bytes();
        let changed = flipped(bytes, at.index(bytes.len()), bit);
        if let Ok(changed) = String::from_utf8(changed) {
            prop_assert_eq!(open_line(&changed), None);
        }
    }
}
