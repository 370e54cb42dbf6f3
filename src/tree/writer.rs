//! The observer that writes the solution tree out as the search walks it.

use std::io;

use super::walk::{observe_through_walk, Sink, Walk};
use super::{dot, json, text, Cut, Format, Label, Node, Status};
use crate::{Control, Observer, Stats};

/// An observer that writes the solution tree out as the search walks it, keeping nothing
/// but the current path: for trees too big to record. No budget: it writes every node,
/// and stops the search at the first write error (which [`finish`](TreeWriter::finish)
/// returns).
///
/// The formats are those of [`Tree`](super::Tree), with the differences streaming forces:
/// the text form is indented by depth (without box-drawing lines, which need to know
/// whether a node is its parent's last child) and ends with its line of counts; the JSON
/// form is JSON Lines, one entry per line, then a last line
/// `{"end":{"stats":{…},"complete":…,"stopped":…,"cut_off":[…]}}` (`stopped`: why the
/// search stopped, or `null`). A stream without that line was cut off on its way.
///
/// Attach it to a [`Search`](crate::Search) by `&mut`, run the search in any mode, then
/// call [`finish`](TreeWriter::finish), which writes the end of the format and gives the
/// output back: a stream not finished lacks its end (the counts, DOT's closing `}`, JSON's
/// last line). [`show_rejected`](TreeWriter::show_rejected) also writes the attempts the
/// constraints refused, and [`name_stop`](TreeWriter::name_stop) names a stop in the
/// caller's words, as the command line's `--tree-stream` names the signal that stopped it.
///
/// A node is written once its status is known, which is before any of its children; the
/// attempts refused before that are held back until then, so the memory used is bounded
/// by the depth and one node's search range, whatever the tree's size. When the search
/// stops early, the nodes it leaves open were already written as branches:
/// [`finish`](TreeWriter::finish) says which of them are cut off (in DOT by restyling
/// them, in JSON in the last line) and notes that the tree is incomplete.
///
/// ```
/// use backtrack::{tree::{Format, Label, TreeWriter}, Search};
/// # use backtrack::Problem;
///
/// /// Binary strings of length 3 with no two adjacent ones.
/// struct NoAdjacentOnes { bits: Vec<u8> }
/// # impl Problem for NoAdjacentOnes {
/// #     type Op = u8;
/// #     type Ops = std::ops::RangeInclusive<u8>;
/// #     type Solution = ();
/// #     fn operators(&self) -> Self::Ops { 0..=1 }
/// #     fn admissible(&self, op: u8) -> bool { !(op == 1 && self.bits.last() == Some(&1)) }
/// #     fn apply(&mut self, op: u8) { self.bits.push(op) }
/// #     fn undo(&mut self, _: u8) { self.bits.pop(); }
/// #     fn is_complete(&self) -> bool { self.bits.len() == 3 }
/// #     fn solution(&self) {}
/// # }
/// # impl Label for NoAdjacentOnes {
/// #     fn label(&self) -> String { format!("{:?}", self.bits) }
/// #     fn op_label(&self, op: u8) -> String { op.to_string() }
/// # }
///
/// let mut writer = TreeWriter::new(Vec::new(), Format::Json);
/// Search::new(NoAdjacentOnes { bits: vec![] }).observer(&mut writer).count_solutions();
/// assert!(writer.is_complete());
/// let out = String::from_utf8(writer.finish()?).unwrap();
/// let lines: Vec<&str> = out.lines().collect();
/// assert_eq!(lines.len(), 11 + 1); // a line a node, then the end
/// assert!(lines[3].contains(r#""label":"[0, 0, 0]","status":"solution""#));
/// assert!(lines[11].starts_with(r#"{"end":{"stats":{"nodes":11,"solutions":5,"#));
/// assert!(lines[11].ends_with(r#""complete":true,"stopped":null,"cut_off":[]}}"#));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct TreeWriter<W: io::Write> {
    walk: Walk<Stream<W>>,
    /// The stop in the caller's words, if it named it: its JSON key, and the words of the
    /// note.
    stop_name: Option<(String, String)>,
}

/// The writer's output, and what it holds back until a node's status is known.
#[derive(Debug)]
struct Stream<W> {
    out: W,
    format: Format,
    /// The last node entered, until its status is known.
    pending: Option<Node>,
    /// Attempts refused under the pending node, already rendered.
    held: String,
    /// Attempts shown so far: in DOT, the `n`-th is named `a{n}`.
    attempts: u64,
    started: bool,
    error: Option<io::Error>,
}

impl<W: io::Write> Stream<W> {
    fn write(&mut self, text: &str) {
        if self.error.is_none() {
            if let Err(err) = self.out.write_all(text.as_bytes()) {
                self.error = Some(err);
            }
        }
    }

