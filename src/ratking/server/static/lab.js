// The lab (/lab): set up a simulation, a sweep or a comparison, upload card files, start the
// job, watch it (its id in the address, so a reload keeps it), cancel it, read its report.
import { el } from "./dom.js";

const $ = (id) => document.getElementById(id);
let games = [];
let lab = null; // GET /api/lab: the limits, the card files kept, each game's file kinds
let polling = null;

const VALUES_HELP = {
  simulate: "One NAME=VALUE a line: a rule (unrest_to_win=18) or a card value " +
            "(thief.amount=400). Empty: the game as printed.",
  sweep: "One NAME=VALUES a line, the values comma-separated or a range: " +
         "unrest_to_win=12,18,24 or bio_sci_to_win=1..4 (a card value too: thief.amount=200,400).",
};
const GAMES_LABEL = { simulate: "Games", sweep: "Games of each cell",
                      compare: "Games of each version" };

async function answer(response) {
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.error || `the server answered ${response.status}`);
  return body;
}

const kind = () => document.querySelector("input[name=kind]:checked").value;
const game = () => games.find((g) => g.id === $("game").value);

function defaultPlayers(g) {
  return g.player_counts.find((n) => n >= 3) ?? g.player_counts[g.player_counts.length - 1];
}

function drawGame() {
  const g = game();
  $("players").value = defaultPlayers(g);
  $("players").min = g.min_players;
  $("players").max = g.max_players;
  const list = $("rule-list");
  list.replaceChildren();
  for (const rule of g.rules) {
    const range = rule.min !== undefined ? ` (${rule.min} to ${rule.max ?? "…"})` : "";
    list.append(el("li", {}, el("code", { text: `${rule.name}=${rule.default ?? "off"}` }),
                   ` ${rule.help}${range}`));
  }
  drawFiles();
}

function drawFiles() {
  const kinds = lab.files[$("game").value] || [];
  for (const which of ["cards", "board"]) {
    const select = $(which);
    const before = select.value;
    select.replaceChildren(el("option", { value: "", text: "the game's own" }));
    for (const name of lab.cards) select.append(el("option", { value: name, text: name }));
    select.value = lab.cards.includes(before) ? before : "";
  }
  $("cards-box").hidden = !kinds.includes("cards");
  $("board-box").hidden = !kinds.includes("board");
  $("files-box").hidden = kind() === "compare" || !kinds.length;
  const upload = $("upload-kind");
  upload.replaceChildren(...kinds.map((k) => el("option", { value: k, text: `${k} file` })));
  $("upload-kind-box").hidden = kinds.length < 2;
}

function drawKind() {
  const k = kind();
  $("values-box").hidden = k === "compare";
  $("versions-box").hidden = k !== "compare";
  $("values-help").textContent = VALUES_HELP[k] || "";
  $("games-label").textContent = GAMES_LABEL[k];
  drawFiles();
}

function request() {
  const k = kind();
  const body = { kind: k, game: $("game").value, bots: $("bots").value.trim() || "heuristic",
                 games: Number($("games").value), seed: Number($("seed").value || 0) };
  if ($("players").value) body.players = Number($("players").value);
  if (k === "compare") {
    body.a = $("spec-a").value.trim();
    body.b = $("spec-b").value.trim();
  } else {
    body.values = $("values").value.split("\n").map((l) => l.trim()).filter(Boolean);
    if (!$("cards-box").hidden && $("cards").value) body.cards = $("cards").value;
    if (!$("board-box").hidden && $("board").value) body.board = $("board").value;
  }
  return body;
}

async function run(event) {
  event.preventDefault();
  $("error").textContent = "";
  $("run").disabled = true;
  try {
    const job = await answer(await fetch("/api/lab/jobs", {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify(request()) }));
    history.replaceState(null, "", `/lab?job=${encodeURIComponent(job.id)}`);
    show(job);
    $("job-title").focus(); // the job in view (above the form on a phone), read out
    watch(job.id);
  } catch (err) {
    $("error").textContent = err.message;
  } finally {
    $("run").disabled = false;
  }
}

