// sectionx studio: the page.  Plain JavaScript, no build step (issue 31).
//
// The server does every rule: this page draws the picture it is sent, lays the
// clickable spots over it, filters the legal choices by the clicks made so far, and
// sends a whole move (or, for clicks no legal move has, the clicks themselves, so
// the referee can say why) back.  Nothing here knows a game.
"use strict";

const TOKEN = document.querySelector('meta[name="studio-token"]').content;
const SVGNS = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

const state = {
  files: [],          // the folder's reports
  path: null,         // the file open in Play / Edit
  view: null,         // the server's view of the position shown
  clicks: [],         // spots clicked towards a move
  job: null,          // the running solve/export: {id, source, kind}
  solution: null,     // the last solution found from the position it was asked at
  solutionAt: -1,     // history index it was asked at
  startMinimum: null, // {turns} once the start position was solved (end-of-puzzle line)
  editTimer: null,
};

// --------------------------------------------------------------------- server

async function api(path, data) {
  const started = performance.now();
  const response = await fetch(path, {
    method: data === undefined ? "GET" : "POST",
    headers: data === undefined ? {} : {"Content-Type": "application/json", "X-Studio-Token": TOKEN},
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: "same-origin",
  });
  let body;
  try { body = await response.json(); } catch (e) { body = {error: `${response.status} ${response.statusText}`}; }
  window.studioTimings.push({path, ms: performance.now() - started});
  if (!response.ok) { const err = new Error(body.error || response.statusText); err.body = body; throw err; }
  return body;
}
window.studioTimings = [];
// A request that fails says so on the page, in the view it was made from.
window.addEventListener("unhandledrejection", (ev) => {
  const message = ev.reason && ev.reason.message ? ev.reason.message : String(ev.reason);
  if (document.body.dataset.view === "edit") {
    const box = $("edit-message");
    box.className = "message refused"; box.textContent = message;
  } else if (document.body.dataset.view === "play") say(message, "refused");
  else $("files-note").textContent = message;
});
window.studioMoves = [];

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

function say(text, kind = "") {
  const box = $("message");
  box.className = "message " + kind;
  box.replaceChildren();
  if (typeof text === "string") box.textContent = text; else box.append(text);
}

function refusal(message, rules) {
  const frag = el("span", {class: "refusal"}, message);
  for (const r of rules || []) frag.append(" ", el("span", {class: "rule", "data-rule": r}, r));
  return frag;
}

// --------------------------------------------------------------------- views

function show(name) {
  for (const v of ["files", "play", "edit"]) {
    $("view-" + v).hidden = v !== name;
    $("tab-" + v).setAttribute("aria-selected", String(v === name));
  }
  document.body.dataset.view = name;
  if (name === "play" && state.view && state.view.svg && !$("board").firstChild) { drawBoard(state.view); highlight(); }
}

for (const tab of document.querySelectorAll("nav [role=tab]")) {
  tab.addEventListener("click", () => {
    const v = tab.dataset.view;
    if (v === "edit") {
      // The editor keeps its unsaved text while the same file is shown elsewhere.
      if (state.editorPath && state.editorPath === state.path) show("edit"); else openEditor(state.path);
    } else if (v === "play") {
      openPlay(state.path);  // the server's line of play, begun afresh if the file changed
    } else show(v);
  });
}

// --------------------------------------------------------------------- files

async function loadFiles() {
  const got = await api("/api/files");
  state.files = got.files;
  $("files-note").textContent = `${got.files.length} file${got.files.length === 1 ? "" : "s"}` +
    (got.cut ? " (the list stops here: open a smaller folder)" : "");
  drawFiles();
}

