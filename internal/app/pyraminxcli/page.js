// The Pyraminx on the page: a net to paint, and its picture.

// The Pyraminx net, row by row as the README draws it: one triangle
// pointing down, six rows of small triangles, each row starting half a
// triangle further right, its triangles pointing down and up in turn.
// Sticker i of the 36 (F1..F9, L1..L9, R1..R9, D1..D9).
const PYRA = "FLRD";
const PYRA_COLOUR = [2, 1, 5, 3]; // F green, L red, R blue, D yellow (the c classes)
const PYRA_ROWS = [
  [9, 10, 11, 12, 13, 0, 18, 19, 20, 21, 22], [14, 15, 16, 1, 2, 3, 23, 24, 25],
  [17, 4, 5, 6, 7, 8, 26], [27, 28, 29, 30, 31], [32, 33, 34], [35],
];

function drawPyraNet(letters, onClick) {
  const net = el("div", "board net pyra");
  net.id = onClick ? "net" : "";
  PYRA_ROWS.forEach((row, y) => {
    row.forEach((i, k) => {
      const f = PYRA.indexOf(letters[i] || "?");
      // Each triangle spans two of the grid's half-triangle columns,
      // overlapping its neighbours' boxes; its clip-path shapes it, and
      // takes the clicks outside its shape away from it.
      const cell = el(onClick ? "button" : "div", "cell " + (f >= 0 ? "c" + PYRA_COLOUR[f] : "cx") + (k % 2 ? " up" : " down"));
      cell.style.gridRow = String(y + 1);
      cell.style.gridColumn = `${y + k + 1} / span 2`;
      cell.dataset.i = i;
      cell.title = "sticker " + PYRA[Math.floor(i / 9)] + (i % 9 + 1);
      if (onClick) cell.addEventListener("click", () => onClick(i));
      net.appendChild(cell);
    });
  });
  return net;
}

godtablePuzzles.pages.pyraminx = {
  how: "Pick a colour, then click the stickers of the net; or paste the 36 stickers of the faces F, L, R, D (nine each, row by row as the net shows them); or type a scramble such as U L' R B u.",
  solved: "FFFFFFFFFLLLLLLLLLRRRRRRRRRDDDDDDDDD",
  example: "U L' R B' u l'",
  acn: "pyraminx", // alg.cubing.net's name for it
  arrows: true, // its drawing marks the next move (show --next)
  // The table counts the body alone; each twisted tip is one move more.
  // Of the 81 tip settings, C(4, k) 2^k have k tips twisted.
  chartCounts(body) {
    const tips = [1, 8, 24, 32, 16];
    const all = new Array(body.length + tips.length - 1).fill(0);
    body.forEach((b, d) => tips.forEach((t, k) => { all[d + k] += b * t; }));
    return all;
  },
  chartNote: "tips included",
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
};
