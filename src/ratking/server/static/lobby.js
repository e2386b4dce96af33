// The lobby: your name (a guest's, kept in this browser) or your account; choose a game,
// seats (people or bots of a level) and rule variants; create a table (private, open to join
// or rated); resume your tables; watch or join the others.
import { seatKind } from "./words.js";
import { guestName, notify, setGuestName, turnIcon } from "./people.js";
import { offerLessons } from "./learn-offer.js";
import { el } from "./dom.js";

const $ = (id) => document.getElementById(id);
let games = [];
let chosen = null;
let me = null; // the signed-in account (GET /api/me), or null for a guest
let levels = [{ level: "normal", spec: "heuristic", label: "Normal" }];

// The rule that names who starts counts seats from 0 (its value in the API and on the command
// line); the form offers this table's seats by the names it gives them (Seat 1, Seat 2...)
// and sends the seat's index.
const SEAT_RULE = "first_seat";
const SEAT_HELP = "the seat that takes the first turn; play goes on in seat order and every " +
                  "round starts with this seat";

async function loadGames() {
  const [gameList, bots] = await Promise.all([
    fetch("/api/games").then((r) => r.json()),
    fetch("/api/bots").then((r) => r.json()).catch(() => null),
  ]);
  games = gameList;
  if (bots && bots.levels.length) levels = bots.levels;
  const list = $("game-list");
  list.replaceChildren();
  for (const game of games) {
    const card = el("button", { class: "game-card", type: "button", "data-game": game.id,
                                role: "radio", "aria-checked": "false" },
      el("strong", { text: game.title }),
      el("span", { class: "muted", text: `${countWords(game.player_counts)} players` }),
      el("span", { text: game.summary }));
    card.addEventListener("click", () => choose(game.id));
    const rules = el("a", { class: "card-rules", href: `/rules/${game.id}`, target: "_blank",
                            rel: "noopener", "data-rules": game.id,
                            text: `How to play ${game.title}` });
    list.append(el("div", { class: "game-card-wrap" }, card, rules));
  }
  if (games.length) choose(games[0].id);
  offerLessons(list, games, me);
  $("quick-game").replaceChildren(...games.map((g) => el("option", { value: g.id,
                                                                     text: g.title })));
  $("quick-level").replaceChildren(...levels.map((l) => el("option", { value: l.spec,
                                                                       text: l.level })));
  $("quick-level").value = "heuristic";
  quickCounts();
  askedToPlay();
}

// a link shared from a waiting quick table (/?play=<game>&players=<n>): Play now, ready
function askedToPlay() {
  const asked = new URLSearchParams(location.search);
  const game = games.find((g) => g.id === asked.get("play"));
  if (!game) return;
  $("quick-game").value = game.id;
  quickCounts();
  const players = asked.get("players");
  if ([...$("quick-players").options].some((o) => o.value === players)) {
    $("quick-players").value = players;
  }
  $("play-now").scrollIntoView({ block: "center" });
  document.querySelector("[data-testid=play-now]").focus();
}

function quickCounts() {
  const game = games.find((g) => g.id === $("quick-game").value);
  const options = [el("option", { value: "", text: "any" })];
  for (let n = Math.max(2, game.min_players); n <= game.max_players; n++) {
    options.push(el("option", { value: n, text: n }));
  }
  $("quick-players").replaceChildren(...options);
}

async function playNow(event) {
  event.preventDefault();
  say("quick-error", "");
  const players = $("quick-players").value;
  const wait = $("quick-wait").value;
  const body = { game: $("quick-game").value, players: players ? Number(players) : null,
                 bots_after: wait ? Number(wait) : null, bot_level: $("quick-level").value,
                 name: me ? undefined : guestName() || undefined };
  const response = await fetch("/api/quickmatch", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) { say("quick-error", answer.error || "Could not seat you"); return; }
  if (answer.token) {
    const key = `ratking:tokens:${answer.id}`;
    let held = [];
    try { held = JSON.parse(localStorage.getItem(key) || "[]"); } catch { held = []; }
    if (!held.includes(answer.token)) held.push(answer.token);
    localStorage.setItem(key, JSON.stringify(held));
  }
  location.href = answer.url;
}

// "2-5", or "2 or 4" when the game skips counts
function countWords(counts) {
  const run = counts.every((n, i) => i === 0 || n === counts[i - 1] + 1);
  if (run) return `${counts[0]}-${counts[counts.length - 1]}`;
  return `${counts.slice(0, -1).join(", ")} or ${counts[counts.length - 1]}`;
}

