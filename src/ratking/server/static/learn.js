// The learn page: a game's tutorial at the table (/learn/<game-id>). The lesson is the list
// of the learner's choices, kept in this tab (sessionStorage) so a reload goes on where it
// was; the server replays it and answers each click with the board, the step's words and,
// for a wrong click, what the rule or the step says. Finishing the lesson (or a game of its
// own after it) marks the game as played in localStorage, which the lobby reads.
import { boardFor, boardOf } from "./boards/index.js";
import { markPlayed } from "./learn-offer.js";

const game = decodeURIComponent(location.pathname.split("/").pop());
const saved = `ratking.lesson.${game}`;
const $ = (id) => document.getElementById(id);
let lesson = null;  // the server's last answer
let busy = false;

function loadMoves() {
  try { return JSON.parse(sessionStorage.getItem(saved) || "[]"); } catch { return []; }
}

async function ask(moves, choose = null) {
  const response = await fetch(`/api/learn/${encodeURIComponent(game)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ moves, choose }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || response.statusText);
  return body;
}

function button(action) {
  const node = document.createElement("button");
  node.type = "button";
  node.dataset.action = action.id;
  node.textContent = action.label;
  return node;
}

/** A gold ring drawn round a piece of the board, in the piece's own coordinates. */
function ring(node) {
  const box = node.getBBox();
  const pad = Math.min(24, Math.max(8, 0.2 * Math.min(box.width, box.height)));
  const rect = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  for (const [name, value] of Object.entries({
    x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad,
    rx: pad / 2, class: "learn-ring", "pointer-events": "none",
  })) rect.setAttribute(name, value);
  node.append(rect);
}

async function show(answer) {
  lesson = answer;
  sessionStorage.setItem(saved, JSON.stringify(answer.moves));
  document.title = `ratking · learn ${answer.title}`;
  $("title").textContent = `Learn to play ${answer.title}`;
  $("rules-link").href = `/rules/${answer.game}`;
  const board = answer.board;
  const draw = await boardFor(answer.game).catch(() => null);
  $("board").innerHTML = draw || board.svg ? boardOf(board, draw) : "";
  $("actions").replaceChildren(...board.actions.map(button));
  const point = answer.step?.point;
  for (const node of document.querySelectorAll("#board [data-action], #actions [data-action]")) {
    node.classList.toggle("learn-point", node.dataset.action === point);
    if (node.dataset.action === point && node instanceof SVGGraphicsElement) ring(node);
  }
  const step = answer.step;
  if (step) {
    $("progress").textContent = `Step ${step.number} of ${answer.steps}`;
    $("say").textContent = answer.done === 0 ? `${answer.intro} ${step.say}` : step.say;
  } else if (answer.result) {
    markPlayed(answer.game);
    const mine = answer.result.returns[0];
    $("progress").textContent = "The game is over";
    $("say").textContent = mine >= 1 ? "You won. Open a real table from the lobby next."
      : mine > 0 ? "You shared the win. Open a real table from the lobby next."
        : "The bots won this time. Open a real table from the lobby, or try the lesson again.";
  } else {
    markPlayed(answer.game);
    $("progress").textContent = "On your own";
    $("say").textContent = answer.outro;
  }
  $("refused").hidden = !answer.refused;
  $("refused").textContent = answer.refused?.reason ?? "";
  $("log").replaceChildren(...board.log.slice(-8).map((line) => {
    const item = document.createElement("li");
    item.textContent = line;
    return item;
  }));
  document.body.dataset.step = step ? String(answer.done + 1) : "free";  // the move's index
}

async function choose(action) {
  if (busy || !lesson) return;
  busy = true;
  try {
    await show(await ask(lesson.moves, action));
  } catch (error) {
    $("refused").hidden = false;
    $("refused").textContent = String(error.message || error);
  } finally {
    busy = false;
  }
}

document.addEventListener("click", (event) => {
  const node = event.target.closest?.("[data-action]");
  if (node) { choose(node.dataset.action); return; }
  if (event.target.closest?.("#board") && lesson?.step) {  // a click beside every action
    $("refused").hidden = false;
    $("refused").textContent = `That is no move now. ${lesson.step.hint}`;
  }
});
document.addEventListener("keydown", (event) => {
  const node = event.target.closest?.("#board [data-action]");
  if (node && (event.key === "Enter" || event.key === " ")) {
    event.preventDefault();
    choose(node.dataset.action);
  }
});
$("restart").addEventListener("click", async () => {
  sessionStorage.removeItem(saved);
  await show(await ask([]));
});

ask(loadMoves()).catch(() => ask([])).then(show).catch((error) => {
  $("say").textContent = `The lesson could not be loaded: ${error.message || error}`;
});
