// The game review page: asks /api/tables/<id>/review until the review is made (showing how
// far along it is), then draws each seat's chance over the game as an SVG graph, with the
// turning points and the better moves listed below it.
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const api = `/api/tables/${encodeURIComponent(tableId)}/review`;
const POLL_MS = 1000;

function svg(tag, attrs, parent) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (parent) parent.append(node);
  return node;
}

const pct = (x) => `${Math.round(100 * x)}%`;

// the table's replay at the position where decision `index` was made (its move comes next)
const atDecision = (index) => `/t/${encodeURIComponent(tableId)}#replay=${index}`;

function curves(review) {
  // per seat: its chance at the start, then after every decision
  const seats = [...Array(review.seats).keys()];
  return seats.map((s) => [review.start[s], ...review.turns.map((t) => t.chances[s])]);
}

export function drawGraph(review, host) {
  const width = Math.max(320, Math.min(960, host.clientWidth || 640));
  const height = Math.round(Math.max(200, Math.min(300, width * 0.42)));
  const left = 44, right = 12, top = 14, bottom = 30;
  const values = curves(review);
  const steps = Math.max(1, values[0].length - 1);
  const x = (i) => left + (i / steps) * (width - left - right);
  const y = (v) => top + (1 - v) * (height - top - bottom);
  // a group, not an image: its numbered marks are links into the replay
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "group",
    "aria-labelledby": "graph-title", "data-decisions": steps });
  svg("title", { id: "graph-title" }, root).textContent =
    "Each seat's estimated chance to win after every decision";
  for (const level of [0, 0.25, 0.5, 0.75, 1]) {
    svg("line", { class: level === 0 ? "axis" : "grid", x1: left, x2: width - right,
      y1: y(level), y2: y(level) }, root);
    if (level % 0.5 === 0) {
      svg("text", { x: left - 6, y: y(level) + 4, "text-anchor": "end" }, root).textContent =
        pct(level);
    }
  }
  svg("line", { class: "axis", x1: left, x2: left, y1: y(0), y2: y(1) }, root);
  svg("text", { x: left, y: height - 8 }, root).textContent = "start";
  svg("text", { x: width - right, y: height - 8, "text-anchor": "end" }, root).textContent =
    `decision ${steps}`;
  values.forEach((line, seat) => {
    const points = line.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    svg("polyline", { class: "curve", points, "data-seat": seat,
      style: `stroke: var(--seat${seat % 6})` }, root);
  });
  for (const m of review.mistakes) {
    const v = values[m.seat][m.index + 1];
    svg("circle", { class: "mistake-mark", cx: x(m.index + 1), cy: y(v), r: 4,
      "data-index": m.index }, root);
  }
  review.turning_points.forEach((p, k) => {
    const v = values[p.seat][p.index + 1];
    // a click on the mark, as on its line below, opens the replay at that decision
    const link = svg("a", { href: atDecision(p.index), class: "turn-link",
      "aria-label": `Turning point ${k + 1}: see the board there` }, root);
    svg("circle", { class: "turn-mark", cx: x(p.index + 1), cy: y(v), r: 7,
      "data-index": p.index }, link);
    svg("text", { x: x(p.index + 1), y: y(v) + 4, "text-anchor": "middle" }, link)
      .textContent = String(k + 1);
  });
  host.replaceChildren(root);
}

function legend(review) {
  const box = $("legend");
  box.replaceChildren();
  review.names.forEach((name, seat) => {
    const item = document.createElement("span");
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = `var(--seat${seat % 6})`;
    item.append(swatch, `${name}: ${pct(review.turns.at(-1).chances[seat])} at the end`);
    box.append(item);
  });
  const marks = document.createElement("span");
  marks.textContent = "numbered circles: turning points; red dots: better moves missed";
  box.append(marks);
}

function boardLink(index) {
  const link = document.createElement("a");
  link.href = atDecision(index);
  link.className = "board-link";
  link.dataset.replay = index;
  link.textContent = "See the board there";
  return link;
}

// a decision as its player made it (a review stored before `when` was kept: its number)
const named = (m, review) => m.when || `Decision ${m.index + 1}, ${review.names[m.seat]}`;

