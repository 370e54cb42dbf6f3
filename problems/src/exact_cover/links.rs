//! The dancing links of an exact cover problem, laid out in flat arrays as in Knuth's
//! `dlx2` (*The Art of Computer Programming*, Volume 4B, Algorithm 7.2.2.1C): indices,
//! no pointers, and nothing allocated while searching.
//!
//! Items are numbered from 1 to N, the primary ones first. Each has a cell of `items`,
//! its place in a doubly linked list of the items still to cover (the primary ones in the
//! list headed by 0, the secondary ones in the list headed by N + 1), and a header node,
//! `nodes[i]`, whose `top` holds the length of its column. The options follow, each a run
//! of nodes (one per item, `top` the item) between two spacers (`top` at most 0: the
//! spacer after option k has `top` = -(k + 1), `up` its option's first node, and `down`
//! the last node of the option after it).

/// No item: what the choice of an item gives when every primary item is covered.
pub(super) const NONE: u32 = u32::MAX;

/// A node: of an item's column (its header, or one item of an option), or a spacer.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Node {
    /// The item of an option's node; the length of the column of a header; at most 0 for
    /// a spacer.
    pub top: i32,
    /// The node above in the column (a spacer: the first node of the option before it).
    pub up: u32,
    /// The node below in the column (a spacer: the last node of the option after it).
    pub down: u32,
    /// An option's node: its colour (0 for none), or -1 once the option agrees with the
    /// colour its item was given (purified); a header: the colour given to the item.
    pub color: i32,
}

/// An item's place in its list of items still to cover.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Item {
    pub left: u32,
    pub right: u32,
}

/// The dancing links: the lists of items and the columns of options.
#[derive(Clone, Debug)]
pub(super) struct Links {
    pub items: Vec<Item>,
    pub nodes: Vec<Node>,
}

impl Links {
    /// The links of `items` items, the first `primary` of them primary, and `options`,
    /// each a list of its items (1 to N) with their colours (0 for none).
    pub fn new(items: usize, primary: usize, options: &[Vec<(u32, u32)>]) -> Self {
        let n = items as u32;
        let p = primary as u32;
        let mut list = vec![Item::default(); items + 2];
        // Two circular lists: 0, 1, …, p, and p + 1, …, n, n + 1.
        let link = |list: &mut [Item], head: u32, first: u32, last: u32| {
            let mut prev = head;
            for i in first..=last {
                list[prev as usize].right = i;
                list[i as usize].left = prev;
                prev = i;
            }
            list[prev as usize].right = head;
            list[head as usize].left = prev;
        };
        link(&mut list, 0, 1, p);
        link(&mut list, n + 1, p + 1, n);
        let size: usize = options.iter().map(Vec::len).sum();
        let mut nodes = Vec::with_capacity(items + 2 + size + options.len());
        nodes.push(Node::default());
        for i in 1..=n {
            nodes.push(Node {
                top: 0,
                up: i,
                down: i,
                color: 0,
            });
        }
        // The first spacer.
        let mut spacer = nodes.len();
        nodes.push(Node::default());
        for (k, option) in options.iter().enumerate() {
            let first = nodes.len() as u32;
            for &(item, color) in option {
                let x = nodes.len() as u32;
                let above = nodes[item as usize].up;
                nodes[above as usize].down = x;
                nodes[item as usize].up = x;
                nodes[item as usize].top += 1;
                nodes.push(Node {
                    top: item as i32,
                    up: above,
                    down: item,
                    color: color as i32,
                });
            }
            nodes[spacer].down = nodes.len() as u32 - 1;
            spacer = nodes.len();
            nodes.push(Node {
                top: -(k as i32 + 1),
                up: first,
                down: 0,
                color: 0,
            });
        }
        Links { items: list, nodes }
    }

    /// The length of item `i`'s column: how many options may still cover it.
    #[inline]
    pub fn len(&self, i: u32) -> u32 {
        self.nodes[i as usize].top as u32
    }

    /// The node below `x` in its column.
    #[inline]
    pub fn down(&self, x: u32) -> u32 {
        self.nodes[x as usize].down
    }

    /// The `k`-th node (from 0) of item `i`'s column.
    pub fn nth(&self, i: u32, k: u32) -> u32 {
        (0..=k).fold(i, |x, _| self.down(x))
    }

    /// The primary item to branch on: the one of fewest options left (Knuth's MRV), the
    /// first in the list among equals; [`NONE`] if every primary item is covered.
    #[inline]
    pub fn choose(&self) -> u32 {
        let mut best = NONE;
        let mut fewest = u32::MAX;
        let mut i = self.items[0].right;
        while i != 0 {
            let len = self.len(i);
            if len < fewest {
                fewest = len;
                best = i;
                if len == 0 {
                    break;
                }
            }
            i = self.items[i as usize].right;
        }
        best
    }

