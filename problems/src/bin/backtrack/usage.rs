//! The command line read: a usage error is said in one line, `backtrack: error: …`, naming
//! the flag or argument at fault and what it expects (exit status 2), never clap's
//! several lines with their tips; `--help` and `--version` are output like any other,
//! and a failed write of them is exit status 4.

use std::ffi::OsString;
use std::io::Write;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::parser::ValueSource;
use clap::{Arg, ArgMatches, Args, Command, CommandFactory, FromArgMatches, Parser};

use crate::driver::{check_output, TreeFormat};
use crate::exit::{self, OutputError, Status};

/// Where a flag of some subcommands applies there, when a flag's name alone does not say
/// it: `--glyphs applies to queens (with --format board), not sudoku`.
const WHERE: &[(&str, &str)] = &[
    ("glyphs", "with --format board"),
    ("symmetry", "with --count"),
    ("indices", "in text listings"),
];

/// What to do instead of a flag another subcommand has, where it has a near equivalent:
/// the flag's id, the subcommand that lacks it, and the hint after its line.
const INSTEAD: &[(&str, &str, &str)] = &[(
    "unique",
    "exact-cover",
    "exact cover counts every cover; divide by the symmetries (the generated pentominoes' 9356 tilings are 2339 classes of 4, langford N's pairings come each with its mirror), or count queens' classes with backtrack queens N --unique --count",
)];

/// A subcommand's arguments `A`, which clap builds, if `LAZY`, only once the command
/// line enters the subcommand: a run builds the arguments of its own subcommand, not
/// those of every other (most of what parsing a short run's command line costs).
#[derive(Debug)]
pub struct Sub<A, const LAZY: bool>(A);

impl<A, const LAZY: bool> std::ops::Deref for Sub<A, LAZY> {
    type Target = A;

    fn deref(&self) -> &A {
        &self.0
    }
}

impl<A: FromArgMatches, const LAZY: bool> FromArgMatches for Sub<A, LAZY> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        A::from_arg_matches(matches).map(Sub)
    }

    fn from_arg_matches_mut(matches: &mut ArgMatches) -> Result<Self, clap::Error> {
        A::from_arg_matches_mut(matches).map(Sub)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }

    fn update_from_arg_matches_mut(&mut self, matches: &mut ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

impl<A: Args, const LAZY: bool> Args for Sub<A, LAZY> {
    fn group_id() -> Option<clap::Id> {
        A::group_id()
    }

    fn augment_args(command: Command) -> Command {
        if LAZY {
            command.defer(A::augment_args)
        } else {
            A::augment_args(command)
        }
    }

    fn augment_args_for_update(command: Command) -> Command {
        if LAZY {
            command.defer(A::augment_args_for_update)
        } else {
            A::augment_args_for_update(command)
        }
    }
}

/// The command line parsed, or how the run ends without a search: `--help` or `--version`
/// printed, or a usage error said on stderr. `Lazy` is the command `Cli` whose
/// subcommands clap builds only when entered ([`Sub`]): a command line whose first word
/// names a subcommand is parsed with it, any other (`--help`, `help`, a word that is no
/// subcommand) with the whole of `Cli`, whose help lists every subcommand with what it
/// does.
pub fn parse<Cli: Parser, Lazy: CommandFactory>() -> Result<Cli, Status> {
    let args: Vec<OsString> = std::env::args_os().collect();
    // Parsed in place, not on a clone: building and cloning clap's command is most of
    // what a short run costs.
    let lazy = Lazy::command();
    let named = args
        .get(1)
        .and_then(|word| word.to_str())
        .is_some_and(|word| lazy.find_subcommand(word).is_some());
    let mut cli = if named { lazy } else { Cli::command() };
    let refused = |err: clap::Error| match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => print(&err),
        _ => {
            // A fresh command: parsing built this one, adding its `help` subcommand.
            // One line, whatever the user typed: control characters escaped.
            note!(
                "backtrack: error: {}",
                crate::args::escaped(&message(&Cli::command(), &err, &args))
            );
            Status::BadInput
        }
    };
    let mut matches = cli.try_get_matches_from_mut(&args).map_err(refused)?;
    if let Some(flag) = matches
        .subcommand()
        .and_then(|(_, sub)| tree_option_alone(sub))
    {
        note!("backtrack: error: {flag} applies to the solution tree: add --tree");
        return Err(Status::BadInput);
    }
    if matches
        .subcommand()
        .is_some_and(|(_, sub)| html_streamed(sub))
    {
        note!("backtrack: error: --tree-stream cannot be used with --tree-format html: the page is written whole, from the recorded tree");
        return Err(Status::BadInput);
    }
    // The values taken out of the matches, read above, rather than cloned.
    Cli::from_arg_matches_mut(&mut matches).map_err(refused)
}

