// The views on the page: three views to click, and the answer's layers.

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

godtablePuzzles.pages.views = {
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
  // answer shows the fewest blocks and their four layers.
  answer(d) {
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
};
