//! The text format: each statement read as written, and each fault named at the word
//! where it is.

use backtrack::Search;

use crate::model::{Assignment, Model, ModelError, Rel, Sense, TextError, Var};

fn solutions(text: &str) -> Vec<Vec<i64>> {
    let model: Model = text.parse().unwrap();
    Search::new(model).map(Assignment::into_values).collect()
}

#[test]
fn send_more_money_from_text() {
    let text = "# the cryptarithm\n\
        var S E N D M O R Y in 0..9\n\
        alldifferent domain: S E N D M O R Y\n\
        S >= 1   # no leading zeros\n\
        M>=1\n\
        1000*S + 100*E + 10*N + D + 1000 M + 100 O + 10 R + E == 10000*M + 1000*O + 100*N + 10*E + Y\n";
    assert_eq!(solutions(text), [[9, 5, 6, 7, 1, 0, 8, 2]]);
    let model: Model = text.parse().unwrap();
    assert_eq!(model.name(Var(7)), "Y");
}

/// Negative ranges and constants, every relation, terms merged across the sides, and
/// the orders and the objective, each against what it must give.
#[test]
fn statements_read_as_written() {
    let all = solutions("var x in -3..3\nvar y in -1..1\n2x - y + 1 = x + -2");
    assert_eq!(all, [[-3, 0], [-2, 1]]);
    for (rel, count) in [
        ("=", 1),
        ("==", 1),
        ("!=", 6),
        ("<=", 4),
        (">=", 4),
        ("<", 3),
        (">", 3),
    ] {
        assert_eq!(
            solutions(&format!("var x in 0..6\nx {rel} 3")).len(),
            count,
            "{rel}"
        );
    }
    assert_eq!(
        solutions("var a b in 1..3\nvalues descending\na != b")[0],
        [3, 2]
    );
    let model: Model = "var a b in 1..3\nminimize b\norder smallest"
        .parse()
        .unwrap();
    assert_eq!(model.objective(), Some((Var(1), Sense::Minimize)));
    let (best, score) = Search::new(model).best().found.unwrap();
    assert_eq!((best[Var(1)], score.value()), (1, 1));
    assert_eq!(solutions("var x in 0..2\n0 x = 0").len(), 3);
    assert!(solutions("var x in 0..2\n1 = 2").is_empty());
}

/// Every assignment of the domains, for the brute force.
fn product(ranges: &[(i64, i64)]) -> Vec<Vec<i64>> {
    ranges.iter().fold(vec![Vec::new()], |partial, &(lo, hi)| {
        partial
            .iter()
            .flat_map(|prefix| {
                (lo..=hi).map(move |v| {
                    let mut next = prefix.clone();
                    next.push(v);
                    next
                })
            })
            .collect()
    })
}

/// `element`: the solutions are the brute force's, an index outside the list none.
#[test]
fn element_from_text() {
    let array = [3, 1, 4, 1, 5];
    let got = solutions("var r in 0..9\nvar i in -2..7\nelement r i: 3 1 4 1 5");
    let wanted: Vec<Vec<i64>> = product(&[(0, 9), (-2, 7)])
        .into_iter()
        .filter(|v| usize::try_from(v[1]).is_ok_and(|i| array.get(i) == Some(&v[0])))
        .collect();
    assert_eq!(got, wanted);
    assert_eq!(got.len(), 5);
}

/// `table`: the tuples within the domains, and nothing for an empty table.
#[test]
fn table_from_text() {
    let got = solutions("var x y z in 1..3\ntable x y z: 1 2 3, 2 3 1, 3 1 2, 3 3 4\nx != 2");
    assert_eq!(got, [[1, 2, 3], [3, 1, 2]]);
    assert!(solutions("var x in 1..3\ntable x:").is_empty());
}

/// `reify`: `b` is 1 exactly where the relation holds, for every relation.
#[test]
fn reify_from_text() {
    for (rel, holds) in [
        ("<=", (|s| s <= 3) as fn(i64) -> bool),
        ("=", |s| s == 3),
        ("!=", |s| s != 3),
        (">", |s| s > 3),
    ] {
        let got = solutions(&format!(
            "var x y in 0..3\nvar b in 0..1\nreify b: x + y {rel} 3"
        ));
        let wanted: Vec<Vec<i64>> = product(&[(0, 3), (0, 3), (0, 1)])
            .into_iter()
            .filter(|v| (v[2] == 1) == holds(v[0] + v[1]))
            .collect();
        assert_eq!(got, wanted, "{rel}");
    }
    // `b` within 0..1, or the reification is refused: it could not hold otherwise.
    assert_eq!(
        solutions("var x in 0..1\nvar b in 1..1\nreify b: x = 1"),
        [[1, 1]]
    );
    assert_eq!(
        "var x in 0..1\nvar b in 0..5\nreify b: x = 1"
            .parse::<Model>()
            .err()
            .unwrap()
            .to_string(),
        "line 3, column 7: `b` ranges over 0..5, but a reified variable is 0 or 1 (`var b in 0..1`)"
    );
}

