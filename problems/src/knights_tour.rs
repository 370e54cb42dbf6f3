//! The knight's tour: a knight visits every square of an R×C board exactly once, from a
//! given start; a *closed* tour also ends a knight's move from the start.
//!
//! The state is the path so far; an operator moves the knight to a square not yet visited.
//! The search range is in **Warnsdorff's order** (1823): the squares with the fewest onward
//! moves first, ties broken by the greater distance from the board's center (Roth's rule),
//! then by the order of the moves (clockwise from two up and one right); for a closed tour,
//! ties go first to the farther from the start, so that the path leaves it and comes back
//! last. On a narrow board (an open tour, the short side at most [`NARROW`] squares and
//! the long one at least twice as long) that
//! order loses its way, so its ties go otherwise: on four rows to the nearer the center
//! then the farther from the start, on the others to the farther from the start then the
//! nearer the center; and a move must leave the squares still to visit connected. With it,
//! open tours of big boards and of narrow ones from a corner are found with almost no
//! backtracking, and closed ones up to about 70×70; the search is complete, so a board with
//! no tour ends with none, but it may take long on big boards.
//!
//! Two constraints cut hopeless paths: a square left with no unvisited neighbor can only be
//! the last one (so at most one may be, and only when it is the last square left); and for
//! a closed tour the start must keep an unvisited neighbor, the square to end on. For a
//! closed tour the start counts as unvisited in the onward moves of its neighbors (it is
//! their way back), so that Warnsdorff's order keeps them for the end. And a
//! color argument refuses at the root the boards where no tour can start: a knight changes
//! color at every move, so on a board with an odd number of squares an open tour starts on
//! the color with more squares and a closed tour does not exist.

use std::cmp::Reverse;

use backtrack::Problem;

/// The moves of a knight, clockwise from two up and one right: (rows, columns).
const MOVES: [(i64, i64); 8] = [
    (-2, 1),
    (-1, 2),
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
];

/// The largest side of a board: a tour of 1000×1000 is a million moves.
pub const MAX_SIDE: usize = 1000;

/// No neighbor.
const NONE: u32 = u32::MAX;

/// The widest board, on its short side, searched as a narrow one (an open tour, the long
/// side at least twice the short): its own tie-break, and the squares left kept connected.
pub const NARROW: usize = 6;

/// A knight's-tour problem, and the search state of a path being built.
///
/// Squares are `(row, column)` from `(0, 0)`; a solution is the squares in the order
/// visited, the start first.
///
/// ```
/// use backtrack::Search;
/// use backtrack_problems::knights_tour::{check, KnightsTour};
///
/// let tour = Search::new(KnightsTour::new(8, 8, (0, 0), false)).next().unwrap();
/// assert_eq!(tour.len(), 64);
/// assert_eq!(check(8, 8, &tour, false), Ok(()));
/// // 5×5 has 13 squares of one color and 12 of the other: no tour starts on the 12.
/// assert_eq!(Search::new(KnightsTour::new(5, 5, (0, 1), false)).count(), 0);
/// ```
#[derive(Clone, Debug)]
pub struct KnightsTour {
    rows: usize,
    cols: usize,
    closed: bool,
    /// `neighbors[s]`: the squares a knight's move from `s`, `NONE` after the last.
    neighbors: Vec<[u32; 8]>,
    /// The order of the squares among equals in Warnsdorff's: the greater first.
    center: Vec<u64>,
    visited: Vec<bool>,
    /// `free[s]`: the unvisited squares a knight's move from `s` (for a closed tour, with
    /// the start counted as unvisited: the way back).
    free: Vec<u8>,
    /// Unvisited squares with no unvisited neighbor.
    stranded: usize,
    path: Vec<u32>,
    /// No tour can start here (the color argument): the root has no operators.
    hopeless: bool,
    /// A narrow board: a move must leave the squares still to visit connected.
    narrow: bool,
}

