// The table page: one websocket; the server sends each seat its own view of the board, its
// legal actions and the log, and the page draws the board from the view (boards/). Every
// legal action is clickable, on the board or as a button.
import { drawBoard as putBoard, installTips, refit, zoomControl } from "./board.js";
import { boardFor, boardOf } from "./boards/index.js";
import { installSettings, settings, signalTurn } from "./signals.js";
// After the first full message the server sends only what changed (deltas); `Deltas`
// rebuilds each full message, so the drawing code below always gets a whole board.
import { Deltas } from "./delta.js";
import { chatSeats, drawWatchers, initChat, receiveChat } from "./chat.js";
import { drawClock } from "./clock.js";
import { drawRematch, showResult } from "./endscreen.js";
import { drawFinish, initFinish, seatNote } from "./finish.js";
import { drawHintButton, hintRefused, initHint, receiveHint } from "./hint.js";
import { markPlayed } from "./learn-offer.js";
import { guestName, setGuestName } from "./people.js";
import { initReplay, replaying, showStep } from "./replay.js";
import { drawStanding } from "./standing.js";
import { initTabs } from "./tabs.js";
import { drawUndo, initUndo, undoRefused } from "./undo.js";
import { seatKind } from "./words.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const tokenKey = `ratking:tokens:${tableId}`;
const inviteKey = `ratking:invites:${tableId}`;
let socket = null;
let last = null;          // the last state message
let shownSeat = null;     // whose cards are on screen (hot seat)
let waiting = false;      // a move was sent; wait for the answer
let retry = 500;
let route = null;         // the decisions still to send of a move to a chosen destination
let asking = null;        // {paths, chosen, where}: the ways to a destination being chosen
let keyboard = false;     // the person acts by keyboard: keep the focus on the actions
let forcedAt = -1;        // the version whose only move was made for the person
let rematchSeen = null;   // the rematch the game-over box last announced
const deltas = new Deltas();
let syncing = false;      // a delta did not fit: a full message was asked for

function tokens() {
  try { return JSON.parse(localStorage.getItem(tokenKey) || "[]"); } catch { return []; }
}

// a link into the replay (#replay=<step>, the review's): the finished game's board there
let replayAsked = null;

function takeTokenFromLink() {
  // invite links carry the secret in the fragment (#seat=1&token=...), never sent to servers
  const params = new URLSearchParams(location.hash.slice(1));
  const asked = Number.parseInt(params.get("replay") ?? "", 10);
  if (Number.isInteger(asked) && asked >= 0) replayAsked = asked;
  const token = params.get("token");
  if (token) {
    const held = tokens();
    if (!held.includes(token)) held.push(token);
    localStorage.setItem(tokenKey, JSON.stringify(held));
    history.replaceState(null, "", location.pathname);
  }
}

function ownerToken() {
  return localStorage.getItem(`ratking:owner:${tableId}`);
}

