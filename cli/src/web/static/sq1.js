// The Square-1 page: a start state plus typed moves give the current state; every answer is
// the server's (POST /api/sq1/apply, /steps, /random, /scramble, /solve, /solve-fast, /api/db).
"use strict";

const SOLVED = "AAbCCdEEfGGh|iJJkLLmNNoPP|S";
let start = SOLVED;     // the state the moves apply to
let current = null;     // the last good answer of /api/sq1/apply
let runner = null;
let applySeq = 0;

function draw(svg) { $("picture").innerHTML = svg; }

function showState(a) {
  current = a;
  draw(a.svg);
  $("shape").textContent = a.shape;
  $("current").textContent = a.state;
  $("solved-text").textContent = a.solved ? "solved" : "not solved";
  const t = $("twist");
  t.disabled = !a.twistable;
  t.title = a.twist_blocked || "twist";
  $("twist-reason").textContent = a.twist_blocked || "";
}

/** Applies the typed moves to the start state; errors are shown at their position. */
async function applyMoves() {
  const seq = ++applySeq;
  const moves = $("moves").value;
  try {
    const a = await api("/api/sq1/apply",
      { state: start, moves, notation: $("notation").value });
    if (seq !== applySeq) return;
    showError($("moves-error"), null);
    $("moves").removeAttribute("aria-invalid");
    showState(a);
  } catch (e) {
    if (seq !== applySeq) return;
    $("moves").setAttribute("aria-invalid", "true");
    showError($("moves-error"), e, e.field === "moves" ? moves : undefined);
  }
}

function setStart(state, moves) {
  start = state;
  $("state").value = state;
  $("moves").value = moves || "";
  showError($("state-error"), null);
  clearSolutions();
  return applyMoves();
}

function clearSolutions() {
  $("solutions").textContent = "";
  $("solve-summary").textContent = "";
  $("player").hidden = true;
  $("db-solutions").textContent = "";
  $("db-summary").textContent = "";
  $("db-player").hidden = true;
  showError($("solve-error"), null);
  showError($("db-error"), null);
}

/** Appends a move to the text, in the notation chosen (the article turns the other way). */
function appendMove(text) {
  const m = $("moves");
  const sep = m.value.trim() === "" || text === "/" ? "" : " ";
  m.value = m.value.trimEnd() + sep + text;
  clearSolutions();
  applyMoves();
}

function turnText(top, bottom) {
  const sign = $("notation").value === "article" ? -1 : 1;
  const n = (v) => (v * sign === 0 ? 0 : v * sign);
  return "(" + n(top) + "," + n(bottom) + ")";
}

function stepsFrom(state) {
  return (moves) => api("/api/sq1/steps", { state, moves });
}

function restore() { if (current) draw(current.svg); }

async function solve(fast) {
  clearSolutions();
  if (!current) return;
  const state = current.state;
  const metric = $("metric").value;
  try {
    if (fast) {
      const r = await runner.run("fast solve", "/api/sq1/solve-fast", { state, metric });
      $("solve-summary").textContent = "fast solution, " + r.solution.length + " (" + r.metric +
        " metric), " + r.solution.twists + " twists";
      listSolutions($("solutions"), $("player"), [r.solution.wca], stepsFrom(state), (s) => draw(s.svg),
        restore);
    } else {
      const r = await runner.run("optimal solve", "/api/sq1/solve",
        { state, metric, limit: 200 });
      $("solve-summary").textContent = r.solutions.length + (r.complete ? "" : "+") +
        " optimal solution" + (r.solutions.length === 1 ? "" : "s") + " of length " + r.length +
        " (" + r.metric + " metric)";
      listSolutions($("solutions"), $("player"), r.solutions.map((s) => s.wca), stepsFrom(state),
        (s) => draw(s.svg), restore);
    }
  } catch (e) {
    if (!e.cancelled) showError($("solve-error"), e);
  }
}

