//! Exact cover by dancing links: against a plain Algorithm X on sets and brute force over
//! every subset of options (random small problems, with secondary items and colours), the
//! serial, parallel and resumed searches alike, the families against their own solvers
//! and known counts, and the parser's errors.

use std::collections::{BTreeMap, BTreeSet};

use backtrack::{parallel, Limits, ParallelLimits, Search, SplitDepth, Stats};
use backtrack_problems::exact_cover::generate::{self, GenerateError};
use backtrack_problems::exact_cover::{BuildError, Builder, ExactCover, Likeness, ParseError};
use backtrack_problems::queens::BitQueens;
use backtrack_problems::sudoku::{read_puzzles, Grid};
use proptest::prelude::*;

/// A small problem: `primary` primary items (0..primary), then `secondary` secondary ones,
/// and options as lists of (item, colour), colour 0 for none.
#[derive(Clone, Debug)]
struct Matrix {
    primary: usize,
    secondary: usize,
    options: Vec<Vec<(usize, u32)>>,
}

impl Matrix {
    /// The library's problem of the same items and options.
    fn problem(&self) -> ExactCover {
        let mut builder = Builder::new(
            (0..self.primary).map(|i| format!("p{i}")),
            (0..self.secondary).map(|i| format!("s{i}")),
        )
        .unwrap();
        for option in &self.options {
            builder
                .option(
                    option
                        .iter()
                        .map(|&(item, colour)| self.token(item, colour)),
                )
                .unwrap();
        }
        builder.build()
    }

    fn token(&self, item: usize, colour: u32) -> String {
        match (item < self.primary, colour) {
            (true, _) => format!("p{item}"),
            (false, 0) => format!("s{}", item - self.primary),
            (false, c) => format!("s{}:c{c}", item - self.primary),
        }
    }

    /// Is `option` still possible after the options `chosen`: no item of it covered, a
    /// coloured one given no other colour, an uncoloured secondary one used by nobody?
    fn live(&self, chosen: &[usize], option: usize) -> bool {
        self.options[option].iter().all(|&(item, colour)| {
            chosen.iter().all(|&k| {
                self.options[k]
                    .iter()
                    .all(|&(other, c)| other != item || (colour != 0 && c == colour))
            })
        })
    }

    /// Does `chosen` cover every primary item exactly once, and every secondary one at
    /// most once or only with one colour?
    fn is_cover(&self, chosen: &[usize]) -> bool {
        let mut uses: BTreeMap<usize, Vec<u32>> = BTreeMap::new();
        for &k in chosen {
            for &(item, colour) in &self.options[k] {
                uses.entry(item).or_default().push(colour);
            }
        }
        (0..self.primary).all(|i| uses.get(&i).is_some_and(|u| u.len() == 1))
            && uses
                .iter()
                .filter(|(&i, _)| i >= self.primary)
                .all(|(_, u)| u.len() == 1 || (u[0] != 0 && u.iter().all(|&c| c == u[0])))
    }
}

/// Algorithm X on sets, recursively, as Knuth orders it: the primary item with the fewest
/// live options (the first among equals), its options in input order. The solutions in
/// order (options in the order chosen), and the nodes and dead ends of its tree.
fn algorithm_x(m: &Matrix, chosen: &mut Vec<usize>, out: &mut (Vec<Vec<usize>>, u64, u64)) {
    out.1 += 1;
    let covered = |i: usize| {
        chosen
            .iter()
            .any(|&k| m.options[k].iter().any(|&(x, _)| x == i))
    };
    let open: Vec<usize> = (0..m.primary).filter(|&i| !covered(i)).collect();
    if open.is_empty() {
        out.0.push(chosen.clone());
        return;
    }
    let column = |i: usize| -> Vec<usize> {
        (0..m.options.len())
            .filter(|&k| m.options[k].iter().any(|&(x, _)| x == i) && m.live(chosen, k))
            .collect()
    };
    let item = *open.iter().min_by_key(|&&i| column(i).len()).unwrap();
    let options = column(item);
    if options.is_empty() {
        out.2 += 1;
    }
    for k in options {
        chosen.push(k);
        algorithm_x(m, chosen, out);
        chosen.pop();
    }
}