async function closeTable() {
  if (!confirm("Close this table for everyone? The game ends here.")) return;
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}`, {
    method: "DELETE", headers: { authorization: `Bearer ${ownerToken()}` },
  });
  if (!response.ok) toast((await response.json()).error || "Could not close the table");
}

function toast(text) {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 4000);
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
  socket.addEventListener("open", () => {
    retry = 500;
    deltas.reset();
    syncing = false;
    $("banner").hidden = true;
    send({ type: "hello", tokens: tokens(), name: guestName() || undefined });
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state" || message.type === "delta") {
      if (message.type === "state") syncing = false;
      else if (syncing) return;
      const full = deltas.take(message);
      if (full) showDrawn(full);
      else {
        syncing = true;
        send({ type: "sync" });
      }
    } else if (message.type === "chat") receiveChat(message);
    else if (message.type === "hint") receiveHint(message);
    else if (message.type === "error" && message.code.startsWith("hint-")) {
      hintRefused();
      toast(message.message);
    }
    else if (message.type === "error") {
      waiting = false;
      route = null;
      setBusy(false);
      if (message.code === "unknown-table") {
        banner(`No table here: ${message.message}.`, false);
        socket.onclose = null;
      } else if (message.code !== "stale") toast(refusal(message));
      undoRefused();
    }
  });
  socket.addEventListener("close", (event) => {
    waiting = false;
    route = null;
    setBusy(false);
    if (event.code === 4404) return;
    if (event.code === 4401) { // the session it was opened with ended: back as a guest
      toast("You were signed out: this page now shows the table as a guest sees it.");
      retry = 500;
    }
    banner("Connection lost: reconnecting…", true);
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

// the page only sends moves the table listed as legal: a move refused as illegal means the
// board changed meanwhile (the kernel's own reason is for developers, not for the table)
function refusal(message) {
  return message.code === "illegal" ? "That move is no longer possible: the board is up to date now."
    : message.message;
}

// While a move is on its way (or a route has decisions left to send, or the only move is
// about to be made), the board and the buttons take no clicks: `data-busy` says so to tools.
function setBusy(on) {
  if (on) document.body.dataset.busy = "1";
  else delete document.body.dataset.busy;
  $("board").inert = on;
  $("actions").inert = on;
}

function banner(text, busy) {
  const box = $("banner");
  box.textContent = text;
  box.classList.toggle("busy", busy);
  box.hidden = false;
}

let draw = null;        // the board renderer of this table's game, once loaded
let unshown = null;     // the newest message, while the renderer loads

// Show a full state message once the game's board renderer is loaded (the first message
// waits for it; later ones arriving meanwhile replace it, as each holds the whole table).
function showDrawn(message) {
  if (draw || message.svg) { show(message); return; }
  const first = unshown === null;
  unshown = message;
  if (!first) return;
  boardFor(message.table.game).then((found) => {
    draw = found;
    const newest = unshown;
    unshown = null;
    show(newest);
  }, (error) => {
    unshown = null;
    banner(`${error.message}: reload the page to try again.`, false);
  });
}

// A quick table waits until every seat is taken (the server refuses moves meanwhile): it
// says so, for how many, with a link to share, and offers nothing to click on the board.
function drawWaiting(table, open) {
  const box = $("waiting");
  box.hidden = !open;
  if (!open) return;
  const count = table.seats.length;
  $("waiting-text").textContent = `Waiting for ${open} more ${open === 1 ? "player" : "players"}` +
    `: the table starts once every seat is taken. To invite a friend, share this link (its ` +
    `Play now seats them at the oldest waiting ${table.title} table for ${count}):`;
  const link = new URL(`/?play=${encodeURIComponent(table.game)}&players=${count}`,
                       location.href).href;
  $("waiting-link").href = link;
  $("waiting-link").textContent = link;
}

function show(message) {
  const open = message.table.waiting && !message.result
    ? message.table.seats.filter((s) => !s.claimed).length : 0;
  if (open) message = { ...message, actions: [], route_actions: [], routes: {}, can_undo: false };
  // a choice being made stays on screen when the table only tells who is watching
  const still = asking && last && last.version === message.version ? asking : null;
  last = message;
  waiting = false;
  asking = null;
  delete document.body.dataset.forcing;
  document.body.dataset.version = message.version;  // for tests and tools watching the page
  document.body.dataset.steps = message.table.steps;
  const table = message.table;
  signalTurn(`ratking · ${table.title}`, message.actions.length > 0 && !message.result);
  $("title").textContent = table.title;
  $("rules-link").href = `/rules/${encodeURIComponent(table.game)}`;
  if (message.actions.length) markPlayed(table.game);  // the lobby offers its lesson no more
  $("rules-link").title = `The rules of ${table.title}, in a new tab`;
  const mover = table.to_move === null ? null : table.seats[table.to_move];
  const shut = { closed: "Table closed", archived: "Table archived" }[table.status];
  $("status").textContent = message.result ? "Game over" : shut ? shut
    : open ? `Waiting for ${open} more` : message.actions.length ? "Your move"
    : mover ? `${mover.name} to move` : "";
  drawWaiting(table, open);
  $("close-table").hidden = !ownerToken() || table.status !== "playing"
    || (table.rated && !table.abortable);  // a rated game under way: resign or vote instead
  $("status").classList.toggle("mine", message.actions.length > 0);
  if (!replaying()) {
    // hot seat: when the screen must change hands, hide the cards until the player is ready
    if (shownSeat !== null && message.seat !== null && message.seat !== shownSeat
        && message.you.length > 1 && !message.result) {
      $("pass-text").textContent = `Pass the screen to ${table.seats[message.seat].name}.`;
      $("pass").hidden = false;
      $("board").classList.add("hidden-cards");
    }
    shownSeat = message.seat;
    // a message that tells only who is here, watching or thinking (the same version, board
    // and actions) leaves the board and its buttons as they are: a click being made on them
    // still lands, and a hint's outline or a choice being made stays
    const svg = boardOf(message, draw);
    const look = JSON.stringify([message.version, message.seat, svg, message.actions]);
    if (look !== drawnLook) {
      drawBoard(svg, message.actions, `${table.id}:${message.seat}`);
      drawnLook = look;
      if (still) choose(still.paths, still.chosen, still.where);
    } else asking = still;
  }
  drawSeats(message);
  if (!replaying()) {
    drawLog(message.log);
    continueRoute(message) || playForced(message);
  }
  setBusy(waiting || Boolean(document.body.dataset.forcing));
  if (!waiting) keepFocus();
  drawClock(message.clock, table.seats, message.you,
            message.result ? null : table.turn_ends, table.to_move);
  drawStanding(message.standing, message.you);
  drawHintButton(replaying() ? { ...message, actions: [] } : message);
  drawUndo(replaying() ? null : message);
  drawFinish(replaying() ? null : message);
  chatSeats(message.you, Boolean(message.result) || table.status !== "playing", table.id);
  drawWatchers(message.watching);
  if (message.result) {
    showResult(message);
    drawRematch(message, tableId, tokens, toast);
    const box = $("game-over");
    if (replayAsked !== null && !box.dataset.seen) {
      box.dataset.seen = "1";  // the replay was asked for: straight to it
      rematchSeen = table.rematch;
      $("over-record").href = `/api/tables/${encodeURIComponent(tableId)}/record`;
      showStep(replayAsked);
      replayAsked = null;
    }
    // shown once when the game ends, and again when someone starts the rematch
    if (!box.dataset.seen || (table.rematch && rematchSeen !== table.rematch && !replaying())) {
      box.dataset.seen = "1";
      rematchSeen = table.rematch;
      $("over-record").href = `/api/tables/${encodeURIComponent(tableId)}/record`;
      openOver();
    }
  }
}

let placedNow = new Set();  // the actions the board itself offers
let drawnLook = null;       // the live message the board and buttons were drawn from

function drawBoard(svg, actions, key = "") {
  placedNow = putBoard($("board"), svg, { frame: document.querySelector(".board-frame"),
                                          descBox: $("board-desc"), key,
                                          acting: actions.length > 0 });
  // the board's own prompt, again under it: on a phone the zoomed board may hide its top
  // (not while the table waits for its people: the waiting notice says what happens next)
  $("prompt").textContent = $("waiting").hidden
    ? $("board").querySelector("svg")?.dataset.prompt || "" : "";
  drawButtons(actions);
  drawPicks(actions);
}

// --- a choice made by picking pieces (the dice to re-roll), then one button -----------------
// A board marks the group whose pieces are picked (`data-select`: the actions' common prefix;
// `data-select-label`: the button's words) and each piece (`data-pick`); the action is the
// prefix and the picked pieces in order ("reroll:" + "02"), one of the legal ones.
let picked = new Set();
let pickedAt = null;  // the version the picks belong to

function drawPicks(actions) {
  const group = $("board").querySelector("[data-select], [data-team]");
  const version = last ? last.version : null;
  if (pickedAt !== version) picked = new Set();
  pickedAt = version;
  $("actions").querySelector("[data-select-button]")?.remove();
  if (!group || !actions.length) return;
  for (const node of group.querySelectorAll("[data-pick]")) {
    const on = picked.has(node.dataset.pick);
    node.setAttribute("role", "checkbox");
    node.setAttribute("tabindex", "0");
    node.setAttribute("aria-checked", String(on));
    node.classList.toggle("picked", on);
  }
  if ("team" in group.dataset) { markTeams(); return; }  // the heist clicked is the button
  const id = group.dataset.select + [...picked].sort().join("");
  const button = document.createElement("button");
  button.className = "act-button";
  button.dataset.selectButton = "";
  button.textContent = group.dataset.selectLabel || "Go";
  if (picked.size && actions.some((a) => a.id === id)) button.dataset.action = id;
  else {
    button.disabled = true;
    button.title = "Choose on the board first";
  }
  $("actions").prepend(button);
}

// --- a team for a heist (You Dirty Rat): the cards selected in the hand, then the heist -------
// `teams` (from the server) gives, per heist, the teams that complete it as the kernel's
// `team:` decisions; the cards selected are matched to one of them, and the page sends the
// heist and then that team's decisions one after another (as a route).

function selectedTeam() {
  return [...$("board").querySelectorAll("[data-team] [data-pick]")]
    .filter((node) => picked.has(node.dataset.pick)).map((node) => node.dataset.type).sort();
}

// each heist says (for tools and tests) the teams that complete it
function markTeams() {
  const teams = (last && last.teams) || {};
  for (const [heist, options] of Object.entries(teams)) {
    const node = $("board").querySelector(`[data-action="${CSS.escape(heist)}"]`);
    if (node) node.dataset.teams = options.map((team) => team.join(" ")).join(",");
  }
}

function commitTeam(heistId) {
  const chosen = selectedTeam().join(" ");
  const team = ((last.teams || {})[heistId] || []).find((t) => [...t].sort().join(" ") === chosen);
  if (!team) {
    toast("Those cards are not a team for that heist: select the cards its team needs.");
    return;
  }
  picked = new Set();
  route = [heistId, ...team];
  continueRoute(last);
}

function togglePick(node) {
  if (!last || waiting || replaying()) return;
  const which = node.dataset.pick;
  if (picked.has(which)) picked.delete(which);
  else picked.add(which);
  drawPicks(last.actions);
}

function drawButtons(actions) {
  const bar = $("actions");
  bar.replaceChildren();
  placeActions(false);
  for (const action of actions) {
    if (placedNow.has(action.id)) continue;
    const button = document.createElement("button");
    button.className = "act-button";
    button.dataset.action = action.id;
    button.textContent = action.label;
    bar.append(button);
  }
}

// After a move made by keyboard, the focus stays with the actions: on the same one if it is
// still offered, else on the first.
function keepFocus() {
  if (!keyboard || !last || !last.actions.length || !$("pass").hidden) return;
  const now = document.activeElement;
  if (now && now !== document.body) return;  // the focus is somewhere: leave it there
  const sel = "#board [data-action], #actions [data-action], #actions [data-path]";
  const same = keepFocus.id && [...document.querySelectorAll(sel)]
    .find((n) => n.dataset.action === keepFocus.id);
  (same || document.querySelector(sel))?.focus({ preventScroll: false });
}

// --- a move to a destination: the kernel's decisions, sent one after another ---------------
// `routes` gives, per destination, each way there as the decisions that make it (which
// group, how many, the steps). Where the ways differ the person is asked, at the first
// decision where they part: which group, how many, or which way.

function routesTo(actionId) {
  return (last && last.routes && last.routes[actionId]) || null;
}

const ASK = { group: "which group goes there?", rat: "which rat goes there?",
              take: "how many go?", step: "which way?" };

function choose(paths, chosen, where) {
  const open = paths.filter((p) => chosen.every((id, i) => p[i] === id)
                                   && p.length >= chosen.length);
  if (!open.length) return;
  if (open.length === 1) {
    asking = null;
    route = [...open[0]];
    continueRoute(last);
    return;
  }
  asking = { paths, chosen, where };
  for (const node of document.querySelectorAll(`#board [data-action="${CSS.escape(where)}"]`)) {
    node.classList.add("chosen");  // the destination stays marked while the person chooses
  }
  let at = chosen.length;
  const longest = Math.max(...open.map((p) => p.length));
  while (at < longest && open.every((p) => p[at] === open[0][at])) at++;
  const kind = open[0][at].split(":")[0];
  const labels = last.route_labels || {};
  const bar = $("actions");
  const ask = document.createElement("p");
  ask.className = "ask";
  const title = document.querySelector(`#board [data-action="${CSS.escape(where)}"] > title`);
  const to = title ? title.textContent.split(" (")[0] : "";
  const question = ASK[kind] || ASK.step;
  ask.textContent = to ? `${to}: ${question}` : question[0].toUpperCase() + question.slice(1);
  const buttons = [];
  if (kind === "step" || kind === "stop" || !labels[open[0][at]]) {
    for (const path of open) {  // the ways differ in their steps: each way in full
      const via = path.slice(at).filter((id) => id.startsWith("step:")).map((id) => id.slice(5));
      buttons.push([path, `Go via ${via.join(" › ")} (${via.length} step${via.length === 1 ? "" : "s"})`]);
    }
  } else {
    for (const id of new Set(open.map((p) => p[at]))) {
      const these = open.filter((p) => p[at] === id);
      // what the group's choice settles besides itself (its size, when that is the same)
      let end = at + 1;
      while (these.every((p) => p[end] === these[0][end] && labels[p[end]])) end++;
      const words = these[0].slice(at, end).map((x) => labels[x]);
      buttons.push([these[0].slice(0, end), words.join(": ")]);
    }
  }
  bar.replaceChildren(ask);
  for (const [path, text] of buttons) {
    const button = document.createElement("button");
    button.className = "act-button route";
    button.dataset.path = path.join(" ");
    button.textContent = text;
    bar.append(button);
  }
  const cancel = document.createElement("button");
  cancel.className = "cancel";
  cancel.dataset.cancel = "";
  cancel.textContent = "Cancel";
  bar.append(cancel);
  placeActions(true);
  bar.querySelector("button")?.focus();
}