function choose(id) {
  chosen = games.find((g) => g.id === id);
  for (const card of document.querySelectorAll(".game-card")) {
    card.setAttribute("aria-checked", String(card.dataset.game === id));
  }
  const players = $("players");
  players.replaceChildren();
  // only the counts the game takes (Rat & Duck: an even number)
  const counts = chosen.player_counts;
  for (const n of counts) players.append(el("option", { value: n, text: n }));
  players.value = counts.find((n) => n >= 3) ?? counts[counts.length - 1];
  drawSeats();
  drawRules();
  $("table-form").hidden = false;
}

function drawSeats() {
  const n = Number($("players").value);
  const box = $("seats");
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const select = el("select", { "data-seat": i, "aria-label": `Seat ${i + 1}` },
      el("option", { value: "human", text: "Person" }),
      ...levels.map((level) => el("option", { value: level.spec, title: level.label,
                                              text: `Bot: ${level.level}` })));
    select.value = old[i] || (i === 0 ? "human" : "heuristic");
    if (!select.value) select.value = "heuristic";
    select.addEventListener("change", seatChoices);
    box.append(el("label", { class: "seat-pick" }, `Seat ${i + 1}`, select));
  }
  seatChoices();
}

function seatChoices() {
  const input = document.querySelector(`[data-rule=${SEAT_RULE}]`);
  if (!input) return;
  const kept = Number(input.value || input.dataset.default);
  const seats = [...document.querySelectorAll("#seats select")];
  input.replaceChildren(...seats.map((seat, i) => el("option", {
    value: i, text: `Seat ${i + 1} (${seat.selectedOptions[0].text})` })));
  input.value = kept < seats.length ? kept : input.dataset.default;
}

function drawRules() {
  const box = $("rules");
  box.replaceChildren();
  for (const rule of chosen.rules) {
    let input;
    if (rule.type === "bool") {
      input = el("input", { type: "checkbox", "data-rule": rule.name });
      input.checked = Boolean(rule.default);
    } else if (rule.name === SEAT_RULE) {
      input = el("select", { "data-rule": rule.name, "data-number": "" });
    } else if (rule.choices) {
      input = el("select", { "data-rule": rule.name });
      for (const c of rule.choices) input.append(el("option", { value: c, text: c }));
      input.value = rule.default;
    } else {
      input = el("input", { type: rule.type === "int" ? "number" : "text",
                            "data-rule": rule.name, placeholder: rule.optional ? "off" : "" });
      if (rule.min !== undefined) input.min = rule.min;
      if (rule.max !== undefined) input.max = rule.max;
      input.value = rule.default ?? "";
    }
    input.dataset.default = rule.default ?? "";
    const help = rule.name === SEAT_RULE ? SEAT_HELP : rule.help;
    box.append(el("label", { class: "rule", title: help },
                  el("span", { class: "rule-label", text: rule.label }),
                  input, el("small", { class: "muted", text: help })));
  }
  seatChoices();
}

function changedRules() {
  const rules = {};
  for (const input of document.querySelectorAll("[data-rule]")) {
    const name = input.dataset.rule;
    const value = input.type === "checkbox" ? input.checked : input.value.trim();
    if (String(value) !== String(input.dataset.default)) {
      const number = input.type === "number" || "number" in input.dataset;
      rules[name] = number && value !== "" ? Number(value)
        : value === "" ? null : value;
    }
  }
  return rules;
}

async function create(event) {
  event.preventDefault();
  say("form-error", "");
  const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const timer = $("turn-timer").value;
  const bank = $("turn-bank").value;
  const body = { game: chosen.id, players: seats.length, seats, rules: changedRules(),
                 turn_timer: timer && !bank ? Number(timer) : null,
                 turn_bank: bank ? Number(bank) : null,
                 bot_delay: Number($("bot-delay").value),
                 private: $("private").checked, joinable: $("joinable").checked,
                 rated: $("rated").checked, name: guestName() || undefined };
  const response = await fetch("/api/tables", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) {
    say("form-error", answer.error || answer.detail?.[0]?.msg || "Could not create");
    return;
  }
  const humans = answer.seats.filter((s) => s.token);
  // this browser takes the first human seat; the others are invitations to share
  localStorage.setItem(`ratking:tokens:${answer.id}`,
                       JSON.stringify(humans.slice(0, 1).map((s) => s.token)));
  localStorage.setItem(`ratking:owner:${answer.id}`, answer.owner_token);
  localStorage.setItem(`ratking:invites:${answer.id}`,
                       JSON.stringify(humans.slice(1).map((s) => ({ seat: s.seat, name: s.name,
                                                                    invite: s.invite }))));
  location.href = answer.url;
}

function seatsText(t) {
  return t.seats.map((s) => `${s.name}${s.kind === "human" ? "" : ` (${seatKind(s.kind)})`}`)
    .join(", ");
}

function myTableIds() {
  // the tables where this browser holds a seat, newest first (kept by the table page)
  const ids = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key.startsWith("ratking:tokens:")) continue;
    try { if (JSON.parse(localStorage.getItem(key)).length) ids.push(key.slice(15)); } catch { }
  }
  return ids;
}

