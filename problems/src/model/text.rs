//! The text format of a model, read by [`Model`]'s `FromStr`.

use std::collections::HashMap;
use std::str::FromStr;

use super::{Model, ModelError, Rel, Strength, ValueOrder, Var, VarOrder};
use crate::text::quote;

/// What is wrong with a model's text, and where: its line and column (from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// A line that does not read as a statement.
    #[error(
        "line {line}, column {column}: expected {expected}, found `{}`",
        quote(found)
    )]
    Syntax {
        /// The line.
        line: usize,
        /// The column (from 1, in characters) where what is wrong begins.
        column: usize,
        /// What was expected there.
        expected: &'static str,
        /// What was found instead.
        found: String,
    },
    /// A name used before its `var` line.
    #[error(
        "line {line}, column {column}: no variable `{}` (a `var` line makes one)",
        quote(name)
    )]
    UnknownName {
        /// The line.
        line: usize,
        /// The column (from 1, in characters) where what is wrong begins.
        column: usize,
        /// The name.
        name: String,
    },
    /// A name given to a second variable.
    #[error(
        "line {line}, column {column}: the variable `{}` is made twice",
        quote(name)
    )]
    Twice {
        /// The line.
        line: usize,
        /// The column (from 1, in characters) where what is wrong begins.
        column: usize,
        /// The name.
        name: String,
    },
    /// A number past what 64 bits hold, or a sum of them past it.
    #[error(
        "line {line}, column {column}: `{}` is too large a number (at most {})",
        quote(text),
        i64::MAX
    )]
    TooLarge {
        /// The line.
        line: usize,
        /// The column (from 1, in characters) where what is wrong begins.
        column: usize,
        /// The number or the sum, as written.
        text: String,
    },
    /// A statement the model refuses (an empty range, …).
    #[error("line {line}, column {column}: {source}")]
    Model {
        /// The line.
        line: usize,
        /// The column (from 1, in characters) where what is wrong begins.
        column: usize,
        /// Why.
        source: ModelError,
    },
}

/// The words that begin a statement, or separate a `var` line's range.
const KEYWORDS: [&str; 10] = [
    "var",
    "in",
    "alldifferent",
    "element",
    "table",
    "reify",
    "minimize",
    "maximize",
    "order",
    "values",
];

/// Is `word` a name: a letter or `_`, then letters, digits and `_`, and no keyword?
fn is_name(word: &str) -> bool {
    let mut chars = word.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !KEYWORDS.contains(&word)
}

/// A linear constraint as read: its terms, its relation and its constant.
type Relation = (Vec<(i64, Var)>, Rel, i64);

/// A model read from the text, its variables named.
struct Reader {
    model: Model,
    /// Each name declared, and its variable.
    names: HashMap<String, Var>,
    line: usize,
    /// The current line as written, to tell a column.
    text: String,
}

impl Reader {
    /// The column (from 1, in characters) where `word` first stands on the current line as
    /// a word of its own, or else where the line's statement begins.
    fn column_of(&self, word: &str) -> usize {
        self.column(word, false)
    }

    /// The column where `word` last stands on the current line (a name given twice).
    fn column_of_last(&self, word: &str) -> usize {
        self.column(word, true)
    }

    fn column(&self, word: &str, last: bool) -> usize {
        let is_name_char = |c: char| c.is_ascii_alphanumeric() || c == '_';
        let alone = |at: usize| {
            let before = self.text[..at].chars().next_back();
            let after = self.text[at + word.len()..].chars().next();
            !before.is_some_and(is_name_char) && !after.is_some_and(is_name_char)
        };
        let at = (!word.is_empty())
            .then(|| {
                let mut found = self.text.match_indices(word).map(|(at, _)| at);
                if last {
                    found.filter(|&at| alone(at)).last()
                } else {
                    found.find(|&at| alone(at))
                }
            })
            .flatten()
            .or_else(|| self.text.find(|c: char| !c.is_whitespace()))
            .unwrap_or(0);
        self.text[..at].chars().count() + 1
    }

    fn syntax(&self, expected: &'static str, found: &str) -> TextError {
        TextError::Syntax {
            line: self.line,
            column: self.column_of(found),
            expected,
            found: found.to_string(),
        }
    }

    fn model_error(&self, source: ModelError) -> TextError {
        TextError::Model {
            line: self.line,
            column: self.column_of(""),
            source,
        }
    }