/// Random small problems: 1 to 4 primary items, 0 to 3 secondary ones, up to 9 options,
/// each with a primary item and some secondary ones, coloured (1 or 2) or not.
fn matrices() -> impl Strategy<Value = Matrix> {
    (1usize..5, 0usize..4).prop_flat_map(|(primary, secondary)| {
        let option = (
            prop::collection::btree_set(0..primary, 1..=primary),
            prop::collection::btree_map(0..secondary.max(1), 0u32..3, 0..=secondary),
        )
            .prop_map(move |(p, s)| {
                let mut items: Vec<(usize, u32)> = p.into_iter().map(|i| (i, 0)).collect();
                items.extend(
                    s.into_iter()
                        .filter(|_| secondary > 0)
                        .map(|(i, c)| (primary + i, c)),
                );
                items
            });
        prop::collection::vec(option, 0..10).prop_map(move |options| Matrix {
            primary,
            secondary,
            options,
        })
    })
}

fn counts(stats: &Stats) -> (u64, u64, u64) {
    (stats.nodes, stats.solutions, stats.dead_ends)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The same solutions in the same order as Algorithm X on sets, with the same tree;
    /// as a set, the covers brute force finds among all subsets of options.
    #[test]
    fn dancing_links_are_algorithm_x(m in matrices()) {
        let mut reference = (Vec::new(), 0, 0);
        algorithm_x(&m, &mut Vec::new(), &mut reference);
        let found: Vec<Vec<usize>> = Search::new(m.problem()).collect();
        prop_assert_eq!(&found, &reference.0);
        let outcome = Search::new(m.problem()).count_solutions();
        prop_assert_eq!(counts(&outcome.stats), (reference.1, reference.0.len() as u64, reference.2));
        let brute: BTreeSet<Vec<usize>> = (0u32..1 << m.options.len())
            .map(|set| (0..m.options.len()).filter(|&k| set >> k & 1 == 1).collect::<Vec<_>>())
            .filter(|chosen| m.is_cover(chosen))
            .collect();
        let sorted: BTreeSet<Vec<usize>> = found
            .iter()
            .map(|s| { let mut s = s.clone(); s.sort_unstable(); s })
            .collect();
        prop_assert_eq!(sorted.len(), found.len());
        prop_assert_eq!(sorted, brute);
    }

    /// The parallel count and a search stopped by node budgets and resumed from its
    /// position (through JSON, on a new problem) count the same, with the same tree.
    #[test]
    fn serial_parallel_and_resumed_searches_agree(
        m in matrices(),
        split in 0usize..5,
        stops in prop::collection::vec(0u64..30, 1..4),
    ) {
        let serial = Search::new(m.problem()).count_solutions();
        let par = parallel::count(&m.problem(), SplitDepth(split), &ParallelLimits::none());
        prop_assert_eq!(par.found, serial.found);
        prop_assert_eq!(counts(&par.stats), counts(&serial.stats));
        let mut found = Vec::new();
        let mut search = Search::new(m.problem());
        for step in stops {
            let budget = search.stats().nodes + step + 1;
            search = search.limits(Limits::none().nodes(budget));
            found.extend(search.by_ref());
            let text = serde_json::to_string(&search.position()).unwrap();
            let position: backtrack::Position = serde_json::from_str(&text).unwrap();
            search = Search::resume(m.problem(), &position).unwrap();
        }
        found.extend(search.by_ref());
        let all: Vec<Vec<usize>> = Search::new(m.problem()).collect();
        prop_assert_eq!(found, all);
        prop_assert_eq!(counts(search.stats()), counts(&serial.stats));
    }

    /// A problem written out and read back is the same problem.
    #[test]
    fn the_text_reads_back(m in matrices()) {
        let problem = m.problem();
        let again: ExactCover = problem.to_string().parse().unwrap();
        prop_assert_eq!(again.to_string(), problem.to_string());
        let found: Vec<Vec<usize>> = Search::new(again).collect();
        prop_assert_eq!(found, Search::new(problem).collect::<Vec<_>>());
    }
}

