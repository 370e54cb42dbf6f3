//! Exact cover, with colours (XCC): choose options (sets of items) so that every primary
//! item is in exactly one of them, and every secondary item in at most one, or in several
//! that agree on its colour. Solved by Knuth's Algorithm X on dancing links, with his
//! extension to colours (*The Art of Computer Programming*, Volume 4B, 7.2.2.1: the
//! programs `dlx1` and `dlx2`).
//!
//! One problem kind covers whole families of puzzles: sudoku, N-Queens, polyomino
//! tilings, Langford pairings, crosswords ([`generate`] makes them). A problem is built
//! item by item and option by option ([`Builder`]), or read from the plain text Knuth's
//! programs read ([`ExactCover::from_str`](str::parse), [`ParseError`]), and written back
//! by its `Display`.
//!
//! The search is Knuth's: at each node the primary item with the fewest options left
//! (the first in order among equals), its options tried in input order. An operator is
//! the rank of the option in that item's column (`0` the first one left); a solution is
//! the options chosen, numbered from 0 in input order, listed in the order they were
//! chosen (root first). The state is searched in place: each operator covers the
//! option's items and undoes that exactly (Knuth's dancing links, in flat arrays; nothing
//! is allocated from node to node).
//!
//! ```
//! use backtrack::Search;
//! use backtrack_problems::exact_cover::ExactCover;
//!
//! // Knuth's example: items a to g, six options, one exact cover.
//! let problem: ExactCover = "a b c d e f g
//! c e
//! a d g
//! b c f
//! a d f
//! b g
//! d e g".parse().unwrap();
//! let covers: Vec<Vec<usize>> = Search::new(problem.clone()).collect();
//! assert_eq!(covers, [vec![3, 4, 0]]);   // a d f, then b g, then c e
//! assert_eq!(problem.option_text(4), "b g");
//! ```

use std::collections::HashMap;
use std::fmt::{self, Write as _};
use std::sync::Arc;

use backtrack::Problem;

pub mod generate;
mod links;
mod parse;
#[cfg(test)]
mod tests;

pub use parse::{Likeness, ParseError};

use links::{Links, NONE};

/// What is wrong with an item or an option given to the [`Builder`] (or read from a
/// file: [`ParseError`] adds the place).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// No primary item: nothing to cover.
    #[error("no primary item: at least one item must come before `|`")]
    NoPrimary,
    /// An item named twice.
    #[error("item `{}` is named twice", crate::text::quote(.0))]
    DuplicateItem(String),
    /// An item name that is empty or holds a blank, a control character, `:` or `|`.
    #[error("`{}` cannot name an item: a name is not empty and holds no blank, control character, `:` or `|`", crate::text::quote(.0))]
    BadName(String),
    /// An option naming an item that is not one.
    #[error("unknown item `{}`", crate::text::quote(.0))]
    UnknownItem(String),
    /// An item of an option with nothing before its `:` (`:red`).
    #[error("`{}` names no item: the name before `:` is empty", crate::text::quote(.0))]
    EmptyName(String),
    /// An option naming an item twice.
    #[error("item `{}` is repeated in the option", crate::text::quote(.0))]
    RepeatedItem(String),
    /// A colour on a primary item (`r1:x`).
    #[error("item `{}` is primary and takes no colour: only secondary items do", crate::text::quote(.0))]
    ColourOnPrimary(String),
    /// `item:` with no colour after the colon.
    #[error("`{}` has no colour after its `:`", crate::text::quote(.0))]
    EmptyColour(String),
    /// `item:colour:more`: a second `:` in an item of an option.
    #[error("`{}` has a second `:`: an item takes one colour, `item:colour`, and a colour holds no `:`", crate::text::quote(.0))]
    SecondColon(String),
    /// An option without a primary item, which no solution could use.
    #[error("the option has no primary item")]
    NoPrimaryInOption,
}

