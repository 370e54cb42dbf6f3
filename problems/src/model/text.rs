//! The text format of a model, read by [`Model`]'s `FromStr`.

use std::collections::{HashMap, HashSet};
use std::str::FromStr;

use super::{Model, ModelError, Rel, Strength, ValueOrder, Var, VarOrder};
use crate::text::quote;

/// What is wrong with a model's text, and where: its line and column (from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// A statement that does not read as one: `found` is the word where it went wrong,
    /// empty at the end of the line.
    #[error(
        "line {line}, column {column}: expected {expected}, found {}",
        shown(found)
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
    /// A number past what 64 bits hold.
    #[error(
        "line {line}, column {column}: `{}` is too large a number (a number is from {} to {})",
        quote(text),
        i64::MIN,
        i64::MAX
    )]
    TooLarge {
        /// The line.
        line: usize,
        /// The column (from 1, in characters) where what is wrong begins.
        column: usize,
        /// The number, as written.
        text: String,
    },
    /// A sum whose constants, or one variable's coefficients, add up past what 64 bits
    /// hold.
    #[error(
        "line {line}, column {column}: the sum overflows here (its constants, and each variable's coefficients, add up to at most {} either side of 0)",
        i64::MAX
    )]
    Overflow {
        /// The line.
        line: usize,
        /// The column (from 1, in characters) of the term that overflows.
        column: usize,
    },
    /// A second `minimize` or `maximize`.
    #[error("line {line}, column {column}: the objective is set already, on line {first}")]
    SecondObjective {
        /// The line.
        line: usize,
        /// The column (from 1, in characters) where the statement begins.
        column: usize,
        /// The line of the first objective.
        first: usize,
    },
    /// A `reify` whose variable may take values other than 0 and 1.
    #[error(
        "line {line}, column {column}: `{}` ranges over {lo}..{hi}, but a reified variable is 0 or 1 (`var {} in 0..1`)",
        quote(name),
        quote(name)
    )]
    NotBoolean {
        /// The line.
        line: usize,
        /// The column (from 1, in characters) of the name.
        column: usize,
        /// The name.
        name: String,
        /// Its least value.
        lo: i64,
        /// Its greatest.
        hi: i64,
    },
    /// A text with no `var` line: empty, blank or only comments.
    #[error("no variables: the text is empty or only comments (a `var` line makes one)")]
    Empty,
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

/// What was found, as an error shows it: the word quoted, or the end of the line.
fn shown(found: &str) -> String {
    if found.is_empty() {
        "the end of the line".to_string()
    } else {
        format!("`{}`", quote(found))
    }
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

/// The relations of a linear constraint, as written.
const RELATIONS: [(&str, Rel); 7] = [
    ("=", Rel::Eq),
    ("==", Rel::Eq),
    ("!=", Rel::Ne),
    ("<=", Rel::Le),
    (">=", Rel::Ge),
    ("<", Rel::Lt),
    (">", Rel::Gt),
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

/// Is `word` a number's digits?
fn is_digits(word: &str) -> bool {
    !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit())
}

/// A word of a statement, and the column (from 1, in characters) where it begins.
#[derive(Clone, Copy, Debug)]
struct Token<'t> {
    text: &'t str,
    column: usize,
}

/// The words of a statement: names, numbers (`2x` is two words, `2` and `x`), `..`, the
/// relations, and every other character a word of its own.
fn tokens(text: &str) -> Vec<Token<'_>> {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut tokens = Vec::new();
    let mut chars = text.char_indices().enumerate().peekable();
    while let Some((column, (start, c))) = chars.next() {
        if c.is_whitespace() {
            continue;
        }
        let mut end = start + c.len_utf8();
        if is_word(c) {
            let digits = c.is_ascii_digit();
            while let Some(&(_, (at, next))) = chars.peek() {
                if !is_word(next) || digits && !next.is_ascii_digit() {
                    break;
                }
                end = at + next.len_utf8();
                chars.next();
            }
        } else if let Some(&(_, (_, next))) = chars.peek() {
            if matches!((c, next), ('.', '.') | ('=' | '!' | '<' | '>', '=')) {
                end += 1;
                chars.next();
            }
        }
        tokens.push(Token {
            text: &text[start..end],
            column: column + 1,
        });
    }
    tokens
}