// On a desktop a question about a move (which group, how many, which way: up to six ways in
// Target: Rats) is asked beside the board, at the top of the side column, in columns: under
// the board it would take the board's height, and so its width. On a phone it stays under
// the board, where the page scrolls.
const wide = matchMedia("(min-width: 821px)");

function placeActions(asking) {
  const bar = $("actions");
  const panel = $("ask-panel");
  const beside = asking && wide.matches;
  panel.hidden = !beside;
  bar.classList.toggle("beside", beside);
  if (beside && bar.parentElement !== panel) {
    panel.append(bar);
    panel.closest(".side").scrollTop = 0;
  } else if (!beside && bar.parentElement === panel) {
    document.querySelector(".dock .hint-row").before(bar);
  }
}

function continueRoute(message) {
  if (!route || !route.length) { route = null; return false; }
  const next = route[0];
  if (!message.actions.some((a) => a.id === next)) { route = null; return false; }
  route.shift();
  waiting = true;
  setBusy(true);
  send({ type: "move", seat: message.seat, action: next, version: message.version });
  return true;
}

// a decision with one legal action is made for the person (their setting, on by default),
// unless it would end what Undo can take back (a draw, a roll, the turn handed on): then the
// page waits for their click, so a misclick before it can still be undone
function playForced(message) {
  if (!settings().forced || message.result || message.actions.length !== 1
      || message.only_move_ends_undo
      || !$("pass").hidden || forcedAt === message.version) return;
  const routes = message.routes || {};
  if (Object.keys(routes).length) return;
  forcedAt = message.version;
  const version = message.version;
  document.body.dataset.forcing = String(version);  // for tests: a move is about to be made
  setBusy(true);
  setTimeout(() => {
    if (!last || last.version !== version || waiting || replaying()) {
      delete document.body.dataset.forcing;
      if (!waiting) setBusy(false);
      return;
    }
    waiting = true;
    send({ type: "move", seat: last.seat, action: last.actions[0].id, version, forced: true });
  }, 350);
}

