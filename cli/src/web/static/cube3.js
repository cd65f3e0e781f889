// The 3x3x3 page: a start cube plus typed moves (NISS allowed) give the current cube; every
// answer is the server's (POST /api/cube3/apply, /steps, /random, /solve, /optimal).
"use strict";

let startCube = null;
let current = null;
let runner = null;
let applySeq = 0;

/** The engine's net picture of a cube answer (the current cube, or a step played). */
function draw(view) {
  $("picture").innerHTML = view.svg;
  $("solved-text").textContent = view.solved ? "solved" : "not solved";
}

async function applyMoves() {
  const seq = ++applySeq;
  const moves = $("moves").value;
  try {
    const a = await api("/api/cube3/apply", { cube: startCube, moves });
    if (seq !== applySeq) return;
    current = a;
    showError($("moves-error"), null);
    $("moves").removeAttribute("aria-invalid");
    draw(a);
    $("current").textContent = a.cube;
  } catch (e) {
    if (seq !== applySeq) return;
    $("moves").setAttribute("aria-invalid", "true");
    showError($("moves-error"), e, e.field === "moves" ? moves : undefined);
  }
}

function clearSolutions() {
  $("solutions").textContent = "";
  $("solve-summary").textContent = "";
  $("player").hidden = true;
  showError($("solve-error"), null);
}

function setStart(cube, moves) {
  startCube = cube;
  $("cube").value = cube;
  $("moves").value = moves || "";
  showError($("cube-error"), null);
  clearSolutions();
  return applyMoves();
}

function show(solutions, cube) {
  listSolutions($("solutions"), $("player"), solutions,
    (moves) => api("/api/cube3/steps", { cube, moves }), draw, () => current && draw(current));
}

async function twoPhase() {
  clearSolutions();
  if (!current) return;
  const cube = current.cube;
  const max = $("max-length").value.trim();
  if (!/^[0-9]*$/.test(max)) {
    showError($("solve-error"), { message: "the longest solution is a whole number of moves" });
    return;
  }
  const body = max === "" ? { cube } : { cube, max_length: Number(max) };
  try {
    const r = await runner.run("two-phase solve", "/api/cube3/solve", body);
    $("solve-summary").textContent = "two-phase solution of " + r.length + " moves";
    show([r.solution], cube);
  } catch (e) { if (!e.cancelled) showError($("solve-error"), e); }
}

async function optimal() {
  clearSolutions();
  if (!current) return;
  const cube = current.cube;
  try {
    const r = await runner.run("optimal solve", "/api/cube3/optimal",
      { cube, table: Number($("table").value), limit: 200 });
    $("solve-summary").textContent = r.solutions.length + (r.complete ? "" : "+") +
      " optimal solution" + (r.solutions.length === 1 ? "" : "s") + " of " + r.length +
      " moves (table h" + r.table + ", " + r.nodes.toLocaleString("en") + " nodes)";
    show(r.solutions, cube);
  } catch (e) { if (!e.cancelled) showError($("solve-error"), e); }
}

document.addEventListener("DOMContentLoaded", async () => {
  runner = new JobRunner($("progress"), $("cancel"));
  let timer = null;
  $("moves").addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => { clearSolutions(); applyMoves(); }, 250);
  });
  $("moves").addEventListener("keydown", (e) => { if (e.key === "Enter") applyMoves(); });
  $("apply").addEventListener("click", () => { clearSolutions(); applyMoves(); });
  const setCube = async () => {
    const text = $("cube").value.trim();
    try {
      const a = await api("/api/cube3/apply", { cube: text });
      await setStart(a.cube, "");
    } catch (e) { showError($("cube-error"), e, e.field === "cube" ? text : undefined); }
  };
  $("set-cube").addEventListener("click", setCube);
  $("cube").addEventListener("keydown", (e) => { if (e.key === "Enter") setCube(); });
  $("random").addEventListener("click", async () => {
    try {
      const r = await api("/api/cube3/random", { seed: seedValue() });
      $("random-info").textContent = "random cube, seed " + r.seed;
      await setStart(r.cube, "");
    } catch (e) { showError($("cube-error"), e); }
  });
  $("solve").addEventListener("click", twoPhase);
  $("optimal").addEventListener("click", optimal);
  try {
    const info = await getJson("/api/info");
    const sel = $("table");
    for (let h = 1; h <= info.max_optimal_table; h++) {
      const o = document.createElement("option");
      o.value = String(h); o.textContent = "h" + h;
      sel.appendChild(o);
    }
  } catch (e) { /* h0 only */ }
  const solved = await api("/api/cube3/apply", {});
  await setStart(solved.cube, "");
});
