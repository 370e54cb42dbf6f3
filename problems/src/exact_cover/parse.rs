//! The text of an exact cover problem, as Knuth's programs read it: the first line names
//! the items, the primary ones, then `|`, then the secondary ones; each line after it is
//! an option, its items apart by spaces or tabs, a secondary item written `item:colour`
//! to give it a colour. Lines starting with `|` are comments; blank lines are skipped.
//! Lines end with a line feed, a carriage return and a line feed, or a carriage return
//! alone. Only spaces and tabs separate: any other blank (a no-break space) or control
//! character outside a comment is refused where it stands.

use std::str::FromStr;

use super::{BuildError, Builder, ExactCover};

/// What is wrong with the text of an exact cover problem, and where: the line and the
/// column (both from 1, the column counted in characters) of the offending item.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// Nothing but blank lines and comments.
    #[error("there is no line of items (the input holds only blank lines and comments): expected a first line naming the items, the secondary ones after `|`")]
    NoItemLine,
    /// A blank other than a space or a tab, or a control character, outside a comment.
    #[error("line {line}, column {column}: character U+{code:04X} is not allowed: items are apart by spaces or tabs, and a name holds no other blank and no control character")]
    Character {
        /// 1-based line number.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// The character's code point.
        code: u32,
    },
    /// A second `|` on the line of items.
    #[error("line {line}, column {column}: a second `|` among the items: one separates the primary items from the secondary ones")]
    SecondBar {
        /// 1-based line number.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
    },
    /// A bad item name, or a bad option.
    #[error("line {line}, column {column}: {error}")]
    At {
        /// 1-based line number.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// What is wrong there.
        error: BuildError,
    },
    /// An error of [`ParseError::At`] that the line taken for the items line explains if
    /// it is an option (a file whose items line is missing): said with the error. Only an
    /// error has the hint: a file read whole is never doubted.
    #[error("line {line}, column {column}: {error}; is line {first} the items line? {why}")]
    LikeAnOption {
        /// 1-based line number.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// What is wrong there.
        error: BuildError,
        /// The line taken for the items line.
        first: usize,
        /// Why it looks like an option.
        why: Likeness,
    },
}

/// Why the line taken for the items line looks like an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Likeness {
    /// It gives an item a colour (`x:red`).
    #[error("It gives an item a colour, as an option does; the items line names the items, the secondary ones after `|`")]
    Colour,
    /// It has no `|`, and names no more items than the option it refuses holds.
    #[error("It names no more items than this option holds, and the items line names every item")]
    Short,
    /// It has no `|`, and lacks this many items (two or more, more than a typo) of the
    /// option it refuses.
    #[error("It lacks {0} of this option's items, and the items line names every item")]
    Lacking(usize),
}

/// The separators of the words of a line.
const BLANKS: [char; 2] = [' ', '\t'];

/// The lines of `text`, each ended by `\n`, `\r\n` or `\r` (the end left out).
fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let now = rest?;
        let Some(end) = now.find(['\n', '\r']) else {
            rest = None;
            return Some(now);
        };
        let after = if now[end..].starts_with("\r\n") {
            end + 2
        } else {
            end + 1
        };
        rest = Some(&now[after..]).filter(|rest| !rest.is_empty());
        Some(&now[..end])
    })
}

/// The words of line `number`, `line`, with the column (from 1, in characters) where
/// each starts; an error at a blank other than a space or a tab, or a control character.
fn words(number: usize, line: &str) -> Result<Vec<(usize, &str)>, ParseError> {
    let mut words = Vec::new();
    let mut start = None;
    let mut column = 0;
    for (at, c) in line.char_indices() {
        column += 1;
        let blank = BLANKS.contains(&c);
        if !blank && (c.is_whitespace() || c.is_control()) {
            return Err(ParseError::Character {
                line: number,
                column,
                code: u32::from(c),
            });
        }
        match (blank, start) {
            (false, None) => start = Some((column, at)),
            (true, Some((from, begin))) => {
                words.push((from, &line[begin..at]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((from, begin)) = start {
        words.push((from, &line[begin..]));
    }
    Ok(words)
}

impl FromStr for ExactCover {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, ParseError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut lines = (1..).zip(lines(text)).filter(|(_, line)| {
            let line = line.trim_start_matches(BLANKS);
            !line.starts_with('|') && !line.is_empty()
        });
        let (line, first) = lines.next().ok_or(ParseError::NoItemLine)?;
        let names = words(line, first)?;
        let bars: Vec<usize> = (0..names.len()).filter(|&i| names[i].1 == "|").collect();
        if let Some(&second) = bars.get(1) {
            return Err(ParseError::SecondBar {
                line,
                column: names[second].0,
            });
        }
        let split = bars.first().copied().unwrap_or(names.len());
        let primary = names[..split].iter().map(|&(_, name)| name);
        let secondary = names[split..].iter().skip(1).map(|&(_, name)| name);
        let mut builder = Builder::new(primary, secondary).map_err(|error| {
            // The first offending name: one named twice, or not a name.
            let column = match &error {
                BuildError::DuplicateItem(name) => names
                    .iter()
                    .filter(|&&(_, word)| word == name)
                    .nth(1)
                    .map_or(1, |&(column, _)| column),
                BuildError::BadName(name) => names
                    .iter()
                    .find(|&&(_, word)| word == name)
                    .map_or(1, |&(column, _)| column),
                _ => 1,
            };
            match &error {
                BuildError::BadName(name) if name.contains(':') && bars.is_empty() => {
                    ParseError::LikeAnOption {
                        line,
                        column,
                        error,
                        first: line,
                        why: Likeness::Colour,
                    }
                }
                _ => ParseError::At {
                    line,
                    column,
                    error,
                },
            }
        })?;
        // Would an option that names an unknown item make more sense with the first line
        // an option too? Not if that line has a `|`, which no option has.
        let first = line;
        let like_an_option = |option: &[(usize, &str)]| {
            if !bars.is_empty() {
                return None;
            }
            let lacking = option
                .iter()
                .map(|&(_, item)| item.split_once(':').map_or(item, |(name, _)| name))
                .filter(|&name| !names.iter().any(|&(_, word)| word == name))
                .count();
            if names.len() <= option.len() {
                Some(Likeness::Short)
            } else if lacking >= 2 {
                Some(Likeness::Lacking(lacking))
            } else {
                None
            }
        };
        for (line, text) in lines {
            let items = words(line, text)?;
            builder
                .try_option(items.iter().map(|&(_, item)| item))
                .map_err(|(at, error)| {
                    // An option with no primary item: its first column.
                    let column = items.get(at).map_or(items[0].0, |&(column, _)| column);
                    let why = match error {
                        BuildError::UnknownItem(_) => like_an_option(&items),
                        _ => None,
                    };
                    match why {
                        Some(why) => ParseError::LikeAnOption {
                            line,
                            column,
                            error,
                            first,
                            why,
                        },
                        None => ParseError::At {
                            line,
                            column,
                            error,
                        },
                    }
                })?;
        }
        Ok(builder.build())
    }
}
