// The leaderboard of a game (/leaderboard/<game>) and a player's profile (/players/<name>):
// ratings as one number with their uncertainty, games played and won, the last tables with their replays.
const $ = (id) => document.getElementById(id);

function el(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

function row(...cells) {
  const tr = el("tr");
  for (const cell of cells) {
    const td = el("td");
    td.append(cell);
    tr.append(td);
  }
  return tr;
}

// one number first (OpenSkill's ordinal, mu - 3 sigma, the order of the leaderboard; "?" while
// provisional), then mu and its uncertainty
const rating = (r) => `${r.ordinal.toFixed(1)}${r.provisional ? "?" : ""} ` +
  `(${r.mu.toFixed(1)} ± ${(3 * r.sigma).toFixed(1)})`;

async function leaderboard(game) {
  const games = await (await fetch("/api/games")).json();
  const select = $("board-game");
  for (const g of games) select.append(el("option", g.title, { value: g.id }));
  select.value = game;
  select.addEventListener("change", () => {
    location.href = `/leaderboard/${encodeURIComponent(select.value)}`;
  });
  const response = await fetch(`/api/leaderboard/${encodeURIComponent(game)}`);
  const board = await response.json();
  if (!response.ok) { $("people-error").textContent = board.error; return; }
  document.title = `ratking · ${board.title} leaderboard`;
  $("board-title").textContent = `${board.title}: leaderboard`;
  $("board-rows").replaceChildren(...board.players.map((p, i) => {
    const link = el("a", p.name, { href: `/players/${encodeURIComponent(p.name)}` });
    return row(String(i + 1), link, rating(p), String(p.games), String(p.won));
  }));
  if (!board.players.length) $("board-rows").append(row("", "No rated games yet", "", "", ""));
  $("bot-rows").replaceChildren(...board.bots.map((b) => row(b.bot, rating(b), String(b.games),
                                                             String(b.won))));
  // bots no longer play rated tables: their old ratings show only where some were kept
  $("bot-title").hidden = $("bot-board").hidden = !board.bots.length;
  $("board").hidden = false;
}

async function profile(name) {
  const response = await fetch(`/api/players/${encodeURIComponent(name)}`);
  const player = await response.json();
  if (!response.ok) { $("people-error").textContent = player.error; return; }
  const titles = Object.fromEntries((await (await fetch("/api/games")).json())
    .map((g) => [g.id, g.title]));
  document.title = `ratking · ${player.name}`;
  $("profile-name").textContent = player.name;
  const rows = Object.entries(player.ratings).map(([game, r]) => {
    const link = el("a", titles[game] || game, { href: `/leaderboard/${game}` });
    return row(link, rating(r), String(r.games), String(r.won));
  });
  $("rating-rows").replaceChildren(...rows);
  if (!rows.length) $("rating-rows").append(row("No rated games yet", "", "", ""));
  $("profile-tables").replaceChildren(...player.tables.map((t) => {
    const item = el("li");
    const names = t.seats.map((s) => s.name).join(", ");
    item.append(t.replay ? el("a", "Replay", { href: t.replay, "data-replay": t.id })
                         : el("a", "Watch", { href: t.url }),
                el("strong", ` ${t.title}`),
                el("span", ` · ${t.rated ? "rated · " : ""}${t.status === "over" ? "finished"
                   : `move ${t.steps}`} · ${names}`, { class: "muted" }));
    return item;
  }));
  if (!player.tables.length) $("profile-tables").append(el("li", "No tables yet.",
                                                           { class: "muted" }));
  $("profile").hidden = false;
}

const [, kind, key] = location.pathname.split("/");
if (kind === "leaderboard") leaderboard(decodeURIComponent(key));
else profile(decodeURIComponent(key));
