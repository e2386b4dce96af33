// Table chat: short lines from the players, seen by everyone watching; and the spectators'
// chat, theirs to write in, which the players read once the game is over. Lines are shown as
// text (textContent), never as markup.
import { markNew } from "./tabs.js";

const $ = (id) => document.getElementById(id);
const shown = new Set();
let spectatorsFetched = false;

function line(entry) {
  const item = document.createElement("li");
  const who = document.createElement("strong");
  who.textContent = `${entry.name}: `;
  const text = document.createElement("span");
  text.textContent = entry.text;
  item.append(who, text);
  return item;
}

function form(prefix, send, extra) {
  $(`${prefix}-form`).addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $(`${prefix}-text`);
    const text = input.value.trim();
    const most = Number(input.dataset.max);
    // a line too long is kept in the box, and the person told by how much (never cut)
    $(`${prefix}-error`).textContent = text.length > most
      ? `Too long: ${text.length} characters, a line holds at most ${most}.` : "";
    if (!text || text.length > most) return;
    send({ type: "chat", text, ...extra });
    input.value = "";
  });
  $(`${prefix}-text`).addEventListener("input", () => { $(`${prefix}-error`).textContent = ""; });
}

export function initChat(send) {
  form("chat", send, {});
  form("spectator", send, { channel: "spectators" });
}

/** Who writes where: players in the table chat; spectators in theirs, which the players see
 * (read only) once the game is over and anyone spoke there. */
export function chatSeats(you, over, tableId) {
  $("chat-form").hidden = you.length === 0;
  $("chat-watch").hidden = you.length > 0;
  const watching = you.length === 0;
  $("spectator-form").hidden = !watching;
  $("spectator-note").textContent = watching
    ? "Only spectators read this while the game is played; the players read it afterwards."
    : "What the spectators said during the game.";
  const lines = $("spectator-lines").children.length;
  $("spectator-chat").hidden = !watching && !(over && lines);
  if (over && !watching && !spectatorsFetched) {
    spectatorsFetched = true;
    fetch(`/api/tables/${encodeURIComponent(tableId)}/chat/spectators`)
      .then((response) => (response.ok ? response.json() : { lines: [] }))
      .then((found) => {
        receiveChat({ lines: found.lines || [] });
        $("spectator-chat").hidden = !$("spectator-lines").children.length;
      })
      .catch(() => { spectatorsFetched = false; });
  }
}

/** The spectators named to the players: "Watching: Ann, a guest". */
export function drawWatchers(watching) {
  const box = $("watchers");
  const names = watching?.names || [];
  const more = (watching?.count || 0) - names.length;
  box.hidden = !names.length;
  box.textContent = names.length
    ? `Watching: ${names.join(", ")}${more > 0 ? ` and ${more} more` : ""}` : "";
}

export function receiveChat(message) {
  const lists = [$("chat-lines"), $("spectator-lines")];
  if (message.history) {
    for (const list of lists) list.replaceChildren();
    shown.clear();
  }
  for (const entry of message.lines) {
    if (shown.has(entry.index)) continue;  // a reconnection sends the history again
    shown.add(entry.index);
    const spectators = entry.channel === "spectators";
    lists[spectators ? 1 : 0].append(line(entry));
    // a line said now (not the history) marks its tab when another panel is shown
    if (!message.history) markNew(spectators ? "spectator-chat" : "chat-panel");
  }
  for (const list of lists) list.scrollTop = list.scrollHeight;
  if ($("spectator-lines").children.length && !$("spectator-form").hidden) {
    $("spectator-chat").hidden = false;
  }
}
