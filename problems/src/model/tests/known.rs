//! The published answers: puzzles, counts and colourings whose solutions are known.

use backtrack::tree::{tree_of, Label};
use backtrack::{Problem, Search};

use super::{count, latin, queens, sudoku_model};
use crate::coloring::Graph;
use crate::model::{Assign, Model, Rel, Strength, Var, VarOrder};
use crate::sudoku::{self, Sudoku};

/// SEND + MORE = MONEY: the unique solution, 9567 + 1085 = 10652.
#[test]
#[expect(clippy::many_single_char_names, reason = "the puzzle's letters")]
fn send_more_money() {
    let mut model = Model::new();
    let letters = model.int_vars(8, 0..=9).unwrap();
    let [s, e, n, d, m, o, r, y] = letters[..] else {
        unreachable!()
    };
    model.all_different(&letters).unwrap();
    model.linear(&[(1, s)], Rel::Ge, 1).unwrap();
    model.linear(&[(1, m)], Rel::Ge, 1).unwrap();
    let word = |letters: &[Var], sign: i64| {
        let mut terms = Vec::new();
        for (i, &x) in letters.iter().rev().enumerate() {
            terms.push((sign * 10i64.pow(i as u32), x));
        }
        terms
    };
    let mut terms = word(&[s, e, n, d], 1);
    terms.extend(word(&[m, o, r, e], 1));
    terms.extend(word(&[m, o, n, e, y], -1));
    model.linear(&terms, Rel::Eq, 0).unwrap();
    let all: Vec<_> = Search::new(model).collect();
    assert_eq!(all.len(), 1);
    let number = |letters: &[Var]| letters.iter().fold(0, |n, &x| 10 * n + all[0][x]);
    assert_eq!(number(&[s, e, n, d]), 9567);
    assert_eq!(number(&[m, o, r, e]), 1085);
    assert_eq!(number(&[m, o, n, e, y]), 10652);
}

/// OEIS A000170 for n = 1 to 8, and each solution a placement of non-attacking queens.
#[test]
fn queens_counts() {
    let known = [1, 0, 0, 2, 10, 4, 40, 92];
    for (n, &known) in (1..=8).zip(&known) {
        let (model, q) = queens(n);
        let all: Vec<_> = Search::new(model).collect();
        assert_eq!(all.len() as u64, known, "n = {n}");
        for solution in &all {
            for i in 0..n {
                for j in i + 1..n {
                    let (a, b) = (solution[q[i]], solution[q[j]]);
                    assert!(a != b && (a - b).unsigned_abs() as usize != j - i);
                }
            }
        }
    }
}

/// The hand-written 4-queens problem's tree has 17 nodes; forward checking cuts it to 8:
/// the root, 4 first queens, the two that go on and a dead end, by the tree recorder.
#[test]
fn the_four_queens_tree() {
    let (model, _) = queens(4);
    let tree = tree_of(&model);
    assert_eq!(tree.solutions().count(), 2);
    assert!(tree.nodes().len() < 17, "{tree}");
    let labels: Vec<String> = tree.solutions().map(|node| node.label.clone()).collect();
    assert_eq!(labels.len(), 2);
    assert!(labels[0].starts_with("(2,4,1,3)"), "{labels:?}");
    assert!(labels[1].starts_with("(3,1,4,2)"), "{labels:?}");
}

/// The guide's 4-queens tree is the one the recorder draws.
#[test]
fn the_guide_shows_the_recorded_tree() {
    let guide = include_str!("../../../../docs/models.md");
    let tree = tree_of(&queens(4).0).to_string();
    assert!(
        guide.contains(&tree),
        "docs/models.md lacks the tree:\n{tree}"
    );
}

