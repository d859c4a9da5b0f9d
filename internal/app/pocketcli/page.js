// The pocket cube on the page: a net to paint, and its picture.

const FACE = "URFDLB"; // the pocket cube's face colours, in Faces() order
const POCKET_ROWS = [
  [-1, -1, 0, 1], [-1, -1, 2, 3],
  [4, 5, 6, 7, 8, 9, 10, 11], [12, 13, 14, 15, 16, 17, 18, 19],
  [-1, -1, 20, 21], [-1, -1, 22, 23],
];

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

godtablePuzzles.pages.pocket = {
  how: "Pick a colour, then click the stickers of the net; or paste 24 facelets in the net's order (U, then the L F R B rows, then D); or type a scramble.",
  solved: "UUUULLFFRRBBLLFFRRBBDDDD",
  example: "R U2 F'",
  acn: "2x2x2", // alg.cubing.net's name for it
  arrows: true, // its drawing marks the next move (show --next)
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
};