    fn var(&self, name: &str) -> Result<Var, TextError> {
        match self.names.get(name) {
            Some(&var) => Ok(var),
            None if is_name(name) => Err(TextError::UnknownName {
                line: self.line,
                column: self.column_of(name),
                name: name.to_string(),
            }),
            None => Err(self.syntax("a variable's name", name)),
        }
    }

    fn number(&self, text: &str) -> Result<i64, TextError> {
        let digits = text.strip_prefix('-').unwrap_or(text);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.syntax("a whole number", text));
        }
        text.parse().map_err(|_| TextError::TooLarge {
            line: self.line,
            column: self.column_of(text),
            text: text.to_string(),
        })
    }

    /// One line, its comment cut.
    fn statement(&mut self, text: &str) -> Result<(), TextError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            [] => Ok(()),
            ["var", rest @ ..] => self.declare(rest, text),
            ["alldifferent", rest @ ..] => {
                let (strength, names) = match rest {
                    ["bounds:", names @ ..] => (Strength::Bounds, names),
                    ["domain:", names @ ..] => (Strength::Domain, names),
                    names => (Strength::Forward, names),
                };
                let vars = names
                    .iter()
                    .map(|name| self.var(name))
                    .collect::<Result<Vec<_>, _>>()?;
                let posted = self.model.all_different_with(&vars, strength);
                posted.map_err(|err| self.model_error(err))
            }
            [sense @ ("minimize" | "maximize"), name] => {
                let var = self.var(name)?;
                let set = if *sense == "minimize" {
                    self.model.minimize(var)
                } else {
                    self.model.maximize(var)
                };
                set.map_err(|err| self.model_error(err))
            }
            ["minimize" | "maximize", ..] => {
                Err(self.syntax("one variable to minimize or maximize", text))
            }
            ["order", order] => {
                let order = match *order {
                    "input" => VarOrder::Input,
                    "smallest" => VarOrder::SmallestDomain,
                    "domdeg" => VarOrder::DomOverDegree,
                    _ => return Err(self.syntax("`input`, `smallest` or `domdeg`", order)),
                };
                self.model.set_var_order(order);
                Ok(())
            }
            ["values", order] => {
                let order = match *order {
                    "ascending" => ValueOrder::Ascending,
                    "descending" => ValueOrder::Descending,
                    _ => return Err(self.syntax("`ascending` or `descending`", order)),
                };
                self.model.set_value_order(order);
                Ok(())
            }
            ["order" | "values", ..] => {
                Err(self.syntax("one word after `order` or `values`", text))
            }
            ["element", ..] => self.element(text),
            ["table", ..] => self.table(text),
            ["reify", ..] => self.reify(text),
            _ => {
                let (terms, rel, c) = self.relation(text, text)?;
                self.model
                    .linear(&terms, rel, c)
                    .map_err(|err| self.model_error(err))
            }
        }
    }

    /// A statement's names before its `:`, and the text after it; `form` is what the
    /// statement should look like.
    fn split_colon<'t>(
        &self,
        text: &'t str,
        form: &'static str,
    ) -> Result<(Vec<&'t str>, &'t str), TextError> {
        let Some((head, tail)) = text.split_once(':') else {
            return Err(self.syntax(form, text));
        };
        Ok((head.split_whitespace().skip(1).collect(), tail))
    }

    /// `element RESULT INDEX: VALUE…`: `RESULT` is the value at place `INDEX` (from 0).
    fn element(&mut self, text: &str) -> Result<(), TextError> {
        const FORM: &str = "`element RESULT INDEX: VALUE…`";
        let (names, tail) = self.split_colon(text, FORM)?;
        let [result, index] = names[..] else {
            return Err(self.syntax(FORM, text));
        };
        let (result, index) = (self.var(result)?, self.var(index)?);
        let array = tail
            .split_whitespace()
            .map(|word| self.number(word))
            .collect::<Result<Vec<_>, _>>()?;
        let posted = self.model.element(index, &array, result);
        posted.map_err(|err| self.model_error(err))
    }

    /// `table NAME…: VALUE…, VALUE…, …`: the variables take the values of one of the
    /// tuples, which commas separate.
    fn table(&mut self, text: &str) -> Result<(), TextError> {
        const FORM: &str = "`table NAME…: VALUE…, VALUE…, …`";
        let (names, tail) = self.split_colon(text, FORM)?;
        if names.is_empty() {
            return Err(self.syntax(FORM, text));
        }
        let vars = names
            .iter()
            .map(|name| self.var(name))
            .collect::<Result<Vec<_>, _>>()?;
        let mut tuples = Vec::new();
        if !tail.trim().is_empty() {
            for tuple in tail.split(',') {
                let values = tuple
                    .split_whitespace()
                    .map(|word| self.number(word))
                    .collect::<Result<Vec<_>, _>>()?;
                if values.len() != vars.len() {
                    return Err(TextError::Model {
                        line: self.line,
                        column: self.column_of(tuple.trim()),
                        source: ModelError::TupleLength {
                            expected: vars.len(),
                            found: values.len(),
                        },
                    });
                }
                tuples.push(values);
            }
        }
        let posted = self.model.table(&vars, &tuples);
        posted.map_err(|err| self.model_error(err))
    }

    /// `reify B: EXPR REL EXPR`: `B` is 1 when the linear constraint holds, 0 when not.
    fn reify(&mut self, text: &str) -> Result<(), TextError> {
        const FORM: &str = "`reify NAME: EXPR REL EXPR`";
        let (names, tail) = self.split_colon(text, FORM)?;
        let [b] = names[..] else {
            return Err(self.syntax(FORM, text));
        };
        let b = self.var(b)?;
        let (terms, rel, c) = self.relation(tail, text)?;
        let posted = self.model.reify(b, &terms, rel, c);
        posted.map_err(|err| self.model_error(err))
    }

    /// `var NAME… in LO..HI`.
    fn declare(&mut self, words: &[&str], text: &str) -> Result<(), TextError> {
        let [names @ .., "in", range] = words else {
            return Err(self.syntax("`var NAME… in LO..HI`", text));
        };
        let Some((lo, hi)) = range.split_once("..") else {
            return Err(self.syntax("a range `LO..HI`", range));
        };
        let (lo, hi) = (self.number(lo)?, self.number(hi)?);
        if names.is_empty() {
            return Err(self.syntax("`var NAME… in LO..HI`", text));
        }
        for &name in names {
            if !is_name(name) {
                return Err(self.syntax("a variable's name", name));
            }
            if self.names.contains_key(name) {
                return Err(TextError::Twice {
                    line: self.line,
                    column: self.column_of_last(name),
                    name: name.to_string(),
                });
            }
            let var = self
                .model
                .var(lo, hi)
                .map_err(|err| self.model_error(err))?;
            self.model
                .set_name(var, name)
                .map_err(|err| self.model_error(err))?;
            self.names.insert(name.to_string(), var);
        }
        Ok(())
    }

    /// `EXPR REL EXPR`, in `text` (of the statement `line`): the terms of both sides
    /// gathered on the left, the constants on the right.
    fn relation(&self, text: &str, line: &str) -> Result<Relation, TextError> {
        const RELATIONS: [(&str, Rel); 7] = [
            ("==", Rel::Eq),
            ("!=", Rel::Ne),
            ("<=", Rel::Le),
            (">=", Rel::Ge),
            ("=", Rel::Eq),
            ("<", Rel::Lt),
            (">", Rel::Gt),
        ];
        let Some((at, symbol, rel)) = RELATIONS
            .iter()
            .filter_map(|&(symbol, rel)| text.find(symbol).map(|at| (at, symbol, rel)))
            .min_by_key(|&(at, symbol, _)| (at, usize::MAX - symbol.len()))
        else {
            return Err(self.syntax("a statement or a linear constraint `EXPR REL EXPR`", line));
        };
        let (left, right) = (&text[..at], &text[at + symbol.len()..]);
        let mut terms: Vec<(i64, Var)> = Vec::new();
        let mut constant = 0i64;
        self.sum(left, 1, &mut terms, &mut constant, line)?;
        self.sum(right, -1, &mut terms, &mut constant, line)?;
        let c = constant.checked_neg().ok_or_else(|| self.too_large(line))?;
        terms.retain(|&(a, _)| a != 0);
        Ok((terms, rel, c))
    }

    fn too_large(&self, text: &str) -> TextError {
        TextError::TooLarge {
            line: self.line,
            column: self.column_of(text),
            text: text.trim().to_string(),
        }
    }

    /// Adds `sign` times the sum `side` to `terms` (a variable's coefficients merged) and
    /// `constant`.
    fn sum(
        &self,
        side: &str,
        sign: i64,
        terms: &mut Vec<(i64, Var)>,
        constant: &mut i64,
        text: &str,
    ) -> Result<(), TextError> {
        let spaced = side
            .replace('+', " + ")
            .replace('-', " - ")
            .replace('*', " * ");
        // `2x` is `2 x`: a number's digits, then a name.
        let tokens: Vec<&str> = spaced
            .split_whitespace()
            .flat_map(|token| {
                let digits = token.bytes().take_while(u8::is_ascii_digit).count();
                let (number, name) = token.split_at(digits);
                [number, name].into_iter().filter(|part| !part.is_empty())
            })
            .collect();
        if tokens.is_empty() {
            return Err(self.syntax("a sum on each side of the relation", text));
        }
        let mut rest = tokens.as_slice();
        let mut first = true;
        while !rest.is_empty() {
            let mut term_sign = sign;
            match rest {
                ["+" | "-", ..] => {
                    // A sign, then any signs of the term itself (`x + -2`).
                    while let [op @ ("+" | "-"), tail @ ..] = rest {
                        if *op == "-" {
                            term_sign = -term_sign;
                        }
                        rest = tail;
                    }
                }
                _ if first => {}
                [found, ..] => return Err(self.syntax("`+` or `-` between terms", found)),
                [] => unreachable!("not empty"),
            }
            first = false;
            let (coefficient, name, tail) = match rest {
                [n, "*", x, tail @ ..] => (self.number(n)?, Some(*x), tail),
                [n, x, tail @ ..] if n.parse::<i64>().is_ok() && is_name(x) => {
                    (self.number(n)?, Some(*x), tail)
                }
                [n, tail @ ..] if n.bytes().all(|b| b.is_ascii_digit()) => {
                    (self.number(n)?, None, tail)
                }
                [x, tail @ ..] => (1, Some(*x), tail),
                [] => return Err(self.syntax("a term after `+` or `-`", text)),
            };
            rest = tail;
            let value = coefficient
                .checked_mul(term_sign)
                .ok_or_else(|| self.too_large(text))?;
            match name {
                None => {
                    *constant = constant
                        .checked_add(value)
                        .ok_or_else(|| self.too_large(text))?;
                }
                Some(name) => {
                    let var = self.var(name)?;
                    match terms.iter_mut().find(|(_, known)| *known == var) {
                        Some((a, _)) => {
                            *a = a.checked_add(value).ok_or_else(|| self.too_large(text))?;
                        }
                        None => terms.push((value, var)),
                    }
                }
            }
        }
        Ok(())
    }
}

