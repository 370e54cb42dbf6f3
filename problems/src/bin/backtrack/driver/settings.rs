//! The driver's [`Settings`]: the flags every subcommand shares, given as plain values
//! (the command line's own types stay in `args`), and checked against each other before
//! any input is read: a combination that cannot mean anything is refused in one line
//! naming the flags.

use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Result;
use backtrack::split::Share;

use super::Mode;

/// The largest `--tree-budget`: about 200 bytes an entry with short labels, so about a
/// gigabyte of memory.
pub const MAX_TREE_BUDGET: u64 = 5_000_000;

/// The flags of a search, as plain values: see [`Settings::new`].
#[derive(Clone, Copy, Debug)]
pub struct Flags {
    /// What to search for.
    pub mode: Mode,
    /// `--threads N`.
    pub threads: Option<usize>,
    /// `--time-limit`.
    pub time: Option<Duration>,
    /// `--node-limit`.
    pub nodes: Option<u64>,
    /// `--quiet`: no progress line.
    pub quiet: bool,
    /// `--stats`.
    pub stats: bool,
    /// Is the output (and `--stats`) JSON?
    pub json: bool,
    /// `--estimate`: its probes and their seed.
    pub estimate: Option<(u32, u64)>,
    /// `--tree` and its options.
    pub tree: Option<Tree>,
}

/// `--tree` and its options.
#[derive(Clone, Copy, Debug)]
pub struct Tree {
    /// `--tree-format`.
    pub format: TreeFormat,
    /// `--tree-rejected`: show the attempts refused by the constraints.
    pub rejected: bool,
    /// `--tree-budget`: the most entries recorded.
    pub budget: u64,
    /// `--tree-stream`: written as the search finds the nodes.
    pub stream: bool,
}

/// `--tree-format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TreeFormat {
    /// An indented tree with box-drawing lines, one node per line.
    Text,
    /// Graphviz: render with `dot -Tsvg`.
    Dot,
    /// JSON: the nodes and the counts.
    Json,
    /// One self-contained HTML page: the tree drawn, and the search replayed on it.
    Html,
}

impl TreeFormat {
    /// The format as the engine streams it; `None` for HTML, which is written whole from
    /// a recorded tree.
    pub fn streamed(self) -> Option<backtrack::tree::Format> {
        match self {
            TreeFormat::Text => Some(backtrack::tree::Format::Text),
            TreeFormat::Dot => Some(backtrack::tree::Format::Dot),
            TreeFormat::Json => Some(backtrack::tree::Format::Json),
            TreeFormat::Html => None,
        }
    }
}

/// How a count is shared out, and where a search keeps its checkpoint, as plain values:
/// see [`Settings::sharing`].
#[derive(Clone, Debug, Default)]
pub struct Sharing {
    /// `--part K --parts N`, as `(K, N)`.
    pub part: Option<(usize, usize)>,
    /// `--mpi`.
    pub mpi: bool,
    /// `--checkpoint FILE`.
    pub checkpoint: Option<PathBuf>,
    /// `--resume FILE`.
    pub resume: Option<PathBuf>,
}

/// The driver's flags, checked before any input is read.
#[derive(Debug)]
pub struct Settings {
    /// The flags, `threads` at most the cores.
    pub(super) flags: Flags,
    /// `--checkpoint FILE` or `--resume FILE` of a count on this machine.
    pub(super) checkpoint: Option<PathBuf>,
    /// Which of the two: how errors name the file.
    pub(super) checkpoint_flag: &'static str,
    pub(super) spread: Spread,
    /// `--threads` asked for more threads than the cores, `(asked, cores)`: said on stderr
    /// when the search starts.
    pub(super) capped: Option<(usize, usize)>,
}