/// OEIS A000170, n = 1..=10.
const A000170: [u64; 10] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];

#[test]
fn queens_as_exact_cover_count_as_the_queens_module_and_oeis() {
    for n in 1..=10 {
        let encoded = generate::queens(n).unwrap();
        let xcc = Search::new(encoded.problem.clone()).count_solutions().found;
        let bits = Search::new(BitQueens::<u32>::new(n))
            .count_solutions()
            .found;
        assert_eq!((xcc, bits), (A000170[n - 1], A000170[n - 1]), "n = {n}");
        for solution in Search::new(encoded.problem.clone()).take(3) {
            let mut columns = vec![0; n];
            for &(r, c) in encoded.decode(&solution) {
                columns[r - 1] = c - 1;
            }
            assert!(backtrack_problems::queens::verify(n, &columns), "n = {n}");
        }
    }
}

/// Langford pairings counted directly: the pairs placed from n down, each at every place
/// whose two slots are free.
fn langford_direct(n: usize, k: usize, slots: &mut Vec<bool>) -> u64 {
    if k == 0 {
        return 1;
    }
    let mut count = 0;
    for i in 0..2 * n - k - 1 {
        if !slots[i] && !slots[i + k + 1] {
            slots[i] = true;
            slots[i + k + 1] = true;
            count += langford_direct(n, k - 1, slots);
            slots[i] = false;
            slots[i + k + 1] = false;
        }
    }
    count
}

/// OEIS A014552 (Langford pairings up to reversal), n = 3, 4, 7, 8.
const A014552: [(usize, u64); 4] = [(3, 1), (4, 1), (7, 26), (8, 150)];

#[test]
fn langford_pairings_are_twice_oeis_a014552() {
    for (n, pairings) in A014552 {
        let xcc = Search::new(generate::langford(n).unwrap().problem).count_solutions();
        let direct = langford_direct(n, n, &mut vec![false; 2 * n]);
        assert_eq!((xcc.found, direct), (2 * pairings, 2 * pairings), "n = {n}");
    }
    for n in [1, 2, 5, 6] {
        let xcc = Search::new(generate::langford(n).unwrap().problem).count_solutions();
        assert_eq!(xcc.found, 0, "n = {n}");
    }
}

/// The tilings of a rectangle by the twelve pentominoes, each tiling checked: every cell
/// covered once, every piece used once, each placement one of its piece's orientations.
fn pentomino_tilings(rows: usize, cols: usize) -> u64 {
    let encoded = generate::polyominoes(&generate::PENTOMINOES, rows, cols).unwrap();
    let mut count = 0;
    for solution in Search::new(encoded.problem.clone()) {
        let mut cells = BTreeSet::new();
        let mut pieces = BTreeSet::new();
        for (piece, placed) in encoded.decode(&solution) {
            assert!(pieces.insert(*piece));
            assert_eq!(placed.len(), 5);
            cells.extend(placed.iter().copied());
        }
        assert_eq!((cells.len(), pieces.len()), (rows * cols, 12));
        count += 1;
    }
    count
}

/// The 3×20 rectangle: 2 tilings up to symmetry, 8 in all.
#[test]
fn the_3x20_pentomino_rectangle_has_8_tilings() {
    assert_eq!(pentomino_tilings(3, 20), 8);
}

/// The 6×10 rectangle: 2339 tilings up to symmetry, 9356 in all. About 100 s in a debug
/// build: `cargo test --release -- --ignored`.
#[test]
#[ignore = "slow in a debug build"]
fn the_6x10_pentomino_rectangle_has_9356_tilings() {
    assert_eq!(pentomino_tilings(6, 10), 9356);
}