/// Reads a model from its text: one statement a line, `#` comments.
///
/// ```text
/// # SEND + MORE = MONEY
/// var S E N D M O R Y in 0..9       # variables, each over a range
/// alldifferent S E N D M O R Y      # forward checking; `alldifferent bounds: …` or
///                                   # `alldifferent domain: …` propagates more
/// S >= 1                            # a linear constraint: sums of terms `N`, `x`,
/// M >= 1                            # `N*x`, `N x` or `Nx`, related by = != <= >= < >
/// 1000*S + 100*E + 10*N + D + 1000*M + 100*O + 10*R + E = 10000*M + 1000*O + 100*N + 10*E + Y
/// maximize Y                        # or `minimize x`: Search::best finds the best
/// order smallest                    # the variable order: input, smallest or domdeg
/// values descending                 # the value order: ascending or descending
/// ```
///
/// Three more statements post the other constraints, each names, a `:`, then its
/// data:
///
/// ```text
/// element R I: 3 1 4 1 5            # R is the value at place I (from 0) of the list
/// table X Y Z: 1 2 3, 2 3 1, 3 1 2  # X Y Z take one of the tuples, commas between them
/// reify B: X + Y <= 3               # B is 1 if the linear constraint holds, 0 if not
/// ```
///
/// A predicate (a test written in Rust) has no statement: a closure cannot be written in
/// a text file. A name is a letter or `_`, then letters, digits and `_`; the statement
/// words (`var`, `in`, `alldifferent`, `element`, `table`, `reify`, `minimize`,
/// `maximize`, `order`, `values`) are not names.
///
/// ```
/// use backtrack::Search;
/// use backtrack_problems::model::Model;
///
/// let model: Model = "var x y in 1..3\nx < y\nx + y = 4".parse()?;
/// let solutions: Vec<Vec<i64>> = Search::new(model).map(|s| s.into_values()).collect();
/// assert_eq!(solutions, [[1, 3]]);
/// # Ok::<(), backtrack_problems::model::TextError>(())
/// ```
impl FromStr for Model {
    type Err = TextError;