/// How a count is shared, if it is.
#[derive(Clone, Debug, Default)]
pub(super) enum Spread {
    /// Not: one run counts it all.
    #[default]
    Alone,
    /// One part of a count in parts (`--parts N --part K`).
    Part(Share),
    /// Across the ranks of an MPI job (`--mpi`), with its `--checkpoint` file if any
    /// (only refused without the `mpi` feature).
    Mpi(#[cfg_attr(not(feature = "mpi"), allow(dead_code))] Option<PathBuf>),
}

impl Settings {
    /// Checks that the shared `flags` mean something together: more than one thread
    /// (`--threads`) applies to searches without the budgets that only search order keeps
    /// exact, and not to the tree.
    pub fn new(flags: &Flags) -> Result<Self> {
        check_estimate(flags)?;
        check_threads(flags)?;
        // Threads past the cores only take turns on them, which costs time: every search
        // runs on at most the cores this process may use (an MPI rank, those of its node).
        // The cores are asked only of a run that asks for more than one thread: asking
        // reads several files (the cgroup's quota), a good part of what a short run costs.
        // (One thread is never more than the cores.)
        let threads = flags.threads.map(|asked| {
            let cores = if asked > 1 {
                std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
            } else {
                asked
            };
            (asked, cores)
        });
        let capped = threads.filter(|&(asked, cores)| asked > cores);
        Ok(Settings {
            flags: Flags {
                threads: threads.map(|(asked, cores)| asked.min(cores)),
                ..*flags
            },
            checkpoint: None,
            checkpoint_flag: "--checkpoint",
            spread: Spread::Alone,
            capped,
        })
    }

    /// Adds the part of a count in parts that `--parts N --part K` ask for, or the count
    /// across MPI ranks of `--mpi`, and the checkpoint, checked against the mode: only a
    /// whole count (no `--limit`, no `--node-limit`) is shared.
    pub fn sharing(mut self, sharing: &Sharing) -> Result<Self> {
        if let Some(path) = sharing.checkpoint.as_ref().or(sharing.resume.as_ref()) {
            let flag = if sharing.resume.is_some() {
                "--resume"
            } else {
                "--checkpoint"
            };
            match self.flags.mode {
                _ if self.flags.estimate.is_some() => anyhow::bail!(
                    "{flag} applies to a count: --estimate counts nothing"
                ),
                _ if self.flags.nodes.is_some() => anyhow::bail!(
                    "{flag} cannot be used with --node-limit: a search that goes on from a checkpoint has no budget of its own"
                ),
                Mode::List { .. } | Mode::Best if self.flags.threads.is_some_and(|n| n > 1) => {
                    let search = if self.flags.mode == Mode::Best {
                        "a branch and bound"
                    } else {
                        "a listing"
                    };
                    anyhow::bail!(
                        "--threads cannot be used with {flag}: {search} with a checkpoint runs on one thread, in search order (its position is one path of the tree)"
                    )
                }
                Mode::Count { limit: None } | Mode::List { .. } | Mode::Best => {}
                Mode::Count { limit: Some(_) } => anyhow::bail!(
                    "{flag} cannot be used with --count --limit: a count with a checkpoint counts every solution"
                ),
            }
            match std::fs::metadata(path) {
                Err(_) if sharing.resume.is_some() => anyhow::bail!(
                    "--resume {}: no such file (--checkpoint FILE makes one)",
                    path.display()
                ),
                Ok(meta) if !meta.is_file() => anyhow::bail!(
                    "{flag} {}: not a regular file (a checkpoint is a file of its own)",
                    path.display()
                ),
                Ok(meta) if meta.len() == 0 && sharing.resume.is_some() => anyhow::bail!(
                    "--resume {}: the file is empty: it is not a checkpoint",
                    path.display()
                ),
                Ok(_) | Err(_) => {}
            }
            check_writable(flag, path)?;
            self.checkpoint = Some(path.clone());
            self.checkpoint_flag = flag;
        }
        if self.flags.estimate.is_some() && (sharing.mpi || sharing.part.is_some()) {
            let flag = if sharing.mpi { "--mpi" } else { "--parts" };
            anyhow::bail!("{flag} applies to a count: --estimate counts nothing (it estimates the whole count)");
        }
        if sharing.mpi {
            self.whole_count("--mpi", "--mpi applies", "the ranks count every solution")?;
            if !cfg!(feature = "mpi") {
                anyhow::bail!("--mpi needs backtrack built with MPI: cargo build --release --features mpi (with Open MPI installed)");
            }
            self.spread = Spread::Mpi(self.checkpoint.take());
        }
        let Some((part, parts)) = sharing.part else {
            return Ok(self);
        };
        self.whole_count(
            "--parts",
            "--parts and --part apply",
            "every part counts the whole of its share",
        )?;
        let share = Share::new(part, parts).ok_or_else(|| {
            anyhow::anyhow!("--part {part} is past --parts {parts}: the parts are 1 to {parts}")
        })?;
        self.spread = Spread::Part(share);
        Ok(self)
    }