    /// The option of node `x`, numbered from 0 in input order.
    pub fn option_of(&self, mut x: u32) -> usize {
        while self.nodes[x as usize].top > 0 {
            x += 1;
        }
        (-self.nodes[x as usize].top - 1) as usize
    }

    /// Removes item `i` from its list and hides every option of its column from the other
    /// columns.
    #[inline]
    pub fn cover(&mut self, i: u32) {
        let mut p = self.nodes[i as usize].down;
        while p != i {
            self.hide(p);
            p = self.nodes[p as usize].down;
        }
        let Item { left, right } = self.items[i as usize];
        self.items[left as usize].right = right;
        self.items[right as usize].left = left;
    }

    /// Undoes [`Links::cover`]`(i)`.
    #[inline]
    pub fn uncover(&mut self, i: u32) {
        let Item { left, right } = self.items[i as usize];
        self.items[left as usize].right = i;
        self.items[right as usize].left = i;
        let mut p = self.nodes[i as usize].up;
        while p != i {
            self.unhide(p);
            p = self.nodes[p as usize].up;
        }
    }

    /// Takes the option of node `p` out of every column but `p`'s own (its nodes already
    /// purified excepted); `unhide` puts it back.
    #[inline]
    fn hide(&mut self, p: u32) {
        self.hide_or_unhide::<true>(p);
    }

    /// Undoes [`Links::hide`]`(p)`.
    #[inline]
    fn unhide(&mut self, p: u32) {
        self.hide_or_unhide::<false>(p);
    }

    /// [`Links::hide`] (`HIDE`) or [`Links::unhide`]: the nodes of `p`'s option other than
    /// `p`, to the right and round to the left for `hide`, the other way for `unhide` (the
    /// undo in the reverse order), each unlinked from its column (or linked back) and its
    /// column's length counted down (or up). A spacer (`top <= 0`) sends the walk to the
    /// option's other end.
    #[inline(always)]
    #[expect(clippy::inline_always, reason = "two hot loops, one a direction")]
    fn hide_or_unhide<const HIDE: bool>(&mut self, p: u32) {
        let mut q = if HIDE { p + 1 } else { p - 1 };
        while q != p {
            let Node {
                top,
                up,
                down,
                color,
                ..
            } = self.nodes[q as usize];
            if top <= 0 {
                q = if HIDE { up } else { down };
                continue;
            }
            if color >= 0 {
                let column = &mut self.nodes[top as usize].top;
                if HIDE {
                    *column -= 1;
                    self.nodes[up as usize].down = down;
                    self.nodes[down as usize].up = up;
                } else {
                    *column += 1;
                    self.nodes[up as usize].down = q;
                    self.nodes[down as usize].up = q;
                }
            }
            q = if HIDE { q + 1 } else { q - 1 };
        }
    }

    /// Chooses the option of node `x` (its item already covered): covers its other
    /// items, and gives each coloured one its colour.
    #[inline]
    pub fn commit_option(&mut self, x: u32) {
        let mut p = x + 1;
        while p != x {
            let Node { top, up, color, .. } = self.nodes[p as usize];
            if top <= 0 {
                p = up;
            } else {
                if color == 0 {
                    self.cover(top as u32);
                } else if color > 0 {
                    self.purify(p);
                }
                p += 1;
            }
        }
    }

    /// Undoes [`Links::commit_option`]`(x)`, its items in reverse order.
    #[inline]
    pub fn uncommit_option(&mut self, x: u32) {
        let mut p = x - 1;
        while p != x {
            let Node {
                top, down, color, ..
            } = self.nodes[p as usize];
            if top <= 0 {
                p = down;
            } else {
                if color == 0 {
                    self.uncover(top as u32);
                } else if color > 0 {
                    self.unpurify(p);
                }
                p -= 1;
            }
        }
    }

    /// Gives the item of node `p` the colour of `p`: the options of its column of
    /// another colour are hidden, the others of the same colour marked as agreeing (so
    /// that choosing one of them leaves the item as it is).
    fn purify(&mut self, p: u32) {
        let Node { top, color, .. } = self.nodes[p as usize];
        let i = top as u32;
        self.nodes[i as usize].color = color;
        let mut q = self.nodes[i as usize].down;
        while q != i {
            if self.nodes[q as usize].color != color {
                self.hide(q);
            } else if q != p {
                self.nodes[q as usize].color = -1;
            }
            q = self.nodes[q as usize].down;
        }
    }

    /// Undoes [`Links::purify`]`(p)`.
    fn unpurify(&mut self, p: u32) {
        let Node { top, color, .. } = self.nodes[p as usize];
        let i = top as u32;
        let mut q = self.nodes[i as usize].up;
        while q != i {
            if self.nodes[q as usize].color < 0 {
                self.nodes[q as usize].color = color;
            } else if q != p {
                self.unhide(q);
            }
            q = self.nodes[q as usize].up;
        }
    }
}