impl KnightsTour {
    /// Tours of the `rows`×`cols` board from `start` (row, column from 0); `closed`: only
    /// those that end a knight's move from the start.
    ///
    /// # Panics
    ///
    /// If a side is 0 or more than [`MAX_SIDE`], or `start` is off the board.
    pub fn new(rows: usize, cols: usize, start: (usize, usize), closed: bool) -> Self {
        assert!((1..=MAX_SIDE).contains(&rows) && (1..=MAX_SIDE).contains(&cols));
        assert!(
            start.0 < rows && start.1 < cols,
            "the start is off the board"
        );
        let squares = rows * cols;
        let mut neighbors = vec![[NONE; 8]; squares];
        let mut free = vec![0u8; squares];
        let mut center = vec![0u64; squares];
        for r in 0..rows {
            for c in 0..cols {
                let s = r * cols + c;
                let mut k = 0;
                for (dr, dc) in MOVES {
                    let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                    if (0..rows as i64).contains(&nr) && (0..cols as i64).contains(&nc) {
                        neighbors[s][k] = (nr as usize * cols + nc as usize) as u32;
                        k += 1;
                    }
                }
                free[s] = k as u8;
                let (dr, dc) = (
                    2 * r as i64 - (rows as i64 - 1),
                    2 * c as i64 - (cols as i64 - 1),
                );
                center[s] = (dr * dr + dc * dc) as u64;
            }
        }
        let first = start.0 * cols + start.1;
        let (short, long) = (rows.min(cols), rows.max(cols));
        let narrow = !closed && short <= NARROW && long >= 2 * short;
        // Both distances are below 2^32 (sides of at most 1000).
        let from_start = |s: usize| {
            let (dr, dc) = (
                (s / cols) as i64 - start.0 as i64,
                (s % cols) as i64 - start.1 as i64,
            );
            (dr * dr + dc * dc) as u64
        };
        let nearer = |distance: u64| u64::from(u32::MAX) - distance;
        for (s, key) in center.iter_mut().enumerate() {
            *key = if closed {
                (from_start(s) << 32) + *key
            } else if narrow && rows.min(cols) == 4 {
                // Four rows: nearer the center first, then farther from the start.
                (nearer(*key) << 32) + from_start(s)
            } else if narrow {
                // Other narrow boards: farther from the start first, then nearer the center.
                (from_start(s) << 32) + nearer(*key)
            } else {
                *key
            };
        }
        // Squares of the start's color (r + c even or odd): a tour alternates colors.
        let same = (start.0 + start.1) % 2;
        let of_start_color = if same == 0 {
            squares.div_ceil(2)
        } else {
            squares / 2
        };
        let hopeless = squares % 2 == 1 && (closed || 2 * of_start_color < squares);
        let mut tour = KnightsTour {
            rows,
            cols,
            closed,
            neighbors,
            center,
            visited: vec![false; squares],
            free,
            stranded: 0,
            path: Vec::with_capacity(squares),
            hopeless,
            narrow,
        };
        tour.stranded = (0..squares).filter(|&s| tour.free[s] == 0).count();
        if closed {
            // The start stays an exit of its neighbors: the way back that closes the tour.
            // Warnsdorff's order then keeps them for the end.
            tour.visited[first] = true;
            if tour.free[first] == 0 {
                tour.stranded -= 1;
            }
            tour.path.push(first as u32);
        } else {
            tour.visit(first as u32);
        }
        tour
    }

    /// The board's rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The board's columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Is a closed tour asked for?
    pub fn closed(&self) -> bool {
        self.closed
    }

    fn square(&self, s: u32) -> (usize, usize) {
        (s as usize / self.cols, s as usize % self.cols)
    }