    /// Refuses `flag` (which `applies` to counts) unless the run counts every solution,
    /// `why` it must.
    fn whole_count(&self, flag: &str, applies: &str, why: &str) -> Result<()> {
        match self.flags.mode {
            Mode::Count { limit: None } if self.flags.nodes.is_some() => {
                anyhow::bail!("{flag} cannot be used with --node-limit: {why}")
            }
            Mode::Count { limit: None } => Ok(()),
            Mode::Count { limit: Some(_) } => {
                anyhow::bail!("{flag} cannot be used with --count --limit: {why}")
            }
            _ => anyhow::bail!("{applies} to counts (--count)"),
        }
    }

    /// Settings for a subcommand that searches nothing (merge): text or `json` output.
    pub fn plain(json: bool) -> Self {
        Settings {
            flags: Flags {
                mode: Mode::Count { limit: None },
                threads: None,
                time: None,
                nodes: None,
                quiet: true,
                stats: false,
                json,
                estimate: None,
                tree: None,
            },
            checkpoint: None,
            checkpoint_flag: "--checkpoint",
            spread: Spread::Alone,
            capped: None,
        }
    }

    /// The mode the flags ask for.
    pub fn mode(&self) -> Mode {
        self.flags.mode
    }

    /// Refuses a whole `--count` (no `--limit`, `--time-limit`, `--node-limit` or
    /// `--estimate`, each of which makes a partial count) whose answer, known up front by
    /// the subcommand, is more than the 64 bits a count is kept in: counting one by one,
    /// it would run for ages and end in a number it cannot hold. `count` gives the
    /// number of `things` (`u128::MAX` standing for more), or `None` if not known.
    pub fn refuse_count_past_u64(
        &self,
        count: impl FnOnce() -> Option<u128>,
        things: &str,
    ) -> Result<()> {
        let partial = self.flags.time.is_some()
            || self.flags.nodes.is_some()
            || self.flags.estimate.is_some();
        if self.flags.mode != (Mode::Count { limit: None }) || partial {
            return Ok(());
        }
        match count() {
            Some(count) if count > u128::from(u64::MAX) => {
                let count = if count == u128::MAX {
                    "more than 2^128".to_string()
                } else {
                    count.to_string()
                };
                anyhow::bail!(
                    "--count: there are {count} {things}, more than a count holds ({}): add --limit K to count at most K, or --time-limit",
                    u64::MAX
                )
            }
            _ => Ok(()),
        }
    }
}

/// Fails, before any search, if the checkpoint `path` (given to `flag`) could not be
/// written: its directory missing or not a directory, or no file can be made in it (a
/// checkpoint is saved by a file made beside it and renamed over it, or appended to).
/// Found only at the first save, it would end a run that had searched, with exit status 4.
fn check_writable(flag: &str, path: &Path) -> Result<()> {
    let shown = path.display();
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    match std::fs::metadata(dir) {
        Ok(meta) if meta.is_dir() => {}
        Ok(_) => anyhow::bail!("{flag} {shown}: {} is not a directory", dir.display()),
        Err(err) if err.kind() == io::ErrorKind::NotFound => anyhow::bail!(
            "{flag} {shown}: there is no directory {} (make it first)",
            dir.display()
        ),
        Err(err) => anyhow::bail!(
            "{flag} {shown}: cannot reach the directory {}: {err}",
            dir.display()
        ),
    }
    // A file of this run's own, made and removed: no other run's file is touched.
    let probe = dir.join(format!(
        ".{}.{}.probe",
        path.file_name().unwrap_or_default().to_string_lossy(),
        std::process::id()
    ));
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
    {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
        }
        Err(err) if err.kind() == io::ErrorKind::AlreadyExists => {}
        Err(err) => anyhow::bail!(
            "{flag} {shown}: cannot make a file in {}: {err}",
            dir.display()
        ),
    }
    if path.exists() {
        std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|err| anyhow::anyhow!("{flag} {shown}: cannot write it: {err}"))?;
    }
    Ok(())
}

