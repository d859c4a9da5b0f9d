// The rotation grid on the page: a grid to type the tiles into.

godtablePuzzles.pages.rotgrid = {
  how: "Type the nine numbers 1 to 9 into the grid. A move turns a 2x2 block a quarter: TL TR BL BR, ' for anticlockwise.",
  solved: "1 2 3 4 5 6 7 8 9",
  arrows: true, // its drawing marks the next move (show --next)
  example: "TL BR' TR",
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
};
