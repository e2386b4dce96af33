// A guest's name, kept in this browser (the lobby asks once; the table page says it in its
// hello), checked as the server checks it: 1 to 24 characters, nothing invisible.
const KEY = "ratking:name";
// control, format (zero-width, direction marks and isolates, U+FEFF, tags), separators,
// private use and unassigned code points, and letters that draw nothing
const UNSAFE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}\u034f\u115f\u1160\u180b-\u180f\u2800\u3164\uffa0]/u;

// The tab's icon: the rat, with a red dot while something waits for this person.
export function turnIcon(on) {
  const link = document.querySelector('link[rel="icon"]');
  if (link) link.href = on ? "/static/rat-turn.svg" : "/static/rat.svg";
}

// A notification from the browser, if the person allowed them and is looking elsewhere.
export function notify(title, body, url) {
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  if (!document.hidden) return;
  const note = new Notification(title, { body, icon: "/static/rat-turn.svg", tag: url });
  note.onclick = () => { window.focus(); location.href = url; };
}

export function guestName() {
  try { return localStorage.getItem(KEY) || ""; } catch { return ""; }
}

// Keep `text` as this browser's name; the reason it cannot be, or null.
export function setGuestName(text) {
  const name = text.normalize("NFC").split(/\s+/u).filter(Boolean).join(" ");
  if (UNSAFE.test(text.normalize("NFC"))) return "A name may not hold invisible or control characters.";
  if (name.length < 1 || [...name].length > 24) return "A name is 1 to 24 characters.";
  localStorage.setItem(KEY, name);
  return null;
}