/// The error for an option given without the flag it qualifies (`missing`, as clap
/// names it): `--tree-format` without `--tree`, `--probes` without `--estimate`.
fn option_alone(missing: &[String], args: &[OsString]) -> Option<String> {
    let given = |prefixes: &[&str]| {
        flags(args)
            .find(|typed| prefixes.iter().any(|p| typed.starts_with(p)))
            .unwrap_or_else(|| "this flag".to_string())
    };
    match missing {
        [flag] if flag == "--tree" => Some(format!(
            "{} applies to the solution tree: add --tree",
            given(&["--tree-"])
        )),
        [flag] if flag == "--estimate" => Some(format!(
            "{} applies to --estimate: add --estimate",
            given(&["--probes", "--probe-seed"])
        )),
        // Each needs its own flag, and those two cannot be used together.
        [a, b] if [a, b].contains(&&"--tree".to_string())
            && [a, b].contains(&&"--estimate".to_string()) =>
        {
            Some(format!(
                "{} applies to the solution tree and {} to --estimate, which cannot be used together: keep the options of one",
                given(&["--tree-"]),
                given(&["--probes", "--probe-seed"])
            ))
        }
        _ => None,
    }
}

/// A `--tree-*` option given without `--tree`. clap's `requires` misses it when another
/// flag given conflicts with `--tree` (`--tree-stream --count` would run the count).
fn tree_option_alone(sub: &ArgMatches) -> Option<&'static str> {
    if sub.try_get_one::<bool>("tree").ok()?.copied()? {
        return None;
    }
    [
        ("tree_format", "--tree-format"),
        ("tree_rejected", "--tree-rejected"),
        ("tree_budget", "--tree-budget"),
        ("tree_stream", "--tree-stream"),
    ]
    .into_iter()
    .find(|(id, _)| sub.value_source(id) == Some(ValueSource::CommandLine))
    .map(|(_, flag)| flag)
}

/// `--tree-stream` with `--tree-format html`: a page cannot be streamed.
fn html_streamed(sub: &ArgMatches) -> bool {
    let stream = sub.try_get_one::<bool>("tree_stream").ok().flatten() == Some(&true);
    let format = sub.try_get_one::<TreeFormat>("tree_format").ok().flatten();
    stream && format == Some(&TreeFormat::Html)
}

/// Prints the help or the version clap made, as it made it (in colour on a terminal),
/// to a standard output that must take it.
fn print(err: &clap::Error) -> Status {
    let written = check_output().and_then(|()| {
        err.print()
            .and_then(|()| std::io::stdout().flush())
            .map_err(OutputError::from)
    });
    match written {
        Ok(()) => Status::Success,
        Err(err) => exit::report(&err.into()),
    }
}

/// Why `flag` cannot be given with the flags `prior`, as typed.
fn conflict(flag: &str, prior: &[String]) -> String {
    let pair = |a: &str, b: &str| prior.len() == 1 && flag == a && prior[0] == b;
    if prior.len() == 1 && prior[0] == flag {
        format!("{flag} was given twice: give it once")
    } else if pair("--tree", "--format") || pair("--format", "--tree") {
        "--format applies to solutions, not to --tree: the tree's format is --tree-format (text, dot, json or html)".to_string()
    } else {
        format!("{flag} cannot be used with {}", and(prior))
    }
}

