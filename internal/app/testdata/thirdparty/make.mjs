// Makes cubingjs-222.tsv and qtm-quarter-turns.tsv from cubing.js; run by
// make.sh, which installs cubing.js into a temporary directory first.
//
// cubingjs-222.tsv: WCA random-state 2x2x2 scrambles from cubing.js's
// randomScrambleForEvent("222"), each with the solution of cubing.js's
// 2x2x2 solver (experimentalSolve2x2x2), and the optimal half-turn length of
// the position computed here by a breadth-first search of its own.
//
// qtm-quarter-turns.tsv: more cubing.js scrambles, each with an optimal
// quarter-turn solution found by that breadth-first search, written as
// twsearch writes quarter-turn answers: a half turn is two quarter turns
// ("F F"), never "F2". These answers are made here, not by twsearch.
//
// Every solution written is replayed by cubing.js on its scramble and must
// leave the cube solved in some orientation.
import { writeFileSync } from "node:fs";
import { randomScrambleForEvent } from "cubing/scramble";
import { experimentalSolve2x2x2 } from "cubing/search";
import { cube2x2x2 } from "cubing/puzzles";
import { Alg } from "cubing/alg";

const nSolved = Number(process.argv[2] ?? 300);
const nQTM = Number(process.argv[3] ?? 200);
const kp = await cube2x2x2.kpuzzle();
const solved = kp.defaultPattern();
const isSolved = (p) => p.experimentalIsSolved({ ignorePuzzleOrientation: true, ignoreCenterOrientation: true });

// The corners as cubing.js numbers them; R, U and F leave one corner (DBL)
// in place, so the positions up to orientation are those of R U F with that
// corner fixed, 3,674,160 of them.
const corners = (t) => t.transformationData.CORNERS;
const quarter = ["R", "R'", "U", "U'", "F", "F'"].map((m) => [m, corners(kp.moveToTransformation(m))]);
const half = ["R2", "U2", "F2"].map((m) => [m, corners(kp.moveToTransformation(m))]);
const fixed = [...Array(8).keys()].find((i) => quarter.every(([, t]) => t.permutation[i] === i && t.orientationDelta[i] === 0));

// A position is (pieces, orientation) as in cubing.js's pattern data;
// applying a move follows KPattern.applyTransformation.
function apply(pos, t) {
  const pieces = new Array(8), orientation = new Array(8);
  for (let i = 0; i < 8; i++) {
    pieces[i] = pos.pieces[t.permutation[i]];
    orientation[i] = (pos.orientation[t.permutation[i]] + t.orientationDelta[i]) % 3;
  }
  return { pieces, orientation };
}
// A position with the fixed corner home is numbered by the other seven
// pieces' permutation (Lehmer code, 0..5039) and their seven orientations
// (base 3, 0..2186); a move acts on the two parts separately.
const rest = [...Array(8).keys()].filter((i) => i !== fixed);
function permIndex(pieces) {
  let perm = 0;
  for (let a = 0; a < 7; a++) {
    let smaller = 0;
    for (let b = a + 1; b < 7; b++) if (pieces[rest[b]] < pieces[rest[a]]) smaller++;
    perm = perm * (7 - a) + smaller;
  }
  return perm;
}
function oriIndex(orientation) {
  let ori = 0;
  for (let a = 0; a < 7; a++) ori = ori * 3 + orientation[rest[a]];
  return ori;
}
const index = (pos) => permIndex(pos.pieces) * 2187 + oriIndex(pos.orientation);
function permOf(k) {
  const digits = [];
  for (let a = 6; a >= 0; a--) { digits.unshift(k % (7 - a)); k = Math.floor(k / (7 - a)); }
  const left = rest.slice(), pieces = new Array(8);
  pieces[fixed] = fixed;
  for (let a = 0; a < 7; a++) pieces[rest[a]] = left.splice(digits[a], 1)[0];
  return pieces;
}
function oriOf(k) {
  const orientation = new Array(8).fill(0);
  for (let a = 6; a >= 0; a--) { orientation[rest[a]] = k % 3; k = Math.floor(k / 3); }
  return orientation;
}

// My apply must agree with cubing.js's own.
for (let k = 0; k < 200; k++) {
  let p = solved, mine = solved.patternData.CORNERS;
  for (let j = 0; j < 20; j++) {
    const [m, t] = quarter[Math.floor(Math.random() * 6)];
    p = p.applyMove(m);
    mine = apply(mine, t);
  }
  if (JSON.stringify(p.patternData.CORNERS) !== JSON.stringify(mine)) throw new Error("apply disagrees with cubing.js");
}

