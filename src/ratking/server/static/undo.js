// Undo: the person to move may take back their last move of the turn while nothing was
// revealed since (no die rolled, no card drawn or turned, no other seat's decision). The
// table says when (`can_undo` in the state message); the button and the keys `u` and
// Ctrl-Z (⌘-Z) send {"type": "undo"}, and every screen is sent the state before the move.
const $ = (id) => document.getElementById(id);
let shown = null;  // the state message the button was drawn for
let sent = null;   // the version an undo was sent at

// the button sits after the Hint button, in its row (shown while either is offered)
function button() {
  let node = $("undo");
  if (node) return node;
  node = document.createElement("button");
  node.id = "undo";
  node.type = "button";
  node.className = "hint-button";
  node.dataset.testid = "undo";
  node.textContent = "Undo";
  node.title = "Take back your last move (u or Ctrl-Z)";
  node.setAttribute("aria-keyshortcuts", "u Control+Z Meta+Z");
  node.style.marginLeft = "0.5em";
  node.hidden = true;
  $("hint").after(node);
  return node;
}

function typing(target) {
  return target?.closest?.("input, textarea, select, [contenteditable]");
}

function undo(send) {
  const message = shown;
  if (!message || !message.can_undo || sent === message.version
      || document.body.dataset.busy) return;
  sent = message.version;
  button().disabled = true;
  send({ type: "undo", seat: message.seat, version: message.version });
}

export function initUndo(send) {
  button().addEventListener("click", () => undo(send));
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || typing(event.target) || event.altKey) return;
    const key = event.key.toLowerCase();
    const plain = key === "u" && !event.ctrlKey && !event.metaKey;
    const chord = key === "z" && (event.ctrlKey || event.metaKey) && !event.shiftKey;
    if (!(plain || chord) || !shown?.can_undo) return;
    event.preventDefault();
    undo(send);
  });
}

// called with each state message, after the Hint button is drawn (null: a replay is shown)
export function drawUndo(message) {
  shown = message && !message.result ? message : null;
  const node = button();
  const offered = Boolean(shown?.can_undo);
  if (offered) node.parentElement.hidden = false;
  node.hidden = !offered;
  node.disabled = !offered || sent === shown.version;
}

// an undo the table refused: the button may be pressed again
export function undoRefused() {
  sent = null;
  if (shown) drawUndo(shown);
}