function drawFiles() {
  const needle = $("filter").value.trim().toLowerCase();
  const list = $("files");
  list.replaceChildren();
  for (const f of state.files) {
    const game = f.game || "";
    if (needle && !`${f.file} ${game} ${f.kind}`.toLowerCase().includes(needle)) continue;
    const thumb = f.ok ? el("img", {src: "/api/thumb?path=" + encodeURIComponent(f.file), alt: "", loading: "lazy"})
                       : el("div", {class: "no-thumb"}, "✗");
    const problems = f.problems.length;
    const card = el("li", {class: "file " + (f.ok ? "ok" : "bad"), "data-file": f.file},
      el("button", {class: "open", title: f.ok ? "Play" : "Edit to fix", onclick: () => (f.ok ? openPlay(f.file) : openEditor(f.file))},
        el("div", {class: "thumb"}, thumb),
        el("div", {class: "name"}, f.file),
        el("div", {class: "meta"}, [(state.games || {})[game] || game, f.kind !== game ? f.kind : ""].filter(Boolean).join(" "), " · ",
          el("span", {class: f.ok ? "valid" : "invalid"}, f.ok ? "valid" : `${problems} problem${problems === 1 ? "" : "s"}`)),
        el("div", {class: "summary"}, f.ok ? f.summary : (f.problems[0] ? `line ${f.problems[0].line}: ${f.problems[0].message}` : ""))),
      el("button", {class: "edit-link", onclick: () => openEditor(f.file)}, "Edit"));
    list.append(card);
  }
}
$("filter").addEventListener("input", drawFiles);

// --------------------------------------------------------------------- play

async function openPlay(path, reload = false) {
  try {
    const v = await api("/api/open", {path, reload});
    state.path = path;
    state.solution = null; state.startMinimum = null;
    $("tab-play").disabled = false; $("tab-edit").disabled = false;
    $("opened").textContent = path;
    $("play-title").textContent = path;
    $("solver").hidden = true;
    show("play");
    render(v);
    say("");
    document.body.dataset.opens = String(Number(document.body.dataset.opens || 0) + 1);
  } catch (e) {
    if (e.body && e.body.problems && state.editorPath !== path) openEditor(path);
    else throw e;  // said in the view the click came from (the unhandled-rejection line above)
  }
}

function render(v) {
  state.view = v;
  state.clicks = [];
  if (v.svg !== undefined) drawBoard(v);
  const s = v.status;
  $("to-move").textContent = s.over ? (s.result || "Over") : s.to_move;
  $("goal").textContent = s.goal || "";
  $("goal").hidden = !s.goal;
  drawMoves(v);
  highlight();
  drawOptions();
  $("undo").disabled = v.at === 0;
  $("redo").disabled = v.at >= v.moves.length;
  $("hint").disabled = s.over || v.kind !== "puzzle";
  $("solve").disabled = v.kind !== "puzzle";
  $("export-pdf").disabled = $("export-svg").disabled = v.kind !== "puzzle";
  document.body.dataset.solved = String(!!s.solved);
  if (s.solved) solvedLine();
}

function drawBoard(v) {
  drawPicture($("board"), v.svg, v.spots, clickSpot);
}

// The renderer's SVG as it is, with an invisible polygon over each spot.  Only one
// picture is in the page at a time (its symbols' ids would clash with another's).
function drawPicture(board, svgText, spots, onClick) {
  for (const other of [$("board"), $("edit-board")]) if (other !== board) other.replaceChildren();
  board.innerHTML = svgText.replace(/^<\?xml[^>]*>\s*/, "");
  const svg = board.querySelector("svg");
  svg.removeAttribute("width"); svg.removeAttribute("height");
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  const layer = document.createElementNS(SVGNS, "g");
  layer.setAttribute("id", "studio-spots");
  for (const spot of spots) {
    const p = document.createElementNS(SVGNS, "polygon");
    p.setAttribute("points", spot.points);
    p.setAttribute("class", "spot");
    p.setAttribute("data-spot", spot.id);
    const t = document.createElementNS(SVGNS, "title");
    t.textContent = spot.title;
    p.append(t);
    p.addEventListener("click", (ev) => { ev.stopPropagation(); onClick(spot.id); });
    layer.append(p);
  }
  svg.append(layer);
}

function startsWith(clicks, prefix) {
  if (clicks.length < prefix.length) return false;
  return prefix.every((c, i) => clicks[i] === c);
}

function candidates(prefix = state.clicks) {
  return state.view.choices.filter((c) => c.clicks.length > 0 && startsWith(c.clicks, prefix));
}

