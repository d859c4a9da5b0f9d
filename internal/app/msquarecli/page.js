// The magic squares on the page: a board to type the target into.

godtablePuzzles.pages.msquare = {
  how: "The target board: type a number in each cell (a permutation of 1 to 8). The answer turns the base board 1 2 3 4 / 8 7 6 5 into it, step by step.",
  solved: "1 2 3 4 5 6 7 8",
  arrows: true, // its drawing marks the next move (show --next)
  fromBase: true,
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
};