/// The one line that says what is wrong with the command line `args` of `cli`.
pub fn message(cli: &Command, err: &clap::Error, args: &[OsString]) -> String {
    let sub = subcommand(cli, args);
    let at = |kind| context(err, kind);
    let first = |kind| first_of(err, kind);
    let name = sub.map_or("backtrack", Command::get_name);
    match err.kind() {
        ErrorKind::ValueValidation => not_valid(err),
        ErrorKind::InvalidValue => not_accepted(cli, sub, err, args),
        ErrorKind::UnknownArgument => {
            let arg = first(ContextKind::InvalidArg);
            before_subcommand(cli, args, &arg)
                .unwrap_or_else(|| unknown(cli, sub, &arg, at(ContextKind::SuggestedArg).first()))
        }
        ErrorKind::InvalidSubcommand => {
            let word = first(ContextKind::InvalidSubcommand);
            if let Some(message) = help_second(cli, args, &word) {
                return message;
            }
            let guess = guess(at(ContextKind::SuggestedSubcommand).first());
            format!("'{word}' is not a subcommand{guess}: {}", subcommands(cli))
        }
        ErrorKind::ArgumentConflict => {
            let typed = |arg: &String| as_typed(sub, &place(arg), args);
            let prior: Vec<String> = at(ContextKind::PriorArg).iter().map(typed).collect();
            conflict(&typed(&first(ContextKind::InvalidArg)), &prior)
        }
        ErrorKind::MissingRequiredArgument => {
            let missing = at(ContextKind::InvalidArg);
            if let Some(message) = option_alone(&missing, args) {
                return message;
            }
            let needed: Vec<String> = missing
                .iter()
                .map(|arg| needed(sub.unwrap_or(cli), arg))
                .collect();
            format!("{name} needs {}", and(&needed))
        }
        ErrorKind::TooManyValues => format!(
            "{} takes no value, not '{}'",
            place(&first(ContextKind::InvalidArg)),
            crate::args::clip(&first(ContextKind::InvalidValue))
        ),
        ErrorKind::InvalidUtf8 => match args.iter().position(|arg| arg.to_str().is_none()) {
            Some(k) => format!(
                "argument {k}, '{}', is not UTF-8 text",
                args[k].to_string_lossy()
            ),
            None => "an argument is not UTF-8 text".to_string(),
        },
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            format!("backtrack needs a subcommand: {}", subcommands(cli))
        }
        _ => {
            // The rest (an argument not UTF-8, …): clap's first line, without its prefix.
            let text = err.render().to_string();
            let line = text.lines().next().unwrap_or_default();
            line.strip_prefix("error: ").unwrap_or(line).to_string()
        }
    }
}

/// The texts clap's error `err` holds under `kind`.
fn context(err: &clap::Error, kind: ContextKind) -> Vec<String> {
    match err.get(kind) {
        Some(ContextValue::String(text)) => vec![text.clone()],
        Some(ContextValue::Strings(texts)) => texts.clone(),
        _ => Vec::new(),
    }
}

/// The first text clap's error `err` holds under `kind`, or the empty one.
fn first_of(err: &clap::Error, kind: ContextKind) -> String {
    context(err, kind).into_iter().next().unwrap_or_default()
}

/// A value its parser refused: where, and the parser's reason.
fn not_valid(err: &clap::Error) -> String {
    let place = place(&first_of(err, ContextKind::InvalidArg));
    let why = std::error::Error::source(err).map_or_else(
        || {
            format!(
                "'{}' is not valid",
                first_of(err, ContextKind::InvalidValue)
            )
        },
        ToString::to_string,
    );
    if why.starts_with("must ") {
        format!("{place} {why}")
    } else if why.contains(&place) {
        why
    } else {
        format!("{place}: {why}")
    }
}

/// A value not among those a flag accepts (or none given): what the flag accepts, or the
/// subcommands a value belongs to.
fn not_accepted(
    cli: &Command,
    sub: Option<&Command>,
    err: &clap::Error,
    args: &[OsString],
) -> String {
    let arg = first_of(err, ContextKind::InvalidArg);
    let value = first_of(err, ContextKind::InvalidValue);
    let place = place(&arg);
    let valid = accepted(sub, &arg).unwrap_or_else(|| context(err, ContextKind::ValidValue));
    // clap reports a value left out (`--format` last) as the empty value of
    // `--format=`: only the command line tells them apart.
    if valid.is_empty() || (value.is_empty() && !typed_empty(sub, &place, args)) {
        return format!("{place} needs a value ({})", value_of(&arg));
    }
    if let Some(owners) = owners_of_value(cli, sub, &arg, &value) {
        let name = sub.map_or("backtrack", Command::get_name);
        return format!(
            "{place} {value} applies to {owners}, not {name}: here {place} is {}",
            or(&valid)
        );
    }
    let guess = guess(context(err, ContextKind::SuggestedValue).first());
    format!(
        "{place} must be {}, not '{}'{guess}",
        or(&valid),
        crate::args::clip(&value)
    )
}

