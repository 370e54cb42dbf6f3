//! Quoting input text in error messages.

/// The most characters of input an error message quotes.
const MAX_QUOTED: usize = 40;

/// `text` as an error message shows it: at most 40 characters (then `…`), invisible and
/// control characters escaped (`\u{200b}`), so that a bad line of megabytes or a
/// zero-width space makes a short and readable message.
pub(crate) fn quote(text: &str) -> String {
    let mut quoted = String::new();
    for (count, c) in text.chars().enumerate() {
        if count == MAX_QUOTED {
            quoted.push('…');
            break;
        }
        if c.escape_debug().len() > 1 && !matches!(c, '\'' | '"' | '\\') {
            quoted.extend(c.escape_debug());
        } else {
            quoted.push(c);
        }
    }
    quoted
}

#[cfg(test)]
mod tests {
    use super::quote;

    #[test]
    fn quotes_are_short_and_show_invisible_characters() {
        assert_eq!(quote("20 apples"), "20 apples");
        assert_eq!(quote(&"a".repeat(41)), format!("{}…", "a".repeat(40)));
        assert_eq!(quote(&"a".repeat(40)), "a".repeat(40));
        assert_eq!(quote("1\u{200b}2\t'\""), "1\\u{200b}2\\t'\"");
    }
}