async function loadMine() {
  const ids = myTableIds().filter((id) => !(me && me.tables.some((t) => t.id === id)));
  const found = (await Promise.all(ids.map(async (id) => {
    const response = await fetch(`/api/tables/${encodeURIComponent(id)}`);
    return response.ok ? response.json() : null;
  }))).filter(Boolean).concat(me ? me.tables : []);
  found.sort((a, b) => (a.status !== "playing") - (b.status !== "playing")
                       || b.created.localeCompare(a.created));
  const list = $("my-list");
  list.replaceChildren(...found.slice(0, 12).map((t) => {
    // the summary's status is "playing", "over", "closed" or "archived"; a table nobody has
    // been at for a while is still "playing", with `abandoned` set
    const ended = { over: "finished", closed: "closed", archived: "archived" }[t.status];
    const word = t.status === "over" ? "Replay" : ended ? "Open" : "Resume";
    const state = ended || (t.abandoned ? `left at move ${t.steps}` : `move ${t.steps}`);
    return el("li", {},
      el("a", { class: "button small", href: `/t/${t.id}`, text: word, "data-resume": t.id }),
      el("strong", { text: ` ${t.title}` }),
      el("span", { class: "muted", text: ` · ${state}${t.private ? " · private" : ""}` }));
  }));
  $("my-tables").hidden = found.length === 0;
}

async function take(table, seat) {
  const response = await fetch(`/api/tables/${encodeURIComponent(table)}/join`, {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ seat, name: me ? undefined : guestName() || undefined }),
  });
  const answer = await response.json();
  if (!response.ok) { alert(answer.error || "That seat could not be taken"); loadTables(); return; }
  const key = `ratking:tokens:${table}`;
  let held = [];
  try { held = JSON.parse(localStorage.getItem(key) || "[]"); } catch { held = []; }
  held.push(answer.token);
  localStorage.setItem(key, JSON.stringify(held));
  location.href = answer.url;
}

async function loadTables() {
  const list = $("table-list");
  try {
    const { tables, finished } = await (await fetch("/api/tables")).json();
    const mine = new Set(myTableIds().concat(me ? me.tables.map((t) => t.id) : []));
    list.replaceChildren();
    if (!tables.length) list.append(el("li", { class: "muted", text: "No tables being played." }));
    for (const t of tables) {
      const item = el("li", {},
        el("a", { href: `/t/${t.id}`, text: mine.has(t.id) ? "Resume" : "Watch" }),
        el("strong", { text: ` ${t.title}` }),
        el("span", { class: "muted", text: ` · move ${t.steps} · ${seatsText(t)}` }));
      if (t.joinable && !mine.has(t.id)) {
        for (const s of t.seats.filter((x) => x.kind === "human" && !x.claimed)) {
          const button = el("button", { type: "button", class: "small", "data-take": s.seat,
                                        text: `Take ${s.name}'s seat` });
          button.addEventListener("click", () => take(t.id, s.seat));
          item.append(" ", button);
        }
      }
      list.append(item);
    }
    $("finished-list").replaceChildren(...finished.map((t) => el("li", {},
      el("a", { href: `/t/${t.id}`, text: "Replay" }),
      el("strong", { text: ` ${t.title}` }),
      el("span", { class: "muted", text: ` · ${seatsText(t)}` }))));
    $("finished-tables").hidden = finished.length === 0;
  } catch {
    list.replaceChildren(el("li", { class: "error", text: "Cannot reach the server." }));
  }
}

let told = new Set(); // the tables already announced as waiting for this person

function showTurns() {
  const waiting = me ? me.tables.filter((t) => t.your_turn) : [];
  $("your-turn").hidden = !me;
  $("turn-list").replaceChildren(...(waiting.length ? waiting.map((t) => el("li", {},
    el("a", { class: "button small", href: `/t/${t.id}`, text: "Play" }),
    el("strong", { text: ` ${t.title}` }),
    el("span", { class: "muted", text: t.turn_ends
      ? ` · until ${new Date(t.turn_ends).toLocaleString()}` : ` · move ${t.steps}` })))
    : [el("li", { class: "muted", text: "Nothing waits for you." })]));
  document.title = waiting.length ? `(${waiting.length}) Your turn · ratking` : "ratking · lobby";
  turnIcon(waiting.length > 0);
  for (const t of waiting) {
    if (!told.has(t.id)) notify("Your turn", t.title, `/t/${t.id}`);
  }
  told = new Set(waiting.map((t) => t.id));
  $("notify-me").hidden = !("Notification" in window) || Notification.permission !== "default";
}

// The lobby's messages (Play now's, the new table's, your name's and account's): a new one
// takes the place of any other, so that an old error never stands beside it
function say(where, text) {
  for (const id of ["quick-error", "form-error", "you-error"]) $(id).textContent = "";
  $(where).textContent = text;
}

