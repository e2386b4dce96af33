// Table chat: short lines from the players, seen by everyone watching. Lines are shown as
// text (textContent), never as markup.
const $ = (id) => document.getElementById(id);
const shown = new Set();

function line(entry) {
  const item = document.createElement("li");
  const who = document.createElement("strong");
  who.textContent = `${entry.name}: `;
  const text = document.createElement("span");
  text.textContent = entry.text;
  item.append(who, text);
  return item;
}

export function initChat(send) {
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("chat-text");
    const text = input.value.trim();
    const most = Number(input.dataset.max);
    // a line too long is kept in the box, and the person told by how much (never cut)
    $("chat-error").textContent = text.length > most
      ? `Too long: ${text.length} characters, a line holds at most ${most}.` : "";
    if (!text || text.length > most) return;
    send({ type: "chat", text });
    input.value = "";
  });
  $("chat-text").addEventListener("input", () => { $("chat-error").textContent = ""; });
}

export function chatSeats(you) {
  $("chat-form").hidden = you.length === 0;
  $("chat-watch").hidden = you.length > 0;
}

export function receiveChat(message) {
  const list = $("chat-lines");
  if (message.history) { list.replaceChildren(); shown.clear(); }
  for (const entry of message.lines) {
    if (shown.has(entry.index)) continue;  // a reconnection sends the history again
    shown.add(entry.index);
    list.append(line(entry));
  }
  list.scrollTop = list.scrollHeight;
}