    /// Writes the opening of the format, once, before anything else.
    fn start(&mut self) {
        if !self.started {
            self.started = true;
            if self.format == Format::Dot {
                self.write(dot::HEADER);
            }
        }
    }

    fn render(&self, node: &Node) -> String {
        let mut line = String::new();
        match self.format {
            Format::Text => text::stream_entry(&mut line, node),
            Format::Dot => {
                let _ = dot::entry(&mut line, node, self.attempts);
            }
            Format::Json => {
                line = json::entry(node);
                line.push('\n');
            }
        }
        line
    }

    /// Writes the pending node, if any, with `status`, then the attempts held back.
    fn flush_pending(&mut self, status: Status) {
        if let Some(mut node) = self.pending.take() {
            node.status = status;
            let line = self.render(&node);
            self.write(&line);
            let held = std::mem::take(&mut self.held);
            self.write(&held);
            self.held = held;
            self.held.clear();
        }
    }
}

impl<W: io::Write> Sink for Stream<W> {
    fn open(&mut self, node: Node) -> bool {
        self.start();
        // The pending node is the parent, which has a child: it is a branch.
        self.flush_pending(Status::Branch);
        self.pending = Some(node);
        self.error.is_none()
    }

    fn attempt(&mut self, node: Node) -> bool {
        self.start();
        self.attempts += 1;
        let line = self.render(&node);
        if self.pending.is_some() {
            self.held.push_str(&line);
        } else {
            self.write(&line);
        }
        self.error.is_none()
    }

    fn settle(&mut self, status: Status) {
        self.flush_pending(status);
    }
}

impl<W: io::Write> TreeWriter<W> {
    /// A writer of `format` to `out`, showing pruned attempts but not rejected ones. Give it a
    /// buffered writer: it writes a line at a time.
    pub fn new(out: W, format: Format) -> Self {
        TreeWriter {
            walk: Walk::new(Stream {
                out,
                format,
                pending: None,
                held: String::new(),
                attempts: 0,
                started: false,
                error: None,
            }),
            stop_name: None,
        }
    }

    /// Also writes the operators refused by the constraints, as unnumbered attempts.
    #[must_use]
    pub fn show_rejected(mut self) -> Self {
        self.walk.shown.rejected = true;
        self
    }

    /// The counts of what was written so far (no time: [`Stats::elapsed`] is zero).
    pub fn stats(&self) -> &Stats {
        self.walk.stats()
    }

    /// Is the tree written so far the whole tree of a search that ran to its end? False
    /// before the search, while it runs, if it was stopped (by a limit, a cancellation or
    /// an observer) and after a write error.
    pub fn is_complete(&self) -> bool {
        self.walk.is_complete()
    }

    /// Names why the search stopped in the caller's words: `key` for the JSON form's last
    /// line (`stopped`), `words` for the note that ends the text and DOT forms (which
    /// signal cancelled it, say, where the engine only knows
    /// [`StopReason::Cancelled`](crate::StopReason)). No effect if the tree is complete.
    pub fn name_stop(&mut self, key: impl Into<String>, words: impl Into<String>) {
        self.stop_name = Some((key.into(), words.into()));
    }

    /// Ends the stream, and gives back the writer, or the first write error.
    ///
    /// Writes what is still held back (the node left open by a stopped search, cut off),
    /// then the end of the format: for text, the line of counts; for DOT, the nodes cut off
    /// restyled, the counts as a comment and the closing brace; for JSON, the last line with
    /// the counts, whether the tree is complete and the nodes cut off. For text and DOT a
    /// stopped search's tree ends with a note that it is incomplete.
    pub fn finish(self) -> io::Result<W> {
        let complete = self.walk.is_complete();
        let stopped = self.walk.stopped().filter(|_| !complete);
        let cut = (!complete).then_some(Cut::Stopped(stopped));
        let (key, name) = match self.stop_name.filter(|_| !complete) {
            Some((key, words)) => (Some(key), Some(words)),
            None => (stopped.map(super::stop_key), None),
        };
        let (stats, shown) = (*self.walk.stats(), self.walk.shown);
        let cut_off: Vec<u64> = self.walk.cut_off().collect();
        let mut stream = self.walk.sink;
        stream.start();
        stream.flush_pending(Status::CutOff);
        let end = match stream.format {
            Format::Text => text::stream_end(&stats, shown, cut, name.as_deref()),
            Format::Dot => {
                dot::stream_end(&stats, shown, cut, name.as_deref(), cut_off.into_iter())
            }
            Format::Json => json::stream_end(&stats, complete, key, cut_off.into_iter()),
        };
        stream.write(&end);
        if let Some(err) = stream.error {
            return Err(err);
        }
        stream.out.flush()?;
        Ok(stream.out)
    }
}

observe_through_walk!(impl<W: io::Write> for TreeWriter<W>);