/// Sudoku as exact cover finds the grids the sudoku solver finds: a proper puzzle's one
/// and the 288 of the empty 4×4 grid.
#[test]
fn sudoku_as_exact_cover_solves_as_the_sudoku_solver() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/several.sudoku"
    ))
    .unwrap();
    let mut puzzles = read_puzzles(&text).unwrap();
    puzzles.truncate(3);
    let grids = puzzles
        .iter()
        .map(|puzzle| (puzzle.grid.clone(), puzzle.sudoku().ok()))
        .chain([(
            Grid::empty(2),
            backtrack_problems::sudoku::Sudoku::new(&Grid::empty(2)).ok(),
        )]);
    let mut seen = 0;
    for (grid, solver) in grids {
        let encoded = generate::sudoku(&grid).unwrap();
        let mut by_xcc: Vec<Vec<u8>> = Search::new(encoded.problem.clone())
            .map(|solution| {
                let mut cells = grid.cells().to_vec();
                for &(cell, digit) in encoded.decode(&solution) {
                    cells[cell] = digit;
                }
                cells
            })
            .collect();
        let mut by_solver: Vec<Vec<u8>> = solver.map_or(Vec::new(), |sudoku| {
            Search::new(sudoku).map(|g| g.cells().to_vec()).collect()
        });
        by_xcc.sort();
        by_solver.sort();
        assert_eq!(by_xcc, by_solver);
        seen += by_xcc.len();
    }
    assert_eq!(
        seen,
        1 + 1 + 288,
        "the 4×4, the classic one, none, the empty 4×4"
    );
}

/// Every fill of `slots` from the first unfilled one on, by trying each word in each
/// slot: no word twice, crossing letters equal. Each fill as its (slot, word) pairs.
fn fills(
    slots: &[generate::Slot],
    words: &[&str],
    chosen: &mut Vec<usize>,
    out: &mut BTreeSet<Vec<(usize, usize)>>,
) {
    if chosen.len() == slots.len() {
        out.insert(chosen.iter().copied().enumerate().collect());
        return;
    }
    let slot = slots[chosen.len()];
    for (w, word) in words.iter().enumerate() {
        let fits = word.len() == slot.len
            && !chosen.contains(&w)
            && slot.cells().zip(word.chars()).all(|(cell, c)| {
                chosen.iter().enumerate().all(|(s, &v)| {
                    slots[s]
                        .cells()
                        .zip(words[v].chars())
                        .all(|(other, d)| other != cell || d == c)
                })
            });
        if fits {
            chosen.push(w);
            fills(slots, words, chosen, out);
            chosen.pop();
        }
    }
}

/// Crossword fills by exact cover with colours are those found by trying every word in
/// every slot.
#[test]
fn crossword_fills_are_the_brute_force_ones() {
    let words = [
        "cat", "car", "arc", "are", "ate", "tea", "eat", "era", "ear", "rat", "tar", "art", "ace",
        "act", "at", "ta",
    ];
    let mut total = 0;
    for pattern in [
        "...",
        ".../.#./...",
        ".../.../...",
        "..#/.../#..",
        "#../.../..#",
    ] {
        let encoded = generate::crossword(pattern, &words).unwrap();
        let slots = generate::slots(pattern).unwrap();
        let found: BTreeSet<Vec<(usize, usize)>> = Search::new(encoded.problem.clone())
            .map(|solution| {
                let mut fill: Vec<(usize, usize)> = encoded.decode(&solution).copied().collect();
                fill.sort_unstable();
                fill
            })
            .collect();
        let mut brute = BTreeSet::new();
        fills(&slots, &words, &mut Vec::new(), &mut brute);
        assert_eq!(found, brute, "{pattern}");
        total += found.len();
    }
    assert!(total > 0);
}