function highlight() {
  const next = new Set(), chosen = new Set(state.clicks);
  for (const c of candidates()) if (c.clicks.length > state.clicks.length) next.add(c.clicks[state.clicks.length]);
  for (const p of document.querySelectorAll("#studio-spots .spot")) {
    const id = p.dataset.spot;
    p.classList.toggle("target", state.clicks.length > 0 && next.has(id));
    p.classList.toggle("movable", state.clicks.length === 0 && next.has(id));
    p.classList.toggle("selected", chosen.has(id));
  }
}

function drawOptions() {
  const box = $("options");
  box.replaceChildren();
  if (!state.view || state.view.status.over) return;
  let shown;
  if (state.clicks.length === 0) {
    shown = state.view.choices.filter((c) => c.clicks.length === 0);
  } else {
    shown = candidates().filter((c) => c.clicks.length === state.clicks.length);
    box.append(el("button", {class: "cancel", onclick: () => { state.clicks = []; highlight(); drawOptions(); }}, "Cancel"));
  }
  for (const c of shown) {
    box.append(el("button", {class: "choice", "data-move": c.text, title: c.text, onclick: () => playMove(c.text)},
      c.label || c.text));
  }
}

async function clickSpot(id) {
  if (!state.view || state.view.status.over) return;
  const next = [...state.clicks, id];
  if (state.clicks.length && state.clicks[state.clicks.length - 1] === id && candidates(next).length === 0) {
    state.clicks.pop(); highlight(); drawOptions(); return;  // a second click lets go (unless it is a move: a turn)
  }
  const cands = candidates(next);
  if (cands.length === 0) {
    if (state.clicks.length > 0 && candidates([id]).length > 0) {  // another piece: start again from it
      state.clicks = [id]; highlight(); drawOptions(); return;
    }
    const tried = next;
    state.clicks = []; highlight(); drawOptions();
    await playClicks(tried);
    return;
  }
  const exact = cands.filter((c) => c.clicks.length === next.length);
  if (exact.length === 1 && cands.length === 1) { await playMove(exact[0].text); return; }
  state.clicks = next;
  highlight();
  drawOptions();
  if (exact.length > 1) say("Choose one of the moves below.", "info");
}

async function playClicks(clicks) {
  const got = await api("/api/play", {path: state.path, clicks});
  if (got.refused === undefined) return;
  if (!got.move && clicks.length === 1) {
    // One click names no move yet (a piece with nowhere to go): keep it, so the next
    // click can say where it was meant to go and the referee can say why not.
    state.clicks = clicks; highlight(); drawOptions();
    say("No legal move starts there; click where it should go to hear why.", "info");
    return;
  }
  say(refusal(got.move ? `${got.move}: ${got.refused}` : got.refused, got.rules), "refused");
}

async function playMove(text) {
  const started = performance.now();
  const got = await api("/api/play", {path: state.path, move: text});
  if (got.refused !== undefined) { say(refusal(`${got.move}: ${got.refused}`, got.rules), "refused"); return false; }
  render(got);
  // A move's round trip as the player sees it: the request, the server's play, the new board drawn.
  window.studioMoves.push(performance.now() - started);
  if (!got.status.solved) say(`${got.played}`, "played");  // the end's line stays
  return true;
}

$("typed").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const text = $("typed-move").value.trim();
  if (text && await playMove(text)) $("typed-move").value = "";
});

function drawMoves(v) {
  const list = $("moves");
  list.replaceChildren();
  v.moves.forEach((m, i) => {
    const answer = (v.answers || [])[i];
    list.append(el("li", {class: i < v.at ? "done" : "undone"},
      el("button", {onclick: () => goto(i + 1), title: "Go to the position after this move"}, m),
      answer ? el("span", {class: "answer", title: "the other side's reply, played by the studio"}, ` — ${answer}`) : ""));
  });
}

