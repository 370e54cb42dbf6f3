// The solution tree page: reads the tree from #tree-data, lays it out top-down (a tidy
// layout: Reingold and Tilford's), draws the part in view as SVG, and
// replays the search: step s makes the s-th entry current (the order the search entered
// the nodes and refused the attempts), the step after the last one is the finished search.
// The address may say where to start: #step=13, #step=v13 or #step=end.
(function () {
  "use strict";

  const data = JSON.parse(document.getElementById("tree-data").textContent);
  const entries = data.nodes;
  const n = entries.length;
  const END = n + 1;

  // Above this many entries, the tree opens collapsed below a depth: the deepest that
  // leaves at most OVERVIEW entries drawn, an overview of the tree's shape to zoom into.
  const OPEN_LIMIT = 1000;
  const OVERVIEW = 150;
  // Above this many nodes in view, nodes are drawn without their text.
  const TEXT_LIMIT = 2500;
  const HGAP = 14;
  const CHAR_W = 7.3;
  // Boxes with the state and v-number in them, or (a big tree's default) small dots that
  // show them on hover and in the details: the sizes of each.
  const LABELLED = { row: 78, h: 34 };
  const DOTS = { row: 52, h: 16 };
  let ROW = LABELLED.row;
  let BOX_H = LABELLED.h;
  let labels = true;

  const MARKERS = {
    branch: "",
    dead_end: "\u2717 dead end",
    bounded: "\u2702 bounded",
    solution: "\u2713 solution",
    pruned: "\u2702 pruned",
    rejected: "\u2298 rejected",
    cut_off: "\u2026 cut off",
  };

  // A label as a box shows it: at most LABEL_MAX characters (the details show it whole).
  const LABEL_MAX = 40;
  const clip = (text, max) => (text.length > max ? text.slice(0, max - 1) + "\u2026" : text);

  // The tree as arrays: parent index, depth, children (compressed rows), subtree sizes.
  const parent = new Int32Array(n).fill(-1);
  const depth = new Int32Array(n);
  const labelWidth = new Float64Array(n);
  const width = new Float64Array(n);
  const kidCount = new Int32Array(n);
  const byId = new Map();
  let maxDepth = 0;
  for (let i = 0; i < n; i++) {
    const e = entries[i];
    depth[i] = e.depth;
    if (e.depth > maxDepth) maxDepth = e.depth;
    if (e.id !== null) byId.set(e.id, i);
    if (e.parent !== null && byId.has(e.parent)) {
      parent[i] = byId.get(e.parent);
      kidCount[parent[i]]++;
    }
    const second = e.id !== null ? "v" + e.id : MARKERS[e.status];
    labelWidth[i] = Math.max(48, Math.max(Math.min(e.label.length, LABEL_MAX), second.length) * CHAR_W + 16);
  }
  const kidStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) kidStart[i + 1] = kidStart[i] + kidCount[i];
  const kids = new Int32Array(Math.max(kidStart[n], 1));
  const fill = kidStart.slice(0, n);
  for (let i = 0; i < n; i++) if (parent[i] >= 0) kids[fill[parent[i]]++] = i;
  const size = new Int32Array(n).fill(1);
  for (let i = n - 1; i > 0; i--) if (parent[i] >= 0) size[parent[i]] += size[i];

  // Collapsed nodes: their subtrees are not drawn. A tree of more than OPEN_LIMIT entries
  // opens with its nodes collapsed from the deepest depth that leaves at most OVERVIEW
  // entries drawn (the root's children are always drawn).
  const collapsed = new Uint8Array(n);
  let openDepth = maxDepth;
  if (n > OPEN_LIMIT) {
    const atDepth = new Int32Array(maxDepth + 2);
    for (let i = 0; i < n; i++) atDepth[depth[i]]++;
    let total = 0;
    openDepth = 1;
    for (let d = 0; d <= maxDepth; d++) {
      total += atDepth[d];
      if (total > OVERVIEW) break;
      openDepth = Math.max(1, d);
    }
    for (let i = 0; i < n; i++) if (depth[i] >= openDepth && kidCount[i] > 0) collapsed[i] = 1;
  }

  function setLabels(on) {
    labels = on;
    ({ row: ROW, h: BOX_H } = on ? LABELLED : DOTS);
    for (let i = 0; i < n; i++) width[i] = on ? labelWidth[i] : DOTS.h;
  }
  setLabels(n <= OPEN_LIMIT);

  // The layout of the nodes drawn: x, y of each box's centre.
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const shownFlag = new Uint8Array(n);
  let shown = new Int32Array(0);
  let bounds = { x0: 0, x1: 1, y0: 0, y1: 1 };

  // The tidy layout of Reingold and Tilford, in the linear time of Buchheim, Jünger and
  // Leipert: each subtree laid out on its own, then its siblings' subtrees pushed right
  // just far enough that no two boxes of a level overlap, each parent centred over its
  // first and last child. Iterative (no recursion), so a tree of any depth is laid out.
  const prelim = new Float64Array(n);
  const mod = new Float64Array(n);
  const shiftBy = new Float64Array(n);
  const change = new Float64Array(n);
  const thread = new Int32Array(n);
  const ancestor = new Int32Array(n);
  const defaultAncestor = new Int32Array(n);
  const sibling = new Int32Array(n);
  for (let p = 0; p < n; p++) for (let k = kidStart[p]; k < kidStart[p + 1]; k++) sibling[kids[k]] = k - kidStart[p];

  const open = (v) => !collapsed[v] && kidCount[v] > 0;
  const firstKid = (v) => kids[kidStart[v]];
  const lastKid = (v) => kids[kidStart[v + 1] - 1];
  const nextLeft = (v) => (open(v) ? firstKid(v) : thread[v]);
  const nextRight = (v) => (open(v) ? lastKid(v) : thread[v]);
  const leftSibling = (v) => (parent[v] >= 0 && sibling[v] > 0 ? kids[kidStart[parent[v]] + sibling[v] - 1] : -1);
  const gap = (a, b) => (width[a] + width[b]) / 2 + HGAP;

  function moveSubtree(wl, wr, shift) {
    const between = sibling[wr] - sibling[wl];
    change[wr] -= shift / between;
    shiftBy[wr] += shift;
    change[wl] += shift / between;
    prelim[wr] += shift;
    mod[wr] += shift;
  }

  function executeShifts(v) {
    let shift = 0;
    let moved = 0;
    for (let k = kidStart[v + 1] - 1; k >= kidStart[v]; k--) {
      const w = kids[k];
      prelim[w] += shift;
      mod[w] += shift;
      moved += change[w];
      shift += shiftBy[w] + moved;
    }
  }

  // Pushes v's subtree clear of its left siblings' subtrees; returns the default ancestor.
  function apportion(v, fallback) {
    const w = leftSibling(v);
    if (w < 0) return fallback;
    let vir = v;
    let vor = v;
    let vil = w;
    let vol = firstKid(parent[v]);
    let sir = mod[vir];
    let sor = mod[vor];
    let sil = mod[vil];
    let sol = mod[vol];
    while (nextRight(vil) >= 0 && nextLeft(vir) >= 0) {
      vil = nextRight(vil);
      vir = nextLeft(vir);
      vol = nextLeft(vol);
      vor = nextRight(vor);
      ancestor[vor] = v;
      const shift = prelim[vil] + sil - (prelim[vir] + sir) + gap(vil, vir);
      if (shift > 0) {
        const a = parent[ancestor[vil]] === parent[v] ? ancestor[vil] : fallback;
        moveSubtree(a, v, shift);
        sir += shift;
        sor += shift;
      }
      sil += mod[vil];
      sir += mod[vir];
      sol += mod[vol];
      sor += mod[vor];
    }
    if (nextRight(vil) >= 0 && nextRight(vor) < 0) {
      thread[vor] = nextRight(vil);
      mod[vor] += sil - sor;
    }
    if (nextLeft(vir) >= 0 && nextLeft(vol) < 0) {
      thread[vol] = nextLeft(vir);
      mod[vol] += sir - sol;
      return v;
    }
    return fallback;
  }

  // Places v relative to its children (laid out) and its left sibling (placed).
  function firstWalk(v) {
    const w = leftSibling(v);
    if (!open(v)) {
      prelim[v] = w >= 0 ? prelim[w] + gap(w, v) : 0;
      return;
    }
    executeShifts(v);
    const mid = (prelim[firstKid(v)] + prelim[lastKid(v)]) / 2;
    if (w >= 0) {
      prelim[v] = prelim[w] + gap(w, v);
      mod[v] = prelim[v] - mid;
    } else {
      prelim[v] = mid;
    }
  }

  function layout() {
    shownFlag.fill(0);
    if (n === 0) {
      shown = new Int32Array(0);
      bounds = { x0: 0, x1: 1, y0: 0, y1: 1 };
      return;
    }
    prelim.fill(0);
    mod.fill(0);
    shiftBy.fill(0);
    change.fill(0);
    thread.fill(-1);
    // Children before parents, siblings left to right: the order of the recursive walk.
    const stack = [0];
    const next = [kidStart[0]];
    ancestor[0] = 0;
    while (stack.length) {
      const top = stack.length - 1;
      const v = stack[top];
      if (open(v) && next[top] < kidStart[v + 1]) {
        const c = kids[next[top]++];
        ancestor[c] = c;
        stack.push(c);
        next.push(kidStart[c]);
        continue;
      }
      stack.pop();
      next.pop();
      firstWalk(v);
      const p = parent[v];
      if (v !== 0 && p >= 0) {
        if (sibling[v] === 0) defaultAncestor[p] = v;
        defaultAncestor[p] = apportion(v, defaultAncestor[p]);
      }
    }
    // Parents before children: each x is its prelim plus its ancestors' mods.
    const order = [];
    const sum = new Float64Array(n);
    const todo = [0];
    let x0 = Infinity;
    let x1 = -Infinity;
    let deepest = 0;
    while (todo.length) {
      const v = todo.pop();
      order.push(v);
      shownFlag[v] = 1;
      x[v] = Math.round((prelim[v] + sum[v]) * 10) / 10;
      y[v] = depth[v] * ROW;
      x0 = Math.min(x0, x[v] - width[v] / 2);
      x1 = Math.max(x1, x[v] + width[v] / 2);
      deepest = Math.max(deepest, depth[v]);
      if (!open(v)) continue;
      for (let k = kidStart[v + 1] - 1; k >= kidStart[v]; k--) {
        sum[kids[k]] = sum[v] + mod[v];
        todo.push(kids[k]);
      }
    }
    shown = Int32Array.from(order);
    bounds = { x0, x1, y0: -BOX_H / 2, y1: deepest * ROW + BOX_H / 2 + 16 };
  }

  // The replay: step s in 1..n is the s-th entry current; END is the finished search.
  let step = END;
  let current = -1;
  const onPath = new Uint8Array(n);
  let inside = -1;
  let selected = -1;

  function visibleAncestor(i) {
    while (i >= 0 && !shownFlag[i]) i = parent[i];
    return i;
  }

  function markPath() {
    onPath.fill(0);
    current = step <= n ? step - 1 : -1;
    if (current >= 0) {
      for (let i = current; i >= 0; i = parent[i]) onPath[i] = 1;
    } else {
      // The finished search: the paths to its solutions.
      for (let i = 0; i < n; i++) {
        if (entries[i].status === "solution") {
          for (let j = i; j >= 0 && !onPath[j]; j = parent[j]) onPath[j] = 1;
        }
      }
    }
  }

  // --- Drawing ---------------------------------------------------------------------------
  const svg = document.getElementById("tree");
  const viewport = document.getElementById("viewport");
  const edgeLayer = document.getElementById("edges");
  const nodeLayer = document.getElementById("nodes");
  const view = { k: 1, tx: 0, ty: 0 };

  function esc(text) {
    return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  }

  function size2d() {
    const r = svg.getBoundingClientRect();
    return { w: r.width || 800, h: r.height || 500 };
  }

  function place() {
    viewport.setAttribute("transform", "translate(" + view.tx + "," + view.ty + ") scale(" + view.k + ")");
  }

  function render() {
    place();
    const { w, h } = size2d();
    const pad = 40;
    const vx0 = (-view.tx - pad) / view.k;
    const vx1 = (w - view.tx + pad) / view.k;
    const vy0 = (-view.ty - pad) / view.k;
    const vy1 = (h - view.ty + pad) / view.k;
    const inView = [];
    for (let s = 0; s < shown.length; s++) {
      const i = shown[s];
      const hw = width[i] / 2;
      if (x[i] + hw >= vx0 && x[i] - hw <= vx1 && y[i] + BOX_H >= vy0 && y[i] - BOX_H <= vy1) inView.push(i);
    }
    const withText = inView.length <= TEXT_LIMIT && view.k >= 0.3;
    const edges = [];
    for (let s = 0; s < shown.length; s++) {
      const i = shown[s];
      const p = parent[i];
      if (p < 0) continue;
      const ax = x[p];
      const ay = y[p] + BOX_H / 2;
      const bx = x[i];
      const by = y[i] - BOX_H / 2;
      if (Math.max(ax, bx) < vx0 || Math.min(ax, bx) > vx1 || by < vy0 || ay > vy1) continue;
      const e = entries[i];
      const future = step !== END && i > current;
      let cls = "edge";
      if (e.id === null) cls += " attempt";
      if (future) cls += " future";
      else if (onPath[i]) cls += " path";
      edges.push('<line class="' + cls + '" x1="' + ax + '" y1="' + ay + '" x2="' + bx + '" y2="' + by + '"/>');
      if (withText && e.op !== null) {
        edges.push('<text class="op' + (future ? " future" : "") + '" x="' + ((ax + bx) / 2) +
          '" y="' + ((ay + by) / 2 + 4) + '">' + esc(e.op) + "</text>");
      }
    }
    const nodes = [];
    for (const i of inView) {
      const e = entries[i];
      let cls = "node";
      if (step !== END && i > current) cls += " future";
      if (onPath[i]) cls += " path";
      if (i === current) cls += " current";
      if (i === inside) cls += " inside";
      if (i === selected) cls += " selected";
      const hw = width[i] / 2;
      let g = '<g class="' + cls + '" data-i="' + i + '"' + (e.id !== null ? ' data-v="' + e.id + '"' : "") +
        ' data-status="' + e.status + '" transform="translate(' + x[i] + "," + y[i] + ')">' +
        '<rect class="s-' + e.status + '" x="' + -hw + '" y="' + -BOX_H / 2 + '" width="' + width[i] +
        '" height="' + BOX_H + '" rx="' + (labels ? 6 : BOX_H / 2) + '"/>';
      if (collapsed[i]) {
        // A collapsed subtree: a triangle under its root, as Gist draws it.
        const top = BOX_H / 2 + 2;
        g += '<path class="folded" d="M0,' + top + " L9," + (top + 12) + " L-9," + (top + 12) + ' Z"/>';
      }
      // On hover: the whole label (a box clips it, a dot has none), what is folded below.
      if (!labels || e.label.length > LABEL_MAX || collapsed[i]) {
        const more = collapsed[i] ? " (" + (size[i] - 1) + " more below)" : "";
        const words = [e.id !== null ? "v" + e.id : "", e.label, MARKERS[e.status]].filter((w) => w !== "");
        g += "<title>" + esc(words.join(" ") + more) + "</title>";
      }
      if (labels && withText) {
        const second = e.id !== null ? "v" + e.id : MARKERS[e.status];
        g += '<text y="-3">' + esc(clip(e.label, LABEL_MAX)) + '</text><text class="v" y="12">' + esc(second) + "</text>";
        if (collapsed[i]) g += '<text class="more" y="' + (BOX_H / 2 + 26) + '">' + (size[i] - 1) + " more</text>";
      }
      nodes.push(g + "</g>");
    }
    edgeLayer.innerHTML = edges.join("");
    nodeLayer.innerHTML = nodes.join("");
    document.body.dataset.drawn = String(inView.length);
  }

  // Moves the drawing now, and draws what came into view at the next frame.
  let pending = false;
  function requestRender() {
    place();
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      render();
    });
  }

  // --- Zoom and pan ------------------------------------------------------------------------
  // The whole tree, however small that makes it (its text shows from a scale of 0.3); or,
  // `readable`, no smaller than a scale where it can be read, the root at the top.
  function fit(readable) {
    const { w, h } = size2d();
    const bw = bounds.x1 - bounds.x0 + 40;
    const bh = bounds.y1 - bounds.y0 + 40;
    const k = Math.max(0.02, Math.min(w / bw, h / bh, 1.6));
    const least = labels ? 0.6 : 0.4;
    if (readable && k < least) {
      view.k = least;
      view.tx = w / 2 - (n > 0 ? x[0] : 0) * least;
      view.ty = 20 - bounds.y0 * least;
      return;
    }
    view.k = k;
    view.tx = (w - (bounds.x1 + bounds.x0) * k) / 2;
    view.ty = Math.min((h - (bounds.y1 + bounds.y0) * k) / 2, 20 - bounds.y0 * k);
  }

  function zoomAt(factor, px, py) {
    const k = Math.min(4, Math.max(0.02, view.k * factor));
    view.tx = px - ((px - view.tx) * k) / view.k;
    view.ty = py - ((py - view.ty) * k) / view.k;
    view.k = k;
    requestRender();
  }

  function centre(i) {
    const { w, h } = size2d();
    view.tx = w / 2 - x[i] * view.k;
    view.ty = h / 3 - y[i] * view.k;
  }

  function inViewNow(i) {
    const { w, h } = size2d();
    const sx = x[i] * view.k + view.tx;
    const sy = y[i] * view.k + view.ty;
    return sx > 20 && sx < w - 20 && sy > 20 && sy < h - 20;
  }

  svg.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    const r = svg.getBoundingClientRect();
    zoomAt(Math.exp(-ev.deltaY * 0.0015), ev.clientX - r.left, ev.clientY - r.top);
  }, { passive: false });

  let drag = null;
  svg.addEventListener("pointerdown", (ev) => {
    drag = { x: ev.clientX, y: ev.clientY, tx: view.tx, ty: view.ty, moved: false };
    try {
      svg.setPointerCapture(ev.pointerId);
    } catch (err) {
      // No such pointer (an event made by a script): the drag works without capture.
    }
  });
  svg.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    const dx = ev.clientX - drag.x;
    const dy = ev.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 3) {
      drag.moved = true;
      svg.classList.add("dragging");
    }
    if (drag.moved) {
      view.tx = drag.tx + dx;
      view.ty = drag.ty + dy;
      requestRender();
    }
  });
  svg.addEventListener("pointerup", (ev) => {
    const was = drag;
    drag = null;
    svg.classList.remove("dragging");
    if (was && !was.moved) {
      const hit = document.elementFromPoint(ev.clientX, ev.clientY);
      const g = hit && hit.closest ? hit.closest(".node") : null;
      select(g ? Number(g.dataset.i) : -1);
    }
  });
  svg.addEventListener("dblclick", (ev) => {
    const g = ev.target.closest ? ev.target.closest(".node") : null;
    if (g) toggle(Number(g.dataset.i));
  });

  // --- Collapse and expand -----------------------------------------------------------------
  function relayout(keep) {
    // Keeps node `keep` where it is on the screen.
    const sx = keep >= 0 ? x[keep] * view.k + view.tx : 0;
    const sy = keep >= 0 ? y[keep] * view.k + view.ty : 0;
    layout();
    if (keep >= 0 && shownFlag[keep]) {
      view.tx = sx - x[keep] * view.k;
      view.ty = sy - y[keep] * view.k;
    }
    markInside();
    render();
  }

  function toggle(i) {
    if (kidCount[i] === 0) return;
    collapsed[i] = collapsed[i] ? 0 : 1;
    relayout(i);
    if (i === selected) details();
  }

  function expandAll(i) {
    const stack = [i];
    while (stack.length) {
      const j = stack.pop();
      collapsed[j] = 0;
      for (let c = kidStart[j]; c < kidStart[j + 1]; c++) if (kidCount[kids[c]] > 0) stack.push(kids[c]);
    }
    relayout(i);
    details();
  }

  function openPathTo(i) {
    let changed = false;
    for (let j = parent[i]; j >= 0; j = parent[j]) {
      if (collapsed[j]) {
        collapsed[j] = 0;
        changed = true;
      }
    }
    return changed;
  }

  // --- Details ---------------------------------------------------------------------------
  const panel = document.getElementById("details");
  const hint = panel.innerHTML;

  function select(i) {
    selected = i;
    details();
    render();
  }

  function details() {
    if (selected < 0) {
      panel.innerHTML = hint;
      return;
    }
    const i = selected;
    const e = entries[i];
    const row = (name, value) => "<dt>" + name + "</dt><dd>" + esc(value) + "</dd>";
    let html = "<h2>" + (e.id !== null ? "v" + e.id : "attempt") + "</h2><dl>";
    html += row("state", e.label);
    html += row("status", (MARKERS[e.status] || "branch").replace(/^\S+ /, ""));
    html += row("depth", e.depth);
    html += row("operator", e.op === null ? "(the root)" : e.op);
    if (e.parent !== null) html += row("parent", "v" + e.parent);
    html += row("children", kidCount[i]);
    html += row("subtree", size[i] + (size[i] === 1 ? " entry" : " entries"));
    html += row(e.id !== null ? "entered at step" : "refused at step", (i + 1) + " of " + n);
    html += "</dl>";
    if (kidCount[i] > 0) {
      html += '<button data-act="toggle">' + (collapsed[i] ? "expand" : "collapse") + "</button>";
      html += '<button data-act="all">expand the whole subtree</button>';
    }
    html += '<button data-act="replay">replay to here</button>';
    panel.innerHTML = html;
  }

  panel.addEventListener("click", (ev) => {
    const act = ev.target.dataset ? ev.target.dataset.act : undefined;
    if (selected < 0 || !act) return;
    if (act === "toggle") toggle(selected);
    else if (act === "all") expandAll(selected);
    else if (act === "replay") {
      pause();
      go(selected + 1, true);
    }
  });

  // --- Replay controls ---------------------------------------------------------------------
  const slider = document.getElementById("slider");
  const position = document.getElementById("position");
  const follow = document.getElementById("follow");
  const speed = document.getElementById("speed");
  const playButton = document.getElementById("play");
  slider.max = String(END);
  // About ten seconds of play at the start, whatever the size.
  speed.value = n <= 60 ? "1" : n <= 300 ? "4" : n <= 3000 ? "20" : n <= 30000 ? "100" : "1000";

  function describe() {
    if (step === END) {
      const solved = data.stats.solutions;
      return "search finished: " + n + (n === 1 ? " entry" : " entries") + ", " + solved +
        (solved === 1 ? " solution" : " solutions") + (solved > 0 ? " (paths highlighted)" : "");
    }
    const e = entries[current];
    let text = "step " + step + " of " + n + ": " + (e.id !== null ? "v" + e.id + " " : "") + clip(e.label, 80);
    if (MARKERS[e.status]) text += "  " + MARKERS[e.status];
    if (current > 0) {
      // Where the search was: at the previous node, or at an attempt's parent.
      const prev = entries[current - 1];
      const from = prev.id !== null ? current - 1 : parent[current - 1];
      const to = parent[current];
      if (from >= 0 && to >= 0 && from !== to && depth[from] >= depth[to]) {
        text += "  \u21A9 backtracked from v" + entries[from].id + " to v" + entries[to].id;
      }
    }
    return text;
  }

  function markInside() {
    inside = -1;
    if (current >= 0 && !shownFlag[current]) inside = visibleAncestor(current);
  }

  function go(s, user) {
    step = Math.min(END, Math.max(1, Math.round(s)));
    markPath();
    if (current >= 0 && follow.checked && openPathTo(current)) layout();
    markInside();
    slider.value = String(step);
    position.textContent = describe();
    const focus = current >= 0 ? (shownFlag[current] ? current : inside) : -1;
    if (focus >= 0 && !inViewNow(focus)) centre(focus);
    if (user) writeHash();
    render();
  }

  // The address names the step, once the stepping pauses (browsers refuse an address
  // changed hundreds of times a second).
  let hashTimer = null;
  function writeHash() {
    clearTimeout(hashTimer);
    hashTimer = setTimeout(() => {
      const at = step === END ? "end" : entries[step - 1].id !== null ? "v" + entries[step - 1].id : String(step);
      try {
        history.replaceState(null, "", "#step=" + at);
      } catch (err) {
        // A page opened where the address cannot change (some file viewers): no link, no harm.
      }
    }, 250);
  }

  function readHash() {
    const m = /step=([^&]+)/.exec(location.hash);
    if (!m) return END;
    const v = decodeURIComponent(m[1]);
    if (v === "end") return END;
    if (/^v\d+$/.test(v)) {
      const i = byId.get(Number(v.slice(1)));
      return i === undefined ? END : i + 1;
    }
    return /^\d+$/.test(v) ? Number(v) : END;
  }

  let playing = null;
  function play() {
    if (playing) return;
    if (step >= END) go(1, false);
    playButton.textContent = "pause";
    playing = setInterval(() => {
      go(step + Number(speed.value), false);
      if (step >= END) pause();
    }, n <= 60 ? 450 : 200);
  }
  function pause() {
    if (!playing) return;
    clearInterval(playing);
    playing = null;
    playButton.textContent = "play";
    writeHash();
  }

  const on = (id, fn) => {
    const b = document.getElementById(id);
    b.addEventListener("mousedown", (ev) => ev.preventDefault());
    b.addEventListener("click", fn);
  };
  on("start", () => { pause(); go(1, true); });
  on("back", () => { pause(); go(step - 1, true); });
  on("forward", () => { pause(); go(step + 1, true); });
  on("end", () => { pause(); go(END, true); });
  on("play", () => (playing ? pause() : play()));
  on("zoom-in", () => { const { w, h } = size2d(); zoomAt(1.25, w / 2, h / 2); });
  on("zoom-out", () => { const { w, h } = size2d(); zoomAt(0.8, w / 2, h / 2); });
  on("fit", () => { fit(); render(); });
  slider.addEventListener("input", () => { pause(); go(Number(slider.value), true); });
  follow.addEventListener("change", () => go(step, true));
  const labelBox = document.getElementById("labels");
  labelBox.checked = labels;
  labelBox.addEventListener("change", () => {
    setLabels(labelBox.checked);
    layout();
    fit(true);
    go(step, false);
  });

  document.addEventListener("keydown", (ev) => {
    const t = ev.target;
    if (t && (t.tagName === "SELECT" || (t.tagName === "INPUT" && t.type !== "range" && t.type !== "checkbox"))) return;
    const onSlider = t === slider;
    const by = ev.shiftKey ? 10 : 1;
    switch (ev.key) {
      case "ArrowRight":
        if (onSlider) return;
        pause();
        go(step + by, true);
        break;
      case "ArrowLeft":
        if (onSlider) return;
        pause();
        go(step - by, true);
        break;
      case " ":
        if (t && t.tagName === "BUTTON") return;
        if (playing) pause();
        else play();
        break;
      case "Home":
        pause();
        go(1, true);
        break;
      case "End":
        pause();
        go(END, true);
        break;
      case "+":
      case "=":
        zoomAt(1.25, size2d().w / 2, size2d().h / 2);
        break;
      case "-":
        zoomAt(0.8, size2d().w / 2, size2d().h / 2);
        break;
      case "0":
        fit();
        render();
        break;
      default:
        return;
    }
    ev.preventDefault();
  });

  window.addEventListener("hashchange", () => go(readHash(), false));
  window.addEventListener("resize", requestRender);

  // --- Start -----------------------------------------------------------------------------
  const started = performance.now();
  layout();
  fit(true);
  go(readHash(), false);
  document.body.dataset.openDepth = String(openDepth);
  document.body.dataset.ready = String(Math.round(performance.now() - started));
  document.body.dataset.sinceLoad = String(Math.round(performance.now()));
})();
