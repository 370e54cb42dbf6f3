//! What is wrong with a line of JSON that does not hold what it should, in words a user
//! reads after the file and the line are named: the field, what it holds, and what was
//! expected (`"listed" is -5: expected a whole number from 0 to 18446744073709551615`),
//! not serde's own text (`invalid value: integer `-5`, expected u64 at line 1 column 12`);
//! and a key given twice in one object, which serde_json's `Value` lets the last win.

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

/// Why `text`, one line of JSON, could not be read: `err` as serde_json gave it, said
/// without serde's words and without its `at line 1 column N` (the line is the caller's
/// to name; a column is named only where no field is).
pub(crate) fn json_why(err: &serde_json::Error, text: &str) -> String {
    let full = err.to_string();
    let suffix = format!(" at line {} column {}", err.line(), err.column());
    let message = full.strip_suffix(&suffix).unwrap_or(&full);
    match err.classify() {
        serde_json::error::Category::Eof => {
            "it ends before its JSON object does (cut short?)".to_string()
        }
        serde_json::error::Category::Syntax | serde_json::error::Category::Io => {
            let line = match err.line() {
                0 | 1 => String::new(),
                line => format!("line {line}, "),
            };
            format!(
                "it is not a JSON object (at {line}character {}: {message})",
                err.column()
            )
        }
        serde_json::error::Category::Data => data(message, field_before(text, err.column())),
    }
}

/// The first key given twice in one object of `text` (JSON that parses), said as
/// `the field "count" is given twice`, or `the field "n" of "parameters" …` where the
/// object is nested, and the line of `text` where it is given the second time: a reader
/// that takes its JSON through a `Value`, where the last of a repeated key wins, asks
/// this first. `None` if every key is given once (or `text` is not JSON, which its reader
/// says).
pub(crate) fn repeated_key(text: &str) -> Option<(String, usize)> {
    let found = RefCell::new(None);
    let walk = Walk {
        within: String::new(),
        found: &found,
    };
    let err = walk
        .deserialize(&mut serde_json::Deserializer::from_str(text))
        .err()?;
    let (key, within) = found.into_inner()?;
    Some((
        format!("the field \"{key}\"{within} is given twice"),
        err.line(),
    ))
}

/// A walk through a JSON value that stops at the first key given twice in an object,
/// keeping it (and ` of "…"`, the keys of the objects around it) in `found`.
struct Walk<'a> {
    /// ` of "parameters"`, or nothing at the top.
    within: String,
    found: &'a RefCell<Option<(String, String)>>,
}

impl<'de> DeserializeSeed<'de> for Walk<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Walk<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq
            .next_element_seed(Walk {
                within: self.within.clone(),
                found: self.found,
            })?
            .is_some()
        {}
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut keys = BTreeSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if keys.contains(&key) {
                *self.found.borrow_mut() = Some((key, self.within));
                // Said by `repeated_key`, which takes the line from this error.
                return Err(de::Error::custom("a key given twice"));
            }
            let within = format!(" of \"{key}\"{}", self.within);
            map.next_value_seed(Walk {
                within,
                found: self.found,
            })?;
            keys.insert(key);
        }
        Ok(())
    }
}

/// A data error's `message` in our words, `field` the key whose value it is about.
fn data(message: &str, field: Option<&str>) -> String {
    let named =
        |field: Option<&str>| field.map_or_else(|| "a value".to_string(), |f| format!("\"{f}\""));
    if let Some(name) = quoted(message, "missing field `") {
        return format!("the field \"{name}\" is missing");
    }
    if let Some(name) = quoted(message, "duplicate field `") {
        return format!("the field \"{name}\" is given twice");
    }
    if let Some(name) = quoted(message, "unknown field `") {
        let known: Vec<&str> = message
            .split_once("expected one of ")
            .or_else(|| message.split_once("expected "))
            .map(|(_, list)| {
                list.split(", ")
                    .flat_map(|word| word.split(" or "))
                    .map(|word| word.trim_matches('`'))
                    .collect()
            })
            .unwrap_or_default();
        return if known.is_empty() {
            format!("\"{name}\" is not one of its fields")
        } else {
            format!("\"{name}\" is not one of its fields ({})", known.join(", "))
        };
    }
    for kind in ["invalid type: ", "invalid value: "] {
        if let Some((found, expected)) = message
            .strip_prefix(kind)
            .and_then(|rest| rest.split_once(", expected "))
        {
            return format!(
                "{} is {}: expected {}",
                named(field),
                value(found),
                expected_words(expected)
            );
        }
    }
    if let Some((found, expected)) = message
        .strip_prefix("invalid length ")
        .and_then(|rest| rest.split_once(", expected "))
    {
        return format!(
            "{} has {found} entries: expected {}",
            named(field),
            expected_words(expected)
        );
    }
    match field {
        Some(field) => format!("\"{field}\": {message}"),
        None => message.to_string(),
    }
}