    fn from_str(text: &str) -> Result<Model, TextError> {
        let mut reader = Reader {
            model: Model::new(),
            names: HashMap::new(),
            line: 0,
            text: String::new(),
        };
        for (index, line) in text.lines().enumerate() {
            reader.line = index + 1;
            line.clone_into(&mut reader.text);
            let statement = line.split_once('#').map_or(line, |(before, _)| before);
            reader.statement(statement.trim())?;
        }
        Ok(reader.model)
    }
}

#[cfg(test)]
mod tests {
    use backtrack::Search;

    use super::TextError;
    use crate::model::{Assignment, Model, ModelError, Sense, Var};

    fn solutions(text: &str) -> Vec<Vec<i64>> {
        let model: Model = text.parse().unwrap();
        Search::new(model).map(Assignment::into_values).collect()
    }

    #[test]
    fn send_more_money_from_text() {
        let text = "# the cryptarithm\n\
            var S E N D M O R Y in 0..9\n\
            alldifferent domain: S E N D M O R Y\n\
            S >= 1   # no leading zeros\n\
            M>=1\n\
            1000*S + 100*E + 10*N + D + 1000 M + 100 O + 10 R + E == 10000*M + 1000*O + 100*N + 10*E + Y\n";
        assert_eq!(solutions(text), [[9, 5, 6, 7, 1, 0, 8, 2]]);
        let model: Model = text.parse().unwrap();
        assert_eq!(model.name(Var(7)), "Y");
    }