/// A linear constraint as read: its terms, its relation and its constant.
type Relation = (Vec<(i64, Var)>, Rel, i64);

/// A model read from the text, its variables named.
struct Reader {
    model: Model,
    /// Each name declared, and its variable.
    names: HashMap<String, Var>,
    /// The line of the objective, once one is set.
    objective: Option<usize>,
}

/// One statement being read: its words, and how far they are read.
struct Statement<'r, 't> {
    reader: &'r mut Reader,
    line: usize,
    tokens: Vec<Token<'t>>,
    at: usize,
    /// The column past the statement's last character: where the end of the line is.
    end: usize,
}

impl<'t> Statement<'_, 't> {
    fn peek(&self) -> Option<Token<'t>> {
        self.tokens.get(self.at).copied()
    }

    fn peek_is(&self, text: &str) -> bool {
        self.peek().is_some_and(|token| token.text == text)
    }

    /// Takes the next word if it is `text`.
    fn eat(&mut self, text: &str) -> bool {
        let is = self.peek_is(text);
        self.at += usize::from(is);
        is
    }

    /// The column of the next word, or of the end of the line.
    fn column(&self) -> usize {
        self.peek().map_or(self.end, |token| token.column)
    }

    /// A syntax error at the next word: `expected` was not found there.
    fn fail(&self, expected: &'static str) -> TextError {
        TextError::Syntax {
            line: self.line,
            column: self.column(),
            expected,
            found: self.peek().map_or("", |token| token.text).to_string(),
        }
    }

    fn expect(&mut self, text: &str, expected: &'static str) -> Result<(), TextError> {
        if self.eat(text) {
            Ok(())
        } else {
            Err(self.fail(expected))
        }
    }

    /// Nothing more on the line, or else `expected` was.
    fn finish(&self, expected: &'static str) -> Result<(), TextError> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.fail(expected)),
        }
    }

    fn model_error(&self, column: usize, source: ModelError) -> TextError {
        TextError::Model {
            line: self.line,
            column,
            source,
        }
    }

    /// A declared variable's name, and where it stands.
    fn var(&mut self) -> Result<(Var, Token<'t>), TextError> {
        let Some(token) = self.peek() else {
            return Err(self.fail("a variable's name"));
        };
        match self.reader.names.get(token.text) {
            Some(&var) => {
                self.at += 1;
                Ok((var, token))
            }
            None if is_name(token.text) => Err(TextError::UnknownName {
                line: self.line,
                column: token.column,
                name: token.text.to_string(),
            }),
            None => Err(self.fail("a variable's name")),
        }
    }

    /// A number's digits, and `sign` applied to them.
    fn magnitude(&mut self, sign: i128, column: usize) -> Result<i128, TextError> {
        let Some(digits) = self.peek().filter(|token| is_digits(token.text)) else {
            return Err(self.fail("a whole number"));
        };
        self.at += 1;
        let value = digits.text.parse::<i128>().ok().map(|value| sign * value);
        value
            .filter(|&value| i64::try_from(value).is_ok())
            .ok_or_else(|| TextError::TooLarge {
                line: self.line,
                column,
                text: format!("{}{}", if sign < 0 { "-" } else { "" }, digits.text),
            })
    }

    /// A whole number, `-` before it if it is negative.
    fn number(&mut self) -> Result<i64, TextError> {
        let column = self.column();
        let sign = if self.eat("-") { -1 } else { 1 };
        let value = self.magnitude(sign, column)?;
        Ok(i64::try_from(value).expect("checked by magnitude"))
    }
}

