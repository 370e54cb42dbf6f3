//! `a·x + b·y ≠ c`, the commonest constraint of all (colourings, queens' diagonals),
//! propagated by the domains themselves with no call through a propagator: once `x` is
//! fixed, `y` may not take the value that makes `c`.

use super::{Conflict, Domains, Var};

/// The `≠` links of one variable, seen from it.
#[derive(Clone, Debug, Default)]
pub(super) struct Links {
    unit: Vec<Unit>,
    /// The unit links, in order, as runs of consecutive links to one variable.
    runs: Vec<Run>,
    general: Vec<General>,
}

/// Consecutive unit links to one variable `y`: `unit[start..end]`. When `x`'s range and
/// `y`'s are one word each and every link of the run is `x - y ≠ k` with an offset `d`
/// of `-64..64` (a queen's three to another), the values they take for `x`'s offset `o`
/// (below 64) are the bits `d + o` of the word, and `shifted` holds bit `d + 64` for
/// each `d`: the run takes `(shifted << o) >> 64` at once, with no loop over its links.
#[derive(Clone, Copy, Debug)]
struct Run {
    shifted: u128,
    y: u32,
    first: u32,
    width: u32,
    start: u32,
    end: u32,
    by_mask: bool,
}

impl Links {
    pub(super) fn len(&self) -> usize {
        self.unit.len() + self.general.len()
    }
}

/// `a·x + b·y ≠ c` seen from `x`, `a` and `b` both 1 or -1 (`x ≠ y`, `x ≠ y + d`,
/// `x + y ≠ c`): the offset of the value taken from `y` is `d - sign·o` for `x`'s offset
/// `o`, without a product or a quotient. `y`'s first word and width are copied here, so
/// that following the link looks up no layout.
#[derive(Clone, Copy, Debug)]
struct Unit {
    d: i64,
    y: u32,
    first: u32,
    width: u32,
    sign: i32,
}

/// `a·x + b·y ≠ c` seen from `x`, with any other coefficients, in wide arithmetic.
#[derive(Clone, Copy, Debug)]
struct General {
    a: i64,
    b: i64,
    c: i128,
    y: Var,
}

/// The most `d` of a [`Unit`] may be, so that `d - sign·o` cannot overflow.
const UNIT_OFFSET_BOUND: i128 = 1 << 62;

impl Domains {
    /// Posts `a·x + b·y ≠ c` over two different variables, propagated at once if one
    /// is fixed.
    #[expect(clippy::many_single_char_names, reason = "the terms of a·x + b·y ≠ c")]
    pub(crate) fn not_equal(&mut self, (a, x): (i64, Var), (b, y): (i64, Var), c: i128) {
        self.link(a, x, b, y, c);
        self.link(b, y, a, x, c);
        for var in [x, y] {
            if self.is_fixed(var) {
                self.newly_fixed.push(var.0);
            }
        }
    }

    /// Adds `a·x + b·y ≠ c` to `x`'s links: by offsets when both coefficients are ±1
    /// (`y`'s value `(c - a·x)·b`, its offset `c·b - a·b·base(x) - base(y) - a·b·o(x)`).
    #[expect(clippy::many_single_char_names, reason = "the terms of a·x + b·y ≠ c")]
    fn link(&mut self, a: i64, x: Var, b: i64, y: Var, c: i128) {
        self.flags[x.index()] |= super::LINKED;
        let links = &mut self.links[x.index()];
        if a.abs() == 1 && b.abs() == 1 {
            let sign = a * b;
            let (from, to) = (self.layout[x.index()], self.layout[y.index()]);
            let base_x = from.base;
            let d = c * i128::from(b) - i128::from(sign) * i128::from(base_x) - i128::from(to.base);
            if d.abs() <= UNIT_OFFSET_BOUND {
                let (d, end) = (d as i64, links.unit.len() as u32 + 1);
                links.unit.push(Unit {
                    d,
                    y: y.0,
                    first: to.first,
                    width: to.width,
                    sign: sign as i32,
                });
                let by_mask =
                    from.width <= 64 && to.width <= 64 && sign == -1 && (-64..64).contains(&d);
                let shifted = if by_mask { 1u128 << (d + 64) } else { 0 };
                match links.runs.last_mut() {
                    Some(run) if run.y == y.0 => {
                        run.end = end;
                        run.by_mask &= by_mask;
                        run.shifted |= shifted;
                    }
                    _ => links.runs.push(Run {
                        shifted,
                        y: y.0,
                        first: to.first,
                        width: to.width,
                        start: end - 1,
                        end,
                        by_mask,
                    }),
                }
                return;
            }
        }
        links.general.push(General { a, b, c, y });
    }