    fn neighbors_of(&self, s: u32) -> impl Iterator<Item = u32> + '_ {
        self.neighbors[s as usize]
            .iter()
            .copied()
            .take_while(|&n| n != NONE)
    }

    fn visit(&mut self, s: u32) {
        let i = s as usize;
        self.visited[i] = true;
        if self.free[i] == 0 {
            self.stranded -= 1;
        }
        for n in self.neighbors[i].into_iter().take_while(|&n| n != NONE) {
            let n = n as usize;
            self.free[n] -= 1;
            if self.free[n] == 0 && !self.visited[n] {
                self.stranded += 1;
            }
        }
        self.path.push(s);
    }

    fn unvisit(&mut self, s: u32) {
        let i = s as usize;
        self.path.pop();
        for n in self.neighbors[i].into_iter().take_while(|&n| n != NONE) {
            let n = n as usize;
            if self.free[n] == 0 && !self.visited[n] {
                self.stranded -= 1;
            }
            self.free[n] += 1;
        }
        if self.free[i] == 0 {
            self.stranded += 1;
        }
        self.visited[i] = false;
    }

    /// The squares visited and still to visit after a move to `s`, and the squares then
    /// stranded (unvisited, with no unvisited neighbor), without making the move.
    fn after(&self, s: u32) -> (usize, usize) {
        let left = self.visited.len() - self.path.len() - 1;
        let mut stranded = self.stranded - usize::from(self.free[s as usize] == 0);
        for n in self.neighbors_of(s) {
            if !self.visited[n as usize] && self.free[n as usize] == 1 {
                stranded += 1;
            }
        }
        (left, stranded)
    }

    /// Are the squares still to visit after a move to `s` all reachable from `s` by
    /// knight's moves over squares still to visit? If not, no path from `s` covers them.
    /// `O(squares)`, as is the scratch it takes: for narrow boards only.
    fn stays_connected(&self, s: u32, left: usize) -> bool {
        let mut seen = self.visited.clone();
        seen[s as usize] = true;
        let mut stack = vec![s];
        let mut reached = 0;
        while let Some(at) = stack.pop() {
            for n in self.neighbors_of(at) {
                if !seen[n as usize] {
                    seen[n as usize] = true;
                    reached += 1;
                    stack.push(n);
                }
            }
        }
        reached == left
    }

    /// `(3,2) #5`: the knight's square (row and column from 1) and how many squares it has
    /// visited.
    fn describe(&self, at: u32, visited: usize) -> String {
        let (r, c) = self.square(at);
        format!("({},{}) #{visited}", r + 1, c + 1)
    }
}

/// The search range of a state: the unvisited squares a knight's move away, in
/// Warnsdorff's order.
#[derive(Clone, Debug)]
pub struct Moves {
    squares: [u32; 8],
    len: u8,
    next: u8,
}

impl Iterator for Moves {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        (self.next < self.len).then(|| {
            self.next += 1;
            self.squares[usize::from(self.next - 1)]
        })
    }
}

impl Problem for KnightsTour {
    /// The square moved to (`row * cols + col`).
    type Op = u32;
    type Ops = Moves;
    /// The squares in the order visited, the start first: (row, column) from 0.
    type Solution = Vec<(usize, usize)>;

    /// The unvisited squares a knight's move from the last one: fewest onward moves first,
    /// then farther from the center, then in the order of the moves.
    fn operators(&self) -> Moves {
        let mut moves = Moves {
            squares: [0; 8],
            len: 0,
            next: 0,
        };
        if self.hopeless {
            return moves;
        }
        let at = *self.path.last().expect("the start is visited");
        let key = |s: u32| (self.free[s as usize], Reverse(self.center[s as usize]));
        for n in self.neighbors_of(at).filter(|&n| !self.visited[n as usize]) {
            // Insertion by key; equal keys keep the order of the moves.
            let mut i = usize::from(moves.len);
            while i > 0 && key(moves.squares[i - 1]) > key(n) {
                moves.squares[i] = moves.squares[i - 1];
                i -= 1;
            }
            moves.squares[i] = n;
            moves.len += 1;
        }
        moves
    }

