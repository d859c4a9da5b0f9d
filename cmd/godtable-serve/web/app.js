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

function numbers(text) {
  return (text.match(/\d/g) || []).map(Number);
}

// The puzzles: the command's list (puzzles.js, made from its registry, loads
// before this file), each with the page its package gives it, or the plain
// page of a state typed in and the command's drawing.
const puzzles = godtablePuzzles.pages;

function plainPage() {
  return {
    how: "Type or paste a state.",
    solved: "",
    editor() {},
    picture(shown) { return drawing(shown.drawing); },
    tokens: (sol) => sol.split(/\s+/).filter(Boolean),
    join: (toks) => toks.join(" "),
  };
}

// drawing shows the command's text drawing.
function drawing(text) {
  const pre = el("pre", "drawing");
  pre.textContent = text;
  return pre;
}

// picture is a state's picture: the command's SVG drawing (the one show
// --svg writes), else the puzzle page's own.
function picture(p, shown) {
  if (!shown.svg) return p.picture(shown);
  const box = el("div", "svg-picture");
  // The server's own markup: shapes and escaped text, nothing else.
  box.innerHTML = shown.svg;
  return box;
}

// invert is a move sequence's inverse, written token by token: the moves
// reversed, each turned the other way (a half turn is its own inverse).
function invert(tokens) {
  return tokens.slice().reverse().map((t) => t.endsWith("'") ? t.slice(0, -1) : t.endsWith("2") ? t : t + "'");
}

// ---- The page's state and actions ---------------------------------------