/// Refuses the flags that `--estimate` cannot honour: a limit or `--stats` of a search
/// it does not run, and a search that stops at its first solution by default.
fn check_estimate(flags: &Flags) -> Result<()> {
    let Flags {
        mode,
        time,
        nodes,
        stats,
        estimate,
        ..
    } = *flags;
    if estimate.is_none() {
        return Ok(());
    }
    let refused = if time.is_some() {
        Some("--time-limit")
    } else if nodes.is_some() {
        Some("--node-limit")
    } else if stats {
        Some("--stats")
    } else {
        None
    };
    if let Some(flag) = refused {
        anyhow::bail!(
            "{flag} applies to a search: --estimate runs only a short sample of the search"
        );
    }
    // A subcommand that looks for one solution by default (knights-tour): the
    // search ends at its first solution, which the probes cannot foresee.
    if let Mode::List { limit: Some(_) } = mode {
        anyhow::bail!("--estimate estimates a whole search: this one stops at its first solution by default; add --all or --count");
    }
    Ok(())
}

/// Refuses more than one thread (`--threads`) where it does not apply: to the budgets
/// that only search order keeps exact, to the tree, and to the estimate of a listing or
/// a best.
fn check_threads(flags: &Flags) -> Result<()> {
    let Flags {
        mode,
        threads,
        nodes,
        estimate,
        tree,
        ..
    } = *flags;
    let Some(threads) = threads else {
        return Ok(());
    };
    match (mode, tree.is_some()) {
        // The serial search: --threads 1 says so wherever it runs.
        _ if threads == 1 => {}
        (Mode::Count { limit: Some(_) }, _) => anyhow::bail!(
            "--threads cannot be used with --count --limit: a count capped at K solutions runs on one thread, in search order"
        ),
        (_, true) => anyhow::bail!(
            "--threads cannot be used with --tree: the tree is recorded on one thread, in search order"
        ),
        (Mode::Count { limit: None }, false) if nodes.is_some() => anyhow::bail!(
            "--threads cannot be used with --node-limit: a count with a node budget runs on one thread, in search order, where the budget is exact"
        ),
        (Mode::List { .. }, false) if nodes.is_some() => anyhow::bail!(
            "--threads cannot be used with --node-limit: a listing with a node budget runs on one thread, in search order, where the budget is exact"
        ),
        (Mode::Best, false) if nodes.is_some() => anyhow::bail!(
            "--threads cannot be used with --node-limit: a branch and bound with a node budget runs on one thread, in search order, where the budget is exact"
        ),
        (Mode::List { .. } | Mode::Best, false) if estimate.is_some() => anyhow::bail!(
            "--threads cannot be used with --estimate of a listing or a best: it estimates the search on one thread (--count --estimate estimates on threads)"
        ),
        (_, false) => {}
    }
    Ok(())
}