async function dbSolve() {
  $("db-solutions").textContent = "";
  $("db-player").hidden = true;
  showError($("db-error"), null);
  if (!current) return;
  try {
    const r = await runner.run("database", "/api/db/solve", { state: current.state, limit: 200 });
    const flipped = r.solutions.filter((s) => s.flipped).length;
    $("db-summary").textContent = "Silver state " + r.silver_state + ": distance " + r.distance +
      " twists, " + r.solutions.length + (r.complete ? "" : "+") + " shortest solution(s)" +
      (flipped ? "; " + flipped + " of them end with the puzzle upside down" : "");
    listSolutions($("db-solutions"), $("db-player"), r.solutions.map((s) => s.wca),
      stepsFrom(r.silver_state), (s) => draw(s.svg), restore);
  } catch (e) {
    if (!e.cancelled) showError($("db-error"), e);
  }
}

function histogram(counts) {
  const el = $("histogram");
  el.textContent = "";
  const max = Math.max(...counts.map((c) => Math.log10(c + 1)));
  counts.forEach((c, i) => {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    row.style.display = "contents";
    const level = document.createElement("span");
    level.setAttribute("role", "cell");
    level.textContent = "level " + (i + 1);
    const bar = document.createElement("span");
    bar.className = "bar";
    bar.setAttribute("aria-hidden", "true");
    bar.style.width = (100 * Math.log10(c + 1) / max).toFixed(1) + "%";
    const n = document.createElement("span");
    n.setAttribute("role", "cell");
    n.className = "mono";
    n.textContent = c.toLocaleString("en");
    row.append(level, bar, n);
    el.appendChild(row);
  });
}

document.addEventListener("DOMContentLoaded", async () => {
  runner = new JobRunner($("progress"), $("cancel"));
  $("state").value = SOLVED;
  let timer = null;
  $("moves").addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => { clearSolutions(); applyMoves(); }, 250);
  });
  $("moves").addEventListener("keydown", (e) => { if (e.key === "Enter") applyMoves(); });
  $("notation").addEventListener("change", applyMoves);
  $("apply").addEventListener("click", () => { clearSolutions(); applyMoves(); });
  const setState = async () => {
    const text = $("state").value.trim();
    try {
      const a = await api("/api/sq1/apply", { state: text });
      await setStart(a.state, "");
    } catch (e) {
      showError($("state-error"), e, e.field === "state" ? text : undefined);
    }
  };
  $("set-state").addEventListener("click", setState);
  $("state").addEventListener("keydown", (e) => { if (e.key === "Enter") setState(); });
  for (const b of document.querySelectorAll("button.turn")) {
    b.addEventListener("click", () => appendMove(turnText(+b.dataset.top, +b.dataset.bottom)));
  }
  $("twist").addEventListener("click", () => appendMove("/"));
  $("undo").addEventListener("click", async () => {
    try {
      const s = await api("/api/sq1/steps",
        { state: start, moves: $("moves").value, notation: $("notation").value });
      const moves = s.steps.slice(1, -1).map((x) => x.move);
      let text = "";
      for (const m of moves) text += (text === "" || m === "/" ? "" : " ") + m;
      $("moves").value = text;
      clearSolutions();
      applyMoves();
    } catch (e) { showError($("moves-error"), e, $("moves").value); }
  });
  $("clear").addEventListener("click", () => { $("moves").value = ""; clearSolutions(); applyMoves(); });
  $("random").addEventListener("click", async () => {
    try {
      const r = await api("/api/sq1/random", { seed: seedValue() });
      $("random-info").textContent = "random state, seed " + r.seed;
      await setStart(r.state, "");
    } catch (e) { showError($("state-error"), e); }
  });
  $("scramble").addEventListener("click", async () => {
    try {
      const r = await runner.run("scramble", "/api/sq1/scramble", { seed: seedValue() });
      $("random-info").textContent = "scramble, seed " + r.seed + ": " + r.scramble;
      $("notation").value = "wca";
      await setStart(SOLVED, r.scramble);
    } catch (e) { if (!e.cancelled) showError($("state-error"), e); }
  });
  $("solve").addEventListener("click", () => solve(false));
  $("fast").addEventListener("click", () => solve(true));
  $("db-solve").addEventListener("click", dbSolve);
  await applyMoves();
  try {
    const d = await getJson("/api/db");
    $("db").hidden = false;
    histogram(d.level_counts);
  } catch (e) { /* no database given */ }
});