#[test]
fn labels_show_domains_what_was_removed_and_conflicts() {
    let (mut model, q) = queens(4);
    assert_eq!(model.label(), "({1..4},{1..4},{1..4},{1..4})");
    let op = Assign {
        var: q[0],
        value: 1,
    };
    assert_eq!(model.op_label(op), "x0=1");
    model.apply(op);
    assert_eq!(
        model.label(),
        "(1,{3,4},{2,4},{2,3}) removed x1{1,2} x2{1,3} x3{1,4}"
    );
    model.apply(Assign {
        var: q[1],
        value: 3,
    });
    assert!(model.is_failed());
    assert_eq!(model.label(), "(1,3,4,{2,3}) conflict");
    model.undo(Assign {
        var: q[1],
        value: 3,
    });
    model.undo(op);
    assert_eq!(model.label(), "({1..4},{1..4},{1..4},{1..4})");
    model.set_name(q[0], "a").unwrap();
    assert!(
        model.label().starts_with("a={1..4} x1={1..4}"),
        "{}",
        model.label()
    );
}

/// A label shows sets of values as runs, across the words of a domain and below zero:
/// `x = -7` takes `-8..-6` from `y`, bits 62 to 64 of its range.
#[test]
fn labels_show_runs_across_words() {
    let mut model = Model::new();
    let [x, y] = [0; 2].map(|_| model.int_var(-70..=129).unwrap());
    for c in -1..=1 {
        model.compare(y, Rel::Ne, x, c).unwrap();
    }
    assert_eq!(model.label(), "({-70..129},{-70..129})");
    model.apply(Assign { var: x, value: -7 });
    assert_eq!(model.label(), "(-7,{-70..-9,-5..129}) removed x1{-8..-6}");
    model.undo(Assign { var: x, value: -7 });
    model.apply(Assign { var: x, value: -70 });
    assert_eq!(model.label(), "(-70,{-68..129}) removed x1{-70,-69}");
}

/// The classic fixture's solution, as the sudoku module finds it, and a valid grid.
#[test]
fn sudoku_as_a_model() {
    let text = include_str!("../../../tests/fixtures/classic.sudoku");
    let grid = &sudoku::puzzles(text).unwrap()[0];
    let (model, cells) = sudoku_model(grid);
    let all: Vec<_> = Search::new(model).collect();
    assert_eq!(all.len(), 1);
    let values: Vec<u8> = cells.iter().map(|&x| all[0][x] as u8).collect();
    let by_module = Search::new(Sudoku::new(grid).unwrap()).next().unwrap();
    assert_eq!(values, by_module.cells());
    let solved = sudoku::Grid::new(grid.order(), values).unwrap();
    assert!(solved.is_solved() && solved.extends(grid));
}

/// Reduced Latin squares: 1, 1, 1, 4, 56 (OEIS A000315).
#[test]
fn reduced_latin_squares() {
    for (n, known) in (1..=5).zip([1, 1, 1, 4, 56]) {
        assert_eq!(count(latin(n, Strength::Forward)), known, "n = {n}");
    }
}

#[test]
fn reduced_latin_squares_of_six() {
    assert_eq!(count(latin(6, Strength::Forward)), 9408);
}

/// Magic squares of order n, each row, column and diagonal summing to n(n²+1)/2.
fn magic(n: usize) -> Model {
    let mut model = Model::new();
    let n2 = (n * n) as i64;
    let cells = model.int_vars(n * n, 1..=n2).unwrap();
    model.all_different(&cells).unwrap();
    let total = n as i64 * (n2 + 1) / 2;
    let mut lines: Vec<Vec<Var>> = Vec::new();
    for i in 0..n {
        lines.push((0..n).map(|c| cells[i * n + c]).collect());
        lines.push((0..n).map(|r| cells[r * n + i]).collect());
    }
    lines.push((0..n).map(|i| cells[i * n + i]).collect());
    lines.push((0..n).map(|i| cells[i * n + n - 1 - i]).collect());
    for line in lines {
        model.sum(&line, Rel::Eq, total).unwrap();
    }
    model
}

/// 8 magic squares of order 3 (the one, turned and reflected).
#[test]
fn magic_squares_of_three() {
    assert_eq!(count(magic(3)), 8);
}