function act(actionId) {
  if (!last || waiting || replaying()) return;
  keepFocus.id = actionId;
  const paths = routesTo(actionId);
  if (paths) { choose(paths, [], actionId); return; }
  if (actionId.startsWith("heist:") && picked.size && last.teams) { commitTeam(actionId); return; }
  if (!last.actions.some((a) => a.id === actionId)) return;
  waiting = true;
  setBusy(true);
  send({ type: "move", seat: last.seat, action: actionId, version: last.version });
}

function clickTarget(event) {
  if (event.target.closest("#actions [data-cancel]")) {
    asking = null;
    for (const node of document.querySelectorAll("#board .chosen")) node.classList.remove("chosen");
    if (last) drawButtons(last.actions);
    return;
  }
  const chosen = event.target.closest("#actions [data-path]");
  if (chosen && last && !waiting && asking) {
    choose(asking.paths, chosen.dataset.path.split(" "), asking.where);
    return;
  }
  const pick = event.target.closest("#board [data-pick]");
  if (pick) { togglePick(pick); return; }
  const node = event.target.closest("[data-action]");
  if (node && (node.closest("#board") || node.closest("#actions"))) act(node.dataset.action);
}

// The end screen is a dialog: it takes the keyboard focus, and gives it back when closed.
let overReturn = null;

