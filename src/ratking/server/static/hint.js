// The Hint button: at your turn, ask the table what the search bot would play. The answer
// (the top three moves, each with its estimated chance to win: games played out count as
// wins and losses, games cut short by the game's own estimate) is searched on the server in
// a worker process and shown only here; the suggested move is outlined on the board.
const $ = (id) => document.getElementById(id);
let asked = null;  // the version a hint was asked for

function clearMarks() {
  for (const node of document.querySelectorAll(".hinted")) node.classList.remove("hinted");
}

export function initHint(send) {
  $("hint").addEventListener("click", () => {
    const version = Number(document.body.dataset.version);
    asked = version;
    $("hint").disabled = true;
    $("hint-box").hidden = false;
    $("hint-list").replaceChildren();
    $("hint-head").textContent = "Thinking…";
    send({ type: "hint" });
  });
}

export function drawHintButton(message) {
  // offered to the player to move, while a hint for this very position is not on screen
  const mine = message.actions.length > 0 && !message.result && message.hints;
  $("hint").hidden = !mine;
  $("hint").parentElement.hidden = !mine;  // its row takes no room (nor clicks) without it
  if (asked !== message.version) {
    $("hint").disabled = false;
    $("hint-box").hidden = true;
    clearMarks();
  }
}

export function receiveHint(message) {
  if (message.version !== Number(document.body.dataset.version)) return;  // moved on
  $("hint").disabled = false;
  $("hint-head").textContent = "The search bot suggests (its estimates, from games it played out):";
  // best chance first (the search's own order is by visits, which may differ a little)
  const moves = [...message.moves].sort((a, b) => b.win - a.win);
  $("hint-list").replaceChildren(...moves.map((move, i) => {
    const item = document.createElement("li");
    item.textContent = `${move.label}: an estimated ${Math.round(move.win * 100)}% chance to win`;
    if (i === 0) item.className = "best";
    return item;
  }));
  clearMarks();
  // on a phone the panel sits below the board: bring the answer into view
  const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
  $("hint-box").scrollIntoView({ block: "nearest", behavior: still ? "auto" : "smooth" });
  if (moves.length) {
    // the move's first decision, and the destination it ends on (a whole move: Target: Rats)
    const ids = [moves[0].id, moves[0].to].filter(Boolean).map((id) => CSS.escape(id));
    for (const node of document.querySelectorAll(ids.map((id) => `[data-action="${id}"]`).join(","))) {
      node.classList.add("hinted");
    }
  }
}

export function hintRefused() {
  $("hint").disabled = false;
  $("hint-box").hidden = true;
  asked = null;
}