/// Each kind of bad input is refused with its line, its column and what is wrong.
#[test]
fn parser_errors_name_the_line_and_column() {
    let none = "there is no line of items (the input holds only blank lines and comments): expected a first line naming the items, the secondary ones after `|`";
    let blanks = "items are apart by spaces or tabs, and a name holds no other blank and no control character";
    let cases: [(&str, &str); 15] = [
        ("", none),
        ("| a comment\n\n", none),
        ("a | s\na s:a:b\n", "line 2, column 3: `s:a:b` has a second `:`: an item takes one colour, `item:colour`, and a colour holds no `:`"),
        ("a | s\n:red a\n", "line 2, column 1: `:red` names no item: the name before `:` is empty"),
        ("a\u{a0}b\na\n", &format!("line 1, column 2: character U+00A0 is not allowed: {blanks}")),
        ("a b\n| \u{0} in a comment is fine\nb a\u{0}\n", &format!("line 3, column 4: character U+0000 is not allowed: {blanks}")),
        ("a b\rb\ra\rx\r", "line 4, column 1: unknown item `x`"),
        ("a b | c | d\na\n", "line 1, column 9: a second `|` among the items: one separates the primary items from the secondary ones"),
        ("a b a\n", "line 1, column 5: item `a` is named twice"),
        ("a b:x | c\n", "line 1, column 3: `b:x` cannot name an item: a name is not empty and holds no blank, control character, `:` or `|`"),
        ("a b | c\na b\n| comment\na  d\n", "line 4, column 4: unknown item `d`"),
        ("a b | c\nc\n", "line 2, column 1: the option has no primary item"),
        ("a b | c\nb a:red\n", "line 2, column 3: item `a` is primary and takes no colour: only secondary items do"),
        ("a b | c\n  b c a c\n", "line 2, column 9: item `c` is repeated in the option"),
        ("a | c\na c:\n", "line 2, column 3: `c:` has no colour after its `:`"),
    ];
    for (text, message) in cases {
        let err = text.parse::<ExactCover>().unwrap_err();
        assert_eq!(err.to_string(), message, "{text:?}");
    }
    // Tabs separate as spaces do; lines end with \n, \r\n or \r alone.
    let knuth = "a\tb c d e f g\r\nc e\ra d g\nb c f\r\n\ra d f\nb\t g\nd e g";
    let covers: Vec<Vec<usize>> = Search::new(knuth.parse::<ExactCover>().unwrap()).collect();
    assert_eq!(covers, [vec![3, 4, 0]]);
    assert_eq!(
        "a b c\na d\n".parse::<ExactCover>().unwrap_err(),
        ParseError::At {
            line: 2,
            column: 3,
            error: BuildError::UnknownItem("d".into())
        }
    );
    // A byte order mark is no character; columns count characters, not bytes.
    let err = "\u{feff}é b c\né x\n".parse::<ExactCover>().unwrap_err();
    assert_eq!(err.to_string(), "line 2, column 3: unknown item `x`");
}

/// A file whose first line reads as an option (its items line left out) is refused with
/// the error and the question whether that line is the items line: when the line gives a
/// colour, names no more items than the option refused, or lacks two or more of its items.
/// A mistake in a file whose items line is plain (a `|`, or more items than the option
/// and all but one of its own) has no such hint, and a file that reads whole is never
/// doubted.
#[test]
fn a_first_line_like_an_option_is_questioned_with_the_error() {
    let like = |text: &str, line, column, unknown: &str, first, why| {
        assert_eq!(
            text.parse::<ExactCover>().unwrap_err(),
            ParseError::LikeAnOption {
                line,
                column,
                error: BuildError::UnknownItem(unknown.into()),
                first,
                why,
            },
            "{text:?}"
        );
    };
    like("a b\na c\nb\n", 2, 3, "c", 1, Likeness::Short);
    like("a b\nb\nc d e\n", 3, 1, "c", 1, Likeness::Short);
    like(
        "| a comment\nr1 c1 x y\nr2 c2 z w\n",
        3,
        1,
        "r2",
        2,
        Likeness::Short,
    );
    like("a b c d e\nf g\n", 2, 1, "f", 1, Likeness::Lacking(2));
    like("a b c d e\na f g\n", 2, 3, "f", 1, Likeness::Lacking(2));
    let err = "r1 c1 x:1\nr1 c2 x:2\n".parse::<ExactCover>().unwrap_err();
    assert_eq!(
        err,
        ParseError::LikeAnOption {
            line: 1,
            column: 7,
            error: BuildError::BadName("x:1".into()),
            first: 1,
            why: Likeness::Colour,
        }
    );
    assert_eq!(
        "a b\na c\n".parse::<ExactCover>().unwrap_err().to_string(),
        "line 2, column 3: unknown item `c`; is line 1 the items line? It names no more items than this option holds, and the items line names every item"
    );
    // No hint: a `|` makes the line the items line; a typo is one unknown item.
    for (text, column, unknown) in [
        ("a | b\na c d\n", 3, "c"),
        ("a b | c\nd\n", 1, "d"),
        ("a b c d e\na x\n", 3, "x"),
        ("a b c\nb a\nd\n", 1, "d"),
    ] {
        let err = text.parse::<ExactCover>().unwrap_err();
        assert!(
            matches!(&err, ParseError::At { column: c, error: BuildError::UnknownItem(name), .. } if *c == column && name == unknown),
            "{text:?}: {err}"
        );
    }
    // Files that read whole, though their first line could be an option: read as written.
    for (text, covers) in [("a b\na\nb\n", 1), ("a b\na b\n", 1), ("x y\nx\nx y\n", 1)] {
        let problem: ExactCover = text.parse().unwrap();
        assert_eq!(Search::new(problem).count(), covers, "{text:?}");
    }
}