function openOver() {
  const box = $("game-over");
  if (box.hidden) overReturn = document.activeElement;
  box.hidden = false;
  const first = [...box.querySelectorAll("button")].find((node) => node.getClientRects().length);
  (first || box.querySelector(".card-panel")).focus();
}

function closeOver() {
  $("game-over").hidden = true;
  const back = overReturn && overReturn.isConnected && overReturn !== document.body
    ? overReturn : $("board");
  overReturn = null;
  back.focus({ preventScroll: true });
}

// A guest who came by an invite link and never gave the lobby a name is asked for one here;
// it is kept in this browser (people.js) and names their seat for everyone.
function askName(message) {
  const seat = message.you.length === 1 ? message.table.seats[message.you[0]] : null;
  $("name-form").hidden = !seat || Boolean(message.result) || Boolean(guestName())
    || seat.kind !== "human" || seat.name !== `Player ${seat.seat + 1}`;
}

function drawSeats(message) {
  const list = $("seats");
  list.replaceChildren();
  message.table.seats.forEach((seat) => {
    const item = document.createElement("li");
    item.className = [seat.connected ? "on" : "off",
                      message.table.to_move === seat.seat ? "turn" : "",
                      message.you.includes(seat.seat) ? "you" : ""].join(" ");
    const kind = seatKind(seat.kind);
    item.textContent = `${seat.name}${message.you.includes(seat.seat) ? " (you)" : ""}` +
      (kind ? ` · ${kind}` : "") + seatNote(seat);
    if (message.table.thinking === seat.seat) {
      const note = document.createElement("span");
      note.className = "thinking";
      note.dataset.testid = "thinking";
      item.append(note);
    }
    list.append(item);
  });
  const thinker = message.table.thinking ?? null;
  markThinking(thinker, thinker === null ? "" : message.table.seats[thinker]?.name);
  askName(message);
  const invites = $("invites");
  invites.replaceChildren();
  let saved = [];
  try { saved = JSON.parse(localStorage.getItem(inviteKey) || "[]"); } catch { saved = []; }
  for (const invite of saved) {
    // a seat someone has taken (here or in another browser) is no longer offered
    if (message.you.includes(invite.seat) || message.result
        || message.table.seats[invite.seat]?.claimed) continue;
    const link = new URL(invite.invite, location.href).href;
    const row = document.createElement("div");
    row.className = "invite";
    const label = document.createElement("span");
    label.textContent = `Invite for ${invite.name}: `;
    const copy = document.createElement("button");
    copy.textContent = "Copy link";
    copy.addEventListener("click", async () => {
      try { await navigator.clipboard.writeText(link); toast("Link copied"); }
      catch { prompt("Copy this link", link); }
    });
    const here = document.createElement("button");
    here.textContent = "Play it on this screen";
    here.addEventListener("click", () => { location.href = link; location.reload(); });
    row.append(label, copy, here);
    invites.append(row);
  }
}