    /// Negative ranges and constants, every relation, terms merged across the sides, and
    /// the orders and the objective, each against what it must give.
    #[test]
    fn statements_read_as_written() {
        let all = solutions("var x in -3..3\nvar y in -1..1\n2x - y + 1 = x + -2");
        assert_eq!(all, [[-3, 0], [-2, 1]]);
        for (rel, count) in [
            ("=", 1),
            ("==", 1),
            ("!=", 6),
            ("<=", 4),
            (">=", 4),
            ("<", 3),
            (">", 3),
        ] {
            assert_eq!(
                solutions(&format!("var x in 0..6\nx {rel} 3")).len(),
                count,
                "{rel}"
            );
        }
        assert_eq!(
            solutions("var a b in 1..3\nvalues descending\na != b")[0],
            [3, 2]
        );
        let model: Model = "var a b in 1..3\nminimize b\norder smallest"
            .parse()
            .unwrap();
        assert_eq!(model.objective(), Some((Var(1), Sense::Minimize)));
        let (best, score) = Search::new(model).best().found.unwrap();
        assert_eq!((best[Var(1)], score.value()), (1, 1));
        assert_eq!(solutions("var x in 0..2\n0 x = 0").len(), 3);
        assert!(solutions("var x in 0..2\n1 = 2").is_empty());
    }

    /// Every assignment of the domains, for the brute force.
    fn product(ranges: &[(i64, i64)]) -> Vec<Vec<i64>> {
        ranges.iter().fold(vec![Vec::new()], |partial, &(lo, hi)| {
            partial
                .iter()
                .flat_map(|prefix| {
                    (lo..=hi).map(move |v| {
                        let mut next = prefix.clone();
                        next.push(v);
                        next
                    })
                })
                .collect()
        })
    }

    /// `element`: the solutions are the brute force's, an index outside the list none.
    #[test]
    fn element_from_text() {
        let array = [3, 1, 4, 1, 5];
        let got = solutions("var r in 0..9\nvar i in -2..7\nelement r i: 3 1 4 1 5");
        let wanted: Vec<Vec<i64>> = product(&[(0, 9), (-2, 7)])
            .into_iter()
            .filter(|v| usize::try_from(v[1]).is_ok_and(|i| array.get(i) == Some(&v[0])))
            .collect();
        assert_eq!(got, wanted);
        assert_eq!(got.len(), 5);
    }

    /// `table`: the tuples within the domains, and nothing for an empty table.
    #[test]
    fn table_from_text() {
        let got = solutions("var x y z in 1..3\ntable x y z: 1 2 3, 2 3 1, 3 1 2, 3 3 4\nx != 2");
        assert_eq!(got, [[1, 2, 3], [3, 1, 2]]);
        assert!(solutions("var x in 1..3\ntable x:").is_empty());
    }

