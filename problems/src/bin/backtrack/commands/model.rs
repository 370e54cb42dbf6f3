//! `backtrack model`: a finite-domain model read from a file, its solutions or its best.

use std::io::{self, Write};
use std::rc::Rc;

use anyhow::{anyhow, bail, Result};
use backtrack_problems::model::{Assignment, Model, Score, Sense};
use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::args::CommonParts;
use crate::driver::{Cutoff, End, Job, Mode, Out, Task};
use crate::input;

/// Model: integer variables, constraints between them that propagate, and an objective,
/// read from a file.
///
/// One statement a line, `#` comments: `var NAME... in LO..HI` makes variables;
/// `alldifferent NAME...` keeps them apart (forward checking; `alldifferent bounds:
/// NAME...` or `alldifferent domain: NAME...` propagates more); a linear constraint is two
/// sums related by `=`, `!=`, `<=`, `>=`, `<` or `>`, each sum of terms `N`, `NAME` or
/// `N*NAME` (`1000*S + 100*E + 10*N + D >= 1000`); `minimize NAME` or `maximize NAME` sets
/// the objective (one a model); `order input|smallest|domdeg` and `values ascending|descending` choose
/// the variable assigned next and the order of its values. `element R I: 3 1 4` makes R
/// the value at place I (from 0) of the list; `table X Y: 1 2, 2 1` lets X and Y take
/// only the tuples listed; `reify B: X + Y <= 3` makes B (over 0..1) 1 when the linear
/// constraint holds, 0 when not. A predicate (a test in Rust) cannot be written in a file.
///
/// Lists every solution (or the best, with an objective), one per line: `NAME=VALUE` for
/// each variable, in the order they were made. The search gives the variable the order
/// chooses each of its values left, then propagates every constraint to a fixpoint; a
/// value whose propagation fails is a dead end.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The model file; `-` or nothing reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: String,

    #[command(flatten)]
    pub common: CommonParts,
}

/// What `--stats` describes.
const EVERY: &str = "the variable the order chooses given each of its values left, the constraints propagated to a fixpoint after each; a value whose propagation fails is a dead end";
const BEST: &str = "branch and bound: the variable the order chooses given each of its values left, the constraints propagated to a fixpoint after each; a child whose objective's domain holds nothing better than the best is pruned";

/// The search `backtrack model` asks for.
pub fn job(args: &Args) -> Result<Job<'static>> {
    // A model never refuses an operator (its constraints propagate into the domains, so
    // every value offered is admissible): the tree would show nothing more.
    if args.common.search.tree.tree_rejected {
        bail!("--tree-rejected shows the attempts the constraints refuse, and a model refuses none (its constraints propagate): leave it out");
    }
    let json = args.common.format.json();
    let input = input::read(&args.file, "a model")?;
    let model: Model = input
        .text
        .parse()
        .map_err(|err| anyhow!("{}: {err}", input.name))?;
    // What names the model in a checkpoint or a part's record: its statements as read,
    // without comments, blank lines and the spacing of the words, by their number and
    // the CRC-32 of their text (a refusal then prints two numbers, not the model). The
    // statements that set the search (the variables, their orders, the objective) count
    // in their order; the constraints in any, since they propagate to the same domains
    // whatever their order, so the same tree is searched.
    let mut statements: Vec<String> = input
        .text
        .lines()
        .map(|line| line.split_once('#').map_or(line, |(before, _)| before))
        .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|line| !line.is_empty())
        .collect();
    let sets_the_search = |statement: &String| {
        let first = statement.split([' ', ':']).next().unwrap_or_default();
        ["var", "order", "values", "minimize", "maximize"].contains(&first)
    };
    let searching = statements.iter().filter(|s| sets_the_search(s)).count();
    statements.sort_by_key(|statement| !sets_the_search(statement));
    statements[searching..].sort_unstable();
    let objective = model.objective();
    let default = if objective.is_some() {
        Mode::Best
    } else {
        Mode::List { limit: None }
    };
    let settings = args.common.settings(default)?;
    let printer = Rc::new(Printer {
        names: model.vars().map(|var| model.name(var)).collect(),
        objective: objective.map(|(var, _)| model.name(var)),
        json,
    });
    let listed = Rc::clone(&printer);
    let depth = 3.min(model.len());
    let task = Task::search(model, depth)
        .tree()
        .list(move |out, index, solution| listed.write(out, Some(index), &solution).map(|()| true));
    let task: Task = match objective {
        Some(_) => task
            .best(move |out, solution, score, cutoff| {
                printer.write_best(out, solution, *score, cutoff)
            })
            .into(),
        None => task.into(),
    };
    Ok(Job::new(settings, task)
        .describe(if objective.is_some() { BEST } else { EVERY })
        .thing("solution")
        .identity(
            "model",
            serde_json::json!({
                "statements": statements.len(),
                "crc32": crc32fast::hash(statements.join("\n").as_bytes()),
            }),
        ))
}