// A bot that searches says so in the seat list, with the time so far (counted from when this
// page heard of it: the server's clock is not the page's)
let thinking = { seat: null, since: 0 };

function markThinking(seat, name) {
  if (seat !== thinking.seat) thinking = { seat, since: performance.now() };
  boardThinking(replaying() ? null : seat, name);
  tickThinking();
}

// ... and on that seat's panel on the board (`data-seat-panel`, drawn by each game)
const SVG = "http://www.w3.org/2000/svg";

function boardThinking(seat, name) {
  $("board").querySelector(".thinking-badge")?.remove();
  const panel = seat === null ? null : $("board").querySelector(`[data-seat-panel="${seat}"]`);
  const svg = $("board").querySelector("svg");
  if (!panel || !svg) return;
  const box = panel.getBBox();
  const size = Math.max(14, svg.viewBox.baseVal.width / 48);
  const badge = document.createElementNS(SVG, "g");
  badge.setAttribute("class", "thinking-badge");
  badge.setAttribute("pointer-events", "none");
  badge.dataset.testid = "board-thinking";
  const rect = document.createElementNS(SVG, "rect");
  const text = document.createElementNS(SVG, "text");
  const [width, height, pad] = [size * 7.6, size * 1.5, size * 0.3];
  const place = (x, y) => {
    Object.entries({ x, y, width, height, rx: size * 0.75, fill: "#2b2118",
                     stroke: "#f3c44b", "stroke-width": size / 8 })
      .forEach(([k, v]) => rect.setAttribute(k, v));
    Object.entries({ x: x + width / 2, y: y + size * 1.08, "font-size": size, fill: "#f3c44b",
                     "font-weight": "bold", "text-anchor": "middle" })
      .forEach(([k, v]) => text.setAttribute(k, v));
  };
  badge.append(rect, text);
  panel.append(badge);
  // where it covers no text of the board (else at least not the seat's name): a corner of
  // the panel, or just above or below it, inside the board
  const [right, left] = [box.x + box.width - width - pad, box.x + pad];
  const [top, bottom] = [box.y + pad, box.y + box.height - height - pad];
  const spots = [[right, top], [right, bottom], [left, bottom], [left, top],
                 [right, box.y - height - pad], [right, box.y + box.height + pad]];
  const texts = [...svg.querySelectorAll("text")]
    .filter((t) => !badge.contains(t) && t.textContent.trim() && t.getClientRects().length);
  const named = texts.filter((t) => name && t.textContent.includes(name));
  const board = svg.getBoundingClientRect();
  const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom
    && b.top < a.bottom;
  const clear = (among) => spots.find(([x, y]) => {
    place(x, y);
    const r = rect.getBoundingClientRect();
    return r.left >= board.left && r.top >= board.top && r.right <= board.right
      && r.bottom <= board.bottom
      && !among.some((t) => meets(t.getBoundingClientRect(), r));
  });
  place(...(clear(texts) ?? clear(named) ?? spots[0]));
}