#[test]
fn bad_statements_name_their_line_and_column() {
    let error = |text: &str| text.parse::<Model>().err().unwrap().to_string();
    assert_eq!(
        error("var r i in 0..3\nelement r i 1 2"),
        "line 2, column 13: expected `:` after the two names of `element RESULT INDEX: VALUE…`, found `1`"
    );
    assert_eq!(
        error("var r i in 0..3\nelement r i: 1 x"),
        "line 2, column 16: expected a whole number, found `x`"
    );
    assert_eq!(
        error("var r i in 0..3\nelement r i:"),
        "line 2, column 13: an element constraint needs an array of one value at least"
    );
    assert_eq!(
        error("var x y in 0..3\ntable x y: 1 2, 3"),
        "line 2, column 17: a tuple of 1 values for a table of 2 variables"
    );
    assert_eq!(
        error("var x y in 0..3\ntable x w: 1 2"),
        "line 2, column 9: no variable `w` (a `var` line makes one)"
    );
    assert_eq!(
        error("var x b in 0..3\nreify b x + 1 = 2"),
        "line 2, column 9: expected `:` after the name of `reify NAME: EXPR REL EXPR`, found `x`"
    );
    assert_eq!(
        error("var x b in 0..3\nreify b: x + 1"),
        "line 2, column 15: expected `+`, `-` or a relation: `=`, `!=`, `<=`, `>=`, `<` or `>`, found the end of the line"
    );
}

#[test]
fn bad_text_names_its_line() {
    let error = |text: &str| text.parse::<Model>().err().unwrap();
    assert_eq!(
        error("var x in 0..3\n\ny + 1 = 2"),
        TextError::UnknownName {
            line: 3,
            column: 1,
            name: "y".into()
        }
    );
    assert_eq!(
        error("var x x in 0..3"),
        TextError::Twice {
            line: 1,
            column: 7,
            name: "x".into()
        }
    );
    assert_eq!(
        error("var x in 3..1"),
        TextError::Model {
            line: 1,
            column: 10,
            source: ModelError::EmptyDomain { lo: 3, hi: 1 }
        }
    );
    assert_eq!(
        error("var x in 0..99999999999999999999"),
        TextError::TooLarge {
            line: 1,
            column: 13,
            text: "99999999999999999999".into()
        }
    );
    // A column counts characters of the line as written, its indent too; a name is
    // found as a word of its own, not inside another.
    assert_eq!(
        error("var xy x in 0..3\n  xy + x + y = 1").to_string(),
        "line 2, column 12: no variable `y` (a `var` line makes one)"
    );
    assert_eq!(
        error("var é x in 0..3").to_string(),
        "line 1, column 5: expected a variable's name, found `é`"
    );
    for (text, wanted) in [
        ("var x in 0..3\nx + * 2 = 1", 2),
        ("var in in 0..3", 1),
        ("var x in 0..3\nx x = 1", 2),
        ("var x in 0..3\norder sideways", 2),
        ("var x in 0..3\nx = 1 = 1", 2),
        ("hello", 1),
    ] {
        assert!(
            matches!(error(text), TextError::Syntax { line, .. } if line == wanted),
            "{text}"
        );
    }
    assert_eq!(
        error("var x y in 0..3\nminimize x y").to_string(),
        "line 2, column 12: expected the end of the line: one variable to minimize or maximize, found `y`"
    );
}

