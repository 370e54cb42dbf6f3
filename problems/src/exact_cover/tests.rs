//! The dancing links against the definition: Knuth's example, colours, the parser.

use backtrack::Search;

use super::ExactCover;

fn all(text: &str) -> Vec<Vec<usize>> {
    Search::new(text.parse::<ExactCover>().unwrap()).collect()
}

#[test]
fn knuths_example_has_its_one_cover() {
    let text = "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n";
    assert_eq!(all(text), [vec![3, 4, 0]]);
}
