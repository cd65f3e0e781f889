// Shared by the Square-1 and 3x3x3 pages: the JSON API, long jobs, errors, solution players.
"use strict";

const $ = (id) => document.getElementById(id);

/** An error answer of the API: {kind, code, message, position, field}. */
class ApiError extends Error {
  constructor(body, status) {
    super(body.message);
    this.kind = body.kind; this.code = body.code; this.status = status;
    this.position = body.position; this.field = body.field;
  }
}

/** POSTs a JSON body; resolves with the answer, rejects with an ApiError. */
async function api(path, body, signal) {
  const r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body || {}), signal });
  const data = await r.json().catch(() => ({ kind: "invalid_argument", code: 6,
    message: "the server answered " + r.status }));
  if (!r.ok) throw new ApiError(data, r.status);
  return data;
}

async function getJson(path) {
  const r = await fetch(path);
  const data = await r.json();
  if (!r.ok) throw new ApiError(data, r.status);
  return data;
}

/** The seed field's value: a whole number JavaScript holds exactly, or none (the server picks). */
function seedValue() {
  const v = $("seed").value.trim();
  if (v === "") return undefined;
  const n = Number(v);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

let jobCounter = 0;

/**
 * Long work with progress and a Cancel button: `body.job` names the job, its progress is
 * polled into `progressEl`, and Cancel (or a new job on the same runner) aborts the request,
 * which the server turns into a cancelled search.
 */
class JobRunner {
  constructor(progressEl, cancelButton) {
    this.progressEl = progressEl; this.cancelButton = cancelButton; this.current = null;
    cancelButton.addEventListener("click", () => this.cancel());
    cancelButton.disabled = true;
  }
  cancel() {
    const c = this.current;
    if (!c) return;
    fetch("/api/jobs/" + c.id + "/cancel", { method: "POST",
      headers: { "Content-Type": "application/json" }, body: "{}" }).catch(() => {});
    c.controller.abort();
  }
  async run(label, path, body) {
    this.cancel();
    const id = "page-" + Date.now().toString(36) + "-" + (++jobCounter);
    const controller = new AbortController();
    const mine = { id, controller };
    this.current = mine;
    this.cancelButton.disabled = false;
    this.progressEl.textContent = label + " ...";
    const started = Date.now();
    const poll = setInterval(async () => {
      try {
        const j = await getJson("/api/jobs/" + id);
        if (this.current !== mine) return;
        let text = label + ": " + j.task;
        if (j.phase) text += ", " + j.phase;
        if (j.total) text += " (" + j.done + " of " + j.total + ")";
        else if (j.done) text += " (" + j.done + ")";
        this.progressEl.textContent = text + ", " + ((Date.now() - started) / 1000).toFixed(1) + " s";
      } catch (e) { /* between two phases, or done */ }
    }, 400);
    try {
      const answer = await api(path, Object.assign({}, body, { job: id }), controller.signal);
      if (this.current === mine) {
        this.progressEl.textContent = label + ": done in " +
          ((Date.now() - started) / 1000).toFixed(1) + " s";
      }
      return answer;
    } catch (e) {
      if (e.name === "AbortError" || e.kind === "cancelled") e.cancelled = true;
      // A run that a newer one replaced leaves the progress line to it.
      if (this.current === mine) {
        this.progressEl.textContent = e.cancelled ? label + ": cancelled" : "";
      }
      throw e;
    } finally {
      clearInterval(poll);
      if (this.current === mine) { this.current = null; this.cancelButton.disabled = true; }
    }
  }
}

/** Shows an error; with a position in `text`, the offending character is marked. */
function showError(el, err, text) {
  el.textContent = "";
  if (!err) return;
  const msg = document.createElement("div");
  msg.textContent = (err.kind ? err.kind + ": " : "") + err.message;
  el.appendChild(msg);
  if (typeof err.position === "number" && typeof text === "string" && text.length > 0) {
    const chars = Array.from(text);
    const p = Math.min(err.position, chars.length);
    const line = document.createElement("div");
    line.className = "mono";
    line.append(chars.slice(0, p).join(""));
    const m = document.createElement("mark");
    m.textContent = p < chars.length ? chars[p] : " ";
    m.title = "position " + err.position;
    line.append(m, chars.slice(p + 1).join(""));
    el.appendChild(line);
  }
}

/**
 * A list of solutions, each playable step by step: `stepsFor(moves)` resolves with the API's
 * steps ([{move, svg, ...}]); `show(step)` draws one; `done()` goes back to the state.
 */
function listSolutions(listEl, playerEl, solutions, stepsFor, show, done) {
  listEl.textContent = "";
  playerEl.hidden = true;
  solutions.forEach((moves, i) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = "Play";
    b.setAttribute("aria-label", "Play solution " + (i + 1));
    b.className = "play";
    b.addEventListener("click", async () => {
      try {
        const s = await stepsFor(moves);
        play(playerEl, moves, s.steps, show, done);
      } catch (e) { showError(playerEl, e); playerEl.hidden = false; }
    });
    const code = document.createElement("span");
    code.className = "mono solution";
    code.textContent = moves === "" ? "(already solved)" : moves;
    li.append(b, code);
    listEl.appendChild(li);
  });
}

/** The step player: Start, Back, Next, End, Close; the picture follows. */
function play(el, moves, steps, show, done) {
  el.hidden = false;
  el.textContent = "";
  let at = 0;
  const title = document.createElement("div");
  title.className = "muted";
  const line = document.createElement("div");
  line.className = "mono moves";
  line.setAttribute("aria-live", "polite");
  const spans = steps.slice(1).map((s) => {
    const sp = document.createElement("span");
    sp.textContent = s.move;
    line.append(sp, " ");
    return sp;
  });
  const row = document.createElement("div");
  row.className = "row";
  const button = (label, id, f) => {
    const b = document.createElement("button");
    b.type = "button"; b.textContent = label; b.id = id;
    b.addEventListener("click", f);
    row.appendChild(b);
    return b;
  };
  const go = (i) => {
    at = Math.max(0, Math.min(steps.length - 1, i));
    spans.forEach((sp, k) => { sp.className = k < at - 1 ? "done" : k === at - 1 ? "now" : ""; });
    title.textContent = "step " + at + " of " + (steps.length - 1);
    show(steps[at]);
    first.disabled = back.disabled = at === 0;
    next.disabled = last.disabled = at === steps.length - 1;
  };
  const first = button("Start", "step-start", () => go(0));
  const back = button("Back", "step-back", () => go(at - 1));
  const next = button("Next", "step-next", () => go(at + 1));
  const last = button("End", "step-end", () => go(steps.length - 1));
  button("Close", "step-close", () => { el.hidden = true; el.textContent = ""; done(); });
  el.append(title, line, row);
  go(0);
  next.focus();
}

/** Marks the current page's link in the header. */
document.addEventListener("DOMContentLoaded", () => {
  for (const a of document.querySelectorAll("header nav a")) {
    if (a.getAttribute("href") === location.pathname) a.setAttribute("aria-current", "page");
  }
});
