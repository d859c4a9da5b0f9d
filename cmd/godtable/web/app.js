// The godtable page: plain JavaScript, no framework, no build step. It asks
// the HTTP API (or, built as static files, the WebAssembly solver) and draws
// what it answers; the solving and every check are the command's.
"use strict";

const $ = (id) => document.getElementById(id);
const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};

// call asks an endpoint and returns {status, data}; data is the JSON object
// answered (or {error} when none could be read).
let call = async function (puzzle, action, body) {
  let r;
  try {
    r = await fetch(`api/v1/${puzzle}/${action}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body || {}),
    });
  } catch (e) {
    return { status: 0, data: { error: "cannot reach the server: " + e.message } };
  }
  return answer(r.status, await r.text(), r.statusText);
};

// answer reads an answer's first JSON line, from the server or from the
// static page's solver alike.
function answer(status, text, statusText) {
  try {
    return { status, data: JSON.parse(text.split("\n")[0]) };
  } catch (e) {
    return { status, data: { error: text.trim() || statusText || "no answer (status " + status + ")" } };
  }
}

// localCall makes call from the static page's solver (static.js), which
// answers (puzzle, action, body as JSON) with {status, body} as the server
// would, with no network.
function localCall(solver) {
  return async function (puzzle, action, body) {
    let r;
    try {
      r = await solver(puzzle, action, JSON.stringify(body || {}));
    } catch (e) {
      return { status: 0, data: { error: "the solver failed: " + e.message } };
    }
    return answer(r.status, r.body);
  };
}

// ---- Puzzles -------------------------------------------------------------

const FACE = "URFDLB"; // the pocket cube's face colours, in Faces() order
const POCKET_ROWS = [
  [-1, -1, 0, 1], [-1, -1, 2, 3],
  [4, 5, 6, 7, 8, 9, 10, 11], [12, 13, 14, 15, 16, 17, 18, 19],
  [-1, -1, 20, 21], [-1, -1, 22, 23],
];
const ROTGAME_ROWS = [
  [-1, -1, 0, -1, 1], [-1, -1, 2, -1, 3],
  [4, 5, 6, 7, 8, 9, 10], [-1, -1, 11, -1, 12],
  [13, 14, 15, 16, 17, 18, 19], [-1, -1, 20, -1, 21], [-1, -1, 22, -1, 23],
];
const ROTGAME_CENTRE = [6, 7, 8, 11, 12, 15, 16, 17];

function drawNet(faces, onClick) {
  const net = el("div", "board net");
  net.id = onClick ? "net" : "";
  for (const row of POCKET_ROWS) {
    for (let c = 0; c < 8; c++) {
      const i = c < row.length ? row[c] : -1;
      if (i < 0) { net.appendChild(el("div", "cell gap")); continue; }
      const f = faces[i];
      const cell = el(onClick ? "button" : "div", "cell " + (f >= 0 ? "c" + f : "cx"));
      cell.dataset.i = i;
      cell.title = "sticker " + "ABCDEFGHIJKLMNOPQRSTUVWX"[i];
      if (onClick) cell.addEventListener("click", () => onClick(i));
      net.appendChild(cell);
    }
  }
  return net;
}

// The Pyraminx net, row by row as the README draws it; each row starts one
// cell further right. Sticker i of the 36 (F1..F9, L1..L9, R1..R9, D1..D9).
const PYRA = "FLRD";
const PYRA_COLOUR = [2, 1, 5, 3]; // F green, L red, R blue, D yellow (the c classes)
const PYRA_ROWS = [
  [9, 10, 11, 12, 13, 0, 18, 19, 20, 21, 22], [14, 15, 16, 1, 2, 3, 23, 24, 25],
  [17, 4, 5, 6, 7, 8, 26], [27, 28, 29, 30, 31], [32, 33, 34], [35],
];

function drawPyraNet(letters, onClick) {
  const net = el("div", "board net pyra");
  net.id = onClick ? "net" : "";
  PYRA_ROWS.forEach((row, shift) => {
    for (let c = 0; c < 11; c++) {
      const k = c - shift;
      const i = k >= 0 && k < row.length ? row[k] : -1;
      if (i < 0) { net.appendChild(el("div", "cell gap")); continue; }
      const f = PYRA.indexOf(letters[i] || "?");
      const cell = el(onClick ? "button" : "div", "cell " + (f >= 0 ? "c" + PYRA_COLOUR[f] : "cx"));
      cell.dataset.i = i;
      cell.title = "sticker " + PYRA[Math.floor(i / 9)] + (i % 9 + 1);
      if (onClick) cell.addEventListener("click", () => onClick(i));
      net.appendChild(cell);
    }
  });
  return net;
}

function numbers(text) {
  return (text.match(/\d/g) || []).map(Number);
}

const puzzles = {
  pocket: {
    how: "Pick a colour, then click the stickers of the net; or paste 24 facelets in the net's order (U, then the L F R B rows, then D); or type a scramble.",
    solved: "UUUULLFFRRBBLLFFRRBBDDDD",
    scramble: true, metric: true, table: true,
    paint: 0,
    editor(box, state) {
      const pal = el("div", "palette");
      FACE.split("").forEach((f, k) => {
        const b = el("button", "c" + k + (k === this.paint ? " on" : ""), f);
        b.id = "paint-" + f;
        b.title = "paint " + f;
        b.addEventListener("click", () => { this.paint = k; ui.rebuildEditor(); });
        pal.appendChild(b);
      });
      const faces = [];
      for (let i = 0; i < 24; i++) faces.push(FACE.indexOf(state[i] || "?"));
      box.append(pal, el("div", "note", " "), drawNet(faces, (i) => {
        const s = ($("state").value + " ".repeat(24)).slice(0, 24).split("");
        s[i] = FACE[this.paint];
        ui.setState(s.join("").trimEnd());
      }));
    },
    picture(shown) { return drawNet(shown.faces); },
    tokens: (sol) => sol.split(/\s+/).filter(Boolean),
    join: (toks) => toks.join(" "),
  },
  pyraminx: {
    how: "Pick a colour, then click the stickers of the net; or paste the 36 stickers of the faces F, L, R, D (nine each, row by row as the net shows them); or type a scramble such as U L' R B u.",
    solved: "FFFFFFFFFLLLLLLLLLRRRRRRRRRDDDDDDDDD",
    scramble: true, table: true,
    paint: 0,
    editor(box, state) {
      const pal = el("div", "palette");
      PYRA.split("").forEach((f, k) => {
        const b = el("button", "c" + PYRA_COLOUR[k] + (k === this.paint ? " on" : ""), f);
        b.id = "paint-" + f;
        b.title = "paint " + f;
        b.addEventListener("click", () => { this.paint = k; ui.rebuildEditor(); });
        pal.appendChild(b);
      });
      box.append(pal, el("div", "note", " "), drawPyraNet(state, (i) => {
        const s = ($("state").value + " ".repeat(36)).slice(0, 36).split("");
        s[i] = PYRA[this.paint];
        ui.setState(s.join("").trimEnd());
      }));
    },
    picture(shown) { return drawPyraNet(shown.state); },
    tokens: (sol) => sol.split(/\s+/).filter(Boolean),
    join: (toks) => toks.join(" "),
  },
  msquare: {
    how: "The target board: type a number in each cell (a permutation of 1 to 8). The answer turns the base board 1 2 3 4 / 8 7 6 5 into it, step by step.",
    solved: "1 2 3 4 5 6 7 8",
    table: true, fromBase: true,
    editor(box, state) {
      const n = numbers(state);
      const g = el("div", "board msq");
      [0, 1, 2, 3, 7, 6, 5, 4].forEach((i) => {
        const inp = el("input", "cell");
        inp.type = "text"; inp.inputMode = "numeric"; inp.maxLength = 1;
        inp.value = n[i] || ""; inp.dataset.i = i;
        inp.addEventListener("input", () => {
          const cur = numbers($("state").value);
          while (cur.length < 8) cur.push(0);
          cur[i] = Number(inp.value) || 0;
          ui.setState(cur.join(" "), true);
        });
        g.appendChild(inp);
      });
      box.appendChild(g);
    },
    picture(shown) {
      const g = el("div", "board msq");
      [0, 1, 2, 3, 7, 6, 5, 4].forEach((i) => g.appendChild(el("div", "cell", String(shown.cells[i]))));
      return g;
    },
    tokens: (sol) => sol.replace(/\s+/g, "").split(""),
    join: (toks) => toks.join(""),
  },
  rotgame: {
    how: "Click a cell to cycle it through 1, 2, 3 (eight of each). The goal: the eight centre cells all alike.",
    solved: "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3",
    table: true,
    editor(box, state) {
      const n = numbers(state);
      box.appendChild(rotgameBoard(n, (i) => {
        const cur = numbers($("state").value);
        while (cur.length < 24) cur.push(1);
        cur[i] = cur[i] % 3 + 1;
        ui.setState(cur.join(" "));
      }));
    },
    picture(shown) { return rotgameBoard(shown.cells); },
    tokens: (sol) => sol.replace(/\s+/g, "").split(""),
    join: (toks) => toks.join(""),
  },
  rotgrid: {
    how: "Type the nine numbers 1 to 9 into the grid. A move turns a 2x2 block a quarter: TL TR BL BR, ' for anticlockwise.",
    solved: "1 2 3 4 5 6 7 8 9",
    scramble: true, table: true,
    editor(box, state) {
      const n = numbers(state);
      const g = el("div", "board grid3");
      for (let i = 0; i < 9; i++) {
        const inp = el("input", "cell");
        inp.type = "text"; inp.inputMode = "numeric"; inp.maxLength = 1;
        inp.value = n[i] || ""; inp.dataset.i = i;
        inp.addEventListener("input", () => {
          const cur = numbers($("state").value);
          while (cur.length < 9) cur.push(0);
          cur[i] = Number(inp.value) || 0;
          ui.setState(cur.join(" "), true);
        });
        g.appendChild(inp);
      }
      box.appendChild(g);
    },
    picture(shown) {
      const g = el("div", "board grid3");
      shown.cells.forEach((t, i) => g.appendChild(el("div", "cell" + (t === i + 1 ? " n2" : ""), String(t))));
      return g;
    },
    tokens: (sol) => sol.split(/\s+/).filter(Boolean),
    join: (toks) => toks.join(" "),
  },
  views: {
    how: "Click the cells of the three views: top (seen from above, back row at the top), front, and side (seen from the right, front at its left). The answer is the fewest blocks with exactly these views.",
    solved: "fe88e8f9b499",
    editor(box, state) {
      const bits = hexBits(state, 48);
      const wrap = el("div", "views");
      ["top", "front", "side"].forEach((name, v) => {
        const col = el("div");
        col.appendChild(el("div", "note", name));
        const g = el("div", "board v4");
        g.id = "view-" + name;
        for (let c = 0; c < 16; c++) {
          const b = el("button", "cell" + (bits[16 * v + c] ? " on" : ""));
          b.dataset.i = 16 * v + c;
          b.addEventListener("click", () => {
            const cur = hexBits($("state").value, 48);
            cur[16 * v + c] ^= 1;
            ui.setState(bitsHex(cur));
          });
          g.appendChild(b);
        }
        col.appendChild(g);
        wrap.appendChild(col);
      });
      box.appendChild(wrap);
    },
    picture(shown) { return drawing(shown.drawing); },
  },
};

function rotgameBoard(n, onClick) {
  const g = el("div", "board rg");
  for (const row of ROTGAME_ROWS) {
    for (let c = 0; c < 7; c++) {
      const i = c < row.length ? row[c] : -1;
      if (i < 0) { g.appendChild(el("div", "cell gap")); continue; }
      const v = n[i] || 0;
      const cell = el(onClick ? "button" : "div", "cell" + (v ? " n" + v : ""), v ? String(v) : "");
      cell.dataset.i = i;
      if (ROTGAME_CENTRE.includes(i)) cell.style.borderWidth = "2px";
      if (onClick) cell.addEventListener("click", () => onClick(i));
      g.appendChild(cell);
    }
  }
  return g;
}

// drawing shows the command's text drawing, the Pyraminx's stickers in
// their colours.
function drawing(text, stickers) {
  const pre = el("pre", "drawing");
  for (const ch of text) {
    if (stickers && "FLRD".includes(ch)) pre.appendChild(el("span", ch, ch));
    else pre.appendChild(document.createTextNode(ch));
  }
  return pre;
}

function hexBits(hex, n) {
  const bits = [];
  const h = (hex || "").replace(/\s+/g, "");
  for (let k = 0; k < n / 4; k++) {
    const d = parseInt(h[k] || "0", 16) || 0;
    for (let b = 3; b >= 0; b--) bits.push((d >> b) & 1);
  }
  return bits;
}

function bitsHex(bits) {
  let s = "";
  for (let k = 0; k < bits.length; k += 4) s += ((bits[k] << 3) | (bits[k + 1] << 2) | (bits[k + 2] << 1) | bits[k + 3]).toString(16);
  return s;
}

// ---- The page's state and actions ---------------------------------------

const ui = {
  name: "pocket",
  get p() { return puzzles[this.name]; },
  steps: null, // {start, tokens, k}
  seq: 0, // the latest step asked for: older answers are dropped

  choose(name) {
    this.name = name;
    const p = this.p;
    $("how").textContent = p.how;
    $("scramble-row").classList.toggle("hidden", !p.scramble);
    $("metric-row").classList.toggle("hidden", !p.metric);
    $("stats-section").classList.toggle("hidden", !p.table);
    $("all-box").classList.toggle("hidden", !p.table);
    $("stepper").classList.toggle("hidden", name === "views");
    $("count-fact").classList.toggle("hidden", name === "views");
    $("blocks-box").classList.toggle("hidden", name !== "views");
    $("scramble-moves").value = "";
    this.clearAnswer();
    this.setState(p.solved);
    if (p.table) this.stats();
  },

  rebuildEditor() {
    const box = $("editor");
    box.replaceChildren();
    this.p.editor(box, $("state").value);
  },

  // setState puts a state in the text box and redraws the editor (not while
  // the person types into one of its cells: keepEditor).
  setState(text, keepEditor) {
    $("state").value = text;
    $("error").textContent = "";
    this.clearAnswer();
    if (!keepEditor) this.rebuildEditor();
    this.preview();
  },

  // preview draws the state as the API reads it, and says what is wrong
  // with it as the command would.
  async preview() {
    const state = $("state").value;
    const r = await call(this.name, "show", { state });
    if (state !== $("state").value) return; // typed on since
    if (r.data.error) {
      $("picture").replaceChildren();
      return;
    }
    $("picture").replaceChildren(this.p.picture(r.data));
  },

  clearAnswer() {
    this.steps = null;
    $("solution").replaceChildren();
    $("length").textContent = "–";
    $("count").textContent = "–";
    $("all").replaceChildren();
    $("all-note").textContent = "";
    $("step").textContent = "";
    $("verdict").textContent = "";
    $("verify-error").textContent = "";
    $("layers").replaceChildren();
    for (const b of ["first", "prev", "next"]) $(b).disabled = true;
  },

  options() {
    return this.p.metric ? { metric: $("metric").value } : {};
  },

  async applyScramble() {
    const moves = $("scramble-moves").value;
    const r = await call(this.name, "show", { state: moves, scramble: true });
    if (r.data.error) { $("error").textContent = r.data.error; return; }
    this.setState(r.data.state);
  },

  async solve() {
    const state = $("state").value;
    this.clearAnswer();
    $("error").textContent = "";
    $("solve").disabled = true;
    try {
      const r = await call(this.name, "solve", { state, ...this.options() });
      if (r.data.error) { $("error").textContent = r.data.error; return; }
      if (this.name === "views") return this.showBlocks(r.data);
      $("length").textContent = r.data.length;
      const [count, all] = await Promise.all([
        call(this.name, "solve", { state, count: true, ...this.options() }),
        call(this.name, "solve", { state, all: true, limit: 50, ...this.options() }),
      ]);
      if (!count.data.error) $("count").textContent = count.data.count;
      if (!all.data.error) this.listAll(all.data, r.data.solution);
      await this.startSteps(r.data.solution);
    } finally {
      $("solve").disabled = false;
    }
  },

  showBlocks(d) {
    if (!d.solvable) {
      $("solution").textContent = "impossible";
      $("length").textContent = "–";
      return;
    }
    $("length").textContent = d.count + " blocks";
    $("solution").textContent = d.count + " " + d.blocks;
    const bits = hexBits(d.blocks, 64);
    const box = $("layers");
    for (let l = 0; l < 4; l++) {
      const col = el("div");
      col.appendChild(el("div", "note", "layer " + l + (l === 0 ? " (top)" : "")));
      const g = el("div", "board layer");
      for (let c = 0; c < 16; c++) g.appendChild(el("div", "cell" + (bits[16 * l + c] ? " on" : "")));
      col.appendChild(g);
      box.appendChild(col);
    }
  },

  listAll(d, picked) {
    const ol = $("all");
    (d.solutions || []).forEach((s, k) => {
      const li = el("li", s === picked ? "picked" : "", (s === "" ? "(no moves)" : s) + (d.centres ? "  → " + d.centres[k] : ""));
      li.addEventListener("click", () => {
        for (const x of ol.children) x.classList.remove("picked");
        li.classList.add("picked");
        this.startSteps(s);
      });
      ol.appendChild(li);
    });
    $("all-note").textContent = d.truncated ? `(the first ${d.solutions.length})` : "";
  },

  // startSteps shows a solution token by token, the picture at its start.
  async startSteps(solution) {
    const p = this.p;
    const tokens = p.tokens(solution || "");
    // The magic square's answer turns the base board into the target.
    const start = p.fromBase ? p.solved : $("state").value;
    this.steps = { start, tokens, k: 0 };
    await this.step(0);
  },

  async step(k) {
    const s = this.steps;
    if (!s) return;
    const seq = ++this.seq;
    s.k = Math.max(0, Math.min(s.tokens.length, k));
    const sol = $("solution");
    sol.replaceChildren();
    if (s.tokens.length === 0) sol.appendChild(el("span", "done", "no moves needed"));
    s.tokens.forEach((t, i) => {
      const sp = el("span", i < s.k ? "done" : i === s.k ? "now" : "", t);
      sp.dataset.i = i;
      sol.append(sp, document.createTextNode(this.p.join(["", ""])));
    });
    $("step").textContent = `${s.k} / ${s.tokens.length}`;
    $("first").disabled = $("prev").disabled = s.k === 0;
    $("next").disabled = s.k === s.tokens.length;
    const r = await call(this.name, "show", { state: s.start, moves: this.p.join(s.tokens.slice(0, s.k)) });
    if (seq !== this.seq) return; // stepped on since
    if (r.data.error) { $("error").textContent = r.data.error; return; }
    const pic = this.p.picture(r.data);
    pic.id = "step-picture";
    pic.dataset.state = r.data.state;
    pic.dataset.k = s.k;
    pic.dataset.solved = r.data.solved;
    $("picture").replaceChildren(pic);
  },

  async verify() {
    $("verdict").textContent = "";
    $("verify-error").textContent = "";
    const r = await call(this.name, "verify", { state: $("state").value, solution: $("verify-solution").value, ...this.options() });
    if (r.data.error) { $("verify-error").textContent = r.data.error; return; }
    const d = r.data;
    let text = d.verdict;
    if (d.legal && d.length !== undefined) text += `: ${d.length} moves`;
    if (d.optimal !== undefined && d.verdict !== "optimal") text += ` (optimal: ${d.optimal})`;
    if (d.problem) text += ` (${d.problem})`;
    if (d.smallest) text += `; the smallest is ${d.smallest}`;
    $("verdict").textContent = text;
  },

  async random() {
    const r = await call(this.name, "scramble", { ...this.options() });
    if (r.data.error) { $("error").textContent = r.data.error; return; }
    this.setState(r.data.state);
  },

  async stats() {
    const name = this.name;
    const r = await call(name, "stats", this.options());
    if (name !== this.name || r.data.error) return;
    const counts = r.data.counts;
    const most = Math.max(...counts);
    const chart = $("chart"), xs = $("chart-x");
    chart.replaceChildren();
    xs.replaceChildren();
    counts.forEach((c, d) => {
      const bar = el("div");
      bar.style.height = (100 * c / most) + "%";
      bar.title = `distance ${d}: ${c.toLocaleString("en")} states`;
      chart.appendChild(bar);
      xs.appendChild(el("span", "", String(d)));
    });
    $("chart-note").textContent = `${r.data.states.toLocaleString("en")} states, at most ${counts.length - 1} moves from the goal` +
      (r.data.metric ? ` (${r.data.metric})` : "") + ". Hover a bar for its count.";
  },
};

function init() {
  $("puzzle").addEventListener("change", () => ui.choose($("puzzle").value));
  $("state").addEventListener("input", () => {
    ui.clearAnswer();
    $("error").textContent = "";
    ui.rebuildEditor();
    ui.preview();
  });
  $("apply-scramble").addEventListener("click", () => ui.applyScramble());
  $("scramble-moves").addEventListener("keydown", (e) => { if (e.key === "Enter") ui.applyScramble(); });
  $("solve").addEventListener("click", () => ui.solve());
  $("random").addEventListener("click", () => ui.random());
  $("reset").addEventListener("click", () => ui.setState(ui.p.solved));
  $("first").addEventListener("click", () => ui.step(0));
  $("prev").addEventListener("click", () => ui.steps && ui.step(ui.steps.k - 1));
  $("next").addEventListener("click", () => ui.steps && ui.step(ui.steps.k + 1));
  $("verify").addEventListener("click", () => ui.verify());
  $("metric").addEventListener("change", () => { ui.clearAnswer(); ui.stats(); });
  ui.choose($("puzzle").value);
  document.body.dataset.ready = "1";
}

// Built as static files (make web), the page loads static.js first, which
// sets godtableStatic to a promise of the WebAssembly solver.
if (window.godtableStatic) {
  window.godtableStatic.then((solver) => { call = localCall(solver); init(); });
} else {
  init();
}