/// Prints solutions: the names of the variables, and of the objective's.
struct Printer {
    names: Vec<String>,
    objective: Option<String>,
    json: bool,
}

/// A solution's values by name, in the order of the variables: a JSON object.
struct Values<'a>(&'a [String], &'a Assignment);

impl Serialize for Values<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in self.0.iter().zip(self.1.values()) {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

/// A solution of a listing in JSON: `{"index":1,"values":{"x":1,"y":3}}`.
#[derive(serde::Serialize)]
struct Listed<'a> {
    index: u64,
    values: Values<'a>,
}

/// The best solution in JSON: `{"minimize":"cost","value":12,"values":{…},"complete":true}`.
#[derive(serde::Serialize)]
struct Best<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    minimize: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    maximize: Option<&'a str>,
    value: i64,
    values: Values<'a>,
    #[serde(flatten)]
    end: End,
}

impl Printer {
    /// One solution: `x=1 y=3`, or its JSON line; `(empty)` for a model without variables.
    fn write(&self, out: &mut Out, index: Option<u64>, solution: &Assignment) -> io::Result<()> {
        if self.json {
            let line = Listed {
                index: index.unwrap_or(1),
                values: Values(&self.names, solution),
            };
            return writeln!(out, "{}", serde_json::to_string(&line)?);
        }
        if self.names.is_empty() {
            return writeln!(out, "(empty)");
        }
        let words: Vec<String> = self
            .names
            .iter()
            .zip(solution.values())
            .map(|(name, value)| format!("{name}={value}"))
            .collect();
        writeln!(out, "{}", words.join(" "))
    }

    /// The best solution: `minimum 12` (`at most 12 (partial: …)` if the search was
    /// stopped), then its line.
    fn write_best(
        &self,
        out: &mut Out,
        solution: &Assignment,
        score: Score,
        cutoff: Option<Cutoff>,
    ) -> io::Result<()> {
        let (value, sense) = (score.value(), score.sense());
        if self.json {
            let objective = self.objective.as_deref();
            let line = Best {
                minimize: objective.filter(|_| sense == Sense::Minimize),
                maximize: objective.filter(|_| sense == Sense::Maximize),
                value,
                values: Values(&self.names, solution),
                end: End::new(cutoff),
            };
            return writeln!(out, "{}", serde_json::to_string(&line)?);
        }
        match (sense, cutoff) {
            (Sense::Minimize, None) => writeln!(out, "minimum {value}")?,
            (Sense::Maximize, None) => writeln!(out, "maximum {value}")?,
            (Sense::Minimize, Some(cutoff)) => {
                writeln!(out, "at most {value} (partial: {cutoff})")?;
            }
            (Sense::Maximize, Some(cutoff)) => {
                writeln!(out, "at least {value} (partial: {cutoff})")?;
            }
        }
        self.write(out, None, solution)
    }
}