function tickThinking() {
  const seconds = Math.floor((performance.now() - thinking.since) / 1000);
  const note = document.querySelector("#seats .thinking");
  if (note) note.textContent = ` · thinking… ${seconds} s`;
  const badge = document.querySelector("#board .thinking-badge text");
  if (badge) badge.textContent = `thinking… ${seconds} s`;
}

// Each line of the log is a button that shows the board just after what it tells, read-only
// (the replay; at a live table, the board as the seat shown saw it then). `steps`: per line,
// that step, when known (the replay's own log); else it is asked when the line is clicked.
function drawLog(lines, steps = null) {
  $("latest").textContent = lines.length ? lines[lines.length - 1] : "";
  const log = $("log");
  const stepped = steps && steps.length === lines.length;
  log.replaceChildren(...lines.map((line, k) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "log-step";
    button.dataset.line = k;
    if (stepped) button.dataset.step = steps[k];
    button.title = "See the board just after this";
    button.textContent = line;
    item.append(button);
    return item;
  }));
  log.scrollTop = log.scrollHeight;
}

// a finished game's steps come from its replay; a live game's from the board as the seat
// shown saw it (`moment`), which only a seat's own tokens (or account) may ask for
function fetchStep(step) {
  const id = encodeURIComponent(tableId);
  if (last.result) return fetch(`/api/tables/${id}/replay/${step}`);
  const seat = last.seat ?? null;
  return fetch(`/api/tables/${id}/moment/${step}${seat === null ? "" : `?seat=${seat}`}`,
               { headers: { "x-ratking-tokens": tokens().join(",") } });
}