    /// Takes from the variables linked by `≠` to those fixed since the last call the
    /// values they may not take, until no more is fixed.
    pub(crate) fn propagate_not_equal(&mut self) -> Result<(), Conflict> {
        if self.newly_fixed.is_empty() {
            return Ok(());
        }
        // Out of the way while the domains change (nothing below reads them), and back.
        let links = std::mem::take(&mut self.links);
        let outcome = self.follow_fixed(&links);
        self.links = links;
        outcome
    }

    /// [`propagate_not_equal`](Domains::propagate_not_equal), the links `links`.
    fn follow_fixed(&mut self, links: &[Links]) -> Result<(), Conflict> {
        while let Some(v) = self.newly_fixed.pop() {
            let v = v as usize;
            let meta = self.meta[v];
            if meta.size == 1 {
                self.follow(&links[v], v, meta.min)?;
            }
        }
        Ok(())
    }

    /// Follows the links of variable `v`, fixed at offset `o`. The consecutive links to
    /// one variable whose range is one word (a queen's three to another) take their
    /// values at once, as one mask.
    fn follow(&mut self, links: &Links, v: usize, o: u32) -> Result<(), Conflict> {
        let o = i64::from(o);
        for run in &links.runs {
            let gone = if run.by_mask {
                // `(shifted << o) >> 64` in words, `o` below 64.
                let (high, low) = ((run.shifted >> 64) as u64, run.shifted as u64);
                high << o | low >> 1 >> (63 - o)
            } else if run.width <= 64 {
                let width = i64::from(run.width);
                links.unit[run.start as usize..run.end as usize]
                    .iter()
                    .fold(0u64, |gone, link| {
                        let at = link.d - i64::from(link.sign) * o;
                        if (0..width).contains(&at) {
                            gone | 1 << at
                        } else {
                            gone
                        }
                    })
            } else {
                for &link in &links.unit[run.start as usize..run.end as usize] {
                    self.take_unit(link, o)?;
                }
                continue;
            };
            let index = run.first as usize;
            let old = self.words[index];
            let new = old & !gone;
            if new == old {
                continue;
            }
            if new != 0 {
                self.write_word(run.y as usize, index, old, new);
                continue;
            }
            // A conflict: taken one by one, so that the failed node shows the domains as
            // they were when the last value went.
            for &link in &links.unit[run.start as usize..run.end as usize] {
                self.take_unit(link, o)?;
            }
        }
        let value = self.layout[v].base + o;
        for &General { a, b, c, y } in &links.general {
            let rest = c - i128::from(a) * i128::from(value);
            match self.value(y) {
                Some(vy) if i128::from(b) * i128::from(vy) == rest => {
                    return Err(Conflict::new());
                }
                Some(_) => {}
                None => {
                    let taken = match b {
                        1 => rest,
                        -1 => -rest,
                        _ if rest % i128::from(b) == 0 => rest / i128::from(b),
                        _ => continue,
                    };
                    if let Ok(taken) = i64::try_from(taken) {
                        self.remove(y, taken)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Takes from `link`'s variable the value it may not take, `x` fixed at offset `o`.
    fn take_unit(&mut self, link: Unit, o: i64) -> Result<(), Conflict> {
        let at = link.d - i64::from(link.sign) * o;
        if !(0..i64::from(link.width)).contains(&at) {
            return Ok(());
        }
        let at = at as u32;
        let index = link.first as usize + at as usize / 64;
        if self.words[index] >> (at % 64) & 1 == 0 {
            return Ok(());
        }
        if self.meta[link.y as usize].size == 1 {
            return Err(Conflict::new());
        }
        self.remove_at(link.y as usize, at);
        Ok(())
    }
}