function lists(review) {
  const points = $("turning-points");
  points.replaceChildren(...review.turning_points.map((p) => {
    const item = document.createElement("li");
    item.dataset.index = p.index;
    item.append(`${p.text} `, boardLink(p.index));
    return item;
  }));
  const judged = review.judged || [];
  const note = $("mistakes-note");
  if (!judged.length) {
    note.textContent = "Only bots played at this table, so no one's moves were judged.";
  } else {
    const who = judged.map((s) => review.names[s]).join(", ");
    note.textContent = `The moves of ${who} where the search, with ${review.iters} ` +
      `iterations a decision, preferred another by ${Math.round(100 * review.margin)} points ` +
      "of win chance or more.";
  }
  const list = $("mistakes");
  list.replaceChildren(...review.mistakes.map((m) => {
    const item = document.createElement("li");
    item.dataset.index = m.index;
    const cost = document.createElement("span");
    cost.className = "cost";
    cost.textContent = `about ${Math.round(100 * m.cost)} points`;
    item.append(`${named(m, review)}: played “${m.played_label}”; ` +
      `“${m.better_label}” was worth `, cost, " more. ", boardLink(m.index));
    return item;
  }));
  const cut = $("cut-note");
  cut.hidden = !review.cut;
  if (review.cut) {  // the review's budget ran out before every decision was judged
    const had = `Cut short: this review had ${review.cut.budget} seconds of the server's time`;
    cut.textContent = review.cut.at === 0 ? `${had}, too little to judge any move.`
      : `${had}, enough to judge the decisions before ${review.cut.when}; the moves from ` +
        "there on were not judged.";
  }
  if (judged.length && !review.mistakes.length && !review.cut) {
    const item = document.createElement("li");
    item.textContent = "None: every move judged was within the margin of the search's choice.";
    list.append(item);
  }
}

function show(review) {
  $("progress-box").hidden = true;
  $("result").hidden = false;
  drawGraph(review, $("graph"));
  legend(review);
  lists(review);
  let width = $("graph").clientWidth;
  window.addEventListener("resize", () => {
    if ($("graph").clientWidth !== width) {
      width = $("graph").clientWidth;
      drawGraph(review, $("graph"));
    }
  });
}

function fail(text) {
  $("progress-box").hidden = true;
  $("error").hidden = false;
  $("error").textContent = text;
}

// the seats this browser holds at the table: a guest's review counts as theirs (the server
// limits the reviews one person has computed at once)
function tokens() {
  try {
    return JSON.parse(localStorage.getItem(`ratking:tokens:${tableId}`) || "[]").join(",");
  } catch { return ""; }
}

async function ask() {
  let answer;
  try {
    answer = await fetch(api, { headers: { accept: "application/json",
      "x-ratking-tokens": tokens() } });
  } catch {
    setTimeout(ask, POLL_MS * 3);  // the server is away for a moment: ask again
    return;
  }
  const body = await answer.json().catch(() => ({}));
  if (answer.status === 200) {
    show(body);
  } else if (answer.status === 202) {
    const done = body.done || 0, total = body.total || 1;
    $("progress").max = total;
    $("progress").value = done;
    $("progress-text").textContent = "Working out the review: the search has judged " +
      `${done} of ${total} decisions.` + (body.paused ? " It waits while bots and hints " +
      "think at the tables being played, and goes on when they stop." : "");
    setTimeout(ask, POLL_MS);
  } else if (answer.status === 429 || answer.status === 503) {
    // too many reviews computing (this person's, or the server's): say so, ask again later
    const wait = Number.parseInt(answer.headers.get("retry-after") || "30", 10);
    $("progress-text").textContent = `${body.error || "The server is busy."} ` +
      `This page asks again in ${wait} seconds.`;
    setTimeout(ask, wait * 1000);
  } else {
    fail(body.error || `The review could not be had (${answer.status}).`);
  }
}

async function start() {
  $("back").href = `/t/${encodeURIComponent(tableId)}`;
  const summary = await fetch(`/api/tables/${encodeURIComponent(tableId)}`)
    .then((r) => (r.ok ? r.json() : null)).catch(() => null);
  if (summary && summary.title) {
    $("title").textContent = `${summary.title}: game review`;
    document.title = `ratking · ${summary.title} review`;
  }
  ask();
}

start();
