// Step through a finished game: buttons and the arrow keys (Home and End for the first and
// last move, Escape to leave). A finished game hides nothing, so every hand is shown too.
const $ = (id) => document.getElementById(id);
let step = null;
let hooks = null;

export function replaying() {
  return step !== null;
}

function drawHands(hands) {
  const box = $("replay-hands");
  if (!hands || !hands.length) { box.hidden = true; return; }
  $("hands-list").replaceChildren(...hands.flatMap((hand) => {
    const who = document.createElement("dt");
    who.textContent = hand.who;
    const holds = document.createElement("dd");
    holds.textContent = hand.holds;
    return [who, holds];
  }));
  box.hidden = false;
}

export async function showStep(wanted) {
  const total = hooks.total();
  step = Math.max(0, Math.min(wanted, total));
  const response = await fetch(`/api/tables/${encodeURIComponent(hooks.tableId)}/replay/${step}`);
  const data = await response.json();
  if (!response.ok) { hooks.toast(data.error); return; }
  if (step !== data.step) return;  // a later key press asked for another step
  $("replay").hidden = false;
  $("replay-pos").textContent = `move ${data.step} of ${data.total}`;
  document.body.dataset.replayStep = data.step;
  hooks.drawBoard(data.svg, []);
  hooks.drawLog(data.log);
  hooks.drawStanding(data.standing);
  drawHands(data.hands);
}

function leave() {
  step = null;
  delete document.body.dataset.replayStep;
  $("replay").hidden = true;
  $("replay-hands").hidden = true;
  hooks.onLeave();
}

function go(which) {
  if (which === "close") { leave(); return; }
  const target = { first: 0, prev: step - 1, next: step + 1, last: hooks.total() }[which];
  if (target !== undefined) showStep(target);
}

export function initReplay(options) {
  hooks = options;
  $("replay").addEventListener("click", (event) => {
    const which = event.target.closest("button")?.dataset.step;
    if (which) go(which);
  });
  document.addEventListener("keydown", (event) => {
    if (step === null || event.target.closest?.("input, textarea, select")) return;
    const which = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last",
                    Escape: "close" }[event.key];
    if (!which) return;
    event.preventDefault();
    go(which);
  });
}
