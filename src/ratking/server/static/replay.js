// Step through a finished game: buttons and the arrow keys (Home and End for the first and
// last move, Escape to leave). A finished game hides nothing: the board is drawn with every
// hand face up (the game's open view), and every hand is told in words too, folded away when
// the board already shows them (so the board keeps its room, and the buttons stay in view).
const $ = (id) => document.getElementById(id);
let step = null;
let hooks = null;

export function replaying() {
  return step !== null;
}

function drawHands(hands, entering, onBoard) {
  const box = $("replay-hands");
  if (!hands || !hands.length) { box.hidden = true; return; }
  if (entering) $("hands-words").open = !onBoard;  // later, as the person left it
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
  const entering = step === null;
  step = Math.max(0, Math.min(wanted, total));
  const response = await hooks.fetchStep(step);
  const data = await response.json();
  if (!response.ok) { hooks.toast(data.error); return; }
  if (step !== data.step) return;  // a later key press asked for another step
  $("replay").hidden = false;
  $("replay-pos").textContent = `move ${data.step} of ${data.total}`;
  drawHands(data.hands, entering, Boolean(data.view?.open));  // first: the board fits after
  hooks.drawBoard(data.svg, []);
  hooks.drawLog(data.log, data.log_steps);
  hooks.drawStanding(data.standing);
  document.body.dataset.replayStep = data.step;
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