impl Statement<'_, '_> {
    /// The statement, read and posted.
    fn read(&mut self) -> Result<(), TextError> {
        let Some(first) = self.peek() else {
            return Ok(());
        };
        let is_relation = |token: &Token| RELATIONS.iter().any(|&(text, _)| token.text == text);
        match first.text {
            "var" => self.declare(),
            "alldifferent" => self.all_different(),
            "minimize" | "maximize" => self.objective(first),
            "order" | "values" => self.order(first.text),
            "element" => self.element(),
            "table" => self.table(),
            "reify" => self.reify(),
            _ if self.tokens.iter().any(is_relation) => {
                let (terms, rel, c) = self.relation()?;
                let posted = self.reader.model.linear(&terms, rel, c);
                posted.map_err(|err| self.model_error(first.column, err))
            }
            _ => Err(self.fail("a statement or a linear constraint `EXPR REL EXPR`")),
        }
    }

    /// `var NAME… in LO..HI`.
    fn declare(&mut self) -> Result<(), TextError> {
        self.at += 1;
        let mut declared: Vec<Token> = Vec::new();
        while declared.is_empty() || !self.peek_is("in") {
            let Some(token) = self.peek().filter(|token| is_name(token.text)) else {
                return Err(self.fail(if declared.is_empty() {
                    "a variable's name"
                } else {
                    "a variable's name or `in`"
                }));
            };
            let made = |other: &Token| other.text == token.text;
            if self.reader.names.contains_key(token.text) || declared.iter().any(made) {
                return Err(TextError::Twice {
                    line: self.line,
                    column: token.column,
                    name: token.text.to_string(),
                });
            }
            declared.push(token);
            self.at += 1;
        }
        self.at += 1;
        let column = self.column();
        let lo = self.number()?;
        self.expect("..", "`..` between the least and the greatest value")?;
        let hi = self.number()?;
        self.finish("the end of the line after the range")?;
        for token in declared {
            let model = &mut self.reader.model;
            let var = model.var(lo, hi).map_err(|err| TextError::Model {
                line: self.line,
                column,
                source: err,
            })?;
            model
                .set_name(var, token.text)
                .expect("a variable just made");
            self.reader.names.insert(token.text.to_string(), var);
        }
        Ok(())
    }

    /// `alldifferent [bounds: | domain:] NAME…`.
    fn all_different(&mut self) -> Result<(), TextError> {
        let column = self.peek().map_or(1, |token| token.column);
        self.at += 1;
        let mut strength = Strength::Forward;
        if self.tokens.get(self.at + 1).is_some_and(|t| t.text == ":") {
            strength = match self.peek().map(|token| token.text) {
                Some("bounds") => Strength::Bounds,
                Some("domain") => Strength::Domain,
                _ => return Err(self.fail("`bounds:` or `domain:` (or the names alone)")),
            };
            self.at += 2;
        }
        let mut vars = Vec::new();
        let mut seen = HashSet::new();
        while self.peek().is_some() || vars.is_empty() {
            let (var, token) = self.var()?;
            if !seen.insert(var) {
                return Err(TextError::Syntax {
                    line: self.line,
                    column: token.column,
                    expected: "a variable not in this all-different already",
                    found: token.text.to_string(),
                });
            }
            vars.push(var);
        }
        let posted = self.reader.model.all_different_with(&vars, strength);
        posted.map_err(|err| self.model_error(column, err))
    }

    /// `minimize NAME` or `maximize NAME`, once in a model.
    fn objective(&mut self, sense: Token) -> Result<(), TextError> {
        self.at += 1;
        let (var, _) = self.var()?;
        self.finish("the end of the line: one variable to minimize or maximize")?;
        if let Some(first) = self.reader.objective {
            return Err(TextError::SecondObjective {
                line: self.line,
                column: sense.column,
                first,
            });
        }
        self.reader.objective = Some(self.line);
        let model = &mut self.reader.model;
        let set = if sense.text == "minimize" {
            model.minimize(var)
        } else {
            model.maximize(var)
        };
        set.map_err(|err| self.model_error(sense.column, err))
    }

