// The lobby: choose a game, seats and rule variants; create a table; watch open tables.
const $ = (id) => document.getElementById(id);
let games = [];
let chosen = null;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  for (const child of children) node.append(child);
  return node;
}

async function loadGames() {
  games = await (await fetch("/api/games")).json();
  const list = $("game-list");
  list.replaceChildren();
  for (const game of games) {
    const card = el("button", { class: "game-card", type: "button", "data-game": game.id,
                                role: "radio", "aria-checked": "false" },
      el("strong", { text: game.title }),
      el("span", { class: "muted", text: `${game.min_players}-${game.max_players} players` }),
      el("span", { text: game.summary }));
    card.addEventListener("click", () => choose(game.id));
    list.append(card);
  }
  if (games.length) choose(games[0].id);
}

function choose(id) {
  chosen = games.find((g) => g.id === id);
  for (const card of document.querySelectorAll(".game-card")) {
    card.setAttribute("aria-checked", String(card.dataset.game === id));
  }
  const players = $("players");
  players.replaceChildren();
  for (let n = chosen.min_players; n <= chosen.max_players; n++) {
    players.append(el("option", { value: n, text: n }));
  }
  players.value = Math.min(Math.max(3, chosen.min_players), chosen.max_players);
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
      el("option", { value: "heuristic", text: "Bot" }),
      el("option", { value: "random", text: "Random bot" }));
    select.value = old[i] || (i === 0 ? "human" : "heuristic");
    box.append(el("label", { class: "seat-pick" }, `Seat ${i + 1}`, select));
  }
}

function drawRules() {
  const box = $("rules");
  box.replaceChildren();
  for (const rule of chosen.rules) {
    let input;
    if (rule.type === "bool") {
      input = el("input", { type: "checkbox", "data-rule": rule.name });
      input.checked = Boolean(rule.default);
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
    box.append(el("label", { class: "rule", title: rule.help }, el("code", { text: rule.name }),
                  input, el("small", { class: "muted", text: rule.help })));
  }
}

function changedRules() {
  const rules = {};
  for (const input of document.querySelectorAll("[data-rule]")) {
    const name = input.dataset.rule;
    const value = input.type === "checkbox" ? input.checked : input.value.trim();
    if (String(value) !== String(input.dataset.default)) {
      rules[name] = input.type === "number" && value !== "" ? Number(value)
        : value === "" ? null : value;
    }
  }
  return rules;
}

async function create(event) {
  event.preventDefault();
  $("form-error").textContent = "";
  const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const timer = $("turn-timer").value;
  const body = { game: chosen.id, players: seats.length, seats, rules: changedRules(),
                 turn_timer: timer ? Number(timer) : null,
                 bot_delay: Number($("bot-delay").value) };
  const response = await fetch("/api/tables", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) {
    $("form-error").textContent = answer.error || answer.detail?.[0]?.msg || "Could not create";
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

async function loadTables() {
  const list = $("table-list");
  try {
    const { tables } = await (await fetch("/api/tables")).json();
    list.replaceChildren();
    if (!tables.length) list.append(el("li", { class: "muted", text: "No tables yet." }));
    for (const t of tables) {
      const seats = t.seats.map((s) => `${s.name}${s.kind === "human" ? "" : " (bot)"}`)
        .join(", ");
      const state = t.status === "over" ? "finished" : t.status === "playing"
        ? `move ${t.version}` : t.status;
      list.append(el("li", {},
        el("a", { href: `/t/${t.id}`, text: t.status === "over" ? "Replay" : "Watch" }),
        el("strong", { text: ` ${t.title}` }),
        el("span", { class: "muted", text: ` · ${state} · ${seats}` })));
    }
  } catch {
    list.replaceChildren(el("li", { class: "error", text: "Cannot reach the server." }));
  }
}

$("players").addEventListener("change", drawSeats);
$("table-form").addEventListener("submit", create);
loadGames();
loadTables();
setInterval(loadTables, 5000);
