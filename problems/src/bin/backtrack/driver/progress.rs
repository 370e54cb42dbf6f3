//! The progress line on stderr: an `indicatif` bar when the fraction done is known (the
//! nodes against an estimate of the tree's size, or else the parts of a split count), a
//! spinner otherwise, read from the engine's [`Meter`] by a thread of its own. A run
//! expected to take more than a minute says so, a second in.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use backtrack::progress::{Meter, Reading};
use console::Term;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

/// How often the thread looks whether the search is done.
const TICK: Duration = Duration::from_millis(20);
/// How often the line is redrawn.
const REDRAW: Duration = Duration::from_millis(200);

/// A running progress line, if one is shown; [`Progress::finish`] clears it. Nothing
/// (no meter, no flag, no thread) when none is: a file of many puzzles starts one a
/// puzzle.
pub struct Progress(Option<Shown>);

/// What a shown line holds: the meter the search publishes to, the flag that tells its
/// thread to stop, and the thread, if it could be started.
struct Shown {
    meter: Meter,
    done: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Progress {
    /// Nothing to show.
    pub fn none() -> Self {
        Progress(None)
    }

    /// Starts the line if `show`; `expected`: the nodes the search is expected to visit.
    pub fn start(show: bool, expected: Option<f64>) -> Self {
        if !show {
            return Self::none();
        }
        let meter = Meter::new();
        let done = Arc::new(AtomicBool::new(false));
        let (reader, finished) = (meter.clone(), done.clone());
        let thread = std::thread::Builder::new()
            .name("progress".into())
            .spawn(move || draw(&reader, &finished, expected))
            .ok();
        Progress(Some(Shown {
            meter,
            done,
            thread,
        }))
    }

    /// The meter searches publish to, if a line reads it.
    pub fn meter(&self) -> Option<&Meter> {
        self.0.as_ref().map(|shown| &shown.meter)
    }

    /// Clears the line, before the results and notes are printed.
    pub fn finish(self) {
        let Some(shown) = self.0 else {
            return;
        };
        shown.done.store(true, Ordering::SeqCst);
        if let Some(thread) = shown.thread {
            let _ = thread.join();
        }
    }
}

/// Positions of the bar when the fraction done comes from the estimate.
const STEPS: u64 = 1000;
/// How long a run may be expected to take without a word.
const LONG: Duration = Duration::from_secs(60);
/// When to say that a run is long: after this much of it.
const SAY_AFTER: Duration = Duration::from_secs(1);

fn draw(meter: &Meter, done: &AtomicBool, expected: Option<f64>) {
    let start = Instant::now();
    let mut warned = false;
    let term = Term::stderr();
    let target = ProgressDrawTarget::term_like(Box::new(Narrow(term.clone())));
    let bar = ProgressBar::with_draw_target(None, target);
    let mut last_draw = Instant::now();
    let mut template = String::new();
    // The nodes searched before this run, as last read: when they come in, the bar jumps
    // to where the earlier runs left it, and its time left starts again from there.
    let mut earlier = 0;
    while !done.load(Ordering::SeqCst) {
        std::thread::sleep(TICK);
        if last_draw.elapsed() < REDRAW {
            continue;
        }
        last_draw = Instant::now();
        let reading = meter.read();
        let fraction = expected.map(|total| fraction(reading.nodes, total));
        let width = usize::from(Narrow(term.clone()).width());
        let known = fraction.is_some() || reading.parts.is_some();
        let mut line = Line::fit(width, known, &reading, start.elapsed());
        // No time left before the bar has moved from where this run began: indicatif has
        // no rate to tell it by, and would say 0s.
        let step = |f: f64| (f * STEPS as f64) as u64;
        let moved = fraction.map_or(reading.parts.is_some_and(|(done, _)| done > 0), |f| {
            step(f) > step(fraction_of(reading.earlier, expected))
        });
        if !moved {
            line.template = line.template.replace("{eta:>4}", "    ");
        }
        // The style first: a bar drawn before it would be indicatif's default one.
        if line.template != template {
            template = line.template;
            if let Ok(style) = ProgressStyle::with_template(&template) {
                bar.set_style(style.progress_chars("=> "));
            }
        }
        if let Some(fraction) = fraction {
            bar.set_length(STEPS);
            bar.set_position(step(fraction));
            if reading.earlier != earlier {
                earlier = reading.earlier;
                bar.reset_eta();
            }
            if !warned && start.elapsed() >= SAY_AFTER {
                warned = true;
                let before = fraction_of(reading.earlier, expected);
                if let Some(note) = long_run((before, fraction), start.elapsed(), expected) {
                    // On a line of its own above the bar.
                    bar.suspend(|| eprintln!("{note}"));
                }
            }
        } else if let Some((parts_done, total)) = reading.parts {
            bar.set_length(total);
            bar.set_position(parts_done);
        }
        bar.set_message(line.message);
        bar.tick();
    }
    bar.finish_and_clear();
}

/// The fraction of an expected `total` that `nodes` make, short of 1 (the estimate may be
/// low: the bar stays short of its end until the search ends).
fn fraction(nodes: u64, total: f64) -> f64 {
    (nodes as f64 / total.max(1.0)).clamp(0.0, 0.99)
}

/// [`fraction`] of an `expected` total, if there is one (0 if not).
fn fraction_of(nodes: u64, expected: Option<f64>) -> f64 {
    expected.map_or(0.0, |total| fraction(nodes, total))
}

/// What to say of a run that went from `before` done (what earlier runs of a resumed
/// count did) to `now` done in `elapsed`, if it is expected to take more than a minute in
/// all.
fn long_run((before, now): (f64, f64), elapsed: Duration, expected: Option<f64>) -> Option<String> {
    if now <= before {
        return None;
    }
    let total = elapsed.as_secs_f64() * (1.0 - before) / (now - before);
    if total < LONG.as_secs_f64() {
        return None;
    }
    // Past what a duration holds, the estimate says nothing worth a figure of years.
    let when = if total < 1e15 {
        format!(
            "about {}",
            backtrack::stats::Elapsed(Duration::from_secs_f64(total))
        )
    } else {
        "more than 30 million years".to_string()
    };
    Some(format!(
        "backtrack: this run is expected to take {when} ({} nodes estimated); Ctrl-C stops it and prints what it found",
        short(expected.unwrap_or(0.0))
    ))
}

/// Standard error as a terminal two columns narrower than it is. indicatif pads its line
/// with spaces to the terminal's width, which leaves the cursor past the last column; the
/// terminal's echo of Ctrl-C (`^C`) then wraps to a new line, and the line indicatif clears
/// at the end is that one, not the progress line. Two columns spare keep `^C` on it.
#[derive(Debug)]
struct Narrow(Term);

impl TermLike for Narrow {
    fn width(&self) -> u16 {
        self.0.size().1.saturating_sub(2)
    }
    fn height(&self) -> u16 {
        self.0.size().0
    }
    fn move_cursor_up(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_up(n)
    }
    fn move_cursor_down(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_down(n)
    }
    fn move_cursor_right(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_right(n)
    }
    fn move_cursor_left(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_left(n)
    }
    fn write_line(&self, s: &str) -> io::Result<()> {
        self.0.write_line(s)
    }
    fn write_str(&self, s: &str) -> io::Result<()> {
        self.0.write_str(s)
    }
    fn clear_line(&self) -> io::Result<()> {
        self.0.clear_line()
    }
    fn flush(&self) -> io::Result<()> {
        self.0.flush()
    }
}

/// The progress line for a terminal of some width: indicatif's template (the spinner, the
/// elapsed time, the bar and percentage when the fraction done is known) and the message,
/// parts dropped as the width shrinks. The widest: `⠁   5s [====>               ]  25%
///   3m 211.0G nodes, 95.1M/s, 14.8M solutions`, 84 columns.
#[derive(Debug, PartialEq, Eq)]
struct Line {
    template: String,
    message: String,
    /// The most columns it takes.
    columns: usize,
}

/// The spinner and the elapsed time (`{elapsed:>4}`: `59s`, `12m`, `3h`) and a space.
const PREFIX: usize = 7;
/// The percentage and the time left, `{percent:>3}% {eta:>4} `.
const PERCENT: usize = 10;
/// The widest bar, and the narrowest worth drawing.
const BAR: (usize, usize) = (20, 8);

impl Line {
    /// The line for `width` columns: the whole message, else without the rate, else the
    /// nodes alone, each with a bar of 20 columns or narrower, else with the percentage
    /// alone; else the spinner and the elapsed time.
    fn fit(width: usize, fraction: bool, reading: &Reading, elapsed: Duration) -> Line {
        let messages = messages(reading, elapsed);
        let spinner = |message: &String, extra: &str, columns| Line {
            template: format!("{{spinner}} {{elapsed:>4}} {extra}{{msg}}"),
            message: message.clone(),
            columns,
        };
        if fraction {
            for message in &messages {
                let room = width.saturating_sub(PREFIX + 3 + PERCENT + message.len());
                if room >= BAR.1 {
                    let bar = room.min(BAR.0);
                    let extra = format!("[{{bar:{bar}}}] {{percent:>3}}% {{eta:>4}} ");
                    return spinner(message, &extra, PREFIX + bar + 3 + PERCENT + message.len());
                }
                if PREFIX + PERCENT + message.len() <= width {
                    let columns = PREFIX + PERCENT + message.len();
                    return spinner(message, "{percent:>3}% {eta:>4} ", columns);
                }
            }
        } else {
            for message in &messages {
                if PREFIX + message.len() <= width {
                    return spinner(message, "", PREFIX + message.len());
                }
            }
        }
        Line {
            template: "{spinner}".to_string(),
            message: String::new(),
            columns: 1,
        }
    }
}

/// The message at three lengths: [`message`]; without the rate; the nodes alone.
fn messages(reading: &Reading, elapsed: Duration) -> [String; 3] {
    let nodes = short(reading.nodes as f64);
    let shorter = match solutions(reading) {
        Some(solutions) => format!("{nodes} nodes, {} solutions", short(solutions as f64)),
        None => format!("{nodes} nodes"),
    };
    [message(reading, elapsed), shorter, format!("{nodes} nodes")]
}

/// The solutions the line shows: those the count has found (a count by symmetry weighs
/// each board it reaches), or the complete states the search reached when the count says
/// nothing of its own; none while a count that says its own has counted none yet. (A
/// count by half boards reaches halves, not solutions: it says 0 at its start, and its
/// solutions once its joins have counted some, so that the figure is always solutions
/// counted, never halves.)
fn solutions(reading: &Reading) -> Option<u64> {
    match reading.found {
        Some(0) => None,
        Some(found) => Some(found),
        None => Some(reading.solutions),
    }
}

/// `211.0G nodes, 95.1M/s, 14.8M solutions`: at most 44 characters; without the
/// solutions while a count has counted none of its own (see [`solutions`]).
pub fn message(reading: &Reading, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64();
    // This run's speed: the nodes of earlier runs were searched before it began.
    let rate = if secs > 0.0 {
        reading.nodes.saturating_sub(reading.earlier) as f64 / secs
    } else {
        0.0
    };
    let speed = format!("{} nodes, {}/s", short(reading.nodes as f64), short(rate));
    match solutions(reading) {
        Some(solutions) => format!("{speed}, {} solutions", short(solutions as f64)),
        None => speed,
    }
}

/// A number in at most 6 characters: `999`, `12.3k`, `4.5M`, `211.0G`, `18.4E`, `>1000E`.
fn short(n: f64) -> String {
    const UNITS: [&str; 6] = ["k", "M", "G", "T", "P", "E"];
    if n < 1000.0 {
        return format!("{n:.0}");
    }
    let mut value = n;
    let mut unit = 0;
    value /= 1000.0;
    while value >= 999.95 && unit + 1 < UNITS.len() {
        value /= 1000.0;
        unit += 1;
    }
    if value >= 999.95 {
        return ">1000E".to_string();
    }
    format!("{value:.1}{}", UNITS[unit])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_run_is_announced_and_a_short_one_not() {
        assert!((fraction(50, 100.0) - 0.5).abs() < 1e-9);
        assert!(
            (fraction(500, 100.0) - 0.99).abs() < 1e-9,
            "short of the end"
        );
        // 1% in 1 s: 100 s in all.
        let note = long_run((0.0, 0.01), Duration::from_secs(1), Some(2.5e9)).unwrap();
        assert!(
            note.contains("about 1m 40s (2.5G nodes estimated)"),
            "{note}"
        );
        // 1 ppm in 1 s: about 11.6 days, in days and hours.
        let note = long_run((0.0, 1e-6), Duration::from_secs(1), Some(1e12)).unwrap();
        assert!(note.contains("about 11d 14h"), "{note}");
        assert_eq!(
            long_run((0.0, 0.05), Duration::from_secs(1), Some(1e6)),
            None
        );
        assert_eq!(
            long_run((0.0, 0.0), Duration::from_secs(1), Some(1e6)),
            None
        );
        // Resumed with half done: 1% more in 1 s leaves 49 s, 50 s in all for this run
        // (not 2 s, as if this run had done the first half).
        let note = long_run((0.5, 0.51), Duration::from_secs(1), Some(1e9));
        assert_eq!(note, None);
        let note = long_run((0.5, 0.505), Duration::from_secs(1), Some(1e9)).unwrap();
        assert!(note.contains("about 1m 40s"), "{note}");
        // Past what a duration holds (queens 65 --count): no "about more than".
        let note = long_run((0.0, 1e-18), Duration::from_secs(1), Some(1e25)).unwrap();
        assert!(
            note.contains("expected to take more than 30 million years"),
            "{note}"
        );
    }

    #[test]
    fn the_speed_is_this_run_s() {
        let resumed = Reading {
            nodes: 5_000_000,
            solutions: 0,
            found: None,
            parts: None,
            earlier: 4_000_000,
        };
        assert_eq!(
            message(&resumed, Duration::from_secs(2)),
            "5.0M nodes, 500.0k/s, 0 solutions"
        );
    }

    /// A count by half boards says 0 found at its start: no solution figure (its searches
    /// reach halves, not solutions) until its joins have counted some.
    #[test]
    fn no_solution_figure_until_a_count_of_its_own_has_counted_some() {
        let halves = Reading {
            nodes: 5_000_000,
            solutions: 700_000,
            found: Some(0),
            parts: None,
            earlier: 0,
        };
        let second = Duration::from_secs(1);
        assert_eq!(message(&halves, second), "5.0M nodes, 5.0M/s");
        assert_eq!(messages(&halves, second)[1], "5.0M nodes");
        let joined = Reading {
            found: Some(92),
            ..halves
        };
        assert_eq!(message(&joined, second), "5.0M nodes, 5.0M/s, 92 solutions");
    }

    #[test]
    fn the_progress_line_fits_the_terminal() {
        let worst = Reading {
            nodes: u64::MAX,
            solutions: u64::MAX,
            found: Some(u64::MAX),
            parts: Some((u64::MAX, u64::MAX)),
            earlier: 0,
        };
        let text = message(&worst, Duration::from_nanos(1));
        assert!(text.chars().count() <= 44, "{text}");
        assert_eq!(short(999.0), "999");
        assert_eq!(short(12_345.0), "12.3k");
        assert_eq!(short(211.0e9), "211.0G");
        for fraction in [false, true] {
            for width in 0..=200 {
                let line = Line::fit(width, fraction, &worst, Duration::from_nanos(1));
                assert!(line.columns <= width.max(1), "{width}: {line:?}");
                assert!(ProgressStyle::with_template(&line.template).is_ok());
            }
        }
        // 78 columns (80 less the two kept spare) show everything, a 20-column bar too.
        let full = Line::fit(78, true, &worst, Duration::from_nanos(1));
        assert_eq!(full.message, text);
        assert!(full.template.contains("{bar:20}"), "{full:?}");
        // 48 (a terminal of 50): the percentage without the bar, the message without the
        // rate.
        let narrow = Line::fit(48, true, &worst, Duration::from_nanos(1));
        assert_eq!(narrow.message, "18.4E nodes, 18.4E solutions");
        assert_eq!(
            narrow.template,
            "{spinner} {elapsed:>4} {percent:>3}% {eta:>4} {msg}"
        );
    }
}