    /// `order input|smallest|domdeg` or `values ascending|descending`.
    fn order(&mut self, keyword: &str) -> Result<(), TextError> {
        self.at += 1;
        let word = self.peek().map(|token| token.text);
        if keyword == "order" {
            let order = match word {
                Some("input") => VarOrder::Input,
                Some("smallest") => VarOrder::SmallestDomain,
                Some("domdeg") => VarOrder::DomOverDegree,
                _ => return Err(self.fail("`input`, `smallest` or `domdeg`")),
            };
            self.reader.model.set_var_order(order);
        } else {
            let order = match word {
                Some("ascending") => ValueOrder::Ascending,
                Some("descending") => ValueOrder::Descending,
                _ => return Err(self.fail("`ascending` or `descending`")),
            };
            self.reader.model.set_value_order(order);
        }
        self.at += 1;
        self.finish("the end of the line: one word after `order` or `values`")
    }

    /// `element RESULT INDEX: VALUE…`: `RESULT` is the value at place `INDEX` (from 0).
    fn element(&mut self) -> Result<(), TextError> {
        self.at += 1;
        let (result, _) = self.var()?;
        let (index, _) = self.var()?;
        self.expect(
            ":",
            "`:` after the two names of `element RESULT INDEX: VALUE…`",
        )?;
        let column = self.column();
        let mut array = Vec::new();
        while self.peek().is_some() {
            array.push(self.number()?);
        }
        let posted = self.reader.model.element(index, &array, result);
        posted.map_err(|err| self.model_error(column, err))
    }

    /// `table NAME…: VALUE…, VALUE…, …`: the variables take the values of one of the
    /// tuples, which commas separate.
    fn table(&mut self) -> Result<(), TextError> {
        self.at += 1;
        let mut vars = Vec::new();
        while vars.is_empty() || !self.peek_is(":") {
            if self.peek().is_none() && !vars.is_empty() {
                return Err(self.fail("`:` after the names of `table NAME…: VALUE…, …`"));
            }
            vars.push(self.var()?.0);
        }
        self.at += 1;
        let mut tuples = Vec::new();
        while self.peek().is_some() || !tuples.is_empty() {
            let column = self.column();
            let mut values = Vec::new();
            while self.peek().is_some() && !self.peek_is(",") {
                values.push(self.number()?);
            }
            if values.len() != vars.len() {
                let source = ModelError::TupleLength {
                    expected: vars.len(),
                    found: values.len(),
                };
                return Err(self.model_error(column, source));
            }
            tuples.push(values);
            if !self.eat(",") {
                break;
            }
        }
        let posted = self.reader.model.table(&vars, &tuples);
        posted.map_err(|err| self.model_error(1, err))
    }

    /// `reify B: EXPR REL EXPR`: `B` (0 or 1) is 1 when the linear constraint holds.
    fn reify(&mut self) -> Result<(), TextError> {
        self.at += 1;
        let (b, token) = self.var()?;
        self.expect(":", "`:` after the name of `reify NAME: EXPR REL EXPR`")?;
        let (terms, rel, c) = self.relation()?;
        let (lo, hi) = {
            let domains = self.reader.model.domains();
            (domains.min(b), domains.max(b))
        };
        if lo < 0 || hi > 1 {
            return Err(TextError::NotBoolean {
                line: self.line,
                column: token.column,
                name: token.text.to_string(),
                lo,
                hi,
            });
        }
        let posted = self.reader.model.reify(b, &terms, rel, c);
        posted.map_err(|err| self.model_error(token.column, err))
    }