async function goto(at) { render(await api("/api/goto", {path: state.path, at})); }
$("undo").addEventListener("click", async () => render(await api("/api/undo", {path: state.path})));
$("redo").addEventListener("click", async () => render(await api("/api/redo", {path: state.path})));
$("restart").addEventListener("click", () => goto(0));
document.addEventListener("keydown", (ev) => {
  if (document.body.dataset.view !== "play" || ev.target.tagName === "INPUT") return;
  if ((ev.ctrlKey || ev.metaKey) && ev.key === "z") { ev.preventDefault(); $("undo").click(); }
  if ((ev.ctrlKey || ev.metaKey) && ev.key === "y") { ev.preventDefault(); $("redo").click(); }
  if (ev.key === "Escape") { state.clicks = []; highlight(); drawOptions(); }
});

// --------------------------------------------------------------------- solver

function follow(job, handlers) {
  const source = new EventSource(`/api/jobs/${job}`);
  state.job = {id: job, source};
  $("stop").disabled = false;
  const finish = () => { source.close(); state.job = null; $("stop").disabled = true; };
  source.addEventListener("progress", (ev) => handlers.progress && handlers.progress(JSON.parse(ev.data)));
  source.addEventListener("done", (ev) => { finish(); handlers.done(JSON.parse(ev.data)); });
  source.addEventListener("error", (ev) => {
    if (ev.data) { finish(); handlers.error(JSON.parse(ev.data)); }
    else if (source.readyState === EventSource.CLOSED) { finish(); handlers.error("the job is gone (the studio may have stopped)"); }
  });
  source.addEventListener("stopped", () => { finish(); handlers.error("stopped"); });
}

async function solveFrom(which, handlers, seconds = 60) {
  if (state.job) await stopJob();
  const got = await api("/api/solve", {path: state.path, from: which, seconds});
  follow(got.job, handlers);
  state.job.kind = which === "start" ? "minimum" : "solve";
}

async function stopJob() {
  if (!state.job) return;
  const id = state.job.id;
  state.job.source.close();
  state.job = null;
  $("stop").disabled = true;
  await api(`/api/jobs/${id}/stop`, {});
}
$("stop").addEventListener("click", async () => { await stopJob(); $("solver-progress").textContent = "Stopped."; });

$("solve").addEventListener("click", () => {
  const at = state.view.at;
  $("solver").hidden = false;
  $("solver-result").textContent = "";
  $("solution").replaceChildren();
  $("next-turn").hidden = true;
  $("solver-progress").textContent = "Solving…";
  solveFrom("current", {
    progress: (line) => { $("solver-progress").textContent = line; },
    done: (s) => { state.solution = s; state.solutionAt = at; showSolution(s); },
    error: (m) => { $("solver-progress").textContent = m; },
  });
});

function showSolution(s) {
  $("solver-progress").textContent = "";
  $("solver-result").textContent = s.message || s.status;
  const list = $("solution");
  list.replaceChildren();
  s.turns.forEach((turn, i) => list.append(el("li", {"data-turn": String(i + 1)}, turn.join(", "))));
  state.solutionTurn = 0;
  $("next-turn").hidden = !(s.status === "solved" && s.turns.length);
}

$("next-turn").addEventListener("click", async () => {
  const s = state.solution;
  if (!s || state.solutionTurn >= s.turns.length) return;
  for (const move of s.turns[state.solutionTurn]) if (!(await playMove(move))) return;
  for (const li of $("solution").children) li.classList.toggle("played", Number(li.dataset.turn) <= state.solutionTurn + 1);
  state.solutionTurn += 1;
  if (state.solutionTurn >= s.turns.length) $("next-turn").hidden = true;
});

$("hint").addEventListener("click", () => {
  say("Looking for the best move…", "info");
  solveFrom("current", {
    done: (s) => {
      if (s.status !== "solved" || !s.turns.length || !s.turns[0].length) { say(s.message || "No hint: " + s.status, "info"); return; }
      const move = s.turns[0][0];
      const choice = state.view.choices.find((c) => c.text === move);
      say(el("span", {}, "Hint: ", el("code", {class: "hint-move"}, move)), "hint");
      for (const p of document.querySelectorAll("#studio-spots .spot")) {
        p.classList.toggle("hint", !!choice && choice.clicks.includes(p.dataset.spot));
      }
    },
    error: (m) => say(`No hint: ${m}`, "refused"),
  }, 30);
});