async function upload() {
  const said = $("upload-said");
  const file = $("upload-file").files[0];
  said.className = "lab-said";
  if (!file) {
    said.textContent = "Choose a .toml file first.";
    said.classList.add("bad");
    return;
  }
  said.textContent = `Checking ${file.name}…`;
  try {
    const kinds = lab.files[$("game").value] || [];
    const got = await answer(await fetch("/api/lab/cards", {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ game: $("game").value, kind: $("upload-kind").value || kinds[0],
                             name: file.name, text: await file.text() }) }));
    lab.cards = got.cards;
    drawFiles();
    const which = $("upload-kind").value === "board" ? "board" : "cards";
    $(which).value = got.name;
    said.textContent = `${got.name} is kept (sha256 ${got.sha256.slice(0, 12)}…): ` +
      `name it here, or in a version as cards=${got.name}.`;
  } catch (err) {
    said.textContent = err.message;
    said.classList.add("bad");
  }
}

const STAGES = { queued: "Waiting for a worker…", reporting: "Writing the report…",
                 done: "Done.", cancelled: "Cancelled: nothing was kept." };

function show(job) {
  $("job").classList.remove("idle");
  $("job-title").textContent = job.title;
  const bar = $("job-progress");
  bar.hidden = false;
  bar.max = job.total;
  bar.value = job.done;
  let stage = STAGES[job.stage] || "";
  if (job.stage === "playing") {
    stage = `Played ${job.done.toLocaleString()} of ${job.total.toLocaleString()} games` +
      (job.doing ? ` (${job.doing})` : "") + ".";
  }
  if (job.paused) stage += " Paused while live tables' bots and hints think.";
  if (job.stage === "failed") stage = `The job failed: ${job.error}`;
  $("job-stage").textContent = stage;
  $("cancel").hidden = !["queued", "playing", "reporting"].includes(job.stage);
  $("job-keep").hidden = ["cancelled", "failed"].includes(job.stage);
  $("job-lines").replaceChildren(...job.lines.map((line) => el("li", { text: line })));
  $("job-files").hidden = !job.files;
  if (job.files) {
    $("open-report").href = job.files.report;
    $("get-report").href = `${job.files.report}?download=1`;
    $("get-csv").href = job.files.csv;
    $("get-json").href = job.files.json;
  }
}

function watch(id) {
  clearTimeout(polling);
  const tick = async () => {
    try {
      const job = await answer(await fetch(`/api/lab/jobs/${encodeURIComponent(id)}`));
      show(job);
      if (["queued", "playing", "reporting"].includes(job.stage)) polling = setTimeout(tick, 1000);
    } catch (err) {
      $("job").classList.remove("idle");
      $("job-title").textContent = "The job";
      $("job-stage").textContent = err.message;
      $("cancel").hidden = true;
    }
  };
  tick();
}

async function cancel() {
  const id = new URLSearchParams(location.search).get("job");
  if (!id) return;
  try {
    show(await answer(await fetch(`/api/lab/jobs/${encodeURIComponent(id)}`,
                                  { method: "DELETE" })));
  } catch (err) {
    $("job-stage").textContent = err.message;
  }
}

async function start() {
  const [gameList, limits, bots] = await Promise.all([
    fetch("/api/games").then(answer), fetch("/api/lab").then(answer),
    fetch("/api/bots").then(answer).catch(() => ({ levels: [] })),
  ]);
  games = gameList;
  lab = limits;
  $("limits").textContent = `A job plays at most ${lab.games.toLocaleString()} games in ` +
    `all; you may have ${lab.per_person} jobs queued or running at once.`;
  for (const g of games) $("game").append(el("option", { value: g.id, text: g.title }));
  const specs = new Set(["heuristic", "random", ...bots.levels.map((l) => l.spec)]);
  for (const spec of specs) $("bot-specs").append(el("option", { value: spec }));
  $("game").addEventListener("change", drawGame);
  for (const radio of document.querySelectorAll("input[name=kind]")) {
    radio.addEventListener("change", drawKind);
  }
  $("lab-form").addEventListener("submit", run);
  $("upload").addEventListener("click", upload);
  $("cancel").addEventListener("click", cancel);
  drawGame();
  drawKind();
  if (lab.missing) { // the server cannot run a job: say why, and how to fix it
    $("error").textContent = `This server cannot run the lab: ${lab.missing}.`;
    $("run").disabled = true;
  }
  document.body.dataset.ready = "1";
  const id = new URLSearchParams(location.search).get("job");
  if (id) watch(id);
}

start().catch((err) => { $("error").textContent = err.message; });