    /// `EXPR REL EXPR`: the terms of both sides gathered on the left, the constants on
    /// the right.
    fn relation(&mut self) -> Result<Relation, TextError> {
        let mut terms: Vec<(i128, Var)> = Vec::new();
        let mut constant = 0i128;
        self.sum(1, &mut terms, &mut constant)?;
        let rel = self
            .peek()
            .and_then(|token| RELATIONS.iter().find(|&&(text, _)| token.text == text))
            .map(|&(_, rel)| rel)
            .ok_or_else(|| {
                self.fail("`+`, `-` or a relation: `=`, `!=`, `<=`, `>=`, `<` or `>`")
            })?;
        self.at += 1;
        self.sum(-1, &mut terms, &mut constant)?;
        self.finish("`+`, `-` or the end of the line")?;
        let terms = terms
            .into_iter()
            .filter(|&(a, _)| a != 0)
            .map(|(a, var)| (i64::try_from(a).expect("kept within i64"), var))
            .collect();
        Ok((
            terms,
            rel,
            i64::try_from(-constant).expect("kept within i64"),
        ))
    }

    /// Adds `sign` times the sum that comes next to `terms` (a variable's coefficients
    /// merged) and `constant`, each kept within 64 bits (a coefficient within ±`i64::MAX`,
    /// the constant negated, as it will be); stops at the first word that is not `+` or `-` after a term.
    fn sum(
        &mut self,
        sign: i128,
        terms: &mut Vec<(i128, Var)>,
        constant: &mut i128,
    ) -> Result<(), TextError> {
        let mut first = true;
        while first || self.peek_is("+") || self.peek_is("-") {
            first = false;
            let column = self.column();
            // A sign, then any signs of the term itself (`x + -2`): the number as written
            // holds them all, and then the side's `sign`.
            let mut written = 1;
            while self.peek_is("+") || self.peek_is("-") {
                if self.peek_is("-") {
                    written = -written;
                }
                self.at += 1;
            }
            let number = self.peek().is_some_and(|token| is_digits(token.text));
            let coefficient = sign
                * if number {
                    self.magnitude(written, column)?
                } else {
                    written
                };
            let named = !number || self.eat("*") || self.peek().is_some_and(|t| is_name(t.text));
            let fits = if named {
                if !number && !self.peek().is_some_and(|t| is_name(t.text)) {
                    return Err(self.fail("a term: a number, a name, or `N*NAME`"));
                }
                let (var, _) = self.var()?;
                let at = terms.iter().position(|&(_, known)| known == var);
                let at = at.unwrap_or_else(|| {
                    terms.push((0, var));
                    terms.len() - 1
                });
                // Within ±i64::MAX: a coefficient is negated where a propagator turns
                // a side over.
                terms[at].0 += coefficient;
                terms[at].0.abs()
            } else {
                // Moved to the right of the relation, the constant is negated.
                *constant += coefficient;
                -*constant
            };
            if i64::try_from(fits).is_err() {
                return Err(TextError::Overflow {
                    line: self.line,
                    column,
                });
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
/// M >= 1                            # `N*x`, `N x` or `Nx`, related by = (or ==),
///                                   # !=, <=, >=, < or >
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
/// reify B: X + Y <= 3               # B (made over 0..1) is 1 if the linear
///                                   # constraint holds, 0 if not
/// ```
///
/// A predicate (a test written in Rust) has no statement: a closure cannot be written in
/// a text file. A name is a letter or `_`, then letters, digits and `_`; the statement
/// words (`var`, `in`, `alldifferent`, `element`, `table`, `reify`, `minimize`,
/// `maximize`, `order`, `values`) are not names. Spaces between words are optional
/// (`x+1<=y`, `0 .. 9`); a model has one objective at most, and an all-different names
/// each of its variables once. A byte-order mark before the first line is skipped; a
/// text without a `var` line is refused ([`TextError::Empty`]), not taken for a model
/// with one empty solution.
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
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut reader = Reader {
            model: Model::new(),
            names: HashMap::new(),
            objective: None,
        };
        for (index, line) in text.lines().enumerate() {
            let text = line.split_once('#').map_or(line, |(before, _)| before);
            Statement {
                reader: &mut reader,
                line: index + 1,
                tokens: tokens(text),
                at: 0,
                end: text.chars().count() + 1,
            }
            .read()?;
        }
        if reader.model.is_empty() {
            return Err(TextError::Empty);
        }
        Ok(reader.model)
    }
}