/// An option of 50,000 items is read in linear time: checking each item against those
/// before it in the option would take minutes in a debug build.
#[test]
fn a_long_option_is_read_in_linear_time() {
    let n = 50_000;
    let names: Vec<String> = (0..n).map(|i| format!("i{i}")).collect();
    let mut text = names.join(" ");
    text.push('\n');
    text.push_str(&names.join(" "));
    text.push('\n');
    let problem: ExactCover = text.parse().unwrap();
    assert_eq!(Search::new(problem).count(), 1);
    // The same item twice, far apart, is still found.
    let repeated = format!("{text}{} i0\n", names.join(" "));
    assert_eq!(
        repeated.parse::<ExactCover>().unwrap_err(),
        ParseError::At {
            line: 3,
            column: text.lines().next().unwrap().chars().count() + 2,
            error: BuildError::RepeatedItem("i0".into())
        }
    );
}

#[test]
fn the_builder_refuses_what_the_parser_does() {
    let none: [&str; 0] = [];
    assert_eq!(
        Builder::new(none, ["s"]).unwrap_err(),
        BuildError::NoPrimary
    );
    let mut builder = Builder::new(["a", "b"], ["s"]).unwrap();
    assert_eq!(
        builder.try_option(["b", "s", "s:x"]).unwrap_err(),
        (2, BuildError::RepeatedItem("s".into()))
    );
    assert_eq!(
        builder.try_option(["s"]).unwrap_err(),
        (1, BuildError::NoPrimaryInOption)
    );
    // A refused option leaves nothing behind: the same items are fine after it.
    builder
        .option(["a", "s:x"])
        .unwrap()
        .option(["b", "s:x"])
        .unwrap();
    assert_eq!(Search::new(builder.build()).count(), 1);
}

#[test]
fn generators_refuse_bad_sizes_and_words() {
    assert_eq!(
        generate::queens(0).unwrap_err().to_string(),
        "the board size must be from 1 to 64, not 0"
    );
    assert_eq!(
        generate::crossword("..#/.x.", &["ab"]).unwrap_err(),
        GenerateError::Pattern {
            row: 2,
            problem: "`x` is no cell: `.` is a white cell, `#` a black one".into()
        }
    );
    assert_eq!(
        generate::crossword("#.#", &["ab"]).unwrap_err(),
        GenerateError::NoSlot
    );
    assert_eq!(
        generate::crossword("..", &["a-b"]).unwrap_err(),
        GenerateError::Word("a-b".into())
    );
    assert_eq!(
        generate::crossword("..", &[]).unwrap_err(),
        GenerateError::NoWords
    );
    assert_eq!(
        generate::crossword("..", &["ab", "ba", "Ab"]).unwrap_err(),
        GenerateError::RepeatedWord("ab".into())
    );
    // Sudokus past 35 a side name their items in decimal.
    let big = generate::sudoku(&Grid::empty(6)).unwrap();
    assert_eq!(big.problem.items(), 4 * 36 * 36);
    assert_eq!(big.problem.option_text(37), "p1,2 r1,2 c2,2 b1,2");
    assert!(matches!(
        generate::polyominoes(&[("00", "#")], 1, 1).unwrap_err(),
        GenerateError::Build(BuildError::DuplicateItem(_))
    ));
}