    /// `reify`: `b` is 1 exactly where the relation holds, for every relation.
    #[test]
    fn reify_from_text() {
        for (rel, holds) in [
            ("<=", (|s| s <= 3) as fn(i64) -> bool),
            ("=", |s| s == 3),
            ("!=", |s| s != 3),
            (">", |s| s > 3),
        ] {
            let got = solutions(&format!(
                "var x y in 0..3\nvar b in 0..1\nreify b: x + y {rel} 3"
            ));
            let wanted: Vec<Vec<i64>> = product(&[(0, 3), (0, 3), (0, 1)])
                .into_iter()
                .filter(|v| (v[2] == 1) == holds(v[0] + v[1]))
                .collect();
            assert_eq!(got, wanted, "{rel}");
        }
        // `b` is taken to 0..1 whatever its range.
        assert_eq!(
            solutions("var x in 0..1\nvar b in 0..5\nreify b: x = 1").len(),
            2
        );
    }

    #[test]
    fn bad_statements_name_their_line_and_column() {
        let error = |text: &str| text.parse::<Model>().err().unwrap().to_string();
        assert_eq!(
            error("var r i in 0..3\nelement r i 1 2"),
            "line 2, column 1: expected `element RESULT INDEX: VALUE…`, found `element r i 1 2`"
        );
        assert_eq!(
            error("var r i in 0..3\nelement r i: 1 x"),
            "line 2, column 16: expected a whole number, found `x`"
        );
        assert_eq!(
            error("var r i in 0..3\nelement r i:"),
            "line 2, column 1: an element constraint needs an array of one value at least"
        );
        assert_eq!(
            error("var x y in 0..3\ntable x y: 1 2, 3"),
            "line 2, column 17: a tuple of 1 values for a table of 2 variables"
        );
        assert_eq!(
            error("var x y in 0..3\ntable x w: 1 2"),
            "line 2, column 9: no variable `w` (a `var` line makes one)"
        );
        assert_eq!(
            error("var x b in 0..3\nreify b x + 1 = 2"),
            "line 2, column 1: expected `reify NAME: EXPR REL EXPR`, found `reify b x + 1 = 2`"
        );
        assert_eq!(
            error("var x b in 0..3\nreify b: x + 1"),
            "line 2, column 1: expected a statement or a linear constraint `EXPR REL EXPR`, found `reify b: x + 1`"
        );
    }

    #[test]
    fn bad_text_names_its_line() {
        let error = |text: &str| text.parse::<Model>().err().unwrap();
        assert_eq!(
            error("var x in 0..3\n\ny + 1 = 2"),
            TextError::UnknownName {
                line: 3,
                column: 1,
                name: "y".into()
            }
        );
        assert_eq!(
            error("var x x in 0..3"),
            TextError::Twice {
                line: 1,
                column: 7,
                name: "x".into()
            }
        );
        assert_eq!(
            error("var x in 3..1"),
            TextError::Model {
                line: 1,
                column: 1,
                source: ModelError::EmptyDomain { lo: 3, hi: 1 }
            }
        );
        assert_eq!(
            error("var x in 0..99999999999999999999"),
            TextError::TooLarge {
                line: 1,
                column: 13,
                text: "99999999999999999999".into()
            }
        );
        // A column counts characters of the line as written, its indent too; a name is
        // found as a word of its own, not inside another.
        assert_eq!(
            error("var xy x in 0..3\n  xy + x + y = 1").to_string(),
            "line 2, column 12: no variable `y` (a `var` line makes one)"
        );
        assert_eq!(
            error("var é x in 0..3").to_string(),
            "line 1, column 5: expected a variable's name, found `é`"
        );
        assert!(matches!(
            error("var x in 0..3\nx + * 2 = 1"),
            TextError::Syntax { line: 2, .. }
        ));
        assert!(matches!(
            error("var in in 0..3"),
            TextError::Syntax { line: 1, .. }
        ));
        assert!(matches!(
            error("var x in 0..3\nx x = 1"),
            TextError::Syntax { line: 2, .. }
        ));
        assert!(matches!(
            error("var x in 0..3\norder sideways"),
            TextError::Syntax { line: 2, .. }
        ));
        assert!(matches!(
            error("var x in 0..3\nx = 1 = 1"),
            TextError::Syntax { line: 2, .. }
        ));
        assert!(matches!(error("hello"), TextError::Syntax { line: 1, .. }));
        assert_eq!(
            error("var x y in 0..3\nminimize x y").to_string(),
            "line 2, column 1: expected one variable to minimize or maximize, found `minimize x y`"
        );
    }
}
