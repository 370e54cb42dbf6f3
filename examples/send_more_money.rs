//! SEND + MORE = MONEY as a model: eight letters, each a different digit, and one linear
//! equation over them. The model propagates the equation's bounds after every digit
//! tried, so the search visits a handful of nodes, where an enumeration of the ways to
//! give eight letters different digits would visit millions.
//!
//! `cargo run --example send_more_money`

use backtrack::Search;
use backtrack_problems::model::{Model, ModelError, Rel, Var, VarOrder};

/// The terms of a word's number, `sign` times it: SEND is 1000·S + 100·E + 10·N + D.
fn word(letters: &[Var], sign: i64) -> Vec<(i64, Var)> {
    let places = letters.iter().rev().enumerate();
    places
        .map(|(i, &x)| (sign * 10i64.pow(i as u32), x))
        .collect()
}

#[expect(clippy::many_single_char_names, reason = "the puzzle's letters")]
fn main() -> Result<(), ModelError> {
    let mut model = Model::new();
    let mut letter = |name: &str| -> Result<Var, ModelError> {
        let x = model.int_var(0..=9)?;
        model.set_name(x, name)?;
        Ok(x)
    };
    let (s, e, n, d) = (letter("S")?, letter("E")?, letter("N")?, letter("D")?);
    let (m, o, r, y) = (letter("M")?, letter("O")?, letter("R")?, letter("Y")?);
    let letters = [s, e, n, d, m, o, r, y];
    model.all_different(&letters)?;
    model.linear(&[(1, s)], Rel::Ge, 1)?; // no leading zeros
    model.linear(&[(1, m)], Rel::Ge, 1)?;
    let mut sum = word(&[s, e, n, d], 1);
    sum.extend(word(&[m, o, r, e], 1));
    sum.extend(word(&[m, o, n, e, y], -1));
    model.linear(&sum, Rel::Eq, 0)?; // SEND + MORE - MONEY = 0
    model.set_var_order(VarOrder::SmallestDomain);

    let outcome = Search::new(model.clone()).count_solutions();
    let solution = Search::new(model)
        .next()
        .expect("the puzzle has a solution");
    let number = |letters: &[Var]| letters.iter().fold(0, |total, &x| 10 * total + solution[x]);
    let (send, more, money) = (
        number(&[s, e, n, d]),
        number(&[m, o, r, e]),
        number(&[m, o, n, e, y]),
    );
    assert_eq!(send + more, money);
    assert_eq!(outcome.found, 1);
    println!("{send} + {more} = {money}");
    println!("{}", outcome.stats);
    Ok(())
}

#[test]
fn test() {
    main().unwrap();
}