/// Builds an [`ExactCover`]: the items first, then the options one by one.
///
/// ```
/// use backtrack::Search;
/// use backtrack_problems::exact_cover::Builder;
///
/// // Two queens on a 2×3 board, one per row, none sharing a column (secondary: a
/// // column may stay empty).
/// let mut builder = Builder::new(["r1", "r2"], ["c1", "c2", "c3"]).unwrap();
/// for r in 1..=2 {
///     for c in 1..=3 {
///         builder.option([format!("r{r}"), format!("c{c}")]).unwrap();
///     }
/// }
/// assert_eq!(Search::new(builder.build()).count(), 6);
/// ```
#[derive(Clone, Debug)]
pub struct Builder {
    names: Vec<String>,
    primary: usize,
    index: HashMap<String, u32>,
    colours: Vec<String>,
    colour_index: HashMap<String, u32>,
    options: Vec<Vec<(u32, u32)>>,
    /// For each item (from 1; 0 unused), the number of the last option that named it
    /// ([`Builder::try_option`]'s calls counted from 1): an item repeated in an option is
    /// found in constant time, and a long option is read in linear time.
    stamps: Vec<u64>,
    /// The calls of [`Builder::try_option`] so far.
    tries: u64,
}

impl Builder {
    /// A problem with these primary and secondary items and no option yet.
    pub fn new<P, S>(primary: P, secondary: S) -> Result<Builder, BuildError>
    where
        P: IntoIterator,
        P::Item: Into<String>,
        S: IntoIterator,
        S::Item: Into<String>,
    {
        let mut builder = Builder {
            names: Vec::new(),
            primary: 0,
            index: HashMap::new(),
            colours: Vec::new(),
            colour_index: HashMap::new(),
            options: Vec::new(),
            stamps: vec![0],
            tries: 0,
        };
        for name in primary {
            builder.item(name.into())?;
        }
        builder.primary = builder.names.len();
        if builder.primary == 0 {
            return Err(BuildError::NoPrimary);
        }
        for name in secondary {
            builder.item(name.into())?;
        }
        Ok(builder)
    }

    /// Adds the item `name`, numbered from 1.
    fn item(&mut self, name: String) -> Result<(), BuildError> {
        let bad = |c: char| matches!(c, ':' | '|') || c.is_whitespace() || c.is_control();
        if name.is_empty() || name.contains(bad) {
            return Err(BuildError::BadName(name));
        }
        if self.index.contains_key(&name) {
            return Err(BuildError::DuplicateItem(name));
        }
        self.stamps.push(0);
        self.names.push(name.clone());
        self.index.insert(name, self.names.len() as u32);
        Ok(())
    }

    /// Adds an option: its items by name, each secondary one written `item:colour` if it
    /// has a colour. On an error, says which item (from 0) is wrong, and the option is
    /// not added.
    pub fn try_option<I>(&mut self, items: I) -> Result<(), (usize, BuildError)>
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        self.tries += 1;
        let stamp = self.tries;
        let mut option = Vec::new();
        for (at, token) in items.into_iter().enumerate() {
            let token = token.as_ref();
            let (name, colour) = match token.split_once(':') {
                Some((name, colour)) => (name, Some(colour)),
                None => (token, None),
            };
            if name.is_empty() && colour.is_some() {
                return Err((at, BuildError::EmptyName(token.to_string())));
            }
            let Some(&item) = self.index.get(name) else {
                return Err((at, BuildError::UnknownItem(name.to_string())));
            };
            let seen = &mut self.stamps[item as usize];
            if *seen == stamp {
                return Err((at, BuildError::RepeatedItem(name.to_string())));
            }
            *seen = stamp;
            let colour = match colour {
                None => 0,
                Some(_) if (item as usize) <= self.primary => {
                    return Err((at, BuildError::ColourOnPrimary(name.to_string())));
                }
                Some("") => return Err((at, BuildError::EmptyColour(token.to_string()))),
                Some(colour) if colour.contains(':') => {
                    return Err((at, BuildError::SecondColon(token.to_string())));
                }
                Some(colour) => self.colour(colour),
            };
            option.push((item, colour));
        }
        if !option
            .iter()
            .any(|&(item, _)| item as usize <= self.primary)
        {
            return Err((option.len(), BuildError::NoPrimaryInOption));
        }
        self.options.push(option);
        Ok(())
    }

    /// Adds an option: [`Builder::try_option`], without saying which item is wrong.
    pub fn option<I>(&mut self, items: I) -> Result<&mut Builder, BuildError>
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        self.try_option(items).map_err(|(_, error)| error)?;
        Ok(self)
    }

    /// The number of colour `name`, from 1, given one if it has none yet.
    fn colour(&mut self, name: &str) -> u32 {
        if let Some(&colour) = self.colour_index.get(name) {
            return colour;
        }
        self.colours.push(name.to_string());
        let colour = self.colours.len() as u32;
        self.colour_index.insert(name.to_string(), colour);
        colour
    }

    /// The problem, at its root.
    ///
    /// # Panics
    ///
    /// If the problem has more than 2³¹ - 1 options or nodes (items in options, items and
    /// options together): the links are 32-bit indices.
    pub fn build(self) -> ExactCover {
        let nodes: usize = self.options.iter().map(|option| option.len() + 1).sum();
        assert!(
            i32::try_from(nodes + self.names.len() + 2).is_ok(),
            "at most 2^31 - 1 nodes"
        );
        let links = Links::new(self.names.len(), self.primary, &self.options);
        let mut problem = ExactCover {
            links,
            levels: vec![Level::default(); self.primary + 1],
            depth: 0,
            text: Arc::new(Text {
                names: self.names,
                primary: self.primary,
                colours: self.colours,
                options: self.options,
            }),
        };
        problem.enter();
        problem
    }
}