function solvedLine() {
  const n = state.view.status.turns;
  const base = `Solved in ${n} turn${n === 1 ? "" : "s"}`;
  if (state.startMinimum !== null) { say(`${base} — the minimum is ${state.startMinimum}.`, "solved"); return; }
  say(base + " — finding the minimum…", "solved");
  if (state.job && state.job.kind === "minimum") return;  // already on its way
  solveFrom("start", {
    done: (s) => {
      if (s.status === "solved") { state.startMinimum = s.minimum; say(`${base} — the minimum is ${s.minimum}.`, "solved"); }
      else say(`${base} — the minimum is unknown (${s.message || s.status}).`, "solved");
    },
    error: (m) => say(`${base} — the minimum is unknown (${m}).`, "solved"),
  });
}

async function exportSheet(kind) {
  say(`Making the ${kind.toUpperCase()} sheet (the puzzle is solved first)…`, "info");
  if (state.job) await stopJob();
  const got = await api("/api/export", {path: state.path, kind});
  follow(got.job, {
    done: (file) => {
      const bytes = Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0));
      const url = URL.createObjectURL(new Blob([bytes], {type: file.type}));
      const a = el("a", {href: url, download: file.name}, file.name);
      say(el("span", {}, "Sheet ready: ", a), "played");
      a.click();
    },
    error: (m) => say(`The sheet could not be made: ${m}`, "refused"),
  });
}
$("export-pdf").addEventListener("click", () => exportSheet("pdf"));
$("export-svg").addEventListener("click", () => exportSheet("svg"));

// --------------------------------------------------------------------- edit

async function openEditor(path, text) {
  if (!path) return;
  if (text === undefined) text = (await api("/api/source?path=" + encodeURIComponent(path))).text;
  state.path = path;
  state.editorPath = path;
  state.tool = null;
  state.tools = [];
  $("tab-edit").disabled = false;
  $("opened").textContent = path;
  $("save-as").value = path;
  $("source").value = text;
  $("save-note").textContent = "";
  $("edit-message").replaceChildren();
  show("edit");
  await checkSource();
}

async function checkSource() {
  // Checked as the file being edited (its folder's references), whatever the Save box says
  // while a new name is typed; only the answer to the latest text is shown.
  const seq = (state.checkSeq = (state.checkSeq || 0) + 1);
  const got = await api("/api/check", {path: state.editorPath, text: $("source").value});
  if (seq === state.checkSeq) applyCheck(got);
}

function applyCheck(got) {
  const list = $("problems");
  list.replaceChildren();
  for (const p of got.problems) {
    list.append(el("li", {"data-line": String(p.line)},
      el("button", {onclick: () => goLine(p.line)}, `line ${p.line}: ${p.message}`, p.rule ? " " : "",
        p.rule ? el("span", {class: "rule"}, p.rule) : "")));
  }
  const title = (state.games || {})[got.game] || got.game;
  $("edit-status").textContent = got.ok ? `A valid ${got.kind} of ${title}. ${got.status.goal || ""}` : "";
  $("edit-stale").hidden = got.ok;
  if (got.ok) {
    drawPicture($("edit-board"), got.svg, got.spots, editSpot);
    if (got.tools) drawPalette(got.tools);
  }
  document.body.dataset.valid = String(got.ok);
  document.body.dataset.checks = String(Number(document.body.dataset.checks || 0) + 1);
}

function drawPalette(tools) {
  const same = JSON.stringify(tools) === JSON.stringify(state.tools);
  state.tools = tools;
  if (same) return;
  const box = $("palette");
  box.replaceChildren();
  let group = null, row = null;
  for (const t of tools) {
    if (t.group !== group) {
      group = t.group;
      row = el("div", {class: "tool-group"});
      box.append(el("h4", {}, group), row);
    }
    if (t.whole) {
      // A setting of the whole file (a goal, a turn limit): its options and a button, applied at once.
      const select = el("select", {"data-whole": t.id, "aria-label": t.label},
        ...t.options.map((o) => el("option", {value: o}, o)));
      if (t.value && t.options.includes(t.value)) select.value = t.value;
      row.append(el("span", {class: "setting"}, el("span", {}, t.label), select,
        el("button", {class: "tool set", "data-set": t.id, onclick: () => applyWhole(t.id, select.value)}, "Set")));
      continue;
    }
    row.append(el("button", {class: "tool", "data-tool": t.id, title: t.id, onclick: () => pickTool(t.id)}, t.label));
  }
  if (state.tool && !tools.some((t) => t.id === state.tool)) pickTool(null);
  else pickTool(state.tool);
}

