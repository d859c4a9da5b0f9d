// The static page's solver (make web): only the static build loads this,
// after Go's wasm_exec.js and before app.js. It runs godtable.wasm, the
// command built for the browser, and hands app.js its godtableCall, which
// answers each API call in the browser as the server would. The server's
// page never loads it.
"use strict";

window.godtableStatic = (async () => {
  const mode = document.getElementById("mode");
  const said = mode.textContent;
  mode.textContent = "Loading the solver…";
  try {
    const ready = new Promise((resolve) => { window.godtableReady = resolve; });
    const go = new Go();
    let inst;
    try {
      inst = await WebAssembly.instantiateStreaming(fetch("godtable.wasm"), go.importObject);
    } catch (e) {
      // Some hosts send .wasm without its MIME type, which streaming
      // compilation refuses: compile from the bytes instead.
      const r = await fetch("godtable.wasm");
      if (!r.ok) throw new Error(`godtable.wasm: ${r.status} ${r.statusText}`);
      inst = await WebAssembly.instantiate(await r.arrayBuffer(), go.importObject);
    }
    // run settles only when the program ends, which it does not: the
    // solver is ready when it calls godtableReady.
    go.run(inst.instance);
    await ready;
    mode.textContent = said + " Solved in your browser.";
    return window.godtableCall;
  } catch (e) {
    mode.textContent = "Cannot load the solver: " + e.message;
    mode.style.color = "var(--err)";
    throw e;
  }
})();
