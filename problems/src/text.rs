//! Text shared by the problems: input quoted in error messages, and tree labels made by a
//! problem's `describe`.

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

/// Implements [`Label`](backtrack::tree::Label) for a problem whose inherent
/// `describe(None)` shows its state and `describe(Some(op))` the state `op` would make
/// from it: the label and the child's label are those, and the operator's is the
/// expression given, of the operator named.
///
/// ```text
/// label_by_describe!(
///     /// Labels for the solution tree: …
///     Permutations, |value: usize| value.to_string()
/// );
/// ```
macro_rules! label_by_describe {
    ($(#[$doc:meta])* $problem:ty, |$op:ident: $op_type:ty| $op_label:expr) => {
        $(#[$doc])*
        impl backtrack::tree::Label for $problem {
            fn label(&self) -> String {
                self.describe(None)
            }

            fn op_label(&self, $op: $op_type) -> String {
                $op_label
            }

            fn child_label(&self, $op: $op_type) -> String {
                self.describe(Some($op))
            }
        }
    };
}

pub(crate) use label_by_describe;

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
