//! The dancing links of an exact cover problem, laid out in flat arrays as in Knuth's
//! `dlx2` (*The Art of Computer Programming*, Volume 4B, Algorithm 7.2.2.1C): indices,
//! no pointers, and nothing allocated while searching.
//!
//! Items are numbered from 1 to N, the primary ones first. Each has a cell of `items`,
//! its place in a doubly linked list of the items still to cover (the primary ones in the
//! list headed by 0, the secondary ones in the list headed by N + 1), and a header node,
//! node i, whose `top` holds the length of its column. The options follow, each a run
//! of nodes (one per item, `top` the item) between two spacers (`top` at most 0: the
//! spacer after option k has `top` = -(k + 1), `up` its option's first node, and `down`
//! the last node of the option after it).

/// No item: what the choice of an item gives when every primary item is covered.
pub(super) const NONE: u32 = u32::MAX;

/// A node as the links are built: of an item's column (its header, or one item of an
/// option), or a spacer. [`Links`] keeps each field in an array of its own.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    /// The item of an option's node; the length of the column of a header; at most 0 for
    /// a spacer.
    top: i32,
    /// The node above in the column (a spacer: the first node of the option before it).
    up: u32,
    /// The node below in the column (a spacer: the last node of the option after it).
    down: u32,
    /// An option's node: its colour (0 for none); a header: the colour given to the item.
    color: i32,
}

/// An item's place in its list of items still to cover.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Item {
    pub left: u32,
    pub right: u32,
}

/// The dancing links: the lists of items and the columns of options, the nodes' fields in
/// an array each, as DLX1 keeps them (an index is then scaled by 4, in the address itself).
#[derive(Clone, Debug)]
pub(super) struct Links {
    items: Cells<Item>,
    /// Each node's [`Node::top`]; an option's node agreeing with its item's colour (purified)
    /// has [`PURIFIED`] set besides its item.
    top: Cells<i32>,
    up: Cells<u32>,
    down: Cells<u32>,
    /// Each node's colour: read only as an option is chosen or an item purified.
    color: Cells<i32>,
}

/// Set in the `top` of an option's node that agrees with the colour its item was given:
/// hiding its option leaves it in its column. A flag of `top`, which the hot loops read
/// anyway, rather than a colour of -1, which they would have to read.
const PURIFIED: i32 = 1 << 30;

/// The cells of the links, indexed by the `u32` the links hold, unchecked in release
/// builds: the hot loops index four cells a node hidden, and every index they use is one
/// the links were built with (an item below N + 2, a node below the nodes' count), only
/// ever copied from cell to cell. Debug builds, and so the tests, check every index.
#[derive(Clone, Debug)]
struct Cells<T>(Box<[T]>);

impl<T> std::ops::Index<u32> for Cells<T> {
    type Output = T;

    #[inline(always)]
    #[expect(clippy::inline_always, reason = "an array index in the hot loops")]
    #[expect(unsafe_code, reason = "the one unchecked index of the dancing links")]
    fn index(&self, i: u32) -> &T {
        debug_assert!((i as usize) < self.0.len());
        // SAFETY: every index is below the length (see the type's docs).
        unsafe { self.0.get_unchecked(i as usize) }
    }
}

impl<T> std::ops::IndexMut<u32> for Cells<T> {
    #[inline(always)]
    #[expect(clippy::inline_always, reason = "an array index in the hot loops")]
    #[expect(unsafe_code, reason = "the one unchecked index of the dancing links")]
    fn index_mut(&mut self, i: u32) -> &mut T {
        debug_assert!((i as usize) < self.0.len());
        // SAFETY: every index is below the length (see the type's docs).
        unsafe { self.0.get_unchecked_mut(i as usize) }
    }
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
        assert!(
            items < PURIFIED as usize,
            "no more than 2^30 items: the links mark a purified node by bit 30"
        );
        let field = |f: fn(&Node) -> i32| Cells(nodes.iter().map(f).collect());
        let link = |f: fn(&Node) -> u32| Cells(nodes.iter().map(f).collect());
        Links {
            items: Cells(list.into_boxed_slice()),
            top: field(|node| node.top),
            up: link(|node| node.up),
            down: link(|node| node.down),
            color: field(|node| node.color),
        }
    }

    /// The length of item `i`'s column: how many options may still cover it.
    #[inline]
    pub fn len(&self, i: u32) -> u32 {
        self.top[i] as u32
    }

    /// The node below `x` in its column.
    #[inline]
    pub fn down(&self, x: u32) -> u32 {
        self.down[x]
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
            i = self.items[i].right;
        }
        best
    }

    /// The option of node `x`, numbered from 0 in input order.
    pub fn option_of(&self, mut x: u32) -> usize {
        while self.top[x] > 0 {
            x += 1;
        }
        (-self.top[x] - 1) as usize
    }

    /// Removes item `i` from its list and hides every option of its column from the other
    /// columns.
    #[inline]
    pub fn cover(&mut self, i: u32) {
        let mut p = self.down[i];
        while p != i {
            self.hide(p);
            p = self.down[p];
        }
        let Item { left, right } = self.items[i];
        self.items[left].right = right;
        self.items[right].left = left;
    }

    /// Undoes [`Links::cover`]`(i)`.
    #[inline]
    pub fn uncover(&mut self, i: u32) {
        let Item { left, right } = self.items[i];
        self.items[left].right = i;
        self.items[right].left = i;
        let mut p = self.up[i];
        while p != i {
            self.unhide(p);
            p = self.up[p];
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
            let (top, up, down) = (self.top[q], self.up[q], self.down[q]);
            // One comparison for the common node, an item's, neither spacer nor purified.
            if (top.wrapping_sub(1) as u32) < (PURIFIED - 1) as u32 {
                if HIDE {
                    self.top[top as u32] -= 1;
                    self.down[up] = down;
                    self.up[down] = up;
                } else {
                    self.top[top as u32] += 1;
                    self.down[up] = q;
                    self.up[down] = q;
                }
            } else if top <= 0 {
                q = if HIDE { up } else { down };
                continue;
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
            let top = self.top[p];
            if top <= 0 {
                p = self.up[p];
            } else {
                if top & PURIFIED == 0 {
                    if self.color[p] == 0 {
                        self.cover(top as u32);
                    } else {
                        self.purify(p);
                    }
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
            let top = self.top[p];
            if top <= 0 {
                p = self.down[p];
            } else {
                if top & PURIFIED == 0 {
                    if self.color[p] == 0 {
                        self.uncover(top as u32);
                    } else {
                        self.unpurify(p);
                    }
                }
                p -= 1;
            }
        }
    }

    /// Gives the item of node `p` the colour of `p`: the options of its column of
    /// another colour are hidden, the others of the same colour marked as agreeing (so
    /// that choosing one of them leaves the item as it is).
    fn purify(&mut self, p: u32) {
        let (i, color) = (self.top[p] as u32, self.color[p]);
        self.color[i] = color;
        let mut q = self.down[i];
        while q != i {
            if self.color[q] != color {
                self.hide(q);
            } else if q != p {
                self.top[q] |= PURIFIED;
            }
            q = self.down[q];
        }
    }

    /// Undoes [`Links::purify`]`(p)`.
    fn unpurify(&mut self, p: u32) {
        let i = self.top[p] as u32;
        let mut q = self.up[i];
        while q != i {
            if self.top[q] & PURIFIED != 0 {
                self.top[q] &= !PURIFIED;
            } else if q != p {
                self.unhide(q);
            }
            q = self.up[q];
        }
    }
}