// the step of line `k` of the log shown now: asked of the board as it stands (its log is the
// one shown, told from the same side), matched from the end
async function stepOfLine(k, lines) {
  const answer = await fetchStep(last.table.steps).catch(() => null);
  const data = answer && answer.ok ? await answer.json() : null;
  if (!data) { toast("The board at that moment could not be had"); return null; }
  const back = lines.length - k;
  const at = data.log[data.log.length - back] === lines[k] ? data.log.length - back
    : data.log.lastIndexOf(lines[k]);
  return at >= 0 ? data.log_steps[at] : null;
}

document.addEventListener("click", clickTarget);
document.addEventListener("keydown", (event) => {
  if (["Tab", "Enter", " "].includes(event.key)) keyboard = true;
}, true);
document.addEventListener("pointerdown", () => { keyboard = false; }, true);
document.addEventListener("keydown", (event) => {
  if ((event.key === "Enter" || event.key === " ") && event.target.closest?.("#board [data-pick]")) {
    event.preventDefault();
    togglePick(event.target.closest("[data-pick]"));
  } else if ((event.key === "Enter" || event.key === " ")
             && event.target.closest?.("#board [data-action]")) {
    event.preventDefault();
    act(event.target.closest("[data-action]").dataset.action);
  }
});
$("pass-ok").addEventListener("click", () => {
  $("pass").hidden = true;
  $("board").classList.remove("hidden-cards");
});
$("log").addEventListener("click", async (event) => {
  const line = event.target.closest("button[data-line]");
  if (!line || !last) return;
  const lines = [...$("log").querySelectorAll("button[data-line]")].map((b) => b.textContent);
  const step = line.dataset.step !== undefined ? Number(line.dataset.step)
    : await stepOfLine(Number(line.dataset.line), lines);
  if (step !== null) showStep(step);
});
$("close-table").addEventListener("click", closeTable);
$("over-close").addEventListener("click", () => closeOver());
$("over-replay").addEventListener("click", () => { closeOver(); showStep(0); });
$("game-over").addEventListener("keydown", (event) => {
  if (event.key === "Escape") { event.preventDefault(); closeOver(); return; }
  if (event.key !== "Tab") return;
  // the focus stays in the dialog while it is open
  const inside = [...$("game-over").querySelectorAll("button, a[href]")]
    .filter((node) => node.getClientRects().length);
  const [first, end] = [inside[0], inside[inside.length - 1]];
  if (event.shiftKey && document.activeElement === first) { event.preventDefault(); end.focus(); }
  else if (!event.shiftKey && document.activeElement === end) {
    event.preventDefault();
    first.focus();
  }
});
$("zoom").addEventListener("click", (event) => zoomControl($("board"), document.querySelector(".board-frame"), event));
addEventListener("resize", () => refit($("board"), document.querySelector(".board-frame")));
wide.addEventListener("change", () => placeActions(Boolean(asking)));
// the board takes the height the dock leaves: when the dock grows or shrinks (more choices,
// a longer latest event), or the replay's buttons or hands do, the board is fitted again
let refitting = 0;
const fitter = new ResizeObserver(() => {
  cancelAnimationFrame(refitting);
  refitting = requestAnimationFrame(() => refit($("board"), document.querySelector(".board-frame")));
});
for (const part of [".dock", "#replay", "#replay-hands"]) fitter.observe(document.querySelector(part));
installTips($("board"), $("tip"));
installSettings((now) => {
  $("board-desc").classList.toggle("shown", now.words);
  if (now.forced && last) playForced(last);
});
$("board-desc").classList.toggle("shown", settings().words);
initReplay({ tableId, toast, drawLog, fetchStep, total: () => last.table.steps,
             drawBoard: (svg, actions) => {
               drawnLook = null;
               drawBoard(svg, actions);
               drawHintButton({ ...last, actions: [] });  // nothing to ask of a past board
             },
             drawStanding: (panel) => drawStanding(panel, last.you),
             onLeave: () => show(last) });
initTabs(document.querySelector(".table-main > .side"), $("side-tabs"));
initChat(send);
initHint(send);
initUndo(send);
initFinish(send);
$("name-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const error = setGuestName($("name-text").value);
  $("name-error").textContent = error || "";
  if (error) return;
  $("name-form").hidden = true;
  send({ type: "hello", tokens: tokens(), name: guestName() });
});
setInterval(() => send({ type: "ping" }), 25000);
setInterval(tickThinking, 1000);
takeTokenFromLink();
connect();