// Breadth-first distances from solved with the given moves.
function bfs(moves) {
  const permMove = moves.map(([, t]) => Int32Array.from({ length: 5040 }, (_, k) => permIndex(apply({ pieces: permOf(k), orientation: new Array(8).fill(0) }, t).pieces)));
  const oriMove = moves.map(([, t]) => Int32Array.from({ length: 2187 }, (_, k) => oriIndex(apply({ pieces: [...Array(8).keys()], orientation: oriOf(k) }, t).orientation)));
  const dist = new Int8Array(5040 * 2187).fill(-1);
  const queue = new Int32Array(3674160);
  queue[0] = index(solved.patternData.CORNERS);
  dist[queue[0]] = 0;
  let head = 0, tail = 1;
  while (head < tail) {
    const i = queue[head++], perm = Math.floor(i / 2187), ori = i % 2187;
    for (let m = 0; m < moves.length; m++) {
      const j = permMove[m][perm] * 2187 + oriMove[m][ori];
      if (dist[j] < 0) {
        if (tail === queue.length) throw new Error("bfs: more positions than 3,674,160");
        dist[j] = dist[i] + 1;
        queue[tail++] = j;
      }
    }
  }
  if (tail !== 3674160) throw new Error(`bfs reached ${tail} positions`);
  return dist;
}
const distQTM = bfs(quarter);
const distHTM = bfs([...quarter, ...half]);

// The 24 rotations, to hold a scrambled cube with the fixed corner home.
const rotations = [];
for (const a of ["", "x", "x2", "x'", "z", "z'"]) for (const b of ["", "y", "y2", "y'"]) rotations.push(`${a} ${b}`.trim());
// home returns a rotation r putting the fixed corner home, with the face
// turn each of R R' U U' F F' becomes when the cube is held that way (r M r'
// as a face turn).
function home(p) {
  for (const r of rotations) {
    const c = p.applyAlg(r).patternData.CORNERS;
    if (c.pieces[fixed] !== fixed || c.orientation[fixed] !== 0) continue;
    const names = {};
    for (const [m] of quarter) {
      const want = kp.algToTransformation(new Alg(r).concat(m).concat(new Alg(r).invert()));
      names[m] = ["U", "U'", "D", "D'", "L", "L'", "R", "R'", "F", "F'", "B", "B'"].find((f) => kp.moveToTransformation(f).isIdentical(want));
    }
    return { pos: c, names };
  }
  throw new Error("no rotation puts the fixed corner home");
}
const distance = (p, dist) => dist[index(home(p).pos)];

// An optimal quarter-turn solution of p, as face turns of the cube as held.
function solveQTM(p) {
  const { pos, names } = home(p);
  let cur = pos;
  const out = [];
  for (let d = distQTM[index(cur)]; d > 0; d--) {
    const [m, t] = quarter.find(([, t]) => distQTM[index(apply(cur, t))] === d - 1);
    cur = apply(cur, t);
    out.push(names[m]);
  }
  return out.join(" ");
}

async function scramble() {
  return (await randomScrambleForEvent("222")).toString();
}
function check(s, sol) {
  if (!isSolved(solved.applyAlg(s).applyAlg(sol))) throw new Error(`${sol} does not solve ${s}`);
}

const header = (lines) => lines.map((l) => `# ${l}\n`).join("");
let out = header([
  "WCA random-state 2x2x2 scrambles and the solutions of cubing.js's 2x2x2 solver.",
  "scramble: randomScrambleForEvent(\"222\"); cubingjs: experimentalSolve2x2x2 of the scrambled pattern;",
  "htm: the optimal half-turn length, by a breadth-first search in make.mjs (not by cubing.js).",
  "scramble\tcubingjs\thtm",
]);
for (let i = 0; i < nSolved; i++) {
  const s = await scramble();
  const sol = (await experimentalSolve2x2x2(solved.applyAlg(s))).toString();
  check(s, sol);
  out += `${s}\t${sol}\t${distance(solved.applyAlg(s), distHTM)}\n`;
}
writeFileSync("cubingjs-222.tsv", out);

out = header([
  "cubing.js WCA random-state 2x2x2 scrambles with optimal quarter-turn answers written as quarter turns",
  "(a half turn as two, \"F F\"), the way twsearch writes them; the answers are made by a breadth-first",
  "search in make.mjs, not by twsearch. qtm: the answer's quarter-turn length.",
  "scramble\tanswer\tqtm",
]);
for (let i = 0; i < nQTM; i++) {
  const s = await scramble();
  const sol = solveQTM(solved.applyAlg(s));
  check(s, sol);
  const n = sol === "" ? 0 : sol.split(" ").length;
  if (n !== distance(solved.applyAlg(s), distQTM)) throw new Error("qtm length");
  out += `${s}\t${sol}\t${n}\n`;
}
writeFileSync("qtm-quarter-turns.tsv", out);
process.exit(0);
