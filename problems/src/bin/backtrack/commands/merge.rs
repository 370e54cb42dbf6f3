//! `backtrack merge`: the total of a count made in parts.

use std::path::PathBuf;

use crate::args::Format;
use backtrack::durable::{merge_files_checking, PartRecord};
use backtrack_problems::queens::{class_sizes, classes_hold};

use crate::driver::{Job, Settings};

/// Add up the records of a count made in parts (--parts N --part K): prints the total,
/// as the count made in one run prints it.
///
/// Refuses (exit status 2, naming the file) a file that is not a record, a damaged record
/// (its checksum, a key given twice, a count its classes cannot hold), a partial part, a
/// file given twice, a part given twice (in two files), a missing part, and parts of
/// different counts (another problem, other parameters, another number of parts or
/// another version of backtrack).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The records, one file per part, in any order (such as part-*.json).
    #[arg(value_name = "FILES", required = true)]
    pub files: Vec<PathBuf>,

    /// How to print the total: text (the number the parts' command prints), or one JSON
    /// object with the problem, its parameters, both counts and the nodes.
    #[arg(long, value_enum, default_value_t = Format::Text, hide_possible_values = true)]
    pub format: Format,
}

/// What `backtrack merge` asks for: the sum of the part records, printed as the number
/// the parts' command prints, or with JSON one object with both counts. A set of records
/// that are not every part of one count, each once and complete, is refused (an error
/// naming the file).
pub fn job(args: &Args) -> Job<'static> {
    let files = args.files.clone();
    let settings = Settings::plain(args.format == Format::Json);
    Job::write(settings, move |json| {
        // `-` reads standard input in the other subcommands: here it would be "cannot
        // read -: No such file or directory".
        if files.iter().any(|file| file.as_os_str() == "-") {
            anyhow::bail!(
                "merge reads each part's record from its own file, not from standard input (`-`): give the files, such as part-*.json"
            );
        }
        let merged = merge_files_checking(&files, classes_of)?;
        let total = if json {
            serde_json::to_string(&merged.summary())?
        } else {
            merged.printed().to_string()
        };
        Ok(format!("{total}\n").into_bytes())
    })
}

/// What a record's problem implies of its counts: the classes of `n` queens hold 8, 4 or
/// 2 boards each (see [`class_sizes`]), so a count of classes bounds its solutions.
fn classes_of(record: &PartRecord) -> Option<String> {
    let unique = record.unique?;
    if record.problem != "queens" {
        return None;
    }
    // Without a whole `n` it is no board this program counted: what every count implies
    // is all there is to check.
    let n = usize::try_from(record.parameters.get("n")?.as_u64()?).ok()?;
    if classes_hold(n, record.count, unique) {
        return None;
    }
    let sizes: Vec<String> = class_sizes(n).iter().map(u64::to_string).collect();
    let sizes = sizes.join(", ");
    let sizes = match sizes.rsplit_once(", ") {
        Some((init, last)) => format!("{init} or {last} boards"),
        None => format!("{sizes} board"),
    };
    Some(format!(
        "its \"count\" {} cannot be the solutions of its \"unique\" {unique} classes (each class of {n} queens holds {sizes})",
        record.count
    ))
}
