//! `backtrack man`: the manual pages, generated from the same clap definitions as the
//! parser.

use std::io::{self, Write};

use anyhow::Result;
use clap::{Arg, Command};
use clap_mangen::roff::{bold, italic, roman, Inline, Roff};
use clap_mangen::Man;

use crate::driver::{Job, Settings};
use crate::exit::{STATUSES, STATUS_NOTES};

/// Print a manual page (roff), such as `backtrack man > backtrack.1; man ./backtrack.1`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The page of a subcommand (backtrack-queens(1), …) instead of the tool's.
    #[arg(value_name = "SUBCOMMAND", value_parser = [
        "queens", "sudoku", "knapsack", "subset-sum", "permutations", "combinations", "coloring", "knights-tour", "exact-cover", "model", "merge", "completions", "man", "help",
    ])]
    pub subcommand: Option<String>,
}

/// What `backtrack man` asks for: the page of the tool `cli`, or of a subcommand
/// (`backtrack-queens(1)`, as the tool's page names them; its synopsis `backtrack queens
/// …`).
pub fn job(args: &Args, mut cli: Command) -> Result<Job<'static>> {
    cli.build(); // names the subcommands' pages and adds `help`
    let command = match args.subcommand.as_deref() {
        // `help` is the tool's help: its page is the tool's.
        None | Some("help") => cli,
        Some(name) => cli
            .find_subcommand(name)
            .cloned()
            .ok_or_else(|| anyhow::anyhow!("no subcommand {name}"))?
            .version(env!("CARGO_PKG_VERSION")),
    };
    Ok(Job::write(Settings::plain(false), move |_| {
        Ok(page(&command)?)
    }))
}

/// The manual page of `command`: clap_mangen's sections, but a title line with the
/// version, a synopsis of our own (the command as typed, `backtrack queens`, with the
/// values the options take) and the exit statuses in a section of their own.
fn page(command: &Command) -> io::Result<Vec<u8>> {
    let name = command.get_bin_name().unwrap_or_else(|| command.get_name());
    let man = Man::new(command.clone());
    let mut sections: Vec<Vec<u8>> = Vec::new();
    let mut section = |render: &dyn Fn(&mut Vec<u8>) -> io::Result<()>| {
        let mut text = Vec::new();
        render(&mut text).map(|()| sections.push(text))
    };
    section(&|w| man.render_name_section(w))?;
    section(&|w| synopsis(command, name).to_writer(w))?;
    section(&|w| man.render_description_section(w))?;
    if command.get_arguments().any(|arg| !arg.is_hide_set()) {
        section(&|w| man.render_options_section(w))?;
    }
    // `help`'s subcommands are the tool's, whose pages are backtrack-queens(1), …
    if command.has_subcommands() && command.get_name() != "help" {
        section(&|w| man.render_subcommands_section(w))?;
    }
    section(&|w| exit_status().to_writer(w))?;
    section(&|w| man.render_version_section(w))?;
    // Each section comes with the definitions of roff's preamble: the page needs them once.
    let mut page = Vec::new();
    let mut first = true;
    for text in sections {
        let (preamble, body) = split_preamble(&text);
        if first {
            page.extend_from_slice(preamble);
            // The title line, written here: roff's renderer drops an empty argument, and
            // the date (none) must be there, empty, for the version to be read as such.
            writeln!(
                page,
                ".TH {} 1 \"\" \"backtrack {}\" \"backtrack manual\"",
                name.replace(' ', "-"),
                env!("CARGO_PKG_VERSION")
            )?;
            first = false;
        }
        page.extend_from_slice(body);
    }
    Ok(page)
}

/// The definitions roff's renderer starts every text with (`.ie \n(.g .ds Aq …`), and the
/// rest.
fn split_preamble(text: &[u8]) -> (&[u8], &[u8]) {
    let mut end = 0;
    for line in text.split_inclusive(|&byte| byte == b'\n') {
        if !(line.starts_with(b".ie ") || line.starts_with(b".el ")) {
            break;
        }
        end += line.len();
    }
    text.split_at(end)
}

/// `backtrack queens [--limit K] [--format numbered|…] … N`.
fn synopsis(command: &Command, name: &str) -> Roff {
    let mut line = vec![bold(name)];
    for arg in command.get_arguments().filter(|arg| !arg.is_hide_set()) {
        if arg.is_positional() {
            continue;
        }
        line.push(roman(if arg.is_required_set() { " " } else { " [" }));
        match (arg.get_short(), arg.get_long()) {
            (Some(short), Some(long)) => {
                line.extend([
                    bold(format!("-{short}")),
                    roman("|"),
                    bold(format!("--{long}")),
                ]);
            }
            (Some(short), None) => line.push(bold(format!("-{short}"))),
            (None, Some(long)) => line.push(bold(format!("--{long}"))),
            (None, None) => {}
        }
        if arg.get_action().takes_values() {
            line.push(roman(" "));
            line.push(value(arg));
        }
        if !arg.is_required_set() {
            line.push(roman("]"));
        }
    }
    for arg in command.get_positionals().filter(|arg| !arg.is_hide_set()) {
        let (open, close) = if arg.is_required_set() {
            ("<", ">")
        } else {
            ("[", "]")
        };
        line.extend([roman(format!(" {open}")), value(arg), roman(close)]);
        if arg
            .get_num_args()
            .is_some_and(|range| range.max_values() > 1)
        {
            line.push(roman("..."));
        }
    }
    if command.has_subcommands() {
        let (open, close) = if command.is_subcommand_required_set() {
            ("<", ">")
        } else {
            ("[", "]")
        };
        line.extend([
            roman(format!(" {open}")),
            italic("subcommand"),
            roman(close),
        ]);
    }
    let mut roff = Roff::new();
    roff.control("SH", ["SYNOPSIS"]).text(line);
    roff
}

/// The value an argument takes: its choices (`text|dot|json`), or its name (`K`).
fn value(arg: &Arg) -> Inline {
    let choices: Vec<String> = arg
        .get_possible_values()
        .iter()
        .filter(|choice| !choice.is_hide_set())
        .map(|choice| choice.get_name().to_string())
        .collect();
    if !choices.is_empty() {
        return italic(choices.join("|"));
    }
    let names = arg.get_value_names().map(|names| {
        names
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    });
    italic(names.unwrap_or_else(|| arg.get_id().as_str().to_uppercase()))
}

/// The EXIT STATUS section: one tagged paragraph per status, then the notes.
fn exit_status() -> Roff {
    let mut roff = Roff::new();
    roff.control("SH", ["EXIT STATUS"]);
    for (code, meaning) in STATUSES {
        roff.control("TP", [])
            .text([bold(code)])
            .text([roman(meaning)]);
    }
    for note in STATUS_NOTES {
        roff.control("PP", []).text([roman(note)]);
    }
    roff
}
