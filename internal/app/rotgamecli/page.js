// The rotation game on the page: a board whose cells cycle through 1, 2, 3.

const ROTGAME_ROWS = [
  [-1, -1, 0, -1, 1], [-1, -1, 2, -1, 3],
  [4, 5, 6, 7, 8, 9, 10], [-1, -1, 11, -1, 12],
  [13, 14, 15, 16, 17, 18, 19], [-1, -1, 20, -1, 21], [-1, -1, 22, -1, 23],
];
const ROTGAME_CENTRE = [6, 7, 8, 11, 12, 15, 16, 17];

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

godtablePuzzles.pages.rotgame = {
  how: "Click a cell to cycle it through 1, 2, 3 (eight of each). The goal: the eight centre cells all alike.",
  solved: "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3",
  arrows: true, // its drawing marks the next move (show --next)
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
};