function showYou() {
  $("account").hidden = !me;
  $("guest").hidden = Boolean(me);
  showTurns();
  if (me) {
    $("email").value = me.email_pending || me.email || "";
    $("email-status").textContent = me.email_pending
      ? `Open the link mailed to ${me.email_pending} to get turn mails there.`
      : me.email ? `Turn mails go to ${me.email}.` : "";
    $("me-link").textContent = me.name;
    $("me-link").href = `/players/${encodeURIComponent(me.name)}`;
  } else {
    const name = guestName();
    $("guest-name").value = name;
    $("name-shown").hidden = !name;
    $("name-shown").textContent = name ? `Others at your tables see you as ${name}.` : "";
  }
  $("rated").disabled = !me;
}

async function loadMe() {
  // a guest is answered null (not 401, which the browser would log as an error)
  const response = await fetch("/api/me?optional=true");
  me = response.ok ? await response.json() : null;
  showYou();
  offerLessons($("game-list"), games, me);
}

async function account(path, method) {
  say("you-error", "");
  const body = { name: $("account-name").value, password: $("account-password").value };
  const response = await fetch(path, { method, headers: { "content-type": "application/json" },
                                       body: JSON.stringify(body) });
  const answer = await response.json();
  if (!response.ok) {
    say("you-error", answer.error || "That did not work");
    return;
  }
  $("account-password").value = "";
  await loadMe();
  loadMine();
  loadTables();
}

$("name-form").addEventListener("submit", (event) => {
  event.preventDefault();
  say("you-error", setGuestName($("guest-name").value) || "");
  showYou();
});
// what was said of the name or password typed before goes as they are typed again
$("account-form").addEventListener("input", () => { $("you-error").textContent = ""; });
$("account-form").addEventListener("submit", (event) => {
  event.preventDefault();
  account("/api/session", "POST");
});
$("sign-up").addEventListener("click", () => {
  if ($("account-form").reportValidity()) account("/api/accounts", "POST");
});
$("sign-out").addEventListener("click", async () => {
  await fetch("/api/session", { method: "DELETE" });
  await loadMe();
  loadMine();
});
async function send(path, method, body) {
  // A request about the account; its answer, or null after saying why it failed.
  $("you-error").textContent = "";
  $("you-note").textContent = "";
  const response = await fetch(path, { method, headers: { "content-type": "application/json" },
                                       body: body === undefined ? undefined
                                         : JSON.stringify(body) });
  const answer = await response.json();
  if (!response.ok) {
    $("you-error").textContent = answer.error || "That did not work";
    return null;
  }
  return answer;
}

async function loadSessions() {
  const answer = await send("/api/me/sessions", "GET");
  if (!answer) return;
  $("session-list").replaceChildren(...answer.sessions.map((s) => el("li", {
    text: `since ${new Date(s.created).toLocaleString()}${s.current ? " (this device)" : ""}`,
  })));
}

async function signedOut(note) {
  $("account-settings").open = false;
  await loadMe();
  loadMine();
  $("you-note").textContent = note;
}

$("email-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const answer = await send("/api/me/email", "PUT", { email: $("email").value.trim() || null });
  if (answer) {
    Object.assign(me, answer);
    showYou();
  }
});
$("account-settings").addEventListener("toggle", () => {
  if ($("account-settings").open) loadSessions();
});
$("password-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const answer = await send("/api/me/password", "PUT", {
    password: $("password-now").value, new_password: $("password-new").value });
  if (!answer) return;
  $("password-form").reset();
  await loadSessions();
  $("you-note").textContent = "Password changed; other devices are signed out.";
});
$("sign-out-everywhere").addEventListener("click", async () => {
  if (await send("/api/me/sessions", "DELETE")) {
    await signedOut("Signed out on every device.");
  }
});
$("delete-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  if (!window.confirm("Delete your account for good? Your games stay, without your name.")) {
    return;
  }
  const answer = await send("/api/me", "DELETE", { password: $("delete-password").value });
  $("delete-form").reset();
  if (answer) await signedOut("Your account is deleted.");
});
$("notify-me").addEventListener("click", async () => {
  await Notification.requestPermission();
  showTurns();
});
$("quick-game").addEventListener("change", quickCounts);
$("quick-form").addEventListener("submit", playNow);
$("players").addEventListener("change", drawSeats);
$("table-form").addEventListener("submit", create);
loadGames();
// the designer's lab, when this server has it on (null when off)
fetch("/api/lab?optional=true").then((r) => (r.ok ? r.json() : null))
  .then((lab) => { $("lab-link").hidden = !lab; }).catch(() => {});
loadMe().then(() => { loadMine(); loadTables(); });
setInterval(loadTables, 5000);
setInterval(() => { if (me) loadMe(); }, 15000);
