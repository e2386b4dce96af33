// Telling the person it is their move (the tab's title, an optional sound, a vibration on a
// phone) and their settings, kept in this browser.
import { notify, turnIcon } from "./people.js";

const KEY = "ratking:settings";
const DEFAULTS = { forced: true, sound: false, vibrate: true, words: false, theme: "system" };
const BOXES = { forced: "set-forced", sound: "set-sound", vibrate: "set-vibrate",
                words: "set-words" };

export function settings() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") };
  } catch {
    return { ...DEFAULTS };
  }
}

/** Tie the settings' checkboxes to storage; `changed(settings)` runs after each change. */
export function installSettings(changed) {
  const now = settings();
  for (const [name, id] of Object.entries(BOXES)) {
    const box = document.getElementById(id);
    if (!box) continue;
    box.checked = now[name];
    box.addEventListener("change", () => {
      const next = { ...settings(), [name]: box.checked };
      localStorage.setItem(KEY, JSON.stringify(next));
      if (name === "sound" && box.checked) chime();  // so the person hears what it sounds like
      changed(next);
    });
  }
  const theme = document.getElementById("set-theme");
  if (theme) {
    theme.value = now.theme;
    theme.addEventListener("change", () => {
      localStorage.setItem(KEY, JSON.stringify({ ...settings(), theme: theme.value }));
      dispatchEvent(new Event("ratking:theme"));  // theme.js applies it
    });
  }
}

let audio = null;

function chime() {
  try {
    audio = audio || new AudioContext();
    const start = audio.currentTime;
    for (const [i, freq] of [660, 880].entries()) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, start + i * 0.14);
      gain.gain.exponentialRampToValueAtTime(0.15, start + i * 0.14 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.14 + 0.22);
      tone.connect(gain).connect(audio.destination);
      tone.start(start + i * 0.14);
      tone.stop(start + i * 0.14 + 0.25);
    }
  } catch {
    // no sound on this browser: the title and the status still tell
  }
}

let wasMine = false;

/** Called with every state: when the move comes to this person, say so. */
export function signalTurn(title, mine) {
  document.title = mine ? `● Your move · ${title}` : title;
  turnIcon(mine);
  if (mine && !wasMine) {
    notify("Your move", title, location.href);
    const now = settings();
    if (now.sound) chime();
    if (now.vibrate && navigator.vibrate && matchMedia("(pointer: coarse)").matches) {
      navigator.vibrate(120);
    }
  }
  wasMine = mine;
}