/// Whether the option `flag` was given an empty value on the command line (`--format=`,
/// `--format ''`), as it was typed (an alias too), rather than none. An argument (`SHELL`)
/// is empty only when typed so.
fn typed_empty(sub: Option<&Command>, flag: &str, args: &[OsString]) -> bool {
    if !flag.starts_with('-') {
        return true;
    }
    let typed = as_typed(sub, flag, args);
    let joined = format!("{typed}=");
    args.iter().any(|arg| arg.to_str() == Some(joined.as_str()))
        || args
            .windows(2)
            .any(|pair| pair[0].to_str() == Some(typed.as_str()) && pair[1].is_empty())
}

/// `help queens sudoku`: a word after help's subcommand, which clap takes for a
/// subcommand of it (`word`), refused as a second subcommand.
fn help_second(cli: &Command, args: &[OsString], word: &str) -> Option<String> {
    let topic = args.get(2)?.to_str()?;
    let known = topic == "help" || cli.find_subcommand(topic).is_some();
    (args.len() > 3 && args[1] == "help" && known)
        .then(|| format!("help takes one subcommand, and '{word}' is a second (after {topic})"))
}

/// The subcommand named on the command line, if any.
fn subcommand<'a>(cli: &'a Command, args: &[OsString]) -> Option<&'a Command> {
    let word = args
        .iter()
        .skip(1)
        .find(|arg| !arg.to_string_lossy().starts_with('-'))?;
    cli.find_subcommand(word)
}

/// The flags given on the command line (`--tree-format` of `--tree-format=dot` too).
fn flags(args: &[OsString]) -> impl Iterator<Item = String> + '_ {
    args.iter().skip(1).filter_map(|arg| {
        let arg = arg.to_str()?;
        let flag = arg.split('=').next().unwrap_or(arg);
        flag.starts_with("--").then(|| flag.to_string())
    })
}

/// A flag as it was typed: `--list` for `--all` if that is how it was given.
fn as_typed(sub: Option<&Command>, flag: &str, args: &[OsString]) -> String {
    let given: Vec<String> = flags(args).collect();
    if given.iter().any(|typed| typed == flag) {
        return flag.to_string();
    }
    sub.and_then(|command| command.get_arguments().find(|arg| is_flag(arg, flag)))
        .and_then(|arg| given.into_iter().find(|typed| is_flag(arg, typed)))
        .unwrap_or_else(|| flag.to_string())
}

/// How a message names an argument clap describes as `--limit <K>`, `<N>`, `[FILE]`,
/// `<NUMBERS>...`: `--limit`, `N`, `FILE`, `NUMBERS`.
fn place(arg: &str) -> String {
    let word = arg.split(' ').next().unwrap_or(arg);
    word.trim_end_matches("...")
        .trim_start_matches(['<', '['])
        .trim_end_matches(['>', ']'])
        .to_string()
}

/// The value an option takes, as clap describes it: `K` of `--limit <K>`.
fn value_of(arg: &str) -> String {
    arg.split_once(' ')
        .map_or("a value", |(_, value)| value)
        .trim_start_matches('<')
        .trim_end_matches('>')
        .to_string()
}