    /// A move that leaves no square stranded (unless it is the last one left) and, for a
    /// closed tour, leaves the start an unvisited neighbor to end on (the last square: a
    /// neighbor of the start).
    fn admissible(&self, s: u32) -> bool {
        let (left, stranded) = self.after(s);
        let start = self.path[0];
        if left == 0 {
            return !self.closed || self.neighbors_of(start).any(|n| n == s);
        }
        // A square with no exit can only be the last; a closed tour's last square has one,
        // the start.
        let last_may_be_stranded = left == 1 && !self.closed;
        if stranded > usize::from(last_may_be_stranded) {
            return false;
        }
        if self.narrow && !self.stays_connected(s, left) {
            return false;
        }
        !self.closed
            || self
                .neighbors_of(start)
                .any(|n| n != s && !self.visited[n as usize])
    }

    fn apply(&mut self, s: u32) {
        self.visit(s);
    }

    fn undo(&mut self, s: u32) {
        self.unvisit(s);
    }

    /// Every square visited (and, closed, the last a knight's move from the start).
    fn is_complete(&self) -> bool {
        self.path.len() == self.visited.len()
            && (!self.closed
                || self
                    .neighbors_of(self.path[0])
                    .any(|n| Some(&n) == self.path.last()))
    }

    fn solution(&self) -> Vec<(usize, usize)> {
        self.path.iter().map(|&s| self.square(s)).collect()
    }
}

/// Labels for the solution tree: a state is the knight's square (row and column from 1)
/// and how many squares it has visited, `(3,2) #5`; an operator is the square moved to,
/// `(1,3)`.
impl backtrack::tree::Label for KnightsTour {
    fn label(&self) -> String {
        self.describe(*self.path.last().expect("the start"), self.path.len())
    }

    fn op_label(&self, s: u32) -> String {
        let (r, c) = self.square(s);
        format!("({},{})", r + 1, c + 1)
    }

    fn child_label(&self, s: u32) -> String {
        self.describe(s, self.path.len() + 1)
    }
}

/// What is wrong with a tour ([`check`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TourFault {
    /// Not one square per square of the board: how many were given.
    #[error("{0} squares, not every square of the board")]
    Length(usize),
    /// A square off the board, or visited twice: its place in the tour (from 0).
    #[error("square {0} of the tour is off the board or visited before")]
    Square(usize),
    /// A step that is not a knight's move: the place of its second square.
    #[error("the move to square {0} of the tour is not a knight's move")]
    Move(usize),
    /// A closed tour whose last square is not a knight's move from the first.
    #[error("the tour does not return to its start")]
    NotClosed,
}

