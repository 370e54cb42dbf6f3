//! `backtrack knapsack`: the most valuable packing that fits, by branch and bound.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::rc::Rc;

use anyhow::{anyhow, Result};
use backtrack_problems::knapsack::{Item, Knapsack};
use serde::Serialize;
use serde_json::json;

use crate::args::CommonParts;
use crate::driver::{plural, Cutoff, End, Job, Mode, Out, Task};
use crate::input;

/// 0/1 knapsack: the most valuable choice of items whose total weight fits, by branch
/// and bound.
///
/// The input is a `capacity <number>` line, then one item per line as `<weight> <value>`
/// (whole numbers, 0 or more); blank lines and `#` comments are ignored. Prints the best
/// value, the weight used, and the items chosen, numbered from 1 in input order. --all,
/// --first and --limit list the packings that fit instead, in search order (the first is
/// the greedy one: items by value per unit of weight, each taken if it fits), and --count
/// counts them. For the best packing, the items of weight 0 and some value are taken and
/// those of value 0 left before the search (--stats says how many), so that neither
/// doubles its tree.
#[derive(Debug, clap::Args)]
#[command(mut_args(crate::args::reworded(&[
    ("all", "List every packing that fits, in search order, instead of the best"),
    ("first", "Print only the first packing in search order, the greedy one (or \"no solution\", exit status 1)"),
    ("limit", "Stop after K packings: list at most K, or with --count count at most K"),
    ("count", "Print only the number of packings that fit (on all cores; see --threads)"),
])))]
pub struct Args {
    /// The problem file; `-` or nothing reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: String,

    #[command(flatten)]
    pub common: CommonParts,
}

/// What `--stats` describes.
const BEST: &str = "branch and bound, items by value per unit of weight, each taken (if it fits) then left; a child that cannot beat the best is pruned";
const EVERY: &str = "items by value per unit of weight, each taken (if it fits) then left";

/// The search `backtrack knapsack` asks for.
pub fn job(args: &Args) -> Result<Job<'static>> {
    let json = args.common.json();
    let settings = args.common.settings(Mode::Best)?;
    let best = settings.mode() == Mode::Best;
    let input = input::read(&args.file, "a knapsack")?;
    let knapsack: Knapsack = input
        .text
        .parse()
        .map_err(|err| anyhow!("{}: {err}", input.name))?;
    let packing = Rc::new(Packing {
        items: knapsack.items(),
        capacity: knapsack.capacity(),
        json,
    });
    let items: Vec<[u64; 2]> = packing
        .items
        .iter()
        .map(|item| [item.weight, item.value])
        .collect();
    let mut identity = json!({ "capacity": packing.capacity, "items": items });
    let mut search = String::from(if best { BEST } else { EVERY });
    // The best packing: the items of no weight or no value settled first (a listing or a
    // count needs every packing they make).
    let knapsack = if best {
        Knapsack::settled(packing.capacity, &packing.items)
    } else {
        knapsack
    };
    if let (taken @ 1.., left) | (taken, left @ 1..) = knapsack.settled_counts() {
        identity["settled"] = json!(true);
        let _ = write!(
            search,
            "; settled first: {} taken (no weight), {} left (no value)",
            plural(taken as u64, "item", "items"),
            plural(left as u64, "item", "items"),
        );
    }
    let listed = packing.clone();
    let task = Task::search(knapsack, 8)
        .tree()
        .list(move |out, index, chosen| {
            listed.write(out, Some(index), &chosen, None).map(|()| true)
        })
        .best(move |out, chosen, _, cutoff| packing.write(out, None, chosen, cutoff));
    Ok(Job::new(settings, task)
        .describe(search)
        .thing("packing")
        .identity("knapsack", identity))
}

/// A packing in JSON: `{"index":1,"value":220,"weight":50,"capacity":50,"items":[…]}`.
#[derive(Serialize)]
struct PackingLine {
    #[serde(skip_serializing_if = "Option::is_none")]
    index: Option<u64>,
    value: u64,
    weight: u64,
    capacity: u64,
    items: Vec<ItemLine>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    end: Option<End>,
}

/// An item of a packing in JSON, numbered from 1 in input order.
#[derive(Serialize)]
struct ItemLine {
    item: usize,
    weight: u64,
    value: u64,
}

/// Prints packings: the items and the capacity they were chosen from.
struct Packing {
    items: Vec<Item>,
    capacity: u64,
    json: bool,
}

impl Packing {
    /// Writes the packing `chosen` (indices into the items): in text, `value V` (marked
    /// partial after a `cutoff`), `weight W of C`, then one line per item (`no item taken`
    /// for the empty packing), a blank line before each packing of a listing but the
    /// first; in JSON, one object (`"items":[]` for the empty packing).
    fn write(
        &self,
        out: &mut Out,
        index: Option<u64>,
        chosen: &[usize],
        cutoff: Option<Cutoff>,
    ) -> io::Result<()> {
        let weight: u64 = chosen.iter().map(|&i| self.items[i].weight).sum();
        let value: u64 = chosen.iter().map(|&i| self.items[i].value).sum();
        if self.json {
            let line = PackingLine {
                index,
                value,
                weight,
                capacity: self.capacity,
                items: chosen
                    .iter()
                    .map(|&i| ItemLine {
                        item: i + 1,
                        weight: self.items[i].weight,
                        value: self.items[i].value,
                    })
                    .collect(),
                // The best is the whole answer; a listing's lines are ended by the driver.
                end: index.is_none().then(|| End::new(cutoff)),
            };
            return writeln!(out, "{}", serde_json::to_string(&line)?);
        }
        if index.is_some_and(|k| k > 1) {
            writeln!(out)?;
        }
        match cutoff {
            Some(cutoff) => writeln!(out, "value {value} (partial: {cutoff})")?,
            None => writeln!(out, "value {value}")?,
        }
        writeln!(out, "weight {weight} of {}", self.capacity)?;
        if chosen.is_empty() {
            // Said, not left to an absence of lines.
            writeln!(out, "no item taken")?;
        }
        for &i in chosen {
            let item = self.items[i];
            writeln!(
                out,
                "item {}: weight {}, value {}",
                i + 1,
                item.weight,
                item.value
            )?;
        }
        Ok(())
    }
}