/// The word between `start` and the next backquote of `message`, if it starts so.
fn quoted<'a>(message: &'a str, start: &str) -> Option<&'a str> {
    message.strip_prefix(start)?.split('`').next()
}

/// A value as serde names it (`integer `-5``, `string "x"`, `sequence`), as it reads.
fn value(found: &str) -> String {
    let inner = |prefix: &str| {
        found
            .strip_prefix(prefix)
            .map(|rest| rest.trim_matches('`').to_string())
    };
    inner("integer ")
        .or_else(|| inner("floating point "))
        .or_else(|| inner("boolean "))
        .or_else(|| {
            found
                .strip_prefix("string ")
                .map(|s| format!("the string {s}"))
        })
        .unwrap_or_else(|| match found {
            "sequence" => "a list".to_string(),
            "map" => "an object".to_string(),
            "unit value" | "null" => "null".to_string(),
            other => other.to_string(),
        })
}

/// What serde expected (`u64`, `a boolean`, `struct Position`), as it reads.
fn expected_words(expected: &str) -> String {
    let whole = |max: String| format!("a whole number from 0 to {max}");
    match expected {
        "u8" => whole(u8::MAX.to_string()),
        "u16" => whole(u16::MAX.to_string()),
        "u32" => whole(u32::MAX.to_string()),
        "u64" => whole(u64::MAX.to_string()),
        "usize" => whole(usize::MAX.to_string()),
        "a boolean" => "true or false".to_string(),
        "a sequence" => "a list".to_string(),
        "f64" | "f32" => "a number".to_string(),
        "a map" => "an object".to_string(),
        other if other.starts_with("struct ") => "an object".to_string(),
        other if other.starts_with("a tuple of size ") => {
            format!("a list of {} entries", &other["a tuple of size ".len()..])
        }
        other => other.trim_matches('`').to_string(),
    }
}

/// The key of the innermost field whose value runs up to `column` (from 1, as serde counts
/// it: the error's character, or the one after it) in `text`: the last `"key":` before it.
fn field_before(text: &str, column: usize) -> Option<&str> {
    let end = text
        .char_indices()
        .nth(column)
        .map_or(text.len(), |(at, _)| at);
    let before = &text[..end];
    let colon = before.rfind("\":")?;
    let open = before[..colon].rfind('"')?;
    Some(&before[open + 1..colon])
}

#[cfg(test)]
mod tests {
    use super::json_why;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Line {
        listed: u64,
        position: Inner,
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Inner {
        path: Vec<usize>,
        done: bool,
    }

    fn why(text: &str) -> String {
        json_why(&serde_json::from_str::<Line>(text).unwrap_err(), text)
    }

    #[test]
    fn serde_errors_are_said_by_field_in_our_words() {
        let max = u64::MAX;
        for (text, said) in [
            (
                r#"{"listed":-5,"position":{"path":[],"done":false}}"#,
                format!("\"listed\" is -5: expected a whole number from 0 to {max}"),
            ),
            (
                r#"{"listed":"x","position":{"path":[],"done":false}}"#,
                format!("\"listed\" is the string \"x\": expected a whole number from 0 to {max}"),
            ),
            (
                r#"{"listed":1,"position":{"path":[0,-1],"done":false}}"#,
                format!(
                    "\"path\" is -1: expected a whole number from 0 to {}",
                    usize::MAX
                ),
            ),
            (
                r#"{"listed":1,"position":{"path":[],"done":3}}"#,
                "\"done\" is 3: expected true or false".to_string(),
            ),
            (
                r#"{"listed":1,"position":{"path":{},"done":true}}"#,
                "\"path\" is an object: expected a list".to_string(),
            ),
            (
                r#"{"listed":1}"#,
                "the field \"position\" is missing".to_string(),
            ),
            (
                r#"{"listed":1,"listed":2}"#,
                "the field \"listed\" is given twice".to_string(),
            ),
            (
                r#"{"listed":1,"extra":2}"#,
                "\"extra\" is not one of its fields (listed, position)".to_string(),
            ),
            (
                r#"{"listed":1,"#,
                "it ends before its JSON object does (cut short?)".to_string(),
            ),
            (
                "hello",
                "it is not a JSON object (at character 1: expected value)".to_string(),
            ),
        ] {
            assert_eq!(why(text), said, "{text}");
            assert!(!said.contains(" at line "), "{said}");
        }
    }
}