/// Checks a tour of the `rows`×`cols` board: every square once, each step a knight's move,
/// and if `closed` the last square a knight's move from the first.
///
/// ```
/// use backtrack_problems::knights_tour::{check, TourFault};
///
/// assert_eq!(check(1, 1, &[(0, 0)], false), Ok(()));
/// assert_eq!(check(1, 2, &[(0, 0), (0, 1)], false), Err(TourFault::Move(1)));
/// ```
pub fn check(
    rows: usize,
    cols: usize,
    tour: &[(usize, usize)],
    closed: bool,
) -> Result<(), TourFault> {
    if tour.len() != rows * cols {
        return Err(TourFault::Length(tour.len()));
    }
    let knight = |(a, b): (usize, usize), (c, d): (usize, usize)| {
        let (dr, dc) = (a.abs_diff(c), b.abs_diff(d));
        (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
    };
    let mut seen = vec![false; rows * cols];
    for (i, &(r, c)) in tour.iter().enumerate() {
        if r >= rows || c >= cols || seen[r * cols + c] {
            return Err(TourFault::Square(i));
        }
        seen[r * cols + c] = true;
        if i > 0 && !knight(tour[i - 1], (r, c)) {
            return Err(TourFault::Move(i));
        }
    }
    if closed && !(tour.len() > 1 && knight(tour[tour.len() - 1], tour[0])) {
        return Err(TourFault::NotClosed);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use backtrack::tree::Label;
    use backtrack::{Limits, Problem, Search};

    use super::{check, KnightsTour, TourFault};

    fn first(
        rows: usize,
        cols: usize,
        start: (usize, usize),
        closed: bool,
    ) -> Option<Vec<(usize, usize)>> {
        Search::new(KnightsTour::new(rows, cols, start, closed)).next()
    }

    /// Open tours by brute force: every path of knight's moves from `start`, without the
    /// search's order or constraints.
    fn brute_force(rows: usize, cols: usize, start: (usize, usize), closed: bool) -> u64 {
        fn walk(rows: usize, cols: usize, path: &mut Vec<(usize, usize)>, closed: bool) -> u64 {
            if path.len() == rows * cols {
                return u64::from(check(rows, cols, path, closed).is_ok());
            }
            let (r, c) = *path.last().unwrap();
            let mut count = 0;
            for (dr, dc) in super::MOVES {
                let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                if nr < 0 || nc < 0 || nr >= rows as i64 || nc >= cols as i64 {
                    continue;
                }
                let next = (nr as usize, nc as usize);
                if path.contains(&next) {
                    continue;
                }
                path.push(next);
                count += walk(rows, cols, path, closed);
                path.pop();
            }
            count
        }
        walk(rows, cols, &mut vec![start], closed)
    }

    /// Every start of the small boards: the search's count (with its constraints and the
    /// color argument) is the brute force's.
    #[test]
    fn counts_agree_with_brute_force() {
        for (rows, cols) in [(1, 1), (1, 3), (2, 3), (3, 3), (3, 4), (4, 4), (2, 5)] {
            for r in 0..rows {
                for c in 0..cols {
                    for closed in [false, true] {
                        let problem = KnightsTour::new(rows, cols, (r, c), closed);
                        let found = Search::new(problem).count_solutions().found;
                        assert_eq!(
                            found,
                            brute_force(rows, cols, (r, c), closed),
                            "{rows}×{cols} from {r},{c}, closed {closed}"
                        );
                    }
                }
            }
        }
    }

    /// 5×5 from a corner: 304 open tours, the figure usually quoted for this board, and
    /// what the plain brute force below finds (ignored: slow in a debug build).
    #[test]
    fn five_by_five_from_a_corner() {
        let found = Search::new(KnightsTour::new(5, 5, (0, 0), false))
            .count_solutions()
            .found;
        assert_eq!(found, 304);
    }

    #[test]
    #[ignore = "a few seconds in a debug build"]
    fn five_by_five_from_a_corner_by_brute_force() {
        assert_eq!(brute_force(5, 5, (0, 0), false), 304);
    }

    /// Boards known to have no tour: 2×2, 3×3, 4×4 (open or closed), and closed tours of
    /// boards with an odd number of squares.
    #[test]
    fn boards_without_tours() {
        for n in 2..=4 {
            for closed in [false, true] {
                for r in 0..n {
                    for c in 0..n {
                        assert_eq!(first(n, n, (r, c), closed), None, "{n}×{n} from {r},{c}");
                    }
                }
            }
        }
        assert_eq!(first(5, 5, (0, 0), true), None);
        assert_eq!(first(7, 7, (0, 1), false), None);
        assert_eq!(first(1, 1, (0, 0), false), Some(vec![(0, 0)]));
        assert_eq!(first(1, 1, (0, 0), true), None);
    }

    /// Tours found and checked: 8×8 from every square, open, and closed from a corner; and
    /// bigger boards.
    #[test]
    fn tours_are_found_and_checked() {
        for r in 0..8 {
            for c in 0..8 {
                let tour = first(8, 8, (r, c), false).expect("an 8×8 tour");
                assert_eq!(tour[0], (r, c));
                assert_eq!(check(8, 8, &tour, false), Ok(()));
            }
        }
        let closed = first(8, 8, (0, 0), true).expect("a closed 8×8 tour");
        assert_eq!(check(8, 8, &closed, true), Ok(()));
        for (rows, cols) in [(5, 5), (6, 6), (3, 10), (10, 7), (30, 30)] {
            let tour = first(rows, cols, (0, 0), false).expect("a tour");
            assert_eq!(check(rows, cols, &tour, false), Ok(()), "{rows}×{cols}");
        }
    }

    /// Narrow boards ran for minutes without a tour (12×4: 449 M nodes): with their own
    /// tie-break and the squares left kept connected, a tour from the corner comes with
    /// next to no backtracking.
    #[test]
    fn narrow_boards_have_their_tours_at_once() {
        let boards = [
            (12, 4),
            (4, 12),
            (13, 4),
            (100, 4),
            (40, 5),
            (100, 5),
            (22, 5),
            (21, 3),
            (3, 100),
            (100, 3),
            (12, 6),
            (6, 40),
            (1000, 4),
        ];
        for (rows, cols) in boards {
            // The node limit makes a search that wanders fail rather than run for hours.
            let budget = 2 * (rows * cols) as u64;
            let mut search = Search::new(KnightsTour::new(rows, cols, (0, 0), false))
                .limits(Limits::none().nodes(budget));
            let tour = search.next().expect("a tour");
            assert_eq!(check(rows, cols, &tour, false), Ok(()), "{rows}×{cols}");
            let nodes = search.stats().nodes;
            assert!(nodes <= budget, "{rows}×{cols}: {nodes} nodes");
        }
        // Narrow boards without a tour still end with none: 3×5, 3×6 from every square.
        for cols in [5, 6] {
            for r in 0..3 {
                for c in 0..cols {
                    assert_eq!(first(3, cols, (r, c), false), None, "3×{cols} from {r},{c}");
                }
            }
        }
    }

    #[test]
    fn the_checker_refuses_bad_tours() {
        assert_eq!(check(1, 2, &[(0, 0)], false), Err(TourFault::Length(1)));
        assert_eq!(
            check(1, 2, &[(0, 0), (0, 0)], false),
            Err(TourFault::Square(1))
        );
        assert_eq!(
            check(1, 2, &[(0, 0), (0, 2)], false),
            Err(TourFault::Square(1))
        );
        let tour = first(5, 5, (0, 0), false).unwrap();
        assert_eq!(check(5, 5, &tour, true), Err(TourFault::NotClosed));
        let mut swapped = tour.clone();
        swapped.swap(3, 4);
        assert!(matches!(
            check(5, 5, &swapped, false),
            Err(TourFault::Move(_))
        ));
    }

    /// Warnsdorff's order: from a corner of 8×8, the two moves have 5 onward moves each
    /// ((2,1) and (1,2) from 0): the tie goes to the farther from the center, then to the
    /// first move clockwise, (1,2) before (2,1).
    #[test]
    fn warnsdorff_order_and_labels() {
        let problem = KnightsTour::new(8, 8, (0, 0), false);
        let moves: Vec<u32> = problem.operators().collect();
        assert_eq!(moves, [8 + 2, 2 * 8 + 1]);
        assert_eq!(problem.label(), "(1,1) #1");
        assert_eq!(problem.op_label(10), "(2,3)");
        assert_eq!(problem.child_label(10), "(2,3) #2");
        // From (3,3) of 5×5 (the center), the corner-side squares come first.
        let center = KnightsTour::new(5, 5, (2, 2), false);
        let free: Vec<u8> = center
            .operators()
            .map(|s| center.free[s as usize])
            .collect();
        assert!(free.windows(2).all(|pair| pair[0] <= pair[1]), "{free:?}");
    }
}