const ui = {
  name: "",
  get p() { return puzzles[this.name]; },
  steps: null, // {start, tokens, k}
  seq: 0, // the latest step asked for: older answers are dropped
  scramble: "", // the scramble the state was made by, if it was
  answered: false, // an answer to the state is on the page
  timer: 0, // the playback's interval, 0 when paused

  choose(name) {
    this.name = name;
    const p = this.p;
    $("how").textContent = p.how;
    $("scramble-row").classList.toggle("hidden", !p.scramble);
    $("metric-row").classList.toggle("hidden", !p.metric);
    $("order-row").classList.toggle("hidden", !p.order);
    $("urfdlb").value = "";
    $("stats-section").classList.toggle("hidden", !p.table);
    $("all-box").classList.toggle("hidden", !p.table);
    // A puzzle that shows its answer its own way (the views' layers) has
    // no moves to step through and no count.
    $("stepper").classList.toggle("hidden", !!p.answer);
    $("count-fact").classList.toggle("hidden", !!p.answer);
    $("blocks-box").classList.toggle("hidden", !p.answer);
    $("scramble-moves").value = "";
    $("picture").replaceChildren(); // the last puzzle's, until this one's comes
    // Each puzzle's own example: another's moves are not its moves.
    $("scramble-moves").placeholder = p.example || "";
    // A solution typed for the last puzzle is no solution of this one.
    $("verify-solution").value = "";
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
  // the person types into one of its cells: keepEditor). scramble is the
  // sequence that made it, if one did: the page's link then carries it.
  setState(text, keepEditor, scramble) {
    $("state").value = text;
    $("error").textContent = "";
    this.scramble = scramble || "";
    this.clearAnswer();
    if (!keepEditor) this.rebuildEditor();
    this.preview();
    this.writeLink();
  },

  // writeLink puts the page's state in its address (the puzzle, the
  // scramble or else the state, the metric, whether it is solved), so that
  // the address is a link back to it, and updates the answer's links.
  writeLink() {
    const p = this.p, q = new URLSearchParams();
    q.set("puzzle", this.name);
    const state = $("state").value;
    if (this.scramble) q.set("scramble", this.scramble);
    else if (state !== p.solved) q.set("state", state);
    if (p.metric && $("metric").value !== "htm") q.set("metric", $("metric").value);
    if (this.answered) q.set("solve", "1");
    history.replaceState(null, "", "?" + q.toString());
    $("share-link").href = location.href;
    $("links").classList.toggle("hidden", !this.answered);
    const acn = $("acn-link");
    acn.classList.toggle("hidden", !(this.answered && p.acn && this.steps));
    if (p.acn && this.steps) {
      // alg.cubing.net's own spelling: _ for a space, - for a prime.
      const spell = (s) => encodeURIComponent(s.trim().replace(/\s+/g, "_").replace(/'/g, "-"));
      const setup = this.scramble || invert(this.steps.tokens).join(" ");
      acn.href = `https://alg.cubing.net/?puzzle=${p.acn}&setup=${spell(setup)}&alg=${spell(this.steps.tokens.join(" "))}`;
    }
  },

  // restore sets the page to the state an address held (q, its query;
  // see writeLink).
  async restore(q) {
    const name = q.get("puzzle");
    if (!name || !puzzles[name]) return;
    $("puzzle").value = name;
    this.choose(name);
    const metric = q.get("metric");
    if (this.p.metric && (metric === "htm" || metric === "qtm")) {
      $("metric").value = metric;
      this.stats();
    }
    if (q.has("scramble") && this.p.scramble) {
      $("scramble-moves").value = q.get("scramble");
      if (!(await this.applyScramble())) return;
    } else if (q.has("state")) {
      this.setState(q.get("state"));
    }
    if (q.get("solve") === "1") await this.solve();
  },

  // preview draws the state as the API reads it, and says what is wrong
  // with it as the command would.
  async preview() {
    const state = $("state").value;
    const r = await call(this.name, "show", { state, svg: true });
    if (state !== $("state").value) return; // typed on since
    if (r.data.error) {
      $("picture").replaceChildren();
      return;
    }
    const pic = picture(this.p, r.data);
    pic.dataset.state = r.data.state; // which state it shows, for a test to wait on
    $("picture").replaceChildren(pic);
  },

  clearAnswer() {
    this.pause();
    this.steps = null;
    this.answered = false;
    $("links").classList.add("hidden");
    $("move-now").textContent = "";
    $("solution").replaceChildren();
    $("length").textContent = "–";
    $("count").textContent = "–";
    $("all").replaceChildren();
    $("all-note").textContent = "";
    $("step").textContent = "";
    $("verdict").textContent = "";
    $("verify-error").textContent = "";
    $("layers").replaceChildren();
    for (const b of ["first", "prev", "next", "play"]) $(b).disabled = true;
  },

  options() {
    return this.p.metric ? { metric: $("metric").value } : {};
  },

  async applyScramble() {
    const moves = $("scramble-moves").value;
    const r = await call(this.name, "show", { state: moves, scramble: true });
    if (r.data.error) {
      // The answer on screen is the old state's, which the person just
      // tried to replace: it must not pass for the new one's.
      this.clearAnswer();
      $("error").textContent = r.data.error;
      return false;
    }
    this.setState(r.data.state, false, moves.trim());
    return true;
  },

  // readURFDLB reads facelets in the order U R F D L B (cstimer's, the
  // command's --order urfdlb) into the state, which the page keeps in the
  // net's order.
  async readURFDLB() {
    const r = await call(this.name, "show", { state: $("urfdlb").value, order: "urfdlb" });
    if (r.data.error) {
      this.clearAnswer();
      $("error").textContent = r.data.error;
      return;
    }
    this.setState(r.data.state);
  },

  async solve() {
    const state = $("state").value;
    this.clearAnswer();
    $("error").textContent = "";
    $("solve").disabled = true;
    try {
      const r = await call(this.name, "solve", { state, ...this.options() });
      // A state replaced meanwhile (a random one arriving) is not the one
      // this answers: its answer must not be shown for the new one.
      if (state !== $("state").value) return;
      if (r.data.error) { $("error").textContent = r.data.error; return; }
      if (this.p.answer) {
        this.p.answer(r.data);
        this.answered = true;
        this.writeLink();
        return;
      }
      $("length").textContent = r.data.length ?? "–";
      const [count, all] = await Promise.all([
        call(this.name, "solve", { state, count: true, ...this.options() }),
        call(this.name, "solve", { state, all: true, limit: 50, ...this.options() }),
      ]);
      if (state !== $("state").value) return;
      if (!count.data.error) $("count").textContent = count.data.count;
      if (!all.data.error) this.listAll(all.data, r.data.solution);
      await this.startSteps(r.data.solution);
      this.answered = true;
      this.writeLink();
    } finally {
      $("solve").disabled = false;
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
    this.pause();
    this.steps = { start, tokens, k: 0 };
    if (this.answered) this.writeLink(); // another solution picked
    await this.step(0);
  },

  // play steps through the solution on its own, a move every 0.8 s, from
  // the start if it is at the end; pause stops it.
  play() {
    const s = this.steps;
    if (!s || s.tokens.length === 0) return;
    if (this.timer) return this.pause();
    if (s.k === s.tokens.length) this.step(0);
    $("play").textContent = "pause";
    this.timer = setInterval(() => {
      if (!this.steps || this.steps.k >= this.steps.tokens.length) return this.pause();
      this.step(this.steps.k + 1);
    }, 800);
  },

  pause() {
    if (this.timer) clearInterval(this.timer);
    this.timer = 0;
    $("play").textContent = "play";
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
    // The move about to be made, which the picture marks with an arrow
    // where the puzzle's drawing can.
    const next = s.k < s.tokens.length ? s.tokens[s.k] : "";
    $("move-now").textContent = next ? "next: " + next : "";
    $("first").disabled = $("prev").disabled = s.k === 0;
    $("next").disabled = s.k === s.tokens.length;
    $("play").disabled = s.tokens.length === 0;
    const ask = { state: s.start, moves: this.p.join(s.tokens.slice(0, s.k)), svg: true };
    if (this.p.arrows && next) ask.next = next;
    const r = await call(this.name, "show", ask);
    if (seq !== this.seq) return; // stepped on since
    if (r.data.error) { $("error").textContent = r.data.error; return; }
    const pic = picture(this.p, r.data);
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
    // The sequence that makes the state, to apply to a puzzle in the hand
    // (the WCA's minimum met, as the command draws it).
    if (this.p.scramble) {
      $("scramble-moves").value = r.data.moves;
      this.setState(r.data.state, false, r.data.moves);
    } else {
      this.setState(r.data.state);
    }
  },

  async stats() {
    const name = this.name;
    const r = await call(name, "stats", this.options());
    if (name !== this.name || r.data.error) return;
    // A puzzle may chart more than the table counts (the Pyraminx's
    // tips, which its table leaves out).
    const counts = this.p.chartCounts ? this.p.chartCounts(r.data.counts) : r.data.counts;
    const states = counts.reduce((a, b) => a + b, 0);
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
    $("chart-note").textContent = `${states.toLocaleString("en")} states, at most ${counts.length - 1} moves from the goal` +
      (r.data.metric ? ` (${r.data.metric})` : "") + (this.p.chartNote ? ` (${this.p.chartNote})` : "") + ". Hover a bar for its count.";
  },
};

function init() {
  // The address as opened: choosing the first puzzle rewrites it.
  const opened = new URLSearchParams(location.search);
  $("puzzle").addEventListener("change", () => ui.choose($("puzzle").value));
  $("state").addEventListener("input", () => {
    ui.clearAnswer();
    ui.scramble = "";
    $("error").textContent = "";
    ui.rebuildEditor();
    ui.preview();
    ui.writeLink();
  });
  $("apply-scramble").addEventListener("click", () => ui.applyScramble());
  $("read-urfdlb").addEventListener("click", () => ui.readURFDLB());
  $("urfdlb").addEventListener("keydown", (e) => { if (e.key === "Enter") ui.readURFDLB(); });
  $("scramble-moves").addEventListener("keydown", (e) => { if (e.key === "Enter") ui.applyScramble(); });
  $("solve").addEventListener("click", () => ui.solve());
  $("random").addEventListener("click", () => ui.random());
  $("reset").addEventListener("click", () => ui.setState(ui.p.solved));
  $("first").addEventListener("click", () => ui.step(0));
  $("prev").addEventListener("click", () => ui.steps && ui.step(ui.steps.k - 1));
  $("next").addEventListener("click", () => ui.steps && ui.step(ui.steps.k + 1));
  $("play").addEventListener("click", () => ui.play());
  $("copy-link").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      $("copy-link").textContent = "copied";
    } catch (e) {
      $("copy-link").textContent = "copy the link above";
    }
    setTimeout(() => { $("copy-link").textContent = "copy link"; }, 1500);
  });
  // The arrow keys step, Home goes back to the start, the space bar plays
  // and pauses; not while typing.
  document.addEventListener("keydown", (e) => {
    const t = e.target;
    if (!ui.steps || e.altKey || e.ctrlKey || e.metaKey || t.matches("input, textarea, select")) return;
    if (e.key === " " && t.matches("button, a")) return; // the space bar presses it
    const keys = {
      ArrowRight: () => { ui.pause(); ui.step(ui.steps.k + 1); },
      ArrowLeft: () => { ui.pause(); ui.step(ui.steps.k - 1); },
      Home: () => { ui.pause(); ui.step(0); },
      " ": () => ui.play(),
    };
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });
  $("verify").addEventListener("click", () => ui.verify());
  $("metric").addEventListener("change", () => { ui.clearAnswer(); ui.stats(); ui.writeLink(); });
  // The menu: the command's puzzles, in its order, each taking the flags
  // the command gives it.
  for (const info of godtablePuzzles.list) {
    const o = el("option", "", info.title);
    o.value = info.name;
    $("puzzle").appendChild(o);
    const p = puzzles[info.name] || (puzzles[info.name] = plainPage());
    Object.assign(p, { scramble: info.scramble, metric: info.metric, table: info.table, order: info.order });
  }
  ui.choose($("puzzle").value);
  ui.restore(opened).finally(() => { document.body.dataset.ready = "1"; });
}

// Built as static files (make web), the page loads static.js first, which
// sets godtableStatic to a promise of the WebAssembly solver.
if (window.godtableStatic) {
  window.godtableStatic.then((solver) => { call = localCall(solver); init(); });
} else {
  init();
}