/// The column is the word's where reading stopped, not the first word with its text.
#[test]
fn faults_are_named_where_they_are() {
    let error = |text: &str| match text.parse::<Model>() {
        Ok(_) => panic!("{text:?} read as a model"),
        Err(err) => err.to_string(),
    };
    let x_y = "var X Y in 0..3\n";
    for (line, column, found) in [
        ("X + Y >= 2 X X", 14, "`X`"),
        ("    X + Y = 1 Y Y", 17, "`Y`"),
        ("X + Y = 1 = 1", 11, "`=`"),
        ("X = 1\0", 6, "`\\0`"),
        ("X = Y 1", 7, "`1`"),
    ] {
        assert_eq!(
            error(&format!("{x_y}{line}")),
            format!(
                "line 2, column {column}: expected `+`, `-` or the end of the line, found {found}"
            ),
            "{line}"
        );
    }
    for (text, wanted) in [
        ("var var in 0..1", "line 1, column 5: expected a variable's name, found `var`"),
        ("var in in 0..1", "line 1, column 5: expected a variable's name, found `in`"),
        ("var X in 0..1 2", "line 1, column 15: expected the end of the line after the range, found `2`"),
        ("var X in 0.1", "line 1, column 11: expected `..` between the least and the greatest value, found `.`"),
        ("var X in 0..1\nX + = 1", "line 2, column 5: expected a term: a number, a name, or `N*NAME`, found `=`"),
        ("var X in 0..1\ntable X: 1,, 0", "line 2, column 12: a tuple of 0 values for a table of 1 variables"),
        ("var X in 0..1\ntable X: 1, 0,", "line 2, column 15: a tuple of 0 values for a table of 1 variables"),
        ("var X Y in 0..1\nalldifferent strong: X Y", "line 2, column 14: expected `bounds:` or `domain:` (or the names alone), found `strong`"),
        ("var X Y in 0..1\nalldifferent X Y X", "line 2, column 18: expected a variable not in this all-different already, found `X`"),
        ("var X Y in 0..1\nalldifferent", "line 2, column 13: expected a variable's name, found the end of the line"),
        ("var X in 0..1\nreify X:", "line 2, column 9: expected a term: a number, a name, or `N*NAME`, found the end of the line"),
        ("var X in 0..1\nreify X: reify X: X = 1", "line 2, column 10: expected a term: a number, a name, or `N*NAME`, found `reify`"),
        ("var X in 0..3\nminimize X\nmaximize X", "line 3, column 1: the objective is set already, on line 2"),
        ("hello", "line 1, column 1: expected a statement or a linear constraint `EXPR REL EXPR`, found `hello`"),
        ("var X in 0..1\nX = X +", "line 2, column 8: expected a term: a number, a name, or `N*NAME`, found the end of the line"),
    ] {
        assert_eq!(error(text), wanted, "{text}");
    }
}

/// The ends of 64 bits can be written; a sum past them is named as a sum.
#[test]
fn numbers_reach_both_ends_of_64_bits() {
    assert_eq!(
        solutions("var x in -1..1\n-9223372036854775807 x + 9223372036854775807 = 0").len(),
        1
    );
    assert_eq!(
        solutions("var x in -1..1\nx >= -9223372036854775808").len(),
        3
    );
    assert_eq!(
        solutions("var x in -9223372036854775808..-9223372036854775807").len(),
        2
    );
    let error = |text: &str| text.parse::<Model>().err().unwrap();
    assert_eq!(
        error("var x in 0..1\nx + 9223372036854775807 + 9223372036854775807 >= 1"),
        TextError::Overflow {
            line: 2,
            column: 25
        }
    );
    assert_eq!(
        error("var x in 0..-9223372036854775809"),
        TextError::TooLarge {
            line: 1,
            column: 13,
            text: "-9223372036854775809".into()
        }
    );
    assert_eq!(
        error("var x in 0..1\n9223372036854775807 x + 1 x >= 1"),
        TextError::Overflow {
            line: 2,
            column: 23
        }
    );
    assert_eq!(
        error("var x in 0..1\n-9223372036854775808 x >= 1"),
        TextError::Overflow { line: 2, column: 1 }
    );
    assert_eq!(
        error("var x in 0..1\nx <= 9223372036854775808"),
        TextError::TooLarge {
            line: 2,
            column: 6,
            text: "9223372036854775808".into()
        }
    );
}

/// Spacing, a byte-order mark and `==` as users write them; an empty text refused.
#[test]
fn what_users_write_reads() {
    assert_eq!(solutions("\u{feff}var x in 0 .. 2\nx+1<=2").len(), 2);
    assert_eq!(solutions("var x y in 0..2\nx == y").len(), 3);
    for empty in ["", "\n\n", "# only a comment\n   # and another"] {
        assert_eq!(
            empty.parse::<Model>().err(),
            Some(TextError::Empty),
            "{empty:?}"
        );
    }
}

/// A coefficient with no negation is refused by the model itself, not only by the text.
#[test]
fn the_model_refuses_a_coefficient_of_i64_min() {
    let mut model = Model::new();
    let (x, y, b) = (
        model.var(0, 1).unwrap(),
        model.var(0, 1).unwrap(),
        model.bool_var(),
    );
    for rel in [Rel::Ne, Rel::Le] {
        let terms = [(i64::MIN, x), (1, y)];
        assert_eq!(model.linear(&terms, rel, 0), Err(ModelError::Coefficient));
        assert_eq!(model.reify(b, &terms, rel, 0), Err(ModelError::Coefficient));
    }
    assert_eq!(model.linear(&[(-i64::MAX, x), (1, y)], Rel::Ne, 0), Ok(()));
}