/// 7040 magic squares of order 4 (880 up to turns and reflections, Frénicle 1693).
#[test]
#[ignore = "seconds in a debug build"]
fn magic_squares_of_four() {
    let mut model = magic(4);
    model.set_var_order(VarOrder::DomOverDegree);
    assert_eq!(count(model), 7040);
}

/// The 3-colourings of the Petersen graph: 120, as its chromatic polynomial says.
#[test]
fn petersen_colourings() {
    let petersen: Graph = include_str!("../../../tests/fixtures/petersen.col")
        .parse()
        .unwrap();
    let mut model = Model::new();
    let colour = model.int_vars(petersen.vertices(), 0..=2).unwrap();
    for u in 0..petersen.vertices() {
        for v in petersen.neighbors(u).filter(|&v| v > u) {
            model.compare(colour[u], Rel::Ne, colour[v], 0).unwrap();
        }
    }
    let all: Vec<_> = Search::new(model).collect();
    assert_eq!(all.len(), 120);
    for solution in &all {
        let colours: Vec<usize> = colour.iter().map(|&x| solution[x] as usize).collect();
        assert!(petersen.check(&colours).is_ok());
    }
}

/// The zebra puzzle: one solution, in which the Norwegian drinks water and the Japanese
/// owns the zebra; every clue checked on it.
#[test]
fn zebra() {
    let mut model = Model::new();
    let mut group = || {
        let vars = model.int_vars(5, 1..=5).unwrap();
        model.all_different(&vars).unwrap();
        vars
    };
    let [red, green, ivory, yellow, blue] = group()[..] else {
        unreachable!()
    };
    let [english, spanish, ukrainian, norwegian, japanese] = group()[..] else {
        unreachable!()
    };
    let [coffee, tea, milk, juice, water] = group()[..] else {
        unreachable!()
    };
    let [old_gold, kools, chesterfield, lucky, parliament] = group()[..] else {
        unreachable!()
    };
    let [dog, snails, fox, horse, zebra] = group()[..] else {
        unreachable!()
    };
    let next_to: Vec<Vec<i64>> = (1..=5i64)
        .flat_map(|a| {
            [a - 1, a + 1]
                .into_iter()
                .filter(|b| (1..=5).contains(b))
                .map(move |b| vec![a, b])
        })
        .collect();
    for (x, y) in [
        (english, red),
        (spanish, dog),
        (coffee, green),
        (ukrainian, tea),
        (old_gold, snails),
    ] {
        model.compare(x, Rel::Eq, y, 0).unwrap();
    }
    for (x, y) in [(kools, yellow), (lucky, juice), (japanese, parliament)] {
        model.compare(x, Rel::Eq, y, 0).unwrap();
    }
    model.compare(green, Rel::Eq, ivory, 1).unwrap();
    model.linear(&[(1, milk)], Rel::Eq, 3).unwrap();
    model.linear(&[(1, norwegian)], Rel::Eq, 1).unwrap();
    for (x, y) in [(chesterfield, fox), (kools, horse), (norwegian, blue)] {
        model.table(&[x, y], &next_to).unwrap();
    }
    let all: Vec<_> = Search::new(model).collect();
    assert_eq!(all.len(), 1);
    let s = &all[0];
    let adjacent = |x: Var, y: Var| (s[x] - s[y]).abs() == 1;
    assert!(s[english] == s[red] && s[spanish] == s[dog] && s[coffee] == s[green]);
    assert!(s[ukrainian] == s[tea] && s[green] == s[ivory] + 1 && s[old_gold] == s[snails]);
    assert!(s[kools] == s[yellow] && s[milk] == 3 && s[norwegian] == 1);
    assert!(adjacent(chesterfield, fox) && adjacent(kools, horse) && adjacent(norwegian, blue));
    assert!(s[lucky] == s[juice] && s[japanese] == s[parliament]);
    assert_eq!(s[water], s[norwegian]);
    assert_eq!(s[zebra], s[japanese]);
}