function pickTool(id) {
  state.tool = id;
  for (const b of document.querySelectorAll("#palette .tool")) b.classList.toggle("chosen", b.dataset.tool === id);
  const tool = state.tools.find((t) => t.id === id);
  const select = $("tool-option");
  const keep = select.value;
  select.replaceChildren(...(tool ? tool.options : []).map((o) => el("option", {value: o}, o)));
  if (tool && tool.options.includes(keep)) select.value = keep;
  $("option-row").hidden = !(tool && tool.options.length);
  $("palette-note").textContent = tool ? `${tool.label}: click the board.` : "Pick a tool, then click the board.";
  document.body.dataset.tool = id || "";
}

async function editSpot(spot) {
  if (!state.tool) { $("palette-note").textContent = "Pick a tool first."; return; }
  await applyEdit(state.tool, spot, $("tool-option").value || "");
}

async function applyWhole(tool, option) { await applyEdit(tool, "", option); }

async function applyEdit(tool, spot, option) {
  state.checkSeq = (state.checkSeq || 0) + 1;  // a check still on its way is older than this edit
  const got = await api("/api/edit", {path: state.editorPath, text: $("source").value, tool, spot, option});
  const box = $("edit-message");
  if (got.refused !== undefined) {
    box.className = "message refused";
    box.replaceChildren(refusal(got.refused, got.rules));
    return;
  }
  box.className = "message"; box.replaceChildren();
  $("source").value = got.text;
  $("save-note").textContent = "unsaved";
  applyCheck(got);
  document.body.dataset.edits = String(Number(document.body.dataset.edits || 0) + 1);
}

function goLine(line) {
  const area = $("source");
  const lines = area.value.split("\n");
  let start = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) start += lines[i].length + 1;
  area.focus();
  area.setSelectionRange(start, start + (lines[line - 1] || "").length);
  const lineHeight = area.scrollHeight / Math.max(lines.length, 1);
  area.scrollTop = Math.max(0, (line - 5) * lineHeight);
}

$("source").addEventListener("input", () => {
  clearTimeout(state.editTimer);
  $("save-note").textContent = "unsaved";
  state.editTimer = setTimeout(checkSource, 300);
});

$("save").addEventListener("click", async () => {
  const path = $("save-as").value.trim();
  if (path !== state.editorPath && state.files.some((f) => f.file === path)
      && !window.confirm(`${path} exists. Replace it with this text?`)) {
    $("save-note").textContent = "not saved";
    return;
  }
  try {
    const got = await api("/api/save", {path, text: $("source").value});
    state.path = path;
    state.editorPath = path;
    $("opened").textContent = path;
    $("save-note").textContent = got.report.ok ? "saved" : `saved, with ${got.report.problems.length} problem(s)`;
    await loadFiles();
  } catch (e) {
    $("save-note").textContent = `not saved: ${e.message}`;
  }
});

async function loadGames() {
  const got = await api("/api/games");
  state.games = Object.fromEntries(got.games.map((g) => [g.name, g.title]));
  $("new-game").replaceChildren(...got.games.map((g) => el("option", {value: g.name}, g.title)));
}

$("new").addEventListener("click", async () => {
  const name = $("new-name").value.trim();
  if (state.files.some((f) => f.file === name)) { $("files-note").textContent = `${name} exists: choose another name`; return; }
  const got = await api("/api/new", {game: $("new-game").value});
  await openEditor(name, got.text);
  $("save-note").textContent = "new, unsaved";
});

// The games' titles first (the cards name them), then the folder's files.
loadGames().catch(() => {}).finally(() => loadFiles().catch((e) => { $("files-note").textContent = e.message; }));
