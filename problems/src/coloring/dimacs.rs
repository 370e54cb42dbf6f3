//! The DIMACS `.col` format of a graph: read ([`Graph`]'s `FromStr`, errors by line and
//! column) and written (its `Display`).

use std::fmt;
use std::str::FromStr;

use super::{Graph, MAX_VERTICES};

/// A DIMACS file that cannot be read: where, and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: expected {expected}")]
pub struct DimacsError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What was expected there, and what was found.
    pub expected: String,
}

/// The words of a line with their 1-based columns, and the column just past the line's
/// end (where a missing word is expected).
fn words(line: &str) -> (Vec<(usize, &str)>, usize) {
    let mut found = Vec::new();
    let mut start = None;
    let mut column = 0;
    for (at, (byte, c)) in line.char_indices().enumerate() {
        column = at + 1;
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((column, byte)),
            (true, Some((col, from))) => {
                found.push((col, &line[from..byte]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((col, from)) = start {
        found.push((col, &line[from..]));
    }
    (found, column + 1)
}

/// Parses the DIMACS `.col` format: `c` comment lines, one problem line `p edge V E` (or
/// `p col V E`) before the edges, then `E` edge lines `e U W` with vertices numbered 1 to
/// `V`. Blank lines are ignored, and an edge given twice is one edge; a loop (`e 3 3`),
/// a vertex out of range, or a number of `e` lines other than `E` is refused.
///
/// ```
/// use backtrack_problems::coloring::Graph;
///
/// let triangle: Graph = "c a triangle\np edge 3 3\ne 1 2\ne 2 3\ne 3 1\n".parse()?;
/// assert_eq!((triangle.vertices(), triangle.edges()), (3, 3));
/// let err = "p edge 3 1\ne 1 4\n".parse::<Graph>().unwrap_err();
/// assert_eq!(err.to_string(), "line 2, column 5: expected a vertex from 1 to 3, found `4`");
/// # Ok::<(), backtrack_problems::coloring::DimacsError>(())
/// ```
impl FromStr for Graph {
    type Err = DimacsError;

    fn from_str(text: &str) -> Result<Self, DimacsError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        // The problem line: its line, the column of E, V and E.
        let mut problem: Option<(usize, usize, usize, usize)> = None;
        let mut edges = Vec::new();
        let mut lines = 0;
        for (index, text) in text.lines().enumerate() {
            lines = index + 1;
            let mut line = Line::new(lines, text);
            let Some((column, kind)) = line.words.next() else {
                continue;
            };
            match kind {
                "c" => continue,
                "p" => {
                    if let Some((first, ..)) = problem {
                        return Err(line.error(
                            column,
                            format!("one `p` line, found a second (the first is line {first})"),
                        ));
                    }
                    let (at, vertices, count) = line.problem()?;
                    problem = Some((lines, at, vertices, count));
                }
                "e" => {
                    let Some((_, _, vertices, _)) = problem else {
                        return Err(line.error(
                            column,
                            "the problem line `p edge V E` before the edges".to_string(),
                        ));
                    };
                    edges.push(line.edge(vertices)?);
                }
                _ => {
                    return Err(line.error(
                        column,
                        format!(
                            "a line starting with `c`, `p` or `e`, found `{}`",
                            crate::text::quote(kind)
                        ),
                    ))
                }
            }
            if let Some((at, word)) = line.words.next() {
                return Err(line.error(
                    at,
                    format!("the end of the line, found `{}`", crate::text::quote(word)),
                ));
            }
        }
        let Some((line, column, vertices, count)) = problem else {
            return Err(DimacsError {
                line: lines + 1,
                column: 1,
                expected: "a problem line `p edge V E`, found the end of the input".to_string(),
            });
        };
        if edges.len() != count {
            return Err(DimacsError {
                line,
                column,
                expected: format!(
                    "{count} `e` {} as this line says, found {}",
                    if count == 1 { "line" } else { "lines" },
                    edges.len()
                ),
            });
        }
        Ok(Graph::new(vertices, edges))
    }
}

/// One line of a DIMACS file, read word by word.
struct Line<'a> {
    number: usize,
    /// The column just past the line's end, where a missing word is expected.
    end: usize,
    words: std::vec::IntoIter<(usize, &'a str)>,
}

impl<'a> Line<'a> {
    fn new(number: usize, text: &'a str) -> Self {
        let (words, end) = words(text);
        Line {
            number,
            end,
            words: words.into_iter(),
        }
    }

    fn error(&self, column: usize, expected: String) -> DimacsError {
        DimacsError {
            line: self.number,
            column,
            expected,
        }
    }

    /// The next word, or an error saying that `what` was expected.
    fn take(&mut self, what: &str) -> Result<(usize, &'a str), DimacsError> {
        self.words
            .next()
            .ok_or_else(|| self.error(self.end, format!("{what}, found the end of the line")))
    }

    /// The rest of a problem line, `edge V E`: the column of E, V and E.
    fn problem(&mut self) -> Result<(usize, usize, usize), DimacsError> {
        let (at, format) = self.take("the format `edge`")?;
        if !matches!(format, "edge" | "edges" | "col") {
            return Err(self.error(
                at,
                format!("the format `edge`, found `{}`", crate::text::quote(format)),
            ));
        }
        let (at, word) = self.take("the number of vertices")?;
        let vertices = whole(word, 0, MAX_VERTICES).ok_or_else(|| {
            self.error(
                at,
                format!(
                    "a number of vertices from 0 to {MAX_VERTICES}, found `{}`",
                    crate::text::quote(word)
                ),
            )
        })?;
        let (at, word) = self.take("the number of edges")?;
        let count = whole(word, 0, usize::MAX).ok_or_else(|| {
            self.error(
                at,
                format!("a number of edges, found `{}`", crate::text::quote(word)),
            )
        })?;
        Ok((at, vertices, count))
    }

    /// The rest of an edge line, `U W`, of a graph on `vertices` vertices: the vertices,
    /// from 0.
    fn edge(&mut self, vertices: usize) -> Result<(usize, usize), DimacsError> {
        let (_, u) = self.vertex(vertices)?;
        let (at, v) = self.vertex(vertices)?;
        if u == v {
            return Err(self.error(
                at,
                format!(
                    "an edge between two vertices, found a loop at vertex {}",
                    u + 1
                ),
            ));
        }
        Ok((u, v))
    }

    /// A vertex from 1 to `vertices`: its column, and the vertex from 0.
    fn vertex(&mut self, vertices: usize) -> Result<(usize, usize), DimacsError> {
        let (at, word) = self.take("a vertex")?;
        whole(word, 1, vertices)
            .map(|v| (at, v - 1))
            .ok_or_else(|| {
                let expected = if vertices == 0 {
                    "no edge: the graph has no vertices".to_string()
                } else {
                    format!(
                        "a vertex from 1 to {vertices}, found `{}`",
                        crate::text::quote(word)
                    )
                };
                self.error(at, expected)
            })
    }
}

/// `word` as a whole number from `min` to `max`.
fn whole(word: &str, min: usize, max: usize) -> Option<usize> {
    if !word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    word.parse().ok().filter(|n| (min..=max).contains(n))
}

impl fmt::Display for Graph {
    /// The graph in the DIMACS format: `p edge V E`, then its edges `e U W`, `U < W`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "p edge {} {}", self.vertices(), self.edges())?;
        for (u, list) in self.adjacency.iter().enumerate() {
            for &v in list.iter().filter(|&&v| v as usize > u) {
                writeln!(f, "e {} {}", u + 1, v + 1)?;
            }
        }
        Ok(())
    }
}