/// An argument `needs` names: `--target T, the sum to reach`; `the board size N`.
fn needed(command: &Command, arg: &str) -> String {
    // One of a required group: `--colors K or --min`.
    if arg.contains('|') {
        let choices: Vec<String> = arg
            .replace(['<', '>', '[', ']'], "")
            .split('|')
            .map(str::to_string)
            .collect();
        return or(&choices);
    }
    let place = place(arg);
    let shown = arg
        .replace(['<', '>', '[', ']'], "")
        .trim_end_matches("...")
        .to_string();
    let found = command.get_arguments().find(|candidate| {
        candidate.get_long().map(|long| format!("--{long}")) == Some(place.clone())
            || candidate.get_value_names().is_some_and(|names| {
                candidate.is_positional() && names.iter().any(|name| name.as_str() == place)
            })
    });
    let summary = found
        .and_then(Arg::get_help)
        .map(|help| {
            let help = help.to_string();
            let first = help
                .split([' ', '.'])
                .next()
                .unwrap_or_default()
                .to_string();
            let summary = help.split(" (").next().unwrap_or(&help);
            let summary = summary.trim_end_matches('.');
            format!("{}{}", first.to_lowercase(), &summary[first.len()..])
        })
        .unwrap_or_default();
    if summary.is_empty() {
        shown
    } else if summary.split(' ').any(|word| word == place) {
        summary
    } else {
        format!("{shown}, {summary}")
    }
}

/// The line for an argument the subcommand does not take: a flag of another subcommand
/// says where it applies; a flag of none says so (with clap's guess at what was meant);
/// a word too many says what the subcommand takes.
fn unknown(cli: &Command, sub: Option<&Command>, arg: &str, suggested: Option<&String>) -> String {
    let name = sub.map_or("backtrack", Command::get_name);
    if arg == "-V" || arg == "--version" {
        return format!(
            "{arg} belongs to backtrack itself, not to {name}: backtrack --version prints the version"
        );
    }
    let takes = |arg: &str| {
        let takes: Vec<String> = sub
            .map(|command| {
                command
                    .get_positionals()
                    .map(|positional| place(&positional.to_string()))
                    .collect()
            })
            .unwrap_or_default();
        match takes.as_slice() {
            [] => format!("unexpected argument '{arg}': {name} takes none"),
            [one] => format!("unexpected argument '{arg}': {name} takes one argument, {one}"),
            many => format!("unexpected argument '{arg}': {name} takes {}", and(many)),
        }
    };
    if !arg.starts_with('-') || arg.len() < 2 {
        return takes(arg);
    }
    let flag = arg.split('=').next().unwrap_or(arg);
    // A flag of this very subcommand, come after `--`: taken for an argument.
    if sub.is_some_and(|command| {
        command
            .get_arguments()
            .any(|candidate| is_flag(candidate, flag))
    }) {
        return format!("{} (after --, flags are arguments)", takes(arg));
    }
    let owners: Vec<&Command> = cli
        .get_subcommands()
        .filter(|command| {
            command
                .get_arguments()
                .any(|candidate| is_flag(candidate, flag))
        })
        .collect();
    if let Some(owner) = owners.first() {
        let names: Vec<String> = owners.iter().map(|c| c.get_name().to_string()).collect();
        let id = owner
            .get_arguments()
            .find(|candidate| is_flag(candidate, flag))
            .map(|candidate| candidate.get_id().as_str().to_string())
            .unwrap_or_default();
        let qualifier = WHERE
            .iter()
            .find(|(flag, _)| *flag == id)
            .map(|(_, qualifier)| format!(" ({qualifier})"))
            .unwrap_or_default();
        let instead = INSTEAD
            .iter()
            .find(|&&(flag, sub, _)| flag == id && sub == name)
            .map(|(_, _, hint)| format!(": {hint}"))
            .unwrap_or_default();
        return format!(
            "{flag} applies to {}{qualifier}, not {name}{instead}",
            and(&names)
        );
    }
    format!("{name} has no flag {flag}{}", guess(suggested))
}

/// `backtrack -q queens 8`: a flag of the subcommand typed before it, where clap looks
/// for it among backtrack's own (`--help`, `--version`) and took the subcommand for its
/// place ("unexpected argument '-q': queens takes one argument").
fn before_subcommand(cli: &Command, args: &[OsString], arg: &str) -> Option<String> {
    let flag = arg.split('=').next().unwrap_or(arg);
    // The word typed: the flag (`-q`, `--count=…`), or a cluster of short flags holding
    // it (`-cq`, of which clap names the first it does not know).
    let (at, typed) = args.iter().skip(1).enumerate().find_map(|(k, typed)| {
        let word = typed.to_str()?.split('=').next()?;
        let cluster = flag.len() == 2
            && !flag.starts_with("--")
            && word.len() > 2
            && word.starts_with('-')
            && !word.starts_with("--")
            && word[1..].contains(&flag[1..]);
        (word == flag || cluster).then_some((k, word))
    })?;
    let (after, command) = args.iter().skip(1).enumerate().find_map(|(k, typed)| {
        typed
            .to_str()
            .and_then(|word| cli.find_subcommand(word))
            .map(|command| (k, command))
    })?;
    let known = command
        .get_arguments()
        .any(|candidate| is_flag(candidate, flag));
    (at < after && known).then(|| {
        format!(
            "{typed} goes after the subcommand: backtrack {} {typed} …",
            command.get_name()
        )
    })
}

