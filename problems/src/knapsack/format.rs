//! The text format of a knapsack: a `capacity <number>` line, then one `<weight> <value>`
//! line per item; read ([`Knapsack`]'s `FromStr`, errors by line) and written (its
//! `Display`).

use std::fmt;
use std::str::FromStr;

use super::{Item, Knapsack};

/// What is wrong with a knapsack description.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KnapsackError {
    /// Nothing but blank lines and comments.
    #[error("the input is empty: expected a `capacity <number>` line, then one `<weight> <value>` line per item")]
    Empty,
    /// A first line that is not `capacity <number>`.
    #[error(
        "line {line}: expected `capacity <number>` first, found `{}`",
        crate::text::quote(text)
    )]
    MissingCapacity {
        /// 1-based line number.
        line: usize,
        /// The line found instead, trimmed.
        text: String,
    },
    /// A second `capacity` line.
    #[error("line {line}: capacity given twice")]
    DuplicateCapacity {
        /// 1-based line number.
        line: usize,
    },
    /// An item's line that is not two numbers, `<weight> <value>`.
    #[error(
        "line {line}: expected `<weight> <value>`, found `{}`",
        crate::text::quote(text)
    )]
    Malformed {
        /// 1-based line number.
        line: usize,
        /// The offending line, trimmed.
        text: String,
    },
    /// A capacity, weight or value that is not a whole number from 0 to `u64::MAX`.
    #[error("line {line}: the {field} `{}` {problem}", crate::text::quote(text))]
    Number {
        /// 1-based line number.
        line: usize,
        /// Which number: `capacity`, `weight` or `value`.
        field: &'static str,
        /// The number as written.
        text: String,
        /// What is wrong with it.
        problem: NumberProblem,
    },
    /// The items' total value does not fit in 64 bits: the item on `line` takes it past.
    #[error("line {line}: the value {value} takes the items' total value past {}: their values must add up to at most that", u64::MAX)]
    TooLarge {
        /// 1-based line number of the item whose value the total cannot take.
        line: usize,
        /// Its value.
        value: u64,
    },
}

/// What is wrong with a number of a knapsack description.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NumberProblem {
    /// Below zero.
    #[error("is negative: capacities, weights and values are 0 or more")]
    Negative,
    /// With a fractional part (`10.5`, `1e3`).
    #[error("is not a whole number")]
    Fractional,
    /// A whole number past `u64::MAX`.
    #[error("is too large (at most {})", u64::MAX)]
    TooLarge,
    /// Not a number at all.
    #[error("is not a number")]
    NotANumber,
}

/// Reads a capacity, weight or value: a whole number from 0 to `u64::MAX`.
fn number(text: &str, line: usize, field: &'static str) -> Result<u64, KnapsackError> {
    let error = |problem| KnapsackError::Number {
        line,
        field,
        text: text.to_string(),
        problem,
    };
    let unsigned = text.strip_prefix('+').unwrap_or(text);
    if let Ok(n) = unsigned.parse::<u64>() {
        return Ok(n);
    }
    let digits = unsigned.strip_prefix('-').unwrap_or(unsigned);
    let whole = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    Err(error(
        if unsigned.starts_with('-') && (whole || text.parse::<f64>().is_ok()) {
            // -0 parses above only as `0`; "-0" itself: a whole number, 0, allowed.
            if whole && digits.bytes().all(|b| b == b'0') {
                return Ok(0);
            }
            NumberProblem::Negative
        } else if whole {
            NumberProblem::TooLarge
        } else if text.parse::<f64>().is_ok_and(f64::is_finite) {
            NumberProblem::Fractional
        } else {
            NumberProblem::NotANumber
        },
    ))
}

/// Parses the text format: a `capacity <number>` line, then one item per line as
/// `<weight> <value>` (non-negative integers). Blank lines and `#` comments are ignored.
///
/// ```
/// use backtrack_problems::knapsack::Knapsack;
///
/// let problem: Knapsack = "capacity 50\n10 60\n20 100  # the second item\n30 120\n".parse()?;
/// assert_eq!(problem.capacity(), 50);
/// assert_eq!(problem.items().len(), 3);
/// # Ok::<(), backtrack_problems::knapsack::KnapsackError>(())
/// ```
impl FromStr for Knapsack {
    type Err = KnapsackError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut capacity = None;
        let mut items = Vec::new();
        // The items' total value so far: the best value must fit in a `u64`.
        let mut total = 0u64;
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let content = raw.split('#').next().unwrap_or_default().trim();
            if content.is_empty() {
                continue;
            }
            let malformed = || KnapsackError::Malformed {
                line,
                text: content.to_string(),
            };
            let fields: Vec<&str> = content.split_whitespace().collect();
            match (capacity, fields.as_slice()) {
                (None, ["capacity", number]) => {
                    capacity = Some(self::number(number, line, "capacity")?);
                }
                (None, _) => {
                    return Err(KnapsackError::MissingCapacity {
                        line,
                        text: content.to_string(),
                    })
                }
                (Some(_), ["capacity", _]) => {
                    return Err(KnapsackError::DuplicateCapacity { line });
                }
                (Some(_), [weight, value]) => {
                    let weight = self::number(weight, line, "weight")?;
                    let value = self::number(value, line, "value")?;
                    total = total
                        .checked_add(value)
                        .ok_or(KnapsackError::TooLarge { line, value })?;
                    items.push(Item { weight, value });
                }
                (Some(_), _) => return Err(malformed()),
            }
        }
        let capacity = capacity.ok_or(KnapsackError::Empty)?;
        Ok(Knapsack::new(capacity, &items))
    }
}

impl fmt::Display for Knapsack {
    /// The text format [`Knapsack::from_str`](str::parse) reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "capacity {}", self.capacity)?;
        for item in self.items() {
            writeln!(f, "{} {}", item.weight, item.value)?;
        }
        Ok(())
    }
}