/// What the search keeps of one node on its path: the item it branches on and the option
/// it tried last.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// The item chosen (covered as the node was entered), or [`NONE`] at a solution.
    item: u32,
    /// The rank in the item's column of the option tried last, `u32::MAX` before the
    /// first.
    rank: u32,
    /// The node of that option in the item's column (the item's header before the first).
    node: u32,
}

/// An exact cover problem with colours, and the state of its search: see the
/// [module](self).
#[derive(Clone, Debug)]
pub struct ExactCover {
    links: Links,
    /// The nodes of the path from the root, `levels[depth]` the current one.
    levels: Vec<Level>,
    depth: usize,
    /// The problem as given, shared by the copies of the state (a parallel search's parts).
    text: Arc<Text>,
}

/// The names of a problem's items and colours, and its options as given.
#[derive(Debug)]
struct Text {
    /// The items' names, item i at i - 1.
    names: Vec<String>,
    primary: usize,
    colours: Vec<String>,
    /// The options: their items (from 1) with their colours (0 for none).
    options: Vec<Vec<(u32, u32)>>,
}

impl ExactCover {
    /// The number of items, primary and secondary.
    pub fn items(&self) -> usize {
        self.text.names.len()
    }

    /// The number of primary items.
    pub fn primary_items(&self) -> usize {
        self.text.primary
    }

    /// The number of options.
    pub fn options(&self) -> usize {
        self.text.options.len()
    }

    /// The name of item `i`, numbered from 0 (the primary ones first).
    pub fn item_name(&self, i: usize) -> &str {
        &self.text.names[i]
    }

    /// The items of option `k` (from 0) as its line of the file says them: `r1 c2 a3:x`.
    pub fn option_text(&self, k: usize) -> String {
        let mut text = String::new();
        for (at, &(item, colour)) in self.text.options[k].iter().enumerate() {
            if at > 0 {
                text.push(' ');
            }
            text.push_str(&self.text.names[item as usize - 1]);
            if colour > 0 {
                text.push(':');
                text.push_str(&self.text.colours[colour as usize - 1]);
            }
        }
        text
    }