/// ` (did you mean --format?)`, if clap has a guess.
fn guess(suggested: Option<&String>) -> String {
    suggested.map_or_else(String::new, |word| format!(" (did you mean {word}?)"))
}

/// Is `flag` (`--glyphs`, `-t`) a name of `arg`, or one of its aliases?
fn is_flag(arg: &Arg, flag: &str) -> bool {
    if let Some(long) = flag.strip_prefix("--") {
        arg.get_long() == Some(long) || arg.get_all_aliases().is_some_and(|all| all.contains(&long))
    } else {
        let mut chars = flag.chars().skip(1);
        match (chars.next(), chars.next()) {
            (Some(short), None) => arg.get_short() == Some(short),
            _ => false,
        }
    }
}

/// Every value the option `arg` of `sub` takes, each with its aliases (`numbered (or
/// text)`): clap's list of valid values leaves the aliases out, though they are accepted.
/// `None` if `arg` is not found there.
fn accepted(sub: Option<&Command>, arg: &str) -> Option<Vec<String>> {
    let flag = place(arg);
    let candidate = sub?
        .get_arguments()
        .find(|candidate| is_flag(candidate, &flag))?;
    let values: Vec<String> = candidate
        .get_possible_values()
        .iter()
        .filter(|possible| !possible.is_hide_set())
        .map(|possible| {
            let mut names = possible.get_name_and_aliases();
            let name = names.next().unwrap_or_default();
            let aliases: Vec<String> = names.map(str::to_string).collect();
            if aliases.is_empty() {
                name.to_string()
            } else {
                format!("{name} (or {})", or(&aliases))
            }
        })
        .collect();
    (!values.is_empty()).then_some(values)
}

/// The subcommands for which `value` is a value of the option `arg`, when it is not one
/// here (`--format board` on sudoku: queens).
fn owners_of_value(cli: &Command, sub: Option<&Command>, arg: &str, value: &str) -> Option<String> {
    let flag = place(arg);
    let here = sub?.get_name();
    let owners: Vec<String> = cli
        .get_subcommands()
        .filter(|command| command.get_name() != here)
        .filter(|command| {
            command.get_arguments().any(|candidate| {
                is_flag(candidate, &flag)
                    && candidate
                        .get_possible_values()
                        .iter()
                        .any(|possible| possible.matches(value, false))
            })
        })
        .map(|command| command.get_name().to_string())
        .collect();
    (!owners.is_empty()).then(|| and(&owners))
}

/// The visible subcommands: `queens, sudoku, …, man or help`.
fn subcommands(cli: &Command) -> String {
    let mut names: Vec<String> = cli
        .get_subcommands()
        .filter(|command| !command.is_hide_set())
        .map(|command| command.get_name().to_string())
        .collect();
    names.push("help".to_string());
    or(&names)
}

/// `a`, `a and b`, `a, b and c`.
fn and(words: &[String]) -> String {
    join(words, "and")
}

/// `a`, `a or b`, `a, b or c`.
fn or(words: &[String]) -> String {
    join(words, "or")
}

fn join(words: &[String], last: &str) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., end] => format!("{} {last} {end}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_named_as_on_the_command_line() {
        assert_eq!(place("--limit <K>"), "--limit");
        assert_eq!(place("<N>"), "N");
        assert_eq!(place("<NUMBERS>..."), "NUMBERS");
        assert_eq!(place("[FILE]"), "FILE");
        assert_eq!(value_of("--limit <K>"), "K");
        let words = |list: &[&str]| list.iter().map(ToString::to_string).collect::<Vec<_>>();
        assert_eq!(or(&words(&["text", "dot", "json"])), "text, dot or json");
        assert_eq!(and(&words(&["queens"])), "queens");
    }
}