    /// The items of option `k`, numbered from 0, with their colours (`None` for none):
    /// `(0, None), (7, Some("x"))`.
    pub fn option_items(&self, k: usize) -> impl Iterator<Item = (usize, Option<&str>)> + '_ {
        self.text.options[k].iter().map(|&(item, colour)| {
            let colour = (colour > 0).then(|| self.text.colours[colour as usize - 1].as_str());
            (item as usize - 1, colour)
        })
    }

    /// Chooses the item of the node just entered and covers it.
    #[inline]
    fn enter(&mut self) {
        let item = self.links.choose();
        if item != NONE {
            self.links.cover(item);
        }
        self.levels[self.depth] = Level {
            item,
            rank: u32::MAX,
            node: item,
        };
    }

    /// The node of the option of rank `rank` in the current node's column.
    #[inline]
    fn node_of(&self, rank: u32) -> u32 {
        let level = self.levels[self.depth];
        if rank == level.rank.wrapping_add(1) {
            self.links.down(level.node)
        } else {
            self.links.nth(level.item, rank)
        }
    }

    /// The item chosen at the current node and its number of options left, if any item
    /// is left to cover.
    fn branching(&self) -> Option<(u32, u32)> {
        let item = self.levels[self.depth].item;
        (item != NONE).then(|| (item, self.links.len(item)))
    }
}

impl Problem for ExactCover {
    /// The rank of an option in the column of the item chosen (`0`: its first option
    /// left, in input order).
    type Op = u32;
    type Ops = std::ops::Range<u32>;
    /// The options chosen, numbered from 0 in input order, in the order chosen.
    type Solution = Vec<usize>;

    #[inline]
    fn operators(&self) -> Self::Ops {
        match self.levels[self.depth].item {
            NONE => 0..0,
            item => 0..self.links.len(item),
        }
    }

    #[inline]
    fn apply(&mut self, rank: u32) {
        let x = self.node_of(rank);
        let level = &mut self.levels[self.depth];
        level.rank = rank;
        level.node = x;
        self.links.commit_option(x);
        self.depth += 1;
        self.enter();
    }

    #[inline]
    fn undo(&mut self, _: u32) {
        let item = self.levels[self.depth].item;
        if item != NONE {
            self.links.uncover(item);
        }
        self.depth -= 1;
        self.links.uncommit_option(self.levels[self.depth].node);
    }

    #[inline]
    fn is_complete(&self) -> bool {
        // The item of a node is covered as it is entered: a node is complete when there
        // was none left to choose.
        self.levels[self.depth].item == NONE
    }

    fn solution(&self) -> Vec<usize> {
        self.levels[..self.depth]
            .iter()
            .map(|level| self.links.option_of(level.node))
            .collect()
    }
}

/// Labels for the solution tree, so that it replays Algorithm X: a node made by an
/// option says which item it covered and by which option, `r2 = r2 c4 a5 b6`, then which
/// item it branches on and how many options that has, `; next c1, 1 option` (the root
/// only the latter; a solution neither). An operator is its option's items.
impl backtrack::tree::Label for ExactCover {
    fn label(&self) -> String {
        let mut text = String::new();
        if self.depth > 0 {
            let parent = self.levels[self.depth - 1];
            text = format!(
                "{} = {}",
                self.text.names[parent.item as usize - 1],
                self.option_text(self.links.option_of(parent.node))
            );
        }
        if let Some((item, len)) = self.branching() {
            if !text.is_empty() {
                text.push_str("; ");
            }
            let options = match len {
                0 => "no option".to_string(),
                1 => "1 option".to_string(),
                n => format!("{n} options"),
            };
            let _ = write!(
                text,
                "next {}, {options}",
                self.text.names[item as usize - 1]
            );
        }
        text
    }

    fn op_label(&self, rank: u32) -> String {
        self.option_text(self.links.option_of(self.node_of(rank)))
    }
}

/// The problem as the text [`ExactCover::from_str`](str::parse) reads: the items on the
/// first line (the secondary ones after `|`), then one option a line.
impl fmt::Display for ExactCover {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text.names[..self.text.primary].join(" "))?;
        if self.text.primary < self.text.names.len() {
            write!(f, " | {}", self.text.names[self.text.primary..].join(" "))?;
        }
        writeln!(f)?;
        for k in 0..self.text.options.len() {
            writeln!(f, "{}", self.option_text(k))?;
        }
        Ok(())
    }
}
